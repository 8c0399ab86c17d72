//! Search strategies: how a position is searched, one implementation per family,
//! so that the runner, the live panel, the protocols and [`Engine`] run any of them
//! alike. Depth-first search (minimax, alpha-beta and the engine, in minimax.rs,
//! alphabeta.rs, negamax.rs and the driver iterative.rs) and Monte Carlo tree
//! search (mcts.rs) are the two; [`Algorithm::strategy`] is the one place that maps an algorithm
//! to its strategy.
//!
//! [`Engine`]: super::engine::Engine

use std::sync::atomic::AtomicBool;

use super::engine::SearchTables;
use super::limits::{Algorithm, SearchConfig};
use super::report::{Observer, SearchResult};
use crate::game::{Evaluator, SearchHooks};

/// A way to search a position that reports through an [`Observer`] and returns a
/// [`SearchResult`].
pub trait Strategy<G: SearchHooks> {
    /// Searches `game`; `tables` are a long-lived engine's table and ordering
    /// tables, which a strategy that keeps none may ignore.
    fn search(
        &self,
        game: &G,
        evaluator: &dyn Evaluator<G>,
        config: &SearchConfig,
        stop: Option<&AtomicBool>,
        observer: &mut dyn Observer<G::Move>,
        tables: Option<&mut SearchTables<G::Move>>,
    ) -> SearchResult<G::Move>;
}

/// Minimax, alpha-beta and the engine: depth-first search to a depth, deepened
/// one ply at a time when iterative deepening is on.
pub struct DepthFirst;

/// Monte Carlo tree search (UCT): playouts instead of a depth.
pub struct MonteCarlo;

impl<G: SearchHooks> Strategy<G> for DepthFirst {
    fn search(
        &self,
        game: &G,
        evaluator: &dyn Evaluator<G>,
        config: &SearchConfig,
        stop: Option<&AtomicBool>,
        observer: &mut dyn Observer<G::Move>,
        tables: Option<&mut SearchTables<G::Move>>,
    ) -> SearchResult<G::Move> {
        super::iterative::depth_first(game, None, evaluator, config, stop, observer, tables)
    }
}

impl<G: SearchHooks> Strategy<G> for MonteCarlo {
    fn search(
        &self,
        game: &G,
        evaluator: &dyn Evaluator<G>,
        config: &SearchConfig,
        stop: Option<&AtomicBool>,
        observer: &mut dyn Observer<G::Move>,
        tables: Option<&mut SearchTables<G::Move>>,
    ) -> SearchResult<G::Move> {
        match tables {
            Some(tables) => super::mcts::search_reusing(
                game,
                evaluator,
                config,
                stop,
                observer,
                &mut tables.mcts_tree,
            ),
            None => super::mcts::search(game, evaluator, config, stop, observer),
        }
    }
}

impl Algorithm {
    /// The strategy that carries the algorithm out.
    pub fn strategy<G: SearchHooks>(self) -> &'static dyn Strategy<G> {
        match self {
            Algorithm::Minimax | Algorithm::AlphaBeta | Algorithm::Engine => &DepthFirst,
            Algorithm::Mcts => &MonteCarlo,
        }
    }
}
