//! What a search is asked to do: which algorithm, how far, with which helpers.

use std::time::Duration;

use super::score::Score;

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Plain minimax (MaxVal/MinVal), full width: the textbook's reference.
    Minimax,
    /// Alpha-beta in negamax form, fail-soft.
    AlphaBeta,
}

impl Algorithm {
    /// The name used on the command line and in the arcade.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
        }
    }

    /// Reads a name given on the command line.
    pub fn parse(text: &str) -> Option<Algorithm> {
        match text {
            "minimax" => Some(Algorithm::Minimax),
            "alphabeta" | "alpha-beta" | "ab" => Some(Algorithm::AlphaBeta),
            _ => None,
        }
    }
}

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
    /// Quiescence search: at the depth limit, keep searching tactical moves
    /// (the game's `is_tactical`) until the position is quiet.
    pub quiescence: bool,
    /// Null-move pruning where the game allows it (changes values: a heuristic).
    pub null_move: bool,
    /// Late-move reductions: quiet moves late in the order are searched less deep
    /// first (changes values: a heuristic).
    pub late_move_reductions: bool,
    /// Search one ply deeper when the side to move is in check.
    pub check_extension: bool,
    /// Record the search tree of the last iteration, keeping at most this many
    /// nodes (`None`: no recording, and no cost).
    pub trace: Option<usize>,
}

impl SearchConfig {
    /// Alpha-beta with everything on: the engine's normal strength.
    pub fn alpha_beta(limits: Limits) -> SearchConfig {
        SearchConfig {
            iterative: true,
            tt_mib: 16,
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
            quiescence: false,
            null_move: false,
            late_move_reductions: false,
            check_extension: false,
            trace: None,
        }
    }

    /// Everything on, for playing strength in games that define tactical moves,
    /// checks and null moves (chess, xiangqi, checkers): PVS, aspiration windows,
    /// quiescence, check extension, null move and late-move reductions.
    pub fn engine(limits: Limits) -> SearchConfig {
        SearchConfig {
            pvs: true,
            aspiration: Some(50),
            quiescence: true,
            null_move: true,
            late_move_reductions: true,
            check_extension: true,
            ..SearchConfig::alpha_beta(limits)
        }
    }

    /// The default configuration for an algorithm.
    pub fn for_algorithm(algorithm: Algorithm, limits: Limits) -> SearchConfig {
        match algorithm {
            Algorithm::Minimax => SearchConfig::minimax(limits),
            Algorithm::AlphaBeta => SearchConfig::alpha_beta(limits),
        }
    }

    /// [`SearchConfig::for_algorithm`], with the engine's extras for alpha-beta in
    /// games that ask for them (`engine_profile`: chess, xiangqi, checkers), so the
    /// arcade, `ply solve` and UCI search such games alike.
    pub fn for_algorithm_in_game(
        algorithm: Algorithm,
        limits: Limits,
        engine_profile: bool,
    ) -> SearchConfig {
        match algorithm {
            Algorithm::AlphaBeta if engine_profile => SearchConfig::engine(limits),
            algorithm => SearchConfig::for_algorithm(algorithm, limits),
        }
    }

    /// True when any move ordering is on.
    pub fn orders_moves(&self) -> bool {
        self.tt_move_first || self.game_ordering || self.killers || self.history
    }
}
