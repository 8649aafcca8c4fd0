//! The nodes of a site (PostgreSQL; the table is there on SQLite too, where the one node
//! never writes a row): heartbeats (leases), takeovers of the games of silent nodes, and
//! which other node runs a game or a seat. Time is the database's clock (`NOW`), never a
//! node's.

use crate::error::StoreError;
use crate::game_id::GameId;
use crate::model::{NodeInfo, SeatOwner};
use crate::sql::{int, Row, Sql, Stmt};

pub(crate) const HEARTBEAT: Stmt = sql!(
    "INSERT INTO nodes (id, http, tcp, started, seen) VALUES ($1, $2, $3, " NOW ", " NOW ")
     ON CONFLICT (id) DO UPDATE SET seen = " NOW ",
     http = COALESCE($2, nodes.http), tcp = COALESCE($3, nodes.tcp)"
);
/// The rows of nodes silent for a day go (their games were taken over long ago).
pub(crate) const FORGET: Stmt = sql!("DELETE FROM nodes WHERE seen < " NOW " - 86400000");
pub(crate) const ADOPT: Stmt = sql!(
    "UPDATE games SET owner = $1 WHERE id IN (
        SELECT g.id FROM games g
        WHERE g.status IN " LIVE "
          AND g.owner IS DISTINCT FROM $1
          AND NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = g.owner AND n.seen > " NOW " - $2)
        ORDER BY g.id LIMIT $3" SKIP_LOCKED ")
     RETURNING id"
);
pub(crate) const RELEASE: Stmt = sql!("DELETE FROM nodes WHERE id = $1");
pub(crate) const NODES: Stmt = sql!("SELECT id, http, tcp, " NOW " - seen FROM nodes ORDER BY id");
/// The statement of [`SEAT_OWNER`], after `$pre` (`EXPLAIN`, in a test).
macro_rules! seat_owner {
    ($($pre:tt)*) => {
        sql!($($pre)*
            "SELECT g.id, n.id, n.http, n.tcp FROM seat_secrets s
             JOIN games g ON g.id = s.game JOIN nodes n ON n.id = g.owner
             WHERE s.hash = $1 AND g.status IN " LIVE "
               AND n.id <> $2 AND n.seen > " NOW " - $3
             ORDER BY g.id DESC LIMIT 1"
        )
    };
}
/// The other node (alive) that runs the live game one of whose seats has the secret
/// hash `$1`: an index lookup (`seat_secrets_hash`).
pub(crate) const SEAT_OWNER: Stmt = seat_owner!();
/// How [`SEAT_OWNER`] is run: its query plan.
#[cfg(test)]
pub(crate) const EXPLAIN_SEAT_OWNER: Stmt = seat_owner!(EXPLAIN);
/// The other node (alive) that runs the live game `$1`.
pub(crate) const GAME_OWNER: Stmt = sql!(
    "SELECT g.id, n.id, n.http, n.tcp FROM games g JOIN nodes n ON n.id = g.owner
     WHERE g.id = $1 AND g.status IN " LIVE "
       AND n.id <> $2 AND n.seen > " NOW " - $3"
);
pub(crate) const OWNER: Stmt = sql!("SELECT owner FROM games WHERE id = $1 AND status IN " LIVE);

/// Renews the lease of `node`.
pub(crate) async fn heartbeat<S: Sql>(
    db: &S,
    node: &str,
    http: Option<&str>,
    tcp: Option<&str>,
) -> Result<(), StoreError> {
    db.execute(&HEARTBEAT, &[node.into(), http.into(), tcp.into()])
        .await?;
    db.execute(&FORGET, &[]).await?;
    Ok(())
}

/// Makes at most `limit` live games of nodes silent for longer than `lease_ms` (or gone)
/// `node`'s; their ids, in order.
pub(crate) async fn adopt<S: Sql>(
    db: &S,
    node: &str,
    lease_ms: i64,
    limit: usize,
) -> Result<Vec<GameId>, StoreError> {
    let rows = db
        .query(&ADOPT, &[node.into(), lease_ms.into(), int(limit as u64)])
        .await?;
    let mut ids = rows
        .iter()
        .map(|r| r.int(0).map(|i| GameId(i as u64)))
        .collect::<Result<Vec<_>, _>>()?;
    ids.sort_unstable();
    Ok(ids)
}

/// Lets go of `node`'s lease.
pub(crate) async fn release<S: Sql>(db: &S, node: &str) -> Result<(), StoreError> {
    db.execute(&RELEASE, &[node.into()]).await?;
    Ok(())
}

/// The nodes of the site.
pub(crate) async fn nodes<S: Sql>(db: &S) -> Result<Vec<NodeInfo>, StoreError> {
    db.query(&NODES, &[])
        .await?
        .iter()
        .map(|r| {
            Ok(NodeInfo {
                id: r.text(0)?,
                http: r.opt_text(1)?,
                tcp: r.opt_text(2)?,
                silent_ms: r.int(3)?,
            })
        })
        .collect()
}

fn seat_owner_of(r: &Row) -> Result<SeatOwner, StoreError> {
    Ok(SeatOwner {
        game: GameId(r.int(0)? as u64),
        node: r.text(1)?,
        http: r.opt_text(2)?,
        tcp: r.opt_text(3)?,
    })
}

/// The other node (alive, seen within `lease_ms`) that runs the live game with a seat of
/// secret hash `hash`.
pub(crate) async fn seat_owner<S: Sql>(
    db: &S,
    node: &str,
    lease_ms: i64,
    hash: &str,
) -> Result<Option<SeatOwner>, StoreError> {
    db.query_opt(&SEAT_OWNER, &[hash.into(), node.into(), lease_ms.into()])
        .await?
        .map(|r| seat_owner_of(&r))
        .transpose()
}

/// The other node (alive) that runs the live game `id`.
pub(crate) async fn game_owner<S: Sql>(
    db: &S,
    node: &str,
    lease_ms: i64,
    id: GameId,
) -> Result<Option<SeatOwner>, StoreError> {
    db.query_opt(&GAME_OWNER, &[int(id), node.into(), lease_ms.into()])
        .await?
        .map(|r| seat_owner_of(&r))
        .transpose()
}

/// The node that runs the live game `id`.
pub(crate) async fn owner<S: Sql>(db: &S, id: GameId) -> Result<Option<String>, StoreError> {
    match db.query_opt(&OWNER, &[int(id)]).await? {
        Some(r) => r.opt_text(0),
        None => Ok(None),
    }
}

/// Every statement of this file.
#[cfg(test)]
pub(crate) const STATEMENTS: &[Stmt] = &[
    HEARTBEAT, FORGET, ADOPT, RELEASE, NODES, SEAT_OWNER, GAME_OWNER, OWNER,
];
