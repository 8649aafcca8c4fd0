/// Why a rating, a rating system or an update was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RatingError {
    /// A number that must be finite (and sometimes positive) is not.
    #[error("{name} must be {must}, not {value}")]
    Invalid {
        /// Which quantity (`"deviation"`, `"tau"`, ...).
        name: &'static str,
        /// What it must be (`"finite"`, `"finite and positive"`, ...).
        must: &'static str,
        /// The value given.
        value: f64,
    },
    /// A multiplayer update needs at least two players.
    #[error("a rated game needs at least 2 players, not {0}")]
    TooFewPlayers(usize),
    /// The ranks do not match the players one to one.
    #[error("{players} players but {ranks} ranks")]
    RanksMismatch {
        /// How many players.
        players: usize,
        /// How many ranks.
        ranks: usize,
    },
    /// Too many ways to break the ties for [`crate::Ties::Averaged`].
    #[error("{0} orders of the tied players, more than the {max} averaged", max = crate::ties::MAX_TIE_ORDERS)]
    TooManyTies(usize),
    /// The volatility iteration did not converge (only on pathological inputs).
    #[error("the volatility iteration did not converge")]
    NoConvergence,
}

/// Checks that `value` is finite and, if `positive`, greater than zero.
pub(crate) fn check(name: &'static str, value: f64, positive: bool) -> Result<f64, RatingError> {
    let ok = value.is_finite() && (!positive || value > 0.0);
    if ok {
        Ok(value)
    } else {
        Err(RatingError::Invalid {
            name,
            must: if positive {
                "finite and positive"
            } else {
                "finite"
            },
            value,
        })
    }
}
