//! Plain minimax as the textbook gives it: MAX-VALUE and MIN-VALUE, full width,
//! values always from MAX's (the root player's) point of view. It is slow on
//! purpose: it is the reference every faster search is checked against. At a
//! chance node (a written tree's `chance` level) it takes the mean of the children,
//! which makes it expectimax.

use super::score::{INFINITY, Score};
use super::searcher::Searcher;
use super::tree::{NodeKind, Tracer};
use super::tt::Bound;
use crate::game::SearchHooks;

impl<G: SearchHooks, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The minimax value of the current position for MAX, searched `depth` plies.
    pub(super) fn minimax_value(&mut self, depth: u32, ply: usize) -> Score {
        if self.enter_node(ply) {
            return 0;
        }
        let for_max = |searcher: &Self, score: Score| {
            if searcher.game.to_move() == searcher.root_player {
                score
            } else {
                -score
            }
        };
        if let Some(score) = self.repetition_score(ply) {
            return for_max(self, score);
        }
        if let (Some(score), _) = self.probe(depth, ply, -INFINITY, INFINITY) {
            self.trace_table_hit(score);
            return for_max(self, score);
        }
        if let Some(outcome) = self.game.outcome() {
            let score = self.terminal_score(outcome, ply);
            self.store(depth, ply, score, Bound::Exact, None, true);
            self.trace_leaf(NodeKind::Terminal, score);
            return for_max(self, score);
        }
        if depth == 0 {
            let score = self.evaluate_depth_limit(ply);
            return for_max(self, score);
        }
        let moves = self.take_moves(ply);
        let ((value, best), proven) = self.tracking_horizon(|s| {
            if moves.is_empty() {
                let score = s.evaluate(ply, false);
                s.trace_leaf(NodeKind::Leaf, score);
                (for_max(s, score), None)
            } else if s.game.is_chance_node() {
                s.chance_value(&moves, depth, ply)
            } else if s.game.to_move() == s.root_player {
                s.max_value(&moves, depth, ply)
            } else {
                s.min_value(&moves, depth, ply)
            }
        });
        self.give_back_moves(ply, moves);
        if !self.aborted {
            self.store(depth, ply, for_max(self, value), Bound::Exact, best, proven);
        }
        value
    }

    /// MAX-VALUE: the best child for MAX.
    fn max_value(&mut self, moves: &[G::Move], depth: u32, ply: usize) -> (Score, Option<G::Move>) {
        let mut value = -INFINITY;
        let mut best = None;
        for &m in moves {
            let child = self.minimax_child(m, depth, ply);
            if self.aborted {
                break;
            }
            if child > value {
                value = child;
                best = Some(m);
                self.update_pv(ply, m);
            }
        }
        (value, best)
    }

    /// MIN-VALUE: the best child for MIN, which is the worst for MAX.
    fn min_value(&mut self, moves: &[G::Move], depth: u32, ply: usize) -> (Score, Option<G::Move>) {
        let mut value = INFINITY;
        let mut best = None;
        for &m in moves {
            let child = self.minimax_child(m, depth, ply);
            if self.aborted {
                break;
            }
            if child < value {
                value = child;
                best = Some(m);
                self.update_pv(ply, m);
            }
        }
        (value, best)
    }

    /// A chance node's value: the mean of its children's, rounded to the nearest
    /// whole number (halves away from zero). Nobody chooses, so there is no best move.
    fn chance_value(
        &mut self,
        moves: &[G::Move],
        depth: u32,
        ply: usize,
    ) -> (Score, Option<G::Move>) {
        let mut sum = 0i64;
        for &m in moves {
            sum += i64::from(self.minimax_child(m, depth, ply));
            if self.aborted {
                break;
            }
        }
        let mean = (sum as f64 / moves.len() as f64).round();
        (mean as Score, None)
    }

    /// The minimax value (for MAX) after playing `m`.
    pub(super) fn minimax_child(&mut self, m: G::Move, depth: u32, ply: usize) -> Score {
        self.game.play(m);
        let side = self.game.to_move();
        if T::ENABLED {
            self.tracer
                .enter(Some(m), side, depth - 1, -INFINITY, INFINITY);
        }
        let value = self.minimax_value(depth - 1, ply + 1);
        if T::ENABLED {
            self.tracer.exit(if side == self.root_player {
                value
            } else {
                -value
            });
        }
        self.game.undo();
        value
    }
}
