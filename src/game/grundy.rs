//! Grundy's game: split one heap into two unequal non-empty heaps; a player who
//! cannot move loses.
//!
//! The heaps are a multiset, kept sorted largest first, and hashed as a sum of
//! per-size keys so that the transposition table sees `4,2,1` and `1,4,2` as one.

pub mod solver;

use crate::game::SearchHooks;
use crate::game::profile::GameProfile;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use super::options::OptionInfo;
use super::{
    ExactSolution, Game, GameError, GameInfo, GameOptions, NamedEvaluator, Outcome, Playable,
    Player, zobrist,
};

/// The largest heap ply accepts, so positions stay small enough to search.
pub const MAX_HEAP: u16 = 1000;
/// The most heaps a position may list.
pub const MAX_HEAPS: usize = 1000;
const HEAP_TABLE: u64 = 2;

/// The longest heap list the explorer shows as a node's state.
const SHORT_STATE_LENGTH: usize = 20;

/// Splitting a heap of `heap` into `larger` and `heap - larger`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Split {
    /// The size of the heap that is split.
    pub heap: u16,
    /// The larger of the two new heaps.
    pub larger: u16,
}

impl Split {
    /// The smaller of the two new heaps.
    pub fn smaller(self) -> u16 {
        self.heap - self.larger
    }
}

/// A position of Grundy's game with its move history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grundy {
    heaps: Vec<u16>,
    history: Vec<Split>,
    hash: u64,
}

impl Grundy {
    /// A position from any heaps; the first player is to move.
    pub fn from_heaps(heaps: &[u16]) -> Grundy {
        let mut game = Grundy {
            heaps: heaps.to_vec(),
            history: Vec::new(),
            hash: 0,
        };
        game.heaps.sort_unstable_by(|a, b| b.cmp(a));
        game.hash = game
            .heaps
            .iter()
            .fold(0u64, |h, &s| h.wrapping_add(heap_key(s)));
        game
    }

    /// The heaps, largest first.
    pub fn heaps(&self) -> &[u16] {
        &self.heaps
    }

    /// The moves played so far, oldest first.
    pub fn history(&self) -> &[Split] {
        &self.history
    }

    fn insert(&mut self, size: u16) {
        let at = self.heaps.partition_point(|&h| h > size);
        self.heaps.insert(at, size);
        self.hash = self.hash.wrapping_add(heap_key(size));
    }

    fn remove(&mut self, size: u16) {
        if let Some(at) = self.heaps.iter().position(|&h| h == size) {
            self.heaps.remove(at);
            self.hash = self.hash.wrapping_sub(heap_key(size));
        }
    }

    fn side_key(&self) -> u64 {
        if self.to_move() == Player::Second {
            zobrist::SECOND_TO_MOVE
        } else {
            0
        }
    }
}

fn heap_key(size: u16) -> u64 {
    zobrist::key(HEAP_TABLE, u64::from(size))
}

/// Grundy values of single heaps (OEIS A002188) up to [`MAX_HEAP`], computed once
/// by the mex rule ([`solver::values_up_to`]). Used by the `sprague` evaluation,
/// never by the tests that check the search against the published values.
pub fn grundy_value(size: u16) -> u16 {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    let table = TABLE.get_or_init(|| solver::values_up_to(MAX_HEAP, None).unwrap_or_default());
    table[size as usize]
}

impl Game for Grundy {
    type Move = Split;

    fn to_move(&self) -> Player {
        if self.history.len().is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<Split>) {
        let mut previous = 0;
        for &heap in &self.heaps {
            if heap == previous || heap < 3 {
                continue;
            }
            previous = heap;
            out.extend(
                (heap / 2 + 1..heap)
                    .rev()
                    .map(|larger| Split { heap, larger }),
            );
        }
    }

    fn play(&mut self, m: Split) {
        self.remove(m.heap);
        self.insert(m.larger);
        self.insert(m.smaller());
        self.history.push(m);
    }

    fn undo(&mut self) {
        if let Some(m) = self.history.pop() {
            self.remove(m.larger);
            self.remove(m.smaller());
            self.insert(m.heap);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let can_move = self.heaps.first().is_some_and(|&h| h >= 3);
        (!can_move).then(|| Outcome::Win(self.to_move().other()))
    }

    fn end_reason(&self) -> Option<String> {
        self.outcome()
            .map(|_| "as no heap can be split any more".to_string())
    }

    fn hash(&self) -> u64 {
        self.hash ^ self.side_key()
    }

    fn parse_move(&self, text: &str) -> Result<Split, GameError> {
        let bad = || GameError::new(format!("'{text}' is not a split like 7=4+3"));
        let (heap, parts) = text.trim().split_once('=').ok_or_else(bad)?;
        let (a, b) = parts.split_once('+').ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<u16>().map_err(|_| bad());
        let (heap, a, b) = (number(heap)?, number(a)?, number(b)?);
        if !self.heaps.contains(&heap) {
            return Err(GameError::new(format!("there is no heap of {heap}")));
        }
        if a == 0 || b == 0 || u32::from(a) + u32::from(b) != u32::from(heap) {
            return Err(GameError::new(format!(
                "{a}+{b} does not split {heap} into two non-empty heaps"
            )));
        }
        if a == b {
            return Err(GameError::new(format!(
                "{heap} may not be split into two equal heaps"
            )));
        }
        Ok(Split {
            heap,
            larger: a.max(b),
        })
    }

    fn format_move(&self, m: Split) -> String {
        format!("{}={}+{}", m.heap, m.larger, m.smaller())
    }

    fn format_position(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(|h| h.to_string()).collect();
        heaps.join(",")
    }
}

impl SearchHooks for Grundy {
    fn move_priority(&self, m: Split) -> i32 {
        // Splitting off heaps of 1 and 2 leaves dead heaps; try even-ish splits first.
        i32::from(m.smaller())
    }
}

impl Playable for Grundy {
    /// A split starts with the size of the heap split.
    fn starts_move(&self, key: char) -> bool {
        super::starts_number_up_to(key, usize::MAX)
    }

    /// The heaps, `6,1`, while they are few enough to read at a glance.
    fn short_state(&self) -> Option<String> {
        Some(self.format_position()).filter(|text| text.len() <= SHORT_STATE_LENGTH)
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "grundy",
            name: "Grundy's game",
            description: "Split a heap into two unequal heaps; whoever cannot move loses",
            move_notation: "HEAP=LARGER+SMALLER, splitting one heap: 7=4+3",
            position_notation: "heap sizes separated by commas, any order: 4,2,1 (first player to move)",
            options: &[OptionInfo {
                key: "heap",
                default: "7",
                description: "size of the single starting heap (1 to 1000)",
                choices: &[],
            }],
            rules: include_str!("../../assets/rules/grundy.txt"),
        }
    }

    fn start(options: &GameOptions) -> Result<Self, GameError> {
        let heap = options.get_number("heap", 7, 1, u64::from(MAX_HEAP))?;
        Ok(Grundy::from_heaps(&[heap as u16]))
    }

    fn parse_position(text: &str, _options: &GameOptions) -> Result<Self, GameError> {
        let mut heaps = Vec::new();
        for word in text.split(',').map(str::trim) {
            match word.parse::<u16>() {
                Ok(n) if (1..=MAX_HEAP).contains(&n) => heaps.push(n),
                _ => {
                    return Err(GameError::new(format!(
                        "'{word}' is not a heap size from 1 to {MAX_HEAP}"
                    )));
                }
            }
        }
        if heaps.len() > MAX_HEAPS {
            return Err(GameError::new(format!("at most {MAX_HEAPS} heaps")));
        }
        Ok(Grundy::from_heaps(&heaps))
    }

    fn evaluators() -> Vec<NamedEvaluator<Self>> {
        vec![
            NamedEvaluator {
                name: "seed",
                description: "none: the course searches Grundy's game to the end, so a cut-off position is worth 0",
                evaluator: Arc::new(|_: &Grundy| 0),
            },
            NamedEvaluator {
                name: "sprague",
                description: "Sprague-Grundy theory: +100 when the XOR of the heaps' Grundy values is non-zero (a win), else -100",
                evaluator: Arc::new(|g: &Grundy| if g.nim_sum() != 0 { 100 } else { -100 }),
            },
        ]
    }

    fn solve_exactly(&self, stop: Option<&AtomicBool>) -> Option<ExactSolution<Split>> {
        solver::solve(self, stop)
    }

    fn solves_quickly(&self) -> bool {
        // Heaps up to MAX_HEAP take a table of a thousand values: under 10 ms.
        true
    }

    fn explain_evaluation(&self, eval: &str) -> Option<crate::game::Explanation> {
        match eval {
            "seed" => Some(explain_seed()),
            "sprague" => Some(self.explain_sprague()),
            _ => None,
        }
    }

    const PROFILE: GameProfile = GameProfile::PROVES_POSITIONS;
}

impl Grundy {
    /// The XOR of the heaps' Grundy values: non-zero exactly when the side to move wins.
    pub fn nim_sum(&self) -> u16 {
        self.heaps.iter().fold(0, |x, &h| x ^ grundy_value(h))
    }

    /// The `sprague` evaluation from the first player's view: 100 for the player
    /// Sprague-Grundy theory names the winner, with the Grundy values that decide it.
    fn explain_sprague(&self) -> crate::game::Explanation {
        let values: Vec<String> = self
            .heaps
            .iter()
            .map(|&h| format!("G({h}) = {}", grundy_value(h)))
            .collect();
        let nim_sum = self.nim_sum();
        let mover = self.to_move();
        let winner = if nim_sum != 0 { mover } else { mover.other() };
        let wins = |player: Player| i32::from(winner == player);
        let term = crate::game::EvalTerm::weighted(
            format!(
                "wins with best play ({}; XOR {nim_sum}: the side to move {}), 100 each",
                values.join(", "),
                if nim_sum != 0 { "wins" } else { "loses" }
            ),
            wins(Player::First),
            wins(Player::Second),
            100,
        );
        crate::game::Explanation::sum_of(vec![term])
    }
}

/// The `seed` evaluation taken apart: it has no terms, every position is worth 0,
/// because the course searches Grundy's game to the end.
fn explain_seed() -> crate::game::Explanation {
    crate::game::Explanation {
        formula: "e(P) = 0 (no evaluation: the course searches Grundy's game to the end)"
            .to_string(),
        ..crate::game::Explanation::sum_of(vec![crate::game::EvalTerm::weighted(
            "none (searched to the end)",
            0,
            0,
            0,
        )])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_ignores_heap_order_and_undo_restores_it() {
        let a = Grundy::from_heaps(&[4, 2, 1]);
        let b = Grundy::from_heaps(&[1, 4, 2]);
        assert_eq!(a.hash(), b.hash());
        let mut game = Grundy::from_heaps(&[7]);
        let start = game.hash();
        game.play(Split { heap: 7, larger: 4 });
        assert_eq!(game.heaps(), &[4, 3]);
        game.undo();
        assert_eq!(game.hash(), start);
    }

    #[test]
    fn seven_has_three_splits() {
        let game = Grundy::from_heaps(&[7]);
        let moves: Vec<String> = game
            .moves()
            .into_iter()
            .map(|m| game.format_move(m))
            .collect();
        assert_eq!(moves, ["7=6+1", "7=5+2", "7=4+3"]);
    }
}
