//! The HTTP bot API (docs/bot-api.md): a bot account's program plays through
//! `POST /api/bot/play` (an NDJSON stream of the TCP door's messages) and
//! `POST /api/bot/seat/ID` (its replies), through the same seat as over TCP: a whole game
//! against a house bot, a TCP program and an HTTP program at one table, a rated game of
//! the arena, a quiet stream kept open past the idle limit, a stream cut
//! mid-turn and resumed, and the refusals and caps.

use crate::common;
use crate::wire;

use common::{register, request, stored_when, Answer, TestHost};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tessera_games::Registry;
use tessera_server::store::GameStatus;
use tessera_server::vocab::config::Config;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use wire::{within, Program};

/// A table of `game` with `seats`; its id.
async fn table(h: &TestHost, game: &str, seats: Value) -> u64 {
    let (s, made) = h
        .post(
            "/api/games",
            &json!({"game": game, "seats": seats, "delay_ms": 0}),
        )
        .await;
    assert_eq!(s, 200, "{made}");
    made["id"].as_u64().unwrap()
}

/// One open NDJSON stream of `POST /api/bot/play`: its status, headers and lines.
struct Stream {
    status: u16,
    head: String,
    body: BufReader<TcpStream>,
    /// Bytes of the chunked body read but not yet split into lines.
    buf: Vec<u8>,
    /// The stream's seat id (its first line).
    seat: String,
    /// Empty lines (keep-alives) seen.
    empty: usize,
}

impl Stream {
    async fn open(addr: SocketAddr, auth: &str, body: &Value) -> Stream {
        let s = TcpStream::connect(addr).await.unwrap();
        let body_text = body.to_string();
        let mut s = BufReader::new(s);
        let req = format!(
            "POST /api/bot/play HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nAuthorization: {auth}\r\nContent-Length: {}\r\n\r\n{body_text}",
            body_text.len()
        );
        s.get_mut().write_all(req.as_bytes()).await.unwrap();
        let mut head = String::new();
        loop {
            let mut line = String::new();
            let n = within("the stream's head", s.read_line(&mut line))
                .await
                .unwrap();
            if n == 0 || line == "\r\n" {
                break;
            }
            head.push_str(&line);
        }
        let status = head[9..12].parse().unwrap();
        let mut st = Stream {
            status,
            head,
            body: s,
            buf: Vec::new(),
            seat: String::new(),
            empty: 0,
        };
        if status == 200 {
            let first = st.line().await.expect("a first line");
            st.seat = first["seat"]
                .as_str()
                .expect("{\"seat\": ID} first")
                .to_string();
        }
        st
    }

    /// The whole body of a refusal.
    async fn refusal(mut self) -> Value {
        let mut rest = String::new();
        let _ = self.body.read_to_string(&mut rest).await;
        let text = if self.head.to_ascii_lowercase().contains("chunked") {
            rest.lines().nth(1).unwrap_or_default().to_string()
        } else {
            rest
        };
        serde_json::from_str(&text).unwrap_or(Value::String(text))
    }

    /// Reads one chunk of the chunked body; false at its end.
    async fn chunk(&mut self) -> bool {
        let mut size = String::new();
        match within("a chunk", self.body.read_line(&mut size)).await {
            Ok(0) | Err(_) => return false,
            Ok(_) => {}
        }
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            return false;
        };
        if n == 0 {
            return false;
        }
        let mut data = vec![0; n + 2];
        if self.body.read_exact(&mut data).await.is_err() {
            return false;
        }
        data.truncate(n);
        self.buf.extend_from_slice(&data);
        true
    }

    /// The next non-empty line as JSON; `None` once the stream ended.
    async fn line(&mut self) -> Option<Value> {
        loop {
            if let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=i).collect();
                let text = String::from_utf8(line).unwrap();
                if text.trim().is_empty() {
                    self.empty += 1;
                    continue;
                }
                return Some(serde_json::from_str(&text).expect("each line is JSON"));
            }
            if !self.chunk().await {
                return None;
            }
        }
    }
}

/// Posts `reply` to the seat `seat`.
async fn reply(addr: SocketAddr, token: &str, seat: &str, reply: &str) -> Answer {
    request(
        addr,
        "POST",
        &format!("/api/bot/seat/{seat}"),
        &[("Authorization", &format!("Bearer {token}"))],
        reply,
    )
    .await
}

/// Plays a stream's seat with the `greedy` bot of `game` until the stream ends (or, with
/// `cut_at`, until that `take-turn`, which it leaves unanswered); every line it got.
async fn play(
    h: &TestHost,
    token: &str,
    game: &str,
    st: &mut Stream,
    cut_at: Option<usize>,
) -> Vec<Value> {
    let mut bot = Registry::standard()
        .get(game)
        .unwrap()
        .wire_bot("greedy")
        .unwrap();
    let (mut lines, mut turns) = (Vec::new(), 0);
    while let Some(line) = st.line().await {
        lines.push(line.clone());
        if !line.is_array() {
            continue;
        }
        if line[0] == "take-turn" {
            turns += 1;
            if cut_at == Some(turns) {
                return lines;
            }
        }
        let answer = bot.answer(&line.to_string()).unwrap();
        let a = reply(h.http, token, &st.seat, &answer).await;
        assert_eq!(a.status, 200, "{line} -> {answer}: {}", a.body);
    }
    lines
}

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_over_http_against_a_house_bot() {
    let h = TestHost::start(common::test_config()).await;
    let token = common::bot_token(h.http, "httpbot").await;
    let id = table(
        &h,
        "q",
        json!([{"kind": "program"}, {"kind": "bot", "spec": "greedy"}]),
    )
    .await;
    let mut st = Stream::open(
        h.http,
        &bearer(&token),
        &json!({"table": id, "moves": true}),
    )
    .await;
    assert_eq!(st.status, 200, "{}", st.head);
    assert!(
        st.head
            .to_ascii_lowercase()
            .contains("application/x-ndjson"),
        "{}",
        st.head
    );
    let lines = within("a whole game", play(&h, &token, "q", &mut st, None)).await;
    let calls: Vec<&str> = lines.iter().filter_map(|l| l[0].as_str()).collect();
    assert_eq!(calls.first(), Some(&"setup"), "{lines:?}");
    assert_eq!(calls.last(), Some(&"win"), "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| l.get("ejected").is_none() && l.get("error").is_none()),
        "{lines:?}"
    );
    // the setup's third argument (the resume token), the legal moves with every turn
    assert!(lines[0][1][2]["resume"].is_string(), "{}", lines[0]);
    let turn = lines.iter().find(|l| l[0] == "take-turn").unwrap();
    assert!(
        turn[1][1]["moves"]
            .as_array()
            .is_some_and(|m| !m.is_empty()),
        "{turn}"
    );
    let g = stored_when(h.db.to_str().unwrap(), id, 20, |g| {
        !g.summary.status.is_live()
    })
    .await;
    assert_eq!(g.summary.status, GameStatus::Finished, "{:?}", g.summary);
    assert!(
        g.summary.seats[0].account.is_some(),
        "{:?}",
        g.summary.seats
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tcp_program_and_an_http_program_meet() {
    let h = TestHost::start(common::test_config()).await;
    let token = common::bot_token(h.http, "httpbot").await;
    let id = table(
        &h,
        "triominos",
        json!([{"kind": "program"}, {"kind": "program"}]),
    )
    .await;
    let tcp = tokio::spawn({
        let addr = h.tcp;
        async move {
            let mut bot = Registry::standard()
                .get("triominos")
                .unwrap()
                .wire_bot("greedy")
                .unwrap();
            let mut p = Program::connect(addr).await;
            p.send(&json!({"name": "tcpbot", "table": id})).await;
            let mut got = Vec::new();
            while let Ok(call) = p.recv().await {
                got.push(call.clone());
                if !call.is_array() {
                    break;
                }
                let answer = bot.answer(&call.to_string()).unwrap();
                if p.send_raw(&answer).await.is_err() || call[0] == "win" {
                    break;
                }
            }
            got
        }
    });
    let mut st = Stream::open(h.http, &bearer(&token), &json!({"table": id})).await;
    assert_eq!(st.status, 200, "{}", st.head);
    let lines = within("a whole game", play(&h, &token, "triominos", &mut st, None)).await;
    let tcp_calls = within("the TCP program", tcp).await.unwrap();
    for got in [&lines, &tcp_calls] {
        assert_eq!(got.first().map(|c| &c[0]), Some(&json!("setup")), "{got:?}");
        assert_eq!(got.last().map(|c| &c[0]), Some(&json!("win")), "{got:?}");
    }
    let g = stored_when(h.db.to_str().unwrap(), id, 20, |g| {
        !g.summary.status.is_live()
    })
    .await;
    assert_eq!(g.summary.status, GameStatus::Finished, "{:?}", g.summary);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_cut_mid_turn_is_resumed() {
    let config = Config {
        per_call: Duration::from_secs(10),
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let token = common::bot_token(h.http, "httpbot").await;
    let id = table(
        &h,
        "q",
        json!([{"kind": "program"}, {"kind": "bot", "spec": "greedy"}]),
    )
    .await;
    let mut st = Stream::open(h.http, &bearer(&token), &json!({"table": id})).await;
    let before = within("two turns", play(&h, &token, "q", &mut st, Some(2))).await;
    let resume = before[0][1][2]["resume"].as_str().unwrap().to_string();
    let asked = before.last().unwrap().clone();
    let old_seat = st.seat.clone();
    drop(st);
    // the cut stream's seat id takes no reply
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        reply(h.http, &token, &old_seat, "\"void\"").await.status,
        404
    );
    let mut st = Stream::open(h.http, &bearer(&token), &json!({"resume": resume})).await;
    assert_eq!(st.status, 200, "{}", st.head);
    assert_ne!(st.seat, old_seat);
    // the unanswered call again, then the rest of the game
    let after = within("the rest of the game", play(&h, &token, "q", &mut st, None)).await;
    assert_eq!(after.first(), Some(&asked), "{after:?}");
    assert_eq!(
        after.last().map(|c| &c[0]),
        Some(&json!("win")),
        "{after:?}"
    );
    assert!(
        after.iter().all(|l| l.get("ejected").is_none()),
        "{after:?}"
    );
    let g = stored_when(h.db.to_str().unwrap(), id, 20, |g| {
        !g.summary.status.is_live()
    })
    .await;
    assert_eq!(g.summary.status, GameStatus::Finished, "{:?}", g.summary);
    assert!(g.summary.ejected.is_empty(), "{:?}", g.summary);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_cookies_and_bodies_are_refused() {
    let config = Config {
        max_body: 1024,
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let token = common::bot_token(h.http, "httpbot").await;
    let person = register(h.http, "alice", "person").await;
    let signup = json!({"game": "q"});
    // no token, a bad one, a person's session (cookie or not), a bot's session cookie
    for auth in ["", "Bearer ", "Bearer 0123abcd", "Basic x"] {
        let st = Stream::open(h.http, auth, &signup).await;
        assert_eq!(st.status, 401, "{auth}: {}", st.head);
        assert!(st.refusal().await["error"].is_string());
    }
    let a = request(
        h.http,
        "POST",
        "/api/bot/play",
        &[("Cookie", &person.cookie), ("X-Tessera-CSRF", &person.csrf)],
        &signup.to_string(),
    )
    .await;
    assert_eq!(a.status, 401, "{}", a.body);
    let bot = register(h.http, "robo", "bot").await;
    let a = request(
        h.http,
        "POST",
        "/api/bot/play",
        &[("Cookie", &bot.cookie), ("X-Tessera-CSRF", &bot.csrf)],
        &signup.to_string(),
    )
    .await;
    assert_eq!(a.status, 401, "{}", a.body);
    // a body that is not a sign-up, a name or token in it, a list request, too large
    for body in [
        "nonsense",
        "[1]",
        r#"{"name": "other", "game": "q"}"#,
        r#"{"token": "x", "game": "q"}"#,
        r#"{"list": "q"}"#,
        r#"{"game": "q", "moves": 3}"#,
    ] {
        let a = request(
            h.http,
            "POST",
            "/api/bot/play",
            &[("Authorization", &bearer(&token))],
            body,
        )
        .await;
        assert_eq!(a.status, 400, "{body}: {}", a.body);
        assert!(a.body["error"].is_string(), "{}", a.body);
    }
    let big = json!({"game": "q".repeat(2000)}).to_string();
    let a = request(
        h.http,
        "POST",
        "/api/bot/play",
        &[("Authorization", &bearer(&token))],
        &big,
    )
    .await;
    assert_eq!(a.status, 413, "{}", a.body);
    // a game that is not there: the TCP door's refusal, on the stream
    let mut st = Stream::open(h.http, &bearer(&token), &json!({"game": "chess"})).await;
    assert_eq!(st.status, 200);
    let refused = within("a refusal", st.line()).await.unwrap();
    assert!(refused["error"].is_string(), "{refused}");
    assert!(within("the stream's end", st.line()).await.is_none());
    // replies: to no stream, with another token, with a cookie
    let seat = "0".repeat(32);
    assert_eq!(reply(h.http, &token, &seat, "\"void\"").await.status, 404);
    assert_eq!(reply(h.http, &token, "x", "\"void\"").await.status, 404);
    assert_eq!(reply(h.http, "nope", &seat, "\"void\"").await.status, 404);
    let path = format!("/api/bot/seat/{seat}");
    let a = request(
        h.http,
        "POST",
        &path,
        &[("Cookie", &person.cookie)],
        "\"void\"",
    )
    .await;
    assert_eq!(a.status, 401, "{}", a.body);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_out_of_turn_is_refused_and_ejects_as_over_tcp() {
    let h = TestHost::start(common::test_config()).await;
    let token = common::bot_token(h.http, "httpbot").await;
    let other = common::bot_token(h.http, "otherbot").await;
    let id = table(&h, "q", json!([{"kind": "program"}, {"kind": "program"}])).await;
    let mut st = Stream::open(h.http, &bearer(&token), &json!({"table": id})).await;
    assert_eq!(st.status, 200, "{}", st.head);
    // another account's token does not reach this seat
    assert_eq!(
        reply(h.http, &other, &st.seat, "\"void\"").await.status,
        404
    );
    // no call yet: refused, and the seat is ejected at its first call
    let a = reply(h.http, &token, &st.seat, "\"void\"").await;
    assert_eq!(a.status, 409, "{}", a.body);
    let a = reply(h.http, &token, &st.seat, "not json").await;
    assert_eq!(a.status, 400, "{}", a.body);
    let mut p = Program::connect(h.tcp).await;
    p.send(&json!({"name": "tcpbot", "table": id})).await;
    let last = within("the ejection", async {
        let mut last = None;
        while let Some(l) = st.line().await {
            last = Some(l);
        }
        last
    })
    .await
    .expect("a last line");
    let why = last["ejected"].as_str().unwrap_or_default().to_string();
    assert!(why.contains("turn"), "{last}");
    drop(p);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn streams_and_replies_are_capped() {
    let config = Config {
        max_connections: 3,
        max_connections_per_address: 2,
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let token = common::bot_token(h.http, "httpbot").await;
    // two tables whose other seat is never filled: their streams stay open
    let a = table(&h, "q", json!([{"kind": "program"}, {"kind": "program"}])).await;
    let b = table(&h, "q", json!([{"kind": "program"}, {"kind": "program"}])).await;
    let c = table(&h, "q", json!([{"kind": "program"}, {"kind": "program"}])).await;
    let s1 = Stream::open(h.http, &bearer(&token), &json!({"table": a})).await;
    let s2 = Stream::open(h.http, &bearer(&token), &json!({"table": b})).await;
    assert_eq!((s1.status, s2.status), (200, 200));
    let s3 = Stream::open(h.http, &bearer(&token), &json!({"table": c})).await;
    assert_eq!(s3.status, 429, "{}", s3.head);
    assert!(s3.refusal().await["error"]
        .as_str()
        .unwrap()
        .contains("address"));
    // a stream closed gives its place back
    drop(s2);
    let s3 = within("a place given back", async {
        loop {
            let s = Stream::open(h.http, &bearer(&token), &json!({"table": c})).await;
            if s.status == 200 {
                return s;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    // replies refused: at most 10 a second
    let seat = s1.seat.clone();
    let started = tokio::time::Instant::now();
    let posts: Vec<_> = (0..25)
        .map(|_| {
            let (addr, token, seat) = (h.http, token.clone(), seat.clone());
            tokio::spawn(async move { reply(addr, &token, &seat, "\"void\"").await.status })
        })
        .collect();
    let mut statuses = Vec::new();
    for p in posts {
        statuses.push(p.await.unwrap());
    }
    let secs = started.elapsed().as_secs() as usize + 1;
    let limited = statuses.iter().filter(|&&s| s == 429).count();
    assert!(limited > 0, "{statuses:?}");
    assert!(25 - limited <= 10 * secs, "{statuses:?} in {secs} s");
    assert!(
        statuses.iter().all(|s| [409, 429].contains(s)),
        "{statuses:?}"
    );
    drop((s1, s3));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quiet_stream_outlives_the_idle_limit_with_keep_alives() {
    let config = Config {
        http_idle: Duration::from_secs(1),
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let token = common::bot_token(h.http, "httpbot").await;
    let id = table(&h, "q", json!([{"kind": "program"}, {"kind": "program"}])).await;
    let mut st = Stream::open(h.http, &bearer(&token), &json!({"table": id})).await;
    assert_eq!(st.status, 200, "{}", st.head);
    // nothing to say for longer than the idle limit and the keep-alive's period
    let quiet = tokio::spawn(async move {
        let first = st.line().await;
        (st, first)
    });
    tokio::time::sleep(Duration::from_secs(6)).await;
    let mut p = Program::connect(h.tcp).await;
    p.send(&json!({"name": "tcpbot", "table": id})).await;
    let (st, first) = within("the first call", quiet).await.unwrap();
    let first = first.expect("the stream is still open");
    assert_eq!(first[0], "setup", "{first}");
    assert!(st.empty >= 1, "no keep-alive in 6 s");
    drop(p);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_over_http_is_in_the_account_s_rating_history() {
    let config = Config {
        arena_house_after: Duration::from_millis(300),
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let token = common::bot_token(h.http, "httpbot").await;
    let mut st = Stream::open(
        h.http,
        &bearer(&token),
        &json!({"game": "q", "rated": true, "moves": true}),
    )
    .await;
    assert_eq!(st.status, 200, "{}", st.head);
    let lines = within("a rated game", play(&h, &token, "q", &mut st, None)).await;
    assert_eq!(
        lines.last().map(|c| &c[0]),
        Some(&json!("win")),
        "{lines:?}"
    );
    // the arena's queue, the house level, the rating history: the TCP door's own path
    let rating = within("a rating", async {
        loop {
            let (_, page) = common::http(h.http, "GET", "/api/accounts/httpbot", "").await;
            let history = page["history"].as_array().cloned().unwrap_or_default();
            if let Some(row) = history.first() {
                return row.clone();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(rating["game_id"].as_u64().is_some(), "{rating}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn streams_in_all_are_capped() {
    let config = Config {
        max_connections: 1,
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let token = common::bot_token(h.http, "httpbot").await;
    let a = table(&h, "q", json!([{"kind": "program"}, {"kind": "program"}])).await;
    let b = table(&h, "q", json!([{"kind": "program"}, {"kind": "program"}])).await;
    let s1 = Stream::open(h.http, &bearer(&token), &json!({"table": a})).await;
    assert_eq!(s1.status, 200, "{}", s1.head);
    let s2 = Stream::open(h.http, &bearer(&token), &json!({"table": b})).await;
    assert_eq!(s2.status, 429, "{}", s2.head);
    let why = s2.refusal().await;
    assert!(
        why["error"]
            .as_str()
            .unwrap()
            .contains("too many bot streams are open"),
        "{why}"
    );
    drop(s1);
    h.stop().await;
}
