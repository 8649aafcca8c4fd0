//! Prints the messages of one seat in a real game over TCP (for docs/protocol.md):
//! `cargo run -p tessera-server --example transcript -- q` (or triominos, akropolis);
//! `-- q moves`: the seat signs up with `"moves": true` (its legal moves come with every
//! `take-turn`). Long lines are cut and the middle turns left out, as in the document.

use serde_json::Value;
use std::time::Duration;
use tessera_games::Registry;
use tessera_server::host::Host;
use tessera_server::store::Store;
use tessera_server::vocab::config::Config;
use tessera_tcp::client::{self, Join};
use tessera_tcp::{Dialect, TcpTransport};

fn cut(s: &str) -> String {
    cut_at(s, 700)
}

fn cut_at(s: &str, at: usize) -> String {
    if s.len() > at {
        let mut end = at;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{} …", &s[..end])
    } else {
        s.to_string()
    }
}

#[tokio::main]
async fn main() {
    let game = std::env::args().nth(1).unwrap_or_else(|| "q".into());
    let moves = std::env::args().nth(2).as_deref() == Some("moves");
    let registry = Registry::standard();
    let entry = registry.find(&game).expect("a game").clone();
    let db = std::env::temp_dir().join(format!("tessera-transcript-{}.db", std::process::id()));
    let (store, thread) = Store::start(&db).expect("the store");
    let tcp = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = tcp.local_addr().expect("address");
    let host = Host::new(
        registry,
        store,
        Config {
            seed: Some(41),
            ..Config::default()
        },
    );
    let server = {
        let host = host.clone();
        tokio::spawn(async move { tessera_server::doors::tcp::serve_tcp(&host, tcp).await })
    };
    // a quick bot: the transcript is about the messages
    let spec = entry
        .info()
        .bots
        .iter()
        .find(|b| b.name == "greedy" || b.name == "dag")
        .unwrap_or(&entry.info().bots[0])
        .name;
    let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let mut conn = TcpTransport::new(stream, 1 << 24, Dialect::Tessera, None);
    let signup = if moves {
        serde_json::json!({"name": "alice", "game": game, "moves": true})
    } else {
        serde_json::json!({"name": "alice", "game": game})
    }
    .to_string();
    println!(">> {signup}");
    conn.write(&signup).await.expect("write");
    tokio::time::sleep(Duration::from_millis(50)).await;
    let bob = entry.wire_bot(spec).expect("a bot");
    let other = tokio::spawn(async move {
        client::play(addr, &Join::Game(game), "bob", bob, Duration::ZERO).await
    });
    let mut me = entry.wire_bot(spec).expect("a bot");
    let mut lines = Vec::new();
    loop {
        let call = conn.read().await.expect("read");
        let reply = me.answer(&call).expect("an answer");
        let v: Value = serde_json::from_str(&call).expect("JSON");
        type Call = (String, Vec<Box<serde_json::value::RawValue>>);
        lines.push(match serde_json::from_str::<Call>(&call) {
            // the view and the moves cut each on its own, so that both show
            Ok((method, args)) if method == "take-turn" && args.len() == 2 => format!(
                "<< [\"take-turn\",[{},{}]]",
                cut_at(args[0].get(), 300),
                cut_at(args[1].get(), 500)
            ),
            _ => format!("<< {}", cut(&call)),
        });
        lines.push(format!(">> {reply}"));
        conn.write(&reply).await.expect("write");
        if v[0] == "win" {
            break;
        }
    }
    // the first three calls and their replies, the last three, and the count between
    let n = lines.len();
    if n > 14 {
        for l in &lines[..8] {
            println!("{l}");
        }
        println!("   … {} more messages …", n - 14);
        for l in &lines[n - 6..] {
            println!("{l}");
        }
    } else {
        for l in &lines {
            println!("{l}");
        }
    }
    let _ = other.await;
    host.shutdown(Duration::from_secs(2)).await;
    let _ = server.await;
    drop(host);
    thread.join();
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
}
