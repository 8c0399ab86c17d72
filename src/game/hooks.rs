//! What the engine asks of a game beyond its rules: move ordering hints, tactical
//! moves and exchanges for quiescence, check and null-move safety for pruning,
//! history slots, and Monte Carlo priors and playouts. Every hook has a default
//! that is right for a game with none of these notions, so a new game implements
//! `SearchHooks` with an empty block and gains hooks as its engine grows.

use rand::RngExt;
use rand::rngs::SmallRng;

use super::{Evaluator, Game, Outcome, Player, judge_by_sign};

/// The engine's hooks into a game ([`Game`] keeps the rules). The course's
/// minimax and alpha-beta need none of them; the full engine and Monte Carlo
/// search use each where the game gives one.
pub trait SearchHooks: Game {
    /// Game-specific move ordering: a higher value is searched earlier. The default
    /// keeps the generator's order.
    fn move_priority(&self, _m: Self::Move) -> i32 {
        0
    }

    /// How many slots [`Game::move_slot`] numbers one side's moves into; 0 (the
    /// default) when the game has no such numbering. With one, the engine keeps its
    /// history table in a flat array instead of a hash map: the table is read for
    /// every move it orders, so the lookup is on the search's hot path.
    const MOVE_SLOTS: usize = 0;

    /// A number below [`Game::MOVE_SLOTS`], different for every two different moves
    /// (chess: from and to square and promotion), where the history table keeps
    /// what it learnt about `m`. Only called when `MOVE_SLOTS` is above 0.
    fn move_slot(_m: Self::Move) -> usize {
        0
    }

    /// How many slots [`Game::piece_move_slot`] numbers moves into; 0 (the
    /// default) when the game has no such numbering, and continuation history
    /// (search/continuation.rs) then keeps nothing.
    const PIECE_MOVE_SLOTS: usize = 0;

    /// A number below [`Game::PIECE_MOVE_SLOTS`] for the piece `m` moves (with
    /// its colour) and the square it goes to: continuation history learns which
    /// piece's move answers which, as a move's from-square says little about
    /// what it does. Only called when `PIECE_MOVE_SLOTS` is above 0.
    fn piece_move_slot(&self, _m: Self::Move) -> usize {
        0
    }

    /// True when the engine's `evalcache` (search/eval_cache.rs) pays here: the
    /// evaluation is slow and a search meets the same positions again (xiangqi;
    /// the measurements are in docs/src/engines/ledger.md). False by default.
    const CACHES_EVALUATION: bool = false;

    /// True when the engine's history refinements apply here: the `gravity` switch
    /// (bounded, signed history: search/order.rs) and killers learnt from quiet
    /// moves only (`quietkillers`). Chess and xiangqi were measured with them (see
    /// docs/src/engines/ledger.md); other games keep plain counts until a match shows
    /// they help them. False by default.
    const BOUNDED_HISTORY: bool = false;

    /// Prior knowledge for Monte Carlo search: `Some((visits, wins))` starts the
    /// move with that many virtual playouts won by its mover, so the tree tries
    /// promising moves first (Go programs' even-game prior and pattern bonuses). A
    /// game that gives priors gets all of a node's moves expanded at once.
    fn mcts_prior(&self, _m: Self::Move) -> Option<(u32, u32)> {
        None
    }

    /// True for moves that change the material balance or are otherwise forcing
    /// (captures, promotions): the moves quiescence search keeps looking at past
    /// the depth limit, and the ones late-move reductions never reduce.
    fn is_tactical(&self, _m: Self::Move) -> bool {
        false
    }

    /// Appends the tactical moves to `out`. The default filters the legal moves;
    /// a game with a faster capture generator overrides it.
    fn tactical_moves(&self, out: &mut Vec<Self::Move>) {
        let start = out.len();
        self.legal_moves(out);
        let mut keep = start;
        for i in start..out.len() {
            if self.is_tactical(out[i]) {
                out.swap(keep, i);
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Static exchange evaluation: what `m` wins (or loses, below 0) in the
    /// evaluation's units once every capture on its target square is played out,
    /// cheapest attacker first. The engine tries losing captures after the quiet
    /// moves and skips them in quiescence; `None` (the default): not known.
    fn static_exchange(&self, _m: Self::Move) -> Option<i32> {
        None
    }

    /// What `m` loses by static exchange (below 0), or `None` when it loses
    /// nothing: what the engine asks of every capture it orders or searches in
    /// quiescence. The default plays the exchange out; a game may answer sooner
    /// where the answer is plain (taking a piece worth at least the capturer
    /// never loses).
    fn exchange_loss(&self, m: Self::Move) -> Option<i32> {
        self.static_exchange(m).filter(|&gain| gain < 0)
    }

    /// True when the quiet move `m` threatens to win material (in chess: its piece
    /// newly attacks a bigger or an undefended piece). The full engine spares such
    /// moves from late-move pruning and reductions, which would otherwise drop a
    /// fork because it comes late in the order. False by default.
    fn creates_threat(&self, _m: Self::Move) -> bool {
        false
    }

    /// The moves the full engine considers at the root. The default is every legal
    /// move; a game with a cheap, sound look-ahead narrows them (gomoku keeps only
    /// the moves that stop the opponent's win by threats, or plays its own), so the
    /// engine never walks into a loss its depth cannot see. The course's minimax and
    /// alpha-beta always search every legal move.
    fn root_candidates(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out);
    }

    /// The moves the full engine searches below the root with its `narrow` extra.
    /// The default is every legal move; a game whose threats say which moves
    /// matter narrows them (gomoku: only the answers to an open three, else the
    /// most urgent moves), as its strong programs do, so the search goes deeper
    /// where it counts. The course's minimax and alpha-beta never call it.
    fn engine_candidates(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out);
    }

    /// The smallest unit of material in the evaluation (a pawn), which sizes the
    /// engine's futility margins; `None` (the default) keeps futility and
    /// late-move pruning off, for games whose evaluation has no such scale.
    fn pruning_unit(&self) -> Option<i32> {
        None
    }

    /// True when the rules allow only tactical moves here (a forced capture in
    /// checkers): quiescence may not stand pat on the evaluation then, since the
    /// side to move cannot decline the exchange.
    fn must_play_tactical(&self) -> bool {
        false
    }

    /// True for games where passing is a safe guess at a lower bound (chess-like
    /// games with few zugzwangs): enables null-move pruning.
    fn supports_null_move(&self) -> bool {
        false
    }

    /// Passes the turn, for null-move pruning (only called when
    /// [`Game::supports_null_move`] is true).
    fn play_null(&mut self) {}

    /// Takes back [`Game::play_null`].
    fn undo_null(&mut self) {}

    /// A move for a Monte Carlo playout, `None` when there is none. The default
    /// picks a legal move uniformly at random (`buffer` is scratch space); games
    /// with a cheap, better-than-random policy override it.
    fn playout_move(&self, rng: &mut SmallRng, buffer: &mut Vec<Self::Move>) -> Option<Self::Move> {
        buffer.clear();
        self.legal_moves(buffer);
        (!buffer.is_empty()).then(|| buffer[rng.random_range(0..buffer.len())])
    }

    /// Plays a random game on from here for Monte Carlo search and says who won.
    /// A game that has not ended after `max_moves` moves (or stops with no move and
    /// no outcome) is judged by the sign of `judge` for the side to move then, so
    /// long games still give a result. When `record` is given, the moves played
    /// are appended to it with who played them (for RAVE/AMAF). Go overrides this
    /// with its fast board-only playout.
    fn playout(
        &self,
        rng: &mut SmallRng,
        max_moves: usize,
        judge: &dyn Evaluator<Self>,
        mut record: Option<&mut Vec<(Player, Self::Move)>>,
    ) -> Outcome {
        let mut game = self.clone();
        let mut buffer = Vec::new();
        for _ in 0..max_moves {
            if let Some(outcome) = game.outcome() {
                return outcome;
            }
            let Some(m) = game.playout_move(rng, &mut buffer) else {
                break;
            };
            if let Some(record) = record.as_deref_mut() {
                record.push((game.to_move(), m));
            }
            game.play(m);
        }
        game.outcome()
            .unwrap_or_else(|| judge_by_sign(game.to_move(), judge.evaluate(&game)))
    }

    /// True when this node is a chance node (a written tree's `chance` level): its
    /// value is the mean of its children's, and no player chooses there.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// True when a position with no moves is a leaf worth its static value (a
    /// written tree's leaf), so that the search, at its depth limit, looks for
    /// moves to tell a real leaf (the value is proven) from its horizon.
    fn has_static_leaves(&self) -> bool {
        false
    }

    /// True when the tree below can hold chance nodes, which alpha-beta cannot prune.
    fn has_chance_nodes(&self) -> bool {
        false
    }

    /// Who MAX is when the game itself says so (a written tree's values are MAX's,
    /// whoever moves at its root); `None` lets the search take the player to move.
    fn max_role(&self) -> Option<Player> {
        None
    }

    /// The name of this node in traces and exports where the game names its nodes
    /// (a written tree: the node's own name or its path `1.2.3`); `None` lets views
    /// name a node by the move that reached it.
    fn node_name(&self) -> Option<String> {
        None
    }
}
