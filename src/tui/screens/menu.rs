//! The menu: every game with its one-line description, and the selected game's
//! rules on a side panel.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph, Wrap};

use super::analysis::Analysis;
use super::help::HelpTopic;
use super::saved::{SavedGames, summary};
use super::{Action, wrap_words};
use crate::game::GameInfo;
use crate::play::PlaySetup;
use crate::play::store::Store;
use crate::tui::board::arcade_games;
use crate::tui::screens::setup::Setup;
use crate::tui::theme::Theme;

/// The menu's state: the games and which one is selected.
pub struct Menu {
    games: Vec<GameInfo>,
    list: ListState,
    /// Where the list was last drawn, for mouse clicks.
    list_area: Rect,
    /// The height of each game's item as last drawn, for mouse clicks.
    item_heights: Vec<u16>,
    /// What the saved games hold, shown under the list (`2 in progress · ...`).
    saved: Option<String>,
    /// Where games are kept; none: nothing is saved in this run.
    store: Option<Store>,
}

impl Default for Menu {
    fn default() -> Self {
        Menu::new()
    }
}

impl Menu {
    /// The menu with the first game selected.
    pub fn new() -> Menu {
        Menu {
            games: arcade_games(),
            list: ListState::default().with_selected(Some(0)),
            list_area: Rect::default(),
            item_heights: Vec::new(),
            saved: None,
            store: None,
        }
    }

    /// The menu offering the games kept in `store`.
    pub fn keeping(mut self, store: Store) -> Menu {
        self.store = Some(store);
        self.refresh_saved();
        self
    }

    /// Reads afresh what the saved games hold, so the menu can offer to resume them.
    fn refresh_saved(&mut self) {
        let entries = self.store.as_ref().map(Store::list).unwrap_or_default();
        self.saved = (!entries.is_empty()).then(|| summary(&entries));
    }

    /// The saved games, read afresh; without a store, the menu says there are none.
    fn open_saved(&mut self) -> Action {
        match &self.store {
            Some(store) => Action::Push(Box::new(SavedGames::new(store.clone()))),
            None => {
                self.saved = Some("games are not saved in this run".into());
                Action::Stay
            }
        }
    }

    /// The selected game.
    pub fn selected(&self) -> Option<GameInfo> {
        self.list
            .selected()
            .and_then(|i| self.games.get(i))
            .copied()
    }

    /// Answers a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => self.list.select_previous(),
            KeyCode::Down | KeyCode::Char('j') => self.select_next(),
            KeyCode::Enter | KeyCode::Right | KeyCode::Char('l') => return self.open(),
            KeyCode::Char('s') => return self.open_saved(),
            KeyCode::Char('a') => return self.analyse(),
            KeyCode::Char('q') | KeyCode::Esc => return Action::Quit,
            _ => {}
        }
        Action::Stay
    }

    /// A click selects a game; a click on the selected game opens its setup.
    pub fn handle_mouse(&mut self, mouse: &MouseEvent) -> Action {
        match mouse.kind {
            MouseEventKind::ScrollUp => self.list.select_previous(),
            MouseEventKind::ScrollDown => self.select_next(),
            MouseEventKind::Down(MouseButton::Left) => {
                let at = Position::new(mouse.column, mouse.row);
                if !self.list_area.contains(at) {
                    return Action::Stay;
                }
                let Some(index) = self.item_at(at.y - self.list_area.y) else {
                    return Action::Stay;
                };
                if self.list.selected() == Some(index) {
                    return self.open();
                }
                self.list.select(Some(index));
            }
            _ => {}
        }
        Action::Stay
    }

    /// The game drawn `row` lines below the top of the list.
    fn item_at(&self, row: u16) -> Option<usize> {
        let mut top = 0;
        for (index, height) in self
            .item_heights
            .iter()
            .enumerate()
            .skip(self.list.offset())
        {
            if row < top + height {
                return Some(index);
            }
            top += height;
        }
        None
    }

    fn select_next(&mut self) {
        let last = self.games.len().saturating_sub(1);
        let next = self.list.selected().map_or(0, |i| (i + 1).min(last));
        self.list.select(Some(next));
    }

    fn open(&self) -> Action {
        self.selected().map_or(Action::Stay, |game| {
            Action::Push(Box::new(Setup::new(game)))
        })
    }

    /// The analysis board on the selected game's start position; a game that
    /// does not set up says why under the list.
    fn analyse(&mut self) -> Action {
        let Some(game) = self.selected() else {
            return Action::Stay;
        };
        match Analysis::open(&PlaySetup::new(game.id), None) {
            Ok(analysis) => Action::Push(Box::new(analysis)),
            Err(why) => {
                self.saved = Some(format!("no analysis of {}: {why}", game.name));
                Action::Stay
            }
        }
    }

    /// Draws the menu.
    pub fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        let saved_height = u16::from(self.saved.is_some());
        let [title, body, saved, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(saved_height),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        let heading = Line::from(vec![
            Span::styled(" ply ", theme.title),
            Span::styled(
                "classic two-player games against a search you can watch think",
                theme.dim,
            ),
        ]);
        frame.render_widget(heading, title);
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)])
                .areas(body);
        self.render_list(frame, theme, left);
        self.render_rules(frame, theme, right);
        let help = "↑↓ choose · Enter set up · s saved games · ? help · q quit";
        frame.render_widget(Span::styled(help, theme.dim), keys);
        if let Some(note) = &self.saved {
            let line = format!("saved games: {note} (s to resume or review)");
            frame.render_widget(Span::styled(line, theme.title), saved);
        }
    }

    fn render_list(&mut self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let block = Block::bordered()
            .title(Span::styled(" Games ", theme.title))
            .border_style(theme.border);
        self.list_area = block.inner(area);
        let width = (self.list_area.width as usize).saturating_sub(2).max(10);
        let items: Vec<ListItem> = self
            .games
            .iter()
            .map(|g| {
                let mut lines = vec![Line::from(Span::styled(g.name, theme.title))];
                lines.extend(
                    wrap_words(g.description, width)
                        .into_iter()
                        .map(|l| Line::from(Span::styled(format!("  {l}"), theme.dim))),
                );
                ListItem::new(Text::from(lines))
            })
            .collect();
        self.item_heights = items.iter().map(|i| i.height() as u16).collect();
        let list = List::new(items)
            .block(block)
            .highlight_style(theme.selected);
        frame.render_stateful_widget(list, area, &mut self.list);
    }

    fn render_rules(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let Some(game) = self.selected() else {
            return;
        };
        let block = Block::bordered()
            .title(Span::styled(format!(" Rules: {} ", game.name), theme.title))
            .border_style(theme.border);
        let rules = Paragraph::new(reflow(game.rules))
            .block(block)
            .wrap(Wrap { trim: false });
        frame.render_widget(rules, area);
    }
}

/// Joins the hard-wrapped lines of the rules texts into paragraphs, so that they
/// wrap to the panel's width; indented lines (formulas) keep their own line.
pub fn reflow(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut paragraph = String::new();
    let flush = |paragraph: &mut String, out: &mut Vec<String>| {
        if !paragraph.is_empty() {
            out.push(std::mem::take(paragraph));
        }
    };
    for line in text.trim().lines() {
        if line.trim().is_empty() {
            flush(&mut paragraph, &mut out);
            out.push(String::new());
        } else if line.starts_with(char::is_whitespace) {
            flush(&mut paragraph, &mut out);
            out.push(line.to_string());
        } else {
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            paragraph.push_str(line);
        }
    }
    flush(&mut paragraph, &mut out);
    out.join("\n")
}

screen_forwarding!(Menu, mouse, {
    fn help(&self) -> Option<HelpTopic> {
        Some(HelpTopic::Menu)
    }

    /// Back from a game or the saved games: they may have changed.
    fn on_top(&mut self) {
        self.refresh_saved();
    }
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reflow_joins_paragraphs_and_keeps_indented_lines() {
        let text = "one\ntwo\n\nthree:\n  f(x) = 1\nwhere four\n";
        assert_eq!(reflow(text), "one two\n\nthree:\n  f(x) = 1\nwhere four");
    }
}
