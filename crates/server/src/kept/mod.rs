//! What the host keeps, the layer above a table: each part a type with its own state and
//! methods, none of them knowing the `Host` that holds them (`crate::host`) or the
//! concerns that use them. Programs waiting per game ([`lobby`]), seats waiting for their
//! program after a restart ([`resumes`]) or a dropped connection ([`rejoin`]), one cell per ended game's rematch
//! ([`rematches`]), the states of stored games ([`stored`]), a program that plays rated
//! game after rated game ([`keep`]), stopping and the lease ([`health`]), the WebSockets'
//! caps ([`sockets`]), the turn-based games and invitations being made ([`making`]),
//! accounts, sessions and tokens ([`accounts`]), the arena's queue and matches
//! ([`arena`]), the analyses of ended games ([`analysis`]).

pub mod accounts;
pub mod analysis;
pub mod arena;
pub mod challenges;
pub mod health;
pub mod keep;
pub mod lobby;
pub mod making;
pub mod rejoin;
pub mod rematches;
pub mod resumes;
pub mod sockets;
pub mod stored;
