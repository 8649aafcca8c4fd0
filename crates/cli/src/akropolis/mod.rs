//! The akropolis front end: terminal play (with the solo Architect), records and replay,
//! the conformance harness and the speed figures.

mod bench;
mod harness;
mod play;
mod render;

pub use play::{play, replay, PlayArgs};

use anyhow::Result;

/// `tessera harness akropolis`.
pub fn harness() -> Result<()> {
    let mut counter = 0u64;
    crate::common::line_harness(|line| {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            harness::answer_line(line, &mut counter)
        })) {
            Ok(v) => v,
            Err(_) => serde_json::json!({"error": "internal error"}),
        }
    })
}

/// Options of `tessera bench akropolis`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Seconds spent on each measurement.
    #[arg(long, default_value_t = 1.0)]
    pub seconds: f64,
}

/// `tessera bench akropolis`.
pub fn bench(args: BenchArgs) -> Result<()> {
    let f = bench::measure(args.seconds);
    if args.json {
        println!("{}", serde_json::to_string(&f)?);
    } else {
        println!(
            "generate_all_valid_moves (late 4-player game, {} moves): {:.2} us",
            f.late_game_moves, f.valid_moves_us
        );
        println!("complete scores (late 4-player game): {:.2} us", f.score_us);
        println!("random 4-player games: {:.0} games/s", f.random_games_per_s);
    }
    Ok(())
}
