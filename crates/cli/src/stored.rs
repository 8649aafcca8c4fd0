//! Games stored by the server, for `tessera replay ID`.

use std::path::Path;

/// The record (the JSON of a `tessera_core::Record`) of the stored game `id` in the
/// server's store `db`.
pub fn stored_record(db: &Path, id: i64) -> anyhow::Result<serde_json::Value> {
    let _ = (db, id);
    anyhow::bail!("stored games: not available yet")
}
