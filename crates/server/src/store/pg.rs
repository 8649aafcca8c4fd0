//! The PostgreSQL backend: the same tables as SQLite's, plus `nodes` (each node's
//! heartbeat: its lease) and `games.owner` (the node that runs a game: the fencing token).
//!
//! Writes: one writer thread (with a runtime of its own) commits each batch of queued
//! writes in one transaction, its statements pipelined; a batch that fails as a whole is
//! written again one job at a time, so one bad write does not sink the others. Every
//! write of a game is conditional on `owner = this node` (a move's insert holds the game's
//! row `FOR SHARE`, so a takeover waits for it and it fails after one): a node that lost
//! its games writes nothing more of them ([`StoreError::Fenced`]). Each commit notifies
//! channel `tessera` with the ids of the games it wrote; every node listens, so that its
//! spectators see the moves of games run elsewhere.
//!
//! Time for leases is the database's clock (`clock_timestamp()`), never a node's.

use super::{
    finish_summary, next_batch, partial_summary, redacted, reply, Job, ListQuery, MAX_PAGE,
};
use super::{
    GameSummary, NodeInfo, SeatOwner, SecretsAndEvents, StoreError, StoredGame, Unfinished,
};
use serde_json::Value;
use std::sync::mpsc;
use std::time::Duration;
use tokio::sync::broadcast;
use tokio_postgres::{Client, NoTls};

/// The schema's version (table `tessera_schema`). 2: the Arena's tables
/// ([`super::accounts`]).
const VERSION: i32 = 2;

pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tessera_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id BIGSERIAL PRIMARY KEY,
    game TEXT NOT NULL,
    status TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed BIGINT NOT NULL,
    seats TEXT NOT NULL,
    created BIGINT NOT NULL,
    started BIGINT,
    ended BIGINT,
    moves BIGINT NOT NULL DEFAULT 0,
    result TEXT,
    secrets TEXT NOT NULL DEFAULT '[]',
    owner TEXT
);
CREATE INDEX IF NOT EXISTS games_status ON games (status, id);
CREATE TABLE IF NOT EXISTS events (
    game BIGINT NOT NULL,
    n BIGINT NOT NULL,
    at_move BIGINT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS moves (
    game BIGINT NOT NULL,
    n BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    house BOOLEAN NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS nodes (
    id TEXT PRIMARY KEY,
    http TEXT,
    tcp TEXT,
    started BIGINT NOT NULL,
    seen BIGINT NOT NULL
);
";

/// Now, in milliseconds since the epoch, by the database's clock.
const NOW: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// The channel of the notifications.
const CHANNEL: &str = "tessera";

async fn connect(url: &str) -> Result<Client, StoreError> {
    let (client, conn) = tokio_postgres::connect(url, NoTls).await?;
    tokio::spawn(async move {
        if let Err(e) = conn.await {
            tracing::warn!(error = %e, "a PostgreSQL connection ended");
        }
    });
    Ok(client)
}

/// Creates or upgrades the schema (under an advisory lock: nodes that start together
/// take turns).
async fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock(7455727)", &[])
        .await?;
    tx.batch_execute(SCHEMA).await?;
    tx.batch_execute(super::accounts::PG_SCHEMA).await?;
    let v: Option<i32> = tx
        .query_opt("SELECT version FROM tessera_schema", &[])
        .await?
        .map(|r| r.get(0));
    match v {
        Some(v) if v > VERSION => {
            return Err(StoreError::Schema(format!(
                "the database is a store of a newer Tessera (version {v})"
            )))
        }
        Some(v) if v == VERSION => {}
        Some(_) => {
            tx.execute("UPDATE tessera_schema SET version = $1", &[&VERSION])
                .await?;
        }
        None => {
            tx.execute(
                "INSERT INTO tessera_schema (version) VALUES ($1)",
                &[&VERSION],
            )
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// A new node id: unique to this run of this process (so that it fences off every
/// earlier run, its own included).
fn node_id() -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or_else(|| "node".into());
    format!(
        "{host}-{}-{:08x}",
        std::process::id(),
        rand::random::<u32>()
    )
}

/// Connects, migrates, and starts the writer thread and the listener.
pub(crate) async fn start(
    url: &str,
    lease: Duration,
) -> Result<(mpsc::Sender<Job>, Reader, std::thread::JoinHandle<()>), StoreError> {
    let mut client = connect(url)
        .await
        .map_err(|e| StoreError::Url(format!("cannot connect to {}: {e}", redacted(url))))?;
    migrate(&mut client).await?;
    let node = node_id();
    let (tx, rx) = mpsc::channel::<Job>();
    let writer_url = url.to_string();
    let writer_node = node.clone();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    let thread = std::thread::Builder::new()
        .name("store-writer".into())
        .spawn(move || writer(writer_url, writer_node, rx, ready_tx))
        .map_err(|_| StoreError::Gone)?;
    ready_rx.await.map_err(|_| StoreError::Gone)??;
    let (changes, _) = broadcast::channel(1024);
    tokio::spawn(listen(url.to_string(), changes.clone()));
    let reader = Reader {
        client: std::sync::RwLock::new(std::sync::Arc::new(client)),
        url: url.to_string(),
        node,
        lease_ms: lease.as_millis().min(i64::MAX as u128) as i64,
        changes,
        transactions: tokio::sync::Mutex::new(None),
    };
    reader.heartbeat(None, None).await?;
    Ok((tx, reader, thread))
}

/// Follows the notifications of every node's commits (reconnecting when the connection
/// drops) and passes on the game ids.
async fn listen(url: String, changes: broadcast::Sender<u64>) {
    use futures_util::StreamExt;
    loop {
        match tokio_postgres::connect(&url, NoTls).await {
            Ok((client, mut conn)) => {
                let mut messages = futures_util::stream::poll_fn(move |cx| conn.poll_message(cx));
                let listening = async {
                    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
                    std::future::pending::<()>().await;
                    Ok::<(), tokio_postgres::Error>(())
                };
                tokio::pin!(listening);
                loop {
                    tokio::select! {
                        r = &mut listening => {
                            if let Err(e) = r {
                                tracing::warn!(error = %e, "cannot LISTEN");
                            }
                            break;
                        }
                        m = messages.next() => match m {
                            Some(Ok(tokio_postgres::AsyncMessage::Notification(n))) => {
                                for id in n.payload().split(',').filter_map(|x| x.parse().ok()) {
                                    let _ = changes.send(id);
                                }
                            }
                            Some(Ok(_)) => {}
                            Some(Err(e)) => {
                                tracing::warn!(error = %e, "the LISTEN connection failed");
                                break;
                            }
                            None => break,
                        },
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot connect to LISTEN"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// The writer thread: its own runtime and connection, a batch of jobs per transaction.
fn writer(
    url: String,
    node: String,
    rx: mpsc::Receiver<Job>,
    ready: tokio::sync::oneshot::Sender<Result<(), StoreError>>,
) {
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            let _ = ready.send(Err(StoreError::Schema(e.to_string())));
            return;
        }
    };
    let client = match rt.block_on(connect(&url)) {
        Ok(c) => c,
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    let _ = ready.send(Ok(()));
    let mut client = client;
    while let Some(batch) = next_batch(&rx) {
        if client.is_closed() {
            // the server restarted, say: a new connection (the batch fails if none)
            tracing::warn!("the PostgreSQL writer's connection closed: connecting again");
            if let Ok(c) = rt.block_on(connect(&url)) {
                client = c;
            }
        }
        rt.block_on(commit(&mut client, &node, batch));
    }
}

/// Writes a batch in one transaction, pipelined; if the transaction fails, each job in
/// a transaction of its own.
async fn commit(client: &mut Client, node: &str, batch: Vec<Job>) {
    let results = match together(client, node, &batch).await {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(error = %e, jobs = batch.len(), "a batch failed: its writes go one by one");
            let mut out = Vec::with_capacity(batch.len());
            for job in &batch {
                out.push(alone(client, node, job).await);
            }
            out
        }
    };
    for (job, r) in batch.into_iter().zip(results) {
        if let Err(e) = &r {
            tracing::error!(error = %e, "a write to the store failed");
        }
        reply(job, r);
    }
}

type Answer = Result<Option<u64>, StoreError>;

async fn together(
    client: &mut Client,
    node: &str,
    batch: &[Job],
) -> Result<Vec<Answer>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    let answers = futures_util::future::join_all(batch.iter().map(|j| apply(&tx, node, j))).await;
    let mut out = Vec::with_capacity(answers.len());
    for a in answers {
        out.push(a?);
    }
    let ids = touched(batch, &out);
    if !ids.is_empty() {
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &ids])
            .await?;
    }
    tx.commit().await?;
    Ok(out)
}

async fn alone(client: &mut Client, node: &str, job: &Job) -> Answer {
    let tx = client.transaction().await?;
    let a = apply(&tx, node, job).await?;
    let ids = touched(std::slice::from_ref(job), std::slice::from_ref(&a));
    if !ids.is_empty() {
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &ids])
            .await?;
    }
    tx.commit().await?;
    a
}

/// The ids of the games a batch wrote, comma-separated, each once.
fn touched(batch: &[Job], answers: &[Answer]) -> String {
    let mut ids: Vec<u64> = batch
        .iter()
        .zip(answers)
        .filter_map(|(j, a)| match (j, a) {
            (Job::Create(..), Ok(Some(id))) => Some(*id),
            (_, Err(_)) => None,
            (Job::Create(..), _) | (Job::Call(..), _) => None,
            (Job::Seats(id, ..), _) | (Job::Status(id, ..), _) | (Job::Start(id, ..), _) => {
                Some(*id)
            }
            (Job::Move { game, .. }, _)
            | (Job::Event { game, .. }, _)
            | (Job::End { game, .. }, _) => Some(*game),
        })
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// One job; `Ok(Err(Fenced))` when the game is another node's now.
async fn apply(
    tx: &tokio_postgres::Transaction<'_>,
    node: &str,
    job: &Job,
) -> Result<Answer, tokio_postgres::Error> {
    let fenced = |n: u64, id: u64| {
        if n == 0 {
            Err(StoreError::Fenced(id))
        } else {
            Ok(None)
        }
    };
    Ok(match job {
        Job::Call(_) => Err(StoreError::Schema(
            "this write is only for SQLite's writer".into(),
        )),
        Job::Create(g, _) => {
            let secrets = serde_json::to_string(&g.secrets).unwrap_or_else(|_| "[]".into());
            let seats = serde_json::to_string(&g.seats).unwrap_or_else(|_| "[]".into());
            let row = tx
                .query_one(
                    "INSERT INTO games (game, status, rules, seed, seats, created, secrets, owner)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
                    &[
                        &g.game,
                        &g.status,
                        &g.rules.to_string(),
                        &(g.seed as i64),
                        &seats,
                        &g.created,
                        &secrets,
                        &node,
                    ],
                )
                .await?;
            Ok(Some(row.get::<_, i64>(0) as u64))
        }
        Job::Seats(id, seats, secrets, _) => {
            let seats = serde_json::to_string(seats).unwrap_or_else(|_| "[]".into());
            let secrets = serde_json::to_string(secrets).unwrap_or_else(|_| "[]".into());
            let n = tx
                .execute(
                    "UPDATE games SET seats = $2, secrets = $3 WHERE id = $1 AND owner = $4",
                    &[&(*id as i64), &seats, &secrets, &node],
                )
                .await?;
            fenced(n, *id)
        }
        Job::Event {
            game,
            n,
            at_move,
            kind,
            data,
            ..
        } => {
            let rows = tx
                .execute(
                    "INSERT INTO events (game, n, at_move, kind, data)
                     SELECT $1, $2, $3, $4, $5 FROM games WHERE id = $1 AND owner = $6 FOR SHARE",
                    &[
                        &(*game as i64),
                        &(*n as i64),
                        &(*at_move as i64),
                        kind,
                        &data.to_string(),
                        &node,
                    ],
                )
                .await?;
            fenced(rows, *game)
        }
        Job::Status(id, status, _) => {
            let n = tx
                .execute(
                    "UPDATE games SET status = $2 WHERE id = $1 AND owner = $3",
                    &[&(*id as i64), status, &node],
                )
                .await?;
            fenced(n, *id)
        }
        Job::Start(id, at, seed, _) => {
            let n = tx
                .execute(
                    "UPDATE games SET status = 'running', started = $2, seed = $3
                     WHERE id = $1 AND owner = $4",
                    &[&(*id as i64), at, &(*seed as i64), &node],
                )
                .await?;
            fenced(n, *id)
        }
        Job::Move {
            game,
            n,
            seat,
            house,
            text,
            ..
        } => {
            let rows = tx
                .execute(
                    "INSERT INTO moves (game, n, seat, house, move)
                     SELECT $1, $2, $3, $4, $5 FROM games WHERE id = $1 AND owner = $6 FOR SHARE",
                    &[
                        &(*game as i64),
                        &(*n as i64),
                        &(*seat as i64),
                        house,
                        text,
                        &node,
                    ],
                )
                .await?;
            fenced(rows, *game)
        }
        Job::End {
            game,
            status,
            result,
            ended,
            ..
        } => {
            let n = tx
                .execute(
                    "UPDATE games SET status = $2, result = $3, ended = $4,
                     moves = (SELECT COUNT(*) FROM moves WHERE game = $1)
                     WHERE id = $1 AND owner = $5",
                    &[&(*game as i64), status, &result.to_string(), ended, &node],
                )
                .await?;
            fenced(n, *game)
        }
    })
}

/// The columns of a summary; a live game's moves are counted in its log.
const COLUMNS: &str = "id, game, status, seats,
    CASE WHEN status IN ('waiting', 'running', 'paused')
         THEN (SELECT COUNT(*) FROM moves WHERE moves.game = games.id) ELSE moves END,
    result, seed, created, started, ended";

fn summary_of(r: &tokio_postgres::Row) -> Result<(GameSummary, Value), StoreError> {
    let s = partial_summary(
        r.try_get(0)?,
        r.try_get(1)?,
        r.try_get(2)?,
        r.try_get(4)?,
        r.try_get(6)?,
        r.try_get(7)?,
        r.try_get(8)?,
        r.try_get(9)?,
    );
    let seats: String = r.try_get(3)?;
    let result: Option<String> = r.try_get(5)?;
    finish_summary(s, &seats, result.as_deref())
}

/// The reading side of a node: queries, leases, the notifications.
#[derive(Debug)]
pub(crate) struct Reader {
    /// The connection, made again when it is found closed (the server restarted, say).
    client: std::sync::RwLock<std::sync::Arc<Client>>,
    url: String,
    node: String,
    lease_ms: i64,
    changes: broadcast::Sender<u64>,
    /// A connection of its own for transactions (rating a game), made when first needed.
    transactions: tokio::sync::Mutex<Option<Client>>,
}

impl Reader {
    /// The connection for transactions, held until the guard goes (a new one if the last
    /// one closed).
    #[allow(
        clippy::await_holding_invalid_type,
        reason = "the slot of the one connection for transactions, held while it is made"
    )]
    pub(super) async fn transactions(
        &self,
    ) -> Result<tokio::sync::MutexGuard<'_, Option<Client>>, StoreError> {
        let mut guard = self.transactions.lock().await;
        if guard.as_ref().is_none_or(Client::is_closed) {
            *guard = Some(connect(&self.url).await?);
        }
        Ok(guard)
    }

    /// The connection (a new one if the last one closed).
    pub(super) async fn client(&self) -> Result<std::sync::Arc<Client>, StoreError> {
        let current = self
            .client
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if !current.is_closed() {
            return Ok(current);
        }
        tracing::warn!("the PostgreSQL connection closed: connecting again");
        let fresh = std::sync::Arc::new(connect(&self.url).await?);
        *self.client.write().unwrap_or_else(|e| e.into_inner()) = fresh.clone();
        Ok(fresh)
    }

    /// A reader only (for `tessera games` and `replay`): no node, no lease, no writes.
    pub(crate) async fn connect(url: &str) -> Result<Reader, StoreError> {
        let client = connect(url)
            .await
            .map_err(|e| StoreError::Url(format!("cannot connect to {}: {e}", redacted(url))))?;
        Ok(Reader {
            client: std::sync::RwLock::new(std::sync::Arc::new(client)),
            url: url.to_string(),
            node: String::new(),
            lease_ms: 0,
            changes: broadcast::channel(1).0,
            transactions: tokio::sync::Mutex::new(None),
        })
    }

    pub(crate) fn node(&self) -> &str {
        &self.node
    }

    pub(crate) fn changes(&self) -> broadcast::Receiver<u64> {
        self.changes.subscribe()
    }

    pub(crate) async fn list(&self, q: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
        let limit = q.limit.unwrap_or(50).clamp(1, MAX_PAGE) as i64;
        let before = q.before.map_or(i64::MAX, |b| b.min(i64::MAX as u64) as i64);
        let rows = self
            .client()
            .await?
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM games WHERE id < $1
                     AND ($2::text IS NULL OR game = $2)
                     AND ($3::text IS NULL OR status = $3
                          OR ($3 = 'live' AND status IN ('waiting', 'running', 'paused'))
                          OR ($3 = 'ended' AND status NOT IN ('waiting', 'running', 'paused')))
                     ORDER BY id DESC LIMIT $4"
                ),
                &[&before, &q.game, &q.status, &limit],
            )
            .await?;
        rows.iter().map(|r| summary_of(r).map(|(s, _)| s)).collect()
    }

    pub(crate) async fn get(&self, id: u64) -> Result<Option<StoredGame>, StoreError> {
        let Some(row) = self
            .client()
            .await?
            .query_opt(
                &format!("SELECT {COLUMNS}, rules FROM games WHERE id = $1"),
                &[&(id as i64)],
            )
            .await?
        else {
            return Ok(None);
        };
        let (summary, result) = summary_of(&row)?;
        let seed: i64 = row.try_get(6)?;
        let rules: String = row.try_get(10)?;
        let mut moves = Vec::new();
        let mut house = Vec::new();
        for r in self
            .client()
            .await?
            .query(
                "SELECT move, house FROM moves WHERE game = $1 ORDER BY n",
                &[&(id as i64)],
            )
            .await?
        {
            moves.push(r.try_get::<_, String>(0)?);
            house.push(r.try_get::<_, bool>(1)?);
        }
        Ok(Some(StoredGame {
            summary,
            rules: serde_json::from_str(&rules)?,
            seed: seed as u64,
            moves,
            house,
            result,
        }))
    }

    /// The unfinished games among `ids` (every one with `None`), oldest first.
    pub(crate) async fn unfinished(
        &self,
        ids: Option<Vec<i64>>,
    ) -> Result<Vec<Unfinished>, StoreError> {
        let ids: Vec<i64> = match ids {
            Some(ids) => ids,
            None => self
                .client().await?
                .query(
                    "SELECT id FROM games WHERE status IN ('waiting', 'running', 'paused') ORDER BY id",
                    &[],
                )
                .await?
                .iter()
                .map(|r| r.get(0))
                .collect(),
        };
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            let Some(game) = self.get(id as u64).await? else {
                continue;
            };
            if !super::is_live(&game.summary.status) {
                continue;
            }
            let Some((secrets, events)) = self.secrets_and_events(id as u64).await? else {
                continue;
            };
            out.push(Unfinished {
                game,
                secrets,
                events,
            });
        }
        Ok(out)
    }

    /// A game's seat secrets and events; `None` when there is no such game.
    pub(crate) async fn secrets_and_events(
        &self,
        id: u64,
    ) -> Result<Option<SecretsAndEvents>, StoreError> {
        let Some(row) = self
            .client()
            .await?
            .query_opt("SELECT secrets FROM games WHERE id = $1", &[&(id as i64)])
            .await?
        else {
            return Ok(None);
        };
        let secrets: String = row.try_get(0)?;
        let mut events = Vec::new();
        for r in self
            .client()
            .await?
            .query(
                "SELECT at_move, kind, data FROM events WHERE game = $1 ORDER BY n",
                &[&(id as i64)],
            )
            .await?
        {
            let data: String = r.try_get(2)?;
            events.push((
                r.try_get::<_, i64>(0)? as usize,
                r.try_get::<_, String>(1)?,
                serde_json::from_str(&data)?,
            ));
        }
        Ok(Some((serde_json::from_str(&secrets)?, events)))
    }

    /// Renews this node's lease.
    pub(crate) async fn heartbeat(
        &self,
        http: Option<&str>,
        tcp: Option<&str>,
    ) -> Result<(), StoreError> {
        self.client().await?
            .execute(
                &format!(
                    "INSERT INTO nodes (id, http, tcp, started, seen) VALUES ($1, $2, $3, {NOW}, {NOW})
                     ON CONFLICT (id) DO UPDATE SET seen = {NOW},
                     http = COALESCE($2, nodes.http), tcp = COALESCE($3, nodes.tcp)"
                ),
                &[&self.node, &http, &tcp],
            )
            .await?;
        // the rows of nodes silent for a day go (their games were taken over long ago)
        self.client()
            .await?
            .execute(
                &format!("DELETE FROM nodes WHERE seen < {NOW} - 86400000"),
                &[],
            )
            .await?;
        Ok(())
    }

    /// Takes over at most `limit` live games of nodes silent for longer than the lease
    /// (or gone): they are this node's from now on.
    pub(crate) async fn adopt(&self, limit: usize) -> Result<Vec<Unfinished>, StoreError> {
        let rows = self
            .client()
            .await?
            .query(
                &format!(
                    "UPDATE games SET owner = $1 WHERE id IN (
                        SELECT g.id FROM games g
                        WHERE g.status IN ('waiting', 'running', 'paused')
                          AND g.owner IS DISTINCT FROM $1
                          AND NOT EXISTS (SELECT 1 FROM nodes n
                                          WHERE n.id = g.owner AND n.seen > {NOW} - $2)
                        ORDER BY g.id LIMIT $3
                        FOR UPDATE OF g SKIP LOCKED)
                     RETURNING id"
                ),
                &[
                    &self.node,
                    &self.lease_ms,
                    &(limit.min(i64::MAX as usize) as i64),
                ],
            )
            .await?;
        let mut ids: Vec<i64> = rows.iter().map(|r| r.get(0)).collect();
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        ids.sort_unstable();
        tracing::info!(node = %self.node, games = ?ids, "games taken over");
        self.unfinished(Some(ids)).await
    }

    /// Lets go of the lease: the node's row goes.
    pub(crate) async fn release(&self) -> Result<(), StoreError> {
        self.client()
            .await?
            .execute("DELETE FROM nodes WHERE id = $1", &[&self.node])
            .await?;
        Ok(())
    }

    pub(crate) async fn nodes(&self) -> Result<Vec<NodeInfo>, StoreError> {
        let rows = self
            .client()
            .await?
            .query(
                &format!("SELECT id, http, tcp, {NOW} - seen FROM nodes ORDER BY id"),
                &[],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(NodeInfo {
                    id: r.try_get(0)?,
                    http: r.try_get(1)?,
                    tcp: r.try_get(2)?,
                    silent_ms: r.try_get(3)?,
                })
            })
            .collect()
    }

    /// The other node (alive) that runs the live game matching `which`: `g.secrets`
    /// holding `$1` (a seat's secret) or `g.id = $1`.
    async fn other_owner(
        &self,
        which: &str,
        key: &(dyn tokio_postgres::types::ToSql + Sync),
    ) -> Result<Option<SeatOwner>, StoreError> {
        let row = self
            .client()
            .await?
            .query_opt(
                &format!(
                    "SELECT g.id, n.id, n.http, n.tcp FROM games g JOIN nodes n ON n.id = g.owner
                     WHERE g.status IN ('waiting', 'running', 'paused') AND {which}
                       AND n.id <> $2 AND n.seen > {NOW} - $3
                     ORDER BY g.id DESC LIMIT 1"
                ),
                &[key, &self.node, &self.lease_ms],
            )
            .await?;
        row.map(|r| {
            Ok(SeatOwner {
                game: r.try_get::<_, i64>(0)? as u64,
                node: r.try_get(1)?,
                http: r.try_get(2)?,
                tcp: r.try_get(3)?,
            })
        })
        .transpose()
    }

    pub(crate) async fn seat_owner(&self, token: &str) -> Result<Option<SeatOwner>, StoreError> {
        self.other_owner("g.secrets::jsonb ? $1", &token).await
    }

    pub(crate) async fn game_owner(&self, id: u64) -> Result<Option<SeatOwner>, StoreError> {
        self.other_owner("g.id = $1", &(id as i64)).await
    }

    pub(crate) async fn owner(&self, id: u64) -> Result<Option<String>, StoreError> {
        Ok(self
            .client().await?
            .query_opt(
                "SELECT owner FROM games WHERE id = $1 AND status IN ('waiting', 'running', 'paused')",
                &[&(id as i64)],
            )
            .await?
            .and_then(|r| r.get::<_, Option<String>>(0)))
    }
}
