//! The arena's work over `&Host`: the queue of people and programs ([`queue`]), pairing
//! tickets into rated tables and the house's games ([`pairing`]), and the pages of
//! accounts, leaderboards and rated games ([`pages`]). The arena's state, its errors and
//! matches are `crate::kept::arena` (whose doc tells the whole arena).

pub mod challenges;
mod pages;
mod pairing;
mod queue;

pub use pages::{
    account_page, arena_queued, leaderboard, parse_pool, ranked, rated_of, recompute_ratings,
};
pub use pairing::house_games;
pub use queue::{
    drop_account, drop_waiting_programs, leave_queue, queue_person, queue_program, queue_status,
};
