//! Opening tables: a browser's request (seats, rules, clock), a rematch's or a rated
//! game's seats, a program taking an open seat; a table starts when its seats are full.

use crate::concerns::play::play;
use crate::host::{lock, Host};
use crate::kept::resumes::Refused;
use crate::store::GameId;
use crate::store::{now_ms, Deal, NewGame, SeatRecord};
use crate::table::clock::{Clock, TimeControlError};
use crate::table::{Phase, Seat, SeatKind, Table};
use crate::tcp::{Dialect, TcpTransport};
use crate::vocab::error::HostError;
use crate::vocab::secret::Secret;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tessera_games::deal::Commitment;
use tessera_games::words;
use tessera_games::GameEntry;
use tessera_words::Words;

/// One seat of a new table, as a browser (or any client of the HTTP API) asks for it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatRequest {
    /// `human` (a person, who gets a token), `bot` (a bot of the registry) or `program`
    /// (left open for a program over TCP).
    pub kind: String,
    /// The bot's spec.
    #[serde(default)]
    pub spec: Option<String>,
    /// The name shown for the seat.
    #[serde(default)]
    pub name: Option<String>,
    /// A turn-based game's person seat: the account that plays it (none: the account
    /// that makes the game).
    #[serde(default)]
    pub account: Option<String>,
    /// A turn-based game's person seat left for whoever opens the invitation's link
    /// (the first person who accepts it there takes it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub link: bool,
}

/// A request for a new table.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TableRequest {
    /// The game's name.
    pub game: String,
    /// The seats in turn order.
    pub seats: Vec<SeatRequest>,
    /// Rule options (fields of the game's rules).
    #[serde(default)]
    pub options: Value,
    /// The seed: a practice game's, taken only where no seat is another's (every other
    /// seat a house bot or a person's seat of this request, see [`check_seed`]); absent,
    /// the server's own, secret until the game ends.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Milliseconds the bots wait before moving.
    #[serde(default)]
    pub delay_ms: Option<u64>,
    /// Seconds a person has for each move ([`CLOCK_RANGE`]); none: no clock. When the
    /// time runs out the house plays the game's clock move for that turn (a pass, a
    /// draw...) and the person stays at the table.
    #[serde(default)]
    pub clock_s: Option<u64>,
    /// A clock of the game instead: minutes for each person and seconds added after each
    /// of their moves, as chess sites write it (`"5+3"`, `"0.5+0"`: see
    /// [`Clock::parse_time_control`]); whoever's time runs out loses. Not with `clock_s`.
    #[serde(default)]
    pub time_control: Option<String>,
    /// Days per move: a turn-based game (`crate::table::turns::DAYS`), made by an
    /// account for accounts and bots (`crate::concerns::turns`).
    #[serde(default)]
    pub days: Option<u32>,
}

/// The seconds per move a table's clock may be set to.
pub const CLOCK_RANGE: std::ops::RangeInclusive<u64> = 5..=3600;
/// A table's clock as asked for: `clock_s`, a person's seconds per move ([`CLOCK_RANGE`];
/// 0 or none: no clock), or `time_control`, a clock of the game
/// ([`Clock::parse_time_control`]); not both. The refusal in words.
pub(crate) fn clock_of(
    clock_s: Option<u64>,
    time_control: Option<&str>,
) -> Result<Option<Clock>, tessera_games::Msg> {
    match (clock_s, time_control) {
        (Some(_), Some(_)) => Err(words!("clock-two")),
        (_, Some(tc)) => match Clock::parse_time_control(tc) {
            Ok(c) => Ok(Some(c)),
            Err(TimeControlError::Form(text)) => Err(words!("time-control-form", text = text)),
            Err(TimeControlError::Range(text)) => Err(words!("time-control-range", text = text)),
        },
        (None | Some(0), None) => Ok(None),
        (Some(s), None) if CLOCK_RANGE.contains(&s) => {
            Ok(Some(Clock::PerMove(Duration::from_secs(s))))
        }
        (Some(s), None) => Err(words!(
            "clock-not-allowed",
            clock = s,
            min = *CLOCK_RANGE.start(),
            max = *CLOCK_RANGE.end()
        )),
    }
}

/// The longest name of a seat, in characters.
pub const MAX_NAME: usize = 40;
/// A seat's name as asked for, normalised and checked ([`tessera_core::names::check`]:
/// NFKC, at most [`MAX_NAME`] characters, no control, invisible or bidirectional-control
/// characters, no look-alike letters of two scripts); `None` when blank.
pub(crate) fn seat_name(i: usize, name: Option<&str>) -> Result<Option<String>, HostError> {
    let Some(n) = name.filter(|n| !n.trim().is_empty()) else {
        return Ok(None);
    };
    tessera_core::names::check(n, MAX_NAME)
        .map(Some)
        .map_err(|e| HostError::Refused(words!("seat-refused", seat = i + 1, why = e.words())))
}

/// A new table: its id and the tokens of its people's seats.
#[derive(Debug, Clone, Serialize)]
pub struct Created {
    /// The table's (and game's) id.
    pub id: GameId,
    /// `[seat, token]` for every person's seat.
    pub tokens: Vec<(usize, String)>,
    /// The invitation link of a seat left for whoever has it (`#/join/ID/CODE`), if the
    /// table has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

/// Who holds a table's seats beyond their tokens.
#[derive(Clone, Debug, Default)]
pub enum Holders {
    /// The tokens alone (a live table).
    #[default]
    Tokens,
    /// A rated table of the arena: accounts and house levels.
    Rated(crate::table::rated::Rated),
    /// A turn-based table: accounts and bots.
    TurnBased(crate::table::turns::TurnBased),
}

/// A browser's request made into a table's parts (checked): its game, rules, seats
/// (people's tokens still to make), seed and pace.
pub(crate) struct Prepared {
    pub(crate) entry: Arc<dyn GameEntry>,
    pub(crate) rules: Value,
    pub(crate) seats: Vec<Seat>,
    pub(crate) seed: Option<u64>,
    pub(crate) pace: Pace,
}

/// A table's settings beyond its rules.
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    /// Milliseconds the bots wait before moving.
    pub delay: u64,
    /// The table's clock for people, if any.
    pub clock: Option<Clock>,
    /// Whether they are stored with the game (tables of the HTTP API: a restart and a
    /// rematch keep them).
    pub stored: bool,
}

/// Checks who sits where at a new table (the bots' specs among the seats).
fn check_seats(entry: &dyn GameEntry, rules: &Value, seats: &[Seat]) -> Result<(), HostError> {
    let bots: Vec<Option<&str>> = seats
        .iter()
        .map(|s| match &s.kind {
            SeatKind::Bot(spec) => Some(spec.as_str()),
            _ => None,
        })
        .collect();
    Ok(entry.check_seats(rules, &bots)?)
}

/// The seed of game `id`: the one a practice game's player chose (`asked`, checked by
/// [`check_seed`]), else the server's: drawn from the operating system's generator, or,
/// for reproducible tests only (`Config::seed`), the base seed plus the id (derivable).
pub(crate) fn seed_for(host: &Host, id: GameId, asked: Option<u64>) -> u64 {
    match (asked, host.0.config.seed) {
        (Some(s), _) => s,
        (None, Some(base)) => base.wrapping_add(id.0),
        (None, None) => rand::random(),
    }
}

/// Refuses a seed asked for a table where it would deal someone else's tiles: a seed a
/// client chooses is taken only where every other seat is a house bot or a person's seat
/// of the same request (practice and hotseat tables: the one who asks holds every seat's
/// token anyway). Here: no seat left open for a program; `other_account` names the first
/// seat of an account other than the asker's (a turn-based game), if any.
pub(crate) fn check_seed(
    req: &TableRequest,
    other_account: Option<(usize, &str)>,
) -> Result<(), HostError> {
    if req.seed.is_none() {
        return Ok(());
    }
    if let Some(i) = req
        .seats
        .iter()
        .position(|s| matches!(s.kind.as_str(), "program" | "open"))
    {
        return Err(HostError::Refused(words!(
            "seed-refused-program",
            seat = i + 1
        )));
    }
    if let Some((i, name)) = other_account {
        return Err(HostError::Refused(words!(
            "seed-refused-account",
            seat = i + 1,
            name = name
        )));
    }
    // a live table's seat for whoever has its link
    if let Some(i) = req.seats.iter().position(|s| s.link) {
        return Err(HostError::Refused(words!(
            "seed-refused-link",
            seat = i + 1
        )));
    }
    Ok(())
}

/// Creates a table as a browser asks; it starts at once unless seats are left open
/// for programs. At most `Config::max_web_tables` such tables wait or run at once
/// (else [`HostError::Busy`]); bots' budgets are clamped to the host's maxima
/// (`Config::clamp_bot`) and the seat records the clamped spec.
pub async fn create(host: &Host, req: TableRequest, from: IpAddr) -> Result<Created, HostError> {
    create_for(host, req, from, None).await
}

/// [`create`] for a request that came with the session of `owner`: a person's seat under
/// the account's name (or one that looks like it) is the account's (a ban resigns it).
/// The caller has checked that only the account's own session seats a person under its
/// name.
pub async fn create_for(
    host: &Host,
    req: TableRequest,
    from: IpAddr,
    owner: Option<&crate::store::Account>,
) -> Result<Created, HostError> {
    if host.0.stop.is_cancelled() {
        return Err(HostError::Closing);
    }
    if req.days.is_some() || req.seats.iter().any(|s| s.account.is_some()) {
        return Err(HostError::SignIn("turns-log-in-first"));
    }
    check_seed(&req, None)?;
    let mut p = prepare(host, &req)?;
    if let Some(owner) = owner {
        let keys = tessera_core::names::look_keys(&owner.name);
        for s in &mut p.seats {
            let same = tessera_core::names::look_keys(&s.name)
                .iter()
                .any(|k| keys.contains(k));
            if matches!(s.kind, SeatKind::Person(_)) && same {
                s.account = Some(owner.id);
            }
        }
    }
    open_web_table(host, p.entry, p.rules, p.seats, p.seed, p.pace, from).await
}

/// Reads a browser's request for a table into its parts, each checked (the game, its
/// rules, the seats, the bots' specs clamped to the host's maxima, the names, the clock
/// and the pace).
pub(crate) fn prepare(host: &Host, req: &TableRequest) -> Result<Prepared, HostError> {
    let entry = host.0.registry.find(&req.game)?.clone();
    let info = entry.info();
    let mut seats_req = req.seats.clone();
    if seats_req.is_empty() {
        return Err(HostError::Refused(words!("no-seats")));
    }
    if let Some(solo) = &info.solo {
        let on = req
            .options
            .get(solo.option)
            .is_some_and(|v| !v.is_null() && v != "");
        if on && seats_req.len() == 1 {
            seats_req.push(SeatRequest {
                kind: "bot".into(),
                spec: Some(solo.bot.into()),
                name: None,
                account: None,
                link: false,
            });
        }
    }
    let n = seats_req.len();
    let rules = entry.rules(n, &req.options)?;
    let clock = clock_of(req.clock_s, req.time_control.as_deref()).map_err(HostError::Refused)?;
    let mut seats = Vec::with_capacity(n);
    for (i, s) in seats_req.iter().enumerate() {
        let name = seat_name(i, s.name.as_deref())?;
        seats.push(match s.kind.as_str() {
            // a live table's seat for whoever has its link (one at most): its code is
            // made when the table opens (a turn-based game's link is its invitation's:
            // `crate::concerns::invitations`, which seats an account there)
            "human" | "person" if s.link && req.days.is_none() => {
                if seats_req[..i].iter().any(|r| r.link) {
                    return Err(HostError::Refused(words!("link-one-seat")));
                }
                Seat {
                    name: String::new(),
                    kind: SeatKind::Invited(Secret::new()),
                    account: None,
                }
            }
            "human" | "person" => Seat {
                name: name.unwrap_or_else(|| format!("Player {}", i + 1)),
                // the token is given when the table opens
                kind: SeatKind::Person(Secret::new()),
                // the account, if any, is set by whoever checked the session
                account: None,
            },
            "bot" => {
                let spec = s
                    .spec
                    .clone()
                    .unwrap_or_else(|| info.bots.first().map_or("random", |b| b.name).to_string());
                let spec = host.0.config.clamp_bot(&spec);
                entry.check_bot(&spec)?;
                // an unnamed bot goes by its spec, as people see it in the seat menu; a
                // second of one spec by "greedy 2" (no seat numbers in names otherwise)
                let name = name.unwrap_or_else(|| {
                    let taken = |n: &str| {
                        seats.iter().any(|t: &Seat| t.name == n)
                            || seats_req.iter().any(|r| r.name.as_deref() == Some(n))
                    };
                    (1..=seats_req.len() + 1)
                        .map(|k| {
                            if k == 1 {
                                spec.clone()
                            } else {
                                format!("{spec} {k}")
                            }
                        })
                        .find(|n| !taken(n))
                        .unwrap_or_else(|| format!("{spec} ({})", i + 1))
                });
                Seat {
                    name,
                    kind: SeatKind::Bot(spec),
                    account: None,
                }
            }
            "program" | "open" => Seat {
                name: String::new(),
                kind: SeatKind::Open,
                account: None,
            },
            other => {
                return Err(HostError::Refused(words!(
                    "seat-unknown-kind",
                    seat = i + 1,
                    kind = format!("{other:?}")
                )))
            }
        });
    }
    // two seats whose names look alike (`bob` and `B0B`) are two seats of one name
    let named: Vec<(&str, [String; 2])> = seats
        .iter()
        .filter(|s| !s.name.is_empty())
        .map(|s| (s.name.as_str(), tessera_core::names::look_keys(&s.name)))
        .collect();
    if let Some((first, second)) = named.iter().enumerate().find_map(|(i, (n, keys))| {
        named[..i]
            .iter()
            .find(|(_, k)| k.iter().any(|k| keys.contains(k)))
            .map(|(first, _)| (*first, *n))
    }) {
        return Err(HostError::Refused(if first == second {
            words!("seats-same-name", name = first)
        } else {
            words!("seats-look-alike", first = first, second = second)
        }));
    }
    let delay = req
        .delay_ms
        .unwrap_or(host.0.config.bot_delay_ms)
        .min(host.0.config.max_bot_delay_ms);
    let pace = Pace {
        delay,
        clock,
        stored: true,
    };
    Ok(Prepared {
        entry,
        rules,
        seats,
        seed: req.seed,
        pace,
    })
}

/// Opens a table of the HTTP API (a new game, a rematch) with `seats` (people's
/// tokens are made here) and starts it unless seats are left open for programs.
pub(crate) async fn open_web_table(
    host: &Host,
    entry: Arc<dyn GameEntry>,
    rules: Value,
    mut seats: Vec<Seat>,
    seed: Option<u64>,
    pace: Pace,
    from: IpAddr,
) -> Result<Created, HostError> {
    if host.0.stop.is_cancelled() {
        return Err(HostError::Closing);
    }
    check_seats(entry.as_ref(), &rules, &seats)?;
    // taken now, kept by the table until it leaves memory
    let slot = host.0.web_tables.admit(from).map_err(|e| match e {
        tessera_tcp::Crowded::Total => {
            crate::vocab::metrics::cap_hit("games");
            HostError::Busy("busy-games")
        }
        tessera_tcp::Crowded::Address => {
            crate::vocab::metrics::cap_hit("games_per_address");
            HostError::Busy("busy-games-address")
        }
    })?;
    let mut tokens = Vec::new();
    let mut code = None;
    for (i, s) in seats.iter_mut().enumerate() {
        match &mut s.kind {
            SeatKind::Person(t) => {
                *t = Secret::new();
                tokens.push((i, t.plain().unwrap_or_default().to_string()));
            }
            SeatKind::Invited(c) => {
                *c = Secret::new();
                code = c.plain().map(str::to_string);
            }
            _ => {}
        }
    }
    let table = open_table(host, entry, rules, seats, seed, pace, Holders::Tokens).await?;
    lock(&host.0.web_slots).insert(table.id, slot);
    start_if_full(host, &table);
    Ok(Created {
        id: table.id,
        tokens,
        // the web client's route to the seat (`crate::concerns::join`)
        link: code.map(|c| format!("#/join/{}/{c}", table.id)),
    })
}

/// Opens a table of accounts seated by the arena (a rated game of the queue, or an
/// accepted challenge, rated or not: `rated` is `None` for an unrated one) with `seats`
/// (people's tokens made by the caller), its programs' connections seated at `programs`
/// (seat, connection), and starts it. `clock`: a person's time for each move.
pub(crate) async fn open_seated_table(
    host: &Host,
    entry: Arc<dyn GameEntry>,
    rules: Value,
    seats: Vec<Seat>,
    (delay, clock): (u64, Option<Clock>),
    rated: Option<crate::table::rated::Rated>,
    programs: Vec<(usize, TcpTransport, Option<crate::kept::keep::Kept>)>,
) -> Result<GameId, HostError> {
    if host.0.stop.is_cancelled() {
        return Err(HostError::Closing);
    }
    check_seats(entry.as_ref(), &rules, &seats)?;
    let table = open_table(
        host,
        entry,
        rules,
        seats,
        None,
        Pace {
            delay,
            clock,
            stored: true,
        },
        rated.map_or(Holders::Tokens, Holders::Rated),
    )
    .await?;
    {
        let mut p = lock(&host.0.programs);
        let mut kept = lock(&host.0.kept);
        for (i, t, k) in programs {
            p.insert((table.id, i), t);
            if let Some(k) = k {
                kept.insert((table.id, i), k);
            }
        }
    }
    start_if_full(host, &table);
    Ok(table.id)
}

/// Opens a table (its game's row in the store, its deal, its settings as its first event
/// when `pace.stored`) and keeps it in memory; it starts once its seats are full
/// ([`start_if_full`]). `seed`: a practice game's chosen seed (the caller checked it may
/// be chosen: [`check_seed`]; a rated table never has one), else the server draws it.
pub(crate) async fn open_table(
    host: &Host,
    entry: Arc<dyn GameEntry>,
    rules: Value,
    seats: Vec<Seat>,
    seed: Option<u64>,
    pace: Pace,
    holders: Holders,
) -> Result<Arc<Table>, HostError> {
    let (rated, turns) = match holders {
        Holders::Tokens => (None, None),
        Holders::Rated(r) => (Some(r), None),
        Holders::TurnBased(t) => (None, Some(t)),
    };
    if rated.is_some() && seed.is_some() {
        return Err(HostError::Refused(words!("seed-refused-rated")));
    }
    let Pace {
        delay,
        clock,
        stored: settings,
    } = pace;
    let placeholder_seed = seed.unwrap_or(0);
    let id = host
        .0
        .store
        .games()
        .create(NewGame {
            game: entry.name().to_string(),
            status: crate::store::GameStatus::Waiting,
            rules: rules.clone(),
            seed: placeholder_seed,
            seats: seats.iter().map(Seat::record).collect(),
            secrets: seats.iter().map(Seat::secret_hash).collect(),
            created: now_ms(),
        })
        .await
        .map_err(|e| HostError::Store(e.to_string()))?;
    // the deal: its seed, secret until the game ends, and the commitment to it that every
    // seat and spectator is shown from the start (`tessera_games::deal`)
    let chosen = seed.is_some();
    let seed = seed_for(host, id, seed);
    let commitment = Commitment::new(seed, rand::random());
    host.0
        .store
        .games()
        .deal(
            id,
            Deal {
                seed,
                salt: commitment.salt.clone(),
                commitment: commitment.hash.clone(),
                chosen,
            },
        )
        .await
        .map_err(|e| HostError::Store(e.to_string()))?;
    // a web table's settings beyond its rules, as its first event: a game that goes
    // on after a restart, and its rematch, keep them
    if settings {
        let mut data = json!({ "delay_ms": delay });
        Clock::write_settings(clock, &mut data);
        if let Some(r) = &rated {
            data["rated"] = serde_json::to_value(r).unwrap_or(Value::Null);
        }
        if let Some(t) = &turns {
            data["turns"] = serde_json::to_value(t).unwrap_or(Value::Null);
        }
        host.0
            .store
            .games()
            .event(id, 0, 0, "settings", data)
            .await
            .map_err(|e| HostError::Store(e.to_string()))?;
    }
    let mut table = Table::new(
        id,
        entry,
        rules,
        seed,
        seats,
        delay,
        host.0.stop.child_token(),
    );
    table.set_clock(clock, None);
    table.commitment = Some(commitment);
    table.seed_chosen = chosen;
    table.rated = rated;
    table.turns = turns;
    table.stored_events = usize::from(settings);
    let table = Arc::new(table);
    // (a seat for a program or for the link's person: the table waits, and expires)
    let open = table.state().seats.iter().any(|s| s.kind.waits());
    lock(&host.0.tables).insert(id, table.clone());
    if open {
        host.0.tables_opened.notify_one();
    }
    Ok(table)
}

/// Starts `table` when no seat is open.
pub(crate) fn start_if_full(host: &Host, table: &Arc<Table>) {
    {
        let mut st = table.state();
        if st.phase != Phase::Waiting || st.seats.iter().any(|s| s.kind.waits()) {
            return;
        }
        st.phase = Phase::Running;
    }
    let task_host = host.clone();
    let table = table.clone();
    host.0
        .tasks
        .spawn(async move { play(&task_host, table, None).await });
}

/// Seats the program `name` (of the bot account `account`, if it signed up with its API
/// token; over `transport`) at `table`'s first open seat.
pub(crate) fn seat_program(
    host: &Host,
    table: &Arc<Table>,
    (name, account): (&str, Option<u64>),
    transport: TcpTransport,
) -> Result<(), Refused> {
    let written = {
        let mut st = table.state();
        if st.phase != Phase::Waiting {
            return Err(Box::new((
                "the table is not waiting for players".into(),
                transport,
            )));
        }
        if st.seats.iter().any(|s| s.name == name) {
            return Err(Box::new((
                format!("the name {name:?} already sits at this table"),
                transport,
            )));
        }
        match st.seats.iter().position(|s| s.kind == SeatKind::Open) {
            None => return Err(Box::new(("the table has no open seat".into(), transport))),
            Some(i) => {
                // a program of Tessera's protocol gets a token at setup to come back
                // with after a restart; the Q course's protocol has no such thing
                let resume = (transport.dialect() == Dialect::Tessera).then(Secret::new);
                st.seats[i] = Seat {
                    name: name.to_string(),
                    kind: SeatKind::Program(resume),
                    account,
                };
                // under the table's lock: the store gets the seats in the order they
                // changed (the last write is the last seats), and the connection is
                // in place before anyone can see the table full and start it
                let records: Vec<SeatRecord> = st.seats.iter().map(Seat::record).collect();
                let secrets: Vec<Option<String>> = st.seats.iter().map(Seat::secret_hash).collect();
                lock(&host.0.programs).insert((table.id, i), transport);
                host.0.store.games().seats(table.id, records, secrets)
            }
        }
    };
    table.changed();
    let id = table.id;
    host.0.tasks.spawn(async move {
        if let Err(e) = written.await {
            tracing::warn!(id = id.0, error = %e, "could not store the seats");
        }
    });
    start_if_full(host, table);
    Ok(())
}
