//! `tessera tournament`: many bot games in parallel, with statistics, plots and shards.

use crate::common;
use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Instant;
use tessera_ai::tournament::{self, GameResult, Summary, TournamentConfig};
use tessera_games::Registry;

/// Options of `tessera tournament`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct TournamentArgs {
    #[command(subcommand)]
    pub merge: Option<MergeCommand>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// Combine shard results.
#[derive(clap::Subcommand)]
pub enum MergeCommand {
    /// Merge the `--out` files of shards (or of whole runs) and print the statistics.
    Merge {
        /// Result files written with `--out`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Draw win rates with 95% error bars into this SVG file.
        #[arg(long)]
        plot: Option<PathBuf>,
        /// Write the merged results to this file.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Options of a tournament run.
#[derive(clap::Args)]
pub struct RunArgs {
    /// The game (default: the first of the registry; `tessera --help` lists them).
    #[arg(long)]
    pub game: Option<String>,
    /// Strategy specs, one per seat, e.g. `ismcts:iters=2000,greedy` (rotated over the seats).
    #[arg(long, default_value = "greedy,random")]
    pub players: String,
    /// Games in the whole tournament (rounded up to whole deals: one game per seat rotation).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Base seed: the same seed plays the same deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play only shard K of N (1-based), e.g. `--shard 3/10`; merge the `--out` files after.
    #[arg(long)]
    pub shard: Option<String>,
    /// The game's rules as JSON (default: the standard rules for the number of players).
    #[arg(long)]
    pub rules: Option<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Draw win rates with 95% error bars into this SVG file.
    #[arg(long)]
    pub plot: Option<PathBuf>,
    /// Write every game's result (JSON) to this file, for `tournament merge`.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Move limit per game.
    #[arg(long, default_value_t = 100_000)]
    pub max_moves: usize,
    /// SQLite database where the results are stored (table `tournaments`).
    #[arg(long, default_value = "tessera.db")]
    pub db: PathBuf,
    /// Do not store the results in the database.
    #[arg(long)]
    pub no_db: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct ResultsFile {
    game: String,
    config: TournamentConfig,
    results: Vec<GameResult>,
}

/// Runs `tessera tournament` (a run, or `merge`).
pub fn run(registry: &Registry, args: TournamentArgs) -> Result<()> {
    match args.merge {
        Some(MergeCommand::Merge {
            files,
            json,
            plot,
            out,
        }) => merge(files, json, plot, out),
        None => play(registry, args.run),
    }
}

fn parse_shard(s: &str) -> Result<(u64, u64)> {
    let (k, n) = s
        .split_once('/')
        .context("--shard: expected K/N, e.g. 2/8")?;
    let (k, n): (u64, u64) = (
        k.trim().parse().context("--shard: K is not a number")?,
        n.trim().parse().context("--shard: N is not a number")?,
    );
    if n == 0 || k == 0 || k > n {
        bail!("--shard: need 1 <= K <= N, got {k}/{n}");
    }
    Ok((k, n))
}

fn play(registry: &Registry, args: RunArgs) -> Result<()> {
    let game = match &args.game {
        Some(g) => g.clone(),
        None => registry.names().first().context("no games")?.to_string(),
    };
    let players = common::player_list(&args.players)?;
    let config = TournamentConfig {
        players: players.clone(),
        games: args.games,
        seed: args.seed,
        shard: args.shard.as_deref().map(parse_shard).transpose()?,
        max_moves: args.max_moves,
    };
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .ok();
    }
    let n = config.indices().end - config.indices().start;
    let bar = ProgressBar::new(n);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let entry = registry.find(&game)?;
    let rules = args
        .rules
        .as_deref()
        .map(|j| serde_json::from_str::<serde_json::Value>(j).context("--rules is not JSON"))
        .transpose()?;
    let start = Instant::now();
    let results = entry.tournament(rules.as_ref(), &config, &|_| bar.inc(1))?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let summary = tournament::summarize(&results, seconds);
    if let Some(p) = &args.out {
        common::write_json(
            p,
            &ResultsFile {
                game: game.clone(),
                config: config.clone(),
                results,
            },
        )?;
    }
    if !args.no_db {
        let id = store(&args.db, &game, &config, &summary)
            .with_context(|| format!("storing the results in {}", args.db.display()))?;
        if !args.json {
            println!("stored as tournament {id} in {}", args.db.display());
        }
    }
    report(&summary, args.json, &game)?;
    if let Some(p) = &args.plot {
        plot(&summary, p, &format!("{game}: {} games", summary.games))?;
    }
    Ok(())
}

fn merge(
    files: Vec<PathBuf>,
    json: bool,
    plot_to: Option<PathBuf>,
    out: Option<PathBuf>,
) -> Result<()> {
    let mut game: Option<String> = None;
    let mut all: Vec<GameResult> = Vec::new();
    let mut config: Option<TournamentConfig> = None;
    for f in &files {
        let text = common::read_input(f)?;
        let file: ResultsFile = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a tournament result file", f.display()))?;
        if game.as_ref().is_some_and(|g| *g != file.game) {
            bail!(
                "{} is a {} tournament; the others are {}",
                f.display(),
                file.game,
                game.unwrap_or_default()
            );
        }
        if let Some(c) = &config {
            if c.players != file.config.players || c.seed != file.config.seed {
                eprintln!(
                    "note: {} has other players or seed than the first file; merging anyway",
                    f.display()
                );
            }
        }
        game = Some(file.game);
        config.get_or_insert(file.config);
        all.extend(file.results);
    }
    all.sort_by_key(|r| r.index);
    let before = all.len();
    all.dedup_by_key(|r| r.index);
    if all.len() != before {
        eprintln!(
            "note: {} duplicate games (the same shard twice?) were dropped",
            before - all.len()
        );
    }
    let game = game.unwrap_or_default();
    let summary = tournament::summarize(&all, 0.0);
    if let Some(p) = &out {
        let mut c = config.expect("at least one file");
        c.shard = None;
        common::write_json(
            p,
            &ResultsFile {
                game: game.clone(),
                config: c,
                results: all,
            },
        )?;
    }
    report(&summary, json, &game)?;
    if let Some(p) = &plot_to {
        plot(
            &summary,
            p,
            &format!("{game}: {} games (merged)", summary.games),
        )?;
    }
    Ok(())
}

fn report(s: &Summary, json: bool, game: &str) -> Result<()> {
    if json {
        let mut v = serde_json::to_value(s)?;
        v["game"] = serde_json::json!(game);
        println!("{v}");
        return Ok(());
    }
    println!(
        "{game}: {} games, {:.1} games/s{}",
        s.games,
        s.games_per_s,
        if s.unfinished > 0 {
            format!(", {} unfinished", s.unfinished)
        } else {
            String::new()
        }
    );
    println!(
        "{:<28} {:>7} {:>9} {:>8}  {:<17} {:>9}  {:<19} {:>6}",
        "strategy", "games", "wins", "win rate", "95% CI", "score", "95% CI", "Elo"
    );
    for st in &s.strategies {
        println!(
            "{:<28} {:>7} {:>9.1} {:>7.1}%  [{:>5.1}%, {:>5.1}%] {:>9.1}  [{:>7.1}, {:>7.1}] {:>6.0}",
            st.name,
            st.games,
            st.wins,
            100.0 * st.win_rate,
            100.0 * st.ci95[0],
            100.0 * st.ci95[1],
            st.mean_score,
            st.score_ci95[0],
            st.score_ci95[1],
            st.elo
        );
    }
    let seats: Vec<String> = s
        .seat_win_rate
        .iter()
        .enumerate()
        .map(|(i, (r, ci))| {
            format!(
                "seat {i}: {:.1}% [{:.1}%, {:.1}%]",
                100.0 * r,
                100.0 * ci[0],
                100.0 * ci[1]
            )
        })
        .collect();
    println!("seat win rates: {}", seats.join(", "));
    Ok(())
}

fn plot(s: &Summary, path: &PathBuf, title: &str) -> Result<()> {
    use plotters::prelude::*;
    let root =
        SVGBackend::new(path, (200 + 120 * s.strategies.len() as u32, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let n = s.strategies.len();
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(60)
        .y_label_area_size(50)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..1f64)?;
    let names: Vec<String> = s.strategies.iter().map(|x| x.name.clone()).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n.max(1))
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < names.len() {
                names[i as usize].clone()
            } else {
                String::new()
            }
        })
        .y_desc("win rate (95% Wilson CI)")
        .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
        .draw()?;
    chart.draw_series(s.strategies.iter().enumerate().map(|(i, st)| {
        let x = i as f64;
        Rectangle::new(
            [(x - 0.3, 0.0), (x + 0.3, st.win_rate)],
            Palette99::pick(i).mix(0.7).filled(),
        )
    }))?;
    chart.draw_series(s.strategies.iter().enumerate().map(|(i, st)| {
        ErrorBar::new_vertical(
            i as f64,
            st.ci95[0],
            st.win_rate,
            st.ci95[1],
            BLACK.stroke_width(2),
            12,
        )
    }))?;
    // the 50% line for two-player comparisons
    chart.draw_series(LineSeries::new(
        [(-0.5, 0.5), (n as f64 - 0.5, 0.5)],
        BLACK.mix(0.3),
    ))?;
    root.present()
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Stores a tournament's configuration and summary; returns its id.
fn store(
    path: &std::path::Path,
    game: &str,
    config: &TournamentConfig,
    summary: &Summary,
) -> Result<i64> {
    let db = rusqlite::Connection::open(path)?;
    db.busy_timeout(std::time::Duration::from_secs(5))?;
    db.execute_batch(
        "CREATE TABLE IF NOT EXISTS tournaments (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL,
            config TEXT NOT NULL,
            summary TEXT NOT NULL,
            created TEXT NOT NULL DEFAULT (datetime('now'))
        )",
    )?;
    db.execute(
        "INSERT INTO tournaments (game, config, summary) VALUES (?1, ?2, ?3)",
        rusqlite::params![
            game,
            serde_json::to_string(config)?,
            serde_json::to_string(summary)?
        ],
    )?;
    Ok(db.last_insert_rowid())
}
