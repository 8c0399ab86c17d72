//! Counters a search keeps, for the search panel, `ply solve` and the benchmarks.

use std::time::Duration;

/// What a search did. With iterative deepening a search makes several passes (depth
/// 1, 2, 3...); `nodes`, `leaves`, `cutoffs`, `tt_hits` and `nodes_per_ply` count the
/// last finished pass only, the one whose result is reported, so that they match the
/// textbook's count for one search at that depth. `nodes_all_passes` counts everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions the pass visited, root included (also those answered by the table).
    pub nodes: u64,
    /// Positions the pass scored statically: finished games and evaluations.
    pub leaves: u64,
    /// Cutoffs of the pass that pruned at least one move.
    pub cutoffs: u64,
    /// Visits of the pass answered by the transposition table without searching.
    pub tt_hits: u64,
    /// Those of `tt_hits` answered by an entry searched to another depth than the
    /// one asked (deeper, or proven to the end): the reason a search with a table
    /// can return another value than minimax to the same depth.
    pub tt_hits_other_depth: u64,
    /// Nodes the pass visited per ply from the root (index 0 is the root).
    pub nodes_per_ply: Vec<u64>,
    /// Nodes of every pass together, an unfinished last one included: the work done.
    pub nodes_all_passes: u64,
    /// Nodes of each finished pass, the first at `first_pass_depth`, each next one
    /// a ply deeper.
    pub nodes_per_iteration: Vec<u64>,
    /// Depth of the first pass: 1 with iterative deepening, else the depth limit.
    pub first_pass_depth: u32,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl Stats {
    /// Nodes per second over the whole search (every pass).
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes_all_passes, self.elapsed)
    }

    /// How many passes finished (1 for a single search at the depth limit).
    pub fn passes(&self) -> usize {
        self.nodes_per_iteration.len()
    }

    /// Puts the per-pass counters back to zero for a new pass.
    pub fn start_pass(&mut self) {
        self.nodes = 0;
        self.leaves = 0;
        self.cutoffs = 0;
        self.tt_hits = 0;
        self.tt_hits_other_depth = 0;
        self.nodes_per_ply.clear();
    }

    /// Counts a visit at `ply`.
    pub fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.nodes_all_passes += 1;
        if self.nodes_per_ply.len() <= ply {
            self.nodes_per_ply.resize(ply + 1, 0);
        }
        self.nodes_per_ply[ply] += 1;
    }

    /// Effective branching factor: nodes of the last pass over the one before.
    pub fn effective_branching(&self) -> Option<f64> {
        let n = self.nodes_per_iteration.len();
        (n >= 2 && self.nodes_per_iteration[n - 2] > 0).then(|| {
            self.nodes_per_iteration[n - 1] as f64 / self.nodes_per_iteration[n - 2] as f64
        })
    }
}

/// Nodes per second, 0 for an instant search rather than a division by zero.
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    (u128::from(nodes) * 1_000_000)
        .checked_div(elapsed.as_micros())
        .map_or(0, |nps| nps as u64)
}
