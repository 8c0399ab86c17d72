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

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::limits::SearchConfig;
use super::report::{Iteration, Observer, Progress, RootMove, SearchResult};
use super::score::{self, Score};
use super::stats::Stats;
use crate::game::{Evaluator, Game, Outcome, Player};

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
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration_centi: 141,
            rave: false,
            seed: 0x5EED,
            playout_cap: 300,
        }
    }
}

/// Playouts a search runs when given neither a node nor a time limit.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;
/// RAVE's equivalence parameter: after about this many visits a node trusts its
/// own statistics as much as its AMAF ones.
const RAVE_EQUIVALENCE: f64 = 1000.0;
/// How often the search sends a progress snapshot.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// A root-relative score for a win rate: `(2q - 1) * 1000`, so +1000 wins every
/// playout, 0 is even and -1000 loses every one; the sign means what it means for
/// alpha-beta scores.
pub fn win_rate_score(win_rate: f64) -> Score {
    ((2.0 * win_rate - 1.0) * 1000.0).round() as Score
}

/// One node of the tree: the move that led to it and its statistics.
struct Node<M> {
    /// The move into this node (`None` at the root).
    mv: Option<M>,
    /// The side that made `mv`: the one whose wins `wins` counts.
    mover: Player,
    children: Vec<usize>,
    /// Legal moves not yet expanded into children.
    untried: Vec<M>,
    visits: u32,
    /// Results for `mover`: 1 a win, 0.5 a draw.
    wins: f64,
    amaf_visits: u32,
    amaf_wins: f64,
}

impl<M> Node<M> {
    fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / f64::from(self.visits)
        }
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
struct Mcts<'a, G: Game> {
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
    buffer: Vec<G::Move>,
}

/// Runs Monte Carlo tree search on `game` as `config` asks (its `mcts` settings,
/// its node limit as playouts, its time limit and the stop flag).
pub fn search<G: Game>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    observer: &mut dyn Observer<G::Move>,
) -> SearchResult<G::Move> {
    let mut mcts = Mcts {
        game: game.clone(),
        evaluator,
        config,
        settings: config.mcts,
        stop,
        observer,
        nodes: Vec::new(),
        rng: SmallRng::seed_from_u64(config.mcts.seed),
        start: Instant::now(),
        playouts: 0,
        deepest: 0,
        buffer: Vec::new(),
    };
    if let Some(outcome) = game.outcome() {
        return finished_root(game.to_move(), outcome);
    }
    mcts.run()
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
        tree: None,
    }
}

impl<G: Game> Mcts<'_, G> {
    fn run(&mut self) -> SearchResult<G::Move> {
        let root_mover = self.game.to_move().other();
        self.add_node(None, root_mover);
        if self.nodes[0].untried.is_empty() {
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
        let iteration = Iteration {
            depth: result.depth,
            score: result.score,
            pv: result.pv.clone(),
            stats: result.stats.clone(),
            root_moves: result.root_moves.clone(),
            tree: None,
        };
        self.observer.iteration(&iteration);
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

    /// Adds a node for the current position of `self.game`, reached by `mv` made by `mover`.
    fn add_node(&mut self, mv: Option<G::Move>, mover: Player) -> usize {
        let mut untried = Vec::new();
        if self.game.outcome().is_none() {
            self.game.legal_moves(&mut untried);
        }
        self.nodes.push(Node {
            mv,
            mover,
            children: Vec::new(),
            untried,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
        });
        self.nodes.len() - 1
    }

    /// One iteration: selection, expansion, playout, backup.
    fn iterate(&mut self) {
        let mut path = vec![0];
        let mut line: Vec<(Player, G::Move)> = Vec::new();
        let mut node = 0;
        // Selection: down through fully expanded nodes.
        while self.nodes[node].untried.is_empty() && !self.nodes[node].children.is_empty() {
            node = self.select_child(node);
            let mv = self.nodes[node].mv.expect("only the root has no move");
            line.push((self.nodes[node].mover, mv));
            self.game.play(mv);
            path.push(node);
        }
        // Expansion: one new child, picked at random among the untried moves.
        let untried = self.nodes[node].untried.len();
        if untried > 0 {
            let m = self.nodes[node]
                .untried
                .swap_remove(self.rng.random_range(0..untried));
            let mover = self.game.to_move();
            self.game.play(m);
            line.push((mover, m));
            let child = self.add_node(Some(m), mover);
            self.nodes[node].children.push(child);
            path.push(child);
        }
        self.deepest = self.deepest.max(path.len() as u32 - 1);
        // Playout.
        let tree_moves = line.len();
        let outcome = self.simulate(&mut line);
        for _ in 0..tree_moves {
            self.game.undo();
        }
        self.backup(&path, &line, outcome);
        self.playouts += 1;
    }

    /// The game's result from the current position: its end if it is over, its
    /// playout otherwise; a position with no move scored by the evaluation's sign.
    fn simulate(&mut self, line: &mut Vec<(Player, G::Move)>) -> Outcome {
        if let Some(outcome) = self.game.outcome() {
            return outcome;
        }
        self.buffer.clear();
        self.game.legal_moves(&mut self.buffer);
        if self.buffer.is_empty() {
            let value = self.evaluator.evaluate(&self.game);
            return crate::game::judge_by_sign(self.game.to_move(), value);
        }
        let record = self.settings.rave.then_some(line);
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
        let parent_visits = f64::from(self.nodes[parent].visits.max(1));
        let log_parent = parent_visits.ln();
        let value = |index: usize| {
            let child = &self.nodes[index];
            let visits = f64::from(child.visits.max(1));
            let mut q = child.win_rate();
            if self.settings.rave && child.amaf_visits > 0 {
                let beta = (RAVE_EQUIVALENCE / (3.0 * visits + RAVE_EQUIVALENCE)).sqrt();
                let amaf = child.amaf_wins / f64::from(child.amaf_visits);
                q = (1.0 - beta) * q + beta * amaf;
            }
            q + exploration * (log_parent / visits).sqrt()
        };
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
        let mut later: HashSet<(Player, G::Move)> = HashSet::new();
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
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(child) = self.most_visited(node) {
            if self.nodes[child].visits == 0 {
                break;
            }
            pv.extend(self.nodes[child].mv);
            node = child;
        }
        pv
    }

    /// The root moves, most visited first, with visits as nodes and win rate as score.
    fn root_moves(&self) -> Vec<RootMove<G::Move>> {
        let mut children = self.nodes[0].children.clone();
        children.sort_by(|&a, &b| self.nodes[b].visits.cmp(&self.nodes[a].visits));
        let mut moves: Vec<RootMove<G::Move>> = children
            .iter()
            .filter_map(|&index| {
                let node = &self.nodes[index];
                Some(RootMove {
                    mv: node.mv?,
                    score: Some(win_rate_score(node.win_rate())),
                    exact: true,
                    nodes: u64::from(node.visits),
                })
            })
            .collect();
        moves.extend(self.nodes[0].untried.iter().map(|&mv| RootMove {
            mv,
            score: None,
            exact: false,
            nodes: 0,
        }));
        moves
    }

    fn stats(&self) -> Stats {
        let mut per_ply = Vec::new();
        let mut level = vec![0];
        while !level.is_empty() {
            per_ply.push(level.len() as u64);
            level = level
                .iter()
                .flat_map(|&n| self.nodes[n].children.iter().copied())
                .collect();
        }
        Stats {
            nodes: self.playouts,
            leaves: self.playouts,
            nodes_per_ply: per_ply,
            nodes_all_passes: self.playouts,
            nodes_per_iteration: vec![self.playouts],
            first_pass_depth: self.deepest,
            elapsed: self.start.elapsed(),
            ..Stats::default()
        }
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
        };
        self.observer.progress(&progress);
    }
}
