//! Kalah(m, n): m pits a side with n seeds each, sown anticlockwise; the rules of the
//! solved results (Irving, Donkers and Uiterwijk, 2000).
//!
//! The first player is South, the second North. A move is a pit number 1..m counted
//! from the mover's left, so pit m is next to the mover's store. A move that ends in
//! the mover's store is followed by another move of the same side: `to_move` stays.

mod board;
pub mod endgame;
pub mod solver;

use crate::game::SearchHooks;
use crate::game::profile::{GameProfile, ScoreUnit};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub use board::{Board, CaptureRule, MAX_CELLS, MAX_PITS, MAX_SEEDS, MAX_TOTAL, Sowing};

use super::options::OptionInfo;
use super::{
    ExactSolution, Game, GameError, GameInfo, GameOptions, NamedEvaluator, Outcome, Playable,
    Player, zobrist,
};

/// Zobrist keys, one per (cell, seed count).
static KEYS: [u64; MAX_CELLS * 256] = zobrist::table(40);
const CAPTURE_CHOICES: &[&str] = &["empty", "standard"];

/// A Kalah position with its move history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kalah {
    board: Board,
    to_move: Player,
    capture: CaptureRule,
    hash: u64,
    history: Vec<Played>,
}

/// A move with the state before it, so that undo restores a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Played {
    pit: u8,
    board: Board,
    to_move: Player,
    hash: u64,
}

impl Kalah {
    /// The start position of Kalah(`pits`, `seeds`), South to move. Both must be in
    /// range (1..=[`MAX_PITS`], 1..=[`MAX_SEEDS`]); [`Playable::start`] checks user input.
    pub fn new(pits: usize, seeds: usize, capture: CaptureRule) -> Kalah {
        Kalah::from_board(Board::new(pits, seeds as u8), Player::First, capture)
    }

    fn from_board(board: Board, to_move: Player, capture: CaptureRule) -> Kalah {
        Kalah {
            board,
            to_move,
            capture,
            hash: hash_from_scratch(&board, to_move),
            history: Vec::new(),
        }
    }

    /// The board, for drawing it and for the evaluations.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Which capture rule this game plays by.
    pub fn capture_rule(&self) -> CaptureRule {
        self.capture
    }

    /// The pits played so far (0 = the mover's leftmost), oldest first.
    pub fn history(&self) -> impl Iterator<Item = u8> + '_ {
        self.history.iter().map(|p| p.pit)
    }

    /// The board and who moves after sowing `pit` here, without playing it.
    pub fn after(&self, pit: u8) -> (Board, Sowing) {
        let mut board = self.board;
        let sowing = board.sow(self.to_move, pit as usize, self.capture);
        (board, sowing)
    }

    /// The final margin (store of the side to move minus the opponent's) proven by
    /// the exact solver, with the rest of the solution.
    pub fn solve(&self, stop: Option<&AtomicBool>) -> Option<ExactSolution<u8>> {
        solver::solve(&self.board, self.to_move, self.capture, stop)
    }
}

impl Game for Kalah {
    type Move = u8;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.board.is_over() {
            return;
        }
        let side = self.board.side(self.to_move);
        out.extend((0..side.len() as u8).filter(|&pit| side[pit as usize] > 0));
    }

    fn play(&mut self, pit: u8) {
        self.history.push(Played {
            pit,
            board: self.board,
            to_move: self.to_move,
            hash: self.hash,
        });
        let before = self.board;
        let sowing = self.board.sow(self.to_move, pit as usize, self.capture);
        for (cell, (&old, &new)) in before.cells().iter().zip(self.board.cells()).enumerate() {
            if old != new {
                self.hash ^= cell_key(cell, old) ^ cell_key(cell, new);
            }
        }
        if sowing == Sowing::TurnPasses {
            self.to_move = self.to_move.other();
            self.hash ^= zobrist::SECOND_TO_MOVE;
        }
    }

    fn undo(&mut self) {
        if let Some(played) = self.history.pop() {
            self.board = played.board;
            self.to_move = played.to_move;
            self.hash = played.hash;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.board.is_over() {
            return None;
        }
        let first = self.board.final_count(Player::First);
        let second = self.board.final_count(Player::Second);
        Some(match first.cmp(&second) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn end_reason(&self) -> Option<String> {
        self.board.is_over().then(|| {
            format!(
                "{}-{} in seeds",
                self.board.final_count(Player::First),
                self.board.final_count(Player::Second)
            )
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let pits = self.board.pits();
        let pit = match text.trim().parse::<usize>() {
            Ok(n) if (1..=pits).contains(&n) => n - 1,
            _ => {
                return Err(GameError::new(format!(
                    "'{text}' is not a pit: expected a number from 1 to {pits}"
                )));
            }
        };
        if self.board.is_over() {
            return Err(GameError::new("the game is over"));
        }
        if self.board.seeds(self.to_move, pit) == 0 {
            return Err(GameError::new(format!("pit {} is empty", pit + 1)));
        }
        Ok(pit as u8)
    }

    fn format_move(&self, pit: u8) -> String {
        (pit + 1).to_string()
    }

    fn format_position(&self) -> String {
        let row = |player: Player| {
            let pits: Vec<String> = self
                .board
                .side(player)
                .iter()
                .map(|s| s.to_string())
                .collect();
            format!("{}:{}", pits.join(","), self.board.store(player))
        };
        let mover = match self.to_move {
            Player::First => 's',
            Player::Second => 'n',
        };
        format!("{}/{} {mover}", row(Player::First), row(Player::Second))
    }
}

impl SearchHooks for Kalah {
    fn move_priority(&self, pit: u8) -> i32 {
        // Extra turns first, then whatever gains the most seeds (captures).
        let (after, sowing) = self.after(pit);
        let gain = after.store_margin(self.to_move) - self.board.store_margin(self.to_move);
        let extra = if sowing == Sowing::ExtraTurn { 1000 } else { 0 };
        extra + 10 * gain + i32::from(pit)
    }
}

impl Playable for Kalah {
    /// A pit is its number from the mover's left.
    fn starts_move(&self, key: char) -> bool {
        super::starts_number_up_to(key, self.board.pits())
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "kalah",
            name: "Kalah",
            description: "Sow seeds round the board into your store; the most seeds wins",
            move_notation: "a pit number 1..m counted from the mover's left (pit m is next to the mover's store): 3",
            position_notation: "South's pits from South's left ':' South's store '/' North's pits from North's left ':' North's store, then s or n for the side to move: 4,4,4,4,4,4:0/4,4,4,4,4,4:0 s (South moves first)",
            options: &[
                OptionInfo {
                    key: "pits",
                    default: "6",
                    description: "pits a side (1 to 10)",
                    choices: &[],
                },
                OptionInfo {
                    key: "seeds",
                    default: "4",
                    description: "seeds a pit at the start (1 to 12)",
                    choices: &[],
                },
                OptionInfo {
                    key: "capture",
                    default: "empty",
                    description: "empty: a last seed in an empty pit of yours always captures; standard: only when the opposite pit holds seeds",
                    choices: &["empty", "standard"],
                },
            ],
            rules: include_str!("../../../assets/rules/kalah.txt"),
        }
    }

    fn start(options: &GameOptions) -> Result<Self, GameError> {
        let pits = options.get_number("pits", 6, 1, MAX_PITS as u64)?;
        let seeds = options.get_number("seeds", 4, 1, MAX_SEEDS as u64)?;
        let capture = capture_rule(options)?;
        Ok(Kalah::new(pits as usize, seeds as usize, capture))
    }

    fn parse_position(text: &str, options: &GameOptions) -> Result<Self, GameError> {
        let capture = capture_rule(options)?;
        let (rows, mover) = text
            .trim()
            .split_once(' ')
            .ok_or_else(|| GameError::new("expected the two rows, a space, then s or n"))?;
        let to_move = match mover.trim() {
            "s" | "S" => Player::First,
            "n" | "N" => Player::Second,
            other => {
                return Err(GameError::new(format!(
                    "'{other}' is not a side to move: expected s (South) or n (North)"
                )));
            }
        };
        let (south, north) = rows
            .split_once('/')
            .ok_or_else(|| GameError::new("expected South's row, '/', then North's row"))?;
        let (south_pits, south_store) = parse_row(south)?;
        let (north_pits, north_store) = parse_row(north)?;
        let pits = south_pits.len();
        if north_pits.len() != pits {
            return Err(GameError::new(format!(
                "South has {pits} pits but North has {}",
                north_pits.len()
            )));
        }
        if let Some(wanted) = options.get("pits").filter(|w| *w != pits.to_string()) {
            return Err(GameError::new(format!(
                "the position has {pits} pits a side but the option says pits={wanted}"
            )));
        }
        let total: u32 =
            south_pits.iter().chain(&north_pits).sum::<u32>() + south_store + north_store;
        if total > MAX_TOTAL {
            return Err(GameError::new(format!(
                "{total} seeds in all: at most {MAX_TOTAL}"
            )));
        }
        let mut board = Board::empty(pits);
        for (player, row, store) in [
            (Player::First, &south_pits, south_store),
            (Player::Second, &north_pits, north_store),
        ] {
            for (pit, &seeds) in row.iter().enumerate() {
                board.set_cell(board.pit_cell(player, pit), seeds as u8);
            }
            board.set_cell(board.store_cell(player), store as u8);
        }
        Ok(Kalah::from_board(board, to_move, capture))
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![NamedEvaluator {
            name: "seed",
            description: "store difference: seeds in my store minus seeds in the opponent's",
            evaluator: Arc::new(|g: &Kalah| g.board.store_margin(g.to_move)),
        }]
    }

    fn explain_evaluation(&self, eval: &str) -> Option<crate::game::Explanation> {
        (eval == "seed").then(|| {
            let [first, second] =
                [Player::First, Player::Second].map(|p| i32::from(self.board.store(p)));
            let stores = crate::game::EvalTerm::weighted("seeds in the store", first, second, 1);
            crate::game::Explanation::difference(vec![stores], first, second)
        })
    }

    fn solve_exactly(&self, stop: Option<&AtomicBool>) -> Option<ExactSolution<u8>> {
        self.solve(stop)
    }

    const PROFILE: GameProfile = GameProfile {
        offers_proofs: solver_answers_at_once,
        score_unit: ScoreUnit {
            name: "seeds",
            points: 1.0,
            most_range: 48.0,
        },
        ..GameProfile::DEFAULT
    };
}

/// A review proves Kalah's positions up to six pits of four seeds, where the
/// solver answers in a blink.
fn solver_answers_at_once(options: &GameOptions) -> bool {
    let pits = options.get_number("pits", 6, 1, 10).unwrap_or(u64::MAX);
    let seeds = options.get_number("seeds", 4, 1, 12).unwrap_or(u64::MAX);
    pits <= 6 && seeds <= 4
}

fn capture_rule(options: &GameOptions) -> Result<CaptureRule, GameError> {
    Ok(match options.get_choice("capture", CAPTURE_CHOICES)? {
        "standard" => CaptureRule::Standard,
        _ => CaptureRule::Empty,
    })
}

/// Reads one side: pits separated by commas, ':', the store.
fn parse_row(text: &str) -> Result<(Vec<u32>, u32), GameError> {
    let (pits, store) = text.split_once(':').ok_or_else(|| {
        GameError::new(format!(
            "'{text}' is not a row: expected pits separated by commas, ':', then the store"
        ))
    })?;
    let number = |word: &str| {
        word.trim()
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= MAX_TOTAL)
            .ok_or_else(|| GameError::new(format!("'{word}' is not a number of seeds")))
    };
    let pits = pits.split(',').map(number).collect::<Result<Vec<_>, _>>()?;
    if pits.len() > MAX_PITS {
        return Err(GameError::new(format!(
            "{} pits a side: at most {MAX_PITS}",
            pits.len()
        )));
    }
    Ok((pits, number(store)?))
}

fn cell_key(cell: usize, seeds: u8) -> u64 {
    KEYS[cell * 256 + seeds as usize]
}

fn hash_from_scratch(board: &Board, to_move: Player) -> u64 {
    let side = if to_move == Player::Second {
        zobrist::SECOND_TO_MOVE
    } else {
        0
    };
    board
        .cells()
        .iter()
        .enumerate()
        .fold(side, |hash, (cell, &seeds)| hash ^ cell_key(cell, seeds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_hash_matches_a_fresh_computation() {
        let mut game = Kalah::new(6, 4, CaptureRule::Empty);
        for pit in [2, 5, 0, 3, 1] {
            game.play(pit);
            assert_eq!(game.hash(), hash_from_scratch(&game.board, game.to_move));
        }
        for _ in 0..5 {
            game.undo();
        }
        assert_eq!(game, Kalah::new(6, 4, CaptureRule::Empty));
    }
}
