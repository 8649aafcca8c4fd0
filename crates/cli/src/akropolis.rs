//! The akropolis front end (being written).

use anyhow::Result;

/// Options of `tessera play akropolis`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Comma-separated players.
    #[arg(long, default_value = "random,random")]
    pub players: String,
}

pub fn play(_args: PlayArgs) -> Result<()> {
    anyhow::bail!("akropolis is not playable yet")
}

pub fn replay(_record: serde_json::Value, _quiet: bool) -> Result<()> {
    anyhow::bail!("akropolis records cannot be replayed yet")
}

pub fn harness() -> Result<()> {
    anyhow::bail!("the akropolis harness is not written yet")
}

/// Options of `tessera bench akropolis`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn bench(_args: BenchArgs) -> Result<()> {
    anyhow::bail!("not yet")
}
