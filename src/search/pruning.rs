//! Forward pruning near the horizon, for the full engine only: reverse futility
//! (a node standing far above beta fails high at once), futility pruning (a quiet
//! move cannot lift a position standing far below alpha) and late-move pruning
//! (late quiet moves are skipped). All three are guesses, so a node that used one
//! is never stored as proven; none applies on the principal variation, in check,
//! at the root, near mate scores, or in games that give no [`Game::pruning_unit`].

use super::score::{self, Score};
use super::searcher::Searcher;
use super::tree::Tracer;
use crate::game::Game;

/// Deepest remaining depth reverse futility works at.
const REVERSE_FUTILITY_DEPTH: u32 = 3;
/// Deepest remaining depth futility pruning works at.
const FUTILITY_DEPTH: u32 = 2;
/// Deepest remaining depth late-move pruning works at.
const LATE_MOVE_DEPTH: u32 = 3;

/// What a node near the horizon knows for pruning its moves: its static value
/// and the game's unit of material.
#[derive(Clone, Copy, Debug)]
pub(super) struct ShallowNode {
    eval: Score,
    unit: Score,
}

impl<G: Game, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The static value of a null-window node near the horizon, when some forward
    /// pruning is on and may apply here.
    pub(super) fn shallow_node(
        &mut self,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Option<ShallowNode> {
        let config = self.config;
        let wanted = (config.reverse_futility && depth <= REVERSE_FUTILITY_DEPTH)
            || (config.futility && depth <= FUTILITY_DEPTH)
            || (config.late_move_pruning && depth <= LATE_MOVE_DEPTH);
        let applies = wanted
            && ply > 0
            && beta - alpha == 1
            && !score::is_win(beta)
            && !score::is_loss(alpha)
            && !self.game.in_check();
        if !applies {
            return None;
        }
        let unit = self.game.pruning_unit()?;
        let eval = score::clamp_eval(self.evaluator.evaluate(&self.game));
        Some(ShallowNode { eval, unit })
    }

    /// Reverse futility: the static value so far above beta that no reply is
    /// likely to bring it back, given as the node's (guessed) value.
    pub(super) fn reverse_futility_cut(
        &mut self,
        node: Option<ShallowNode>,
        depth: u32,
        beta: Score,
    ) -> Option<Score> {
        let node = node?;
        let margin = node.unit * depth as Score;
        let cut = self.config.reverse_futility
            && depth <= REVERSE_FUTILITY_DEPTH
            && node.eval - margin >= beta;
        self.horizon_hit |= cut;
        cut.then_some(node.eval - margin)
    }

    /// The value to count for a quiet move skipped without a search (futility or
    /// late-move pruning), `None` when it must be searched. `best` is the best value
    /// so far; the first move and moves that give check are always searched.
    pub(super) fn skipped_move_value(
        &mut self,
        node: Option<ShallowNode>,
        m: G::Move,
        index: usize,
        depth: u32,
        alpha: Score,
        best: Score,
    ) -> Option<Score> {
        let node = node?;
        if index == 0 || score::is_loss(best) || score::is_win(alpha) || self.game.is_tactical(m) {
            return None;
        }
        let futility_value = node.eval + node.unit * (1 + depth as Score);
        let futile = self.config.futility && depth <= FUTILITY_DEPTH && futility_value <= alpha;
        let late = self.config.late_move_pruning
            && depth <= LATE_MOVE_DEPTH
            && index >= 3 + (depth * depth) as usize;
        if !(futile || late) || self.gives_check(m) {
            return None;
        }
        self.horizon_hit = true;
        Some(if futile { futility_value } else { best })
    }

    fn gives_check(&mut self, m: G::Move) -> bool {
        self.game.play(m);
        let check = self.game.in_check();
        self.game.undo();
        check
    }
}
