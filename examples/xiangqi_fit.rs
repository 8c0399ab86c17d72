//! Fits the xiangqi evaluation's weights (`ply::game::xiangqi::weighted`) to
//! Fairy-Stockfish's judgement, in three steps:
//!
//! ```text
//! # 1. openings for self-play: each line of the book, then random legal plies
//! cargo run --release --example xiangqi_fit -- openings --count 1200 --random-plies 6 --seed 1 > OPENINGS
//! ply match xiangqi --first engine:strong:nodes=1500 --second engine:strong:nodes=1500 \
//!     --games 1200 --openings OPENINGS --max-plies 300 --json > GAMES.jsonl
//! # 2. positions from the games (every --every'th ply after --skip-plies, side to
//! #    move not in check), one FEN a line, for scripts/xiangqi-label.py
//! cargo run --release --example xiangqi_fit -- positions --every 3 --skip-plies 8 GAMES.jsonl > FENS
//! scripts/xiangqi-label.py --depth 7 < FENS > LABELS
//! # 3. the fit: writes the weights as Rust source
//! cargo run --release --example xiangqi_fit -- fit [--epochs 3000] [--rate 2] \
//!     [--out src/game/xiangqi/fitted.rs] [--about "WHERE THE POSITIONS CAME FROM"] LABELS...
//! ```
//!
//! A label line is `FEN<TAB>score<TAB>bestmove`: Fairy-Stockfish's score in its
//! centipawns from the side to move's view and its best move (ranks 1-10).
//! Positions whose best move captures (not quiet) or whose score is a mate or
//! beyond ±[`MAX_SCORE`] are left out. The target is the win probability
//! `1 / (1 + 10^(-score / 400))` from Red's view; the model's is the same
//! sigmoid of `K * value` for the weighted evaluation's value from Red's view.
//! K is fitted first to the hand-set weights (so the fitted weights keep their
//! scale), then the weights minimise the mean squared error by full-batch Adam
//! on features scaled to unit spread; every tenth position is held out and the
//! weights with the lowest held-out error are written.

use std::fmt::Write as _;
use std::process::ExitCode;

use ply::game::xiangqi::weighted::{self, FEATURE_NAMES, FEATURES, HANDSET, UNIT, Weights};
use ply::game::xiangqi::{Move, Xiangqi};
use ply::game::{Game, Player, zobrist};

/// Scores beyond this (Fairy-Stockfish centipawns) are left out: the game is decided.
const MAX_SCORE: f64 = 2000.0;

/// The book's openings, each a list of ICCS moves.
fn book() -> Result<Vec<Vec<String>>, String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/xiangqi-openings.txt"
    );
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    Ok(text
        .lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .map(|line| line.split_whitespace().map(str::to_string).collect())
        .filter(|moves: &Vec<String>| !moves.is_empty())
        .collect())
}

/// The game after `moves` (ICCS) from the start.
fn replay(moves: &[String]) -> Result<Xiangqi, String> {
    let mut game = Xiangqi::new();
    for text in moves {
        let m = game.parse_move(text).map_err(|e| format!("{text}: {e}"))?;
        game.play(m);
    }
    Ok(game)
}

fn legal_moves(game: &Xiangqi) -> Vec<Move> {
    let mut moves = Vec::new();
    if game.outcome().is_none() {
        game.legal_moves(&mut moves);
    }
    moves
}

/// `count` openings: the book's lines in turn, each followed by `random_plies`
/// uniformly random legal plies (seeded), printed in ICCS.
fn openings(count: u64, random_plies: u64, seed: u64) -> Result<(), String> {
    let book = book()?;
    for n in 0..count {
        let mut moves = book[n as usize % book.len()].clone();
        let mut game = replay(&moves)?;
        for ply in 0..random_plies {
            let legal = legal_moves(&game);
            if legal.is_empty() {
                break;
            }
            let pick = zobrist::mix64(seed.wrapping_mul(1_000_003) ^ (n * 64 + ply));
            let m = legal[pick as usize % legal.len()];
            moves.push(game.format_move(m));
            game.play(m);
        }
        if game.outcome().is_none() {
            println!("{}", moves.join(" "));
        }
    }
    Ok(())
}

/// The moves of one game of `ply match --json`, its opening's first (None for
/// its summary line).
fn game_moves(line: &str) -> Result<Option<Vec<String>>, String> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let Some(moves) = value.get("moves").and_then(|m| m.as_array()) else {
        return Ok(None);
    };
    let opening = value.get("opening").and_then(|m| m.as_array());
    Ok(Some(
        opening
            .into_iter()
            .flatten()
            .chain(moves)
            .filter_map(|m| m.as_str().map(str::to_string))
            .collect(),
    ))
}

/// Every `every`th position after `skip_plies` of each game whose side to move is
/// not in check, as FEN, each position once.
fn positions(files: &[String], every: usize, skip_plies: usize) -> Result<(), String> {
    let mut seen = std::collections::HashSet::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let Some(moves) = game_moves(line)? else {
                continue;
            };
            let mut game = Xiangqi::new();
            for (ply, text) in moves.iter().enumerate() {
                let m = game.parse_move(text).map_err(|e| format!("{text}: {e}"))?;
                game.play(m);
                let wanted = ply + 1 >= skip_plies && (ply + 1) % every == 0;
                if !wanted || game.outcome().is_some() || game.board().in_check(game.to_move()) {
                    continue;
                }
                if seen.insert(game.hash()) {
                    println!("{}", game.format_position());
                }
            }
        }
    }
    Ok(())
}

/// One labelled position: Red's feature counts less Black's, and the target.
struct Sample {
    features: [f64; FEATURES],
    target: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The sigmoid's slope per centipawn of the 10^(-score/400) convention.
const LOGISTIC_PER_CENTIPAWN: f64 = std::f64::consts::LN_10 / 400.0;

/// The sample of one label line, or None when it is left out (not quiet, decided).
fn sample(line: &str) -> Result<Option<Sample>, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [fen, score, best] = fields[..] else {
        return Err(format!("not FEN<TAB>score<TAB>move: {line}"));
    };
    let game = Xiangqi::from_fen(fen).map_err(|e| format!("{fen}: {e}"))?;
    let Ok(score) = score.parse::<f64>() else {
        return Ok(None); // a mate score ("mate 3")
    };
    if score.abs() > MAX_SCORE {
        return Ok(None);
    }
    let best = iccs(best);
    let m = game.parse_move(&best).map_err(|e| format!("{best}: {e}"))?;
    if game.is_capture(m) {
        return Ok(None);
    }
    let red_score = if game.to_move() == Player::First {
        score
    } else {
        -score
    };
    let board = game.board();
    let red = weighted::feature_counts(board, game.to_move(), Player::First);
    let black = weighted::feature_counts(board, game.to_move(), Player::Second);
    let mut features = [0.0; FEATURES];
    for i in 0..FEATURES {
        features[i] = (red[i] - black[i]) as f64;
    }
    Ok(Some(Sample {
        features,
        target: sigmoid(red_score * LOGISTIC_PER_CENTIPAWN),
    }))
}

/// A move with ranks 1-10 (h3e3) in ICCS (h2e2).
fn iccs(uci: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    for c in uci.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let rank: u32 = digits.parse().unwrap_or(1);
            let _ = write!(out, "{}", rank.saturating_sub(1));
            digits.clear();
        }
        out.push(c);
    }
    let rank: u32 = digits.parse().unwrap_or(1);
    let _ = write!(out, "{}", rank.saturating_sub(1));
    out
}

/// The value in centipawns of `weights` (in centipawns per feature) for a sample.
fn value(weights: &[f64; FEATURES], sample: &Sample) -> f64 {
    weights
        .iter()
        .zip(&sample.features)
        .map(|(w, f)| w * f)
        .sum()
}

fn mean_error(weights: &[f64; FEATURES], k: f64, samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (sigmoid(k * value(weights, s)) - s.target).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The K (per centipawn) that fits the weights best, by golden-section search.
fn fit_k(weights: &[f64; FEATURES], samples: &[Sample]) -> f64 {
    let (mut low, mut high) = (1e-4, 5e-2);
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - golden * (high - low);
        let b = low + golden * (high - low);
        if mean_error(weights, a, samples) < mean_error(weights, b, samples) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Full-batch Adam on the weights; returns the weights with the lowest held-out error.
fn adam(
    start: &[f64; FEATURES],
    k: f64,
    train: &[Sample],
    held: &[Sample],
    epochs: usize,
    rate: f64,
) -> ([f64; FEATURES], f64) {
    // Each weight moves in steps of `rate` centipawns of its feature's spread.
    let mut spread = [0.0; FEATURES];
    for s in train {
        for (total, f) in spread.iter_mut().zip(&s.features) {
            *total += f * f;
        }
    }
    for x in &mut spread {
        *x = (*x / train.len() as f64).sqrt().max(1e-9);
    }
    let mut weights = *start;
    let (mut m, mut v) = ([0.0; FEATURES], [0.0; FEATURES]);
    let mut best = (weights, mean_error(&weights, k, held));
    for epoch in 1..=epochs {
        let mut grad = [0.0; FEATURES];
        for s in train {
            let p = sigmoid(k * value(&weights, s));
            let common = 2.0 * (p - s.target) * p * (1.0 - p) * k;
            for (g, f) in grad.iter_mut().zip(&s.features) {
                *g += common * f;
            }
        }
        for i in 0..FEATURES {
            let g = grad[i] / train.len() as f64 * spread[i];
            m[i] = 0.9 * m[i] + 0.1 * g;
            v[i] = 0.999 * v[i] + 0.001 * g * g;
            let m_hat = m[i] / (1.0 - 0.9f64.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - 0.999f64.powi(epoch as i32));
            weights[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12) / spread[i];
        }
        if epoch % 50 == 0 {
            let error = mean_error(&weights, k, held);
            if error < best.1 {
                best = (weights, error);
            }
            if epoch % 500 == 0 {
                eprintln!(
                    "epoch {epoch}: train {:.6}, held-out {error:.6}",
                    mean_error(&weights, k, train)
                );
            }
        }
    }
    best
}

/// The weights as the source of `src/game/xiangqi/fitted.rs`, the method on top.
fn source(weights: &Weights, report: &str) -> String {
    let mut text = String::from(
        "//! Weights for [`super::weighted`] fitted to Fairy-Stockfish's scores\n//! (examples/xiangqi_fit.rs wrote this file).\n//!\n",
    );
    for line in report.lines() {
        let _ = writeln!(text, "//! {line}");
    }
    text.push_str("\nuse super::weighted::Weights;\n\n/// The fitted weights, in sixteenths of a centipawn, one per feature.\n#[rustfmt::skip]\npub const FITTED: Weights = [\n");
    for (weight, name) in weights.iter().zip(FEATURE_NAMES) {
        let _ = writeln!(text, "    {weight}, // {name}");
    }
    text.push_str("];\n");
    text
}

fn write_atomically(path: &str, text: &str) -> Result<(), String> {
    let temporary = format!("{path}.tmp");
    std::fs::write(&temporary, text).map_err(|e| format!("{temporary}: {e}"))?;
    std::fs::rename(&temporary, path).map_err(|e| format!("{path}: {e}"))
}

/// Reads the labels, fits K and the weights, prints the figures and writes the source.
fn fit(files: &[String], epochs: usize, rate: f64, out: &str, about: &str) -> Result<(), String> {
    let (mut train, mut held, mut lines) = (Vec::new(), Vec::new(), 0);
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            lines += 1;
            if let Some(s) = sample(line)? {
                if (train.len() + held.len()) % 10 == 9 {
                    held.push(s);
                } else {
                    train.push(s);
                }
            }
        }
    }
    if train.is_empty() || held.is_empty() {
        return Err("no labelled quiet positions".to_string());
    }
    let start: [f64; FEATURES] = HANDSET.map(|w| w as f64 / UNIT as f64);
    let k = fit_k(&start, &train);
    let before = (mean_error(&start, k, &train), mean_error(&start, k, &held));
    eprintln!(
        "K {k:.6}; hand-set error: train {:.6}, held-out {:.6}",
        before.0, before.1
    );
    let (fitted, held_error) = adam(&start, k, &train, &held, epochs, rate);
    let rounded: Weights = fitted.map(|w| (w * UNIT as f64).round() as i32);
    let after = mean_error(&rounded.map(|w| w as f64 / UNIT as f64), k, &train);
    let report = format!(
        "{about}\nData: {lines} positions labelled by Fairy-Stockfish 11.1 (UCI_Variant xiangqi), of which\n\
         {} quiet (best move not a capture, |score| <= {MAX_SCORE}, no mate) were used: {} to fit,\n\
         {} (every tenth) held out. Target: 1 / (1 + 10^(-score / 400)) from Red's view.\n\
         Model: sigmoid(K * value), K = {k:.6} per centipawn fitted to the hand-set weights.\n\
         Mean squared error, hand-set: train {:.6}, held-out {:.6};\n\
         fitted: train {after:.6}, held-out {held_error:.6} (full-batch Adam, {epochs} epochs, rate {rate}).\n\
         Command: cargo run --release --example xiangqi_fit -- fit --epochs {epochs} --rate {rate} LABELS",
        train.len() + held.len(),
        train.len(),
        held.len(),
        before.0,
        before.1,
    );
    eprintln!("{report}");
    for (i, name) in FEATURE_NAMES.iter().enumerate() {
        eprintln!("{:>9.2} {:>9.2}  {name}", start[i], fitted[i]);
    }
    write_atomically(out, &source(&rounded, &report))
}

/// The value after `flag` on the command line, parsed, or `default`.
fn option<T: std::str::FromStr>(args: &[String], flag: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == flag) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{flag} needs a value")),
    }
}

/// The arguments that are neither flags nor flags' values.
fn files(args: &[String]) -> Vec<String> {
    let mut files = Vec::new();
    let mut skip = false;
    for arg in args {
        if std::mem::take(&mut skip) {
            continue;
        }
        if arg.starts_with("--") {
            skip = true;
        } else {
            files.push(arg.clone());
        }
    }
    files
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        return Err("usage: xiangqi_fit openings|positions|fit ...".to_string());
    };
    match command.as_str() {
        "openings" => openings(
            option(rest, "--count", 1200)?,
            option(rest, "--random-plies", 6)?,
            option(rest, "--seed", 1)?,
        ),
        "positions" => positions(
            &files(rest),
            option(rest, "--every", 3)?.max(1),
            option(rest, "--skip-plies", 8)?,
        ),
        "fit" => fit(
            &files(rest),
            option(rest, "--epochs", 3000)?,
            option(rest, "--rate", 2.0)?,
            &option(rest, "--out", "src/game/xiangqi/fitted.rs".to_string())?,
            &option(rest, "--about", String::new())?,
        ),
        other => Err(format!(
            "unknown command {other}: openings, positions or fit"
        )),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xiangqi_fit: {error}");
            ExitCode::from(2)
        }
    }
}
