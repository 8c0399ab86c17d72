//! The search panel: what the computer is thinking, live. The session turns the
//! search thread's events into a [`SearchView`] (moves already written in the
//! game's notation), and [`SearchPanel`] draws it; neither knows the game.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Bar, BarChart, BarGroup, Block, LineGauge, Paragraph, Widget, Wrap};

use super::EngineSettings;
use super::theme::Theme;
use crate::search::score::{self, Score};
use crate::search::{Limits, Stats};

pub use crate::play::Purpose;

/// A root move as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootMoveView {
    /// The move in the game's notation.
    pub text: String,
    /// Its score for the side to move, once searched.
    pub score: Option<Score>,
    /// False when alpha-beta only proved an upper bound.
    pub exact: bool,
    /// Nodes spent below it.
    pub nodes: u64,
}

/// One of the search's best lines as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineView {
    /// Its score for the side to move.
    pub score: Score,
    /// Its moves in the game's notation, the root move first.
    pub pv: Vec<String>,
}

/// Everything the panel shows about one search, game-independent.
#[derive(Clone, Debug)]
pub struct SearchView {
    /// A move for the computer, or a hint for the human.
    pub purpose: Purpose,
    /// The game's name for the side searched for.
    pub side: &'static str,
    /// The engine in one line.
    pub engine: String,
    /// The engine's limits, for the gauge.
    pub limits: Limits,
    /// True until the search's final event arrives.
    pub running: bool,
    /// True when the search was dropped (undo, new game) before it finished.
    pub interrupted: bool,
    /// The depth of the last finished iteration (or of the result): the headline,
    /// the principal variation and the move table all come from it.
    pub depth: u32,
    /// Its score, for the side searched for.
    pub score: Option<Score>,
    /// Its principal variation.
    pub pv: Vec<String>,
    /// The best lines of the same iteration, best first, line 1 being `score`
    /// and `pv`; shown when there are several (the play screen's lines key).
    pub lines: Vec<LineView>,
    /// The iteration under way while the search runs, shown apart from the
    /// finished one; its moves fill the table only until an iteration finishes.
    pub under_way: Option<u32>,
    /// The search's counters.
    pub stats: Stats,
    /// Time since the search started, kept current while it runs.
    pub elapsed: Duration,
    /// The root moves with their scores and node counts, of the same iteration
    /// as the headline (or of the one under way, before any finished).
    pub root_moves: Vec<RootMoveView>,
    /// Once finished: the chosen move, whether its value is proven, whether a limit cut it.
    pub result: Option<(Option<String>, bool, bool)>,
    /// Threads searching; the counters are those of all of them together.
    pub threads: usize,
}

impl SearchView {
    /// A search just started, nothing known yet.
    pub fn new(purpose: Purpose, side: &'static str, engine: &EngineSettings) -> SearchView {
        SearchView {
            threads: engine.threads,
            ..SearchView::described(purpose, side, engine.describe(), engine.config().limits)
        }
    }

    /// [`SearchView::new`] with the engine given in words and by its limits.
    pub fn described(
        purpose: Purpose,
        side: &'static str,
        engine: String,
        limits: Limits,
    ) -> SearchView {
        SearchView {
            purpose,
            side,
            engine,
            limits,
            running: true,
            interrupted: false,
            depth: 0,
            score: None,
            pv: Vec::new(),
            lines: Vec::new(),
            under_way: None,
            stats: Stats::default(),
            elapsed: Duration::ZERO,
            root_moves: Vec::new(),
            result: None,
            threads: 1,
        }
    }

    /// Takes in a progress report of the iteration at `depth`, under way: its
    /// counters, and its moves only while no iteration has finished.
    pub fn progress(&mut self, depth: u32, stats: Stats, root_moves: Vec<RootMoveView>) {
        self.under_way = Some(depth);
        self.elapsed = self.elapsed.max(stats.elapsed);
        self.stats = stats;
        if self.score.is_none() && !root_moves.is_empty() {
            self.root_moves = root_moves;
        }
    }

    /// Takes in a finished iteration or the final result: headline, line and
    /// table together.
    pub fn iteration(
        &mut self,
        (depth, score, pv): (u32, Score, Vec<String>),
        stats: Stats,
        root_moves: Vec<RootMoveView>,
    ) {
        self.depth = depth;
        self.score = Some(score);
        self.pv = pv;
        self.under_way = None;
        self.elapsed = self.elapsed.max(stats.elapsed);
        self.stats = stats;
        if !root_moves.is_empty() {
            self.root_moves = root_moves;
        }
    }

    /// The deepest pass that finished, when it is shallower than the headline's
    /// depth (a pass cut short proved a better move).
    fn cut_short(&self) -> bool {
        self.stats
            .deepest_finished_pass()
            .is_some_and(|finished| self.depth > finished)
    }

    /// Marks the search as over.
    pub fn finish(&mut self, best: Option<String>, proven: bool, stopped: bool) {
        self.running = false;
        self.elapsed = self.stats.elapsed;
        self.result = Some((best, proven, stopped));
    }

    fn heading(&self) -> String {
        let who = match self.purpose {
            Purpose::Move => format!("{} (computer)", self.side),
            Purpose::Hint => format!("hint for {}", self.side),
        };
        let state = if self.running {
            match self.under_way {
                Some(depth) => format!("thinking, depth {depth} under way"),
                None => "thinking".to_string(),
            }
        } else if self.interrupted {
            "stopped".to_string()
        } else {
            match &self.result {
                Some((Some(best), proven, _)) => {
                    let proof = if *proven { ", proven" } else { "" };
                    format!("chose {best}{proof}")
                }
                _ => "done".to_string(),
            }
        };
        format!("{who}: {state}")
    }
}

/// `12,345`: node counts people can read.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1.2M`: big numbers in four characters or so.
pub fn compact(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        1_000_000..1_000_000_000 => format!("{:.1}M", n as f64 / 1e6),
        _ => format!("{:.1}G", n as f64 / 1e9),
    }
}

/// A score for the panel: `+3`, `win in 5`, `≤ -2` for a bound.
fn score_text(score: Option<Score>, exact: bool) -> String {
    match score {
        None => "…".to_string(),
        Some(s) if exact => score::describe(s),
        Some(s) => format!("≤{}", score::describe(s)),
    }
}

/// The panel widget; it borrows the view and is rebuilt every frame.
pub struct SearchPanel<'a> {
    /// The search to show, if there was one.
    pub view: Option<&'a SearchView>,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for SearchPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let block = Block::bordered()
            .title(Span::styled(" Search ", theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        block.render(area, buf);
        let Some(view) = self.view else {
            let text = "No search yet. When the computer is to move, or when you ask for a \
                        hint (i), its thinking appears here: depth, score, best line, \
                        nodes, and how its effort splits over the moves.";
            Paragraph::new(text)
                .style(theme.dim)
                .wrap(Wrap { trim: true })
                .render(inner, buf);
            return;
        };
        let chart_height = if inner.height >= 17 { 5 } else { 0 };
        let lines_height = match view.lines.len() {
            0 | 1 => 0,
            n => n as u16 + 1,
        };
        let [summary, gauge, lines, moves, chart] = Layout::vertical([
            Constraint::Length(6),
            Constraint::Length(1),
            Constraint::Length(lines_height),
            Constraint::Min(2),
            Constraint::Length(chart_height),
        ])
        .areas(inner);
        render_summary(view, theme, summary, buf);
        render_gauge(view, theme, gauge, buf);
        render_lines(view, theme, lines, buf);
        render_root_moves(view, theme, moves, buf);
        if chart_height > 0 {
            render_iterations(&view.stats, theme, chart, buf);
        }
    }
}

fn render_summary(view: &SearchView, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let stats = &view.stats;
    let label = |text: &'static str| Span::styled(text, theme.dim);
    let lines = vec![
        Line::from(Span::styled(view.heading(), theme.title)),
        Line::from(Span::styled(view.engine.clone(), theme.dim)),
        Line::from(vec![
            label("depth "),
            Span::raw(view.depth.to_string()),
            label(if view.cut_short() { " (cut short)" } else { "" }),
            label("  score "),
            Span::styled(score_text(view.score, true), theme.text),
            Span::styled(format!(" for {}", view.side), theme.dim),
        ]),
        Line::from(vec![label("PV "), Span::raw(view.pv.join(" "))]),
        nodes_line(stats, label),
        Line::from(vec![
            label("cutoffs "),
            Span::raw(count(stats.cutoffs)),
            label("  TT hits "),
            Span::raw(count(stats.tt_hits)),
            Span::styled(
                match view.threads {
                    1 => String::new(),
                    n => format!("  {n} threads, nodes of all"),
                },
                theme.dim,
            ),
        ]),
    ];
    Paragraph::new(lines).render(area, buf);
}

/// The pass's nodes (what the course counts for one search at this depth) and,
/// once iterative deepening has made several passes, all of them together.
fn nodes_line(stats: &Stats, label: impl Fn(&'static str) -> Span<'static>) -> Line<'static> {
    let mut spans = vec![label("nodes "), Span::raw(count(stats.nodes))];
    if stats.nodes_all_passes > stats.nodes {
        spans.push(label(" this pass, "));
        spans.push(Span::raw(count(stats.nodes_all_passes)));
        spans.push(label(" all"));
    }
    spans.push(label("  nps "));
    spans.push(Span::raw(compact(stats.nps())));
    Line::from(spans)
}

fn render_gauge(view: &SearchView, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let elapsed = view.elapsed.as_secs_f64();
    let (ratio, label) = match (view.limits.time, view.limits.depth) {
        (Some(time), _) => (
            elapsed / time.as_secs_f64(),
            format!("{elapsed:.2} / {} ", super::seconds(time)),
        ),
        (None, Some(depth)) => (
            f64::from(view.depth) / f64::from(depth),
            format!("{elapsed:.2} s, depth {}/{depth} ", view.depth),
        ),
        (None, None) => (
            if view.running { 0.0 } else { 1.0 },
            format!("{elapsed:.2} s, no limit "),
        ),
    };
    LineGauge::default()
        .ratio(ratio.clamp(0.0, 1.0))
        .label(Span::styled(label, theme.dim))
        .filled_symbol("█")
        .unfilled_symbol("░")
        .filled_style(theme.gauge)
        .unfilled_style(theme.dim)
        .render(area, buf);
}

/// The best lines, numbered from 1, each with its score and moves.
fn render_lines(view: &SearchView, theme: &Theme, area: Rect, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    let heading = format!("best {} lines", view.lines.len());
    let mut rows = vec![Line::from(Span::styled(heading, theme.dim))];
    for (number, line) in view.lines.iter().enumerate() {
        let style = if number == 0 { theme.good } else { theme.text };
        rows.push(Line::from(vec![
            Span::styled(format!("{}. ", number + 1), theme.dim),
            Span::styled(
                format!("{:>9}  ", score_text(Some(line.score), true)),
                style,
            ),
            Span::raw(line.pv.join(" ")),
        ]));
    }
    Paragraph::new(rows).render(area, buf);
}

fn render_root_moves(view: &SearchView, theme: &Theme, area: Rect, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    let total: u64 = view.root_moves.iter().map(|r| r.nodes).sum::<u64>().max(1);
    let text_width = view
        .root_moves
        .iter()
        .map(|r| r.text.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let bar_room = (area.width as usize).saturating_sub(text_width + 20);
    let header = match (view.score, view.under_way) {
        (None, Some(depth)) => format!(
            "{:<text_width$}  {:>9}  depth {depth} under way",
            "move", "score"
        ),
        _ => format!("{:<text_width$}  {:>9}  share of nodes", "move", "score"),
    };
    let mut lines = vec![Line::from(Span::styled(header, theme.dim))];
    let shown = area.height.saturating_sub(1) as usize;
    for root in view.root_moves.iter().take(shown) {
        let share = root.nodes as f64 / total as f64;
        let bar = "█".repeat((share * bar_room as f64).round() as usize);
        let best = view.pv.first() == Some(&root.text);
        let style = if best { theme.good } else { theme.text };
        lines.push(Line::from(vec![
            Span::styled(format!("{:<text_width$}  ", root.text), style),
            Span::raw(format!("{:>9}  ", score_text(root.score, root.exact))),
            Span::styled(bar, theme.gauge),
            Span::styled(format!(" {:.0}%", share * 100.0), theme.dim),
        ]));
    }
    Paragraph::new(lines).render(area, buf);
}

/// Bars of the last iterations that fit with room for two-digit depth labels.
fn render_iterations(stats: &Stats, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let [title, chart] = Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(area);
    let all = &stats.nodes_per_iteration;
    let fits = (chart.width / 3).max(1) as usize;
    let first = all.len().saturating_sub(fits);
    let depth_of = |i: usize| stats.first_pass_depth.max(1) as usize + i;
    let heading = match all.len() {
        0 => "nodes per iteration".to_string(),
        n => format!(
            "nodes per iteration, depth {} to {}",
            depth_of(first),
            depth_of(n - 1)
        ),
    };
    Line::from(Span::styled(heading, theme.dim)).render(title, buf);
    let bars: Vec<Bar> = all
        .iter()
        .enumerate()
        .skip(first)
        .map(|(i, &nodes)| {
            Bar::new(nodes)
                .label(Line::from(depth_of(i).to_string()))
                .text_value(compact(nodes))
        })
        .collect();
    let count = bars.len().max(1) as u16;
    let bar_width = (chart.width / count).saturating_sub(1).clamp(2, 5);
    BarChart::default()
        .data(BarGroup::default().bars(&bars))
        .bar_width(bar_width)
        .bar_gap(1)
        .bar_style(theme.gauge)
        .value_style(theme.selected)
        .label_style(theme.dim)
        .render(chart, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_easily() {
        assert_eq!(count(0), "0");
        assert_eq!(count(1234567), "1,234,567");
        assert_eq!(compact(999), "999");
        assert_eq!(compact(1_250_000), "1.2M");
        assert_eq!(score_text(Some(-2), false), "≤-2");
    }
}
