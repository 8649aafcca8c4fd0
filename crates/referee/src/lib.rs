//! Placeholder: the referee crate is being written.
#![deny(missing_docs)]
