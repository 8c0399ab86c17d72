//! The numbers a student checks by hand against the course: node, leaf and cutoff
//! counts of minimax and alpha-beta on written trees (against a reference
//! alpha-beta written here, left to right, cut at value >= beta), Knuth and Moore's
//! minimal tree, who is MAX, and the static value at depth 0.

use super::common;

use common::binary::{json, ply};
use common::{options, seed_evaluator};
use ply::game::synthetic::Synthetic;
use ply::game::{Game, GameValue, Playable, Player};
use ply::search::{Additions, Algorithm, Limits, SearchConfig, SearchResult, search};

const TEXTBOOK_TREE: &str = "((3,12,8),(2,4,6),(14,5,2))";

fn written(tree: &str) -> Synthetic {
    Synthetic::start(&options(&[&format!("tree={tree}")])).expect("a valid tree")
}

fn course_search(game: &Synthetic, algorithm: Algorithm, depth: Option<u32>) -> SearchResult<u8> {
    let limits = Limits {
        depth,
        ..Limits::default()
    };
    let mut config = SearchConfig::for_algorithm_in_game(algorithm, limits, false);
    config.trace = Some(10_000);
    search(
        game,
        seed_evaluator::<Synthetic>().as_ref(),
        &config,
        None,
        &mut (),
    )
}

#[test]
fn the_textbook_tree_counts_as_the_course_counts_it() {
    let game = written(TEXTBOOK_TREE);
    let alpha_beta = course_search(&game, Algorithm::AlphaBeta, Some(2));
    assert_eq!(alpha_beta.score, 3);
    assert_eq!(alpha_beta.stats.nodes, 11);
    assert_eq!(alpha_beta.stats.leaves, 7);
    assert_eq!(
        alpha_beta.stats.cutoffs, 1,
        "only the cut at C prunes (4 and 6)"
    );
    let tree = alpha_beta.tree.expect("recorded");
    assert_eq!(tree.visited, 11, "the explorer's count");
    assert_eq!(tree.leaves(), 7);
    assert_eq!(tree.cutoffs, 1);
    assert_eq!(tree.pruned_moves, 2);

    let minimax = course_search(&game, Algorithm::Minimax, Some(2));
    assert_eq!(minimax.score, 3);
    assert_eq!(minimax.stats.nodes, 13);
    assert_eq!(minimax.stats.leaves, 9);
    assert_eq!(minimax.stats.cutoffs, 0);
}

#[test]
fn iterative_deepening_counts_its_last_pass_and_all_passes_apart() {
    let game = written(TEXTBOOK_TREE);
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let config = SearchConfig::plain_alpha_beta(limits).with_additions(Additions {
        iterative: true,
        ..Additions::default()
    });
    let result = search(
        &game,
        seed_evaluator::<Synthetic>().as_ref(),
        &config,
        None,
        &mut (),
    );
    assert_eq!(
        result.stats.nodes, 11,
        "the last pass, as one search at depth 2"
    );
    assert_eq!(result.stats.nodes_per_iteration, vec![4, 11]);
    assert_eq!(result.stats.nodes_all_passes, 15);
}

/// A written tree for the reference: a leaf's value (MAX's view) or children,
/// with an inner node's static value.
enum Node {
    Leaf(i32),
    Inner(i32, Vec<Node>),
}

impl Node {
    fn text(&self) -> String {
        match self {
            Node::Leaf(v) => v.to_string(),
            Node::Inner(v, children) => {
                let inner: Vec<String> = children.iter().map(Node::text).collect();
                format!("N:{v}({})", inner.join(","))
            }
        }
    }
}

#[derive(Default, Debug, PartialEq, Eq)]
struct Counts {
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
}

/// The course's AlphaBeta in MAX/MIN form: children left to right, a node stops
/// as soon as its value reaches the bound (>= beta at MAX, <= alpha at MIN); a cut
/// counts when it leaves at least one child unsearched.
fn reference_alpha_beta(
    node: &Node,
    depth: u32,
    maximizing: bool,
    mut alpha: i32,
    mut beta: i32,
    counts: &mut Counts,
) -> i32 {
    counts.nodes += 1;
    let children = match node {
        Node::Leaf(v) => {
            counts.leaves += 1;
            return *v;
        }
        Node::Inner(v, _) if depth == 0 => {
            counts.leaves += 1;
            return *v;
        }
        Node::Inner(_, children) => children,
    };
    let mut value = if maximizing { i32::MIN } else { i32::MAX };
    for (index, child) in children.iter().enumerate() {
        let score = reference_alpha_beta(child, depth - 1, !maximizing, alpha, beta, counts);
        if maximizing {
            value = value.max(score);
            alpha = alpha.max(value);
        } else {
            value = value.min(score);
            beta = beta.min(value);
        }
        if alpha >= beta {
            if index + 1 < children.len() {
                counts.cutoffs += 1;
            }
            break;
        }
    }
    value
}

/// A random tree of uneven branching (1 to 4 children, some early leaves).
fn random_tree(seed: &mut u64, level: u32, depth: u32) -> Node {
    let mut next = |n: u64| {
        *seed = ply::game::zobrist::mix64(*seed);
        (*seed % n) as i32
    };
    if level == depth || (level > 0 && next(6) == 0) {
        return Node::Leaf(next(41) - 20);
    }
    let count = 1 + next(4) as u32;
    let value = next(41) - 20;
    Node::Inner(
        value,
        (0..count)
            .map(|_| random_tree(seed, level + 1, depth))
            .collect(),
    )
}

#[test]
fn alpha_beta_counts_equal_a_reference_alpha_beta_on_random_written_trees() {
    let mut seed = 7;
    for case in 0..300 {
        let tree_depth = 3 + case % 3;
        let tree = random_tree(&mut seed, 0, tree_depth);
        let text = tree.text();
        let game = written(&text);
        for depth in 1..=tree_depth {
            let mut expected = Counts::default();
            let value = reference_alpha_beta(&tree, depth, true, i32::MIN, i32::MAX, &mut expected);
            let result = course_search(&game, Algorithm::AlphaBeta, Some(depth));
            let found = Counts {
                nodes: result.stats.nodes,
                leaves: result.stats.leaves,
                cutoffs: result.stats.cutoffs,
            };
            assert_eq!(result.score, value, "{text} depth {depth}");
            assert_eq!(found, expected, "{text} depth {depth}");
            let minimax = course_search(&game, Algorithm::Minimax, Some(depth));
            assert_eq!(minimax.score, value, "minimax {text} depth {depth}");
        }
    }
}

fn best_first(branching: u32, depth: u32) -> Synthetic {
    Synthetic::start(&options(&[
        &format!("b={branching}"),
        &format!("d={depth}"),
        "order=best-first",
    ]))
    .expect("valid options")
}

#[test]
fn perfectly_ordered_alpha_beta_evaluates_knuth_and_moores_minimum() {
    for (branching, depth, minimum) in [(3, 3, 11), (4, 6, 127), (40, 4, 3199), (2, 9, 47)] {
        let game = best_first(branching, depth);
        let result = course_search(&game, Algorithm::AlphaBeta, Some(depth));
        assert_eq!(
            result.stats.leaves, minimum,
            "b={branching} d={depth}: b^ceil(d/2) + b^floor(d/2) - 1"
        );
        let expected = branching.pow(depth.div_ceil(2)) + branching.pow(depth / 2) - 1;
        assert_eq!(minimum, u64::from(expected));
    }
}

#[test]
fn grundy_7_with_max_second_is_a_min_root_that_max_wins() {
    use ply::game::grundy::Grundy;
    let game: Grundy = Grundy::start(&options(&["heap=7"])).expect("heap 7");
    let mut config = SearchConfig::minimax(Limits::default());
    config.max_player = Some(Player::Second);
    config.trace = Some(10_000);
    let result = search(
        &game,
        seed_evaluator::<Grundy>().as_ref(),
        &config,
        None,
        &mut (),
    );
    let tree = result.tree.clone().expect("recorded");
    assert_eq!(tree.max_player, Player::Second);
    let root = &tree.nodes[0];
    assert_ne!(root.side, tree.max_player, "the root is MIN: (7, MIN)");
    assert!(
        ply::search::score::is_win(root.value_for(tree.max_player)),
        "MAX wins"
    );
    assert_eq!(result.value(), Some(GameValue::Loss), "for MIN, to move");
}

#[test]
fn a_written_trees_value_is_exact_not_a_win() {
    let game = written(TEXTBOOK_TREE);
    let result = course_search(&game, Algorithm::AlphaBeta, None);
    assert_eq!(result.score, 3);
    assert_eq!(result.value(), Some(GameValue::Exact));
}

#[test]
fn named_nodes_are_moves_and_inner_values_score_the_horizon() {
    let game = written("A(B:1(3,12,8),C:5(2,4,6),D(E:14,5,2))");
    assert_eq!(game.format_move(0), "B");
    assert_eq!(game.parse_move("C"), Ok(1));
    assert_eq!(game.parse_move("2"), Ok(1));
    let mut at_d = game.clone();
    at_d.play(game.parse_move("D").unwrap());
    assert_eq!(at_d.format_move(0), "E");
    assert_eq!(at_d.format_move(1), "2");
    let level_one = course_search(&game, Algorithm::Minimax, Some(1));
    assert_eq!(
        level_one.score, 5,
        "C's static value is the best at depth 1"
    );
    assert_eq!(level_one.best_move, Some(1));
    let full = course_search(&game, Algorithm::Minimax, None);
    assert_eq!(full.score, 3);
}

#[test]
fn written_trees_refuse_values_out_of_range_with_one_line() {
    for bad in [
        "(-9223372036854775808,1)",
        "(99999999999999999999,1)",
        "(100001,1)",
        "(A,1)",
        "A(B:(1,2))",
    ] {
        let error = Synthetic::start(&options(&[&format!("tree={bad}")])).unwrap_err();
        assert!(!error.to_string().contains('\n'), "{bad}: {error}");
    }
}

#[test]
fn depth_0_is_the_static_evaluation() {
    let game = written("A:7(B:1(3,12,8),C:5(2,4,6))");
    let result = course_search(&game, Algorithm::AlphaBeta, Some(0));
    assert_eq!(result.score, 7);
    assert_eq!(result.stats.nodes, 1);
    assert_eq!(result.best_move, None);
}

#[test]
fn unordered_engine_quiescence_still_orders_its_captures() {
    use ply::game::chess::Chess;
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let game = Chess::setup(&options(&[]), Some(kiwipete), None).expect("Kiwipete");
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let mut config = SearchConfig::for_algorithm_in_game(Algorithm::Engine, limits, true);
    config.set_ordering(false);
    config.tt_mib = 0;
    let result = search(
        &game,
        seed_evaluator::<Chess>().as_ref(),
        &config,
        None,
        &mut (),
    );
    // Unordered captures in quiescence took 389 million nodes here; minimax to
    // depth 3 visits about 100 thousand.
    assert!(
        result.stats.nodes_all_passes < 3_000_000,
        "{} nodes",
        result.stats.nodes_all_passes
    );
}

#[test]
fn ply_solve_reports_the_course_counts_and_max() {
    let tree = format!("tree={TEXTBOOK_TREE}");
    let base = ["solve", "synthetic", "-o", &tree, "--depth", "2", "--json"];
    let alpha_beta = json(&[&base[..], &["--algo", "alphabeta"]].concat());
    assert_eq!(alpha_beta["nodes"], 11);
    assert_eq!(alpha_beta["leaves"], 7);
    assert_eq!(alpha_beta["cutoffs"], 1);
    assert_eq!(alpha_beta["score_for_max"], 3);
    assert!(alpha_beta.get("nodes_all_passes").is_none(), "one pass");
    let minimax = json(&[&base[..], &["--algo", "minimax"]].concat());
    assert_eq!(minimax["nodes"], 13);
    assert_eq!(minimax["leaves"], 9);
    let deepening = json(&[&base[..], &["--algo", "alphabeta", "--id"]].concat());
    assert_eq!(deepening["nodes"], 11);
    assert_eq!(deepening["nodes_all_passes"], 15);

    let grundy = json(&[
        "solve", "grundy", "-o", "heap=7", "--algo", "minimax", "--max", "second", "--json",
    ]);
    assert_eq!(grundy["max_player"], "second");
    assert!(grundy["score_for_max"].as_i64().unwrap() > 0, "MAX wins");

    let refused = ply(&["solve", "tictactoe", "--max", "third"]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(
        (refused.status.code(), err.lines().count()),
        (Some(2), 1),
        "{err}"
    );
}

#[test]
fn ply_compare_agrees_with_minimax_and_knuth_moore() {
    let c = json(&[
        "compare",
        "synthetic",
        "-o",
        "b=4",
        "-o",
        "d=6",
        "-o",
        "order=best-first",
        "--depth",
        "6",
        "--json",
    ]);
    assert_eq!(c["uniform"]["knuth_moore_leaves"], 127);
    assert_eq!(c["uniform"]["minimax_leaves"], 4096);
    let rows = c["rows"].as_array().unwrap();
    assert_eq!(rows[0]["algo"], "minimax");
    assert_eq!(rows[0]["leaves"], 4096);
    assert_eq!(rows[1]["leaves"], 127);
    for game in [
        vec![
            "compare",
            "tictactoe",
            "--moves",
            "b2 a1",
            "--depth",
            "4",
            "--json",
        ],
        vec![
            "compare", "connect4", "--moves", "4453", "--depth", "4", "--json",
        ],
        vec![
            "compare",
            "chess",
            "--moves",
            "e4 e5 Nf3 Nc6",
            "--depth",
            "3",
            "--json",
        ],
        vec!["compare", "kalah", "--depth", "4", "--json"],
    ] {
        let c = json(&game);
        for row in c["rows"].as_array().unwrap() {
            let differs = row["differs"].as_str().unwrap_or("");
            assert!(!differs.contains("MISMATCH"), "{game:?}: {row}");
            let adds = row["adds"].as_str().unwrap_or("");
            if row["algo"] != "engine" && !adds.contains("tt") {
                assert_eq!(differs, "", "without a table nothing may differ: {row}");
            }
        }
    }
}
