//! Matchmaking: the queue of rated-game tickets and how it pairs them.
//!
//! A [`Ticket`] asks for one rated game of `game` with `players` seats at the account's
//! rating. [`Queue::pair`] is called by the host from time to time with the current time and
//! returns the [`Match`]es it formed, removing their tickets. Nothing here reads a clock or
//! draws a random number: the same joins and the same `now_ms` give the same matches.
//!
//! ## Pairing rules
//!
//! 1. **Buckets.** Tickets are grouped by `(game, players)`; a match only ever seats tickets
//!    of one bucket. Buckets are visited in their sorted order.
//! 2. **Windows.** A ticket accepts opponents within its *window*, which widens while it
//!    waits: `min(max_window, window + widen_per_sec * waited_seconds)`
//!    ([`Queue::window`]). A group is acceptable when its rating spread (highest minus
//!    lowest) is within the **smallest** window of its members, so a newcomer to the queue
//!    is not dragged into a wide match by someone who has waited long.
//! 3. **Oldest first.** Within a bucket the tickets are sorted by rating once, then visited
//!    from the longest waiting (`since_ms`, then join order). A ticket that is not yet matched
//!    starts a group and takes the waiting tickets nearest to it in rating, nearest first
//!    (at equal distance the older one), adding each one that keeps the group acceptable,
//!    until the group has `players` members. The scan stops at the first candidate farther
//!    away than the group's smallest window (none beyond can fit) and after
//!    [`MAX_SCAN`] candidates, which keeps a call O(n log n): one sort, then a bounded
//!    scan per ticket over a linked list of the still-waiting tickets.
//! 4. **One account, one seat.** Two tickets of the same account are never in one match
//!    (within a bucket this cannot happen anyway, since an account may hold only one ticket
//!    per `(game, players)`).
//! 5. **House levels.** After the pass over people, a ticket of a bucket that has waited at
//!    least `house_after_ms` and is still unmatched is seated with house levels
//!    ([`Queue::set_house`]): the `players - 1` levels whose ratings are closest to the
//!    ticket's (at equal distance the one listed first), each level at most once per match.
//!    If the game has no house levels, or fewer than `players - 1`, the ticket keeps
//!    waiting. A house match has exactly one person.
//!
//! The seats of a [`Match`] are in the order the group was formed: the ticket that started
//! it (the oldest), then the others nearest first, house levels last. The host decides the
//! seating (and shuffles if it wants to).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// An account of the arena.
pub type AccountId = u64;

/// At most this many candidates are looked at for one group (rule 3 of the module doc).
pub const MAX_SCAN: usize = 64;

/// The queue's limits and how its windows widen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QueueConfig {
    /// How many tickets one account may have waiting at once (default 2).
    pub per_account: usize,
    /// How many tickets the queue holds in all (default 100,000).
    pub cap: usize,
    /// The rating window of a ticket that has just joined (default 100).
    pub window: f64,
    /// How much the window widens per second of waiting (default 50).
    pub widen_per_sec: f64,
    /// The widest a window gets (default 800).
    pub max_window: f64,
    /// A ticket that has waited this long (milliseconds) may be seated with house levels
    /// (default 15,000).
    pub house_after_ms: i64,
}

impl Default for QueueConfig {
    fn default() -> Self {
        QueueConfig {
            per_account: 2,
            cap: 100_000,
            window: 100.0,
            widen_per_sec: 50.0,
            max_window: 800.0,
            house_after_ms: 15_000,
        }
    }
}

/// One account's request for a rated game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ticket {
    /// Who asks.
    pub account: AccountId,
    /// Which game (`"triominos"`, ...).
    pub game: String,
    /// How many seats the game should have (at least 2).
    pub players: usize,
    /// The account's rating for this game and pool, on the 1500 scale
    /// ([`crate::Score::rating`]).
    pub rating: f64,
    /// When the ticket joined (milliseconds, the host's clock).
    pub since_ms: i64,
}

/// The id of a waiting ticket, given by [`Queue::join`]; ids increase in join order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TicketId(pub u64);

/// A house level: a bot spec (`"level:3"`) with its fixed rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct House {
    /// The bot spec.
    pub spec: String,
    /// Its fixed rating on the 1500 scale.
    pub rating: f64,
}

/// One seat of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Seat {
    /// A person (or a program playing for an account).
    Account {
        /// The ticket that was matched (already removed from the queue).
        ticket: TicketId,
        /// The account.
        account: AccountId,
        /// The rating the ticket was queued with.
        rating: f64,
    },
    /// A house level.
    House {
        /// The bot spec.
        spec: String,
        /// Its fixed rating.
        rating: f64,
    },
}

/// A match formed by [`Queue::pair`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Match {
    /// The game.
    pub game: String,
    /// The seats, in the order the group was formed (see the module doc); not shuffled.
    pub seats: Vec<Seat>,
}

/// Why a ticket was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum QueueError {
    /// The account already has its allowed number of waiting tickets.
    #[error("at most {per_account} waiting tickets per account")]
    TooMany {
        /// The limit.
        per_account: usize,
    },
    /// The queue is full.
    #[error("the queue is full ({cap} tickets)")]
    Full {
        /// The limit.
        cap: usize,
    },
    /// A rated game needs at least 2 players.
    #[error("a rated game needs at least 2 players, not {players}")]
    Players {
        /// The number asked for.
        players: usize,
    },
    /// The account already waits for the same game with the same number of players.
    #[error("already queued for this game and number of players")]
    Duplicate,
    /// The ticket's rating is not a finite number.
    #[error("the rating must be finite, not {rating}")]
    Rating {
        /// The rating given.
        rating: f64,
    },
}

/// The matchmaking queue. See the module doc for the pairing rules.
#[derive(Clone, Debug)]
pub struct Queue {
    cfg: QueueConfig,
    next_id: u64,
    tickets: BTreeMap<TicketId, Ticket>,
    /// (account, game, players) -> the account's ticket for it.
    keys: BTreeMap<(AccountId, String, usize), TicketId>,
    /// account -> number of waiting tickets.
    counts: BTreeMap<AccountId, usize>,
    house: BTreeMap<String, Vec<House>>,
}

/// "No neighbour" in the linked lists of [`Queue::pair`].
const NONE: usize = usize::MAX;

impl Queue {
    /// An empty queue.
    pub fn new(cfg: QueueConfig) -> Queue {
        Queue {
            cfg,
            next_id: 0,
            tickets: BTreeMap::new(),
            keys: BTreeMap::new(),
            counts: BTreeMap::new(),
            house: BTreeMap::new(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &QueueConfig {
        &self.cfg
    }

    /// Sets the house levels available for `game` (any player count); an empty list
    /// removes them.
    pub fn set_house(&mut self, game: &str, levels: Vec<House>) {
        if levels.is_empty() {
            self.house.remove(game);
        } else {
            self.house.insert(game.to_string(), levels);
        }
    }

    /// Queues a ticket.
    pub fn join(&mut self, t: Ticket) -> Result<TicketId, QueueError> {
        if t.players < 2 {
            return Err(QueueError::Players { players: t.players });
        }
        if !t.rating.is_finite() {
            return Err(QueueError::Rating { rating: t.rating });
        }
        let key = (t.account, t.game.clone(), t.players);
        if self.keys.contains_key(&key) {
            return Err(QueueError::Duplicate);
        }
        if self.counts.get(&t.account).copied().unwrap_or(0) >= self.cfg.per_account {
            return Err(QueueError::TooMany {
                per_account: self.cfg.per_account,
            });
        }
        if self.tickets.len() >= self.cfg.cap {
            return Err(QueueError::Full { cap: self.cfg.cap });
        }
        let id = TicketId(self.next_id);
        self.next_id += 1;
        *self.counts.entry(t.account).or_insert(0) += 1;
        self.keys.insert(key, id);
        self.tickets.insert(id, t);
        Ok(id)
    }

    /// Removes a waiting ticket; `None` if it is not waiting (matched, left, unknown).
    pub fn leave(&mut self, id: TicketId) -> Option<Ticket> {
        let t = self.tickets.remove(&id)?;
        self.keys.remove(&(t.account, t.game.clone(), t.players));
        if let Some(n) = self.counts.get_mut(&t.account) {
            *n -= 1;
            if *n == 0 {
                self.counts.remove(&t.account);
            }
        }
        Some(t)
    }

    /// Removes every waiting ticket of `account`, returning their ids (in increasing order).
    pub fn leave_account(&mut self, account: AccountId) -> Vec<TicketId> {
        let mut ids: Vec<TicketId> = self
            .keys
            .range((account, String::new(), 0)..)
            .take_while(|((a, _, _), _)| *a == account)
            .map(|(_, id)| *id)
            .collect();
        ids.sort();
        for id in &ids {
            self.leave(*id);
        }
        ids
    }

    /// Removes and returns `account`'s waiting ticket for `game` with `players` seats, if
    /// any (for challenges, which seat the account directly).
    pub fn take(
        &mut self,
        account: AccountId,
        game: &str,
        players: usize,
    ) -> Option<(TicketId, Ticket)> {
        let id = *self.keys.get(&(account, game.to_string(), players))?;
        self.leave(id).map(|t| (id, t))
    }

    /// A waiting ticket.
    pub fn get(&self, id: TicketId) -> Option<&Ticket> {
        self.tickets.get(&id)
    }

    /// How many tickets are waiting.
    pub fn len(&self) -> usize {
        self.tickets.len()
    }

    /// Whether no ticket is waiting.
    pub fn is_empty(&self) -> bool {
        self.tickets.is_empty()
    }

    /// The rating window of `t` at `now_ms`:
    /// `min(max_window, window + widen_per_sec * waited_seconds)` (a ticket from the future
    /// has waited 0 s).
    pub fn window(&self, t: &Ticket, now_ms: i64) -> f64 {
        let waited_s = now_ms.saturating_sub(t.since_ms).max(0) as f64 / 1000.0;
        (self.cfg.window + self.cfg.widen_per_sec * waited_s).min(self.cfg.max_window)
    }

    /// Forms the matches the rules allow at `now_ms` (module doc) and removes their tickets.
    pub fn pair(&mut self, now_ms: i64) -> Vec<Match> {
        let mut buckets: BTreeMap<(&str, usize), Vec<TicketId>> = BTreeMap::new();
        for (id, t) in &self.tickets {
            buckets
                .entry((t.game.as_str(), t.players))
                .or_default()
                .push(*id);
        }
        let mut matches = Vec::new();
        let mut taken = Vec::new();
        for ((game, players), ids) in buckets {
            let tickets: Vec<&Ticket> = ids.iter().map(|id| &self.tickets[id]).collect();
            let house = self.house.get(game).map(Vec::as_slice).unwrap_or(&[]);
            self.pair_bucket(now_ms, game, players, &ids, &tickets, house, &mut matches);
        }
        for m in &matches {
            for s in &m.seats {
                if let Seat::Account { ticket, .. } = s {
                    taken.push(*ticket);
                }
            }
        }
        for id in taken {
            self.leave(id);
        }
        matches
    }

    /// One bucket of [`Queue::pair`]: `ids[i]` is `tickets[i]`, in increasing id order.
    #[allow(clippy::too_many_arguments)]
    fn pair_bucket(
        &self,
        now_ms: i64,
        game: &str,
        players: usize,
        ids: &[TicketId],
        tickets: &[&Ticket],
        house: &[House],
        out: &mut Vec<Match>,
    ) {
        let n = tickets.len();
        let rating = |i: usize| tickets[i].rating;
        let window: Vec<f64> = tickets.iter().map(|t| self.window(t, now_ms)).collect();
        // Older: earlier since_ms, then earlier join (ids are in join order).
        let older = |a: usize, b: usize| (tickets[a].since_ms, a) < (tickets[b].since_ms, b);
        // The tickets in rating order, as a doubly linked list of those still waiting.
        let mut by_rating: Vec<usize> = (0..n).collect();
        by_rating.sort_by(|&a, &b| {
            rating(a)
                .total_cmp(&rating(b))
                .then(tickets[a].since_ms.cmp(&tickets[b].since_ms))
                .then(a.cmp(&b))
        });
        let mut prev = vec![NONE; n];
        let mut next = vec![NONE; n];
        for w in by_rating.windows(2) {
            next[w[0]] = w[1];
            prev[w[1]] = w[0];
        }
        let mut by_age: Vec<usize> = (0..n).collect();
        by_age.sort_by_key(|&i| (tickets[i].since_ms, i));
        let mut matched = vec![false; n];

        for &i in &by_age {
            if matched[i] {
                continue;
            }
            let mut group = vec![i];
            let (mut lo, mut hi, mut wmin) = (rating(i), rating(i), window[i]);
            let (mut l, mut r) = (prev[i], next[i]);
            let mut scanned = 0;
            while group.len() < players && scanned < MAX_SCAN {
                let take_left = match (l, r) {
                    (NONE, NONE) => break,
                    (_, NONE) => true,
                    (NONE, _) => false,
                    (l, r) => {
                        let (dl, dr) = (rating(i) - rating(l), rating(r) - rating(i));
                        dl < dr || (dl == dr && older(l, r))
                    }
                };
                let c = if take_left { l } else { r };
                if (rating(c) - rating(i)).abs() > wmin {
                    break;
                }
                scanned += 1;
                if take_left {
                    l = prev[l];
                } else {
                    r = next[r];
                }
                if group
                    .iter()
                    .any(|&g| tickets[g].account == tickets[c].account)
                {
                    continue;
                }
                let (lo2, hi2) = (lo.min(rating(c)), hi.max(rating(c)));
                let w2 = wmin.min(window[c]);
                if hi2 - lo2 <= w2 {
                    group.push(c);
                    (lo, hi, wmin) = (lo2, hi2, w2);
                }
            }
            if group.len() < players {
                continue;
            }
            for &g in &group {
                matched[g] = true;
                if prev[g] != NONE {
                    next[prev[g]] = next[g];
                }
                if next[g] != NONE {
                    prev[next[g]] = prev[g];
                }
            }
            out.push(Match {
                game: game.to_string(),
                seats: group
                    .iter()
                    .map(|&g| Seat::Account {
                        ticket: ids[g],
                        account: tickets[g].account,
                        rating: tickets[g].rating,
                    })
                    .collect(),
            });
        }

        if house.len() < players - 1 {
            return;
        }
        for &i in &by_age {
            let t = tickets[i];
            if matched[i] || now_ms.saturating_sub(t.since_ms) < self.cfg.house_after_ms {
                continue;
            }
            let mut levels: Vec<usize> = (0..house.len()).collect();
            levels.sort_by(|&a, &b| {
                (house[a].rating - t.rating)
                    .abs()
                    .total_cmp(&(house[b].rating - t.rating).abs())
                    .then(a.cmp(&b))
            });
            let mut seats = vec![Seat::Account {
                ticket: ids[i],
                account: t.account,
                rating: t.rating,
            }];
            seats.extend(levels[..players - 1].iter().map(|&h| Seat::House {
                spec: house[h].spec.clone(),
                rating: house[h].rating,
            }));
            matched[i] = true;
            out.push(Match {
                game: game.to_string(),
                seats,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Queue::join`] keeps one ticket per account and bucket, so the account guard of
    /// the scan is tested on a bucket built by hand.
    #[test]
    fn the_scan_skips_a_second_ticket_of_the_same_account() {
        let q = Queue::new(QueueConfig::default());
        let t = |account, rating| Ticket {
            account,
            game: "g".into(),
            players: 2,
            rating,
            since_ms: 0,
        };
        let tickets = [t(1, 1500.0), t(1, 1501.0), t(2, 1550.0)];
        let refs: Vec<&Ticket> = tickets.iter().collect();
        let ids = [TicketId(0), TicketId(1), TicketId(2)];
        let mut out = Vec::new();
        q.pair_bucket(0, "g", 2, &ids, &refs, &[], &mut out);
        let seats: Vec<Vec<TicketId>> = out
            .iter()
            .map(|m| {
                m.seats
                    .iter()
                    .map(|s| match s {
                        Seat::Account { ticket, .. } => *ticket,
                        Seat::House { .. } => unreachable!(),
                    })
                    .collect()
            })
            .collect();
        assert_eq!(seats, vec![vec![TicketId(0), TicketId(2)]]);
    }
}
