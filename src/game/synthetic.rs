//! A synthetic uniform game tree: every node has `b` moves down to depth `d`, and the
//! leaves carry values drawn from a seed.
//!
//! It is the tree of the textbooks' alpha-beta examples: small, with known shape,
//! so that node counts can be checked against formulas (Knuth and Moore) and
//! searches can be replayed step by step. With `order=best-first`, the first move
//! of every node is its best one, which is the perfectly ordered case.

use crate::game::SearchHooks;
use crate::game::profile::GameProfile;
use std::sync::Arc;

use super::options::OptionInfo;
use super::{
    Game, GameError, GameInfo, GameOptions, NamedEvaluator, Outcome, Playable, Player, zobrist,
};

const MAX_BRANCHING: u64 = 64;
const MAX_DEPTH: u64 = 24;
const VALUE_TABLE: u64 = 3;

/// How leaf values are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordering {
    /// Independent values in -99..=99 at every node, from the seed.
    Random,
    /// Values built top-down so that the first move of every node is the best.
    BestFirst,
}

/// Who decides at one level of the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// MAX picks the child with the highest value (MAX's view).
    Max,
    /// A MIN player picks the child with the lowest value; several may follow each
    /// other, as the opponents of a multi-agent minimax.
    Min,
    /// Nobody chooses: the node is worth the mean of its children (expectimax).
    Chance,
}

impl Role {
    /// The player who moves at a node of this role: MAX is the first player, every
    /// MIN player the second; a chance node is counted as MAX's (values stay MAX's).
    fn player(self) -> Player {
        match self {
            Role::Max | Role::Chance => Player::First,
            Role::Min => Player::Second,
        }
    }

    /// The role's word in `-o turns=...`.
    fn parse(word: &str) -> Result<Role, GameError> {
        match word {
            "max" => Ok(Role::Max),
            "min" => Ok(Role::Min),
            "chance" => Ok(Role::Chance),
            _ => Err(GameError::new(format!(
                "turns: {word:?} is not a role: expected max, min or chance (turns=max,min,min)"
            ))),
        }
    }
}

/// Most levels a turn pattern may list before it repeats.
const MAX_TURN_PATTERN: usize = 16;

/// Reads a turn pattern `max,min,min`: who moves at each level from the root,
/// repeating; the root's level is a player's (max or min).
pub fn parse_turns(text: &str) -> Result<Vec<Role>, GameError> {
    let roles = text
        .split(',')
        .map(|word| Role::parse(word.trim()))
        .collect::<Result<Vec<Role>, GameError>>()?;
    if roles.len() > MAX_TURN_PATTERN {
        return Err(GameError::new(format!(
            "turns: at most {MAX_TURN_PATTERN} levels before the pattern repeats"
        )));
    }
    if roles.first() == Some(&Role::Chance) {
        return Err(GameError::new(
            "turns: the root is a player's choice: begin with max or min",
        ));
    }
    Ok(roles)
}

/// A node of the synthetic tree, with the path that leads to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Synthetic {
    branching: u8,
    depth: u8,
    seed: u64,
    ordering: Ordering,
    path: Vec<u8>,
    /// Node ids along the path, root first: the hash of each node.
    ids: Vec<u64>,
    /// With `BestFirst`: each node's exact value for its side to move, root first.
    values: Vec<i32>,
    /// A tree written out by hand (`-o tree=...`), replacing the uniform one.
    explicit: Option<Arc<ExplicitTree>>,
    /// With an explicit tree: the node index of each node on the path, root first.
    explicit_path: Vec<usize>,
    /// Who moves at each level from the root, repeating (`max,min` by default).
    turns: Arc<[Role]>,
}

/// A tree given in full, like the worked examples of textbooks:
/// `((3,12,8),(2,4,6),(14,5,2))` is a MAX root over three MIN nodes over leaves.
/// Nodes may carry names, shown instead of move numbers
/// (`A(B(3,12,8),C(2,4,6),D(14,5,2))`), and inner nodes a static value used when a
/// depth-limited search stops there (`A:5(B:3(...),...)`); a named leaf is `E:3`.
#[derive(Debug, PartialEq, Eq)]
pub struct ExplicitTree {
    nodes: Vec<ExplicitNode>,
}

#[derive(Debug, PartialEq, Eq)]
struct ExplicitNode {
    /// The name written before the node, if any.
    name: Option<String>,
    /// The static value from MAX's (the first player's) view: a leaf's value, or an
    /// inner node's value at a depth limit (0 when none is written).
    value: i32,
    /// Children's indices, in move order; empty for a leaf.
    children: Vec<usize>,
}

/// Most nodes an explicit tree may have.
const MAX_EXPLICIT_NODES: usize = 100_000;
/// Largest leaf value allowed, so values stay clear of the search's win scores.
const MAX_LEAF_VALUE: i64 = 100_000;
/// Longest node name.
const MAX_NAME_LENGTH: usize = 16;

impl ExplicitTree {
    /// Reads nested parentheses with whole-number leaves, names and inner values:
    /// `((3,12),(2,(4,6)))`, `A(B(3,12),C:2(4,6))`, `A(B(E:3,F:12),C(G:2))`.
    pub fn parse(text: &str) -> Result<ExplicitTree, GameError> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.is_empty() {
            return Err(GameError::new(
                "tree: the tree is empty: write one like ((3,12,8),(2,4,6),(14,5,2))",
            ));
        }
        let mut tree = ExplicitTree { nodes: Vec::new() };
        let mut at = 0;
        tree.parse_node(&chars, &mut at, 0)?;
        if at != chars.len() {
            return Err(GameError::new(format!(
                "tree: unexpected {:?} after the tree",
                chars[at]
            )));
        }
        Ok(tree)
    }

    fn parse_node(
        &mut self,
        chars: &[char],
        at: &mut usize,
        level: u64,
    ) -> Result<usize, GameError> {
        if level > MAX_DEPTH || self.nodes.len() >= MAX_EXPLICIT_NODES {
            return Err(GameError::new(format!(
                "tree: at most {MAX_DEPTH} levels and {MAX_EXPLICIT_NODES} nodes"
            )));
        }
        let name = parse_name(chars, at)?;
        let value = match (&name, chars.get(*at)) {
            (None, Some(c)) if *c != '(' => Some(parse_value(chars, at)?),
            (Some(_), Some(':')) => {
                *at += 1;
                Some(parse_value(chars, at)?)
            }
            _ => None,
        };
        let index = self.nodes.len();
        self.nodes.push(ExplicitNode {
            name,
            value: value.unwrap_or(0),
            children: Vec::new(),
        });
        if chars.get(*at) != Some(&'(') {
            if value.is_none() {
                return Err(GameError::new(
                    "tree: a leaf needs a value (3, or with a name E:3)",
                ));
            }
            return Ok(index);
        }
        *at += 1;
        let mut children = Vec::new();
        loop {
            children.push(self.parse_node(chars, at, level + 1)?);
            match chars.get(*at) {
                Some(',') => *at += 1,
                Some(')') => {
                    *at += 1;
                    break;
                }
                _ => return Err(GameError::new("tree: expected ',' or ')'")),
            }
        }
        if children.len() > MAX_BRANCHING as usize {
            return Err(GameError::new(format!(
                "tree: at most {MAX_BRANCHING} children a node"
            )));
        }
        self.nodes[index].children = children;
        Ok(index)
    }

    fn children(&self, node: usize) -> &[usize] {
        &self.nodes[node].children
    }

    /// The name of a node, if the tree gives it one.
    fn name(&self, node: usize) -> Option<&str> {
        self.nodes[node].name.as_deref()
    }
}

/// A node name (a letter, then letters, digits or `_`), if one starts at `at`.
fn parse_name(chars: &[char], at: &mut usize) -> Result<Option<String>, GameError> {
    if !chars.get(*at).is_some_and(|c| c.is_ascii_alphabetic()) {
        return Ok(None);
    }
    let start = *at;
    while chars
        .get(*at)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
    {
        *at += 1;
    }
    if *at - start > MAX_NAME_LENGTH {
        return Err(GameError::new(format!(
            "tree: node names have at most {MAX_NAME_LENGTH} characters"
        )));
    }
    Ok(Some(chars[start..*at].iter().collect()))
}

/// A whole number from -MAX_LEAF_VALUE to MAX_LEAF_VALUE.
fn parse_value(chars: &[char], at: &mut usize) -> Result<i32, GameError> {
    let start = *at;
    while *at < chars.len()
        && (chars[*at] == '-' || chars[*at] == '+' || chars[*at].is_ascii_digit())
    {
        *at += 1;
    }
    let text: String = chars[start..*at].iter().collect();
    match text.parse::<i64>() {
        Ok(v) if (-MAX_LEAF_VALUE..=MAX_LEAF_VALUE).contains(&v) => Ok(v as i32),
        _ => Err(GameError::new(format!(
            "tree: {text:?} is not a value from -{MAX_LEAF_VALUE} to {MAX_LEAF_VALUE}"
        ))),
    }
}

impl Synthetic {
    /// The root of a tree with `branching` moves per node and `depth` levels.
    pub fn new(branching: u8, depth: u8, seed: u64, ordering: Ordering) -> Synthetic {
        let root_id = zobrist::key(VALUE_TABLE, seed);
        let root_value = (zobrist::mix64(root_id) % 101) as i32 - 50;
        Synthetic {
            branching,
            depth,
            seed,
            ordering,
            path: Vec::new(),
            ids: vec![root_id],
            values: vec![root_value],
            explicit: None,
            explicit_path: vec![0],
            turns: Arc::from([Role::Max, Role::Min]),
        }
    }

    /// The root of a tree written out in full.
    pub fn explicit(tree: ExplicitTree) -> Synthetic {
        let mut game = Synthetic::new(0, 0, 0, Ordering::Random);
        game.explicit = Some(Arc::new(tree));
        game
    }

    /// The same tree with another turn pattern (who moves at each level, repeating).
    pub fn with_turns(mut self, turns: Vec<Role>) -> Synthetic {
        if !turns.is_empty() {
            self.turns = Arc::from(turns);
        }
        self
    }

    /// Who decides at the node `level` plies below the root.
    fn role_at(&self, level: usize) -> Role {
        self.turns[level % self.turns.len()]
    }

    /// Who decides at this node.
    pub fn role(&self) -> Role {
        self.role_at(self.path.len())
    }

    /// The number of moves at this node.
    fn move_count(&self) -> u8 {
        match &self.explicit {
            Some(tree) => tree.children(self.explicit_node()).len() as u8,
            None if self.path.len() < self.depth as usize => self.branching,
            None => 0,
        }
    }

    fn explicit_node(&self) -> usize {
        *self
            .explicit_path
            .last()
            .expect("the root is always on the path")
    }

    /// The moves from the root to this node.
    pub fn path(&self) -> &[u8] {
        &self.path
    }

    /// Moves per node.
    pub fn branching(&self) -> u8 {
        self.branching
    }

    /// Levels below the root (of a uniform tree; 0 for a written one).
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// True for a tree written out (`-o tree=...`), whose height is its own.
    pub fn is_written(&self) -> bool {
        self.explicit.is_some()
    }

    /// The static value of this node from MAX's (the first player's) view, as the
    /// tree is written.
    pub fn value_for_max(&self) -> i32 {
        super::for_first(self.to_move(), self.value())
    }

    /// The static value of this node for the side to move.
    pub fn value(&self) -> i32 {
        let id = *self.ids.last().expect("the root is always on the path");
        if let Some(tree) = &self.explicit {
            let for_first = tree.nodes[self.explicit_node()].value;
            return if self.to_move() == Player::First {
                for_first
            } else {
                -for_first
            };
        }
        match self.ordering {
            Ordering::BestFirst => *self.values.last().expect("values follow ids"),
            Ordering::Random => {
                let for_first = (zobrist::mix64(id) % 199) as i32 - 99;
                if self.to_move() == Player::First {
                    for_first
                } else {
                    -for_first
                }
            }
        }
    }

    /// The name of the child reached by `m` in a written tree that names it.
    fn child_name(&self, m: u8) -> Option<&str> {
        let tree = self.explicit.as_deref()?;
        let child = *tree.children(self.explicit_node()).get(m as usize)?;
        tree.name(child)
    }

    /// Each move from the root: whether the node it reaches is named, and its name
    /// or the move's number.
    fn steps(&self) -> Vec<(bool, String)> {
        self.path
            .iter()
            .enumerate()
            .map(|(level, &m)| {
                let name = self.explicit.as_deref().and_then(|tree| {
                    let parent = self.explicit_path[level];
                    tree.name(tree.children(parent)[m as usize])
                });
                match name {
                    Some(name) => (true, name.to_string()),
                    None => (false, (m + 1).to_string()),
                }
            })
            .collect()
    }

    /// `" or a name: B, C, D"` when the children have names.
    fn child_names_hint(&self) -> String {
        let names: Vec<&str> = (0..self.move_count())
            .filter_map(|m| self.child_name(m))
            .collect();
        if names.is_empty() {
            String::new()
        } else {
            format!(" or a name: {}", names.join(", "))
        }
    }

    fn child_value(&self, m: u8, child_id: u64) -> i32 {
        let parent = *self.values.last().expect("values follow ids");
        let same_side = self.role_at(self.path.len() + 1).player() == self.to_move();
        // Strictly worse for the parent than the first move, so it is refuted.
        let worse = if m == 0 {
            0
        } else {
            1 + (zobrist::mix64(child_id) % 10) as i32
        };
        if same_side {
            parent - worse
        } else {
            -parent + worse
        }
    }
}

impl Game for Synthetic {
    type Move = u8;

    fn to_move(&self) -> Player {
        self.role().player()
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.extend(0..self.move_count());
    }

    fn play(&mut self, m: u8) {
        let parent_id = *self.ids.last().expect("the root is always on the path");
        let child_id = zobrist::mix64(parent_id ^ (u64::from(m) + 1));
        let value = self.child_value(m, child_id);
        self.values.push(value);
        self.ids.push(child_id);
        self.path.push(m);
        if let Some(tree) = &self.explicit {
            let child = tree.children(self.explicit_node())[m as usize];
            self.explicit_path.push(child);
        }
    }

    fn undo(&mut self) {
        if self.path.pop().is_some() {
            self.ids.pop();
            self.values.pop();
            if self.explicit.is_some() {
                self.explicit_path.pop();
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }

    fn hash(&self) -> u64 {
        *self.ids.last().expect("the root is always on the path")
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let count = self.move_count();
        if count == 0 {
            return Err(GameError::new("this node is a leaf: no moves"));
        }
        let text = text.trim();
        if let Some(m) = (0..count).find(|&m| self.child_name(m) == Some(text)) {
            return Ok(m);
        }
        match text.parse::<u8>() {
            Ok(n) if (1..=count).contains(&n) => Ok(n - 1),
            _ => Err(GameError::new(format!(
                "{text:?} is not a move: expected 1 to {count}{}",
                self.child_names_hint()
            ))),
        }
    }

    fn format_move(&self, m: u8) -> String {
        match self.child_name(m) {
            Some(name) => name.to_string(),
            None => (m + 1).to_string(),
        }
    }

    fn format_position(&self) -> String {
        if self.path.is_empty() {
            return "-".to_string();
        }
        let moves: Vec<String> = self.steps().into_iter().map(|(_, text)| text).collect();
        moves.join(".")
    }
}

/// The synthetic tree has no tactics, checks or priors: the engine's defaults; it
/// has chance nodes where its turn pattern says so, and its values are MAX's.
impl SearchHooks for Synthetic {
    fn is_chance_node(&self) -> bool {
        self.role() == Role::Chance
    }

    fn has_static_leaves(&self) -> bool {
        true
    }

    fn has_chance_nodes(&self) -> bool {
        self.turns.contains(&Role::Chance)
    }

    fn max_role(&self) -> Option<Player> {
        Some(Player::First)
    }

    fn node_name(&self) -> Option<String> {
        let root = self
            .explicit
            .as_deref()
            .and_then(|tree| tree.name(0))
            .unwrap_or("root");
        let steps = self.steps();
        // From the nearest named node (the root when none is): its name, then the
        // moves below it.
        let named = steps.iter().rposition(|(named, _)| *named);
        let (start, below) = match named {
            Some(k) => (steps[k].1.as_str(), &steps[k + 1..]),
            None => (root, &steps[..]),
        };
        let below: Vec<&str> = below.iter().map(|(_, text)| text.as_str()).collect();
        Some(match (named, below.is_empty()) {
            (_, true) => start.to_string(),
            (None, false) if root == "root" => below.join("."),
            _ => format!("{start}.{}", below.join(".")),
        })
    }
}

impl Playable for Synthetic {
    /// A child is its number, or its name in a written tree.
    fn starts_move(&self, key: char) -> bool {
        super::starts_number_up_to(key, self.move_count() as usize)
            || (0..self.move_count())
                .filter_map(|m| self.child_name(m))
                .any(|name| name.starts_with(key))
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "synthetic",
            name: "Synthetic tree",
            description: "A uniform tree with seeded leaf values, for studying the search",
            move_notation: "the child's number, 1 to b",
            position_notation: "the path from the root as move numbers joined by dots, '-' for the root: 2.1.3",
            options: &[
                OptionInfo {
                    key: "b",
                    default: "3",
                    description: "moves per node (1 to 64)",
                    choices: &[],
                },
                OptionInfo {
                    key: "d",
                    default: "3",
                    description: "depth of the tree (0 to 24)",
                    choices: &[],
                },
                OptionInfo {
                    key: "seed",
                    default: "1",
                    description: "seed of the leaf values",
                    choices: &[],
                },
                OptionInfo {
                    key: "order",
                    default: "random",
                    description: "random, or best-first (every node's first move is its best: perfect ordering)",
                    choices: &["random", "best-first"],
                },
                OptionInfo {
                    key: "turns",
                    default: "max,min",
                    description: "who moves at each level from the root, repeating: max, min or chance (max,min,min: two MIN players a round; max,chance: expectimax)",
                    choices: &[],
                },
                OptionInfo {
                    key: "tree",
                    default: "",
                    description: "a tree written out, values from MAX's view: ((3,12,8),(2,4,6),(14,5,2)); names and inner static values: A(B(3,12,8),C:2(2,4,6),D(E:14,5,2)) (replaces b, d, seed)",
                    choices: &[],
                },
            ],
            rules: include_str!("../../assets/rules/synthetic.txt"),
        }
    }

    fn start(options: &GameOptions) -> Result<Self, GameError> {
        let turns = match options.get("turns").filter(|t| !t.is_empty()) {
            Some(text) => parse_turns(text)?,
            None => Vec::new(),
        };
        if let Some(text) = options.get("tree") {
            return Ok(Synthetic::explicit(ExplicitTree::parse(text)?).with_turns(turns));
        }
        let branching = options.get_number("b", 3, 1, MAX_BRANCHING)? as u8;
        let depth = options.get_number("d", 3, 0, MAX_DEPTH)? as u8;
        let seed = options.get_number("seed", 1, 0, u64::MAX)?;
        let ordering = match options.get_choice("order", &["random", "best-first"])? {
            "best-first" => Ordering::BestFirst,
            _ => Ordering::Random,
        };
        Ok(Synthetic::new(branching, depth, seed, ordering).with_turns(turns))
    }

    fn parse_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let mut game = Self::start(options)?;
        let text = text.trim();
        if text == "-" || text.is_empty() {
            return Ok(game);
        }
        for word in text.split('.') {
            let m = game.parse_move(word)?;
            game.play(m);
        }
        Ok(game)
    }

    fn uniform_branching(&self) -> Option<u32> {
        self.explicit.is_none().then_some(u32::from(self.branching))
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![NamedEvaluator {
            name: "seed",
            description: "the node's value drawn from the seed (exact at the leaves)",
            evaluator: Arc::new(|g: &Synthetic| g.value()),
        }]
    }

    fn explain_evaluation(&self, eval: &str) -> Option<super::Explanation> {
        (eval == "seed").then(|| {
            let value = super::for_first(self.to_move(), self.value());
            let term = super::EvalTerm {
                name: "the node's static value (each player's view)".to_string(),
                first: value,
                second: -value,
                points: value,
            };
            super::Explanation {
                formula: format!("e(P) = {value} (the node's value, from the first player's view)"),
                ..super::Explanation::sum_of(vec![term])
            }
        })
    }

    const PROFILE: GameProfile = GameProfile {
        written_trees: true,
        ..GameProfile::DEFAULT
    };
}
