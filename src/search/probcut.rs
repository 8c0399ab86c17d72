//! ProbCut, for the full engine only ([`SearchConfig::probcut`]): at a
//! null-window node deep enough, a capture whose shallow search scores a margin
//! above beta would almost surely reach beta at the full depth too, so the node
//! fails high at once, at the cost of a few shallow searches of good captures.
//! Only captures that win enough by static exchange to lift the static value to
//! the raised bound are tried, each first by quiescence (cheap) and, when that
//! holds, by a search [`PROBCUT_REDUCTION`] plies shallower than the node's moves.
//! The cut is a guess (a statistical one: Buro's ProbCut, in the form Stockfish
//! and Ethereal use), so a node cut this way is never stored as proven.
//!
//! [`SearchConfig::probcut`]: super::SearchConfig::probcut

use super::score::{self, Score};
use super::searcher::Searcher;
use super::tree::{Tracer, Visit};
use super::tt::{Bound, Entry};
use crate::game::Game;

/// Remaining depth from which ProbCut is tried.
const PROBCUT_MIN_DEPTH: u32 = 5;
/// How much shallower than the node's own moves a capture's ProbCut search goes.
const PROBCUT_REDUCTION: u32 = 3;
/// How far above beta, in the game's units of material, a shallow search must
/// score (Ethereal's margin: a pawn).
const PROBCUT_MARGIN_UNITS: Score = 1;
/// A table entry at most this much shallower than the node that scored below
/// the raised bound makes ProbCut unlikely to cut: it is not tried.
const TABLE_DEPTH_SLACK: u32 = 3;

impl<G: Game, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The node's fail-high score when a good capture's shallow search clears
    /// beta by the margin; `None` when ProbCut does not apply or no capture
    /// clears it. `eval` is the node's static value, `entry` its table entry.
    pub(super) fn probcut(
        &mut self,
        depth: u32,
        ply: usize,
        (alpha, beta): (Score, Score),
        eval: Option<Score>,
        entry: Option<Entry<G::Move>>,
    ) -> Option<Score> {
        let applies = self.config.probcut
            && !T::ENABLED
            && ply > 0
            && beta - alpha == 1
            && depth >= PROBCUT_MIN_DEPTH
            && !score::is_win(beta)
            && !score::is_loss(beta)
            && self.excluded_move(ply).is_none()
            && !self.game.in_check();
        let (Some(eval), Some(unit), true) = (eval, self.game.pruning_unit(), applies) else {
            return None;
        };
        let raised_beta = beta + PROBCUT_MARGIN_UNITS * unit;
        if entry.is_some_and(|e| self.table_falls_short(e, depth, ply, raised_beta)) {
            return None;
        }
        let mut moves = self.take_tactical_moves(ply);
        let needed = raised_beta - eval;
        let game = &self.game;
        moves.retain(|&m| game.static_exchange(m).is_some_and(|gain| gain >= needed));
        let lead = self.lead(ply);
        let tt_move = entry.and_then(|e| e.best_move);
        self.orderer
            .sort(&self.game, &mut moves, tt_move, ply, &lead);
        let mut cut = None;
        for &m in &moves {
            let score = self.probcut_move(m, depth, ply, raised_beta);
            if self.aborted {
                break;
            }
            if score >= raised_beta {
                cut = Some((m, score));
                break;
            }
        }
        self.give_back_moves(ply, moves);
        let (m, score) = cut?;
        // A guess, like the null move's: never a proof.
        self.horizon_hit = true;
        let stored_depth = depth - PROBCUT_REDUCTION;
        self.store(stored_depth, ply, score, Bound::Lower, Some(m), false);
        Some(score)
    }

    /// The capture `m`'s score against the null window at `raised_beta`: its
    /// quiescence value, then, when that reaches the bound, its shallow search's.
    fn probcut_move(&mut self, m: G::Move, depth: u32, ply: usize, raised_beta: Score) -> Score {
        let window = (raised_beta - 1, raised_beta);
        let quick = self.negamax_child(m, 1, ply, window.0, window.1, Visit::Scout);
        if quick < raised_beta || self.aborted {
            return quick;
        }
        let shallow = depth - PROBCUT_REDUCTION;
        self.negamax_child(m, shallow, ply, window.0, window.1, Visit::Scout)
    }

    /// True when the table's entry, searched nearly as deep as `depth`, scored
    /// below `raised_beta`: a shallow search of a capture is then unlikely to
    /// clear it.
    fn table_falls_short(
        &self,
        entry: Entry<G::Move>,
        depth: u32,
        ply: usize,
        raised_beta: Score,
    ) -> bool {
        let deep_enough = u32::from(entry.depth) + TABLE_DEPTH_SLACK >= depth;
        deep_enough && score::from_table(entry.score, ply as u32) < raised_beta
    }
}
