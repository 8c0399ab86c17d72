//! Quiescence search: past the depth limit, keep searching tactical moves (captures,
//! promotions: the game's `is_tactical`) so that the evaluation is only trusted in
//! quiet positions. The side to move may also "stand pat" on the evaluation.
//! Switches add checks: `qsevasion` answers any check with every evasion, and
//! `qschecks` tries the quiet checks at the first ply and answers them so.

use super::continuation::Lead;
use super::score::{self, INFINITY, Score};
use super::searcher::Searcher;
use super::tree::{NodeKind, Tracer, Visit};
use super::tt::Bound;
use crate::game::Game;

/// Where a quiescence node stands, which decides the moves it searches.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Right at the depth limit: with quiet checks on, checks are searched too.
    Horizon,
    /// Entered by a quiet check: in check, every evasion is searched.
    AfterQuietCheck,
    /// Further down: tactical moves only.
    Below,
}

impl<G: Game, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The quiescence value of the current (already entered) position at the
    /// depth limit.
    pub(super) fn quiesce(&mut self, ply: usize, alpha: Score, beta: Score) -> Score {
        self.quiesce_at(ply, alpha, beta, Reach::Horizon)
    }

    fn quiesce_at(&mut self, ply: usize, mut alpha: Score, beta: Score, reach: Reach) -> Score {
        if self.game.must_play_tactical() {
            return self.quiesce_forced(ply, alpha, beta);
        }
        let evasions = self.config.quiescence_evasions || reach == Reach::AfterQuietCheck;
        if evasions && self.game.in_check() {
            return self.quiesce_evasions(ply, alpha, beta);
        }
        let stand_pat = self.evaluate(true);
        let stand_pat = self.corrected(stand_pat);
        self.trace_leaf(NodeKind::Horizon, stand_pat);
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        if reach == Reach::Horizon && self.config.quiescence_checks {
            let moves = self.take_tactical_moves_and_checks(ply);
            let after = Reach::AfterQuietCheck;
            return self.quiesce_searching(moves, ply, (alpha, beta), stand_pat, after);
        }
        self.quiesce_moves(ply, alpha, beta, stand_pat)
    }

    /// The tactical moves and the quiet moves that give check, in the buffer of
    /// `ply` (give it back).
    fn take_tactical_moves_and_checks(&mut self, ply: usize) -> Vec<G::Move> {
        let mut moves = self.take_moves(ply);
        moves.retain(|&m| self.game.is_tactical(m) || self.gives_check(m));
        moves
    }

    /// A position where the rules allow only tactical moves: no standing pat, the
    /// value is the best of those moves (they are all there is to play).
    fn quiesce_forced(&mut self, ply: usize, alpha: Score, beta: Score) -> Score {
        let best = self.quiesce_moves(ply, alpha, beta, -INFINITY);
        if best == -INFINITY && !self.aborted {
            // The game offered no tactical move after all: judge the position.
            let evaluation = self.evaluate(true);
            self.trace_leaf(NodeKind::Horizon, evaluation);
            return evaluation;
        }
        best
    }

    /// In check: no standing pat (the check may lose anything), every legal move
    /// is searched, so a mate is seen as one. Checkmate itself is the game's
    /// outcome, judged before this node is searched.
    fn quiesce_evasions(&mut self, ply: usize, alpha: Score, beta: Score) -> Score {
        let moves = self.take_moves(ply);
        let best = self.quiesce_searching(moves, ply, (alpha, beta), -INFINITY, Reach::Below);
        if best == -INFINITY && !self.aborted {
            let evaluation = self.evaluate(true);
            self.trace_leaf(NodeKind::Horizon, evaluation);
            return evaluation;
        }
        best
    }

    /// Searches the tactical moves of the current position; `floor` is the value
    /// before any of them (the stand-pat score, or -infinity when none is allowed).
    fn quiesce_moves(&mut self, ply: usize, alpha: Score, beta: Score, floor: Score) -> Score {
        let moves = self.take_tactical_moves(ply);
        self.quiesce_searching(moves, ply, (alpha, beta), floor, Reach::Below)
    }

    /// Searches `moves` (taken from the buffer of `ply`, given back at the end)
    /// as quiescence moves, from the value `floor`; a quiet move's child is
    /// searched as `quiet_reach` says (after a quiet check, or below).
    fn quiesce_searching(
        &mut self,
        mut moves: Vec<G::Move>,
        ply: usize,
        (mut alpha, beta): (Score, Score),
        floor: Score,
        quiet_reach: Reach,
    ) -> Score {
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
            if let Some(bound) = self.delta_bound(m, floor, alpha) {
                best = best.max(bound);
                continue;
            }
            let reach = match quiet_reach == Reach::Below || self.game.is_tactical(m) {
                true => Reach::Below,
                false => quiet_reach,
            };
            let score = self.visit_child(m, 0, alpha, beta, Visit::Quiescence, |s, a, b| {
                s.quiesce_child(ply + 1, a, b, reach)
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
                self.count_cutoff(m, score, beta, &moves[index + 1..]);
                break;
            }
        }
        self.give_back_moves(ply, moves);
        best
    }

    /// Delta pruning ([`SearchConfig::delta_pruning`]): where standing pat is
    /// allowed (`floor`, the stand-pat value), a capture whose static exchange gain
    /// and two units of material could not lift `floor` to alpha is skipped, and
    /// that sum is returned as the bound it leaves; `None`: search the move. A move
    /// that gives check is always searched.
    ///
    /// [`SearchConfig::delta_pruning`]: super::SearchConfig::delta_pruning
    fn delta_bound(&mut self, m: G::Move, floor: Score, alpha: Score) -> Option<Score> {
        if !self.config.delta_pruning || floor == -INFINITY || score::is_win(alpha) {
            return None;
        }
        let unit = self.game.pruning_unit()?;
        let gain = self.game.static_exchange(m)?;
        let optimistic = floor + gain.max(0) + 2 * unit;
        (optimistic <= alpha && !self.gives_check(m)).then_some(optimistic)
    }

    /// A child of a quiescence node: counted, checked for the end of the game,
    /// then searched on.
    fn quiesce_child(&mut self, ply: usize, alpha: Score, beta: Score, reach: Reach) -> Score {
        if self.enter_node(ply) {
            return 0;
        }
        if let Some(outcome) = self.game.outcome() {
            let score = self.terminal_score(outcome, ply);
            self.trace_leaf(NodeKind::Terminal, score);
            return score;
        }
        if !self.config.quiescence_table {
            return self.quiesce_at(ply, alpha, beta, reach);
        }
        let known = self.table_entry();
        let (stored, _) = self.probe_entry(known, 0, ply, alpha, beta);
        if let Some(score) = stored {
            self.trace_table_hit(score);
            return score;
        }
        let score = self.quiesce_at(ply, alpha, beta, reach);
        // A searched node's entry, even one that did not fit this window, knows
        // more (its move, its depth) than a quiescence value: it stays.
        if known.is_none() && !self.aborted {
            self.store(0, ply, score, Bound::of(score, alpha, beta), None, false);
        }
        score
    }
}
