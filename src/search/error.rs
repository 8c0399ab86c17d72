//! What a search refuses to do, as one type: the command line and the arcade show
//! its message in one line; a caller that cares tells the cases apart.

use thiserror::Error;

/// A search that cannot be run as asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SearchError {
    /// An engine extra's name that the table does not declare.
    #[error("unknown switch '{name}': expected one of {}", known.join(", "))]
    UnknownExtra {
        /// The name asked for.
        name: String,
        /// The names the table declares.
        known: Vec<&'static str>,
    },
    /// Breadth-first minimax keeps every node; this tree has more than it may keep.
    #[error(
        "more than {limit} nodes: breadth-first minimax keeps the whole tree; try a lower depth"
    )]
    TreeTooBig {
        /// The most nodes it keeps.
        limit: usize,
    },
    /// A recorded tree too big to draw as a figure.
    #[error("{nodes} nodes: too many to draw (at most {limit}); try a lower depth")]
    FigureTooBig {
        /// The nodes the tree holds.
        nodes: u64,
        /// The most a figure draws.
        limit: usize,
    },
    /// A figure asked of a search that recorded nothing.
    #[error("nothing was recorded to draw")]
    NothingRecorded,
    /// A transposition table bigger than the memory that can be had.
    #[error("cannot reserve {mib} MiB of memory for the table")]
    TableMemory {
        /// The table's size asked for.
        mib: usize,
    },
}
