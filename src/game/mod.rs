//! Game rules: the [`Game`] trait every game implements, and the registry of games.
//!
//! Nothing here knows about searching or drawing: the search and the user
//! interfaces are built on top of these types.

pub mod checkers;
pub mod chess;
pub mod connect4;
pub mod dodgem;
pub mod go;
pub mod gomoku;
pub mod grundy;
pub mod hooks;
pub mod invariants;
pub mod kalah;
pub mod options;
pub mod othello;
pub mod perft;
pub mod profile;
pub mod progress;
pub mod registry;
pub mod setup_grid;
pub mod synthetic;
pub mod tag_pairs;
pub mod tictactoe;
pub mod xiangqi;
pub mod zobrist;

use std::fmt::{self, Debug, Display};
use std::hash::Hash;

pub use hooks::SearchHooks;
pub use options::{GameOptions, OptionInfo};
pub use profile::GameProfile;
pub use registry::{
    GameInfo, GameVisitor, Playable, RecordClue, find_game, game_for_record, games, profile_of,
    visit_game,
};

/// One of the two sides; `First` is the side that moves first from the usual start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Player {
    /// The side that moves first from the start position (X, Red, White...).
    First,
    /// The side that moves second from the start position.
    Second,
}

impl Player {
    /// The opponent, so that code never has to spell out both cases.
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-side tables.
    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

/// The game-theoretic value for the side to move, once proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameValue {
    /// The side to move wins with best play.
    Win,
    /// The side to move loses with best play.
    Loss,
    /// Best play on both sides draws.
    Draw,
    /// The exact minimax value of a tree whose leaves are static values (a tree
    /// written out by hand): known for certain, but not a win, loss or draw.
    Exact,
}

impl GameValue {
    /// The lower-case word used in text and JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            GameValue::Win => "win",
            GameValue::Loss => "loss",
            GameValue::Draw => "draw",
            GameValue::Exact => "exact",
        }
    }
}

/// What a game's own exact solver proved about a position (see
/// [`Playable::solve_exactly`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactSolution<M> {
    /// The score in the game's published convention, for the side to move (Kalah:
    /// final seed margin; Connect Four: Pons' 22 minus the winner's stones).
    pub score: i32,
    /// Win, loss or draw for the side to move.
    pub value: GameValue,
    /// A move that achieves the value; `None` when the game is over.
    pub best_move: Option<M>,
    /// A line of best play, best move first (may stop short of the end).
    pub pv: Vec<M>,
    /// Positions the solver searched.
    pub nodes: u64,
    /// Positions it scored statically (0 where the method has no such notion).
    pub leaves: u64,
    /// Alpha-beta cutoffs (0 where the method has none).
    pub cutoffs: u64,
    /// Visits answered by a transposition table.
    pub tt_hits: u64,
    /// Short name of the method, printed as `algo` (e.g. `retrograde`).
    pub algorithm: &'static str,
}

/// A rejected input: an illegal move, a malformed position or an unknown option.
///
/// It carries one human-readable line, shown as-is by the command line and the arcade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError(pub String);

impl GameError {
    /// Builds an error from anything printable, so callers can use `format!` directly.
    /// Messages echo what people typed: control characters in it are escaped, so the
    /// message stays one line and never carries a terminal escape sequence.
    pub fn new(message: impl Into<String>) -> GameError {
        GameError(crate::text::escape_control(&message.into()))
    }
}

impl Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GameError {}

/// The rules of a two-player game of perfect information: moves, play and undo,
/// the outcome, the hash and the notation. What the engine asks beyond the rules
/// is [`SearchHooks`]; how the game is played and shown, its
/// [`GameProfile`](profile::GameProfile).
///
/// Games keep their own move history, so `undo` needs no argument: each game chooses
/// whether to undo by reversing the move or by restoring a saved copy.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move: small and copyable, so move lists are cheap.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The side to move. It may stay the same after a move (Kalah's extra turn).
    fn to_move(&self) -> Player;

    /// Appends the legal moves to `out` (which the caller has cleared), so that the
    /// search can reuse one buffer per ply. Empty when the game is over.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a legal move. Playing an illegal move is a caller bug; use
    /// [`Game::parse_move`] to validate input from people.
    fn play(&mut self, m: Self::Move);

    /// Takes back the last move played; does nothing at the start of the history.
    fn undo(&mut self);

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Zobrist hash of the position (side to move included), kept incrementally.
    fn hash(&self) -> u64;

    /// Reads a move in the game's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError>;

    /// Writes a move in the game's notation; `parse_move` reads it back.
    fn format_move(&self, m: Self::Move) -> String;

    /// Writes the position in the game's notation; the game's `parse_position` reads it back.
    fn format_position(&self) -> String;

    /// Why the game ended, in words that follow the result (`White wins ...`,
    /// `draw ...`): `by checkmate`, `by stalemate`, `by the fifty-move rule`, or
    /// Kalah's final score. `None` while the game goes on, and where the result
    /// says it all.
    fn end_reason(&self) -> Option<String> {
        None
    }

    /// True when the side to move is in check: such nodes get a depth extension
    /// and are never pruned by a null move.
    fn in_check(&self) -> bool {
        false
    }

    /// How many plies ago the current position (same side to move) last stood,
    /// looking back no further than the last irreversible move; `None` when it is
    /// new. The search scores a repetition inside its own line as a draw (the side
    /// that repeated can keep repeating); games without repetitions keep the default.
    fn plies_since_repetition(&self) -> Option<usize> {
        None
    }

    /// Splits a list of moves into single moves. The default splits on spaces and
    /// commas; a game whose moves are single characters may also accept them run
    /// together (Connect Four's `4453`).
    fn split_moves<'t>(&self, text: &'t str) -> Vec<&'t str> {
        text.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect()
    }

    /// Plays a sequence of moves written in the game's notation (as
    /// [`Game::split_moves`] splits them), stopping at the first bad one with an
    /// error that names it.
    fn play_moves(&mut self, text: &str) -> Result<(), GameError> {
        for (index, word) in self.split_moves(text).into_iter().enumerate() {
            let m = self
                .parse_move(word)
                .map_err(|e| GameError::new(format!("move {} ({word}): {e}", index + 1)))?;
            self.play(m);
        }
        Ok(())
    }

    /// The legal moves as a fresh vector, for code off the hot path.
    fn moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves(&mut out);
        out
    }
}

/// The outcome a static value stands for: a win for the side it favours (`mover`
/// is the side to move, whose view `value` takes), a draw at zero. How Monte Carlo
/// playouts cut at a length cap are scored.
pub fn judge_by_sign(mover: Player, value: i32) -> Outcome {
    match value {
        0 => Outcome::Draw,
        v if v > 0 => Outcome::Win(mover),
        _ => Outcome::Win(mover.other()),
    }
}

/// A static evaluation: the value of a position for the side to move, higher is better.
///
/// Scores of finished games are the search's business; an evaluator only has to
/// value positions where the game goes on.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The value of `game` from the point of view of the side to move.
    fn evaluate(&self, game: &G) -> i32;
}

impl<G: Game, F: Fn(&G) -> i32 + Send + Sync> Evaluator<G> for F {
    fn evaluate(&self, game: &G) -> i32 {
        self(game)
    }
}

/// One term of a static evaluation, as the course's worked examples list them (open
/// lines for X and for O; pawns, knights... with their weights), so a student can redo
/// the arithmetic by hand: `ply eval --explain` and the explorer's position pane show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTerm {
    /// What is counted, in the course's words: "open lines", "knights (3 each)".
    pub name: String,
    /// The count (or sum) for the first player.
    pub first: i32,
    /// The count (or sum) for the second player.
    pub second: i32,
    /// What the term adds to the evaluation from the first player's view.
    pub points: i32,
}

/// A static evaluation taken apart into its terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The terms, in the order the course gives them.
    pub terms: Vec<EvalTerm>,
    /// The evaluation from the first player's view: exactly what the evaluator returns
    /// for the side to move, negated when the second player is to move.
    pub total_for_first: i32,
    /// The arithmetic written out as the course writes it: `e(P) = 6 - 4 = 2`.
    pub formula: String,
}

impl EvalTerm {
    /// A feature counted for each side and weighted as the evaluation weighs it:
    /// `points = weight * (first - second)`, Samuel's `a_i * x_i` for one feature.
    pub fn weighted(name: impl Into<String>, first: i32, second: i32, weight: i32) -> EvalTerm {
        EvalTerm {
            name: name.into(),
            first,
            second,
            points: weight * (first - second),
        }
    }
}

impl Explanation {
    /// An evaluation that is the sum of its terms' points, written out as that sum:
    /// `e(P) = 100 - 30 + 8 = 78` (a single term: `e(P) = 78`).
    pub fn sum_of(terms: Vec<EvalTerm>) -> Explanation {
        let total_for_first = terms.iter().map(|t| t.points).sum();
        let formula = match terms.len() {
            1 => format!("e(P) = {total_for_first}"),
            _ => format!(
                "e(P) = {} = {total_for_first}",
                signed_sum(terms.iter().map(|t| t.points))
            ),
        };
        Explanation {
            terms,
            total_for_first,
            formula,
        }
    }

    /// An evaluation that is the first player's score minus the second's, each the
    /// sum of that side's weighted features, written as the course writes it:
    /// `e(P) = 6 - 4 = 2`. The terms' points must add up to the difference.
    pub fn difference(terms: Vec<EvalTerm>, first_score: i32, second_score: i32) -> Explanation {
        let explanation = Explanation::sum_of(terms);
        debug_assert_eq!(explanation.total_for_first, first_score - second_score);
        Explanation {
            formula: format!(
                "e(P) = {first_score} - {} = {}",
                parenthesised(second_score),
                explanation.total_for_first
            ),
            ..explanation
        }
    }
}

/// Numbers written as a sum with their signs: `8 + 6 - 3`; `0` for none.
pub fn signed_sum(values: impl IntoIterator<Item = i32>) -> String {
    let mut text = String::new();
    for value in values {
        if text.is_empty() {
            text = value.to_string();
        } else if value < 0 {
            text += &format!(" - {}", value.unsigned_abs());
        } else {
            text += &format!(" + {value}");
        }
    }
    if text.is_empty() {
        "0".to_string()
    } else {
        text
    }
}

/// A number as it reads after a minus sign: `-3` in parentheses.
fn parenthesised(value: i32) -> String {
    if value < 0 {
        format!("({value})")
    } else {
        value.to_string()
    }
}

/// A value from the side to move's view turned to the first player's view.
pub fn for_first(side_to_move: Player, value: i32) -> i32 {
    match side_to_move {
        Player::First => value,
        Player::Second => -value,
    }
}

/// A named evaluation a user can pick (`--eval NAME`, the arcade's setup screen).
pub struct NamedEvaluator<G: Game> {
    /// Short id used on the command line: `seed` for the course material's evaluation.
    pub name: &'static str,
    /// One line saying what it measures, shown in `ply list` and the arcade.
    pub description: &'static str,
    /// The evaluation itself, shareable with a search thread.
    pub evaluator: std::sync::Arc<dyn Evaluator<G>>,
}

impl<G: Game> Clone for NamedEvaluator<G> {
    fn clone(&self) -> Self {
        NamedEvaluator {
            name: self.name,
            description: self.description,
            evaluator: self.evaluator.clone(),
        }
    }
}

/// Parses a square name like `b3` (files from `a`, ranks from 1) into zero-based
/// (file, rank), checking it lies on a board of the given size.
pub fn parse_square(text: &str, files: usize, ranks: usize) -> Result<(usize, usize), GameError> {
    let mut chars = text.chars();
    let file_char = chars.next().filter(|c| c.is_ascii_lowercase());
    let rank_text = chars.as_str();
    let (Some(file_char), Ok(rank)) = (file_char, rank_text.parse::<usize>()) else {
        return Err(GameError::new(format!(
            "'{text}' is not a square (like a1)"
        )));
    };
    let file = (file_char as u8 - b'a') as usize;
    if file >= files || rank == 0 || rank > ranks {
        return Err(GameError::new(format!("square '{text}' is off the board")));
    }
    Ok((file, rank - 1))
}

/// True when `key` is the letter of one of the first `files` files (`a` to `h` for
/// eight): the start of a square name like `b3`.
pub fn is_file_letter(key: char, files: usize) -> bool {
    key.is_ascii_lowercase() && ((key as u8 - b'a') as usize) < files
}

/// True when `key` is a digit that starts a number from 1 to `most`.
pub fn starts_number_up_to(key: char, most: usize) -> bool {
    key.to_digit(10)
        .is_some_and(|d| d >= 1 && d as usize <= most)
}

/// Writes zero-based (file, rank) as a square name like `b3`.
pub fn format_square(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}
