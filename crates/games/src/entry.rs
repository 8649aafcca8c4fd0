//! Everything generic over a game's [`Registration`], written once ([`Entry`], the
//! [`GameEntry`] of every registered game).

use crate::analysis::{Analysis, AnalysisConfig};
use crate::error::EntryError;
use crate::game_entry::{GameEntry, WireBot};
use crate::info::{GameInfo, OptionKind, RuleOption};
use crate::json::to_value;
use crate::person::Person;
use crate::registration::Registration;
use crate::replay::{Replay, ReplayStep};
use crate::session::{Session, SessionBot};
use crate::table::{MoveInfo, SeatHolder, SeatUpdate, TableReport, TableSetup, TableSink, Update};
use crate::terminal::{TerminalArgs, TerminalOutcome};
use serde_json::{Map, Value};
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use tessera_ai::tournament::{GameResult, TournamentConfig};
use tessera_core::{rng_from_seed, Game, GameRng, Record, Seat, Strategy, View};
use tessera_referee::{async_trait, Bot, CancellationToken, Ejected, Observer, Player, WirePlayer};
use tessera_words::{words, Msg};

/// The registry entry of a registered game.
pub struct Entry<G: Registration> {
    info: GameInfo,
    _game: PhantomData<fn() -> G>,
}

impl<G: Registration> Default for Entry<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Registration> Entry<G> {
    /// The entry of `G`.
    pub fn new() -> Self {
        Entry {
            info: GameInfo {
                name: G::NAME,
                title: G::TITLE,
                about: G::about(),
                seats: G::SEATS,
                options: G::options(),
                bots: G::bots(),
                solo: G::solo(),
                levels: G::levels(),
                bare_signup: G::BARE_SIGNUP,
                rules_help: G::rules_help(),
                confirm: G::CONFIRM,
                out_of_time: Msg::new(G::OUT_OF_TIME),
            },
            _game: PhantomData,
        }
    }

    fn rules_of(&self, rules: &Value) -> Result<G::Rules, EntryError> {
        let r: G::Rules = serde_json::from_str(&rules.to_string())
            .map_err(|e| EntryError::Settings(format!("bad rules: {e}")))?;
        G::new(&r, 0).map_err(|e| EntryError::Settings(e.to_string()))?;
        Ok(r)
    }
}

/// A random generator from the operating system (bots; never derived from a game's seed,
/// which stays secret until the game ends).
pub fn fresh_rng() -> GameRng {
    rng_from_seed(rand::random())
}

fn check_option(o: &RuleOption, v: &Value) -> Result<(), Msg> {
    let bad = || {
        words!(
            "option-not-allowed",
            key = o.key,
            value = v.to_string(),
            allowed = describe_kind(&o.kind)
        )
    };
    match &o.kind {
        OptionKind::Choice { values } => {
            if values.iter().any(|(x, _)| x == v) {
                Ok(())
            } else {
                Err(bad())
            }
        }
        OptionKind::Integer { min, max } => match v.as_i64() {
            Some(n) if (*min..=*max).contains(&n) => Ok(()),
            _ => Err(bad()),
        },
        OptionKind::Letters { letters } => match v.as_str() {
            Some(s)
                if s.len() == letters.len()
                    && s.chars()
                        .zip(letters)
                        .all(|(c, (l, _))| c.to_ascii_lowercase() == *l) =>
            {
                Ok(())
            }
            _ => Err(bad()),
        },
    }
}

fn describe_kind(k: &OptionKind) -> Msg {
    match k {
        OptionKind::Choice { values } => words!(
            "option-one-of",
            values = values
                .iter()
                .map(|(v, _)| v.to_string())
                .collect::<Vec<_>>()
        ),
        OptionKind::Integer { min, max } => {
            words!(
                "option-integer",
                min = min.to_string(),
                max = max.to_string()
            )
        }
        OptionKind::Letters { letters } => words!(
            "option-letters",
            letters = letters.iter().map(|(c, _)| *c).collect::<String>()
        ),
    }
}

/// Follows the referee for the host: builds the [`Update`]s its sink asks for.
struct Follow<G: Registration> {
    sink: Box<dyn TableSink>,
    names: Vec<String>,
    moves: usize,
    _game: PhantomData<fn() -> G>,
}

impl<G: Registration> Follow<G> {
    fn update(&self, game: &G, last: Option<MoveInfo>) -> Update {
        let public = self
            .sink
            .wants_public()
            .then(|| crate::table::json_text(&game.public_view()));
        let to_move = game.to_move();
        let seats = (0..game.seats())
            .filter(|s| self.sink.wants_seat(*s))
            .map(|s| seat_update(game, Seat(s as u8), to_move))
            .collect();
        Update {
            moves: self.moves,
            last,
            to_move: to_move.map(Seat::index),
            scores: game.scores(),
            outcome: game.outcome(),
            public,
            seats,
        }
    }
}

/// What `seat` sees now, with its legal moves and hints when it is to move.
pub fn seat_update<G: Registration>(game: &G, seat: Seat, to_move: Option<Seat>) -> SeatUpdate {
    let view = game.view(seat);
    let mine = to_move == Some(seat);
    SeatUpdate {
        seat: seat.index(),
        legal: if mine {
            crate::table::json_text(&view.legal_moves())
        } else {
            crate::table::json_empty_list()
        },
        hints: if mine {
            crate::table::json_text(&G::hints(&view))
        } else {
            crate::table::json_null()
        },
        view: crate::table::json_text(&view),
    }
}

#[async_trait]
impl<G: Registration> Observer<G> for Follow<G> {
    fn wants_before(&self) -> bool {
        self.sink.wants_public()
    }
    async fn started(&mut self, game: &G) {
        let u = self.update(game, None);
        self.sink.started(u).await;
    }
    async fn moved(&mut self, before: Option<&G>, game: &G, seat: Seat, mv: &G::Move, house: bool) {
        let log = if self.sink.wants_public() {
            G::describe(before, game, seat, mv, &self.names)
        } else {
            Vec::new()
        };
        let info = MoveInfo {
            index: self.moves,
            seat: seat.index(),
            text: serde_json::to_string(mv).unwrap_or_default(),
            house,
            log,
        };
        self.moves += 1;
        let u = self.update(game, Some(info));
        self.sink.moved(u).await;
    }
    async fn ejected(&mut self, game: &G, ejected: &Ejected) {
        let u = self.update(game, None);
        self.sink.ejected(ejected, u).await;
    }
}

/// What the end screen shows of a record that reached its end: `{"reason", "breakdown"}`
/// (see [`Registration::ending`] and [`Registration::breakdown`]); `null` for a game that
/// did not reach its end.
fn end_report<G: Registration>(record: &Record<G>, end: &G) -> Value {
    if end.to_move().is_some() {
        return Value::Null;
    }
    let breakdown = G::new(&record.rules, record.seed)
        .map(|start| G::breakdown(&start, &record.moves, end))
        .unwrap_or(Value::Null);
    serde_json::json!({
        "reason": G::ending(end, &record.players),
        "breakdown": breakdown,
    })
}

/// A bot answering wire calls from their text.
struct GenericWireBot<G: Game> {
    strategy: Box<dyn Strategy<G>>,
    rng: GameRng,
}

impl<G: Game> WireBot for GenericWireBot<G> {
    fn answer(&mut self, call: &str) -> Result<String, String> {
        let (method, args): (String, Vec<Box<serde_json::value::RawValue>>) =
            serde_json::from_str(call).map_err(|e| format!("not a call: {e}"))?;
        if method != "take-turn" {
            return Ok("\"void\"".into());
        }
        let view_text = args.first().ok_or("take-turn without a view")?;
        let view: G::View =
            serde_json::from_str(view_text.get()).map_err(|e| format!("not a view: {e}"))?;
        // (not `legal_moves().is_empty()`: listing every move may cost more than choosing)
        if view.to_move() != Some(view.seat()) {
            return Err("take-turn, but the view says it is not this seat's turn".into());
        }
        let mv = self.strategy.choose(&view, &mut self.rng);
        serde_json::to_string(&mv).map_err(|e| e.to_string())
    }
}

/// Replays the moves (JSON texts) of a table onto a new game; returns the game and its
/// record so far.
fn replayed<G: Registration>(
    rules: G::Rules,
    seed: u64,
    names: &[String],
    moves: &[String],
) -> Result<(G, Record<G>), EntryError> {
    let mut game = G::new(&rules, seed).map_err(|e| EntryError::Settings(e.to_string()))?;
    let mut record = Record::<G>::new(rules, seed, names.to_vec());
    for (i, text) in moves.iter().enumerate() {
        let mv: G::Move =
            serde_json::from_str(text).map_err(|e| EntryError::Record(format!("move {i}: {e}")))?;
        game.play(&mv)
            .map_err(|e| EntryError::Record(format!("move {i} is illegal: {e}")))?;
        record.moves.push(mv);
    }
    Ok((game, record))
}

impl<G: Registration> GameEntry for Entry<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn rules(&self, seats: usize, options: &Value) -> Result<Value, EntryError> {
        let (lo, hi) = G::SEATS;
        if !(lo..=hi).contains(&seats) {
            return Err(EntryError::Refused(words!(
                "game-seats",
                game = G::TITLE,
                lo = lo,
                hi = hi,
                seats = seats
            )));
        }
        let base = G::default_rules(seats).map_err(EntryError::Settings)?;
        let mut rules = to_value(&base);
        let empty = Map::new();
        let given = match options {
            Value::Object(m) => m,
            Value::Null => &empty,
            _ => return Err(EntryError::Refused(words!("options-not-object"))),
        };
        for (k, v) in given {
            if v.is_null() {
                continue;
            }
            let Some(o) = self.info.options.iter().find(|o| o.key == k) else {
                let known: Vec<&str> = self.info.options.iter().map(|o| o.key).collect();
                return Err(EntryError::Refused(words!(
                    "option-unknown",
                    key = format!("{k:?}"),
                    game = G::TITLE,
                    known = known.join(", ")
                )));
            };
            check_option(o, v).map_err(EntryError::Refused)?;
            rules[k.as_str()] = v.clone();
        }
        let r = self.rules_of(&rules)?;
        Ok(to_value(&r))
    }

    fn check_rules(&self, rules: &Value) -> Result<usize, EntryError> {
        let r = self.rules_of(rules)?;
        Ok(G::new(&r, 0).map(|g| g.seats()).unwrap_or(0))
    }

    fn check_bot(&self, spec: &str) -> Result<(), EntryError> {
        G::bot(spec).map(|_| ()).map_err(|reason| EntryError::Bot {
            spec: spec.to_string(),
            reason,
        })
    }

    fn check_seats(&self, rules: &Value, bots: &[Option<&str>]) -> Result<(), EntryError> {
        let r = self.rules_of(rules)?;
        let seats = G::new(&r, 0).map(|g| g.seats()).unwrap_or(0);
        if seats != bots.len() {
            return Err(EntryError::Refused(words!(
                "seats-given",
                given = bots.len(),
                seats = seats
            )));
        }
        for spec in bots.iter().flatten() {
            self.check_bot(spec)?;
        }
        G::check_seats(&r, bots).map_err(EntryError::Refused)
    }

    fn play(
        &self,
        table: TableSetup,
        seats: Vec<SeatHolder>,
        sink: Box<dyn TableSink>,
        stop: CancellationToken,
    ) -> Pin<Box<dyn Future<Output = Result<TableReport, EntryError>> + Send>> {
        let prepared = (|| {
            let rules = self.rules_of(&table.rules)?;
            let (game, record) = replayed::<G>(rules, table.seed, &table.names, &table.moves)?;
            if seats.len() != game.seats() {
                return Err(EntryError::Settings(format!(
                    "{} seats given for a {}-seat game",
                    seats.len(),
                    game.seats()
                )));
            }
            let mut players: Vec<Box<dyn Player<G>>> = Vec::with_capacity(seats.len());
            for (i, holder) in seats.into_iter().enumerate() {
                let name = table
                    .names
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("player{}", i + 1));
                players.push(match holder {
                    SeatHolder::Bot {
                        spec,
                        pace,
                        thinking,
                    } => {
                        let strategy = G::bot(&spec).map_err(|reason| EntryError::Bot {
                            spec: spec.clone(),
                            reason,
                        })?;
                        let mut bot = Bot::new(name, strategy, fresh_rng()).thinking(thinking);
                        if let Some(p) = pace {
                            bot = bot.paced(p);
                        }
                        Box::new(bot)
                    }
                    SeatHolder::Wire(t, token) => Box::new(
                        WirePlayer::<G>::new(name, t)
                            .with_resume(token)
                            .with_commitment(table.commitment.clone())
                            .with_per_call(table.referee.per_call)
                            .with_legal(G::legal),
                    ),
                    SeatHolder::Person(link) => {
                        Box::new(Person::<G>::new(name, link).with_clock_move(G::clock_move))
                    }
                });
            }
            Ok((game, record, players))
        })();
        let names = table.names.clone();
        let config = table.referee.clone();
        let ejected = table.ejected.clone();
        Box::pin(async move {
            let (game, record, players) = prepared?;
            let mut follow = Follow::<G> {
                sink,
                names,
                moves: record.moves.len(),
                _game: PhantomData,
            };
            let report = tessera_referee::resume(
                game,
                record,
                ejected,
                players,
                &config,
                &mut follow,
                &stop,
            )
            .await
            .map_err(|e| EntryError::Play(e.to_string()))?;
            Ok(TableReport {
                status: report.status,
                end: end_report(&report.record, &report.game),
                record: to_value(&report.record),
                scores: report.game.scores(),
                winners: report.winners.iter().map(|s| s.index()).collect(),
                ejected: report.ejected,
                outcome: report.record.outcome.clone(),
                turn_times: report.turn_times,
                work_times: report.work_times,
            })
        })
    }

    fn preview(&self, view: &str, mv: &str) -> Option<Result<i64, Msg>> {
        let view: G::View = match serde_json::from_str(view) {
            Ok(v) => v,
            Err(e) => return Some(Err(words!("preview-unreadable-view", why = e.to_string()))),
        };
        match crate::person::read_move::<G::Move>(mv) {
            Ok(m) => G::preview(&view, &m),
            Err(why) => Some(Err(why)),
        }
    }

    fn replay(&self, record: &Value) -> Result<Replay, EntryError> {
        let (record, mut game) = crate::record::read_record::<G>(record)?;
        let names = record.players.clone();
        let mut steps = vec![ReplayStep {
            index: None,
            seat: None,
            text: None,
            log: vec![words!("replay-start")],
            public: to_value(&game.public_view()),
            scores: game.scores(),
            to_move: game.to_move().map(Seat::index),
        }];
        for (i, mv) in record.moves.iter().enumerate() {
            let seat = game
                .to_move()
                .ok_or_else(|| EntryError::Record(format!("move {i} after the end")))?;
            let before = game.clone();
            game.play(mv)
                .map_err(|e| EntryError::Record(format!("move {i} is illegal: {e}")))?;
            steps.push(ReplayStep {
                index: Some(i),
                seat: Some(seat.index()),
                text: Some(serde_json::to_string(mv).unwrap_or_default()),
                log: G::describe(Some(&before), &game, seat, mv, &names),
                public: to_value(&game.public_view()),
                scores: game.scores(),
                to_move: game.to_move().map(Seat::index),
            });
        }
        if record.outcome.is_some() && record.outcome != game.outcome() {
            return Err(EntryError::Record(format!(
                "the replayed outcome {:?} differs from the recorded {:?}",
                game.outcome(),
                record.outcome
            )));
        }
        Ok(Replay {
            game: G::NAME.to_string(),
            players: names,
            rules: to_value(&record.rules),
            outcome: game.outcome(),
            end: end_report(&record, &game),
            steps,
        })
    }

    fn tournament(
        &self,
        rules: Option<&Value>,
        config: &TournamentConfig,
        done: &(dyn Fn(&GameResult) + Sync),
    ) -> Result<Vec<GameResult>, EntryError> {
        if let (Some(solo), Some(r)) = (G::solo(), rules) {
            if r.get(solo.option).is_some_and(|v| !v.is_null()) {
                // rotating the seats would put the solo bot in the player's seat
                return Err(EntryError::Settings(format!(
                    "a solo game ({:?} set) keeps its seats: play it as a solo tournament \
                     (tessera tournament --solo)",
                    solo.option
                )));
            }
        }
        let rules = match rules {
            Some(r) => self.rules_of(r)?,
            None => G::default_rules(config.players.len()).map_err(EntryError::Settings)?,
        };
        G::new(&rules, 0)
            .map_err(|e| EntryError::Settings(format!("the rules are refused: {e}")))?;
        tessera_ai::tournament::play::<G>(&rules, config, &|s| G::bot(s), done)
            .map_err(EntryError::Play)
    }

    fn solo_tournament(
        &self,
        rules: &Value,
        config: &TournamentConfig,
        done: &(dyn Fn(&GameResult) + Sync),
    ) -> Result<Vec<GameResult>, EntryError> {
        let Some(solo) = G::solo() else {
            return Err(EntryError::Settings(format!(
                "{} has no solo game",
                G::TITLE
            )));
        };
        let rules_json = rules;
        let rules = self.rules_of(rules)?;
        if rules_json.get(solo.option).is_none_or(Value::is_null) {
            return Err(EntryError::Settings(format!(
                "these rules are not a solo game: set {:?}",
                solo.option
            )));
        }
        let bots: Vec<Option<&str>> = config.players.iter().map(|p| Some(p.as_str())).collect();
        self.check_seats(rules_json, &bots)
            .map_err(|e| EntryError::Settings(e.to_string()))?;
        tessera_ai::tournament::play_fixed::<G>(&rules, config, &|s| G::bot(s), done)
            .map_err(EntryError::Play)
    }

    fn wire_bot(&self, spec: &str) -> Result<Box<dyn WireBot>, EntryError> {
        let strategy = G::bot(spec).map_err(|reason| EntryError::Bot {
            spec: spec.to_string(),
            reason,
        })?;
        Ok(Box::new(GenericWireBot::<G> {
            strategy,
            rng: fresh_rng(),
        }))
    }

    fn terminal(&self, args: &TerminalArgs) -> Result<TerminalOutcome, EntryError> {
        crate::text::play::<G>(self, args)
    }

    fn harness(
        &self,
        args: &[String],
        input: &mut dyn std::io::BufRead,
        output: &mut dyn std::io::Write,
    ) -> Option<Result<(), String>> {
        G::harness(args, input, output)
    }

    fn bench(&self, seconds: f64) -> Option<Value> {
        G::bench(seconds)
    }

    fn session(
        &self,
        rules: &Value,
        seed: u64,
        players: &[String],
    ) -> Result<Box<dyn Session>, EntryError> {
        crate::session::start::<G>(rules, seed, players)
    }

    fn load(&self, record: &Value) -> Result<Box<dyn Session>, EntryError> {
        crate::session::load::<G>(record)
    }

    fn determinize(&self, view: &Value, seed: u64) -> Result<Box<dyn Session>, EntryError> {
        crate::session::determinize::<G>(view, seed)
    }

    fn session_bot(&self, spec: &str, seed: u64) -> Result<SessionBot, EntryError> {
        crate::session::bot::<G>(spec, seed)
    }

    fn analyze(
        &self,
        record: &Value,
        seats: &[usize],
        config: &AnalysisConfig,
        progress: &mut dyn FnMut(usize, usize) -> bool,
    ) -> Result<Analysis, EntryError> {
        crate::analysis::analyze::<G>(record, seats, config, progress)
    }
}
