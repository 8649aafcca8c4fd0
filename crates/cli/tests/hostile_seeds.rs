//! The hostile-client suite, the deal (issue 40, the first probe): against a real
//! `tessera serve` process, a client at 127.0.0.2 asks its own seed for a turn-based game
//! with another account and for a table with a program's seat, then opens a hotseat table
//! of the same seed, where it sees both trays. It is refused both (no seed of its choice
//! deals anyone else's tiles: the program's tiles are not the hotseat's), while a person at
//! 127.0.0.1 plays a whole game against a bot through the browser's API and WebSocket.
//! Fails on a build that takes the seed (`TESSERA_SERVE_BIN=/work/old/tessera`).

mod common;
use common::serve::{person, start_with};
use common::{free_port, RemoveDir};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

/// The seed the attacker would like every game of its making dealt from.
const SEED: u64 = 4242;

async fn connect_from(from: [u8; 4], port: u16) -> TcpStream {
    let s = TcpSocket::new_v4().unwrap();
    s.bind((from, 0).into()).unwrap();
    s.connect(([127, 0, 0, 1], port).into()).await.unwrap()
}

/// One request from `from` with `headers`: (status, the session cookie set, body).
async fn request(
    from: [u8; 4],
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &Value,
) -> (u16, String, Value) {
    let mut s = connect_from(from, port).await;
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(body.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut out)).await;
    let out = String::from_utf8_lossy(&out);
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let (head, body) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    let cookie = head
        .lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or_else(|| l.strip_prefix("Set-Cookie: "))
        })
        .and_then(|c| c.split(';').next())
        .unwrap_or_default()
        .to_string();
    (
        status,
        cookie,
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}

/// A signed-in account: its cookie and CSRF token.
struct Login {
    cookie: String,
    csrf: String,
}

async fn register(from: [u8; 4], port: u16, name: &str) -> Login {
    let body = json!({"name": name, "password": "correct horse"});
    let (status, cookie, body) =
        request(from, port, "POST", "/api/account/register", &[], &body).await;
    assert_eq!(status, 200, "{body}");
    Login {
        cookie,
        csrf: body["csrf"].as_str().unwrap().to_string(),
    }
}

impl Login {
    fn headers(&self) -> [(&str, &str); 2] {
        [
            ("Cookie", self.cookie.as_str()),
            ("X-Tessera-CSRF", self.csrf.as_str()),
        ]
    }
}

/// The tray of a Triominos seat's view, sorted.
fn tray(view: &Value) -> Vec<String> {
    let mut t: Vec<String> = view["tray"]
        .as_array()
        .unwrap_or_else(|| panic!("a tray: {view}"))
        .iter()
        .map(|t| t.to_string())
        .collect();
    t.sort();
    t
}

/// The view at the seat of `token` of game `id`, once it has one (`login`: the account's
/// session, for a turn-based seat).
async fn view(from: [u8; 4], port: u16, id: u64, token: &str, login: Option<&Login>) -> Value {
    let cookie = login.map(|l| [("Cookie", l.cookie.as_str())]);
    for _ in 0..200 {
        let headers: &[(&str, &str)] = cookie.as_ref().map_or(&[], |c| c.as_slice());
        let (status, _, m) = request(
            from,
            port,
            "GET",
            &format!("/api/games/{id}?token={token}"),
            headers,
            &Value::Null,
        )
        .await;
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
    let mut s = BufReader::new(connect_from([127, 0, 0, 2], tcp).await);
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
    let (status, _, c) = request([127, 0, 0, 2], port, "POST", "/api/games", &[], &hot).await;
    assert_eq!(status, 200, "a practice table takes its seed: {c}");
    let id = c["id"].as_u64().unwrap();
    tray(
        &view(
            [127, 0, 0, 2],
            port,
            id,
            c["tokens"][1][1].as_str().unwrap(),
            None,
        )
        .await,
    )
}

#[test]
fn nobody_chooses_the_deal_of_a_game_with_anyone_else() {
    let dir = std::env::temp_dir().join(format!("tessera-hostile-seeds-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = RemoveDir(dir.clone());
    let db = dir.join("t.db");
    let (tcp, port) = (free_port(), free_port());
    let server = start_with(db.to_str().unwrap(), tcp, port, &[]);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        // the person's game, from 127.0.0.1
        let seats = json!({"game": "triominos", "seats": [{"kind": "human", "name": "ann"}, {"kind": "bot", "spec": "greedy"}]});
        let (s, _, created) = request([127, 0, 0, 1], port, "POST", "/api/games", &[], &seats).await;
        assert_eq!(s, 200, "{created}");
        let id = created["id"].as_u64().unwrap();
        let token = created["tokens"][0][1].as_str().unwrap().to_string();
        let game = tokio::spawn(person(port, id, token));

        // what the attacker's seed deals the second seat
        let dealt = hotseat_tray(port).await;
        // what went wrong, both probes tried before the test fails
        let mut broken: Vec<String> = Vec::new();

        // 1. a table with a program's seat, on the attacker's seed
        let open = json!({"game": "triominos", "seats": [{"kind": "human", "name": "eve"}, {"kind": "program"}], "seed": SEED});
        let (status, _, answer) = request([127, 0, 0, 2], port, "POST", "/api/games", &[], &open).await;
        let table = if status == 200 {
            answer["id"].as_u64().unwrap()
        } else {
            // refused: the attacker makes the table without its seed
            let mut plain = open.clone();
            plain.as_object_mut().unwrap().remove("seed");
            let (s, _, c) = request([127, 0, 0, 2], port, "POST", "/api/games", &[], &plain).await;
            assert_eq!(s, 200, "{c}");
            c["id"].as_u64().unwrap()
        };
        let setup = program_sits(tcp, table).await;
        let program = {
            let mut t: Vec<String> = setup[1].as_array().unwrap().iter().map(|t| t.to_string()).collect();
            t.sort();
            t
        };
        if program == dealt {
            broken.push(format!("the attacker read the program's tray at its hotseat table: {program:?}"));
        }
        if status != 400 || answer["message"]["id"] != "seed-refused-program" {
            broken.push(format!("a seed for a table with a program's seat: {status} {answer}"));
        } else {
            assert!(answer["error"].is_string(), "{answer}");
            // the program is shown the commitment of its game's deal, as everyone is
            let (_, _, watched) = request([127, 0, 0, 3], port, "GET", &format!("/api/games/{table}"), &[], &Value::Null).await;
            assert_eq!(setup[2]["commitment"], watched["deal"]["commitment"], "{setup}");
            assert_eq!(watched["deal"]["chosen"], false, "{watched}");
        }

        // 2. a turn-based game between two accounts, on the attacker's seed
        let eve = register([127, 0, 0, 2], port, "eve").await;
        let vic = register([127, 0, 0, 3], port, "vic").await;
        let invite = json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "human", "account": "vic"}], "days": 1, "seed": SEED});
        let (status, _, answer) = request([127, 0, 0, 2], port, "POST", "/api/games", &eve.headers(), &invite).await;
        if status == 200 {
            // vic's tray, as vic sees it at the seat the attacker chose the deal of
            let (_, _, inbox) = request([127, 0, 0, 3], port, "GET", "/api/turns", &[("Cookie", vic.cookie.as_str())], &Value::Null).await;
            let g = &inbox["games"][0];
            let (id, token) = (g["id"].as_u64().unwrap(), g["token"].as_str().unwrap());
            let theirs = tray(&view([127, 0, 0, 3], port, id, token, Some(&vic)).await);
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
        let (_, _, inbox) = request([127, 0, 0, 3], port, "GET", "/api/turns", &[("Cookie", vic.cookie.as_str())], &Value::Null).await;
        assert_eq!(inbox["games"], json!([]), "{inbox}");
        let (_, _, list) = request([127, 0, 0, 3], port, "GET", "/api/games?limit=100", &[], &Value::Null).await;
        let chosen: Vec<&Value> = list["games"].as_array().unwrap().iter().filter(|g| g["seed_chosen"] == true).collect();
        assert_eq!(chosen.len(), 1, "only the hotseat table: {list}");

        // meanwhile the person's game went on to its end
        let end = tokio::time::timeout(Duration::from_secs(180), game)
            .await
            .expect("the person's game ends within 3 minutes")
            .unwrap();
        assert_eq!(end["over"], true, "{end}");
        assert_eq!(end["status"], "finished", "{end}");
    });
    drop(server);
}
