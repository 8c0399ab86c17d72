//! The drawn tree: a small search tree laid out top-down like the course's figures.
//! MAX nodes are ▲, MIN nodes ▼ and chance nodes ◆ with their values, leaves are their values, the
//! window the search entered a node with is written beside its edge where there is
//! room, the edge into a pruned branch is crossed out (✗) and the branch stays drawn
//! below it, dimmed, with its leaves' values; the principal variation is highlighted.
//! In a game searched to the end, the edge of a MAX move that keeps the proven value
//! is ★ (? when alpha-beta left it undecided). The legend lists exactly the marks
//! drawn ([`legend_of`]), and the title says which pruning rule cut.
//!
//! Layout and looks are apart: [`draw_lines`] places any [`Figure`] given how each
//! node looks, so the explorer, its replay, the exercise and the breadth-first
//! replay all draw the same way and differ only in what they show.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::explorer::winning::Keeps;
use crate::search::figure::{Figure, FigureNode, compact};
use crate::search::score::Score;
use crate::search::tree::ValueBound;
use crate::tui::recorded::RecordedSearch;
use crate::tui::replay::{NodeProgress, Replay};
use crate::tui::theme::Theme;

/// Rows a level takes: the nodes, the bar joining a node to its children, the edges.
const ROWS_PER_LEVEL: usize = 3;
/// Widest a leaf's column gets, so small trees stay compact.
const MAX_SLOT: usize = 10;

/// How the edge from a node's parent into it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// An ordinary edge: `│`.
    Solid,
    /// An edge below a crossed-out one, inside a pruned branch: `╎`.
    Dashed,
    /// The edge into a pruned branch, crossed out: `✗`.
    Crossed,
    /// Any other mark on the edge (the exercise's grades).
    Mark(char),
}

/// How one node is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeLook {
    /// The node's text: `▲3`, `▼≤2`, a leaf's `12`.
    pub text: String,
    /// The text's style.
    pub style: Style,
    /// The edge into the node.
    pub edge: Edge,
    /// The edge's style.
    pub edge_style: Style,
    /// Written right of the edge when it fits (the window).
    pub edge_label: Option<String>,
}

/// ▲ for MAX, ▼ for MIN, ◆ for a chance node.
pub fn shape(node: &FigureNode) -> &'static str {
    shape_and_role(node).0
}

/// Who decides at a node, in words: `MAX`, `MIN` or `chance`.
pub fn role(node: &FigureNode) -> &'static str {
    shape_and_role(node).1
}

fn shape_and_role(node: &FigureNode) -> (&'static str, &'static str) {
    if node.chance {
        ("◆", "chance")
    } else if node.max {
        ("▲", "MAX")
    } else {
        ("▼", "MIN")
    }
}

/// A node's text with a value: a leaf is its value, an inner node its shape then
/// its value with the bound (`▼≤2`); without a value, the shape alone.
pub fn node_text(node: &FigureNode, value: Option<Score>, bound: ValueBound) -> String {
    let Some(value) = value else {
        return shape(node).to_string();
    };
    let bound = match bound {
        ValueBound::Exact => "",
        ValueBound::Lower => "≥",
        ValueBound::Upper => "≤",
    };
    let text = format!("{bound}{}", compact(value));
    if node.leaf {
        text
    } else {
        format!("{}{text}", shape(node))
    }
}

/// A window in MAX's view, compact: `[3,+∞]`.
pub fn window_label((low, high): (Score, Score)) -> String {
    format!("[{},{}]", compact(low), compact(high))
}

/// One cell of the drawing.
type Cell = (char, Style);

/// The figure laid out in `width` columns, or why it does not fit.
pub fn draw_lines(
    figure: &Figure,
    looks: &[NodeLook],
    width: usize,
) -> Result<Vec<Line<'static>>, String> {
    let x = columns(figure, looks, width)?;
    let rows = figure.height() * ROWS_PER_LEVEL + 1;
    let mut grid: Vec<Vec<Cell>> = vec![vec![(' ', Style::default()); width]; rows];
    for (index, node) in figure.nodes.iter().enumerate() {
        let row = node.level * ROWS_PER_LEVEL;
        let look = &looks[index];
        let start = x[index] - (text_width(&look.text).saturating_sub(1)) / 2;
        for (offset, ch) in look.text.chars().enumerate() {
            grid[row][start + offset] = (ch, look.style);
        }
        if !node.children.is_empty() {
            draw_bar(&mut grid[row + 1], figure, looks, &x, index);
            for &child in &node.children {
                draw_edge(&mut grid[row + 2], &looks[child], x[child]);
            }
        }
    }
    // Labels last, so each one knows where every edge is.
    for (index, node) in figure.nodes.iter().enumerate().skip(1) {
        let row = (node.level - 1) * ROWS_PER_LEVEL + 2;
        draw_label(&mut grid[row], &looks[index], x[index]);
    }
    Ok(grid.into_iter().map(line_of).collect())
}

fn text_width(text: &str) -> usize {
    text.chars().count()
}

/// Each node's column: leaves side by side in equal slots, a parent over the middle
/// of its children; an error when the slots or the node texts would not fit.
fn columns(figure: &Figure, looks: &[NodeLook], width: usize) -> Result<Vec<usize>, String> {
    let leaves: Vec<usize> = figure
        .subtree(0)
        .into_iter()
        .filter(|&n| figure.nodes[n].children.is_empty())
        .collect();
    let widest_leaf = leaves
        .iter()
        .map(|&n| text_width(&looks[n].text))
        .max()
        .unwrap_or(1);
    let too_wide = || {
        format!(
            "{} leaves do not fit in {width} columns: too big to draw; try a lower depth",
            leaves.len()
        )
    };
    let slot = (width / leaves.len().max(1)).clamp(widest_leaf + 1, MAX_SLOT.max(widest_leaf + 1));
    let total = slot * leaves.len();
    if total > width {
        return Err(too_wide());
    }
    let margin = (width - total) / 2;
    let mut x = vec![0; figure.nodes.len()];
    for (i, &leaf) in leaves.iter().enumerate() {
        x[leaf] = margin + slot * i + slot / 2;
    }
    for index in (0..figure.nodes.len()).rev() {
        let children = &figure.nodes[index].children;
        if let (Some(&first), Some(&last)) = (children.first(), children.last()) {
            x[index] = (x[first] + x[last]) / 2;
        }
    }
    // Node texts on one row must keep a space between them and stay on screen.
    for level in 0..=figure.height() {
        let mut spans: Vec<(usize, usize)> = (0..figure.nodes.len())
            .filter(|&n| figure.nodes[n].level == level)
            .map(|n| {
                let w = text_width(&looks[n].text);
                let start = x[n].checked_sub(w.saturating_sub(1) / 2);
                (start.unwrap_or(usize::MAX), w)
            })
            .collect();
        spans.sort();
        let overlap = spans.windows(2).any(|p| p[0].0 + p[0].1 >= p[1].0);
        let outside = spans
            .iter()
            .any(|&(start, w)| start == usize::MAX || start + w > width);
        if overlap || outside {
            return Err(too_wide());
        }
    }
    Ok(x)
}

/// The bar under a node joining it to its children: `┌──┴──┐`, each child's stretch
/// in its edge's style, dashed (`╌`) towards a pruned child.
fn draw_bar(row: &mut [Cell], figure: &Figure, looks: &[NodeLook], x: &[usize], parent: usize) {
    let children = &figure.nodes[parent].children;
    let at = x[parent];
    if children.len() == 1 {
        let look = &looks[children[0]];
        row[x[children[0]]] = ('│', look.edge_style);
        return;
    }
    let (first, last) = (x[children[0]], x[children[children.len() - 1]]);
    for (col, cell) in row.iter_mut().enumerate().take(last + 1).skip(first) {
        // The child whose path from the parent runs over this column.
        let owner = if col < at {
            children.iter().rev().find(|&&c| x[c] <= col)
        } else {
            children.iter().find(|&&c| x[c] >= col)
        };
        let Some(&owner) = owner else { continue };
        let look = &looks[owner];
        let straight = if matches!(look.edge, Edge::Crossed | Edge::Dashed) {
            '╌'
        } else {
            '─'
        };
        let child_here = children.iter().any(|&c| x[c] == col);
        let ch = match (col == at, child_here) {
            (true, true) => '┼',
            (true, false) => '┴',
            (false, true) if col == first => '┌',
            (false, true) if col == last => '┐',
            (false, true) => '┬',
            (false, false) => straight,
        };
        let style = if col == at {
            looks[parent].edge_style
        } else {
            look.edge_style
        };
        *cell = (ch, style);
    }
}

/// The edge into a child: its mark.
fn draw_edge(row: &mut [Cell], look: &NodeLook, at: usize) {
    let mark = match look.edge {
        Edge::Solid => '│',
        Edge::Dashed => '╎',
        Edge::Crossed => '✗',
        Edge::Mark(ch) => ch,
    };
    row[at] = (mark, look.edge_style);
}

/// The edge's label right of its mark, when it fits before the next thing on the
/// row with a blank column to spare.
fn draw_label(row: &mut [Cell], look: &NodeLook, at: usize) {
    let Some(label) = &look.edge_label else {
        return;
    };
    let spare = at + 1 + text_width(label);
    let fits = spare < row.len() && row[at + 1..=spare].iter().all(|(c, _)| *c == ' ');
    if fits {
        for (offset, ch) in label.chars().enumerate() {
            row[at + 1 + offset] = (ch, look.edge_style);
        }
    }
}

/// A row of cells as a line, neighbouring cells of one style in one span.
fn line_of(cells: Vec<Cell>) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut style = cells.first().map(|c| c.1).unwrap_or_default();
    for (ch, cell_style) in cells {
        if cell_style != style && !text.is_empty() {
            spans.push(Span::styled(std::mem::take(&mut text), style));
        }
        style = cell_style;
        text.push(ch);
    }
    if !text.is_empty() {
        spans.push(Span::styled(text, style));
    }
    Line::from(spans)
}

/// True when the node lies in a branch a cutoff pruned.
fn pruned(figure: &Figure, node: usize) -> bool {
    figure.never_visited(node)
}

/// The nearest visited ancestor of a never-visited node: where the cutoff was.
fn cut_at(figure: &Figure, node: usize) -> Option<usize> {
    let mut at = figure.nodes[node].parent;
    while let Some(a) = at {
        if !figure.never_visited(a) {
            return Some(a);
        }
        at = figure.nodes[a].parent;
    }
    None
}

/// The replay's state for the drawing: each recorded node's progress, and the
/// recorded node of the current step.
pub struct ReplayView<'a> {
    /// What the replay has shown of each recorded node.
    pub progress: &'a [NodeProgress],
    /// The recorded node the current step is about.
    pub current: Option<usize>,
    /// True once the last step is shown (the PV is only told then).
    pub finished: bool,
}

/// What a drawing of a recorded search shows besides the figure: the replay in
/// progress, if any, and the winning strategy's marks (per recorded node), if the
/// game was searched to the end.
#[derive(Clone, Copy, Default)]
pub struct SearchView<'a> {
    /// The replay's state, during a replay.
    pub replay: Option<&'a ReplayView<'a>>,
    /// Each recorded node's strategy mark, for a game searched to the end.
    pub marks: Option<&'a [Option<Keeps>]>,
}

impl SearchView<'_> {
    /// True when the search's outcome is told: no replay, or its last step shown.
    fn over(&self) -> bool {
        self.replay.is_none_or(|r| r.finished)
    }
}

/// How a recorded search looks drawn: its values and windows, the pruned branches
/// crossed out, the PV highlighted, the strategy's moves marked; during a replay,
/// only what the steps so far showed, the current step's node reversed.
pub fn search_looks(figure: &Figure, theme: &Theme, view: SearchView) -> Vec<NodeLook> {
    (0..figure.nodes.len())
        .map(|index| {
            let node = &figure.nodes[index];
            match node.recorded {
                Some(recorded) => {
                    let mut look = visited_look(node, recorded, theme, view.replay);
                    let mark = view.marks.and_then(|m| m.get(recorded).copied().flatten());
                    if let Some(keeps) = mark.filter(|_| view.over()) {
                        look.edge = Edge::Mark(match keeps {
                            Keeps::Yes => KEEPS,
                            Keeps::Undecided => UNDECIDED,
                        });
                        look.edge_style = theme.good;
                    }
                    look
                }
                None => pruned_look(figure, index, theme, view.replay),
            }
        })
        .collect()
}

/// True when the drawing shows a principal variation in bold.
pub fn pv_shown(figure: &Figure, view: SearchView) -> bool {
    view.over() && figure.nodes.iter().any(|n| n.on_pv)
}

fn visited_look(
    node: &FigureNode,
    recorded: usize,
    theme: &Theme,
    replay: Option<&ReplayView>,
) -> NodeLook {
    let pv = node.on_pv && replay.is_none_or(|r| r.finished);
    let base = if pv { theme.good } else { theme.text };
    let root = node.parent.is_none();
    let Some(replay) = replay else {
        return NodeLook {
            text: node_text(node, node.value, node.bound),
            style: base,
            edge: Edge::Solid,
            edge_style: base,
            edge_label: node.window.filter(|_| !root).map(window_label),
        };
    };
    let shown = replay.progress.get(recorded).copied().unwrap_or_default();
    let max_view = |v: Score| if node.max { v } else { -v };
    let (text, label) = if !shown.entered {
        // A leaf's value is written in the tree before anyone searches it.
        let leaf_value = node.value.filter(|_| node.leaf);
        (node_text(node, leaf_value, ValueBound::Exact), None)
    } else {
        let (alpha, beta) = shown.window;
        let window = if node.max {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        let bound = if shown.returned {
            node.bound
        } else {
            ValueBound::Exact
        };
        (
            node_text(node, shown.value.map(max_view), bound),
            // Minimax's figures carry no windows: they would all be [-inf, +inf].
            (!root && node.window.is_some()).then(|| window_label(window)),
        )
    };
    let style = if replay.current == Some(recorded) {
        theme.selected
    } else if shown.entered {
        base
    } else {
        theme.dim
    };
    NodeLook {
        text,
        style,
        edge: Edge::Solid,
        edge_style: if shown.entered { base } else { theme.dim },
        edge_label: label,
    }
}

fn pruned_look(
    figure: &Figure,
    index: usize,
    theme: &Theme,
    replay: Option<&ReplayView>,
) -> NodeLook {
    let node = &figure.nodes[index];
    let cut_shown = match replay {
        None => true,
        Some(replay) => cut_at(figure, index)
            .and_then(|a| figure.nodes[a].recorded)
            .and_then(|r| replay.progress.get(r))
            .is_some_and(|p| p.cut),
    };
    let first_pruned = node.parent.is_some_and(|p| !pruned(figure, p));
    let edge = match (cut_shown, first_pruned) {
        (false, _) => Edge::Solid,
        (true, true) => Edge::Crossed,
        (true, false) => Edge::Dashed,
    };
    NodeLook {
        text: node_text(node, node.value.filter(|_| node.leaf), ValueBound::Exact),
        style: theme.dim,
        edge,
        edge_style: if edge == Edge::Crossed {
            theme.bad
        } else {
            theme.dim
        },
        edge_label: None,
    }
}

/// Draws the lines in a bordered block, or the reason they could not be made,
/// with a legend on the last row when there is room.
pub fn render_drawing(
    frame: &mut Frame,
    area: Rect,
    theme: &Theme,
    title: &str,
    drawing: Result<Vec<Line<'static>>, String>,
    legend: &[String],
) {
    let block = Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.title))
        .border_style(theme.border);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let mut lines = match drawing {
        Ok(lines) => lines,
        Err(why) => {
            let text = format!("No drawing: {why}.");
            let paragraph = Paragraph::new(Span::styled(text, theme.bad))
                .alignment(Alignment::Center)
                .wrap(ratatui::widgets::Wrap { trim: true });
            frame.render_widget(paragraph, inner);
            return;
        }
    };
    let room = inner.height as usize;
    let legend = legend_lines(legend, inner.width as usize);
    if !legend.is_empty() && lines.len() + 1 + legend.len() <= room {
        lines.push(Line::default());
        lines.extend(
            legend
                .into_iter()
                .map(|l| Line::from(Span::styled(l, theme.dim))),
        );
    }
    if lines.len() > room {
        let text = format!(
            "{} rows do not fit in {room}: too deep to draw here; try a lower depth or a taller terminal.",
            lines.len()
        );
        frame.render_widget(Paragraph::new(Span::styled(text, theme.bad)), inner);
        return;
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

/// A drawing's legend: each mark that may be drawn, with its meaning, in order.
const LEGEND: [(Mark, &str); 10] = [
    (Mark::Max, "▲ MAX"),
    (Mark::Min, "▼ MIN"),
    (Mark::Chance, "◆ chance: mean of its children"),
    (Mark::Window, "[α,β] window in"),
    (Mark::Bound, "≤≥ bound"),
    (Mark::WonLost, "W/L won/lost in n plies"),
    (Mark::Pruned, "✗ pruned branch"),
    (Mark::Keeps, "★ keeps the proven value"),
    (Mark::Undecided, "? undecided"),
    (Mark::Pv, "bold: PV"),
];

/// The marks a drawing can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Max,
    Min,
    Chance,
    Window,
    Bound,
    WonLost,
    Pruned,
    Keeps,
    Undecided,
    Pv,
}

impl Mark {
    /// True when a node drawn so uses the mark.
    fn in_look(self, look: &NodeLook) -> bool {
        let text = |chars: &[char]| look.text.chars().any(|c| chars.contains(&c));
        match self {
            Mark::Max => text(&['▲']),
            Mark::Min => text(&['▼']),
            Mark::Chance => text(&['◆']),
            Mark::Window => look.edge_label.is_some(),
            Mark::Bound => text(&['≤', '≥']),
            Mark::WonLost => text(&['W', 'L']),
            Mark::Pruned => look.edge == Edge::Crossed,
            Mark::Keeps => look.edge == Edge::Mark(KEEPS),
            Mark::Undecided => look.edge == Edge::Mark(UNDECIDED),
            Mark::Pv => false,
        }
    }
}

/// The edge mark of a MAX move that keeps its node's proven value.
pub const KEEPS: char = '★';
/// The edge mark of a MAX move whose value is only a bound that leaves it undecided.
pub const UNDECIDED: char = '?';

/// The legend of a search drawing drawn with `looks`: the marks it uses, no other;
/// `pv` when the principal variation is shown in bold; the pruned branch's mark
/// names the rule that cut (`prune_on_equal`, as [`rule_mark`] takes it).
pub fn legend_of(looks: &[NodeLook], pv: bool, prune_on_equal: Option<bool>) -> Vec<String> {
    LEGEND
        .iter()
        .filter(|(mark, _)| match mark {
            Mark::Pv => pv,
            _ => looks.iter().any(|look| mark.in_look(look)),
        })
        .map(|&(mark, text)| match rule_mark(prune_on_equal) {
            Some(rule) if mark == Mark::Pruned => format!("{text}: {rule}"),
            _ => text.to_string(),
        })
        .collect()
}

/// The legend's entries in lines of at most `width` characters, two spaces apart.
fn legend_lines(entries: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for entry in entries {
        match lines.last_mut() {
            Some(line) if text_width(line) + 2 + text_width(entry) <= width => {
                line.push_str("  ");
                line.push_str(entry);
            }
            _ => lines.push(entry.to_string()),
        }
    }
    lines
}

/// The pruning rule in the course's signs, for titles and grades: `cuts on equal
/// (≥β, ≤α)` or `strict (>β, <α)`; `None` for searches that do not prune.
pub fn rule_mark(prune_on_equal: Option<bool>) -> Option<&'static str> {
    prune_on_equal.map(|on| {
        if on {
            "cuts on equal (≥β, ≤α)"
        } else {
            "strict (>β, <α)"
        }
    })
}

/// The explorer's drawn view of a recorded search (its replay, if one is on), with
/// the winning strategy's marks when the game was searched to the end.
pub fn render_search(
    frame: &mut Frame,
    area: Rect,
    theme: &Theme,
    record: &RecordedSearch,
    (replay, marks): (Option<&Replay>, Option<&[Option<Keeps>]>),
) {
    let width = area.width.saturating_sub(2) as usize;
    let mut title = match replay {
        Some(r) => format!(
            "Drawn tree · replay step {} of {}",
            r.applied(),
            record.tree.steps.len()
        ),
        None => "Drawn tree · values in MAX's view".to_string(),
    };
    if let Some(rule) = rule_mark(record.tree.prune_on_equal) {
        title = format!("{title} · {rule}");
    }
    let figure = match &record.figure {
        Ok(figure) => figure,
        Err(why) => return render_drawing(frame, area, theme, &title, Err(why.clone()), &[]),
    };
    let replay_view = replay.map(|r| ReplayView {
        progress: r.progress(),
        current: r.current_node(&record.tree),
        finished: r.finished(&record.tree),
    });
    let view = SearchView {
        replay: replay_view.as_ref(),
        marks,
    };
    let looks = search_looks(figure, theme, view);
    let legend = legend_of(&looks, pv_shown(figure, view), record.tree.prune_on_equal);
    let drawing = draw_lines(figure, &looks, width);
    render_drawing(frame, area, theme, &title, drawing, &legend);
}
