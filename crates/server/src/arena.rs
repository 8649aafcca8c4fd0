//! The arena: accounts, sessions, API tokens, matchmaking and rated games.
//!
//! * A person registers (name and password) and plays rated games from the browser; a
//!   programmer registers a bot account and gets API tokens for its TCP sign-ups.
//! * "Play rated" (a person, over HTTP) or a sign-up with `"token"` and `"rated": true`
//!   (a bot, over TCP) puts a ticket in the queue of `tessera_arena::Queue`. A pairing
//!   task matches close ratings (the window widens while a ticket waits), and after
//!   `Config::arena_house_after` a ticket that found nobody plays the house level of the
//!   closest fixed rating (the anchors). A person can also challenge an account that is
//!   waiting in the queue.
//! * A rated table remembers who sits where (its `settings` event, so a restart keeps
//!   it); when it ends, everyone's rating is updated in one store transaction
//!   (`Store::rate_game`, Glicko-2 for two players, Weng-Lin for more) and the change is
//!   stored with the game.
//!
//! Every resource has a cap or an expiry: tickets per account and in all (the queue's
//! config), a person's ticket lapses when their page stops asking for it
//! (`Config::arena_ticket_idle`), matches not fetched lapse after
//! `Config::arena_matched_expiry`, sessions expire (`Config::session_ttl`), and the login
//! limiter's memory is bounded.

use crate::accounts::{self, AccountError, LoginLimiter};
use crate::host::{Host, HostError};
use crate::store::{now_ms, Account, AccountKind, RatedRow, RatingUpdate, StoreError};
use crate::table::{Seat, SeatKind};
use crate::tcp::TcpTransport;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;
use tessera_arena::{Pool, Queue, QueueConfig, QueueError, Score, Ticket, TicketId};
use tokio::sync::Notify;
use tokio::time::Instant;

/// Why the arena refused a request.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ArenaError {
    /// Not logged in (or the session expired).
    #[error("log in first")]
    Unauthorized,
    /// The same answer for an unknown name and a wrong password.
    #[error("wrong name or password")]
    WrongLogin,
    /// Too many attempts: try again after this many milliseconds.
    #[error("too many attempts: try again in {} s", retry_after_ms.div_ceil(1000))]
    Limited {
        /// When to try again.
        retry_after_ms: u64,
    },
    /// The name belongs to another account.
    #[error("the name {0:?} is taken")]
    NameTaken(String),
    /// A bad request, in words.
    #[error("{0}")]
    Invalid(String),
    /// Nothing of that name.
    #[error("{0}")]
    NotFound(String),
    /// Not this account's to do.
    #[error("{0}")]
    Forbidden(String),
    /// A cap is reached.
    #[error("{0}")]
    TooMany(String),
    /// The store failed.
    #[error("the store failed: {0}")]
    Store(String),
    /// The host failed to open the game.
    #[error(transparent)]
    Host(#[from] HostError),
}

impl From<StoreError> for ArenaError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NameTaken(n) => ArenaError::NameTaken(n),
            e => ArenaError::Store(e.to_string()),
        }
    }
}

impl From<AccountError> for ArenaError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::WrongLogin => ArenaError::WrongLogin,
            e => ArenaError::Invalid(e.to_string()),
        }
    }
}

/// A logged-in account and its session's token against cross-site requests.
#[derive(Clone, Debug)]
pub struct Session {
    /// The account.
    pub account: Account,
    /// The value the `X-Tessera-CSRF` header must carry on requests that change things.
    pub csrf: String,
}

/// A new session: the secret for the cookie (shown once) and the session.
#[derive(Clone, Debug)]
pub struct NewSession {
    /// The cookie's value.
    pub secret: String,
    /// The session.
    pub session: Session,
}

/// Who sits at a rated table: an account (by seat), or a house level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedSeat {
    /// The account, if an account sits here.
    #[serde(default)]
    pub account: Option<u64>,
    /// The house level (`level:N`), if the house sits here.
    #[serde(default)]
    pub house: Option<String>,
    /// The house level's fixed rating.
    #[serde(default)]
    pub anchor: Option<f64>,
}

/// What makes a table rated: its pool and who sits where. Stored in the table's
/// `settings` event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rated {
    /// Glicko-2 (two players) or Weng-Lin (more).
    pub pool: Pool,
    /// By seat.
    pub seats: Vec<RatedSeat>,
}

/// Who waits for a rated game.
enum Waiter {
    /// A person in the browser (their page asks for the ticket every second).
    Person {
        account: u64,
        name: String,
        seen: Instant,
    },
    /// A bot account's program over TCP.
    Program {
        account: u64,
        name: String,
        transport: Box<TcpTransport>,
        /// The API token, when the program asked to be queued again after each game.
        again: Option<String>,
    },
}

/// A person's match, kept until fetched (or `Config::arena_matched_expiry`).
#[derive(Clone, Debug, Serialize)]
pub struct Matched {
    /// The ticket that was matched.
    pub ticket: u64,
    /// The game.
    pub game_id: u64,
    /// The person's seat token there.
    pub token: String,
    #[serde(skip)]
    at: Option<Instant>,
}

/// One seat of a rated table about to open.
enum Sitter {
    Person {
        account: u64,
        name: String,
    },
    Program {
        account: u64,
        name: String,
        transport: Box<TcpTransport>,
        again: Option<String>,
    },
    House {
        spec: String,
        rating: f64,
    },
}

/// The queue of tickets and the waiter behind each.
struct Book {
    queue: Queue,
    waiters: HashMap<TicketId, Waiter>,
}

/// The arena's state in the host.
pub struct Arena {
    /// The queue and who waits behind each ticket, under one lock: no order of two locks
    /// to get wrong (two locks taken in opposite orders by `join` and `queue_status` once
    /// deadlocked the arena).
    book: Mutex<Book>,
    matched: Mutex<HashMap<u64, Vec<Matched>>>,
    limiter: Mutex<LoginLimiter>,
    wake: Notify,
    started: std::sync::atomic::AtomicBool,
}

impl std::fmt::Debug for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Arena")
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// How often the pairing task looks at the queue.
const PAIRING_TICK: Duration = Duration::from_millis(250);

/// How many rated games an account's history and game list show.
const HISTORY: usize = 100;

impl Arena {
    /// The arena of a host with `config`'s caps, and the house levels of `registry`.
    pub fn new(config: &crate::config::Config, registry: &tessera_games::Registry) -> Arena {
        let mut queue = Queue::new(QueueConfig {
            per_account: config.arena_per_account,
            cap: config.arena_max_tickets,
            house_after_ms: config.arena_house_after.as_millis() as i64,
            ..QueueConfig::default()
        });
        for e in registry.iter() {
            let levels: Vec<tessera_arena::House> = e
                .info()
                .levels
                .iter()
                .map(|l| tessera_arena::House {
                    spec: l.spec.to_string(),
                    rating: l.rating,
                })
                .collect();
            if !levels.is_empty() {
                queue.set_house(e.name(), levels);
            }
        }
        Arena {
            book: Mutex::new(Book {
                queue,
                waiters: HashMap::new(),
            }),
            matched: Mutex::new(HashMap::new()),
            limiter: Mutex::new(LoginLimiter::new()),
            wake: Notify::new(),
            started: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// How many tickets wait.
    pub fn queued(&self) -> usize {
        lock(&self.book).queue.len()
    }
}

/// The display rating of a stored score (JSON of `tessera_arena::Score`).
fn display(score: &Value) -> Option<(f64, f64, bool)> {
    let s: Score = serde_json::from_value(score.clone()).ok()?;
    Some((s.rating(), s.deviation(), s.provisional()))
}

/// The ranks of a finished game's seats (1 best, ties equal) from its stored result:
/// the winners first, then the others by score, and last every seat that resigned or
/// was ejected. `None` when the game has no result to rate (aborted with nobody to
/// blame).
pub fn ranks(status: &str, result: &Value, seats: usize) -> Option<Vec<u32>> {
    let mut out_seats: Vec<usize> = result["ejected"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|e| e["seat"].as_u64().or_else(|| e.as_u64()))
                .map(|s| s as usize)
                .collect()
        })
        .unwrap_or_default();
    for k in ["/resigned/seat", "/left"] {
        if let Some(s) = result.pointer(k).and_then(Value::as_u64) {
            out_seats.push(s as usize);
        }
    }
    if status == "aborted" && out_seats.is_empty() {
        return None;
    }
    let winners: Vec<usize> = result["winner_seats"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_u64)
                .map(|s| s as usize)
                .collect()
        })
        .unwrap_or_default();
    let scores: Vec<f64> = result["scores"]
        .as_array()
        .map(|a| a.iter().map(|s| s.as_f64().unwrap_or(0.0)).collect())
        .unwrap_or_default();
    let key = |s: usize| -> (u8, f64) {
        let tier = if out_seats.contains(&s) {
            2
        } else if winners.contains(&s) {
            0
        } else {
            1
        };
        // winners tie among themselves, whatever their scores
        let score = if tier == 1 {
            scores.get(s).copied().unwrap_or(0.0)
        } else {
            0.0
        };
        (tier, score)
    };
    let keys: Vec<(u8, f64)> = (0..seats).map(key).collect();
    Some(
        keys.iter()
            .map(|&(t, sc)| {
                1 + keys
                    .iter()
                    .filter(|&&(t2, sc2)| t2 < t || (t2 == t && sc2 > sc))
                    .count() as u32
            })
            .collect(),
    )
}

impl Host {
    fn arena(&self) -> &Arena {
        self.arena_ref()
    }

    // ----- accounts -----

    /// Registers an account and logs it in (registrations count as attempts of the
    /// address in the login limiter: hashing a password is work).
    pub async fn register(
        &self,
        name: &str,
        password: &str,
        kind: AccountKind,
        from: std::net::IpAddr,
    ) -> Result<NewSession, ArenaError> {
        lock(&self.arena().limiter)
            .check("", from, now_ms())
            .map_err(|l| ArenaError::Limited {
                retry_after_ms: l.retry_after_ms,
            })?;
        accounts::validate_name(name)?;
        let pw = password.to_string();
        let hash = tokio::task::spawn_blocking(move || accounts::hash_password(&pw))
            .await
            .map_err(|e| ArenaError::Store(e.to_string()))??;
        let account = match self.store().create_account(name, kind, Some(hash)).await {
            Ok(a) => a,
            Err(StoreError::NameTaken(_)) => return Err(ArenaError::NameTaken(name.to_string())),
            Err(e) => return Err(e.into()),
        };
        tracing::info!(name = %account.name, kind = ?account.kind, "account registered");
        self.new_session(account).await
    }

    /// Logs in (rate-limited per name and per address; the same error for an unknown
    /// name and a wrong password).
    pub async fn login(
        &self,
        name: &str,
        password: &str,
        from: std::net::IpAddr,
    ) -> Result<NewSession, ArenaError> {
        let now = now_ms();
        lock(&self.arena().limiter)
            .check(name, from, now)
            .map_err(|l| ArenaError::Limited {
                retry_after_ms: l.retry_after_ms,
            })?;
        let found = self.store().account_by_name(name).await?;
        // as long for an unknown name as for a wrong password: no timing tells a name exists
        let hash = found.as_ref().and_then(|(_, h)| h.clone());
        let pw = password.to_string();
        let ok = tokio::task::spawn_blocking(move || accounts::verify_login(&pw, hash.as_deref()))
            .await
            .unwrap_or(false);
        let Some((account, _)) = found.filter(|_| ok) else {
            lock(&self.arena().limiter).failed(name, from, now_ms());
            return Err(ArenaError::WrongLogin);
        };
        lock(&self.arena().limiter).succeeded(name);
        self.new_session(account).await
    }

    async fn new_session(&self, account: Account) -> Result<NewSession, ArenaError> {
        // expired sessions leave the store as new ones come
        if let Err(e) = self.store().purge_sessions(now_ms()).await {
            tracing::warn!(error = %e, "could not purge expired sessions");
        }
        let secret = accounts::new_secret("tss_");
        let csrf = accounts::new_secret("csrf_");
        let expires = now_ms() + self.config().session_ttl.as_millis() as i64;
        self.store()
            .add_session(&accounts::secret_hash(&secret), account.id, &csrf, expires)
            .await?;
        Ok(NewSession {
            secret,
            session: Session { account, csrf },
        })
    }

    /// The session of a cookie's secret, if it is live.
    pub async fn session(&self, secret: &str) -> Option<Session> {
        let (account, csrf) = self
            .store()
            .session(&accounts::secret_hash(secret), now_ms())
            .await
            .ok()??;
        Some(Session { account, csrf })
    }

    /// Ends a session.
    pub async fn logout(&self, secret: &str) -> Result<(), ArenaError> {
        Ok(self
            .store()
            .drop_session(&accounts::secret_hash(secret))
            .await?)
    }

    /// A new API token for a bot account: its id and the token (shown once).
    pub async fn new_token(&self, who: &Account, label: &str) -> Result<(u64, String), ArenaError> {
        if who.kind != AccountKind::Bot {
            return Err(ArenaError::Forbidden(
                "only bot accounts have API tokens".into(),
            ));
        }
        let label: String = label.trim().chars().take(60).collect();
        if self
            .store()
            .tokens(who.id)
            .await?
            .iter()
            .filter(|t| t.revoked.is_none())
            .count()
            >= self.config().arena_max_tokens
        {
            return Err(ArenaError::TooMany(format!(
                "an account has at most {} live tokens: revoke one first",
                self.config().arena_max_tokens
            )));
        }
        let token = accounts::new_secret("tsr_");
        let info = self
            .store()
            .add_token(who.id, &accounts::secret_hash(&token), &label)
            .await?;
        Ok((info.id, token))
    }

    /// The account of an API token (not revoked).
    pub async fn token_account(&self, token: &str) -> Result<Option<Account>, ArenaError> {
        Ok(self
            .store()
            .token_account(&accounts::secret_hash(token))
            .await?)
    }

    /// An account's public page: ratings per game, rating history, rated games.
    pub async fn account_page(&self, name: &str) -> Result<Value, ArenaError> {
        let Some((account, _)) = self.store().account_by_name(name).await? else {
            return Err(ArenaError::NotFound(format!("no account {name:?}")));
        };
        let ratings: Vec<Value> = self
            .store()
            .ratings_of(account.id)
            .await?
            .into_iter()
            .map(|r| {
                let (rating, deviation, provisional) = display(&r.score).unwrap_or_default();
                json!({
                    "game": r.game, "pool": r.pool, "rating": rating.round(),
                    "deviation": deviation.round(), "provisional": provisional, "games": r.games,
                })
            })
            .collect();
        let history: Vec<Value> = self
            .store()
            .history(account.id, HISTORY)
            .await?
            .into_iter()
            .map(|r| history_row(&r))
            .collect();
        let games = self.store().games_of(account.id, HISTORY).await?;
        Ok(json!({
            "name": account.name, "kind": account.kind, "created": account.created,
            "marked": account.marked, "ratings": ratings, "history": history, "games": games,
        }))
    }

    /// A game's leaderboard: the accounts by conservative rating (`r - 2 RD`), with the
    /// house levels among them.
    pub async fn leaderboard(
        &self,
        game: &str,
        pool: &str,
        limit: usize,
    ) -> Result<Vec<Value>, ArenaError> {
        let entry = self.registry().find(game).map_err(HostError::from)?;
        let pool_v: Pool = serde_json::from_value(json!(pool))
            .map_err(|_| ArenaError::Invalid(format!("pool {pool:?}: duel or multi")))?;
        let mut rows: Vec<(f64, Value)> = self
            .store()
            .leaderboard(entry.name(), pool, limit)
            .await?
            .into_iter()
            .filter_map(|r| {
                let s: Score = serde_json::from_value(r.score.clone()).ok()?;
                Some((
                    s.conservative(),
                    json!({
                        "name": r.name, "kind": r.kind, "rating": s.rating().round(),
                        "deviation": s.deviation().round(), "games": r.games,
                        "provisional": s.provisional(), "house": false,
                    }),
                ))
            })
            .collect();
        for l in &entry.info().levels {
            let s = tessera_arena::anchor(pool_v, l.rating);
            rows.push((
                s.conservative(),
                json!({
                    "name": l.spec, "kind": "house", "rating": s.rating().round(),
                    "deviation": s.deviation().round(), "games": null,
                    "provisional": false, "house": true, "plays": l.plays,
                }),
            ));
        }
        rows.sort_by(|a, b| b.0.total_cmp(&a.0));
        rows.truncate(limit);
        Ok(rows
            .into_iter()
            .enumerate()
            .map(|(i, (_, mut v))| {
                v["rank"] = json!(i + 1);
                v
            })
            .collect())
    }

    /// The rating changes of a rated game (empty: not rated, or not yet).
    pub async fn rated_of(&self, id: u64) -> Result<Vec<Value>, ArenaError> {
        let rows = self.store().rated_of_game(id).await?;
        let names = match self.store().get(id).await? {
            Some(g) => g.summary.players,
            None => Vec::new(),
        };
        Ok(rows
            .iter()
            .map(|r| {
                let mut v = history_row(r);
                v["seat"] = json!(r.seat);
                v["name"] = json!(names.get(r.seat));
                v["house"] = json!(r.house);
                v
            })
            .collect())
    }

    /// How many tickets wait in the arena's queue.
    pub fn arena_queued(&self) -> usize {
        self.arena().queued()
    }

    /// Every rating recomputed from the stored rated games, in the order they were
    /// rated, against what is stored (a replay of the rated games recomputes the same
    /// table: `Replay::mismatches` is empty).
    pub async fn recompute_ratings(&self) -> Result<tessera_arena::Replay, ArenaError> {
        let rows = self.store().rated_all().await?;
        let mut games: Vec<tessera_arena::RatedGame> = Vec::new();
        for r in rows {
            let pool: Pool = serde_json::from_value(json!(r.pool))
                .map_err(|e| ArenaError::Store(format!("pool {:?}: {e}", r.pool)))?;
            let parse = |v: &Value| {
                serde_json::from_value::<Score>(v.clone())
                    .map_err(|e| ArenaError::Store(format!("game {}: {e}", r.game_id)))
            };
            let seat = tessera_arena::RatedSeat {
                account: r.account,
                house: r.house.clone(),
                rank: r.rank,
                before: parse(&r.before)?,
                after: parse(&r.after)?,
            };
            match games.last_mut() {
                Some(g) if g.id == r.game_id => g.seats.push(seat),
                _ => games.push(tessera_arena::RatedGame {
                    id: r.game_id,
                    game: r.game.clone(),
                    pool,
                    seats: vec![seat],
                }),
            }
        }
        let registry = self.registry().clone();
        tessera_arena::replay(&games, move |game, spec, pool| {
            let entry = registry.get(game)?;
            let level = entry.info().levels.iter().find(|l| l.spec == spec)?;
            Some(tessera_arena::anchor(pool, level.rating))
        })
        .map_err(|e| ArenaError::Store(e.to_string()))
    }

    // ----- the queue -----

    fn start_pairing(&self) {
        if self
            .arena()
            .started
            .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            return;
        }
        let host = self.clone();
        self.track(async move { host.pair_forever().await });
    }

    async fn current_rating(&self, account: u64, game: &str, pool: Pool) -> f64 {
        let pool_name = pool_name(pool);
        self.store()
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

    fn check_game(&self, game: &str, players: usize) -> Result<&'static str, ArenaError> {
        let entry = self.registry().find(game).map_err(HostError::from)?;
        let (lo, hi) = entry.info().seats;
        if players < lo.max(2) || players > hi {
            return Err(ArenaError::Invalid(format!(
                "{} is played by {} to {hi} players, not {players}",
                entry.name(),
                lo.max(2)
            )));
        }
        Ok(entry.name())
    }

    fn join(&self, ticket: Ticket, waiter: Waiter) -> Result<TicketId, ArenaError> {
        let mut book = lock(&self.arena().book);
        let id = book.queue.join(ticket).map_err(|e| match e {
            QueueError::TooMany { .. } | QueueError::Full { .. } | QueueError::Duplicate => {
                ArenaError::TooMany(refusal(&e))
            }
            e => ArenaError::Invalid(refusal(&e)),
        })?;
        book.waiters.insert(id, waiter);
        drop(book);
        self.start_pairing();
        self.arena().wake.notify_one();
        Ok(id)
    }

    /// A person asks for a rated game of `game` for `players` players.
    pub async fn queue_person(
        &self,
        who: &Account,
        game: &str,
        players: usize,
    ) -> Result<u64, ArenaError> {
        if self.stopping().is_cancelled() {
            return Err(HostError::Closing.into());
        }
        let game = self.check_game(game, players)?;
        let pool = Pool::for_players(players).map_err(|e| ArenaError::Invalid(e.to_string()))?;
        let rating = self.current_rating(who.id, game, pool).await;
        let id = self.join(
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
    pub fn queue_status(&self, who: &Account) -> Value {
        let now = Instant::now();
        let mut queued = Vec::new();
        {
            let mut book = lock(&self.arena().book);
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
        let matched = lock(&self.arena().matched)
            .get(&who.id)
            .cloned()
            .unwrap_or_default();
        json!({"queued": queued, "matched": matched})
    }

    /// The programs of `account` waiting in the queue leave it, told why (a token of the
    /// account was revoked: a program with another token signs up again). Returns how many.
    pub async fn drop_waiting_programs(&self, account: u64, why: &str) -> usize {
        let mut gone = Vec::new();
        {
            let mut book = lock(&self.arena().book);
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
            crate::host::refuse_program(&mut t, why).await;
        }
        n
    }

    /// A person leaves the queue (every ticket of theirs).
    pub fn leave_queue(&self, who: &Account) -> usize {
        let mut book = lock(&self.arena().book);
        let ids = book.queue.leave_account(who.id);
        for id in &ids {
            book.waiters.remove(id);
        }
        ids.len()
    }

    /// A person challenges the account `name`, which waits in the queue for `game`:
    /// the game starts at once. Returns the game and the challenger's token.
    pub async fn challenge(
        &self,
        who: &Account,
        name: &str,
        game: &str,
        players: usize,
    ) -> Result<(u64, String), ArenaError> {
        let game = self.check_game(game, players)?;
        if players != 2 {
            return Err(ArenaError::Invalid(
                "a challenge is a two-player game".into(),
            ));
        }
        let Some((target, _)) = self.store().account_by_name(name).await? else {
            return Err(ArenaError::NotFound(format!("no account {name:?}")));
        };
        if target.id == who.id {
            return Err(ArenaError::Invalid("you cannot challenge yourself".into()));
        }
        let taken = {
            let mut book = lock(&self.arena().book);
            book.queue
                .take(target.id, game, players)
                .and_then(|(ticket, _)| Some((ticket, book.waiters.remove(&ticket)?)))
        };
        let Some((ticket, waiter)) = taken else {
            return Err(ArenaError::NotFound(format!(
                "{} is not waiting for a game of {game}",
                target.name
            )));
        };
        let mut sitters = vec![
            Sitter::Person {
                account: who.id,
                name: who.name.clone(),
            },
            sitter(waiter),
        ];
        if rand::random::<bool>() {
            sitters.reverse();
        }
        let (id, tokens) = self.open_rated(game, sitters, None).await?;
        if let Some(t) = tokens.iter().find(|t| t.0 == target.id) {
            self.tell_matched(t.0, ticket.0, id, t.1.clone());
        }
        let mine = tokens
            .into_iter()
            .find(|t| t.0 == who.id)
            .map(|t| t.1)
            .unwrap_or_default();
        Ok((id, mine))
    }

    fn tell_matched(&self, account: u64, ticket: u64, game_id: u64, token: String) {
        lock(&self.arena().matched)
            .entry(account)
            .or_default()
            .push(Matched {
                ticket,
                game_id,
                token,
                at: Some(Instant::now()),
            });
    }

    /// A bot account's program over TCP asks for a rated game (its sign-up carried its
    /// API token and `"rated": true`).
    pub(crate) async fn queue_program(
        &self,
        account: u64,
        name: &str,
        game: &str,
        players: usize,
        mut transport: TcpTransport,
        again: Option<String>,
    ) {
        let game = match self.check_game(game, players) {
            Ok(g) => g,
            Err(e) => return crate::host::refuse_program(&mut transport, &e.to_string()).await,
        };
        let pool = Pool::for_players(players).unwrap_or(Pool::Duel);
        let rating = self.current_rating(account, game, pool).await;
        let ticket = Ticket {
            account,
            game: game.to_string(),
            players,
            rating,
            since_ms: now_ms(),
        };
        // the waiter holds the connection: a refusal must get it back
        let joined = {
            let mut book = lock(&self.arena().book);
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
                self.start_pairing();
                self.arena().wake.notify_one();
            }
            Err((e, mut transport)) => {
                crate::host::refuse_program(&mut transport, &refusal(&e)).await;
            }
        }
    }

    /// Pairs the queue until the host stops.
    async fn pair_forever(&self) {
        let stop = self.stopping();
        loop {
            tokio::select! {
                _ = stop.cancelled() => break,
                _ = tokio::time::sleep(PAIRING_TICK) => {}
                _ = self.arena().wake.notified() => {
                    // let a burst of sign-ups gather
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
            self.prune();
            // the matches and their waiters leave the book together
            let matches: Vec<_> = {
                let mut book = lock(&self.arena().book);
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
                let host = self.clone();
                self.track(async move {
                    match host.open_rated(&game, sitters, None).await {
                        Ok((id, tokens)) => {
                            for (account, token) in tokens {
                                if let Some(t) = tickets.iter().find(|t| t.0 == account) {
                                    host.tell_matched(account, t.1, id, token);
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
        let left: Vec<Waiter> = lock(&self.arena().book)
            .waiters
            .drain()
            .map(|(_, w)| w)
            .collect();
        for w in left {
            if let Waiter::Program { mut transport, .. } = w {
                crate::host::refuse_program(&mut transport, "the server is shutting down").await;
            }
        }
    }

    /// The arena runner: keeps `per_game` games of house levels against each other
    /// going for every game with levels (two levels next to each other, at the host's bot
    /// pace, stored as rated games whose anchors do not move), until the host stops.
    pub async fn house_games(&self, per_game: usize) {
        if per_game == 0 {
            return;
        }
        let stop = self.stopping();
        let mut running: HashMap<&'static str, Vec<u64>> = HashMap::new();
        loop {
            for e in self.registry().iter() {
                let levels = &e.info().levels;
                if levels.len() < 2 {
                    continue;
                }
                let ids = running.entry(e.name()).or_default();
                ids.retain(|id| self.table(*id).is_some());
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
                    let pace = Some(self.config().bot_delay_ms);
                    match self.open_rated(e.name(), pair, pace).await {
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
    fn prune(&self) {
        let idle = self.config().arena_ticket_idle;
        {
            let mut gone = Vec::new();
            let mut book = lock(&self.arena().book);
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
        let expiry = self.config().arena_matched_expiry;
        lock(&self.arena().matched).retain(|_, v| {
            v.retain(|m| m.at.is_some_and(|at| at.elapsed() < expiry));
            !v.is_empty()
        });
    }

    /// Opens a rated table with these seats (in this order) and starts it. Returns its
    /// id and every person's `(account, token)`.
    async fn open_rated(
        &self,
        game: &str,
        sitters: Vec<Sitter>,
        delay: Option<u64>,
    ) -> Result<(u64, Vec<(u64, String)>), ArenaError> {
        let entry = self.registry().find(game).map_err(HostError::from)?.clone();
        let n = sitters.len();
        let rules = entry.rules(n, &json!({})).map_err(HostError::from)?;
        let pool = Pool::for_players(n).map_err(|e| ArenaError::Invalid(e.to_string()))?;
        let mut seats = Vec::with_capacity(n);
        let mut rated = Vec::with_capacity(n);
        let mut programs = Vec::new();
        let mut tokens = Vec::new();
        let people = sitters.iter().any(|s| matches!(s, Sitter::Person { .. }));
        for (i, s) in sitters.into_iter().enumerate() {
            match s {
                Sitter::Person { account, name } => {
                    let t = crate::secret::Secret::new();
                    tokens.push((account, t.plain().unwrap_or_default().to_string()));
                    seats.push(Seat {
                        name,
                        kind: SeatKind::Person(t),
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
                        kind: SeatKind::Program(Some(crate::secret::Secret::new())),
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
            self.config().bot_delay_ms
        } else {
            0
        });
        let rated = Rated { pool, seats: rated };
        let id = self
            .open_rated_table(entry, rules, seats, delay, rated, programs)
            .await?;
        tracing::info!(id, game, "a rated game opens");
        Ok((id, tokens))
    }

    /// Rates a rated table's game that ended with `status` and `result`; its accounts'
    /// ratings change in one transaction of the store, and the change is stored with the
    /// game. Programs that were ejected, and people who took no turn in time, count a
    /// disconnection (`Config::arena_mark_after` of them mark the account).
    pub(crate) async fn rate_table(
        &self,
        id: u64,
        game: &str,
        rated: &Rated,
        status: &str,
        result: &Value,
    ) {
        let Some(ranks) = ranks(status, result, rated.seats.len()) else {
            tracing::info!(id, "a rated game ended with no result to rate");
            return;
        };
        let accounts: Vec<u64> = rated.seats.iter().filter_map(|s| s.account).collect();
        let pool = rated.pool;
        let seats = rated.seats.clone();
        let rate_ranks = ranks.clone();
        let rate = Box::new(move |current: Vec<Option<Value>>| {
            let mut k = 0;
            let mut entries = Vec::with_capacity(seats.len());
            for s in &seats {
                let entry = match (s.account, s.anchor) {
                    (Some(_), _) => {
                        let cur = current.get(k).cloned().flatten();
                        k += 1;
                        let score = match cur {
                            Some(v) => serde_json::from_value(v).map_err(|e| e.to_string())?,
                            None => Score::initial(pool),
                        };
                        tessera_arena::Entry {
                            score,
                            anchor: false,
                        }
                    }
                    (None, rating) => tessera_arena::Entry {
                        score: tessera_arena::anchor(pool, rating.unwrap_or(1500.0)),
                        anchor: true,
                    },
                };
                entries.push(entry);
            }
            let after =
                tessera_arena::rate(pool, &entries, &rate_ranks).map_err(|e| e.to_string())?;
            Ok(seats
                .iter()
                .zip(entries.iter().zip(after))
                .enumerate()
                .map(|(i, (s, (before, after)))| RatingUpdate {
                    seat: i,
                    account: s.account,
                    house: s.house.clone(),
                    rank: rate_ranks[i],
                    before: serde_json::to_value(before.score).unwrap_or(Value::Null),
                    after: serde_json::to_value(after).unwrap_or(Value::Null),
                    rating: after.rating(),
                    conservative: after.conservative(),
                })
                .collect())
        });
        match self
            .store()
            .rate_game(id, game, pool_name(pool), accounts, rate)
            .await
        {
            Ok(rows) => tracing::info!(id, seats = rows.len(), "rated"),
            Err(e) => tracing::error!(id, error = %e, "could not rate the game"),
        }
        // disconnections: ejected programs, people who took no turn in time
        let mut left: Vec<usize> = result["ejected"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e["seat"].as_u64())
                    .map(|s| s as usize)
                    .collect()
            })
            .unwrap_or_default();
        if let Some(s) = result["left"].as_u64() {
            left.push(s as usize);
        }
        for s in left {
            if let Some(account) = rated.seats.get(s).and_then(|r| r.account) {
                match self
                    .store()
                    .mark_disconnect(account, self.config().arena_mark_after)
                    .await
                {
                    Ok(a) if a.marked => {
                        tracing::warn!(account = %a.name, disconnects = a.disconnects, "account marked: it leaves rated games")
                    }
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "could not count a disconnection"),
                }
            }
        }
    }
}

/// A program of a rated table that asked to be queued again after each game: who, for
/// what, and where its connection comes back when the game lets go of it.
pub(crate) struct Kept {
    pub(crate) account: u64,
    pub(crate) name: String,
    pub(crate) game: String,
    pub(crate) players: usize,
    /// Its API token, checked again before each new game (a revoked token ends it).
    pub(crate) token: String,
    pub(crate) back: std::sync::Arc<Mutex<Option<TcpTransport>>>,
}

/// The connection of a program that plays rated game after rated game: the referee uses
/// it as the connection itself, and when the game drops it, it goes back to `back` (unless
/// it was closed: an ejection).
pub(crate) struct Keep {
    inner: Option<TcpTransport>,
    back: std::sync::Arc<Mutex<Option<TcpTransport>>>,
}

impl Keep {
    pub(crate) fn new(t: TcpTransport, back: std::sync::Arc<Mutex<Option<TcpTransport>>>) -> Keep {
        Keep {
            inner: Some(t),
            back,
        }
    }

    fn conn(&mut self) -> Result<&mut TcpTransport, tessera_referee::PlayerError> {
        self.inner
            .as_mut()
            .ok_or(tessera_referee::PlayerError::Closed)
    }
}

#[tessera_referee::async_trait]
impl tessera_referee::Transport for Keep {
    async fn send(&mut self, text: &str) -> Result<(), tessera_referee::PlayerError> {
        tessera_referee::Transport::send(self.conn()?, text).await
    }
    async fn receive(&mut self) -> Result<String, tessera_referee::PlayerError> {
        tessera_referee::Transport::receive(self.conn()?).await
    }
    fn pending(&mut self) -> Result<bool, tessera_referee::PlayerError> {
        tessera_referee::Transport::pending(self.conn()?)
    }
    async fn close(&mut self, last: Option<&str>) {
        if let Some(mut t) = self.inner.take() {
            tessera_referee::Transport::close(&mut t, last).await;
        }
    }
}

impl Drop for Keep {
    fn drop(&mut self) {
        if let Some(t) = self.inner.take() {
            *lock(&self.back) = Some(t);
        }
    }
}

impl Host {
    /// A program that asked for rated game after rated game goes back to the queue after
    /// its game (if its connection is still open and its token still good).
    pub(crate) async fn queue_again(&self, k: Kept) {
        let Some(mut t) = lock(&k.back).take() else {
            return;
        };
        if !matches!(tessera_referee::Transport::pending(&mut t), Ok(false)) {
            // it left (or spoke out of turn): done
            return;
        }
        if self.stopping().is_cancelled() {
            return crate::host::refuse_program(&mut t, "the server is shutting down").await;
        }
        match self.token_account(&k.token).await {
            Ok(Some(a)) if a.id == k.account => {}
            _ => return crate::host::refuse_program(&mut t, "unknown or revoked API token").await,
        }
        self.queue_program(k.account, &k.name, &k.game, k.players, t, Some(k.token))
            .await;
    }
}

/// Whether `session` may act for seat `seat` of `table`: a seat of a rated game held by
/// an account is that account's alone, whoever else has its token.
pub fn may_act(
    table: &crate::table::Table,
    seat: usize,
    session: Option<&Session>,
) -> Result<(), ArenaError> {
    let Some(account) = table
        .rated
        .as_ref()
        .and_then(|r| r.seats.get(seat))
        .and_then(|s| s.account)
    else {
        return Ok(());
    };
    match session {
        Some(s) if s.account.id == account => Ok(()),
        Some(_) => Err(ArenaError::Forbidden(
            "this seat of a rated game belongs to another account".into(),
        )),
        None => Err(ArenaError::Forbidden(
            "this seat of a rated game is played by its account: log in first".into(),
        )),
    }
}

fn sitter(w: Waiter) -> Sitter {
    match w {
        Waiter::Person { account, name, .. } => Sitter::Person { account, name },
        Waiter::Program {
            account,
            name,
            transport,
            again,
        } => Sitter::Program {
            account,
            name,
            transport,
            again,
        },
    }
}

fn sitter_account(w: &Waiter) -> u64 {
    match w {
        Waiter::Person { account, .. } | Waiter::Program { account, .. } => *account,
    }
}

/// Why the queue refused a ticket, in words (the same for a person and a program).
fn refusal(e: &QueueError) -> String {
    match e {
        QueueError::TooMany { per_account } => {
            format!("an account may wait for at most {per_account} games at once")
        }
        QueueError::Full { .. } => "the queue is full: try again later".to_string(),
        QueueError::Duplicate => "this account already waits for that game".to_string(),
        e => e.to_string(),
    }
}

/// A pool's name in the store.
pub fn pool_name(p: Pool) -> &'static str {
    match p {
        Pool::Duel => "duel",
        Pool::Multi => "multi",
    }
}

fn history_row(r: &RatedRow) -> Value {
    let b = display(&r.before).map_or(0.0, |d| d.0);
    let (a, dev, _) = display(&r.after).unwrap_or_default();
    json!({
        "game_id": r.game_id, "game": r.game, "pool": r.pool, "rank": r.rank,
        "before": b.round(), "after": a.round(), "change": (a - b).round(),
        "deviation": dev.round(), "at": r.at,
    })
}

#[cfg(test)]
mod tests {
    use super::ranks;
    use serde_json::json;

    #[test]
    fn winners_first_then_scores_then_those_who_left() {
        let r = json!({"scores": [10, 30, 20, 30], "winner_seats": [1, 3], "ejected": []});
        assert_eq!(ranks("ended", &r, 4).unwrap(), vec![4, 1, 3, 1]);
        let r = json!({"scores": [50, 10], "winner_seats": [1], "resigned": {"seat": 0}, "ejected": []});
        assert_eq!(ranks("resigned", &r, 2).unwrap(), vec![2, 1]);
        let r = json!({"scores": [5, 9, 7], "winner_seats": [2], "ejected": [{"seat": 1, "reason": "x"}]});
        assert_eq!(ranks("ended", &r, 3).unwrap(), vec![2, 3, 1]);
        let r = json!({"scores": [0, 0], "winner_seats": [], "ejected": []});
        assert_eq!(ranks("ended", &r, 2).unwrap(), vec![1, 1]);
        assert_eq!(ranks("aborted", &json!({"aborted": "server"}), 2), None);
        let r = json!({"scores": [40, 10], "winner_seats": [], "aborted": "idle", "left": 0});
        assert_eq!(ranks("aborted", &r, 2).unwrap(), vec![2, 1]);
    }
}
