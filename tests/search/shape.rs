//! The shape of a search, ply by ply: the per-ply counters add up to the totals in
//! every game and every algorithm, the first-move cutoff rate is the one the
//! recorded tree shows, and the textbook tree reads 1 / 3 / 7 nodes by ply for
//! alpha-beta and 1 / 3 / 9 for minimax.

use super::common;

use common::binary::{json, stdout};
use common::seed_evaluator;
use ply::game::registry::GAME_IDS;
use ply::game::synthetic::Synthetic;
use ply::game::{GameVisitor, Playable, visit_game};
use ply::search::shape::{Counted, Shape};
use ply::search::stats::{PlyCounts, Stats};
use ply::search::tree::SearchTree;
use ply::search::{Algorithm, Limits, SearchConfig, SearchResult, search};

const TEXTBOOK_TREE: &str = "((3,12,8),(2,4,6),(14,5,2))";

fn at_depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn run<G: Playable>(game: &G, config: &SearchConfig) -> SearchResult<G::Move> {
    search(game, seed_evaluator::<G>().as_ref(), config, None, &mut ())
}

/// Each column of the per-ply counters adds up to its total, and the shares of
/// the cutoffs never exceed the cutoffs.
fn assert_adds_up(name: &str, stats: &Stats) {
    let sum = |column: fn(&PlyCounts) -> u64| stats.per_ply.iter().map(column).sum::<u64>();
    assert_eq!(sum(|p| p.nodes), stats.nodes, "{name}: nodes");
    assert_eq!(sum(|p| p.leaves), stats.leaves, "{name}: leaves");
    assert_eq!(sum(|p| p.cutoffs), stats.cutoffs, "{name}: cutoffs");
    assert_eq!(sum(|p| p.tt_hits), stats.tt_hits, "{name}: table answers");
    for (ply, p) in stats.per_ply.iter().enumerate() {
        assert!(p.pruned >= p.cutoffs, "{name} ply {ply}: a cut prunes");
        for share in [
            p.first_move_cutoffs,
            p.table_move_cutoffs,
            p.killer_cutoffs,
            p.capture_cutoffs,
        ] {
            assert!(share <= p.cutoffs, "{name} ply {ply}: {p:?}");
        }
        assert!(p.leaves + p.tt_hits <= p.nodes, "{name} ply {ply}: {p:?}");
    }
}

/// The course's searches and the engine on a few positions of one game.
struct AddsUp;

impl GameVisitor for AddsUp {
    type Output = ();
    fn visit<G: Playable>(self) {
        let id = G::info().id;
        let engine = G::prefers_engine_search();
        for game in common::random_positions::<G>(&[], 2, 6) {
            let configs = [
                ("minimax", SearchConfig::minimax(at_depth(2))),
                ("alphabeta", SearchConfig::plain_alpha_beta(at_depth(3))),
                ("alphabeta+all", SearchConfig::alpha_beta(at_depth(3))),
                (
                    "engine",
                    SearchConfig::for_algorithm_in_game(Algorithm::Engine, at_depth(4), engine),
                ),
            ];
            for (name, config) in configs {
                let result = run(&game, &config);
                assert_adds_up(&format!("{id} {name}"), &result.stats);
            }
        }
    }
}

#[test]
fn per_ply_counts_add_up_to_the_totals_in_every_game() {
    for id in GAME_IDS {
        visit_game(id, AddsUp).expect("a game of the registry");
    }
}

/// First-move cutoffs per ply read from a recorded tree: the nodes cut off by the
/// move of their first child.
fn first_move_cutoffs_in<M: Copy + PartialEq>(tree: &SearchTree<M>) -> Vec<u64> {
    let mut per_ply = Vec::new();
    for node in &tree.nodes {
        let Some(cut) = &node.cut else { continue };
        let first = node.children.first().and_then(|&c| tree.nodes[c].mv);
        if first == Some(cut.by) {
            let ply = node.ply as usize;
            if per_ply.len() <= ply {
                per_ply.resize(ply + 1, 0);
            }
            per_ply[ply] += 1;
        }
    }
    per_ply
}

fn after<G: Playable>(moves: &str) -> G {
    G::setup(&common::options(&[]), None, Some(moves)).expect("legal moves")
}

fn check_first_move_rate<G: Playable>(game: &G, depth: u32) {
    for config in [
        SearchConfig::plain_alpha_beta(at_depth(depth)),
        SearchConfig::alpha_beta(at_depth(depth)),
    ] {
        let config = SearchConfig {
            trace: Some(1_000_000),
            ..config
        };
        let result = run(game, &config);
        let tree = result.tree.as_ref().expect("recorded");
        assert!(!tree.truncated);
        let mut counted: Vec<u64> = result
            .stats
            .per_ply
            .iter()
            .map(|p| p.first_move_cutoffs)
            .collect();
        let mut recorded = first_move_cutoffs_in(tree);
        counted.resize(counted.len().max(recorded.len()), 0);
        recorded.resize(counted.len(), 0);
        assert_eq!(counted, recorded, "{} depth {depth}", G::info().id);
        let first: u64 = recorded.iter().sum();
        assert_eq!(tree.cutoffs, result.stats.cutoffs);
        let rate = result.stats.first_move_cutoff_rate();
        assert_eq!(
            rate,
            (tree.cutoffs > 0).then(|| first as f64 / tree.cutoffs as f64)
        );
    }
}

#[test]
fn the_first_move_cutoff_rate_is_the_recorded_trees() {
    use ply::game::chess::Chess;
    use ply::game::connect4::ConnectFour;
    use ply::game::tictactoe::TicTacToe;
    check_first_move_rate(&TicTacToe::new(), 5);
    check_first_move_rate(&after::<ConnectFour>("4 4 3"), 6);
    check_first_move_rate(&after::<Chess>("e4 e5 Nf3 Nc6"), 3);
    check_first_move_rate(&common::start::<Synthetic>(&["b=4", "d=6", "seed=7"]), 6);
}

#[test]
fn the_textbook_tree_reads_1_3_7_for_alpha_beta_and_1_3_9_for_minimax() {
    let game = common::start::<Synthetic>(&[&format!("tree={TEXTBOOK_TREE}")]);
    let alpha_beta = run(&game, &SearchConfig::plain_alpha_beta(at_depth(2)));
    assert_eq!(alpha_beta.stats.nodes_per_ply(), [1, 3, 7]);
    assert_eq!(alpha_beta.stats.per_ply[1].cutoffs, 1, "the cut at C");
    assert_eq!(alpha_beta.stats.per_ply[1].pruned, 2, "4 and 6");
    let minimax = run(&game, &SearchConfig::minimax(at_depth(2)));
    assert_eq!(minimax.stats.nodes_per_ply(), [1, 3, 9]);

    let estimated = Shape::of(&alpha_beta.stats, 2, None);
    assert_eq!(estimated.minimax_counted, Counted::Estimated);
    let column = |f: fn(&ply::search::shape::PlyShape) -> Option<f64>| {
        estimated.per_ply.iter().map(f).collect::<Vec<_>>()
    };
    assert_eq!(column(|p| p.minimax), [Some(1.0), Some(3.0), Some(9.0)]);
    assert_eq!(
        column(|p| p.minimal_tree),
        [Some(1.0), Some(3.0), Some(5.0)]
    );
    let exact = Shape::of(&alpha_beta.stats, 2, Some(&minimax.stats.nodes_per_ply()));
    assert_eq!(exact.minimax_counted, Counted::Exact);
    assert_eq!(exact.minimax_nodes, 13.0);
}

#[test]
fn solve_json_has_the_shape_and_counts_minimax_where_small() {
    let args = ["solve", "tictactoe", "--moves", "b2", "--depth", "4"];
    let with = |extra: &[&'static str]| {
        let mut all: Vec<&str> = args.to_vec();
        all.extend_from_slice(extra);
        json(&all)
    };
    let report = with(&["--algo", "alphabeta", "--ordering", "--json"]);
    let per_ply = report["per_ply"].as_array().expect("per_ply");
    let column = |key: &str| {
        per_ply
            .iter()
            .map(|p| p[key].as_u64().unwrap())
            .sum::<u64>()
    };
    assert_eq!(column("nodes"), report["nodes"].as_u64().unwrap());
    assert_eq!(column("leaves"), report["leaves"].as_u64().unwrap());
    assert_eq!(column("cutoffs"), report["cutoffs"].as_u64().unwrap());
    let first = column("first_move_cutoffs") as f64 / column("cutoffs") as f64;
    assert_eq!(report["first_move_cutoff_rate"].as_f64(), Some(first));
    assert_eq!(report["minimax_counted"], "exact");
    let minimax = with(&["--algo", "minimax", "--json"]);
    assert_eq!(
        report["minimax_nodes"].as_f64(),
        minimax["nodes"].as_u64().map(|n| n as f64)
    );
    let minimax_by_ply: Vec<f64> = per_ply
        .iter()
        .map(|p| p["minimax"].as_f64().unwrap())
        .collect();
    let counted: Vec<f64> = minimax["per_ply"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["nodes"].as_u64().unwrap() as f64)
        .collect();
    assert_eq!(minimax_by_ply, counted);
    // The minimal tree is never above what alpha-beta visited, ply by ply.
    for p in per_ply {
        assert!(p["minimal_tree"].as_f64().unwrap() <= p["nodes"].as_u64().unwrap() as f64 + 1e-9);
    }
}

#[test]
fn compare_ranks_the_rows_by_the_nodes_of_every_pass() {
    let args = ["compare", "tictactoe", "--moves", "b2 a1", "--depth", "5"];
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let c = json(&json_args);
    let text = stdout(&args);
    let mut iterative_rows = 0;
    for row in c["rows"].as_array().unwrap() {
        let all = row["nodes_all_passes"].as_u64().unwrap();
        let last = row["nodes"].as_u64().unwrap();
        if row["iterative"] == true {
            iterative_rows += 1;
            assert!(all > last, "{row}");
        } else {
            assert_eq!(all, last, "{row}");
        }
        let leaves = row["leaves"].as_u64().unwrap() as f64;
        let branching = row["branching"].as_f64().unwrap();
        assert!((branching.powi(5) - leaves).abs() < 1e-6 * leaves, "{row}");
        let rate = row["first_move_cutoff_rate"].as_f64();
        match row["cutoffs"].as_u64().unwrap() {
            0 => assert_eq!(rate, None, "{row}"),
            _ => assert!(rate.is_some_and(|r| (0.0..=1.0).contains(&r)), "{row}"),
        }
        // The table's nodes column is the work of every pass, the last pass beside it.
        let name = format!(
            "{} {}",
            row["algo"].as_str().unwrap(),
            row["adds"].as_str().unwrap()
        );
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{:<28}", name.trim_end())))
            .unwrap_or_else(|| panic!("no row {name:?} in\n{text}"));
        let cells: Vec<&str> = line[28..].split_whitespace().collect();
        let last_cell = if row["iterative"] == true {
            last.to_string()
        } else {
            "-".to_string()
        };
        assert_eq!(cells[2..4], [all.to_string(), last_cell], "{line}");
    }
    assert!(iterative_rows > 0);
}
