//! What a long exact solve has done so far, for a live progress line.
//!
//! The exact solvers ([`crate::game::Playable::solve_exactly`]) run to the end
//! without a channel of their own; they write a few counters here now and then
//! (every few thousand nodes, and at each null-window probe), and the command line
//! reads them from another thread. One solve at a time is shown; writes from solves
//! running side by side (tests) only mix figures nobody reads.

use std::sync::atomic::{AtomicI32, AtomicU32, AtomicU64, Ordering};

/// The counters of the solve in progress.
pub struct SolveProgress {
    nodes: AtomicU64,
    probes: AtomicU32,
    lower: AtomicI32,
    upper: AtomicI32,
    database_level: AtomicU32,
    database_levels: AtomicU32,
}

/// A copy of the counters at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgressSnapshot {
    /// Nodes searched so far (updated every few thousand nodes).
    pub nodes: u64,
    /// Null-window probes started so far (0 before the first).
    pub probes: u32,
    /// The score is proven to be at least this (in the solver's convention).
    pub lower: i32,
    /// ... and at most this.
    pub upper: i32,
    /// The level (seeds in play) of the endgame database being built before the
    /// search starts; 0 when none is being built.
    pub database_level: u32,
    /// The levels that database will have.
    pub database_levels: u32,
}

/// The one set of counters the exact solvers write to.
pub static SOLVE_PROGRESS: SolveProgress = SolveProgress {
    nodes: AtomicU64::new(0),
    probes: AtomicU32::new(0),
    lower: AtomicI32::new(0),
    upper: AtomicI32::new(0),
    database_level: AtomicU32::new(0),
    database_levels: AtomicU32::new(0),
};

impl SolveProgress {
    /// Starts counting afresh for a new solve.
    pub fn reset(&self) {
        self.nodes.store(0, Ordering::Relaxed);
        self.probes.store(0, Ordering::Relaxed);
        self.lower.store(0, Ordering::Relaxed);
        self.upper.store(0, Ordering::Relaxed);
        self.database_level.store(0, Ordering::Relaxed);
        self.database_levels.store(0, Ordering::Relaxed);
    }

    /// An endgame database is being built: `level` of `levels`, `positions` done.
    /// A first build can take minutes, so the line says so instead of "solving".
    pub fn record_database(&self, level: u32, levels: u32, positions: u64) {
        self.database_level.store(level, Ordering::Relaxed);
        self.database_levels.store(levels, Ordering::Relaxed);
        self.nodes.store(positions, Ordering::Relaxed);
    }

    /// The database is built; the counters are the search's again.
    pub fn record_database_done(&self) {
        self.database_level.store(0, Ordering::Relaxed);
        self.nodes.store(0, Ordering::Relaxed);
    }

    /// The nodes searched so far.
    pub fn record_nodes(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }

    /// A new probe starts; the score is known to lie in `lower..=upper`.
    pub fn record_probe(&self, lower: i32, upper: i32) {
        self.probes.fetch_add(1, Ordering::Relaxed);
        self.lower.store(lower, Ordering::Relaxed);
        self.upper.store(upper, Ordering::Relaxed);
    }

    /// The counters now.
    pub fn snapshot(&self) -> ProgressSnapshot {
        ProgressSnapshot {
            nodes: self.nodes.load(Ordering::Relaxed),
            probes: self.probes.load(Ordering::Relaxed),
            lower: self.lower.load(Ordering::Relaxed),
            upper: self.upper.load(Ordering::Relaxed),
            database_level: self.database_level.load(Ordering::Relaxed),
            database_levels: self.database_levels.load(Ordering::Relaxed),
        }
    }
}
