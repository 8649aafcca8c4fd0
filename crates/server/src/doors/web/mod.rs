//! The browser's door: the web client's files, a JSON API and one WebSocket per game.
//!
//! * `GET /`, `GET /static/FILE`: the web client (every file of `web/`, embedded: its
//!   manifest `/static/manifest.webmanifest` and icons too);
//! * `GET /sw.js`: the service worker (`web/sw.js` after the list of files it keeps
//!   for offline use and their version), at the root so that its scope is the site;
//! * `GET /api/registry`: the games, their seats, rule options and bots, and the TCP port
//!   programs connect to;
//! * `GET /api/games?limit=N&before=ID&game=G&status=S`: the games, newest first, paged
//!   (`status` also `live` or `ended`); seeds (of ended games) are strings;
//! * `POST /api/games`: a new table (`{game, seats: [{kind, spec, name}], options, seed,
//!   delay_ms, clock_s}`; `kind` is `human`, `bot` or `program`); answers `{id, tokens}`;
//!   every field is checked (a 400 with `{error}` in words otherwise); a `seed` is taken
//!   only for practice (no seat for a program, no other account's seat: a 400 otherwise),
//!   else the server draws it and commits to it (`tessera_games::deal`);
//! * `GET /api/games/ID?token=T`: the game as the seat of token `T` (or a spectator)
//!   sees it;
//! * `GET /api/games/ID/ws?token=T`: the same, live, over a WebSocket; a person sends
//!   `{"move": MOVE}` and may set the bots' pace, `{"delay_ms": N}` (a spectator only
//!   at an unrated table of bots and programs, at most 4 a second; a change of pace is
//!   sent to nobody else: the others see it with the next move), and may ask how many
//!   watch (`{"watching": "count"}`, `{"watching": "names"}`); the upgrade is refused
//!   (403) when its `Origin` is another site's page ([`origin`]);
//!   a seat of a rated game is its account's: its view, socket, resignation and hints need
//!   the account's session too;
//! * `GET /api/games/ID/replay`: every step of a game, public information only;
//! * `GET /api/games/ID/record`: an ended game's record (what `tessera replay` reads);
//! * `GET /api/games/ID/analysis?seat=N&iters=N`: an ended game's analysis (every move of
//!   the seat, default the people's, judged by the search from the seat's view;
//!   `tessera_games::analysis::Analysis`). The first request starts it on a blocking
//!   thread: 202 with `{"status": "running", "done", "total"}` until it is done, then 200
//!   with the analysis; 503 (`Retry-After`) while the host's analysis slots are all busy;
//!   409 for a game that has not ended;
//! * `POST /api/games/ID/resign` (`{token}`): the person of the token resigns; the game
//!   is stored `resigned` and the best of the others win;
//! * `POST /api/games/ID/rematch` (`{token}`): a person of an ended game asks for a
//!   rematch (same rules, bots, pace and clock, seats rotated, a fresh seed); answers
//!   `{id, seat, token}`, the same table for every person of the game who asks;
//! * `POST /api/games/ID/hint` (`{token}`): for a person playing bots only (not rated),
//!   at their turn: the strongest house level's move from their view (`{move, by,
//!   plays, at_move}`); each hint is stored with the game (`hints_used` in its result and
//!   record);
//! * `GET /api/tables?game=G`: the tables waiting for players;
//! * `POST /api/games` with `days` (1, 2, 3 or 7): a turn-based game, made by a signed-in
//!   person (session and CSRF header) for accounts (`seats: [{kind: "human", account}]`,
//!   the maker's seat without one) and bots; `GET /api/turns`, the account's inbox, and
//!   its email address for reminders (`turns`);
//! * `GET /healthz`, `GET /readyz`, `GET /metrics`: the operator's (`ops`;
//!   `docs/operations.md`); every answer carries its request's `x-request-id`.
//!
//! and the arena's routes ([`arena`]: accounts, sessions, API tokens, the queue,
//! leaderboards), and the HTTP bot API ([`bot`]: `POST /api/bot/play`, a bot account's
//! program's seat as an NDJSON stream; `POST /api/bot/seat/ID`, its replies).
//!
//! Every refusal is `{"error": WHY}` with its status, those of axum's extractors (a query
//! string or a path that does not parse, a body too large) and of a route or method that
//! is not there included ([`errors::json_refusals`]).
//!
//! Files, one concern each: [`errors`] (the one JSON refusal and the statuses of the
//! host's and the arena's errors), `games` (the game handlers), `socket` (the WebSockets:
//! play, watch, relay), `outbox` (what a WebSocket sends: one message in flight, a short
//! queue, a deadline), [`origin`] (whose pages may open a WebSocket), `turns` (the inbox,
//! the email address), [`arena`], [`conn`] (the connections: their cap, idle limit,
//! header timeout, write deadline and buffers, the [`Peer`]), [`body`] (request bodies:
//! their size, deadline and rate), `ops` (health, readiness, metrics, request ids).

pub mod arena;
pub mod body;
pub mod bot;
mod challenges;
pub mod conn;
pub mod errors;
mod games;
mod join;
mod ops;
pub mod origin;
mod outbox;
mod socket;
mod turns;

pub use conn::{serve, Limits, Peer};

use crate::host::Host;
use axum::Router;

/// The router of the browser's door.
pub fn router(host: Host) -> Router {
    let bodies = body::BodyLimits::of(host.config());
    let bots = bot::BotStreams::new(host.config());
    Router::new()
        .merge(bot::routes(bots))
        .merge(games::routes())
        .merge(socket::routes())
        .merge(arena::routes())
        .merge(challenges::routes())
        .merge(join::routes())
        .merge(turns::routes())
        .merge(ops::routes())
        .layer(axum::middleware::from_fn_with_state(bodies, body::bounded))
        .layer(axum::middleware::map_response(errors::json_refusals))
        .layer(axum::middleware::from_fn(ops::with_request_id))
        .with_state(host)
}
