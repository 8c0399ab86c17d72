//! The list of games ply knows, and a way to run generic code on one chosen by name.

use super::options::OptionInfo;
use std::sync::atomic::AtomicBool;

use super::setup_grid::{PieceGrid, SetupPiece};
use super::{ExactSolution, GameError, GameOptions, GameProfile, NamedEvaluator, SearchHooks};

/// What the menu, `ply list` and the help texts say about a game.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The id used on the command line (`ply solve tictactoe`).
    pub id: &'static str,
    /// The name shown to people.
    pub name: &'static str,
    /// One line for menus.
    pub description: &'static str,
    /// How moves are written, with an example.
    pub move_notation: &'static str,
    /// How positions are written, with an example.
    pub position_notation: &'static str,
    /// The options `-o KEY=VALUE` accepts.
    pub options: &'static [OptionInfo],
    /// The rules as a short text for the arcade's side panel.
    pub rules: &'static str,
}

/// A game that can be created by name: the registry's view of a [`Game`](super::Game) with its [`SearchHooks`].
pub trait Playable: SearchHooks {
    /// Static facts about the game.
    fn info() -> GameInfo;

    /// How the game likes to be played and shown: what the rest of ply reads
    /// instead of matching the game's id. The default suits a small game searched
    /// by alpha-beta.
    const PROFILE: GameProfile = GameProfile::DEFAULT;

    /// The start position for these options (already checked against `info().options`).
    fn start(options: &GameOptions) -> Result<Self, GameError>;

    /// Reads a position in the game's notation.
    fn parse_position(text: &str, options: &GameOptions) -> Result<Self, GameError>;

    /// The evaluations a user can choose from; the first is `seed`, the default.
    fn evaluators() -> Vec<NamedEvaluator<Self>>;

    /// A game-specific exact solver, for games where a dedicated method (retrograde
    /// analysis, a bitboard solver) beats the generic search or reports a score the
    /// generic search cannot (a final margin). `ply solve` uses it when no limit is
    /// given; `None` means the game has none and the generic search solves it.
    /// The solver returns `None` as well when `stop` is raised before it finishes.
    fn solve_exactly(&self, _stop: Option<&AtomicBool>) -> Option<ExactSolution<Self::Move>> {
        None
    }

    /// True when [`Playable::solve_exactly`] answers this position in a blink
    /// (a table look-up, a small retrograde analysis), so the arcade's computer and
    /// hint play by it instead of searching. False by default.
    fn solves_quickly(&self) -> bool {
        false
    }

    /// [`Playable::solve_exactly`] with a transposition table of about `table_mib`
    /// MiB (`ply solve --tt-mib`), for solvers that keep one; the others ignore it.
    fn solve_exactly_with_table(
        &self,
        stop: Option<&AtomicBool>,
        _table_mib: usize,
    ) -> Option<ExactSolution<Self::Move>> {
        self.solve_exactly(stop)
    }

    /// The evaluation named `eval` (one of [`Playable::evaluators`]) of this position,
    /// taken apart into its terms; `None` where the game does not explain that
    /// evaluation (a learned or opaque one).
    fn explain_evaluation(&self, _eval: &str) -> Option<super::Explanation> {
        None
    }

    /// The position in a few characters (Grundy's heaps `6,1`, tic-tac-toe's grid
    /// `x../.o./...`), for the explorer's rows, which can show states instead of
    /// moves as the course's trees do; `None` where no short text says it all.
    fn short_state(&self) -> Option<String> {
        None
    }

    /// For a uniform tree (every node has the same number of moves to a fixed depth,
    /// the synthetic game without a written tree): that number, so `ply compare` can
    /// set the counts beside b^d and Knuth and Moore's minimum.
    fn uniform_branching(&self) -> Option<u32> {
        None
    }

    /// True for games whose search hooks (tactical moves, checks, null moves) make
    /// the full engine profile (`SearchConfig::engine`) the right way to play them;
    /// the arcade then uses it whenever alpha-beta is chosen.
    fn prefers_engine_search() -> bool {
        false
    }

    /// False for games far too large for a search to play out to the end (chess):
    /// `ply solve` then asks for a depth, time or node limit instead of running
    /// for ever.
    fn search_can_reach_the_end() -> bool {
        true
    }

    /// True when a move written in the game's notation (any of them the parser
    /// reads) can begin with `key` in a game with these options: the arcade sends
    /// such keys to the move line, and its commands give way to them. None by default.
    fn starts_move(&self, _key: char) -> bool {
        false
    }

    /// The pieces a board editor may put on a square (the analysis board's set-up);
    /// empty, the default, where positions are not laid out square by square.
    fn setup_pieces() -> &'static [SetupPiece] {
        &[]
    }

    /// This position as a grid for the board editor; `None` where
    /// [`Playable::setup_pieces`] is empty.
    fn setup_grid(&self) -> Option<PieceGrid> {
        None
    }

    /// The position an edited grid stands for, in the game's notation (with this
    /// game's options, such as Go's komi); [`Playable::parse_position`] then checks it.
    fn setup_position(&self, _grid: &PieceGrid) -> String {
        self.format_position()
    }

    /// Creates the game a user asked for: options checked, then the position (or the
    /// start position), then the moves played from it.
    fn setup(
        options: &GameOptions,
        position: Option<&str>,
        moves: Option<&str>,
    ) -> Result<Self, GameError> {
        let info = Self::info();
        options.check_known(info.id, info.options)?;
        let mut game = match position {
            Some(text) => Self::parse_position(text, options)
                .map_err(|e| GameError::new(format!("position '{text}': {e}")))?,
            None => Self::start(options)?,
        };
        if let Some(moves) = moves {
            game.play_moves(moves)?;
        }
        Ok(game)
    }

    /// Finds an evaluation by name, listing the known ones when it is missing.
    fn evaluator_named(name: &str) -> Result<NamedEvaluator<Self>, GameError> {
        let all = Self::evaluators();
        let names: Vec<&str> = all.iter().map(|e| e.name).collect();
        all.iter().find(|e| e.name == name).cloned().ok_or_else(|| {
            GameError::new(format!(
                "unknown evaluation '{name}' for {}: expected one of {}",
                Self::info().id,
                names.join(", ")
            ))
        })
    }
}

/// Generic code to run on a game chosen at run time: [`visit_game`] calls `visit`
/// with the game's type, so the caller's code is monomorphised per game.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the chosen game's type.
    fn visit<G: Playable>(self) -> Self::Output;
}

/// The ids of all games, in menu order.
pub fn games() -> Vec<GameInfo> {
    struct Collect;
    impl GameVisitor for Collect {
        type Output = GameInfo;
        fn visit<G: Playable>(self) -> GameInfo {
            G::info()
        }
    }
    GAME_IDS
        .iter()
        .filter_map(|id| visit_game(id, Collect).ok())
        .collect()
}

/// The one list of games, in menu order, as `"id" => Type` pairs handed to the
/// macro `$callback` after its own arguments and a `;`. The registry
/// ([`GAME_IDS`], [`visit_game`]) and the arcade's boards are built from it, so a
/// game is added in this one place.
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident!($($arg:tt)*)) => {
        $callback!($($arg)* ;
            "tictactoe" => $crate::game::tictactoe::TicTacToe,
            "grundy" => $crate::game::grundy::Grundy,
            "dodgem" => $crate::game::dodgem::Dodgem,
            "kalah" => $crate::game::kalah::Kalah,
            "connect4" => $crate::game::connect4::ConnectFour,
            "gomoku" => $crate::game::gomoku::Gomoku,
            "go" => $crate::game::go::Go,
            "chess" => $crate::game::chess::Chess,
            "checkers" => $crate::game::checkers::Checkers,
            "othello" => $crate::game::othello::Othello,
            "xiangqi" => $crate::game::xiangqi::Xiangqi,
            "synthetic" => $crate::game::synthetic::Synthetic,
        )
    };
}

/// `match id { "tictactoe" => Ok(visitor.visit::<TicTacToe>()), ..., _ => Err(fallback) }`
/// over [`for_each_game`]'s list.
#[doc(hidden)]
#[macro_export]
macro_rules! dispatch_game {
    ($id:expr, $visitor:expr, $fallback:expr ; $($name:literal => $ty:ty),* $(,)?) => {
        match $id {
            $($name => Ok($visitor.visit::<$ty>()),)*
            _ => Err($fallback),
        }
    };
}

macro_rules! game_ids {
    (; $($name:literal => $ty:ty),* $(,)?) => {
        &[$($name),*]
    };
}

/// Every game id, in menu order.
pub const GAME_IDS: &[&str] = for_each_game!(game_ids!());

/// Finds a game's facts by id.
pub fn find_game(id: &str) -> Result<GameInfo, GameError> {
    games()
        .into_iter()
        .find(|g| g.id == id)
        .ok_or_else(|| unknown_game(id))
}

fn unknown_game(id: &str) -> GameError {
    GameError::new(format!(
        "unknown game '{id}': expected one of {}",
        GAME_IDS.join(", ")
    ))
}

/// Finds a game's profile by id.
pub fn profile_of(id: &str) -> Result<GameProfile, GameError> {
    struct Profile;
    impl GameVisitor for Profile {
        type Output = GameProfile;
        fn visit<G: Playable>(self) -> GameProfile {
            G::PROFILE
        }
    }
    visit_game(id, Profile)
}

/// What a game record says of its game when it has no `Game` tag of ply's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordClue<'a> {
    /// A PGN `Variant` tag (any case).
    Variant(&'a str),
    /// A PDN `GameType` tag.
    PdnGameType(&'a str),
    /// The file is a `.pdn`.
    PdnFile,
    /// Nothing at all: a plain PGN.
    Untagged,
}

/// The id of the game a record's clue names, by the games'
/// [`RecordNames`](super::profile::RecordNames); `None` when no game claims it.
pub fn game_for_record(clue: RecordClue) -> Option<&'static str> {
    let claims = |id: &&&'static str| {
        let Ok(names) = profile_of(id).map(|p| p.records) else {
            return false;
        };
        match clue {
            RecordClue::Variant(variant) => {
                let variant = variant.to_ascii_lowercase();
                names.variants.contains(&variant.as_str())
            }
            RecordClue::PdnGameType(number) => {
                names.pdn_game_type.is_some_and(|n| number.starts_with(n))
            }
            RecordClue::PdnFile => names.pdn_game_type.is_some(),
            RecordClue::Untagged => names.variants.contains(&""),
        }
    };
    GAME_IDS.iter().find(claims).copied()
}

/// Runs `visitor` on the game named `id`.
pub fn visit_game<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, GameError> {
    for_each_game!(dispatch_game!(id, visitor, unknown_game(id)))
}
