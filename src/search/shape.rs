//! The shape of a search, ply by ply: where its nodes went (the per-ply counters of
//! [`Stats`]) beside what plain minimax would visit to the same depth and the
//! Knuth-Moore minimal tree, the least any alpha-beta could visit. For `ply solve
//! --json`, `ply compare` and the explorer's profile view.

use serde::Serialize;

use super::iterative::search;
use super::limits::{Additions, Algorithm, Limits, SearchConfig};
use super::stats::{PlyCounts, Stats};
use crate::game::{Evaluator, SearchHooks};

/// Most nodes a minimax search may visit to count the minimax column exactly;
/// past it the column is estimated.
pub const EXACT_MINIMAX_BUDGET: u64 = 2_000_000;

/// One ply of a search's shape.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyShape {
    /// Plies from the root (0 is the root).
    pub ply: usize,
    /// The search's own counters at this ply.
    #[serde(flatten)]
    pub counts: PlyCounts,
    /// Moves per searched position at this ply (children entered plus moves
    /// pruned, over positions that were neither leaves nor table answers);
    /// `None` where no position here was searched.
    pub branching: Option<f64>,
    /// Positions plain minimax visits at this ply to the same depth (counted or
    /// estimated, as [`Shape::minimax_counted`] says); `None` past the depth.
    pub minimax: Option<f64>,
    /// Positions of the Knuth-Moore minimal tree at this ply, from the measured
    /// branching; `None` past the depth.
    pub minimal_tree: Option<f64>,
}

/// How the minimax column was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Counted {
    /// A minimax search to the same depth counted it.
    Exact,
    /// Multiplied out from the branching measured at each ply.
    Estimated,
}

/// A search's shape: its plies and its summary rates.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shape {
    /// The depth the references are computed to.
    #[serde(skip)]
    pub depth: u32,
    /// One entry per ply the search reached.
    pub per_ply: Vec<PlyShape>,
    /// How the minimax column was obtained.
    pub minimax_counted: Counted,
    /// Positions minimax visits to the depth, all plies together.
    pub minimax_nodes: f64,
    /// Positions of the minimal tree to the depth, all plies together.
    pub minimal_tree_nodes: f64,
    /// Share of cutoffs made by the first move tried.
    pub first_move_cutoff_rate: Option<f64>,
    /// Effective branching factor of each pass after the first (its nodes over the
    /// pass before's).
    pub branching_per_iteration: Vec<f64>,
}

impl Shape {
    /// The shape of the last pass counted in `stats`, searched to `depth`;
    /// `minimax_per_ply`, when given, is a minimax search's count to the same depth
    /// (else the column is estimated from the measured branching).
    pub fn of(stats: &Stats, depth: u32, minimax_per_ply: Option<&[u64]>) -> Shape {
        let counts = &stats.per_ply;
        let branching: Vec<Option<f64>> = (0..counts.len())
            .map(|ply| measured_branching(counts, ply))
            .collect();
        let depth_plies = depth as usize + 1;
        let estimate = references(&branching, depth_plies);
        let minimax: Vec<f64> = match minimax_per_ply {
            Some(exact) => exact.iter().map(|&n| n as f64).collect(),
            None => estimate.iter().map(|r| r.0).collect(),
        };
        let plies = counts.len().max(minimax.len());
        let per_ply = (0..plies)
            .map(|ply| PlyShape {
                ply,
                counts: counts.get(ply).copied().unwrap_or_default(),
                branching: branching.get(ply).copied().flatten(),
                minimax: minimax.get(ply).copied(),
                minimal_tree: estimate.get(ply).map(|r| r.1),
            })
            .collect();
        Shape {
            depth,
            per_ply,
            minimax_counted: match minimax_per_ply {
                Some(_) => Counted::Exact,
                None => Counted::Estimated,
            },
            minimax_nodes: minimax.iter().sum(),
            minimal_tree_nodes: estimate.iter().map(|r| r.1).sum(),
            first_move_cutoff_rate: stats.first_move_cutoff_rate(),
            branching_per_iteration: stats.branching_per_iteration(),
        }
    }
}

/// The shape of a search of `game` whose counters are `stats` (to the depth of
/// the pass they count), with the minimax column counted by a minimax search to
/// the same depth when the estimate says it stays within `budget` nodes (and it
/// does), else estimated.
pub fn shape_of_search<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    stats: &Stats,
    budget: u64,
) -> Shape {
    let depth = stats.counted_depth();
    let estimated = Shape::of(stats, depth, None);
    if estimated.minimax_nodes > budget as f64 {
        return estimated;
    }
    let limits = Limits {
        depth: Some(depth),
        time: None,
        nodes: Some(budget),
    };
    let minimax = search(
        game,
        evaluator,
        &SearchConfig::minimax(limits),
        None,
        &mut (),
    );
    if minimax.stopped {
        return estimated;
    }
    Shape::of(stats, depth, Some(&minimax.stats.nodes_per_ply()))
}

/// b such that b^depth = leaves: the branching of a uniform tree with as many
/// leaves at that depth, 1 for a search that scored at most one leaf.
pub fn uniform_branching(leaves: u64, depth: u32) -> f64 {
    (leaves.max(1) as f64).powf(1.0 / f64::from(depth.max(1)))
}

/// The searches a profile or `ply compare` sets side by side, in the order the
/// course adds its ideas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Plain minimax.
    Minimax,
    /// The course's alpha-beta, nothing added.
    AlphaBeta,
    /// Alpha-beta with move ordering.
    Ordering,
    /// Alpha-beta with ordering and a transposition table.
    Table,
    /// Alpha-beta with ordering, table and iterative deepening.
    Iterative,
    /// The engine as the game plays it (with its extras where it prefers them).
    Engine,
}

impl Step {
    /// Every step, in the course's order.
    pub const ALL: [Step; 6] = [
        Step::Minimax,
        Step::AlphaBeta,
        Step::Ordering,
        Step::Table,
        Step::Iterative,
        Step::Engine,
    ];

    /// The step in a few words.
    pub fn label(self) -> &'static str {
        match self {
            Step::Minimax => "minimax",
            Step::AlphaBeta => "alpha-beta",
            Step::Ordering => "alpha-beta +ordering",
            Step::Table => "alpha-beta +ordering +tt",
            Step::Iterative => "alpha-beta +ordering +tt +id",
            Step::Engine => "engine",
        }
    }

    /// The step that searched with `algorithm`, as near as the steps come.
    pub fn of(algorithm: Algorithm) -> Step {
        match algorithm {
            Algorithm::Minimax => Step::Minimax,
            Algorithm::AlphaBeta => Step::AlphaBeta,
            _ => Step::Engine,
        }
    }

    /// The next step in the course's order, or the previous one (`forward` false),
    /// round at the ends.
    pub fn next(self, forward: bool) -> Step {
        let index = Step::ALL.iter().position(|&s| s == self).unwrap_or(0);
        let count = Step::ALL.len();
        Step::ALL[(index + if forward { 1 } else { count - 1 }) % count]
    }

    /// Its configuration with `limits`; `engine_profile` when the game's engine
    /// plays with its extras.
    pub fn config(self, limits: Limits, engine_profile: bool) -> SearchConfig {
        let plain =
            |algorithm| SearchConfig::for_algorithm_in_game(algorithm, limits, engine_profile);
        let adding = |ordering, table, iterative| {
            plain(Algorithm::AlphaBeta).with_additions(Additions {
                ordering,
                table,
                iterative,
            })
        };
        match self {
            Step::Minimax => plain(Algorithm::Minimax),
            Step::AlphaBeta => plain(Algorithm::AlphaBeta),
            Step::Ordering => adding(true, false, false),
            Step::Table => adding(true, true, false),
            Step::Iterative => adding(true, true, true),
            Step::Engine => plain(Algorithm::Engine),
        }
    }
}

/// Moves per searched position at `ply`: the children entered at the next ply as
/// ordinary moves (not searched again, not after a pass, not in quiescence) plus
/// the moves pruned here, over the positions here that were searched.
fn measured_branching(counts: &[PlyCounts], ply: usize) -> Option<f64> {
    let here = &counts[ply];
    let searched = here
        .nodes
        .saturating_sub(here.leaves + here.tt_hits + here.quiescence);
    let next = counts.get(ply + 1).copied().unwrap_or_default();
    let children = next
        .nodes
        .saturating_sub(next.re_searched + next.null_move + next.quiescence);
    (searched > 0 && children + here.pruned > 0)
        .then(|| (children + here.pruned) as f64 / searched as f64)
}

/// Minimax's nodes and the minimal tree's per ply, from ply 0 to `plies - 1`, on a
/// tree branching as measured (past the last measured ply, as the last one).
/// Minimax: the product of the branchings above. Minimal tree (Knuth and Moore
/// 1975): a node is in it when every other move on its path is the first one, so
/// at ply k it has the product over the odd plies plus the product over the even
/// plies, less the one path counted twice: b^ceil(k/2) + b^floor(k/2) - 1 on a
/// uniform tree.
fn references(branching: &[Option<f64>], plies: usize) -> Vec<(f64, f64)> {
    let mut last = 1.0;
    let (mut all, mut odd, mut even) = (1.0, 1.0, 1.0);
    let mut out = Vec::with_capacity(plies);
    for ply in 0..plies {
        out.push((all, odd + even - 1.0));
        let b = branching.get(ply).copied().flatten().unwrap_or(last);
        last = b;
        all *= b;
        if ply % 2 == 0 {
            odd *= b;
        } else {
            even *= b;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uniform_tree_gives_the_textbook_formulas() {
        let refs = references(&[Some(3.0), Some(3.0), Some(3.0)], 4);
        let minimax: Vec<f64> = refs.iter().map(|r| r.0).collect();
        let minimal: Vec<f64> = refs.iter().map(|r| r.1).collect();
        assert_eq!(minimax, [1.0, 3.0, 9.0, 27.0]);
        // b^ceil(k/2) + b^floor(k/2) - 1: 1, 3, 5, 11.
        assert_eq!(minimal, [1.0, 3.0, 5.0, 11.0]);
    }
}
