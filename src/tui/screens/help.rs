//! The overlays: the `?` help listing every key of the screen in front (and of
//! its game), scrolled when it is longer than the terminal, and the message that replaces
//! everything when the terminal is too small to draw the arcade properly.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use ratatui::crossterm::event::KeyCode;

use super::{centered, wrap_words};
use crate::game::{GameError, GameOptions};
use crate::tui::board::{BoardGame, BoardVisitor, arcade_games, visit_board};
use crate::tui::command_keys::{MoveStarts, command_key, keys_in_game};
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
            ("?", "show or hide this help (↑↓ PgUp PgDn Home End scroll)"),
            ("Ctrl-C", "quit the arcade"),
            (
                "Ctrl-Z",
                "suspend to the shell (fg resumes; the clock stands still)",
            ),
        ],
    ),
    (
        "Menu",
        &[
            ("↑↓ / j k", "choose a game"),
            ("Enter", "set the game up"),
            ("s", "saved games: resume one, review a finished one"),
            ("a", "analyse the game: from its start or a typed position"),
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
            ("←→↑↓ / h j k l", "move the cursor on the board"),
            ("Enter / click", "play the move under the cursor"),
            (":", "type a move (so does a letter or digit no key uses)"),
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
            ("#", "search panel: best 1, 2, 3 or 5 lines"),
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
            ("z", "analyse the position: endless search, best lines"),
            ("q", "back to the menu"),
        ],
    ),
    (
        "Saved games",
        &[
            ("↑↓ / j k", "choose a game"),
            ("Enter", "resume a game in progress, review a finished one"),
            ("v  d", "review the game; delete its file (asks first)"),
            ("a", "analyse the game from its last move"),
            ("Esc / q", "back to the menu"),
        ],
    ),
    (
        "Review",
        &[
            ("←→ / h l", "one move back / forward"),
            ("Home  End", "the start / the last move"),
            ("a", "analyse from the move shown"),
            ("Esc / q / v", "back"),
        ],
    ),
    (
        "Analysis",
        &[
            ("←→ / h l", "one move back / forward: the search follows"),
            ("Home  End", "the start / the last move"),
            ("+  -", "one best line more / fewer"),
            ("p", "play on from here against a level (←→ choose, Enter)"),
            ("t", "explore the search tree of the last iteration"),
            ("e", "type or paste a position in the game's notation"),
            (
                "b",
                "set the position up on the board (arrows, a piece's key, Space, Tab, Enter)",
            ),
            ("Esc / q", "back"),
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
                "f",
                "the shape of the search: nodes per ply beside another search",
            ),
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
                "p",
                "exercise on a written tree: grade under the other pruning rule (on equal values or strict)",
            ),
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
    /// A game: the keys its moves start with and the keys its board adds.
    Game(GameKeys),
    /// The search tree explorer and its replay.
    Explorer,
    /// The saved games.
    Saved,
    /// The review of a game.
    Review,
    /// The analysis board.
    Analysis,
    /// The exercise and the breadth-first replay.
    Lesson,
}

/// What the help of one game needs to know of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameKeys {
    /// The game's name, for the section of its board's keys.
    pub name: &'static str,
    /// The keys the game's typed moves can start with.
    pub starts: MoveStarts,
    /// The keys the board adds, as (keys, what they do), under their own keys.
    pub board: &'static [(&'static str, &'static str)],
}

impl GameKeys {
    /// The keys of the game `id` with its default options.
    pub fn of(id: &str) -> Result<GameKeys, GameError> {
        struct Keys;
        impl BoardVisitor for Keys {
            type Output = Result<GameKeys, GameError>;
            fn visit<G: BoardGame>(self) -> Self::Output {
                let game = G::start(&GameOptions::default())?;
                Ok(GameKeys {
                    name: G::info().name,
                    starts: MoveStarts::of(|key| game.starts_move(key)),
                    board: G::board_keys(),
                })
            }
        }
        visit_board(id, Keys)?
    }

    /// The commands whose keys give way to moves, as `N → !`, then the cursor
    /// keys left to the arrows alone (`h j k l → arrows only`).
    pub fn moved_commands(&self) -> Vec<String> {
        let game_keys = KEYS.iter().find(|(section, _)| *section == GAME_SECTION);
        let mut owns: Vec<char> = Vec::new();
        let rows = game_keys.map(|(_, rows)| *rows).unwrap_or(&[]);
        for (keys, _) in rows.iter().chain(self.board) {
            for token in keys.split_whitespace() {
                let mut chars = token.chars();
                if let (Some(own), None) = (chars.next(), chars.next())
                    && self.starts.contains(own)
                    && !owns.contains(&own)
                {
                    owns.push(own);
                }
            }
        }
        let (moved, dropped): (Vec<char>, Vec<char>) = owns
            .into_iter()
            .partition(|&own| command_key(own, self.starts).is_some());
        let mut words: Vec<String> = moved
            .into_iter()
            .filter_map(|own| Some(format!("{own} → {}", command_key(own, self.starts)?)))
            .collect();
        if !dropped.is_empty() {
            let keys: Vec<String> = dropped.iter().map(char::to_string).collect();
            words.push(format!("{} → arrows only", keys.join(" ")));
        }
        words
    }
}

/// The section of [`KEYS`] that lists the game screen's keys.
const GAME_SECTION: &str = "Game";

/// One titled part of a help page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpSection {
    /// Its title.
    pub title: String,
    /// (keys, what they do).
    pub rows: Vec<(String, String)>,
}

impl HelpTopic {
    /// The sections of [`KEYS`] this topic shows.
    fn sections(self) -> &'static [&'static str] {
        match self {
            HelpTopic::Menu => &["Everywhere", "Menu"],
            HelpTopic::Setup => &["Everywhere", "Setup"],
            HelpTopic::Game(_) => &["Everywhere", GAME_SECTION],
            HelpTopic::Explorer => &["Everywhere", "Search tree", "Replay"],
            HelpTopic::Saved => &["Everywhere", "Saved games"],
            HelpTopic::Review => &["Everywhere", "Review"],
            HelpTopic::Analysis => &["Everywhere", "Analysis"],
            HelpTopic::Lesson => &["Everywhere", "Lesson"],
        }
    }

    /// The help page of this topic: in a game, its keys as that game has them
    /// (commands moved off the keys its moves start with), then its board's.
    pub fn page(self) -> Vec<HelpSection> {
        let game = match self {
            HelpTopic::Game(game) => game,
            _ => GameKeys::default(),
        };
        let mut page: Vec<HelpSection> = KEYS
            .iter()
            .filter(|(section, _)| self.sections().contains(section))
            .map(|(title, rows)| section_in_game(title, rows, game.starts))
            .collect();
        if let Some(section) = page.iter_mut().find(|s| s.title == GAME_SECTION)
            && !game.starts.is_empty()
        {
            let meaning = format!(
                "a move starts with {}: Tab completes, Enter plays",
                game.starts.describe()
            );
            section.rows.insert(0, ("a move's keys".into(), meaning));
        }
        if !game.board.is_empty() {
            page.push(section_in_game(
                &format!("{} board", game.name),
                game.board,
                game.starts,
            ));
        }
        page
    }
}

/// A section with its keys as a game whose moves start with `starts` has them.
fn section_in_game(title: &str, rows: &[(&str, &str)], starts: MoveStarts) -> HelpSection {
    let rows = rows
        .iter()
        .filter_map(|(keys, meaning)| Some((keys_in_game(keys, starts)?, meaning.to_string())))
        .collect();
    HelpSection {
        title: title.to_string(),
        rows,
    }
}

/// The width of the help's key column.
const KEY_WIDTH: usize = 18;
/// The help box's widest.
const HELP_WIDTH: u16 = 78;

/// The help's lines at `width` columns inside its border: long meanings wrap
/// under their own column.
fn help_lines(topic: HelpTopic, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for section in topic.page() {
        if !lines.is_empty() {
            lines.push(Line::from(""));
        }
        lines.push(Line::from(Span::styled(section.title, theme.title)));
        for (keys, meaning) in section.rows {
            let wrapped = wrap_words(&meaning, width.saturating_sub(KEY_WIDTH + 2).max(10));
            for (i, part) in wrapped.into_iter().enumerate() {
                let key = if i == 0 { keys.as_str() } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!("  {key:<KEY_WIDTH$}"), theme.text),
                    Span::styled(part, theme.dim),
                ]));
            }
        }
    }
    lines
}

/// Where the help was scrolled to, and how far a page goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HelpScroll {
    /// The first line shown.
    pub top: u16,
    /// The lines shown at once, from the last drawing.
    pub page: u16,
}

impl HelpScroll {
    /// A scroll key moves the help; false for any other key.
    pub fn key(&mut self, code: KeyCode) -> bool {
        let page = self.page.max(1);
        self.top = match code {
            KeyCode::Up | KeyCode::Char('k') => self.top.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => self.top.saturating_add(1),
            KeyCode::PageUp => self.top.saturating_sub(page),
            KeyCode::PageDown | KeyCode::Char(' ') => self.top.saturating_add(page),
            KeyCode::Home => 0,
            KeyCode::End => u16::MAX,
            _ => return false,
        };
        true
    }
}

/// Draws the help for the screen in front over it, from `scroll.top` (kept
/// within the page); it fits the smallest terminal and scrolls when longer.
pub fn render_help(frame: &mut Frame, theme: &Theme, topic: HelpTopic, scroll: &mut HelpScroll) {
    let width = HELP_WIDTH.min(frame.area().width);
    let lines = help_lines(topic, theme, width.saturating_sub(2) as usize);
    let total = lines.len() as u16;
    let area = centered(frame.area(), width, total + 2);
    let shown = area.height.saturating_sub(2);
    scroll.page = shown;
    scroll.top = scroll.top.min(total.saturating_sub(shown));
    let last = (scroll.top + shown).min(total);
    let position = if total > shown {
        format!(
            " lines {}-{last} of {total} · ↑↓ PgUp PgDn Home End ",
            scroll.top + 1
        )
    } else {
        String::new()
    };
    frame.render_widget(Clear, area);
    let block = Block::bordered()
        .title(Span::styled(" Keys (Esc, q or ? closes) ", theme.title))
        .title_bottom(Span::styled(position, theme.dim))
        .border_style(theme.border);
    frame.render_widget(
        Paragraph::new(lines).block(block).scroll((scroll.top, 0)),
        area,
    );
}

/// Every screen's keys, then each game's typed moves and moved keys, as the
/// Markdown tables of the documentation (`ply keys --markdown`): the same data
/// the help shows.
pub fn keys_markdown() -> String {
    let mut text = String::from("| Screen | Keys | What they do |\n|---|---|---|\n");
    for (screen, rows) in KEYS {
        for (keys, meaning) in *rows {
            text.push_str(&format!("| {screen} | `{keys}` | {meaning} |\n"));
        }
    }
    text.push_str(
        "\n| Game | A typed move starts with | Commands moved off those keys | Board keys |\n|---|---|---|---|\n",
    );
    for info in arcade_games() {
        let Ok(game) = GameKeys::of(info.id) else {
            continue;
        };
        let moved = game.moved_commands().join(", ");
        let board: Vec<String> = game
            .board
            .iter()
            .filter_map(|(keys, meaning)| {
                Some(format!("`{}` {meaning}", keys_in_game(keys, game.starts)?))
            })
            .collect();
        text.push_str(&format!(
            "| {} | `{}` | {} | {} |\n",
            info.name,
            game.starts.describe(),
            if moved.is_empty() { "none" } else { &moved },
            board.join("; ")
        ));
    }
    text
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
