//! The doors, the host's top layer: programs over TCP ([`tcp`]: sign-up, seats, the
//! lobby, coming back) and browsers over HTTP and WebSockets ([`web`]). Each calls the
//! concerns and reads the host; nothing below knows a door.

pub mod tcp;
pub mod web;
