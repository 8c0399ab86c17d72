//! The state one search carries: position, counters, table, ordering, principal
//! variation. The algorithms (minimax.rs, alphabeta.rs, negamax.rs) and the driver
//! (iterative.rs) add their methods to [`Searcher`].

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::{Duration, Instant};

use super::continuation::Lead;
use super::eval_cache::EvalCache;
use super::limits::SearchConfig;
use super::order::MoveOrderer;
use super::parallel::ThreadLink;
use super::report::{Observer, Progress, PvLine, RootMove};
use super::score::{self, Score};
use super::stats::{CutBy, Stats};
use super::tree::{Tracer, Visit};
use super::tt::{Bound, Entry, TranspositionTable};
use crate::game::{Evaluator, Outcome, Player, SearchHooks};

/// How often (in nodes) the stop flag and the clock are looked at.
const POLL_INTERVAL: u64 = 1024;
/// How often progress is reported to the observer.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

/// What the search keeps for one ply of the line it is on: one entry per ply,
/// so a node finds what its ancestors left without a parallel array per idea.
pub(super) struct PlyEntry<M> {
    /// The node's static value and who was to move, when it was computed (for
    /// the "improving" test two plies later).
    pub static_eval: Option<(Player, Score)>,
    /// True while the move searched here is a null move.
    pub null_move: bool,
    /// The move searched here (`None` for a null move), so a node knows the
    /// opponent's last move for counter moves.
    pub line_move: Option<M>,
    /// The [`Game::piece_move_slot`] of the move searched here (`None` for a null
    /// move), for continuation history.
    pub line_slot: Option<usize>,
    /// The transposition table's move at the node here, for the per-ply count of
    /// the cutoffs it makes.
    table_move: Option<M>,
    /// The best line found from this node.
    pv: Vec<M>,
    /// The node's move list, kept to reuse its allocation.
    moves: Vec<M>,
}

impl<M> Default for PlyEntry<M> {
    fn default() -> Self {
        PlyEntry {
            static_eval: None,
            null_move: false,
            line_move: None,
            line_slot: None,
            table_move: None,
            pv: Vec::new(),
            moves: Vec::new(),
        }
    }
}

/// A node's best move so far and its window, as its moves are searched.
pub(super) struct NodeBest<M> {
    /// The best score so far (fail-soft: it may lie outside the window).
    pub score: Score,
    /// The move that scored it.
    pub mv: Option<M>,
    /// The window's floor, raised by each better move.
    pub alpha: Score,
    /// The window's ceiling: a move reaching it cuts the node off.
    pub beta: Score,
    /// True when only a move passing beta cuts (the strict rule), not one equal to it.
    pub strict: bool,
}

impl<M> NodeBest<M> {
    /// Nothing searched yet in the window `(alpha, beta)`.
    pub(super) fn new((alpha, beta): (Score, Score)) -> NodeBest<M> {
        NodeBest {
            score: -score::INFINITY,
            mv: None,
            alpha,
            beta,
            strict: false,
        }
    }
}

/// How a node of a depth-first search begins: answered at once (the search
/// stopped, a repetition, the table, the end of the game), or to be searched with
/// what the table knows of it.
pub(super) enum NodeStart<M> {
    /// The node's score, without a search.
    Answered(Score),
    /// Search it: the table's entry for it and the entry's move, if any.
    Search {
        entry: Option<Entry<M>>,
        table_move: Option<M>,
    },
}

pub(super) struct Searcher<'a, G: SearchHooks, T: Tracer<G::Move>> {
    /// Told about every node when the tree is being recorded.
    pub tracer: T,
    pub game: G,
    pub evaluator: &'a dyn Evaluator<G>,
    pub config: &'a SearchConfig,
    pub tt: Option<TranspositionTable<G::Move>>,
    /// The other threads of a parallel search and their table, used instead of
    /// `tt` (`None`: one thread).
    pub link: Option<ThreadLink<'a, G::Move>>,
    /// Static values already computed in this search (`eval_cache` switch).
    eval_cache: Option<EvalCache>,
    pub orderer: MoveOrderer<G::Move>,
    pub root_player: Player,
    pub root_moves: Vec<RootMove<G::Move>>,
    /// The moves the caller gave the root instead of the game's own (`go
    /// searchmoves`, a root the draw rules already ended); never empty.
    pub given_root: Option<&'a [G::Move]>,
    pub stats: Stats,
    /// Set when a leaf was scored by the evaluation because the depth ran out: the
    /// result then depends on the horizon and is not the game's proven value.
    pub horizon_hit: bool,
    /// Set when a position with no moves that is not a finished game was scored
    /// statically (a written tree's leaf).
    pub static_leaf_hit: bool,
    pub aborted: bool,
    pub current_depth: u32,
    /// Why the root's children are visited in the current root window: an ordinary
    /// pass, a narrow aspiration window, or the full window after it failed.
    pub root_visit: Visit,
    /// The last finished iteration's best line, for progress reports.
    pub best_line: Option<(Score, Vec<G::Move>)>,
    /// The iteration in progress: its best root move so far whose score beats the
    /// floor of the window it was searched in (so it is at least as good as the last
    /// iteration's best, which is searched first), with its line. A search cut short
    /// plays it rather than throw the unfinished iteration away.
    pub unfinished_best: Option<(Score, Vec<G::Move>)>,
    /// How many root moves, in order, the current root window has searched.
    pub root_searched: usize,
    /// The first root move the current root window searches: the moves before it
    /// start the multi-PV lines already found in this pass.
    pub root_first: usize,
    /// The last finished iteration's best lines (multi-PV), for progress reports.
    pub lines: Vec<PvLine<G::Move>>,
    /// One entry per ply of the current line.
    pub stack: Vec<PlyEntry<G::Move>>,
    start: Instant,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    observer: &'a mut dyn Observer<G::Move>,
    last_progress: Instant,
}

impl<'a, G: SearchHooks, T: Tracer<G::Move>> Searcher<'a, G, T> {
    pub(super) fn new(
        tracer: T,
        game: &G,
        evaluator: &'a dyn Evaluator<G>,
        config: &'a SearchConfig,
        stop: Option<&'a AtomicBool>,
        observer: &'a mut dyn Observer<G::Move>,
    ) -> Self {
        let start = Instant::now();
        Searcher {
            tracer,
            game: game.clone(),
            evaluator,
            config,
            tt: (config.tt_mib > 0).then(|| TranspositionTable::new(config.tt_mib)),
            link: None,
            eval_cache: (config.eval_cache && G::CACHES_EVALUATION).then(EvalCache::new),
            orderer: MoveOrderer::new(config),
            root_player: game.to_move(),
            root_moves: Vec::new(),
            given_root: None,
            stats: Stats::default(),
            horizon_hit: false,
            static_leaf_hit: false,
            aborted: false,
            current_depth: 0,
            root_visit: Visit::Full,
            best_line: None,
            unfinished_best: None,
            root_searched: 0,
            root_first: 0,
            lines: Vec::new(),
            stack: Vec::new(),
            start,
            deadline: config.limits.time.map(|t| start + t),
            stop,
            observer,
            last_progress: start,
        }
    }

    /// Who is MAX in the values shown to people: the configuration's choice, else
    /// the player to move at the root.
    pub(super) fn max_player(&self) -> Player {
        self.config
            .max_player
            .or(self.game.max_role())
            .unwrap_or(self.root_player)
    }

    /// Time since the search started.
    pub(super) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Counts a visit at `ply` and checks the limits; true when the search must stop.
    pub(super) fn enter_node(&mut self, ply: usize) -> bool {
        self.stats.count_node(ply);
        if self.stack.len() <= ply + 1 {
            self.stack.resize_with(ply + 2, PlyEntry::default);
        }
        let entry = &mut self.stack[ply];
        entry.pv.clear();
        entry.table_move = None;
        if self
            .config
            .limits
            .nodes
            .is_some_and(|n| self.stats.nodes_all_passes > n)
        {
            self.aborted = true;
        }
        if self.stats.nodes_all_passes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
        self.aborted
    }

    fn poll(&mut self) {
        let stopped = self.stop.is_some_and(|s| s.load(AtomicOrdering::Relaxed));
        let now = Instant::now();
        if stopped || self.deadline.is_some_and(|d| now >= d) {
            self.aborted = true;
        }
        if let Some(link) = &self.link {
            let limit = self.config.limits.nodes;
            self.aborted |= link.polled(self.stats.nodes_all_passes, limit, POLL_INTERVAL);
        }
        if now.duration_since(self.last_progress) >= PROGRESS_INTERVAL {
            self.last_progress = now;
            self.report_progress();
        }
    }

    fn report_progress(&mut self) {
        let mut stats = self.stats.clone();
        stats.elapsed = self.elapsed();
        let progress = Progress {
            depth: self.current_depth,
            stats,
            best_line: self.best_line.clone(),
            root_moves: self.root_moves.clone(),
            lines: self.lines.clone(),
        };
        self.observer.progress(&progress);
    }

    /// Tells the tracer the current node was scored statically.
    pub(super) fn trace_leaf(&mut self, kind: super::tree::NodeKind, score: Score) {
        if T::ENABLED {
            self.tracer.leaf(kind, score);
        }
    }

    /// A cutoff at `ply` by `moves[index]` (its score reached `beta`), the moves
    /// after it left unsearched. Only a cut that prunes something counts, as the
    /// course counts them: a value reaching the bound at the last move saves nothing.
    pub(super) fn count_cutoff(
        &mut self,
        ply: usize,
        (moves, index): (&[G::Move], usize),
        score: Score,
        beta: Score,
    ) {
        let (m, pruned) = (moves[index], &moves[index + 1..]);
        if pruned.is_empty() {
            return;
        }
        let by = CutBy {
            first: index == 0,
            table_move: self.stack.get(ply).is_some_and(|e| e.table_move == Some(m)),
            killer: self.orderer.is_killer(ply, m),
            capture: self.game.is_tactical(m),
        };
        self.stats.count_cutoff(ply, by, pruned.len());
        if T::ENABLED {
            self.tracer.cutoff(m, score, beta, pruned);
        }
    }

    /// Tells the tracer the table answered for the current node.
    pub(super) fn trace_table_hit(&mut self, score: Score) {
        if T::ENABLED {
            self.tracer.table_hit(score);
        }
    }

    /// The observer, for the driver's iteration reports.
    pub(super) fn observer_mut(&mut self) -> &mut dyn Observer<G::Move> {
        &mut *self.observer
    }

    /// The score of a finished game for the side to move, `ply` plies from the root.
    pub(super) fn terminal_score(&mut self, outcome: Outcome, ply: usize) -> Score {
        self.stats.count_leaf(ply);
        match outcome {
            Outcome::Draw => 0,
            Outcome::Win(p) if p == self.game.to_move() => score::win_in(ply as u32),
            Outcome::Win(_) => score::loss_in(ply as u32),
        }
    }

    /// The score of a node `ply` plies from the root that repeats an earlier
    /// position: a draw when it repeats one in the search line after the root
    /// (either side could keep repeating); when it repeats one of the game before
    /// the root, the game's own rule where that ends the game (chess's threefold
    /// repetition, xiangqi's perpetual check). Asked before the transposition
    /// table, whose score for the position knows nothing of the moves that led to
    /// it (ply once walked into a threefold repetition while winning that way).
    /// Either score depends on the path, not on the position, so it is never
    /// stored nor counted as a proven value. `None`: no repetition ends the line.
    pub(super) fn repetition_score(&mut self, ply: usize) -> Option<Score> {
        if ply == 0 {
            return None;
        }
        let score = if self.game.plies_since_repetition()? < ply {
            self.stats.count_leaf(ply);
            0
        } else {
            let outcome = self.game.outcome()?;
            self.terminal_score(outcome, ply)
        };
        self.horizon_hit = true;
        self.trace_leaf(super::tree::NodeKind::Terminal, score);
        Some(score)
    }

    /// The evaluation of the current position, `ply` plies from the root, for the
    /// side to move. `at_horizon` says the depth limit, not the end of the tree,
    /// stopped the search here.
    pub(super) fn evaluate(&mut self, ply: usize, at_horizon: bool) -> Score {
        self.stats.count_leaf(ply);
        self.horizon_hit |= at_horizon;
        self.static_leaf_hit |= !at_horizon;
        self.static_value()
    }

    /// The evaluation at the depth limit, counted as a real leaf where the game
    /// has static leaves and the position has no moves (a written tree's leaf, so
    /// a tree searched to its full height is proven) and as the horizon otherwise.
    pub(super) fn evaluate_depth_limit(&mut self, ply: usize) -> Score {
        let at_horizon = !self.game.has_static_leaves() || {
            let moves = self.take_moves(ply);
            let has_moves = !moves.is_empty();
            self.give_back_moves(ply, moves);
            has_moves
        };
        let score = self.evaluate(ply, at_horizon);
        let kind = if at_horizon {
            super::tree::NodeKind::Horizon
        } else {
            super::tree::NodeKind::Leaf
        };
        self.trace_leaf(kind, score);
        score
    }

    /// The evaluation of the current position, from the cache when it has it:
    /// the same value either way, not counted as a leaf.
    pub(super) fn static_value(&mut self) -> Score {
        let key = self.game.hash();
        if let Some(value) = self.eval_cache.as_ref().and_then(|c| c.get(key)) {
            return value;
        }
        let value = score::clamp_eval(self.evaluator.evaluate(&self.game));
        if let Some(cache) = self.eval_cache.as_mut() {
            cache.put(key, value);
        }
        value
    }

    /// Takes the move buffer of `ply`, filled with the legal moves; give it back
    /// with [`Searcher::give_back_moves`].
    pub(super) fn take_moves(&mut self, ply: usize) -> Vec<G::Move> {
        self.take_filled(ply, G::legal_moves)
    }

    /// Like [`Searcher::take_moves`], with the moves the game keeps for the
    /// engine ([`SearchHooks::engine_candidates`]).
    fn take_engine_candidates(&mut self, ply: usize) -> Vec<G::Move> {
        self.take_filled(ply, G::engine_candidates)
    }

    /// Like [`Searcher::take_moves`], with only the tactical moves.
    pub(super) fn take_tactical_moves(&mut self, ply: usize) -> Vec<G::Move> {
        self.take_filled(ply, G::tactical_moves)
    }

    /// The move buffer of `ply`, emptied and filled by `generate`.
    fn take_filled(
        &mut self,
        ply: usize,
        generate: impl FnOnce(&G, &mut Vec<G::Move>),
    ) -> Vec<G::Move> {
        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        moves.clear();
        generate(&self.game, &mut moves);
        moves
    }

    pub(super) fn give_back_moves(&mut self, ply: usize, moves: Vec<G::Move>) {
        self.stack[ply].moves = moves;
    }

    /// Records `m` followed by the child's line as the principal variation at `ply`.
    pub(super) fn update_pv(&mut self, ply: usize, m: G::Move) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0].pv);
    }

    /// Enters the node at `ply` with the window `(alpha, beta)`, `depth` plies
    /// above the horizon, and answers what needs no search: the course's
    /// alpha-beta and the engine begin every node so.
    pub(super) fn start_node(
        &mut self,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> NodeStart<G::Move> {
        if self.enter_node(ply) {
            return NodeStart::Answered(0);
        }
        if let Some(score) = self.repetition_score(ply) {
            return NodeStart::Answered(score);
        }
        let entry = self.table_entry();
        let (stored, table_move) = self.probe_entry(entry, depth, ply, alpha, beta);
        if let Some(score) = stored {
            self.trace_table_hit(score);
            return NodeStart::Answered(score);
        }
        if let Some(outcome) = self.game.outcome() {
            let score = self.terminal_score(outcome, ply);
            self.store(depth, ply, score, Bound::Exact, None, true);
            self.trace_leaf(super::tree::NodeKind::Terminal, score);
            return NodeStart::Answered(score);
        }
        self.stack[ply].table_move = table_move;
        NodeStart::Search { entry, table_move }
    }

    /// Searches the node at `ply` through its moves, ordered with the table's
    /// move first, by `search_moves` (the course's loop or the engine's), and
    /// stores what it found; a node with no moves is scored by the evaluation.
    pub(super) fn search_node_moves(
        &mut self,
        (depth, ply): (u32, usize),
        (alpha, beta): (Score, Score),
        table_move: Option<G::Move>,
        search_moves: impl FnOnce(&mut Self, &[G::Move]) -> (Score, Option<G::Move>),
    ) -> Score {
        let mut moves = match self.config.game_narrowing && ply > 0 {
            true => self.take_engine_candidates(ply),
            false => self.take_moves(ply),
        };
        if moves.is_empty() {
            self.give_back_moves(ply, moves);
            let score = self.evaluate(ply, false);
            self.trace_leaf(super::tree::NodeKind::Leaf, score);
            return score;
        }
        if self.orderer.active() {
            let lead = self.lead(ply);
            self.orderer
                .sort(&self.game, &mut moves, table_move, ply, &lead);
        }
        let ((best, best_move), proven) = self.tracking_horizon(|s| search_moves(s, &moves));
        self.give_back_moves(ply, moves);
        if !self.aborted {
            let bound = Bound::of(best, alpha, beta);
            self.store(depth, ply, best, bound, best_move, proven);
        }
        best
    }

    /// Takes in the score of `moves[index]` at a node `depth` plies above the
    /// horizon: a new best raises alpha and records the line; a cutoff teaches the
    /// move orderer (with `malus`, it also lowers the quiet moves tried before)
    /// and is counted. True on a cutoff: the moves after it are pruned.
    pub(super) fn take_score(
        &mut self,
        (moves, index): (&[G::Move], usize),
        score: Score,
        (ply, depth): (usize, u32),
        node: &mut NodeBest<G::Move>,
        malus: bool,
    ) -> bool {
        let m = moves[index];
        if score > node.score {
            node.score = score;
            node.mv = Some(m);
            if score > node.alpha {
                node.alpha = score;
                self.update_pv(ply, m);
                if T::ENABLED && node.alpha < node.beta {
                    self.tracer.raise_alpha(node.alpha);
                }
            }
        }
        if node.alpha < node.beta || (node.strict && node.score <= node.beta) {
            return false;
        }
        self.count_cutoff(ply, (moves, index), score, node.beta);
        let quiet = !self.game.is_tactical(m);
        let lead = self.lead(ply);
        self.orderer
            .record_cutoff(&self.game, m, (ply, depth), &lead, quiet);
        if malus && quiet {
            let game = &self.game;
            let quiet_failed = moves[..index]
                .iter()
                .copied()
                .filter(|&f| !game.is_tactical(f));
            self.orderer
                .record_failures(game, &lead, quiet_failed, depth);
        }
        true
    }

    /// What led to the node at `ply`, as far as counter moves and continuation
    /// history want it: the opponent's last move and the piece-move slots of the
    /// last two moves (`None` for null moves and above the root).
    pub(super) fn lead(&self, ply: usize) -> Lead<G::Move> {
        let counters = self.config.counter_moves;
        let continuations = self.config.continuation_history;
        let before = |back: usize| ply.checked_sub(back);
        let entry = |back| before(back).and_then(|p| self.stack.get(p));
        let slot = |back| entry(back).and_then(|e| e.line_slot);
        Lead {
            previous: entry(1).filter(|_| counters).and_then(|e| e.line_move),
            slots: match continuations {
                true => [slot(1), slot(2)],
                false => [None, None],
            },
        }
    }

    pub(super) fn pv_at(&self, ply: usize) -> &[G::Move] {
        &self.stack[ply].pv
    }

    /// A stored result usable at this depth and window, counted as a hit; the
    /// entry's move (for ordering) either way.
    pub(super) fn probe(
        &mut self,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> (Option<Score>, Option<G::Move>) {
        let entry = self.table_entry();
        self.probe_entry(entry, depth, ply, alpha, beta)
    }

    /// The table's entry for the current position, if it has one.
    pub(super) fn table_entry(&self) -> Option<Entry<G::Move>> {
        match &self.link {
            Some(link) => link.table.probe(self.game.hash()),
            None => self.tt.as_ref().and_then(|t| t.probe(self.game.hash())),
        }
    }

    /// True when the search has a transposition table (its own or a shared one).
    pub(super) fn has_table(&self) -> bool {
        self.tt.is_some() || self.link.is_some()
    }

    /// [`Searcher::probe`] on an entry already looked up, so that a node reading
    /// it twice (the cutoff, then the pruning's value) looks it up once. A position
    /// that stood earlier in the game gets only the move: a move from it may repeat
    /// the game's positions once more and end it (chess's threefold repetition),
    /// which the stored score, reached by other paths, does not know (ply once let
    /// its opponent complete a threefold repetition while winning).
    pub(super) fn probe_entry(
        &mut self,
        entry: Option<Entry<G::Move>>,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> (Option<Score>, Option<G::Move>) {
        let Some(entry) = entry else {
            return (None, None);
        };
        let trusted = entry.proven || u32::from(entry.depth) >= depth;
        if ply == 0 || !trusted || self.game.plies_since_repetition().is_some() {
            return (None, entry.best_move);
        }
        let score = score::from_table(entry.score, ply as u32);
        let usable = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        if !usable {
            return (None, entry.best_move);
        }
        self.stats.count_tt_hit(ply);
        if u32::from(entry.depth) != depth {
            self.stats.tt_hits_other_depth += 1;
        }
        self.horizon_hit |= !entry.proven;
        (Some(score), entry.best_move)
    }

    /// Stores a node's result; `proven` when no leaf below it met the horizon.
    pub(super) fn store(
        &mut self,
        depth: u32,
        ply: usize,
        score: Score,
        bound: Bound,
        best_move: Option<G::Move>,
        proven: bool,
    ) {
        let entry = Entry {
            key: self.game.hash(),
            score: score::to_table(score, ply as u32),
            best_move,
            depth: depth.min(u32::from(u16::MAX)) as u16,
            bound,
            proven,
        };
        match (&self.link, self.tt.as_mut()) {
            (Some(link), _) => link.table.store(entry),
            (None, Some(tt)) => tt.store(entry),
            (None, None) => {}
        }
    }

    /// Runs `search` on a subtree and tells whether its result is proven (no leaf
    /// met the horizon), keeping the flag for the enclosing tree.
    pub(super) fn tracking_horizon<R>(&mut self, search: impl FnOnce(&mut Self) -> R) -> (R, bool) {
        let outer = std::mem::replace(&mut self.horizon_hit, false);
        let result = search(self);
        let proven = !self.horizon_hit;
        self.horizon_hit |= outer;
        (result, proven)
    }
}
