//! Invitations: a game waiting for the consent of its invited seats. A turn-based game
//! that names other accounts is not made when it is asked for: it waits, as an invitation
//! in the store (`tessera_store::Invitations`), until each account named accepts it from
//! its inbox; the last acceptance makes the game (`concerns::turns::open_game`) and starts it.
//! Until then nobody invited is seated, gets a turn, an email or a place of their cap; an
//! invitation declined, withdrawn by its maker, or unanswered past
//! `Config::invitation_expiry` ends with no game made.
//!
//! A game that names nobody but its maker is made at once, and stored as an invitation
//! started at once: its maker's address is kept with it, so that every turn-based game
//! counts against the caps of its maker's address (`Config::max_turn_games_per_address`)
//! as well as those of its accounts and of the site. Invitations that wait count against
//! their maker's caps (the account's, the address's, the site's, and
//! `Config::max_invitations_sent`) and their invited accounts' `max_invitations_received`;
//! an accepted one counts against the accepting account's cap too.
//!
//! Every node reads the same rows, and the expiry is a time compared in the statements,
//! so an invitation outlives restarts and nodes; the start is claimed in the store
//! ([`tessera_store::Invitations::start`]): two nodes that each saw the last acceptance
//! make one game, the other's table is closed before it starts.

use crate::concerns::expire::close_table;
use crate::concerns::open::{Created, TableRequest};
use crate::concerns::turns::{accounts_of, check_cap, created, open_game, start, store_error};
use crate::host::Host;
use crate::store::{now_ms, Account, Counted, Invitation, InvitationState, NewInvitation};
use crate::vocab::error::HostError;
use serde::Serialize;
use serde_json::{json, Value};
use std::net::IpAddr;
use tessera_games::words;
use tessera_words::Words;

/// The most invitations an inbox lists.
pub const INBOX_MAX: usize = 100;

/// How long an invitation that ended without a game (declined, expired) stays in its
/// maker's inbox, in ms.
const SHOWN_ENDED_MS: i64 = 24 * 3600 * 1000;

/// How long the rows of an invitation that ended without a game are kept, in ms.
const KEPT_MS: i64 = 7 * 24 * 3600 * 1000;

/// When the rows of ended invitations are to be forgotten with a new one (at most once a
/// minute on a node): those that ended before this.
fn forget_before(host: &Host, now: i64) -> Option<i64> {
    host.0
        .turn_making
        .forget_now(now)
        .then(|| now.saturating_sub(KEPT_MS))
}

/// What asking for a turn-based game answers.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Asked {
    /// The game, made and started (it names nobody but its maker, or every invited
    /// account has accepted): its id and the asker's token.
    Started(Created),
    /// The invitation, waiting for answers.
    Invited(Invited),
}

/// An invitation waiting for answers, as its maker is told.
#[derive(Debug, Clone, Serialize)]
pub struct Invited {
    /// Its id.
    pub invitation: u64,
    /// When it expires unanswered (ms since the epoch).
    pub expires: i64,
    /// The accounts whose answers it waits for.
    pub waiting_for: Vec<String>,
    /// Where it has seats left for whoever has its link: the link (`#/invite/ID/CODE`,
    /// the web client's route), for its maker to pass on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

/// The web client's route to invitation `id` with its link's `code`.
fn link_of(id: u64, code: &str) -> String {
    format!("#/invite/{id}/{code}")
}

/// The code of an invitation's link, if it has seats left for whoever has it.
fn code_of(inv: &Invitation) -> Option<&str> {
    inv.request["link"].as_str()
}

/// The seats of an invitation left for whoever has its link.
fn link_seats(inv: &Invitation) -> Vec<usize> {
    inv.request["seats"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .filter(|(_, s)| s["link"] == true)
        .map(|(i, _)| i)
        .collect()
}

/// Whether every seat of `inv` is accepted: its invited accounts' and those left for its
/// link (taken and accepted at once).
fn ready(inv: &Invitation) -> bool {
    inv.all_accepted()
        && link_seats(inv)
            .iter()
            .all(|s| inv.invitees.iter().any(|v| v.seat == *s))
}

/// The address that the caps of `from` count under, as stored.
fn address(from: IpAddr) -> String {
    crate::tcp::caps::address(from).to_string()
}

/// Makes the turn-based game that `me` asks for from `from` (`req.days` days per move;
/// see `concerns::turns::accounts_of` for who may sit): at once when it names nobody but
/// `me`, else as an invitation to the accounts it names. Refused over the caps of `me`,
/// of `from`'s address, of the site, of `me`'s invitations and of each invited account's
/// invitations received (`concerns::turns::check_cap`).
pub async fn create(
    host: &Host,
    mut req: TableRequest,
    me: &Account,
    from: IpAddr,
) -> Result<Asked, HostError> {
    let accounts = accounts_of(host, &mut req, me).await?;
    let invited: Vec<(usize, &Account)> = accounts
        .iter()
        .enumerate()
        .filter_map(|(i, a)| Some((i, a.as_ref()?)))
        .filter(|(_, a)| a.id != me.id)
        .collect();
    let address = address(from);
    let linked = req.seats.iter().any(|s| s.link);
    let mut counted = vec![
        (Counted::All, me.name.as_str()),
        (Counted::Account(me.id), me.name.as_str()),
        (Counted::Address(address.clone()), ""),
    ];
    if !invited.is_empty() || linked {
        counted.push((Counted::Sent(me.id), me.name.as_str()));
        for (_, a) in &invited {
            counted.push((Counted::Received(a.id), a.name.as_str()));
        }
    }
    let keys: Vec<Counted> = counted.iter().map(|(k, _)| k.clone()).collect();
    let (_making, others) = host.0.turn_making.begin(&keys);
    for ((what, name), others) in counted.iter().zip(others) {
        check_cap(host, what, name, others).await?;
    }
    let now = now_ms();
    let expires = now.saturating_add(
        i64::try_from(host.0.config.invitation_expiry.as_millis()).unwrap_or(i64::MAX),
    );
    let invitations = host.0.store.invitations();
    if invited.is_empty() && !linked {
        let table = open_game(host, &req, accounts.clone()).await?;
        let row = NewInvitation {
            maker: me.id,
            address,
            request: serde_json::to_value(&req).unwrap_or(Value::Null),
            expires,
            invitees: Vec::new(),
            game: Some(table.id),
        };
        if let Err(e) = invitations.make(row, now, forget_before(host, now)).await {
            let e = store_error(e);
            close_table(host, &table, words!("turns-not-seated", why = e.words())).await;
            return Err(e);
        }
        start(host, &table);
        tracing::info!(id = table.id.0, days = req.days, by = %me.name, "a turn-based game starts");
        return Ok(Asked::Started(created(host, &table, me.id).await?));
    }
    // everything the game needs is checked now (its rules, its bots, its names), and its
    // bots named as they will be: the game made at the last acceptance is the one asked for
    let prepared = crate::concerns::open::prepare(host, &req)?;
    for (s, p) in req.seats.iter_mut().zip(&prepared.seats) {
        s.name = Some(p.name.clone());
    }
    let mut request = serde_json::to_value(&req).unwrap_or(Value::Null);
    // the link's code: 128 random bits, kept with the invitation (its maker sees the link
    // in the inbox again; nobody else is shown it)
    let code = linked.then(|| {
        crate::vocab::secret::Secret::new()
            .plain()
            .unwrap_or_default()
            .to_string()
    });
    if let Some(code) = &code {
        request["link"] = json!(code);
    }
    let row = NewInvitation {
        maker: me.id,
        address,
        request,
        expires,
        invitees: invited.iter().map(|(i, a)| (*i, a.id)).collect(),
        game: None,
    };
    let id = invitations
        .make(row, now, forget_before(host, now))
        .await
        .map_err(store_error)?;
    let waiting_for: Vec<String> = invited.iter().map(|(_, a)| a.name.clone()).collect();
    tracing::info!(invitation = id, by = %me.name, to = ?waiting_for, link = linked, "an invitation waits");
    Ok(Asked::Invited(Invited {
        invitation: id,
        expires,
        waiting_for,
        link: code.map(|c| link_of(id, &c)),
    }))
}

/// Invitation `id` as whoever has its link (`code`) sees it, open: else
/// [`HostError::NoInvitation`] (one answer for an unknown one, a wrong code, and one
/// that ended or whose seats for the link are taken).
async fn by_code(host: &Host, id: u64, code: &str) -> Result<Invitation, HostError> {
    pending(host, id, |i| {
        code_of(i).is_some_and(|c| crate::vocab::secret::Secret::Plain(c.to_string()).matches(code))
    })
    .await
}

/// Invitation `id` while it waits (pending), if `fits` it; else
/// [`HostError::NoInvitation`].
async fn pending(
    host: &Host,
    id: u64,
    fits: impl FnOnce(&Invitation) -> bool,
) -> Result<Invitation, HostError> {
    host.0
        .store
        .invitations()
        .get(id, now_ms())
        .await
        .map_err(store_error)?
        .filter(|i| i.state == InvitationState::Pending)
        .filter(fits)
        .ok_or(HostError::NoInvitation(id))
}

/// Invitation `id` as the link's `code` shows it to anyone (signed in or not, `me`): the
/// game, who invites, the days per move, its seats and whether one is still free.
pub async fn by_link(
    host: &Host,
    id: u64,
    code: &str,
    me: Option<u64>,
) -> Result<Value, HostError> {
    let inv = by_code(host, id, code).await?;
    let mut v = shown(host, &inv, me.unwrap_or(0));
    let free = link_seats(&inv)
        .into_iter()
        .filter(|s| !inv.invitees.iter().any(|v| v.seat == *s))
        .count();
    v["free"] = json!(free);
    Ok(v)
}

/// `me` takes a seat of invitation `id` left for whoever has its link (`code`), accepting
/// it: refused for its maker and for an account seated at it already, over `me`'s cap of
/// turn-based games, and once its seats for the link are taken. Once every seat is
/// accepted, the game is made and starts (answered with its id and `me`'s token).
pub async fn accept_link(
    host: &Host,
    id: u64,
    code: &str,
    me: &Account,
) -> Result<Asked, HostError> {
    let inv = by_code(host, id, code).await?;
    if inv.maker == me.id || inv.invitees.iter().any(|v| v.account == me.id) {
        return Err(HostError::Refused(words!(
            "invitation-link-yours",
            id = id.to_string()
        )));
    }
    if me.kind != crate::store::AccountKind::Person {
        return Err(HostError::Refused(words!("turns-people-only")));
    }
    let keys = [Counted::Account(me.id)];
    let (_making, others) = host.0.turn_making.begin(&keys);
    check_cap(host, &keys[0], &me.name, others[0]).await?;
    let now = now_ms();
    let mut taken = false;
    for seat in link_seats(&inv) {
        if inv.invitees.iter().any(|v| v.seat == seat) {
            continue;
        }
        if host
            .0
            .store
            .invitations()
            .claim(id, seat, me.id, now)
            .await
            .map_err(store_error)?
        {
            taken = true;
            break;
        }
    }
    if !taken {
        return Err(HostError::Refused(words!(
            "invitation-link-taken",
            id = id.to_string()
        )));
    }
    tracing::info!(invitation = id, by = %me.name, "a seat of an invitation taken by its link");
    let inv = open_one(host, id, me.id).await?;
    if !ready(&inv) {
        return Ok(Asked::Invited(waiting(&inv)));
    }
    begin(host, &inv, me.id).await
}

/// Invitation `inv` as it still waits: its id, expiry, and the answers it waits for.
fn waiting(inv: &Invitation) -> Invited {
    Invited {
        invitation: inv.id,
        expires: inv.expires,
        waiting_for: inv
            .invitees
            .iter()
            .filter(|v| v.accepted.is_none())
            .map(|v| v.name.clone())
            .collect(),
        link: None,
    }
}

/// Invitation `id` as `me` may answer it: open, and `me` invited to it; else
/// [`HostError::NoInvitation`] (one answer for an unknown one, another's, and one that
/// ended).
async fn open_one(host: &Host, id: u64, me: u64) -> Result<Invitation, HostError> {
    pending(host, id, |i| i.invitees.iter().any(|v| v.account == me)).await
}

/// `me` accepts invitation `id`: refused over `me`'s cap of turn-based games (it stays
/// open: `me` may accept once a game ended). Once every invited account has accepted, the
/// game is made and starts: answered with its id and `me`'s token; before, with the
/// invitation still waiting.
pub async fn accept(host: &Host, id: u64, me: &Account) -> Result<Asked, HostError> {
    let inv = open_one(host, id, me.id).await?;
    let mine = inv
        .invitees
        .iter()
        .any(|v| v.account == me.id && v.accepted.is_none());
    if mine {
        let keys = [Counted::Account(me.id)];
        let (_making, others) = host.0.turn_making.begin(&keys);
        check_cap(host, &keys[0], &me.name, others[0]).await?;
        let now = now_ms();
        if !host
            .0
            .store
            .invitations()
            .accept(id, me.id, now)
            .await
            .map_err(store_error)?
        {
            return Err(HostError::NoInvitation(id));
        }
        tracing::info!(invitation = id, by = %me.name, "an invitation accepted");
    }
    let inv = open_one(host, id, me.id).await?;
    if !ready(&inv) {
        return Ok(Asked::Invited(waiting(&inv)));
    }
    begin(host, &inv, me.id).await
}

/// Makes and starts the game of invitation `inv` (every invited account accepted), for
/// the one start the store lets claim it; answers the game with `me`'s token.
async fn begin(host: &Host, inv: &Invitation, me: u64) -> Result<Asked, HostError> {
    let mut req: TableRequest = serde_json::from_value(inv.request.clone())
        .map_err(|e| HostError::Store(format!("invitation {}: {e}", inv.id)))?;
    // the accounts as they are now, by seat: the maker's the person seat nobody was
    // invited to
    let accounts_store = host.0.store.accounts();
    let mut accounts: Vec<Option<Account>> = Vec::with_capacity(req.seats.len());
    for (i, s) in req.seats.iter().enumerate() {
        let id = match inv.invitees.iter().find(|v| v.seat == i) {
            Some(v) => Some(v.account),
            None if matches!(s.kind.as_str(), "human" | "person") => Some(inv.maker),
            None => None,
        };
        let Some(id) = id else {
            accounts.push(None);
            continue;
        };
        let banned = host
            .0
            .store
            .admin()
            .ban_of(id)
            .await
            .map_err(store_error)?
            .is_some();
        let account = accounts_store.account(id).await.map_err(store_error)?;
        match account.filter(|_| !banned) {
            Some(a) => accounts.push(Some(a)),
            None => {
                return Err(HostError::Refused(words!(
                    "turns-no-account",
                    seat = i + 1,
                    name = s.name.clone().unwrap_or_default()
                )))
            }
        }
    }
    // a seat left for the link is named by whoever took it
    for (s, a) in req.seats.iter_mut().zip(&accounts) {
        if let (true, Some(a)) = (s.link, a) {
            s.name = Some(a.name.clone());
        }
    }
    let table = open_game(host, &req, accounts).await?;
    let claimed = host
        .0
        .store
        .invitations()
        .start(inv.id, table.id, now_ms())
        .await;
    match claimed {
        Ok(true) => {
            start(host, &table);
            tracing::info!(
                id = table.id.0,
                invitation = inv.id,
                "an invitation's game starts"
            );
            Ok(Asked::Started(created(host, &table, me).await?))
        }
        other => {
            close_table(host, &table, words!("invitation-ended-meanwhile")).await;
            other.map_err(store_error)?;
            // another start claimed it: its game is the one
            let now = host
                .0
                .store
                .invitations()
                .get(inv.id, now_ms())
                .await
                .map_err(store_error)?;
            match now.and_then(|i| i.game) {
                Some(game) => {
                    let seat = inv
                        .invitees
                        .iter()
                        .find(|v| v.account == me)
                        .map_or(0, |v| v.seat);
                    let seat_id = tessera_core::Seat::try_from(seat)
                        .map_err(|_| HostError::Store(format!("game {game}: no seat {seat}")))?;
                    let token = crate::concerns::turns::seat_token(host, game, seat_id).await?;
                    Ok(Asked::Started(Created {
                        id: game,
                        tokens: vec![(seat, token)],
                        link: None,
                    }))
                }
                None => Err(HostError::NoInvitation(inv.id)),
            }
        }
    }
}

/// `me`, invited to it, declines invitation `id`: it ends, no game made.
pub async fn decline(host: &Host, id: u64, me: &Account) -> Result<(), HostError> {
    end(host, id, me, false).await
}

/// `me`, its maker, withdraws invitation `id`: it ends, no game made.
pub async fn withdraw(host: &Host, id: u64, me: &Account) -> Result<(), HostError> {
    end(host, id, me, true).await
}

/// Ends invitation `id` without a game: `me` withdraws it (`withdraw`) or declines it.
async fn end(host: &Host, id: u64, me: &Account, withdraw: bool) -> Result<(), HostError> {
    let invitations = host.0.store.invitations();
    let (ended, how) = if withdraw {
        (invitations.withdraw(id, me.id, now_ms()).await, "withdrawn")
    } else {
        (invitations.decline(id, me.id, now_ms()).await, "declined")
    };
    if !ended.map_err(store_error)? {
        return Err(HostError::NoInvitation(id));
    }
    tracing::info!(invitation = id, by = %me.name, "an invitation {how}");
    Ok(())
}

/// The inbox of `account`: its turn-based games (`concerns::turns::inbox`) and its
/// invitations: those waiting for its answer, those it made that wait for others, those
/// it made that ended without a game in the last day (declined, expired).
pub async fn inbox(host: &Host, account: u64) -> Result<Value, HostError> {
    let mut out = crate::concerns::turns::inbox(host, account).await?;
    let now = now_ms();
    let list = host
        .0
        .store
        .invitations()
        .of_account(account, now, now - SHOWN_ENDED_MS, INBOX_MAX)
        .await
        .map_err(store_error)?;
    let invitations: Vec<Value> = list.iter().map(|i| shown(host, i, account)).collect();
    let asked = invitations
        .iter()
        .filter(|i| i["answer"] == "waiting")
        .count();
    out["invitations"] = Value::Array(invitations);
    out["asked"] = json!(asked);
    Ok(out)
}

/// Invitation `i` as the inbox of `account` shows it: `{id, game, title, days, options,
/// by, mine, state, made, expires, answer, seats: [{name, kind, invited, accepted}],
/// waiting_for}`; `answer` is `account`'s own: `waiting`, `accepted`, or none (its
/// maker's).
fn shown(host: &Host, i: &Invitation, account: u64) -> Value {
    let game = i.request["game"].as_str().unwrap_or_default();
    let title = host
        .0
        .registry
        .get(game)
        .map_or(game.to_string(), |e| e.info().title.to_string());
    let seats: Vec<Value> = i.request["seats"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(n, s)| {
            let invitee = i.invitees.iter().find(|v| v.seat == n);
            let link = s["link"] == true;
            json!({
                // a seat for the link is named by whoever took it
                "name": match (link, invitee) {
                    (true, Some(v)) => json!(v.name),
                    _ => s["name"].clone(),
                },
                "kind": s["kind"],
                "invited": invitee.is_some() || link,
                "accepted": invitee.map(|v| v.accepted.is_some()).or(link.then_some(false)),
                "link": link,
            })
        })
        .collect();
    let answer = match i.invitees.iter().find(|v| v.account == account) {
        Some(v) if v.accepted.is_some() => json!("accepted"),
        Some(_) => json!("waiting"),
        None => Value::Null,
    };
    // its link, for its maker only (a capability: whoever has it may take a seat)
    let link = code_of(i)
        .filter(|_| i.maker == account)
        .map(|c| link_of(i.id, c));
    json!({
        "id": i.id,
        "link": link,
        "game": game,
        "title": title,
        "days": i.request["days"],
        "options": i.request["options"],
        "by": i.maker_name,
        "mine": i.maker == account,
        "state": i.state,
        "made": i.made,
        "expires": i.expires,
        "answer": answer,
        "seats": seats,
        "waiting_for": i.invitees.iter().filter(|v| v.accepted.is_none()).map(|v| v.name.clone()).collect::<Vec<_>>(),
    })
}
