//! Deliberately broken clients: each is ejected, the game goes on for the others, the
//! result lists the ejected player, and the server keeps serving.

mod common;

use common::{raw, test_config, until, TestServer};
use serde_json::{json, Value};
use std::time::Duration;
use tessera_server::bot::Brain;
use tessera_server::client::{self, signup_message};
use tessera_server::connection::ConnectionError;
use tessera_server::served::GameKind;

#[derive(Clone, Copy, Debug)]
enum Broken {
    /// Answers take-turn with bytes that are not JSON.
    Malformed,
    /// Answers take-turn with a message over the size limit.
    Oversize,
    /// Answers take-turn with a move the rules refuse.
    Illegal,
    /// Sends a second message after its setup reply, out of turn.
    OutOfTurn,
    /// Never answers take-turn.
    Silent,
    /// Closes the connection at its first take-turn.
    Disconnect,
    /// Answers setup with something other than "void".
    NotVoid,
}

fn illegal_move(game: GameKind, call: &Value) -> Value {
    match game {
        // passing is legal only after three draws
        GameKind::Triominos => json!("pass"),
        // far from every tile on the map
        GameKind::Q => json!([{"coordinate": {"row": 50, "column": 50},
                               "1tile": {"color": "red", "shape": "star"}}]),
        // a tile of the site put on the centre, where the starting tile lies
        GameKind::Akropolis => {
            let state = call[1][0]["state"].as_str().unwrap();
            let game = tessera_akropolis::Akropolis::parse(state).unwrap();
            let mv = tessera_core::Game::legal_moves(&game)[0].to_string();
            json!(format!("{}S00E00{}", &mv[..2], &mv[8..]))
        }
    }
}

async fn run_broken(game: GameKind, name: String, how: Broken, addr: std::net::SocketAddr) {
    let mut conn = raw(addr).await;
    conn.write_value(&signup_message(game, &name))
        .await
        .unwrap();
    if let Broken::NotVoid = how {
        let _ = conn.read_value().await;
        let _ = conn.write_value(&json!("okay")).await;
        // then stay quiet until the server hangs up
        while conn.read_value().await.is_ok() {}
        return;
    }
    let setup = conn.read_value().await.unwrap();
    assert_eq!(setup[0], "setup");
    if let Broken::OutOfTurn = how {
        conn.write_raw(b"\"void\" \"void\"\n").await.unwrap();
    } else {
        conn.write_value(&json!("void")).await.unwrap();
    }
    let Ok(call) = (async {
        loop {
            let call = conn.read_value().await?;
            if call[0] == "take-turn" {
                return Ok::<Value, ConnectionError>(call);
            }
            conn.write_value(&json!("void")).await?;
        }
    })
    .await
    else {
        // hung up on before the first turn (out of turn)
        return;
    };
    match how {
        Broken::Malformed => {
            let _ = conn.write_raw(b"{\"place\": [1, 2,, }\n").await;
        }
        Broken::Oversize => {
            let big = format!("\"{}\"", "x".repeat(10_000));
            let _ = conn.write_raw(big.as_bytes()).await;
        }
        Broken::Illegal => {
            let _ = conn.write_value(&illegal_move(game, &call)).await;
        }
        Broken::Silent => {}
        Broken::Disconnect => return,
        Broken::OutOfTurn | Broken::NotVoid => {}
    }
    // the server must hang up (bounded by the test's own timeout)
    while conn.read_value().await.is_ok() {}
}

async fn ejected(game: GameKind, how: Broken) {
    let mut config = test_config();
    config.max_message = 4096;
    let server = TestServer::start(config).await;
    let bad = "bad1".to_string();
    let broken = tokio::spawn(run_broken(game, bad.clone(), how, server.addr));
    tokio::time::sleep(Duration::from_millis(30)).await;
    let spec = match game {
        GameKind::Q => "dag",
        _ => "greedy",
    };
    // the good player answers its "win" call only once the broken client was hung up
    // on: so the connection is closed at the ejection, not at the end of the game
    let mut conn = raw(server.addr).await;
    conn.write_value(&signup_message(game, "good1"))
        .await
        .unwrap();
    let mut brain = Brain::new(game, spec).unwrap();
    let mut rng = tessera_core::rng_from_seed(3);
    let mut broken = Some(broken);
    let won = loop {
        let call = conn.read_value().await.unwrap();
        if call[0] == "win" {
            tokio::time::timeout(Duration::from_secs(10), broken.take().unwrap())
                .await
                .expect("the broken client was hung up on before the end")
                .unwrap();
            conn.write_value(&json!("void")).await.unwrap();
            break call[1][0] == json!(true);
        }
        let reply = tessera_server::player::answer(&mut brain, &mut rng, &call).unwrap();
        conn.write_value(&reply).await.unwrap();
    };
    assert!(won, "{how:?}: the only player left wins");
    let rows = server.wait_games(1).await;
    server.stop().await;
    let row = &rows[0];
    assert_eq!(row.status, "finished");
    assert_eq!(row.ejected_names(), vec![bad], "{how:?}: {}", row.ejected);
    assert_eq!(row.winners(), vec!["good1".to_string()]);
    let reason = row.ejected[0]["reason"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let expected = match how {
        Broken::Malformed => "malformed JSON",
        Broken::Oversize => "longer than 4096",
        Broken::Illegal => "illegal move",
        Broken::OutOfTurn => "out of turn",
        Broken::Silent => "no reply within",
        Broken::Disconnect => "closed",
        Broken::NotVoid => "expected \"void\"",
    };
    assert!(reason.contains(expected), "{how:?}: {reason}");
    assert!(row.players.contains(&"good1".to_string()));
}

macro_rules! cases {
    ($($name:ident: $game:expr, $how:expr;)*) => {$(
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            ejected($game, $how).await;
        }
    )*};
}

cases! {
    triominos_malformed: GameKind::Triominos, Broken::Malformed;
    triominos_oversize: GameKind::Triominos, Broken::Oversize;
    triominos_illegal: GameKind::Triominos, Broken::Illegal;
    triominos_out_of_turn: GameKind::Triominos, Broken::OutOfTurn;
    triominos_silent: GameKind::Triominos, Broken::Silent;
    triominos_disconnect: GameKind::Triominos, Broken::Disconnect;
    triominos_not_void: GameKind::Triominos, Broken::NotVoid;
    q_malformed: GameKind::Q, Broken::Malformed;
    q_oversize: GameKind::Q, Broken::Oversize;
    q_illegal: GameKind::Q, Broken::Illegal;
    q_out_of_turn: GameKind::Q, Broken::OutOfTurn;
    q_silent: GameKind::Q, Broken::Silent;
    q_disconnect: GameKind::Q, Broken::Disconnect;
    akropolis_malformed: GameKind::Akropolis, Broken::Malformed;
    akropolis_oversize: GameKind::Akropolis, Broken::Oversize;
    akropolis_illegal: GameKind::Akropolis, Broken::Illegal;
    akropolis_out_of_turn: GameKind::Akropolis, Broken::OutOfTurn;
    akropolis_silent: GameKind::Akropolis, Broken::Silent;
    akropolis_disconnect: GameKind::Akropolis, Broken::Disconnect;
}

/// A connection that never signs up, and one with a bad name, are dropped after the
/// sign-up deadline; a game played meanwhile is not affected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_signups_are_dropped() {
    let server = TestServer::start(test_config()).await;
    let mut silent = raw(server.addr).await;
    let mut bad_name = raw(server.addr).await;
    bad_name
        .write_value(&json!("no spaces allowed"))
        .await
        .unwrap();
    let mut bad_game = raw(server.addr).await;
    bad_game
        .write_value(&json!({"name": "x", "game": "chess"}))
        .await
        .unwrap();
    let addr = server.addr;
    let a = tokio::spawn(async move {
        client::play(
            addr,
            GameKind::Q,
            "alice",
            Brain::new(GameKind::Q, "dag").unwrap(),
        )
        .await
    });
    let b = tokio::spawn(async move {
        client::play(
            addr,
            GameKind::Q,
            "bob",
            Brain::new(GameKind::Q, "ldasg").unwrap(),
        )
        .await
    });
    for c in [&mut silent, &mut bad_name, &mut bad_game] {
        let r = tokio::time::timeout(Duration::from_secs(10), c.read_value())
            .await
            .expect("dropped");
        assert!(r.is_err(), "no message, only a hang-up");
    }
    a.await.unwrap().unwrap();
    b.await.unwrap().unwrap();
    let rows = server.wait_games(1).await;
    server.stop().await;
    assert_eq!(rows.len(), 1);
    assert!(rows[0].ejected_names().is_empty());
}

/// Over the connection cap, a connection is closed at once; freed slots are reused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_capped() {
    let mut config = test_config();
    config.max_connections = 2;
    config.signup_timeout = Duration::from_secs(20);
    let server = TestServer::start(config).await;
    let mut a = raw(server.addr).await;
    let mut b = raw(server.addr).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut c = raw(server.addr).await;
    let r = tokio::time::timeout(Duration::from_secs(5), c.read_value())
        .await
        .expect("the third connection is closed at once");
    assert!(r.is_err());
    // the two admitted connections play a game
    a.write_value(&json!("alice")).await.unwrap();
    b.write_value(&json!("bob")).await.unwrap();
    let call = until(&mut a, "setup").await;
    assert_eq!(call[1][0]["players"][0]["name"], "alice");
    drop(a);
    drop(b);
    server.wait_games(1).await;
    server.stop().await;
}

/// A game with a broken player and a normal game at the same time: both end normally.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_games_go_on() {
    let server = TestServer::start(test_config()).await;
    let addr = server.addr;
    let broken = tokio::spawn(run_broken(
        GameKind::Triominos,
        "crash1".into(),
        Broken::Disconnect,
        addr,
    ));
    let mut good = Vec::new();
    for (i, spec) in ["greedy", "greedy", "random"].into_iter().enumerate() {
        let name = client::player_name(spec, i + 1);
        let game = if i == 0 {
            GameKind::Triominos
        } else {
            GameKind::Akropolis
        };
        good.push(tokio::spawn(async move {
            client::play(addr, game, &name, Brain::new(game, spec).unwrap()).await
        }));
    }
    for g in good {
        g.await.unwrap().unwrap();
    }
    broken.await.unwrap();
    let rows = server.wait_games(2).await;
    server.stop().await;
    let mut games: Vec<(&str, Vec<String>)> = rows
        .iter()
        .map(|r| (r.game.as_str(), r.ejected_names()))
        .collect();
    games.sort();
    assert_eq!(
        games,
        vec![
            ("akropolis", vec![]),
            ("triominos", vec!["crash1".to_string()])
        ]
    );
}

/// A name cannot sit twice at one table: a second "alice" waits for the next game; a
/// player who leaves the lobby before its game starts is not seated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_seats_distinct_names_and_forgets_leavers() {
    let server = TestServer::start(test_config()).await;
    let addr = server.addr;
    let mut leaver = raw(addr).await;
    leaver.write_value(&json!("carol")).await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    drop(leaver);
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut players = Vec::new();
    for name in ["alice", "alice", "bob", "dave"] {
        players.push(tokio::spawn(async move {
            client::play(
                addr,
                GameKind::Q,
                name,
                Brain::new(GameKind::Q, "dag").unwrap(),
            )
            .await
        }));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for p in players {
        tokio::time::timeout(Duration::from_secs(30), p)
            .await
            .expect("every player is seated")
            .unwrap()
            .unwrap();
    }
    let rows = server.wait_games(2).await;
    server.stop().await;
    let mut tables: Vec<Vec<String>> = rows.iter().map(|r| r.players.clone()).collect();
    tables.sort();
    assert_eq!(tables, vec![vec!["alice", "bob"], vec!["alice", "dave"]]);
    assert!(rows.iter().all(|r| r.ejected_names().is_empty()));
}

/// The HTTP port caps its connections too: over the cap a connection is closed at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_connections_are_capped() {
    use tokio::io::AsyncReadExt;
    let mut config = test_config();
    config.max_http_connections = 1;
    let server = TestServer::start(config).await;
    let _first = tokio::net::TcpStream::connect(server.http).await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut second = tokio::net::TcpStream::connect(server.http).await.unwrap();
    let mut buf = [0u8; 16];
    let n = tokio::time::timeout(Duration::from_secs(5), second.read(&mut buf))
        .await
        .expect("the second connection is closed at once");
    assert!(matches!(n, Ok(0) | Err(_)));
    server.stop().await;
}
