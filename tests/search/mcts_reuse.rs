//! Tree reuse between moves: a Monte Carlo search handed the tree of an earlier
//! search keeps the playouts spent below the moves played since, and the
//! long-lived engine does it by itself.

use ply::game::connect4::ConnectFour;
use ply::game::go::Go;
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, GameOptions, Playable};
use ply::search::mcts::{MctsTree, search_reusing};
use ply::search::{Engine, Limits, SearchConfig, SearchResult};

fn config(playouts: u64) -> SearchConfig {
    SearchConfig::mcts(Limits {
        nodes: Some(playouts),
        ..Limits::default()
    })
}

/// The visits of the node reached by `line` from the root of `tree`.
fn visits_after<G: Game>(tree: &MctsTree<G::Move>, line: &[G::Move]) -> u32 {
    let mut node = 0;
    for &m in line {
        node = *tree
            .children(node)
            .iter()
            .find(|&&c| tree.node(c).mv == Some(m))
            .expect("the line is in the tree");
    }
    tree.node(node).visits
}

/// Runs `playouts` playouts on `game`, starting from and leaving the tree in `tree`.
fn search_into<G: Playable>(
    game: &G,
    playouts: u64,
    tree: &mut Option<MctsTree<G::Move>>,
) -> SearchResult<G::Move> {
    let evaluator = G::evaluators().remove(0).evaluator;
    search_reusing(
        game,
        evaluator.as_ref(),
        &config(playouts),
        None,
        &mut (),
        tree,
    )
}

/// Nodes at each ply of `tree`, counted depth first.
fn walked_per_ply<M: Copy>(tree: &MctsTree<M>) -> Vec<u64> {
    fn count<M: Copy>(tree: &MctsTree<M>, node: usize, ply: usize, per_ply: &mut Vec<u64>) {
        if per_ply.len() == ply {
            per_ply.push(0);
        }
        per_ply[ply] += 1;
        for &child in tree.children(node) {
            count(tree, child, ply + 1, per_ply);
        }
    }
    let mut per_ply = Vec::new();
    count(tree, 0, 0, &mut per_ply);
    per_ply
}

/// Searches `game`, plays the principal variation's first two moves, and checks
/// that the next search starts from the visits the first one gave that position
/// (and that the search's count of nodes per ply matches its tree).
fn reuse_keeps_the_subtree<G: Playable>(mut game: G, playouts: u64) {
    let mut tree = None;
    let first = search_into(&game, playouts, &mut tree);
    // The search counts its nodes per ply as it adds them: the tree agrees.
    let first_tree = tree.as_ref().unwrap();
    assert_eq!(first.stats.nodes_per_ply(), walked_per_ply(first_tree));
    let line = &first.pv[..2];
    let kept = visits_after::<G>(first_tree, line);
    assert!(kept > 10, "the principal variation is well visited: {kept}");
    for &m in line {
        game.play(m);
    }
    let second = search_into(&game, 100, &mut tree);
    assert_eq!(
        second.stats.nodes_per_ply(),
        walked_per_ply(tree.as_ref().unwrap()),
        "a reused tree's counts start from the kept subtree"
    );
    let root = tree.unwrap().node(0).visits;
    assert_eq!(root, kept + 100, "the kept visits plus the new playouts");

    // Without the old tree the root has the new playouts only.
    let mut fresh = None;
    search_into(&game, 100, &mut fresh);
    assert_eq!(fresh.unwrap().node(0).visits, 100);
}

#[test]
fn tictactoe_keeps_the_visits_of_the_position_two_moves_on() {
    reuse_keeps_the_subtree(TicTacToe::new(), 3000);
}

#[test]
fn connect_four_keeps_the_visits_of_the_position_two_moves_on() {
    reuse_keeps_the_subtree(ConnectFour::start(&GameOptions::default()).unwrap(), 3000);
}

#[test]
fn go_keeps_the_visits_of_the_position_two_moves_on() {
    reuse_keeps_the_subtree(Go::new(5, 15), 3000);
}

#[test]
fn a_position_not_in_the_tree_starts_afresh() {
    let mut game = TicTacToe::new();
    let mut tree = None;
    search_into(&game, 50, &mut tree);
    // Five moves on: too deep for the 50-playout tree to hold.
    for m in ["a1", "b2", "c3", "a3", "c1"] {
        let mv = game.parse_move(m).unwrap();
        game.play(mv);
    }
    search_into(&game, 30, &mut tree);
    assert_eq!(tree.unwrap().node(0).visits, 30);
}

#[test]
fn the_engine_reuses_its_tree_between_moves() {
    let mut game = ConnectFour::start(&GameOptions::default()).unwrap();
    let evaluator = ConnectFour::evaluators().remove(0).evaluator;
    let mut engine = Engine::<ConnectFour>::new();
    let first = engine.search(&game, evaluator.as_ref(), &config(2000), None, &mut ());
    for &m in &first.pv[..2] {
        game.play(m);
    }
    let second = engine.search(&game, evaluator.as_ref(), &config(10), None, &mut ());
    // The best reply's visits come mostly from the first search: with ten new
    // playouts alone no root move could have more than ten.
    let best = second.root_moves.first().unwrap().nodes;
    assert!(best > 10, "kept visits: {best}");
    engine.new_game();
    let third = engine.search(&game, evaluator.as_ref(), &config(10), None, &mut ());
    assert!(third.root_moves.iter().all(|m| m.nodes <= 10));
}
