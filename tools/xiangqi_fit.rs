//! Fits the xiangqi evaluation's weights (`ply::game::xiangqi::weighted`) to
//! Fairy-Stockfish's judgement, in three steps:
//!
//! ```text
//! # 1. openings for self-play: each line of the book, then random legal plies
//! cargo run --release -p ply-tools --bin xiangqi_fit -- openings --count 1200 --random-plies 6 --seed 1 > OPENINGS
//! ply match xiangqi --first engine:strong:nodes=1500 --second engine:strong:nodes=1500 \
//!     --games 1200 --openings OPENINGS --max-plies 300 --json > GAMES.jsonl
//! # 2. positions from the games (every --every'th ply after --skip-plies, side to
//! #    move not in check), one FEN a line, for scripts/xiangqi-label.py
//! cargo run --release -p ply-tools --bin xiangqi_fit -- positions --every 3 --skip-plies 8 GAMES.jsonl > FENS
//! scripts/xiangqi-label.py --depth 7 < FENS > LABELS
//! # 3. the fit: writes the weights as Rust source
//! cargo run --release -p ply-tools --bin xiangqi_fit -- fit [--epochs 3000] [--rate 2] \
//!     [--out src/game/xiangqi/fitted.rs] [--name FITTED] [--tables] [--about "WHERE THE POSITIONS CAME FROM"] LABELS...
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
//! weights with the lowest held-out error are written. With `--tables`, a
//! correction per kind and point (the board folded onto files a-e) is fitted as
//! well, written as `NAME_CORRECTIONS`.

use std::fmt::Write as _;
use std::process::ExitCode;

use ply::game::xiangqi::fitted::FITTED;
use ply::game::xiangqi::weighted::{
    self, CELLS, Corrections, FEATURE_NAMES, FEATURES, HANDSET, NO_CORRECTIONS, UNIT, Weights,
};
use ply::game::xiangqi::{Move, Xiangqi};
use ply::game::{Game, Player, zobrist};

/// Scores beyond this (Fairy-Stockfish centipawns) are left out: the game is decided.
const MAX_SCORE: f64 = 2000.0;

/// The book's openings, each a list of ICCS moves.
fn book() -> Result<Vec<Vec<String>>, String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/xiangqi-openings.txt"
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

/// The fitted parameters: the feature weights, then (with --tables) one
/// piece-square correction per kind and cell, all in centipawns.
const PARAMETERS: usize = FEATURES + 7 * CELLS;

/// One labelled position: Red's feature counts less Black's, the correction
/// cells of its pieces (parameter index, +1 for Red's, -1 for Black's), and the target.
struct Sample {
    features: [f64; FEATURES],
    cells: Vec<(usize, f64)>,
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
    let cells = (0..ply::game::xiangqi::board::POINTS as u8)
        .filter_map(|at| board.piece_at(at).map(|piece| (at, piece)))
        .map(|(at, piece)| {
            let index = FEATURES + piece.kind as usize * CELLS + weighted::cell(piece.side, at);
            let sign = if piece.side == Player::First {
                1.0
            } else {
                -1.0
            };
            (index, sign)
        })
        .collect();
    Ok(Some(Sample {
        features,
        cells,
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

/// The value in centipawns of `weights` (in centipawns per parameter) for a sample.
fn value(weights: &[f64; PARAMETERS], sample: &Sample) -> f64 {
    let features: f64 = weights
        .iter()
        .zip(&sample.features)
        .map(|(w, f)| w * f)
        .sum();
    let cells: f64 = sample
        .cells
        .iter()
        .map(|&(i, sign)| weights[i] * sign)
        .sum();
    features + cells
}

/// The sample's parameters with their counts: the features, then its cells.
fn counts(sample: &Sample) -> impl Iterator<Item = (usize, f64)> + '_ {
    sample
        .features
        .iter()
        .copied()
        .enumerate()
        .chain(sample.cells.iter().copied())
}

fn mean_error(weights: &[f64; PARAMETERS], k: f64, samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (sigmoid(k * value(weights, s)) - s.target).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The K (per centipawn) that fits the weights best, by golden-section search.
fn fit_k(weights: &[f64; PARAMETERS], samples: &[Sample]) -> f64 {
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
    start: &[f64; PARAMETERS],
    k: f64,
    (train, held): (&[Sample], &[Sample]),
    epochs: usize,
    rate: f64,
    fitted: usize,
) -> ([f64; PARAMETERS], f64) {
    // Each weight moves in steps of `rate` centipawns of its feature's spread.
    let mut spread = [0.0; PARAMETERS];
    for s in train {
        for (i, f) in counts(s) {
            spread[i] += f * f;
        }
    }
    for x in &mut spread {
        *x = (*x / train.len() as f64).sqrt().max(1e-9);
    }
    let mut weights = *start;
    let (mut m, mut v) = ([0.0; PARAMETERS], [0.0; PARAMETERS]);
    let mut best = (weights, mean_error(&weights, k, held));
    for epoch in 1..=epochs {
        let mut grad = [0.0; PARAMETERS];
        for s in train {
            let p = sigmoid(k * value(&weights, s));
            let common = 2.0 * (p - s.target) * p * (1.0 - p) * k;
            for (i, f) in counts(s) {
                grad[i] += common * f;
            }
        }
        for i in 0..fitted {
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

/// The material feature of each kind (`Kind as usize`), none for the general.
const MATERIAL_FEATURE: [Option<usize>; 7] =
    [None, Some(3), Some(4), Some(2), Some(0), Some(1), Some(5)];

/// Moves each kind's average correction (over the cells its pieces stood on in
/// `samples`) into its material weight: a kind's cells always add up to its
/// count, so the values stay exactly the same, and the material weights say
/// what a piece is worth on an average point.
fn centre_corrections(parameters: &mut [f64; PARAMETERS], samples: &[Sample]) {
    let mut visits = [0.0; PARAMETERS];
    for s in samples {
        for &(i, _) in &s.cells {
            visits[i] += 1.0;
        }
    }
    for (kind, material) in MATERIAL_FEATURE.iter().enumerate() {
        let Some(material) = *material else {
            continue;
        };
        let cells = FEATURES + kind * CELLS..FEATURES + (kind + 1) * CELLS;
        let seen: f64 = visits[cells.clone()].iter().sum();
        if seen == 0.0 {
            continue;
        }
        let mean = cells
            .clone()
            .map(|i| visits[i] * parameters[i])
            .sum::<f64>()
            / seen;
        for i in cells {
            parameters[i] -= mean;
        }
        parameters[material] += mean;
    }
}

/// The weights as the source of `src/game/xiangqi/fitted.rs`, the method on top.
fn source(
    weights: &Weights,
    corrections: Option<&Corrections>,
    name: &str,
    report: &str,
) -> String {
    let mut text = String::from(
        "//! Weights for [`super::weighted`] fitted to Fairy-Stockfish's scores\n//! (tools/xiangqi_fit.rs wrote this file).\n//!\n",
    );
    for line in report.lines() {
        let _ = writeln!(text, "//! {line}");
    }
    let imports = match corrections {
        Some(_) => "{Corrections, Weights}",
        None => "Weights",
    };
    let _ = write!(
        text,
        "\nuse super::weighted::{imports};\n\n/// The fitted weights, in sixteenths of a centipawn, one per feature.\n#[rustfmt::skip]\npub const {name}: Weights = [\n"
    );
    for (weight, name) in weights.iter().zip(FEATURE_NAMES) {
        let _ = writeln!(text, "    {weight}, // {name}");
    }
    text.push_str("];\n");
    if let Some(corrections) = corrections {
        let _ = write!(
            text,
            "\n/// The fitted piece-square corrections, in sixteenths of a centipawn, by kind\n/// (general, advisor, elephant, horse, chariot, cannon, soldier), then file (a to e)\n/// and rank from the owner's side.\n#[rustfmt::skip]\npub const {name}_CORRECTIONS: Corrections = [\n"
        );
        for table in corrections {
            text.push_str("    [\n");
            for file in table.chunks(10) {
                let row: Vec<String> = file.iter().map(i32::to_string).collect();
                let _ = writeln!(text, "        {},", row.join(", "));
            }
            text.push_str("    ],\n");
        }
        text.push_str("];\n");
    }
    text
}

fn write_atomically(path: &str, text: &str) -> Result<(), String> {
    let temporary = format!("{path}.tmp");
    std::fs::write(&temporary, text).map_err(|e| format!("{temporary}: {e}"))?;
    std::fs::rename(&temporary, path).map_err(|e| format!("{path}: {e}"))
}

/// Reads the labels, fits K and the weights, prints the figures and writes the source.
fn fit(
    files: &[String],
    epochs: usize,
    rate: f64,
    (out, name): (&str, &str),
    about: &str,
    tables: bool,
) -> Result<(), String> {
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
    let mut start = [0.0; PARAMETERS];
    for (s, w) in start.iter_mut().zip(HANDSET) {
        *s = w as f64 / UNIT as f64;
    }
    let k = fit_k(&start, &train);
    let before = (mean_error(&start, k, &train), mean_error(&start, k, &held));
    eprintln!(
        "K {k:.6}; hand-set error: train {:.6}, held-out {:.6}",
        before.0, before.1
    );
    let mut current = [0.0; PARAMETERS];
    for (c, w) in current.iter_mut().zip(FITTED) {
        *c = w as f64 / UNIT as f64;
    }
    eprintln!(
        "current FITTED error: train {:.6}, held-out {:.6}",
        mean_error(&current, k, &train),
        mean_error(&current, k, &held)
    );
    let parameters = if tables { PARAMETERS } else { FEATURES };
    let (mut fitted, held_error) = adam(&start, k, (&train, &held), epochs, rate, parameters);
    centre_corrections(&mut fitted, &train);
    let sixteenths = |w: f64| (w * UNIT as f64).round() as i32;
    let rounded: Weights = std::array::from_fn(|i| sixteenths(fitted[i]));
    let mut corrections = NO_CORRECTIONS;
    for (kind, table) in corrections.iter_mut().enumerate() {
        for (cell, c) in table.iter_mut().enumerate() {
            *c = sixteenths(fitted[FEATURES + kind * CELLS + cell]);
        }
    }
    let unrounded = |w: i32| w as f64 / UNIT as f64;
    let mut back = [0.0; PARAMETERS];
    for (i, b) in back.iter_mut().enumerate() {
        *b = match i.checked_sub(FEATURES) {
            None => unrounded(rounded[i]),
            Some(c) => unrounded(corrections[c / CELLS][c % CELLS]),
        };
    }
    let after = mean_error(&back, k, &train);
    let report = format!(
        "{about}\nData: {lines} positions labelled by Fairy-Stockfish 11.1 (UCI_Variant xiangqi), of which\n\
         {} quiet (best move not a capture, |score| <= {MAX_SCORE}, no mate) were used: {} to fit,\n\
         {} (every tenth) held out. Target: 1 / (1 + 10^(-score / 400)) from Red's view.\n\
         Model: sigmoid(K * value), K = {k:.6} per centipawn fitted to the hand-set weights.\n\
         Mean squared error, hand-set: train {:.6}, held-out {:.6};\n\
         fitted: train {after:.6}, held-out {held_error:.6} (full-batch Adam, {epochs} epochs, rate {rate}).\n\
         Command: cargo run --release -p ply-tools --bin xiangqi_fit -- fit --epochs {epochs} --rate {rate}{} LABELS",
        train.len() + held.len(),
        train.len(),
        held.len(),
        before.0,
        before.1,
        if tables { " --tables" } else { "" },
    );
    eprintln!("{report}");
    for (i, name) in FEATURE_NAMES.iter().enumerate() {
        eprintln!("{:>9.2} {:>9.2}  {name}", start[i], fitted[i]);
    }
    let corrections = tables.then_some(&corrections);
    write_atomically(out, &source(&rounded, corrections, name, &report))
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
            skip = arg != "--tables";
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
            (
                &option(rest, "--out", "src/game/xiangqi/fitted.rs".to_string())?,
                &option(rest, "--name", "FITTED".to_string())?,
            ),
            &option(rest, "--about", String::new())?,
            rest.iter().any(|a| a == "--tables"),
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
