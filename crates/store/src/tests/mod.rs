//! The store's tests: one suite run on both backends (PostgreSQL through
//! tessera-pgtest; skipped where it has no PostgreSQL, unless `TESSERA_REQUIRE_PG=1`).

mod admin;
mod arena;
mod chat;
mod games;
mod invitations;
mod statements;
mod tournaments;
mod turns;

use std::path::{Path, PathBuf};

/// A test's SQLite file, `{prefix}-{pid}-{name}.db` in the temporary directory: none
/// there when it is made, and removed with its `-wal` and `-shm` when it is dropped at
/// the end of the test (kept if the test fails, to be looked at).
pub(crate) struct TempDb(PathBuf);

impl TempDb {
    pub(crate) fn new(prefix: &str, name: &str) -> TempDb {
        let db =
            TempDb(std::env::temp_dir().join(format!("{prefix}-{}-{name}.db", std::process::id())));
        db.remove();
        db
    }

    fn remove(&self) {
        for s in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{s}", self.0.display()));
        }
    }
}

impl std::ops::Deref for TempDb {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDb {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            self.remove();
        }
    }
}

/// A PostgreSQL database of schema version 1 (before the Arena, seat secrets in plain
/// text): game 1 ended, game 2 running with a secret.
pub(crate) const PG_V1: &str = "
CREATE TABLE IF NOT EXISTS tessera_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id BIGSERIAL PRIMARY KEY,
    game TEXT NOT NULL,
    status TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed BIGINT NOT NULL,
    seats TEXT NOT NULL,
    created BIGINT NOT NULL,
    started BIGINT,
    ended BIGINT,
    moves BIGINT NOT NULL DEFAULT 0,
    result TEXT,
    secrets TEXT NOT NULL DEFAULT '[]',
    owner TEXT
);
CREATE INDEX IF NOT EXISTS games_status ON games (status, id);
CREATE TABLE IF NOT EXISTS events (
    game BIGINT NOT NULL,
    n BIGINT NOT NULL,
    at_move BIGINT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS moves (
    game BIGINT NOT NULL,
    n BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    house BOOLEAN NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS nodes (
    id TEXT PRIMARY KEY,
    http TEXT,
    tcp TEXT,
    started BIGINT NOT NULL,
    seen BIGINT NOT NULL
);
INSERT INTO tessera_schema (version) VALUES (1);
INSERT INTO games (game, status, rules, seed, seats, created) VALUES ('q', 'finished', '{}', 1, '[]', 0);
INSERT INTO games (game, status, rules, seed, seats, created, secrets)
VALUES ('q', 'running', '{}', 1, '[]', 0, '[\"tok2\", null]');
";
