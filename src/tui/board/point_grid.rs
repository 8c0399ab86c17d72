//! Where the points of a square board of stones (Gomoku, Go) are drawn in an
//! area: rank numbers on the left, one character per point with a space between
//! when the area is wide enough, column letters below when it is high enough, and,
//! when it is too low for every rank, the ranks around the cursor. Drawing and
//! clicks use the same [`PointGrid`], so a click lands on the point drawn there.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use crate::tui::theme::Theme;

use crate::game::Player;

/// Columns taken by the rank numbers and the space after them.
pub const LABEL_WIDTH: u16 = 3;

/// The placement of every point in one area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointGrid {
    /// Top-left corner of the drawing (the first rank label).
    pub origin: Position,
    /// Columns from one point to the next: 2 with a space between, 1 without.
    pub spacing: u16,
    /// The highest rank shown, at the top.
    pub top_rank: usize,
    /// How many ranks are shown.
    pub ranks: usize,
    /// True when the column letters fit under the points.
    pub letters_row: bool,
}

impl PointGrid {
    /// The grid of a `size` board in `area`, keeping `cursor_rank` in view, with
    /// `below` lines kept free under the letters and the drawing at least
    /// `min_width` wide (for centring).
    pub fn new(
        size: usize,
        area: Rect,
        cursor_rank: usize,
        below: u16,
        min_width: u16,
    ) -> PointGrid {
        let spacing = if area.width >= LABEL_WIDTH + 2 * size as u16 - 1 {
            2
        } else {
            1
        };
        let room = area.height.saturating_sub(below) as usize;
        let letters_row = room > size;
        let ranks = size.min(room).max(1);
        // Keep the cursor's rank in view, as central as the edges allow.
        let top_rank = (cursor_rank + ranks / 2).clamp(ranks - 1, size - 1);
        let width = (LABEL_WIDTH + spacing * (size as u16 - 1) + 1).max(min_width);
        let height = ranks as u16 + u16::from(letters_row) + below;
        PointGrid {
            origin: Position::new(
                area.x + area.width.saturating_sub(width) / 2,
                area.y + area.height.saturating_sub(height) / 2,
            ),
            spacing,
            top_rank,
            ranks,
            letters_row,
        }
    }

    /// The screen cell of a point, if its rank is shown.
    pub fn position(&self, file: usize, rank: usize) -> Option<Position> {
        let row = self
            .top_rank
            .checked_sub(rank)
            .filter(|&r| r < self.ranks)?;
        Some(Position::new(
            self.origin.x + LABEL_WIDTH + file as u16 * self.spacing,
            self.origin.y + row as u16,
        ))
    }

    /// The point drawn at a screen cell, if any.
    pub fn point_at(&self, size: usize, at: Position) -> Option<(usize, usize)> {
        let dx = at.x.checked_sub(self.origin.x + LABEL_WIDTH)?;
        let row = at.y.checked_sub(self.origin.y)? as usize;
        let file = (dx / self.spacing) as usize;
        let on_point = dx % self.spacing == 0;
        (on_point && file < size && row < self.ranks).then(|| (file, self.top_rank - row))
    }

    /// Draws the rank numbers down the left (the `highlighted` one, the cursor's,
    /// in the title style) and, where there is room, `columns`' letters under
    /// the points.
    pub fn draw_labels(
        &self,
        columns: &[u8],
        highlighted: Option<usize>,
        theme: &Theme,
        put: &mut impl FnMut(Position, &str, Style),
    ) {
        for row in 0..self.ranks {
            let rank = self.top_rank - row;
            let style = match highlighted == Some(rank) {
                true => theme.title,
                false => theme.dim,
            };
            let at = Position::new(self.origin.x, self.origin.y + row as u16);
            put(at, &format!("{:>2}", rank + 1), style);
        }
        if self.letters_row {
            let y = self.origin.y + self.ranks as u16;
            for (file, &letter) in columns.iter().enumerate() {
                let x = self.origin.x + LABEL_WIDTH + file as u16 * self.spacing;
                put(
                    Position::new(x, y),
                    &(letter as char).to_string(),
                    theme.dim,
                );
            }
        }
    }

    /// Brackets the stone at `at` (the last one played) where the points stand
    /// a column apart, so there is room.
    pub fn bracket(
        &self,
        at: Position,
        theme: &Theme,
        put: &mut impl FnMut(Position, &str, Style),
    ) {
        if self.spacing == 2 {
            put(Position::new(at.x - 1, at.y), "[", theme.last_move);
            put(Position::new(at.x + 1, at.y), "]", theme.last_move);
        }
    }

    /// The first line under the points and their letters.
    pub fn line_below(&self) -> u16 {
        self.origin.y + self.ranks as u16 + u16::from(self.letters_row)
    }
}

/// Writes text into `buf`, cut at the edge of `area`: how the point boards draw.
pub fn clipped(area: Rect, buf: &mut Buffer) -> impl FnMut(Position, &str, Style) + '_ {
    move |at: Position, text: &str, style: Style| {
        if area.contains(at) {
            buf.set_stringn(at.x, at.y, text, (area.right() - at.x) as usize, style);
        }
    }
}

/// A stone: ● for the first player (Black) and ○ for the second, or X and O with
/// `letters` (no colour, or the `a` key).
pub fn stone_symbol(player: Player, letters: bool) -> &'static str {
    match (player, letters) {
        (Player::First, false) => "●",
        (Player::Second, false) => "○",
        (Player::First, true) => "X",
        (Player::Second, true) => "O",
    }
}
