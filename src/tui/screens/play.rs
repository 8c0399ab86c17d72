//! The game screen: the board, the move list, the live search panel and a status
//! line. All of it is generic over the game: only the board comes from the game's
//! widget, through the session.

use std::path::PathBuf;
use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::analysis::Analysis;
use super::explorer::Explorer;
use super::help::{GameKeys, HelpTopic};
use super::mcts_explorer::MctsExplorer;
use super::review::Review;
use super::{Action, centered, steer_of, wrap_words};
use crate::game::tag_pairs::turns;
use crate::game::{Outcome, Player};
use crate::play::record::{self, RecordFacts};
use crate::play::store::{
    LockRefused, SaveId, SaveLock, SavedClock, SavedGame, Store, result_words,
};
use crate::tui::clipboard;
use crate::tui::clock::format_clock;
use crate::tui::command_keys::{MoveStarts, command_key, command_of};
use crate::tui::jobs::{Job, Update};
use crate::tui::move_line::{LineAction, MoveLine, MoveLineView};
use crate::tui::panel::SearchPanel;
use crate::tui::recorded::RecordedSearch;
use crate::tui::session::{ONLY_HUMANS_RESIGN, Session, Tone};
use crate::tui::theme::Theme;
use crate::tui::{PlaySetup, Seat};

/// Trees up to this many nodes are built for the explorer on the UI thread, in
/// less than a frame; larger ones (0.4-0.7 s for 200,000 nodes, seconds on a loaded
/// machine) are built by a job, so keys, Esc included, keep working meanwhile.
pub const INLINE_BUILD_NODES: usize = 5_000;
/// The narrowest the search panel gets.
const PANEL_MIN_WIDTH: u16 = 46;
/// The lowest the board's box gets, so that it does not jump as a game goes on.
const BOARD_MIN_HEIGHT: u16 = 10;
/// The narrowest the left column (board and moves) gets.
const LEFT_MIN_WIDTH: u16 = 28;
/// The fewest rows the move list's box gets: one move between its borders.
const MOVES_MIN_HEIGHT: u16 = 3;
/// The height of the game-over box over the moves.
const RESULT_HEIGHT: u16 = 5;
/// The rows the move list's box keeps when the board grows beyond its smallest.
const MOVES_ROOM: u16 = 8;

/// What `t` says when the game was set up without recording search trees.
pub const TREE_RECORDING_OFF: &str = "search tree recording is off: switch on \"record search tree\" in the setup (or play without --no-tree)";

/// A game on screen: the session and where its board was last drawn.
pub struct Play {
    session: Box<dyn Session>,
    setup: PlaySetup,
    board_area: Rect,
    /// Where `w` writes records and `y` its fall-back file.
    export_dir: PathBuf,
    /// True when `y` also sends the text to the terminal's clipboard (OSC 52).
    terminal_clipboard: bool,
    keeping: Keeping,
    /// A leave waiting for the player's yes.
    confirm: Option<Leave>,
    /// The explorer's tree being built for `t`, off the UI thread.
    tree_build: Job<RecordedSearch>,
    /// The typed move being written, while the move line is open.
    move_line: Option<MoveLine>,
}

/// Where the game is kept in the store, and what was last written.
#[derive(Default)]
struct Keeping {
    /// The record's id once claimed (or when resumed from one).
    id: Option<SaveId>,
    /// This arcade's hold on the record, so that no other arcade writes over it.
    lock: Option<SaveLock>,
    /// Moves played and game over, as last written (or tried).
    written: Option<(usize, bool)>,
    /// The file and the number of moves of the last write that succeeded.
    kept: Option<(PathBuf, usize)>,
    /// Where and why the last write failed (`in DIR: ERROR`), in one line; `None`
    /// once a write succeeds.
    failure: Option<String>,
}

impl Keeping {
    /// What the player is told when the last write failed: why, and where the
    /// game was last kept, or that it never was.
    fn trouble(&self) -> Option<String> {
        let why = self.failure.as_ref()?;
        let last = match &self.kept {
            Some((path, moves)) => {
                format!(
                    "last kept after {} in {}",
                    moves_words(*moves),
                    path.display()
                )
            }
            None => "it was never kept".to_string(),
        };
        Some(format!("the game could not be saved {why}; {last}"))
    }
}

/// `1 move`, `3 moves`.
fn moves_words(count: usize) -> String {
    if count == 1 {
        "1 move".to_string()
    } else {
        format!("{count} moves")
    }
}

/// A step away from the game that asks first: leaving it when moves were played,
/// or giving it up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Leave {
    /// Back to the menu (Esc, q).
    Menu,
    /// A new game in place of this one (N).
    NewGame,
    /// The human resigns ([`RESIGN_KEY`]).
    Resign,
}

/// The key that opens the analysis board on the game so far.
pub const ANALYSIS_KEY: char = 'z';

/// The key that gives the game up, after a yes.
pub const RESIGN_KEY: char = 'x';

impl Play {
    /// The screen for a session built from `setup`.
    pub fn new(session: Box<dyn Session>, setup: PlaySetup) -> Play {
        Play {
            session,
            setup,
            board_area: Rect::default(),
            export_dir: PathBuf::from("."),
            terminal_clipboard: true,
            keeping: Keeping::default(),
            confirm: None,
            tree_build: Job::new("tree"),
            move_line: None,
        }
    }

    /// True while the explorer's tree is being built.
    pub fn building_tree(&self) -> bool {
        self.tree_build.is_running()
    }

    /// How many tree builds `t` has started on this screen.
    pub fn tree_builds(&self) -> usize {
        self.tree_build.started()
    }

    /// The explorer on its tree once the build is done; a failed build is reported.
    fn take_built_tree(&mut self) -> Action {
        for update in self.tree_build.poll() {
            match update {
                Update::Done(record) => return Action::Push(Box::new(Explorer::new(record))),
                Update::Progress(_) => {}
                Update::Failed => self
                    .session
                    .tell(Tone::Refused, "error: the search tree could not be built"),
            }
        }
        Action::Stay
    }

    /// The screen writing records and copies into `dir`, the terminal's clipboard
    /// left alone (for tests, which have no terminal).
    pub fn with_export_dir(mut self, dir: PathBuf) -> Play {
        self.export_dir = dir;
        self.terminal_clipboard = false;
        self
    }

    /// The same screen for a game resumed from the store's record `id`, at
    /// `path`, which this arcade holds by `lock`: it goes on being saved there.
    pub fn kept_as(mut self, id: SaveId, path: PathBuf, lock: SaveLock) -> Play {
        let played = self.session.played().len();
        self.keeping.id = Some(id);
        self.keeping.lock = Some(lock);
        self.keeping.written = Some((played, self.session.is_over()));
        self.keeping.kept = Some((path, played));
        self
    }

    /// The store's id of this game, once saved.
    pub fn kept_id(&self) -> Option<&SaveId> {
        self.keeping.id.as_ref()
    }

    /// When the last save failed: one line saying so, why, and where the game was
    /// last kept (or that it never was).
    pub fn save_trouble(&self) -> Option<String> {
        self.keeping.trouble()
    }

    /// True while the leave question is on screen.
    pub fn asking_to_leave(&self) -> bool {
        self.confirm.is_some()
    }

    /// Saves the game when a move was played or taken back since the last save
    /// (always with `force`); a game with no move yet is not saved. A failure is
    /// said once in the status line and kept for the leave question and the exit.
    pub fn keep_in(&mut self, store: &Store, force: bool) {
        let now = (self.session.played().len(), self.session.is_over());
        if !force && self.keeping.written == Some(now) {
            return;
        }
        if now.0 == 0 && self.keeping.id.is_none() {
            return;
        }
        self.keeping.written = Some(now);
        let saved = self
            .claim(store)
            .and_then(|id| store.save(&id, &self.record()).map(|()| id));
        match saved {
            Ok(id) => {
                self.keeping.kept = Some((store.path(&id), now.0));
                self.keeping.failure = None;
            }
            Err(e) => {
                let why = format!("in {}: {e}", store.dir().display());
                if self.keeping.failure.is_none() {
                    let text = format!("could not save the game {why}");
                    self.session.tell(Tone::Refused, &text);
                }
                self.keeping.failure = Some(why);
            }
        }
    }

    /// The record's id, claimed with a lock on the first save: a new id another
    /// arcade locked in the meantime is passed over.
    fn claim(&mut self, store: &Store) -> std::io::Result<SaveId> {
        if let Some(id) = &self.keeping.id {
            return Ok(id.clone());
        }
        for _ in 0..16 {
            let id = store.new_id(&self.setup.game);
            match store.lock(&id) {
                Ok(lock) => {
                    self.keeping.lock = Some(lock);
                    self.keeping.id = Some(id.clone());
                    return Ok(id);
                }
                Err(LockRefused::InUse(_)) => continue,
                Err(LockRefused::Failed(e)) => return Err(e),
            }
        }
        Err(std::io::Error::other("every new name is in use"))
    }

    /// The game as the store keeps it.
    pub fn record(&self) -> SavedGame {
        let session = self.session.as_ref();
        let mut record = SavedGame::new(&self.setup, session.move_texts());
        if session.is_over() {
            let sides = [Player::First, Player::Second].map(|p| session.side_name(p));
            record.result = Some(result_words(session.outcome(), sides));
        }
        if let (Some(clock), Some(clocks)) = (record.clock.as_mut(), session.clocks()) {
            *clock = SavedClock {
                left_ms: [Player::First, Player::Second].map(|p| clocks.left(p).as_millis() as u64),
                ..*clock
            };
        }
        record
    }

    /// The game in progress.
    pub fn session(&self) -> &dyn Session {
        self.session.as_ref()
    }

    /// The game in progress, to drive it.
    pub fn session_mut(&mut self) -> &mut dyn Session {
        self.session.as_mut()
    }

    /// The setup the game was started with.
    pub fn setup(&self) -> &PlaySetup {
        &self.setup
    }

    /// Lets the session catch up with the search thread.
    pub fn tick(&mut self, now: Instant) {
        self.session.tick(now);
    }

    /// [`Play::tick`], and the explorer once its tree is built: only in front,
    /// so a tree built behind another screen waits for the game to be back.
    fn tick_in_front(&mut self, now: Instant) -> Action {
        self.tick(now);
        self.take_built_tree()
    }

    /// The typed move being written, when the move line is open.
    pub fn move_line(&self) -> Option<&MoveLine> {
        self.move_line.as_ref()
    }

    /// Answers a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        if let Some(leave) = self.confirm.take() {
            return match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') if !with_control(key) => {
                    self.leave_now(leave)
                }
                _ => Action::Stay,
            };
        }
        if key.code == KeyCode::Esc && self.tree_build.cancel() {
            self.session.tell(Tone::Info, "tree building cancelled");
            return Action::Stay;
        }
        if self.move_line.is_some() {
            self.move_line_key(key);
            return Action::Stay;
        }
        if with_control(key) {
            // Ctrl-<letter> is never the letter (Ctrl-Z suspends before it gets here).
            return Action::Stay;
        }
        let starts = self.move_starts();
        let key = &match key.code {
            KeyCode::Char(typed) => match command_of(typed, starts) {
                None => {
                    self.open_move_line(Some(typed));
                    return Action::Stay;
                }
                Some(command) => KeyEvent::new(KeyCode::Char(command), key.modifiers),
            },
            _ => *key,
        };
        let session = self.session.as_mut();
        if let Some(steer) = steer_of(key) {
            if !session.steer(steer) && key.code == KeyCode::Esc {
                return self.leave(Leave::Menu);
            }
            return Action::Stay;
        }
        match key.code {
            KeyCode::Char('q') => return self.leave(Leave::Menu),
            KeyCode::Char('N') => return self.leave(Leave::NewGame),
            KeyCode::Char('v') => return self.review(),
            KeyCode::Char(ANALYSIS_KEY) => return self.analyse(),
            KeyCode::Char('u') => session.undo(),
            KeyCode::Char('r') => session.redo(),
            KeyCode::Char('i') => session.hint(),
            KeyCode::Char(' ') => session.toggle_pause(),
            KeyCode::Char('n') => session.step(),
            KeyCode::Char('m') => session.move_now(),
            KeyCode::Char('+') | KeyCode::Char('=') => session.change_speed(true),
            KeyCode::Char('-') => session.change_speed(false),
            KeyCode::Char('#') => session.cycle_lines(),
            KeyCode::Char('t') => return self.explore(),
            KeyCode::Char('w') => self.write_record(),
            KeyCode::Char('y') => self.copy_to_clipboard(),
            KeyCode::Char(':') => self.open_move_line(None),
            KeyCode::Char(RESIGN_KEY) if session.may_resign() => self.ask_to_resign(),
            // A letter or digit no key and no board uses starts a typed move.
            KeyCode::Char(c) if !session.board_letter(c) && c.is_ascii_alphanumeric() => {
                self.open_move_line(Some(c));
            }
            _ => {}
        }
        Action::Stay
    }

    /// The keys this game's typed moves can start with.
    fn move_starts(&self) -> MoveStarts {
        MoveStarts::of(|key| self.session.starts_move(key))
    }

    /// The key a command answers to in this game (see [`command_key`]).
    fn key_for(&self, own: char) -> String {
        command_key(own, self.move_starts()).map_or_else(|| "←".to_string(), String::from)
    }

    /// Leaves at once when nothing would be lost (no move played, or the game is
    /// over), else asks first.
    fn leave(&mut self, leave: Leave) -> Action {
        let session = self.session.as_ref();
        if session.played().is_empty() || session.is_over() {
            return self.leave_now(leave);
        }
        self.confirm = Some(leave);
        Action::Stay
    }

    /// Asks before the human gives the game up; says why not when it is over.
    fn ask_to_resign(&mut self) {
        if self.session.is_over() {
            let text = format!("the game is over: {} starts a new one", self.key_for('N'));
            self.session.tell(Tone::Refused, &text);
        } else if self.session.resigning_side().is_none() {
            self.session.tell(Tone::Refused, ONLY_HUMANS_RESIGN);
        } else {
            self.confirm = Some(Leave::Resign);
        }
    }

    fn leave_now(&mut self, leave: Leave) -> Action {
        match leave {
            Leave::Resign => {
                self.session.resign();
                Action::Stay
            }
            Leave::Menu => Action::Menu,
            Leave::NewGame => {
                self.session.restart();
                // The game left behind keeps its record; the new one gets its own.
                self.keeping = Keeping::default();
                Action::Stay
            }
        }
    }

    /// The review of the game so far.
    fn review(&mut self) -> Action {
        let result = self
            .session
            .is_over()
            .then(|| self.record().result)
            .flatten();
        match Review::open(&self.setup_at_start(), &self.session.move_texts(), result) {
            Ok(review) => Action::Push(Box::new(review)),
            Err(e) => {
                self.session.tell(Tone::Refused, &format!("no review: {e}"));
                Action::Stay
            }
        }
    }

    /// The analysis board on the game so far, at its last move.
    fn analyse(&mut self) -> Action {
        let setup = PlaySetup {
            moves: Some(self.session.move_texts().join(" ")),
            ..self.setup_at_start()
        };
        match Analysis::open(&setup, None) {
            Ok(analysis) => Action::Push(Box::new(analysis)),
            Err(e) => {
                self.session
                    .tell(Tone::Refused, &format!("no analysis: {e}"));
                Action::Stay
            }
        }
    }

    /// The setup without its moves and a loaded record's result: the moves and
    /// the result are the session's.
    fn setup_at_start(&self) -> PlaySetup {
        PlaySetup {
            moves: None,
            result: None,
            ..self.setup.clone()
        }
    }

    /// Opens the move line for a human to move, with `first` typed.
    fn open_move_line(&mut self, first: Option<char>) {
        let session = self.session.as_mut();
        if !session.human_to_move() {
            session.tell(Tone::Refused, "moves are typed when a human is to move");
            return;
        }
        let choices = session.move_choices();
        self.move_line = Some(MoveLine::open(first, choices, session.notation_name()));
    }

    /// A key for the open move line: on Enter the move is played, or the game's
    /// parser says why not and nothing changes.
    fn move_line_key(&mut self, key: &KeyEvent) {
        let Some(line) = self.move_line.as_mut() else {
            return;
        };
        match line.key(key) {
            LineAction::Editing => {}
            LineAction::Cancel => self.move_line = None,
            LineAction::Submit(text) => match self.session.play_text(&text) {
                Ok(()) => self.move_line = None,
                Err(error) => line.refuse(error.0),
            },
        }
    }

    /// The explorer on the last recorded search tree, or a word on why there is none.
    fn explore(&mut self) -> Action {
        if self.tree_build.is_running() {
            // Repeated presses join the build under way.
            return Action::Stay;
        }
        if let Some(record) = self.session.recorded_mcts() {
            let sides = [Player::First, Player::Second].map(|p| self.session.side_name(p));
            return Action::Push(Box::new(MctsExplorer::new(record, sides)));
        }
        match self.session.tree_builder() {
            Some((nodes, build)) if nodes <= INLINE_BUILD_NODES => {
                Action::Push(Box::new(Explorer::new(build())))
            }
            Some((_, build)) => {
                self.tree_build.start(move |_| build());
                Action::Stay
            }
            None if !self.setup.record_tree => {
                self.session.tell(Tone::Refused, TREE_RECORDING_OFF);
                Action::Stay
            }
            None => {
                self.session.tell(
                    Tone::Refused,
                    "no search tree yet: t shows one once the computer has searched (or i for a hint)",
                );
                Action::Stay
            }
        }
    }

    /// `w`: the game so far as a record file (PGN, PDN or plain), named on screen.
    fn write_record(&mut self) {
        let players = [Player::First, Player::Second].map(|p| self.player_name(p));
        let facts = RecordFacts {
            players,
            date: record::today(),
            options: self.setup.options.to_strings(),
            time_control: self.session.clocks().map(|clocks| clocks.control()),
            ..RecordFacts::default()
        };
        let (text, extension) = self.session.record(facts);
        let saved = record::save_in(&self.export_dir, &self.setup.game, extension, &text);
        match saved {
            Ok(path) => self
                .session
                .tell(Tone::Info, &format!("game written to {}", path.display())),
            Err(e) => self
                .session
                .tell(Tone::Refused, &format!("could not write the record: {e}")),
        }
    }

    /// `y`: the position and the moves to the terminal's clipboard and a file.
    fn copy_to_clipboard(&mut self) {
        let text = self
            .session
            .clipboard_text(&self.setup.options.to_strings());
        let mut stdout = std::io::stdout();
        let terminal = self
            .terminal_clipboard
            .then_some(&mut stdout as &mut dyn std::io::Write);
        match clipboard::copy(&text, &self.export_dir, terminal) {
            Ok(path) => {
                let how = if self.terminal_clipboard {
                    "copied to the clipboard (OSC 52); also in"
                } else {
                    "copied to"
                };
                self.session
                    .tell(Tone::Info, &format!("{how} {}", path.display()));
            }
            Err(e) => self
                .session
                .tell(Tone::Refused, &format!("could not copy: {e}")),
        }
    }

    /// A player's name for records: `human`, or `ply` with its engine settings.
    fn player_name(&self, player: Player) -> String {
        match self.session.seat(player) {
            Seat::Human => "human".to_string(),
            Seat::Computer(engine) => format!("ply {}", engine.describe()),
        }
    }

    /// A left click on the board plays there.
    pub fn handle_mouse(&mut self, mouse: &MouseEvent) -> Action {
        let at = Position::new(mouse.column, mouse.row);
        if mouse.kind == MouseEventKind::Down(MouseButton::Left) && self.board_area.contains(at) {
            self.session.click(self.board_area, at);
        }
        Action::Stay
    }

    /// Draws the whole screen.
    pub fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        let theme = &Theme {
            sides: self.session.side_styles(theme),
            ..*theme
        };
        let [title, body, status] = super::title_body_status(frame.area(), 10);
        frame.render_widget(self.title_line(theme, title.width), title);
        let clock_height = if self.session.clocks().is_some() {
            4
        } else {
            0
        };
        let (left_width, board_height) = self.board_box(body, clock_height);
        let [left, right] =
            Layout::horizontal([Constraint::Length(left_width), Constraint::Min(0)]).areas(body);
        let [board, clocks, moves] = Layout::vertical([
            Constraint::Length(board_height),
            Constraint::Length(clock_height),
            Constraint::Min(3),
        ])
        .areas(left);
        self.render_board(frame, theme, board);
        self.render_clocks(frame, theme, clocks);
        if self.session.is_over() && moves.height > RESULT_HEIGHT + MOVES_MIN_HEIGHT {
            // The result goes between the final board and the moves that led to it;
            // where that would leave the moves no row, the status line says it alone.
            let [result, rest] =
                Layout::vertical([Constraint::Length(RESULT_HEIGHT), Constraint::Min(0)])
                    .areas(moves);
            self.render_result(frame, theme, result);
            self.render_moves(frame, theme, rest);
        } else {
            self.render_moves(frame, theme, moves);
        }
        let panel = SearchPanel {
            view: self.session.search(),
            theme,
        };
        frame.render_widget(panel, right);
        match self.move_line.as_ref() {
            Some(line) => frame.render_widget(MoveLineView { line, theme }, status),
            None => frame.render_widget(self.status_line(theme), status),
        }
        if let Some(leave) = self.confirm {
            self.render_confirm(frame, theme, leave);
        }
    }

    /// The question before leaving a game with moves played.
    fn render_confirm(&self, frame: &mut Frame, theme: &Theme, leave: Leave) {
        if leave == Leave::Resign {
            return self.render_resign_question(frame, theme);
        }
        let played = self.session.played().len();
        let question = match leave {
            Leave::Menu => "Leave this game?",
            Leave::NewGame | Leave::Resign => "Start a new game?",
        };
        let kept = match (&self.keeping.failure, &self.keeping.kept) {
            (Some(why), Some((path, moves))) => vec![
                format!("It could not be saved {why}."),
                format!(
                    "It was last kept after {}, in {}.",
                    moves_words(*moves),
                    path.display()
                ),
            ],
            (Some(why), None) => vec![
                format!("It could not be saved {why}."),
                "It was never kept: its moves will be lost.".to_string(),
            ],
            (None, _) if self.keeping.id.is_some() => {
                vec!["It stays in saved games: s on the menu resumes it.".to_string()]
            }
            (None, _) => vec!["It is not saved: its moves will be lost.".to_string()],
        };
        let kept_style = if self.keeping.failure.is_some() {
            theme.bad
        } else {
            theme.dim
        };
        let mut text = vec![Line::from(Span::styled(
            format!("{} played.", moves_words(played)),
            theme.text,
        ))];
        let width = if self.keeping.failure.is_some() {
            76
        } else {
            56
        }
        .min(frame.area().width);
        let inner = usize::from(width.saturating_sub(2)).max(1);
        let wrapped = kept.iter().flat_map(|line| wrap_words(line, inner));
        text.extend(wrapped.map(|line| Line::from(Span::styled(line, kept_style))));
        text.push(Line::from(""));
        text.push(Line::from(Span::styled("y yes · n or Esc no", theme.title)).centered());
        let rows: usize = text.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
        let height = u16::try_from(rows + 2).unwrap_or(u16::MAX);
        let area = centered(frame.area(), width, height);
        let block = Block::bordered()
            .title(Span::styled(format!(" {question} "), theme.title))
            .border_style(theme.bad);
        frame.render_widget(Clear, area);
        let question = Paragraph::new(text).block(block).wrap(Wrap { trim: false });
        frame.render_widget(question, area);
    }

    /// The question before the human resigns: who gives up, and who wins then.
    fn render_resign_question(&self, frame: &mut Frame, theme: &Theme) {
        let session = self.session.as_ref();
        let loser = session.resigning_side().unwrap_or(session.to_move());
        let text = vec![
            Line::from(Span::styled(
                format!(
                    "{} resigns: {} wins.",
                    session.side_name(loser),
                    session.side_name(loser.other())
                ),
                theme.text,
            )),
            Line::from(""),
            Line::from(Span::styled("y yes · n or Esc no", theme.title)).centered(),
        ];
        let area = centered(frame.area(), 40, 5);
        let block = Block::bordered()
            .title(Span::styled(" Resign this game? ", theme.title))
            .border_style(theme.bad);
        frame.render_widget(Clear, area);
        frame.render_widget(Paragraph::new(text).block(block), area);
    }

    /// The width of the left column and the height of the board's box in `body`.
    /// The board gets up to half the width (the panel the rest) and its largest
    /// drawing that leaves the moves [`MOVES_ROOM`] rows; its smallest drawing may
    /// leave them fewer, so that it fits whole in an 80x24 terminal.
    fn board_box(&self, body: Rect, clock_height: u16) -> (u16, u16) {
        let widest = (body.width / 2)
            .max(LEFT_MIN_WIDTH)
            .min(body.width.saturating_sub(PANEL_MIN_WIDTH));
        let room = (
            widest.saturating_sub(2),
            body.height.saturating_sub(clock_height + MOVES_ROOM + 2),
        );
        let (width, height) = self.session.board_size_within(room);
        let tallest = body.height.saturating_sub(clock_height + MOVES_MIN_HEIGHT);
        (
            (width + 2).max(LEFT_MIN_WIDTH).min(widest),
            (height + 2).max(BOARD_MIN_HEIGHT).min(tallest),
        )
    }

    /// `X: computer (alpha-beta + TT)`, or just `X: computer` when `short`.
    fn seat_label(&self, player: Player, short: bool) -> String {
        let name = self.session.side_name(player);
        match self.session.seat(player) {
            Seat::Human => format!("{name}: human"),
            Seat::Computer(_) if short => format!("{name}: computer"),
            Seat::Computer(engine) => format!("{name}: computer ({})", engine.algorithm_label()),
        }
    }

    /// The game and who plays, the algorithms left out when they do not fit.
    fn title_line(&self, theme: &Theme, width: u16) -> Line<'static> {
        let name = format!(" {} ", self.session.info().name);
        let seats = |short| {
            format!(
                " {}  ·  {}",
                self.seat_label(Player::First, short),
                self.seat_label(Player::Second, short)
            )
        };
        let mut players = seats(false);
        if name.chars().count() + players.chars().count() > width as usize {
            players = seats(true);
        }
        Line::from(vec![
            Span::styled(name, theme.title),
            Span::styled(players, theme.dim),
        ])
    }

    fn render_board(&mut self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let block = Block::bordered()
            .title(Span::styled(" Board ", theme.title))
            .border_style(theme.border);
        self.board_area = block.inner(area);
        frame.render_widget(block, area);
        self.session
            .render_board(theme, self.board_area, frame.buffer_mut());
    }

    fn render_moves(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let session = self.session.as_ref();
        let redo = session.redo_count();
        let title = if redo > 0 {
            format!(" Moves ({redo} to redo) ")
        } else {
            " Moves ".to_string()
        };
        let block = Block::bordered()
            .title(Span::styled(title, theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        let played = session.played();
        let rows = turns(
            played.iter().map(|m| (m.by, m.text.as_str())),
            session.first_turn_number(),
        );
        let first_width = rows
            .iter()
            .map(|row| row.first.join(" ").chars().count())
            .max()
            .unwrap_or(0)
            .max(7);
        let skip = rows.len().saturating_sub(inner.height as usize);
        let lines: Vec<Line> = rows
            .iter()
            .skip(skip)
            .map(|row| {
                let first = match row.first.is_empty() {
                    true => "...".to_string(),
                    false => row.first.join(" "),
                };
                Line::from(vec![
                    Span::styled(format!("{:>3}. ", row.number), theme.dim),
                    Span::styled(format!("{first:<first_width$} "), theme.side(Player::First)),
                    Span::styled(row.second.join(" "), theme.side(Player::Second)),
                ])
            })
            .collect();
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }

    /// Each side's time left, the running clock marked, under the board.
    fn render_clocks(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let Some(clocks) = self.session.clocks() else {
            return;
        };
        let lines: Vec<Line> = [Player::First, Player::Second]
            .into_iter()
            .map(|player| {
                let marker = if clocks.running() == Some(player) {
                    " ◀"
                } else {
                    ""
                };
                let left = format_clock(clocks.left(player));
                let style = if clocks.flagged() == Some(player) {
                    theme.bad
                } else {
                    theme.side(player)
                };
                Line::from(vec![
                    Span::styled(format!("{:<8}", self.session.side_name(player)), style),
                    Span::styled(format!("{left:>7}{marker}"), style),
                ])
            })
            .collect();
        let title = format!(" Clocks {} ", clocks.control().label());
        let block = Block::bordered()
            .title(Span::styled(title, theme.title))
            .border_style(theme.border);
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }

    /// The result and why, in words: `White (human) wins by checkmate`, `draw by
    /// stalemate`, `X (computer) wins on time`, `South (human) wins 40-32 in seeds`.
    fn result_text(&self) -> String {
        let session = self.session.as_ref();
        let result = match session.outcome() {
            Some(Outcome::Win(player)) => format!("{} wins", self.who(player)),
            Some(Outcome::Draw) => "draw".to_string(),
            None => return "no moves left".to_string(),
        };
        match session.end_words() {
            Some(words) => format!("{result} {words}"),
            None => result,
        }
    }

    /// A side with who plays it: `O (computer)`.
    fn who(&self, player: Player) -> String {
        let kind = match self.session.seat(player) {
            Seat::Human => "human",
            Seat::Computer(_) => "computer",
        };
        format!("{} ({kind})", self.session.side_name(player))
    }

    fn status_line(&self, theme: &Theme) -> Line<'static> {
        let session = self.session.as_ref();
        let mover = session.to_move();
        let (state, style): (String, Style) = if session.is_over() {
            (format!("Game over: {}", self.result_text()), theme.good)
        } else if session.human_to_move() {
            (format!("{} to move", self.who(mover)), theme.side(mover))
        } else if session.thinking() && !session.paused() {
            (
                format!("{} is thinking…", self.who(mover)),
                theme.side(mover),
            )
        } else if session.paused() {
            (format!("{} to move, paused", self.who(mover)), theme.text)
        } else {
            (format!("{} to move", self.who(mover)), theme.side(mover))
        };
        let mut spans = vec![Span::styled(format!(" {state}"), style)];
        if self.keeping.failure.is_some() {
            spans.push(Span::styled("  ·  NOT SAVED", theme.bad));
        }
        if self.tree_build.is_running() {
            spans.push(Span::styled(
                "  ·  building the tree... (Esc cancels)",
                theme.text,
            ));
        }
        // The board's note is about the game in progress ("White passed"); once
        // a side has resigned or lost on time it would read as the reason.
        if !session.is_over()
            && let Some(note) = session.status_note()
        {
            spans.push(Span::styled(format!(" ({note})"), style));
        }
        if let Some(message) = session.message() {
            let style = match message.tone {
                Tone::Info => theme.text,
                Tone::Refused => theme.bad,
            };
            spans.push(Span::styled(format!("  ·  {}", message.text), style));
        }
        if session.seat(Player::First) != &Seat::Human
            && session.seat(Player::Second) != &Seat::Human
        {
            let speed = format!(
                "  ·  ≥{} per move (+/-)",
                crate::tui::seconds(session.move_delay())
            );
            spans.push(Span::styled(speed, theme.dim));
        }
        let keys = format!("  ·  t tree  v review  ? help  {} menu", self.key_for('q'));
        spans.push(Span::styled(keys, theme.dim));
        Line::from(spans)
    }

    /// The result in a box of its own.
    fn render_result(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let text = vec![
            Line::from(Span::styled(self.result_text(), theme.good)).centered(),
            Line::from(Span::styled(
                format!("{} new game · u undo", self.key_for('N')),
                theme.dim,
            ))
            .centered(),
        ];
        let block = Block::bordered()
            .title(Span::styled(" Game over ", theme.title))
            .border_style(theme.good);
        // Wrapped, so a long result is never cut off in the narrow column.
        let paragraph = Paragraph::new(text).block(block).wrap(Wrap { trim: true });
        frame.render_widget(paragraph, area);
    }
}

screen_forwarding!(Play, mouse, {
    fn tick(&mut self, now: Instant) -> Action {
        self.tick_in_front(now)
    }

    fn tick_behind(&mut self, now: Instant) {
        Play::tick(self, now);
    }

    fn help(&self) -> Option<HelpTopic> {
        Some(HelpTopic::Game(GameKeys {
            name: self.session.info().name,
            starts: self.move_starts(),
            board: self.session.board_keys(),
        }))
    }

    fn game(&self) -> Option<&Play> {
        Some(self)
    }

    fn game_mut(&mut self) -> Option<&mut Play> {
        Some(self)
    }
});

/// True for a character typed with Ctrl held: a control key, not the character.
fn with_control(key: &KeyEvent) -> bool {
    matches!(key.code, KeyCode::Char(_)) && key.modifiers.contains(KeyModifiers::CONTROL)
}
