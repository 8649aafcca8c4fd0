//! The store: every game of the host, whoever played it.
//!
//! Today one SQLite file ([`sqlite`]); the types below are what the host sees.

mod sqlite;
pub use sqlite::*;
