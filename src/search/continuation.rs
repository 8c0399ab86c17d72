//! What answered the opponent's last move: the counter-move heuristic (the quiet
//! reply that last refuted a move) and continuation history (whether a piece's
//! move to a square cut or failed after a given piece's move to a square, one and
//! two plies before). A move that refutes one move tends to refute it elsewhere in
//! the tree, whatever came before; the plain history table cannot tell "good after
//! this move" from "good on average". Counter moves are kept for games that number
//! their moves ([`Game::move_slot`]), continuation history for games that number
//! pieces' moves ([`Game::piece_move_slot`]).

use super::order::gravitated;
use crate::game::{Player, SearchHooks};

/// What led to a node, as the move ordering reads it: the opponent's last move
/// (for its counter move) and the piece-move slots of the last two moves
/// (for continuation history), each `None` where unknown or a null move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lead<M> {
    /// The opponent's last move.
    pub previous: Option<M>,
    /// [`Game::piece_move_slot`] of the opponent's last move, then of the side to
    /// move's move before it.
    pub slots: [Option<usize>; 2],
}

impl<M> Lead<M> {
    /// Nothing known: the root, or a search that keeps no line.
    pub const NONE: Lead<M> = Lead {
        previous: None,
        slots: [None, None],
    };
}

/// The counter-move and continuation-history tables of one search and the next.
pub(super) struct Continuations<M> {
    /// Side-major: `side * G::MOVE_SLOTS + previous slot`; allocated on first use.
    counters: Vec<Option<M>>,
    /// Indexed by `earlier piece-move slot * G::PIECE_MOVE_SLOTS + reply's`;
    /// allocated on first use.
    scores: Vec<i32>,
}

impl<M: Copy + Eq> Continuations<M> {
    pub(super) fn new() -> Continuations<M> {
        Continuations {
            counters: Vec::new(),
            scores: Vec::new(),
        }
    }

    fn counter_index<G: SearchHooks<Move = M>>(side: Player, previous: M) -> usize {
        side.index() * G::MOVE_SLOTS + G::move_slot(previous)
    }

    /// True when `m` is the reply that last refuted `previous`, played by `side`.
    pub(super) fn is_counter<G: SearchHooks<Move = M>>(
        &self,
        side: Player,
        previous: Option<M>,
        m: M,
    ) -> bool {
        match previous {
            Some(previous) if G::MOVE_SLOTS > 0 => {
                let index = Self::counter_index::<G>(side, previous);
                self.counters.get(index).copied().flatten() == Some(m)
            }
            _ => false,
        }
    }

    /// The continuation history of `reply` (its piece-move slot) after the
    /// moves `lead` names: the sum of what it earned after each (0 unknown).
    pub(super) fn score<G: SearchHooks<Move = M>>(&self, lead: &Lead<M>, reply: usize) -> i32 {
        if self.scores.is_empty() {
            return 0;
        }
        let entry = |earlier: usize| self.scores[earlier * G::PIECE_MOVE_SLOTS + reply];
        lead.slots
            .iter()
            .flatten()
            .map(|&earlier| entry(earlier))
            .sum()
    }

    /// Remembers `reply` as the counter to `previous`.
    pub(super) fn set_counter<G: SearchHooks<Move = M>>(
        &mut self,
        side: Player,
        previous: M,
        reply: M,
    ) {
        if G::MOVE_SLOTS == 0 {
            return;
        }
        if self.counters.is_empty() {
            self.counters.resize(2 * G::MOVE_SLOTS, None);
        }
        self.counters[Self::counter_index::<G>(side, previous)] = Some(reply);
    }

    /// Moves the continuation history of `reply` (its piece-move slot) after
    /// each move `lead` names by `change`, under gravity: up for a cutoff, down
    /// for a move tried before one.
    pub(super) fn adjust<G: SearchHooks<Move = M>>(
        &mut self,
        lead: &Lead<M>,
        reply: usize,
        change: i32,
    ) {
        if G::PIECE_MOVE_SLOTS == 0 {
            return;
        }
        if self.scores.is_empty() {
            self.scores
                .resize(G::PIECE_MOVE_SLOTS * G::PIECE_MOVE_SLOTS, 0);
        }
        for &earlier in lead.slots.iter().flatten() {
            let entry = &mut self.scores[earlier * G::PIECE_MOVE_SLOTS + reply];
            *entry = gravitated(*entry, change);
        }
    }

    /// Halves every count, so that what an earlier search learnt fades; the
    /// counter moves stay (they are replaced as soon as another reply refutes).
    pub(super) fn halve(&mut self) {
        self.scores.iter_mut().for_each(|score| *score /= 2);
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.counters.clear();
        self.scores.clear();
    }
}
