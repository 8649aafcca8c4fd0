//! Playing a table to its end with the one referee (or to the host's shutdown: a
//! pause), then storing how it ended, rating it, and letting go of its seats.

use crate::concerns::rating::rate_table;
use crate::host::{lock, Host};
use crate::kept::rejoin::Rejoin;
use crate::kept::resumes::{Gone, Reconnect, ResumeSlot, Resumed};
use crate::store::now_ms;
use crate::store::GameId;
use crate::store::GameStatus;
use crate::table::result::GameResult;
use crate::table::{HostSink, Phase, Seat, SeatKind, Table};
use crate::vocab::secret::Secret;

use std::sync::Arc;
use tessera_games::{SeatHolder, TableSetup};
use tessera_referee::{Ejection, RefereeConfig, Status, Thinking, Transport};

/// Plays a table to its end (or to the host's shutdown: a pause) and stores the result.
/// A table that goes on after a restart comes with its moves and ejections so far.
pub(crate) async fn play(host: &Host, table: Arc<Table>, resumed: Option<Resumed>) {
    let id = table.id;
    let start = match &resumed {
        None => {
            host.0
                .store
                .games()
                .start_game(id, now_ms(), table.seed)
                .await
        }
        Some(_) => {
            host.0
                .store
                .games()
                .set_status(id, crate::store::GameStatus::Running)
                .await
        }
    };
    if let Err(e) = start {
        tracing::error!(id = id.0, error = %e, "could not mark the game started");
    }
    let seats: Vec<Seat> = table.state().seats.clone();
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let people = seats.iter().any(|s| matches!(s.kind, SeatKind::Person(_)));
    let mut holders = Vec::with_capacity(seats.len());
    for (i, s) in seats.iter().enumerate() {
        let Ok(seat) = tessera_core::Seat::try_from(i) else {
            break;
        };
        holders.push(match &s.kind {
            SeatKind::Bot(spec) => SeatHolder::Bot {
                spec: spec.clone(),
                pace: Some(table.pace.clone()),
                thinking: Thinking::Blocking,
            },
            // a person of a turn-based table is never ended as idle: the turn's
            // deadline plays the clock move for them
            SeatKind::Person(_) => SeatHolder::Person(crate::table::person::link(
                &table,
                seat,
                table.turns.is_none().then_some(host.0.config.person_idle),
            )),
            SeatKind::Program(resume) => {
                let seated = lock(&host.0.programs).remove(&(id, i));
                let slot = resume.as_ref().and_then(|t| host.0.resumes.slot(&t.hash()));
                let kept = lock(&host.0.kept).get(&(id, i)).map(|k| k.back.clone());
                let transport: Box<dyn Transport> = match (seated, slot) {
                    (Some(t), _) => {
                        let t: Box<dyn Transport> = match kept {
                            Some(back) => Box::new(crate::kept::keep::Keep::new(t, back)),
                            None => Box::new(t),
                        };
                        // a program with a resume token keeps its seat when its
                        // connection drops, for the grace period
                        match resume {
                            Some(r) => {
                                let slot = ResumeSlot::live(id, seat);
                                host.0.resumes.insert(r.hash(), slot.clone());
                                Box::new(Rejoin::new(t, slot, host.0.config.resume_grace))
                            }
                            None => t,
                        }
                    }
                    (None, Some(slot)) => Box::new(Reconnect::new(slot)),
                    (None, None) => Box::new(Gone),
                };
                // a seat an account holds: a message after the account's ban is refused
                let transport: Box<dyn Transport> = match table.holder(seat) {
                    Some(_) => Box::new(crate::concerns::bans::BanGate::new(
                        transport,
                        host.clone(),
                        table.clone(),
                        seat,
                    )),
                    None => transport,
                };
                // the token is handed over at setup, by the process that made it (a
                // game taken up again from the store knows only its hash, and the
                // program its token)
                let token = resume.as_ref().and_then(Secret::plain).map(str::to_string);
                SeatHolder::Wire(transport, token)
            }
            // (never: a table starts once every seat is held)
            SeatKind::Open | SeatKind::Invited(_) => SeatHolder::Wire(Box::new(Gone), None),
        });
    }
    // a table where an account holds a seat: a move of a banned account is refused
    if table
        .seat_numbers()
        .into_iter()
        .any(|s| table.holder(s).is_some())
    {
        let (gate_host, weak) = (host.clone(), Arc::downgrade(&table));
        table.set_move_gate(Arc::new(move |seat| {
            let (host, weak) = (gate_host.clone(), weak.clone());
            Box::pin(async move {
                match weak.upgrade() {
                    Some(t) => crate::concerns::bans::refused_if_banned(&host, &t, seat).await,
                    None => false,
                }
            })
        }));
    }
    tracing::info!(id = id.0, game = table.entry.name(), players = ?names, "game starts");
    crate::vocab::metrics::game_started(table.entry.name());
    let setup = TableSetup {
        rules: table.rules.clone(),
        seed: table.seed,
        commitment: table.commitment.as_ref().map(|c| c.hash.clone()),
        names: names.clone(),
        referee: RefereeConfig {
            per_call: Some(host.0.config.per_call),
            ejection: Ejection::House,
            max_moves: host.0.config.max_moves,
        },
        moves: resumed
            .as_ref()
            .map(|r| r.moves.clone())
            .unwrap_or_default(),
        ejected: resumed
            .as_ref()
            .map(|r| r.ejected.clone())
            .unwrap_or_default(),
    };
    let sink = HostSink {
        table: table.clone(),
        store: host.0.store.clone(),
        people,
        person_seats: seats
            .iter()
            .map(|s| matches!(s.kind, SeatKind::Person(_)))
            .collect(),
        events: resumed.as_ref().map_or(table.stored_events, |r| r.events),
        idle_deadlines: host.0.config.turn_idle_deadlines,
    };
    let report = table
        .entry
        .play(setup, holders, Box::new(sink), table.stop.clone())
        .await;
    // the tokens of programs that could come back lapse with the game, unless it was
    // played to its end: then a program that was not told (the host stopped before it
    // heard `win`) hears its result when it comes back within its grace period
    let finished = match &report {
        Ok(r) if r.status == Status::Finished && !table.lost() => Some(r.winners.clone()),
        _ => None,
    };
    host.0.resumes.end(id, finished.as_deref());
    if table.lost() {
        // another node runs the game now (or the store failed): nothing more is
        // written or shown here
        table.state().phase = Phase::Paused;
        host.forget(id);
        table.changed();
        return;
    }
    // a table that ended itself (a person took no turn in time) is over, whatever else
    let ending = table.ending();
    if matches!(&report, Ok(r) if r.status == Status::Aborted)
        && host.0.stop.is_cancelled()
        && ending.is_none()
    {
        // the host stops: a pause, not an end; the game goes on at the next start
        tracing::info!(id = id.0, "game paused");
        if let Err(e) = host
            .0
            .store
            .games()
            .set_status(id, crate::store::GameStatus::Paused)
            .await
        {
            tracing::error!(id = id.0, error = %e, "could not store the pause");
        }
        table.state().phase = Phase::Paused;
        host.forget(id);
        table.changed();
        return;
    }
    let (mut status, mut result) = match &report {
        Ok(r) => (
            r.status.as_str().parse().unwrap_or(GameStatus::Aborted),
            GameResult::of(r, &names),
        ),
        Err(e) => {
            tracing::error!(id = id.0, error = %e, "the game could not be played");
            (GameStatus::Aborted, GameResult::failed(e.to_string()))
        }
    };
    // the game ended itself only if the rules had not ended it first
    let stopped = !matches!(&report, Ok(r) if r.status != Status::Aborted);
    match &ending {
        Some(e) if stopped && e.status == "resigned" => {
            tracing::info!(id = id.0, reason = %e.reason, "game resigned");
            status = GameStatus::Resigned;
            // a resignation always names its seat (`Table::resign`, a ban)
            if let Some(seat) = e.seat {
                result.resign(seat, &e.reason, &names);
            }
        }
        Some(e) if stopped => {
            tracing::info!(id = id.0, reason = %e.reason, "game aborted");
            result.aborted = Some(e.reason.clone());
            // the person who took no turn in time
            result.left = e.seat.map(tessera_core::Seat::index);
        }
        _ => {}
    }
    // a person who asked for hints: the record says so
    result.hints_used = table.hints_used();
    if let Ok(r) = &report {
        tracing::info!(id = id.0, status = %status, winners = ?r.winners, "game over");
        if let Some(tx) = lock(&host.0.times).as_ref() {
            let _ = tx.send((r.turn_times.clone(), r.work_times.clone()));
        }
    }
    crate::vocab::metrics::game_ended(table.entry.name(), status.as_str());
    if let Err(e) = host
        .0
        .store
        .games()
        .end(id, status.as_str(), result.to_json(), now_ms())
        .await
    {
        tracing::error!(id = id.0, error = %e, "could not store the game's end");
    }
    if let Some(rated) = &table.rated {
        rate_table(
            host.store(),
            host.config().arena_mark_after,
            id,
            table.entry.name(),
            rated,
            status,
            &result,
        )
        .await;
    }
    // programs that asked for another rated game wait in the queue again
    let kept: Vec<crate::kept::keep::Kept> = {
        let mut k = lock(&host.0.kept);
        let seats: Vec<(GameId, usize)> = k.keys().filter(|(t, _)| *t == id).copied().collect();
        seats.into_iter().filter_map(|key| k.remove(&key)).collect()
    };
    for k in kept {
        // the arena takes them (a program goes back to its queue)
        let _ = host.0.requeue.0.send(k);
    }
    {
        let mut st = table.state();
        st.phase = Phase::Ended(status.as_str().to_string());
        st.result = Some(result.to_json());
        st.to_move = None;
        if let Ok(r) = &report {
            st.end = r.end.clone();
        }
    }
    // finished games leave memory (the store serves them from now on) before anyone
    // is told: whoever hears of the end finds its slot free
    host.forget(id);
    table.changed();
}
