//! When the computer gives a game up: the rule `ply gtp` answers `genmove` with,
//! and the arcade's computer follows in Go. Kept here, below both, so that they
//! share one rule.

use crate::search::SearchResult;
use crate::search::mcts::win_rate_score;

/// Resign below this win rate of the best move...
const RESIGN_WIN_RATE: f64 = 0.1;
/// ...once the root's estimates rest on this many playouts.
const RESIGN_MIN_PLAYOUTS: u64 = 3000;

/// True when the most visited root move wins less than [`RESIGN_WIN_RATE`] of
/// its playouts, and the root has had enough of them: playing on would only
/// prolong a lost game. Meant for Monte Carlo results, whose scores are win rates.
pub fn should_resign<M>(result: &SearchResult<M>) -> bool {
    let playouts: u64 = result.root_moves.iter().map(|m| m.nodes).sum();
    let best = result.root_moves.first();
    playouts >= RESIGN_MIN_PLAYOUTS
        && best.is_some_and(|m| m.score.is_some_and(|s| s < win_rate_score(RESIGN_WIN_RATE)))
}
