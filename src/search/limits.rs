//! What a search is asked to do: which algorithm, how far, with which helpers.

use super::error::SearchError;
use std::time::Duration;

use super::mcts::MctsConfig;
use super::score::Score;
use crate::game::Player;

/// The search algorithm, named as the course names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Plain minimax (MaxVal/MinVal), full width: the textbook's reference.
    Minimax,
    /// The course's AlphaBeta: depth-first, cut as soon as a value reaches the bound.
    AlphaBeta,
    /// The game's full engine: alpha-beta with ordering, table, iterative deepening
    /// and, where the game has them, quiescence, null move, reductions, PVS,
    /// aspiration windows and check extensions.
    Engine,
    /// Monte Carlo tree search (UCT): random playouts instead of an evaluation.
    Mcts,
}

impl Algorithm {
    /// Every algorithm, in the order the course introduces them.
    pub const ALL: [Algorithm; 4] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::Engine,
        Algorithm::Mcts,
    ];

    /// The name used on the command line and in the arcade.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Engine => "engine",
            Algorithm::Mcts => "mcts",
        }
    }

    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alpha-beta",
            Algorithm::Engine => "engine",
            Algorithm::Mcts => "MCTS",
        }
    }

    /// One line on what the algorithm is, for help texts and the setup screen.
    pub fn summary(self) -> &'static str {
        match self {
            Algorithm::Minimax => "plain MaxVal/MinVal: every move to the depth, nothing else",
            Algorithm::AlphaBeta => {
                "minimax that stops a node as soon as its value reaches the window (cuts)"
            }
            Algorithm::Engine => {
                "alpha-beta with ordering, table, iterative deepening and the game's extras"
            }
            Algorithm::Mcts => {
                "Monte Carlo tree search (UCT): random playouts, the most visited move"
            }
        }
    }

    /// Reads a name given on the command line.
    pub fn parse(text: &str) -> Option<Algorithm> {
        match text {
            // Minimax takes the mean at chance nodes: that is expectimax.
            "minimax" | "expectimax" => Some(Algorithm::Minimax),
            "alphabeta" | "alpha-beta" | "ab" => Some(Algorithm::AlphaBeta),
            "engine" => Some(Algorithm::Engine),
            "mcts" | "uct" => Some(Algorithm::Mcts),
            _ => None,
        }
    }

    /// True for the algorithms that cut (alpha-beta and the engine).
    pub fn prunes(self) -> bool {
        matches!(self, Algorithm::AlphaBeta | Algorithm::Engine)
    }

    /// True for the textbook algorithms the course adds ideas to one at a time
    /// (`--ordering`, `--tt`, `--id`); the engine has them all.
    pub fn takes_additions(self) -> bool {
        matches!(self, Algorithm::Minimax | Algorithm::AlphaBeta)
    }
}

/// The ideas a student adds to minimax or alpha-beta one at a time
/// (`--ordering`, `--tt`, `--id`); the engine has all of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Additions {
    /// Move ordering: the table's move, the game's hint, killers, history.
    pub ordering: bool,
    /// A transposition table.
    pub table: bool,
    /// Iterative deepening: depth 1, 2, 3... instead of one pass.
    pub iterative: bool,
}

impl Additions {
    /// Nothing added: the algorithm as the course first gives it.
    pub const NONE: Additions = Additions {
        ordering: false,
        table: false,
        iterative: false,
    };

    /// The additions as the command line writes them: `+ordering +tt +id`.
    pub fn describe(self) -> String {
        let mut words = Vec::new();
        if self.ordering {
            words.push("+ordering");
        }
        if self.table {
            words.push("+tt");
        }
        if self.iterative {
            words.push("+id");
        }
        words.join(" ")
    }
}

/// The engine's aspiration window, in evaluation units.
const DEFAULT_ASPIRATION: Score = 50;

/// Table size the additions' `--tt` gives when no size is named.
pub const DEFAULT_TABLE_MIB: usize = 16;

/// When a search must stop. With none set, it searches to the end of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Wall-clock time for the whole search.
    pub time: Option<Duration>,
    /// Most nodes to visit.
    pub nodes: Option<u64>,
}

impl Limits {
    /// True when no limit is set: the search runs until the value is proven.
    pub fn unlimited(&self) -> bool {
        self.depth.is_none() && self.time.is_none() && self.nodes.is_none()
    }
}

search_config! {
    /// Everything a search needs besides the position and the evaluation. The
    /// engine's extras are declared once below: their field, the name `with=`,
    /// `no=` and the UCI `Extras` option take, their help (the doc comment) and
    /// whether the engine plays with them; an extra that loses its match is
    /// deleted and its result goes to docs/src/engines/ledger.md.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct SearchConfig (plain limits) {
        /// Minimax or alpha-beta.
        algorithm: Algorithm = Algorithm::AlphaBeta,
        /// When to stop.
        limits: Limits = limits,
        /// Search depth 1, 2, 3... keeping the last finished result; off = one search at
        /// the depth limit (plain minimax's default).
        iterative: bool = false,
        /// Transposition table size in MiB; 0 turns the table off.
        tt_mib: usize = 0,
        /// Try the transposition table's best move first.
        tt_move_first: bool = false,
        /// Use the game's own move ordering hook.
        game_ordering: bool = false,
        /// Try killer moves (ones that caused a cutoff at the same ply) early.
        killers: bool = false,
        /// Order the remaining moves by the history heuristic.
        history: bool = false,
        /// A game clock's soft budget for this move ([`super::time::TimeBudget`]), with
        /// `limits.time` as its hard cap: the driver then starts another iteration only
        /// when it should finish inside this budget, stretched while the best move
        /// changes or the score falls. `None`: `limits.time` is a move time, searched
        /// whole.
        soft_time: Option<Duration> = None,
        /// Record the search tree of the last iteration, keeping at most this many
        /// nodes (`None`: no recording, and no cost).
        trace: Option<usize> = None,
        /// Who is MAX in the values the search reports for people (trees, `score_for_max`):
        /// `None` means the player to move at the root, the search's own view.
        max_player: Option<Player> = None,
        /// The course's alpha-beta cuts when a value reaches the bound (`>=`, the
        /// course's and AIMA's rule); off, only when it passes it (`>`, the strict
        /// rule some courses grade), which examines every tie.
        prune_on_equal: bool = true,
        /// Monte Carlo search's own settings (used only by [`Algorithm::Mcts`]).
        mcts: MctsConfig = MctsConfig::default(),
        /// Threads searching at once: 1 keeps the search exactly deterministic (what
        /// the course shows); more share the work (the engine's lazy SMP, Monte
        /// Carlo's parallel playouts).
        threads: usize = 1,
        /// Best lines the root reports, each the best move not in the lines before
        /// (a GUI's MultiPV, the analysis board's lines); 1 is the usual search.
        multi_pv: usize = 1,
    }
    extras {
        /// Principal variation search: moves after the first are tried with a null
        /// window and searched again only if they might be better. Same value, fewer nodes.
        "pvs" => pvs: bool = [false, true] engine,
        /// Aspiration windows: each iteration starts with a window this wide around the
        /// last score, searched again with the full window when the score falls outside.
        /// Same value.
        "aspiration" => aspiration: Option<Score> = [None, Some(DEFAULT_ASPIRATION)] engine,
        /// Quiescence search: at the depth limit, keep searching tactical moves
        /// (the game's `is_tactical`) until the position is quiet.
        "quiescence" => quiescence: bool = [false, true] engine,
        /// Null-move pruning where the game allows it (changes values: a heuristic).
        "nullmove" => null_move: bool = [false, true] engine,
        /// Late-move reductions: quiet moves late in the order are searched less deep
        /// first (changes values: a heuristic).
        "lmr" => late_move_reductions: bool = [false, true] engine,
        /// Search one ply deeper when the side to move is in check.
        "checkext" => check_extension: bool = [false, true] engine,
        /// Orders captures by static exchange (the game's `static_exchange`): winning
        /// and even ones first, losing ones after the quiet moves.
        "see" => see_ordering: bool = [false, true] engine,
        /// Quiescence skips captures that lose material by static exchange.
        "seeqs" => see_pruning: bool = [false, true] engine,
        /// Futility pruning: a quiet move near the horizon whose position stands far
        /// below alpha is not searched (changes values: a heuristic).
        "futility" => futility: bool = [false, true] engine,
        /// Reverse futility (static null move): a node near the horizon standing far
        /// above beta fails high without a search (changes values: a heuristic).
        "rfp" => reverse_futility: bool = [false, true] engine,
        /// Late-move pruning: near the horizon, quiet moves late in the order are not
        /// searched at all (changes values: a heuristic).
        "lmp" => late_move_pruning: bool = [false, true] engine,
        /// Search only the root moves the game's own look-ahead keeps
        /// ([`Game::root_candidates`](crate::game::Game::root_candidates)): gomoku's
        /// defence against a win by threats (changes values: a heuristic).
        "rootplan" => root_lookahead: bool = [false, true] engine,
        /// Below the root, search only the moves the game keeps
        /// ([`Game::engine_candidates`](crate::game::Game::engine_candidates)):
        /// gomoku's answers to an open three, else its most urgent moves
        /// (changes values: a heuristic).
        "narrow" => game_narrowing: bool = [false, true] engine,
        /// Null move only where the static value reaches beta, never twice in a row,
        /// and reduced more the deeper the node and the further the value stands above beta
        /// (but searched a ply deep at least, so that a quiet mate threat stays in sight).
        "nmpeval" => eval_null_move: bool = [false, true] engine,
        /// Reverse futility and late-move pruning deeper, their margins scaled by
        /// whether the static value improved on the one two plies before.
        "improving" => improving: bool = [false, true] engine,
        /// Internal iterative reduction: a node deep enough with no table move is
        /// searched a ply shallower (its ordering is a guess anyway).
        "iir" => iterative_reduction: bool = [false, true] engine,
        /// The history heuristic also lowers the quiet moves tried before a cutoff.
        "malus" => history_malus: bool = [false, true] engine,
        /// Late-move reductions grow with the logarithms of depth and move number,
        /// less on the principal variation, for killers, checks and moves with a good
        /// history, more when not improving (instead of 1 or 2 plies).
        "loglmr" => log_reductions: bool = [false, true] engine,
        /// Orders a quiet move early when it last refuted the opponent's previous
        /// move (the counter-move heuristic), and spares it in the reductions as a killer.
        "countermove" => counter_moves: bool = [false, true] engine,
        /// A second history table indexed by the piece and square of the last two
        /// moves and the reply (continuation history), added to the history in
        /// ordering and reductions.
        "conthist" => continuation_history: bool = [false, true] engine,
        /// Near the horizon, off the principal variation: a capture that loses more
        /// than a growing margin by static exchange, and a quiet move that loses
        /// material by it, are not searched (changes values: a heuristic).
        "seeprune" => see_main_pruning: bool = [false, true] engine,
        /// A quiet move that threatens to win material ([`Game::creates_threat`]: a
        /// pawn or piece newly attacking a bigger or undefended piece) is neither
        /// pruned as a late move nor futile, and is reduced a ply less.
        ///
        /// [`Game::creates_threat`]: crate::game::Game::creates_threat
        "threats" => threat_moves: bool = [false, true] engine,
        /// Keep the static values computed in this search by position hash
        /// (eval_cache.rs): the same values, moves and node counts, less time.
        "evalcache" => eval_cache: bool = [false, true] engine,
        /// Forward pruning and the null move judge a node by its static value
        /// corrected by the table's stored score where that bounds it better.
        "tteval" => table_eval: bool = [false, true] engine,
        /// History scores bounded, signed and weighted to recent cutoffs (order.rs),
        /// and read by the late-move reductions as a ply per 8,192 either way.
        /// Games with bounded history only ([`Game::BOUNDED_HISTORY`]).
        ///
        /// [`Game::BOUNDED_HISTORY`]: crate::game::Game::BOUNDED_HISTORY
        "gravity" => history_gravity: bool = [false, true] engine,
        /// Killers and the history table learn only from quiet moves' cutoffs, as in
        /// strong engines: a capture that cuts is ordered first by its victim anyway,
        /// and as a killer it would push out a quiet move that has no other way up.
        /// Games with bounded history only ([`Game::BOUNDED_HISTORY`]).
        ///
        /// [`Game::BOUNDED_HISTORY`]: crate::game::Game::BOUNDED_HISTORY
        "quietkillers" => quiet_tables: bool = [false, true] engine,
    }
}

impl SearchConfig {
    /// The engine of games without engine extras: alpha-beta with move ordering, a
    /// transposition table and iterative deepening.
    pub fn alpha_beta(limits: Limits) -> SearchConfig {
        SearchConfig {
            algorithm: Algorithm::Engine,
            iterative: true,
            tt_mib: DEFAULT_TABLE_MIB,
            tt_move_first: true,
            game_ordering: true,
            killers: true,
            history: true,
            ..SearchConfig::plain_alpha_beta(limits)
        }
    }

    /// Plain minimax, one pass, no table, no ordering: the textbook algorithm.
    pub fn minimax(limits: Limits) -> SearchConfig {
        SearchConfig {
            algorithm: Algorithm::Minimax,
            iterative: false,
            tt_mib: 0,
            ..SearchConfig::plain_alpha_beta(limits)
        }
    }

    /// Monte Carlo tree search with its default settings.
    pub fn mcts(limits: Limits) -> SearchConfig {
        SearchConfig {
            algorithm: Algorithm::Mcts,
            ..SearchConfig::plain_alpha_beta(limits)
        }
    }

    /// Alpha-beta alone: no table, no ordering, no iterative deepening, no extras.
    pub fn plain_alpha_beta(limits: Limits) -> SearchConfig {
        SearchConfig::plain(limits)
    }

    /// Everything on, for playing strength in games that define tactical moves,
    /// checks and null moves (chess, xiangqi, checkers): every extra the table
    /// marks `engine` on top of [`SearchConfig::alpha_beta`].
    pub fn engine(limits: Limits) -> SearchConfig {
        SearchConfig::alpha_beta(limits).with_engine_extras()
    }

    /// The configuration an algorithm names: minimax and alpha-beta plain, as the
    /// course gives them; the engine with ordering, table and iterative deepening,
    /// and its extras in games that ask for them (`engine_profile`: chess, xiangqi,
    /// checkers).
    pub fn for_algorithm_in_game(
        algorithm: Algorithm,
        limits: Limits,
        engine_profile: bool,
    ) -> SearchConfig {
        match algorithm {
            Algorithm::Minimax => SearchConfig::minimax(limits),
            Algorithm::AlphaBeta => SearchConfig::plain_alpha_beta(limits),
            Algorithm::Engine if engine_profile => SearchConfig::engine(limits),
            Algorithm::Engine => SearchConfig {
                root_lookahead: true,
                game_narrowing: true,
                ..SearchConfig::alpha_beta(limits)
            },
            Algorithm::Mcts => SearchConfig::mcts(limits),
        }
    }

    /// Adds ordering, a table and iterative deepening as asked (never takes any away).
    pub fn with_additions(mut self, additions: Additions) -> SearchConfig {
        if additions.ordering {
            self.set_ordering(true);
        }
        if additions.table && self.tt_mib == 0 {
            self.tt_mib = DEFAULT_TABLE_MIB;
        }
        self.iterative |= additions.iterative;
        self
    }

    /// Turns every kind of move ordering on or off.
    pub fn set_ordering(&mut self, on: bool) {
        self.tt_move_first = on;
        self.game_ordering = on;
        self.killers = on;
        self.history = on;
    }

    /// The pruning rule the search runs: `Some(true)` cuts when a value reaches
    /// the bound (the engine always does), `Some(false)` only past it (the course's
    /// alpha-beta with `prune_on_equal` off), `None` for searches that do not prune.
    pub fn pruning_rule(&self) -> Option<bool> {
        match self.algorithm {
            Algorithm::AlphaBeta => Some(self.prune_on_equal),
            Algorithm::Engine => Some(true),
            Algorithm::Minimax | Algorithm::Mcts => None,
        }
    }

    /// The additions this configuration makes to minimax or alpha-beta, as
    /// `--ordering`, `--tt`, `--id` name them (none for the engine, which has them all).
    pub fn additions(&self) -> Additions {
        if self.algorithm == Algorithm::Engine {
            return Additions::default();
        }
        Additions {
            ordering: self.orders_moves(),
            table: self.tt_mib > 0,
            iterative: self.iterative,
        }
    }

    /// True when any move ordering is on.
    pub fn orders_moves(&self) -> bool {
        self.tt_move_first || self.game_ordering || self.killers || self.history
    }

    /// Reads a list of extras' names, `NAME[,NAME]`, each to be switched `on` (or
    /// off), as `ply match` specs and the UCI `Extras` option write them; an unknown
    /// name is refused with the list of known ones.
    pub fn switch_list(names: &str, on: bool) -> Result<Vec<(String, bool)>, SearchError> {
        let mut probe = SearchConfig::plain_alpha_beta(Limits::default());
        names
            .split(',')
            .map(|name| probe.switch(name, on).map(|()| (name.to_string(), on)))
            .collect()
    }
}
