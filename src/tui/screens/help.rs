//! The overlays: the `?` help listing every key of the screen in front, and the message that replaces
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
            ("s", "saved games: resume one, review a finished one"),
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
            ("Enter / click", "play the move under the cursor"),
            (": / a-z 0-9", "type a move (a letter or digit no key uses)"),
            ("Esc", "drop a half-chosen move, else back to the menu"),
            (
                "u  r",
                "undo / redo (against the computer: back to your move)",
            ),
            ("i", "hint: the engine's suggestion for you"),
            ("N", "new game"),
            ("x", "resign (asks first)"),
            ("space  n", "pause/resume the computer; one computer move"),
            ("m", "the computer moves now: its best move so far"),
            ("+  -", "faster / slower computer moves"),
            ("t", "explore the computer's search tree"),
            (
                "w",
                "write the game to a file: PGN, PDN or ply's plain record",
            ),
            (
                "y",
                "copy the position and moves (terminal clipboard and a file)",
            ),
            ("v", "review the game: evaluation graph, proven values"),
            ("q", "back to the menu"),
        ],
    ),
    (
        "Saved games",
        &[
            ("↑↓ / j k", "choose a game"),
            ("Enter", "resume a game in progress, review a finished one"),
            ("v  d", "review the game; delete its file"),
            ("Esc / q", "back to the menu"),
        ],
    ),
    (
        "Review",
        &[
            ("←→ / h l", "one move back / forward"),
            ("Home  End", "the start / the last move"),
            ("Esc / q / v", "back"),
        ],
    ),
    (
        "Search tree",
        &[
            ("↑↓ / j k", "choose a node; PgUp PgDn Home End jump"),
            ("→ / l", "open a node (open: go to its first move)"),
            ("← / h", "close a node (closed: go to its parent)"),
            ("Enter / click", "open or close the node"),
            ("p  P", "next node on the principal variation; open it all"),
            ("*", "open the selected node and everything below it"),
            ("m", "search the same position with plain minimax"),
            ("s", "replay the search step by step"),
            ("v  x", "position pane on/off; rows show moves or states"),
            ("e", "write the tree as DOT, JSON and SVG files"),
            ("?", "legend and glossary of the columns and marks"),
            ("d", "draw the tree as the course's figures (small trees)"),
            (
                "X  B",
                "exercise on this tree; breadth-first minimax replay",
            ),
            ("q / Esc / t", "back to the game"),
        ],
    ),
    (
        "Replay",
        &[
            ("n / space / →", "next step"),
            ("b / ←", "step back"),
            ("Home  End", "first / last step"),
            ("s / Esc", "end the replay"),
        ],
    ),
    (
        "Lesson",
        &[
            ("←→↑↓ / hjkl", "exercise: move over the nodes"),
            (
                "space / x",
                "exercise: cross the node's branch out (again: undo)",
            ),
            ("0-9 -  Enter", "exercise: type the root's value; grade"),
            ("r  n", "exercise: start again; next built-in tree"),
            (
                "n b Home End",
                "breadth-first: next, back, first, last step",
            ),
            ("a", "breadth-first: show the depth-first search's drawing"),
            ("q / Esc", "close the lesson"),
        ],
    ),
];

/// Which screen's keys the help lists (with the keys that work everywhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpTopic {
    /// The list of games.
    Menu,
    /// The setup form.
    Setup,
    /// A game, with the keys its board adds.
    Game(&'static [(&'static str, &'static str)]),
    /// The search tree explorer and its replay.
    Explorer,
    /// The saved games.
    Saved,
    /// The review of a game.
    Review,
    /// The exercise and the breadth-first replay.
    Lesson,
}

impl HelpTopic {
    /// The sections of [`KEYS`] this topic shows.
    fn sections(self) -> &'static [&'static str] {
        match self {
            HelpTopic::Menu => &["Everywhere", "Menu"],
            HelpTopic::Setup => &["Everywhere", "Setup"],
            HelpTopic::Game(_) => &["Everywhere", "Game"],
            HelpTopic::Explorer => &["Everywhere", "Search tree", "Replay"],
            HelpTopic::Saved => &["Everywhere", "Saved games"],
            HelpTopic::Review => &["Everywhere", "Review"],
            HelpTopic::Lesson => &["Everywhere", "Lesson"],
        }
    }
}

/// Draws the help for the screen in front over it.
pub fn render_help(frame: &mut Frame, theme: &Theme, topic: HelpTopic) {
    let mut lines = Vec::new();
    let shown = KEYS
        .iter()
        .filter(|(section, _)| topic.sections().contains(section));
    for (screen, keys) in shown {
        push_section(&mut lines, theme, screen, keys);
    }
    if let HelpTopic::Game(keys) = topic
        && !keys.is_empty()
    {
        push_section(&mut lines, theme, "This board", keys);
    }
    let height = lines.len() as u16 + 2;
    let area = centered(frame.area(), 76, height);
    frame.render_widget(Clear, area);
    let block = Block::bordered()
        .title(Span::styled(" Keys (any key closes) ", theme.title))
        .border_style(theme.border);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// A section of the help: its title, then one line per key.
fn push_section(
    lines: &mut Vec<Line<'static>>,
    theme: &Theme,
    title: &'static str,
    keys: &'static [(&'static str, &'static str)],
) {
    lines.push(Line::from(Span::styled(title, theme.title)));
    for (key, meaning) in keys {
        lines.push(Line::from(vec![
            Span::styled(format!("  {key:<16}"), theme.text),
            Span::styled(*meaning, theme.dim),
        ]));
    }
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
