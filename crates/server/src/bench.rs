//! The load benchmark: a host on loopback and many concurrent bot games over TCP; reports
//! games per second and the percentiles of a turn's round trip (the referee's `take-turn`
//! call to the reply, as the host measures it).

use crate::client::{self, Join};
use crate::config::Config;
use crate::host::Host;
use crate::store::Store;
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};
use tessera_games::Registry;
use tokio::net::TcpListener;
use tokio::sync::mpsc;

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

/// Why the benchmark failed.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// The store could not open.
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    /// A socket failed.
    #[error("network error: {0}")]
    Io(#[from] std::io::Error),
    /// A bad game or bot.
    #[error(transparent)]
    Entry(#[from] tessera_games::EntryError),
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Starts a host on 127.0.0.1 (store `db`) and plays `games` concurrent games of `game`
/// between 2 bots playing `spec` over TCP (each waiting `think` before every move), then
/// stops the host.
pub async fn load(
    registry: Registry,
    game: &str,
    games: usize,
    spec: &str,
    think: Duration,
    db: &Path,
) -> Result<LoadReport, BenchError> {
    let entry = registry.find(game)?.clone();
    entry.wire_bot(spec)?;
    let tcp = TcpListener::bind("127.0.0.1:0").await?;
    let addr: SocketAddr = tcp.local_addr()?;
    let (store, thread) = Store::start(db)?;
    let config = Config {
        players_per_game: 2,
        wait: Duration::from_secs(60),
        per_call: Duration::from_secs(30),
        signup_timeout: Duration::from_secs(30),
        max_connections: games * 2 + 16,
        // the same deals in every run
        seed: Some(1),
        ..Config::default()
    };
    let host = Host::new(registry, store, config);
    let (times_tx, mut times_rx) = mpsc::unbounded_channel();
    host.report_times(times_tx);
    let server = {
        let host = host.clone();
        tokio::spawn(async move { host.serve_tcp(tcp).await })
    };
    let start = Instant::now();
    let mut clients = tokio::task::JoinSet::new();
    let join = Join::Game(entry.name().to_string());
    for g in 0..games {
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
    host.shutdown(Duration::from_secs(10)).await;
    let _ = server.await;
    drop(host);
    thread.join();
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
