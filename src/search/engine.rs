//! A long-lived engine: the transposition table and the move-ordering tables
//! (killers, history) kept from one search to the next, as a player keeps what it
//! worked out on the last move. The arcade, `ply match` and the engine protocols
//! play with one; the stateless [`search`](super::search) stays for tests and
//! `ply solve`, whose answers must not depend on what was searched before.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

use super::iterative::{depth_first, search_with_tables};
use super::limits::{Algorithm, SearchConfig};
use super::order::MoveOrderer;
use super::parallel::{self, Crew};
use super::report::{Observer, SearchResult};
use super::runner::{SearchHandle, spawn_job};
use super::tt::TranspositionTable;
use crate::game::{Evaluator, SearchHooks};

/// The tables a search fills and a later search can reuse.
pub struct SearchTables<M> {
    tt: Option<TranspositionTable<M>>,
    orderer: MoveOrderer<M>,
    /// Monte Carlo search's tree, reused below the moves played since.
    pub(super) mcts_tree: Option<super::mcts::MctsTree<M>>,
    /// A parallel search's shared table and helpers' tables, once one ran.
    crew: Option<Crew<M>>,
}

impl<M: Copy + Eq + std::hash::Hash> SearchTables<M> {
    fn new(config: &SearchConfig) -> SearchTables<M> {
        SearchTables {
            tt: (config.tt_mib > 0).then(|| TranspositionTable::new(config.tt_mib)),
            orderer: MoveOrderer::new(config),
            mcts_tree: None,
            crew: None,
        }
    }

    /// True when these tables are what `config` asks for (table size, ordering).
    fn fit(&self, config: &SearchConfig) -> bool {
        let tt_mib = self.tt.as_ref().map_or(0, TranspositionTable::mib);
        tt_mib == config.tt_mib && self.orderer.fits(config)
    }

    /// Exchanges these tables with a searcher's: in before the search, out after.
    pub(super) fn swap(
        &mut self,
        tt: &mut Option<TranspositionTable<M>>,
        orderer: &mut MoveOrderer<M>,
    ) {
        std::mem::swap(&mut self.tt, tt);
        std::mem::swap(&mut self.orderer, orderer);
    }

    /// The main thread's orderer and the crew of a parallel search for `config`:
    /// the kept one aged for a new search, or a fresh one that fits.
    fn for_parallel(&mut self, config: &SearchConfig) -> (&mut MoveOrderer<M>, &mut Crew<M>)
    where
        M: Send,
    {
        let crew = match self.crew.take() {
            Some(mut crew) if crew.fits(config) => {
                crew.new_search();
                crew
            }
            _ => Crew::new(config),
        };
        (&mut self.orderer, self.crew.insert(crew))
    }
}

/// A player's search with a memory: see the module's notes.
pub struct Engine<G: SearchHooks> {
    tables: Option<SearchTables<G::Move>>,
}

impl<G: SearchHooks> Default for Engine<G> {
    fn default() -> Self {
        Engine::new()
    }
}

impl<G: SearchHooks> Engine<G> {
    /// An engine that remembers nothing yet.
    pub fn new() -> Engine<G> {
        Engine { tables: None }
    }

    /// Forgets everything: a new game shares nothing with the last one.
    pub fn new_game(&mut self) {
        if let Some(tables) = self.tables.as_mut() {
            if let Some(tt) = tables.tt.as_mut() {
                tt.clear();
            }
            tables.orderer.clear();
            tables.mcts_tree = None;
            if let Some(crew) = tables.crew.as_mut() {
                crew.clear();
            }
        }
    }

    /// Searches `game` like [`search`](super::search), starting from what earlier
    /// searches left in the tables (aged, so that new results take their place).
    /// A configuration with another table size or other ordering gets fresh tables.
    /// The engine's searches take `config.threads` threads (lazy SMP, see
    /// `src/search/parallel.rs`); every other algorithm searches on one.
    pub fn search(
        &mut self,
        game: &G,
        evaluator: &dyn Evaluator<G>,
        config: &SearchConfig,
        stop: Option<&AtomicBool>,
        observer: &mut dyn Observer<G::Move>,
    ) -> SearchResult<G::Move> {
        let tables = self.tables_for(config);
        if parallel::runs_parallel(config) {
            let (orderer, crew) = tables.for_parallel(config);
            return parallel::search(game, None, evaluator, config, stop, observer, orderer, crew);
        }
        search_with_tables(game, evaluator, config, stop, observer, Some(tables))
    }

    /// [`Engine::search`] with the root choosing among `root_moves` only (legal
    /// moves of `game`; an empty list is no restriction): a GUI's `go
    /// searchmoves`, or the moves the board allows where the game's rules already
    /// call it drawn, for a GUI that still wants a move. Below the root the game's
    /// own moves and rules apply. A depth-first search's input: a Monte Carlo
    /// configuration is searched as a depth-first engine would not be, so it is
    /// not to be given here.
    pub fn search_among(
        &mut self,
        game: &G,
        root_moves: &[G::Move],
        evaluator: &dyn Evaluator<G>,
        config: &SearchConfig,
        stop: Option<&AtomicBool>,
        observer: &mut dyn Observer<G::Move>,
    ) -> SearchResult<G::Move> {
        debug_assert!(config.algorithm != Algorithm::Mcts, "a depth-first input");
        let tables = self.tables_for(config);
        if parallel::runs_parallel(config) {
            let (orderer, crew) = tables.for_parallel(config);
            let root = Some(root_moves);
            return parallel::search(game, root, evaluator, config, stop, observer, orderer, crew);
        }
        depth_first(
            game,
            Some(root_moves),
            evaluator,
            config,
            stop,
            observer,
            Some(tables),
        )
    }

    /// The kept tables, aged for a new search, or fresh ones that fit `config`.
    fn tables_for(&mut self, config: &SearchConfig) -> &mut SearchTables<G::Move> {
        let tables = match self.tables.take() {
            Some(mut tables) if tables.fit(config) => {
                if let Some(tt) = tables.tt.as_mut() {
                    tt.new_search();
                }
                tables.orderer.new_search();
                tables
            }
            _ => SearchTables::new(config),
        };
        self.tables.insert(tables)
    }

    /// How full the kept table is, in thousandths (UCI's `hashfull`); 0 without one.
    /// With both a one-thread table and a shared one kept, the fuller of the two.
    pub fn permille_full(&self) -> u32 {
        let Some(tables) = self.tables.as_ref() else {
            return 0;
        };
        let own = tables
            .tt
            .as_ref()
            .map_or(0, TranspositionTable::permille_full);
        let shared = tables.crew.as_ref().map_or(0, Crew::permille_full);
        own.max(shared)
    }
}

/// An engine a background search can borrow: the search thread holds the lock
/// while it runs, so a search started right after a cancelled one waits for it
/// to hand the tables back (a cancelled search stops within ~1024 nodes).
pub type SharedEngine<G> = Arc<Mutex<Engine<G>>>;

/// A new [`SharedEngine`].
pub fn shared_engine<G: SearchHooks>() -> SharedEngine<G> {
    Arc::new(Mutex::new(Engine::new()))
}

/// [`spawn_search`](super::spawn_search) on a kept engine: the search runs on its
/// own thread with the engine's tables and reports as events.
pub fn spawn_engine_search<G: SearchHooks>(
    engine: SharedEngine<G>,
    game: G,
    evaluator: Arc<dyn Evaluator<G>>,
    config: SearchConfig,
) -> SearchHandle<G::Move> {
    spawn_on(engine, move |engine, stop, observer| {
        engine.search(&game, evaluator.as_ref(), &config, Some(stop), observer)
    })
}

/// [`spawn_engine_search`] of [`Engine::search_among`]: the root chooses among
/// `root_moves` only.
pub fn spawn_engine_search_among<G: SearchHooks>(
    engine: SharedEngine<G>,
    game: G,
    root_moves: Vec<G::Move>,
    evaluator: Arc<dyn Evaluator<G>>,
    config: SearchConfig,
) -> SearchHandle<G::Move> {
    spawn_on(engine, move |engine, stop, observer| {
        let evaluator = evaluator.as_ref();
        engine.search_among(&game, &root_moves, evaluator, &config, Some(stop), observer)
    })
}

/// Runs `search` on its own thread with the shared engine locked.
fn spawn_on<G: SearchHooks>(
    engine: SharedEngine<G>,
    search: impl FnOnce(
        &mut Engine<G>,
        &AtomicBool,
        &mut dyn Observer<G::Move>,
    ) -> SearchResult<G::Move>
    + Send
    + 'static,
) -> SearchHandle<G::Move> {
    spawn_job(move |stop, observer| {
        // A search that panicked left tables that may be half-written: start afresh.
        let mut engine = engine.lock().unwrap_or_else(|poisoned| {
            let mut engine = poisoned.into_inner();
            *engine = Engine::new();
            engine
        });
        search(&mut engine, stop, observer)
    })
}

/// Locks a shared engine for a command between searches (a new game).
pub fn lock<G: SearchHooks>(engine: &SharedEngine<G>) -> std::sync::MutexGuard<'_, Engine<G>> {
    engine.lock().unwrap_or_else(PoisonError::into_inner)
}
