//! Counters a search keeps, for the search panel, `ply solve` and the benchmarks.

use std::time::Duration;

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Every position the search visited, root included (also those answered by the table).
    pub nodes: u64,
    /// Positions scored statically: finished games and evaluations.
    pub leaves: u64,
    /// Alpha-beta cutoffs: nodes left before all their moves were searched.
    pub cutoffs: u64,
    /// Visits answered by the transposition table without searching.
    pub tt_hits: u64,
    /// Nodes visited per ply from the root (index 0 is the root).
    pub nodes_per_ply: Vec<u64>,
    /// Nodes of each finished iteration of iterative deepening, depth 1 first.
    pub nodes_per_iteration: Vec<u64>,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl Stats {
    /// Nodes per second over the whole search.
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.elapsed)
    }

    /// Effective branching factor: nodes of the last iteration over the one before.
    pub fn effective_branching(&self) -> Option<f64> {
        let n = self.nodes_per_iteration.len();
        (n >= 2 && self.nodes_per_iteration[n - 2] > 0).then(|| {
            self.nodes_per_iteration[n - 1] as f64 / self.nodes_per_iteration[n - 2] as f64
        })
    }
}

/// Nodes per second, 0 for an instant search rather than a division by zero.
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    (nodes as u128 * 1_000_000)
        .checked_div(elapsed.as_micros())
        .map_or(0, |nps| nps as u64)
}
