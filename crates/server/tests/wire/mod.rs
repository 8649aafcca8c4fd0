//! Programs written by hand for the host's adversarial and privacy tests: a raw TCP
//! connection that sends anything, a program that records every call it receives, tables
//! opened through the host, and waiting for a game's end in the store.
#![allow(dead_code)]

use crate::common::TestHost;
use serde_json::{json, Value};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tessera_games::WireBot;
use tessera_referee::PlayerError;
use tessera_server::concerns::open::{SeatRequest, TableRequest};
use tessera_server::store::{GameId, StoredGame};
use tessera_server::table::{Phase, SeatKind, Table};
use tessera_server::tcp::{Dialect, TcpTransport};
use tokio::net::TcpStream;

/// The longest any step of these tests may take before it counts as hung.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Awaits `f` within [`PATIENCE`]; `what` names it when it does not finish.
pub async fn within<T>(what: &str, f: impl Future<Output = T>) -> T {
    tokio::time::timeout(PATIENCE, f)
        .await
        .unwrap_or_else(|_| panic!("{what}: not within {PATIENCE:?}"))
}

/// Polls `f` every 10 ms until it gives a value (a condition with no event to await).
pub async fn until<T, F, Fut>(what: &str, mut f: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    within(what, async {
        loop {
            if let Some(v) = f().await {
                return v;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
}

/// A raw connection to the host's TCP door: sends any text, reads JSON values.
pub struct Program {
    conn: TcpTransport,
}

impl Program {
    pub async fn connect(addr: SocketAddr) -> Program {
        let stream = TcpStream::connect(addr).await.unwrap();
        Program {
            conn: TcpTransport::new(stream, 1 << 24, Dialect::Tessera, None),
        }
    }

    /// Sends `text` and a newline, whatever it is.
    pub async fn send_raw(&mut self, text: &str) -> Result<(), PlayerError> {
        self.conn.write(text).await
    }

    pub async fn send(&mut self, v: &Value) {
        self.send_raw(&v.to_string()).await.unwrap();
    }

    /// The next message, or why there is none (`Closed` once the host hung up).
    pub async fn recv(&mut self) -> Result<Value, PlayerError> {
        let text = within("a message or a hang-up", self.conn.read()).await?;
        Ok(serde_json::from_str(&text).expect("the host sends JSON"))
    }

    /// Every message until the host hangs up (a reset counts as a hang-up).
    pub async fn rest(&mut self) -> Vec<Value> {
        let mut out = Vec::new();
        while let Ok(v) = self.recv().await {
            out.push(v);
        }
        out
    }

    /// Closes the sending side only (the host reads the end of the stream).
    pub async fn leave(&mut self) {
        self.conn.shutdown().await;
    }
}

/// What a program received over a whole game.
#[derive(Debug)]
pub struct Recording {
    /// Every call, in order (the last one is `win`).
    pub calls: Vec<Value>,
}

/// Signs up with `signup` and answers every call with `bot`, recording the calls, until
/// `win`.
pub async fn record_play(addr: SocketAddr, signup: Value, bot: Box<dyn WireBot>) -> Recording {
    let (tx, gate) = tokio::sync::oneshot::channel();
    let _ = tx.send(());
    record_play_gated(addr, signup, bot, gate).await
}

/// [`record_play`], answering `win` only once `gate` opens (or its sender is dropped).
pub async fn record_play_gated(
    addr: SocketAddr,
    signup: Value,
    mut bot: Box<dyn WireBot>,
    gate: tokio::sync::oneshot::Receiver<()>,
) -> Recording {
    let mut gate = Some(gate);
    let mut p = Program::connect(addr).await;
    p.send(&signup).await;
    let mut calls = Vec::new();
    loop {
        let call = p
            .recv()
            .await
            .unwrap_or_else(|e| panic!("{signup}: {e} after {} calls", calls.len()));
        assert!(call.is_array(), "{signup}: not a call: {call}");
        if call[0] == "win" {
            if let Some(g) = gate.take() {
                let _ = g.await;
            }
        }
        let reply = bot
            .answer(&call.to_string())
            .unwrap_or_else(|e| panic!("{signup}: cannot answer {call}: {e}"));
        p.send_raw(&reply).await.unwrap();
        let done = call[0] == "win";
        calls.push(call);
        if done {
            return Recording { calls };
        }
    }
}

/// Rule options that make a short game.
pub fn short(game: &str) -> Value {
    match game {
        "q" => json!({"copies": 1}),
        "triominos" => json!({"end": "round"}),
        _ => json!({}),
    }
}

fn seat(kind: &str, spec: Option<&str>) -> SeatRequest {
    SeatRequest {
        kind: kind.into(),
        spec: spec.map(str::to_string),
        name: None,
        account: None,
        link: false,
    }
}

/// Opens a table of `game` through the host: `seats` are `program`, `human` or a bot's
/// spec. Returns the table and the people's tokens.
pub async fn open_table(
    h: &TestHost,
    game: &str,
    seats: &[&str],
    options: Value,
) -> (Arc<Table>, Vec<(usize, String)>) {
    let seats = seats
        .iter()
        .map(|s| match *s {
            "program" | "human" => seat(s, None),
            bot => seat("bot", Some(bot)),
        })
        .collect();
    let c = tessera_server::concerns::open::create(
        &h.host,
        TableRequest {
            game: game.into(),
            seats,
            options,
            seed: None,
            delay_ms: Some(0),
            clock_s: None,
            time_control: None,
            days: None,
        },
        // each table from an address of its own: the per-address cap is not under test
        {
            static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
            let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            std::net::Ipv4Addr::from(0x0a00_0000 + n).into()
        },
    )
    .await
    .unwrap();
    (h.host.table(c.id).unwrap(), c.tokens)
}

/// Waits until `table` satisfies `f` (every change of a table is announced).
pub async fn table_until(table: &Table, what: &str, f: impl Fn(&Table) -> bool) {
    let mut changes = table.subscribe();
    within(what, async {
        while !f(table) {
            changes.changed().await.expect("the table is alive");
        }
    })
    .await;
}

/// Waits until `seat` of `table` is taken by a program.
pub async fn seated(table: &Table, seat: usize) {
    table_until(table, "a program takes the seat", |t| {
        matches!(t.state().seats[seat].kind, SeatKind::Program(_))
    })
    .await;
}

/// Waits until game `id` has ended in the store; returns it.
pub async fn ended(h: &TestHost, id: GameId) -> StoredGame {
    if let Some(table) = h.host.table(id) {
        table_until(&table, "the game ends", |t| {
            matches!(t.state().phase, Phase::Ended(_))
        })
        .await;
    }
    let g = h.host.stored(id).await.unwrap();
    assert!(
        !matches!(g.summary.status.as_str(), "waiting" | "running"),
        "game {id} is {}",
        g.summary.status
    );
    g
}

/// Waits until `n` games have ended in the store; returns them, oldest first.
pub async fn ended_games(h: &TestHost, n: usize) -> Vec<StoredGame> {
    let ids: Vec<GameId> = until("the games end", || async {
        let list = h
            .host
            .store()
            .games()
            .list(Default::default())
            .await
            .unwrap_or_default();
        let done: Vec<GameId> = list
            .iter()
            .filter(|g| !matches!(g.status.as_str(), "waiting" | "running"))
            .map(|g| g.id)
            .collect();
        (done.len() >= n).then_some(done)
    })
    .await;
    let mut out = Vec::new();
    for id in ids.into_iter().rev() {
        out.push(h.host.stored(id).await.unwrap());
    }
    out
}
