//! The Kalah board: North's row of pits above South's, each numbered from its
//! owner's left (so North's run right to left), the stores at the ends of the line
//! between them (North's on the left, South's on the right, where the sowing
//! reaches them). The cursor walks the mover's pits; Enter, a click or a digit then
//! Enter sows. The pit where the last sowing ended is highlighted, with the two pits
//! a capture emptied; an extra turn is announced in the status line.
//!
//! A pit takes three columns, so ten pits a side fit the 32 columns an 80-column
//! terminal leaves the board.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::{BoardGame, Marks, Pick, Steer};
use crate::game::kalah::Kalah;
use crate::game::{Game, Player};
use crate::tui::theme::Theme;

/// Screen columns a pit takes: its seed count, right-aligned.
const PIT_WIDTH: u16 = 3;
/// The narrowest drawing, so that both stores and the legend have room.
const MIN_WIDTH: u16 = 18;
/// Numbers, North's pits, the stores, South's pits, numbers, the legend.
const HEIGHT: u16 = 6;
/// The line under the board that says which row is whose.
const LEGEND: &str = "N North · S South";

/// The pit under the cursor, from the mover's left (0 = pit 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitCursor {
    /// The mover's pit under the cursor.
    pub pit: usize,
}

/// What the last move did, for highlighting: where its last seed fell and which
/// pits a capture emptied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct LastSowing {
    /// The cell (see `kalah::Board`) of the last seed.
    last_cell: Option<usize>,
    /// The mover's pit and the opposite pit, when the last seed captured.
    captured: Option<(usize, usize)>,
}

impl Kalah {
    fn pits(&self) -> usize {
        self.board().pits()
    }

    /// The position before the last move, if there was one.
    fn before_last(&self) -> Option<Kalah> {
        self.history().last()?;
        let mut before = self.clone();
        before.undo();
        Some(before)
    }

    /// True when the last move ended in the mover's store and the mover goes again.
    fn extra_turn(&self) -> bool {
        self.outcome().is_none()
            && self
                .before_last()
                .is_some_and(|before| before.to_move() == self.to_move())
    }

    /// Where the last move's seeds ended, worked out from the position before it.
    fn last_sowing(&self) -> LastSowing {
        let (Some(before), Some(pit)) = (self.before_last(), self.history().last()) else {
            return LastSowing::default();
        };
        let board = before.board();
        let mover = before.to_move();
        let last = board.last_cell(mover, pit as usize);
        let own_pit = (0..self.pits()).any(|p| board.pit_cell(mover, p) == last);
        let emptied = own_pit && self.board().cells()[last] == 0;
        LastSowing {
            last_cell: Some(last),
            captured: (emptied && self.outcome().is_none()).then(|| (last, board.opposite(last))),
        }
    }

    /// The screen column (from the drawing's left) of a player's pit.
    fn pit_x(&self, player: Player, pit: usize) -> u16 {
        let margin = (self.board_size().0 - self.pits() as u16 * PIT_WIDTH) / 2;
        let slot = match player {
            Player::First => pit,
            Player::Second => self.pits() - 1 - pit,
        };
        margin + slot as u16 * PIT_WIDTH
    }

    /// The drawing's line (from its top) of a player's row of pits.
    fn pit_line(player: Player) -> u16 {
        match player {
            Player::First => 3,
            Player::Second => 1,
        }
    }

    /// Where the drawing sits inside `area`: centred.
    fn origin(&self, area: Rect) -> Position {
        let (width, height) = self.board_size();
        Position::new(
            area.x + area.width.saturating_sub(width) / 2,
            area.y + area.height.saturating_sub(height) / 2,
        )
    }

    /// The style of a cell (pit or store): the last seed, a capture, the cursor, a hint.
    fn cell_style(
        &self,
        cell: usize,
        base: Style,
        sowing: &LastSowing,
        highlight: Option<Style>,
        theme: &Theme,
    ) -> Style {
        let mut style = base;
        if sowing
            .captured
            .is_some_and(|(own, opposite)| cell == own || cell == opposite)
        {
            style = style.patch(theme.bad);
        } else if sowing.last_cell == Some(cell) {
            style = style.patch(theme.last_move);
        }
        highlight.map_or(style, |extra| style.patch(extra))
    }

    /// The seed count of one pit and its style: the owner's colour, then the last
    /// sowing, then the cursor or the hint on the mover's row.
    fn pit_look(
        &self,
        (player, pit): (Player, usize),
        cursor: &PitCursor,
        marks: &Marks<u8>,
        sowing: &LastSowing,
        theme: &Theme,
    ) -> (String, Style) {
        let board = self.board();
        let seeds = board.seeds(player, pit);
        let text = if seeds == 0 {
            "  .".to_string()
        } else {
            format!("{seeds:>3}")
        };
        let ours = player == self.to_move() && marks.human_to_move;
        let highlight = if ours && pit == cursor.pit {
            Some(theme.selected)
        } else if ours && marks.hint == Some(pit as u8) {
            Some(theme.hint)
        } else {
            None
        };
        let cell = board.pit_cell(player, pit);
        let style = self.cell_style(cell, theme.side(player), sowing, highlight, theme);
        (text, style)
    }

    /// The mover's pit drawn at screen column `x` of `line` (both from the drawing's
    /// origin), if any.
    fn pit_at(&self, player: Player, x: u16) -> Option<usize> {
        (0..self.pits()).find(|&pit| {
            let left = self.pit_x(player, pit);
            (left..left + PIT_WIDTH).contains(&x)
        })
    }

    fn sow(&self, cursor: &PitCursor) -> Pick<u8> {
        Pick::from_parsed(self.parse_move(&(cursor.pit + 1).to_string()))
    }
}

impl BoardGame for Kalah {
    type Cursor = PitCursor;

    /// The mover's first pit with seeds, from their left.
    fn initial_cursor(&self) -> PitCursor {
        let side = self.board().side(self.to_move());
        PitCursor {
            pit: side.iter().position(|&s| s > 0).unwrap_or(0),
        }
    }

    fn board_size(&self) -> (u16, u16) {
        let pits = self.pits() as u16 * PIT_WIDTH;
        ((pits + 2).max(MIN_WIDTH), HEIGHT)
    }

    fn render_board(
        &self,
        cursor: &PitCursor,
        marks: &Marks<u8>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let origin = self.origin(area);
        let mut put = |x: u16, y: u16, text: &str, style: Style| {
            let (x, y) = (origin.x + x, origin.y + y);
            if area.contains(Position::new(x, y)) {
                buf.set_stringn(x, y, text, (area.right() - x) as usize, style);
            }
        };
        let board = self.board();
        let sowing = self.last_sowing();
        for player in [Player::First, Player::Second] {
            let line = Self::pit_line(player);
            let numbers_line = if player == Player::First { 4 } else { 0 };
            for pit in 0..self.pits() {
                let x = self.pit_x(player, pit);
                let (text, style) = self.pit_look((player, pit), cursor, marks, &sowing, theme);
                put(x, line, &text, style);
                put(x, numbers_line, &format!("{:>3}", pit + 1), theme.dim);
            }
        }
        let width = self.board_size().0;
        let north = format!("N{:>3}", board.store(Player::Second));
        let south = format!("{:<3}S", board.store(Player::First));
        let store_style = |player: Player| {
            let base = theme.side(player);
            self.cell_style(board.store_cell(player), base, &sowing, None, theme)
        };
        put(0, 2, &north, store_style(Player::Second));
        put(width - 4, 2, &south, store_style(Player::First));
        put(
            (width - LEGEND.chars().count() as u16) / 2,
            5,
            LEGEND,
            theme.dim,
        );
    }

    /// Left and Right move along the row as it is drawn: North's pits run from
    /// right to left, so for North Right goes to a lower pit number.
    fn steer(&self, cursor: &mut PitCursor, steer: Steer) -> Pick<u8> {
        let last = self.pits() - 1;
        let towards_higher = match (steer, self.to_move()) {
            (Steer::Right, Player::First) | (Steer::Left, Player::Second) => true,
            (Steer::Left, Player::First) | (Steer::Right, Player::Second) => false,
            (Steer::Select, _) => return self.sow(cursor),
            _ => return Pick::Ignored,
        };
        cursor.pit = if towards_higher {
            (cursor.pit + 1).min(last)
        } else {
            cursor.pit.saturating_sub(1)
        };
        Pick::Moved
    }

    fn click(&self, cursor: &mut PitCursor, area: Rect, at: Position) -> Pick<u8> {
        let origin = self.origin(area);
        let (Some(x), Some(line)) = (at.x.checked_sub(origin.x), at.y.checked_sub(origin.y)) else {
            return Pick::Ignored;
        };
        let mover = self.to_move();
        if line == Self::pit_line(mover.other()) && self.pit_at(mover.other(), x).is_some() {
            let owner = Self::side_name(mover.other());
            return Pick::Refused(format!("those are {owner}'s pits: sow one of yours"));
        }
        match self
            .pit_at(mover, x)
            .filter(|_| line == Self::pit_line(mover))
        {
            Some(pit) => {
                cursor.pit = pit;
                self.sow(cursor)
            }
            None => Pick::Ignored,
        }
    }

    /// Short, so that a refusal still fits an 80-column status line after it; the
    /// store the last seed fell in is highlighted on the board.
    fn status_note(&self) -> Option<String> {
        self.extra_turn().then(|| "extra turn".to_string())
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "South",
            Player::Second => "North",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Playable};
    use crate::tui::board::render_lines;

    fn game(options: &[&str], moves: &str) -> Kalah {
        let options: Vec<String> = options.iter().map(|s| s.to_string()).collect();
        Kalah::setup(&GameOptions::parse(&options).unwrap(), None, Some(moves)).unwrap()
    }

    fn draw(game: &Kalah, cursor: &PitCursor, marks: &Marks<u8>, theme: &Theme) -> Buffer {
        let (width, height) = game.board_size();
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        game.render_board(cursor, marks, theme, area, &mut buf);
        buf
    }

    #[test]
    fn draws_both_rows_with_their_numbers_and_the_stores_at_the_ends() {
        // South sows pit 3 into its store (an extra turn), then pit 1's four seeds
        // into pits 2 to 5.
        let game = game(&[], "3 1");
        let (width, height) = game.board_size();
        let lines = render_lines(width, height, |area, buf| {
            game.render_board(
                &game.initial_cursor(),
                &Marks::default(),
                &Theme::plain(),
                area,
                buf,
            )
        });
        assert_eq!(
            lines,
            [
                "   6  5  4  3  2  1",
                "   4  4  4  4  4  4",
                "N  0            1  S",
                "   .  5  1  6  6  5",
                "   1  2  3  4  5  6",
                " N North · S South",
            ]
        );
        assert!(!game.extra_turn());
        assert_eq!(game.status_note(), None);
    }

    #[test]
    fn the_last_seed_and_a_capture_are_highlighted() {
        let theme = Theme::colored();
        let extra = game(&[], "3");
        assert_eq!(extra.status_note().as_deref(), Some("extra turn"));
        let buf = draw(&extra, &extra.initial_cursor(), &Marks::default(), &theme);
        let store = buf[(extra.board_size().0 - 4, 2)].clone();
        assert_eq!(store.symbol(), "1");
        assert!(store.modifier.contains(theme.last_move.add_modifier));
        // South's pit 2 drops its seed in the empty pit 3, which takes North's pit 1.
        let position = "1,1,0:0/1,1,1:0 s";
        let capture = Kalah::setup(&GameOptions::default(), Some(position), Some("2")).unwrap();
        assert_eq!(capture.format_position(), "1,0,0:2/0,1,1:0 n");
        let buf = draw(
            &capture,
            &capture.initial_cursor(),
            &Marks::default(),
            &theme,
        );
        let at = |player, pit| (capture.pit_x(player, pit) + 2, Kalah::pit_line(player));
        for (player, pit) in [(Player::First, 2), (Player::Second, 0)] {
            assert_eq!(buf[at(player, pit)].symbol(), ".");
            assert_eq!(
                buf[at(player, pit)].fg,
                theme.bad.fg.unwrap(),
                "{player:?} {pit}"
            );
        }
        assert_eq!(buf[at(Player::Second, 1)].fg, theme.sides[1].fg.unwrap());
        assert_eq!(buf[at(Player::First, 0)].fg, theme.sides[0].fg.unwrap());
    }

    #[test]
    fn keys_follow_the_row_as_drawn_and_clicks_pick_pits() {
        let south = game(&[], "");
        let mut cursor = south.initial_cursor();
        assert_eq!(cursor.pit, 0);
        assert_eq!(south.steer(&mut cursor, Steer::Right), Pick::Moved);
        assert_eq!(south.steer(&mut cursor, Steer::Select), Pick::Play(1));
        // Digits are typed moves: the game screen sends them to the move line.
        assert!(!south.letter(&mut cursor, '6'));
        cursor.pit = 5;
        assert_eq!(south.steer(&mut cursor, Steer::Select), Pick::Play(5));
        let north = game(&[], "1");
        let mut cursor = north.initial_cursor();
        north.steer(&mut cursor, Steer::Left);
        assert_eq!(cursor.pit, 1, "North's pit 2 is left of its pit 1");
        let area = Rect::new(3, 4, 40, 12);
        let origin = north.origin(area);
        let pit_4 = Position::new(origin.x + north.pit_x(Player::Second, 3) + 1, origin.y + 1);
        assert_eq!(north.click(&mut cursor, area, pit_4), Pick::Play(3));
        let south_pit = Position::new(origin.x + north.pit_x(Player::First, 3) + 1, origin.y + 3);
        assert!(matches!(
            north.click(&mut cursor, area, south_pit),
            Pick::Refused(_)
        ));
        let empty = game(&[], "1");
        let mut first = PitCursor { pit: 0 };
        assert_eq!(empty.steer(&mut first, Steer::Select), Pick::Play(0));
    }

    #[test]
    fn ten_pits_fit_an_80_column_terminal() {
        // An 80-column terminal leaves the board 32 columns.
        let big = game(&["pits=10", "seeds=12"], "");
        assert!(big.board_size().0 <= 32);
        let lines = render_lines(32, HEIGHT, |area, buf| {
            big.render_board(
                &big.initial_cursor(),
                &Marks::default(),
                &Theme::plain(),
                area,
                buf,
            )
        });
        assert_eq!(lines[3], "  12 12 12 12 12 12 12 12 12 12");
        assert_eq!(lines[0], "  10  9  8  7  6  5  4  3  2  1");
        assert!(lines[2].starts_with("N  0") && lines[2].ends_with("0  S"));
    }
}
