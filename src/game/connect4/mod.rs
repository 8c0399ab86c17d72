//! Connect Four: two players drop stones into the columns of an upright board of
//! 7 columns and 6 rows (other sizes by option); four in a row, across, up or
//! diagonally, wins, and a full board is a draw.
//!
//! Moves are column numbers from 1 on the left, as in Tromp's and Pons' work, and
//! a position is written as the moves played from the empty board (`4453`), which
//! is how published positions are given. The board is a pair of bitboards
//! ([`bitboard`]); the game has its own exact solver ([`solver`]).

pub mod bitboard;
pub mod eval;
pub mod solver;
pub mod table;

use crate::game::SearchHooks;
use crate::game::profile::GameProfile;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::options::OptionInfo;
use super::{
    ExactSolution, Game, GameError, GameInfo, GameOptions, NamedEvaluator, Outcome, Playable,
    Player, zobrist,
};
use bitboard::{Bitboard, Geometry};
use solver::Solver;
use table::MIN_ENTRIES_LOG2;

const ZOBRIST_TABLE: u64 = 40;
/// One key per (player, bit of the board): two players times 64 bits.
const KEYS: [u64; 128] = zobrist::table(ZOBRIST_TABLE);
/// Widest board whose columns are single digits, so moves may be run together.
const WIDEST_DIGIT_BOARD: u32 = 9;

/// A Connect Four position with its move history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    geometry: Geometry,
    board: Bitboard,
    /// Columns played, from 0, oldest first.
    history: Vec<u8>,
    hash: u64,
    /// True once the last move completed a four.
    won: bool,
}

impl ConnectFour {
    /// The exact solve with a large table of `2^table_log2` entries.
    fn solve_with_table(
        &self,
        stop: Option<&AtomicBool>,
        table_log2: u32,
    ) -> Option<ExactSolution<u8>> {
        // A table the machine cannot give is halved until it fits.
        let mut solver = (MIN_ENTRIES_LOG2..=table_log2.max(MIN_ENTRIES_LOG2))
            .rev()
            .find_map(|log2| Solver::new(self.geometry, log2).ok())?
            .with_stop(stop);
        let solved = solver.solve(&self.board)?;
        let pv = solver.principal_variation(&self.board, solved)?;
        let stats = solver.stats();
        Some(ExactSolution {
            score: solved.score,
            value: solver::value_of(solved.score),
            best_move: solved.column,
            pv,
            nodes: stats.nodes,
            leaves: stats.leaves,
            cutoffs: stats.cutoffs,
            tt_hits: stats.tt_hits,
            algorithm: "null-window-negamax",
        })
    }

    /// The empty board of the given size, first player to move.
    pub fn new(geometry: Geometry) -> ConnectFour {
        ConnectFour {
            geometry,
            board: Bitboard::new(),
            history: Vec::new(),
            hash: 0,
            won: false,
        }
    }

    /// The empty standard 7x6 board.
    pub fn standard() -> ConnectFour {
        ConnectFour::new(Geometry::standard())
    }

    /// The board's size and masks.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The position as bitboards, for the solver and the evaluations.
    pub fn bitboard(&self) -> &Bitboard {
        &self.board
    }

    /// The columns played so far (from 0), oldest first, so a board can mark the last move.
    pub fn history(&self) -> &[u8] {
        &self.history
    }

    /// Who holds the cell in `column` and `row` (from 0, row 0 at the bottom), if anyone.
    pub fn cell(&self, column: u32, row: u32) -> Option<Player> {
        let bit = self.geometry.cell(column, row);
        if self.board.occupied() & bit == 0 {
            return None;
        }
        let mover_owns = self.board.current() & bit != 0;
        Some(if mover_owns {
            self.to_move()
        } else {
            self.to_move().other()
        })
    }

    /// The cells, as (column, row), of every four in a row of the player who won,
    /// so a board can highlight them; empty while nobody has won.
    pub fn winning_line(&self) -> Vec<(u32, u32)> {
        let Some(Outcome::Win(winner)) = self.outcome() else {
            return Vec::new();
        };
        let (width, height) = (self.geometry.width() as i32, self.geometry.height() as i32);
        let owns = |c: i32, r: i32| {
            (0..width).contains(&c)
                && (0..height).contains(&r)
                && self.cell(c as u32, r as u32) == Some(winner)
        };
        let mut cells = Vec::new();
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for c in 0..width {
                for r in 0..height {
                    if (0..4).all(|i| owns(c + i * dc, r + i * dr)) {
                        cells.extend((0..4).map(|i| ((c + i * dc) as u32, (r + i * dr) as u32)));
                    }
                }
            }
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Stones in a column.
    fn column_height(&self, column: u32) -> u32 {
        (self.board.occupied() & self.geometry.column_mask(column)).count_ones()
    }

    fn toggle_key(&mut self, player: Player, column: u32, row: u32) {
        let square = self.geometry.cell_index(column, row);
        self.hash ^= KEYS[player.index() * 64 + square] ^ zobrist::SECOND_TO_MOVE;
    }

    fn over_message(&self) -> String {
        match self.outcome() {
            Some(Outcome::Win(player)) => format!(
                "the game is over: the {} player has four in a row",
                player_name(player)
            ),
            _ => "the game is over: the board is full".to_string(),
        }
    }
}

fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

impl Default for ConnectFour {
    fn default() -> Self {
        ConnectFour::standard()
    }
}

impl Game for ConnectFour {
    type Move = u8;

    fn to_move(&self) -> Player {
        if self.board.stones().is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.outcome().is_some() {
            return;
        }
        let geometry = &self.geometry;
        out.extend(
            (0..geometry.width())
                .filter(|&c| self.board.can_play(geometry, c))
                .map(|c| c as u8),
        );
    }

    fn play(&mut self, column: u8) {
        let column = u32::from(column);
        let player = self.to_move();
        let row = self.column_height(column);
        self.toggle_key(player, column, row);
        self.board.play_column(&self.geometry, column);
        self.won = self.board.last_mover_won(&self.geometry);
        self.history.push(column as u8);
    }

    fn undo(&mut self) {
        if let Some(column) = self.history.pop() {
            let column = u32::from(column);
            let row = self.column_height(column) - 1;
            self.board.take_back(self.geometry.cell(column, row));
            self.toggle_key(self.to_move(), column, row);
            self.won = false;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.won {
            Some(Outcome::Win(self.to_move().other()))
        } else if self.board.stones() == self.geometry.cells() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn end_reason(&self) -> Option<String> {
        Some(match self.outcome()? {
            Outcome::Win(_) => "with four in a row".to_string(),
            Outcome::Draw => "with the board full".to_string(),
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let width = self.geometry.width();
        let column = match text.trim().parse::<u32>() {
            Ok(n) if (1..=width).contains(&n) => n - 1,
            _ => {
                return Err(GameError::new(format!(
                    "'{text}' is not a column: expected a number from 1 to {width}"
                )));
            }
        };
        if self.outcome().is_some() {
            return Err(GameError::new(self.over_message()));
        }
        if !self.board.can_play(&self.geometry, column) {
            return Err(GameError::new(format!("column {} is full", column + 1)));
        }
        Ok(column as u8)
    }

    fn format_move(&self, column: u8) -> String {
        (column + 1).to_string()
    }

    fn format_position(&self) -> String {
        if self.history.is_empty() {
            return "-".to_string();
        }
        let moves: Vec<String> = self.history.iter().map(|&c| self.format_move(c)).collect();
        let separator = if self.geometry.width() <= WIDEST_DIGIT_BOARD {
            ""
        } else {
            ","
        };
        moves.join(separator)
    }

    fn split_moves<'t>(&self, text: &'t str) -> Vec<&'t str> {
        let digits_run_together = self.geometry.width() <= WIDEST_DIGIT_BOARD;
        text.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .flat_map(|word| {
                let single_digits = digits_run_together && word.bytes().all(|b| b.is_ascii_digit());
                let pieces: Vec<&str> = if single_digits {
                    (0..word.len()).map(|i| &word[i..i + 1]).collect()
                } else {
                    vec![word]
                };
                pieces
            })
            .collect()
    }
}

impl SearchHooks for ConnectFour {
    fn move_priority(&self, column: u8) -> i32 {
        // Centre columns take part in the most lines of four.
        let width = self.geometry.width() as i32;
        -(2 * i32::from(column) - (width - 1)).abs()
    }
}

impl Playable for ConnectFour {
    /// A column is its number from the left.
    fn starts_move(&self, key: char) -> bool {
        super::starts_number_up_to(key, self.geometry.width() as usize)
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "connect4",
            name: "Connect Four",
            description: "Drop stones into 7 columns; four in a row wins; the first player wins by starting in the centre",
            move_notation: "a column number from 1 (left) to 7 (right): 4",
            position_notation: "the columns played from the empty board, oldest first: 4453 (separated by spaces or commas on boards wider than 9: 10,4,4); - for the empty board",
            options: &[
                OptionInfo {
                    key: "width",
                    default: "7",
                    description: "number of columns (4 to 12; width x (height + 1) at most 64)",
                    choices: &[],
                },
                OptionInfo {
                    key: "height",
                    default: "6",
                    description: "number of rows (4 to 15; width x (height + 1) at most 64)",
                    choices: &[],
                },
            ],
            rules: include_str!("../../../assets/rules/connect4.txt"),
        }
    }

    fn start(options: &GameOptions) -> Result<Self, GameError> {
        let width = options.get_number("width", u64::from(Geometry::STANDARD_WIDTH), 4, 12)?;
        let height = options.get_number("height", u64::from(Geometry::STANDARD_HEIGHT), 4, 15)?;
        Ok(ConnectFour::new(Geometry::new(
            width as u32,
            height as u32,
        )?))
    }

    fn parse_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let mut game = Self::start(options)?;
        let text = text.trim();
        if text != "-" {
            game.play_moves(text)?;
        }
        Ok(game)
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![
            NamedEvaluator {
                name: "seed",
                description: "lines of four still open for the side to move minus lines still open for the opponent",
                evaluator: Arc::new(|g: &ConnectFour| eval::open_lines(&g.geometry, &g.board)),
            },
            NamedEvaluator {
                name: "strong",
                description: "open threats weighted by height and row parity, plus stones weighted towards the centre",
                evaluator: Arc::new(|g: &ConnectFour| {
                    eval::threats_and_centre(&g.geometry, &g.board)
                }),
            },
        ]
    }

    fn explain_evaluation(&self, eval: &str) -> Option<crate::game::Explanation> {
        match eval {
            "seed" => Some(eval::explain_open_lines(&self.geometry, &self.board)),
            "strong" => Some(eval::explain_threats_and_centre(
                &self.geometry,
                &self.board,
            )),
            _ => None,
        }
    }

    fn solve_exactly(&self, stop: Option<&AtomicBool>) -> Option<ExactSolution<u8>> {
        let empty_cells = self.geometry.cells() - self.board.stones();
        self.solve_with_table(stop, solver::table_log2_for_position(empty_cells))
    }

    fn solve_exactly_with_table(
        &self,
        stop: Option<&AtomicBool>,
        table_mib: usize,
    ) -> Option<ExactSolution<u8>> {
        self.solve_with_table(stop, solver::table_log2_for_mib(table_mib))
    }

    const PROFILE: GameProfile = GameProfile::PROVES_POSITIONS;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &str) -> ConnectFour {
        ConnectFour::parse_position(moves, &GameOptions::default()).unwrap()
    }

    #[test]
    fn the_winning_line_is_the_four_that_won() {
        assert!(after("445566").winning_line().is_empty());
        assert_eq!(
            after("4455667").winning_line(),
            [(3, 0), (4, 0), (5, 0), (6, 0)]
        );
        let diagonal = after("12233434464");
        assert_eq!(diagonal.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(diagonal.winning_line(), [(0, 0), (1, 1), (2, 2), (3, 3)]);
        // A stone dropped into the gap of X X _ X X makes five in a row: all five light up.
        let mut five = after("1122445");
        assert_eq!(five.outcome(), None);
        five.play(4);
        five.play(2);
        assert_eq!(
            five.winning_line(),
            [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
        );
    }
}
