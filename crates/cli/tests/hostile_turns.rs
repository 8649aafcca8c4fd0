//! The hostile-client suite's probes of turn-based games, against a real `tessera serve`:
//! one account that seats another in 30 games (the victim still makes a game of their
//! own, and none of their daily reminder emails goes to a game they never accepted), and
//! nine addresses with 180 accounts that try to fill the site's cap of turn-based games
//! (they cannot, and an unrelated person still makes one). Meanwhile a person at
//! 127.0.0.1 plays a whole game through the browser's API and WebSocket. The attackers
//! are loopback addresses of their own (127.0.0.2 and up).
//!
//! Each probe fails on the build before invitations:
//! `TESSERA_SERVE_BIN=/work/old/tessera cargo test -p tessera-cli --test cli hostile_turns::`.

use crate::common;
use common::hostile::{register, request_with, runtime, try_register, Probed, Session};
use common::smtp::smtp_sink;
use serde_json::{json, Value};
use std::time::Duration;

/// A turn-based game of Triominos (1 day per move) with `seats`, asked by `who` from `from`.
async fn turn_game(from: [u8; 4], port: u16, who: &Session, seats: Value) -> (u16, Value) {
    let body = json!({"game": "triominos", "seats": seats, "days": 1}).to_string();
    request_with(from, port, "POST", "/api/games", &who.headers(), &body).await
}

/// Row 4 of the probes: one account seats another in 30 turn-based games at once. The
/// victim still makes a game of their own, and every reminder email they get is about it.
#[test]
fn one_account_seating_another_in_30_games_takes_nothing_of_theirs() {
    runtime().block_on(async {
        let (smtp, mails) = smtp_sink().await;
        let smtp = smtp.port().to_string();
        let host = Probed::start(
            "hostile-seats",
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
        let port = host.http;
        let person = host.person_starts("triominos").await;
        let victim = register([127, 0, 0, 1], port, "vic").await;
        let address = json!({"email": "vic@example.org"}).to_string();
        let (s, v) = request_with(
            [127, 0, 0, 1],
            port,
            "POST",
            "/api/account/email",
            &victim.headers(),
            &address,
        )
        .await;
        assert_eq!(s, 200, "{v}");

        // the attacker names vic in 30 games at once
        let attacker = register([127, 0, 0, 2], port, "mal").await;
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
        let (_, inbox) = request_with(
            [127, 0, 0, 1],
            port,
            "GET",
            "/api/turns",
            &victim.headers(),
            "",
        )
        .await;
        let games: Vec<u64> = inbox["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|g| g["id"].as_u64())
            .collect();
        assert_eq!(games, vec![own], "{inbox}");
        person.ends().await;
    });
}

/// Row 5 of the probes: 9 addresses with 20 accounts each, each account making as many
/// turn-based games as it may: the site's cap (5000) is not filled, and an unrelated
/// person still makes a game.
#[test]
fn nine_addresses_cannot_fill_the_site_s_turn_based_games() {
    let host = Probed::start("hostile-fill", &[]);
    let port = host.http;
    runtime().block_on(async {
        let person = host.person_starts("triominos").await;
        let attack = (2..=10u8).map(|k| async move {
            let from = [127, 0, 0, k];
            let (mut accounts, mut made, mut refused) = (0, 0, 0);
            for n in 0..20 {
                let Ok(who) = try_register(from, port, &format!("a{k}x{n}")).await else {
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
        let ann = register([127, 0, 0, 1], port, "ann").await;
        let (s, v) = turn_game(
            [127, 0, 0, 1],
            port,
            &ann,
            json!([{"kind": "human"}, {"kind": "bot", "spec": "greedy"}]),
        )
        .await;
        assert_eq!(s, 200, "an unrelated person: {v}");
        person.ends().await;
    });
}
