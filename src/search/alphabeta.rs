//! Alpha-beta in negamax form, fail-soft: every score is from the side to move's
//! point of view, and a child's score is negated only when the side to move
//! changes (Kalah's extra turns keep it).

use super::score::Score;
use super::searcher::Searcher;
use super::tree::{NodeKind, Tracer};
use super::tt::Bound;
use crate::game::Game;

impl<G: Game, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The negamax value of the current position within the window `(alpha, beta)`:
    /// exact inside it, an upper bound at or below alpha, a lower bound at or above beta.
    pub(super) fn negamax(&mut self, depth: u32, ply: usize, alpha: Score, beta: Score) -> Score {
        if self.enter_node(ply) {
            return 0;
        }
        let (stored, tt_move) = self.probe(depth, ply, alpha, beta);
        if let Some(score) = stored {
            self.trace_table_hit(score);
            return score;
        }
        if let Some(outcome) = self.game.outcome() {
            let score = self.terminal_score(outcome, ply);
            self.store(depth, ply, score, Bound::Exact, None, true);
            self.trace_leaf(NodeKind::Terminal, score);
            return score;
        }
        if depth == 0 {
            let score = self.evaluate(true);
            self.trace_leaf(NodeKind::Horizon, score);
            return score;
        }
        let mut moves = self.take_moves(ply);
        if moves.is_empty() {
            self.give_back_moves(ply, moves);
            let score = self.evaluate(false);
            self.trace_leaf(NodeKind::Leaf, score);
            return score;
        }
        if self.orderer.active() {
            self.orderer.sort(&self.game, &mut moves, tt_move, ply);
        }
        let ((best, best_move), proven) =
            self.tracking_horizon(|s| s.negamax_moves(&moves, depth, ply, alpha, beta));
        self.give_back_moves(ply, moves);
        if !self.aborted {
            let bound = if best <= alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.store(depth, ply, best, bound, best_move, proven);
        }
        best
    }

    fn negamax_moves(
        &mut self,
        moves: &[G::Move],
        depth: u32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> (Score, Option<G::Move>) {
        let side = self.game.to_move();
        let mut best = -super::score::INFINITY;
        let mut best_move = None;
        for (index, &m) in moves.iter().enumerate() {
            let score = self.negamax_child(m, depth, ply, alpha, beta);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if T::ENABLED && alpha < beta {
                        self.tracer.raise_alpha(alpha);
                    }
                }
            }
            if alpha >= beta {
                self.stats.cutoffs += 1;
                self.orderer.record_cutoff(side, m, ply, depth);
                if T::ENABLED {
                    self.tracer.cutoff(m, score, beta, &moves[index + 1..]);
                }
                break;
            }
        }
        (best, best_move)
    }

    /// The score of `m` for the side to move here, searched with window `(alpha, beta)`.
    pub(super) fn negamax_child(
        &mut self,
        m: G::Move,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let side = self.game.to_move();
        self.game.play(m);
        let child = self.game.to_move();
        let (child_alpha, child_beta) = if child == side {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        if T::ENABLED {
            self.tracer
                .enter(m, child, depth - 1, child_alpha, child_beta);
        }
        let child_score = self.negamax(depth - 1, ply + 1, child_alpha, child_beta);
        if T::ENABLED {
            self.tracer.exit(child_score);
        }
        self.game.undo();
        if child == side {
            child_score
        } else {
            -child_score
        }
    }
}
