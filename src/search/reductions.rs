//! Internal iterative reduction: a node deep enough that the transposition table
//! knows no move for is searched a ply shallower, for the full engine only. Its
//! move order is a guess there, so a full-depth search of it is mostly wasted;
//! the shallower search stores a move that the next iteration orders first.

use super::searcher::Searcher;
use super::tree::Tracer;
use crate::game::Game;

/// Remaining depth from which a node without a table move is searched a ply
/// shallower.
const IIR_MIN_DEPTH: u32 = 4;

impl<G: Game, T: Tracer<G::Move>> Searcher<'_, G, T> {
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
            && self.tt.is_some();
        depth - u32::from(reduce)
    }
}
