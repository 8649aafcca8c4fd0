//! Self-play data: 2-player games of a bot (of a game with a [`Learned`] evaluation), every
//! position before a move seen from each seat ([`Learned::features`]) with that seat's
//! final result and score margin, written as CSV (`game,ply,seat,result,margin,f0,...`),
//! one position and seat a row. Files of the first format (no `margin` column) are read
//! too.

use super::learn::Learned;
use crate::tournament::MakeStrategy;
use rayon::prelude::*;
use std::io::{BufRead, Write};
use tessera_core::{derive_seed, rng_from_seed, Game, Strategy};

/// One position seen from one seat, with the game's result for that seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The game's number.
    pub game: u64,
    /// Moves played before this position.
    pub ply: u32,
    /// The observing seat.
    pub seat: u8,
    /// 1 when the seat won, 0 when it lost, 1/2 for a shared win.
    pub result: f32,
    /// The seat's final score minus the other seat's (`None` in data of the first format).
    pub margin: Option<f32>,
    /// The features ([`Learned::FEATURES`] values of the game).
    pub features: Vec<f32>,
}

/// Why data could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A line is not a position.
    #[error("line {line}: {why}")]
    Format {
        /// The line (1-based).
        line: usize,
        /// What is wrong.
        why: String,
    },
}

/// Plays games `first..first + games` (game `i` deals from `derive_seed(seed, i)`) of the
/// bots `specs` (one spec for both seats, or one per seat, swapped every other game) on all
/// of rayon's threads, handing each game's positions to `done` as the game ends (in the
/// order games end); returns the number of positions.
pub fn play<G: Learned>(
    specs: &[String],
    first: u64,
    games: u64,
    seed: u64,
    make: &MakeStrategy<G>,
    done: &(dyn Fn(u64, Vec<Position>) -> Result<(), String> + Sync),
) -> Result<usize, String> {
    if specs.is_empty() || specs.len() > 2 {
        return Err("give one bot (both seats) or two (one per seat)".into());
    }
    for s in specs {
        make(s)?;
    }
    (first..first + games)
        .into_par_iter()
        .map(|i| {
            let mut bots: Vec<Box<dyn Strategy<G>>> = (0..2)
                .map(|s| make(&specs[(s + i as usize) % specs.len()]))
                .collect::<Result<_, _>>()?;
            let mut game = G::selfplay_game(derive_seed(seed, i))?;
            let mut rng = rng_from_seed(derive_seed(seed ^ 0x5E1F, i));
            let positions = one_game(&mut game, &mut bots, &mut rng, i)?;
            let n = positions.len();
            done(i, positions)?;
            Ok(n)
        })
        .sum::<Result<usize, String>>()
}

/// Plays `game` to its end, recording each position before a move from both seats.
fn one_game<G: Learned>(
    game: &mut G,
    bots: &mut [Box<dyn Strategy<G>>],
    rng: &mut tessera_core::GameRng,
    index: u64,
) -> Result<Vec<Position>, String> {
    let mut positions = Vec::new();
    let mut ply = 0u32;
    while let Some(mover) = game.to_move() {
        for seat in 0..2u8 {
            let mut features = vec![0.0; G::FEATURES];
            // what the seat sees of the game (the features read nothing else)
            if !G::features(game, seat as usize, &mut features) {
                return Err(format!("game {index}: not a game the networks learn"));
            }
            positions.push(Position {
                game: index,
                ply,
                seat,
                result: 0.0,
                margin: None,
                features,
            });
        }
        let mv = bots[mover.index()].choose(&game.view(mover), rng);
        Game::play(game, &mv).map_err(|e| format!("game {index}: {e}"))?;
        ply += 1;
        if ply > 5000 {
            return Err(format!("game {index} does not end"));
        }
    }
    let outcome = game.outcome().ok_or("the game has no outcome")?;
    let rewards = crate::finished_rewards(&outcome, 2);
    let scores = game.scores();
    for p in &mut positions {
        let (me, other) = (p.seat as usize, 1 - p.seat as usize);
        p.result = rewards[me] as f32;
        p.margin = Some((scores[me] - scores[other]) as f32);
    }
    Ok(positions)
}

/// Writes the CSV header for `features` features.
pub fn write_header(out: &mut dyn Write, features: usize) -> Result<(), DataError> {
    write!(out, "game,ply,seat,result,margin")?;
    for k in 0..features {
        write!(out, ",f{k}")?;
    }
    writeln!(out)?;
    Ok(())
}

/// Writes positions as CSV rows (after [`write_header`]).
pub fn write_rows(out: &mut dyn Write, positions: &[Position]) -> Result<(), DataError> {
    for p in positions {
        write!(out, "{},{},{},{},", p.game, p.ply, p.seat, p.result)?;
        if let Some(m) = p.margin {
            write!(out, "{m}")?;
        }
        for x in &p.features {
            write!(out, ",{x}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Reads positions written by [`write_header`] and [`write_rows`]: as many features a
/// row as the header names.
pub fn read(input: &mut dyn BufRead) -> Result<Vec<Position>, DataError> {
    let mut out = Vec::new();
    // the columns before the features: 5 with the margin, 4 in the first format
    let mut lead = 5;
    let mut features = 0;
    for (k, line) in input.lines().enumerate() {
        let line = line?;
        let bad = |why: String| DataError::Format { line: k + 1, why };
        if k == 0 {
            if !line.starts_with("game,ply,seat,result") {
                return Err(bad("not self-play data (its header is missing)".into()));
            }
            if !line.starts_with("game,ply,seat,result,margin") {
                lead = 4;
            }
            features = line.split(',').count() - lead;
            if features == 0 {
                return Err(bad("the header names no features".into()));
            }
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let cells: Vec<&str> = line.split(',').collect();
        if cells.len() != lead + features {
            return Err(bad(format!(
                "{} values, expected {}",
                cells.len(),
                lead + features
            )));
        }
        let num = |i: usize| -> Result<f64, DataError> {
            cells[i]
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| bad(format!("{:?} is not a number", cells[i])))
        };
        let result = num(3)? as f32;
        if !(0.0..=1.0).contains(&result) {
            return Err(bad(format!("result {result} is not from 0 to 1")));
        }
        out.push(Position {
            game: num(0)? as u64,
            ply: num(1)? as u32,
            seat: num(2)? as u8,
            result,
            margin: match lead {
                5 if !cells[4].is_empty() => Some(num(4)? as f32),
                _ => None,
            },
            features: (lead..lead + features)
                .map(|i| num(i).map(|x| x as f32))
                .collect::<Result<_, _>>()?,
        });
    }
    Ok(out)
}
