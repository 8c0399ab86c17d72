//! Chess: the rules come from `cozy-chess` (a fast, tested legal move generator);
//! this module adds what the arcade and the search need on top: FEN in and out,
//! SAN and UCI notation, the draw rules (threefold repetition, fifty moves,
//! insufficient material), a move history for undo, and the search hooks.

pub mod classical;
pub mod endgame;
pub mod eval;
pub mod labelled;
pub mod mating;
pub mod neural;
pub mod notation;
pub mod pgn;
mod see;
mod threat;
pub mod tuned;
pub mod weights;

use crate::game::SearchHooks;
use crate::game::profile::{GameProfile, LevelRating, LevelRatings, RecordNames, ScoreUnit};
use crate::game::setup_grid::{PieceGrid, SetupPiece};
use std::sync::Arc;

use cozy_chess::{BitBoard, Board, Color, GameStatus, Move, Piece, Square};

use super::{GameError, GameInfo, GameOptions, NamedEvaluator, Outcome, Playable, Player};
use crate::game::Game;

/// The FEN of the usual start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess position with the boards that led to it, for undo and repetition.
#[derive(Clone, Debug)]
pub struct Chess {
    board: Board,
    history: Vec<Board>,
    /// The moves played from the first position, `None` for a null move, so the
    /// arcade can mark the last move and PGN export can replay the game.
    moves: Vec<Option<Move>>,
}

impl Chess {
    /// The usual start position.
    pub fn new() -> Chess {
        Chess::from_board(Board::default())
    }

    /// A game starting at `board`, with no history.
    pub fn from_board(board: Board) -> Chess {
        Chess {
            board,
            history: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Reads a FEN; the two counters at the end may be left out. A halfmove clock
    /// past 100 (legal: nobody has claimed the fifty-move draw yet) is read as 100,
    /// which the rules treat the same, since the move generator's board stops there.
    pub fn from_fen(text: &str) -> Result<Chess, GameError> {
        let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        if let Some(clock) = fields.get_mut(4)
            && clock.parse::<u64>().is_ok_and(|n| n > 100)
        {
            *clock = "100".to_string();
        }
        let mut fen = fields.join(" ");
        match fields.len() {
            4 => fen.push_str(" 0 1"),
            5 => fen.push_str(" 1"),
            _ => {}
        }
        Board::from_fen(&fen, false)
            .map(Chess::from_board)
            .map_err(|e| GameError::new(format!("bad FEN: {e}")))
    }

    /// The current position, for boards and evaluations.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position the game started from (before any recorded move).
    pub fn first_board(&self) -> &Board {
        self.history.first().unwrap_or(&self.board)
    }

    /// The moves played since the first position, oldest first.
    pub fn played(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.iter().flatten().copied()
    }

    /// The last move played, if any, so a board can highlight it.
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied().flatten()
    }

    /// The board before the last move, so a board can tell what it captured.
    pub fn previous_board(&self) -> Option<&Board> {
        self.history.last()
    }

    /// True when the position occurred twice before with the same side to move
    /// (only positions since the last capture or pawn move can repeat).
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetitions() >= 2
    }

    /// How many times the current position occurred before.
    fn repetitions(&self) -> usize {
        self.earlier_occurrences().count()
    }

    /// How many plies back each earlier occurrence of the current position stands,
    /// nearest first. Only positions since the last capture or pawn move can repeat,
    /// and none before a null move (a pass the search tries, not a move).
    fn earlier_occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let reversible = (self.board.halfmove_clock() as usize).min(self.history.len());
        let hash = self.board.hash();
        self.history
            .iter()
            .rev()
            .zip(self.moves.iter().rev())
            .take(reversible)
            .take_while(|(_, m)| m.is_some())
            .enumerate()
            .skip(1)
            .step_by(2)
            .filter(move |(_, (b, _))| b.hash() == hash && b.same_position(&self.board))
            .map(|(back, _)| back + 1)
    }

    /// True when neither side can ever mate: kings alone, a single minor piece, or
    /// bishops that all stand on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let board = &self.board;
        let heavy =
            board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
        if !heavy.is_empty() {
            return false;
        }
        let knights = board.pieces(Piece::Knight);
        let bishops = board.pieces(Piece::Bishop);
        if knights.len() + bishops.len() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & BitBoard::LIGHT_SQUARES).is_empty()
                || (bishops & BitBoard::DARK_SQUARES).is_empty())
    }

    /// True when a rule (fifty moves, repetition, material) has ended the game in a
    /// draw, whether or not moves remain.
    fn drawn_by_rule(&self) -> bool {
        self.board.halfmove_clock() >= 100
            || self.is_insufficient_material()
            || (self.board.halfmove_clock() >= 4 && self.is_threefold_repetition())
    }

    /// Every legal move of the current position, ignoring the draw rules.
    fn generate(&self, out: &mut Vec<Move>) {
        self.board.generate_moves(|moves| {
            out.extend(moves);
            false
        });
    }

    /// What stands on `square` and whose it is.
    pub fn piece_at(&self, square: Square) -> Option<(Piece, Color)> {
        Some((self.board.piece_on(square)?, self.board.color_on(square)?))
    }

    /// True when `m` takes a piece (en passant included); castling is not a capture
    /// even though cozy-chess writes it as the king taking its rook.
    pub fn is_capture(&self, m: Move) -> bool {
        let us = self.board.side_to_move();
        match self.board.color_on(m.to) {
            Some(color) => color != us,
            None => {
                self.board.piece_on(m.from) == Some(Piece::Pawn) && m.from.file() != m.to.file()
            }
        }
    }

    /// True when `m` is castling (cozy-chess: the king moves onto its own rook).
    pub fn is_castling(&self, m: Move) -> bool {
        self.board.color_on(m.to) == Some(self.board.side_to_move())
    }

    /// The piece `m` takes (a pawn for en passant).
    pub fn captured_piece(&self, m: Move) -> Option<Piece> {
        if !self.is_capture(m) {
            return None;
        }
        Some(self.board.piece_on(m.to).unwrap_or(Piece::Pawn))
    }
}

impl Default for Chess {
    fn default() -> Self {
        Chess::new()
    }
}

/// The player who moves the pieces of `color`.
pub fn player_of(color: Color) -> Player {
    match color {
        Color::White => Player::First,
        Color::Black => Player::Second,
    }
}

/// Material values in centipawns, indexed by `Piece as usize` (king 0): the
/// course's 1/3/3/5/9, shared by the seed evaluation and move ordering.
pub const PIECE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

impl Game for Chess {
    type Move = Move;

    fn to_move(&self) -> Player {
        player_of(self.board.side_to_move())
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if !self.drawn_by_rule() {
            self.generate(out);
        }
    }

    fn play(&mut self, m: Move) {
        self.history.push(self.board.clone());
        self.board.play_unchecked(m);
        self.moves.push(Some(m));
    }

    fn undo(&mut self) {
        if let Some(board) = self.history.pop() {
            self.board = board;
            self.moves.pop();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.board.status() {
            GameStatus::Won => Some(Outcome::Win(player_of(!self.board.side_to_move()))),
            GameStatus::Drawn => Some(Outcome::Draw),
            GameStatus::Ongoing => self.drawn_by_rule().then_some(Outcome::Draw),
        }
    }

    fn end_reason(&self) -> Option<String> {
        let words = match self.board.status() {
            GameStatus::Won => "by checkmate",
            GameStatus::Drawn if notation::legal_moves(&self.board).is_empty() => "by stalemate",
            _ if self.board.halfmove_clock() >= 100 => "by the fifty-move rule",
            _ if self.is_insufficient_material() => "by insufficient material",
            _ if self.outcome().is_some() => "by threefold repetition",
            _ => return None,
        };
        Some(words.to_string())
    }

    fn hash(&self) -> u64 {
        self.board.hash()
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::new("the game is over"));
        }
        notation::parse_move(&self.board, text)
    }

    fn format_move(&self, m: Move) -> String {
        notation::format_san(&self.board, m)
    }

    fn format_position(&self) -> String {
        self.board.to_string()
    }

    fn plies_since_repetition(&self) -> Option<usize> {
        self.earlier_occurrences().next()
    }

    fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }
}

impl SearchHooks for Chess {
    const BOUNDED_HISTORY: bool = true;

    fn move_priority(&self, m: Move) -> i32 {
        let promotion = m.promotion.map_or(0, |p| PIECE_VALUES[p as usize]);
        match self.captured_piece(m) {
            // Most valuable victim first, then least valuable attacker.
            Some(victim) => {
                let attacker = self.board.piece_on(m.from).map_or(0, |p| p as i32);
                10_000 + PIECE_VALUES[victim as usize] * 8 - attacker + promotion
            }
            None => promotion,
        }
    }

    /// From square, to square and promotion (none, knight, bishop, rook, queen).
    const MOVE_SLOTS: usize = 5 * 64 * 64;

    fn move_slot(m: Move) -> usize {
        let promotion = m.promotion.map_or(0, |piece| piece as usize);
        (promotion * 64 + m.from as usize) * 64 + m.to as usize
    }

    /// Colour, piece and target square.
    const PIECE_MOVE_SLOTS: usize = 2 * 6 * 64;

    fn piece_move_slot(&self, m: Move) -> usize {
        let board = self.board();
        let piece = board.piece_on(m.from).map_or(0, |p| p as usize);
        let colour = board.color_on(m.from).map_or(0, |c| c as usize);
        (colour * 6 + piece) * 64 + m.to as usize
    }

    fn is_tactical(&self, m: Move) -> bool {
        m.promotion.is_some() || self.is_capture(m)
    }

    fn tactical_moves(&self, out: &mut Vec<Move>) {
        if self.drawn_by_rule() {
            return;
        }
        let board = &self.board;
        let theirs = board.colors(!board.side_to_move());
        let ep_square = board.en_passant().map(|file| {
            let rank = match board.side_to_move() {
                Color::White => cozy_chess::Rank::Sixth,
                Color::Black => cozy_chess::Rank::Third,
            };
            Square::new(file, rank)
        });
        let promotion_ranks =
            cozy_chess::Rank::First.bitboard() | cozy_chess::Rank::Eighth.bitboard();
        board.generate_moves(|mut moves| {
            let mut targets = theirs;
            if moves.piece == Piece::Pawn {
                targets |= promotion_ranks;
                if let Some(ep) = ep_square {
                    targets |= ep.bitboard();
                }
            }
            moves.to &= targets;
            out.extend(moves);
            false
        });
    }

    fn static_exchange(&self, m: Move) -> Option<i32> {
        Some(see::static_exchange(&self.board, m))
    }

    fn exchange_loss(&self, m: Move) -> Option<i32> {
        see::exchange_loss(&self.board, m)
    }

    fn creates_threat(&self, m: Move) -> bool {
        threat::creates_threat(&self.board, m)
    }

    fn pruning_unit(&self) -> Option<i32> {
        Some(PIECE_VALUES[Piece::Pawn as usize])
    }

    fn supports_null_move(&self) -> bool {
        // Zugzwang is common when only kings and pawns are left: no null moves then.
        let us = self.board.colors(self.board.side_to_move());
        let pieces = self.board.pieces(Piece::Knight)
            | self.board.pieces(Piece::Bishop)
            | self.board.pieces(Piece::Rook)
            | self.board.pieces(Piece::Queen);
        !(us & pieces).is_empty()
    }

    fn play_null(&mut self) {
        if let Some(next) = self.board.null_move() {
            self.history.push(std::mem::replace(&mut self.board, next));
            self.moves.push(None);
        }
    }

    fn undo_null(&mut self) {
        if self.moves.last() == Some(&None) {
            self.undo();
        }
    }
}

impl Playable for Chess {
    /// SAN starts with a file or a piece letter (castling with `O` or `0`); UCI
    /// with a file.
    fn starts_move(&self, key: char) -> bool {
        matches!(key, 'a'..='h' | 'K' | 'Q' | 'R' | 'B' | 'N' | 'O' | '0')
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "chess",
            name: "Chess",
            description: "The royal game: checkmate the opposing king",
            move_notation: "SAN like e4, Nf3, exd5, O-O, e8=Q, or UCI like e2e4, e1g1, e7e8q",
            position_notation: "FEN, like rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            options: &[],
            rules: include_str!("../../../assets/rules/chess.txt"),
        }
    }

    fn prefers_engine_search() -> bool {
        true
    }

    fn search_can_reach_the_end() -> bool {
        false
    }

    fn start(_options: &GameOptions) -> Result<Self, GameError> {
        Ok(Chess::new())
    }

    fn parse_position(text: &str, _options: &GameOptions) -> Result<Self, GameError> {
        let text = text.trim();
        if text == "startpos" {
            return Ok(Chess::new());
        }
        Chess::from_fen(text)
    }

    fn setup_pieces() -> &'static [SetupPiece] {
        const PIECES: [SetupPiece; 12] = [
            SetupPiece::new('K', Player::First),
            SetupPiece::new('Q', Player::First),
            SetupPiece::new('R', Player::First),
            SetupPiece::new('B', Player::First),
            SetupPiece::new('N', Player::First),
            SetupPiece::new('P', Player::First),
            SetupPiece::new('k', Player::Second),
            SetupPiece::new('q', Player::Second),
            SetupPiece::new('r', Player::Second),
            SetupPiece::new('b', Player::Second),
            SetupPiece::new('n', Player::Second),
            SetupPiece::new('p', Player::Second),
        ];
        &PIECES
    }

    fn setup_grid(&self) -> Option<PieceGrid> {
        PieceGrid::from_fen(&self.format_position(), 8).ok()
    }

    /// Castling rights as a board editor gives them: each king and rook still on
    /// its starting square may castle; no en passant; the move counters restart.
    fn setup_position(&self, grid: &PieceGrid) -> String {
        let on = |file: usize, row: usize, piece: char| grid.get(file, row) == Some(piece);
        let rights: String = [
            (on(4, 7, 'K') && on(7, 7, 'R'), 'K'),
            (on(4, 7, 'K') && on(0, 7, 'R'), 'Q'),
            (on(4, 0, 'k') && on(7, 0, 'r'), 'k'),
            (on(4, 0, 'k') && on(0, 0, 'r'), 'q'),
        ]
        .iter()
        .filter_map(|&(may, letter)| may.then_some(letter))
        .collect();
        let rights = if rights.is_empty() {
            "-".into()
        } else {
            rights
        };
        format!("{} {rights} - 0 1", grid.fen_board_and_side())
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![
            NamedEvaluator {
                name: "seed",
                description: "material: pawn 100, knight 300, bishop 300, rook 500, queen 900 (the course's 1/3/3/5/9)",
                evaluator: Arc::new(eval::material),
            },
            NamedEvaluator {
                name: "strong",
                description: "ply's own tapered evaluation, Texel-tuned to Stockfish's scores of self-play positions: mobility, pawn structure, passed pawns, king safety, threats, outposts",
                evaluator: Arc::new(classical::classical),
            },
            NamedEvaluator {
                name: "neural",
                description: neural::description(),
                evaluator: Arc::new(neural::neural),
            },
        ]
    }

    fn explain_evaluation(&self, eval: &str) -> Option<crate::game::Explanation> {
        match eval {
            "seed" => Some(eval::explain_material(self)),
            "strong" => Some(classical::explain_classical(self)),
            "neural" => Some(neural::explain_neural(self)),
            _ => None,
        }
    }

    const PROFILE: GameProfile = GameProfile {
        score_unit: ScoreUnit::PAWNS,
        records: RecordNames {
            variants: &["standard", "chess", "normal", ""],
            pdn_game_type: None,
        },
        play_eval: "neural",
        level_ratings: Some(&LEVEL_RATINGS),
        ..GameProfile::DEFAULT
    };
}

/// Chess's levels against Stockfish 15.1 limited in strength (docs/src/arcade/levels.md).
const LEVEL_RATINGS: LevelRatings = LevelRatings {
    against: "Stockfish 15.1, UCI_LimitStrength, 50 ms a move",
    command: "python3 scripts/levels-elo.py --game chess --levels 1-10 --games 40 --jobs 2",
    levels: [
        Some(LevelRating::measured(838, 247, 40)),
        Some(LevelRating::measured(1012, 163, 40)),
        Some(LevelRating::measured(1338, 130, 40)),
        Some(LevelRating::measured(1610, 111, 40)),
        Some(LevelRating::measured(1811, 121, 40)),
        Some(LevelRating::measured(1995, 115, 40)),
        Some(LevelRating::measured(2162, 112, 40)),
        Some(LevelRating::measured(2363, 112, 40)),
        Some(LevelRating::measured(2890, 122, 40)),
        Some(LevelRating::measured(3029, 122, 40)),
    ],
};
