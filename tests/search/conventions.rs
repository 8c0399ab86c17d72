//! Every course's alpha-beta on written trees from published examples: both pruning
//! rules (cut when a value reaches the bound, or only when it passes it), turn
//! patterns with several MIN players a round, chance nodes (expectimax), MIN at the
//! root with values still MAX's, and the names of the nodes visited and pruned that
//! `ply solve --json` gives a grader. Each is checked against a reference search
//! written here in MAX/MIN form, as the courses write it.

use super::common;

use common::binary::{json, ply, stdout};
use common::{options, seed_evaluator};
use ply::game::synthetic::Synthetic;
use ply::game::{Game, Playable};
use ply::search::{Algorithm, Limits, SearchConfig, search};
use proptest::prelude::*;
use serde_json::Value;

/// The course's textbook tree (AIMA's figure, the course's first example).
const TEXTBOOK: &str = "((3,12,8),(2,4,6),(14,5,2))";
/// The same tree with its nodes named as the figure names them.
const TEXTBOOK_NAMED: &str = "A(B(3,12,8),C(2,4,6),D(14,5,2))";
/// A tied root: C's first leaf equals A's value so far, 3.
const TIED_ROOT: &str = "((3,12,8),(3,4,6),(14,5,2))";
/// One MAX and two MIN players (two ghosts), one round of three plies.
const TWO_GHOSTS: &str = "(((3,12),(8,2)),((4,6),(14,5)),((2,9),(7,1)))";
/// Expectimax as the courses draw it: MAX over three chance nodes of three leaves.
const EXPECTIMAX: &str = "((3,12,9),(2,4,6),(15,6,0))";

/// Knuth and Moore (1975), Fig. 1: a complete ternary tree of depth 4 whose 81
/// leaves are the first digits of pi (negamax values at an even depth: MAX's).
fn knuth_moore() -> String {
    let digits =
        "314159265358979323846264338327950288419716939937510582097494459230781640628620899";
    let values: Vec<char> = digits.chars().collect();
    fn build(values: &[char], at: &mut usize, depth: u32) -> String {
        if depth == 0 {
            *at += 1;
            return values[*at - 1].to_string();
        }
        let children: Vec<String> = (0..3).map(|_| build(values, at, depth - 1)).collect();
        format!("({})", children.join(","))
    }
    build(&values, &mut 0, 4)
}

/// Who decides at a level of the reference tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Max,
    Min,
    Chance,
}

/// A node of a written tree as the reference reads it: a name if written, and a
/// leaf's value (MAX's) or children.
#[derive(Debug)]
struct Node {
    name: Option<String>,
    value: i32,
    children: Vec<Node>,
}

/// Reads the same syntax as `-o tree=` (names, `E:3` leaves; no inner values).
fn parse(text: &str) -> Node {
    fn node(chars: &[char], at: &mut usize) -> Node {
        let start = *at;
        while chars[*at].is_ascii_alphanumeric() || chars[*at] == '-' || chars[*at] == '_' {
            *at += 1;
        }
        let word: String = chars[start..*at].iter().collect();
        let (name, value) = match word.parse::<i32>() {
            Ok(v) => (None, v),
            Err(_) if chars[*at] == ':' => {
                *at += 1;
                let from = *at;
                while chars[*at] == '-' || chars[*at].is_ascii_digit() {
                    *at += 1;
                }
                let v: String = chars[from..*at].iter().collect();
                (Some(word), v.parse().expect("a value"))
            }
            Err(_) => ((!word.is_empty()).then_some(word), 0),
        };
        let mut children = Vec::new();
        if chars[*at] == '(' {
            loop {
                *at += 1;
                children.push(node(chars, at));
                if chars[*at] == ')' {
                    *at += 1;
                    break;
                }
            }
        }
        Node {
            name,
            value,
            children,
        }
    }
    let chars: Vec<char> = format!("{text} ").chars().collect();
    node(&chars, &mut 0)
}

/// What the reference saw: the value, the first move, every node entered in order
/// and the nodes pruned (grouped by the node that cut, in the order nodes were
/// entered), by the names ply gives them.
#[derive(Debug, Default, PartialEq, Eq)]
struct Trace {
    value: i32,
    best: Option<usize>,
    visited: Vec<String>,
    pruned: Vec<String>,
}

struct Reference<'a> {
    turns: &'a [Role],
    prune_on_equal: bool,
    visited: Vec<String>,
    /// (entry index of the node that cut, the names it pruned).
    pruned: Vec<(usize, Vec<String>)>,
}

impl Reference<'_> {
    /// A node's name: its written name, else the nearest named ancestor's name
    /// and the move numbers below it (the plain path `1.2.3` when no node above
    /// is named), `root` for an unnamed root. `path` is the name so far.
    fn name(node: &Node, path: &str) -> String {
        match (&node.name, path) {
            (Some(name), _) => name.clone(),
            (None, "") => "root".to_string(),
            (None, _) => path.to_string(),
        }
    }

    /// The name of the `index`th child of the node named `name` (`""` for an
    /// unnamed root).
    fn child_path(name: &str, child: &Node, index: usize) -> String {
        match &child.name {
            Some(own) => own.clone(),
            None if name.is_empty() => (index + 1).to_string(),
            None => format!("{name}.{}", index + 1),
        }
    }

    /// Alpha-beta (or expectimax at chance nodes) in MAX/MIN form.
    fn search(
        &mut self,
        node: &Node,
        level: usize,
        path: &str,
        (mut alpha, mut beta): (i32, i32),
    ) -> (i32, Option<usize>) {
        let entry = self.visited.len();
        self.visited.push(Self::name(node, path));
        if node.children.is_empty() {
            return (node.value, None);
        }
        let role = self.turns[level % self.turns.len()];
        if role == Role::Chance {
            let sum: i32 = node
                .children
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let p = Self::child_path(path, c, i);
                    self.search(c, level + 1, &p, (i32::MIN, i32::MAX)).0
                })
                .sum();
            let mean = (f64::from(sum) / node.children.len() as f64).round() as i32;
            return (mean, None);
        }
        let mut value = if role == Role::Max {
            i32::MIN
        } else {
            i32::MAX
        };
        let mut best = None;
        for (i, child) in node.children.iter().enumerate() {
            let p = Self::child_path(path, child, i);
            let (score, _) = self.search(child, level + 1, &p, (alpha, beta));
            let better = if role == Role::Max {
                score > value
            } else {
                score < value
            };
            if better {
                value = score;
                best = Some(i);
            }
            if role == Role::Max {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            let cut = if self.prune_on_equal {
                alpha >= beta
            } else {
                alpha > beta
            };
            if cut {
                let rest = node.children[i + 1..]
                    .iter()
                    .enumerate()
                    .map(|(k, c)| Self::name(c, &Self::child_path(path, c, i + 1 + k)))
                    .collect();
                self.pruned.push((entry, rest));
                break;
            }
        }
        (value, best)
    }
}

/// The reference's trace of `tree` with this turn pattern and pruning rule.
fn reference(tree: &str, turns: &[Role], prune_on_equal: bool) -> Trace {
    let root = parse(tree);
    let mut search = Reference {
        turns,
        prune_on_equal,
        visited: Vec::new(),
        pruned: Vec::new(),
    };
    let root_name = root.name.clone().unwrap_or_default();
    let (value, best) = search.search(&root, 0, &root_name, (i32::MIN, i32::MAX));
    search.pruned.sort_by_key(|(entry, _)| *entry);
    Trace {
        value,
        best,
        visited: search.visited,
        pruned: search.pruned.into_iter().flat_map(|(_, p)| p).collect(),
    }
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a name").to_string())
        .collect()
}

fn turns_text(turns: &[Role]) -> String {
    let words: Vec<&str> = turns
        .iter()
        .map(|r| match r {
            Role::Max => "max",
            Role::Min => "min",
            Role::Chance => "chance",
        })
        .collect();
    words.join(",")
}

/// `ply solve --json` on a written tree: its trace, in MAX's view.
fn solved(tree: &str, turns: &[Role], algo: &str, rule: &str) -> Trace {
    let tree_option = format!("tree={tree}");
    let turns_option = format!("turns={}", turns_text(turns));
    let report = json(&[
        "solve",
        "synthetic",
        "-o",
        &tree_option,
        "-o",
        &turns_option,
        "--algo",
        algo,
        "--prune-on-equal",
        rule,
        "--json",
    ]);
    let game = Synthetic::start(&options(&[&tree_option, &turns_option])).expect("a tree");
    let best = report["best_move"]
        .as_str()
        .map(|m| usize::from(game.parse_move(m).expect("a root move")));
    Trace {
        value: report["score_for_max"].as_i64().expect("a score") as i32,
        best,
        visited: strings(&report["visited"]),
        pruned: strings(&report["pruned"]),
    }
}

const MAX_MIN: &[Role] = &[Role::Max, Role::Min];

fn check_both_rules(tree: &str, turns: &[Role]) -> (Trace, Trace) {
    let equal = solved(tree, turns, "alphabeta", "yes");
    assert_eq!(
        equal,
        reference(tree, turns, true),
        "{tree}: prune on equal"
    );
    let strict = solved(tree, turns, "alphabeta", "no");
    assert_eq!(strict, reference(tree, turns, false), "{tree}: strict");
    (equal, strict)
}

#[test]
fn the_textbook_tree_under_both_rules() {
    let (equal, strict) = check_both_rules(TEXTBOOK, MAX_MIN);
    assert_eq!((equal.value, equal.best), (3, Some(0)));
    assert_eq!(equal.pruned, ["2.2", "2.3"], "C's 4 and 6");
    assert_eq!(strict.pruned, ["2.2", "2.3"], "2 < 3 passes the bound too");
    let (named, _) = check_both_rules(TEXTBOOK_NAMED, MAX_MIN);
    assert_eq!(&named.visited[..3], ["A", "B", "B.1"]);
    assert_eq!(named.pruned, ["C.2", "C.3"]);
}

#[test]
fn a_tied_root_is_where_the_rules_differ() {
    let (equal, strict) = check_both_rules(TIED_ROOT, MAX_MIN);
    assert_eq!((equal.value, strict.value), (3, 3));
    assert_eq!(equal.best, Some(0));
    assert_eq!(equal.pruned, ["2.2", "2.3"], "3 reaches alpha 3: cut");
    assert!(strict.pruned.is_empty(), "3 does not pass alpha 3: no cut");
    assert_eq!(strict.visited.len(), equal.visited.len() + 2);
}

#[test]
fn compare_shows_both_rules_side_by_side() {
    let tree = format!("tree={TIED_ROOT}");
    let args = ["compare", "synthetic", "-o", &tree, "--depth", "2"];
    let both = [&args[..], &["--prune-on-equal", "both", "--json"]].concat();
    let report = json(&both);
    let rows = report["rows"].as_array().expect("rows");
    let rule_rows = |rule: bool| -> Vec<&Value> {
        rows.iter()
            .filter(|row| row["algo"] == "alphabeta" && row["prune_on_equal"] == rule)
            .collect()
    };
    let (equal, strict) = (rule_rows(true), rule_rows(false));
    assert_eq!(
        (equal.len(), strict.len()),
        (4, 4),
        "every alpha-beta row twice"
    );
    for row in &equal {
        assert_eq!(
            (row["leaves"].as_u64(), row["value"].as_i64()),
            (Some(7), Some(3))
        );
    }
    for row in &strict {
        assert_eq!(
            (row["leaves"].as_u64(), row["value"].as_i64()),
            (Some(9), Some(3))
        );
    }
    assert!(
        rows[0].get("prune_on_equal").is_none(),
        "minimax does not prune"
    );
    let text = stdout(&[&args[..], &["--prune-on-equal", "both"]].concat());
    let strict_line = text
        .lines()
        .find(|line| line.starts_with("alphabeta (strict) "))
        .expect("a strict row in the table");
    assert_eq!(strict_line.split_whitespace().nth(6), Some("9"), "{text}");
    let default = json(&[&args[..], &["--json"]].concat());
    assert!(
        default["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .all(|row| row["prune_on_equal"] != false),
        "the course's rule by default"
    );
}

#[test]
fn two_min_players_a_round() {
    let turns = [Role::Max, Role::Min, Role::Min];
    let (equal, strict) = check_both_rules(TWO_GHOSTS, &turns);
    // Each MIN player picks the lowest: 2, 4, 1; MAX takes 4, the second move.
    assert_eq!((equal.value, equal.best), (4, Some(1)));
    assert_eq!(strict.value, 4);
    let minimax = solved(TWO_GHOSTS, &turns, "minimax", "yes");
    assert_eq!((minimax.value, minimax.best), (4, Some(1)));
    assert_eq!(minimax.visited.len(), 22, "every node");
}

#[test]
fn expectimax_takes_the_mean_at_chance_nodes() {
    let turns = [Role::Max, Role::Chance];
    let found = solved(EXPECTIMAX, &turns, "expectimax", "yes");
    // Means 8, 4 and 7: MAX takes the first.
    assert_eq!((found.value, found.best), (8, Some(0)));
    assert_eq!(found, reference(EXPECTIMAX, &turns, true));
    let tree = format!("tree={EXPECTIMAX}");
    let err = refusal(&["-o", &tree, "-o", "turns=max,chance", "--algo", "alphabeta"]);
    assert!(err.contains("chance"), "{err}");
}

/// `ply solve synthetic` with `args`, refused: status 2 and one line, returned.
fn refusal(args: &[&str]) -> String {
    let out = ply(&[&["solve", "synthetic"], args].concat());
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        (out.status.code(), err.lines().count()),
        (Some(2), 1),
        "{args:?}: {err}"
    );
    err
}

#[test]
fn knuth_and_moores_tree_under_both_rules() {
    let tree = knuth_moore();
    let (equal, strict) = check_both_rules(&tree, MAX_MIN);
    assert_eq!(equal.value, 2);
    let leaves = |t: &Trace| t.visited.iter().filter(|n| n.len() == 7).count();
    assert_eq!(leaves(&equal), 31, "cut on equality");
    assert_eq!(leaves(&strict), 50, "cut only past the bound");
}

#[test]
fn written_values_are_max_s_with_min_at_the_root() {
    let turns = [Role::Min, Role::Max];
    let found = solved("(3,12,8)", &turns, "alphabeta", "yes");
    assert_eq!((found.value, found.best), (3, Some(0)), "MIN takes 3");
    assert_eq!(found, reference("(3,12,8)", &turns, true));
    let err = refusal(&["-o", "tree=(3,12,8)", "--max", "second"]);
    assert!(err.contains("turns=min,max"), "{err}");
}

#[test]
fn a_bad_turn_pattern_is_refused_in_one_line() {
    for bad in ["turns=max,ghost", "turns=chance,max"] {
        let err = refusal(&["-o", "tree=(1,2)", "-o", bad, "--algo", "minimax"]);
        assert!(err.contains("turns"), "{bad}: {err}");
    }
    let default = json(&[
        "solve",
        "synthetic",
        "-o",
        "tree=(1,2)",
        "-o",
        "turns=",
        "--json",
    ]);
    assert_eq!(
        default["score_for_max"], 2,
        "an empty pattern is the default"
    );
}

/// A random written tree (1 to 4 children, some early leaves) from `seed`.
fn random_tree(seed: &mut u64, level: u32, depth: u32) -> String {
    let mut next = |n: u64| {
        *seed = ply::game::zobrist::mix64(*seed);
        *seed % n
    };
    if level == depth || (level > 0 && next(5) == 0) {
        return (next(21) as i32 - 10).to_string();
    }
    let count = 1 + next(4);
    let children: Vec<String> = (0..count)
        .map(|_| random_tree(seed, level + 1, depth))
        .collect();
    format!("({})", children.join(","))
}

fn course_search(game: &Synthetic, algorithm: Algorithm, prune_on_equal: bool) -> (i32, u64) {
    let mut config = SearchConfig::for_algorithm_in_game(algorithm, Limits::default(), false);
    config.prune_on_equal = prune_on_equal;
    let result = search(
        game,
        seed_evaluator::<Synthetic>().as_ref(),
        &config,
        None,
        &mut (),
    );
    (result.score, result.stats.nodes)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random trees of uneven branching and random turn patterns without chance
    /// nodes: alpha-beta under either rule returns minimax's value, and the strict
    /// rule never visits fewer nodes than the rule that cuts on equality.
    #[test]
    fn both_rules_keep_minimax_s_value_and_strict_never_visits_fewer(
        seed in any::<u64>(),
        depth in 1u32..=5,
        pattern in prop::collection::vec(any::<bool>(), 1..=4),
    ) {
        let mut at = seed;
        let tree = random_tree(&mut at, 0, depth);
        let turns: Vec<&str> = pattern.iter().map(|&max| if max { "max" } else { "min" }).collect();
        let game = Synthetic::start(&options(&[
            &format!("tree={tree}"),
            &format!("turns={}", turns.join(",")),
        ])).expect("a tree");
        let (minimax, _) = course_search(&game, Algorithm::Minimax, true);
        let (equal, equal_nodes) = course_search(&game, Algorithm::AlphaBeta, true);
        let (strict, strict_nodes) = course_search(&game, Algorithm::AlphaBeta, false);
        prop_assert_eq!(equal, minimax, "{} turns {:?}", tree, turns);
        prop_assert_eq!(strict, minimax, "{} turns {:?}", tree, turns);
        prop_assert!(strict_nodes >= equal_nodes, "{} turns {:?}", tree, turns);
    }
}

/// A tree of depth 3 with names, and the same tree without.
const DEPTH_3_NAMED: &str = "A(B(E(1,7),F(4,2)),C(G(6,3),H(0,5)))";
const DEPTH_3_PLAIN: &str = "(((1,7),(4,2)),((6,3),(0,5)))";

/// `ply solve` on a written tree writing `file` (DOT or JSON); the text output.
fn solve_to_file(tree: &str, algo: &str, depth: Option<&str>, file: &std::path::Path) -> String {
    let tree_option = format!("tree={tree}");
    let file_text = file.display().to_string();
    let mut args = vec![
        "solve",
        "synthetic",
        "-o",
        &tree_option,
        "--algo",
        algo,
        "--tree",
        &file_text,
    ];
    if let Some(depth) = depth {
        args.extend(["--depth", depth]);
    }
    let out = ply(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn written_trees_of_depth_3_are_exact_and_named_alike_in_text_dot_and_json() {
    let dir = std::env::temp_dir().join(format!("ply-conventions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for (tree, names) in [
        (DEPTH_3_NAMED, ["A", "B", "E", "E.1"]),
        (DEPTH_3_PLAIN, ["root", "1", "1.1", "1.1.1"]),
    ] {
        for depth in [None, Some("3")] {
            let dot_file = dir.join("tree.dot");
            let text = solve_to_file(tree, "alphabeta", depth, &dot_file);
            assert!(text.contains("value     exact"), "{tree} {depth:?}: {text}");
            let dot = std::fs::read_to_string(&dot_file).expect("the DOT file");
            assert!(
                dot.contains("label=\"depth 3 "),
                "{tree} {depth:?}: the real depth"
            );
            assert!(dot.contains("prunes on equal"), "the rule is named");
            assert!(dot.contains(&format!("label=\"{}\\n", names[2])), "{dot}");
            let json_file = dir.join("tree.json");
            solve_to_file(tree, "alphabeta", depth, &json_file);
            let file: Value =
                serde_json::from_str(&std::fs::read_to_string(&json_file).expect("the JSON file"))
                    .expect("JSON");
            assert_eq!(file["values_for"], "max");
            assert_eq!(file["depth"], 3);
            let order = strings(&file["visit_order"]);
            assert_eq!(&order[..4], names, "{tree}");
            assert_eq!(file["nodes"][2]["name"], names[2]);
            let steps = file["steps"].as_array().expect("steps");
            assert!(steps.iter().all(|s| s["name"].is_string()));
            let solved = solved(tree, MAX_MIN, "alphabeta", "yes");
            assert_eq!(order, solved.visited, "the file and --json agree");
            assert_eq!(strings(&file["pruned_nodes"]), solved.pruned);
        }
        // Minimax draws no windows, in DOT or in JSON.
        let dot_file = dir.join("minimax.dot");
        solve_to_file(tree, "minimax", None, &dot_file);
        let dot = std::fs::read_to_string(&dot_file).expect("the DOT file");
        assert!(!dot.contains("-inf"), "{dot}");
        let json_file = dir.join("minimax.json");
        solve_to_file(tree, "minimax", None, &json_file);
        let file: Value =
            serde_json::from_str(&std::fs::read_to_string(&json_file).expect("the JSON file"))
                .expect("JSON");
        assert!(file["nodes"][0].get("alpha").is_none());
    }
}

#[test]
fn pruned_leaves_keep_their_values_in_dot() {
    let dir = std::env::temp_dir().join(format!("ply-pruned-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("textbook.dot");
    solve_to_file(TEXTBOOK, "alphabeta", None, &file);
    let dot = std::fs::read_to_string(&file).expect("the DOT file");
    assert!(dot.contains("label=\"2.2\\n+4\\npruned\""), "{dot}");
    assert!(dot.contains("label=\"2.3\\n+6\\npruned\""), "{dot}");
}

#[test]
fn depth_0_writes_the_one_node_tree_and_says_static_value() {
    let dir = std::env::temp_dir().join(format!("ply-depth0-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("root.json");
    let text = solve_to_file("A:7(B:1(3,12,8),C:5(2,4,6))", "alphabeta", Some("0"), &file);
    assert!(text.contains("static value"), "{text}");
    assert!(!text.contains("game is over"), "{text}");
    let tree: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("written")).expect("JSON");
    assert_eq!(tree["nodes"].as_array().map(Vec::len), Some(1));
    assert_eq!(tree["nodes"][0]["value"], 7);
    assert_eq!(tree["visit_order"][0], "A");
}
