//! Writing a recorded search tree as Graphviz DOT or JSON, for reports and for
//! other tools. Values and windows are shown from the root player's (MAX's) view,
//! as the textbooks draw them; MAX nodes are boxes, MIN nodes ellipses.

use std::fmt::Write;

use serde::Serialize;

use super::tree::{SearchTree, Step, TreeNode, ValueBound, show};
use crate::game::{Player, SearchHooks};

/// Each recorded node's move, and each node's pruned moves, in the game's notation.
pub struct TreeLabels {
    /// The move leading to each node (`root` for the root).
    pub moves: Vec<String>,
    /// The pruned moves under each node.
    pub pruned: Vec<Vec<String>>,
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
/// grey, the principal variation bold, MAX boxes and MIN ellipses.
pub fn to_dot<G: SearchHooks>(tree: &SearchTree<G::Move>, root: &G) -> String {
    let labels = tree_labels(tree, root);
    let root_side = tree.max_player;
    let mut out = String::new();
    let _ = writeln!(out, "digraph search {{");
    let _ = writeln!(
        out,
        "  graph [label=\"depth {} - {} nodes explored, {} cutoffs, {} moves pruned{}\", labelloc=t, fontname=\"Helvetica\"];",
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
        write_dot_node(&mut out, index, node, root_side, &labels);
    }
    // Pruned moves last, so Graphviz puts them to the right of the searched ones.
    for (index, node) in tree.nodes.iter().enumerate() {
        write_dot_pruned(&mut out, index, node, root_side, &labels);
    }
    let _ = writeln!(out, "}}");
    out
}

fn write_dot_node<M>(
    out: &mut String,
    index: usize,
    node: &TreeNode<M>,
    root: Player,
    labels: &TreeLabels,
) {
    let shape = if node.side == root { "box" } else { "ellipse" };
    let (alpha, beta) = node.window_for(root);
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
        "{}\\n{}\\n[{}, {}]{visit}",
        escape(&labels.moves[index]),
        escape(&value_text(node, root)),
        escape(&show(alpha)),
        escape(&show(beta))
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
    index: usize,
    node: &TreeNode<M>,
    root: Player,
    labels: &TreeLabels,
) {
    let reason = node.cut_reason(root).unwrap_or_default();
    for (k, pruned) in labels.pruned[index].iter().enumerate() {
        // The reason is written on the first pruned edge, visible in the drawing.
        let edge_label = if k == 0 {
            format!("{}\\n{}", escape(pruned), escape(&reason))
        } else {
            escape(pruned)
        };
        let _ = writeln!(
            out,
            "  n{index}p{k} [shape=plaintext, label=\"{} pruned\", fontcolor=grey];",
            escape(pruned)
        );
        let _ = writeln!(
            out,
            "  n{index} -> n{index}p{k} [style=dashed, color=grey, fontcolor=grey, label=\"{edge_label}\", tooltip=\"{}\"];",
            escape(&reason)
        );
    }
}

#[derive(Serialize)]
struct JsonTree<'a> {
    depth: u32,
    visited: u64,
    cutoffs: u64,
    pruned_moves: u64,
    truncated: bool,
    leaves: usize,
    root_side: Player,
    max_player: Player,
    nodes: Vec<JsonNode>,
    steps: &'a [Step],
}

#[derive(Serialize)]
struct JsonNode {
    id: usize,
    parent: Option<usize>,
    #[serde(rename = "move")]
    mv: String,
    ply: u32,
    depth: u32,
    player: &'static str,
    alpha: i32,
    beta: i32,
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

/// The tree as one JSON object. Values and windows are MAX's view; `steps` keep
/// the node's own (negamax) view, as the search saw them.
pub fn to_json<G: SearchHooks>(tree: &SearchTree<G::Move>, root: &G) -> serde_json::Value {
    let labels = tree_labels(tree, root);
    let root_side = tree.max_player;
    let nodes = tree
        .nodes
        .iter()
        .enumerate()
        .map(|(id, node)| {
            let (alpha, beta) = node.window_for(root_side);
            JsonNode {
                id,
                parent: node.parent,
                mv: labels.moves[id].clone(),
                ply: node.ply,
                depth: node.depth,
                player: if node.side == root_side { "max" } else { "min" },
                alpha,
                beta,
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
    let tree = JsonTree {
        depth: tree.depth,
        visited: tree.visited,
        cutoffs: tree.cutoffs,
        pruned_moves: tree.pruned_moves,
        truncated: tree.truncated,
        leaves: tree.leaves(),
        root_side: tree.nodes.first().map_or(Player::First, |n| n.side),
        max_player: root_side,
        nodes,
        steps: &tree.steps,
    };
    serde_json::to_value(&tree).unwrap_or(serde_json::Value::Null)
}
