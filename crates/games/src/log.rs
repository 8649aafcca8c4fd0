//! Words of a game's log that every game shares: a seat's name, the last line.

use tessera_core::Seat;
use tessera_words::{words, Arg, Msg};

/// The name of `seat` among `names` (by seat), else the seat itself.
pub(crate) fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

/// The last line of a game's log: the scores and who won.
pub(crate) fn game_over(scores: Vec<i32>, names: &[String]) -> Msg {
    let outcome = tessera_core::Outcome::from_scores(scores);
    let list: Vec<Msg> = outcome
        .scores
        .iter()
        .enumerate()
        .map(|(i, s)| words!("name-score", who = name(names, Seat(i as u8)), score = *s))
        .collect();
    let winners: Vec<String> = outcome.winners.iter().map(|s| name(names, *s)).collect();
    words!(
        "log-game-over",
        scores = list,
        winners = Arg::and(winners.clone()),
        count = winners.len()
    )
}
