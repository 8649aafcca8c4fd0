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
