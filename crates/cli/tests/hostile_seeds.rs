//! The hostile-client suite, the deal (issue 40, the first probe): against a real
//! `tessera serve` process, a client at 127.0.0.2 asks its own seed for a turn-based game
//! with another account and for a table with a program's seat, then opens a hotseat table
//! of the same seed, where it sees both trays. It is refused both (no seed of its choice
//! deals anyone else's tiles: the program's tiles are not the hotseat's), while a person at
//! 127.0.0.1 plays a whole game against a bot through the browser's API and WebSocket.
//! Fails on a build that takes the seed (`TESSERA_SERVE_BIN=/work/old/tessera`).

use crate::common;
use common::hostile::{connect_from, register, request, request_with, runtime, Probed, Session};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// The seed the attacker would like every game of its making dealt from.
const SEED: u64 = 4242;

/// The tiles of `tiles` (a JSON array), sorted.
fn sorted(tiles: &Value) -> Vec<String> {
    let mut t: Vec<String> = tiles
        .as_array()
        .unwrap_or_else(|| panic!("tiles: {tiles}"))
        .iter()
        .map(|t| t.to_string())
        .collect();
    t.sort();
    t
}

/// The view at the seat of `token` of game `id`, once it has one (`session`: the
/// account's, for a turn-based seat).
async fn view(from: [u8; 4], port: u16, id: u64, token: &str, session: Option<&Session>) -> Value {
    let cookie = session.map(|l| [("Cookie", l.cookie.as_str())]);
    let headers: &[(&str, &str)] = cookie.as_ref().map_or(&[], |c| c.as_slice());
    let path = format!("/api/games/{id}?token={token}");
    for _ in 0..200 {
        let (status, m) = request_with(from, port, "GET", &path, headers, "").await;
        assert_eq!(status, 200, "{m}");
        if m["view"].is_object() {
            return m["view"].clone();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id}: no view");
}

/// A program of Tessera's protocol takes the open seat of table `id` from 127.0.0.2 and is
/// dealt its tiles: the arguments of its `setup` call (view, tiles, token and commitment).
async fn program_sits(tcp: u16, id: u64) -> Value {
    let mut s = BufReader::new(connect_from([127, 0, 0, 2], tcp).await.unwrap());
    let hello = json!({"name": "evebot", "table": id}).to_string() + "\n";
    s.get_mut().write_all(hello.as_bytes()).await.unwrap();
    let mut line = String::new();
    tokio::time::timeout(Duration::from_secs(30), s.read_line(&mut line))
        .await
        .expect("a setup call")
        .unwrap();
    let call: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
    assert_eq!(call[0], "setup", "{call}");
    call[1].clone()
}

/// The attacker's hotseat table of [`SEED`]: the tray of its second seat.
async fn hotseat_tray(port: u16) -> Vec<String> {
    let hot =
        json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": SEED});
    let (status, c) = request([127, 0, 0, 2], port, "POST", "/api/games", &hot.to_string()).await;
    assert_eq!(status, 200, "a practice table takes its seed: {c}");
    let id = c["id"].as_u64().unwrap();
    let token = c["tokens"][1][1].as_str().unwrap();
    sorted(&view([127, 0, 0, 2], port, id, token, None).await["tray"])
}

#[test]
fn nobody_chooses_the_deal_of_a_game_with_anyone_else() {
    let host = Probed::start("hostile-seeds", &[]);
    let (tcp, port) = (host.tcp, host.http);
    runtime().block_on(async {
        // the person's game, from 127.0.0.1
        let person = host.person_starts("triominos").await;

        // what the attacker's seed deals the second seat
        let dealt = hotseat_tray(port).await;
        // what went wrong, both probes tried before the test fails
        let mut broken: Vec<String> = Vec::new();

        // 1. a table with a program's seat, on the attacker's seed
        let open = json!({"game": "triominos", "seats": [{"kind": "human", "name": "eve"}, {"kind": "program"}], "seed": SEED});
        let (status, answer) = request([127, 0, 0, 2], port, "POST", "/api/games", &open.to_string()).await;
        let table = if status == 200 {
            answer["id"].as_u64().unwrap()
        } else {
            // refused: the attacker makes the table without its seed
            let mut plain = open.clone();
            plain.as_object_mut().unwrap().remove("seed");
            let (s, c) = request([127, 0, 0, 2], port, "POST", "/api/games", &plain.to_string()).await;
            assert_eq!(s, 200, "{c}");
            c["id"].as_u64().unwrap()
        };
        let setup = program_sits(tcp, table).await;
        let program = sorted(&setup[1]);
        if program == dealt {
            broken.push(format!("the attacker read the program's tray at its hotseat table: {program:?}"));
        }
        if status != 400 || answer["message"]["id"] != "seed-refused-program" {
            broken.push(format!("a seed for a table with a program's seat: {status} {answer}"));
        } else {
            assert!(answer["error"].is_string(), "{answer}");
            // the program is shown the commitment of its game's deal, as everyone is
            let (_, watched) = request([127, 0, 0, 3], port, "GET", &format!("/api/games/{table}"), "").await;
            assert_eq!(setup[2]["commitment"], watched["deal"]["commitment"], "{setup}");
            assert_eq!(watched["deal"]["chosen"], false, "{watched}");
        }

        // 2. a turn-based game between two accounts, on the attacker's seed
        let eve = register([127, 0, 0, 2], port, "eve").await;
        let vic = register([127, 0, 0, 3], port, "vic").await;
        let vic_cookie = [("Cookie", vic.cookie.as_str())];
        let invite = json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "human", "account": "vic"}], "days": 1, "seed": SEED});
        let (status, answer) = request_with([127, 0, 0, 2], port, "POST", "/api/games", &eve.headers(), &invite.to_string()).await;
        if status == 200 {
            // vic's tray, as vic sees it at the seat the attacker chose the deal of
            let (_, inbox) = request_with([127, 0, 0, 3], port, "GET", "/api/turns", &vic_cookie, "").await;
            let g = &inbox["games"][0];
            let (id, token) = (g["id"].as_u64().unwrap(), g["token"].as_str().unwrap());
            let theirs = sorted(&view([127, 0, 0, 3], port, id, token, Some(&vic)).await["tray"]);
            if theirs == dealt {
                broken.push(format!("eve read vic's tray at her hotseat table: {theirs:?}"));
            }
        }
        if status != 400 || answer["message"]["id"] != "seed-refused-account" {
            broken.push(format!("a seed for a game with another account: {status} {answer}"));
        }
        assert!(broken.is_empty(), "the maker of a game chose its deal:\n{}", broken.join("\n"));
        // nothing was made of it: vic has no game, and no game but the hotseat had its
        // seed chosen
        let (_, inbox) = request_with([127, 0, 0, 3], port, "GET", "/api/turns", &vic_cookie, "").await;
        assert_eq!(inbox["games"], json!([]), "{inbox}");
        let (_, list) = request([127, 0, 0, 3], port, "GET", "/api/games?limit=100", "").await;
        let chosen: Vec<&Value> = list["games"].as_array().unwrap().iter().filter(|g| g["seed_chosen"] == true).collect();
        assert_eq!(chosen.len(), 1, "only the hotseat table: {list}");

        // meanwhile the person's game went on to its end
        person.ends().await;
    });
    drop(host);
}
