//! The game server's commands: `serve`, `client`, `games`, and replaying a stored game.

use anyhow::{bail, Context, Result};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tessera_server::bot::Brain;
use tessera_server::served::GameKind;
use tessera_server::server::Config;
use tessera_server::store::{self, Store};

/// Options of `tessera serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// TCP port of the game protocol (0 = any free port).
    #[arg(long, default_value_t = 45678)]
    tcp_port: u16,
    /// HTTP port: the browser UI at `/`, WebSocket observers, /api/games (0 = any free port).
    #[arg(long, default_value_t = 8080)]
    http_port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The SQLite database file (created on first run).
    #[arg(long, default_value = "tessera.db")]
    db: PathBuf,
    /// Where the browser UI keeps the records of games played in the browser.
    #[arg(long, default_value = "tessera-web-records")]
    web_records: PathBuf,
    /// Deadline of every call to a player, in seconds.
    #[arg(long, default_value_t = 6.0)]
    per_call: f64,
    /// Deadline for a new connection's sign-up, in seconds.
    #[arg(long, default_value_t = 5.0)]
    signup_timeout: f64,
    /// Waiting period, in seconds: a game starts after it with at least 2 players.
    #[arg(long, default_value_t = 10.0)]
    wait: f64,
    /// A game starts as soon as this many players wait for it.
    #[arg(long, default_value_t = 2)]
    players_per_game: usize,
    /// Most TCP connections at once.
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// Longest message accepted, in bytes.
    #[arg(long, default_value_t = 65536)]
    max_message: usize,
    /// Most WebSocket observers at once.
    #[arg(long, default_value_t = 256)]
    max_observers: usize,
    /// Most HTTP connections at once.
    #[arg(long, default_value_t = 256)]
    max_http_connections: usize,
    /// Base seed: game ID gets SEED + ID (default: random seeds).
    #[arg(long)]
    seed: Option<u64>,
    /// Load benchmark: start a server on 127.0.0.1 with a temporary database, play this
    /// many concurrent bot games against it, print the figures and stop.
    #[arg(long, value_name = "GAMES")]
    bench_load: Option<usize>,
    /// The game of the load benchmark.
    #[arg(long, default_value = "q")]
    bench_game: String,
    /// The bots' strategy in the load benchmark.
    #[arg(long, default_value = "")]
    bench_strategy: String,
    /// In the load benchmark, each bot waits this many milliseconds before every move.
    #[arg(long, default_value_t = 0)]
    bench_think: u64,
}

fn seconds(s: f64, what: &str) -> Result<Duration> {
    Duration::try_from_secs_f64(s).with_context(|| format!("bad {what}: {s}"))
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

fn init_logs() {
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_max_level(tracing::Level::INFO)
        .try_init();
}

fn default_strategy(game: GameKind) -> &'static str {
    match game {
        GameKind::Q => "dag",
        GameKind::Triominos | GameKind::Akropolis => "greedy",
    }
}

/// `tessera serve`.
pub fn serve(args: ServeArgs) -> Result<()> {
    if let Some(games) = args.bench_load {
        return bench(games, &args);
    }
    init_logs();
    let config = Config {
        max_message: args.max_message,
        per_call: seconds(args.per_call, "--per-call")?,
        signup_timeout: seconds(args.signup_timeout, "--signup-timeout")?,
        wait: seconds(args.wait, "--wait")?,
        players_per_game: args.players_per_game,
        max_connections: args.max_connections,
        max_observers: args.max_observers,
        max_http_connections: args.max_http_connections,
        seed: args.seed,
        ..Config::default()
    };
    let rt = runtime()?;
    rt.block_on(async move {
        let tcp = tokio::net::TcpListener::bind((args.host, args.tcp_port))
            .await
            .with_context(|| format!("cannot listen on TCP port {}", args.tcp_port))?;
        let http = tokio::net::TcpListener::bind((args.host, args.http_port))
            .await
            .with_context(|| format!("cannot listen on HTTP port {}", args.http_port))?;
        let (tcp_port, http_port) = (tcp.local_addr()?.port(), http.local_addr()?.port());
        let (store, thread, last) = Store::start(&args.db)
            .with_context(|| format!("cannot open the database {}", args.db.display()))?;
        println!("tcp={tcp_port} http={http_port}");
        std::io::stdout().flush()?;
        tracing::info!(tcp_port, http_port, db = %args.db.display(), "serving");
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        let hub = web_hub(&args.web_records, &args.db)?;
        eprintln!(
            "open http://{}:{http_port}/ to play in a browser",
            args.host
        );
        let live = tessera_server::observe::Registry::default();
        let config = Config {
            live: Some(live.clone()),
            ..config
        };
        tokio::spawn(mirror_live_games(live, hub.clone(), args.db.clone()));
        let r = tessera_server::server::run_with(
            tcp,
            Some(http),
            store,
            last,
            config,
            shutdown,
            None,
            Some(tessera_web::router(hub)),
        )
        .await;
        thread.join();
        tracing::info!("stopped");
        Ok(r?)
    })
}

fn bench(games: usize, args: &ServeArgs) -> Result<()> {
    let game: GameKind = args.bench_game.parse().map_err(anyhow::Error::msg)?;
    let spec = if args.bench_strategy.is_empty() {
        default_strategy(game).to_string()
    } else {
        args.bench_strategy.clone()
    };
    let db = std::env::temp_dir().join(format!("tessera-bench-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let rt = runtime()?;
    let think = Duration::from_millis(args.bench_think);
    let report = rt.block_on(tessera_server::bench::load(game, games, &spec, think, &db));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let r = report?;
    println!(
        "load benchmark: {} concurrent {} games ({} bots, {} ms thinking), {} completed in {:.2} s: {:.1} games/s",
        r.games,
        game,
        spec,
        args.bench_think,
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
    Ok(())
}

/// Options of `tessera client`.
#[derive(Args, Debug)]
pub struct ClientArgs {
    /// The game: triominos, q or akropolis.
    #[arg(long)]
    game: String,
    /// The bots, comma separated, one connection each (Q: dag, ldasg; Triominos: a spec
    /// of the AI registry such as random, greedy, ismcts:iters=200; Akropolis: random,
    /// greedy, architect).
    #[arg(long, value_delimiter = ',', required = true)]
    players: Vec<String>,
    /// The server's address.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The server's TCP port.
    #[arg(long, default_value_t = 45678)]
    port: u16,
}

/// `tessera client`.
pub fn client(args: ClientArgs) -> Result<()> {
    let game: GameKind = args.game.parse().map_err(anyhow::Error::msg)?;
    let mut bots = Vec::new();
    for (i, spec) in args.players.iter().enumerate() {
        let brain = Brain::new(game, spec).map_err(anyhow::Error::msg)?;
        bots.push((tessera_server::client::player_name(spec, i + 1), brain));
    }
    let addr = SocketAddr::new(args.host, args.port);
    let rt = runtime()?;
    let results = rt.block_on(async move {
        let mut tasks = Vec::new();
        for (name, brain) in bots {
            tasks.push(tokio::spawn(async move {
                let r = tessera_server::client::play(addr, game, &name, brain).await;
                (name, r)
            }));
            // one after the other, so that the sign-up order is the order given
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let mut out = Vec::new();
        for t in tasks {
            out.push(t.await);
        }
        out
    });
    let mut failed = 0;
    for r in results {
        match r {
            Ok((name, Ok(f))) => println!(
                "{name}: {} after {} turns",
                if f.won { "won" } else { "lost" },
                f.turns
            ),
            Ok((name, Err(e))) => {
                failed += 1;
                println!("{name}: {e}");
            }
            Err(e) => {
                failed += 1;
                println!("a player crashed: {e}");
            }
        }
    }
    println!("all done");
    if failed > 0 {
        bail!("{failed} player(s) did not finish their game");
    }
    Ok(())
}

/// Options of `tessera games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// The database file.
    #[arg(long, default_value = "tessera.db")]
    db: PathBuf,
    /// Print JSON (a list of objects) instead of a table.
    #[arg(long)]
    json: bool,
}

/// `tessera games`.
pub fn games(args: GamesArgs) -> Result<()> {
    if !args.db.exists() {
        bail!("no database {}", args.db.display());
    }
    let rows = store::list_games(&args.db)?;
    if args.json {
        let list: Vec<_> = rows.iter().map(|r| r.summary()).collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
        return Ok(());
    }
    println!(
        "{:>6}  {:<10} {:<9} {:>6}  {:<30} {:<20} ejected",
        "id", "game", "status", "moves", "players", "winners"
    );
    for r in &rows {
        println!(
            "{:>6}  {:<10} {:<9} {:>6}  {:<30} {:<20} {}",
            r.id,
            r.game,
            r.status,
            r.moves.as_array().map_or(0, Vec::len),
            r.players.join(","),
            r.winners().join(","),
            r.ejected_names().join(",")
        );
    }
    Ok(())
}

/// Whether `tessera replay ARG` means a game in the database: an all-digit argument
/// that is not an existing file.
pub fn is_db_id(arg: &Path) -> Option<u64> {
    let s = arg.to_str()?;
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && !arg.exists() {
        s.parse().ok()
    } else {
        None
    }
}

/// The record (as `tessera replay FILE` reads it) of game `id` in `db`.
pub fn stored_record(db: &Path, id: u64) -> Result<serde_json::Value> {
    if !db.exists() {
        bail!("no database {}", db.display());
    }
    let row =
        store::get_game(db, id)?.with_context(|| format!("no game {id} in {}", db.display()))?;
    if row.status != "finished" {
        eprintln!("game {id} was {}: replaying the moves played", row.status);
    }
    Ok(row.record())
}

/// The browser UI's hub: its own records, plus every finished game of the server's database
/// (so that games played over TCP can be replayed in the browser).
fn web_hub(records: &std::path::Path, db: &std::path::Path) -> Result<tessera_web::Hub> {
    let hub = tessera_web::Hub::with_records(records.to_path_buf())
        .with_context(|| format!("web records directory {}", records.display()))?;
    let rows = tessera_server::store::list_games(db).unwrap_or_default();
    let mut added = 0;
    for row in rows.iter().filter(|r| r.status == "finished") {
        if offer_for_replay(&hub, row) {
            added += 1;
        }
    }
    tracing::info!(added, "server games offered for replay in the browser");
    Ok(hub)
}

/// Follows the server's games in progress in the browser UI: each one gets a spectator-only
/// session in the hub (its seats are people nobody holds the token of) that replays the
/// game's moves as they are played, so a browser can watch any running game live. A game
/// that ends before all its moves were mirrored is completed from the database.
async fn mirror_live_games(
    live: tessera_server::observe::Registry,
    hub: tessera_web::Hub,
    db: PathBuf,
) {
    use std::collections::HashMap;
    // server game id -> (hub session id, moves mirrored)
    let mut mirrors: HashMap<u64, (String, usize)> = HashMap::new();
    let mut mirrored = std::collections::HashSet::new();
    let mut seen = store::list_games(&db)
        .unwrap_or_default()
        .iter()
        .map(|r| r.id)
        .max()
        .unwrap_or(0);
    let mut ticks = 0u64;
    let mut tick = tokio::time::interval(Duration::from_millis(200));
    loop {
        tick.tick().await;
        let skip: HashMap<u64, usize> = mirrors.iter().map(|(id, (_, n))| (*id, *n)).collect();
        let games = live.games(&skip);
        for g in &games {
            if let std::collections::hash_map::Entry::Vacant(slot) = mirrors.entry(g.id) {
                let req = tessera_web::NewGame {
                    game: g.game.to_string(),
                    seats: g
                        .players
                        .iter()
                        .map(|n| tessera_web::SeatRequest {
                            kind: "human".into(),
                            spec: None,
                            name: Some(format!("{n} (TCP)")),
                        })
                        .collect(),
                    options: g.rules.clone(),
                    seed: Some(g.seed),
                    delay_ms: Some(0),
                };
                match hub.create(req) {
                    Ok(created) => {
                        slot.insert((created.id, 0));
                    }
                    Err(e) => {
                        tracing::warn!(id = g.id, error = %e, "cannot mirror this game in the browser UI");
                        slot.insert((String::new(), usize::MAX));
                        continue;
                    }
                }
            }
            mirror_moves(&hub, &mut mirrors, g.id, g.moves_from, &g.moves);
        }
        // games that ended: complete their mirrors from the database
        let ended: Vec<u64> = mirrors
            .keys()
            .copied()
            .filter(|id| !games.iter().any(|g| g.id == *id))
            .collect();
        for id in ended {
            if let Ok(Some(row)) = store::get_game(&db, id) {
                if let Some(moves) = row.moves.as_array() {
                    let from = mirrors.get(&id).map_or(0, |m| m.1).min(moves.len());
                    mirror_moves(&hub, &mut mirrors, id, from, &moves[from..]);
                }
                mirrors.remove(&id);
                mirrored.insert(id);
            }
        }
        // games too quick to be seen running: offer them for replay once stored
        ticks += 1;
        if ticks.is_multiple_of(5) {
            for row in store::list_games(&db).unwrap_or_default() {
                if row.id > seen && row.status == "finished" && !mirrors.contains_key(&row.id) {
                    if !mirrored.contains(&row.id) {
                        offer_for_replay(&hub, &row);
                    }
                    seen = row.id;
                }
            }
        }
    }
}

/// Adds a stored game to the browser UI's finished games (id `tcp-ID`).
fn offer_for_replay(hub: &tessera_web::Hub, row: &tessera_server::store::GameRow) -> bool {
    let summary = tessera_web::GameSummary {
        id: format!("tcp-{}", row.id),
        game: row.game.clone(),
        players: row.players.clone(),
        scores: row
            .result
            .get("scores")
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default(),
        moves: row.moves.as_array().map_or(0, |m| m.len()),
        finished: true,
        created: row.started.max(0) as u64,
    };
    hub.add_finished(tessera_web::Stored {
        summary,
        record: row.record(),
    })
    .is_ok()
}

/// Applies `moves` (starting at move number `from`) to the mirror of server game `id`.
fn mirror_moves(
    hub: &tessera_web::Hub,
    mirrors: &mut std::collections::HashMap<u64, (String, usize)>,
    id: u64,
    from: usize,
    moves: &[serde_json::Value],
) {
    let Some((sid, done)) = mirrors.get_mut(&id) else {
        return;
    };
    if *done == usize::MAX || from != *done {
        return;
    }
    let Some(session) = hub.session(sid) else {
        return;
    };
    for mv in moves {
        let state = session.state(None);
        let Some(seat) = state.get("to_move").and_then(|s| s.as_u64()) else {
            break;
        };
        if let Err(e) = session.play(seat as usize, mv) {
            tracing::warn!(id, error = %e, "the browser mirror refused a move; it stops following");
            *done = usize::MAX;
            return;
        }
        *done += 1;
    }
}
