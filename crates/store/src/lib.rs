//! Tessera's store: every game of the host, whoever played it, with its move log, its
//! events and its seats' secrets (as hashes), the nodes of a site, and the Arena's rows
//! (accounts, API tokens and sessions as hashes, ratings, rated seats); in an embedded
//! SQLite file (the default) or in PostgreSQL (several nodes on one database).
//!
//! A game is a row of `games` (created when its table is, so its id, a [`GameId`], is never
//! handed out twice) and its moves, appended one row each to `moves` as they are played: a
//! game's record is its log. Writes of games go through one writer thread per store that
//! commits whatever is queued in one transaction (group commit); reads use their own
//! connection. On PostgreSQL each game has an `owner` (the node that runs it): every write
//! of a game is made only where its owner is this node, so a node whose games were taken
//! over can no longer write them (fencing), and `nodes` holds each node's heartbeat (its
//! lease). See docs/architecture.md.
//!
//! # The handle and its facets
//!
//! A [`Store`] is opened ([`Store::start`], [`Store::open`]) and says where it is; its
//! operations are those of its facets, one type per concern, each in a file of its own
//! over the store's core (the writer's channel and the reader of either backend, which
//! imports none of them): [`Store::games`] ([`Games`]: a game's rows, seats, moves,
//! events, its end, the lists and reads of games), [`Store::nodes`] ([`Nodes`]: leases,
//! takeovers, who runs which game or seat, the stream of changed games),
//! [`Store::accounts`] ([`Accounts`]: the Arena's accounts, API tokens and sessions) and
//! [`Store::ratings`] ([`Ratings`]: ratings, rated games, rating a game) and
//! [`Store::admin`] ([`Admin`]: the operator's bans and aborts, and their log; the
//! operator's command opens an [`AdminDb`] beside the hosts) and [`Store::turns`]
//! ([`Turns`]: turn-based games, their accounts, turns with deadlines, and emails) and
//! [`Store::invitations`] ([`Invitations`]: games waiting for the consent of their invited
//! seats, and the turn-based games counted against their caps). So a move is
//! `store.games().append(...)`. The studies of `tessera tournament`, the queue of
//! their jobs for `tessera worker`s and their games' results are the [`TournamentDb`]'s,
//! which those commands open beside any host (no node of the site), in the same schema.
//!
//! # One text for both backends
//!
//! Every SQL statement is written once, as a `&'static str` per dialect made at compile
//! time by `sql!` (`dialect.rs`) from one sequence of literals and the names of a small
//! static table of where the dialects differ (`INTEGER PRIMARY KEY AUTOINCREMENT` or
//! `BIGSERIAL PRIMARY KEY`, `FOR SHARE` or nothing, the database's clock, ...); the
//! schema too (`schema.rs`). Placeholders are `$1..$n` in both dialects (SQLite takes
//! them as named parameters; they are bound by name). No SQL is built at run time: no
//! `format!` or concatenation of SQL anywhere in this crate, only `concat!` of literals.
//!
//! Every operation (create a game, append a move, create an account, rate a game, ...)
//! is one `async fn` generic over the one difference between the backends, the crate's
//! `Sql` trait (run a statement with parameters, get rows), implemented for a rusqlite
//! connection (it completes at once, driven on the SQLite writer's or reader's thread)
//! and for tokio-postgres' client and transaction. Both backends enforce the same
//! constraints (foreign keys on SQLite too), reported as the same [`StoreError`]s.

#![deny(missing_docs)]

#[macro_use]
mod dialect;
#[macro_use]
mod schema;
mod store;

mod accounts;
mod admin;
mod chat;
mod error;
mod game_id;
mod games;
mod invitations;
mod job;
mod model;
mod nodes;
mod pg;
mod ratings;
mod signups;
mod sql;
mod sqlite;
mod status;
mod tournaments;
mod turns;

#[cfg(test)]
mod tests;

pub use accounts::{Account, AccountKind, TokenInfo};
pub use admin::{abort_reason, aborted_result, Ban, LiveGame, LogEntry, PendingAbort};
pub use chat::{ChatLine, ChatReport, NewLine};
pub use error::{Refused, StoreError, Violation};
pub use game_id::{GameId, NotAGameId};
pub use invitations::{Counted, Invitation, InvitationState, Invitee, NewInvitation};
pub use model::{
    is_live, is_postgres, names_at, now_ms, redacted, secret_hash, Deal, EjectionNote, GameSummary,
    ListQuery, NewGame, NodeInfo, SeatOwner, SeatRecord, SecretsAndEvents, StoredGame, Unfinished,
    MAX_PAGE,
};
pub use ratings::{HouseRecord, RateFn, RatedPlayer, RatedRow, RatingRow, RatingUpdate};
pub use signups::DAY_MS;
pub use sqlite::{backup_file, get_file, list_file, open as open_file};
pub use status::{GameStatus, UnknownStatus};
pub use store::{
    get_at, leaderboard_at, list_at, Accounts, Admin, AdminDb, Games, Invitations, Nodes, Ratings,
    Store, StoreThread, TournamentDb, Turns,
};
pub use tournaments::{
    ClaimedJob, JobCounts, NewStudy, Progress, RunningJob, Study, StudyResult, SummarizeFn,
};
pub use turns::{DueMail, Turn, TurnGame};
