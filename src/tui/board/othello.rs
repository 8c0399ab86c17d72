//! The Othello board: eight ranks from rank 1 at the top (as Othello players
//! write them) with file letters above and rank numbers on the left, discs as
//! ● and ○ (X and O without colour), the squares the human may play marked, the
//! last disc in parentheses and the discs it flipped in angle brackets, and the
//! disc count under the board.
//!
//! The cursor moves with the arrows or hjkl; Enter or a click plays the square.
//! When the side to move has no move, Enter (or typing `pass`) passes.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::{BoardGame, CELLS, Cell, Marks, Pick, Steer, symbols_for};
use crate::game::othello::{Othello, PASS, side_name};
use crate::game::{Game, Player, format_square};
use crate::tui::theme::Theme;

/// Columns taken by the rank numbers and the space after them.
const LABEL_WIDTH: u16 = 2;

/// Where the player points: file and rank from 0, rank 0 at the top (rank 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    /// Column from the left (the a-file is 0).
    pub file: u8,
    /// Row from the top (rank 1 is 0).
    pub rank: u8,
}

impl Square {
    fn index(self) -> u8 {
        self.rank * 8 + self.file
    }
}

/// The glyphs one drawing uses: Unicode discs, or letters when colour is off.
struct Glyphs {
    discs: [&'static str; 2],
    /// A square the human may play on.
    legal: &'static str,
    empty: &'static str,
    /// Around a disc the last move flipped.
    flipped: [char; 2],
}

const UNICODE: Glyphs = Glyphs {
    discs: ["●", "○"],
    legal: "+",
    empty: "·",
    flipped: ['‹', '›'],
};

const LETTERS: Glyphs = Glyphs {
    discs: ["X", "O"],
    legal: "*",
    empty: ".",
    flipped: ['<', '>'],
};

/// The file letters, the eight ranks and the count line under them.
fn drawing_size(cell: Cell) -> (u16, u16) {
    (LABEL_WIDTH + 8 * cell.width, 8 * cell.height + 2)
}

/// Where one drawing puts things: its top-left corner and its cell size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    origin: Position,
    cell: Cell,
}

impl Layout {
    /// The largest drawing that fits `area`, centred in it.
    fn within(area: Rect) -> Layout {
        let cell = Cell::within((area.width, area.height), drawing_size);
        let (width, height) = drawing_size(cell);
        Layout {
            origin: Position::new(
                area.x + area.width.saturating_sub(width) / 2,
                area.y + area.height.saturating_sub(height) / 2,
            ),
            cell,
        }
    }

    /// The top-left screen cell of a square.
    fn square_at(self, square: Square) -> Position {
        Position::new(
            self.origin.x + LABEL_WIDTH + u16::from(square.file) * self.cell.width,
            self.origin.y + 1 + u16::from(square.rank) * self.cell.height,
        )
    }

    /// The square drawn at a screen cell, if any.
    fn square_of(self, at: Position) -> Option<Square> {
        let dx = at.x.checked_sub(self.origin.x + LABEL_WIDTH)?;
        let dy = at.y.checked_sub(self.origin.y + 1)?;
        let (file, rank) = (dx / self.cell.width, dy / self.cell.height);
        (file < 8 && rank < 8).then_some(Square {
            file: file as u8,
            rank: rank as u8,
        })
    }
}

impl Othello {
    /// The three characters of a square and their style.
    fn square_look(
        &self,
        square: Square,
        cursor: Square,
        marks: &Marks<u8>,
        glyphs: &Glyphs,
        theme: &Theme,
    ) -> (String, Style) {
        let index = square.index();
        let bit = 1u64 << index;
        let human = marks.human_to_move;
        let (text, mut style) = match self.disc(index) {
            Some(player) => {
                let disc = glyphs.discs[player.index()];
                let style = theme.side(player);
                if marks.last == Some(index) {
                    (format!("({disc})"), style.patch(theme.last_move))
                } else if marks.last.is_some() && self.last_flipped() & bit != 0 {
                    let [left, right] = glyphs.flipped;
                    (format!("{left}{disc}{right}"), style.patch(theme.last_move))
                } else {
                    (format!(" {disc} "), style)
                }
            }
            None if marks.hint == Some(index) => {
                let disc = glyphs.discs[self.to_move().index()];
                (format!(" {disc} "), theme.hint)
            }
            None if human && self.legal_squares() & bit != 0 => {
                (format!(" {} ", glyphs.legal), theme.legal)
            }
            None => (format!(" {} ", glyphs.empty), theme.dim),
        };
        if human && square == cursor {
            style = style.patch(theme.selected);
        }
        (text, style)
    }

    /// The line under the board: each side's discs, the side to move first marked.
    fn count_line(&self, glyphs: &Glyphs) -> String {
        let [black, white] = [Player::First, Player::Second].map(|p| {
            format!(
                "{} {} {}",
                glyphs.discs[p.index()],
                side_name(p),
                self.count(p)
            )
        });
        format!("{black}   {white}")
    }

    /// Enter on a square: play it, or pass when there is nothing to play.
    fn select(&self, square: Square) -> Pick<u8> {
        if self.must_pass() {
            return Pick::Play(PASS);
        }
        Pick::from_parsed(self.parse_move(&format_square(
            usize::from(square.file),
            usize::from(square.rank),
        )))
    }
}

impl BoardGame for Othello {
    type Cursor = Square;

    fn initial_cursor(&self) -> Square {
        // On one of the first moves' squares (d3), where play starts.
        Square { file: 3, rank: 2 }
    }

    fn next_cursor(&self, previous: &Square) -> Square {
        *previous
    }

    fn board_size(&self) -> (u16, u16) {
        drawing_size(CELLS[0])
    }

    fn board_size_within(&self, room: (u16, u16)) -> (u16, u16) {
        drawing_size(Cell::within(room, drawing_size))
    }

    fn render_board(
        &self,
        cursor: &Square,
        marks: &Marks<u8>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let glyphs = symbols_for(theme, &UNICODE, &LETTERS);
        let layout = Layout::within(area);
        let Layout { origin, cell } = layout;
        let (inset_x, inset_y) = cell.inset();
        let blank = " ".repeat(cell.width as usize);
        let mut put = |x: u16, y: u16, text: &str, style: Style| {
            if area.contains(Position::new(x, y)) {
                buf.set_stringn(x, y, text, (area.right() - x) as usize, style);
            }
        };
        for file in 0..8u8 {
            let x = layout.square_at(Square { file, rank: 0 }).x + inset_x + 1;
            let letter = char::from(b'a' + file).to_string();
            let style = if marks.human_to_move && file == cursor.file {
                theme.title
            } else {
                theme.dim
            };
            put(x, origin.y, &letter, style);
        }
        for rank in 0..8u8 {
            let y = layout.square_at(Square { file: 0, rank }).y;
            let style = if marks.human_to_move && rank == cursor.rank {
                theme.title
            } else {
                theme.dim
            };
            put(origin.x, y + inset_y, &(rank + 1).to_string(), style);
            for file in 0..8u8 {
                let square = Square { file, rank };
                let at = layout.square_at(square);
                let (text, style) = self.square_look(square, *cursor, marks, glyphs, theme);
                // A large square is filled, so the cursor shows as a block.
                if cell.height > 1 || cell.width > 3 {
                    let fill = if style == theme.dim {
                        theme.text
                    } else {
                        style
                    };
                    for dy in 0..cell.height {
                        put(at.x, at.y + dy, &blank, fill);
                    }
                }
                put(at.x + inset_x, at.y + inset_y, &text, style);
            }
        }
        let below = origin.y + 1 + 8 * cell.height;
        put(
            origin.x + LABEL_WIDTH,
            below,
            &self.count_line(glyphs),
            theme.text,
        );
    }

    fn steer(&self, cursor: &mut Square, steer: Steer) -> Pick<u8> {
        if steer == Steer::Select {
            return self.select(*cursor);
        }
        let at = (u16::from(cursor.file), u16::from(cursor.rank));
        match steer.step_in_grid(at, (8, 8)) {
            Some((file, rank)) => {
                *cursor = Square {
                    file: file as u8,
                    rank: rank as u8,
                };
                Pick::Moved
            }
            None => Pick::Ignored,
        }
    }

    fn click(&self, cursor: &mut Square, area: Rect, at: Position) -> Pick<u8> {
        match Layout::within(area).square_of(at) {
            Some(square) => {
                *cursor = square;
                self.select(square)
            }
            None => Pick::Ignored,
        }
    }

    fn status_note(&self) -> Option<String> {
        self.must_pass().then(|| {
            format!(
                "{} has no move and must pass (Enter)",
                side_name(self.to_move())
            )
        })
    }

    fn side_name(player: Player) -> &'static str {
        side_name(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Playable};
    use crate::tui::board::drawn_board;

    fn human(last: Option<u8>) -> Marks<u8> {
        Marks {
            last,
            hint: None,
            human_to_move: true,
        }
    }

    fn draw(game: &Othello, marks: &Marks<u8>, theme: Theme) -> Vec<String> {
        drawn_board(game, marks, &theme, game.board_size())
    }

    #[test]
    fn draws_discs_legal_squares_the_last_move_and_its_flips() {
        let mut game = Othello::new();
        let before = draw(&game, &human(None), Theme::plain());
        assert_eq!(before[0], "   a  b  c  d  e  f  g  h");
        assert_eq!(before[3], "3  .  .  .  *  .  .  .  .");
        assert_eq!(before[4], "4  .  .  *  O  X  .  .  .");
        assert_eq!(before[5], "5  .  .  .  X  O  *  .  .");
        assert_eq!(before[9], "  X Black 2   O White 2");
        game.play(game.parse_move("d3").unwrap());
        let last = Some(19);
        let lines = draw(&game, &human(last), Theme::plain());
        assert_eq!(lines[3], "3  .  .  * (X) *  .  .  .");
        assert_eq!(lines[4], "4  .  .  . <X> X  .  .  .");
        assert_eq!(lines[9], "  X Black 4   O White 1");
        let unicode = draw(&game, &human(last), Theme::colored());
        assert_eq!(unicode[4], "4  ·  ·  · ‹●› ●  ·  ·  ·");
        assert_eq!(unicode[5], "5  ·  ·  +  ●  ○  ·  ·  ·");
    }

    #[test]
    fn keys_and_clicks_play_squares_and_enter_passes_when_it_must() {
        let game = Othello::new();
        let mut cursor = game.initial_cursor();
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Play(19));
        assert_eq!(game.steer(&mut cursor, Steer::Up), Pick::Moved);
        assert_eq!(
            game.steer(&mut cursor, Steer::Select),
            Pick::Refused("d2 flips no disc: Black may play d3, c4, f5, e6".to_string())
        );
        assert_eq!(game.steer(&mut cursor, Steer::Cancel), Pick::Ignored);
        let area = Rect::new(5, 3, 40, 14);
        let layout = Layout::within(area);
        let f5 = layout.square_at(Square { file: 5, rank: 4 });
        assert_eq!(game.click(&mut cursor, area, f5), Pick::Play(37));
        assert_eq!(cursor, Square { file: 5, rank: 4 });
        assert_eq!(
            game.click(&mut cursor, area, Position::new(5, 3)),
            Pick::Ignored
        );
        let stuck = Othello::parse_position(
            "ox....../......../......../......../......../......../......../........ x",
            &GameOptions::default(),
        )
        .unwrap();
        assert_eq!(stuck.steer(&mut cursor, Steer::Select), Pick::Play(PASS));
        assert_eq!(
            stuck.status_note().as_deref(),
            Some("Black has no move and must pass (Enter)")
        );
        assert_eq!(game.status_note(), None);
    }

    #[test]
    fn a_large_area_gets_larger_squares_and_clicks_follow_them() {
        let game = Othello::new();
        let size = game.board_size_within((100, 40));
        assert!(size.0 > game.board_size().0 && size.1 > game.board_size().1);
        let area = Rect::new(0, 0, 100, 40);
        let layout = Layout::within(area);
        assert!(layout.cell.height > 1);
        let c4 = layout.square_at(Square { file: 2, rank: 3 });
        let inside = Position::new(c4.x + layout.cell.width - 1, c4.y + layout.cell.height - 1);
        let mut cursor = game.initial_cursor();
        assert_eq!(game.click(&mut cursor, area, inside), Pick::Play(26));
    }
}
