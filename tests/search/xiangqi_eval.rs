//! The xiangqi evaluations are blind to which wing and which colour: the board
//! mirrored left to right is worth the same, and with the colours swapped (the
//! board turned upside down, the other side to move) it is worth the same to the
//! side to move, so the negation from Red's view. Checked on many random positions
//! reached by legal play, for every evaluation the game offers.

use super::common;

use ply::game::xiangqi::Xiangqi;
use ply::game::{Game, Playable, Player};

/// A FEN's board as rows of characters, `.` for an empty point, rank 9 first.
fn rows(board: &str) -> Vec<Vec<char>> {
    board
        .split('/')
        .map(|row| {
            row.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec!['.'; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect()
}

/// Rows written back as a FEN board, runs of empty points as digits.
fn board_text(rows: &[Vec<char>]) -> String {
    let row_text = |row: &Vec<char>| {
        let mut text = String::new();
        let mut empty = 0;
        for &c in row {
            if c == '.' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(c);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        text
    };
    rows.iter().map(row_text).collect::<Vec<_>>().join("/")
}

/// The FEN with its board changed by `change`, the side to move by `side`.
fn transformed(
    fen: &str,
    change: impl Fn(Vec<Vec<char>>) -> Vec<Vec<char>>,
    flip_side: bool,
) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    fields[0] = board_text(&change(rows(&fields[0])));
    if flip_side {
        fields[1] = if fields[1] == "w" { "b" } else { "w" }.to_string();
    }
    fields.join(" ")
}

fn mirrored_left_right(fen: &str) -> String {
    let mirror = |rows: Vec<Vec<char>>| {
        rows.into_iter()
            .map(|row| row.into_iter().rev().collect())
            .collect()
    };
    transformed(fen, mirror, false)
}

fn colours_swapped(fen: &str) -> String {
    let swap = |rows: Vec<Vec<char>>| {
        rows.into_iter()
            .rev()
            .map(|row| row.into_iter().map(common::other_colour).collect())
            .collect()
    };
    transformed(fen, swap, true)
}

/// Positions after random legal play of several lengths, openings to endgames.
fn positions() -> Vec<Xiangqi> {
    [4, 12, 40, 120]
        .iter()
        .flat_map(|&longest| common::random_positions::<Xiangqi>(&[], 40, longest))
        .collect()
}

#[test]
fn the_board_mirrored_left_to_right_is_worth_the_same() {
    let positions = positions();
    assert!(positions.len() >= 100);
    for named in Xiangqi::evaluators() {
        for game in &positions {
            let fen = game.format_position();
            let mirror: Xiangqi = common::at(&mirrored_left_right(&fen), &[]);
            assert_eq!(
                named.evaluator.evaluate(game),
                named.evaluator.evaluate(&mirror),
                "{} at {fen} and its mirror {}",
                named.name,
                mirror.format_position()
            );
        }
    }
}

#[test]
fn swapping_the_colours_negates_the_value_from_reds_view() {
    let positions = positions();
    for named in Xiangqi::evaluators() {
        for game in &positions {
            let fen = game.format_position();
            let swapped: Xiangqi = common::at(&colours_swapped(&fen), &[]);
            assert_ne!(swapped.to_move(), game.to_move());
            let from_red = |g: &Xiangqi| {
                let value = named.evaluator.evaluate(g);
                if g.to_move() == Player::First {
                    value
                } else {
                    -value
                }
            };
            assert_eq!(
                from_red(game),
                -from_red(&swapped),
                "{} at {fen} and swapped {}",
                named.name,
                swapped.format_position()
            );
            if let Some(explanation) = game.explain_evaluation(named.name) {
                let other = swapped.explain_evaluation(named.name).unwrap();
                assert_eq!(explanation.total_for_first, -other.total_for_first);
            }
        }
    }
}

#[test]
fn the_transformations_are_checked_on_a_position_that_is_not_symmetric() {
    // A lopsided position: Red's left chariot gone, a Black cannon moved.
    let fen = "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1";
    assert_eq!(
        mirrored_left_right(fen),
        "rnbakabnr/9/4c2c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1"
    );
    assert_eq!(
        colours_swapped(fen),
        "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1"
    );
}

/// The final positions of an openings file under tests/data, each checked legal
/// and not over, in the file's order.
fn opening_positions(file: &str) -> Vec<u64> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .map(|line| {
            let game = Xiangqi::setup(&common::options(&[]), None, Some(line))
                .unwrap_or_else(|e| panic!("{file}: {line}: {e}"));
            assert!(game.outcome().is_none(), "{file}: {line}");
            game.hash()
        })
        .collect()
}

#[test]
fn every_opening_of_the_committed_files_is_legal_and_distinct() {
    // The tuning set, and the set made by Fairy-Stockfish for matches on
    // openings never tuned on: no position twice, and none in both.
    let tuning = opening_positions("xiangqi-openings.txt");
    let unseen = opening_positions("xiangqi-openings-unseen.txt");
    assert!(tuning.len() >= 30 && unseen.len() >= 60);
    let mut seen = std::collections::HashSet::new();
    for hash in tuning.iter().chain(&unseen) {
        assert!(seen.insert(*hash), "an opening repeats");
    }
}

#[test]
fn the_hand_set_weights_reproduce_the_handset_evaluation() {
    use ply::game::xiangqi::weighted::{self, HANDSET};
    for game in &positions() {
        let explanation = weighted::explain(game, &HANDSET);
        let handset = ply::game::xiangqi::eval::explain_handset(game);
        assert_eq!(
            explanation.total_for_first,
            handset.total_for_first,
            "{}",
            game.format_position()
        );
        let from_red = if game.to_move() == Player::First {
            1
        } else {
            -1
        };
        assert_eq!(
            weighted::evaluate(game, &HANDSET) * from_red,
            handset.total_for_first
        );
    }
}

/// The held-out positions of tests/data/xiangqi-fairy-labels.txt (never fitted on)
/// with Fairy-Stockfish's score in centipawns for the side to move.
fn fairy_labelled() -> Vec<(Xiangqi, f64)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/xiangqi-fairy-labels.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let game: Xiangqi = common::at(fields[0], &[]);
            (game, fields[1].parse().unwrap())
        })
        .collect()
}

/// The mean squared difference between Fairy-Stockfish's expected score
/// (`1 / (1 + 10^(-score / 400))`) and the evaluation `name`'s (`1 / (1 +
/// e^(-k value))`), at the scale `k` that suits the evaluation best (golden-section
/// search), over `positions`.
fn error_against_fairy(name: &str, positions: &[(Xiangqi, f64)]) -> f64 {
    // The hand-set weights are no longer offered, but they are what the fits improve on.
    let evaluate: fn(&Xiangqi) -> i32 = match name {
        "handset" => ply::game::xiangqi::eval::handset,
        _ => {
            let named = Xiangqi::evaluators()
                .into_iter()
                .find(|e| e.name == name)
                .unwrap();
            return error_of(positions, |game| named.evaluator.evaluate(game));
        }
    };
    error_of(positions, evaluate)
}

/// The mean squared error of `evaluate` against Fairy-Stockfish's expected results,
/// at the best scale.
fn error_of(positions: &[(Xiangqi, f64)], evaluate: impl Fn(&Xiangqi) -> i32) -> f64 {
    let pairs: Vec<(f64, f64)> = positions
        .iter()
        .map(|(game, fairy)| {
            let expected = 1.0 / (1.0 + 10f64.powf(-fairy / 400.0));
            (f64::from(evaluate(game)), expected)
        })
        .collect();
    let error = |k: f64| {
        let total: f64 = pairs
            .iter()
            .map(|&(value, expected)| (1.0 / (1.0 + (-k * value).exp()) - expected).powi(2))
            .sum();
        total / pairs.len() as f64
    };
    let (mut low, mut high) = (1e-4, 5e-2);
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (a, b) = (high - golden * (high - low), low + golden * (high - low));
        if error(a) < error(b) {
            high = b;
        } else {
            low = a;
        }
    }
    error((low + high) / 2.0)
}

#[test]
fn the_fitted_corrections_match_fairy_stockfish_better_on_held_out_positions() {
    let positions = fairy_labelled();
    assert!(positions.len() >= 700, "{} positions", positions.len());
    let [handset, fitted, corrected] =
        ["handset", "strong", "corrected"].map(|name| error_against_fairy(name, &positions));
    eprintln!(
        "mean squared error: handset {handset:.5}, fitted {fitted:.5}, corrected {corrected:.5}"
    );
    assert!(fitted < handset, "fitted {fitted}, handset {handset}");
    assert!(corrected < fitted, "corrected {corrected}, fitted {fitted}");
}
