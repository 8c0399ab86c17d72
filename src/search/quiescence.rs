//! Quiescence search: past the depth limit, keep searching tactical moves (captures,
//! promotions: the game's `is_tactical`) so that the evaluation is only trusted in
//! quiet positions. The side to move may also "stand pat" on the evaluation.

use super::continuation::Lead;
use super::score::{INFINITY, Score};
use super::searcher::Searcher;
use super::stats::VisitCount;
use super::tree::{NodeKind, Tracer, Visit};
use crate::game::SearchHooks;

impl<G: SearchHooks, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The quiescence value of the current (already entered) position at the
    /// depth limit, or further down.
    pub(super) fn quiesce(&mut self, ply: usize, mut alpha: Score, beta: Score) -> Score {
        if self.game.must_play_tactical() {
            return self.quiesce_forced(ply, alpha, beta);
        }
        let stand_pat = self.evaluate_depth_limit(ply);
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        self.quiesce_moves(ply, alpha, beta, stand_pat)
    }

    /// A position where the rules allow only tactical moves: no standing pat, the
    /// value is the best of those moves (they are all there is to play).
    fn quiesce_forced(&mut self, ply: usize, alpha: Score, beta: Score) -> Score {
        let best = self.quiesce_moves(ply, alpha, beta, -INFINITY);
        if best == -INFINITY && !self.aborted {
            // The game offered no tactical move after all: judge the position.
            let evaluation = self.evaluate(ply, true);
            self.trace_leaf(NodeKind::Horizon, evaluation);
            return evaluation;
        }
        best
    }

    /// Searches the tactical moves of the current position; `floor` is the value
    /// before any of them (the stand-pat score, or -infinity when none is allowed).
    fn quiesce_moves(&mut self, ply: usize, alpha: Score, beta: Score, floor: Score) -> Score {
        let mut moves = self.take_tactical_moves(ply);
        let mut alpha = alpha;
        // Captures are always tried best first (the game's priority: most valuable
        // victim, least valuable attacker), whatever the ordering switches say:
        // unordered, quiescence explodes (hundreds of millions of nodes at depth 3).
        let not_losing = match self.orderer.active() {
            true => self
                .orderer
                .sort(&self.game, &mut moves, None, ply, &Lead::NONE),
            false => {
                let game = &self.game;
                moves.sort_by_key(|&m| std::cmp::Reverse(game.move_priority(m)));
                None
            }
        };
        let mut best = floor;
        // Standing pat is allowed: a capture that loses material by static exchange
        // would not raise it, and is left out. The ordering's judgement of the
        // tactical moves is reused when it made one.
        let skip_losing = self.config.see_pruning && floor > -INFINITY;
        for (index, &m) in moves.iter().enumerate() {
            let losing = || match not_losing {
                Some(count) if self.game.is_tactical(m) => index >= count,
                _ => self.game.exchange_loss(m).is_some(),
            };
            if skip_losing && losing() {
                continue;
            }
            let score = self.visit_child(m, 0, alpha, beta, Visit::Quiescence, |s, a, b| {
                s.quiesce_child(ply + 1, a, b)
            });
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if T::ENABLED && alpha < beta {
                        self.tracer.raise_alpha(alpha);
                    }
                }
            }
            if alpha >= beta {
                self.count_cutoff(ply, (&moves, index), score, beta);
                break;
            }
        }
        self.give_back_moves(ply, moves);
        best
    }

    /// A child of a quiescence node: counted, checked for the end of the game,
    /// then searched on.
    fn quiesce_child(&mut self, ply: usize, alpha: Score, beta: Score) -> Score {
        if self.enter_node(ply) {
            return 0;
        }
        self.stats.count_visit(ply, VisitCount::Quiescence);
        if let Some(outcome) = self.game.outcome() {
            let score = self.terminal_score(outcome, ply);
            self.trace_leaf(NodeKind::Terminal, score);
            return score;
        }
        self.quiesce(ply, alpha, beta)
    }
}
