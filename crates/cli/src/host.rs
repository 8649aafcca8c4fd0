//! The host's commands: `serve` (the one host: programs over TCP, people and spectators in
//! browsers, one store), `client` (bots that sign up over TCP) and `games` (the store's
//! games).

use crate::common::{defaults, runtime};
use crate::limits::seconds;
use crate::serve_bench;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tessera_games::Registry;
use tessera_server::host::Host;
use tessera_server::store::{self, ListQuery, Store};
use tessera_server::vocab::config::Config;
use tessera_tcp::client::{self, Join};

/// Options of `tessera serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// TCP port of the game protocol, for programs (0 = any free port).
    #[arg(long, default_value_t = 45678)]
    tcp_port: u16,
    /// HTTP port: the browser UI at `/`, its API and WebSockets (0 = any free port).
    #[arg(long, default_value_t = 8080)]
    http_port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The store: a SQLite file (created on first run), or a PostgreSQL database
    /// (`postgres://USER[:PASSWORD]@HOST[:PORT]/DB`, its tables created on first run)
    /// that several `serve` processes (nodes) may share.
    #[arg(long, default_value = "tessera.db")]
    db: String,
    /// On PostgreSQL: seconds a node may stay silent before the other nodes take its
    /// games over (it renews its lease every third of this).
    #[arg(long, default_value_t = defaults().lease.as_secs_f64())]
    lease: f64,
    /// Deadline of every call to a program or a bot, in seconds.
    #[arg(long, default_value_t = defaults().per_call.as_secs_f64())]
    per_call: f64,
    /// Deadline for a new connection's sign-up, in seconds.
    #[arg(long, default_value_t = defaults().signup_timeout.as_secs_f64())]
    signup_timeout: f64,
    /// Lobby wait, in seconds: a game starts after it with at least 2 programs.
    #[arg(long, default_value_t = defaults().wait.as_secs_f64())]
    wait: f64,
    /// A lobby game starts as soon as this many programs wait for it.
    #[arg(long, default_value_t = defaults().players_per_game)]
    players_per_game: usize,
    /// Most TCP connections at once.
    #[arg(long, default_value_t = defaults().max_connections)]
    max_connections: usize,
    /// Longest message accepted from a program, in bytes.
    #[arg(long, default_value_t = defaults().max_message)]
    max_message: usize,
    /// Most spectators' WebSockets at once (a seat's own sockets are reserved).
    #[arg(long, default_value_t = defaults().max_websockets)]
    max_websockets: usize,
    /// Most HTTP connections at once (the process raises its limit of open files to fit).
    #[arg(long, default_value_t = defaults().max_http_connections)]
    max_http_connections: usize,
    /// Milliseconds a bot waits before moving at a table with people.
    #[arg(long, default_value_t = defaults().bot_delay_ms)]
    bot_delay: u64,
    /// For reproducible tests only: game ID gets seed SEED + ID, so a running game's seed
    /// can be derived from the ones published when games end. Default: every game draws
    /// its own seed from the operating system, secret until the game ends.
    #[arg(long)]
    seed: Option<u64>,
    /// Seconds a stop (SIGTERM, Ctrl-C) may take: games pause, sockets close.
    #[arg(long, default_value_t = 10.0)]
    shutdown_grace: f64,
    /// Seconds a program has, after its connection dropped or a restart, to take its seat
    /// again with its resume token (its turn's clock runs meanwhile).
    #[arg(long, default_value_t = defaults().resume_grace.as_secs_f64())]
    resume_grace: f64,
    /// Most TCP connections at once from one IP address.
    #[arg(long, default_value_t = defaults().max_connections_per_address)]
    max_connections_per_address: usize,
    /// Most programs waiting in the lobby under one name.
    #[arg(long, default_value_t = defaults().max_waiting_per_name)]
    max_waiting_per_name: usize,
    /// Most programs waiting in the lobby, all games and names together.
    #[arg(long, default_value_t = defaults().max_waiting)]
    max_waiting: usize,
    /// Seconds a program may wait in the lobby for a table; then it is told and
    /// disconnected.
    #[arg(long, default_value_t = defaults().lobby_expiry.as_secs_f64())]
    lobby_expiry: f64,
    /// Most WebSockets at once on one game.
    #[arg(long, default_value_t = defaults().max_websockets_per_game)]
    max_websockets_per_game: usize,
    /// Seconds an HTTP connection may stay open without a request.
    #[arg(long, default_value_t = defaults().http_idle.as_secs_f64())]
    http_idle: f64,
    /// Seconds a request's headers may take.
    #[arg(long, default_value_t = defaults().http_header_timeout.as_secs_f64())]
    http_header_timeout: f64,
    /// Most tables opened through the HTTP API (people, bots, seats open for programs)
    /// waiting or running at once.
    #[arg(long, default_value_t = defaults().max_web_tables)]
    max_web_tables: usize,
    /// Seconds a table may wait for programs to take its open seats; then it is aborted.
    #[arg(long, default_value_t = defaults().open_table_expiry.as_secs_f64())]
    open_table_expiry: f64,
    /// Seconds a person's turn may last; then the game is aborted.
    #[arg(long, default_value_t = defaults().person_idle.as_secs_f64())]
    person_idle: f64,
    /// The most milliseconds per move a bot may be given (`ms=N` of a bot's spec).
    #[arg(long, default_value_t = defaults().max_bot_ms)]
    max_bot_ms: u64,
    /// The most iterations per move a bot may be given (`iters=N` of a bot's spec).
    #[arg(long, default_value_t = defaults().max_bot_iters)]
    max_bot_iters: u64,
    /// The largest search budget a bot may be given (`budget=N` of a bot's spec).
    #[arg(long, default_value_t = defaults().max_bot_budget)]
    max_bot_budget: u64,
    /// Analyses of ended games computed at once for browsers (over it one is refused with
    /// 503 until one ends).
    #[arg(long, default_value_t = defaults().max_analyses)]
    max_analyses: usize,
    /// The search's iterations per move of a browser's analysis (by default; a request may
    /// ask fewer, or up to 4 times more).
    #[arg(long, default_value_t = defaults().analysis_iters)]
    analysis_iters: u32,
    /// The load and soak benchmarks (`--bench-load`, `--bench-soak`).
    #[command(flatten)]
    bench: serve_bench::BenchArgs,
    /// What one address may hold through the browser's door.
    #[command(flatten)]
    limits: crate::limits::DoorLimits,
    /// Turn-based games: their caps and the emails of turns that waited.
    #[command(flatten)]
    turns: crate::turn_flags::TurnFlags,
    /// The arena: seconds after which a rated-game ticket that found nobody near its
    /// rating plays the house level of the closest rating.
    #[arg(long, default_value_t = defaults().arena_house_after.as_secs_f64())]
    arena_house_after: f64,
    /// The arena: most queue tickets per account at once.
    #[arg(long, default_value_t = defaults().arena_per_account)]
    arena_per_account: usize,
    /// The arena: most queue tickets in all.
    #[arg(long, default_value_t = defaults().arena_max_tickets)]
    arena_max_tickets: usize,
    /// The arena: disconnections from rated games after which an account is marked.
    #[arg(long, default_value_t = defaults().arena_mark_after)]
    arena_mark_after: u32,
    /// Session cookies are always `Secure` (set it when the site is served over HTTPS;
    /// requests with `X-Forwarded-Proto: https` get it anyway).
    #[arg(long)]
    secure_cookies: bool,
    /// The arena runner: games of house levels against each other kept going per game
    /// (`tessera arena` plays 1 by default).
    #[arg(long)]
    house_games: Option<usize>,
    /// The log on stderr: `text` (for people) or `json` (one object a line, with the
    /// request id of an HTTP request and the id of a TCP connection).
    #[arg(long, value_enum, default_value_t = crate::logs::LogFormat::Text)]
    log_format: crate::logs::LogFormat,
    /// Seconds a stopping host answers `GET /readyz` with 503 while it still serves,
    /// before it closes its doors (give a load balancer time to see it leave).
    #[arg(long, default_value_t = defaults().drain.as_secs_f64())]
    drain: f64,
    /// Stop after this many hours (the arena runner's shift); default: until a signal.
    #[arg(long)]
    hours: Option<f64>,
}

impl ServeArgs {
    /// The host's settings these flags give (each flag's default is `Config::default()`'s:
    /// with no flag, exactly the defaults).
    fn config(&self) -> Result<Config> {
        let args = self;
        Ok(Config {
            max_message: args.max_message,
            per_call: seconds(args.per_call, "--per-call")?,
            signup_timeout: seconds(args.signup_timeout, "--signup-timeout")?,
            wait: seconds(args.wait, "--wait")?,
            players_per_game: args.players_per_game,
            max_connections: args.max_connections,
            max_websockets: args.max_websockets,
            max_http_connections: args.max_http_connections,
            bot_delay_ms: args.bot_delay,
            seed: args.seed,
            resume_grace: seconds(args.resume_grace, "--resume-grace")?,
            lease: seconds(args.lease, "--lease")?,
            drain: seconds(args.drain, "--drain")?,
            max_connections_per_address: args.max_connections_per_address,
            max_waiting_per_name: args.max_waiting_per_name,
            max_waiting: args.max_waiting,
            lobby_expiry: seconds(args.lobby_expiry, "--lobby-expiry")?,
            max_websockets_per_game: args.max_websockets_per_game,
            http_idle: seconds(args.http_idle, "--http-idle")?,
            http_header_timeout: seconds(args.http_header_timeout, "--http-header-timeout")?,
            max_web_tables: args.max_web_tables,
            open_table_expiry: seconds(args.open_table_expiry, "--open-table-expiry")?,
            person_idle: seconds(args.person_idle, "--person-idle")?,
            max_bot_ms: args.max_bot_ms,
            max_bot_iters: args.max_bot_iters,
            max_bot_budget: args.max_bot_budget,
            max_analyses: args.max_analyses,
            analysis_iters: args.analysis_iters.max(1),
            max_analysis_iters: 4 * args.analysis_iters.max(1),
            arena_house_after: seconds(args.arena_house_after, "--arena-house-after")?,
            arena_per_account: args.arena_per_account.max(1),
            arena_max_tickets: args.arena_max_tickets.max(1),
            arena_mark_after: args.arena_mark_after.max(1),
            secure_cookies: args.secure_cookies,
            ..args.turns.apply(args.limits.apply(Config::default())?)?
        })
    }
}

/// `tessera serve` (`arena`: `tessera arena`, the same host with the arena runner's
/// house games on by default).
pub fn serve(registry: &Registry, args: ServeArgs, arena: bool) -> Result<()> {
    if let Some(done) = serve_bench::run(registry, &args.bench, &args.db) {
        return done;
    }
    crate::logs::init(args.log_format);
    let config = args.config()?;
    crate::open_files::fit_caps(&config);
    let registry = registry.clone();
    let grace = seconds(args.shutdown_grace, "--shutdown-grace")?;
    let shift = args
        .hours
        .map(|h| seconds(h * 3600.0, "--hours"))
        .transpose()?;
    let house_games = args.house_games.unwrap_or(usize::from(arena));
    let lease = config.lease;
    let rt = runtime()?;
    let r = rt.block_on(async move {
        let tcp = tokio::net::TcpListener::bind((args.host, args.tcp_port))
            .await
            .with_context(|| format!("cannot listen on TCP port {}", args.tcp_port))?;
        let http = tokio::net::TcpListener::bind((args.host, args.http_port))
            .await
            .with_context(|| format!("cannot listen on HTTP port {}", args.http_port))?;
        let (tcp_port, http_port) = (tcp.local_addr()?.port(), http.local_addr()?.port());
        let (store, thread) = Store::open(&args.db, lease)
            .await
            .with_context(|| format!("cannot open the store {}", store::redacted(&args.db)))?;
        let (store_place, node) = (store.place().to_string(), store.node().to_string());
        let host = Host::new(registry, store, config);
        // the games an earlier process left unfinished go on (only those: finished games
        // stay in the store, so the start does not depend on how many there are)
        let resumed = tessera_server::concerns::recovery::resume_unfinished(&host).await?;
        if resumed > 0 {
            tracing::info!(resumed, "games go on after the restart");
        }
        println!("tcp={tcp_port} http={http_port}");
        std::io::stdout().flush()?;
        tracing::info!(tcp_port, http_port, db = %store_place, node = %node, "serving");
        if args.log_format == crate::logs::LogFormat::Text {
            eprintln!(
                "open http://{}:{http_port}/ to play in a browser",
                args.host
            );
        }
        if house_games > 0 {
            let h = host.clone();
            tokio::spawn(async move {
                tessera_server::concerns::arena::house_games(&h, house_games).await
            });
        }
        let stop = async move {
            match shift {
                Some(d) => {
                    tokio::select! {
                        _ = stop_signal() => {}
                        _ = tokio::time::sleep(d) => tracing::info!("the shift (--hours) is over"),
                    }
                }
                None => stop_signal().await,
            }
        };
        tessera_server::run(host, tcp, Some(http), grace, stop).await;
        tokio::task::spawn_blocking(move || thread.join()).await?;
        tracing::info!("stopped");
        anyhow::Ok(())
    });
    // bots thinking on blocking threads are not waited for
    rt.shutdown_timeout(Duration::from_secs(1));
    r
}

/// Resolves at the first SIGINT (Ctrl-C) or SIGTERM (what `kill`, systemd and docker
/// send); a second one exits at once (the store already holds every move).
async fn stop_signal() {
    first_signal().await;
    tracing::info!("stopping: games in progress pause and go on at the next start (a second signal exits at once)");
    tokio::spawn(async {
        first_signal().await;
        eprintln!("tessera: second signal, exiting at once");
        std::process::exit(1);
    });
}

async fn first_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Options of `tessera client`.
#[derive(Args, Debug)]
pub struct ClientArgs {
    /// The game (its lobby, or an open table of it).
    #[arg(long, required_unless_present = "table")]
    game: Option<String>,
    /// A table with open seats (see `tessera games --open` or the browser's lobby).
    #[arg(long)]
    table: Option<u64>,
    /// The bots, comma separated, one connection each (any bot of the game, e.g.
    /// `greedy,ismcts:iters=200`).
    #[arg(long, required = true)]
    players: String,
    /// The server's address.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The server's TCP port.
    #[arg(long, default_value_t = 45678)]
    port: u16,
    /// A bot account's API token (from its account page): the bot plays under the
    /// account's name; give one bot in --players.
    #[arg(long)]
    token: Option<String>,
    /// With --token: play rated games of the arena (matched by rating), not the lobby's.
    #[arg(long, requires = "token")]
    rated: bool,
    /// With --rated: the players per game.
    #[arg(long, default_value_t = 2, requires = "rated")]
    rated_players: usize,
    /// With --rated: how many rated games to play, one after the other on one connection
    /// (the sign-up's `"again": true`).
    #[arg(long, default_value_t = 1, requires = "rated")]
    games: usize,
    /// With --token: challenge this account (or house level, `level:3`) to a game of
    /// --game, rated with --rated, and wait for the answer (docs/arena.md, "Challenges").
    #[arg(long, requires = "token", conflicts_with_all = ["accept", "table"])]
    challenge: Option<String>,
    /// With --challenge: rule options over the game's defaults, a JSON object
    /// (`'{"end": "round"}'`).
    #[arg(long, requires = "challenge")]
    options: Option<String>,
    /// With --token: accept the challenge of this id (`GET /api/challenges`) and play it
    /// (give the challenge's game in --game).
    #[arg(long, requires = "token", conflicts_with = "table")]
    accept: Option<u64>,
    /// Milliseconds each bot waits before every move it sends (0: at once): a game one
    /// can watch in the browser. Keep it under the host's --per-call.
    #[arg(long, default_value_t = 0)]
    think: u64,
}

/// `tessera client`.
pub fn client(registry: &Registry, args: ClientArgs) -> Result<()> {
    let specs = crate::common::player_list(&args.players)?;
    let addr = SocketAddr::new(args.host, args.port);
    let rt = runtime()?;
    if let Some(token) = &args.token {
        return account_client(registry, &args, &specs, token, addr, &rt);
    }
    let (game, join) = match (&args.game, args.table) {
        (_, Some(t)) => {
            let game = match &args.game {
                Some(g) => g.clone(),
                None => rt.block_on(table_game(addr, t))?,
            };
            (game, Join::Table(t))
        }
        (Some(g), None) => (g.clone(), Join::Game(g.clone())),
        (None, None) => bail!("give --game or --table"),
    };
    let entry = registry.find(&game)?.clone();
    // names are JNames (letters and digits): the strategy and the seat in the list, and
    // the spec it plays is printed beside it
    let mut bots = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let name = client::player_name(spec, i + 1);
        println!("{name} = {spec}");
        bots.push((name, entry.wire_bot(spec)?));
    }
    let spec_of: std::collections::HashMap<String, String> = bots
        .iter()
        .map(|(n, _)| n.clone())
        .zip(specs.iter().cloned())
        .collect();
    let think = Duration::from_millis(args.think);
    let results = rt.block_on(async move {
        let mut tasks = Vec::new();
        for (name, bot) in bots {
            let join = join.clone();
            tasks.push(tokio::spawn(async move {
                // a host that restarts is waited for (a minute), with the resume token
                let patience = Duration::from_secs(60);
                let r = client::play_on(&|| addr, &join, &name, bot, think, patience).await;
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
    let who = |name: &str| match spec_of.get(name) {
        Some(spec) if spec != name => format!("{name} ({spec})"),
        _ => name.to_string(),
    };
    for r in results {
        match r {
            Ok((name, Ok(f))) => println!(
                "{}: {} after {} turns",
                who(&name),
                if f.won { "won" } else { "lost" },
                f.turns
            ),
            Ok((name, Err(e))) => {
                failed += 1;
                println!("{}: {e}", who(&name));
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

/// `tessera client --token T`: one bot under its account's name, in the lobby or (with
/// `--rated`) in the arena's rated games, `--games` of them one after the other.
fn account_client(
    registry: &Registry,
    args: &ClientArgs,
    specs: &[String],
    token: &str,
    addr: SocketAddr,
    rt: &tokio::runtime::Runtime,
) -> Result<()> {
    let [spec] = specs else {
        bail!("with --token give one bot in --players (the account's bot)");
    };
    let Some(game) = &args.game else {
        bail!("with --token give --game");
    };
    let entry = registry.find(game)?.clone();
    // rated games one after the other on one connection (`"again": true`)
    let games = if args.rated { args.games.max(1) } else { 1 };
    let token = token.to_string();
    let join = match (&args.challenge, args.accept) {
        (Some(to), _) => {
            let options = match &args.options {
                Some(o) => serde_json::from_str(o).context("--options is a JSON object")?,
                None => serde_json::Value::Null,
            };
            let ask = client::ChallengeJoin::Make {
                to: to.clone(),
                game: game.clone(),
                rated: args.rated,
                options,
            };
            Join::Challenge { token, ask }
        }
        (None, Some(id)) => Join::Challenge {
            token,
            ask: client::ChallengeJoin::Accept(id),
        },
        (None, None) => Join::Account {
            game: game.clone(),
            token,
            rated: args.rated,
            players: args.rated_players,
            again: games > 1,
        },
    };
    let games = if matches!(join, Join::Challenge { .. }) {
        1
    } else {
        games
    };
    let bot = entry.wire_bot(spec)?;
    let r = rt.block_on(client::play_games(
        &|| addr,
        &join,
        spec,
        bot,
        Duration::from_millis(args.think),
        Duration::from_secs(60),
        games,
    ));
    let done = match r {
        Ok(done) => done,
        Err(e) => bail!("{e}"),
    };
    let (mut won, mut lost) = (0, 0);
    for (round, f) in done.iter().enumerate() {
        if f.won {
            won += 1;
        } else {
            lost += 1;
        }
        println!(
            "game {}: {} after {} turns",
            round + 1,
            if f.won { "won" } else { "lost" },
            f.turns
        );
    }
    println!("all done: {won} won, {lost} lost");
    Ok(())
}

/// The game of table `id`, asked from the server (`{"list": null}`).
async fn table_game(addr: SocketAddr, id: u64) -> Result<String> {
    let stream = tokio::net::TcpStream::connect(addr)
        .await
        .with_context(|| format!("cannot connect to {addr}"))?;
    let mut conn =
        tessera_tcp::TcpTransport::new(stream, 16 << 20, tessera_tcp::Dialect::Tessera, None);
    conn.write(r#"{"list": null}"#).await?;
    let reply: serde_json::Value = serde_json::from_str(&conn.read().await?)?;
    reply["tables"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|t| t["id"].as_u64() == Some(id))
        .and_then(|t| t["game"].as_str().map(str::to_string))
        .with_context(|| format!("no table {id} is waiting for players"))
}

/// Options of `tessera games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// The store: a SQLite file or a PostgreSQL URL (`postgres://USER@HOST/DB`).
    #[arg(long, default_value = "tessera.db")]
    db: String,
    /// At most this many games, newest first.
    #[arg(long, default_value_t = 50)]
    limit: usize,
    /// Only games with an id below this one (the next page).
    #[arg(long)]
    before: Option<u64>,
    /// Only this game.
    #[arg(long)]
    game: Option<String>,
    /// Only games with this status (waiting, running, finished, stopped, aborted).
    #[arg(long)]
    status: Option<String>,
    /// Print JSON (a list of objects) instead of a table.
    #[arg(long)]
    json: bool,
}

/// Options of `tessera ratings`.
#[derive(Args, Debug)]
pub struct RatingsArgs {
    /// The store: a SQLite file or a PostgreSQL URL (`postgres://USER@HOST/DB`).
    #[arg(long, default_value = "tessera.db")]
    db: String,
    /// Only this game (default: every game).
    #[arg(long)]
    game: Option<String>,
    /// The pool: `duel` (two-player games, Glicko-2) or `multi` (3 or more, Weng-Lin).
    #[arg(long, default_value = "duel")]
    pool: String,
    /// Rows per leaderboard.
    #[arg(long, default_value_t = 20)]
    limit: usize,
    /// Recompute every rating from the stored rated games, in order, and compare with
    /// the stored ratings (exit 1 on a difference); not while a host serves the SQLite file
    /// (the leaderboards are read while one does).
    #[arg(long)]
    check: bool,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
}

/// `tessera ratings`: the arena's leaderboards from a store, and the check that the rated
/// games recompute the stored ratings.
pub fn ratings(registry: &Registry, args: RatingsArgs) -> Result<()> {
    if !store::is_postgres(&args.db) && !std::path::Path::new(&args.db).exists() {
        bail!("no store {}: give --db FILE (or a PostgreSQL URL)", args.db);
    }
    let rt = runtime()?;
    let registry = registry.clone();
    rt.block_on(async move {
        let games: Vec<String> = match &args.game {
            Some(g) => vec![registry.find(g)?.name().to_string()],
            None => registry.iter().map(|e| e.name().to_string()).collect(),
        };
        let pool = tessera_server::concerns::arena::parse_pool(&args.pool)?;
        let mut out = serde_json::Map::new();
        for g in &games {
            // read as any reader would: the store may be served by a host meanwhile
            let stored = store::leaderboard_at(&args.db, g, &args.pool, args.limit)
                .await
                .with_context(|| format!("cannot read the store {}", store::redacted(&args.db)))?;
            let rows = tessera_server::concerns::arena::ranked(registry.find(g)?.as_ref(), pool, stored, args.limit);
            if args.json {
                out.insert(g.clone(), serde_json::Value::from(rows));
                continue;
            }
            println!("{g} ({}):", args.pool);
            println!("{:>4}  {:<24} {:>6} {:>5} {:>6}", "rank", "name", "rating", "RD", "games");
            for r in &rows {
                let games = r["games"].as_u64().map_or("-".to_string(), |n| n.to_string());
                let mark = if r["provisional"] == true { "?" } else { "" };
                println!(
                    "{:>4}  {:<24} {:>5}{mark:<1} {:>5} {:>6}",
                    r["rank"], r["name"].as_str().unwrap_or_default(),
                    r["rating"], r["deviation"], games
                );
            }
            println!();
        }
        let mut failed = false;
        if args.check {
            // the replay reads the rated games through a host of the store: not one a host
            // serves (a SQLite file) meanwhile
            let (store, thread) = Store::open(&args.db, Duration::from_secs(10))
                .await
                .with_context(|| format!("cannot open the store {} to check it", store::redacted(&args.db)))?;
            let host = Host::new(registry.clone(), store, Config::default());
            let replay = tessera_server::concerns::arena::recompute_ratings(&host).await?;
            drop(host);
            tokio::task::spawn_blocking(move || thread.join()).await?;
            if args.json {
                out.insert(
                    "check".into(),
                    serde_json::json!({"ratings": replay.table.len(), "mismatches": replay.mismatches.len()}),
                );
            } else {
                println!(
                    "recomputed {} ratings from the rated games: {} differ from the store",
                    replay.table.len(),
                    replay.mismatches.len()
                );
                for m in &replay.mismatches {
                    println!("  {m:?}");
                }
            }
            failed = !replay.mismatches.is_empty();
        }
        if args.json {
            println!("{}", serde_json::to_string_pretty(&out)?);
        }
        if failed {
            bail!("the stored ratings differ from the recomputed ones");
        }
        anyhow::Ok(())
    })
}

/// One ejection in words: `ejected: bad1 (seat 1), at move 3, on take-turn: REASON`.
fn ejection_line(e: &store::EjectionNote) -> String {
    format!(
        "ejected: {} (seat {}), at move {}, on {}: {}",
        e.name,
        e.seat,
        e.at_move,
        e.call,
        e.reason.replace(['\n', '\r'], " ")
    )
}

/// `tessera games`: a line per game, and under it a line per ejected player (who, when,
/// on which call, why); `--json` adds `ejections` (the same, as objects) to every game.
pub fn games(args: GamesArgs) -> Result<()> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let rows = rt.block_on(store::list_at(
        &args.db,
        &ListQuery {
            limit: Some(args.limit),
            before: args.before.map(tessera_server::store::GameId),
            game: args.game.clone(),
            status: args.status.clone(),
        },
    ))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    println!(
        "{:>6}  {:<10} {:<9} {:>6}  {:<30} {:<14} {:<20} ejected",
        "id", "game", "status", "moves", "players", "scores", "winners"
    );
    for r in &rows {
        // the scores in seat order, as the players (none before a game's first move)
        let scores = r.scores.as_ref().map_or("-".to_string(), |s| {
            s.iter().map(i32::to_string).collect::<Vec<_>>().join(",")
        });
        println!(
            "{:>6}  {:<10} {:<9} {:>6}  {:<30} {:<14} {:<20} {}",
            r.id,
            r.game,
            r.status,
            r.moves,
            r.players.join(","),
            scores,
            r.winners.join(","),
            r.ejected.join(",")
        );
        for e in &r.ejections {
            println!("{:>8}{}", "", ejection_line(e));
        }
        if let Some(why) = &r.why {
            println!(
                "{:>8}ended: {}",
                "",
                why.to_string().replace(['\n', '\r'], " ")
            );
        }
    }
    if rows.len() == args.limit {
        if let Some(last) = rows.last() {
            eprintln!("(more: --before {})", last.id);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    /// Every flag of `tessera serve` defaults to `Config::default()`'s value: with no flag
    /// the settings are the defaults, field by field (each setting is written once, in
    /// `Config::default`; a flag whose default were written again, and differed, fails).
    #[test]
    fn with_no_flag_the_settings_are_the_defaults() {
        let config = Cli::parse_from(["serve"]).serve.config().unwrap();
        assert_eq!(format!("{config:#?}"), format!("{:#?}", Config::default()));
        // and a flag changes its setting
        let cli = Cli::parse_from(["serve", "--per-call", "2.5", "--max-turn-games", "7"]);
        let config = cli.serve.config().unwrap();
        assert_eq!(config.per_call, Duration::from_millis(2500));
        assert_eq!(config.max_turn_games, 7);
    }
}
