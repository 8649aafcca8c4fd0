//! Where SQLite and PostgreSQL differ, as a static table of `&'static str` (the macro
//! [`piece!`]), and [`sql!`]: a statement written once, as a sequence of string literals
//! and names of this table, expanded at compile time into the text of each dialect
//! (`concat!`: no SQL is ever built at run time).
//!
//! The names:
//!
//! | name | SQLite | PostgreSQL |
//! |---|---|---|
//! | `ID` | `INTEGER PRIMARY KEY AUTOINCREMENT` | `BIGSERIAL PRIMARY KEY` |
//! | `INT` | `INTEGER` | `BIGINT` |
//! | `REAL` | `REAL` | `DOUBLE PRECISION` |
//! | `BOOL` | `INTEGER` | `BOOLEAN` |
//! | `FALSE` | `0` | `FALSE` |
//! | `NO_ROWID` | ` WITHOUT ROWID` | (nothing) |
//! | `FOR_SHARE` | (nothing: one writer) | ` FOR SHARE` |
//! | `FOR_UPDATE` | (nothing: one writer) | ` FOR NO KEY UPDATE` |
//! | `SKIP_LOCKED` | (nothing) | ` FOR UPDATE OF g SKIP LOCKED` |
//! | `SKIP_LOCKED_JOB` | (nothing) | ` FOR UPDATE OF o SKIP LOCKED` |
//! | `JSON_EACH` | `json_each` | `json_array_elements` |
//! | `AS_JSON` | (nothing: JSON is text) | `::text::json` |
//! | `JSON_PUSH_CLAIMS` ... `JSON_PUSH_END` | `json_insert(claims, '$[#]', ` ... `)` | `(CAST(claims AS jsonb) \|\| to_jsonb(` ... `))::text` |
//! | `EXPLAIN` | `EXPLAIN QUERY PLAN ` | `EXPLAIN ` |
//! | `NOW` | ms since the epoch by SQLite's clock | ms since the epoch by the database's clock |
//!
//! and, the same on both, `LIVE` (the live statuses, as an SQL list: the one list of
//! them, checked against [`crate::GameStatus::is_live`] by a test), `SUMMARY` (the columns
//! of a game's summary), `ACCOUNT` (an account's), `RATING`, `RATED`, `INVITATION` (an
//! invitation's columns with its maker's name, and the tables they come from) and
//! `PRUNED_INVITATIONS` (the ids of the invitations the store prunes, at `$1`).
//!
//! Placeholders are `$1..$n` in both: PostgreSQL's own, and SQLite's named parameters
//! `$1`...; the SQLite side binds each by its name (`crate::sqlite`), so the order in
//! which they first appear does not matter.

/// One piece of a statement in one dialect (`sqlite` or `pg`): a name of the table above,
/// or a string literal (the same in both).
macro_rules! piece {
    (sqlite, ID) => {
        "INTEGER PRIMARY KEY AUTOINCREMENT"
    };
    (pg, ID) => {
        "BIGSERIAL PRIMARY KEY"
    };
    (sqlite, INT) => {
        "INTEGER"
    };
    (pg, INT) => {
        "BIGINT"
    };
    (sqlite, REAL) => {
        "REAL"
    };
    (pg, REAL) => {
        "DOUBLE PRECISION"
    };
    (sqlite, BOOL) => {
        "INTEGER"
    };
    (pg, BOOL) => {
        "BOOLEAN"
    };
    (sqlite, FALSE) => {
        "0"
    };
    (pg, FALSE) => {
        "FALSE"
    };
    (sqlite, NO_ROWID) => {
        " WITHOUT ROWID"
    };
    (pg, NO_ROWID) => {
        ""
    };
    (sqlite, FOR_SHARE) => {
        ""
    };
    (pg, FOR_SHARE) => {
        " FOR SHARE"
    };
    (sqlite, FOR_UPDATE) => {
        ""
    };
    (pg, FOR_UPDATE) => {
        " FOR NO KEY UPDATE"
    };
    (sqlite, SKIP_LOCKED) => {
        ""
    };
    (pg, SKIP_LOCKED) => {
        " FOR UPDATE OF g SKIP LOCKED"
    };
    (sqlite, SKIP_LOCKED_JOB) => {
        ""
    };
    (pg, SKIP_LOCKED_JOB) => {
        " FOR UPDATE OF o SKIP LOCKED"
    };
    (sqlite, JSON_EACH) => {
        "json_each"
    };
    (pg, JSON_EACH) => {
        "json_array_elements"
    };
    (sqlite, AS_JSON) => {
        ""
    };
    (pg, AS_JSON) => {
        "::text::json"
    };
    (sqlite, JSON_PUSH_CLAIMS) => {
        "json_insert(claims, '$[#]', "
    };
    (pg, JSON_PUSH_CLAIMS) => {
        "(CAST(claims AS jsonb) || to_jsonb("
    };
    (sqlite, JSON_PUSH_END) => {
        ")"
    };
    (pg, JSON_PUSH_END) => {
        "))::text"
    };
    (sqlite, EXPLAIN) => {
        "EXPLAIN QUERY PLAN "
    };
    (pg, EXPLAIN) => {
        "EXPLAIN "
    };
    (sqlite, NOW) => {
        "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
    };
    (pg, NOW) => {
        "(extract(epoch from clock_timestamp()) * 1000)::bigint"
    };
    ($d:ident, LIVE) => {
        "('waiting', 'running', 'paused')"
    };
    ($d:ident, SUMMARY) => {
        concat!(
            "id, game, status, seats, CASE WHEN status IN ",
            piece!($d, LIVE),
            " THEN (SELECT COUNT(*) FROM moves WHERE moves.game = games.id) ELSE moves END, ",
            "result, seed, created, started, ended, salt, commitment, seed_chosen"
        )
    };
    ($d:ident, ACCOUNT) => {
        "id, name, kind, created, disconnects, marked"
    };
    ($d:ident, RATING) => {
        "r.account, a.name, a.kind, r.game, r.pool, r.score, r.games, r.updated"
    };
    ($d:ident, RATED) => {
        "game_id, game, pool, seat, account, house, rank, before, after, at"
    };
    ($d:ident, INVITATION) => {
        "i.id, i.maker, m.name, i.request, i.made, i.expires, i.state, i.ended, i.game
     FROM invitations i JOIN accounts m ON m.id = i.maker"
    };
    ($d:ident, PRUNED_INVITATIONS) => {
        concat!(
            "SELECT i.id FROM invitations i LEFT JOIN games g ON g.id = i.game
     WHERE (i.state IN ('declined', 'withdrawn') AND i.ended < $1)
     OR (i.state = 'pending' AND i.expires < $1)
     OR (i.state = 'started' AND (g.id IS NULL OR g.status NOT IN ",
            piece!($d, LIVE),
            "))"
        )
    };
    ($d:ident, $s:literal) => {
        $s
    };
}

/// A statement written once: `sql!("SELECT " SUMMARY " FROM games WHERE id = $1")`.
macro_rules! sql {
    ($($p:tt)+) => {
        $crate::sql::Stmt {
            sqlite: concat!($(piece!(sqlite, $p)),+),
            pg: concat!($(piece!(pg, $p)),+),
        }
    };
}
