//! When the computer gives a game up: the rule `ply gtp` answers `genmove` with,
//! and the arcade's computer follows in Go. Kept here, below both, so that they
//! share one rule.

use crate::search::SearchResult;
use crate::search::mcts::win_rate_score;

/// Resign below this win rate of the best move, in percent...
pub const RESIGN_PERCENT: f64 = 10.0;
/// ...on this many of our moves in a row: one low estimate is often a passing
/// scare of the playouts (a big group that looks dead until the tree reads it).
pub const RESIGN_STREAK: u32 = 3;
/// ...and only once the root's estimates rest on this many playouts.
const RESIGN_MIN_PLAYOUTS: u64 = 3000;

/// When the computer gives up: a win rate below `below` on `streak` moves in a
/// row (`streak` 0 never resigns).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    /// The win rate (0 to 1) under which a move counts as hopeless.
    pub below: f64,
    /// Hopeless moves in a row before resigning; 0 never resigns.
    pub streak: u32,
}

impl Default for ResignRule {
    fn default() -> Self {
        ResignRule {
            below: RESIGN_PERCENT / 100.0,
            streak: RESIGN_STREAK,
        }
    }
}

impl ResignRule {
    /// True when the most visited root move wins less than `below` of its
    /// playouts and the root has had enough of them to be believed. Meant for
    /// Monte Carlo results, whose scores are win rates.
    pub fn hopeless<M>(&self, result: &SearchResult<M>) -> bool {
        let playouts: u64 = result.root_moves.iter().map(|m| m.nodes).sum();
        let best = result.root_moves.first();
        playouts >= RESIGN_MIN_PLAYOUTS
            && best.is_some_and(|m| m.score.is_some_and(|s| s < win_rate_score(self.below)))
    }

    /// Counts one more search of a side in `hopeless_in_a_row` (reset by a
    /// hopeful one); true when the side should resign now.
    pub fn tally<M>(&self, result: &SearchResult<M>, hopeless_in_a_row: &mut u32) -> bool {
        if self.hopeless(result) {
            *hopeless_in_a_row += 1;
        } else {
            *hopeless_in_a_row = 0;
        }
        self.streak > 0 && *hopeless_in_a_row >= self.streak
    }
}
