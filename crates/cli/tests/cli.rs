//! Every integration test of tessera-cli, one module per former test file, in one
//! binary: one link instead of one per file (CI's build time on 2 cores). Run one
//! module with `cargo test -p tessera-cli --test cli MODULE::`.

mod admin_cli;
mod analyze_cli;
mod arena_cli;
mod balancer;
mod bot_api;
mod bots_tutorial;
mod challenge_cli;
mod common;
mod crash;
mod games_cli;
mod hostile_door;
mod hostile_process;
mod hostile_seeds;
mod hostile_small;
mod hostile_turns;
mod learn_cli;
mod logs_cli;
mod play_cli;
mod play_end;
mod readme_commands;
mod starter_bots;
mod tournament_cli;
mod triominos_cli;
mod turns_crash;
mod verify_cli;
mod workers;
