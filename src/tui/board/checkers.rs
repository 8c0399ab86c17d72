//! The checkers board: the 32 dark squares with their PDN numbers, men and kings
//! (● ○ and ◉ ◎, or b w and B W with `a` or without colour), the pieces that must
//! capture, the chosen piece's next landing squares, and the last move's jump path
//! with the pieces it took.
//!
//! A move is a sequence of picks: a piece, then its landing square; a multi-jump
//! with more than one way on is chosen square by square (or by its last square when
//! only one path leads there). `f` flips the board, `s` hides the square numbers.

use super::Canvas;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::{BoardGame, CELLS, Cell, Marks, Pick, Steer, View};
use crate::game::checkers::board::{column_of, row_of, square_at};
use crate::game::checkers::{Checkers, Move, notation, side_name};
use crate::game::{Game, Player};
use crate::tui::theme::Theme;

/// The keys under the board.
const KEYS_LINE: &str = "f flip a letters s numbers";

/// Eight squares, and room for the line of keys under them; eight rows, a line
/// for the move being built or the forced captures, one of keys.
fn drawing_size(cell: Cell) -> (u16, u16) {
    (
        (8 * cell.width).max(KEYS_LINE.len() as u16),
        8 * cell.height + 2,
    )
}

/// The largest cell whose board fits `room`.
fn cell_within(room: (u16, u16)) -> Cell {
    Cell::within(room, drawing_size)
}

/// Where the player points and what they have picked so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckersCursor {
    /// Row from the top of the drawing (0..8).
    pub row: u16,
    /// Column from the left of the drawing (0..8).
    pub column: u16,
    /// The squares picked for the move being built: the piece, then its landings.
    pub path: Vec<usize>,
    /// Board turned round or not, pieces as letters or not: kept across moves.
    pub view: View,
    /// Numbers on the empty dark squares.
    pub numbers: bool,
}

impl CheckersCursor {
    /// The dark square under the cursor, if it is on one.
    fn square(&self) -> Option<usize> {
        let (row, column) = board_coordinates(self.row, self.column, self.view.flipped);
        square_at(row, column)
    }
}

/// Board row and column of a drawn row and column.
fn board_coordinates(row: u16, column: u16, flipped: bool) -> (usize, usize) {
    let (row, column) = (row as usize, column as usize);
    if flipped {
        (7 - row, 7 - column)
    } else {
        (row, column)
    }
}

/// Drawn row and column of a square.
fn view_coordinates(square: usize, flipped: bool) -> (u16, u16) {
    let (row, column) = (row_of(square) as u16, column_of(square) as u16);
    if flipped {
        (7 - row, 7 - column)
    } else {
        (row, column)
    }
}

/// Where the drawing sits inside `area`: centred.
fn origin(area: Rect, cell: Cell) -> Position {
    let (width, height) = drawing_size(cell);
    Position::new(
        area.x + area.width.saturating_sub(width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
    )
}

/// How a piece is drawn.
fn piece_symbol(player: Player, king: bool, letters: bool) -> char {
    match (player, king, letters) {
        (Player::First, false, false) => '●',
        (Player::First, true, false) => '◉',
        (Player::Second, false, false) => '○',
        (Player::Second, true, false) => '◎',
        (Player::First, false, true) => 'b',
        (Player::First, true, true) => 'B',
        (Player::Second, false, true) => 'w',
        (Player::Second, true, true) => 'W',
    }
}

/// Every square a move touches: where it starts and each landing.
fn path_squares(m: Move) -> impl Iterator<Item = usize> {
    std::iter::once(m.from as usize).chain(m.landings())
}

/// What the board shows about one square besides its piece.
#[derive(Clone, Copy, Default)]
struct SquareMarks {
    /// A landing square the picked piece may go to next.
    target: bool,
    /// A piece that has a capture (captures are forced).
    must_capture: bool,
    /// On the last move's path.
    last_path: bool,
    /// A piece the last move took.
    last_taken: bool,
    /// On the hint's path.
    hint: bool,
    /// Picked for the move being built, or under the cursor.
    selected: bool,
}

impl Checkers {
    /// The legal moves that start with the picked squares.
    fn moves_along(&self, path: &[usize]) -> Vec<Move> {
        let Some((&from, landings)) = path.split_first() else {
            return Vec::new();
        };
        self.moves()
            .into_iter()
            .filter(|&m| {
                m.from as usize == from
                    && m.landings()
                        .take(landings.len())
                        .eq(landings.iter().copied())
            })
            .collect()
    }

    /// The squares the picked piece may land on next.
    fn next_landings(&self, path: &[usize]) -> Vec<usize> {
        let done = path.len().saturating_sub(1);
        self.moves_along(path)
            .into_iter()
            .filter_map(|m| m.landings().nth(done))
            .collect()
    }

    /// The marks of one square in this frame.
    fn marks_of(
        &self,
        square: usize,
        cursor: &CheckersCursor,
        marks: &Marks<Move>,
        targets: &[usize],
        capturers: u32,
    ) -> SquareMarks {
        let human = marks.human_to_move;
        SquareMarks {
            target: human && targets.contains(&square),
            must_capture: human && capturers & (1 << square) != 0,
            last_path: marks
                .last
                .is_some_and(|m| path_squares(m).any(|s| s == square)),
            last_taken: marks.last.is_some_and(|m| {
                m.captured & (1 << square) != 0 && self.board().piece_at(square).is_none()
            }),
            hint: marks
                .hint
                .is_some_and(|m| path_squares(m).any(|s| s == square)),
            selected: human && (cursor.path.contains(&square) || cursor.square() == Some(square)),
        }
    }

    /// The three characters of a dark square and their style.
    fn square_look(
        &self,
        square: usize,
        cursor: &CheckersCursor,
        look: SquareMarks,
        theme: &Theme,
    ) -> (String, Style) {
        let (text, mut style) = match self.board().piece_at(square) {
            Some((player, king)) => {
                let symbol = piece_symbol(player, king, cursor.view.letters);
                let text = if look.must_capture {
                    format!("({symbol})")
                } else {
                    format!(" {symbol} ")
                };
                (text, theme.side(player))
            }
            None if look.target => (" * ".to_string(), theme.legal),
            None if look.last_taken => (" x ".to_string(), theme.dim),
            None if cursor.numbers => (
                format!(" {:<2}", notation::format_square(square)),
                theme.dim,
            ),
            None => (" · ".to_string(), theme.dim),
        };
        if look.must_capture {
            style = style.patch(theme.legal);
        }
        if look.last_path || look.last_taken {
            style = style.patch(theme.last_move);
        }
        if look.hint {
            style = style.patch(theme.hint);
        }
        if look.selected {
            style = style.patch(theme.selected);
        }
        (text, style)
    }

    /// The line under the board: the move being built, else the forced captures.
    fn prompt_line(&self, cursor: &CheckersCursor, human_to_move: bool) -> String {
        if cursor.path.len() > 1 {
            let picked: Vec<String> = cursor
                .path
                .iter()
                .map(|&s| notation::format_square(s))
                .collect();
            return format!("jump: {}x…", picked.join("x"));
        }
        if human_to_move && self.must_capture() {
            return format!("{} must capture", side_name(self.to_move()));
        }
        String::new()
    }

    fn draw(&self, cursor: &CheckersCursor, marks: &Marks<Move>, canvas: Canvas<'_>) {
        let Canvas { theme, area, buf } = canvas;
        let cell = cell_within((area.width, area.height));
        let origin = origin(area, cell);
        let (inset_x, inset_y) = cell.inset();
        let blank = " ".repeat(cell.width as usize);
        let mut put = |x: u16, y: u16, text: &str, style: Style| {
            if area.contains(Position::new(x, y)) {
                buf.set_stringn(x, y, text, (area.right() - x) as usize, style);
            }
        };
        let targets = self.next_landings(&cursor.path);
        let capturers = if self.must_capture() {
            self.moves().iter().fold(0, |all, m| all | 1 << m.from)
        } else {
            0
        };
        for row in 0..8u16 {
            for column in 0..8u16 {
                let (board_row, board_column) = board_coordinates(row, column, cursor.view.flipped);
                let x = origin.x + column * cell.width;
                let y = origin.y + row * cell.height;
                let Some(square) = square_at(board_row, board_column) else {
                    let light =
                        cursor.square().is_none() && (cursor.row, cursor.column) == (row, column);
                    let style = if light && marks.human_to_move {
                        theme.selected
                    } else {
                        theme.text
                    };
                    for dy in 0..cell.height {
                        put(x, y + dy, &blank, style);
                    }
                    continue;
                };
                let look = self.marks_of(square, cursor, marks, &targets, capturers);
                let (text, style) = self.square_look(square, cursor, look, theme);
                // A large square is filled, so the cursor and the marks show as blocks.
                for dy in 0..cell.height {
                    put(x, y + dy, &blank, style);
                }
                put(x + inset_x, y + inset_y, &text, style);
            }
        }
        let below = origin.y + 8 * cell.height;
        put(
            origin.x,
            below,
            &self.prompt_line(cursor, marks.human_to_move),
            theme.text,
        );
        put(origin.x, below + 1, KEYS_LINE, theme.dim);
    }

    /// Enter on the cursor's square: pick a piece, or the next square of its move.
    fn select(&self, cursor: &mut CheckersCursor) -> Pick<Move> {
        let Some(square) = cursor.square() else {
            return Pick::Refused("pieces stand on the dark squares only".to_string());
        };
        let own = self
            .board()
            .piece_at(square)
            .is_some_and(|(p, _)| p == self.to_move());
        if cursor.path.len() == 1 && cursor.path[0] == square {
            cursor.path.clear();
            return Pick::Moved;
        }
        if own && cursor.path.len() <= 1 {
            return self.pick_piece(cursor, square);
        }
        if cursor.path.is_empty() {
            return Pick::Refused(format!(
                "pick one of {}'s pieces first",
                side_name(self.to_move())
            ));
        }
        self.pick_landing(cursor, square)
    }

    /// Picks the piece on `square` to move.
    fn pick_piece(&self, cursor: &mut CheckersCursor, square: usize) -> Pick<Move> {
        if !self.moves_along(&[square]).is_empty() {
            cursor.path = vec![square];
            return Pick::Moved;
        }
        let moves = self.moves();
        if moves.iter().any(|m| m.is_capture()) {
            let captures: Vec<String> = moves.iter().map(|&m| self.format_move(m)).collect();
            Pick::Refused(format!("a capture is mandatory: {}", captures.join(", ")))
        } else {
            Pick::Refused(format!("the piece on {} cannot move", square + 1))
        }
    }

    /// Adds `square` to the move being built: plays it once only one move fits.
    fn pick_landing(&self, cursor: &mut CheckersCursor, square: usize) -> Pick<Move> {
        let mut extended = cursor.path.clone();
        extended.push(square);
        let along = self.moves_along(&extended);
        let ending_here: Vec<Move> = self
            .moves_along(&cursor.path)
            .into_iter()
            .filter(|m| m.to as usize == square)
            .collect();
        match (along.as_slice(), ending_here.as_slice()) {
            ([m], _) | ([], [m]) => {
                cursor.path.clear();
                Pick::Play(*m)
            }
            ([], []) => Pick::Refused(format!(
                "the piece on {} cannot go to {}",
                cursor.path[0] + 1,
                square + 1
            )),
            ([], _) => Pick::Refused(format!(
                "more than one jump path leads to {}: pick the squares in turn",
                square + 1
            )),
            _ => {
                cursor.path = extended;
                Pick::Moved
            }
        }
    }
}

impl BoardGame for Checkers {
    type Cursor = CheckersCursor;

    fn initial_cursor(&self) -> CheckersCursor {
        let square = self.moves().first().map_or(0, |m| m.from as usize);
        let (row, column) = view_coordinates(square, false);
        CheckersCursor {
            row,
            column,
            path: Vec::new(),
            view: View::default(),
            numbers: true,
        }
    }

    fn next_cursor(&self, previous: &CheckersCursor) -> CheckersCursor {
        CheckersCursor {
            path: Vec::new(),
            ..previous.clone()
        }
    }

    fn face(&self, cursor: &mut CheckersCursor, bottom: Player) {
        if (bottom == Player::Second) != cursor.view.flipped {
            self.letter(cursor, 'f');
        }
    }

    fn board_keys() -> &'static [(&'static str, &'static str)] {
        &[
            ("f", "turn the board round"),
            ("a", "letters instead of Unicode pieces"),
            ("s", "show or hide the square numbers"),
        ]
    }

    fn letter(&self, cursor: &mut CheckersCursor, key: char) -> bool {
        if key == 's' {
            cursor.numbers = !cursor.numbers;
            return true;
        }
        if key == 'f' {
            // The same square stays under the cursor.
            cursor.row = 7 - cursor.row;
            cursor.column = 7 - cursor.column;
        }
        cursor.view.toggle(key)
    }

    fn board_size(&self) -> (u16, u16) {
        drawing_size(CELLS[0])
    }

    fn board_size_within(&self, room: (u16, u16)) -> (u16, u16) {
        drawing_size(cell_within(room))
    }

    fn render_board(
        &self,
        cursor: &CheckersCursor,
        marks: &Marks<Move>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let mut shown = cursor.clone();
        shown.view = shown.view.under(theme);
        self.draw(&shown, marks, Canvas { theme, area, buf });
    }

    fn steer(&self, cursor: &mut CheckersCursor, steer: Steer) -> Pick<Move> {
        match steer.step_in_grid((cursor.column, cursor.row), (8, 8)) {
            Some((column, row)) => (cursor.column, cursor.row) = (column, row),
            None if steer == Steer::Select => return self.select(cursor),
            None if !cursor.path.is_empty() => cursor.path.clear(),
            None => return Pick::Ignored,
        }
        Pick::Moved
    }

    fn click(&self, cursor: &mut CheckersCursor, area: Rect, at: Position) -> Pick<Move> {
        let cell = cell_within((area.width, area.height));
        let origin = origin(area, cell);
        let column = at.x.checked_sub(origin.x).map(|dx| dx / cell.width);
        let row = at.y.checked_sub(origin.y).map(|dy| dy / cell.height);
        match (row, column) {
            (Some(row), Some(column)) if row < 8 && column < 8 => {
                cursor.row = row;
                cursor.column = column;
                self.select(cursor)
            }
            _ => Pick::Ignored,
        }
    }

    fn side_name(player: Player) -> &'static str {
        side_name(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Playable};
    use crate::tui::board::drawn_plain;

    fn position(fen: &str) -> Checkers {
        Checkers::parse_position(fen, &GameOptions::default()).unwrap()
    }

    fn draw(game: &Checkers, cursor: &CheckersCursor, marks: &Marks<Move>) -> Vec<String> {
        drawn_plain(26, 10, |canvas| game.draw(cursor, marks, canvas))
    }

    fn human() -> Marks<Move> {
        Marks {
            human_to_move: true,
            ..Marks::default()
        }
    }

    /// Puts the cursor on a PDN square.
    fn point(cursor: &mut CheckersCursor, pdn: usize) {
        let (row, column) = view_coordinates(pdn - 1, cursor.view.flipped);
        cursor.row = row;
        cursor.column = column;
    }

    #[test]
    fn draws_the_start_with_men_and_square_numbers() {
        let game = Checkers::new();
        let lines = draw(&game, &game.initial_cursor(), &Marks::default());
        assert_eq!(lines[0], "    ●     ●     ●     ●");
        assert_eq!(lines[2], "    ●     ●     ●     ●");
        assert_eq!(lines[3], " 13    14    15    16");
        assert_eq!(lines[4], "    17    18    19    20");
        assert_eq!(lines[7], " ○     ○     ○     ○");
        assert_eq!(lines[9], "f flip a letters s numbers");
    }

    #[test]
    fn letters_kings_flipping_and_hidden_numbers() {
        let game = position("W:WK1,5:BK32,28");
        let mut cursor = game.initial_cursor();
        cursor.view.letters = true;
        let lines = draw(&game, &cursor, &Marks::default());
        assert_eq!(lines[0], "    W     2     3     4");
        assert_eq!(lines[1], " w     6     7     8");
        assert_eq!(lines[7], " 29    30    31    B");
        assert!(game.letter(&mut cursor, 'f'));
        assert!(game.letter(&mut cursor, 's'));
        let flipped = draw(&game, &cursor, &Marks::default());
        assert_eq!(flipped[0], "    B     ·     ·     ·");
        assert_eq!(flipped[7], " ·     ·     ·     W");
        assert!(game.next_cursor(&cursor).view.flipped);
    }

    #[test]
    fn pieces_that_must_capture_are_marked() {
        let game = position("B:W18,30:B14,1");
        let lines = draw(&game, &game.initial_cursor(), &human());
        assert_eq!(lines[3], " 13   (●)    15    16");
        assert_eq!(lines[8], "Black must capture");
        let mut cursor = game.initial_cursor();
        point(&mut cursor, 1);
        let refused = game.steer(&mut cursor, Steer::Select);
        assert_eq!(
            refused,
            Pick::Refused("a capture is mandatory: 14x23".to_string())
        );
    }

    #[test]
    fn a_step_is_a_piece_then_its_square() {
        let game = Checkers::new();
        let mut cursor = game.initial_cursor();
        point(&mut cursor, 11);
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Moved);
        let lines = draw(&game, &cursor, &human());
        assert_eq!(lines[3], " 13    14    *     *");
        game.steer(&mut cursor, Steer::Down);
        game.steer(&mut cursor, Steer::Left);
        let expected = game.parse_move("11-15").unwrap();
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Play(expected));
        assert!(cursor.path.is_empty());
    }

    #[test]
    fn a_multi_jump_is_chosen_square_by_square() {
        let game = position("B:W6,7,14,15:B2");
        let mut cursor = game.initial_cursor();
        point(&mut cursor, 2);
        game.steer(&mut cursor, Steer::Select);
        // Both paths end on 18: choosing it directly is refused.
        point(&mut cursor, 18);
        assert!(
            matches!(game.steer(&mut cursor, Steer::Select), Pick::Refused(m) if m.contains("more than one"))
        );
        point(&mut cursor, 11);
        assert_eq!(
            game.steer(&mut cursor, Steer::Select),
            Pick::Play(game.parse_move("2x11x18").unwrap())
        );
        // With one path, the last square is enough.
        let single = position("B:W19,27,30:B15");
        let mut cursor = single.initial_cursor();
        assert_eq!(cursor.square(), Some(14));
        single.steer(&mut cursor, Steer::Select);
        let lines = draw(&single, &cursor, &human());
        assert_eq!(lines[5], " 21    22    23    *");
        point(&mut cursor, 24);
        let whole = single.parse_move("15x24x31").unwrap();
        assert_eq!(
            single.steer(&mut cursor.clone(), Steer::Select),
            Pick::Play(whole)
        );
        point(&mut cursor, 31);
        assert_eq!(single.steer(&mut cursor, Steer::Select), Pick::Play(whole));
    }

    #[test]
    fn the_last_jump_path_and_the_taken_pieces_are_shown() {
        let mut game = position("B:W19,27,30:B15");
        let m = game.parse_move("15x24x31").unwrap();
        game.play(m);
        let marks = Marks {
            last: Some(m),
            ..Marks::default()
        };
        let lines = draw(&game, &game.initial_cursor(), &marks);
        assert_eq!(lines[4], "    17    18    x     20");
        assert_eq!(lines[6], "    25    26    x     28");
        assert_eq!(lines[7], " 29    ○     ◉     32");
        let theme = Theme::plain();
        let area = Rect::new(0, 0, 26, 10);
        let mut buf = Buffer::empty(area);
        game.render_board(&game.initial_cursor(), &marks, &theme, area, &mut buf);
        for pdn in [15, 19, 24, 27, 31] {
            let (row, column) = view_coordinates(pdn - 1, false);
            let modifier = buf[(column * 3 + 1, row)].modifier;
            assert!(
                modifier.contains(theme.last_move.add_modifier),
                "square {pdn}"
            );
        }
    }

    #[test]
    fn clicks_pick_the_piece_and_the_square() {
        let game = Checkers::new();
        let area = Rect::new(4, 2, 40, 20);
        // Room for squares five columns wide and two rows high.
        let cell = cell_within((area.width, area.height));
        assert_eq!(cell, CELLS[1]);
        let o = origin(area, cell);
        let at = |pdn: usize| {
            let (row, column) = view_coordinates(pdn - 1, false);
            Position::new(o.x + column * cell.width + 1, o.y + row * cell.height + 1)
        };
        let mut cursor = game.initial_cursor();
        assert_eq!(game.click(&mut cursor, area, at(9)), Pick::Moved);
        assert_eq!(
            game.click(&mut cursor, area, at(13)),
            Pick::Play(game.parse_move("9-13").unwrap())
        );
        assert_eq!(
            game.click(&mut cursor, area, Position::new(0, 0)),
            Pick::Ignored
        );
    }
}
