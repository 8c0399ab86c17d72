//! The exercise: a small tree drawn with its leaves' values but no other value and
//! no cut; the student moves over the nodes, crosses out those they think
//! alpha-beta never visits, types the root's value, and asks for a grade. The
//! answer is never written down here: it comes from the recorded search (plain
//! alpha-beta on the written trees), and the grade lists what was right, what was
//! missed and what was wrongly crossed out. The screen says which pruning rule
//! grades (cut on equal values, the course's, or strict); on a written tree `p`
//! switches it and grades again.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::Action;
use super::tree_drawing::{Edge, NodeLook, draw_lines, node_text, render_drawing, role, rule_mark};
use crate::game::synthetic::{ExplicitTree, Synthetic};
use crate::game::{Evaluator, Playable};
use crate::search::figure::{Figure, compact};
use crate::search::score::Score;
use crate::search::tree::{DEFAULT_NODE_CAP, ValueBound};
use crate::search::{Limits, SearchConfig, search};
use crate::tui::theme::Theme;

/// The built-in exercises: the course's three-by-three tree (Russell and Norvig,
/// Figure 5.5) and a binary tree of depth 4 with 16 leaves, written for ply.
pub const BUILT_IN: [(&str, &str); 2] = [
    (
        "the course's three-by-three tree",
        "((3,12,8),(2,4,6),(14,5,2))",
    ),
    (
        "a binary tree of depth 4",
        "((((3,17),(2,12)),((15,25),(0,2))),(((2,5),(3,2)),((14,1),(0,8))))",
    ),
];

/// Deep enough for any written tree: the leaves end the search, not the depth.
const WRITTEN_TREE_DEPTH: u32 = 24;

/// What the student got right and wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    /// Crossed out and never visited.
    pub right: Vec<usize>,
    /// Never visited, not crossed out.
    pub missed: Vec<usize>,
    /// Crossed out, but alpha-beta visits it.
    pub wrong: Vec<usize>,
    /// The root's value the student typed, if it reads as a number.
    pub answer: Option<Score>,
    /// The root's value the search found.
    pub value: Option<Score>,
}

impl Grade {
    /// True when every node and the value are right.
    pub fn perfect(&self) -> bool {
        self.missed.is_empty() && self.wrong.is_empty() && self.value_right()
    }

    /// True when the typed value is the search's.
    pub fn value_right(&self) -> bool {
        self.answer.is_some() && self.answer == self.value
    }
}

/// The exercise screen's state.
pub struct Exercise {
    figure: Figure,
    title: String,
    /// Which built-in exercise this is, so `n` can go to the next one.
    built_in: Option<usize>,
    /// The written tree searched, so `p` can search it again under the other rule.
    written: Option<String>,
    /// The pruning rule that grades, as [`rule_mark`] takes it.
    prune_on_equal: Option<bool>,
    cursor: usize,
    crossed: Vec<bool>,
    answer: String,
    grade: Option<Grade>,
    notice: Option<String>,
}

impl Exercise {
    /// An exercise on a search's figure, graded against that search, which pruned
    /// under `prune_on_equal` (`None`: it did not prune).
    pub fn new(figure: Figure, title: String, prune_on_equal: Option<bool>) -> Exercise {
        let nodes = figure.nodes.len();
        Exercise {
            figure,
            title,
            built_in: None,
            written: None,
            prune_on_equal,
            cursor: 0,
            crossed: vec![false; nodes],
            answer: String::new(),
            grade: None,
            notice: None,
        }
    }

    /// An exercise on a written tree (`((3,12,8),(2,4,6),(14,5,2))`), graded
    /// against plain alpha-beta run on it now, cutting on equal values (the course's rule).
    pub fn written(tree: &str, title: String) -> Result<Exercise, String> {
        Exercise::written_under(tree, title, true)
    }

    /// An exercise on a written tree graded against plain alpha-beta under the
    /// rule `prune_on_equal` (false: the strict rule, cutting only past the bound).
    pub fn written_under(
        tree: &str,
        title: String,
        prune_on_equal: bool,
    ) -> Result<Exercise, String> {
        let explicit = ExplicitTree::parse(tree).map_err(|e| e.to_string())?;
        let game = Synthetic::explicit(explicit);
        let evaluator = leaf_evaluator();
        let mut config = SearchConfig {
            trace: Some(DEFAULT_NODE_CAP),
            ..SearchConfig::plain_alpha_beta(Limits {
                depth: Some(WRITTEN_TREE_DEPTH),
                ..Limits::default()
            })
        };
        config.prune_on_equal = prune_on_equal;
        let result = search(&game, evaluator.as_ref(), &config, None, &mut ());
        let recorded = result
            .tree
            .ok_or_else(|| "the search recorded no tree".to_string())?;
        let figure =
            Figure::build(&recorded, &game, evaluator.as_ref()).map_err(|e| e.to_string())?;
        let mut exercise = Exercise::new(figure, title, Some(prune_on_equal));
        exercise.written = Some(tree.to_string());
        Ok(exercise)
    }

    /// The built-in exercise number `index` (wrapping around).
    pub fn built_in(index: usize) -> Result<Exercise, String> {
        let index = index % BUILT_IN.len();
        let (name, tree) = BUILT_IN[index];
        let mut exercise = Exercise::written(tree, name.to_string())?;
        exercise.built_in = Some(index);
        Ok(exercise)
    }

    /// The grade, once asked for.
    pub fn grade(&self) -> Option<&Grade> {
        self.grade.as_ref()
    }

    /// The tree being worked on.
    pub fn figure(&self) -> &Figure {
        &self.figure
    }

    /// The pruning rule that grades: `Some(true)` cuts on equal values, `Some(false)`
    /// is strict, `None` when the search did not prune.
    pub fn prune_on_equal(&self) -> Option<bool> {
        self.prune_on_equal
    }

    /// Answers a key; `Close` when the student leaves.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Action {
        self.notice = None;
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => return Action::Close,
            KeyCode::Up | KeyCode::Char('k') => self.go_up(),
            KeyCode::Down | KeyCode::Char('j') => self.go_down(),
            KeyCode::Left | KeyCode::Char('h') => self.go_across(-1),
            KeyCode::Right | KeyCode::Char('l') => self.go_across(1),
            KeyCode::Char(' ') | KeyCode::Char('x') => self.toggle_cross(),
            KeyCode::Char(c) if c.is_ascii_digit() || c == '-' => self.type_char(c),
            KeyCode::Backspace => {
                self.answer.pop();
                self.grade = None;
            }
            KeyCode::Enter => self.grade = Some(self.grade_now()),
            KeyCode::Char('r') => self.reset(),
            KeyCode::Char('n') => self.next_built_in(),
            KeyCode::Char('p') => self.switch_rule(),
            _ => {}
        }
        Action::Stay
    }

    fn type_char(&mut self, c: char) {
        if self.answer.chars().count() < 8 {
            self.answer.push(c);
        }
        self.grade = None;
    }

    fn reset(&mut self) {
        self.crossed.iter_mut().for_each(|c| *c = false);
        self.answer.clear();
        self.grade = None;
        self.cursor = 0;
    }

    fn next_built_in(&mut self) {
        let Some(index) = self.built_in else {
            self.notice = Some("this tree is not a built-in exercise".to_string());
            return;
        };
        match Exercise::built_in(index + 1) {
            Ok(next) => *self = next,
            Err(why) => self.notice = Some(why),
        }
    }

    /// Searches the written tree again under the other pruning rule, keeping the
    /// student's crosses and value (the tree is the same), and grades again if graded.
    fn switch_rule(&mut self) {
        let (Some(tree), Some(rule)) = (&self.written, self.prune_on_equal) else {
            self.notice = Some(
                "the rule is the search's: choose it in the setup (alpha-beta's pruning row)"
                    .to_string(),
            );
            return;
        };
        match Exercise::written_under(tree, self.title.clone(), !rule) {
            Ok(other) => {
                self.figure = other.figure;
                self.prune_on_equal = other.prune_on_equal;
                if self.grade.is_some() {
                    self.grade = Some(self.grade_now());
                }
            }
            Err(why) => self.notice = Some(why),
        }
    }

    fn go_up(&mut self) {
        if let Some(parent) = self.figure.nodes[self.cursor].parent {
            self.cursor = parent;
        }
    }

    fn go_down(&mut self) {
        if let Some(&child) = self.figure.nodes[self.cursor].children.first() {
            self.cursor = child;
        }
    }

    /// The previous or next node on the cursor's level, left to right.
    fn go_across(&mut self, by: isize) {
        let level = self.figure.nodes[self.cursor].level;
        let row: Vec<usize> = self
            .figure
            .subtree(0)
            .into_iter()
            .filter(|&n| self.figure.nodes[n].level == level)
            .collect();
        let at = row.iter().position(|&n| n == self.cursor).unwrap_or(0) as isize;
        let to = (at + by).clamp(0, row.len() as isize - 1) as usize;
        self.cursor = row[to];
    }

    /// Crosses the node out with everything below it, or takes the cross back.
    fn toggle_cross(&mut self) {
        if self.cursor == 0 {
            self.notice = Some("every search visits the root".to_string());
            return;
        }
        let cross = !self.crossed[self.cursor];
        for node in self.figure.subtree(self.cursor) {
            self.crossed[node] = cross;
        }
        self.grade = None;
    }

    /// Compares the crosses and the value with the search.
    fn grade_now(&self) -> Grade {
        let mut grade = Grade {
            right: Vec::new(),
            missed: Vec::new(),
            wrong: Vec::new(),
            answer: self.answer.parse().ok(),
            value: self.figure.root_value(),
        };
        for node in 1..self.figure.nodes.len() {
            match (self.crossed[node], self.figure.never_visited(node)) {
                (true, true) => grade.right.push(node),
                (false, true) => grade.missed.push(node),
                (true, false) => grade.wrong.push(node),
                (false, false) => {}
            }
        }
        grade
    }

    /// How each node looks: leaves with their values, inner nodes bare until the
    /// grade reveals the search's values; crosses, then the grade's marks.
    fn looks(&self, theme: &Theme) -> Vec<NodeLook> {
        (0..self.figure.nodes.len())
            .map(|index| {
                let node = &self.figure.nodes[index];
                let reveal = self.grade.is_some() && !self.figure.never_visited(index);
                let value = node.value.filter(|_| node.leaf || reveal);
                let bound = if reveal {
                    node.bound
                } else {
                    ValueBound::Exact
                };
                let parent_crossed = node.parent.is_some_and(|p| self.crossed[p]);
                let (edge, edge_style) = match &self.grade {
                    Some(grade) if grade.right.contains(&index) => (Edge::Mark('✓'), theme.good),
                    Some(grade) if grade.missed.contains(&index) => (Edge::Mark('!'), theme.bad),
                    Some(grade) if grade.wrong.contains(&index) => (Edge::Mark('✗'), theme.bad),
                    _ if self.crossed[index] && !parent_crossed => (Edge::Crossed, theme.hint),
                    _ if self.crossed[index] => (Edge::Dashed, theme.dim),
                    _ => (Edge::Solid, theme.text),
                };
                let style = if index == self.cursor {
                    theme.selected
                } else if self.crossed[index] {
                    theme.dim
                } else {
                    theme.text
                };
                NodeLook {
                    text: node_text(node, value, bound),
                    style,
                    edge,
                    edge_style,
                    edge_label: None,
                }
            })
            .collect()
    }

    /// Draws the tree, the answer and the grade, and the keys.
    pub fn render(&self, frame: &mut Frame, theme: &Theme) {
        let [tree, answer, result, detail, keys] = Layout::vertical([
            Constraint::Min(5),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        let width = tree.width.saturating_sub(2) as usize;
        let drawing = draw_lines(&self.figure, &self.looks(theme), width);
        let legend = if self.grade.is_some() {
            "✓ right  ! missed: never visited  ✗ wrongly crossed: alpha-beta visits it"
        } else {
            "▲ MAX  ▼ MIN  ✗ you say alpha-beta never visits this branch"
        };
        let title = format!("Exercise · {}", self.title);
        render_drawing(frame, tree, theme, &title, drawing, &[legend.to_string()]);
        let crossed = self.crossed.iter().filter(|&&c| c).count();
        let rule = rule_mark(self.prune_on_equal)
            .map(|rule| format!("   graded: {rule}"))
            .unwrap_or_default();
        frame.render_widget(
            Line::from(vec![
                Span::styled(" root value: ", theme.dim),
                Span::styled(format!("{}_", self.answer), theme.title),
                Span::styled(format!("   crossed out: {crossed} nodes"), theme.dim),
                Span::styled(rule, theme.text),
            ]),
            answer,
        );
        frame.render_widget(Paragraph::new(self.grade_lines(theme)), result);
        frame.render_widget(self.detail_line(theme), detail);
        let keys_text =
            " ←↑↓→ move  space cross  0-9 value  Enter grade  p rule  r reset  n next  q back";
        frame.render_widget(Line::from(Span::styled(keys_text, theme.dim)), keys);
    }

    fn grade_lines(&self, theme: &Theme) -> Line<'static> {
        let Some(grade) = &self.grade else {
            return Line::from(Span::styled(
                " Cross out the nodes alpha-beta never visits, type the root's value, Enter.",
                theme.dim,
            ));
        };
        let value = match (grade.answer, grade.value) {
            (Some(a), Some(v)) if a == v => format!("value {}: right", compact(v)),
            (_, Some(v)) => format!("value: alpha-beta finds {}", compact(v)),
            _ => "value: none".to_string(),
        };
        let nodes = format!(
            "{} right, {} missed, {} wrongly crossed",
            grade.right.len(),
            grade.missed.len(),
            grade.wrong.len()
        );
        let (verdict, style) = if grade.perfect() {
            ("All right! ", theme.good)
        } else {
            ("Not quite: ", theme.bad)
        };
        Line::from(vec![
            Span::styled(format!(" {verdict}"), style),
            Span::styled(format!("{value} · {nodes}"), theme.text),
        ])
    }

    /// The node under the cursor in words, or a notice.
    fn detail_line(&self, theme: &Theme) -> Line<'static> {
        if let Some(notice) = &self.notice {
            return Line::from(Span::styled(format!(" {notice}"), theme.bad));
        }
        let node = &self.figure.nodes[self.cursor];
        let name = self.figure.name(self.cursor);
        let what = if node.leaf {
            format!("leaf {}", node.value.map(compact).unwrap_or_default())
        } else {
            format!("{} node, {} children", role(node), node.children.len())
        };
        let crossed = if self.crossed[self.cursor] {
            ", crossed out"
        } else {
            ""
        };
        Line::from(Span::styled(
            format!(" {name}: {what}{crossed}"),
            theme.text,
        ))
    }
}

/// The synthetic game's one evaluation: a leaf's written value.
fn leaf_evaluator() -> std::sync::Arc<dyn Evaluator<Synthetic>> {
    Synthetic::evaluators().remove(0).evaluator
}
