//! Threat patterns, kept up to date move by move.
//!
//! For every empty point, every direction and each player we know what a stone of
//! that player on that point would make along that line: a five, an open four (two
//! ways to complete five), a four (one way), an open three (one more stone makes an
//! open four), a three (one more stone makes a four), an open two or a two. This is
//! the "what if I play here" view that move ordering, the threat search and the
//! evaluation all need.
//!
//! A pattern depends only on the five points on each side of the point along the
//! line (the fifth tells an exact five from an overline), so it is a lookup in a
//! table of 3^10 entries per rule, built once from the definitions above by working
//! down from lines with more stones. A move changes the patterns of at most ten
//! points per direction, which are recomputed; per-player counts of every pattern
//! follow along, so the evaluation never scans the board.

use std::sync::OnceLock;

use super::board::{Board, DIRECTIONS, MAX_POINTS, OFF_BOARD, Rule};
use crate::game::Player;

/// What a stone on a point would make along one line, weakest first.
pub type Pattern = u8;
/// Nothing that can still become five through this point.
pub const NONE: Pattern = 0;
/// One more stone makes a three.
pub const TWO: Pattern = 1;
/// One more stone makes an open three.
pub const OPEN_TWO: Pattern = 2;
/// One more stone makes a four.
pub const THREE: Pattern = 3;
/// One more stone makes an open four.
pub const OPEN_THREE: Pattern = 4;
/// Exactly one empty point would then complete five.
pub const FOUR: Pattern = 5;
/// Two or more empty points would then complete five: the opponent cannot stop both.
pub const OPEN_FOUR: Pattern = 6;
/// The stone completes a winning row.
pub const FIVE: Pattern = 7;
/// Number of patterns, for per-pattern tables.
pub const PATTERNS: usize = 8;

/// Points read on each side of the centre along a line.
const REACH: i32 = 5;
/// Line contents as seen by one player: base-3 digits, one per point read.
const EMPTY: usize = 0;
const MINE: usize = 1;
const BLOCKED: usize = 2;
/// Entries of a pattern table: three states for each of the ten points read.
const TABLE_SIZE: usize = 59_049;

/// The offsets read around the centre, in digit order.
const OFFSETS: [i32; 10] = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5];

/// The pattern table of a rule, built on first use.
fn table(rule: Rule) -> &'static [Pattern] {
    static FREESTYLE: OnceLock<Vec<Pattern>> = OnceLock::new();
    static EXACT: OnceLock<Vec<Pattern>> = OnceLock::new();
    let cell = match rule {
        Rule::Freestyle => &FREESTYLE,
        Rule::Exact => &EXACT,
    };
    cell.get_or_init(|| build_table(rule))
}

/// The state of the point at digit `digit` of `key`.
fn digit_state(key: usize, digit: usize) -> usize {
    key / 3usize.pow(digit as u32) % 3
}

/// Computes every entry, lines with more of the player's stones first, so that
/// each entry can look up the lines one stone further on.
fn build_table(rule: Rule) -> Vec<Pattern> {
    let mine_count = |key: usize| (0..10).filter(|&d| digit_state(key, d) == MINE).count();
    let mut keys: Vec<usize> = (0..TABLE_SIZE).collect();
    keys.sort_by_key(|&k| std::cmp::Reverse(mine_count(k)));
    let mut table = vec![NONE; TABLE_SIZE];
    for key in keys {
        table[key] = classify(key, rule, &table);
    }
    table
}

/// The pattern of one line: a five if the centre's row wins, otherwise judged by
/// what one more stone (within four points, so that a five could include the
/// centre) would make.
fn classify(key: usize, rule: Rule, table: &[Pattern]) -> Pattern {
    let state_at = |offset: i32| {
        let digit = OFFSETS
            .iter()
            .position(|&o| o == offset)
            .expect("offset read");
        digit_state(key, digit)
    };
    let reach = |sign: i32| {
        (1..=REACH)
            .take_while(|&k| state_at(sign * k) == MINE)
            .count()
    };
    if rule.wins(1 + reach(1) + reach(-1)) {
        return FIVE;
    }
    let children: Vec<Pattern> = OFFSETS
        .iter()
        .enumerate()
        .filter(|&(digit, &offset)| offset.abs() < REACH && digit_state(key, digit) == EMPTY)
        .map(|(digit, _)| table[key + 3usize.pow(digit as u32)])
        .collect();
    let fives = children.iter().filter(|&&p| p == FIVE).count();
    let best = children.iter().copied().max().unwrap_or(NONE);
    match (fives, best) {
        (2.., _) => OPEN_FOUR,
        (1, _) => FOUR,
        (_, OPEN_FOUR) => OPEN_THREE,
        (_, FOUR) => THREE,
        (_, OPEN_THREE) => OPEN_TWO,
        (_, THREE) => TWO,
        _ => NONE,
    }
}

/// The pattern a stone of `player` on the empty `point` would make along `direction`.
pub fn pattern_at(
    board: &Board,
    rule: Rule,
    point: usize,
    direction: (i32, i32),
    player: Player,
) -> Pattern {
    let window: [u8; 2 * REACH as usize + 1] = board.line(point, direction);
    table(rule)[key_of(&window, player)]
}

/// The table index of the centre of `window` (the centre and `REACH` points on
/// each side, coded as in [`Board::line`]) for `player`.
fn key_of(window: &[u8], player: Player) -> usize {
    let centre = REACH as usize;
    let mut key = 0;
    let mut weight = 1;
    for (i, &code) in window.iter().enumerate() {
        if i != centre {
            key += state_of(code, player) * weight;
            weight *= 3;
        }
    }
    key
}

/// A point's digit in `player`'s table keys, from its code in [`Board::line`].
fn state_of(code: u8, player: Player) -> usize {
    match code {
        0 => EMPTY,
        c if c == player.index() as u8 + 1 => MINE,
        _ => BLOCKED,
    }
}

/// Every point's patterns for both players, with per-player totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threats {
    /// `patterns[player][point][direction]`; `NONE` on occupied points.
    patterns: [[[Pattern; 4]; MAX_POINTS]; 2],
    /// The strongest of a point's four patterns, per player.
    best: [[Pattern; MAX_POINTS]; 2],
    /// How many (point, direction) pairs hold each pattern, per player.
    counts: [[i32; PATTERNS]; 2],
    /// How many points would complete five, per player.
    five_points: [i32; 2],
}

impl Threats {
    /// The patterns of a whole board, computed from scratch.
    pub fn new(board: &Board, rule: Rule) -> Threats {
        let mut threats = Threats {
            patterns: [[[NONE; 4]; MAX_POINTS]; 2],
            best: [[NONE; MAX_POINTS]; 2],
            counts: [[0; PATTERNS]; 2],
            five_points: [0; 2],
        };
        for point in 0..board.points() {
            for direction in 0..4 {
                threats.recompute(board, rule, point, direction);
            }
        }
        threats
    }

    /// Brings the patterns up to date after a stone was put on or taken off `point`:
    /// only points within reach of it along its four lines can change. The
    /// table keys of the windows along a line are slid one point at a time (the
    /// key of [`key_of`], split into the halves before and after the centre), so
    /// each point costs a few operations, not a read of its whole window: this
    /// runs twice for every position a threat search visits.
    pub fn update_around(&mut self, board: &Board, rule: Rule, point: usize) {
        const HALF: usize = REACH as usize;
        const TOP: usize = 81; // 3^(HALF - 1): the weight of a half's last digit
        let table = table(rule);
        for (direction, &step) in DIRECTIONS.iter().enumerate() {
            // Every window needed below, read once: 2 * REACH points on each side.
            let line: [u8; 4 * REACH as usize + 1] = board.line(point, step);
            for player in [Player::First, Player::Second] {
                let states = line.map(|code| state_of(code, player));
                let half = |from: usize| {
                    (0..HALF).fold((0, 1), |(key, weight), k| {
                        (key + states[from + k] * weight, weight * 3)
                    })
                };
                // The window centred `HALF` points before `point`.
                let (mut before, mut after) = (half(0).0, half(HALF + 1).0);
                for centre in HALF..=3 * HALF {
                    if line[centre] != OFF_BOARD {
                        let at = board
                            .step(point, step, centre as i32 - 2 * REACH)
                            .expect("on the board");
                        let new = match line[centre] {
                            0 => table[before + after * TOP * 3],
                            _ => NONE,
                        };
                        self.set(player, at, direction, new);
                    }
                    if centre < 3 * HALF {
                        before = (before - states[centre - HALF]) / 3 + states[centre] * TOP;
                        after = (after - states[centre + 1]) / 3 + states[centre + HALF + 1] * TOP;
                    }
                }
            }
        }
    }

    fn recompute(&mut self, board: &Board, rule: Rule, point: usize, direction: usize) {
        for player in [Player::First, Player::Second] {
            let new = if board.is_empty(point) {
                pattern_at(board, rule, point, DIRECTIONS[direction], player)
            } else {
                NONE
            };
            self.set(player, point, direction, new);
        }
    }

    /// Records one pattern, keeping the totals and the point's best up to date.
    fn set(&mut self, player: Player, point: usize, direction: usize, new: Pattern) {
        let side = player.index();
        let old = std::mem::replace(&mut self.patterns[side][point][direction], new);
        if old == new {
            return;
        }
        self.counts[side][old as usize] -= 1;
        self.counts[side][new as usize] += 1;
        let was_five = self.best[side][point] == FIVE;
        let best = self.patterns[side][point]
            .iter()
            .copied()
            .max()
            .unwrap_or(NONE);
        self.best[side][point] = best;
        self.five_points[side] += i32::from(best == FIVE) - i32::from(was_five);
    }

    /// What a stone of `player` on `point` would make in each direction.
    pub fn patterns(&self, player: Player, point: usize) -> [Pattern; 4] {
        self.patterns[player.index()][point]
    }

    /// The strongest pattern a stone of `player` on `point` would make.
    pub fn best(&self, player: Player, point: usize) -> Pattern {
        self.best[player.index()][point]
    }

    /// How many (point, direction) pairs hold `pattern` for `player`.
    pub fn count(&self, player: Player, pattern: Pattern) -> i32 {
        self.counts[player.index()][pattern as usize]
    }

    /// How many points would complete five for `player` (their fours on the board).
    pub fn five_points(&self, player: Player) -> i32 {
        self.five_points[player.index()]
    }

    /// True when `player` has a point that makes a four or better: the start of a
    /// forcing sequence.
    pub fn has_fours(&self, player: Player) -> bool {
        self.count(player, FOUR) + self.count(player, OPEN_FOUR) + self.count(player, FIVE) > 0
    }
}

/// What a stone makes over all four lines, from the patterns of each: a single
/// number for move ordering and threat detection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Shape {
    /// Nothing forcing.
    Quiet,
    /// Two or more open threes at once: wins unless the opponent has fours.
    DoubleThree,
    /// A single four: the opponent must answer it.
    Four,
    /// A four and an open three at once, or two fours, or an open four: wins
    /// unless the opponent has fours of their own.
    Winning,
    /// Completes five.
    Five,
}

/// The combined shape of a point's four patterns.
pub fn shape(patterns: [Pattern; 4]) -> Shape {
    let fours = patterns.iter().filter(|&&p| p >= FOUR).count();
    let threes = patterns.iter().filter(|&&p| p == OPEN_THREE).count();
    if patterns.contains(&FIVE) {
        Shape::Five
    } else if patterns.contains(&OPEN_FOUR) || fours >= 2 || (fours == 1 && threes >= 1) {
        Shape::Winning
    } else if fours == 1 {
        Shape::Four
    } else if threes >= 2 {
        Shape::DoubleThree
    } else {
        Shape::Quiet
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pattern of the middle point of a one-line picture, `*` marking it:
    /// `x` own stones, `o` the opponent's, `.` empty; the board edge ends the line.
    fn line_pattern(picture: &str, rule: Rule) -> Pattern {
        let mut board = Board::new(19);
        let centre = picture.find('*').expect("a centre");
        for (file, c) in picture.chars().enumerate() {
            let point = board.point(file, 9);
            match c {
                'x' => board.place(point, Player::First),
                'o' => board.place(point, Player::Second),
                _ => {}
            }
        }
        pattern_at(&board, rule, board.point(centre, 9), (1, 0), Player::First)
    }

    #[test]
    fn patterns_follow_their_definitions() {
        let free = Rule::Freestyle;
        assert_eq!(line_pattern("..xx*xx..", free), FIVE);
        assert_eq!(line_pattern("..xxx*...", free), OPEN_FOUR);
        assert_eq!(line_pattern("..x.*xx..", free), FOUR);
        assert_eq!(line_pattern("o.xxx*o..", free), FOUR);
        assert_eq!(line_pattern("x.x*x.x..", free), OPEN_FOUR);
        assert_eq!(line_pattern("...x*x...", free), OPEN_THREE);
        assert_eq!(line_pattern("..ox*x...", free), THREE);
        assert_eq!(line_pattern("...x*.x..", free), OPEN_THREE);
        assert_eq!(line_pattern("....*x...", free), OPEN_TWO);
        assert_eq!(line_pattern("o...*x.o.", free), OPEN_TWO);
        assert_eq!(line_pattern("o.*x.o", free), NONE);
        assert_eq!(line_pattern("*x..o", free), NONE);
    }

    #[test]
    fn the_exact_rule_refuses_overlines() {
        assert_eq!(line_pattern("xxx*xx...", Rule::Freestyle), FIVE);
        assert_eq!(line_pattern(".xxx*xx..", Rule::Exact), NONE);
        assert_eq!(line_pattern("x.xxx*...", Rule::Exact), FOUR);
        assert_eq!(line_pattern("x.xxx*...", Rule::Freestyle), OPEN_FOUR);
    }

    #[test]
    fn incremental_patterns_match_a_fresh_computation() {
        let mut board = Board::new(9);
        let mut threats = Threats::new(&board, Rule::Freestyle);
        let moves = [40, 41, 31, 49, 22, 13, 50, 30, 32, 39];
        for (i, &m) in moves.iter().enumerate() {
            let player = if i % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            board.place(m, player);
            threats.update_around(&board, Rule::Freestyle, m);
            assert_eq!(threats, Threats::new(&board, Rule::Freestyle), "after {i}");
        }
        for &m in moves.iter().rev() {
            board.remove(m);
            threats.update_around(&board, Rule::Freestyle, m);
        }
        assert_eq!(threats, Threats::new(&Board::new(9), Rule::Freestyle));
    }
}
