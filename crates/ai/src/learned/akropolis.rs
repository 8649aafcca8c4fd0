//! The features the Akropolis value network reads: a few dozen numbers of one seat's view,
//! cheap enough to compute at every leaf of a search.
//!
//! Why not the observation tensor of `tessera-encode` (27,904 values: 48 planes of the
//! cities, the site, the seats): the search evaluates a leaf in a few microseconds, and a
//! network over the planes would cost a hundred times that; the figures that decide an
//! Akropolis game (each district's value and stars, stones, what the site offers, how many
//! turns are left) are a handful of numbers the engine already computes.
//!
//! | index | feature (seat `r` = 0 the observer, 1 the other seat) |
//! |---|---|
//! | 20 r + 0..5 | districts' points (stars x values) h m b t g, / 30 |
//! | 20 r + 5..10 | plaza stars h m b t g, / 6 |
//! | 20 r + 10..15 | district values h m b t g (before the stars), / 30 |
//! | 20 r + 15 | visible quarries / 10 |
//! | 20 r + 16 | city points / 100 |
//! | 20 r + 17 | stones / 10 |
//! | 20 r + 18 | the district-aware measure ([`DistrictGreedy`]) / 100 |
//! | 20 r + 19 | tiles in the city / 20 |
//! | 40 | (complete score of 0) - (of 1), / 50 |
//! | 41 | (measure of 0) - (of 1), / 50 |
//! | 42 | tiles in the stacks / 40 |
//! | 43 | tiles on the site / 5 |
//! | 44 | 1 when the observer is to move |
//! | 45..56 | hexes on the site by kind h m b t g, H M B T G, q, / 4 |
//!
//! Only public information is read (the cities, stones, the site and how many tiles remain),
//! so a determinized state and the view it came from give the same features.

use crate::akropolis::DistrictGreedy;
use tessera_akropolis::{Akropolis, Hex, Variants};

/// Features per seat.
const PER_SEAT: usize = 20;
/// The number of features.
pub const FEATURES: usize = 2 * PER_SEAT + 16;

/// Writes the features of `state` seen by `seat` into `out` (of [`FEATURES`] values) for a
/// 2-player game without variants or solo Architect (the games the network learnt from);
/// `false` (and `out` untouched) for any other.
pub fn akropolis_features(state: &Akropolis, seat: usize, out: &mut [f32]) -> bool {
    let players = state.players();
    let rules = state.rules();
    if players.len() != 2
        || rules.variants != Variants::NONE
        || rules.solo.is_some()
        || seat > 1
        || out.len() < FEATURES
    {
        return false;
    }
    let m = DistrictGreedy::default();
    let mut complete = [0f32; 2];
    let mut measure = [0f32; 2];
    for r in 0..2 {
        let k = (seat + r) % 2;
        let s = state.city_score(k);
        let stones = players[k].stones() as u32;
        let at = PER_SEAT * r;
        for d in 0..5 {
            out[at + d] = s.districts[d] as f32 / 30.0;
            out[at + 5 + d] = s.stars[d] as f32 / 6.0;
            out[at + 10 + d] = s.values[d] as f32 / 30.0;
        }
        out[at + 15] = s.quarries as f32 / 10.0;
        out[at + 16] = s.total() as f32 / 100.0;
        out[at + 17] = stones as f32 / 10.0;
        measure[r] = m.value(&s, stones) as f32;
        out[at + 18] = measure[r] / 100.0;
        out[at + 19] = players[k].city().tile_count() as f32 / 20.0;
        // the complete score (no solo game here): city points and stones
        complete[r] = (s.total() + stones) as f32;
    }
    let g = 2 * PER_SEAT;
    out[g] = (complete[0] - complete[1]) / 50.0;
    out[g + 1] = (measure[0] - measure[1]) / 50.0;
    out[g + 2] = state.stack_count() as f32 / 40.0;
    out[g + 3] = state.site().len() as f32 / 5.0;
    out[g + 4] = f32::from(u8::from(!state.is_over() && state.turn() == seat));
    let kinds = &mut out[g + 5..g + 16];
    kinds.iter_mut().for_each(|x| *x = 0.0);
    for t in state.site() {
        for h in t.hexes() {
            kinds[kind(h)] += 0.25;
        }
    }
    true
}

/// The index of a hex kind among h m b t g, H M B T G, q.
fn kind(h: Hex) -> usize {
    match h {
        Hex::District(d) => d as usize,
        Hex::Plaza(d) => 5 + d as usize,
        Hex::Quarry => 10,
    }
}

impl super::learn::Learned for Akropolis {
    const FEATURES: usize = FEATURES;
    const MARGIN_SCALE: f32 = 20.0;
    fn features(state: &Akropolis, seat: usize, out: &mut [f32]) -> bool {
        akropolis_features(state, seat, out)
    }
    fn learns(view: &tessera_akropolis::AkropolisView) -> bool {
        let rules = view.state().rules();
        view.state().players().len() == 2
            && rules.variants == Variants::NONE
            && rules.solo.is_none()
    }
    fn selfplay_game(seed: u64) -> Result<Akropolis, String> {
        Akropolis::new(tessera_akropolis::Rules::new(2, Variants::NONE), seed)
            .map_err(|e| e.to_string())
    }
    /// The measure's lead in points (feature 41, / 50) over 8: the reward `ismcts` gives a
    /// leaf, a logistic of that lead (8 points a 73% favourite).
    fn hand_logit(features: &[f32]) -> f32 {
        features[2 * PER_SEAT + 1] * 50.0 / 8.0
    }
    fn shipped() -> Option<std::sync::Arc<super::ValueNet>> {
        Some(super::ValueNet::akropolis())
    }
}

/// The shipped Akropolis network (see the module's documentation of [`super`]).
const MODEL: &[u8] = include_bytes!("../../models/akropolis-value.safetensors");

impl super::ValueNet {
    /// The shipped Akropolis network, loaded once.
    pub fn akropolis() -> std::sync::Arc<super::ValueNet> {
        static NET: std::sync::OnceLock<std::sync::Arc<super::ValueNet>> =
            std::sync::OnceLock::new();
        super::shipped_once(&NET, MODEL)
    }
}
