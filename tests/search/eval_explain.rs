//! Evaluations taken apart into terms (`Playable::explain_evaluation`): on positions
//! from random games, the terms add up to exactly what the evaluator returns (turned
//! to the first player's view), for every game and every evaluation that explains;
//! and the course's worked examples come out as the course writes them.

use super::common;

use ply::game::chess::Chess;
use ply::game::registry::GAME_IDS;
use ply::game::tictactoe::TicTacToe;
use ply::game::{Explanation, Game, GameVisitor, Playable, Player, visit_game};

/// Random games per length, and the lengths (short games for the small games,
/// long ones for chess and gomoku).
const GAMES_PER_LENGTH: u64 = 25;
const LONGEST: [u64; 4] = [4, 10, 30, 80];

/// The evaluations of a game that explain themselves, after checking on random
/// positions that each explanation adds up to the evaluator's own value.
struct CheckExplanations;

impl GameVisitor for CheckExplanations {
    type Output = Vec<&'static str>;
    fn visit<G: Playable>(self) -> Vec<&'static str> {
        let id = G::info().id;
        let positions: Vec<G> = LONGEST
            .iter()
            .flat_map(|&longest| common::random_positions(&[], GAMES_PER_LENGTH, longest))
            .collect();
        assert!(positions.len() >= 20, "{id}: too few positions");
        let mut explained = Vec::new();
        for named in G::evaluators() {
            let mut explains = None;
            for game in &positions {
                let explanation = game.explain_evaluation(named.name);
                // An evaluation explains every position or none.
                assert!(
                    explains.is_none_or(|e| e == explanation.is_some()),
                    "{id} {}: explains some positions only",
                    named.name
                );
                explains = Some(explanation.is_some());
                let Some(explanation) = explanation else {
                    continue;
                };
                let value = named.evaluator.evaluate(game);
                let from_first = match game.to_move() {
                    Player::First => value,
                    Player::Second => -value,
                };
                let context = format!(
                    "{id} {} at {}: {explanation:?}",
                    named.name,
                    game.format_position()
                );
                assert_eq!(explanation.total_for_first, from_first, "{context}");
                let points: i32 = explanation.terms.iter().map(|t| t.points).sum();
                assert_eq!(points, from_first, "{context}");
                assert!(!explanation.terms.is_empty(), "{context}");
                assert!(
                    explanation.formula.ends_with(&format!("= {from_first}"))
                        || explanation.formula.contains(&format!("= {from_first} ")),
                    "{context}: the formula does not end on the value"
                );
            }
            if explains == Some(true) {
                explained.push(named.name);
            }
        }
        explained
    }
}

#[test]
fn every_evaluation_of_every_game_explains_itself_and_adds_up_on_random_positions() {
    struct Names;
    impl GameVisitor for Names {
        type Output = Vec<&'static str>;
        fn visit<G: Playable>(self) -> Vec<&'static str> {
            G::evaluators().iter().map(|e| e.name).collect()
        }
    }
    for id in GAME_IDS {
        let explained = visit_game(id, CheckExplanations).unwrap();
        assert_eq!(explained, visit_game(id, Names).unwrap(), "{id}");
    }
}

fn seed_of<G: Playable>(game: &G) -> Explanation {
    game.explain_evaluation("seed")
        .expect("every seed evaluation explains itself")
}

/// Term by term as (name, first, second, points).
fn rows(explanation: &Explanation) -> Vec<(&str, i32, i32, i32)> {
    explanation
        .terms
        .iter()
        .map(|t| (t.name.as_str(), t.first, t.second, t.points))
        .collect()
}

#[test]
fn tic_tac_toe_x_in_the_centre_o_on_an_edge_is_six_minus_four() {
    // The course's worked example: X in the centre, O on the top edge. X can still
    // complete 6 lines (all but the top row and the middle column), O 4 (the four
    // lines missing the centre), so e(P) = 6 - 4 = 2.
    let game: TicTacToe = common::at(".o./.x./...", &[]);
    let explanation = seed_of(&game);
    assert_eq!(
        rows(&explanation),
        [
            ("open rows", 2, 2, 0),
            ("open columns", 2, 2, 0),
            ("open diagonals", 2, 0, 2),
        ]
    );
    assert_eq!(explanation.total_for_first, 2);
    assert_eq!(explanation.formula, "e(P) = 6 - 4 = 2");
}

#[test]
fn tic_tac_toe_values_are_from_xs_view_when_o_is_to_move() {
    // X in a corner, O to move: X has 8 - 0 open lines, O 8 - 3 = 5.
    let game: TicTacToe = common::at("x../.../...", &[]);
    assert_eq!(game.to_move(), Player::Second);
    let explanation = seed_of(&game);
    assert_eq!(explanation.formula, "e(P) = 8 - 5 = 3");
    let value = TicTacToe::evaluators()[0].evaluator.evaluate(&game);
    assert_eq!(value, -3, "the evaluator answers for O, the side to move");
}

#[test]
fn chess_start_position_material_is_39_minus_39() {
    let game: Chess = common::start(&[]);
    let explanation = seed_of(&game);
    assert_eq!(
        rows(&explanation),
        [
            ("pawns (1 each)", 8, 8, 0),
            ("knights (3 each)", 2, 2, 0),
            ("bishops (3 each)", 2, 2, 0),
            ("rooks (5 each)", 2, 2, 0),
            ("queens (9 each)", 1, 1, 0),
        ]
    );
    assert_eq!(explanation.total_for_first, 0);
    assert!(
        explanation
            .formula
            .starts_with("e(P) = (8 + 6 + 6 + 10 + 9) - (8 + 6 + 6 + 10 + 9) = 39 - 39 = 0"),
        "{}",
        explanation.formula
    );
}

#[test]
fn chess_material_after_captures() {
    // 1.e4 d5 2.exd5: White has taken a pawn, 39 - 38 = 1 pawn, 100 centipawns.
    let mut game: Chess = common::start(&[]);
    game.play_moves("e4 d5 exd5").unwrap();
    let explanation = seed_of(&game);
    assert_eq!(rows(&explanation)[0], ("pawns (1 each)", 8, 7, 100));
    assert_eq!(explanation.total_for_first, 100);
    assert!(
        explanation.formula.contains("= 39 - 38 = 1 pawns = 100"),
        "{}",
        explanation.formula
    );
    // 2...Qxd5 3.Nc3 Qxg2 4.Bxg2: Black took two pawns and lost its queen.
    game.play_moves("Qxd5 Nc3 Qxg2 Bxg2").unwrap();
    let explanation = seed_of(&game);
    assert_eq!(
        rows(&explanation)
            .iter()
            .map(|r| (r.1, r.2))
            .collect::<Vec<_>>(),
        [(6, 7), (2, 2), (2, 2), (2, 2), (1, 0)]
    );
    assert!(
        explanation.formula.contains("= 37 - 29 = 8 pawns = 800"),
        "{}",
        explanation.formula
    );
}

#[test]
fn chess_strong_rounds_off_less_than_a_centipawn_per_blended_number() {
    // Each side's six terms are blended apart, each losing less than one centipawn
    // to the division by 24; the evaluator blends their sum once.
    let positions: Vec<Chess> = common::random_positions(&[], 60, 80);
    for game in &positions {
        let explanation = game.explain_evaluation("strong").unwrap();
        let rounding = explanation
            .terms
            .iter()
            .find(|t| t.name.starts_with("rounding"))
            .expect("a rounding term");
        assert!(
            rounding.points.abs() <= 12,
            "{}: {explanation:?}",
            game.format_position()
        );
    }
}
