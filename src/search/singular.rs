//! Singular extensions, for the full engine only ([`SearchConfig::singular`]): when
//! the table's move at a deep node scored well and every other move, searched at
//! half the depth against a bound a little below that score, fails to reach it,
//! the table's move is the only good one there and is searched a ply deeper.
//! When even the other moves reach a bound at or above beta, the node fails high
//! at once (multi-cut): several moves refute the line, not one.
//!
//! The search without the table's move runs on the same node, with the move
//! excluded ([`Searcher::excluded_moves`]): it neither reads nor writes the table's
//! entry for the node (the entry is the one being tested), and takes no null move
//! or reverse futility cut (a cut there would say nothing about the other moves).
//!
//! [`SearchConfig::singular`]: super::SearchConfig::singular
//! [`Searcher::excluded_moves`]: super::searcher::Searcher::excluded_moves

use super::score::{self, Score};
use super::searcher::Searcher;
use super::tree::Tracer;
use super::tt::Bound;
use crate::game::Game;

/// Remaining depth from which a table move is tested for being singular.
const SINGULAR_MIN_DEPTH: u32 = 7;
/// How much shallower than the node the table's entry may be.
const ENTRY_DEPTH_SLACK: u32 = 3;
/// The bound the other moves must reach lies this many units of material, per
/// 64 plies of depth, below the table's score (Ethereal's margin: a centipawn per ply).
const MARGIN_PER_64_PLIES: Score = 64;

/// What the singular test found at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Singular<M> {
    /// Nothing to change.
    Plain,
    /// The table's move is singular: search it a ply deeper.
    Extend(M),
    /// The other moves alone reach this bound, at or above beta: fail high.
    Cut(Score),
}

impl<G: Game, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The move excluded from the node at `ply` (the table move a singular test
    /// is searching without), if any.
    pub(super) fn excluded_move(&self, ply: usize) -> Option<G::Move> {
        self.excluded_moves.get(ply).copied().flatten()
    }

    /// Tests the table's move at this node (`depth` to go, `ply` from the root) for
    /// being singular. Not at the root, not inside another test, and not while a
    /// tree is recorded (the explorer shows one search per node).
    pub(super) fn singular_test(
        &mut self,
        depth: u32,
        ply: usize,
        beta: Score,
        tt_move: Option<G::Move>,
    ) -> Singular<G::Move> {
        let wanted = self.config.singular
            && !T::ENABLED
            && ply > 0
            && depth >= SINGULAR_MIN_DEPTH
            && ply as u32 <= 2 * self.current_depth
            && self.excluded_moves[..=ply].iter().all(Option::is_none);
        let Some(m) = tt_move.filter(|_| wanted) else {
            return Singular::Plain;
        };
        let Some(entry) = self.tt.as_ref().and_then(|t| t.probe(self.game.hash())) else {
            return Singular::Plain;
        };
        let tt_score = score::from_table(entry.score, ply as u32);
        let trusted = matches!(entry.bound, Bound::Lower | Bound::Exact)
            && u32::from(entry.depth) + ENTRY_DEPTH_SLACK >= depth
            && !score::is_win(tt_score)
            && !score::is_loss(tt_score);
        if !trusted {
            return Singular::Plain;
        }
        let unit = self.game.pruning_unit().unwrap_or(1).max(1);
        let margin = (unit * depth as Score / MARGIN_PER_64_PLIES).max(1);
        let singular_beta = tt_score - margin;
        // The test's shallow search meets the horizon, but only a cut rests on it:
        // an extension leaves the node's proof to its own search.
        let outer_horizon = std::mem::replace(&mut self.horizon_hit, false);
        self.excluded_moves[ply] = Some(m);
        let value = self.negamax((depth - 1) / 2, ply, singular_beta - 1, singular_beta);
        self.excluded_moves[ply] = None;
        self.horizon_hit = outer_horizon;
        if self.aborted {
            Singular::Plain
        } else if value < singular_beta {
            Singular::Extend(m)
        } else if singular_beta >= beta {
            self.horizon_hit = true;
            Singular::Cut(singular_beta)
        } else {
            Singular::Plain
        }
    }
}
