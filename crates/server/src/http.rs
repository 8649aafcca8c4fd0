//! The HTTP side: `/api/games` (JSON list of running and stored games) and the WebSocket
//! endpoint `/ws/observe/{id}` that streams a game's public states. The router is built
//! here alone so that a web UI can add routes and static files.

use crate::observe::Registry;
use crate::store::Store;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{broadcast, watch, Semaphore};
use tokio::task::JoinSet;

/// What the HTTP handlers share.
#[derive(Clone, Debug)]
pub struct HttpState {
    /// The games in progress.
    pub live: Registry,
    /// The database.
    pub store: Store,
    /// Caps the number of observers.
    pub observers: Arc<Semaphore>,
}

/// The router: `/api/games`, `/ws/observe/{id}`.
pub fn router(state: HttpState) -> Router {
    Router::new()
        .route("/api/games", get(games))
        .route("/ws/observe/:id", get(observe))
        .with_state(state)
}

/// Serves `app` on `listener` (HTTP/1.1 with WebSocket upgrades) until `stop` turns
/// true: at most `max_connections` connections at once (over the cap a connection is
/// closed at once), 10 s to send a request's headers.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    max_connections: usize,
    mut stop: watch::Receiver<bool>,
) {
    let limit = Arc::new(Semaphore::new(max_connections));
    let mut connections = JoinSet::new();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
            _ = crate::referee::stopped(&mut stop) => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(e) => {
                tracing::warn!(error = %e, "HTTP accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = limit.clone().try_acquire_owned() else {
            tracing::warn!("HTTP connection refused: too many connections");
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let mut stop = stop.clone();
        connections.spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(Duration::from_secs(10));
            let conn = http
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = crate::referee::stopped(&mut stop) => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(Duration::from_secs(1), conn).await;
                }
            }
            drop(permit);
        });
    }
    // let open connections finish their shutdown
    while connections.join_next().await.is_some() {}
}

async fn games(State(st): State<HttpState>) -> Response {
    let mut all: Vec<Value> = st.live.running();
    match st.store.list().await {
        Ok(rows) => all.extend(rows.iter().map(|r| r.summary())),
        Err(e) => return (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
    Json(all).into_response()
}

async fn observe(
    Path(id): Path<u64>,
    ws: WebSocketUpgrade,
    State(st): State<HttpState>,
) -> Response {
    let Ok(permit) = st.observers.clone().try_acquire_owned() else {
        return (StatusCode::SERVICE_UNAVAILABLE, "too many observers").into_response();
    };
    let Some(sub) = st.live.subscribe(id) else {
        return (StatusCode::NOT_FOUND, "no such game in progress").into_response();
    };
    ws.max_message_size(4096)
        .on_upgrade(move |socket| async move {
            stream(socket, sub).await;
            drop(permit);
        })
}

async fn stream(mut socket: WebSocket, sub: crate::observe::Subscription) {
    let mut updates = sub.updates;
    if let Some(latest) = sub.latest {
        if socket
            .send(Message::Text(latest.to_string()))
            .await
            .is_err()
        {
            return;
        }
    }
    loop {
        tokio::select! {
            u = updates.recv() => match u {
                Ok(text) => {
                    if socket.send(Message::Text(text.to_string())).await.is_err() {
                        return;
                    }
                }
                // a slow observer skips states it missed
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => break,
            },
            m = socket.recv() => match m {
                // observers only listen: anything but a ping or pong ends the stream
                Some(Ok(Message::Ping(_))) | Some(Ok(Message::Pong(_))) => continue,
                _ => return,
            },
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}
