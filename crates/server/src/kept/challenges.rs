//! Challenges: one account asks another, by name, for a game (which game, its rules, a
//! person's time per move, rated or not). A person challenges from an account's page, a
//! bot account's program with a sign-up (`{"token", "challenge": NAME, "game"}` over TCP or
//! the HTTP bot API); the challenged account answers: a person from the inbox, a program
//! by signing up with `{"token", "accept": ID}` (its connection is its seat), either by
//! declining. A house level always accepts at once, and so does an account that waits in
//! the arena's queue for that game when the challenge is rated (one mechanism with the
//! queue: [`crate::concerns::arena`]).
//!
//! The challenger stays present while it waits (a program's connection, a person's page
//! asking for the challenge every second or so): a challenger who leaves withdraws it.
//! Here is the state: the challenges of this node by id, each with its challenger's
//! presence ([`Waiter`]). Caps: [`SENT_MAX`] waiting per challenger, [`RECEIVED_MAX`] per
//! challenged account, [`ALL_MAX`] in all; a challenge unanswered for
//! `Config::challenge_expiry` (2 minutes) expires, one ended is forgotten [`KEPT`] later.
//! Challenges live on the node that holds their challenger's connection or page; a
//! restart ends those waiting (nothing of a game is lost: none was made yet).

use crate::kept::arena::Waiter;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;
use tokio::time::Instant;

/// The most challenges an account may have waiting for answers.
pub const SENT_MAX: usize = 3;
/// The most challenges that may wait for one account's answer.
pub const RECEIVED_MAX: usize = 20;
/// The most challenges waiting on a node, in all.
pub const ALL_MAX: usize = 4096;
/// How long a challenge that ended (started, declined, withdrawn, expired) is kept for its
/// two accounts to read.
pub const KEPT: Duration = Duration::from_secs(120);

/// One side of a challenge: an account (a person's or a bot's), or a house level.
#[derive(Clone, Debug, PartialEq)]
pub enum Party {
    /// An account.
    Account {
        /// Its id.
        id: u64,
        /// Its name.
        name: String,
        /// Whether it is a bot account (its programs play).
        bot: bool,
    },
    /// A house level (`level:3`) with its fixed rating.
    House {
        /// The level's spec.
        spec: String,
        /// Its fixed rating.
        rating: f64,
    },
}

impl Party {
    /// The account's id (none for a house level).
    pub fn account(&self) -> Option<u64> {
        match self {
            Party::Account { id, .. } => Some(*id),
            Party::House { .. } => None,
        }
    }

    /// The name shown.
    pub fn name(&self) -> &str {
        match self {
            Party::Account { name, .. } => name,
            Party::House { spec, .. } => spec,
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Party::Account { bot: true, .. } => "bot",
            Party::Account { bot: false, .. } => "person",
            Party::House { .. } => "house",
        }
    }
}

/// Where a challenge stands.
#[derive(Clone, Debug, PartialEq)]
pub enum State {
    /// Waiting for the challenged account's answer.
    Waiting,
    /// Accepted: its game is being opened.
    Opening,
    /// Its game started.
    Started {
        /// The game.
        game_id: crate::store::GameId,
        /// The challenger's seat token, when the challenger is a person (its page
        /// fetches it).
        token: Option<String>,
    },
    /// The challenged account declined it.
    Declined {
        /// Its words, if any.
        reason: String,
    },
    /// Its challenger withdrew it or left.
    Withdrawn,
    /// Nobody answered in time.
    Expired,
    /// Its game could not open.
    Failed {
        /// Why.
        why: String,
    },
}

impl State {
    fn word(&self) -> &'static str {
        match self {
            State::Waiting => "waiting",
            State::Opening => "opening",
            State::Started { .. } => "started",
            State::Declined { .. } => "declined",
            State::Withdrawn => "withdrawn",
            State::Expired => "expired",
            State::Failed { .. } => "failed",
        }
    }
}

/// A challenge.
pub struct Challenge {
    /// Its id (random, so that ids tell nothing of how many there are).
    pub id: u64,
    /// Who challenges.
    pub from: Party,
    /// Who is challenged.
    pub to: Party,
    /// The game (its registered name).
    pub game: &'static str,
    /// Rule options over the game's defaults (a JSON object).
    pub options: Value,
    /// Whether the game is rated.
    pub rated: bool,
    /// The table's clock for people, if any.
    pub clock: Option<crate::table::clock::Clock>,
    /// When it was made (ms since the epoch).
    pub made_ms: i64,
    /// When it was made or ended (its expiry and forgetting count from here).
    pub at: Instant,
    /// Where it stands.
    pub state: State,
    /// Its challenger's presence while it waits (taken when it is answered).
    pub(crate) waiter: Option<Waiter>,
}

impl std::fmt::Debug for Challenge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Challenge")
            .field("id", &self.id)
            .field("from", &self.from)
            .field("to", &self.to)
            .field("game", &self.game)
            .field("state", &self.state)
            .finish()
    }
}

impl Challenge {
    /// Whether it still waits for an answer.
    pub fn waiting(&self) -> bool {
        self.state == State::Waiting
    }

    /// Ends it (`state`), from now on counted towards its forgetting.
    pub(crate) fn end(&mut self, state: State) -> Option<Waiter> {
        self.state = state;
        self.at = Instant::now();
        self.waiter.take()
    }

    /// How account `me` sees it (the challenger's seat token only to a person
    /// challenger).
    pub fn view(&self, me: u64, title: &str, expiry: Duration) -> Value {
        let mine = self.from.account() == Some(me);
        let (clock_s, time_control) = crate::table::clock::Clock::as_asked(self.clock);
        let mut v = json!({
            "id": self.id,
            "from": {"name": self.from.name(), "kind": self.from.kind()},
            "to": {"name": self.to.name(), "kind": self.to.kind()},
            "mine": mine,
            "game": self.game,
            "title": title,
            "options": self.options,
            "rated": self.rated,
            "clock_s": clock_s,
            "time_control": time_control,
            "made": self.made_ms,
            "state": self.state.word(),
        });
        match &self.state {
            State::Waiting => {
                let left = expiry.saturating_sub(self.at.elapsed());
                v["expires_in_ms"] = json!(left.as_millis() as u64);
            }
            State::Started { game_id, token } => {
                v["game_id"] = json!(game_id);
                if let (true, Some(t)) = (mine, token) {
                    v["token"] = json!(t);
                }
            }
            State::Declined { reason } => v["reason"] = json!(reason),
            State::Failed { why } => v["reason"] = json!(why),
            _ => {}
        }
        v
    }
}

/// The challenges of a node, by id.
#[derive(Debug, Default)]
pub struct Challenges {
    pub(crate) by_id: HashMap<u64, Challenge>,
    /// Whether the task that expires them runs.
    pub(crate) pruning: bool,
}

impl Challenges {
    /// How many wait for answers: in all, sent by `from`, and received by `to`.
    pub fn counts(&self, from: u64, to: Option<u64>) -> (usize, usize, usize) {
        let waiting = self.by_id.values().filter(|c| c.waiting());
        let (mut all, mut sent, mut received) = (0, 0, 0);
        for c in waiting {
            all += 1;
            sent += usize::from(c.from.account() == Some(from));
            received += usize::from(to.is_some() && c.to.account() == to);
        }
        (all, sent, received)
    }

    /// A new id, not in use.
    pub(crate) fn new_id(&self) -> u64 {
        loop {
            // at most 2^53: a number a browser's JavaScript reads exactly
            let id = (rand::random::<u64>() >> 11).max(1);
            if !self.by_id.contains_key(&id) {
                return id;
            }
        }
    }

    /// The challenges `me` made or received, newest first.
    pub fn of(&self, me: u64) -> Vec<&Challenge> {
        let mut v: Vec<&Challenge> = self
            .by_id
            .values()
            .filter(|c| c.from.account() == Some(me) || c.to.account() == Some(me))
            .collect();
        v.sort_by(|a, b| b.made_ms.cmp(&a.made_ms).then(b.id.cmp(&a.id)));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const E: Duration = Duration::from_secs(120);

    fn account(id: u64) -> Party {
        Party::Account {
            id,
            name: format!("a{id}"),
            bot: id.is_multiple_of(2),
        }
    }

    fn challenge(c: &Challenges, from: u64, to: u64, state: State) -> Challenge {
        Challenge {
            id: c.new_id(),
            from: account(from),
            to: account(to),
            game: "q",
            options: json!({}),
            rated: false,
            clock: None,
            made_ms: 0,
            at: Instant::now(),
            state,
            waiter: None,
        }
    }

    #[tokio::test]
    async fn only_waiting_challenges_count_against_the_caps() {
        let mut c = Challenges::default();
        for (from, to, state) in [
            (1, 2, State::Waiting),
            (1, 3, State::Waiting),
            (4, 2, State::Waiting),
            (1, 2, State::Expired),
            (
                1,
                2,
                State::Started {
                    game_id: crate::store::GameId(7),
                    token: None,
                },
            ),
        ] {
            let ch = challenge(&c, from, to, state);
            c.by_id.insert(ch.id, ch);
        }
        assert_eq!(c.counts(1, Some(2)), (3, 2, 2));
        assert_eq!(c.counts(4, None), (3, 1, 0));
        assert_eq!(c.of(2).len(), 4);
        assert_eq!(c.of(9).len(), 0);
    }

    #[tokio::test]
    async fn a_persons_token_is_shown_to_the_challenger_alone() {
        let c = Challenges::default();
        let mut ch = challenge(&c, 1, 2, State::Waiting);
        assert!(ch.view(1, "Q", E)["expires_in_ms"].as_u64().unwrap() > 0);
        ch.end(State::Started {
            game_id: crate::store::GameId(5),
            token: Some("secret".into()),
        });
        assert_eq!(ch.view(1, "Q", E)["token"], "secret");
        assert_eq!(ch.view(2, "Q", E)["game_id"], 5);
        assert!(ch.view(2, "Q", E).get("token").is_none());
    }
}
