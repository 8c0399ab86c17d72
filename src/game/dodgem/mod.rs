//! Dodgem (Colin Vout): each side drives its cars across the board and off the far
//! edge; the first to get every car off wins.
//!
//! Cars can shuffle sideways for ever, so the game keeps the positions since the
//! last forward move: a position that occurs for the third time is a draw. The
//! hash the search's table sees covers those positions too (see [`Dodgem::hash`]),
//! so a stored result is never reused where the repetitions ahead differ.

mod board;
pub mod retrograde;

use crate::game::SearchHooks;
use crate::game::profile::GameProfile;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub use board::{Drive, MAX_SIZE, MIN_SIZE, Position, Side, Target, squares};

use super::options::OptionInfo;
use super::{
    EvalTerm, ExactSolution, Explanation, Game, GameError, GameInfo, GameOptions, NamedEvaluator,
    Outcome, Playable, Player, format_square, parse_square, zobrist,
};

/// How often a position may occur before the game is drawn.
pub const REPETITIONS_FOR_DRAW: usize = 3;
/// The largest board whose retrograde analysis the arcade runs for every move
/// (4x4: half a million positions, about 0.2 s; 5x5 takes minutes).
const QUICK_RETROGRADE_SIZE: usize = 4;
const RULE_CHOICES: &[&str] = &["course", "winning-ways"];
const FIRST_CHOICES: &[&str] = &["left", "bottom"];

/// Who wins when the side to move has no legal move (all its cars blocked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoMoveRule {
    /// The course's rule: leaving the opponent without a move wins, so the blocked
    /// side loses.
    BlockedLoses,
    /// Winning Ways' rule: the side with no legal move on its turn wins.
    BlockedWins,
}

/// Everything that fixes the game besides the position: board size, the no-move
/// rule, and which side is the first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Squares a side.
    pub size: usize,
    /// Who wins when the side to move is blocked.
    pub no_move: NoMoveRule,
    /// The side that moves first from the start, which is [`Player::First`].
    pub first: Side,
}

impl Rules {
    /// The player who drives `side`'s cars.
    pub fn player(&self, side: Side) -> Player {
        if side == self.first {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The side `player` drives.
    pub fn side(&self, player: Player) -> Side {
        match player {
            Player::First => self.first,
            Player::Second => self.first.other(),
        }
    }

    /// The side that has won, ignoring repetitions: all its cars are off, or the
    /// side to move is blocked and the no-move rule decides.
    pub fn winner(&self, position: &Position) -> Option<Side> {
        for side in [Side::Left, Side::Bottom] {
            if position.cars_on_board(side) == 0 {
                return Some(side);
            }
        }
        if position.can_move(self.size) {
            return None;
        }
        Some(match self.no_move {
            NoMoveRule::BlockedLoses => position.to_move.other(),
            NoMoveRule::BlockedWins => position.to_move,
        })
    }
}

/// A Dodgem game: the position, the rules, and the history needed for undo and for
/// spotting repetitions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dodgem {
    rules: Rules,
    position: Position,
    history: Vec<Played>,
    /// Keys of the positions of the game so far, the current one last.
    keys: Vec<u64>,
    /// Where in `keys` the positions since the last forward move begin: only those
    /// can occur again.
    stretch_start: usize,
    /// Sum of the mixed keys of those positions: a hash of them as a multiset.
    stretch_sum: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Played {
    drive: Drive,
    before: Position,
    stretch_start: usize,
    stretch_sum: u64,
}

impl Dodgem {
    /// A game from `position` with a fresh history.
    pub fn from_position(position: Position, rules: Rules) -> Dodgem {
        let key = position.key();
        Dodgem {
            rules,
            position,
            history: Vec::new(),
            keys: vec![key],
            stretch_start: 0,
            stretch_sum: zobrist::mix64(key),
        }
    }

    /// The start position for these rules.
    pub fn new(rules: Rules) -> Dodgem {
        Dodgem::from_position(Position::start(rules.size, rules.first), rules)
    }

    /// The cars and the side to move.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The rules this game plays by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The moves played so far, oldest first.
    pub fn history(&self) -> impl Iterator<Item = Drive> + '_ {
        self.history.iter().map(|p| p.drive)
    }

    /// The Zobrist key of the current cars and side to move, kept as moves are played.
    fn key(&self) -> u64 {
        self.keys
            .last()
            .copied()
            .unwrap_or_else(|| self.position.key())
    }

    /// How often the current position has occurred since the last forward move,
    /// this time included.
    pub fn repetitions(&self) -> usize {
        let current = self.key();
        self.keys[self.stretch_start..]
            .iter()
            .filter(|&&k| k == current)
            .count()
    }

    /// The game's value for the side to move by retrograde analysis of every
    /// position (repetitions before this one are not taken into account).
    pub fn solve(&self, stop: Option<&AtomicBool>) -> Option<ExactSolution<Drive>> {
        retrograde::solve(&self.position, &self.rules, stop)
    }

    fn parse_target(&self, text: &str) -> Result<Target, GameError> {
        if text.eq_ignore_ascii_case("off") {
            return Ok(Target::Off);
        }
        let (file, rank) = parse_square(text, self.rules.size, self.rules.size)?;
        Ok(Target::Square((rank * self.rules.size + file) as u8))
    }
}

impl Game for Dodgem {
    type Move = Drive;

    fn to_move(&self) -> Player {
        self.rules.player(self.position.to_move)
    }

    fn legal_moves(&self, out: &mut Vec<Drive>) {
        if self.outcome().is_none() {
            self.position.moves(self.rules.size, out);
        }
    }

    fn play(&mut self, drive: Drive) {
        self.history.push(Played {
            drive,
            before: self.position,
            stretch_start: self.stretch_start,
            stretch_sum: self.stretch_sum,
        });
        let forward = drive.is_forward(self.position.to_move, self.rules.size);
        let key = self.key() ^ self.position.key_change(drive);
        self.position = self.position.after(drive);
        self.keys.push(key);
        if forward {
            self.stretch_start = self.keys.len() - 1;
            self.stretch_sum = 0;
        }
        self.stretch_sum = self.stretch_sum.wrapping_add(zobrist::mix64(key));
    }

    fn undo(&mut self) {
        if let Some(played) = self.history.pop() {
            self.keys.pop();
            self.position = played.before;
            self.stretch_start = played.stretch_start;
            self.stretch_sum = played.stretch_sum;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(side) = self.rules.winner(&self.position) {
            return Some(Outcome::Win(self.rules.player(side)));
        }
        (self.repetitions() >= REPETITIONS_FOR_DRAW).then_some(Outcome::Draw)
    }

    fn end_reason(&self) -> Option<String> {
        Some(match self.outcome()? {
            Outcome::Win(_) if self.position.can_move(self.rules.size) => {
                "with every car off the board".to_string()
            }
            Outcome::Win(_) => "as the side to move is blocked".to_string(),
            Outcome::Draw => "by threefold repetition".to_string(),
        })
    }

    /// The cars and side to move, combined with the positions since the last forward
    /// move: those decide which repetitions lie ahead, so two games share a hash
    /// only when their futures are the same.
    fn hash(&self) -> u64 {
        self.key() ^ self.stretch_sum
    }

    fn parse_move(&self, text: &str) -> Result<Drive, GameError> {
        let text = text.trim();
        let (from_text, to) = if let Some(from) = text.strip_suffix('+') {
            (from, Target::Off)
        } else if let Some((from, to)) = text.split_once('-') {
            (from, self.parse_target(to)?)
        } else {
            return Err(GameError::new(format!(
                "'{text}' is not a move: write a2-b2, or c2-off (c2+) to leave the board"
            )));
        };
        let size = self.rules.size;
        let (file, rank) = parse_square(from_text, size, size)?;
        let from = (rank * size + file) as u8;
        if self.outcome().is_some() {
            return Err(GameError::new("the game is over"));
        }
        let side = self.position.to_move;
        if self.position.car_at(from as usize) != Some(side) {
            return Err(GameError::new(format!(
                "{from_text} holds no car of {}'s, who is to move",
                side_name(side)
            )));
        }
        let drive = Drive { from, to };
        if !self.moves().contains(&drive) {
            return Err(GameError::new(format!(
                "{text} is not legal: {} cars drive {} and may not run into another car",
                side_name(side),
                match side {
                    Side::Left => "right, up or down, off the board only over the right edge",
                    Side::Bottom => "up, left or right, off the board only over the top edge",
                }
            )));
        }
        Ok(drive)
    }

    fn format_move(&self, drive: Drive) -> String {
        let size = self.rules.size;
        let square = |s: u8| format_square(s as usize % size, s as usize / size);
        match drive.to {
            Target::Square(to) => format!("{}-{}", square(drive.from), square(to)),
            Target::Off => format!("{}-off", square(drive.from)),
        }
    }

    fn format_position(&self) -> String {
        let size = self.rules.size;
        let ranks: Vec<String> = (0..size)
            .rev()
            .map(|rank| {
                (0..size)
                    .map(|file| {
                        self.position
                            .car_at(rank * size + file)
                            .map_or('.', Side::letter)
                    })
                    .collect()
            })
            .collect();
        format!("{} {}", ranks.join("/"), self.position.to_move.letter())
    }
}

impl SearchHooks for Dodgem {
    fn move_priority(&self, drive: Drive) -> i32 {
        // Off the board first, then forward, then sideways.
        match drive.to {
            Target::Off => 2,
            _ if drive.is_forward(self.position.to_move, self.rules.size) => 1,
            _ => 0,
        }
    }
}

impl Playable for Dodgem {
    /// A drive starts with its car's square, whose file is a letter.
    fn starts_move(&self, key: char) -> bool {
        super::is_file_letter(key, self.rules.size)
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "dodgem",
            name: "Dodgem",
            description: "Race your cars across the board and off the far edge before the other side",
            move_notation: "the car's square, '-', and where it drives: a square, or off over the far edge: a2-b2, c3-off (or c3+)",
            position_notation: "ranks from the top, split by '/', L (Left's car), B (Bottom's car) or . per square, then the side to move, L or B: L../L../.BB L (cars not shown have left the board)",
            options: &[
                OptionInfo {
                    key: "size",
                    default: "3",
                    description: "board size N (3 to 5): N-1 cars a side",
                    choices: &[],
                },
                OptionInfo {
                    key: "rule",
                    default: "course",
                    description: "who wins when the side to move is blocked: course (the side that blocked it) or winning-ways (the blocked side)",
                    choices: &["course", "winning-ways"],
                },
                OptionInfo {
                    key: "first",
                    default: "left",
                    description: "which side moves first: left or bottom",
                    choices: &["left", "bottom"],
                },
            ],
            rules: include_str!("../../../assets/rules/dodgem.txt"),
        }
    }

    fn start(options: &GameOptions) -> Result<Self, GameError> {
        let size = options.get_number("size", 3, MIN_SIZE as u64, MAX_SIZE as u64)? as usize;
        Ok(Dodgem::new(rules(options, size)?))
    }

    fn parse_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let (board, mover) = text
            .trim()
            .split_once(' ')
            .ok_or_else(|| GameError::new("expected the ranks, a space, then L or B to move"))?;
        let to_move = match mover.trim() {
            "L" | "l" => Side::Left,
            "B" | "b" => Side::Bottom,
            other => {
                return Err(GameError::new(format!(
                    "'{other}' is not a side to move: expected L or B"
                )));
            }
        };
        let ranks: Vec<&str> = board.split('/').collect();
        let size = ranks.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) || ranks.iter().any(|r| r.chars().count() != size)
        {
            return Err(GameError::new(format!(
                "expected N ranks of N squares each, N from {MIN_SIZE} to {MAX_SIZE}, like L../L../.BB"
            )));
        }
        if let Some(wanted) = options.get("size").filter(|w| *w != size.to_string()) {
            return Err(GameError::new(format!(
                "the position is {size}x{size} but the option says size={wanted}"
            )));
        }
        let mut position = Position {
            cars: [0, 0],
            to_move,
        };
        for (row, rank) in ranks.iter().zip((0..size).rev()) {
            for (file, c) in row.chars().enumerate() {
                let side = match c {
                    'L' | 'l' => Side::Left,
                    'B' | 'b' => Side::Bottom,
                    '.' => continue,
                    other => {
                        return Err(GameError::new(format!(
                            "unexpected '{other}': use L, B or ."
                        )));
                    }
                };
                position.cars[side.index()] |= 1 << (rank * size + file);
            }
        }
        for side in [Side::Left, Side::Bottom] {
            if position.cars_on_board(side) as usize >= size {
                return Err(GameError::new(format!(
                    "{} has {} cars: at most {} on a {size}x{size} board",
                    side_name(side),
                    position.cars_on_board(side),
                    size - 1
                )));
            }
        }
        if position.occupied() == 0 {
            return Err(GameError::new("both sides cannot have left the board"));
        }
        Ok(Dodgem::from_position(position, rules(options, size)?))
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![NamedEvaluator {
            name: "seed",
            description: "10 points per step a car has driven forward (a car off counts the whole way), minus 5 for a car with an opponent's car straight ahead; mine minus the opponent's",
            evaluator: Arc::new(|g: &Dodgem| {
                let me = g.position.to_move;
                let size = g.rules.size;
                side_score(&g.position, me, size) - side_score(&g.position, me.other(), size)
            }),
        }]
    }

    fn explain_evaluation(&self, eval: &str) -> Option<Explanation> {
        (eval == "seed").then(|| explain_seed(self))
    }

    fn solve_exactly(&self, stop: Option<&AtomicBool>) -> Option<ExactSolution<Drive>> {
        self.solve(stop)
    }

    fn solves_quickly(&self) -> bool {
        self.rules.size <= QUICK_RETROGRADE_SIZE
    }

    const PROFILE: GameProfile = GameProfile::PROVES_POSITIONS;
}

/// Points for each forward step.
pub const STEP_POINTS: i32 = 10;
/// Points lost for each car with an opponent's car straight ahead.
pub const BLOCKED_PENALTY: i32 = 5;

/// The seed evaluation's view of one side: progress towards the exit, less the
/// cars an opponent's car blocks.
pub fn side_score(position: &Position, side: Side, size: usize) -> i32 {
    let [off, steps, blocked] = side_features(position, side, size);
    off * size as i32 * STEP_POINTS + steps * STEP_POINTS - blocked * BLOCKED_PENALTY
}

/// What the seed counts for one side: cars already off the board, steps driven by
/// the cars still on it, and those cars with an opponent's car straight ahead.
fn side_features(position: &Position, side: Side, size: usize) -> [i32; 3] {
    let mine = position.cars[side.index()];
    let theirs = position.cars[side.other().index()];
    let off = (size as u32 - 1).saturating_sub(mine.count_ones()) as i32;
    let (mut steps, mut blocked) = (0, 0);
    for square in squares(mine) {
        let travelled = match side {
            Side::Left => square % size,
            Side::Bottom => square / size,
        };
        steps += travelled as i32;
        if board::forward_square(side, square, size).is_some_and(|ahead| theirs & (1 << ahead) != 0)
        {
            blocked += 1;
        }
    }
    [off, steps, blocked]
}

/// The seed from the first player's view, feature by feature.
fn explain_seed(game: &Dodgem) -> Explanation {
    let size = game.rules.size;
    let [first, second] = [Player::First, Player::Second]
        .map(|player| side_features(&game.position, game.rules.side(player), size));
    let off_points = size as i32 * STEP_POINTS;
    let names = [
        format!("cars off the board ({off_points} each: the whole way)"),
        format!("steps driven by cars on the board ({STEP_POINTS} each)"),
        format!("cars with an opponent's car straight ahead (-{BLOCKED_PENALTY} each)"),
    ];
    let weights = [off_points, STEP_POINTS, -BLOCKED_PENALTY];
    let terms = (0..3)
        .map(|i| EvalTerm::weighted(names[i].clone(), first[i], second[i], weights[i]))
        .collect();
    let score = |player| side_score(&game.position, game.rules.side(player), size);
    Explanation::difference(terms, score(Player::First), score(Player::Second))
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "Left",
        Side::Bottom => "Bottom",
    }
}

fn rules(options: &GameOptions, size: usize) -> Result<Rules, GameError> {
    let no_move = match options.get_choice("rule", RULE_CHOICES)? {
        "winning-ways" => NoMoveRule::BlockedWins,
        _ => NoMoveRule::BlockedLoses,
    };
    let first = match options.get_choice("first", FIRST_CHOICES)? {
        "bottom" => Side::Bottom,
        _ => Side::Left,
    };
    Ok(Rules {
        size,
        no_move,
        first,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_kept_while_playing_matches_a_fresh_computation() {
        let mut game = Dodgem::new(Rules {
            size: 4,
            no_move: NoMoveRule::BlockedLoses,
            first: Side::Left,
        });
        for _ in 0..30 {
            let Some(&drive) = game.moves().last() else {
                break;
            };
            game.play(drive);
            assert_eq!(game.key(), game.position.key());
        }
        while !game.history.is_empty() {
            game.undo();
            assert_eq!(game.key(), game.position.key());
        }
        assert_eq!(game.hash(), Dodgem::new(game.rules).hash());
    }
}
