//! How much could a Q bot gain on `lines`, and from what? (`cargo run --release -p
//! tessera-ai --example qoracle -- OPP GAMES [--cap N] [--worlds N] [--no-reply]
//! [--know-opp] [--know-kept] [--know-pile]`, figures in docs/strategies.md.) Seat A tries
//! each of its moves (every set of placements in one line, the `--cap` with the most
//! points, a replace, a pass), plays the next player's reply (with `--no-reply`, only
//! whether that player could place its whole hand), and prefers a move after which the
//! next player does not finish and A can place its whole hand next turn, then the lead.
//! Without `--worlds` A cheats: it reads the true game (the other hand, the pile in order)
//! and plays OPP's exact reply, an upper bound of what looking one reply ahead can give,
//! not a bot. With `--worlds N` it is honest: each move is judged on the same N deals of
//! the tiles it cannot see (the other hand, then the pile), with `lines` as the model of
//! the reply. `--know-opp` or `--know-pile` puts the true hand or the true pile in every
//! deal (what that part of the hidden tiles is worth); `--know-kept` the tiles the other
//! player kept from its last turn (the most that guessing its hand from its moves could
//! tell). Game `g` is dealt from seed `1000 + g` (as in `qstudy`); A takes seat 0 in even
//! games. Draws count half.
use std::collections::HashSet;
use tessera_core::{rng_from_seed, Game, GameRng, Seat, Strategy};
use tessera_q::{Choice, Map, Placement, QGame, QRules, QView, Tile};

/// Every set of placements in one line (each set once, in a legal order) with its points.
fn all_sets(map: &Map, hand: &[Tile], bonuses: tessera_q::Bonuses) -> Vec<(u64, Vec<Placement>)> {
    fn dfs(
        map: &mut Map,
        hand: &mut Vec<Tile>,
        placed: &mut Vec<Placement>,
        full: usize,
        bonuses: tessera_q::Bonuses,
        seen: &mut HashSet<Vec<(i32, i32, usize)>>,
        out: &mut Vec<(u64, Vec<Placement>)>,
    ) {
        let mut kinds = hand.clone();
        kinds.sort_unstable();
        kinds.dedup();
        for t in kinds {
            for c in map.candidates(t) {
                if let Some(first) = placed.first() {
                    let row =
                        placed.iter().all(|p| p.coord.row == c.row) && first.coord.row == c.row;
                    let col =
                        placed.iter().all(|p| p.coord.col == c.col) && first.coord.col == c.col;
                    if !row && !col {
                        continue;
                    }
                }
                let i = hand.iter().position(|h| *h == t).expect("in hand");
                hand.swap_remove(i);
                map.insert(c, t);
                placed.push(Placement::new(c, t));
                let mut key: Vec<(i32, i32, usize)> = placed
                    .iter()
                    .map(|p| (p.coord.row, p.coord.col, p.tile.index()))
                    .collect();
                key.sort_unstable();
                if seen.insert(key) {
                    let mut pts = tessera_q::score(map, placed, bonuses.q);
                    if placed.len() == full {
                        pts += bonuses.finish;
                    }
                    out.push((pts, placed.clone()));
                    if !hand.is_empty() {
                        dfs(map, hand, placed, full, bonuses, seen, out);
                    }
                }
                placed.pop();
                map.remove(c);
                hand.push(t);
                let last = hand.len() - 1;
                hand.swap(i, last);
            }
        }
    }
    let mut out = Vec::new();
    let mut m = map.clone();
    let mut h = hand.to_vec();
    dfs(
        &mut m,
        &mut h,
        &mut Vec::new(),
        hand.len(),
        bonuses,
        &mut HashSet::new(),
        &mut out,
    );
    out.sort_by_key(|(p, _)| std::cmp::Reverse(*p));
    out
}

/// 1 won, 0 lost, 0.5 drawn, for `me`, of a game that is over.
fn result(g: &QGame, me: usize) -> f64 {
    let s = g.scores();
    let other = s
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != me)
        .map(|(_, v)| *v)
        .max()
        .unwrap_or(0);
    match s[me].cmp(&other) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Less => 0.0,
        std::cmp::Ordering::Equal => 0.5,
    }
}

fn lead(g: &QGame, me: usize) -> f64 {
    let s = g.scores();
    s[me] as f64 - s[1 - me] as f64
}

/// The moves worth trying (the `cap` sets of placements with the most points, a replace
/// when the pile allows, a pass), or `Err` with a placement of the whole hand (played at
/// once: the finisher nearly always wins).
fn moves_to_try(v: &QView, cap: usize) -> Result<Vec<Choice>, Choice> {
    let k = &v.knowledge;
    let hand = &k.active.hand;
    let sets = all_sets(&k.map, hand, v.rules.bonuses);
    if let Some((_, ps)) = sets.iter().find(|(_, ps)| ps.len() == hand.len()) {
        return Err(Choice::Place(ps.clone()));
    }
    let mut moves: Vec<Choice> = sets
        .into_iter()
        .take(cap)
        .map(|(_, ps)| Choice::Place(ps))
        .collect();
    if k.pile >= hand.len() {
        moves.push(Choice::Replace);
    }
    moves.push(Choice::Pass);
    Ok(moves)
}

/// The value for seat `me` of a game after its move and the reply: the result times 1,000
/// when it is over, else 500, plus 400 when `me` can place its whole hand, plus its lead.
fn judge(g: &QGame, me: usize, bonuses: tessera_q::Bonuses) -> f64 {
    if g.to_move().is_none() {
        return result(g, me) * 1000.0;
    }
    let can =
        tessera_ai::q_lookahead::finish_exists(g.map(), &g.players()[me].hand, bonuses, 1_000_000)
            .is_some();
    500.0 + if can { 400.0 } else { 0.0 } + lead(g, me)
}

fn oracle(
    g: &QGame,
    me: Seat,
    opp: &mut dyn Strategy<QGame>,
    cap: usize,
    rng: &mut GameRng,
) -> Choice {
    let v = g.view(me);
    let moves = match moves_to_try(&v, cap) {
        Ok(moves) => moves,
        Err(finish) => return finish,
    };
    let m = me.index();
    let mut best = (f64::NEG_INFINITY, Choice::Pass);
    for mv in moves {
        let mut g2 = g.clone();
        if g2.play(&mv).is_err() {
            continue;
        }
        if let Some(o) = g2.to_move() {
            let reply = opp.choose(&g2.view(o), rng);
            g2.play(&reply).expect("legal");
        }
        let value = judge(&g2, m, v.rules.bonuses);
        if value > best.0 {
            best = (value, mv);
        }
    }
    best.1
}

/// The honest version: the same judgement, averaged over `worlds` deals of the hidden tiles
/// (the other player's hand and the pile, dealt from the tiles `me` cannot see; the same
/// deals for every move).
fn sampled(
    g: &QGame,
    me: Seat,
    study: &Study,
    worlds: usize,
    kept: &[Tile],
    rng: &mut GameRng,
) -> Choice {
    let cap = study.cap;
    use rand::seq::SliceRandom;
    use rayon::prelude::*;
    let v = g.view(me);
    let k = &v.knowledge;
    let hand = k.active.hand.clone();
    let mut moves = match moves_to_try(&v, cap) {
        Ok(moves) => moves,
        Err(finish) => return finish,
    };
    // the unseen tiles: the whole set less the map and the hand
    let mut counts = vec![0usize; 36];
    for t in Tile::set(v.rules.copies) {
        counts[t.index()] += 1;
    }
    for (_, t) in k.map.iter() {
        counts[t.index()] -= 1;
    }
    for t in &hand {
        counts[t.index()] -= 1;
    }
    let kinds = Tile::set(1);
    let mut unseen: Vec<Tile> = Vec::new();
    for t in &kinds {
        for _ in 0..counts[t.index()] {
            unseen.push(*t);
        }
    }
    let m = me.index();
    let o = 1 - m;
    let opp_len = v.hand_sizes[o];
    let bonuses = v.rules.bonuses;
    let (no_reply, know_opp, know_pile) = (study.no_reply, study.know_opp, study.know_pile);
    let games: Vec<QGame> = (0..worlds)
        .map(|_| {
            unseen.shuffle(rng);
            let mut opp_hand = unseen[..opp_len].to_vec();
            let mut pile: std::collections::VecDeque<Tile> =
                unseen[opp_len..opp_len + k.pile].iter().copied().collect();
            if study.know_kept {
                opp_hand[..kept.len()].copy_from_slice(kept);
            }
            // studies of what the hidden tiles are worth: the true hand or the true pile
            if know_opp {
                opp_hand = g.players()[o].hand.clone();
            }
            if know_pile {
                pile = g.ref_state(me).pile;
            }
            let mine = g.players()[m].clone();
            let mut other = g.players()[o].clone();
            other.hand = opp_hand;
            QGame::from_state(
                tessera_q::GameState {
                    map: k.map.clone(),
                    active: mine,
                    others: vec![other],
                    pile,
                },
                bonuses,
            )
        })
        .collect();
    let values: Vec<f64> = moves
        .par_iter()
        .map(|mv| {
            let mut sim = tessera_ai::q::Lines::default();
            let mut r = rng_from_seed(0);
            let mut total = 0.0;
            for w in &games {
                let mut g2 = w.clone();
                if g2.play(mv).is_err() {
                    return f64::NEG_INFINITY;
                }
                if g2.to_move().is_some() {
                    if no_reply {
                        let opp_can = tessera_ai::q_lookahead::finish_exists(
                            g2.map(),
                            &g2.players()[1].hand,
                            bonuses,
                            1_000_000,
                        )
                        .is_some();
                        if opp_can {
                            continue;
                        }
                    } else {
                        let reply = sim.choose(&g2.view(Seat(1)), &mut r);
                        g2.play(&reply).expect("legal");
                    }
                }
                total += judge(&g2, 0, bonuses);
            }
            total
        })
        .collect();
    let best = values
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map_or(0, |(i, _)| i);
    moves.swap_remove(best)
}

/// The study's settings (see the module's text).
#[derive(Default)]
struct Study {
    cap: usize,
    worlds: Option<usize>,
    no_reply: bool,
    know_opp: bool,
    know_kept: bool,
    know_pile: bool,
}

fn usage(why: &str) -> ! {
    eprintln!("qoracle: {why}\nusage: qoracle OPP GAMES [--cap N] [--worlds N] [--no-reply] [--know-opp] [--know-kept] [--know-pile]");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(b), Some(games)) = (args.first(), args.get(1)) else {
        usage("OPP and GAMES are needed");
    };
    let games: u64 = games.parse().unwrap_or_else(|_| usage("GAMES is a number"));
    let mut study = Study {
        cap: usize::MAX,
        ..Study::default()
    };
    let mut rest = args[2..].iter();
    while let Some(a) = rest.next() {
        let mut number = |what: &str| -> usize {
            rest.next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| usage(&format!("{what} takes a number")))
        };
        match a.as_str() {
            "--cap" => study.cap = number("--cap"),
            "--worlds" => study.worlds = Some(number("--worlds")),
            "--no-reply" => study.no_reply = true,
            "--know-opp" => study.know_opp = true,
            "--know-kept" => study.know_kept = true,
            "--know-pile" => study.know_pile = true,
            other => usage(&format!("unknown argument {other}")),
        }
    }
    let mut opp = tessera_ai::registry::q(b).unwrap_or_else(|e| panic!("{e}"));
    let mut sim = tessera_ai::registry::q(b).unwrap_or_else(|e| panic!("{e}"));
    let mut wins = 0.0;
    let mut first_move_losses = 0u64;
    let (mut kept_seen, mut replies) = (0u64, 0u64);
    for g in 0..games {
        let mut game = QGame::new(&QRules::default(), 1000 + g).expect("a game");
        let me = (g % 2) as usize;
        let mut rng = rng_from_seed(g);
        let mut turns = 0;
        // the tiles the other seat kept from its last turn (none before its first)
        let mut kept: Vec<Tile> = Vec::new();
        while let Some(s) = game.to_move() {
            let mv = if s.index() == me {
                match study.worlds {
                    Some(w) => sampled(&game, s, &study, w, &kept, &mut rng),
                    None => oracle(&game, s, sim.as_mut(), study.cap, &mut rng),
                }
            } else {
                let mv = opp.choose(&game.view(s), &mut rng);
                kept = game.players()[s.index()].hand.clone();
                match &mv {
                    Choice::Place(ps) => {
                        for p in ps {
                            let i = kept
                                .iter()
                                .position(|t| *t == p.tile)
                                .expect("placed from the hand");
                            kept.swap_remove(i);
                        }
                    }
                    Choice::Replace => kept.clear(),
                    Choice::Pass => {}
                }
                kept_seen += kept.len() as u64;
                replies += 1;
                mv
            };
            game.play(&mv).expect("a legal move");
            turns += 1;
        }
        let r = result(&game, me);
        if r == 0.0 && turns == 1 {
            first_move_losses += 1;
        }
        wins += r;
    }
    println!(
        "A vs {b}: {games} games, A won {:.1}% (lost {first_move_losses} on the first move, before it moved); {b} kept {:.2} tiles a move",
        100.0 * wins / games as f64,
        kept_seen as f64 / replies.max(1) as f64
    );
}
