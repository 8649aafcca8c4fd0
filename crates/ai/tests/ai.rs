//! Every integration test of tessera-ai, one module per former test file, in one
//! binary: one link instead of one per file (CI's build time on 2 cores). Run one
//! module with `cargo test -p tessera-ai --test ai MODULE::`.

mod analysis;
mod analysis_line;
mod common;
mod ismcts;
mod learned;
mod learned_q;
mod learned_triominos;
mod learning;
mod ppo;
mod q_bots;
