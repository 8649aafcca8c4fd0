//! The game store's suite, the same on both backends.

use super::*;
use crate::redacted;
use crate::sqlite;
use crate::{GameId, GameStatus, ListQuery, NewGame, SeatRecord, Store, StoreError, StoreThread};
use rusqlite::Connection;
use std::time::Duration;

fn temp(name: &str) -> TempDb {
    TempDb::new("tessera-store", name)
}

fn seat(name: &str) -> SeatRecord {
    SeatRecord {
        name: name.into(),
        kind: "bot".into(),
        spec: Some("greedy".into()),
        account: None,
    }
}

/// The same suite on both backends: `open` opens the store (again, after a restart).
async fn logged_listed_paged_and_read_back<F, Fut>(open: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = (Store, StoreThread)>,
{
    let (store, thread) = open().await;
    let mut ids = Vec::new();
    for i in 0..5 {
        let id = store
            .games()
            .create(NewGame {
                game: if i % 2 == 0 {
                    "q".into()
                } else {
                    "akropolis".into()
                },
                status: GameStatus::Running,
                rules: serde_json::json!({"players": 2}),
                seed: 42 + i,
                seats: vec![seat("a"), seat("b")],
                secrets: vec![Some(format!("token{i}")), None],
                created: 1000 + i as i64,
            })
            .await
            .unwrap();
        ids.push(id);
    }
    assert_eq!(ids, vec![1, 2, 3, 4, 5]);
    // the deals of games 2 (running) and 3 (ended below)
    for (id, seed, chosen) in [(2, 43, false), (3, 44, true)] {
        let deal = crate::Deal {
            seed,
            salt: format!("salt{id}"),
            commitment: format!("commitment{id}"),
            chosen,
        };
        store.games().deal(GameId(id), deal).await.unwrap();
    }
    store
        .games()
        .append(GameId(3), 0, 0, false, "\"pass\"".into())
        .await
        .unwrap();
    store
        .games()
        .append(GameId(3), 1, 1, true, "\"replace\"".into())
        .await
        .unwrap();
    // a move number cannot be written twice
    assert!(store
        .games()
        .append(GameId(3), 1, 1, true, "\"pass\"".into())
        .await
        .is_err());
    store
        .games()
        .end(
            GameId(3),
            "finished",
            serde_json::json!({"scores": [1, 2], "winners": ["b"], "ejected": []}),
            2000,
        )
        .await
        .unwrap();
    let page = store
        .games()
        .list(ListQuery {
            limit: Some(2),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(page.iter().map(|g| g.id).collect::<Vec<_>>(), vec![5, 4]);
    let next = store
        .games()
        .list(ListQuery {
            limit: Some(2),
            before: Some(GameId(4)),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(next.iter().map(|g| g.id).collect::<Vec<_>>(), vec![3, 2]);
    let qs = store
        .games()
        .list(ListQuery {
            game: Some("q".into()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(qs.iter().map(|g| g.id).collect::<Vec<_>>(), vec![5, 3, 1]);
    let g = store.games().get(GameId(3)).await.unwrap().unwrap();
    assert_eq!(g.moves, vec!["\"pass\"", "\"replace\""]);
    assert_eq!(g.house, vec![false, true]);
    assert_eq!(g.summary.winners, vec!["b"]);
    assert_eq!(g.summary.seed, Some(44), "an ended game shows its seed");
    assert_eq!(g.summary.salt.as_deref(), Some("salt3"), "and its salt");
    assert_eq!(g.summary.commitment.as_deref(), Some("commitment3"));
    assert!(g.summary.seed_chosen);
    let record = g.record().unwrap();
    assert_eq!(
        (&record["seed"], &record["salt"], &record["commitment"]),
        (
            &serde_json::json!(44),
            &serde_json::json!("salt3"),
            &serde_json::json!("commitment3")
        )
    );
    assert_eq!(record["seed_chosen"], true);
    assert_eq!(record["status"], "finished");
    assert_eq!(record["scores"], serde_json::json!([1, 2]));
    let running = store.games().get(GameId(2)).await.unwrap().unwrap();
    assert_eq!(
        running.summary.seed, None,
        "a running game's seed is secret"
    );
    assert_eq!(
        running.summary.salt, None,
        "a running game's salt is secret"
    );
    assert_eq!(running.summary.commitment.as_deref(), Some("commitment2"));
    assert!(!running.summary.seed_chosen);
    assert_eq!((running.seed, running.salt.as_deref()), (43, Some("salt2")));
    let listed = store
        .games()
        .list(ListQuery::default())
        .await
        .unwrap()
        .into_iter()
        .find(|g| g.id == 2)
        .unwrap();
    assert_eq!((listed.seed, listed.salt), (None, None));
    assert_eq!(listed.commitment.as_deref(), Some("commitment2"));
    store
        .games()
        .event(GameId(4), 0, 0, "ejected", serde_json::json!({"seat": 1}))
        .await
        .unwrap();
    store
        .games()
        .set_status(GameId(5), GameStatus::Paused)
        .await
        .unwrap();
    drop(store);
    thread.join();
    // after a restart the unfinished games are still there, with their secrets and
    // events; ids go on
    let (store, thread) = open().await;
    let left = store.games().unfinished().await.unwrap();
    assert_eq!(
        left.iter().map(|u| u.game.summary.id).collect::<Vec<_>>(),
        vec![1, 2, 4, 5]
    );
    assert_eq!(left[0].secrets, vec![Some("token0".to_string()), None]);
    assert_eq!(
        left[2].events,
        vec![(0, "ejected".to_string(), serde_json::json!({"seat": 1}))]
    );
    assert_eq!(left[3].game.summary.status, GameStatus::Paused);
    assert_eq!(
        store
            .games()
            .get(GameId(3))
            .await
            .unwrap()
            .unwrap()
            .summary
            .status,
        GameStatus::Finished
    );
    // the secrets are never listed
    let listed =
        serde_json::to_string(&store.games().list(ListQuery::default()).await.unwrap()).unwrap();
    assert!(!listed.contains("token"), "{listed}");
    let id = store
        .games()
        .create(NewGame {
            game: "q".into(),
            status: GameStatus::Waiting,
            rules: serde_json::json!({}),
            seed: 1,
            seats: vec![],
            secrets: vec![],
            created: 0,
        })
        .await
        .unwrap();
    assert_eq!(id, 6);
    drop(store);
    thread.join();
}

#[tokio::test]
async fn games_are_logged_listed_paged_and_read_back() {
    let path = temp("log");
    logged_listed_paged_and_read_back(|| async { Store::start(&path).unwrap() }).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_logged_listed_paged_and_read_back_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("store_log");
    logged_listed_paged_and_read_back(|| async {
        Store::open(&url, Duration::from_secs(5)).await.unwrap()
    })
    .await;
}

fn new_game(n: u64) -> NewGame {
    NewGame {
        game: "q".into(),
        status: GameStatus::Running,
        rules: serde_json::json!({}),
        seed: n,
        seats: vec![seat("a"), seat("b")],
        secrets: vec![None, None],
        created: 0,
    }
}

/// Two nodes on one database: a node's games are taken over only once its lease has
/// run out, and from then on none of its writes lands, while every write it saw
/// succeed is in the log the new owner goes on from.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_whose_games_were_taken_over_writes_nothing_more() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("store_fence");
    let lease = Duration::from_millis(400);
    let (a, a_thread) = Store::open(&url, lease).await.unwrap();
    let (b, b_thread) = Store::open(&url, lease).await.unwrap();
    assert_ne!(a.node(), b.node());
    let id = a.games().create(new_game(1)).await.unwrap();
    a.games().start_game(id, 1, 7).await.unwrap();
    a.nodes().heartbeat(Some("http://a"), None).await.unwrap();
    assert!(
        b.nodes().claim(10).await.unwrap().is_empty(),
        "a's lease holds"
    );
    assert_eq!(
        b.nodes().owner(id).await.unwrap().as_deref(),
        Some(a.node())
    );
    // a writes moves as fast as it can, and stops renewing its lease: b takes over
    let writer = {
        let a = a.clone();
        tokio::spawn(async move {
            let mut acknowledged = 0;
            for n in 0..100_000 {
                match a
                    .games()
                    .append(id, n, n % 2, false, format!("\"m{n}\""))
                    .await
                {
                    Ok(()) => acknowledged += 1,
                    Err(StoreError::Fenced(g)) => {
                        assert_eq!(g, id);
                        return (acknowledged, true);
                    }
                    Err(e) => panic!("{e}"),
                }
            }
            (acknowledged, false)
        })
    };
    let taken = loop {
        let t = b.nodes().claim(10).await.unwrap();
        if !t.is_empty() {
            break t;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let (acknowledged, fenced) = writer.await.unwrap();
    assert!(fenced, "a's writes stop at the takeover");
    assert_eq!(taken.len(), 1);
    let moves_at_takeover = taken[0].game.moves.len();
    assert!(acknowledged > 0);
    assert_eq!(
        acknowledged, moves_at_takeover,
        "every move a saw stored is in the log b took over, and none came after"
    );
    assert_eq!(
        b.nodes().owner(id).await.unwrap().as_deref(),
        Some(b.node())
    );
    // b goes on from there; a is fenced off every kind of write
    b.games()
        .append(id, moves_at_takeover, 0, false, "\"b\"".into())
        .await
        .unwrap();
    assert!(matches!(
        a.games().set_status(id, GameStatus::Paused).await,
        Err(StoreError::Fenced(_))
    ));
    assert!(matches!(
        a.games()
            .end(id, "finished", serde_json::json!({}), 2)
            .await,
        Err(StoreError::Fenced(_))
    ));
    assert!(matches!(
        a.games()
            .event(id, 0, 0, "ejected", serde_json::json!({}))
            .await,
        Err(StoreError::Fenced(_))
    ));
    b.games()
        .end(id, "finished", serde_json::json!({"scores": [1, 2]}), 3)
        .await
        .unwrap();
    let g = b.games().get(id).await.unwrap().unwrap();
    assert_eq!(g.moves.len(), moves_at_takeover + 1);
    assert_eq!(g.summary.status, GameStatus::Finished);
    // a node that stops lets go at once: its games can be taken over without waiting
    let (c, c_thread) = Store::open(&url, Duration::from_secs(3600)).await.unwrap();
    let other = c.games().create(new_game(2)).await.unwrap();
    c.games()
        .set_status(other, GameStatus::Paused)
        .await
        .unwrap();
    assert!(b.nodes().claim(10).await.unwrap().is_empty());
    c.nodes().release().await.unwrap();
    let nodes = b.nodes().nodes().await.unwrap();
    assert!(nodes.iter().all(|n| n.id != c.node()), "{nodes:?}");
    let t = b.nodes().claim(10).await.unwrap();
    assert_eq!(
        t.iter().map(|u| u.game.summary.id).collect::<Vec<_>>(),
        vec![other]
    );
    for (s, th) in [(a, a_thread), (b, b_thread), (c, c_thread)] {
        drop(s);
        tokio::task::spawn_blocking(move || th.join())
            .await
            .unwrap();
    }
}

/// Every node hears of every commit (LISTEN/NOTIFY): a spectator on one node follows
/// the game another runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_node_hears_of_the_writes_of_the_others() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("store_notify");
    let (a, a_thread) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let (b, b_thread) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let mut heard = b.nodes().changes().expect("PostgreSQL notifies");
    // the listener connects in the background: write until it hears
    let id = a.games().create(new_game(3)).await.unwrap();
    let mut n = 0;
    let got = loop {
        a.games()
            .append(id, n, 0, false, "\"x\"".into())
            .await
            .unwrap();
        n += 1;
        match tokio::time::timeout(Duration::from_millis(200), heard.recv()).await {
            Ok(Ok(g)) => break g,
            Ok(Err(e)) => panic!("{e}"),
            Err(_) => assert!(n < 100, "no notification in 100 writes"),
        }
    };
    assert_eq!(got, id);
    let nonotify = temp("nonotify");
    let (c, c_thread) = Store::start(&nonotify).unwrap();
    assert!(c.nodes().changes().is_none());
    for (s, th) in [(a, a_thread), (b, b_thread), (c, c_thread)] {
        drop(s);
        tokio::task::spawn_blocking(move || th.join())
            .await
            .unwrap();
    }
}

/// The database drops every connection (a restart, an administrator): the node
/// connects again, reads and writes go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_is_made_again() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("store_reconnect");
    let (store, thread) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let id = store.games().create(new_game(4)).await.unwrap();
    let killed = pg.psql(
        &url,
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    assert!(
        !killed.trim().starts_with('0'),
        "connections dropped: {killed}"
    );
    // the first use of a dropped connection may fail; the next ones connect again
    let mut n = 0;
    let mut ok = false;
    for _ in 0..50 {
        if store
            .games()
            .append(id, n, 0, false, "\"x\"".into())
            .await
            .is_ok()
        {
            n += 1;
        }
        if n >= 2 && store.games().get(id).await.is_ok() {
            ok = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(ok, "writes and reads go on after the connections dropped");
    assert_eq!(store.games().get(id).await.unwrap().unwrap().moves.len(), n);
    drop(store);
    tokio::task::spawn_blocking(move || thread.join())
        .await
        .unwrap();
}

#[tokio::test]
async fn a_bad_url_is_a_clear_error() {
    let e = Store::open("postgres://nobody@127.0.0.1:1/none", Duration::from_secs(1))
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("cannot connect to postgres://nobody@127.0.0.1:1/none"),
        "{e}"
    );
    assert_eq!(
        redacted("postgres://ann:secret@db.example/t"),
        "postgres://ann:***@db.example/t"
    );
}

#[test]
fn a_first_version_store_is_upgraded() {
    let path = temp("v1");
    {
        let db = Connection::open(&path).unwrap();
        db.execute_batch(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, status TEXT NOT NULL,
             rules TEXT NOT NULL, seed INTEGER NOT NULL, players TEXT NOT NULL, moves TEXT NOT NULL,
             result TEXT NOT NULL, ejected TEXT NOT NULL, started INTEGER NOT NULL, finished INTEGER NOT NULL);
             INSERT INTO games VALUES (7, 'akropolis', 'finished', '{\"players\":2,\"variants\":\"hmbtg\"}', 9,
             '[\"a\",\"b\"]', '[\"01N00E00R0\"]', '{\"scores\":[1,2],\"winners\":[\"b\"],\"ejected\":[],\"outcome\":null}',
             '[]', 5, 6);",
        )
        .unwrap();
    }
    let db = sqlite::open(&path).unwrap();
    let g = sqlite::get(&db, GameId(7)).unwrap().unwrap();
    assert_eq!(g.summary.players, vec!["a", "b"]);
    assert_eq!(g.moves, vec!["\"01N00E00R0\""]);
    assert_eq!(g.summary.winners, vec!["b"]);
    assert_eq!(
        g.record().unwrap()["moves"],
        serde_json::json!(["01N00E00R0"])
    );
}

/// Two hosts on one SQLite file would both run its live games (until a unique key
/// failed): a file served by a store is refused to a second, whatever process it is in,
/// and free again once the first has stopped.
#[test]
fn a_served_file_is_refused_to_a_second_store() {
    let path = temp("served");
    let (first, thread) = Store::start(&path).unwrap();
    match Store::start(&path) {
        Err(StoreError::Served(p)) => assert!(p.contains("served"), "{p}"),
        Err(e) => panic!("another refusal: {e}"),
        Ok(_) => panic!("a second store was opened on a served file"),
    }
    // a reader of the file (tessera games) is not a second host
    assert!(crate::list_file(&path, &ListQuery::default()).is_ok());
    drop(first);
    thread.join();
    let (again, thread) = Store::start(&path).expect("free once the first stopped");
    drop(again);
    thread.join();
}

/// A lock held on briefly after its store ended (a child process between its fork and its
/// exec holds a copy of every descriptor) is waited for, not taken for another host.
#[test]
fn a_lock_held_on_briefly_is_waited_for() {
    let path = temp("held");
    let (first, thread) = Store::start(&path).unwrap();
    drop(first);
    thread.join();
    // the lock taken by someone else for 200 ms, as a forked child would hold it
    let held = std::fs::File::open(&*path).unwrap();
    held.lock().unwrap();
    let release = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        drop(held);
    });
    let (again, thread) = Store::start(&path).expect("the lock was waited for");
    drop(again);
    thread.join();
    release.join().unwrap();
}
