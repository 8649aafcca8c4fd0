//! A ban is total and immediate (issue 40, point 4): at an unrated table where the account
//! plays under its name (a person by its session, a program with its bot account's API
//! token), a move that arrives right after `tessera admin ban` (before the host's look at
//! the bans, every second) is refused, the seat resigned for it, and its token opens no
//! seat's socket any more.

use crate::common;
use crate::wire;
use tessera_server::store::GameId;

use common::{next_json, register, send_json, stored_when, TestHost, Ws};
use serde_json::{json, Value};
use tessera_server::store::{get_at, AdminDb, GameStatus};

/// The next state message on `ws` in which it is its seat's turn.
async fn my_turn(ws: &mut Ws) -> Value {
    loop {
        let m = next_json(ws).await.expect("the socket stays open");
        if m["type"] == "state" && m["status"] == "running" && m["seat"] == m["to_move"] {
            return m;
        }
        assert_ne!(m["over"], true, "the game ended first: {m}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_s_move_right_after_the_ban_is_refused_at_an_unrated_table() {
    let h = TestHost::start(common::test_config()).await;
    let db = h.db.to_str().unwrap().to_string();
    let erin = register(h.http, "erin", "person").await;
    // an unrated table, made by erin's session, where she plays under her name
    let seats = json!({"game": "q", "seats": [{"kind": "human", "name": "erin"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 0});
    let made = erin.post(h.http, "/api/games", &seats).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let id = made.body["id"].as_u64().unwrap();
    let token = made.body["tokens"][0][1].as_str().unwrap().to_string();
    let stored = stored_when(&db, id, 20, |g| g.summary.status == GameStatus::Running).await;
    assert!(
        stored.summary.seats[0].account.is_some(),
        "the seat is the account's: {:?}",
        stored.summary.seats
    );
    let path = format!("/api/games/{id}/ws?token={token}");
    let mut ws = h.ws(&path).await;
    let state = my_turn(&mut ws).await;
    let before = state["moves"].as_u64().unwrap();
    let mv = state["legal"][0].clone();
    assert!(!mv.is_null(), "{state}");

    let admin = AdminDb::open(&db).await.unwrap();
    admin.ban("erin", Some("cheating")).await.unwrap();
    // at once, well within the host's second between looks at the bans
    send_json(&mut ws, &json!({ "move": mv })).await;

    let g = stored_when(&db, id, 20, |g| !g.summary.status.is_live()).await;
    assert_eq!(g.summary.status, GameStatus::Resigned, "{:?}", g.summary);
    assert_eq!(
        g.moves.len() as u64,
        before,
        "the move sent after the ban was played"
    );
    let result = g.result.to_string();
    assert!(result.contains("resigned-banned"), "{result}");
    // the seat's token opens no socket of the seat any more, nor its view
    let (status, body) = h.get(&format!("/api/games/{id}?token={token}")).await;
    assert!(
        status == 403 || body["seat"].is_null(),
        "the banned seat's view: {status} {body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_s_move_right_after_its_account_s_ban_is_refused() {
    let h = TestHost::start(common::test_config()).await;
    let db = h.db.to_str().unwrap().to_string();
    let robo = register(h.http, "robo", "bot").await;
    let t = robo
        .post(h.http, "/api/tokens", &json!({"label": "test"}))
        .await;
    assert_eq!(t.status, 200, "{}", t.body);
    let api_token = t.body["token"].as_str().unwrap().to_string();
    // a table of a person (who never moves) and a seat for a program
    let (s, made) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "program"}, {"kind": "human"}], "delay_ms": 0}),
        )
        .await;
    assert_eq!(s, 200, "{made}");
    let id = made["id"].as_u64().unwrap();
    let mut p = wire::Program::connect(h.tcp).await;
    p.send(&json!({"token": api_token, "table": id})).await;
    // setup, then its first turn (the program's seat is the first to move)
    let mut call = p.recv().await.unwrap();
    while call[0] != "take-turn" {
        if call[0] == "setup" || call[0] == "new-tiles" {
            p.send(&json!("void")).await;
        }
        call = p.recv().await.unwrap();
    }
    let stored = stored_when(&db, id, 20, |g| g.summary.status == GameStatus::Running).await;
    assert!(
        stored.summary.seats[0].account.is_some(),
        "{:?}",
        stored.summary.seats
    );
    let admin = AdminDb::open(&db).await.unwrap();
    admin.ban("robo", None).await.unwrap();
    p.send(&json!("pass")).await;
    let g = stored_when(&db, id, 20, |g| !g.summary.status.is_live()).await;
    assert_eq!(g.summary.status, GameStatus::Resigned, "{:?}", g.summary);
    assert!(
        g.moves.is_empty(),
        "the move sent after the ban: {:?}",
        g.moves
    );
}

/// Without a move of hers, the host's look at the bans (every second) resigns an unrated
/// table where the banned account plays under its name, and the table of another person
/// plays on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_s_look_at_the_bans_resigns_unrated_tables_too() {
    let h = TestHost::start(common::test_config()).await;
    let db = h.db.to_str().unwrap().to_string();
    let fay = register(h.http, "fay", "person").await;
    let seats = |name: &str| json!({"game": "q", "seats": [{"kind": "human", "name": name}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 0});
    let made = fay.post(h.http, "/api/games", &seats("fay")).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let id = made.body["id"].as_u64().unwrap();
    // a guest's table beside it
    let (s, other) = h.post("/api/games", &seats("gus")).await;
    assert_eq!(s, 200, "{other}");
    let other = other["id"].as_u64().unwrap();
    stored_when(&db, id, 20, |g| g.summary.status == GameStatus::Running).await;
    AdminDb::open(&db)
        .await
        .unwrap()
        .ban("fay", None)
        .await
        .unwrap();
    let g = stored_when(&db, id, 20, |g| !g.summary.status.is_live()).await;
    assert_eq!(g.summary.status, GameStatus::Resigned, "{:?}", g.summary);
    // the guest's game was not touched
    tokio::time::sleep(tessera_server::concerns::admin::WATCH_EVERY * 2).await;
    let g = get_at(&db, GameId(other)).await.unwrap().unwrap();
    assert!(g.summary.status.is_live(), "{:?}", g.summary);
}
