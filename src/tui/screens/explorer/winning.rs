//! The winning strategy of a game searched to the end, as the course's Grundy slide
//! draws it with red arrows: at every MAX node whose value is proven and not a loss,
//! each MAX move that keeps that value (a win in any number of moves keeps a win). Alpha-beta leaves some children with only a bound (a cut
//! below them); whether such a move keeps the value is then undecided, and said so.

use crate::search::score::{Score, WIN, plies_to_end};
use crate::search::tree::{NodeKind, SearchTree, ValueBound};

/// Where a MAX move stands against its node's proven value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keeps {
    /// The move's value is the node's: playing it keeps the proven value.
    Yes,
    /// The move's value is only a bound that does not rule it in or out.
    Undecided,
}

/// Each node's mark (on the node a MAX move leads to), or why the tree has none:
/// only a tree searched to the end (no horizon, nothing unfinished, recorded whole)
/// has proven values. Nobody chooses at a chance node (`chance`, per node), so its
/// children get no mark.
pub(super) fn strategy_marks(
    tree: &SearchTree<String>,
    chance: &[bool],
) -> Result<Vec<Option<Keeps>>, &'static str> {
    if tree.truncated {
        return Err("the recording was cut short");
    }
    if tree.nodes.iter().any(|n| n.kind == NodeKind::Horizon) {
        return Err("the search stopped at a depth limit: its values are estimates");
    }
    if tree.nodes.iter().any(|n| n.kind == NodeKind::Unfinished) {
        return Err("the search stopped before it finished");
    }
    let max = tree.max_player;
    let mut marks = vec![None; tree.nodes.len()];
    for (index, node) in tree.nodes.iter().enumerate() {
        if node.side != max || chance.get(index).copied().unwrap_or(false) {
            continue;
        }
        let proven = outcome_class(node.value_for(max));
        // A bound proves the value only when nothing lies beyond it: at least a win.
        match node.bound_for(max) {
            ValueBound::Exact => {}
            ValueBound::Lower if proven == WIN => {}
            ValueBound::Lower | ValueBound::Upper => continue,
        }
        // A lost node has nothing to keep: every move loses.
        if proven == -WIN {
            continue;
        }
        for &child in &node.children {
            let reply = &tree.nodes[child];
            let value = outcome_class(reply.value_for(max));
            marks[child] = match reply.bound_for(max) {
                ValueBound::Exact => (value == proven).then_some(Keeps::Yes),
                // At least `value`, and MAX's node is worth no more than `proven`.
                ValueBound::Lower if value >= proven => Some(Keeps::Yes),
                ValueBound::Upper if value < proven => None,
                ValueBound::Lower | ValueBound::Upper => Some(Keeps::Undecided),
            };
        }
    }
    Ok(marks)
}

/// What a proven value says about the game: a win or a loss whatever its distance
/// (a slower win still wins); any other value (a draw, a written tree's leaf) as is.
fn outcome_class(value: Score) -> Score {
    if plies_to_end(value).is_some() {
        WIN * value.signum()
    } else {
        value
    }
}
