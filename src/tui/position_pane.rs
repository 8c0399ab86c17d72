//! The position at a node of a recorded search, for the explorer's pane: the game's
//! own board widget draws it, with its static evaluation and, where the game takes
//! its evaluation apart, the terms (`ply eval --explain`'s breakdown).
//!
//! The explorer knows no game: [`GamePositions`] keeps the typed tree and the root
//! position, and replays the moves from the root to a node on a clone of the root,
//! through the `Game` and `BoardGame` traits only. The explorer sees it as the
//! object-safe [`NodePositions`].

use std::sync::Arc;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::board::{BoardGame, Marks};
use super::theme::Theme;
use crate::game::{Evaluator, Explanation, Outcome, for_first};
use crate::search::export::{to_dot, to_json};
use crate::search::tree::SearchTree;

/// What the pane shows of one node's position.
pub struct NodeView {
    /// The board as the game's widget draws it, at the board's own size.
    pub board: Buffer,
    /// The static evaluation in a line: `evaluation +2 for MAX (X)`, or the result
    /// of a finished game.
    pub evaluation: String,
    /// The evaluation's terms, where the game explains it.
    pub explanation: Option<Explanation>,
    /// The game's names of the two sides, for the terms' columns.
    pub sides: [&'static str; 2],
}

/// The positions at the nodes of one recorded tree, without its game's type.
pub trait NodePositions: Send + Sync {
    /// The position at `node` drawn and evaluated, or `None` for an unknown node.
    fn view(&self, node: usize, theme: &Theme) -> Option<NodeView>;

    /// Every node's position as the game's short state text (`6,1`), when the game
    /// has one for the root.
    fn state_labels(&self) -> Option<Vec<String>>;

    /// The tree as Graphviz DOT (labelled with states when `states` is true and the
    /// game has them) and as JSON, for the explorer's export.
    fn exports(&self, states: bool) -> (String, String);

    /// The game's id, for file names.
    fn game_id(&self) -> &'static str;
}

/// [`NodePositions`] for one game type.
pub struct GamePositions<G: BoardGame> {
    tree: Arc<SearchTree<G::Move>>,
    root: G,
    evaluator: Arc<dyn Evaluator<G>>,
    sides: [&'static str; 2],
}

impl<G: BoardGame> GamePositions<G> {
    /// The positions of `tree`, searched from `root` and evaluated by `evaluator`.
    pub fn new(
        tree: Arc<SearchTree<G::Move>>,
        root: G,
        evaluator: Arc<dyn Evaluator<G>>,
        sides: [&'static str; 2],
    ) -> GamePositions<G> {
        GamePositions {
            tree,
            root,
            evaluator,
            sides,
        }
    }

    /// The position at `node`: the moves from the root played on a clone of it (a
    /// null move passes).
    fn position(&self, node: usize) -> Option<G> {
        let mut path = Vec::new();
        let mut at = Some(node);
        while let Some(index) = at {
            let node = self.tree.nodes.get(index)?;
            if node.parent.is_some() {
                path.push(node.mv);
            }
            at = node.parent;
        }
        let mut game = self.root.clone();
        for mv in path.into_iter().rev() {
            match mv {
                Some(m) => game.play(m),
                None => game.play_null(),
            }
        }
        Some(game)
    }

    /// The static evaluation in MAX's view, in words, or the result if the game is over.
    fn evaluation(&self, game: &G) -> String {
        let max = self.tree.max_player;
        match game.outcome() {
            Some(Outcome::Win(winner)) => format!(
                "game over: {} wins ({})",
                self.sides[winner.index()],
                if winner == max { "MAX" } else { "MIN" }
            ),
            Some(Outcome::Draw) => "game over: a draw".to_string(),
            None => {
                let value = self.evaluator.evaluate(game);
                let for_max = if game.to_move() == max { value } else { -value };
                // A game whose sides are called MAX and MIN needs no name in brackets.
                match self.sides[max.index()] {
                    "MAX" => format!("evaluation {for_max:+} for MAX"),
                    side => format!("evaluation {for_max:+} for MAX ({side})"),
                }
            }
        }
    }

    /// The terms of the evaluation the search used: the first of the game's named
    /// evaluations whose explanation adds up to exactly what the search's evaluator
    /// returns here (the explorer is not told the evaluation's name).
    fn explanation(&self, game: &G) -> Option<Explanation> {
        if game.outcome().is_some() {
            return None;
        }
        let value = for_first(game.to_move(), self.evaluator.evaluate(game));
        G::evaluators()
            .iter()
            .filter_map(|named| game.explain_evaluation(named.name))
            .find(|explanation| explanation.total_for_first == value)
    }
}

impl<G: BoardGame> NodePositions for GamePositions<G> {
    fn view(&self, node: usize, theme: &Theme) -> Option<NodeView> {
        let game = self.position(node)?;
        let (width, height) = game.board_size();
        let area = Rect::new(0, 0, width, height);
        let mut board = Buffer::empty(area);
        let marks = Marks {
            last: self.tree.nodes[node].mv,
            ..Marks::default()
        };
        game.render_board(&game.initial_cursor(), &marks, theme, area, &mut board);
        Some(NodeView {
            board,
            evaluation: self.evaluation(&game),
            explanation: self.explanation(&game),
            sides: self.sides,
        })
    }

    fn state_labels(&self) -> Option<Vec<String>> {
        self.root.short_state()?;
        let mut labels = vec![String::new(); self.tree.nodes.len()];
        let mut game = self.root.clone();
        label_states(&self.tree, &mut game, 0, &mut labels);
        Some(labels)
    }

    fn exports(&self, states: bool) -> (String, String) {
        let mut dot = to_dot(&self.tree, &self.root, self.evaluator.as_ref());
        if states && let Some(labels) = self.state_labels() {
            dot = with_state_labels(&dot, &labels);
        }
        let json = serde_json::to_string_pretty(&to_json(&self.tree, &self.root))
            .unwrap_or_else(|_| "{}".to_string());
        (dot, json)
    }

    fn game_id(&self) -> &'static str {
        G::info().id
    }
}

/// Writes the short state of `index` and its subtree into `labels`, playing the
/// moves on `game` and taking them back.
fn label_states<G: BoardGame>(
    tree: &SearchTree<G::Move>,
    game: &mut G,
    index: usize,
    labels: &mut [String],
) {
    labels[index] = game.short_state().unwrap_or_else(|| "…".to_string());
    for &child in &tree.nodes[index].children {
        match tree.nodes[child].mv {
            Some(m) => {
                game.play(m);
                label_states(tree, game, child, labels);
                game.undo();
            }
            None => {
                game.play_null();
                label_states(tree, game, child, labels);
                game.undo_null();
            }
        }
    }
}

/// The DOT text with each explored node's state added as the first line of its
/// label: explored nodes are written `  nINDEX [shape=..., label="...`.
fn with_state_labels(dot: &str, labels: &[String]) -> String {
    dot.lines()
        .map(|line| {
            let state = line
                .strip_prefix("  n")
                .and_then(|rest| rest.split_once(" ["))
                .and_then(|(index, _)| index.parse::<usize>().ok())
                .and_then(|index| labels.get(index));
            match state {
                Some(state) => line.replacen(
                    "label=\"",
                    &format!("label=\"{}\\n", state.replace('"', "\\\"")),
                    1,
                ),
                None => line.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// Draws the pane: the board centred at the top, the evaluation and its formula,
/// then the terms when they all fit. Nothing is cut: the terms go first when room is
/// short, then the blank line under the board, then the board (a line says so).
pub fn render_position_pane(
    view: &NodeView,
    title: &str,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    use ratatui::widgets::Widget;
    let block = Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.title))
        .border_style(theme.border);
    let inner = block.inner(area);
    block.render(area, buf);
    let board = view.board.area;
    let height = inner.height as usize;
    let (mut lines, terms) = text_lines(view, inner.width as usize, theme);
    let board_fits =
        |text: usize| board.width <= inner.width && board.height as usize + text <= height;
    if board_fits(lines.len() + terms.len()) || !board_fits(lines.len()) {
        lines.extend(terms.iter().cloned());
    }
    let mut top = inner.y;
    if board_fits(lines.len()) {
        let left = inner.x + (inner.width - board.width) / 2;
        for y in 0..board.height {
            for x in 0..board.width {
                buf[(left + x, top + y)] = view.board[(x, y)].clone();
            }
        }
        top += board.height;
        if board_fits(lines.len() + 1) {
            top += 1;
        }
    } else {
        let note = format!("board {}x{}: too big here", board.width, board.height);
        lines.insert(0, Line::from(Span::styled(note, theme.dim)));
    }
    let rest = Rect::new(
        inner.x,
        top,
        inner.width,
        inner.bottom().saturating_sub(top),
    );
    Paragraph::new(lines).render(rest, buf);
}

/// The evaluation and its formula, then the terms with their heading, each wrapped
/// to `width`.
fn text_lines(
    view: &NodeView,
    width: usize,
    theme: &Theme,
) -> (Vec<Line<'static>>, Vec<Line<'static>>) {
    let wrapped = |text: &str, style| -> Vec<Line<'static>> {
        super::screens::wrap_words(text, width)
            .into_iter()
            .map(|line| Line::from(Span::styled(line, style)))
            .collect()
    };
    let mut lines = wrapped(&view.evaluation, theme.text);
    let Some(explanation) = &view.explanation else {
        return (lines, Vec::new());
    };
    lines.extend(wrapped(&explanation.formula, theme.text));
    let [first, second] = view.sides;
    let mut terms = wrapped(&format!("terms ({first} - {second} → points):"), theme.dim);
    for term in &explanation.terms {
        let text = format!(
            "{}: {} - {} → {:+}",
            term.name, term.first, term.second, term.points
        );
        terms.extend(wrapped(&text, theme.text));
    }
    (lines, terms)
}
