//! Chat at a table (`crate::table::chat`): who says what in which room, each line written
//! to the store before anyone reads it, then heard by the table's sockets; the lines a
//! socket is given when it opens; reports of lines, which the operator reads with
//! `tessera admin reports`.

use crate::host::Host;
use crate::store::{now_ms, ChatLine, GameId, NewLine};
use crate::table::chat::{Room, Said, MAX_LINES, PER_MINUTE};
use crate::table::Table;
use std::net::IpAddr;
use tessera_core::Seat;
use tessera_games::{words, Msg};

/// Who speaks at a table: a player (a seat's person) or a spectator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Speaker {
    /// The player's seat (`None`: a spectator).
    pub seat: Option<Seat>,
    /// The name the lines are said under (a guest spectator's: empty).
    pub name: String,
    /// The signed-in account (`None`: a guest, who says quick phrases only).
    pub account: Option<u64>,
    /// Whose minute the lines count against ([`crate::table::chat::Chat::allow`]).
    key: String,
}

impl Speaker {
    /// The person at `seat` of `table`, signed in as `account` if so.
    pub fn player(table: &Table, seat: Seat, account: Option<u64>) -> Speaker {
        let name = table
            .state()
            .seats
            .get(seat.index())
            .map(|s| s.name.clone())
            .unwrap_or_default();
        Speaker {
            seat: Some(seat),
            name,
            account,
            key: format!("seat:{}", seat.index()),
        }
    }

    /// A spectator: signed in as `account` (its id and name), else a guest from `ip`.
    pub fn spectator(account: Option<(u64, String)>, ip: IpAddr) -> Speaker {
        match account {
            Some((id, name)) => Speaker {
                seat: None,
                name,
                account: Some(id),
                key: format!("account:{id}"),
            },
            None => Speaker {
                seat: None,
                name: String::new(),
                account: None,
                key: format!("guest:{ip}"),
            },
        }
    }

    /// The room the speaker's lines go to.
    fn room(&self) -> Room {
        match self.seat {
            Some(_) => Room::Players,
            None => Room::Spectators,
        }
    }
}

/// Whether a socket sees `line`: the spectators' room is everyone's (a player's page shows
/// it when its player chooses), the players' room its players' until the game is over.
pub fn visible(line: &ChatLine, player: bool, over: bool) -> bool {
    line.room == Room::Spectators.as_str() || player || over
}

/// `who` says `text` (an account's) or `phrase` at `table`: written to the store, then
/// heard by everyone following the table's chat. Refused in words: a guest's text, an
/// unknown phrase, a line that fails the checks, more than [`PER_MINUTE`] a minute, a
/// game that holds [`MAX_LINES`] already.
pub async fn say(
    host: &Host,
    table: &Table,
    who: &Speaker,
    (text, phrase): (Option<&str>, Option<&str>),
) -> Result<(), Msg> {
    let said = Said::of(text, phrase, who.account.is_some())?;
    if !table.chat.allow(&who.key) {
        crate::vocab::metrics::cap_hit("chat_rate");
        return Err(words!("chat-too-fast", n = PER_MINUTE));
    }
    let (text, phrase) = match said {
        Said::Text(t) => (Some(t), None),
        Said::Phrase(p) => (None, Some(p.to_string())),
    };
    let line = NewLine {
        room: who.room().as_str().to_string(),
        account: who.account,
        seat: who.seat.map(Seat::index),
        name: who.name.clone(),
        text,
        phrase,
    };
    let at = now_ms();
    match host
        .store()
        .chat()
        .add(table.id, line.clone(), MAX_LINES)
        .await
    {
        Ok(Some(n)) => {
            table.chat.heard(line.kept(n, at));
            Ok(())
        }
        Ok(None) => {
            crate::vocab::metrics::cap_hit("chat_lines");
            Err(words!("chat-full", max = MAX_LINES))
        }
        Err(e) => {
            tracing::warn!(id = table.id.0, error = %e, "a line of chat was not stored");
            Err(words!("chat-not-kept"))
        }
    }
}

/// The lines of game `id` a socket is given when it opens ([`visible`]).
pub async fn backlog(host: &Host, id: GameId, player: bool, over: bool) -> Vec<ChatLine> {
    match host.store().chat().of_game(id).await {
        Ok(lines) => lines
            .into_iter()
            .filter(|l| visible(l, player, over))
            .collect(),
        Err(e) => {
            tracing::warn!(id = id.0, error = %e, "the chat of a game could not be read");
            Vec::new()
        }
    }
}

/// `who` reports line `n` of game `id` (a player, or a signed-in spectator): kept once
/// per line and reporter for the operator (`tessera admin reports`).
pub async fn report(host: &Host, id: GameId, n: u64, who: &Speaker) -> Result<(), Msg> {
    if who.seat.is_none() && who.account.is_none() {
        return Err(words!("chat-report-sign-in"));
    }
    match host
        .store()
        .chat()
        .report(id, n, who.account, &who.name)
        .await
    {
        Ok(_) => {
            tracing::info!(id = id.0, n, by = %who.name, "a line of chat reported");
            Ok(())
        }
        Err(e) => {
            tracing::warn!(id = id.0, error = %e, "a report was not stored");
            Err(words!("chat-not-kept"))
        }
    }
}
