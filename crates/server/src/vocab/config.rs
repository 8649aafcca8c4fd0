//! The host's settings: deadlines, caps, expiries, the lobby.
//!
//! Every resource a client can make the host hold has a cap or an expiry here, each with
//! a `tessera serve` flag (docs/protocol.md, "Caps and expiries"): connections (in all,
//! per address, HTTP, WebSockets in all and per game), programs waiting in the lobby (per
//! name, in all, and for how long), tables opened through the HTTP API (how many, how long
//! they wait for programs, how long a person may take a turn), bots' budgets, idle HTTP
//! connections, writes a client does not take (and the kernel's buffer for them),
//! turn-based games (how many per account, per address and in all; their invitations;
//! when a game nobody plays ends) and their emails (the mail server, how many per account
//! a day), accounts made per address and day.

use std::time::Duration;
use tokio::time::Instant;

/// The host's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Longest message accepted from a program, in bytes (white space before it excluded).
    pub max_message: usize,
    /// Deadline of every call to a program or a bot.
    pub per_call: Duration,
    /// Deadline for a new connection's sign-up.
    pub signup_timeout: Duration,
    /// How long the first program waiting in a game's lobby waits before a game starts
    /// with at least 2.
    pub wait: Duration,
    /// A lobby game starts as soon as this many programs wait for it (capped by the
    /// game's most seats).
    pub players_per_game: usize,
    /// Most TCP connections at once (over the cap a connection is closed at once).
    pub max_connections: usize,
    /// Most TCP connections at once from one IP address (over the cap a new connection
    /// is closed at once; other addresses are unaffected).
    pub max_connections_per_address: usize,
    /// Most programs waiting in the lobby under one name (over it a sign-up is refused).
    pub max_waiting_per_name: usize,
    /// Most programs waiting in the lobby, every game and name together.
    pub max_waiting: usize,
    /// How long a program may wait in the lobby for a table; then it is told (Tessera's
    /// protocol) and disconnected.
    pub lobby_expiry: Duration,
    /// Most spectators' WebSockets at once (a seat's own sockets are not counted here:
    /// [`Config::max_sockets_per_seat`]).
    pub max_websockets: usize,
    /// Most spectators' WebSockets at once on one game.
    pub max_websockets_per_game: usize,
    /// Most spectators' WebSockets at once from one address.
    pub max_websockets_per_address: usize,
    /// Most WebSockets at once on one seat (a person's tabs): reserved, whatever
    /// spectators hold.
    pub max_sockets_per_seat: usize,
    /// How often the host pings a WebSocket.
    pub socket_ping: Duration,
    /// A WebSocket from which nothing (not even a pong) came for this long is closed.
    pub socket_idle: Duration,
    /// Most HTTP connections at once.
    pub max_http_connections: usize,
    /// Most HTTP connections at once from one address.
    pub max_http_connections_per_address: usize,
    /// The load balancers in front of the host: a request from one of them is counted
    /// under the client's address it appends to `X-Forwarded-For` (its last entry), for
    /// every per-address limit of a request (WebSockets, tables, analyses, hints,
    /// sign-ins). From anyone else the header is ignored.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The networks whose requests `GET /metrics` answers (the request's client, a trusted
    /// balancer's included); anyone else gets 403. Default: loopback only.
    pub metrics_allow: Vec<ipnet::IpNet>,
    /// The largest request body, in bytes (over it 413).
    pub max_body: usize,
    /// How long a request's body may take to arrive, all of it (then 408).
    pub body_timeout: Duration,
    /// The slowest a request's body may arrive, in bytes a second, once it has taken
    /// [`BODY_GRACE`] (then 408).
    pub body_min_rate: u64,
    /// How long an HTTP connection may stay open without a request (between two requests
    /// of a keep-alive connection, or before the first); then it is closed.
    pub http_idle: Duration,
    /// How long a request's headers may take, from the moment the connection waits for
    /// one (a slow request is cut off after it).
    pub http_header_timeout: Duration,
    /// How long a client may leave a write of the host untaken (an HTTP response, a
    /// WebSocket message): a write still waiting for room in the connection's send buffer
    /// after this long closes the connection (a client that asks and never reads holds
    /// nothing for longer).
    pub write_timeout: Duration,
    /// The kernel's send buffer of each browser connection, in bytes (`SO_SNDBUF`, which
    /// Linux doubles for its bookkeeping): what a client that does not read can make the
    /// kernel hold for it. 0: the kernel's own, which grows up to `net.ipv4.tcp_wmem`'s
    /// most (4 MiB by default).
    pub http_send_buffer: usize,
    /// Pages of other sites that may open the WebSockets (`https://play.example.org`), besides
    /// the site itself (an `Origin` whose host is the request's `Host`, or that of
    /// [`Config::public_url`]). A request without an `Origin` (a program) is let in.
    pub allowed_origins: Vec<String>,
    /// Most tables opened through the HTTP API (`POST /api/games`: people, bots, seats
    /// left open for programs) that are waiting or running at once.
    pub max_web_tables: usize,
    /// Most tables opened through the HTTP API by one address, waiting or running.
    pub max_web_tables_per_address: usize,
    /// How long a table may wait for programs to take its open seats; then it is stored
    /// `aborted`.
    pub open_table_expiry: Duration,
    /// How long a person's turn may last; then the game is stored `aborted` (a person who
    /// left does not hold a table forever).
    pub person_idle: Duration,
    /// The most milliseconds per move a bot may be given (`ms=N` of a spec).
    pub max_bot_ms: u64,
    /// The most iterations per move a bot may be given (`iters=N` of a spec).
    pub max_bot_iters: u64,
    /// The largest search budget a bot may be given (`budget=N` of a spec).
    pub max_bot_budget: u64,
    /// Seeds for reproducible tests only: game `id` gets `seed + id`, so a running game's
    /// seed can be derived from a finished one's (`None`: each game draws its own from the
    /// operating system, the default; committed to either way).
    pub seed: Option<u64>,
    /// Moves after which a game that has not ended is stopped.
    pub max_moves: usize,
    /// Milliseconds a bot waits before moving at a table with people (so they can follow).
    pub bot_delay_ms: u64,
    /// The longest bot delay a browser may ask for.
    pub max_bot_delay_ms: u64,
    /// How long a program has to take its seat again (with its resume token) after its
    /// connection dropped, or after a restart, before it is ejected.
    pub resume_grace: Duration,
    /// On a shared store (PostgreSQL): how long a node may stay silent before the other
    /// nodes take its games over. It renews its lease every third of this.
    pub lease: Duration,
    /// How long a stopping host answers `GET /readyz` with 503 before it closes its
    /// doors (a load balancer sees it leave and sends nobody new), while it still serves.
    pub drain: Duration,
    /// Analyses of ended games computed at once (`GET /api/games/ID/analysis`); over it a
    /// request is refused with 503 until one ends.
    pub max_analyses: usize,
    /// Analyses kept in memory once done (the oldest are forgotten).
    pub kept_analyses: usize,
    /// The search's iterations per move of an analysis by default.
    pub analysis_iters: u32,
    /// The most iterations per move a request may ask (`?iters=N`).
    pub max_analysis_iters: u32,
    /// The most moves an analysis judges (a longer game is refused).
    pub max_analysis_moves: usize,
    /// Hints (the strongest level's move for a person playing bots) computed at once;
    /// over it a request is refused with 503.
    pub max_hints: usize,
    /// Analyses and hints computed at once for one address.
    pub max_work_per_address: usize,
    /// Passwords hashed or checked at once (registrations, sign-ins): each takes about
    /// 19 MiB for a moment. A sign-in waits [`Config::hashing_wait`] at most for a slot,
    /// then is refused with 503.
    pub max_hashing: usize,
    /// How long a sign-in or registration waits for a hashing slot.
    pub hashing_wait: Duration,
    /// The arena: most tickets one account may hold in the queue at once.
    pub arena_per_account: usize,
    /// The arena: most tickets in the queue, every account together.
    pub arena_max_tickets: usize,
    /// The arena: after how long a ticket that found no account near its rating plays
    /// the house level of the closest rating.
    pub arena_house_after: Duration,
    /// The arena: a person's ticket lapses when their page has not asked for it for this
    /// long (they closed it).
    pub arena_ticket_idle: Duration,
    /// The arena: a person's match not fetched is forgotten after this long.
    pub arena_matched_expiry: Duration,
    /// A challenge unanswered this long expires (`crate::kept::challenges`).
    pub challenge_expiry: Duration,
    /// The arena: an account that left this many rated games (ejected, or no turn in
    /// time) is marked.
    pub arena_mark_after: u32,
    /// The arena: most live API tokens per bot account.
    pub arena_max_tokens: usize,
    /// How long a login lasts.
    pub session_ttl: Duration,
    /// Whether the session cookie is `Secure` always (else only for requests that came
    /// through HTTPS, `X-Forwarded-Proto: https`).
    pub secure_cookies: bool,
    /// Turn-based games: the length of their day (a game of 2 days per move gives each
    /// turn twice this). A day, but for tests.
    pub turn_day: Duration,
    /// Turn-based games: the most one account sits at at once (over it a new one is
    /// refused with 429).
    pub max_turn_games_per_account: usize,
    /// Turn-based games: the most at once, every account's together (over it a new one
    /// is refused with 503).
    pub max_turn_games: usize,
    /// Turn-based games: the most made from one address (an IPv4 address, an IPv6 /64)
    /// that are live or invitations still open (over it a new one is refused with 429).
    pub max_turn_games_per_address: usize,
    /// Invitations: the most one account has made that wait for answers (over it a new
    /// one is refused with 429).
    pub max_invitations_sent: usize,
    /// Invitations: the most that wait for one account's answer (over it a new one to it
    /// is refused with 429).
    pub max_invitations_received: usize,
    /// Invitations: how long one waits for its answers; then it ends, no game made.
    pub invitation_expiry: Duration,
    /// Turn-based games: a game ends (stored `aborted`, nobody wins) once every person's
    /// seat has let this many deadlines pass in a row with no move of any person in
    /// between (0: never).
    pub turn_idle_deadlines: u32,
    /// Accounts made from one address (an IPv4 address, an IPv6 /64) in 24 hours (over
    /// it a sign-up is refused with 429).
    pub max_signups_per_address: u64,
    /// Turn-based games: how long a turn waits before its person is sent an email (when
    /// [`Config::mail`] is set and their account has an address).
    pub turn_mail_after: Duration,
    /// The most emails one account is sent in 24 hours (turns past it get none).
    pub max_mails_per_day: u64,
    /// The SMTP server that sends the emails of turn-based games (`None`: no emails).
    pub mail: Option<MailConfig>,
    /// The site's address as people reach it (`https://tessera.example.org`), for the
    /// links of emails; `None`: the HTTP door's own address.
    pub public_url: Option<String>,
}

/// How a mail server is reached (`tessera serve --smtp-server ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailConfig {
    /// Its host name (or address).
    pub server: String,
    /// Its port.
    pub port: u16,
    /// The sender's address (`Tessera <tessera@example.org>`).
    pub from: String,
    /// How the connection is secured.
    pub tls: MailTls,
    /// The user and password to sign in with, if the server asks for them.
    pub login: Option<(String, String)>,
}

/// How a connection to the mail server is secured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MailTls {
    /// TLS from the first byte (port 465).
    Tls,
    /// Plain text upgraded with STARTTLS, required (port 587).
    StartTls,
    /// No encryption (a local relay or a test's server only).
    None,
}

/// The loopback address, IPv4 and IPv6 (`127.0.0.1/32`, `::1/128`): `GET /metrics`'s
/// default allow-list (a Prometheus on the host's own machine).
pub fn loopback() -> Vec<ipnet::IpNet> {
    ["127.0.0.1/32", "::1/128"]
        .iter()
        .filter_map(|n| n.parse().ok())
        .collect()
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_message: 64 * 1024,
            per_call: Duration::from_secs(6),
            signup_timeout: Duration::from_secs(5),
            wait: Duration::from_secs(10),
            players_per_game: 2,
            max_connections: 4096,
            max_connections_per_address: 64,
            max_waiting_per_name: 4,
            max_waiting: 1000,
            lobby_expiry: Duration::from_secs(10 * 60),
            max_websockets: 4096,
            max_websockets_per_game: 64,
            max_websockets_per_address: 16,
            max_sockets_per_seat: 4,
            socket_ping: Duration::from_secs(20),
            socket_idle: Duration::from_secs(60),
            max_http_connections: 4096,
            max_http_connections_per_address: 32,
            trusted_proxies: Vec::new(),
            metrics_allow: loopback(),
            max_body: 64 * 1024,
            body_timeout: Duration::from_secs(10),
            body_min_rate: 1024,
            http_idle: Duration::from_secs(5),
            http_header_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            http_send_buffer: 64 * 1024,
            allowed_origins: Vec::new(),
            max_web_tables: 500,
            max_web_tables_per_address: 16,
            open_table_expiry: Duration::from_secs(60 * 60),
            person_idle: Duration::from_secs(30 * 60),
            max_bot_ms: 2000,
            max_bot_iters: 200_000,
            max_bot_budget: 200_000,
            seed: None,
            max_moves: 100_000,
            bot_delay_ms: 400,
            max_bot_delay_ms: 5_000,
            resume_grace: Duration::from_secs(60),
            lease: Duration::from_secs(10),
            drain: Duration::ZERO,
            max_analyses: 1,
            kept_analyses: 32,
            analysis_iters: tessera_games::analysis::DEFAULT_ITERATIONS,
            max_analysis_iters: 4 * tessera_games::analysis::DEFAULT_ITERATIONS,
            max_analysis_moves: 500,
            max_hints: 2,
            max_work_per_address: 1,
            max_hashing: 4,
            hashing_wait: Duration::from_secs(2),
            arena_per_account: 2,
            arena_max_tickets: 10_000,
            arena_house_after: Duration::from_secs(15),
            arena_ticket_idle: Duration::from_secs(30),
            arena_matched_expiry: Duration::from_secs(10 * 60),
            challenge_expiry: Duration::from_secs(120),
            arena_mark_after: 3,
            arena_max_tokens: 10,
            session_ttl: Duration::from_secs(30 * 24 * 3600),
            secure_cookies: false,
            turn_day: Duration::from_secs(24 * 3600),
            max_turn_games_per_account: 30,
            max_turn_games: 5_000,
            max_turn_games_per_address: 60,
            max_invitations_sent: 10,
            max_invitations_received: 20,
            invitation_expiry: Duration::from_secs(3 * 24 * 3600),
            turn_idle_deadlines: 3,
            max_signups_per_address: 10,
            turn_mail_after: Duration::from_secs(3600),
            max_mails_per_day: 12,
            mail: None,
            public_url: None,
        }
    }
}

impl Config {
    /// A bot's spec (`NAME` or `NAME:key=value,...`, as the AI registry reads it) with its
    /// budgets clamped to the host's maxima: `ms` and `cpu` to [`Config::max_bot_ms`], `iters` to
    /// [`Config::max_bot_iters`], `budget` to [`Config::max_bot_budget`]. A value of any
    /// size (digits) is clamped; anything else is left as it is, for the registry to
    /// refuse. `model=FILE` (a network read from a file of the server's, for the command
    /// line) is left out: a client names no file of the host, whose bots play the network
    /// shipped with them.
    ///
    /// ```
    /// use tessera_server::vocab::config::Config;
    /// let c = Config::default();
    /// assert_eq!(c.clamp_bot("ismcts:ms=30000"), "ismcts:ms=2000");
    /// assert_eq!(c.clamp_bot("ismcts:cpu=30000,value=net"), "ismcts:cpu=2000,value=net");
    /// assert_eq!(c.clamp_bot("ismcts:value=net,model=/etc/passwd"), "ismcts:value=net");
    /// assert_eq!(c.clamp_bot("ismcts:iters=4000000000,c=1.2"), "ismcts:iters=200000,c=1.2");
    /// assert_eq!(c.clamp_bot("lines:budget=99999999999999999999999"), "lines:budget=200000");
    /// assert_eq!(c.clamp_bot("ismcts:ms=100"), "ismcts:ms=100");
    /// assert_eq!(c.clamp_bot("greedy"), "greedy");
    /// assert_eq!(c.clamp_bot("ismcts:ms=ten"), "ismcts:ms=ten");
    /// ```
    pub fn clamp_bot(&self, spec: &str) -> String {
        let spec = spec.trim();
        let Some((name, params)) = spec.split_once(':') else {
            return spec.to_string();
        };
        let params: Vec<String> = params
            .split(',')
            .filter(|p| !p.is_empty())
            .filter(|p| p.split_once('=').is_none_or(|(k, _)| k.trim() != "model"))
            .map(|p| {
                let Some((k, v)) = p.split_once('=') else {
                    return p.to_string();
                };
                let (k, v) = (k.trim(), v.trim());
                let max = match k {
                    // a CPU time is at least as long on the wall clock
                    "ms" | "cpu" => self.max_bot_ms,
                    "iters" => self.max_bot_iters,
                    "budget" => self.max_bot_budget,
                    _ => return format!("{k}={v}"),
                };
                // what `str::parse::<u64>` reads: digits, after an optional plus sign
                let digits = v.strip_prefix('+').unwrap_or(v);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return format!("{k}={v}");
                }
                let n = digits.parse::<u64>().unwrap_or(u64::MAX);
                format!("{k}={}", n.min(max))
            })
            .collect();
        if params.is_empty() {
            name.to_string()
        } else {
            format!("{name}:{}", params.join(","))
        }
    }
}

/// How long a request's body may arrive at any rate before [`Config::body_min_rate`]
/// applies.
pub const BODY_GRACE: Duration = Duration::from_secs(2);

/// A duration as people read it: `30 min`, `1 h`, `5 s`, `300 ms`.
///
/// ```
/// use std::time::Duration;
/// use tessera_server::vocab::config::human;
/// assert_eq!(human(Duration::from_secs(600)), "10 min");
/// assert_eq!(human(Duration::from_secs(3600)), "1 h");
/// assert_eq!(human(Duration::from_secs(5)), "5 s");
/// assert_eq!(human(Duration::from_millis(1500)), "1500 ms");
/// ```
pub fn human(d: Duration) -> String {
    let ms = d.as_millis();
    match ms {
        0 => "0 s".to_string(),
        _ if ms.is_multiple_of(3_600_000) => format!("{} h", ms / 3_600_000),
        _ if ms.is_multiple_of(60_000) => format!("{} min", ms / 60_000),
        _ if ms.is_multiple_of(1000) => format!("{} s", ms / 1000),
        _ => format!("{ms} ms"),
    }
}

/// `at + d`: a deadline that never panics (a limit too far to count is a century away).
pub fn later(at: Instant, d: Duration) -> Instant {
    const CENTURY: Duration = Duration::from_secs(100 * 365 * 24 * 3600);
    at.checked_add(d.min(CENTURY)).unwrap_or(at)
}

// a cap's semaphore is made once, with the TCP door's caps (the host's other caps take it
// from here)
pub use tessera_tcp::permits;
