//! What a search reports: root moves, progress snapshots, finished iterations and
//! the final result, and the [`Observer`] that watches them. Every strategy
//! (minimax and alpha-beta in iterative.rs, and any other) reports in these types,
//! so the arcade's panel, `ply solve` and the protocols read any of them alike.

use std::sync::Arc;
use std::time::Duration;

use super::score::{self, GameValue, Score};
use super::stats::Stats;
use super::tree::SearchTree;
use crate::game::ExactSolution;

/// A root move with what the search knows of it so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Its score for the side to move at the root, once searched in this iteration
    /// or the last.
    pub score: Option<Score>,
    /// False when alpha-beta only proved the score is at most this (the move was refuted).
    pub exact: bool,
    /// Nodes spent below this move over the whole search.
    pub nodes: u64,
}

/// One line of a multi-PV search (`SearchConfig::multi_pv`): the best line whose
/// first move starts none of the lines before it, with its own score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine<M> {
    /// The line's score for the side to move at the root (exact: searched with
    /// the full window).
    pub score: Score,
    /// The depth it was searched to.
    pub depth: u32,
    /// The moves, the root move first.
    pub pv: Vec<M>,
}

/// A snapshot sent while the search runs (about every 100 ms).
#[derive(Clone, Debug)]
pub struct Progress<M> {
    /// The iteration in progress.
    pub depth: u32,
    /// Counters so far.
    pub stats: Stats,
    /// Score and principal variation of the last finished iteration.
    pub best_line: Option<(Score, Vec<M>)>,
    /// Every root move with its current score and node count.
    pub root_moves: Vec<RootMove<M>>,
    /// The last finished iteration's best lines, best first (empty when the
    /// search keeps none but `best_line`).
    pub lines: Vec<PvLine<M>>,
}

/// Sent when an iteration of iterative deepening finishes.
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    /// The depth just finished.
    pub depth: u32,
    /// The root's score at that depth.
    pub score: Score,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
    /// Counters so far (elapsed included).
    pub stats: Stats,
    /// Every root move with its score and node count.
    pub root_moves: Vec<RootMove<M>>,
    /// The iteration's best lines, best first, line 1 being `score` and `pv`
    /// (empty when the search keeps none but `pv`).
    pub lines: Vec<PvLine<M>>,
    /// The tree of this iteration, when the configuration records one
    /// (`SearchConfig::trace`); shared, so that sending it copies nothing.
    pub tree: Option<Arc<SearchTree<M>>>,
}

/// What watches a search as it runs. Both methods do nothing by default.
pub trait Observer<M> {
    /// A periodic snapshot.
    fn progress(&mut self, _progress: &Progress<M>) {}
    /// A finished iteration.
    fn iteration(&mut self, _iteration: &Iteration<M>) {}
}

impl<M> Observer<M> for () {}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` when the game is over or there is no move.
    pub best_move: Option<M>,
    /// The root's score for the side to move.
    pub score: Score,
    /// The principal variation.
    pub pv: Vec<M>,
    /// The depth the move was searched at: the deepest finished iteration, or one
    /// past it when the pass cut short had already proved a better move (`stopped`).
    pub depth: u32,
    /// True when the search reached the end of every line: the score is the game's value.
    pub proven: bool,
    /// True when some line ended in a position with no moves that the game does not
    /// call finished (a written tree's leaf), scored by its static value: a proven
    /// score is then the exact minimax value, not a win or loss.
    pub static_leaves: bool,
    /// True when a limit or the stop flag cut the search short.
    pub stopped: bool,
    /// What the search did.
    pub stats: Stats,
    /// The root moves of the last finished iteration, best first.
    pub root_moves: Vec<RootMove<M>>,
    /// The best lines, best first, line 1 being `best_move`, `score` and `pv`
    /// (`SearchConfig::multi_pv` of them, fewer when the root has fewer moves or a
    /// stop cut them short; empty when the search keeps none but `pv`).
    pub lines: Vec<PvLine<M>>,
    /// The recorded tree of the last finished iteration, when the configuration
    /// asked for one (`SearchConfig::trace`).
    pub tree: Option<SearchTree<M>>,
}

impl<M: Clone> From<&SearchResult<M>> for Iteration<M> {
    /// The result told as an iteration report: a protocol's last `info` line, MCTS's
    /// one report of its whole search.
    fn from(result: &SearchResult<M>) -> Iteration<M> {
        Iteration {
            depth: result.depth,
            score: result.score,
            pv: result.pv.clone(),
            stats: result.stats.clone(),
            root_moves: result.root_moves.clone(),
            lines: result.lines.clone(),
            tree: None,
        }
    }
}

impl<M> SearchResult<M> {
    /// A game's exact solution told as a search that proved its value: a win or
    /// loss at the end of the solver's line, a draw at 0; `None` (a stopped solve)
    /// becomes a stopped search with no move.
    pub fn from_exact(solution: Option<ExactSolution<M>>, elapsed: Duration) -> SearchResult<M> {
        let Some(solution) = solution else {
            return SearchResult {
                best_move: None,
                score: 0,
                pv: Vec::new(),
                depth: 0,
                proven: false,
                static_leaves: false,
                stopped: true,
                stats: Stats {
                    elapsed,
                    ..Stats::default()
                },
                root_moves: Vec::new(),
                lines: Vec::new(),
                tree: None,
            };
        };
        let plies = solution.pv.len() as u32;
        let score = match solution.value {
            GameValue::Win => score::win_in(plies),
            GameValue::Loss => score::loss_in(plies),
            GameValue::Draw | GameValue::Exact => 0,
        };
        SearchResult {
            best_move: solution.best_move,
            score,
            pv: solution.pv,
            depth: plies,
            proven: true,
            static_leaves: false,
            stopped: false,
            stats: Stats {
                nodes: solution.nodes,
                leaves: solution.leaves,
                cutoffs: solution.cutoffs,
                tt_hits: solution.tt_hits,
                nodes_all_passes: solution.nodes,
                elapsed,
                ..Stats::default()
            },
            root_moves: Vec::new(),
            lines: Vec::new(),
            tree: None,
        }
    }

    /// Win, loss or draw for the side to move, when the search proved it.
    pub fn value(&self) -> Option<GameValue> {
        if score::is_win(self.score) {
            Some(GameValue::Win)
        } else if score::is_loss(self.score) {
            Some(GameValue::Loss)
        } else if self.proven && self.static_leaves {
            Some(GameValue::Exact)
        } else if self.proven {
            Some(match self.score {
                0 => GameValue::Draw,
                s if s > 0 => GameValue::Win,
                _ => GameValue::Loss,
            })
        } else {
            None
        }
    }
}
