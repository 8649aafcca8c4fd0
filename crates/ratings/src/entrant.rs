use serde::{Deserialize, Serialize};

/// A player as an update sees it: rated normally, or a fixed anchor.
///
/// The house levels (`level:1..N`) are anchors: their ratings are set once and never move,
/// so that the numbers of the arena mean the same thing over time. An anchor still counts as
/// an opponent with its fixed rating: the players it meets are updated exactly as if it were
/// an ordinary player; only its own rating is left as it was.
///
/// ```
/// use tessera_ratings::{Entrant, Glicko2, GameResult, Rating};
/// let system = Glicko2::default();
/// let house = Entrant::Anchor(Rating::new(1600.0, 30.0, 0.06).unwrap());
/// let newcomer = Entrant::Rated(Rating::default());
/// let (house2, newcomer2) = system.rate_game(house, newcomer, GameResult::Win).unwrap();
/// assert_eq!(house2, house);
/// assert!(newcomer2.rating().rating() < 1500.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Entrant<R> {
    /// An ordinary player: every update moves its rating.
    Rated(R),
    /// A fixed anchor: updates leave its rating unchanged.
    Anchor(R),
}

impl<R: Copy> Entrant<R> {
    /// The current rating, anchor or not.
    pub fn rating(&self) -> R {
        match *self {
            Entrant::Rated(r) | Entrant::Anchor(r) => r,
        }
    }

    /// Whether this is a fixed anchor.
    pub fn is_anchor(&self) -> bool {
        matches!(self, Entrant::Anchor(_))
    }

    /// The entrant after an update that computed `updated` for it: a rated player takes
    /// `updated`, an anchor stays as it was.
    pub fn after(self, updated: R) -> Self {
        match self {
            Entrant::Rated(_) => Entrant::Rated(updated),
            anchor @ Entrant::Anchor(_) => anchor,
        }
    }
}

/// What a leaderboard shows of a rating: a conservative value and whether it is provisional.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// A value the player's true strength is very likely above (`r - 2 RD` for Glicko-2,
    /// `mu - 3 sigma` for Weng-Lin); leaderboards sort by it.
    pub conservative: f64,
    /// The rating is still uncertain (deviation above the system's threshold): show it
    /// marked (Lichess writes `1500?`) and keep it off the leaderboard.
    pub provisional: bool,
}
