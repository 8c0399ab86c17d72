//! Recording the search tree: which nodes the search explored, with which alpha-beta
//! window, what each returned, and which moves a cutoff pruned, plus the sequence of
//! steps for a replay. The explorer screen, `ply solve --tree` and the tests read it.
//!
//! The search calls a [`Tracer`]. The default one, [`NoTracer`], does nothing and
//! says so at compile time, so an untraced search costs nothing extra. The
//! [`TreeRecorder`] keeps at most a fixed number of nodes; past the cap it only counts.

use std::sync::Arc;

use serde::Serialize;

use super::score::{INFINITY, Score};
use crate::game::Player;

/// How the search left a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NodeKind {
    /// Moves were searched below it.
    Inner,
    /// The game was over: scored by its result.
    Terminal,
    /// The depth limit was reached: scored by the evaluation.
    Horizon,
    /// No moves but not over (a synthetic tree's leaf): scored by the evaluation.
    Leaf,
    /// The transposition table answered without a search.
    TableHit,
    /// The search stopped (a limit or the stop flag) before the node was finished.
    Unfinished,
}

/// Why the search visited a node: the textbook's algorithms only make `Full`
/// visits; the engine's extras make the others, and the explorer names them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Visit {
    /// An ordinary visit with the node's whole window.
    #[default]
    Full,
    /// A null-window probe (principal variation search): does the move beat alpha?
    Scout,
    /// A late move searched less deep first (late-move reduction).
    Reduced,
    /// The same move searched again, after a probe, a reduction or an aspiration
    /// window said it might be better.
    ReSearch,
    /// A pass instead of a move, to see whether the position is good enough anyway
    /// (null-move pruning).
    NullMove,
    /// A first try with a narrow window around the last pass's value.
    Aspiration,
    /// A capture past the depth limit (quiescence search).
    Quiescence,
}

impl Visit {
    /// The word the explorer and DOT show; empty for an ordinary visit.
    pub fn label(self) -> &'static str {
        match self {
            Visit::Full => "",
            Visit::Scout => "scout",
            Visit::Reduced => "reduced",
            Visit::ReSearch => "re-search",
            Visit::NullMove => "null move",
            Visit::Aspiration => "aspiration",
            Visit::Quiescence => "quiescence",
        }
    }
}

/// What a node's value says about its true value, given its window on entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueBound {
    /// The value is exact.
    Exact,
    /// The true value is at least this: the node failed high (a cutoff).
    Lower,
    /// The true value is at most this: no move reached alpha.
    Upper,
}

/// Why the remaining moves of a node were not searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cut<M> {
    /// The move whose score caused the cutoff.
    pub by: M,
    /// Its score, from the node's side to move's view.
    pub score: Score,
    /// The node's beta at that moment.
    pub beta: Score,
}

/// One explored node.
#[derive(Clone, Debug, Serialize)]
pub struct TreeNode<M> {
    /// The parent's index; `None` for the root.
    pub parent: Option<usize>,
    /// The move that led here; `None` for the root.
    pub mv: Option<M>,
    /// Plies from the root.
    pub ply: u32,
    /// Remaining depth when the node was entered.
    pub depth: u32,
    /// The side to move here.
    pub side: Player,
    /// The window on entry, from this node's side to move's view.
    pub alpha: Score,
    /// See `alpha`.
    pub beta: Score,
    /// The value returned, from this node's side to move's view.
    pub value: Score,
    /// How the value relates to the true value.
    pub bound: ValueBound,
    /// How the node was scored.
    pub kind: NodeKind,
    /// Explored children, in search order.
    pub children: Vec<usize>,
    /// Moves never searched because of a cutoff, in the order they would have come.
    pub pruned: Vec<M>,
    /// The cutoff that pruned them.
    pub cut: Option<Cut<M>>,
    /// Nodes in this subtree, itself included.
    pub subtree_nodes: u64,
    /// True on the principal variation.
    pub on_pv: bool,
    /// Why the search came here (always `Full` in minimax and plain alpha-beta).
    pub visit: Visit,
}

/// One step of the algorithm, for a replay that shows the search as it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum Step {
    /// The search entered the node (its window is on the node).
    Enter {
        /// The node, by its index in the recorded tree.
        node: usize,
    },
    /// A leaf was scored (terminal, horizon or no moves).
    Evaluate {
        /// The leaf.
        node: usize,
        /// Its score, in the search's view.
        value: Score,
    },
    /// The transposition table answered.
    TableHit {
        /// The node the table answered for.
        node: usize,
        /// The table's score.
        value: Score,
    },
    /// A child's score raised the node's alpha.
    RaiseAlpha {
        /// The node whose alpha rose.
        node: usize,
        /// The new alpha.
        alpha: Score,
    },
    /// A child's score reached beta: the rest of the node's moves are pruned.
    Cut {
        /// The node cut off.
        node: usize,
        /// The score that reached beta.
        score: Score,
        /// The bound it reached.
        beta: Score,
    },
    /// The node returned its value to its parent.
    Return {
        /// The node.
        node: usize,
        /// The value it returned.
        value: Score,
    },
}

/// The recorded tree of one iteration.
#[derive(Clone, Debug, Serialize)]
pub struct SearchTree<M> {
    /// Explored nodes; index 0 is the root; parents come before children.
    pub nodes: Vec<TreeNode<M>>,
    /// The algorithm's steps in order (bounded like the nodes).
    pub steps: Vec<Step>,
    /// The iteration's depth.
    pub depth: u32,
    /// Every node the iteration visited, also those past the cap.
    pub visited: u64,
    /// Every cutoff of the iteration, also those past the cap.
    pub cutoffs: u64,
    /// Moves pruned by cutoffs, also those past the cap.
    pub pruned_moves: u64,
    /// True when the cap cut the recording short.
    pub truncated: bool,
    /// Who is MAX: values, windows and bounds are shown from this player's view.
    pub max_player: Player,
    /// The pruning rule of the alpha-beta that recorded it: `Some(true)` cuts when a
    /// value reaches the bound, `Some(false)` only when it passes it; `None` when
    /// the search does not prune (minimax) or the rule is not known.
    pub prune_on_equal: Option<bool>,
}

impl<M> SearchTree<M> {
    /// Leaves scored statically (terminal, horizon or no-move leaves) among the recorded nodes.
    pub fn leaves(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| {
                matches!(
                    n.kind,
                    NodeKind::Terminal | NodeKind::Horizon | NodeKind::Leaf
                )
            })
            .count()
    }

    /// True when some node's window is narrower than the whole line: alpha-beta
    /// recorded it. Minimax's windows are all `[-inf, +inf]`, so views hide them.
    pub fn has_windows(&self) -> bool {
        self.nodes
            .iter()
            .any(|n| n.alpha > -INFINITY || n.beta < INFINITY)
    }

    /// Recorded nodes the transposition table answered.
    pub fn table_hits(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| n.kind == NodeKind::TableHit)
            .count()
    }
}

impl<M> TreeNode<M> {
    /// The value from the root player's view (MAX), as the textbooks draw trees.
    pub fn value_for(&self, root: Player) -> Score {
        if self.side == root {
            self.value
        } else {
            -self.value
        }
    }

    /// A value `v` given in this node's side to move's view, from `root`'s view.
    pub fn value_for_side(&self, v: Score, root: Player) -> Score {
        if self.side == root { v } else { -v }
    }

    /// The window from the root player's view: `[alpha, beta]` of MAX.
    pub fn window_for(&self, root: Player) -> (Score, Score) {
        if self.side == root {
            (self.alpha, self.beta)
        } else {
            (-self.beta, -self.alpha)
        }
    }

    /// The bound from the root player's view: a MIN node's lower bound is MAX's upper bound.
    pub fn bound_for(&self, root: Player) -> ValueBound {
        match (self.bound, self.side == root) {
            (ValueBound::Lower, false) => ValueBound::Upper,
            (ValueBound::Upper, false) => ValueBound::Lower,
            (bound, _) => bound,
        }
    }

    /// Why the pruned moves were skipped, in words and in the root player's terms:
    /// `beta cutoff: 3 >= beta 2` at a MAX node, `alpha cutoff: 1 <= alpha 2` at a MIN node.
    pub fn cut_reason(&self, root: Player) -> Option<String> {
        self.cut.as_ref().map(|c| {
            if self.side == root {
                format!("beta cutoff: {} >= beta {}", show(c.score), show(c.beta))
            } else {
                format!(
                    "alpha cutoff: {} <= alpha {}",
                    show(-c.score),
                    show(-c.beta)
                )
            }
        })
    }
}

/// A score with the infinities written as such.
pub fn show(score: Score) -> String {
    if score >= INFINITY {
        "+inf".to_string()
    } else if score <= -INFINITY {
        "-inf".to_string()
    } else {
        super::score::describe(score)
    }
}

/// What the search tells a tracer. Every method does nothing by default.
pub trait Tracer<M> {
    /// False for [`NoTracer`], so the search skips the calls at compile time.
    const ENABLED: bool = true;
    /// An iteration starts at the root, where `side` is to move; `max` is MAX.
    fn begin_iteration(&mut self, _depth: u32, _side: Player, _max: Player) {}
    /// Says why the search visits the current node (set right after `enter`).
    fn visit(&mut self, _visit: Visit) {}
    /// The search enters the child reached by `mv` (`None`: a null move), with this
    /// window (child's view).
    fn enter(&mut self, _mv: Option<M>, _side: Player, _depth: u32, _alpha: Score, _beta: Score) {}
    /// The current node was scored statically.
    fn leaf(&mut self, _kind: NodeKind, _value: Score) {}
    /// The transposition table answered for the current node.
    fn table_hit(&mut self, _value: Score) {}
    /// A child's score raised the current node's alpha.
    fn raise_alpha(&mut self, _alpha: Score) {}
    /// A cutoff at the current node: `pruned` are the moves left unsearched.
    fn cutoff(&mut self, _by: M, _score: Score, _beta: Score, _pruned: &[M]) {}
    /// The current node returns `value` (its side to move's view).
    fn exit(&mut self, _value: Score) {}
    /// The iteration finished with this root value and principal variation.
    fn end_iteration(&mut self, _value: Score, _pv: &[M]) {}
    /// The tree of the last finished iteration, shared so that a running search can
    /// hand it to a user interface without copying it.
    fn last_tree(&self) -> Option<Arc<SearchTree<M>>> {
        None
    }
}

/// The tracer that records nothing.
pub struct NoTracer;

impl<M> Tracer<M> for NoTracer {
    const ENABLED: bool = false;
}

/// Nodes a recorder keeps unless told otherwise.
pub const DEFAULT_NODE_CAP: usize = 200_000;

/// Records the tree of each iteration, keeping the last finished one.
pub struct TreeRecorder<M> {
    cap: usize,
    current: SearchTree<M>,
    finished: Option<Arc<SearchTree<M>>>,
    /// The recorded index of each node on the path from the root; `None` past the cap.
    path: Vec<Option<usize>>,
}

impl<M: Copy + PartialEq> TreeRecorder<M> {
    /// A recorder that keeps at most `cap` nodes (and four times as many steps).
    pub fn new(cap: usize) -> TreeRecorder<M> {
        TreeRecorder {
            cap,
            current: empty_tree(0, Player::First),
            finished: None,
            path: Vec::new(),
        }
    }

    /// The tree of the last finished iteration (copied only if someone still shares it).
    pub fn into_tree(self) -> Option<SearchTree<M>> {
        self.finished
            .map(|tree| Arc::try_unwrap(tree).unwrap_or_else(|shared| (*shared).clone()))
    }

    fn current_node(&mut self) -> Option<&mut TreeNode<M>> {
        let index = (*self.path.last()?)?;
        self.current.nodes.get_mut(index)
    }

    fn step(&mut self, step: Step) {
        if self.current.steps.len() < self.cap.saturating_mul(4) {
            self.current.steps.push(step);
        }
    }

    fn add_node(&mut self, node: TreeNode<M>) -> Option<usize> {
        self.current.visited += 1;
        if self.current.nodes.len() >= self.cap {
            self.current.truncated = true;
            return None;
        }
        let index = self.current.nodes.len();
        if let Some(parent) = node.parent {
            self.current.nodes[parent].children.push(index);
        }
        self.current.nodes.push(node);
        self.step(Step::Enter { node: index });
        Some(index)
    }

    fn close_current(&mut self, value: Score) {
        let Some(index) = self.path.last().copied().flatten() else {
            return;
        };
        let node = &mut self.current.nodes[index];
        node.value = value;
        if node.kind == NodeKind::Unfinished {
            node.kind = NodeKind::Inner;
        }
        node.bound = match node.kind {
            NodeKind::Inner | NodeKind::TableHit if value <= node.alpha => ValueBound::Upper,
            NodeKind::Inner | NodeKind::TableHit if value >= node.beta => ValueBound::Lower,
            _ => ValueBound::Exact,
        };
        self.step(Step::Return { node: index, value });
    }

    fn finish_tree(&mut self, pv: &[M]) {
        let tree = &mut self.current;
        for index in (0..tree.nodes.len()).rev() {
            tree.nodes[index].subtree_nodes += 1;
            if let Some(parent) = tree.nodes[index].parent {
                tree.nodes[parent].subtree_nodes += tree.nodes[index].subtree_nodes;
            }
        }
        let mut at = 0;
        if let Some(root) = tree.nodes.first_mut() {
            root.on_pv = true;
        }
        for &m in pv {
            let next = tree.nodes[at]
                .children
                .iter()
                .copied()
                .find(|&c| tree.nodes[c].mv == Some(m));
            let Some(child) = next else { break };
            tree.nodes[child].on_pv = true;
            at = child;
        }
    }
}

fn empty_tree<M>(depth: u32, max_player: Player) -> SearchTree<M> {
    SearchTree {
        max_player,
        nodes: Vec::new(),
        steps: Vec::new(),
        depth,
        visited: 0,
        cutoffs: 0,
        pruned_moves: 0,
        truncated: false,
        prune_on_equal: None,
    }
}

fn new_node<M>(
    parent: Option<usize>,
    mv: Option<M>,
    ply: u32,
    depth: u32,
    side: Player,
    alpha: Score,
    beta: Score,
) -> TreeNode<M> {
    TreeNode {
        parent,
        mv,
        ply,
        depth,
        side,
        alpha,
        beta,
        value: 0,
        bound: ValueBound::Exact,
        kind: NodeKind::Unfinished,
        children: Vec::new(),
        pruned: Vec::new(),
        cut: None,
        subtree_nodes: 0,
        on_pv: false,
        visit: Visit::Full,
    }
}

impl<M: Copy + PartialEq> Tracer<M> for TreeRecorder<M> {
    fn begin_iteration(&mut self, depth: u32, side: Player, max: Player) {
        self.current = empty_tree(depth, max);
        self.path.clear();
        let root = self.add_node(new_node(None, None, 0, depth, side, -INFINITY, INFINITY));
        self.path.push(root);
    }

    fn enter(&mut self, mv: Option<M>, side: Player, depth: u32, alpha: Score, beta: Score) {
        let parent = self.path.last().copied().flatten();
        let ply = self.path.len() as u32;
        let index = match parent {
            Some(p) => self.add_node(new_node(Some(p), mv, ply, depth, side, alpha, beta)),
            None => {
                self.current.visited += 1;
                None
            }
        };
        self.path.push(index);
    }

    fn visit(&mut self, visit: Visit) {
        if let Some(node) = self.current_node() {
            node.visit = visit;
        }
    }

    fn leaf(&mut self, kind: NodeKind, value: Score) {
        if let Some(node) = self.current_node() {
            node.kind = kind;
            let index = self.path.last().copied().flatten().unwrap_or(0);
            self.step(Step::Evaluate { node: index, value });
        }
    }

    fn table_hit(&mut self, value: Score) {
        if let Some(node) = self.current_node() {
            node.kind = NodeKind::TableHit;
            let index = self.path.last().copied().flatten().unwrap_or(0);
            self.step(Step::TableHit { node: index, value });
        }
    }

    fn raise_alpha(&mut self, alpha: Score) {
        if let Some(Some(index)) = self.path.last().copied() {
            self.step(Step::RaiseAlpha { node: index, alpha });
        }
    }

    fn cutoff(&mut self, by: M, score: Score, beta: Score, pruned: &[M]) {
        self.current.cutoffs += 1;
        self.current.pruned_moves += pruned.len() as u64;
        if let Some(Some(index)) = self.path.last().copied() {
            let node = &mut self.current.nodes[index];
            node.pruned = pruned.to_vec();
            node.cut = Some(Cut { by, score, beta });
            self.step(Step::Cut {
                node: index,
                score,
                beta,
            });
        }
    }

    fn exit(&mut self, value: Score) {
        self.close_current(value);
        self.path.pop();
    }

    fn end_iteration(&mut self, value: Score, pv: &[M]) {
        self.close_current(value);
        self.path.clear();
        self.finish_tree(pv);
        let (depth, max) = (self.current.depth, self.current.max_player);
        let tree = std::mem::replace(&mut self.current, empty_tree(depth, max));
        self.finished = Some(Arc::new(tree));
    }

    fn last_tree(&self) -> Option<Arc<SearchTree<M>>> {
        self.finished.clone()
    }
}
