//! The course's alpha-beta: depth-first minimax that stops searching a node's
//! moves as soon as one reaches the window, in negamax form (every score from the
//! side to move's view, a child's negated only when the side to move changes, as
//! after Kalah's extra turn) and fail-soft (a node returns the best value it saw,
//! which may lie outside the window). Nothing else: the additions a student
//! switches on one at a time (`+ordering`, `+tt`, `+id`) are the only helpers it
//! reads; the engine's extras live in negamax.rs.

use super::score::Score;
use super::searcher::{NodeBest, NodeStart, Searcher};
use super::tree::{NodeKind, Tracer, Visit};
use crate::game::SearchHooks;

impl<G: SearchHooks, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The alpha-beta value of the current position within `(alpha, beta)`:
    /// exact inside it, an upper bound at or below alpha, a lower bound at or
    /// above beta, searched `depth` plies.
    pub(super) fn alpha_beta(
        &mut self,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let table_move = match self.start_node(depth, ply, alpha, beta) {
            NodeStart::Answered(score) => return score,
            NodeStart::Search { table_move, .. } => table_move,
        };
        if depth == 0 {
            let score = self.evaluate(ply, true);
            self.trace_leaf(NodeKind::Horizon, score);
            return score;
        }
        self.search_node_moves((depth, ply), (alpha, beta), table_move, |s, moves| {
            s.alpha_beta_moves(moves, depth, ply, (alpha, beta))
        })
    }

    /// Searches the node's moves in order with the whole window, raising alpha,
    /// until one reaches beta (a cutoff: the rest are pruned).
    fn alpha_beta_moves(
        &mut self,
        moves: &[G::Move],
        depth: u32,
        ply: usize,
        window: (Score, Score),
    ) -> (Score, Option<G::Move>) {
        let mut node = NodeBest::new(window);
        for (index, &m) in moves.iter().enumerate() {
            let window = (node.alpha, node.beta);
            let score = self.alpha_beta_child(m, depth, ply, window, Visit::Full);
            if self.aborted
                || self.take_score((moves, index), score, (ply, depth), &mut node, false)
            {
                break;
            }
        }
        (node.score, node.mv)
    }

    /// The score of `m` for the side to move here, its child searched `depth - 1`
    /// plies with the window `(alpha, beta)` given in this node's view; `visit`
    /// says why (the root's aspiration pass or an ordinary one).
    pub(super) fn alpha_beta_child(
        &mut self,
        m: G::Move,
        depth: u32,
        ply: usize,
        (alpha, beta): (Score, Score),
        visit: Visit,
    ) -> Score {
        self.visit_child(m, depth - 1, alpha, beta, visit, |s, a, b| {
            s.alpha_beta(depth - 1, ply + 1, a, b)
        })
    }
}
