//! A person at a seat: the [`Player`] whose moves come through a [`PersonLink`] (a
//! browser's WebSocket, say). What the person sees is pushed by the host after every move
//! ([`crate::TableSink`]); the player only waits for moves. A move the person cannot make
//! (unreadable, illegal) is refused with its reason and the person tries again: a person
//! is never ejected for a wrong click.

use serde::de::DeserializeOwned;
use std::marker::PhantomData;
use std::time::Duration;
use tessera_core::Game;
use tessera_referee::{async_trait, Player, PlayerError};
use tessera_words::{words, Msg};

/// How a person's moves reach the table.
#[async_trait]
pub trait PersonLink: Send {
    /// The next move the person sends (its JSON text); `None` when the person left for
    /// good (the seat is then ejected).
    async fn next_move(&mut self) -> Option<String>;
    /// The person's move was refused, and why (shown to the person).
    fn refused(&mut self, reason: &Msg);
    /// How long the person may think (`None`: as long as it takes). Past it the referee
    /// ejects the seat (see [`PersonLink::clock`] for a clock that does not).
    fn deadline(&self) -> Option<Duration> {
        None
    }
    /// When the person's time for the turn being waited for runs out, on a table with a
    /// clock (`None`: no clock). The link keeps the time of a turn across refused moves.
    /// When it runs out the house plays the game's clock move for that turn (see
    /// `Registration::clock_move`) and the person stays at the table.
    fn clock(&mut self) -> Option<tokio::time::Instant> {
        None
    }
    /// The person's time ran out: the house plays this move for them (its JSON text).
    fn timed_out(&mut self, _move: &str) {}
}

/// The move the house plays for a person out of time, from the seat's view.
pub type ClockMove<G> = fn(&<G as Game>::View) -> Option<<G as Game>::Move>;

/// A person, seen as a player.
pub struct Person<G: Game> {
    name: String,
    link: Box<dyn PersonLink>,
    clock_move: Option<ClockMove<G>>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> Person<G> {
    /// The person `name` behind `link`.
    pub fn new(name: impl Into<String>, link: Box<dyn PersonLink>) -> Self {
        Person {
            name: name.into(),
            link,
            clock_move: None,
            _game: PhantomData,
        }
    }

    /// The move played for the person when the link's clock runs out
    /// ([`PersonLink::clock`]); without one the clock is not kept.
    pub fn with_clock_move(mut self, f: ClockMove<G>) -> Self {
        self.clock_move = Some(f);
        self
    }
}

/// Reads a move from its JSON text (the one boundary where a person's input is checked).
pub fn read_move<M: DeserializeOwned>(text: &str) -> Result<M, Msg> {
    serde_json::from_str(text).map_err(|e| words!("unreadable-move", why = e.to_string()))
}

#[async_trait]
impl<G: Game> Player<G> for Person<G> {
    fn name(&self) -> &str {
        &self.name
    }
    async fn setup(&mut self, _: &G::View, _: &[G::Tile]) -> Result<(), PlayerError> {
        Ok(())
    }
    async fn take_turn(&mut self, view: &G::View) -> Result<G::Move, PlayerError> {
        loop {
            let clock = match self.clock_move {
                Some(f) => self.link.clock().map(|at| (at, f)),
                None => None,
            };
            let next = match clock {
                None => self.link.next_move().await,
                Some((at, f)) => tokio::select! {
                    m = self.link.next_move() => m,
                    _ = tokio::time::sleep_until(at) => match f(view) {
                        Some(mv) => {
                            let text = serde_json::to_string(&mv).unwrap_or_default();
                            self.link.timed_out(&text);
                            return Ok(mv);
                        }
                        // nothing to play for the person: the turn waits
                        None => self.link.next_move().await,
                    },
                },
            };
            let Some(text) = next else {
                return Err(PlayerError::Closed);
            };
            match read_move::<G::Move>(&text) {
                Ok(mv) => return Ok(mv),
                Err(reason) => self.link.refused(&reason),
            }
        }
    }
    async fn refused(&mut self, reason: &Msg) -> bool {
        self.link.refused(reason);
        true
    }
    async fn new_tiles(&mut self, _: &[G::Tile]) -> Result<(), PlayerError> {
        Ok(())
    }
    async fn win(&mut self, _: bool) -> Result<(), PlayerError> {
        Ok(())
    }
    fn deadline(&self, _referee: Option<Duration>) -> Option<Duration> {
        self.link.deadline()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Registration;
    use std::sync::{Arc, Mutex};
    use tessera_triominos::{Move, TriominosGame};

    /// A person who never moves, on a table with a clock of `clock` per turn.
    struct Asleep {
        clock: Duration,
        at: Option<tokio::time::Instant>,
        timed_out: Arc<Mutex<Vec<String>>>,
    }

    #[async_trait]
    impl PersonLink for Asleep {
        async fn next_move(&mut self) -> Option<String> {
            std::future::pending().await
        }
        fn refused(&mut self, _: &Msg) {}
        fn clock(&mut self) -> Option<tokio::time::Instant> {
            Some(
                *self
                    .at
                    .get_or_insert_with(|| tokio::time::Instant::now() + self.clock),
            )
        }
        fn timed_out(&mut self, mv: &str) {
            self.timed_out.lock().unwrap().push(mv.to_string());
        }
    }

    #[tokio::test(start_paused = true)]
    async fn out_of_time_the_house_plays_the_clock_move() {
        let rules = TriominosGame::default_rules(2).unwrap();
        let game = TriominosGame::new(&rules, 5).unwrap();
        let seat = game.to_move().unwrap();
        let view = game.view(seat);
        let timed_out = Arc::new(Mutex::new(Vec::new()));
        let link = Asleep {
            clock: Duration::from_secs(30),
            at: None,
            timed_out: timed_out.clone(),
        };
        let mut person = Person::<TriominosGame>::new("Ann", Box::new(link))
            .with_clock_move(TriominosGame::clock_move);
        let start = tokio::time::Instant::now();
        let mv = person.take_turn(&view).await.unwrap();
        // the opening is forced: no pass, no draw, the one placement
        assert!(matches!(mv, Move::Place(_)), "{mv:?}");
        assert_eq!(Some(mv), TriominosGame::clock_move(&view));
        assert!(start.elapsed() >= Duration::from_secs(30));
        assert_eq!(
            *timed_out.lock().unwrap(),
            vec![serde_json::to_string(&mv).unwrap()]
        );
    }

    #[tokio::test(start_paused = true)]
    async fn without_a_clock_move_the_person_is_waited_for() {
        let rules = TriominosGame::default_rules(2).unwrap();
        let game = TriominosGame::new(&rules, 5).unwrap();
        let view = game.view(game.to_move().unwrap());
        let link = Asleep {
            clock: Duration::from_secs(30),
            at: None,
            timed_out: Arc::new(Mutex::new(Vec::new())),
        };
        let mut person = Person::<TriominosGame>::new("Ann", Box::new(link));
        let waited = tokio::time::timeout(Duration::from_secs(3600), person.take_turn(&view)).await;
        assert!(waited.is_err(), "no clock kept: the turn waits");
    }
}
