//! Lazy SMP: the engine's depth-first search on several threads at once.
//!
//! Every thread searches the same root with the same driver
//! ([`Searcher::run`]), its own move-ordering tables (killers, history) and the
//! one [`SharedTable`] they all read and write. The threads do not split the
//! tree: what one finds first lands in the table, where the others meet it and
//! take another way (its move orders their moves, its bounds cut their nodes).
//! Helpers vary their depths as Stockfish's lazy SMP did: each skips some
//! iterations (helper 1 searches the even depths, helper 2 the odd ones, later
//! helpers longer runs of depths), so that they run ahead of the main thread and
//! fill the table with deeper results than it has reached.
//!
//! The main thread alone reports (its observer sees the nodes of all threads
//! summed), watches the caller's stop flag, the clock and the node limit (nodes
//! of all threads), and decides which move to play; when it returns, the
//! helpers' own stop flag is raised and they are joined. One thread is not this
//! module: [`runs_parallel`] is false and the single-threaded driver runs as it
//! always has.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::limits::{Algorithm, Limits, SearchConfig};
use super::order::MoveOrderer;
use super::report::{Iteration, Observer, Progress, SearchResult};
use super::searcher::Searcher;
use super::tree::NoTracer;
use super::tt::SharedTable;
use crate::game::{Evaluator, SearchHooks};

/// The most threads a search takes (`Threads`, `threads=N`).
pub const MAX_THREADS: usize = 256;

/// How many iterations in a row helper `n` searches and skips, and where its
/// pattern starts (Stockfish 9's `SkipSize` and `SkipPhase`), for helpers 1 to
/// 20; helper 21 repeats helper 1's pattern.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// True when `config` searches on several threads: the engine (not the course's
/// minimax or alpha-beta), with a table to share, recording no tree, asked for
/// more than one thread.
pub(super) fn runs_parallel(config: &SearchConfig) -> bool {
    config.threads > 1
        && config.algorithm == Algorithm::Engine
        && config.tt_mib > 0
        && config.trace.is_none()
}

/// The threads a search with `config` runs on: `config.threads` where
/// [`runs_parallel`] or where Monte Carlo search records no tree for the explorer
/// (whose tree is one search's, as the course shows it), else one.
pub fn threads_used(config: &SearchConfig) -> usize {
    let monte_carlo = config.algorithm == Algorithm::Mcts && config.trace.is_none();
    if runs_parallel(config) || (monte_carlo && config.threads > 1) {
        config.threads
    } else {
        1
    }
}

/// What a parallel search keeps from one search to the next: the shared table
/// and each helper's move-ordering tables (the main thread's are the engine's own).
pub(super) struct Crew<M> {
    table: SharedTable<M>,
    helpers: Vec<MoveOrderer<M>>,
}

impl<M: Copy + Eq + std::hash::Hash + Send> Crew<M> {
    /// A crew for `config`: its table size, one orderer per helper.
    pub(super) fn new(config: &SearchConfig) -> Crew<M> {
        Crew {
            table: SharedTable::new(config.tt_mib),
            helpers: (1..config.threads)
                .map(|_| MoveOrderer::new(config))
                .collect(),
        }
    }

    /// True when this crew is what `config` asks for (table size, helpers, ordering).
    pub(super) fn fits(&self, config: &SearchConfig) -> bool {
        self.table.mib() == config.tt_mib
            && self.helpers.len() + 1 == config.threads
            && self.helpers.iter().all(|orderer| orderer.fits(config))
    }

    /// Ages the table and the helpers' tables for a new search.
    pub(super) fn new_search(&mut self) {
        self.table.new_search();
        self.helpers.iter_mut().for_each(MoveOrderer::new_search);
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.table.clear();
        self.helpers.iter_mut().for_each(MoveOrderer::clear);
    }

    /// How full the shared table is, in thousandths.
    pub(super) fn permille_full(&self) -> u32 {
        self.table.permille_full()
    }
}

/// What one thread of a parallel search shares with the others.
#[derive(Clone, Copy)]
pub(super) struct ThreadLink<'a, M> {
    /// The table every thread reads and writes.
    pub table: &'a SharedTable<M>,
    /// The helpers' nodes so far, added up as they poll.
    helper_nodes: &'a AtomicU64,
    /// The helper's number from 1; `None` for the main thread.
    helper: Option<usize>,
}

impl<M> ThreadLink<'_, M> {
    /// True when this thread skips the iteration at `depth` (helpers only).
    pub(super) fn skips(&self, depth: u32) -> bool {
        let Some(number) = self.helper else {
            return false;
        };
        let index = (number - 1) % SKIP_SIZE.len();
        (depth + SKIP_PHASE[index]) / SKIP_SIZE[index] % 2 == 1
    }

    /// Called every `interval` nodes: a helper adds them to the shared count; the
    /// main thread answers true when all threads' nodes passed the node `limit`.
    pub(super) fn polled(&self, nodes: u64, limit: Option<u64>, interval: u64) -> bool {
        if self.helper.is_some() {
            self.helper_nodes.fetch_add(interval, Ordering::Relaxed);
            return false;
        }
        limit.is_some_and(|limit| nodes + self.helper_nodes.load(Ordering::Relaxed) > limit)
    }
}

/// Searches `game` on `config.threads` threads sharing `crew`'s table; the main
/// thread uses `orderer`. `root`: as [`super::iterative::depth_first`]'s.
#[allow(clippy::too_many_arguments)]
pub(super) fn search<G: SearchHooks>(
    game: &G,
    root: Option<&[G::Move]>,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    observer: &mut dyn Observer<G::Move>,
    orderer: &mut MoveOrderer<G::Move>,
    crew: &mut Crew<G::Move>,
) -> SearchResult<G::Move> {
    let helper_config = SearchConfig {
        limits: Limits {
            time: None,
            nodes: None,
            ..config.limits
        },
        soft_time: None,
        ..config.clone()
    };
    let helper_nodes = AtomicU64::new(0);
    let helpers_stop = AtomicBool::new(false);
    let Crew { table, helpers } = crew;
    let table = &*table;
    let link = |helper| ThreadLink {
        table,
        helper_nodes: &helper_nodes,
        helper,
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = helpers
            .iter_mut()
            .enumerate()
            .map(|(index, orderer)| {
                let (link, helper_config, helpers_stop) =
                    (link(Some(index + 1)), &helper_config, &helpers_stop);
                scope.spawn(move || {
                    let stop = Some(helpers_stop);
                    let searched = (game, root, evaluator, helper_config);
                    run_thread(searched, stop, &mut (), link, orderer)
                })
            })
            .collect();
        // Raised however the main thread ends, a panic included, so that the
        // scope's join never waits on a helper that searches on.
        let _stop_helpers = RaiseOnDrop(&helpers_stop);
        let mut summed = Summed {
            inner: observer,
            helper_nodes: &helper_nodes,
        };
        let searched = (game, root, evaluator, config);
        let mut result = run_thread(searched, stop, &mut summed, link(None), orderer);
        helpers_stop.store(true, Ordering::Relaxed);
        for handle in handles {
            // A helper that panicked adds nothing; its table entries stay usable.
            if let Ok(helper) = handle.join() {
                result.stats.nodes_all_passes += helper.stats.nodes_all_passes;
            }
        }
        result
    })
}

/// What every thread searches: the game, the root's moves, the evaluation and the
/// configuration.
type Searched<'a, G> = (
    &'a G,
    Option<&'a [<G as crate::game::Game>::Move]>,
    &'a dyn Evaluator<G>,
    &'a SearchConfig,
);

/// One thread's search: the driver with the shared table and `orderer`.
fn run_thread<G: SearchHooks>(
    (game, root, evaluator, config): Searched<'_, G>,
    stop: Option<&AtomicBool>,
    observer: &mut dyn Observer<G::Move>,
    link: ThreadLink<'_, G::Move>,
    orderer: &mut MoveOrderer<G::Move>,
) -> SearchResult<G::Move> {
    let mut searcher = Searcher::new(NoTracer, game, evaluator, config, stop, observer);
    searcher.given_root = root.filter(|moves| !moves.is_empty());
    searcher.tt = None;
    searcher.link = Some(link);
    std::mem::swap(&mut searcher.orderer, orderer);
    let mut result = searcher.run();
    result.stats.elapsed = searcher.elapsed();
    std::mem::swap(&mut searcher.orderer, orderer);
    result
}

/// Raises a flag when dropped.
struct RaiseOnDrop<'a>(&'a AtomicBool);

impl Drop for RaiseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The main thread's observer: its reports with the helpers' nodes added, so that
/// nodes and nodes per second are those of all threads.
struct Summed<'o, 'n, M> {
    inner: &'o mut dyn Observer<M>,
    helper_nodes: &'n AtomicU64,
}

impl<M: Clone> Observer<M> for Summed<'_, '_, M> {
    fn progress(&mut self, progress: &Progress<M>) {
        let mut progress = progress.clone();
        progress.stats.nodes_all_passes += self.helper_nodes.load(Ordering::Relaxed);
        self.inner.progress(&progress);
    }

    fn iteration(&mut self, iteration: &Iteration<M>) {
        let mut iteration = iteration.clone();
        iteration.stats.nodes_all_passes += self.helper_nodes.load(Ordering::Relaxed);
        self.inner.iteration(&iteration);
    }
}
