//! The operator's endpoints: `GET /healthz` (the process answers), `GET /readyz` (it
//! may be sent people: the store answers, the lease is held, it is not stopping) and
//! `GET /metrics` (Prometheus's text format, [`crate::vocab::metrics`]); and the request id of
//! every request (a span in the log, the `x-request-id` header of the answer).

use super::errors::error;
use crate::host::Host;
use crate::store::GameId;
use crate::table::Phase;
use crate::vocab::metrics::{metrics, CONTENT_TYPE};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use std::time::Duration;
use tracing::Instrument;

/// How long `GET /readyz` waits for the store's answer.
const STORE_DEADLINE: Duration = Duration::from_secs(2);

/// The routes of the operator's endpoints.
pub(super) fn routes() -> Router<Host> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(render))
}

/// 200 while the process answers.
async fn healthz() -> Response {
    Json(json!({"status": "ok"})).into_response()
}

/// 200 when the host may be sent people; 503 with `{"error": WHY}` otherwise.
async fn readyz(State(host): State<Host>) -> Response {
    let r = ready(&host).await;
    metrics().ready.set(i64::from(r.is_ok()));
    match r {
        Ok(()) => Json(json!({"status": "ready", "node": host.store().node()})).into_response(),
        Err(why) => error(StatusCode::SERVICE_UNAVAILABLE, why),
    }
}

/// Why the host may not be sent people now, if it may not.
async fn ready(host: &Host) -> Result<(), String> {
    if host.health().stopping() || host.stopping().is_cancelled() {
        return Err("the server is stopping".into());
    }
    // a trivial query (a game that never exists), on the store's reader
    match tokio::time::timeout(STORE_DEADLINE, host.store().games().get(GameId(0))).await {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => return Err(format!("the store does not answer: {e}")),
        Err(_) => return Err("the store does not answer in time".into()),
    }
    if host.store().shared() && !host.health().lease_held(host.config().lease) {
        return Err("this node does not hold its lease on the store".into());
    }
    Ok(())
}

/// Whether `ip` is in one of `allowed` (an IPv4 address mapped into IPv6 as itself).
fn allowed(allowed: &[ipnet::IpNet], ip: std::net::IpAddr) -> bool {
    let ip = ip.to_canonical();
    allowed.iter().any(|n| n.contains(&ip))
}

/// Every metric, the host's state read now; for the addresses of `Config::metrics_allow`
/// only (403 for anyone else: the metrics tell how busy the site is and which games run).
async fn render(State(host): State<Host>, peer: super::conn::Peer) -> Response {
    if !allowed(&host.config().metrics_allow, peer.ip()) {
        return error(
            StatusCode::FORBIDDEN,
            "the metrics answer only the addresses the operator allows (--metrics-allow)",
        );
    }
    let m = metrics();
    m.games_live.reset();
    for entry in host.registry().iter() {
        let game = entry.name();
        for phase in ["waiting", "running"] {
            m.games_live.with_label_values(&[game, phase]);
        }
        // known from the start: a rate over them is defined before the first game
        m.moves.with_label_values(&[game]);
        m.games_started.with_label_values(&[game]);
    }
    for t in host.tables() {
        let phase = match t.state().phase {
            Phase::Waiting => "waiting",
            Phase::Running => "running",
            Phase::Paused | Phase::Ended(_) => continue,
        };
        m.games_live
            .with_label_values(&[t.entry.name(), phase])
            .inc();
    }
    m.node_info.reset();
    let kind = if host.store().shared() {
        "postgres"
    } else {
        "sqlite"
    };
    m.node_info
        .with_label_values(&[host.store().node(), kind])
        .set(1);
    ([(header::CONTENT_TYPE, CONTENT_TYPE)], m.render()).into_response()
}

/// The request's id: the one a proxy in front sent (`x-request-id`: up to 64 letters,
/// digits, `-`, `_` or `.`), else a fresh one ([`crate::vocab::metrics::next_id`]).
fn request_id(req: &Request) -> String {
    req.headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .filter(|v| {
            !v.is_empty()
                && v.len() <= 64
                && v.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        })
        .map_or_else(crate::vocab::metrics::next_id, str::to_string)
}

/// Runs a request in a span `request{request_id, peer}` (every line it logs carries the id),
/// logs its answer (but the operator's endpoints' 200s, asked every few seconds) and
/// sends the id back as `x-request-id`.
pub(super) async fn with_request_id(req: Request, next: Next) -> Response {
    let id = request_id(&req);
    let (method, path) = (req.method().clone(), req.uri().path().to_string());
    let peer = req.extensions().get::<super::conn::Peer>().map(|p| p.0);
    let span = match peer {
        Some(peer) => tracing::info_span!("request", request_id = %id, %peer),
        None => tracing::info_span!("request", request_id = %id),
    };
    let started = std::time::Instant::now();
    let mut r = next.run(req).instrument(span.clone()).await;
    let quiet = matches!(path.as_str(), "/healthz" | "/readyz" | "/metrics")
        && r.status() == StatusCode::OK;
    if !quiet {
        span.in_scope(|| {
            tracing::info!(
                %method,
                %path,
                status = r.status().as_u16(),
                ms = started.elapsed().as_secs_f64() * 1000.0,
                "answered"
            );
        });
    }
    if let Ok(v) = HeaderValue::from_str(&id) {
        r.headers_mut().insert("x-request-id", v);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::allowed;

    #[test]
    fn the_allow_list_matches_networks_of_both_families() {
        let list = crate::vocab::config::loopback();
        for ip in ["127.0.0.1", "::1", "::ffff:127.0.0.1"] {
            assert!(allowed(&list, ip.parse().unwrap()), "{ip}");
        }
        let others = [
            "127.0.0.2",
            "10.0.0.1",
            "::2",
            "2001:db8::1",
            "::ffff:10.0.0.1",
        ];
        for ip in others {
            assert!(!allowed(&list, ip.parse().unwrap()), "{ip}");
        }
        let open: Vec<ipnet::IpNet> = vec!["0.0.0.0/0".parse().unwrap()];
        assert!(allowed(&open, "203.0.113.9".parse().unwrap()));
        assert!(!allowed(&[], "127.0.0.1".parse().unwrap()));
    }
}
