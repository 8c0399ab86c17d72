//! Replaying a recorded search one step at a time, as the course's worked examples
//! trace alpha-beta by hand: which node is entered with which window, what a leaf
//! is worth, when alpha rises, when a cutoff prunes moves, what each node returns.
//!
//! The recorded steps keep each node's own (negamax) view; everything shown here is
//! turned into MAX's view, as the textbooks draw trees. The replay reads the record
//! only: the real search is never paused or repeated.

use crate::game::Player;
use crate::search::score::{INFINITY, Score};
use crate::search::tree::{SearchTree, Step, TreeNode, show};
use crate::tui::recorded::RecordedSearch;

/// The most steps a replay takes on: enough for every textbook example and small
/// searches, and a limit a person stepping by hand would never reach anyway.
pub const MAX_REPLAY_STEPS: usize = 5_000;

/// What the replay has shown of one node so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeProgress {
    /// The search has entered the node.
    pub entered: bool,
    /// The window as it stands now, in the node's own view (alpha rises as children return).
    pub window: (Score, Score),
    /// The value so far, in the node's own view: a leaf's evaluation or the value returned.
    pub value: Option<Score>,
    /// The node has returned its value to its parent.
    pub returned: bool,
    /// A cutoff at this node has pruned its remaining moves.
    pub cut: bool,
}

/// A replay in progress: how many steps are shown, and what they showed.
#[derive(Clone, Debug)]
pub struct Replay {
    applied: usize,
    progress: Vec<NodeProgress>,
}

impl Replay {
    /// A replay with its first step shown, or why the tree cannot be replayed.
    pub fn start(tree: &SearchTree<String>) -> Result<Replay, String> {
        if tree.truncated {
            return Err(
                "the recording was cut short: replays are for small trees; try a lower depth"
                    .to_string(),
            );
        }
        if tree.steps.len() > MAX_REPLAY_STEPS {
            return Err(format!(
                "{} steps: too many to replay by hand (at most {MAX_REPLAY_STEPS}); try a lower depth",
                crate::tui::panel::count(tree.steps.len() as u64)
            ));
        }
        if tree.steps.is_empty() {
            return Err("nothing was recorded to replay".to_string());
        }
        let mut replay = Replay {
            applied: 0,
            progress: Vec::new(),
        };
        replay.show(tree, 1);
        Ok(replay)
    }

    /// Steps shown so far (at least one).
    pub fn applied(&self) -> usize {
        self.applied
    }

    /// True once the last step is shown.
    pub fn finished(&self, tree: &SearchTree<String>) -> bool {
        self.applied >= tree.steps.len()
    }

    /// What each node looks like after the shown steps.
    pub fn progress(&self) -> &[NodeProgress] {
        &self.progress
    }

    /// The last step shown.
    pub fn current_step(&self, tree: &SearchTree<String>) -> Option<Step> {
        tree.steps.get(self.applied.checked_sub(1)?).copied()
    }

    /// The node the last step was about.
    pub fn current_node(&self, tree: &SearchTree<String>) -> Option<usize> {
        self.current_step(tree).map(step_node)
    }

    /// Shows `applied` steps (clamped to the record), working the nodes out afresh:
    /// cheap at replay sizes, and going back is as simple as going forward.
    pub fn show(&mut self, tree: &SearchTree<String>, applied: usize) {
        self.applied = applied.clamp(1, tree.steps.len().max(1));
        self.progress = vec![NodeProgress::default(); tree.nodes.len()];
        for &step in tree.steps.iter().take(self.applied) {
            apply(tree, &mut self.progress, step);
        }
    }

    /// One step further; false at the end.
    pub fn forward(&mut self, tree: &SearchTree<String>) -> bool {
        let before = self.applied;
        self.show(tree, before + 1);
        self.applied != before
    }

    /// One step back; false at the first step.
    pub fn back(&mut self, tree: &SearchTree<String>) -> bool {
        let before = self.applied;
        self.show(tree, before.saturating_sub(1));
        self.applied != before
    }
}

/// The node a step is about.
pub fn step_node(step: Step) -> usize {
    match step {
        Step::Enter { node }
        | Step::Evaluate { node, .. }
        | Step::TableHit { node, .. }
        | Step::RaiseAlpha { node, .. }
        | Step::Cut { node, .. }
        | Step::Return { node, .. } => node,
    }
}

fn apply(tree: &SearchTree<String>, progress: &mut [NodeProgress], step: Step) {
    let index = step_node(step);
    let (Some(node), Some(shown)) = (tree.nodes.get(index), progress.get_mut(index)) else {
        return;
    };
    match step {
        Step::Enter { .. } => {
            shown.entered = true;
            shown.window = (node.alpha, node.beta);
        }
        Step::Evaluate { value, .. } | Step::TableHit { value, .. } => shown.value = Some(value),
        Step::RaiseAlpha { alpha, .. } => shown.window.0 = alpha,
        Step::Cut { .. } => shown.cut = true,
        Step::Return { value, .. } => {
            shown.value = Some(value);
            shown.returned = true;
        }
    }
}

/// A node's name in a sentence: a written tree's name or path (`B`, `2.1`), else
/// the move that reached it, or `the root`.
pub fn node_name(names: &[String], index: usize) -> &str {
    match names.get(index).map(String::as_str) {
        None | Some("root") => "the root",
        Some(name) => name,
    }
}

/// `MAX` or `MIN`: whose view the node's own numbers are in.
pub fn role(node: &TreeNode<String>, root: Player) -> &'static str {
    if node.side == root { "MAX" } else { "MIN" }
}

/// Who decides at a recorded node, in words: `MAX`, `MIN`, or at a chance node
/// `chance node, mean of 3 children`.
pub fn role_text(record: &RecordedSearch, index: usize) -> String {
    let node = &record.tree.nodes[index];
    if record.chance.get(index).copied().unwrap_or(false) {
        let children = node.children.len() + node.pruned.len();
        let noun = if children == 1 { "child" } else { "children" };
        format!("chance node, mean of {children} {noun}")
    } else {
        role(node, record.tree.max_player).to_string()
    }
}

/// A cutoff's comparison in MAX's view: whether a MAX node cut, its value, the
/// rule's sign (`>=`/`<=` on equal values or when the rule is not known, `>`/`<`
/// under the strict rule) and the bound it reached.
struct CutTerms {
    at_max: bool,
    value: String,
    sign: &'static str,
    bound: String,
}

impl CutTerms {
    fn of(node: &TreeNode<String>, tree: &SearchTree<String>) -> Option<CutTerms> {
        let cut = node.cut.as_ref()?;
        let at_max = node.side == tree.max_player;
        let strict = tree.prune_on_equal == Some(false);
        let (sign, flip) = match (at_max, strict) {
            (true, false) => (">=", 1),
            (true, true) => (">", 1),
            (false, false) => ("<=", -1),
            (false, true) => ("<", -1),
        };
        Some(CutTerms {
            at_max,
            value: show(flip * cut.score),
            sign,
            bound: show(flip * cut.beta),
        })
    }
}

/// Why a node cut, in MAX's view, with the rule's sign: `alpha cutoff: +2 <= alpha
/// +3` (on equal values) or `alpha cutoff: +2 < alpha +3` (strict).
pub fn cut_reason(node: &TreeNode<String>, tree: &SearchTree<String>) -> Option<String> {
    let terms = CutTerms::of(node, tree)?;
    let bound = if terms.at_max { "beta" } else { "alpha" };
    Some(format!(
        "{bound} cutoff: {} {} {bound} {}",
        terms.value, terms.sign, terms.bound
    ))
}

/// A window in MAX's view from one in the node's own view: `[+3, +inf]`.
pub fn window_text(node: &TreeNode<String>, root: Player, (alpha, beta): (Score, Score)) -> String {
    let (low, high) = if node.side == root {
        (alpha, beta)
    } else {
        (-beta, -alpha)
    };
    format!("[{}, {}]", show(low), show(high))
}

/// A value in the node's own view, shown in MAX's.
pub fn max_view(node: &TreeNode<String>, root: Player, value: Score) -> String {
    show(if node.side == root { value } else { -value })
}

/// The best value a node still being searched has so far, in MAX's view, as the
/// course's MaxVal/MinVal keep it in `v`: `≥-inf` (MAX) or `≤+inf` (MIN) before any
/// child has returned, then the best of the children's values returned so far, a
/// bound on what the node will return (at least this for MAX, at most for MIN).
pub fn running_best(tree: &SearchTree<String>, replay: &Replay, index: usize) -> String {
    let node = &tree.nodes[index];
    let progress = replay.progress();
    let best = node
        .children
        .iter()
        .filter(|&&c| progress.get(c).is_some_and(|p| p.returned))
        .filter_map(|&c| progress[c].value.map(|v| -v))
        .max()
        .unwrap_or(-INFINITY);
    let bound = if node.side == tree.max_player {
        "≥"
    } else {
        "≤"
    };
    format!("{bound}{}", max_view(node, tree.max_player, best))
}

/// The rule a cutoff applied, in the course's words and MAX's view: `MIN node: beta
/// +2 <= alpha +3 of a MAX ancestor: alpha cutoff` (the MIN node's best so far is
/// its beta), `MAX node: alpha +5 >= beta +3 of a MIN ancestor: beta cutoff`; `<`
/// and `>` under the strict rule.
pub fn cut_rule(node: &TreeNode<String>, tree: &SearchTree<String>) -> Option<String> {
    let terms = CutTerms::of(node, tree)?;
    let (own, node_role, other, ancestor) = if terms.at_max {
        ("alpha", "MAX", "beta", "MIN")
    } else {
        ("beta", "MIN", "alpha", "MAX")
    };
    Some(format!(
        "{node_role} node: {own} {} {} {other} {} of a {ancestor} ancestor: {other} cutoff",
        terms.value, terms.sign, terms.bound
    ))
}

/// The step in words, in MAX's view: `enter 2 (MIN) with window [+3, +inf]`,
/// `evaluate 1: +2`, `alpha rises to +3 at the root`, `cut at 2 (alpha cutoff:
/// +2 <= alpha +3), prune 2 3`, `return +3 from 1`; a cut's sign is the rule's.
pub fn describe(record: &RecordedSearch, step: Step) -> String {
    let tree = &record.tree;
    let root = tree.max_player;
    let Some(node) = tree.nodes.get(step_node(step)) else {
        return "a step about a node that was not recorded".to_string();
    };
    let name = node_name(&record.names, step_node(step));
    match step {
        Step::Enter { .. } => format!(
            "enter {name} ({}) with window {}",
            role_text(record, step_node(step)),
            window_text(node, root, (node.alpha, node.beta))
        ),
        Step::Evaluate { value, .. } => format!("evaluate {name}: {}", max_view(node, root, value)),
        Step::TableHit { value, .. } => {
            format!("table hit at {name}: {}", max_view(node, root, value))
        }
        Step::RaiseAlpha { alpha, .. } if node.side == root => {
            format!("alpha rises to {} at {name}", show(alpha))
        }
        Step::RaiseAlpha { alpha, .. } => format!("beta falls to {} at {name}", show(-alpha)),
        Step::Cut { .. } => {
            let reason = cut_reason(node, tree).unwrap_or_else(|| "cutoff".to_string());
            let pruned = if node.pruned.is_empty() {
                "nothing left to prune".to_string()
            } else {
                format!("prune {}", node.pruned.join(" "))
            };
            format!("cut at {name} ({reason}), {pruned}")
        }
        Step::Return { value, .. } => {
            format!("return {} from {name}", max_view(node, root, value))
        }
    }
}
