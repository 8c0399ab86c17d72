//! The running match, UI-free: the game with its history (undo, redo), who plays
//! each side, the clocks, the search in flight, and how the game ended. The
//! arcade draws a [`Match`], `ply match` runs engine-against-engine games on one,
//! and tests drive one without a terminal. Nothing here draws anything.

pub mod adjudication;
pub mod analysis;
pub mod analysis_board;
pub mod clock;
pub mod error;
mod game_match;
pub mod levels;
pub mod mcts_spec;
pub mod notation;
pub mod record;
pub mod resign;
mod setup;
pub mod store;

pub use error::PlayError;
pub use game_match::{
    EndReason, Ending, Match, MatchEvent, PlayedMove, Purpose, Refusal, SearchStart, TakenBack,
};
pub use setup::{
    DEFAULT_MOVE_TIME, EngineSettings, PlaySetup, RecordedResult, Seat, default_threads,
    evaluator_names, pruning_rule_for, read_pruning_rule, read_threads, seconds,
};
