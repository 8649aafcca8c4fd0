//! Rematches: the same game, rules, bots, pace and clock, the seats rotated, a fresh
//! seed; one per ended game, whoever of its people asks first.

use crate::host::Host;
use crate::kept::rematches::Rematch;
use crate::store::GameId;
use crate::store::StoredGame;
use crate::table::{Seat, SeatKind};
use crate::vocab::error::HostError;
use crate::vocab::secret::Secret;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;

/// A rematch of the ended game `id`, asked by the person of `token` there: the same
/// game, rules, bots, pace and clock, the seats rotated (the second player opens, the
/// first plays last; a solo game keeps its seats), a fresh seed. One rematch per game: whoever of its people asks
/// first creates it, the others get their seats at it.
///
/// The new table counts against the tables of the address `from` that asked first.
pub async fn rematch(
    host: &Host,
    id: GameId,
    token: &str,
    from: std::net::IpAddr,
) -> Result<Rematched, HostError> {
    if host.0.stop.is_cancelled() {
        return Err(HostError::Closing);
    }
    let stored = host.stored(id).await?;
    if matches!(
        stored.summary.status.as_str(),
        "waiting" | "running" | "paused"
    ) {
        return Err(HostError::NotOver);
    }
    let (secrets, events) = host
        .0
        .store
        .games()
        .secrets_and_events(id)
        .await
        .map_err(|e| HostError::Store(e.to_string()))?
        .ok_or(HostError::NoGame(id))?;
    let seats = &stored.summary.seats;
    let asker = (0..seats.len())
        .find(|&i| {
            seats[i].kind == "person"
                && secrets
                    .get(i)
                    .and_then(|h| h.clone())
                    .is_some_and(|h| Secret::Hashed(h).matches(token))
        })
        .ok_or(HostError::UnknownToken)?;
    // a turn-based game's seats are accounts': its rematch is a new game made by one of
    // them (New game), not tokens handed out here
    if events
        .iter()
        .any(|(_, kind, data)| kind == "settings" && !data["turns"].is_null())
    {
        return Err(HostError::Request(
            "a turn-based game has no rematch here: make a new one (New game, days per move)"
                .into(),
        ));
    }
    let cell = host.0.rematches.cell(id, host.0.config.open_table_expiry);
    let r = cell
        .get_or_try_init(|| new_rematch(host, &stored, events, from))
        .await?;
    let (seat, token) = r
        .tokens
        .get(&asker)
        .cloned()
        .ok_or(HostError::UnknownToken)?;
    Ok(Rematched {
        id: r.id,
        seat,
        token,
    })
}

/// Opens the rematch of the ended game `stored` (with its `events`).
pub(crate) async fn new_rematch(
    host: &Host,
    stored: &StoredGame,
    events: Vec<(usize, String, Value)>,
    from: std::net::IpAddr,
) -> Result<Rematch, HostError> {
    let seats = &stored.summary.seats;
    let entry = host.0.registry.find(&stored.summary.game)?.clone();
    let n = seats.len();
    // the new seat j is the old seat j + 1 (the old seat i is the new (i + n - 1) % n);
    // a solo game keeps its seats (its bot plays in the last)
    let solo = entry.info().solo.as_ref().is_some_and(|s| {
        stored
            .rules
            .get(s.option)
            .is_some_and(|v| !v.is_null() && v != "")
    });
    let shift = usize::from(!solo);
    let rotated: Vec<Seat> = (0..n)
        .map(|j| {
            let old = &seats[(j + shift) % n];
            match (old.kind.as_str(), &old.spec) {
                // a person's account stays with their seat (its name is the account's)
                ("person", _) => Seat {
                    name: old.name.clone(),
                    kind: SeatKind::Person(Secret::new()),
                    account: old.account,
                },
                ("bot", Some(spec)) => Seat {
                    name: old.name.clone(),
                    kind: SeatKind::Bot(spec.clone()),
                    account: None,
                },
                _ => Seat {
                    name: String::new(),
                    kind: SeatKind::Open,
                    account: None,
                },
            }
        })
        .collect();
    let settings = events
        .iter()
        .find(|(_, kind, _)| kind == "settings")
        .map(|(_, _, data)| data.clone())
        .unwrap_or(Value::Null);
    let delay = settings["delay_ms"]
        .as_u64()
        .unwrap_or(host.0.config.bot_delay_ms)
        .min(host.0.config.max_bot_delay_ms);
    let clock = crate::table::clock::Clock::of_settings(&settings);
    let created = crate::concerns::open::open_web_table(
        host,
        entry,
        stored.rules.clone(),
        rotated,
        None,
        crate::concerns::open::Pace {
            delay,
            clock,
            stored: true,
        },
        from,
    )
    .await?;
    let tokens: HashMap<usize, (usize, String)> = created
        .tokens
        .iter()
        .map(|(new, t)| ((new + shift) % n, (*new, t.clone())))
        .collect();
    Ok(Rematch {
        id: created.id,
        tokens,
    })
}

/// A person's seat at a rematch: the new table and the person's seat and token there.
#[derive(Debug, Clone, Serialize)]
pub struct Rematched {
    /// The new table's (and game's) id.
    pub id: GameId,
    /// The person's seat there.
    pub seat: usize,
    /// The person's token there.
    pub token: String,
}
