//! The rating book: which rating system rates a game ([`Pool`]), the stored form of a
//! rating ([`Score`]), the update after one game ([`rate`]) and the check that the stored
//! rated games recompute the stored ratings ([`replay`]).
//!
//! ## Pools
//! A game of 2 seats is rated in the [`Pool::Duel`] pool with Glicko-2
//! ([`Glicko2::rate_game`], one game a period); 3 or more seats in the [`Pool::Multi`] pool
//! with Weng-Lin Plackett-Luce ([`WengLin::rate_entrants`]). An account has one score per
//! `(account, game, pool)`. Both systems use the defaults of `tessera-ratings`. Weng-Lin
//! takes any number of players (Triominos seats up to 6); the one limit is in its tie rule,
//! which averages over the orders of tied players and refuses more than 40,320 of them
//! (more than 8 players tied), reported as [`BookError::Rating`].
//!
//! ## One number for display and matchmaking
//! [`Score::rating`] puts both pools on the Elo-like 1500 scale. A Glicko-2 score is its
//! `r`. A Weng-Lin score is mapped linearly:
//! `rating = 1500 + (mu - 25) * K`, `deviation = sigma * K`, with
//! `K = 173.7178 / beta = 173.7178 / (25/6) ≈ 41.69` ([`WENG_LIN_SCALE`]): one `beta` (the
//! spread of a single performance around the skill) is one unit of the Glicko-2 scale. The
//! deviations then read alike: a Weng-Lin newcomer (`sigma = 25/3 = 2 beta`) shows a
//! deviation of 347, a Glicko-2 newcomer 350. Win chances do not map exactly (in
//! Plackett-Luce they depend on how many play), so the Multi numbers are comparable with
//! each other and roughly, not exactly, with the Duel numbers.
//!
//! ## Anchors
//! House levels are anchors ([`anchor`]): a fixed score made from the level's rating on the
//! 1500 scale, with a small deviation of 40 (Glicko-2 `RD = 40, sigma = 0.06`; Weng-Lin
//! `mu = 25 + (rating - 1500) / K`, `sigma = 40 / K ≈ 0.96`). [`rate`] returns an anchor's
//! score unchanged and rates the others against it as an ordinary opponent.

use crate::queue::AccountId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tessera_ratings::{
    Entrant, GameResult, Glicko2, Rating, RatingError, Skill, Standing, WengLin,
};

/// The centre of the display scale.
const CENTRE: f64 = 1500.0;
/// One unit of the Glicko-2 scale in display points (Glickman's 173.7178).
const GLICKO2_UNIT: f64 = tessera_ratings::glicko2::SCALE;
/// An anchor's deviation on the display scale.
pub const ANCHOR_DEVIATION: f64 = 40.0;
/// An anchor's Glicko-2 volatility.
pub const ANCHOR_VOLATILITY: f64 = 0.06;
/// Replayed and stored scores differing by more than this (in any field) are a mismatch.
/// It also absorbs a store's float round trip: `serde_json` without its `float_roundtrip`
/// feature may read a number back one unit in the last place off.
pub const TOLERANCE: f64 = 1e-9;
/// Display points per Weng-Lin `mu` unit: `173.7178 / beta` with OpenSkill's
/// `beta = 25/6`, about 41.69 (module doc).
pub const WENG_LIN_SCALE: f64 = GLICKO2_UNIT / (25.0 / 6.0);
/// The Weng-Lin `mu` shown as 1500.
const WENG_LIN_CENTRE: f64 = 25.0;

/// Which rating system, and which table, rates a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pool {
    /// Two players: Glicko-2.
    Duel,
    /// Three or more players: Weng-Lin with Plackett-Luce.
    Multi,
}

impl Pool {
    /// The pool of a game with `players` seats: 2 is [`Pool::Duel`], 3 or more
    /// [`Pool::Multi`]; fewer than 2 is an error.
    pub fn for_players(players: usize) -> Result<Pool, BookError> {
        match players {
            0 | 1 => Err(BookError::Players { players }),
            2 => Ok(Pool::Duel),
            _ => Ok(Pool::Multi),
        }
    }

    /// Its name, as stored and as asked for: `duel` or `multi`.
    pub fn as_str(self) -> &'static str {
        match self {
            Pool::Duel => "duel",
            Pool::Multi => "multi",
        }
    }
}

impl std::fmt::Display for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A pool's name that is neither `duel` nor `multi`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pool {0:?}: duel or multi")]
pub struct UnknownPool(pub String);

impl std::str::FromStr for Pool {
    type Err = UnknownPool;

    /// ```
    /// use tessera_arena::Pool;
    /// assert_eq!("multi".parse::<Pool>(), Ok(Pool::Multi));
    /// assert_eq!(Pool::Duel.to_string().parse::<Pool>(), Ok(Pool::Duel));
    /// assert_eq!("Duel".parse::<Pool>().unwrap_err().to_string(), "pool \"Duel\": duel or multi");
    /// ```
    fn from_str(s: &str) -> Result<Pool, UnknownPool> {
        [Pool::Duel, Pool::Multi]
            .into_iter()
            .find(|p| p.as_str() == s)
            .ok_or_else(|| UnknownPool(s.to_string()))
    }
}

/// A rating as stored with each rated game (before and after). The JSON is tagged by
/// `"kind"`: `{"kind":"glicko","r":1500.0,"rd":350.0,"sigma":0.06}` or
/// `{"kind":"weng_lin","mu":25.0,"sigma":8.333333333333334}`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Score {
    /// A Glicko-2 rating (the [`Pool::Duel`] pool).
    Glicko {
        /// The rating `r`.
        r: f64,
        /// The rating deviation `RD`.
        rd: f64,
        /// The volatility.
        sigma: f64,
    },
    /// A Weng-Lin skill (the [`Pool::Multi`] pool).
    WengLin {
        /// The mean.
        mu: f64,
        /// The deviation.
        sigma: f64,
    },
}

impl Score {
    /// A newcomer's score in `pool`: Glicko-2 1500/350/0.06, Weng-Lin 25/(25/3).
    pub fn initial(pool: Pool) -> Score {
        match pool {
            Pool::Duel => Score::from_rating(Rating::default()),
            Pool::Multi => Score::from_skill(WengLin::default().initial()),
        }
    }

    /// The pool this kind of score belongs to.
    pub fn pool(&self) -> Pool {
        match self {
            Score::Glicko { .. } => Pool::Duel,
            Score::WengLin { .. } => Pool::Multi,
        }
    }

    /// One number on the 1500 scale for display and matchmaking: Glicko-2 `r`, Weng-Lin
    /// `1500 + (mu - 25) * K` ([`WENG_LIN_SCALE`]).
    pub fn rating(&self) -> f64 {
        match *self {
            Score::Glicko { r, .. } => r,
            Score::WengLin { mu, .. } => CENTRE + (mu - WENG_LIN_CENTRE) * WENG_LIN_SCALE,
        }
    }

    /// The deviation on the same scale: Glicko-2 `RD`, Weng-Lin `sigma * K`.
    pub fn deviation(&self) -> f64 {
        match *self {
            Score::Glicko { rd, .. } => rd,
            Score::WengLin { sigma, .. } => sigma * WENG_LIN_SCALE,
        }
    }

    /// What the rating system's leaderboard rule says ([`Glicko2::standing`],
    /// [`WengLin::standing`]), on the system's own scale. Errors if the score's numbers
    /// are not a valid rating.
    pub fn standing(&self) -> Result<Standing, BookError> {
        Ok(match *self {
            Score::Glicko { .. } => Glicko2::default().standing(&self.to_rating()?),
            Score::WengLin { .. } => WengLin::default().standing(&self.to_skill()?),
        })
    }

    /// Whether the rating is still provisional (Glicko-2 `RD` above 110, Weng-Lin `sigma`
    /// above 6; the ratings crate's defaults). A score that is not a valid rating is
    /// provisional.
    pub fn provisional(&self) -> bool {
        self.standing().map(|s| s.provisional).unwrap_or(true)
    }

    /// The leaderboard sort key on the 1500 scale: the crate's conservative value
    /// (`r - 2 RD`; `mu - 3 sigma`, mapped like [`Score::rating`], which is
    /// `rating - 3 deviation`). A score that is not a valid rating sorts last
    /// (`-inf`).
    pub fn conservative(&self) -> f64 {
        match (self.standing(), self) {
            (Ok(s), Score::Glicko { .. }) => s.conservative,
            (Ok(s), Score::WengLin { .. }) => {
                CENTRE + (s.conservative - WENG_LIN_CENTRE) * WENG_LIN_SCALE
            }
            (Err(_), _) => f64::NEG_INFINITY,
        }
    }

    fn from_rating(r: Rating) -> Score {
        Score::Glicko {
            r: r.rating(),
            rd: r.deviation(),
            sigma: r.volatility(),
        }
    }

    fn from_skill(s: Skill) -> Score {
        Score::WengLin {
            mu: s.mu(),
            sigma: s.sigma(),
        }
    }

    fn to_rating(self) -> Result<Rating, BookError> {
        match self {
            Score::Glicko { r, rd, sigma } => Ok(Rating::new(r, rd, sigma)?),
            Score::WengLin { .. } => Err(BookError::Kind {
                seat: 0,
                pool: Pool::Duel,
            }),
        }
    }

    fn to_skill(self) -> Result<Skill, BookError> {
        match self {
            Score::WengLin { mu, sigma } => Ok(Skill::new(mu, sigma)?),
            Score::Glicko { .. } => Err(BookError::Kind {
                seat: 0,
                pool: Pool::Multi,
            }),
        }
    }

    /// Whether every field is within `tol` of `other`'s (and the kinds agree).
    pub fn close_to(&self, other: &Score, tol: f64) -> bool {
        let near = |a: f64, b: f64| (a - b).abs() <= tol || a == b;
        match (*self, *other) {
            (
                Score::Glicko { r, rd, sigma },
                Score::Glicko {
                    r: r2,
                    rd: rd2,
                    sigma: s2,
                },
            ) => near(r, r2) && near(rd, rd2) && near(sigma, s2),
            (Score::WengLin { mu, sigma }, Score::WengLin { mu: m2, sigma: s2 }) => {
                near(mu, m2) && near(sigma, s2)
            }
            _ => false,
        }
    }
}

/// A house level's fixed score in `pool` for its rating on the 1500 scale: Glicko-2
/// `r = rating, RD = 40, sigma = 0.06`; Weng-Lin the inverse of the display map,
/// `mu = 25 + (rating - 1500) / K`, `sigma = 40 / K` (about 0.96).
pub fn anchor(pool: Pool, rating: f64) -> Score {
    match pool {
        Pool::Duel => Score::Glicko {
            r: rating,
            rd: ANCHOR_DEVIATION,
            sigma: ANCHOR_VOLATILITY,
        },
        Pool::Multi => Score::WengLin {
            mu: WENG_LIN_CENTRE + (rating - CENTRE) / WENG_LIN_SCALE,
            sigma: ANCHOR_DEVIATION / WENG_LIN_SCALE,
        },
    }
}

/// One seat of a game to rate.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The score before the game.
    pub score: Score,
    /// A house level: its score is fixed.
    pub anchor: bool,
}

/// Why a game could not be rated or replayed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BookError {
    /// A rated game needs at least 2 players.
    #[error("a rated game needs at least 2 players, not {players}")]
    Players {
        /// How many were given.
        players: usize,
    },
    /// A Duel game has exactly 2 players.
    #[error("a duel has 2 players, not {players}")]
    DuelPlayers {
        /// How many were given.
        players: usize,
    },
    /// Not one rank per entry.
    #[error("{entries} entries but {ranks} ranks")]
    Ranks {
        /// How many entries.
        entries: usize,
        /// How many ranks.
        ranks: usize,
    },
    /// A score of the wrong kind for the pool (a Weng-Lin score in a Duel, ...).
    #[error("seat {seat}: the score is not a {pool:?} score")]
    Kind {
        /// The seat (index in the entries).
        seat: usize,
        /// The pool of the game.
        pool: Pool,
    },
    /// The rating mathematics refused (an invalid number, too many ties).
    #[error(transparent)]
    Rating(#[from] RatingError),
    /// A stored seat is neither an account nor a known house level.
    #[error("game {game}, seat {seat}: no account and no known house level")]
    UnknownSeat {
        /// The rated game's id.
        game: u64,
        /// The seat.
        seat: usize,
    },
    /// The same account sits twice in one stored game.
    #[error("game {game}: account {account} sits twice")]
    SameAccount {
        /// The rated game's id.
        game: u64,
        /// The account.
        account: AccountId,
    },
}

/// The scores after one finished game. `ranks[i]` is entry `i`'s place: lower is better,
/// equal is a tie. Duel: exactly 2 entries, the rank comparison gives win, loss or draw,
/// rated by [`Glicko2::rate_game`]. Multi: 2 or more entries, rated by
/// [`WengLin::rate_entrants`]. Anchors come back unchanged (bit for bit).
pub fn rate(pool: Pool, entries: &[Entry], ranks: &[u32]) -> Result<Vec<Score>, BookError> {
    let n = entries.len();
    if ranks.len() != n {
        return Err(BookError::Ranks {
            entries: n,
            ranks: ranks.len(),
        });
    }
    if let Some(seat) = entries.iter().position(|e| e.score.pool() != pool) {
        return Err(BookError::Kind { seat, pool });
    }
    let after = match pool {
        Pool::Duel => {
            if n != 2 {
                return Err(BookError::DuelPlayers { players: n });
            }
            let entrant = |e: &Entry| -> Result<Entrant<Rating>, BookError> {
                let r = e.score.to_rating()?;
                Ok(if e.anchor {
                    Entrant::Anchor(r)
                } else {
                    Entrant::Rated(r)
                })
            };
            let result = match ranks[0].cmp(&ranks[1]) {
                std::cmp::Ordering::Less => GameResult::Win,
                std::cmp::Ordering::Equal => GameResult::Draw,
                std::cmp::Ordering::Greater => GameResult::Loss,
            };
            let (a, b) = Glicko2::default().rate_game(
                entrant(&entries[0])?,
                entrant(&entries[1])?,
                result,
            )?;
            vec![
                Score::from_rating(a.rating()),
                Score::from_rating(b.rating()),
            ]
        }
        Pool::Multi => {
            if n < 2 {
                return Err(BookError::Players { players: n });
            }
            let players = entries
                .iter()
                .map(|e| {
                    let s = e.score.to_skill()?;
                    Ok(if e.anchor {
                        Entrant::Anchor(s)
                    } else {
                        Entrant::Rated(s)
                    })
                })
                .collect::<Result<Vec<_>, BookError>>()?;
            WengLin::default()
                .rate_entrants(&players, ranks)?
                .into_iter()
                .map(|e| Score::from_skill(e.rating()))
                .collect()
        }
    };
    // Anchors exactly as given (the conversions above are exact, but say it here).
    Ok(entries
        .iter()
        .zip(after)
        .map(|(e, s)| if e.anchor { e.score } else { s })
        .collect())
}

/// A stored rated game: who sat, how they placed, and their scores before and after.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedGame {
    /// The game's id (replay reports mismatches by it).
    pub id: u64,
    /// Which game (`"triominos"`, ...).
    pub game: String,
    /// The pool it was rated in.
    pub pool: Pool,
    /// The seats.
    pub seats: Vec<RatedSeat>,
}

/// One seat of a [`RatedGame`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedSeat {
    /// The account; `None` for a house level.
    pub account: Option<AccountId>,
    /// The house level's spec (`"level:3"`) when `account` is `None`.
    pub house: Option<String>,
    /// The place (lower better, equal tied).
    pub rank: u32,
    /// The stored score before the game.
    pub before: Score,
    /// The stored score after the game.
    pub after: Score,
}

/// Which stored score of a seat disagrees with the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The score before the game.
    Before,
    /// The score after the game.
    After,
}

/// A stored score that the replay does not recompute (within [`TOLERANCE`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mismatch {
    /// The rated game's id.
    pub game: u64,
    /// The seat's index.
    pub seat: usize,
    /// The seat's account (`None` for a house level).
    pub account: Option<AccountId>,
    /// Before or after.
    pub side: Side,
    /// What is stored.
    pub stored: Score,
    /// What the replay computed.
    pub computed: Score,
}

/// The result of [`replay`].
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// Every account's recomputed score per `(account, game, pool)`.
    pub table: BTreeMap<(AccountId, String, Pool), Score>,
    /// The stored scores that disagree with the recomputed ones, in game and seat order.
    pub mismatches: Vec<Mismatch>,
}

/// Recomputes, in order, every account's score per `(account, game, pool)`, each starting
/// from [`Score::initial`], and lists where the stored `before`/`after` disagree with it.
/// House seats get their score from `house(game, spec, pool)` (anchors); an unknown level
/// is an error, not a mismatch. The table carries on from the recomputed scores, so one
/// tampered `after` is reported once (and the next game's `before`, if that was changed
/// too).
pub fn replay(
    games: &[RatedGame],
    house: impl Fn(&str, &str, Pool) -> Option<Score>,
) -> Result<Replay, BookError> {
    let mut table: BTreeMap<(AccountId, String, Pool), Score> = BTreeMap::new();
    let mut mismatches = Vec::new();
    for g in games {
        let mut entries = Vec::with_capacity(g.seats.len());
        for (i, seat) in g.seats.iter().enumerate() {
            let entry = match (seat.account, &seat.house) {
                (Some(a), _) => {
                    if g.seats[..i].iter().any(|s| s.account == Some(a)) {
                        return Err(BookError::SameAccount {
                            game: g.id,
                            account: a,
                        });
                    }
                    let score = table
                        .get(&(a, g.game.clone(), g.pool))
                        .copied()
                        .unwrap_or_else(|| Score::initial(g.pool));
                    Entry {
                        score,
                        anchor: false,
                    }
                }
                (None, Some(spec)) => Entry {
                    score: house(&g.game, spec, g.pool).ok_or(BookError::UnknownSeat {
                        game: g.id,
                        seat: i,
                    })?,
                    anchor: true,
                },
                (None, None) => {
                    return Err(BookError::UnknownSeat {
                        game: g.id,
                        seat: i,
                    })
                }
            };
            if !entry.score.close_to(&seat.before, TOLERANCE) {
                mismatches.push(Mismatch {
                    game: g.id,
                    seat: i,
                    account: seat.account,
                    side: Side::Before,
                    stored: seat.before,
                    computed: entry.score,
                });
            }
            entries.push(entry);
        }
        let ranks: Vec<u32> = g.seats.iter().map(|s| s.rank).collect();
        let after = rate(g.pool, &entries, &ranks)?;
        for (i, (seat, score)) in g.seats.iter().zip(after).enumerate() {
            if !score.close_to(&seat.after, TOLERANCE) {
                mismatches.push(Mismatch {
                    game: g.id,
                    seat: i,
                    account: seat.account,
                    side: Side::After,
                    stored: seat.after,
                    computed: score,
                });
            }
            if let Some(a) = seat.account {
                table.insert((a, g.game.clone(), g.pool), score);
            }
        }
    }
    Ok(Replay { table, mismatches })
}
