//! What the host counts for its operator, exposed at `GET /metrics` in Prometheus's text
//! format (version 0.0.4): the one registry of the process and the one-line calls the
//! other files make when something happens (a move, a commit, a cap hit, a login).
//!
//! The crate is `prometheus` (the TiKV project's client, maintained, used by TiKV and
//! many others): a registry that is a value (not only a global), typed counters, gauges
//! and histograms with labels, and an encoder of the classic text format that
//! `promtool check metrics` reads as it is. (`prometheus-client` writes only
//! OpenMetrics, whose `info` type and `# EOF` the text-format linter of Prometheus 2.42,
//! Debian's, does not read; the `metrics` facade needs a global recorder per process and
//! a second crate for the exposition.)
//!
//! One host per process is what `tessera serve` runs, so the registry is the process's
//! ([`metrics`]): a counter is an atomic add after a label lookup, cheap enough for
//! every move. The gauges that describe the host's state as it is (live games, the
//! node) are set when the page is rendered, from the host (`doors::web::ops`); the gauges of
//! open connections go up and down with the connections ([`Open`]).
//!
//! Every metric, with its meaning, is listed in `docs/operations.md` ("Metrics").

use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounterVec, IntGauge, IntGaugeVec, Opts, Registry,
    TextEncoder,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex, Weak};
use std::time::Duration;

/// The caps whose refusals are counted (`tessera_cap_hits_total{cap}`), each known from
/// the start (a cap never hit reads 0, so a rate over it is defined).
pub const CAPS: [&str; 26] = [
    "http_connections",
    "http_connections_per_address",
    "spectators",
    "spectators_per_address",
    "spectators_per_game",
    "seat_sockets",
    "games",
    "games_per_address",
    "analysis",
    "hint",
    "work_per_address",
    "password_hashing",
    "tcp_connections",
    "tcp_connections_per_address",
    "lobby_per_name",
    "lobby",
    "arena_queue",
    "api_tokens",
    "body_size",
    "body_rate",
    "turn_games",
    "turn_games_per_account",
    "mails_per_account",
    "write_timeout",
    "pace_rate",
    "foreign_origin",
];

/// The outcomes of a turn's email (`tessera_mails_total{outcome}`): sent, failed (the
/// server did not take it), limited (the account had its most emails of the day).
pub const MAIL_OUTCOMES: [&str; 3] = ["sent", "failed", "limited"];

/// The outcomes of a login (`tessera_logins_total{outcome}`).
pub const LOGIN_OUTCOMES: [&str; 6] = ["ok", "wrong", "limited", "banned", "busy", "error"];

/// The process's metrics.
pub struct Metrics {
    registry: Registry,
    /// Games in memory by game and phase (`waiting`, `running`), set at each scrape.
    pub games_live: IntGaugeVec,
    /// Games started (or taken up again) by game.
    pub games_started: IntCounterVec,
    /// Games ended by game and status (`finished`, `resigned`, `aborted`, ...).
    pub games_ended: IntCounterVec,
    /// Moves played by game.
    pub moves: IntCounterVec,
    /// A move's time in the host, by game.
    pub move_seconds: HistogramVec,
    /// The store's commit of a move or an event.
    pub store_commit_seconds: HistogramVec,
    /// HTTP connections open (WebSockets included, they began as one).
    pub http_connections: IntGauge,
    /// WebSockets open.
    pub websockets: IntGauge,
    /// TCP connections of programs open, set at each scrape.
    pub tcp_connections: IntGauge,
    /// Logins by outcome.
    pub logins: IntCounterVec,
    /// Refusals by the cap that was reached.
    pub cap_hits: IntCounterVec,
    /// Emails of turns by outcome.
    pub mails: IntCounterVec,
    /// This node (label `node`, and `store`: `sqlite` or `postgres`), always 1.
    pub node_info: IntGaugeVec,
    /// Whether the host answers `GET /readyz` with 200 (1) or 503 (0), at its last ask.
    pub ready: IntGauge,
    /// The TCP doors' caps (their open connections are read at each scrape).
    tcp_doors: Mutex<Vec<Weak<tessera_tcp::Caps>>>,
}

/// Bucket bounds in seconds for the latencies, from 100 µs to 10 s.
const LATENCY_BUCKETS: [f64; 15] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    10.0,
];

fn counter(name: &str, help: &str, labels: &[&str]) -> IntCounterVec {
    IntCounterVec::new(Opts::new(name, help), labels).expect("a valid counter")
}

fn gauges(name: &str, help: &str, labels: &[&str]) -> IntGaugeVec {
    IntGaugeVec::new(Opts::new(name, help), labels).expect("a valid gauge")
}

fn gauge(name: &str, help: &str) -> IntGauge {
    IntGauge::new(name, help).expect("a valid gauge")
}

fn histogram(name: &str, help: &str, labels: &[&str]) -> HistogramVec {
    HistogramVec::new(
        HistogramOpts::new(name, help).buckets(LATENCY_BUCKETS.to_vec()),
        labels,
    )
    .expect("a valid histogram")
}

impl Metrics {
    fn new() -> Metrics {
        let m = Metrics {
            registry: Registry::new(),
            games_live: gauges(
                "tessera_games_live",
                "Games in this host's memory, by game and phase (waiting: seats open; running).",
                &["game", "phase"],
            ),
            games_started: counter(
                "tessera_games_started_total",
                "Games started or taken up again by this host, by game.",
                &["game"],
            ),
            games_ended: counter(
                "tessera_games_ended_total",
                "Games ended on this host, by game and stored status.",
                &["game", "status"],
            ),
            moves: counter(
                "tessera_moves_total",
                "Moves played on this host (stored and shown), by game.",
                &["game"],
            ),
            move_seconds: histogram(
                "tessera_move_seconds",
                "A move's time in the host: from the referee's checked move to the new state \
                 published to the seats and spectators, the store's commit included.",
                &["game"],
            ),
            store_commit_seconds: histogram(
                "tessera_store_commit_seconds",
                "From asking the store to write a game's move or event to its commit.",
                &["what"],
            ),
            http_connections: gauge(
                "tessera_http_connections_open",
                "HTTP connections open on the browser's door (WebSockets included).",
            ),
            websockets: gauge(
                "tessera_websockets_open",
                "WebSockets open (people and spectators).",
            ),
            tcp_connections: gauge(
                "tessera_tcp_connections_open",
                "TCP connections of programs open.",
            ),
            logins: counter(
                "tessera_logins_total",
                "Logins by outcome: ok, wrong (name or password), limited (429), banned (403), busy (503: every hashing slot taken), error.",
                &["outcome"],
            ),
            cap_hits: counter(
                "tessera_cap_hits_total",
                "Requests or connections refused because a cap was reached, by cap.",
                &["cap"],
            ),
            mails: counter(
                "tessera_mails_total",
                "Emails of turns that waited (turn-based games), by outcome: sent, failed (the mail server did not take it), limited (the account had its most of the day).",
                &["outcome"],
            ),
            node_info: gauges(
                "tessera_node_info",
                "This node: its id in the store (local on SQLite) and the store's kind; always 1.",
                &["node", "store"],
            ),
            ready: gauge(
                "tessera_ready",
                "1 when GET /readyz last answered 200, 0 when it answered 503.",
            ),
            tcp_doors: Mutex::new(Vec::new()),
        };
        let collectors: [Box<dyn prometheus::core::Collector>; 14] = [
            Box::new(m.games_live.clone()),
            Box::new(m.games_started.clone()),
            Box::new(m.games_ended.clone()),
            Box::new(m.moves.clone()),
            Box::new(m.move_seconds.clone()),
            Box::new(m.store_commit_seconds.clone()),
            Box::new(m.http_connections.clone()),
            Box::new(m.websockets.clone()),
            Box::new(m.tcp_connections.clone()),
            Box::new(m.logins.clone()),
            Box::new(m.cap_hits.clone()),
            Box::new(m.mails.clone()),
            Box::new(m.node_info.clone()),
            Box::new(m.ready.clone()),
        ];
        for c in collectors {
            m.registry.register(c).expect("distinct metric names");
        }
        for cap in CAPS {
            m.cap_hits.with_label_values(&[cap]);
        }
        for outcome in LOGIN_OUTCOMES {
            m.logins.with_label_values(&[outcome]);
        }
        for outcome in MAIL_OUTCOMES {
            m.mails.with_label_values(&[outcome]);
        }
        m
    }

    /// The exposition: every metric in Prometheus's text format.
    pub fn render(&self) -> String {
        let open: i64 = {
            let mut doors = self.tcp_doors.lock().unwrap_or_else(|e| e.into_inner());
            doors.retain(|d| d.strong_count() > 0);
            doors
                .iter()
                .filter_map(Weak::upgrade)
                .map(|d| i64::try_from(d.open()).unwrap_or(i64::MAX))
                .sum()
        };
        self.tcp_connections.set(open);
        let mut out = Vec::new();
        // only a write to a Vec, of families the registry checked: it does not fail
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut out);
        String::from_utf8(out).unwrap_or_default()
    }
}

/// The media type of [`Metrics::render`]'s text.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

/// A cap was reached: a request or connection was refused (`cap` is one of [`CAPS`]).
pub fn cap_hit(cap: &'static str) {
    METRICS.cap_hits.with_label_values(&[cap]).inc();
}

/// A turn's email ended with `outcome` (one of [`MAIL_OUTCOMES`]).
pub fn mail(outcome: &'static str) {
    METRICS.mails.with_label_values(&[outcome]).inc();
}

/// A login ended with `outcome` (one of [`LOGIN_OUTCOMES`]).
pub fn login(outcome: &'static str) {
    METRICS.logins.with_label_values(&[outcome]).inc();
}

/// A game of `game` starts (or is taken up again).
pub fn game_started(game: &str) {
    METRICS.games_started.with_label_values(&[game]).inc();
}

/// A game of `game` ended with `status`.
pub fn game_ended(game: &str, status: &str) {
    METRICS.games_ended.with_label_values(&[game, status]).inc();
}

/// A move of `game` was stored and shown, `took` after the host got it.
pub fn moved(game: &str, took: Duration) {
    METRICS.moves.with_label_values(&[game]).inc();
    METRICS
        .move_seconds
        .with_label_values(&[game])
        .observe(took.as_secs_f64());
}

/// The store committed a write of a game's `what` (`move` or `event`) in `took`.
pub fn store_commit(what: &'static str, took: Duration) {
    METRICS
        .store_commit_seconds
        .with_label_values(&[what])
        .observe(took.as_secs_f64());
}

/// The TCP door of `caps` is open: its connections count in
/// `tessera_tcp_connections_open` while it lives.
pub fn tcp_door(caps: &std::sync::Arc<tessera_tcp::Caps>) {
    let mut doors = METRICS.tcp_doors.lock().unwrap_or_else(|e| e.into_inner());
    doors.push(std::sync::Arc::downgrade(caps));
}

/// Something open that a gauge counts: the gauge goes up when it is made and down when
/// it is dropped.
#[derive(Debug)]
pub struct Open(&'static IntGauge);

impl Open {
    fn new(gauge: &'static IntGauge) -> Open {
        gauge.inc();
        Open(gauge)
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// An HTTP connection, open while the value lives.
pub fn http_connection() -> Open {
    Open::new(&METRICS.http_connections)
}

/// A WebSocket, open while the value lives.
pub fn websocket() -> Open {
    Open::new(&METRICS.websockets)
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// A fresh id for a request or a connection in the logs: unique in the process (a
/// counter), told apart from other processes' by a prefix drawn at the start.
pub fn next_id() -> String {
    static PREFIX: LazyLock<u32> = LazyLock::new(rand::random);
    format!(
        "{:08x}-{}",
        *PREFIX,
        NEXT_ID.fetch_add(1, Ordering::Relaxed)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_is_in_the_text_with_its_type() {
        cap_hit("games");
        login("wrong");
        moved("q", Duration::from_millis(3));
        store_commit("move", Duration::from_millis(1));
        let _open = http_connection();
        let text = metrics().render();
        for (name, kind) in [
            ("tessera_cap_hits_total", "counter"),
            ("tessera_logins_total", "counter"),
            ("tessera_mails_total", "counter"),
            ("tessera_moves_total", "counter"),
            ("tessera_move_seconds", "histogram"),
            ("tessera_store_commit_seconds", "histogram"),
            ("tessera_http_connections_open", "gauge"),
            ("tessera_tcp_connections_open", "gauge"),
        ] {
            assert!(
                text.contains(&format!("# TYPE {name} {kind}\n")),
                "{name} {kind} in\n{text}"
            );
        }
        assert!(text.contains("tessera_cap_hits_total{cap=\"hint\"} 0\n"));
        assert!(text.contains("tessera_move_seconds_bucket{game=\"q\",le=\"0.005\"}"));
    }

    #[test]
    fn an_open_thing_counts_while_it_lives() {
        // a gauge of this test's own (the process's are shared with the other tests)
        let gauge: &'static IntGauge =
            Box::leak(Box::new(IntGauge::new("test_open", "this test's").unwrap()));
        let a = Open::new(gauge);
        let b = Open::new(gauge);
        assert_eq!(gauge.get(), 2);
        drop(a);
        assert_eq!(gauge.get(), 1, "the gauge falls when one is dropped");
        drop(b);
        assert_eq!(gauge.get(), 0);
    }

    #[test]
    fn ids_differ() {
        assert_ne!(next_id(), next_id());
    }
}
