//! The explorer for Monte Carlo trees: what `t` opens after an MCTS search. It
//! walks the tree one node at a time: the children of the node in focus, most
//! visited first, with their visits, win rate (for the side that made the move),
//! UCT value (the number selection maximises), prior (virtual playouts and wins)
//! and RAVE (all-moves-as-first) statistics where the search used them.
//!
//! `s` replays the first iterations of the same search one phase at a time:
//! selection down the tree by UCT, expansion of one new node, the playout from it
//! and the backup of its result, with the tree as it stood before the iteration
//! (and after it, for the backup). On tic-tac-toe the whole tree fits on screen.
//!
//! The record is searched again from the position the computer searched, with the
//! same settings and seed, capped at [`EXPLORER_PLAYOUTS`] playouts, so that its
//! moves can be written in the game's notation here without the game.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::Action;
use super::help::HelpTopic;
use crate::game::{Evaluator, Outcome, Player, SearchHooks};
use crate::search::mcts::{self, MctsTree, Step};
use crate::search::{MctsConfig, SearchConfig};
use crate::tui::theme::Theme;

/// Most playouts the explorer's own search runs.
pub const EXPLORER_PLAYOUTS: u64 = 3_000;
/// Iterations the replay records.
pub const REPLAY_ITERATIONS: usize = 12;
/// Moves of a playout written out in the replay before `…`.
const PLAYOUT_MOVES_SHOWN: usize = 16;

/// One node as the explorer shows it, its move already in the game's notation.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeRow {
    /// The move into the node; `root` for the root.
    pub mv: String,
    /// Who made the move.
    pub mover: Player,
    /// Real playouts through the node.
    pub visits: u32,
    /// Their results for `mover` (1 a win, 0.5 a draw).
    pub wins: f64,
    /// The UCT value selection gave it from its parent (`None` at the root).
    pub uct: Option<f64>,
    /// Virtual playouts and wins of the game's prior knowledge.
    pub prior: Option<(u32, f64)>,
    /// RAVE playouts and wins.
    pub amaf: Option<(u32, f64)>,
    /// Children, in tree order.
    pub children: Vec<usize>,
    /// Legal moves not yet expanded.
    pub untried: usize,
}

impl NodeRow {
    /// Wins over visits, or `None` before the first visit.
    pub fn win_rate(&self) -> Option<f64> {
        (self.visits > 0).then(|| self.wins / f64::from(self.visits))
    }
}

/// A whole tree in rows, indexed as the search numbered its nodes (root 0).
pub type TreeRows = Vec<NodeRow>;

/// One phase of a replayed iteration, moves written out.
#[derive(Clone, Debug, PartialEq)]
pub enum StepRow {
    /// The nodes selection walked through, root first.
    Selection(Vec<usize>),
    /// The node expansion added.
    Expansion(usize),
    /// The playout's moves and how it ended.
    Playout(Vec<String>, Outcome),
    /// The nodes that took the result.
    Backup(Vec<usize>),
}

impl StepRow {
    /// The phase's name.
    pub fn name(&self) -> &'static str {
        match self {
            StepRow::Selection(_) => "Selection",
            StepRow::Expansion(_) => "Expansion",
            StepRow::Playout(..) => "Playout",
            StepRow::Backup(_) => "Backup",
        }
    }
}

/// One recorded iteration: the tree before, the phases, the tree after.
#[derive(Clone, Debug)]
pub struct IterationRows {
    /// The tree as the iteration found it.
    pub before: TreeRows,
    /// Its phases in order.
    pub steps: Vec<StepRow>,
    /// The tree once the result was backed up.
    pub after: TreeRows,
}

/// An MCTS search ready for the explorer.
#[derive(Clone, Debug)]
pub struct MctsRecord {
    /// Which search, in words.
    pub title: String,
    /// The settings it ran with.
    pub settings: MctsConfig,
    /// The tree after the search.
    pub tree: TreeRows,
    /// The first iterations, for the replay.
    pub replay: Vec<IterationRows>,
}

impl MctsRecord {
    /// Searches `root` as `config` says (at most [`EXPLORER_PLAYOUTS`] playouts,
    /// no clock) and records the tree and the first [`REPLAY_ITERATIONS`] iterations.
    pub fn search<G: SearchHooks>(
        root: &G,
        evaluator: &dyn Evaluator<G>,
        config: &SearchConfig,
        title: String,
    ) -> MctsRecord {
        let mut config = config.clone();
        let playouts = config.limits.nodes.unwrap_or(EXPLORER_PLAYOUTS);
        config.limits.nodes = Some(playouts.min(EXPLORER_PLAYOUTS));
        config.limits.time = None;
        let mut tree = None;
        mcts::search_reusing(root, evaluator, &config, None, &mut (), &mut tree);
        let settings = config.mcts;
        let tree = tree.map_or_else(Vec::new, |t| tree_rows(root, &t, &settings));
        let replay = mcts::record_iterations(root, evaluator, &config, REPLAY_ITERATIONS)
            .into_iter()
            .map(|it| IterationRows {
                before: tree_rows(root, &it.before, &settings),
                steps: step_rows(root, &it.steps, &it.after),
                after: tree_rows(root, &it.after, &settings),
            })
            .collect();
        MctsRecord {
            title,
            settings,
            tree,
            replay,
        }
    }
}

/// The rows of `tree` searched from `root`: moves are written in the position
/// they are played from, so only visited nodes are played into.
fn tree_rows<G: SearchHooks>(
    root: &G,
    tree: &MctsTree<G::Move>,
    settings: &MctsConfig,
) -> TreeRows {
    let mut rows: Vec<Option<NodeRow>> = vec![None; tree.len()];
    if tree.is_empty() {
        return Vec::new();
    }
    let mut game = root.clone();
    rows[0] = Some(row(tree, 0, "root".to_string(), None));
    fill_rows(&mut game, tree, 0, settings, &mut rows);
    rows.into_iter()
        .map(|r| r.unwrap_or_else(|| row(tree, 0, "?".to_string(), None)))
        .collect()
}

fn row<M: Copy>(tree: &MctsTree<M>, index: usize, mv: String, uct: Option<f64>) -> NodeRow {
    let view = tree.node(index);
    NodeRow {
        mv,
        mover: view.mover,
        visits: view.visits,
        wins: view.wins,
        uct,
        prior: view.prior,
        amaf: view.amaf,
        children: tree.children(index).to_vec(),
        untried: view.untried,
    }
}

fn fill_rows<G: SearchHooks>(
    game: &mut G,
    tree: &MctsTree<G::Move>,
    parent: usize,
    settings: &MctsConfig,
    rows: &mut [Option<NodeRow>],
) {
    for &child in tree.children(parent) {
        let Some(mv) = tree.node(child).mv else {
            continue;
        };
        let uct = tree.uct_value(parent, child, settings);
        rows[child] = Some(row(tree, child, game.format_move(mv), Some(uct)));
        if tree.node(child).visits > 0 && !tree.children(child).is_empty() {
            game.play(mv);
            fill_rows(game, tree, child, settings, rows);
            game.undo();
        }
    }
}

/// The steps with the playout's moves written from the leaf's position.
fn step_rows<G: SearchHooks>(
    root: &G,
    steps: &[Step<G::Move>],
    after: &MctsTree<G::Move>,
) -> Vec<StepRow> {
    steps
        .iter()
        .map(|step| match step {
            Step::Selection(path) => StepRow::Selection(path.clone()),
            Step::Expansion(node) => StepRow::Expansion(*node),
            Step::Backup(path) => StepRow::Backup(path.clone()),
            Step::Playout(moves, outcome) => {
                StepRow::Playout(playout_text(root, after, steps, moves), *outcome)
            }
        })
        .collect()
}

/// The playout's moves in notation, played on from the leaf the steps reached.
fn playout_text<G: SearchHooks>(
    root: &G,
    tree: &MctsTree<G::Move>,
    steps: &[Step<G::Move>],
    moves: &[G::Move],
) -> Vec<String> {
    let mut game = root.clone();
    let path = steps.iter().find_map(|s| match s {
        Step::Backup(path) => Some(path.clone()),
        _ => None,
    });
    for &node in path.iter().flatten().skip(1) {
        if let Some(mv) = tree.node(node).mv {
            game.play(mv);
        }
    }
    moves
        .iter()
        .map(|&m| {
            let text = game.format_move(m);
            game.play(m);
            text
        })
        .collect()
}

/// The explorer screen's state.
pub struct MctsExplorer {
    record: MctsRecord,
    /// The nodes from the root to the one whose children are listed.
    path: Vec<usize>,
    selected: usize,
    offset: usize,
    /// Where the list was last drawn (for page keys).
    list_height: usize,
    /// (iteration, step) while the replay is on.
    replay: Option<(usize, usize)>,
    sides: [&'static str; 2],
}

impl MctsExplorer {
    /// The explorer on `record`, the root's children listed; `sides` names the players.
    pub fn new(record: MctsRecord, sides: [&'static str; 2]) -> MctsExplorer {
        MctsExplorer {
            record,
            path: vec![0],
            selected: 0,
            offset: 0,
            list_height: 10,
            replay: None,
            sides,
        }
    }

    /// The record shown.
    pub fn record(&self) -> &MctsRecord {
        &self.record
    }

    /// The node whose children are listed.
    pub fn focus(&self) -> usize {
        *self.path.last().unwrap_or(&0)
    }

    /// (iteration, step) of the replay, when on.
    pub fn replay_position(&self) -> Option<(usize, usize)> {
        self.replay
    }

    /// The children of the focus, most visited first (ties: the higher UCT).
    pub fn listed(&self) -> Vec<usize> {
        let Some(node) = self.record.tree.get(self.focus()) else {
            return Vec::new();
        };
        let mut children = node.children.clone();
        children.sort_by(|&a, &b| {
            let (a, b) = (&self.record.tree[a], &self.record.tree[b]);
            b.visits
                .cmp(&a.visits)
                .then(b.uct.unwrap_or(0.0).total_cmp(&a.uct.unwrap_or(0.0)))
        });
        children
    }

    /// Answers a key; `BackToGame` when the user leaves.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        match key.code {
            KeyCode::Char('q') | KeyCode::Char('t') => return Action::BackToGame,
            KeyCode::Esc if self.replay.is_some() => self.replay = None,
            KeyCode::Esc => return Action::BackToGame,
            KeyCode::Char('s') if self.replay.is_some() => self.replay = None,
            KeyCode::Char('s') if !self.record.replay.is_empty() => self.replay = Some((0, 0)),
            code if self.replay.is_some() => self.replay_key(code),
            code => self.browse_key(code),
        }
        Action::Stay
    }

    fn browse_key(&mut self, code: KeyCode) {
        let count = self.listed().len();
        match code {
            KeyCode::Down | KeyCode::Char('j') => {
                self.selected = (self.selected + 1).min(count.saturating_sub(1));
            }
            KeyCode::Up | KeyCode::Char('k') => self.selected = self.selected.saturating_sub(1),
            KeyCode::PageDown => {
                self.selected = (self.selected + self.list_height).min(count.saturating_sub(1));
            }
            KeyCode::PageUp => self.selected = self.selected.saturating_sub(self.list_height),
            KeyCode::Enter | KeyCode::Right | KeyCode::Char('l') => self.open(),
            KeyCode::Backspace | KeyCode::Left | KeyCode::Char('h') => self.close(),
            _ => {}
        }
    }

    /// Focuses on the selected child, when it has children of its own.
    fn open(&mut self) {
        if let Some(&child) = self.listed().get(self.selected)
            && !self.record.tree[child].children.is_empty()
        {
            self.path.push(child);
            self.selected = 0;
            self.offset = 0;
        }
    }

    /// Back to the parent, the node left selected.
    fn close(&mut self) {
        if self.path.len() > 1 {
            let left = self.path.pop().unwrap_or(0);
            self.selected = self.listed().iter().position(|&c| c == left).unwrap_or(0);
            self.offset = 0;
        }
    }

    fn replay_key(&mut self, code: KeyCode) {
        let Some((iteration, step)) = self.replay else {
            return;
        };
        let steps = |i: usize| self.record.replay[i].steps.len();
        let last = self.record.replay.len() - 1;
        self.replay = Some(match code {
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char('n') | KeyCode::Char(' ') => {
                if step + 1 < steps(iteration) {
                    (iteration, step + 1)
                } else if iteration < last {
                    (iteration + 1, 0)
                } else {
                    (iteration, step)
                }
            }
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Char('p') => {
                if step > 0 {
                    (iteration, step - 1)
                } else if iteration > 0 {
                    (iteration - 1, steps(iteration - 1) - 1)
                } else {
                    (0, 0)
                }
            }
            KeyCode::Down | KeyCode::Char('j') => ((iteration + 1).min(last), 0),
            KeyCode::Up | KeyCode::Char('k') => (iteration.saturating_sub(1), 0),
            _ => (iteration, step),
        });
    }

    /// Draws the screen.
    pub fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        let [title, body, status] = super::title_body_status(frame.area(), 3);
        frame.render_widget(
            Line::from(Span::styled(
                format!(" Monte Carlo tree · {}", self.record.title),
                theme.title,
            )),
            title,
        );
        match self.replay {
            Some((iteration, step)) => self.render_replay(frame, theme, body, iteration, step),
            None => self.render_browse(frame, theme, body),
        }
        let keys = if self.replay.is_some() {
            " ←/→ step · ↑/↓ iteration · s or Esc leave the replay · q back to the game"
        } else {
            " ↑/↓ select · →/Enter open · ← up · s replay iterations · q back to the game"
        };
        frame.render_widget(Line::from(Span::styled(keys, theme.dim)), status);
    }

    /// `root › c2 › b1`
    fn path_text(&self) -> String {
        self.path
            .iter()
            .map(|&n| self.record.tree[n].mv.clone())
            .collect::<Vec<_>>()
            .join(" › ")
    }

    fn render_browse(&mut self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let focus = &self.record.tree[self.focus()];
        let rave = if self.record.settings.rave {
            "on"
        } else {
            "off"
        };
        let header = vec![
            Line::from(vec![
                Span::styled(" At ", theme.dim),
                Span::styled(self.path_text(), theme.text),
                Span::styled(
                    format!(
                        "  ·  {} visits{}  ·  C = {:.2}, RAVE {rave}",
                        focus.visits,
                        match focus.untried {
                            0 => String::new(),
                            n => format!(", {n} moves untried"),
                        },
                        f64::from(self.record.settings.exploration_centi) / 100.0,
                    ),
                    theme.dim,
                ),
            ]),
            Line::from(Span::styled(
                format!(
                    " {:<10} {:<8} {:>7} {:>7} {:>7} {:>11} {:>13}",
                    "move", "by", "visits", "win %", "UCT", "prior", "RAVE"
                ),
                theme.title,
            )),
        ];
        let block = Block::bordered()
            .title(Span::styled(" Children, most visited first ", theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [head, list] =
            Layout::vertical([Constraint::Length(2), Constraint::Min(0)]).areas(inner);
        frame.render_widget(Paragraph::new(header), head);
        let listed = self.listed();
        self.list_height = (list.height as usize).max(1);
        self.selected = self.selected.min(listed.len().saturating_sub(1));
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + self.list_height {
            self.offset = self.selected + 1 - self.list_height;
        }
        let lines: Vec<Line> = listed
            .iter()
            .enumerate()
            .skip(self.offset)
            .take(self.list_height)
            .map(|(i, &n)| {
                let node = &self.record.tree[n];
                let text = self.node_line(node);
                let style = if i == self.selected {
                    theme.selected
                } else if node.visits == 0 {
                    theme.dim
                } else {
                    theme.text
                };
                Line::from(Span::styled(text, style))
            })
            .collect();
        if lines.is_empty() {
            let none = Line::from(Span::styled(" no children: a leaf of the tree", theme.dim));
            frame.render_widget(none, list);
        } else {
            frame.render_widget(Paragraph::new(lines), list);
        }
    }

    /// One child's columns.
    fn node_line(&self, node: &NodeRow) -> String {
        let opens = if node.children.is_empty() { ' ' } else { '▸' };
        let win = node
            .win_rate()
            .map_or("-".to_string(), |w| format!("{:.1}", 100.0 * w));
        let uct = node.uct.map_or("-".to_string(), |u| format!("{u:.3}"));
        let prior = node
            .prior
            .map_or("-".to_string(), |(v, w)| format!("{w:.0}/{v}"));
        let amaf = node.amaf.map_or("-".to_string(), |(v, w)| {
            format!("{:.1}% of {v}", 100.0 * w / f64::from(v.max(1)))
        });
        format!(
            "{opens}{:<10} {:<8} {:>7} {:>7} {:>7} {:>11} {:>13}",
            node.mv,
            self.sides[node.mover.index()],
            node.visits,
            win,
            uct,
            prior,
            amaf
        )
    }

    fn render_replay(
        &self,
        frame: &mut Frame,
        theme: &Theme,
        area: Rect,
        iteration: usize,
        step: usize,
    ) {
        let recorded = &self.record.replay[iteration];
        let current = &recorded.steps[step];
        let tree = match current {
            StepRow::Backup(_) => &recorded.after,
            _ => &recorded.before,
        };
        let (marked, added): (Vec<usize>, Option<usize>) = match current {
            StepRow::Selection(path) | StepRow::Backup(path) => (path.clone(), None),
            StepRow::Expansion(node) => (Vec::new(), Some(*node)),
            StepRow::Playout(..) => (Vec::new(), None),
        };
        let mut lines = vec![
            Line::from(Span::styled(
                format!(
                    " Iteration {} of {} · step {} of {}: {}",
                    iteration + 1,
                    self.record.replay.len(),
                    step + 1,
                    recorded.steps.len(),
                    current.name()
                ),
                theme.title,
            )),
            Line::from(Span::styled(
                format!(" {}", self.describe(recorded, current)),
                theme.text,
            )),
            Line::from(""),
        ];
        let mut shown = Vec::new();
        // The tree the step sees, with the expansion's new node taken from after.
        let mut view = tree.clone();
        if let Some(node) = added {
            view = recorded.after.clone();
            view[node].visits = 0;
            view[node].wins = 0.0;
        }
        visible_nodes(&view, 0, 0, &mut shown, added);
        for (node, depth) in shown {
            let row = &view[node];
            let mark = if Some(node) == added {
                "+ "
            } else if marked.contains(&node) {
                "» "
            } else {
                "  "
            };
            let win = row
                .win_rate()
                .map_or("-".to_string(), |w| format!("{:.0}%", 100.0 * w));
            let text = format!(
                " {mark}{}{}  {} visits, {} wins for {}, win {win}",
                "  ".repeat(depth.min(12)),
                row.mv,
                row.visits,
                trim_float(row.wins),
                self.sides[row.mover.index()]
            );
            let style = if Some(node) == added || marked.contains(&node) {
                theme.selected
            } else {
                theme.text
            };
            lines.push(Line::from(Span::styled(text, style)));
        }
        let block = Block::bordered()
            .title(Span::styled(
                " Replay: one iteration at a time ",
                theme.title,
            ))
            .border_style(theme.border);
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }

    /// What the step does, in a sentence.
    fn describe(&self, recorded: &IterationRows, step: &StepRow) -> String {
        let moves = |path: &[usize], tree: &TreeRows| {
            path.iter()
                .map(|&n| tree[n].mv.clone())
                .collect::<Vec<_>>()
                .join(" › ")
        };
        match step {
            StepRow::Selection(path) if path.len() == 1 => {
                "Selection stops at the root: it still has untried moves".to_string()
            }
            StepRow::Selection(path) => format!(
                "Selection follows the highest UCT value: {}",
                moves(path, &recorded.before)
            ),
            StepRow::Expansion(node) => {
                format!("Expansion adds {} to the tree", recorded.after[*node].mv)
            }
            StepRow::Playout(played, outcome) => {
                let result = match outcome {
                    Outcome::Win(player) => format!("{} wins", self.sides[player.index()]),
                    Outcome::Draw => "a draw".to_string(),
                };
                let mut text: Vec<String> =
                    played.iter().take(PLAYOUT_MOVES_SHOWN).cloned().collect();
                if played.len() > PLAYOUT_MOVES_SHOWN {
                    text.push("…".to_string());
                }
                if text.is_empty() {
                    format!("Playout: the game is already over: {result}")
                } else {
                    format!("Playout plays at random: {}: {result}", text.join(" "))
                }
            }
            StepRow::Backup(path) => format!(
                "Backup: {} nodes count one more visit and the result for their mover",
                path.len()
            ),
        }
    }
}

/// The visited nodes (and `extra`) in depth-first order with their depths.
fn visible_nodes(
    tree: &TreeRows,
    node: usize,
    depth: usize,
    out: &mut Vec<(usize, usize)>,
    extra: Option<usize>,
) {
    out.push((node, depth));
    for &child in &tree[node].children {
        if tree[child].visits > 0 || Some(child) == extra {
            visible_nodes(tree, child, depth + 1, out, extra);
        }
    }
}

/// `1`, `0.5`: wins without trailing zeros.
fn trim_float(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}

screen_forwarding!(MctsExplorer, HelpTopic::Explorer, {});
