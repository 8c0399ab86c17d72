//! The overlays: the `?` help listing every key, and the message that replaces
//! everything when the terminal is too small to draw the arcade properly.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::centered;
use crate::tui::theme::Theme;

/// The smallest terminal the arcade draws itself in.
pub const MIN_WIDTH: u16 = 80;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 24;

/// Every key of the arcade, by screen: (keys, what they do).
pub const KEYS: &[(&str, &[(&str, &str)])] = &[
    (
        "Everywhere",
        &[
            ("?", "show or hide this help"),
            ("Ctrl-C", "quit the arcade"),
        ],
    ),
    (
        "Menu",
        &[
            ("↑↓ / j k", "choose a game"),
            ("Enter", "set the game up"),
            ("q / Esc", "quit"),
        ],
    ),
    (
        "Setup",
        &[
            ("↑↓ / Tab", "choose a field"),
            ("←→ / h l", "change it; type to edit an option"),
            ("Enter", "start the game"),
            ("Esc", "back to the menu"),
        ],
    ),
    (
        "Game",
        &[
            ("←→↑↓ / hjkl", "move the cursor on the board"),
            (
                "Enter / click",
                "play (Grundy: choose a heap, then the split)",
            ),
            ("Esc", "drop a half-chosen move, else back to the menu"),
            (
                "u  r",
                "undo / redo (against the computer: back to your move)",
            ),
            ("i", "hint: the engine's suggestion for you"),
            ("N", "new game"),
            ("space  n", "pause/resume the computer; one computer move"),
            ("+  -", "faster / slower computer moves"),
            ("q", "back to the menu"),
        ],
    ),
];

/// Draws the help over whatever screen is showing.
pub fn render_help(frame: &mut Frame, theme: &Theme) {
    let mut lines = Vec::new();
    for (screen, keys) in KEYS {
        lines.push(Line::from(Span::styled(*screen, theme.title)));
        for (key, meaning) in *keys {
            lines.push(Line::from(vec![
                Span::styled(format!("  {key:<14}"), theme.text),
                Span::styled(*meaning, theme.dim),
            ]));
        }
    }
    let height = lines.len() as u16 + 2;
    let area = centered(frame.area(), 76, height);
    frame.render_widget(Clear, area);
    let block = Block::bordered()
        .title(Span::styled(" Keys (any key closes) ", theme.title))
        .border_style(theme.border);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// True when the terminal is smaller than the arcade needs.
pub fn too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

/// Asks for a bigger terminal instead of drawing a garbled screen.
pub fn render_too_small(frame: &mut Frame, theme: &Theme) {
    let area = frame.area();
    let text = vec![
        Line::from(Span::styled("Please enlarge the terminal", theme.title)),
        Line::from(format!(
            "ply needs at least {MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}.",
            area.width, area.height
        )),
        Line::from(Span::styled("q quits", theme.dim)),
    ];
    let height = (text.len() as u16).min(area.height);
    let centred = centered(area, area.width, height);
    frame.render_widget(
        Paragraph::new(text).centered().wrap(Wrap { trim: true }),
        centred,
    );
}
