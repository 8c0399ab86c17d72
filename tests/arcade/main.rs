//! The arcade driven with keys on a `TestBackend`, and in a real terminal under tmux
//! (`smoke`, `signals`, the lessons' script; `common::tmux` runs those one at a
//! time), in one test binary (one link of the crate instead of one per file).

// A test binary has no public API: `pub` only marks what its modules share.
#![allow(unreachable_pub)]

#[path = "../common/mod.rs"]
mod common;

mod analysis;
mod arcade;
mod arcade_run;
mod boards;
mod course_views;
mod explorer;
mod go_arcade;
mod go_count;
mod lessons;
mod mcts_explorer;
mod panel;
mod panel_lines;
mod play_flags;
mod setup_levels;
mod setup_threads;
mod signals;
mod smoke;
mod typed_moves;
