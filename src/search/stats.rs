//! Counters a search keeps, for the search panel, `ply solve` and the benchmarks.

use std::time::Duration;

/// What happened at one ply from the root during a pass, counted as the search runs
/// (no tree is recorded). A node is counted at its own ply, a cutoff at the ply of
/// the node it cut, and a child visited in a special way (reduced, searched again,
/// after a pass, in quiescence) at the child's ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PlyCounts {
    /// Positions entered at this ply (also those the table answered).
    pub nodes: u64,
    /// Positions scored statically here: finished games and evaluations.
    pub leaves: u64,
    /// Cutoffs here that pruned at least one move.
    pub cutoffs: u64,
    /// Moves those cutoffs left unsearched.
    pub pruned: u64,
    /// Cutoffs made by the first move tried.
    pub first_move_cutoffs: u64,
    /// Cutoffs made by the transposition table's move.
    pub table_move_cutoffs: u64,
    /// Cutoffs made by a killer move (one that cut at this ply before).
    pub killer_cutoffs: u64,
    /// Cutoffs made by a tactical move (a capture, a promotion: the game's `is_tactical`).
    pub capture_cutoffs: u64,
    /// Positions here the transposition table answered without a search.
    pub tt_hits: u64,
    /// Engine: positions entered with a reduced depth (late-move reduction).
    pub reduced: u64,
    /// Engine: positions entered again after a probe, a reduction or an aspiration
    /// window said the move might be better.
    pub re_searched: u64,
    /// Engine: positions searched a ply deeper because the side to move is in check.
    pub extended: u64,
    /// Engine: positions entered after a pass (null-move pruning).
    pub null_move: u64,
    /// Engine: positions entered in quiescence search (past the depth limit).
    pub quiescence: u64,
}

/// Why a child is visited, as the per-ply counters tell the visits apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VisitCount {
    /// Entered with a reduced depth.
    Reduced,
    /// Entered again after a probe or a reduction.
    ReSearched,
    /// Entered after a pass.
    NullMove,
    /// Entered in quiescence search.
    Quiescence,
    /// Searched a ply deeper for a check.
    Extended,
}

/// What a move that cut a node off was, for the per-ply cutoff shares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CutBy {
    /// It was the first move tried.
    pub first: bool,
    /// It was the transposition table's move.
    pub table_move: bool,
    /// It was a killer move.
    pub killer: bool,
    /// It was a tactical move.
    pub capture: bool,
}

/// What a search did. With iterative deepening a search makes several passes (depth
/// 1, 2, 3...); `nodes`, `leaves`, `cutoffs`, `tt_hits` and `per_ply` count the
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
    /// The pass's counters per ply from the root (index 0 is the root); each
    /// column adds up to the total above it where there is one.
    pub per_ply: Vec<PlyCounts>,
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

    /// The depth of the deepest pass that finished, if any did.
    pub fn deepest_finished_pass(&self) -> Option<u32> {
        let passes = self.passes() as u32;
        (passes > 0).then(|| self.first_pass_depth.max(1) + passes - 1)
    }

    /// The depth of the pass the per-pass counters count: the deepest finished,
    /// else the one cut short before any finished.
    pub fn counted_depth(&self) -> u32 {
        self.deepest_finished_pass()
            .unwrap_or(self.first_pass_depth)
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
        self.per_ply.clear();
    }

    /// The counters of `ply`, made when the pass had not reached it yet.
    pub fn at_ply(&mut self, ply: usize) -> &mut PlyCounts {
        if self.per_ply.len() <= ply {
            self.per_ply.resize(ply + 1, PlyCounts::default());
        }
        &mut self.per_ply[ply]
    }

    /// Counts a position scored statically at `ply`.
    pub fn count_leaf(&mut self, ply: usize) {
        self.leaves += 1;
        self.at_ply(ply).leaves += 1;
    }

    /// Counts a table answer at `ply`.
    pub fn count_tt_hit(&mut self, ply: usize) {
        self.tt_hits += 1;
        self.at_ply(ply).tt_hits += 1;
    }

    /// Counts a cutoff at `ply` by a move described by `by`, with `pruned` moves
    /// left unsearched.
    pub fn count_cutoff(&mut self, ply: usize, by: CutBy, pruned: usize) {
        self.cutoffs += 1;
        let counts = self.at_ply(ply);
        counts.cutoffs += 1;
        counts.pruned += pruned as u64;
        counts.first_move_cutoffs += u64::from(by.first);
        counts.table_move_cutoffs += u64::from(by.table_move);
        counts.killer_cutoffs += u64::from(by.killer);
        counts.capture_cutoffs += u64::from(by.capture);
    }

    /// Counts a child visited at `ply` in the way `visit` says.
    pub fn count_visit(&mut self, ply: usize, visit: VisitCount) {
        let counts = self.at_ply(ply);
        let counter = match visit {
            VisitCount::Reduced => &mut counts.reduced,
            VisitCount::ReSearched => &mut counts.re_searched,
            VisitCount::NullMove => &mut counts.null_move,
            VisitCount::Quiescence => &mut counts.quiescence,
            VisitCount::Extended => &mut counts.extended,
        };
        *counter += 1;
    }

    /// The nodes of the pass per ply from the root.
    pub fn nodes_per_ply(&self) -> Vec<u64> {
        self.per_ply.iter().map(|p| p.nodes).collect()
    }

    /// The share of the pass's cutoffs made by the first move tried, `None`
    /// without cutoffs: how good the move ordering is (strong engines keep it
    /// above 90%).
    pub fn first_move_cutoff_rate(&self) -> Option<f64> {
        let first: u64 = self.per_ply.iter().map(|p| p.first_move_cutoffs).sum();
        let all: u64 = self.per_ply.iter().map(|p| p.cutoffs).sum();
        (all > 0).then(|| first as f64 / all as f64)
    }

    /// Effective branching factor of each finished pass after the first: its
    /// nodes over the nodes of the pass before.
    pub fn branching_per_iteration(&self) -> Vec<f64> {
        self.nodes_per_iteration
            .windows(2)
            .map(|w| w[1] as f64 / w[0].max(1) as f64)
            .collect()
    }

    /// Counts a visit at `ply`.
    pub fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.nodes_all_passes += 1;
        self.at_ply(ply).nodes += 1;
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
