//! Training a [`ValueNet`] from self-play positions: binary cross-entropy of the logit
//! against the seat's result, AdamW, a fixed seed for the initial weights and the order of
//! the batches. The games whose number is a multiple of 10 are held out to validate.
//!
//! With a margin weight, the network learns the final score margin too: a second output
//! of the last layer, its squared error (margin / the game's
//! [`Learned::MARGIN_SCALE`](super::learn::Learned::MARGIN_SCALE)) added to the loss with
//! that weight. A margin says more of a position than who won (a game lost by 1 point and
//! one lost by 30 are not the same), and the hidden layers learn from both; the saved
//! network keeps the win output only.

use super::selfplay::Position;
use super::{forward, NetError, ValueNet};
use candle_core::{DType, Device, Tensor, Var};
use candle_nn::{Linear, Optimizer};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashMap;
use tessera_core::rng_from_seed;

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Hidden layers' widths.
    pub hidden: Vec<usize>,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// AdamW's learning rate.
    pub lr: f64,
    /// AdamW's weight decay.
    pub weight_decay: f64,
    /// The seed of the initial weights and of the batches' order.
    pub seed: u64,
    /// The weight of the margin's squared error in the loss (0: the result alone).
    pub margin_weight: f64,
    /// Points of margin a unit of the margin output; `None`: the game's
    /// [`Learned::MARGIN_SCALE`](super::learn::Learned::MARGIN_SCALE).
    pub margin_scale: Option<f32>,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            hidden: vec![64, 32],
            epochs: 30,
            batch: 256,
            lr: 1e-3,
            weight_decay: 1e-4,
            seed: 1,
            margin_weight: 0.0,
            margin_scale: None,
        }
    }
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// Mean loss over the training positions during the epoch.
    pub train_loss: f64,
    /// Loss on the held-out positions after it.
    pub valid_loss: f64,
    /// Held-out positions (not shared wins) whose winner the network calls right.
    pub valid_accuracy: f64,
}

/// A trained network and how training went.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The network.
    pub net: ValueNet,
    /// Its tensors (to save as safetensors).
    pub tensors: HashMap<String, Tensor>,
    /// One entry an epoch.
    pub epochs: Vec<Epoch>,
    /// Training and held-out positions.
    pub sizes: (usize, usize),
    /// On the held-out positions, the loss of the hand-made measure (the reward `ismcts`
    /// gives a leaf, [`super::learn::Learned::hand_logit`]), and its accuracy.
    pub baseline: (f64, f64),
    /// Fixed inputs (the first held-out positions, row-major) and the logits the training
    /// code's forward pass gives them: what the saved network must reproduce.
    pub check: (Vec<f32>, Vec<f32>),
}

impl Trained {
    /// Writes the network as safetensors (what [`ValueNet::from_bytes`] reads).
    pub fn save(&self, path: &std::path::Path) -> Result<(), NetError> {
        Ok(candle_core::safetensors::save(&self.tensors, path)?)
    }
}

/// Whether a position is held out for validation.
pub fn held_out(p: &Position) -> bool {
    p.game.is_multiple_of(10)
}

/// Trains a network of game `G` on `positions`; `progress` is called after each epoch.
pub fn train<G: super::learn::Learned>(
    positions: &[Position],
    config: &TrainConfig,
    progress: &mut dyn FnMut(usize, &Epoch),
) -> Result<Trained, NetError> {
    let inputs = G::FEATURES;
    if positions.iter().any(|p| p.features.len() != inputs) {
        return Err(NetError::Shape(format!(
            "positions of other than {inputs} features (the data of another game?)"
        )));
    }
    let with_margin = config.margin_weight > 0.0;
    if with_margin && positions.iter().any(|p| p.margin.is_none()) {
        return Err(NetError::Shape(
            "a margin weight needs the margins (data of the first format has none)".into(),
        ));
    }
    let (valid, trainset): (Vec<&Position>, Vec<&Position>) =
        positions.iter().partition(|p| held_out(p));
    if trainset.is_empty() || valid.is_empty() {
        return Err(NetError::Shape(
            "too few games: one in ten is held out, and some must be left to train".into(),
        ));
    }
    let dev = Device::Cpu;
    let mut rng = rng_from_seed(config.seed);
    // the initial weights from the seed (candle's own CPU generator takes no seed), as
    // PyTorch draws them: uniform within 1 / sqrt(inputs)
    let mut vars = Vec::new();
    let mut layers = Vec::new();
    let mut tensors = HashMap::new();
    let mut width = inputs;
    // the last layer: the win logit, and the margin when it is learnt
    let last = if with_margin { 2 } else { 1 };
    for (k, &out) in config.hidden.iter().chain([last].iter()).enumerate() {
        let bound = 1.0 / (width as f32).sqrt();
        let mut draw =
            |n: usize| -> Vec<f32> { (0..n).map(|_| rng.gen_range(-bound..bound)).collect() };
        let w = Var::from_tensor(&Tensor::from_vec(draw(out * width), (out, width), &dev)?)?;
        let b = Var::from_tensor(&Tensor::from_vec(draw(out), out, &dev)?)?;
        tensors.insert(format!("l{k}.weight"), w.as_tensor().clone());
        tensors.insert(format!("l{k}.bias"), b.as_tensor().clone());
        layers.push(Linear::new(
            w.as_tensor().clone(),
            Some(b.as_tensor().clone()),
        ));
        vars.push(w);
        vars.push(b);
        width = out;
    }
    let mut opt = candle_nn::AdamW::new(
        vars,
        candle_nn::ParamsAdamW {
            lr: config.lr,
            weight_decay: config.weight_decay,
            ..Default::default()
        },
    )?;
    let margin_scale = config.margin_scale.unwrap_or(G::MARGIN_SCALE);
    let batch_of = |rows: &[&Position]| -> candle_core::Result<(Tensor, Tensor)> {
        let x: Vec<f32> = rows
            .iter()
            .flat_map(|p| p.features.iter().copied())
            .collect();
        let y: Vec<f32> = rows
            .iter()
            .flat_map(|p| {
                let m = p.margin.unwrap_or(0.0) / margin_scale;
                [p.result, m].into_iter().take(last)
            })
            .collect();
        Ok((
            Tensor::from_vec(x, (rows.len(), inputs), &dev)?,
            Tensor::from_vec(y, (rows.len(), last), &dev)?,
        ))
    };
    // the loss of a batch's outputs: the result's cross-entropy, plus the margin's weighted
    // squared error
    let loss_of = |out: &Tensor, y: &Tensor| -> candle_core::Result<Tensor> {
        let win = bce_with_logits(&out.narrow(1, 0, 1)?, &y.narrow(1, 0, 1)?)?;
        if !with_margin {
            return Ok(win);
        }
        let err = (out.narrow(1, 1, 1)? - y.narrow(1, 1, 1)?)?;
        win + err.sqr()?.mean_all()?.affine(config.margin_weight, 0.0)?
    };
    let (vx, vy) = batch_of(&valid)?;
    let mut order: Vec<usize> = (0..trainset.len()).collect();
    let mut epochs = Vec::new();
    for e in 0..config.epochs {
        order.shuffle(&mut rng);
        let (mut sum, mut n) = (0.0, 0usize);
        for chunk in order.chunks(config.batch.max(1)) {
            let rows: Vec<&Position> = chunk.iter().map(|&i| trainset[i]).collect();
            let (x, y) = batch_of(&rows)?;
            let loss = loss_of(&forward(&layers, x)?, &y)?;
            opt.backward_step(&loss)?;
            sum += f64::from(loss.to_scalar::<f32>()?) * rows.len() as f64;
            n += rows.len();
        }
        let logits = forward(&layers, vx.clone())?.narrow(1, 0, 1)?;
        let valid_loss =
            f64::from(bce_with_logits(&logits, &vy.narrow(1, 0, 1)?)?.to_scalar::<f32>()?);
        let z: Vec<f32> = logits.flatten_all()?.to_vec1()?;
        let epoch = Epoch {
            train_loss: sum / n.max(1) as f64,
            valid_loss,
            valid_accuracy: accuracy(&z, &valid),
        };
        progress(e + 1, &epoch);
        epochs.push(epoch);
    }
    // the hand-made measure's logit, from the features
    let hand: Vec<f32> = valid.iter().map(|p| G::hand_logit(&p.features)).collect();
    let hand_loss = bce_with_logits(
        &Tensor::from_vec(hand.clone(), (valid.len(), 1), &dev)?,
        &vy.narrow(1, 0, 1)?,
    )?;
    let baseline = (
        f64::from(hand_loss.to_scalar::<f32>()?),
        accuracy(&hand, &valid),
    );
    let fixed: Vec<&Position> = valid.iter().take(8).copied().collect();
    let (fx, _) = batch_of(&fixed)?;
    let check = (
        fx.flatten_all()?.to_vec1()?,
        forward(&layers, fx)?
            .narrow(1, 0, 1)?
            .flatten_all()?
            .to_vec1()?,
    );
    // the saved network: the win output of the last layer (its first row)
    let top = format!("l{}.", config.hidden.len());
    let tensors: HashMap<String, Tensor> = tensors
        .into_iter()
        .map(|(k, t)| {
            let t = if k.starts_with(&top) {
                t.narrow(0, 0, 1)?
            } else {
                t
            };
            Ok((k, t.to_dtype(DType::F32)?.copy()?))
        })
        .collect::<candle_core::Result<_>>()?;
    let net = ValueNet::from_tensors(&tensors)?;
    Ok(Trained {
        net,
        tensors,
        epochs,
        sizes: (trainset.len(), valid.len()),
        baseline,
        check,
    })
}

/// Mean binary cross-entropy of logits `z` against targets `y` in [0, 1], in its stable
/// form: max(z, 0) - z y + ln(1 + e^-|z|).
pub fn bce_with_logits(z: &Tensor, y: &Tensor) -> candle_core::Result<Tensor> {
    let soft = z.abs()?.neg()?.exp()?.affine(1.0, 1.0)?.log()?;
    (z.relu()? - (z * y)?)?.add(&soft)?.mean_all()
}

/// The share of positions with a winner whose logit has the right sign.
fn accuracy(z: &[f32], rows: &[&Position]) -> f64 {
    let (mut right, mut n) = (0usize, 0usize);
    for (z, p) in z.iter().zip(rows) {
        if p.result != 0.5 {
            n += 1;
            right += usize::from((*z > 0.0) == (p.result > 0.5));
        }
    }
    right as f64 / n.max(1) as f64
}
