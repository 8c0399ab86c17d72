//! The Gomoku board: a grid of points with rank numbers on the left and file
//! letters below, stones as ● (Black) and ○ (White), or X and O when colour is off
//! or after `a`; the last stone in brackets, the winning five as ★ (`*` in
//! letters) and highlighted.
//!
//! One character per point, with a space between points when the area is wide
//! enough. A 15x15 board fits an 80x24 terminal; when the area is too low for the
//! letters they are left out, and when it is too low for every rank the board
//! shows the ranks around the cursor.

use super::Canvas;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::point_grid::{LABEL_WIDTH, PointGrid, clipped, stone_symbol};
use super::{BoardGame, Marks, Pick, Steer, step_index};
use crate::game::gomoku::Gomoku;
use crate::game::{Game, Player, format_square};
use crate::tui::theme::Theme;

/// Where the player points, and how stones are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GomokuCursor {
    /// Column from the left, from 0.
    pub file: usize,
    /// Row from the bottom, from 0.
    pub rank: usize,
    /// X and O instead of ● and ○.
    pub letters: bool,
}

/// The Gomoku board's placement of points: nothing under the letters.
fn grid(size: usize, area: Rect, cursor_rank: usize) -> PointGrid {
    PointGrid::new(size, area, cursor_rank, 0, 0)
}

/// The files' letters, from the left (a board is at most 19 points wide).
const FILE_LETTERS: &[u8] = b"abcdefghijklmnopqrs";

impl Gomoku {
    fn draw(&self, cursor: &GomokuCursor, marks: &Marks<u16>, canvas: Canvas<'_>) {
        let Canvas { theme, area, buf } = canvas;
        let size = self.board().size();
        let grid = grid(size, area, cursor.rank);
        let mut put = clipped(area, buf);
        let highlighted = marks.human_to_move.then_some(cursor.rank);
        grid.draw_labels(&FILE_LETTERS[..size], highlighted, theme, &mut put);
        let winning = self.winning_row().unwrap_or_default();
        let last = marks.last.map(|m| m as usize);
        for rank in 0..size {
            for file in 0..size {
                let Some(at) = grid.position(file, rank) else {
                    continue;
                };
                let point = self.board().point(file, rank);
                let (symbol, style) =
                    self.point_look(point, (file, rank), cursor, marks, theme, &winning);
                put(at, symbol, style);
                if last == Some(point) {
                    grid.bracket(at, theme, &mut put);
                }
            }
        }
    }

    /// The symbol and style of one point.
    fn point_look(
        &self,
        point: usize,
        (file, rank): (usize, usize),
        cursor: &GomokuCursor,
        marks: &Marks<u16>,
        theme: &Theme,
        winning: &[usize],
    ) -> (&'static str, Style) {
        let (mut symbol, mut style) = match self.board().stone(point) {
            Some(player) => (stone_symbol(player, cursor.letters), theme.side(player)),
            None if marks.hint == Some(point as u16) => (hint_symbol(self.to_move()), theme.hint),
            None => ("·", theme.dim),
        };
        if winning.contains(&point) {
            // The five show without colour too: a glyph of their own.
            symbol = if cursor.letters { "*" } else { "★" };
            style = style.patch(theme.good);
        } else if marks.last == Some(point as u16) {
            style = style.patch(theme.last_move);
        }
        if marks.human_to_move && (file, rank) == (cursor.file, cursor.rank) {
            style = style.patch(theme.selected);
        }
        (symbol, style)
    }
}

fn hint_symbol(player: Player) -> &'static str {
    match player {
        Player::First => "x",
        Player::Second => "o",
    }
}

impl BoardGame for Gomoku {
    type Cursor = GomokuCursor;

    fn initial_cursor(&self) -> GomokuCursor {
        let centre = self.board().size() / 2;
        GomokuCursor {
            file: centre,
            rank: centre,
            letters: false,
        }
    }

    fn next_cursor(&self, previous: &GomokuCursor) -> GomokuCursor {
        let size = self.board().size();
        GomokuCursor {
            file: previous.file.min(size - 1),
            rank: previous.rank.min(size - 1),
            letters: previous.letters,
        }
    }

    fn board_keys() -> &'static [(&'static str, &'static str)] {
        &[("a", "letters instead of Unicode stones")]
    }

    fn letter(&self, cursor: &mut GomokuCursor, key: char) -> bool {
        if key != 'a' {
            return false;
        }
        cursor.letters = !cursor.letters;
        true
    }

    fn board_size(&self) -> (u16, u16) {
        let size = self.board().size() as u16;
        (LABEL_WIDTH + 2 * size - 1, size + 1)
    }

    fn render_board(
        &self,
        cursor: &GomokuCursor,
        marks: &Marks<u16>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let mut shown = *cursor;
        shown.letters |= *theme == Theme::plain();
        self.draw(&shown, marks, Canvas { theme, area, buf });
    }

    fn steer(&self, cursor: &mut GomokuCursor, steer: Steer) -> Pick<u16> {
        let size = self.board().size();
        match steer {
            Steer::Up => cursor.rank = step_index(cursor.rank, true, size),
            Steer::Down => cursor.rank = step_index(cursor.rank, false, size),
            Steer::Left => cursor.file = step_index(cursor.file, false, size),
            Steer::Right => cursor.file = step_index(cursor.file, true, size),
            Steer::Select => {
                return Pick::from_parsed(
                    self.parse_move(&format_square(cursor.file, cursor.rank)),
                );
            }
            Steer::Cancel => return Pick::Ignored,
        }
        Pick::Moved
    }

    fn click(&self, cursor: &mut GomokuCursor, area: Rect, at: Position) -> Pick<u16> {
        let size = self.board().size();
        match grid(size, area, cursor.rank).point_at(size, at) {
            Some((file, rank)) => {
                cursor.file = file;
                cursor.rank = rank;
                self.steer(cursor, Steer::Select)
            }
            None => Pick::Ignored,
        }
    }

    fn side_name(player: Player) -> &'static str {
        crate::game::gomoku::side_name(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Playable};
    use crate::tui::board::drawn_board;
    use crate::tui::board::render_lines;

    fn game(moves: &str, options: &[&str]) -> Gomoku {
        let options = GameOptions::parse(options).unwrap();
        Gomoku::setup(&options, None, Some(moves)).unwrap()
    }

    fn marks_after(game: &Gomoku, human_to_move: bool) -> Marks<u16> {
        Marks {
            last: game.history().last().copied(),
            hint: None,
            human_to_move,
        }
    }

    #[test]
    fn a_small_board_is_drawn_with_coordinates_and_the_last_stone_marked() {
        let game = game("c3 d4 b2", &["size=5"]);
        let marks = marks_after(&game, false);
        let lines = drawn_board(&game, &marks, &Theme::colored(), (12, 6));
        assert_eq!(
            lines,
            [
                " 5 · · · · ·",
                " 4 · · · ○ ·",
                " 3 · · ● · ·",
                " 2 ·[●]· · ·",
                " 1 · · · · ·",
                "   a b c d e",
            ]
        );
    }

    #[test]
    fn the_standard_board_fits_the_arcade_at_80_by_24() {
        // At 80x24 the arcade gives the board 38x15 inside its frame: every point
        // shows, with spaces between, and the letters are left out.
        let game = game("h8 h9", &[]);
        let marks = marks_after(&game, true);
        let lines = drawn_board(&game, &marks, &Theme::plain(), (38, 15));
        assert_eq!(lines.len(), 15);
        assert_eq!(lines[0], "   15 · · · · · · · · · · · · · · ·");
        assert_eq!(lines[6], "    9 · · · · · · ·[O]· · · · · · ·");
        assert_eq!(lines[7], "    8 · · · · · · · X · · · · · · ·");
        assert_eq!(lines[14], "    1 · · · · · · · · · · · · · · ·");
        // One row more and the letters come back.
        let taller = drawn_board(&game, &marks, &Theme::plain(), (38, 16));
        assert_eq!(taller[15], "      a b c d e f g h i j k l m n o");
    }

    #[test]
    fn a_big_board_in_a_small_area_drops_spaces_and_follows_the_cursor() {
        let game = game("a1", &["size=19"]);
        let marks = marks_after(&game, true);
        let mut cursor = game.initial_cursor();
        cursor.rank = 0;
        let lines = render_lines(24, 10, |area, buf| {
            game.render_board(&cursor, &marks, &Theme::plain(), area, buf)
        });
        assert_eq!(lines[0], " 10 ···················");
        assert_eq!(lines[9], "  1 X··················");
    }

    #[test]
    fn the_winning_row_cursor_and_last_stone_are_styled() {
        let game = game("a1 o15 b2 o14 c3 o13 d4 o12 e5", &[]);
        let marks = marks_after(&game, true);
        let theme = Theme::plain();
        let area = Rect::new(0, 0, 40, 16);
        let mut buf = Buffer::empty(area);
        let mut cursor = game.initial_cursor();
        cursor.file = 10;
        game.render_board(&cursor, &marks, &theme, area, &mut buf);
        let grid = grid(15, area, cursor.rank);
        let style_at = |file, rank| {
            let at = grid.position(file, rank).unwrap();
            buf[(at.x, at.y)].modifier
        };
        for k in 0..5 {
            assert!(
                style_at(k, k).contains(theme.good.add_modifier),
                "point {k}"
            );
        }
        assert!(!style_at(5, 5).contains(theme.good.add_modifier));
        // Without colour the five still stand out: a glyph of their own.
        let symbol_at = |file, rank| {
            let at = grid.position(file, rank).unwrap();
            buf[(at.x, at.y)].symbol().to_string()
        };
        for k in 0..5 {
            assert_eq!(symbol_at(k, k), "*", "point {k}");
        }
        assert_eq!(symbol_at(14, 14), "O");
        assert!(style_at(10, 7).contains(theme.selected.add_modifier));
        assert_eq!(
            buf[(
                grid.position(4, 4).unwrap().x - 1,
                grid.position(4, 4).unwrap().y
            )]
                .symbol(),
            "["
        );
    }

    #[test]
    fn keys_and_clicks_pick_points() {
        let game = game("h8", &[]);
        let mut cursor = game.initial_cursor();
        assert_eq!(
            game.steer(&mut cursor, Steer::Select),
            Pick::Refused("h8 is already taken".to_string())
        );
        assert_eq!(game.steer(&mut cursor, Steer::Up), Pick::Moved);
        assert_eq!(game.steer(&mut cursor, Steer::Right), Pick::Moved);
        assert_eq!(
            game.steer(&mut cursor, Steer::Select),
            Pick::Play(game.parse_move("i9").unwrap())
        );
        let area = Rect::new(5, 3, 40, 20);
        let grid = grid(15, area, cursor.rank);
        let a1 = grid.position(0, 0).unwrap();
        assert_eq!(game.click(&mut cursor, area, a1), Pick::Play(0));
        let between = Position::new(a1.x + 1, a1.y);
        assert_eq!(game.click(&mut cursor, area, between), Pick::Ignored);
        let mut letters = cursor;
        assert!(game.letter(&mut letters, 'a'));
        assert!(letters.letters);
        assert!(!game.letter(&mut letters, 'f'));
    }
}
