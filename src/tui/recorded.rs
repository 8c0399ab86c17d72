//! A recorded search tree as the explorer reads it. The moves are already written in
//! the game's notation, so the explorer needs no game; the position and the
//! evaluation stay behind a closure, so the explorer can still ask for the same
//! position searched by plain minimax, to show what alpha-beta saved, and behind
//! [`NodePositions`], so it can draw the position at any node.

use std::sync::Arc;

use crate::game::{Evaluator, Playable, Player, SearchHooks};
use crate::search::breadth_first::{BreadthFirst, breadth_first_minimax};
use crate::search::export::{TreeLabels, tree_labels};
use crate::search::figure::{Figure, MAX_FIGURE_NODES};
use crate::search::shape::{EXACT_MINIMAX_BUDGET, Shape, Step, shape_of_search};
use crate::search::tree::{Cut, SearchTree, TreeNode};
use crate::search::{
    Algorithm, Iteration, Limits, Observer, Progress, SearchConfig, SearchResult, search,
};
use crate::tui::board::BoardGame;
use crate::tui::jobs::{Reporter, Work};
use crate::tui::position_pane::{GamePositions, NodePositions, NodeView};
use crate::tui::theme::Theme;

/// How many nodes the minimax comparison may visit before it gives up.
pub const MINIMAX_BUDGET: u64 = 5_000_000;

/// Makes the explorer's view of a recorded search, to run as a job (large trees
/// take a while; see [`crate::tui::session::Session::tree_builder`]).
pub type TreeBuilder = Box<dyn FnOnce() -> RecordedSearch + Send>;

/// Makes the work of plain minimax on the recorded position at a depth, under a
/// node budget: the explorer runs it as a job.
type MinimaxStarter = Box<dyn Fn(u32, u64) -> Work<MinimaxState> + Send + Sync>;

/// How many nodes one search of the shape view may visit before it is stopped.
pub const PROFILE_BUDGET: u64 = 20_000_000;

/// Makes the work of searching the recorded position with a step of the course
/// at a depth, for the shape view.
type ProfileStarter = Box<dyn Fn(Step, u32) -> Work<ProfileState> + Send + Sync>;

/// One search's recorded tree, ready for the explorer.
pub struct RecordedSearch {
    /// The tree with every move (and pruned move) in the game's notation; the root's
    /// move is `None`.
    pub tree: SearchTree<String>,
    /// Each node's name, as exports and `--json` give it: a written tree's own
    /// names or paths (`B`, `1.2.3`), else the move that reached it (`root` first).
    pub names: Vec<String>,
    /// True at each chance node (worth the mean of its children; nobody chooses).
    pub chance: Vec<bool>,
    /// Which search it was, in words: `O (computer), move 2: alpha-beta + TT, seed, 1 s per move`.
    pub title: String,
    /// True when the search was still running: the tree is its last finished iteration.
    pub running: bool,
    /// The algorithm that searched it.
    pub algorithm: Algorithm,
    /// The game's names of the two sides, in player order.
    pub sides: [&'static str; 2],
    /// Each node's position as the game's short state text, for games that have one.
    pub states: Option<Vec<String>>,
    /// The whole tree to draw, pruned moves included, or why it is too big.
    pub figure: Result<Figure, String>,
    /// Breadth-first minimax on the same position and depth, or why it is too big.
    pub breadth_first: Result<BreadthFirst, String>,
    start_minimax: MinimaxStarter,
    start_profile: ProfileStarter,
    positions: Box<dyn NodePositions>,
}

impl RecordedSearch {
    /// Writes the tree's moves out by replaying them from `root`, and keeps what a
    /// minimax comparison needs.
    pub fn new<G: BoardGame>(
        tree: &SearchTree<G::Move>,
        root: &G,
        evaluator: Arc<dyn Evaluator<G>>,
        algorithm: Algorithm,
        title: String,
        running: bool,
        sides: [&'static str; 2],
    ) -> RecordedSearch {
        let positions = GamePositions::new(
            Arc::new(tree.clone()),
            root.clone(),
            evaluator.clone(),
            sides,
        );
        let position = root.clone();
        let evaluator_for_figures = evaluator.clone();
        let (for_profile, evaluator_for_profile) = (position.clone(), evaluator.clone());
        let start_minimax: MinimaxStarter = Box::new(move |depth, budget| {
            let (position, evaluator) = (position.clone(), evaluator.clone());
            Box::new(move |reporter: &Reporter<MinimaxState>| {
                minimax(&position, evaluator.as_ref(), depth, budget, reporter)
            })
        });
        let start_profile: ProfileStarter = Box::new(move |step, depth| {
            let (position, evaluator) = (for_profile.clone(), evaluator_for_profile.clone());
            Box::new(move |reporter: &Reporter<ProfileState>| {
                profile(&position, evaluator.as_ref(), (step, depth), reporter)
            })
        });
        let (labelled_tree, labels) = labelled(tree, root);
        RecordedSearch {
            tree: labelled_tree,
            names: labels.names,
            chance: labels.chance,
            title,
            running,
            algorithm,
            sides,
            states: positions.state_labels(),
            figure: Figure::build(tree, root, evaluator_for_figures.as_ref())
                .map_err(|e| e.to_string()),
            breadth_first: breadth_first_minimax(
                root,
                evaluator_for_figures.as_ref(),
                tree.depth,
                MAX_FIGURE_NODES,
            )
            .map_err(|e| e.to_string()),
            start_minimax,
            start_profile,
            positions: Box::new(positions),
        }
    }

    /// The position at `node` drawn by the game's board and evaluated.
    pub fn node_view(&self, node: usize, theme: &Theme) -> Option<NodeView> {
        self.positions.view(node, theme)
    }

    /// The tree as DOT (nodes labelled with their states when asked and known) and JSON.
    pub fn exports(&self, states: bool) -> (String, String) {
        self.positions.exports(states)
    }

    /// The game's id, for the names of exported files.
    pub fn game_id(&self) -> &'static str {
        self.positions.game_id()
    }

    /// MAX, whose view values and windows are shown in: the player the search was
    /// told is MAX (`--max`), by default the side to move at the root.
    pub fn max_player(&self) -> Player {
        self.tree.max_player
    }

    /// The work of searching the recorded position with plain minimax at the tree's
    /// depth, stopping after `budget` nodes, for a job that reports its count.
    pub fn minimax_work(&self, budget: u64) -> Work<MinimaxState> {
        (self.start_minimax)(self.tree.depth.max(1), budget)
    }

    /// The work of searching the recorded position by `step` at the tree's depth,
    /// for the shape view.
    pub fn profile_work(&self, step: Step) -> Work<ProfileState> {
        (self.start_profile)(step, self.tree.depth.max(1))
    }
}

/// The tree with its moves replaced by their text.
fn labelled<G: SearchHooks>(
    tree: &SearchTree<G::Move>,
    root: &G,
) -> (SearchTree<String>, TreeLabels) {
    let labels = tree_labels(tree, root);
    let nodes = tree
        .nodes
        .iter()
        .enumerate()
        .map(|(index, node)| {
            // The cutoff came from the last child searched.
            let by = node
                .children
                .last()
                .map_or_else(String::new, |&c| labels.moves[c].clone());
            TreeNode {
                parent: node.parent,
                // A null move reads `(pass)`.
                mv: node.parent.map(|_| labels.moves[index].clone()),
                ply: node.ply,
                depth: node.depth,
                side: node.side,
                alpha: node.alpha,
                beta: node.beta,
                value: node.value,
                bound: node.bound,
                kind: node.kind,
                children: node.children.clone(),
                pruned: labels.pruned[index].clone(),
                cut: node.cut.map(|c| Cut {
                    by,
                    score: c.score,
                    beta: c.beta,
                }),
                subtree_nodes: node.subtree_nodes,
                on_pv: node.on_pv,
                visit: node.visit,
            }
        })
        .collect();
    let labelled = SearchTree {
        nodes,
        steps: tree.steps.clone(),
        depth: tree.depth,
        visited: tree.visited,
        cutoffs: tree.cutoffs,
        pruned_moves: tree.pruned_moves,
        truncated: tree.truncated,
        max_player: tree.max_player,
        prune_on_equal: tree.prune_on_equal,
    };
    (labelled, labels)
}

/// Where the minimax comparison stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinimaxState {
    /// Still searching; nodes so far.
    Running {
        /// Nodes visited so far.
        nodes: u64,
    },
    /// Over: all nodes at the depth were visited, or the budget ran out first.
    Done {
        /// Nodes visited.
        nodes: u64,
        /// True when the budget stopped it: the full count is higher.
        over_budget: bool,
    },
}

/// Where a search of the shape view stands.
#[derive(Clone, Debug, PartialEq)]
pub enum ProfileState {
    /// Still searching; nodes so far.
    Running {
        /// Nodes visited so far.
        nodes: u64,
    },
    /// Over: its shape, its nodes over every pass, and whether [`PROFILE_BUDGET`]
    /// stopped it (its counts are then incomplete).
    Done {
        /// The search's shape.
        shape: Box<Shape>,
        /// Nodes of every pass.
        nodes_all_passes: u64,
        /// True when the budget stopped it.
        stopped: bool,
    },
}

/// The recorded position searched by `step` to `depth`, stopped after
/// [`PROFILE_BUDGET`] nodes or when the job is no longer wanted.
fn profile<G: Playable>(
    position: &G,
    evaluator: &dyn Evaluator<G>,
    (step, depth): (Step, u32),
    reporter: &Reporter<ProfileState>,
) -> ProfileState {
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(PROFILE_BUDGET),
        ..Limits::default()
    };
    let config = step.config(limits, G::prefers_engine_search());
    let running = |nodes| ProfileState::Running { nodes };
    let result = search_in_job(position, evaluator, &config, (reporter, running));
    let shape = shape_of_search(position, evaluator, &result.stats, EXACT_MINIMAX_BUDGET);
    ProfileState::Done {
        shape: Box::new(shape),
        nodes_all_passes: result.stats.nodes_all_passes,
        stopped: result.stopped,
    }
}

/// Plain minimax on `position` to `depth`, stopped after `budget` nodes or when
/// the job is no longer wanted, its node count reported on the way.
fn minimax<G: SearchHooks>(
    position: &G,
    evaluator: &dyn Evaluator<G>,
    depth: u32,
    budget: u64,
    reporter: &Reporter<MinimaxState>,
) -> MinimaxState {
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(budget),
        ..Limits::default()
    };
    let config = SearchConfig::minimax(limits);
    let running = |nodes| MinimaxState::Running { nodes };
    let result = search_in_job(position, evaluator, &config, (reporter, running));
    MinimaxState::Done {
        nodes: result.stats.nodes,
        over_budget: result.stopped,
    }
}

/// Searches `position` as a job: stopped when the job is no longer wanted, its
/// node count sent on the way as `running` makes it news.
fn search_in_job<G: SearchHooks, T>(
    position: &G,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    (reporter, running): (&Reporter<T>, fn(u64) -> T),
) -> SearchResult<G::Move> {
    let mut counter = NodeCounter(reporter, running);
    search(
        position,
        evaluator,
        config,
        Some(reporter.cancel_flag()),
        &mut counter,
    )
}

/// Passes a search's node count (all passes) on to the explorer as it goes, as the
/// job's news `running` makes of it.
struct NodeCounter<'a, T>(&'a Reporter<T>, fn(u64) -> T);

impl<M, T> Observer<M> for NodeCounter<'_, T> {
    fn progress(&mut self, progress: &Progress<M>) {
        self.0.progress((self.1)(progress.stats.nodes_all_passes));
    }

    fn iteration(&mut self, iteration: &Iteration<M>) {
        self.0.progress((self.1)(iteration.stats.nodes_all_passes));
    }
}
