//! A learned evaluation: a small value network trained on self-play, evaluated in Rust
//! (with [candle](https://github.com/huggingface/candle): a maintained pure-Rust library
//! that both trains and runs the network, so the training code and the bots share one
//! definition of it, and no Python or native runtime is needed) at the leaves of the
//! ISMCTS search.
//!
//! - [`Learned`]: a game with a learned evaluation: the features its networks read of a
//!   seat's view, its self-play games and its shipped network, implemented in the game's
//!   file here ([`akropolis`], [`triominos`], [`q`]). [`LearnedGame`] is the same with the
//!   game's type erased; the games with one are listed once, in the AI crate's table of
//!   the games ([`crate::registry::learned_games`]), and the rest of this module names
//!   none of them.
//! - [`ValueNet`]: a multilayer perceptron (ReLU layers, then one logit): the chance that
//!   the observing seat wins.
//! - [`selfplay`]: games of a bot recording every position from each seat's view with the
//!   game's result (`tessera selfplay`).
//! - [`train`]: training from those positions with a fixed seed (`tessera train`).
//! - [`Valued`]: the ISMCTS bot with the network at its leaves (`ismcts:value=net`).
//! - [`Ppo`]: a policy learned from Python (`ppo:model=FILE`, the recipe of
//!   `examples/train/`).
//!
//! Each game's shipped network is its [`Learned::shipped`]
//! (`crates/ai/models/GAME-value.safetensors`, loaded by the game's file, each with the
//! command and seed that made it and its outputs on fixed inputs in `GAME-value.json`
//! beside it); a bot takes another with `model=FILE`. Akropolis and Triominos search with
//! theirs at the ISMCTS leaves ([`Valued`]); Q's judges the turns of the line search
//! ([`q::QLearned`], the `learned` bot).

pub mod akropolis;
pub mod game;
pub mod learn;
pub mod named;
pub mod ppo;
pub mod q;
pub mod selfplay;
pub mod train;
pub mod triominos;
mod valued;

pub use game::LearnedGame;
pub use learn::Learned;
pub use named::{features_of, games, learned_game, play_named, train_named};
pub use ppo::Ppo;
pub use valued::Valued;

use candle_core::{DType, Device, Tensor};
use candle_nn::{Linear, Module};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// Why a network could not be loaded or run.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// The file is not a network of the expected shape.
    #[error("not a value network: {0}")]
    Shape(String),
    /// candle refused (a malformed file, a tensor operation).
    #[error("candle: {0}")]
    Candle(#[from] candle_core::Error),
}

/// A value network: ReLU layers `l0`, `l1`, ..., the last with one output, a logit of the
/// chance that the observing seat wins.
///
/// Its forward pass at the leaves is written out (two or three small matrix products),
/// not run through candle: candle's overhead per operation, some 9 µs for a batch of two
/// rows, was most of a leaf's cost at a search's 4,000 iterations a move. candle trains the
/// network and loads it; the training code's forward pass ([`forward`]) and this one agree
/// (`crates/ai/tests/learned.rs`).
#[derive(Clone, Debug)]
pub struct ValueNet {
    layers: Vec<Dense>,
    inputs: usize,
}

/// One layer: `out` rows of `inputs` weights (row-major) and `out` biases.
#[derive(Clone, Debug)]
struct Dense {
    weights: Vec<f32>,
    bias: Vec<f32>,
}

/// A shipped network, loaded from its bytes the first time it is asked for.
pub(crate) fn shipped_once(cell: &'static OnceLock<Arc<ValueNet>>, bytes: &[u8]) -> Arc<ValueNet> {
    cell.get_or_init(|| Arc::new(ValueNet::from_bytes(bytes).expect("the shipped network loads")))
        .clone()
}

impl ValueNet {
    /// Loads a network from safetensors bytes: tensors `lK.weight` (out x in) and
    /// `lK.bias` for K = 0, 1, ..., each layer's inputs the previous one's outputs, the
    /// last with one output.
    pub fn from_bytes(bytes: &[u8]) -> Result<ValueNet, NetError> {
        ValueNet::from_tensors(&candle_core::safetensors::load_buffer(bytes, &Device::Cpu)?)
    }

    /// A network of tensors named as in [`ValueNet::from_bytes`].
    pub fn from_tensors(tensors: &HashMap<String, Tensor>) -> Result<ValueNet, NetError> {
        let mut layers = Vec::new();
        let mut inputs = None;
        let mut width = 0;
        while let Some(w) = tensors.get(&format!("l{}.weight", layers.len())) {
            let k = layers.len();
            let b = tensors
                .get(&format!("l{k}.bias"))
                .ok_or_else(|| NetError::Shape(format!("l{k}.bias is missing")))?;
            let (out, inp) = w.dims2()?;
            if inputs.is_some() && inp != width {
                return Err(NetError::Shape(format!(
                    "l{k} takes {inp} inputs, the layer before gives {width}"
                )));
            }
            if b.dims1()? != out {
                return Err(NetError::Shape(format!("l{k}.bias is not of {out} values")));
            }
            inputs.get_or_insert(inp);
            width = out;
            layers.push(Dense {
                weights: w.to_dtype(DType::F32)?.flatten_all()?.to_vec1()?,
                bias: b.to_dtype(DType::F32)?.to_vec1()?,
            });
        }
        match inputs {
            Some(inputs) if width == 1 => Ok(ValueNet { layers, inputs }),
            Some(_) => Err(NetError::Shape(format!(
                "the last layer gives {width} outputs, not 1"
            ))),
            None => Err(NetError::Shape("no layer l0".into())),
        }
    }

    /// A network from a safetensors file (`tessera train --out`) reading `features`
    /// inputs, loaded once per path.
    pub fn from_file(path: &str, features: usize) -> Result<Arc<ValueNet>, NetError> {
        static LOADED: OnceLock<std::sync::Mutex<HashMap<String, Arc<ValueNet>>>> = OnceLock::new();
        let mut loaded = LOADED
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(net) = loaded.get(path) {
            return match net.inputs() == features {
                true => Ok(net.clone()),
                false => Err(NetError::Shape(format!(
                    "it reads {} inputs, the features are {features}",
                    net.inputs()
                ))),
            };
        }
        let bytes = std::fs::read(path).map_err(|e| NetError::Shape(e.to_string()))?;
        let net = Arc::new(ValueNet::from_bytes(&bytes)?);
        if net.inputs() != features {
            return Err(NetError::Shape(format!(
                "it reads {} inputs, the features are {features}",
                net.inputs()
            )));
        }
        loaded.insert(path.to_string(), net.clone());
        Ok(net)
    }

    /// The number of inputs.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The logits of `rows` (row-major, [`ValueNet::inputs`] values a row), one a row.
    pub fn logits(&self, rows: &[f32]) -> Result<Vec<f32>, NetError> {
        let n = rows.len() / self.inputs.max(1);
        if n * self.inputs != rows.len() || n == 0 {
            return Err(NetError::Shape(format!(
                "{} values are not rows of {}",
                rows.len(),
                self.inputs
            )));
        }
        let mut out = Vec::with_capacity(n);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for row in rows.chunks_exact(self.inputs) {
            a.clear();
            a.extend_from_slice(row);
            for (k, layer) in self.layers.iter().enumerate() {
                b.clear();
                let relu = k + 1 < self.layers.len();
                for (w, bias) in layer.weights.chunks_exact(a.len()).zip(&layer.bias) {
                    let z = bias + dot(w, &a);
                    b.push(if relu { z.max(0.0) } else { z });
                }
                std::mem::swap(&mut a, &mut b);
            }
            out.push(a[0]);
        }
        Ok(out)
    }

    /// The win chances of `rows` for their observers (the sigmoid of the logits).
    pub fn values(&self, rows: &[f32]) -> Result<Vec<f32>, NetError> {
        Ok(self.logits(rows)?.into_iter().map(sigmoid).collect())
    }
}

/// The dot product of two slices of one length, in 8 lanes (which the compiler vectorizes).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in ca.zip(cb) {
        for i in 0..8 {
            lanes[i] += x[i] * y[i];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// The network's layers applied to `x` (ReLU between them, none after the last): the one
/// forward pass of training and of the bots.
pub(crate) fn forward(layers: &[Linear], mut x: Tensor) -> candle_core::Result<Tensor> {
    for (k, l) in layers.iter().enumerate() {
        x = l.forward(&x)?;
        if k + 1 < layers.len() {
            x = x.relu()?;
        }
    }
    Ok(x)
}

/// The logistic function.
pub fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}
