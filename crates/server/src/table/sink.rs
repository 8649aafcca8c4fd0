//! The sink that keeps a table in step with its referee: every move (and ejection) in
//! the store before anyone is told of it, a write the store failed tried again while the
//! table runs; at a turn-based table, each new turn with its deadline too (and the
//! deadlines its seats let pass in a row), before the seat to move is asked, and the end
//! of a game nobody plays any more (`table::turns::Missed`).

use crate::store::{now_ms, Store, StoreError, Turn};
use crate::table::{Ending, Table};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tessera_games::{TableSink, Update};
use tessera_referee::{async_trait, Ejected};

/// Keeps a table in step with its referee: every move is in the store before anyone is
/// told of it.
pub struct HostSink {
    /// The table.
    pub table: Arc<Table>,
    /// The store.
    pub store: Store,
    /// Whether people sit at the table (they always follow it).
    pub people: bool,
    /// Which seats are people's.
    pub person_seats: Vec<bool>,
    /// Events stored so far for this game.
    pub events: usize,
    /// A turn-based game ends once every person's seat has let this many deadlines pass
    /// in a row, with no move of any person in between (`Config::turn_idle_deadlines`;
    /// 0: never).
    pub idle_deadlines: u32,
}

/// The first wait before a write the store failed is tried again; it doubles up to
/// [`RETRY_MAX`].
const RETRY_FIRST: Duration = Duration::from_millis(50);

/// The longest wait between two tries of a write the store failed.
const RETRY_MAX: Duration = Duration::from_secs(5);

impl HostSink {
    /// Writes with `write` until the store takes it: a failure that may pass (a dropped
    /// connection, a busy file) is tried again, with a growing wait, while the table runs.
    /// Returns false (and the table stops, to go on from its log where it is run next)
    /// when another node runs the game now, or when the table stops before the store
    /// took the write: what is not stored is never shown.
    async fn keep<F, Fut>(&self, what: &'static str, mut write: F) -> bool
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<(), StoreError>>,
    {
        let mut wait = RETRY_FIRST;
        loop {
            let asked = std::time::Instant::now();
            let e = match write().await {
                Ok(()) => {
                    crate::vocab::metrics::store_commit(what, asked.elapsed());
                    return true;
                }
                Err(e @ StoreError::Fenced(_)) => e,
                Err(e) if self.table.stop.is_cancelled() => e,
                Err(e) => {
                    tracing::warn!(id = self.table.id.0, error = %e, retry_in = ?wait, "the store failed a write: trying again");
                    tokio::select! {
                        _ = tokio::time::sleep(wait) => {}
                        _ = self.table.stop.cancelled() => {}
                    }
                    wait = (wait * 2).min(RETRY_MAX);
                    continue;
                }
            };
            self.table.lose(&e.to_string());
            return false;
        }
    }

    /// At a turn-based table, counts the deadline let pass or the move of a person of
    /// `update`'s last move: true when every person's seat has now let
    /// [`HostSink::idle_deadlines`] pass in a row (the game ends).
    fn idle(&self, update: &Update) -> bool {
        let (Some(turns), Some(m)) = (&self.table.turns, &update.last) else {
            return false;
        };
        let people: Vec<bool> = turns.accounts.iter().map(Option::is_some).collect();
        let Ok(seat) = tessera_core::Seat::try_from(m.seat) else {
            return false;
        };
        self.table
            .missed()
            .moved(&people, seat, m.index, m.house, self.idle_deadlines)
    }

    /// At a turn-based table, stores the turn `update` makes it wait for, with its
    /// deadline, unless it is the one stored (a game taken up again after a restart goes
    /// on with the deadline it had); before the update is applied, so that nobody sees a
    /// seat to move without its deadline. False when the store will not take it (the
    /// table stops).
    async fn keep_turn(&self, update: &Update) -> bool {
        let Some(turns) = &self.table.turns else {
            return true;
        };
        let at_move = self.table.state().moves.len() + usize::from(update.last.is_some());
        let Some(seat) = update.to_move else {
            return true;
        };
        if self
            .table
            .turn()
            .is_some_and(|t| t.at_move == at_move && t.seat == seat)
        {
            return true;
        }
        let since = now_ms();
        let per_move = i64::try_from(turns.per_move_ms).unwrap_or(i64::MAX);
        let turn = Turn {
            at_move,
            seat,
            since,
            deadline: since.saturating_add(per_move),
        };
        let (store, id) = (self.store.clone(), self.table.id);
        let missed = self.table.missed().by_seat().to_vec();
        if !self
            .keep("turn", || store.turns().begin(id, turn, missed.clone()))
            .await
        {
            return false;
        }
        self.table.set_turn(turn);
        true
    }
}

#[async_trait]
impl TableSink for HostSink {
    fn wants_public(&self) -> bool {
        self.people || self.table.watched()
    }

    fn wants_seat(&self, seat: usize) -> bool {
        self.person_seats.get(seat).copied().unwrap_or(false)
    }

    async fn started(&mut self, update: Update) {
        if !self.keep_turn(&update).await {
            return;
        }
        self.table.apply(update);
        self.table.changed();
    }

    async fn moved(&mut self, update: Update) {
        let got = std::time::Instant::now();
        let moved = update.last.is_some();
        let idle = self.idle(&update);
        if let Some(m) = &update.last {
            let (store, id) = (self.store.clone(), self.table.id);
            // a game clock: the mover's time left, charged as the move arrives and stored
            // with it (a game taken up again after a restart goes on with it)
            let clock = self.table.charge_clock(m.seat);
            let stored = self
                .keep("move", || {
                    store
                        .games()
                        .append(id, m.index, m.seat, m.house, m.text.clone())
                })
                .await;
            if !stored {
                return;
            }
            if let Some(left) = clock {
                let (n, at) = (self.events, m.index + 1);
                let data = serde_json::json!({ "left_ms": left });
                if !self
                    .keep("event", || {
                        store.games().event(id, n, at, "clock", data.clone())
                    })
                    .await
                {
                    return;
                }
                self.events += 1;
            }
        }
        if idle {
            // nobody plays it any more: it ends here (no next turn is stored)
            self.table.apply(update);
            self.table.changed();
            self.table.end_as(Ending {
                status: "aborted",
                reason: tessera_games::words!("aborted-turns-idle", n = self.idle_deadlines),
                seat: None,
            });
            return;
        }
        if !self.keep_turn(&update).await {
            return;
        }
        self.table.apply(update);
        self.table.changed();
        if moved {
            crate::vocab::metrics::moved(self.table.entry.name(), got.elapsed());
        }
    }

    async fn ejected(&mut self, ejected: &Ejected, update: Update) {
        // in the log before anyone is told: a game that goes on after a restart keeps it
        let at = self.table.state().moves.len();
        let data = serde_json::to_value(ejected).unwrap_or(Value::Null);
        let (store, id, n) = (self.store.clone(), self.table.id, self.events);
        if !self
            .keep("event", || {
                store.games().event(id, n, at, "ejected", data.clone())
            })
            .await
        {
            return;
        }
        self.events += 1;
        {
            let mut st = self.table.state();
            st.ejected.push(ejected.clone());
            let k = st.moves.len();
            st.log.push_back((
                k,
                tessera_games::words!(
                    "log-ejected",
                    who = ejected.name.as_str(),
                    call = ejected.call.to_string(),
                    reason = ejected.reason.as_str()
                ),
            ));
        }
        self.table.apply(update);
        self.table.changed();
    }
}
