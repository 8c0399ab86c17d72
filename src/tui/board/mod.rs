//! Board widgets: the only per-game code in the arcade.
//!
//! A game joins the arcade by implementing [`BoardGame`] in a file of this folder
//! (drawing the position, moving a cursor, turning a key or a click into a move)
//! and by adding one line to [`visit_board`]. Everything else, from the search
//! panel to undo and spectating, is generic.

pub mod checkers;
pub mod chess;
pub mod connect4;
pub mod dodgem;
pub mod go;
pub mod gomoku;
pub mod grundy;
pub mod kalah;
pub mod othello;
pub mod point_grid;
pub mod synthetic;
pub mod tictactoe;
pub mod xiangqi;

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};

use ratatui::style::Style;

use super::theme::Theme;
use crate::dispatch_game;
use crate::game::{Game, GameError, GameInfo, Playable, Player, find_game, games};

/// A cursor step or a choice, from arrows/hjkl, Enter and Esc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steer {
    /// Arrow up or `k`.
    Up,
    /// Arrow down or `j`.
    Down,
    /// Arrow left or `h`.
    Left,
    /// Arrow right or `l`.
    Right,
    /// Enter: play the move under the cursor, or choose the next part of it.
    Select,
    /// Esc: drop a half-chosen move.
    Cancel,
}

impl Steer {
    /// Where an arrow takes a cursor at (`column`, `row`), rows counted from the top
    /// of the drawing, on a grid of `columns` by `rows`: it stops at the edges.
    /// `None` for Enter and Esc, which each board answers itself.
    pub fn step_in_grid(
        self,
        (column, row): (u16, u16),
        (columns, rows): (u16, u16),
    ) -> Option<(u16, u16)> {
        match self {
            Steer::Up => Some((column, row.saturating_sub(1))),
            Steer::Down => Some((column, (row + 1).min(rows.saturating_sub(1)))),
            Steer::Left => Some((column.saturating_sub(1), row)),
            Steer::Right => Some(((column + 1).min(columns.saturating_sub(1)), row)),
            Steer::Select | Steer::Cancel => None,
        }
    }
}

/// What a board made of a key or a click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick<M> {
    /// Nothing for the board to do (Esc with nothing chosen): the screen may use it.
    Ignored,
    /// The cursor moved or part of a move was chosen.
    Moved,
    /// A complete legal move.
    Play(M),
    /// The move under the cursor is not legal; the line says why.
    Refused(String),
}

impl<M> Pick<M> {
    /// Turns a parsed move into a pick: the game's own message when it is illegal.
    pub fn from_parsed(parsed: Result<M, GameError>) -> Pick<M> {
        match parsed {
            Ok(m) => Pick::Play(m),
            Err(error) => Pick::Refused(error.0),
        }
    }
}

/// What a board shows besides the position, chosen by the game screen each frame.
#[derive(Clone, Copy, Debug)]
pub struct Marks<M> {
    /// The last move played, highlighted.
    pub last: Option<M>,
    /// The engine's suggestion for the human, highlighted.
    pub hint: Option<M>,
    /// True when a human is to move: the cursor and the legal targets are shown.
    pub human_to_move: bool,
}

impl<M> Default for Marks<M> {
    fn default() -> Self {
        Marks {
            last: None,
            hint: None,
            human_to_move: false,
        }
    }
}

/// A way of writing moves a player may choose on the game screen: its name and
/// how it writes a move legal in a position.
pub type Notation<G> = (&'static str, fn(&G, <G as Game>::Move) -> String);

/// A game with a board the arcade can draw and play on.
pub trait BoardGame: Playable + crate::play::record::Recordable {
    /// Where the player points on the board; kept between frames by the session.
    type Cursor: Clone + std::fmt::Debug + Send;

    /// Where the cursor starts in this position.
    fn initial_cursor(&self) -> Self::Cursor;

    /// The space the whole board needs (width, height), borders excluded: its
    /// smallest drawing, the one an 80x24 terminal has room for.
    fn board_size(&self) -> (u16, u16);

    /// The space of the largest drawing that fits `room` (width, height), so that
    /// a large terminal gets larger cells; the smallest drawing when none fits.
    /// Drawing into an area picks the same way, so the layout and the board agree.
    fn board_size_within(&self, _room: (u16, u16)) -> (u16, u16) {
        self.board_size()
    }

    /// Draws the position with the cursor and the marks into `area`.
    fn render_board(
        &self,
        cursor: &Self::Cursor,
        marks: &Marks<Self::Move>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    );

    /// Answers a key: moves the cursor or picks a move.
    fn steer(&self, cursor: &mut Self::Cursor, steer: Steer) -> Pick<Self::Move>;

    /// Answers a left click at `at` on a board drawn into `area`.
    fn click(&self, cursor: &mut Self::Cursor, area: Rect, at: Position) -> Pick<Self::Move>;

    /// The cursor after a move, an undo or a restart: a fresh one by default; a board
    /// with view settings (a flipped chess board) carries them over.
    fn next_cursor(&self, _previous: &Self::Cursor) -> Self::Cursor {
        self.initial_cursor()
    }

    /// Turns the view so that `bottom`'s side is at the bottom (a human playing the
    /// second side against the computer); boards without sides keep their view.
    fn face(&self, _cursor: &mut Self::Cursor, _bottom: Player) {}

    /// The notations a player may switch between with `w` on the game screen, the
    /// default first (WXF and ICCS for xiangqi); empty when the game has one.
    fn notations() -> &'static [Notation<Self>] {
        &[]
    }

    /// The styles of the two sides' pieces and names, when the game has colours of
    /// its own (xiangqi's Red and Black); the theme's otherwise.
    fn side_styles(theme: &Theme) -> [Style; 2] {
        theme.sides
    }

    /// A letter key the game screen has no use for (`f` flips the chess board);
    /// true when the board used it.
    fn letter(&self, _cursor: &mut Self::Cursor, _key: char) -> bool {
        false
    }

    /// The keys this board adds to the game screen's, as (keys, what they do),
    /// for the `?` help: only the game in front lists its own.
    fn board_keys() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// A few words for the status line on what the board alone does not make
    /// obvious (Kalah's extra turn); nothing by default.
    fn status_note(&self) -> Option<String> {
        None
    }

    /// How the move list writes `m`, legal in this position: the game's notation by
    /// default; a game whose people write moves differently from its engines (WXF
    /// for xiangqi) says so here.
    fn move_list_text(&self, m: Self::Move) -> String {
        self.format_move(m)
    }

    /// Called once the game has ended, for whatever reason: a board with something
    /// to show at the end (Go's count of territory and dead stones) prepares it.
    fn game_over(&self, _cursor: &mut Self::Cursor) {}

    /// A key while no human is to move (the game over, the computer thinking): a
    /// board with something to steer then (Go's dead stones) takes it and says
    /// true; by default it is refused.
    fn steer_idle(&self, _cursor: &mut Self::Cursor, _steer: Steer) -> bool {
        false
    }

    /// True when a player may give the game up: every game between two players,
    /// not the synthetic trees, whose leaves carry the result.
    fn may_resign() -> bool {
        true
    }

    /// True when the computer gives up a game its Monte Carlo search finds lost,
    /// as Go programs do, rather than play it out; false by default.
    fn computer_may_resign() -> bool {
        false
    }

    /// How the game names a side: `X` and `O` in tic-tac-toe.
    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "First",
            Player::Second => "Second",
        }
    }
}

/// Generic code to run on a game with a board, chosen at run time by id.
pub trait BoardVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the chosen game's type.
    fn visit<G: BoardGame>(self) -> Self::Output;
}

/// Runs `visitor` on the game named `id`: the arcade's registry of boards.
pub fn visit_board<V: BoardVisitor>(id: &str, visitor: V) -> Result<V::Output, GameError> {
    // Every game of the registry has a board: the same one list of games.
    crate::for_each_game!(dispatch_game!(id, visitor, unknown_board(id)))
}

/// The error for an id the registry does not know.
fn unknown_board(id: &str) -> GameError {
    match find_game(id) {
        Ok(info) => GameError::new(format!("{} has no board in the arcade yet", info.name)),
        Err(unknown) => unknown,
    }
}

/// The games the menu lists: the registry's, in its order, that have a board.
pub fn arcade_games() -> Vec<GameInfo> {
    struct HasBoard;
    impl BoardVisitor for HasBoard {
        type Output = ();
        fn visit<G: BoardGame>(self) {}
    }
    games()
        .into_iter()
        .filter(|info| visit_board(info.id, HasBoard).is_ok())
        .collect()
}

pub use crate::play::evaluator_names;

/// Moves a value one step within `0..len` (no wrapping), for cursors.
pub fn step_index(index: usize, forward: bool, len: usize) -> usize {
    if forward {
        (index + 1).min(len.saturating_sub(1))
    } else {
        index.saturating_sub(1)
    }
}

/// The display switches a board keeps from one move to the next: `f` turns the
/// board round, `a` draws letters instead of Unicode pieces (for terminals whose
/// fonts lack them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// The second side at the bottom.
    pub flipped: bool,
    /// Letters instead of Unicode pieces.
    pub letters: bool,
}

impl View {
    /// Applies `f` or `a`; false for any other key, which the board may use itself.
    pub fn toggle(&mut self, key: char) -> bool {
        match key {
            'f' => self.flipped = !self.flipped,
            'a' => self.letters = !self.letters,
            _ => return false,
        }
        true
    }

    /// The view as drawn: without colour the pieces are always letters, since a
    /// colourless disc cannot tell the sides apart.
    pub fn under(self, theme: &Theme) -> View {
        View {
            letters: self.letters || *theme == Theme::plain(),
            ..self
        }
    }
}

/// A board's symbols for a theme: plain letters when colour is off (the chess
/// board's rule too), Unicode arrows and discs otherwise.
pub fn symbols_for<T>(theme: &Theme, unicode: &'static T, letters: &'static T) -> &'static T {
    if *theme == Theme::plain() {
        letters
    } else {
        unicode
    }
}

/// The largest of `options` (smallest first) whose drawing, as `size` gives it,
/// fits `room`; the first when none does: how a board chooses its cells.
pub fn largest_fitting<T: Copy>(
    options: &[T],
    room: (u16, u16),
    size: impl Fn(T) -> (u16, u16),
) -> T {
    options
        .iter()
        .copied()
        .rev()
        .find(|&option| {
            let (width, height) = size(option);
            width <= room.0 && height <= room.1
        })
        .unwrap_or(options[0])
}

/// The size of one square of a square board, about twice as wide as high since
/// terminal characters are tall: a board grows through [`CELLS`] with the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
}

/// The cells of square boards, from the compact one of an 80x24 terminal up.
pub const CELLS: [Cell; 4] = [
    Cell::new(3, 1),
    Cell::new(5, 2),
    Cell::new(7, 3),
    Cell::new(9, 4),
];

impl Cell {
    /// A cell of `width` columns and `height` rows.
    pub const fn new(width: u16, height: u16) -> Cell {
        Cell { width, height }
    }

    /// The largest cell whose board, as `board_size` measures it, fits `room`.
    pub fn within(room: (u16, u16), board_size: impl Fn(Cell) -> (u16, u16)) -> Cell {
        largest_fitting(&CELLS, room, board_size)
    }

    /// Where a square's three characters sit within it: the middle.
    pub fn inset(self) -> (u16, u16) {
        ((self.width - 3) / 2, (self.height - 1) / 2)
    }
}

/// Where a board draws itself: the theme, and the area of the buffer it fills.
pub(crate) struct Canvas<'a> {
    /// The colours and styles to draw in.
    pub theme: &'a Theme,
    /// The area given to the board.
    pub area: Rect,
    /// The buffer under it.
    pub buf: &'a mut Buffer,
}

/// What `draw` puts on a `width` x `height` plain-themed canvas, as lines: for
/// the widgets' tests that draw with a cursor of their own.
#[cfg(test)]
pub(crate) fn drawn_plain(width: u16, height: u16, draw: impl FnOnce(Canvas<'_>)) -> Vec<String> {
    render_lines(width, height, |area, buf| {
        draw(Canvas {
            theme: &Theme::plain(),
            area,
            buf,
        })
    })
}

/// A board drawn from its first cursor with `marks` in `theme`, as lines: what
/// the widgets' own tests compare with the picture they expect.
#[cfg(test)]
pub(crate) fn drawn_board<G: BoardGame>(
    game: &G,
    marks: &Marks<G::Move>,
    theme: &Theme,
    (width, height): (u16, u16),
) -> Vec<String> {
    render_lines(width, height, |area, buf| {
        game.render_board(&game.initial_cursor(), marks, theme, area, buf)
    })
}

/// Draws a widget into a buffer of its own, for the board widgets' tests.
#[cfg(test)]
pub fn render_lines(width: u16, height: u16, draw: impl FnOnce(Rect, &mut Buffer)) -> Vec<String> {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    draw(area, &mut buf);
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The game's names for its two sides, for the setup screen.
pub fn side_names(id: &str) -> [&'static str; 2] {
    struct Names;
    impl BoardVisitor for Names {
        type Output = [&'static str; 2];
        fn visit<G: BoardGame>(self) -> Self::Output {
            [G::side_name(Player::First), G::side_name(Player::Second)]
        }
    }
    visit_board(id, Names).unwrap_or(["First", "Second"])
}
