//! Placeholder: the Triominos rules crate is being written.
#![deny(missing_docs)]
