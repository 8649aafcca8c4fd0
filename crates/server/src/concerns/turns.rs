//! Turn-based games (days per move, `crate::table::turns`): the accounts of a game asked for,
//! checked; the game opened for them, each account's seat answering only to its session
//! (made by `concerns::invitations` once every invited account accepted); the caps per
//! account, per address and in all; an account's inbox of games (every game waiting for
//! it, with its time left); a game taken up again (a restart, a takeover) with the turn,
//! deadline and deadlines let pass it had; the account's email address for reminders
//! (`concerns::reminders`).
//!
//! A seat's token is derived from the site's key (`HMAC-SHA256(key, game:seat)`, the key
//! made once and kept in the store, the same for every node): the inbox hands it to the
//! seat's account on any device, so the play page, its socket and a relay to another
//! node work as for any person's seat, while the store keeps only its hash, as always.
//! Whoever else gets hold of it cannot use it: the seat is the account's
//! (`kept::arena::may_act`).

use crate::concerns::expire::close_table;
use crate::concerns::open::{open_table, prepare, start_if_full, Created, Holders, TableRequest};
use crate::host::Host;
use crate::store::GameId;
use crate::store::{Account, AccountKind, Counted, StoreError, TurnGame};
use crate::table::turns::{TurnBased, DAYS};
use crate::table::{Seat, SeatKind, Table};
use crate::vocab::error::HostError;
use crate::vocab::secret::Secret;
use hmac::{Hmac, KeyInit, Mac};
use serde_json::{json, Value};
use std::sync::Arc;
use tessera_games::words;
use tessera_words::Words;

/// The name of the site's key of seats' tokens in the store.
const KEY: &str = "turn-seats";

/// The most games an inbox lists.
pub const INBOX_MAX: usize = 200;

pub(crate) fn store_error(e: StoreError) -> HostError {
    HostError::Store(e.to_string())
}

/// The site's key of seats' tokens: read from the store once (made there by the first
/// node that asked).
async fn key(host: &Host) -> Result<&[u8], HostError> {
    host.0
        .turn_key
        .get_or_try_init(|| async {
            let fresh = format!(
                "{:032x}{:032x}",
                rand::random::<u128>(),
                rand::random::<u128>()
            );
            host.0
                .store
                .turns()
                .site_key(KEY, fresh)
                .await
                .map(String::into_bytes)
                .map_err(store_error)
        })
        .await
        .map(Vec::as_slice)
}

/// The token of `seat` of the turn-based game `id` (128 bits in hex, as every seat's).
pub(crate) async fn seat_token(
    host: &Host,
    id: GameId,
    seat: tessera_core::Seat,
) -> Result<String, HostError> {
    let key = key(host).await?;
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(key)
        .map_err(|e| HostError::Store(format!("the site's key: {e}")))?;
    // the seat as its number: the tokens of games already made must not change
    mac.update(format!("turn-seat:{id}:{}", seat.index()).as_bytes());
    let bytes = mac.finalize().into_bytes();
    Ok(bytes[..16].iter().map(|b| format!("{b:02x}")).collect())
}

/// How a seat left for whoever has the invitation's link is named until it is taken.
pub(crate) const LINK_SEAT: &str = "(the link's player)";

/// The accounts of the seats of the turn-based game `me` asks for (`req.days` days per
/// move), each checked: its person seats are accounts (`me` where a seat names none, each
/// account once, each a person's that is not banned), its other seats bots; `me` sits at
/// it. Each person seat's name is set to its account's.
pub(crate) async fn accounts_of(
    host: &Host,
    req: &mut TableRequest,
    me: &Account,
) -> Result<Vec<Option<Account>>, HostError> {
    if host.0.stop.is_cancelled() {
        return Err(HostError::Closing);
    }
    let days = req.days.unwrap_or_default();
    if !DAYS.contains(&days) {
        return Err(HostError::Refused(words!("turns-days", days = days)));
    }
    if req.clock_s.is_some() || req.time_control.is_some() {
        return Err(HostError::Refused(words!("turns-no-clock")));
    }
    if me.kind != AccountKind::Person {
        return Err(HostError::Refused(words!("turns-people-only")));
    }
    let mut accounts: Vec<Option<Account>> = Vec::with_capacity(req.seats.len());
    for (i, s) in req.seats.iter_mut().enumerate() {
        let n = i + 1;
        if s.link {
            // a seat for whoever has the link: nobody named, a person's
            if s.account.is_some() || !matches!(s.kind.as_str(), "human" | "person") {
                return Err(HostError::Refused(words!("turns-link-seat", seat = n)));
            }
            accounts.push(None);
            continue;
        }
        let account = match (s.kind.as_str(), &s.account) {
            ("human" | "person", None) => me.clone(),
            ("human" | "person", Some(name)) => account_named(host, name, n).await?,
            ("program" | "open", _) => {
                return Err(HostError::Refused(words!("turns-no-programs", seat = n)))
            }
            (_, Some(_)) => {
                return Err(HostError::Refused(words!("turns-account-person", seat = n)))
            }
            _ => {
                accounts.push(None);
                continue;
            }
        };
        if accounts.iter().flatten().any(|a| a.id == account.id) {
            return Err(HostError::Refused(words!(
                "turns-seated-twice",
                seat = n,
                name = account.name.as_str()
            )));
        }
        s.name = Some(account.name.clone());
        accounts.push(Some(account));
    }
    if !accounts.iter().flatten().any(|a| a.id == me.id) {
        return Err(HostError::Refused(words!("turns-you-sit")));
    }
    // a seed of one's choice only for a game with no other account (a seat for whoever
    // has the link is another's)
    let other = accounts
        .iter()
        .enumerate()
        .find_map(|(i, a)| {
            a.as_ref()
                .filter(|a| a.id != me.id)
                .map(|a| (i, a.name.as_str()))
        })
        .or_else(|| {
            req.seats
                .iter()
                .position(|s| s.link)
                .map(|i| (i, LINK_SEAT))
        });
    crate::concerns::open::check_seed(req, other)?;
    Ok(accounts)
}

/// Opens the turn-based game `req` for `accounts` (by seat; `None`: a bot's seat), every
/// one of them seated; it has not started ([`start_if_full`] starts it).
pub(crate) async fn open_game(
    host: &Host,
    req: &TableRequest,
    mut accounts: Vec<Option<Account>>,
) -> Result<Arc<Table>, HostError> {
    let days = req.days.unwrap_or_default();
    let mut p = prepare(host, req)?;
    // a solo game's bot joins after the seats asked for
    accounts.resize(p.seats.len(), None);
    let per_move = host.0.config.turn_day.saturating_mul(days);
    p.pace.clock = Some(crate::table::clock::Clock::PerMove(per_move));
    let turns = TurnBased {
        days,
        per_move_ms: u64::try_from(per_move.as_millis()).unwrap_or(u64::MAX),
        accounts: accounts.iter().map(|a| a.as_ref().map(|a| a.id)).collect(),
    };
    let table = open_table(
        host,
        p.entry,
        p.rules,
        p.seats,
        p.seed,
        p.pace,
        Holders::TurnBased(turns),
    )
    .await?;
    if let Err(e) = seat_accounts(host, &table, &accounts, days).await {
        close_table(host, &table, words!("turns-not-seated", why = e.words())).await;
        return Err(e);
    }
    Ok(table)
}

/// The answer of a new turn-based game: the game and the token of `me`'s seat.
pub(crate) async fn created(host: &Host, table: &Table, me: u64) -> Result<Created, HostError> {
    let seat = table
        .turns
        .as_ref()
        .and_then(|t| t.accounts.iter().position(|a| *a == Some(me)))
        .and_then(|i| tessera_core::Seat::try_from(i).ok())
        .unwrap_or(tessera_core::Seat(0));
    Ok(Created {
        id: table.id,
        tokens: vec![(seat.index(), seat_token(host, table.id, seat).await?)],
        link: None,
    })
}

/// Starts a turn-based table made by [`open_game`].
pub(crate) fn start(host: &Host, table: &Arc<Table>) {
    start_if_full(host, table);
}

/// Refuses a new turn-based game (or invitation) when what `what` counts is at its cap:
/// `others` are being made meanwhile on this node (`kept::making`); `name` is the
/// account's counted. The caps: `Config::max_turn_games` in all ([`HostError::Busy`]),
/// `Config::max_turn_games_per_account`, `Config::max_turn_games_per_address`,
/// `Config::max_invitations_sent` and `Config::max_invitations_received`
/// ([`HostError::TooMany`]).
pub(crate) async fn check_cap(
    host: &Host,
    what: &Counted,
    name: &str,
    others: u64,
) -> Result<(), HostError> {
    let c = &host.0.config;
    let (most, metric) = match what {
        Counted::All => (c.max_turn_games, "turn_games"),
        Counted::Account(_) => (c.max_turn_games_per_account, "turn_games_per_account"),
        Counted::Address(_) => (c.max_turn_games_per_address, "turn_games_per_address"),
        Counted::Sent(_) => (c.max_invitations_sent, "invitations_sent"),
        Counted::Received(_) => (c.max_invitations_received, "invitations_received"),
    };
    let now = crate::store::now_ms();
    let n = host
        .0
        .store
        .invitations()
        .count(what.clone(), now)
        .await
        .map_err(store_error)?;
    if n + others < most as u64 {
        return Ok(());
    }
    crate::vocab::metrics::cap_hit(metric);
    let most = most as u64;
    Err(match what {
        Counted::All => HostError::Busy("busy-turn-games"),
        Counted::Account(_) => {
            HostError::TooMany(words!("turns-too-many", name = name, most = most))
        }
        Counted::Address(_) => HostError::TooMany(words!("turns-too-many-address", most = most)),
        Counted::Sent(_) => HostError::TooMany(words!("invitations-too-many-sent", most = most)),
        Counted::Received(_) => HostError::TooMany(words!(
            "invitations-too-many-received",
            name = name,
            most = most
        )),
    })
}

/// The person's account `name` of seat `n`, one that may be seated.
async fn account_named(host: &Host, name: &str, n: usize) -> Result<Account, HostError> {
    let no = || HostError::Refused(words!("turns-no-account", seat = n, name = name));
    let (account, _) = host
        .0
        .store
        .accounts()
        .account_by_name(name.trim())
        .await
        .map_err(store_error)?
        .ok_or_else(no)?;
    if account.kind != AccountKind::Person {
        return Err(no());
    }
    if host
        .0
        .store
        .admin()
        .ban_of(account.id)
        .await
        .map_err(store_error)?
        .is_some()
    {
        return Err(no());
    }
    Ok(account)
}

/// Gives each account's seat of a new turn-based `table` its token (derived, see the
/// module) and stores who sits where.
async fn seat_accounts(
    host: &Host,
    table: &Table,
    accounts: &[Option<Account>],
    days: u32,
) -> Result<(), HostError> {
    let id = table.id;
    let mut tokens = Vec::new();
    for (i, a) in accounts.iter().enumerate() {
        if let (Some(_), Ok(seat)) = (a, tessera_core::Seat::try_from(i)) {
            tokens.push((i, seat_token(host, id, seat).await?));
        }
    }
    let written = {
        let mut st = table.state();
        for (i, t) in &tokens {
            if let Some(s) = st.seats.get_mut(*i) {
                s.kind = SeatKind::Person(Secret::Plain(t.clone()));
            }
        }
        host.0.store.games().seats(
            id,
            st.seats.iter().map(Seat::record).collect(),
            st.seats.iter().map(Seat::secret_hash).collect(),
        )
    };
    written.await.map_err(store_error)?;
    let pairs = accounts
        .iter()
        .enumerate()
        .filter_map(|(i, a)| Some((i, a.as_ref()?.id)))
        .collect();
    host.0
        .store
        .turns()
        .seat_accounts(id, pairs, days)
        .await
        .map_err(store_error)
}

/// A turn-based table taken up again (a restart, a takeover): it goes on with the turn
/// and deadline stored for it (a turn not stored yet is stored as it starts), and with the
/// deadlines its seats let pass in a row.
pub(crate) async fn restore(host: &Host, table: &Table) {
    if table.turns.is_none() {
        return;
    }
    match host.0.store.turns().current(table.id).await {
        Ok(Some(t)) => table.set_turn(t),
        Ok(None) => {}
        Err(e) => tracing::warn!(id = table.id.0, error = %e, "could not read the game's turn"),
    }
    match host.0.store.turns().missed(table.id).await {
        Ok(missed) => table.missed().restore(missed),
        Err(e) => {
            tracing::warn!(id = table.id.0, error = %e, "could not read the deadlines let pass")
        }
    }
}

/// The inbox of `account`: its live turn-based games, those waiting for it first (the
/// nearest deadline first), each with its seat's token; `now` is the server's clock.
pub async fn inbox(host: &Host, account: u64) -> Result<Value, HostError> {
    let mut games: Vec<TurnGame> = host
        .0
        .store
        .turns()
        .of_account(account, INBOX_MAX)
        .await
        .map_err(store_error)?;
    games.sort_by_key(|g| (!g.waits_for_me(), g.turn.map_or(i64::MAX, |t| t.deadline)));
    let mut out = Vec::with_capacity(games.len());
    for g in games {
        let title = host
            .0
            .registry
            .get(&g.game)
            .map_or(g.game.clone(), |e| e.info().title.to_string());
        let to_move = g.turn.and_then(|t| g.players.get(t.seat).cloned());
        let seat = tessera_core::Seat::try_from(g.seat)
            .map_err(|_| HostError::Store(format!("game {}: no seat {}", g.id, g.seat)))?;
        out.push(json!({
            "id": g.id,
            "game": g.game,
            "title": title,
            "seat": g.seat,
            "players": g.players,
            "days": g.days,
            "your_turn": g.waits_for_me(),
            "to_move": to_move,
            "since": g.turn.map(|t| t.since),
            "deadline": g.turn.map(|t| t.deadline),
            "token": seat_token(host, g.id, seat).await?,
        }));
    }
    let waiting = out.iter().filter(|g| g["your_turn"] == true).count();
    Ok(json!({
        "now": crate::store::now_ms(),
        "waiting": waiting,
        "games": out,
    }))
}

/// The email address of `account` and what the server does with it.
pub async fn email(host: &Host, account: u64) -> Result<Value, HostError> {
    let email = host
        .0
        .store
        .turns()
        .email_of(account)
        .await
        .map_err(store_error)?;
    let c = &host.0.config;
    Ok(json!({
        "email": email,
        "sends": c.mail.is_some(),
        "after_s": c.turn_mail_after.as_secs(),
        "per_day": c.max_mails_per_day,
    }))
}

/// Sets (or, with `None` or a blank one, removes) the email address of `account`.
pub async fn set_email(host: &Host, account: u64, email: Option<&str>) -> Result<Value, HostError> {
    let email = match email.map(str::trim).filter(|e| !e.is_empty()) {
        None => None,
        Some(e) => Some(crate::vocab::mail::address(e).map_err(HostError::Refused)?),
    };
    host.0
        .store
        .turns()
        .set_email(account, email)
        .await
        .map_err(store_error)?;
    self::email(host, account).await
}
