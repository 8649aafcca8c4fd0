//! A generic invariant harness over the [`Game`] trait (after OpenSpiel's `RandomSimTest`).
//!
//! [`random_playouts`] plays seeded random games and checks, after every move: the move was
//! among the legal ones and was accepted; the game's own invariants hold
//! ([`Game::check_invariants`]: tiles conserved, scores equal a recount); the seat's view
//! lists the same legal moves as the state; and, at the end, the game terminated, and its
//! record survives a JSON round trip and replays to the same outcome.

use crate::{derive_seed, rng_from_seed, Determinize, Game, Record, Seat, View};
use rand::seq::SliceRandom;

/// What the playouts saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Games played.
    pub games: usize,
    /// Moves played in all games.
    pub moves: usize,
    /// The longest game, in moves.
    pub longest: usize,
}

/// Plays `games` random games from seeds derived from `seed` and checks every invariant.
/// Returns the first violation as a message naming the game seed and move number.
pub fn random_playouts<G: Game>(
    rules: &G::Rules,
    seed: u64,
    games: usize,
    max_moves: usize,
) -> Result<PlayoutStats, String> {
    let mut stats = PlayoutStats::default();
    for g in 0..games {
        let game_seed = derive_seed(seed, g as u64);
        let n = one_playout::<G>(rules, game_seed, max_moves)
            .map_err(|e| format!("game seed {game_seed}: {e}"))?;
        stats.games += 1;
        stats.moves += n;
        stats.longest = stats.longest.max(n);
    }
    Ok(stats)
}

fn one_playout<G: Game>(rules: &G::Rules, seed: u64, max_moves: usize) -> Result<usize, String> {
    let mut game = G::new(rules, seed).map_err(|e| format!("new: {e}"))?;
    game.check_invariants()
        .map_err(|e| format!("initial state: {e}"))?;
    let mut rng = rng_from_seed(seed ^ 0x5EED);
    let mut record = Record::<G>::new(rules.clone(), seed, Vec::new());
    while let Some(seat) = game.to_move() {
        let n = record.moves.len();
        if n >= max_moves {
            return Err(format!("no end after {max_moves} moves"));
        }
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Err(format!("move {n}: {seat} is to move but has no legal move"));
        }
        let view = game.view(seat);
        if view.seat() != seat || view.to_move() != Some(seat) {
            return Err(format!(
                "move {n}: the view of {seat} disagrees on whose turn it is"
            ));
        }
        let view_moves = view.legal_moves();
        if !same_moves::<G>(&moves, &view_moves) {
            return Err(format!(
                "move {n}: the view's legal moves ({}) differ from the state's ({})",
                view_moves.len(),
                moves.len()
            ));
        }
        // the wire form of the view is complete: a program reading it back lists the
        // same moves (what `tessera client` and remote bots rely on)
        let text =
            serde_json::to_string(&view).map_err(|e| format!("move {n}: view to JSON: {e}"))?;
        let back: G::View = serde_json::from_str(&text)
            .map_err(|e| format!("move {n}: the view's JSON does not read back: {e}: {text}"))?;
        if !same_moves::<G>(&back.legal_moves(), &view_moves) {
            return Err(format!(
                "move {n}: the view read back from JSON lists other moves"
            ));
        }
        serde_json::to_string(&game.public_view())
            .map_err(|e| format!("move {n}: public view to JSON: {e}"))?;
        for other in 0..game.seats() {
            let v = game.view(Seat(other as u8));
            if other != seat.index() && !v.legal_moves().is_empty() {
                return Err(format!(
                    "move {n}: seat {other} has legal moves out of turn"
                ));
            }
        }
        let mv = moves.choose(&mut rng).expect("not empty").clone();
        game.play(&mv)
            .map_err(|e| format!("move {n}: legal move {mv:?} refused: {e}"))?;
        game.check_invariants()
            .map_err(|e| format!("after move {n} ({mv:?}): {e}"))?;
        record.moves.push(mv);
    }
    if !game.legal_moves().is_empty() {
        return Err("the game is over but still lists legal moves".into());
    }
    let outcome = game
        .outcome()
        .ok_or("the game is over but has no outcome")?;
    if outcome.scores.len() != game.seats() {
        return Err("the outcome does not score every seat".into());
    }
    record.outcome = Some(outcome.clone());
    let json = serde_json::to_string(&record).map_err(|e| format!("record to JSON: {e}"))?;
    let back: Record<G> =
        serde_json::from_str(&json).map_err(|e| format!("record from JSON: {e}"))?;
    if back != record {
        return Err("the record changed in a JSON round trip".into());
    }
    let replayed = back.replay().map_err(|e| format!("replay: {e}"))?;
    if replayed.outcome() != Some(outcome) {
        return Err("the replay ended differently".into());
    }
    Ok(record.moves.len())
}

fn same_moves<G: Game>(a: &[G::Move], b: &[G::Move]) -> bool {
    a.len() == b.len() && a.iter().all(|m| b.contains(m))
}

/// Checks that hidden information stays hidden, along `games` seeded random games: at
/// every move, for every seat, a state sampled from that seat's view
/// ([`Determinize::determinize`]) gives the same JSON for that seat's view and for the
/// public view as the true state. So neither depends on anything the seat cannot see
/// (the others' tiles, the pile's order), whatever the game.
pub fn hidden_stays_hidden<G: Determinize>(
    rules: &G::Rules,
    seed: u64,
    games: usize,
    max_moves: usize,
) -> Result<usize, String> {
    let mut checked = 0;
    for g in 0..games {
        let game_seed = derive_seed(seed, g as u64);
        let mut game = G::new(rules, game_seed).map_err(|e| format!("new: {e}"))?;
        let mut rng = rng_from_seed(game_seed ^ 0x41DE);
        let mut n = 0;
        while game.to_move().is_some() && n < max_moves {
            let public = json(&game.public_view())?;
            for s in 0..game.seats() {
                let seat = Seat(s as u8);
                let view = game.view(seat);
                let sample = G::determinize(&view, &mut rng);
                if json(&sample.view(seat))? != json(&view)? {
                    return Err(format!(
                        "game seed {game_seed}, move {n}: {seat}'s view of a sample of its view differs"
                    ));
                }
                if json(&sample.public_view())? != public {
                    return Err(format!(
                        "game seed {game_seed}, move {n}: the public view depends on what {seat} cannot see"
                    ));
                }
                checked += 1;
            }
            let moves = game.legal_moves();
            let mv = moves.choose(&mut rng).ok_or("no legal move")?.clone();
            game.play(&mv).map_err(|e| format!("move {n}: {e}"))?;
            n += 1;
        }
    }
    Ok(checked)
}

fn json<T: serde::Serialize>(v: &T) -> Result<String, String> {
    serde_json::to_string(v).map_err(|e| e.to_string())
}
