//! Correction history: how far the static value of positions with a given pawn
//! structure (the game's [`Game::correction_key`]) has turned out to be from what
//! searching them found, kept as a running average per side to move and added to
//! the static value that forward pruning, the null move and quiescence's
//! stand-pat judge a node by ([`SearchConfig::correction_history`]). An evaluation errs the same way on
//! positions that share a structure (a passed pawn it underrates, a blocked centre
//! it overrates); the search has already paid to find out how much, so the next
//! node with that structure is judged closer to its searched value.
//!
//! [`Game::correction_key`]: crate::game::Game::correction_key
//! [`SearchConfig::correction_history`]: super::SearchConfig::correction_history

use super::score::Score;
use crate::game::Player;

/// Slots per side to move (a power of two); keys share a slot modulo this.
const SLOTS: usize = 1 << 14;
/// Fixed-point scale: an entry holds the average error times this.
const GRAIN: i32 = 256;
/// The largest weight of one update, out of [`WEIGHT_TOTAL`]: a search of that
/// depth or more moves the average a sixteenth of the way to its error.
const MAX_WEIGHT: i32 = 16;
const WEIGHT_TOTAL: i32 = 256;
/// The largest correction, in units of material (pawns).
const MAX_UNITS: i32 = 4;

/// The running averages, one per side to move and structure slot; allocated by
/// the first update, so a search with the switch off (most) pays nothing.
#[derive(Clone)]
pub struct CorrectionHistory {
    entries: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory::new()
    }
}

impl CorrectionHistory {
    /// No error known for any structure: every correction is zero.
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            entries: Vec::new(),
        }
    }

    /// Forgets every average (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    fn slot(side: Player, key: u64) -> usize {
        let side = usize::from(side == Player::Second);
        side * SLOTS + (key as usize & (SLOTS - 1))
    }

    /// `eval` moved by the average error seen for `key` with `side` to move, at
    /// most [`MAX_UNITS`] units of material either way.
    pub fn corrected(&self, side: Player, key: u64, eval: Score, unit: Score) -> Score {
        let Some(&entry) = self.entries.get(Self::slot(side, key)) else {
            return eval;
        };
        let limit = MAX_UNITS * unit;
        eval + (entry / GRAIN).clamp(-limit, limit)
    }

    /// Moves the average for `key` towards `searched - eval` (the error of the
    /// uncorrected static value `eval`), more the deeper the search that found it.
    pub fn update(&mut self, side: Player, key: u64, eval: Score, searched: Score, depth: u32) {
        if self.entries.is_empty() {
            self.entries = vec![0; 2 * SLOTS];
        }
        let weight = (depth as i32 + 1).min(MAX_WEIGHT);
        let entry = &mut self.entries[Self::slot(side, key)];
        let error = (searched - eval) * GRAIN;
        *entry += (error - *entry) * weight / WEIGHT_TOTAL;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_errors_pull_the_correction_towards_them_and_no_further() {
        let mut history = CorrectionHistory::new();
        assert_eq!(history.corrected(Player::First, 7, 50, 100), 50);
        for _ in 0..200 {
            history.update(Player::First, 7, 50, 110, 20);
        }
        let corrected = history.corrected(Player::First, 7, 50, 100);
        assert!((105..=110).contains(&corrected), "{corrected}");
        // The other side to move and other structures are untouched.
        assert_eq!(history.corrected(Player::Second, 7, 50, 100), 50);
        assert_eq!(history.corrected(Player::First, 8, 50, 100), 50);
    }

    #[test]
    fn a_correction_is_at_most_four_units_of_material() {
        let mut history = CorrectionHistory::new();
        for _ in 0..500 {
            history.update(Player::Second, 3, 0, -30_000, 30);
        }
        assert_eq!(history.corrected(Player::Second, 3, 0, 100), -400);
        history.clear();
        assert_eq!(history.corrected(Player::Second, 3, 0, 100), 0);
    }
}
