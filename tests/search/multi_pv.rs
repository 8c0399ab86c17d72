//! MultiPV against minimax: with as many lines as the root has moves, line K is the
//! best of the moves the lines before it left, so every root move comes back once,
//! each with its exact minimax value (searched child by child with plain minimax),
//! best first. With one line the search is the plain search.

use super::common;

use common::{all_configs, child_scores, run, seed_evaluator};
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, GameOptions, Playable};
use ply::search::{Limits, SearchConfig};

fn tictactoe(position: &str) -> TicTacToe {
    TicTacToe::parse_position(position, &GameOptions::default()).expect("a legal position")
}

/// Positions with wins, losses and draws among their moves.
const POSITIONS: [&str; 4] = ["x../.o./...", "xo./.x./...", "x.o/.../...", ".../.x./..o"];

#[test]
fn every_root_move_comes_back_with_its_minimax_value() {
    let evaluator = seed_evaluator::<TicTacToe>();
    for position in POSITIONS {
        let game = tictactoe(position);
        let moves = game.moves().len();
        let mut expected: Vec<i32> = child_scores(&game, evaluator.as_ref(), None)
            .into_iter()
            .map(|(_, score)| score)
            .collect();
        expected.sort_unstable_by(|a, b| b.cmp(a));
        let values = child_scores(&game, evaluator.as_ref(), None);
        for (name, config) in all_configs(None, 1) {
            let config = SearchConfig {
                multi_pv: moves,
                ..config
            };
            let result = run(&game, evaluator.as_ref(), &config);
            let lines = &result.lines;
            assert_eq!(lines.len(), moves, "{position} {name}");
            let mut firsts: Vec<_> = lines.iter().map(|l| l.pv[0]).collect();
            firsts.sort_unstable();
            firsts.dedup();
            assert_eq!(
                firsts.len(),
                moves,
                "{position} {name}: distinct first moves"
            );
            let scores: Vec<i32> = lines.iter().map(|l| l.score).collect();
            assert_eq!(scores, expected, "{position} {name}: best first");
            for line in lines {
                let (_, value) = values.iter().find(|(m, _)| *m == line.pv[0]).unwrap();
                assert_eq!(line.score, *value, "{position} {name}: {:?}", line.pv);
            }
            assert_eq!(result.best_move, Some(lines[0].pv[0]), "{position} {name}");
            assert_eq!(result.score, lines[0].score, "{position} {name}");
        }
    }
}

#[test]
fn more_lines_than_moves_gives_one_line_a_move() {
    let evaluator = seed_evaluator::<TicTacToe>();
    let game = tictactoe("xox/oxo/...");
    let config = SearchConfig {
        multi_pv: 64,
        ..SearchConfig::engine(Limits::default())
    };
    let result = run(&game, evaluator.as_ref(), &config);
    assert_eq!(result.lines.len(), 3);
}

#[test]
fn one_line_is_the_plain_search_and_a_recorded_tree_is_line_1s() {
    let evaluator = seed_evaluator::<TicTacToe>();
    let game = tictactoe("x../.o./...");
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let plain = run(&game, evaluator.as_ref(), &SearchConfig::engine(limits));
    assert_eq!(plain.lines.len(), 1);
    assert_eq!(plain.lines[0].pv, plain.pv);
    assert_eq!(plain.lines[0].score, plain.score);
    let traced = |multi_pv| SearchConfig {
        trace: Some(100_000),
        iterative: false,
        multi_pv,
        ..SearchConfig::alpha_beta(limits)
    };
    let one = run(&game, evaluator.as_ref(), &traced(1));
    let three = run(&game, evaluator.as_ref(), &traced(3));
    assert_eq!(three.lines.len(), 3);
    let (one, three) = (one.tree.expect("a tree"), three.tree.expect("a tree"));
    assert_eq!(three.visited, one.visited, "the tree is line 1's pass");
    assert_eq!(three.nodes.len(), one.nodes.len());
}

/// Monte Carlo's lines are its most visited root moves: line 1 is the move it
/// plays, the rest follow in the order its root table gives them, each with that
/// move's win rate as its score and a line of legal moves; asking for them
/// changes nothing in the search. Checked on one thread and on two.
#[test]
fn monte_carlo_lines_are_the_most_visited_moves_and_change_nothing() {
    let evaluator = seed_evaluator::<TicTacToe>();
    let game = tictactoe("x../.o./...");
    for threads in [1, 2] {
        let config = |multi_pv| SearchConfig {
            multi_pv,
            threads,
            ..SearchConfig::mcts(Limits {
                nodes: Some(3_000),
                ..Limits::default()
            })
        };
        let three = run(&game, evaluator.as_ref(), &config(3));
        assert_eq!(three.lines.len(), 3, "threads {threads}");
        assert_eq!(three.best_move, Some(three.lines[0].pv[0]));
        assert_eq!(three.score, three.lines[0].score);
        for (line, root) in three.lines.iter().zip(&three.root_moves) {
            assert_eq!(line.pv[0], root.mv, "threads {threads}: root table order");
            assert_eq!(Some(line.score), root.score);
            let mut position = game.clone();
            for &mv in &line.pv {
                assert!(position.moves().contains(&mv), "{:?}", line.pv);
                position.play(mv);
            }
        }
        if threads == 1 {
            let one = run(&game, evaluator.as_ref(), &config(1));
            assert!(one.lines.is_empty(), "one line is the headline");
            assert_eq!(
                (one.best_move, one.score, &one.pv, one.stats.nodes),
                (three.best_move, three.score, &three.pv, three.stats.nodes)
            );
        }
    }
}
