//! The match layer and what the arcade keeps: undo, clocks, saved games and the
//! tree-recording switch, in one test binary (one link of the crate instead of one
//! per file).

#[path = "../common/mod.rs"]
mod common;

mod clock;
mod keep;
mod play;
mod record_switch;
