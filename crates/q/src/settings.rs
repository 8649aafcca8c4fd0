//! The settings of a game of Q and its move: what the game (`game.rs`) and a
//! player's view of it (`view.rs`) both speak of.

use crate::choice::Choice;
use crate::{Bonuses, RuleSet};
use serde::{Deserialize, Serialize};

/// The settings of a random game (missing fields in JSON take the defaults).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct QRules {
    /// Number of players (2-4).
    pub players: usize,
    /// The bonuses.
    pub bonuses: Bonuses,
    /// Copies of each of the 36 kinds (30 in a real game; fewer make short test games).
    pub copies: usize,
    /// Tiles dealt to each player at the start (6).
    pub hand_size: usize,
    /// The rule set: the course's (the default, left out of the JSON) or the boxed game's
    /// (`"rule_set": "boxed"`).
    #[serde(skip_serializing_if = "RuleSet::is_course")]
    pub rule_set: RuleSet,
}

impl Default for QRules {
    fn default() -> Self {
        QRules {
            players: 2,
            bonuses: Bonuses::EARLY,
            copies: crate::tile::COPIES,
            hand_size: 6,
            rule_set: RuleSet::Course,
        }
    }
}

impl QRules {
    /// Default rules for `players` players.
    pub fn for_players(players: usize) -> Self {
        QRules {
            players,
            ..QRules::default()
        }
    }
}

/// A move (the same as a take-turn reply).
pub type QMove = Choice;
