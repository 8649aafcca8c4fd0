//! The Triominos front end (being written).

use anyhow::Result;

/// Options of `tessera play triominos`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Comma-separated players.
    #[arg(long, default_value = "greedy,random")]
    pub players: String,
}

/// Options of `tessera bench triominos`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn play(_args: PlayArgs) -> Result<()> {
    anyhow::bail!("not yet")
}
pub fn replay(_record: serde_json::Value, _quiet: bool) -> Result<()> {
    anyhow::bail!("not yet")
}
pub fn harness() -> Result<()> {
    anyhow::bail!("not yet")
}
pub fn bench(_args: BenchArgs) -> Result<()> {
    anyhow::bail!("not yet")
}
