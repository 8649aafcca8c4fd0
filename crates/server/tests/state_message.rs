//! The play page's state message has one shape (`tessera_server::table::state::StateMessage`),
//! whether a live table or a stored game answers it: the same keys, each the documented
//! field (what the browser client in `web/*.js` reads).

use crate::common;
use tessera_server::store::GameId;

use common::*;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::Duration;
use tessera_server::table::state::StateMessage;

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object()
        .unwrap_or_else(|| panic!("an object: {v}"))
        .keys()
        .cloned()
        .collect()
}

/// The message reads as a [`StateMessage`] and writes back the same, key for key.
fn round_trip(v: &Value) {
    let m: StateMessage =
        serde_json::from_str(&v.to_string()).unwrap_or_else(|e| panic!("{e}: {v}"));
    assert_eq!(&serde_json::to_value(&m).unwrap(), v);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_table_and_a_stored_game_send_the_same_fields() {
    let h = TestHost::start(test_config()).await;
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "greedy", "name": "Bob"}], "options": {"copies": 1}, "clock_s": 60}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let ann = c["tokens"][0][1].as_str().unwrap().to_string();

    // live: the table in memory, as Ann sees it on her turn
    let mut live = Value::Null;
    for _ in 0..400 {
        let (s, m) = h.get(&format!("/api/games/{id}?token={ann}")).await;
        assert_eq!(s, 200, "{m}");
        live = m;
        if live["to_move"] == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(live["type"], "state", "{live}");
    assert_eq!(live["seat"], 0, "{live}");
    assert_eq!(live["to_move"], 0, "{live}");
    assert!(!live["legal"].as_array().unwrap().is_empty(), "{live}");
    assert_eq!(live["clock_ms"], 60_000, "{live}");
    assert!(live.get("rated").is_none(), "{live}");
    round_trip(&live);

    // Ann resigns: the game ends and leaves memory; the store answers from then on
    let (s, r) = h
        .post(&format!("/api/games/{id}/resign"), &json!({"token": ann}))
        .await;
    assert_eq!(s, 200, "{r}");
    for _ in 0..400 {
        if h.host.table(GameId(id)).is_none() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(
        h.host.table(GameId(id)).is_none(),
        "the ended table left memory"
    );
    let (s, stored) = h.get(&format!("/api/games/{id}")).await;
    assert_eq!(s, 200, "{stored}");
    assert_eq!(stored["type"], "state", "{stored}");
    assert_eq!(stored["over"], true, "{stored}");
    assert_eq!(stored["status"], "resigned", "{stored}");
    assert_eq!(stored["seat"], Value::Null, "{stored}");
    round_trip(&stored);

    assert_eq!(keys(&live), keys(&stored));
    // the deal: the commitment from the start, the seed and the salt once over
    assert_eq!(
        keys(&live["deal"]),
        ["chosen", "commitment"].map(String::from).into()
    );
    assert_eq!(
        keys(&stored["deal"]),
        ["chosen", "commitment", "salt", "seed"]
            .map(String::from)
            .into()
    );
    assert_eq!(live["deal"]["commitment"], stored["deal"]["commitment"]);
    let documented: BTreeSet<String> = [
        "type", "id", "game", "title", "status", "version", "seat", "players", "rules", "to_move",
        "over", "outcome", "scores", "moves", "delay_ms", "log", "public", "last", "view", "legal",
        "hints", "ejected", "result", "clock_ms", "turn_ms", "end", "deal",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(keys(&live), documented);
    for m in [&live, &stored] {
        for p in m["players"].as_array().unwrap() {
            assert_eq!(keys(p), ["bot", "kind", "name"].map(String::from).into());
        }
    }
    h.stop().await;
}
