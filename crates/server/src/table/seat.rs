//! A table's seat: who holds it (a bot, a person, a program, nobody yet) and what the
//! store keeps of it.

use crate::store::SeatRecord;
use crate::vocab::secret::Secret;

/// Who holds a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A bot of the registry (its spec).
    Bot(String),
    /// A person, with the token that proves it.
    Person(Secret),
    /// A program over TCP (seated), with the token that lets it take its seat again after
    /// a restart (none for the Q course's programs, whose protocol has no such thing).
    Program(Option<Secret>),
    /// Waiting for a program.
    Open,
    /// Waiting for the person who has the table's invitation link, its code as a secret
    /// (stored hashed: it outlives a restart; taken once: `crate::concerns::join`).
    Invited(Secret),
}

impl SeatKind {
    /// The kind's name (`bot`, `person`, `program`, `open`, `invited`).
    pub fn as_str(&self) -> &'static str {
        match self {
            SeatKind::Bot(_) => "bot",
            SeatKind::Person(_) => "person",
            SeatKind::Program(_) => "program",
            SeatKind::Open => "open",
            SeatKind::Invited(_) => "invited",
        }
    }

    /// Whether nobody holds it yet (a program's seat left open, a seat for the link's
    /// person).
    pub fn waits(&self) -> bool {
        matches!(self, SeatKind::Open | SeatKind::Invited(_))
    }
}

/// A seat.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The player's name (empty while open).
    pub name: String,
    /// Who holds it.
    pub kind: SeatKind,
    /// The account that holds it, where one does (a person seated under their account's
    /// name by its session, a program signed up with its bot account's API token, an
    /// account of a rated or turn-based table): a ban of the account resigns it.
    pub account: Option<u64>,
}

impl Seat {
    /// What the store keeps of its secret (a person's token, a program's resume token):
    /// the hash.
    pub fn secret_hash(&self) -> Option<String> {
        match &self.kind {
            SeatKind::Person(t) | SeatKind::Invited(t) => Some(t.hash()),
            SeatKind::Program(t) => t.as_ref().map(Secret::hash),
            _ => None,
        }
    }

    /// As stored.
    pub fn record(&self) -> SeatRecord {
        SeatRecord {
            name: self.name.clone(),
            kind: self.kind.as_str().to_string(),
            spec: match &self.kind {
                SeatKind::Bot(s) => Some(s.clone()),
                _ => None,
            },
            account: self.account,
        }
    }
}
