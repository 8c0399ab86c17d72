//! The explorer's legend and glossary (`?`): what each column and mark means and
//! the course's words for what the search did (PV, window, bounds, horizon, table
//! hit, cutoffs), then the explorer's keys, wrapped to the screen's width.

use ratatui::text::{Line, Span};

use crate::tui::screens::help::KEYS;
use crate::tui::screens::wrap_words;
use crate::tui::theme::Theme;

/// Terms are padded to this width; their meanings wrap beside them.
const TERM_WIDTH: usize = 12;

/// The columns and marks of the tree, as (column or mark, meaning).
const COLUMNS: &[(&str, &str)] = &[
    (
        "move",
        "the move that leads to the node (x shows the position instead where the game has a short state text)",
    ),
    (
        "▲ / ▼",
        "a MAX node (the player the values are counted for is to move) / a MIN node",
    ),
    (
        "◆",
        "a chance node (a written tree's chance level): worth the mean of its children; nobody chooses",
    ),
    (
        "value",
        "what the node returned, from MAX's view; during a replay a node still being searched shows its best so far as a bound: at least this (≥) at MAX, at most (≤) at MIN",
    ),
    (
        "window",
        "[α, β] on entering the node, from MAX's view (hidden for plain minimax, which has none)",
    ),
    ("nodes", "nodes in the subtree, the node itself included"),
    (
        "★",
        "winning strategy: a MAX move that keeps its node's proven value (games searched to the end)",
    ),
    (
        "?",
        "undecided: the move's value is only a bound, because alpha-beta cut below it",
    ),
    (
        "▾ ▸ ·",
        "an open node, a closed one, a node with nothing below it",
    ),
];

/// The course's words, as (term, meaning).
const GLOSSARY: &[(&str, &str)] = &[
    (
        "MAX, MIN",
        "MAX picks the child of highest value, MIN the lowest; values are always MAX's",
    ),
    (
        "PV",
        "principal variation: the line both sides play if each picks its best move",
    ),
    (
        "α, β",
        "α: the value MAX is already sure of on the path; β: the value MIN is sure of. Only values strictly between them can change the root's choice",
    ),
    (
        "≥+3  ≤+3",
        "a bound, not an exact value: the search stopped looking once it knew the node was at least (or at most) this, since it could not matter",
    ),
    (
        "alpha cutoff",
        "MIN node: its beta (best for MIN so far) <= alpha of a MAX ancestor (< under the strict rule): MAX avoids this node, the rest of its moves are pruned",
    ),
    (
        "beta cutoff",
        "MAX node: its alpha (best for MAX so far) >= beta of a MIN ancestor (> under the strict rule): MIN avoids this node, the rest of its moves are pruned",
    ),
    (
        "pruned",
        "moves a cutoff left unsearched: they cannot change the root's value",
    ),
    (
        "horizon",
        "the depth limit: the node is scored by the static evaluation instead of being searched further",
    ),
    (
        "leaf",
        "a node with no moves in a written tree, scored by its given value",
    ),
    ("game over", "a finished game, scored by its result"),
    (
        "TT hit",
        "the transposition table already knew the position's value from another path",
    ),
    (
        "scout ...",
        "the engine's extras: null-window probes, re-searches, reductions, null moves",
    ),
];

/// The legend's lines, wrapped to `width`.
pub(super) fn legend_lines(theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    section(&mut lines, theme, width, "Columns and marks", COLUMNS);
    section(&mut lines, theme, width, "Glossary", GLOSSARY);
    for (title, keys) in KEYS
        .iter()
        .filter(|(title, _)| ["Search tree", "Replay"].contains(title))
    {
        section(&mut lines, theme, width, title, keys);
    }
    lines
}

/// A title, then each entry's term with its meaning wrapped beside it.
fn section(
    lines: &mut Vec<Line<'static>>,
    theme: &Theme,
    width: usize,
    title: &str,
    entries: &[(&str, &str)],
) {
    if !lines.is_empty() {
        lines.push(Line::default());
    }
    lines.push(Line::from(Span::styled(title.to_string(), theme.title)));
    let room = width.saturating_sub(TERM_WIDTH + 3).max(10);
    for (term, meaning) in entries {
        for (k, text) in wrap_words(meaning, room).into_iter().enumerate() {
            let term = if k == 0 { *term } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!(" {term:<TERM_WIDTH$}  "), theme.text),
                Span::styled(text, theme.dim),
            ]));
        }
    }
}
