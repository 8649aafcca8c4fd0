//! Regression tests of races and stalls in the host: each failed on main @ d2e3e4c.

use crate::common;
use crate::goofspiel;
use tessera_server::store::GameId;

use common::{remove_db, temp_db, test_config, TestHost};
use goofspiel::{gate, Goofspiel};
use serde_json::json;
use std::sync::mpsc;
use std::time::Duration;
use tessera_games::{Entry, Registry};
use tessera_server::host::Host;
use tessera_server::store::{AccountKind, Store};

/// Runs `work` on a thread of its own and fails the test when it has not finished within
/// `limit`: a deadlock shows as a failure, not as a test that never ends.
fn watchdog(limit: Duration, what: &str, work: impl FnOnce() + Send + 'static) {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        work();
        let _ = tx.send(());
    });
    if rx.recv_timeout(limit).is_err() {
        panic!("{what}: not done after {limit:?} (a deadlock)");
    }
}

/// Defect: `join` locked the arena's queue, then its waiters; `queue_status` and
/// `drop_waiting_programs` the waiters, then the queue. A person polling their queue while
/// another joined could hang both threads, then every arena call.
#[test]
fn joining_and_polling_the_arena_at_once_never_deadlocks() {
    watchdog(Duration::from_secs(90), "join and poll", || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let db = temp_db();
        let (store, thread) = Store::start(&db).unwrap();
        let host = Host::new(Registry::standard(), store, test_config());
        let people: Vec<_> = rt.block_on(async {
            let mut v = Vec::new();
            for i in 0..4 {
                let a = host
                    .store()
                    .accounts()
                    .create_account(&format!("racer{i}"), AccountKind::Person, None)
                    .await
                    .unwrap();
                v.push(a);
            }
            v
        });
        let mut workers = Vec::new();
        for (i, who) in people.into_iter().enumerate() {
            let host = host.clone();
            let handle = rt.handle().clone();
            workers.push(std::thread::spawn(move || {
                for _ in 0..2_000 {
                    if i % 2 == 0 {
                        // joins (and leaves, so the queue never fills)
                        let _ = handle.block_on(tessera_server::concerns::arena::queue_person(
                            &host,
                            &who,
                            "triominos",
                            4,
                        ));
                        tessera_server::concerns::arena::leave_queue(&host, &who);
                    } else {
                        let status = tessera_server::concerns::arena::queue_status(&host, &who);
                        assert!(status["queued"].is_array(), "{status}");
                    }
                }
            }));
        }
        for w in workers {
            w.join().unwrap();
        }
        rt.block_on(host.shutdown(Duration::from_secs(5)));
        drop(host);
        drop(rt);
        thread.join();
        remove_db(&db);
    });
}

/// Defect: the state of a game served from the store (ended, or run by another node) was
/// replayed inline on the runtime, once per request and per notification of every remote
/// spectator: a long replay stalled every task of its thread. The test game's public view
/// waits at a gate that only a task of the (single-threaded) runtime opens.
#[test]
fn a_stored_game_is_replayed_off_the_runtime() {
    let registry = || Registry::standard().with(Entry::<Goofspiel>::new());
    // a finished game in a store
    let (db, id) = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            let h = TestHost::with(registry(), test_config()).await;
            let (_, c) = h
                .post(
                    "/api/games",
                    &json!({"game": "goofspiel", "seats": [{"kind": "bot", "spec": "match"}, {"kind": "bot", "spec": "random"}], "delay_ms": 0}),
                )
                .await;
            let id = c["id"].as_u64().unwrap();
            loop {
                let (_, g) = h.get(&format!("/api/games/{id}")).await;
                if g["over"] == true {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            (h.stop_keeping().await, id)
        });
    // a host on one runtime thread serves it from the store
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async move {
            let h = TestHost::on(registry(), test_config(), db).await;
            gate::arm();
            let opener = tokio::spawn(async {
                while !gate::entered() {
                    tokio::task::yield_now().await;
                }
                gate::open();
            });
            let (code, g) = h.get(&format!("/api/games/{id}")).await;
            assert_eq!(code, 200, "{g}");
            assert_eq!(g["over"], true, "{g}");
            assert!(gate::entered(), "the stored game was not replayed");
            assert!(
                !gate::timed_out(),
                "the replay held the runtime's thread: nothing else could run"
            );
            opener.await.unwrap();
            h.stop().await;
        });
}

/// Two people of one ended game asking for its rematch at the same moment get one
/// rematch (each their own seat at it), and rematches of other games do not wait for it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_asking_for_a_rematch_at_once_get_one() {
    let h = TestHost::start(test_config()).await;
    let mut games = Vec::new();
    for _ in 0..3 {
        let (s, c) = h
            .post(
                "/api/games",
                &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], "options": {"copies": 1}}),
            )
            .await;
        assert_eq!(s, 200, "{c}");
        let id = c["id"].as_u64().unwrap();
        let tokens = [0, 1].map(|i| c["tokens"][i][1].as_str().unwrap().to_string());
        let (s, r) = h
            .post(
                &format!("/api/games/{id}/resign"),
                &json!({"token": tokens[1]}),
            )
            .await;
        assert_eq!(s, 200, "{r}");
        games.push((id, tokens));
    }
    for (id, _) in &games {
        loop {
            let (_, g) = h.get(&format!("/api/games/{id}")).await;
            if g["over"] == true {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let mut asks = Vec::new();
    for (id, tokens) in &games {
        for t in tokens {
            let addr = h.http;
            let path = format!("/api/games/{id}/rematch");
            let body = json!({ "token": t }).to_string();
            asks.push(tokio::spawn(async move {
                common::http(addr, "POST", &path, &body).await
            }));
        }
    }
    let mut answers = Vec::new();
    for a in asks {
        answers.push(a.await.unwrap());
    }
    let mut rematches = std::collections::HashSet::new();
    for (g, pair) in answers.chunks(2).enumerate() {
        let [(s0, a), (s1, b)] = pair else {
            unreachable!()
        };
        assert_eq!((*s0, *s1), (200, 200), "{a} {b}");
        assert_eq!(a["id"], b["id"], "game {g}: two rematches for one game");
        assert_ne!(a["seat"], b["seat"], "{a} {b}");
        assert!(rematches.insert(a["id"].as_u64().unwrap()), "{a}");
    }
    assert_eq!(rematches.len(), 3);
    h.stop().await;
}

/// Defect: the host took every error of the store for "another node runs this game now":
/// a store that failed for a moment stopped the game in memory while its row stayed
/// `running` and owned by this node, which takes up only games left by others (and, on
/// SQLite, only at start): the game was stranded. Writes the store fails are tried again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_after_the_store_failed_for_a_moment() {
    let h = TestHost::start(test_config()).await;
    // the first moves of the next game are not stored at once
    h.host.store().games().fail_moves(4);
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "triominos", "seats": [{"kind": "bot", "spec": "greedy"}, {"kind": "bot", "spec": "greedy"}], "options": {"end": "round"}, "delay_ms": 0}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let g = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            let g = h.host.stored(GameId(id)).await.unwrap();
            if !g.summary.status.is_live() {
                return g;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("the game was stranded: it never ended");
    assert_eq!(g.summary.status.as_str(), "finished", "{}", g.result);
    assert!(g.moves.len() > 4, "{} moves", g.moves.len());
    // every move is in the log, in order: the record replays to the stored end
    let record = g.record().unwrap();
    let entry = h.host.registry().get("triominos").unwrap().clone();
    let replay = entry.replay(&record).unwrap();
    assert_eq!(replay.steps.len(), g.moves.len() + 1);
    h.stop().await;
}
