//! The load and soak benchmarks of `tessera serve --bench-load/--bench-soak`: a host on
//! loopback and many concurrent bot games over TCP; they report games per second and the
//! percentiles of a turn's round trip (the referee's `take-turn` call to the reply, as the
//! host measures it), the soak also the resident memory along the run.

use crate::common::runtime;
use anyhow::{bail, Result};
use clap::Args;
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};
use tessera_games::{GameEntry, Registry};
use tessera_server::host::Host;
use tessera_server::store::{self, Store};
use tessera_server::vocab::config::Config;
use tessera_tcp::client::{self, Join};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

/// The benchmark options of `tessera serve`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Load benchmark: start a host on 127.0.0.1 with a temporary store, play this many
    /// concurrent bot games over TCP against it, print the figures and stop.
    #[arg(long, value_name = "GAMES")]
    pub(crate) bench_load: Option<usize>,
    /// The game of the load benchmark.
    #[arg(long, default_value = "q")]
    pub(crate) bench_game: String,
    /// The bots' strategy in the load benchmark (default: the game's first bot).
    #[arg(long, default_value = "")]
    pub(crate) bench_strategy: String,
    /// In the load benchmark, each bot waits this many milliseconds before every move.
    #[arg(long, default_value_t = 0)]
    pub(crate) bench_think: u64,
    /// Soak benchmark: play this many games through a host on 127.0.0.1 with a temporary
    /// store, `--bench-concurrency` at a time, and print games/s, the turn round trip and
    /// the resident memory after every tenth of the games.
    #[arg(long, value_name = "GAMES")]
    pub(crate) bench_soak: Option<usize>,
    /// Games at once in the soak benchmark.
    #[arg(long, default_value_t = 200)]
    pub(crate) bench_concurrency: usize,
    /// Nodes of the load benchmark: hosts in this process sharing the `--db` PostgreSQL
    /// database, the games spread over them (1 with SQLite).
    #[arg(long, default_value_t = 1)]
    pub(crate) bench_nodes: usize,
}

/// Runs the benchmark `args` ask for (`None`: none asked), on the store `db` (a
/// PostgreSQL URL is used as it is; else a temporary SQLite file).
pub fn run(registry: &Registry, args: &BenchArgs, db: &str) -> Option<Result<()>> {
    if let Some(games) = args.bench_load {
        return Some(load_command(registry, games, args, db));
    }
    args.bench_soak
        .map(|games| soak_command(registry, games, args))
}

/// The bots' strategy: `--bench-strategy`, else the game's first bot.
fn strategy(entry: &dyn GameEntry, args: &BenchArgs) -> String {
    if args.bench_strategy.is_empty() {
        entry
            .info()
            .bots
            .first()
            .map_or("random", |b| b.name)
            .to_string()
    } else {
        args.bench_strategy.clone()
    }
}

fn load_command(registry: &Registry, games: usize, args: &BenchArgs, db: &str) -> Result<()> {
    let entry = registry.find(&args.bench_game)?;
    let spec = strategy(entry.as_ref(), args);
    // a PostgreSQL --db is used as it is (its games stay); else a temporary SQLite file
    let postgres = store::is_postgres(db);
    if args.bench_nodes > 1 && !postgres {
        bail!("--bench-nodes needs a PostgreSQL --db (nodes share a database)");
    }
    let file = std::env::temp_dir().join(format!("tessera-bench-{}.db", std::process::id()));
    let clean = || {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
        }
    };
    clean();
    let db = if postgres {
        db.to_string()
    } else {
        file.display().to_string()
    };
    let think = Duration::from_millis(args.bench_think);
    let report = runtime()?.block_on(load(
        registry.clone(),
        entry.name(),
        games,
        &spec,
        think,
        &db,
        args.bench_nodes,
    ));
    clean();
    let r = report?;
    println!(
        "load benchmark: {} concurrent {} games ({} bots, {} ms thinking) on {} ({} node{}), {} completed in {:.2} s: {:.1} games/s",
        r.games,
        entry.name(),
        spec,
        args.bench_think,
        if postgres { "PostgreSQL" } else { "SQLite" },
        args.bench_nodes.max(1),
        if args.bench_nodes > 1 { "s" } else { "" },
        r.completed,
        r.elapsed.as_secs_f64(),
        r.games_per_second()
    );
    println!(
        "turn round trip over {} turns: p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        r.turns,
        r.p50.as_secs_f64() * 1e3,
        r.p99.as_secs_f64() * 1e3,
        r.max.as_secs_f64() * 1e3
    );
    println!(
        "referee's own work per turn: p50 {:.3} ms, p99 {:.3} ms",
        r.work_p50.as_secs_f64() * 1e3,
        r.work_p99.as_secs_f64() * 1e3
    );
    // the benchmark's own error: how late the bots ended their thinking
    let (q, n) = tessera_tcp::pace::lateness(&[0.5, 0.99]);
    if n > 0 {
        println!(
            "the bots' own lateness after thinking, over {n} waits: p50 {:.3} ms, p99 {:.3} ms",
            q[0].as_secs_f64() * 1e3,
            q[1].as_secs_f64() * 1e3
        );
    }
    Ok(())
}

fn mb(bytes: Option<u64>) -> String {
    bytes.map_or("?".into(), |b| format!("{:.1} MB", b as f64 / 1e6))
}

fn soak_command(registry: &Registry, games: usize, args: &BenchArgs) -> Result<()> {
    let entry = registry.find(&args.bench_game)?;
    let spec = strategy(entry.as_ref(), args);
    let db = std::env::temp_dir().join(format!("tessera-soak-{}.db", std::process::id()));
    let clean = || {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
    };
    clean();
    let think = Duration::from_millis(args.bench_think);
    let report = runtime()?.block_on(soak(
        registry.clone(),
        entry.name(),
        games,
        args.bench_concurrency.max(1),
        &spec,
        think,
        &db,
    ));
    clean();
    let r = report?;
    println!(
        "soak benchmark: {} {} games ({} bots, {} ms thinking), {} at a time, {} completed in {:.1} s: {:.1} games/s",
        r.games,
        entry.name(),
        spec,
        args.bench_think,
        r.concurrency,
        r.completed,
        r.elapsed.as_secs_f64(),
        r.games_per_second()
    );
    println!(
        "turn round trip over {} turns: p50 {:.3} ms, p99 {:.3} ms",
        r.turns.len(),
        r.turns.quantile(0.5).as_secs_f64() * 1e3,
        r.turns.quantile(0.99).as_secs_f64() * 1e3
    );
    let tenth = r.rss_samples.first().cloned();
    let last = r.rss_samples.last().cloned();
    println!(
        "resident memory: {} before the first game, {} after {} games, {} after {} games (highest sample {})",
        mb(r.rss_start),
        mb(tenth.and_then(|t| t.1)),
        tenth.map_or(0, |t| t.0),
        mb(last.and_then(|t| t.1)),
        last.map_or(0, |t| t.0),
        mb(r.rss_peak)
    );
    println!(
        "every tenth: {}",
        r.rss_samples
            .iter()
            .map(|(n, b)| format!("{n}: {}", mb(*b)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}

/// What the benchmark measured.
#[derive(Clone, Debug)]
pub struct LoadReport {
    /// Games started.
    pub games: usize,
    /// Games whose every player reached `win`.
    pub completed: usize,
    /// Wall-clock time from the first connection to the last game's end.
    pub elapsed: Duration,
    /// Turns measured.
    pub turns: usize,
    /// Median turn round trip.
    pub p50: Duration,
    /// 99th percentile turn round trip.
    pub p99: Duration,
    /// Slowest turn.
    pub max: Duration,
    /// Median of the referee's own work per turn (view, move check).
    pub work_p50: Duration,
    /// 99th percentile of the referee's own work per turn.
    pub work_p99: Duration,
}

impl LoadReport {
    /// Completed games per second.
    pub fn games_per_second(&self) -> f64 {
        self.completed as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// A benchmark host's settings for `games` 2-player games at once.
fn bench_config(games: usize) -> Config {
    Config {
        players_per_game: 2,
        wait: Duration::from_secs(60),
        per_call: Duration::from_secs(30),
        signup_timeout: Duration::from_secs(30),
        max_connections: games * 2 + 16,
        // every bot of the benchmark connects from 127.0.0.1, at once
        max_connections_per_address: games * 2 + 16,
        max_waiting: games * 2 + 16,
        // the same deals in every run
        seed: Some(1),
        ..Config::default()
    }
}

/// Starts `nodes` hosts on 127.0.0.1 sharing the store `db` (a SQLite file, one node;
/// or a PostgreSQL URL) and plays `games` concurrent games of `game` between 2 bots
/// playing `spec` over TCP (each waiting `think` before every move), game `g` at node
/// `g % nodes`, then stops the hosts.
#[allow(clippy::too_many_arguments)]
pub async fn load(
    registry: Registry,
    game: &str,
    games: usize,
    spec: &str,
    think: Duration,
    db: &str,
    nodes: usize,
) -> Result<LoadReport> {
    let entry = registry.find(game)?.clone();
    entry.wire_bot(spec)?;
    let nodes = nodes.max(1);
    let (times_tx, mut times_rx) = mpsc::unbounded_channel();
    let mut hosts = Vec::new();
    for _ in 0..nodes {
        let tcp = TcpListener::bind("127.0.0.1:0").await?;
        let addr: SocketAddr = tcp.local_addr()?;
        let (store, thread) = Store::open(db, Duration::from_secs(10)).await?;
        let host = Host::new(registry.clone(), store, bench_config(games));
        host.report_times(times_tx.clone());
        let server = {
            let host = host.clone();
            tokio::spawn(async move { tessera_server::doors::tcp::serve_tcp(&host, tcp).await })
        };
        hosts.push((host, server, thread, addr));
    }
    drop(times_tx);
    let start = Instant::now();
    let mut clients = tokio::task::JoinSet::new();
    let join = Join::Game(entry.name().to_string());
    for g in 0..games {
        let addr = hosts[g % nodes].3;
        for p in 0..2 {
            let bot = entry.wire_bot(spec)?;
            let name = client::player_name("bot", g * 2 + p);
            let join = join.clone();
            clients.spawn(async move { client::play(addr, &join, &name, bot, think).await });
        }
    }
    let mut finished_players = 0;
    while let Some(r) = clients.join_next().await {
        if matches!(r, Ok(Ok(_))) {
            finished_players += 1;
        }
    }
    let elapsed = start.elapsed();
    for (host, server, thread, _) in hosts {
        host.shutdown(Duration::from_secs(10)).await;
        let _ = server.await;
        drop(host);
        let _ = tokio::task::spawn_blocking(move || thread.join()).await;
    }
    let mut all = Vec::new();
    let mut work = Vec::new();
    while let Ok((t, w)) = times_rx.try_recv() {
        all.extend(t);
        work.extend(w);
    }
    all.sort_unstable();
    work.sort_unstable();
    Ok(LoadReport {
        games,
        completed: finished_players / 2,
        elapsed,
        turns: all.len(),
        p50: percentile(&all, 0.5),
        p99: percentile(&all, 0.99),
        max: all.last().copied().unwrap_or_default(),
        work_p50: percentile(&work, 0.5),
        work_p99: percentile(&work, 0.99),
    })
}

/// Turn times in a fixed-size histogram (10 µs buckets up to 2 s, then one bucket): a long
/// run's percentiles without keeping every turn.
#[derive(Clone, Debug)]
pub struct Histogram {
    counts: Vec<u64>,
    over: u64,
    max: Duration,
    n: u64,
}

const BUCKET_US: u64 = 10;
const BUCKETS: usize = 200_000;

impl Default for Histogram {
    fn default() -> Self {
        Histogram {
            counts: vec![0; BUCKETS],
            over: 0,
            max: Duration::ZERO,
            n: 0,
        }
    }
}

impl Histogram {
    /// Counts one time.
    pub fn add(&mut self, d: Duration) {
        let b = (d.as_micros() as u64 / BUCKET_US) as usize;
        match self.counts.get_mut(b) {
            Some(c) => *c += 1,
            None => self.over += 1,
        }
        self.max = self.max.max(d);
        self.n += 1;
    }

    /// Times counted.
    pub fn len(&self) -> u64 {
        self.n
    }

    /// The `p` quantile (the upper end of its bucket).
    pub fn quantile(&self, p: f64) -> Duration {
        if self.n == 0 {
            return Duration::ZERO;
        }
        let want = ((self.n as f64) * p).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (b, c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= want {
                return Duration::from_micros((b as u64 + 1) * BUCKET_US).min(self.max);
            }
        }
        self.max
    }
}

/// The resident memory of this process, in bytes (Linux; `None` elsewhere).
pub fn rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// What the soak benchmark measured.
#[derive(Clone, Debug)]
pub struct SoakReport {
    /// Games asked for.
    pub games: usize,
    /// Games at once.
    pub concurrency: usize,
    /// Games whose players both reached `win`.
    pub completed: usize,
    /// From the first connection to the last game's end.
    pub elapsed: Duration,
    /// Turn round trips.
    pub turns: Histogram,
    /// RSS before the first game.
    pub rss_start: Option<u64>,
    /// RSS after each tenth of the games: (games completed, bytes).
    pub rss_samples: Vec<(usize, Option<u64>)>,
    /// The highest RSS seen at a sample.
    pub rss_peak: Option<u64>,
}

impl SoakReport {
    /// Completed games per second.
    pub fn games_per_second(&self) -> f64 {
        self.completed as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The soak benchmark: `games` games of `game` through a host on 127.0.0.1 (store `db`),
/// `concurrency` at a time, 2 bots over TCP each; the resident memory is sampled after
/// every tenth of the games, the turn round trips are kept in a histogram.
pub async fn soak(
    registry: Registry,
    game: &str,
    games: usize,
    concurrency: usize,
    spec: &str,
    think: Duration,
    db: &Path,
) -> Result<SoakReport> {
    let entry = registry.find(game)?.clone();
    entry.wire_bot(spec)?;
    let tcp = TcpListener::bind("127.0.0.1:0").await?;
    let addr: SocketAddr = tcp.local_addr()?;
    let (store, thread) = Store::start(db)?;
    let host = Host::new(registry, store, bench_config(concurrency));
    let (times_tx, mut times_rx) = mpsc::unbounded_channel();
    host.report_times(times_tx);
    let server = {
        let host = host.clone();
        tokio::spawn(async move { tessera_server::doors::tcp::serve_tcp(&host, tcp).await })
    };
    let rss_start = rss();
    let mut turns = Histogram::default();
    let mut samples = Vec::new();
    let mut peak = rss_start;
    let start = Instant::now();
    let mut pairs = tokio::task::JoinSet::new();
    let join = Join::Game(entry.name().to_string());
    let mut started = 0usize;
    let mut completed = 0usize;
    let mut ended = 0usize;
    let tenth = (games / 10).max(1);
    let new_pair = |i: usize| -> Result<_> {
        let bots = (entry.wire_bot(spec)?, entry.wire_bot(spec)?);
        let join = join.clone();
        Ok(async move {
            let (a, b) = bots;
            let (na, nb) = (
                client::player_name("bot", 2 * i),
                client::player_name("bot", 2 * i + 1),
            );
            let ra = tokio::spawn({
                let join = join.clone();
                async move { client::play(addr, &join, &na, a, think).await }
            });
            let rb = tokio::spawn(async move { client::play(addr, &join, &nb, b, think).await });
            matches!(ra.await, Ok(Ok(_))) && matches!(rb.await, Ok(Ok(_)))
        })
    };
    while started < concurrency.min(games) {
        pairs.spawn(new_pair(started)?);
        started += 1;
    }
    while let Some(done) = pairs.join_next().await {
        ended += 1;
        if matches!(done, Ok(true)) {
            completed += 1;
        }
        while let Ok((t, _)) = times_rx.try_recv() {
            for d in t {
                turns.add(d);
            }
        }
        if ended.is_multiple_of(tenth) || ended == games {
            let r = rss();
            peak = peak.max(r);
            samples.push((ended, r));
        }
        if started < games {
            pairs.spawn(new_pair(started)?);
            started += 1;
        }
    }
    let elapsed = start.elapsed();
    host.shutdown(Duration::from_secs(10)).await;
    let _ = server.await;
    drop(host);
    thread.join();
    while let Ok((t, _)) = times_rx.try_recv() {
        for d in t {
            turns.add(d);
        }
    }
    Ok(SoakReport {
        games,
        concurrency,
        completed,
        elapsed,
        turns,
        rss_start,
        rss_samples: samples,
        rss_peak: peak,
    })
}
