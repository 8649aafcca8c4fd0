//! How long a bot takes per move (`cargo run --release -p tessera-ai --example move_times --
//! GAME A B GAMES`): 2-player games of GAME (triominos, q, akropolis) between specs A and B,
//! A's time per move measured here on one core (mean, 99th percentile, maximum) and its
//! win rate. Game `g` is dealt from seed `1000 + g`; A takes seat 0 in even games.
use std::time::Instant;
use tessera_core::{rng_from_seed, Game, Strategy};

type Make<G> = fn(&str) -> Result<Box<dyn Strategy<G>>, tessera_ai::registry::SpecError>;

fn study<G: Game>(rules: &G::Rules, make: Make<G>, a: &str, b: &str, games: u64) {
    let bot = |s: &str| make(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    let mut times: Vec<f64> = Vec::new();
    let mut a_wins = 0.0;
    for g in 0..games {
        let mut game = G::new(rules, 1000 + g).unwrap_or_else(|_| panic!("game {g}"));
        let a_seat = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Strategy<G>>> = if a_seat == 0 {
            vec![bot(a), bot(b)]
        } else {
            vec![bot(b), bot(a)]
        };
        let mut rng = rng_from_seed(g);
        while let Some(s) = game.to_move() {
            let v = game.view(s);
            let t0 = Instant::now();
            let mv = bots[s.index()].choose(&v, &mut rng);
            if s.index() == a_seat {
                times.push(t0.elapsed().as_secs_f64() * 1e3);
            }
            if let Err(e) = game.play(&mv) {
                panic!("game {g}: an illegal move: {e}");
            }
        }
        if let Some(o) = game.outcome() {
            if o.winners.iter().any(|w| w.index() == a_seat) {
                a_wins += 1.0 / o.winners.len() as f64;
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let n = times.len().max(1);
    let mean = times.iter().sum::<f64>() / n as f64;
    let p99 = times.get((n * 99 / 100).min(n - 1)).copied().unwrap_or(0.0);
    let max = times.last().copied().unwrap_or(0.0);
    println!(
        "{a} vs {b}: {games} games, {a} won {:.1}%",
        100.0 * a_wins / games.max(1) as f64
    );
    println!(
        "{a}: {} moves, mean {mean:.2} ms, p99 {p99:.2} ms, max {max:.2} ms per move",
        times.len()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(game), Some(a), Some(b), Some(games)) =
        (args.get(1), args.get(2), args.get(3), args.get(4))
    else {
        eprintln!("usage: move_times GAME SPEC_A SPEC_B GAMES   (GAME: triominos, q, akropolis)");
        std::process::exit(2);
    };
    let Ok(games) = games.parse::<u64>() else {
        eprintln!("GAMES must be a number, not {games:?}");
        std::process::exit(2);
    };
    use tessera_ai::registry;
    match game.as_str() {
        "triominos" => study::<tessera_triominos::TriominosGame>(
            &tessera_triominos::Rules::standard(2),
            registry::triominos,
            a,
            b,
            games,
        ),
        "q" => study::<tessera_q::QGame>(&tessera_q::QRules::default(), registry::q, a, b, games),
        "akropolis" => study::<tessera_akropolis::Akropolis>(
            &tessera_akropolis::Rules::new(2, Default::default()),
            registry::akropolis,
            a,
            b,
            games,
        ),
        other => {
            eprintln!("unknown game {other:?}: triominos, q or akropolis");
            std::process::exit(2);
        }
    }
}
