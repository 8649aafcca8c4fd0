//! Every integration test of tessera-server, one module per former test file, in one
//! binary: one link instead of one per file (CI's build time on 2 cores). Run one
//! module with `cargo test -p tessera-server --test server MODULE::`.

mod admin;
mod adversarial;
mod arena;
mod bans;
mod caps;
mod challenges;
mod chat;
mod common;
mod deal;
mod door;
mod flow;
mod fuzz;
mod game_clock;
mod goofspiel;
mod hint;
mod host_games;
mod hostile;
mod http_bot;
mod invitations;
mod join;
mod names;
mod ops;
mod preview;
mod privacy;
mod protocol_examples;
mod races;
mod refusals;
mod rejoin;
mod resume;
mod seeds;
mod small_doors;
mod state_message;
mod test_game;
mod turns;
mod watching;
mod wire;
mod words;
