//! What a game is, for people and programs choosing one: [`GameInfo`], its rule options,
//! bots, solo mode and house levels.

use serde::Serialize;
use serde_json::Value;
use tessera_words::Msg;

/// A rule option a person can set (the command line's flags and the browser's new-game
/// form are both drawn from it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleOption {
    /// The field of the rules' JSON it sets (and the command-line flag, `--key`, with `_`
    /// written `-`).
    pub key: &'static str,
    /// A short label.
    pub label: Msg,
    /// What it means.
    pub help: Msg,
    /// Which values it takes.
    pub kind: OptionKind,
    /// The default (as in the rules' JSON).
    pub default: Value,
}

/// The values of a [`RuleOption`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum OptionKind {
    /// One of these values (value, label).
    Choice {
        /// The values and their labels.
        values: Vec<(Value, Msg)>,
    },
    /// An integer in a range.
    Integer {
        /// Smallest.
        min: i64,
        /// Largest.
        max: i64,
    },
    /// Letters each switched on (upper case) or off (lower case), e.g. `HmBtg`.
    Letters {
        /// The letters in order (lower case) and what each switches.
        letters: Vec<(char, Msg)>,
    },
}

/// A bot of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotInfo {
    /// The strategy name (a spec is `NAME` or `NAME:key=value,...`).
    pub name: &'static str,
    /// What it does, in a line.
    pub about: Msg,
    /// Its parameters, in a line (empty if none).
    pub params: &'static str,
    /// How strong it plays, in a word for people choosing an opponent (`weak`, `fair`,
    /// `strong`, `strongest`; empty if it does not say).
    pub strength: &'static str,
}

/// A game played alone against a bot (Akropolis against the Architect): when `option` is
/// set, the table is one player's seat and `bot` in the last seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Solo {
    /// The rule option that makes a game solo.
    pub option: &'static str,
    /// The bot that plays against the person.
    pub bot: &'static str,
}

/// What a game is, for people and programs choosing one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameInfo {
    /// The short name (`q`), as in records, sign-ups and URLs.
    pub name: &'static str,
    /// The name for people (`Q`).
    pub title: &'static str,
    /// What it is, in a line.
    pub about: Msg,
    /// Fewest and most seats.
    pub seats: (usize, usize),
    /// The rule options.
    pub options: Vec<RuleOption>,
    /// The bots, the default first.
    pub bots: Vec<BotInfo>,
    /// The solo mode, if any.
    pub solo: Option<Solo>,
    /// Whether a program may sign up for this game with its bare name (a JSON string):
    /// the Q course's sign-up. At most one game of a registry says so.
    pub bare_signup: bool,
    /// The rules for people, in short: what a turn is, how points are scored, how the
    /// game ends (a message a paragraph; none if it does not say).
    pub rules_help: Vec<Msg>,
    /// Whether a person's screen may hold each move for a confirmation before it is sent
    /// (a placement that can be taken back until confirmed).
    pub confirm: bool,
    /// What the house plays for a person whose time ran out (a table's clock, a turn-based
    /// game's deadline), in words for people: the rule of `Registration::clock_move`.
    pub out_of_time: Msg,
    /// The house levels that play in the arena as fixed-rating anchors (weakest first).
    pub levels: Vec<Level>,
}

impl GameInfo {
    /// Every rule option at its default, as a JSON object of `key: default`: the game a
    /// person gets without choosing (the New game form's defaults, the Arena's rules).
    /// The rules' own defaults ([`crate::Registration::default_rules`]) may differ: they
    /// are those of programs (Q: the course's 30 copies of each tile, where people get 3).
    pub fn option_defaults(&self) -> serde_json::Value {
        self.options
            .iter()
            .map(|o| (o.key.to_string(), o.default.clone()))
            .collect::<serde_json::Map<_, _>>()
            .into()
    }
}

/// A house level of the arena: a bot spec `level:N`, what it plays, and its fixed
/// rating on the Elo-like scale (Bradley-Terry fit of a round robin of the levels,
/// docs/strategies.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Level {
    /// The spec (`level:3`).
    pub spec: String,
    /// The spec it stands for (`ismcts:iters=100`).
    pub plays: &'static str,
    /// Its fixed rating.
    pub rating: f64,
}

/// The house levels of a level table (a game's specs, weakest first) with their fixed
/// ratings (one a level).
pub fn levels(table: &[&'static str], ratings: &[f64]) -> Vec<Level> {
    table
        .iter()
        .zip(ratings)
        .enumerate()
        .map(|(i, (plays, &rating))| Level {
            spec: format!("level:{}", i + 1),
            plays,
            rating,
        })
        .collect()
}

/// The house levels as bots of the registry (`level:1` to the last of `table`), each with
/// what it plays (the row of `table`, a game's levels table) and its strength word (one a
/// level).
pub fn level_bots(table: &[&'static str], strengths: &[&'static str]) -> Vec<BotInfo> {
    const NAMES: [&str; tessera_ai::registry::MAX_LEVELS] = [
        "level:1", "level:2", "level:3", "level:4", "level:5", "level:6", "level:7",
    ];
    let of = table.len();
    NAMES
        .iter()
        .zip(table)
        .zip(strengths)
        .enumerate()
        .map(|(i, ((name, plays), strength))| BotInfo {
            name,
            about: level_about(i + 1, of, plays),
            params: "",
            strength,
        })
        .collect()
}

/// What a house level is, in words: `level 3 of 6: dag` (the first and the last, `of`,
/// said to be the weakest and the strongest), for a level bot's `about`.
pub fn level_about(n: usize, of: usize, plays: &str) -> Msg {
    let rank = match n {
        1 => "weakest",
        _ if n == of => "strongest",
        _ => "other",
    };
    tessera_words::words!(
        "bot-level-about",
        n = n,
        of = of,
        rank = rank,
        plays = plays
    )
}
