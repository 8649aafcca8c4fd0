//! Tables that wait too long for players expire: a waiting table whose open seats nobody
//! took within `Config::open_table_expiry` is stored as aborted ([`close_table`], which
//! the operator's aborts use too).

use crate::host::{lock, Host};
use crate::store::GameId;
use crate::store::{aborted_result, now_ms};
use crate::table::{Phase, Table};
use crate::tcp::TcpTransport;
use crate::vocab::config::{human, later};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// Closes the tables that waited `Config::open_table_expiry` for programs: each is
/// stored `aborted` with the reason in its result, the programs seated at it are told
/// (`{"error": ...}` in Tessera's protocol) and disconnected.
pub(crate) async fn expire_tables(host: &Host) {
    let limit = host.0.config.open_table_expiry;
    loop {
        let now = Instant::now();
        let mut next: Option<Instant> = None;
        let mut due = Vec::new();
        for table in host.tables() {
            if table.state().phase != Phase::Waiting {
                continue;
            }
            let at = later(table.opened, limit);
            if at <= now {
                due.push(table);
            } else {
                next = Some(next.map_or(at, |n| n.min(at)));
            }
        }
        for table in due {
            expire_table(host, &table).await;
        }
        let wake = async {
            match next {
                Some(t) => tokio::time::sleep_until(t).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = host.0.tables_opened.notified() => {}
            _ = wake => {}
            _ = host.0.stop.cancelled() => return,
        }
    }
}

/// Ends a table that waited too long for programs (stored `aborted`).
pub(crate) async fn expire_table(host: &Host, table: &Arc<Table>) {
    let time = human(host.0.config.open_table_expiry);
    let invited = table
        .state()
        .seats
        .iter()
        .any(|s| matches!(s.kind, crate::table::SeatKind::Invited(_)));
    let reason = if invited {
        tessera_games::words!("join-expired", time = time)
    } else {
        tessera_games::words!("aborted-open-seats", time = time)
    };
    close_table(host, table, reason).await;
}

/// Ends a table that has not started (stored `aborted`, `reason` in its result): the
/// programs seated at it are told and disconnected. Nothing when it started meanwhile.
pub(crate) async fn close_table(host: &Host, table: &Arc<Table>, reason: tessera_games::Msg) {
    let id = table.id;
    let result = aborted_result(&reason);
    {
        // under the table's lock: no program is seated, and the table does not start,
        // once it is over
        let mut st = table.state();
        if st.phase != Phase::Waiting {
            return;
        }
        st.phase = Phase::Ended("aborted".into());
        st.result = Some(result.clone());
        st.to_move = None;
    }
    tracing::info!(id = id.0, reason = %reason, "table closed");
    let seated: Vec<TcpTransport> = {
        let mut programs = lock(&host.0.programs);
        let keys: Vec<(GameId, usize)> = programs.keys().filter(|k| k.0 == id).copied().collect();
        keys.iter().filter_map(|k| programs.remove(k)).collect()
    };
    let why = format!("table {id} is closed: {reason}");
    for mut t in seated {
        let why = why.clone();
        host.0.tasks.spawn(async move {
            let _ = tokio::time::timeout(
                Duration::from_secs(5),
                crate::vocab::signup::refuse(&mut t, &why),
            )
            .await;
        });
    }
    if let Err(e) = host
        .0
        .store
        .games()
        .end(id, "aborted", result, now_ms())
        .await
    {
        tracing::error!(id = id.0, error = %e, "could not store the table's end");
    }
    table.stop.cancel();
    host.forget(id);
    table.changed();
}
