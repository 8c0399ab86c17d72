//! Chess evaluations against facts that do not depend on their weights: a position
//! and its colour-mirror are worth the same to the side to move (and opposite from
//! White's view), `ply eval --explain`'s terms add up to the value, and the engine
//! solves easy Win At Chess positions (Reinfeld's published best moves) at a small
//! node budget.

use super::common;

use ply::game::chess::{Chess, notation};
use ply::game::{Game, GameOptions, Playable};
use ply::search::{Limits, SearchConfig, search};

/// The 300 WAC positions (tests/data/chess/wac.epd, source named there).
const WAC: &str = include_str!("../data/chess/wac.epd");

/// (FEN, best moves in SAN, id) for each WAC line.
fn wac_positions() -> Vec<(String, Vec<String>, String)> {
    WAC.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let fen = format!("{} 0 1", words[..4].join(" "));
            let ops = words[4..].join(" ");
            let field = |key: &str| {
                ops.split(';')
                    .map(str::trim)
                    .find_map(|op| op.strip_prefix(key))
                    .unwrap_or("")
                    .trim()
                    .to_string()
            };
            let best = field("bm ").split_whitespace().map(String::from).collect();
            (fen, best, field("id ").trim_matches('"').to_string())
        })
        .collect()
}

fn position(fen: &str) -> Chess {
    Chess::parse_position(fen, &GameOptions::default()).expect("valid FEN")
}

/// The same position with the colours exchanged: ranks reversed, pieces' case,
/// the side to move, the castling rights and the en-passant square swapped.
fn mirrored(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap_case = |text: &str| -> String { text.chars().map(common::other_colour).collect() };
    let board: Vec<&str> = fields[0].split('/').rev().collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = swap_case(fields[2]).chars().collect();
    castling.sort_by_key(|c| "KQkq-".find(*c));
    let en_passant = match fields[3].as_bytes() {
        [file, b'3'] => format!("{}6", *file as char),
        [file, b'6'] => format!("{}3", *file as char),
        _ => "-".to_string(),
    };
    format!(
        "{} {side} {} {en_passant} {} {}",
        swap_case(&board.join("/")),
        castling.iter().collect::<String>(),
        fields[4],
        fields[5]
    )
}

/// Positions of every kind: the WAC suite (middlegames, endgames, both sides to
/// move) and those met along a few games of first legal moves from the start.
fn many_positions() -> Vec<String> {
    let mut fens: Vec<String> = wac_positions().into_iter().map(|(f, _, _)| f).collect();
    for seed in 0..8usize {
        let mut game = Chess::new();
        for ply in 0..60 {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play(moves[(seed * 7 + ply * 13) % moves.len()]);
            fens.push(game.board().to_string());
        }
    }
    fens
}

#[test]
fn a_mirrored_position_is_worth_the_same_to_the_side_to_move() {
    for evaluator in Chess::evaluators() {
        for fen in many_positions() {
            let game = position(&fen);
            let mirror = position(&mirrored(&fen));
            assert_eq!(
                evaluator.evaluator.evaluate(&game),
                evaluator.evaluator.evaluate(&mirror),
                "{}: {fen} and {}",
                evaluator.name,
                mirrored(&fen)
            );
            let white_view = |g: &Chess| g.explain_evaluation(evaluator.name).unwrap();
            assert_eq!(
                white_view(&game).total_for_first,
                -white_view(&mirror).total_for_first,
                "{}: {fen}",
                evaluator.name
            );
        }
    }
}

#[test]
fn explains_terms_add_up_to_the_value() {
    for evaluator in Chess::evaluators() {
        for fen in many_positions() {
            let game = position(&fen);
            let explanation = game.explain_evaluation(evaluator.name).unwrap();
            let sum: i32 = explanation.terms.iter().map(|t| t.points).sum();
            assert_eq!(
                sum, explanation.total_for_first,
                "{}: {fen}",
                evaluator.name
            );
            let to_move_sign = if fen.split_whitespace().nth(1) == Some("w") {
                1
            } else {
                -1
            };
            assert_eq!(
                explanation.total_for_first * to_move_sign,
                evaluator.evaluator.evaluate(&game),
                "{}: {fen}",
                evaluator.name
            );
        }
    }
}

#[test]
fn mirroring_twice_gives_the_position_back() {
    // Guards the helper above: the mirror of the mirror is the same FEN, and the
    // mirror of the start with Black to move is the start with colours swapped.
    let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(
        mirrored(start),
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1"
    );
    for fen in many_positions() {
        assert_eq!(mirrored(&mirrored(&fen)), fen);
    }
}

/// Short WAC tactics (mates in two, a won queen) every evaluation should find with
/// a few thousand nodes.
const EASY_WAC: [&str; 6] = [
    "WAC.001", "WAC.004", "WAC.005", "WAC.012", "WAC.027", "WAC.054",
];

#[test]
fn the_engine_solves_easy_win_at_chess_positions() {
    let config = SearchConfig::engine(Limits {
        nodes: Some(50_000),
        ..Limits::default()
    });
    solve_easy_wac(&config);
}

/// Searches every easy WAC position with `config` and each evaluation but the
/// seed, checks the best move, and returns the nodes searched in all.
fn solve_easy_wac(config: &SearchConfig) -> u64 {
    let suite = wac_positions();
    let evaluators = Chess::evaluators();
    let mut nodes = 0;
    for id in EASY_WAC {
        let (fen, best, _) = suite
            .iter()
            .find(|(_, _, i)| i == id)
            .expect("in the suite");
        let game = position(fen);
        for evaluator in &evaluators[1..] {
            let result = search(&game, evaluator.evaluator.as_ref(), config, None, &mut ());
            nodes += result.stats.nodes;
            let played = result.best_move.expect("a move");
            let expected: Vec<_> = best
                .iter()
                .map(|san| notation::parse_move(game.board(), san).expect("legal best move"))
                .collect();
            assert!(
                expected.contains(&played),
                "{id} ({}): played {}, best {best:?}",
                evaluator.name,
                game.format_move(played)
            );
        }
    }
    nodes
}
