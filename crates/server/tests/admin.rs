//! The operator's command beside a serving host (`tessera admin`, here its store handle
//! `AdminDb`): a banned account's session and sign-in refused and its rated game
//! resigned; aborted games (running and waiting) end `aborted` with the operator's
//! reason; the log holds every action. And an online backup taken while games are
//! played, restored: the ended games the same, the live ones resumed and played out.

use crate::common;
use tessera_server::store::GameId;

use common::{play_person, stored_when, TestHost};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tessera_server::store::{get_at, AdminDb, GameStatus};
use tessera_server::vocab::config::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One request with extra headers: status, body (JSON, or the text as a JSON string)
/// and the session cookie it sets, if any.
async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Value, String) {
    let a = common::request(addr, method, path, headers, body).await;
    let cookie = a
        .header("set-cookie")
        .and_then(|c| c.split(';').next())
        .unwrap_or_default()
        .to_string();
    (a.status, a.body, cookie)
}

/// A person's account, signed in: its session cookie and CSRF token.
async fn register(addr: SocketAddr, name: &str) -> (String, String) {
    register_as(addr, name, "person").await
}

/// An account of this kind (`person`, `bot`), signed in: its session cookie and CSRF
/// token.
async fn register_as(addr: SocketAddr, name: &str, kind: &str) -> (String, String) {
    let body = json!({"name": name, "password": "correct horse", "kind": kind});
    let (status, b, cookie) = request(
        addr,
        "POST",
        "/api/account/register",
        &[],
        &body.to_string(),
    )
    .await;
    assert_eq!(status, 200, "{b}");
    (cookie, b["csrf"].as_str().unwrap().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ban_resigns_an_account_s_rated_game_and_an_abort_ends_games() {
    let config = Config {
        arena_house_after: Duration::from_millis(200),
        // fixed deals: with a random one the house could place its whole hand on the
        // first move, and the rated game end before the ban
        seed: Some(7),
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let db = h.db.to_str().unwrap().to_string();
    // dana plays a rated game against the house, and does not move
    let (dana, csrf) = register(h.http, "dana").await;
    let cookie = [("Cookie", dana.as_str())];
    let queue = json!({"game": "q", "players": 2}).to_string();
    let headers = [("Cookie", dana.as_str()), ("X-Tessera-CSRF", csrf.as_str())];
    let (status, b, _) = request(h.http, "POST", "/api/arena/queue", &headers, &queue).await;
    assert_eq!(status, 200, "{b}");
    let mut rated = None;
    for _ in 0..100 {
        let (_, q, _) = request(h.http, "GET", "/api/arena/queue", &cookie, "").await;
        if let Some(id) = q["matched"][0]["game_id"].as_u64() {
            rated = Some(id);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let rated = rated.expect("a match within 10 s");
    // an unrated game where Ann does not move, and a table waiting for a program
    let (s, running) = h
        .post("/api/games", &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "greedy"}], "options": {"copies": 1}}))
        .await;
    assert_eq!(s, 200, "{running}");
    let running = running["id"].as_u64().unwrap();
    let (s, waiting) = h
        .post("/api/games", &json!({"game": "q", "seats": [{"kind": "human", "name": "Bo"}, {"kind": "program"}], "options": {"copies": 1}}))
        .await;
    assert_eq!(s, 200, "{waiting}");
    let waiting = waiting["id"].as_u64().unwrap();
    stored_when(&db, rated, 10, |g| g.summary.status == GameStatus::Running).await;

    let admin = AdminDb::open(&db).await.unwrap();
    assert!(admin.served());
    let ban = admin.ban("dana", Some("abuse")).await.unwrap();
    assert_eq!(ban.sessions, 1);
    // her session stops working at once, her password no longer signs her in
    let (status, _, _) = request(h.http, "GET", "/api/me", &cookie, "").await;
    assert_eq!(status, 401, "a banned account's session");
    let login = json!({"name": "dana", "password": "correct horse"}).to_string();
    let (status, body, cookie) = request(h.http, "POST", "/api/account/login", &[], &login).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["error"], "this account is banned", "{body}");
    assert!(cookie.is_empty());
    let (status, body, _) = request(
        h.http,
        "POST",
        "/api/account/login",
        &[],
        &json!({"name": "dana", "password": "wrong password"}).to_string(),
    )
    .await;
    assert_eq!(
        status, 401,
        "a wrong password says nothing of the ban: {body}"
    );
    // her running rated game: resigned by the host within a second or two
    let g = stored_when(&db, rated, 10, |g| !g.summary.status.is_live()).await;
    assert_eq!(g.summary.status, GameStatus::Resigned);
    assert_eq!(
        g.summary.why.map(|w| w.to_string()).as_deref(),
        Some("dana was banned by the operator")
    );

    for id in [running, waiting] {
        let entry = admin.abort(GameId(id), Some("cheating")).await.unwrap();
        assert_eq!(entry.done, None, "left for the host");
        let g = stored_when(&db, id, 10, |g| !g.summary.status.is_live()).await;
        assert_eq!(g.summary.status, GameStatus::Aborted, "game {id}");
        assert_eq!(
            g.summary.why.map(|w| w.to_string()).as_deref(),
            Some("aborted by the operator: cheating")
        );
        let mut done = None;
        for _ in 0..50 {
            done = admin.entry(entry.id).await.unwrap().and_then(|e| e.node);
            if done.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(done.as_deref(), Some("local"));
        assert!(h.host.table(GameId(id)).is_none(), "the table left memory");
    }
    assert!(
        admin.abort(GameId(running), None).await.is_err(),
        "over already"
    );
    let log: Vec<(String, String)> = admin
        .log(0, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.action, e.target))
        .collect();
    let want: Vec<(String, String)> = [
        ("ban", "dana".to_string()),
        ("abort", running.to_string()),
        ("abort", waiting.to_string()),
    ]
    .into_iter()
    .map(|(a, t)| (a.to_string(), t))
    .collect();
    assert_eq!(log, want);
    assert!(admin.live().await.unwrap().is_empty());
    drop(admin);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_banned_bot_waiting_in_the_queue_is_told_and_dropped() {
    let config = Config {
        arena_house_after: Duration::from_secs(3600),
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let (cookie, csrf) = register_as(h.http, "robo", "bot").await;
    let headers = [
        ("Cookie", cookie.as_str()),
        ("X-Tessera-CSRF", csrf.as_str()),
    ];
    let body = json!({"label": "test"}).to_string();
    let (status, t, _) = request(h.http, "POST", "/api/tokens", &headers, &body).await;
    assert_eq!(status, 200, "{t}");
    let token = t["token"].as_str().unwrap();
    let mut s = tokio::net::TcpStream::connect(h.tcp).await.unwrap();
    let signup = json!({"token": token, "game": "q", "rated": true, "players": 2});
    s.write_all(signup.to_string().as_bytes()).await.unwrap();
    for _ in 0..100 {
        if tessera_server::concerns::arena::arena_queued(&h.host) == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(tessera_server::concerns::arena::arena_queued(&h.host), 1);
    let admin = AdminDb::open(h.db.to_str().unwrap()).await.unwrap();
    let ban = admin.ban("robo", None).await.unwrap();
    assert_eq!(ban.tokens, 1);
    let mut heard = String::new();
    let mut buf = vec![0u8; 4096];
    loop {
        let r = tokio::time::timeout(Duration::from_secs(5), s.read(&mut buf)).await;
        match r {
            Ok(Ok(n)) if n > 0 => heard.push_str(&String::from_utf8_lossy(&buf[..n])),
            _ => break,
        }
    }
    assert!(heard.contains("this account is banned"), "{heard:?}");
    assert_eq!(tessera_server::concerns::arena::arena_queued(&h.host), 0);
    drop(admin);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_games_are_played_restores_and_serves_them() {
    let config = || Config {
        bot_delay_ms: 2,
        ..common::test_config()
    };
    let h = TestHost::start(config()).await;
    // people's games wait for their moves; bots' games are played meanwhile
    let mut people = Vec::new();
    for name in ["Ann", "Bo"] {
        let (s, c) = h
            .post("/api/games", &json!({"game": "q", "seats": [{"kind": "human", "name": name}, {"kind": "bot", "spec": "greedy"}], "options": {"copies": 1}}))
            .await;
        assert_eq!(s, 200, "{c}");
        let token = c["tokens"][0][1].as_str().unwrap().to_string();
        people.push((c["id"].as_u64().unwrap(), token));
    }
    let bots = json!({"game": "triominos", "seats": [{"kind": "bot", "spec": "greedy"}, {"kind": "bot", "spec": "random"}], "options": {"end": "round"}});
    let mut played = Vec::new();
    for _ in 0..6 {
        let (s, c) = h.post("/api/games", &bots).await;
        assert_eq!(s, 200, "{c}");
        played.push(c["id"].as_u64().unwrap());
    }
    // at least one game ended before the backup, the others on their way
    stored_when(h.db.to_str().unwrap(), played[0], 10, |g| {
        !g.summary.status.is_live()
    })
    .await;
    let copy = common::temp_db();
    let (from, to) = (h.db.clone(), copy.clone());
    tokio::task::spawn_blocking(move || tessera_server::store::backup_file(&from, &to))
        .await
        .unwrap()
        .unwrap();
    let (db, backup) = (
        h.db.to_str().unwrap().to_string(),
        copy.to_str().unwrap().to_string(),
    );
    // the bots' games end on the host; in the backup each is as it was then
    for &id in &played {
        stored_when(&db, id, 10, |g| !g.summary.status.is_live()).await;
    }
    let (mut ended_in_backup, mut live_in_backup) = (Vec::new(), Vec::new());
    for &id in &played {
        let b = get_at(&backup, GameId(id))
            .await
            .unwrap()
            .expect("in the backup");
        if b.summary.status.is_live() {
            live_in_backup.push(id);
        } else {
            ended_in_backup.push(b);
        }
    }
    assert!(!ended_in_backup.is_empty());
    h.stop().await;

    // a host on the backup serves the same games
    let h = TestHost::on(tessera_games::Registry::standard(), config(), copy).await;
    // what `tessera serve` does at start
    let resumed = tessera_server::concerns::recovery::resume_unfinished(&h.host)
        .await
        .unwrap();
    assert_eq!(resumed, people.len() + live_in_backup.len());
    for b in &ended_in_backup {
        let (s, record) = h.get(&format!("/api/games/{}/record", b.summary.id)).await;
        assert_eq!(s, 200, "{record}");
        let now = get_at(&backup, b.summary.id).await.unwrap().unwrap();
        assert_eq!(&now, b, "an ended game is the same after the restore");
    }
    // the people's games were live in the backup: resumed, and played to their end
    for (id, token) in &people {
        let mut ws = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
        let end = play_person(&mut ws).await;
        assert_eq!(end["over"], true, "{end}");
        let g = stored_when(&backup, *id, 10, |g| !g.summary.status.is_live()).await;
        assert_eq!(g.summary.status, GameStatus::Finished);
    }
    // the bots' games that were under way go on, to their end
    for id in live_in_backup {
        let g = stored_when(&backup, id, 10, |g| !g.summary.status.is_live()).await;
        assert_eq!(g.summary.status, GameStatus::Finished);
    }
    h.stop().await;
}
