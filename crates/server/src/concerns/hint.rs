//! A hint for a person playing against bots: the move the game's strongest house level
//! would play in their place, from their seat's view only (what a program in that seat
//! would be told). Off unless asked for; each use is kept with the table and stored in
//! the game's result and record (`hints_used`: `[{seat, at_move}]`). Never at a rated table,
//! nor at a table where another person or a program plays.

use crate::host::Host;
use crate::store::GameId;
use crate::table::SeatKind;
use crate::vocab::error::HostError;
use serde_json::{json, Value};
use tessera_games::words;

/// The strongest level's move for the person of `token` at table `id`, whose turn it
/// is: `{"move", "by", "at_move"}`.
pub async fn hint(
    host: &Host,
    id: GameId,
    token: &str,
    from: std::net::IpAddr,
) -> Result<Value, HostError> {
    let Some(table) = host.table(id) else {
        host.stored(id).await?;
        return Err(HostError::Over);
    };
    let seat = table.seat_of(token).ok_or(HostError::UnknownToken)?;
    if table.rated.is_some() {
        return Err(HostError::Refused(words!("hint-rated")));
    }
    let Some(level) = table.entry.info().levels.last().cloned() else {
        return Err(HostError::Refused(words!(
            "hint-no-levels",
            game = table.entry.info().title
        )));
    };
    let (view, at_move) = {
        let st = table.state();
        let against_bots = st
            .seats
            .iter()
            .enumerate()
            .all(|(i, s)| i == seat.index() || matches!(s.kind, SeatKind::Bot(_)));
        if !against_bots {
            return Err(HostError::Refused(words!("hint-bots-only")));
        }
        if st.to_move != Some(seat.index()) {
            return Err(HostError::NotYourTurn);
        }
        let view = st
            .seat_views
            .get(seat.index())
            .cloned()
            .flatten()
            .map(|u| u.view)
            .ok_or_else(|| HostError::Refused(words!("hint-no-view")))?;
        (view, st.moves.len())
    };
    let mine = host.0.work.admit(from).map_err(|_| {
        crate::vocab::metrics::cap_hit("work_per_address");
        HostError::Busy(crate::concerns::games::BUSY_ADDRESS)
    })?;
    let permit = host.hint_slots().clone().try_acquire_owned().map_err(|_| {
        crate::vocab::metrics::cap_hit("hint");
        HostError::Busy("busy-hints")
    })?;
    let entry = table.entry.clone();
    let spec = level.spec.clone();
    let call = format!("[\"take-turn\",[{view}]]");
    let answer = tokio::task::spawn_blocking(move || {
        let _permit = (permit, mine);
        let mut bot = entry.wire_bot(&spec).map_err(|e| e.to_string())?;
        bot.answer(&call)
    })
    .await
    .map_err(|e| HostError::Request(e.to_string()))?
    .map_err(HostError::Request)?;
    let mv: Value = serde_json::from_str(&answer)
        .map_err(|e| HostError::Request(format!("the bot's move is not JSON: {e}")))?;
    table.note_hint(seat, at_move);
    tracing::info!(id = id.0, seat = seat.index(), at_move, "a hint was given");
    Ok(json!({"move": mv, "by": level.spec, "plays": level.plays, "at_move": at_move}))
}
