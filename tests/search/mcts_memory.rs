//! The Monte Carlo tree's memory budget: over a long search on a small budget
//! the tree never holds more nodes (made, or set aside as untried moves) than the
//! budget allows, the search still runs every playout it was asked for and plays
//! a legal move, and a tree reused for the next move stays within it too. Go
//! makes all of a node's children at once (its priors), Connect Four one at a time.
//! On the command line, a budget of 0 or one that is not a number is refused.

use super::common;

use common::binary::ply;
use ply::game::connect4::ConnectFour;
use ply::game::go::Go;
use ply::game::{Game, Playable};
use ply::search::mcts::{self, MctsTree, search_reusing};
use ply::search::{MctsConfig, SearchConfig, SearchResult};

use super::mcts::mcts_config;

fn config(playouts: u64, memory_mib: u32) -> SearchConfig {
    let mut config = mcts_config(playouts, MctsConfig::default().seed);
    config.mcts.memory_mib = memory_mib;
    config
}

/// Nodes plus untried moves: what the budget counts.
fn held<M: Copy>(tree: &MctsTree<M>) -> usize {
    tree.len() + (0..tree.len()).map(|n| tree.node(n).untried).sum::<usize>()
}

fn search<G: Playable>(
    game: &G,
    playouts: u64,
    memory_mib: u32,
    tree: &mut Option<MctsTree<G::Move>>,
) -> SearchResult<G::Move> {
    let evaluator = G::evaluators().remove(0).evaluator;
    let config = config(playouts, memory_mib);
    search_reusing(game, evaluator.as_ref(), &config, None, &mut (), tree)
}

/// Searches `game` for `playouts` with a 1 MiB budget, then again after the move
/// it chose, checking the budget, the playouts and the move each time; and shows
/// that the budget binds: the same search without it grows a larger tree.
fn stays_within_a_small_budget<G: Playable>(mut game: G, playouts: u64) {
    let budget = mcts::node_budget::<G::Move>(1);
    let mut uncapped = None;
    search(&game, playouts, mcts::DEFAULT_MEMORY_MIB, &mut uncapped);
    let uncapped = uncapped.expect("a tree");
    assert!(
        held(&uncapped) > budget,
        "{} nodes without a cap: the budget of {budget} would not bind",
        held(&uncapped)
    );
    let mut tree = None;
    for _ in 0..2 {
        let result = search(&game, playouts, 1, &mut tree);
        let grown = tree.as_ref().expect("a tree");
        assert!(
            held(grown) <= budget,
            "{} nodes and untried moves in a budget of {budget}",
            held(grown)
        );
        assert!(held(grown) * 10 > budget * 9, "the tree filled its budget");
        assert_eq!(result.stats.nodes, playouts, "every playout ran");
        let best = result.best_move.expect("a move");
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        assert!(legal.contains(&best));
        game.play(best);
    }
}

#[test]
fn a_go_tree_never_passes_its_node_budget() {
    stays_within_a_small_budget(Go::new(9, 15), 4_000);
}

#[test]
fn a_connect_four_tree_never_passes_its_node_budget() {
    stays_within_a_small_budget(ConnectFour::default(), 30_000);
}

/// The budget divides the memory by the measured size of a node, printed here
/// (`--nocapture`) for each game's moves.
#[test]
fn a_budget_in_mib_counts_whole_nodes() {
    println!(
        "bytes a node: go {}, connect4 {}",
        mcts::node_bytes::<<Go as Game>::Move>(),
        mcts::node_bytes::<<ConnectFour as Game>::Move>()
    );
    let bytes = mcts::node_bytes::<<Go as Game>::Move>();
    let budget = mcts::node_budget::<<Go as Game>::Move>(16);
    assert!(budget * bytes <= 16 << 20);
    assert!((budget + 1) * bytes > 16 << 20);
}

#[test]
fn a_memory_budget_of_zero_or_junk_is_refused_in_one_line() {
    let refusals: [&[&str]; 7] = [
        &[
            "solve", "go", "--algo", "mcts", "--nodes", "10", "--memory", "0",
        ],
        &[
            "solve", "go", "--algo", "mcts", "--nodes", "10", "--memory", "lots",
        ],
        &["solve", "go", "--algo", "mcts", "--memory=-5"],
        &[
            "solve", "go", "--algo", "engine", "--depth", "1", "--memory", "16",
        ],
        &["gtp", "--memory", "0"],
        &["gtp", "--memory", "1.5"],
        &[
            "match",
            "go",
            "--first",
            "mcts:seed:memory=0",
            "--second",
            "mcts:seed",
        ],
    ];
    for args in refusals {
        let output = ply(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("memory"), "{args:?}: {stderr}");
    }
    let output = ply(&[
        "solve", "go", "--algo", "mcts", "--nodes", "50", "--memory", "16",
    ]);
    assert_eq!(output.status.code(), Some(0));
}
