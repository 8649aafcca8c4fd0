//! The concerns, the layer above the host's state: each file a set of free functions over
//! `&Host` (`crate::host::Host`), never imported by the state below. Tables opened and
//! programs seated ([`open`]), a table played to its end ([`play`]), its rating when it
//! ends ([`rating`]), games taken up again ([`recovery`]), rematches ([`rematch`]), a game
//! as the browser reads it ([`games`]), waiting tables expired ([`expire`]), hints
//! ([`hint`]), the operator's bans and aborts ([`admin`], [`bans`]), turn-based games and
//! their inbox ([`turns`]), games waiting for the consent of their invited seats
//! ([`invitations`]) and the emails of turns that waited ([`reminders`]); the arena's
//! queue, pairing and pages ([`arena`]).

pub mod admin;
pub mod arena;
pub mod bans;
pub mod chat;
pub mod expire;
pub mod games;
pub mod hint;
pub mod invitations;
pub mod join;
pub mod open;
pub mod play;
pub mod rating;
pub mod recovery;
pub mod rematch;
pub mod reminders;
pub mod turns;
