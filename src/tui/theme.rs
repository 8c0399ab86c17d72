//! Colours and text styles of the arcade, in one place so that every screen reads
//! the same on dark and light terminals, and so that `NO_COLOR` turns colour off
//! everywhere at once.
//!
//! Only the terminal's own palette is used (no fixed white or black), and anything
//! that matters is also bold, reversed or underlined, so that it survives without
//! colour.

use ratatui::style::{Color, Modifier, Style};

use crate::game::Player;

/// The styles the screens and board widgets draw with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Ordinary text: the terminal's default colours.
    pub text: Style,
    /// Secondary text: hints, labels, empty squares.
    pub dim: Style,
    /// Titles and headings.
    pub title: Style,
    /// Borders of the focused panel.
    pub border: Style,
    /// The selected row or the board cursor.
    pub selected: Style,
    /// Pieces of the first and second player.
    pub sides: [Style; 2],
    /// The squares or heaps of the last move.
    pub last_move: Style,
    /// Squares where the human may move.
    pub legal: Style,
    /// The engine's suggested move.
    pub hint: Style,
    /// Winning lines and good news.
    pub good: Style,
    /// Refused moves and errors.
    pub bad: Style,
    /// Gauges and bars.
    pub gauge: Style,
}

impl Theme {
    /// The theme the environment asks for: plain when `NO_COLOR` is set to anything
    /// non-empty (<https://no-color.org>), coloured otherwise.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        if no_color {
            Theme::plain()
        } else {
            Theme::colored()
        }
    }

    /// Colours from the terminal's ANSI palette, which users tune to their background.
    pub fn colored() -> Theme {
        let plain = Theme::plain();
        Theme {
            title: plain.title.fg(Color::Cyan),
            border: Style::new().fg(Color::Cyan),
            sides: [
                plain.sides[0].fg(Color::Blue),
                plain.sides[1].fg(Color::Red),
            ],
            last_move: plain.last_move.fg(Color::Yellow),
            legal: Style::new().fg(Color::Green),
            hint: plain.hint.fg(Color::Magenta),
            good: plain.good.fg(Color::Green),
            bad: plain.bad.fg(Color::Red),
            gauge: Style::new().fg(Color::Cyan),
            ..plain
        }
    }

    /// No colour at all: emphasis by bold, underline, reverse and dim only.
    pub fn plain() -> Theme {
        Theme {
            text: Style::new(),
            dim: Style::new().add_modifier(Modifier::DIM),
            title: Style::new().add_modifier(Modifier::BOLD),
            border: Style::new(),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            sides: [Style::new().add_modifier(Modifier::BOLD); 2],
            last_move: Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            legal: Style::new(),
            hint: Style::new().add_modifier(Modifier::UNDERLINED),
            good: Style::new().add_modifier(Modifier::BOLD),
            bad: Style::new().add_modifier(Modifier::BOLD),
            gauge: Style::new(),
        }
    }

    /// The style of a player's pieces.
    pub fn side(&self, player: Player) -> Style {
        self.sides[player.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_theme_uses_no_colour() {
        let theme = Theme::plain();
        let styles = [
            theme.text,
            theme.dim,
            theme.title,
            theme.border,
            theme.selected,
            theme.sides[0],
            theme.sides[1],
            theme.last_move,
            theme.legal,
            theme.hint,
            theme.good,
            theme.bad,
            theme.gauge,
        ];
        for style in styles {
            assert_eq!(style.fg, None);
            assert_eq!(style.bg, None);
        }
        assert_ne!(Theme::colored(), theme);
    }
}
