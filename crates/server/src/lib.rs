//! The one host of Tessera: every game of the registry, whoever sits at it. A seat is a
//! bot in the process, a program over TCP (Tessera's protocol, or the Q course's), or a
//! person in a browser; any mix at one table. One lobby, one set of running tables, one
//! store, one spectator path.
//!
//! Layers, a folder each, from the bottom (docs/architecture.md, "The host, one concern
//! per file"; `crates/server/layers` names them, and `scripts/circles` fails on a file
//! that uses a file of a higher layer, and on two modules that use each other): the
//! [`vocab`]ulary (settings, errors, secrets, a program's sign-up, metrics, mail); a
//! [`table`] and its seats, person links, store sink, state message, result and rating
//! data; what the host keeps ([`kept`]: the lobby, resumes, rematches, stored states,
//! sockets, accounts, the arena's queue, analyses); the [`host`]'s state (the `Host`);
//! the [`concerns`] over it (free functions over `&Host`: open, play, recovery, ..., the
//! arena's queue, pairing and pages, rating a table); the two [`doors`], `doors::tcp`
//! (programs, over `tessera_tcp`) and `doors::web` (the browser's API, WebSockets and
//! files); and this file's [`run`], both doors until shutdown. Every move is in the
//! [`store`] (`tessera_store`) before anyone sees it. The other end of the TCP door is
//! `tessera_tcp::client` (bots that sign up and play).
//!
//! ```no_run
//! # async fn f() -> Result<(), Box<dyn std::error::Error>> {
//! use tessera_server::{host::Host, store::Store, vocab::config::Config};
//! let (store, thread) = Store::start(std::path::Path::new("tessera.db"))?;
//! let host = Host::new(tessera_games::Registry::standard(), store, Config::default());
//! let tcp = tokio::net::TcpListener::bind("127.0.0.1:45678").await?;
//! let http = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! let grace = std::time::Duration::from_secs(10);
//! tessera_server::run(host, tcp, Some(http), grace, async { let _ = tokio::signal::ctrl_c().await; }).await;
//! thread.join();
//! # Ok(()) }
//! ```
#![deny(missing_docs)]

pub mod concerns;
pub mod doors;
pub mod host;
pub mod kept;
pub use tessera_store as store;
pub mod table;
pub use tessera_tcp as tcp;
pub mod vocab;

use std::future::Future;
use std::time::Duration;
use tokio::net::TcpListener;

/// Serves `host` on `tcp` (programs) and `http` (browsers) until `shutdown` resolves;
/// then turns not ready (`GET /readyz`: 503) and goes on serving for `Config::drain`,
/// then stops accepting, pauses every game in progress (it goes on at the next start: its
/// moves are in the store already), closes the doors and returns, within `grace`.
pub async fn run(
    host: host::Host,
    tcp: TcpListener,
    http: Option<TcpListener>,
    grace: Duration,
    shutdown: impl Future<Output = ()>,
) {
    let stop = host.stopping();
    let lease_task = {
        let host = host.clone();
        let tcp = tcp.local_addr().ok().map(|a| a.to_string());
        let http = http
            .as_ref()
            .and_then(|l| l.local_addr().ok())
            .map(|a| format!("http://{a}"));
        tokio::spawn(async move { crate::concerns::recovery::keep_lease(&host, http, tcp).await })
    };
    let reminders_task = {
        let host = host.clone();
        let mailer = host.config().mail.as_ref().and_then(|c| {
            crate::vocab::mail::Mailer::new(c)
                .map_err(|e| tracing::error!(error = %e, "no emails: the mail server's settings"))
                .ok()
        });
        let site = host.config().public_url.clone().or_else(|| {
            http.as_ref()
                .and_then(|l| l.local_addr().ok())
                .map(|a| format!("http://{a}"))
        });
        let site = site.unwrap_or_default();
        tokio::spawn(async move {
            crate::concerns::reminders::send_reminders(&host, mailer, site).await
        })
    };
    let tcp_task = {
        let host = host.clone();
        tokio::spawn(async move { crate::doors::tcp::serve_tcp(&host, tcp).await })
    };
    let http_task = http.map(|listener| {
        let app = doors::web::router(host.clone());
        let limits = doors::web::Limits::of(host.config());
        let stop = stop.clone();
        tokio::spawn(async move { doors::web::serve(listener, app, limits, stop).await })
    });
    tokio::select! {
        _ = shutdown => {}
        _ = stop.cancelled() => {}
    }
    // not ready from now on, while the doors still serve for `Config::drain`: a load
    // balancer that asks `GET /readyz` sends nobody new before they close
    host.health().stop();
    let drain = host.config().drain;
    if !drain.is_zero() {
        tracing::info!(
            ?drain,
            "stopping: not ready, the doors close after the drain"
        );
        tokio::select! {
            _ = tokio::time::sleep(drain) => {}
            _ = stop.cancelled() => {}
        }
    }
    tracing::info!("shutting down");
    host.shutdown(grace).await;
    let _ = lease_task.await;
    finish_within(Duration::from_secs(1), reminders_task).await;
    finish_within(Duration::from_secs(1), tcp_task).await;
    if let Some(t) = http_task {
        finish_within(Duration::from_secs(1), t).await;
    }
}

/// Waits for `task` at most `limit`, then aborts it: a door's task (and the connections it
/// holds) must not outlive the host, whose store the process waits for before it exits.
async fn finish_within<T>(limit: Duration, task: tokio::task::JoinHandle<T>) {
    let abort = task.abort_handle();
    if tokio::time::timeout(limit, task).await.is_err() {
        abort.abort();
    }
}
