//! The exact Connect Four solver: the score of a position in Pascal Pons'
//! convention, proven by alpha-beta search to the end of the game.
//!
//! The search is negamax alpha-beta on bitboards (as in Pons' tutorial and
//! Tromp's Fhourstones), with
//! - only "non-losing" moves: win at once when possible, block an open threat,
//!   never play right below an opponent's threat;
//! - score bounds from the board alone (nobody wins before their next stone, and a
//!   quicker win scores more), which close the window near the end of the game,
//!   and from Allis' claimeven (see [`Bitboard::follow_up_bound`]);
//! - transposition tables of lower and upper bounds plus the best column, keyed so
//!   that a position and its mirror image share an entry early in the game, and
//!   probed for every child before the first is searched (enhanced transposition
//!   cutoff);
//! - move ordering: the table's column, then the moves that create the most threats
//!   (cells that would complete a four), centre columns first on ties;
//! - null-window probes at the root, each reusing what the last one stored: for
//!   the exact score, Pons' bisection of the possible scores biased towards zero
//!   (positions decided early have scores far from zero, which stepping out from
//!   zero one point a probe would take many probes to reach); for win, draw or
//!   loss only, first win or not, then loss or not.

use std::sync::atomic::{AtomicBool, Ordering};

use super::bitboard::{Bitboard, Geometry, MAX_WIDTH};
use super::table::{Entry, MIN_ENTRIES_LOG2, NO_LOWER, NO_UPPER, Tables};
use crate::game::progress::SOLVE_PROGRESS;
use crate::game::{GameError, GameValue};

/// Entries of the large transposition table `ply solve` uses: 2^26 words, 512 MiB.
pub const DEFAULT_TABLE_LOG2: u32 = 26;
/// The large table's entries (log2) for about `mib` MiB: the largest power of two
/// that fits, and never fewer than the table's minimum (2^22 entries, 32 MiB).
pub fn table_log2_for_mib(mib: usize) -> u32 {
    let entries = (mib as u64).saturating_mul(1 << 20) / 8;
    entries.max(1).ilog2().max(MIN_ENTRIES_LOG2)
}

/// The large table's entries (log2) for solving a position with `empty_cells`
/// empty cells: [`DEFAULT_TABLE_LOG2`] for the empty board and the first few moves,
/// halved for each cell fewer, down to the minimum (2^22 entries, 32 MiB). A solve
/// touches table memory in proportion to its work, and the work shrinks fast with
/// the cells left, so a short solve no longer pays for zeroing 512 MiB.
pub fn table_log2_for_position(empty_cells: u32) -> u32 {
    empty_cells
        .saturating_sub(FULL_TABLE_EMPTY_CELLS - DEFAULT_TABLE_LOG2)
        .clamp(MIN_ENTRIES_LOG2, DEFAULT_TABLE_LOG2)
}

/// Positions with this many empty cells or more get the full table.
const FULL_TABLE_EMPTY_CELLS: u32 = 38;

/// Positions with fewer stones than this share a table entry with their mirror
/// image; deeper down mirrored twins are rare and the mirroring is not worth its cost.
const SYMMETRY_STONES: u32 = 24;
/// Positions with this many empty cells or fewer are searched without the tables:
/// near the end a search is cheaper than a table's bookkeeping.
const UNTABLED_EMPTY_CELLS: u32 = 4;
/// The stop flag is looked at once every this many nodes (a power of two).
const POLL_INTERVAL: u64 = 1 << 16;

/// What the solver counted while it searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Positions searched, the root and table answers included.
    pub nodes: u64,
    /// Positions settled without looking at a move: no move avoids an immediate
    /// loss, the board is all but full, or the score bounds close the window.
    pub leaves: u64,
    /// Moves that refuted their position (beta cutoffs).
    pub cutoffs: u64,
    /// Positions the table answered without a search.
    pub tt_hits: u64,
}

/// A position's proven score and a move that achieves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Pons' score for the side to move: positive when it wins (more for a quicker
    /// win), negative when it loses, 0 for a draw.
    pub score: i32,
    /// A column (from 0) that achieves the score; `None` when the game is over.
    pub column: Option<u8>,
}

/// A Connect Four solver for one board size; its table is kept from one solve to
/// the next, since what it holds are proven facts about positions.
pub struct Solver<'a> {
    geometry: Geometry,
    tables: Tables,
    stats: SolverStats,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
}

/// Whether a solve wants the exact score or only win, draw or loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    Score,
    Value,
}

/// What the root probes have proven: the score lies in `min..=max`, and `column`
/// reaches at least `min`.
#[derive(Clone, Copy, Debug)]
struct Narrowed {
    min: i32,
    max: i32,
    column: u8,
}

impl Narrowed {
    fn exact(score: i32, column: u8) -> Narrowed {
        Narrowed {
            min: score,
            max: score,
            column,
        }
    }

    /// True once the bounds tell win, draw or loss apart.
    fn value_is_known(&self) -> bool {
        self.min > 0 || self.max < 0 || (self.min == 0 && self.max == 0)
    }
}

/// Win, draw or loss for the side to move, from a score in Pons' convention.
pub fn value_of(score: i32) -> GameValue {
    match score {
        0 => GameValue::Draw,
        s if s > 0 => GameValue::Win,
        _ => GameValue::Loss,
    }
}

/// A position about to be searched, as the table knows it.
struct Searched {
    /// Its table key (maybe its mirror image's).
    key: u64,
    /// True when the key is the mirror image's.
    mirrored: bool,
    /// Its non-losing moves.
    non_losing: u64,
    /// The table's best column, oriented like the position.
    hint: Option<u8>,
}

/// The non-losing moves of a position in the order the search tries them.
struct OrderedMoves {
    /// (priority, column), best first.
    moves: [(u8, u8); MAX_WIDTH],
    len: usize,
}

impl OrderedMoves {
    fn insert(&mut self, column: u8, priority: u8) {
        let mut at = self.len;
        while at > 0 && self.moves[at - 1].0 < priority {
            self.moves[at] = self.moves[at - 1];
            at -= 1;
        }
        self.moves[at] = (priority, column);
        self.len += 1;
    }

    /// The columns, best first.
    fn columns(&self) -> impl Iterator<Item = u8> + '_ {
        self.moves[..self.len].iter().map(|&(_, column)| column)
    }
}

/// Bounds on each move's score (from the side to move's point of view) that the
/// table knew before any was searched, by column.
type KnownScores = [(i32, i32); MAX_WIDTH];

impl<'a> Solver<'a> {
    /// A solver with a table of `2^table_log2` entries (8 bytes each), or an error
    /// when the machine cannot give it the memory.
    pub fn new(geometry: Geometry, table_log2: u32) -> Result<Solver<'a>, GameError> {
        Ok(Solver {
            geometry,
            tables: Tables::new(geometry.cells(), table_log2)?,
            stats: SolverStats::default(),
            stop: None,
            aborted: false,
        })
    }

    /// Forgets what the tables hold and what was counted, so that the next solve
    /// starts as a new solver's would (benchmarks time each position alone).
    pub fn clear(&mut self) {
        self.tables.clear();
        self.stats = SolverStats::default();
    }

    /// Makes the solver give up (return `None`) soon after `stop` is raised.
    pub fn with_stop(mut self, stop: Option<&'a AtomicBool>) -> Solver<'a> {
        self.stop = stop;
        self
    }

    /// What the solver has counted since it was created.
    pub fn stats(&self) -> SolverStats {
        self.stats
    }

    /// The proven score of `position` and a best column; `None` when stopped.
    pub fn solve(&mut self, position: &Bitboard) -> Option<Solved> {
        if let Some(score) = self.final_score(position) {
            return Some(Solved {
                score,
                column: None,
            });
        }
        let found = self.narrow(position, NO_LOWER, NO_UPPER, Goal::Score)?;
        Some(Solved {
            score: found.min,
            column: Some(found.column),
        })
    }

    /// Only whether `position` is won, drawn or lost for the side to move, and a
    /// column that achieves it (`None` when the game is over): Pons' "weak" solve,
    /// the question Fhourstones answers, cheaper than the exact score. `None` when
    /// stopped.
    pub fn solve_value(&mut self, position: &Bitboard) -> Option<(GameValue, Option<u8>)> {
        if let Some(score) = self.final_score(position) {
            return Some((value_of(score), None));
        }
        let found = self.narrow(position, NO_LOWER, NO_UPPER, Goal::Value)?;
        let value = if found.min > 0 {
            GameValue::Win
        } else if found.max < 0 {
            GameValue::Loss
        } else {
            GameValue::Draw
        };
        Some((value, Some(found.column)))
    }

    /// A line of best play from `position`, starting with `solved.column`, to the
    /// end of the game; `None` when stopped.
    pub fn principal_variation(&mut self, position: &Bitboard, solved: Solved) -> Option<Vec<u8>> {
        let geometry = self.geometry;
        let mut line = Vec::new();
        let mut position = *position;
        let mut step = solved;
        while let Some(column) = step.column {
            line.push(column);
            position.play_column(&geometry, u32::from(column));
            if self.final_score(&position).is_some() {
                break;
            }
            // The child's score is known: one probe just below it finds the move.
            let score = -step.score;
            let found = self.narrow(&position, score - 1, score, Goal::Score)?;
            step = Solved {
                score: found.min,
                column: Some(found.column),
            };
        }
        Some(line)
    }

    /// The score of a finished game for the side to move, `None` while it goes on.
    fn final_score(&self, position: &Bitboard) -> Option<i32> {
        let geometry = &self.geometry;
        if position.last_mover_won(geometry) {
            Some(-geometry.win_score(position.stones() - 1))
        } else if position.stones() == geometry.cells() {
            Some(0)
        } else {
            None
        }
    }

    /// Narrows the score of a position in play, known to lie in `lowest..=highest`,
    /// with null-window probes until `goal` is met. The caller that knows the exact
    /// score and wants its move passes `score - 1..=score`.
    fn narrow(
        &mut self,
        position: &Bitboard,
        lowest: i32,
        highest: i32,
        goal: Goal,
    ) -> Option<Narrowed> {
        let geometry = self.geometry;
        let stones = position.stones();
        let playable = position.playable(&geometry);
        let winning = position.my_winning_cells(&geometry) & playable;
        if winning != 0 {
            return Some(Narrowed::exact(
                geometry.win_score(stones),
                self.column_of(winning),
            ));
        }
        let non_losing = position.non_losing_moves(&geometry);
        if non_losing == 0 {
            // Every move loses at once; block one threat anyway.
            let threats = position.their_winning_cells(&geometry) & playable;
            let column = self.column_of(if threats != 0 { threats } else { playable });
            return Some(Narrowed::exact(-geometry.win_score(stones + 1), column));
        }
        // Any non-losing move reaches the lowest score left, so it stands in until
        // a probe fails high and names a better one.
        let mut found = Narrowed::exact(0, self.column_of(non_losing));
        if stones + 2 >= geometry.cells() {
            return Some(found);
        }
        // Nobody wins with their next stone now.
        found.min = lowest.max(-geometry.win_score(stones + 3));
        found.max = highest.min(geometry.win_score(stones + 2));
        while found.min < found.max && !(goal == Goal::Value && found.value_is_known()) {
            let probe = match goal {
                Goal::Score => bisecting_probe(found.min, found.max),
                Goal::Value => next_probe(found.min, found.max),
            };
            SOLVE_PROGRESS.record_probe(found.min, found.max);
            let (score, column) = self.search_root(position, probe, probe + 1);
            if self.aborted {
                return None;
            }
            if score <= probe {
                found.max = score;
            } else {
                found.min = score;
                found.column = column.unwrap_or(found.column);
            }
        }
        Some(found)
    }

    /// The first column, centre first, among `cells`.
    fn column_of(&self, cells: u64) -> u8 {
        let geometry = &self.geometry;
        geometry
            .centre_order()
            .iter()
            .copied()
            .find(|&c| cells & geometry.column_mask(u32::from(c)) != 0)
            .expect("a non-empty set of cells lies in some column")
    }

    /// The root of one probe: every non-losing move is searched (the table may not
    /// cut the root short), so the move behind a fail-high is known.
    fn search_root(&mut self, position: &Bitboard, alpha: i32, beta: i32) -> (i32, Option<u8>) {
        self.stats.nodes += 1;
        let non_losing = position.non_losing_moves(&self.geometry);
        let (key, mirrored) = self.table_key(position);
        let hint = self
            .tables
            .probe(key, position.stones())
            .and_then(|e| e.column);
        let hint = hint.map(|c| self.orient(c, mirrored));
        let searched = Searched {
            key,
            mirrored,
            non_losing,
            hint,
        };
        self.search_and_record(position, searched, alpha, beta)
    }

    /// Negamax alpha-beta, fail-soft, for a position whose side to move cannot win
    /// at once: the exact score when it lies strictly inside `alpha..beta`, else a
    /// bound on the same side of the window.
    fn negamax(&mut self, position: &Bitboard, mut alpha: i32, mut beta: i32) -> i32 {
        self.stats.nodes += 1;
        if self.stats.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
        if self.aborted {
            return 0;
        }
        let geometry = &self.geometry;
        let non_losing = position.non_losing_moves(geometry);
        let stones = position.stones();
        if non_losing == 0 {
            self.stats.leaves += 1;
            return -geometry.win_score(stones + 1);
        }
        if stones + 2 >= geometry.cells() {
            self.stats.leaves += 1;
            return 0;
        }
        // The opponent cannot win with its next stone, nor we with this one.
        let lowest = -geometry.win_score(stones + 3);
        let highest = geometry.win_score(stones + 2);
        if alpha < lowest {
            alpha = lowest;
            if alpha >= beta {
                self.stats.leaves += 1;
                return alpha;
            }
        }
        if beta > highest {
            beta = highest;
            if alpha >= beta {
                self.stats.leaves += 1;
                return beta;
            }
        }
        if let Some(upper) = position.follow_up_bound(geometry) {
            if upper <= alpha {
                self.stats.leaves += 1;
                return upper;
            }
            beta = beta.min(upper);
        }
        if stones + UNTABLED_EMPTY_CELLS >= geometry.cells() {
            return self.search_moves(position, non_losing, None, alpha, beta).0;
        }
        let (key, mirrored) = self.table_key(position);
        let mut hint = None;
        if let Some(entry) = self.tables.probe(key, stones) {
            if entry.lower >= beta {
                self.stats.tt_hits += 1;
                return entry.lower;
            }
            if entry.upper <= alpha {
                self.stats.tt_hits += 1;
                return entry.upper;
            }
            alpha = alpha.max(entry.lower);
            beta = beta.min(entry.upper);
            if alpha >= beta {
                self.stats.tt_hits += 1;
                return alpha;
            }
            hint = entry.column.map(|c| self.orient(c, mirrored));
        }
        let searched = Searched {
            key,
            mirrored,
            non_losing,
            hint,
        };
        self.search_and_record(position, searched, alpha, beta).0
    }

    /// Searches the moves of a position that goes through the table, and stores
    /// what the search proved.
    fn search_and_record(
        &mut self,
        position: &Bitboard,
        searched: Searched,
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<u8>) {
        let nodes_before = self.stats.nodes;
        let (score, column) =
            self.search_moves(position, searched.non_losing, searched.hint, alpha, beta);
        if self.aborted {
            return (score, column);
        }
        let entry = Entry {
            lower: if score > alpha { score } else { NO_LOWER },
            upper: if score < beta { score } else { NO_UPPER },
            column: column
                .filter(|_| score > alpha)
                .map(|c| self.orient(c, searched.mirrored)),
        };
        let work = 64 - (self.stats.nodes - nodes_before).leading_zeros();
        self.tables
            .store(searched.key, position.stones(), entry, work);
        (score, column)
    }

    /// Tries the moves in order; the best score found (fail-soft) and its column.
    fn search_moves(
        &mut self,
        position: &Bitboard,
        non_losing: u64,
        hint: Option<u8>,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<u8>) {
        let mut keys = [0u64; MAX_WIDTH];
        let tabled = self.prefetch_children(position, non_losing, &mut keys);
        let moves = self.order_moves(position, non_losing, hint);
        let mut known = [(NO_LOWER, NO_UPPER); MAX_WIDTH];
        if tabled {
            self.known_move_scores(position.stones() + 1, &keys, &mut known);
        }
        let mut best = (NO_LOWER - 1, None);
        for column in moves.columns() {
            let lower = known[column as usize].0;
            if lower >= beta {
                // Enhanced transposition cutoff: refuted without a search.
                self.stats.tt_hits += 1;
                return (lower, Some(column));
            }
        }
        for column in moves.columns() {
            let upper = known[column as usize].1;
            let score = if upper <= alpha {
                // Known not to raise alpha: no need to search it.
                upper
            } else {
                let mut child = *position;
                child.play_cell(non_losing & self.geometry.column_mask(u32::from(column)));
                -self.negamax(&child, -beta, -alpha)
            };
            if self.aborted {
                return best;
            }
            if score > best.0 {
                best = (score, Some(column));
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    self.stats.cutoffs += 1;
                    break;
                }
            }
        }
        best
    }

    /// Starts fetching the table entries of the children, so that ordering the
    /// moves overlaps with the trips to memory, and writes their keys by column.
    /// False near the end, where positions do not go through the tables.
    fn prefetch_children(
        &self,
        position: &Bitboard,
        non_losing: u64,
        keys: &mut [u64; MAX_WIDTH],
    ) -> bool {
        let geometry = &self.geometry;
        let stones = position.stones() + 1;
        if stones + UNTABLED_EMPTY_CELLS >= geometry.cells() {
            return false;
        }
        for (column, key) in keys.iter_mut().enumerate().take(geometry.width() as usize) {
            let cell = non_losing & geometry.column_mask(column as u32);
            if cell != 0 {
                let mut child = *position;
                child.play_cell(cell);
                *key = self.table_key(&child).0;
                self.tables.prefetch(*key, stones);
            }
        }
        true
    }

    /// Reads what the table knows of the children with these keys (`stones` stones
    /// each) into `known`.
    fn known_move_scores(&self, stones: u32, keys: &[u64; MAX_WIDTH], known: &mut KnownScores) {
        for (bounds, &key) in known.iter_mut().zip(keys) {
            // Columns without a move have no key.
            let entry = (key != 0).then(|| self.tables.probe(key, stones)).flatten();
            if let Some(entry) = entry {
                *bounds = (-entry.upper, -entry.lower);
            }
        }
    }

    /// The non-losing moves, the table's column first, then by the threats each
    /// creates ([`threat_priority`]), centre columns first among equals.
    fn order_moves(&self, position: &Bitboard, non_losing: u64, hint: Option<u8>) -> OrderedMoves {
        let geometry = &self.geometry;
        let mut ordered = OrderedMoves {
            moves: [(0, 0); MAX_WIDTH],
            len: 0,
        };
        for &column in geometry.centre_order() {
            let cell = non_losing & geometry.column_mask(u32::from(column));
            if cell == 0 {
                continue;
            }
            let priority = if hint == Some(column) {
                u8::MAX
            } else {
                let mut child = *position;
                child.play_cell(cell);
                threat_priority(geometry, &child).min(u32::from(u8::MAX) - 1) as u8
            };
            ordered.insert(column, priority);
        }
        ordered
    }

    /// The table key of a position, and whether it is its mirror image's key.
    #[inline]
    fn table_key(&self, position: &Bitboard) -> (u64, bool) {
        let key = position.key();
        if position.stones() >= SYMMETRY_STONES {
            return (key, false);
        }
        let mirrored = self.geometry.mirror(key);
        if mirrored < key {
            (mirrored, true)
        } else {
            (key, false)
        }
    }

    /// A column as seen from the other side of the mirror when `mirrored`.
    #[inline]
    fn orient(&self, column: u8, mirrored: bool) -> u8 {
        if mirrored {
            self.geometry.width() as u8 - 1 - column
        } else {
            column
        }
    }

    fn poll(&mut self) {
        SOLVE_PROGRESS.record_nodes(self.stats.nodes);
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.aborted = true;
        }
    }
}

/// How promising the move that led to `child` looks, from the threats (empty cells
/// that would complete a four) its player now has, as in Pons' ordering by threat
/// count, refined:
/// - two the opponent could fill at once, or one it could fill with another right
///   above, win (it blocks one, the other wins) and come first; this finds the
///   quick wins of positions decided early (Pons' Test_L1_R1);
/// - from the middle game on (a child of [`FORCING_DISCOUNT_STONES`] stones or
///   more), one the opponent can fill at once counts less: it forces the block,
///   and is gone. In the opening a forcing move counts in full: the quick wins
///   of positions decided early (Pons' Test_L1_R1) are chains of forcing moves,
///   and putting them last cost that set 26% more nodes (3,929 a position
///   against 2,910), while the hard sets barely notice;
/// - one on the rows of the player's parity (Allis: the first player's odd rows
///   from 1, the second player's even rows) counts more, since zugzwang at the
///   end of the game tends to hand those cells to their player.
///
/// The weights were chosen by the nodes they save on hard positions (`4444`,
/// Fhourstones' warm-ups, the empty board); counting every threat alike, as Pons
/// does, searched a third fewer nodes on Test_L1_R1 (2,672 a position on its first
/// 100, against 4,089) but 31% more on the empty board (602 M against 460 M).
fn threat_priority(geometry: &Geometry, child: &Bitboard) -> u32 {
    let threats = geometry.winning_cells(child.opponent(), child.occupied());
    let playable = child.playable(geometry);
    // Two threats the opponent could fill at once, or one it could fill with
    // another right above: it blocks one, the other wins (a non-losing move leaves
    // the opponent no win of its own).
    let stacked = threats & (threats >> 1) & playable;
    if (threats & playable).count_ones() >= 2 || stacked != 0 {
        return DOUBLE_THREAT;
    }
    // The mover made the child's last stone, so it moved with one stone fewer.
    let good_rows = geometry.rows_like(child.stones() - 1);
    let count = |cells: u64| (threats & cells).count_ones();
    let weighted = 2 * count(!0) + count(good_rows);
    if child.stones() < FORCING_DISCOUNT_STONES {
        weighted
    } else {
        weighted.saturating_sub(count(playable))
    }
}

/// The stones from which a forcing threat counts less than a quiet one in the
/// move ordering (see [`threat_priority`]).
const FORCING_DISCOUNT_STONES: u32 = 16;

/// The priority of a move that makes two immediate threats: above any count of
/// threats, since it wins.
const DOUBLE_THREAT: u32 = u8::MAX as u32 - 1;

/// The next probe when the exact score is wanted: the middle of `min..max`, or
/// half-way from zero to the far end when that is nearer zero, as Pons' solver
/// does. Positions decided early have scores far from zero, which stepping out
/// from zero would take one probe per point to reach; hard positions have scores
/// near zero, which the bias towards zero still tries first.
fn bisecting_probe(min: i32, max: i32) -> i32 {
    let middle = min + (max - min) / 2;
    if middle <= 0 && min / 2 < middle {
        min / 2
    } else if middle >= 0 && max / 2 > middle {
        max / 2
    } else {
        middle
    }
}

/// The next null-window probe inside `min..max` ("is the score above it?"): first
/// "is it a win?", then "is it a loss?", then one step further from zero.
fn next_probe(min: i32, max: i32) -> i32 {
    if min <= 0 && 0 < max {
        0
    } else if min <= -1 && -1 < max {
        -1
    } else if min > 0 {
        min
    } else {
        max - 1
    }
}
