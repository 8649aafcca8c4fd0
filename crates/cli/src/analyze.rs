//! `tessera analyze ID --db FILE` or `tessera analyze FILE`: every move of the chosen seats
//! judged by the search from the seat's view (see `tessera_ai::analysis`).

use crate::common;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tessera_ai::Budget;
use tessera_games::analysis::{Analysis, AnalysisConfig, Class, DEFAULT_ITERATIONS};
use tessera_games::Registry;

/// The arguments of `tessera analyze`.
#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// A record file written by `tessera play --record FILE` ("-" for standard input), or
    /// the id of an ended game in the server's store (an all-digit name that is no file).
    pub game: PathBuf,
    /// The server's store, for a game id: a SQLite file or a PostgreSQL URL.
    #[arg(long, default_value = "tessera.db")]
    pub db: String,
    /// A seat to analyse (0-based; repeat for several). Default: every person's seat, or
    /// every seat when only bots and programs played.
    #[arg(long = "seat", value_name = "N")]
    pub seats: Vec<usize>,
    /// Search iterations per move (reproducible).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_ITERATIONS, conflicts_with = "ms")]
    pub iters: u32,
    /// Milliseconds of search per move instead of iterations (not reproducible).
    #[arg(long, value_name = "MS")]
    pub ms: Option<u64>,
    /// Seed of the searches (default: a stored game's id, as the browser's analysis; 0
    /// for a file).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print the analysis as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tessera analyze`.
pub fn run(registry: &Registry, args: AnalyzeArgs) -> Result<()> {
    let id = args
        .game
        .to_str()
        .filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()))
        .and_then(|s| s.parse::<u64>().ok());
    let (record, people) = match id {
        Some(id) if !args.game.exists() => stored(&args.db, id)?,
        _ => {
            let text = common::read_input(&args.game)?;
            let record: Value = serde_json::from_str(&text)
                .with_context(|| format!("{} is not a JSON game record", args.game.display()))?;
            (record, None)
        }
    };
    let game = record
        .get("game")
        .and_then(Value::as_str)
        .context("the record has no \"game\" field")?;
    let entry = registry.find(game)?;
    let seats = if !args.seats.is_empty() {
        args.seats.clone()
    } else {
        // people's seats (by the store's seats, else by names that are no bot spec)
        people.unwrap_or_else(|| {
            let players: Vec<String> = record
                .get("players")
                .and_then(|p| serde_json::from_value(p.clone()).ok())
                .unwrap_or_default();
            entry.people(&players)
        })
    };
    if args.iters == 0 {
        anyhow::bail!("--iters must be at least 1");
    }
    let config = AnalysisConfig {
        budget: match args.ms {
            Some(0) => anyhow::bail!("--ms must be at least 1"),
            Some(ms) => Budget::Time(Duration::from_millis(ms)),
            None => Budget::Iterations(args.iters),
        },
        seed: args
            .seed
            .or(id.filter(|_| !args.game.exists()))
            .unwrap_or(0),
        ..AnalysisConfig::default()
    };
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("analysing {bar:40} {pos}/{len} moves  eta {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let start = Instant::now();
    let analysis = entry.analyze(&record, &seats, &config, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
        true
    })?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        println!("{}", serde_json::to_string(&analysis)?);
    } else {
        print!("{}", text(&analysis, seconds));
    }
    Ok(())
}

/// An ended stored game's record, and the seats of people in it (`None` when it has none).
fn stored(db: &str, id: u64) -> Result<(Value, Option<Vec<usize>>)> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let game = rt
        .block_on(tessera_server::store::get_at(
            db,
            tessera_server::store::GameId(id),
        ))?
        .with_context(|| format!("no game {id} in {}", tessera_server::store::redacted(db)))?;
    if tessera_server::store::is_live(&game.summary.status) {
        anyhow::bail!(
            "game {id} is {}: a game is analysed once it has ended",
            game.summary.status
        );
    }
    let people: Vec<usize> = game
        .summary
        .seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == "person")
        .map(|(i, _)| i)
        .collect();
    Ok((game.record()?, (!people.is_empty()).then_some(people)))
}

/// A win chance in whole percent (`-0.3%` reads `0%`, never `-0%`).
fn pct(x: f64) -> String {
    format!("{}%", whole(x))
}

/// A change of win chance with its sign (`+3%`, `-12%`; `0%` when it rounds to nothing).
fn signed(x: f64) -> String {
    let p = whole(x);
    if p == 0.0 {
        "0%".to_string()
    } else {
        format!("{p:+}%")
    }
}

/// `x` in whole percent, a rounded `-0` as `0`.
fn whole(x: f64) -> f64 {
    (100.0 * x).round() + 0.0
}

/// A class as the table shows it.
fn class_text(c: Class) -> &'static str {
    match c {
        Class::Unjudged => "no verdict",
        c => c.as_str(),
    }
}

/// The analysis for people: a line per move, a summary per seat (its moves by class, what
/// its decisions lost and what luck did, in a sentence), the biggest losses.
fn text(a: &Analysis, seconds: f64) -> String {
    let name = |s: usize| {
        a.players
            .get(s)
            .filter(|n| !n.is_empty())
            .cloned()
            .unwrap_or_else(|| format!("seat {s}"))
    };
    let mut out = format!(
        "Analysis of a game of {} ({} moves): seats {} by the search ({}), {} per move, seed {}, in {seconds:.1} s.\n\
         Win chance: the seat's estimated chance before the move -> after it (before: the chance after the seat's previous move,\n\
         carried across the others' moves unless the search's estimate now differs beyond its error; after: less what the move lost).\n\
         Lost: what the move lost against the search's best, measured on other deals than the best was chosen on, ± the search's error;\n\
         a move within the error is best, or has no verdict when the error is 10% or more (too few iterations).\n\n",
        a.game,
        a.total_moves,
        a.seats.iter().map(|&s| format!("{s} ({})", name(s))).collect::<Vec<_>>().join(", "),
        a.search,
        a.budget,
        a.seed,
    );
    out.push_str(&format!(
        "{:>5}  {:<14} {:>11}  {:>10}  {:<10}  {}\n",
        "move", "player", "win chance", "lost", "class", "played / the better move"
    ));
    for m in &a.moves {
        let lost = if m.best_played {
            "0%".to_string()
        } else {
            format!("{} ±{}", pct(m.lost), pct(m.margin))
        };
        out.push_str(&format!(
            "{:>5}  {:<14.14} {:>4} -> {:>4}  {:>10}  {:<10}  {}\n",
            m.index + 1,
            name(m.seat),
            pct(m.chance.before),
            pct(m.chance.after),
            lost,
            class_text(m.class),
            m.words
        ));
        if let (Some(b), Some(why)) = (m.best.first(), &m.why) {
            out.push_str(&format!("{:>57}better: {}: {}\n", "", b.words, why));
        }
    }
    out.push('\n');
    for s in &a.summaries {
        if s.moves == 0 {
            continue;
        }
        let c = &s.classes;
        out.push_str(&format!(
            "{}: {} moves ({} with a choice): best {}, good {}, inaccuracies {}, mistakes {}, blunders {}, no verdict {}\n",
            name(s.seat),
            s.moves,
            s.choices,
            c.best,
            c.good,
            c.inaccuracy,
            c.mistake,
            c.blunder,
            c.unjudged
        ));
        out.push_str(&format!(
            "  win chance {} at the start -> {} {}: decisions {} (±{}), luck {} (the tiles drawn and the others' moves)\n  {}\n",
            pct(s.start),
            pct(s.end),
            if s.over { "at the end" } else { "after its last move" },
            signed(-s.play),
            pct(s.margin),
            signed(s.luck),
            s.words
        ));
    }
    let mut worst: Vec<_> = a.moves.iter().filter(|m| m.why.is_some()).collect();
    worst.sort_by(|x, y| y.lost.total_cmp(&x.lost));
    if !worst.is_empty() {
        out.push_str("\nThe biggest losses:\n");
        for m in worst.iter().take(5) {
            out.push_str(&format!(
                "  move {} ({}): {} lost {} ({}); better: {}\n",
                m.index + 1,
                name(m.seat),
                m.words,
                pct(m.lost),
                m.class.as_str(),
                m.best
                    .first()
                    .map_or("-".to_string(), |b| b.words.to_string())
            ));
        }
    }
    out
}
