//! English checkers (straight draughts) on the 8x8 board: Black moves first; men
//! step and capture diagonally forward only; kings step and capture one square in
//! any diagonal direction; capturing is mandatory (any capturing sequence may be
//! chosen, but a started one must be completed); a man reaching the far row is
//! crowned and the move ends there; a side with no legal move loses. The game is
//! drawn after 40 moves each with no capture and no man moved, and by threefold
//! repetition.
//!
//! Squares, moves and positions are written in PDN ([`notation`]); the pieces are
//! bitboards over the 32 dark squares ([`board`]).

pub mod board;
pub mod eval;
pub mod notation;

use crate::game::SearchHooks;
use crate::game::profile::{GameProfile, RecordNames};
use std::sync::Arc;

use super::{
    Game, GameError, GameInfo, GameOptions, NamedEvaluator, Outcome, Playable, Player, zobrist,
};
pub use board::{Board, Move, Squares};

/// Plies in a row with no capture and no man moved that draw the game: 40 moves each.
pub const QUIET_PLIES_FOR_DRAW: u16 = 80;

/// One key per (side, man or king, square).
const KEYS: [u64; 4 * board::SQUARES] = zobrist::table(42);

/// The Zobrist key of one piece on one square.
fn piece_key(player: Player, king: bool, square: usize) -> u64 {
    KEYS[(player.index() * 2 + usize::from(king)) * board::SQUARES + square]
}

/// Everything that decides what happens next, saved whole before each move so
/// that undo is a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    board: Board,
    side: Player,
    /// Plies since the last capture or man move (the 40-move rule's clock).
    quiet_plies: u16,
    hash: u64,
}

/// A checkers game: the position and the positions and moves that led to it.
#[derive(Clone, Debug)]
pub struct Checkers {
    state: State,
    history: Vec<State>,
    moves: Vec<Move>,
}

impl Checkers {
    /// The usual start: Black's men on 1-12, White's on 21-32, Black to move.
    pub fn new() -> Checkers {
        Checkers::from_board(board::START, Player::First)
    }

    /// A game starting from `board` with `side` to move and no history.
    pub fn from_board(board: Board, side: Player) -> Checkers {
        Checkers {
            state: State {
                board,
                side,
                quiet_plies: 0,
                hash: full_hash(&board, side),
            },
            history: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The pieces on the board.
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// The last move played, so a board can show its jump path.
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// The pieces before the last move, so a board can show what it took.
    pub fn previous_board(&self) -> Option<&Board> {
        self.history.last().map(|s| &s.board)
    }

    /// Plies since the last capture or man move.
    pub fn quiet_plies(&self) -> u16 {
        self.state.quiet_plies
    }

    /// True when the side to move has a capture and so must take.
    pub fn must_capture(&self) -> bool {
        self.state.board.can_capture(self.state.side)
    }

    /// True when the current position occurred twice before with the same side to
    /// move (only positions since the last capture or man move can recur).
    pub fn is_threefold_repetition(&self) -> bool {
        let reversible = (self.state.quiet_plies as usize).min(self.history.len());
        self.history
            .iter()
            .rev()
            .take(reversible)
            .skip(1)
            .step_by(2)
            .filter(|s| s.hash == self.state.hash && s.board == self.state.board)
            .count()
            >= 2
    }

    /// True when the 40-move rule or a repetition has drawn the game.
    fn drawn_by_rule(&self) -> bool {
        self.state.quiet_plies >= QUIET_PLIES_FOR_DRAW
            || (self.state.quiet_plies >= 4 && self.is_threefold_repetition())
    }
}

impl Default for Checkers {
    fn default() -> Self {
        Checkers::new()
    }
}

/// The hash of a position computed from scratch (play keeps it incrementally).
fn full_hash(board: &Board, side: Player) -> u64 {
    let mut hash = match side {
        Player::First => 0,
        Player::Second => zobrist::SECOND_TO_MOVE,
    };
    for square in 0..board::SQUARES {
        if let Some((player, king)) = board.piece_at(square) {
            hash ^= piece_key(player, king, square);
        }
    }
    hash
}

impl Game for Checkers {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.state.side
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if !self.drawn_by_rule() {
            self.state.board.generate(self.state.side, out);
        }
    }

    fn play(&mut self, m: Move) {
        self.history.push(self.state);
        let state = &mut self.state;
        let side = state.side;
        let opponent = side.other();
        let was_king = state.board.kings & (1 << m.from) != 0;
        let mut taken = m.captured;
        while taken != 0 {
            let square = taken.trailing_zeros() as usize;
            taken &= taken - 1;
            let king = state.board.kings & (1 << square) != 0;
            state.hash ^= piece_key(opponent, king, square);
        }
        let crowned = state.board.apply(side, m);
        state.hash ^= piece_key(side, was_king, m.from as usize)
            ^ piece_key(side, was_king || crowned, m.to as usize)
            ^ zobrist::SECOND_TO_MOVE;
        state.quiet_plies = if was_king && !m.is_capture() {
            state.quiet_plies.saturating_add(1)
        } else {
            0
        };
        state.side = opponent;
        self.moves.push(m);
    }

    fn undo(&mut self) {
        if let Some(state) = self.history.pop() {
            self.state = state;
            self.moves.pop();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.state.board.has_move(self.state.side) {
            Some(Outcome::Win(self.state.side.other()))
        } else if self.drawn_by_rule() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn end_reason(&self) -> Option<String> {
        let side = self.state.side;
        let words = if !self.state.board.has_move(side) {
            if self.state.board.men(side) | self.state.board.kings_of(side) == 0 {
                "by taking every piece"
            } else {
                "by blocking every move"
            }
        } else if self.state.quiet_plies >= QUIET_PLIES_FOR_DRAW {
            "by the forty-move rule"
        } else if self.drawn_by_rule() {
            "by threefold repetition"
        } else {
            return None;
        };
        Some(words.to_string())
    }

    fn hash(&self) -> u64 {
        self.state.hash
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        match self.outcome() {
            Some(Outcome::Win(_)) => Err(GameError::new(format!(
                "the game is over: {} has no legal move",
                side_name(self.state.side)
            ))),
            Some(Outcome::Draw) => Err(GameError::new("the game is over: it is drawn")),
            None => notation::parse_move(&self.moves(), self.state.side, text),
        }
    }

    fn format_move(&self, m: Move) -> String {
        notation::format_move(m)
    }

    fn format_position(&self) -> String {
        notation::format_position(&self.state.board, self.state.side)
    }

    /// A forced capture is as forcing as a check: the engine searches it a ply
    /// deeper, so that a shot (give one, take two) is not cut off at the horizon.
    fn in_check(&self) -> bool {
        self.must_capture()
    }
}

impl SearchHooks for Checkers {
    fn move_priority(&self, m: Move) -> i32 {
        let kings_taken = (m.captured & self.state.board.kings).count_ones() as i32;
        let crowns = self.state.board.kings & (1 << m.from) == 0
            && board::crowning_row(self.state.side) & (1 << m.to) != 0;
        1000 * i32::from(m.jumps) + 300 * kings_taken + if crowns { 500 } else { 0 }
    }

    fn is_tactical(&self, m: Move) -> bool {
        m.is_capture()
    }

    /// Captures are compulsory: the side to move cannot stand pat on a quiet
    /// evaluation while one is on the board.
    fn must_play_tactical(&self) -> bool {
        self.must_capture()
    }

    fn tactical_moves(&self, out: &mut Vec<Move>) {
        if !self.drawn_by_rule() {
            self.state.board.generate_captures(self.state.side, out);
        }
    }
}

/// How the rules name a side.
pub fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "Black",
        Player::Second => "White",
    }
}

impl Playable for Checkers {
    /// A PDN move starts with its square's number, 1 to 32.
    fn starts_move(&self, key: char) -> bool {
        super::starts_number_up_to(key, 32)
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "checkers",
            name: "Checkers",
            description: "English draughts on 8x8: diagonal moves, forced captures, multi-jumps, kings",
            move_notation: "PDN square numbers 1-32: 11-15 for a step, 15x24 or 15x24x31 for captures (the full path when two jump paths join the same squares)",
            position_notation: "PDN FEN: side to move, then each side's squares, K for kings: B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 (ranges like B1-12 accepted; startpos for the start)",
            options: &[],
            rules: include_str!("../../../assets/rules/checkers.txt"),
        }
    }

    fn start(_options: &GameOptions) -> Result<Self, GameError> {
        Ok(Checkers::new())
    }

    fn parse_position(text: &str, _options: &GameOptions) -> Result<Self, GameError> {
        if text.trim() == "startpos" {
            return Ok(Checkers::new());
        }
        let (board, side) = notation::parse_position(text)?;
        Ok(Checkers::from_board(board, side))
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![
            NamedEvaluator {
                name: "seed",
                description: "Samuel's form: man 100, king 150, advancement 3/row, centre 8, back rank 10, mobility 4 per step",
                evaluator: Arc::new(|g: &Checkers| eval::samuel(g.board(), g.to_move())),
            },
            NamedEvaluator {
                name: "strong",
                description: "seed's features plus trading down when ahead, runaway men, king centralisation and the bridge",
                evaluator: Arc::new(|g: &Checkers| eval::strong(g.board(), g.to_move())),
            },
        ]
    }

    fn explain_evaluation(&self, eval: &str) -> Option<crate::game::Explanation> {
        match eval {
            "seed" => Some(eval::explain_samuel(self.board())),
            "strong" => Some(eval::explain_strong(self.board())),
            _ => None,
        }
    }

    fn prefers_engine_search() -> bool {
        true
    }

    const PROFILE: GameProfile = GameProfile {
        records: RecordNames {
            variants: &[],
            pdn_game_type: Some("21"),
        },
        ..GameProfile::DEFAULT
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_kept_by_play_matches_the_hash_from_scratch() {
        let mut game = Checkers::new();
        for ply in 0..60u64 {
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[zobrist::mix64(ply) as usize % moves.len()]);
            assert_eq!(game.hash(), full_hash(game.board(), game.to_move()));
        }
    }
}
