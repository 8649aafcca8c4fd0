//! Glicko-2, as in Glickman, "Example of the Glicko-2 system" (2013).

use crate::error::check;
use crate::{Entrant, RatingError, Standing};
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// The factor between the Glicko scale and the Glicko-2 scale (Glickman's 173.7178,
/// about 400 / ln 10).
pub const SCALE: f64 = 173.7178;
/// The centre of the Glicko scale: a rating of 1500 is 0 on the Glicko-2 scale.
pub const CENTRE: f64 = 1500.0;
/// The tolerance of the volatility iteration (Glickman's epsilon).
const EPSILON: f64 = 0.000_001;
/// A bound on the iterations of the volatility search; never reached on finite inputs.
const MAX_ITERATIONS: usize = 10_000;

/// A Glicko-2 rating on the Glicko scale: rating `r`, rating deviation `RD`, volatility
/// `sigma`. Built only through [`Rating::new`] (or deserialisation, which checks the same):
/// all three are finite, `RD` and `sigma` positive.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawRating", into = "RawRating")]
pub struct Rating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

/// The unchecked form of a [`Rating`], as stored.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RawRating {
    /// The rating `r`.
    pub rating: f64,
    /// The rating deviation `RD`.
    pub deviation: f64,
    /// The volatility `sigma`.
    pub volatility: f64,
}

impl TryFrom<RawRating> for Rating {
    type Error = RatingError;
    fn try_from(raw: RawRating) -> Result<Self, RatingError> {
        Rating::new(raw.rating, raw.deviation, raw.volatility)
    }
}

impl From<Rating> for RawRating {
    fn from(r: Rating) -> Self {
        RawRating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Default for Rating {
    /// A newcomer: 1500, RD 350, volatility 0.06 (Glickman's suggested start).
    fn default() -> Self {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

impl Rating {
    /// A checked rating: `rating` finite, `deviation` and `volatility` finite and positive.
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Result<Self, RatingError> {
        Ok(Rating {
            rating: check("rating", rating, false)?,
            deviation: check("deviation", deviation, true)?,
            volatility: check("volatility", volatility, true)?,
        })
    }

    /// The rating `r` (Glicko scale, 1500 in the middle).
    pub fn rating(&self) -> f64 {
        self.rating
    }

    /// The rating deviation `RD` (Glicko scale).
    pub fn deviation(&self) -> f64 {
        self.deviation
    }

    /// The volatility `sigma`.
    pub fn volatility(&self) -> f64 {
        self.volatility
    }

    /// This rating on the Glicko-2 scale: `mu = (r - 1500) / 173.7178`,
    /// `phi = RD / 173.7178`, `sigma` unchanged.
    pub fn to_glicko2(&self) -> Glicko2Scale {
        Glicko2Scale {
            mu: (self.rating - CENTRE) / SCALE,
            phi: self.deviation / SCALE,
            sigma: self.volatility,
        }
    }

    /// A rating from the Glicko-2 scale (the inverse of [`Rating::to_glicko2`]).
    pub fn from_glicko2(g: Glicko2Scale) -> Result<Self, RatingError> {
        Rating::new(SCALE * g.mu + CENTRE, SCALE * g.phi, g.sigma)
    }

    /// The conservative value shown on leaderboards: `r - 2 RD` (the true rating is above it
    /// with about 97.5 % confidence).
    pub fn conservative(&self) -> f64 {
        self.rating - 2.0 * self.deviation
    }
}

/// A rating on the Glicko-2 scale (`mu`, `phi`, `sigma`), unchecked: the working form.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko2Scale {
    /// The rating, 0 for 1500.
    pub mu: f64,
    /// The rating deviation.
    pub phi: f64,
    /// The volatility.
    pub sigma: f64,
}

/// The result of one game, from the rated player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// Scores 1.
    Win,
    /// Scores 1/2.
    Draw,
    /// Scores 0.
    Loss,
}

impl GameResult {
    /// The score `s` of the result: 1, 1/2 or 0.
    pub fn score(self) -> f64 {
        match self {
            GameResult::Win => 1.0,
            GameResult::Draw => 0.5,
            GameResult::Loss => 0.0,
        }
    }

    /// The same game seen from the other side.
    pub fn reversed(self) -> Self {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }
}

/// One game of a rating period: who the opponent was (their rating before the period) and
/// how it ended for the rated player.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The opponent's rating at the start of the period.
    pub opponent: Rating,
    /// The result for the rated player.
    pub result: GameResult,
}

/// The quantities of one period's update on the Glicko-2 scale (Glickman's steps 3-8), for
/// anyone who wants to see the working.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Working {
    /// The estimated variance `v` of the rating from the games alone (step 3).
    pub v: f64,
    /// The estimated improvement `Delta` (step 4).
    pub delta: f64,
    /// The new volatility `sigma'` (step 5).
    pub sigma: f64,
    /// The pre-period deviation `phi* = sqrt(phi^2 + sigma'^2)` (step 6).
    pub phi_star: f64,
    /// The new deviation `phi'` (step 7).
    pub phi: f64,
    /// The new rating `mu'` (step 7).
    pub mu: f64,
}

/// The Glicko-2 system: its constant `tau` and the ceiling of the deviation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko2 {
    tau: f64,
    max_deviation: f64,
    provisional_deviation: f64,
}

impl Default for Glicko2 {
    /// `tau` 0.5, deviations capped at 350, provisional above RD 110.
    fn default() -> Self {
        Glicko2 {
            tau: Self::DEFAULT_TAU,
            max_deviation: Self::DEFAULT_MAX_DEVIATION,
            provisional_deviation: Self::DEFAULT_PROVISIONAL_DEVIATION,
        }
    }
}

impl Glicko2 {
    /// Glickman's suggested system constant (he suggests 0.3 to 1.2; smaller values keep
    /// the volatility from changing much).
    pub const DEFAULT_TAU: f64 = 0.5;
    /// A deviation never grows above a newcomer's 350, however long a player is away.
    pub const DEFAULT_MAX_DEVIATION: f64 = 350.0;
    /// A rating with RD above 110 is provisional (Lichess's threshold).
    pub const DEFAULT_PROVISIONAL_DEVIATION: f64 = 110.0;

    /// A system with the system constant `tau` (finite and positive) and the other defaults.
    pub fn new(tau: f64) -> Result<Self, RatingError> {
        Ok(Glicko2 {
            tau: check("tau", tau, true)?,
            ..Glicko2::default()
        })
    }

    /// The same system with another ceiling for the deviation (finite and positive).
    pub fn with_max_deviation(self, max_deviation: f64) -> Result<Self, RatingError> {
        Ok(Glicko2 {
            max_deviation: check("max_deviation", max_deviation, true)?,
            ..self
        })
    }

    /// The same system with another provisional threshold (finite and positive).
    pub fn with_provisional_deviation(self, deviation: f64) -> Result<Self, RatingError> {
        Ok(Glicko2 {
            provisional_deviation: check("provisional_deviation", deviation, true)?,
            ..self
        })
    }

    /// The system constant `tau`.
    pub fn tau(&self) -> f64 {
        self.tau
    }

    /// The ceiling of the deviation.
    pub fn max_deviation(&self) -> f64 {
        self.max_deviation
    }

    /// What a leaderboard shows of `rating`: `r - 2 RD`, provisional if `RD` is above the
    /// system's threshold.
    pub fn standing(&self, rating: &Rating) -> Standing {
        Standing {
            conservative: rating.conservative(),
            provisional: rating.deviation > self.provisional_deviation,
        }
    }

    /// The expected score of `player` against `opponent` (Glickman's `E`, using the
    /// opponent's deviation only, as the update does).
    pub fn expected_score(&self, player: &Rating, opponent: &Rating) -> f64 {
        let (p, o) = (player.to_glicko2(), opponent.to_glicko2());
        expected(p.mu, o.mu, o.phi)
    }

    /// The rating after one rating period in which `player` played `games` (all against
    /// opponents' ratings from the start of the period). With no games, this is
    /// [`Glicko2::idle`].
    pub fn rate(&self, player: Rating, games: &[Game]) -> Result<Rating, RatingError> {
        if games.is_empty() {
            return Ok(self.idle(player));
        }
        let w = self.working(player, games)?;
        Rating::from_glicko2(Glicko2Scale {
            mu: w.mu,
            phi: w.phi,
            sigma: w.sigma,
        })
    }

    /// The rating after a period without games: the deviation grows to
    /// `sqrt(phi^2 + sigma^2)` (capped at the ceiling), rating and volatility stay.
    pub fn idle(&self, player: Rating) -> Rating {
        let g = player.to_glicko2();
        let phi = self.capped((g.phi * g.phi + g.sigma * g.sigma).sqrt());
        Rating {
            deviation: phi * SCALE,
            ..player
        }
    }

    /// Like [`Glicko2::rate`], but leaves an anchor unchanged.
    pub fn rate_entrant(
        &self,
        player: Entrant<Rating>,
        games: &[Game],
    ) -> Result<Entrant<Rating>, RatingError> {
        match player {
            Entrant::Anchor(_) => Ok(player),
            Entrant::Rated(r) => Ok(Entrant::Rated(self.rate(r, games)?)),
        }
    }

    /// Both players after one game between them, rated as a period of one game each from
    /// their ratings before it; `result` is `a`'s. Anchors are left unchanged; the other
    /// player is rated as usual against the anchor's fixed rating.
    pub fn rate_game(
        &self,
        a: Entrant<Rating>,
        b: Entrant<Rating>,
        result: GameResult,
    ) -> Result<(Entrant<Rating>, Entrant<Rating>), RatingError> {
        let for_a = Game {
            opponent: b.rating(),
            result,
        };
        let for_b = Game {
            opponent: a.rating(),
            result: result.reversed(),
        };
        Ok((
            self.rate_entrant(a, &[for_a])?,
            self.rate_entrant(b, &[for_b])?,
        ))
    }

    /// The working of one period with at least one game (Glickman's steps 2-8).
    pub fn working(&self, player: Rating, games: &[Game]) -> Result<Working, RatingError> {
        let me = player.to_glicko2();
        // Step 3 and 4: v and the sum of g (s - E).
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for game in games {
            let o = game.opponent.to_glicko2();
            let g = g(o.phi);
            let e = expected(me.mu, o.mu, o.phi);
            inv_v += g * g * e * (1.0 - e);
            sum += g * (game.result.score() - e);
        }
        if games.is_empty() || inv_v.is_nan() || inv_v <= 0.0 {
            return Err(RatingError::Invalid {
                name: "games",
                must: "at least one game against a finite rating",
                value: inv_v,
            });
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = self.volatility(me.phi, me.sigma, v, delta)?;
        // Step 6 and 7.
        let phi_star = self.capped((me.phi * me.phi + sigma * sigma).sqrt());
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = me.mu + phi * phi * sum;
        Ok(Working {
            v,
            delta,
            sigma,
            phi_star,
            phi,
            mu,
        })
    }

    fn capped(&self, phi: f64) -> f64 {
        phi.min(self.max_deviation / SCALE)
    }

    /// Step 5: the new volatility by the Illinois algorithm, as in the paper.
    fn volatility(&self, phi: f64, sigma: f64, v: f64, delta: f64) -> Result<f64, RatingError> {
        let tau = self.tau;
        let a = (sigma * sigma).ln();
        let (d2, p2) = (delta * delta, phi * phi);
        let f = |x: f64| {
            let ex = x.exp();
            ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex).powi(2)) - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if d2 > p2 + v {
            (d2 - p2 - v).ln()
        } else {
            let mut k = 1.0;
            let mut steps = 0;
            while f(a - k * tau) < 0.0 {
                k += 1.0;
                steps += 1;
                if steps > MAX_ITERATIONS {
                    return Err(RatingError::NoConvergence);
                }
            }
            a - k * tau
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        let mut steps = 0;
        while (big_b - big_a).abs() > EPSILON {
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
            steps += 1;
            if steps > MAX_ITERATIONS || !c.is_finite() {
                return Err(RatingError::NoConvergence);
            }
        }
        Ok((big_a / 2.0).exp())
    }
}

/// Glickman's `g(phi)`: how much a game against an uncertain opponent counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// Glickman's `E(mu, mu_j, phi_j)`: the expected score against opponent `j`.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating::new(rating, deviation, 0.06).unwrap()
    }

    /// Glickman's example, step by step. His figures are v = 1.7785, Delta = -0.4834,
    /// sigma' = 0.05999, phi* = 1.152862, phi' = 0.8722, mu' = -0.2069; he carries g and E
    /// rounded to 3-4 figures, so his v and Delta are off from the exact ones in the fourth
    /// decimal (exact: v = 1.77898, Delta = -0.48393). Each figure is checked to within what
    /// that rounding explains, and no looser.
    #[test]
    fn the_working_of_glickmans_example() {
        let games = [
            Game {
                opponent: r(1400.0, 30.0),
                result: GameResult::Win,
            },
            Game {
                opponent: r(1550.0, 100.0),
                result: GameResult::Loss,
            },
            Game {
                opponent: r(1700.0, 300.0),
                result: GameResult::Loss,
            },
        ];
        let w = Glicko2::default()
            .working(r(1500.0, 200.0), &games)
            .unwrap();
        assert!((w.v - 1.7785).abs() < 0.001, "v = {}", w.v);
        assert!((w.delta - -0.4834).abs() < 0.001, "Delta = {}", w.delta);
        assert!((w.sigma - 0.05999).abs() < 0.00001, "sigma' = {}", w.sigma);
        assert!(
            (w.phi_star - 1.152862).abs() < 0.00001,
            "phi* = {}",
            w.phi_star
        );
        assert!((w.phi - 0.8722).abs() < 0.0001, "phi' = {}", w.phi);
        assert!((w.mu - -0.2069).abs() < 0.0001, "mu' = {}", w.mu);
        // The exact values, to catch any change of the arithmetic.
        assert!((w.v - 1.778977).abs() < 0.000001, "v = {}", w.v);
        assert!(
            (w.delta - -0.483933).abs() < 0.000001,
            "Delta = {}",
            w.delta
        );
    }

    /// Glickman's g and E for the three opponents: g = 0.9955, 0.9531, 0.7242 and
    /// E = 0.639, 0.432, 0.303.
    #[test]
    fn g_and_e_of_glickmans_example() {
        let me = r(1500.0, 200.0).to_glicko2();
        let cases = [
            (1400.0, 30.0, 0.9955, 0.639),
            (1550.0, 100.0, 0.9531, 0.432),
            (1700.0, 300.0, 0.7242, 0.303),
        ];
        for (rating, rd, want_g, want_e) in cases {
            let o = r(rating, rd).to_glicko2();
            assert!((g(o.phi) - want_g).abs() < 0.00005, "g = {}", g(o.phi));
            let e = expected(me.mu, o.mu, o.phi);
            assert!((e - want_e).abs() < 0.0005, "E = {e}");
        }
    }
}
