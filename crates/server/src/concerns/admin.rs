//! The operator's actions (`tessera admin`, a process of its own beside the hosts) as a
//! host applies them to the games it runs: every [`WATCH_EVERY`] it reads the store's
//! bans and the aborts still to do (`tessera_store::Admin`), resigns the seats of banned
//! accounts at its tables (`concerns::bans`; a move of theirs is refused before that, as it
//! arrives) and drops their tickets from the arena's queue (their programs told), aborts the games it was asked to abort, and marks each abort done with
//! its node. What the store alone does (a ban's sessions and tokens) is
//! done by the command at once; see docs/operations.md.

use crate::concerns::arena::drop_account;
use crate::concerns::bans::resign_banned;
use crate::concerns::expire::close_table;
use crate::host::Host;
use crate::kept::accounts::BANNED;
use crate::store::{abort_reason, PendingAbort};
use crate::table::{Phase, Table};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

/// How often a host looks at the store for the operator's actions.
pub const WATCH_EVERY: Duration = Duration::from_secs(1);

/// Applies the operator's actions to this host's games, every [`WATCH_EVERY`], until
/// the host stops.
pub(crate) async fn watch(host: &Host) {
    loop {
        tokio::select! {
            _ = tokio::time::sleep(WATCH_EVERY) => {}
            _ = host.0.stop.cancelled() => return,
        }
        apply(host).await;
    }
}

/// One look: the aborts of this host's games, then the banned accounts' seats (at every
/// table: `concerns::bans`) and their tickets in the arena's queue.
pub(crate) async fn apply(host: &Host) {
    let tables = host.tables();
    let admin = host.store().admin();
    if !tables.is_empty() {
        match admin.pending_aborts().await {
            Ok(pending) => {
                for p in pending {
                    if let Some(table) = host.table(p.game) {
                        abort(host, &table, &p).await;
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "could not read the operator's aborts"),
        }
    }
    let held = |t: &Arc<Table>| {
        // (the seats counted first: `holder` takes the table's lock)
        t.seat_numbers().into_iter().any(|s| t.holder(s).is_some())
    };
    if !tables.iter().any(held) && host.arena().queued() == 0 {
        return;
    }
    let banned: HashSet<u64> = match admin.banned().await {
        Ok(b) => b.into_iter().collect(),
        Err(e) => {
            tracing::warn!(error = %e, "could not read the bans");
            return;
        }
    };
    if banned.is_empty() {
        return;
    }
    for table in tables {
        resign_banned(host, &table, &banned).await;
    }
    if host.arena().queued() > 0 {
        for &account in &banned {
            // (programs are told in English: the TCP protocol's words)
            let banned = tessera_games::Msg::new(BANNED).english();
            let n = drop_account(host, account, &banned).await;
            if n > 0 {
                tracing::info!(account, tickets = n, "a banned account left the queue");
            }
        }
    }
}

/// Aborts `table` as the operator asked (a waiting table is closed, a running one
/// stopped and stored `aborted` with the reason), and marks the request done.
async fn abort(host: &Host, table: &Arc<Table>, p: &PendingAbort) {
    let reason = abort_reason(p.reason.as_deref());
    let phase = table.state().phase.clone();
    match phase {
        Phase::Waiting => close_table(host, table, reason.clone()).await,
        Phase::Running => table.end_with(reason.clone()),
        // stopping (the game goes on at the next start, and is aborted then) or over
        Phase::Paused | Phase::Ended(_) => return,
    }
    tracing::info!(id = table.id.0, reason = %reason, "game aborted by the operator");
    if let Err(e) = host
        .store()
        .admin()
        .done(p.entry, host.store().node())
        .await
    {
        tracing::warn!(id = table.id.0, error = %e, "could not mark the abort done");
    }
}
