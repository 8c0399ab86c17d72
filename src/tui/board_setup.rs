//! The board editor: a position set up square by square, as chess GUIs' editors
//! and Go programs' setup stones work. Arrows move the cursor, a piece's key puts
//! that piece (its FEN letter in chess and xiangqi, `x` or `o` for stones and
//! discs), Space clears the square, Tab passes the move to the other side, and
//! Enter hands the position, written in the game's notation, to its reader.
//!
//! It knows nothing of the game beyond the rules layer's [`PieceGrid`]: a refused
//! position keeps the editor open with the reader's reason, so it can be fixed.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::theme::Theme;
use crate::game::Player;
use crate::game::setup_grid::{PieceGrid, SetupPiece};

/// What a key did to the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupAction {
    /// The grid or the cursor changed, or a key was refused: the editor stays.
    Editing,
    /// Enter: the position in the game's notation, for its reader.
    Submit(String),
    /// Esc: close, changing nothing.
    Cancel,
}

/// Writes a grid in the game's notation (with the game's options: Go's komi).
pub type WritePosition = Box<dyn Fn(&PieceGrid) -> String + Send>;

/// A position being set up.
pub struct BoardSetup {
    grid: PieceGrid,
    pieces: &'static [SetupPiece],
    write: WritePosition,
    /// The sides' names, and their pieces' styles in a theme (the board's own).
    sides: [&'static str; 2],
    styles: fn(&Theme) -> [Style; 2],
    /// (file, row from the top).
    cursor: (usize, usize),
    /// Why the last key or Enter was refused, until the next key.
    refusal: Option<String>,
}

impl BoardSetup {
    /// An editor on `grid`, putting `pieces`, writing with `write`.
    pub fn new(
        grid: PieceGrid,
        pieces: &'static [SetupPiece],
        write: WritePosition,
        sides: [&'static str; 2],
        styles: fn(&Theme) -> [Style; 2],
    ) -> BoardSetup {
        let cursor = (grid.files / 2, grid.ranks() / 2);
        BoardSetup {
            grid,
            pieces,
            write,
            sides,
            styles,
            cursor,
            refusal: None,
        }
    }

    /// The grid as set up so far.
    pub fn grid(&self) -> &PieceGrid {
        &self.grid
    }

    /// Where the cursor is: (file, row from the top).
    pub fn cursor(&self) -> (usize, usize) {
        self.cursor
    }

    /// The reader's reason for refusing the position submitted.
    pub fn refuse(&mut self, why: String) {
        self.refusal = Some(why);
    }

    /// The refusal shown, if any.
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    /// Answers a key.
    pub fn key(&mut self, key: &KeyEvent) -> SetupAction {
        self.refusal = None;
        let (file, row) = self.cursor;
        let (files, ranks) = (self.grid.files, self.grid.ranks());
        match key.code {
            KeyCode::Esc => return SetupAction::Cancel,
            KeyCode::Enter => return SetupAction::Submit((self.write)(&self.grid)),
            KeyCode::Up => self.cursor.1 = row.saturating_sub(1),
            KeyCode::Down => self.cursor.1 = (row + 1).min(ranks.saturating_sub(1)),
            KeyCode::Left => self.cursor.0 = file.saturating_sub(1),
            KeyCode::Right => self.cursor.0 = (file + 1).min(files.saturating_sub(1)),
            KeyCode::Char(' ' | '.') | KeyCode::Backspace | KeyCode::Delete => {
                self.grid.set(file, row, None)
            }
            KeyCode::Tab | KeyCode::BackTab => self.pass_the_move(),
            KeyCode::Char('0') => self.grid.squares.fill(None),
            KeyCode::Char(key) => self.put(key),
            _ => {}
        }
        SetupAction::Editing
    }

    /// Puts the piece `key` names under the cursor; the same key again takes it off.
    fn put(&mut self, key: char) {
        let (file, row) = self.cursor;
        if !self.pieces.iter().any(|piece| piece.key == key) {
            let keys: Vec<String> = self.pieces.iter().map(|p| p.key.to_string()).collect();
            self.refusal = Some(format!("no piece '{key}' here: {}", keys.join(" ")));
            return;
        }
        let now = (self.grid.get(file, row) != Some(key)).then_some(key);
        self.grid.set(file, row, now);
    }

    fn pass_the_move(&mut self) {
        match self.grid.to_move {
            Some(side) => self.grid.to_move = Some(side.other()),
            None => self.refusal = Some("the side to move follows from the counts".into()),
        }
    }

    /// The space the editor takes with its border: (width, height).
    pub fn size(&self) -> (u16, u16) {
        let label = self.label_width();
        let grid_width = label + 1 + 2 * self.grid.files as u16;
        let width = grid_width.max(KEYS.chars().count() as u16) + 2;
        // The ranks, the files' labels, the side to move or the refusal, the border.
        (width, self.grid.ranks() as u16 + 4)
    }

    fn label_width(&self) -> u16 {
        let widest = self.grid.rank_labels.iter().map(|l| l.chars().count());
        widest.max().unwrap_or(1) as u16
    }

    /// Draws the editor into `area` (cleared first), the cursor's square reversed.
    pub fn render(&self, theme: &Theme, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let label = usize::from(self.label_width());
        let mut lines: Vec<Line> = Vec::new();
        for row in 0..self.grid.ranks() {
            let name = self.grid.rank_labels.get(row).cloned().unwrap_or_default();
            let mut spans = vec![Span::styled(format!("{name:>label$} "), theme.dim)];
            for file in 0..self.grid.files {
                let (text, style) = match self.grid.get(file, row) {
                    Some(piece) => (piece.to_string(), self.style_of(piece, theme)),
                    None => ("·".to_string(), theme.dim),
                };
                let style = if self.cursor == (file, row) {
                    theme.selected
                } else {
                    style
                };
                spans.push(Span::styled(text, style));
                spans.push(Span::raw(" "));
            }
            lines.push(Line::from(spans));
        }
        let files: String = self
            .grid
            .file_labels
            .iter()
            .map(|l| format!("{:<2}", l.chars().next().unwrap_or(' ')))
            .collect();
        lines.push(Line::from(Span::styled(
            format!("{:label$} {files}", ""),
            theme.dim,
        )));
        lines.push(match (&self.refusal, self.grid.to_move) {
            (Some(why), _) => Line::from(Span::styled(why.clone(), theme.bad)),
            (None, Some(side)) => Line::from(vec![
                Span::styled(format!("{} to move", self.sides[side.index()]), theme.text),
                Span::styled(" · Tab the other side", theme.dim),
            ]),
            (None, None) => Line::from(Span::styled("the counts give the side to move", theme.dim)),
        });
        let block = Block::bordered()
            .title(Span::styled(" Set up the position ", theme.title))
            .title_bottom(Span::styled(KEYS, theme.dim))
            .border_style(theme.border);
        Paragraph::new(lines).block(block).render(area, buf);
    }

    fn style_of(&self, piece: char, theme: &Theme) -> Style {
        let side = self
            .pieces
            .iter()
            .find(|p| p.key == piece)
            .map_or(Player::First, |p| p.side);
        (self.styles)(theme)[side.index()]
    }
}

/// The editor's keys, on its bottom border.
const KEYS: &str = "←↑↓→ · piece key puts · Space clears · 0 empties · Enter · Esc";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::setup_grid::STONES;
    use ratatui::crossterm::event::KeyModifiers;

    fn press(setup: &mut BoardSetup, code: KeyCode) -> SetupAction {
        setup.key(&KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn editor() -> BoardSetup {
        let grid = PieceGrid::empty(3, 3, None);
        let write: WritePosition = Box::new(|grid| grid.write_ranks('.', false));
        BoardSetup::new(grid, &STONES, write, ["X", "O"], |theme| theme.sides)
    }

    #[test]
    fn keys_put_move_clear_and_submit_the_grid_as_text() {
        let mut setup = editor();
        assert_eq!(setup.cursor(), (1, 1));
        press(&mut setup, KeyCode::Char('x'));
        press(&mut setup, KeyCode::Up);
        press(&mut setup, KeyCode::Left);
        press(&mut setup, KeyCode::Char('o'));
        press(&mut setup, KeyCode::Right);
        press(&mut setup, KeyCode::Right);
        press(&mut setup, KeyCode::Right);
        press(&mut setup, KeyCode::Char('x'));
        assert_eq!(
            press(&mut setup, KeyCode::Enter),
            SetupAction::Submit("o.x/.x./...".into())
        );
        // The same key again takes the piece off; Space clears a square.
        press(&mut setup, KeyCode::Char('x'));
        press(&mut setup, KeyCode::Down);
        press(&mut setup, KeyCode::Left);
        press(&mut setup, KeyCode::Char(' '));
        assert_eq!(setup.grid().write_ranks('.', false), "o../.../...");
        press(&mut setup, KeyCode::Char('0'));
        assert_eq!(setup.grid().pieces().count(), 0);
        assert_eq!(press(&mut setup, KeyCode::Esc), SetupAction::Cancel);
    }

    #[test]
    fn a_key_that_is_no_piece_is_refused_with_the_pieces_there_are() {
        let mut setup = editor();
        assert_eq!(press(&mut setup, KeyCode::Char('K')), SetupAction::Editing);
        assert_eq!(setup.refusal(), Some("no piece 'K' here: x o"));
        press(&mut setup, KeyCode::Tab);
        assert_eq!(
            setup.refusal(),
            Some("the side to move follows from the counts")
        );
        press(&mut setup, KeyCode::Right);
        assert_eq!(setup.refusal(), None);
    }
}
