//! The game screen: the board, the move list, the live search panel and a status
//! line. All of it is generic over the game: only the board comes from the game's
//! widget, through the session.

use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::mcts_explorer::MctsExplorer;
use super::{Action, steer_of};
use crate::game::{Outcome, Player};
use crate::tui::clock::format_clock;
use crate::tui::panel::SearchPanel;
use crate::tui::session::{Session, Tone};
use crate::tui::theme::Theme;
use crate::tui::{PlaySetup, Seat};

/// The narrowest the search panel gets.
const PANEL_MIN_WIDTH: u16 = 46;
/// The lowest the board's box gets, so that it does not jump as a game goes on.
const BOARD_MIN_HEIGHT: u16 = 10;
/// The narrowest the left column (board and moves) gets.
const LEFT_MIN_WIDTH: u16 = 28;

/// What `t` says when the game was set up without recording search trees.
pub const TREE_RECORDING_OFF: &str = "search tree recording is off: switch on \"record search tree\" in the setup (or play without --no-tree)";

/// A game on screen: the session and where its board was last drawn.
pub struct Play {
    session: Box<dyn Session>,
    setup: PlaySetup,
    board_area: Rect,
}

impl Play {
    /// The screen for a session built from `setup`.
    pub fn new(session: Box<dyn Session>, setup: PlaySetup) -> Play {
        Play {
            session,
            setup,
            board_area: Rect::default(),
        }
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

    /// Answers a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        let session = self.session.as_mut();
        if let Some(steer) = steer_of(key) {
            if !session.steer(steer) && key.code == KeyCode::Esc {
                return Action::Menu;
            }
            return Action::Stay;
        }
        match key.code {
            KeyCode::Char('q') => return Action::Menu,
            KeyCode::Char('u') => session.undo(),
            KeyCode::Char('r') => session.redo(),
            KeyCode::Char('i') => session.hint(),
            KeyCode::Char('N') => session.restart(),
            KeyCode::Char(' ') => session.toggle_pause(),
            KeyCode::Char('n') => session.step(),
            KeyCode::Char('m') => session.move_now(),
            KeyCode::Char('+') | KeyCode::Char('=') => session.change_speed(true),
            KeyCode::Char('-') => session.change_speed(false),
            KeyCode::Char('t') => return self.explore(),
            KeyCode::Char(c) => {
                session.board_letter(c);
            }
            _ => {}
        }
        Action::Stay
    }

    /// The explorer on the last recorded search tree, or a word on why there is none.
    fn explore(&mut self) -> Action {
        if let Some(record) = self.session.recorded_mcts() {
            let sides = [Player::First, Player::Second].map(|p| self.session.side_name(p));
            return Action::ExploreMcts(Box::new(MctsExplorer::new(record, sides)));
        }
        match self.session.recorded_search() {
            Some(record) => Action::Explore(Box::new(record)),
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
        let [title, body, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(10),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        frame.render_widget(self.title_line(theme, title.width), title);
        let (board_width, board_height) = self.session.board_size();
        // The board gets what it asks for up to half the width; the panel gets the rest.
        let left_width = (board_width + 2)
            .min(body.width / 2)
            .max(LEFT_MIN_WIDTH)
            .min(body.width.saturating_sub(PANEL_MIN_WIDTH));
        let [left, right] =
            Layout::horizontal([Constraint::Length(left_width), Constraint::Min(0)]).areas(body);
        let board_height = (board_height + 2)
            .max(BOARD_MIN_HEIGHT)
            .min(left.height.saturating_sub(5));
        let clock_height = if self.session.clocks().is_some() {
            4
        } else {
            0
        };
        let [board, clocks, moves] = Layout::vertical([
            Constraint::Length(board_height),
            Constraint::Length(clock_height),
            Constraint::Min(3),
        ])
        .areas(left);
        self.render_board(frame, theme, board);
        self.render_clocks(frame, theme, clocks);
        if self.session.is_over() {
            // The result goes between the final board and the moves that led to it.
            let [result, rest] =
                Layout::vertical([Constraint::Length(5), Constraint::Min(0)]).areas(moves);
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
        frame.render_widget(self.status_line(theme), status);
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
        let skip = played.len().saturating_sub(inner.height as usize);
        let lines: Vec<Line> = played
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(i, m)| {
                Line::from(vec![
                    Span::styled(format!("{:>3}. ", i + 1), theme.dim),
                    Span::styled(format!("{:<7}", session.side_name(m.by)), theme.side(m.by)),
                    Span::raw(m.text.clone()),
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

    /// The result in words: `X wins`, `X wins on time`, `draw`.
    fn result_text(&self) -> String {
        let session = self.session.as_ref();
        let on_time = session.clocks().is_some_and(|c| c.flagged().is_some());
        match session.outcome() {
            Some(Outcome::Win(player)) if on_time => format!("{} wins on time", self.who(player)),
            Some(Outcome::Win(player)) => format!("{} wins", self.who(player)),
            Some(Outcome::Draw) => "draw".to_string(),
            None => "no moves left".to_string(),
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
        if let Some(note) = session.status_note() {
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
        spans.push(Span::styled("  ·  t tree  ? help  q menu", theme.dim));
        Line::from(spans)
    }

    /// The result in a box of its own.
    fn render_result(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let text = vec![
            Line::from(Span::styled(self.result_text(), theme.good)).centered(),
            Line::from(Span::styled("N new game · u undo", theme.dim)).centered(),
            Line::from(Span::styled("q menu", theme.dim)).centered(),
        ];
        let block = Block::bordered()
            .title(Span::styled(" Game over ", theme.title))
            .border_style(theme.good);
        frame.render_widget(Paragraph::new(text).block(block), area);
    }
}
