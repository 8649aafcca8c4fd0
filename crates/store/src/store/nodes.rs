//! [`Nodes`]: the nodes of a site and who runs which game (`store.nodes()`): leases,
//! takeovers, the owners of games and seats, the stream of changed games. On SQLite
//! there is one node (`local`), which runs every game. Each operation is one `async fn`
//! over `Sql` in `crate::nodes` (and `crate::games`), run on either backend.

use super::core::{Backend, Core};
use crate::error::StoreError;
use crate::game_id::GameId;
use crate::games;
use crate::model::{NodeInfo, SeatOwner, Unfinished};
use crate::nodes;
use crate::sqlite::LOCAL;
use tokio::sync::broadcast;

/// The nodes of a store's site: [`crate::Store::nodes`].
#[derive(Clone, Copy, Debug)]
pub struct Nodes<'a>(pub(super) &'a Core);

impl<'a> Nodes<'a> {
    /// This node and its lease (in ms): `local` and 0 on SQLite (no other node).
    fn lease(self) -> (String, i64) {
        match &self.0.backend {
            Backend::Sqlite(_) => (LOCAL.to_string(), 0),
            Backend::Postgres(pg) => (pg.node.clone(), pg.lease_ms),
        }
    }

    /// The unfinished games this node is to run from now on. SQLite: every one (an
    /// earlier process of this file left them). PostgreSQL: at most `limit` of the games
    /// of nodes whose lease ran out (they died, or stopped and let go), which become this
    /// node's; their writes from the old node are fenced off from now on.
    pub async fn claim(self, limit: usize) -> Result<Vec<Unfinished>, StoreError> {
        match &self.0.backend {
            Backend::Sqlite(_) => on_reader!(self.0, |db| games::unfinished(db, None)),
            Backend::Postgres(pg) => {
                let client = pg.client().await?;
                let ids = nodes::adopt(&*client, &pg.node, pg.lease_ms, limit).await?;
                if ids.is_empty() {
                    return Ok(Vec::new());
                }
                tracing::info!(node = %pg.node, games = ?ids, "games taken over");
                games::unfinished(&*client, Some(ids)).await
            }
        }
    }

    /// Renews this node's lease (and says where it serves); nothing on SQLite.
    pub async fn heartbeat(self, http: Option<&str>, tcp: Option<&str>) -> Result<(), StoreError> {
        match &self.0.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(pg) => {
                nodes::heartbeat(&*pg.client().await?, &pg.node, http, tcp).await
            }
        }
    }

    /// Lets go of this node's lease at once (its paused games may be taken over by the
    /// other nodes now); nothing on SQLite.
    pub async fn release(self) -> Result<(), StoreError> {
        match &self.0.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(pg) => nodes::release(&*pg.client().await?, &pg.node).await,
        }
    }

    /// The nodes of the site (only this one on SQLite).
    pub async fn nodes(self) -> Result<Vec<NodeInfo>, StoreError> {
        match &self.0.backend {
            Backend::Sqlite(_) => Ok(vec![NodeInfo {
                id: LOCAL.into(),
                http: None,
                tcp: None,
                silent_ms: 0,
            }]),
            Backend::Postgres(pg) => nodes::nodes(&*pg.client().await?).await,
        }
    }

    /// The node that runs game `id`, if it is live and run by a node (`None` on SQLite).
    pub async fn owner(self, id: GameId) -> Result<Option<String>, StoreError> {
        match &self.0.backend {
            Backend::Sqlite(_) => Ok(None),
            Backend::Postgres(pg) => nodes::owner(&*pg.client().await?, id).await,
        }
    }

    /// Which other node (alive) runs the live game one of whose seats has the secret
    /// hash `hash` ([`crate::secret_hash`] of a person's token, a program's resume token):
    /// an index lookup. Always `None` on SQLite (it has no other node).
    pub async fn seat_owner(self, hash: &str) -> Result<Option<SeatOwner>, StoreError> {
        let (node, lease) = self.lease();
        let hash = hash.to_string();
        on_reader!(self.0, |db| nodes::seat_owner(db, &node, lease, &hash))
    }

    /// Which other node (alive) runs the live game `id`; always `None` on SQLite.
    pub async fn game_owner(self, id: GameId) -> Result<Option<SeatOwner>, StoreError> {
        let (node, lease) = self.lease();
        on_reader!(self.0, |db| nodes::game_owner(db, &node, lease, id))
    }

    /// The ids of the games written by any node, as they are committed (PostgreSQL's
    /// LISTEN/NOTIFY); `None` on SQLite (this process writes everything itself).
    pub fn changes(self) -> Option<broadcast::Receiver<GameId>> {
        match &self.0.backend {
            Backend::Sqlite(_) => None,
            Backend::Postgres(pg) => Some(pg.changes()),
        }
    }
}
