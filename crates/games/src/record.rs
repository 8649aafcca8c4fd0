//! Reading a game's record: one place for the checks every reader of a record makes.

use crate::error::EntryError;
use crate::registration::Registration;
use serde_json::Value;
use tessera_core::Record;

/// A record of game `G` read from JSON, and the game at its start: refused when it does
/// not read, is another game's, or its rules are not the game's.
pub(crate) fn read_record<G: Registration>(record: &Value) -> Result<(Record<G>, G), EntryError> {
    let record: Record<G> =
        serde_json::from_str(&record.to_string()).map_err(|e| EntryError::Record(e.to_string()))?;
    if record.game != G::NAME {
        return Err(EntryError::Record(format!(
            "this record is for {:?}, not {:?}",
            record.game,
            G::NAME
        )));
    }
    let game = G::new(&record.rules, record.seed).map_err(|e| EntryError::Record(e.to_string()))?;
    Ok((record, game))
}
