//! Monte Carlo tree search (UCT): instead of a static evaluation at a depth, the
//! search grows a tree one playout at a time. Each iteration walks down the tree by
//! the UCT rule (win rate plus an exploration bonus), adds one new node, plays the
//! game on at random from there ([`Game::playout`]) and counts the result in every
//! node on the way back up. The move played is the root's most visited.
//!
//! Values are kept per player (each node counts wins for the side that made the
//! move into it), so games where a side moves twice in a row (Kalah) are scored
//! right. RAVE/AMAF, as an option, also credits a move with the results of every
//! simulation in which its player played it later, which helps early on.
//!
//! The search reports like alpha-beta: root moves with their visits as `nodes` and
//! their win rate as the score ([`win_rate_score`]), the principal variation by
//! visits, and playouts as `nodes` in the statistics. Deterministic for a given seed
//! and playout limit.
//!
//! The tree lives within a memory budget ([`MctsConfig::memory_mib`], turned into a
//! node budget by [`node_budget`]); see [`Mcts::ensure_moves`] for what happens when
//! it is full.
//!
//! With [`SearchConfig::threads`] above 1 the playouts run on several threads at
//! once ([`parallel`]: root parallelism, one tree per thread, merged at the root).

mod parallel;

pub use parallel::MAX_THREADS;

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::limits::SearchConfig;
use super::report::{Iteration, Observer, Progress, PvLine, RootMove, SearchResult};
use super::score::{self, Score};
use super::stats::{PlyCounts, Stats};
use crate::game::{Evaluator, Outcome, Player, SearchHooks};

/// The settings only Monte Carlo search has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MctsConfig {
    /// The UCT exploration constant in hundredths (141 for the textbook's sqrt 2):
    /// higher explores more, lower exploits the best-looking move sooner.
    pub exploration_centi: u32,
    /// RAVE/AMAF: blend each move's all-moves-as-first statistics into its value.
    pub rave: bool,
    /// The seed of the random playouts: the same seed replays the same search.
    pub seed: u64,
    /// Longest playout before it is judged by the evaluation's sign.
    pub playout_cap: usize,
    /// RAVE's equivalence parameter: after about this many visits a node trusts
    /// its own statistics as much as its AMAF ones (higher keeps RAVE longer).
    pub rave_equivalence: u32,
    /// The most memory the tree may hold, in MiB ([`node_budget`] nodes): past it
    /// the tree stops growing and the playouts go on from its leaves.
    pub memory_mib: u32,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration_centi: 141,
            rave: false,
            seed: 0x5EED,
            playout_cap: 300,
            rave_equivalence: DEFAULT_RAVE_EQUIVALENCE,
            memory_mib: DEFAULT_MEMORY_MIB,
        }
    }
}

/// Playouts a search runs when given neither a node nor a time limit.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;
/// RAVE's equivalence parameter unless the settings say otherwise.
pub const DEFAULT_RAVE_EQUIVALENCE: u32 = 1000;
/// The tree's memory budget in MiB unless the settings say otherwise (1 GiB).
pub const DEFAULT_MEMORY_MIB: u32 = 1024;
/// The largest memory budget the settings may ask for, in MiB (64 GiB).
pub const MAX_MEMORY_MIB: u32 = 65_536;

/// What one node of the tree costs in bytes for moves of type `M`: the node itself
/// plus the slot its parent keeps for it (its index among the parent's children,
/// and its move while it waits untried). A parent sets aside both slots for all
/// its moves at once, so the tree's memory is its nodes plus its untried moves
/// times this (the allocator's few bytes per list aside).
pub fn node_bytes<M>() -> usize {
    std::mem::size_of::<Node<M>>() + std::mem::size_of::<usize>() + std::mem::size_of::<M>()
}

/// The most nodes (made, or set aside as untried moves) a tree of moves `M` holds
/// within `memory_mib` MiB.
pub fn node_budget<M>(memory_mib: u32) -> usize {
    (memory_mib as usize) * (1 << 20) / node_bytes::<M>()
}
/// How often the search sends a progress snapshot.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// A root-relative score for a win rate: `(2q - 1) * 1000`, so +1000 wins every
/// playout, 0 is even and -1000 loses every one; the sign means what it means for
/// alpha-beta scores.
pub fn win_rate_score(win_rate: f64) -> Score {
    ((2.0 * win_rate - 1.0) * 1000.0).round() as Score
}

/// One node of the tree: the move that led to it and its statistics.
#[derive(Clone, Debug)]
struct Node<M> {
    /// The move into this node (`None` at the root).
    mv: Option<M>,
    /// The side that made `mv`: the one whose wins `wins` counts.
    mover: Player,
    /// The position's [`Game::hash`], known once the node has been visited
    /// (`hash_known`): how a reused tree finds the position reached after the
    /// moves played. A flag beside it, not an `Option`, keeps the node 8 bytes
    /// smaller.
    hash: u64,
    hash_known: bool,
    children: Vec<usize>,
    /// Legal moves not yet expanded into children.
    untried: Vec<M>,
    /// False until the node's legal moves have been generated (on its first visit
    /// through it), so that leaves cost nothing.
    moves_known: bool,
    visits: u32,
    /// Results for `mover`: 1 a win, 0.5 a draw.
    wins: f64,
    /// Virtual playouts and wins from the game's prior knowledge ([`Game::mcts_prior`]).
    prior_visits: u32,
    /// Whole wins, kept as an integer (half the size of a float, the same value).
    prior_wins: u32,
    amaf_visits: u32,
    amaf_wins: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Player, prior: Option<(u32, u32)>) -> Node<M> {
        let (prior_visits, prior_wins) = prior.unwrap_or((0, 0));
        Node {
            mv,
            mover,
            hash: 0,
            hash_known: false,
            children: Vec::new(),
            untried: Vec::new(),
            moves_known: false,
            visits: 0,
            wins: 0.0,
            prior_visits,
            prior_wins,
            amaf_visits: 0,
            amaf_wins: 0.0,
        }
    }

    fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / f64::from(self.visits)
        }
    }
}

/// A search tree kept between searches, so that the playouts spent below the
/// moves that were then played still count (tree reuse): hand the same tree to
/// [`search_reusing`] for the next position.
#[derive(Clone, Debug)]
pub struct MctsTree<M> {
    nodes: Vec<Node<M>>,
    /// The trees of the helper threads of a parallel search, each kept for the
    /// same thread of the next one (empty after a search on one thread).
    helpers: Vec<Vec<Node<M>>>,
}

/// What the explorer shows of one node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeView<M> {
    /// The move into the node (`None` at the root).
    pub mv: Option<M>,
    /// Who made that move: the win rate is theirs.
    pub mover: Player,
    /// Real playouts through the node.
    pub visits: u32,
    /// Their results for `mover` (1 a win, 0.5 a draw).
    pub wins: f64,
    /// Virtual playouts and wins the game's prior knowledge gave the move.
    pub prior: Option<(u32, f64)>,
    /// All-moves-as-first playouts and wins (RAVE), when any.
    pub amaf: Option<(u32, f64)>,
    /// Legal moves not yet expanded.
    pub untried: usize,
}

impl<M> NodeView<M> {
    /// Wins over visits (0.5 before the first visit).
    pub fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / f64::from(self.visits)
        }
    }
}

impl<M> MctsTree<M> {
    /// The tree of a search on one thread.
    fn single(nodes: Vec<Node<M>>) -> MctsTree<M> {
        MctsTree {
            nodes,
            helpers: Vec::new(),
        }
    }
}

impl<M: Copy> MctsTree<M> {
    /// Nodes in the tree (the root is node 0).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// This tree and, after a search on several threads, each helper thread's
    /// (one tree per thread, this one first).
    pub fn all_trees(&self) -> impl Iterator<Item = MctsTree<M>> + '_ {
        std::iter::once(self.nodes.clone())
            .chain(self.helpers.iter().cloned())
            .map(MctsTree::single)
    }

    /// True before the first search.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The statistics of node `index`.
    pub fn node(&self, index: usize) -> NodeView<M> {
        let node = &self.nodes[index];
        NodeView {
            mv: node.mv,
            mover: node.mover,
            visits: node.visits,
            wins: node.wins,
            prior: (node.prior_visits > 0)
                .then_some((node.prior_visits, f64::from(node.prior_wins))),
            amaf: (node.amaf_visits > 0).then_some((node.amaf_visits, node.amaf_wins)),
            untried: node.untried.len(),
        }
    }

    /// The children of node `index`, in the order they were expanded.
    pub fn children(&self, index: usize) -> &[usize] {
        &self.nodes[index].children
    }

    /// The value by which the search picks `child` of `parent` under `settings`:
    /// win rate (blended with priors and RAVE) plus the exploration bonus.
    pub fn uct_value(&self, parent: usize, child: usize, settings: &MctsConfig) -> f64 {
        let exploration = f64::from(settings.exploration_centi) / 100.0;
        let log_parent = f64::from(self.nodes[parent].visits.max(1)).ln();
        uct_value(
            &self.nodes[child],
            log_parent,
            exploration,
            rave_weight(settings),
        )
    }

    /// The subtree under the node of position `hash` reached with `mover` having
    /// just moved, searched a few plies down from the root (the moves played since
    /// the last search), as a tree of its own; `None` when it is not there.
    fn reroot(mut self, hash: u64, mover: Player) -> Option<MctsTree<M>> {
        self.helpers.clear();
        let mut level = vec![0];
        for _ in 0..=REUSE_DEPTH {
            let found = level.iter().copied().find(|&n| {
                let node = &self.nodes[n];
                node.hash_known && node.hash == hash && node.mover == mover && node.visits > 0
            });
            if let Some(found) = found {
                return Some(self.into_subtree(found));
            }
            level = level
                .iter()
                .flat_map(|&n| self.nodes[n].children.iter().copied())
                .collect();
        }
        None
    }

    /// The subtree under `top`, renumbered from 0 in place (no second copy of the
    /// tree, so that reusing a full tree stays within its memory): a child always
    /// comes after its parent, so one pass in order finds the subtree's nodes, and
    /// each moves down to its rank among them, over a node already moved or dropped.
    fn into_subtree(mut self, top: usize) -> MctsTree<M> {
        const DROPPED: usize = usize::MAX;
        let mut new_index = vec![DROPPED; self.nodes.len()];
        new_index[top] = 0;
        for old in top..self.nodes.len() {
            if new_index[old] != DROPPED {
                for &child in &self.nodes[old].children {
                    new_index[child] = 0;
                }
            }
        }
        let mut kept = 0;
        for (old, index) in new_index.iter_mut().enumerate().skip(top) {
            if *index != DROPPED {
                *index = kept;
                self.nodes.swap(kept, old);
                kept += 1;
            }
        }
        self.nodes.truncate(kept);
        for node in &mut self.nodes {
            for child in &mut node.children {
                *child = new_index[*child];
            }
        }
        self.nodes[0].mv = None;
        self
    }
}

/// How many plies below the old root a reused tree looks for the new position.
const REUSE_DEPTH: usize = 4;

/// RAVE's equivalence parameter when RAVE is on, `None` when it is off.
fn rave_weight(settings: &MctsConfig) -> Option<f64> {
    settings
        .rave
        .then(|| f64::from(settings.rave_equivalence.max(1)))
}

/// The UCT value of `node` given the log of its parent's visits, blended with its
/// AMAF statistics when `rave` (the equivalence parameter) is given.
fn uct_value<M>(node: &Node<M>, log_parent: f64, exploration: f64, rave: Option<f64>) -> f64 {
    let visits = f64::from(node.visits + node.prior_visits);
    let mut q = if visits > 0.0 {
        (node.wins + f64::from(node.prior_wins)) / visits
    } else {
        0.5
    };
    if let Some(equivalence) = rave
        && node.amaf_visits > 0
    {
        let beta = (equivalence / (3.0 * visits + equivalence)).sqrt();
        let amaf = node.amaf_wins / f64::from(node.amaf_visits);
        q = (1.0 - beta) * q + beta * amaf;
    }
    q + exploration * (log_parent / visits.max(1.0)).sqrt()
}

/// A quick multiplicative hasher for the small sets of moves RAVE builds on every
/// backup (the standard SipHash cost more than the rest of the backup).
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }
}

/// The result of a playout for `player`.
fn reward(outcome: Outcome, player: Player) -> f64 {
    match outcome {
        Outcome::Win(winner) if winner == player => 1.0,
        Outcome::Win(_) => 0.0,
        Outcome::Draw => 0.5,
    }
}

/// A Monte Carlo search in progress over one position.
struct Mcts<'a, G: SearchHooks> {
    game: G,
    evaluator: &'a dyn Evaluator<G>,
    config: &'a SearchConfig,
    settings: MctsConfig,
    stop: Option<&'a AtomicBool>,
    observer: &'a mut dyn Observer<G::Move>,
    nodes: Vec<Node<G::Move>>,
    rng: SmallRng,
    start: Instant,
    playouts: u64,
    deepest: u32,
    /// Nodes of the tree at each ply (the root's is 1), kept as nodes are added so
    /// that progress reports do not walk the whole tree.
    per_ply: Vec<u64>,
    /// The most nodes plus untried moves the tree may hold ([`node_budget`]).
    node_budget: usize,
    /// Untried moves in the tree: each is a node set aside for later.
    set_aside: usize,
    /// Set once a node's moves did not fit in the budget: no more are generated.
    full: bool,
    /// When recording (the explorer's replay), the steps of each iteration.
    steps: Option<Vec<Step<G::Move>>>,
}

/// One phase of one iteration, as the explorer replays it.
#[derive(Clone, Debug, PartialEq)]
pub enum Step<M> {
    /// The walk down the tree by UCT: the nodes passed, root first.
    Selection(Vec<usize>),
    /// The node added to the tree.
    Expansion(usize),
    /// The moves of the random game from the leaf, and how it ended.
    Playout(Vec<M>, Outcome),
    /// The nodes whose statistics took the result, root first.
    Backup(Vec<usize>),
}

/// One recorded iteration: the tree before it, its steps, and the tree after.
#[derive(Clone, Debug)]
pub struct RecordedIteration<M> {
    /// The tree as the iteration found it.
    pub before: MctsTree<M>,
    /// Selection, expansion (when a node was added), playout and backup.
    pub steps: Vec<Step<M>>,
    /// The tree once the result was backed up.
    pub after: MctsTree<M>,
}

/// Runs Monte Carlo tree search on `game` as `config` asks (its `mcts` settings,
/// its node limit as playouts, its time limit and the stop flag).
pub fn search<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    observer: &mut dyn Observer<G::Move>,
) -> SearchResult<G::Move> {
    search_reusing(game, evaluator, config, stop, observer, &mut None)
}

/// Like [`search`], but starting from the part of `tree` (the tree of an earlier
/// search) below the current position when it is there, and leaving the grown
/// tree in `tree` for the next search: the playouts spent on the moves that were
/// then played are kept.
pub fn search_reusing<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    observer: &mut dyn Observer<G::Move>,
    tree: &mut Option<MctsTree<G::Move>>,
) -> SearchResult<G::Move> {
    if let Some(outcome) = game.outcome() {
        return finished_root(game.to_move(), outcome);
    }
    let root_mover = game.to_move().other();
    if crate::search::threads_used(config) > 1 {
        return parallel::search(game, evaluator, config, stop, observer, tree, None);
    }
    let kept = tree
        .take()
        .and_then(|old| old.reroot(game.hash(), root_mover))
        .map_or_else(Vec::new, |t| t.nodes);
    let mut mcts = Mcts::new(game, evaluator, config, stop, observer, kept);
    let result = mcts.run();
    *tree = Some(MctsTree::single(mcts.nodes));
    result
}

/// Like [`search_reusing`], and also hands `lines` every root move's statistics
/// and line (summed over threads) about every `every`: what a GUI's live
/// analysis shows (GTP's `lz-analyze`).
pub fn analyse<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    tree: &mut Option<MctsTree<G::Move>>,
    every: Duration,
    lines: &mut dyn FnMut(&RootAnalysis<G::Move>),
) -> SearchResult<G::Move> {
    if let Some(outcome) = game.outcome() {
        return finished_root(game.to_move(), outcome);
    }
    let watch = AnalysisWatch {
        every: every.max(MIN_ANALYSIS_EVERY),
        lines,
    };
    let mut observer = ();
    parallel::search(
        game,
        evaluator,
        config,
        stop,
        &mut observer,
        tree,
        Some(watch),
    )
}

/// The shortest interval between two analysis reports.
const MIN_ANALYSIS_EVERY: Duration = Duration::from_millis(10);

/// Who wants the root's lines during a search, and how often.
struct AnalysisWatch<'a, M> {
    every: Duration,
    lines: &'a mut dyn FnMut(&RootAnalysis<M>),
}

/// One root move in a live analysis ([`analyse`]).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis<M> {
    /// The move.
    pub mv: M,
    /// Playouts through it, summed over threads.
    pub visits: u64,
    /// Its win rate for the side to move at the root (0.5 before a visit).
    pub win_rate: f64,
    /// The share of the game's prior knowledge that favours it (0 to 1; an even
    /// share when the game has none).
    pub prior: f64,
    /// The line of most visited moves, this move first.
    pub pv: Vec<M>,
}

/// Every root move of a search in progress, most visited first.
#[derive(Clone, Debug, PartialEq)]
pub struct RootAnalysis<M> {
    /// Playouts so far, summed over threads.
    pub playouts: u64,
    /// The root moves, most visited first (untried ones last, with no visit).
    pub moves: Vec<MoveAnalysis<M>>,
}

/// Runs `iterations` single iterations on `game` from an empty tree and records
/// each one, for the explorer to replay selection, expansion, playout and backup.
pub fn record_iterations<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    iterations: usize,
) -> Vec<RecordedIteration<G::Move>> {
    let mut observer = ();
    let mut mcts = Mcts::new(game, evaluator, config, None, &mut observer, Vec::new());
    let mut recorded = Vec::new();
    if game.outcome().is_some() {
        return recorded;
    }
    mcts.ensure_moves(0, 0);
    for _ in 0..iterations {
        if mcts.nodes[0].untried.is_empty() && mcts.nodes[0].children.is_empty() {
            break;
        }
        let before = MctsTree::single(mcts.nodes.clone());
        mcts.steps = Some(Vec::new());
        mcts.iterate();
        recorded.push(RecordedIteration {
            before,
            steps: mcts.steps.take().unwrap_or_default(),
            after: MctsTree::single(mcts.nodes.clone()),
        });
    }
    recorded
}

/// Nodes of `nodes` (a tree, root at 0) at each ply, the root's ply first.
fn nodes_per_ply<M>(nodes: &[Node<M>]) -> Vec<u64> {
    let mut per_ply = Vec::new();
    let mut level = vec![0];
    while !level.is_empty() {
        per_ply.push(level.len() as u64);
        level = level
            .iter()
            .flat_map(|&n| nodes[n].children.iter().copied())
            .collect();
    }
    per_ply
}

/// A search's counters: `playouts` as nodes and leaves, the tree's nodes per ply,
/// the deepest ply reached.
fn playout_stats(playouts: u64, per_ply: &[u64], deepest: u32, elapsed: Duration) -> Stats {
    Stats {
        nodes: playouts,
        leaves: playouts,
        per_ply: per_ply
            .iter()
            .map(|&nodes| PlyCounts {
                nodes,
                ..PlyCounts::default()
            })
            .collect(),
        nodes_all_passes: playouts,
        nodes_per_iteration: vec![playouts],
        first_pass_depth: deepest,
        elapsed,
        ..Stats::default()
    }
}

/// The root's untried moves as root moves: not searched, no score.
fn untried_root_moves<M: Copy>(untried: &[M]) -> impl Iterator<Item = RootMove<M>> + '_ {
    untried.iter().map(|&mv| RootMove {
        mv,
        score: None,
        exact: false,
        nodes: 0,
    })
}

/// The result at a finished position: no move, the game's value.
fn finished_root<M>(to_move: Player, outcome: Outcome) -> SearchResult<M> {
    let score = match outcome {
        Outcome::Win(winner) if winner == to_move => score::win_in(0),
        Outcome::Win(_) => score::loss_in(0),
        Outcome::Draw => 0,
    };
    SearchResult {
        best_move: None,
        score,
        pv: Vec::new(),
        depth: 0,
        proven: true,
        static_leaves: false,
        stopped: false,
        stats: Stats::default(),
        root_moves: Vec::new(),
        lines: Vec::new(),
        tree: None,
    }
}

impl<'a, G: SearchHooks> Mcts<'a, G> {
    /// A search of `game` starting from `nodes` (a reused tree whose root is this
    /// position, or nothing).
    fn new(
        game: &G,
        evaluator: &'a dyn Evaluator<G>,
        config: &'a SearchConfig,
        stop: Option<&'a AtomicBool>,
        observer: &'a mut dyn Observer<G::Move>,
        mut nodes: Vec<Node<G::Move>>,
    ) -> Mcts<'a, G> {
        if nodes.is_empty() {
            let mut root = Node::new(None, game.to_move().other(), None);
            root.hash = game.hash();
            root.hash_known = true;
            nodes.push(root);
        }
        let per_ply = nodes_per_ply(&nodes);
        let set_aside = nodes.iter().map(|node| node.untried.len()).sum();
        Mcts {
            game: game.clone(),
            evaluator,
            config,
            settings: config.mcts,
            stop,
            observer,
            nodes,
            rng: SmallRng::seed_from_u64(config.mcts.seed),
            start: Instant::now(),
            playouts: 0,
            deepest: 0,
            per_ply,
            node_budget: node_budget::<G::Move>(config.mcts.memory_mib),
            set_aside,
            full: false,
            steps: None,
        }
    }

    fn run(&mut self) -> SearchResult<G::Move> {
        self.ensure_moves(0, 0);
        if self.nodes[0].untried.is_empty() && self.nodes[0].children.is_empty() {
            // No move but no outcome (a written tree's leaf): nothing to choose.
            return self.result(false);
        }
        let budget = self.playout_budget();
        let mut last_report = Instant::now();
        let mut stopped = false;
        while self.playouts < budget {
            if self.out_of_time() {
                stopped = true;
                break;
            }
            self.iterate();
            if last_report.elapsed() >= PROGRESS_EVERY {
                last_report = Instant::now();
                self.report_progress();
            }
        }
        let result = self.result(stopped);
        self.observer.iteration(&Iteration::from(&result));
        result
    }

    /// Playouts allowed: the node limit, else unbounded with a clock, else the default.
    fn playout_budget(&self) -> u64 {
        let limits = &self.config.limits;
        match (limits.nodes, limits.time) {
            (Some(nodes), _) => nodes.max(1),
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_PLAYOUTS,
        }
    }

    fn out_of_time(&self) -> bool {
        // At least one playout, so that a move is always found.
        self.playouts > 0
            && (self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                || self
                    .config
                    .limits
                    .time
                    .is_some_and(|t| self.start.elapsed() >= t))
    }

    /// Generates the legal moves of `node` (whose position `self.game` is) the
    /// first time the search passes through it. A game with prior knowledge
    /// gets every move as a child at once, each with its prior, so that the
    /// search tries the promising ones first; other games keep them untried.
    ///
    /// When the moves do not fit in the node budget, the tree is full: the node
    /// stays a leaf and no other node's moves are generated, so the tree stops
    /// growing (its untried moves, already counted, may still become nodes) while
    /// the playouts go on from its leaves and back up through it as before. This
    /// is the classic answer of programs such as Pachi and Leela, chosen over
    /// pruning the least visited subtrees because it keeps every statistic the
    /// root's choice rests on and costs nothing per iteration, where pruning
    /// throws away playouts and needs a pass over the tree and free slots to
    /// reuse. The root always gets its moves, so a move is always found.
    fn ensure_moves(&mut self, node: usize, depth: usize) {
        if self.nodes[node].moves_known || (self.full && node != 0) {
            return;
        }
        let mut moves = Vec::new();
        if self.game.outcome().is_none() {
            self.game.legal_moves(&mut moves);
        }
        if node != 0 && self.nodes.len() + self.set_aside + moves.len() > self.node_budget {
            self.full = true;
            return;
        }
        self.nodes[node].moves_known = true;
        self.nodes[node].children.reserve_exact(moves.len());
        let mover = self.game.to_move();
        if moves
            .first()
            .is_some_and(|&m| self.game.mcts_prior(m).is_some())
        {
            for m in moves {
                let prior = self.game.mcts_prior(m);
                self.add_child(node, depth + 1, Node::new(Some(m), mover, prior));
            }
        } else {
            moves.shrink_to_fit();
            self.set_aside += moves.len();
            self.nodes[node].untried = moves;
        }
    }

    /// Adds `child` under `parent` as a node `depth` plies below the root; returns
    /// its index. The list of nodes grows by doubling, but never past the budget.
    fn add_child(&mut self, parent: usize, depth: usize, child: Node<G::Move>) -> usize {
        let index = self.nodes.len();
        if index == self.nodes.capacity() {
            let room = self.node_budget.saturating_sub(index);
            self.nodes.reserve_exact(index.max(4).min(room).max(1));
        }
        self.nodes.push(child);
        self.nodes[parent].children.push(index);
        if self.per_ply.len() <= depth {
            self.per_ply.resize(depth + 1, 0);
        }
        self.per_ply[depth] += 1;
        index
    }

    /// Moves the search into `child` of the current node: plays its move and
    /// notes its position's hash.
    fn enter(&mut self, child: usize, line: &mut Vec<(Player, G::Move)>, path: &mut Vec<usize>) {
        let mv = self.nodes[child].mv.expect("only the root has no move");
        line.push((self.nodes[child].mover, mv));
        self.game.play(mv);
        self.nodes[child].hash = self.game.hash();
        self.nodes[child].hash_known = true;
        path.push(child);
    }

    /// One iteration: selection, expansion, playout, backup.
    fn iterate(&mut self) {
        let mut path = vec![0];
        let mut line: Vec<(Player, G::Move)> = Vec::new();
        let mut node = 0;
        let mut expanded = None;
        loop {
            self.ensure_moves(node, path.len() - 1);
            let untried = self.nodes[node].untried.len();
            if untried > 0 {
                // Expansion: one new child, picked at random among the untried moves.
                let m = self.nodes[node]
                    .untried
                    .swap_remove(self.rng.random_range(0..untried));
                self.set_aside -= 1;
                let depth = path.len();
                let child =
                    self.add_child(node, depth, Node::new(Some(m), self.game.to_move(), None));
                self.enter(child, &mut line, &mut path);
                expanded = Some(child);
                break;
            }
            if self.nodes[node].children.is_empty() {
                break;
            }
            // Selection: down by UCT; an unvisited child (given by priors) is a leaf.
            node = self.select_child(node);
            self.enter(node, &mut line, &mut path);
            if self.nodes[node].visits == 0 {
                expanded = Some(node);
                break;
            }
        }
        self.deepest = self.deepest.max(path.len() as u32 - 1);
        if let Some(steps) = self.steps.as_mut() {
            let walked = path.len() - usize::from(expanded.is_some());
            steps.push(Step::Selection(path[..walked].to_vec()));
            steps.extend(expanded.map(Step::Expansion));
        }
        // Playout.
        let tree_moves = line.len();
        let outcome = self.simulate(&mut line);
        for _ in 0..tree_moves {
            self.game.undo();
        }
        if let Some(steps) = self.steps.as_mut() {
            let playout = line[tree_moves..].iter().map(|&(_, m)| m).collect();
            steps.push(Step::Playout(playout, outcome));
            steps.push(Step::Backup(path.clone()));
        }
        self.backup(&path, &line, outcome);
        self.playouts += 1;
    }

    /// The game's result from the current position: its end if it is over, its
    /// playout otherwise ([`Game::playout`] scores a position with no move by the
    /// evaluation's sign, so no move list is generated here).
    fn simulate(&mut self, line: &mut Vec<(Player, G::Move)>) -> Outcome {
        if let Some(outcome) = self.game.outcome() {
            return outcome;
        }
        let record = (self.settings.rave || self.steps.is_some()).then_some(line);
        self.game.playout(
            &mut self.rng,
            self.settings.playout_cap,
            self.evaluator,
            record,
        )
    }

    /// The child of `parent` with the highest UCT value (RAVE-blended when on).
    fn select_child(&self, parent: usize) -> usize {
        let exploration = f64::from(self.settings.exploration_centi) / 100.0;
        let log_parent = f64::from(self.nodes[parent].visits.max(1)).ln();
        let rave = rave_weight(&self.settings);
        let value = |index: usize| uct_value(&self.nodes[index], log_parent, exploration, rave);
        let children = &self.nodes[parent].children;
        let mut best = children[0];
        let mut best_value = value(best);
        for &child in &children[1..] {
            let v = value(child);
            if v > best_value {
                best = child;
                best_value = v;
            }
        }
        best
    }

    /// Counts `outcome` in every node of `path`, and with RAVE in every sibling
    /// whose move its player made later in the simulation (`line`: the moves after
    /// the root, tree and playout, with who made them).
    fn backup(&mut self, path: &[usize], line: &[(Player, G::Move)], outcome: Outcome) {
        for &index in path {
            let node = &mut self.nodes[index];
            node.visits += 1;
            node.wins += reward(outcome, node.mover);
        }
        if !self.settings.rave {
            return;
        }
        let mut later: HashSet<(Player, G::Move), BuildHasherDefault<MoveHasher>> =
            HashSet::default();
        // path[d] is reached by line[d - 1]; the moves after path[d] are line[d..].
        let last = path.len() - 1;
        later.extend(line[last.min(line.len())..].iter().copied());
        for depth in (0..path.len()).rev() {
            if depth < last {
                later.insert(line[depth]);
            }
            let parent = path[depth];
            for i in 0..self.nodes[parent].children.len() {
                let index = self.nodes[parent].children[i];
                let child = &mut self.nodes[index];
                if let Some(mv) = child.mv
                    && later.contains(&(child.mover, mv))
                {
                    child.amaf_visits += 1;
                    child.amaf_wins += reward(outcome, child.mover);
                }
            }
        }
    }

    /// The most visited child of `parent` (ties: the higher win rate).
    fn most_visited(&self, parent: usize) -> Option<usize> {
        self.nodes[parent]
            .children
            .iter()
            .copied()
            .max_by(|&a, &b| {
                let (a, b) = (&self.nodes[a], &self.nodes[b]);
                a.visits
                    .cmp(&b.visits)
                    .then(a.win_rate().total_cmp(&b.win_rate()))
            })
    }

    /// The line of most visited moves from the root.
    fn principal_variation(&self) -> Vec<G::Move> {
        self.line_below(0)
    }

    /// The line of most visited moves below `node` (visited ones only).
    fn line_below(&self, mut node: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        while let Some(child) = self.most_visited(node) {
            if self.nodes[child].visits == 0 {
                break;
            }
            line.extend(self.nodes[child].mv);
            node = child;
        }
        line
    }

    /// The best `multi_pv` root moves' lines, most visited first as
    /// [`Mcts::most_visited`] ranks them (so line 1 is the move played), each
    /// scored by its win rate; none when one line is asked for (the headline is it).
    fn lines(&self) -> Vec<PvLine<G::Move>> {
        if self.config.multi_pv <= 1 {
            return Vec::new();
        }
        self.ranked_root_children()
            .into_iter()
            .filter(|&child| self.nodes[child].visits > 0)
            .take(self.config.multi_pv)
            .filter_map(|child| {
                let mut pv = vec![self.nodes[child].mv?];
                pv.extend(self.line_below(child));
                Some(PvLine {
                    score: win_rate_score(self.nodes[child].win_rate()),
                    depth: self.deepest,
                    pv,
                })
            })
            .collect()
    }

    /// The root's children best first, as [`Mcts::most_visited`] ranks them:
    /// most visited, then the higher win rate, then (a full tie) the later one,
    /// which `max_by` picks. The root table and the lines share this order.
    fn ranked_root_children(&self) -> Vec<usize> {
        let mut children: Vec<(usize, usize)> =
            self.nodes[0].children.iter().copied().enumerate().collect();
        children.sort_by(|&(i, a), &(j, b)| {
            let (a, b) = (&self.nodes[a], &self.nodes[b]);
            b.visits
                .cmp(&a.visits)
                .then(b.win_rate().total_cmp(&a.win_rate()))
                .then(j.cmp(&i))
        });
        children.into_iter().map(|(_, child)| child).collect()
    }

    /// The root moves, best first ([`Mcts::ranked_root_children`]), with visits
    /// as nodes and win rate as score.
    fn root_moves(&self) -> Vec<RootMove<G::Move>> {
        let mut moves: Vec<RootMove<G::Move>> = self
            .ranked_root_children()
            .into_iter()
            .filter_map(|index| {
                let node = &self.nodes[index];
                Some(RootMove {
                    mv: node.mv?,
                    score: Some(win_rate_score(node.win_rate())),
                    exact: true,
                    nodes: u64::from(node.visits),
                })
            })
            .collect();
        moves.extend(untried_root_moves(&self.nodes[0].untried));
        moves
    }

    fn stats(&self) -> Stats {
        playout_stats(
            self.playouts,
            &self.per_ply,
            self.deepest,
            self.start.elapsed(),
        )
    }

    fn result(&self, stopped: bool) -> SearchResult<G::Move> {
        let pv = self.principal_variation();
        let score = self
            .most_visited(0)
            .map_or(0, |best| win_rate_score(self.nodes[best].win_rate()));
        let best_move = pv
            .first()
            .copied()
            .or(self.nodes[0].untried.first().copied());
        SearchResult {
            best_move,
            score,
            pv,
            depth: self.deepest,
            proven: false,
            static_leaves: false,
            stopped,
            stats: self.stats(),
            root_moves: self.root_moves(),
            lines: self.lines(),
            tree: None,
        }
    }

    fn report_progress(&mut self) {
        let result = self.result(false);
        let progress = Progress {
            depth: result.depth,
            stats: result.stats,
            best_line: Some((result.score, result.pv)),
            root_moves: result.root_moves,
            lines: result.lines,
        };
        self.observer.progress(&progress);
    }
}
