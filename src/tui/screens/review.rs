//! The review: a finished or running game stepped through move by move on its own
//! board, with the evaluation graph (in the first player's view, in the game's
//! usual unit) and, in solved games, each move marked by what it did to the
//! proven value: kept the win, threw it away, held the draw.
//!
//! The positions are replayed once when the review opens; evaluations and proofs
//! come from an analysis job ([`analyse`] on a [`Job`]) and appear as they arrive.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph, Wrap};

use std::sync::Arc;
use std::time::Instant;

use super::analysis::Analysis as AnalysisScreen;
use super::help::HelpTopic;
use super::{Action, Screen};
use crate::game::tag_pairs::turns;
use crate::game::{Evaluator, GameInfo, Playable, Player};
use crate::game::{profile, profile_of};
use crate::play::PlaySetup;
use crate::play::analysis::{Analysis, Finding, Proven, analyse, offers_proofs};
use crate::play::{EngineSettings, PlayedMove};
use crate::search::score::{self, Score};
use crate::tui::board::{BoardGame, BoardVisitor, Marks, visit_board};
use crate::tui::jobs::{Job, Update};
use crate::tui::theme::Theme;

/// How a game's evaluations are read by people (its profile's unit), with the
/// range the graph starts from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreUnit {
    /// The unit's name on the axis.
    pub name: &'static str,
    /// Engine points per unit.
    pub points: f64,
    /// The graph's range either way, in units, when the evaluations stay small.
    pub least_range: f64,
    /// The most the graph shows either way; wins are drawn there.
    pub most_range: f64,
}

impl ScoreUnit {
    /// The unit of a game's evaluations, from its profile.
    pub fn of(game: &str) -> ScoreUnit {
        let unit = profile_of(game).map_or(profile::ScoreUnit::POINTS, |p| p.score_unit);
        ScoreUnit {
            name: unit.name,
            points: unit.points,
            least_range: 1.0,
            most_range: unit.most_range,
        }
    }

    /// A score in units, wins and losses at the range's edge.
    fn plot(self, score: Score, range: f64) -> f64 {
        if score::is_win(score) {
            range
        } else if score::is_loss(score) {
            -range
        } else {
            (f64::from(score) / self.points).clamp(-range, range)
        }
    }

    /// A score for people: `+1.5 pawns`, `X wins`.
    pub fn describe(self, score: Score, sides: [&str; 2]) -> String {
        if score::is_win(score) {
            format!("{} wins", sides[0])
        } else if score::is_loss(score) {
            format!("{} wins", sides[1])
        } else if self.points == 1.0 {
            format!("{score:+} {}", self.name)
        } else {
            format!("{:+.2} {}", f64::from(score) / self.points, self.name)
        }
    }
}

/// The evaluations of a game's positions (and, in games small enough, their
/// proven values), worked out by a background job and taken in as they come:
/// the review's and the analysis board's graph.
pub struct Evaluations {
    /// What came in so far.
    pub analysis: Analysis,
    job: Job<Finding>,
}

impl Evaluations {
    /// Starts evaluating `positions` (and proving them when `prove`).
    pub fn start<G: Playable>(
        positions: Vec<G>,
        evaluator: Arc<dyn Evaluator<G>>,
        prove: bool,
    ) -> Evaluations {
        let analysis = Analysis::new(positions.len(), prove);
        let mut job = Job::new("review");
        job.start(move |reporter| {
            let cancel = reporter.cancel_flag();
            // The last finding is the job's result; the others are news.
            analyse(&positions, evaluator.as_ref(), prove, cancel, &mut |f| {
                f == Finding::Done || reporter.progress(f)
            });
            Finding::Done
        });
        Evaluations { analysis, job }
    }

    /// Takes in the job's findings; never blocks.
    pub fn tick(&mut self) {
        for update in self.job.poll() {
            match update {
                Update::Progress(finding) | Update::Done(finding) => self.analysis.record(finding),
                // A job that died finds nothing more: what is missing stays unknown.
                Update::Failed => self.analysis.record(Finding::Done),
            }
        }
    }
}

/// The graph of a game's evaluations, in the first player's view, in the game's
/// unit, the shown position marked.
pub struct EvalGraph<'a> {
    /// Each position's score in the first player's view, once known.
    pub scores: &'a [Option<Score>],
    /// The position shown.
    pub ply: usize,
    /// The game's unit.
    pub unit: ScoreUnit,
    /// The game's names of its sides.
    pub sides: [&'static str; 2],
}

impl EvalGraph<'_> {
    /// Draws the graph in a box over `area`.
    pub fn render(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let unit = self.unit;
        let biggest = self
            .scores
            .iter()
            .flatten()
            .filter(|s| !score::is_win(**s) && !score::is_loss(**s))
            .map(|s| (f64::from(*s) / unit.points).abs())
            .fold(unit.least_range, f64::max);
        let range = biggest.min(unit.most_range).ceil();
        let points: Vec<(f64, f64)> = self
            .scores
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|s| (i as f64, unit.plot(s, range))))
            .collect();
        let here: Vec<(f64, f64)> = points
            .iter()
            .copied()
            .filter(|(x, _)| *x as usize == self.ply)
            .collect();
        let last = self.scores.len().saturating_sub(1).max(1);
        let datasets = vec![
            Dataset::default()
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(theme.text)
                .data(&points),
            Dataset::default()
                .marker(Marker::Block)
                .graph_type(GraphType::Scatter)
                .style(theme.selected)
                .data(&here),
        ];
        let number = |v: f64| {
            if v == 0.0 {
                "0".to_string()
            } else {
                format!("{v:+}")
            }
        };
        let x_axis = Axis::default()
            .title(Span::styled("move", theme.dim))
            .style(theme.dim)
            .bounds([0.0, last as f64])
            .labels(["0".to_string(), (last / 2).to_string(), last.to_string()]);
        let y_axis = Axis::default()
            .style(theme.dim)
            .bounds([-range, range])
            .labels([number(-range), "0".to_string(), number(range)]);
        let title = format!(" Evaluation, {}'s view ({}) ", self.sides[0], unit.name);
        let chart = Chart::new(datasets)
            .block(
                Block::bordered()
                    .title(Span::styled(title, theme.title))
                    .border_style(theme.border),
            )
            .x_axis(x_axis)
            .y_axis(y_axis);
        frame.render_widget(chart, area);
    }
}

/// `texts` (moves in the game's notation) replayed from `start`: the moves, and
/// each as the move list writes it with who made it; an error names the move
/// that does not replay.
pub fn replay_moves<'t, G: BoardGame>(
    start: &G,
    texts: impl IntoIterator<Item = &'t str>,
) -> anyhow::Result<(Vec<G::Move>, Vec<PlayedMove>)> {
    let mut position = start.clone();
    let mut moves = Vec::new();
    let mut played = Vec::new();
    for text in texts {
        let m = position
            .parse_move(text)
            .map_err(|e| anyhow::anyhow!("move {} '{text}': {e}", moves.len() + 1))?;
        played.push(PlayedMove {
            text: position.move_list_text(m),
            by: position.to_move(),
        });
        position.play(m);
        moves.push(m);
    }
    Ok((moves, played))
}

/// The game being reviewed, whatever the game: what the screen needs.
trait Reviewed {
    fn info(&self) -> GameInfo;
    fn sides(&self) -> [&'static str; 2];
    fn moves(&self) -> &[PlayedMove];
    fn board_size(&self) -> (u16, u16);
    /// Draws the position after `ply` moves, the last of them marked.
    fn render_board(&self, ply: usize, theme: &Theme, area: Rect, buf: &mut Buffer);
}

struct ReviewedGame<G: BoardGame> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
    played: Vec<PlayedMove>,
    cursor: G::Cursor,
}

impl<G: BoardGame> Reviewed for ReviewedGame<G> {
    fn info(&self) -> GameInfo {
        G::info()
    }

    fn sides(&self) -> [&'static str; 2] {
        [G::side_name(Player::First), G::side_name(Player::Second)]
    }

    fn moves(&self) -> &[PlayedMove] {
        &self.played
    }

    fn board_size(&self) -> (u16, u16) {
        self.positions[0].board_size()
    }

    fn render_board(&self, ply: usize, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let Some(position) = self.positions.get(ply) else {
            return;
        };
        let marks = Marks {
            last: ply.checked_sub(1).and_then(|i| self.moves.get(i)).copied(),
            hint: None,
            human_to_move: false,
        };
        position.render_board(&self.cursor, &marks, theme, area, buf);
    }
}

/// The review screen.
pub struct Review {
    game: Box<dyn Reviewed>,
    /// The evaluations and proofs, from a background job.
    evaluations: Evaluations,
    unit: ScoreUnit,
    /// How many moves are shown played.
    ply: usize,
    /// The result in words, when the game is over.
    result: Option<String>,
    /// The game's setup with its moves, for the analysis board.
    setup: PlaySetup,
    /// Why the analysis board did not open, on the status line.
    refusal: Option<String>,
}

impl Review {
    /// Replays `moves` (in the game's notation) from the setup's start position and
    /// starts the analysis; an error names the move that does not replay.
    pub fn open(
        setup: &PlaySetup,
        moves: &[String],
        result: Option<String>,
    ) -> anyhow::Result<Review> {
        struct Open<'a>(&'a PlaySetup, &'a [String]);
        impl BoardVisitor for Open<'_> {
            type Output = anyhow::Result<(Box<dyn Reviewed>, Evaluations)>;
            fn visit<G: BoardGame>(self) -> Self::Output {
                let Open(setup, texts) = self;
                let start = G::setup(&setup.options, setup.position.as_deref(), None)?;
                let texts = texts.iter().map(String::as_str);
                let (moves, played) = replay_moves(&start, texts)?;
                let mut positions = vec![start];
                for &m in &moves {
                    let mut next = positions[positions.len() - 1].clone();
                    next.play(m);
                    positions.push(next);
                }
                let eval = setup
                    .seats()
                    .iter()
                    .find_map(|s| s.engine().map(|e| e.eval.clone()))
                    .unwrap_or_else(|| EngineSettings::for_game(&setup.game).eval);
                let evaluator = G::evaluator_named(&eval)?.evaluator;
                let prove = offers_proofs(&setup.game, &setup.options);
                let evaluations = Evaluations::start(positions.clone(), evaluator, prove);
                let cursor = positions[0].initial_cursor();
                let game = ReviewedGame {
                    positions,
                    moves,
                    played,
                    cursor,
                };
                Ok((Box::new(game), evaluations))
            }
        }
        let (game, evaluations) = visit_board(&setup.game, Open(setup, moves))??;
        let ply = game.moves().len();
        Ok(Review {
            game,
            evaluations,
            unit: ScoreUnit::of(&setup.game),
            ply,
            result,
            setup: PlaySetup {
                moves: Some(moves.join(" ")),
                result: None,
                ..setup.clone()
            },
            refusal: None,
        })
    }

    /// How many moves are shown played.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// True once every evaluation and proof has come in.
    pub fn analysed(&self) -> bool {
        self.evaluations.analysis.done
    }

    /// Takes in the analysis job's findings; never blocks.
    pub fn tick(&mut self) {
        self.evaluations.tick();
    }

    /// Answers a key: arrows step, Home/End jump, Esc or q closes.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        let last = self.game.moves().len();
        match key.code {
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Up | KeyCode::Char('k') => {
                self.ply = self.ply.saturating_sub(1)
            }
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Down | KeyCode::Char('j') => {
                self.ply = (self.ply + 1).min(last)
            }
            KeyCode::Home | KeyCode::Char('g') => self.ply = 0,
            KeyCode::End | KeyCode::Char('G') => self.ply = last,
            KeyCode::Char('a') => return self.analyse(),
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('v') => return Action::Close,
            _ => {}
        }
        Action::Stay
    }

    /// The analysis board on the reviewed game, at the move shown.
    fn analyse(&mut self) -> Action {
        match AnalysisScreen::open(&self.setup, Some(self.ply)) {
            Ok(analysis) => Action::Push(Box::new(analysis)),
            Err(why) => {
                self.refusal = Some(format!("no analysis: {why}"));
                Action::Stay
            }
        }
    }

    /// Draws the screen.
    pub fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        self.tick();
        let [title, body, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(10),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        frame.render_widget(self.title_line(theme), title);
        let (board_width, board_height) = self.game.board_size();
        // The board and the shown position's facts on the left; the graph and the
        // moves with their marks in words on the right, which wants the width.
        let left_width = (board_width + 2).max(28).min(body.width / 2);
        let [left, right] =
            Layout::horizontal([Constraint::Length(left_width), Constraint::Min(0)]).areas(body);
        let board_height = (board_height + 2).min(left.height.saturating_sub(5));
        let [board, facts] =
            Layout::vertical([Constraint::Length(board_height), Constraint::Min(5)]).areas(left);
        let block = Block::bordered()
            .title(Span::styled(" Board ", theme.title))
            .border_style(theme.border);
        let inner = block.inner(board);
        frame.render_widget(block, board);
        self.game
            .render_board(self.ply, theme, inner, frame.buffer_mut());
        let [graph, moves] =
            Layout::vertical([Constraint::Percentage(50), Constraint::Min(5)]).areas(right);
        self.render_graph(frame, theme, graph);
        self.render_moves(frame, theme, moves);
        self.render_facts(frame, theme, facts);
        let help = match &self.refusal {
            Some(why) => Span::styled(why.clone(), theme.bad),
            None => Span::styled(
                "←→ step · Home/End first/last · a analyse · Esc back",
                theme.dim,
            ),
        };
        frame.render_widget(help, keys);
    }

    fn title_line(&self, theme: &Theme) -> Line<'static> {
        let state = self.result.clone().unwrap_or_else(|| "in progress".into());
        Line::from(vec![
            Span::styled(format!(" Review: {} ", self.game.info().name), theme.title),
            Span::styled(
                format!(
                    " {state} · move {} of {}",
                    self.ply,
                    self.game.moves().len()
                ),
                theme.dim,
            ),
        ])
    }

    /// The moves, each with its proven-value mark, the current one highlighted.
    fn render_moves(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let block = Block::bordered()
            .title(Span::styled(" Moves ", theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        let moves = self.game.moves();
        let rows = inner.height as usize;
        // Keep the current move in view, a few lines from the bottom.
        let first = self.ply.saturating_sub(rows.saturating_sub(2).max(1));
        let sides = self.game.sides();
        let side_width = sides.iter().map(|s| s.chars().count()).max().unwrap_or(0) + 1;
        let lines: Vec<Line> = moves
            .iter()
            .enumerate()
            .skip(first)
            .take(rows)
            .map(|(i, m)| {
                let mark = self.evaluations.analysis.mark(i, m.by);
                let (sign, words, style) = match mark {
                    Some(mark) if mark.is_mistake() => (mark.sign(), mark.words(), theme.bad),
                    Some(mark) => (mark.sign(), mark.words(), theme.good),
                    None if self.evaluations.analysis.proving
                        && !self.evaluations.analysis.done =>
                    {
                        ("…", "", theme.dim)
                    }
                    None if self.evaluations.analysis.proving => {
                        ("?", "not proven in time", theme.dim)
                    }
                    None => (" ", "", theme.dim),
                };
                let current = i + 1 == self.ply;
                let number = if current {
                    format!("▶{:>2}. ", i + 1)
                } else {
                    format!("{:>3}. ", i + 1)
                };
                let text_style = if current { theme.selected } else { theme.text };
                Line::from(vec![
                    Span::styled(number, theme.dim),
                    Span::styled(
                        format!("{:<side_width$}", sides[m.by.index()]),
                        theme.side(m.by),
                    ),
                    Span::styled(format!("{:<7}", m.text), text_style),
                    Span::styled(format!("{sign} {words}"), style),
                ])
            })
            .collect();
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }

    /// The evaluation after each move, in the first player's view, the shown
    /// position marked.
    fn render_graph(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let graph = EvalGraph {
            scores: &self.evaluations.analysis.scores,
            ply: self.ply,
            unit: self.unit,
            sides: self.game.sides(),
        };
        graph.render(frame, theme, area);
    }

    /// The shown position in words: its evaluation, its proven value, the move's mark.
    fn render_facts(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let sides = self.game.sides();
        let moves = self.game.moves();
        let mut lines = Vec::new();
        let heading = match self.ply.checked_sub(1).and_then(|i| moves.get(i)) {
            Some(m) => format!(
                "after {} ({})",
                numbered_move(&moves[..self.ply]),
                sides[m.by.index()]
            ),
            None => "the start position".to_string(),
        };
        lines.push(Line::from(Span::styled(heading, theme.text)));
        let evaluation = match self
            .evaluations
            .analysis
            .scores
            .get(self.ply)
            .copied()
            .flatten()
        {
            Some(s) => self.unit.describe(s, sides),
            None => "…".to_string(),
        };
        lines.push(Line::from(format!("evaluation: {evaluation}")));
        if self.evaluations.analysis.proving {
            let proven = match self
                .evaluations
                .analysis
                .proofs
                .get(self.ply)
                .copied()
                .flatten()
            {
                Some(Some(Proven::Win(p))) => format!("{} wins", sides[p.index()]),
                Some(Some(Proven::Draw)) => "draw".to_string(),
                Some(None) => "not proven in time".to_string(),
                None => "…".to_string(),
            };
            lines.push(Line::from(format!("with best play: {proven}")));
            if let Some(i) = self.ply.checked_sub(1)
                && let Some(mark) = moves
                    .get(i)
                    .and_then(|m| self.evaluations.analysis.mark(i, m.by))
            {
                let mover = sides[moves[i].by.index()];
                let style = if mark.is_mistake() {
                    theme.bad
                } else {
                    theme.good
                };
                lines.push(Line::from(Span::styled(
                    format!("{mover}'s move {}", mark.words()),
                    style,
                )));
            }
        }
        let block = Block::bordered()
            .title(Span::styled(" Position ", theme.title))
            .border_style(theme.border);
        frame.render_widget(
            Paragraph::new(lines).block(block).wrap(Wrap { trim: true }),
            area,
        );
    }
}

impl Screen for Review {
    fn handle_key(&mut self, key: &KeyEvent) -> Action {
        Review::handle_key(self, key)
    }

    fn tick(&mut self, _now: Instant) -> Action {
        Review::tick(self);
        Action::Stay
    }

    fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        Review::render(self, frame, theme);
    }

    fn help(&self) -> Option<HelpTopic> {
        Some(HelpTopic::Review)
    }
}

/// The last of `moves` numbered as a move list numbers it: `2. e4` for the first
/// player's move of turn 2, `2... e6` for the second player's.
fn numbered_move(moves: &[PlayedMove]) -> String {
    let turns = turns(moves.iter().map(|m| (m.by, m.text.as_str())), 1);
    let Some(last) = turns.last() else {
        return String::new();
    };
    match last.second.last() {
        Some(text) => format!("{}... {text}", last.number),
        None => format!("{}. {}", last.number, last.first.last().unwrap_or(&"")),
    }
}
