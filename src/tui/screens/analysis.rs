//! The analysis board: a position (typed, from a saved game, the review or the
//! game in front) searched without end, with the best lines, the depth, nodes
//! and speed, an evaluation bar and the graph over the game. Stepping through
//! the game's moves re-targets the search; `p` plays on from the shown position
//! against a chosen level, `t` opens the explorer on the search's last iteration.
//!
//! The positions and the search are the play layer's [`AnalysisBoard`]; this
//! screen draws them and answers keys.

use std::time::Instant;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::explorer::Explorer;
use super::help::HelpTopic;
use super::mcts_explorer::{MctsExplorer, MctsRecord};
use super::play::{INLINE_BUILD_NODES, Play};
use super::review::{EvalGraph, Evaluations, ScoreUnit, replay_moves};
use super::{Action, Screen, centered};
use crate::game::{GameInfo, Outcome, Player, find_game};
use crate::play::analysis_board::{AnalysisBoard, MAX_LINES};
use crate::play::levels::{DEFAULT_LEVEL, LEVELS, level_settings};
use crate::play::notation::{format_line, format_line_with};
use crate::play::{EngineSettings, PlaySetup, PlayedMove, Seat};
use crate::search::score::{self, Score};
use crate::search::{Algorithm, SearchConfig};
use crate::tui::board::{BoardGame, BoardVisitor, Marks, side_names, visit_board};
use crate::tui::board_setup::{BoardSetup, SetupAction, WritePosition};
use crate::tui::eval_bar::{EvalBar, first_share};
use crate::tui::jobs::{Job, Update};
use crate::tui::move_line::{LineAction, MoveLine};
use crate::tui::panel::{compact, count};
use crate::tui::recorded::{RecordedSearch, TreeBuilder};
use crate::tui::session;
use crate::tui::theme::Theme;

/// The width of the evaluation bar.
const BAR_WIDTH: u16 = 2;
/// The fewest rows the lines' box gets.
const LINES_MIN_HEIGHT: u16 = 6;

/// One of the best lines as the screen shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineView {
    /// The score for the side to move.
    pub score: Score,
    /// The moves in the game's notation.
    pub moves: Vec<String>,
    /// Monte Carlo: the first move's visits.
    pub visits: Option<u64>,
}

/// What the search of the shown position found, game-independent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinesView {
    /// The deepest finished iteration (Monte Carlo: the deepest node).
    pub depth: u32,
    /// Nodes searched (Monte Carlo: playouts).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time the search has run.
    pub elapsed: std::time::Duration,
    /// The best lines, best first.
    pub lines: Vec<LineView>,
    /// True when the search is Monte Carlo's: visits and win rates.
    pub monte_carlo: bool,
    /// True once the search ended by itself (or died).
    pub finished: bool,
    /// True when the search's thread died.
    pub failed: bool,
}

/// The game analysed, whatever the game: what the screen needs.
trait Analysed {
    fn played(&self) -> &[PlayedMove];
    /// The moves in the notation the game's parser reads, for a setup.
    fn move_texts(&self) -> &[String];
    fn ply(&self) -> usize;
    fn go_to(&mut self, ply: usize) -> bool;
    fn multi_pv(&self) -> usize;
    fn set_multi_pv(&mut self, lines: usize) -> bool;
    fn poll(&mut self) -> bool;
    fn to_move(&self) -> Player;
    fn outcome(&self) -> Option<Outcome>;
    fn searches(&self) -> usize;
    fn view(&self) -> LinesView;
    fn board_size_within(&self, room: (u16, u16)) -> (u16, u16);
    fn render_board(&self, theme: &Theme, area: Rect, buf: &mut Buffer);
    fn tree_builder(&self) -> Option<(usize, TreeBuilder)>;
    fn recorded_mcts(&self) -> Option<MctsRecord>;
    /// The board editor on the shown position, where the game sets up square by square.
    fn board_setup(&self) -> Option<BoardSetup>;
}

struct AnalysedGame<G: BoardGame> {
    board: AnalysisBoard<G>,
    played: Vec<PlayedMove>,
    texts: Vec<String>,
    cursor: G::Cursor,
}

impl<G: BoardGame> AnalysedGame<G> {
    /// The explorer's title of the search shown.
    fn title(&self) -> String {
        let config: SearchConfig = self.board.config();
        format!(
            "analysis, move {}: {} without a limit",
            self.board.ply() + 1,
            config.algorithm.label()
        )
    }
}

impl<G: BoardGame> Analysed for AnalysedGame<G> {
    fn played(&self) -> &[PlayedMove] {
        &self.played
    }

    fn move_texts(&self) -> &[String] {
        &self.texts
    }

    fn ply(&self) -> usize {
        self.board.ply()
    }

    fn go_to(&mut self, ply: usize) -> bool {
        self.board.go_to(ply)
    }

    fn multi_pv(&self) -> usize {
        self.board.multi_pv()
    }

    fn set_multi_pv(&mut self, lines: usize) -> bool {
        self.board.set_multi_pv(lines)
    }

    fn poll(&mut self) -> bool {
        self.board.poll()
    }

    fn to_move(&self) -> Player {
        self.board.position().to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.board.position().outcome()
    }

    fn searches(&self) -> usize {
        self.board.searches()
    }

    fn view(&self) -> LinesView {
        let state = self.board.state();
        let position = self.board.position();
        let monte_carlo = self.board.algorithm() == Algorithm::Mcts;
        let lines = state
            .lines
            .iter()
            .map(|line| LineView {
                score: line.score,
                moves: format_line_with(position, &line.moves, G::move_list_text),
                visits: monte_carlo
                    .then(|| {
                        let first = line.moves.first()?;
                        state.root_moves.iter().find(|r| r.mv == *first)
                    })
                    .flatten()
                    .map(|r| r.nodes),
            })
            .collect();
        LinesView {
            depth: state.depth,
            nodes: state.stats.nodes_all_passes.max(state.stats.nodes),
            nps: state.stats.nps(),
            elapsed: state.stats.elapsed,
            lines,
            monte_carlo,
            finished: state.finished,
            failed: state.failed,
        }
    }

    fn board_size_within(&self, room: (u16, u16)) -> (u16, u16) {
        self.board.position().board_size_within(room)
    }

    fn render_board(&self, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let ply = self.board.ply();
        let marks = Marks {
            last: ply
                .checked_sub(1)
                .and_then(|i| self.board.moves().get(i))
                .copied(),
            hint: None,
            human_to_move: false,
        };
        self.board
            .position()
            .render_board(&self.cursor, &marks, theme, area, buf);
    }

    fn tree_builder(&self) -> Option<(usize, TreeBuilder)> {
        let tree = self.board.state().tree.clone()?;
        let nodes = tree.nodes.len();
        if nodes == 0 {
            return None;
        }
        let root = self.board.position().clone();
        let evaluator = self.board.evaluator().clone();
        let sides = [G::side_name(Player::First), G::side_name(Player::Second)];
        let (algorithm, title) = (self.board.algorithm(), self.title());
        let running = self.board.searching();
        let build =
            move || RecordedSearch::new(&tree, &root, evaluator, algorithm, title, running, sides);
        Some((nodes, Box::new(build)))
    }

    fn board_setup(&self) -> Option<BoardSetup> {
        let position = self.board.position().clone();
        let grid = position.setup_grid()?;
        let write: WritePosition = Box::new(move |grid| position.setup_position(grid));
        let sides = [G::side_name(Player::First), G::side_name(Player::Second)];
        Some(BoardSetup::new(
            grid,
            G::setup_pieces(),
            write,
            sides,
            G::side_styles,
        ))
    }

    fn recorded_mcts(&self) -> Option<MctsRecord> {
        (self.board.algorithm() == Algorithm::Mcts).then(|| {
            MctsRecord::search(
                self.board.position(),
                self.board.evaluator().as_ref(),
                &self.board.config(),
                self.title(),
            )
        })
    }
}

/// What the screen is asking for besides its keys.
enum Asking {
    /// Nothing: the keys move through the game.
    Nothing,
    /// A position typed in the game's notation.
    Position(MoveLine),
    /// A position set up on the board.
    Board(BoardSetup),
    /// The level to play on against.
    Level(u8),
}

/// The analysis screen.
pub struct Analysis {
    game: Box<dyn Analysed>,
    info: GameInfo,
    /// The game's names of its sides.
    sides: [&'static str; 2],
    /// The game's start: its options, its start position (the moves are the board's).
    setup: PlaySetup,
    evaluations: Evaluations,
    unit: ScoreUnit,
    tree_build: Job<RecordedSearch>,
    asking: Asking,
    /// The last word for the status line, and whether it is a refusal.
    message: Option<(String, bool)>,
}

impl Analysis {
    /// The board on the setup's position with its moves played, showing the
    /// position after `ply` of them (the last when `None`), searched by the
    /// game's own engine (Monte Carlo in Go); an error names what does not set up.
    pub fn open(setup: &PlaySetup, ply: Option<usize>) -> anyhow::Result<Analysis> {
        struct Open<'a>(&'a PlaySetup, Option<usize>);
        impl BoardVisitor for Open<'_> {
            type Output = anyhow::Result<(Box<dyn Analysed>, Evaluations)>;
            fn visit<G: BoardGame>(self) -> Self::Output {
                let Open(setup, ply) = self;
                let start = G::setup(&setup.options, setup.position.as_deref(), None)?;
                let given = setup.moves.as_deref().unwrap_or("");
                let (moves, played) = replay_moves(&start, start.split_moves(given))?;
                let settings = EngineSettings::for_game(&setup.game);
                let evaluator = G::evaluator_named(&settings.eval)?.evaluator;
                let texts = format_line(&start, &moves);
                let cursor = start.initial_cursor();
                let ply = ply.unwrap_or(moves.len());
                let board = AnalysisBoard::new(start, moves, ply, evaluator.clone(), settings);
                let positions = board.positions().to_vec();
                let evaluations = Evaluations::start(positions, evaluator, false);
                let game = AnalysedGame {
                    board,
                    played,
                    texts,
                    cursor,
                };
                Ok((Box::new(game), evaluations))
            }
        }
        let (game, evaluations) = visit_board(&setup.game, Open(setup, ply))??;
        Ok(Analysis {
            game,
            info: find_game(&setup.game)?,
            sides: side_names(&setup.game),
            setup: PlaySetup {
                moves: None,
                result: None,
                ..setup.clone()
            },
            evaluations,
            unit: ScoreUnit::of(&setup.game),
            tree_build: Job::new("tree"),
            asking: Asking::Nothing,
            message: None,
        })
    }

    /// Checks that the setup's game, options, position and moves set up, without
    /// starting a search: the command line's check before the terminal changes.
    pub fn check(setup: &PlaySetup) -> anyhow::Result<()> {
        struct Check<'a>(&'a PlaySetup);
        impl BoardVisitor for Check<'_> {
            type Output = anyhow::Result<()>;
            fn visit<G: BoardGame>(self) -> Self::Output {
                let Check(setup) = self;
                let position = setup.position.as_deref();
                G::setup(&setup.options, position, setup.moves.as_deref())?;
                Ok(())
            }
        }
        visit_board(&setup.game, Check(setup))?
    }

    /// How many moves are played in the shown position.
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    /// How many moves the game has.
    pub fn moves(&self) -> usize {
        self.game.played().len()
    }

    /// The lines asked for.
    pub fn multi_pv(&self) -> usize {
        self.game.multi_pv()
    }

    /// What the search found so far.
    pub fn lines(&self) -> LinesView {
        self.game.view()
    }

    /// How many searches were started (one per position or line count shown).
    pub fn searches(&self) -> usize {
        self.game.searches()
    }

    /// The side to move in the shown position.
    pub fn to_move(&self) -> Player {
        self.game.to_move()
    }

    /// The status line's word, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(text, _)| text.as_str())
    }

    /// Takes in the search's reports and the graph's evaluations; never blocks.
    pub fn tick(&mut self) {
        self.game.poll();
        self.evaluations.tick();
    }

    fn say(&mut self, text: impl Into<String>, refused: bool) {
        self.message = Some((text.into(), refused));
    }

    /// Answers a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return Action::Stay;
        }
        match std::mem::replace(&mut self.asking, Asking::Nothing) {
            Asking::Position(line) => return self.position_key(line, key),
            Asking::Board(setup) => return self.board_key(setup, key),
            Asking::Level(level) => return self.level_key(level, key),
            Asking::Nothing => {}
        }
        if key.code == KeyCode::Esc && self.tree_build.cancel() {
            self.say("tree building cancelled", false);
            return Action::Stay;
        }
        let (ply, last) = (self.game.ply(), self.game.played().len());
        let moved = match key.code {
            KeyCode::Left | KeyCode::Char('h') => self.game.go_to(ply.saturating_sub(1)),
            KeyCode::Right | KeyCode::Char('l') => self.game.go_to(ply + 1),
            KeyCode::Home | KeyCode::Char('g') => self.game.go_to(0),
            KeyCode::End | KeyCode::Char('G') => self.game.go_to(last),
            KeyCode::Char('+') | KeyCode::Char('=') => self.more_lines(1),
            KeyCode::Char('-') => self.more_lines(-1),
            KeyCode::Char('p') => return self.ask_level(),
            KeyCode::Char('t') => return self.explore(),
            KeyCode::Char('e') => {
                self.asking = Asking::Position(MoveLine::open(None, Vec::new(), None));
                return Action::Stay;
            }
            KeyCode::Char('b') => return self.open_board_setup(),
            KeyCode::Esc | KeyCode::Char('q') => return Action::Close,
            _ => return Action::Stay,
        };
        if moved {
            self.message = None;
        }
        Action::Stay
    }

    /// One line more or less; says so at the ends.
    fn more_lines(&mut self, by: isize) -> bool {
        let lines = self.game.multi_pv().saturating_add_signed(by);
        if self.game.set_multi_pv(lines) {
            let noun = if self.game.multi_pv() == 1 {
                "line"
            } else {
                "lines"
            };
            self.say(format!("{} best {noun}", self.game.multi_pv()), false);
            true
        } else {
            self.say(format!("from 1 to {MAX_LINES} lines"), true);
            false
        }
    }

    /// `p`: the level picker, unless the shown position is over.
    fn ask_level(&mut self) -> Action {
        if self.game.outcome().is_some() {
            self.say(
                "the game is over in this position: step back to play on",
                true,
            );
        } else {
            self.asking = Asking::Level(DEFAULT_LEVEL);
        }
        Action::Stay
    }

    fn level_key(&mut self, level: u8, key: &KeyEvent) -> Action {
        let (low, high) = (*LEVELS.start(), *LEVELS.end());
        let level = match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return Action::Stay,
            KeyCode::Enter => return self.play_on(level),
            KeyCode::Left | KeyCode::Down | KeyCode::Char('h') | KeyCode::Char('-') => {
                level.saturating_sub(1).max(low)
            }
            KeyCode::Right | KeyCode::Up | KeyCode::Char('l') | KeyCode::Char('+') => {
                (level + 1).min(high)
            }
            KeyCode::Char('0') => high,
            KeyCode::Char(digit @ '1'..='9') => (digit as u8 - b'0').clamp(low, high),
            _ => level,
        };
        self.asking = Asking::Level(level);
        Action::Stay
    }

    /// A game from the shown position (its moves kept as the game's history),
    /// the human to move against the computer at `level`.
    fn play_on(&mut self, level: u8) -> Action {
        let texts = &self.game.move_texts()[..self.game.ply()];
        let opened = level_settings(&self.setup.game, level)
            .map_err(anyhow::Error::from)
            .and_then(|engine| {
                let computer = Seat::Computer(engine);
                let (first, second) = match self.game.to_move() {
                    Player::First => (Seat::Human, computer),
                    Player::Second => (computer, Seat::Human),
                };
                let setup = PlaySetup {
                    moves: (!texts.is_empty()).then(|| texts.join(" ")),
                    first,
                    second,
                    clock: None,
                    record_tree: true,
                    ..self.setup.clone()
                };
                Ok(Play::new(session::open(&setup)?, setup))
            });
        match opened {
            Ok(play) => Action::Play(Box::new(play)),
            Err(why) => {
                self.say(format!("cannot play on: {why}"), true);
                Action::Stay
            }
        }
    }

    fn position_key(&mut self, mut line: MoveLine, key: &KeyEvent) -> Action {
        match line.key(key) {
            LineAction::Cancel => {}
            LineAction::Editing => self.asking = Asking::Position(line),
            LineAction::Submit(text) => {
                if let Err(why) = self.analyse_position(text, "analysing the position typed") {
                    line.refuse(why);
                    self.asking = Asking::Position(line);
                }
            }
        }
        Action::Stay
    }

    /// `b`: the board editor on the shown position, where the game has one.
    fn open_board_setup(&mut self) -> Action {
        match self.game.board_setup() {
            Some(setup) => self.asking = Asking::Board(setup),
            None => self.say(
                format!(
                    "{} positions are not set up square by square: type one with e",
                    self.info.name
                ),
                true,
            ),
        }
        Action::Stay
    }

    fn board_key(&mut self, mut setup: BoardSetup, key: &KeyEvent) -> Action {
        match setup.key(key) {
            SetupAction::Cancel => {}
            SetupAction::Editing => self.asking = Asking::Board(setup),
            SetupAction::Submit(text) => {
                if let Err(why) = self.analyse_position(text, "analysing the position set up") {
                    setup.refuse(why);
                    self.asking = Asking::Board(setup);
                }
            }
        }
        Action::Stay
    }

    /// Re-opens the board on `position` (in the game's notation), keeping the
    /// lines asked for; the reader's reason when it refuses the position.
    fn analyse_position(&mut self, position: String, said: &str) -> Result<(), String> {
        let setup = PlaySetup {
            position: Some(position),
            ..self.setup.clone()
        };
        let mut analysis = Analysis::open(&setup, None).map_err(|why| format!("{why:#}"))?;
        analysis.game.set_multi_pv(self.game.multi_pv());
        *self = analysis;
        self.say(said, false);
        Ok(())
    }

    /// The explorer on the search's last iteration (Monte Carlo: its own
    /// explorer on a bounded search of the position), as the game screen opens it.
    fn explore(&mut self) -> Action {
        if self.tree_build.is_running() {
            return Action::Stay;
        }
        if let Some(record) = self.game.recorded_mcts() {
            return Action::Push(Box::new(MctsExplorer::new(record, self.sides)));
        }
        match self.game.tree_builder() {
            Some((nodes, build)) if nodes <= INLINE_BUILD_NODES => {
                Action::Push(Box::new(Explorer::new(build())))
            }
            Some((_, build)) => {
                self.tree_build.start(move |_| build());
                self.say("building the search tree...", false);
                Action::Stay
            }
            None => {
                self.say(
                    "no search tree yet: t shows one once an iteration has finished",
                    true,
                );
                Action::Stay
            }
        }
    }

    /// The explorer once its tree is built.
    fn take_built_tree(&mut self) -> Action {
        for update in self.tree_build.poll() {
            match update {
                Update::Done(record) => return Action::Push(Box::new(Explorer::new(record))),
                Update::Progress(_) => {}
                Update::Failed => self.say("error: the search tree could not be built", true),
            }
        }
        Action::Stay
    }

    /// Draws the screen.
    pub fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        self.tick();
        let [title, body, status] = super::title_body_status(frame.area(), 10);
        frame.render_widget(self.title_line(theme), title);
        let view = self.game.view();
        // The board and its bar on the left; the lines and the graph on the right.
        let room = (body.width / 2, body.height.saturating_sub(2));
        let (board_width, board_height) = self.game.board_size_within(room);
        let left_width = (board_width + 2 + BAR_WIDTH + 1).min(body.width / 2 + 4);
        let [left, right] =
            Layout::horizontal([Constraint::Length(left_width), Constraint::Min(0)]).areas(body);
        let [bar, _, board_box] = Layout::horizontal([
            Constraint::Length(BAR_WIDTH),
            Constraint::Length(1),
            Constraint::Min(0),
        ])
        .areas(left);
        let [board_box, facts] = Layout::vertical([
            Constraint::Length((board_height + 2).min(left.height)),
            Constraint::Min(0),
        ])
        .areas(board_box);
        let block = Block::bordered()
            .title(Span::styled(" Board ", theme.title))
            .border_style(theme.border);
        let inner = block.inner(board_box);
        frame.render_widget(block, board_box);
        self.game.render_board(theme, inner, frame.buffer_mut());
        let share = self.first_share(&view);
        frame.render_widget(EvalBar { share, theme }, bar);
        frame.render_widget(
            Paragraph::new(self.facts(&view, theme)).wrap(Wrap { trim: true }),
            facts,
        );
        let lines_height = (self.game.multi_pv() as u16 + 2).max(LINES_MIN_HEIGHT);
        let [lines, graph] = Layout::vertical([
            Constraint::Min(lines_height.min(right.height / 2).max(LINES_MIN_HEIGHT)),
            Constraint::Percentage(45),
        ])
        .areas(right);
        self.render_lines(frame, theme, &view, lines);
        let graph_view = EvalGraph {
            scores: &self.evaluations.analysis.scores,
            ply: self.game.ply(),
            unit: self.unit,
            sides: self.sides,
        };
        graph_view.render(frame, theme, graph);
        self.render_status(frame, theme, status);
        self.render_asking(frame, theme);
    }

    /// The first player's share of the evaluation bar, from the best line.
    fn first_share(&self, view: &LinesView) -> Option<f64> {
        if let Some(outcome) = self.game.outcome() {
            return Some(match outcome {
                Outcome::Win(Player::First) => 1.0,
                Outcome::Win(Player::Second) => 0.0,
                Outcome::Draw => 0.5,
            });
        }
        let best = view.lines.first()?.score;
        let first = match self.game.to_move() {
            Player::First => best,
            Player::Second => -best,
        };
        Some(first_share(first, self.unit, view.monte_carlo))
    }

    fn title_line(&self, theme: &Theme) -> Line<'static> {
        let sides = self.sides;
        let to_move = sides[self.game.to_move().index()];
        Line::from(vec![
            Span::styled(format!(" Analysis: {} ", self.info.name), theme.title),
            Span::styled(
                format!(
                    " move {} of {} · {to_move} to move",
                    self.game.ply(),
                    self.game.played().len()
                ),
                theme.dim,
            ),
        ])
    }

    /// Under the board: the shown move, the search's numbers.
    fn facts(&self, view: &LinesView, theme: &Theme) -> Vec<Line<'static>> {
        let ply = self.game.ply();
        let played = self.game.played();
        let last = match ply.checked_sub(1).and_then(|i| played.get(i)) {
            Some(m) => format!("after {} ({})", m.text, self.sides[m.by.index()]),
            None => "the start position".to_string(),
        };
        let depth = if view.monte_carlo {
            "deepest "
        } else {
            "depth "
        };
        let nodes = if view.monte_carlo {
            "  playouts "
        } else {
            "  nodes "
        };
        vec![
            Line::from(Span::styled(last, theme.text)),
            Line::from(vec![
                Span::styled(depth, theme.dim),
                Span::raw(view.depth.to_string()),
                Span::styled(nodes, theme.dim),
                Span::raw(compact(view.nodes)),
            ]),
            Line::from(vec![
                Span::styled("nps ", theme.dim),
                Span::raw(compact(view.nps)),
                Span::styled("  time ", theme.dim),
                Span::raw(format!("{:.1} s", view.elapsed.as_secs_f64())),
            ]),
        ]
    }

    /// The best lines, numbered, each with its score (Monte Carlo: visits and
    /// win rate) for the side to move.
    fn render_lines(&self, frame: &mut Frame, theme: &Theme, view: &LinesView, area: Rect) {
        let sides = self.sides;
        let to_move = sides[self.game.to_move().index()];
        let state = if self.game.outcome().is_some() {
            "game over"
        } else if view.failed {
            "the search stopped (its thread died)"
        } else if view.finished {
            "done"
        } else {
            "searching"
        };
        let title = format!(
            " Best {} of {}, {to_move}'s view · {state} ",
            if self.game.multi_pv() == 1 {
                "line"
            } else {
                "lines"
            },
            self.game.multi_pv()
        );
        let block = Block::bordered()
            .title(Span::styled(title, theme.title))
            .border_style(theme.border);
        let mut lines: Vec<Line> = Vec::new();
        if view.lines.is_empty() {
            let text = match self.game.outcome() {
                Some(_) => "no moves: the game is over here",
                None => "…",
            };
            lines.push(Line::from(Span::styled(text, theme.dim)));
        }
        // Every line shows: each gets an equal share of the box's rows, its
        // moves wrapped under themselves, the last row cut at the edge.
        let inner = block.inner(area);
        let rows_each = (usize::from(inner.height) / view.lines.len().max(1)).max(1);
        for (i, line) in view.lines.iter().enumerate() {
            let style = if i == 0 { theme.good } else { theme.text };
            let measure = match line.visits {
                Some(visits) => format!(
                    "{} visits {:.0}%",
                    count(visits),
                    first_share(line.score, self.unit, true) * 100.0
                ),
                None => score_words(line.score, self.unit),
            };
            let number = format!("{}. ", i + 1);
            let measure = format!("{measure:>8} ");
            let indent = number.chars().count() + measure.chars().count();
            let width = usize::from(inner.width).saturating_sub(indent);
            let mut rows = wrap_moves(&line.moves, width, rows_each).into_iter();
            lines.push(Line::from(vec![
                Span::styled(number, theme.dim),
                Span::styled(measure, style),
                Span::raw(rows.next().unwrap_or_default()),
            ]));
            lines.extend(rows.map(|row| Line::from(format!("{:indent$}{row}", ""))));
        }
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }

    fn render_status(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let line = match &self.message {
            Some((text, refused)) => {
                let style = if *refused { theme.bad } else { theme.text };
                Line::from(Span::styled(text.clone(), style))
            }
            None => Line::from(Span::styled(
                "←→ step · +- lines · p play on · t tree · e type · b set up · Esc back",
                theme.dim,
            )),
        };
        frame.render_widget(line, area);
    }

    /// The position being typed, or the level picker, over the screen.
    fn render_asking(&self, frame: &mut Frame, theme: &Theme) {
        match &self.asking {
            Asking::Nothing => {}
            Asking::Position(line) => {
                let area = centered(frame.area(), frame.area().width.min(76), 4);
                frame.render_widget(Clear, area);
                let title = format!(" Position ({}) ", self.info.position_notation);
                let block = Block::bordered()
                    .title(Span::styled(title, theme.title))
                    .border_style(theme.border);
                let after = match line.error() {
                    Some(error) => Span::styled(error.to_string(), theme.bad),
                    None => Span::styled("Enter analyses it · Esc cancels", theme.dim),
                };
                let text = vec![
                    Line::from(vec![
                        Span::styled(line.text().to_string(), theme.text),
                        Span::styled(" ", theme.selected),
                    ]),
                    Line::from(after),
                ];
                frame.render_widget(Paragraph::new(text).block(block), area);
            }
            Asking::Board(setup) => {
                let (width, height) = setup.size();
                let area = centered(frame.area(), width, height);
                setup.render(theme, area, frame.buffer_mut());
            }
            Asking::Level(level) => {
                let area = centered(frame.area(), 44, 5);
                frame.render_widget(Clear, area);
                let sides = self.sides;
                let text = vec![
                    Line::from(format!(
                        "You play {} from here against",
                        sides[self.game.to_move().index()]
                    )),
                    Line::from(Span::styled(format!("◀ level {level} ▶"), theme.selected)),
                    Line::from(Span::styled("←→ or 1-9 0 · Enter play · Esc", theme.dim)),
                ];
                let block = Block::bordered()
                    .title(Span::styled(" Play on ", theme.title))
                    .border_style(theme.border);
                frame.render_widget(Paragraph::new(text).block(block), area);
            }
        }
    }
}

/// A score for the side to move in the game's unit: `+0.35`, `win in 5`.
fn score_words(score: Score, unit: ScoreUnit) -> String {
    if score::is_win(score) || score::is_loss(score) {
        score::describe(score)
    } else if unit.points == 1.0 {
        format!("{score:+}")
    } else {
        format!("{:+.2}", f64::from(score) / unit.points)
    }
}

impl Screen for Analysis {
    fn handle_key(&mut self, key: &KeyEvent) -> Action {
        Analysis::handle_key(self, key)
    }

    fn tick(&mut self, _now: Instant) -> Action {
        Analysis::tick(self);
        self.take_built_tree()
    }

    fn tick_behind(&mut self, _now: Instant) {
        Analysis::tick(self);
    }

    fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        Analysis::render(self, frame, theme);
    }

    fn help(&self) -> Option<HelpTopic> {
        match self.asking {
            Asking::Position(_) | Asking::Board(_) => None,
            _ => Some(HelpTopic::Analysis),
        }
    }
}

/// A line's moves in at most `rows` rows of `width` ([`super::wrap_words`]); what
/// does not fit stays on the last row, to be cut at the box's edge.
fn wrap_moves(moves: &[String], width: usize, rows: usize) -> Vec<String> {
    let mut wrapped = super::wrap_words(&moves.join(" "), width.max(1));
    if wrapped.len() > rows.max(1) {
        let rest = wrapped.split_off(rows.max(1) - 1).join(" ");
        wrapped.push(rest);
    }
    wrapped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_between_moves_into_the_rows_they_have() {
        let words: Vec<String> = "e4 e5 Nf3 Nc6 Bb5 a6"
            .split(' ')
            .map(String::from)
            .collect();
        assert_eq!(wrap_moves(&words, 10, 3), ["e4 e5 Nf3", "Nc6 Bb5 a6"]);
        assert_eq!(wrap_moves(&words, 6, 2), ["e4 e5", "Nf3 Nc6 Bb5 a6"]);
        assert_eq!(wrap_moves(&words, 80, 1), ["e4 e5 Nf3 Nc6 Bb5 a6"]);
        assert!(wrap_moves(&[], 10, 2).is_empty());
    }
}
