//! The router over real loopback sockets: HTTP API, static files, WebSocket play and
//! spectating.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

async fn start() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let app = tessera_web::router(tessera_web::Hub::in_memory());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    port
}

/// One HTTP/1.1 request; returns (status, body).
async fn http(port: u16, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let status = out[9..12].parse().unwrap();
    let body = out
        .split_once("\r\n\r\n")
        .map(|x| x.1)
        .unwrap_or("")
        .to_string();
    (status, body)
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn next_json(ws: &mut Ws) -> Value {
    loop {
        match ws.next().await.unwrap().unwrap() {
            Message::Text(t) => return serde_json::from_str(&t).unwrap(),
            _ => continue,
        }
    }
}

#[tokio::test]
async fn page_files_and_errors() {
    let port = start().await;
    let (status, body) = http(port, "GET", "/", "").await;
    assert_eq!(status, 200);
    assert!(body.contains("<main"));
    assert_eq!(http(port, "GET", "/static/app.js", "").await.0, 200);
    assert_eq!(
        http(port, "GET", "/static/..%2FCargo.toml", "").await.0,
        404
    );
    assert_eq!(http(port, "GET", "/api/play/games/nope", "").await.0, 404);
    let (status, body) = http(port, "POST", "/api/play/games", "{not json").await;
    assert_eq!(status, 400);
    assert!(body.contains("error"));
    let (status, body) = http(
        port,
        "POST",
        "/api/play/games",
        r#"{"game":"chess","seats":[]}"#,
    )
    .await;
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn play_and_watch_over_websockets() {
    let port = start().await;
    let req =
        json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 9});
    let (status, body) = http(port, "POST", "/api/play/games", &req.to_string()).await;
    assert_eq!(status, 200, "{body}");
    let created: Value = serde_json::from_str(&body).unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = created["tokens"].as_array().unwrap().clone();
    assert_eq!(tokens.len(), 2);

    // a spectator: no tray in the state
    let (mut spec, _) =
        tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/api/play/games/{id}/ws"))
            .await
            .unwrap();
    let first = next_json(&mut spec).await;
    assert_eq!(first["type"], "state");
    assert!(first["seat"].is_null());
    assert!(first["view"].get("tray").is_none());
    let text = first.to_string();

    // the seat to move: its tray, refused moves get a reason, a legal move is broadcast
    let to_move = first["to_move"].as_u64().unwrap() as usize;
    let token = tokens.iter().find(|t| t[0] == to_move).unwrap()[1]
        .as_str()
        .unwrap()
        .to_string();
    let (mut me, _) = tokio_tungstenite::connect_async(format!(
        "ws://127.0.0.1:{port}/api/play/games/{id}/ws?token={token}"
    ))
    .await
    .unwrap();
    let mine = next_json(&mut me).await;
    let tray: Vec<String> = serde_json::from_value(mine["view"]["tray"].clone()).unwrap();
    assert_eq!(tray.len(), 9);
    for t in &tray {
        assert!(
            !text.contains(&format!("\"{t}\"")),
            "{t} in the spectator's state"
        );
    }
    me.send(Message::Text(
        json!({"move": {"place": {"tile": "0-0-0", "orientation": "ABC", "x": 40, "y": 40}}})
            .to_string(),
    ))
    .await
    .unwrap();
    let err = next_json(&mut me).await;
    assert_eq!(err["type"], "error");
    assert!(!err["error"].as_str().unwrap().is_empty());
    me.send(Message::Text("garbage".into())).await.unwrap();
    assert_eq!(next_json(&mut me).await["type"], "error");
    let legal = mine["view"]["legal"][0].clone();
    let mv = json!({"place": {"tile": legal["tile"], "orientation": legal["orientation"], "x": legal["x"], "y": legal["y"]}});
    me.send(Message::Text(json!({"move": mv}).to_string()))
        .await
        .unwrap();
    let after = next_json(&mut me).await;
    assert_eq!(after["moves"], 1);
    let seen = next_json(&mut spec).await;
    assert_eq!(seen["moves"], 1);
    assert_eq!(seen["view"]["board"].as_array().unwrap().len(), 1);

    // spectators cannot move; a wrong token is refused
    spec.send(Message::Text(json!({"move": "draw"}).to_string()))
        .await
        .unwrap();
    assert_eq!(
        next_json(&mut spec).await["error"],
        "spectators cannot move"
    );
    assert!(tokio_tungstenite::connect_async(format!(
        "ws://127.0.0.1:{port}/api/play/games/{id}/ws?token=bad"
    ))
    .await
    .is_err());
    let (status, _) = http(port, "GET", "/api/play/games", "").await;
    assert_eq!(status, 200);
}

/// `tessera serve` can mount the router beside its own routes (a clash would panic).
#[test]
fn mounts_beside_the_game_servers_routes() {
    use axum::routing::get;
    let server: axum::Router = axum::Router::new()
        .route("/api/games", get(|| async { "server lobby" }))
        .route("/ws/observe/:id", get(|| async { "observers" }));
    let _ = server.merge(tessera_web::router(tessera_web::Hub::in_memory()));
}
