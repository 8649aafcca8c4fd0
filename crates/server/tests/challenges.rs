//! Challenges over the real doors: bot accounts' programs challenge and accept over TCP
//! (their connection waits, then is their seat), read and decline over HTTP with their
//! API token; people challenge, accept, decline and withdraw over HTTP with their
//! session; a house level accepts at once; the caps, the expiry, and a challenger who
//! leaves.

use crate::common;

use common::{register, request, Answer, Login, TestHost};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tessera_server::vocab::config::Config;
use tessera_tcp::client::{self, ChallengeJoin, Join};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn config() -> Config {
    Config {
        // the house stays away from the queue, a person's page that stops asking is gone
        // within a second, and an unanswered challenge expires within two
        arena_house_after: Duration::from_secs(3600),
        arena_ticket_idle: Duration::from_secs(1),
        challenge_expiry: Duration::from_secs(2),
        ..common::test_config()
    }
}

async fn with_token(addr: SocketAddr, method: &str, path: &str, token: &str, body: &str) -> Answer {
    let auth = format!("Bearer {token}");
    let mut headers = vec![("Authorization", auth.as_str())];
    if !body.is_empty() {
        headers.push(("Content-Type", "application/json"));
    }
    request(addr, method, path, &headers, body).await
}

/// The challenges that wait for `token`'s account, once there is one from `from`.
async fn incoming(addr: SocketAddr, token: &str, from: &str) -> Value {
    for _ in 0..200 {
        let a = with_token(addr, "GET", "/api/challenges", token, "").await;
        assert_eq!(a.status, 200, "{}", a.body);
        if let Some(c) = a.body["incoming"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["from"]["name"] == from && c["state"] == "waiting")
        {
            return c.clone();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no challenge from {from} came");
}

/// A greedy program of `game` playing where `join` says, to its game's end.
fn program(
    tcp: SocketAddr,
    join: Join,
    game: &str,
) -> tokio::task::JoinHandle<Result<client::Finished, client::ClientError>> {
    let bot = tessera_games::Registry::standard()
        .find(game)
        .unwrap()
        .wire_bot("greedy")
        .unwrap();
    tokio::spawn(async move { client::play(tcp, &join, "greedy", bot, Duration::ZERO).await })
}

/// The first line a raw sign-up is answered with (within `secs`).
async fn answer_to(tcp: SocketAddr, signup: &Value, secs: u64) -> String {
    let mut s = tokio::net::TcpStream::connect(tcp).await.unwrap();
    s.write_all(signup.to_string().as_bytes()).await.unwrap();
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(secs), s.read(&mut buf))
        .await
        .expect("an answer in time")
        .unwrap();
    String::from_utf8_lossy(&buf[..n]).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_challenges_another_which_accepts_with_its_connection() {
    let h = TestHost::start(config()).await;
    let robo = common::bot_token(h.http, "robo").await;
    let dan = common::bot_token(h.http, "dan").await;
    // robo challenges dan to one round of Triominos, unrated
    let make = Join::Challenge {
        token: robo.clone(),
        ask: ChallengeJoin::Make {
            to: "dan".into(),
            game: "triominos".into(),
            rated: false,
            options: json!({"end": "round"}),
        },
    };
    let challenger = program(h.tcp, make, "triominos");
    let c = incoming(h.http, &dan, "robo").await;
    assert_eq!(c["game"], "triominos");
    assert_eq!(c["rated"], false);
    assert_eq!(c["options"], json!({"end": "round"}));
    assert_eq!(c["to"], json!({"name": "dan", "kind": "bot"}));
    // robo sees it too, as its own; nobody else does
    let mine = with_token(h.http, "GET", "/api/challenges", &robo, "").await;
    assert_eq!(mine.body["outgoing"][0]["id"], c["id"], "{}", mine.body);
    assert_eq!(mine.body["outgoing"][0]["mine"], true);
    let id = c["id"].as_u64().unwrap();
    let eve = register(h.http, "eve", "person").await;
    let peek = eve.get(h.http, &format!("/api/challenges/{id}")).await;
    assert_eq!(peek.status, 404, "{}", peek.body);
    // dan's program accepts with its sign-up: both play the game to its end
    let accept = Join::Challenge {
        token: dan.clone(),
        ask: ChallengeJoin::Accept(id),
    };
    let acceptor = program(h.tcp, accept, "triominos");
    let a = tokio::time::timeout(Duration::from_secs(120), challenger)
        .await
        .expect("the challenger's game ended")
        .unwrap()
        .expect("a game played to its end");
    let b = tokio::time::timeout(Duration::from_secs(120), acceptor)
        .await
        .expect("the acceptor's game ended")
        .unwrap()
        .expect("a game played to its end");
    assert!(a.turns > 0 && b.turns > 0, "{a:?} {b:?}");
    let seen = with_token(h.http, "GET", &format!("/api/challenges/{id}"), &robo, "").await;
    assert_eq!(seen.body["state"], "started", "{}", seen.body);
    let game = seen.body["game_id"].as_u64().unwrap();
    let g = common::stored_when(h.db.to_str().unwrap(), game, 30, |g| {
        g.summary.status == tessera_server::store::GameStatus::Finished
    })
    .await;
    let mut names: Vec<String> = g.summary.seats.iter().map(|s| s.name.clone()).collect();
    names.sort();
    assert_eq!(names, ["dan", "robo"]);
    // one round, as asked; and unrated: no rating changed
    assert!(g.rules.to_string().contains("\"round\""), "{}", g.rules);
    let rated = request(h.http, "GET", &format!("/api/games/{game}/rated"), &[], "").await;
    assert_eq!(rated.body, json!([]), "{}", rated.body);
    // the acceptance is spent
    let again = answer_to(h.tcp, &json!({"token": dan, "accept": id}), 10).await;
    assert!(again.contains("no such challenge"), "{again}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_house_level_accepts_at_once_and_a_rated_game_is_rated() {
    let h = TestHost::start(config()).await;
    let robo = common::bot_token(h.http, "robo").await;
    let make = Join::Challenge {
        token: robo.clone(),
        ask: ChallengeJoin::Make {
            to: "level:1".into(),
            game: "triominos".into(),
            rated: true,
            options: Value::Null,
        },
    };
    let done = tokio::time::timeout(Duration::from_secs(180), program(h.tcp, make, "triominos"))
        .await
        .expect("the game ended")
        .unwrap()
        .expect("a game played to its end");
    assert!(done.turns > 0);
    // (the rating is written once the game is stored as ended)
    let games = rated_when(h.http, "/api/accounts/robo", |v| {
        !v["games"].as_array().unwrap().is_empty()
    })
    .await;
    assert!(
        games.body.to_string().contains("level:1"),
        "a rated game against level:1 on robo's page: {}",
        games.body
    );
    // a rated challenge takes no options and no clock
    let refused = answer_to(
        h.tcp,
        &json!({"token": robo, "challenge": "level:1", "game": "triominos", "rated": true,
                "options": {"end": "round"}}),
        10,
    )
    .await;
    assert!(refused.contains("usual rules"), "{refused}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_declines_a_programs_challenge_and_the_program_is_told() {
    let h = TestHost::start(config()).await;
    let robo = common::bot_token(h.http, "robo").await;
    let pat = register(h.http, "pat", "person").await;
    let tcp = h.tcp;
    let robo2 = robo.clone();
    let waiting = tokio::spawn(async move {
        answer_to(
            tcp,
            &json!({"token": robo2, "challenge": "pat", "game": "q"}),
            60,
        )
        .await
    });
    let id = loop {
        let a = pat.get(h.http, "/api/challenges").await;
        assert_eq!(a.status, 200, "{}", a.body);
        if let Some(c) = a.body["incoming"].as_array().unwrap().first() {
            assert_eq!(c["from"], json!({"name": "robo", "kind": "bot"}));
            break c["id"].as_u64().unwrap();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    // only pat may answer it: not its challenger, not someone else
    let eve = register(h.http, "eve", "person").await;
    let wrong = eve
        .post(h.http, &format!("/api/challenges/{id}/decline"), &json!({}))
        .await;
    assert_eq!(wrong.status, 404, "{}", wrong.body);
    let own = with_token(
        h.http,
        "POST",
        &format!("/api/challenges/{id}/decline"),
        &robo,
        "",
    )
    .await;
    assert_eq!(own.status, 404, "{}", own.body);
    let no = pat
        .post(
            h.http,
            &format!("/api/challenges/{id}/decline"),
            &json!({"reason": "not now"}),
        )
        .await;
    assert_eq!(no.status, 200, "{}", no.body);
    let told = waiting.await.unwrap();
    assert!(
        told.contains("pat declined your challenge: not now"),
        "{told}"
    );
    let seen = with_token(h.http, "GET", &format!("/api/challenges/{id}"), &robo, "").await;
    assert_eq!(seen.body["state"], "declined");
    assert_eq!(seen.body["reason"], "not now");
    h.stop().await;
}

/// `path` once `done` says its answer is there (at most 10 s; the last answer then).
async fn rated_when(addr: SocketAddr, path: &str, done: impl Fn(&Value) -> bool) -> Answer {
    let mut a = request(addr, "GET", path, &[], "").await;
    for _ in 0..100 {
        if a.status == 200 && done(&a.body) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        a = request(addr, "GET", path, &[], "").await;
    }
    a
}

/// pat's challenge to robo, made over HTTP: its id.
async fn persons_challenge(h: &TestHost, pat: &Login, body: &Value) -> u64 {
    let a = pat.post(h.http, "/api/challenges", body).await;
    assert_eq!(a.status, 201, "{}", a.body);
    assert_eq!(a.body["state"], "waiting");
    a.body["id"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_challenges_a_bot_whose_program_accepts() {
    let h = TestHost::start(config()).await;
    let robo = common::bot_token(h.http, "robo").await;
    let pat = register(h.http, "pat", "person").await;
    let id = persons_challenge(&h, &pat, &json!({"to": "robo", "game": "q", "rated": true})).await;
    let c = incoming(h.http, &robo, "pat").await;
    assert_eq!(c["id"], id);
    assert_eq!(c["rated"], true);
    // a program accepts with its sign-up, not over HTTP
    let http = with_token(
        h.http,
        "POST",
        &format!("/api/challenges/{id}/accept"),
        &robo,
        "",
    )
    .await;
    assert_eq!(http.status, 400, "{}", http.body);
    let acceptor = program(
        h.tcp,
        Join::Challenge {
            token: robo.clone(),
            ask: ChallengeJoin::Accept(id),
        },
        "q",
    );
    // pat's page, asking, finds the game and its seat's token
    let (game, token) = loop {
        let a = pat.get(h.http, &format!("/api/challenges/{id}")).await;
        assert_eq!(a.status, 200, "{}", a.body);
        if a.body["state"] == "started" {
            break (
                a.body["game_id"].as_u64().unwrap(),
                a.body["token"].as_str().unwrap().to_string(),
            );
        }
        // (between the acceptance and the game: "opening", a moment)
        assert!(
            ["waiting", "opening"].contains(&a.body["state"].as_str().unwrap_or_default()),
            "{}",
            a.body
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // robo is not shown pat's token
    let robo_sees = with_token(h.http, "GET", &format!("/api/challenges/{id}"), &robo, "").await;
    assert!(robo_sees.body.get("token").is_none(), "{}", robo_sees.body);
    common::turns::until(&h, &pat, game, &token, 30, |s| s["to_move"].is_u64()).await;
    let r = pat
        .post(
            h.http,
            &format!("/api/games/{game}/resign"),
            &json!({ "token": token }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let g = common::stored_when(h.db.to_str().unwrap(), game, 30, |g| {
        g.summary.status != tessera_server::store::GameStatus::Running
    })
    .await;
    assert_eq!(g.summary.winners, vec!["robo".to_string()], "{}", g.result);
    let rated = rated_when(h.http, &format!("/api/games/{game}/rated"), |v| {
        v.as_array().is_some_and(|a| !a.is_empty())
    })
    .await;
    assert_eq!(
        rated.body.as_array().map(Vec::len),
        Some(2),
        "{}",
        rated.body
    );
    acceptor.abort();
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_caps_withdrawals_and_the_expiry() {
    let h = TestHost::start(config()).await;
    let robo = common::bot_token(h.http, "robo").await;
    let pat = register(h.http, "pat", "person").await;
    let _ann = register(h.http, "ann", "person").await;
    // refusals, each in words
    for (body, status, words) in [
        (json!({"to": "pat", "game": "q"}), 400, "yourself"),
        (json!({"to": "nobody", "game": "q"}), 404, "nobody"),
        (json!({"to": "robo", "game": "chess"}), 400, "chess"),
        (json!({"to": "robo", "game": "q", "players": 3}), 400, "two"),
        (
            json!({"to": "robo", "game": "q", "rated": true, "clock_s": 30}),
            400,
            "usual rules",
        ),
        (json!({"to": "robo", "game": "q", "clock_s": 2}), 400, "2"),
        (
            json!({"to": "robo", "game": "q", "rated": true, "time_control": "5+3"}),
            400,
            "usual rules",
        ),
        (
            json!({"to": "robo", "game": "q", "time_control": "5"}),
            400,
            "not a time control",
        ),
        (
            json!({"to": "robo", "game": "q", "time_control": "5+3", "clock_s": 30}),
            400,
            "one clock",
        ),
        (
            json!({"to": "robo", "game": "triominos", "options": {"end": "never"}}),
            400,
            "never",
        ),
        (
            json!({"to": "robo", "game": "q", "colour": "red"}),
            400,
            "colour",
        ),
    ] {
        let a = pat.post(h.http, "/api/challenges", &body).await;
        assert_eq!(a.status, status, "{body}: {}", a.body);
        assert!(
            a.body["error"].as_str().unwrap().contains(words),
            "{body}: {}",
            a.body
        );
    }
    let nobody = request(h.http, "GET", "/api/challenges", &[], "").await;
    assert_eq!(nobody.status, 401);
    // a bot account challenges with its program's sign-up, not over HTTP
    let http = with_token(
        h.http,
        "POST",
        "/api/challenges",
        &robo,
        &json!({"to": "pat", "game": "q"}).to_string(),
    )
    .await;
    assert_eq!(http.status, 400, "{}", http.body);
    // three waiting challenges at most per challenger
    let body = json!({"to": "ann", "game": "q", "clock_s": 60});
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(persons_challenge(&h, &pat, &body).await);
    }
    let fourth = pat.post(h.http, "/api/challenges", &body).await;
    assert_eq!(fourth.status, 429, "{}", fourth.body);
    // pat withdraws one: another may wait
    let w = pat
        .delete(h.http, &format!("/api/challenges/{}", ids[0]))
        .await;
    assert_eq!(w.status, 200, "{}", w.body);
    let w = pat
        .delete(h.http, &format!("/api/challenges/{}", ids[0]))
        .await;
    assert_eq!(w.status, 404, "a challenge is withdrawn once: {}", w.body);
    ids[0] = persons_challenge(&h, &pat, &body).await;
    // pat's page stops asking: within a second or two the challenges are withdrawn
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let ann_sees = request(
        h.http,
        "GET",
        "/api/challenges",
        &[("Cookie", &_ann.cookie)],
        "",
    )
    .await;
    let states: Vec<&str> = ann_sees.body["incoming"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["state"].as_str().unwrap())
        .collect();
    assert!(
        !states.is_empty() && states.iter().all(|s| *s == "withdrawn"),
        "{}",
        ann_sees.body
    );
    let late = _ann
        .post(
            h.http,
            &format!("/api/challenges/{}/accept", ids[1]),
            &json!({}),
        )
        .await;
    assert_eq!(late.status, 404, "{}", late.body);
    // a program's challenge nobody answers expires: the program is told
    let told = answer_to(
        h.tcp,
        &json!({"token": robo, "challenge": "ann", "game": "q"}),
        30,
    )
    .await;
    assert!(
        told.contains("did not answer your challenge in time"),
        "{told}"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_challenge_is_accepted_once_its_bot_waits_in_the_queue() {
    let h = TestHost::start(config()).await;
    let robo = common::bot_token(h.http, "robo").await;
    let pat = register(h.http, "pat", "person").await;
    let id = persons_challenge(&h, &pat, &json!({"to": "robo", "game": "q", "rated": true})).await;
    // robo's program asks for a rated game of Q: it takes pat's challenge
    let queued = program(
        h.tcp,
        Join::Account {
            game: "q".into(),
            token: robo,
            rated: true,
            players: 2,
            again: false,
        },
        "q",
    );
    let mut state = Value::Null;
    for _ in 0..100 {
        state = pat.get(h.http, &format!("/api/challenges/{id}")).await.body;
        if state["state"] != "waiting" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(state["state"], "started", "{state}");
    let game = state["game_id"].as_u64().unwrap();
    // (the table is not held: the host's stop waits for its tables)
    let mut names: Vec<String> = h
        .host
        .table(tessera_server::store::GameId(game))
        .expect("the game")
        .state()
        .seats
        .iter()
        .map(|s| s.name.clone())
        .collect();
    names.sort();
    assert_eq!(names, ["pat", "robo"]);
    queued.abort();
    h.stop().await;
}

/// A challenge with a clock of the game: the challenged sees it (`time_control`), and the
/// game it opens has the clock; a program's sign-up may ask for one too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_with_a_clock_of_the_game_opens_a_game_with_it() {
    let h = TestHost::start(config()).await;
    let pat = register(h.http, "pat", "person").await;
    let ann = register(h.http, "ann", "person").await;
    let body = json!({"to": "ann", "game": "q", "time_control": "5+3"});
    let id = persons_challenge(&h, &pat, &body).await;
    let seen = ann.get(h.http, "/api/challenges").await;
    let c = &seen.body["incoming"][0];
    assert_eq!(c["id"], id, "{}", seen.body);
    assert_eq!(c["time_control"], "5+3", "{c}");
    assert_eq!(c["clock_s"], Value::Null, "{c}");
    // pat's page keeps asking while ann accepts
    let keep = {
        let (addr, cookie) = (h.http, pat.cookie.clone());
        tokio::spawn(async move {
            loop {
                request(addr, "GET", "/api/challenges", &[("Cookie", &cookie)], "").await;
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        })
    };
    let a = ann
        .post(h.http, &format!("/api/challenges/{id}/accept"), &json!({}))
        .await;
    keep.abort();
    assert_eq!(a.status, 200, "{}", a.body);
    let game = a.body["game_id"].as_u64().unwrap();
    let token = a.body["token"].as_str().unwrap();
    let (_, state) = h.get(&format!("/api/games/{game}?token={token}")).await;
    assert_eq!(
        state["game_clock"],
        json!({"total_ms": 300_000, "increment_ms": 3000, "left_ms": [300_000, 300_000]}),
        "{state}"
    );
    // a program asks with its sign-up: a bad time control is refused in words
    let robo = common::bot_token(h.http, "robo").await;
    let refused = answer_to(
        h.tcp,
        &json!({"token": robo, "challenge": "ann", "game": "q", "time_control": "0.1+0"}),
        10,
    )
    .await;
    assert!(refused.contains("not offered"), "{refused}");
    h.stop().await;
}
