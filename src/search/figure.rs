//! A small search tree as the course's figures draw it: every node of the tree down
//! to the search's depth, those the search visited with their values and windows,
//! and those a cutoff pruned still there (crossed out when drawn), with the static
//! values of their leaves, which a written-out tree knows without searching.
//!
//! The recorded tree only names the pruned moves; the figure plays them on the game
//! to find what lies below, so it works for every game, and only for small trees.

use super::error::SearchError;
use super::score::{self, INFINITY, Score};
use super::tree::{SearchTree, ValueBound};
use crate::game::{Evaluator, Outcome, Player, SearchHooks};

/// Most nodes a figure holds: what a terminal can draw legibly.
pub const MAX_FIGURE_NODES: usize = 64;

/// One node of the figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureNode {
    /// The parent's index; `None` for the root.
    pub parent: Option<usize>,
    /// Children in move order: those searched first (in search order), then the pruned ones.
    pub children: Vec<usize>,
    /// The move that leads here in the game's notation; empty for the root.
    pub label: String,
    /// Plies from the root.
    pub level: usize,
    /// True when MAX is to move here.
    pub max: bool,
    /// The node's index in the recorded tree; `None` when the search never visited it.
    pub recorded: Option<usize>,
    /// The value in MAX's view: what the search returned, or a never-visited
    /// leaf's static value; `None` for a never-visited inner node.
    pub value: Option<Score>,
    /// How the search's value relates to the true one (exact for static values).
    pub bound: ValueBound,
    /// The window the search entered with, in MAX's view (visited nodes only).
    pub window: Option<(Score, Score)>,
    /// True on the principal variation.
    pub on_pv: bool,
    /// True when a leaf: the game is over, the depth ran out, or there are no moves.
    pub leaf: bool,
    /// The game's own name for the node ([`SearchHooks::node_name`]: a written
    /// tree's name or path `1.2.3`); `None` where the game names nodes by moves.
    pub name: Option<String>,
    /// True at a chance node: worth the mean of its children, nobody chooses.
    pub chance: bool,
}

/// The whole tree of a small search, visited or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// Nodes, root first, parents before children.
    pub nodes: Vec<FigureNode>,
    /// Who is MAX.
    pub max_player: Player,
    /// The figure index of each recorded node.
    by_recorded: Vec<usize>,
}

impl Figure {
    /// The figure of a recorded search of `root`, or why it cannot be drawn (too
    /// many nodes, a recording cut short).
    pub fn build<G: SearchHooks>(
        tree: &SearchTree<G::Move>,
        root: &G,
        evaluator: &dyn Evaluator<G>,
    ) -> Result<Figure, SearchError> {
        if tree.truncated || tree.nodes.len() > MAX_FIGURE_NODES {
            return Err(too_big(tree.visited.max(tree.nodes.len() as u64)));
        }
        if tree.nodes.is_empty() {
            return Err(SearchError::NothingRecorded);
        }
        let mut builder = Builder {
            tree,
            evaluator,
            windows: tree.has_windows(),
            figure: Figure {
                nodes: Vec::new(),
                max_player: tree.max_player,
                by_recorded: vec![0; tree.nodes.len()],
            },
        };
        builder.visited(&mut root.clone(), 0, None, String::new())?;
        Ok(builder.figure)
    }

    /// A figure of nodes made elsewhere (the breadth-first search builds its own);
    /// `recorded` indices must be below `recorded_count`.
    pub fn from_nodes(nodes: Vec<FigureNode>, max_player: Player, recorded_count: usize) -> Figure {
        let mut by_recorded = vec![0; recorded_count];
        for (index, node) in nodes.iter().enumerate() {
            if let Some(slot) = node.recorded.and_then(|r| by_recorded.get_mut(r)) {
                *slot = index;
            }
        }
        Figure {
            nodes,
            max_player,
            by_recorded,
        }
    }

    /// The figure node of a recorded node.
    pub fn of_recorded(&self, recorded: usize) -> Option<usize> {
        self.by_recorded.get(recorded).copied()
    }

    /// True when the search never visited the node.
    pub fn never_visited(&self, node: usize) -> bool {
        self.nodes[node].recorded.is_none()
    }

    /// Levels below the root.
    pub fn height(&self) -> usize {
        self.nodes.iter().map(|n| n.level).max().unwrap_or(0)
    }

    /// The root's value in MAX's view.
    pub fn root_value(&self) -> Option<Score> {
        self.nodes.first().and_then(|n| n.value)
    }

    /// The node's name as every view gives it: the game's own name (a written
    /// tree's `B` or `1.2.3`), else its moves from the root joined by dots
    /// (`b2.a1`), or `root`.
    pub fn name(&self, node: usize) -> String {
        if let Some(name) = &self.nodes[node].name {
            return name.clone();
        }
        let mut labels = Vec::new();
        let mut at = Some(node);
        while let Some(n) = at {
            if self.nodes[n].parent.is_some() {
                labels.push(self.nodes[n].label.as_str());
            }
            at = self.nodes[n].parent;
        }
        if labels.is_empty() {
            return "root".to_string();
        }
        labels.reverse();
        labels.join(".")
    }

    /// The node and every node below it, the node first.
    pub fn subtree(&self, node: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![node];
        while let Some(at) = stack.pop() {
            out.push(at);
            stack.extend(self.nodes[at].children.iter().rev());
        }
        out
    }
}

fn too_big(nodes: u64) -> SearchError {
    SearchError::FigureTooBig {
        nodes,
        limit: MAX_FIGURE_NODES,
    }
}

struct Builder<'a, G: SearchHooks> {
    tree: &'a SearchTree<G::Move>,
    evaluator: &'a dyn Evaluator<G>,
    /// False for minimax's trees, whose windows are all `[-inf, +inf]`: not drawn.
    windows: bool,
    figure: Figure,
}

impl<G: SearchHooks> Builder<'_, G> {
    fn push(&mut self, node: FigureNode) -> Result<usize, SearchError> {
        if self.figure.nodes.len() >= MAX_FIGURE_NODES {
            return Err(too_big(self.figure.nodes.len() as u64 + 1));
        }
        let index = self.figure.nodes.len();
        if let Some(parent) = node.parent {
            self.figure.nodes[parent].children.push(index);
        }
        self.figure.nodes.push(node);
        Ok(index)
    }

    /// Adds a recorded node, its recorded children, then its pruned moves.
    fn visited(
        &mut self,
        game: &mut G,
        recorded: usize,
        parent: Option<usize>,
        label: String,
    ) -> Result<(), SearchError> {
        let node = &self.tree.nodes[recorded];
        let max = self.tree.max_player;
        let index = self.push(FigureNode {
            parent,
            children: Vec::new(),
            label,
            level: node.ply as usize,
            max: node.side == max,
            recorded: Some(recorded),
            value: Some(node.value_for(max)),
            bound: node.bound_for(max),
            window: self.windows.then(|| node.window_for(max)),
            on_pv: node.on_pv,
            leaf: node.children.is_empty() && node.pruned.is_empty(),
            name: game.node_name(),
            chance: game.is_chance_node(),
        })?;
        self.figure.by_recorded[recorded] = index;
        for &child in &node.children {
            let Some(m) = self.tree.nodes[child].mv else {
                continue;
            };
            let label = game.format_move(m);
            game.play(m);
            let result = self.visited(game, child, Some(index), label);
            game.undo();
            result?;
        }
        let below = node.depth.saturating_sub(1);
        for &m in &node.pruned {
            let label = game.format_move(m);
            game.play(m);
            let result = self.pruned(game, below, Some(index), label);
            game.undo();
            result?;
        }
        Ok(())
    }

    /// Adds a node the search never visited and everything below it to `depth`.
    fn pruned(
        &mut self,
        game: &mut G,
        depth: u32,
        parent: Option<usize>,
        label: String,
    ) -> Result<(), SearchError> {
        let level = parent.map_or(0, |p| self.figure.nodes[p].level + 1);
        let mut moves = Vec::new();
        if depth > 0 && game.outcome().is_none() {
            game.legal_moves(&mut moves);
        }
        let leaf = moves.is_empty();
        let max = game.to_move() == self.figure.max_player;
        let value = leaf.then(|| {
            let own = static_value(game, self.evaluator, level as u32);
            if max { own } else { -own }
        });
        let index = self.push(FigureNode {
            parent,
            children: Vec::new(),
            label,
            level,
            max,
            recorded: None,
            value,
            bound: ValueBound::Exact,
            window: None,
            on_pv: false,
            leaf,
            name: game.node_name(),
            chance: game.is_chance_node(),
        })?;
        for m in moves {
            let label = game.format_move(m);
            game.play(m);
            let result = self.pruned(game, depth - 1, Some(index), label);
            game.undo();
            result?;
        }
        Ok(())
    }
}

/// A leaf's value for its side to move, as the search scores leaves: a finished
/// game by its result (a win sooner is worth more), otherwise the evaluation.
pub fn static_value<G: SearchHooks>(game: &G, evaluator: &dyn Evaluator<G>, ply: u32) -> Score {
    match game.outcome() {
        Some(Outcome::Draw) => 0,
        Some(Outcome::Win(p)) if p == game.to_move() => score::win_in(ply),
        Some(Outcome::Win(_)) => score::loss_in(ply),
        None => score::clamp_eval(evaluator.evaluate(game)),
    }
}

/// A score as short as a figure needs it: `3`, `-2`, `+∞`, `-∞`, and a win or a
/// loss `n` plies away as `W5` or `L2` (MAX's view).
pub fn compact(value: Score) -> String {
    if value >= INFINITY {
        "+∞".to_string()
    } else if value <= -INFINITY {
        "-∞".to_string()
    } else {
        match score::plies_to_end(value) {
            Some(n) if value > 0 => format!("W{n}"),
            Some(n) => format!("L{n}"),
            None => value.to_string(),
        }
    }
}
