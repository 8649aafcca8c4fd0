use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's score. Scores may be negative (Triominos penalties).
pub type Score = i32;

/// A seat at the table, 0-based, in turn order of the first round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index into per-seat vectors.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A seat from an index into per-seat vectors; an index past 255 is no seat.
///
/// ```
/// use tessera_core::Seat;
/// assert_eq!(Seat::try_from(2usize), Ok(Seat(2)));
/// assert!(Seat::try_from(256usize).is_err());
/// ```
impl TryFrom<usize> for Seat {
    type Error = std::num::TryFromIntError;

    fn try_from(index: usize) -> Result<Seat, Self::Error> {
        u8::try_from(index).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Whether `name` is a valid player name on the wire: 1 to 20 ASCII letters or digits
/// (the Q course's JName, which every game of Tessera uses).
pub fn is_valid_name(name: &str) -> bool {
    (1..=20).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// How a finished game ended: final scores per seat and the winners (ties share the win).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score of every seat, indexed by seat.
    pub scores: Vec<Score>,
    /// The winning seats in seat order (more than one on a tie).
    pub winners: Vec<Seat>,
}

impl Outcome {
    /// The usual rule: every seat with the highest score wins.
    pub fn from_scores(scores: Vec<Score>) -> Self {
        let best = scores.iter().copied().max();
        let winners = scores
            .iter()
            .enumerate()
            .filter(|(_, s)| Some(**s) == best)
            .map(|(i, _)| Seat(i as u8))
            .collect();
        Outcome { scores, winners }
    }

    /// Whether `seat` is among the winners.
    pub fn is_winner(&self, seat: Seat) -> bool {
        self.winners.contains(&seat)
    }
}
