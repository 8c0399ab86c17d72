//! The arcade's screens, one file each: the menu of games, the setup of one game,
//! the game itself, the explorer of the computer's search tree, and the overlays (help, terminal too small).

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
pub mod tree_drawing;

use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Flex, Layout, Rect};

use super::board::Steer;
use crate::game::GameInfo;

/// What a screen asks the app to do after a key or a click.
pub enum Action {
    /// Nothing beyond the screen's own state change.
    Stay,
    /// Leave the arcade.
    Quit,
    /// Back to the menu.
    Menu,
    /// Open the setup screen of a game.
    Setup(GameInfo),
    /// Show a game, already set up.
    Play(Box<play::Play>),
    /// Open the explorer on a recorded search, the game staying behind it.
    Explore(Box<crate::tui::recorded::RecordedSearch>),
    /// Open the Monte Carlo tree explorer, the game staying behind it.
    ExploreMcts(Box<mcts_explorer::MctsExplorer>),
    /// Close the explorer: back to the game behind it.
    BackToGame,
    /// Open the list of saved games.
    Saved,
    /// Open the review of a game (the game on screen, if any, stays behind it).
    Review(Box<review::Review>),
    /// Close the review: back to the game behind it, or to the saved games.
    CloseReview,
    /// Open a lesson (exercise, breadth-first replay) over the screen in front.
    Lesson(Box<lesson::Lesson>),
    /// Close the lesson: back to the screen behind it, or quit if there is none.
    CloseLesson,
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
