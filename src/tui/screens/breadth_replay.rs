//! The breadth-first minimax replay: the two phases of the Chinese course slides
//! step by step on the drawn tree, with the OPEN and CLOSED lists after each step,
//! and under it the depth-first alpha-beta search of the same tree, drawn, to
//! compare what each method visits and keeps.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::{Line, Span};

use super::Action;
use super::tree_drawing::{
    Edge, NodeLook, SearchView, draw_lines, legend_of, node_text, pv_shown, render_drawing,
    search_looks,
};
use crate::search::breadth_first::{BreadthFirst, BreadthStep, Phase};
use crate::search::figure::{Figure, compact};
use crate::search::tree::ValueBound;
use crate::tui::recorded::RecordedSearch;
use crate::tui::theme::Theme;

/// Rows of the breadth-first pane besides the drawing: borders, OPEN, CLOSED.
const PANE_EXTRA_ROWS: usize = 4;

/// The replay's state.
pub struct BreadthReplay {
    run: BreadthFirst,
    figure: Figure,
    /// The depth-first search of the same position, to draw beside it.
    depth_first: Result<Figure, String>,
    /// Its algorithm and node count, in words.
    depth_first_title: String,
    /// Steps shown (at least one).
    applied: usize,
    /// Only the depth-first drawing, when both do not fit.
    show_depth_first: bool,
    /// The depth-first search's pruning rule, as [`super::tree_drawing::rule_mark`] takes it.
    prune_on_equal: Option<bool>,
}

impl BreadthReplay {
    /// The replay of a recorded search's position, or why there is none.
    pub fn new(record: &RecordedSearch) -> Result<BreadthReplay, String> {
        let run = record.breadth_first.clone()?;
        let depth_first_title = format!(
            "Depth-first {} on the same tree: {} nodes visited, {} moves pruned",
            record.algorithm.label(),
            record.tree.visited,
            record.tree.pruned_moves
        );
        let mut replay = BreadthReplay::from_run(run, record.figure.clone(), depth_first_title);
        replay.prune_on_equal = record.tree.prune_on_equal;
        Ok(replay)
    }

    /// The replay of a run, with a depth-first figure to compare.
    pub fn from_run(
        run: BreadthFirst,
        depth_first: Result<Figure, String>,
        depth_first_title: String,
    ) -> BreadthReplay {
        BreadthReplay {
            figure: run.figure(),
            run,
            depth_first,
            depth_first_title,
            applied: 1,
            show_depth_first: false,
            prune_on_equal: None,
        }
    }

    /// Steps shown so far.
    pub fn applied(&self) -> usize {
        self.applied
    }

    /// The step shown last.
    pub fn current(&self) -> &BreadthStep {
        &self.run.steps[self.applied - 1]
    }

    /// Answers a key; `Close` when the user leaves.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        let last = self.run.steps.len();
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => return Action::Close,
            KeyCode::Char('n') | KeyCode::Char(' ') | KeyCode::Right | KeyCode::Char('l') => {
                self.applied = (self.applied + 1).min(last);
            }
            KeyCode::Char('b') | KeyCode::Left | KeyCode::Char('h') => {
                self.applied = self.applied.saturating_sub(1).max(1);
            }
            KeyCode::Home => self.applied = 1,
            KeyCode::End => self.applied = last,
            KeyCode::Char('a') => self.show_depth_first = !self.show_depth_first,
            _ => {}
        }
        Action::Stay
    }

    /// Nodes generated so far: the root and the children of every expanded node.
    fn generated(&self) -> Vec<bool> {
        let mut generated = vec![false; self.run.nodes.len()];
        generated[0] = true;
        for step in &self.run.steps[..self.applied] {
            for &child in &self.run.nodes[step.node].children {
                generated[child] = true;
            }
        }
        generated
    }

    /// Nodes phase 2 has given a value so far.
    fn valued(&self) -> Vec<bool> {
        let mut valued = vec![false; self.run.nodes.len()];
        for step in &self.run.steps[..self.applied] {
            if step.phase == Phase::BackUp {
                valued[step.node] = true;
            }
        }
        valued
    }

    fn looks(&self, theme: &Theme) -> Vec<NodeLook> {
        let generated = self.generated();
        let valued = self.valued();
        let current = self.current().node;
        (0..self.figure.nodes.len())
            .map(|index| {
                let node = &self.figure.nodes[index];
                let value = node.value.filter(|_| valued[index]);
                let (text, style, edge) = if !generated[index] {
                    ("·".to_string(), theme.dim, Edge::Dashed)
                } else {
                    let style = if index == current {
                        theme.selected
                    } else {
                        theme.text
                    };
                    (
                        node_text(node, value, ValueBound::Exact),
                        style,
                        Edge::Solid,
                    )
                };
                NodeLook {
                    text,
                    style,
                    edge,
                    edge_style: if generated[index] {
                        theme.text
                    } else {
                        theme.dim
                    },
                    edge_label: None,
                }
            })
            .collect()
    }

    /// The current step in words.
    fn describe(&self) -> String {
        let step = self.current();
        let node = &self.run.nodes[step.node];
        let name = self.figure.name(step.node);
        match step.phase {
            Phase::Build if node.leaf => {
                format!("phase 1: {name} to CLOSED, a leaf (depth k or game over)")
            }
            Phase::Build => format!(
                "phase 1: {name} to CLOSED, its {} children to OPEN's back",
                node.children.len()
            ),
            Phase::BackUp if node.leaf => format!(
                "phase 2: leaf {name} = {} (its evaluation)",
                compact(self.run.value_of(step.node))
            ),
            Phase::BackUp => {
                let values: Vec<String> = node
                    .children
                    .iter()
                    .map(|&c| compact(self.run.value_of(c)))
                    .collect();
                let (role, op) = if node.chance {
                    ("chance", "mean")
                } else if node.max {
                    ("MAX", "max")
                } else {
                    ("MIN", "min")
                };
                format!(
                    "phase 2: {role} node {name} = {op}({}) = {}",
                    values.join(", "),
                    compact(self.run.value_of(step.node))
                )
            }
        }
    }

    fn list(&self, nodes: &[usize]) -> String {
        let names: Vec<String> = nodes.iter().map(|&n| self.figure.name(n)).collect();
        format!("[{}]", names.join(", "))
    }

    /// Draws the breadth-first pane (and the depth-first one when both fit), the
    /// step and the keys.
    pub fn render(&self, frame: &mut Frame, theme: &Theme) {
        let area = frame.area();
        let width = area.width.saturating_sub(2) as usize;
        let breadth_rows = self.figure.height() * 3 + 1 + PANE_EXTRA_ROWS;
        let depth_rows = self
            .depth_first
            .as_ref()
            .map_or(3, |f| f.height() * 3 + 1 + 2);
        let room = area.height.saturating_sub(2) as usize;
        let both = breadth_rows + depth_rows <= room;
        let [top, bottom, step, keys] = Layout::vertical([
            Constraint::Length(if both || !self.show_depth_first {
                breadth_rows.min(room) as u16
            } else {
                0
            }),
            Constraint::Min(0),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        if both || !self.show_depth_first {
            self.render_breadth(frame, theme, top, width);
        }
        if both || self.show_depth_first {
            self.render_depth_first(frame, theme, bottom, width);
        } else {
            let text = format!(" {} · a shows it", self.depth_first_title);
            frame.render_widget(Line::from(Span::styled(text, theme.dim)), bottom);
        }
        let step_text = format!(" step {}/{}: ", self.applied, self.run.steps.len());
        let room = width.saturating_sub(step_text.chars().count());
        frame.render_widget(
            Line::from(vec![
                Span::styled(step_text, theme.dim),
                Span::styled(clip(self.describe(), room), theme.title),
            ]),
            step,
        );
        let keys_text = " n/→ next  b/← back  Home/End first/last  a depth-first  q back";
        frame.render_widget(Line::from(Span::styled(keys_text, theme.dim)), keys);
    }

    /// The depth-first search of the same tree, drawn with its legend.
    fn render_depth_first(
        &self,
        frame: &mut Frame,
        theme: &Theme,
        area: ratatui::layout::Rect,
        width: usize,
    ) {
        let (drawing, legend) = match &self.depth_first {
            Ok(figure) => {
                let view = SearchView::default();
                let looks = search_looks(figure, theme, view);
                let legend = legend_of(&looks, pv_shown(figure, view), self.prune_on_equal);
                (draw_lines(figure, &looks, width), legend)
            }
            Err(why) => (Err(why.clone()), Vec::new()),
        };
        render_drawing(
            frame,
            area,
            theme,
            &self.depth_first_title,
            drawing,
            &legend,
        );
    }

    fn render_breadth(
        &self,
        frame: &mut Frame,
        theme: &Theme,
        area: ratatui::layout::Rect,
        width: usize,
    ) {
        let step = self.current();
        let phase = match step.phase {
            Phase::Build => "phase 1: build the tree level by level",
            Phase::BackUp => "phase 2: back the values up",
        };
        let title = format!(
            "Breadth-first minimax · {} nodes · {phase}",
            self.run.nodes.len()
        );
        let drawing = draw_lines(&self.figure, &self.looks(theme), width).map(|mut lines| {
            let open = clip(format!("OPEN   {}", self.list(&step.open)), width);
            let closed_label = match step.phase {
                Phase::Build => "CLOSED ",
                Phase::BackUp => "CLOSED (not yet valued) ",
            };
            let closed = clip(format!("{closed_label}{}", self.list(&step.closed)), width);
            lines.push(Line::from(Span::styled(open, theme.text)));
            lines.push(Line::from(Span::styled(closed, theme.text)));
            lines
        });
        render_drawing(frame, area, theme, &title, drawing, &[]);
    }
}

/// The text cut to `width` characters, a cut marked with `…`.
fn clip(text: String, width: usize) -> String {
    if text.chars().count() <= width {
        return text;
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}
