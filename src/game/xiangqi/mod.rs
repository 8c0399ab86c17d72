//! Xiangqi (Chinese chess), the game of the course material's alpha-beta example.
//!
//! The rules are our own ([`board`]: a 90-point byte board with precomputed step
//! tables): palace, river, elephant eyes, horse legs, cannon screens, soldiers that
//! turn sideways over the river, no facing generals, and no move that leaves one's
//! own general attacked. A side with no legal move loses, checkmated or stalemated.
//!
//! Draw rules, with the simplification we chose for perpetual check:
//! - A position (same pieces, same side to move) occurring for the third time since
//!   the last capture ends the game. If, from its first occurrence to now, every
//!   move of one side gave check and not every move of the other did, the checking
//!   side loses (perpetual check is forbidden); otherwise it is a draw. Perpetual
//!   chasing of unprotected pieces, which the Asian rules also forbid, is not judged.
//! - 120 plies (60 moves each) without a capture draw the game: the Chinese rules'
//!   natural move limit.
//!
//! Notation ([`notation`]): FEN as engines use it, ICCS coordinates (`h2e2`) for
//! moves read and written, WXF (`C2=5`) for the arcade's move list.

pub mod board;
pub mod corrected;
pub mod eval;
pub mod fitted;
pub mod notation;
mod see;
pub mod tables;
pub mod weighted;

use crate::game::SearchHooks;
use crate::game::profile::{GameProfile, LevelRating, LevelRatings, RecordNames, ScoreUnit};
use crate::game::setup_grid::{PieceGrid, SetupPiece};
use std::sync::Arc;

use super::{
    Game, GameError, GameInfo, GameOptions, NamedEvaluator, Outcome, Playable, Player, zobrist,
};
pub use board::{Board, Kind, Move, Piece};
use notation::Coordinates;

/// The FEN of the start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Plies without a capture after which the game is drawn (60 moves each).
pub const NATURAL_LIMIT: u32 = 120;

const ZOBRIST_TABLE: u64 = 0x5851;
/// What [`Game::hash`] adds to a position standing for the second and the third time.
const REPEATED_KEYS: [u64; 3] = [0, 0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];

/// One key per (board byte, point): bytes 1 to 14 are used.
static KEYS: [u64; 15 * board::POINTS] = zobrist::table(ZOBRIST_TABLE);

fn key(byte: u8, point: u8) -> u64 {
    KEYS[byte as usize * board::POINTS + point as usize]
}

/// What a move changed, so that it can be taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Record {
    /// The move, `None` for a null move.
    mv: Option<Move>,
    captured: u8,
    clock: u32,
    /// The hash of the position the move was played in.
    hash: u64,
    /// Whether the side to move was in check before the move.
    in_check: bool,
    /// The earlier occurrences of the position the move was played in.
    repeats: u8,
}

/// A xiangqi position with the moves that led to it.
#[derive(Clone, Debug)]
pub struct Xiangqi {
    board: Board,
    side: Player,
    hash: u64,
    /// Plies since the last capture.
    clock: u32,
    fullmove: u32,
    in_check: bool,
    /// How many times the position stood before since the last capture (at most
    /// 2), kept as moves are played so that [`Game::hash`] does not scan the history.
    repeats: u8,
    history: Vec<Record>,
}

impl Xiangqi {
    /// The start position, Red to move.
    pub fn new() -> Xiangqi {
        Xiangqi::from_parts(notation::start_board(), Player::First, 0, 1)
    }

    fn from_parts(board: Board, side: Player, clock: u32, fullmove: u32) -> Xiangqi {
        let mut hash = if side == Player::Second {
            zobrist::SECOND_TO_MOVE
        } else {
            0
        };
        for (at, &byte) in board.points.iter().enumerate() {
            if byte != 0 {
                hash ^= key(byte, at as u8);
            }
        }
        Xiangqi {
            in_check: board.in_check(side),
            board,
            side,
            hash,
            clock,
            fullmove,
            repeats: 0,
            history: Vec::new(),
        }
    }

    /// Reads a FEN (see [`notation::parse_fen`]) or `startpos`.
    pub fn from_fen(text: &str) -> Result<Xiangqi, GameError> {
        if text.trim() == "startpos" {
            return Ok(Xiangqi::new());
        }
        let fen = notation::parse_fen(text)?;
        Ok(Xiangqi::from_parts(
            fen.board,
            fen.side,
            fen.clock,
            fen.fullmove,
        ))
    }

    /// The pieces, for boards and evaluations.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The last real move played (null moves skipped), for highlighting.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().and_then(|r| r.mv)
    }

    /// The moves played so far, oldest first.
    pub fn played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().filter_map(|r| r.mv)
    }

    /// Plies since the last capture.
    pub fn clock(&self) -> u32 {
        self.clock
    }

    /// True when `m` takes a piece.
    pub fn is_capture(&self, m: Move) -> bool {
        self.board.points[m.to as usize] != 0
    }

    /// Writes `m` in ICCS coordinates (`h2e2`).
    pub fn format_iccs(&self, m: Move) -> String {
        notation::format_coordinates(m, Coordinates::Iccs)
    }

    /// Writes `m` (legal here) in WXF notation (`C2=5`), for the move list.
    pub fn format_wxf(&self, m: Move) -> String {
        notation::format_wxf(&self.board, m)
    }

    /// Reads a move in the given coordinates and checks it is legal here.
    pub fn parse_coordinates(
        &self,
        text: &str,
        coordinates: Coordinates,
    ) -> Result<Move, GameError> {
        let m = notation::parse_coordinates(text, coordinates)?;
        if self.moves().contains(&m) {
            Ok(m)
        } else {
            Err(GameError::new(format!("{text} is not legal here")))
        }
    }

    /// How the game ended by a rule while moves remain: repetition (with the
    /// perpetual-check judgement) or the natural move limit.
    fn rule_outcome(&self) -> Option<Outcome> {
        if let Some(first) = self.third_occurrence_start() {
            return Some(self.judge_repetition(first));
        }
        (self.clock >= NATURAL_LIMIT).then_some(Outcome::Draw)
    }

    /// How many plies back each earlier occurrence of the current position
    /// stands, since the last capture, nearest first.
    fn earlier_occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let len = self.history.len();
        let reversible = (self.clock as usize).min(len);
        (2..=reversible)
            .step_by(2)
            .filter(move |&back| self.history[len - back].hash == self.hash)
    }

    /// When the current position occurs for the third time since the last
    /// capture: the history index of its first occurrence.
    fn third_occurrence_start(&self) -> Option<usize> {
        let back = self.earlier_occurrences().nth(1)?;
        Some(self.history.len() - back)
    }

    /// The result of a threefold repetition whose cycle began at history index
    /// `first`: a loss for a side that checked with every move while the other
    /// did not, a draw otherwise.
    fn judge_repetition(&self, first: usize) -> Outcome {
        let len = self.history.len();
        let mut always_checked = [true, true];
        for i in first..len {
            let gave_check = match self.history.get(i + 1) {
                Some(next) => next.in_check,
                None => self.in_check,
            };
            let mover = if (len - 1 - i).is_multiple_of(2) {
                self.side.other()
            } else {
                self.side
            };
            always_checked[mover.index()] &= gave_check;
        }
        match always_checked {
            [true, false] => Outcome::Win(Player::Second),
            [false, true] => Outcome::Win(Player::First),
            _ => Outcome::Draw,
        }
    }

    fn toggle_side(&mut self) {
        self.side = self.side.other();
        self.hash ^= zobrist::SECOND_TO_MOVE;
        if self.side == Player::First {
            self.fullmove += 1;
        }
    }

    fn record(&self, mv: Option<Move>, captured: u8) -> Record {
        Record {
            mv,
            captured,
            clock: self.clock,
            hash: self.hash,
            in_check: self.in_check,
            repeats: self.repeats,
        }
    }
}

impl Default for Xiangqi {
    fn default() -> Self {
        Xiangqi::new()
    }
}

/// Material values (centipawns) by `Kind as usize`, shared by the seed evaluation
/// and capture ordering: chariot 9, cannon and horse 4.5 and 4, advisor and
/// elephant 2, soldier 1 (2 once over the river, counted by the evaluations).
pub const PIECE_VALUES: [i32; 7] = [0, 200, 200, 400, 900, 450, 100];

impl Game for Xiangqi {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.rule_outcome().is_none() {
            self.board.legal_moves(self.side, false, out);
        }
    }

    fn play(&mut self, m: Move) {
        let moving = self.board.points[m.from as usize];
        let captured = self.board.make(m);
        self.history.push(self.record(Some(m), captured));
        self.hash ^= key(moving, m.from) ^ key(moving, m.to);
        if captured != 0 {
            self.hash ^= key(captured, m.to);
            self.clock = 0;
        } else {
            self.clock += 1;
        }
        self.toggle_side();
        self.in_check = self.board.in_check(self.side);
        self.repeats = self.earlier_occurrences().take(2).count() as u8;
    }

    fn undo(&mut self) {
        let Some(record) = self.history.pop() else {
            return;
        };
        if let Some(m) = record.mv {
            self.board.unmake(m, record.captured);
        }
        if self.side == Player::First {
            self.fullmove -= 1;
        }
        self.side = self.side.other();
        self.hash = record.hash;
        self.clock = record.clock;
        self.in_check = record.in_check;
        self.repeats = record.repeats;
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(first) = self.third_occurrence_start() {
            return Some(self.judge_repetition(first));
        }
        if !self.board.has_legal_move(self.side) {
            return Some(Outcome::Win(self.side.other()));
        }
        (self.clock >= NATURAL_LIMIT).then_some(Outcome::Draw)
    }

    fn end_reason(&self) -> Option<String> {
        let words = if let Some(first) = self.third_occurrence_start() {
            match self.judge_repetition(first) {
                Outcome::Draw => "by repetition",
                Outcome::Win(_) => "by perpetual check (the checking side loses)",
            }
        } else if !self.board.has_legal_move(self.side) {
            if self.in_check {
                "by checkmate"
            } else {
                "by stalemate"
            }
        } else if self.clock >= NATURAL_LIMIT {
            "by the move limit (60 moves without a capture)"
        } else {
            return None;
        };
        Some(words.to_string())
    }

    /// A position that already stood earlier since the last capture gets other
    /// keys (once, twice): what it is worth depends on the repetition rules, so
    /// the search's table must not mix it up with its first occurrence.
    fn hash(&self) -> u64 {
        self.hash ^ REPEATED_KEYS[self.repeats as usize]
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::new("the game is over"));
        }
        let text = text.trim();
        if text.is_empty() {
            return Err(GameError::new("empty move"));
        }
        if notation::parse_coordinates(text, Coordinates::Iccs).is_ok() {
            return self.parse_coordinates(text, Coordinates::Iccs);
        }
        let wanted = notation::normalize_wxf(text);
        self.moves()
            .into_iter()
            .find(|&m| notation::normalize_wxf(&self.format_wxf(m)) == wanted)
            .ok_or_else(|| {
                GameError::new(format!(
                    "{text} is not legal here (ICCS like h2e2, WXF like C2=5)"
                ))
            })
    }

    fn format_move(&self, m: Move) -> String {
        self.format_iccs(m)
    }

    fn format_position(&self) -> String {
        notation::format_fen(&self.board, self.side, self.clock, self.fullmove)
    }

    /// A cycle in which one side checked with every move and the other did not
    /// is not reported: the rules make it a loss for the checker, not a draw, so
    /// the search plays it on to the third occurrence that decides it.
    fn plies_since_repetition(&self) -> Option<usize> {
        let back = self.earlier_occurrences().next()?;
        (self.judge_repetition(self.history.len() - back) == Outcome::Draw).then_some(back)
    }

    fn in_check(&self) -> bool {
        self.in_check
    }
}

impl SearchHooks for Xiangqi {
    fn move_priority(&self, m: Move) -> i32 {
        let victim = self.board.points[m.to as usize];
        match (board::decode(victim), self.board.piece_at(m.from)) {
            // Most valuable victim first, then least valuable attacker.
            (Some(victim), Some(attacker)) => {
                10_000 + PIECE_VALUES[victim.kind as usize] * 8
                    - PIECE_VALUES[attacker.kind as usize] / 100
            }
            _ => 0,
        }
    }

    /// From point and to point.
    const MOVE_SLOTS: usize = board::POINTS * board::POINTS;

    const CACHES_EVALUATION: bool = true;
    const BOUNDED_HISTORY: bool = true;

    fn move_slot(m: Move) -> usize {
        m.from as usize * board::POINTS + m.to as usize
    }

    fn is_tactical(&self, m: Move) -> bool {
        self.is_capture(m)
    }

    fn tactical_moves(&self, out: &mut Vec<Move>) {
        if self.rule_outcome().is_none() {
            self.board.legal_moves(self.side, true, out);
        }
    }

    fn static_exchange(&self, m: Move) -> Option<i32> {
        Some(see::static_exchange(&self.board, self.side, m))
    }

    fn exchange_loss(&self, m: Move) -> Option<i32> {
        see::exchange_loss(&self.board, self.side, m)
    }

    fn pruning_unit(&self) -> Option<i32> {
        Some(PIECE_VALUES[Kind::Soldier as usize])
    }

    fn supports_null_move(&self) -> bool {
        // Zugzwang is real once the attackers are gone: no null moves without a
        // chariot, horse or cannon of one's own.
        let side = self.side;
        [Kind::Chariot, Kind::Horse, Kind::Cannon]
            .iter()
            .any(|&kind| {
                let wanted = board::code(kind, side);
                self.board.points.contains(&wanted)
            })
    }

    fn play_null(&mut self) {
        self.history.push(self.record(None, 0));
        // A pass is not a reversible move: repetitions are not looked for across it.
        self.clock = 0;
        self.repeats = 0;
        self.toggle_side();
        self.in_check = self.board.in_check(self.side);
    }

    fn undo_null(&mut self) {
        if self.history.last().is_some_and(|r| r.mv.is_none()) {
            self.undo();
        }
    }
}

impl Playable for Xiangqi {
    /// ICCS starts with a file `a`-`i`; WXF with a piece letter, `+` or `-` for
    /// the front or rear of tandem pieces, or the file of a middle soldier.
    fn starts_move(&self, key: char) -> bool {
        matches!(key, 'a'..='i' | '1'..='9' | '+' | '-') || "KAEBHNRCP".contains(key)
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "xiangqi",
            name: "Xiangqi",
            description: "Chinese chess: checkmate or stalemate the opposing general",
            move_notation: "ICCS coordinates like h2e2 (files a-i, ranks 0-9 from Red's side), or WXF like C2=5",
            position_notation: "FEN, like rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            options: &[],
            rules: include_str!("../../../assets/rules/xiangqi.txt"),
        }
    }

    fn prefers_engine_search() -> bool {
        true
    }

    fn start(_options: &GameOptions) -> Result<Self, GameError> {
        Ok(Xiangqi::new())
    }

    fn parse_position(text: &str, _options: &GameOptions) -> Result<Self, GameError> {
        Xiangqi::from_fen(text)
    }

    /// FEN's letters: general K, advisor A, elephant B, horse N, chariot R,
    /// cannon C, soldier P; Red upper case.
    fn setup_pieces() -> &'static [SetupPiece] {
        const PIECES: [SetupPiece; 14] = [
            SetupPiece::new('K', Player::First),
            SetupPiece::new('A', Player::First),
            SetupPiece::new('B', Player::First),
            SetupPiece::new('N', Player::First),
            SetupPiece::new('R', Player::First),
            SetupPiece::new('C', Player::First),
            SetupPiece::new('P', Player::First),
            SetupPiece::new('k', Player::Second),
            SetupPiece::new('a', Player::Second),
            SetupPiece::new('b', Player::Second),
            SetupPiece::new('n', Player::Second),
            SetupPiece::new('r', Player::Second),
            SetupPiece::new('c', Player::Second),
            SetupPiece::new('p', Player::Second),
        ];
        &PIECES
    }

    /// Ranks labelled 9 to 0 from the top, as ICCS counts them from Red's side.
    fn setup_grid(&self) -> Option<PieceGrid> {
        let mut grid = PieceGrid::from_fen(&self.format_position(), 9).ok()?;
        grid.rank_labels = (0..10).rev().map(|r: u8| r.to_string()).collect();
        Some(grid)
    }

    fn setup_position(&self, grid: &PieceGrid) -> String {
        format!("{} - - 0 1", grid.fen_board_and_side())
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![
            NamedEvaluator {
                name: "seed",
                description: "material: chariot 900, cannon 450, horse 400, advisor and elephant 200, soldier 100 (200 over the river)",
                evaluator: Arc::new(eval::material),
            },
            NamedEvaluator {
                name: "strong",
                description: "material, piece-square tables, mobility with horse legs, cannons on the general's file, palace guards, endgame material and an attack on the palace, the weights fitted to Fairy-Stockfish's scores on 34,000 positions",
                evaluator: Arc::new(eval::strong),
            },
            NamedEvaluator {
                name: "corrected",
                description: "strong's terms and a fitted correction for every piece on every point, all fitted to Fairy-Stockfish's scores on 59,000 positions",
                evaluator: Arc::new(eval::corrected),
            },
        ]
    }

    fn explain_evaluation(&self, eval: &str) -> Option<crate::game::Explanation> {
        match eval {
            "seed" => Some(eval::explain_material(self)),
            "strong" => Some(eval::explain_strong(self)),
            "corrected" => Some(eval::explain_corrected(self)),
            _ => None,
        }
    }

    const PROFILE: GameProfile = GameProfile {
        score_unit: ScoreUnit::PAWNS,
        records: RecordNames {
            variants: &["xiangqi", "chinese chess"],
            pdn_game_type: None,
        },
        level_ratings: Some(&LEVEL_RATINGS),
        ..GameProfile::DEFAULT
    };
}

/// Xiangqi's levels against Fairy-Stockfish limited in strength, and above its
/// strongest limit against it unlimited at rated times a move
/// (docs/src/arcade/levels.md).
const LEVEL_RATINGS: LevelRatings = LevelRatings {
    against: "Fairy-Stockfish 11.1 with UCI_LimitStrength at 50 ms a move, and unlimited at 50 to 450 ms above its limit",
    command: "python3 scripts/levels-elo.py --game xiangqi --levels 1-10 --games 40 --above 'movetime 50,movetime 150,movetime 450'",
    levels: [
        Some(LevelRating::measured(719, 345, 40)),
        Some(LevelRating::measured(1271, 112, 40)),
        Some(LevelRating::measured(1516, 109, 40)),
        Some(LevelRating::measured(1423, 108, 40)),
        Some(LevelRating::measured(1652, 112, 40)),
        Some(LevelRating::measured(2298, 117, 40)),
        Some(LevelRating::measured(2700, 132, 40)),
        Some(LevelRating::measured(3291, 250, 40)),
        Some(LevelRating::measured(3432, 128, 30)),
        Some(LevelRating::measured(3818, 113, 40)),
    ],
};
