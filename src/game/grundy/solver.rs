//! The exact solver of Grundy's game, by Sprague-Grundy theory instead of search.
//!
//! Every heap is a game of its own, and a position is their sum: its Sprague-Grundy
//! value is the XOR (nim-sum) of the heaps' values, and the side to move loses
//! exactly when that is 0. A single heap's value is the smallest number that none
//! of its splits reaches (the mex), a split being worth the XOR of its two heaps.
//! The table of single-heap values is built once, up to the largest heap asked
//! for, so solving any position afterwards is a look-up per heap; the winning
//! move is a split that brings the nim-sum to 0.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use super::{Grundy, Split};
use crate::game::{ExactSolution, Game, GameValue};

/// The longest line of best play a solution reports: a heap of 1000 lasts for
/// hundreds of moves, and the first few are the ones a reader follows.
pub const MAX_PV_PLIES: usize = 64;

/// The Sprague-Grundy values of single heaps from 0 up, grown on demand and kept
/// for the life of the process.
static VALUES: Mutex<Vec<u16>> = Mutex::new(Vec::new());

/// The Sprague-Grundy values of the heaps `0..=largest` (OEIS A002188), from the
/// table kept across calls, extended by the mex rule when `largest` is new.
/// `None` when `stop` is raised while the table grows.
pub fn values_up_to(largest: u16, stop: Option<&AtomicBool>) -> Option<Vec<u16>> {
    let mut values = VALUES.lock().unwrap_or_else(PoisonError::into_inner);
    let mut reachable = Vec::new();
    while values.len() <= largest as usize {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return None;
        }
        let heap = values.len();
        let value = mex_of_splits(&values, heap, &mut reachable);
        values.push(value);
    }
    Some(values[..=largest as usize].to_vec())
}

/// The value of `heap` from the values of all smaller heaps: the smallest number
/// that no split into two unequal heaps reaches. `reachable` is scratch space.
fn mex_of_splits(values: &[u16], heap: usize, reachable: &mut Vec<bool>) -> u16 {
    reachable.clear();
    // No value exceeds the number of splits, so the mex lies in 0..=heap / 2.
    reachable.resize(heap / 2 + 2, false);
    for larger in heap / 2 + 1..heap {
        let value = (values[larger] ^ values[heap - larger]) as usize;
        if let Some(seen) = reachable.get_mut(value) {
            *seen = true;
        }
    }
    reachable.iter().position(|&seen| !seen).unwrap_or(0) as u16
}

/// The nim-sum of a position's heaps: 0 exactly when the side to move loses.
fn nim_sum(heaps: &[u16], values: &[u16]) -> u16 {
    heaps
        .iter()
        .fold(0, |sum, &heap| sum ^ values[heap as usize])
}

/// The move to play from `game` and the splits looked at to find it: a split that
/// leaves a nim-sum of 0 when there is one (the side to move wins), else the first
/// legal move (every move loses, so the longest-lasting split stands in).
fn best_split(game: &Grundy, values: &[u16]) -> (Option<Split>, u64) {
    let sum = nim_sum(game.heaps(), values);
    let mut looked_at = 0;
    if sum != 0 {
        let mut previous = 0;
        for &heap in game.heaps() {
            if heap == previous || heap < 3 {
                continue;
            }
            previous = heap;
            let wanted = sum ^ values[heap as usize];
            for larger in heap / 2 + 1..heap {
                looked_at += 1;
                if values[larger as usize] ^ values[(heap - larger) as usize] == wanted {
                    return (Some(Split { heap, larger }), looked_at);
                }
            }
        }
    }
    (game.moves().first().copied(), looked_at)
}

/// Solves `game` exactly. The score is the position's Sprague-Grundy value (the
/// nim-sum of its heaps), non-zero exactly when the side to move wins; the line of
/// best play stops after [`MAX_PV_PLIES`]. `None` when `stop` is raised first.
pub fn solve(game: &Grundy, stop: Option<&AtomicBool>) -> Option<ExactSolution<Split>> {
    let largest = game.heaps().first().copied().unwrap_or(0);
    let values = values_up_to(largest, stop)?;
    let score = nim_sum(game.heaps(), &values);
    let mut nodes = 1;
    let mut pv = Vec::new();
    let mut line = game.clone();
    while pv.len() < MAX_PV_PLIES && line.outcome().is_none() {
        let (split, looked_at) = best_split(&line, &values);
        nodes += looked_at;
        let Some(split) = split else { break };
        line.play(split);
        pv.push(split);
    }
    Some(ExactSolution {
        score: i32::from(score),
        value: if score != 0 {
            GameValue::Win
        } else {
            GameValue::Loss
        },
        best_move: pv.first().copied(),
        pv,
        nodes,
        leaves: 0,
        cutoffs: 0,
        tt_hits: 0,
        algorithm: "sprague-grundy",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_raised_before_the_table_grows_gives_no_answer() {
        let raised = AtomicBool::new(true);
        // Heaps this large are never asked for elsewhere, so the table must grow.
        assert_eq!(values_up_to(u16::MAX, Some(&raised)), None);
    }

    #[test]
    fn a_finished_game_has_no_move_and_is_lost() {
        let solution = solve(&Grundy::from_heaps(&[2, 1, 1]), None).unwrap();
        assert_eq!(solution.value, GameValue::Loss);
        assert_eq!(solution.best_move, None);
        assert!(solution.pv.is_empty());
    }
}
