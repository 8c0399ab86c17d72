//! The Connect Four board: the upright grid with a drop cursor above the columns,
//! column numbers below, the last stone in brackets and the winning four
//! highlighted. Left/Right (or h/l, or a digit) choose the column, Enter or a click
//! drops the stone.
//!
//! On a short screen the frame and then the numbers give way, so that the tallest
//! board the game allows (15 rows) still fits an 80x24 terminal.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};

use super::{BoardGame, Marks, Pick, Steer, step_index, symbols_for};
use crate::game::connect4::ConnectFour;
use crate::game::{Game, Player};
use crate::tui::theme::Theme;

/// Screen columns a cell takes: the stone with a space or bracket either side.
const CELL_WIDTH: u16 = 3;
/// A cell on a board too wide for three columns a cell (12 columns in the 32 an
/// 80-column terminal leaves): the stone and a bracket or space on its left.
const NARROW_CELL_WIDTH: u16 = 2;

/// The column the next stone drops into (from 0); the only state a player steers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DropCursor {
    /// The column under the drop cursor.
    pub column: usize,
}

/// The glyphs one drawing uses: Unicode discs, or letters when colour is off.
struct Glyphs {
    stones: [&'static str; 2],
    hint: &'static str,
    empty: &'static str,
    cursor: &'static str,
}

const UNICODE: Glyphs = Glyphs {
    stones: ["●", "○"],
    hint: "◌",
    empty: "·",
    cursor: "▼",
};

const ASCII: Glyphs = Glyphs {
    stones: ["X", "O"],
    hint: "?",
    empty: ".",
    cursor: "v",
};

/// Which of the optional lines a drawing has room for, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lines {
    cursor: bool,
    frame: bool,
    numbers: bool,
}

impl Lines {
    /// The lines that fit in `height` rows besides the board's own: the drop cursor
    /// first, then the numbers, then the frame's bottom edge.
    fn fitting(rows: u16, height: u16) -> Lines {
        let spare = height.saturating_sub(rows);
        Lines {
            cursor: spare >= 1,
            numbers: spare >= 2,
            frame: spare >= 3,
        }
    }

    /// The screen row of the top row of cells, from the drawing's top.
    fn first_row(self) -> u16 {
        u16::from(self.cursor)
    }
}

/// Everything one drawing of the cells needs besides the position.
struct Scene<'a> {
    marks: &'a Marks<u8>,
    glyphs: &'a Glyphs,
    theme: &'a Theme,
    layout: Layout,
    /// The cells of the winning four, if the game is won.
    winning: Vec<(u32, u32)>,
    /// The cursor's column when there is no room for it above the board, so that
    /// it marks the cell where the stone would land.
    in_grid_cursor: Option<usize>,
}

/// How one drawing is laid out: see [`ConnectFour::layout`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    origin: Position,
    lines: Lines,
    /// Screen columns a cell takes.
    cell: u16,
}

impl Layout {
    /// The screen column of a board column's cell (or of the frame's right edge).
    fn cell_x(self, column: usize) -> u16 {
        self.origin.x + 1 + column as u16 * self.cell
    }

    /// The screen column of the stone in a board column's cell.
    fn stone_x(self, column: usize) -> u16 {
        self.cell_x(column) + 1
    }

    /// A cell's text: the stone between its marks, the right one dropped when narrow.
    fn cell_text(self, left: char, stone: &str, right: char) -> String {
        if self.cell == CELL_WIDTH {
            format!("{left}{stone}{right}")
        } else {
            format!("{left}{stone}")
        }
    }
}

impl ConnectFour {
    fn width(&self) -> usize {
        self.geometry().width() as usize
    }

    fn rows(&self) -> u16 {
        self.geometry().height() as u16
    }

    /// Where the drawing sits inside `area` (centred), which lines it has, and how
    /// wide its cells are.
    fn layout(&self, area: Rect) -> Layout {
        let (_, height) = self.board_size();
        let lines = Lines::fitting(self.rows(), area.height.min(height));
        let cell = if self.width() as u16 * CELL_WIDTH + 2 <= area.width {
            CELL_WIDTH
        } else {
            NARROW_CELL_WIDTH
        };
        let width = self.width() as u16 * cell + 2;
        let drawn = self.rows() + u16::from(lines.cursor) + u16::from(lines.numbers);
        let drawn = drawn + u16::from(lines.frame);
        let origin = Position::new(
            area.x + area.width.saturating_sub(width) / 2,
            area.y + area.height.saturating_sub(drawn) / 2,
        );
        Layout {
            origin,
            lines,
            cell,
        }
    }

    /// The row a stone dropped into `column` lands on, if the column has room.
    fn landing_row(&self, column: usize) -> Option<u32> {
        (0..self.geometry().height()).find(|&row| self.cell(column as u32, row).is_none())
    }

    /// The text and the style of one cell.
    fn cell_look(&self, (column, row): (u32, u32), scene: &Scene) -> (String, Style) {
        let Scene {
            marks,
            glyphs,
            theme,
            layout,
            ..
        } = *scene;
        let last = marks.last == Some(column as u8)
            && self
                .landing_row(column as usize)
                .unwrap_or(self.geometry().height())
                == row + 1;
        match self.cell(column, row) {
            Some(player) => {
                let stone = glyphs.stones[player.index()];
                let mut style = theme.side(player);
                if scene.winning.contains(&(column, row)) {
                    style = style.patch(theme.good).add_modifier(Modifier::REVERSED);
                    return (layout.cell_text('[', stone, ']'), style);
                }
                if last {
                    style = style.patch(theme.last_move);
                    return (layout.cell_text('(', stone, ')'), style);
                }
                (layout.cell_text(' ', stone, ' '), style)
            }
            None if self.landing_row(column as usize) != Some(row) => {
                (layout.cell_text(' ', glyphs.empty, ' '), theme.dim)
            }
            None if scene.in_grid_cursor == Some(column as usize) => (
                layout.cell_text(' ', glyphs.cursor, ' '),
                theme.side(self.to_move()).patch(theme.selected),
            ),
            None if marks.hint == Some(column as u8) => {
                (layout.cell_text(' ', glyphs.hint, ' '), theme.hint)
            }
            None => (layout.cell_text(' ', glyphs.empty, ' '), theme.dim),
        }
    }

    /// Enter: the stone drops into the cursor's column.
    fn drop_stone(&self, cursor: &DropCursor) -> Pick<u8> {
        Pick::from_parsed(self.parse_move(&(cursor.column + 1).to_string()))
    }
}

impl BoardGame for ConnectFour {
    type Cursor = DropCursor;

    fn initial_cursor(&self) -> DropCursor {
        DropCursor {
            column: (self.width() - 1) / 2,
        }
    }

    fn next_cursor(&self, previous: &DropCursor) -> DropCursor {
        DropCursor {
            column: previous.column.min(self.width() - 1),
        }
    }

    fn board_size(&self) -> (u16, u16) {
        let width = self.width() as u16 * CELL_WIDTH + 2;
        (width, self.rows() + 3)
    }

    fn render_board(
        &self,
        cursor: &DropCursor,
        marks: &Marks<u8>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let glyphs = symbols_for(theme, &UNICODE, &ASCII);
        let layout = self.layout(area);
        let (origin, lines) = (layout.origin, layout.lines);
        let mut put = |x: u16, y: u16, text: &str, style: Style| {
            if area.contains(Position::new(x, y)) {
                buf.set_stringn(x, y, text, (area.right() - x) as usize, style);
            }
        };
        let width = self.width();
        if lines.cursor && marks.human_to_move {
            let x = layout.stone_x(cursor.column);
            let style = theme.side(self.to_move()).patch(theme.selected);
            put(x, origin.y, glyphs.cursor, style);
        }
        let scene = Scene {
            marks,
            glyphs,
            theme,
            layout,
            winning: self.winning_line(),
            in_grid_cursor: (!lines.cursor && marks.human_to_move).then_some(cursor.column),
        };
        let top = origin.y + lines.first_row();
        for line in 0..self.rows() {
            let y = top + line;
            let row = u32::from(self.rows() - 1 - line);
            put(origin.x, y, "│", theme.dim);
            for column in 0..width {
                let (text, style) = self.cell_look((column as u32, row), &scene);
                put(layout.cell_x(column), y, &text, style);
            }
            put(layout.cell_x(width), y, "│", theme.dim);
        }
        let mut y = top + self.rows();
        if lines.frame {
            let edge = format!("└{}┘", "─".repeat(width * layout.cell as usize));
            put(origin.x, y, &edge, theme.dim);
            y += 1;
        }
        if lines.numbers {
            for column in 0..width {
                let label = match layout.cell {
                    CELL_WIDTH => format!("{:^3}", column + 1),
                    // Two-digit numbers in two-column cells would run together:
                    // every other column is numbered.
                    _ if width > 9 && column % 2 == 1 => continue,
                    _ => format!("{:>2}", column + 1),
                };
                let style = if marks.human_to_move && column == cursor.column {
                    theme.title
                } else {
                    theme.dim
                };
                put(layout.cell_x(column), y, &label, style);
            }
        }
    }

    fn steer(&self, cursor: &mut DropCursor, steer: Steer) -> Pick<u8> {
        match steer {
            Steer::Left => cursor.column = step_index(cursor.column, false, self.width()),
            Steer::Right => cursor.column = step_index(cursor.column, true, self.width()),
            Steer::Select => return self.drop_stone(cursor),
            Steer::Up | Steer::Down | Steer::Cancel => return Pick::Ignored,
        }
        Pick::Moved
    }

    fn click(&self, cursor: &mut DropCursor, area: Rect, at: Position) -> Pick<u8> {
        let layout = self.layout(area);
        let column =
            at.x.checked_sub(layout.origin.x + 1)
                .map(|dx| (dx / layout.cell) as usize)
                .filter(|&column| column < self.width());
        match column {
            Some(column) => {
                cursor.column = column;
                self.drop_stone(cursor)
            }
            None => Pick::Ignored,
        }
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "First",
            Player::Second => "Second",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Playable};
    use crate::tui::board::render_lines;

    fn position(moves: &str, options: &[&str]) -> ConnectFour {
        let options: Vec<String> = options.iter().map(|s| s.to_string()).collect();
        ConnectFour::parse_position(moves, &GameOptions::parse(&options).unwrap()).unwrap()
    }

    fn human(last: Option<u8>) -> Marks<u8> {
        Marks {
            last,
            hint: None,
            human_to_move: true,
        }
    }

    #[test]
    fn draws_stones_the_drop_cursor_and_the_last_stone() {
        let game = position("4453", &[]);
        let draw = |theme: Theme| {
            let (width, height) = game.board_size();
            render_lines(width, height, |area, buf| {
                game.render_board(&game.initial_cursor(), &human(Some(2)), &theme, area, buf)
            })
        };
        let lines = draw(Theme::plain());
        assert_eq!(lines[0], "           v");
        assert_eq!(lines[5], "│ .  .  .  O  .  .  . │");
        assert_eq!(lines[6], "│ .  . (O) X  X  .  . │");
        assert_eq!(lines[7], "└─────────────────────┘");
        assert_eq!(lines[8], "  1  2  3  4  5  6  7");
        let unicode = draw(Theme::colored());
        assert_eq!(unicode[0], "           ▼");
        assert_eq!(unicode[6], "│ ·  · (○) ●  ●  ·  · │");
    }

    #[test]
    fn the_winning_four_is_bracketed_and_highlighted() {
        let game = position("4455667", &[]);
        let theme = Theme::colored();
        let (width, height) = game.board_size();
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        game.render_board(
            &game.initial_cursor(),
            &Marks {
                last: Some(6),
                ..Marks::default()
            },
            &theme,
            area,
            &mut buf,
        );
        let bottom: String = (0..width)
            .map(|x| buf[(x, 6)].symbol().to_string())
            .collect();
        assert_eq!(bottom, "│ ·  ·  · [●][●][●][●]│");
        let layout = game.layout(area);
        for column in 3..7 {
            let x = layout.stone_x(column);
            assert_eq!(buf[(x, 6)].fg, theme.good.fg.unwrap());
            assert!(buf[(x, 6)].modifier.contains(Modifier::REVERSED));
        }
        let loser = layout.stone_x(3);
        assert_eq!(buf[(loser, 5)].fg, theme.sides[1].fg.unwrap());
        assert_eq!(
            buf[(1 + 1, 0)].symbol(),
            " ",
            "no cursor once the game is over"
        );
    }

    #[test]
    fn the_hint_marks_the_cell_where_its_stone_would_land() {
        let game = position("44", &[]);
        let marks = Marks {
            last: Some(3),
            hint: Some(3),
            human_to_move: true,
        };
        let lines = render_lines(23, 9, |area, buf| {
            game.render_board(
                &DropCursor { column: 0 },
                &marks,
                &Theme::plain(),
                area,
                buf,
            )
        });
        assert_eq!(lines[0], "  v");
        assert_eq!(lines[4], "│ .  .  .  ?  .  .  . │");
        assert_eq!(lines[5], "│ .  .  . (O) .  .  . │");
    }

    #[test]
    fn keys_and_clicks_choose_and_drop() {
        let game = position("-", &[]);
        let mut cursor = game.initial_cursor();
        assert_eq!(cursor.column, 3);
        assert_eq!(game.steer(&mut cursor, Steer::Left), Pick::Moved);
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Play(2));
        // Digits are typed moves: the game screen sends them to the move line.
        assert!(!game.letter(&mut cursor, '7'));
        cursor.column = 5;
        assert_eq!(game.steer(&mut cursor, Steer::Right), Pick::Moved);
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Play(6));
        assert_eq!(game.steer(&mut cursor, Steer::Down), Pick::Ignored);
        let full = position("111111", &["height=6"]);
        let mut first = DropCursor { column: 0 };
        assert_eq!(
            full.steer(&mut first, Steer::Select),
            Pick::Refused("column 1 is full".to_string())
        );
        let area = Rect::new(4, 2, 40, 12);
        let fifth = Position::new(game.layout(area).cell_x(4) + 2, area.y + 5);
        assert_eq!(game.click(&mut cursor, area, fifth), Pick::Play(4));
        assert_eq!(cursor.column, 4);
        assert_eq!(
            game.click(&mut cursor, area, Position::new(4, 2)),
            Pick::Ignored
        );
    }

    #[test]
    fn the_tallest_and_the_widest_boards_fit_the_smallest_board_box() {
        // An 80x24 terminal leaves the board 15 rows and 32 columns.
        for (options, rows) in [
            (["width=4", "height=15"], 15),
            (["width=12", "height=4"], 4),
        ] {
            let game = position("-", &options);
            let (width, _) = game.board_size();
            let lines = render_lines(width.min(32), 15, |area, buf| {
                game.render_board(
                    &game.initial_cursor(),
                    &human(None),
                    &Theme::plain(),
                    area,
                    buf,
                )
            });
            let cell_rows = lines
                .iter()
                .filter(|l| l.trim_start().starts_with('│'))
                .count();
            assert_eq!(cell_rows, rows, "{options:?}: {lines:#?}");
            let cursor_marks = lines.iter().filter(|l| l.contains('v')).count();
            assert_eq!(cursor_marks, 1, "{options:?}: {lines:#?}");
            assert!(lines.iter().all(|l| l.chars().count() <= 32), "{lines:#?}");
            if rows == 4 {
                let numbers = lines.iter().find(|l| l.contains('1') && !l.contains('│'));
                assert_eq!(numbers.unwrap(), "     1   3   5   7   9  11");
            }
        }
    }
}
