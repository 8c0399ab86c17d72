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

/// The words inside the box titled `title`, its line wrapping undone, so a
/// check on a sentence does not depend on where a long path happened to wrap.
pub fn box_text(screen: &str, title: &str) -> Option<String> {
    let rows: Vec<Vec<char>> = screen.lines().map(|line| line.chars().collect()).collect();
    let top = rows.iter().position(|row| {
        let text: String = row.iter().collect();
        text.contains(title)
    })?;
    let text: String = rows[top].iter().collect();
    let title_column = text[..text.find(title)?].chars().count();
    let left = rows[top][..title_column].iter().rposition(|&c| c == '┌')?;
    let right = left + rows[top][left..].iter().position(|&c| c == '┐')?;
    let mut words = Vec::new();
    for row in &rows[top + 1..] {
        if row.get(left) == Some(&'└') {
            return Some(words.join(" "));
        }
        let inside: String = row.get(left + 1..right)?.iter().collect();
        words.extend(inside.split_whitespace().map(str::to_owned));
    }
    None
}
