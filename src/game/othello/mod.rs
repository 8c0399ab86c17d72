//! Othello (Reversi) on the 8x8 board: Black moves first from the four centre
//! discs; a disc placed must bracket at least one line of the opponent's discs,
//! and every bracketed line flips. A player with no such move passes; when
//! neither can move the game ends and the most discs win.
//!
//! Squares are written as Othello players write them: files a-h from the left,
//! ranks 1-8 from the top, so Black's four first moves are d3, c4, f5 and e6.
//! The board is two bitboards ([`board`]) and the history keeps each move's
//! flipped discs, so undo is a couple of XORs.

pub mod board;
pub mod eval;
pub mod solver;

use super::setup_grid::{PieceGrid, STONE_LETTERS, STONES, SetupPiece};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::{
    ExactSolution, Explanation, Game, GameError, GameInfo, GameOptions, NamedEvaluator, Outcome,
    Playable, Player, SearchHooks, format_square, parse_square, zobrist,
};

/// The move that passes the turn, legal only when the side to move has no other.
pub const PASS: u8 = 64;

const ZOBRIST_TABLE: u64 = 80;
/// One key per (colour, square): Black's 64, then White's.
const KEYS: [u64; 128] = zobrist::table(ZOBRIST_TABLE);

/// How much searching a square early is worth: corners first, the squares that
/// give a corner away (X-squares, then C-squares) last.
const SQUARE_PRIORITY: [i32; 64] = [
    100, -20, 10, 5, 5, 10, -20, 100, //
    -20, -50, -2, -2, -2, -2, -50, -20, //
    10, -2, 1, 1, 1, 1, -2, 10, //
    5, -2, 1, 0, 0, 1, -2, 5, //
    5, -2, 1, 0, 0, 1, -2, 5, //
    10, -2, 1, 1, 1, 1, -2, 10, //
    -20, -50, -2, -2, -2, -2, -50, -20, //
    100, -20, 10, 5, 5, 10, -20, 100, //
];

/// A move once played: where (or [`PASS`]) and what it flipped, for undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Played {
    square: u8,
    flipped: u64,
}

/// An Othello position with its move history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Othello {
    /// Black's discs, then White's.
    discs: [u64; 2],
    /// Kept apart from the disc counts, since a pass changes it alone.
    to_move: Player,
    history: Vec<Played>,
    hash: u64,
}

/// What Othello players call a side.
pub fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "Black",
        Player::Second => "White",
    }
}

impl Othello {
    /// The standard start: White on d4 and e5, Black on e4 and d5, Black to move.
    pub fn new() -> Othello {
        let square = |text: &str| {
            let (file, rank) = parse_square(text, 8, 8).expect("a square of the board");
            1u64 << (rank * 8 + file)
        };
        let discs = [square("e4") | square("d5"), square("d4") | square("e5")];
        Othello::from_discs(discs, Player::First)
    }

    fn from_discs(discs: [u64; 2], to_move: Player) -> Othello {
        Othello {
            discs,
            to_move,
            history: Vec::new(),
            hash: hash_from_scratch(discs, to_move),
        }
    }

    /// Who holds `square` (`rank * 8 + file`, rank 0 the top rank 1), if anyone.
    pub fn disc(&self, square: u8) -> Option<Player> {
        let bit = 1u64 << square;
        if self.discs[0] & bit != 0 {
            Some(Player::First)
        } else if self.discs[1] & bit != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// Discs on the board for `player`, for the score line.
    pub fn count(&self, player: Player) -> u32 {
        self.discs[player.index()].count_ones()
    }

    /// The squares the side to move may play on, as a bitboard (empty when it
    /// must pass or the game is over), so a board can mark them.
    pub fn legal_squares(&self) -> u64 {
        let me = self.to_move.index();
        board::legal_squares(self.discs[me], self.discs[1 - me])
    }

    /// The discs the last move flipped, so a board can show them; 0 after a pass
    /// or at the start.
    pub fn last_flipped(&self) -> u64 {
        self.history.last().map_or(0, |p| p.flipped)
    }

    /// True when the side to move has no square but the opponent has: its only
    /// move is [`PASS`].
    pub fn must_pass(&self) -> bool {
        let me = self.to_move.index();
        self.legal_squares() == 0 && board::legal_squares(self.discs[1 - me], self.discs[me]) != 0
    }

    /// Flips the discs of `flipped` and toggles the disc on `square` for `mover`,
    /// keeping the hash in step; its own inverse, so undo calls it too.
    fn apply(&mut self, mover: Player, square: u8, flipped: u64) {
        let (me, them) = (mover.index(), mover.other().index());
        self.discs[me] ^= flipped | 1 << square;
        self.discs[them] ^= flipped;
        self.hash ^= KEYS[me * 64 + square as usize];
        let mut rest = flipped;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            self.hash ^= KEYS[s] ^ KEYS[64 + s];
            rest &= rest - 1;
        }
    }

    fn pass_turn(&mut self) {
        self.to_move = self.to_move.other();
        self.hash ^= zobrist::SECOND_TO_MOVE;
    }

    /// The legal squares written out, for error messages.
    fn legal_list(&self) -> String {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let names: Vec<String> = moves.iter().map(|&m| self.format_move(m)).collect();
        names.join(", ")
    }
}

impl Default for Othello {
    fn default() -> Self {
        Othello::new()
    }
}

impl Game for Othello {
    type Move = u8;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        let mut squares = self.legal_squares();
        if squares == 0 {
            if self.must_pass() {
                out.push(PASS);
            }
            return;
        }
        while squares != 0 {
            out.push(squares.trailing_zeros() as u8);
            squares &= squares - 1;
        }
    }

    fn play(&mut self, m: u8) {
        let mover = self.to_move;
        let flipped = if m == PASS {
            0
        } else {
            let me = mover.index();
            let flipped = board::flips(self.discs[me], self.discs[1 - me], m);
            self.apply(mover, m, flipped);
            flipped
        };
        self.history.push(Played { square: m, flipped });
        self.pass_turn();
    }

    fn undo(&mut self) {
        let Some(last) = self.history.pop() else {
            return;
        };
        self.pass_turn();
        if last.square != PASS {
            self.apply(self.to_move, last.square, last.flipped);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let [black, white] = self.discs;
        if board::legal_squares(black, white) != 0 || board::legal_squares(white, black) != 0 {
            return None;
        }
        Some(match black.count_ones().cmp(&white.count_ones()) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn end_reason(&self) -> Option<String> {
        let (black, white) = (self.count(Player::First), self.count(Player::Second));
        Some(match self.outcome()? {
            Outcome::Draw => format!("with {black} discs each"),
            Outcome::Win(_) => format!("by {} discs to {}", black.max(white), black.min(white)),
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let word = text.trim().to_ascii_lowercase();
        let mover = side_name(self.to_move);
        if word == "pass" {
            if self.outcome().is_some() {
                return Err(GameError::new("the game is over"));
            }
            if !self.must_pass() {
                return Err(GameError::new(format!(
                    "{mover} may not pass with a move to play: {}",
                    self.legal_list()
                )));
            }
            return Ok(PASS);
        }
        let (file, rank) = parse_square(&word, 8, 8)
            .map_err(|e| GameError::new(format!("{e}; or pass when there is no move")))?;
        let square = (rank * 8 + file) as u8;
        if self.outcome().is_some() {
            return Err(GameError::new("the game is over"));
        }
        if self.disc(square).is_some() {
            return Err(GameError::new(format!("{word} is already taken")));
        }
        if self.must_pass() {
            return Err(GameError::new(format!("{mover} has no move and must pass")));
        }
        if self.legal_squares() & 1 << square == 0 {
            return Err(GameError::new(format!(
                "{word} flips no disc: {mover} may play {}",
                self.legal_list()
            )));
        }
        Ok(square)
    }

    fn format_move(&self, m: u8) -> String {
        if m == PASS {
            "pass".to_string()
        } else {
            format_square(m as usize % 8, m as usize / 8)
        }
    }

    fn format_position(&self) -> String {
        let ranks: Vec<String> = (0..8u8)
            .map(|rank| {
                (0..8u8)
                    .map(|file| match self.disc(rank * 8 + file) {
                        Some(Player::First) => 'x',
                        Some(Player::Second) => 'o',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        let side = match self.to_move {
            Player::First => 'x',
            Player::Second => 'o',
        };
        format!("{} {side}", ranks.join("/"))
    }
}

impl SearchHooks for Othello {
    fn move_priority(&self, m: u8) -> i32 {
        SQUARE_PRIORITY.get(m as usize).copied().unwrap_or(0)
    }

    const MOVE_SLOTS: usize = 65;

    fn move_slot(m: u8) -> usize {
        m as usize
    }
}

impl Playable for Othello {
    /// A square starts with its file's letter.
    fn starts_move(&self, key: char) -> bool {
        super::is_file_letter(key, 8)
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "othello",
            name: "Othello",
            description: "Reversi on 8x8: bracket the opponent's discs to flip them; most discs wins",
            move_notation: "a square a1..h8 (files a-h left to right, ranks 1-8 top to bottom, as Othello players write them): d3; pass when there is no other move",
            position_notation: "ranks 1 (top) to 8 separated by '/', x (Black), o (White) or . per square, then the side to move x or o: ......../......../......../...ox.../...xo.../......../......../........ x",
            options: &[],
            rules: include_str!("../../../assets/rules/othello.txt"),
        }
    }

    fn start(_options: &GameOptions) -> Result<Self, GameError> {
        Ok(Othello::new())
    }

    fn setup_pieces() -> &'static [SetupPiece] {
        &STONES
    }

    /// Ranks labelled 1 to 8 from the top, as Othello players write them.
    fn setup_grid(&self) -> Option<PieceGrid> {
        let mut grid = PieceGrid::from_picture(&self.format_position(), 8, STONE_LETTERS).ok()?;
        grid.rank_labels = (1..=8).map(|r: u8| r.to_string()).collect();
        Some(grid)
    }

    fn setup_position(&self, grid: &PieceGrid) -> String {
        grid.picture(STONE_LETTERS, false)
    }

    fn parse_position(text: &str, _options: &GameOptions) -> Result<Self, GameError> {
        let mut words = text.split_whitespace();
        let (Some(grid), Some(side), None) = (words.next(), words.next(), words.next()) else {
            return Err(GameError::new(
                "expected eight ranks separated by '/' and the side to move (x or o)",
            ));
        };
        let ranks: Vec<&str> = grid.split('/').collect();
        if ranks.len() != 8 || ranks.iter().any(|r| r.chars().count() != 8) {
            return Err(GameError::new(
                "expected eight ranks of eight squares separated by '/'",
            ));
        }
        let mut discs = [0u64; 2];
        for (rank, row) in ranks.iter().enumerate() {
            for (file, c) in row.chars().enumerate() {
                let bit = 1u64 << (rank * 8 + file);
                match c.to_ascii_lowercase() {
                    'x' => discs[0] |= bit,
                    'o' => discs[1] |= bit,
                    '.' | '-' => {}
                    other => {
                        return Err(GameError::new(format!(
                            "unexpected '{other}': use x, o or ."
                        )));
                    }
                }
            }
        }
        let to_move = match side.to_ascii_lowercase().as_str() {
            "x" => Player::First,
            "o" => Player::Second,
            _ => {
                return Err(GameError::new(format!(
                    "side to move '{side}': expected x (Black) or o (White)"
                )));
            }
        };
        Ok(Othello::from_discs(discs, to_move))
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![
            NamedEvaluator {
                name: "seed",
                description: "discs of the side to move minus the opponent's",
                evaluator: Arc::new(eval::disc_difference),
            },
            NamedEvaluator {
                name: "strong",
                description: "mobility, corners, X- and C-squares, stable discs, weighted by the phase; discs near the end",
                evaluator: Arc::new(eval::strong),
            },
        ]
    }

    fn explain_evaluation(&self, eval: &str) -> Option<Explanation> {
        match eval {
            "seed" => Some(self.explain_discs()),
            "strong" => Some(self.explain_strong()),
            _ => None,
        }
    }

    fn search_can_reach_the_end() -> bool {
        false
    }

    /// The final disc margin with best play, once few squares are left.
    fn solve_exactly(&self, stop: Option<&AtomicBool>) -> Option<ExactSolution<u8>> {
        solver::solve(self, stop)
    }

    fn solves_quickly(&self) -> bool {
        64 - (self.discs[0] | self.discs[1]).count_ones() <= solver::QUICK_EMPTIES
    }
}

/// The hash of a position computed from nothing, which the incremental one must
/// always equal.
fn hash_from_scratch(discs: [u64; 2], to_move: Player) -> u64 {
    let mut hash = match to_move {
        Player::First => 0,
        Player::Second => zobrist::SECOND_TO_MOVE,
    };
    for (side, &mask) in discs.iter().enumerate() {
        for square in 0..64 {
            if mask & 1 << square != 0 {
                hash ^= KEYS[side * 64 + square];
            }
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_opens_on_d3_c4_f5_e6() {
        let game = Othello::new();
        let mut names: Vec<String> = game.moves().iter().map(|&m| game.format_move(m)).collect();
        names.sort();
        assert_eq!(names, ["c4", "d3", "e6", "f5"]);
    }

    #[test]
    fn incremental_hash_matches_a_fresh_computation() {
        let mut game = Othello::new();
        for _ in 0..20 {
            let m = game.moves()[0];
            game.play(m);
            assert_eq!(game.hash(), hash_from_scratch(game.discs, game.to_move));
        }
        for _ in 0..20 {
            game.undo();
            assert_eq!(game.hash(), hash_from_scratch(game.discs, game.to_move));
        }
        assert_eq!(game, Othello::new());
    }
}
