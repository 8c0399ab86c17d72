//! The exact Kalah solver: the final seed margin with perfect play.
//!
//! What happens after a position depends only on the seeds in the pits, never on the
//! stores, so the solver values a position by its *future margin*: how many more
//! seeds the side to move will add to its store than the opponent to theirs. The
//! final margin is the store margin now plus that. Positions are keyed by their
//! pits as seen from the side to move, so the same pits reached with different
//! stores, or with the sides swapped, share one table entry.
//!
//! The search is MTD(f): a series of null-window alpha-beta searches ("is the value
//! at least g?") that close in on the value, each reusing the lower and upper bounds
//! the table kept from the ones before. Moves are tried table move first, then the
//! moves that end in the mover's store (extra turns), then by seeds won (captures).
//! An extra turn keeps the side to move, so that child's value is added, not negated.
//! The future margin can never exceed the seeds still in the pits, which cuts off
//! hopeless windows at once (futility). Before searching its children, a node asks
//! the table and the endgame database whether one of them already proves a cutoff
//! (enhanced transposition cutoffs). Positions with few seeds left are looked up in
//! an endgame database ([`super::endgame`]) instead of searched.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

use super::board::{Board, CaptureRule, MAX_PITS, Sowing};
use super::endgame::{Endgame, EndgameConfig};
use crate::game::progress::SOLVE_PROGRESS;
use crate::game::{ExactSolution, GameValue, Player, zobrist};

/// How often (in nodes) the stop flag is read.
const POLL_INTERVAL: u64 = 4096;
/// Entries a table bucket holds (one 64-byte cache line).
const BUCKET: usize = 4;
/// The largest table: 2^27 entries of 16 bytes, 2 GiB (Kalah(6,5)'s 60 seeds).
const MAX_TABLE_BITS: u32 = 27;
/// The smallest table, for tiny boards.
const MIN_TABLE_BITS: u32 = 12;
/// The longest line of best play reported.
const MAX_PV: usize = 400;

/// Solves the position and returns the final margin for `mover` with best play;
/// `None` if `stop` was raised first.
pub fn solve(
    board: &Board,
    mover: Player,
    capture: CaptureRule,
    stop: Option<&AtomicBool>,
) -> Option<ExactSolution<u8>> {
    solve_with(board, mover, capture, stop, &EndgameConfig::from_env())
}

/// [`solve`] with the endgame databases taken from (and limited by) `endgame`.
pub fn solve_with(
    board: &Board,
    mover: Player,
    capture: CaptureRule,
    stop: Option<&AtomicBool>,
    endgame: &EndgameConfig,
) -> Option<ExactSolution<u8>> {
    let in_play = board.seeds_in_play();
    let bits = table_bits(in_play);
    let mut solver = Solver::new(capture, bits, stop);
    if !board.is_over() {
        let levels = endgame.levels.unwrap_or_else(|| wanted_levels(in_play));
        solver.endgame = Endgame::obtain(board.pits(), capture, levels, endgame);
    }
    let now = board.store_margin(mover);
    if board.is_over() {
        let margin = board.final_count(mover) as i32 - board.final_count(mover.other()) as i32;
        return Some(solver.solution(margin, Vec::new()));
    }
    let future = solver.mtdf(board, mover, 0)?;
    let pv = solver.principal_variation(board, mover, future)?;
    Some(solver.solution(now + future, pv))
}

/// A table size that grows with the seeds in play (Kalah(6,4)'s 48 get the
/// largest, Kalah(6,3)'s 36 an eighth of it): small boards do not pay for
/// clearing a large table.
fn table_bits(seeds_in_play: u32) -> u32 {
    (seeds_in_play / 4 + 13).clamp(MIN_TABLE_BITS, MAX_TABLE_BITS)
}

/// The endgame database worth building for a solve with `seeds_in_play`: deep
/// enough to cut the search's long tail, small enough to build in a fraction of
/// the solve's time. Kalah(6,4)'s 48 seeds want 20 levels (225 million positions,
/// cached), Kalah(6,3)'s 36 only 8; boards that small search faster than they build.
fn wanted_levels(seeds_in_play: u32) -> u32 {
    seeds_in_play.saturating_sub(28)
}

/// One child of a position, made ready for ordering.
#[derive(Clone, Copy)]
struct Child {
    pit: u8,
    board: Board,
    sowing: Sowing,
    /// Store margin the move itself earns the mover (sowing, capture, end of game).
    gain: i32,
    priority: i32,
}

/// The children of a position, on the stack: no allocation per node.
struct Children {
    items: [Child; MAX_PITS],
    len: usize,
}

impl Children {
    fn as_slice(&self) -> &[Child] {
        &self.items[..self.len]
    }
}

/// Bounds on a position's future margin, as the table keeps them.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    best_pit: u8,
    /// log2 of the nodes searched to get these bounds: the replacement priority.
    work: u8,
}

/// A transposition table of bounds, four entries a bucket, replacing the entry
/// that took the least work.
struct Table {
    entries: Vec<Entry>,
    bucket_mask: usize,
}

impl Table {
    fn new(bits: u32) -> Table {
        let size = 1usize << bits;
        Table {
            entries: vec![Entry::default(); size],
            bucket_mask: size / BUCKET - 1,
        }
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let start = (key as usize & self.bucket_mask) * BUCKET;
        start..start + BUCKET
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.bucket(key)]
            .iter()
            .find(|e| e.key == key)
            .copied()
    }

    /// Adds what a search proved; bounds already known for the position are kept
    /// when tighter, since both are true of the same value.
    fn store(&mut self, fresh: Entry) {
        let range = self.bucket(fresh.key);
        let bucket = &mut self.entries[range];
        if let Some(old) = bucket.iter_mut().find(|e| e.key == fresh.key) {
            old.lower = old.lower.max(fresh.lower);
            old.upper = old.upper.min(fresh.upper);
            old.best_pit = fresh.best_pit;
            old.work = old.work.max(fresh.work);
            return;
        }
        if let Some(victim) = bucket.iter_mut().min_by_key(|e| e.work) {
            *victim = fresh;
        }
    }
}

struct Solver<'a> {
    capture: CaptureRule,
    table: Table,
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
    tt_hits: u64,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
    endgame: Option<Arc<Endgame>>,
}

impl<'a> Solver<'a> {
    fn new(capture: CaptureRule, table_bits: u32, stop: Option<&'a AtomicBool>) -> Solver<'a> {
        Solver {
            capture,
            table: Table::new(table_bits),
            nodes: 0,
            leaves: 0,
            cutoffs: 0,
            tt_hits: 0,
            stop,
            aborted: false,
            endgame: None,
        }
    }

    /// The exact future margin of `board` for `mover` if the endgame database holds it.
    fn endgame_value(&self, board: &Board, mover: Player, in_play: u32) -> Option<i32> {
        self.endgame
            .as_deref()
            .filter(|db| in_play <= db.levels())
            .map(|db| db.value(board, mover))
    }

    /// What the database or the table already proves of a child's future margin
    /// for the side to move there: (lower, upper).
    fn known_bounds(&self, board: &Board, mover: Player) -> Option<(i32, i32)> {
        let in_play = board.seeds_in_play();
        if let Some(value) = self.endgame_value(board, mover, in_play) {
            return Some((value, value));
        }
        let entry = self.table.probe(position_key(board, mover))?;
        Some((i32::from(entry.lower), i32::from(entry.upper)))
    }

    /// The lower bound on the parent's future margin that `child` is already known
    /// to give, without searching it (enhanced transposition cutoffs).
    fn known_lower_bound(&self, child: &Child, mover: Player) -> Option<i32> {
        match child.sowing {
            Sowing::GameOver => Some(child.gain),
            Sowing::ExtraTurn => self
                .known_bounds(&child.board, mover)
                .map(|(lower, _)| child.gain + lower),
            Sowing::TurnPasses => self
                .known_bounds(&child.board, mover.other())
                .map(|(_, upper)| child.gain - upper),
        }
    }

    /// The future margin of `board` for `mover`, closing in from `guess` with
    /// null-window searches. `None` when stopped.
    fn mtdf(&mut self, board: &Board, mover: Player, guess: i32) -> Option<i32> {
        let in_play = board.seeds_in_play() as i32;
        let (mut lower, mut upper) = (-in_play, in_play);
        let mut value = guess.clamp(lower, upper);
        while lower < upper {
            let beta = if value == lower { value + 1 } else { value };
            SOLVE_PROGRESS.record_probe(lower, upper);
            value = self.search(board, mover, beta - 1, beta);
            if self.aborted {
                return None;
            }
            if value < beta {
                upper = value;
            } else {
                lower = value;
            }
        }
        Some(value)
    }

    /// True when the future margin of `board` for `mover` is at least `target`.
    fn at_least(&mut self, board: &Board, mover: Player, target: i32) -> bool {
        self.search(board, mover, target - 1, target) >= target
    }

    /// Fail-soft alpha-beta on the future margin for `mover`: exact inside
    /// `(alpha, beta)`, an upper bound at or below alpha, a lower bound at or above beta.
    fn search(&mut self, board: &Board, mover: Player, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            SOLVE_PROGRESS.record_nodes(self.nodes);
            self.aborted |= self.stop.is_some_and(|s| s.load(AtomicOrdering::Relaxed));
        }
        if self.aborted {
            return 0;
        }
        let seeds = board.seeds_in_play();
        let in_play = seeds as i32;
        if in_play <= alpha {
            return in_play;
        }
        if -in_play >= beta {
            return -in_play;
        }
        if let Some(value) = self.endgame_value(board, mover, seeds) {
            self.leaves += 1;
            return value;
        }
        let key = position_key(board, mover);
        let stored = self.table.probe(key);
        if let Some(entry) = stored {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower >= beta || upper <= alpha || lower == upper {
                self.tt_hits += 1;
                return if lower >= beta { lower } else { upper };
            }
        }
        let children = self.children(board, mover, stored.map(|e| e.best_pit));
        if let Some(proven) = children
            .as_slice()
            .iter()
            .filter_map(|child| self.known_lower_bound(child, mover))
            .find(|&bound| bound >= beta)
        {
            self.tt_hits += 1;
            return proven;
        }
        let original_alpha = alpha;
        let nodes_before = self.nodes;
        let mut best = -in_play - 1;
        let mut best_pit = children.as_slice()[0].pit;
        for child in children.as_slice() {
            let value = self.child_value(child, mover, alpha, beta);
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                best_pit = child.pit;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        self.cutoffs += 1;
                        break;
                    }
                }
            }
        }
        let (lower, upper) = if best >= beta {
            (best, in_play)
        } else if best <= original_alpha {
            (-in_play, best)
        } else {
            (best, best)
        };
        self.table.store(Entry {
            key,
            lower: lower as i16,
            upper: upper as i16,
            best_pit,
            work: work(self.nodes - nodes_before),
        });
        best
    }

    /// The future margin of the position before `child`, through `child`.
    fn child_value(&mut self, child: &Child, mover: Player, alpha: i32, beta: i32) -> i32 {
        let gain = child.gain;
        match child.sowing {
            Sowing::GameOver => {
                self.leaves += 1;
                gain
            }
            Sowing::ExtraTurn => gain + self.search(&child.board, mover, alpha - gain, beta - gain),
            Sowing::TurnPasses => {
                gain - self.search(&child.board, mover.other(), gain - beta, gain - alpha)
            }
        }
    }

    /// Every legal move's result, best candidates first: the table's move, extra
    /// turns (the pit nearest the store first, so the others stay playable), then
    /// by seeds won.
    fn children(&self, board: &Board, mover: Player, table_pit: Option<u8>) -> Children {
        let mut children = Children {
            items: [Child {
                pit: 0,
                board: *board,
                sowing: Sowing::GameOver,
                gain: 0,
                priority: 0,
            }; MAX_PITS],
            len: 0,
        };
        for pit in (0..board.pits()).filter(|&pit| board.seeds(mover, pit) > 0) {
            let mut after = *board;
            let sowing = after.sow(mover, pit, self.capture);
            let gain = after.store_margin(mover) - board.store_margin(mover);
            let extra = if sowing == Sowing::ExtraTurn { 1000 } else { 0 };
            let from_table = if table_pit == Some(pit as u8) {
                100_000
            } else {
                0
            };
            children.items[children.len] = Child {
                pit: pit as u8,
                board: after,
                sowing,
                gain,
                priority: from_table + extra + 10 * gain + pit as i32,
            };
            children.len += 1;
        }
        children.items[..children.len].sort_unstable_by_key(|c| -c.priority);
        children
    }

    /// A line of best play from a position whose future margin is `value`: at each
    /// step the first move that keeps the value, checked by a null-window search.
    fn principal_variation(&mut self, board: &Board, mover: Player, value: i32) -> Option<Vec<u8>> {
        let (mut board, mut mover, mut value) = (*board, mover, value);
        let mut pv = Vec::new();
        while pv.len() < MAX_PV && !board.is_over() {
            let children = self.children(&board, mover, None);
            let keeping = children
                .as_slice()
                .iter()
                .copied()
                .find(|child| match child.sowing {
                    Sowing::GameOver => child.gain == value,
                    Sowing::ExtraTurn => self.at_least(&child.board, mover, value - child.gain),
                    Sowing::TurnPasses => {
                        !self.at_least(&child.board, mover.other(), child.gain - value + 1)
                    }
                });
            if self.aborted {
                return None;
            }
            let Some(child) = keeping else { break };
            pv.push(child.pit);
            board = child.board;
            match child.sowing {
                Sowing::GameOver => break,
                Sowing::ExtraTurn => value -= child.gain,
                Sowing::TurnPasses => {
                    value = child.gain - value;
                    mover = mover.other();
                }
            }
        }
        Some(pv)
    }

    fn solution(&self, margin: i32, pv: Vec<u8>) -> ExactSolution<u8> {
        ExactSolution {
            score: margin,
            value: match margin.signum() {
                1 => GameValue::Win,
                -1 => GameValue::Loss,
                _ => GameValue::Draw,
            },
            best_move: pv.first().copied(),
            pv,
            nodes: self.nodes,
            leaves: self.leaves,
            cutoffs: self.cutoffs,
            tt_hits: self.tt_hits,
            algorithm: "mtdf",
        }
    }
}

/// The pits seen from the side to move (its own row first), hashed: the key of
/// everything the future depends on.
fn position_key(board: &Board, mover: Player) -> u64 {
    let pits = board.pits();
    let mut bytes = [0u8; 2 * MAX_PITS + 4];
    bytes[..pits].copy_from_slice(board.side(mover));
    bytes[pits..2 * pits].copy_from_slice(board.side(mover.other()));
    let word = |i: usize| {
        let mut chunk = [0u8; 8];
        chunk.copy_from_slice(&bytes[i * 8..i * 8 + 8]);
        u64::from_le_bytes(chunk)
    };
    let key =
        zobrist::mix64(word(0) ^ zobrist::mix64(word(1) ^ zobrist::mix64(word(2) ^ pits as u64)));
    key.max(1)
}

/// log2 of a node count, as a byte.
fn work(nodes: u64) -> u8 {
    (64 - nodes.leading_zeros()) as u8
}
