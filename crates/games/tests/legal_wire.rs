//! The legal moves sent with `take-turn` (`Registration::legal`, issue 30) are the
//! engine's: on random positions of every game, the moves listed for the seat to move are
//! exactly `Game::legal_moves` (Q: its documented bounded form, every listed move legal),
//! each reads back from its JSON as the same move, and each listed gain is what playing
//! the move adds to the mover's score.
//!
//! `PROPTEST_CASES` random games a game (default 16; each checks every position of its
//! game, so the default covers thousands of positions). Q plays with 2 copies of each
//! tile, so that a game of random moves ends.

use proptest::prelude::*;
use rand::seq::SliceRandom;
use serde_json::Value;
use tessera_akropolis::Akropolis;
use tessera_core::{rng_from_seed, Game};
use tessera_games::Registration;
use tessera_q::{QGame, QRules};
use tessera_triominos::TriominosGame;

fn budget(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// What a check of one position found wrong, if anything.
type Checked = Result<(), String>;

/// Plays a random game of `G` from `seed`, checking the listed moves at every position;
/// `exact(before, after)`: whether the gain must equal the score's change for this move
/// (false where a game documents what its gain leaves out). Returns the positions checked.
fn check_game<G: Registration>(
    rules: G::Rules,
    seed: u64,
    exact: fn(&G, &G) -> bool,
) -> Result<usize, String> {
    let mut game = G::new(&rules, seed).map_err(|e| e.to_string())?;
    let mut rng = rng_from_seed(seed ^ 0x5eed);
    let mut positions = 0;
    while let Some(seat) = game.to_move() {
        check_position(&game, seat, exact)?;
        positions += 1;
        let moves = game.legal_moves();
        let mv = moves.choose(&mut rng).ok_or("a seat to move has no move")?;
        game.play(mv).map_err(|e| e.to_string())?;
        if positions > 2000 {
            return Err("the game does not end".into());
        }
    }
    Ok(positions)
}

fn check_position<G: Registration>(
    game: &G,
    seat: tessera_core::Seat,
    exact: fn(&G, &G) -> bool,
) -> Checked {
    let view = game.view(seat);
    let legal = G::legal(&view);
    if legal.count != legal.moves.len() {
        return Err(format!(
            "count {} for {} moves",
            legal.count,
            legal.moves.len()
        ));
    }
    let engine = game.legal_moves();
    if legal.complete && legal.moves != engine {
        return Err(format!(
            "listed {:?}, the engine has {:?}",
            legal.moves, engine
        ));
    }
    if !legal.complete && !engine.iter().all(|m| legal.moves.contains(m)) {
        return Err("the bounded form leaves out a move of the engine's".into());
    }
    if legal.moves.is_empty() {
        return Err("no move listed for the seat to move".into());
    }
    // the wire form: every listed move reads back as itself
    let wire: Value = serde_json::to_value(&legal).map_err(|e| e.to_string())?;
    let sent = wire["moves"].as_array().ok_or("no \"moves\" array")?;
    for (m, v) in legal.moves.iter().zip(sent) {
        let back: G::Move = serde_json::from_value(v.clone()).map_err(|e| e.to_string())?;
        if &back != m {
            return Err(format!("{v} reads back as {back:?}, not {m:?}"));
        }
    }
    if wire["count"] != legal.count {
        return Err("\"count\" is not the count".into());
    }
    let Some(gains) = &legal.gains else {
        return Ok(());
    };
    if gains.len() != legal.moves.len() {
        return Err(format!(
            "{} gains for {} moves",
            gains.len(),
            legal.moves.len()
        ));
    }
    let before = game.scores()[seat.index()];
    for (m, &gain) in legal.moves.iter().zip(gains) {
        let mut next = game.clone();
        next.play(m)
            .map_err(|e| format!("listed move {m:?} refused: {e}"))?;
        let delta = next.scores()[seat.index()] - before;
        if exact(game, &next) && delta != gain {
            return Err(format!(
                "{m:?}: gain {gain} listed, the score changed by {delta}"
            ));
        }
    }
    Ok(())
}

fn rules<G: Registration>(seats: usize) -> G::Rules {
    G::default_rules(seats).expect("default rules")
}

/// Q with 2 copies of each tile (72): a game of random moves ends in a few dozen turns.
fn short_q(seats: usize) -> QRules {
    QRules {
        copies: 2,
        ..QRules::for_players(seats)
    }
}

fn always<G>(_: &G, _: &G) -> bool {
    true
}

/// Triominos lists a placement's points, a draw's and a pass's cost, not what the end
/// of a round credits (it depends on the others' trays).
fn same_round(before: &TriominosGame, after: &TriominosGame) -> bool {
    Game::to_move(after).is_some()
        && before.view(tessera_core::Seat(0)).round == after.view(tessera_core::Seat(0)).round
}

proptest! {
    #![proptest_config(budget(16))]

    #[test]
    fn triominos_moves_are_the_engines(seed in any::<u64>(), seats in 2usize..=4) {
        let n = check_game::<TriominosGame>(rules::<TriominosGame>(seats), seed, same_round);
        prop_assert!(n.is_ok(), "seed {seed}, {seats} seats: {}", n.unwrap_err());
    }

    #[test]
    fn q_moves_are_a_bounded_form_of_the_engines(seed in any::<u64>(), seats in 2usize..=4) {
        let n = check_game::<QGame>(short_q(seats), seed, always::<QGame>);
        prop_assert!(n.is_ok(), "seed {seed}, {seats} seats: {}", n.unwrap_err());
    }

    #[test]
    fn q_moves_of_the_boxed_rules_are_a_bounded_form_of_the_engines(
        seed in any::<u64>(),
        seats in 2usize..=4,
    ) {
        let rules = QRules {
            rule_set: tessera_q::RuleSet::Boxed,
            ..short_q(seats)
        };
        let n = check_game::<QGame>(rules, seed, always::<QGame>);
        prop_assert!(n.is_ok(), "seed {seed}, {seats} seats: {}", n.unwrap_err());
    }

    #[test]
    fn akropolis_moves_are_the_engines(seed in any::<u64>(), seats in 2usize..=4) {
        let n = check_game::<Akropolis>(rules::<Akropolis>(seats), seed, always::<Akropolis>);
        prop_assert!(n.is_ok(), "seed {seed}, {seats} seats: {}", n.unwrap_err());
    }
}

/// The property covers thousands of positions, not a handful of short games.
#[test]
fn the_default_budget_checks_thousands_of_positions() {
    let mut positions = 0;
    for seed in 0..12u64 {
        positions +=
            check_game::<TriominosGame>(rules::<TriominosGame>(2), seed, same_round).unwrap();
        positions += check_game::<QGame>(short_q(2), seed, always::<QGame>).unwrap();
        positions +=
            check_game::<Akropolis>(rules::<Akropolis>(2), seed, always::<Akropolis>).unwrap();
    }
    println!("{positions} positions checked");
    assert!(positions >= 2000, "only {positions} positions");
}
