//! The arcade's screens, one file each: the menu of games, the setup of one game,
//! the game itself, the explorer of the computer's search tree, and the overlays (help, terminal too small).

/// Implements [`Screen`] for a screen whose own `handle_key` and `render` (and,
/// with `mouse`, `handle_mouse`) have the trait's shape; then either its help
/// topic or, after `mouse`, a `help` of its own among the further trait methods
/// that follow in braces (`tick`, `on_top`...).
macro_rules! screen_forwarding {
    ($screen:ident, mouse, { $($extra:item)* }) => {
        screen_forwarding!(@impl $screen, {
            fn handle_mouse(
                &mut self,
                mouse: &ratatui::crossterm::event::MouseEvent,
            ) -> $crate::tui::screens::Action {
                $screen::handle_mouse(self, mouse)
            }

            $($extra)*
        });
    };
    ($screen:ident, $topic:expr, { $($extra:item)* }) => {
        screen_forwarding!(@impl $screen, {
            fn help(&self) -> Option<$crate::tui::screens::help::HelpTopic> {
                Some($topic)
            }

            $($extra)*
        });
    };
    (@impl $screen:ident, { $($extra:item)* }) => {
        impl $crate::tui::screens::Screen for $screen {
            fn handle_key(
                &mut self,
                key: &ratatui::crossterm::event::KeyEvent,
            ) -> $crate::tui::screens::Action {
                $screen::handle_key(self, key)
            }

            fn render(&mut self, frame: &mut ratatui::Frame, theme: &$crate::tui::theme::Theme) {
                $screen::render(self, frame, theme);
            }

            $($extra)*
        }
    };
}

pub mod analysis;
pub mod breadth_replay;
pub mod exercise;
pub mod explorer;
pub mod help;
pub mod lesson;
pub mod mcts_explorer;
pub mod menu;
pub mod play;
pub mod review;
pub mod saved;
pub mod setup;
pub mod shape;
pub mod tree_drawing;

use std::any::Any;
use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseEvent};
use ratatui::layout::{Constraint, Flex, Layout, Rect};

use super::board::Steer;
use super::theme::Theme;
use help::HelpTopic;

/// One screen of the arcade's stack. The app talks to the screen in front through
/// this trait alone, so a new screen is a file implementing it plus the line that
/// opens it (an [`Action::Push`]). Screens keep their own inherent methods too:
/// tests drive a screen without the app, and the impls forward to them.
pub trait Screen: Any {
    /// Answers a key pressed while the screen is in front.
    fn handle_key(&mut self, key: &KeyEvent) -> Action;

    /// Answers a mouse event; most screens have no use for the mouse.
    fn handle_mouse(&mut self, _mouse: &MouseEvent) -> Action {
        Action::Stay
    }

    /// Lets background work (a search, a job) catch up while the screen is in
    /// front; what it finished may open a screen.
    fn tick(&mut self, _now: Instant) -> Action {
        Action::Stay
    }

    /// Lets background work catch up while other screens cover this one: the game
    /// goes on behind the explorer. Nothing by default.
    fn tick_behind(&mut self, _now: Instant) {}

    /// Draws the screen over the whole frame.
    fn render(&mut self, frame: &mut Frame, theme: &Theme);

    /// What the app's help overlay (`?`) shows over this screen; `None` when the
    /// screen takes `?` itself (the explorer's legend, a text field).
    fn help(&self) -> Option<HelpTopic>;

    /// Called when the screens over this one closed and it is in front again, so
    /// it can bring what it shows up to date (the menu's saved games).
    fn on_top(&mut self) {}

    /// The game this screen plays, for saving it and for tests.
    fn game(&self) -> Option<&play::Play> {
        None
    }

    /// [`Screen::game`], to drive or save it.
    fn game_mut(&mut self) -> Option<&mut play::Play> {
        None
    }
}

/// What a screen asks the app to do with the stack after a key, a click or a tick.
pub enum Action {
    /// Nothing beyond the screen's own state change.
    Stay,
    /// Leave the arcade.
    Quit,
    /// Open a screen over this one, which stays below (and ticks behind it).
    Push(Box<dyn Screen>),
    /// Put a screen in this one's place.
    Replace(Box<dyn Screen>),
    /// Close this screen: back to the one below; the arcade ends with the last.
    Close,
    /// Back to the menu at the bottom of the stack, closing everything over it.
    Menu,
    /// A game set up or resumed, in place of the screen that made it: a
    /// [`Action::Replace`] whose screen callers (and tests) can take out.
    Play(Box<play::Play>),
    /// A lesson over the explorer: an [`Action::Push`] that keeps its type.
    Lesson(Box<lesson::Lesson>),
    /// Close an explorer: the [`Action::Close`] the explorers' key tables name.
    BackToGame,
}

/// The cursor meaning of a key: arrows, vi keys, Enter and Esc.
pub fn steer_of(key: &KeyEvent) -> Option<Steer> {
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => Some(Steer::Up),
        KeyCode::Down | KeyCode::Char('j') => Some(Steer::Down),
        KeyCode::Left | KeyCode::Char('h') => Some(Steer::Left),
        KeyCode::Right | KeyCode::Char('l') => Some(Steer::Right),
        KeyCode::Enter => Some(Steer::Select),
        KeyCode::Esc => Some(Steer::Cancel),
        _ => None,
    }
}

/// A rectangle of at most `width` x `height` in the middle of `area`, for popups.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [cell] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    cell
}

/// Splits `text` into lines of at most `width` characters at spaces (a longer word
/// gets a line of its own), for list items that must know their height.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if !line.is_empty() && needed > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A screen's rows: a title line, the body (at least `body_rows` high) and a
/// status line, as most screens lay themselves out.
pub(crate) fn title_body_status(area: Rect, body_rows: u16) -> [Rect; 3] {
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(body_rows),
        Constraint::Length(1),
    ])
    .areas(area)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_at_spaces() {
        assert_eq!(wrap_words("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(wrap_words("toolongword x", 4), ["toolongword", "x"]);
        assert!(wrap_words("", 5).is_empty());
    }
}
