//! Games stored by the server, for `tessera replay ID`.

use anyhow::Context;

/// The record (the JSON of a `tessera_core::Record`) of the stored game `id` in the
/// server's store `db` (a SQLite file or a PostgreSQL URL).
pub fn stored_record(db: &str, id: i64) -> anyhow::Result<serde_json::Value> {
    let id = u64::try_from(id).context("a game id is positive")?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let game = rt
        .block_on(tessera_server::store::get_at(
            db,
            tessera_server::store::GameId(id),
        ))?
        .with_context(|| format!("no game {id} in {}", tessera_server::store::redacted(db)))?;
    if game.summary.status != tessera_server::store::GameStatus::Finished {
        eprintln!(
            "game {id} is {}: replaying the moves played",
            game.summary.status
        );
    }
    Ok(game.record()?)
}
