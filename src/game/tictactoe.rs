//! Tic-tac-toe: X moves first; three in a row wins, a full board is a draw.
//!
//! Squares are named like chess squares: files a-c from the left, ranks 1-3 from
//! the bottom. The board is two 9-bit masks, so move generation and the win test
//! are a handful of bit operations.

use super::setup_grid::{PieceGrid, STONES, SetupPiece};
use crate::game::SearchHooks;
use crate::game::profile::GameProfile;
use std::sync::Arc;

use super::{
    EvalTerm, Explanation, Game, GameError, GameInfo, GameOptions, NamedEvaluator, Outcome,
    Playable, Player, format_square, parse_square, zobrist,
};

/// The eight lines of three, as masks over squares `rank * 3 + file`.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;
const KEYS: [u64; 18] = zobrist::table(1);

/// A tic-tac-toe position with its move history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    marks: [u16; 2],
    history: Vec<u8>,
    hash: u64,
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> TicTacToe {
        TicTacToe {
            marks: [0, 0],
            history: Vec::new(),
            hash: 0,
        }
    }

    /// Who holds square `index` (`rank * 3 + file`), if anyone.
    pub fn cell(&self, index: usize) -> Option<Player> {
        let bit = 1u16 << index;
        if self.marks[0] & bit != 0 {
            Some(Player::First)
        } else if self.marks[1] & bit != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The squares played so far, oldest first, so a board can mark the last move.
    pub fn history(&self) -> &[u8] {
        &self.history
    }

    /// The completed line, if any, so a board can highlight it.
    pub fn winning_line(&self) -> Option<u16> {
        LINES
            .iter()
            .copied()
            .find(|&line| self.marks.iter().any(|&m| line & !m == 0))
    }

    /// Lines that the given player could still complete (no opposing mark on them).
    pub fn open_lines(&self, player: Player) -> i32 {
        self.open_lines_by_kind(player).iter().sum()
    }

    /// [`TicTacToe::open_lines`] counted apart for rows, columns and diagonals, as
    /// the course counts them by hand.
    pub fn open_lines_by_kind(&self, player: Player) -> [i32; 3] {
        let theirs = self.marks[player.other().index()];
        let open = |lines: &[u16]| lines.iter().filter(|&&line| line & theirs == 0).count() as i32;
        [open(&LINES[0..3]), open(&LINES[3..6]), open(&LINES[6..8])]
    }

    /// The seed evaluation from X's view, by rows, columns and diagonals:
    /// the course's `e(P) = 6 - 4 = 2` for X in the centre and O on an edge.
    pub fn explain_open_lines(&self) -> Explanation {
        let x = self.open_lines_by_kind(Player::First);
        let o = self.open_lines_by_kind(Player::Second);
        let terms = ["open rows", "open columns", "open diagonals"]
            .iter()
            .enumerate()
            .map(|(kind, name)| EvalTerm::weighted(*name, x[kind], o[kind], 1))
            .collect();
        Explanation::difference(terms, x.iter().sum(), o.iter().sum())
    }

    fn occupied(&self) -> u16 {
        self.marks[0] | self.marks[1]
    }

    fn toggle(&mut self, player: Player, square: usize) {
        self.marks[player.index()] ^= 1 << square;
        self.hash ^= KEYS[player.index() * 9 + square] ^ zobrist::SECOND_TO_MOVE;
    }
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe::new()
    }
}

impl Game for TicTacToe {
    type Move = u8;

    fn to_move(&self) -> Player {
        if self.marks[0].count_ones() == self.marks[1].count_ones() {
            Player::First
        } else {
            Player::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.outcome().is_some() {
            return;
        }
        let free = !self.occupied() & FULL;
        out.extend((0..9u8).filter(|&s| free & (1 << s) != 0));
    }

    fn play(&mut self, m: u8) {
        let player = self.to_move();
        self.toggle(player, m as usize);
        self.history.push(m);
    }

    fn undo(&mut self) {
        if let Some(m) = self.history.pop() {
            let player = self.to_move().other();
            self.toggle(player, m as usize);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        for player in [Player::First, Player::Second] {
            let mine = self.marks[player.index()];
            if has_line(mine) {
                return Some(Outcome::Win(player));
            }
        }
        (self.occupied() == FULL).then_some(Outcome::Draw)
    }

    fn end_reason(&self) -> Option<String> {
        Some(match self.outcome()? {
            Outcome::Win(_) => "with three in a row".to_string(),
            Outcome::Draw => "with the board full".to_string(),
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let (file, rank) = parse_square(text.trim(), 3, 3)?;
        let square = (rank * 3 + file) as u8;
        if self.outcome().is_some() {
            return Err(GameError::new("the game is over"));
        }
        if self.occupied() & (1 << square) != 0 {
            return Err(GameError::new(format!("{text} is already taken")));
        }
        Ok(square)
    }

    fn format_move(&self, m: u8) -> String {
        format_square(m as usize % 3, m as usize / 3)
    }

    fn format_position(&self) -> String {
        let rows: Vec<String> = (0..3)
            .rev()
            .map(|rank| {
                (0..3)
                    .map(|file| match self.cell(rank * 3 + file) {
                        Some(Player::First) => 'x',
                        Some(Player::Second) => 'o',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }
}

impl SearchHooks for TicTacToe {
    fn move_priority(&self, m: u8) -> i32 {
        // The centre lies on four lines, corners on three, edges on two.
        LINES.iter().filter(|&&line| line & (1 << m) != 0).count() as i32
    }
}

impl Playable for TicTacToe {
    /// A square starts with its file's letter.
    fn starts_move(&self, key: char) -> bool {
        super::is_file_letter(key, 3)
    }

    /// The grid in one line, ranks 3 to 1: `x../.o./...`.
    fn short_state(&self) -> Option<String> {
        Some(self.format_position())
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "tictactoe",
            name: "Tic-tac-toe",
            description: "Three in a row on a 3x3 grid; perfect play draws",
            move_notation: "a square a1..c3 (files a-c left to right, ranks 1-3 bottom to top)",
            position_notation: "ranks 3 to 1 separated by '/', x, o or . per square: x.o/.x./..o (side to move follows from the counts)",
            options: &[],
            rules: include_str!("../../assets/rules/tictactoe.txt"),
        }
    }

    fn start(_options: &GameOptions) -> Result<Self, GameError> {
        Ok(TicTacToe::new())
    }

    fn setup_pieces() -> &'static [SetupPiece] {
        &STONES
    }

    /// No side to move on the grid: the counts give it.
    fn setup_grid(&self) -> Option<PieceGrid> {
        PieceGrid::read_ranks(&self.format_position(), 3, '.', None).ok()
    }

    fn setup_position(&self, grid: &PieceGrid) -> String {
        grid.write_ranks('.', false)
    }

    fn parse_position(text: &str, _options: &GameOptions) -> Result<Self, GameError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 3 || rows.iter().any(|r| r.chars().count() != 3) {
            return Err(GameError::new(
                "expected three ranks of three squares, like x.o/.x./..o",
            ));
        }
        let mut game = TicTacToe::new();
        for (row, rank) in rows.iter().zip((0..3).rev()) {
            for (file, c) in row.chars().enumerate() {
                let square = rank * 3 + file;
                match c.to_ascii_lowercase() {
                    'x' => game.marks[0] |= 1 << square,
                    'o' => game.marks[1] |= 1 << square,
                    '.' | '-' | '_' => {}
                    other => {
                        return Err(GameError::new(format!(
                            "unexpected '{other}': use x, o or ."
                        )));
                    }
                }
            }
        }
        let (x, o) = (game.marks[0].count_ones(), game.marks[1].count_ones());
        if x != o && x != o + 1 {
            return Err(GameError::new(format!(
                "{x} x and {o} o cannot happen: X moves first and the sides alternate"
            )));
        }
        let wins = has_line;
        if wins(game.marks[0]) && wins(game.marks[1]) {
            return Err(GameError::new("both sides have three in a row"));
        }
        if (wins(game.marks[0]) && x == o) || (wins(game.marks[1]) && x != o) {
            return Err(GameError::new("the winner must have made the last move"));
        }
        game.hash = hash_from_scratch(&game.marks, game.to_move());
        Ok(game)
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![NamedEvaluator {
            name: "seed",
            description: "lines still open for the side to move minus lines still open for the opponent",
            evaluator: Arc::new(|g: &TicTacToe| {
                let me = g.to_move();
                g.open_lines(me) - g.open_lines(me.other())
            }),
        }]
    }

    fn explain_evaluation(&self, eval: &str) -> Option<Explanation> {
        (eval == "seed").then(|| self.explain_open_lines())
    }

    const PROFILE: GameProfile = GameProfile::PROVES_POSITIONS;
}

/// True when the marks `mask` complete one of the eight lines.
fn has_line(mask: u16) -> bool {
    LINES.iter().any(|&line| line & !mask == 0)
}

fn hash_from_scratch(marks: &[u16; 2], to_move: Player) -> u64 {
    let mut hash = if to_move == Player::Second {
        zobrist::SECOND_TO_MOVE
    } else {
        0
    };
    for (side, mask) in marks.iter().enumerate() {
        for square in 0..9 {
            if mask & (1 << square) != 0 {
                hash ^= KEYS[side * 9 + square];
            }
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_hash_matches_a_fresh_computation() {
        let mut game = TicTacToe::new();
        for m in [4, 0, 8, 2] {
            game.play(m);
            assert_eq!(game.hash(), hash_from_scratch(&game.marks, game.to_move()));
        }
        game.undo();
        game.undo();
        assert_eq!(game.hash(), hash_from_scratch(&game.marks, game.to_move()));
    }

    #[test]
    fn position_round_trips() {
        let game = TicTacToe::parse_position("x.o/.x./..o", &GameOptions::default()).unwrap();
        assert_eq!(game.format_position(), "x.o/.x./..o");
        assert_eq!(game.to_move(), Player::First);
    }
}
