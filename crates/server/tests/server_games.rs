//! Whole games over TCP for every game: bots sign up, play, and the game is stored and
//! replays exactly.

mod common;

use common::{test_config, TestServer};
use tessera_core::Record;
use tessera_server::bot::Brain;
use tessera_server::client;
use tessera_server::served::GameKind;
use tessera_server::store::GameRow;

fn replays(row: &GameRow) {
    let record = row.record();
    match row.game.as_str() {
        "triominos" => {
            let r: Record<tessera_triominos::TriominosGame> =
                serde_json::from_value(record).unwrap();
            r.replay().unwrap();
        }
        "q" => {
            let r: Record<tessera_q::QGame> = serde_json::from_value(record).unwrap();
            r.replay().unwrap();
        }
        "akropolis" => {
            let r: Record<tessera_akropolis::Akropolis> = serde_json::from_value(record).unwrap();
            r.replay().unwrap();
        }
        other => panic!("unknown game {other}"),
    }
}

async fn play_game(game: GameKind, specs: [&str; 2]) {
    let server = TestServer::start(test_config()).await;
    let mut tasks = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let brain = Brain::new(game, spec).unwrap();
        let name = client::player_name(spec, i + 1);
        let addr = server.addr;
        tasks.push(tokio::spawn(async move {
            client::play(addr, game, &name, brain).await
        }));
        // sign-up order = seat order
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let mut wins = 0;
    for t in tasks {
        let f = t.await.unwrap().unwrap();
        wins += f.won as usize;
    }
    assert!(wins >= 1);
    let rows = server.wait_games(1).await;
    let rows_after = server.stop().await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows_after.len(), 1);
    let row = &rows[0];
    assert_eq!(row.game, game.name());
    assert_eq!(row.status, "finished");
    assert_eq!(
        row.players,
        vec![
            client::player_name(specs[0], 1),
            client::player_name(specs[1], 2)
        ]
    );
    assert!(row.ejected_names().is_empty());
    assert!(!row.winners().is_empty());
    assert!(row.result["outcome"].is_object(), "{}", row.result);
    replays(row);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triominos_game_over_tcp() {
    play_game(GameKind::Triominos, ["greedy", "random"]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn q_game_over_tcp() {
    play_game(GameKind::Q, ["dag", "ldasg"]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn akropolis_game_over_tcp() {
    play_game(GameKind::Akropolis, ["greedy", "random"]).await;
}

/// Stopping the server stops the games in progress: they are stored as aborted, with the
/// moves played so far, and they replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_records_games_in_progress_as_aborted() {
    let mut config = test_config();
    config.per_call = std::time::Duration::from_secs(60);
    let server = TestServer::start(config).await;
    let mut slow = common::raw(server.addr).await;
    slow.write_value(&client::signup_message(GameKind::Akropolis, "slow"))
        .await
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    let addr = server.addr;
    let quick = tokio::spawn(async move {
        client::play(
            addr,
            GameKind::Akropolis,
            "quick",
            Brain::new(GameKind::Akropolis, "greedy").unwrap(),
        )
        .await
    });
    // the slow player holds the game at its first turn
    common::until(&mut slow, "take-turn").await;
    let rows = tokio::time::timeout(std::time::Duration::from_secs(20), server.stop())
        .await
        .expect("the server stops without waiting for the slow player");
    assert!(
        quick.await.unwrap().is_err(),
        "the game never reached its end"
    );
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].status, "aborted");
    assert_eq!(
        rows[0].players,
        vec!["slow".to_string(), "quick".to_string()]
    );
    assert!(rows[0].winners().is_empty());
    assert!(rows[0].result["outcome"].is_null());
    replays(&rows[0]);
}

/// With 3 players per game, 2 players start after the waiting period; `/api/games`
/// lists the stored game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_period_starts_a_smaller_game() {
    let mut config = test_config();
    config.players_per_game = 3;
    config.wait = std::time::Duration::from_millis(200);
    let server = TestServer::start(config).await;
    let addr = server.addr;
    let mut tasks = Vec::new();
    for (i, spec) in ["greedy", "random"].into_iter().enumerate() {
        let name = client::player_name(spec, i + 1);
        tasks.push(tokio::spawn(async move {
            client::play(
                addr,
                GameKind::Triominos,
                &name,
                Brain::new(GameKind::Triominos, spec).unwrap(),
            )
            .await
        }));
    }
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    let rows = server.wait_games(1).await;
    assert_eq!(rows[0].players.len(), 2);
    // the HTTP API lists it
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut http = tokio::net::TcpStream::connect(server.http).await.unwrap();
    http.write_all(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut response = String::new();
    http.read_to_string(&mut response).await.unwrap();
    server.stop().await;
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let body = &response[response.find("\r\n\r\n").unwrap() + 4..];
    let list: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(list[0]["id"], 1);
    assert_eq!(list[0]["game"], "triominos");
    assert_eq!(list[0]["status"], "finished");
}

/// A client that behaves like the Q reference's: every message (the sign-up included)
/// preceded by 5000 spaces and trickled in small chunks. It plays a whole game unharmed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trickling_padded_client_plays_q() {
    async fn send(conn: &mut tessera_server::connection::Connection, v: &serde_json::Value) {
        let text = format!("{}{}\n", " ".repeat(5000), v);
        let chunk = (text.len() / 100).max(10);
        for (i, piece) in text.as_bytes().chunks(chunk).enumerate() {
            conn.write_raw(piece).await.unwrap();
            if i % 20 == 19 {
                tokio::time::sleep(std::time::Duration::from_millis(1)).await;
            }
        }
    }
    let server = TestServer::start(test_config()).await;
    let addr = server.addr;
    let mut conn = common::raw(addr).await;
    send(&mut conn, &serde_json::json!("trickle")).await;
    tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    let other = tokio::spawn(async move {
        client::play(
            addr,
            GameKind::Q,
            "plain",
            Brain::new(GameKind::Q, "dag").unwrap(),
        )
        .await
    });
    let mut brain = Brain::new(GameKind::Q, "ldasg").unwrap();
    let mut rng = tessera_core::rng_from_seed(2);
    loop {
        let call = conn.read_value().await.unwrap();
        let reply = tessera_server::player::answer(&mut brain, &mut rng, &call).unwrap();
        send(&mut conn, &reply).await;
        if call[0] == "win" {
            break;
        }
    }
    other.await.unwrap().unwrap();
    let rows = server.wait_games(1).await;
    server.stop().await;
    assert_eq!(
        rows[0].players,
        vec!["trickle".to_string(), "plain".to_string()]
    );
    assert!(rows[0].ejected_names().is_empty(), "{}", rows[0].ejected);
}
