//! The xiangqi board: pieces on the intersections of 9 files and 10 ranks, drawn
//! with box lines, the river between the halves and the palace diagonals. Pieces
//! are Chinese characters (two columns wide) or, with `a` or a colourless theme,
//! FEN letters. `f` flips the board. The last move, a general in check, the cursor
//! and the selected piece's legal targets are marked.
//!
//! A move is two picks: a piece (Enter or click), then its target.

use super::Canvas;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier, Style};

use super::{BoardGame, Marks, Notation, Pick, Steer, View};
use crate::game::xiangqi::Xiangqi;
use crate::game::xiangqi::board::{FILES, Kind, Move, Piece, RANKS, file_of, point, rank_of};
use crate::game::xiangqi::notation::kind_letter;
use crate::game::{Game, Player};
use crate::tui::theme::Theme;

/// The notations a player chooses between with `w`: WXF, which people write,
/// first; ICCS, the engines' coordinates.
static NOTATIONS: [Notation<Xiangqi>; 2] =
    [("WXF", Xiangqi::format_wxf), ("ICCS", Xiangqi::format_iccs)];

/// The keys under the board.
const PROMPT: &str = "F flip L letters W notation";
/// The mark beside a general in check, readable without colour.
const CHECK_MARK: &str = "+";
/// The view row just above the river.
const RIVER_ROW: u16 = 4;

/// The spacing of the points: the board grows with the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Look {
    /// Columns between two neighbouring files.
    step: u16,
    /// Rows between two neighbouring ranks (1: no line rows, a row for the river).
    rows: u16,
}

/// The looks from the compact one of an 80x24 terminal to the largest.
const LOOKS: [Look; 3] = [
    Look { step: 3, rows: 1 },
    Look { step: 4, rows: 2 },
    Look { step: 6, rows: 3 },
];

impl Look {
    /// The largest look that fits `room`.
    fn within(room: (u16, u16)) -> Look {
        super::largest_fitting(&LOOKS, room, Look::size)
    }

    /// Rank labels, then nine points a step apart, the last two columns wide;
    /// the ranks, the river, file labels and one prompt line.
    fn size(self) -> (u16, u16) {
        (
            2 + self.step * (FILES as u16 - 1) + 2,
            self.row_y(RANKS as u16 - 1) + 3,
        )
    }

    /// The row of view rank `row` from the top of the drawing.
    fn row_y(self, row: u16) -> u16 {
        let river = u16::from(self.rows == 1 && row > RIVER_ROW);
        row * self.rows + river
    }

    /// The view rank drawn at `dy` rows from the top (a point owns the line rows
    /// nearest to it), if any.
    fn row_at(self, dy: u16) -> Option<u16> {
        if self.rows == 1 {
            return match dy {
                5 => None,
                dy if dy > 5 => Some(dy - 1),
                dy => Some(dy),
            };
        }
        Some((dy + (self.rows - 1) / 2) / self.rows)
    }
}

/// Where the player points, what they picked, and how the board is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XiangqiCursor {
    /// The point under the cursor.
    pub point: u8,
    /// The piece picked to move, if any.
    pub selected: Option<u8>,
    /// Board turned round or not, pieces as letters or not: kept across moves.
    pub view: View,
}

/// The Chinese character of a piece: Red's and Black's differ for most kinds.
pub fn chinese(piece: Piece) -> char {
    let red = piece.side == Player::First;
    match (piece.kind, red) {
        (Kind::General, true) => '帥',
        (Kind::General, false) => '將',
        (Kind::Advisor, true) => '仕',
        (Kind::Advisor, false) => '士',
        (Kind::Elephant, true) => '相',
        (Kind::Elephant, false) => '象',
        (Kind::Horse, true) => '傌',
        (Kind::Horse, false) => '馬',
        (Kind::Chariot, true) => '俥',
        (Kind::Chariot, false) => '車',
        (Kind::Cannon, true) => '炮',
        (Kind::Cannon, false) => '砲',
        (Kind::Soldier, true) => '兵',
        (Kind::Soldier, false) => '卒',
    }
}

/// The FEN letter of a piece: upper case for Red.
fn letter(piece: Piece) -> char {
    let upper = kind_letter(piece.kind);
    match piece.side {
        Player::First => upper,
        Player::Second => upper.to_ascii_lowercase(),
    }
}

/// Where the drawing sits inside `area`: centred.
fn origin(area: Rect, look: Look) -> Position {
    let (width, height) = look.size();
    Position::new(
        area.x + area.width.saturating_sub(width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
    )
}

/// Column from the left and row from the top of a point as drawn.
fn view_coordinates(at: u8, flipped: bool) -> (u16, u16) {
    let (file, rank) = (file_of(at) as u16, rank_of(at) as u16);
    if flipped {
        (FILES as u16 - 1 - file, rank)
    } else {
        (file, RANKS as u16 - 1 - rank)
    }
}

/// The point drawn at a column and row, if both are on the board.
fn point_at(column: u16, row: u16, flipped: bool) -> Option<u8> {
    if column >= FILES as u16 || row >= RANKS as u16 {
        return None;
    }
    let (file, rank) = if flipped {
        (FILES as u16 - 1 - column, row)
    } else {
        (column, RANKS as u16 - 1 - row)
    };
    Some(point(file as usize, rank as usize))
}

/// Screen position of a point's first column.
fn cell_position(origin: Position, at: u8, flipped: bool, look: Look) -> Position {
    let (column, row) = view_coordinates(at, flipped);
    Position::new(
        origin.x + 2 + column * look.step,
        origin.y + look.row_y(row),
    )
}

/// The line crossing drawn on an empty point at a view column and row: the board's
/// edges, and the river's banks, where the files stop.
fn crossing(column: u16, row: u16) -> char {
    let last_column = FILES as u16 - 1;
    let top = row == 0 || row == 5;
    let bottom = row == RANKS as u16 - 1 || row == 4;
    let edge_column = column == 0 || column == last_column;
    match (top, bottom, column) {
        (true, _, 0) if row == 0 => '┌',
        (true, _, c) if row == 0 && c == last_column => '┐',
        (_, true, 0) if row == RANKS as u16 - 1 => '└',
        (_, true, c) if row == RANKS as u16 - 1 && c == last_column => '┘',
        (true, _, _) if !edge_column => '┬',
        (_, true, _) if !edge_column => '┴',
        (_, _, 0) => '├',
        (_, _, c) if c == last_column => '┤',
        _ => '┼',
    }
}

impl Xiangqi {
    /// The legal moves of the piece on `from`.
    fn moves_from(&self, from: u8) -> Vec<Move> {
        self.moves()
            .into_iter()
            .filter(|m| m.from == from)
            .collect()
    }

    /// The text of one point: a piece (two columns), a target mark or the lines.
    fn point_text(&self, at: u8, cursor: &XiangqiCursor, targets: &[u8]) -> String {
        let (column, row) = view_coordinates(at, cursor.view.flipped);
        let trailing = if column + 1 < FILES as u16 {
            '─'
        } else {
            ' '
        };
        match self.board().piece_at(at) {
            Some(piece) if cursor.view.letters => format!("{}{trailing}", letter(piece)),
            Some(piece) => chinese(piece).to_string(),
            None if targets.contains(&at) => format!("*{trailing}"),
            None => format!("{}{trailing}", crossing(column, row)),
        }
    }

    /// The style of one point: pieces in their side's colour, then the marks.
    fn point_style(
        &self,
        at: u8,
        cursor: &XiangqiCursor,
        marks: &Marks<Move>,
        targets: &[u8],
        theme: &Theme,
    ) -> Style {
        let piece = self.board().piece_at(at);
        let mut style = match piece {
            Some(piece) => theme.side(piece.side),
            None => theme.dim,
        };
        let touches = |m: Option<Move>| m.is_some_and(|m| m.from == at || m.to == at);
        if touches(marks.last) {
            style = style.patch(theme.last_move);
        }
        if touches(marks.hint) {
            style = style.patch(theme.hint);
        }
        if targets.contains(&at) {
            style = style.patch(theme.legal);
            if piece.is_some() {
                style = style.add_modifier(Modifier::UNDERLINED | Modifier::ITALIC);
            }
        }
        if self.in_check() && self.board().generals[self.to_move().index()] == at {
            style = style.patch(theme.bad);
        }
        if marks.human_to_move && (cursor.selected == Some(at) || cursor.point == at) {
            style = style.patch(theme.selected);
        }
        style
    }

    /// Line row `k` (from 1) of those between view rows `row` and `row + 1` (not
    /// the river): the files and the palace diagonals.
    fn line_row(row: u16, k: u16, look: Look) -> String {
        let step = look.step as usize;
        let width = step * (FILES - 1) + 1;
        let mut cells: Vec<char> = vec![' '; width];
        for file in 0..FILES {
            cells[file * step] = '│';
        }
        // How far along its step a diagonal is k rows down.
        let along = step * k as usize / look.rows as usize;
        let diagonals = match row {
            0 | 7 => Some((('╲', 3 * step + along), ('╱', 5 * step - along))),
            1 | 8 => Some((('╱', 4 * step - along), ('╲', 4 * step + along))),
            _ => None,
        };
        if let Some(((left, x), (right, y))) = diagonals {
            cells[x] = left;
            cells[y] = right;
        }
        cells.into_iter().collect()
    }

    fn draw(&self, cursor: &XiangqiCursor, marks: &Marks<Move>, canvas: Canvas<'_>) {
        let Canvas { theme, area, buf } = canvas;
        let look = Look::within((area.width, area.height));
        let origin = origin(area, look);
        let mut put = |x: u16, y: u16, text: &str, style: Style| {
            if area.contains(Position::new(x, y)) {
                buf.set_stringn(x, y, text, (area.right() - x) as usize, style);
            }
        };
        let targets: Vec<u8> = match cursor.selected {
            Some(from) if marks.human_to_move => {
                self.moves_from(from).into_iter().map(|m| m.to).collect()
            }
            _ => Vec::new(),
        };
        let checked = self
            .in_check()
            .then(|| self.board().generals[self.to_move().index()]);
        let last_column = FILES as u16 - 1;
        for row in 0..RANKS as u16 {
            let y = origin.y + look.row_y(row);
            let first = point_at(0, row, cursor.view.flipped).expect("on the board");
            put(origin.x, y, &rank_of(first).to_string(), theme.dim);
            for column in 0..FILES as u16 {
                let at = point_at(column, row, cursor.view.flipped).expect("on the board");
                let position = cell_position(origin, at, cursor.view.flipped, look);
                let style = self.point_style(at, cursor, marks, &targets, theme);
                put(
                    position.x,
                    position.y,
                    &self.point_text(at, cursor, &targets),
                    style,
                );
                if column < last_column {
                    let line = "─".repeat(look.step as usize - 2);
                    put(position.x + 2, position.y, &line, theme.dim);
                }
                if checked == Some(at) {
                    // Check shows without colour too: a mark after the general.
                    let after = if cursor.view.letters { 1 } else { 2 };
                    put(position.x + after, position.y, CHECK_MARK, theme.bad);
                }
            }
            if row == RIVER_ROW {
                let (left, right) = if cursor.view.letters {
                    ("river", "river")
                } else {
                    ("楚 河", "漢 界")
                };
                let x = origin.x + 2;
                let step = look.step;
                put(x, y + 1, "│", theme.dim);
                put(x + step + step / 2, y + 1, left, theme.dim);
                put(x + 5 * step + step / 2, y + 1, right, theme.dim);
                put(x + step * last_column, y + 1, "│", theme.dim);
            } else if row + 1 < RANKS as u16 {
                for k in 1..look.rows {
                    let line = Xiangqi::line_row(row, k, look);
                    put(origin.x + 2, y + k, &line, theme.dim);
                }
            }
        }
        let files_y = origin.y + look.row_y(RANKS as u16 - 1) + 1;
        for column in 0..FILES as u16 {
            let at = point_at(column, 0, cursor.view.flipped).expect("on the board");
            let file = ((b'a' + file_of(at) as u8) as char).to_string();
            put(origin.x + 2 + column * look.step, files_y, &file, theme.dim);
        }
        put(origin.x, files_y + 1, PROMPT, theme.dim);
    }

    /// Enter on the cursor's point: pick a piece, or play to its target.
    fn select(&self, cursor: &mut XiangqiCursor) -> Pick<Move> {
        let own = self
            .board()
            .piece_at(cursor.point)
            .is_some_and(|p| p.side == self.to_move());
        let from = match cursor.selected {
            Some(from) if from == cursor.point => {
                cursor.selected = None;
                return Pick::Moved;
            }
            Some(from) if !own => from,
            _ if own => {
                if self.moves_from(cursor.point).is_empty() {
                    return Pick::Refused("that piece has no legal move".to_string());
                }
                cursor.selected = Some(cursor.point);
                return Pick::Moved;
            }
            _ => return Pick::Refused("pick one of your pieces first".to_string()),
        };
        let target = Move {
            from,
            to: cursor.point,
        };
        cursor.selected = None;
        Pick::from_parsed(self.parse_move(&self.format_iccs(target)))
    }
}

impl BoardGame for Xiangqi {
    type Cursor = XiangqiCursor;

    fn initial_cursor(&self) -> XiangqiCursor {
        XiangqiCursor {
            // Red's right-hand cannon, the piece of the usual first move.
            point: point(7, 2),
            selected: None,
            view: View::default(),
        }
    }

    fn next_cursor(&self, previous: &XiangqiCursor) -> XiangqiCursor {
        XiangqiCursor {
            point: previous.point,
            view: previous.view,
            ..self.initial_cursor()
        }
    }

    fn board_keys() -> &'static [(&'static str, &'static str)] {
        &[
            ("f", "turn the board round"),
            ("a", "letters instead of Unicode pieces"),
            ("W", "write moves in WXF or ICCS"),
        ]
    }

    fn letter(&self, cursor: &mut XiangqiCursor, key: char) -> bool {
        cursor.view.toggle(key)
    }

    fn board_size(&self) -> (u16, u16) {
        LOOKS[0].size()
    }

    fn board_size_within(&self, room: (u16, u16)) -> (u16, u16) {
        Look::within(room).size()
    }

    fn face(&self, cursor: &mut XiangqiCursor, bottom: Player) {
        cursor.view.flipped = bottom == Player::Second;
    }

    fn notations() -> &'static [Notation<Xiangqi>] {
        &NOTATIONS
    }

    fn side_styles(theme: &Theme) -> [Style; 2] {
        if *theme == Theme::plain() {
            return theme.sides;
        }
        // Red in red; Black in the terminal's own text colour (black on a light
        // background, the readable colour on a dark one), both bold.
        let bold = Style::new().add_modifier(Modifier::BOLD);
        [bold.fg(Color::Red), bold]
    }

    fn render_board(
        &self,
        cursor: &XiangqiCursor,
        marks: &Marks<Move>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let mut shown = *cursor;
        shown.view = shown.view.under(theme);
        self.draw(&shown, marks, Canvas { theme, area, buf });
    }

    fn steer(&self, cursor: &mut XiangqiCursor, steer: Steer) -> Pick<Move> {
        let here = view_coordinates(cursor.point, cursor.view.flipped);
        match steer.step_in_grid(here, (FILES as u16, RANKS as u16)) {
            Some((column, row)) => {
                cursor.point = point_at(column, row, cursor.view.flipped).unwrap_or(cursor.point);
                Pick::Moved
            }
            None if steer == Steer::Select => self.select(cursor),
            None if cursor.selected.take().is_some() => Pick::Moved,
            None => Pick::Ignored,
        }
    }

    fn click(&self, cursor: &mut XiangqiCursor, area: Rect, at: Position) -> Pick<Move> {
        let look = Look::within((area.width, area.height));
        let origin = origin(area, look);
        // A point owns its two columns and the columns nearest to it either side.
        let pad = (look.step - 2) / 2;
        let column = (at.x + pad)
            .checked_sub(origin.x + 2)
            .map(|dx| dx / look.step);
        let row = at.y.checked_sub(origin.y).and_then(|dy| look.row_at(dy));
        match (column, row) {
            (Some(column), Some(row)) => match point_at(column, row, cursor.view.flipped) {
                Some(target) => {
                    cursor.point = target;
                    self.select(cursor)
                }
                None => Pick::Ignored,
            },
            _ => Pick::Ignored,
        }
    }

    fn move_list_text(&self, m: Move) -> String {
        self.format_wxf(m)
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "Red",
            Player::Second => "Black",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::board::drawn_plain;

    /// The size of the look the tests draw first: a point every four columns.
    const NORMAL: (u16, u16) = (36, 21);

    fn draw(game: &Xiangqi, cursor: &XiangqiCursor, marks: &Marks<Move>) -> Vec<String> {
        drawn_plain(NORMAL.0, NORMAL.1, |canvas| {
            game.draw(cursor, marks, canvas)
        })
    }

    #[test]
    fn draws_the_start_position_with_letters_river_and_palace() {
        let game = Xiangqi::new();
        let mut cursor = game.initial_cursor();
        cursor.view.letters = true;
        let lines = draw(&game, &cursor, &Marks::default());
        assert_eq!(lines[0], "9 r───n───b───a───k───a───b───n───r");
        assert_eq!(lines[1], "  │   │   │   │ ╲ │ ╱ │   │   │   │");
        assert_eq!(lines[3], "  │   │   │   │ ╱ │ ╲ │   │   │   │");
        assert_eq!(lines[4], "7 ├───c───┼───┼───┼───┼───┼───c───┤");
        assert_eq!(lines[6], "6 p───┼───p───┼───p───┼───p───┼───p");
        assert_eq!(lines[8], "5 ├───┴───┴───┴───┴───┴───┴───┴───┤");
        assert_eq!(lines[9], "  │     river           river     │");
        assert_eq!(lines[10], "4 ├───┬───┬───┬───┬───┬───┬───┬───┤");
        assert_eq!(lines[18], "0 R───N───B───A───K───A───B───N───R");
        assert_eq!(lines[19], "  a   b   c   d   e   f   g   h   i");
        assert_eq!(lines[20], PROMPT);
    }

    #[test]
    fn chinese_pieces_take_two_columns_on_their_points() {
        let game = Xiangqi::new();
        let lines = draw(&game, &game.initial_cursor(), &Marks::default());
        let glyphs: String = lines[18]
            .chars()
            .filter(|c| !c.is_ascii() && !"─┼├┤".contains(*c))
            .collect();
        assert_eq!(glyphs, "俥傌相仕帥仕相傌俥");
        let black: String = lines[0]
            .chars()
            .filter(|c| !c.is_ascii() && !"─┼├┤".contains(*c))
            .collect();
        assert_eq!(black, "車馬象士將士象馬車");
        // Each glyph fills the two columns of its point: the lines stay aligned.
        let area = Rect::new(0, 0, NORMAL.0, NORMAL.1);
        let mut buf = Buffer::empty(area);
        game.draw(
            &game.initial_cursor(),
            &Marks::default(),
            Canvas {
                theme: &Theme::plain(),
                area,
                buf: &mut buf,
            },
        );
        let at = cell_position(origin(area, LOOKS[1]), point(4, 0), false, LOOKS[1]);
        assert_eq!(buf[(at.x, at.y)].symbol(), "帥");
        assert_eq!(buf[(at.x + 2, at.y)].symbol(), "─");
        // The buffer keeps a blank cell behind each wide character.
        assert_eq!(lines[9], "  │     楚  河            漢  界      │");
        assert_eq!(lines[18], "0 俥 ──傌 ──相 ──仕 ──帥 ──仕 ──相 ──傌 ──俥");
    }

    #[test]
    fn select_a_piece_then_its_target_shows_targets_and_plays() {
        let game = Xiangqi::new();
        let mut cursor = game.initial_cursor();
        cursor.view.letters = true;
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Moved);
        assert_eq!(cursor.selected, Some(point(7, 2)));
        let marks = Marks {
            human_to_move: true,
            ..Marks::default()
        };
        let lines = draw(&game, &cursor, &marks);
        // The cannon on h2 may go along rank 2 and up the h-file to h6, or take h9.
        assert_eq!(lines[14], "2 ├───C───*───*───*───*───*───C───*");
        assert_eq!(lines[8], "5 ├───┴───┴───┴───┴───┴───┴───*───┤");
        for _ in 0..3 {
            game.steer(&mut cursor, Steer::Left);
        }
        let expected = game.parse_move("h2e2").unwrap();
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Play(expected));
        let mut empty = game.initial_cursor();
        empty.point = point(4, 4);
        assert!(matches!(
            game.steer(&mut empty, Steer::Select),
            Pick::Refused(_)
        ));
    }

    #[test]
    fn the_compact_look_keeps_every_rank_and_file_and_the_large_one_spreads_out() {
        let game = Xiangqi::new();
        let mut cursor = game.initial_cursor();
        cursor.view.letters = true;
        let (width, height) = game.board_size();
        assert_eq!((width, height), (28, 13));
        let lines = drawn_plain(width, height, |canvas| {
            game.draw(&cursor, &Marks::default(), canvas)
        });
        assert_eq!(lines[0], "9 r──n──b──a──k──a──b──n──r");
        assert_eq!(lines[2], "7 ├──c──┼──┼──┼──┼──┼──c──┤");
        assert_eq!(lines[4], "5 ├──┴──┴──┴──┴──┴──┴──┴──┤");
        assert_eq!(lines[5], "  │   river       river   │");
        assert_eq!(lines[6], "4 ├──┬──┬──┬──┬──┬──┬──┬──┤");
        assert_eq!(lines[10], "0 R──N──B──A──K──A──B──N──R");
        assert_eq!(lines[11], "  a  b  c  d  e  f  g  h  i");
        assert_eq!(lines[12], PROMPT);

        assert_eq!(game.board_size_within((200, 60)), (52, 30));
        let lines = drawn_plain(52, 30, |canvas| {
            game.draw(&cursor, &Marks::default(), canvas)
        });
        assert_eq!(
            lines[0],
            "9 r─────n─────b─────a─────k─────a─────b─────n─────r"
        );
        // The palace diagonals cross two line rows between ranks 9 and 8.
        assert_eq!(
            lines[1],
            "  │     │     │     │ ╲   │   ╱ │     │     │     │"
        );
        assert_eq!(
            lines[2],
            "  │     │     │     │   ╲ │ ╱   │     │     │     │"
        );
        assert_eq!(
            lines[3],
            "8 ├─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┤"
        );
        assert_eq!(
            lines[28],
            "  a     b     c     d     e     f     g     h     i"
        );
        // A click on a point of the large board picks it.
        let area = Rect::new(0, 0, 52, 30);
        let mut picking = game.initial_cursor();
        let cannon = cell_position(origin(area, LOOKS[2]), point(7, 2), false, LOOKS[2]);
        assert_eq!(game.click(&mut picking, area, cannon), Pick::Moved);
        assert_eq!(picking.selected, Some(point(7, 2)));
    }

    #[test]
    fn the_board_flips_with_letters() {
        let mut game = Xiangqi::new();
        game.play_moves("h2e2").unwrap();
        let mut cursor = game.next_cursor(&game.initial_cursor());
        assert!(game.letter(&mut cursor, 'f'));
        assert!(game.letter(&mut cursor, 'a'));
        let lines = draw(&game, &cursor, &Marks::default());
        assert_eq!(lines[0], "0 R───N───B───A───K───A───B───N───R");
        assert_eq!(lines[4], "2 ├───┼───┼───┼───C───┼───┼───C───┤");
        assert_eq!(lines[19], "  i   h   g   f   e   d   c   b   a");
        assert_eq!(lines[20], PROMPT);
        assert!(game.next_cursor(&cursor).view.flipped);
    }

    #[test]
    fn a_general_in_check_is_marked() {
        let game = Xiangqi::from_fen("3k5/4r4/9/9/9/9/9/9/9/3AKR3 w - - 0 1").unwrap();
        let area = Rect::new(0, 0, NORMAL.0, NORMAL.1);
        let mut buf = Buffer::empty(area);
        let theme = Theme::colored();
        game.draw(
            &game.initial_cursor(),
            &Marks::default(),
            Canvas {
                theme: &theme,
                area,
                buf: &mut buf,
            },
        );
        let at = cell_position(origin(area, LOOKS[1]), point(4, 0), false, LOOKS[1]);
        assert_eq!(buf[(at.x, at.y)].fg, theme.bad.fg.unwrap());
        let advisor = cell_position(origin(area, LOOKS[1]), point(3, 0), false, LOOKS[1]);
        assert_eq!(
            buf[(advisor.x, advisor.y)].fg,
            theme.side(Player::First).fg.unwrap()
        );
    }

    #[test]
    fn clicks_pick_points() {
        let game = Xiangqi::new();
        let area = Rect::new(3, 2, 60, 30);
        let mut cursor = game.initial_cursor();
        let look = Look::within((area.width, area.height));
        let at = |p| cell_position(origin(area, look), p, false, look);
        assert_eq!(game.click(&mut cursor, area, at(point(1, 0))), Pick::Moved);
        let horse = game.parse_move("b0c2").unwrap();
        let target = at(point(2, 2));
        assert_eq!(
            game.click(&mut cursor, area, Position::new(target.x + 1, target.y)),
            Pick::Play(horse)
        );
        assert_eq!(
            game.click(&mut cursor, area, Position::new(3, 2)),
            Pick::Ignored
        );
    }
}
