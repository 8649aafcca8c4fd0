//! Placeholder: the q rules crate is being written.
#![deny(missing_docs)]
