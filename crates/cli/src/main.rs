//! `tessera`: play, replay, benchmark and test the games of Tessera from the command line.

mod akropolis;
mod common;
mod q;
mod qcourse;
mod tournament;
mod triominos;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Tessera: a game server and AI for tile-laying board games (Triominos, Q, Akropolis).
#[derive(Parser)]
#[command(name = "tessera", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in the terminal, with people and/or bots.
    Play {
        #[command(subcommand)]
        game: PlayGame,
    },
    /// Replay a game record (JSON) move by move, checking every move.
    Replay {
        /// The record file written by `play --record FILE` ("-" for standard input), or
        /// the id of a game in the server's database (an all-digit name that is no file).
        file: PathBuf,
        /// The server's database, for a game id.
        #[arg(long, default_value = "tessera.db")]
        db: PathBuf,
        /// Print only the final result.
        #[arg(long)]
        quiet: bool,
    },
    /// Speak a game's conformance protocol on standard input/output (see the specs).
    Harness {
        #[command(subcommand)]
        game: HarnessGame,
    },
    /// Play many bot games in parallel and compare the strategies with statistics.
    Tournament(tournament::TournamentArgs),
    /// Measure a game's engine speed and print the figures.
    Bench {
        #[command(subcommand)]
        game: BenchGame,
    },
    /// Q over TCP, wire-compatible with the Racket reference: `q server`, `q client`.
    Q {
        #[command(subcommand)]
        command: qcourse::QCommand,
    },
}

#[derive(Subcommand)]
enum PlayGame {
    /// Triominos (triangular tiles, 2-6 players).
    Triominos(triominos::PlayArgs),
    /// Q (the Qwirkle variant of the Racket reference, 2-4 players).
    Q(q::PlayArgs),
    /// Akropolis (hexagonal city building, 2-4 players, or solo).
    Akropolis(akropolis::PlayArgs),
}

#[derive(Subcommand)]
enum HarnessGame {
    /// One JSON request per line: check, legal, first_player, round_end.
    Triominos,
    /// One of the reference's test harness programs (xmap, xlegal, ...).
    Q(q::HarnessArgs),
    /// One JSON request per line: the assignment's tasks.
    Akropolis,
}

#[derive(Subcommand)]
enum BenchGame {
    /// Enumeration on the benchmark board and greedy-vs-greedy games per second.
    Triominos(triominos::BenchArgs),
    /// Whole dag/ldasg games from a fixed state, and placement enumeration.
    Q(q::BenchArgs),
    /// Move generation, scoring and random games per second.
    Akropolis(akropolis::BenchArgs),
}

fn main() -> ExitCode {
    // `tessera ... | head` should end quietly, as other command-line tools do
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tessera: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Play { game } => match game {
            PlayGame::Triominos(args) => triominos::play(args),
            PlayGame::Q(args) => q::play(args),
            PlayGame::Akropolis(args) => akropolis::play(args),
        },
        Command::Replay { file, db, quiet } => {
            let _ = &db;
            let value: serde_json::Value = {
                let text = common::read_input(&file)?;
                serde_json::from_str(&text)
                    .with_context(|| format!("{} is not a JSON game record", file.display()))?
            };
            let game = value
                .get("game")
                .and_then(|g| g.as_str())
                .context("the record has no \"game\" field")?
                .to_string();
            match game.as_str() {
                "triominos" => triominos::replay(value, quiet),
                "q" => q::replay(value, quiet),
                "akropolis" => akropolis::replay(value, quiet),
                other => anyhow::bail!("unknown game {other:?} in the record"),
            }
        }
        Command::Harness { game } => match game {
            HarnessGame::Triominos => triominos::harness(),
            HarnessGame::Q(args) => q::harness(args),
            HarnessGame::Akropolis => akropolis::harness(),
        },
        Command::Tournament(args) => tournament::run(args),
        Command::Bench { game } => match game {
            BenchGame::Triominos(args) => triominos::bench(args),
            BenchGame::Q(args) => q::bench(args),
            BenchGame::Akropolis(args) => akropolis::bench(args),
        },
        Command::Q { command } => qcourse::run(command),
    }
}
