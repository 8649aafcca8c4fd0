//! Request bodies: read whole before a handler sees them, within a size
//! (`Config::max_body`, over it 413), a deadline (`Config::body_timeout`) and a minimum
//! rate (`Config::body_min_rate` once `config::BODY_GRACE` has passed), past which 408.
//! A client that sends a body a byte at a time, or none at all after announcing one,
//! holds its connection for seconds, not for ever. Every refusal is the JSON one.

use super::errors::error;
use crate::vocab::config::{Config, BODY_GRACE};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use futures_util::StreamExt;
use std::time::Duration;
use tokio::time::Instant;

/// The limits of a request's body.
#[derive(Clone, Copy, Debug)]
pub struct BodyLimits {
    /// The most bytes.
    pub max: usize,
    /// The longest it may take, all of it.
    pub timeout: Duration,
    /// The fewest bytes a second, once [`BODY_GRACE`] has passed.
    pub min_rate: u64,
}

impl BodyLimits {
    /// The limits `config` sets.
    pub fn of(config: &Config) -> BodyLimits {
        BodyLimits {
            max: config.max_body,
            timeout: config.body_timeout,
            min_rate: config.body_min_rate,
        }
    }

    /// When the body must have more than `got` bytes, `started` being when it began: by
    /// the deadline, and by when the rate would fall under the minimum.
    fn due(&self, started: Instant, got: usize) -> Instant {
        let deadline = crate::vocab::config::later(started, self.timeout);
        if self.min_rate == 0 {
            return deadline;
        }
        // `got` bytes at `min_rate` cover this long from the start
        let covered = Duration::from_secs_f64(got as f64 / self.min_rate as f64);
        crate::vocab::config::later(started, covered.max(BODY_GRACE)).min(deadline)
    }
}

/// The middleware: a request with a body gets it read here, within `limits`.
pub async fn bounded(State(limits): State<BodyLimits>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let length = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let chunked = headers.contains_key(header::TRANSFER_ENCODING);
    if length.unwrap_or(0) == 0 && !chunked {
        return next.run(req).await;
    }
    if length.is_some_and(|n| n > limits.max as u64) {
        return too_large(limits.max);
    }
    let (parts, body) = req.into_parts();
    let mut stream = body.into_data_stream();
    let started = Instant::now();
    let mut bytes = Vec::with_capacity(length.unwrap_or(0).min(limits.max as u64) as usize);
    loop {
        let due = limits.due(started, bytes.len());
        match tokio::time::timeout_at(due, stream.next()).await {
            Err(_) => {
                tracing::info!(got = bytes.len(), "a request's body came too slowly");
                crate::vocab::metrics::cap_hit("body_rate");
                return error(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request's body came too slowly (all of it within {}, at least {} bytes a second)",
                        crate::vocab::config::human(limits.timeout),
                        limits.min_rate
                    ),
                );
            }
            Ok(None) => break,
            Ok(Some(Err(e))) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    format!("the request's body could not be read: {e}"),
                )
            }
            Ok(Some(Ok(chunk))) => {
                if bytes.len() + chunk.len() > limits.max {
                    return too_large(limits.max);
                }
                bytes.extend_from_slice(&chunk);
            }
        }
    }
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

fn too_large(max: usize) -> Response {
    crate::vocab::metrics::cap_hit("body_size");
    error(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request's body is too large (at most {max} bytes)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_is_due_by_its_rate_and_by_the_deadline() {
        let l = BodyLimits {
            max: 1 << 20,
            timeout: Duration::from_secs(10),
            min_rate: 1000,
        };
        let t = Instant::now();
        // the grace first
        assert_eq!(l.due(t, 0), t + BODY_GRACE);
        assert_eq!(l.due(t, 1500), t + BODY_GRACE);
        // then a byte a millisecond
        assert_eq!(l.due(t, 5000), t + Duration::from_secs(5));
        // never past the deadline
        assert_eq!(l.due(t, 500_000), t + Duration::from_secs(10));
        let no_rate = BodyLimits { min_rate: 0, ..l };
        assert_eq!(no_rate.due(t, 0), t + Duration::from_secs(10));
    }
}
