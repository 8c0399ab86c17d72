//! The Grundy board: one row of tokens per heap, largest first. A move is chosen in
//! two steps: pick a heap (Enter), then the split point with left/right (Enter
//! again); the legal split points are marked between the tokens. A click on a
//! token splits its heap right after that token.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::{BoardGame, Marks, Pick, Steer};
use crate::game::grundy::{Grundy, Split};
use crate::game::{Game, Player};
use crate::tui::theme::Theme;

/// Columns for the heap size in front of each row.
const LABEL: u16 = 5;
/// Columns kept free after the tokens for the split in words (` 11+9`).
const TAIL: u16 = 7;
const TOKEN: &str = "●";

/// The heap row under the cursor and, once the heap is chosen, the split point:
/// how many tokens go to the left part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeapCursor {
    /// Index into the heaps, largest first.
    pub row: usize,
    /// Tokens left of the split, once the heap is chosen.
    pub split: Option<u16>,
}

/// The board widget; it borrows the position and is rebuilt every frame.
pub struct GrundyBoard<'a> {
    /// The position drawn.
    pub game: &'a Grundy,
    /// The cursor, drawn when a human is to move.
    pub cursor: HeapCursor,
    /// Last move, hint and whose turn it is.
    pub marks: &'a Marks<Split>,
    /// The styles.
    pub theme: &'a Theme,
}

/// How the rows are laid out in an area: columns per token and the first row shown.
struct Layout {
    area: Rect,
    spacing: u16,
    first_row: usize,
}

impl Layout {
    fn new(game: &Grundy, cursor: HeapCursor, area: Rect) -> Layout {
        let largest = game.heaps().first().copied().unwrap_or(0);
        let room = area.width.saturating_sub(LABEL + TAIL);
        let spacing = if largest.saturating_mul(2) <= room {
            2
        } else {
            1
        };
        let visible = area.height.max(1) as usize;
        Layout {
            area,
            spacing,
            first_row: (cursor.row + 1).saturating_sub(visible),
        }
    }

    /// The screen row of heap `row`, if it is shown.
    fn y(&self, row: usize) -> Option<u16> {
        let offset = row.checked_sub(self.first_row)?;
        (offset < self.area.height as usize).then(|| self.area.y + offset as u16)
    }

    /// The heap row at a screen row.
    fn row_at(&self, y: u16) -> Option<usize> {
        (self.area.y..self.area.bottom())
            .contains(&y)
            .then(|| self.first_row + (y - self.area.y) as usize)
    }

    /// The screen column of token `token` (from 1).
    fn token_x(&self, token: u16) -> u16 {
        self.area.x + LABEL + (token - 1) * self.spacing
    }

    /// How many tokens fit on a row.
    fn tokens_shown(&self) -> u16 {
        self.area.width.saturating_sub(LABEL + TAIL) / self.spacing
    }
}

impl Widget for GrundyBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = Layout::new(self.game, self.cursor, area);
        for (row, &heap) in self.game.heaps().iter().enumerate() {
            if let Some(y) = layout.y(row) {
                self.render_row(&layout, row, heap, y, buf);
            }
        }
    }
}

impl GrundyBoard<'_> {
    fn render_row(&self, layout: &Layout, row: usize, heap: u16, y: u16, buf: &mut Buffer) {
        let theme = self.theme;
        let under_cursor = self.marks.human_to_move && row == self.cursor.row;
        let split = self.cursor.split.filter(|_| under_cursor);
        let hint = self
            .marks
            .hint
            .filter(|h| h.heap == heap && self.first_row_of(heap) == row);
        let label_style = if under_cursor {
            theme.selected
        } else if heap < 3 {
            theme.dim
        } else {
            theme.text
        };
        let area = layout.area;
        buf.set_stringn(
            area.x,
            y,
            format!("{heap:>4}"),
            area.width as usize,
            label_style,
        );
        let token_style = self.token_style(row, heap);
        let shown = heap.min(layout.tokens_shown());
        for token in 1..=shown {
            let style = match (split, hint) {
                (Some(k), _) if token <= k => token_style.patch(theme.selected),
                (None, Some(h)) if token <= h.larger => token_style.patch(theme.hint),
                _ => token_style,
            };
            buf.set_string(layout.token_x(token), y, TOKEN, style);
            if layout.spacing == 2 && token < heap {
                let gap = self.gap_mark(heap, token, split, under_cursor);
                buf.set_string(layout.token_x(token) + 1, y, gap.0, gap.1);
            }
        }
        let mut tail_x = (layout.token_x(shown.max(1)) + 1).min(area.right());
        if shown < heap && tail_x < area.right() {
            buf.set_string(tail_x, y, "…", theme.dim);
            tail_x += 1;
        }
        let words = match (split, hint) {
            (Some(k), _) => Some((format!(" {}+{}", k, heap - k), theme.selected)),
            (None, Some(h)) => Some((format!(" hint {}+{}", h.larger, h.smaller()), theme.hint)),
            _ => None,
        };
        if let Some((text, style)) = words {
            let room = area.right().saturating_sub(tail_x) as usize;
            buf.set_stringn(tail_x, y, text, room, style);
        }
    }

    /// Tokens of the heaps the last move made stand out; dead heaps are dim.
    fn token_style(&self, row: usize, heap: u16) -> Style {
        let made_by_last = self.marks.last.is_some_and(|m| {
            (heap == m.larger || heap == m.smaller()) && self.first_row_of(heap) == row
        });
        if made_by_last {
            self.theme.last_move
        } else if heap < 3 {
            self.theme.dim
        } else {
            self.theme.side(Player::First).patch(self.theme.text)
        }
    }

    /// The character between token `token` and the next: the chosen split, a legal
    /// split point, or nothing.
    fn gap_mark(
        &self,
        heap: u16,
        token: u16,
        split: Option<u16>,
        under_cursor: bool,
    ) -> (&'static str, Style) {
        if split == Some(token) {
            ("┃", self.theme.selected)
        } else if under_cursor && split.is_some() && token * 2 != heap {
            ("·", self.theme.legal)
        } else {
            (" ", self.theme.text)
        }
    }

    fn first_row_of(&self, heap: u16) -> usize {
        self.game
            .heaps()
            .iter()
            .position(|&h| h == heap)
            .unwrap_or(usize::MAX)
    }
}

impl Grundy {
    fn heap_at(&self, row: usize) -> Option<u16> {
        self.heaps().get(row).copied()
    }

    /// The split of heap row `row` with `left` tokens on the left, checked by the rules.
    fn pick_split(&self, row: usize, left: u16) -> Pick<Split> {
        match self.heap_at(row) {
            Some(heap) => {
                Pick::from_parsed(self.parse_move(&format!("{heap}={left}+{}", heap - left)))
            }
            None => Pick::Ignored,
        }
    }

    /// Chooses the heap under the cursor, starting at its most even legal split.
    fn choose_heap(&self, cursor: &mut HeapCursor) -> Pick<Split> {
        match self.heap_at(cursor.row) {
            Some(heap) if heap >= 3 => {
                cursor.split = Some(heap / 2 + 1);
                Pick::Moved
            }
            Some(heap) => Pick::Refused(format!("a heap of {heap} cannot be split")),
            None => Pick::Ignored,
        }
    }
}

impl BoardGame for Grundy {
    type Cursor = HeapCursor;

    fn initial_cursor(&self) -> HeapCursor {
        HeapCursor::default()
    }

    fn board_size(&self) -> (u16, u16) {
        let largest = self.heaps().first().copied().unwrap_or(0);
        let width = LABEL + TAIL + largest.saturating_mul(2).min(60);
        (width, self.heaps().len().min(40) as u16)
    }

    fn render_board(
        &self,
        cursor: &HeapCursor,
        marks: &Marks<Split>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let board = GrundyBoard {
            game: self,
            cursor: *cursor,
            marks,
            theme,
        };
        board.render(area, buf);
    }

    fn board_keys() -> &'static [(&'static str, &'static str)] {
        &[("Enter / click", "choose a heap, then the split")]
    }

    fn steer(&self, cursor: &mut HeapCursor, steer: Steer) -> Pick<Split> {
        let rows = self.heaps().len();
        cursor.row = cursor.row.min(rows.saturating_sub(1));
        let heap = self.heap_at(cursor.row).unwrap_or(0);
        match (steer, cursor.split) {
            (Steer::Up | Steer::Down, _) => {
                cursor.row = super::step_index(cursor.row, steer == Steer::Down, rows);
                cursor.split = None;
            }
            (Steer::Left, Some(k)) => cursor.split = Some(k.saturating_sub(1).max(1)),
            (Steer::Right, Some(k)) => cursor.split = Some((k + 1).min(heap.saturating_sub(1))),
            (Steer::Left | Steer::Right, None) => return self.choose_heap(cursor),
            (Steer::Select, None) => return self.choose_heap(cursor),
            (Steer::Select, Some(k)) => return self.pick_split(cursor.row, k),
            (Steer::Cancel, Some(_)) => cursor.split = None,
            (Steer::Cancel, None) => return Pick::Ignored,
        }
        Pick::Moved
    }

    fn click(&self, cursor: &mut HeapCursor, area: Rect, at: Position) -> Pick<Split> {
        let layout = Layout::new(self, *cursor, area);
        let Some(row) = layout.row_at(at.y) else {
            return Pick::Ignored;
        };
        let Some(heap) = self.heap_at(row) else {
            return Pick::Ignored;
        };
        cursor.row = row;
        cursor.split = None;
        let first = layout.token_x(1);
        if at.x < first {
            return self.choose_heap(cursor);
        }
        let token = (at.x - first) / layout.spacing + 1;
        if token >= heap.min(layout.tokens_shown() + 1) {
            return self.choose_heap(cursor);
        }
        cursor.split = Some(token);
        self.pick_split(row, token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::board::render_lines;

    fn draw(game: &Grundy, cursor: HeapCursor, marks: &Marks<Split>) -> Vec<String> {
        render_lines(40, 4, |area, buf| {
            game.render_board(&cursor, marks, &Theme::plain(), area, buf)
        })
    }

    #[test]
    fn draws_one_row_of_tokens_per_heap() {
        let game = Grundy::from_heaps(&[2, 5, 1]);
        let lines = draw(&game, HeapCursor::default(), &Marks::default());
        assert_eq!(lines, ["   5 ● ● ● ● ●", "   2 ● ●", "   1 ●", ""]);
    }

    #[test]
    fn a_chosen_heap_shows_its_split_and_the_legal_split_points() {
        let game = Grundy::from_heaps(&[6]);
        let mut cursor = HeapCursor::default();
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Moved);
        let marks = Marks {
            human_to_move: true,
            ..Marks::default()
        };
        // 3+3 is not a legal split of 6, so the middle gap has no dot.
        assert_eq!(draw(&game, cursor, &marks)[0], "   6 ●·●·● ●┃●·● 4+2");
    }

    #[test]
    fn the_hint_is_written_beside_its_heap() {
        let game = Grundy::from_heaps(&[7]);
        let marks = Marks {
            hint: Some(Split { heap: 7, larger: 4 }),
            human_to_move: true,
            last: None,
        };
        assert_eq!(
            draw(&game, HeapCursor::default(), &marks)[0],
            "   7 ● ● ● ● ● ● ● hint 4+3"
        );
    }

    #[test]
    fn keys_choose_a_heap_then_a_split() {
        let game = Grundy::from_heaps(&[7, 2]);
        let mut cursor = HeapCursor::default();
        assert_eq!(game.steer(&mut cursor, Steer::Down), Pick::Moved);
        let refused = game.steer(&mut cursor, Steer::Select);
        assert_eq!(refused, Pick::Refused("a heap of 2 cannot be split".into()));
        game.steer(&mut cursor, Steer::Up);
        game.steer(&mut cursor, Steer::Select);
        assert_eq!(cursor.split, Some(4));
        game.steer(&mut cursor, Steer::Right);
        game.steer(&mut cursor, Steer::Right);
        game.steer(&mut cursor, Steer::Right);
        assert_eq!(cursor.split, Some(6));
        let expected = Pick::Play(Split { heap: 7, larger: 6 });
        assert_eq!(game.steer(&mut cursor, Steer::Select), expected);
        assert_eq!(game.steer(&mut cursor, Steer::Cancel), Pick::Moved);
        assert_eq!(game.steer(&mut cursor, Steer::Cancel), Pick::Ignored);
    }

    #[test]
    fn a_click_splits_after_the_token() {
        let game = Grundy::from_heaps(&[8]);
        let mut cursor = HeapCursor::default();
        let area = Rect::new(0, 0, 40, 4);
        let third_token = Position::new(LABEL + 4, 0);
        let expected = Pick::Play(Split { heap: 8, larger: 5 });
        assert_eq!(game.click(&mut cursor, area, third_token), expected);
        let fourth_token = Position::new(LABEL + 6, 0);
        let equal = game.click(&mut cursor, area, fourth_token);
        assert!(matches!(equal, Pick::Refused(message) if message.contains("equal")));
        assert_eq!(
            game.click(&mut cursor, area, Position::new(0, 3)),
            Pick::Ignored
        );
    }
}
