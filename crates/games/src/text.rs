//! Playing at a terminal, for every game: people type their moves, bots play theirs, the
//! one referee runs the game, and every move is printed with the game's own words
//! ([`crate::Registration::text_move`]).

use crate::entry::{fresh_rng, to_value};
use crate::{EntryError, GameEntry, Registration};
use serde::Serialize;
use serde_json::Value;
use std::io::{BufRead, Write};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use tessera_core::{Record, Seat};
use tessera_referee::{
    async_trait, run, Bot, CancellationToken, Ejection, Observer, Player, PlayerError,
    RefereeConfig, Status, Thinking,
};

/// Standard input and output, or anything a test puts in their place.
pub struct Console {
    input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
}

impl Console {
    /// The process's standard input and output.
    pub fn stdio() -> Console {
        Console {
            input: Box::new(std::io::BufReader::new(std::io::stdin())),
            output: Box::new(std::io::stdout()),
        }
    }

    /// Any input and output.
    pub fn new(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) -> Console {
        Console { input, output }
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.output, "{text}");
        let _ = self.output.flush();
    }

    fn ask(&mut self, prompt: &str) -> Option<String> {
        let _ = write!(self.output, "{prompt}");
        let _ = self.output.flush();
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim().to_string()),
        }
    }
}

/// What to play at the terminal.
pub struct TerminalArgs {
    /// One per seat: `human`, or a bot spec.
    pub players: Vec<String>,
    /// Rule options (a JSON object of rule fields).
    pub options: Value,
    /// The seed of the game.
    pub seed: u64,
    /// Print only the end.
    pub quiet: bool,
    /// Where to read and write.
    pub console: Arc<Mutex<Console>>,
}

/// How a terminal game ended.
#[derive(Clone, Debug, Serialize)]
pub struct TerminalOutcome {
    /// Finished, or aborted (a person left).
    pub status: Status,
    /// The record (replayable).
    pub record: Value,
}

fn lock(c: &Arc<Mutex<Console>>) -> std::sync::MutexGuard<'_, Console> {
    c.lock().unwrap_or_else(|e| e.into_inner())
}

/// A person at the terminal.
struct Typist<G: Registration> {
    name: String,
    names: Vec<String>,
    console: Arc<Mutex<Console>>,
    stop: CancellationToken,
    _game: PhantomData<fn() -> G>,
}

impl<G: Registration> Typist<G> {
    /// Shows the seat its turn and reads a move; `None` when the person leaves.
    fn ask(&self, view: &G::View) -> Option<G::Move> {
        let mut console = lock(&self.console);
        console.say(&G::text_turn(view, &self.names));
        loop {
            let Some(line) = console.ask(&format!("{}> ", self.name)) else {
                console.say("Input ended: the game is abandoned.");
                return None;
            };
            if line == "quit" || line == "q!" {
                console.say("The game is abandoned.");
                return None;
            }
            if line.is_empty() {
                continue;
            }
            match G::parse_text(view, &line) {
                Ok(mv) => return Some(mv),
                Err(e) => console.say(&format!("  {e}")),
            }
        }
    }
}

#[async_trait]
impl<G: Registration> Player<G> for Typist<G> {
    fn name(&self) -> &str {
        &self.name
    }
    async fn setup(&mut self, _: &G::View, _: &[G::Tile]) -> Result<(), PlayerError> {
        Ok(())
    }
    async fn take_turn(&mut self, view: &G::View) -> Result<G::Move, PlayerError> {
        if let Some(mv) = self.ask(view) {
            return Ok(mv);
        }
        // the person left: the game stops (it is not played on by the house)
        self.stop.cancel();
        std::future::pending().await
    }
    async fn refused(&mut self, reason: &str) -> bool {
        lock(&self.console).say(&format!("  refused: {reason}"));
        true
    }
    async fn new_tiles(&mut self, _: &[G::Tile]) -> Result<(), PlayerError> {
        Ok(())
    }
    async fn win(&mut self, _: bool) -> Result<(), PlayerError> {
        Ok(())
    }
    fn deadline(&self, _: Option<std::time::Duration>) -> Option<std::time::Duration> {
        None
    }
}

/// Prints every move.
struct Printer<G: Registration> {
    names: Vec<String>,
    console: Arc<Mutex<Console>>,
    quiet: bool,
    reveal: bool,
    _game: PhantomData<fn() -> G>,
}

#[async_trait]
impl<G: Registration> Observer<G> for Printer<G> {
    fn wants_before(&self) -> bool {
        !self.quiet
    }
    async fn moved(&mut self, before: Option<&G>, game: &G, seat: Seat, mv: &G::Move, house: bool) {
        if self.quiet {
            return;
        }
        let mut text = G::text_move(before, game, seat, mv, &self.names, self.reveal);
        if house {
            text.push_str(" (the house plays for the ejected seat)");
        }
        lock(&self.console).say(&text);
    }
    async fn ejected(&mut self, _game: &G, e: &tessera_referee::Ejected) {
        lock(&self.console).say(&format!("{} is ejected: {}", e.name, e.reason));
    }
}

/// Plays one game of `G` at the terminal.
pub fn play<G: Registration>(
    entry: &dyn GameEntry,
    args: &TerminalArgs,
) -> Result<crate::text::TerminalOutcome, EntryError> {
    let mut players = args.players.clone();
    if let Some(solo) = G::solo() {
        let on = args
            .options
            .get(solo.option)
            .is_some_and(|v| !v.is_null() && v != "");
        if on && players.len() == 1 {
            players.push(solo.bot.to_string());
        }
    }
    let rules_json = entry.rules(players.len(), &args.options)?;
    let bots: Vec<Option<&str>> = players
        .iter()
        .map(|p| (p != "human").then_some(p.as_str()))
        .collect();
    entry.check_seats(&rules_json, &bots)?;
    let rules: G::Rules = serde_json::from_str(&rules_json.to_string())
        .map_err(|e| EntryError::Settings(e.to_string()))?;
    let game = G::new(&rules, args.seed).map_err(|e| EntryError::Settings(e.to_string()))?;
    let humans = bots.iter().filter(|b| b.is_none()).count();
    // names: a person is "you" when alone, else "player N"; a bot is its spec
    let names: Vec<String> = players
        .iter()
        .enumerate()
        .map(|(i, p)| match p.as_str() {
            "human" if humans == 1 => "you".to_string(),
            "human" => format!("player{}", i + 1),
            spec => spec.to_string(),
        })
        .collect();
    let stop = CancellationToken::new();
    let mut seats: Vec<Box<dyn Player<G>>> = Vec::new();
    for (i, p) in players.iter().enumerate() {
        if p == "human" {
            seats.push(Box::new(Typist::<G> {
                name: names[i].clone(),
                names: names.clone(),
                console: args.console.clone(),
                stop: stop.clone(),
                _game: PhantomData,
            }));
        } else {
            let strategy = G::bot(p).map_err(|reason| EntryError::Bot {
                spec: p.clone(),
                reason,
            })?;
            seats.push(Box::new(
                Bot::new(names[i].clone(), strategy, fresh_rng()).thinking(Thinking::Inline),
            ));
        }
    }
    let mut printer = Printer::<G> {
        names: names.clone(),
        console: args.console.clone(),
        quiet: args.quiet,
        reveal: humans == 0,
        _game: PhantomData,
    };
    let config = RefereeConfig {
        per_call: None,
        ejection: Ejection::House,
        ..RefereeConfig::default()
    };
    let record = Record::<G>::new(rules, args.seed, names.clone());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .map_err(|e| EntryError::Play(e.to_string()))?;
    let report = runtime
        .block_on(run(game, record, seats, &config, &mut printer, &stop))
        .map_err(|e| EntryError::Play(e.to_string()))?;
    if report.status == Status::Finished {
        lock(&args.console).say(&G::text_end(&report.game, &names));
    }
    Ok(TerminalOutcome {
        status: report.status,
        record: to_value(&report.record),
    })
}
