//! `tessera selfplay` (positions of a bot's games, from each seat, with the result) and
//! `tessera train` (a value network from them, with a fixed seed): docs/strategies.md,
//! "A learned evaluation".

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;
use tessera_ai::learned::{self, selfplay, train};

/// Options of `tessera selfplay`.
#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// The game: akropolis, triominos or q (the games with a learned evaluation).
    #[arg(long, default_value = "akropolis")]
    pub game: String,
    /// The bot playing both seats, or two bots (one a seat, swapped every other game).
    #[arg(long, default_value = "level:6")]
    pub players: String,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The first game's number (to add games to earlier data: numbers go on from there).
    #[arg(long, default_value_t = 0)]
    pub first: u64,
    /// Base seed: game `i` deals from it and `i`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The CSV file written (`game,ply,seat,result,f0,...`).
    #[arg(long)]
    pub out: PathBuf,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Options of `tessera train`.
#[derive(clap::Args)]
pub struct TrainArgs {
    /// The game whose positions the data holds: akropolis, triominos or q.
    #[arg(long, default_value = "akropolis")]
    pub game: String,
    /// Self-play CSV files (`tessera selfplay --out`).
    #[arg(long, required = true, num_args = 1.., value_delimiter = ',')]
    pub data: Vec<PathBuf>,
    /// The network written (safetensors); a JSON file beside it (same name, `.json`) holds
    /// the command, the seed, the loss curves and the outputs on fixed inputs.
    #[arg(long)]
    pub out: PathBuf,
    /// The seed of the initial weights and of the batches' order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Passes over the data.
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Hidden layers' widths.
    #[arg(long, default_value = "64,32", value_delimiter = ',')]
    pub hidden: Vec<usize>,
    /// Positions per step.
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
    /// Learning rate (AdamW).
    #[arg(long, default_value_t = 1e-3)]
    pub lr: f64,
    /// Also learn the final score margin, its squared error (margin / the scale,
    /// `--margin-scale`) weighted by this in the loss (0: the result alone); the saved network
    /// keeps the win output only.
    #[arg(long, default_value_t = 0.0)]
    pub margin: f64,
    /// Points of margin a unit of the margin output (default: the game's, 20 in Akropolis,
    /// 100 in Triominos, 20 in Q).
    #[arg(long)]
    pub margin_scale: Option<f32>,
    /// Draw the loss curves into this SVG file.
    #[arg(long)]
    pub plot: Option<PathBuf>,
}

/// The number of features of `game`'s networks, or a clear refusal.
fn features(game: &str) -> Result<usize> {
    learned::features_of(game).with_context(|| {
        format!(
            "--game {game}: the games with a learned evaluation are {} (docs/strategies.md)",
            learned::games().join(", ")
        )
    })
}

/// Runs `tessera selfplay`.
pub fn selfplay(args: SelfplayArgs) -> Result<()> {
    let features = features(&args.game)?;
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .ok();
    }
    let specs = crate::common::player_list(&args.players)?;
    let bar = ProgressBar::new(args.games);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} {bar:40} {pos}/{len} games  {per_sec}  eta {eta}  {msg}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    let file = std::fs::File::create(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let mut w = BufWriter::new(file);
    selfplay::write_header(&mut w, features)?;
    // each game's positions written as it ends: an interrupted run keeps what it played
    let out = Mutex::new((w, 0usize));
    let start = Instant::now();
    let done = |_: u64, positions: Vec<selfplay::Position>| -> Result<(), String> {
        let mut guard = out.lock().unwrap_or_else(|e| e.into_inner());
        let (w, count) = &mut *guard;
        selfplay::write_rows(w, &positions)
            .and_then(|()| Ok(w.flush()?))
            .map_err(|e| format!("writing {}: {e}", args.out.display()))?;
        *count += positions.len();
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!("{:.0} positions/s", *count as f64 / secs));
        bar.inc(1);
        Ok(())
    };
    let n = learned::play_named(&args.game, &specs, args.first, args.games, args.seed, &done)
        .map_err(anyhow::Error::msg)?;
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} games, {} positions (each seat's view of a position a row) in {secs:.1} s: {:.0} positions/s on {} threads; written to {}",
        args.games,
        n,
        n as f64 / secs.max(1e-9),
        rayon::current_num_threads(),
        args.out.display()
    );
    Ok(())
}

/// Runs `tessera train`.
pub fn train(args: TrainArgs) -> Result<()> {
    features(&args.game)?;
    if !(args.margin.is_finite() && args.margin >= 0.0) {
        bail!("--margin {}: a weight is a number from 0", args.margin);
    }
    if let Some(s) = args.margin_scale.filter(|s| !(s.is_finite() && *s > 0.0)) {
        bail!("--margin-scale {s}: a scale is a positive number of points");
    }
    if !(args.lr.is_finite() && args.lr > 0.0) {
        bail!("--lr {}: a learning rate is a positive number", args.lr);
    }
    let mut positions = Vec::new();
    for path in &args.data {
        let file =
            std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
        let mut part = selfplay::read(&mut BufReader::new(file))
            .with_context(|| format!("reading {}", path.display()))?;
        positions.append(&mut part);
    }
    let config = train::TrainConfig {
        hidden: args.hidden.clone(),
        epochs: args.epochs,
        batch: args.batch,
        lr: args.lr,
        seed: args.seed,
        margin_weight: args.margin,
        margin_scale: args.margin_scale,
        ..train::TrainConfig::default()
    };
    println!("epoch  train loss  held-out loss  held-out accuracy");
    let trained = learned::train_named(&args.game, &positions, &config, &mut |e, ep| {
        println!(
            "{e:>5}  {:>10.4}  {:>13.4}  {:>16.1}%",
            ep.train_loss,
            ep.valid_loss,
            100.0 * ep.valid_accuracy
        );
    })?;
    let (n_train, n_valid) = trained.sizes;
    println!(
        "{n_train} training and {n_valid} held-out positions; on the held-out ones the hand-made measure's loss is {:.4}, its accuracy {:.1}%",
        trained.baseline.0,
        100.0 * trained.baseline.1
    );
    trained
        .save(&args.out)
        .with_context(|| format!("writing {}", args.out.display()))?;
    let command: Vec<String> = std::env::args().collect();
    let meta = serde_json::json!({
        "game": args.game,
        "command": command.join(" "),
        "seed": args.seed,
        "hidden": args.hidden,
        "margin_weight": args.margin,
        "margin_scale": args.margin_scale,
        "epochs": trained.epochs.iter().map(|e| serde_json::json!({
            "train_loss": e.train_loss,
            "valid_loss": e.valid_loss,
            "valid_accuracy": e.valid_accuracy,
        })).collect::<Vec<_>>(),
        "positions": {"train": n_train, "held_out": n_valid},
        "baseline": {"valid_loss": trained.baseline.0, "valid_accuracy": trained.baseline.1},
        "check": {"inputs": trained.check.0, "logits": trained.check.1},
    });
    let json = args.out.with_extension("json");
    std::fs::write(&json, serde_json::to_string_pretty(&meta)? + "\n")
        .with_context(|| format!("writing {}", json.display()))?;
    println!("written {} and {}", args.out.display(), json.display());
    if let Some(path) = &args.plot {
        plot_losses(&trained.epochs, trained.baseline.0, path)?;
    }
    Ok(())
}

/// The loss curves (training, held-out) and the hand-made measure's held-out loss.
fn plot_losses(epochs: &[train::Epoch], baseline: f64, path: &PathBuf) -> Result<()> {
    use plotters::prelude::*;
    let root = SVGBackend::new(path, (640, 400)).into_drawing_area();
    root.fill(&WHITE)?;
    let all = epochs
        .iter()
        .flat_map(|e| [e.train_loss, e.valid_loss])
        .chain([baseline]);
    let (lo, hi) = all.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let pad = (hi - lo).max(1e-3) * 0.1;
    let mut chart = ChartBuilder::on(&root)
        .caption("value network: loss by epoch", ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(1f64..epochs.len().max(2) as f64, (lo - pad)..(hi + pad))?;
    chart
        .configure_mesh()
        .x_desc("epoch")
        .y_desc("binary cross-entropy")
        .draw()?;
    let line = |f: fn(&train::Epoch) -> f64| {
        epochs
            .iter()
            .enumerate()
            .map(move |(i, e)| ((i + 1) as f64, f(e)))
    };
    chart
        .draw_series(LineSeries::new(
            line(|e| e.train_loss),
            BLUE.stroke_width(2),
        ))?
        .label("training")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], BLUE));
    chart
        .draw_series(LineSeries::new(line(|e| e.valid_loss), RED.stroke_width(2)))?
        .label("held out")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], RED));
    chart
        .draw_series(LineSeries::new(
            [(1.0, baseline), (epochs.len().max(2) as f64, baseline)],
            BLACK.mix(0.5),
        ))?
        .label("hand-made measure, held out")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], BLACK.mix(0.5)));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}
