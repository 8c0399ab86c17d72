//! The Go board: a grid of points with rank numbers on the left and GTP column
//! letters (no I) below, stones as ● (Black) and ○ (White), or X and O when colour
//! is off or after `a`; the last stone in brackets, the ko point as □ (`#` in
//! letters). Under the board a `[pass]` button and the stones each side has
//! captured; then the ko point, a pending pass, or once two passes have ended the
//! game the area score, with each side's empty points drawn as small x and o.
//!
//! When the game ends (two passes, a resignation) or the player asks with `s`,
//! the board shows the count: the stones Monte Carlo playouts find dead drawn as
//! × (`*` in letters), every point drawn for the side it counts for, and the area
//! score with komi (`B 45, W 36 + 7.5: B+1.5`). Enter (or a click) on a group marks
//! it dead or alive again and counts anew, as players agree on Go servers; Esc or
//! `s` closes a count asked for during the game.
//!
//! The cursor moves with the arrows, onto `[pass]` below the bottom rank (or with
//! `p`); typing a vertex in capitals (`D4`) moves it there; Enter or a click
//! plays. A 9x9 board takes 17x13 cells and fits an 80x24 terminal; when the area
//! is too low for every rank the board shows the ranks around the cursor.

use super::Canvas;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::point_grid::{LABEL_WIDTH, PointGrid, clipped, stone_symbol};
use super::{BoardGame, Marks, Pick, Steer, step_index};
use crate::game::go::scoring::Scoring;
use crate::game::go::{COLUMNS, Go, GoMove, side_name};
use crate::game::{Game, Player};
use crate::tui::theme::Theme;

/// The lines under the points: the pass button with captures, then ko or score,
/// then the count's dead stones.
const INFO_LINES: u16 = 3;
/// The pass button's text.
const PASS: &str = "[pass]";
/// The widest info line, so the board asks for room for it.
const INFO_WIDTH: u16 = 28;

/// Where the player points, and how stones are drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoCursor {
    /// Column from the left, from 0.
    pub file: usize,
    /// Row from the bottom, from 0.
    pub rank: usize,
    /// On the pass button instead of a point.
    pub on_pass: bool,
    /// X and O instead of ● and ○.
    pub letters: bool,
    /// The count shown instead of the play: at the end of the game, or asked for
    /// with `s`.
    pub scoring: Option<Scoring>,
}

/// The key that shows or hides the count during the game.
const SCORE_KEY: char = 's';

/// The Go board's placement of points: room for the info lines under it.
fn grid(size: usize, area: Rect, cursor_rank: usize) -> PointGrid {
    PointGrid::new(size, area, cursor_rank, INFO_LINES, INFO_WIDTH)
}

/// True when a screen cell lies on the pass button.
fn on_pass(grid: &PointGrid, at: Position) -> bool {
    let x = grid.origin.x + LABEL_WIDTH;
    at.y == grid.line_below() && (x..x + PASS.len() as u16).contains(&at.x)
}

/// Moves the cursor one point the arrow's way on a board of `size`, stopping at
/// the edges; Enter and Esc leave it where it is.
fn step_point(cursor: &mut GoCursor, steer: Steer, size: usize) {
    match steer {
        Steer::Up => cursor.rank = step_index(cursor.rank, true, size),
        Steer::Down => cursor.rank = step_index(cursor.rank, false, size),
        Steer::Left => cursor.file = step_index(cursor.file, false, size),
        Steer::Right => cursor.file = step_index(cursor.file, true, size),
        Steer::Select | Steer::Cancel => {}
    }
}

/// The small mark of an empty point counted for `player` at the end.
fn area_symbol(player: Player) -> &'static str {
    match player {
        Player::First => "x",
        Player::Second => "o",
    }
}

impl Go {
    fn draw(&self, cursor: &GoCursor, marks: &Marks<GoMove>, canvas: Canvas<'_>) {
        let Canvas { theme, area, buf } = canvas;
        let size = self.board().size();
        let grid = grid(size, area, cursor.rank);
        let mut put = clipped(area, buf);
        let highlighted = (marks.human_to_move && !cursor.on_pass).then_some(cursor.rank);
        grid.draw_labels(&COLUMNS[..size], highlighted, theme, &mut put);
        let over = self.outcome().is_some();
        let territory = if over && cursor.scoring.is_none() {
            self.board().territory()
        } else {
            Vec::new()
        };
        let show_cursor = marks.human_to_move || cursor.scoring.is_some();
        for rank in 0..size {
            for file in 0..size {
                let Some(at) = grid.position(file, rank) else {
                    continue;
                };
                let point = self.board().point(file, rank);
                let owner = territory.get(point as usize).copied().flatten();
                let (symbol, mut style) = match &cursor.scoring {
                    Some(scoring) => self.counted_look(point, scoring, cursor.letters, theme),
                    None => self.point_look(point, owner, cursor, marks, theme),
                };
                if show_cursor && !cursor.on_pass && (file, rank) == (cursor.file, cursor.rank) {
                    style = style.patch(theme.selected);
                }
                put(at, symbol, style);
                let marked_last = marks.last == Some(GoMove::Stone(point));
                if marked_last && cursor.scoring.is_none() {
                    grid.bracket(at, theme, &mut put);
                }
            }
        }
        self.draw_info(&grid, cursor, marks, theme, &mut put);
    }

    /// The symbol and style of one point.
    fn point_look(
        &self,
        point: u16,
        owner: Option<Player>,
        cursor: &GoCursor,
        marks: &Marks<GoMove>,
        theme: &Theme,
    ) -> (&'static str, Style) {
        let move_here = GoMove::Stone(point);
        match self.board().stone(point) {
            Some(player) => {
                let style = theme.side(player);
                let style = if marks.last == Some(move_here) {
                    style.patch(theme.last_move)
                } else {
                    style
                };
                (stone_symbol(player, cursor.letters), style)
            }
            None if marks.hint == Some(move_here) => (area_symbol(self.to_move()), theme.hint),
            None if self.ko_point() == Some(point) => {
                (if cursor.letters { "#" } else { "□" }, theme.bad)
            }
            None => match owner {
                Some(player) => (area_symbol(player), theme.side(player)),
                None => ("·", theme.dim),
            },
        }
    }

    /// The symbol and style of one point in the count: a dead stone crossed, else
    /// the point drawn for the side it counts for.
    fn counted_look(
        &self,
        point: u16,
        scoring: &Scoring,
        letters: bool,
        theme: &Theme,
    ) -> (&'static str, Style) {
        match (self.board().stone(point), scoring.owner(point)) {
            (Some(player), _) if scoring.is_dead(point) => {
                (if letters { "*" } else { "×" }, theme.side(player))
            }
            (Some(player), _) => (stone_symbol(player, letters), theme.side(player)),
            (None, Some(owner)) => (area_symbol(owner), theme.side(owner)),
            (None, None) => ("·", theme.dim),
        }
    }

    /// The pass button with the captures, then the ko point, a pending pass or
    /// the final score.
    fn draw_info(
        &self,
        grid: &PointGrid,
        cursor: &GoCursor,
        marks: &Marks<GoMove>,
        theme: &Theme,
        put: &mut impl FnMut(Position, &str, Style),
    ) {
        let x = grid.origin.x + LABEL_WIDTH;
        let y = grid.line_below();
        let mut pass_style = theme.dim;
        if marks.last == Some(GoMove::Pass) {
            pass_style = pass_style.patch(theme.last_move);
        }
        if marks.human_to_move && cursor.on_pass {
            pass_style = pass_style.patch(theme.selected);
        }
        put(Position::new(x, y), PASS, pass_style);
        let [black, white] = self.board().captures();
        let mut at = x + PASS.len() as u16 + 2;
        for (player, count) in [(Player::First, black), (Player::Second, white)] {
            let symbol = stone_symbol(player, cursor.letters);
            put(Position::new(at, y), symbol, theme.side(player));
            let text = format!(" {count} ");
            put(Position::new(at + 1, y), &text, theme.text);
            at += 1 + text.len() as u16;
        }
        put(Position::new(at, y), "captured", theme.dim);
        if let Some(scoring) = &cursor.scoring {
            put(Position::new(x, y + 1), &scoring.summary(), theme.good);
            let dead = scoring.dead_stones(self).len();
            let symbol = if cursor.letters { "*" } else { "×" };
            let note = format!("{symbol} {dead} dead · Enter toggles");
            put(Position::new(x, y + 2), &note, theme.dim);
            return;
        }
        let line = if self.outcome().is_some() {
            format!("{} by area", self.score_text())
        } else if let Some(ko) = self.ko_point() {
            format!("ko at {}", self.vertex(ko))
        } else {
            String::new()
        };
        let style = if self.outcome().is_some() {
            theme.good
        } else {
            theme.text
        };
        put(Position::new(x, y + 1), &line, style);
    }

    /// The count's answer to a key: arrows move over the points, Enter marks the
    /// group under the cursor dead or alive, Esc closes a count asked for during
    /// the game (at the end there is nothing else to show).
    fn steer_count(&self, cursor: &mut GoCursor, steer: Steer) -> Pick<GoMove> {
        let size = self.board().size();
        cursor.on_pass = false;
        match steer {
            Steer::Up | Steer::Down | Steer::Left | Steer::Right => {
                step_point(cursor, steer, size);
            }
            Steer::Select => {
                let point = self.board().point(cursor.file, cursor.rank);
                if let Some(scoring) = cursor.scoring.as_mut()
                    && !scoring.toggle(self, point)
                {
                    return Pick::Refused("Enter on a stone marks its group dead or alive".into());
                }
            }
            Steer::Cancel if self.outcome().is_none() => cursor.scoring = None,
            Steer::Cancel => return Pick::Ignored,
        }
        Pick::Moved
    }

    /// The move under the cursor.
    fn cursor_move(&self, cursor: &GoCursor) -> GoMove {
        if cursor.on_pass {
            GoMove::Pass
        } else {
            GoMove::Stone(self.board().point(cursor.file, cursor.rank))
        }
    }
}

impl BoardGame for Go {
    type Cursor = GoCursor;

    fn initial_cursor(&self) -> GoCursor {
        let centre = self.board().size() / 2;
        GoCursor {
            file: centre,
            rank: centre,
            on_pass: false,
            letters: false,
            scoring: None,
        }
    }

    fn next_cursor(&self, previous: &GoCursor) -> GoCursor {
        let size = self.board().size();
        GoCursor {
            file: previous.file.min(size - 1),
            rank: previous.rank.min(size - 1),
            on_pass: false,
            letters: previous.letters,
            scoring: None,
        }
    }

    /// `a` switches to letters, `p` goes to the pass button, `s` shows or hides
    /// the count (a vertex typed in capitals goes to the move line instead).
    fn letter(&self, cursor: &mut GoCursor, key: char) -> bool {
        match key {
            'a' => cursor.letters = !cursor.letters,
            SCORE_KEY if cursor.scoring.is_some() => cursor.scoring = None,
            SCORE_KEY => cursor.scoring = Some(Scoring::estimate(self)),
            'p' => cursor.on_pass = true,
            _ => return false,
        }
        true
    }

    fn board_size(&self) -> (u16, u16) {
        let size = self.board().size() as u16;
        (
            (LABEL_WIDTH + 2 * size - 1).max(INFO_WIDTH),
            size + 1 + INFO_LINES,
        )
    }

    fn render_board(
        &self,
        cursor: &GoCursor,
        marks: &Marks<GoMove>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let mut shown = cursor.clone();
        shown.letters |= *theme == Theme::plain();
        self.draw(&shown, marks, Canvas { theme, area, buf });
    }

    fn steer(&self, cursor: &mut GoCursor, steer: Steer) -> Pick<GoMove> {
        let size = self.board().size();
        if cursor.scoring.is_some() {
            return self.steer_count(cursor, steer);
        }
        match steer {
            Steer::Up if cursor.on_pass => cursor.on_pass = false,
            Steer::Down if cursor.rank == 0 => cursor.on_pass = true,
            Steer::Up | Steer::Down | Steer::Left | Steer::Right => {
                step_point(cursor, steer, size);
            }
            Steer::Select => {
                let m = self.cursor_move(cursor);
                return Pick::from_parsed(self.parse_move(&self.format_move(m)));
            }
            Steer::Cancel => return Pick::Ignored,
        }
        Pick::Moved
    }

    fn click(&self, cursor: &mut GoCursor, area: Rect, at: Position) -> Pick<GoMove> {
        let size = self.board().size();
        let grid = grid(size, area, cursor.rank);
        if on_pass(&grid, at) && cursor.scoring.is_none() {
            cursor.on_pass = true;
            return self.steer(cursor, Steer::Select);
        }
        match grid.point_at(size, at) {
            Some((file, rank)) => {
                (cursor.file, cursor.rank, cursor.on_pass) = (file, rank, false);
                self.steer(cursor, Steer::Select)
            }
            None => Pick::Ignored,
        }
    }

    /// The count, once the game is over for whatever reason.
    fn game_over(&self, cursor: &mut GoCursor) {
        cursor.scoring = Some(Scoring::estimate(self));
    }

    /// Marking dead stones goes on after the game (and while the computer thinks,
    /// in a count asked for with `s`).
    fn steer_idle(&self, cursor: &mut GoCursor, steer: Steer) -> bool {
        cursor.scoring.is_some() && self.steer_count(cursor, steer) != Pick::Ignored
    }

    fn computer_may_resign() -> bool {
        true
    }

    fn board_keys() -> &'static [(&'static str, &'static str)] {
        &[
            ("p", "the pass button"),
            ("s", "count: dead stones and area score (Enter: dead/alive)"),
            ("a", "letters X and O instead of stones"),
        ]
    }

    /// A pending pass, since the next one ends the game.
    fn status_note(&self) -> Option<String> {
        match self.history().last() {
            Some(&(player, GoMove::Pass)) if self.outcome().is_none() => {
                Some(format!("{} passed", side_name(player)))
            }
            _ => None,
        }
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

    fn game(moves: &str, options: &[&str]) -> Go {
        let options = GameOptions::parse(options).unwrap();
        Go::setup(&options, None, Some(moves)).unwrap()
    }

    fn marks_after(game: &Go, human_to_move: bool) -> Marks<GoMove> {
        Marks {
            last: game.last_move(),
            hint: None,
            human_to_move,
        }
    }

    #[test]
    fn a_ko_fight_shows_stones_captures_the_ko_point_and_the_last_stone() {
        let game = game("C4 D4 B3 E3 C2 D2 D3 C3", &["size=5"]);
        let marks = marks_after(&game, false);
        let lines = drawn_board(&game, &marks, &Theme::colored(), (28, 9));
        assert_eq!(
            lines,
            [
                " 5 · · · · ·",
                " 4 · · ● ○ ·",
                " 3 · ●[○]□ ○",
                " 2 · · ● ○ ·",
                " 1 · · · · ·",
                "   A B C D E",
                "   [pass]  ● 0 ○ 1 captured",
                "   ko at D3",
                "",
            ]
        );
    }

    #[test]
    fn the_end_shows_each_sides_area_and_the_score() {
        let game = game(
            "C1 pass C2 pass C3 pass C4 pass C5 E5 pass pass",
            &["size=5"],
        );
        let marks = marks_after(&game, false);
        let lines = drawn_board(&game, &marks, &Theme::plain(), (28, 9));
        assert_eq!(lines[0], " 5 x x X · O");
        assert_eq!(lines[4], " 1 x x X · ·");
        assert_eq!(lines[6], "   [pass]  X 0 O 0 captured");
        assert_eq!(lines[7], "   B+6.5 by area");
    }

    #[test]
    fn nine_by_nine_fits_the_arcade_at_80_by_24() {
        // At 80x24 the arcade gives the board 38x15 inside its frame.
        let game = game("E5 pass", &[]);
        let (width, height) = game.board_size();
        assert!(width <= 38 && height <= 15, "{width}x{height}");
        let marks = marks_after(&game, true);
        let lines = drawn_board(&game, &marks, &Theme::plain(), (38, 15));
        let board: Vec<&str> = lines
            .iter()
            .map(|l| l.trim_start())
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(board[0], "9 · · · · · · · · ·");
        assert_eq!(board[4], "5 · · · · X · · · ·");
        assert_eq!(board[9], "A B C D E F G H J");
        assert_eq!(board[10], "[pass]  X 0 O 0 captured");
        assert_eq!(game.status_note().as_deref(), Some("White passed"));
    }

    #[test]
    fn keys_and_clicks_pick_moves() {
        let game = game("E5", &[]);
        let mut cursor = game.initial_cursor();
        assert!(matches!(
            game.steer(&mut cursor, Steer::Select),
            Pick::Refused(_)
        ));
        // Capitals are moves typed on the move line, not cursor keys here.
        assert!(!game.letter(&mut cursor, 'D'));
        (cursor.file, cursor.rank) = (3, 3);
        assert_eq!(
            game.steer(&mut cursor, Steer::Select),
            Pick::Play(game.read_vertex("D4").unwrap())
        );
        for _ in 0..4 {
            game.steer(&mut cursor, Steer::Down);
        }
        assert!(cursor.on_pass);
        assert_eq!(
            game.steer(&mut cursor, Steer::Select),
            Pick::Play(GoMove::Pass)
        );
        assert_eq!(game.steer(&mut cursor, Steer::Up), Pick::Moved);
        assert!(!cursor.on_pass);
        let area = Rect::new(2, 1, 38, 15);
        let grid = grid(9, area, cursor.rank);
        let a1 = grid.position(0, 0).unwrap();
        assert_eq!(
            game.click(&mut cursor, area, a1),
            Pick::Play(game.read_vertex("A1").unwrap())
        );
        let pass = Position::new(a1.x + 2, grid.line_below());
        assert_eq!(
            game.click(&mut cursor, area, pass),
            Pick::Play(GoMove::Pass)
        );
        assert!(game.letter(&mut cursor, 'a'));
        assert!(cursor.letters);
        assert!(!game.letter(&mut cursor, 'f'));
    }
}
