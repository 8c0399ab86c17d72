//! Chess's `classical` evaluation as the Texel tuner (examples/texel.rs) sees it:
//! exactly the dot product of its feature counts with its weights, for the tuned
//! (`strong`) and the hand-set weights alike; and whatever the tuning found, material keeps
//! the order every chess primer gives (queen 9, rook 5, bishop and knight 3, pawn 1,
//! Shannon 1950), a queen up wins.

use cozy_chess::Color;
use ply::game::chess::Chess;
use ply::game::chess::classical::{self, Features};
use ply::game::chess::eval::{FULL_PHASE, game_phase};
use ply::game::chess::tuned::TUNED;
use ply::game::chess::weights::{HANDSET, PARAMS, Weights};

/// The 300 WAC positions (tests/data/chess/wac.epd, source named there).
const WAC: &str = include_str!("data/chess/wac.epd");

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
        for weights in [&TUNED, &HANDSET] {
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
