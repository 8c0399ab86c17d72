//! The analysis board, UI-free: a game's positions (a start and the moves played
//! from it), the one analysed, and a search of it that runs without a limit until
//! the position changes. Stepping through the moves or asking for more lines stops
//! the search and starts a new one on the kept engine, whose tables carry over.
//!
//! The best lines come from the search's reports: as many as
//! [`SearchConfig::multi_pv`] asks for, each with its whole line, as the engine
//! and Monte Carlo search give them (the same lines the game's search panel and
//! UCI's `multipv` show). A search without lines of its own gives the principal
//! variation, then the other root moves it scored exactly, one move each.

use std::sync::Arc;
use std::sync::mpsc::TryRecvError;
use std::time::Instant;

use crate::game::{Evaluator, Playable};
use crate::search::score::Score;
use crate::search::tree::{DEFAULT_NODE_CAP, SearchTree};
use crate::search::{
    Algorithm, Limits, PvLine, RootMove, SearchConfig, SearchEvent, SearchHandle, SharedEngine,
    Stats, shared_engine, spawn_engine_search,
};

use super::EngineSettings;

/// The most lines the analysis shows.
pub const MAX_LINES: usize = 8;

/// One of the best lines: its score for the side to move and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysedLine<M> {
    /// The score for the side to move at the analysed position.
    pub score: Score,
    /// The moves, the line's own first.
    pub moves: Vec<M>,
}

/// What the search of the analysed position has found so far.
#[derive(Clone, Debug)]
pub struct AnalysisState<M> {
    /// The deepest finished iteration (Monte Carlo: the deepest node reached).
    pub depth: u32,
    /// The search's counters (nodes, time).
    pub stats: Stats,
    /// The best lines, best first.
    pub lines: Vec<AnalysedLine<M>>,
    /// Every root move with its score and nodes (Monte Carlo: visits).
    pub root_moves: Vec<RootMove<M>>,
    /// The tree of the last finished iteration, when one was recorded.
    pub tree: Option<Arc<SearchTree<M>>>,
    /// True once the search ended by itself (a proven value, the deepest depth)
    /// or died: nothing more will come for this position.
    pub finished: bool,
    /// True when the search's thread died without its result.
    pub failed: bool,
}

impl<M> Default for AnalysisState<M> {
    fn default() -> Self {
        AnalysisState {
            depth: 0,
            stats: Stats::default(),
            lines: Vec::new(),
            root_moves: Vec::new(),
            tree: None,
            finished: false,
            failed: false,
        }
    }
}

/// The positions of a game and the endless search of the one shown.
pub struct AnalysisBoard<G: Playable> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
    ply: usize,
    engine: SharedEngine<G>,
    evaluator: Arc<dyn Evaluator<G>>,
    settings: EngineSettings,
    multi_pv: usize,
    search: Option<SearchHandle<G::Move>>,
    state: AnalysisState<G::Move>,
    started: Instant,
    searches: usize,
}

impl<G: Playable> AnalysisBoard<G> {
    /// The board on `start` with `moves` played from it, showing the position
    /// after `ply` of them (clamped), searched as `settings` say but without their
    /// limits; the search starts at once.
    pub fn new(
        start: G,
        moves: Vec<G::Move>,
        ply: usize,
        evaluator: Arc<dyn Evaluator<G>>,
        settings: EngineSettings,
    ) -> AnalysisBoard<G> {
        let mut positions = vec![start];
        for &m in &moves {
            let mut next = positions[positions.len() - 1].clone();
            next.play(m);
            positions.push(next);
        }
        let mut board = AnalysisBoard {
            ply: ply.min(moves.len()),
            positions,
            moves,
            engine: shared_engine(),
            evaluator,
            settings,
            multi_pv: 1,
            search: None,
            state: AnalysisState::default(),
            started: Instant::now(),
            searches: 0,
        };
        board.restart();
        board
    }

    /// The start position and the position after each move.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The moves of the game, oldest first.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// How many of the moves are played in the analysed position.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The analysed position.
    pub fn position(&self) -> &G {
        &self.positions[self.ply]
    }

    /// The evaluation the search uses.
    pub fn evaluator(&self) -> &Arc<dyn Evaluator<G>> {
        &self.evaluator
    }

    /// The algorithm searching.
    pub fn algorithm(&self) -> Algorithm {
        self.settings.algorithm
    }

    /// The lines asked for.
    pub fn multi_pv(&self) -> usize {
        self.multi_pv
    }

    /// What the search found so far.
    pub fn state(&self) -> &AnalysisState<G::Move> {
        &self.state
    }

    /// How many searches were started (one per position or line count shown).
    pub fn searches(&self) -> usize {
        self.searches
    }

    /// True while a search runs.
    pub fn searching(&self) -> bool {
        self.search.is_some()
    }

    /// Shows the position after `ply` moves (clamped); a new position is searched
    /// afresh. False when it was already shown.
    pub fn go_to(&mut self, ply: usize) -> bool {
        let ply = ply.min(self.moves.len());
        if ply == self.ply {
            return false;
        }
        self.ply = ply;
        self.restart();
        true
    }

    /// Asks for `lines` best lines (clamped to 1..=[`MAX_LINES`]) and searches
    /// again; false when nothing changed.
    pub fn set_multi_pv(&mut self, lines: usize) -> bool {
        let lines = lines.clamp(1, MAX_LINES);
        if lines == self.multi_pv {
            return false;
        }
        self.multi_pv = lines;
        self.restart();
        true
    }

    /// The configuration of the endless search: the settings' algorithm and
    /// switches, no limit but the stop flag, the lines asked for, and a recorded
    /// tree (bounded) for the explorer.
    pub fn config(&self) -> SearchConfig {
        let mut config = self.settings.config_for(G::prefers_engine_search());
        config.limits = Limits {
            depth: None,
            time: None,
            // Monte Carlo stops after a default number of playouts without a limit.
            nodes: (config.algorithm == Algorithm::Mcts).then_some(u64::MAX),
        };
        config.iterative = true;
        config.multi_pv = self.multi_pv;
        config.trace = Some(DEFAULT_NODE_CAP);
        config
    }

    /// Stops the search under way and searches the shown position afresh; a
    /// finished game has nothing to search.
    pub fn restart(&mut self) {
        self.search = None;
        self.state = AnalysisState::default();
        self.started = Instant::now();
        let position = self.position().clone();
        if position.outcome().is_some() || position.moves().is_empty() {
            self.state.finished = true;
            return;
        }
        self.searches += 1;
        self.search = Some(spawn_engine_search(
            self.engine.clone(),
            position,
            self.evaluator.clone(),
            self.config(),
        ));
    }

    /// Takes in what the search reported since the last call; never blocks.
    /// True when something new came.
    pub fn poll(&mut self) -> bool {
        let Some(search) = self.search.as_ref() else {
            return false;
        };
        let mut events = Vec::new();
        let died = loop {
            match search.events.try_recv() {
                Ok(event) => events.push(event),
                Err(TryRecvError::Empty) => break false,
                Err(TryRecvError::Disconnected) => break true,
            }
        };
        let news = !events.is_empty() || died;
        for event in events {
            self.take(event);
        }
        if died && !self.state.finished {
            self.state.finished = true;
            self.state.failed = true;
            self.search = None;
        }
        news
    }

    /// Time since the search of the shown position started.
    pub fn elapsed(&self) -> std::time::Duration {
        self.started.elapsed()
    }

    fn take(&mut self, event: SearchEvent<G::Move>) {
        let multi_pv = self.multi_pv;
        let by_score = self.settings.algorithm != Algorithm::Mcts;
        let state = &mut self.state;
        match event {
            SearchEvent::Progress(progress) => {
                state.stats = progress.stats;
                if self.settings.algorithm == Algorithm::Mcts {
                    // Monte Carlo has no iterations: each snapshot is its news.
                    state.depth = progress.depth;
                    if let Some(best) = progress.best_line {
                        state.lines =
                            lines_of(progress.lines, best, &progress.root_moves, multi_pv, false);
                    }
                    state.root_moves = progress.root_moves;
                }
            }
            SearchEvent::Iteration(iteration) => {
                state.depth = iteration.depth;
                state.stats = iteration.stats;
                let best = (iteration.score, iteration.pv);
                let root_moves = &iteration.root_moves;
                state.lines = lines_of(iteration.lines, best, root_moves, multi_pv, by_score);
                state.root_moves = iteration.root_moves;
                if let Some(tree) = iteration.tree {
                    state.tree = Some(tree);
                }
            }
            SearchEvent::Finished(mut result) => {
                if !result.pv.is_empty() {
                    state.depth = result.depth;
                    let best = (result.score, std::mem::take(&mut result.pv));
                    let lines = std::mem::take(&mut result.lines);
                    state.lines = lines_of(lines, best, &result.root_moves, multi_pv, by_score);
                    state.root_moves = std::mem::take(&mut result.root_moves);
                }
                state.stats = result.stats;
                if let Some(tree) = result.tree.take() {
                    state.tree = Some(Arc::new(tree));
                }
                state.finished = true;
                self.search = None;
            }
        }
    }
}

/// The best `count` lines: the search's own (each with its whole line) where it
/// gave them (the engine and Monte Carlo with `multi_pv` above 1), else
/// [`best_lines`] from the principal variation and the root moves.
fn lines_of<M: Copy + PartialEq>(
    lines: Vec<PvLine<M>>,
    best: (Score, Vec<M>),
    root_moves: &[RootMove<M>],
    count: usize,
    by_score: bool,
) -> Vec<AnalysedLine<M>> {
    if lines.is_empty() {
        return best_lines(best, root_moves, count, by_score);
    }
    lines
        .into_iter()
        .take(count.max(1))
        .map(|line| AnalysedLine {
            score: line.score,
            moves: line.pv,
        })
        .collect()
}

/// The best `count` lines: the principal variation (`score`, `pv`), then the
/// other root moves with an exact score, each a line of its one move: best
/// score first, or in the order given (Monte Carlo's, most visited first) when
/// `by_score` is false.
pub fn best_lines<M: Copy + PartialEq>(
    (score, pv): (Score, Vec<M>),
    root_moves: &[RootMove<M>],
    count: usize,
    by_score: bool,
) -> Vec<AnalysedLine<M>> {
    let first = pv.first().copied();
    let mut others: Vec<AnalysedLine<M>> = root_moves
        .iter()
        .filter(|r| r.exact && Some(r.mv) != first)
        .filter_map(|r| {
            r.score.map(|score| AnalysedLine {
                score,
                moves: vec![r.mv],
            })
        })
        .collect();
    if by_score {
        others.sort_by_key(|line| std::cmp::Reverse(line.score));
    }
    let mut lines = Vec::with_capacity(count);
    if !pv.is_empty() {
        lines.push(AnalysedLine { score, moves: pv });
    }
    lines.extend(others);
    lines.truncate(count.max(1));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(mv: u8, score: Option<Score>, exact: bool) -> RootMove<u8> {
        RootMove {
            mv,
            score,
            exact,
            nodes: 1,
        }
    }

    #[test]
    fn the_principal_variation_leads_and_exact_root_moves_follow_best_first() {
        let roots = [
            root(1, Some(50), true),
            root(2, Some(10), true),
            root(3, Some(30), false),
            root(4, Some(20), true),
            root(5, None, false),
        ];
        let lines = best_lines((50, vec![1, 9]), &roots, 3, true);
        let firsts: Vec<_> = lines.iter().map(|l| (l.moves[0], l.score)).collect();
        assert_eq!(firsts, [(1, 50), (4, 20), (2, 10)]);
        assert_eq!(lines[0].moves, [1, 9]);
        assert_eq!(best_lines((50, vec![1]), &roots, 1, true).len(), 1);
        let visited: Vec<_> = best_lines((50, vec![1]), &roots, 3, false)
            .iter()
            .map(|l| l.moves[0])
            .collect();
        assert_eq!(visited, [1, 2, 4], "in the order given");
    }
}
