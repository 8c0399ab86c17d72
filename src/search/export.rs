//! Writing a recorded search tree as Graphviz DOT or JSON, for reports and for
//! other tools. Values and windows are shown from MAX's view, as the textbooks draw
//! them; MAX nodes are boxes, MIN nodes ellipses, chance nodes diamonds. Nodes are
//! named as everywhere else: a written tree's own names, or the path `1.2.3`.

use std::fmt::Write;

use serde::Serialize;

use super::figure::static_value;
use super::score::Score;
use super::tree::{SearchTree, Step, TreeNode, ValueBound, show};
use crate::game::{Evaluator, Player, SearchHooks};

/// Each recorded node's move, and each node's pruned moves, in the game's notation.
pub struct TreeLabels {
    /// The move leading to each node (`root` for the root).
    pub moves: Vec<String>,
    /// The pruned moves under each node.
    pub pruned: Vec<Vec<String>>,
    /// Each node's name: the game's ([`SearchHooks::node_name`]: `B`, `1.2.3`,
    /// `root`), else the move that reached it.
    pub names: Vec<String>,
    /// The names of the nodes each node's pruned moves lead to.
    pub pruned_names: Vec<Vec<String>>,
    /// True at chance nodes.
    pub chance: Vec<bool>,
}

/// Formats every move of the tree in the position it is played in.
pub fn tree_labels<G: SearchHooks>(tree: &SearchTree<G::Move>, root: &G) -> TreeLabels {
    let mut labels = TreeLabels {
        moves: tree
            .nodes
            .iter()
            .map(|n| if n.parent.is_none() { "root" } else { "(pass)" }.to_string())
            .collect(),
        pruned: vec![Vec::new(); tree.nodes.len()],
        names: vec![String::new(); tree.nodes.len()],
        pruned_names: vec![Vec::new(); tree.nodes.len()],
        chance: vec![false; tree.nodes.len()],
    };
    if !tree.nodes.is_empty() {
        label_subtree(tree, &mut root.clone(), 0, &mut labels);
    }
    labels
}

fn label_subtree<G: SearchHooks>(
    tree: &SearchTree<G::Move>,
    game: &mut G,
    index: usize,
    labels: &mut TreeLabels,
) {
    let node = &tree.nodes[index];
    labels.pruned[index] = node.pruned.iter().map(|&m| game.format_move(m)).collect();
    labels.names[index] = game
        .node_name()
        .unwrap_or_else(|| labels.moves[index].clone());
    labels.chance[index] = game.is_chance_node();
    labels.pruned_names[index] = node
        .pruned
        .iter()
        .map(|&m| {
            let text = game.format_move(m);
            game.play(m);
            let name = game.node_name().unwrap_or(text);
            game.undo();
            name
        })
        .collect();
    for &child in &node.children {
        let Some(m) = tree.nodes[child].mv else {
            continue;
        };
        labels.moves[child] = game.format_move(m);
        game.play(m);
        label_subtree(tree, game, child, labels);
        game.undo();
    }
}

/// Every node the search entered, in order, and every node it pruned (the children
/// of cut nodes it never entered), by their names: what a grader compares with a
/// student's trace. `None` when the recording was cut short.
pub fn visit_order<G: SearchHooks>(
    tree: &SearchTree<G::Move>,
    root: &G,
) -> Option<(Vec<String>, Vec<String>)> {
    (!tree.truncated).then(|| names_in_order(&tree_labels(tree, root), false))
}

/// The entered nodes' names in order and the pruned ones', both empty when the
/// recording was `truncated`.
fn names_in_order(labels: &TreeLabels, truncated: bool) -> (Vec<String>, Vec<String>) {
    if truncated {
        return (Vec::new(), Vec::new());
    }
    (labels.names.clone(), labels.pruned_names.concat())
}

/// The rule in words, for exports and text: which comparison cuts.
pub fn pruning_rule_text(prune_on_equal: Option<bool>) -> Option<&'static str> {
    prune_on_equal.map(|on| {
        if on {
            "prunes on equal (cut when a value reaches the bound)"
        } else {
            "strict (cut only when a value passes the bound)"
        }
    })
}

/// The value of each pruned move whose node is a real leaf (no moves: a written
/// tree's leaf or a finished game), from MAX's view, as the drawing shows them.
fn pruned_leaf_values<G: SearchHooks>(
    tree: &SearchTree<G::Move>,
    root: &G,
    evaluator: &dyn Evaluator<G>,
) -> Vec<Vec<Option<Score>>> {
    let mut values = vec![Vec::new(); tree.nodes.len()];
    let mut game = root.clone();
    let mut path: Vec<G::Move> = Vec::new();
    for (index, node) in tree.nodes.iter().enumerate() {
        // Replay the moves from the root to this node.
        path.clear();
        let mut at = index;
        while let (Some(parent), Some(m)) = (tree.nodes[at].parent, tree.nodes[at].mv) {
            path.push(m);
            at = parent;
        }
        path.iter().rev().for_each(|&m| game.play(m));
        values[index] = node
            .pruned
            .iter()
            .map(|&m| {
                game.play(m);
                let leaf = game.outcome().is_some() || game.moves().is_empty();
                let value = leaf.then(|| {
                    let own = static_value(&game, evaluator, node.ply + 1);
                    if game.to_move() == tree.max_player {
                        own
                    } else {
                        -own
                    }
                });
                game.undo();
                value
            })
            .collect();
        path.iter().for_each(|_| game.undo());
    }
    values
}

/// The value with its bound: `3`, `>= 3` or `<= 3`.
fn value_text<M>(node: &TreeNode<M>, root: Player) -> String {
    let value = show(node.value_for(root));
    match node.bound_for(root) {
        ValueBound::Exact => value,
        ValueBound::Lower => format!(">= {value}"),
        ValueBound::Upper => format!("<= {value}"),
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tree as a Graphviz digraph: explored nodes solid, pruned moves dashed and
/// grey (a pruned leaf with its value), the principal variation bold, MAX boxes,
/// MIN ellipses and chance diamonds; windows only where alpha-beta drew them.
pub fn to_dot<G: SearchHooks>(
    tree: &SearchTree<G::Move>,
    root: &G,
    evaluator: &dyn Evaluator<G>,
) -> String {
    let labels = tree_labels(tree, root);
    let pruned_values = pruned_leaf_values(tree, root, evaluator);
    let root_side = tree.max_player;
    let windows = tree.has_windows();
    let mut out = String::new();
    let _ = writeln!(out, "digraph search {{");
    let rule = pruning_rule_text(tree.prune_on_equal)
        .map(|r| format!(", {r}"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "  graph [label=\"depth {} - {} nodes explored, {} cutoffs, {} moves pruned{rule}{}; values are MAX's\", labelloc=t, fontname=\"Helvetica\"];",
        tree.depth,
        tree.visited,
        tree.cutoffs,
        tree.pruned_moves,
        if tree.truncated {
            " (recording truncated)"
        } else {
            ""
        }
    );
    let _ = writeln!(out, "  node [fontname=\"Helvetica\", fontsize=10];");
    let _ = writeln!(out, "  edge [fontname=\"Helvetica\", fontsize=9];");
    for (index, node) in tree.nodes.iter().enumerate() {
        write_dot_node(&mut out, (index, node), (root_side, windows), &labels);
    }
    // Pruned moves last, so Graphviz puts them to the right of the searched ones.
    for (index, node) in tree.nodes.iter().enumerate() {
        write_dot_pruned(
            &mut out,
            (index, node),
            root_side,
            &labels,
            &pruned_values[index],
        );
    }
    let _ = writeln!(out, "}}");
    out
}

fn write_dot_node<M>(
    out: &mut String,
    (index, node): (usize, &TreeNode<M>),
    (root, windows): (Player, bool),
    labels: &TreeLabels,
) {
    let shape = if labels.chance[index] {
        "diamond"
    } else if node.side == root {
        "box"
    } else {
        "ellipse"
    };
    let (alpha, beta) = node.window_for(root);
    let window = if windows {
        format!("\\n[{}, {}]", escape(&show(alpha)), escape(&show(beta)))
    } else {
        String::new()
    };
    let style = if node.on_pv {
        ", style=bold, penwidth=2"
    } else {
        ""
    };
    let visit = match node.visit.label() {
        "" => String::new(),
        word => format!("\\n({word})"),
    };
    let label = format!(
        "{}\\n{}{window}{visit}",
        escape(&labels.names[index]),
        escape(&value_text(node, root)),
    );
    let _ = writeln!(out, "  n{index} [shape={shape}, label=\"{label}\"{style}];");
    if let Some(parent) = node.parent {
        let edge_style = if node.on_pv {
            ", style=bold, penwidth=2"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "  n{parent} -> n{index} [label=\"{}\"{edge_style}];",
            escape(&labels.moves[index])
        );
    }
}

fn write_dot_pruned<M>(
    out: &mut String,
    (index, node): (usize, &TreeNode<M>),
    root: Player,
    labels: &TreeLabels,
    values: &[Option<Score>],
) {
    let reason = node.cut_reason(root).unwrap_or_default();
    for (k, pruned) in labels.pruned[index].iter().enumerate() {
        // The reason is written on the first pruned edge, visible in the drawing.
        let edge_label = if k == 0 {
            format!("{}\\n{}", escape(pruned), escape(&reason))
        } else {
            escape(pruned)
        };
        let value = match values.get(k).copied().flatten() {
            Some(v) => format!("\\n{}", escape(&show(v))),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "  n{index}p{k} [shape=plaintext, label=\"{}{value}\\npruned\", fontcolor=grey];",
            escape(&labels.pruned_names[index][k])
        );
        let _ = writeln!(
            out,
            "  n{index} -> n{index}p{k} [style=dashed, color=grey, fontcolor=grey, label=\"{edge_label}\", tooltip=\"{}\"];",
            escape(&reason)
        );
    }
}

#[derive(Serialize)]
struct JsonTree {
    /// Always `max`: every value, window and step below is from MAX's view.
    values_for: &'static str,
    depth: u32,
    visited: u64,
    cutoffs: u64,
    pruned_moves: u64,
    truncated: bool,
    leaves: usize,
    root_side: Player,
    max_player: Player,
    #[serde(skip_serializing_if = "Option::is_none")]
    prune_on_equal: Option<bool>,
    /// Every node entered, in order, by name (empty when the recording was cut short).
    visit_order: Vec<String>,
    /// Every node never entered because of a cutoff, by name.
    pruned_nodes: Vec<String>,
    nodes: Vec<JsonNode>,
    steps: Vec<JsonStep>,
}

/// One step of the search, from MAX's view: a MIN node's raised alpha is MAX's
/// lowered beta, its cut an alpha cutoff.
#[derive(Serialize)]
struct JsonStep {
    step: &'static str,
    node: usize,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<Score>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<Score>,
}

/// A step in MAX's view, with its node's name.
fn json_step<M>(step: &Step, tree: &SearchTree<M>, names: &[String]) -> JsonStep {
    let max = |node: usize, v: Score| tree.nodes[node].value_for_side(v, tree.max_player);
    let is_max = |node: usize| tree.nodes[node].side == tree.max_player;
    let (word, node, value, bound) = match *step {
        Step::Enter { node } => ("enter", node, None, None),
        Step::Evaluate { node, value } => ("evaluate", node, Some(max(node, value)), None),
        Step::TableHit { node, value } => ("table-hit", node, Some(max(node, value)), None),
        Step::RaiseAlpha { node, alpha } if is_max(node) => {
            ("raise-alpha", node, Some(alpha), None)
        }
        Step::RaiseAlpha { node, alpha } => ("lower-beta", node, Some(-alpha), None),
        Step::Cut { node, score, beta } if is_max(node) => {
            ("beta-cutoff", node, Some(score), Some(beta))
        }
        Step::Cut { node, score, beta } => ("alpha-cutoff", node, Some(-score), Some(-beta)),
        Step::Return { node, value } => ("return", node, Some(max(node, value)), None),
    };
    JsonStep {
        step: word,
        node,
        name: names.get(node).cloned().unwrap_or_default(),
        value,
        bound,
    }
}

#[derive(Serialize)]
struct JsonNode {
    id: usize,
    name: String,
    parent: Option<usize>,
    #[serde(rename = "move")]
    mv: String,
    ply: u32,
    depth: u32,
    player: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    alpha: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    beta: Option<i32>,
    value: i32,
    bound: ValueBound,
    kind: super::tree::NodeKind,
    children: Vec<usize>,
    pruned: Vec<String>,
    cut_reason: Option<String>,
    subtree_nodes: u64,
    on_pv: bool,
    visit: super::tree::Visit,
}

/// The tree as one JSON object, every value, window and step from MAX's view (the
/// file says so in `values_for`); `visited` and `pruned` name the nodes entered, in
/// order, and the nodes cut off. Minimax's trees have no windows.
pub fn to_json<G: SearchHooks>(tree: &SearchTree<G::Move>, root: &G) -> serde_json::Value {
    let labels = tree_labels(tree, root);
    let root_side = tree.max_player;
    let windows = tree.has_windows();
    let nodes = tree
        .nodes
        .iter()
        .enumerate()
        .map(|(id, node)| {
            let (alpha, beta) = node.window_for(root_side);
            JsonNode {
                id,
                name: labels.names[id].clone(),
                parent: node.parent,
                mv: labels.moves[id].clone(),
                ply: node.ply,
                depth: node.depth,
                player: if labels.chance[id] {
                    "chance"
                } else if node.side == root_side {
                    "max"
                } else {
                    "min"
                },
                alpha: windows.then_some(alpha),
                beta: windows.then_some(beta),
                value: node.value_for(root_side),
                bound: node.bound_for(root_side),
                kind: node.kind,
                children: node.children.clone(),
                pruned: labels.pruned[id].clone(),
                cut_reason: node.cut_reason(root_side),
                subtree_nodes: node.subtree_nodes,
                on_pv: node.on_pv,
                visit: node.visit,
            }
        })
        .collect();
    let steps = tree
        .steps
        .iter()
        .map(|step| json_step(step, tree, &labels.names))
        .collect();
    let tree = JsonTree {
        values_for: "max",
        depth: tree.depth,
        visited: tree.visited,
        cutoffs: tree.cutoffs,
        pruned_moves: tree.pruned_moves,
        truncated: tree.truncated,
        leaves: tree.leaves(),
        root_side: tree.nodes.first().map_or(Player::First, |n| n.side),
        max_player: root_side,
        prune_on_equal: tree.prune_on_equal,
        visit_order: names_in_order(&labels, tree.truncated).0,
        pruned_nodes: names_in_order(&labels, tree.truncated).1,
        nodes,
        steps,
    };
    serde_json::to_value(&tree).unwrap_or(serde_json::Value::Null)
}
