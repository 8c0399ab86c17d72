//! A game looked back on: every position's evaluation and, in games small enough
//! to be solved, every position's proven value, worked out on a thread of its own
//! so a review screen never waits. From the proven values before and after each
//! move comes what the move did: kept the win, threw it away, held the draw.
//!
//! The work is bounded: an evaluation is a search of a few thousand nodes, a proof
//! gets [`PROOF_TIME`] per position and is left unknown past it, and dropping the
//! [`Analysis`] stops the thread at its next check.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crate::game::{Evaluator, GameOptions, Outcome, Playable, Player};
use crate::search::score::{self, Score};
use crate::search::{Engine, GameValue, Limits, SearchConfig};

/// The nodes an evaluation searches per position: enough to see a few plies past
/// the position, few enough that a long game is evaluated in seconds.
pub const EVALUATION_NODES: u64 = 20_000;
/// The time a proof gets per position before its value is left unknown.
pub const PROOF_TIME: Duration = Duration::from_secs(3);
/// The table a solver that keeps one gets, in MiB: a review proves many positions
/// one after another and should not hold the memory `ply solve` takes.
const PROOF_TABLE_MIB: usize = 64;

/// A proven result with best play from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proven {
    /// This side wins.
    Win(Player),
    /// Best play draws.
    Draw,
}

impl Proven {
    /// The proven value of a finished game.
    pub fn of_outcome(outcome: Outcome) -> Proven {
        match outcome {
            Outcome::Win(player) => Proven::Win(player),
            Outcome::Draw => Proven::Draw,
        }
    }

    /// The value a solver or search gives for the side to move.
    pub fn of_value(value: GameValue, to_move: Player) -> Option<Proven> {
        match value {
            GameValue::Win => Some(Proven::Win(to_move)),
            GameValue::Loss => Some(Proven::Win(to_move.other())),
            GameValue::Draw => Some(Proven::Draw),
            _ => None,
        }
    }
}

/// What a move did to the proven value, for the side that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveMark {
    /// A won position stayed won.
    KeptWin,
    /// A won position became a draw.
    WinToDraw,
    /// A won position became lost.
    WinToLoss,
    /// A drawn position stayed drawn.
    HeldDraw,
    /// A drawn position became lost.
    DrawToLoss,
    /// A lost position stayed lost: every move loses.
    StillLost,
    /// The value went up for the mover, which a correct proof never shows; kept
    /// so that a wrong value is visible rather than hidden.
    Gained,
}

impl MoveMark {
    /// What the move did in words, from the mover's view.
    pub fn words(self) -> &'static str {
        match self {
            MoveMark::KeptWin => "kept the win",
            MoveMark::WinToDraw => "threw the win away (draw)",
            MoveMark::WinToLoss => "threw the win away (loses)",
            MoveMark::HeldDraw => "held the draw",
            MoveMark::DrawToLoss => "threw the draw away (loses)",
            MoveMark::StillLost => "lost anyway",
            MoveMark::Gained => "gained (a proof is wrong)",
        }
    }

    /// A one-character sign for lists: `✓` good, `✗` a mistake, `=` held, `·` lost anyway.
    pub fn sign(self) -> &'static str {
        match self {
            MoveMark::KeptWin => "✓",
            MoveMark::HeldDraw => "=",
            MoveMark::StillLost => "·",
            MoveMark::WinToDraw | MoveMark::WinToLoss | MoveMark::DrawToLoss => "✗",
            MoveMark::Gained => "!",
        }
    }

    /// True for moves that made the mover's proven result worse.
    pub fn is_mistake(self) -> bool {
        matches!(
            self,
            MoveMark::WinToDraw | MoveMark::WinToLoss | MoveMark::DrawToLoss
        )
    }

    /// The mark of a move by `mover` from a position worth `before` to one worth `after`.
    pub fn of(mover: Player, before: Proven, after: Proven) -> MoveMark {
        let rank = |value: Proven| match value {
            Proven::Win(p) if p == mover => 2,
            Proven::Draw => 1,
            Proven::Win(_) => 0,
        };
        match (rank(before), rank(after)) {
            (2, 2) => MoveMark::KeptWin,
            (2, 1) => MoveMark::WinToDraw,
            (2, 0) => MoveMark::WinToLoss,
            (1, 1) => MoveMark::HeldDraw,
            (1, 0) => MoveMark::DrawToLoss,
            (0, 0) => MoveMark::StillLost,
            _ => MoveMark::Gained,
        }
    }
}

/// One finding of the analysis thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding {
    /// Position `index` evaluated: the score in the first player's view.
    Evaluated(usize, Score),
    /// Position `index` proven (`None`: no proof within [`PROOF_TIME`]).
    Proved(usize, Option<Proven>),
    /// Nothing more will come.
    Done,
}

/// True when the review proves the positions of `game` with these options (the
/// game's profile says where proofs come in a blink).
pub fn offers_proofs(game: &str, options: &GameOptions) -> bool {
    crate::game::profile_of(game).is_ok_and(|profile| (profile.offers_proofs)(options))
}

/// What the analysis of a game found so far: the findings of [`analyse`], taken
/// in as they come (the arcade runs it as a background job).
pub struct Analysis {
    /// Each position's score in the first player's view, once evaluated.
    pub scores: Vec<Option<Score>>,
    /// Each position's proof: not tried yet (`None`), or its result.
    pub proofs: Vec<Option<Option<Proven>>>,
    /// True when proofs are worked out for this game.
    pub proving: bool,
    /// True once the analysis has finished.
    pub done: bool,
}

impl Analysis {
    /// Nothing found yet about `count` positions, proofs to come when `proving`.
    pub fn new(count: usize, proving: bool) -> Analysis {
        Analysis {
            scores: vec![None; count],
            proofs: vec![None; count],
            proving,
            done: false,
        }
    }

    /// Takes in one finding.
    pub fn record(&mut self, finding: Finding) {
        match finding {
            Finding::Evaluated(i, s) => set(&mut self.scores, i, Some(s)),
            Finding::Proved(i, p) => set(&mut self.proofs, i, Some(p)),
            Finding::Done => self.done = true,
        }
    }

    /// The mark of move `index` (from position `index` to `index + 1`) by `mover`,
    /// once both positions are proven.
    pub fn mark(&self, index: usize, mover: Player) -> Option<MoveMark> {
        let before = (*self.proofs.get(index)?)??;
        let after = (*self.proofs.get(index + 1)?)??;
        Some(MoveMark::of(mover, before, after))
    }
}

fn set<T>(values: &mut [Option<T>], index: usize, value: Option<T>) {
    if let Some(slot) = values.get_mut(index) {
        *slot = value;
    }
}

/// Analyses a game's `positions` (the start and the position after each move):
/// evaluations first (quick), then, when `prove` is set, proofs from the last
/// position back (the late ones are the quick ones). Each finding goes to
/// `report`, which answers false when nobody wants more; `cancel` stops the work.
/// Ends with [`Finding::Done`] unless stopped.
pub fn analyse<G: Playable>(
    positions: &[G],
    evaluator: &dyn Evaluator<G>,
    prove: bool,
    cancel: &AtomicBool,
    report: &mut dyn FnMut(Finding) -> bool,
) {
    let mut engine = Engine::new();
    for (index, position) in positions.iter().enumerate() {
        if cancel.load(Ordering::Relaxed) {
            return;
        }
        let score = evaluate(&mut engine, position, evaluator, cancel);
        if !report(Finding::Evaluated(index, score)) {
            return;
        }
    }
    if prove {
        for (index, position) in positions.iter().enumerate().rev() {
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            let proven = prove_within(position, evaluator, cancel, PROOF_TIME);
            if !report(Finding::Proved(index, proven)) {
                return;
            }
        }
    }
    report(Finding::Done);
}

/// A short search's score, in the first player's view.
fn evaluate<G: Playable>(
    engine: &mut Engine<G>,
    position: &G,
    evaluator: &dyn Evaluator<G>,
    cancel: &AtomicBool,
) -> Score {
    if let Some(outcome) = position.outcome() {
        return match outcome {
            Outcome::Win(Player::First) => score::WIN,
            Outcome::Win(Player::Second) => -score::WIN,
            Outcome::Draw => 0,
        };
    }
    let limits = Limits {
        nodes: Some(EVALUATION_NODES),
        ..Limits::default()
    };
    let mut config = SearchConfig::for_algorithm_in_game(
        crate::search::Algorithm::Engine,
        limits,
        G::prefers_engine_search(),
    );
    config.iterative = true;
    let result = engine.search(position, evaluator, &config, Some(cancel), &mut ());
    match position.to_move() {
        Player::First => result.score,
        Player::Second => -result.score,
    }
}

/// The position's proven value, by the game's exact solver or else a search to
/// the end, given up after `budget`.
fn prove_within<G: Playable>(
    position: &G,
    evaluator: &dyn Evaluator<G>,
    cancel: &AtomicBool,
    budget: Duration,
) -> Option<Proven> {
    if let Some(outcome) = position.outcome() {
        return Some(Proven::of_outcome(outcome));
    }
    let stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    thread::scope(|scope| {
        scope.spawn(|| {
            let deadline = Instant::now() + budget;
            while !finished.load(Ordering::Relaxed) {
                if Instant::now() >= deadline || cancel.load(Ordering::Relaxed) {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                thread::sleep(Duration::from_millis(5));
            }
        });
        let proven = prove(position, evaluator, &stop);
        finished.store(true, Ordering::Relaxed);
        proven
    })
}

fn prove<G: Playable>(
    position: &G,
    evaluator: &dyn Evaluator<G>,
    stop: &AtomicBool,
) -> Option<Proven> {
    let to_move = position.to_move();
    if let Some(solution) = position.solve_exactly_with_table(Some(stop), PROOF_TABLE_MIB) {
        return Proven::of_value(solution.value, to_move);
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let config = SearchConfig::alpha_beta(Limits::default());
    let result = crate::search::search(position, evaluator, &config, Some(stop), &mut ());
    if !result.proven || result.stopped {
        return None;
    }
    Proven::of_value(result.value()?, to_move)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_read_from_the_movers_view() {
        let (x, o) = (Player::First, Player::Second);
        assert_eq!(
            MoveMark::of(x, Proven::Win(x), Proven::Win(x)),
            MoveMark::KeptWin
        );
        assert_eq!(
            MoveMark::of(x, Proven::Win(x), Proven::Draw),
            MoveMark::WinToDraw
        );
        assert_eq!(
            MoveMark::of(o, Proven::Draw, Proven::Win(x)),
            MoveMark::DrawToLoss
        );
        assert_eq!(
            MoveMark::of(o, Proven::Win(x), Proven::Win(x)),
            MoveMark::StillLost
        );
        assert_eq!(
            MoveMark::of(o, Proven::Draw, Proven::Draw),
            MoveMark::HeldDraw
        );
        assert!(MoveMark::WinToLoss.is_mistake() && !MoveMark::HeldDraw.is_mistake());
    }

    #[test]
    fn proofs_are_offered_for_the_solved_games_only() {
        let none = GameOptions::default();
        assert!(offers_proofs("connect4", &none) && offers_proofs("kalah", &none));
        assert!(!offers_proofs("chess", &none));
        let big = GameOptions::parse(&["seeds=6"]).unwrap();
        assert!(!offers_proofs("kalah", &big));
    }
}
