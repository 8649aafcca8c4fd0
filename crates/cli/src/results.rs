//! A tournament's results: the `--out` file ([`ResultsFile`], read back by `tournament
//! merge`), the statistics printed (a table or one JSON object) and the SVG plot.

use anyhow::{Context, Result};
use std::path::PathBuf;
use tessera_ai::tournament::{GameResult, Summary, TournamentConfig};

/// A `--out` file: every game's result, for `tournament merge`.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct ResultsFile {
    /// The game's name.
    pub game: String,
    /// What was played.
    pub config: TournamentConfig,
    /// The games, by index.
    pub results: Vec<GameResult>,
}

/// Prints the statistics: one JSON object, or a table.
pub fn report(s: &Summary, json: bool, game: &str) -> Result<()> {
    if json {
        let mut v = serde_json::to_value(s)?;
        v["game"] = serde_json::json!(game);
        println!("{v}");
        return Ok(());
    }
    // merged files and stored tournaments carry no timing: no speed is printed for them
    let speed = if s.games_per_s > 0.0 {
        format!(", {:.1} games/s", s.games_per_s)
    } else {
        String::new()
    };
    println!(
        "{game}: {} games{speed}{}",
        s.games,
        if s.unfinished > 0 {
            format!(", {} unfinished", s.unfinished)
        } else {
            String::new()
        }
    );
    println!(
        "{:<28} {:>7} {:>9} {:>8}  {:<17} {:>9}  {:<19} {:>6} {:>5}",
        "strategy", "games", "wins", "win rate", "95% CI", "score", "95% CI", "Elo", "±95%"
    );
    for st in &s.strategies {
        let pm = match st.elo_ci95 {
            Some([lo, hi]) => format!("{:.0}", (hi - lo) / 2.0),
            None => "-".to_string(),
        };
        println!(
            "{:<28} {:>7} {:>9.1} {:>7.1}%  [{:>5.1}%, {:>5.1}%] {:>9.1}  [{:>7.1}, {:>7.1}] {:>6.0} {:>5}",
            st.name,
            st.games,
            st.wins,
            100.0 * st.win_rate,
            100.0 * st.ci95[0],
            100.0 * st.ci95[1],
            st.mean_score,
            st.score_ci95[0],
            st.score_ci95[1],
            st.elo,
            pm
        );
    }
    // a round robin: every pair, by score (ties half)
    if s.strategies.len() > 2 {
        println!(
            "{:<28} {:<28} {:>7} {:>9} {:>8}  95% CI",
            "pair: a", "b", "games", "a's wins", "a's rate"
        );
        for p in &s.pairs {
            println!(
                "{:<28} {:<28} {:>7} {:>9.1} {:>7.1}%  [{:>5.1}%, {:>5.1}%]",
                p.a,
                p.b,
                p.games,
                p.a_wins,
                100.0 * p.win_rate,
                100.0 * p.ci95[0],
                100.0 * p.ci95[1]
            );
        }
    }
    let seats: Vec<String> = s
        .seat_win_rate
        .iter()
        .enumerate()
        .map(|(i, (r, ci))| {
            format!(
                "seat {i}: {:.1}% [{:.1}%, {:.1}%]",
                100.0 * r,
                100.0 * ci[0],
                100.0 * ci[1]
            )
        })
        .collect();
    println!("seat win rates: {}", seats.join(", "));
    // what a timed bot actually got: the CPU time of its thread a move
    let cpu: Vec<String> = s
        .strategies
        .iter()
        .filter_map(|st| Some(format!("{} {:.1} ms", st.name, st.cpu_ms_per_move?)))
        .collect();
    if !cpu.is_empty() {
        println!("CPU time a move: {}", cpu.join(", "));
    }
    Ok(())
}

/// Draws the win rates with their 95% intervals into an SVG file.
pub fn plot(s: &Summary, path: &PathBuf, title: &str) -> Result<()> {
    use plotters::prelude::*;
    let root =
        SVGBackend::new(path, (200 + 120 * s.strategies.len() as u32, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let n = s.strategies.len();
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(60)
        .y_label_area_size(50)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..1f64)?;
    let names: Vec<String> = s.strategies.iter().map(|x| x.name.clone()).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n.max(1))
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < names.len() {
                names[i as usize].clone()
            } else {
                String::new()
            }
        })
        .y_desc("win rate (95% Wilson CI)")
        .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
        .draw()?;
    chart.draw_series(s.strategies.iter().enumerate().map(|(i, st)| {
        let x = i as f64;
        Rectangle::new(
            [(x - 0.3, 0.0), (x + 0.3, st.win_rate)],
            Palette99::pick(i).mix(0.7).filled(),
        )
    }))?;
    chart.draw_series(s.strategies.iter().enumerate().map(|(i, st)| {
        ErrorBar::new_vertical(
            i as f64,
            st.ci95[0],
            st.win_rate,
            st.ci95[1],
            BLACK.stroke_width(2),
            12,
        )
    }))?;
    // the 50% line for two-player comparisons
    chart.draw_series(LineSeries::new(
        [(-0.5, 0.5), (n as f64 - 0.5, 0.5)],
        BLACK.mix(0.3),
    ))?;
    root.present()
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}
