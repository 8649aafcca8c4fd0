//! The Arena's suite, the same on both backends.

use super::TempDb;
use crate::GameId;
use crate::{
    AccountKind, GameStatus, NewGame, RateFn, RatingUpdate, SeatRecord, Store, StoreError,
    StoreThread,
};
use rusqlite::Connection;
use serde_json::json;
use serde_json::Value;
use std::time::Duration;

fn temp(name: &str) -> TempDb {
    TempDb::new("tessera-arena", name)
}

async fn stop(stores: Vec<(Store, Option<StoreThread>)>) {
    for (s, th) in stores {
        drop(s);
        if let Some(th) = th {
            tokio::task::spawn_blocking(move || th.join())
                .await
                .unwrap();
        }
    }
}

/// Accounts, tokens, sessions and disconnects; `a` and `b` are two handles on one
/// store (two nodes on PostgreSQL).
async fn accounts_tokens_and_sessions(a: &Store, b: &Store) {
    let ann = a
        .accounts()
        .create_account("Ann", AccountKind::Person, Some("hash".into()))
        .await
        .unwrap();
    assert_eq!((ann.name.as_str(), ann.kind), ("Ann", AccountKind::Person));
    for (s, name) in [(a, "ann"), (b, "ANN")] {
        match s
            .accounts()
            .create_account(name, AccountKind::Bot, None)
            .await
        {
            Err(StoreError::NameTaken(n)) => assert_eq!(n, name),
            other => panic!("{other:?}"),
        }
    }
    let bob = b
        .accounts()
        .create_account("Bob", AccountKind::Bot, None)
        .await
        .unwrap();
    assert_ne!(ann.id, bob.id);
    let (found, hash) = a.accounts().account_by_name("aNN").await.unwrap().unwrap();
    assert_eq!((found, hash.as_deref()), (ann.clone(), Some("hash")));
    assert_eq!(
        b.accounts().account_by_name("bob").await.unwrap(),
        Some((bob.clone(), None))
    );
    assert_eq!(a.accounts().account_by_name("nobody").await.unwrap(), None);
    assert_eq!(
        b.accounts().account(ann.id).await.unwrap(),
        Some(ann.clone())
    );
    assert_eq!(a.accounts().account(9999).await.unwrap(), None);
    let json = serde_json::to_value(&bob).unwrap();
    assert_eq!(json["kind"], "bot");
    // one name taken by two at once: the constraint decides, one wins
    let racers = (0..8).map(|i| {
        let s = if i % 2 == 0 { a.clone() } else { b.clone() };
        tokio::spawn(async move {
            s.accounts()
                .create_account(
                    if i % 2 == 0 { "Racer" } else { "rACER" },
                    AccountKind::Bot,
                    None,
                )
                .await
        })
    });
    let mut won = 0;
    for r in futures_util::future::join_all(racers).await {
        match r.unwrap() {
            Ok(_) => won += 1,
            Err(StoreError::NameTaken(_)) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(won, 1);

    // a name that looks like an account's is refused (`rnary` is `mary` in many fonts);
    // the lookup by look finds the account whatever the case, digit or script
    a.accounts()
        .create_account("mary", AccountKind::Person, None)
        .await
        .unwrap();
    match b
        .accounts()
        .create_account("rnary", AccountKind::Bot, None)
        .await
    {
        Err(StoreError::LooksLike { name, account }) => {
            assert_eq!((name.as_str(), account.as_str()), ("rnary", "mary"))
        }
        other => panic!("{other:?}"),
    }
    for look in ["ANN", "\u{0410}nn", "Ann\u{200B}"] {
        let found = b.accounts().account_by_look(look).await.unwrap();
        assert_eq!(found.as_ref(), Some(&ann), "{look:?}");
    }
    assert_eq!(a.accounts().account_by_look("Anna").await.unwrap(), None);

    // tokens
    let t1 = a
        .accounts()
        .add_token(ann.id, "h1", "laptop")
        .await
        .unwrap();
    let t2 = b.accounts().add_token(ann.id, "h2", "ci").await.unwrap();
    assert!(matches!(
        a.accounts().add_token(9999, "h3", "x").await,
        Err(StoreError::NoAccount(9999))
    ));
    let listed = b.accounts().tokens(ann.id).await.unwrap();
    assert_eq!(listed, vec![t1.clone(), t2.clone()]);
    assert_eq!(listed[0].last_used, None);
    assert!(b.accounts().tokens(bob.id).await.unwrap().is_empty());
    assert_eq!(
        a.accounts().token_account("h1").await.unwrap(),
        Some(ann.clone())
    );
    assert!(b.accounts().tokens(ann.id).await.unwrap()[0]
        .last_used
        .is_some());
    assert_eq!(a.accounts().token_account("unknown").await.unwrap(), None);
    assert!(
        !b.accounts().revoke_token(bob.id, t1.id).await.unwrap(),
        "not Bob's"
    );
    assert_eq!(
        a.accounts().token_account("h1").await.unwrap(),
        Some(ann.clone())
    );
    assert!(a.accounts().revoke_token(ann.id, t1.id).await.unwrap());
    assert!(
        !a.accounts().revoke_token(ann.id, t1.id).await.unwrap(),
        "revoked already"
    );
    assert_eq!(b.accounts().token_account("h1").await.unwrap(), None);
    assert_eq!(
        b.accounts().token_account("h2").await.unwrap(),
        Some(ann.clone())
    );
    let listed = a.accounts().tokens(ann.id).await.unwrap();
    assert!(listed[0].revoked.is_some() && listed[1].revoked.is_none());

    // sessions
    a.accounts()
        .add_session("s1", ann.id, "c1", 1000)
        .await
        .unwrap();
    b.accounts()
        .add_session("s2", bob.id, "c2", 5000)
        .await
        .unwrap();
    a.accounts()
        .add_session("s3", ann.id, "c3", 10_000)
        .await
        .unwrap();
    assert!(matches!(
        a.accounts().add_session("s4", 9999, "c", 1).await,
        Err(StoreError::NoAccount(9999))
    ));
    assert_eq!(
        b.accounts().session("s1", 999).await.unwrap(),
        Some((ann.clone(), "c1".to_string()))
    );
    assert_eq!(
        b.accounts().session("s1", 1000).await.unwrap(),
        None,
        "expired"
    );
    assert_eq!(a.accounts().session("nope", 0).await.unwrap(), None);
    assert_eq!(
        a.accounts().session("s2", 0).await.unwrap(),
        Some((bob.clone(), "c2".to_string()))
    );
    b.accounts().drop_session("s2").await.unwrap();
    assert_eq!(a.accounts().session("s2", 0).await.unwrap(), None);
    assert_eq!(a.accounts().purge_sessions(1000).await.unwrap(), 1);
    assert_eq!(b.accounts().session("s1", 0).await.unwrap(), None, "purged");
    assert!(b.accounts().session("s3", 2000).await.unwrap().is_some());
    assert_eq!(a.accounts().purge_sessions(10_000).await.unwrap(), 1);
    assert_eq!(a.accounts().purge_sessions(10_000).await.unwrap(), 0);

    // disconnects
    let marks: Vec<(u32, bool)> = {
        let mut v = Vec::new();
        for s in [a, b, a] {
            let acc = s.accounts().mark_disconnect(bob.id, 3).await.unwrap();
            v.push((acc.disconnects, acc.marked));
        }
        v
    };
    assert_eq!(marks, vec![(1, false), (2, false), (3, true)]);
    assert!(b.accounts().account(bob.id).await.unwrap().unwrap().marked);
    assert!(!b.accounts().account(ann.id).await.unwrap().unwrap().marked);
    assert!(matches!(
        a.accounts().mark_disconnect(9999, 3).await,
        Err(StoreError::NoAccount(9999))
    ));
}

/// A rating function that counts: each account's `n` goes up by one; conservative
/// ratings as given by account; `house` seats after the accounts.
fn counting(
    accounts: Vec<u64>,
    conservative: Vec<f64>,
    house: Vec<&'static str>,
    pause: Duration,
) -> RateFn {
    Box::new(move |current: Vec<Option<Value>>| {
        std::thread::sleep(pause);
        assert_eq!(current.len(), accounts.len());
        let mut out: Vec<RatingUpdate> = current
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                let before = c.unwrap_or(json!({"n": 0}));
                let n = before["n"].as_u64().unwrap();
                RatingUpdate {
                    seat: i,
                    account: Some(accounts[i]),
                    house: None,
                    rank: i as u32,
                    after: json!({"n": n + 1}),
                    before,
                    rating: conservative[i] + 100.0,
                    conservative: conservative[i],
                }
            })
            .collect();
        for (j, h) in house.into_iter().enumerate() {
            out.push(RatingUpdate {
                seat: out.len(),
                account: None,
                house: Some(h.into()),
                rank: (accounts.len() + j) as u32,
                before: json!(null),
                after: json!(null),
                rating: 0.0,
                conservative: 0.0,
            });
        }
        Ok(out)
    })
}

async fn ratings_and_rated_games(a: &Store, b: &Store) {
    let mut ids = Vec::new();
    for n in ["p1", "p2", "p3", "racer"] {
        ids.push(
            a.accounts()
                .create_account(n, AccountKind::Bot, None)
                .await
                .unwrap()
                .id,
        );
    }
    let [p1, p2, p3, racer] = ids[..] else {
        unreachable!()
    };
    let rows = a
        .ratings()
        .rate_game(
            GameId(1),
            "q",
            "open",
            vec![p1, p2],
            counting(
                vec![p1, p2],
                vec![10.0, 5.0],
                vec!["level3"],
                Duration::ZERO,
            ),
        )
        .await
        .unwrap();
    assert_eq!(
        rows.iter()
            .map(|r| (r.seat, r.account, r.house.as_deref()))
            .collect::<Vec<_>>(),
        vec![
            (0, Some(p1), None),
            (1, Some(p2), None),
            (2, None, Some("level3"))
        ]
    );
    assert_eq!(rows[0].before, json!({"n": 0}));
    assert_eq!(rows[0].after, json!({"n": 1}));
    assert_eq!(b.ratings().rated_of_game(GameId(1)).await.unwrap(), rows);
    let r1 = b.ratings().ratings_of(p1).await.unwrap();
    assert_eq!(r1.len(), 1);
    assert_eq!(
        (
            r1[0].game.as_str(),
            r1[0].pool.as_str(),
            r1[0].games,
            &r1[0].score,
            r1[0].name.as_str()
        ),
        ("q", "open", 1, &json!({"n": 1}), "p1")
    );
    // rated once only: `rate` is not called again, the rows are the same
    let again = b
        .ratings()
        .rate_game(
            GameId(1),
            "q",
            "open",
            vec![p1, p2],
            Box::new(|_| panic!("rated twice")),
        )
        .await
        .unwrap();
    assert_eq!(again, rows);
    assert_eq!(a.ratings().ratings_of(p1).await.unwrap()[0].games, 1);
    // a failing rating writes nothing
    let e = a
        .ratings()
        .rate_game(
            GameId(2),
            "q",
            "open",
            vec![p1],
            Box::new(|_| Err("no".into())),
        )
        .await
        .unwrap_err();
    assert!(matches!(e, StoreError::Rate(ref m) if m == "no"), "{e}");
    // a rating function that panics is an error of this call only (on SQLite it runs
    // on the writer thread, which goes on writing)
    let e = a
        .ratings()
        .rate_game(
            GameId(2),
            "q",
            "open",
            vec![p1],
            Box::new(|_| panic!("a bug")),
        )
        .await
        .unwrap_err();
    assert!(matches!(e, StoreError::Rate(_)), "{e}");
    let e = a
        .ratings()
        .rate_game(
            GameId(2),
            "q",
            "open",
            vec![p1],
            counting(vec![p2], vec![1.0], vec![], Duration::ZERO),
        )
        .await
        .unwrap_err();
    assert!(matches!(e, StoreError::Rate(_)), "an account not read: {e}");
    assert!(matches!(
        a.ratings()
            .rate_game(
                GameId(2),
                "q",
                "open",
                vec![9999],
                counting(vec![9999], vec![1.0], vec![], Duration::ZERO)
            )
            .await,
        Err(StoreError::NoAccount(9999))
    ));
    assert!(a
        .ratings()
        .rated_of_game(GameId(2))
        .await
        .unwrap()
        .is_empty());
    assert_eq!(a.ratings().ratings_of(p1).await.unwrap()[0].games, 1);
    // the leaderboard, by conservative rating
    b.ratings()
        .rate_game(
            GameId(3),
            "q",
            "open",
            vec![p1, p2, p3],
            counting(
                vec![p1, p2, p3],
                vec![10.0, 30.0, 20.0],
                vec![],
                Duration::ZERO,
            ),
        )
        .await
        .unwrap();
    a.ratings()
        .rate_game(
            GameId(4),
            "q",
            "other",
            vec![p3],
            counting(vec![p3], vec![99.0], vec![], Duration::ZERO),
        )
        .await
        .unwrap();
    let board = a.ratings().leaderboard("q", "open", 10).await.unwrap();
    assert_eq!(
        board
            .iter()
            .map(|r| (r.account, r.games))
            .collect::<Vec<_>>(),
        vec![(p2, 2), (p3, 1), (p1, 2)]
    );
    assert_eq!(board[0].score, json!({"n": 2}));
    assert_eq!(
        b.ratings()
            .leaderboard("q", "open", 2)
            .await
            .unwrap()
            .iter()
            .map(|r| r.account)
            .collect::<Vec<_>>(),
        vec![p2, p3]
    );
    assert!(b
        .ratings()
        .leaderboard("akropolis", "open", 10)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        a.ratings()
            .ratings_of(p3)
            .await
            .unwrap()
            .iter()
            .map(|r| r.pool.as_str())
            .collect::<Vec<_>>(),
        vec!["open", "other"]
    );
    // history and games, newest first
    let h = b.ratings().history(p1, 10).await.unwrap();
    assert_eq!(h.iter().map(|r| r.game_id).collect::<Vec<_>>(), vec![3, 1]);
    assert_eq!(h[0].before, json!({"n": 1}));
    assert_eq!(b.ratings().history(p1, 1).await.unwrap().len(), 1);
    assert_eq!(a.ratings().games_of(p1, 10).await.unwrap(), vec![3, 1]);
    // who sat in those games (the house by its level), and the place each came
    let players = |v: Vec<crate::RatedPlayer>| {
        v.into_iter()
            .map(|r| (r.game_id, r.seat, r.name, r.house, r.rank))
            .collect::<Vec<_>>()
    };
    let named = |g: u64, s: usize, n: &str, h: bool, r: u32| (GameId(g), s, n.to_string(), h, r);
    assert_eq!(
        players(b.ratings().players_of(p1, 10).await.unwrap()),
        vec![
            named(1, 0, "p1", false, 0),
            named(1, 1, "p2", false, 1),
            named(1, 2, "level3", true, 2),
            named(3, 0, "p1", false, 0),
            named(3, 1, "p2", false, 1),
            named(3, 2, "p3", false, 2),
        ]
    );
    assert_eq!(
        players(a.ratings().players_of(p3, 1).await.unwrap()),
        vec![named(4, 0, "p3", false, 0)],
        "the last game only"
    );
    // the record against the house: p1 and p2 each finished ahead of level3 in game 1
    let record = |v: Vec<crate::HouseRecord>| {
        v.into_iter()
            .map(|r| (r.game, r.level, r.won, r.lost, r.drawn))
            .collect::<Vec<_>>()
    };
    for p in [p1, p2] {
        assert_eq!(
            record(b.ratings().house_record(p).await.unwrap()),
            vec![("q".to_string(), "level3".to_string(), 1, 0, 0)]
        );
    }
    assert!(a.ratings().house_record(p3).await.unwrap().is_empty());
    assert_eq!(a.ratings().games_of(p3, 10).await.unwrap(), vec![4, 3]);
    assert_eq!(a.ratings().games_of(p3, 1).await.unwrap(), vec![4]);
    // every row in the order it was rated
    assert_eq!(
        b.ratings()
            .rated_all()
            .await
            .unwrap()
            .iter()
            .map(|r| (r.game_id.0, r.seat))
            .collect::<Vec<_>>(),
        vec![(1, 0), (1, 1), (1, 2), (3, 0), (3, 1), (3, 2), (4, 0)]
    );

    // two handles rate games of one account at once, while moves are written: each
    // rating reads what the other wrote (none is lost), and no write fails
    let game = a
        .games()
        .create(NewGame {
            game: "q".into(),
            status: GameStatus::Running,
            rules: json!({}),
            seed: 1,
            seats: vec![SeatRecord {
                name: "a".into(),
                kind: "bot".into(),
                spec: None,
                account: None,
            }],
            secrets: vec![None],
            created: 0,
        })
        .await
        .unwrap();
    let moves = {
        let a = a.clone();
        tokio::spawn(async move {
            for n in 0..600 {
                a.games()
                    .append(game, n, 0, false, format!("\"m{n}\""))
                    .await
                    .unwrap();
            }
        })
    };
    let raters = [(a.clone(), 100u64), (b.clone(), 200u64)].map(|(s, base)| {
        tokio::spawn(async move {
            for i in 0..5 {
                s.ratings()
                    .rate_game(
                        GameId(base + i),
                        "q",
                        "race",
                        vec![racer],
                        counting(vec![racer], vec![1.0], vec![], Duration::from_millis(20)),
                    )
                    .await
                    .unwrap();
            }
        })
    });
    for r in raters {
        r.await.unwrap();
    }
    moves.await.unwrap();
    let r = a.ratings().ratings_of(racer).await.unwrap();
    assert_eq!((r[0].games, &r[0].score), (10, &json!({"n": 10})));
    assert_eq!(b.games().get(game).await.unwrap().unwrap().moves.len(), 600);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_tokens_and_sessions_are_stored() {
    let db = temp("accounts");
    let (s, th) = Store::start(&db).unwrap();
    accounts_tokens_and_sessions(&s, &s.clone()).await;
    stop(vec![(s, Some(th))]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_rated_once_in_order_and_none_is_lost() {
    let db = temp("ratings");
    let (s, th) = Store::start(&db).unwrap();
    ratings_and_rated_games(&s, &s.clone()).await;
    stop(vec![(s, Some(th))]).await;
}

async fn two_nodes(hint: &str) -> Option<(Store, StoreThread, Store, StoreThread)> {
    let url = tessera_pgtest::cluster()?.database(hint);
    let (a, at) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let (b, bt) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    Some((a, at, b, bt))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_tokens_and_sessions_are_stored_on_postgres() {
    let Some((a, at, b, bt)) = two_nodes("accounts").await else {
        return;
    };
    accounts_tokens_and_sessions(&a, &b).await;
    stop(vec![(a, Some(at)), (b, Some(bt))]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_rated_once_in_order_and_none_is_lost_on_postgres() {
    let Some((a, at, b, bt)) = two_nodes("ratings").await else {
        return;
    };
    ratings_and_rated_games(&a, &b).await;
    stop(vec![(a, Some(at)), (b, Some(bt))]).await;
}

/// A store of version 4 (before the Arena) opens as version 5, its games kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_4_store_gains_the_arena_tables() {
    let path = temp("v4");
    {
        let db = Connection::open(&path).unwrap();
        db.execute_batch(
            "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
             status TEXT NOT NULL, rules TEXT NOT NULL, seed INTEGER NOT NULL, seats TEXT NOT NULL,
             created INTEGER NOT NULL, started INTEGER, ended INTEGER,
             moves INTEGER NOT NULL DEFAULT 0, result TEXT, secrets TEXT NOT NULL DEFAULT '[]',
             owner TEXT);
             CREATE INDEX games_status ON games (status, id);
             CREATE TABLE events (game INTEGER NOT NULL, n INTEGER NOT NULL, at_move INTEGER NOT NULL,
             kind TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (game, n)) WITHOUT ROWID;
             CREATE TABLE moves (game INTEGER NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL,
             house INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (game, n)) WITHOUT ROWID;
             INSERT INTO games (id, game, status, rules, seed, seats, created, ended, moves, result)
             VALUES (7, 'q', 'finished', '{}', 3, '[]', 1, 2, 1, '{\"scores\":[1]}');
             INSERT INTO moves VALUES (7, 0, 0, 0, '\"pass\"');
             PRAGMA user_version = 4;",
        )
        .unwrap();
    }
    let (s, th) = Store::start(&path).unwrap();
    assert_eq!(
        s.games().get(GameId(7)).await.unwrap().unwrap().moves,
        vec!["\"pass\""]
    );
    let ann = s
        .accounts()
        .create_account("ann", AccountKind::Person, None)
        .await
        .unwrap();
    s.ratings()
        .rate_game(
            GameId(7),
            "q",
            "open",
            vec![ann.id],
            counting(vec![ann.id], vec![1.0], vec![], Duration::ZERO),
        )
        .await
        .unwrap();
    assert_eq!(s.ratings().games_of(ann.id, 5).await.unwrap(), vec![7]);
    stop(vec![(s, Some(th))]).await;
    let db = Connection::open(&path).unwrap();
    let v: i64 = db
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v, crate::schema::VERSION);
}

/// A store of version 6 (before `account_looks`): its accounts gain their look-alike keys
/// when it opens, so a new name that looks like theirs is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_6_store_gains_the_look_alike_keys() {
    let path = temp("v6");
    {
        let (s, th) = Store::start(&path).unwrap();
        for name in ["mary", "Alice"] {
            s.accounts()
                .create_account(name, AccountKind::Person, None)
                .await
                .unwrap();
        }
        stop(vec![(s, Some(th))]).await;
        let db = Connection::open(&path).unwrap();
        db.execute_batch("DROP TABLE account_looks; PRAGMA user_version = 6;")
            .unwrap();
    }
    let (s, th) = Store::start(&path).unwrap();
    let found = s.accounts().account_by_look("a1ice").await.unwrap();
    assert_eq!(found.map(|a| a.name), Some("Alice".to_string()));
    match s
        .accounts()
        .create_account("rnary", AccountKind::Bot, None)
        .await
    {
        Err(StoreError::LooksLike { name, account }) => {
            assert_eq!((name.as_str(), account.as_str()), ("rnary", "mary"))
        }
        other => panic!("{other:?}"),
    }
    stop(vec![(s, Some(th))]).await;
}

/// A database of schema version 1 (before the Arena) is upgraded to version 2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_gains_the_arena_tables_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("v1");
    pg.psql(&url, super::PG_V1);
    assert_eq!(
        pg.psql(
            &url,
            "SELECT count(*) FROM pg_tables WHERE tablename = 'accounts'"
        ),
        "0"
    );
    let (s, th) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    assert_eq!(
        pg.psql(&url, "SELECT version FROM tessera_schema"),
        crate::schema::VERSION.to_string()
    );
    let old = s.games().get(GameId(1)).await.unwrap().unwrap();
    // a game from before commitments keeps its seed, with none
    assert_eq!(
        (old.summary.commitment.clone(), old.salt.clone()),
        (None, None)
    );
    assert!(!old.summary.seed_chosen);
    assert!(old.record().unwrap().get("commitment").is_none());
    // the plain-text secrets of version 1 are hashes now, the column gone
    let (secrets, _) = s
        .games()
        .secrets_and_events(GameId(2))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(secrets, vec![Some(crate::secret_hash("tok2")), None]);
    assert_eq!(
        pg.psql(
            &url,
            "SELECT count(*) FROM information_schema.columns WHERE column_name = 'secrets'"
        ),
        "0"
    );
    let ann = s
        .accounts()
        .create_account("ann", AccountKind::Person, None)
        .await
        .unwrap();
    assert_eq!(s.accounts().account(ann.id).await.unwrap(), Some(ann));
    stop(vec![(s, Some(th))]).await;
}
