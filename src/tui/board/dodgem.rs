//! The Dodgem board: the NxN grid with each car drawn as an arrow pointing the way
//! its side drives (Left's cars `→`, Bottom's `↑`; `>` and `^` without colour), the
//! exits along the far edges (a column on the right for Left, a row on top for
//! Bottom), and how often the position has occurred (the third time draws).
//!
//! A move is two picks, as in chess: a car (Enter or click), then where it goes:
//! a square, or the exit cell beyond the edge to drive off. The selected car's
//! targets are marked `*`.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::{BoardGame, Marks, Pick, Steer, symbols_for};
use crate::game::dodgem::{Dodgem, Drive, REPETITIONS_FOR_DRAW, Side, Target};
use crate::game::{Game, Player, format_square};
use crate::tui::theme::Theme;

/// Screen columns a square takes.
const CELL_WIDTH: u16 = 3;
/// Screen columns of the rank labels on the left.
const LABEL_WIDTH: u16 = 2;
/// The narrowest drawing: room for the legend and the repetition count.
const MIN_WIDTH: u16 = 18;
/// Lines besides the ranks: the exit row, the file labels, the legend, repetitions.
const EXTRA_LINES: u16 = 4;

/// A place the cursor can be: a square, or an exit cell beyond the far edges
/// (`file == size`: right of rank `rank`, Left's way off; `rank == size`: above
/// file `file`, Bottom's way off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    /// Column from the left; `size` is the exit column.
    pub file: usize,
    /// Row from the bottom; `size` is the exit row.
    pub rank: usize,
}

/// Where the player points and which car they picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DodgemCursor {
    /// The spot under the cursor.
    pub spot: Spot,
    /// The square of the car picked to move, if any.
    pub selected: Option<u8>,
}

/// The glyphs one drawing uses: arrows, or ASCII when colour is off.
struct Glyphs {
    /// Left's car, Bottom's car.
    cars: [&'static str; 2],
    empty: &'static str,
    /// The exit column on the right, the exit row on top.
    exits: [&'static str; 2],
}

const UNICODE: Glyphs = Glyphs {
    cars: ["→", "↑"],
    empty: "·",
    exits: ["┆", "┄"],
};

const ASCII: Glyphs = Glyphs {
    cars: [">", "^"],
    empty: ".",
    exits: ["|", "-"],
};

impl Dodgem {
    fn size(&self) -> usize {
        self.rules().size
    }

    fn spot_of(&self, square: u8) -> Spot {
        Spot {
            file: square as usize % self.size(),
            rank: square as usize / self.size(),
        }
    }

    /// The square at a spot, if the spot is on the board.
    fn square_at(&self, spot: Spot) -> Option<u8> {
        let size = self.size();
        (spot.file < size && spot.rank < size).then(|| (spot.rank * size + spot.file) as u8)
    }

    /// True for spots the cursor may visit: squares and the two exit lines.
    fn is_spot(&self, spot: Spot) -> bool {
        let size = self.size();
        spot.file <= size && spot.rank <= size && (spot.file < size || spot.rank < size)
    }

    /// The exit cell a car on `square` drives off through.
    fn exit_of(&self, side: Side, square: u8) -> Spot {
        let spot = self.spot_of(square);
        match side {
            Side::Left => Spot {
                file: self.size(),
                ..spot
            },
            Side::Bottom => Spot {
                rank: self.size(),
                ..spot
            },
        }
    }

    /// Where a drive ends, as a spot (the exit cell when it leaves the board).
    fn target_spot(&self, side: Side, drive: Drive) -> Spot {
        match drive.to {
            Target::Square(to) => self.spot_of(to),
            Target::Off => self.exit_of(side, drive.from),
        }
    }

    /// The legal moves of the car on `from`.
    fn drives_from(&self, from: u8) -> Vec<Drive> {
        self.moves()
            .into_iter()
            .filter(|d| d.from == from)
            .collect()
    }

    /// The player who drives `side`'s cars.
    fn player_of(&self, side: Side) -> Player {
        self.rules().player(side)
    }

    /// Where the drawing sits inside `area`: centred.
    fn origin(&self, area: Rect) -> Position {
        let (width, height) = self.board_size();
        Position::new(
            area.x + area.width.saturating_sub(width) / 2,
            area.y + area.height.saturating_sub(height) / 2,
        )
    }

    /// The screen position of a spot's three-column cell.
    fn cell_position(&self, origin: Position, spot: Spot) -> Position {
        let size = self.size() as u16;
        Position::new(
            origin.x + LABEL_WIDTH + spot.file as u16 * CELL_WIDTH,
            origin.y + size - spot.rank as u16,
        )
    }

    /// The spot drawn at a screen position, if any.
    fn spot_at(&self, origin: Position, at: Position) -> Option<Spot> {
        let column = at.x.checked_sub(origin.x + LABEL_WIDTH)? / CELL_WIDTH;
        let rank = (self.size() as u16).checked_sub(at.y.checked_sub(origin.y)?)?;
        let spot = Spot {
            file: column as usize,
            rank: rank as usize,
        };
        self.is_spot(spot).then_some(spot)
    }

    /// The character drawn at a spot, before any marks.
    fn spot_glyph(&self, spot: Spot, glyphs: &Glyphs, last_off: Option<Spot>) -> &'static str {
        let size = self.size();
        match self.square_at(spot) {
            Some(square) => match self.position().car_at(square as usize) {
                Some(side) => glyphs.cars[side.index()],
                None => glyphs.empty,
            },
            None if last_off == Some(spot) => {
                // The car that left is drawn where it went, so the last move shows.
                let side = if spot.file == size {
                    Side::Left
                } else {
                    Side::Bottom
                };
                glyphs.cars[side.index()]
            }
            None if spot.file == size => glyphs.exits[0],
            None => glyphs.exits[1],
        }
    }

    /// The style of a spot: cars in their side's colour, then the marks.
    fn spot_style(&self, spot: Spot, cursor: &DodgemCursor, scene: &Scene, theme: &Theme) -> Style {
        let car = self
            .square_at(spot)
            .and_then(|square| self.position().car_at(square as usize));
        let mut style = match car {
            Some(side) => theme.side(self.player_of(side)),
            None => theme.dim,
        };
        if scene.last.contains(&spot) {
            style = style.patch(theme.last_move);
        }
        if scene.hint.contains(&spot) {
            style = style.patch(theme.hint);
        }
        if scene.targets.contains(&spot) {
            style = style.patch(theme.legal);
        }
        let selected = cursor.selected.map(|square| self.spot_of(square));
        if scene.human_to_move && (cursor.spot == spot || selected == Some(spot)) {
            style = style.patch(theme.selected);
        }
        style
    }

    /// The spots a move touches: where the car was and where it went.
    fn move_spots(&self, before: &Dodgem, drive: Drive) -> Vec<Spot> {
        let side = before.position().to_move;
        vec![self.spot_of(drive.from), self.target_spot(side, drive)]
    }

    /// Which arrow is whose: `→ First  ↑ Second`, the first player's cars first.
    fn draw_legend(
        &self,
        at: Position,
        glyphs: &Glyphs,
        theme: &Theme,
        put: &mut impl FnMut(Position, &str, Style),
    ) {
        let mut x = at.x;
        for player in [Player::First, Player::Second] {
            let side = self.rules().side(player);
            let text = format!(
                "{} {}  ",
                glyphs.cars[side.index()],
                Self::side_name(player)
            );
            put(Position::new(x, at.y), &text, theme.side(player));
            x += text.chars().count() as u16;
        }
    }

    /// The marks of one drawing, worked out once.
    fn scene(&self, cursor: &DodgemCursor, marks: &Marks<Drive>) -> Scene {
        let mut before = self.clone();
        before.undo();
        let last_side = before.position().to_move;
        let last = marks
            .last
            .filter(|_| before != *self)
            .map(|drive| self.move_spots(&before, drive))
            .unwrap_or_default();
        let last_off = marks
            .last
            .filter(|drive| drive.to == Target::Off && before != *self)
            .map(|drive| self.exit_of(last_side, drive.from));
        let mover = self.position().to_move;
        let hint = marks
            .hint
            .map(|drive| vec![self.spot_of(drive.from), self.target_spot(mover, drive)])
            .unwrap_or_default();
        let targets = match cursor.selected {
            Some(from) if marks.human_to_move => self
                .drives_from(from)
                .into_iter()
                .map(|drive| self.target_spot(mover, drive))
                .collect(),
            _ => Vec::new(),
        };
        Scene {
            last,
            last_off,
            hint,
            targets,
            human_to_move: marks.human_to_move,
        }
    }

    /// Enter on the cursor's spot: pick a car, or the selected car's target.
    fn select(&self, cursor: &mut DodgemCursor) -> Pick<Drive> {
        let mover = self.position().to_move;
        let own_car = self
            .square_at(cursor.spot)
            .filter(|&square| self.position().car_at(square as usize) == Some(mover));
        match (cursor.selected, own_car) {
            (Some(from), Some(square)) if from == square => {
                cursor.selected = None;
                Pick::Moved
            }
            (_, Some(square)) => {
                if self.drives_from(square).is_empty() {
                    return Pick::Refused("that car is blocked: it has no legal move".into());
                }
                cursor.selected = Some(square);
                Pick::Moved
            }
            (Some(from), None) => {
                let drive = self
                    .drives_from(from)
                    .into_iter()
                    .find(|&drive| self.target_spot(mover, drive) == cursor.spot);
                match drive {
                    Some(drive) => {
                        cursor.selected = None;
                        Pick::from_parsed(self.parse_move(&self.format_move(drive)))
                    }
                    None => Pick::Refused(self.refusal(from, cursor.spot)),
                }
            }
            (None, None) => Pick::Refused("pick one of your cars first".into()),
        }
    }

    /// Why the car on `from` cannot go to `spot`.
    fn refusal(&self, from: u8, spot: Spot) -> String {
        let size = self.size();
        let car = format_square(from as usize % size, from as usize / size);
        match self.square_at(spot) {
            Some(square) => {
                let to = format_square(square as usize % size, square as usize / size);
                format!("the car on {car} cannot drive to {to}")
            }
            None => format!("the car on {car} cannot drive off there"),
        }
    }
}

/// The marks of one drawing, as spots.
struct Scene {
    /// Where the last move's car was and where it went.
    last: Vec<Spot>,
    /// The exit cell the last move's car left through, if it left.
    last_off: Option<Spot>,
    /// The hint's car and target.
    hint: Vec<Spot>,
    /// The selected car's targets.
    targets: Vec<Spot>,
    human_to_move: bool,
}

impl BoardGame for Dodgem {
    type Cursor = DodgemCursor;

    /// On the mover's first car that can move, nothing picked.
    fn initial_cursor(&self) -> DodgemCursor {
        let square = self.moves().first().map_or(0, |drive| drive.from);
        DodgemCursor {
            spot: self.spot_of(square),
            selected: None,
        }
    }

    fn board_size(&self) -> (u16, u16) {
        let size = self.size() as u16;
        let grid = LABEL_WIDTH + (size + 1) * CELL_WIDTH;
        (grid.max(MIN_WIDTH), size + EXTRA_LINES)
    }

    fn render_board(
        &self,
        cursor: &DodgemCursor,
        marks: &Marks<Drive>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let glyphs = symbols_for(theme, &UNICODE, &ASCII);
        let origin = self.origin(area);
        let mut put = |at: Position, text: &str, style: Style| {
            if area.contains(at) {
                buf.set_stringn(at.x, at.y, text, (area.right() - at.x) as usize, style);
            }
        };
        let scene = self.scene(cursor, marks);
        let size = self.size();
        for rank in 0..=size {
            for file in 0..=size {
                let spot = Spot { file, rank };
                if !self.is_spot(spot) {
                    continue;
                }
                let at = self.cell_position(origin, spot);
                let glyph = if scene.targets.contains(&spot) {
                    "*"
                } else {
                    self.spot_glyph(spot, glyphs, scene.last_off)
                };
                let text = format!(" {glyph} ");
                put(at, &text, self.spot_style(spot, cursor, &scene, theme));
            }
            if rank < size {
                let label_at = Position::new(origin.x, origin.y + (size - rank) as u16);
                put(label_at, &(rank + 1).to_string(), theme.dim);
            }
        }
        let files: String = (0..size)
            .map(|file| format!(" {} ", &format_square(file, 0)[..1]))
            .collect();
        let below = origin.y + size as u16 + 1;
        put(
            Position::new(origin.x + LABEL_WIDTH, below),
            &files,
            theme.dim,
        );
        self.draw_legend(Position::new(origin.x, below + 1), glyphs, theme, &mut put);
        let seen = format!(
            "position seen {}/{REPETITIONS_FOR_DRAW}",
            self.repetitions()
        );
        let style = if self.repetitions() > 1 {
            theme.bad
        } else {
            theme.dim
        };
        put(Position::new(origin.x, below + 2), &seen, style);
    }

    fn steer(&self, cursor: &mut DodgemCursor, steer: Steer) -> Pick<Drive> {
        let Spot { file, rank } = cursor.spot;
        let next = match steer {
            Steer::Up => Spot {
                file,
                rank: rank + 1,
            },
            Steer::Down => Spot {
                file,
                rank: rank.saturating_sub(1),
            },
            Steer::Left => Spot {
                file: file.saturating_sub(1),
                rank,
            },
            Steer::Right => Spot {
                file: file + 1,
                rank,
            },
            Steer::Select => return self.select(cursor),
            Steer::Cancel if cursor.selected.is_some() => {
                cursor.selected = None;
                return Pick::Moved;
            }
            Steer::Cancel => return Pick::Ignored,
        };
        if self.is_spot(next) {
            cursor.spot = next;
        }
        Pick::Moved
    }

    fn click(&self, cursor: &mut DodgemCursor, area: Rect, at: Position) -> Pick<Drive> {
        match self.spot_at(self.origin(area), at) {
            Some(spot) => {
                cursor.spot = spot;
                self.select(cursor)
            }
            None => Pick::Ignored,
        }
    }

    fn status_note(&self) -> Option<String> {
        let seen = self.repetitions();
        (seen > 1 && self.outcome().is_none())
            .then(|| format!("{seen}× seen, {REPETITIONS_FOR_DRAW}× draws"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, Playable};
    use crate::tui::board::render_lines;

    fn game(options: &[&str], position: Option<&str>, moves: &str) -> Dodgem {
        let options: Vec<String> = options.iter().map(|s| s.to_string()).collect();
        Dodgem::setup(
            &GameOptions::parse(&options).unwrap(),
            position,
            Some(moves),
        )
        .unwrap()
    }

    fn draw(
        game: &Dodgem,
        cursor: &DodgemCursor,
        marks: &Marks<Drive>,
        theme: &Theme,
    ) -> Vec<String> {
        let (width, height) = game.board_size();
        render_lines(width, height, |area, buf| {
            game.render_board(cursor, marks, theme, area, buf)
        })
    }

    /// The board with its first cursor, no marks and nobody to move by hand.
    fn draw_at_rest(game: &Dodgem, theme: &Theme) -> Vec<String> {
        draw(game, &game.initial_cursor(), &Marks::default(), theme)
    }

    #[test]
    fn draws_cars_as_arrows_with_the_exits_and_the_legend() {
        let start = game(&[], None, "");
        let lines = draw_at_rest(&start, &Theme::colored());
        assert_eq!(
            lines,
            [
                "   ┄  ┄  ┄",
                "3  →  ·  ·  ┆",
                "2  →  ·  ·  ┆",
                "1  ·  ↑  ↑  ┆",
                "   a  b  c",
                "→ First  ↑ Second",
                "position seen 1/3",
            ]
        );
        let ascii = draw_at_rest(&start, &Theme::plain());
        assert_eq!(ascii[0], "   -  -  -");
        assert_eq!(ascii[1], "3  >  .  .  |");
        assert_eq!(ascii[3], "1  .  ^  ^  |");
        let bottom_first = game(&["first=bottom", "size=4"], None, "");
        let lines = draw_at_rest(&bottom_first, &Theme::plain());
        assert_eq!(lines[4], "1  .  ^  ^  ^  |");
        assert_eq!(lines[6], "^ First  > Second");
    }

    #[test]
    fn a_selected_car_shows_its_targets_and_the_last_move_is_drawn_off_the_board() {
        // Left's car on c3 drove off; Bottom picks its car on c1.
        let left_off = game(&[], Some(".BL/L../.B. L"), "c3-off");
        let mut cursor = left_off.initial_cursor();
        cursor.spot = Spot { file: 1, rank: 0 };
        assert_eq!(left_off.steer(&mut cursor, Steer::Select), Pick::Moved);
        let marks = Marks {
            last: left_off.history().last(),
            hint: None,
            human_to_move: true,
        };
        let lines = draw(&left_off, &cursor, &marks, &Theme::plain());
        assert_eq!(lines[1], "3  .  ^  .  >");
        assert_eq!(lines[2], "2  >  *  .  |");
        assert_eq!(lines[3], "1  *  ^  *  |");
        assert_eq!(lines[6], "position seen 1/3");
    }

    #[test]
    fn keys_and_clicks_pick_a_car_then_a_square_or_the_exit() {
        let start = game(&[], None, "");
        let mut cursor = start.initial_cursor();
        assert_eq!(cursor.spot, Spot { file: 0, rank: 1 }, "Left's car on a2");
        assert_eq!(start.steer(&mut cursor, Steer::Select), Pick::Moved);
        assert_eq!(cursor.selected, Some(3));
        start.steer(&mut cursor, Steer::Right);
        let a2_b2 = start.parse_move("a2-b2").unwrap();
        assert_eq!(start.steer(&mut cursor, Steer::Select), Pick::Play(a2_b2));
        let mut blocked = start.initial_cursor();
        blocked.spot = Spot { file: 1, rank: 0 };
        assert!(matches!(
            start.steer(&mut blocked, Steer::Select),
            Pick::Refused(_)
        ));
        // A Left car on the last file drives off through the exit cell beside it.
        let near_exit = game(&[], Some("..L/.../.BB L"), "");
        let area = Rect::new(2, 1, 30, 12);
        let origin = near_exit.origin(area);
        let car = near_exit.cell_position(origin, Spot { file: 2, rank: 2 });
        assert_eq!(near_exit.click(&mut cursor, area, car), Pick::Moved);
        let exit = near_exit.cell_position(origin, Spot { file: 3, rank: 2 });
        let off = near_exit.parse_move("c3-off").unwrap();
        assert_eq!(near_exit.click(&mut cursor, area, exit), Pick::Play(off));
        let mut keys = near_exit.initial_cursor();
        near_exit.steer(&mut keys, Steer::Select);
        near_exit.steer(&mut keys, Steer::Right);
        near_exit.steer(&mut keys, Steer::Up);
        assert_eq!(
            keys.spot,
            Spot { file: 3, rank: 2 },
            "no spot in the top-right corner"
        );
        assert_eq!(near_exit.steer(&mut keys, Steer::Select), Pick::Play(off));
        assert_eq!(
            near_exit.click(&mut keys, area, Position::new(2, 1)),
            Pick::Ignored
        );
    }

    #[test]
    fn the_hint_and_the_last_move_are_styled_on_their_squares() {
        let game = game(&[], None, "a2-b2");
        let theme = Theme::plain();
        let marks = Marks {
            last: game.history().last(),
            hint: game.parse_move("c1-c2").ok(),
            human_to_move: false,
        };
        let (width, height) = game.board_size();
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        game.render_board(&game.initial_cursor(), &marks, &theme, area, &mut buf);
        let origin = game.origin(area);
        let style_at = |file, rank| {
            let at = game.cell_position(origin, Spot { file, rank });
            buf[(at.x + 1, at.y)].modifier
        };
        for (file, rank) in [(0, 1), (1, 1)] {
            assert!(style_at(file, rank).contains(theme.last_move.add_modifier));
        }
        for (file, rank) in [(2, 0), (2, 1)] {
            assert!(style_at(file, rank).contains(theme.hint.add_modifier));
        }
        assert!(!style_at(0, 2).contains(theme.last_move.add_modifier));
    }

    #[test]
    fn the_repetition_count_shows_on_the_board_and_in_the_status() {
        // Both cars shuffle sideways and back.
        let shuffled = game(&[], Some("L../.../.B. L"), "a3-a2 b1-c1 a2-a3 c1-b1");
        assert_eq!(shuffled.repetitions(), 2);
        let lines = draw_at_rest(&shuffled, &Theme::plain());
        assert_eq!(lines[6], "position seen 2/3");
        assert_eq!(shuffled.status_note().as_deref(), Some("2× seen, 3× draws"));
    }
}
