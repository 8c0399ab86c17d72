//! What answered the opponent's last move: the counter-move heuristic (the quiet
//! reply that last refuted a move) and continuation history (how often and how
//! deep a reply cut after a move). A move that refutes one move tends to refute
//! it elsewhere in the tree, whatever came before; the plain history table cannot
//! tell "good after this move" from "good on average". Both are kept only for
//! games that number their moves ([`Game::move_slot`]).

use crate::game::{Game, Player, zobrist};

/// Continuation-history entries: pairs (previous move, reply) share them by hash,
/// as a table of every pair (chess: 20,480 squared) would not fit.
const CONTINUATION_ENTRIES: usize = 1 << 20;

/// The counter-move and continuation-history tables of one search and the next.
pub(super) struct Continuations<M> {
    /// Side-major: `side * G::MOVE_SLOTS + previous slot`; allocated on first use.
    counters: Vec<Option<M>>,
    /// Indexed by a hash of side, previous move and reply; allocated on first use.
    scores: Vec<u32>,
}

impl<M: Copy + Eq> Continuations<M> {
    pub(super) fn new() -> Continuations<M> {
        Continuations {
            counters: Vec::new(),
            scores: Vec::new(),
        }
    }

    fn counter_index<G: Game<Move = M>>(side: Player, previous: M) -> usize {
        side.index() * G::MOVE_SLOTS + G::move_slot(previous)
    }

    fn score_index<G: Game<Move = M>>(side: Player, previous: M, reply: M) -> usize {
        let pair = (side.index() * G::MOVE_SLOTS + G::move_slot(previous)) * G::MOVE_SLOTS
            + G::move_slot(reply);
        zobrist::mix64(pair as u64) as usize % CONTINUATION_ENTRIES
    }

    /// True when `m` is the reply that last refuted `previous`, played by `side`.
    pub(super) fn is_counter<G: Game<Move = M>>(
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

    /// The continuation history of `reply` by `side` after `previous` (0 unknown).
    pub(super) fn score<G: Game<Move = M>>(
        &self,
        side: Player,
        previous: Option<M>,
        reply: M,
    ) -> u32 {
        match previous {
            Some(previous) if G::MOVE_SLOTS > 0 => {
                let index = Self::score_index::<G>(side, previous, reply);
                self.scores.get(index).copied().unwrap_or(0)
            }
            _ => 0,
        }
    }

    /// Remembers `reply` as the counter to `previous`.
    pub(super) fn set_counter<G: Game<Move = M>>(&mut self, side: Player, previous: M, reply: M) {
        if G::MOVE_SLOTS == 0 {
            return;
        }
        if self.counters.is_empty() {
            self.counters.resize(2 * G::MOVE_SLOTS, None);
        }
        self.counters[Self::counter_index::<G>(side, previous)] = Some(reply);
    }

    /// Adds `bonus` to (or, when `gained` is false, takes it from) the
    /// continuation history of `reply` after `previous`.
    pub(super) fn adjust<G: Game<Move = M>>(
        &mut self,
        side: Player,
        previous: M,
        reply: M,
        bonus: u32,
        gained: bool,
    ) {
        if G::MOVE_SLOTS == 0 {
            return;
        }
        if self.scores.is_empty() {
            if !gained {
                return;
            }
            self.scores.resize(CONTINUATION_ENTRIES, 0);
        }
        let entry = &mut self.scores[Self::score_index::<G>(side, previous, reply)];
        *entry = match gained {
            true => entry.saturating_add(bonus),
            false => entry.saturating_sub(bonus),
        };
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
