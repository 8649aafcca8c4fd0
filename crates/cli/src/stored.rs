//! Games stored by the server, for `tessera replay ID`.

use anyhow::{bail, Context};
use std::path::Path;

/// The record (the JSON of a `tessera_core::Record`) of the stored game `id` in the
/// server's store `db`.
pub fn stored_record(db: &Path, id: i64) -> anyhow::Result<serde_json::Value> {
    if !db.exists() {
        bail!("no store {}", db.display());
    }
    let id = u64::try_from(id).context("a game id is positive")?;
    let game = tessera_server::store::get_file(db, id)?
        .with_context(|| format!("no game {id} in {}", db.display()))?;
    if game.summary.status != "finished" {
        eprintln!(
            "game {id} is {}: replaying the moves played",
            game.summary.status
        );
    }
    Ok(game.record()?)
}
