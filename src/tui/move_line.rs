//! The move line: a one-line input on the game screen where a player types a move
//! in the game's notation (SAN or UCI for chess, WXF or ICCS for xiangqi, PDN for
//! checkers, squares, columns or pits for the others) instead of steering a cursor.
//!
//! It knows nothing of the game: the screen gives it the legal moves as the
//! screen writes them, for completion with Tab and for the list of matches shown
//! while typing, and hands the typed text to the game's own parser on Enter. A
//! refusal keeps the line open with the parser's message, so the move can be fixed.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;

/// What a key did to the move line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineAction {
    /// The text changed or a completion was shown: the line stays open.
    Editing,
    /// Enter: the text to hand to the game's parser.
    Submit(String),
    /// Esc, or Backspace on an empty line: close without playing.
    Cancel,
}

/// The text typed so far, with what completion needs.
#[derive(Clone, Debug, Default)]
pub struct MoveLine {
    text: String,
    /// The legal moves as the screen writes them.
    choices: Vec<String>,
    /// The parser's message on the last Enter, shown until the text changes.
    error: Option<String>,
    /// The matches Tab walks through once their common start is typed, and the
    /// next one to take.
    cycle: Option<(Vec<String>, usize)>,
    /// The notation's name for the prompt (`WXF`), when the game has several.
    notation: Option<&'static str>,
}

impl MoveLine {
    /// A line holding `first` (the key that opened it, unless it was `:`), that
    /// completes among `choices`.
    pub fn open(first: Option<char>, choices: Vec<String>, notation: Option<&'static str>) -> Self {
        MoveLine {
            text: first.map(String::from).unwrap_or_default(),
            choices,
            notation,
            ..MoveLine::default()
        }
    }

    /// What has been typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The parser's message on the last Enter, if the text has not changed since.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Keeps the line open with the parser's message after a refused Enter.
    pub fn refuse(&mut self, message: String) {
        self.error = Some(message);
    }

    /// The legal moves that start with the text, case aside (`nf` finds `Nf3`).
    pub fn matches(&self) -> Vec<&str> {
        let typed = self.text.trim().to_lowercase();
        self.choices
            .iter()
            .filter(|choice| choice.to_lowercase().starts_with(&typed))
            .map(String::as_str)
            .collect()
    }

    /// Answers a key.
    pub fn key(&mut self, key: &KeyEvent) -> LineAction {
        match key.code {
            KeyCode::Esc => return LineAction::Cancel,
            KeyCode::Enter if self.text.trim().is_empty() => return LineAction::Cancel,
            KeyCode::Enter => return LineAction::Submit(self.text.trim().to_string()),
            KeyCode::Tab => {
                self.complete();
                return LineAction::Editing;
            }
            KeyCode::Backspace if self.text.is_empty() => return LineAction::Cancel,
            KeyCode::Backspace => {
                self.text.pop();
            }
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.text.clear();
            }
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.text.push(c);
            }
            _ => return LineAction::Editing,
        }
        self.error = None;
        self.cycle = None;
        LineAction::Editing
    }

    /// Tab: the longest start the matches share, or, once that is typed, each
    /// match in turn.
    fn complete(&mut self) {
        self.error = None;
        if let Some((matches, next)) = self.cycle.as_mut() {
            self.text = matches[*next % matches.len()].clone();
            *next += 1;
            return;
        }
        let matches: Vec<String> = self.matches().into_iter().map(String::from).collect();
        let Some(first) = matches.first() else {
            return;
        };
        let shared = matches.iter().skip(1).fold(first.chars().count(), |n, m| {
            first
                .chars()
                .zip(m.chars())
                .take(n)
                .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
                .count()
        });
        let start: String = first.chars().take(shared).collect();
        if matches.len() == 1 || start.chars().count() > self.text.trim().chars().count() {
            self.text = start;
        } else {
            self.text = first.clone();
            self.cycle = Some((matches, 1));
        }
    }
}

/// The move line drawn on one row: the prompt, the text with a cursor, then the
/// parser's message or the matching legal moves.
pub struct MoveLineView<'a> {
    /// The line to draw.
    pub line: &'a MoveLine,
    /// The arcade's styles.
    pub theme: &'a Theme,
}

impl Widget for MoveLineView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let MoveLineView { line, theme } = self;
        let prompt = match line.notation {
            Some(name) => format!(" move ({name}): "),
            None => " move: ".to_string(),
        };
        let mut spans = vec![
            Span::styled(prompt, theme.title),
            Span::styled(line.text.clone(), theme.text),
            Span::styled(" ", theme.selected),
        ];
        match &line.error {
            // The reason alone, so that it fits an 80-column line.
            Some(error) => spans.push(Span::styled(format!("  {error}"), theme.bad)),
            None => {
                let matches = line.matches();
                let listed = if matches.is_empty() {
                    "  no legal move starts so".to_string()
                } else {
                    format!("  Tab: {}", matches.join(" "))
                };
                spans.push(Span::styled(listed, theme.dim));
                spans.push(Span::styled("  · Enter plays, Esc cancels", theme.dim));
            }
        }
        Line::from(spans).render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(line: &mut MoveLine, code: KeyCode) -> LineAction {
        line.key(&KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn typed(line: &mut MoveLine, text: &str) {
        for c in text.chars() {
            press(line, KeyCode::Char(c));
        }
    }

    fn chess_choices() -> Vec<String> {
        ["Nf3", "Nh3", "Nc3", "e3", "e4", "exd5"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn typing_filters_the_matches_case_aside() {
        let mut line = MoveLine::open(Some('n'), chess_choices(), None);
        assert_eq!(line.matches(), ["Nf3", "Nh3", "Nc3"]);
        typed(&mut line, "F");
        assert_eq!(line.matches(), ["Nf3"]);
        press(&mut line, KeyCode::Backspace);
        press(&mut line, KeyCode::Backspace);
        assert_eq!(line.text(), "");
        assert_eq!(press(&mut line, KeyCode::Backspace), LineAction::Cancel);
    }

    #[test]
    fn tab_completes_the_shared_start_then_walks_the_matches() {
        let mut line = MoveLine::open(Some('e'), chess_choices(), None);
        press(&mut line, KeyCode::Tab);
        assert_eq!(line.text(), "e3");
        press(&mut line, KeyCode::Tab);
        assert_eq!(line.text(), "e4");
        press(&mut line, KeyCode::Tab);
        assert_eq!(line.text(), "exd5");
        let mut knight = MoveLine::open(Some('n'), chess_choices(), None);
        typed(&mut knight, "f");
        press(&mut knight, KeyCode::Tab);
        assert_eq!(knight.text(), "Nf3");
        let mut shared = MoveLine::open(None, ["h2e2", "h2d2"].map(String::from).to_vec(), None);
        press(&mut shared, KeyCode::Tab);
        assert_eq!(shared.text(), "h2");
    }

    #[test]
    fn enter_submits_the_text_and_a_refusal_shows_until_the_next_key() {
        let mut line = MoveLine::open(None, chess_choices(), None);
        typed(&mut line, " e9 ");
        assert_eq!(
            press(&mut line, KeyCode::Enter),
            LineAction::Submit("e9".into())
        );
        line.refuse("e9 is not a square".into());
        assert_eq!(line.error(), Some("e9 is not a square"));
        press(&mut line, KeyCode::Backspace);
        assert_eq!(line.error(), None);
        assert_eq!(press(&mut line, KeyCode::Esc), LineAction::Cancel);
        let mut empty = MoveLine::open(None, chess_choices(), None);
        assert_eq!(press(&mut empty, KeyCode::Enter), LineAction::Cancel);
    }
}
