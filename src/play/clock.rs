//! Game clocks, for any game: each side's time left, an increment added after each
//! of its moves, and the loss on time when a flag falls. Time is charged between
//! the match's ticks to the side that was to move, so tests drive a clock with
//! instants of their own. [`allocate_move_time`] is the one rule for how long the
//! computer thinks on a clock, in the arcade, `ply match` and the engine protocols.

use std::time::{Duration, Instant};

use crate::game::{GameError, Player};

/// The time control chosen in the setup: minutes for each side, seconds added after
/// every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start, in minutes.
    pub minutes: u32,
    /// Seconds added to a side's clock after each of its moves.
    pub increment_secs: u32,
}

impl TimeControl {
    /// Each side's time at the start.
    pub fn initial(&self) -> Duration {
        Duration::from_secs(u64::from(self.minutes) * 60)
    }

    /// The time added after each move.
    pub fn increment(&self) -> Duration {
        Duration::from_secs(u64::from(self.increment_secs))
    }

    /// Reads `MIN+INC` or `MIN` (`5+3`: five minutes each, three seconds a move).
    pub fn parse(text: &str) -> Result<TimeControl, GameError> {
        let bad = || {
            GameError::new(format!(
                "clock '{text}': expected MIN+INC like 5+3 (1 to 600 minutes, 0 to 600 seconds)"
            ))
        };
        let (minutes, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let minutes: u32 = minutes.trim().parse().map_err(|_| bad())?;
        let increment_secs: u32 = increment.trim().parse().map_err(|_| bad())?;
        if !(1..=600).contains(&minutes) || increment_secs > 600 {
            return Err(bad());
        }
        Ok(TimeControl {
            minutes,
            increment_secs,
        })
    }

    /// The control as PGN's `TimeControl` tag writes it: seconds each, then the
    /// increment (`600+3` for ten minutes and three seconds a move).
    pub fn pgn_tag(&self) -> String {
        format!("{}+{}", self.initial().as_secs(), self.increment_secs)
    }

    /// The control as players write it: `5 min + 3 s`.
    pub fn label(&self) -> String {
        format!("{} min + {} s", self.minutes, self.increment_secs)
    }
}

/// Both sides' clocks in a game.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    left: [Duration; 2],
    /// The side whose clock runs, and since which tick.
    running: Option<(Player, Instant)>,
    flagged: Option<Player>,
}

/// The least time the computer is given for a move, however short its clock.
const MIN_MOVE_TIME: Duration = Duration::from_millis(10);
/// The computer plans as if this many moves were still to come.
const MOVES_TO_PLAN_FOR: u32 = 30;

impl Clocks {
    /// Both clocks full and stopped.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left: [control.initial(); 2],
            running: None,
            flagged: None,
        }
    }

    /// The time control the clocks were set to.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Charges the time since the last tick to the side whose clock ran, then runs
    /// the clock of `side` from `now` (`None` stops both: game over, paused, a move
    /// being shown). Returns the side whose flag has fallen, if one has.
    pub fn tick(&mut self, now: Instant, side: Option<Player>) -> Option<Player> {
        if let Some((runner, since)) = self.running {
            let left = &mut self.left[runner.index()];
            *left = left.saturating_sub(now.saturating_duration_since(since));
            if left.is_zero() && self.flagged.is_none() {
                self.flagged = Some(runner);
            }
        }
        self.running = match self.flagged {
            Some(_) => None,
            None => side.map(|s| (s, now)),
        };
        self.flagged
    }

    /// Leaves `stopped` out of the running clock's time (the process was suspended
    /// that long): the clock runs on from the next tick as if it had stood still.
    pub fn discount(&mut self, stopped: Duration) {
        if let Some((_, since)) = self.running.as_mut() {
            *since += stopped;
        }
    }

    /// Adds the increment for a move `by` has just made.
    pub fn moved(&mut self, by: Player) {
        if self.flagged.is_none() {
            self.left[by.index()] += self.control.increment();
        }
    }

    /// Sets each side's time left (a saved game resumed); the clocks stay stopped.
    pub fn set_left(&mut self, left: [Duration; 2]) {
        self.left = left;
    }

    /// The time `player` has left (as of the last tick).
    pub fn left(&self, player: Player) -> Duration {
        self.left[player.index()]
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Player> {
        self.running.map(|(p, _)| p)
    }

    /// The side that lost on time, if one has.
    pub fn flagged(&self) -> Option<Player> {
        self.flagged
    }

    /// How long the computer may think about its next move: a share of its time
    /// left plus most of the increment, never more than half of what is left.
    pub fn move_budget(&self, player: Player) -> Duration {
        allocate_move_time(
            self.left(player),
            self.control.increment(),
            None,
            Duration::ZERO,
        )
    }
}

/// How long to think about one move with `left` on the clock: a share of it
/// (`moves_to_go` moves still to come, else [`MOVES_TO_PLAN_FOR`]) plus most of
/// the increment, never more than half of what is left after `reserve` (time the
/// caller keeps for its own delays), and at least [`MIN_MOVE_TIME`] when the
/// clock allows it, so that a search always gets to finish one iteration.
pub fn allocate_move_time(
    left: Duration,
    increment: Duration,
    moves_to_go: Option<u32>,
    reserve: Duration,
) -> Duration {
    // Saturating: a protocol may send clocks of any size (UCCI `go time 18446744073709552`).
    let share = (left / moves_to_go.unwrap_or(MOVES_TO_PLAN_FOR).max(1))
        .saturating_add(increment.saturating_mul(3) / 4);
    let ceiling = left.saturating_sub(reserve) / 2;
    let floor = MIN_MOVE_TIME.min(ceiling).max(Duration::from_millis(1));
    share.min(ceiling).max(floor)
}

/// Time left for people: `4:59`, and tenths under ten seconds (`0:09.7`).
pub fn format_clock(left: Duration) -> String {
    let secs = left.as_secs();
    if left < Duration::from_secs(10) {
        format!("0:0{}.{}", secs, left.subsec_millis() / 100)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLITZ: TimeControl = TimeControl {
        minutes: 1,
        increment_secs: 2,
    };

    #[test]
    fn time_is_charged_to_the_side_to_move_and_the_increment_added_after_its_move() {
        let start = Instant::now();
        let mut clocks = Clocks::new(BLITZ);
        assert_eq!(clocks.tick(start, Some(Player::First)), None);
        clocks.tick(start + Duration::from_secs(10), Some(Player::First));
        clocks.moved(Player::First);
        clocks.tick(start + Duration::from_secs(10), Some(Player::Second));
        assert_eq!(clocks.left(Player::First), Duration::from_secs(50 + 2));
        clocks.tick(start + Duration::from_secs(25), None);
        assert_eq!(clocks.left(Player::Second), Duration::from_secs(45));
        assert_eq!(clocks.left(Player::First), Duration::from_secs(52));
        // Stopped: nobody is charged.
        clocks.tick(start + Duration::from_secs(99), Some(Player::Second));
        assert_eq!(clocks.left(Player::Second), Duration::from_secs(45));
        assert_eq!(clocks.running(), Some(Player::Second));
    }

    #[test]
    fn time_the_process_stood_still_is_not_charged() {
        let start = Instant::now();
        let mut clocks = Clocks::new(BLITZ);
        clocks.tick(start, Some(Player::First));
        clocks.tick(start + Duration::from_secs(5), Some(Player::First));
        // Suspended for 40 s, then 3 s more thinking.
        clocks.discount(Duration::from_secs(40));
        clocks.tick(start + Duration::from_secs(48), Some(Player::First));
        assert_eq!(clocks.left(Player::First), Duration::from_secs(60 - 8));
        assert_eq!(clocks.left(Player::Second), BLITZ.initial());
        // Stopped clocks have nothing to leave out.
        let mut stopped = Clocks::new(BLITZ);
        stopped.discount(Duration::from_secs(40));
        stopped.tick(start, Some(Player::Second));
        stopped.tick(start + Duration::from_secs(1), None);
        assert_eq!(stopped.left(Player::Second), Duration::from_secs(59));
    }

    #[test]
    fn a_flag_falls_at_zero_and_the_clocks_stop() {
        let start = Instant::now();
        let mut clocks = Clocks::new(BLITZ);
        clocks.tick(start, Some(Player::Second));
        let late = start + Duration::from_secs(61);
        assert_eq!(
            clocks.tick(late, Some(Player::Second)),
            Some(Player::Second)
        );
        assert_eq!(clocks.left(Player::Second), Duration::ZERO);
        assert_eq!(clocks.running(), None);
        clocks.moved(Player::Second);
        assert_eq!(clocks.left(Player::Second), Duration::ZERO);
        clocks.tick(late + Duration::from_secs(5), Some(Player::First));
        assert_eq!(clocks.left(Player::First), BLITZ.initial());
    }

    #[test]
    fn the_computer_spends_a_share_of_its_time_and_most_of_the_increment() {
        let clocks = Clocks::new(BLITZ);
        assert_eq!(
            clocks.move_budget(Player::First),
            Duration::from_secs(2) + Duration::from_millis(1500)
        );
        let mut short = Clocks::new(TimeControl {
            minutes: 1,
            increment_secs: 30,
        });
        let start = Instant::now();
        short.tick(start, Some(Player::First));
        short.tick(start + Duration::from_secs(56), None);
        assert_eq!(short.move_budget(Player::First), Duration::from_secs(2));
    }

    #[test]
    fn the_protocols_share_of_a_clock_keeps_a_reserve_and_follows_moves_to_go() {
        let ms = Duration::from_millis;
        // 60 s with 1 s a move and 20 moves to go: 3 s + 0.75 s.
        assert_eq!(
            allocate_move_time(ms(60_000), ms(1_000), Some(20), ms(30)),
            ms(3_750)
        );
        // Almost out of time: half of what the reserve leaves, never zero.
        assert_eq!(allocate_move_time(ms(50), ms(0), None, ms(30)), ms(10));
        assert_eq!(allocate_move_time(ms(20), ms(0), None, ms(30)), ms(1));
    }

    #[test]
    fn time_controls_are_read_as_minutes_plus_seconds() {
        assert_eq!(TimeControl::parse("1+2"), Ok(BLITZ));
        assert_eq!(TimeControl::parse(" 5 ").map(|c| c.increment_secs), Ok(0));
        for bad in ["", "0+1", "5+", "+3", "5+3+1", "x", "601", "5+-1", "5+601"] {
            let error = TimeControl::parse(bad).unwrap_err();
            assert!(error.0.contains("MIN+INC"), "{bad}: {error}");
        }
    }

    #[test]
    fn clocks_read_as_minutes_and_seconds_then_tenths() {
        assert_eq!(format_clock(Duration::from_secs(300)), "5:00");
        assert_eq!(format_clock(Duration::from_millis(61_900)), "1:01");
        assert_eq!(format_clock(Duration::from_millis(9_750)), "0:09.7");
        assert_eq!(format_clock(Duration::ZERO), "0:00.0");
        assert_eq!(BLITZ.label(), "1 min + 2 s");
    }
}
