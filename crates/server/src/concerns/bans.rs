//! A ban, total and immediate (`tessera admin ban`, a process of its own that writes the
//! store): every table where the account holds a seat (rated or not, under its name or
//! its token: [`Table::holder`]) is resigned for it, and a move of the account that
//! arrives after the ban is refused, whenever the host's look at the bans
//! (`concerns::admin::watch`, every second) comes.
//!
//! Every move of a seat an account holds asks the store first whether the account is
//! banned (one indexed read: `bans` by account): a person's move before it reaches the
//! table (the web door, [`refused_if_banned`]), a program's as it arrives
//! ([`BanGate`]). Seats no account holds (guests, anonymous programs, bots) pay nothing.

use crate::concerns::expire::close_table;
use crate::host::Host;
use crate::table::{Ending, Phase, Table};
use std::collections::HashSet;
use std::sync::Arc;
use tessera_core::Seat;
use tessera_referee::{PlayerError, Transport};

/// Whether `account` is banned now, as the store says (a store that does not answer
/// bans nobody: the watch looks again within a second).
pub(crate) async fn is_banned(host: &Host, account: u64) -> bool {
    match host.store().admin().ban_of(account).await {
        Ok(reason) => reason.is_some(),
        Err(e) => {
            tracing::warn!(account, error = %e, "could not read the account's ban");
            false
        }
    }
}

/// A running or waiting table where a banned account holds a seat: that seat resigns
/// (the first such seat: the game ends with it; a waiting table is closed).
pub(crate) async fn resign_banned(host: &Host, table: &Arc<Table>, banned: &HashSet<u64>) {
    if table.ending().is_some() {
        return;
    }
    let Some(seat) = table
        .seat_numbers()
        .into_iter()
        .find(|&s| table.holder(s).is_some_and(|a| banned.contains(&a)))
    else {
        return;
    };
    let (phase, name) = {
        let st = table.state();
        let name = st.seats.get(seat.index()).map(|s| s.name.clone());
        (st.phase.clone(), name.unwrap_or_default())
    };
    let reason = tessera_games::words!("resigned-banned", who = name);
    match phase {
        Phase::Running => table.end_as(Ending {
            status: "resigned",
            reason: reason.clone(),
            seat: Some(seat),
        }),
        Phase::Waiting => close_table(host, table, reason.clone()).await,
        Phase::Paused | Phase::Ended(_) => return,
    }
    tracing::info!(id = table.id.0, seat = seat.index(), reason = %reason, "seat of a banned account resigned");
}

/// Whether `seat` of `table` is held by a banned account; if it is, the table is
/// resigned for it at once. For a move (or a socket) of the seat's person before it
/// reaches the table.
pub(crate) async fn refused_if_banned(host: &Host, table: &Arc<Table>, seat: Seat) -> bool {
    let Some(account) = table.holder(seat) else {
        return false;
    };
    if !is_banned(host, account).await {
        return false;
    }
    resign_banned(host, table, &HashSet::from([account])).await;
    true
}

/// A program's connection at a seat an account holds: every message that arrives is let
/// through only while the account is not banned; after a ban the table is resigned for
/// the seat and the message is never handed over (the referee, waiting under the table's
/// stop token, stops: no error, which would have the house play the seat first).
pub(crate) struct BanGate {
    inner: Box<dyn Transport>,
    host: Host,
    table: Arc<Table>,
    seat: Seat,
}

impl BanGate {
    /// `inner`, the connection of `seat` of `table`, gated by its account's ban.
    pub(crate) fn new(
        inner: Box<dyn Transport>,
        host: Host,
        table: Arc<Table>,
        seat: Seat,
    ) -> BanGate {
        BanGate {
            inner,
            host,
            table,
            seat,
        }
    }
}

#[tessera_referee::async_trait]
impl Transport for BanGate {
    async fn send(&mut self, text: &str) -> Result<(), PlayerError> {
        self.inner.send(text).await
    }

    async fn receive(&mut self) -> Result<String, PlayerError> {
        let text = self.inner.receive().await?;
        if refused_if_banned(&self.host, &self.table, self.seat).await {
            return std::future::pending().await;
        }
        Ok(text)
    }

    fn pending(&mut self) -> Result<bool, PlayerError> {
        self.inner.pending()
    }

    async fn close(&mut self, last: Option<&str>) {
        self.inner.close(last).await;
    }

    fn waiting(&self) -> Option<std::time::Duration> {
        self.inner.waiting()
    }

    fn away(&self) -> Option<String> {
        self.inner.away()
    }

    fn sends_moves(&self) -> bool {
        self.inner.sends_moves()
    }

    async fn ready(&mut self) -> Result<(), PlayerError> {
        self.inner.ready().await
    }
}
