//! The chess board: 8x8 with Unicode pieces (letters when colour is off or after
//! `a`), coordinates, `f` to flip, the last move, a king in check, the selected
//! piece's legal targets, a promotion choice, and the pieces each side captured.
//!
//! A move is two picks: a piece (Enter or click), then its target. A pawn reaching
//! the last rank offers queen, rook, bishop, knight: Left/Right choose, Enter plays
//! (so Enter twice promotes to a queen).

use super::Canvas;
use cozy_chess::{Color, File, Move, Piece, Rank, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::{BoardGame, CELLS, Cell, Marks, Notation, Pick, Steer, View};
use crate::game::chess::{Chess, notation, player_of};
use crate::game::{Game, Player};
use crate::tui::theme::Theme;

/// Lines under the squares: file labels, two lines of captures, one of prompt or
/// help, one chart.
const LINES_BELOW: u16 = 5;
/// The mark each side of a king in check, readable without colour.
const CHECK_MARK: char = '+';
/// The chart's label, before one bar per position.
const CHART_LABEL: &str = "eval ";
/// Bar heights of the evaluation chart, lowest first.
const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
/// Evaluations beyond this many centipawns either way fill or empty the bar.
const CHART_RANGE: i32 = 400;
/// The promotion choices, in the order Left/Right walk through them.
const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight];

/// Where the player points, what they picked, and how the board is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessCursor {
    /// The square under the cursor.
    pub square: Square,
    /// The piece picked to move, if any.
    pub selected: Option<Square>,
    /// A pawn move to the last rank waiting for its piece: (from, to, choice index).
    pub promotion: Option<(Square, Square, usize)>,
    /// Board turned round or not, pieces as letters or not: kept across moves.
    pub view: View,
}

/// Rank labels and eight squares; eight ranks and the lines below.
fn drawing_size(cell: Cell) -> (u16, u16) {
    (2 + 8 * cell.width, 8 * cell.height + LINES_BELOW)
}

/// The largest cell whose board fits `room`.
fn cell_within(room: (u16, u16)) -> Cell {
    Cell::within(room, drawing_size)
}

/// Where the drawing sits inside `area`: centred.
fn origin(area: Rect, cell: Cell) -> Position {
    let (width, height) = drawing_size(cell);
    Position::new(
        area.x + area.width.saturating_sub(width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
    )
}

/// Screen column and row of a square's top-left corner.
fn cell_position(origin: Position, square: Square, flipped: bool, cell: Cell) -> Position {
    let (column, row) = view_coordinates(square, flipped);
    Position::new(
        origin.x + 2 + column * cell.width,
        origin.y + row * cell.height,
    )
}

/// Column from the left and row from the top of a square as drawn.
fn view_coordinates(square: Square, flipped: bool) -> (u16, u16) {
    let file = square.file() as u16;
    let rank = square.rank() as u16;
    if flipped {
        (7 - file, rank)
    } else {
        (file, 7 - rank)
    }
}

/// The square drawn at a column and row, if both are on the board.
fn square_at(column: u16, row: u16, flipped: bool) -> Option<Square> {
    if column > 7 || row > 7 {
        return None;
    }
    let (file, rank) = if flipped {
        (7 - column, row)
    } else {
        (column, 7 - row)
    };
    Some(Square::new(
        File::index(file as usize),
        Rank::index(rank as usize),
    ))
}

/// How a piece is drawn.
fn piece_symbol(piece: Piece, color: Color, letters: bool) -> char {
    if letters {
        let letter = notation::piece_letter(piece);
        return match color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        };
    }
    let index = piece as usize;
    match color {
        Color::White => ['♙', '♘', '♗', '♖', '♕', '♔'][index],
        Color::Black => ['♟', '♞', '♝', '♜', '♛', '♚'][index],
    }
}

/// The notations a player chooses between with `w`: SAN, which people write,
/// first; UCI, the engines' coordinates.
static NOTATIONS: [Notation<Chess>; 2] = [("SAN", <Chess as Game>::format_move), ("UCI", uci)];

/// A move in UCI coordinates (`e2e4`).
fn uci(game: &Chess, m: Move) -> String {
    notation::format_uci(game.board(), m)
}

/// The square a move lands on as people see it (the king's square when castling).
fn shown_target(game: &Chess, m: Move) -> Square {
    if game.is_castling(m) {
        let file = if m.to.file() > m.from.file() {
            File::G
        } else {
            File::C
        };
        Square::new(file, m.from.rank())
    } else {
        m.to
    }
}

/// The legal moves of the piece on `from`.
fn moves_from(game: &Chess, from: Square) -> Vec<Move> {
    game.moves()
        .into_iter()
        .filter(|m| m.from == from)
        .collect()
}

/// The strong evaluation from White's side (finished games count as even).
fn white_view(game: &Chess) -> i32 {
    let value = crate::game::chess::eval::strong(game);
    match game.board().side_to_move() {
        Color::White => value,
        Color::Black => -value,
    }
}

/// What one side has lost, as symbols (pawns first), counted from the usual set.
fn captured(game: &Chess, color: Color, letters: bool) -> String {
    let board = game.board();
    let full = [8, 2, 2, 2, 1];
    let mut text = String::new();
    for (piece, &count) in Piece::ALL.iter().zip(full.iter()) {
        let left = board.colored_pieces(color, *piece).len() as usize;
        for _ in left..count {
            text.push(piece_symbol(*piece, color, letters));
        }
    }
    text
}

impl Chess {
    /// The style of one square: pieces in their side's colour, then the marks.
    fn square_style(
        &self,
        square: Square,
        cursor: &ChessCursor,
        marks: &Marks<Move>,
        theme: &Theme,
    ) -> Style {
        let mut style = match self.piece_at(square) {
            Some((_, color)) => theme.side(player_of(color)),
            None => theme.dim,
        };
        let touched = |m: Option<Move>| {
            m.is_some_and(|m| m.from == square || shown_target(self, m) == square)
        };
        if marks
            .last
            .is_some_and(|m| m.from == square || self.last_target(m) == square)
        {
            style = style.patch(theme.last_move);
        }
        if touched(marks.hint) {
            style = style.patch(theme.hint);
        }
        if self.in_check() && self.board().king(self.board().side_to_move()) == square {
            style = style.patch(theme.bad);
        }
        if marks.human_to_move && (cursor.selected == Some(square) || cursor.square == square) {
            style = style.patch(theme.selected);
        }
        style
    }

    /// Where the last move landed as people see it (the king's square when castling).
    fn last_target(&self, m: Move) -> Square {
        match self.previous_board() {
            Some(before) if before.color_on(m.to) == Some(before.side_to_move()) => {
                shown_target(&Chess::from_board(before.clone()), m)
            }
            _ => m.to,
        }
    }

    /// The three characters of one square.
    fn square_text(
        &self,
        square: Square,
        cursor: &ChessCursor,
        marks: &Marks<Move>,
        targets: &[Square],
    ) -> String {
        let mark = match self.piece_at(square) {
            Some((piece, color)) => piece_symbol(piece, color, cursor.view.letters),
            None if marks.human_to_move && targets.contains(&square) => '*',
            None if (square.file() as usize + square.rank() as usize).is_multiple_of(2) => '.',
            None => ' ',
        };
        let checked = self.in_check() && self.board().king(self.board().side_to_move()) == square;
        let capture_mark = if checked {
            (CHECK_MARK, CHECK_MARK)
        } else if targets.contains(&square) && self.piece_at(square).is_some() {
            ('(', ')')
        } else {
            (' ', ' ')
        };
        format!("{}{mark}{}", capture_mark.0, capture_mark.1)
    }

    /// The line under the board: the promotion choice while it is open, else the keys.
    fn prompt_line(&self, cursor: &ChessCursor) -> String {
        match cursor.promotion {
            Some((_, _, choice)) => {
                let options: Vec<String> = PROMOTIONS
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| {
                        let letter = notation::piece_letter(p);
                        if i == choice {
                            format!("[{letter}]")
                        } else {
                            format!(" {letter} ")
                        }
                    })
                    .collect();
                format!("promote:{}", options.concat())
            }
            None => "F flip  L letters".to_string(),
        }
    }

    fn draw(&self, cursor: &ChessCursor, marks: &Marks<Move>, canvas: Canvas<'_>) {
        let Canvas { theme, area, buf } = canvas;
        let cell = cell_within((area.width, area.height));
        let origin = origin(area, cell);
        let (inset_x, inset_y) = cell.inset();
        let mut put = |x: u16, y: u16, text: &str, style: Style| {
            if area.contains(Position::new(x, y)) {
                buf.set_stringn(x, y, text, (area.right() - x) as usize, style);
            }
        };
        let targets: Vec<Square> = cursor
            .selected
            .map(|from| {
                moves_from(self, from)
                    .into_iter()
                    .map(|m| shown_target(self, m))
                    .collect()
            })
            .unwrap_or_default();
        for row in 0..8u16 {
            let rank_square = square_at(0, row, cursor.view.flipped).expect("on the board");
            put(
                origin.x,
                origin.y + row * cell.height + inset_y,
                &char::from(rank_square.rank()).to_string(),
                theme.dim,
            );
            for column in 0..8u16 {
                let square = square_at(column, row, cursor.view.flipped).expect("on the board");
                let at = cell_position(origin, square, cursor.view.flipped, cell);
                let style = self.square_style(square, cursor, marks, theme);
                // A large square is filled, so the cursor and the marks show as blocks.
                let blank = " ".repeat(cell.width as usize);
                for dy in 0..cell.height {
                    put(at.x, at.y + dy, &blank, style);
                }
                let text = self.square_text(square, cursor, marks, &targets);
                put(at.x + inset_x, at.y + inset_y, &text, style);
            }
        }
        let below = origin.y + 8 * cell.height;
        for column in 0..8u16 {
            let square = square_at(column, 0, cursor.view.flipped).expect("on the board");
            let x = origin.x + 2 + column * cell.width + inset_x + 1;
            put(x, below, &char::from(square.file()).to_string(), theme.dim);
        }
        let letters = cursor.view.letters;
        let by_white = format!("White took: {}", captured(self, Color::Black, letters));
        let by_black = format!("Black took: {}", captured(self, Color::White, letters));
        put(origin.x, below + 1, &by_white, theme.text);
        put(origin.x, below + 2, &by_black, theme.text);
        put(origin.x, below + 3, &self.prompt_line(cursor), theme.dim);
        let room = (drawing_size(cell).0 as usize).saturating_sub(CHART_LABEL.len());
        let chart = format!("{CHART_LABEL}{}", self.evaluation_chart(room));
        put(origin.x, below + 4, &chart, theme.gauge);
    }

    /// The strong static evaluation of each position of the game from White's side,
    /// one bar per position (the last `room` of them), so the swings show at a glance.
    fn evaluation_chart(&self, room: usize) -> String {
        let mut replay = Chess::from_board(self.first_board().clone());
        let mut values = vec![white_view(&replay)];
        for m in self.played() {
            replay.play(m);
            values.push(white_view(&replay));
        }
        let skip = values.len().saturating_sub(room);
        values[skip..]
            .iter()
            .map(|&v| {
                let clamped = v.clamp(-CHART_RANGE, CHART_RANGE) + CHART_RANGE;
                BARS[(clamped * (BARS.len() as i32 - 1) / (2 * CHART_RANGE)) as usize]
            })
            .collect()
    }

    /// Enter on the cursor's square: pick a piece, or its target, or confirm a promotion.
    fn select(&self, cursor: &mut ChessCursor) -> Pick<Move> {
        if let Some((from, to, choice)) = cursor.promotion {
            cursor.promotion = None;
            cursor.selected = None;
            let m = Move {
                from,
                to,
                promotion: Some(PROMOTIONS[choice]),
            };
            return Pick::from_parsed(self.parse_move(&notation::format_uci(self.board(), m)));
        }
        let own = self
            .piece_at(cursor.square)
            .is_some_and(|(_, color)| color == self.board().side_to_move());
        let from = match cursor.selected {
            Some(from) if from == cursor.square => {
                cursor.selected = None;
                return Pick::Moved;
            }
            Some(from) if !own || self.is_castling_target(from, cursor.square) => from,
            _ if own => {
                if moves_from(self, cursor.square).is_empty() {
                    return Pick::Refused("that piece has no legal move".to_string());
                }
                cursor.selected = Some(cursor.square);
                return Pick::Moved;
            }
            _ => return Pick::Refused("pick one of your pieces first".to_string()),
        };
        let chosen: Vec<Move> = moves_from(self, from)
            .into_iter()
            .filter(|&m| shown_target(self, m) == cursor.square || m.to == cursor.square)
            .collect();
        match chosen.as_slice() {
            [] => Pick::Refused(format!("that piece cannot go to {}", cursor.square)),
            [m, ..] if m.promotion.is_some() => {
                cursor.promotion = Some((m.from, m.to, 0));
                Pick::Moved
            }
            [m, ..] => {
                cursor.selected = None;
                Pick::Play(*m)
            }
        }
    }

    /// True when picking `to` with the king on `from` means castling onto its rook.
    fn is_castling_target(&self, from: Square, to: Square) -> bool {
        moves_from(self, from)
            .iter()
            .any(|&m| m.to == to && self.is_castling(m))
    }
}

impl BoardGame for Chess {
    type Cursor = ChessCursor;

    fn initial_cursor(&self) -> ChessCursor {
        ChessCursor {
            square: Square::E2,
            selected: None,
            promotion: None,
            view: View::default(),
        }
    }

    fn next_cursor(&self, previous: &ChessCursor) -> ChessCursor {
        ChessCursor {
            square: previous.square,
            view: previous.view,
            ..self.initial_cursor()
        }
    }

    fn board_keys() -> &'static [(&'static str, &'static str)] {
        &[
            ("f", "turn the board round"),
            ("a", "letters instead of Unicode pieces"),
            ("W", "write moves in SAN or UCI"),
        ]
    }

    fn letter(&self, cursor: &mut ChessCursor, key: char) -> bool {
        cursor.view.toggle(key)
    }

    fn board_size(&self) -> (u16, u16) {
        drawing_size(CELLS[0])
    }

    fn board_size_within(&self, room: (u16, u16)) -> (u16, u16) {
        drawing_size(cell_within(room))
    }

    fn face(&self, cursor: &mut ChessCursor, bottom: Player) {
        cursor.view.flipped = bottom == Player::Second;
    }

    fn notations() -> &'static [Notation<Chess>] {
        &NOTATIONS
    }

    fn render_board(
        &self,
        cursor: &ChessCursor,
        marks: &Marks<Move>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let mut shown = *cursor;
        shown.view = shown.view.under(theme);
        self.draw(&shown, marks, Canvas { theme, area, buf });
    }

    fn steer(&self, cursor: &mut ChessCursor, steer: Steer) -> Pick<Move> {
        if let Some((_, _, choice)) = cursor.promotion.as_mut() {
            match steer {
                Steer::Left | Steer::Up => {
                    *choice = (*choice + PROMOTIONS.len() - 1) % PROMOTIONS.len()
                }
                Steer::Right | Steer::Down => *choice = (*choice + 1) % PROMOTIONS.len(),
                Steer::Select => return self.select(cursor),
                Steer::Cancel => cursor.promotion = None,
            }
            return Pick::Moved;
        }
        let here = view_coordinates(cursor.square, cursor.view.flipped);
        match steer.step_in_grid(here, (8, 8)) {
            Some((column, row)) => {
                cursor.square =
                    square_at(column, row, cursor.view.flipped).unwrap_or(cursor.square);
                Pick::Moved
            }
            None if steer == Steer::Select => self.select(cursor),
            None if cursor.selected.take().is_some() => Pick::Moved,
            None => Pick::Ignored,
        }
    }

    fn click(&self, cursor: &mut ChessCursor, area: Rect, at: Position) -> Pick<Move> {
        let cell = cell_within((area.width, area.height));
        let origin = origin(area, cell);
        if cursor.promotion.is_some() && at.y == origin.y + 8 * cell.height + 3 {
            let prompt_start = origin.x + "promote:".len() as u16;
            let index = at.x.saturating_sub(prompt_start) / 3;
            if let (Some((_, _, choice)), true) = (
                cursor.promotion.as_mut(),
                (index as usize) < PROMOTIONS.len(),
            ) {
                *choice = index as usize;
                return self.select(cursor);
            }
            return Pick::Ignored;
        }
        let column = at.x.checked_sub(origin.x + 2).map(|dx| dx / cell.width);
        let row = at.y.checked_sub(origin.y).map(|dy| dy / cell.height);
        match (column, row) {
            (Some(column), Some(row)) => match square_at(column, row, cursor.view.flipped) {
                Some(square) => {
                    cursor.square = square;
                    cursor.promotion = None;
                    self.select(cursor)
                }
                None => Pick::Ignored,
            },
            _ => Pick::Ignored,
        }
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "White",
            Player::Second => "Black",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Playable};
    use crate::tui::board::drawn_plain;
    use crate::tui::board::render_lines;

    fn draw(game: &Chess, cursor: &ChessCursor, marks: &Marks<Move>) -> Vec<String> {
        render_lines(26, 13, |area, buf| {
            game.render_board(cursor, marks, &Theme::plain(), area, buf)
        })
    }

    #[test]
    fn draws_the_start_position_with_letters_and_coordinates() {
        let game = Chess::new();
        let lines = draw(&game, &game.initial_cursor(), &Marks::default());
        assert_eq!(lines[0], "8  r  n  b  q  k  b  n  r");
        assert_eq!(lines[1], "7  p  p  p  p  p  p  p  p");
        assert_eq!(lines[2], "6     .     .     .     .");
        assert_eq!(lines[7], "1  R  N  B  Q  K  B  N  R");
        assert_eq!(lines[8], "   a  b  c  d  e  f  g  h");
        assert_eq!(lines[9], "White took:");
        assert_eq!(lines[11], "F flip  L letters");
        assert_eq!(lines[12], "eval ▄");
    }

    #[test]
    fn the_evaluation_chart_rises_when_white_wins_material() {
        let mut game = Chess::new();
        game.play_moves("e4 d5 exd5 Qxd5 Nc3 Qa5 Nb5 Qxb5 Bxb5+")
            .unwrap();
        let chart = game.evaluation_chart(40);
        assert_eq!(chart.chars().count(), 10);
        assert_eq!(chart.chars().last(), Some('█'), "{chart}");
        assert_eq!(game.evaluation_chart(4).chars().count(), 4);
    }

    #[test]
    fn unicode_pieces_flip_and_captures_show() {
        let mut game = Chess::new();
        game.play_moves("e4 d5 exd5").unwrap();
        let mut cursor = game.initial_cursor();
        assert!(game.letter(&mut cursor, 'f'));
        let lines = drawn_plain(26, 13, |canvas| {
            game.draw(&cursor, &Marks::default(), canvas)
        });
        assert_eq!(lines[0], "1  ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖");
        assert_eq!(lines[8], "   h  g  f  e  d  c  b  a");
        assert_eq!(lines[9], "White took: ♟");
        assert!(game.next_cursor(&cursor).view.flipped);
    }

    #[test]
    fn select_a_piece_then_its_target_shows_legal_targets_and_plays() {
        let game = Chess::new();
        let mut cursor = game.initial_cursor();
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Moved);
        assert_eq!(cursor.selected, Some(Square::E2));
        let marks = Marks {
            human_to_move: true,
            ..Marks::default()
        };
        let lines = draw(&game, &cursor, &marks);
        assert_eq!(lines[4], "4     .     .  *  .     .");
        assert_eq!(lines[5], "3  .     .     *     .");
        game.steer(&mut cursor, Steer::Up);
        game.steer(&mut cursor, Steer::Up);
        let expected = game.parse_move("e4").unwrap();
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Play(expected));
        let mut empty = game.initial_cursor();
        empty.square = Square::E4;
        assert!(matches!(
            game.steer(&mut empty, Steer::Select),
            Pick::Refused(_)
        ));
    }

    #[test]
    fn promotion_defaults_to_a_queen_and_offers_the_others() {
        let game =
            Chess::parse_position("8/P6k/8/8/8/8/8/K7 w - - 0 1", &GameOptions::default()).unwrap();
        let mut cursor = game.initial_cursor();
        cursor.square = Square::A7;
        game.steer(&mut cursor, Steer::Select);
        game.steer(&mut cursor, Steer::Up);
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Moved);
        assert_eq!(game.prompt_line(&cursor), "promote:[Q] R  B  N ");
        let queen = game.parse_move("a8=Q").unwrap();
        assert_eq!(
            game.steer(&mut cursor.clone(), Steer::Select),
            Pick::Play(queen)
        );
        game.steer(&mut cursor, Steer::Left);
        let knight = game.parse_move("a8=N").unwrap();
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Play(knight));
    }

    #[test]
    fn clicks_pick_squares_and_castling_takes_the_king_square() {
        let game = Chess::parse_position("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &GameOptions::default())
            .unwrap();
        let area = Rect::new(5, 3, 40, 20);
        let mut cursor = game.initial_cursor();
        let cell = cell_within((area.width, area.height));
        let at = |square| cell_position(origin(area, cell), square, false, cell);
        assert_eq!(game.click(&mut cursor, area, at(Square::E1)), Pick::Moved);
        let castle = game.parse_move("O-O").unwrap();
        assert_eq!(
            game.click(&mut cursor, area, at(Square::G1)),
            Pick::Play(castle)
        );
        assert_eq!(
            game.click(&mut cursor, area, Position::new(5, 3)),
            Pick::Ignored
        );
    }
}
