//! The hostile-client suite's probes of turn-based games, against a real `tessera serve`:
//! one account that seats another in 30 games (the victim still makes a game of their
//! own, and none of their daily reminder emails goes to a game they never accepted), and
//! nine addresses with 180 accounts that try to fill the site's cap of turn-based games
//! (they cannot, and an unrelated person still makes one). Meanwhile a person at
//! 127.0.0.1 plays a whole game through the browser's API and WebSocket. The attackers
//! are loopback addresses of their own (127.0.0.2 and up).
//!
//! Each probe fails on the build before invitations:
//! `TESSERA_SERVE_BIN=/work/old/tessera cargo test -p tessera-cli --test hostile_turns`.

mod common;
use common::serve::{person, start_with};
use common::{free_port, RemoveDir};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

const PASSWORD: &str = "correct horse";

/// A session: its cookie and CSRF token.
#[derive(Clone, Debug)]
struct Session {
    cookie: String,
    csrf: String,
}

async fn connect_from(from: [u8; 4], port: u16) -> std::io::Result<TcpStream> {
    let s = TcpSocket::new_v4()?;
    s.bind((from, 0).into())?;
    s.connect(([127, 0, 0, 1], port).into()).await
}

/// One request from `from` (with `session`'s cookie and CSRF token): the status, the
/// `Set-Cookie` cookie, the body as JSON (or Null).
async fn request(
    from: [u8; 4],
    port: u16,
    method: &str,
    path: &str,
    session: Option<&Session>,
    body: &str,
) -> (u16, String, Value) {
    let Ok(mut s) = connect_from(from, port).await else {
        return (0, String::new(), Value::Null);
    };
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(s) = session {
        head.push_str(&format!(
            "Cookie: {}\r\nX-Tessera-CSRF: {}\r\n",
            s.cookie, s.csrf
        ));
    }
    head.push_str("\r\n");
    head.push_str(body);
    if s.write_all(head.as_bytes()).await.is_err() {
        return (0, String::new(), Value::Null);
    }
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(60), s.read_to_end(&mut out)).await;
    let out = String::from_utf8_lossy(&out);
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let (head, body) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    let cookie = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("set-cookie")
                .then(|| v.trim().split(';').next().unwrap_or_default().to_string())
        })
        .unwrap_or_default();
    (
        status,
        cookie,
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}

/// Registers `name` from `from`: its session, or the refusal's status and body.
async fn register(from: [u8; 4], port: u16, name: &str) -> Result<Session, (u16, Value)> {
    let body = json!({"name": name, "password": PASSWORD}).to_string();
    let (status, cookie, v) =
        request(from, port, "POST", "/api/account/register", None, &body).await;
    if status != 200 {
        return Err((status, v));
    }
    Ok(Session {
        cookie,
        csrf: v["csrf"].as_str().unwrap_or_default().to_string(),
    })
}

/// A turn-based game of Triominos (1 day per move) with `seats`, asked by `who` from `from`.
async fn turn_game(from: [u8; 4], port: u16, who: &Session, seats: Value) -> (u16, Value) {
    let body = json!({"game": "triominos", "seats": seats, "days": 1}).to_string();
    let (s, _, v) = request(from, port, "POST", "/api/games", Some(who), &body).await;
    (s, v)
}

/// Starts the person's live game against a bot, from 127.0.0.1: it plays on meanwhile.
async fn a_person_plays(port: u16) -> tokio::task::JoinHandle<Value> {
    let seats = json!({"game": "triominos", "seats": [{"kind": "human", "name": "pat"}, {"kind": "bot", "spec": "greedy"}]});
    let (s, _, created) = request(
        [127, 0, 0, 1],
        port,
        "POST",
        "/api/games",
        None,
        &seats.to_string(),
    )
    .await;
    assert_eq!(s, 200, "{created}");
    let id = created["id"].as_u64().unwrap();
    let token = created["tokens"][0][1].as_str().unwrap().to_string();
    tokio::spawn(person(port, id, token))
}

/// The person's game ends, played to its end.
async fn played_through(game: tokio::task::JoinHandle<Value>) {
    let end = tokio::time::timeout(Duration::from_secs(180), game)
        .await
        .expect("the person's game ends within 3 minutes")
        .unwrap();
    assert_eq!(end["over"], true, "{end}");
    assert_eq!(end["status"], "finished", "{end}");
}

/// The emails a test's mail server took: `(recipients, data)` of each.
type Mails = Arc<Mutex<Vec<(Vec<String>, String)>>>;

/// A mail server of the test's own (SMTP without TLS) on 127.0.0.1: its port and what it
/// took.
async fn smtp_sink() -> (u16, Mails) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let got: Mails = Arc::default();
    let kept = got.clone();
    tokio::spawn(async move {
        while let Ok((s, _)) = listener.accept().await {
            let kept = kept.clone();
            tokio::spawn(async move {
                let (r, mut w) = s.into_split();
                let mut lines = BufReader::new(r).lines();
                let _ = w.write_all(b"220 sink ESMTP\r\n").await;
                let mut to = Vec::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                    let answer: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 sink\r\n",
                        "RCPT" => {
                            let addr = line.get(8..).unwrap_or("").trim();
                            to.push(addr.trim_matches(|c| c == '<' || c == '>').to_string());
                            b"250 OK\r\n"
                        }
                        "DATA" => {
                            let _ = w.write_all(b"354 go on\r\n").await;
                            let mut data = String::new();
                            while let Ok(Some(l)) = lines.next_line().await {
                                if l == "." {
                                    break;
                                }
                                data.push_str(&l);
                                data.push('\n');
                            }
                            kept.lock().unwrap().push((std::mem::take(&mut to), data));
                            b"250 taken\r\n"
                        }
                        "QUIT" => {
                            let _ = w.write_all(b"221 bye\r\n").await;
                            return;
                        }
                        _ => b"250 OK\r\n",
                    };
                    if w.write_all(answer).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    (port, got)
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn temp_dir(name: &str) -> (std::path::PathBuf, RemoveDir) {
    let dir = std::env::temp_dir().join(format!("tessera-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    (dir.clone(), RemoveDir(dir))
}

/// Row 4 of the probes: one account seats another in 30 turn-based games at once. The
/// victim still makes a game of their own, and every reminder email they get is about it.
#[test]
fn one_account_seating_another_in_30_games_takes_nothing_of_theirs() {
    let (dir, _cleanup) = temp_dir("seats");
    let (tcp, port) = (free_port(), free_port());
    let rt = runtime();
    rt.block_on(async {
        let (smtp, mails) = smtp_sink().await;
        let smtp = smtp.to_string();
        let db = dir.join("t.db");
        let _server = start_with(
            db.to_str().unwrap(),
            tcp,
            port,
            &[
                "--turn-mail-after",
                "1",
                "--smtp-server",
                "127.0.0.1",
                "--smtp-port",
                &smtp,
                "--smtp-tls",
                "none",
                "--smtp-from",
                "Tessera <tessera@example.org>",
            ],
        );
        let game = a_person_plays(port).await;
        let victim = register([127, 0, 0, 1], port, "vic").await.unwrap();
        let address = json!({"email": "vic@example.org"}).to_string();
        let (s, _, v) = request(
            [127, 0, 0, 1],
            port,
            "POST",
            "/api/account/email",
            Some(&victim),
            &address,
        )
        .await;
        assert_eq!(s, 200, "{v}");

        // the attacker names vic in 30 games at once
        let attacker = register([127, 0, 0, 2], port, "mal").await.unwrap();
        let asks = (0..30).map(|_| {
            turn_game(
                [127, 0, 0, 2],
                port,
                &attacker,
                json!([{"kind": "human"}, {"kind": "human", "account": "vic"}]),
            )
        });
        let answers = futures_util::future::join_all(asks).await;
        let statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
        assert!(
            statuses.iter().all(|s| [200, 429].contains(s)),
            "{statuses:?}"
        );

        // vic's own game: nothing of vic's cap was taken
        let (s, own) = turn_game(
            [127, 0, 0, 1],
            port,
            &victim,
            json!([{"kind": "human"}, {"kind": "bot", "spec": "greedy"}]),
        )
        .await;
        assert_eq!(s, 200, "vic cannot make a game of their own: {own}");
        let own = own["id"].as_u64().expect("vic's game starts at once");

        // the emails of turns that waited: vic's are about vic's own game only
        let subject = format!("Subject: Your turn: Triominos #{own}");
        let end = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let got: Vec<String> = mails
                .lock()
                .unwrap()
                .iter()
                .filter(|(to, _)| to.iter().any(|t| t == "vic@example.org"))
                .map(|(_, data)| data.clone())
                .collect();
            let others: Vec<&String> = got.iter().filter(|d| !d.contains(&subject)).collect();
            assert!(
                others.is_empty(),
                "{} of vic's emails are about games vic never accepted: {:?}",
                others.len(),
                others.first()
            );
            if !got.is_empty() {
                break;
            }
            assert!(
                tokio::time::Instant::now() < end,
                "no email about vic's own game within 20 s"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        // a few more rounds of the reminders: still none about the attacker's games
        tokio::time::sleep(Duration::from_secs(3)).await;
        let strays = mails
            .lock()
            .unwrap()
            .iter()
            .filter(|(to, d)| to.iter().any(|t| t == "vic@example.org") && !d.contains(&subject))
            .count();
        assert_eq!(strays, 0, "emails about games vic never accepted");
        // vic's inbox: vic's own game, and the attacker's invitations to answer
        let (_, _, inbox) =
            request([127, 0, 0, 1], port, "GET", "/api/turns", Some(&victim), "").await;
        let games: Vec<u64> = inbox["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|g| g["id"].as_u64())
            .collect();
        assert_eq!(games, vec![own], "{inbox}");
        played_through(game).await;
    });
}

/// Row 5 of the probes: 9 addresses with 20 accounts each, each account making as many
/// turn-based games as it may: the site's cap (5000) is not filled, and an unrelated
/// person still makes a game.
#[test]
fn nine_addresses_cannot_fill_the_site_s_turn_based_games() {
    let (dir, _cleanup) = temp_dir("fill");
    let (tcp, port) = (free_port(), free_port());
    let rt = runtime();
    rt.block_on(async {
        let db = dir.join("t.db");
        let _server = start_with(db.to_str().unwrap(), tcp, port, &[]);
        let game = a_person_plays(port).await;
        let attack = (2..=10u8).map(|k| async move {
            let from = [127, 0, 0, k];
            let (mut accounts, mut made, mut refused) = (0, 0, 0);
            for n in 0..20 {
                let Ok(who) = register(from, port, &format!("a{k}x{n}")).await else {
                    refused += 1;
                    continue;
                };
                accounts += 1;
                for _ in 0..30 {
                    let (s, v) = turn_game(
                        from,
                        port,
                        &who,
                        json!([{"kind": "human"}, {"kind": "bot", "spec": "random"}]),
                    )
                    .await;
                    match s {
                        200 => made += 1,
                        429 | 503 => {
                            assert!(v["error"].is_string(), "{v}");
                            break;
                        }
                        _ => panic!("{s} {v}"),
                    }
                }
            }
            (accounts, made, refused)
        });
        let results = futures_util::future::join_all(attack).await;
        let accounts: u32 = results.iter().map(|r| r.0).sum();
        let made: u32 = results.iter().map(|r| r.1).sum();
        eprintln!("9 addresses: {accounts} accounts, {made} turn-based games");
        assert!(
            made < 5000,
            "9 addresses filled the site's 5000 turn-based games ({accounts} accounts)"
        );
        // an unrelated person at another address
        let ann = register([127, 0, 0, 1], port, "ann").await.unwrap();
        let (s, v) = turn_game(
            [127, 0, 0, 1],
            port,
            &ann,
            json!([{"kind": "human"}, {"kind": "bot", "spec": "greedy"}]),
        )
        .await;
        assert_eq!(s, 200, "an unrelated person: {v}");
        played_through(game).await;
    });
}
