//! Text, for every game: playing at a terminal (people type their moves, bots play theirs,
//! the one referee runs the game, and every move is printed with the game's own words,
//! [`crate::Registration::text_move`]), and the line protocol of the conformance harnesses
//! ([`line_harness`]).

pub use crate::terminal::{Console, TerminalArgs, TerminalOutcome};

use crate::error::EntryError;
use crate::game_entry::GameEntry;
use crate::json::to_value;
use crate::registration::Registration;
use serde_json::{json, Value};
use std::io::{BufRead, Write};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use tessera_core::{derive_seed, rng_from_seed, Record, Seat};
use tessera_referee::{
    async_trait, run, Bot, CancellationToken, Ejection, Observer, Player, PlayerError,
    RefereeConfig, Status, Thinking,
};

fn lock(c: &Arc<Mutex<Console>>) -> std::sync::MutexGuard<'_, Console> {
    c.lock().unwrap_or_else(|e| e.into_inner())
}

/// A person at the terminal.
struct Typist<G: Registration> {
    name: String,
    names: Vec<String>,
    console: Arc<Mutex<Console>>,
    stop: CancellationToken,
    /// Whether other people share the terminal.
    shared: bool,
    /// Whether the last move was refused (the turn is then not shown again).
    retry: bool,
    _game: PhantomData<fn() -> G>,
}

/// The words that end a game at the terminal.
const QUIT: [&str; 2] = ["quit", "q!"];

impl<G: Registration> Typist<G> {
    /// Shows the seat its turn and reads a move; `None` when the person leaves.
    fn ask(&mut self, view: &G::View) -> Option<G::Move> {
        let mut console = lock(&self.console);
        let abandon = |console: &mut Console, why: &str| {
            console.say(why);
            None
        };
        if !std::mem::take(&mut self.retry) {
            if self.shared && G::text_secret() {
                let prompt = format!(
                    "\n{}: press Enter when only you can see the screen ",
                    self.name
                );
                match console.ask(&prompt) {
                    None => return abandon(&mut console, "Input ended: the game is abandoned."),
                    Some(l) if QUIT.contains(&l.as_str()) => {
                        return abandon(&mut console, "The game is abandoned.")
                    }
                    Some(_) => {}
                }
            }
            console.say(&G::text_turn(view, &self.names));
        }
        loop {
            let Some(line) = console.ask(&format!("{}> ", self.name)) else {
                return abandon(&mut console, "Input ended: the game is abandoned.");
            };
            if QUIT.contains(&line.as_str()) {
                return abandon(&mut console, "The game is abandoned.");
            }
            if line.is_empty() {
                continue;
            }
            if line == "help" || line == "?" {
                console.say(&G::text_help(view));
                continue;
            }
            if let Some(answer) = G::text_request(view, &line) {
                console.say(&answer);
                continue;
            }
            match G::parse_text(view, &line) {
                Ok(mv) => return Some(mv),
                Err(e) => console.say(&e),
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
    async fn refused(&mut self, reason: &tessera_words::Msg) -> bool {
        lock(&self.console).say(&format!("Not allowed: {reason}"));
        self.retry = true;
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
    /// The seats whose moves may be shown in full (what they drew, say): every seat when
    /// nobody at the terminal plays, the person's own when one person plays.
    reveal: Vec<bool>,
    _game: PhantomData<fn() -> G>,
}

#[async_trait]
impl<G: Registration> Observer<G> for Printer<G> {
    fn wants_before(&self) -> bool {
        !self.quiet
    }
    async fn started(&mut self, game: &G) {
        let text = G::text_start(game, &self.names);
        if !self.quiet && !text.is_empty() {
            lock(&self.console).say(&text);
        }
    }
    async fn moved(&mut self, before: Option<&G>, game: &G, seat: Seat, mv: &G::Move, house: bool) {
        if self.quiet {
            return;
        }
        let reveal = self.reveal.get(seat.index()).copied().unwrap_or(false);
        let mut text = G::text_move(before, game, seat, mv, &self.names, reveal);
        if house {
            text.push_str(" (the house plays for the ejected seat)");
        }
        if !text.is_empty() {
            lock(&self.console).say(&text);
        }
    }
    async fn ejected(&mut self, _game: &G, e: &tessera_referee::Ejected) {
        lock(&self.console).say(&format!("{} is ejected: {}", e.name, e.reason));
    }
}

/// Lays the fields of `over` (a JSON object; `null` fields are skipped) over `rules`.
fn lay_over(rules: &mut Value, over: &Value, what: &str) -> Result<(), EntryError> {
    match over {
        Value::Null => Ok(()),
        Value::Object(m) => {
            for (k, v) in m.iter().filter(|(_, v)| !v.is_null()) {
                rules[k.as_str()] = v.clone();
            }
            Ok(())
        }
        _ => Err(EntryError::Settings(format!("{what} is not a JSON object"))),
    }
}

/// Plays one game of `G` at the terminal: prints a line naming the game, its players and
/// its seed, then [`Registration::text_start`], every move
/// ([`Registration::text_move`], unless quiet) and the end ([`Registration::text_end`]).
pub fn play<G: Registration>(
    entry: &dyn GameEntry,
    args: &TerminalArgs,
) -> Result<TerminalOutcome, EntryError> {
    let mut players = args.players.clone();
    if let Some(solo) = G::solo() {
        let set = |v: Option<&Value>| v.is_some_and(|v| !v.is_null() && v != "");
        let on = set(args.options.get(solo.option))
            || set(args.rules.as_ref().and_then(|r| r.get(solo.option)));
        if on && players.len() == 1 {
            players.push(solo.bot.to_string());
        }
    }
    let mut rules_json = entry.rules(players.len(), &args.options)?;
    if let Some(more) = &args.rules {
        lay_over(&mut rules_json, more, "the rules")?;
        lay_over(&mut rules_json, &args.options, "the options")?;
        let seats = entry.check_rules(&rules_json)?;
        if seats != players.len() {
            return Err(EntryError::Settings(format!(
                "the rules are for {seats} players, but {} are given",
                players.len()
            )));
        }
    }
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
                shared: humans > 1,
                retry: false,
                _game: PhantomData,
            }));
        } else {
            let strategy = G::bot(p).map_err(|reason| EntryError::Bot {
                spec: p.clone(),
                reason,
            })?;
            // at the terminal the seed is printed: the bots may derive theirs from it
            let rng = rng_from_seed(derive_seed(args.seed, 1 + i as u64));
            seats.push(Box::new(
                Bot::new(names[i].clone(), strategy, rng).thinking(Thinking::Inline),
            ));
        }
    }
    lock(&args.console).say(&format!(
        "{}: {} players ({}), seed {}",
        G::TITLE,
        names.len(),
        names.join(", "),
        args.seed
    ));
    let mut printer = Printer::<G> {
        names: names.clone(),
        console: args.console.clone(),
        quiet: args.quiet,
        reveal: bots
            .iter()
            .map(|b| humans == 0 || (humans == 1 && b.is_none()))
            .collect(),
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

/// Speaks a line protocol: one JSON request per line in, one JSON answer per line out
/// (the conformance harnesses of Triominos and Akropolis). `answer` turns a request line
/// into its answer and never fails: errors are answers (`{"error": ...}`); a line that is
/// not UTF-8 is answered `{"error": "input is not UTF-8"}` and a panic while answering
/// `{"error": "internal error"}`. Blank lines are skipped. Answers are flushed whenever no
/// more input is already buffered (never waiting), so that a client waiting for an answer
/// gets it while batches of requests are answered in bulk.
pub fn line_harness(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    mut answer: impl FnMut(&str) -> Value,
) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(output);
    // a buffer of our own, to know whether more input is already here
    let mut input = std::io::BufReader::with_capacity(1 << 16, input);
    let mut line = String::new();
    loop {
        line.clear();
        let n = match input.read_line(&mut line) {
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                // not UTF-8 (the line is consumed): answer with an error and go on
                writeln!(out, "{}", json!({"error": "input is not UTF-8"}))?;
                out.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        if n == 0 {
            break;
        }
        let request = line.trim();
        if request.is_empty() {
            continue;
        }
        let value = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(request)))
            .unwrap_or_else(|_| json!({"error": "internal error"}));
        writeln!(out, "{value}")?;
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_protocol_answers_every_line() {
        let mut input: &[u8] = b"1\n\nbad \xff line\n  2 \npanic\n3";
        let mut output = Vec::new();
        line_harness(&mut input, &mut output, |l| {
            if l == "panic" {
                panic!("asked to");
            }
            json!({ "echo": l })
        })
        .unwrap();
        let lines: Vec<&str> = std::str::from_utf8(&output).unwrap().lines().collect();
        assert_eq!(
            lines,
            [
                r#"{"echo":"1"}"#,
                r#"{"error":"input is not UTF-8"}"#,
                r#"{"echo":"2"}"#,
                r#"{"error":"internal error"}"#,
                r#"{"echo":"3"}"#,
            ]
        );
    }

    #[test]
    fn rules_are_laid_over() {
        let mut r = json!({"players": 2, "copies": 30});
        lay_over(&mut r, &json!({"copies": 2, "hand_size": null}), "x").unwrap();
        assert_eq!(r, json!({"players": 2, "copies": 2}));
        assert!(lay_over(&mut r, &json!([1]), "x").is_err());
    }
}
