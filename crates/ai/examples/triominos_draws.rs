//! When does a Triominos bot draw while it could place? Plays 2-player games of `--bot`
//! against `--opponent` (each deal twice, the bot in each seat) and prints how often the
//! bot drew when it could place, by pile, tray, best placement score, placements and draws
//! made (see `tessera_ai::draw_study`).
//!
//! ```sh
//! nice -n 10 cargo run --release -p tessera-ai --example triominos_draws -- \
//!     --games 200 --seed 1 --bot ismcts:iters=1000 --opponent greedy
//! ```

use std::time::Instant;
use tessera_ai::{draw_study, registry};

fn main() {
    if let Err(e) = run() {
        eprintln!("triominos_draws: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut games: u64 = 200;
    let mut seed: u64 = 1;
    let mut bot = "ismcts:iters=1000".to_string();
    let mut opponent = "greedy".to_string();
    let mut max_moves: usize = 100_000;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{a} needs a value"));
        match a.as_str() {
            "--games" => games = value()?.parse().map_err(|_| "--games takes a number")?,
            "--seed" => seed = value()?.parse().map_err(|_| "--seed takes a number")?,
            "--bot" => bot = value()?,
            "--opponent" => opponent = value()?,
            "--max-moves" => {
                max_moves = value()?.parse().map_err(|_| "--max-moves takes a number")?
            }
            "-h" | "--help" => {
                println!(
                    "triominos_draws [--games N] [--seed S] [--bot SPEC] [--opponent SPEC] [--max-moves N]"
                );
                return Ok(());
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    // refuse a bad spec before any game
    registry::triominos(&bot).map_err(|e| e.to_string())?;
    registry::triominos(&opponent).map_err(|e| e.to_string())?;
    let make_bot = || registry::triominos(&bot).expect("checked above");
    let make_opponent = || registry::triominos(&opponent).expect("checked above");
    let start = Instant::now();
    let study = draw_study::play(&make_bot, &make_opponent, games, seed, max_moves, |s| {
        if s.games % 10 == 0 {
            eprintln!(
                "{} games, {:.1} s, {} decisions, {} voluntary draws",
                s.games,
                start.elapsed().as_secs_f64(),
                s.total().decisions,
                s.total().draws
            );
        }
    })?;
    println!(
        "bot {bot} vs {opponent}, {} games, seed {seed}, {:.1} s\n",
        study.games,
        start.elapsed().as_secs_f64()
    );
    print!("{}", draw_study::report(&study));
    Ok(())
}
