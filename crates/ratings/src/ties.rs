//! How a tie (equal ranks) enters a multiplayer update: [`Ties`], and the most orders of
//! tied players [`Ties::Averaged`] averages over.

use serde::{Deserialize, Serialize};

/// How a tie (equal ranks) enters the Plackett-Luce update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ties {
    /// The mean of the updates over every order in which the tied players could have
    /// finished, each order counted once (the default). A player who ties never fares worse
    /// than one of equal skill who finished behind; tied players of equal skill end equal.
    #[default]
    Averaged,
    /// Weng and Lin's rule, as OpenSkill implements it: a tied group is one step of the
    /// ranking, each member's terms divided by the group's size. Matches OpenSkill's values,
    /// but a player who finishes alone behind a tie for first can gain more than the tied
    /// winners of the same skill (see the tests), which an end screen cannot explain.
    Shared,
}

/// The most tie-break orders [`Ties::Averaged`] averages over (8 players all tied).
pub const MAX_TIE_ORDERS: usize = 40_320;
