//! Turn-based games (days per move) over the host's real doors: made by an account for
//! accounts (invited: `invitations.rs`) and bots, not aborted as idle while a person
//! plays, the clock rule past a turn's deadline, the
//! deadline stored (a restart, a takeover by another node on PostgreSQL, a host down past
//! it), the inbox, the caps with their refusals, and the email of a turn that waited,
//! received by an SMTP server of the test's own.

use crate::common;
use tessera_server::store::GameId;

use common::smtp::smtp_sink;
use common::turns::{
    against_a_bot, answer, inbox, log_text, play_first_legal, resign, started, state, until,
};
use common::{register, TestHost};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tessera_server::vocab::config::{Config, MailConfig, MailTls};

/// A host where an idle person's live game is aborted at once, and a turn-based day is
/// `day`.
fn config(day: Duration) -> Config {
    Config {
        person_idle: Duration::from_millis(300),
        turn_day: day,
        bot_delay_ms: 0,
        ..common::test_config()
    }
}

const HOUR: Duration = Duration::from_secs(3600);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_based_game_is_never_aborted_as_idle_and_waits_in_the_inbox() {
    let h = TestHost::start(config(HOUR)).await;
    let ann = register(h.http, "ann", "person").await;
    let (id, token) = against_a_bot(&h, &ann, 2).await;
    let s = until(&h, &ann, id, &token, 30, |s| s["to_move"] == 0).await;
    // far longer than an idle person's live game lasts here
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let s2 = state(&h, &ann, id, &token).await;
    assert_eq!(s2["status"], "running", "{s2}");
    assert_eq!(
        (s2["to_move"].clone(), s2["moves"].clone()),
        (json!(0), s["moves"].clone())
    );
    assert_eq!(s2["days"], 2);
    assert_eq!(s2["clock_ms"], 2 * 3_600_000);
    let deadline = s2["deadline"].as_i64().unwrap();
    let turn_ms = s2["turn_ms"].as_i64().unwrap();
    assert!(turn_ms >= 1500, "{s2}");

    let list = inbox(&h, &ann).await;
    assert_eq!(list["waiting"], 1, "{list}");
    let g = &list["games"][0];
    assert_eq!(
        (
            g["id"].as_u64(),
            g["your_turn"].as_bool(),
            g["days"].as_u64()
        ),
        (Some(id), Some(true), Some(2))
    );
    assert_eq!(g["deadline"].as_i64(), Some(deadline));
    assert_eq!(deadline - g["since"].as_i64().unwrap(), 2 * 3_600_000);
    assert_eq!(
        g["token"],
        token.as_str(),
        "the inbox hands the seat's token"
    );
    assert_eq!(g["players"], json!(["ann", "greedy"]));
    assert!(list["now"].as_i64().unwrap() < deadline);

    // the seat is the account's: its token alone, or another account's session, is refused
    let bare = common::request(
        h.http,
        "GET",
        &format!("/api/games/{id}?token={token}"),
        &[],
        "",
    )
    .await;
    assert_eq!(bare.status, 403, "{}", bare.body);
    let bob = register(h.http, "bob", "person").await;
    let other = bob
        .get(h.http, &format!("/api/games/{id}?token={token}"))
        .await;
    assert_eq!(other.status, 403, "{}", other.body);
    assert_eq!(inbox(&h, &bob).await["games"], json!([]));
    // a guest makes no turn-based game, and days are 1, 2, 3 or 7
    let guest = common::request(
        h.http,
        "POST",
        "/api/games",
        &[],
        &json!({"game": "triominos", "seats": [{"kind": "human"}], "days": 1}).to_string(),
    )
    .await;
    assert_eq!(guest.status, 401, "{}", guest.body);
    assert_eq!(
        guest.body["error"],
        "a turn-based game is made by an account: log in first"
    );
    let odd = ann
        .post(
            h.http,
            "/api/games",
            &json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "bot"}], "days": 5}),
        )
        .await;
    assert_eq!(odd.status, 400, "{}", odd.body);
    assert!(
        odd.body["error"].as_str().unwrap().contains("1, 2, 3 or 7"),
        "{}",
        odd.body
    );
    let no_inbox = common::request(h.http, "GET", "/api/turns", &[], "").await;
    assert_eq!(no_inbox.status, 401);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_its_deadline_the_house_plays_the_turn_and_the_person_stays() {
    let h = TestHost::start(config(Duration::from_millis(1500))).await;
    let ann = register(h.http, "ann", "person").await;
    let (id, token) = against_a_bot(&h, &ann, 1).await;
    let s = until(&h, &ann, id, &token, 30, |s| s["to_move"] == 0).await;
    let deadline = s["deadline"].as_i64().unwrap();
    let moves = s["moves"].as_u64().unwrap();
    let after = until(&h, &ann, id, &token, 30, |t| {
        t["moves"].as_u64() > Some(moves)
    })
    .await;
    assert!(tessera_server::store::now_ms() >= deadline);
    assert_eq!(after["status"], "running", "{after}");
    assert!(
        log_text(&after)
            .contains("ann ran out of time (1 day per move): the house plays this turn for them"),
        "{after}"
    );
    // ann's next turn has a deadline of its own
    let next = until(&h, &ann, id, &token, 30, |t| {
        t["to_move"] == 0 && t["deadline"].as_i64() > Some(deadline)
    })
    .await;
    assert_eq!(next["status"], "running");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_days_away_is_the_same_after_a_restart() {
    let h = TestHost::start(config(HOUR)).await;
    let ann = register(h.http, "ann", "person").await;
    let (id, token) = against_a_bot(&h, &ann, 7).await;
    let before = until(&h, &ann, id, &token, 30, |s| s["to_move"] == 0).await;
    let deadline = before["deadline"].as_i64().unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let db = h.stop_keeping().await;
    let h = TestHost::on(tessera_games::Registry::standard(), config(HOUR), db).await;
    tessera_server::concerns::recovery::resume_unfinished(&h.host)
        .await
        .unwrap();
    // the session outlived the restart too
    let after = until(&h, &ann, id, &token, 30, |s| s["to_move"] == 0).await;
    assert_eq!(after["deadline"].as_i64(), Some(deadline), "{after}");
    assert_eq!(after["moves"], before["moves"]);
    assert!(
        after["turn_ms"].as_i64().unwrap() >= 300,
        "counted from the turn's start: {after}"
    );
    let list = inbox(&h, &ann).await;
    assert_eq!(list["games"][0]["deadline"].as_i64(), Some(deadline));
    assert_eq!(list["waiting"], 1);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_down_past_a_deadline_plays_that_turn_as_it_starts_again() {
    let day = Duration::from_secs(4);
    let h = TestHost::start(config(day)).await;
    let ann = register(h.http, "ann", "person").await;
    let (id, token) = against_a_bot(&h, &ann, 1).await;
    let before = until(&h, &ann, id, &token, 30, |s| s["to_move"] == 0).await;
    let deadline = before["deadline"].as_i64().unwrap();
    let db = h.stop_keeping().await;
    let wait = deadline - tessera_server::store::now_ms() + 300;
    tokio::time::sleep(Duration::from_millis(wait.max(0) as u64)).await;
    let h = TestHost::on(tessera_games::Registry::standard(), config(day), db).await;
    let started = Instant::now();
    tessera_server::concerns::recovery::resume_unfinished(&h.host)
        .await
        .unwrap();
    let moves = before["moves"].as_u64().unwrap();
    let after = until(&h, &ann, id, &token, 30, |t| {
        t["moves"].as_u64() > Some(moves)
    })
    .await;
    // a clock started again would have waited a whole day (4 s)
    assert!(
        started.elapsed() < Duration::from_millis(2500),
        "{:?}",
        started.elapsed()
    );
    assert!(log_text(&after).contains("ran out of time"), "{after}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_are_seated_by_name_and_play_from_their_inboxes() {
    let h = TestHost::start(config(HOUR)).await;
    let ann = register(h.http, "ann", "person").await;
    let bob = register(h.http, "bob", "person").await;
    let _bot = register(h.http, "robo", "bot").await;
    for (seats, why) in [
        (
            json!([{"kind": "human"}, {"kind": "human", "account": "zed"}]),
            "no person's account \"zed\"",
        ),
        (
            json!([{"kind": "human"}, {"kind": "human", "account": "robo"}]),
            "no person's account \"robo\"",
        ),
        (
            json!([{"kind": "human"}, {"kind": "human", "account": "ANN"}]),
            "ann has a seat already",
        ),
        (
            json!([{"kind": "human"}, {"kind": "program"}]),
            "no seats for programs",
        ),
        (
            json!([{"kind": "human", "account": "bob"}, {"kind": "bot"}]),
            "you sit at a turn-based game you make",
        ),
        (
            json!([{"kind": "human"}, {"kind": "bot", "name": "B0B"}]),
            "this name looks like the account bob's",
        ),
    ] {
        let a = ann
            .post(
                h.http,
                "/api/games",
                &json!({"game": "triominos", "seats": seats, "days": 1}),
            )
            .await;
        assert_eq!(a.status, 400, "{seats}: {}", a.body);
        assert!(
            a.body["error"].as_str().unwrap().contains(why),
            "{}",
            a.body
        );
    }
    // naming bob invites him: the game is made once he accepts
    let asked = common::turns::ask(
        &h,
        &ann,
        "triominos",
        json!([{"kind": "human"}, {"kind": "human", "account": "bob"}]),
        3,
    )
    .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let invitation = asked.body["invitation"].as_u64().unwrap();
    let (id, bob_token) = started(&answer(&h, &bob, invitation, "accept").await);
    let ann_list = inbox(&h, &ann).await;
    assert_eq!(ann_list["games"][0]["id"].as_u64(), Some(id), "{ann_list}");
    let ann_token = ann_list["games"][0]["token"].as_str().unwrap().to_string();
    let bob_list = inbox(&h, &bob).await;
    let g = &bob_list["games"][0];
    assert_eq!((g["id"].as_u64(), g["seat"].as_u64()), (Some(id), Some(1)));
    assert_eq!(g["players"], json!(["ann", "bob"]));
    assert_eq!(g["token"], bob_token.as_str());
    assert_eq!(bob_list["invitations"], json!([]), "started: no invitation");
    assert_ne!(bob_token, ann_token);
    // whoever is to move, the inboxes say so; a move turns them round
    for _ in 0..3 {
        // (the game has begun: a seat is to move, and its turn is stored)
        let s = until(&h, &ann, id, &ann_token, 30, |s| s["to_move"].is_u64()).await;
        let ann_moves = s["to_move"] == 0;
        let (a, b) = (inbox(&h, &ann).await, inbox(&h, &bob).await);
        assert_eq!(a["games"][0]["your_turn"], ann_moves, "{a}");
        assert_eq!(b["games"][0]["your_turn"], !ann_moves, "{b}");
        assert_eq!(
            a["games"][0]["to_move"],
            if ann_moves { "ann" } else { "bob" }
        );
        if ann_moves {
            play_first_legal(&h, &ann, id, &ann_token).await;
        } else {
            play_first_legal(&h, &bob, id, &bob_token).await;
        }
    }
    // bob resigns from his seat: the game is over, in no inbox
    resign(&h, &bob, id, &bob_token).await;
    assert_eq!(inbox(&h, &ann).await["games"], json!([]));
    let again = ann
        .post(
            h.http,
            &format!("/api/games/{id}/rematch"),
            &json!({"token": ann_token}),
        )
        .await;
    assert_eq!(again.status, 400, "{}", again.body);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_s_turn_based_games_are_capped_and_so_are_all() {
    let h = TestHost::start(Config {
        max_turn_games_per_account: 2,
        max_turn_games: 3,
        ..config(HOUR)
    })
    .await;
    let ann = register(h.http, "ann", "person").await;
    let bob = register(h.http, "bob", "person").await;
    let carol = register(h.http, "carol", "person").await;
    let body =
        json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "bot"}], "days": 1});
    // eight asked at once: two pass the account's cap (the others: 429, or 503 while the
    // site's three are all being made)
    let asks: Vec<_> = (0..8)
        .map(|_| ann.post(h.http, "/api/games", &body))
        .collect();
    let answers = futures_util::future::join_all(asks).await;
    let made: Vec<&common::Answer> = answers.iter().filter(|a| a.status == 200).collect();
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    assert_eq!(made.len(), 2, "{statuses:?}");
    assert!(
        statuses.iter().all(|s| [200, 429, 503].contains(s)),
        "{statuses:?}"
    );
    let first = made[0].body["id"].as_u64().unwrap();
    let first_token = made[0].body["tokens"][0][1].as_str().unwrap().to_string();
    let third = ann.post(h.http, "/api/games", &body).await;
    assert_eq!(third.status, 429, "{}", third.body);
    assert_eq!(
        third.body["error"],
        json!("ann plays 2 turn-based games already, the most at once: finish or resign one first")
    );
    // (and as a message of the catalogues, for the page to say in its reader's language)
    assert_eq!(
        third.body["message"]["id"], "turns-too-many",
        "{}",
        third.body
    );
    // an account invited by another is asked first: at her cap, ann cannot accept (and
    // the invitation waits); withdrawn, it is gone
    let invite = json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "human", "account": "ann"}], "days": 1});
    let b = bob.post(h.http, "/api/games", &invite).await;
    assert_eq!(b.status, 200, "{}", b.body);
    let invitation = b.body["invitation"].as_u64().unwrap();
    let a = answer(&h, &ann, invitation, "accept").await;
    assert_eq!(a.status, 429, "{}", a.body);
    assert!(a.body["error"].as_str().unwrap().starts_with("ann plays 2"));
    assert_eq!(inbox(&h, &ann).await["asked"], 1);
    assert_eq!(answer(&h, &bob, invitation, "withdraw").await.status, 200);
    assert_eq!(inbox(&h, &ann).await["asked"], 0);
    against_a_bot(&h, &bob, 1).await;
    // three in all: the site's cap
    let c = carol.post(h.http, "/api/games", &body).await;
    assert_eq!(c.status, 503, "{}", c.body);
    assert_eq!(c.body["busy"], true);
    // one ends: room again
    resign(&h, &ann, first, &first_token).await;
    against_a_bot(&h, &carol, 1).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_that_waited_is_emailed_once_and_an_account_gets_at_most_its_daily_few() {
    let (smtp, got) = smtp_sink().await;
    let h = TestHost::start(Config {
        mail: Some(MailConfig {
            server: "127.0.0.1".into(),
            port: smtp.port(),
            from: "Tessera <tessera@example.org>".into(),
            tls: MailTls::None,
            login: None,
        }),
        turn_mail_after: Duration::from_millis(400),
        max_mails_per_day: 1,
        public_url: Some("https://tessera.example.org".into()),
        ..config(HOUR)
    })
    .await;
    let ann = register(h.http, "ann", "person").await;
    let none = ann.get(h.http, "/api/account/email").await;
    assert_eq!(none.body["email"], Value::Null);
    assert_eq!(none.body["sends"], true);
    let bad = ann
        .post(
            h.http,
            "/api/account/email",
            &json!({"email": "ann at example"}),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    let set = ann
        .post(
            h.http,
            "/api/account/email",
            &json!({"email": " ann@example.org "}),
        )
        .await;
    assert_eq!(set.status, 200, "{}", set.body);
    assert_eq!(set.body["email"], "ann@example.org");

    let (id, token) = against_a_bot(&h, &ann, 1).await;
    until(&h, &ann, id, &token, 30, |s| s["to_move"] == 0).await;
    let end = Instant::now() + Duration::from_secs(20);
    while got.lock().unwrap().is_empty() {
        assert!(Instant::now() < end, "no email within 20 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (to, data) = got.lock().unwrap()[0].clone();
    assert_eq!(to, ["ann@example.org"]);
    assert!(
        data.contains(&format!("Subject: Your turn: Triominos #{id}")),
        "{data}"
    );
    assert!(
        data.contains(&format!("https://tessera.example.org/#/game/{id}")),
        "{data}"
    );
    assert!(data.contains("with greedy"), "{data}");

    // a second game waits for ann too: past her one email a day, it gets none
    let (id2, token2) = against_a_bot(&h, &ann, 1).await;
    until(&h, &ann, id2, &token2, 30, |s| s["to_move"] == 0).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(got.lock().unwrap().len(), 1, "one email a day");
    let metrics = common::request(h.http, "GET", "/metrics", &[], "").await;
    let text = metrics.body.as_str().unwrap().to_string();
    assert!(
        text.contains("tessera_mails_total{outcome=\"sent\"}"),
        "{text}"
    );
    assert!(
        !text.contains("tessera_mails_total{outcome=\"limited\"} 0"),
        "{text}"
    );
    let off = ann
        .post(h.http, "/api/account/email", &json!({"email": null}))
        .await;
    assert_eq!(off.body["email"], Value::Null);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_another_node_takes_a_turn_based_game_over_with_its_deadline() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("turns");
    let lease = Duration::from_secs(1);
    let node = |c: Config| {
        let url = url.clone();
        async move {
            let (store, thread) = tessera_server::store::Store::open(&url, lease)
                .await
                .unwrap();
            TestHost::over(
                tessera_games::Registry::standard(),
                Config { lease, ..c },
                store,
                thread,
                std::path::PathBuf::new(),
            )
            .await
        }
    };
    let a = node(config(HOUR)).await;
    let b = node(config(HOUR)).await;
    let ann = register(a.http, "ann", "person").await;
    let bob = register(a.http, "bob", "person").await;
    // ann invites bob on b; bob accepts on a, which makes the game and runs it
    let asked = common::turns::ask(
        &b,
        &ann,
        "triominos",
        json!([{"kind": "human"}, {"kind": "human", "account": "bob"}, {"kind": "bot", "spec": "greedy"}]),
        2,
    )
    .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let invitation = asked.body["invitation"].as_u64().unwrap();
    assert_eq!(inbox(&a, &bob).await["asked"], 1);
    let (id, _) = started(&answer(&a, &bob, invitation, "accept").await);
    let token = inbox(&a, &ann).await["games"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    // the deadline of a person's turn (the house's greedy may be to open the game first:
    // its turn has a deadline of its own, gone a few ms later)
    let persons_turn = |s: &Value| {
        s["deadline"].is_i64()
            && s["to_move"]
                .as_u64()
                .is_some_and(|m| s["players"][m as usize]["bot"] == false)
    };
    let before = until(&a, &ann, id, &token, 30, persons_turn).await;
    let deadline = before["deadline"].as_i64().unwrap();
    assert!(a.host.table(GameId(id)).is_some() && b.host.table(GameId(id)).is_none());
    // a stops: b takes the game over, with the turn it waits for and its deadline
    a.stop().await;
    let end = Instant::now() + Duration::from_secs(30);
    while b.host.table(GameId(id)).is_none() {
        assert!(Instant::now() < end, "b did not take the game over");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let after = until(&b, &ann, id, &token, 30, persons_turn).await;
    assert_eq!(after["deadline"].as_i64(), Some(deadline), "{after}");
    for who in [&ann, &bob] {
        let list = inbox(&b, who).await;
        assert_eq!(
            list["games"][0]["deadline"].as_i64(),
            Some(deadline),
            "{list}"
        );
    }
    // and the game goes on there: whoever of the people is to move plays
    let to_move = after["to_move"].as_u64().unwrap();
    let (who, t) = if to_move == 0 {
        (&ann, token.clone())
    } else {
        let g = inbox(&b, &bob).await["games"][0].clone();
        (&bob, g["token"].as_str().unwrap().to_string())
    };
    play_first_legal(&b, who, id, &t).await;
    b.stop().await;
}
