//! The Q front end: the reference's test harnesses, terminal play, replay, benchmarks.

mod harness;
mod render;

pub use harness::{harness, HarnessArgs};

use crate::common;
use anyhow::{bail, Result};
use std::path::PathBuf;
use std::time::Instant;
use tessera_core::{derive_seed, rng_from_seed, Game, Record};
use tessera_q::game::QView;
use tessera_q::{
    bench as qbench, Bonuses, Choice, Color, Coord, Placement, QGame, QRules, Shape, Tile,
};

/// Options of `tessera play q`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Comma-separated players, 2 to 4: human, or a bot: dag, ldasg, greedy, lines, random,
    /// ismcts (e.g. `ismcts:ms=500`).
    #[arg(long, default_value = "human,ldasg")]
    pub players: String,
    /// Seed of the game: the same seed and players give the same game.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Points for a Q (a line of six distinct colours or shapes).
    #[arg(long, default_value_t = 6)]
    pub q_bonus: u64,
    /// Points for placing all tiles of one's hand.
    #[arg(long, default_value_t = 6)]
    pub finish_bonus: u64,
    /// Write the game record (JSON) to this file; replay it with `tessera replay FILE`.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Print only the final result.
    #[arg(long)]
    pub quiet: bool,
}

enum Kind {
    Human,
    Bot(Box<dyn tessera_core::Strategy<QGame>>),
}

fn kind_of(name: &str) -> Result<Kind> {
    Ok(match name {
        "human" => Kind::Human,
        spec => Kind::Bot(
            tessera_ai::registry::q(spec)
                .map_err(|e| anyhow::anyhow!("--players: {e} (or human)"))?,
        ),
    })
}

pub fn play(args: PlayArgs) -> Result<()> {
    let names = common::player_list(&args.players)?;
    let mut kinds = names
        .iter()
        .map(|n| kind_of(n))
        .collect::<Result<Vec<_>>>()?;
    if !(2..=4).contains(&kinds.len()) {
        bail!("Q needs 2 to 4 players, not {}", kinds.len());
    }
    let rules = QRules {
        bonuses: Bonuses {
            q: args.q_bonus,
            finish: args.finish_bonus,
        },
        ..QRules::for_players(kinds.len())
    };
    let mut game = QGame::new(&rules, args.seed)?;
    let mut record = Record::<QGame>::new(rules.clone(), args.seed, names.clone());
    let mut rng = rng_from_seed(derive_seed(args.seed, 1));
    let humans = kinds.iter().filter(|k| matches!(k, Kind::Human)).count();
    let verbose = !args.quiet;
    if verbose {
        println!("{}", render::legend());
    }
    while let Some(seat) = game.to_move() {
        let view = game.view(seat);
        let who = format!("{} ({})", names[seat.index()], seat.index() + 1);
        let mv = match &mut kinds[seat.index()] {
            Kind::Human => match ask_human(&game, &view, &who, humans > 1)? {
                Some(mv) => mv,
                None => {
                    println!("end of input: the game is abandoned");
                    break;
                }
            },
            Kind::Bot(s) => s.choose(&view, &mut rng),
        };
        if verbose {
            println!("{who}: {}", describe(&mv));
        }
        let before = game.scores()[seat.index()];
        game.play(&mv)?;
        if verbose && matches!(mv, Choice::Place(_)) {
            println!("   scores {} points", game.scores()[seat.index()] - before);
        }
        record.moves.push(mv);
    }
    if verbose {
        print!("{}", render::map(game.map()));
    }
    record.outcome = game.outcome();
    print_result(&game, &names);
    if let Some(path) = &args.record {
        common::write_json(path, &record)?;
        if verbose {
            println!("record written to {}", path.display());
        }
    }
    Ok(())
}

fn describe(mv: &Choice) -> String {
    match mv {
        Choice::Pass => "passes".into(),
        Choice::Replace => "replaces its hand".into(),
        Choice::Place(ps) => format!(
            "places {}",
            ps.iter()
                .map(|p| format!(
                    "{} at {},{}",
                    render::tile(p.tile),
                    p.coord.row,
                    p.coord.col
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn print_result(game: &QGame, names: &[String]) {
    let scores = game.scores();
    for (i, n) in names.iter().enumerate() {
        println!("{n} ({}): {} points", i + 1, scores[i]);
    }
    match game.outcome() {
        Some(o) => {
            let w: Vec<String> = o.winners.iter().map(|s| names[s.index()].clone()).collect();
            println!("winner(s): {}", w.join(", "));
        }
        None => println!("the game did not finish"),
    }
}

const HELP: &str = "\
Enter one of:
  pass                 (or p)
  replace              (or r) exchange your whole hand (needs at least as many tiles in the pile)
  N@ROW,COL ...        place hand tile N at row ROW, column COL; several placements in order,
                       all in one row or one column, e.g.  2@0,1 5@0,2
  help                 (or ?) this text";

fn ask_human(game: &QGame, view: &QView, who: &str, hide_between: bool) -> Result<Option<Choice>> {
    let k = &view.knowledge;
    if hide_between {
        common::prompt(&format!(
            "{who}: press Enter when only you can see the screen "
        ))?;
    }
    println!();
    print!("{}", render::map(&k.map));
    let scores: Vec<String> = game
        .scores()
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}:{s}", i + 1))
        .collect();
    println!("scores {}   pile {} tiles", scores.join(" "), k.pile);
    println!("{who}, your hand: {}", render::hand(&k.active.hand));
    loop {
        let Some(line) = common::prompt("your move (pass, replace, N@ROW,COL ..., help): ")? else {
            return Ok(None);
        };
        match parse_move(&line, &k.active.hand) {
            Ok(None) => println!("{HELP}"),
            Ok(Some(mv)) => {
                let mut trial = game.clone();
                match trial.play(&mv) {
                    Ok(()) => return Ok(Some(mv)),
                    Err(e) => println!("not allowed: {e}; try again"),
                }
            }
            Err(e) => println!("{e}; try again (help shows the syntax)"),
        }
    }
}

/// A typed move; `Ok(None)` for a help request.
fn parse_move(line: &str, hand: &[Tile]) -> Result<Option<Choice>, String> {
    let line = line.trim().to_lowercase();
    match line.as_str() {
        "" => return Err("empty input".into()),
        "help" | "?" | "h" => return Ok(None),
        "pass" | "p" => return Ok(Some(Choice::Pass)),
        "replace" | "r" => return Ok(Some(Choice::Replace)),
        _ => {}
    }
    let mut used = Vec::new();
    let mut ps = Vec::new();
    for part in line
        .split(|c: char| c.is_whitespace() || c == ';')
        .filter(|s| !s.is_empty())
    {
        let (n, at) = part
            .split_once('@')
            .ok_or_else(|| format!("{part:?}: expected N@ROW,COL"))?;
        let n: usize = n
            .parse()
            .map_err(|_| format!("{n:?} is not a hand position"))?;
        if n == 0 || n > hand.len() {
            return Err(format!(
                "there is no tile {n} in your hand (1..{})",
                hand.len()
            ));
        }
        if used.contains(&n) {
            return Err(format!("tile {n} is used twice"));
        }
        used.push(n);
        let (r, c) = at
            .split_once(',')
            .ok_or_else(|| format!("{at:?}: expected ROW,COL"))?;
        let r: i64 = r
            .trim()
            .parse()
            .map_err(|_| format!("{r:?} is not a row number"))?;
        let c: i64 = c
            .trim()
            .parse()
            .map_err(|_| format!("{c:?} is not a column number"))?;
        if r.unsigned_abs() > 1_000_000 || c.unsigned_abs() > 1_000_000 {
            return Err("that cell is too far away".into());
        }
        ps.push(Placement::new(Coord::new(r as i32, c as i32), hand[n - 1]));
    }
    Ok(Some(Choice::Place(ps)))
}

pub fn replay(record: serde_json::Value, quiet: bool) -> Result<()> {
    let record: Record<QGame> = serde_json::from_value(record)?;
    let names = if record.players.len() == record.rules.players {
        record.players.clone()
    } else {
        (1..=record.rules.players)
            .map(|i| format!("player{i}"))
            .collect()
    };
    let game = record.replay_with(|i, mv, g| {
        if !quiet {
            println!("move {}: {}   scores {:?}", i + 1, describe(mv), g.scores());
        }
    })?;
    if !quiet {
        print!("{}", render::map(game.map()));
    }
    print_result(&game, &names);
    Ok(())
}

/// Options of `tessera bench q`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Seconds to spend on each measurement.
    #[arg(long, default_value_t = 2.0)]
    pub seconds: f64,
}

/// The reference's CPU time per staff-0 game (spec: about 100 ms).
const REFERENCE_MS_PER_GAME: f64 = 100.0;

pub fn bench(args: BenchArgs) -> Result<()> {
    if !(args.seconds > 0.0 && args.seconds.is_finite()) {
        bail!("--seconds must be positive");
    }
    let first = qbench::staff_0_game();
    let (state, bots) = qbench::staff_0();
    let t0 = Instant::now();
    let mut games = 0u64;
    while t0.elapsed().as_secs_f64() < args.seconds {
        std::hint::black_box(qbench::play_staff_0(&state, &bots));
        games += 1;
    }
    let game_s = t0.elapsed().as_secs_f64() / games as f64;
    let map = qbench::random_map(200, 7);
    let tile = Tile::new(Shape::Circle, Color::Blue);
    let t1 = Instant::now();
    let mut calls = 0u64;
    while t1.elapsed().as_secs_f64() < args.seconds {
        for _ in 0..1000 {
            std::hint::black_box(map.candidates(std::hint::black_box(tile)));
        }
        calls += 1000;
    }
    let cand_ns = t1.elapsed().as_secs_f64() * 1e9 / calls as f64;
    let games_per_s = 1.0 / game_s;
    let speedup = REFERENCE_MS_PER_GAME / (game_s * 1000.0);
    if args.json {
        println!(
            "{}",
            serde_json::json!({
                "game": "q",
                "workload": "xgames/staff-0 (4 players dag,dag,ldasg,ldasg; 1080-tile pile)",
                "games_per_s": (games_per_s * 10.0).round() / 10.0,
                "ms_per_game": (game_s * 1e6).round() / 1e3,
                "reference_ms_per_game": REFERENCE_MS_PER_GAME,
                "speedup_vs_reference": speedup.round(),
                "winners": first.winners,
                "candidates_200_tile_map_ns": cand_ns.round(),
                "map_tiles": map.len(),
                "frontier_cells": map.frontier().len(),
            })
        );
    } else {
        println!("staff-0 game (4 players, dag/ldasg): {games_per_s:.1} games/s, {:.3} ms/game, {speedup:.0}x the reference (~{REFERENCE_MS_PER_GAME} ms/game); winners {:?}", game_s * 1000.0, first.winners);
        println!(
            "legal placements of one tile on a {}-tile map ({} frontier cells): {cand_ns:.0} ns",
            map.len(),
            map.frontier().len()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_typed_moves() {
        let hand = [
            Tile::new(Shape::Star, Color::Red),
            Tile::new(Shape::Square, Color::Blue),
        ];
        assert_eq!(parse_move(" P ", &hand), Ok(Some(Choice::Pass)));
        assert_eq!(parse_move("replace", &hand), Ok(Some(Choice::Replace)));
        assert_eq!(parse_move("?", &hand), Ok(None));
        assert_eq!(
            parse_move("2@-1,0 1@-1,1", &hand),
            Ok(Some(Choice::Place(vec![
                Placement::new(Coord::new(-1, 0), hand[1]),
                Placement::new(Coord::new(-1, 1), hand[0]),
            ])))
        );
        for bad in [
            "",
            "3@0,0",
            "0@0,0",
            "1@0",
            "x@1,1",
            "1@0,0 1@0,1",
            "1@a,b",
            "place",
            "1@-9223372036854775808,0",
            "1@-2147483648,0",
        ] {
            assert!(parse_move(bad, &hand).is_err(), "{bad}");
        }
    }
}
