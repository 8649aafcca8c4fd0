//! Prints the messages of one seat in a real game over TCP (for docs/protocol.md):
//! `cargo run -p tessera-server --example transcript -- q` (or triominos, akropolis).

use serde_json::{json, Value};
use std::time::Duration;
use tessera_server::bot::Brain;
use tessera_server::client::{self, signup_message};
use tessera_server::connection::Connection;
use tessera_server::served::GameKind;
use tessera_server::server::{self, Config};
use tessera_server::store::Store;

#[tokio::main]
async fn main() {
    let game: GameKind = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "q".into())
        .parse()
        .expect("a game");
    let db = std::env::temp_dir().join(format!("tessera-transcript-{}.db", std::process::id()));
    let (store, thread, last) = Store::start(&db).expect("database");
    let tcp = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = tcp.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = Config {
        seed: Some(41),
        ..Config::default()
    };
    let srv = tokio::spawn(server::run(tcp, None, store, last, config, async {
        let _ = stopped.await;
    }));
    let spec = if game == GameKind::Q { "dag" } else { "greedy" };
    let mut conn = Connection::new(
        tokio::net::TcpStream::connect(addr).await.expect("connect"),
        1 << 24,
    );
    let signup = signup_message(game, "alice");
    println!(">> {signup}");
    conn.write_value(&signup).await.expect("write");
    tokio::time::sleep(Duration::from_millis(50)).await;
    let other = tokio::spawn(async move {
        client::play(addr, game, "bob", Brain::new(game, spec).expect("brain")).await
    });
    let mut brain = Brain::new(game, spec).expect("brain");
    let mut rng = tessera_core::rng_from_seed(1);
    loop {
        let call: Value = conn.read_value().await.expect("read");
        println!("<< {call}");
        let reply = tessera_server::player::answer(&mut brain, &mut rng, &call).expect("answer");
        println!(">> {reply}");
        conn.write_value(&reply).await.expect("write");
        if call[0] == json!("win") {
            break;
        }
    }
    let _ = other.await;
    let _ = stop.send(());
    let _ = srv.await;
    thread.join();
    let _ = std::fs::remove_file(&db);
}
