//! The setup of one game: who plays each side, how each computer player searches,
//! and the game's options (fields generated from `GameInfo::options`). The defaults
//! are a human moving first against the default engine, so Enter starts at once.

use std::time::Duration;

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::Action;
use super::help::HelpTopic;
use super::play::Play;
use crate::game::{GameInfo, GameOptions, Player, profile_of};
use crate::play::default_threads;
use crate::play::levels::{LEVELS, level_of, level_settings, rating_of_level};
use crate::play::mcts_spec::exploration_text;
use crate::search::{Additions, Algorithm, MAX_THREADS};
use crate::tui::board::{evaluator_names, side_names};
use crate::tui::clock::TimeControl;
use crate::tui::theme::Theme;
use crate::tui::{EngineSettings, PlaySetup, Seat, seconds, session};

/// What can be added to minimax or alpha-beta, one idea at a time first, as the
/// course adds them: ordering, then a table, then iterative deepening.
const ADDITIONS: [Additions; 8] = [
    Additions::NONE,
    Additions {
        ordering: true,
        ..Additions::NONE
    },
    Additions {
        ordering: true,
        table: true,
        ..Additions::NONE
    },
    Additions {
        ordering: true,
        table: true,
        iterative: true,
    },
    Additions {
        table: true,
        ..Additions::NONE
    },
    Additions {
        iterative: true,
        ..Additions::NONE
    },
    Additions {
        ordering: true,
        iterative: true,
        ..Additions::NONE
    },
    Additions {
        table: true,
        iterative: true,
        ..Additions::NONE
    },
];
/// Who is MAX in the explorer's values: the side to move, or a fixed player.
const MAX_CHOICES: [Option<Player>; 3] = [None, Some(Player::First), Some(Player::Second)];
/// Depth choices; `None` means as deep as time allows.
const DEPTHS: [Option<u32>; 13] = [
    None,
    Some(1),
    Some(2),
    Some(3),
    Some(4),
    Some(5),
    Some(6),
    Some(7),
    Some(8),
    Some(9),
    Some(10),
    Some(12),
    Some(15),
];
/// Time-per-move choices in milliseconds; `None` means no clock.
const TIMES_MS: [Option<u64>; 9] = [
    None,
    Some(100),
    Some(250),
    Some(500),
    Some(1000),
    Some(2000),
    Some(5000),
    Some(10_000),
    Some(30_000),
];
/// Clock choices in minutes per side; `None` means no clocks.
const CLOCK_MINUTES: [Option<u32>; 9] = [
    None,
    Some(1),
    Some(3),
    Some(5),
    Some(10),
    Some(15),
    Some(30),
    Some(60),
    Some(90),
];
/// Increment choices in seconds per move.
const INCREMENTS: [u32; 7] = [0, 1, 2, 3, 5, 10, 30];
/// Playouts-per-move choices for Monte Carlo search; `None` means no limit
/// (the time per move decides); the others are the Monte Carlo levels' budgets.
const PLAYOUTS: [Option<u64>; 11] = [
    None,
    Some(100),
    Some(200),
    Some(400),
    Some(800),
    Some(1_600),
    Some(3_200),
    Some(6_400),
    Some(12_800),
    Some(25_600),
    Some(51_200),
];
/// UCT exploration constants in hundredths: 1.41 (sqrt 2) is the textbook's,
/// 0.2 what Go with RAVE and priors plays best with.
const EXPLORATIONS: [u32; 9] = [0, 20, 50, 71, 100, 141, 200, 300, 500];

/// One row of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Seat(Player),
    Level(Player),
    Algorithm(Player),
    Additions(Player),
    PruneOnEqual(Player),
    Max(Player),
    Eval(Player),
    Depth(Player),
    Time(Player),
    Playouts(Player),
    Exploration(Player),
    Rave(Player),
    Seed(Player),
    Threads(Player),
    Clock,
    Increment,
    RecordTree,
    Option(usize),
    Start,
}

/// The setup form of one game.
pub struct Setup {
    game: GameInfo,
    sides: [&'static str; 2],
    evaluators: Vec<(&'static str, &'static str)>,
    computer: [bool; 2],
    engines: [EngineSettings; 2],
    /// Each computer's threads; `None`: the default for who plays
    /// ([`default_threads`]), which follows the seats as they change.
    threads: [Option<usize>; 2],
    options: Vec<String>,
    clock: Option<TimeControl>,
    record_tree: bool,
    focus: usize,
    error: Option<String>,
    /// Where the rows were last drawn, for mouse clicks.
    rows_area: Rect,
    /// Rows scrolled off the top, so that the focused row stays in sight when
    /// the form is taller than the terminal (two Monte Carlo engines at 80x24).
    scroll: usize,
}

impl Setup {
    /// The form with the defaults: human first, computer second.
    pub fn new(game: GameInfo) -> Setup {
        Setup {
            game,
            sides: side_names(game.id),
            evaluators: evaluator_names(game.id),
            computer: [false, true],
            engines: [
                EngineSettings::for_game(game.id),
                EngineSettings::for_game(game.id),
            ],
            threads: [None; 2],
            options: game.options.iter().map(|o| o.default.to_string()).collect(),
            clock: None,
            record_tree: true,
            focus: 0,
            error: None,
            rows_area: Rect::default(),
            scroll: 0,
        }
    }

    /// True when the focused row is a text field, which takes every character.
    pub fn editing_text(&self) -> bool {
        matches!(self.focused(), Field::Option(_))
    }

    /// The game being set up.
    pub fn game(&self) -> GameInfo {
        self.game
    }

    fn fields(&self) -> Vec<Field> {
        let mut fields = Vec::new();
        for player in [Player::First, Player::Second] {
            fields.push(Field::Seat(player));
            if self.computer[player.index()] {
                fields.push(Field::Level(player));
                fields.push(Field::Algorithm(player));
                if self.engines[player.index()].algorithm.takes_additions() {
                    fields.push(Field::Additions(player));
                }
                if self.engines[player.index()].algorithm == Algorithm::AlphaBeta {
                    fields.push(Field::PruneOnEqual(player));
                }
                fields.extend([Field::Max(player), Field::Eval(player)]);
                if self.engines[player.index()].algorithm == Algorithm::Mcts {
                    fields.extend([
                        Field::Playouts(player),
                        Field::Time(player),
                        Field::Exploration(player),
                        Field::Rave(player),
                        Field::Seed(player),
                    ]);
                } else {
                    fields.extend([Field::Depth(player), Field::Time(player)]);
                }
                if self.takes_threads(player) {
                    fields.push(Field::Threads(player));
                }
            }
        }
        fields.push(Field::Clock);
        if self.clock.is_some() {
            fields.push(Field::Increment);
        }
        fields.push(Field::RecordTree);
        fields.extend((0..self.options.len()).map(Field::Option));
        fields.push(Field::Start);
        fields
    }

    /// True when `player`'s algorithm can search on several threads (the engine,
    /// Monte Carlo search); minimax and alpha-beta, which the course shows, run on one.
    fn takes_threads(&self, player: Player) -> bool {
        matches!(
            self.engines[player.index()].algorithm,
            Algorithm::Engine | Algorithm::Mcts
        )
    }

    /// The threads `player`'s search gets: the row's choice, else the default
    /// for the seats as they stand.
    fn threads_of(&self, player: Player) -> usize {
        self.threads[player.index()].unwrap_or_else(|| self.default_threads())
    }

    /// The threads a computer gets unless the row says otherwise, for the seats
    /// as they stand.
    fn default_threads(&self) -> usize {
        default_threads(self.computer.iter().filter(|&&computer| !computer).count())
    }

    fn focused(&self) -> Field {
        let fields = self.fields();
        fields[self.focus.min(fields.len() - 1)]
    }

    /// The setup the form describes.
    pub fn play_setup(&self) -> Result<PlaySetup, String> {
        let pairs: Vec<String> = self
            .game
            .options
            .iter()
            .zip(&self.options)
            // A blank field whose default is blank (a written tree) means no value.
            .filter(|(info, value)| !(info.default.is_empty() && value.trim().is_empty()))
            .map(|(info, value)| format!("{}={}", info.key, value.trim()))
            .collect();
        let options = GameOptions::parse(&pairs).map_err(|e| e.0)?;
        let seat = |player: Player| {
            if self.computer[player.index()] {
                Seat::Computer(EngineSettings {
                    threads: self.threads_of(player),
                    ..self.engines[player.index()].clone()
                })
            } else {
                Seat::Human
            }
        };
        Ok(PlaySetup {
            options,
            first: seat(Player::First),
            second: seat(Player::Second),
            clock: self.clock,
            record_tree: self.record_tree,
            ..PlaySetup::new(self.game.id)
        })
    }

    /// Answers a key. Letters type into a focused option field; elsewhere they
    /// are shortcuts, as on the other screens.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        let field = self.focused();
        self.error = None;
        match key.code {
            KeyCode::Esc => return Action::Menu,
            KeyCode::Enter => return self.start(),
            KeyCode::Up | KeyCode::BackTab => self.move_focus(false),
            KeyCode::Down | KeyCode::Tab => self.move_focus(true),
            KeyCode::Left => self.change(field, false),
            KeyCode::Right => self.change(field, true),
            KeyCode::Backspace => {
                if let Field::Option(i) = field {
                    self.options[i].pop();
                }
            }
            KeyCode::Char(c) => match field {
                Field::Option(i) => self.options[i].push(c),
                _ => return self.shortcut(field, c),
            },
            _ => {}
        }
        Action::Stay
    }

    /// The vi keys and `q` on rows that take no typing.
    fn shortcut(&mut self, field: Field, c: char) -> Action {
        match c {
            'k' => self.move_focus(false),
            'j' => self.move_focus(true),
            'h' => self.change(field, false),
            'l' => self.change(field, true),
            'q' => return Action::Menu,
            _ => {}
        }
        Action::Stay
    }

    /// A click focuses a row; a click on the focused row changes it (or starts).
    pub fn handle_mouse(&mut self, mouse: &MouseEvent) -> Action {
        match mouse.kind {
            MouseEventKind::ScrollUp => self.move_focus(false),
            MouseEventKind::ScrollDown => self.move_focus(true),
            MouseEventKind::Down(MouseButton::Left) => {
                let at = Position::new(mouse.column, mouse.row);
                if !self.rows_area.contains(at) {
                    return Action::Stay;
                }
                let row = (at.y - self.rows_area.y) as usize + self.scroll;
                if row >= self.fields().len() {
                    return Action::Stay;
                }
                if row != self.focus {
                    self.focus = row;
                } else if self.focused() == Field::Start {
                    return self.start();
                } else {
                    self.change(self.focused(), true);
                }
            }
            _ => {}
        }
        Action::Stay
    }

    fn start(&mut self) -> Action {
        let setup = match self.play_setup() {
            Ok(setup) => setup,
            Err(error) => {
                self.error = Some(error);
                return Action::Stay;
            }
        };
        match session::open(&setup) {
            Ok(session) => Action::Play(Box::new(Play::new(session, setup))),
            Err(error) => {
                self.error = Some(error.to_string());
                Action::Stay
            }
        }
    }

    fn move_focus(&mut self, down: bool) {
        let count = self.fields().len();
        self.focus = crate::tui::board::step_index(self.focus.min(count - 1), down, count);
    }

    fn change(&mut self, field: Field, forward: bool) {
        match field {
            Field::Seat(p) => self.computer[p.index()] = !self.computer[p.index()],
            Field::Level(p) => self.change_level(p, forward),
            Field::Algorithm(p) => {
                let engine = &mut self.engines[p.index()];
                let index = cycle(&Algorithm::ALL, &engine.algorithm, forward);
                engine.algorithm = Algorithm::ALL[index];
                if engine.algorithm == Algorithm::Mcts {
                    // Monte Carlo search has no depth; its rows show playouts instead.
                    engine.depth = None;
                }
            }
            Field::Additions(p) => {
                let engine = &mut self.engines[p.index()];
                let index = cycle(&ADDITIONS, &engine.additions, forward);
                engine.additions = ADDITIONS[index];
            }
            Field::PruneOnEqual(p) => {
                let engine = &mut self.engines[p.index()];
                engine.prune_on_equal = !engine.prune_on_equal;
            }
            Field::Max(p) => {
                let engine = &mut self.engines[p.index()];
                let index = cycle(&MAX_CHOICES, &engine.max_player, forward);
                engine.max_player = MAX_CHOICES[index];
            }
            Field::Eval(p) => {
                let names: Vec<&str> = self.evaluators.iter().map(|(n, _)| *n).collect();
                let engine = &mut self.engines[p.index()];
                let index = cycle(&names, &engine.eval.as_str(), forward);
                engine.eval = names[index].to_string();
            }
            Field::Depth(p) => {
                let engine = &mut self.engines[p.index()];
                engine.depth = DEPTHS[cycle(&DEPTHS, &engine.depth, forward)];
            }
            Field::Time(p) => {
                let engine = &mut self.engines[p.index()];
                let current = engine.time.map(|t| t.as_millis() as u64);
                let index = cycle(&TIMES_MS, &current, forward);
                engine.time = TIMES_MS[index].map(Duration::from_millis);
            }
            Field::Playouts(p) => {
                let engine = &mut self.engines[p.index()];
                engine.nodes = PLAYOUTS[cycle(&PLAYOUTS, &engine.nodes, forward)];
            }
            Field::Exploration(p) => {
                let mcts = &mut self.engines[p.index()].mcts;
                let index = cycle(&EXPLORATIONS, &mcts.exploration_centi, forward);
                mcts.exploration_centi = EXPLORATIONS[index];
            }
            Field::Rave(p) => {
                let mcts = &mut self.engines[p.index()].mcts;
                mcts.rave = !mcts.rave;
            }
            Field::Seed(p) => {
                let mcts = &mut self.engines[p.index()].mcts;
                mcts.seed = if forward {
                    mcts.seed.wrapping_add(1)
                } else {
                    mcts.seed.wrapping_sub(1)
                };
            }
            Field::Threads(p) => {
                let cores = std::thread::available_parallelism().map_or(1, usize::from);
                let choices: Vec<Option<usize>> = std::iter::once(None)
                    .chain((1..=cores.min(MAX_THREADS)).map(Some))
                    .collect();
                let index = cycle(&choices, &self.threads[p.index()], forward);
                self.threads[p.index()] = choices[index];
            }
            Field::Clock => {
                let minutes = self.clock.map(|c| c.minutes);
                let increment_secs = self.clock.map_or(0, |c| c.increment_secs);
                self.clock =
                    CLOCK_MINUTES[cycle(&CLOCK_MINUTES, &minutes, forward)].map(|minutes| {
                        TimeControl {
                            minutes,
                            increment_secs,
                        }
                    });
            }
            Field::Increment => {
                if let Some(clock) = self.clock.as_mut() {
                    clock.increment_secs =
                        INCREMENTS[cycle(&INCREMENTS, &clock.increment_secs, forward)];
                }
            }
            Field::RecordTree => self.record_tree = !self.record_tree,
            Field::Option(i) => {
                let choices = self.game.options[i].choices;
                if !choices.is_empty() {
                    let index = cycle(choices, &self.options[i].trim(), forward);
                    self.options[i] = choices[index].to_string();
                } else if let Ok(n) = self.options[i].trim().parse::<u64>() {
                    let next = if forward {
                        n.saturating_add(1)
                    } else {
                        n.saturating_sub(1)
                    };
                    self.options[i] = next.to_string();
                }
            }
            Field::Start => {}
        }
    }

    /// Steps a computer player's level; from a hand-made (custom) engine, the
    /// arrows start at the weakest or the strongest level.
    fn change_level(&mut self, player: Player, forward: bool) {
        let engine = &mut self.engines[player.index()];
        let (first, last) = (*LEVELS.start(), *LEVELS.end());
        let level = match (level_of(self.game.id, engine), forward) {
            (None, true) => first,
            (None, false) => last,
            (Some(level), true) if level == last => first,
            (Some(level), true) => level + 1,
            (Some(level), false) if level == first => last,
            (Some(level), false) => level - 1,
        };
        if let Ok(settings) = level_settings(self.game.id, level) {
            *engine = EngineSettings {
                max_player: engine.max_player,
                ..settings
            };
        }
    }

    /// Draws the form and, beside it, what the focused row means.
    pub fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        let [title, body, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        let heading = format!(" {}: set up the game", self.game.name);
        frame.render_widget(Span::styled(heading, theme.title), title);
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)])
                .areas(body);
        let block = Block::bordered()
            .title(Span::styled(" Setup ", theme.title))
            .border_style(theme.border);
        self.rows_area = block.inner(left);
        let fields = self.fields();
        let focus = self.focus.min(fields.len() - 1);
        let mut lines: Vec<Line> = fields
            .iter()
            .enumerate()
            .map(|(i, &field)| self.row(field, i == focus, theme))
            .collect();
        if let Some(error) = &self.error {
            lines.push(Line::default());
            lines.push(Line::from(Span::styled(error.clone(), theme.bad)));
        }
        let visible = (self.rows_area.height as usize).max(1);
        self.scroll = self
            .scroll
            .min(focus)
            .max((focus + 1).saturating_sub(visible));
        let form = Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .scroll((self.scroll as u16, 0));
        frame.render_widget(form, left);
        let about = Paragraph::new(self.explain(fields[focus]))
            .style(theme.dim)
            .block(Block::bordered().title(Span::styled(" About ", theme.title)))
            .wrap(Wrap { trim: true });
        frame.render_widget(about, right);
        let help = "↑↓ field · ←→ change · type to edit options · Enter start · Esc back · ? help";
        frame.render_widget(Span::styled(help, theme.dim), keys);
    }

    fn row(&self, field: Field, focused: bool, theme: &Theme) -> Line<'static> {
        let (label, value) = self.describe(field);
        let marker = if focused { "▶ " } else { "  " };
        let value_style = if focused { theme.selected } else { theme.text };
        let value = match field {
            Field::Start | Field::Option(_) => value,
            _ => format!("‹ {value} ›"),
        };
        Line::from(vec![
            Span::styled(format!("{marker}{label:<20}"), theme.text),
            Span::styled(value, value_style),
        ])
    }

    /// The level row: `5 of 10`, or in a game whose levels are rated, the
    /// level with its Elo and margin (`5 · 1811 ± 121`) under the label
    /// `level · Elo`, short enough for an 80-column screen.
    fn describe_level(&self, engine: &EngineSettings) -> (String, String) {
        let rated = profile_of(self.game.id).is_ok_and(|p| p.level_ratings.is_some());
        let value = match level_of(self.game.id, engine) {
            None => "custom".into(),
            Some(level) if !rated => format!("{level} of {}", LEVELS.end()),
            Some(level) => match rating_of_level(self.game.id, level) {
                Some(rating) => format!("{level} · {rating}"),
                None => format!("{level} · not rated"),
            },
        };
        let label = if rated { "  level · Elo" } else { "  level" };
        (label.into(), value)
    }

    fn describe(&self, field: Field) -> (String, String) {
        let engine = |p: Player| &self.engines[p.index()];
        match field {
            Field::Seat(p) => {
                let who = if self.computer[p.index()] {
                    "computer"
                } else {
                    "human"
                };
                (format!("{} plays", self.sides[p.index()]), who.to_string())
            }
            Field::Level(p) => self.describe_level(engine(p)),
            Field::Algorithm(p) => ("  algorithm".into(), engine(p).algorithm.label().into()),
            Field::Additions(p) => (
                "  adds".into(),
                match engine(p).additions.describe() {
                    words if words.is_empty() => "nothing".into(),
                    words => words,
                },
            ),
            Field::PruneOnEqual(p) => (
                "  prune on equal".into(),
                match engine(p).prune_on_equal {
                    true => "yes".into(),
                    false => "no, strict".into(),
                },
            ),
            Field::Max(p) => (
                "  MAX in the tree".into(),
                match engine(p).max_player {
                    None => "side to move".into(),
                    Some(player) => self.sides[player.index()].into(),
                },
            ),
            Field::Eval(p) => ("  evaluation".into(), engine(p).eval.clone()),
            Field::Depth(p) => ("  depth".into(), depth_text(engine(p))),
            Field::Time(p) => (
                "  time per move".into(),
                engine(p).time.map_or("no limit".into(), seconds),
            ),
            Field::Playouts(p) => (
                "  playouts per move".into(),
                engine(p).nodes.map_or("no limit".into(), |n| n.to_string()),
            ),
            Field::Exploration(p) => (
                "  exploration c".into(),
                exploration_text(engine(p).mcts.exploration_centi),
            ),
            Field::Rave(p) => (
                "  RAVE".into(),
                if engine(p).mcts.rave { "on" } else { "off" }.into(),
            ),
            Field::Seed(p) => ("  playout seed".into(), engine(p).mcts.seed.to_string()),
            Field::Threads(p) => (
                "  threads".into(),
                match (self.threads[p.index()], self.threads_of(p)) {
                    // What the panel will show: a recorded search runs on one.
                    (_, n) if n > 1 && self.record_tree => format!("{n} (1 with tree)"),
                    (None, n) => format!("{n} (default)"),
                    (Some(n), _) => n.to_string(),
                },
            ),
            Field::Clock => (
                "clock per side".into(),
                self.clock
                    .map_or("none".into(), |c| format!("{} min", c.minutes)),
            ),
            Field::Increment => (
                "  increment".into(),
                format!("{} s per move", self.clock.map_or(0, |c| c.increment_secs)),
            ),
            Field::RecordTree => (
                "record search tree".into(),
                if self.record_tree { "on" } else { "off" }.into(),
            ),
            Field::Option(i) => (
                self.game.options[i].key.to_string(),
                format!("{}▏", self.options[i]),
            ),
            Field::Start => ("".into(), "[ Start the game ]".into()),
        }
    }

    /// The level row's help, with where the game's level ratings come from.
    fn explain_level(&self, engine: &EngineSettings) -> String {
        let search =
            |level| level_settings(self.game.id, level).map_or(String::new(), |s| level_search(&s));
        let mut text = format!(
            "How hard the computer plays, from 1 ({}) to 10 ({}). A level sets the rows below; change any of them and the level reads custom. `ply list` shows every level's search.",
            search(*LEVELS.start()),
            search(*LEVELS.end())
        );
        let Some(rated) = profile_of(self.game.id).ok().and_then(|p| p.level_ratings) else {
            return text;
        };
        text += &format!(
            " The Elo is measured against {} (95% margin; `ply list` gives every level's)",
            rated.against
        );
        match level_of(self.game.id, engine).and_then(|l| rating_of_level(self.game.id, l)) {
            Some(rating) => text += &format!(": this level over {} games.", rating.games()),
            None => text += ".",
        }
        text
    }

    fn explain(&self, field: Field) -> String {
        match field {
            Field::Seat(p) => format!(
                "Who plays {}: a human at this keyboard, or the computer. With the computer on both sides you watch it play itself (space pauses, n steps, + and - change the speed).",
                self.sides[p.index()]
            ),
            Field::Level(p) => self.explain_level(&self.engines[p.index()]),
            Field::Algorithm(_) => "minimax searches every move to the same depth; alpha-beta (the course's AlphaBeta) stops a node as soon as its value reaches the window and finds the same value with far fewer nodes; engine is alpha-beta with ordering, a table, iterative deepening and the game's extras (quiescence, null move, reductions where the game has them); MCTS grows a tree by random playouts (UCT) and plays the most visited move, with its playouts, exploration constant, RAVE and seed in the rows below.".into(),
            Field::Additions(_) => "The ideas the course adds to minimax and alpha-beta one at a time: +ordering tries the likely best moves first (more cuts), +tt a transposition table (positions reached by other move orders are searched once), +id iterative deepening (depth 1, 2, 3... so a clock always has a move).".into(),
            Field::PruneOnEqual(_) => "Alpha-beta's pruning rule. yes (the course's and AIMA's): a node stops as soon as a child's value reaches the bound (>= beta, <= alpha). no, strict (as CS188's autograder grades): only when a value passes it (> beta, < alpha); it examines every tie, so never fewer nodes, and finds the same value. The explorer's summary names the rule that ran.".into(),
            Field::Max(_) => "Whose view the explorer's values and windows are in: by default the side to move at the root (MAX); a fixed player reproduces the course's trees where MIN moves first.".into(),
            Field::Eval(p) => {
                let name = &self.engines[p.index()].eval;
                let description = self
                    .evaluators
                    .iter()
                    .find(|(n, _)| n == name)
                    .map_or("", |(_, d)| *d);
                format!("How the computer values a position where it stops searching. {name}: {description}.")
            }
            Field::Depth(_) => "How many moves ahead the computer looks. No limit: it deepens one move at a time until the time per move runs out or the game is solved.".into(),
            Field::Time(_) => "The computer's clock per move. With no depth and no time limit it searches to the end of the game, which only small games allow.".into(),
            Field::Playouts(_) => "How many random games (playouts) Monte Carlo search plays per move; each one also visits the root once. A playout limit gives the same game on every machine; with none, the time per move decides.".into(),
            Field::Exploration(_) => "UCT's exploration constant c: a move's value is its win rate plus c times sqrt(ln N / n). Higher tries neglected moves more often; lower trusts the best-looking move sooner. 1.41 (sqrt 2) is the textbook's; Go with RAVE plays best near 0.2.".into(),
            Field::Rave(_) => "RAVE (all moves as first): a move also learns from every playout in which its player played it later on. It helps a young tree in Go; in games where the order of moves matters it can mislead.".into(),
            Field::Seed(_) => "The seed of the random playouts: the same seed, position and playout limit replay the same search. Change it to see how much one search varies.".into(),
            Field::Threads(_) => format!(
                "How many threads the computer searches on at once (lazy SMP: they share one table). The default, {}, is this machine's cores, less one while a person plays so that the arcade answers at once; two computers get every core each, since only the side to move thinks. A search that records its tree (record search tree on) runs on one thread, so that the explorer shows one exact search.",
                self.default_threads()
            ),
            Field::Clock => "Each side's time for the whole game, as on a chess clock: whoever runs out first loses on time. The computer then spends a share of what it has left on each move, in place of its time per move.".into(),
            Field::Increment => "Seconds added to a side's clock after each of its moves.".into(),
            Field::RecordTree => "On: every search of the computer (and every hint) records its tree, which t opens in the explorer. Recording costs time, so off lets a timed search look at more positions: a stronger opponent, but no tree to explore.".into(),
            Field::Option(i) => {
                let option = self.game.options[i];
                let arrows = if option.choices.is_empty() {
                    "←→ step numbers"
                } else {
                    "←→ step through the choices"
                };
                format!("{}: {} (default {}). Type a new value; {arrows}.", option.key, option.description, option.default)
            }
            Field::Start => "Enter starts the game with these settings, from any row.".into(),
        }
    }
}

/// A level's search in a few words: its limits as the engine's own label gives
/// them, and the evaluation where it has one (`3 s per move, strong evaluation`).
fn level_search(settings: &EngineSettings) -> String {
    match settings.algorithm {
        Algorithm::Mcts => settings.limits_label(),
        _ => format!("{}, {} evaluation", settings.limits_label(), settings.eval),
    }
}

/// The index after (or before) `current` in `choices`, wrapping around; the first
/// choice when `current` is not among them.
fn cycle<T: PartialEq>(choices: &[T], current: &T, forward: bool) -> usize {
    let len = choices.len();
    match choices.iter().position(|c| c == current) {
        Some(i) if forward => (i + 1) % len,
        Some(i) => (i + len - 1) % len,
        None => 0,
    }
}

screen_forwarding!(Setup, mouse, {
    /// Option fields being typed take `?` as text.
    fn help(&self) -> Option<HelpTopic> {
        (!self.editing_text()).then_some(HelpTopic::Setup)
    }
});

/// The depth row: the depth, or the node budget that ends a search of any depth
/// (levels 6 to 8), short enough for the row's half of an 80-column screen.
fn depth_text(engine: &EngineSettings) -> String {
    match (engine.depth, engine.nodes) {
        (Some(depth), _) => depth.to_string(),
        (None, Some(nodes)) => format!("{nodes} nodes"),
        (None, None) => "no limit".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::find_game;

    fn press(setup: &mut Setup, code: KeyCode) -> Action {
        setup.handle_key(&KeyEvent::from(code))
    }

    #[test]
    fn defaults_put_a_human_first_against_the_computer() {
        let mut setup = Setup::new(find_game("tictactoe").unwrap());
        let Action::Play(play) = press(&mut setup, KeyCode::Enter) else {
            panic!("Enter should start the game");
        };
        assert_eq!(play.setup().first, Seat::Human);
        // On every core but one, as a person plays.
        let engine = EngineSettings {
            threads: default_threads(1),
            ..EngineSettings::default()
        };
        assert_eq!(play.setup().second, Seat::Computer(engine));
    }

    #[test]
    fn mcts_rows_set_playouts_exploration_rave_and_seed() {
        let mut setup = Setup::new(find_game("connect4").unwrap());
        while setup.focused() != Field::Algorithm(Player::Second) {
            press(&mut setup, KeyCode::Down);
        }
        press(&mut setup, KeyCode::Right); // engine -> MCTS
        let fields = setup.fields();
        assert!(!fields.contains(&Field::Depth(Player::Second)));
        for (field, presses) in [
            (Field::Playouts(Player::Second), 3),    // no limit -> 400
            (Field::Exploration(Player::Second), 2), // 1.41 -> 3.00
            (Field::Rave(Player::Second), 1),
            (Field::Seed(Player::Second), 1),
        ] {
            while setup.focused() != field {
                press(&mut setup, KeyCode::Down);
            }
            for _ in 0..presses {
                press(&mut setup, KeyCode::Right);
            }
        }
        assert_eq!(setup.describe(Field::Playouts(Player::Second)).1, "400");
        assert_eq!(setup.describe(Field::Exploration(Player::Second)).1, "3.00");
        assert_eq!(setup.describe(Field::Rave(Player::Second)).1, "on");
        let Action::Play(play) = press(&mut setup, KeyCode::Enter) else {
            panic!("Enter should start the game");
        };
        let engine = play.setup().second.engine().unwrap().clone();
        assert_eq!(engine.algorithm, Algorithm::Mcts);
        assert_eq!(engine.nodes, Some(400));
        let mcts = engine.config().mcts;
        assert_eq!((mcts.exploration_centi, mcts.rave), (300, true));
        assert_eq!(mcts.seed, crate::search::MctsConfig::default().seed + 1);
    }

    #[test]
    fn the_level_row_sets_the_engine_and_reads_custom_after_a_change_by_hand() {
        let mut setup = Setup::new(find_game("chess").unwrap());
        while setup.focused() != Field::Level(Player::Second) {
            press(&mut setup, KeyCode::Down);
        }
        // The default engine (1 s a move, the played evaluation) is level 9.
        assert_eq!(
            setup.describe(Field::Level(Player::Second)).1,
            "9 · 2890 ± 122"
        );
        for _ in 0..8 {
            press(&mut setup, KeyCode::Left);
        }
        // Chess's levels were rated against Stockfish: the row gives the rating.
        assert_eq!(
            setup.describe(Field::Level(Player::Second)),
            ("  level · Elo".into(), "1 · 838 ± 247".into())
        );
        let help = setup.explain(Field::Level(Player::Second));
        assert!(help.contains("Stockfish"), "{help}");
        let ends = "from 1 (depth 1, seed evaluation) to 10 (3 s per move, neural evaluation)";
        assert!(help.contains(ends), "{help}");
        let go = Setup::new(find_game("go").unwrap());
        let help = go.explain(Field::Level(Player::Second));
        assert!(
            help.contains("from 1 (100 playouts per move) to 10 (51200 playouts per move)"),
            "{help}"
        );
        assert_eq!(setup.engines[1], level_settings("chess", 1).unwrap());
        press(&mut setup, KeyCode::Right);
        assert_eq!(
            setup.describe(Field::Level(Player::Second)).1,
            "2 · 1012 ± 163"
        );
        press(&mut setup, KeyCode::Left);
        press(&mut setup, KeyCode::Down);
        press(&mut setup, KeyCode::Right); // algorithm: engine -> MCTS
        assert_eq!(setup.describe(Field::Level(Player::Second)).1, "custom");
        press(&mut setup, KeyCode::Up);
        press(&mut setup, KeyCode::Left);
        assert_eq!(
            setup.describe(Field::Level(Player::Second)).1,
            "10 · 3029 ± 122"
        );
        let Action::Play(play) = press(&mut setup, KeyCode::Enter) else {
            panic!("Enter should start the game");
        };
        let level_10 = EngineSettings {
            threads: default_threads(1),
            ..level_settings("chess", 10).unwrap()
        };
        assert_eq!(play.setup().second, Seat::Computer(level_10));
    }

    #[test]
    fn levels_searching_by_nodes_show_their_budget() {
        let mut setup = Setup::new(find_game("chess").unwrap());
        for level in 6..=8 {
            setup.engines[1] = level_settings("chess", level).unwrap();
            let nodes = setup.engines[1].nodes.expect("levels 6-8 count nodes");
            let depth = setup.describe(Field::Depth(Player::Second)).1;
            assert_eq!(depth, format!("{nodes} nodes"));
        }
        setup.engines[1] = level_settings("chess", 3).unwrap();
        let depth = setup.engines[1].depth.expect("level 3 counts plies");
        assert_eq!(
            setup.describe(Field::Depth(Player::Second)).1,
            depth.to_string()
        );
    }

    #[test]
    fn option_fields_are_typed_and_checked() {
        let mut setup = Setup::new(find_game("grundy").unwrap());
        while setup.focused() != Field::Option(0) {
            press(&mut setup, KeyCode::Down);
        }
        press(&mut setup, KeyCode::Backspace);
        press(&mut setup, KeyCode::Char('j'));
        assert_eq!(setup.options[0], "j");
        assert!(matches!(press(&mut setup, KeyCode::Enter), Action::Stay));
        assert!(setup.error.as_deref().unwrap().contains("heap=j"));
        press(&mut setup, KeyCode::Backspace);
        press(&mut setup, KeyCode::Char('9'));
        press(&mut setup, KeyCode::Right);
        let Action::Play(play) = press(&mut setup, KeyCode::Enter) else {
            panic!("a valid heap should start the game");
        };
        assert_eq!(play.setup().options.get("heap"), Some("10"));
    }

    #[test]
    fn word_options_step_through_their_choices_with_the_arrows() {
        let mut setup = Setup::new(find_game("dodgem").unwrap());
        while setup.focused() != Field::Option(1) {
            press(&mut setup, KeyCode::Down);
        }
        press(&mut setup, KeyCode::Right);
        assert_eq!(setup.options[1], "winning-ways");
        press(&mut setup, KeyCode::Right);
        assert_eq!(setup.options[1], "course");
        press(&mut setup, KeyCode::Left);
        assert_eq!(setup.options[1], "winning-ways");
        press(&mut setup, KeyCode::Down);
        press(&mut setup, KeyCode::Left);
        assert_eq!(setup.options[2], "bottom");
        let Action::Play(play) = press(&mut setup, KeyCode::Enter) else {
            panic!("the chosen options should start the game");
        };
        assert_eq!(play.setup().options.get("rule"), Some("winning-ways"));
        assert_eq!(play.setup().options.get("first"), Some("bottom"));
    }

    #[test]
    fn computer_rows_appear_with_the_computer_and_cycle_their_values() {
        let mut setup = Setup::new(find_game("tictactoe").unwrap());
        assert_eq!(setup.fields().len(), 12);
        press(&mut setup, KeyCode::Right);
        assert_eq!(setup.fields().len(), 19, "the engine takes no additions");
        press(&mut setup, KeyCode::Down);
        assert_eq!(setup.focused(), Field::Level(Player::First));
        press(&mut setup, KeyCode::Down);
        press(&mut setup, KeyCode::Left);
        assert_eq!(setup.engines[0].algorithm, Algorithm::AlphaBeta);
        assert_eq!(
            setup.fields().len(),
            20,
            "alpha-beta takes additions and a pruning rule"
        );
        assert_eq!(setup.describe(Field::Additions(Player::First)).1, "nothing");
        press(&mut setup, KeyCode::Down);
        press(&mut setup, KeyCode::Right);
        press(&mut setup, KeyCode::Right);
        assert_eq!(
            setup.engines[0].algorithm_label(),
            "alpha-beta +ordering +tt"
        );
        press(&mut setup, KeyCode::Down);
        assert_eq!(setup.focused(), Field::PruneOnEqual(Player::First));
        press(&mut setup, KeyCode::Right);
        assert!(!setup.engines[0].config().prune_on_equal);
        press(&mut setup, KeyCode::Right);
        assert!(setup.engines[0].config().prune_on_equal);
        press(&mut setup, KeyCode::Down);
        press(&mut setup, KeyCode::Right);
        press(&mut setup, KeyCode::Right);
        assert_eq!(setup.engines[0].max_player, Some(Player::Second));
        assert_eq!(setup.describe(Field::Max(Player::First)).1, "O");
        assert_eq!(setup.engines[0].config().max_player, Some(Player::Second));
        press(&mut setup, KeyCode::Down);
        press(&mut setup, KeyCode::Down);
        press(&mut setup, KeyCode::Right);
        assert_eq!(setup.engines[0].depth, Some(1));
        press(&mut setup, KeyCode::Down);
        press(&mut setup, KeyCode::Left);
        assert_eq!(setup.engines[0].time, Some(Duration::from_millis(500)));
    }

    #[test]
    fn a_clock_with_an_increment_is_chosen_with_the_arrows() {
        let mut setup = Setup::new(find_game("chess").unwrap());
        while setup.focused() != Field::Clock {
            press(&mut setup, KeyCode::Down);
        }
        let rows = setup.fields().len();
        press(&mut setup, KeyCode::Right);
        press(&mut setup, KeyCode::Right);
        press(&mut setup, KeyCode::Right);
        assert_eq!(setup.fields().len(), rows + 1, "an increment row appears");
        press(&mut setup, KeyCode::Down);
        assert_eq!(setup.focused(), Field::Increment);
        press(&mut setup, KeyCode::Left);
        press(&mut setup, KeyCode::Left);
        let Action::Play(play) = press(&mut setup, KeyCode::Enter) else {
            panic!("Enter should start the game");
        };
        let expected = TimeControl {
            minutes: 5,
            increment_secs: 10,
        };
        assert_eq!(play.setup().clock, Some(expected));
        assert_eq!(play.session().clocks().unwrap().control(), expected);
    }
}
