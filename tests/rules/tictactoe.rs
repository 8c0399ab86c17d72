//! Tic-tac-toe against published counts, and every search configuration against
//! plain minimax on every reachable position.
//!
//! Sources of the numbers (copied from the project's reference notes):
//! - game-tree nodes per ply, games stopping at three in a row: 1, 9, 72, 504, 3024,
//!   15120, 54720, 148176, 200448, 127872 (549,946 in all);
//! - complete games 255,168: X wins 131,184, O wins 77,904, draws 46,080 (OEIS A061526);
//! - distinct legal positions 5,478, of which 958 are terminal; value with perfect
//!   play: draw.

use super::common;

use std::collections::HashSet;

use common::{
    all_configs, count_games, minimax, minimax_best_moves, perft, reachable_positions, run,
    seed_evaluator,
};
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, GameOptions, Outcome, Playable, Player};
use ply::search::{GameValue, Limits, SearchConfig};

/// Game-tree nodes at ply 0..=9 (positions at exactly that depth, finished games not
/// continued), so perft 1..=9 are the entries 1..=9. Source: the published
/// tic-tac-toe game-tree counts (549,946 nodes in all, root included).
const NODES_PER_PLY: [u64; 10] = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
/// Total nodes of the game tree, root included.
const TREE_NODES: u64 = 549_946;
/// Complete games by result (OEIS A061526 gives the total).
const GAMES_TOTAL: u64 = 255_168;
const GAMES_X_WINS: u64 = 131_184;
const GAMES_O_WINS: u64 = 77_904;
const GAMES_DRAWN: u64 = 46_080;
/// Distinct legal positions reachable from the empty board, and how many are over.
const POSITIONS: usize = 5_478;
const TERMINAL_POSITIONS: usize = 958;

fn parse(text: &str) -> TicTacToe {
    TicTacToe::parse_position(text, &GameOptions::default())
        .unwrap_or_else(|e| panic!("'{text}' should parse: {e}"))
}

#[test]
fn perft_1_to_9_matches_the_published_counts() {
    let mut game = TicTacToe::new();
    for (depth, &expected) in NODES_PER_PLY.iter().enumerate() {
        assert_eq!(perft(&mut game, depth as u32), expected, "perft {depth}");
    }
    assert_eq!(NODES_PER_PLY.iter().sum::<u64>(), TREE_NODES);
    assert_eq!(
        game,
        TicTacToe::new(),
        "perft must leave the board as it was"
    );
}

#[test]
fn complete_games_by_result_match_oeis_a061526() {
    let counts = count_games(&mut TicTacToe::new());
    assert_eq!(counts.first_wins, GAMES_X_WINS, "X wins");
    assert_eq!(counts.second_wins, GAMES_O_WINS, "O wins");
    assert_eq!(counts.draws, GAMES_DRAWN, "draws");
    assert_eq!(counts.total(), GAMES_TOTAL);
}

#[test]
fn there_are_5478_distinct_legal_positions_958_of_them_terminal() {
    let positions = reachable_positions(&TicTacToe::new());
    assert_eq!(positions.len(), POSITIONS, "distinct hashes");
    // The hash must not merge different boards nor split equal ones.
    let boards: HashSet<String> = positions.values().map(|g| g.format_position()).collect();
    assert_eq!(boards.len(), POSITIONS, "distinct boards");
    let terminal = positions.values().filter(|g| g.outcome().is_some()).count();
    assert_eq!(terminal, TERMINAL_POSITIONS);
    for game in positions.values() {
        assert_eq!(game.moves().is_empty(), game.outcome().is_some());
    }
}

#[test]
fn plain_minimax_visits_the_whole_game_tree_and_finds_a_draw() {
    let eval = seed_evaluator::<TicTacToe>();
    let result = minimax(&TicTacToe::new(), eval.as_ref(), None);
    assert_eq!(result.stats.nodes, TREE_NODES);
    assert_eq!(result.stats.nodes_per_ply(), NODES_PER_PLY);
    // Every complete game ends at a leaf scored by the rules, never by the evaluation.
    assert_eq!(result.stats.leaves, GAMES_TOTAL);
    assert_eq!(result.stats.tt_hits, 0);
    assert_eq!(result.stats.cutoffs, 0);
    assert_eq!(result.value(), Some(GameValue::Draw));
    assert_eq!(result.score, 0);
    assert!(result.proven);
    assert!(!result.stopped);
    assert!(result.best_move.is_some());
    assert_eq!(result.depth, 9);
}

#[test]
fn minimax_with_a_table_searches_each_position_once() {
    let eval = seed_evaluator::<TicTacToe>();
    let config = SearchConfig {
        tt_mib: 16,
        ..SearchConfig::minimax(Limits::default())
    };
    let result = run(&TicTacToe::new(), eval.as_ref(), &config);
    assert_eq!(result.stats.nodes - result.stats.tt_hits, POSITIONS as u64);
    // Terminal positions are scored once, later visits come from the table.
    assert_eq!(result.stats.leaves, TERMINAL_POSITIONS as u64);
    assert!(result.stats.nodes < TREE_NODES);
    assert_eq!(result.value(), Some(GameValue::Draw));
    assert_eq!(result.score, 0);
    assert!(result.proven);
}

/// Every configuration agrees with plain minimax on every reachable position that
/// is not over: same score (win and loss distances included), and a best move that
/// minimax also rates best.
#[test]
fn every_configuration_agrees_with_minimax_on_every_position() {
    let eval = seed_evaluator::<TicTacToe>();
    let configs = all_configs(None, 16);
    let positions = reachable_positions(&TicTacToe::new());
    let mut checked = 0;
    let mut decisive = 0;
    for game in positions.values().filter(|g| g.outcome().is_none()) {
        let reference = minimax(game, eval.as_ref(), None);
        let (best_score, best_moves) = minimax_best_moves(game, eval.as_ref(), None);
        assert_eq!(reference.score, best_score, "{}", game.format_position());
        assert!(reference.proven);
        let reference_move = reference.best_move.expect("a move");
        assert!(best_moves.contains(&reference_move));
        decisive += usize::from(reference.score != 0);
        for (name, config) in &configs {
            let result = run(game, eval.as_ref(), config);
            let position = game.format_position();
            assert_eq!(result.score, reference.score, "{name} on {position}");
            assert!(result.proven, "{name} on {position}: not proven");
            assert_eq!(result.value(), reference.value(), "{name} on {position}");
            let m = result.best_move.expect("a best move");
            assert!(
                best_moves.contains(&m),
                "{name} on {position}: {} is not among minimax's best moves {:?}",
                game.format_move(m),
                best_moves
                    .iter()
                    .map(|&b| game.format_move(b))
                    .collect::<Vec<_>>()
            );
            assert_eq!(result.pv.first(), Some(&m), "{name} on {position}: pv");
        }
        checked += 1;
    }
    assert_eq!(checked, POSITIONS - TERMINAL_POSITIONS);
    assert!(decisive > 0, "some positions must be won or lost");
}

/// The same at fixed depths, where the `seed` evaluation scores the horizon: every
/// value-preserving configuration returns depth-limited minimax's score and one of
/// its best moves (a position always recurs at the same ply here, so a table entry
/// is never deeper than the search asking for it).
#[test]
fn every_configuration_agrees_with_depth_limited_minimax_on_every_position() {
    let eval = seed_evaluator::<TicTacToe>();
    let depths = [1, 2, 3, 5];
    let configs: Vec<_> = depths.iter().map(|&d| all_configs(Some(d), 16)).collect();
    let positions = reachable_positions(&TicTacToe::new());
    for game in positions.values().filter(|g| g.outcome().is_none()) {
        let position = game.format_position();
        let exact = minimax(game, eval.as_ref(), None).score;
        for (&depth, configs) in depths.iter().zip(&configs) {
            let reference = minimax(game, eval.as_ref(), Some(depth));
            // Children searched at depth 0 would be clamped to 1: no best-move set at 1.
            let best_moves = (depth >= 2).then(|| {
                let (best, moves) = minimax_best_moves(game, eval.as_ref(), Some(depth));
                assert_eq!(best, reference.score, "{position} at depth {depth}");
                moves
            });
            for (name, config) in configs {
                let result = run(game, eval.as_ref(), config);
                let context = format!("{name} on {position} at depth {depth}");
                assert_eq!(result.score, reference.score, "{context}");
                // Alpha-beta may prove what minimax cannot (its cutoffs skip lines
                // that meet the horizon), never the other way round; and what it
                // proves is the game's value.
                assert!(!reference.proven || result.proven, "{context}");
                if result.proven {
                    assert_eq!(result.score, exact, "{context}: proven");
                }
                assert!(result.depth <= depth, "{context}");
                let m = result.best_move.expect("a best move");
                if let Some(moves) = &best_moves {
                    assert!(moves.contains(&m), "{context}: {}", game.format_move(m));
                }
            }
        }
    }
}

/// The table-driven configurations at the size the engine uses by default.
#[test]
fn full_alpha_beta_with_the_default_table_solves_the_empty_board() {
    let eval = seed_evaluator::<TicTacToe>();
    let result = run(
        &TicTacToe::new(),
        eval.as_ref(),
        &SearchConfig::alpha_beta(Limits::default()),
    );
    assert_eq!(result.value(), Some(GameValue::Draw));
    assert_eq!(result.score, 0);
    assert!(result.proven);
    assert!(result.stats.nodes < TREE_NODES / 10);
    let (_, best_moves) = minimax_best_moves(&TicTacToe::new(), eval.as_ref(), None);
    // Every first move draws with best play.
    assert_eq!(best_moves.len(), 9);
    // The principal variation is a legal line.
    let mut game = TicTacToe::new();
    for &m in &result.pv {
        assert!(game.moves().contains(&m));
        game.play(m);
    }
}

#[test]
fn positions_round_trip_through_their_notation() {
    for game in reachable_positions(&TicTacToe::new()).values() {
        let text = game.format_position();
        let parsed = parse(&text);
        assert_eq!(parsed.format_position(), text);
        assert_eq!(parsed.hash(), game.hash(), "{text}: hash");
        assert_eq!(parsed.to_move(), game.to_move(), "{text}: side to move");
        assert_eq!(parsed.outcome(), game.outcome(), "{text}: outcome");
        assert_eq!(parsed.moves(), game.moves(), "{text}: moves");
    }
    let game = parse("x.o/.x./..o");
    assert_eq!(game.to_move(), Player::First);
    assert_eq!(game.cell(6), Some(Player::First)); // a3
    assert_eq!(game.cell(8), Some(Player::Second)); // c3
    assert_eq!(game.cell(4), Some(Player::First)); // b2
    assert_eq!(game.cell(2), Some(Player::Second)); // c1
    assert_eq!(parse("X.O/.X./..O").format_position(), "x.o/.x./..o");
    assert_eq!(
        parse("xxx/oo./...").outcome(),
        Some(Outcome::Win(Player::First))
    );
    assert_eq!(parse("xox/xoo/oxx").outcome(), Some(Outcome::Draw));
    assert_eq!(parse(".../.../...").format_position(), ".../.../...");
    assert_eq!(parse("x../.../...").to_move(), Player::Second);
}

#[test]
fn malformed_positions_are_rejected_with_an_error() {
    let bad = [
        // Wrong counts: X moves first and the sides alternate.
        ("xx./.../...", "two x, no o"),
        ("o../.../...", "o first"),
        ("oo./x../...", "more o than x"),
        ("xxx/x../o..", "four x, one o"),
        // Both sides have three in a row.
        ("xxx/ooo/x..", "both win"),
        // The winner did not make the last move.
        ("xxx/oo./o..", "x won but o moved after"),
        ("ooo/xx./x.x", "o won but x moved after"),
        // Bad characters.
        ("x.z/.../...", "z"),
        ("x0o/.../...", "digit"),
        ("x o/.../...", "space"),
        ("x.o/.x./..o!", "trailing character"),
        // Wrong shape.
        ("", "empty"),
        ("x.o/.x.", "two ranks"),
        ("x.o/.x./..o/...", "four ranks"),
        ("x.o./.x./..o", "four files"),
        ("x.o/.x/..o", "two files"),
        ("x.o .x. ..o", "spaces for slashes"),
        ("x.o//.x./..o", "empty rank"),
        ("x.o.x...o", "no slashes"),
        ("ééé/.../...", "non-ASCII"),
    ];
    for (text, why) in bad {
        let result = TicTacToe::parse_position(text, &GameOptions::default());
        match result {
            Ok(game) => panic!(
                "'{text}' ({why}) was accepted as {}",
                game.format_position()
            ),
            Err(e) => assert!(!e.0.is_empty(), "'{text}' ({why}): empty message"),
        }
        let setup = TicTacToe::setup(&GameOptions::default(), Some(text), None);
        assert!(setup.is_err(), "setup accepted '{text}' ({why})");
    }
}

#[test]
fn moves_round_trip_and_bad_moves_are_rejected() {
    let mut game = TicTacToe::new();
    let names: Vec<String> = game.moves().iter().map(|&m| game.format_move(m)).collect();
    assert_eq!(
        names,
        ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    );
    for m in game.moves() {
        assert_eq!(game.parse_move(&game.format_move(m)), Ok(m));
    }
    game.play_moves("b2 a1").unwrap();
    assert_eq!(game.format_position(), ".../.x./o..");
    for bad in ["b2", "a1", "d1", "a4", "a0", "", "b", "2b", "bb", "a-1"] {
        assert!(game.parse_move(bad).is_err(), "'{bad}' accepted");
    }
    let mut won = parse("xx./oo./...");
    won.play_moves("c3").unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::First)));
    assert!(won.parse_move("c1").is_err(), "a move after the game ended");
    assert!(won.moves().is_empty());
    let mut game = TicTacToe::new();
    let err = game.play_moves("b2 b2").unwrap_err();
    assert!(err.0.contains("move 2"), "{err}");
}
