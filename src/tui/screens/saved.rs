//! Saved games: the games in progress to resume, the finished ones to review,
//! and any file that could not be read, with its reason on one line. A game
//! another arcade has open is marked so and opens in the review only; `d` asks
//! before it deletes.

use std::time::{SystemTime, UNIX_EPOCH};

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, List, ListItem, ListState};

use super::Action;
use super::analysis::Analysis;
use super::help::HelpTopic;
use super::play::Play;
use super::review::Review;
use crate::play::store::{LockRefused, SaveId, SavedGame, SavedSeat, Store, StoredEntry};
use crate::tui::board::{arcade_games, side_names};
use crate::tui::session;
use crate::tui::theme::Theme;

/// The list of saved games.
pub struct SavedGames {
    store: Store,
    entries: Vec<StoredEntry>,
    list: ListState,
    message: Option<String>,
    /// The entry `d` asked about, waiting for the player's yes.
    deleting: Option<usize>,
}

impl SavedGames {
    /// The store's games: in progress first, then finished, then unreadable files.
    pub fn new(store: Store) -> SavedGames {
        let mut entries = store.list();
        entries.sort_by_key(|e| match &e.record {
            Ok(r) if !r.finished() => 0,
            Ok(_) => 1,
            Err(_) => 2,
        });
        let selected = (!entries.is_empty()).then_some(0);
        SavedGames {
            store,
            entries,
            list: ListState::default().with_selected(selected),
            message: None,
            deleting: None,
        }
    }

    /// The files listed, in the order shown.
    pub fn entries(&self) -> &[StoredEntry] {
        &self.entries
    }

    /// Answers a key: Enter resumes a game in progress or reviews a finished one,
    /// `v` reviews any, `d` deletes the file after a yes, Esc goes back to the menu.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        if let Some(index) = self.deleting.take() {
            match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') => self.delete(index),
                _ => self.message = Some("nothing deleted".to_string()),
            }
            return Action::Stay;
        }
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => self.list.select_previous(),
            KeyCode::Down | KeyCode::Char('j') => {
                let last = self.entries.len().saturating_sub(1);
                let next = self.list.selected().map_or(0, |i| (i + 1).min(last));
                self.list.select(Some(next));
            }
            KeyCode::Enter => return self.open(false),
            KeyCode::Char('v') => return self.open(true),
            KeyCode::Char('a') => return self.analyse(),
            KeyCode::Char('d') => self.ask_to_delete(),
            KeyCode::Esc | KeyCode::Char('q') => return Action::Menu,
            _ => {}
        }
        Action::Stay
    }

    fn selected(&self) -> Option<&StoredEntry> {
        self.entries.get(self.list.selected()?)
    }

    /// Resumes or reviews the selected game; a record that does not set up says
    /// why. A game in progress that another arcade has open opens in the review.
    fn open(&mut self, review: bool) -> Action {
        let Some(entry) = self.selected() else {
            return Action::Stay;
        };
        let record = match &entry.record {
            Ok(record) => record.clone(),
            Err(why) => {
                self.message = Some(format!("{}.json {why}", entry.id));
                return Action::Stay;
            }
        };
        let id = entry.id.clone();
        let opened = if review || record.finished() {
            review_of(&record).map(|r| Action::Push(Box::new(r)))
        } else {
            match resume(&self.store, &record, id) {
                Ok(Resumed::Playing(play)) => Ok(Action::Play(play)),
                Ok(Resumed::InUse(pid, review)) => {
                    self.message = Some(format!(
                        "{}: in use by another arcade (pid {pid}), opened for review only",
                        entry_name(&record)
                    ));
                    Ok(Action::Push(review))
                }
                Err(why) => Err(why),
            }
        };
        opened.unwrap_or_else(|why| {
            self.message = Some(format!("cannot open {}: {why}", entry_name(&record)));
            Action::Stay
        })
    }

    /// The analysis board on the selected game, at its last move.
    fn analyse(&mut self) -> Action {
        let Some(entry) = self.selected() else {
            return Action::Stay;
        };
        let opened = match &entry.record {
            Ok(record) => record
                .to_setup()
                .map_err(anyhow::Error::msg)
                .and_then(|setup| Analysis::open(&setup, None))
                .map_err(|why| format!("cannot analyse {}: {why}", entry_name(record))),
            Err(why) => Err(format!("{}.json {why}", entry.id)),
        };
        match opened {
            Ok(analysis) => Action::Push(Box::new(analysis)),
            Err(why) => {
                self.message = Some(why);
                Action::Stay
            }
        }
    }

    /// Asks before deleting the selected file.
    fn ask_to_delete(&mut self) {
        let Some(index) = self.list.selected().filter(|&i| i < self.entries.len()) else {
            return;
        };
        self.deleting = Some(index);
    }

    /// Deletes the file at `index` in the list (after the player's yes).
    fn delete(&mut self, index: usize) {
        let id = self.entries[index].id.clone();
        match self.store.remove(&id) {
            Ok(()) => {
                self.entries.remove(index);
                self.message = Some(format!("deleted {id}"));
                if index >= self.entries.len() {
                    self.list.select(self.entries.len().checked_sub(1));
                }
            }
            Err(e) => self.message = Some(format!("could not delete {id}: {e}")),
        }
    }

    /// Draws the list.
    pub fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        let [title, body, status] = super::title_body_status(frame.area(), 3);
        let heading = Line::from(vec![
            Span::styled(" Saved games ", theme.title),
            Span::styled(format!(" in {}", self.store.dir().display()), theme.dim),
        ]);
        frame.render_widget(heading, title);
        let items: Vec<ListItem> = if self.entries.is_empty() {
            vec![ListItem::new(Span::styled(
                "no saved games yet: games are kept here after every move",
                theme.dim,
            ))]
        } else {
            self.entries.iter().map(|e| item(e, theme)).collect()
        };
        let block = Block::bordered()
            .title(Span::styled(format!(" {} ", self.counts()), theme.title))
            .border_style(theme.border);
        let list = List::new(items)
            .block(block)
            .highlight_style(theme.selected);
        frame.render_stateful_widget(list, body, &mut self.list);
        let asking = self.deleting.and_then(|i| self.entries.get(i));
        let line = match (asking, &self.message) {
            (Some(entry), _) => Span::styled(
                format!(" Delete {}? y yes · any other key no", display_name(entry)),
                theme.bad,
            ),
            (None, Some(message)) => Span::styled(format!(" {message}"), theme.bad),
            (None, None) => Span::styled(
                " ↑↓ choose · Enter resume / review · v review · a analyse · d delete · Esc menu",
                theme.dim,
            ),
        };
        frame.render_widget(line, status);
    }

    /// `2 in progress · 1 finished · 1 unreadable`.
    fn counts(&self) -> String {
        summary(&self.entries)
    }
}

/// How many games are in progress, finished and unreadable, in words.
pub fn summary(entries: &[StoredEntry]) -> String {
    let count = |f: &dyn Fn(&StoredEntry) -> bool| entries.iter().filter(|e| f(e)).count();
    let going = count(&|e| e.record.as_ref().is_ok_and(|r| !r.finished()));
    let done = count(&|e| e.record.as_ref().is_ok_and(SavedGame::finished));
    let bad = count(&|e| e.record.is_err());
    let mut parts = vec![format!("{going} in progress"), format!("{done} finished")];
    if bad > 0 {
        parts.push(format!("{bad} unreadable"));
    }
    parts.join(" · ")
}

/// A game in progress opened from the store.
pub enum Resumed {
    /// Back on the game screen, this arcade holding its lock.
    Playing(Box<Play>),
    /// Another arcade, this process id, has it open: its review instead.
    InUse(u32, Box<Review>),
}

/// A saved game back on the game screen, at the move it was saved at, locked so
/// that no other arcade writes over it; one that another arcade has open comes
/// back as its review.
pub fn resume(store: &Store, record: &SavedGame, id: SaveId) -> anyhow::Result<Resumed> {
    let lock = match store.lock(&id) {
        Ok(lock) => lock,
        Err(LockRefused::InUse(pid)) => {
            return Ok(Resumed::InUse(pid, Box::new(review_of(record)?)));
        }
        Err(why) => anyhow::bail!("{why}"),
    };
    let setup = record.to_setup().map_err(anyhow::Error::msg)?;
    let mut session = session::open(&setup)?;
    if let Some(left) = record.clock_left() {
        session.resume_clocks(left);
    }
    let path = store.path(&id);
    Ok(Resumed::Playing(Box::new(
        Play::new(session, setup).kept_as(id, path, lock),
    )))
}

/// The review of a saved game.
pub fn review_of(record: &SavedGame) -> anyhow::Result<Review> {
    let setup = record.to_setup().map_err(anyhow::Error::msg)?;
    Review::open(&setup, &record.moves, record.result.clone())
}

/// `Tic-tac-toe` for a record's game.
fn entry_name(record: &SavedGame) -> String {
    arcade_games()
        .into_iter()
        .find(|g| g.id == record.game)
        .map_or_else(|| record.game.clone(), |g| g.name.to_string())
}

/// `Tic-tac-toe (tictactoe-1700000000-0)` for a readable record, the file name
/// for another.
fn display_name(entry: &StoredEntry) -> String {
    match &entry.record {
        Ok(record) => format!("{} ({})", entry_name(record), entry.id),
        Err(_) => format!("{}.json", entry.id),
    }
}

/// One line of the list.
fn item<'a>(entry: &StoredEntry, theme: &Theme) -> ListItem<'a> {
    let record = match &entry.record {
        Ok(record) => record,
        Err(why) => {
            return ListItem::new(Line::from(vec![
                Span::styled(format!("{:<12}", "unreadable"), theme.bad),
                Span::styled(format!("{}.json {why}", entry.id), theme.bad),
            ]));
        }
    };
    let sides = side_names(&record.game);
    let seat = |i: usize, seat: &SavedSeat| match seat {
        SavedSeat::Human => format!("{} human", sides[i]),
        SavedSeat::Computer(_) => format!("{} computer", sides[i]),
    };
    let (state, style) = match (&record.result, entry.held_by) {
        (Some(result), _) => (result.clone(), theme.good),
        (None, Some(_)) => ("in use".to_string(), theme.bad),
        (None, None) => ("in progress".to_string(), theme.text),
    };
    let held = entry.held_by.map_or(String::new(), |pid| {
        format!("in use by another arcade (pid {pid}) · ")
    });
    ListItem::new(Line::from(vec![
        Span::styled(format!("{:<12}", state), style),
        Span::styled(format!("{:<14}", entry_name(record)), theme.title),
        Span::styled(
            format!(
                "{held}{} · {} · {} moves · {}",
                seat(0, &record.first),
                seat(1, &record.second),
                record.moves.len(),
                age(record.saved_at)
            ),
            theme.dim,
        ),
    ]))
}

/// How long ago a record was saved: `just now`, `5 min ago`, `3 days ago`.
fn age(saved_at: u64) -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let minutes = now.saturating_sub(saved_at) / 60;
    match minutes {
        0 => "just now".to_string(),
        1..=59 => format!("{minutes} min ago"),
        60..=2879 => format!("{} h ago", minutes / 60),
        _ => format!("{} days ago", minutes / 1440),
    }
}

screen_forwarding!(SavedGames, HelpTopic::Saved, {});
