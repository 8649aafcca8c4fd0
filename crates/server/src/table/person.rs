//! A person in a browser at a table: the link through which their moves reach the
//! referee (from their WebSocket) and refusals go back, with the idle limit and the
//! table's clock.

use crate::table::{lock, Ending, Table};
use std::sync::Arc;
use std::time::Duration;
use tessera_core::Seat;
use tessera_games::{words, Msg, PersonLink};
use tessera_referee::async_trait;
use tokio::sync::{broadcast, mpsc};
use tokio::time::Instant;

/// The link of the person at `seat` of `table` (moves come through it); a turn of theirs
/// that lasts longer than `idle` ends the table (see [`Table::ending`]); `None`: never (a
/// turn-based table, where the turn's deadline plays the clock move instead).
pub fn link(table: &Arc<Table>, seat: Seat, idle: Option<Duration>) -> Box<dyn PersonLink> {
    let (tx, rx) = mpsc::channel(2);
    if let Some(slot) = lock(&table.inboxes).get_mut(seat.index()) {
        *slot = Some(tx);
    }
    Box::new(BrowserPerson {
        seat,
        moves: rx,
        refusals: table.refusals.clone(),
        table: table.clone(),
        idle,
        turn: None,
        clock_turn: None,
    })
}

/// A person in a browser: moves come from their WebSocket, refusals go back to it; each
/// move passes the table's move gate first ([`Table::move_refused`]: a banned account's
/// move never reaches the referee).
///
/// A person who takes no turn within `idle` ends the table, through the table's stop
/// token, with the reason kept on the table ([`Table::end_with`]): the host stores the
/// game `aborted` with that reason. This rather than a deadline on the person
/// ([`PersonLink::deadline`]): past a deadline the referee ejects the seat and the house
/// plays it to the end, a game nobody plays any more that goes on and is stored as if it
/// had been played; and a person who left is not a program that broke the rules. The
/// clock is the turn's, not the message's: refused moves do not restart it.
struct BrowserPerson {
    seat: Seat,
    moves: mpsc::Receiver<crate::table::Sent>,
    refusals: broadcast::Sender<(usize, Msg)>,
    table: Arc<Table>,
    idle: Option<Duration>,
    /// The turn waited for (the moves played before it) and its deadline.
    turn: Option<(usize, Instant)>,
    /// The turn waited for and when its clock runs out (a table with a clock).
    clock_turn: Option<(usize, Instant)>,
}

impl BrowserPerson {
    /// The next move sent for the turn after `played` moves; one sent for an earlier
    /// turn is refused, with the reason.
    /// The person's name at the table.
    fn name(&self) -> String {
        self.table
            .state()
            .seats
            .get(self.seat.index())
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    async fn next_for(&mut self, played: usize) -> Option<String> {
        loop {
            let (turn, text) = self.moves.recv().await?;
            if turn == played {
                if self.table.move_refused(self.seat).await {
                    // the table ends (its stop token fired): the referee drops this wait
                    return std::future::pending().await;
                }
                return Some(text);
            }
            self.refused(&words!("move-turn-over"));
        }
    }
}

/// Waits until `at`; forever when `None`.
async fn until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[async_trait]
impl PersonLink for BrowserPerson {
    async fn next_move(&mut self) -> Option<String> {
        let played = self.table.state().moves.len();
        let idle_at = self.idle.map(|idle| match self.turn {
            Some((n, at)) if n == played => at,
            _ => {
                let at = crate::vocab::config::later(Instant::now(), idle);
                self.turn = Some((played, at));
                at
            }
        });
        // a game clock: the seat's time left, counted from the start of this turn
        let flag_at = self.table.flag_at(self.seat.index());
        tokio::select! {
            m = self.next_for(played) => m,
            _ = until(idle_at) => {
                let name = self.name();
                self.table.end_as(Ending {
                    status: "aborted",
                    reason: words!(
                        "aborted-idle",
                        who = name,
                        time = crate::vocab::config::human(self.idle.unwrap_or_default())
                    ),
                    seat: Some(self.seat),
                });
                // the referee waits for this turn under the table's stop token, which
                // just fired: it stops the game and drops this future (a `None` here
                // would read as a person who left, and eject the seat)
                std::future::pending().await
            }
            _ = until(flag_at) => {
                // out of time on a game clock: the game is lost, as if resigned
                let name = self.name();
                self.table.flag_fell(self.seat.index());
                self.table.end_as(Ending {
                    status: "resigned",
                    reason: words!("lost-on-time", who = name),
                    seat: Some(self.seat),
                });
                std::future::pending().await
            }
        }
    }

    fn refused(&mut self, reason: &Msg) {
        let _ = self.refusals.send((self.seat.index(), reason.clone()));
    }

    fn clock(&mut self) -> Option<Instant> {
        // a time for each move (a game clock is kept in `next_move`)
        let clock = self.table.clock?.per_move()?;
        let (played, since) = {
            let st = self.table.state();
            (st.moves.len(), st.turn_since)
        };
        // a turn-based table's deadline is the stored one (it outlives a restart)
        if let Some(t) = self.table.turn() {
            if t.at_move == played && t.seat == self.seat.index() {
                return Some(super::turns::instant_of(t.deadline, crate::store::now_ms()));
            }
        }
        match self.clock_turn {
            Some((n, at)) if n == played => Some(at),
            _ => {
                let at = crate::vocab::config::later(since, clock);
                self.clock_turn = Some((played, at));
                Some(at)
            }
        }
    }

    fn timed_out(&mut self, _move: &str) {
        let (name, played) = {
            let st = self.table.state();
            let name = st.seats.get(self.seat.index()).map(|s| s.name.clone());
            (name.unwrap_or_default(), st.moves.len())
        };
        // a deadline let pass: counted by the table's sink when the move is played
        self.table.missed().timed_out(self.seat, played);
        let per = match &self.table.turns {
            Some(t) => t.words(),
            None => words!(
                "per-move",
                clock = self
                    .table
                    .clock
                    .and_then(crate::table::clock::Clock::per_move)
                    .map(crate::vocab::config::human)
                    .unwrap_or_default()
            ),
        };
        self.table
            .note(words!("log-out-of-time", who = name, per = per));
    }
}
