//! The q front end (being written).

use anyhow::Result;

/// Options of `tessera play q`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Comma-separated players.
    #[arg(long, default_value = "random,random")]
    pub players: String,
}

pub fn play(_args: PlayArgs) -> Result<()> {
    anyhow::bail!("q is not playable yet")
}

pub fn replay(_record: serde_json::Value, _quiet: bool) -> Result<()> {
    anyhow::bail!("q records cannot be replayed yet")
}

/// Options of `tessera harness q`.
#[derive(clap::Args)]
pub struct HarnessArgs {
    /// The reference harness to act as (xmap, xlegal, xscore, xstrategy, xgames, ...).
    pub name: String,
}

pub fn harness(_args: HarnessArgs) -> Result<()> {
    anyhow::bail!("the q harness is not written yet")
}

/// Options of `tessera bench q`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn bench(_args: BenchArgs) -> Result<()> {
    anyhow::bail!("not yet")
}
