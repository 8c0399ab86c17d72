//! Chess's `classical` evaluation as the Texel tuner (examples/texel.rs) sees it:
//! exactly the dot product of its feature counts with its weights, for the weights
//! fitted to Stockfish's scores (`strong`), to self-play results (`selfplay`) and the
//! hand-set ones alike; and whatever the tuning found, material keeps
//! the order every chess primer gives (queen 9, rook 5, bishop and knight 3, pawn 1,
//! Shannon 1950), a queen up wins.

use cozy_chess::Color;
use ply::game::chess::Chess;
use ply::game::chess::classical::{self, Features};
use ply::game::chess::eval::{FULL_PHASE, game_phase};
use ply::game::chess::labelled::LABELLED;
use ply::game::chess::tuned::TUNED;
use ply::game::chess::weights::{self as w, HANDSET, PARAMS, Weights};

/// The 300 WAC positions (tests/data/chess/wac.epd, source named there).
const WAC: &str = include_str!("../data/chess/wac.epd");

fn wac_games() -> Vec<Chess> {
    WAC.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            Chess::from_fen(&fields.join(" ")).expect("valid FEN")
        })
        .collect()
}

/// White's counts minus Black's, feature by feature.
struct Counts([i32; PARAMS]);

impl Features for Counts {
    fn add(&mut self, color: Color, _term: usize, param: usize, count: i32) {
        self.0[param] += if color == Color::White { count } else { -count };
    }
}

/// The value for the side to move computed from the counts and `weights`.
fn dot_product(game: &Chess, weights: &Weights) -> i32 {
    let mut counts = Counts([0; PARAMS]);
    classical::features(game.board(), &mut counts);
    let sum = |pick: fn(&(i32, i32)) -> i32| -> i32 {
        counts.0.iter().zip(weights).map(|(c, w)| c * pick(w)).sum()
    };
    let phase = game_phase(game.board());
    let white = (sum(|w| w.0) * phase + sum(|w| w.1) * (FULL_PHASE - phase)) / FULL_PHASE;
    let sign = if game.board().side_to_move() == Color::White {
        1
    } else {
        -1
    };
    sign * white + classical::tempo()
}

#[test]
fn the_evaluation_is_its_features_times_its_weights() {
    for game in wac_games() {
        for weights in [&LABELLED, &TUNED, &HANDSET] {
            assert_eq!(
                classical::evaluate(&game, weights),
                dot_product(&game, weights),
                "{}",
                game.board()
            );
        }
        assert_eq!(
            classical::handset(&game),
            classical::evaluate(&game, &HANDSET)
        );
        assert_eq!(
            classical::classical(&game),
            classical::evaluate(&game, &LABELLED)
        );
        assert_eq!(
            classical::selfplay(&game),
            classical::evaluate(&game, &TUNED)
        );
    }
}

/// The start position, White to move, with Black's eighth and seventh ranks as given.
fn start_with_black(eighth: &str, seventh: &str) -> Chess {
    let fen = format!("{eighth}/{seventh}/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
    Chess::from_fen(&fen).expect("valid FEN")
}

#[test]
fn material_keeps_the_textbook_order_and_a_queen_up_wins() {
    for (name, evaluate) in [
        ("strong", classical::classical as fn(&Chess) -> i32),
        ("selfplay", classical::selfplay),
        ("handset", classical::handset),
    ] {
        let value = |eighth, seventh| evaluate(&start_with_black(eighth, seventh));
        let full = "pppppppp";
        let queen = value("rnb1kbnr", full);
        let rook = value("1nbqkbnr", full);
        let bishop = value("rn1qkbnr", full);
        let knight = value("r1bqkbnr", full);
        let pawn = value("rnbqkbnr", "pppp1ppp");
        let even = evaluate(&Chess::new());
        assert!(queen > rook && rook > bishop && rook > knight, "{name}");
        assert!(bishop > pawn && knight > pawn && pawn > even, "{name}");
        assert!(
            queen - even > 600,
            "{name}: a queen up is only {}",
            queen - even
        );
        assert!(
            rook - even > 300,
            "{name}: a rook up is only {}",
            rook - even
        );
        assert!(
            (bishop - knight).abs() < 100,
            "{name}: bishop {bishop}, knight {knight}"
        );
    }
}

/// White's feature counts minus Black's in the position `fen`.
fn counts(fen: &str) -> [i32; PARAMS] {
    let game = Chess::from_fen(fen).expect("valid FEN");
    let mut counts = Counts([0; PARAMS]);
    classical::features(game.board(), &mut counts);
    counts.0
}

#[test]
fn the_new_terms_count_what_the_rules_of_chess_show() {
    // The pawn on e4 attacks the knight on d5, which nothing defends.
    let fork = counts("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(fork[w::THREAT_BY_PAWN + 1], 1);
    assert_eq!(fork[w::HANGING + 1], 1);
    assert_eq!(fork[w::THREAT_BY_MINOR..w::HANGING], [0; 12]);
    // A knight on d5 guarded by e4 is an outpost until a pawn on c7 can chase it.
    let outpost = "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(counts(outpost)[w::OUTPOST], 1);
    assert_eq!(
        counts(&outpost.replace("4k3/8/", "4k3/2p5/"))[w::OUTPOST],
        0
    );
    // The rook on a1 can check from a8, which the king on e8 does not guard.
    let check = counts("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(check[w::SAFE_CHECK + 3], 1);
    // The king on d7 guards d6, the stop square of the passed pawn on d5 (rank 5).
    let stopped = counts("8/3k4/8/3P4/8/8/8/4K3 w - - 0 1");
    assert_eq!(stopped[w::PASSED_STOP_GUARDED], 4);
}

/// Positions Stockfish 15.1 scored (tests/data/chess/stockfish-scores.tsv: held-out
/// quiet positions of self-play games, source named there), with its score for White.
const STOCKFISH_SCORES: &str = include_str!("../data/chess/stockfish-scores.tsv");

/// How many of Stockfish's scored positions `evaluate` gives to the same side.
fn agreements_with_stockfish(evaluate: fn(&Chess) -> i32) -> usize {
    STOCKFISH_SCORES
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter(|line| {
            let (fen, score) = line.split_once('\t').expect("FEN and score");
            let game = Chess::from_fen(fen).expect("valid FEN");
            let stockfish: i32 = score.parse().expect("a score");
            let ours = match game.board().side_to_move() {
                Color::White => evaluate(&game),
                Color::Black => -evaluate(&game),
            };
            (ours > 0) == (stockfish > 0)
        })
        .count()
}

#[test]
fn weights_fitted_to_stockfish_agree_with_it_more_often_than_the_earlier_ones() {
    let strong = agreements_with_stockfish(classical::classical);
    let selfplay = agreements_with_stockfish(classical::selfplay);
    let handset = agreements_with_stockfish(classical::handset);
    assert!(
        strong > selfplay && strong > handset,
        "of 400: strong {strong}, selfplay {selfplay}, handset {handset}"
    );
}
