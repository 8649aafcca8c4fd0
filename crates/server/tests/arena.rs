//! The arena over its real doors: accounts and sessions over HTTP (cookies, CSRF, the
//! login limiter), bot accounts' API tokens over TCP, matchmaking, rated games against
//! the house levels and between accounts, ratings stored with the games and recomputed
//! from them, and the seats of rated games kept to their accounts.

use crate::common;
use tessera_server::store::GameId;

use common::{login_of, next_json, register, request, Login, TestHost};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tessera_server::vocab::config::Config;
use tessera_tcp::client::{self, Join};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn arena_config() -> Config {
    Config {
        arena_house_after: Duration::from_millis(300),
        ..common::test_config()
    }
}

/// A bot account and one API token of it.
async fn bot_with_token(addr: SocketAddr, name: &str) -> (Login, String, u64) {
    let bot = register(addr, name, "bot").await;
    let t = bot
        .post(addr, "/api/tokens", &json!({"label": "test"}))
        .await;
    assert_eq!(t.status, 200, "{}", t.body);
    let token = t.body["token"].as_str().unwrap().to_string();
    (bot, token, t.body["id"].as_u64().unwrap())
}

/// What a TCP sign-up is answered with first.
async fn first_answer(tcp: SocketAddr, signup: &Value) -> String {
    let mut s = tokio::net::TcpStream::connect(tcp).await.unwrap();
    s.write_all(signup.to_string().as_bytes()).await.unwrap();
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(20), s.read(&mut buf))
        .await
        .expect("an answer in time")
        .unwrap();
    String::from_utf8_lossy(&buf[..n]).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_sessions_and_cross_site_requests() {
    let h = TestHost::start(arena_config()).await;
    let alice = register(h.http, "alice", "person").await;
    let me = alice.get(h.http, "/api/me").await;
    assert_eq!(me.status, 200);
    assert_eq!(me.body["name"], "alice");
    assert_eq!(me.body["kind"], "person");
    // no cookie: a guest
    let guest = request(h.http, "GET", "/api/me", &[], "").await;
    assert_eq!(guest.status, 401);
    // names are unique whatever their case; bad names and passwords are refused
    for (name, pw, status) in [
        ("ALICE", "correct horse", 409),
        ("x", "correct horse", 400),
        ("bob smith", "correct horse", 400),
        ("level3", "correct horse", 400),
        ("bob", "short", 400),
    ] {
        let a = request(
            h.http,
            "POST",
            "/api/account/register",
            &[],
            &json!({"name": name, "password": pw}).to_string(),
        )
        .await;
        assert_eq!(a.status, status, "{name}: {}", a.body);
        assert!(a.body["error"].is_string());
    }
    // a change without the CSRF header, as text/plain (a cross-site form), or from
    // another origin is refused
    let body = json!({"game": "q", "players": 2}).to_string();
    let refused: [&[(&str, &str)]; 3] = [
        &[("Cookie", &alice.cookie)],
        &[
            ("Cookie", &alice.cookie),
            ("X-Tessera-CSRF", &alice.csrf),
            ("Content-Type", "text/plain"),
        ],
        &[
            ("Cookie", &alice.cookie),
            ("X-Tessera-CSRF", &alice.csrf),
            ("Origin", "http://evil.example"),
        ],
    ];
    for headers in refused {
        let a = request(h.http, "POST", "/api/arena/queue", headers, &body).await;
        assert_eq!(a.status, 403, "{headers:?}: {}", a.body);
    }
    assert_eq!(tessera_server::concerns::arena::arena_queued(&h.host), 0);
    // the same error for an unknown name and a wrong password
    let wrong = request(
        h.http,
        "POST",
        "/api/account/login",
        &[],
        &json!({"name": "alice", "password": "wrong horse"}).to_string(),
    )
    .await;
    let unknown = request(
        h.http,
        "POST",
        "/api/account/login",
        &[],
        &json!({"name": "nobody", "password": "wrong horse"}).to_string(),
    )
    .await;
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert_eq!(wrong.body, unknown.body);
    assert_eq!(wrong.body["error"], "wrong name or password");
    // a login, then a logout ends that session only
    let again = login_of(
        &request(
            h.http,
            "POST",
            "/api/account/login",
            &[],
            &json!({"name": "Alice", "password": "correct horse"}).to_string(),
        )
        .await,
    );
    assert_ne!(again.cookie, alice.cookie);
    let out = alice.post(h.http, "/api/account/logout", &json!({})).await;
    assert_eq!(out.status, 204);
    assert_eq!(alice.get(h.http, "/api/me").await.status, 401);
    assert_eq!(again.get(h.http, "/api/me").await.status, 200);
    // a person has no API tokens
    let t = again
        .post(h.http, "/api/tokens", &json!({"label": "x"}))
        .await;
    assert_eq!(t.status, 403, "{}", t.body);
    // a guest's seat cannot take an account's name; the account's own session can
    let table = json!({"game": "q", "seats": [
        {"kind": "human", "name": "alice"}, {"kind": "bot", "spec": "dag"}]});
    let (status, body) = common::http(h.http, "POST", "/api/games", &table.to_string()).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("looks like the account alice's; sign in to play as alice"));
    let own = again.post(h.http, "/api/games", &table).await;
    assert_eq!(own.status, 200, "{}", own.body);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logins_are_rate_limited_per_name() {
    let h = TestHost::start(arena_config()).await;
    register(h.http, "carol", "person").await;
    let try_login = |pw: &'static str| {
        let addr = h.http;
        async move {
            request(
                addr,
                "POST",
                "/api/account/login",
                &[],
                &json!({"name": "carol", "password": pw}).to_string(),
            )
            .await
        }
    };
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(try_login("wrong horse").await.status);
    }
    assert_eq!(&statuses[..5], &[401; 5], "{statuses:?}");
    assert_eq!(statuses[5], 429, "{statuses:?}");
    // the right password is refused too while limited
    let limited = try_login("correct horse").await;
    assert_eq!(limited.status, 429);
    assert!(limited.body["retry_after_ms"].as_u64().unwrap() > 0);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_revoked_and_borrowed_tokens_are_refused() {
    let h = TestHost::start(arena_config()).await;
    let wrong = first_answer(
        h.tcp,
        &json!({"token": "tsr_nothing", "game": "q", "rated": true}),
    )
    .await;
    assert!(wrong.contains("unknown or revoked API token"), "{wrong}");
    let (bot, token, id) = bot_with_token(h.http, "robo").await;
    // the token's account, not another name
    let other = first_answer(
        h.tcp,
        &json!({"token": token, "name": "mallory", "game": "q", "rated": true}),
    )
    .await;
    assert!(other.contains("robo"), "{other}");
    // a tokenless sign-up under the account's name
    let taken = first_answer(h.tcp, &json!({"name": "robo", "game": "q"})).await;
    assert!(taken.contains("belongs to an account"), "{taken}");
    // rated needs a token
    let tokenless = first_answer(h.tcp, &json!({"name": "zed", "game": "q", "rated": true})).await;
    assert!(tokenless.contains("token"), "{tokenless}");
    // the token lists, then is revoked, and is refused at once
    let list = bot.get(h.http, "/api/tokens").await;
    assert_eq!(list.body.as_array().unwrap().len(), 1, "{}", list.body);
    assert!(
        !list.body.to_string().contains(&token),
        "tokens are shown once"
    );
    let r = bot.delete(h.http, &format!("/api/tokens/{id}")).await;
    assert_eq!(r.status, 204, "{}", r.body);
    let revoked = first_answer(h.tcp, &json!({"token": token, "game": "q", "rated": true})).await;
    assert!(
        revoked.contains("unknown or revoked API token"),
        "{revoked}"
    );
    h.stop().await;
}

/// Plays one rated game of Q as the bot account of `token`; returns whether it won.
async fn rated_game(tcp: SocketAddr, token: &str) -> bool {
    let join = Join::Account {
        game: "q".into(),
        token: token.into(),
        rated: true,
        players: 2,
        again: false,
    };
    let registry = tessera_games::Registry::standard();
    let bot = registry.find("q").unwrap().wire_bot("greedy").unwrap();
    let f = tokio::time::timeout(
        Duration::from_secs(120),
        client::play_on(
            &|| tcp,
            &join,
            "greedy",
            bot,
            Duration::ZERO,
            Duration::ZERO,
        ),
    )
    .await
    .expect("the rated game ends in time")
    .expect("the bot plays its rated game");
    f.won
}

/// The account's rating row for Q two-player games (waits for the rating to be stored).
async fn q_rating(h: &TestHost, name: &str, games: u64) -> Value {
    for _ in 0..100 {
        let (status, page) =
            common::http(h.http, "GET", &format!("/api/accounts/{name}"), "").await;
        assert_eq!(status, 200, "{page}");
        if let Some(r) = page["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["game"] == "q" && r["pool"] == "duel" && r["games"] == games)
        {
            return r.clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{name} has no rating after {games} games");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_with_a_token_is_matched_twice_and_its_rating_moves() {
    let h = TestHost::start(arena_config()).await;
    let (_bot, token, _) = bot_with_token(h.http, "robo").await;
    rated_game(h.tcp, &token).await;
    let first = q_rating(&h, "robo", 1).await;
    assert_ne!(first["rating"], json!(1500.0), "{first}");
    rated_game(h.tcp, &token).await;
    let second = q_rating(&h, "robo", 2).await;
    assert_ne!(second["rating"], first["rating"]);
    assert!(second["deviation"].as_f64().unwrap() < first["deviation"].as_f64().unwrap());
    // each change goes the way of the result: up for a better place, down for a worse
    let (_, page) = common::http(h.http, "GET", "/api/accounts/robo", "").await;
    for row in page["history"].as_array().unwrap() {
        let id = row["game_id"].as_u64().unwrap();
        let (_, rated) = common::http(h.http, "GET", &format!("/api/games/{id}/rated"), "").await;
        let rows = rated.as_array().unwrap();
        let mine = rows.iter().find(|r| r["name"] == "robo").unwrap();
        let theirs = rows.iter().find(|r| r["name"] != "robo").unwrap();
        let change = mine["change"].as_f64().unwrap();
        match mine["rank"].as_u64().cmp(&theirs["rank"].as_u64()) {
            std::cmp::Ordering::Less => assert!(change > 0.0, "{rated}"),
            std::cmp::Ordering::Greater => assert!(change < 0.0, "{rated}"),
            std::cmp::Ordering::Equal => {}
        }
    }
    // the history lists both games, each with its change, and each game its rating rows
    let (_, page) = common::http(h.http, "GET", "/api/accounts/robo", "").await;
    let history = page["history"].as_array().unwrap();
    assert_eq!(history.len(), 2, "{page}");
    // its record against the house levels it met adds up to its games, each as it went
    let record = page["house"].as_array().unwrap();
    let sum = |k: &str| record.iter().map(|r| r[k].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("won") + sum("lost") + sum("drawn"), 2, "{page}");
    let won = history
        .iter()
        .filter(|x| x["rank"].as_u64() < x["opponents"][0]["rank"].as_u64())
        .count() as u64;
    assert_eq!(sum("won"), won, "{page}");
    for r in record {
        assert_eq!(r["game"], "q", "{page}");
        let level = r["level"].as_str().unwrap();
        assert!(
            history
                .iter()
                .any(|x| x["opponents"][0]["name"].as_str() == Some(level)),
            "{level} was met: {page}"
        );
    }
    let game_id = history[0]["game_id"].as_u64().unwrap();
    let (_, rated) = common::http(h.http, "GET", &format!("/api/games/{game_id}/rated"), "").await;
    let rows = rated.as_array().unwrap();
    assert_eq!(rows.len(), 2, "{rated}");
    let house = rows
        .iter()
        .find(|r| r["house"].is_string())
        .expect("a house level");
    assert_eq!(
        house["change"],
        json!(0.0),
        "an anchor does not move: {rated}"
    );
    // the leaderboard lists the bot among the house levels
    let (_, board) = common::http(h.http, "GET", "/api/leaderboard/q?pool=duel", "").await;
    let names: Vec<&str> = board
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"robo") && names.contains(&"level:1"),
        "{board}"
    );
    // every rating recomputed from the stored rated games is the stored one
    let replay = tessera_server::concerns::arena::recompute_ratings(&h.host)
        .await
        .unwrap();
    assert!(replay.mismatches.is_empty(), "{:?}", replay.mismatches);
    assert_eq!(replay.table.len(), 1);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_in_the_queue_play_each_other() {
    let config = Config {
        arena_house_after: Duration::from_secs(3600),
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let (_a, ta, _) = bot_with_token(h.http, "alpha").await;
    let (_b, tb, _) = bot_with_token(h.http, "beta").await;
    let (wa, wb) = tokio::join!(rated_game(h.tcp, &ta), rated_game(h.tcp, &tb));
    let (ra, rb) = (
        q_rating(&h, "alpha", 1).await,
        q_rating(&h, "beta", 1).await,
    );
    if wa != wb {
        // one won: the winner's gain is the loser's loss (same rating and deviation)
        let (ga, gb) = (
            ra["rating"].as_f64().unwrap() - 1500.0,
            rb["rating"].as_f64().unwrap() - 1500.0,
        );
        assert!((ga + gb).abs() <= 1.0, "{ra} {rb}");
    }
    let (_, page) = common::http(h.http, "GET", "/api/accounts/alpha", "").await;
    let id = page["history"][0]["game_id"].as_u64().unwrap();
    // the account's page names the opponent of each rated game, with its place
    let opponents = page["history"][0]["opponents"].as_array().unwrap();
    assert_eq!(opponents.len(), 1, "{page}");
    assert_eq!(opponents[0]["name"], "beta");
    assert_eq!(opponents[0]["house"], false);
    let (mine, theirs) = (
        page["history"][0]["rank"].as_u64(),
        opponents[0]["rank"].as_u64(),
    );
    assert_eq!(
        mine == theirs,
        wa == wb,
        "ranks {mine:?} and {theirs:?}: {page}"
    );
    let (_, rated) = common::http(h.http, "GET", &format!("/api/games/{id}/rated"), "").await;
    let names: Vec<&str> = rated
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"alpha") && names.contains(&"beta"),
        "{rated}"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_seat_is_played_by_its_account_only() {
    let config = Config {
        arena_house_after: Duration::from_millis(200),
        bot_delay_ms: 0,
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let dana = register(h.http, "dana", "person").await;
    let eve = register(h.http, "eve", "person").await;
    let q = dana
        .post(
            h.http,
            "/api/arena/queue",
            &json!({"game": "q", "players": 2}),
        )
        .await;
    assert_eq!(q.status, 200, "{}", q.body);
    // the match reaches dana, and only her
    let (id, token) = matched(&h, &dana).await;
    let seen = eve.get(h.http, "/api/arena/queue").await;
    assert!(!seen.body.to_string().contains(&token));
    let (_, state) = common::http(h.http, "GET", &format!("/api/games/{id}"), "").await;
    assert_eq!(state["rated"], true, "{state}");
    // the Arena's Q is the game people get from the New game form: the boxed game's 3
    // copies of each tile, not the course's 30
    assert_eq!(state["rules"]["copies"], 3, "{}", state["rules"]);
    // no hints in a rated game
    let hint = request(
        h.http,
        "POST",
        &format!("/api/games/{id}/hint"),
        &[("Cookie", &dana.cookie)],
        &json!({"token": token}).to_string(),
    )
    .await;
    assert_eq!(hint.status, 400, "{}", hint.body);
    assert!(hint.body["error"].as_str().unwrap().contains("rated"));
    // the token without dana's session: refused over WebSocket and HTTP, her view
    // included (it holds her tiles)
    let view = format!("/api/games/{id}?token={token}");
    let (code, body) = common::http(h.http, "GET", &view, "").await;
    assert_eq!(code, 403, "a rated seat's view without a session: {body}");
    let theirs = request(h.http, "GET", &view, &[("Cookie", &eve.cookie)], "").await;
    assert_eq!(theirs.status, 403, "{}", theirs.body);
    let hers = request(h.http, "GET", &view, &[("Cookie", &dana.cookie)], "").await;
    assert_eq!(hers.status, 200, "{}", hers.body);
    assert!(hers.body["view"].is_object(), "{}", hers.body);
    let hint = request(
        h.http,
        "POST",
        &format!("/api/games/{id}/hint"),
        &[("Cookie", &eve.cookie)],
        &json!({"token": token}).to_string(),
    )
    .await;
    assert_eq!(hint.status, 403, "{}", hint.body);
    let url = format!("ws://{}/api/games/{id}/ws?token={token}", h.http);
    assert!(tokio_tungstenite::connect_async(url.as_str())
        .await
        .is_err());
    let mut with_eve = url.as_str().into_client_request_with_cookie(&eve.cookie);
    assert!(tokio_tungstenite::connect_async(with_eve.take().unwrap())
        .await
        .is_err());
    let resign = request(
        h.http,
        "POST",
        &format!("/api/games/{id}/resign"),
        &[("Cookie", &eve.cookie)],
        &json!({"token": token}).to_string(),
    )
    .await;
    assert_eq!(resign.status, 403, "{}", resign.body);
    // with her session, she plays (and resigns: a rated loss)
    let mut mine = url.as_str().into_client_request_with_cookie(&dana.cookie);
    let (mut ws, _) = tokio_tungstenite::connect_async(mine.take().unwrap())
        .await
        .expect("dana's own seat");
    assert!(next_json(&mut ws).await.is_some());
    let resign = request(
        h.http,
        "POST",
        &format!("/api/games/{id}/resign"),
        &[("Cookie", &dana.cookie)],
        &json!({"token": token}).to_string(),
    )
    .await;
    assert_eq!(resign.status, 200, "{}", resign.body);
    let r = q_rating(&h, "dana", 1).await;
    assert!(r["rating"].as_f64().unwrap() < 1500.0, "{r}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_queue_caps_tickets_per_account_and_lets_idle_ones_lapse() {
    let config = Config {
        arena_house_after: Duration::from_secs(3600),
        arena_per_account: 2,
        arena_ticket_idle: Duration::from_millis(600),
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let fred = register(h.http, "fred", "person").await;
    for game in ["q", "triominos"] {
        let a = fred
            .post(
                h.http,
                "/api/arena/queue",
                &json!({"game": game, "players": 2}),
            )
            .await;
        assert_eq!(a.status, 200, "{}", a.body);
    }
    let third = fred
        .post(
            h.http,
            "/api/arena/queue",
            &json!({"game": "akropolis", "players": 2}),
        )
        .await;
    assert_eq!(third.status, 429, "{}", third.body);
    let bad = fred
        .post(
            h.http,
            "/api/arena/queue",
            &json!({"game": "q", "players": 9}),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert_eq!(tessera_server::concerns::arena::arena_queued(&h.host), 2);
    // the page stops asking: the tickets lapse
    let mut left = usize::MAX;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        left = tessera_server::concerns::arena::arena_queued(&h.host);
        if left == 0 {
            break;
        }
    }
    assert_eq!(left, 0);
    h.stop().await;
}

/// The first match of a person's queue (polls as the page does): its game and token.
async fn matched(h: &TestHost, who: &Login) -> (u64, String) {
    for _ in 0..100 {
        let s = who.get(h.http, "/api/arena/queue").await;
        if let Some(m) = s.body["matched"].as_array().and_then(|m| m.first()) {
            return (
                m["game_id"].as_u64().unwrap(),
                m["token"].as_str().unwrap().to_string(),
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no match within 10 s");
}

/// A WebSocket request with a cookie.
trait WithCookie {
    fn into_client_request_with_cookie(
        self,
        cookie: &str,
    ) -> Option<tokio_tungstenite::tungstenite::handshake::client::Request>;
}

impl WithCookie for &str {
    fn into_client_request_with_cookie(
        self,
        cookie: &str,
    ) -> Option<tokio_tungstenite::tungstenite::handshake::client::Request> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut r = self.into_client_request().ok()?;
        r.headers_mut().insert("cookie", cookie.parse().ok()?);
        Some(r)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_leaves_its_rated_games_loses_them_and_is_marked() {
    let config = Config {
        arena_house_after: Duration::from_millis(200),
        arena_mark_after: 1,
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let (_bot, token, _) = bot_with_token(h.http, "quitter").await;
    // it signs up, hears its first call, and leaves
    let mut s = tokio::net::TcpStream::connect(h.tcp).await.unwrap();
    let signup = json!({"token": token, "game": "q", "rated": true, "players": 2});
    s.write_all(signup.to_string().as_bytes()).await.unwrap();
    let mut buf = vec![0u8; 65536];
    let n = tokio::time::timeout(Duration::from_secs(30), s.read(&mut buf))
        .await
        .expect("a call in time")
        .unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).contains("setup"));
    drop(s);
    let r = q_rating(&h, "quitter", 1).await;
    assert!(r["rating"].as_f64().unwrap() < 1500.0, "a loss: {r}");
    let mut page = Value::Null;
    for _ in 0..50 {
        page = common::http(h.http, "GET", "/api/accounts/quitter", "")
            .await
            .1;
        if page["marked"] == true {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(page["marked"], true, "{page}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_stays_rated_over_a_restart() {
    let config = || Config {
        arena_house_after: Duration::from_millis(200),
        bot_delay_ms: 0,
        ..common::test_config()
    };
    let h = TestHost::start(config()).await;
    let gil = register(h.http, "gil", "person").await;
    let q = gil
        .post(
            h.http,
            "/api/arena/queue",
            &json!({"game": "q", "players": 2}),
        )
        .await;
    assert_eq!(q.status, 200, "{}", q.body);
    let (id, token) = matched(&h, &gil).await;
    // the host stops with the game in progress (it pauses), and starts again
    let db = h.stop_keeping().await;
    let h = TestHost::on(tessera_games::Registry::standard(), config(), db).await;
    tessera_server::concerns::recovery::resume_unfinished(&h.host)
        .await
        .unwrap();
    let (_, state) = common::http(h.http, "GET", &format!("/api/games/{id}"), "").await;
    assert_eq!(state["rated"], true, "{state}");
    // the session and the seat's keeper survived too: a guest with the token is refused,
    // gil resigns, and the game is rated
    let stranger = request(
        h.http,
        "POST",
        &format!("/api/games/{id}/resign"),
        &[],
        &json!({"token": token}).to_string(),
    )
    .await;
    assert_eq!(stranger.status, 403, "{}", stranger.body);
    let resign = request(
        h.http,
        "POST",
        &format!("/api/games/{id}/resign"),
        &[("Cookie", &gil.cookie)],
        &json!({"token": token}).to_string(),
    )
    .await;
    assert_eq!(resign.status, 200, "{}", resign.body);
    let r = q_rating(&h, "gil", 1).await;
    assert!(r["rating"].as_f64().unwrap() < 1500.0, "{r}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_stays_connected_for_rated_game_after_rated_game() {
    let h = TestHost::start(arena_config()).await;
    let (_bot, token, _) = bot_with_token(h.http, "stayer").await;
    let join = Join::Account {
        game: "q".into(),
        token: token.clone(),
        rated: true,
        players: 2,
        again: true,
    };
    let registry = tessera_games::Registry::standard();
    let bot = registry.find("q").unwrap().wire_bot("greedy").unwrap();
    let tcp = h.tcp;
    let done = tokio::time::timeout(
        Duration::from_secs(120),
        client::play_games(
            &|| tcp,
            &join,
            "greedy",
            bot,
            Duration::ZERO,
            Duration::ZERO,
            3,
        ),
    )
    .await
    .expect("three games in time")
    .expect("three rated games on one connection");
    assert_eq!(done.len(), 3);
    let r = q_rating(&h, "stayer", 3).await;
    assert_eq!(r["games"], 3, "{r}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn revoking_a_token_drops_the_account_s_waiting_programs_at_once() {
    let config = Config {
        arena_house_after: Duration::from_secs(3600),
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let (bot, token, id) = bot_with_token(h.http, "waiter").await;
    let mut s = tokio::net::TcpStream::connect(h.tcp).await.unwrap();
    let signup = json!({"token": token, "game": "q", "rated": true, "again": true});
    s.write_all(signup.to_string().as_bytes()).await.unwrap();
    for _ in 0..100 {
        if tessera_server::concerns::arena::arena_queued(&h.host) == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(tessera_server::concerns::arena::arena_queued(&h.host), 1);
    let r = bot.delete(h.http, &format!("/api/tokens/{id}")).await;
    assert_eq!(r.status, 204, "{}", r.body);
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(5), s.read(&mut buf))
        .await
        .expect("told at once")
        .unwrap();
    let said = String::from_utf8_lossy(&buf[..n]);
    assert!(said.contains("revoked"), "{said}");
    assert_eq!(tessera_server::concerns::arena::arena_queued(&h.host), 0);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_nobody_fetches_is_forgotten() {
    let config = Config {
        arena_house_after: Duration::from_millis(100),
        arena_matched_expiry: Duration::from_millis(300),
        bot_delay_ms: 0,
        ..common::test_config()
    };
    let h = TestHost::start(config).await;
    let ida = register(h.http, "ida", "person").await;
    let q = ida
        .post(
            h.http,
            "/api/arena/queue",
            &json!({"game": "q", "players": 2}),
        )
        .await;
    assert_eq!(q.status, 200, "{}", q.body);
    // the match is there for the page that asks in time ...
    matched(&h, &ida).await;
    // ... and forgotten after the expiry (the game goes on; the person-idle rule ends it)
    let mut left = Value::Null;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        left = ida.get(h.http, "/api/arena/queue").await.body;
        if left["matched"].as_array().is_some_and(|m| m.is_empty()) {
            break;
        }
    }
    assert_eq!(left["matched"], json!([]), "{left}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_challenges_a_bot_waiting_in_the_queue_from_its_page() {
    // the house is kept away: the bot waits until somebody challenges it
    let h = TestHost::start(Config {
        arena_house_after: Duration::from_secs(3600),
        ..common::test_config()
    })
    .await;
    let (_bot, token, _) = bot_with_token(h.http, "robo").await;
    let pat = register(h.http, "pat", "person").await;
    let body = json!({"name": "robo", "game": "q", "players": 2});
    let challenge = || pat.post(h.http, "/api/arena/challenge", &body);
    // not waiting yet: said so
    let early = challenge().await;
    assert_eq!(early.status, 404, "{}", early.body);
    let tcp = h.tcp;
    let bot = tokio::spawn(async move {
        let join = Join::Account {
            game: "q".into(),
            token,
            rated: true,
            players: 2,
            again: false,
        };
        let bot = tessera_games::Registry::standard()
            .find("q")
            .unwrap()
            .wire_bot("greedy")
            .unwrap();
        // (a person's resignation ends the game without a `win` call: the result is read
        // from the store below)
        let _ = client::play_on(
            &|| tcp,
            &join,
            "greedy",
            bot,
            Duration::ZERO,
            Duration::ZERO,
        )
        .await;
    });
    let asked = loop {
        let a = challenge().await;
        if a.status == 200 {
            break a;
        }
        assert_eq!(a.status, 404, "{}", a.body);
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let id = asked.body["game_id"].as_u64().unwrap();
    let pat_token = asked.body["token"].as_str().unwrap().to_string();
    let players = h
        .host
        .table(GameId(id))
        .expect("the game")
        .state()
        .seats
        .iter()
        .map(|s| s.name.clone())
        .collect::<Vec<_>>();
    assert!(
        players.contains(&"pat".to_string()) && players.contains(&"robo".to_string()),
        "{players:?}"
    );
    // once the game runs (its first turn asked), pat resigns: the bot wins its rated game
    common::turns::until(&h, &pat, id, &pat_token, 30, |s| s["to_move"].is_u64()).await;
    let r = pat
        .post(
            h.http,
            &format!("/api/games/{id}/resign"),
            &json!({ "token": pat_token }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let _ = tokio::time::timeout(Duration::from_secs(60), bot).await;
    let g = common::stored_when(h.db.to_str().unwrap(), id, 30, |g| {
        g.summary.status != tessera_server::store::GameStatus::Running
    })
    .await;
    assert_eq!(g.summary.winners, vec!["robo".to_string()], "{}", g.result);
    let robo = q_rating(&h, "robo", 1).await;
    assert!(robo["rating"].as_f64().unwrap() > 1500.0, "{robo}");
    h.stop().await;
}
