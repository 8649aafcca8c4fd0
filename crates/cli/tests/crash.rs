//! Crash = pause: `tessera serve` is killed with SIGKILL while 50 games over TCP and a few
//! people's games in the browser are in progress, then started again on the same store.
//! Every game goes on from its move log and ends: the programs come back with their resume
//! tokens, the people reload (their tokens still work), the bots move on. No game is lost,
//! no id is handed out twice, every record replays. A SIGTERM then stops the host within
//! its grace, exit status 0.

use crate::common;
use common::serve::{http, person, person_at, start, start_with};
use common::{free_port, RemoveDir};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;
use tessera_games::Registry;
use tessera_server::store::{self, ListQuery};
use tessera_tcp::client::{self, Join};
use tokio_tungstenite::tungstenite::Message;

#[test]
fn a_killed_host_loses_no_game() {
    let dir = std::env::temp_dir().join(format!("tessera-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = RemoveDir(dir.clone());
    let db = dir.join("t.db");
    let (tcp, http_port) = (free_port(), free_port());
    let mut server = start(&db, tcp, http_port);
    let registry = Registry::standard();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let addr: SocketAddr = ([127, 0, 0, 1], tcp).into();
    let (games, people) = rt.block_on(async {
        // 50 games of programs over TCP: pairs in each game's lobby
        let mut games = Vec::new();
        for g in 0..50 {
            // slow enough that no game but a rare one-turn Q game ends before the kill,
            // however slowly a busy machine starts them
            let (game, spec, think) = match g % 3 {
                0 => ("triominos", "greedy", 100),
                1 => ("q", "dag", 400),
                _ => ("akropolis", "greedy", 200),
            };
            for p in 0..2 {
                let bot = registry.get(game).unwrap().wire_bot(spec).unwrap();
                let name = format!("p{g}x{p}");
                let join = Join::Game(game.into());
                games.push(tokio::spawn(async move {
                    client::play_on(&|| addr, &join, &name, bot, Duration::from_millis(think), Duration::from_secs(60)).await
                }));
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        // people in the browser against bots
        let mut people = Vec::new();
        for game in ["triominos", "q", "akropolis"] {
            let c = http(
                http_port,
                "POST",
                "/api/games",
                &json!({"game": game, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 30}).to_string(),
            )
            .await;
            let id = c["id"].as_u64().expect("a table");
            let token = c["tokens"][0][1].as_str().unwrap().to_string();
            people.push((id, tokio::spawn(person(http_port, id, token))));
        }
        (games, people)
    });
    // mid-way: (nearly) every game has started, none has ended (a busy machine starts
    // them later: up to 30 s are waited for)
    let list = || {
        store::list_file(
            &db,
            &ListQuery {
                limit: Some(500),
                ..Default::default()
            },
        )
        .unwrap()
    };
    std::thread::sleep(Duration::from_millis(1500));
    let mut running = 0;
    for _ in 0..300 {
        running = list()
            .iter()
            .filter(|g| g.status == tessera_server::store::GameStatus::Running)
            .count();
        if running >= 40 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        running >= 40,
        "{running} games running when the host is killed"
    );
    // SIGKILL: nothing runs on the way out
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let mut server = start(&db, tcp, http_port);
    // every game goes on and ends
    let (finished, ejected) = rt.block_on(async {
        let mut finished = 0;
        let mut ejected = 0;
        for g in games {
            match tokio::time::timeout(Duration::from_secs(150), g).await {
                Ok(Ok(Ok(_))) => finished += 1,
                Ok(Ok(Err(client::ClientError::Ejected(_)))) => ejected += 1,
                other => panic!("a program did not finish: {other:?}"),
            }
        }
        for (id, p) in people {
            let end = tokio::time::timeout(Duration::from_secs(150), p)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(end["status"], "finished", "game {id}: {end}");
        }
        (finished, ejected)
    });
    assert_eq!(finished + ejected, 100);
    assert_eq!(ejected, 0, "no program was left behind by the restart");
    // SIGTERM: a graceful stop within the grace, exit status 0
    let t = std::time::Instant::now();
    // SAFETY: sending a signal to our own child process.
    unsafe {
        libc::kill(server.child.id() as i32, libc::SIGTERM);
    }
    let status = server.child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert!(t.elapsed() < Duration::from_secs(12), "{:?}", t.elapsed());
    // a game whose last move was played while its results were still being told (a
    // program's answer to `win` not yet read) is paused, not ended, so that a program not
    // yet told hears its result when it comes back: the next start ends it at once
    if list().iter().any(|g| g.status.is_live()) {
        let mut again = start(&db, tcp, http_port);
        for _ in 0..100 {
            if !list().iter().any(|g| g.status.is_live()) {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        // SAFETY: sending a signal to our own child process.
        unsafe {
            libc::kill(again.child.id() as i32, libc::SIGTERM);
        }
        assert!(again.child.wait().unwrap().success());
    }
    // nothing lost: 53 games, ids 1..=53, all finished, every record replays
    let all = list();
    assert_eq!(all.len(), 53);
    let mut ids: Vec<u64> = all.iter().map(|g| g.id.0).collect();
    ids.sort();
    assert_eq!(ids, (1..=53).collect::<Vec<_>>());
    for g in &all {
        assert_eq!(
            g.status,
            tessera_server::store::GameStatus::Finished,
            "game {}: {g:?}",
            g.id
        );
        let stored = store::get_file(&db, g.id).unwrap().unwrap();
        let record = stored.record().unwrap();
        let replay = registry.find(&g.game).unwrap().replay(&record).unwrap();
        assert!(replay.outcome.is_some(), "game {} replays to its end", g.id);
    }
    let _ = Arc::new(());
}

/// SIGTERM with games in flight: the host stops within its grace with status 0, the games
/// are `paused` in the store, and they go on and end when the host starts again.
#[test]
fn a_stopped_host_pauses_its_games() {
    let dir = std::env::temp_dir().join(format!("tessera-term-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = RemoveDir(dir.clone());
    let db = dir.join("t.db");
    let (tcp, http_port) = (free_port(), free_port());
    let mut server = start(&db, tcp, http_port);
    let registry = Registry::standard();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let addr: SocketAddr = ([127, 0, 0, 1], tcp).into();
    let games = rt.block_on(async {
        let mut games = Vec::new();
        for g in 0..10 {
            for p in 0..2 {
                let bot = registry
                    .get("triominos")
                    .unwrap()
                    .wire_bot("greedy")
                    .unwrap();
                let name = format!("t{g}x{p}");
                games.push(tokio::spawn(async move {
                    client::play_on(
                        &|| addr,
                        &Join::Game("triominos".into()),
                        &name,
                        bot,
                        Duration::from_millis(40),
                        Duration::from_secs(60),
                    )
                    .await
                }));
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        games
    });
    std::thread::sleep(Duration::from_millis(1500));
    let t = std::time::Instant::now();
    // SAFETY: sending a signal to our own child process.
    unsafe {
        libc::kill(server.child.id() as i32, libc::SIGTERM);
    }
    let status = server.child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert!(t.elapsed() < Duration::from_secs(12), "{:?}", t.elapsed());
    let paused = store::list_file(
        &db,
        &ListQuery {
            limit: Some(100),
            ..Default::default()
        },
    )
    .unwrap()
    .iter()
    .filter(|g| g.status == tessera_server::store::GameStatus::Paused)
    .count();
    assert_eq!(paused, 10, "every game in flight is paused, not lost");
    let _server = start(&db, tcp, http_port);
    rt.block_on(async {
        for g in games {
            let r = tokio::time::timeout(Duration::from_secs(120), g).await;
            assert!(matches!(r, Ok(Ok(Ok(_)))), "{r:?}");
        }
    });
    // the players hear `win` before the host stores the end: wait for it
    let mut all = Vec::new();
    for _ in 0..100 {
        all = store::list_file(
            &db,
            &ListQuery {
                limit: Some(100),
                ..Default::default()
            },
        )
        .unwrap();
        if all
            .iter()
            .all(|g| g.status == tessera_server::store::GameStatus::Finished)
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(all.len(), 10);
    for g in &all {
        assert_eq!(
            g.status,
            tessera_server::store::GameStatus::Finished,
            "game {}",
            g.id
        );
        let stored = store::get_file(&db, g.id).unwrap().unwrap();
        assert!(registry
            .find(&g.game)
            .unwrap()
            .replay(&stored.record().unwrap())
            .unwrap()
            .outcome
            .is_some());
    }
}

/// Three nodes on one PostgreSQL database. Node A runs games of programs over TCP, of
/// people in the browser and of bots; node B lists them and its spectators watch them
/// live. A is killed (SIGKILL): once its lease (2 s) runs out B takes its games over from
/// their move logs and the bots move on. Node C never takes a game over (its lease is an
/// hour, so A does not look dead to it): the people play only through C, which relays
/// their WebSockets to A and then to B; the programs come back with their resume tokens
/// to C only, which relays them to B. Every game ends and replays.
#[test]
fn a_killed_node_s_games_go_on_at_another_node() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("nodes");
    let (tcp_a, http_a, tcp_b, http_b) = (free_port(), free_port(), free_port(), free_port());
    let (tcp_c, http_c) = (free_port(), free_port());
    let lease = ["--lease", "2"];
    let mut a = start_with(&url, tcp_a, http_a, &lease);
    let _b = start_with(&url, tcp_b, http_b, &lease);
    let _c = start_with(&url, tcp_c, http_c, &["--lease", "3600"]);
    let registry = Registry::standard();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let a_addr: SocketAddr = ([127, 0, 0, 1], tcp_a).into();
    let c_addr: SocketAddr = ([127, 0, 0, 1], tcp_c).into();
    let (programs, people, bots) = rt.block_on(async {
        let mut programs = Vec::new();
        for g in 0..6 {
            let (game, spec, think) = match g % 2 {
                0 => ("triominos", "greedy", 40),
                _ => ("q", "dag", 60),
            };
            for p in 0..2 {
                let bot = registry.get(game).unwrap().wire_bot(spec).unwrap();
                let name = format!("n{g}x{p}");
                let join = Join::Game(game.into());
                programs.push(tokio::spawn(async move {
                    // the first connection goes to A; coming back, to C only
                    let tries = std::sync::atomic::AtomicUsize::new(0);
                    let addr = move || {
                        match tries.fetch_add(1, std::sync::atomic::Ordering::Relaxed) {
                            0 => a_addr,
                            _ => c_addr,
                        }
                    };
                    client::play_on(&addr, &join, &name, bot, Duration::from_millis(think), Duration::from_secs(90)).await
                }));
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let mut people = Vec::new();
        for game in ["triominos", "akropolis"] {
            let c = http(
                http_a,
                "POST",
                "/api/games",
                &json!({"game": game, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 150}).to_string(),
            )
            .await;
            let id = c["id"].as_u64().expect("a table");
            let token = c["tokens"][0][1].as_str().unwrap().to_string();
            people.push((id, tokio::spawn(person_at(vec![http_c], id, token))));
        }
        // a person at A leaves a seat open for a program, which signs up for that table
        // at C: C relays it to A
        let c = http(
            http_a,
            "POST",
            "/api/games",
            &json!({"game": "triominos", "seats": [{"kind": "human", "name": "Bo"}, {"kind": "program"}], "delay_ms": 150}).to_string(),
        )
        .await;
        let id = c["id"].as_u64().expect("a table with an open seat");
        let token = c["tokens"][0][1].as_str().unwrap().to_string();
        people.push((id, tokio::spawn(person_at(vec![http_c], id, token))));
        let bot = registry.get("triominos").unwrap().wire_bot("greedy").unwrap();
        programs.push(tokio::spawn(async move {
            client::play_on(&|| c_addr, &Join::Table(id), "visitor", bot, Duration::from_millis(40), Duration::from_secs(90)).await
        }));
        let c = http(
            http_a,
            "POST",
            "/api/games",
            &json!({"game": "triominos", "seats": [{"kind": "bot", "spec": "greedy"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 100}).to_string(),
        )
        .await;
        let bots = c["id"].as_u64().expect("a table of bots");
        (programs, people, bots)
    });
    // B lists A's games, and a spectator at B watches A's game of bots move on
    rt.block_on(async {
        let url = format!("ws://127.0.0.1:{http_b}/api/games/{bots}/ws");
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let mut seen: Vec<u64> = Vec::new();
        // a state per commit of the game (not every commit is a move): three move counts
        while seen.iter().collect::<std::collections::BTreeSet<_>>().len() < 3 {
            let msg = tokio::time::timeout(Duration::from_secs(20), ws.next())
                .await
                .expect("B tells its spectator of A's moves")
                .unwrap()
                .unwrap();
            let Message::Text(t) = msg else { continue };
            let m: Value = serde_json::from_str(&t).unwrap();
            assert_eq!(m["type"], "state", "{m}");
            assert_eq!(m["seat"], Value::Null, "a spectator");
            seen.push(m["moves"].as_u64().unwrap());
        }
        assert!(
            seen.windows(2).all(|w| w[0] <= w[1]),
            "live moves at B, in order: {seen:?}"
        );
        let listed = http(http_b, "GET", "/api/games?limit=100", "").await;
        let running = listed["games"]
            .as_array()
            .or(listed.as_array())
            .map(|l| l.iter().filter(|g| g["status"] == "running").count())
            .unwrap_or(0);
        assert!(running >= 6, "B lists A's running games: {listed}");
        // the people play through C while A runs their games (their moves are relayed)
        let ids: Vec<u64> = people.iter().map(|(id, _)| *id).collect();
        let mut moved = false;
        for _ in 0..300 {
            let listed = http(http_b, "GET", "/api/games?limit=100", "").await;
            let games = listed["games"].as_array().cloned().unwrap_or_default();
            moved = ids.iter().all(|id| {
                games
                    .iter()
                    .any(|g| g["id"] == *id && g["moves"].as_u64().unwrap_or(0) >= 4)
            });
            if moved {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(moved, "the people's moves reach A through C");
    });
    // SIGKILL of A mid-game
    a.child.kill().unwrap();
    a.child.wait().unwrap();
    let killed = std::time::Instant::now();
    rt.block_on(async {
        for g in programs {
            let r = tokio::time::timeout(Duration::from_secs(150), g).await;
            assert!(
                matches!(r, Ok(Ok(Ok(_)))),
                "a program's game ends at B: {r:?}"
            );
        }
        for (id, p) in people {
            let end = tokio::time::timeout(Duration::from_secs(150), p)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(end["status"], "finished", "game {id}: {end}");
        }
    });
    eprintln!(
        "the programs' and people's games ended {:?} after the kill",
        killed.elapsed()
    );
    // every game ends (the bots' too), and replays from its log
    let list = || {
        let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args(["games", "--db", &url, "--json", "--limit", "100"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<Vec<Value>>(&out.stdout).unwrap()
    };
    let mut all = list();
    for _ in 0..300 {
        if all.iter().all(|g| g["status"] == "finished") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        all = list();
    }
    assert_eq!(all.len(), 10, "{all:?}");

    for g in &all {
        assert_eq!(g["status"], "finished", "{g}");
        let id = g["id"].as_u64().unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args(["replay", &id.to_string(), "--db", &url, "--quiet"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "game {id}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
