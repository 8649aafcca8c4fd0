//! The other end of the TCP door: bots of the registry that sign up and play (what
//! `tessera client` runs, one connection per bot, and the load benchmark).

use crate::transport::{Dialect, TcpTransport};
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tessera_games::WireBot;
use tessera_referee::PlayerError;
use tokio::net::TcpStream;

/// Why a client stopped before the end of its game.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection failed.
    #[error(transparent)]
    Connection(#[from] PlayerError),
    /// Connecting failed.
    #[error("cannot connect: {0}")]
    Connect(std::io::Error),
    /// The server refused the sign-up.
    #[error("the server refused: {0}")]
    Refused(String),
    /// The server ejected this player.
    #[error("ejected: {0}")]
    Ejected(String),
    /// The server sent something that is not a call, or the bot could not answer.
    #[error("cannot answer {call}: {reason}")]
    Answer {
        /// The call (shortened).
        call: String,
        /// Why.
        reason: String,
    },
}

/// How one player's game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The player's name.
    pub name: String,
    /// Whether it won.
    pub won: bool,
    /// How many turns it took.
    pub turns: usize,
}

/// Where a client sits down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Join {
    /// The game's lobby (or an open table of the game).
    Game(String),
    /// A table with an open seat.
    Table(u64),
    /// A bot account's sign-up with its API token (the name is the account's): a rated
    /// game of the arena for `players` players when `rated`, else the game's lobby.
    Account {
        /// The game.
        game: String,
        /// The API token.
        token: String,
        /// A rated game of the arena.
        rated: bool,
        /// How many players (a rated game).
        players: usize,
        /// A rated game after another on this connection (`"again": true`).
        again: bool,
    },
    /// A bot account's challenge (docs/protocol.md 1.7): made to the account or house
    /// level `to` (`"challenge"`), the connection waiting for the answer; or accepted
    /// (`"accept"`: the challenge's id), the connection then being the seat.
    Challenge {
        /// The API token.
        token: String,
        /// What is asked.
        ask: ChallengeJoin,
    },
}

/// A challenge made or accepted ([`Join::Challenge`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeJoin {
    /// Challenges `to` to `game` (rated or not; rule options over the game's defaults).
    Make {
        /// Who is challenged.
        to: String,
        /// The game.
        game: String,
        /// Rated or not.
        rated: bool,
        /// Rule options (a JSON object, or null).
        options: serde_json::Value,
    },
    /// Accepts the challenge of this id.
    Accept(u64),
}

/// A player name (a JName: 1 to 20 letters and digits) from a strategy spec: the
/// strategy's name (the spec before its `:` parameters, letters and digits only, `bot`
/// when none are left), then `index`. `ismcts:iters=500` and index 2 give `ismcts2`, so
/// that the name stays readable; callers show which spec each name plays.
pub fn player_name(spec: &str, index: usize) -> String {
    let suffix = index.to_string();
    let strategy = spec.split(':').next().unwrap_or_default();
    let mut base: String = strategy
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(20usize.saturating_sub(suffix.len()))
        .collect();
    if base.is_empty() {
        base = "bot"
            .chars()
            .take(20usize.saturating_sub(suffix.len()))
            .collect();
    }
    format!("{base}{suffix}")
}

/// Connects to `addr`, signs up as `name` where `join` says, and plays with `bot` until
/// the server's `win` call (answered) or until the server closes the connection. Each
/// `take-turn` is answered after `think`.
pub async fn play(
    addr: SocketAddr,
    join: &Join,
    name: &str,
    bot: Box<dyn WireBot>,
    think: Duration,
) -> Result<Finished, ClientError> {
    play_on(&|| addr, join, name, bot, think, Duration::ZERO).await
}

/// [`play`], coming back when the connection is lost: with the resume token handed at
/// `setup`, it connects again (to `addr()`, every half second, for at most `patience`)
/// and takes its seat again, as a program should when the host restarts.
pub async fn play_on(
    addr: &(dyn Fn() -> SocketAddr + Sync),
    join: &Join,
    name: &str,
    bot: Box<dyn WireBot>,
    think: Duration,
    patience: Duration,
) -> Result<Finished, ClientError> {
    let mut done = play_games(addr, join, name, bot, think, patience, 1).await?;
    done.pop()
        .ok_or(ClientError::Connection(PlayerError::Closed))
}

/// [`play_on`] for `games` games one after the other on the same connection (a bot
/// account's rated games with `"again": true`): after each game's `win` the next call is
/// the next game's `setup`; the connection is closed after the last.
#[allow(clippy::too_many_arguments)]
pub async fn play_games(
    addr: &(dyn Fn() -> SocketAddr + Sync),
    join: &Join,
    name: &str,
    mut bot: Box<dyn WireBot>,
    think: Duration,
    patience: Duration,
    games: usize,
) -> Result<Vec<Finished>, ClientError> {
    let mut done = Vec::with_capacity(games);
    let connect = |a: SocketAddr| async move {
        let stream = TcpStream::connect(a).await.map_err(ClientError::Connect)?;
        Ok::<_, ClientError>(TcpTransport::new(
            stream,
            16 * 1024 * 1024,
            Dialect::Tessera,
            None,
        ))
    };
    let mut conn = connect(addr()).await?;
    let signup = match join {
        Join::Game(g) => json!({"name": name, "game": g}),
        Join::Table(t) => json!({"name": name, "table": t}),
        Join::Account {
            game,
            token,
            rated: true,
            players,
            again,
        } => {
            let mut s = json!({"token": token, "game": game, "rated": true, "players": players});
            if *again {
                s["again"] = json!(true);
            }
            s
        }
        Join::Account { game, token, .. } => json!({"token": token, "game": game}),
        Join::Challenge {
            token,
            ask:
                ChallengeJoin::Make {
                    to,
                    game,
                    rated,
                    options,
                },
        } => {
            let mut s = json!({"token": token, "challenge": to, "game": game});
            if *rated {
                s["rated"] = json!(true);
            }
            if !options.is_null() {
                s["options"] = options.clone();
            }
            s
        }
        Join::Challenge {
            token,
            ask: ChallengeJoin::Accept(id),
        } => json!({"token": token, "accept": id}),
    };
    conn.write(&signup.to_string()).await?;
    let mut turns = 0;
    let mut token: Option<String> = None;
    // the first message of a connection made again, read by `come_back`
    let mut pending: Option<String> = None;
    loop {
        let read = match pending.take() {
            Some(t) => Ok(t),
            None => conn.read().await,
        };
        let text = match read {
            Ok(t) => t,
            Err(e) => {
                // between two games of a series the host let the connection go (it
                // restarted: a connection's "again" does not outlive it): sign up anew
                if token.is_none() && !done.is_empty() && !patience.is_zero() {
                    let until = tokio::time::Instant::now() + patience;
                    loop {
                        if let Ok(mut c) = connect(addr()).await {
                            if c.write(&signup.to_string()).await.is_ok() {
                                conn = c;
                                break;
                            }
                        }
                        if tokio::time::Instant::now() >= until {
                            return Err(e.into());
                        }
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                    continue;
                }
                // the host is gone: come back with the token, if there is one
                let Some(t) = token.as_deref().filter(|_| !patience.is_zero()) else {
                    return Err(e.into());
                };
                let (c, first) = come_back(addr, t, patience, &connect).await.ok_or(e)?;
                (conn, pending) = (c, Some(first));
                continue;
            }
        };
        let bad = |reason: String| ClientError::Answer {
            call: text.chars().take(80).collect(),
            reason,
        };
        if text.starts_with('{') {
            let v: Value = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
            if let Some(why) = v.get("error").and_then(Value::as_str) {
                return Err(ClientError::Refused(why.to_string()));
            }
            if let Some(why) = v.get("ejected").and_then(Value::as_str) {
                return Err(ClientError::Ejected(why.to_string()));
            }
            return Err(bad("not a call".into()));
        }
        let (method, args): (&str, Vec<&RawValue>) =
            serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
        if method == "setup" {
            // a third argument {"resume": TOKEN}: the way back after a restart
            token = args
                .get(2)
                .and_then(|a| serde_json::from_str::<Value>(a.get()).ok())
                .and_then(|v| v.get("resume").and_then(Value::as_str).map(str::to_string));
        }
        // a thinking bot answers `think` after the call came, its own work included
        let asked = std::time::Instant::now();
        let reply = match method {
            "setup" | "take-turn" | "new-tiles" | "win" => bot.answer(&text).map_err(bad)?,
            other => return Err(bad(format!("unknown call {other:?}"))),
        };
        if method == "take-turn" {
            turns += 1;
            if !think.is_zero() {
                crate::pace::sleep_until(asked + think).await;
            }
        }
        if let Err(e) = conn.write(&reply).await {
            // the reply is lost with the connection: the host asks again after it comes back
            let Some(t) = token.as_deref().filter(|_| !patience.is_zero()) else {
                return Err(e.into());
            };
            let (c, first) = come_back(addr, t, patience, &connect).await.ok_or(e)?;
            (conn, pending) = (c, Some(first));
            continue;
        }
        if method == "win" {
            done.push(Finished {
                name: name.to_string(),
                won: args.first().map(|a| a.get()) == Some("true"),
                turns,
            });
            if done.len() >= games {
                conn.shutdown().await;
                return Ok(done);
            }
            // the next game's calls come on this connection
            turns = 0;
            token = None;
        }
    }
}

/// Connects again and again (every half second, for at most `patience`) until the host
/// takes the seat back; returns the connection and the first message it sent. A refusal
/// (`{"error": ...}`) is tried again too: the host that answered may be one that is
/// stopping, or one that has not yet taken the game over from a node that died.
async fn come_back<F, Fut>(
    addr: &(dyn Fn() -> SocketAddr + Sync),
    token: &str,
    patience: Duration,
    connect: &F,
) -> Option<(TcpTransport, String)>
where
    F: Fn(SocketAddr) -> Fut,
    Fut: std::future::Future<Output = Result<TcpTransport, ClientError>>,
{
    let until = tokio::time::Instant::now() + patience;
    while tokio::time::Instant::now() < until {
        if let Ok(mut c) = connect(addr()).await {
            let hello = json!({ "resume": token }).to_string();
            if c.write(&hello).await.is_ok() {
                let left = until.saturating_duration_since(tokio::time::Instant::now());
                if let Ok(Ok(first)) = tokio::time::timeout(left, c.read()).await {
                    let refused = serde_json::from_str::<Value>(&first)
                        .is_ok_and(|v| v.get("error").is_some());
                    if !refused {
                        return Some((c, first));
                    }
                    tracing::debug!(answer = %first, "the seat is not back yet");
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::player_name;

    #[test]
    fn player_names_keep_the_strategy_and_stay_jnames() {
        assert_eq!(player_name("ismcts:iters=500", 2), "ismcts2");
        assert_eq!(player_name("greedy", 1), "greedy1");
        assert_eq!(player_name("drawer:below=10,max=2", 11), "drawer11");
        assert_eq!(player_name("bot", 7), "bot7");
        assert_eq!(player_name(":x=1", 3), "bot3");
        let long = player_name("averyveryverylongstrategyname", 123);
        assert_eq!(long, "averyveryverylong123");
        for n in [long, player_name("ñ-é", 4)] {
            assert!((1..=20).contains(&n.len()), "{n}");
            assert!(n.chars().all(|c| c.is_ascii_alphanumeric()), "{n}");
        }
    }
}
