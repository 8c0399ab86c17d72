//! Reductions for the full engine only. Internal iterative reduction: a node deep
//! enough that the transposition table knows no move for is searched a ply
//! shallower. Its move order is a guess there, so a full-depth search of it is
//! mostly wasted; the shallower search stores a move that the next iteration orders
//! first. Logarithmic late-move reductions ([`SearchConfig::log_reductions`]):
//! late quiet moves searched shallower the deeper the node and the later the move.
//!
//! [`SearchConfig::log_reductions`]: super::SearchConfig::log_reductions

use std::sync::OnceLock;

use super::order::history_bonus;
use super::searcher::Searcher;
use super::tree::Tracer;
use crate::game::SearchHooks;

/// With history gravity, a ply less reduction per this much history score (more
/// for a move whose history is below zero).
const HISTORY_PER_PLY: i32 = 8_192;

/// Remaining depth from which a node without a table move is searched a ply
/// shallower.
const IIR_MIN_DEPTH: u32 = 4;

impl<G: SearchHooks, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The depth to search the current node at: a ply less than `depth` when
    /// internal iterative reduction is on, the node is below the root, at least
    /// [`IIR_MIN_DEPTH`] deep, and the table gave no move.
    pub(super) fn internal_iterative_reduction(
        &self,
        depth: u32,
        ply: usize,
        tt_move: Option<G::Move>,
    ) -> u32 {
        let reduce = self.config.iterative_reduction
            && ply > 0
            && depth >= IIR_MIN_DEPTH
            && tt_move.is_none()
            && self.has_table();
        depth - u32::from(reduce)
    }
}

/// Move numbers and depths the logarithmic reduction table covers; later or
/// deeper ones read its last row or column.
const LOG_TABLE_SIZE: usize = 64;

/// The logarithmic late-move reduction before adjustments, in plies, by remaining
/// depth and move number: `0.75 + ln(depth) ln(number) / 2.25`, the curve
/// strong engines use (a ply at depth 3 from the fourth move on, three by depth 10
/// past the twentieth move).
fn log_reduction(depth: u32, index: usize) -> i32 {
    static TABLE: OnceLock<Vec<[u8; LOG_TABLE_SIZE]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..LOG_TABLE_SIZE)
            .map(|d| {
                std::array::from_fn(|i| match (d, i) {
                    (0, _) | (_, 0) => 0,
                    _ => (0.75 + (d as f64).ln() * (i as f64).ln() / 2.25) as u8,
                })
            })
            .collect()
    });
    let last = LOG_TABLE_SIZE - 1;
    i32::from(table[(depth as usize).min(last)][(index + 1).min(last)])
}

impl<G: SearchHooks, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The logarithmic late-move reduction of the `index`-th move (a quiet one, late
    /// enough, below the root, not in check: the caller checks), adjusted as strong
    /// engines do: a ply less on the principal variation (`pv`), for a killer or
    /// counter move, for a move that gives check, for a move that threatens to win
    /// material ([`SearchConfig::threat_moves`]) and for a move whose history
    /// shows it cuts; a ply more when the side to move is not improving on its
    /// static value. Never so much that the move is searched at less than one ply.
    ///
    /// [`SearchConfig::threat_moves`]: super::SearchConfig::threat_moves
    pub(super) fn adjusted_log_reduction(
        &mut self,
        m: G::Move,
        index: usize,
        depth: u32,
        ply: usize,
        pv: bool,
    ) -> u32 {
        let side = self.game.to_move();
        let mut reduction = log_reduction(depth, index);
        reduction -= i32::from(pv);
        let lead = self.lead(ply);
        let killer =
            self.orderer.is_killer(ply, m) || self.orderer.is_counter::<G>(side, lead.previous, m);
        reduction -= i32::from(killer);
        let history = self.orderer.history_score(&self.game, &lead, m);
        reduction -= match self.orderer.gravity::<G>() {
            true => history / HISTORY_PER_PLY,
            false => i32::from(i64::from(history) >= 2 * i64::from(history_bonus(depth))),
        };
        let static_value = self.stack.get(ply).and_then(|entry| entry.static_eval);
        reduction += i32::from(static_value.is_some_and(|(_, eval)| !self.improving(ply, eval)));
        if reduction > 0 && self.gives_check(m) {
            reduction -= 1;
        }
        if reduction > 0 && self.spares_threat(m) {
            reduction -= 1;
        }
        reduction.clamp(0, depth as i32 - 2) as u32
    }
}
