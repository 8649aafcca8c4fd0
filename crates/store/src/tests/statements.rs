//! Every statement, on both backends: it prepares, and its parameters are `$1..$n`; the
//! constraints are the same on both (foreign keys); a seat's secret is found by an index.

use super::TempDb;
use crate::sql::{now, Param, Sql, Stmt};
use crate::{
    accounts, admin, chat, games, invitations, nodes, ratings, schema, signups, sqlite,
    tournaments, turns,
};
use crate::{secret_hash, GameId, GameStatus, NewGame, Store, StoreError};
use rusqlite::Connection;
use std::time::Duration;

fn every_statement() -> Vec<Stmt> {
    [
        games::STATEMENTS,
        nodes::STATEMENTS,
        accounts::STATEMENTS,
        ratings::STATEMENTS,
        admin::STATEMENTS,
        turns::STATEMENTS,
        invitations::STATEMENTS,
        signups::STATEMENTS,
        tournaments::STATEMENTS,
        chat::STATEMENTS,
    ]
    .concat()
}

fn temp(name: &str) -> TempDb {
    TempDb::new("tessera-statements", name)
}

/// On SQLite each `$k` is a named parameter: every one of `$1..$n` is there, and nothing
/// else, so that `params[k - 1]` is bound to it by name as PostgreSQL takes `$k`.
#[test]
fn every_statement_prepares_on_sqlite_with_parameters_one_to_n() {
    let path = temp("prepare");
    let db = sqlite::open(&path).unwrap();
    for st in every_statement() {
        let s = db
            .prepare(st.sqlite)
            .unwrap_or_else(|e| panic!("{e}: {}", st.sqlite));
        let mut names: Vec<usize> = (1..=s.parameter_count())
            .map(|i| {
                let name = s
                    .parameter_name(i)
                    .unwrap_or_else(|| panic!("{}", st.sqlite));
                name.strip_prefix('$')
                    .and_then(|k| k.parse().ok())
                    .unwrap_or_else(|| panic!("{name} in {}", st.sqlite))
            })
            .collect();
        names.sort_unstable();
        let n = names.len();
        assert_eq!(names, (1..=n).collect::<Vec<_>>(), "{}", st.sqlite);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_statement_prepares_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("prepare");
    let (store, thread) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let (client, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    for st in every_statement() {
        let s = client
            .prepare(st.pg)
            .await
            .unwrap_or_else(|e| panic!("{e}: {}", st.pg));
        let sqlite_names = {
            let path = temp("count");
            let db = sqlite::open(&path).unwrap();
            let n = db.prepare(st.sqlite).unwrap().parameter_count();
            n
        };
        assert_eq!(s.params().len(), sqlite_names, "{}", st.pg);
    }
    drop(store);
    tokio::task::spawn_blocking(move || thread.join())
        .await
        .unwrap();
}

#[test]
fn every_sqlite_connection_has_foreign_keys_on() {
    let path = temp("fk");
    for _ in 0..2 {
        let db = sqlite::open(&path).unwrap();
        let on: i64 = db
            .query_row("PRAGMA foreign_keys", [], |r| r.get(0))
            .unwrap();
        assert_eq!(on, 1);
    }
}

/// A row of an account that is not there is refused by its foreign key, on both
/// backends alike ([`StoreError::NoAccount`]); nothing checks for it before.
async fn a_missing_account_is_no_account(s: &Store) {
    assert!(matches!(
        s.accounts().add_token(4242, "h", "x").await,
        Err(StoreError::NoAccount(4242))
    ));
    assert!(matches!(
        s.accounts().add_session("s", 4242, "c", 1).await,
        Err(StoreError::NoAccount(4242))
    ));
    assert!(s.accounts().tokens(4242).await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_key_violation_is_no_account() {
    let path = temp("nofk");
    let (s, th) = Store::start(&path).unwrap();
    a_missing_account_is_no_account(&s).await;
    drop(s);
    tokio::task::spawn_blocking(move || th.join())
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_key_violation_is_no_account_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let (s, th) = Store::open(&pg.database("nofk"), Duration::from_secs(5))
        .await
        .unwrap();
    a_missing_account_is_no_account(&s).await;
    drop(s);
    tokio::task::spawn_blocking(move || th.join())
        .await
        .unwrap();
}

fn secret_game(hash: &str) -> NewGame {
    NewGame {
        game: "q".into(),
        status: GameStatus::Running,
        rules: serde_json::json!({}),
        seed: 1,
        seats: vec![],
        secrets: vec![None, Some(hash.to_string())],
        created: 0,
    }
}

fn params<'a>(hash: &'a str, node: &'a str) -> [Param<'a>; 3] {
    [hash.into(), node.into(), Param::Int(1000)]
}

#[test]
fn a_seat_is_found_by_its_secret_hash_through_an_index_on_sqlite() {
    let path = temp("explain");
    let db = sqlite::open(&path).unwrap();
    let plan = now(db.query(&nodes::EXPLAIN_SEAT_OWNER, &params("h", "local"))).unwrap();
    let plan: Vec<String> = plan.iter().map(|r| r.text(3).unwrap()).collect();
    assert!(
        plan.iter().any(|l| l.contains("seat_secrets_hash")),
        "{plan:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_is_found_by_its_secret_hash_through_an_index_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("seat_owner");
    let (a, at) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let (b, bt) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let hash = secret_hash("a browser's token");
    let id = a.games().create(secret_game(&hash)).await.unwrap();
    a.nodes().heartbeat(Some("http://a"), None).await.unwrap();
    let found = b.nodes().seat_owner(&hash).await.unwrap().unwrap();
    assert_eq!((found.game, found.node.as_str()), (id, a.node()));
    assert_eq!(found.http.as_deref(), Some("http://a"));
    assert_eq!(
        a.nodes().seat_owner(&hash).await.unwrap(),
        None,
        "not another node"
    );
    assert_eq!(
        b.nodes().seat_owner(&secret_hash("other")).await.unwrap(),
        None
    );
    // many games: the planner takes the index of the hashes
    pg.psql(
        &url,
        "INSERT INTO games (game, status, rules, seed, seats, created, owner)
         SELECT 'q', 'finished', '{}', 1, '[]', 0, 'x' FROM generate_series(1, 20000);
         INSERT INTO seat_secrets (game, seat, hash) SELECT id, 5, md5(id::text) FROM games;
         ANALYZE;",
    );
    let (client, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    let plan = client
        .query(nodes::EXPLAIN_SEAT_OWNER.pg, &[&hash, &"n", &1000i64])
        .await
        .unwrap();
    let plan: Vec<String> = plan.iter().map(|r| r.get(0)).collect();
    assert!(
        plan.iter().any(|l| l.contains("seat_secrets_hash")),
        "{plan:#?}"
    );
    for (s, th) in [(a, at), (b, bt)] {
        drop(s);
        tokio::task::spawn_blocking(move || th.join())
            .await
            .unwrap();
    }
}

/// A store of version 5 kept each game's seat secrets in plain text: they are hashed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_text_secrets_of_a_version_5_store_are_hashed() {
    let path = temp("v5");
    {
        let db = Connection::open(&path).unwrap();
        db.execute_batch(
            "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
             status TEXT NOT NULL, rules TEXT NOT NULL, seed INTEGER NOT NULL, seats TEXT NOT NULL,
             created INTEGER NOT NULL, started INTEGER, ended INTEGER,
             moves INTEGER NOT NULL DEFAULT 0, result TEXT, secrets TEXT NOT NULL DEFAULT '[]',
             owner TEXT);
             INSERT INTO games (id, game, status, rules, seed, seats, created, secrets)
             VALUES (3, 'q', 'running', '{}', 3, '[]', 1, '[\"tokA\", null, \"tokB\"]');
             INSERT INTO games (id, game, status, rules, seed, seats, created)
             VALUES (4, 'q', 'running', '{}', 3, '[]', 1);
             PRAGMA user_version = 5;",
        )
        .unwrap();
    }
    let (s, th) = Store::start(&path).unwrap();
    // a game from before commitments keeps its seed, with none
    let old = s.games().get(GameId(3)).await.unwrap().unwrap();
    assert_eq!(
        (old.seed, old.summary.commitment, old.salt),
        (3, None, None)
    );
    assert!(!old.summary.seed_chosen);
    let (secrets, _) = s
        .games()
        .secrets_and_events(GameId(3))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        secrets,
        vec![Some(secret_hash("tokA")), None, Some(secret_hash("tokB"))]
    );
    assert_eq!(
        s.games()
            .secrets_and_events(GameId(4))
            .await
            .unwrap()
            .unwrap()
            .0,
        vec![]
    );
    // the games are this node's: they are written as before
    s.games()
        .append(GameId(3), 0, 0, false, "\"x\"".into())
        .await
        .unwrap();
    s.games()
        .set_status(GameId(4), GameStatus::Paused)
        .await
        .unwrap();
    let left = s.nodes().claim(10).await.unwrap();
    assert_eq!(left.len(), 2);
    drop(s);
    tokio::task::spawn_blocking(move || th.join())
        .await
        .unwrap();
    let db = Connection::open(&path).unwrap();
    let plain: i64 = db
        .query_row(
            "SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = 'secrets'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(plain, 0, "the plain-text column is gone");
    assert!(schema::DROP_PLAIN_SECRETS.sqlite.contains("secrets"));
}

/// The threads of this process named `name` (Linux; `None` elsewhere).
fn threads_named(name: &str) -> Option<usize> {
    let tasks = std::fs::read_dir("/proc/self/task").ok()?;
    Some(
        tasks
            .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
            .filter(|comm| comm.trim_end() == name)
            .count(),
    )
}

/// A burst of reads (a thousand programs signing up at once, each name looked up among
/// the accounts) queues for the reader's thread: it starts no thread per read (tokio's
/// blocking pool did, up to 512, each but one waiting for the one connection).
#[test]
fn a_burst_of_reads_starts_no_thread_per_read() {
    let path = temp("burst");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("read-burst")
        .enable_all()
        .build()
        .unwrap();
    let (s, th) = Store::start(&path).unwrap();
    let started = rt.block_on(async {
        let mut reads = tokio::task::JoinSet::new();
        for i in 0..300 {
            let s = s.clone();
            reads.spawn(async move { s.accounts().account_by_look(&format!("bot{i}")).await });
        }
        while let Some(r) = reads.join_next().await {
            assert!(r.unwrap().unwrap().is_none());
        }
        // idle blocking threads live on for 10 s: those a burst started are still here
        threads_named("read-burst")
    });
    if let Some(n) = started {
        assert!(n <= 4, "300 reads started {n} threads");
    }
    drop(s);
    th.join();
}
