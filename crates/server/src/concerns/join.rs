//! A live table's seat for whoever has its invitation link (`#/join/ID/CODE`): made with
//! the table (a seat `{"kind": "human", "link": true}`, one at most; its code, 128 random
//! bits, kept hashed like a seat's token, so it outlives a restart), shown to whoever has
//! the code (the game, its rules and clock, who invites), taken once, by a guest under a
//! name of their own or by a signed-in person under their account's name, or declined
//! (the table closes, stored `aborted`). A table that waits past `--open-table-expiry`
//! closes as every waiting table does. Anyone makes one, guest or account: the seat is
//! taken only by whoever opens the link and says yes.

use crate::concerns::open::{seat_name, start_if_full};
use crate::host::Host;
use crate::store::{Account, GameId, SeatRecord};
use crate::table::clock::Clock;
use crate::table::{Phase, Seat, SeatKind, Table};
use crate::vocab::error::HostError;
use crate::vocab::secret::Secret;
use serde_json::{json, Value};
use std::sync::Arc;
use tessera_games::{words, Msg};

/// Why a link's seat was not taken.
#[derive(Debug)]
pub enum JoinError {
    /// No waiting seat of that table has that code: a wrong link, or one taken,
    /// declined or expired (which of them is not told).
    Gone,
    /// Refused in words (a name).
    Refused(Msg),
    /// The host failed.
    Host(HostError),
}

/// The table `id` in memory and its seat for `code`, while it waits.
fn seat_for(host: &Host, id: GameId, code: &str) -> Option<(Arc<Table>, usize)> {
    let table = host.table(id)?;
    let i = {
        let st = table.state();
        if st.phase != Phase::Waiting {
            return None;
        }
        st.seats
            .iter()
            .position(|s| matches!(&s.kind, SeatKind::Invited(c) if c.matches(code)))?
    };
    Some((table, i))
}

/// What whoever has the link of table `id` is invited to: the game, its rules, the
/// clock, the seats (who invites), the seat offered; `None`: [`JoinError::Gone`].
pub fn invitation(host: &Host, id: GameId, code: &str) -> Option<Value> {
    let (table, seat) = seat_for(host, id, code)?;
    let st = table.state();
    let seats: Vec<Value> = st
        .seats
        .iter()
        .map(|s| json!({"name": s.name, "kind": s.kind.as_str()}))
        .collect();
    let by = st
        .seats
        .iter()
        .find(|s| matches!(s.kind, SeatKind::Person(_)))
        .map(|s| s.name.clone());
    let (clock_s, time_control) = Clock::as_asked(table.clock);
    Some(json!({
        "id": id,
        "game": table.entry.name(),
        "title": table.entry.info().title,
        "rules": table.rules,
        "seat": seat,
        "seats": seats,
        "by": by,
        "clock_s": clock_s,
        "time_control": time_control,
    }))
}

/// Takes the seat of table `id` for `code`: a signed-in person (`account`) under the
/// account's name, a guest under `name` (checked as every seat's name: not an account's,
/// not another seat's). The seat and its token; the table starts when it is full.
pub async fn take(
    host: &Host,
    id: GameId,
    code: &str,
    name: Option<&str>,
    account: Option<&Account>,
) -> Result<(usize, String), JoinError> {
    let (table, seat) = seat_for(host, id, code).ok_or(JoinError::Gone)?;
    let name = match account {
        Some(a) => a.name.clone(),
        None => {
            let n = seat_name(seat, name)
                .map_err(|e| match e {
                    HostError::Refused(m) => JoinError::Refused(m),
                    e => JoinError::Host(e),
                })?
                .ok_or(JoinError::Refused(words!("join-name")))?;
            if let Ok(Some(a)) = host.store().accounts().account_by_look(&n).await {
                return Err(JoinError::Refused(words!(
                    "seat-name-account",
                    seat = seat + 1,
                    account = a.name.as_str()
                )));
            }
            n
        }
    };
    let keys = tessera_core::names::look_keys(&name);
    let token = Secret::new();
    let plain = token.plain().unwrap_or_default().to_string();
    let written = {
        let mut st = table.state();
        // under the lock: the code is taken once
        let still = st.phase == Phase::Waiting
            && matches!(st.seats.get(seat).map(|s| &s.kind), Some(SeatKind::Invited(c)) if c.matches(code));
        if !still {
            return Err(JoinError::Gone);
        }
        if st.seats.iter().any(|s| {
            !s.name.is_empty()
                && tessera_core::names::look_keys(&s.name)
                    .iter()
                    .any(|k| keys.contains(k))
        }) {
            return Err(JoinError::Refused(words!(
                "seats-same-name",
                name = name.as_str()
            )));
        }
        st.seats[seat] = Seat {
            name: name.clone(),
            kind: SeatKind::Person(token),
            account: account.map(|a| a.id),
        };
        let records: Vec<SeatRecord> = st.seats.iter().map(Seat::record).collect();
        let secrets: Vec<Option<String>> = st.seats.iter().map(Seat::secret_hash).collect();
        host.0.store.games().seats(table.id, records, secrets)
    };
    written
        .await
        .map_err(|e| JoinError::Host(HostError::Store(e.to_string())))?;
    tracing::info!(id = id.0, seat, name = %name, "the link's seat is taken");
    table.changed();
    start_if_full(host, &table);
    Ok((seat, plain))
}

/// Declines the seat of table `id` for `code`: the table closes (stored `aborted`, the
/// reason said).
pub async fn decline(host: &Host, id: GameId, code: &str) -> Result<(), JoinError> {
    let (table, _) = seat_for(host, id, code).ok_or(JoinError::Gone)?;
    crate::concerns::expire::close_table(host, &table, words!("join-declined")).await;
    Ok(())
}
