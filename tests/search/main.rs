//! The search and the evaluations: alpha-beta against minimax, the textbook trees,
//! the engine's refinements, quiescence, MCTS, the recorded tree and each game's
//! evaluation, in one test binary (one link of the crate instead of one per file).

// A test binary has no public API: `pub` only marks what its modules share.
#![allow(unreachable_pub)]

#[path = "../common/mod.rs"]
mod common;

mod chess_eval;
mod chess_mating;
mod chess_neural;
mod chess_texel;
mod conventions;
mod engine_memory;
mod engine_pruning;
mod engine_reductions;
mod engine_threats;
mod eval_cache;
mod eval_explain;
mod exchange;
mod mcts;
mod mcts_memory;
mod mcts_parallel;
mod mcts_reuse;
mod multi_pv;
mod parallel;
mod search;
mod search_features;
mod shape;
mod textbook;
mod tree;
mod xiangqi_eval;
