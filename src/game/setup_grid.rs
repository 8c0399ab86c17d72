//! Setting a position up square by square, as chess GUIs' board editors and Go
//! programs' setup stones do: the analysis board edits a [`PieceGrid`] and the game
//! turns it back into its own position notation, whose reader then checks it (a
//! chess position without a king is refused there, with the reader's reason).
//!
//! Games whose positions are not laid out square by square (Connect Four's
//! columns fill from below, Kalah counts seeds, Grundy's game has heaps) offer no
//! pieces, and the editor is not offered for them.

use super::{GameError, Player};

/// FEN's letters for the side to move.
const FEN_SIDES: [char; 2] = ['w', 'b'];

/// The first and second sides' letters in the positions of the games of stones
/// and discs (gomoku, Othello, tic-tac-toe; the side to move's letter too).
pub const STONE_LETTERS: [char; 2] = ['x', 'o'];
/// Those games' pieces for the editor: `x` the first side's, `o` the second's.
pub const STONES: [SetupPiece; 2] = [
    SetupPiece::new(STONE_LETTERS[0], Player::First),
    SetupPiece::new(STONE_LETTERS[1], Player::Second),
];

/// A piece the editor can put on a square: the key that puts it, which is also
/// how the grid stores it, and its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupPiece {
    /// The key typed and the letter stored (chess's FEN letters, gomoku's `x`).
    pub key: char,
    /// The side the piece belongs to, for its colour on the editor.
    pub side: Player,
}

impl SetupPiece {
    /// A piece of `side` put by `key`.
    pub const fn new(key: char, side: Player) -> SetupPiece {
        SetupPiece { key, side }
    }
}

/// A position as a grid of piece letters, top rank first, with the labels its
/// players read the board by and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceGrid {
    /// Squares along a rank.
    pub files: usize,
    /// Ranks, top first, `files` squares each: a piece's key or nothing.
    pub squares: Vec<Option<char>>,
    /// The files' labels, left to right (`a` to `h`).
    pub file_labels: Vec<String>,
    /// The ranks' labels, top first (`8` down to `1`).
    pub rank_labels: Vec<String>,
    /// The side to move; `None` where the game works it out from the pieces
    /// (tic-tac-toe's counts).
    pub to_move: Option<Player>,
}

impl PieceGrid {
    /// An empty grid labelled as most boards are: files `a`, `b`, ... from the
    /// left, ranks numbered from 1 at the bottom.
    pub fn empty(files: usize, ranks: usize, to_move: Option<Player>) -> PieceGrid {
        PieceGrid {
            files,
            squares: vec![None; files * ranks],
            file_labels: (0..files)
                .map(|f| char::from(b'a' + f as u8).to_string())
                .collect(),
            rank_labels: (1..=ranks).rev().map(|r| r.to_string()).collect(),
            to_move,
        }
    }

    /// Ranks on the board.
    pub fn ranks(&self) -> usize {
        self.squares.len() / self.files.max(1)
    }

    /// The piece at (`file`, `row`), rows counted from the top.
    pub fn get(&self, file: usize, row: usize) -> Option<char> {
        self.squares.get(row * self.files + file).copied().flatten()
    }

    /// Puts `piece` (or nothing) at (`file`, `row`); squares off the grid are ignored.
    pub fn set(&mut self, file: usize, row: usize, piece: Option<char>) {
        if file < self.files
            && let Some(square) = self.squares.get_mut(row * self.files + file)
        {
            *square = piece;
        }
    }

    /// Reads ranks written top first and split by `/`: a letter per piece, and
    /// empty squares as `empty` characters or (FEN) as digits counting a run.
    pub fn read_ranks(
        text: &str,
        files: usize,
        empty: char,
        to_move: Option<Player>,
    ) -> Result<PieceGrid, GameError> {
        let ranks: Vec<&str> = text.split('/').collect();
        let mut grid = PieceGrid::empty(files, ranks.len(), to_move);
        for (row, rank) in ranks.iter().enumerate() {
            let mut file = 0;
            let mut digits = String::new();
            let flush = |digits: &mut String, file: &mut usize| {
                *file += digits.parse::<usize>().unwrap_or(0);
                digits.clear();
            };
            for c in rank.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                flush(&mut digits, &mut file);
                if c != empty {
                    grid.set(file, row, Some(c));
                }
                file += 1;
            }
            flush(&mut digits, &mut file);
            if file != files {
                return Err(GameError::new(format!(
                    "rank {} has {file} squares, not {files}",
                    row + 1
                )));
            }
        }
        Ok(grid)
    }

    /// The ranks top first, split by `/`: each piece's letter, and empty squares
    /// as `empty` characters, or as FEN's counts of a run when `runs` is true.
    pub fn write_ranks(&self, empty: char, runs: bool) -> String {
        let ranks: Vec<String> = self
            .squares
            .chunks(self.files.max(1))
            .map(|rank| {
                let mut text = String::new();
                let mut run = 0;
                for square in rank {
                    match square {
                        None if runs => run += 1,
                        None => text.push(empty),
                        Some(piece) => {
                            if run > 0 {
                                text.push_str(&run.to_string());
                                run = 0;
                            }
                            text.push(*piece);
                        }
                    }
                }
                if run > 0 {
                    text.push_str(&run.to_string());
                }
                text
            })
            .collect();
        ranks.join("/")
    }

    /// Reads ranks and, after a space, the side to move's letter (`sides[0]` the
    /// first side's, else the second's), as FEN, gomoku, Othello and Dodgem write
    /// positions; fields after those are the game's own.
    pub fn from_picture(
        text: &str,
        files: usize,
        sides: [char; 2],
    ) -> Result<PieceGrid, GameError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().unwrap_or_default();
        let to_move = match fields.next().and_then(|side| side.chars().next()) {
            Some(letter) if letter == sides[1] => Player::Second,
            _ => Player::First,
        };
        PieceGrid::read_ranks(board, files, '.', Some(to_move))
    }

    /// The ranks (FEN's counts of empty runs when `runs` is true, else dots) and
    /// the side to move's letter, as [`PieceGrid::from_picture`] reads them.
    pub fn picture(&self, sides: [char; 2], runs: bool) -> String {
        let side = match self.to_move {
            Some(Player::Second) => sides[1],
            _ => sides[0],
        };
        format!("{} {side}", self.write_ranks('.', runs))
    }

    /// Reads a FEN's board and side to move, as chess and xiangqi write them.
    pub fn from_fen(fen: &str, files: usize) -> Result<PieceGrid, GameError> {
        PieceGrid::from_picture(fen, files, FEN_SIDES)
    }

    /// The FEN's first two fields, board and side to move, for a game to finish.
    pub fn fen_board_and_side(&self) -> String {
        self.picture(FEN_SIDES, true)
    }

    /// Every square with its piece, as (file, row from the top, key).
    pub fn pieces(&self) -> impl Iterator<Item = (usize, usize, char)> + '_ {
        let files = self.files.max(1);
        self.squares
            .iter()
            .enumerate()
            .filter_map(move |(i, square)| square.map(|piece| (i % files, i / files, piece)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_ranks_read_and_write_back_the_same() {
        let board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
        let grid = PieceGrid::read_ranks(board, 8, '.', None).unwrap();
        assert_eq!(grid.ranks(), 8);
        assert_eq!(grid.get(4, 4), Some('P'));
        assert_eq!(grid.get(4, 6), None);
        assert_eq!(grid.write_ranks('.', true), board);
        assert_eq!(grid.rank_labels.first().map(String::as_str), Some("8"));
    }

    #[test]
    fn dotted_ranks_and_runs_mix_as_gomoku_writes_them() {
        let grid = PieceGrid::read_ranks("x..o/4/.2x", 4, '.', Some(Player::Second)).unwrap();
        assert_eq!(grid.get(0, 0), Some('x'));
        assert_eq!(grid.get(3, 0), Some('o'));
        assert_eq!(grid.get(3, 2), Some('x'));
        assert_eq!(grid.write_ranks('.', false), "x..o/..../...x");
        assert_eq!(grid.pieces().count(), 3);
    }

    #[test]
    fn a_rank_of_the_wrong_length_is_refused() {
        let error = PieceGrid::read_ranks("8/7", 8, '.', None).unwrap_err().0;
        assert_eq!(error, "rank 2 has 7 squares, not 8");
    }
}

#[cfg(test)]
mod every_game {
    use super::*;
    use crate::game::{GameOptions, GameVisitor, Playable, games, visit_game};

    /// The start position, laid on the editor's grid and written back, reads as
    /// the same position; the grid holds only the game's own pieces.
    struct RoundTrip;
    impl GameVisitor for RoundTrip {
        type Output = bool;
        fn visit<G: Playable>(self) -> bool {
            let start = G::start(&GameOptions::default()).unwrap();
            let Some(grid) = start.setup_grid() else {
                assert!(G::setup_pieces().is_empty(), "{}", G::info().id);
                return false;
            };
            let keys: Vec<char> = G::setup_pieces().iter().map(|p| p.key).collect();
            assert!(grid.pieces().all(|(_, _, piece)| keys.contains(&piece)));
            assert_eq!(grid.file_labels.len(), grid.files);
            assert_eq!(grid.rank_labels.len(), grid.ranks());
            let text = start.setup_position(&grid);
            let again = G::parse_position(&text, &GameOptions::default()).unwrap();
            assert_eq!(again.format_position(), start.format_position(), "{text}");
            true
        }
    }

    #[test]
    fn the_board_games_set_up_their_start_position_square_by_square() {
        let editable: Vec<&str> = games()
            .into_iter()
            .filter(|info| visit_game(info.id, RoundTrip).unwrap())
            .map(|info| info.id)
            .collect();
        assert_eq!(
            editable,
            ["tictactoe", "gomoku", "go", "chess", "othello", "xiangqi"]
        );
    }

    #[test]
    fn a_chess_grid_without_a_black_king_is_refused_by_the_fen_reader() {
        let start = crate::game::chess::Chess::new();
        let mut grid = start.setup_grid().unwrap();
        grid.set(4, 0, None);
        let text = start.setup_position(&grid);
        assert_eq!(
            text,
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
        );
        assert!(crate::game::chess::Chess::parse_position(&text, &GameOptions::default()).is_err());
        grid.set(7, 7, None);
        grid.to_move = Some(Player::Second);
        let text = start.setup_position(&grid);
        assert!(text.ends_with(" b Q - 0 1"), "{text}");
    }

    #[test]
    fn go_stones_set_up_are_sgf_setup_stones_with_the_side_to_move() {
        use crate::game::Game;
        let start = crate::game::go::Go::parse_position("-", &GameOptions::default()).unwrap();
        let mut grid = start.setup_grid().unwrap();
        assert_eq!(grid.file_labels[8], "J");
        grid.set(2, 6, Some('x'));
        grid.set(4, 4, Some('o'));
        grid.to_move = Some(Player::Second);
        let text = start.setup_position(&grid);
        assert_eq!(
            text,
            "(;GM[1]FF[4]CA[UTF-8]RU[Chinese]SZ[9]KM[7.5]AB[cg]AW[ee]PL[W])"
        );
        let game = crate::game::go::Go::parse_position(&text, &GameOptions::default()).unwrap();
        assert_eq!(game.to_move(), Player::Second);
        assert_eq!(game.setup_grid().unwrap().get(2, 6), Some('x'));
    }
}
