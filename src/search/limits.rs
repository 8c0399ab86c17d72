//! What a search is asked to do: which algorithm, how far, with which helpers.

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
            "minimax" => Some(Algorithm::Minimax),
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

/// The engine's extras by the names [`SearchConfig::switch`] takes.
pub const ENGINE_SWITCHES: [&str; 41] = [
    "pvs",
    "aspiration",
    "quiescence",
    "nullmove",
    "lmr",
    "checkext",
    "see",
    "seeqs",
    "futility",
    "rfp",
    "lmp",
    "rootplan",
    "nmpeval",
    "qsevasion",
    "qschecks",
    "qstt",
    "improving",
    "iir",
    "malus",
    "loglmr",
    "rooteval",
    "countermove",
    "conthist",
    "seeprune",
    "matethreat",
    "threats",
    "rfpwide",
    "singular",
    "evalcache",
    "tteval",
    "razor",
    "corrhist",
    "probcut",
    "gravity",
    "kingattack",
    "qsdelta",
    "research",
    "cutnode",
    "aspwiden",
    "quietkillers",
    "capthist",
];

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

/// Everything a search needs besides the position and the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Minimax or alpha-beta.
    pub algorithm: Algorithm,
    /// When to stop.
    pub limits: Limits,
    /// Search depth 1, 2, 3... keeping the last finished result; off = one search at
    /// the depth limit (plain minimax's default).
    pub iterative: bool,
    /// Transposition table size in MiB; 0 turns the table off.
    pub tt_mib: usize,
    /// Try the transposition table's best move first.
    pub tt_move_first: bool,
    /// Use the game's own move ordering hook.
    pub game_ordering: bool,
    /// Try killer moves (ones that caused a cutoff at the same ply) early.
    pub killers: bool,
    /// Order the remaining moves by the history heuristic.
    pub history: bool,
    /// Principal variation search: moves after the first are tried with a null
    /// window and searched again only if they might be better. Same value, fewer nodes.
    pub pvs: bool,
    /// Aspiration windows: each iteration starts with a window this wide around the
    /// last score, widened when the score falls outside. Same value.
    pub aspiration: Option<Score>,
    /// An aspiration window that fails is widened on the failing side, doubling
    /// its margin each time, before the full window is searched.
    pub aspiration_widening: bool,
    /// Quiescence search: at the depth limit, keep searching tactical moves
    /// (the game's `is_tactical`) until the position is quiet.
    pub quiescence: bool,
    /// Null-move pruning where the game allows it (changes values: a heuristic).
    pub null_move: bool,
    /// Late-move reductions: quiet moves late in the order are searched less deep
    /// first (changes values: a heuristic).
    pub late_move_reductions: bool,
    /// A reduced move that beats alpha in a null-window node is searched again at
    /// full depth before its score is trusted, as it is in an open window.
    pub reduced_research: bool,
    /// Late moves of a node expected to fail high (a cut node: the null-window
    /// child of a reduced or scout search, and every second node below it) are
    /// reduced a ply more.
    pub cut_node_reductions: bool,
    /// Search one ply deeper when the side to move is in check.
    pub check_extension: bool,
    /// Orders captures by static exchange (the game's `static_exchange`): winning
    /// and even ones first, losing ones after the quiet moves.
    pub see_ordering: bool,
    /// Quiescence skips captures that lose material by static exchange.
    pub see_pruning: bool,
    /// Futility pruning: a quiet move near the horizon whose position stands far
    /// below alpha is not searched (changes values: a heuristic).
    pub futility: bool,
    /// Reverse futility (static null move): a node near the horizon standing far
    /// above beta fails high without a search (changes values: a heuristic).
    pub reverse_futility: bool,
    /// Late-move pruning: near the horizon, quiet moves late in the order are not
    /// searched at all (changes values: a heuristic).
    pub late_move_pruning: bool,
    /// Search only the root moves the game's own look-ahead keeps
    /// ([`Game::root_candidates`](crate::game::Game::root_candidates)): gomoku's
    /// defence against a win by threats (changes values: a heuristic).
    pub root_lookahead: bool,
    /// Null move only where the static value reaches beta, never twice in a row,
    /// and reduced more the deeper the node and the further the value stands above beta
    /// (but searched a ply deep at least, so that a quiet mate threat stays in sight).
    pub eval_null_move: bool,
    /// Quiescence answers a check with every evasion (no standing pat), so it
    /// sees mates and does not stand on a position that is lost to the check.
    pub quiescence_evasions: bool,
    /// Quiescence also searches the quiet moves that give check at its first
    /// ply, and answers such a check with every evasion: mates and forks by
    /// check a ply past the horizon come into sight.
    pub quiescence_checks: bool,
    /// Quiescence reads and writes the transposition table.
    pub quiescence_table: bool,
    /// Delta pruning: quiescence skips a capture whose static exchange gain and two
    /// units of material on top could not lift the stand-pat value to alpha
    /// (changes values: a heuristic).
    pub delta_pruning: bool,
    /// Reverse futility and late-move pruning deeper, their margins scaled by
    /// whether the static value improved on the one two plies before.
    pub improving: bool,
    /// Internal iterative reduction: a node deep enough with no table move is
    /// searched a ply shallower (its ordering is a guess anyway).
    pub iterative_reduction: bool,
    /// The history heuristic also lowers the quiet moves tried before a cutoff.
    pub history_malus: bool,
    /// Late-move reductions grow with the logarithms of depth and move number,
    /// less on the principal variation, for killers, checks and moves with a good
    /// history, more when not improving (instead of 1 or 2 plies).
    pub log_reductions: bool,
    /// The root keeps its static value for the "improving" test two plies down
    /// (without it, the nodes two plies below the root never count as improving).
    pub root_eval: bool,
    /// Orders a quiet move early when it last refuted the opponent's previous
    /// move (the counter-move heuristic), and spares it in the reductions as a killer.
    pub counter_moves: bool,
    /// A second history table indexed by the opponent's previous move and the
    /// reply (continuation history), added to the history in ordering and reductions.
    pub continuation_history: bool,
    /// Near the horizon, off the principal variation: a capture that loses more
    /// than a growing margin by static exchange, and a quiet move that loses
    /// material by it, are not searched (changes values: a heuristic).
    pub see_main_pruning: bool,
    /// A node whose refined null-move search found the side to move mated (a mate
    /// threat) neither reduces nor prunes its moves.
    pub mate_threat: bool,
    /// A quiet move that threatens to win material ([`Game::creates_threat`]: a
    /// pawn or piece newly attacking a bigger or undefended piece) is neither
    /// pruned as a late move nor futile, and is reduced a ply less.
    ///
    /// [`Game::creates_threat`]: crate::game::Game::creates_threat
    pub threat_moves: bool,
    /// A quiet move that closes on the enemy king ([`Game::attacks_king`]) is
    /// spared as a threat is (with [`SearchConfig::threat_moves`]).
    ///
    /// [`Game::attacks_king`]: crate::game::Game::attacks_king
    pub king_attacks: bool,
    /// Reverse futility asks the static value to stand a unit and a half of
    /// material per ply above beta, not one: fewer nodes cut on a static value
    /// that a quiet threat below would overturn.
    pub wide_reverse_futility: bool,
    /// Singular extensions (singular.rs): the table's move is searched a ply
    /// deeper where every other move falls short of its score, and a node whose
    /// other moves alone reach beta fails high.
    pub singular: bool,
    /// ProbCut (probcut.rs): a null-window node fails high at once when a good
    /// capture's search a few plies shallower clears beta by a pawn.
    pub probcut: bool,
    /// History scores bounded, signed and weighted to recent cutoffs (order.rs),
    /// and read by the late-move reductions as a ply per 8,192 either way.
    pub history_gravity: bool,
    /// Keep the static values computed in this search by position hash
    /// (eval_cache.rs): the same values, moves and node counts, less time.
    pub eval_cache: bool,
    /// Forward pruning and the null move judge a node by its static value
    /// corrected by the table's stored score where that bounds it better.
    pub table_eval: bool,
    /// Razoring (pruning.rs): a null-window node near the horizon standing far
    /// below alpha is searched by quiescence alone and fails low when that agrees
    /// (changes values: a heuristic).
    pub razoring: bool,
    /// Forward pruning, the null move and quiescence's stand-pat judge a node by
    /// its static value moved by the average error searches found for its pawn
    /// structure (correction.rs; games with a [`Game::correction_key`]).
    ///
    /// [`Game::correction_key`]: crate::game::Game::correction_key
    pub correction_history: bool,
    /// Killers and the history table learn only from quiet moves' cutoffs, as in
    /// strong engines: a capture that cuts is ordered first by its victim anyway,
    /// and as a killer it would push out a quiet move that has no other way up.
    /// Games with bounded history only ([`Game::BOUNDED_HISTORY`]: chess), where
    /// it was measured.
    ///
    /// [`Game::BOUNDED_HISTORY`]: crate::game::Game::BOUNDED_HISTORY
    pub quiet_tables: bool,
    /// Captures that win or trade material are ordered within their victim's
    /// rank by a history of their own (by side, from and to square), learnt from
    /// the captures that cut and those tried before a cutoff that did not. Games
    /// with bounded history only ([`Game::BOUNDED_HISTORY`]: chess).
    ///
    /// [`Game::BOUNDED_HISTORY`]: crate::game::Game::BOUNDED_HISTORY
    pub capture_history: bool,
    /// A game clock's soft budget for this move ([`super::time::TimeBudget`]), with
    /// `limits.time` as its hard cap: the driver then starts another iteration only
    /// when it should finish inside this budget, stretched while the best move
    /// changes or the score falls. `None`: `limits.time` is a move time, searched
    /// whole.
    pub soft_time: Option<Duration>,
    /// Record the search tree of the last iteration, keeping at most this many
    /// nodes (`None`: no recording, and no cost).
    pub trace: Option<usize>,
    /// Who is MAX in the values the search reports for people (trees, `score_for_max`):
    /// `None` means the player to move at the root, the search's own view.
    pub max_player: Option<Player>,
    /// Monte Carlo search's own settings (used only by [`Algorithm::Mcts`]).
    pub mcts: MctsConfig,
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

    /// Alpha-beta alone: no table, no ordering, no iterative deepening.
    pub fn plain_alpha_beta(limits: Limits) -> SearchConfig {
        SearchConfig {
            algorithm: Algorithm::AlphaBeta,
            limits,
            iterative: false,
            tt_mib: 0,
            tt_move_first: false,
            game_ordering: false,
            killers: false,
            history: false,
            pvs: false,
            aspiration: None,
            aspiration_widening: false,
            quiescence: false,
            null_move: false,
            late_move_reductions: false,
            reduced_research: false,
            cut_node_reductions: false,
            check_extension: false,
            see_ordering: false,
            see_pruning: false,
            futility: false,
            reverse_futility: false,
            late_move_pruning: false,
            root_lookahead: false,
            eval_null_move: false,
            quiescence_evasions: false,
            quiescence_checks: false,
            quiescence_table: false,
            delta_pruning: false,
            improving: false,
            iterative_reduction: false,
            history_malus: false,
            log_reductions: false,
            root_eval: false,
            counter_moves: false,
            continuation_history: false,
            see_main_pruning: false,
            mate_threat: false,
            threat_moves: false,
            king_attacks: false,
            wide_reverse_futility: false,
            singular: false,
            probcut: false,
            history_gravity: false,
            eval_cache: false,
            table_eval: false,
            razoring: false,
            correction_history: false,
            quiet_tables: false,
            capture_history: false,
            soft_time: None,
            trace: None,
            max_player: None,
            mcts: MctsConfig::default(),
        }
    }

    /// Everything on, for playing strength in games that define tactical moves,
    /// checks and null moves (chess, xiangqi, checkers): PVS, aspiration windows,
    /// quiescence, check extension, the refined null move and logarithmic
    /// late-move reductions, futility pruning with quiet threats spared, counter
    /// moves; the extras not shown to gain stay off.
    pub fn engine(limits: Limits) -> SearchConfig {
        SearchConfig {
            pvs: true,
            aspiration: Some(DEFAULT_ASPIRATION),
            // Widening a failed window step by step: against Stockfish 2200 at
            // 100,000 nodes 33.5 / 84 (+24 =19 -41, -71 Elo, 95% up to -5), where the
            // engine with the full window after one failure scores about 45%: off.
            aspiration_widening: false,
            quiescence: true,
            null_move: true,
            late_move_reductions: true,
            // A reduced move's fail high in a null-window node searched again at
            // full depth: 269 of 300 WAC at 200,000 nodes instead of 268, but
            // against Stockfish 2200 at 100,000 nodes 19.5 / 49 (+13 =13 -23, -72
            // Elo, 95% up to +12) where the engine without it scores about 45%:
            // stopped there, off. Such a fail high is trusted as the reduced search
            // found it.
            reduced_research: false,
            // Late moves of expected cut nodes reduced a ply more: 272 of 300 WAC
            // at 200,000 nodes instead of 268 (12.65 plies deep on average instead
            // of 12.4), but 33.5 / 78 against Stockfish 2200 at 100,000 nodes (+24
            // =19 -35, -49 Elo, 95% up to +19), stopped there: off.
            cut_node_reductions: false,
            // Without it (`no=checkext`: no extension, and moves in check reduced):
            // 26 / 62 against Stockfish 2200 at 100,000 nodes (+16 =20 -26, -57
            // Elo), stopped there: on.
            check_extension: true,
            see_ordering: true,
            see_pruning: true,
            futility: true,
            reverse_futility: true,
            late_move_pruning: true,
            root_lookahead: true,
            // With `loglmr`: +55 ± 45 Elo over 120 chess games at 100,000 nodes
            // (+14 ± 37 over 200 at 20,000), +32 ± 57 in xiangqi (99 games).
            eval_null_move: true,
            // Check evasions and the table in quiescence measured no gain at
            // equal nodes (-3 ± 50 Elo over 100 games): off, `with=` turns them on.
            // Measured again with seeprune and tteval on: evasions +21 ± 45 in chess
            // (+25 =56 -19, 100 games at 100,000 nodes) but 276 of 300 WAC at
            // 1,000,000 nodes against 280; quiet checks 278. In xiangqi evasions and
            // quiet checks scored -6 ± 72 at 100 ms (+19 =21 -20, 60 games) against
            // the engine without them, and 16.7% against Fairy-Stockfish where it
            // scored 28.3% (60 games each, 100 ms): off. Evasions against Stockfish
            // 2200 at 100,000 nodes with the neural evaluation: 44 / 100 (+29 =30
            // -41), where the engine without them scored 44.5 and 45.5; 276 of 300
            // WAC at 1,000,000 nodes with `strong` (280 without): off.
            quiescence_evasions: false,
            quiescence_checks: false,
            quiescence_table: false,
            // Delta pruning, against Stockfish UCI_Elo 2200 at 100,000 nodes with the
            // neural evaluation (`scripts/match-stockfish.py --extras with=qsdelta`,
            // the 50 openings of tests/data/chess/openings.txt, both colours):
            // 40 / 100 (+21 =38 -41, -70 Elo, 95% up to -17) where the engine without it scored 45.5 / 100 and 44.5 /
            // 100: off.
            delta_pruning: false,
            improving: true,
            iterative_reduction: true,
            history_malus: true,
            // Searches 1.6 plies deeper on WAC at 250,000 nodes; with `nmpeval`
            // (above) +55 ± 45 Elo in chess at 100,000 nodes. Reducing more (`1 +
            // ln d ln n / 2`, a ply deeper at 100,000 nodes) scored 17.5 / 53 against
            // Stockfish 2200 at 100,000 nodes (-123 Elo, 95% up to -35): not kept.
            log_reductions: true,
            // Counter moves: +38 ± 41 Elo over 100 chess games at 100,000 nodes
            // (+24 =63 -13), after +35 ± 46 over 120 at 40,000; xiangqi +17 ± 76
            // over 60 games at 40,000 nodes (+23 =17 -20).
            counter_moves: true,
            // Moves losing by static exchange pruned near the horizon: chess +49 ± 49
            // Elo over 100 games at 100,000 nodes (+33 =48 -19), xiangqi -6 ± 76 over
            // 60 games at 40,000 (+21 =17 -22): no gain shown in xiangqi, where it
            // stays on because its Fairy-Stockfish target was measured with it.
            // Without it, against Stockfish 2200 at 100,000 nodes: 42.5 / 100 (+29
            // =27 -44) where with it 44.5 and 45.5: kept.
            see_main_pruning: true,
            // Each measured against the defaults above, 120 chess games at 40,000
            // nodes unless said: rooteval +3 ± 44, conthist -64 ± 95 (33 games); no
            // gain shown, so all off until a longer match shows one. matethreat
            // scored 15.5 / 49 against Stockfish 2200 at 100,000 nodes (-134 Elo,
            // 95% up to -54) where the engine without it scores about 45%.
            root_eval: false,
            // By piece and square, one and two plies back, signed under gravity.
            // Measured with `gravity` below (through UCI both reached the search
            // only from session 26 on: the figures before that were of the engine
            // without either).
            continuation_history: true,
            mate_threat: false,
            // Quiet threats spared (chess only; other games name none): 268 of 300
            // WAC at 900,000 nodes instead of 264, +12 ± 43 Elo over 120 chess
            // games at 100,000 nodes (+31 =62 -27).
            threat_moves: true,
            // Against Stockfish 2200 at 100,000 nodes: 2 / 12 before the run was
            // stopped for a likelier candidate; it did not change ply's move in any of
            // five lost positions of earlier matches (king attacks it missed): off.
            king_attacks: false,
            // 267 of 300 WAC at 900,000 nodes instead of 264, but with the neural
            // evaluation -33 ± 70 Elo over 64 chess games at 100,000 nodes (+17 =24
            // -23) and 34 / 100 against Stockfish UCI_Elo 2200 where the engine
            // without it scored 45.5 / 100 (the same 50 openings, both colours): off.
            wide_reverse_futility: false,
            // Singular extensions: chess +26 =56 -18 at 100,000 nodes and +21 =61
            // -18 at 110,000 (200 games, about +19 ± 30 Elo), xiangqi -29 ± 74 over
            // 60 games at 40,000 (+18 =19 -23): no gain shown, off. With the neural
            // evaluation, chess +28 =48 -24 over 100 games at 100,000 nodes (+14).
            // Against Stockfish UCI_Elo 2200 at 100,000 nodes: 29 / 60, then 40 / 100
            // in a run where the engine without it scored 45.5 / 100 (the 50
            // openings, both colours): off.
            singular: false,
            // ProbCut with the neural evaluation: chess +26 =44 -30 over 100 games at
            // 100,000 nodes (-14 ± 50 Elo): no gain shown, off.
            probcut: false,
            // History gravity (chess only, Game::BOUNDED_HISTORY): +34 =45 -19 over
            // 100 chess games at 100,000 nodes against plain counts (+54 ± 50 Elo),
            // +26 =46 -28 over 100 more at 110,000 (-7), 24/60 against Stockfish
            // UCI_Elo 2200 where the engine without it scored 26.5 and 27, and with
            // it the king-and-rook mate in three
            // (tests/engine_pruning.rs) is found at 9 plies instead of 7: a move
            // whose history fell below zero is reduced up to two plies more. Read
            // by the reductions only above zero (a ply less per 8,192), it scored
            // +35 =45 -20 at 100,000 nodes, then +26 =47 -27 at 110,000 (-3 ± 50)
            // and 22 / 60 against Stockfish 2200, and still found that mate two
            // plies late (the order, not the reading, delays it). The matches
            // against Stockfish named here, and conthist's 11.5 / 37 (+8 =7 -22),
            // ran through `ply uci`, whose root view did not pass chess's bounded
            // history and piece-move slots on before session 26: they measured the
            // engine without gravity or continuation history, and show how far
            // runs of one engine swing. With both on, through UCI: +34 =41 -25
            // (+31 ± 53 Elo) over 100 games at 20,000 nodes against the engine
            // without them (`scripts/match-clock.py --nodes 20000 --first
            // "Evaluation=neural,Extras=with=gravity with=conthist"`, the two halves
            // of the openings): on.
            history_gravity: true,
            // Killers and history from quiet cutoffs only (chess): +31 =47 -22
            // (+31 ± 50 Elo) over 100 games at 20,000 nodes against gravity and
            // continuation history without it.
            quiet_tables: true,
            // Capture history: +28 =45 -27 (+3 ± 51 Elo) over 100 games at 20,000
            // nodes against the engine of session 25: no gain shown, off.
            capture_history: false,
            eval_cache: true,
            // Pruning judges the static value corrected by the table (scores at
            // most two plies shallower): xiangqi +12 ± 75 Elo over 60 games at
            // 40,000 nodes (+22 =18 -20), chess +6 ± 55 over 60 at 100,000 (+12
            // =37 -11); together +9 ± 46 over 120, no gain shown, kept on because the
            // targets (WAC, Fairy-Stockfish) were measured with it. With any depth:
            // xiangqi -12 ± 69, chess +38 ± 44 (100 games), but a mate in two was missed
            // at its distance (tests/engine_reductions.rs); a ply shallower at
            // most: xiangqi +12 ± 75 (+22 =18 -20).
            table_eval: true,
            // Razoring, against Stockfish 2200 at 100,000 nodes: 12 / 21, stopped
            // there for a run of a change more likely to matter (its margins, 3.25
            // pawns at depth 1 and 7 at depth 2, rarely cut); measured in xiangqi
            // only (+6 ± 76): off until a full run shows a gain.
            razoring: false,
            // Correction history of the static value by pawn structure (pruning
            // and quiescence's stand-pat): chess about -35 Elo over 93 games at
            // 100,000 nodes (+19 =45 -29) against the engine without it. Off.
            correction_history: false,
            ..SearchConfig::alpha_beta(limits)
        }
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
    pub fn switch_list(names: &str, on: bool) -> Result<Vec<(String, bool)>, String> {
        let mut probe = SearchConfig::plain_alpha_beta(Limits::default());
        names
            .split(',')
            .map(|name| probe.switch(name, on).map(|()| (name.to_string(), on)))
            .collect()
    }

    /// Turns one of the engine's extras on or off by the name `ply match` specs
    /// use (`no=futility`, `with=lmp`), so that two settings of one build can be
    /// played against each other; an unknown name is refused with the list.
    pub fn switch(&mut self, name: &str, on: bool) -> Result<(), String> {
        let flag = match name {
            "pvs" => &mut self.pvs,
            "quiescence" => &mut self.quiescence,
            "nullmove" => &mut self.null_move,
            "lmr" => &mut self.late_move_reductions,
            "research" => &mut self.reduced_research,
            "cutnode" => &mut self.cut_node_reductions,
            "aspwiden" => &mut self.aspiration_widening,
            "checkext" => &mut self.check_extension,
            "see" => &mut self.see_ordering,
            "seeqs" => &mut self.see_pruning,
            "futility" => &mut self.futility,
            "rfp" => &mut self.reverse_futility,
            "lmp" => &mut self.late_move_pruning,
            "rootplan" => &mut self.root_lookahead,
            "nmpeval" => &mut self.eval_null_move,
            "qsevasion" => &mut self.quiescence_evasions,
            "qschecks" => &mut self.quiescence_checks,
            "qstt" => &mut self.quiescence_table,
            "qsdelta" => &mut self.delta_pruning,
            "improving" => &mut self.improving,
            "iir" => &mut self.iterative_reduction,
            "malus" => &mut self.history_malus,
            "loglmr" => &mut self.log_reductions,
            "rooteval" => &mut self.root_eval,
            "countermove" => &mut self.counter_moves,
            "conthist" => &mut self.continuation_history,
            "seeprune" => &mut self.see_main_pruning,
            "matethreat" => &mut self.mate_threat,
            "threats" => &mut self.threat_moves,
            "kingattack" => &mut self.king_attacks,
            "rfpwide" => &mut self.wide_reverse_futility,
            "singular" => &mut self.singular,
            "evalcache" => &mut self.eval_cache,
            "tteval" => &mut self.table_eval,
            "razor" => &mut self.razoring,
            "corrhist" => &mut self.correction_history,
            "probcut" => &mut self.probcut,
            "gravity" => &mut self.history_gravity,
            "quietkillers" => &mut self.quiet_tables,
            "capthist" => &mut self.capture_history,
            "aspiration" => {
                self.aspiration = on.then_some(DEFAULT_ASPIRATION);
                return Ok(());
            }
            _ => {
                return Err(format!(
                    "unknown switch '{name}': expected one of {}",
                    ENGINE_SWITCHES.join(", ")
                ));
            }
        };
        *flag = on;
        Ok(())
    }
}
