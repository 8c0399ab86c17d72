//! The synthetic tree's board: the path from the root and the children of the
//! current node as numbered buttons; at a leaf, the leaf's value.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::widgets::Widget;

use super::{BoardGame, Marks, Pick, Steer};
use crate::game::synthetic::Synthetic;
use crate::game::{Game, Player, SearchHooks};
use crate::tui::theme::Theme;

/// Columns per child button: ` 12 ` and a space.
const BUTTON: u16 = 5;
/// Rows above the buttons: the path, the depth and the side to move, a blank line.
const HEADER: u16 = 3;
/// Buttons per row in the board's own size: six fit the 32 columns an 80-column
/// terminal leaves it.
const BUTTONS_PER_ROW: u16 = 6;

/// The board widget; it borrows the node and is rebuilt every frame.
pub struct SyntheticBoard<'a> {
    /// The node drawn.
    pub game: &'a Synthetic,
    /// The child under the cursor (from 0).
    pub cursor: u8,
    /// Last move, hint and whose turn it is.
    pub marks: &'a Marks<u8>,
    /// The styles.
    pub theme: &'a Theme,
}

/// Buttons per row in an area at least one button wide.
fn per_row(area: Rect) -> u16 {
    (area.width / BUTTON).max(1)
}

fn button_position(area: Rect, child: u8) -> Position {
    let per_row = per_row(area);
    Position::new(
        area.x + (u16::from(child) % per_row) * BUTTON,
        area.y + HEADER + u16::from(child) / per_row,
    )
}

impl Widget for SyntheticBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let game = self.game;
        let path = if game.path().is_empty() {
            "the root".to_string()
        } else {
            game.format_position()
        };
        // A written tree has no uniform depth: its level is all there is to say.
        let level = if game.is_written() {
            format!("level {}", game.path().len())
        } else {
            format!("depth {} of {}", game.path().len(), game.depth())
        };
        let mover = if game.is_chance_node() {
            "a chance node (the mean of its children)".to_string()
        } else {
            format!("{} to move", Synthetic::side_name(game.to_move()))
        };
        let depth = format!("{level}, {mover}");
        let width = area.width as usize;
        buf.set_stringn(area.x, area.y, format!("at {path},"), width, theme.text);
        buf.set_stringn(area.x, area.y + 1, depth, width, theme.text);
        let children = game.moves();
        if children.is_empty() {
            let leaf = format!("a leaf worth {:+} for MAX", game.value_for_max());
            let y = (area.y + HEADER).min(area.bottom().saturating_sub(1));
            buf.set_stringn(area.x, y, leaf, area.width as usize, theme.good);
            return;
        }
        for child in children {
            let at = button_position(area, child);
            if !area.contains(at) {
                continue;
            }
            let mut style = theme.legal;
            if self.marks.hint == Some(child) {
                style = style.patch(theme.hint);
            }
            if self.marks.human_to_move && child == self.cursor {
                style = style.patch(theme.selected);
            }
            let label = format!("{:>3} ", game.format_move(child));
            let room = area.right().saturating_sub(at.x) as usize;
            buf.set_stringn(at.x, at.y, label, room, style);
        }
    }
}

impl BoardGame for Synthetic {
    type Cursor = u8;

    fn initial_cursor(&self) -> u8 {
        0
    }

    fn board_size(&self) -> (u16, u16) {
        let rows = u16::from(self.branching()).div_ceil(BUTTONS_PER_ROW);
        (BUTTONS_PER_ROW * BUTTON, HEADER + rows)
    }

    fn render_board(
        &self,
        cursor: &u8,
        marks: &Marks<u8>,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let board = SyntheticBoard {
            game: self,
            cursor: *cursor,
            marks,
            theme,
        };
        board.render(area, buf);
    }

    fn steer(&self, cursor: &mut u8, steer: Steer) -> Pick<u8> {
        let children = self.branching() as usize;
        let step = |c: &mut u8, forward| {
            *c = super::step_index(*c as usize, forward, children) as u8;
        };
        match steer {
            Steer::Left | Steer::Up => step(cursor, false),
            Steer::Right | Steer::Down => step(cursor, true),
            Steer::Select => return Pick::from_parsed(self.parse_move(&(*cursor + 1).to_string())),
            Steer::Cancel => return Pick::Ignored,
        }
        Pick::Moved
    }

    fn click(&self, cursor: &mut u8, area: Rect, at: Position) -> Pick<u8> {
        let hit = self.moves().into_iter().find(|&child| {
            let button = button_position(area, child);
            Rect::new(button.x, button.y, BUTTON - 1, 1).contains(at)
        });
        match hit {
            Some(child) => {
                *cursor = child;
                self.steer(cursor, Steer::Select)
            }
            None => Pick::Ignored,
        }
    }

    /// A tree's leaves carry the result: nobody resigns a lesson.
    fn may_resign() -> bool {
        false
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "MAX",
            Player::Second => "MIN",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::synthetic::Ordering;
    use crate::tui::board::render_lines;

    #[test]
    fn draws_the_path_and_the_children() {
        let mut game = Synthetic::new(3, 2, 1, Ordering::Random);
        game.play(1);
        let lines = render_lines(40, 4, |area, buf| {
            game.render_board(&0, &Marks::default(), &Theme::plain(), area, buf)
        });
        assert_eq!(
            lines,
            ["at 2,", "depth 1 of 2, MIN to move", "", "  1    2    3"]
        );
        game.play(0);
        let leaf = render_lines(40, 4, |area, buf| {
            game.render_board(&0, &Marks::default(), &Theme::plain(), area, buf)
        });
        assert!(leaf[3].starts_with("a leaf worth "), "{leaf:?}");
    }

    #[test]
    fn a_written_tree_says_its_level_and_its_leaves_values_for_max() {
        let tree = crate::game::synthetic::ExplicitTree::parse("((3,12),(-2,4))").unwrap();
        let mut game = Synthetic::explicit(tree);
        game.play(1);
        let lines = render_lines(40, 4, |area, buf| {
            game.render_board(&0, &Marks::default(), &Theme::plain(), area, buf)
        });
        assert_eq!(lines[1], "level 1, MIN to move");
        game.play(0);
        let leaf = render_lines(40, 4, |area, buf| {
            game.render_board(&0, &Marks::default(), &Theme::plain(), area, buf)
        });
        assert_eq!(leaf[3].trim_end(), "a leaf worth -2 for MAX");
    }

    #[test]
    fn keys_and_clicks_pick_children() {
        let game = Synthetic::new(3, 2, 1, Ordering::Random);
        let mut cursor = 0;
        game.steer(&mut cursor, Steer::Right);
        game.steer(&mut cursor, Steer::Right);
        game.steer(&mut cursor, Steer::Right);
        assert_eq!(game.steer(&mut cursor, Steer::Select), Pick::Play(2));
        let area = Rect::new(0, 0, 40, 4);
        assert_eq!(
            game.click(&mut cursor, area, Position::new(6, 3)),
            Pick::Play(1)
        );
        assert_eq!(
            game.click(&mut cursor, area, Position::new(30, 3)),
            Pick::Ignored
        );
    }
}
