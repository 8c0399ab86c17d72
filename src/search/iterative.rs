//! The search driver: iterative deepening over the root moves, the results it
//! reports while it runs, and the final [`SearchResult`].

use std::cmp::Reverse;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::continuation::Lead;
use super::engine::SearchTables;
use super::limits::{Algorithm, SearchConfig};
use super::report::{Iteration, Observer, PvLine, RootMove, SearchResult};
use super::score::{self, INFINITY, MAX_PLY, Score};
use super::searcher::Searcher;
use super::stats::Stats;
use super::time::{Stability, starts_another_iteration};
use super::tree::{NoTracer, SearchTree, Tracer, TreeRecorder, Visit};
use crate::game::{Evaluator, SearchHooks};

/// Searches `game` and returns the best move, score and statistics.
///
/// With iterative deepening the search goes one ply deeper at a time until a limit
/// is reached or the value is proven (every line reached the end of the game);
/// without it, it searches once at the depth limit (or to the end when there is none).
/// Single-threaded and deterministic: the same input gives the same output, node
/// counts included, unless a time limit or the stop flag cuts it short.
pub fn search<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    observer: &mut dyn Observer<G::Move>,
) -> SearchResult<G::Move> {
    search_with_tables(game, evaluator, config, stop, observer, None)
}

/// [`search`] with a transposition table and move orderer kept from earlier
/// searches (the long-lived [`Engine`](super::engine::Engine)'s), when given.
pub(super) fn search_with_tables<G: SearchHooks>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    observer: &mut dyn Observer<G::Move>,
    tables: Option<&mut SearchTables<G::Move>>,
) -> SearchResult<G::Move> {
    config
        .algorithm
        .strategy::<G>()
        .search(game, evaluator, config, stop, observer, tables)
}

/// Minimax, alpha-beta and the engine ([`super::strategy::DepthFirst`]): the
/// driver below, with the tree recorder when the configuration asks for one.
/// `root`: the moves the root searches instead of its own (see
/// [`Engine::search_among`](super::engine::Engine::search_among)); an empty
/// list is none.
pub(super) fn depth_first<G: SearchHooks>(
    game: &G,
    root: Option<&[G::Move]>,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    observer: &mut dyn Observer<G::Move>,
    tables: Option<&mut SearchTables<G::Move>>,
) -> SearchResult<G::Move> {
    match config.trace {
        None => {
            run_with(
                NoTracer, game, root, evaluator, config, stop, observer, tables,
            )
            .0
        }
        Some(cap) => {
            let (result, recorder) = run_with(
                TreeRecorder::new(cap),
                game,
                root,
                evaluator,
                config,
                stop,
                observer,
                tables,
            );
            // The tree's depth is the one the search reached (a tree searched to
            // its end is as deep as its longest line, not the unlimited 999).
            let tree = recorder.into_tree().map(|tree| SearchTree {
                depth: result.depth,
                prune_on_equal: config.pruning_rule(),
                ..tree
            });
            SearchResult { tree, ..result }
        }
    }
}

/// Runs the search with a given tracer, on the given tables if any, and hands the
/// tracer back.
#[allow(clippy::too_many_arguments)]
fn run_with<G: SearchHooks, T: Tracer<G::Move>>(
    tracer: T,
    game: &G,
    root: Option<&[G::Move]>,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    observer: &mut dyn Observer<G::Move>,
    mut tables: Option<&mut SearchTables<G::Move>>,
) -> (SearchResult<G::Move>, T) {
    let mut searcher = Searcher::new(tracer, game, evaluator, config, stop, observer);
    searcher.given_root = root.filter(|moves| !moves.is_empty());
    if let Some(tables) = tables.as_deref_mut() {
        tables.swap(&mut searcher.tt, &mut searcher.orderer);
    }
    let mut result = searcher.run();
    result.stats.elapsed = searcher.elapsed();
    if let Some(tables) = tables {
        tables.swap(&mut searcher.tt, &mut searcher.orderer);
    }
    (result, searcher.tracer)
}

impl<G: SearchHooks, T: Tracer<G::Move>> Searcher<'_, G, T> {
    /// The search: iterative deepening from the root to the limits.
    pub(super) fn run(&mut self) -> SearchResult<G::Move> {
        if let Some(result) = self.finished_root() {
            return result;
        }
        let mut moves = self.root_move_list();
        if self.orderer.active() {
            self.orderer
                .sort(&self.game, &mut moves, None, 0, &Lead::NONE);
        }
        self.root_moves = moves
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: None,
                exact: false,
                nodes: 0,
            })
            .collect();
        let max_depth = self
            .config
            .limits
            .depth
            .unwrap_or(MAX_PLY - 1)
            .min(MAX_PLY - 1);
        if max_depth == 0 {
            return self.static_root();
        }
        let first_depth = if self.config.iterative { 1 } else { max_depth };
        self.stats.first_pass_depth = first_depth;
        let mut finished: Option<SearchResult<G::Move>> = None;
        let mut finished_pass: Option<Stats> = None;
        let mut stability = Stability::default();
        for depth in first_depth..=max_depth {
            if self.link.is_some_and(|link| link.skips(depth)) {
                continue;
            }
            let iteration_start = self.elapsed();
            self.stats.start_pass();
            let Some(result) = self.search_root(depth) else {
                if let Some(partial) = self.unfinished_pass(depth, finished.as_ref()) {
                    finished = Some(partial);
                }
                break;
            };
            self.stats.nodes_per_iteration.push(self.stats.nodes);
            finished_pass = Some(self.stats.clone());
            self.report_iteration(&result);
            if let Some(last) = &finished {
                let changed = last.best_move != result.best_move;
                stability = stability.after(changed, last.score, result.score);
            }
            let proven = result.proven;
            finished = Some(result);
            let last_iteration = self.elapsed().saturating_sub(iteration_start);
            if proven || self.out_of_time_for_another_iteration(stability, last_iteration) {
                break;
            }
        }
        let stopped = self.aborted;
        let mut result = finished.unwrap_or_else(|| self.unfinished_result());
        result.stopped = stopped;
        result.stats = Stats {
            nodes_all_passes: self.stats.nodes_all_passes,
            nodes_per_iteration: self.stats.nodes_per_iteration.clone(),
            first_pass_depth: first_depth,
            ..finished_pass.unwrap_or_else(|| self.stats.clone())
        };
        result
    }

    /// The moves the root searches: the game's own (its root look-ahead's, when
    /// on); or the given ones, those of them the look-ahead keeps where it keeps
    /// any (it keeps none where the rules already ended the game).
    fn root_move_list(&self) -> Vec<G::Move> {
        let mut own = Vec::new();
        if self.config.root_lookahead {
            self.game.root_candidates(&mut own);
        } else if self.given_root.is_none() {
            self.game.legal_moves(&mut own);
        }
        let Some(given) = self.given_root else {
            return own;
        };
        let kept: Vec<G::Move> = given.iter().copied().filter(|m| own.contains(m)).collect();
        if kept.is_empty() {
            given.to_vec()
        } else {
            kept
        }
    }

    /// A search to depth 0: the root's static value, as `ply eval` gives it.
    fn static_root(&mut self) -> SearchResult<G::Move> {
        self.stats = Stats::default();
        self.enter_node(0);
        if T::ENABLED {
            let max = self.max_player();
            self.tracer.begin_iteration(0, self.root_player, max);
        }
        let score = self.evaluate(0, true);
        self.trace_leaf(super::tree::NodeKind::Horizon, score);
        if T::ENABLED {
            self.tracer.end_iteration(score, &[]);
        }
        self.stats.nodes_per_iteration.push(1);
        SearchResult {
            best_move: None,
            score,
            pv: Vec::new(),
            depth: 0,
            proven: false,
            static_leaves: false,
            stopped: false,
            stats: self.stats.clone(),
            root_moves: self.root_moves.clone(),
            lines: Vec::new(),
            tree: None,
        }
    }

    /// The result when the game is already over (or has no moves) at the root;
    /// given root moves are searched whatever the rules say of the root.
    fn finished_root(&mut self) -> Option<SearchResult<G::Move>> {
        self.enter_node(0);
        let score = if self.given_root.is_some() {
            self.stats = Stats::default();
            return None;
        } else if let Some(outcome) = self.game.outcome() {
            self.terminal_score(outcome, 0)
        } else if self.game.moves().is_empty() {
            self.evaluate(0, false)
        } else {
            self.stats = Stats::default();
            return None;
        };
        Some(SearchResult {
            best_move: None,
            score,
            pv: Vec::new(),
            depth: 0,
            proven: true,
            static_leaves: self.static_leaf_hit,
            stopped: false,
            stats: self.stats.clone(),
            root_moves: Vec::new(),
            lines: Vec::new(),
            tree: None,
        })
    }

    /// One pass over the root moves at `depth`; `None` if it was cut short. With
    /// aspiration windows, a narrow window around the last score comes first, and
    /// the full window only when the score falls outside it; both are one pass,
    /// one root node, and counted together.
    fn search_root(&mut self, depth: u32) -> Option<SearchResult<G::Move>> {
        self.current_depth = depth;
        self.unfinished_best = None;
        if self.enter_node(0) {
            return None;
        }
        if T::ENABLED {
            let max = self.max_player();
            self.tracer.begin_iteration(depth, self.root_player, max);
        }
        let last = self.best_line.as_ref().map(|(score, _)| *score);
        let aspiration = self
            .config
            .aspiration
            .filter(|_| self.config.algorithm.prunes());
        let mut found = None;
        if let (Some(width), Some(last)) = (aspiration, last)
            && !score::is_win(last)
            && !score::is_loss(last)
        {
            let (alpha, beta) = (last - width, last + width);
            self.root_visit = Visit::Aspiration;
            let (index, score) = self.search_root_window(depth, alpha, beta)?;
            // Outside the window, the full window comes next.
            self.root_visit = Visit::ReSearch;
            if score > alpha && score < beta {
                found = Some((index, score));
            }
        }
        let found = match found {
            Some(found) => found,
            None => self.search_root_window(depth, -INFINITY, INFINITY)?,
        };
        self.root_visit = Visit::Full;
        let mut result = self.finish_pass(depth, found);
        self.add_lines(depth, &mut result);
        Some(result)
    }

    /// The pass's lines (`SearchConfig::multi_pv`): line 1 is the pass's best line;
    /// each next one is the best line among the root moves that start no line yet,
    /// searched with the full window so that its score is exact, until there are
    /// as many lines as asked or no moves are left (Stockfish's MultiPV). The
    /// lines end sorted best first, the root moves in the same order, and the
    /// result's move, score and line are line 1's. A stop cuts the list short,
    /// never line 1. The pass is proven only when every line is. A recorded tree
    /// shows the pass of line 1 only: the iteration's tree is closed before the
    /// other lines are searched.
    fn add_lines(&mut self, depth: u32, result: &mut SearchResult<G::Move>) {
        let Some(first) = result.best_move else {
            return;
        };
        let mut lines = vec![PvLine {
            score: result.score,
            depth: result.depth,
            pv: result.pv.clone(),
        }];
        let wanted = self.config.multi_pv.min(self.root_moves.len());
        if wanted > 1 {
            self.move_root_move_to(first, 0);
            while lines.len() < wanted {
                self.root_first = lines.len();
                let Some((index, score)) = self.search_root_window(depth, -INFINITY, INFINITY)
                else {
                    break;
                };
                // A line that met the horizon is not the game's value: go deeper.
                result.proven &= !self.horizon_hit;
                let pv = self.extend_pv_from_table(self.pv_at(0).to_vec());
                let mv = self.root_moves[index].mv;
                self.move_root_move_to(mv, lines.len());
                lines.push(PvLine {
                    score,
                    depth: result.depth,
                    pv,
                });
            }
            self.root_first = 0;
            lines.sort_by_key(|line| Reverse(line.score));
            for (place, line) in lines.iter().enumerate() {
                self.move_root_move_to(line.pv[0], place);
            }
            let best = &lines[0];
            result.best_move = Some(best.pv[0]);
            result.score = best.score;
            result.pv = best.pv.clone();
            result.root_moves = self.root_moves.clone();
            self.best_line = Some((best.score, best.pv.clone()));
        }
        self.lines = lines.clone();
        result.lines = lines;
    }

    /// Moves the root move `mv` to `place` in the root's order, the others keeping theirs.
    fn move_root_move_to(&mut self, mv: G::Move, place: usize) {
        if let Some(index) = self.root_moves.iter().position(|r| r.mv == mv) {
            let root_move = self.root_moves.remove(index);
            self.root_moves.insert(place, root_move);
        }
    }

    /// Searches the root moves with the window `(alpha_start, beta)`; the best
    /// move's index and score, `None` if the search was cut short.
    fn search_root_window(
        &mut self,
        depth: u32,
        alpha_start: Score,
        beta: Score,
    ) -> Option<(usize, Score)> {
        self.horizon_hit = false;
        self.root_searched = 0;
        let mut alpha = alpha_start;
        let mut best: Option<(usize, Score)> = None;
        for index in self.root_first..self.root_moves.len() {
            let m = self.root_moves[index].mv;
            let nodes_before = self.stats.nodes;
            let score = match self.config.algorithm {
                Algorithm::Minimax => self.minimax_child(m, depth, 0),
                Algorithm::AlphaBeta => {
                    self.alpha_beta_child(m, depth, 0, (alpha, beta), self.root_visit)
                }
                _ => self.search_move(m, index - self.root_first, depth, 0, alpha, beta, 0),
            };
            self.root_moves[index].nodes += self.stats.nodes - nodes_before;
            if self.aborted {
                return None;
            }
            self.root_searched = index + 1;
            let root_move = &mut self.root_moves[index];
            root_move.score = Some(score);
            root_move.exact = !self.config.algorithm.prunes()
                || (score > alpha || best.is_none()) && score < beta;
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((index, score));
                self.update_pv(0, m);
                if score > alpha_start && self.root_first == 0 {
                    self.note_unfinished_best(score);
                }
            }
            if T::ENABLED && score > alpha && score < beta && self.config.algorithm.prunes() {
                self.tracer.raise_alpha(score);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                let moves: Vec<G::Move> = self.root_moves.iter().map(|r| r.mv).collect();
                self.count_cutoff(0, (&moves, index), score, beta);
                break;
            }
        }
        best
    }

    /// Keeps the line at the root as the unfinished iteration's best when its
    /// `score` (above the window's floor: exact, or a lower bound) beats the best kept
    /// so far in this iteration. Only when the last iteration's best move is searched
    /// first (alpha-beta with ordering), so that a move kept here was searched at
    /// this depth and found at least as good as that one.
    fn note_unfinished_best(&mut self, score: Score) {
        let first_is_last_best = self.config.algorithm.prunes() && self.orderer.active();
        if first_is_last_best
            && self
                .unfinished_best
                .as_ref()
                .is_none_or(|(s, _)| score > *s)
        {
            self.unfinished_best = Some((score, self.pv_at(0).to_vec()));
        }
    }

    /// When the pass at `depth` was cut short after proving a root move other than
    /// the last finished iteration's best at least as good: that move, its score and
    /// line, as searched at `depth` (Stockfish, too, plays what the unfinished
    /// iteration found). `None` when it found nothing new, or nothing finished before.
    fn unfinished_pass(
        &mut self,
        depth: u32,
        finished: Option<&SearchResult<G::Move>>,
    ) -> Option<SearchResult<G::Move>> {
        let (score, pv) = self.unfinished_best.take()?;
        let finished = finished?;
        if pv.is_empty() || pv.first().copied() == finished.best_move {
            return None;
        }
        let pv = self.extend_pv_from_table(pv);
        Some(SearchResult {
            best_move: pv.first().copied(),
            score,
            root_moves: self.unfinished_root_moves(pv[0], score),
            lines: vec![PvLine {
                score,
                depth,
                pv: pv.clone(),
            }],
            pv,
            depth,
            proven: false,
            ..finished.clone()
        })
    }

    /// The root moves as the pass cut short left them, so that the result's table
    /// tells of the same pass as its move and score: the chosen move first with its
    /// score, then the others this pass searched; the moves it did not reach have
    /// no score.
    fn unfinished_root_moves(&self, chosen: G::Move, score: Score) -> Vec<RootMove<G::Move>> {
        let searched = self.root_searched;
        let mut moves: Vec<RootMove<G::Move>> = self
            .root_moves
            .iter()
            .enumerate()
            .map(|(index, root)| RootMove {
                score: root.score.filter(|_| index < searched),
                ..root.clone()
            })
            .collect();
        if let Some(index) = moves.iter().position(|r| r.mv == chosen) {
            let mut best = moves.remove(index);
            best.score = Some(score);
            best.exact = true;
            moves.insert(0, best);
        }
        moves
    }

    /// The result of a finished pass whose best root move is `best_index`.
    fn finish_pass(
        &mut self,
        depth: u32,
        (best_index, score): (usize, Score),
    ) -> SearchResult<G::Move> {
        if self.config.algorithm.prunes() && self.orderer.active() {
            // Best first next iteration; refuted moves keep their relative order.
            let best_move = self.root_moves.remove(best_index);
            self.root_moves.insert(0, best_move);
        }
        if T::ENABLED {
            let line = self.pv_at(0).to_vec();
            self.tracer.end_iteration(score, &line);
        }
        let pv = self.extend_pv_from_table(self.pv_at(0).to_vec());
        // A search whose every line ended before the depth limit reports how deep it
        // actually went; one that met the horizon (maybe through a kept table's
        // entries, which stand for deeper trees) reports the iteration's depth.
        let reached = self.stats.per_ply.len().saturating_sub(1) as u32;
        let depth = if self.horizon_hit {
            depth
        } else {
            depth.min(reached)
        };
        self.best_line = Some((score, pv.clone()));
        SearchResult {
            best_move: pv.first().copied(),
            score,
            pv,
            depth,
            proven: !self.horizon_hit,
            static_leaves: self.static_leaf_hit,
            stopped: false,
            stats: self.stats.clone(),
            root_moves: self.root_moves.clone(),
            lines: Vec::new(),
            tree: None,
        }
    }

    /// A line cut short by a table hit goes on with the table's best moves, as long
    /// as they are legal and the line does not repeat a position.
    fn extend_pv_from_table(&mut self, mut pv: Vec<G::Move>) -> Vec<G::Move> {
        if !self.has_table() {
            return pv;
        }
        for &m in &pv {
            self.game.play(m);
        }
        let mut seen = vec![self.game.hash()];
        while let Some(m) = self.table_entry().and_then(|e| e.best_move) {
            if pv.len() >= MAX_PLY as usize || !self.game.moves().contains(&m) {
                break;
            }
            self.game.play(m);
            pv.push(m);
            if seen.contains(&self.game.hash()) {
                break;
            }
            seen.push(self.game.hash());
        }
        for _ in 0..pv.len() {
            self.game.undo();
        }
        pv
    }

    /// When even the first iteration did not finish: the best root move searched so
    /// far, else the first move in order, so that a move is always returned.
    fn unfinished_result(&self) -> SearchResult<G::Move> {
        let best = self
            .root_moves
            .iter()
            .filter(|r| r.score.is_some())
            .max_by_key(|r| r.score)
            .or(self.root_moves.first());
        SearchResult {
            best_move: best.map(|r| r.mv),
            score: best.and_then(|r| r.score).unwrap_or(0),
            pv: best.map(|r| vec![r.mv]).unwrap_or_default(),
            depth: 0,
            proven: false,
            static_leaves: false,
            stopped: true,
            stats: self.stats.clone(),
            root_moves: self.root_moves.clone(),
            lines: Vec::new(),
            tree: None,
        }
    }

    fn report_iteration(&mut self, result: &SearchResult<G::Move>) {
        let mut stats = self.stats.clone();
        stats.elapsed = self.elapsed();
        let iteration = Iteration {
            depth: result.depth,
            score: result.score,
            pv: result.pv.clone(),
            stats,
            root_moves: self.root_moves.clone(),
            lines: result.lines.clone(),
            tree: if T::ENABLED {
                self.tracer.last_tree()
            } else {
                None
            },
        };
        self.observer_mut().iteration(&iteration);
    }

    /// With a clock's soft budget, start another iteration only if it should end
    /// inside that budget as the search's `stability` scales it ([`super::time`]).
    /// A fixed time limit (a move time) is spent whole: time left over is lost, and a
    /// pass cut short still counts when it found a better move ([`Self::unfinished_pass`]).
    fn out_of_time_for_another_iteration(
        &self,
        stability: Stability,
        last_iteration: Duration,
    ) -> bool {
        let (Some(hard), Some(soft)) = (self.config.limits.time, self.config.soft_time) else {
            return false;
        };
        !starts_another_iteration(soft, hard, stability, self.elapsed(), last_iteration)
    }
}
