//! A person's way through a game in the browser's API (issue 13): every field of a new
//! game checked with a clear error, names, resigning, the end screen (why and a score
//! breakdown), a rematch with the seats rotated.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;

/// Waits for the state message that says the game is over (the socket ends with it).
async fn until_over(ws: &mut Ws) -> Value {
    loop {
        let m = next_json(ws)
            .await
            .expect("the final state before the socket closes");
        if m["over"] == true {
            return m;
        }
    }
}

/// The stored game once its end is stored.
async fn stored(h: &TestHost, id: u64) -> Value {
    for _ in 0..400 {
        let (_, list) = h.get("/api/games?limit=100").await;
        if let Some(g) = list["games"].as_array().unwrap().iter().find(|g| {
            g["id"] == id && !["waiting", "running"].contains(&g["status"].as_str().unwrap())
        }) {
            return g.clone();
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("game {id} did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_field_of_a_new_game_is_checked() {
    let h = TestHost::start(test_config()).await;
    let ann = json!({"kind": "human", "name": "Ann"});
    let bot = json!({"kind": "bot", "spec": "greedy"});
    let cases: Vec<(Value, &str)> = vec![
        // issue 13, defect 6
        (
            json!({"game": "triominos", "seats": [ann, bot], "options": {"target": -5}}),
            "target = -5 is not allowed (an integer from 1 to 10000)",
        ),
        (
            json!({"game": "triominos", "seats": [ann, bot], "options": {"target": "lots"}}),
            "target = \"lots\" is not allowed",
        ),
        (
            json!({"game": "triominos", "seats": [ann, bot], "options": {"tiles": "99"}}),
            "tiles = \"99\" is not allowed",
        ),
        (
            json!({"game": "triominos", "seats": [ann, bot], "options": {"colour": 1}}),
            "unknown option \"colour\"",
        ),
        (
            json!({"game": "triominos", "seats": [ann, bot], "options": 5}),
            "options: a JSON object",
        ),
        (json!({"game": "chess", "seats": [ann, bot]}), "chess"),
        (
            json!({"seats": [ann, bot]}),
            "game: the name of a game is needed",
        ),
        (json!({"game": "q", "seats": []}), "no seats"),
        (json!({"game": "q"}), "seats: a list of seats is needed"),
        (
            json!({"game": "q", "seats": [ann, ann, ann, ann, ann]}),
            "2 to 4 players",
        ),
        (
            json!({"game": "q", "seats": [ann, {"kind": "alien"}]}),
            "seat 2: unknown kind \"alien\"",
        ),
        (
            json!({"game": "q", "seats": [ann, {"name": "Bob"}]}),
            "seat 2: kind is needed",
        ),
        (
            json!({"game": "q", "seats": [ann, {"kind": "bot", "spec": "nobody"}]}),
            "nobody",
        ),
        (
            json!({"game": "q", "seats": [ann, {"kind": "human", "name": "x".repeat(41)}]}),
            "seat 2: a name has at most 40 characters",
        ),
        (
            json!({"game": "q", "seats": [ann, {"kind": "human", "name": " Ann "}]}),
            "two seats are named \"Ann\"",
        ),
        (
            json!({"game": "q", "seats": [ann, {"kind": "human", "name": "B\u{7}ob"}]}),
            "control characters",
        ),
        (
            json!({"game": "q", "seats": [ann, {"kind": "human", "name": 7}]}),
            "seat 2: name must be a string",
        ),
        (
            json!({"game": "q", "seats": [ann, bot], "seed": -1}),
            "seed = -1",
        ),
        (
            json!({"game": "q", "seats": [ann, bot], "delay_ms": 1.5}),
            "delay_ms = 1.5",
        ),
        (
            json!({"game": "q", "seats": [ann, bot], "clock_s": 2}),
            "a clock of 2 s per move is not allowed",
        ),
        (
            json!({"game": "q", "seats": [ann, bot], "speed": 2}),
            "unknown field \"speed\"",
        ),
    ];
    for (body, expected) in cases {
        let (s, r) = h.post("/api/games", &body).await;
        assert_eq!(s, 400, "{body}: {r}");
        let e = r["error"].as_str().unwrap_or_default();
        assert!(
            e.contains(expected),
            "{body}: {e:?} should say {expected:?}"
        );
    }
    // nothing was created
    let (_, list) = h.get("/api/games").await;
    assert_eq!(list["games"], json!([]));
    // and the same fields, well given, make a game
    let (s, r) = h
        .post(
            "/api/games",
            &json!({"game": "triominos", "seats": [ann, bot], "options": {"target": 50}, "seed": 3, "delay_ms": 0, "clock_s": 60}),
        )
        .await;
    assert_eq!(s, 200, "{r}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_resigns_and_the_game_is_stored_resigned() {
    let h = TestHost::start(test_config()).await;
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], "options": {"copies": 1}}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let ann = c["tokens"][0][1].as_str().unwrap().to_string();
    let mut ws = h.ws(&format!("/api/games/{id}/ws?token={ann}")).await;
    // the first state may come before the game has started: wait for Ann's turn
    let mut first = next_json(&mut ws).await.unwrap();
    while first["to_move"].is_null() && first["over"] != true {
        first = next_json(&mut ws).await.unwrap();
    }
    assert_eq!(first["players"][0]["name"], "Ann");
    assert_eq!(first["players"][1]["name"], "Bob");
    // Ann resigns on her turn (Q: the first seat opens), her moves in hand
    assert_eq!(first["to_move"], 0);
    assert!(!first["legal"].as_array().unwrap().is_empty());
    // a stranger cannot resign for Ann
    let (s, r) = h
        .post(
            &format!("/api/games/{id}/resign"),
            &json!({"token": "nope"}),
        )
        .await;
    assert_eq!(s, 403, "{r}");
    let (s, r) = h
        .post(&format!("/api/games/{id}/resign"), &json!({"token": ann}))
        .await;
    assert_eq!(s, 200, "{r}");
    let end = until_over(&mut ws).await;
    assert_eq!(end["status"], "resigned", "{end}");
    // nothing left to play once over
    assert_eq!(end["legal"], json!([]), "{end}");
    assert_eq!(end["hints"], Value::Null, "{end}");
    assert_eq!(end["result"]["resigned"]["name"], "Ann");
    assert_eq!(end["result"]["winners"], json!(["Bob"]));
    let g = stored(&h, id).await;
    assert_eq!(g["status"], "resigned");
    assert_eq!(
        g["why"],
        json!({"id": "resigned-why", "args": {"who": "Ann"}})
    );
    assert_eq!(g["winners"], json!(["Bob"]));
    // once over, there is nothing to resign
    let (s, r) = h
        .post(&format!("/api/games/{id}/resign"), &json!({"token": ann}))
        .await;
    assert_eq!(s, 400, "{r}");
    assert_eq!(r["error"], "the game is over");
    // the stored game says so too
    let (_, state) = h.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["status"], "resigned");
    assert_eq!(state["result"]["resigned"]["name"], "Ann");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_end_says_why_and_breaks_the_scores_down() {
    let h = TestHost::start(test_config()).await;
    for (game, bot, options, columns) in [
        (
            "triominos",
            "greedy",
            json!({"end": "round"}),
            "Tile points",
        ),
        ("q", "ldasg", json!({"copies": 1}), "Q bonuses"),
        ("akropolis", "greedy", json!({}), "Houses"),
    ] {
        let (s, c) = h
            .post("/api/games", &json!({"game": game, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": bot}], "options": options}))
            .await;
        assert_eq!(s, 200, "{c}");
        let id = c["id"].as_u64().unwrap();
        let token = c["tokens"][0][1].as_str().unwrap().to_string();
        let mut ws = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
        let end = play_person(&mut ws).await;
        assert_eq!(end["status"], "finished", "{end}");
        let reason = tessera_words::Msg::from_json(&end["end"]["reason"])
            .map(|m| m.to_string())
            .unwrap_or_default();
        assert!(!reason.is_empty(), "{game}: why it ended: {end}");
        let b = &end["end"]["breakdown"];
        assert!(
            b["columns"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| tessera_words::Msg::from_json(c).unwrap().to_string() == *columns),
            "{game}: {b}"
        );
        let rows = b["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 2);
        for (seat, r) in rows.iter().enumerate() {
            assert_eq!(
                r.as_array().unwrap().last().unwrap(),
                &end["scores"][seat],
                "{b}"
            );
        }
        // the log ends on the game's end, in names
        let log = end["log"].as_array().unwrap();
        let last = tessera_words::Msg::from_json(&log.last().unwrap()[1])
            .unwrap()
            .to_string();
        assert!(last.starts_with("Game over: Ann "), "{last}");
        // the stored game and its replay say the same
        stored(&h, id).await;
        let (_, state) = h.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["end"], end["end"], "{game}");
        let (_, replay) = h.get(&format!("/api/games/{id}/replay")).await;
        assert_eq!(replay["end"], end["end"], "{game}");
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_rotates_the_seats_and_keeps_the_settings() {
    let h = TestHost::start(test_config()).await;
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot", "spec": "dag", "name": "Dag"}], "options": {"copies": 1}, "delay_ms": 7, "clock_s": 600}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let ann = c["tokens"][0][1].as_str().unwrap().to_string();
    let bob = c["tokens"][1][1].as_str().unwrap().to_string();
    let rematch = format!("/api/games/{id}/rematch");
    // not before the end
    let (s, r) = h.post(&rematch, &json!({"token": ann})).await;
    assert_eq!(s, 400, "{r}");
    assert_eq!(r["error"], "the game is not over");
    let (s, _) = h
        .post(&format!("/api/games/{id}/resign"), &json!({"token": bob}))
        .await;
    assert_eq!(s, 200);
    stored(&h, id).await;
    // a spectator cannot ask for one
    let (s, r) = h.post(&rematch, &json!({"token": "nope"})).await;
    assert_eq!(s, 403, "{r}");
    // Bob asks first: the second seat opens the rematch
    let (s, rb) = h.post(&rematch, &json!({"token": bob})).await;
    assert_eq!(s, 200, "{rb}");
    assert_eq!(rb["seat"], 0, "{rb}");
    let new = rb["id"].as_u64().unwrap();
    assert_ne!(new, id);
    // Ann asks: the same table, the last seat
    let (s, ra) = h.post(&rematch, &json!({"token": ann})).await;
    assert_eq!(s, 200, "{ra}");
    assert_eq!(ra["id"].as_u64(), Some(new));
    assert_eq!(ra["seat"], 2, "{ra}");
    assert_ne!(ra["token"], rb["token"]);
    let (s, st) = h
        .get(&format!(
            "/api/games/{new}?token={}",
            ra["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(s, 200, "{st}");
    assert_eq!(st["seat"], 2);
    let names: Vec<&str> = st["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Bob", "Dag", "Ann"]);
    assert_eq!(st["players"][1]["bot"], true);
    assert_eq!(st["rules"]["copies"], 1, "the same rules: {}", st["rules"]);
    assert_eq!(st["clock_ms"], 600_000, "the same clock");
    assert_eq!(st["delay_ms"], 7, "the same pace");
    // the old tokens are not the new table's
    let (s, _) = h.get(&format!("/api/games/{new}?token={ann}")).await;
    assert_eq!(s, 403);
    // a solo game keeps its seats: the Architect plays in the last
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "akropolis", "seats": [{"kind": "human", "name": "Ann"}], "options": {"solo": "metagenes"}}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let solo = c["id"].as_u64().unwrap();
    let token = c["tokens"][0][1].as_str().unwrap().to_string();
    let (s, _) = h
        .post(
            &format!("/api/games/{solo}/resign"),
            &json!({"token": token}),
        )
        .await;
    assert_eq!(s, 200);
    stored(&h, solo).await;
    let (s, r) = h
        .post(
            &format!("/api/games/{solo}/rematch"),
            &json!({"token": token}),
        )
        .await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(r["seat"], 0, "{r}");
    let (_, st) = h.get(&format!("/api/games/{}", r["id"])).await;
    assert_eq!(
        st["players"][1]["name"].as_str().unwrap().split(' ').next(),
        Some("architect"),
        "{st}"
    );
    h.stop().await;
}

/// A table with a clock: a person out of time has the house play the game's clock move
/// (a pass in Q) for that turn and stays at the table; the log says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_time_the_house_passes_for_the_person_who_stays() {
    let h = TestHost::start(test_config()).await;
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "dag", "name": "Dag"}], "options": {"copies": 1}, "clock_s": 5, "seed": 3}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let ann = c["tokens"][0][1].as_str().unwrap().to_string();
    let mut ws = h.ws(&format!("/api/games/{id}/ws?token={ann}")).await;
    let first = next_json(&mut ws).await.unwrap();
    assert_eq!(first["clock_ms"], 5000);
    // Ann does nothing; the clock runs out; the house passes for her, Dag plays, and it
    // is Ann's turn again, at the same table (seed 3: Dag places a tile, so the game does
    // not end on a round without a placement, as it may on another deal)
    let back = loop {
        let m = next_json(&mut ws).await.expect("the game goes on");
        assert_ne!(m["over"], true, "{m}");
        let log: Vec<String> = m["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| tessera_words::Msg::from_json(&l[1]).unwrap().to_string())
            .collect();
        if m["to_move"] == 0 && log.iter().any(|l| l.starts_with("Dag ")) {
            break (m, log);
        }
    };
    let (m, log) = back;
    assert_eq!(
        log[..2],
        [
            "Ann ran out of time (5 s per move): the house plays this turn for them".to_string(),
            "Ann passed".to_string()
        ],
        "{log:?}"
    );
    assert_eq!(m["ejected"], json!([]), "nobody is ejected");
    assert_eq!(m["seat"], 0);
    assert!(
        !m["legal"].as_array().unwrap().is_empty(),
        "Ann moves again"
    );
    h.stop().await;
}
