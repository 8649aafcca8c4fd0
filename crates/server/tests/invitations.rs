//! Invitations (a turn-based game that names other accounts waits for each of them to
//! accept it) over the host's real doors: nobody invited is seated, gets a turn or a place
//! of their cap until they accept; the last acceptance starts the game; declined,
//! withdrawn and unanswered invitations end with no game; the caps of invitations sent and
//! received and of turn-based games per address; accounts made per address and day; and
//! the end of a turn-based game nobody plays any more, whose count outlives a restart.

use crate::common;
use tessera_server::store::GameId;

use common::turns::{against_a_bot, answer, ask, inbox, play_first_legal, resign, started, until};
use common::{connect_from, register, Login, TestHost};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tessera_server::store::{now_ms, Counted};
use tessera_server::vocab::config::Config;

const HOUR: Duration = Duration::from_secs(3600);

/// A host of turn-based days of `day`, with the test's short deadlines.
fn config(day: Duration) -> Config {
    Config {
        turn_day: day,
        bot_delay_ms: 0,
        ..common::test_config()
    }
}

/// The invitation of an answer that made one: its id.
fn invitation(a: &common::Answer) -> u64 {
    assert_eq!(a.status, 200, "{}", a.body);
    a.body["invitation"]
        .as_u64()
        .unwrap_or_else(|| panic!("no invitation: {}", a.body))
}

/// The English of a refusal, and its message's id.
fn refusal(a: &common::Answer) -> (String, String) {
    (
        a.body["error"].as_str().unwrap_or_default().to_string(),
        a.body["message"]["id"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
    )
}

/// How many turn-based games are live, and invitations open, in all.
async fn counted(h: &TestHost) -> (u64, u64) {
    let live = h.host.store().turns().live().await.unwrap();
    let all = h
        .host
        .store()
        .invitations()
        .count(Counted::All, now_ms())
        .await
        .unwrap();
    (live, all - live)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_seats_nobody_until_each_accepts_then_the_game_starts() {
    let h = TestHost::start(Config {
        max_turn_games_per_account: 1,
        ..config(HOUR)
    })
    .await;
    let ann = register(h.http, "ann", "person").await;
    let bob = register(h.http, "bob", "person").await;
    let carol = register(h.http, "carol", "person").await;
    let seats = json!([
        {"kind": "human"},
        {"kind": "human", "account": "bob"},
        {"kind": "human", "account": "carol"},
        {"kind": "bot", "spec": "greedy"}
    ]);
    let asked = ask(&h, &ann, "triominos", seats, 2).await;
    let id = invitation(&asked);
    assert_eq!(asked.body["waiting_for"], json!(["bob", "carol"]));
    // no game: no table, no seat, no turn; one invitation open
    assert!(h.host.tables().is_empty());
    assert_eq!(counted(&h).await, (0, 1));

    let b = inbox(&h, &bob).await;
    assert_eq!(
        (b["games"].clone(), b["asked"].clone()),
        (json!([]), json!(1)),
        "{b}"
    );
    let i = &b["invitations"][0];
    assert_eq!(
        (
            i["id"].as_u64(),
            i["by"].as_str(),
            i["title"].as_str(),
            i["days"].as_u64(),
            i["answer"].as_str(),
            i["mine"].as_bool(),
            i["state"].as_str()
        ),
        (
            Some(id),
            Some("ann"),
            Some("Triominos"),
            Some(2),
            Some("waiting"),
            Some(false),
            Some("pending")
        ),
        "{i}"
    );
    let names: Vec<&str> = i["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ann", "bob", "carol", "greedy"]);
    assert!(i["expires"].as_i64().unwrap() > now_ms() + 2 * 24 * 3_600_000);
    let a = inbox(&h, &ann).await;
    assert_eq!(a["asked"], 0);
    assert_eq!(a["invitations"][0]["mine"], true);
    assert_eq!(a["invitations"][0]["waiting_for"], json!(["bob", "carol"]));

    // bob's cap is his own: he makes his own game while invited; it is his one game, so
    // he cannot accept until it ends
    let (own, own_token) = against_a_bot(&h, &bob, 1).await;
    let full = answer(&h, &bob, id, "accept").await;
    assert_eq!(full.status, 429, "{}", full.body);
    assert_eq!(refusal(&full).1, "turns-too-many");
    resign(&h, &bob, own, &own_token).await;
    let half = answer(&h, &bob, id, "accept").await;
    assert_eq!(half.status, 200, "{}", half.body);
    assert_eq!(half.body["waiting_for"], json!(["carol"]));
    assert!(h.host.tables().is_empty(), "carol has not accepted");
    assert_eq!(
        inbox(&h, &bob).await["invitations"][0]["answer"],
        "accepted"
    );
    // the last acceptance makes the game and starts it
    let (game, carol_token) = started(&answer(&h, &carol, id, "accept").await);
    assert!(h.host.table(GameId(game)).is_some());
    assert_eq!(counted(&h).await, (1, 0));
    let mut tokens = vec![(0, String::new()); 3];
    for (k, who) in [&ann, &bob, &carol].into_iter().enumerate() {
        let list = inbox(&h, who).await;
        assert_eq!(list["invitations"], json!([]), "{list}");
        let g = &list["games"][0];
        assert_eq!(g["id"].as_u64(), Some(game), "{list}");
        assert_eq!(g["seat"].as_u64(), Some(k as u64));
        assert_eq!(g["players"], json!(["ann", "bob", "carol", "greedy"]));
        tokens[k] = (k, g["token"].as_str().unwrap().to_string());
    }
    assert_eq!(tokens[2].1, carol_token);
    // and they play: a move each
    let people = [&ann, &bob, &carol];
    let mut played = [false; 3];
    while played.iter().any(|p| !p) {
        let s = until(&h, &ann, game, &tokens[0].1, 30, |s| {
            s["to_move"].as_u64().is_some_and(|t| t < 3)
        })
        .await;
        let k = s["to_move"].as_u64().unwrap() as usize;
        play_first_legal(&h, people[k], game, &tokens[k].1).await;
        played[k] = true;
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn declined_withdrawn_or_unanswered_invitations_end_with_no_game() {
    let h = TestHost::start(Config {
        max_turn_games_per_account: 1,
        invitation_expiry: Duration::from_millis(1500),
        ..config(HOUR)
    })
    .await;
    let ann = register(h.http, "ann", "person").await;
    let bob = register(h.http, "bob", "person").await;
    let seats = json!([{"kind": "human"}, {"kind": "human", "account": "bob"}]);

    // declined: gone from bob's inbox, shown so in ann's, answered by nobody after
    let first = invitation(&ask(&h, &ann, "q", seats.clone(), 1).await);
    // ann's one game is this invitation
    let more = ask(
        &h,
        &ann,
        "q",
        json!([{"kind": "human"}, {"kind": "bot"}]),
        1,
    )
    .await;
    assert_eq!(more.status, 429, "{}", more.body);
    assert_eq!(answer(&h, &bob, first, "decline").await.status, 200);
    let b = inbox(&h, &bob).await;
    assert_eq!(
        (b["invitations"].clone(), b["asked"].clone()),
        (json!([]), json!(0))
    );
    let a = inbox(&h, &ann).await;
    assert_eq!(a["invitations"][0]["state"], "declined", "{a}");
    for (who, how) in [(&bob, "accept"), (&bob, "decline"), (&ann, "withdraw")] {
        let late = answer(&h, who, first, how).await;
        assert_eq!(late.status, 404, "{how}: {}", late.body);
        assert_eq!(
            refusal(&late).0,
            format!("invitation #{first} waits for no answer of yours: it was answered, withdrawn, or has expired")
        );
    }
    assert!(h.host.tables().is_empty());
    assert_eq!(counted(&h).await, (0, 0));

    // withdrawn: by its maker only; nobody's after
    let second = invitation(&ask(&h, &ann, "q", seats.clone(), 1).await);
    assert_eq!(answer(&h, &bob, second, "withdraw").await.status, 404);
    assert_eq!(answer(&h, &ann, second, "accept").await.status, 404);
    assert_eq!(answer(&h, &ann, second, "withdraw").await.status, 200);
    assert_eq!(answer(&h, &bob, second, "accept").await.status, 404);
    assert_eq!(inbox(&h, &bob).await["invitations"], json!([]));
    let nonsense = answer(&h, &bob, second, "maybe").await;
    assert_eq!(nonsense.status, 404, "{}", nonsense.body);

    // unanswered past its expiry: over, for everyone at once
    let third = invitation(&ask(&h, &ann, "q", seats.clone(), 1).await);
    assert_eq!(inbox(&h, &bob).await["asked"], 1);
    tokio::time::sleep(Duration::from_millis(1600)).await;
    assert_eq!(answer(&h, &bob, third, "accept").await.status, 404);
    assert_eq!(inbox(&h, &bob).await["asked"], 0);
    let a = inbox(&h, &ann).await;
    assert_eq!(a["invitations"][0]["id"].as_u64(), Some(third), "{a}");
    assert_eq!(a["invitations"][0]["state"], "expired");
    assert!(h.host.tables().is_empty());
    assert_eq!(counted(&h).await, (0, 0));
    // nothing of ann's cap was kept: her game now
    against_a_bot(&h, &ann, 1).await;
    // and bob was never seated: no turn of his, no email to send
    let bob_id = h
        .host
        .store()
        .accounts()
        .account_by_name("bob")
        .await
        .unwrap()
        .unwrap()
        .0
        .id;
    assert!(h
        .host
        .store()
        .turns()
        .of_account(bob_id, 50)
        .await
        .unwrap()
        .is_empty());
    h.stop().await;
}

/// `login`'s POST of `body` to `path` from the loopback address `from`.
async fn post_from(
    from: [u8; 4],
    h: &TestHost,
    login: &Login,
    path: &str,
    body: &Value,
) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = connect_from(from, h.http).await.unwrap();
    let body = body.to_string();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nCookie: {}\r\nX-Tessera-CSRF: {}\r\nContent-Length: {}\r\n\r\n{body}",
        h.http,
        login.cookie,
        login.csrf,
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out).await;
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = out.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invitations_are_capped_per_maker_and_per_invitee_and_games_per_address() {
    let h = TestHost::start(Config {
        max_invitations_sent: 2,
        max_invitations_received: 2,
        max_turn_games_per_address: 4,
        ..config(HOUR)
    })
    .await;
    let ann = register(h.http, "ann", "person").await;
    register(h.http, "bob", "person").await;
    let carol = register(h.http, "carol", "person").await;
    let dave = register(h.http, "dave", "person").await;
    let eve = register(h.http, "eve", "person").await;
    let to = |name: &str| json!([{"kind": "human"}, {"kind": "human", "account": name}]);
    invitation(&ask(&h, &ann, "q", to("bob"), 1).await);
    invitation(&ask(&h, &ann, "q", to("bob"), 1).await);
    let sent = ask(&h, &ann, "q", to("carol"), 1).await;
    assert_eq!(sent.status, 429, "{}", sent.body);
    assert_eq!(
        refusal(&sent),
        (
            "2 of your invitations wait for answers already, the most at once: withdraw one or wait for an answer".into(),
            "invitations-too-many-sent".into()
        )
    );
    let received = ask(&h, &carol, "q", to("bob"), 1).await;
    assert_eq!(received.status, 429, "{}", received.body);
    assert_eq!(
        refusal(&received),
        (
            "bob has 2 invitations waiting for an answer already, the most at once: try again later".into(),
            "invitations-too-many-received".into()
        )
    );
    // four from 127.0.0.1 (ann's two invitations, dave's two games): the address's most
    against_a_bot(&h, &dave, 1).await;
    against_a_bot(&h, &dave, 1).await;
    let address = ask(
        &h,
        &carol,
        "q",
        json!([{"kind": "human"}, {"kind": "bot"}]),
        1,
    )
    .await;
    assert_eq!(address.status, 429, "{}", address.body);
    assert_eq!(refusal(&address).1, "turns-too-many-address");
    // another address is not held back by it
    let (s, made) = post_from(
        [127, 0, 0, 2],
        &h,
        &eve,
        "/api/games",
        &json!({"game": "q", "seats": [{"kind": "human"}, {"kind": "bot"}], "days": 1}),
    )
    .await;
    assert_eq!(s, 200, "{made}");
    assert!(made["id"].is_u64());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_made_from_one_address_are_capped_per_day_across_a_restart() {
    let config = Config {
        max_signups_per_address: 2,
        ..config(HOUR)
    };
    let h = TestHost::start(config.clone()).await;
    register(h.http, "ann", "person").await;
    register(h.http, "bob", "bot").await;
    let body = json!({"name": "carol", "password": "correct horse"}).to_string();
    let third = common::request(h.http, "POST", "/api/account/register", &[], &body).await;
    assert_eq!(third.status, 429, "{}", third.body);
    assert_eq!(
        refusal(&third),
        (
            "2 accounts were made from your address in the last 24 hours, the most a day: try again tomorrow".into(),
            "signups-too-many".into()
        )
    );
    // a name taken gives its place back: nothing is counted for an account not made
    // (from an address of its own, which may make two)
    let from = [127, 0, 0, 3];
    let taken = json!({"name": "ann", "password": "correct horse"}).to_string();
    let (s, _) = common::http_from(from, h.http, "POST", "/api/account/register", &taken).await;
    assert_eq!(s, 409);
    for name in ["dora", "erin"] {
        let b = json!({"name": name, "password": "correct horse"}).to_string();
        let (s, v) = common::http_from(from, h.http, "POST", "/api/account/register", &b).await;
        assert_eq!(s, 200, "{v}");
    }
    // the store counts them: a restart changes nothing
    let db = h.stop_keeping().await;
    let h = TestHost::on(tessera_games::Registry::standard(), config, db).await;
    let again = common::request(h.http, "POST", "/api/account/register", &[], &body).await;
    assert_eq!(again.status, 429, "{}", again.body);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_nobody_plays_ends_aborted_and_its_count_outlives_a_restart() {
    let day = Duration::from_millis(1500);
    let config = Config {
        turn_idle_deadlines: 2,
        person_idle: Duration::from_millis(300),
        ..config(day)
    };
    let h = TestHost::start(config.clone()).await;
    let ann = register(h.http, "ann", "person").await;

    // a game ann lets go: two deadlines in a row, and it ends, nobody winning
    let (id, token) = against_a_bot(&h, &ann, 1).await;
    let made = Instant::now();
    let s = until(&h, &ann, id, &token, 60, |s| s["over"] == true).await;
    assert!(made.elapsed() >= 2 * day, "{:?}", made.elapsed());
    assert_eq!(s["status"], "aborted", "{s}");
    let stored = h.host.stored(GameId(id)).await.unwrap();
    let why = tessera_words::Msg::from_json(&stored.result["aborted"])
        .unwrap()
        .english();
    assert_eq!(
        why,
        "every person let 2 deadlines in a row pass with no move of anyone in between: the game is ended, nobody wins"
    );
    assert_eq!(stored.result["winners"], json!([]));
    assert!(inbox(&h, &ann).await["games"]
        .as_array()
        .unwrap()
        .is_empty());

    // another: one deadline let pass, then a restart; the count is the store's
    let (id, token) = against_a_bot(&h, &ann, 1).await;
    let end = Instant::now() + Duration::from_secs(30);
    while h
        .host
        .store()
        .turns()
        .missed(GameId(id))
        .await
        .unwrap()
        .first()
        != Some(&1)
    {
        assert!(Instant::now() < end, "no deadline let pass");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let db = h.stop_keeping().await;
    let h = TestHost::on(tessera_games::Registry::standard(), config, db).await;
    tessera_server::concerns::recovery::resume_unfinished(&h.host)
        .await
        .unwrap();
    let table = h.host.table(GameId(id)).expect("the game goes on");
    assert_eq!(table.missed().by_seat(), [1, 0], "taken up with its count");
    drop(table);
    let s = until(&h, &ann, id, &token, 60, |s| s["over"] == true).await;
    assert_eq!(s["status"], "aborted", "{s}");
    h.stop().await;
}

/// The code of an invitation's link (`#/invite/ID/CODE`).
fn link_code(link: &Value, id: u64) -> String {
    let link = link.as_str().unwrap_or_else(|| panic!("no link: {link}"));
    let code = link
        .strip_prefix(&format!("#/invite/{id}/"))
        .unwrap_or_else(|| panic!("{link}"));
    assert_eq!(code.len(), 32, "{link}");
    code.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_for_whoever_has_the_link_is_taken_once_and_the_game_starts() {
    let h = TestHost::start(config(HOUR)).await;
    let ann = register(h.http, "ann", "person").await;
    let bob = register(h.http, "bob", "person").await;
    let carol = register(h.http, "carol", "person").await;
    // a seed of ann's choice is refused: the seat is another's
    let seeded = ann
        .post(
            h.http,
            "/api/games",
            &json!({"game": "triominos", "days": 1, "seed": 7,
                "seats": [{"kind": "human"}, {"kind": "human", "link": true}]}),
        )
        .await;
    assert_eq!(seeded.status, 400, "{}", seeded.body);
    assert_eq!(refusal(&seeded).1, "seed-refused-account");
    // a seat for the link names nobody
    let named = ask(
        &h,
        &ann,
        "triominos",
        json!([{"kind": "human"}, {"kind": "human", "link": true, "account": "bob"}]),
        1,
    )
    .await;
    assert_eq!(refusal(&named).1, "turns-link-seat", "{}", named.body);
    let asked = ask(
        &h,
        &ann,
        "triominos",
        json!([{"kind": "human"}, {"kind": "human", "link": true}]),
        1,
    )
    .await;
    let id = invitation(&asked);
    let code = link_code(&asked.body["link"], id);
    assert!(
        h.host.tables().is_empty(),
        "no game until the seat is taken"
    );
    // the maker sees the link in the inbox again; nobody else is shown it
    let a = inbox(&h, &ann).await;
    assert_eq!(a["invitations"][0]["link"], asked.body["link"], "{a}");
    // anyone with the link sees the invitation, signed in or not; a wrong code is unknown
    let (status, seen) = common::http(
        h.http,
        "GET",
        &format!("/api/invitations/{id}/link/{code}"),
        "",
    )
    .await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(
        (seen["by"].as_str(), seen["free"].as_u64()),
        (Some("ann"), Some(1)),
        "{seen}"
    );
    assert_eq!(
        seen["link"],
        Value::Null,
        "the link is not shown back: {seen}"
    );
    assert_eq!(seen["seats"][1]["link"], true, "{seen}");
    let wrong = format!("/api/invitations/{id}/link/{}", "0".repeat(32));
    let (status, _) = common::http(h.http, "GET", &wrong, "").await;
    assert_eq!(status, 404);
    let bad = bob.post(h.http, &wrong, &json!({})).await;
    assert_eq!(bad.status, 404, "{}", bad.body);
    // its maker cannot take it
    let own = ann
        .post(
            h.http,
            &format!("/api/invitations/{id}/link/{code}"),
            &json!({}),
        )
        .await;
    assert_eq!(refusal(&own).1, "invitation-link-yours", "{}", own.body);
    // bob takes it: the game starts with both seated
    let (game, bob_token) = started(
        &bob.post(
            h.http,
            &format!("/api/invitations/{id}/link/{code}"),
            &json!({}),
        )
        .await,
    );
    assert!(h.host.table(GameId(game)).is_some());
    for (k, who) in [&ann, &bob].into_iter().enumerate() {
        let list = inbox(&h, who).await;
        let g = &list["games"][0];
        assert_eq!(g["id"].as_u64(), Some(game), "{list}");
        assert_eq!(g["seat"].as_u64(), Some(k as u64));
        assert_eq!(g["players"], json!(["ann", "bob"]));
        if k == 1 {
            assert_eq!(g["token"].as_str(), Some(bob_token.as_str()));
        }
    }
    // once taken, the link is spent: carol is told, nobody else is seated
    let late = carol
        .post(
            h.http,
            &format!("/api/invitations/{id}/link/{code}"),
            &json!({}),
        )
        .await;
    assert_eq!(late.status, 404, "{}", late.body);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_seat_beside_a_named_one_waits_for_both() {
    let h = TestHost::start(config(HOUR)).await;
    let ann = register(h.http, "ann", "person").await;
    let bob = register(h.http, "bob", "person").await;
    let carol = register(h.http, "carol", "person").await;
    let asked = ask(
        &h,
        &ann,
        "triominos",
        json!([{"kind": "human"}, {"kind": "human", "account": "bob"}, {"kind": "human", "link": true}]),
        1,
    )
    .await;
    let id = invitation(&asked);
    let code = link_code(&asked.body["link"], id);
    // bob's acceptance alone does not start it: the link's seat is free
    let half = answer(&h, &bob, id, "accept").await;
    assert_eq!(half.status, 200, "{}", half.body);
    assert!(half.body["invitation"].is_u64(), "{}", half.body);
    assert!(h.host.tables().is_empty());
    // bob, seated already, cannot take the link's seat too
    let twice = bob
        .post(
            h.http,
            &format!("/api/invitations/{id}/link/{code}"),
            &json!({}),
        )
        .await;
    assert_eq!(refusal(&twice).1, "invitation-link-yours", "{}", twice.body);
    let (game, _) = started(
        &carol
            .post(
                h.http,
                &format!("/api/invitations/{id}/link/{code}"),
                &json!({}),
            )
            .await,
    );
    let list = inbox(&h, &carol).await;
    assert_eq!(list["games"][0]["id"].as_u64(), Some(game), "{list}");
    assert_eq!(list["games"][0]["players"], json!(["ann", "bob", "carol"]));
    h.stop().await;
}
