//! The shape of a search (`f` in the explorer): where the nodes of a search of the
//! explorer's position went, ply by ply, for two searches side by side. Each ply is
//! a bar on a log scale: `█` the positions explored, `░` on to the positions of
//! that ply the cutoffs one ply up pruned, `·` on to what plain minimax visits at
//! that ply; beside it the count and the share of its cutoffs made by the first
//! move tried. Over the bars,
//! each search's totals, its first-move cutoff rate and branching, and minimax's
//! count and the Knuth-Moore minimal tree to the same depth.

use std::sync::Arc;
use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::Action;
use super::help::HelpTopic;
use crate::search::shape::{Counted, Shape, Step, uniform_branching};
use crate::tui::jobs::{Job, Update};
use crate::tui::panel::compact;
use crate::tui::recorded::{ProfileState, RecordedSearch};
use crate::tui::theme::Theme;

/// Lines over the bars in each column: the search, its totals, its rates, the
/// references, the heading of the bars.
const HEAD_LINES: u16 = 5;
/// Characters of a bar row that are not the bar: ply, spaces, count, rate.
const ROW_TEXT: usize = 16;

/// One of the two searches side by side.
struct Side {
    step: Step,
    state: Option<ProfileState>,
    failed: bool,
    job: Job<ProfileState>,
}

/// The shape screen's state.
pub struct ShapeScreen {
    record: Arc<RecordedSearch>,
    sides: [Side; 2],
    /// The side whose search the arrows change.
    focus: usize,
    /// Plies scrolled past at the top of the bars.
    scroll: usize,
}

impl ShapeScreen {
    /// The recorded position searched as it was (left) and by another step of the
    /// course (right), both started at once.
    pub fn new(record: Arc<RecordedSearch>) -> ShapeScreen {
        let left = Step::of(record.algorithm);
        let right = match left {
            Step::AlphaBeta => Step::Ordering,
            _ => Step::AlphaBeta,
        };
        let side = |step| Side {
            step,
            state: None,
            failed: false,
            job: Job::new("shape"),
        };
        let mut screen = ShapeScreen {
            record,
            sides: [side(left), side(right)],
            focus: 0,
            scroll: 0,
        };
        screen.start(0);
        screen.start(1);
        screen
    }

    /// The search shown on `side` (0 left, 1 right) and where it stands.
    pub fn side(&self, side: usize) -> (Step, Option<&ProfileState>) {
        let side = &self.sides[side];
        (side.step, side.state.as_ref())
    }

    /// True when neither search is running any more.
    pub fn settled(&self) -> bool {
        self.sides.iter().all(|s| !s.job.is_running())
    }

    fn start(&mut self, index: usize) {
        let work = self.record.profile_work(self.sides[index].step);
        let side = &mut self.sides[index];
        side.state = Some(ProfileState::Running { nodes: 0 });
        side.failed = false;
        side.job.start(work);
    }

    /// Takes in what the searches found since the last tick.
    pub fn tick(&mut self) {
        for side in &mut self.sides {
            for update in side.job.poll() {
                match update {
                    Update::Progress(state) | Update::Done(state) => side.state = Some(state),
                    Update::Failed => side.failed = true,
                }
            }
        }
    }

    /// Tab changes side, the arrows change the search or scroll the plies.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        match key.code {
            KeyCode::Tab => self.focus = 1 - self.focus,
            KeyCode::Right | KeyCode::Char('l') => self.change_step(true),
            KeyCode::Left | KeyCode::Char('h') => self.change_step(false),
            KeyCode::Down | KeyCode::Char('j') => self.scroll += 1,
            KeyCode::Up | KeyCode::Char('k') => self.scroll = self.scroll.saturating_sub(1),
            KeyCode::Char('q') | KeyCode::Esc => return Action::Close,
            _ => {}
        }
        Action::Stay
    }

    fn change_step(&mut self, forward: bool) {
        let side = &mut self.sides[self.focus];
        side.step = side.step.next(forward);
        self.start(self.focus);
    }

    fn shape(&self, index: usize) -> Option<&Shape> {
        match &self.sides[index].state {
            Some(ProfileState::Done { shape, .. }) => Some(shape),
            _ => None,
        }
    }

    /// Draws both columns over the whole frame.
    pub fn render(&mut self, frame: &mut Frame, theme: &Theme) {
        let [body, keys] =
            Layout::vertical([Constraint::Min(HEAD_LINES + 3), Constraint::Length(1)])
                .areas(frame.area());
        let title = format!(
            " Shape of the search · depth {} · {} ",
            self.record.tree.depth, self.record.title
        );
        let block = Block::bordered()
            .title(Span::styled(title, theme.title))
            .border_style(theme.border);
        let inner = block.inner(body);
        frame.render_widget(block, body);
        let columns: [Rect; 2] =
            Layout::horizontal([Constraint::Ratio(1, 2), Constraint::Ratio(1, 2)])
                .spacing(1)
                .areas(inner);
        let scale = self.scale();
        let rows = inner.height.saturating_sub(HEAD_LINES) as usize;
        let deepest = (0..2)
            .filter_map(|i| self.shape(i).map(|s| s.per_ply.len()))
            .max()
            .unwrap_or(0);
        self.scroll = self.scroll.min(deepest.saturating_sub(rows));
        for (index, area) in columns.into_iter().enumerate() {
            let lines = self.column_lines(index, area.width as usize, rows, scale, theme);
            frame.render_widget(Paragraph::new(lines), area);
        }
        let text = " Tab side  ←→ search  ↑↓ plies  q back   █ explored  ░ pruned  · minimax";
        frame.render_widget(Paragraph::new(Span::styled(text, theme.dim)), keys);
    }

    /// The largest count either side draws, so that both share one log scale.
    fn scale(&self) -> f64 {
        (0..2)
            .filter_map(|i| self.shape(i))
            .flat_map(bars)
            .map(|bar| (bar.explored + bar.pruned).max(bar.minimax))
            .fold(1.0, f64::max)
    }

    fn column_lines(
        &self,
        index: usize,
        width: usize,
        rows: usize,
        scale: f64,
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        let side = &self.sides[index];
        let focused = index == self.focus;
        let name = format!("◀ {} ▶", side.step.label());
        let mut lines = vec![Line::from(Span::styled(
            name,
            if focused { theme.selected } else { theme.title },
        ))];
        match (&side.state, side.failed) {
            (_, true) => lines.push(Line::from(Span::styled("the search failed", theme.bad))),
            (
                Some(ProfileState::Done {
                    shape,
                    nodes_all_passes,
                    stopped,
                }),
                _,
            ) => {
                lines.extend(summary_lines(shape, *nodes_all_passes, *stopped, theme));
                let bar = width.saturating_sub(ROW_TEXT).max(4);
                let heading = format!(
                    "{:>3} {:<bar$} {:>6} {:>4}",
                    "ply", "log scale", "nodes", "1st"
                );
                lines.push(Line::from(Span::styled(heading, theme.dim)));
                lines.extend(
                    bars(shape)
                        .skip(self.scroll)
                        .take(rows)
                        .map(|p| ply_line(&p, bar, scale, theme)),
                );
            }
            (Some(ProfileState::Running { nodes }), _) => lines.push(Line::from(Span::styled(
                format!("searching… {} nodes", compact(*nodes)),
                theme.text,
            ))),
            (None, _) => {}
        }
        lines
    }
}

/// Totals, rates and references of one search, three lines.
fn summary_lines(shape: &Shape, all: u64, stopped: bool, theme: &Theme) -> Vec<Line<'static>> {
    let nodes: u64 = shape.per_ply.iter().map(|p| p.counts.nodes).sum();
    let leaves: u64 = shape.per_ply.iter().map(|p| p.counts.leaves).sum();
    let mut first = format!("nodes {}", compact(nodes));
    if all > nodes {
        first.push_str(&format!(" (all passes {})", compact(all)));
    }
    if stopped {
        first.push_str(" stopped");
    }
    let rate = shape
        .first_move_cutoff_rate
        .map_or("-".to_string(), |r| format!("{:.0}%", 100.0 * r));
    let mut second = format!(
        "1st-move cuts {rate} · b* {:.1}",
        uniform_branching(leaves, shape.depth)
    );
    if let Some(last) = shape.branching_per_iteration.last() {
        second.push_str(&format!(" · ebf {last:.1}"));
    }
    let counted = match shape.minimax_counted {
        Counted::Exact => "",
        Counted::Estimated => "~",
    };
    let third = format!(
        "minimax {counted}{} · minimal ~{}",
        compact(shape.minimax_nodes as u64),
        compact(shape.minimal_tree_nodes as u64)
    );
    vec![
        Line::from(Span::styled(first, theme.text)),
        Line::from(Span::styled(second, theme.text)),
        Line::from(Span::styled(third, theme.dim)),
    ]
}

/// What one ply's bar shows.
struct PlyBar {
    ply: usize,
    /// Positions entered at the ply.
    explored: f64,
    /// Positions of the ply left out by the cutoffs one ply up.
    pruned: f64,
    /// Positions minimax visits at the ply.
    minimax: f64,
    /// Cutoffs at the ply, and those the first move tried made.
    cutoffs: (u64, u64),
}

/// The bars of a search's shape, root first.
fn bars(shape: &Shape) -> impl Iterator<Item = PlyBar> + '_ {
    shape.per_ply.iter().enumerate().map(|(index, p)| PlyBar {
        ply: p.ply,
        explored: p.counts.nodes as f64,
        pruned: index
            .checked_sub(1)
            .map_or(0.0, |above| shape.per_ply[above].counts.pruned as f64),
        minimax: p.minimax.unwrap_or(0.0),
        cutoffs: (p.counts.cutoffs, p.counts.first_move_cutoffs),
    })
}

/// Cells of a bar of `width` for `value` on a log scale up to `scale`.
fn cells(value: f64, scale: f64, width: usize) -> usize {
    if value < 1.0 {
        return 0;
    }
    let share = (1.0 + value).ln() / (1.0 + scale).ln();
    ((share * width as f64).round() as usize).clamp(1, width)
}

/// One ply: its bar, its count and its first-move cutoff rate.
fn ply_line(p: &PlyBar, width: usize, scale: f64, theme: &Theme) -> Line<'static> {
    let explored = cells(p.explored, scale, width);
    let pruned = cells(p.explored + p.pruned, scale, width).max(explored);
    let minimax = cells(p.minimax, scale, width).max(pruned);
    let rate = match p.cutoffs {
        (0, _) => String::new(),
        (all, first) => format!("{:.0}%", 100.0 * first as f64 / all as f64),
    };
    Line::from(vec![
        Span::styled(format!("{:>3} ", p.ply), theme.dim),
        Span::styled("█".repeat(explored), theme.gauge),
        Span::styled("░".repeat(pruned - explored), theme.dim),
        Span::styled("·".repeat(minimax - pruned), theme.dim),
        Span::raw(" ".repeat(width - minimax)),
        Span::styled(format!(" {:>6}", compact(p.explored as u64)), theme.text),
        Span::styled(format!(" {rate:>4}"), theme.dim),
    ])
}

screen_forwarding!(ShapeScreen, HelpTopic::Explorer, {
    fn tick(&mut self, _now: Instant) -> Action {
        ShapeScreen::tick(self);
        Action::Stay
    }
});
