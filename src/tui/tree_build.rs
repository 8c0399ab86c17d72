//! The explorer's view of a recorded search, built off the UI thread. Writing a
//! large tree's moves out takes a replay of every node (0.4-0.7 s for 200,000
//! nodes, seconds on a loaded machine): on a thread of its own the arcade keeps
//! drawing, the game keeps ticking and keys keep working, Esc included, which
//! drops the build. Small trees are built at once, in less than a frame.

use std::sync::mpsc::{self, Receiver, TryRecvError};

use super::recorded::RecordedSearch;

/// Makes the explorer's view of a recorded search (see [`super::session::Session::tree_builder`]).
pub type TreeBuilder = Box<dyn FnOnce() -> RecordedSearch + Send>;

/// Trees up to this many nodes are built on the UI thread: a few milliseconds.
pub const INLINE_BUILD_NODES: usize = 5_000;

/// Where a build stands.
pub enum BuildState {
    /// Still writing the tree out.
    Building,
    /// Ready for the explorer.
    Built(Box<RecordedSearch>),
    /// The build thread ended without a tree (it panicked).
    Failed,
}

/// A build running on its own thread; dropping it abandons the result.
pub struct TreeBuild {
    result: Receiver<RecordedSearch>,
}

impl TreeBuild {
    /// Starts `builder` on a new thread.
    pub fn start(builder: TreeBuilder) -> TreeBuild {
        let (sender, result) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("ply-tree".into())
            .spawn(move || {
                // The receiver is gone when the user cancelled: nothing to do then.
                let _ = sender.send(builder());
            });
        // A thread refused by the system drops the sender: the build reads as failed.
        drop(spawned);
        TreeBuild { result }
    }

    /// Takes the tree if it is ready; never blocks.
    pub fn poll(&self) -> BuildState {
        match self.result.try_recv() {
            Ok(record) => BuildState::Built(Box::new(record)),
            Err(TryRecvError::Empty) => BuildState::Building,
            Err(TryRecvError::Disconnected) => BuildState::Failed,
        }
    }
}
