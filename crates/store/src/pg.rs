//! The PostgreSQL backend: the same tables as SQLite's, with `nodes` (each node's
//! heartbeat: its lease) and `games.owner` (the node that runs a game: the fencing
//! token) in use; [`Sql`] for tokio-postgres' client and transaction.
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

use crate::error::StoreError;
use crate::game_id::GameId;
use crate::games::{self, Answer};
use crate::job::{next_batch, reply, Job};
use crate::model::redacted;
use crate::ratings::{self, RateFn, RatedRow};
use crate::schema::{add_deal_columns, fill_account_looks, hash_plain_secrets, ADD_MISSED, SCHEMA};
use crate::sql::{Param, Row, Sql, Stmt, Val};
use std::sync::mpsc;
use std::time::Duration;
use tokio::sync::broadcast;
use tokio_postgres::types::{IsNull, ToSql, Type};
use tokio_postgres::{Client, GenericClient, NoTls};

/// The schema's version (table `tessera_schema`): the store's one version
/// ([`crate::schema::VERSION`]; PostgreSQL's went from 7 to 11, where SQLite's was).
const VERSION: i32 = schema_version!();
const VERSION_TABLE: &str = "CREATE TABLE IF NOT EXISTS tessera_schema (version INTEGER NOT NULL)";
const LOCK_SCHEMA: &str = "SELECT pg_advisory_xact_lock(7455727)";
const GET_VERSION: &str = "SELECT version FROM tessera_schema";
const SET_VERSION: &str = "UPDATE tessera_schema SET version = $1";
const FIRST_VERSION: &str = "INSERT INTO tessera_schema (version) VALUES ($1)";
const HAS_MISSED: &str = "SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'turns' AND column_name = 'missed'";
const HAS_PLAIN_SECRETS: &str = "SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'games' AND column_name = 'secrets'";
const HAS_DEAL: &str = "SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'games' AND column_name = 'commitment'";
/// The version table of the tournament tables the `tessera` command kept before version 9.
const HAS_TOURNAMENT_SCHEMA: &str = "SELECT 1 FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_name = 'tournament_schema'";
const TOURNAMENT_SCHEMA: &str = "SELECT max(version) FROM tournament_schema";
/// Its tables (version 1) in the shape of version 9, in place (their rows and ids kept):
/// JSON as text (a job's claims, an array, as a JSON array), times as ms since the epoch
/// (`NOW`); the version of their own goes: the store's is the one version.
const TOURNAMENTS_V1: &str = "
ALTER TABLE tournaments ALTER COLUMN created DROP DEFAULT;
ALTER TABLE tournaments
    ALTER COLUMN config TYPE TEXT USING config::text,
    ALTER COLUMN rules TYPE TEXT USING rules::text,
    ALTER COLUMN summary TYPE TEXT USING summary::text,
    ALTER COLUMN jobs TYPE BIGINT,
    ALTER COLUMN created TYPE BIGINT USING (extract(epoch FROM created) * 1000)::bigint,
    ALTER COLUMN finished TYPE BIGINT USING (extract(epoch FROM finished) * 1000)::bigint;
ALTER TABLE tournament_jobs ALTER COLUMN claims DROP DEFAULT;
ALTER TABLE tournament_jobs
    ALTER COLUMN job TYPE BIGINT,
    ALTER COLUMN lease_until TYPE BIGINT USING (extract(epoch FROM lease_until) * 1000)::bigint,
    ALTER COLUMN claims TYPE TEXT USING to_json(claims)::text;
ALTER TABLE tournament_jobs ALTER COLUMN claims SET DEFAULT '[]';
ALTER TABLE tournament_results ALTER COLUMN result TYPE TEXT USING result::text;
DROP TABLE tournament_schema;";
/// Two nodes rating one game take turns.
const LOCK_GAME: &str = "SELECT pg_advisory_xact_lock(7455728, ($1::bigint % 2147483647)::int4)";
const NOTIFY: &str = "SELECT pg_notify($1, $2)";

/// The channel of the notifications.
const CHANNEL: &str = "tessera";
const LISTEN: &str = "LISTEN tessera";

impl ToSql for Param<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut bytes::BytesMut,
    ) -> Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        // whatever type PostgreSQL made of the parameter
        match *self {
            Param::Null => Ok(IsNull::Yes),
            Param::Int(v) => match *ty {
                Type::INT4 => i32::try_from(v)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(v)?.to_sql(ty, out),
                Type::FLOAT8 => (v as f64).to_sql(ty, out),
                Type::BOOL => (v != 0).to_sql(ty, out),
                _ => v.to_sql(ty, out),
            },
            Param::Real(v) => v.to_sql(ty, out),
            Param::Text(v) => v.to_sql(ty, out),
            Param::Bool(v) => match *ty {
                Type::INT8 => (v as i64).to_sql(ty, out),
                Type::INT4 => (v as i32).to_sql(ty, out),
                _ => v.to_sql(ty, out),
            },
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    tokio_postgres::types::to_sql_checked!();
}

fn row_of(r: &tokio_postgres::Row) -> Result<Row, StoreError> {
    let mut vals = Vec::with_capacity(r.len());
    for (i, c) in r.columns().iter().enumerate() {
        let v = match *c.type_() {
            Type::INT8 => r.try_get::<_, Option<i64>>(i)?.map(Val::Int),
            Type::INT4 => r.try_get::<_, Option<i32>>(i)?.map(|v| Val::Int(v.into())),
            Type::INT2 => r.try_get::<_, Option<i16>>(i)?.map(|v| Val::Int(v.into())),
            Type::FLOAT8 => r.try_get::<_, Option<f64>>(i)?.map(Val::Real),
            Type::FLOAT4 => r.try_get::<_, Option<f32>>(i)?.map(|v| Val::Real(v.into())),
            Type::BOOL => r.try_get::<_, Option<bool>>(i)?.map(Val::Bool),
            _ => r.try_get::<_, Option<String>>(i)?.map(Val::Text),
        };
        vals.push(v.unwrap_or(Val::Null));
    }
    Ok(Row(vals))
}

fn refs<'a>(params: &'a [Param<'_>]) -> Vec<&'a (dyn ToSql + Sync)> {
    params.iter().map(|p| p as &(dyn ToSql + Sync)).collect()
}

async fn execute<C: GenericClient>(c: &C, st: &Stmt, p: &[Param<'_>]) -> Result<u64, StoreError> {
    Ok(c.execute(st.pg, &refs(p)).await?)
}

async fn query<C: GenericClient>(
    c: &C,
    st: &Stmt,
    p: &[Param<'_>],
) -> Result<Vec<Row>, StoreError> {
    c.query(st.pg, &refs(p)).await?.iter().map(row_of).collect()
}

async fn query_opt<C: GenericClient>(
    c: &C,
    st: &Stmt,
    p: &[Param<'_>],
) -> Result<Option<Row>, StoreError> {
    c.query_opt(st.pg, &refs(p))
        .await?
        .map(|r| row_of(&r))
        .transpose()
}

impl Sql for Client {
    async fn execute(&self, st: &Stmt, p: &[Param<'_>]) -> Result<u64, StoreError> {
        execute(self, st, p).await
    }

    async fn query(&self, st: &Stmt, p: &[Param<'_>]) -> Result<Vec<Row>, StoreError> {
        query(self, st, p).await
    }

    async fn query_opt(&self, st: &Stmt, p: &[Param<'_>]) -> Result<Option<Row>, StoreError> {
        query_opt(self, st, p).await
    }
}

impl Sql for tokio_postgres::Transaction<'_> {
    async fn execute(&self, st: &Stmt, p: &[Param<'_>]) -> Result<u64, StoreError> {
        execute(self, st, p).await
    }

    async fn query(&self, st: &Stmt, p: &[Param<'_>]) -> Result<Vec<Row>, StoreError> {
        query(self, st, p).await
    }

    async fn query_opt(&self, st: &Stmt, p: &[Param<'_>]) -> Result<Option<Row>, StoreError> {
        query_opt(self, st, p).await
    }
}

/// Connects to `url` (waiting at most 10 s for the server unless the URL says otherwise).
async fn connect(url: &str) -> Result<Client, StoreError> {
    let mut config: tokio_postgres::Config = url.parse()?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(Duration::from_secs(10));
    }
    if config.get_application_name().is_none() {
        config.application_name("tessera");
    }
    let (client, conn) = config.connect(NoTls).await?;
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
    tx.execute(LOCK_SCHEMA, &[]).await?;
    tx.batch_execute(VERSION_TABLE).await?;
    let v: Option<i32> = tx.query_opt(GET_VERSION, &[]).await?.map(|r| r.get(0));
    match v {
        Some(v) if v > VERSION => {
            return Err(StoreError::Schema(format!(
                "the database is a store of a newer Tessera (version {v})"
            )))
        }
        Some(v) if v == VERSION => {}
        _ => {
            // version 11: the tournament tables of the `tessera` command, in the store's shape
            let old_tournaments = tx.query_opt(HAS_TOURNAMENT_SCHEMA, &[]).await?.is_some();
            if old_tournaments {
                let t: Option<i32> = tx.query_one(TOURNAMENT_SCHEMA, &[]).await?.get(0);
                if t.is_some_and(|t| t > 1) {
                    return Err(StoreError::Schema(format!(
                        "the database's tournament tables are of a newer Tessera (tournament \
                         schema {})",
                        t.unwrap_or_default()
                    )));
                }
                tx.batch_execute(TOURNAMENTS_V1).await?;
            }
            tx.batch_execute(SCHEMA.pg).await?;
            // version 7: the deadlines a turn's seats let pass in a row
            if tx.query_opt(HAS_MISSED, &[]).await?.is_none() {
                tx.batch_execute(ADD_MISSED.pg).await?;
            }
            // version 3: the seat secrets of earlier versions, hashed
            if tx.query_opt(HAS_PLAIN_SECRETS, &[]).await?.is_some() {
                hash_plain_secrets(&tx).await?;
            }
            // version 4: the look-alike keys of the accounts
            fill_account_looks(&tx).await?;
            // version 6: a game's deal (its games keep their seeds, with no commitment)
            if tx.query_opt(HAS_DEAL, &[]).await?.is_none() {
                add_deal_columns(&tx).await?;
            }
            let set = if v.is_some() {
                SET_VERSION
            } else {
                FIRST_VERSION
            };
            tx.execute(set, &[&VERSION]).await?;
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
) -> Result<(mpsc::Sender<Job>, Pg, std::thread::JoinHandle<()>), StoreError> {
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
    let reader = Pg {
        client: std::sync::RwLock::new(std::sync::Arc::new(client)),
        url: url.to_string(),
        node,
        lease_ms: lease.as_millis().min(i64::MAX as u128) as i64,
        changes,
        transactions: tokio::sync::Mutex::new(None),
    };
    crate::nodes::heartbeat(&*reader.client().await?, &reader.node, None, None).await?;
    Ok((tx, reader, thread))
}

/// Follows the notifications of every node's commits (reconnecting when the connection
/// drops) and passes on the game ids.
async fn listen(url: String, changes: broadcast::Sender<GameId>) {
    use futures_util::StreamExt;
    loop {
        match tokio_postgres::connect(&url, NoTls).await {
            Ok((client, mut conn)) => {
                let mut messages = futures_util::stream::poll_fn(move |cx| conn.poll_message(cx));
                let listening = async {
                    client.batch_execute(LISTEN).await?;
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

async fn together(
    client: &mut Client,
    node: &str,
    batch: &[Job],
) -> Result<Vec<Answer>, StoreError> {
    let tx = client.transaction().await?;
    let answers =
        futures_util::future::join_all(batch.iter().map(|j| games::apply(&tx, node, j))).await;
    let mut out = Vec::with_capacity(answers.len());
    for a in answers {
        out.push(a?);
    }
    let ids = touched(batch, &out);
    if !ids.is_empty() {
        tx.execute(NOTIFY, &[&CHANNEL, &ids]).await?;
    }
    tx.commit().await?;
    Ok(out)
}

async fn alone(client: &mut Client, node: &str, job: &Job) -> Answer {
    let tx = client.transaction().await?;
    let a = games::apply(&tx, node, job).await?;
    let ids = touched(std::slice::from_ref(job), std::slice::from_ref(&a));
    if !ids.is_empty() {
        tx.execute(NOTIFY, &[&CHANNEL, &ids]).await?;
    }
    tx.commit().await?;
    a
}

/// The ids of the games a batch wrote, comma-separated, each once.
fn touched(batch: &[Job], answers: &[Answer]) -> String {
    let mut ids: Vec<GameId> = batch
        .iter()
        .zip(answers)
        .filter_map(|(j, a)| match (j, a) {
            (Job::Create(..), Ok(Some(id))) => Some(*id),
            (_, Err(_)) => None,
            (Job::Create(..), _) | (Job::Call(..), _) => None,
            (Job::Seats(id, ..), _)
            | (Job::Status(id, ..), _)
            | (Job::Start(id, ..), _)
            | (Job::Deal(id, ..), _) => Some(*id),
            (Job::Move { game, .. }, _)
            | (Job::Event { game, .. }, _)
            | (Job::End { game, .. }, _) => Some(*game),
        })
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.iter()
        .map(GameId::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The reading side of a node: queries, leases, the notifications.
#[derive(Debug)]
pub(crate) struct Pg {
    /// The connection, made again when it is found closed (the server restarted, say).
    client: std::sync::RwLock<std::sync::Arc<Client>>,
    url: String,
    pub(crate) node: String,
    pub(crate) lease_ms: i64,
    changes: broadcast::Sender<GameId>,
    /// A connection of its own for transactions (rating a game), made when first needed.
    transactions: tokio::sync::Mutex<Option<Client>>,
}

impl Pg {
    /// The connection for transactions, held until the guard goes (a new one if the last
    /// one closed).
    #[allow(
        clippy::await_holding_invalid_type,
        reason = "the slot of the one connection for transactions, held while it is made"
    )]
    pub(crate) async fn transactions(
        &self,
    ) -> Result<tokio::sync::MutexGuard<'_, Option<Client>>, StoreError> {
        let mut guard = self.transactions.lock().await;
        if guard.as_ref().is_none_or(Client::is_closed) {
            *guard = Some(connect(&self.url).await?);
        }
        Ok(guard)
    }

    /// The connection (a new one if the last one closed).
    pub(crate) async fn client(&self) -> Result<std::sync::Arc<Client>, StoreError> {
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
    pub(crate) async fn connect(url: &str) -> Result<Pg, StoreError> {
        let client = connect(url)
            .await
            .map_err(|e| StoreError::Url(format!("cannot connect to {}: {e}", redacted(url))))?;
        Ok(Pg::client_only(client, url))
    }

    /// A client that is no node (no lease, no writer thread) of a schema created or
    /// upgraded: what `tessera tournament` and `tessera worker` open
    /// ([`crate::TournamentDb`]).
    pub(crate) async fn open(url: &str) -> Result<Pg, StoreError> {
        if let Err(e) = url.parse::<tokio_postgres::Config>() {
            return Err(StoreError::Url(format!(
                "{}: not a PostgreSQL URL ({e})",
                redacted(url)
            )));
        }
        let mut client = connect(url).await.map_err(|e| {
            StoreError::Url(format!(
                "cannot connect to PostgreSQL at {}: {e}",
                redacted(url)
            ))
        })?;
        migrate(&mut client).await?;
        Ok(Pg::client_only(client, url))
    }

    fn client_only(client: Client, url: &str) -> Pg {
        Pg {
            client: std::sync::RwLock::new(std::sync::Arc::new(client)),
            url: url.to_string(),
            node: String::new(),
            lease_ms: 0,
            changes: broadcast::channel(1).0,
            transactions: tokio::sync::Mutex::new(None),
        }
    }

    pub(crate) fn node(&self) -> &str {
        &self.node
    }

    pub(crate) fn changes(&self) -> broadcast::Receiver<GameId> {
        self.changes.subscribe()
    }

    /// `ratings::rate_game` in a transaction of its own on the transactions' connection,
    /// after the game's advisory lock (two nodes rating one game take turns).
    #[allow(
        clippy::await_holding_invalid_type,
        reason = "the transaction's own connection, held for the transaction"
    )]
    pub(crate) async fn rate_game(
        &self,
        game_id: GameId,
        game: &str,
        pool: &str,
        accounts: Vec<u64>,
        rate: RateFn,
        now: i64,
    ) -> Result<Vec<RatedRow>, StoreError> {
        let mut conn = self.transactions().await?;
        let client = conn.as_mut().ok_or(StoreError::Gone)?;
        let tx = client.transaction().await?;
        tx.execute(LOCK_GAME, &[&(game_id.0 as i64)]).await?;
        let rows = ratings::rate_game(&tx, game_id, game, pool, &accounts, rate, now).await?;
        tx.commit().await?;
        Ok(rows)
    }
}
