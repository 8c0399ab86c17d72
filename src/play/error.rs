//! What the running match refuses, as one type: the arcade and the command line
//! show its message in one line.

use thiserror::Error;

use crate::game::GameError;
use crate::search::SearchError;

/// A match that cannot be set up or played as asked, or a saved game that
/// cannot be read or written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The rules refused an option, a position or a move.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The search refused a setting (an unknown extra).
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A depth limit of 0, which no search can honour.
    #[error("the search depth must be at least 1")]
    ZeroDepth,
    /// A node limit of 0.
    #[error("the node limit must be at least 1")]
    ZeroNodes,
    /// A move time of 0 seconds.
    #[error("the time per move must be more than 0 seconds")]
    ZeroTime,
    /// A pruning rule (`prune-on-equal=...`) that cannot be read or that the
    /// algorithm does not have.
    #[error("prune-on-equal={0}")]
    PruningRule(String),
    /// A thread count (`threads=...`, `--threads`) that is not a whole number
    /// from 1 to [`MAX_THREADS`](crate::search::MAX_THREADS).
    #[error("threads={0}: expected a whole number from 1 to {max}", max = crate::search::MAX_THREADS)]
    Threads(String),
    /// A saved game that cannot be read, written or understood; the message
    /// says which and why.
    #[error("{0}")]
    Store(String),
}
