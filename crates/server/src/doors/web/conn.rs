//! The connections of the browser's door: at most so many at once, and so many from one
//! address, an idle limit between requests, a time limit on a request's headers, a time
//! limit on every write the client leaves untaken, and bounded buffers (hyper's, the
//! kernel's send buffer); WebSocket upgrades live on, under the same write limit and
//! buffers. Each request knows its connection's [`Peer`].

use crate::vocab::config::later;
use axum::http::StatusCode;
use axum::response::Response;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tokio::time::Instant;

/// The caps of the browser's door.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most connections at once (over the cap a new connection is closed at once).
    pub max_connections: usize,
    /// Most connections at once from one address (over it a new connection from that
    /// address is closed at once).
    pub per_address: usize,
    /// The load balancers whose `X-Forwarded-For` names the client
    /// (`Config::trusted_proxies`).
    pub trusted: Arc<[std::net::IpAddr]>,
    /// How long a connection may wait for a request (before its first, between two of a
    /// keep-alive connection); then it is closed.
    pub idle: Duration,
    /// How long a request's headers may take, from the moment the connection waits for
    /// a request (hyper's `header_read_timeout`).
    pub header_timeout: Duration,
    /// How long a write may wait for the client to make room (`Config::write_timeout`);
    /// then the connection is reset.
    pub write_timeout: Duration,
    /// Each connection's `SO_SNDBUF` (`Config::http_send_buffer`; 0: the kernel's).
    pub send_buffer: usize,
}

/// The most bytes hyper buffers for one connection, each way: a request's head (a
/// browser's is under 8 KiB; a longer one is refused with 431) and pipelined requests
/// read ahead; answers queued for the socket. hyper's default is about 400 KiB each way,
/// which a client that pipelines requests and never reads fills on every connection.
pub const MAX_BUF: usize = 16 * 1024;

impl Limits {
    /// The limits `config` sets.
    pub fn of(config: &crate::vocab::config::Config) -> Limits {
        Limits {
            max_connections: config.max_http_connections,
            per_address: config.max_http_connections_per_address,
            trusted: config.trusted_proxies.clone().into(),
            idle: config.http_idle,
            header_timeout: config.http_header_timeout,
            write_timeout: config.write_timeout,
            send_buffer: config.http_send_buffer,
        }
    }
}

/// Serves `app` on `listener` (HTTP/1.1 with WebSocket upgrades) until `stop` fires,
/// within `limits`: at most so many connections at once, in all and from one address
/// (over a cap a connection is closed at once); a connection that sends no request for
/// `limits.idle` is closed (so idle sockets do not hold the cap); a request's headers
/// must be in within `limits.header_timeout` of the connection's waiting for them; a
/// write the client leaves waiting for `limits.write_timeout` resets the connection (so
/// a client that pipelines requests and never reads their answers holds its slot
/// seconds, not for ever); hyper buffers at most [`MAX_BUF`] each way, the kernel
/// `limits.send_buffer`.
///
/// hyper's own `header_read_timeout` starts when the connection waits for a request's
/// head (after the previous response, or at the start): it bounds idle time and slow
/// headers together, with one limit. The idle limit is shorter, and applies only while
/// no byte of a request has arrived (`IdleGuard`); a request that has begun has until
/// the header timeout.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    stop: tessera_referee::CancellationToken,
) {
    let caps = tessera_tcp::Caps::new(limits.max_connections, limits.per_address);
    let mut connections = JoinSet::new();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
            _ = stop.cancelled() => break,
        };
        let (stream, peer) = match accepted {
            Ok((stream, peer)) => (stream, peer),
            Err(e) => {
                tracing::warn!(error = %e, "HTTP accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let permit = match caps.admit(peer.ip()) {
            Ok(p) => p,
            Err(e) => {
                let why = match e {
                    tessera_tcp::Crowded::Total => "too many connections",
                    tessera_tcp::Crowded::Address => "too many connections from its address",
                };
                tracing::warn!(%peer, "HTTP connection refused: {why}");
                crate::vocab::metrics::cap_hit(match e {
                    tessera_tcp::Crowded::Total => "http_connections",
                    tessera_tcp::Crowded::Address => "http_connections_per_address",
                });
                continue;
            }
        };
        if limits.send_buffer > 0 {
            if let Err(e) = socket2::SockRef::from(&stream).set_send_buffer_size(limits.send_buffer)
            {
                tracing::warn!(error = %e, "cannot set an HTTP connection's send buffer");
            }
        }
        let activity = Arc::new(Activity::new());
        let service = Watched {
            inner: TowerToHyperService::new(app.clone()),
            activity: activity.clone(),
            peer,
            trusted: limits.trusted.contains(&peer.ip().to_canonical()),
        };
        let io = IdleGuard::new(stream, activity, limits.idle, limits.write_timeout);
        let stop = stop.clone();
        let header_timeout = limits.header_timeout;
        connections.spawn(async move {
            let _open = crate::vocab::metrics::http_connection();
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .max_buf_size(MAX_BUF);
            let conn = http
                .serve_connection(TokioIo::new(io), service)
                .with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stop.cancelled() => {
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

/// The address of an HTTP request's peer: set by [`serve`] for every connection; a
/// request that did not come through it (a test of the router alone) reads as
/// `0.0.0.0:0`. An extractor.
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub std::net::SocketAddr);

impl Peer {
    /// The peer's IP address.
    pub fn ip(&self) -> std::net::IpAddr {
        self.0.ip()
    }
}

#[axum::async_trait]
impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Peer, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Peer>()
            .copied()
            .unwrap_or(Peer(std::net::SocketAddr::from(([0, 0, 0, 0], 0)))))
    }
}

/// The client a load balancer names: the last entry of the last `X-Forwarded-For`
/// header (the one the balancer appended; entries before it are the client's word).
///
/// ```
/// use axum::http::HeaderMap;
/// use tessera_server::doors::web::conn::forwarded_for;
/// let mut h = HeaderMap::new();
/// assert_eq!(forwarded_for(&h), None);
/// h.append("x-forwarded-for", "1.2.3.4, 10.0.0.7".parse().unwrap());
/// assert_eq!(forwarded_for(&h), Some("10.0.0.7".parse().unwrap()));
/// h.append("x-forwarded-for", " 2001:db8::1 ".parse().unwrap());
/// assert_eq!(forwarded_for(&h), Some("2001:db8::1".parse().unwrap()));
/// h.append("x-forwarded-for", "nonsense".parse().unwrap());
/// assert_eq!(forwarded_for(&h), None);
/// ```
pub fn forwarded_for(headers: &axum::http::HeaderMap) -> Option<std::net::IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?;
    let entry = last.to_str().ok()?.rsplit(',').next()?.trim();
    entry.parse().ok()
}

/// What one HTTP connection is doing, as its [`IdleGuard`] needs to know: requests being
/// answered, whether it became a WebSocket, whether a request has begun to arrive, when
/// it last read or wrote.
#[derive(Debug)]
struct Activity(std::sync::Mutex<ActivityState>);

#[derive(Debug)]
struct ActivityState {
    busy: usize,
    upgraded: bool,
    request: bool,
    last: Instant,
}

impl Activity {
    fn new() -> Activity {
        Activity(std::sync::Mutex::new(ActivityState {
            busy: 0,
            upgraded: false,
            request: false,
            last: Instant::now(),
        }))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, ActivityState> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Bytes arrived: between requests, the next request has begun.
    fn read(&self) {
        let mut st = self.state();
        st.last = Instant::now();
        if st.busy == 0 {
            st.request = true;
        }
    }

    fn wrote(&self) {
        self.state().last = Instant::now();
    }

    /// When the connection counts as idle for too long, if it is idle now.
    fn idle_until(&self, idle: Duration) -> Option<Instant> {
        let st = self.state();
        (!st.upgraded && st.busy == 0 && !st.request).then(|| later(st.last, idle))
    }
}

/// A request being answered (from the call of the service to its response).
struct Busy(Arc<Activity>);

impl Busy {
    fn new(activity: Arc<Activity>) -> Busy {
        activity.state().busy += 1;
        Busy(activity)
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let mut st = self.0.state();
        st.busy = st.busy.saturating_sub(1);
        if st.busy == 0 {
            st.request = false;
            st.last = Instant::now();
        }
    }
}

/// A request's connection, for an answer that goes on long after its head (the HTTP bot
/// API's streams, [`super::bot`]): while a [`Streaming::hold`] lives, the connection counts
/// as answering a request (no idle limit; the write limit still holds).
#[derive(Clone)]
pub struct Streaming(Arc<Activity>);

/// The connection of a [`Streaming`] kept busy, until dropped.
pub struct Hold(#[allow(dead_code)] Busy);

impl Streaming {
    /// Keeps the connection busy until the hold is dropped.
    pub fn hold(&self) -> Hold {
        Hold(Busy::new(self.0.clone()))
    }
}

/// The router's service, telling the connection's [`Activity`] when a request is being
/// answered and when the connection becomes a WebSocket.
struct Watched {
    inner: TowerToHyperService<Router>,
    activity: Arc<Activity>,
    /// The connection's peer (handlers read it as [`Peer`]).
    peer: std::net::SocketAddr,
    /// Whether the peer is a trusted load balancer: its requests' client is the last
    /// entry of their `X-Forwarded-For`.
    trusted: bool,
}

impl hyper::service::Service<hyper::Request<hyper::body::Incoming>> for Watched {
    type Response = Response;
    type Error = std::convert::Infallible;
    type Future = std::pin::Pin<Box<dyn Future<Output = Result<Response, Self::Error>> + Send>>;

    fn call(&self, mut req: hyper::Request<hyper::body::Incoming>) -> Self::Future {
        let peer = if self.trusted {
            forwarded_for(req.headers()).map_or(self.peer, |ip| std::net::SocketAddr::new(ip, 0))
        } else {
            self.peer
        };
        req.extensions_mut().insert(Peer(peer));
        req.extensions_mut()
            .insert(Streaming(self.activity.clone()));
        let busy = Busy::new(self.activity.clone());
        let answer = self.inner.call(req);
        Box::pin(async move {
            let r = answer.await;
            if matches!(&r, Ok(resp) if resp.status() == StatusCode::SWITCHING_PROTOCOLS) {
                // a WebSocket from now on: it has its own life, no idle limit here
                busy.0.state().upgraded = true;
            }
            drop(busy);
            r
        })
    }
}

/// A connection's socket that reads as ended once the connection has waited
/// `idle` for a request: no request being answered, no byte of the next one arrived, not
/// a WebSocket. hyper then closes it as a client that left between requests.
///
/// Its writes have a deadline: a write that finds the send buffer full waits at most
/// `write_timeout` for the client to take some of it; then the socket is reset (its
/// unsent bytes dropped at once, `SO_LINGER` 0) and the write fails, which ends the
/// connection, or the WebSocket it became. hyper has no such limit: a connection
/// blocked on a write waits for the client for ever, and its idle guard above acts only
/// while a read is pending.
struct IdleGuard {
    io: TcpStream,
    activity: Arc<Activity>,
    idle: Duration,
    timer: std::pin::Pin<Box<tokio::time::Sleep>>,
    write_timeout: Duration,
    /// While a write waits for room: when it fails.
    write_due: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl IdleGuard {
    fn new(
        io: TcpStream,
        activity: Arc<Activity>,
        idle: Duration,
        write_timeout: Duration,
    ) -> IdleGuard {
        let at = later(Instant::now(), idle);
        IdleGuard {
            io,
            activity,
            idle,
            timer: Box::pin(tokio::time::sleep_until(at)),
            write_timeout,
            write_due: None,
        }
    }

    /// What a write returned, under the write deadline: progress ends the wait; a write
    /// that waits (the send buffer full) starts it, or fails once it is over.
    fn written(
        &mut self,
        cx: &mut Context<'_>,
        r: Poll<std::io::Result<usize>>,
    ) -> Poll<std::io::Result<usize>> {
        match r {
            Poll::Pending => {
                let timeout = self.write_timeout;
                let due = self.write_due.get_or_insert_with(|| {
                    Box::pin(tokio::time::sleep_until(later(Instant::now(), timeout)))
                });
                if due.as_mut().poll(cx).is_pending() {
                    return Poll::Pending;
                }
                // the client took nothing in time: drop what the kernel holds for it
                let _ = self.io.set_zero_linger();
                crate::vocab::metrics::cap_hit("write_timeout");
                tracing::debug!("a connection took no write in time: reset");
                Poll::Ready(Err(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the client took no write in time",
                )))
            }
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.write_due = None;
                    self.activity.wrote();
                }
                Poll::Ready(Ok(n))
            }
            r => r,
        }
    }
}

impl Drop for IdleGuard {
    fn drop(&mut self) {
        // dropped while a write waits for the client (a WebSocket closed for silence, say):
        // the bytes the kernel holds for it go at once, with a reset, rather than after
        // minutes of retries to a client that takes nothing
        if self.write_due.is_some() {
            let _ = self.io.set_zero_linger();
        }
    }
}

impl AsyncRead for IdleGuard {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match std::pin::Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.activity.read();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => {
                let Some(at) = this.activity.idle_until(this.idle) else {
                    return Poll::Pending;
                };
                if this.timer.deadline() != at {
                    this.timer.as_mut().reset(at);
                }
                // idle too long: the end of the stream
                this.timer.as_mut().poll(cx).map(Ok)
            }
        }
    }
}

impl AsyncWrite for IdleGuard {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let r = std::pin::Pin::new(&mut this.io).poll_write(cx, buf);
        this.written(cx, r)
    }

    fn poll_write_vectored(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let r = std::pin::Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.written(cx, r)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}
