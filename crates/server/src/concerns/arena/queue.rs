//! The queue of rated games: people and bot programs ask, leave, challenge; a program
//! that plays game after game goes back after each.

use super::pairing::pair_forever;
use crate::host::Host;
use crate::kept::arena::{lock, refusal, ArenaError, Book, Waiter};
use crate::kept::keep::Kept;
use crate::store::{now_ms, Account};
use crate::table::rated::display;
use crate::tcp::TcpTransport;
use crate::vocab::error::HostError;
use serde_json::{json, Value};
use tessera_arena::{Pool, QueueError, Score, Ticket, TicketId};
use tokio::time::Instant;

pub(crate) fn start_pairing(host: &Host) {
    if host
        .arena()
        .started
        .swap(true, std::sync::atomic::Ordering::SeqCst)
    {
        return;
    }
    let task_host = host.clone();
    host.track(async move { pair_forever(&task_host).await });
    // the programs of rated games that play again come back from their tables
    let requeued = crate::host::lock(&host.0.requeue.1).take();
    if let Some(mut requeued) = requeued {
        let task_host = host.clone();
        host.track(async move {
            let stop = task_host.stopping();
            loop {
                let k = tokio::select! {
                    _ = stop.cancelled() => break,
                    k = requeued.recv() => k,
                };
                let Some(k) = k else { break };
                let h = task_host.clone();
                task_host.track(async move { queue_again(&h, k).await });
            }
        });
    }
}

pub(crate) async fn current_rating(host: &Host, account: u64, game: &str, pool: Pool) -> f64 {
    let pool_name = pool.as_str();
    host.store()
        .ratings()
        .ratings_of(account)
        .await
        .ok()
        .and_then(|rows| {
            rows.into_iter()
                .find(|r| r.game == game && r.pool == pool_name)
        })
        .and_then(|r| display(&r.score))
        .map_or_else(|| Score::initial(pool).rating(), |d| d.0)
}

pub(crate) fn check_game(
    host: &Host,
    game: &str,
    players: usize,
) -> Result<&'static str, ArenaError> {
    let entry = host.registry().find(game).map_err(HostError::from)?;
    let (lo, hi) = entry.info().seats;
    if players < lo.max(2) || players > hi {
        return Err(ArenaError::Invalid(tessera_games::words!(
            "game-seats",
            game = entry.info().title,
            lo = lo.max(2),
            hi = hi,
            seats = players
        )));
    }
    Ok(entry.name())
}

pub(crate) fn join(host: &Host, ticket: Ticket, waiter: Waiter) -> Result<TicketId, ArenaError> {
    let mut book = lock(&host.arena().book);
    let id = book.queue.join(ticket).map_err(|e| match e {
        QueueError::TooMany { .. } | QueueError::Full { .. } | QueueError::Duplicate => {
            crate::vocab::metrics::cap_hit("arena_queue");
            ArenaError::TooMany(refusal(&e))
        }
        e => ArenaError::Invalid(refusal(&e)),
    })?;
    book.waiters.insert(id, waiter);
    drop(book);
    start_pairing(host);
    host.arena().wake.notify_one();
    Ok(id)
}

/// A person asks for a rated game of `game` for `players` players.
pub async fn queue_person(
    host: &Host,
    who: &Account,
    game: &str,
    players: usize,
) -> Result<u64, ArenaError> {
    if host.stopping().is_cancelled() {
        return Err(HostError::Closing.into());
    }
    let game = check_game(host, game, players)?;
    let pool = Pool::for_players(players)
        .map_err(|e| ArenaError::Invalid(tessera_games::Msg::verbatim(e.to_string())))?;
    let rating = current_rating(host, who.id, game, pool).await;
    let id = join(
        host,
        Ticket {
            account: who.id,
            game: game.to_string(),
            players,
            rating,
            since_ms: now_ms(),
        },
        Waiter::Person {
            account: who.id,
            name: who.name.clone(),
            seen: Instant::now(),
        },
    )?;
    tracing::info!(account = %who.name, game, players, "queued for a rated game");
    Ok(id.0)
}

/// What a person waits for, and their matches not yet fetched (asking keeps the
/// tickets alive).
pub fn queue_status(host: &Host, who: &Account) -> Value {
    let now = Instant::now();
    let mut queued = Vec::new();
    {
        let mut book = lock(&host.arena().book);
        let Book { queue: q, waiters } = &mut *book;
        for (id, w) in waiters.iter_mut() {
            if let Waiter::Person { account, seen, .. } = w {
                if *account == who.id {
                    *seen = now;
                    if let Some(t) = q.get(*id) {
                        queued.push(json!({
                            "ticket": id.0, "game": t.game, "players": t.players,
                            "since_ms": t.since_ms, "rating": t.rating.round(),
                        }));
                    }
                }
            }
        }
    }
    let matched = lock(&host.arena().matched)
        .get(&who.id)
        .cloned()
        .unwrap_or_default();
    json!({"queued": queued, "matched": matched})
}

/// The programs of `account` waiting in the queue leave it, told why (a token of the
/// account was revoked: a program with another token signs up again). Returns how many.
pub async fn drop_waiting_programs(host: &Host, account: u64, why: &str) -> usize {
    let mut gone = Vec::new();
    {
        let mut book = lock(&host.arena().book);
        let ids: Vec<TicketId> = book
            .waiters
            .iter()
            .filter(|(_, w)| matches!(w, Waiter::Program { account: a, .. } if *a == account))
            .map(|(id, _)| *id)
            .collect();
        for id in ids {
            book.queue.leave(id);
            if let Some(Waiter::Program { transport, .. }) = book.waiters.remove(&id) {
                gone.push(transport);
            }
        }
    }
    let n = gone.len();
    for mut t in gone {
        crate::vocab::signup::refuse_program(&mut t, why).await;
    }
    n
}

/// Every ticket of `account` leaves the queue (a ban): its programs told why, its
/// person's tickets gone. Returns how many.
pub async fn drop_account(host: &Host, account: u64, why: &str) -> usize {
    // the programs first, told why; then whatever tickets are left (a person's)
    let programs = drop_waiting_programs(host, account, why).await;
    let mut book = lock(&host.arena().book);
    let ids = book.queue.leave_account(account);
    for id in &ids {
        book.waiters.remove(id);
    }
    programs + ids.len()
}

/// A person leaves the queue (every ticket of theirs).
pub fn leave_queue(host: &Host, who: &Account) -> usize {
    let mut book = lock(&host.arena().book);
    let ids = book.queue.leave_account(who.id);
    for id in &ids {
        book.waiters.remove(id);
    }
    ids.len()
}

/// A bot account's program over TCP asks for a rated game (its sign-up carried its
/// API token and `"rated": true`).
pub async fn queue_program(
    host: &Host,
    account: u64,
    name: &str,
    game: &str,
    players: usize,
    mut transport: TcpTransport,
    again: Option<String>,
) {
    let game = match check_game(host, game, players) {
        Ok(g) => g,
        Err(e) => {
            return crate::vocab::signup::refuse_program(&mut transport, &e.to_string()).await
        }
    };
    let pool = Pool::for_players(players).unwrap_or(Pool::Duel);
    let rating = current_rating(host, account, game, pool).await;
    let ticket = Ticket {
        account,
        game: game.to_string(),
        players,
        rating,
        since_ms: now_ms(),
    };
    // the waiter holds the connection: a refusal must get it back
    let joined = {
        let mut book = lock(&host.arena().book);
        match book.queue.join(ticket) {
            Ok(id) => {
                book.waiters.insert(
                    id,
                    Waiter::Program {
                        account,
                        name: name.to_string(),
                        transport: Box::new(transport),
                        again,
                    },
                );
                Ok(())
            }
            Err(e) => Err((e, transport)),
        }
    };
    match joined {
        Ok(()) => {
            tracing::info!(account = %name, game, players, "a bot queued for a rated game");
            start_pairing(host);
            host.arena().wake.notify_one();
        }
        Err((e, mut transport)) => {
            crate::vocab::signup::refuse_program(&mut transport, &refusal(&e).english()).await;
        }
    }
}

/// A program that asked for rated game after rated game goes back to the queue after
/// its game (if its connection is still open and its token still good).
pub(crate) async fn queue_again(host: &Host, k: Kept) {
    let Some(mut t) = lock(&k.back).take() else {
        return;
    };
    if !matches!(tessera_referee::Transport::pending(&mut t), Ok(false)) {
        // it left (or spoke out of turn): done
        return;
    }
    if host.stopping().is_cancelled() {
        return crate::vocab::signup::refuse_program(&mut t, "the server is shutting down").await;
    }
    match host.accounts().token_account(&k.token).await {
        Ok(Some(a)) if a.id == k.account => {}
        _ => {
            return crate::vocab::signup::refuse_program(&mut t, "unknown or revoked API token")
                .await
        }
    }
    queue_program(
        host,
        k.account,
        &k.name,
        &k.game,
        k.players,
        t,
        Some(k.token),
    )
    .await;
}
