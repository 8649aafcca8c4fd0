//! Words for people, in every language Tessera speaks.
//!
//! Whatever a player reads (a move in the log, why a game ended, a refusal, a bot's level,
//! the rules) is a [`Msg`]: a message id of the catalogues with its arguments, never a
//! sentence built in code. The catalogues are Fluent files, one per language, in the web
//! client (`web/i18n/en.ftl`, `web/i18n/de.ftl`): the browser renders a message in its
//! reader's language with `@fluent/bundle`, and this crate renders it with `fluent-bundle`
//! (the same format, the same files, compiled in) where the words are English for good:
//! the terminal (`tessera play`), the TCP protocol, the `error` text of the HTTP API,
//! the command line, the email of a turn that waited (an account has no language yet).
//! So each sentence is written once, in the catalogue, and a game's log
//! reads in each watcher's own language.
//!
//! A message travels as `{"id": ID, "args": {NAME: VALUE}}`; a value is a string, a number
//! (Fluent chooses plural forms by it), a message (rendered first: a Q tile's colour and
//! shape, an Akropolis district), a list (`[A, B]`: rendered `A, B`) or a list read with
//! "and" (`{"and": [A, B, C]}`: `A, B and C`, the last joined by the catalogue's `list-and`).

#![deny(missing_docs)]

mod catalogue;
mod msg;

pub use catalogue::{catalogue_source, check_catalogues, has, render, Lang, LANGS};
pub use msg::{Arg, Msg, Words};

/// A [`Msg`] of the catalogue: `words!("log-passed", who = name)`. Each argument is anything
/// that converts into an [`Arg`] (text, a number, a message, a list).
#[macro_export]
macro_rules! words {
    ($id:literal $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::Msg::new($id)$(.arg(stringify!($k), $v))*
    };
}
