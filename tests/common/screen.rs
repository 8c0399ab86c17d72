//! The text a `TestBackend` shows, for the tests that read the arcade's screen.

use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// What the terminal shows, line by line.
pub fn lines(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    let line = |y| {
        (0..buffer.area.width)
            .map(|x| buffer[(x, y)].symbol())
            .collect()
    };
    (0..buffer.area.height).map(line).collect()
}
