//! The search-tree recorder agrees with the search's own counters, records every
//! node of a plain minimax search, replays the textbook example step by step as a
//! hand trace gives it, and exports DOT that Graphviz renders.

use std::process::Command;

use ply::game::synthetic::{ExplicitTree, Synthetic};
use ply::game::tictactoe::TicTacToe;
use ply::game::{Game, GameOptions, Playable};
use ply::search::tree::{NodeKind, SearchTree, Step};
use ply::search::{Limits, SearchConfig, SearchResult, export, search};

fn at_depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn traced<G: Playable>(
    game: &G,
    config: SearchConfig,
) -> (SearchResult<G::Move>, SearchTree<G::Move>) {
    let config = SearchConfig {
        trace: Some(200_000),
        ..config
    };
    let evaluator = G::evaluators().remove(0);
    let result = search(game, evaluator.evaluator.as_ref(), &config, None, &mut ());
    let tree = result
        .tree
        .clone()
        .expect("a traced search returns its tree");
    (result, tree)
}

/// One-pass configurations, so the recorded iteration is the whole search.
fn one_pass_configs(depth: u32) -> Vec<(&'static str, SearchConfig)> {
    let limits = at_depth(depth);
    vec![
        ("minimax", SearchConfig::minimax(limits)),
        ("alphabeta", SearchConfig::plain_alpha_beta(limits)),
        (
            "alphabeta+tt+ordering",
            SearchConfig {
                iterative: false,
                ..SearchConfig::alpha_beta(limits)
            },
        ),
    ]
}

fn check_against_counters<G: Playable>(game: &G, depth: u32) {
    for (name, config) in one_pass_configs(depth) {
        let is_minimax = name == "minimax";
        let (result, tree) = traced(game, config);
        assert_eq!(
            tree.nodes.len() as u64,
            result.stats.nodes,
            "{name} depth {depth}: explored"
        );
        assert_eq!(
            tree.visited, result.stats.nodes,
            "{name} depth {depth}: visited"
        );
        assert_eq!(
            tree.cutoffs, result.stats.cutoffs,
            "{name} depth {depth}: cutoffs"
        );
        assert_eq!(
            tree.leaves() as u64,
            result.stats.leaves,
            "{name} depth {depth}: leaves"
        );
        assert_eq!(
            tree.table_hits() as u64,
            result.stats.tt_hits,
            "{name} depth {depth}: table hits"
        );
        assert_eq!(tree.nodes[0].value, result.score, "{name}: root value");
        assert_eq!(tree.nodes[0].subtree_nodes, result.stats.nodes);
        let pruned: usize = tree.nodes.iter().map(|n| n.pruned.len()).sum();
        assert_eq!(pruned as u64, tree.pruned_moves);
        if is_minimax {
            assert_eq!(pruned, 0, "minimax prunes nothing");
        }
        assert!(
            tree.nodes
                .iter()
                .all(|n| n.pruned.is_empty() || n.cut.is_some())
        );
        check_moves_accounted_for(&mut game.clone(), &tree, 0);
    }
}

/// At every inner node, the explored children and the pruned moves together are
/// exactly the legal moves: nothing skipped silently, nothing searched twice.
fn check_moves_accounted_for<G: Game>(game: &mut G, tree: &SearchTree<G::Move>, index: usize) {
    let node = &tree.nodes[index];
    if node.kind == NodeKind::Inner {
        let mut seen: Vec<G::Move> = node
            .children
            .iter()
            .filter_map(|&c| tree.nodes[c].mv)
            .collect();
        seen.extend(&node.pruned);
        let legal = game.moves();
        assert_eq!(seen.len(), legal.len(), "node {index}");
        assert!(legal.iter().all(|m| seen.contains(m)), "node {index}");
    }
    for &child in &node.children {
        game.play(tree.nodes[child].mv.unwrap());
        check_moves_accounted_for(game, tree, child);
        game.undo();
    }
}

#[test]
fn recorded_tic_tac_toe_trees_agree_with_the_counters() {
    for depth in [2, 3] {
        check_against_counters(&TicTacToe::new(), depth);
    }
}

#[test]
fn recorded_synthetic_trees_agree_with_the_counters() {
    for seed in 1..6 {
        let options = GameOptions::parse(&["b=3", "d=5", &format!("seed={seed}")]).unwrap();
        let game = Synthetic::start(&options).unwrap();
        for depth in [2, 3, 5] {
            check_against_counters(&game, depth);
        }
    }
}

#[test]
fn minimax_at_depth_two_records_all_82_tic_tac_toe_nodes() {
    // 1 root + 9 replies + 72 positions after two moves (the per-ply counts of shared/reference).
    let (_, tree) = traced(&TicTacToe::new(), SearchConfig::minimax(at_depth(2)));
    assert_eq!(tree.nodes.len(), 82);
    assert_eq!(
        tree.nodes
            .iter()
            .filter(|n| n.kind == NodeKind::Horizon)
            .count(),
        72
    );
    assert!(
        tree.nodes
            .iter()
            .all(|n| n.pruned.is_empty() && n.cut.is_none())
    );
}

#[test]
fn iterative_deepening_records_the_last_iteration() {
    let (result, tree) = traced(&TicTacToe::new(), SearchConfig::alpha_beta(at_depth(4)));
    assert_eq!(tree.depth, 4);
    assert_eq!(Some(&tree.visited), result.stats.nodes_per_iteration.last());
    let pv_nodes: Vec<_> = tree
        .nodes
        .iter()
        .filter(|n| n.on_pv && n.parent.is_some())
        .collect();
    assert!(!pv_nodes.is_empty());
    assert_eq!(pv_nodes[0].mv, result.best_move);
}

#[test]
fn the_cap_bounds_the_recording_but_not_the_counts() {
    let config = SearchConfig {
        trace: Some(10),
        ..SearchConfig::minimax(at_depth(3))
    };
    let evaluator = TicTacToe::evaluators().remove(0);
    let result = search(
        &TicTacToe::new(),
        evaluator.evaluator.as_ref(),
        &config,
        None,
        &mut (),
    );
    let tree = result.tree.unwrap();
    assert_eq!(tree.nodes.len(), 10);
    assert!(tree.truncated);
    assert_eq!(tree.visited, result.stats.nodes);
    assert_eq!(tree.visited, 1 + 9 + 72 + 504);
}

#[test]
fn alpha_beta_replays_the_textbook_example_as_a_hand_trace_gives_it() {
    // Russell and Norvig, Figure 5.5: MAX over three MIN nodes B, C, D over leaves.
    // Values and windows are each node's own (negamax) view: MIN's are negated.
    let game = Synthetic::explicit(ExplicitTree::parse("((3,12,8),(2,4,6),(14,5,2))").unwrap());
    let (result, tree) = traced(&game, SearchConfig::plain_alpha_beta(at_depth(2)));
    assert_eq!(result.score, 3);
    use Step::*;
    let expected = vec![
        Enter { node: 0 },
        Enter { node: 1 }, // B, window (-inf, +inf)
        Enter { node: 2 }, // leaf 3
        Evaluate { node: 2, value: 3 },
        Return { node: 2, value: 3 },
        RaiseAlpha { node: 1, alpha: -3 }, // B: beta (MAX view) becomes 3
        Enter { node: 3 },                 // leaf 12, window (-inf, 3)
        Evaluate { node: 3, value: 12 },
        Return { node: 3, value: 12 },
        Enter { node: 4 }, // leaf 8
        Evaluate { node: 4, value: 8 },
        Return { node: 4, value: 8 },
        Return { node: 1, value: -3 },    // B = 3
        RaiseAlpha { node: 0, alpha: 3 }, // root: alpha = 3
        Enter { node: 5 },                // C, window (-inf, -3): beta 3 -> -3
        Enter { node: 6 },                // leaf 2, window (3, +inf)
        Evaluate { node: 6, value: 2 },
        Return { node: 6, value: 2 },
        Cut {
            node: 5,
            score: -2,
            beta: -3,
        }, // 2 <= alpha 3: leaves 4 and 6 pruned
        Return { node: 5, value: -2 },
        Enter { node: 7 }, // D
        Enter { node: 8 }, // leaf 14
        Evaluate { node: 8, value: 14 },
        Return { node: 8, value: 14 },
        RaiseAlpha {
            node: 7,
            alpha: -14,
        },
        Enter { node: 9 }, // leaf 5, window (3, 14)
        Evaluate { node: 9, value: 5 },
        Return { node: 9, value: 5 },
        RaiseAlpha { node: 7, alpha: -5 },
        Enter { node: 10 }, // leaf 2, window (3, 5)
        Evaluate { node: 10, value: 2 },
        Return { node: 10, value: 2 }, // the last leaf: nothing left to prune, no cut
        Return { node: 7, value: -2 },
        Return { node: 0, value: 3 },
    ];
    assert_eq!(tree.steps, expected);
    let root = tree.nodes[0].side;
    assert_eq!(
        tree.nodes[5].window_for(root),
        (3, ply::search::score::INFINITY)
    );
    assert_eq!(tree.nodes[9].window_for(root), (3, 14));
    assert_eq!(tree.nodes[5].pruned, vec![1, 2]);
    assert_eq!(
        tree.nodes[5].cut_reason(root).unwrap(),
        "alpha cutoff: +2 <= alpha +3"
    );
    assert_eq!(tree.nodes[7].pruned, Vec::<u8>::new());
}

#[test]
fn dot_export_has_one_node_per_recorded_node_and_renders() {
    let game = TicTacToe::new();
    let (_, tree) = traced(&game, SearchConfig::plain_alpha_beta(at_depth(2)));
    let dot = export::to_dot(
        &tree,
        &game,
        super::common::seed_evaluator::<TicTacToe>().as_ref(),
    );
    let explored = dot
        .lines()
        .filter(|l| l.contains("[shape=box") || l.contains("[shape=ellipse"))
        .count();
    assert_eq!(explored, tree.nodes.len());
    let pruned = dot.lines().filter(|l| l.contains("style=dashed")).count();
    assert_eq!(pruned as u64, tree.pruned_moves);
    assert!(
        dot.contains("penwidth=2"),
        "the principal variation is bold"
    );
    render_with_graphviz(&dot);
    let json = export::to_json(&tree, &game);
    assert_eq!(json["nodes"].as_array().unwrap().len(), tree.nodes.len());
    assert_eq!(
        json["nodes"][1]["move"],
        game.format_move(tree.nodes[1].mv.unwrap())
    );
}

/// Renders with `dot -Tsvg` when Graphviz is installed (`.ci/run` installs it and sets
/// PLY_REQUIRE_TOOLS, making its absence a failure there).
fn render_with_graphviz(dot: &str) {
    use std::io::Write;
    let child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        assert!(
            std::env::var_os("PLY_REQUIRE_TOOLS").is_none(),
            "graphviz is required here"
        );
        eprintln!("graphviz not installed: the DOT text was checked, not rendered");
        return;
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(dot.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "dot failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("<svg"));
}

#[test]
fn each_finished_iteration_reports_its_tree_only_when_recording() {
    struct Trees(Vec<Option<(u32, u64)>>);
    impl ply::search::Observer<u8> for Trees {
        fn iteration(&mut self, iteration: &ply::search::Iteration<u8>) {
            let tree = iteration.tree.as_ref();
            self.0.push(tree.map(|t| (t.depth, t.visited)));
        }
    }
    let game = TicTacToe::new();
    let evaluator = TicTacToe::evaluators().remove(0);
    let config = SearchConfig::alpha_beta(at_depth(3));
    let mut plain = Trees(Vec::new());
    let result = search(
        &game,
        evaluator.evaluator.as_ref(),
        &config,
        None,
        &mut plain,
    );
    assert_eq!(plain.0, vec![None, None, None]);
    assert!(result.tree.is_none());

    let traced_config = SearchConfig {
        trace: Some(1000),
        ..config
    };
    let mut traced = Trees(Vec::new());
    let result = search(
        &game,
        evaluator.evaluator.as_ref(),
        &traced_config,
        None,
        &mut traced,
    );
    let per_iteration = &result.stats.nodes_per_iteration;
    let expected: Vec<_> = (1..=3)
        .map(|d| Some((d, per_iteration[d as usize - 1])))
        .collect();
    assert_eq!(traced.0, expected);
    assert_eq!(result.tree.unwrap().visited, per_iteration[2]);
}
