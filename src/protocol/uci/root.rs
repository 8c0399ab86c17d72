//! The position a protocol search starts from, seen through a filter on its root
//! moves. A GUI may restrict the root to some moves (`go searchmoves`), and it wants
//! a move even where the game's own rules already call the game drawn (threefold
//! repetition in its move history, the fifty-move count, insufficient material):
//! the root then offers the moves the board allows, and below the root the game's
//! rules apply as usual.

use std::sync::Arc;

use crate::game::{Evaluator, Game, GameError, Outcome, Player, SearchHooks};

/// A game whose root moves are a fixed list; every other node is the game's own.
#[derive(Clone)]
pub struct RootView<G: Game> {
    inner: G,
    root_moves: Arc<[G::Move]>,
    /// Plies played since the root, null moves included.
    ply: usize,
}

impl<G: Game> RootView<G> {
    /// The position `inner` with `root_moves` as its only moves.
    pub fn new(inner: G, root_moves: Vec<G::Move>) -> RootView<G> {
        RootView {
            inner,
            root_moves: root_moves.into(),
            ply: 0,
        }
    }

    /// The moves the root offers.
    pub fn root_moves(&self) -> &[G::Move] {
        &self.root_moves
    }

    /// The game underneath, at the current node.
    pub fn inner(&self) -> &G {
        &self.inner
    }

    fn at_root(&self) -> bool {
        self.ply == 0
    }
}

/// An evaluation of `G` that reads the game under a [`RootView`].
pub fn view_evaluator<G: Game>(
    evaluator: Arc<dyn Evaluator<G>>,
) -> Arc<dyn Evaluator<RootView<G>>> {
    Arc::new(move |view: &RootView<G>| evaluator.evaluate(&view.inner))
}

impl<G: Game> Game for RootView<G> {
    type Move = G::Move;

    fn to_move(&self) -> Player {
        self.inner.to_move()
    }

    fn legal_moves(&self, out: &mut Vec<Self::Move>) {
        if self.at_root() {
            out.extend_from_slice(&self.root_moves);
        } else {
            self.inner.legal_moves(out);
        }
    }

    fn play(&mut self, m: Self::Move) {
        self.inner.play(m);
        self.ply += 1;
    }

    fn undo(&mut self) {
        self.inner.undo();
        self.ply = self.ply.saturating_sub(1);
    }

    /// At the root the game goes on while it offers a move, whatever the draw rules say.
    fn outcome(&self) -> Option<Outcome> {
        if self.at_root() && !self.root_moves.is_empty() {
            None
        } else {
            self.inner.outcome()
        }
    }

    fn hash(&self) -> u64 {
        self.inner.hash()
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError> {
        self.inner.parse_move(text)
    }

    fn format_move(&self, m: Self::Move) -> String {
        self.inner.format_move(m)
    }

    fn format_position(&self) -> String {
        self.inner.format_position()
    }

    fn end_reason(&self) -> Option<String> {
        self.inner.end_reason()
    }

    fn plies_since_repetition(&self) -> Option<usize> {
        self.inner.plies_since_repetition()
    }

    fn in_check(&self) -> bool {
        self.inner.in_check()
    }
}

impl<G: SearchHooks> SearchHooks for RootView<G> {
    fn move_priority(&self, m: Self::Move) -> i32 {
        self.inner.move_priority(m)
    }

    fn is_tactical(&self, m: Self::Move) -> bool {
        self.inner.is_tactical(m)
    }

    const MOVE_SLOTS: usize = G::MOVE_SLOTS;

    fn move_slot(m: Self::Move) -> usize {
        G::move_slot(m)
    }

    const PIECE_MOVE_SLOTS: usize = G::PIECE_MOVE_SLOTS;

    fn piece_move_slot(&self, m: Self::Move) -> usize {
        self.inner.piece_move_slot(m)
    }

    const CACHES_EVALUATION: bool = G::CACHES_EVALUATION;

    const BOUNDED_HISTORY: bool = G::BOUNDED_HISTORY;

    fn mcts_prior(&self, m: Self::Move) -> Option<(u32, u32)> {
        self.inner.mcts_prior(m)
    }

    /// At the root, the root's moves the game's own look-ahead keeps (all of them
    /// where it keeps none, as where the rules already call the game drawn).
    fn root_candidates(&self, out: &mut Vec<Self::Move>) {
        if !self.at_root() {
            return self.inner.root_candidates(out);
        }
        let mut kept = Vec::new();
        self.inner.root_candidates(&mut kept);
        let start = out.len();
        out.extend(self.root_moves.iter().filter(|m| kept.contains(m)));
        if out.len() == start {
            out.extend_from_slice(&self.root_moves);
        }
    }

    fn tactical_moves(&self, out: &mut Vec<Self::Move>) {
        if self.at_root() {
            out.extend(self.root_moves.iter().filter(|&&m| self.is_tactical(m)));
        } else {
            self.inner.tactical_moves(out);
        }
    }

    fn static_exchange(&self, m: Self::Move) -> Option<i32> {
        self.inner.static_exchange(m)
    }

    fn exchange_loss(&self, m: Self::Move) -> Option<i32> {
        self.inner.exchange_loss(m)
    }

    fn creates_threat(&self, m: Self::Move) -> bool {
        self.inner.creates_threat(m)
    }

    fn pruning_unit(&self) -> Option<i32> {
        self.inner.pruning_unit()
    }

    fn must_play_tactical(&self) -> bool {
        self.inner.must_play_tactical()
    }

    fn supports_null_move(&self) -> bool {
        self.inner.supports_null_move()
    }

    fn play_null(&mut self) {
        self.inner.play_null();
        self.ply += 1;
    }

    fn undo_null(&mut self) {
        self.inner.undo_null();
        self.ply = self.ply.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::chess::Chess;

    #[test]
    fn the_root_offers_its_list_and_the_children_their_own_moves() {
        let game = Chess::new();
        let all = game.moves();
        let view = RootView::new(game.clone(), all[..2].to_vec());
        assert_eq!(view.moves(), all[..2].to_vec());
        let mut child = view.clone();
        child.play(all[0]);
        let mut expected = game.clone();
        expected.play(all[0]);
        assert_eq!(child.moves(), expected.moves());
        child.undo();
        assert_eq!(child.moves(), all[..2].to_vec());
    }

    /// The engine's search asks the game for exchanges (ordering, quiescence),
    /// the pawn's value (futility margins), history slots and quiet threats
    /// (spared from pruning): through the view it
    /// must get the game's own answers, or a protocol search silently plays weaker.
    #[test]
    fn the_view_gives_the_search_hooks_the_games_own_answers() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let game = Chess::from_fen(fen).expect("kiwipete parses");
        let view = RootView::new(game.clone(), game.moves());
        assert_eq!(view.pruning_unit(), game.pruning_unit());
        assert_eq!(RootView::<Chess>::MOVE_SLOTS, Chess::MOVE_SLOTS);
        assert_eq!(RootView::<Chess>::PIECE_MOVE_SLOTS, Chess::PIECE_MOVE_SLOTS);
        assert_eq!(RootView::<Chess>::BOUNDED_HISTORY, Chess::BOUNDED_HISTORY);
        const { assert!(Chess::BOUNDED_HISTORY && Chess::PIECE_MOVE_SLOTS > 0) };
        for m in game.moves() {
            assert_eq!(view.static_exchange(m), game.static_exchange(m));
            assert_eq!(view.exchange_loss(m), game.exchange_loss(m));
            assert_eq!(view.creates_threat(m), game.creates_threat(m));
            assert_eq!(RootView::<Chess>::move_slot(m), Chess::move_slot(m));
            assert_eq!(view.piece_move_slot(m), game.piece_move_slot(m));
        }
        assert!(
            game.moves()
                .iter()
                .any(|&m| game.static_exchange(m) < Some(0))
        );
        assert!(game.moves().iter().any(|&m| game.creates_threat(m)));
    }

    /// Forwarded as the game's own: the hooks that are constants, and the root
    /// look-ahead, which keeps only root moves the GUI offered.
    #[test]
    fn the_view_keeps_the_games_constants_and_its_root_look_ahead() {
        use crate::game::gomoku::Gomoku;
        use crate::game::xiangqi::Xiangqi;
        assert_eq!(
            RootView::<Xiangqi>::CACHES_EVALUATION,
            Xiangqi::CACHES_EVALUATION
        );
        const { assert!(Xiangqi::CACHES_EVALUATION) };
        let mut game = Gomoku::standard();
        // Black (first) has four in a row on the eighth rank, open at both ends.
        game.play_moves("h8 a1 i8 a2 j8 a3 k8 a4").unwrap();
        let mut own = Vec::new();
        game.root_candidates(&mut own);
        assert!(
            own.len() < game.moves().len(),
            "the look-ahead narrows the root"
        );
        let view = RootView::new(game.clone(), game.moves());
        let mut kept = Vec::new();
        view.root_candidates(&mut kept);
        assert_eq!(kept, own);
        let others: Vec<_> = game
            .moves()
            .into_iter()
            .filter(|m| !own.contains(m))
            .collect();
        let view = RootView::new(game.clone(), others.clone());
        let mut kept = Vec::new();
        view.root_candidates(&mut kept);
        assert_eq!(kept, others, "none of the offered moves kept: all of them");
    }
}
