//! The Triominos front end: terminal play, replay, the conformance harness, the benchmark.

mod harness;
mod render;

use crate::common;
use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::time::Instant;
use tessera_core::{derive_seed, rng_from_seed, Game, Outcome, Record, Seat, Strategy};
use tessera_triominos::bench::{greedy_game, BenchPosition, MIDGAME_20};
use tessera_triominos::{
    EndRule, Event, HexagonBonus, Move, Orientation, Placement, Rules, StartRule, TileSet,
    TriominosGame,
};

/// Options of `tessera play triominos`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Comma-separated players, 2 to 6: human, or a bot: random, greedy, ismcts (e.g.
    /// `ismcts:ms=500`), drawer, blocker, flexible (see `tessera tournament --help`).
    #[arg(long, default_value = "greedy,random")]
    pub players: String,
    /// Seed of the game: the same seed and players give the same game.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tile set: 56 (numbers 0-5) or 84 (numbers 0-6).
    #[arg(long, default_value = "56", value_parser = ["56", "84"])]
    pub tiles: String,
    /// Who opens a round: the holder of the highest tile, a random player, or the last round's winner.
    #[arg(long, default_value = "highest", value_parser = ["highest", "random", "winner"])]
    pub start: String,
    /// Hexagon bonus values: readme (50/100/150) or code (50/60/70).
    #[arg(long, default_value = "readme", value_parser = ["readme", "code"])]
    pub hexagon_bonus: String,
    /// When the game ends: a target score (400: as soon as it is reached), `round` (one
    /// round), or `finish-round` (finish the round in which 400 is reached).
    #[arg(long, default_value = "400")]
    pub end: String,
    /// Write the game record (JSON) to this file; replay it with `tessera replay FILE`.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Print only round results and the final scores.
    #[arg(long)]
    pub quiet: bool,
}

/// Options of `tessera bench triominos`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Print one JSON object: {"enumerate_us":..,"greedy_games_per_s":..,..}.
    #[arg(long)]
    pub json: bool,
    /// Seconds to spend on each of the two measurements.
    #[arg(long, default_value_t = 2.0)]
    pub seconds: f64,
}

fn rules_from(args: &PlayArgs, players: u8) -> Result<Rules> {
    let mut rules = Rules::standard(players);
    rules.tiles = if args.tiles == "84" {
        TileSet::Extended84
    } else {
        TileSet::Standard56
    };
    rules.start = match args.start.as_str() {
        "random" => StartRule::Random,
        "winner" => StartRule::Winner,
        _ => StartRule::Highest,
    };
    rules.hexagon_bonus = if args.hexagon_bonus == "code" {
        HexagonBonus::Code
    } else {
        HexagonBonus::Readme
    };
    match args.end.as_str() {
        "round" => rules.end = EndRule::Round,
        "finish-round" => rules.end = EndRule::FinishRound,
        n => {
            rules.end = EndRule::Target;
            rules.target = n.parse().ok().filter(|&t: &i32| t > 0).with_context(|| {
                format!("--end: expected a positive score, `round` or `finish-round`, not {n:?}")
            })?;
        }
    }
    Ok(rules)
}

enum Seatholder {
    Human,
    Bot(Box<dyn Strategy<TriominosGame>>),
}

pub fn play(args: PlayArgs) -> Result<()> {
    let names = common::player_list(&args.players)?;
    if !(2..=6).contains(&names.len()) {
        bail!(
            "--players: Triominos is for 2 to 6 players, got {}",
            names.len()
        );
    }
    let mut seats = Vec::new();
    for n in &names {
        seats.push(match n.as_str() {
            "human" => Seatholder::Human,
            other => Seatholder::Bot(
                tessera_ai::registry::triominos(other)
                    .map_err(|e| anyhow::anyhow!("--players: {e} (or human)"))?,
            ),
        });
    }
    let humans = seats
        .iter()
        .filter(|s| matches!(s, Seatholder::Human))
        .count();
    let rules = rules_from(&args, names.len() as u8)?;
    let mut game = TriominosGame::with_rules(&rules, args.seed)?;
    let mut record = Record::<TriominosGame>::new(rules.clone(), args.seed, names.clone());
    let mut rng = rng_from_seed(derive_seed(args.seed, 1));
    println!(
        "Triominos: {} players ({}), {} tiles, seed {}",
        names.len(),
        names.join(", "),
        rules.tiles.len(),
        args.seed
    );
    let label = |s: Seat| format!("seat {} ({})", s.0, names[s.index()]);
    let mut printer = Printer {
        quiet: args.quiet,
        show_draws: humans == 0,
        label: &label,
    };
    printer.events(&game.drain_events(), &game);
    while let Some(seat) = game.to_move() {
        let mv = match &mut seats[seat.index()] {
            Seatholder::Bot(s) => s.choose(&game.view(seat), &mut rng),
            Seatholder::Human => match ask_human(&game, seat, &label(seat))? {
                Some(mv) => mv,
                None => {
                    println!("Input ended: the game is abandoned.");
                    save(&args.record, &record)?;
                    return Ok(());
                }
            },
        };
        let events = game
            .apply(&mv)
            .with_context(|| format!("{} chose an illegal move {mv}", label(seat)))?;
        record.moves.push(mv);
        printer.events(&events, &game);
    }
    record.outcome = game.outcome();
    save(&args.record, &record)?;
    Ok(())
}

fn save(path: &Option<PathBuf>, record: &Record<TriominosGame>) -> Result<()> {
    if let Some(p) = path {
        common::write_json(p, record)?;
        println!(
            "Record written to {} (replay: tessera replay {}).",
            p.display(),
            p.display()
        );
    }
    Ok(())
}

struct Printer<'a> {
    quiet: bool,
    show_draws: bool,
    label: &'a dyn Fn(Seat) -> String,
}

impl Printer<'_> {
    fn events(&mut self, events: &[Event], game: &TriominosGame) {
        for e in events {
            match e {
                Event::RoundStarted {
                    round,
                    starter,
                    forced,
                } => {
                    println!(
                        "\n== Round {round} ==  {} opens{}",
                        (self.label)(*starter),
                        match forced {
                            Some(t) => format!(" with the highest tile {t}"),
                            None => String::new(),
                        }
                    );
                }
                Event::Placed {
                    seat,
                    scored,
                    opening_bonus,
                } => {
                    if self.quiet {
                        continue;
                    }
                    let mut what = format!(
                        "{}: {} -> {} points",
                        (self.label)(*seat),
                        scored.placement,
                        scored.score + opening_bonus
                    );
                    if scored.hexagons > 0 {
                        what += &format!(
                            " ({} hexagon{}!)",
                            scored.hexagons,
                            if scored.hexagons > 1 { "s" } else { "" }
                        );
                    } else if scored.bridge {
                        what += " (bridge!)";
                    }
                    if *opening_bonus > 0 {
                        what += &format!(" (opening: {} + {opening_bonus})", scored.score);
                    }
                    println!("\n{what}");
                    if let Some(drawing) = render::draw(game.board(), Some(&scored.placement)) {
                        println!("{drawing}");
                    }
                    println!("{}", score_line(game));
                }
                Event::Drew { seat, tile } => {
                    if !self.quiet {
                        if self.show_draws {
                            println!("{} draws {tile} (-5)", (self.label)(*seat));
                        } else {
                            println!("{} draws a tile (-5)", (self.label)(*seat));
                        }
                    }
                }
                Event::NoPlacement { seat, penalty } => {
                    if !self.quiet {
                        println!(
                            "{} ends the turn without placing (-{penalty})",
                            (self.label)(*seat)
                        );
                    }
                }
                Event::RoundOver {
                    round,
                    emptied,
                    credits,
                } => {
                    match emptied {
                        Some(s) => println!(
                            "\nRound {round} over: {} emptied the tray.",
                            (self.label)(*s)
                        ),
                        None => println!("\nRound {round} over: blocked, nobody can place."),
                    }
                    for (i, c) in credits.iter().enumerate() {
                        if *c != 0 {
                            println!("  {} is credited {c}", (self.label)(Seat(i as u8)));
                        }
                    }
                    println!("{}", score_line(game));
                }
                Event::GameOver { outcome } => print_outcome(outcome, self.label),
            }
        }
    }
}

fn score_line(game: &TriominosGame) -> String {
    let s: Vec<String> = game
        .scores()
        .iter()
        .enumerate()
        .map(|(i, v)| format!("seat {i}: {v}"))
        .collect();
    format!("Scores: {}   (pile: {})", s.join(", "), game.pile_len())
}

fn print_outcome(outcome: &Outcome, label: &dyn Fn(Seat) -> String) {
    println!("\n== Game over ==");
    for (i, s) in outcome.scores.iter().enumerate() {
        let seat = Seat(i as u8);
        println!(
            "  {:<24} {s:>5}{}",
            label(seat),
            if outcome.is_winner(seat) {
                "  winner"
            } else {
                ""
            }
        );
    }
}

/// Parses a typed placement such as `3-4-5 ABC 0 0` or `3-4-5 ABC 0,0`.
fn parse_placement(text: &str) -> Result<Placement, String> {
    let parts: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .filter(|s| !s.is_empty())
        .collect();
    if parts.len() != 4 {
        return Err("expected TILE ORIENTATION X Y, e.g. `3-4-5 ABC 0 0`".into());
    }
    let tile = parts[0].parse().map_err(|e| format!("{e}"))?;
    let orientation: Orientation = parts[1]
        .to_uppercase()
        .parse()
        .map_err(|e| format!("{e}"))?;
    let x: i16 = parts[2]
        .parse()
        .map_err(|_| format!("x must be a number, not {:?}", parts[2]))?;
    let y: i16 = parts[3]
        .parse()
        .map_err(|_| format!("y must be a number, not {:?}", parts[3]))?;
    Ok(Placement {
        tile,
        orientation,
        x,
        y,
    })
}

fn ask_human(game: &TriominosGame, seat: Seat, label: &str) -> Result<Option<Move>> {
    let view = game.view(seat);
    let mut placements = view.legal_placements();
    placements.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(a.placement.x.cmp(&b.placement.x))
    });
    let extra = view.turn().and_then(|t| t.non_placing_move());
    println!(
        "\n{label}, your turn. Tray: {}",
        view.tray
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join("  ")
    );
    if let Some(f) = view.forced {
        println!(
            "You open the round: you must play your highest tile {f}{}.",
            if view.zero_option {
                " (or 0-0-0 for 40)"
            } else {
                ""
            }
        );
    }
    for (i, s) in placements.iter().enumerate() {
        let bonus = if s.hexagons > 0 {
            format!(" ({} hexagon)", s.hexagons)
        } else if s.bridge {
            " (bridge)".to_string()
        } else {
            String::new()
        };
        println!("  {:>3}. {} -> {}{bonus}", i + 1, s.placement, s.score);
    }
    match extra {
        Some(Move::Draw) => println!(
            "    d. draw a tile (-5; {} drawn this turn, {} in the pile)",
            view.draws, view.pile
        ),
        Some(Move::Pass) => println!("    p. end the turn without placing (-10)"),
        _ => {}
    }
    loop {
        let Some(line) =
            common::prompt("Your move (number, d/draw, p/pass, or e.g. `3-4-5 ABC 0 0`): ")?
        else {
            return Ok(None);
        };
        let choice = match line.to_lowercase().as_str() {
            "" => continue,
            "d" | "draw" => Ok(Move::Draw),
            "p" | "pass" => Ok(Move::Pass),
            s if s.chars().all(|c| c.is_ascii_digit()) => match s
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1 && n <= placements.len())
            {
                Some(n) => Ok(Move::Place(placements[n - 1].placement)),
                None => Err(format!(
                    "no placement numbered {s}; choose 1 to {}",
                    placements.len()
                )),
            },
            _ => parse_placement(&line).map(Move::Place),
        };
        match choice {
            Ok(mv) => {
                // check on a copy so that a refused move explains itself
                let mut probe = game.clone();
                match probe.apply(&mv) {
                    Ok(_) => return Ok(Some(mv)),
                    Err(e) => println!("Not allowed: {e}"),
                }
            }
            Err(e) => println!("Not understood: {e}"),
        }
    }
}

pub fn replay(value: serde_json::Value, quiet: bool) -> Result<()> {
    let record: Record<TriominosGame> =
        serde_json::from_value(value).context("not a valid Triominos record")?;
    let names = record.players.clone();
    let label = |s: Seat| match names.get(s.index()) {
        Some(n) => format!("seat {} ({n})", s.0),
        None => format!("seat {}", s.0),
    };
    let mut game = TriominosGame::with_rules(&record.rules, record.seed)
        .context("the record's rules are invalid")?;
    let mut printer = Printer {
        quiet,
        show_draws: true,
        label: &label,
    };
    printer.events(&game.drain_events(), &game);
    for (i, mv) in record.moves.iter().enumerate() {
        let events = game
            .apply(mv)
            .with_context(|| format!("move {} ({mv}) of the record is illegal", i + 1))?;
        printer.events(&events, &game);
    }
    match (game.outcome(), &record.outcome) {
        (Some(o), Some(r)) if &o != r => bail!(
            "the replay ended with {:?}, the record says {:?}",
            o.scores,
            r.scores
        ),
        (None, _) => println!(
            "\nThe record ends before the game does ({} moves).",
            record.moves.len()
        ),
        _ => println!(
            "\nReplay matches the record ({} moves).",
            record.moves.len()
        ),
    }
    Ok(())
}

pub fn harness() -> Result<()> {
    common::line_harness(harness::answer)
}

pub fn bench(args: BenchArgs) -> Result<()> {
    let pos = BenchPosition::parse(MIDGAME_20).map_err(anyhow::Error::msg)?;
    let budget = args.seconds.max(0.05);
    // enumeration: median of batches of 1000
    let mut out = Vec::with_capacity(256);
    let mut samples = Vec::new();
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < budget / 2.0 || samples.len() < 5 {
        let t = Instant::now();
        for _ in 0..1000 {
            pos.enumerate(&mut out);
            std::hint::black_box(&out);
        }
        samples.push(t.elapsed().as_secs_f64() * 1e6 / 1000.0);
    }
    samples.sort_by(|a, b| a.total_cmp(b));
    let enumerate_us = samples[samples.len() / 2];
    let placements = out.len();
    // greedy games
    let start = Instant::now();
    let mut games = 0u64;
    while start.elapsed().as_secs_f64() < budget / 2.0 || games < 10 {
        std::hint::black_box(greedy_game(games));
        games += 1;
    }
    let greedy_games_per_s = games as f64 / start.elapsed().as_secs_f64();
    if args.json {
        println!(
            "{}",
            serde_json::json!({
                "enumerate_us": enumerate_us,
                "enumerate_placements": placements,
                "greedy_games_per_s": greedy_games_per_s,
                "greedy_games": games,
                "board": "midgame-seed42_20 (20 tiles, 9-tile tray)",
            })
        );
    } else {
        println!("enumeration on midgame-seed42_20 ({placements} placements): {enumerate_us:.3} µs (median)");
        println!("greedy vs greedy, 2 players to 400: {greedy_games_per_s:.0} games/s on one core ({games} games)");
    }
    Ok(())
}
