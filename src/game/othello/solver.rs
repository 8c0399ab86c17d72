//! The exact endgame: negamax with alpha-beta over the bitboards to the end of
//! the game, scored by the final disc margin, for positions with few empty
//! squares. Othello endgames are where a player most wants the exact answer (a
//! one-disc win and a 20-disc loss look alike to an evaluation), and with a
//! dozen empty squares the whole tree is small enough to search outright.
//!
//! Empty squares left at the end are given to nobody, as ply's rules count the
//! discs on the board (tournament rules hand them to the winner).

use std::sync::atomic::{AtomicBool, Ordering};

use super::board::{self, CORNERS};
use super::{Othello, PASS};
use crate::game::{ExactSolution, Game, GameValue};

/// The most empty squares [`solve`] takes on: a fraction of a second up to here.
pub const MAX_EMPTIES: u32 = 14;
/// Up to this many empty squares the solve is quick enough for the arcade's
/// computer to play by it at every move.
pub const QUICK_EMPTIES: u32 = 10;

/// The squares next to a corner (X- and C-squares), searched last.
const NEXT_TO_CORNERS: u64 = 0x42C3_0000_0000_C342;

/// Counters and the stop flag of one solve.
struct Search<'a> {
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
    stop: Option<&'a AtomicBool>,
    stopped: bool,
}

impl Search<'_> {
    /// The final margin for the side owning `mine` with best play on both sides.
    fn negamax(&mut self, mine: u64, theirs: u64, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096)
            && self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let moves = board::legal_squares(mine, theirs);
        if moves == 0 {
            if passed {
                self.leaves += 1;
                return mine.count_ones() as i32 - theirs.count_ones() as i32;
            }
            return -self.negamax(theirs, mine, -beta, -alpha, true);
        }
        let mut best = i32::MIN + 1;
        for group in [
            moves & CORNERS,
            moves & !CORNERS & !NEXT_TO_CORNERS,
            moves & NEXT_TO_CORNERS,
        ] {
            let mut rest = group;
            while rest != 0 {
                let square = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                let flipped = board::flips(mine, theirs, square);
                let value = -self.negamax(
                    theirs ^ flipped,
                    mine | flipped | 1 << square,
                    -beta,
                    -alpha,
                    false,
                );
                best = best.max(value);
                alpha = alpha.max(value);
                if alpha >= beta {
                    self.cutoffs += 1;
                    return best;
                }
            }
        }
        best
    }
}

/// The exact value of `game` and a move that keeps it, when it has at most
/// [`MAX_EMPTIES`] empty squares or is over; `None` otherwise or when `stop` is
/// raised.
pub fn solve(game: &Othello, stop: Option<&AtomicBool>) -> Option<ExactSolution<u8>> {
    let [black, white] = game.discs;
    if 64 - (black | white).count_ones() > MAX_EMPTIES && game.outcome().is_none() {
        return None;
    }
    let me = game.to_move().index();
    let (mine, theirs) = (game.discs[me], game.discs[1 - me]);
    let mut search = Search {
        nodes: 0,
        leaves: 0,
        cutoffs: 0,
        stop,
        stopped: false,
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut best: Option<(u8, i32)> = None;
    for &m in &moves {
        let value = if m == PASS {
            -search.negamax(theirs, mine, i32::MIN + 1, i32::MAX, true)
        } else {
            let flipped = board::flips(mine, theirs, m);
            let alpha = best.map_or(i32::MIN + 1, |(_, v)| v);
            -search.negamax(
                theirs ^ flipped,
                mine | flipped | 1 << m,
                i32::MIN + 1,
                -alpha,
                false,
            )
        };
        if best.is_none_or(|(_, v)| value > v) {
            best = Some((m, value));
        }
    }
    if search.stopped {
        return None;
    }
    let (best_move, score) = match best {
        Some((m, value)) => (Some(m), value),
        None => (None, mine.count_ones() as i32 - theirs.count_ones() as i32),
    };
    Some(ExactSolution {
        score,
        value: match score.signum() {
            1 => GameValue::Win,
            -1 => GameValue::Loss,
            _ => GameValue::Draw,
        },
        best_move,
        pv: best_move.into_iter().collect(),
        nodes: search.nodes,
        leaves: search.leaves,
        cutoffs: search.cutoffs,
        tt_hits: 0,
        algorithm: "alpha-beta-to-the-end",
    })
}
