//! Every integration test of tessera-games, one module per former test file, in one
//! binary: one link instead of one per file (CI's build time on 2 cores). Run one
//! module with `cargo test -p tessera-games --test games MODULE::`.

mod analysis;
mod fuzz;
mod hints;
mod legal_wire;
mod levels;
mod people;
mod preview;
mod q_conformance;
mod resume;
mod solo;
