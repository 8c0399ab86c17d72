//! The full engine's search: alpha-beta in negamax form, fail-soft (as the
//! course's, alphabeta.rs), every score from the side to move's point of view, a
//! child's score negated only when the side to move changes (Kalah's extra turns
//! keep it).
//!
//! On top of the textbook algorithm, each switchable in [`SearchConfig`]: principal
//! variation search, null-move pruning (refined by the static value), late-move
//! reductions, internal iterative reduction (reductions.rs), check extension,
//! forward pruning near the horizon (pruning.rs) and quiescence search at the
//! depth limit (quiescence.rs).
//!
//! [`SearchConfig`]: super::SearchConfig

use super::pruning::ShallowNode;
use super::score::{self, Score};
use super::searcher::{NodeBest, NodeStart, Searcher};
use super::stats::VisitCount;
use super::tree::{Tracer, Visit};
use crate::game::SearchHooks;

/// Moves searched at full depth before late-move reductions start.
const LMR_FULL_DEPTH_MOVES: usize = 3;
/// Remaining depth below which nothing is reduced.
const LMR_MIN_DEPTH: u32 = 3;
/// How much shallower a null-move search goes.
const NULL_MOVE_REDUCTION: u32 = 2;

impl<G: SearchHooks, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The negamax value of the current position within the window `(alpha, beta)`:
    /// exact inside it, an upper bound at or below alpha, a lower bound at or above beta.
    pub(super) fn negamax(&mut self, depth: u32, ply: usize, alpha: Score, beta: Score) -> Score {
        let (entry, tt_move) = match self.start_node(depth, ply, alpha, beta) {
            NodeStart::Answered(score) => return score,
            NodeStart::Search { entry, table_move } => (entry, table_move),
        };
        let in_check = self.config.check_extension && self.game.in_check();
        let depth = if in_check && ply as u32 <= 2 * self.current_depth {
            self.stats.count_visit(ply, VisitCount::Extended);
            depth + 1
        } else {
            depth
        };
        if depth == 0 {
            return self.horizon(ply, alpha, beta);
        }
        let depth = self.internal_iterative_reduction(depth, ply, tt_move);
        let static_eval = self.node_eval(ply);
        let eval = static_eval.map(|e| self.refined_by_table(e, entry, ply, depth));
        let shallow = self.shallow_node(depth, ply, alpha, beta, eval);
        if let Some(score) = self.reverse_futility_cut(shallow, depth, beta) {
            return score;
        }
        if let Some(score) = self.null_move_cut(depth, ply, (alpha, beta), in_check, eval) {
            return score;
        }
        self.search_node_moves((depth, ply), (alpha, beta), tt_move, |s, moves| {
            s.negamax_moves(moves, depth, ply, (alpha, beta), in_check, shallow)
        })
    }

    /// At the depth limit: the evaluation, or a quiescence search when it is on.
    fn horizon(&mut self, ply: usize, alpha: Score, beta: Score) -> Score {
        if self.config.quiescence {
            return self.quiesce(ply, alpha, beta);
        }
        self.evaluate_depth_limit(ply)
    }

    /// Searches the node's moves in order.
    fn negamax_moves(
        &mut self,
        moves: &[G::Move],
        depth: u32,
        ply: usize,
        window: (Score, Score),
        in_check: bool,
        shallow: Option<ShallowNode>,
    ) -> (Score, Option<G::Move>) {
        let mut node = NodeBest::new(window);
        let malus = self.config.history_malus;
        for (index, &m) in moves.iter().enumerate() {
            let (alpha, beta) = (node.alpha, node.beta);
            if let Some(value) =
                self.skipped_move_value(shallow, m, index, depth, alpha, node.score)
            {
                node.score = node.score.max(value);
                continue;
            }
            let pv = beta - alpha > 1;
            let reduction = self.late_move_reduction(m, index, depth, ply, in_check, pv);
            let score = self.search_move(m, index, depth, ply, alpha, beta, reduction);
            if self.aborted
                || self.take_score((moves, index), score, (ply, depth), &mut node, malus)
            {
                break;
            }
        }
        (node.score, node.mv)
    }

    /// The score of the `index`-th move in order. The first move gets the full
    /// window; with PVS or a reduction, later ones first get a null window (and the
    /// reduced depth), and are searched again in full only when they might beat alpha.
    /// In a node whose window is already null, a reduced move's fail high is trusted
    /// as it is.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_move(
        &mut self,
        m: G::Move,
        index: usize,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        reduction: u32,
    ) -> Score {
        let base = if ply == 0 {
            self.root_visit
        } else {
            Visit::Full
        };
        if reduction > 0 {
            self.stats.count_visit(ply + 1, VisitCount::Reduced);
        }
        let open = beta - alpha > 1;
        let narrow = index > 0 && (self.config.pvs || reduction > 0) && open;
        if !narrow {
            let reduced = depth - reduction.min(depth - 1);
            return self.negamax_child(m, reduced, ply, alpha, beta, base);
        }
        let first_try = if reduction > 0 {
            Visit::Reduced
        } else {
            Visit::Scout
        };
        let mut score = self.negamax_child(
            m,
            depth - reduction.min(depth - 1),
            ply,
            alpha,
            alpha + 1,
            first_try,
        );
        if score > alpha && reduction > 0 && !self.aborted {
            self.stats.count_visit(ply + 1, VisitCount::ReSearched);
            score = self.negamax_child(m, depth, ply, alpha, alpha + 1, Visit::ReSearch);
        }
        if score > alpha && score < beta && !self.aborted {
            self.stats.count_visit(ply + 1, VisitCount::ReSearched);
            score = self.negamax_child(m, depth, ply, alpha, beta, Visit::ReSearch);
        }
        score
    }

    /// How many plies to take off a late, quiet move (0 when reductions are off
    /// or do not apply): 1, or 2 from the ninth move on; with
    /// [`SearchConfig::log_reductions`], the adjusted logarithmic reduction
    /// (reductions.rs). `pv` says the node has an open window.
    ///
    /// [`SearchConfig::log_reductions`]: super::SearchConfig::log_reductions
    fn late_move_reduction(
        &mut self,
        m: G::Move,
        index: usize,
        depth: u32,
        ply: usize,
        in_check: bool,
        pv: bool,
    ) -> u32 {
        let applies = self.config.late_move_reductions
            && index >= LMR_FULL_DEPTH_MOVES
            && depth >= LMR_MIN_DEPTH
            && ply > 0
            && !in_check
            && !self.game.is_tactical(m);
        match applies {
            false => 0,
            true if self.config.log_reductions => {
                self.adjusted_log_reduction(m, index, depth, ply, pv)
            }
            true if index >= 3 * LMR_FULL_DEPTH_MOVES => 2,
            true => 1,
        }
    }

    /// Null-move pruning: if passing still scores at least beta in a shallower
    /// search, a real move will too, so the node fails high. Never at the root,
    /// in check or near mate scores; with the static-value refinement
    /// ([`SearchConfig::eval_null_move`]) only on null-window nodes whose static
    /// value reaches beta, never right after another null move, and reduced by
    /// [`Searcher::null_move_reduction`].
    ///
    /// [`SearchConfig::eval_null_move`]: super::SearchConfig::eval_null_move
    fn null_move_cut(
        &mut self,
        depth: u32,
        ply: usize,
        (alpha, beta): (Score, Score),
        in_check: bool,
        eval: Option<Score>,
    ) -> Option<Score> {
        let refined = self.config.eval_null_move;
        let applies = self.config.null_move
            && depth > NULL_MOVE_REDUCTION
            && ply > 0
            && !in_check
            && !score::is_win(beta)
            && !score::is_loss(beta)
            && (!refined || self.refined_null_move_applies(ply, alpha, beta, eval))
            && self.game.supports_null_move()
            && !self.game.in_check();
        if !applies {
            return None;
        }
        let child_depth = match refined {
            // At least a ply: a quiescence search cannot see a quiet mate threat.
            true => depth
                .saturating_sub(1 + self.null_move_reduction(depth, beta, eval))
                .max(1),
            false => depth - 1 - NULL_MOVE_REDUCTION,
        };
        let side = self.game.to_move();
        self.game.play_null();
        let entry = &mut self.stack[ply];
        (entry.null_move, entry.line_move, entry.line_slot) = (true, None, None);
        let child = self.game.to_move();
        let (child_alpha, child_beta) = if child == side {
            (beta - 1, beta)
        } else {
            (-beta, -beta + 1)
        };
        if T::ENABLED {
            self.tracer
                .enter(None, child, child_depth, child_alpha, child_beta);
            self.tracer.visit(Visit::NullMove);
        }
        self.stats.count_visit(ply + 1, VisitCount::NullMove);
        let child_score = self.negamax(child_depth, ply + 1, child_alpha, child_beta);
        if T::ENABLED {
            self.tracer.exit(child_score);
        }
        self.stack[ply].null_move = false;
        self.game.undo_null();
        let score = if child == side {
            child_score
        } else {
            -child_score
        };
        let cut = score >= beta && !self.aborted;
        // Passing is not a legal move: a cutoff it gives is a guess (wrong in
        // zugzwang), never a proof, even when the search below it reached the end.
        self.horizon_hit |= cut;
        // A mate found behind a pass is not a mate: the node is only worth beta.
        cut.then_some(if refined && score::is_win(score) {
            beta
        } else {
            score
        })
    }

    /// The refined null move's conditions: a null-window node whose static value
    /// (when the game has one) reaches beta, not entered by a null move.
    fn refined_null_move_applies(
        &self,
        ply: usize,
        alpha: Score,
        beta: Score,
        eval: Option<Score>,
    ) -> bool {
        beta - alpha == 1 && eval.is_none_or(|e| e >= beta) && !self.stack[ply - 1].null_move
    }

    /// How many plies shallower than a real move the refined null move searches:
    /// 3, a ply more every 4 plies of depth, and up to 3 more the further the
    /// static value stands above beta (a ply per two units of material).
    fn null_move_reduction(&self, depth: u32, beta: Score, eval: Option<Score>) -> u32 {
        let unit = self.game.pruning_unit().unwrap_or(1).max(1);
        let excess = eval.map_or(0, |e| ((e - beta) / (2 * unit)).clamp(0, 3) as u32);
        3 + depth / 4 + excess
    }

    /// The score of `m` for the side to move here, searched `depth - 1` deeper with
    /// the window `(alpha, beta)` given in this node's view.
    pub(super) fn negamax_child(
        &mut self,
        m: G::Move,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        visit: Visit,
    ) -> Score {
        let slot_wanted = self.config.continuation_history && G::PIECE_MOVE_SLOTS > 0;
        let slot = slot_wanted.then(|| self.game.piece_move_slot(m));
        let entry = &mut self.stack[ply];
        (entry.line_move, entry.line_slot) = (Some(m), slot);
        self.visit_child(m, depth - 1, alpha, beta, visit, |s, a, b| {
            s.negamax(depth - 1, ply + 1, a, b)
        })
    }

    /// Plays `m`, tells the tracer (and why the child is visited), runs `search` on
    /// the child with the window in the child's view, and returns the score in this
    /// node's view.
    pub(super) fn visit_child(
        &mut self,
        m: G::Move,
        child_depth: u32,
        alpha: Score,
        beta: Score,
        visit: Visit,
        search: impl FnOnce(&mut Self, Score, Score) -> Score,
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
                .enter(Some(m), child, child_depth, child_alpha, child_beta);
            if visit != Visit::Full {
                self.tracer.visit(visit);
            }
        }
        let child_score = search(self, child_alpha, child_beta);
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
