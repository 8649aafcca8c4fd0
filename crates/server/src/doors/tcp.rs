//! The TCP door: programs connect, sign up (Tessera's protocol or the Q course's), take
//! an open seat, come back after a restart, wait in a game's lobby, or queue for rated
//! games; the lobby starts games of the programs that wait.

use crate::concerns::expire::expire_tables;
use crate::concerns::open::{seat_program, start_if_full, Pace};
use crate::host::{lock, Host};
use crate::kept::accounts::secret_hash;
use crate::kept::lobby::{distinct, Queue, Waiting, LOBBY_LOOK};
use crate::kept::resumes::Refused;
use crate::table::{Phase, Seat, SeatKind};
use crate::tcp::Caps;
use crate::tcp::{Dialect, TcpTransport};
use crate::vocab::config::{human, later};
use crate::vocab::secret::Secret;
use crate::vocab::signup::{self, refuse, Hello, SignUp};
use serde_json::{json, Value};
use std::time::Duration;
use tessera_referee::Transport;
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Instant;

/// Serves programs on `listener` until the host shuts down (and, meanwhile, forms
/// the lobby's tables and closes the tables that waited too long for programs). At
/// most `Config::max_connections` connections at once, `Config::max_connections_per_address`
/// from one address: over a cap a new connection is closed at once.
pub async fn serve_tcp(host: &Host, listener: TcpListener) {
    if let Ok(a) = listener.local_addr() {
        let _ = host.0.tcp_port.set(a.port());
    }
    let caps = Caps::new(
        host.0.config.max_connections,
        host.0.config.max_connections_per_address,
    );
    crate::vocab::metrics::tcp_door(&caps);
    let lobby = {
        let task_host = host.clone();
        host.0.tasks.spawn(async move { lobby(&task_host).await })
    };
    let expiry = {
        let task_host = host.clone();
        host.0
            .tasks
            .spawn(async move { expire_tables(&task_host).await })
    };
    let operator = {
        let task_host = host.clone();
        host.0
            .tasks
            .spawn(async move { crate::concerns::admin::watch(&task_host).await })
    };
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = host.0.stop.cancelled() => break,
        };
        let (stream, peer) = match accepted {
            Ok(x) => x,
            Err(e) => {
                // too many open files, say: wait a little, go on
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let slot = match caps.admit(peer.ip()) {
            Ok(slot) => slot,
            Err(e) => {
                crate::vocab::metrics::cap_hit(match e {
                    crate::tcp::Crowded::Total => "tcp_connections",
                    crate::tcp::Crowded::Address => "tcp_connections_per_address",
                });
                tracing::warn!(%peer, "connection refused: {e}");
                drop(stream);
                continue;
            }
        };
        let t = TcpTransport::new(
            stream,
            host.0.config.max_message,
            Dialect::Tessera,
            Some(slot),
        );
        let task_host = host.clone();
        // the connection's lines in the log carry its id
        let span = tracing::info_span!("tcp", conn = %crate::vocab::metrics::next_id(), %peer);
        host.0.tasks.spawn(tracing::Instrument::instrument(
            async move { handshake(&task_host, t).await },
            span,
        ));
    }
    // no connection is taken from now on: a program coming back tries again (and
    // finds the next host) instead of waiting in the backlog of this one
    drop(listener);
    let _ = lobby.await;
    let _ = expiry.await;
    let _ = operator.await;
}

/// Handles one TCP connection: its first message (a sign-up or a list request). The
/// sign-up deadline is absolute: list requests answered before it do not move it (a
/// connection that only lists is closed at the deadline like a silent one).
pub(crate) async fn handshake(host: &Host, mut t: TcpTransport) {
    let deadline = later(Instant::now(), host.0.config.signup_timeout);
    loop {
        let first = tokio::select! {
            r = tokio::time::timeout_at(deadline, t.read()) => r,
            _ = host.0.stop.cancelled() => return,
        };
        let raw = match &first {
            Ok(Ok(text)) if host.0.store.shared() => Some(text.clone()),
            _ => None,
        };
        let hello = match first {
            Ok(Ok(text)) => serde_json::from_str::<Value>(&text)
                .map_err(|e| e.to_string())
                .and_then(|v| {
                    // a bare name is the Q course's: refused or not, it hears nothing
                    // but its calls
                    if v.is_string() {
                        t.set_dialect(Dialect::QCourse);
                    }
                    let hello = signup::parse(&v)?;
                    t.set_moves(signup::asks_moves(&v)?);
                    Ok((hello, v.is_string()))
                }),
            Ok(Err(e)) => Err(e.to_string()),
            Err(_) => Err("no sign-up in time".to_string()),
        };
        match hello {
            Ok((Hello::List(game), _)) => {
                let tables = host.open_tables(game.as_deref());
                if t.write(&json!({ "tables": tables }).to_string())
                    .await
                    .is_err()
                {
                    return;
                }
            }
            Ok((Hello::Resume(token), _)) => {
                if let Err(refused) = host.0.resumes.take_back(&token, t) {
                    let (why, mut t) = *refused;
                    // a seat of a game another node runs: this node relays to it
                    match host.0.store.nodes().seat_owner(&secret_hash(&token)).await {
                        Ok(Some(owner)) if owner.tcp.is_some() => {
                            let hello = json!({ "resume": token }).to_string();
                            relay_program(host, owner, hello, t).await;
                        }
                        _ => refuse(&mut t, &why).await,
                    }
                }
                return;
            }
            Ok((Hello::SignUp(mut s), _)) => {
                // a bot account's sign-up (its name is the account's), or a name no
                // account holds
                let mut holder = None;
                match account_of_signup(host, &s).await {
                    Err(why) => {
                        tracing::info!(peer = ?t.peer(), reason = %why, "sign-up refused");
                        refuse(&mut t, &why).await;
                        return;
                    }
                    Ok(Some(account)) => {
                        if let Some(ch) = s.challenge.take() {
                            use crate::concerns::arena::challenges as c;
                            match ch {
                                signup::ChallengeAsk::Make {
                                    to,
                                    options,
                                    clock_s,
                                    time_control,
                                } => {
                                    let ask = c::Ask {
                                        to,
                                        game: s.game.unwrap_or_default(),
                                        players: s.players.unwrap_or(2),
                                        rated: s.rated,
                                        options,
                                        clock_s,
                                        time_control,
                                    };
                                    c::challenge_by_program(host, account, ask, t).await
                                }
                                signup::ChallengeAsk::Accept(id) => {
                                    c::accept_by_program(host, id, account, t).await
                                }
                            }
                            return;
                        }
                        if s.rated {
                            let game = s.game.clone().unwrap_or_default();
                            let players = s.players.unwrap_or(2);
                            let again = s.again.then(|| s.token.clone()).flatten();
                            crate::concerns::arena::queue_program(
                                host,
                                account.id,
                                &account.name,
                                &game,
                                players,
                                t,
                                again,
                            )
                            .await;
                            return;
                        }
                        s.name = account.name;
                        holder = Some(account.id);
                    }
                    Ok(None) => {}
                }
                // a table another node holds: this node relays the program to it
                if let (Some(id), Some(hello)) = (s.table, raw) {
                    if host.table(id).is_none() {
                        if let Ok(Some(owner)) = host.0.store.nodes().game_owner(id).await {
                            if owner.tcp.is_some() {
                                relay_program(host, owner, hello, t).await;
                                return;
                            }
                        }
                    }
                }
                if let Err(refused) = sign_up(host, s, holder, t) {
                    let (why, mut t) = *refused;
                    refuse(&mut t, &why).await;
                }
                return;
            }
            Err(why) => {
                tracing::info!(peer = ?t.peer(), reason = %why, "sign-up refused");
                refuse(&mut t, &why).await;
                return;
            }
        }
    }
}

/// The bot account of a sign-up with an API token (`Ok(None)` without one); a
/// refusal in words for an unknown or revoked token, a name that is not the token's
/// account, or a tokenless sign-up under an account's name or one that looks like it
/// (`tessera_core::names::look_keys`: `a1ice` for `alice`).
pub(crate) async fn account_of_signup(
    host: &Host,
    s: &SignUp,
) -> Result<Option<crate::store::Account>, String> {
    let Some(token) = &s.token else {
        return match host.0.store.accounts().account_by_look(&s.name).await {
            Ok(Some(a)) if a.name.eq_ignore_ascii_case(&s.name) => Err(format!(
                "the name {:?} belongs to an account: sign up with its API token ({{\"token\": ...}}, docs/protocol.md)",
                a.name
            )),
            Ok(Some(a)) => Err(format!(
                "the name {:?} looks like the account {}'s: choose another, or sign up as {} with its API token ({{\"token\": ...}}, docs/protocol.md)",
                s.name, a.name, a.name
            )),
            _ => Ok(None),
        };
    };
    match host.accounts().token_account(token).await {
        Ok(Some(a)) if a.kind == crate::store::AccountKind::Bot => {
            if !s.name.is_empty() && !s.name.eq_ignore_ascii_case(&a.name) {
                return Err(format!(
                    "this token is the account {:?}'s, not {:?}'s",
                    a.name, s.name
                ));
            }
            Ok(Some(a))
        }
        Ok(Some(_)) => Err("only bot accounts sign up with a token".into()),
        Ok(None) => Err("unknown or revoked API token".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// A program that came back (`{"resume": TOKEN}`) to this node for a game another
/// node runs, or signed up for a table another node holds: its first message `hello`
/// and every message after it are passed on to that node, and its answers back, until
/// either side closes.
pub(crate) async fn relay_program(
    host: &Host,
    owner: crate::store::SeatOwner,
    hello: String,
    mut t: TcpTransport,
) {
    let Some(addr) = owner.tcp.as_deref() else {
        return;
    };
    let stream = match TcpStream::connect(addr).await {
        Ok(s) => s,
        Err(e) => {
            refuse(
                &mut t,
                &format!("the node that runs the game cannot be reached: {e}"),
            )
            .await;
            return;
        }
    };
    tracing::info!(game = owner.game.0, node = %owner.node, "a program's seat is relayed to the node that runs its game");
    let mut there = TcpTransport::new(stream, host.0.config.max_message, Dialect::Tessera, None);
    if there.write(&hello).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            m = t.read() => match m {
                Ok(text) => if there.write(&text).await.is_err() { break },
                Err(_) => break,
            },
            m = there.read() => match m {
                Ok(text) => if t.write(&text).await.is_err() { break },
                Err(_) => break,
            },
            _ = host.0.stop.cancelled() => break,
        }
    }
    there.shutdown().await;
    t.shutdown().await;
}

/// Seats a program that signed up (with the bot account `account`'s API token, if any):
/// at its table, at an open table of its game, or in its game's lobby.
pub(crate) fn sign_up(
    host: &Host,
    s: SignUp,
    account: Option<u64>,
    mut t: TcpTransport,
) -> Result<(), Refused> {
    if s.q_course {
        t.set_dialect(Dialect::QCourse);
    }
    if let Some(id) = s.table {
        let Some(table) = host.table(id) else {
            return Err(Box::new((
                format!("no table {id} is waiting for players"),
                t,
            )));
        };
        if let Some(g) = &s.game {
            if g != table.entry.name() {
                return Err(Box::new((
                    format!("table {id} is a game of {}, not {g}", table.entry.name()),
                    t,
                )));
            }
        }
        tracing::info!(name = %s.name, table = id.0, "signed up for a table");
        return seat_program(host, &table, (&s.name, account), t);
    }
    let game = match (&s.game, s.q_course) {
        (Some(g), _) => g.clone(),
        (None, true) => match host.0.registry.iter().find(|e| e.info().bare_signup) {
            Some(e) => e.name().to_string(),
            None => return Err(Box::new(("no game takes bare-name sign-ups".into(), t))),
        },
        (None, false) => String::new(),
    };
    let entry = match host.0.registry.find(&game) {
        Ok(e) => e.clone(),
        Err(e) => return Err(Box::new((e.to_string(), t))),
    };
    // an open table of the game comes first
    for table in host.tables() {
        if table.entry.name() == entry.name() && table.state().phase == Phase::Waiting {
            match seat_program(host, &table, (&s.name, account), t) {
                Ok(()) => return Ok(()),
                Err(refused) => t = refused.1,
            }
        }
    }
    let mut lobby = lock(&host.0.lobby);
    // programs that left (or spoke out of turn) while waiting leave the queue (those
    // of other games leave theirs when the lobby looks at them: at every sign-up, and
    // every second)
    if let Some(q) = lobby.get_mut(entry.name()) {
        q.waiting
            .retain_mut(|w| matches!(w.transport.pending(), Ok(false)));
    }
    let waiting = lobby.values().flat_map(|q| &q.waiting);
    let (all, same) = waiting.fold((0, 0), |(all, same), w| {
        (all + 1, same + usize::from(w.name == s.name))
    });
    let config = &host.0.config;
    if same >= config.max_waiting_per_name {
        drop(lobby);
        crate::vocab::metrics::cap_hit("lobby_per_name");
        let why = format!(
            "too many programs wait under the name {:?} (at most {})",
            s.name, config.max_waiting_per_name
        );
        return Err(Box::new((why, t)));
    }
    if all >= config.max_waiting {
        drop(lobby);
        crate::vocab::metrics::cap_hit("lobby");
        let why = format!("the lobby is full ({} programs wait)", config.max_waiting);
        return Err(Box::new((why, t)));
    }
    tracing::info!(name = %s.name, game = %entry.name(), "signed up");
    let now = Instant::now();
    let q = lobby.entry(entry.name()).or_insert_with(|| Queue {
        since: now,
        waiting: Vec::new(),
    });
    if q.waiting.is_empty() {
        q.since = now;
    }
    q.waiting.push(Waiting {
        name: s.name,
        account,
        transport: t,
        since: now,
    });
    drop(lobby);
    host.0.lobby_changed.notify_one();
    Ok(())
}

/// Forms the lobby's tables: as soon as enough programs wait, or when the first has
/// waited long enough and at least 2 wait (distinct names at a table). A program
/// that waited `Config::lobby_expiry` for a table is told so and disconnected.
pub(crate) async fn lobby(host: &Host) {
    let expiry = host.0.config.lobby_expiry;
    loop {
        let mut next: Option<Instant> = None;
        let mut ready: Vec<(&'static str, Vec<Waiting>)> = Vec::new();
        let mut expired: Vec<Waiting> = Vec::new();
        {
            let mut lobby = lock(&host.0.lobby);
            let now = Instant::now();
            for (game, q) in lobby.iter_mut() {
                let Some(entry) = host.0.registry.get(game) else {
                    continue;
                };
                let (lo, hi) = entry.info().seats;
                let want = host.0.config.players_per_game.clamp(lo.max(2), hi.max(2));
                q.waiting
                    .retain_mut(|w| matches!(w.transport.pending(), Ok(false)));
                let (gone, kept) = std::mem::take(&mut q.waiting)
                    .into_iter()
                    .partition(|w| later(w.since, expiry) <= now);
                q.waiting = kept;
                expired.extend::<Vec<Waiting>>(gone);
                loop {
                    let full = distinct(&q.waiting, want).len() >= want;
                    let due = later(q.since, host.0.config.wait) <= now && !q.waiting.is_empty();
                    if !full && !due {
                        break;
                    }
                    let picked = distinct(&q.waiting, if full { want } else { hi });
                    if picked.len() < lo.max(2) {
                        // alone (or a name already seated): wait anew
                        q.since = now;
                        break;
                    }
                    let mut taken = Vec::new();
                    for (k, i) in picked.into_iter().enumerate() {
                        taken.push(q.waiting.remove(i - k));
                    }
                    ready.push((game, taken));
                    q.since = now;
                }
                if !q.waiting.is_empty() {
                    let t = later(q.since, host.0.config.wait);
                    next = Some(next.map_or(t, |n| n.min(t)));
                }
                if let Some(first) = q.waiting.iter().map(|w| w.since).min() {
                    // and a look every second: a program that left gives back its
                    // connection slot soon
                    let t = later(first, expiry).min(now + LOBBY_LOOK);
                    next = Some(next.map_or(t, |n| n.min(t)));
                }
            }
        }
        if !expired.is_empty() {
            let why = format!("no table formed within {}", human(expiry));
            tracing::info!(programs = expired.len(), "{why}: disconnected");
            for mut w in expired {
                let why = why.clone();
                host.0.tasks.spawn(async move {
                    let _ = tokio::time::timeout(
                        Duration::from_secs(5),
                        refuse(&mut w.transport, &why),
                    )
                    .await;
                });
            }
        }
        for (game, players) in ready {
            lobby_table(host, game, players).await;
        }
        let wake = async {
            match next {
                Some(t) => tokio::time::sleep_until(t).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = host.0.lobby_changed.notified() => {}
            _ = wake => {}
            _ = host.0.stop.cancelled() => return,
        }
    }
}

pub(crate) async fn lobby_table(host: &Host, game: &'static str, players: Vec<Waiting>) {
    let Some(entry) = host.0.registry.get(game).cloned() else {
        return;
    };
    let n = players.len();
    let rules = match entry.rules(n, &Value::Null) {
        Ok(r) => r,
        Err(e) => {
            tracing::error!(game, error = %e, "no rules for a lobby table");
            return;
        }
    };
    let seats = players
        .iter()
        .map(|w| Seat {
            name: w.name.clone(),
            account: w.account,
            // Tessera's programs get a token to come back with after a restart
            kind: SeatKind::Program((w.transport.dialect() == Dialect::Tessera).then(Secret::new)),
        })
        .collect();
    match crate::concerns::open::open_table(
        host,
        entry,
        rules,
        seats,
        None,
        Pace {
            delay: 0,
            clock: None,
            stored: false,
        },
        crate::concerns::open::Holders::Tokens,
    )
    .await
    {
        Ok(table) => {
            {
                let mut slot = lock(&host.0.programs);
                for (i, w) in players.into_iter().enumerate() {
                    slot.insert((table.id, i), w.transport);
                }
            }
            start_if_full(host, &table);
        }
        Err(e) => tracing::error!(game, error = %e, "could not open a lobby table"),
    }
}
