//! Weng-Lin (OpenSkill) with the Plackett-Luce model, for games of 2 or more players.

use crate::error::check;
pub use crate::ties::{Ties, MAX_TIE_ORDERS};
use crate::{Entrant, RatingError, Standing};
use serde::{Deserialize, Serialize};

/// A Weng-Lin skill: a normal belief with mean `mu` and deviation `sigma`. Built only
/// through [`Skill::new`] (or deserialisation, which checks the same): `mu` finite, `sigma`
/// finite and positive.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawSkill", into = "RawSkill")]
pub struct Skill {
    mu: f64,
    sigma: f64,
}

/// The unchecked form of a [`Skill`], as stored.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RawSkill {
    /// The mean.
    pub mu: f64,
    /// The deviation.
    pub sigma: f64,
}

impl TryFrom<RawSkill> for Skill {
    type Error = RatingError;
    fn try_from(raw: RawSkill) -> Result<Self, RatingError> {
        Skill::new(raw.mu, raw.sigma)
    }
}

impl From<Skill> for RawSkill {
    fn from(s: Skill) -> Self {
        RawSkill {
            mu: s.mu,
            sigma: s.sigma,
        }
    }
}

impl Skill {
    /// A checked skill: `mu` finite, `sigma` finite and positive.
    pub fn new(mu: f64, sigma: f64) -> Result<Self, RatingError> {
        Ok(Skill {
            mu: check("mu", mu, false)?,
            sigma: check("sigma", sigma, true)?,
        })
    }

    /// The mean `mu`.
    pub fn mu(&self) -> f64 {
        self.mu
    }

    /// The deviation `sigma`.
    pub fn sigma(&self) -> f64 {
        self.sigma
    }

    /// The conservative value shown on leaderboards: `mu - 3 sigma` (OpenSkill's
    /// "ordinal"; 0 for a newcomer with the default parameters).
    pub fn conservative(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// The parameters of a [`WengLin`] system; the defaults are OpenSkill's.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct WengLinParams {
    /// A newcomer's `mu` (25).
    pub mu: f64,
    /// A newcomer's `sigma` (25/3).
    pub sigma: f64,
    /// The deviation of one game's performance around the skill (`sigma / 2`, 25/6).
    pub beta: f64,
    /// The floor of the factor by which one game may shrink a variance (0.0001), so that
    /// `sigma` stays positive.
    pub kappa: f64,
    /// The additive dynamics: before each game every `sigma^2` grows by `tau^2` (25/300),
    /// so a rating can keep moving after many games. 0 turns it off.
    pub tau: f64,
    /// A skill with `sigma` above this is provisional (see [`WengLin::standing`]).
    pub provisional_sigma: f64,
    /// How ties are rated.
    pub ties: Ties,
}

impl Default for WengLinParams {
    fn default() -> Self {
        WengLinParams {
            mu: 25.0,
            sigma: 25.0 / 3.0,
            beta: 25.0 / 6.0,
            kappa: 0.0001,
            tau: 25.0 / 300.0,
            provisional_sigma: WengLin::DEFAULT_PROVISIONAL_SIGMA,
            ties: Ties::Averaged,
        }
    }
}

/// The Weng-Lin system with the Plackett-Luce model (Weng and Lin, "A Bayesian
/// Approximation Method for Online Ranking", JMLR 2011, algorithm 4), one player per team.
/// The default has OpenSkill's parameters ([`WengLinParams::default`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WengLin {
    params: WengLinParams,
}

impl WengLin {
    /// A skill with `sigma` above 6 is provisional. With the other defaults, a newcomer who
    /// finishes 2nd and 3rd in turn in four-player games against settled players of its own
    /// mean (sigma 2 to 4) passes it after 5 to 8 games, against other newcomers after 21;
    /// about what RD 110 takes in Glicko-2 (10 to 11 games). The tests pin these counts.
    pub const DEFAULT_PROVISIONAL_SIGMA: f64 = 6.0;

    /// A system with checked parameters: all finite; `sigma`, `beta`, `kappa`,
    /// `provisional_sigma` positive; `kappa` below 1; `tau` not negative.
    pub fn new(params: WengLinParams) -> Result<Self, RatingError> {
        check("mu", params.mu, false)?;
        check("sigma", params.sigma, true)?;
        check("beta", params.beta, true)?;
        check("kappa", params.kappa, true)?;
        check("provisional_sigma", params.provisional_sigma, true)?;
        if params.kappa >= 1.0 {
            return Err(RatingError::Invalid {
                name: "kappa",
                must: "below 1",
                value: params.kappa,
            });
        }
        if !(params.tau.is_finite() && params.tau >= 0.0) {
            return Err(RatingError::Invalid {
                name: "tau",
                must: "finite and not negative",
                value: params.tau,
            });
        }
        Ok(WengLin { params })
    }

    /// The parameters.
    pub fn params(&self) -> WengLinParams {
        self.params
    }

    /// A newcomer's skill.
    pub fn initial(&self) -> Skill {
        Skill {
            mu: self.params.mu,
            sigma: self.params.sigma,
        }
    }

    /// What a leaderboard shows of `skill`: `mu - 3 sigma`, provisional if `sigma` is above
    /// the system's threshold.
    pub fn standing(&self, skill: &Skill) -> Standing {
        Standing {
            conservative: skill.conservative(),
            provisional: skill.sigma > self.params.provisional_sigma,
        }
    }

    /// Everyone's skill after one game. `ranks[i]` is player `i`'s place: lower is better,
    /// equal ranks are a tie (`[1, 2, 2, 4]` and `[0, 1, 1, 2]` mean the same), rated by the
    /// system's [`Ties`] rule. See [`ranks_from_scores`] for games decided by points.
    pub fn rate(&self, players: &[Skill], ranks: &[u32]) -> Result<Vec<Skill>, RatingError> {
        let n = players.len();
        if n < 2 {
            return Err(RatingError::TooFewPlayers(n));
        }
        if ranks.len() != n {
            return Err(RatingError::RanksMismatch {
                players: n,
                ranks: ranks.len(),
            });
        }
        let has_ties = (0..n).any(|i| (0..i).any(|j| ranks[i] == ranks[j]));
        if self.params.ties == Ties::Shared || !has_ties {
            return self.rate_ranked(players, ranks);
        }
        let orders = tie_breaks(ranks)?;
        let mut mu = vec![0.0; n];
        let mut var = vec![0.0; n];
        for order in &orders {
            for (i, s) in self.rate_ranked(players, order)?.iter().enumerate() {
                mu[i] += s.mu;
                var[i] += s.sigma * s.sigma;
            }
        }
        let k = orders.len() as f64;
        mu.iter()
            .zip(&var)
            .map(|(m, v)| Skill::new(m / k, (v / k).sqrt()))
            .collect()
    }

    /// One Plackett-Luce update, ties by Weng and Lin's rule ([`Ties::Shared`]).
    fn rate_ranked(&self, players: &[Skill], ranks: &[u32]) -> Result<Vec<Skill>, RatingError> {
        let n = players.len();
        let p = &self.params;
        // The variances after the dynamics.
        let var: Vec<f64> = players
            .iter()
            .map(|s| s.sigma * s.sigma + p.tau * p.tau)
            .collect();
        let beta2 = p.beta * p.beta;
        let c = var.iter().map(|v| v + beta2).sum::<f64>().sqrt();
        // exp(mu / c), shifted by the largest mu (the ratios are what count) so that
        // nothing overflows.
        let top = players
            .iter()
            .map(|s| s.mu)
            .fold(f64::NEG_INFINITY, f64::max);
        let strength: Vec<f64> = players.iter().map(|s| ((s.mu - top) / c).exp()).collect();
        // For each player q: the total strength of those not ahead of q (the field q
        // was "chosen" from), and how many share q's rank.
        let field: Vec<f64> = (0..n)
            .map(|q| {
                (0..n)
                    .filter(|&i| ranks[i] >= ranks[q])
                    .map(|i| strength[i])
                    .sum()
            })
            .collect();
        let tied: Vec<f64> = (0..n)
            .map(|q| (0..n).filter(|&i| ranks[i] == ranks[q]).count() as f64)
            .collect();
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let mut omega = 0.0;
            let mut delta = 0.0;
            for q in (0..n).filter(|&q| ranks[q] <= ranks[i]) {
                let chance = strength[i] / field[q];
                delta += chance * (1.0 - chance) / tied[q];
                if q == i {
                    omega += (1.0 - chance) / tied[q];
                } else {
                    omega -= chance / tied[q];
                }
            }
            let gamma = var[i].sqrt() / c;
            omega *= var[i] / c;
            delta *= gamma * var[i] / (c * c);
            let mu = players[i].mu + omega;
            let sigma = (var[i] * (1.0 - delta).max(p.kappa)).sqrt();
            out.push(Skill::new(mu, sigma)?);
        }
        Ok(out)
    }

    /// Like [`WengLin::rate`], but anchors keep their skill; everyone else is updated as if
    /// the anchors were ordinary players.
    pub fn rate_entrants(
        &self,
        players: &[Entrant<Skill>],
        ranks: &[u32],
    ) -> Result<Vec<Entrant<Skill>>, RatingError> {
        let skills: Vec<Skill> = players.iter().map(Entrant::rating).collect();
        let updated = self.rate(&skills, ranks)?;
        Ok(players
            .iter()
            .zip(updated)
            .map(|(e, s)| e.after(s))
            .collect())
    }
}

/// Ranks from final scores, higher score better, equal scores tied: `[30, 12, 30]` gives
/// `[1, 3, 1]` (competition ranking, "1224").
pub fn ranks_from_scores<T: PartialOrd>(scores: &[T]) -> Vec<u32> {
    scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|t| *t > s).count() as u32)
        .collect()
}

/// Every strict ranking that breaks the ties of `ranks` (each tied group in every order),
/// as ranks 1..=n.
fn tie_breaks(ranks: &[u32]) -> Result<Vec<Vec<u32>>, RatingError> {
    let n = ranks.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| ranks[i]);
    let groups: Vec<Vec<usize>> = order
        .chunk_by(|&i, &j| ranks[i] == ranks[j])
        .map(<[usize]>::to_vec)
        .collect();
    let mut count: usize = 1;
    for g in &groups {
        for k in 2..=g.len() {
            count = count.saturating_mul(k);
        }
    }
    if count > MAX_TIE_ORDERS {
        return Err(RatingError::TooManyTies(count));
    }
    let mut out = vec![vec![0u32; n]];
    let mut next = 1u32;
    for g in &groups {
        let perms = permutations(g);
        out = out
            .iter()
            .flat_map(|r| {
                perms.iter().map(move |p| {
                    let mut r = r.clone();
                    for (k, &i) in p.iter().enumerate() {
                        r[i] = next + k as u32;
                    }
                    r
                })
            })
            .collect();
        next += g.len() as u32;
    }
    Ok(out)
}

/// All orders of `items`.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for (k, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(k);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tie_breaks_cover_every_order_of_each_group_once() {
        assert_eq!(tie_breaks(&[1, 2, 3]).unwrap(), vec![vec![1, 2, 3]]);
        let mut got = tie_breaks(&[2, 1, 2, 1]).unwrap();
        got.sort();
        assert_eq!(
            got,
            vec![
                vec![3, 1, 4, 2],
                vec![3, 2, 4, 1],
                vec![4, 1, 3, 2],
                vec![4, 2, 3, 1]
            ]
        );
        assert_eq!(tie_breaks(&[5; 4]).unwrap().len(), 24);
        assert_eq!(tie_breaks(&[5; 8]).unwrap().len(), MAX_TIE_ORDERS);
        assert_eq!(tie_breaks(&[5; 9]), Err(RatingError::TooManyTies(362_880)));
    }
}
