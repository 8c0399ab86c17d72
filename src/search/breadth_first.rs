//! Breadth-first minimax as the Chinese course slides give it (极大极小过程): phase 1
//! builds the game tree to depth k level by level, taking nodes from the front of
//! an OPEN list, putting them on CLOSED and their children at the back of OPEN;
//! phase 2 walks CLOSED from its end back to the root, scoring the leaves with the
//! evaluation and giving every inner node the maximum (MAX) or minimum (MIN) of its
//! children's values. It keeps the whole tree in memory, which is why the
//! depth-first searches exist; it is here to be watched, step by step.

use super::error::SearchError;
use std::collections::VecDeque;

use super::figure::{Figure, FigureNode, static_value};
use super::score::Score;
use super::tree::ValueBound;
use crate::game::{Evaluator, Player, SearchHooks};

/// The two phases of the slides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Phase 1: the tree is built level by level with OPEN and CLOSED.
    Build,
    /// Phase 2: the values are backed up from the leaves to the root.
    BackUp,
}

/// One step: which node the phase handled, and the lists right after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreadthStep {
    /// The phase the step belongs to.
    pub phase: Phase,
    /// The node handled: expanded (phase 1) or given its value (phase 2).
    pub node: usize,
    /// OPEN after the step, front first (empty in phase 2).
    pub open: Vec<usize>,
    /// CLOSED after the step in phase 1; in phase 2, the nodes still without a value.
    pub closed: Vec<usize>,
}

/// The whole run: the tree, its steps, and the root's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreadthFirst {
    /// Nodes in the order phase 1 generated them (breadth first), root first; each
    /// one's `recorded` is its own index, its value `None` until phase 2 gives one.
    pub nodes: Vec<FigureNode>,
    /// Phase 1's steps, then phase 2's.
    pub steps: Vec<BreadthStep>,
    /// Who is MAX: the side to move at the root.
    pub max_player: Player,
}

impl BreadthFirst {
    /// The root's backed-up value in MAX's view.
    pub fn value(&self) -> Score {
        self.value_of(0)
    }

    /// The value phase 2 gave a node, in MAX's view.
    pub fn value_of(&self, node: usize) -> Score {
        self.nodes[node].value.unwrap_or(0)
    }

    /// The tree as a figure to draw, every node visited, with its final value.
    pub fn figure(&self) -> Figure {
        Figure::from_nodes(self.nodes.clone(), self.max_player, self.nodes.len())
    }
}

/// Runs both phases on `root` to `depth` plies, or says the tree has more than
/// `max_nodes` nodes (the method keeps them all).
pub fn breadth_first_minimax<G: SearchHooks>(
    root: &G,
    evaluator: &dyn Evaluator<G>,
    depth: u32,
    max_nodes: usize,
) -> Result<BreadthFirst, SearchError> {
    let max_player = root.max_role().unwrap_or(root.to_move());
    let mut run = BreadthFirst {
        nodes: Vec::new(),
        steps: Vec::new(),
        max_player,
    };
    let mut positions = vec![root.clone()];
    run.nodes
        .push(new_node(0, None, String::new(), (root, max_player)));
    // Phase 1: OPEN is a queue, so the tree grows one level at a time.
    let mut open = VecDeque::from([0]);
    let mut closed = Vec::new();
    let mut moves = Vec::new();
    while let Some(node) = open.pop_front() {
        closed.push(node);
        moves.clear();
        let game = &positions[node];
        if run.nodes[node].level < depth as usize && game.outcome().is_none() {
            game.legal_moves(&mut moves);
        }
        run.nodes[node].leaf = moves.is_empty();
        for &m in &moves {
            if run.nodes.len() >= max_nodes {
                return Err(SearchError::TreeTooBig { limit: max_nodes });
            }
            let mut child = positions[node].clone();
            let label = child.format_move(m);
            child.play(m);
            let index = run.nodes.len();
            let mut fresh = new_node(index, Some(node), label, (&child, max_player));
            fresh.level = run.nodes[node].level + 1;
            run.nodes.push(fresh);
            run.nodes[node].children.push(index);
            positions.push(child);
            open.push_back(index);
        }
        run.steps.push(BreadthStep {
            phase: Phase::Build,
            node,
            open: open.iter().copied().collect(),
            closed: closed.clone(),
        });
    }
    // Phase 2: CLOSED from its end, so every node's children come before it.
    while let Some(node) = closed.pop() {
        let value = if run.nodes[node].leaf {
            let game = &positions[node];
            let own = static_value(game, evaluator, run.nodes[node].level as u32);
            if game.to_move() == max_player {
                own
            } else {
                -own
            }
        } else {
            backed_up(&run, node)
        };
        run.nodes[node].value = Some(value);
        run.steps.push(BreadthStep {
            phase: Phase::BackUp,
            node,
            open: Vec::new(),
            closed: closed.clone(),
        });
    }
    Ok(run)
}

/// Phase 2's value of an inner node: the maximum of its children's values at MAX,
/// the minimum at MIN, the mean at a chance node (rounded as minimax rounds it).
fn backed_up(run: &BreadthFirst, node: usize) -> Score {
    let children = &run.nodes[node].children;
    let values = children.iter().map(|&c| run.value_of(c));
    let value = if run.nodes[node].chance {
        let sum: i64 = values.map(i64::from).sum();
        Some((sum as f64 / children.len().max(1) as f64).round() as Score)
    } else if run.nodes[node].max {
        values.max()
    } else {
        values.min()
    };
    value.unwrap_or(0)
}

/// A node as phase 1 generates it at `game`: no value yet, a leaf until it has
/// children, MAX's when `max_player` is to move, named as the game names it.
fn new_node<G: SearchHooks>(
    index: usize,
    parent: Option<usize>,
    label: String,
    (game, max_player): (&G, Player),
) -> FigureNode {
    FigureNode {
        parent,
        children: Vec::new(),
        label,
        level: 0,
        max: game.to_move() == max_player,
        recorded: Some(index),
        value: None,
        bound: ValueBound::Exact,
        window: None,
        on_pv: false,
        leaf: false,
        name: game.node_name(),
        chance: game.is_chance_node(),
    }
}
