//! The lessons opened over the explorer (or straight from the command line): the
//! exercise and the breadth-first replay. One screen slot in the app for both, so
//! the app only knows that a lesson is in front and what is behind it.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;

use super::Action;
use super::breadth_replay::BreadthReplay;
use super::exercise::Exercise;
use super::help::HelpTopic;
use crate::tui::recorded::RecordedSearch;
use crate::tui::theme::Theme;

/// A lesson in front.
pub enum Lesson {
    /// Cross out what alpha-beta never visits, then be graded.
    Exercise(Exercise),
    /// Breadth-first minimax step by step, beside depth-first alpha-beta.
    BreadthFirst(BreadthReplay),
}

impl Lesson {
    /// The exercise on a recorded search, or why it cannot be drawn.
    pub fn exercise_on(record: &RecordedSearch) -> Result<Lesson, String> {
        let figure = record.figure.clone()?;
        let title = format!("{} · {}", record.algorithm.label(), record.title);
        Ok(Lesson::Exercise(Exercise::new(
            figure,
            title,
            record.tree.prune_on_equal,
        )))
    }

    /// The breadth-first replay of a recorded search's position.
    pub fn breadth_first_on(record: &RecordedSearch) -> Result<Lesson, String> {
        BreadthReplay::new(record).map(Lesson::BreadthFirst)
    }

    /// Answers a key; `Close` when the user leaves.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        match self {
            Lesson::Exercise(exercise) => exercise.handle_key(key),
            Lesson::BreadthFirst(replay) => replay.handle_key(key),
        }
    }

    /// Draws the lesson over the whole screen.
    pub fn render(&self, frame: &mut Frame, theme: &Theme) {
        match self {
            Lesson::Exercise(exercise) => exercise.render(frame, theme),
            Lesson::BreadthFirst(replay) => replay.render(frame, theme),
        }
    }
}

screen_forwarding!(Lesson, HelpTopic::Lesson, {});
