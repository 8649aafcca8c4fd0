//! The registry of Tessera's games: their list ([`Registry::standard`]), beside the AI
//! crate's table of their bots, levels and learned evaluations (`tessera_ai::registry`);
//! no other file outside the rules crates names two games (`scripts/game-names`).
//!
//! Each game registers once ([`Registration`], implemented next to its rules: name, seat
//! range, rule options, bots, and the optional hints for browsers and people at a
//! terminal). [`Registry`] holds one [`GameEntry`] per game; the host, the command line
//! and the tournaments iterate it and never match on game names. Everything generic over
//! a game is written once here ([`GameEntry`]'s implementation for every registration):
//! tables played by the one referee with any mix of seats ([`SeatHolder`]), replays,
//! analyses ([`analysis`]), tournaments, bots that answer calls from their wire form.
//!
//! ```
//! use tessera_games::Registry;
//! let registry = Registry::standard();
//! let q = registry.get("q").unwrap();
//! assert_eq!(q.info().seats, (2, 4));
//! assert!(q.info().bots.iter().any(|b| b.name == "ldasg"));
//! let rules = q.rules(2, &serde_json::json!({"copies": 2})).unwrap();
//! assert_eq!(rules["copies"], 2);
//! assert!(registry.get("chess").is_none());
//! ```
#![deny(missing_docs)]

pub mod analysis;
pub mod deal;
mod entry;
mod error;
mod game_entry;
mod info;
mod json;
mod log;
pub mod person;
mod record;
mod registration;
mod registry;
pub mod replay;
pub mod session;
pub mod table;
mod terminal;
pub mod text;

pub mod akropolis;
pub mod q;
pub mod triominos;

pub use entry::Entry;
pub use error::EntryError;
pub use game_entry::{GameEntry, WireBot};
pub use info::{
    level_about, level_bots, levels, BotInfo, GameInfo, Level, OptionKind, RuleOption, Solo,
};
pub use person::PersonLink;
pub use registration::Registration;
pub use registry::Registry;
pub use replay::{Replay, ReplayStep};
pub use session::{Session, SessionBot};
pub use table::{
    json_empty_list, json_null, json_text, JsonText, MoveInfo, SeatHolder, SeatUpdate, TableReport,
    TableSetup, TableSink, Update,
};
pub use tessera_encode::{ActionError, Encode, Layout, Position, Segment};
pub use tessera_words::{words, Arg, Msg};

/// Points with their sign, as the log shows them (`+4`, `-5`, `+0`).
pub fn signed(points: i32) -> String {
    format!("{points:+}")
}
