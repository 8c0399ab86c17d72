//! Monte Carlo search on several threads: root parallelism (Cazenave and
//! Jouandeau, "On the parallelization of UCT", 2007; Chaslot, Winands and van den
//! Herik, "Parallel Monte-Carlo Tree Search", 2008). Each thread grows a tree of
//! its own from the same root with its own seed, and the root moves' visits and
//! wins are summed over the trees for every progress report and for the move
//! played.
//!
//! Chosen over tree parallelism with virtual loss because it shares nothing while
//! the threads run (no lock per node, no atomics on the statistics, no false
//! sharing), so it is as fast per thread as the search on one thread and needs no
//! `unsafe`; Chaslot et al. found it the strongest of the three schemes on 9x9 Go.
//! Its cost is memory: the trees repeat their top, so the node budget
//! ([`node_budget`]) is split evenly between the threads and bounds them in total.
//!
//! With one thread this is the search of [`Mcts::run`] (the same playouts, so the
//! same tree and move), reporting root lines as well for a live analysis.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::{
    AnalysisWatch, Mcts, MctsTree, MoveAnalysis, Node, PROGRESS_EVERY, RootAnalysis, node_budget,
    playout_stats, untried_root_moves, win_rate_score,
};
use crate::game::{Evaluator, Player, SearchHooks};
use crate::search::limits::SearchConfig;
use crate::search::report::{Iteration, Observer, Progress, PvLine, RootMove, SearchResult};

/// The most threads one search starts, whatever the settings ask.
pub const MAX_THREADS: usize = 256;

/// What one thread's root knows at a moment.
#[derive(Clone, Debug)]
struct RootSnapshot<M> {
    playouts: u64,
    deepest: u32,
    per_ply: Vec<u64>,
    children: Vec<ChildSnapshot<M>>,
    untried: Vec<M>,
}

/// One root move in a thread's tree.
#[derive(Clone, Debug)]
struct ChildSnapshot<M> {
    mv: M,
    visits: u64,
    wins: f64,
    prior_wins: u32,
    /// The most visited line below it, the move first.
    pv: Vec<M>,
}

impl<M> ChildSnapshot<M> {
    fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / self.visits as f64
        }
    }
}

/// What the threads of one search share.
struct Shared<M> {
    /// Raised by the main thread when it has finished: the helpers stop.
    done: AtomicBool,
    /// Playouts started by every thread, against `budget`.
    playouts: AtomicU64,
    budget: u64,
    /// How often a helper publishes its root.
    publish_every: Duration,
    /// Each helper's latest root.
    snapshots: Vec<Mutex<Option<RootSnapshot<M>>>>,
}

impl<M: Copy> Shared<M> {
    /// Takes one playout from the budget; false when it is spent.
    fn take_playout(&self) -> bool {
        self.playouts.fetch_add(1, Ordering::Relaxed) < self.budget
    }

    /// The helpers' latest roots.
    fn helper_roots(&self) -> Vec<RootSnapshot<M>> {
        self.snapshots
            .iter()
            .filter_map(|slot| slot.lock().unwrap_or_else(|e| e.into_inner()).clone())
            .collect()
    }
}

/// Runs the search of [`super::search_reusing`] on `config.threads` threads
/// (see the module's notes), handing the root's lines to `watch` when given.
pub(super) fn search<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    observer: &mut dyn Observer<G::Move>,
    tree: &mut Option<MctsTree<G::Move>>,
    mut watch: Option<AnalysisWatch<'_, G::Move>>,
) -> SearchResult<G::Move> {
    let threads = config.threads.clamp(1, MAX_THREADS);
    let (main_nodes, helper_nodes) = split_tree(tree.take(), game.hash(), game.to_move(), threads);
    let per_thread = (node_budget::<G::Move>(config.mcts.memory_mib) / threads).max(1);
    let helper_configs: Vec<SearchConfig> = (1..threads)
        .map(|index| {
            let mut helper = config.clone();
            helper.mcts.seed = helper_seed(config.mcts.seed, index);
            helper
        })
        .collect();
    let mut main = Mcts::new(game, evaluator, config, stop, observer, main_nodes);
    main.node_budget = per_thread;
    let shared = Shared {
        done: AtomicBool::new(false),
        playouts: AtomicU64::new(0),
        budget: main.playout_budget(),
        publish_every: watch
            .as_ref()
            .map_or(PROGRESS_EVERY, |w| w.every.min(PROGRESS_EVERY)),
        snapshots: (1..threads).map(|_| Mutex::new(None)).collect(),
    };
    let (result, helper_trees) = std::thread::scope(|scope| {
        let handles: Vec<_> = helper_configs
            .iter()
            .zip(helper_nodes)
            .enumerate()
            .map(|(slot, (helper_config, nodes))| {
                let shared = &shared;
                scope.spawn(move || {
                    let mut quiet = ();
                    let mut helper =
                        Mcts::new(game, evaluator, helper_config, stop, &mut quiet, nodes);
                    helper.node_budget = per_thread;
                    helper.run_helper(shared, slot);
                    (helper.root_snapshot(), std::mem::take(&mut helper.nodes))
                })
            })
            .collect();
        let stopped = main.run_main(&shared, watch.as_mut());
        shared.done.store(true, Ordering::SeqCst);
        let mut roots = vec![main.root_snapshot()];
        let mut trees = Vec::new();
        for handle in handles {
            let (root, nodes) = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            roots.push(root);
            trees.push(nodes);
        }
        let merged = merge(&roots);
        if let Some(watch) = watch.as_mut() {
            (watch.lines)(&analysis(&merged));
        }
        (
            result_of(&merged, stopped, main.start.elapsed(), config.multi_pv),
            trees,
        )
    });
    main.observer.iteration(&Iteration::from(&result));
    *tree = Some(MctsTree {
        nodes: std::mem::take(&mut main.nodes),
        helpers: helper_trees,
    });
    result
}

/// The seed of helper thread `index` (from 1): the search's, mixed, so that the
/// threads play different playouts yet a seed replays the same ones.
fn helper_seed(seed: u64, index: usize) -> u64 {
    crate::game::zobrist::mix64(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The kept trees of the threads, each re-rooted at the position of `hash` with
/// `to_move` to play (an empty tree where it is not found): the main thread's,
/// and one per helper.
fn split_tree<M: Copy>(
    old: Option<MctsTree<M>>,
    hash: u64,
    to_move: Player,
    threads: usize,
) -> (Vec<Node<M>>, Vec<Vec<Node<M>>>) {
    let mover = to_move.other();
    let reroot = |tree: MctsTree<M>| tree.reroot(hash, mover).map_or_else(Vec::new, |t| t.nodes);
    let Some(mut old) = old else {
        return (Vec::new(), (1..threads).map(|_| Vec::new()).collect());
    };
    let helpers = std::mem::take(&mut old.helpers);
    let main = reroot(old);
    let mut rest: Vec<Vec<Node<M>>> = helpers
        .into_iter()
        .map(|nodes| reroot(MctsTree::single(nodes)))
        .collect();
    rest.resize_with(threads - 1, Vec::new);
    (main, rest)
}

impl<G: SearchHooks> Mcts<'_, G> {
    /// The main thread's loop: playouts until a limit, the stop flag or the
    /// budget shared with the helpers ends it, with the merged root reported as
    /// progress and to `watch`. True when a limit or the stop flag cut it short.
    fn run_main(
        &mut self,
        shared: &Shared<G::Move>,
        mut watch: Option<&mut AnalysisWatch<'_, G::Move>>,
    ) -> bool {
        self.ensure_moves(0, 0);
        if self.nodes[0].untried.is_empty() && self.nodes[0].children.is_empty() {
            return false;
        }
        let mut last_report = Instant::now();
        let mut last_lines = Instant::now();
        loop {
            if self.out_of_time() {
                return true;
            }
            if !shared.take_playout() && self.playouts > 0 {
                return false;
            }
            self.iterate();
            let report = last_report.elapsed() >= PROGRESS_EVERY;
            let lines = watch
                .as_ref()
                .is_some_and(|w| last_lines.elapsed() >= w.every);
            if report || lines {
                let mut roots = vec![self.root_snapshot()];
                roots.extend(shared.helper_roots());
                let merged = merge(&roots);
                if report {
                    last_report = Instant::now();
                    let progress = progress_of(&merged, self.start, self.config.multi_pv);
                    self.observer.progress(&progress);
                }
                if let Some(watch) = watch.as_mut().filter(|_| lines) {
                    last_lines = Instant::now();
                    (watch.lines)(&analysis(&merged));
                }
            }
        }
    }

    /// A helper thread's loop: playouts until the main thread is done, a limit,
    /// the stop flag or the shared budget, publishing its root now and then.
    fn run_helper(&mut self, shared: &Shared<G::Move>, slot: usize) {
        self.ensure_moves(0, 0);
        let mut last_publish = Instant::now();
        while !shared.done.load(Ordering::Relaxed) && !self.out_of_time() {
            if !shared.take_playout() {
                break;
            }
            self.iterate();
            if last_publish.elapsed() >= shared.publish_every {
                last_publish = Instant::now();
                let root = self.root_snapshot();
                *shared.snapshots[slot]
                    .lock()
                    .unwrap_or_else(|e| e.into_inner()) = Some(root);
            }
        }
    }

    /// This thread's root: its moves with their statistics and lines.
    fn root_snapshot(&self) -> RootSnapshot<G::Move> {
        let children = self.nodes[0]
            .children
            .iter()
            .filter_map(|&index| {
                let node = &self.nodes[index];
                let mut pv = vec![node.mv?];
                pv.extend(self.line_below(index));
                Some(ChildSnapshot {
                    mv: node.mv?,
                    visits: u64::from(node.visits),
                    wins: node.wins,
                    prior_wins: node.prior_wins,
                    pv,
                })
            })
            .collect();
        RootSnapshot {
            playouts: self.playouts,
            deepest: self.deepest,
            per_ply: self.per_ply.clone(),
            children,
            untried: self.nodes[0].untried.clone(),
        }
    }
}

/// The roots of every thread as one: visits and wins summed per move (in the
/// order the first root has them), each move's line from the tree that visited
/// it most, playouts and nodes per ply summed (the root counted once).
fn merge<M: Copy + Eq>(roots: &[RootSnapshot<M>]) -> RootSnapshot<M> {
    let mut merged = RootSnapshot {
        playouts: 0,
        deepest: 0,
        per_ply: Vec::new(),
        children: Vec::new(),
        untried: Vec::new(),
    };
    let mut most_visits: Vec<u64> = Vec::new();
    for root in roots {
        merged.playouts += root.playouts;
        merged.deepest = merged.deepest.max(root.deepest);
        if merged.per_ply.len() < root.per_ply.len() {
            merged.per_ply.resize(root.per_ply.len(), 0);
        }
        for (total, nodes) in merged.per_ply.iter_mut().zip(&root.per_ply).skip(1) {
            *total += nodes;
        }
        for child in &root.children {
            match merged.children.iter().position(|c| c.mv == child.mv) {
                Some(at) => {
                    let into = &mut merged.children[at];
                    into.visits += child.visits;
                    into.wins += child.wins;
                    if child.visits > most_visits[at] {
                        most_visits[at] = child.visits;
                        into.pv.clone_from(&child.pv);
                    }
                }
                None => {
                    merged.children.push(child.clone());
                    most_visits.push(child.visits);
                }
            }
        }
    }
    if let Some(root) = merged.per_ply.first_mut() {
        *root = 1;
    }
    for root in roots {
        for &mv in &root.untried {
            if !merged.children.iter().any(|c| c.mv == mv) && !merged.untried.contains(&mv) {
                merged.untried.push(mv);
            }
        }
    }
    merged
}

/// The most visited move of a merged root (ties: the higher win rate).
fn best_child<M>(root: &RootSnapshot<M>) -> Option<&ChildSnapshot<M>> {
    root.children.iter().max_by(|a, b| {
        a.visits
            .cmp(&b.visits)
            .then(a.win_rate().total_cmp(&b.win_rate()))
    })
}

/// The merged root's children, best first as [`best_child`] ranks them (most
/// visited, then the higher win rate).
fn by_visits<M>(root: &RootSnapshot<M>) -> Vec<&ChildSnapshot<M>> {
    let mut children: Vec<(usize, &ChildSnapshot<M>)> = root.children.iter().enumerate().collect();
    // On a full tie the later child first, as `max_by` picks it.
    children.sort_by(|(i, a), (j, b)| {
        b.visits
            .cmp(&a.visits)
            .then(b.win_rate().total_cmp(&a.win_rate()))
            .then(j.cmp(i))
    });
    children.into_iter().map(|(_, child)| child).collect()
}

/// The best `multi_pv` moves' lines of a merged root (none for one line: the
/// headline is it), as the one-thread search gives them.
fn lines_of<M: Copy>(root: &RootSnapshot<M>, multi_pv: usize) -> Vec<PvLine<M>> {
    if multi_pv <= 1 {
        return Vec::new();
    }
    by_visits(root)
        .into_iter()
        .filter(|child| child.visits > 0)
        .take(multi_pv)
        .map(|child| PvLine {
            score: win_rate_score(child.win_rate()),
            depth: root.deepest,
            pv: child.pv.clone(),
        })
        .collect()
}

/// The search's result from the merged root, with its best `multi_pv` lines.
fn result_of<M: Copy>(
    root: &RootSnapshot<M>,
    stopped: bool,
    elapsed: Duration,
    multi_pv: usize,
) -> SearchResult<M> {
    let best = best_child(root);
    let pv: Vec<M> = best
        .filter(|b| b.visits > 0)
        .map_or_else(Vec::new, |b| b.pv.clone());
    let mut root_moves: Vec<RootMove<M>> = by_visits(root)
        .into_iter()
        .map(|child| RootMove {
            mv: child.mv,
            score: Some(win_rate_score(child.win_rate())),
            exact: true,
            nodes: child.visits,
        })
        .collect();
    root_moves.extend(untried_root_moves(&root.untried));
    SearchResult {
        best_move: pv.first().copied().or(root.untried.first().copied()),
        score: best.map_or(0, |b| win_rate_score(b.win_rate())),
        pv,
        depth: root.deepest,
        proven: false,
        static_leaves: false,
        stopped,
        stats: playout_stats(root.playouts, &root.per_ply, root.deepest, elapsed),
        root_moves,
        lines: lines_of(root, multi_pv),
        tree: None,
    }
}

/// A progress report of the merged root.
fn progress_of<M: Copy>(root: &RootSnapshot<M>, start: Instant, multi_pv: usize) -> Progress<M> {
    let result = result_of(root, false, start.elapsed(), multi_pv);
    Progress {
        depth: result.depth,
        stats: result.stats,
        best_line: Some((result.score, result.pv)),
        root_moves: result.root_moves,
        lines: result.lines,
    }
}

/// The merged root as a live analysis: every move, most visited first.
fn analysis<M: Copy>(root: &RootSnapshot<M>) -> RootAnalysis<M> {
    let prior_total: u64 = root.children.iter().map(|c| u64::from(c.prior_wins)).sum();
    let even = 1.0 / (root.children.len() + root.untried.len()).max(1) as f64;
    let mut moves: Vec<MoveAnalysis<M>> = by_visits(root)
        .into_iter()
        .map(|child| MoveAnalysis {
            mv: child.mv,
            visits: child.visits,
            win_rate: child.win_rate(),
            prior: if prior_total == 0 {
                even
            } else {
                f64::from(child.prior_wins) / prior_total as f64
            },
            pv: child.pv.clone(),
        })
        .collect();
    moves.extend(root.untried.iter().map(|&mv| MoveAnalysis {
        mv,
        visits: 0,
        win_rate: 0.5,
        prior: if prior_total == 0 { even } else { 0.0 },
        pv: vec![mv],
    }));
    RootAnalysis {
        playouts: root.playouts,
        moves,
    }
}
