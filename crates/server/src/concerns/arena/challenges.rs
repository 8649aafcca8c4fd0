//! Challenges over the host (the state and its caps: `crate::kept::challenges`): made by a
//! person (`POST /api/challenges`) or a bot account's program (a sign-up with
//! `"challenge"`), accepted by a person (`POST /api/challenges/ID/accept`) or a program
//! (a sign-up with `"accept"`), declined by either, withdrawn by the challenger (or by its
//! leaving), expired when unanswered. A house level accepts at once; so does an account
//! waiting in the queue for that game when the challenge is rated (the queue's tickets
//! are the same presence as a challenger's: `Waiter`). The game opens with both seated,
//! through the arena's one opener (`pairing::open_seated`), rated or not.

use super::pairing::{open_seated, tell_matched, Terms};
use super::queue::check_game;
use crate::host::Host;
use crate::kept::arena::{lock, sitter, ArenaError, Sitter, Waiter};
use crate::kept::challenges::{Challenge, Party, State, ALL_MAX, KEPT, RECEIVED_MAX, SENT_MAX};
use crate::store::{now_ms, Account, AccountKind, GameId};
use crate::table::clock::Clock;
use crate::tcp::TcpTransport;
use crate::vocab::error::HostError;
use serde_json::{json, Value};
use std::time::Duration;
use tessera_games::words;
use tokio::time::Instant;

/// What a challenge asks for.
#[derive(Clone, Debug)]
pub struct Ask {
    /// Who is challenged: an account's name or a house level's spec (`level:3`).
    pub to: String,
    /// The game.
    pub game: String,
    /// How many players (2: a challenge is between two).
    pub players: usize,
    /// Whether the game is rated.
    pub rated: bool,
    /// Rule options over the game's defaults (a JSON object, or null).
    pub options: Value,
    /// A person's seconds per move (5 to 3600), if any.
    pub clock_s: Option<u64>,
    /// A clock of the game instead (`"5+3"`: minutes each + seconds a move), if any.
    pub time_control: Option<String>,
}

/// What making a challenge answers: the game (accepted at once) or the challenge waiting.
#[derive(Clone, Debug)]
pub enum Made {
    /// The game opened at once (a house level, or an account waiting in the queue): its
    /// id, and the challenger's seat token when the challenger is a person.
    Started {
        /// The game.
        game_id: GameId,
        /// A person challenger's token.
        token: Option<String>,
    },
    /// The challenge waits for its answer.
    Waiting(Value),
}

impl Made {
    /// As the JSON API answers it.
    pub fn json(&self) -> Value {
        match self {
            Made::Started { game_id, token } => {
                json!({"state": "started", "game_id": game_id, "token": token})
            }
            Made::Waiting(v) => v.clone(),
        }
    }
}

fn party(a: &Account) -> Party {
    Party::Account {
        id: a.id,
        name: a.name.clone(),
        bot: a.kind == AccountKind::Bot,
    }
}

fn title(host: &Host, game: &str) -> &'static str {
    host.registry().find(game).map_or("", |e| e.info().title)
}

/// Checks `ask` from `from`: the game and its options, the clock, and who is challenged.
async fn check(
    host: &Host,
    from: &Account,
    ask: &Ask,
) -> Result<(&'static str, Party, Option<Clock>), ArenaError> {
    let game = check_game(host, &ask.game, ask.players)?;
    if ask.players != 2 {
        return Err(ArenaError::Invalid(words!("challenge-two-players")));
    }
    let options = ask.options.as_object().filter(|o| !o.is_empty());
    if ask.rated && (options.is_some() || ask.clock_s.is_some() || ask.time_control.is_some()) {
        return Err(ArenaError::Invalid(words!("challenge-rated-rules")));
    }
    let entry = host.registry().find(game).map_err(HostError::from)?;
    if let Some(o) = options {
        let mut all = entry.info().option_defaults();
        if let Some(d) = all.as_object_mut() {
            d.extend(o.clone());
        }
        entry.rules(2, &all).map_err(HostError::from)?;
    }
    let clock = crate::concerns::open::clock_of(ask.clock_s, ask.time_control.as_deref())
        .map_err(ArenaError::Invalid)?;
    if let Some(l) = entry.info().levels.iter().find(|l| l.spec == ask.to) {
        return Ok((
            game,
            Party::House {
                spec: l.spec.clone(),
                rating: l.rating,
            },
            clock,
        ));
    }
    let Some((target, _)) = host.store().accounts().account_by_name(&ask.to).await? else {
        return Err(ArenaError::NotFound(words!(
            "no-account",
            name = ask.to.as_str()
        )));
    };
    if target.id == from.id {
        return Err(ArenaError::Invalid(words!("challenge-yourself")));
    }
    Ok((game, party(&target), clock))
}

/// The waiter behind a ticket of `account` in the queue for `game` (two players), taken
/// out of the queue with its ticket's id.
fn take_waiting(host: &Host, account: u64, game: &str) -> Option<(u64, Waiter)> {
    let mut book = lock(&host.arena().book);
    let (ticket, _) = book.queue.take(account, game, 2)?;
    let w = book.waiters.remove(&ticket)?;
    Some((ticket.0, w))
}

/// Makes a challenge from `from`, who waits as `waiter`. `only_waiting`: accepted at once
/// or refused (the arena's "challenge an account waiting in the queue").
async fn make(
    host: &Host,
    from: &Account,
    ask: &Ask,
    waiter: Waiter,
    only_waiting: bool,
) -> Result<Made, (ArenaError, Waiter)> {
    let (game, to, clock) = match check(host, from, ask).await {
        Ok(x) => x,
        Err(e) => return Err((e, waiter)),
    };
    let terms = Terms {
        options: ask.options.clone(),
        rated: ask.rated,
        clock,
    };
    // at once: a house level; an account waiting in the queue for a rated game of it
    let at_once = match &to {
        Party::House { spec, rating } => Some((
            Sitter::House {
                spec: spec.clone(),
                rating: *rating,
            },
            None,
        )),
        Party::Account { id, .. } if ask.rated => {
            take_waiting(host, *id, game).map(|(ticket, w)| (sitter(w), Some((*id, ticket))))
        }
        Party::Account { .. } => None,
    };
    if let Some((other, ticket)) = at_once {
        let mut sitters = vec![sitter(waiter), other];
        if rand::random::<bool>() {
            sitters.reverse();
        }
        let (game_id, tokens) = open_seated(host, game, sitters, None, &terms)
            .await
            .map_err(|e| {
                let gone = Waiter::Person {
                    account: from.id,
                    name: from.name.clone(),
                    seen: Instant::now(),
                };
                (e, gone)
            })?;
        if let Some((account, ticket)) = ticket {
            if let Some(t) = tokens.iter().find(|t| t.0 == account) {
                tell_matched(host, account, ticket, game_id, t.1.clone());
            }
        }
        tracing::info!(game_id = game_id.0, by = %from.name, to = %to.name(), "a challenge accepted at once");
        let token = tokens.into_iter().find(|t| t.0 == from.id).map(|t| t.1);
        return Ok(Made::Started { game_id, token });
    }
    if only_waiting {
        let e = ArenaError::NotFound(words!(
            "challenge-not-waiting",
            name = to.name(),
            game = title(host, game)
        ));
        return Err((e, waiter));
    }
    start_pruning(host);
    let mut all = lock(&host.0.challenges);
    let (n, sent, received) = all.counts(from.id, to.account());
    let refused = if n >= ALL_MAX {
        Some(words!("challenge-full"))
    } else if sent >= SENT_MAX {
        Some(words!("challenge-too-many", max = SENT_MAX))
    } else if received >= RECEIVED_MAX {
        Some(words!("challenge-too-many-received", name = to.name()))
    } else {
        None
    };
    if let Some(m) = refused {
        crate::vocab::metrics::cap_hit("challenges");
        return Err((ArenaError::TooMany(m), waiter));
    }
    let c = Challenge {
        id: all.new_id(),
        from: party(from),
        to,
        game,
        options: if ask.options.is_null() {
            json!({})
        } else {
            ask.options.clone()
        },
        rated: ask.rated,
        clock,
        made_ms: now_ms(),
        at: Instant::now(),
        state: State::Waiting,
        waiter: Some(waiter),
    };
    let view = c.view(from.id, title(host, game), host.config().challenge_expiry);
    tracing::info!(challenge = c.id, by = %from.name, to = %c.to.name(), game, "a challenge waits");
    all.by_id.insert(c.id, c);
    Ok(Made::Waiting(view))
}

/// A person challenges (`POST /api/challenges`; `only_waiting` for the arena's older
/// `POST /api/arena/challenge`, which seats only an account waiting in the queue).
pub async fn challenge_by_person(
    host: &Host,
    who: &Account,
    ask: &Ask,
    only_waiting: bool,
) -> Result<Made, ArenaError> {
    let waiter = Waiter::Person {
        account: who.id,
        name: who.name.clone(),
        seen: Instant::now(),
    };
    make(host, who, ask, waiter, only_waiting)
        .await
        .map_err(|(e, _)| e)
}

/// A bot account's program challenges (its sign-up with `"challenge"`): it waits on its
/// connection for the answer; a refusal is said on it.
pub async fn challenge_by_program(host: &Host, account: Account, ask: Ask, t: TcpTransport) {
    let waiter = Waiter::Program {
        account: account.id,
        name: account.name.clone(),
        transport: Box::new(t),
        again: None,
    };
    if let Err((e, w)) = make(host, &account, &ask, waiter, false).await {
        refuse_waiter(w, &e.to_string()).await;
    }
}

/// Says `why` to a program waiter and closes its connection (a person's page reads the
/// challenge's state instead).
async fn refuse_waiter(w: Waiter, why: &str) {
    if let Waiter::Program { mut transport, .. } = w {
        crate::vocab::signup::refuse_program(&mut transport, why).await;
    }
}

/// Whether a program waiter's connection is still open and silent (a person's page: it
/// asked lately).
fn present(w: &mut Waiter, idle: Duration) -> bool {
    match w {
        Waiter::Person { seen, .. } => seen.elapsed() < idle,
        Waiter::Program { transport, .. } => matches!(
            tessera_referee::Transport::pending(transport.as_mut()),
            Ok(false)
        ),
    }
}

/// `me` accepts challenge `id`, seated as `mine`: the game opens with both. Answers the
/// game and `me`'s token when `me` is a person.
async fn accept(
    host: &Host,
    id: u64,
    (me, my_name): (u64, &str),
    mine: Sitter,
) -> Result<(GameId, Option<String>), (ArenaError, Option<Sitter>)> {
    let idle = host.config().arena_ticket_idle;
    let taken = {
        let mut all = lock(&host.0.challenges);
        match all.by_id.get_mut(&id) {
            Some(c) if c.to.account() == Some(me) && c.waiting() => {
                let mut w = c.waiter.take();
                match w.as_mut().map(|w| present(w, idle)) {
                    Some(true) => {
                        c.state = State::Opening;
                        Ok((
                            c.game,
                            c.from.clone(),
                            c.rated,
                            c.options.clone(),
                            c.clock,
                            w,
                        ))
                    }
                    _ => {
                        c.end(State::Withdrawn);
                        Err(words!("challenge-gone", name = c.from.name()))
                    }
                }
            }
            _ => Err(words!("challenge-none")),
        }
    };
    let (game, from, rated, options, clock, waiter) = match taken {
        Ok((game, from, rated, options, clock, Some(w))) => (game, from, rated, options, clock, w),
        Ok(_) => return Err((ArenaError::NotFound(words!("challenge-none")), Some(mine))),
        Err(m) => return Err((ArenaError::NotFound(m), Some(mine))),
    };
    let terms = Terms {
        options,
        rated,
        clock,
    };
    let mut sitters = vec![sitter(waiter), mine];
    if rand::random::<bool>() {
        sitters.reverse();
    }
    let opened = open_seated(host, game, sitters, None, &terms).await;
    let mut all = lock(&host.0.challenges);
    let Some(c) = all.by_id.get_mut(&id) else {
        return Err((ArenaError::NotFound(words!("challenge-none")), None));
    };
    match opened {
        Ok((game_id, tokens)) => {
            let token_of =
                |a: Option<u64>| tokens.iter().find(|t| Some(t.0) == a).map(|t| t.1.clone());
            c.end(State::Started {
                game_id,
                token: token_of(from.account()),
            });
            tracing::info!(challenge = id, game_id = game_id.0, by = %my_name, "a challenge accepted");
            Ok((game_id, token_of(Some(me))))
        }
        Err(e) => {
            c.end(State::Failed { why: e.to_string() });
            Err((e, None))
        }
    }
}

/// A person accepts challenge `id` (`POST /api/challenges/ID/accept`): the game and the
/// person's token.
pub async fn accept_by_person(
    host: &Host,
    id: u64,
    me: &Account,
) -> Result<(GameId, String), ArenaError> {
    let mine = Sitter::Person {
        account: me.id,
        name: me.name.clone(),
    };
    match accept(host, id, (me.id, &me.name), mine).await {
        Ok((game, token)) => Ok((game, token.unwrap_or_default())),
        Err((e, _)) => Err(e),
    }
}

/// A bot account's program accepts challenge `id` (its sign-up with `"accept"`): its
/// connection is its seat; a refusal is said on it.
pub async fn accept_by_program(host: &Host, id: u64, account: Account, t: TcpTransport) {
    let mine = Sitter::Program {
        account: account.id,
        name: account.name.clone(),
        transport: Box::new(t),
        again: None,
    };
    if let Err((e, Some(Sitter::Program { mut transport, .. }))) =
        accept(host, id, (account.id, &account.name), mine).await
    {
        crate::vocab::signup::refuse_program(&mut transport, &e.to_string()).await;
    }
}

/// The challenged account `me` declines challenge `id` (a person or a bot account, over
/// HTTP), with `reason` (at most 200 characters kept).
pub async fn decline(host: &Host, id: u64, me: &Account, reason: &str) -> Result<(), ArenaError> {
    let reason: String = reason.chars().take(200).collect();
    let w = {
        let mut all = lock(&host.0.challenges);
        match all.by_id.get_mut(&id) {
            Some(c) if c.to.account() == Some(me.id) && c.waiting() => c.end(State::Declined {
                reason: reason.clone(),
            }),
            _ => return Err(ArenaError::NotFound(words!("challenge-none"))),
        }
    };
    tracing::info!(challenge = id, by = %me.name, "a challenge declined");
    if let Some(w) = w {
        let shown = if reason.is_empty() {
            "none"
        } else {
            reason.as_str()
        };
        let said = words!(
            "challenge-declined",
            name = me.name.as_str(),
            reason = shown
        );
        refuse_waiter(w, &said.english()).await;
    }
    Ok(())
}

/// The challenger `me` withdraws challenge `id`.
pub async fn withdraw(host: &Host, id: u64, me: &Account) -> Result<(), ArenaError> {
    let w = {
        let mut all = lock(&host.0.challenges);
        match all.by_id.get_mut(&id) {
            Some(c) if c.from.account() == Some(me.id) && c.waiting() => c.end(State::Withdrawn),
            _ => return Err(ArenaError::NotFound(words!("challenge-none"))),
        }
    };
    if let Some(w) = w {
        refuse_waiter(w, &words!("challenge-withdrawn").english()).await;
    }
    Ok(())
}

/// The challenges `me` made or received (newest first), as `me` sees them.
pub fn challenges_of(host: &Host, me: &Account) -> Value {
    let all = lock(&host.0.challenges);
    let (mut incoming, mut outgoing) = (Vec::new(), Vec::new());
    for c in all.of(me.id) {
        let v = c.view(me.id, title(host, c.game), host.config().challenge_expiry);
        if c.from.account() == Some(me.id) {
            outgoing.push(v);
        } else {
            incoming.push(v);
        }
    }
    json!({"incoming": incoming, "outgoing": outgoing})
}

/// Challenge `id` as `me`, one of its two accounts, sees it; its person challenger's
/// asking keeps it present.
pub fn challenge_of(host: &Host, id: u64, me: &Account) -> Result<Value, ArenaError> {
    let mut all = lock(&host.0.challenges);
    match all.by_id.get_mut(&id) {
        Some(c) if c.from.account() == Some(me.id) || c.to.account() == Some(me.id) => {
            if let Some(Waiter::Person { seen, account, .. }) = c.waiter.as_mut() {
                if *account == me.id {
                    *seen = Instant::now();
                }
            }
            Ok(c.view(me.id, title(host, c.game), host.config().challenge_expiry))
        }
        _ => Err(ArenaError::NotFound(words!("challenge-none"))),
    }
}

/// Starts the task that expires challenges (once per host).
fn start_pruning(host: &Host) {
    if lock(&host.0.challenges).pruning {
        return;
    }
    lock(&host.0.challenges).pruning = true;
    let task_host = host.clone();
    host.track(async move {
        let stop = task_host.stopping();
        loop {
            tokio::select! {
                _ = stop.cancelled() => break,
                _ = tokio::time::sleep(Duration::from_millis(500)) => {}
            }
            prune(&task_host).await;
        }
        // the programs still waiting are told
        let left: Vec<Waiter> = lock(&task_host.0.challenges)
            .by_id
            .values_mut()
            .filter_map(|c| c.waiter.take())
            .collect();
        for w in left {
            refuse_waiter(w, "the server is shutting down").await;
        }
    });
}

/// Expires the challenges unanswered past `Config::challenge_expiry`, withdraws those
/// whose challenger left, forgets those ended [`KEPT`] ago (telling each waiting program
/// why), and seats the rated challenges whose challenged account now waits in the queue.
pub(crate) async fn prune(host: &Host) {
    let idle = host.config().arena_ticket_idle;
    let mut told = Vec::new();
    {
        let mut all = lock(&host.0.challenges);
        all.by_id
            .retain(|_, c| c.waiting() || c.state == State::Opening || c.at.elapsed() < KEPT);
        for c in all.by_id.values_mut().filter(|c| c.waiting()) {
            let here = c.waiter.as_mut().is_some_and(|w| present(w, idle));
            if !here {
                c.end(State::Withdrawn);
            } else if c.at.elapsed() >= host.config().challenge_expiry {
                if let Some(w) = c.end(State::Expired) {
                    told.push((w, words!("challenge-expired", name = c.to.name())));
                }
            }
        }
    }
    for (w, m) in told {
        refuse_waiter(w, &m.english()).await;
    }
    // a rated challenge to an account that now waits in the queue for its game is
    // accepted at once, as it is when the account waited first
    let queued: Vec<(u64, u64, String, &'static str)> = lock(&host.0.challenges)
        .by_id
        .values()
        .filter(|c| c.waiting() && c.rated)
        .filter_map(|c| Some((c.id, c.to.account()?, c.to.name().to_string(), c.game)))
        .collect();
    for (id, to, name, game) in queued {
        let Some((ticket, w)) = take_waiting(host, to, game) else {
            continue;
        };
        match accept(host, id, (to, &name), sitter(w)).await {
            Ok((game_id, Some(token))) => tell_matched(host, to, ticket, game_id, token),
            Ok(_) => {}
            Err((e, Some(Sitter::Program { mut transport, .. }))) => {
                crate::vocab::signup::refuse_program(&mut transport, &e.to_string()).await
            }
            Err(_) => {}
        }
    }
}
