//! The one host of Tessera (being written).
#![deny(missing_docs)]

pub mod store;
pub mod tcp;
