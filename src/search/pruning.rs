//! Forward pruning near the horizon, for the full engine only: reverse futility
//! (a node standing far above beta fails high at once), futility pruning (a quiet
//! move cannot lift a position standing far below alpha) and late-move pruning
//! (late quiet moves are skipped), and optionally moves that lose by static
//! exchange. All of them are guesses, so a node that used one is never stored as
//! proven; none applies on the principal variation, in check, at the root, near
//! mate scores, or in games that give no [`Game::pruning_unit`]. A quiet move that
//! threatens to win material is spared from futility and late-move pruning
//! ([`SearchConfig::threat_moves`]).
//!
//! [`SearchConfig::threat_moves`]: super::SearchConfig::threat_moves

use super::score::{self, Score};
use super::searcher::Searcher;
use super::tree::Tracer;
use super::tt::{Bound, Entry};
use crate::game::SearchHooks;

/// Deepest remaining depth reverse futility works at.
const REVERSE_FUTILITY_DEPTH: u32 = 3;
/// The same with the "improving" refinement ([`SearchConfig::improving`]).
///
/// [`SearchConfig::improving`]: super::SearchConfig::improving
const REFINED_REVERSE_FUTILITY_DEPTH: u32 = 7;
/// Deepest remaining depth futility pruning works at.
const FUTILITY_DEPTH: u32 = 2;
/// Deepest remaining depth late-move pruning works at.
const LATE_MOVE_DEPTH: u32 = 3;
/// The same with the "improving" refinement.
const REFINED_LATE_MOVE_DEPTH: u32 = 5;
/// Deepest remaining depth a capture that loses by static exchange is skipped at
/// ([`SearchConfig::see_main_pruning`]).
///
/// [`SearchConfig::see_main_pruning`]: super::SearchConfig::see_main_pruning
const SEE_CAPTURE_DEPTH: u32 = 6;
/// The same for a quiet move that loses material by static exchange.
const SEE_QUIET_DEPTH: u32 = 4;

/// What a node near the horizon knows for pruning its moves: its static value,
/// the game's unit of material, and whether the value improved on the one two
/// plies before (the same side to move).
#[derive(Clone, Copy, Debug)]
pub(super) struct ShallowNode {
    eval: Score,
    unit: Score,
    improving: bool,
}

impl<G: SearchHooks, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The static value of the current node (not in check, below the root), kept
    /// for the nodes two plies further down, when a refinement that reads it is on
    /// and the game gives a unit of material; `None` otherwise.
    pub(super) fn node_eval(&mut self, ply: usize) -> Option<Score> {
        let wanted = (self.config.improving || self.config.eval_null_move)
            && ply > 0
            && self.game.pruning_unit().is_some()
            && !self.game.in_check();
        let eval = wanted.then(|| self.static_value());
        let side = self.game.to_move();
        if let Some(entry) = self.stack.get_mut(ply) {
            entry.static_eval = eval.map(|e| (side, e));
        }
        eval
    }

    /// The node's static value corrected by what the table knows of it (with
    /// [`SearchConfig::table_eval`]): a stored score that bounds the value from
    /// the side the static value errs on (a lower bound above it, an upper bound
    /// below it, or an exact score) is a better guess for pruning. Only a score
    /// searched at least `depth - 2` deep counts: a shallower one misses the
    /// tactics this node's search would see (with any depth, WAC.001's Qg6 was
    /// cut by reverse futility on a shallow "the queen is lost" and its mate in
    /// two went unseen at five plies). Mate scores are left out: they say nothing of
    /// the material.
    ///
    /// [`SearchConfig::table_eval`]: super::SearchConfig::table_eval
    pub(super) fn refined_by_table(
        &self,
        eval: Score,
        entry: Option<Entry<G::Move>>,
        ply: usize,
        depth: u32,
    ) -> Score {
        let Some(entry) = entry.filter(|_| self.config.table_eval) else {
            return eval;
        };
        let stored = score::from_table(entry.score, ply as u32);
        let shallow = u32::from(entry.depth) + 2 < depth;
        if shallow || score::is_win(stored) || score::is_loss(stored) {
            return eval;
        }
        match entry.bound {
            Bound::Exact => stored,
            Bound::Lower => eval.max(stored),
            Bound::Upper => eval.min(stored),
        }
    }

    /// True when the static value two plies up (same side to move) is known and
    /// lower than `eval`: the side to move is doing better than it was.
    pub(super) fn improving(&self, ply: usize, eval: Score) -> bool {
        let side = self.game.to_move();
        match ply
            .checked_sub(2)
            .and_then(|p| self.stack.get(p).and_then(|entry| entry.static_eval))
        {
            Some((player, before)) if player == side => eval > before,
            _ => false,
        }
    }

    fn reverse_futility_depth(&self) -> u32 {
        match self.config.improving {
            true => REFINED_REVERSE_FUTILITY_DEPTH,
            false => REVERSE_FUTILITY_DEPTH,
        }
    }

    fn late_move_depth(&self) -> u32 {
        match self.config.improving {
            true => REFINED_LATE_MOVE_DEPTH,
            false => LATE_MOVE_DEPTH,
        }
    }

    /// The static value of a null-window node near the horizon, when some forward
    /// pruning is on and may apply here; `eval` is the node's static value when
    /// already computed.
    pub(super) fn shallow_node(
        &mut self,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        eval: Option<Score>,
    ) -> Option<ShallowNode> {
        let config = self.config;
        let wanted = (config.reverse_futility && depth <= self.reverse_futility_depth())
            || (config.futility && depth <= FUTILITY_DEPTH)
            || (config.late_move_pruning && depth <= self.late_move_depth())
            || (config.see_main_pruning && depth <= SEE_CAPTURE_DEPTH);
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
        let eval = eval.unwrap_or_else(|| self.static_value());
        // Improving compares static values; `eval` may be the table's correction.
        let static_value = self.stack.get(ply).and_then(|entry| entry.static_eval);
        let improving =
            config.improving && self.improving(ply, static_value.map_or(eval, |(_, e)| e));
        Some(ShallowNode {
            eval,
            unit,
            improving,
        })
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
        let unit = node.unit;
        // Improving, the side to move is likelier to stay above beta: a smaller margin.
        let margin = unit * depth as Score - Score::from(node.improving) * unit / 2;
        let cut = self.config.reverse_futility
            && depth <= self.reverse_futility_depth()
            && node.eval - margin >= beta;
        self.horizon_hit |= cut;
        cut.then_some(node.eval - margin)
    }

    /// The value to count for a move skipped without a search (futility or
    /// late-move pruning of a quiet move, or a move that loses by static exchange
    /// with [`SearchConfig::see_main_pruning`]), `None` when it must be searched.
    /// `best` is the best value so far; the first move and moves that give check
    /// are always searched.
    ///
    /// [`SearchConfig::see_main_pruning`]: super::SearchConfig::see_main_pruning
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
        if index == 0 || score::is_loss(best) || score::is_win(alpha) {
            return None;
        }
        let tactical = self.game.is_tactical(m);
        let quiet_skip = match tactical {
            true => None,
            false => self.quiet_skip_value(node, index, depth, alpha, best),
        };
        let spare_threat = quiet_skip.is_some() && self.spares_threat(m);
        let value = quiet_skip.filter(|_| !spare_threat).or_else(|| {
            self.loses_exchange(node, m, depth, tactical)
                .then_some(best)
        })?;
        if self.gives_check(m) {
            return None;
        }
        self.horizon_hit = true;
        Some(value)
    }

    /// Futility and late-move pruning of a quiet move: the value to count for it
    /// when one of them skips it.
    fn quiet_skip_value(
        &self,
        node: ShallowNode,
        index: usize,
        depth: u32,
        alpha: Score,
        best: Score,
    ) -> Option<Score> {
        let futility_value = node.eval + node.unit * (1 + depth as Score);
        let futile = self.config.futility && depth <= FUTILITY_DEPTH && futility_value <= alpha;
        // Not improving, fewer quiet moves are worth a look.
        let halved = self.config.improving && !node.improving;
        let late_moves = (3 + (depth * depth) as usize) / (1 + usize::from(halved));
        let late =
            self.config.late_move_pruning && depth <= self.late_move_depth() && index >= late_moves;
        match (futile, late) {
            (true, _) => Some(futility_value),
            (false, true) => Some(best),
            (false, false) => None,
        }
    }

    /// True when `m` loses more by static exchange than this depth may make up:
    /// a capture more than a fifth of a unit times the depth squared, a quiet move
    /// more than two thirds of a unit per ply (the margins Ethereal uses).
    fn loses_exchange(&self, node: ShallowNode, m: G::Move, depth: u32, tactical: bool) -> bool {
        if !self.config.see_main_pruning {
            return false;
        }
        let plies = depth as Score;
        let margin = match tactical {
            true if depth <= SEE_CAPTURE_DEPTH => node.unit * plies * plies / 5,
            false if depth <= SEE_QUIET_DEPTH => node.unit * plies * 2 / 3,
            _ => return false,
        };
        self.game
            .exchange_loss(m)
            .is_some_and(|loss| loss < -margin)
    }

    /// True when the quiet move `m` threatens to win material and
    /// [`SearchConfig::threat_moves`] spares such moves from pruning and reductions.
    ///
    /// [`SearchConfig::threat_moves`]: super::SearchConfig::threat_moves
    pub(super) fn spares_threat(&self, m: G::Move) -> bool {
        self.config.threat_moves && self.game.creates_threat(m)
    }

    /// True when `m` puts the opponent in check.
    pub(super) fn gives_check(&mut self, m: G::Move) -> bool {
        self.game.play(m);
        let check = self.game.in_check();
        self.game.undo();
        check
    }
}
