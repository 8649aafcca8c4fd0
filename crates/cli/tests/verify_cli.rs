//! `tessera verify RECORD` on the record a real `tessera serve` publishes at a game's end:
//! it verifies (from a file, from standard input, by id from the store), and a record forged
//! in any part (its seed, its salt, a move, a score, a seed with a commitment of its own)
//! fails with the reason; a record with no commitment, or of a game not over, says so.

use crate::common;
use common::serve::{http, start_with};
use common::{free_port, tessera, RemoveDir};
use serde_json::{json, Value};
use std::time::Duration;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `tessera verify` of `record` (written to `file`): it fails, and says `why`.
fn refused(file: &std::path::Path, record: &Value, why: &str, what: &str) {
    std::fs::write(file, record.to_string()).unwrap();
    let out = tessera(&["verify", file.to_str().unwrap()], "");
    let err = text(&out.stderr);
    assert!(
        !out.status.success(),
        "{what}: verified: {}",
        text(&out.stdout)
    );
    assert!(err.contains(why), "{what}: {err}");
    assert!(
        text(&out.stdout).is_empty(),
        "{what}: {}",
        text(&out.stdout)
    );
}

#[test]
fn a_published_record_verifies_and_a_forged_one_does_not() {
    let removed = RemoveDir::fresh("verify");
    let dir = removed.0.clone();
    let db = dir.join("t.db");
    let (tcp, port) = (free_port(), free_port());
    let server = start_with(db.to_str().unwrap(), tcp, port, &[]);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (id, record) = rt.block_on(async {
        let seats = json!({"game": "triominos", "seats": [{"kind": "bot", "spec": "greedy"}, {"kind": "bot", "spec": "greedy"}], "options": {"end": "round"}, "delay_ms": 0});
        let created = http(port, "POST", "/api/games", &seats.to_string()).await;
        let id = created["id"].as_u64().expect("a game");
        for _ in 0..600 {
            let r = http(port, "GET", &format!("/api/games/{id}/record"), "").await;
            if r["moves"].is_array() {
                return (id, r);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("game {id} did not end");
    });
    let file = dir.join("g.json");
    std::fs::write(&file, record.to_string()).unwrap();

    // the record as published verifies: from a file, standard input, and the store
    let out = tessera(&["verify", file.to_str().unwrap()], "");
    let said = text(&out.stdout);
    assert!(out.status.success(), "{said}{}", text(&out.stderr));
    assert!(
        said.starts_with("verified: triominos, finished, "),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.contains(record["commitment"].as_str().unwrap()),
        "{said}"
    );
    let out = tessera(&["verify", "-"], &record.to_string());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = tessera(
        &["verify", &id.to_string(), "--db", db.to_str().unwrap()],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    drop(server);

    let forged = dir.join("forged.json");
    let seed = record["seed"].as_u64().unwrap();
    let salt = record["salt"].as_str().unwrap().to_string();
    let mut r = record.clone();
    r["seed"] = json!(seed.wrapping_add(1));
    refused(&forged, &r, "do not hash to the commitment", "another seed");
    let mut r = record.clone();
    let last = if salt.ends_with('0') { "1" } else { "0" };
    r["salt"] = json!(format!("{}{last}", &salt[..salt.len() - 1]));
    refused(&forged, &r, "do not hash to the commitment", "another salt");
    // another seed with a commitment of its own: the moves are not that seed's game
    let mut r = record.clone();
    let other = seed.wrapping_add(1);
    r["seed"] = json!(other);
    r["commitment"] = json!(tessera_games::deal::commitment(other, &salt));
    refused(
        &forged,
        &r,
        "do not replay from the committed seed",
        "another seed, committed",
    );
    let mut r = record.clone();
    let moves = r["moves"].as_array().unwrap().clone();
    assert!(moves.len() > 2, "{record}");
    r["moves"][0] = moves[1].clone();
    refused(
        &forged,
        &r,
        "do not replay from the committed seed",
        "a move changed",
    );
    let mut r = record.clone();
    r["moves"].as_array_mut().unwrap().pop();
    refused(
        &forged,
        &r,
        "do not replay from the committed seed",
        "the last move left out",
    );
    let mut r = record.clone();
    r["scores"][0] = json!(r["scores"][0].as_i64().unwrap() + 1);
    refused(&forged, &r, "the recorded scores", "a score changed");
    let mut r = record.clone();
    r["outcome"]["scores"][0] = json!(r["outcome"]["scores"][0].as_i64().unwrap() + 1);
    refused(&forged, &r, "outcome", "the outcome's score changed");
    let mut r = record.clone();
    r.as_object_mut().unwrap().remove("commitment");
    refused(&forged, &r, "no commitment", "no commitment");
    let mut r = record.clone();
    r["status"] = json!("running");
    refused(&forged, &r, "not over", "a game not over");
    refused(&forged, &json!([1, 2]), "not a game record", "not a record");

    // a record of a game played here, not on a server: nothing committed
    let local = dir.join("local.json");
    let out = tessera(
        &[
            "play",
            "triominos",
            "--players",
            "greedy,greedy",
            "--seed",
            "3",
            "--quiet",
            "--record",
            local.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = tessera(&["verify", local.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("no commitment"),
        "{}",
        text(&out.stderr)
    );
}
