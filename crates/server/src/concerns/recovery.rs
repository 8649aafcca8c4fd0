//! Games taken up again: at start, the games a stopped or killed host left unfinished;
//! on PostgreSQL, also the games of nodes that fell silent (the lease). Each goes on from
//! its stored moves.

use crate::concerns::play::play;
use crate::host::{lock, Host};
use crate::kept::resumes::{ResumeSlot, Resumed};
use crate::store::now_ms;
use crate::table::{Phase, Seat, SeatKind, Table};
use crate::vocab::config::later;
use crate::vocab::error::HostError;
use crate::vocab::secret::Secret;
use serde_json::{json, Value};
use std::sync::Arc;
use tessera_referee::Ejected;
use tokio::time::Instant;

/// Puts the games an earlier process left unfinished back on their tables: waiting
/// tables wait again (a program seated before the restart must sign up again), games
/// in progress go on from their move log: bots move on, people reload their page,
/// programs of Tessera's protocol come back with their resume token within the grace
/// period (`Config::resume_grace`), else they are ejected by the usual rule. Returns
/// how many tables it put back.
pub async fn resume_unfinished(host: &Host) -> Result<usize, HostError> {
    let left = host
        .0
        .store
        .nodes()
        .claim(usize::MAX)
        .await
        .map_err(|e| HostError::Store(e.to_string()))?;
    Ok(resume(host, left).await)
}

/// Keeps this node in its site (a shared store): renews its lease every third of
/// `Config::lease`, saying where it serves (`http`, `tcp`), and takes over the games
/// of nodes whose lease ran out (a few at a time). Returns when the host stops.
pub async fn keep_lease(host: &Host, http: Option<String>, tcp: Option<String>) {
    if !host.0.store.shared() {
        return;
    }
    let every = host.0.config.lease / 3;
    loop {
        match host
            .0
            .store
            .nodes()
            .heartbeat(http.as_deref(), tcp.as_deref())
            .await
        {
            Ok(()) => host.0.health.lease_renewed(),
            Err(e) => tracing::warn!(error = %e, "the lease could not be renewed"),
        }
        match host.0.store.nodes().claim(64).await {
            Ok(taken) if !taken.is_empty() => {
                let n = resume(host, taken).await;
                tracing::info!(games = n, "games of a silent node go on here");
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "could not look for games to take over"),
        }
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = host.0.stop.cancelled() => return,
        }
    }
}

/// Puts `left` (games an earlier process or another node left unfinished) on tables
/// and goes on with them; returns how many.
pub(crate) async fn resume(host: &Host, left: Vec<crate::store::Unfinished>) -> usize {
    let until = later(Instant::now(), host.0.config.resume_grace);
    let mut n = 0;
    for u in left {
        let g = &u.game;
        let id = g.summary.id;
        let Some(entry) = host.0.registry.get(&g.summary.game).cloned() else {
            tracing::warn!(id = id.0, game = %g.summary.game, "a game this server does not know: aborted");
            let _ = host
                .0
                .store
                .games()
                .end(
                    id,
                    "aborted",
                    json!({"error": "a game this server does not know"}),
                    now_ms(),
                )
                .await;
            continue;
        };
        let waiting = g.summary.status == crate::store::GameStatus::Waiting;
        let seats: Vec<Seat> = g
            .summary
            .seats
            .iter()
            .enumerate()
            .map(|(i, rec)| {
                let secret = u.secrets.get(i).cloned().flatten();
                let kind = match (rec.kind.as_str(), waiting) {
                    ("bot", _) => SeatKind::Bot(
                        host.0
                            .config
                            .clamp_bot(rec.spec.as_deref().unwrap_or_default()),
                    ),
                    ("person", _) => {
                        SeatKind::Person(secret.map_or_else(Secret::new, Secret::Hashed))
                    }
                    ("program", false) => SeatKind::Program(secret.map(Secret::Hashed)),
                    // a seat for the link's person, still waiting (its code's hash kept)
                    ("invited", true) => match secret {
                        Some(h) => SeatKind::Invited(Secret::Hashed(h)),
                        None => SeatKind::Open,
                    },
                    _ => SeatKind::Open,
                };
                Seat {
                    name: if kind.waits() {
                        String::new()
                    } else {
                        rec.name.clone()
                    },
                    account: if kind.waits() { None } else { rec.account },
                    kind,
                }
            })
            .collect();
        let settings = u
            .events
            .iter()
            .find(|(_, kind, _)| kind == "settings")
            .map(|(_, _, data)| data.clone())
            .unwrap_or(Value::Null);
        let delay = match settings["delay_ms"].as_u64() {
            Some(d) => d.min(host.0.config.max_bot_delay_ms),
            None if seats.iter().any(|s| matches!(s.kind, SeatKind::Person(_))) => {
                host.0.config.bot_delay_ms
            }
            None => 0,
        };
        // the deal committed to when the game was made; a table still waiting without one
        // (made by a version before commitments, or stopped between its row and its
        // deal) deals nothing yet: it gets a deal of the server's now
        let mut commitment = g.salt.clone().zip(g.summary.commitment.clone());
        let mut seed = g.seed;
        let mut seed_chosen = g.summary.seed_chosen;
        if waiting && commitment.is_none() {
            seed = crate::concerns::open::seed_for(host, id, None);
            let c = tessera_games::deal::Commitment::new(seed, rand::random());
            seed_chosen = false;
            let deal = crate::store::Deal {
                seed,
                salt: c.salt.clone(),
                commitment: c.hash.clone(),
                chosen: false,
            };
            if let Err(e) = host.0.store.games().deal(id, deal).await {
                tracing::warn!(id = id.0, error = %e, "could not store a waiting table's deal");
                continue;
            }
            commitment = Some((c.salt, c.hash));
        }
        let mut table = Table::new(
            id,
            entry,
            g.rules.clone(),
            seed,
            seats.clone(),
            delay,
            host.0.stop.child_token(),
        );
        table.commitment =
            commitment.map(|(salt, hash)| tessera_games::deal::Commitment { salt, hash });
        table.seed_chosen = seed_chosen;
        // a game clock's times left as of the last move stored
        let left = u
            .events
            .iter()
            .rev()
            .find(|(_, kind, _)| kind == "clock")
            .map(|(_, _, data)| data);
        table.set_clock(crate::table::clock::Clock::of_settings(&settings), left);
        table.rated = serde_json::from_value(settings["rated"].clone()).ok();
        table.turns = serde_json::from_value(settings["turns"].clone()).ok();
        table.stored_events = u.events.len();
        // a turn-based game goes on with the turn and deadline it had
        crate::concerns::turns::restore(host, &table).await;
        let table = Arc::new(table);
        lock(&host.0.tables).insert(id, table.clone());
        // a table of the HTTP API (any seat not a program's) takes a slot of
        // `max_web_tables` if one is free: a game in progress goes on either way (a
        // turn-based one has caps of its own)
        if table.turns.is_none()
            && seats
                .iter()
                .any(|s| !matches!(s.kind, SeatKind::Program(_)))
        {
            if let Ok(slot) = host.0.web_tables.admit_any() {
                lock(&host.0.web_slots).insert(id, slot);
            }
        }
        n += 1;
        if waiting {
            let secrets: Vec<Option<String>> = seats.iter().map(Seat::secret_hash).collect();
            let _ = host
                .0
                .store
                .games()
                .seats(id, seats.iter().map(Seat::record).collect(), secrets)
                .await;
            tracing::info!(id = id.0, "a table waits again for players");
            host.0.tables_opened.notify_one();
            continue;
        }
        {
            let mut st = table.state();
            st.phase = Phase::Running;
            st.moves = g.moves.clone();
            st.followed = false;
        }
        for (i, s) in seats.iter().enumerate() {
            if let (SeatKind::Program(Some(t)), Ok(seat)) =
                (&s.kind, tessera_core::Seat::try_from(i))
            {
                host.0
                    .resumes
                    .insert(t.hash(), ResumeSlot::new(id, seat, until));
            }
        }
        let ejected: Vec<Ejected> = u
            .events
            .iter()
            .filter(|(_, kind, _)| kind == "ejected")
            .filter_map(|(_, _, data)| serde_json::from_value(data.clone()).ok())
            .collect();
        {
            let mut st = table.state();
            st.ejected = ejected.clone();
        }
        let resumed = Resumed {
            moves: g.moves.clone(),
            ejected,
            events: u.events.len(),
        };
        tracing::info!(id = id.0, moves = g.moves.len(), "a game goes on");
        let task_host = host.clone();
        host.0
            .tasks
            .spawn(async move { play(&task_host, table, Some(resumed)).await });
    }
    n
}
