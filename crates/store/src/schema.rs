//! The tables, written once for both backends ([`SCHEMA`]: where the dialects differ, the
//! names of `dialect.rs`), and the upgrade both share: seat secrets kept as plain text in
//! `games.secrets` by earlier versions are hashed into `seat_secrets`; the look-alike keys
//! of the accounts of earlier versions are written into `account_looks`.
//!
//! One version for both backends, [`VERSION`] (each keeps it its own way: SQLite's `PRAGMA
//! user_version`, PostgreSQL's table `tessera_schema`; `crate::sqlite`, `crate::pg`).
//! 12: the chat of the tables (`chat`, `chat_reports`: `crate::chat`), new tables only.
//! 11: one number on both (SQLite went from 10 to 11, PostgreSQL from 7 to 11), and the
//! tables of tournaments (`tournaments`, `tournament_jobs`, `tournament_results`:
//! `crate::tournaments`), one shape on both (the tournament tables that the `tessera`
//! command kept beside the store under a version of their own, `tournament_schema` 1, are
//! converted: `crate::sqlite`, `crate::pg`). Before: SQLite 5 (PostgreSQL 2) the Arena's
//! tables; 6 (3) seat secrets hashed in `seat_secrets`; 7 (4) the operator's `bans` and
//! `admin_log`, and `account_looks`; 8 (5) turn-based games (`turn_seats`, `turns`),
//! `account_emails`, `mails`, `site_keys`; 9 (6) a game's deal ([`add_deal_columns`]);
//! 10 (7) the invitations, sign-ups and `turns.missed`. Every step checks what is there
//! (a table, a column), so a store of any earlier version of either numbering upgrades.

/// The store's version, on both backends, as a literal (for SQLite's `PRAGMA`, which takes
/// no parameter).
macro_rules! schema_version {
    () => {
        12
    };
}

/// The store's version, on both backends.
pub(crate) const VERSION: i64 = schema_version!();

use crate::accounts;
use crate::error::StoreError;
use crate::games;
use crate::model::secret_hash;
use crate::sql::{Sql, Stmt};

/// Every table and index (`CREATE ... IF NOT EXISTS`: run at every start).
pub const SCHEMA: Stmt = sql!(
"CREATE TABLE IF NOT EXISTS games (
    id " ID ",
    game TEXT NOT NULL,
    status TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed " INT " NOT NULL,
    seats TEXT NOT NULL,
    created " INT " NOT NULL,
    started " INT ",
    ended " INT ",
    moves " INT " NOT NULL DEFAULT 0,
    result TEXT,
    owner TEXT,
    salt TEXT,
    commitment TEXT,
    seed_chosen " BOOL " NOT NULL DEFAULT " FALSE "
);
CREATE INDEX IF NOT EXISTS games_status ON games (status, id);
CREATE TABLE IF NOT EXISTS events (
    game " INT " NOT NULL,
    n " INT " NOT NULL,
    at_move " INT " NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, n)
)" NO_ROWID ";
CREATE TABLE IF NOT EXISTS moves (
    game " INT " NOT NULL,
    n " INT " NOT NULL,
    seat " INT " NOT NULL,
    house " BOOL " NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game, n)
)" NO_ROWID ";
CREATE TABLE IF NOT EXISTS seat_secrets (
    game " INT " NOT NULL REFERENCES games (id),
    seat " INT " NOT NULL,
    hash TEXT,
    PRIMARY KEY (game, seat)
)" NO_ROWID ";
CREATE INDEX IF NOT EXISTS seat_secrets_hash ON seat_secrets (hash);
CREATE TABLE IF NOT EXISTS nodes (
    id TEXT PRIMARY KEY,
    http TEXT,
    tcp TEXT,
    started " INT " NOT NULL,
    seen " INT " NOT NULL
);
CREATE TABLE IF NOT EXISTS accounts (
    id " ID ",
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    password TEXT,
    created " INT " NOT NULL,
    disconnects " INT " NOT NULL DEFAULT 0,
    marked " BOOL " NOT NULL DEFAULT " FALSE "
);
CREATE TABLE IF NOT EXISTS tokens (
    id " ID ",
    account " INT " NOT NULL REFERENCES accounts (id),
    hash TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL,
    created " INT " NOT NULL,
    revoked " INT ",
    last_used " INT "
);
CREATE INDEX IF NOT EXISTS tokens_account ON tokens (account, id);
CREATE TABLE IF NOT EXISTS sessions (
    hash TEXT PRIMARY KEY,
    account " INT " NOT NULL REFERENCES accounts (id),
    csrf TEXT NOT NULL,
    expires " INT " NOT NULL
)" NO_ROWID ";
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires);
CREATE TABLE IF NOT EXISTS ratings (
    account " INT " NOT NULL REFERENCES accounts (id),
    game TEXT NOT NULL,
    pool TEXT NOT NULL,
    score TEXT NOT NULL,
    rating " REAL " NOT NULL,
    conservative " REAL " NOT NULL,
    games " INT " NOT NULL,
    updated " INT " NOT NULL,
    PRIMARY KEY (account, game, pool)
)" NO_ROWID ";
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, pool, conservative DESC);
CREATE TABLE IF NOT EXISTS rated (
    seq " ID ",
    game_id " INT " NOT NULL,
    seat " INT " NOT NULL,
    game TEXT NOT NULL,
    pool TEXT NOT NULL,
    account " INT " REFERENCES accounts (id),
    house TEXT,
    rank " INT " NOT NULL,
    before TEXT NOT NULL,
    after TEXT NOT NULL,
    rating " REAL " NOT NULL,
    conservative " REAL " NOT NULL,
    at " INT " NOT NULL,
    UNIQUE (game_id, seat)
);
CREATE INDEX IF NOT EXISTS rated_account ON rated (account, seq);
CREATE TABLE IF NOT EXISTS bans (
    account " INT " PRIMARY KEY REFERENCES accounts (id),
    at " INT " NOT NULL,
    reason TEXT
)" NO_ROWID ";
CREATE TABLE IF NOT EXISTS admin_log (
    id " ID ",
    at " INT " NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    game " INT ",
    reason TEXT,
    done " INT ",
    node TEXT
);
CREATE INDEX IF NOT EXISTS admin_log_pending ON admin_log (action, done);
CREATE TABLE IF NOT EXISTS account_looks (
    look TEXT NOT NULL,
    account " INT " NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (look, account)
)" NO_ROWID ";
CREATE TABLE IF NOT EXISTS turn_seats (
    game " INT " NOT NULL REFERENCES games (id),
    seat " INT " NOT NULL,
    account " INT " NOT NULL REFERENCES accounts (id),
    days " INT " NOT NULL,
    PRIMARY KEY (game, seat)
)" NO_ROWID ";
CREATE INDEX IF NOT EXISTS turn_seats_account ON turn_seats (account, game);
CREATE TABLE IF NOT EXISTS turns (
    game " INT " PRIMARY KEY REFERENCES games (id),
    at_move " INT " NOT NULL,
    seat " INT " NOT NULL,
    since " INT " NOT NULL,
    deadline " INT " NOT NULL,
    mailed " INT ",
    missed TEXT NOT NULL DEFAULT '[]'
)" NO_ROWID ";
CREATE INDEX IF NOT EXISTS turns_unmailed ON turns (mailed, since);
CREATE TABLE IF NOT EXISTS account_emails (
    account " INT " PRIMARY KEY REFERENCES accounts (id),
    email TEXT NOT NULL,
    set_at " INT " NOT NULL
)" NO_ROWID ";
CREATE TABLE IF NOT EXISTS mails (
    id " ID ",
    account " INT " NOT NULL REFERENCES accounts (id),
    game " INT ",
    at " INT " NOT NULL,
    sent " BOOL " NOT NULL
);
CREATE INDEX IF NOT EXISTS mails_account ON mails (account, at);
CREATE TABLE IF NOT EXISTS site_keys (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
)" NO_ROWID ";
CREATE TABLE IF NOT EXISTS invitations (
    id " ID ",
    maker " INT " NOT NULL REFERENCES accounts (id),
    address TEXT NOT NULL,
    request TEXT NOT NULL,
    made " INT " NOT NULL,
    expires " INT " NOT NULL,
    state TEXT NOT NULL,
    ended " INT ",
    game " INT "
);
CREATE INDEX IF NOT EXISTS invitations_maker ON invitations (maker, state);
CREATE INDEX IF NOT EXISTS invitations_address ON invitations (address, state);
CREATE INDEX IF NOT EXISTS invitations_state ON invitations (state, expires);
CREATE TABLE IF NOT EXISTS invitees (
    invitation " INT " NOT NULL REFERENCES invitations (id),
    seat " INT " NOT NULL,
    account " INT " NOT NULL REFERENCES accounts (id),
    accepted " INT ",
    PRIMARY KEY (invitation, seat)
)" NO_ROWID ";
CREATE INDEX IF NOT EXISTS invitees_account ON invitees (account, invitation);
CREATE TABLE IF NOT EXISTS chat (
    game " INT " NOT NULL,
    n " INT " NOT NULL,
    room TEXT NOT NULL,
    at " INT " NOT NULL,
    account " INT ",
    seat " INT ",
    name TEXT NOT NULL,
    text TEXT,
    phrase TEXT,
    PRIMARY KEY (game, n)
)" NO_ROWID ";
CREATE TABLE IF NOT EXISTS chat_reports (
    id " ID ",
    game " INT " NOT NULL,
    n " INT " NOT NULL,
    reporter " INT ",
    reporter_name TEXT NOT NULL,
    at " INT " NOT NULL,
    UNIQUE (game, n, reporter_name)
);
CREATE TABLE IF NOT EXISTS signups (
    id " ID ",
    address TEXT NOT NULL,
    at " INT " NOT NULL
);
CREATE INDEX IF NOT EXISTS signups_address ON signups (address, at);
CREATE TABLE IF NOT EXISTS tournaments (
    id " ID ",
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    rules TEXT,
    deals " INT " NOT NULL,
    games " INT " NOT NULL,
    jobs " INT " NOT NULL,
    created " INT " NOT NULL,
    finished " INT ",
    summary TEXT,
    error TEXT
);
CREATE TABLE IF NOT EXISTS tournament_jobs (
    tournament_id " INT " NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    job " INT " NOT NULL,
    first_game " INT " NOT NULL,
    end_game " INT " NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'running', 'done', 'failed')),
    worker TEXT,
    lease_until " INT ",
    claims TEXT NOT NULL DEFAULT '[]',
    error TEXT,
    PRIMARY KEY (tournament_id, job)
)" NO_ROWID ";
CREATE INDEX IF NOT EXISTS tournament_jobs_open
    ON tournament_jobs (tournament_id, job) WHERE state IN ('pending', 'running');
CREATE TABLE IF NOT EXISTS tournament_results (
    tournament_id " INT " NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    game_index " INT " NOT NULL,
    deal " INT " NOT NULL,
    worker TEXT NOT NULL,
    result TEXT NOT NULL,
    PRIMARY KEY (tournament_id, game_index)
)" NO_ROWID ";
");

/// The columns of a game's deal that a store of an earlier version lacks: the salt and the
/// commitment to the seed (`tessera_games::deal`), and whether a player chose the seed.
const ADD_DEAL_COLUMNS: [Stmt; 3] = [
    sql!("ALTER TABLE games ADD COLUMN salt TEXT"),
    sql!("ALTER TABLE games ADD COLUMN commitment TEXT"),
    sql!("ALTER TABLE games ADD COLUMN seed_chosen " BOOL " NOT NULL DEFAULT " FALSE),
];

/// Adds the columns of a game's deal to `games` (a store of an earlier version: the caller
/// knows they are not there). Its games keep their seeds, with no commitment.
pub(crate) async fn add_deal_columns<S: Sql>(db: &S) -> Result<(), StoreError> {
    for st in &ADD_DEAL_COLUMNS {
        db.execute(st, &[]).await?;
    }
    Ok(())
}

/// The column of a turn's deadlines passed in a row (`crate::turns`), added to the
/// `turns` of a store of an earlier version (SQLite 9, PostgreSQL 6 and before).
pub const ADD_MISSED: Stmt = sql!("ALTER TABLE turns ADD COLUMN missed TEXT NOT NULL DEFAULT '[]'");

/// The plain-text secrets of an earlier version's games.
const PLAIN_SECRETS: Stmt = sql!("SELECT id, secrets FROM games WHERE secrets <> '[]' ORDER BY id");

/// The column of the plain-text secrets, once they are hashed.
pub const DROP_PLAIN_SECRETS: Stmt = sql!("ALTER TABLE games DROP COLUMN secrets");

/// Hashes the plain-text secrets of `games.secrets` (a store of an earlier version: the
/// caller knows the column is there) into `seat_secrets`, and drops the column.
pub(crate) async fn hash_plain_secrets<S: Sql>(db: &S) -> Result<(), StoreError> {
    for row in db.query(&PLAIN_SECRETS, &[]).await? {
        let id = crate::game_id::GameId(row.int(0)? as u64);
        let plain: Vec<Option<String>> = row.json(1)?;
        let hashed: Vec<Option<String>> = plain
            .iter()
            .map(|s| s.as_deref().map(secret_hash))
            .collect();
        games::write_secrets(db, id, &hashed).await?;
    }
    db.execute(&DROP_PLAIN_SECRETS, &[]).await?;
    Ok(())
}

/// Writes the look-alike keys of every account that has none (the accounts of a store of
/// an earlier version).
pub(crate) async fn fill_account_looks<S: Sql>(db: &S) -> Result<(), StoreError> {
    for row in db.query(&accounts::WITHOUT_LOOKS, &[]).await? {
        accounts::add_looks(db, row.int(0)? as u64, &row.text(1)?).await?;
    }
    Ok(())
}
