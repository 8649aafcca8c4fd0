//! The pairing task (matches from the queue, every tick or when woken), the house
//! games of the arena runner, and the opening of a rated table.

use crate::host::Host;
use crate::kept::arena::{
    lock, sitter, sitter_account, ArenaError, Book, Matched, Sitter, Waiter, PAIRING_TICK,
};
use crate::kept::keep::Kept;
use crate::store::now_ms;
use crate::store::GameId;
use crate::table::rated::{Rated, RatedSeat};
use crate::table::{Seat, SeatKind};
use crate::vocab::error::HostError;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;
use tessera_arena::Pool;
use tokio::time::Instant;

/// Pairs the queue until the host stops.
pub(crate) async fn pair_forever(host: &Host) {
    let stop = host.stopping();
    loop {
        tokio::select! {
            _ = stop.cancelled() => break,
            _ = tokio::time::sleep(PAIRING_TICK) => {}
            _ = host.arena().wake.notified() => {
                // let a burst of sign-ups gather
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        prune(host);
        // the matches and their waiters leave the book together
        let matches: Vec<_> = {
            let mut book = lock(&host.arena().book);
            let pairs = book.queue.pair(now_ms());
            pairs
                .into_iter()
                .map(|m| {
                    let mut sitters = Vec::with_capacity(m.seats.len());
                    let mut tickets = Vec::new();
                    for s in m.seats {
                        match s {
                            tessera_arena::Seat::Account { ticket, .. } => {
                                if let Some(w) = book.waiters.remove(&ticket) {
                                    tickets.push((sitter_account(&w), ticket.0));
                                    sitters.push(sitter(w));
                                }
                            }
                            tessera_arena::Seat::House { spec, rating } => {
                                sitters.push(Sitter::House { spec, rating })
                            }
                        }
                    }
                    (m.game, sitters, tickets)
                })
                .collect()
        };
        for (game, mut sitters, tickets) in matches {
            use rand::seq::SliceRandom;
            sitters.shuffle(&mut rand::thread_rng());
            let task_host = host.clone();
            host.track(async move {
                match open_rated(&task_host, &game, sitters, None).await {
                    Ok((id, tokens)) => {
                        for (account, token) in tokens {
                            if let Some(t) = tickets.iter().find(|t| t.0 == account) {
                                tell_matched(&task_host, account, t.1, id, token);
                            }
                        }
                    }
                    Err(e) => tracing::error!(error = %e, "a rated game could not open"),
                }
            });
        }
        // a pause between rounds is not needed when the tick sleeps
    }
    // the programs still waiting are told
    let left: Vec<Waiter> = lock(&host.arena().book)
        .waiters
        .drain()
        .map(|(_, w)| w)
        .collect();
    for w in left {
        if let Waiter::Program { mut transport, .. } = w {
            crate::vocab::signup::refuse_program(&mut transport, "the server is shutting down")
                .await;
        }
    }
}

/// The arena runner: keeps `per_game` games of house levels against each other
/// going for every game with levels (two levels next to each other, at the host's bot
/// pace, stored as rated games whose anchors do not move), until the host stops.
pub async fn house_games(host: &Host, per_game: usize) {
    if per_game == 0 {
        return;
    }
    let stop = host.stopping();
    let mut running: HashMap<&'static str, Vec<GameId>> = HashMap::new();
    loop {
        for e in host.registry().iter() {
            let levels = &e.info().levels;
            if levels.len() < 2 {
                continue;
            }
            let ids = running.entry(e.name()).or_default();
            ids.retain(|id| host.table(*id).is_some());
            while ids.len() < per_game {
                let i = rand::random::<usize>() % (levels.len() - 1);
                let mut pair = vec![
                    Sitter::House {
                        spec: levels[i].spec.clone(),
                        rating: levels[i].rating,
                    },
                    Sitter::House {
                        spec: levels[i + 1].spec.clone(),
                        rating: levels[i + 1].rating,
                    },
                ];
                if rand::random::<bool>() {
                    pair.reverse();
                }
                let pace = Some(host.config().bot_delay_ms);
                match open_rated(host, e.name(), pair, pace).await {
                    Ok((id, _)) => ids.push(id),
                    Err(err) => {
                        tracing::warn!(game = e.name(), error = %err, "a house game could not open");
                        break;
                    }
                }
            }
        }
        tokio::select! {
            _ = stop.cancelled() => return,
            _ = tokio::time::sleep(Duration::from_secs(2)) => {}
        }
    }
}

/// Drops the tickets of people whose page stopped asking and of programs that left
/// (or spoke out of turn), and matches never fetched.
pub(crate) fn prune(host: &Host) {
    let idle = host.config().arena_ticket_idle;
    {
        let mut gone = Vec::new();
        let mut book = lock(&host.arena().book);
        let Book { queue, waiters } = &mut *book;
        waiters.retain(|id, w| {
            let keep = match w {
                Waiter::Person { seen, .. } => seen.elapsed() < idle,
                Waiter::Program { transport, .. } => {
                    matches!(
                        tessera_referee::Transport::pending(transport.as_mut()),
                        Ok(false)
                    )
                }
            };
            if !keep {
                gone.push(*id);
            }
            keep
        });
        for id in gone {
            queue.leave(id);
        }
    }
    let expiry = host.config().arena_matched_expiry;
    lock(&host.arena().matched).retain(|_, v| {
        v.retain(|m| m.at.is_some_and(|at| at.elapsed() < expiry));
        !v.is_empty()
    });
}

/// Opens a rated table with these seats (in this order) and starts it, under the rules
/// people get without choosing. Returns its id and every person's `(account, token)`.
pub(crate) async fn open_rated(
    host: &Host,
    game: &str,
    sitters: Vec<Sitter>,
    delay: Option<u64>,
) -> Result<(GameId, Vec<(u64, String)>), ArenaError> {
    let terms = Terms {
        rated: true,
        ..Terms::default()
    };
    open_seated(host, game, sitters, delay, &terms).await
}

/// What a table of accounts is played under, beyond who sits: its rules (a JSON object
/// of rule options over the game's defaults: the game people get without choosing),
/// whether it is rated, and a person's time for each move.
#[derive(Clone, Debug, Default)]
pub(crate) struct Terms {
    /// Rule options over the defaults (`null` or `{}`: none).
    pub(crate) options: serde_json::Value,
    /// Whether the game is rated (its seats' ratings change at its end).
    pub(crate) rated: bool,
    /// A person's time for each move.
    pub(crate) clock: Option<crate::table::clock::Clock>,
}

/// Opens a table with these seats (in this order) under `terms` and starts it. Returns
/// its id and every person's `(account, token)`.
pub(crate) async fn open_seated(
    host: &Host,
    game: &str,
    sitters: Vec<Sitter>,
    delay: Option<u64>,
    terms: &Terms,
) -> Result<(GameId, Vec<(u64, String)>), ArenaError> {
    let entry = host.registry().find(game).map_err(HostError::from)?.clone();
    let n = sitters.len();
    // the game people get without choosing (the New game form's defaults): Q with 3
    // copies of each tile, not the course's 30 of programs over TCP; a challenge's
    // options laid over them
    let mut options = entry.info().option_defaults();
    if let (Some(o), Some(over)) = (options.as_object_mut(), terms.options.as_object()) {
        for (k, v) in over {
            o.insert(k.clone(), v.clone());
        }
    }
    let rules = entry.rules(n, &options).map_err(HostError::from)?;
    let pool = Pool::for_players(n)
        .map_err(|e| ArenaError::Invalid(tessera_games::Msg::verbatim(e.to_string())))?;
    let mut seats = Vec::with_capacity(n);
    let mut rated = Vec::with_capacity(n);
    let mut programs = Vec::new();
    let mut tokens = Vec::new();
    let people = sitters.iter().any(|s| matches!(s, Sitter::Person { .. }));
    for (i, s) in sitters.into_iter().enumerate() {
        match s {
            Sitter::Person { account, name } => {
                let t = crate::vocab::secret::Secret::new();
                tokens.push((account, t.plain().unwrap_or_default().to_string()));
                seats.push(Seat {
                    name,
                    kind: SeatKind::Person(t),
                    account: Some(account),
                });
                rated.push(RatedSeat {
                    account: Some(account),
                    house: None,
                    anchor: None,
                });
            }
            Sitter::Program {
                account,
                name,
                transport,
                again,
            } => {
                let kept = again.map(|token| Kept {
                    account,
                    name: name.clone(),
                    game: game.to_string(),
                    players: n,
                    token,
                    back: std::sync::Arc::new(Mutex::new(None)),
                });
                seats.push(Seat {
                    name,
                    kind: SeatKind::Program(Some(crate::vocab::secret::Secret::new())),
                    account: Some(account),
                });
                programs.push((i, *transport, kept));
                rated.push(RatedSeat {
                    account: Some(account),
                    house: None,
                    anchor: None,
                });
            }
            Sitter::House { spec, rating } => {
                seats.push(Seat {
                    name: spec.clone(),
                    kind: SeatKind::Bot(spec.clone()),
                    account: None,
                });
                rated.push(RatedSeat {
                    account: None,
                    house: Some(spec),
                    anchor: Some(rating),
                });
            }
        }
    }
    let delay = delay.unwrap_or(if people {
        host.config().bot_delay_ms
    } else {
        0
    });
    let rated = terms.rated.then_some(Rated { pool, seats: rated });
    let id = crate::concerns::open::open_seated_table(
        host,
        entry,
        rules,
        seats,
        (delay, terms.clock),
        rated,
        programs,
    )
    .await?;
    tracing::info!(
        id = id.0,
        game,
        rated = terms.rated,
        "a game of accounts opens"
    );
    Ok((id, tokens))
}

pub(crate) fn tell_matched(host: &Host, account: u64, ticket: u64, game_id: GameId, token: String) {
    lock(&host.arena().matched)
        .entry(account)
        .or_default()
        .push(Matched {
            ticket,
            game_id,
            token,
            at: Some(Instant::now()),
        });
}
