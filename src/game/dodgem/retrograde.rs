//! The exact Dodgem solver: retrograde analysis over every position.
//!
//! Depth-first search cannot settle Dodgem, because cars can shuffle sideways for
//! ever. Retrograde analysis works backwards from the ends instead: a position is
//! won when some move leads to a position lost for the opponent, lost when every
//! move leads to one won for the opponent, and whatever is neither once nothing
//! more follows is a draw (both sides can keep out of a lost position for ever, so
//! with the repetition rule the game is drawn). Each position also gets its
//! distance to the end in plies: the winner takes the quickest win, the loser the
//! slowest loss, so a winning line never repeats a position.
//!
//! Positions are grouped in layers by the number of cars each side has on the board.
//! Driving a car off the board leads to a layer with fewer cars, so layers are solved
//! smallest first and moves within a layer are the only ones to propagate. Inside a
//! layer, positions are resolved in order of distance (a bucket per distance), going
//! back from each resolved position to the ones that could have led to it. A
//! position is numbered by ranking Left's squares, then Bottom's among the squares
//! left over, in the combinatorial number system: no slot is wasted.

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

use super::board::{Drive, MAX_SIZE, Position, Side, Target};
use super::{NoMoveRule, Rules};
use crate::game::progress::SOLVE_PROGRESS;
use crate::game::{ExactSolution, GameValue};

/// How often (in positions) the stop flag is read.
const POLL_INTERVAL: u64 = 1 << 16;
/// The longest line of best play reported.
const MAX_PV: usize = 200;
/// A position's value for its side to move: [`UNKNOWN`] for a draw (or, while a
/// layer is being solved, not known yet), else `2 * (distance + 1) + won`.
type Value = u16;
const UNKNOWN: Value = 0;
/// In the per-position counter of moves still unresolved: a move wins already.
const WINS_ANYWAY: u8 = 0x80;
/// In the same counter: a move reaches a drawn position, so this one is not lost.
const DRAWS_ANYWAY: u8 = 0x40;
/// In the same counter: a move within the layer wins, and the position is queued.
const WIN_QUEUED: u8 = 0x20;
const COUNT_MASK: u8 = 0x1f;
/// Marks a win in a queued index (indices stay below 2^31: 151 million at most).
const WON_BIT: u32 = 1 << 31;

/// The outcome of retrograde analysis of every position with at most as many cars
/// as a given one: the value and distance of each, for one set of rules.
pub struct Retrograde {
    rules: Rules,
    binomials: [[u64; MAX_SIZE * MAX_SIZE + 1]; MAX_SIZE * MAX_SIZE + 1],
    /// Values of each solved layer, by `left_cars * MAX_SIZE + bottom_cars`.
    layers: Vec<Vec<Value>>,
    /// The most cars of each side the solved layers hold: (Left, Bottom).
    solved: (u32, u32),
    positions: u64,
    blocked: u64,
}

/// What retrograde analysis says about one position, for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Win, loss or draw.
    pub value: GameValue,
    /// Plies to the end with best play (0 for a draw).
    pub plies: u32,
}

/// Solves every position with at most `root`'s cars and returns `root`'s value,
/// best move and a line of best play; `None` if `stop` was raised first.
pub fn solve(
    root: &Position,
    rules: &Rules,
    stop: Option<&AtomicBool>,
) -> Option<ExactSolution<Drive>> {
    let tables = Retrograde::solve(
        rules,
        root.cars_on_board(Side::Left),
        root.cars_on_board(Side::Bottom),
        stop,
    )?;
    let verdict = tables.verdict(root)?;
    let pv = tables.principal_variation(root);
    let plies = verdict.plies as i32;
    Some(ExactSolution {
        score: match verdict.value {
            GameValue::Win => plies,
            GameValue::Loss => -plies,
            GameValue::Draw | GameValue::Exact => 0,
        },
        value: verdict.value,
        best_move: pv.first().copied(),
        pv,
        nodes: tables.positions,
        leaves: tables.blocked,
        cutoffs: 0,
        tt_hits: 0,
        algorithm: "retrograde",
    })
}

impl Retrograde {
    /// Solves every position with at most `left` cars of Left's and `bottom` of
    /// Bottom's on the board (no more than a side has: size - 1); `None` if `stop`
    /// was raised first.
    pub fn solve(
        rules: &Rules,
        left: u32,
        bottom: u32,
        stop: Option<&AtomicBool>,
    ) -> Option<Retrograde> {
        let cars = rules.size.clamp(super::MIN_SIZE, MAX_SIZE) as u32 - 1;
        let (left, bottom) = (left.min(cars), bottom.min(cars));
        let mut tables = Retrograde {
            rules: *rules,
            binomials: binomials(),
            layers: vec![Vec::new(); MAX_SIZE * MAX_SIZE],
            solved: (left, bottom),
            positions: 0,
            blocked: 0,
        };
        for total in 2..=left + bottom {
            for l in 1..=left.min(total - 1) {
                let b = total - l;
                if b <= bottom {
                    let values = tables.solve_layer(l, b, stop)?;
                    tables.layers[layer_id(l, b)] = values;
                }
            }
        }
        Some(tables)
    }

    /// Positions analysed.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The value and distance of a position, or `None` when it has more cars than
    /// the solved layers hold.
    pub fn verdict(&self, position: &Position) -> Option<Verdict> {
        let (left, bottom) = self.solved;
        if position.cars_on_board(Side::Left) > left
            || position.cars_on_board(Side::Bottom) > bottom
        {
            return None;
        }
        Some(match decode(self.value(position)) {
            None => Verdict {
                value: GameValue::Draw,
                plies: 0,
            },
            Some((won, plies)) => Verdict {
                value: if won { GameValue::Win } else { GameValue::Loss },
                plies,
            },
        })
    }

    /// A move that keeps the value: the quickest win, the slowest loss, or a draw.
    pub fn best_move(&self, position: &Position) -> Option<Drive> {
        if self.rules.winner(position).is_some() {
            return None;
        }
        let wanted = match decode(self.value(position)) {
            Some((won, plies)) => encode(!won, plies - 1),
            None => UNKNOWN,
        };
        let mut moves = Vec::new();
        position.moves(self.rules.size, &mut moves);
        moves
            .into_iter()
            .find(|&m| self.value(&position.after(m)) == wanted)
    }

    /// Best moves from `position` until the game ends or, in a draw, a position repeats.
    pub fn principal_variation(&self, position: &Position) -> Vec<Drive> {
        let mut line = Vec::new();
        let mut seen = vec![*position];
        let mut current = *position;
        while line.len() < MAX_PV {
            let Some(drive) = self.best_move(&current) else {
                break;
            };
            line.push(drive);
            current = current.after(drive);
            if seen.contains(&current) {
                break;
            }
            seen.push(current);
        }
        line
    }

    /// The value of any position with no more cars than the solved layers hold.
    fn value(&self, position: &Position) -> Value {
        let left = position.cars_on_board(Side::Left);
        let bottom = position.cars_on_board(Side::Bottom);
        if left == 0 || bottom == 0 {
            let winner = if left == 0 { Side::Left } else { Side::Bottom };
            return encode(winner == position.to_move, 0);
        }
        self.layers[layer_id(left, bottom)][self.index(position)]
    }

    /// The position's number within its layer.
    fn index(&self, position: &Position) -> usize {
        let n = self.rules.size * self.rules.size;
        let left = position.cars[Side::Left.index()];
        let bottom = position.cars[Side::Bottom.index()];
        let free = (n as u32 - left.count_ones()) as usize;
        let per_left = self.binomials[free][bottom.count_ones() as usize];
        let rank = self.colex_rank(left) * per_left + self.colex_rank(squeeze(bottom, left));
        rank as usize * 2 + position.to_move.index()
    }

    /// The rank of a set of squares among the sets of its size, in colex order
    /// (which is the order of the masks as numbers).
    fn colex_rank(&self, mask: u32) -> u64 {
        super::squares(mask)
            .enumerate()
            .map(|(i, square)| self.binomials[square][i + 1])
            .sum()
    }

    fn layer_len(&self, left: u32, bottom: u32) -> usize {
        let n = self.rules.size * self.rules.size;
        let ways =
            self.binomials[n][left as usize] * self.binomials[n - left as usize][bottom as usize];
        ways as usize * 2
    }

    /// The position with number `index` in the layer of `left` and `bottom` cars.
    fn position_at(&self, left: u32, bottom: u32, index: usize) -> Position {
        let n = self.rules.size * self.rules.size;
        let free = n - left as usize;
        let per_left = self.binomials[free][bottom as usize];
        let rank = index as u64 / 2;
        let left_mask = self.colex_unrank(rank / per_left, left, n);
        let packed = self.colex_unrank(rank % per_left, bottom, free);
        Position {
            cars: [left_mask, spread(packed, left_mask)],
            to_move: if index.is_multiple_of(2) {
                Side::Left
            } else {
                Side::Bottom
            },
        }
    }

    /// The `k`-element subset of `0..n` with colex rank `rank`.
    fn colex_unrank(&self, mut rank: u64, k: u32, n: usize) -> u32 {
        let mut mask = 0;
        let mut top = n;
        for i in (1..=k as usize).rev() {
            top = (i - 1..top)
                .rev()
                .find(|&p| self.binomials[p][i] <= rank)
                .unwrap_or(i - 1);
            rank -= self.binomials[top][i];
            mask |= 1 << top;
        }
        mask
    }

    /// Every position of a layer, in index order.
    fn layer_positions(&self, left: u32, bottom: u32) -> impl Iterator<Item = Position> + '_ {
        let n = self.rules.size * self.rules.size;
        subsets(n as u32, left).flat_map(move |left_mask| {
            subsets(n as u32 - left, bottom).flat_map(move |packed| {
                [Side::Left, Side::Bottom].map(|to_move| Position {
                    cars: [left_mask, spread(packed, left_mask)],
                    to_move,
                })
            })
        })
    }

    /// Solves one layer, all layers with fewer cars being solved already.
    fn solve_layer(
        &mut self,
        left: u32,
        bottom: u32,
        stop: Option<&AtomicBool>,
    ) -> Option<Vec<Value>> {
        let stopped = || stop.is_some_and(|s| s.load(AtomicOrdering::Relaxed));
        let len = self.layer_len(left, bottom);
        let mut layer = Layer {
            values: vec![UNKNOWN; len],
            pending: vec![0; len],
            buckets: Vec::new(),
        };
        let mut moves = Vec::new();
        let mut blocked = 0;
        for (index, position) in self.layer_positions(left, bottom).enumerate() {
            if (index as u64).is_multiple_of(POLL_INTERVAL) {
                SOLVE_PROGRESS.record_nodes(self.positions + index as u64);
                if stopped() {
                    return None;
                }
            }
            moves.clear();
            position.moves(self.rules.size, &mut moves);
            blocked += u64::from(self.start_position(&mut layer, index, &position, &moves));
        }
        self.positions += len as u64;
        self.blocked += blocked;
        SOLVE_PROGRESS.record_nodes(self.positions);
        let mut predecessors = Vec::new();
        let mut distance = 0;
        let mut done = 0u64;
        while distance < layer.buckets.len() {
            for entry in std::mem::take(&mut layer.buckets[distance]) {
                done += 1;
                if done.is_multiple_of(POLL_INTERVAL) && stopped() {
                    return None;
                }
                let (index, won) = ((entry & !WON_BIT) as usize, entry & WON_BIT != 0);
                if layer.values[index] != UNKNOWN {
                    continue;
                }
                layer.values[index] = encode(won, distance as u32);
                let position = self.position_at(left, bottom, index);
                predecessors.clear();
                position.predecessors(self.rules.size, &mut predecessors);
                for before in &predecessors {
                    self.update_predecessor(&mut layer, before, won, distance as u32);
                }
            }
            distance += 1;
        }
        Some(layer.values)
    }

    /// Looks at a position's moves before propagation: a blocked side is decided
    /// at once, moves off the board lead to solved layers, and the moves that stay
    /// in the layer are counted. True when the side to move is blocked.
    fn start_position(
        &self,
        layer: &mut Layer,
        index: usize,
        position: &Position,
        moves: &[Drive],
    ) -> bool {
        if moves.is_empty() {
            layer.push(0, index, self.rules.no_move == NoMoveRule::BlockedWins);
            return true;
        }
        let mut staying = 0u8;
        let mut quickest_win: Option<u32> = None;
        let mut draws = false;
        for &drive in moves {
            if drive.to != Target::Off {
                staying += 1;
                continue;
            }
            match decode(self.value(&position.after(drive))) {
                Some((false, plies)) => {
                    quickest_win = Some(quickest_win.map_or(plies + 1, |q| q.min(plies + 1)));
                }
                Some((true, _)) => {}
                None => draws = true,
            }
        }
        if let Some(plies) = quickest_win {
            layer.pending[index] = WINS_ANYWAY;
            layer.push(plies, index, true);
        } else if staying > 0 {
            layer.pending[index] = staying | if draws { DRAWS_ANYWAY } else { 0 };
        } else if !draws {
            let plies = self.slowest_loss(&layer.values, position);
            layer.push(plies, index, false);
        }
        false
    }

    /// A position that led to `after`, now resolved as won (`won`) or lost for its
    /// side to move at `plies` from the end.
    fn update_predecessor(&self, layer: &mut Layer, before: &Position, won: bool, plies: u32) {
        let index = self.index(before);
        if layer.values[index] != UNKNOWN {
            return;
        }
        let pending = &mut layer.pending[index];
        if !won {
            // Wins found here come in order of distance: the first is the quickest.
            if *pending & WIN_QUEUED == 0 {
                *pending |= WIN_QUEUED;
                layer.push(plies + 1, index, true);
            }
            return;
        }
        if *pending & WINS_ANYWAY != 0 {
            return;
        }
        *pending -= 1;
        if *pending & COUNT_MASK == 0 && *pending & DRAWS_ANYWAY == 0 {
            let plies = self.slowest_loss(&layer.values, before);
            layer.push(plies, index, false);
        }
    }

    /// Plies to the end of a lost position: one more than its longest reply.
    fn slowest_loss(&self, current: &[Value], position: &Position) -> u32 {
        let mut moves = Vec::new();
        position.moves(self.rules.size, &mut moves);
        moves
            .iter()
            .map(|&drive| {
                let after = position.after(drive);
                let value = if drive.to == Target::Off {
                    self.value(&after)
                } else {
                    current[self.index(&after)]
                };
                decode(value).map_or(0, |(_, plies)| plies + 1)
            })
            .max()
            .unwrap_or(0)
    }
}

/// The working state of the layer being solved.
struct Layer {
    values: Vec<Value>,
    /// Per position: moves within the layer not yet known to lose, and flags.
    pending: Vec<u8>,
    /// Positions waiting to be resolved, by distance: the index, with [`WON_BIT`]
    /// set for a win.
    buckets: Vec<Vec<u32>>,
}

impl Layer {
    fn push(&mut self, plies: u32, index: usize, won: bool) {
        let plies = plies as usize;
        if self.buckets.len() <= plies {
            self.buckets.resize_with(plies + 1, Vec::new);
        }
        self.buckets[plies].push(index as u32 | if won { WON_BIT } else { 0 });
    }
}

fn layer_id(left: u32, bottom: u32) -> usize {
    left as usize * MAX_SIZE + bottom as usize
}

fn encode(won: bool, plies: u32) -> Value {
    debug_assert!(
        plies < u32::from(Value::MAX / 2),
        "distances fit the value's bits"
    );
    (2 * (plies + 1) + u32::from(won)) as Value
}

fn decode(value: Value) -> Option<(bool, u32)> {
    (value != UNKNOWN).then(|| (value & 1 == 1, (u32::from(value) >> 1) - 1))
}

/// `mask`'s squares renumbered among the squares not in `taken`.
fn squeeze(mask: u32, taken: u32) -> u32 {
    super::squares(mask).fold(0, |packed, square| {
        let below = (taken & ((1u32 << square) - 1)).count_ones();
        packed | (1 << (square as u32 - below))
    })
}

/// The inverse of [`squeeze`]: numbers among the squares not in `taken` back to squares.
fn spread(packed: u32, taken: u32) -> u32 {
    let mut mask = 0;
    let mut bits = packed;
    let mut square = 0;
    let mut free_seen = 0;
    while bits != 0 {
        if taken & (1 << square) == 0 {
            if bits & (1 << free_seen) != 0 {
                mask |= 1 << square;
                bits &= !(1 << free_seen);
            }
            free_seen += 1;
        }
        square += 1;
    }
    mask
}

/// The `k`-element subsets of `0..n` as masks, in increasing order (Gosper's hack).
fn subsets(n: u32, k: u32) -> impl Iterator<Item = u32> {
    let limit = 1u64 << n;
    let first = (1u64 << k) - 1;
    std::iter::successors(Some(first), move |&x| {
        if x == 0 {
            return None;
        }
        let lowest = x & x.wrapping_neg();
        let ripple = x + lowest;
        let next = (((ripple ^ x) >> 2) / lowest) | ripple;
        (next < limit).then_some(next)
    })
    .take_while(move |&x| x < limit)
    .map(|x| x as u32)
}

/// Pascal's triangle up to 25.
fn binomials() -> [[u64; MAX_SIZE * MAX_SIZE + 1]; MAX_SIZE * MAX_SIZE + 1] {
    let mut table = [[0u64; MAX_SIZE * MAX_SIZE + 1]; MAX_SIZE * MAX_SIZE + 1];
    for n in 0..table.len() {
        table[n][0] = 1;
        for k in 1..=n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
        }
    }
    table
}
