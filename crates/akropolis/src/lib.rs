//! Placeholder: the akropolis rules crate is being written.
#![deny(missing_docs)]
