//! The explorer: the tree the computer searched, to walk through after (or during) a
//! search. Each node shows its move, its value and window in MAX's view, the size of
//! its subtree and whether it is on the principal variation; moves a cutoff pruned
//! are listed, dimmed, under the node that cut them, with the reason. A summary
//! counts the tree and, on demand, compares it with plain minimax on the same
//! position; `s` replays the search step by step.
//!
//! The tree is shown as a list of visible rows, rebuilt whenever a node opens or
//! closes, so that keys, mouse clicks and scrolling all work on plain row indices.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::Action;
use super::lesson::Lesson;
use super::tree_drawing;
use crate::game::Player;
use crate::search::tree::{NodeKind, SearchTree, TreeNode, ValueBound, show};
use crate::tui::panel::count;
use crate::tui::recorded::{MINIMAX_BUDGET, MinimaxRun, MinimaxState, RecordedSearch};
use crate::tui::replay::{self, Replay};
use crate::tui::theme::Theme;

/// Columns right of the tree: value, window, nodes, notes (with their gaps).
const VALUE_WIDTH: usize = 11;
const WINDOW_WIDTH: usize = 17;
const NODES_WIDTH: usize = 8;
const NOTES_WIDTH: usize = 14;
/// The tree column never gets narrower than this.
const TREE_MIN_WIDTH: usize = 12;
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
    record: RecordedSearch,
    expanded: Vec<bool>,
    rows: Vec<Row>,
    selected: usize,
    offset: usize,
    /// Where the rows were last drawn, for clicks and page keys.
    list_area: Rect,
    replay: Option<Replay>,
    minimax: Option<MinimaxRun>,
    notice: Option<String>,
    /// The tree drawn as the course's figures instead of listed (`d`).
    drawn: bool,
}

impl Explorer {
    /// The explorer on a recorded search, the root's moves showing.
    pub fn new(record: RecordedSearch) -> Explorer {
        let mut expanded = vec![false; record.tree.nodes.len()];
        if let Some(root) = expanded.first_mut() {
            *root = true;
        }
        let mut explorer = Explorer {
            record,
            expanded,
            rows: Vec::new(),
            selected: 0,
            offset: 0,
            list_area: Rect::default(),
            replay: None,
            minimax: None,
            notice: None,
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
        self.minimax.as_ref().map(MinimaxRun::state)
    }

    /// Takes in the minimax comparison's progress.
    pub fn tick(&mut self) {
        if let Some(run) = self.minimax.as_mut() {
            run.poll();
        }
    }

    /// Answers a key; `BackToGame` when the user leaves.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        self.notice = None;
        match key.code {
            KeyCode::Char('q') | KeyCode::Char('t') => return Action::BackToGame,
            KeyCode::Esc if self.replay.is_some() => self.stop_replay(),
            KeyCode::Esc => return Action::BackToGame,
            KeyCode::Char('s') if self.replay.is_some() => self.stop_replay(),
            KeyCode::Char('s') => self.start_replay(),
            KeyCode::Char('m') => self.run_minimax(),
            KeyCode::Char('d') => self.drawn = !self.drawn,
            KeyCode::Char('x') => return self.open_lesson(Lesson::exercise_on),
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
                self.notice = Some(why);
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
                    self.notice = Some("the last step: s or Esc ends the replay".to_string());
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
            Err(why) => self.notice = Some(why),
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
        if matches!(self.minimax(), Some(MinimaxState::Running { .. })) {
            self.notice = Some("minimax is already running".to_string());
            return;
        }
        self.minimax = Some(self.record.start_minimax(MINIMAX_BUDGET));
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

    /// Draws the summary, the tree, the selected node's details and the keys.
    pub fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        let [summary, tree, detail, keys] = Layout::vertical([
            Constraint::Length(6),
            Constraint::Min(5),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        self.render_summary(frame, theme, summary);
        if self.drawn {
            tree_drawing::render_search(frame, tree, theme, &self.record, self.replay.as_ref());
        } else {
            self.render_tree(frame, theme, tree);
        }
        frame.render_widget(self.detail_line(theme), detail);
        frame.render_widget(self.keys_line(theme), keys);
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
                label(" · "),
                recording,
            ]),
        ]
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
                " Tree · last finished iteration, the search still runs · MAX's view ".to_string()
            }
            None => " Tree · values and windows from MAX's view ".to_string(),
        };
        let block = Block::bordered()
            .title(Span::styled(title, theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [header, list] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(inner);
        self.list_area = list;
        let height = list.height.max(1) as usize;
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + height {
            self.offset = self.selected + 1 - height;
        }
        let tree_width = self.tree_width(inner.width as usize);
        let heading = format!(
            "{:<tree_width$} {:>VALUE_WIDTH$} {:<WINDOW_WIDTH$} {:>NODES_WIDTH$}  notes",
            "move", "value", " window [α, β]", "nodes"
        );
        frame.render_widget(Line::from(Span::styled(heading, theme.dim)), header);
        let lines: Vec<Line> = self
            .rows
            .iter()
            .enumerate()
            .skip(self.offset)
            .take(height)
            .map(|(index, &row)| {
                let line = self.row_line(row, tree_width, theme);
                if index == self.selected {
                    line.style(theme.selected)
                } else {
                    line
                }
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), list);
    }

    /// The tree column's width: what the visible moves need, leaving the other
    /// columns their room.
    fn tree_width(&self, width: usize) -> usize {
        let needed = self
            .rows
            .iter()
            .filter_map(|&row| match row {
                Row::Node(n) => Some(self.tree_cell(n).chars().count()),
                Row::Pruned(_) => None,
            })
            .max()
            .unwrap_or(0);
        let others = VALUE_WIDTH + WINDOW_WIDTH + NODES_WIDTH + NOTES_WIDTH + 5;
        needed
            .max(TREE_MIN_WIDTH)
            .min(width.saturating_sub(others).max(TREE_MIN_WIDTH))
    }

    fn indent(node: &TreeNode<String>) -> String {
        "  ".repeat(node.ply.min(MAX_INDENT) as usize)
    }

    /// The tree column of a node: indent, marker (open, closed, or a dot where
    /// there is nothing to open), move.
    fn tree_cell(&self, index: usize) -> String {
        let node = &self.tree().nodes[index];
        let marker = if self.replay.is_some() || !self.openable(index) {
            "· "
        } else if self.expanded[index] {
            "▾ "
        } else {
            "▸ "
        };
        let name = node.mv.as_deref().unwrap_or("root");
        format!("{}{marker}{name}", Self::indent(node))
    }

    fn row_line(&self, row: Row, tree_width: usize, theme: &Theme) -> Line<'static> {
        match row {
            Row::Node(index) => self.node_line(index, tree_width, theme),
            Row::Pruned(index) => {
                let node = &self.tree().nodes[index];
                let reason = node.cut_reason(self.root()).unwrap_or_default();
                let text = format!(
                    "{}  ╌ pruned {}  ({reason})",
                    Self::indent(node),
                    node.pruned.join(" ")
                );
                Line::from(Span::styled(text, theme.dim))
            }
        }
    }

    fn node_line(&self, index: usize, tree_width: usize, theme: &Theme) -> Line<'static> {
        let node = &self.tree().nodes[index];
        let root = self.root();
        let (value, window, nodes) = match &self.replay {
            Some(replay) => {
                let shown = replay.progress()[index];
                let value = match shown.value {
                    Some(_) if shown.returned => value_text(node, root),
                    Some(v) => replay::max_view(node, root, v),
                    None => "…".to_string(),
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
        let mut cell = self.tree_cell(index);
        if cell.chars().count() > tree_width {
            cell = cell
                .chars()
                .take(tree_width.saturating_sub(1))
                .collect::<String>()
                + "…";
        }
        // A replay tells the principal variation only once it is over.
        let pv = node.on_pv && self.replay.as_ref().is_none_or(|r| r.finished(self.tree()));
        let style = if pv { theme.good } else { theme.text };
        let mut notes = Vec::new();
        if pv {
            notes.push("PV");
        }
        notes.extend(kind_note(node.kind));
        // The engine's extras name their visits: scout, re-search, null move...
        notes.extend(Some(node.visit.label()).filter(|l| !l.is_empty()));
        let current = self.replay_node() == Some(index);
        Line::from(vec![
            Span::styled(format!("{cell:<tree_width$} "), style),
            Span::styled(format!("{value:>VALUE_WIDTH$} "), theme.text),
            Span::styled(
                format!(" {window:<w$}", w = WINDOW_WIDTH - 1),
                if current { theme.hint } else { theme.dim },
            ),
            Span::styled(format!(" {nodes:>NODES_WIDTH$}  "), theme.dim),
            Span::styled(notes.join(" "), theme.dim),
        ])
    }

    /// The selected node in a sentence, the replay's step, or a notice.
    fn detail_line(&self, theme: &Theme) -> Line<'static> {
        if let Some(notice) = &self.notice {
            return Line::from(Span::styled(format!(" {notice}"), theme.bad));
        }
        let tree = self.tree();
        if let Some(replay) = &self.replay {
            let step = replay
                .current_step(tree)
                .map(|s| replay::describe(tree, s))
                .unwrap_or_default();
            return Line::from(vec![
                Span::styled(
                    format!(" step {}/{}: ", replay.applied(), tree.steps.len()),
                    theme.dim,
                ),
                Span::styled(step, theme.title),
            ]);
        }
        let text = match self.rows.get(self.selected) {
            Some(&Row::Node(index)) => self.node_sentence(index),
            Some(&Row::Pruned(index)) => {
                let node = &tree.nodes[index];
                format!(
                    "pruned at {}: {} ({})",
                    replay::node_name(node),
                    node.pruned.join(" "),
                    node.cut_reason(self.root()).unwrap_or_default()
                )
            }
            None => "nothing was recorded".to_string(),
        };
        Line::from(Span::styled(format!(" {text}"), theme.text))
    }

    /// `b2: MIN (O to move), 1 ply left, value ≤+3, window [+3, +inf]` (the row
    /// has the node count).
    fn node_sentence(&self, index: usize) -> String {
        let node = &self.tree().nodes[index];
        let root = self.root();
        let role = replay::role(node, root);
        let side = self.record.sides[node.side.index()];
        let who = if side == role {
            role.to_string()
        } else {
            format!("{role} ({side} to move)")
        };
        let plies = if node.depth == 1 { "ply" } else { "plies" };
        format!(
            "{}: {who}, {} {plies} left, value {}, window {}",
            replay::node_name(node),
            node.depth,
            value_text(node, root),
            replay::window_text(node, root, (node.alpha, node.beta)),
        )
    }

    fn keys_line(&self, theme: &Theme) -> Line<'static> {
        let keys = if self.replay.is_some() {
            " n/→ next step  b/← back  Home/End first/last  s/Esc end replay  ? keys  q game"
        } else {
            " ↑↓ select  →← open/close  p/P PV  m minimax  s replay  d draw  ? keys  q game"
        };
        Line::from(Span::styled(keys, theme.dim))
    }
}

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
