//! Chess's neural evaluation (src/game/chess/neural.rs; tests/chess_eval.rs checks
//! it with every chess evaluation: colour mirrors, explanations): its network file
//! is read or refused with a reason, its sums kept from the position before give the
//! value computed from scratch, and it tells who stands better as Stockfish 15.1
//! does on positions it was never trained on.

use cozy_chess::{Color, File};
use ply::game::chess::neural::{
    self, ACTIVATION_ONE, HIDDEN, INPUT_WEIGHT_BOUND, INPUTS, MAGIC, Network, OUTPUT_BUCKETS,
    OUTPUT_UNIT, OUTPUT_WEIGHT_BOUND, QA, QB, SCALE,
};
use ply::game::chess::{Chess, classical, endgame};

/// Quiet positions of ply's own self-play that Stockfish 15.1 scored
/// (tests/data/chess/stockfish-scores.tsv, source named there): FEN and the score
/// for White. The classical evaluation's weights were fitted to positions like these.
const PLY_GAMES: &str = include_str!("../data/chess/stockfish-scores.tsv");

/// Quiet positions of Stockfish's self-play, as the network's training data but from
/// another seed (tests/data/chess/stockfish-selfplay-scores.tsv, source named there).
const STOCKFISH_GAMES: &str = include_str!("../data/chess/stockfish-selfplay-scores.tsv");

fn scored_positions(file: &str) -> Vec<(Chess, i32)> {
    file.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (fen, score) = line.split_once('\t').expect("FEN and score");
            (
                Chess::from_fen(fen).expect("valid FEN"),
                score.parse().expect("a score"),
            )
        })
        .collect()
}

/// The value for White.
fn for_white(game: &Chess, evaluate: fn(&Chess) -> i32) -> i32 {
    match game.board().side_to_move() {
        Color::White => evaluate(game),
        Color::Black => -evaluate(game),
    }
}

#[test]
fn a_network_file_is_read_or_refused_with_its_reason() {
    let bytes = std::fs::read("src/game/chess/nets/chess.nnue").expect("the network file");
    assert_eq!(Network::from_bytes(&bytes).as_ref(), Ok(neural::network()));
    let mut wrong_magic = bytes.clone();
    wrong_magic[0] ^= 1;
    assert!(
        Network::from_bytes(&wrong_magic)
            .unwrap_err()
            .0
            .contains("magic")
    );
    // A network trained on the whole score (`nnue_train --residual 0`) must not be
    // read as a correction to the classical value.
    let mut whole_score = bytes.clone();
    whole_score[..8].copy_from_slice(b"PLY768W9");
    assert!(
        Network::from_bytes(&whole_score)
            .unwrap_err()
            .0
            .contains("magic")
    );
    // A weight past the bound the trainer clips to could overflow the integer sums:
    // such a file is refused, not read.
    let mut too_large = bytes.clone();
    let last_input_bias = MAGIC.len() + (INPUTS * HIDDEN + HIDDEN - 1) * 2;
    too_large[last_input_bias..last_input_bias + 2]
        .copy_from_slice(&(-INPUT_WEIGHT_BOUND - 1).to_le_bytes());
    assert!(
        Network::from_bytes(&too_large)
            .unwrap_err()
            .0
            .contains("input weights")
    );
    let mut too_large = bytes.clone();
    let first_output_weight = MAGIC.len() + (INPUTS * HIDDEN + HIDDEN) * 2;
    too_large[first_output_weight..first_output_weight + 2]
        .copy_from_slice(&(OUTPUT_WEIGHT_BOUND + 1).to_le_bytes());
    assert!(
        Network::from_bytes(&too_large)
            .unwrap_err()
            .0
            .contains("output weights")
    );
    let short = &bytes[..bytes.len() - 1];
    assert!(Network::from_bytes(short).unwrap_err().0.contains("bytes"));
    assert!(Network::from_bytes(&MAGIC[..3]).is_err());
}

#[test]
fn the_neural_value_is_the_classical_one_plus_the_networks_correction() {
    for (game, _) in scored_positions(STOCKFISH_GAMES).iter().take(50) {
        let sum = classical::classical(game) + neural::network().evaluate(game.board());
        assert_eq!(neural::neural(game), endgame::scaled(game.board(), sum));
    }
    // Scaled only where a drawing rule applies: a wrong-coloured bishop's rook pawn
    // with the defending king in the corner is worth nothing, whatever the sum says.
    let wrong_bishop = Chess::from_fen("8/6kP/8/3K4/8/8/8/1B6 b - - 0 1").expect("valid FEN");
    let sum =
        classical::classical(&wrong_bishop) + neural::network().evaluate(wrong_bishop.board());
    // White's extra bishop and pawn still count for something in the sum (the
    // network has learnt part of the draw from Stockfish's scores, not all of it).
    assert!(sum < 0, "{sum}");
    assert_eq!(neural::neural(&wrong_bishop), 0);
    let explained = neural::explain_neural(&wrong_bishop);
    assert_eq!(explained.total_for_first, 0);
}

#[test]
fn a_queen_up_is_winning_for_either_side() {
    let white_up = Chess::from_fen("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1").expect("valid FEN");
    assert!(
        neural::neural(&white_up) > 500,
        "{}",
        neural::neural(&white_up)
    );
    let black_to_move =
        Chess::from_fen("4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1").expect("valid FEN");
    assert!(neural::neural(&black_to_move) < -500);
}

/// How many of `positions` `evaluate` gives to the side Stockfish gives them.
fn agreements(positions: &[(Chess, i32)], evaluate: fn(&Chess) -> i32) -> usize {
    positions
        .iter()
        .filter(|(game, stockfish)| (for_white(game, evaluate) > 0) == (*stockfish > 0))
        .count()
}

/// The mean squared difference of expected results (sigmoid of centipawns / 300)
/// from Stockfish's, `evaluate` at its best scale (its centipawns are not Stockfish's).
fn error(positions: &[(Chess, i32)], evaluate: fn(&Chess) -> i32) -> f64 {
    let expected = |centipawns: f64| 1.0 / (1.0 + (-centipawns / 300.0).exp());
    let ours: Vec<f64> = positions
        .iter()
        .map(|(game, _)| f64::from(for_white(game, evaluate)))
        .collect();
    let at_scale = |percent: i32| {
        ours.iter()
            .zip(positions)
            .map(|(value, (_, stockfish))| {
                (expected(value * f64::from(percent) / 100.0) - expected(f64::from(*stockfish)))
                    .powi(2)
            })
            .sum::<f64>()
    };
    (50..=200).map(at_scale).fold(f64::INFINITY, f64::min) / positions.len() as f64
}

#[test]
fn on_positions_like_its_training_data_the_network_is_closer_to_stockfish() {
    let positions = scored_positions(STOCKFISH_GAMES);
    let (network, classical) = (
        agreements(&positions, neural::neural),
        agreements(&positions, classical::classical),
    );
    let (network_error, classical_error) = (
        error(&positions, neural::neural),
        error(&positions, classical::classical),
    );
    assert!(
        network >= classical && network_error < classical_error,
        "of {}: the network agrees on the side ahead in {network} (error {network_error:.5}), classical in {classical} (error {classical_error:.5})",
        positions.len()
    );
}

#[test]
fn on_plys_own_games_the_network_tells_who_stands_better_as_stockfish_does() {
    // The classical evaluation was fitted to Stockfish's scores of positions like
    // these and agrees on 387 of the 400; the network must agree on 95% at least.
    let positions = scored_positions(PLY_GAMES);
    let network = agreements(&positions, neural::neural);
    assert!(
        network * 100 >= positions.len() * 95,
        "the network agrees on the side ahead in {network} of {}",
        positions.len()
    );
}

#[test]
fn sums_built_from_the_parent_position_give_the_value_built_from_scratch() {
    use ply::game::{Game, SearchHooks};
    // A deterministic walk through legal moves, null moves and takebacks, as a
    // search walks: every value from the kept sums equals the one from scratch.
    let mut game = Chess::new();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut moves = Vec::new();
    let mut depth = 0;
    for _ in 0..4000 {
        assert_eq!(
            neural::network().evaluate_game(&game),
            neural::network().evaluate(game.board()),
            "{}",
            game.format_position()
        );
        moves.clear();
        game.legal_moves(&mut moves);
        match next(10) {
            0 | 1 if depth > 0 => {
                game.undo();
                depth -= 1;
            }
            2 if !game.in_check() => {
                game.play_null();
                neural::network().evaluate_game(&game);
                game.undo_null();
            }
            _ if !moves.is_empty() && game.outcome().is_none() => {
                game.play(moves[next(moves.len())]);
                depth += 1;
            }
            _ => {
                game = Chess::new();
                depth = 0;
            }
        }
    }
}

/// The network file's weights as the floats the trainer quantised (each integer over
/// its scale), evaluated in f64 the way the trainer's float network is: by bucket,
/// Σ clamp(hidden, 0, 1)² · weight over both sides' hidden units, plus the bias;
/// the one step the integer network must round, each activation to the nearest
/// 1 / `ACTIVATION_ONE`, rounded here too.
fn float_value(bytes: &[u8], board: &cozy_chess::Board) -> f64 {
    let shorts: Vec<f64> = bytes[MAGIC.len()..]
        .chunks_exact(2)
        .take(INPUTS * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN)
        .map(|pair| f64::from(i16::from_le_bytes([pair[0], pair[1]])))
        .collect();
    let biases = MAGIC.len() + shorts.len() * 2;
    let (own, other, count) = neural::active_features(board);
    let hidden = |features: &[u16]| -> Vec<f64> {
        (0..HIDDEN)
            .map(|unit| {
                let rows = features
                    .iter()
                    .map(|&input| shorts[usize::from(input) * HIDDEN + unit]);
                (shorts[INPUTS * HIDDEN + unit] + rows.sum::<f64>()) / f64::from(QA)
            })
            .collect()
    };
    let bucket = neural::output_bucket(board);
    let weights = &shorts[INPUTS * HIDDEN + HIDDEN + bucket * 2 * HIDDEN..][..2 * HIDDEN];
    let bias = &bytes[biases + bucket * 4..][..4];
    let mut out = f64::from(i32::from_le_bytes([bias[0], bias[1], bias[2], bias[3]]))
        / f64::from(OUTPUT_UNIT);
    let one = f64::from(ACTIVATION_ONE);
    let sums = hidden(&own[..count])
        .into_iter()
        .chain(hidden(&other[..count]));
    for (sum, weight) in sums.zip(weights) {
        let activation = (sum.clamp(0.0, 1.0).powi(2) * one).round() / one;
        out += activation * weight / f64::from(QB);
    }
    out * f64::from(SCALE)
}

/// The integer network computes what the trainer's float network does with the
/// same weights, to the rounding of its last centipawn (and of its activations,
/// which the float value here rounds as well): the network is trained as floats,
/// so any other difference is an error it was never trained for.
#[test]
fn the_integer_network_gives_the_float_networks_value() {
    let bytes = std::fs::read("src/game/chess/nets/chess.nnue").expect("the network file");
    for (game, _) in scored_positions(STOCKFISH_GAMES).iter().take(300) {
        let board = game.board();
        let float = float_value(&bytes, board);
        let integer = neural::network().evaluate(board);
        assert!(
            (f64::from(integer) - float).abs() <= 0.5 + 1e-6,
            "{board}: integer {integer}, float {float:.3}"
        );
    }
}

/// `fen` reflected a-file to h-file (castling rights and en passant dropped).
fn reflected(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let placement: Vec<String> = fields
        .next()
        .expect("a placement")
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    let side = fields.next().expect("a side to move");
    format!("{} {side} - - 0 1", placement.join("/"))
}

/// Chess is left-right symmetric but for castling, and each side reads the board
/// with its king on files a-d: a position and its reflection switch on the same
/// inputs, so the network must value them alike, kings on either side.
#[test]
fn the_network_values_a_position_and_its_reflection_alike() {
    let mut kings_on_files_e_to_h = 0;
    for (game, _) in scored_positions(STOCKFISH_GAMES).iter().take(300) {
        let board = game.board();
        let fen = reflected(&board.to_string());
        let mirror: cozy_chess::Board = fen.parse().expect("a reflected position is legal");
        assert_eq!(
            neural::network().evaluate(board),
            neural::network().evaluate(&mirror),
            "{board} and {fen}"
        );
        kings_on_files_e_to_h += usize::from(board.king(board.side_to_move()).file() >= File::E);
    }
    // Both kinds of positions were tried, each side's king on either wing.
    assert!((1..300).contains(&kings_on_files_e_to_h));
}
