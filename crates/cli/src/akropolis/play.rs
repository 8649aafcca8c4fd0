//! `tessera play akropolis` and `tessera replay` for Akropolis records.

use super::render;
use crate::common::{player_list, prompt, write_json};
use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use tessera_akropolis::{Akropolis, Architect, ArchitectStrategy, Move, Rules, Variants};
use tessera_core::{derive_seed, rng_from_seed, Game, Record, Strategy};

/// Options of `tessera play akropolis`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Comma-separated players, one per seat: human, random, greedy, architect
    /// (default: random,random; with --solo: human).
    #[arg(long)]
    pub players: Option<String>,
    /// Scoring variants: the letters hmbtg, upper case = that variant on (e.g. HmBtg).
    #[arg(long, default_value = "hmbtg")]
    pub variants: String,
    /// Seed of the stacks (default: from the clock; printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Solo game against the Architect: hippodamos, metagenes or callicrates.
    #[arg(long)]
    pub solo: Option<String>,
    /// Write the game record (JSON) to this file.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Bots only: print the final result, not every move.
    #[arg(long)]
    pub quiet: bool,
}

enum Seat {
    Human,
    Bot(Box<dyn Strategy<Akropolis>>),
}

fn seat_of(name: &str) -> Result<Seat> {
    Ok(match name {
        "human" => Seat::Human,
        spec => Seat::Bot(
            tessera_ai::registry::akropolis(spec)
                .map_err(|e| anyhow::anyhow!("--players: {e} (or human)"))?,
        ),
    })
}

pub fn play(args: PlayArgs) -> Result<()> {
    let variants = Variants::parse(&args.variants).with_context(|| {
        format!(
            "--variants {:?}: expected the five letters hmbtg, upper case = variant on",
            args.variants
        )
    })?;
    let solo = match &args.solo {
        Some(s) => Some(Architect::parse(s).with_context(|| {
            format!("--solo {s:?}: expected hippodamos, metagenes or callicrates")
        })?),
        None => None,
    };
    let default_players = if solo.is_some() {
        "human"
    } else {
        "random,random"
    };
    let mut names = player_list(args.players.as_deref().unwrap_or(default_players))?;
    let rules = match solo {
        Some(level) => {
            if names.len() == 2 && names[1] == "architect" {
                names.pop();
            }
            if names.len() != 1 {
                bail!("--solo: give one player (the Architect takes seat 1)");
            }
            names.push(format!("architect {}", level.name()));
            Rules::solo(level, variants)
        }
        None => {
            if !(2..=4).contains(&names.len()) {
                bail!("--players: 2 to 4 players (or use --solo)");
            }
            Rules::new(names.len() as u8, variants)
        }
    };
    let mut seats: Vec<Seat> = Vec::new();
    for (k, n) in names.iter().enumerate() {
        if solo.is_some() && k == 1 {
            seats.push(Seat::Bot(Box::new(ArchitectStrategy)));
        } else {
            seats.push(seat_of(n)?);
        }
    }
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let any_human = seats.iter().any(|s| matches!(s, Seat::Human));
    let verbose = any_human || !args.quiet;
    let mut game = Akropolis::new(rules, seed).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut record = Record::<Akropolis>::new(rules, seed, names.clone());
    let mut bot_rng = rng_from_seed(derive_seed(seed, 1));
    if verbose {
        println!(
            "Akropolis, {} players, variants {variants}, seed {seed}{}",
            names.len(),
            solo.map(|l| format!(", solo against {}", l.name()))
                .unwrap_or_default()
        );
    }
    while let Some(seat) = game.to_move() {
        let k = seat.index();
        let mv = match &mut seats[k] {
            Seat::Bot(bot) => {
                let view = game.view(seat);
                let m = bot.choose(&view, &mut bot_rng);
                if verbose {
                    println!("player {k} ({}) plays {m}", names[k]);
                }
                m
            }
            Seat::Human => {
                print!("\n{}", render::table(&game, &names));
                match ask(&game, k, &names[k])? {
                    Some(m) => m,
                    None => {
                        println!("Game abandoned.");
                        if let Some(path) = &args.record {
                            write_json(path, &record)?;
                            println!("Record (unfinished) written to {}", path.display());
                        }
                        return Ok(());
                    }
                }
            }
        };
        game.play(mv)
            .map_err(|e| anyhow::anyhow!("move {mv} refused: {e}"))?;
        record.moves.push(mv);
    }
    let outcome = game.outcome().context("the game did not finish")?;
    record.outcome = Some(outcome.clone());
    if verbose {
        print!("\n{}", render::table(&game, &names));
    }
    print!("{}", render::final_table(&game, &names, &outcome));
    if let Some(path) = &args.record {
        write_json(path, &record)?;
        println!("Record written to {}", path.display());
    }
    Ok(())
}

const HELP: &str = "Type a move like 18S00E02R0 (tile, position of its first hex, rotation 0-5: \
the second hex goes in direction R, the third in R+1, directions 0=N 1=NE 2=SE 3=S 4=SW 5=NW), \
or the number of a move from `list`. `list` shows the numbered moves, `list 18` only those of \
tile 18; `quit` abandons the game.";

/// Asks a person for a move until a valid one is given; `None` to abandon.
fn ask(game: &Akropolis, k: usize, name: &str) -> Result<Option<Move>> {
    let mut moves = game.valid_moves();
    moves.sort();
    println!(
        "Player {k} ({name}), your move: {} valid moves. Type `help` for help.",
        moves.len()
    );
    loop {
        let Some(line) = prompt(&format!("player {k}> "))? else {
            return Ok(None);
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line == "quit" || line == "q" {
            return Ok(None);
        }
        if line == "help" || line == "?" {
            println!("{HELP}");
            continue;
        }
        if let Some(rest) = line.strip_prefix("list") {
            let filter = rest.trim();
            let mut shown = 0;
            for (i, m) in moves.iter().enumerate() {
                let s = m.to_string();
                if filter.is_empty() || s.starts_with(filter) {
                    print!("{:>5}. {s}", i + 1);
                    shown += 1;
                    if shown % 6 == 0 {
                        println!();
                    }
                }
            }
            if shown % 6 != 0 {
                println!();
            }
            if shown == 0 {
                println!("No valid move starts with {filter:?}.");
            }
            continue;
        }
        if line.chars().all(|c| c.is_ascii_digit()) && line.len() <= 6 {
            match line.parse::<usize>() {
                Ok(n) if n >= 1 && n <= moves.len() => return Ok(Some(moves[n - 1])),
                _ => {
                    println!(
                        "There is no move number {line}: choose 1 to {} (see `list`).",
                        moves.len()
                    );
                    continue;
                }
            }
        }
        match line.parse::<Move>() {
            Err(_) => println!(
                "{line:?} is not a move. Expected a tile id, a position and a rotation, like \
                 18S00E02R0, or a number from `list`."
            ),
            Ok(m) => match game.check(m) {
                Ok(()) => return Ok(Some(m)),
                Err(e) => println!("{m} is not allowed: {e}."),
            },
        }
    }
}

/// Replays a record, checking every move; prints the moves and the final table.
pub fn replay(value: serde_json::Value, quiet: bool) -> Result<()> {
    let record: Record<Akropolis> =
        serde_json::from_value(value).context("not an Akropolis record")?;
    let names = if record.players.len() == record.rules.players as usize {
        record.players.clone()
    } else {
        (0..record.rules.players)
            .map(|k| format!("seat {k}"))
            .collect()
    };
    let mut counts = vec![0usize; record.rules.players as usize];
    let game = record
        .replay_with(|i, m, g| {
            // the mover is the player whose list of moves grew
            let mover = g
                .players()
                .iter()
                .zip(&counts)
                .position(|(p, &c)| p.moves().len() > c)
                .unwrap_or(0);
            for (c, p) in counts.iter_mut().zip(g.players()) {
                *c = p.moves().len();
            }
            if !quiet {
                let name = names.get(mover).map(String::as_str).unwrap_or("?");
                println!("{:>3}. player {mover} ({name}) plays {m}", i + 1);
            }
        })
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    if !quiet {
        print!("\n{}", render::table(&game, &names));
    }
    match game.outcome() {
        Some(o) => print!("{}", render::final_table(&game, &names, &o)),
        None => println!("The record ends before the game does: {game}"),
    }
    Ok(())
}
