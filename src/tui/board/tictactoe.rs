//! The tic-tac-toe board: a 3x3 grid with file letters and rank numbers, X and O
//! in their colours, the last move and the winning line highlighted.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::{BoardGame, Marks, Pick, Steer};
use crate::game::tictactoe::TicTacToe;
use crate::game::{Game, Player, format_square};
use crate::tui::theme::Theme;

/// Width of the drawing: rank labels, then three cells of three columns and borders.
const WIDTH: u16 = 15;
/// Height of the drawing: file labels, then three rows and borders.
const HEIGHT: u16 = 8;

/// A square as (file, rank), both from 0; rank 0 is the bottom row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    /// Column from the left.
    pub file: usize,
    /// Row from the bottom.
    pub rank: usize,
}

impl Square {
    fn index(self) -> usize {
        self.rank * 3 + self.file
    }
}

/// The board widget; it borrows the position and is rebuilt every frame.
pub struct TicTacToeBoard<'a> {
    /// The position drawn.
    pub game: &'a TicTacToe,
    /// The cursor, drawn when a human is to move.
    pub cursor: Square,
    /// Last move, hint and whose turn it is.
    pub marks: &'a Marks<u8>,
    /// The styles.
    pub theme: &'a Theme,
}

/// Where the drawing sits inside `area`: centred.
fn origin(area: Rect) -> Position {
    Position::new(
        area.x + area.width.saturating_sub(WIDTH) / 2,
        area.y + area.height.saturating_sub(HEIGHT) / 2,
    )
}

/// The top-left screen cell of a square's three-column interior.
fn cell_position(origin: Position, square: Square) -> Position {
    Position::new(
        origin.x + 3 + square.file as u16 * 4,
        origin.y + 2 + (2 - square.rank as u16) * 2,
    )
}

const GRID: [&str; 7] = [
    "┌───┬───┬───┐",
    "│   │   │   │",
    "├───┼───┼───┤",
    "│   │   │   │",
    "├───┼───┼───┤",
    "│   │   │   │",
    "└───┴───┴───┘",
];

impl Widget for TicTacToeBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let origin = origin(area);
        let fits = |x: u16, y: u16| area.contains(Position::new(x, y));
        let mut put = |x: u16, y: u16, text: &str, style: Style| {
            if fits(x, y) {
                let room = (area.right() - x) as usize;
                buf.set_stringn(x, y, text, room, style);
            }
        };
        put(origin.x + 2, origin.y, "  a   b   c", self.theme.dim);
        for (row, line) in GRID.iter().enumerate() {
            put(
                origin.x + 2,
                origin.y + 1 + row as u16,
                line,
                self.theme.dim,
            );
        }
        for rank in 0..3 {
            let label = (rank + 1).to_string();
            put(
                origin.x,
                origin.y + 2 + (2 - rank) * 2,
                &label,
                self.theme.dim,
            );
        }
        let winning = self.game.winning_line().unwrap_or(0);
        for rank in 0..3 {
            for file in 0..3 {
                let square = Square { file, rank };
                let at = cell_position(origin, square);
                let (text, style) = self.cell_look(square, winning);
                put(at.x, at.y, &text, style);
            }
        }
    }
}

impl TicTacToeBoard<'_> {
    /// The three characters and the style of one square.
    fn cell_look(&self, square: Square, winning: u16) -> (String, Style) {
        let index = square.index();
        let theme = self.theme;
        let mover = self.game.to_move();
        let (mark, mut style) = match self.game.cell(index) {
            Some(player) => (TicTacToe::side_name(player), theme.side(player)),
            None if self.marks.hint == Some(index as u8) => {
                (lower(TicTacToe::side_name(mover)), theme.hint)
            }
            None if self.marks.human_to_move => ("·", theme.legal),
            None => (" ", theme.text),
        };
        if winning & (1 << index) != 0 {
            style = style.patch(theme.good);
        } else if self.marks.last == Some(index as u8) {
            style = style.patch(theme.last_move);
        }
        if self.marks.human_to_move && square == self.cursor {
            style = style.patch(theme.selected);
        }
        (format!(" {mark} "), style)
    }
}

fn lower(name: &'static str) -> &'static str {
    match name {
        "X" => "x",
        "O" => "o",
        other => other,
    }
}

impl BoardGame for TicTacToe {
    type Cursor = Square;

    fn initial_cursor(&self) -> Square {
        Square { file: 1, rank: 1 }
    }

    fn board_size(&self) -> (u16, u16) {
        (WIDTH, HEIGHT)
    }

    fn render_board(
        &self,
        cursor: &Square,
        marks: &Marks<u8>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let board = TicTacToeBoard {
            game: self,
            cursor: *cursor,
            marks,
            theme,
        };
        board.render(area, buf);
    }

    fn steer(&self, cursor: &mut Square, steer: Steer) -> Pick<u8> {
        match steer {
            Steer::Up => cursor.rank = (cursor.rank + 1).min(2),
            Steer::Down => cursor.rank = cursor.rank.saturating_sub(1),
            Steer::Left => cursor.file = cursor.file.saturating_sub(1),
            Steer::Right => cursor.file = (cursor.file + 1).min(2),
            Steer::Select => {
                return Pick::from_parsed(
                    self.parse_move(&format_square(cursor.file, cursor.rank)),
                );
            }
            Steer::Cancel => return Pick::Ignored,
        }
        Pick::Moved
    }

    fn click(&self, cursor: &mut Square, area: Rect, at: Position) -> Pick<u8> {
        let origin = origin(area);
        let hit = (0..9)
            .map(|i| Square {
                file: i % 3,
                rank: i / 3,
            })
            .find(|&square| {
                let cell = cell_position(origin, square);
                Rect::new(cell.x, cell.y, 3, 1).contains(at)
            });
        match hit {
            Some(square) => {
                *cursor = square;
                self.steer(cursor, Steer::Select)
            }
            None => Pick::Ignored,
        }
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "X",
            Player::Second => "O",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Playable};
    use crate::tui::board::drawn_board;

    fn draw(game: &TicTacToe, marks: &Marks<u8>) -> Vec<String> {
        drawn_board(game, marks, &Theme::plain(), (WIDTH, HEIGHT))
    }

    #[test]
    fn draws_marks_on_their_squares_with_labels() {
        let game = TicTacToe::parse_position("x.o/.x./..o", &GameOptions::default()).unwrap();
        let lines = draw(&game, &Marks::default());
        assert_eq!(
            lines,
            [
                "    a   b   c",
                "  ┌───┬───┬───┐",
                "3 │ X │   │ O │",
                "  ├───┼───┼───┤",
                "2 │   │ X │   │",
                "  ├───┼───┼───┤",
                "1 │   │   │ O │",
                "  └───┴───┴───┘",
            ]
        );
    }

    #[test]
    fn shows_legal_squares_and_the_hint_when_a_human_moves() {
        let mut game = TicTacToe::new();
        game.play(4);
        let marks = Marks {
            last: Some(4),
            hint: Some(0),
            human_to_move: true,
        };
        let lines = draw(&game, &marks);
        assert_eq!(lines[2], "3 │ · │ · │ · │");
        assert_eq!(lines[4], "2 │ · │ X │ · │");
        assert_eq!(lines[6], "1 │ o │ · │ · │");
    }

    #[test]
    fn the_cursor_and_last_move_are_styled() {
        let mut game = TicTacToe::new();
        game.play(0);
        let marks = Marks {
            last: Some(0),
            hint: None,
            human_to_move: true,
        };
        let theme = Theme::plain();
        let area = Rect::new(0, 0, WIDTH, HEIGHT);
        let mut buf = Buffer::empty(area);
        game.render_board(&game.initial_cursor(), &marks, &theme, area, &mut buf);
        let a1 = cell_position(origin(area), Square { file: 0, rank: 0 });
        let b2 = cell_position(origin(area), Square { file: 1, rank: 1 });
        assert!(
            buf[(a1.x + 1, a1.y)]
                .modifier
                .contains(theme.last_move.add_modifier)
        );
        assert!(
            buf[(b2.x + 1, b2.y)]
                .modifier
                .contains(theme.selected.add_modifier)
        );
    }

    #[test]
    fn keys_and_clicks_pick_squares() {
        let mut game = TicTacToe::new();
        let mut cursor = game.initial_cursor();
        assert_eq!(game.steer(&mut cursor, Steer::Up), Pick::Moved);
        assert_eq!(game.steer(&mut cursor, Steer::Left), Pick::Moved);
        assert_eq!(game.steer(&mut cursor, Steer::Up), Pick::Moved);
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Play(6));
        game.play(6);
        let refused = game.steer(&mut cursor, Steer::Select);
        assert_eq!(refused, Pick::Refused("a3 is already taken".to_string()));
        let area = Rect::new(10, 5, 30, 12);
        let c1 = cell_position(origin(area), Square { file: 2, rank: 0 });
        assert_eq!(game.click(&mut cursor, area, c1), Pick::Play(2));
        assert_eq!(cursor, Square { file: 2, rank: 0 });
        assert_eq!(
            game.click(&mut cursor, area, Position::new(10, 5)),
            Pick::Ignored
        );
    }
}
