//! The explorer: the tree the computer searched, to walk through after (or during) a
//! search. Each node shows its move, its value and window in MAX's view, the size of
//! its subtree and whether it is on the principal variation; moves a cutoff pruned
//! are listed, dimmed, under the node that cut them, with the reason. A summary
//! counts the tree and, on demand, compares it with plain minimax on the same
//! position; `s` replays the search step by step.
//!
//! As a lesson: a pane beside the tree draws the selected node's position with the
//! game's own board and its evaluation's terms; every row says MAX (▲) or MIN (▼);
//! a game searched to the end marks the winning strategy (★); `?` opens a legend and
//! glossary; `e` writes the tree out as DOT, JSON and SVG.
//!
//! The tree is shown as a list of visible rows, rebuilt whenever a node opens or
//! closes, so that keys, mouse clicks and scrolling all work on plain row indices.

mod export;
mod legend;
pub mod winning;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::Action;
use super::help::HelpTopic;
use super::lesson::Lesson;
use super::shape::ShapeScreen;
use super::tree_drawing;
use crate::game::Player;
use crate::search::Algorithm;
use crate::search::tree::{NodeKind, SearchTree, TreeNode, ValueBound, show};
use crate::tui::jobs::{Job, Update};
use crate::tui::panel::count;
use crate::tui::position_pane::{NodeView, render_position_pane};
use crate::tui::recorded::{MINIMAX_BUDGET, MinimaxState, RecordedSearch};
use crate::tui::replay::{self, Replay};
use crate::tui::theme::Theme;
use export::Exported;
use winning::{Keeps, strategy_marks};

/// Trees up to this many nodes are written out (`e`) on the UI thread, Graphviz
/// included, in a blink; larger ones by a job.
const INLINE_EXPORT_NODES: usize = 500;
/// The value column is at least as wide as its heading.
const VALUE_WIDTH: usize = 5;
/// The notes column keeps this much room before the nodes column is dropped.
const NOTES_WIDTH: usize = 12;
/// The tree column never gets narrower than this.
const TREE_MIN_WIDTH: usize = 12;
/// The position pane is at least this wide, at most [`PANE_MAX_WIDTH`], and this
/// wide (or as wide as its board) when there is room, so its text wraps less.
const PANE_MIN_WIDTH: u16 = 26;
/// See [`PANE_MIN_WIDTH`].
const PANE_WIDTH: u16 = 36;
/// See [`PANE_MIN_WIDTH`].
const PANE_MAX_WIDTH: u16 = 42;
/// The tree keeps at least this width beside the position pane.
const TREE_TABLE_MIN_WIDTH: u16 = 52;
/// Deeper plies stop indenting, so deep lines keep their moves on screen.
const MAX_INDENT: u32 = 12;
/// Text before a bar in the comparison.
const BAR_LABEL_WIDTH: usize = 14;

/// One line of the tree list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    /// An explored node.
    Node(usize),
    /// The moves a cutoff at this node pruned.
    Pruned(usize),
}

/// The explorer screen's state.
pub struct Explorer {
    /// Shared with the export job, which writes it out on its own thread.
    record: Arc<RecordedSearch>,
    expanded: Vec<bool>,
    rows: Vec<Row>,
    selected: usize,
    offset: usize,
    /// Where the rows were last drawn, for clicks and page keys.
    list_area: Rect,
    replay: Option<Replay>,
    /// The minimax comparison as last heard of, once asked for.
    minimax: Option<MinimaxState>,
    /// The minimax comparison's search, off the UI thread.
    minimax_job: Job<MinimaxState>,
    /// The tree being written to files, for trees too big to write at once.
    export_job: Job<Result<Exported, String>>,
    notice: Option<Notice>,
    /// The position pane beside the tree is on (`v`).
    show_position: bool,
    /// Rows name the node's state instead of its move (`x`), where the game has states.
    show_states: bool,
    /// The legend (`?`) in front, scrolled this many lines.
    legend: Option<usize>,
    /// The winning-strategy mark of each node, or why the tree has none.
    strategy: Result<Vec<Option<Keeps>>, &'static str>,
    /// The selected node's position, drawn for the theme it was drawn with.
    view: Option<(usize, Theme, Option<NodeView>)>,
    /// Where `e` writes its files.
    export_dir: PathBuf,
    /// The tree drawn as the course's figures instead of listed (`d`).
    drawn: bool,
}

/// A line for the user under the tree: an error, or news such as the files written.
struct Notice {
    text: String,
    error: bool,
}

impl Notice {
    fn error(text: impl Into<String>) -> Option<Notice> {
        Some(Notice {
            text: text.into(),
            error: true,
        })
    }
}

/// Which columns the tree shows and how wide, worked out for each frame.
#[derive(Clone, Copy, Debug)]
struct Columns {
    tree: usize,
    value: usize,
    /// `None` when hidden (plain minimax has no window).
    window: Option<usize>,
    /// `None` when there is no room for it.
    nodes: Option<usize>,
    /// The strategy column, when the tree has marks.
    marks: bool,
    notes: usize,
}

impl Columns {
    /// The width of every column but the notes, with the gaps.
    fn fixed(&self) -> usize {
        self.tree
            + 3
            + if self.marks { 2 } else { 0 }
            + 1
            + self.value
            + self.window.map_or(0, |w| w + 2)
            + self.nodes.map_or(0, |w| w + 1)
            + 2
    }
}

/// One node row's cells, before they are laid out.
struct NodeCells {
    tree: String,
    side: &'static str,
    mark: &'static str,
    value: String,
    window: String,
    nodes: String,
    notes: String,
    pv: bool,
    current: bool,
}

impl Explorer {
    /// The explorer on a recorded search, the root's moves showing.
    pub fn new(record: RecordedSearch) -> Explorer {
        let mut expanded = vec![false; record.tree.nodes.len()];
        if let Some(root) = expanded.first_mut() {
            *root = true;
        }
        let strategy = strategy_marks(&record.tree, &record.chance);
        let mut explorer = Explorer {
            record: Arc::new(record),
            expanded,
            rows: Vec::new(),
            selected: 0,
            offset: 0,
            list_area: Rect::default(),
            replay: None,
            minimax: None,
            minimax_job: Job::new("minimax"),
            export_job: Job::new("export"),
            notice: None,
            show_position: true,
            show_states: false,
            legend: None,
            strategy,
            view: None,
            export_dir: PathBuf::from("."),
            drawn: false,
        };
        explorer.rebuild_rows();
        explorer
    }

    /// The search shown.
    pub fn record(&self) -> &RecordedSearch {
        &self.record
    }

    /// True while a step-by-step replay is on.
    pub fn replaying(&self) -> bool {
        self.replay.is_some()
    }

    /// The minimax comparison, once asked for.
    pub fn minimax(&self) -> Option<MinimaxState> {
        self.minimax
    }

    /// Takes in the minimax comparison's progress and the export's result.
    pub fn tick(&mut self) {
        for update in self.minimax_job.poll() {
            match update {
                Update::Progress(state) | Update::Done(state) => self.minimax = Some(state),
                Update::Failed => {
                    self.minimax = None;
                    self.notice = Notice::error("the minimax comparison stopped without a count");
                }
            }
        }
        for update in self.export_job.poll() {
            match update {
                Update::Progress(_) => {}
                Update::Done(exported) => self.exported(exported),
                Update::Failed => self.notice = Notice::error("the export stopped without writing"),
            }
        }
    }

    /// Where `e` writes the tree (the current directory unless told otherwise).
    pub fn set_export_dir(&mut self, dir: PathBuf) {
        self.export_dir = dir;
    }

    /// True while the legend and glossary are in front.
    pub fn showing_legend(&self) -> bool {
        self.legend.is_some()
    }

    /// Answers a key; `BackToGame` when the user leaves.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        self.notice = None;
        if let Some(scroll) = self.legend {
            self.legend = match key.code {
                KeyCode::Down | KeyCode::Char('j') => Some(scroll + 1),
                KeyCode::Up | KeyCode::Char('k') => Some(scroll.saturating_sub(1)),
                KeyCode::PageDown | KeyCode::Char(' ') => Some(scroll + 10),
                KeyCode::PageUp => Some(scroll.saturating_sub(10)),
                _ => None,
            };
            return Action::Stay;
        }
        match key.code {
            KeyCode::Char('?') => self.legend = Some(0),
            KeyCode::Char('v') => self.show_position = !self.show_position,
            KeyCode::Char('x') => self.toggle_states(),
            KeyCode::Char('e') => self.export(),
            KeyCode::Char('q') | KeyCode::Char('t') => return Action::BackToGame,
            KeyCode::Esc if self.replay.is_some() => self.stop_replay(),
            KeyCode::Esc => return Action::BackToGame,
            KeyCode::Char('s') if self.replay.is_some() => self.stop_replay(),
            KeyCode::Char('s') => self.start_replay(),
            KeyCode::Char('m') => self.run_minimax(),
            KeyCode::Char('f') => {
                return Action::Push(Box::new(ShapeScreen::new(self.record.clone())));
            }
            KeyCode::Char('d') => self.drawn = !self.drawn,
            KeyCode::Char('X') => return self.open_lesson(Lesson::exercise_on),
            KeyCode::Char('B') => return self.open_lesson(Lesson::breadth_first_on),
            code if self.replay.is_some() => self.replay_key(code),
            code => self.browse_key(code),
        }
        Action::Stay
    }

    /// A click selects a row; a click on the selected row opens or closes it.
    pub fn handle_mouse(&mut self, mouse: &MouseEvent) -> Action {
        match mouse.kind {
            MouseEventKind::ScrollDown => self.move_selection(1),
            MouseEventKind::ScrollUp => self.move_selection(-1),
            MouseEventKind::Down(MouseButton::Left) if self.replay.is_none() => {
                let area = self.list_area;
                let inside = mouse.column >= area.x
                    && mouse.column < area.right()
                    && mouse.row >= area.y
                    && mouse.row < area.bottom();
                let index = self.offset + mouse.row.saturating_sub(area.y) as usize;
                if inside && index < self.rows.len() {
                    if index == self.selected {
                        self.toggle();
                    } else {
                        self.selected = index;
                    }
                }
            }
            _ => {}
        }
        Action::Stay
    }

    fn open_lesson(&mut self, open: fn(&RecordedSearch) -> Result<Lesson, String>) -> Action {
        match open(&self.record) {
            Ok(lesson) => Action::Lesson(Box::new(lesson)),
            Err(why) => {
                self.notice = Notice::error(why);
                Action::Stay
            }
        }
    }

    fn tree(&self) -> &SearchTree<String> {
        &self.record.tree
    }

    fn root(&self) -> Player {
        self.record.max_player()
    }

    fn browse_key(&mut self, code: KeyCode) {
        let page = self.list_area.height.max(1) as isize;
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.move_selection(-1),
            KeyCode::Down | KeyCode::Char('j') => self.move_selection(1),
            KeyCode::PageUp => self.move_selection(-page),
            KeyCode::PageDown => self.move_selection(page),
            KeyCode::Home => self.selected = 0,
            KeyCode::End => self.selected = self.rows.len().saturating_sub(1),
            KeyCode::Right | KeyCode::Char('l') => self.open(),
            KeyCode::Left | KeyCode::Char('h') => self.close(),
            KeyCode::Enter => self.toggle(),
            KeyCode::Char('p') => self.next_on_pv(),
            KeyCode::Char('P') => self.open_pv(),
            KeyCode::Char('*') => self.open_subtree(),
            _ => {}
        }
    }

    fn replay_key(&mut self, code: KeyCode) {
        let Some(replay) = self.replay.as_mut() else {
            return;
        };
        let tree = &self.record.tree;
        match code {
            KeyCode::Char('n') | KeyCode::Char(' ') | KeyCode::Right | KeyCode::Char('l') => {
                if !replay.forward(tree) {
                    self.notice = Notice::error("the last step: s or Esc ends the replay");
                }
            }
            KeyCode::Char('b') | KeyCode::Left | KeyCode::Char('h') => {
                replay.back(tree);
            }
            KeyCode::Home => replay.show(tree, 1),
            KeyCode::End => replay.show(tree, tree.steps.len()),
            _ => return,
        }
        self.rebuild_rows();
        self.follow_replay();
    }

    fn start_replay(&mut self) {
        match Replay::start(self.tree()) {
            Ok(replay) => {
                self.replay = Some(replay);
                self.rebuild_rows();
                self.follow_replay();
            }
            Err(why) => self.notice = Notice::error(why),
        }
    }

    fn stop_replay(&mut self) {
        let current = self.replay_node();
        self.replay = None;
        match current {
            Some(node) => self.reveal(node),
            None => self.rebuild_rows(),
        }
    }

    fn replay_node(&self) -> Option<usize> {
        self.replay.as_ref()?.current_node(self.tree())
    }

    /// Selects the row of the node the replay is at.
    fn follow_replay(&mut self) {
        if let Some(node) = self.replay_node() {
            self.select(Row::Node(node));
        }
    }

    fn run_minimax(&mut self) {
        if self.minimax_job.is_running() {
            self.notice = Notice::error("minimax is already running");
            return;
        }
        self.minimax = Some(MinimaxState::Running { nodes: 0 });
        self.minimax_job
            .start(self.record.minimax_work(MINIMAX_BUDGET));
    }

    /// Rows name states instead of moves, and back; only for games with short states.
    fn toggle_states(&mut self) {
        if self.record.states.is_some() {
            self.show_states = !self.show_states;
        } else {
            self.notice = Notice::error("this game has no short state text: rows show moves");
        }
    }

    /// Writes the tree to files and names them: at once for a small tree, by a
    /// job for a large one (which may take seconds), saying so meanwhile.
    fn export(&mut self) {
        let (record, dir, states) = (
            self.record.clone(),
            self.export_dir.clone(),
            self.show_states,
        );
        if record.tree.nodes.len() <= INLINE_EXPORT_NODES {
            let exported = export::export_tree(&record, &dir, states);
            return self.exported(exported);
        }
        self.export_job
            .start(move |_| export::export_tree(&record, &dir, states));
        self.notice = Some(Notice {
            text: "writing the tree...".into(),
            error: false,
        });
    }

    /// Names the files written, or says why they were not.
    fn exported(&mut self, exported: Result<Exported, String>) {
        self.notice = match exported {
            Ok(done) => Some(Notice {
                text: done.summary(&self.export_dir),
                error: false,
            }),
            Err(why) => Notice::error(why),
        };
    }

    fn move_selection(&mut self, by: isize) {
        let last = self.rows.len().saturating_sub(1) as isize;
        self.selected = (self.selected as isize + by).clamp(0, last) as usize;
    }

    fn selected_node(&self) -> Option<usize> {
        match self.rows.get(self.selected)? {
            Row::Node(node) | Row::Pruned(node) => Some(*node),
        }
    }

    /// True when the node has anything to open: children or pruned moves.
    fn openable(&self, node: usize) -> bool {
        let node = &self.tree().nodes[node];
        !node.children.is_empty() || !node.pruned.is_empty()
    }

    /// Opens the selected node; on an open one, steps to its first row below.
    fn open(&mut self) {
        let Some(Row::Node(node)) = self.rows.get(self.selected).copied() else {
            return;
        };
        if !self.openable(node) {
            return;
        }
        if self.expanded[node] {
            self.move_selection(1);
        } else {
            self.set_expanded(node, true);
        }
    }

    /// Closes the selected node; on a closed one (or a pruned row), steps to its parent.
    fn close(&mut self) {
        match self.rows.get(self.selected).copied() {
            Some(Row::Node(node)) if self.expanded[node] && self.openable(node) => {
                self.set_expanded(node, false);
            }
            Some(Row::Node(node)) => {
                if let Some(parent) = self.tree().nodes[node].parent {
                    self.select(Row::Node(parent));
                }
            }
            Some(Row::Pruned(node)) => self.select(Row::Node(node)),
            None => {}
        }
    }

    fn toggle(&mut self) {
        if let Some(Row::Node(node)) = self.rows.get(self.selected).copied()
            && self.openable(node)
        {
            self.set_expanded(node, !self.expanded[node]);
        }
    }

    fn set_expanded(&mut self, node: usize, open: bool) {
        self.expanded[node] = open;
        let keep = self.rows.get(self.selected).copied();
        self.rebuild_rows();
        if let Some(row) = keep {
            self.select(row);
        }
    }

    /// The selected node's child on the principal variation; from off the line (or
    /// its end), the root.
    fn next_on_pv(&mut self) {
        let tree = self.tree();
        let next = self
            .selected_node()
            .filter(|&n| tree.nodes[n].on_pv)
            .and_then(|n| {
                tree.nodes[n]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| tree.nodes[c].on_pv)
            })
            .unwrap_or(0);
        self.reveal(next);
    }

    /// Opens every node on the principal variation.
    fn open_pv(&mut self) {
        let keep = self.rows.get(self.selected).copied();
        let tree = &self.record.tree;
        for (index, node) in tree.nodes.iter().enumerate() {
            if node.on_pv && !node.children.is_empty() {
                self.expanded[index] = true;
            }
        }
        self.rebuild_rows();
        if let Some(row) = keep {
            self.select(row);
        }
    }

    /// Opens the selected node and everything below it, to read a small tree whole.
    fn open_subtree(&mut self) {
        let Some(Row::Node(top)) = self.rows.get(self.selected).copied() else {
            return;
        };
        let mut stack = vec![top];
        while let Some(node) = stack.pop() {
            self.expanded[node] = true;
            stack.extend(self.tree().nodes[node].children.iter().copied());
        }
        self.rebuild_rows();
        self.select(Row::Node(top));
    }

    /// Opens the node's ancestors and selects it.
    fn reveal(&mut self, node: usize) {
        let mut at = self.tree().nodes.get(node).and_then(|n| n.parent);
        while let Some(parent) = at {
            self.expanded[parent] = true;
            at = self.tree().nodes[parent].parent;
        }
        self.rebuild_rows();
        self.select(Row::Node(node));
    }

    fn select(&mut self, row: Row) {
        if let Some(index) = self.rows.iter().position(|&r| r == row) {
            self.selected = index;
        }
    }

    /// The visible rows, depth first: a node, then (when open) its children and the
    /// moves it pruned. A replay shows exactly the nodes entered so far.
    fn rebuild_rows(&mut self) {
        let tree = &self.record.tree;
        let progress = self.replay.as_ref().map(Replay::progress);
        let mut rows = Vec::new();
        let mut stack = if tree.nodes.is_empty() {
            Vec::new()
        } else {
            vec![Row::Node(0)]
        };
        while let Some(row) = stack.pop() {
            rows.push(row);
            let Row::Node(index) = row else { continue };
            let node = &tree.nodes[index];
            let (open, cut) = match progress {
                Some(progress) => (true, progress[index].cut),
                None => (self.expanded[index], true),
            };
            if !open {
                continue;
            }
            if cut && !node.pruned.is_empty() {
                stack.push(Row::Pruned(index));
            }
            for &child in node.children.iter().rev() {
                if progress.is_none_or(|p| p[child].entered) {
                    stack.push(Row::Node(child));
                }
            }
        }
        self.rows = rows;
        self.selected = self.selected.min(self.rows.len().saturating_sub(1));
    }

    /// Draws the summary, the tree (with the position pane beside it, or the legend
    /// instead), the selected node's details and the keys.
    pub fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        let [summary, body, detail, keys] = Layout::vertical([
            Constraint::Length(6),
            Constraint::Min(5),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        self.render_summary(frame, theme, summary);
        if self.legend.is_some() {
            self.render_legend(frame, theme, body);
        } else if self.drawn {
            let marks = self.strategy.as_ref().ok().map(Vec::as_slice);
            let shown = (self.replay.as_ref(), marks);
            tree_drawing::render_search(frame, body, theme, &self.record, shown);
        } else {
            let (tree, pane) = self.split_for_pane(body, theme);
            self.render_tree(frame, theme, tree);
            if let Some(pane) = pane {
                self.render_pane(frame, theme, pane);
            }
        }
        frame.render_widget(self.detail_line(theme, detail.width as usize), detail);
        frame.render_widget(self.keys_line(theme), keys);
    }

    /// The tree's area and the position pane's, when it is on and there is room.
    fn split_for_pane(&mut self, area: Rect, theme: &Theme) -> (Rect, Option<Rect>) {
        if !self.show_position {
            return (area, None);
        }
        let board_width = self
            .selected_node()
            .and_then(|node| self.node_view(node, theme))
            .map_or(0, |view| view.board.area.width + 2);
        // The tree keeps the room its visible rows need (with its borders).
        let table = self.table_width(area.height.saturating_sub(3) as usize) + 2;
        let room = area
            .width
            .saturating_sub(table.max(TREE_TABLE_MIN_WIDTH as usize) as u16);
        if room < PANE_MIN_WIDTH {
            return (area, None);
        }
        // A board too big for the room left is replaced by a line saying so.
        let width = board_width.clamp(PANE_WIDTH, PANE_MAX_WIDTH).min(room);
        let [tree, pane] =
            Layout::horizontal([Constraint::Min(1), Constraint::Length(width)]).areas(area);
        (tree, Some(pane))
    }

    /// The selected node's position, drawn once per node and theme.
    fn node_view(&mut self, node: usize, theme: &Theme) -> Option<&NodeView> {
        let stale = !matches!(&self.view, Some((n, t, _)) if *n == node && t == theme);
        if stale {
            self.view = Some((node, *theme, self.record.node_view(node, theme)));
        }
        self.view.as_ref().and_then(|(_, _, view)| view.as_ref())
    }

    fn render_pane(&mut self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let Some(node) = self.selected_node() else {
            return;
        };
        let title = format!("Position · {}", self.node_label(node));
        let title = shorten(&title, area.width.saturating_sub(4) as usize);
        if let Some(view) = self.node_view(node, theme) {
            render_position_pane(view, &title, theme, area, frame.buffer_mut());
        }
    }

    fn render_legend(&mut self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let block = Block::bordered()
            .title(Span::styled(" Legend and glossary ", theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        let lines = legend::legend_lines(theme, inner.width as usize);
        let last = lines.len().saturating_sub(inner.height as usize);
        let scroll = self.legend.unwrap_or(0).min(last);
        self.legend = Some(scroll);
        let shown: Vec<Line> = lines.into_iter().skip(scroll).collect();
        frame.render_widget(Paragraph::new(shown).block(block), area);
    }

    fn render_summary(&self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let title = format!(" Search tree · {} ", self.record.title);
        let block = Block::bordered()
            .title(Span::styled(title, theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        let [first, second] = self.count_lines(theme);
        let [alpha_beta, minimax] = self.comparison_lines(theme, inner.width as usize);
        let lines = vec![first, second, alpha_beta, minimax];
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }

    /// The tree's counts: explored, leaves, cutoffs, pruned moves, table hits.
    fn count_lines(&self, theme: &Theme) -> [Line<'static>; 2] {
        let tree = self.tree();
        let label = |text: &str| Span::styled(text.to_string(), theme.dim);
        let number = |n: u64| Span::styled(count(n), theme.text);
        let recording = if tree.truncated {
            Span::styled(
                format!(
                    "recording truncated at {} nodes",
                    count(tree.nodes.len() as u64)
                ),
                theme.bad,
            )
        } else {
            Span::styled("recording complete", theme.dim)
        };
        [
            Line::from(vec![
                label("depth "),
                number(tree.depth.into()),
                label(" · explored "),
                number(tree.visited),
                label(" nodes · leaves evaluated "),
                number(tree.leaves() as u64),
                label(" · TT hits "),
                number(tree.table_hits() as u64),
            ]),
            Line::from(vec![
                label("cutoffs "),
                number(tree.cutoffs),
                label(" · pruned moves "),
                number(tree.pruned_moves),
                label(self.pruning_rule_mark()),
                recording,
            ]),
        ]
    }

    /// Which rule the course's alpha-beta cut by, between separators; a lone
    /// separator for minimax and the engine, which have no choice of rule.
    fn pruning_rule_mark(&self) -> &'static str {
        match (self.record.algorithm, self.tree().prune_on_equal) {
            (Algorithm::AlphaBeta, Some(true)) => " · prunes on equal · ",
            (Algorithm::AlphaBeta, Some(false)) => " · strict · ",
            _ => " · ",
        }
    }

    /// Alpha-beta's nodes against plain minimax's on the same position, as bars.
    fn comparison_lines(&self, theme: &Theme, width: usize) -> [Line<'static>; 2] {
        let explored = self.tree().visited;
        let depth = self.tree().depth.max(1);
        let label = |text: &str| Span::styled(format!("{text:<BAR_LABEL_WIDTH$}"), theme.dim);
        let searched = self.record.algorithm.label();
        let bar_room = width.saturating_sub(BAR_LABEL_WIDTH + 34).max(4);
        let (nodes, over_budget) = match self.minimax() {
            Some(MinimaxState::Done { nodes, over_budget }) => (nodes, over_budget),
            pending => {
                let (text, style) = match pending {
                    Some(MinimaxState::Running { nodes }) => (
                        format!("running… {} nodes so far", count(nodes)),
                        theme.text,
                    ),
                    _ => (
                        format!(
                            "m: the same position by plain minimax at depth {depth}, to compare"
                        ),
                        theme.dim,
                    ),
                };
                return [
                    Line::from(vec![
                        label(searched),
                        Span::raw(format!("{} nodes", count(explored))),
                    ]),
                    Line::from(vec![label("plain minimax"), Span::styled(text, style)]),
                ];
            }
        };
        let most = explored.max(nodes).max(1);
        let bar = |n: u64| {
            let filled = ((n as f64 / most as f64) * bar_room as f64).round() as usize;
            let filled = filled.clamp(usize::from(n > 0), bar_room);
            Span::styled(
                format!("{}{} ", "█".repeat(filled), "░".repeat(bar_room - filled)),
                theme.gauge,
            )
        };
        let share = explored as f64 / nodes.max(1) as f64;
        let (minimax_count, note) = if over_budget {
            (
                format!("> {} nodes", count(nodes)),
                "over budget: stopped".to_string(),
            )
        } else {
            (
                format!("{} nodes", count(nodes)),
                format!("{:.1}x as many", nodes as f64 / explored.max(1) as f64),
            )
        };
        let ab_note = if over_budget {
            format!("< {:.1}% of minimax", share * 100.0)
        } else {
            format!("{:.1}% of minimax", share * 100.0)
        };
        [
            Line::from(vec![
                label(searched),
                bar(explored),
                Span::raw(format!("{:>13}", format!("{} nodes", count(explored)))),
                Span::styled(format!("  {ab_note}"), theme.dim),
            ]),
            Line::from(vec![
                label("plain minimax"),
                bar(nodes),
                Span::raw(format!("{minimax_count:>13}")),
                Span::styled(format!("  {note}"), theme.dim),
            ]),
        ]
    }

    fn render_tree(&mut self, frame: &mut Frame, theme: &Theme, area: Rect) {
        let title = match &self.replay {
            Some(replay) => format!(
                " Replay · step {} of {} ",
                replay.applied(),
                self.tree().steps.len()
            ),
            None if self.record.running => {
                " Tree · last finished iteration, still searching ".to_string()
            }
            None if self.record.algorithm == Algorithm::Minimax => {
                " Tree · values from MAX's view ".to_string()
            }
            None => " Tree · values and windows from MAX's view ".to_string(),
        };
        let title = shorten(&title, area.width.saturating_sub(2) as usize);
        let block = Block::bordered()
            .title(Span::styled(title, theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [header, list] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(inner);
        self.list_area = list;
        let height = list.height.max(1) as usize;
        let visible = self.visible_rows(height);
        let cells: Vec<Option<NodeCells>> = visible
            .iter()
            .map(|&(_, row)| match row {
                Row::Node(node) => Some(self.node_cells(node)),
                Row::Pruned(_) => None,
            })
            .collect();
        let columns = self.columns(cells.iter().flatten(), inner.width as usize);
        frame.render_widget(
            Line::from(Span::styled(heading(&columns), theme.dim)),
            header,
        );
        let lines: Vec<Line> = visible
            .iter()
            .zip(&cells)
            .map(|(&(index, row), cells)| {
                let line = match (row, cells) {
                    (Row::Node(_), Some(cells)) => node_line(cells, &columns, theme),
                    (Row::Pruned(node), _) => self.pruned_line(node, inner.width as usize, theme),
                    _ => Line::default(),
                };
                if index == self.selected {
                    line.style(theme.selected)
                } else {
                    line
                }
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), list);
    }

    /// The rows a list `height` rows high shows, with their indices, scrolled so
    /// that the selected row is among them.
    fn visible_rows(&mut self, height: usize) -> Vec<(usize, Row)> {
        let height = height.max(1);
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + height {
            self.offset = self.selected + 1 - height;
        }
        self.rows
            .iter()
            .copied()
            .enumerate()
            .skip(self.offset)
            .take(height)
            .collect()
    }

    /// The width the rows a list `height` rows high shows need, every column and
    /// note whole (the nodes column excepted, which gives way first).
    fn table_width(&mut self, height: usize) -> usize {
        let visible = self.visible_rows(height);
        let cells: Vec<NodeCells> = visible
            .iter()
            .filter_map(|&(_, row)| match row {
                Row::Node(node) => Some(self.node_cells(node)),
                Row::Pruned(_) => None,
            })
            .collect();
        let columns = self.columns(cells.iter(), usize::MAX);
        let notes = cells
            .iter()
            .map(|c| c.notes.chars().count())
            .max()
            .unwrap_or(0);
        columns.fixed() - columns.nodes.map_or(0, |w| w + 1) + notes
    }

    /// The columns for these rows in `width`: each as wide as its widest cell; the
    /// nodes column goes first when room is short, then the tree column narrows.
    fn columns<'a>(&self, rows: impl Iterator<Item = &'a NodeCells>, width: usize) -> Columns {
        let mut columns = Columns {
            tree: TREE_MIN_WIDTH,
            value: VALUE_WIDTH,
            window: (self.record.algorithm != Algorithm::Minimax).then_some(WINDOW_HEADING.len()),
            nodes: Some(NODES_HEADING.len()),
            marks: self.strategy.is_ok(),
            notes: 0,
        };
        let mut notes = 0;
        for cells in rows {
            columns.tree = columns.tree.max(cells.tree.chars().count());
            columns.value = columns.value.max(cells.value.chars().count());
            columns.window = columns.window.map(|w| w.max(cells.window.chars().count()));
            columns.nodes = columns.nodes.map(|w| w.max(cells.nodes.chars().count()));
            notes = notes.max(cells.notes.chars().count());
        }
        let fixed = Columns::fixed;
        if fixed(&columns) + notes.max(NOTES_WIDTH) > width {
            columns.nodes = None;
        }
        let room = width.saturating_sub(fixed(&Columns { tree: 0, ..columns }) + notes);
        columns.tree = columns.tree.min(room.max(TREE_MIN_WIDTH));
        columns.notes = width.saturating_sub(fixed(&columns));
        columns
    }

    fn indent(node: &TreeNode<String>) -> String {
        "  ".repeat(node.ply.min(MAX_INDENT) as usize)
    }

    /// What a row calls its node: the move (`root` at the root) or, with states on,
    /// the position's short state.
    fn node_label(&self, index: usize) -> String {
        if self.show_states
            && let Some(state) = self.record.states.as_ref().and_then(|s| s.get(index))
        {
            return state.clone();
        }
        let node = &self.tree().nodes[index];
        node.mv.clone().unwrap_or_else(|| "root".to_string())
    }

    /// The tree column of a node: indent, marker (open, closed, or a dot where
    /// there is nothing to open), label.
    fn tree_cell(&self, index: usize) -> String {
        let node = &self.tree().nodes[index];
        let marker = if self.replay.is_some() || !self.openable(index) {
            "· "
        } else if self.expanded[index] {
            "▾ "
        } else {
            "▸ "
        };
        format!("{}{marker}{}", Self::indent(node), self.node_label(index))
    }

    /// True at a chance node.
    fn is_chance(&self, index: usize) -> bool {
        self.record.chance.get(index).copied().unwrap_or(false)
    }

    /// The strategy mark of a node: `★` keeps the proven value, `?` undecided.
    fn mark(&self, index: usize) -> Option<Keeps> {
        self.strategy.as_ref().ok()?.get(index).copied().flatten()
    }

    fn node_cells(&self, index: usize) -> NodeCells {
        let node = &self.tree().nodes[index];
        let root = self.root();
        let (value, window, nodes) = match &self.replay {
            Some(replay) => {
                let shown = replay.progress()[index];
                let value = match shown.value {
                    Some(_) if shown.returned => value_text(node, root),
                    Some(v) => replay::max_view(node, root, v),
                    None => replay::running_best(self.tree(), replay, index),
                };
                let nodes = if shown.returned {
                    count(node.subtree_nodes)
                } else {
                    String::new()
                };
                (value, replay::window_text(node, root, shown.window), nodes)
            }
            None => (
                value_text(node, root),
                replay::window_text(node, root, (node.alpha, node.beta)),
                count(node.subtree_nodes),
            ),
        };
        // A replay tells the principal variation and the strategy only once it is over.
        let over = self.replay.as_ref().is_none_or(|r| r.finished(self.tree()));
        let pv = node.on_pv && over;
        let mut notes = Vec::new();
        if pv {
            notes.push("PV");
        }
        notes.extend(kind_note(node.kind));
        // The engine's extras name their visits: scout, re-search, null move...
        notes.extend(Some(node.visit.label()).filter(|l| !l.is_empty()));
        let mark = match self.mark(index).filter(|_| over) {
            Some(Keeps::Yes) => "★",
            Some(Keeps::Undecided) => "?",
            None => " ",
        };
        NodeCells {
            tree: self.tree_cell(index),
            side: if self.is_chance(index) {
                "◆"
            } else if node.side == root {
                "▲"
            } else {
                "▼"
            },
            mark,
            value,
            window,
            nodes,
            notes: notes.join(" "),
            pv,
            current: self.replay_node() == Some(index),
        }
    }

    /// The moves a cutoff pruned, with the reason, cut to whole moves that fit.
    fn pruned_line(&self, index: usize, width: usize, theme: &Theme) -> Line<'static> {
        let node = &self.tree().nodes[index];
        let reason = replay::cut_reason(node, self.tree()).unwrap_or_default();
        let indent = Self::indent(node);
        let all = format!("{indent}  ╌ pruned {}  ({reason})", node.pruned.join(" "));
        let text = if all.chars().count() <= width {
            all
        } else {
            let head = format!("{indent}  ╌ pruned {} moves:", node.pruned.len());
            let tail = format!("  ({reason})");
            let room = width.saturating_sub(head.chars().count() + tail.chars().count() + 2);
            let mut moves = String::new();
            for mv in &node.pruned {
                if moves.chars().count() + mv.chars().count() + 1 > room {
                    moves += " …";
                    break;
                }
                moves += &format!(" {mv}");
            }
            shorten(&format!("{head}{moves}{tail}"), width)
        };
        Line::from(Span::styled(text, theme.dim))
    }

    /// The selected node in a sentence, the replay's step, or a notice, cut to `width`.
    fn detail_line(&self, theme: &Theme, width: usize) -> Line<'static> {
        if let Some(notice) = &self.notice {
            let style = if notice.error { theme.bad } else { theme.hint };
            return Line::from(Span::styled(
                shorten(&format!(" {}", notice.text), width),
                style,
            ));
        }
        let tree = self.tree();
        if let Some(replay) = &self.replay {
            let step = replay
                .current_step(tree)
                .map(|s| replay::describe(&self.record, s))
                .unwrap_or_default();
            let head = format!(" step {}/{}: ", replay.applied(), tree.steps.len());
            let room = width.saturating_sub(head.chars().count());
            return Line::from(vec![
                Span::styled(head, theme.dim),
                Span::styled(shorten(&step, room), theme.title),
            ]);
        }
        let text = match self.rows.get(self.selected) {
            Some(&Row::Node(index)) => self.node_sentence(index, width),
            Some(&Row::Pruned(index)) => {
                // The rule in the course's words, or the shorter reason if it is too long.
                let node = &tree.nodes[index];
                let name = replay::node_name(&self.record.names, index);
                let rule = replay::cut_rule(node, tree).unwrap_or_default();
                let full = format!("pruned at {name}: {rule}");
                if full.chars().count() < width {
                    full
                } else {
                    let reason = replay::cut_reason(node, tree).unwrap_or_default();
                    format!("pruned at {name}: {reason}")
                }
            }
            None => "nothing was recorded".to_string(),
        };
        Line::from(Span::styled(
            shorten(&format!(" {text}"), width),
            theme.text,
        ))
    }

    /// `b2: MIN (O to move), 1 ply left, value ≤+3, window [+3, +inf]` (the row
    /// has the node count); a strategy mark says what it means instead of the window.
    fn node_sentence(&self, index: usize, width: usize) -> String {
        let node = &self.tree().nodes[index];
        let root = self.root();
        let role = replay::role_text(&self.record, index);
        let side = self.record.sides[node.side.index()];
        let who = if side == role || self.is_chance(index) {
            role
        } else {
            format!("{role} ({side} to move)")
        };
        let plies = if node.depth == 1 { "ply" } else { "plies" };
        let head = format!(
            "{}: {who}, {} {plies} left, value {}",
            replay::node_name(&self.record.names, index),
            node.depth,
            value_text(node, root),
        );
        let proven = node.parent.map(|p| value_text(&self.tree().nodes[p], root));
        let tail = match (self.mark(index), proven) {
            (Some(Keeps::Yes), Some(proven)) => format!(", ★ keeps MAX's proven {proven}"),
            (Some(Keeps::Undecided), Some(proven)) => {
                format!(", ? only a bound: keeps {proven} or not, undecided")
            }
            // Plain minimax has no window to speak of.
            _ if self.record.algorithm == Algorithm::Minimax => String::new(),
            _ => format!(
                ", window {}",
                replay::window_text(node, root, (node.alpha, node.beta))
            ),
        };
        if head.chars().count() + tail.chars().count() < width {
            head + &tail
        } else {
            head
        }
    }

    fn keys_line(&self, theme: &Theme) -> Line<'static> {
        let keys = if self.legend.is_some() {
            " ↑↓ PgUp PgDn scroll  any other key closes the legend"
        } else if self.replay.is_some() {
            " n/→ next  b/← back  Home/End  s/Esc end replay  v board  x states  ? legend"
        } else {
            " * open  m minimax  f shape  s replay  d draw  X exercise  B breadth  ? all keys"
        };
        Line::from(Span::styled(keys, theme.dim))
    }
}

/// The column headings.
fn heading(columns: &Columns) -> String {
    let mut text = format!("{:<w$} ▲▼", "move", w = columns.tree);
    if columns.marks {
        text += " ★";
    }
    text += &format!(" {:>w$}", "value", w = columns.value);
    if let Some(w) = columns.window {
        text += &format!("  {WINDOW_HEADING:<w$}");
    }
    if let Some(w) = columns.nodes {
        text += &format!(" {NODES_HEADING:>w$}");
    }
    text + "  notes"
}

/// A node's row laid out in the columns.
fn node_line(cells: &NodeCells, columns: &Columns, theme: &Theme) -> Line<'static> {
    let style = if cells.pv { theme.good } else { theme.text };
    let tree = if cells.tree.chars().count() > columns.tree {
        shorten(&cells.tree, columns.tree)
    } else {
        cells.tree.clone()
    };
    let mut spans = vec![
        Span::styled(format!("{tree:<w$} ", w = columns.tree), style),
        Span::styled(format!(" {}", cells.side), theme.text),
    ];
    if columns.marks {
        spans.push(Span::styled(format!(" {}", cells.mark), theme.good));
    }
    spans.push(Span::styled(
        format!(" {:>w$}", cells.value, w = columns.value),
        theme.text,
    ));
    if let Some(w) = columns.window {
        let window_style = if cells.current { theme.hint } else { theme.dim };
        spans.push(Span::styled(
            format!("  {:<w$}", cells.window),
            window_style,
        ));
    }
    if let Some(w) = columns.nodes {
        spans.push(Span::styled(format!(" {:>w$}", cells.nodes), theme.dim));
    }
    spans.push(Span::styled(
        format!("  {}", shorten(&cells.notes, columns.notes)),
        theme.dim,
    ));
    Line::from(spans)
}

/// `text` in at most `width` characters, ending in `…` where it was cut.
fn shorten(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_string()
    } else {
        text.chars()
            .take(width.saturating_sub(1))
            .collect::<String>()
            + "…"
    }
}

/// The window column's heading.
const WINDOW_HEADING: &str = "window [α, β]";
/// The nodes column's heading.
const NODES_HEADING: &str = "nodes";

/// The value in MAX's view with its bound: `+3`, `≥+3`, `≤+3`; `?` if unfinished.
fn value_text(node: &TreeNode<String>, root: Player) -> String {
    if node.kind == NodeKind::Unfinished {
        return "?".to_string();
    }
    let value = show(node.value_for(root));
    match node.bound_for(root) {
        ValueBound::Exact => value,
        ValueBound::Lower => format!("≥{value}"),
        ValueBound::Upper => format!("≤{value}"),
    }
}

/// How a node was scored, when it is not an ordinary inner node.
fn kind_note(kind: NodeKind) -> Option<&'static str> {
    match kind {
        NodeKind::Inner => None,
        NodeKind::Terminal => Some("game over"),
        NodeKind::Horizon => Some("horizon"),
        NodeKind::Leaf => Some("leaf"),
        NodeKind::TableHit => Some("TT hit"),
        NodeKind::Unfinished => Some("unfinished"),
    }
}

screen_forwarding!(Explorer, mouse, {
    fn tick(&mut self, _now: Instant) -> Action {
        Explorer::tick(self);
        Action::Stay
    }

    fn tick_behind(&mut self, _now: Instant) {
        Explorer::tick(self);
    }

    /// The explorer answers `?` itself, with its legend and glossary.
    fn help(&self) -> Option<HelpTopic> {
        None
    }
});
