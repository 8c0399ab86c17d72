//! Texel tuning of chess's `classical` evaluation on positions labelled by the
//! results of self-play games (scripts/texel-selfplay.py writes them), or by
//! Stockfish's scores of those positions (scripts/texel-label.py).
//!
//! ```text
//! nice -n 10 cargo run --release -p ply-tools --bin texel -- --games /work/texel-data/games1.jsonl \
//!     [--games MORE.jsonl] [--start handset|tuned|labelled] [--epochs 3000] [--rate 1.0] \
//!     [--skip-plies 16] [--out src/game/chess/tuned.rs] [--const TUNED] [--players TEXT]
//! ... --games GAMES.jsonl --dump positions.tsv [--dump-every 7]
//! ... --labels labels.tsv [--lambda 0.0] [--labeller TEXT] [--const LABELLED] ...
//! ```
//!
//! Every game is replayed; its positions after the first `--skip-plies` plies that
//! are quiet (side to move not in check, no capture or promotion winning material
//! by static exchange) are labelled with the game's result for White (1, 0.5, 0).
//! Every tenth game is held out. `--dump` writes those positions (every
//! `--dump-every`th) with their game and result for an outside labeller instead;
//! `--labels` reads them back with Stockfish's score for White, and the target
//! becomes `lambda * result + (1 - lambda) * sigmoid(S * score)`, S fitted so
//! Stockfish's scores predict the training games' results best. The evaluation is
//! linear in its weights (`classical::features`), so White's value is
//! `(mg . c * phase + eg . c * (24 - phase)) / 24 +- tempo` for the feature counts
//! `c`. First the scale K of the sigmoid `1 / (1 + 10^(-K * value / 400))` is fitted
//! to the starting weights, then the mean squared error between the sigmoid and the
//! targets is minimised over all weights by full-batch Adam; the weights with the
//! lowest held-out error are written as Rust source, with the method and the
//! figures at the top.

use std::fmt::Write as _;
use std::process::ExitCode;

use cozy_chess::Color;
use ply::game::chess::Chess;
use ply::game::chess::classical::{self, Features};
use ply::game::chess::eval::{FULL_PHASE, game_phase};
use ply::game::chess::labelled::LABELLED;
use ply::game::chess::tuned::TUNED;
use ply::game::chess::weights::{self as w, HANDSET, PARAMS, Weights};
use ply::game::{Game, SearchHooks};

/// What the tuner is told on the command line.
struct Options {
    games: Vec<String>,
    start: String,
    epochs: usize,
    rate: f64,
    skip_plies: usize,
    /// Whether the piece-square values are fitted too (`tuned`) or kept (`fixed`).
    squares: String,
    /// How strongly the weights are pulled back to where they started (L2).
    l2: f64,
    /// Which weights to write: the `final` ones or the `best` on the held-out games.
    keep: String,
    out: String,
    /// Which engines played the games, for the method comment.
    players: String,
    /// Where to write the quiet positions for an outside labeller, instead of fitting.
    dump: Option<String>,
    /// Only every this many quiet positions is dumped.
    dump_every: usize,
    /// Files of positions with Stockfish's scores (scripts/texel-label.py writes them).
    labels: Vec<String>,
    /// The weight of the game result in the target; the rest is Stockfish's score.
    lambda: f64,
    /// How Stockfish scored the positions, for the method comment.
    labeller: String,
    /// The name of the constant written.
    name: String,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        games: Vec::new(),
        start: "handset".to_string(),
        epochs: 3000,
        rate: 1.0,
        skip_plies: 16,
        squares: "fixed".to_string(),
        keep: "final".to_string(),
        l2: 0.0,
        out: "src/game/chess/tuned.rs".to_string(),
        players: "`engine:strong:nodes=3000` on both sides".to_string(),
        dump: None,
        dump_every: 1,
        labels: Vec::new(),
        lambda: 0.0,
        labeller: "Stockfish 15.1, Threads 1, depth 8".to_string(),
        name: "TUNED".to_string(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<f64>().map_err(|_| format!("bad {flag}: {v}"));
        match flag.as_str() {
            "--games" => options.games.push(value),
            "--start" => options.start = value,
            "--epochs" => options.epochs = number(&value)? as usize,
            "--rate" => options.rate = number(&value)?,
            "--skip-plies" => options.skip_plies = number(&value)? as usize,
            "--squares" => options.squares = value,
            "--keep" => options.keep = value,
            "--l2" => options.l2 = number(&value)?,
            "--out" => options.out = value,
            "--players" => options.players = value,
            "--dump" => options.dump = Some(value),
            "--dump-every" => options.dump_every = (number(&value)? as usize).max(1),
            "--labels" => options.labels.push(value),
            "--lambda" => options.lambda = number(&value)?,
            "--labeller" => options.labeller = value,
            "--const" => options.name = value,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if options.games.is_empty() == options.labels.is_empty() {
        return Err("give --games FILE or --labels FILE (either, not both)".to_string());
    }
    if !(0.0..=1.0).contains(&options.lambda) {
        return Err(format!(
            "--lambda must be within 0..1, not {}",
            options.lambda
        ));
    }
    Ok(options)
}

/// One labelled position: its feature counts (White's minus Black's, nonzero ones
/// only, as ranges into [`Data::counts`]), phase, side to move, its game's result,
/// Stockfish's score for White (centipawns, when labelled) and the target the
/// fit aims at (the result, or a blend of it and Stockfish's expected score).
struct Position {
    counts: std::ops::Range<usize>,
    phase: f64,
    to_move: f64,
    result: f64,
    engine_score: Option<f64>,
    target: f64,
}

/// All positions, the training and the held-out ones apart.
#[derive(Default)]
struct Data {
    counts: Vec<(u16, i16)>,
    train: Vec<Position>,
    holdout: Vec<Position>,
    games: usize,
    /// The quiet positions' FENs with their game and result, when dumping.
    dumped: Vec<String>,
}

/// Feature counts of one position, White's minus Black's.
struct Trace([i32; PARAMS]);

impl Features for Trace {
    fn add(&mut self, color: Color, _term: usize, param: usize, count: i32) {
        self.0[param] += match color {
            Color::White => count,
            Color::Black => -count,
        };
    }
}

/// No check and no capture or promotion that wins material by static exchange.
fn is_quiet(game: &Chess) -> bool {
    if game.in_check() {
        return false;
    }
    let mut tactical = Vec::new();
    game.tactical_moves(&mut tactical);
    tactical
        .iter()
        .all(|&m| game.static_exchange(m).is_none_or(|gain| gain <= 0))
}

impl Data {
    /// Replays one game (a JSON line of `ply match --json`) and keeps its quiet
    /// positions.
    fn add_game(&mut self, line: &str, skip_plies: usize) -> Result<(), String> {
        let record: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let result = match record["result"].as_str() {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            other => return Err(format!("no result: {other:?}")),
        };
        let sans = ["opening", "moves"]
            .iter()
            .flat_map(|key| record[key].as_array().cloned().unwrap_or_default());
        let mut game = Chess::new();
        let holdout = self.games.is_multiple_of(10);
        self.games += 1;
        for (ply, san) in sans.enumerate() {
            let san = san.as_str().ok_or("a move is not a string")?;
            let m = game.parse_move(san).map_err(|e| format!("{san}: {e}"))?;
            game.play(m);
            if ply + 1 >= skip_plies && game.outcome().is_none() && is_quiet(&game) {
                let game_number = self.games - 1;
                self.dumped
                    .push(format!("{game_number}\t{}\t{result}", game.board()));
                let position = self.labelled(&game, result)?;
                self.keep(position, holdout);
            }
        }
        Ok(())
    }

    fn keep(&mut self, position: Position, holdout: bool) {
        if holdout {
            self.holdout.push(position);
        } else {
            self.train.push(position);
        }
    }

    /// Reads one line of a labels file, `game<TAB>FEN<TAB>result<TAB>score`: the
    /// position, its game's number and result for White, Stockfish's score for
    /// White in centipawns. Every tenth game is held out, as with `--games`.
    fn add_labelled(&mut self, line: &str) -> Result<(), String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [game_number, fen, result, score] = fields[..] else {
            return Err(format!("expected 4 tab-separated fields: {line}"));
        };
        let parse = |text: &str| {
            text.parse::<f64>()
                .map_err(|_| format!("bad number {text}"))
        };
        let game_number = parse(game_number)? as usize;
        let game = Chess::from_fen(fen).map_err(|e| format!("{fen}: {e}"))?;
        let mut position = self.labelled(&game, parse(result)?)?;
        position.engine_score = Some(parse(score)?);
        self.games = self.games.max(game_number + 1);
        self.keep(position, game_number.is_multiple_of(10));
        Ok(())
    }

    fn labelled(&mut self, game: &Chess, result: f64) -> Result<Position, String> {
        let mut trace = Trace([0; PARAMS]);
        classical::features(game.board(), &mut trace);
        check_linear(game, &trace)?;
        let start = self.counts.len();
        for (param, &count) in trace.0.iter().enumerate() {
            if count != 0 {
                self.counts.push((param as u16, count as i16));
            }
        }
        let to_move = match game.board().side_to_move() {
            Color::White => 1.0,
            Color::Black => -1.0,
        };
        Ok(Position {
            counts: start..self.counts.len(),
            phase: game_phase(game.board()) as f64 / FULL_PHASE as f64,
            to_move,
            result,
            engine_score: None,
            target: result,
        })
    }
}

/// The dot product of the counts with the hand-set weights, blended and with the
/// tempo, must be exactly what the evaluation says: the tuner fits the real thing.
fn check_linear(game: &Chess, trace: &Trace) -> Result<(), String> {
    let dot = |pick: fn(&(i32, i32)) -> i32| -> i32 {
        trace.0.iter().zip(&HANDSET).map(|(c, w)| c * pick(w)).sum()
    };
    let phase = game_phase(game.board());
    let blended = (dot(|w| w.0) * phase + dot(|w| w.1) * (FULL_PHASE - phase)) / FULL_PHASE;
    let sign = match game.board().side_to_move() {
        Color::White => 1,
        Color::Black => -1,
    };
    let expected = sign * blended + classical::tempo();
    let actual = classical::evaluate(game, &HANDSET);
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "{}: features give {expected}, the evaluation {actual}",
            game.board()
        ))
    }
}

/// Weights as floats: middlegame and endgame apart.
#[derive(Clone)]
struct Model {
    mg: Vec<f64>,
    eg: Vec<f64>,
}

impl Model {
    fn from(weights: &Weights) -> Model {
        Model {
            mg: weights.iter().map(|w| w.0 as f64).collect(),
            eg: weights.iter().map(|w| w.1 as f64).collect(),
        }
    }

    fn rounded(&self) -> Weights {
        let mut weights = [(0, 0); PARAMS];
        for (i, weight) in weights.iter_mut().enumerate() {
            *weight = (self.mg[i].round() as i32, self.eg[i].round() as i32);
        }
        weights
    }

    /// White's value of a position, as the evaluation computes it (unrounded).
    fn value(&self, data: &Data, p: &Position) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(param, count) in &data.counts[p.counts.clone()] {
            mg += self.mg[param as usize] * count as f64;
            eg += self.eg[param as usize] * count as f64;
        }
        mg * p.phase + eg * (1.0 - p.phase) + p.to_move * classical::tempo() as f64
    }
}

/// The expected score for White of a value, at scale `k`.
fn sigmoid(k: f64, value: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * value / 400.0))
}

/// Mean squared error of the model's expected scores against the results.
fn error(model: &Model, data: &Data, positions: &[Position], k: f64) -> f64 {
    let total: f64 = positions
        .iter()
        .map(|p| (sigmoid(k, model.value(data, p)) - p.target).powi(2))
        .sum();
    total / positions.len() as f64
}

/// The K that fits the starting weights best.
fn fit_k(model: &Model, data: &Data) -> f64 {
    minimise_scale(|k| error(model, data, &data.train, k))
}

/// The scale in 0.1..4 where `error` is lowest (golden-section search).
fn minimise_scale(error: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.1, 4.0);
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(a) < error(b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Sets every labelled position's target to `lambda` times its game's result plus
/// the rest times Stockfish's score as an expected result, at the scale that fits
/// Stockfish's scores to the training games' results best; returns that scale.
fn blend_targets(data: &mut Data, lambda: f64) -> f64 {
    let scale = minimise_scale(|s| {
        let total: f64 = data
            .train
            .iter()
            .filter_map(|p| Some((sigmoid(s, p.engine_score?) - p.result).powi(2)))
            .sum();
        total / data.train.len().max(1) as f64
    });
    for p in data.train.iter_mut().chain(data.holdout.iter_mut()) {
        if let Some(score) = p.engine_score {
            p.target = lambda * p.result + (1.0 - lambda) * sigmoid(scale, score);
        }
    }
    scale
}

/// The gradient of the training error with respect to every weight.
fn gradient(model: &Model, data: &Data, k: f64, tune_squares: bool) -> Model {
    let mut grad = Model {
        mg: vec![0.0; PARAMS],
        eg: vec![0.0; PARAMS],
    };
    let scale = k * 10f64.ln() / 400.0;
    for p in &data.train {
        let s = sigmoid(k, model.value(data, p));
        let d = 2.0 * (s - p.target) * s * (1.0 - s) * scale;
        for &(param, count) in &data.counts[p.counts.clone()] {
            grad.mg[param as usize] += d * count as f64 * p.phase;
            grad.eg[param as usize] += d * count as f64 * (1.0 - p.phase);
        }
    }
    let n = data.train.len() as f64;
    grad.mg
        .iter_mut()
        .chain(grad.eg.iter_mut())
        .for_each(|g| *g /= n);
    if !tune_squares {
        let squares = w::PIECE_SQUARE..w::PIECE_SQUARE + 6 * 64;
        grad.mg[squares.clone()].fill(0.0);
        grad.eg[squares].fill(0.0);
    }
    grad
}

/// Adds the gradient of `l2` times the squared distance from the start.
fn pull_back(grad: &mut Model, model: &Model, start: &Model, l2: f64) {
    for i in 0..PARAMS {
        grad.mg[i] += 2.0 * l2 * (model.mg[i] - start.mg[i]);
        grad.eg[i] += 2.0 * l2 * (model.eg[i] - start.eg[i]);
    }
}

/// Adam's running moments for one vector of weights.
struct Adam {
    first: Vec<f64>,
    second: Vec<f64>,
}

impl Adam {
    fn new() -> Adam {
        Adam {
            first: vec![0.0; PARAMS],
            second: vec![0.0; PARAMS],
        }
    }

    fn step(&mut self, weights: &mut [f64], grad: &[f64], rate: f64, t: i32) {
        let (beta1, beta2) = (0.9f64, 0.999f64);
        for i in 0..weights.len() {
            self.first[i] = beta1 * self.first[i] + (1.0 - beta1) * grad[i];
            self.second[i] = beta2 * self.second[i] + (1.0 - beta2) * grad[i] * grad[i];
            let m = self.first[i] / (1.0 - beta1.powi(t));
            let v = self.second[i] / (1.0 - beta2.powi(t));
            weights[i] -= rate * m / (v.sqrt() + 1e-9);
        }
    }
}

/// Minimises the training error; returns the model with the lowest held-out error
/// and that error.
fn tune(start: &Model, data: &Data, k: f64, options: &Options) -> (Model, f64) {
    let mut model = start.clone();
    let (mut adam_mg, mut adam_eg) = (Adam::new(), Adam::new());
    let mut best = (model.clone(), error(&model, data, &data.holdout, k));
    for epoch in 1..=options.epochs {
        let mut grad = gradient(&model, data, k, options.squares == "tuned");
        pull_back(&mut grad, &model, start, options.l2);
        adam_mg.step(&mut model.mg, &grad.mg, options.rate, epoch as i32);
        adam_eg.step(&mut model.eg, &grad.eg, options.rate, epoch as i32);
        if epoch.is_multiple_of(10) {
            let held = error(&model, data, &data.holdout, k);
            if held < best.1 {
                best = (model.clone(), held);
            }
            eprintln!(
                "epoch {epoch}: train {:.6}, held-out {held:.6}",
                error(&model, data, &data.train, k)
            );
        }
    }
    if options.keep == "final" {
        let held = error(&model, data, &data.holdout, k);
        return (model, held);
    }
    best
}

/// The names of the weights' groups, where each starts and how many it holds.
fn groups() -> Vec<(String, usize, usize)> {
    let mut groups = vec![(
        "material: pawn, knight, bishop, rook, queen, king".to_string(),
        w::MATERIAL,
        6,
    )];
    for (piece, name) in ["pawn", "knight", "bishop", "rook", "queen", "king"]
        .iter()
        .enumerate()
    {
        groups.push((
            format!("{name} by square, a1 to h8 from its own side"),
            w::PIECE_SQUARE + 64 * piece,
            64,
        ));
    }
    let single = [
        (
            "mobility per square beyond the normal reach, by piece",
            w::MOBILITY,
            6,
        ),
        ("doubled, isolated, backward pawns", w::DOUBLED, 3),
        ("passed pawn by rank", w::PASSED, 8),
        ("passed pawn with a free path by rank", w::FREE_PATH, 8),
        (
            "kings' race to a passed pawn's next square, per rank",
            w::KING_RACE,
            1,
        ),
        (
            "bishop pair, rook on an open, half-open file",
            w::BISHOP_PAIR,
            3,
        ),
        (
            "king shield near, far, open file by the king",
            w::SHIELD_NEAR,
            3,
        ),
        (
            "king danger (attack weight squared / 16), attack weight",
            w::KING_DANGER,
            2,
        ),
        (
            "pieces attacked by a pawn, by the victim",
            w::THREAT_BY_PAWN,
            6,
        ),
        (
            "pieces attacked by a knight or bishop, by the victim",
            w::THREAT_BY_MINOR,
            6,
        ),
        (
            "pieces attacked by a rook, by the victim",
            w::THREAT_BY_ROOK,
            6,
        ),
        (
            "hanging pieces (attacked, undefended), by the victim",
            w::HANGING,
            6,
        ),
        ("outposts: knight, bishop", w::OUTPOST, 2),
        ("safe checks by the checking piece", w::SAFE_CHECK, 6),
        (
            "passed pawn's next square guarded by the enemy only, per rank",
            w::PASSED_STOP_GUARDED,
            1,
        ),
    ];
    groups.extend(single.iter().map(|(n, s, l)| (n.to_string(), *s, *l)));
    groups
}

/// The tuned weights as Rust source, with the method and figures on top.
fn source(weights: &Weights, name: &str, report: &str) -> String {
    let mut text = String::new();
    for line in report.lines() {
        let _ = writeln!(text, "//! {line}");
    }
    let mut text = text.replace("//! \n", "//!\n");
    text.push_str("\nuse super::weights::Weights;\n\n");
    text.push_str("/// Tuned weights of the classical evaluation, in the layout of weights.rs.\n");
    let _ = write!(text, "#[rustfmt::skip]\npub const {name}: Weights = [\n");
    for (name, start, len) in groups() {
        let _ = writeln!(text, "    // {name}");
        for row in weights[start..start + len].chunks(8) {
            let cells: Vec<String> = row.iter().map(|(m, e)| format!("({m}, {e})")).collect();
            let _ = writeln!(text, "    {},", cells.join(", "));
        }
    }
    text.push_str("];\n");
    text
}

/// Writes `text` to `path` through a temporary file, so a reader never sees half.
fn write_atomically(path: &str, text: &str) -> std::io::Result<()> {
    let temporary = format!("{path}.tmp");
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path)
}

/// Writes every `every`th quiet position, with its game and result, for a labeller.
fn dump_positions(data: &Data, path: &str, every: usize) -> Result<(), String> {
    let kept: Vec<&str> = data
        .dumped
        .iter()
        .step_by(every)
        .map(String::as_str)
        .collect();
    write_atomically(path, &(kept.join("\n") + "\n")).map_err(|e| format!("{path}: {e}"))?;
    eprintln!(
        "wrote {} of {} quiet positions to {path}",
        kept.len(),
        data.dumped.len()
    );
    Ok(())
}

/// Reads the `--labels` files and sets the targets; returns Stockfish's fitted
/// scale, or `None` without labels.
fn read_labels(data: &mut Data, options: &Options) -> Result<Option<f64>, String> {
    for path in &options.labels {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            data.add_labelled(line)?;
        }
    }
    if options.labels.is_empty() {
        return Ok(None);
    }
    let scale = blend_targets(data, options.lambda);
    eprintln!("Stockfish's scale: {scale:.4}; lambda {}", options.lambda);
    Ok(Some(scale))
}

/// How the positions were labelled and how to reproduce it, for the method comment.
fn describe_labels(options: &Options, data: &Data, labels: Option<f64>) -> (String, String) {
    let labelling = match labels {
        None => format!(
            "is labelled with its game's\n\
             result: {train} training positions and {hold} held out (every tenth game).",
            train = data.train.len(),
            hold = data.holdout.len(),
        ),
        Some(scale) => format!(
            "is kept, one in {every}\n\
             (`--dump-every`), and scored by {labeller} (scripts/texel-label.py);\n\
             its target is {lambda} times its game's result plus {rest:.2} times Stockfish's\n\
             score as an expected result, 1 / (1 + 10^(-S * score / 400)) with S = {scale:.4}\n\
             fitted to the training games' results: {train} training positions and {hold}\n\
             held out (every tenth game).",
            every = options.dump_every,
            labeller = options.labeller,
            lambda = options.lambda,
            rest = 1.0 - options.lambda,
            train = data.train.len(),
            hold = data.holdout.len(),
        ),
    };
    let reproduce = match labels {
        None => format!(
            "cargo run --release -p ply-tools --bin texel -- --games games.jsonl --start {from} --epochs",
            from = options.start
        ),
        Some(_) => format!(
            "cargo run --release -p ply-tools --bin texel -- --games games.jsonl --dump positions.tsv\n\
             --dump-every {every}; scripts/texel-label.py --in positions.tsv --out labels.tsv;\n\
             cargo run --release -p ply-tools --bin texel -- --labels labels.tsv --lambda {lambda}\n\
             --const {name} --start {from} --epochs",
            every = options.dump_every,
            lambda = options.lambda,
            name = options.name,
            from = options.start
        ),
    };
    (labelling, reproduce)
}

fn run() -> Result<(), String> {
    let options = parse_options()?;
    let mut data = Data::default();
    for path in &options.games {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text.lines().filter(|l| l.contains("\"kind\":\"game\"")) {
            data.add_game(line, options.skip_plies)?;
        }
    }
    if let Some(path) = &options.dump {
        return dump_positions(&data, path, options.dump_every);
    }
    let labels = read_labels(&mut data, &options)?;
    eprintln!(
        "{} games, {} training and {} held-out positions",
        data.games,
        data.train.len(),
        data.holdout.len()
    );
    let start = match options.start.as_str() {
        "handset" => Model::from(&HANDSET),
        "tuned" => Model::from(&TUNED),
        "labelled" => Model::from(&LABELLED),
        other => return Err(format!("unknown --start {other}")),
    };
    let k = fit_k(&start, &data);
    let before = (
        error(&start, &data, &data.train, k),
        error(&start, &data, &data.holdout, k),
    );
    eprintln!(
        "K = {k:.4}; error before: train {:.6}, held-out {:.6}",
        before.0, before.1
    );
    let (best, held) = tune(&start, &data, k, &options);
    let rounded = Model::from(&best.rounded());
    let after = (
        error(&rounded, &data, &data.train, k),
        error(&rounded, &data, &data.holdout, k),
    );
    eprintln!(
        "error after: train {:.6}, held-out {:.6} (unrounded {held:.6})",
        after.0, after.1
    );
    let (labelling, reproduce) = describe_labels(&options, &data, labels);
    let report = format!(
        "The Texel-tuned weights of chess's `classical` evaluation, written by\n\
         tools/texel.rs: do not edit by hand, run it again.\n\
         \n\
         Method (Texel tuning): {games} self-play games of ply's own engine\n\
         (scripts/texel-selfplay.py: a line of tests/data/chess/openings.txt and four random\n\
         plies, then {players}). Every position after the first {skip} plies that is quiet (not in check,\n\
         no capture or promotion winning by static exchange) {labelling}\n\
         Starting from the `{from}` weights, K of the sigmoid 1 / (1 + 10^(-K * eval / 400))\n\
         was fitted ({k:.4}), then the mean squared error of\n\
         sigmoid(eval) against the targets, plus {l2} times the squared distance of the\n\
         weights from the start, minimised by full-batch Adam ({epochs} epochs, rate {rate},\n\
         piece-square values {squares}), keeping the {keep} weights (`best`: lowest held-out\n\
         error, checked every 10 epochs). Error before: train {b0:.6}, held-out {b1:.6};\n\
         after (rounded weights): train {a0:.6}, held-out {a1:.6}.\n\
         \n\
         Reproduce: scripts/texel-selfplay.py --out games.jsonl --openings-count {games}, then\n\
         {reproduce}\n\
         {epochs} --rate {rate} --squares {squares} --l2 {l2} --keep {keep}",
        games = data.games,
        players = options.players,
        skip = options.skip_plies,
        from = options.start,
        epochs = options.epochs,
        rate = options.rate,
        l2 = options.l2,
        squares = options.squares,
        keep = options.keep,
        b0 = before.0,
        b1 = before.1,
        a0 = after.0,
        a1 = after.1,
    );
    write_atomically(
        &options.out,
        &source(&best.rounded(), &options.name, &report),
    )
    .map_err(|e| format!("{}: {e}", options.out))?;
    eprintln!("wrote {}", options.out);
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("texel: {message}");
            ExitCode::from(2)
        }
    }
}
