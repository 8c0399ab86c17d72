//! Game-tree search, generic over [`Game`](crate::game::Game): plain minimax as the
//! textbook gives it, and alpha-beta in negamax form with iterative deepening, a
//! transposition table and move ordering. Nothing here draws anything: the arcade
//! and the command line watch a search through [`Observer`] or [`runner`].

mod alphabeta;
pub mod breadth_first;
mod continuation;
pub mod engine;
pub mod error;
mod eval_cache;
mod negamax;
mod parallel;
#[macro_use]
pub mod extras;
pub mod export;
pub mod figure;
mod iterative;
pub mod limits;
pub mod mcts;
mod minimax;
pub mod order;
mod pruning;
mod quiescence;
mod reductions;
pub mod report;
pub mod runner;
pub mod score;
mod searcher;
pub mod shape;
pub mod stats;
pub mod strategy;
pub mod time;
pub mod tree;
pub mod tt;

pub use engine::{
    Engine, SharedEngine, shared_engine, spawn_engine_search, spawn_engine_search_among,
};
pub use error::SearchError;
pub use iterative::search;
pub use limits::{Additions, Algorithm, Limits, SearchConfig};
pub use mcts::MctsConfig;
pub use parallel::{MAX_THREADS, threads_used};
pub use report::{Iteration, Observer, Progress, PvLine, RootMove, SearchResult};
pub use runner::{SearchEvent, SearchHandle, spawn_exact_solve, spawn_search};
pub use score::{GameValue, Score};
pub use stats::Stats;
pub use strategy::Strategy;
