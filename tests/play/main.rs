//! The match layer and what the arcade keeps: undo, clocks, saved games (what
//! they say when a save fails, their locks) and the tree-recording switch, in one
//! test binary (one link of the crate instead of one per file).

// A test binary has no public API: `pub` only marks what its modules share.
#![allow(unreachable_pub)]

#[path = "../common/mod.rs"]
mod common;

mod clock;
mod finished_record;
mod keep;
mod play;
mod pruning_rule;
mod record_switch;
mod refused;
mod saved_threads;
mod saves;
