//! Trains chess's neural evaluation (src/game/chess/neural.rs) on positions scored
//! by Stockfish (scripts/nnue-data.py writes them: a FEN, a tab, Stockfish's score
//! for the side to move in centipawns, and, in newer files, a tab and the game's
//! result for the side to move).
//!
//! ```text
//! cargo run --release -p ply-tools --bin nnue_train -- --data a.tsv [--data b.tsv] \
//!     [--epochs 10] [--batch 2048] [--rate 0.001] [--threads 2] [--seed 1] \
//!     [--decay 1] [--residual 1] [--result 0] [--mirror 0] [--test c.tsv] \
//!     [--init old.nnue] [--out src/game/chess/nets/chess.nnue]
//! ```
//!
//! The last twentieth of each file is held out: whole games (the files are written game
//! by game), since positions a ply apart in one game are nearly the same position and
//! would flatter the held-out loss. The float network mirrors the integer one exactly
//! in its layout: each side's 768 inputs feed [`HIDDEN`] units, the activation is
//! clamp(x, 0, 1)², the output layer is the one of the position's material band, and
//! the output times [`SCALE`] is centipawns. The network learns the classical
//! evaluation's error: its output is added to `strong`'s value, as `neural` adds it
//! (`--residual 0` trains one on the whole score instead, for comparison only: its
//! file's magic differs and `neural` refuses it). The loss is the squared difference of
//! sigmoid(value / 300) between the network and the target: sigmoid(Stockfish's score /
//! 300), or, with `--result r` and a position whose game result is known, (1 - r) times
//! that plus r times the result (a search score says how good a position looks, the
//! result what became of it), minimised by Adam over mini-batches, the weights clipped
//! (input ones to ±0.48, output ones to ±3.96) so the integer network cannot overflow, the input weights shrunk by
//! `--decay` times the learning rate each step (decoupled weight decay: with a few
//! thousand games, a network left alone learns them by heart); the learning rate falls
//! tenfold over the last third of the epochs. `--mirror 1` also trains on each training
//! position without castling rights reflected a-file to h-file, with the same target
//! (chess is left-right symmetric but for castling): 5.7 million training positions
//! from 3.3 million, held-out loss 0.00472 instead of 0.00506, but no gain in play
//! against the network without it (+18 =58 -24 over 100 games at 100,000 nodes,
//! -21 ± 45 Elo; +26 =52 -22 at 20,000), so off by default. The weights with the
//! lowest held-out loss are written, quantised (inputs by QA, outputs by QB), with
//! how far the integer network strays from the float one on the held-out
//! positions. `--init` starts from a network file's weights instead of random ones
//! (fine-tuning on new positions when the old ones are gone). `--test` files are only measured: positions from other games than
//! the training ones, so their loss is not flattered by neighbours of training
//! positions in the same game. The network committed came from the defaults (the
//! README gives its data).

use std::process::ExitCode;

use cozy_chess::Board;
use ply::game::chess::neural::{
    self, HIDDEN, INPUT_WEIGHT_BOUND, INPUTS, MAGIC, Network, OUTPUT_BUCKETS, OUTPUT_UNIT,
    OUTPUT_WEIGHT_BOUND, QA, QB, SCALE, output_bucket,
};
use ply::game::chess::{Chess, classical};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// Centipawns per unit inside the loss's sigmoid.
const LOSS_SCALE: f32 = 300.0;
/// The magic of a network trained on the whole score (`--residual 0`), which
/// `neural` (classical value plus network) must not read.
const WHOLE_SCORE_MAGIC: &[u8; 8] = b"PLY768W9";
/// The bound on every input weight and bias, so the integer network's hidden sums
/// fit an i16 (trained networks stay well inside it: their largest is about 0.35).
const INPUT_CLIP: f32 = 0.48;
/// The bound on every output weight, so the integer network's output sums fit an i32.
const OUTPUT_CLIP: f32 = 3.96;
// A clipped weight, scaled and rounded, must stay within the bound `neural` reads.
const _: () = assert!(INPUT_CLIP * QA as f32 <= INPUT_WEIGHT_BOUND as f32 + 0.5);
const _: () = assert!(OUTPUT_CLIP * QB as f32 <= OUTPUT_WEIGHT_BOUND as f32 + 0.5);

struct Options {
    data: Vec<String>,
    epochs: usize,
    batch: usize,
    rate: f32,
    threads: usize,
    seed: u64,
    /// The weight of the game's result in the target (0: the score alone).
    result: f32,
    /// Decoupled weight decay of the input weights (0: none).
    decay: f32,
    /// Whether the network learns the classical evaluation's error, not the score.
    residual: bool,
    /// Whether training positions without castling rights are also learnt mirrored
    /// a-file to h-file (the same value: chess is left-right symmetric but for castling).
    mirror: bool,
    test: Vec<String>,
    /// A network file to start from instead of random weights (fine-tuning on
    /// new positions without the old ones).
    init: Option<String>,
    out: String,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        data: Vec::new(),
        epochs: 10,
        batch: 2048,
        rate: 0.001,
        threads: 2,
        seed: 1,
        result: 0.0,
        residual: true,
        mirror: false,
        decay: 1.0,
        test: Vec::new(),
        init: None,
        out: "src/game/chess/nets/chess.nnue".into(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number = |v: &str| {
            v.parse::<f64>()
                .map_err(|_| format!("{flag}: not a number: {v}"))
        };
        match flag.as_str() {
            "--data" => options.data.push(value),
            "--epochs" => options.epochs = number(&value)? as usize,
            "--batch" => options.batch = number(&value)? as usize,
            "--rate" => options.rate = number(&value)? as f32,
            "--threads" => options.threads = (number(&value)? as usize).max(1),
            "--seed" => options.seed = number(&value)? as u64,
            "--result" => options.result = (number(&value)? as f32).clamp(0.0, 1.0),
            "--test" => options.test.push(value),
            "--decay" => options.decay = number(&value)? as f32,
            "--residual" => options.residual = number(&value)? != 0.0,
            "--mirror" => options.mirror = number(&value)? != 0.0,
            "--init" => options.init = Some(value),
            "--out" => options.out = value,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if options.data.is_empty() {
        return Err("give at least one --data file".into());
    }
    Ok(options)
}

/// Positions as their active inputs, both views, and their targets.
#[derive(Default)]
struct Positions {
    own: Vec<u16>,
    other: Vec<u16>,
    /// Where each position's inputs start in `own` and `other`; one more than positions.
    starts: Vec<usize>,
    /// What the network's sigmoid should come out as: the score's, blended with
    /// the game's result where known.
    targets: Vec<f32>,
    /// What is added to the network's output: the classical evaluation (in
    /// units of [`SCALE`] centipawns) when the network learns only its error.
    bases: Vec<f32>,
    /// Each position's output layer.
    buckets: Vec<u8>,
    fens: Vec<String>,
}

impl Positions {
    fn push(&mut self, fen: &str, board: &Board, target: f32, base: f32) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        let (own, other, count) = neural::active_features(board);
        self.own.extend_from_slice(&own[..count]);
        self.other.extend_from_slice(&other[..count]);
        self.starts.push(self.own.len());
        self.targets.push(target);
        self.buckets.push(output_bucket(board) as u8);
        self.fens.push(fen.to_string());
        self.bases.push(base);
    }

    fn len(&self) -> usize {
        self.targets.len()
    }

    fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    fn inputs(&self, index: usize) -> Inputs<'_> {
        let range = self.starts[index]..self.starts[index + 1];
        let bucket = usize::from(self.buckets[index]);
        (
            &self.own[range.clone()],
            &self.other[range],
            bucket,
            self.bases[index],
        )
    }
}

/// The training and held-out positions of `paths`: with `training`, the last twentieth
/// of each file held out and, under `--mirror`, the training positions without
/// castling rights also mirrored; otherwise all of them, as they are, in the first set.
fn read_positions(
    paths: &[String],
    options: &Options,
    training: bool,
) -> Result<(Positions, Positions), String> {
    let mut train = Positions::default();
    let mut held_out = Positions::default();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let lines = text.lines().count();
        for (line_number, line) in text.lines().enumerate() {
            let mut fields = line.split('\t');
            let (Some(fen), Some(score)) = (fields.next(), fields.next()) else {
                continue;
            };
            let Ok(score) = score.trim().parse::<f32>() else {
                continue;
            };
            let score = score.clamp(-3000.0, 3000.0);
            let result = fields.next().and_then(|r| r.trim().parse::<f32>().ok());
            let target = match result {
                Some(result) if (0.0..=1.0).contains(&result) => {
                    (1.0 - options.result) * sigmoid(score / LOSS_SCALE) + options.result * result
                }
                _ => sigmoid(score / LOSS_SCALE),
            };
            if training && line_number >= lines - lines / 20 {
                push_position(&mut held_out, fen, target, options.residual)?;
                continue;
            }
            push_position(&mut train, fen, target, options.residual)?;
            if training
                && options.mirror
                && let Some(mirrored) = mirrored_fen(fen)
            {
                push_position(&mut train, &mirrored, target, options.residual)?;
            }
        }
    }
    Ok((train, held_out))
}

/// Adds the position of `fen` (skipped if it does not read), with the classical
/// value as its base when the network learns only the classical evaluation's error.
fn push_position(
    set: &mut Positions,
    fen: &str,
    target: f32,
    residual: bool,
) -> Result<(), String> {
    let Ok(board) = Board::from_fen(fen, false) else {
        return Ok(());
    };
    let base = if residual {
        let game = Chess::from_fen(fen).map_err(|e| format!("{fen}: {e}"))?;
        classical::classical(&game) as f32 / SCALE as f32
    } else {
        0.0
    };
    set.push(fen, &board, target, base);
    Ok(())
}

/// The position of `fen` reflected a-file to h-file, the same side to move: the
/// same value, since chess is left-right symmetric but for castling, so `None`
/// while either side may still castle.
fn mirrored_fen(fen: &str) -> Option<String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let [placement, side, "-", en_passant, rest @ ..] = fields.as_slice() else {
        return None;
    };
    let ranks: Vec<String> = placement
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    let en_passant = match en_passant.as_bytes() {
        [file @ b'a'..=b'h', rank] => {
            format!("{}{}", (b'h' - (file - b'a')) as char, *rank as char)
        }
        _ => "-".to_string(),
    };
    let mut mirrored = vec![ranks.join("/"), side.to_string(), "-".into(), en_passant];
    mirrored.extend(rest.iter().map(|field| field.to_string()));
    Some(mirrored.join(" "))
}

/// One position's active inputs from the side to move's view and the other's, and
/// its output layer.
type Inputs<'a> = (&'a [u16], &'a [u16], usize, f32);

/// The float network being trained.
#[derive(Clone)]
struct Model {
    /// `INPUTS * HIDDEN` input weights, then `HIDDEN` biases, then each bucket's
    /// `2 * HIDDEN` output weights, then each bucket's output bias: one flat vector
    /// so Adam treats all alike.
    params: Vec<f32>,
}

const INPUT_BIAS: usize = INPUTS * HIDDEN;
const OUTPUT_WEIGHTS: usize = INPUT_BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT_WEIGHTS + OUTPUT_BUCKETS * 2 * HIDDEN;
const PARAMS: usize = OUTPUT_BIAS + OUTPUT_BUCKETS;

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Model {
    fn new(seed: u64) -> Model {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut params = vec![0.0; PARAMS];
        for weight in &mut params[..INPUT_BIAS] {
            *weight = rng.random_range(-0.1..0.1);
        }
        for bias in &mut params[INPUT_BIAS..OUTPUT_WEIGHTS] {
            *bias = rng.random_range(0.0..0.2);
        }
        for weight in &mut params[OUTPUT_WEIGHTS..OUTPUT_BIAS] {
            *weight = rng.random_range(-0.1..0.1);
        }
        Model { params }
    }

    /// The float weights of a network file, as [`Model::quantised`] wrote them:
    /// each integer divided by its scale again.
    fn from_file(path: &str) -> Result<Model, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
        let body = &bytes[MAGIC.len()..];
        let (shorts, longs) = body.split_at(OUTPUT_BIAS * 2);
        let mut params: Vec<f32> = shorts
            .chunks_exact(2)
            .enumerate()
            .map(|(index, pair)| {
                let scale = if index < OUTPUT_WEIGHTS { QA } else { QB };
                f32::from(i16::from_le_bytes([pair[0], pair[1]])) / scale as f32
            })
            .collect();
        params.extend(
            longs
                .chunks_exact(4)
                .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f32 / OUTPUT_UNIT as f32),
        );
        Ok(Model { params })
    }

    fn hidden(&self, inputs: &[u16]) -> [f32; HIDDEN] {
        let mut sums = [0.0f32; HIDDEN];
        sums.copy_from_slice(&self.params[INPUT_BIAS..OUTPUT_WEIGHTS]);
        for &input in inputs {
            let row = &self.params[usize::from(input) * HIDDEN..][..HIDDEN];
            for (sum, weight) in sums.iter_mut().zip(row) {
                *sum += weight;
            }
        }
        sums
    }

    /// The output (centipawns / SCALE) and both sides' hidden sums.
    fn forward(
        &self,
        (own, other, bucket, base): Inputs<'_>,
    ) -> (f32, [f32; HIDDEN], [f32; HIDDEN]) {
        let own_hidden = self.hidden(own);
        let other_hidden = self.hidden(other);
        let weights = &self.params[OUTPUT_WEIGHTS + bucket * 2 * HIDDEN..][..2 * HIDDEN];
        let mut out = self.params[OUTPUT_BIAS + bucket] + base;
        for (i, sum) in own_hidden.iter().chain(&other_hidden).enumerate() {
            let clipped = sum.clamp(0.0, 1.0);
            out += clipped * clipped * weights[i];
        }
        (out, own_hidden, other_hidden)
    }

    /// Adds this position's gradient of the loss to `gradient`; returns the loss.
    fn backward(&self, inputs: Inputs<'_>, target: f32, gradient: &mut [f32]) -> f32 {
        let (own, other, bucket, _) = inputs;
        let (out, own_hidden, other_hidden) = self.forward(inputs);
        let predicted = sigmoid(out * SCALE as f32 / LOSS_SCALE);
        let error = predicted - target;
        let d_out = 2.0 * error * predicted * (1.0 - predicted) * SCALE as f32 / LOSS_SCALE;
        gradient[OUTPUT_BIAS + bucket] += d_out;
        let output_weights = OUTPUT_WEIGHTS + bucket * 2 * HIDDEN;
        let weights = &self.params[output_weights..][..2 * HIDDEN];
        for (side, (hidden, inputs)) in [(&own_hidden, own), (&other_hidden, other)]
            .into_iter()
            .enumerate()
        {
            let mut d_hidden = [0.0f32; HIDDEN];
            for unit in 0..HIDDEN {
                let sum = hidden[unit];
                let clipped = sum.clamp(0.0, 1.0);
                let slot = side * HIDDEN + unit;
                gradient[output_weights + slot] += d_out * clipped * clipped;
                if sum > 0.0 && sum < 1.0 {
                    d_hidden[unit] = d_out * weights[slot] * 2.0 * clipped;
                }
            }
            for (g, d) in gradient[INPUT_BIAS..OUTPUT_WEIGHTS]
                .iter_mut()
                .zip(&d_hidden)
            {
                *g += d;
            }
            for &input in inputs {
                let row = &mut gradient[usize::from(input) * HIDDEN..][..HIDDEN];
                for (g, d) in row.iter_mut().zip(&d_hidden) {
                    *g += d;
                }
            }
        }
        error * error
    }

    fn quantised(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        let mut short = |value: f32, scale: i32| {
            let q = (value * scale as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16;
            bytes.extend_from_slice(&q.to_le_bytes());
        };
        for &w in &self.params[..INPUT_BIAS] {
            short(w, QA);
        }
        for &b in &self.params[INPUT_BIAS..OUTPUT_WEIGHTS] {
            short(b, QA);
        }
        for &w in &self.params[OUTPUT_WEIGHTS..OUTPUT_BIAS] {
            short(w, QB);
        }
        for &bias in &self.params[OUTPUT_BIAS..] {
            let bias = (f64::from(bias) * f64::from(OUTPUT_UNIT)).round() as i32;
            bytes.extend_from_slice(&bias.to_le_bytes());
        }
        bytes
    }
}

/// The mean loss over `positions`.
fn mean_loss(model: &Model, positions: &Positions) -> f64 {
    let mut total = 0.0f64;
    for index in 0..positions.len() {
        let (out, _, _) = model.forward(positions.inputs(index));
        let error = sigmoid(out * SCALE as f32 / LOSS_SCALE) - positions.targets[index];
        total += f64::from(error * error);
    }
    total / positions.len().max(1) as f64
}

struct Adam {
    first: Vec<f32>,
    second: Vec<f32>,
    steps: i32,
}

impl Adam {
    /// One Adam step; the input weights also shrink by `rate * decay` of
    /// themselves (decoupled weight decay), so a row only a few games switch on
    /// does not learn those games by heart.
    fn step(&mut self, params: &mut [f32], gradient: &[f32], rate: f32, decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.steps += 1;
        let correction1 = 1.0 - B1.powi(self.steps);
        let correction2 = 1.0 - B2.powi(self.steps);
        for i in 0..params.len() {
            let g = gradient[i];
            self.first[i] = B1 * self.first[i] + (1.0 - B1) * g;
            self.second[i] = B2 * self.second[i] + (1.0 - B2) * g * g;
            let m = self.first[i] / correction1;
            let v = self.second[i] / correction2;
            let shrink = if i < INPUT_BIAS {
                rate * decay * params[i]
            } else {
                0.0
            };
            let clip = if i < OUTPUT_WEIGHTS {
                INPUT_CLIP
            } else {
                OUTPUT_CLIP
            };
            params[i] = (params[i] - shrink - rate * m / (v.sqrt() + 1e-8)).clamp(-clip, clip);
        }
    }
}

/// One batch's mean gradient, the positions split over threads; returns the summed loss.
fn batch_gradient(
    model: &Model,
    positions: &Positions,
    batch: &[usize],
    threads: usize,
    gradient: &mut [f32],
) -> f64 {
    let chunk = batch.len().div_ceil(threads);
    let parts: Vec<(Vec<f32>, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(chunk)
            .map(|indices| {
                scope.spawn(move || {
                    let mut part = vec![0.0f32; PARAMS];
                    let mut loss = 0.0f64;
                    for &index in indices {
                        let inputs = positions.inputs(index);
                        loss +=
                            f64::from(model.backward(inputs, positions.targets[index], &mut part));
                    }
                    (part, loss)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a training thread panicked"))
            .collect()
    });
    gradient.fill(0.0);
    let mut loss = 0.0;
    for (part, part_loss) in parts {
        for (g, p) in gradient.iter_mut().zip(&part) {
            *g += p / batch.len() as f32;
        }
        loss += part_loss;
    }
    loss
}

/// How far the integer network's centipawns stray from the float network's.
fn quantisation_error(model: &Model, network: &Network, positions: &Positions) -> (f64, f64) {
    let mut total = 0.0f64;
    let mut worst = 0.0f64;
    for index in 0..positions.len().min(5000) {
        let board = Board::from_fen(&positions.fens[index], false).expect("read once already");
        let float = f64::from(
            (model.forward(positions.inputs(index)).0 - positions.bases[index]) * SCALE as f32,
        );
        let integer = f64::from(network.evaluate(&board));
        total += (float - integer).abs();
        worst = worst.max((float - integer).abs());
    }
    (total / positions.len().clamp(1, 5000) as f64, worst)
}

/// The held-out loss of the classical evaluation (`strong` before the network) at
/// its best scale, for comparison: its centipawns are not Stockfish's.
fn classical_loss(positions: &Positions) -> (f64, f32) {
    let values: Vec<f32> = positions
        .fens
        .iter()
        .map(|fen| classical::classical(&Chess::from_fen(fen).expect("read once already")) as f32)
        .collect();
    let loss_at = |scale: f32| {
        let total: f64 = values
            .iter()
            .zip(&positions.targets)
            .map(|(value, target)| {
                f64::from((sigmoid(value * scale / LOSS_SCALE) - target).powi(2))
            })
            .sum();
        total / values.len().max(1) as f64
    };
    (50..=200)
        .map(|percent| (loss_at(percent as f32 / 100.0), percent as f32 / 100.0))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap_or((f64::NAN, 1.0))
}

fn train(options: &Options) -> Result<(), String> {
    let (train, held_out) = read_positions(&options.data, options, true)?;
    let (test, _) = read_positions(&options.test, options, false)?;
    eprintln!(
        "{} training positions, {} held out",
        train.len(),
        held_out.len()
    );
    let (loss, scale) = classical_loss(&held_out);
    eprintln!("classical evaluation's held-out loss {loss:.6} (its values times {scale:.2})");
    let mut model = match &options.init {
        Some(path) => Model::from_file(path)?,
        None => Model::new(options.seed),
    };
    let mut adam = Adam {
        first: vec![0.0; PARAMS],
        second: vec![0.0; PARAMS],
        steps: 0,
    };
    let mut rng = SmallRng::seed_from_u64(options.seed);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut gradient = vec![0.0f32; PARAMS];
    let mut best = (mean_loss(&model, &held_out), model.clone());
    for epoch in 1..=options.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let decay_from = options.epochs * 2 / 3;
        let rate = if epoch > decay_from {
            options.rate
                * 0.1f32.powf((epoch - decay_from) as f32 / (options.epochs - decay_from) as f32)
        } else {
            options.rate
        };
        let mut loss = 0.0;
        for batch in order.chunks(options.batch) {
            loss += batch_gradient(&model, &train, batch, options.threads, &mut gradient);
            adam.step(&mut model.params, &gradient, rate, options.decay);
        }
        let held = mean_loss(&model, &held_out);
        eprintln!(
            "epoch {epoch}: rate {rate:.6}, train loss {:.6}, held-out {held:.6}",
            loss / train.len() as f64
        );
        if held < best.0 {
            best = (held, model.clone());
        }
    }
    if !test.is_empty() {
        let (classical, scale) = classical_loss(&test);
        eprintln!(
            "test loss {:.6} over {} positions of other games (classical {classical:.6} at {scale:.2})",
            mean_loss(&best.1, &test),
            test.len()
        );
    }
    let mut bytes = best.1.quantised();
    let network = Network::from_bytes(&bytes).map_err(|e| e.0)?;
    let (mean, worst) = quantisation_error(&best.1, &network, &held_out);
    eprintln!(
        "best held-out loss {:.6}; integer network vs float: mean {mean:.2} cp, worst {worst:.2} cp",
        best.0
    );
    if !options.residual {
        bytes[..WHOLE_SCORE_MAGIC.len()].copy_from_slice(WHOLE_SCORE_MAGIC);
        eprintln!("a network of the whole score: for comparison, `neural` does not read it");
    }
    ply::fsutil::write_atomic(std::path::Path::new(&options.out), &bytes)
        .map_err(|e| format!("{}: {e}", options.out))?;
    eprintln!("wrote {}", options.out);
    Ok(())
}

fn main() -> ExitCode {
    match parse_options().and_then(|options| train(&options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("nnue_train: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Model, mirrored_fen};

    /// Expected FENs from python-chess: `Board(fen).transform(chess.flip_horizontal)`.
    #[test]
    fn a_position_without_castling_rights_mirrors_as_python_chess_does() {
        assert_eq!(
            mirrored_fen("r3k2r/pp3ppp/2n5/3pP3/8/8/PPP2PPP/R3K2R w - d6 0 12").as_deref(),
            Some("r2k3r/ppp3pp/5n2/3Pp3/8/8/PPP2PPP/R2K3R w - e6 0 12")
        );
        assert_eq!(
            mirrored_fen("8/5k2/8/3K4/8/8/1p6/8 b - - 3 60").as_deref(),
            Some("8/2k5/8/4K3/8/8/6p1/8 b - - 3 60")
        );
    }

    /// Fine-tuning (`--init`) starts from exactly the network the file holds.
    #[test]
    fn a_network_file_read_back_quantises_to_the_same_bytes() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../src/game/chess/nets/chess.nnue"
        );
        let model = Model::from_file(path).unwrap();
        assert_eq!(model.quantised(), std::fs::read(path).unwrap());
    }

    #[test]
    fn a_position_with_castling_rights_is_not_mirrored() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(mirrored_fen(start), None);
    }
}
