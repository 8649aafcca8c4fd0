//! What a game tells the registry about itself, beyond its rules ([`Registration`]):
//! implemented once per game, next to its rules.

use crate::info::{BotInfo, Level, RuleOption, Solo};
use serde_json::Value;
use tessera_ai::Evaluate;
use tessera_core::{Determinize, Seat, Strategy, View};
use tessera_encode::Encode;
use tessera_referee::Legal;
use tessera_words::{words, Msg};

/// What a game tells the registry about itself, beyond its rules ([`Game`](tessera_core::Game)). Implemented
/// once per game; only [`Registration::TITLE`] .. [`Registration::bot`] are required, the
/// rest (hints for people, a conformance harness, a benchmark) are optional. A game also
/// gives the search what it needs ([`Determinize`] and [`Evaluate`], whose methods all
/// have defaults) and learning its fixed-size encoding ([`Encode`]): the analysis of its games ([`GameEntry::analyze`](crate::GameEntry::analyze)) comes from them.
pub trait Registration: Determinize + Evaluate + Encode {
    /// The game's name for people.
    const TITLE: &'static str;
    /// What it is, in a line.
    fn about() -> Msg;
    /// Fewest and most seats.
    const SEATS: (usize, usize);

    /// The standard rules for `seats` seats.
    fn default_rules(seats: usize) -> Result<Self::Rules, String>;
    /// The rule options people may set (fields of the rules' JSON).
    fn options() -> Vec<RuleOption> {
        Vec::new()
    }
    /// The bots (the default first).
    fn bots() -> Vec<BotInfo>;
    /// A bot by spec (`NAME` or `NAME:key=value,...`).
    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String>;
    /// The solo mode, if the game has one.
    fn solo() -> Option<Solo> {
        None
    }
    /// The house levels of the arena (`level:1` weakest first), each with the spec it
    /// plays and its fixed rating (the arena's anchors); none by default: the game's
    /// rated games then pair people and programs only.
    fn levels() -> Vec<Level> {
        Vec::new()
    }
    /// Whether programs may sign up with their bare name (the Q course's sign-up, whose
    /// programs speak nothing but the calls).
    const BARE_SIGNUP: bool = false;
    /// The rules for people, in short (shown beside the game in the browser): what a turn
    /// is, how points are scored, how the game ends. A message a paragraph.
    fn rules_help() -> Vec<Msg> {
        Vec::new()
    }
    /// Whether a person's screen may hold a move for a confirmation before sending it
    /// (a placement taken back until confirmed); no rule changes, the server sees only
    /// the confirmed move.
    const CONFIRM: bool = false;
    /// What [`Registration::clock_move`] plays, in words for people: the id of a message
    /// of the catalogues (the rules help and the New game form say it: a person out of
    /// time, at a table with a clock or in a turn-based game, gets this move played for
    /// them).
    const OUT_OF_TIME: &'static str = "out-of-time-first-move";
    /// Why the game ended, in words for people (`game` is over; `names` by seat): the
    /// target reached, a hand placed, a round without a placement. `None` when the game
    /// does not say.
    fn ending(_game: &Self, _names: &[String]) -> Option<Msg> {
        None
    }
    /// The final scores broken down for the end screen: `{"columns": [LABEL (a message), ...],
    /// "rows": [[VALUE, ...] per seat]}` (the last column the total), from the game's
    /// start, its moves and its end. `null` (the default): no breakdown.
    fn breakdown(_start: &Self, _moves: &[Self::Move], _end: &Self) -> Value {
        Value::Null
    }
    /// Where a move puts its tile, in words (`at N01E02, turned twice`): what tells two
    /// moves apart when [`Registration::describe`] words them alike (the same tile for the
    /// same points elsewhere), as the analysis lists them. Default: the move's notation.
    fn move_place(mv: &Self::Move) -> Msg {
        words!(
            "move-as",
            notation = serde_json::to_string(mv).unwrap_or_default()
        )
    }
    /// The move played for a person whose time for a turn ran out (a table with a
    /// clock): a move that changes the least, from the seat's view. Default: the first
    /// legal move.
    fn clock_move(view: &Self::View) -> Option<Self::Move> {
        view.legal_moves().into_iter().next()
    }
    /// Checks who sits where: `bots[i]` is seat `i`'s bot spec, `None` for a person or a
    /// program.
    fn check_seats(_rules: &Self::Rules, _bots: &[Option<&str>]) -> Result<(), Msg> {
        Ok(())
    }
    /// What a person's screen needs beyond the view to draw the seat's legal moves
    /// (spots, scores); `null` by default: a generic screen lists the legal moves.
    fn hints(_view: &Self::View) -> Value {
        Value::Null
    }
    /// What `mv` would score for the seat of `view` if it were played now, without playing
    /// it (a person's screen shows the points of tiles put down before they are sent), or
    /// why it would be refused. `None` (the default): the game says nothing of this move.
    fn preview(_view: &Self::View, _mv: &Self::Move) -> Option<Result<i64, Msg>> {
        None
    }
    /// The seat's legal moves as sent with `take-turn` to a program that asked for them
    /// (`"moves": true` in its sign-up; docs/protocol.md, 1.3). Each in the game's MOVE
    /// form. Default: every legal move of the view, no gains.
    fn legal(view: &Self::View) -> Legal<Self::Move> {
        Legal::complete(view.legal_moves())
    }
    /// What a move did, in words, public information only (`before`: the state before it,
    /// when known). Default: the move's JSON and the points it gained.
    fn describe(
        before: Option<&Self>,
        after: &Self,
        seat: Seat,
        mv: &Self::Move,
        names: &[String],
    ) -> Vec<Msg> {
        let who = names
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| seat.to_string());
        let what = serde_json::to_string(mv).unwrap_or_default();
        let gained = before.map(|b| {
            after.scores().get(seat.index()).copied().unwrap_or(0)
                - b.scores().get(seat.index()).copied().unwrap_or(0)
        });
        vec![match gained {
            Some(g) if g != 0 => words!(
                "move-default-points",
                who = who,
                what = what,
                points = crate::signed(g)
            ),
            _ => words!("move-default", who = who, what = what),
        }]
    }
    /// At a terminal: what a person sees on its turn (default: its view as JSON and the
    /// numbered legal moves).
    fn text_turn(view: &Self::View, _names: &[String]) -> String {
        let mut out = serde_json::to_string_pretty(view).unwrap_or_default();
        for (i, m) in view.legal_moves().iter().enumerate() {
            out.push_str(&format!(
                "\n  {:>3}. {}",
                i + 1,
                serde_json::to_string(m).unwrap_or_default()
            ));
        }
        out
    }
    /// At a terminal: a person's typed move (default: the number of a listed legal move,
    /// or the move's JSON).
    fn parse_text(view: &Self::View, line: &str) -> Result<Self::Move, String> {
        let moves = view.legal_moves();
        if let Ok(k) = line.trim().parse::<usize>() {
            return moves
                .get(k.wrapping_sub(1))
                .cloned()
                .ok_or_else(|| format!("choose 1 to {}", moves.len()));
        }
        serde_json::from_str(line).map_err(|e| format!("not a move: {e}"))
    }
    /// At a terminal: what is printed after a move (default: [`Registration::describe`]).
    /// `reveal`: whether the move's private part (a drawn tile) may be shown, i.e. nobody
    /// at the terminal plays, or the move is the one person's own.
    fn text_move(
        before: Option<&Self>,
        after: &Self,
        seat: Seat,
        mv: &Self::Move,
        names: &[String],
        _reveal: bool,
    ) -> String {
        Self::describe(before, after, seat, mv, names)
            .iter()
            .map(Msg::english)
            .collect::<Vec<_>>()
            .join("\n")
    }
    /// At a terminal: the end of the game (default: the scores).
    fn text_end(game: &Self, names: &[String]) -> String {
        let scores = game.scores();
        names
            .iter()
            .zip(scores)
            .map(|(n, s)| format!("{n}: {s}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
    /// At a terminal: what is printed when the game starts, after the line naming the
    /// game, its players and its seed (default: nothing).
    fn text_start(_game: &Self, _names: &[String]) -> String {
        String::new()
    }
    /// At a terminal: what `help` (or `?`) shows a person on its turn.
    fn text_help(_view: &Self::View) -> String {
        "Type the number of a listed move, or the move's JSON; `quit` abandons the game.".into()
    }
    /// At a terminal: the answer to a typed line that asks for something rather than
    /// being a move (Akropolis's `list`), or `None` when the line should be read as a
    /// move (default: no such requests).
    fn text_request(_view: &Self::View, _line: &str) -> Option<String> {
        None
    }
    /// At a terminal: whether a seat's view holds what the others must not see (its
    /// tiles). When it does and several people share the terminal, each is asked to make
    /// sure nobody else is looking before its turn is shown (default: true).
    fn text_secret() -> bool {
        true
    }
    /// The game's conformance protocol, if it has one.
    fn harness(
        _args: &[String],
        _input: &mut dyn std::io::BufRead,
        _output: &mut dyn std::io::Write,
    ) -> Option<Result<(), String>> {
        None
    }
    /// The engine's benchmark, if it has one: figures measured for `seconds` each.
    fn bench(_seconds: f64) -> Option<Value> {
        None
    }
}
