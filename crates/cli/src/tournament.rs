//! `tessera tournament`: many bot games in parallel, with statistics, plots and shards, kept
//! in a store (by default one of its own, `tournaments.db`: never a host's unless asked to);
//! on PostgreSQL, a queue of jobs for `tessera worker`s ([`crate::workers`]).

use crate::results::{plot, report, ResultsFile};
use crate::{common, queue, studies};
use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Instant;
use tessera_ai::tournament::{self, GameResult, TournamentConfig};
use tessera_games::{GameEntry, Registry};

/// Options of `tessera tournament`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct TournamentArgs {
    #[command(subcommand)]
    pub command: Option<TournamentCommand>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// Combine shard results, or look at a stored tournament.
#[derive(clap::Subcommand)]
pub enum TournamentCommand {
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
    /// Show a stored tournament: its progress (games and deals done; of a queued one its
    /// jobs and the workers seen) and its statistics, so far or final.
    Status {
        /// The tournament id (printed when it was stored or queued).
        id: u64,
        /// The store it is in: a SQLite file, or postgres://USER@HOST/DB.
        #[arg(long, default_value = queue::DEFAULT_DB)]
        db: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Options of a tournament run.
#[derive(clap::Args)]
pub struct RunArgs {
    /// The game (default: the first of the registry; `tessera --help` lists them).
    #[arg(long)]
    pub game: Option<String>,
    /// Strategy specs, one per seat, e.g. `ismcts:iters=2000,greedy` (rotated over the seats);
    /// with --round-robin, the players of the round robin, e.g. `level:1,level:2,level:3`;
    /// with --solo, the one player.
    #[arg(long, default_value = "greedy,random")]
    pub players: String,
    /// Games in the whole tournament (rounded up to whole deals: one game per seat rotation);
    /// with --round-robin, games per pair; with --solo, games per level (not rounded).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// A solo study: one player (--players, a single spec) against the game's solo bot
    /// (Akropolis: the Architect) at each of these levels, e.g. `hippodamos,callicrates`, or
    /// `all`: --games games per level, the player always in seat 0 and the solo bot in seat
    /// 1, the same deals at every level. Prints per level the player's win rate (a win by
    /// the game's outcome, ties broken by its rules) and its mean margin over the solo bot
    /// (win rates with 95% Wilson intervals, margins with 95% normal intervals);
    /// one stored tournament per level (unless --no-db); with --out, every level's games in one
    /// file (not one for `tournament merge`).
    #[arg(long, value_name = "LEVELS", conflicts_with_all = ["round_robin", "workers", "shard", "plot"])]
    pub solo: Option<String>,
    /// Every two of --players play --games 2-player games (the same deals for every pair);
    /// the summary rates every player from all of them (Bradley-Terry, Elo scale).
    #[arg(long, conflicts_with_all = ["workers", "shard"])]
    pub round_robin: bool,
    /// Base seed: the same seed plays the same deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play only shard K of N (1-based), e.g. `--shard 3/10`; merge the `--out` files after.
    #[arg(long)]
    pub shard: Option<String>,
    /// The game's rules as JSON (default: the standard rules for the number of players);
    /// with --solo, each level's game is these rules with the solo option set to the level.
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
    /// The store the tournament is kept in, with every game's result: a SQLite file (by
    /// default tournaments.db, a store of its own: a host's store, such as the tessera.db of
    /// `tessera serve`, only when named here), or a PostgreSQL database,
    /// postgres://USER[:PASSWORD]@HOST[:PORT]/DB.
    #[arg(long, default_value = queue::DEFAULT_DB)]
    pub db: String,
    /// Keep nothing: no store is opened or made.
    #[arg(long)]
    pub no_db: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Do not play: queue the deals as jobs in the PostgreSQL --db for `tessera worker`s,
    /// and print the tournament id.
    #[arg(long)]
    pub workers: bool,
    /// With --workers: wait until the workers are done and print the statistics.
    #[arg(long, requires = "workers")]
    pub wait: bool,
    /// With --workers: deals per job (a worker claims one job at a time).
    #[arg(long, default_value_t = 50, requires = "workers")]
    pub deals_per_job: u64,
}

/// Runs `tessera tournament` (a run, or `merge`).
pub fn run(registry: &Registry, args: TournamentArgs) -> Result<()> {
    match args.command {
        Some(TournamentCommand::Merge {
            files,
            json,
            plot,
            out,
        }) => merge(files, json, plot, out),
        Some(TournamentCommand::Status { id, db, json }) => studies::status(&db, id, json),
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
    let entry = registry.find(&game)?;
    let rules = args
        .rules
        .as_deref()
        .map(|j| serde_json::from_str::<serde_json::Value>(j).context("--rules is not JSON"))
        .transpose()?;
    if let Some(levels) = &args.solo {
        let with: Vec<&str> = registry
            .iter()
            .filter(|e| e.info().solo.is_some())
            .map(|e| e.name())
            .collect();
        return solo(&args, entry.as_ref(), &with, &game, &config, rules, levels);
    }
    if args.workers {
        return queue(&args, entry.as_ref(), &game, &config, rules.as_ref());
    }
    if !args.no_db {
        // a bad file, URL or an unreachable server is told before the games, not after
        studies::check(&args.db)?;
    }
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .ok();
    }
    let n = if args.round_robin {
        if players.len() < 2 {
            bail!("--round-robin: give at least 2 players");
        }
        // every spec is checked before the first pair plays
        for p in &players {
            entry.check_bot(p)?;
        }
        let pairs = (players.len() * (players.len() - 1) / 2) as u64;
        pairs * args.games.div_ceil(2) * 2
    } else {
        config.indices().end - config.indices().start
    };
    let bar = ProgressBar::new(n);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let start = Instant::now();
    let results = if args.round_robin {
        tournament::round_robin(&config, |pair| {
            entry.tournament(rules.as_ref(), pair, &|_| bar.inc(1))
        })?
    } else {
        entry.tournament(rules.as_ref(), &config, &|_| bar.inc(1))?
    };
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let summary = tournament::summarize(&results, seconds);
    // the file first: it keeps the games should the database refuse them
    if let Some(p) = &args.out {
        common::write_json(
            p,
            &ResultsFile {
                game: game.clone(),
                config: config.clone(),
                results: results.clone(),
            },
        )?;
    }
    if !args.no_db {
        let id = studies::store_finished(
            &args.db,
            &game,
            &config,
            rules.as_ref(),
            &results,
            &summary,
            seconds,
        )?;
        if !args.json {
            println!("stored as tournament {id} in {}", queue::redact(&args.db));
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
    // each game with the seed of its run: shards of one run share a seed and their games'
    // indexes are the run's; runs with other seeds are other deals, all kept
    let mut all: Vec<(u64, GameResult)> = Vec::new();
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
            if c.players != file.config.players {
                eprintln!(
                    "note: {} has other players than the first file; merging anyway",
                    f.display()
                );
            }
        }
        game = Some(file.game);
        let seed = file.config.seed;
        config.get_or_insert(file.config);
        all.extend(file.results.into_iter().map(|r| (seed, r)));
    }
    all.sort_by_key(|(seed, r)| (*seed, r.index));
    let before = all.len();
    all.dedup_by_key(|(seed, r)| (*seed, r.index));
    // games of several runs get indexes of their own, so that the merged file (under the
    // first run's seed) merges again without losing any
    let several = all
        .first()
        .is_some_and(|(first, _)| all.iter().any(|(s, _)| s != first));
    let all: Vec<GameResult> = all
        .into_iter()
        .enumerate()
        .map(|(i, (_, mut r))| {
            if several {
                r.index = i as u64;
            }
            r
        })
        .collect();
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

/// One level of a solo study: its rules, games and statistics.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SoloLevel {
    /// The level (the value of the game's solo option).
    pub level: String,
    /// The rules played.
    pub rules: serde_json::Value,
    /// The games, by index (with --out only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<GameResult>,
    /// The player (seat 0) against the solo bot (seat 1).
    pub summary: tournament::SoloSummary,
    /// The stored tournament's id (none with --no-db).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
}

/// The levels of a game's solo mode: the non-null values of its solo option.
fn solo_levels(
    entry: &dyn GameEntry,
    with: &[&str],
) -> Result<(&'static str, &'static str, Vec<String>)> {
    let info = entry.info();
    let Some(solo) = info.solo.as_ref() else {
        bail!(
            "--solo: {} has no solo game{}",
            info.name,
            if with.is_empty() {
                String::new()
            } else {
                format!(" (games with one: {})", with.join(", "))
            }
        );
    };
    let levels = info
        .options
        .iter()
        .find(|o| o.key == solo.option)
        .map(|o| match &o.kind {
            tessera_games::OptionKind::Choice { values } => values
                .iter()
                .filter_map(|(v, _)| v.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        })
        .unwrap_or_default();
    if levels.is_empty() {
        bail!("--solo: {} names no solo levels", info.name);
    }
    Ok((solo.option, solo.bot, levels))
}

/// `tessera tournament --solo LEVELS`: one player against the solo bot at each level.
fn solo(
    args: &RunArgs,
    entry: &dyn GameEntry,
    with: &[&str],
    game: &str,
    config: &TournamentConfig,
    rules: Option<serde_json::Value>,
    levels: &str,
) -> Result<()> {
    let (option, bot, known) = solo_levels(entry, with)?;
    let [player] = config.players.as_slice() else {
        bail!(
            "--solo: give one player (--players {}), not {}: the solo bot ({bot}) takes the \
             other seat",
            config.players.first().map_or("SPEC", |p| p.as_str()),
            config.players.len()
        );
    };
    let mut chosen: Vec<String> = Vec::new();
    for l in levels.split(',').map(|l| l.trim().to_lowercase()) {
        if l == "all" {
            chosen.extend(known.iter().cloned());
        } else if known.contains(&l) {
            chosen.push(l);
        } else {
            bail!(
                "--solo: unknown level {l:?} (the levels: {}, or all)",
                known.join(", ")
            );
        }
    }
    chosen.dedup();
    if config.games == 0 {
        bail!("--solo: --games must be at least 1");
    }
    // the rules of each level: --rules (or the standard rules) with the solo option set
    let base = match rules {
        Some(r) => r,
        None => entry.rules(2, &serde_json::Value::Null)?,
    };
    if !base.is_object() {
        bail!("--rules is not a JSON object");
    }
    let level_rules = |level: &str| {
        let mut r = base.clone();
        r[option] = serde_json::json!(level);
        r
    };
    let config = TournamentConfig {
        players: vec![player.clone(), bot.to_string()],
        shard: None,
        ..config.clone()
    };
    // every level's rules and seats are checked before the first game: zero games play
    // nothing but build every strategy
    let none = TournamentConfig {
        games: 0,
        ..config.clone()
    };
    for l in &chosen {
        entry
            .solo_tournament(&level_rules(l), &none, &|_| {})
            .with_context(|| format!("--solo {l}"))?;
    }
    if !args.no_db {
        studies::check(&args.db)?;
    }
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .ok();
    }
    let bar = ProgressBar::new(config.games * chosen.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let mut out = Vec::new();
    for l in &chosen {
        let rules = level_rules(l);
        let start = Instant::now();
        let results = entry.solo_tournament(&rules, &config, &|_| bar.inc(1))?;
        let seconds = start.elapsed().as_secs_f64();
        let id = if args.no_db {
            None
        } else {
            let summary = tournament::summarize(&results, seconds);
            Some(studies::store_finished(
                &args.db,
                game,
                &config,
                Some(&rules),
                &results,
                &summary,
                seconds,
            )?)
        };
        out.push(SoloLevel {
            level: l.clone(),
            summary: tournament::summarize_solo(&results),
            rules,
            results,
            id,
        });
    }
    bar.finish_and_clear();
    if let Some(p) = &args.out {
        common::write_json(
            p,
            &serde_json::json!({"game": game, "config": config, "solo": out}),
        )?;
    }
    for l in &mut out {
        l.results.clear();
    }
    if args.json {
        let v = serde_json::json!({
            "game": game,
            "player": player,
            "solo_bot": bot,
            "games": config.games,
            "seed": config.seed,
            "levels": out,
        });
        println!("{v}");
        return Ok(());
    }
    println!(
        "{game} solo: {player} (seat 0) against {bot} (seat 1), {} games per level, seed {}",
        config.games, config.seed
    );
    println!(
        "{:<12} {:>6} {:>5} {:>6} {:>5} {:>8}  {:<17} {:>7}  {:<17} {:>7} {:>7}",
        "level",
        "games",
        "wins",
        "shared",
        "lost",
        "win rate",
        "95% CI",
        "margin",
        "95% CI",
        "player",
        bot
    );
    for l in &out {
        let s = &l.summary;
        println!(
            "{:<12} {:>6} {:>5} {:>6} {:>5} {:>7.1}%  [{:>5.1}%, {:>5.1}%] {:>+7.1}  [{:>+6.1}, {:>+6.1}] {:>7.1} {:>7.1}{}",
            l.level,
            s.games,
            s.wins,
            s.shared,
            s.losses,
            100.0 * s.win_rate,
            100.0 * s.ci95[0],
            100.0 * s.ci95[1],
            s.mean_margin,
            s.margin_ci95[0],
            s.margin_ci95[1],
            s.mean_scores[0],
            s.mean_scores[1],
            if s.unfinished > 0 {
                format!("  ({} unfinished)", s.unfinished)
            } else {
                String::new()
            }
        );
    }
    for l in &out {
        if let Some(id) = l.id {
            println!(
                "{}: stored as tournament {id} in {}",
                l.level,
                queue::redact(&args.db)
            );
        }
    }
    Ok(())
}

/// `tessera tournament --workers`: checks the options and the players, then queues.
fn queue(
    args: &RunArgs,
    entry: &dyn GameEntry,
    game: &str,
    config: &TournamentConfig,
    rules: Option<&serde_json::Value>,
) -> Result<()> {
    if !queue::is_postgres(&args.db) {
        bail!(
            "--workers needs a PostgreSQL --db (postgres://USER@HOST/DB), where the workers \
             share the job table; without a database, use --shard K/N and merge"
        );
    }
    if args.no_db {
        bail!("--workers keeps the jobs and the results in the --db: drop --no-db");
    }
    if args.shard.is_some() {
        bail!("--workers splits the study into jobs itself: drop --shard");
    }
    if args.threads.is_some() {
        bail!("--workers plays nothing here: give --threads to `tessera worker`");
    }
    if !args.wait && (args.out.is_some() || args.plot.is_some()) {
        bail!("--out and --plot with --workers need --wait (or use `tournament status`)");
    }
    // refuse bad players or rules now rather than in every worker: zero games play nothing
    // but build every strategy and the rules
    let none = TournamentConfig {
        games: 0,
        ..config.clone()
    };
    entry.tournament(rules, &none, &|_| {})?;
    let wait = args.wait.then(|| studies::Report {
        json: args.json,
        plot: args.plot.clone(),
        out: args.out.clone(),
    });
    studies::queue(
        &args.db,
        game,
        config,
        rules,
        args.deals_per_job,
        args.json,
        wait,
    )
}
