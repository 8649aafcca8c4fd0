//! `tessera`: play, replay, benchmark and test the games of Tessera from the command line.
//!
//! Every command iterates the registry of games ([`tessera_games::Registry`]): no game is
//! named here. `play` has one subcommand per game (built at run time, [`play`]); the other
//! commands are declared below and take the game's name as an argument.

mod admin;
mod analyze;
mod common;
mod host;
mod learn;
mod limits;
mod logs;
mod open_files;
mod play;
mod qcourse;
mod queue;
mod results;
mod serve_bench;
mod stored;
mod studies;
mod tournament;
mod turn_flags;
mod workers;

use anyhow::{Context, Result};
use clap::{FromArgMatches, Subcommand};
use serde_json::Value;
use std::path::PathBuf;
use std::process::ExitCode;
use tessera_games::{GameEntry, Registry};

// many threads allocate small buffers (messages, views) all the time: a thread-caching
// allocator keeps that off glibc's arena locks
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

// The commands besides `play` (which is built from the registry).
#[derive(Subcommand)]
enum Command {
    /// Replay a game record (JSON) move by move, checking every move.
    Replay {
        /// The record file written by `play --record FILE` ("-" for standard input), or
        /// the id of a game in the server's store (an all-digit name that is no file).
        file: PathBuf,
        /// The server's store, for a game id: a SQLite file or a PostgreSQL URL
        /// (`postgres://USER@HOST/DB`).
        #[arg(long, default_value = "tessera.db")]
        db: String,
        /// Print only the final result.
        #[arg(long)]
        quiet: bool,
    },
    /// Check an ended game's deal: the seed and salt revealed at its end hash to the
    /// commitment shown from its start, and its moves replay from that seed to the scores
    /// recorded.
    Verify {
        /// The record (`GET /api/games/ID/record`; "-" for standard input), or the id of a
        /// game in the server's store (an all-digit name that is no file).
        file: PathBuf,
        /// The server's store, for a game id: a SQLite file or a PostgreSQL URL.
        #[arg(long, default_value = "tessera.db")]
        db: String,
    },
    /// Analyse an ended game: every move of the chosen seats judged by the search from the
    /// seat's view (win chance before and after, the best moves, a class by win chance lost).
    Analyze(analyze::AnalyzeArgs),
    /// Speak a game's conformance protocol on standard input/output (see the specs).
    Harness {
        /// The game.
        #[arg(index = 1)]
        game: String,
        /// The harness's own arguments (Q: the reference harness, xmap ... xbaddies, and
        /// `--per-turn SECONDS`).
        #[arg(index = 2, trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Run the one host: programs over TCP, people and spectators in the browser, one store.
    Serve(Box<host::ServeArgs>),
    /// The arena runner: the host of `serve` (same options) that also keeps the house
    /// levels playing each other (`--house-games`, 1 per game) for `--hours`, so that
    /// bots that connect with a token and `"rated": true` are rated within minutes.
    Arena(Box<host::ServeArgs>),
    /// Sign bots up on a server over TCP and play (one connection per bot).
    Client(host::ClientArgs),
    /// List the games of a server's store, newest first.
    Games(host::GamesArgs),
    /// The arena's leaderboards from a store (`--check`: recompute every rating from the
    /// stored rated games and compare).
    Ratings(host::RatingsArgs),
    /// The operator's actions on a store, beside the hosts that serve it: ban and unban
    /// accounts, abort games, list the live games by node, the log of every action.
    Admin(admin::AdminArgs),
    /// Copy a SQLite store into a new file while a host serves it (PostgreSQL: pg_dump).
    Backup(admin::BackupArgs),
    /// Play many bot games in parallel and compare the strategies with statistics.
    Tournament(Box<tournament::TournamentArgs>),
    /// Play the jobs of tournaments queued in PostgreSQL (`tournament --workers`) until
    /// none is left; run any number, on any machines.
    Worker(workers::WorkerArgs),
    /// Q over TCP, wire-compatible with the Racket reference: `q server`, `q client`.
    Q {
        #[command(subcommand)]
        command: qcourse::QCommand,
    },
    /// Play a bot against itself and write every position, from each seat's view, with
    /// the game's result (CSV): the data `train` learns from.
    Selfplay(learn::SelfplayArgs),
    /// Train a value network from `selfplay` data with a fixed seed, printing the loss
    /// curves (the engine's network: crates/ai/models/).
    Train(learn::TrainArgs),
    /// Measure a game's engine speed and print the figures.
    Bench {
        /// The game.
        game: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Seconds spent on each figure.
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
    },
}

/// The whole command line: `play` from the registry, then the declared commands.
fn cli(registry: &Registry) -> clap::Command {
    let games = registry
        .iter()
        .map(|e| format!("  {:<12} {}", e.name(), e.info().about))
        .collect::<Vec<_>>()
        .join("\n");
    let names = registry.names().join(", ");
    let root = clap::Command::new("tessera")
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .after_help(format!("Games:\n{games}"))
        .subcommand(play::command(registry));
    Command::augment_subcommands(root)
        .about("Tessera: a game server and AI for tile-laying board games")
        .mut_subcommand("harness", |c| {
            c.mut_arg("game", |a| a.help(format!("The game: {names}")))
        })
        .mut_subcommand("bench", |c| {
            c.mut_arg("game", |a| a.help(format!("The game: {names}")))
        })
}

fn main() -> ExitCode {
    // `tessera ... | head` should end quietly, as other command-line tools do
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let registry = Registry::standard();
    let matches = cli(&registry).get_matches();
    match run(&registry, &matches) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tessera: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(registry: &Registry, matches: &clap::ArgMatches) -> Result<()> {
    if let Some(("play", m)) = matches.subcommand() {
        let (game, m) = m.subcommand().context("which game?")?;
        return play::run(registry, game, m);
    }
    match Command::from_arg_matches(matches)? {
        Command::Replay { file, db, quiet } => replay(registry, &file, &db, quiet),
        Command::Verify { file, db } => {
            let record = read_record(&file, &db)?;
            let verified = tessera_games::deal::verify(registry, &record)?;
            println!("{verified}");
            Ok(())
        }
        Command::Analyze(args) => analyze::run(registry, args),
        Command::Harness { game, args } => {
            let entry = registry.find(&game)?;
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            match entry.harness(&args, &mut stdin.lock(), &mut stdout.lock()) {
                Some(r) => r.map_err(anyhow::Error::msg),
                None => anyhow::bail!("{} has no conformance harness", entry.info().title),
            }
        }
        Command::Serve(args) => host::serve(registry, *args, false),
        Command::Arena(args) => host::serve(registry, *args, true),
        Command::Client(args) => host::client(registry, args),
        Command::Games(args) => host::games(args),
        Command::Ratings(args) => host::ratings(registry, args),
        Command::Admin(args) => admin::admin(args),
        Command::Backup(args) => admin::backup(args),
        Command::Tournament(args) => tournament::run(registry, *args),
        Command::Worker(args) => workers::worker(registry, args),
        Command::Q { command } => qcourse::run(command),
        Command::Selfplay(args) => learn::selfplay(args),
        Command::Train(args) => learn::train(args),
        Command::Bench {
            game,
            json,
            seconds,
        } => bench(registry.find(&game)?.as_ref(), json, seconds),
    }
}

/// The record that `tessera replay` and `tessera verify` read: a file, standard input
/// ("-"), or the game of that id in the store `db` (an all-digit name that is no file).
fn read_record(file: &std::path::Path, db: &str) -> Result<Value> {
    let id = file
        .to_str()
        .filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()))
        .and_then(|s| s.parse::<i64>().ok());
    Ok(match id {
        Some(id) if !file.exists() => stored::stored_record(db, id)?,
        _ => {
            let text = common::read_input(file)?;
            serde_json::from_str(&text)
                .with_context(|| format!("{} is not a JSON game record", file.display()))?
        }
    })
}

/// `tessera replay FILE`: every move's words, then the result.
fn replay(registry: &Registry, file: &std::path::Path, db: &str, quiet: bool) -> Result<()> {
    let value = read_record(file, db)?;
    let game = value
        .get("game")
        .and_then(Value::as_str)
        .context("the record has no \"game\" field")?;
    let replay = registry.find(game)?.replay(&value)?;
    if !quiet {
        for step in &replay.steps {
            for (j, line) in step.log.iter().enumerate() {
                match step.index {
                    Some(i) if j == 0 => println!("{:>4}. {line}", i + 1),
                    Some(_) => println!("      {line}"),
                    None => println!("{line}"),
                }
            }
        }
    }
    let moves = replay.steps.len() - 1;
    match &replay.outcome {
        Some(_) => println!("\nReplay matches the record ({moves} moves)."),
        None => println!("\nThe record ends before the game does ({moves} moves)."),
    }
    let scores = replay
        .steps
        .last()
        .map(|s| s.scores.clone())
        .unwrap_or_default();
    for (i, s) in scores.iter().enumerate() {
        let name = replay
            .players
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("seat {i}"));
        let won = replay
            .outcome
            .as_ref()
            .is_some_and(|o| o.winners.iter().any(|w| w.index() == i));
        println!(
            "  {:<24} {s:>5}{}",
            format!("{i}: {name}"),
            if won { "  winner" } else { "" }
        );
    }
    Ok(())
}

/// `tessera bench GAME`: the game's figures, as JSON or a table.
fn bench(entry: &dyn GameEntry, json: bool, seconds: f64) -> Result<()> {
    if !(seconds > 0.0 && seconds.is_finite()) {
        anyhow::bail!("--seconds must be a positive number");
    }
    let mut figures = entry
        .bench(seconds)
        .with_context(|| format!("{} has no benchmark", entry.info().title))?;
    if json {
        if let Value::Object(m) = &mut figures {
            m.insert("game".into(), entry.name().into());
        }
        println!("{figures}");
        return Ok(());
    }
    println!("{} ({seconds} s per figure):", entry.info().title);
    match &figures {
        Value::Object(m) => {
            for (k, v) in m {
                println!("  {k:<28} {}", readable(v));
            }
        }
        v => println!("  {v}"),
    }
    Ok(())
}

/// A figure for people: a few significant digits.
fn readable(v: &Value) -> String {
    match v {
        Value::Number(n) if n.is_f64() => {
            let x = n.as_f64().unwrap_or_default();
            match x.abs() {
                a if a >= 100.0 => format!("{x:.0}"),
                a if a >= 1.0 => format!("{x:.2}"),
                _ => format!("{x:.3}"),
            }
        }
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        cli(&Registry::standard()).debug_assert();
    }

    #[test]
    fn figures_are_readable() {
        assert_eq!(readable(&serde_json::json!(6398.66)), "6399");
        assert_eq!(readable(&serde_json::json!(1.3591)), "1.36");
        assert_eq!(readable(&serde_json::json!(0.610778)), "0.611");
        assert_eq!(readable(&serde_json::json!(384)), "384");
        assert_eq!(readable(&serde_json::json!("a board")), "a board");
    }
}
