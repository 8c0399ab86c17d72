//! Time management for a game clock: how much of the time left one move may
//! take, and, between iterations, whether to start another.
//!
//! A move gets a soft budget (its share of the clock) and a hard cap (a few
//! shares, never more than a quarter of the clock). The search stops at the hard cap
//! whatever happens; between iterations it starts another only when that one is
//! expected to finish inside the soft budget, stretched while the search is
//! unsettled (the best move just changed, the score fell) and shrunk once the
//! same move has led for several iterations.

use std::time::Duration;

use super::score::{self, Score};

/// Moves the clock is shared over when the GUI does not say (`movestogo`).
const MOVES_AHEAD: u32 = 25;
/// The hard cap, in soft budgets: room to finish an iteration, to stretch the
/// budget when the search is unsettled.
const HARD_CAP_IN_BUDGETS: u32 = 3;
/// The most of the clock (after one reserve) a single move may take: the
/// increment only arrives after the move, and slow moves in a row must leave time.
const MOST_OF_CLOCK_DIVISOR: u32 = 4;
/// The shortest a move may be given, so that depth 1 always finishes.
const SHORTEST: Duration = Duration::from_millis(1);
/// How much longer than the last iteration the next one is expected to take.
const NEXT_ITERATION_GROWTH: u32 = 2;
/// Iterations with the same best move after which it counts as settled.
const SETTLED_AFTER: u32 = 4;

/// The time one move may take on a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeBudget {
    /// What the move should take: its share of the clock plus most of the increment.
    pub soft: Duration,
    /// What it may never exceed (the search is cut there).
    pub hard: Duration,
}

impl TimeBudget {
    /// The budget for a move with `left` on the clock, `increment` added after
    /// each move, `moves_to_go` moves until the next time control (`None`: the
    /// rest of the game), and `reserve` lost to the GUI and the pipes on every
    /// move: it is kept back for each move planned for (and two more), as
    /// Stockfish keeps its move overhead, so that a clock with little time and a
    /// small increment is not lost to the delays. The hard cap never exceeds a
    /// quarter of what is left after one reserve, and the soft budget never
    /// exceeds the hard cap.
    pub fn for_clock(
        left: Duration,
        increment: Duration,
        moves_to_go: Option<u32>,
        reserve: Duration,
    ) -> TimeBudget {
        let moves = moves_to_go.unwrap_or(MOVES_AHEAD).max(1);
        let reserves = moves.min(MOVES_AHEAD) + 2;
        let usable = left.saturating_sub(reserve.saturating_mul(reserves));
        let share = (usable / moves).saturating_add(increment.saturating_mul(3) / 4);
        let hard = share
            .saturating_mul(HARD_CAP_IN_BUDGETS)
            .min(left.saturating_sub(reserve) / MOST_OF_CLOCK_DIVISOR)
            .max(SHORTEST);
        TimeBudget {
            soft: share.min(hard).max(SHORTEST),
            hard,
        }
    }
}

/// How settled the iterations so far are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stability {
    /// Iterations in a row, after the first, that kept the best move.
    pub same_best_move: u32,
    /// How far the score fell in the last iteration (0 when it rose or held).
    pub score_drop: Score,
}

impl Stability {
    /// The stability after an iteration whose best move is `changed` or not and
    /// whose score went from `previous` to `score`. Mate scores do not count as a
    /// drop: their distance, not the position, changed.
    pub fn after(self, changed: bool, previous: Score, score: Score) -> Stability {
        let mates = |s: Score| score::is_win(s) || score::is_loss(s);
        Stability {
            same_best_move: if changed { 0 } else { self.same_best_move + 1 },
            score_drop: match mates(previous) || mates(score) {
                true => 0,
                false => previous.saturating_sub(score).max(0),
            },
        }
    }

    /// The factor the soft budget is multiplied by, in percent: more when the best
    /// move just changed or the score fell (the search has found trouble and needs
    /// to resolve it), less once the same move has led for several iterations.
    pub fn budget_percent(self) -> u32 {
        let moves = match self.same_best_move {
            0 => 150,
            n if n >= SETTLED_AFTER => 60,
            _ => 100,
        };
        let drop = match self.score_drop {
            d if d >= 60 => 160,
            d if d >= 25 => 125,
            _ => 100,
        };
        moves * drop / 100
    }
}

/// True when another iteration should start: `elapsed` since the search began,
/// the last iteration having taken `last_iteration`. It should if it is expected
/// to finish inside the soft budget, scaled by `stability` and capped at `hard`.
pub fn starts_another_iteration(
    soft: Duration,
    hard: Duration,
    stability: Stability,
    elapsed: Duration,
    last_iteration: Duration,
) -> bool {
    let target = soft
        .saturating_mul(stability.budget_percent())
        .checked_div(100)
        .unwrap_or(soft)
        .min(hard);
    let expected = last_iteration.saturating_mul(NEXT_ITERATION_GROWTH);
    elapsed.saturating_add(expected) <= target
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;
    const RESERVE: Duration = Duration::from_millis(30);

    #[test]
    fn the_soft_budget_is_a_share_of_the_clock_and_most_of_the_increment() {
        let budget = TimeBudget::for_clock(MS(60_000), MS(1_000), None, RESERVE);
        // (60000 - 27 * 30) / 25 + 750 = 2367.6 + 750
        assert_eq!(budget.soft, Duration::from_micros(3_117_600));
        assert_eq!(budget.hard, budget.soft * HARD_CAP_IN_BUDGETS);
        let budget = TimeBudget::for_clock(MS(10_210), MS(0), Some(5), RESERVE);
        // (10210 - 7 * 30) / 5, and a quarter of 10180 ms at most.
        assert_eq!(budget.soft, MS(2_000));
        assert_eq!(budget.hard, MS(2_545), "a quarter of the clock");
    }

    #[test]
    fn a_short_clock_is_never_overrun() {
        for left in [0, 1, 29, 30, 31, 50, 100, 250, 1_000] {
            for increment in [0, 10, 100, 1_000, 10_000] {
                for moves_to_go in [None, Some(1), Some(2), Some(40)] {
                    let budget =
                        TimeBudget::for_clock(MS(left), MS(increment), moves_to_go, RESERVE);
                    let usable = MS(left).saturating_sub(RESERVE);
                    assert!(budget.soft <= budget.hard);
                    assert!(
                        budget.hard <= (usable / 4).max(SHORTEST),
                        "{left} ms + {increment}: {budget:?}"
                    );
                }
            }
        }
        // `go wtime 100`: less than the reserves of the moves to come, so as
        // little as depth 1 needs.
        let budget = TimeBudget::for_clock(MS(100), MS(0), None, RESERVE);
        assert_eq!((budget.soft, budget.hard), (SHORTEST, SHORTEST));
        // With a large increment but little on the clock, not the increment.
        let budget = TimeBudget::for_clock(MS(230), MS(2_000), None, RESERVE);
        assert_eq!(budget.hard, MS(50));
    }

    #[test]
    fn huge_clocks_saturate_instead_of_overflowing() {
        let budget = TimeBudget::for_clock(Duration::MAX, Duration::MAX, Some(1), RESERVE);
        assert!(budget.soft <= budget.hard);
    }

    #[test]
    fn a_changed_best_move_or_a_falling_score_stretches_the_budget() {
        let start = Stability::default();
        let changed = start.after(true, 10, 10);
        assert_eq!(changed.budget_percent(), 150);
        let held = changed.after(false, 10, 12);
        assert_eq!(held.budget_percent(), 100);
        let fell = held.after(false, 12, -50);
        assert_eq!(fell.score_drop, 62);
        assert_eq!(fell.budget_percent(), 160);
        let mut settled = held;
        for _ in 0..3 {
            settled = settled.after(false, 12, 12);
        }
        assert_eq!(settled.same_best_move, SETTLED_AFTER);
        assert_eq!(settled.budget_percent(), 60);
        let mate = score::win_in(5);
        assert_eq!(held.after(false, mate, 0).score_drop, 0);
    }

    #[test]
    fn an_iteration_starts_only_if_it_should_finish_in_the_scaled_budget() {
        let steady = Stability {
            same_best_move: 1,
            score_drop: 0,
        };
        let (soft, hard) = (MS(1_000), MS(4_000));
        assert!(starts_another_iteration(
            soft,
            hard,
            steady,
            MS(400),
            MS(300)
        ));
        assert!(!starts_another_iteration(
            soft,
            hard,
            steady,
            MS(500),
            MS(300)
        ));
        let unsettled = Stability {
            same_best_move: 0,
            score_drop: 0,
        };
        assert!(starts_another_iteration(
            soft,
            hard,
            unsettled,
            MS(500),
            MS(300)
        ));
        let settled = Stability {
            same_best_move: SETTLED_AFTER,
            score_drop: 0,
        };
        assert!(!starts_another_iteration(
            soft,
            hard,
            settled,
            MS(300),
            MS(200)
        ));
        // Never past the hard cap, however unsettled.
        let alarmed = Stability {
            same_best_move: 0,
            score_drop: 500,
        };
        assert!(!starts_another_iteration(
            soft,
            MS(1_100),
            alarmed,
            MS(500),
            MS(400)
        ));
    }
}
