//! Static evaluations of Connect Four positions for the generic depth-limited
//! search, from the side to move's point of view. They are computed on the
//! bitboards, so they cost a few dozen shifts and population counts.

use super::bitboard::{Bitboard, Geometry};
use crate::game::{EvalTerm, Explanation};

/// The course material's evaluation, as for tic-tac-toe: lines of four still open
/// for the side to move (no opposing stone on them) minus lines still open for
/// the opponent.
pub fn open_lines(geometry: &Geometry, board: &Bitboard) -> i32 {
    let mine = count_open_lines(geometry, board.opponent());
    let theirs = count_open_lines(geometry, board.current());
    mine - theirs
}

/// Lines of four that hold none of `blockers`.
fn count_open_lines(geometry: &Geometry, blockers: u64) -> i32 {
    open_lines_by_direction(geometry, blockers).iter().sum()
}

/// The directions of [`open_lines_by_direction`], in its order.
const DIRECTION_NAMES: [&str; 4] = [
    "open vertical lines",
    "open horizontal lines",
    "open diagonals \\",
    "open diagonals /",
];

/// Lines of four that hold none of `blockers`, by direction: vertical,
/// horizontal, falling and rising diagonals.
fn open_lines_by_direction(geometry: &Geometry, blockers: u64) -> [i32; 4] {
    let free = geometry.board_mask() & !blockers;
    let stride = geometry.height() + 1;
    // Each set bit of `starts` is the first cell of a free line in that direction;
    // lines that would run through a sentinel cell are not free, so none wraps.
    [1, stride, stride - 1, stride + 1].map(|shift| {
        let starts = free & (free >> shift) & (free >> (2 * shift)) & (free >> (3 * shift));
        starts.count_ones() as i32
    })
}

/// The stones of the first and the second player.
fn stones_by_player(board: &Bitboard) -> [u64; 2] {
    if board.stones().is_multiple_of(2) {
        [board.current(), board.opponent()]
    } else {
        [board.opponent(), board.current()]
    }
}

/// [`open_lines`] from the first player's view, by direction.
pub fn explain_open_lines(geometry: &Geometry, board: &Bitboard) -> Explanation {
    let [first, second] = stones_by_player(board);
    let first_open = open_lines_by_direction(geometry, second);
    let second_open = open_lines_by_direction(geometry, first);
    let terms = DIRECTION_NAMES
        .iter()
        .enumerate()
        .map(|(d, name)| EvalTerm::weighted(*name, first_open[d], second_open[d], 1))
        .collect();
    Explanation::difference(terms, first_open.iter().sum(), second_open.iter().sum())
}

/// Weight of one threat relative to one stone's centre value.
const THREAT_WEIGHT: i32 = 4;

/// A stronger evaluation: open threats (empty cells that would complete a four),
/// each worth more the lower it lies and twice as much on a row of its owner's
/// parity (odd rows, counted from 1 at the bottom, for the first player; even rows
/// for the second, which is how threats decide the endgame), plus centre control
/// (each stone counts by how near the centre its column is).
pub fn threats_and_centre(geometry: &Geometry, board: &Bitboard) -> i32 {
    let me_first = board.stones().is_multiple_of(2);
    let mine = strong_terms(geometry, board.current(), board.occupied(), me_first);
    let theirs = strong_terms(geometry, board.opponent(), board.occupied(), !me_first);
    (mine.0 - theirs.0) * THREAT_WEIGHT + mine.1 - theirs.1
}

/// One side's threat value and centre value, the two terms of [`threats_and_centre`].
fn strong_terms(geometry: &Geometry, stones: u64, occupied: u64, first_player: bool) -> (i32, i32) {
    (
        threat_value(geometry, stones, occupied, first_player),
        centre_value(geometry, stones),
    )
}

/// [`threats_and_centre`] from the first player's view, term by term.
pub fn explain_threats_and_centre(geometry: &Geometry, board: &Bitboard) -> Explanation {
    let [first, second] = stones_by_player(board);
    let occupied = board.occupied();
    let mine = strong_terms(geometry, first, occupied, true);
    let theirs = strong_terms(geometry, second, occupied, false);
    let score = |terms: (i32, i32)| terms.0 * THREAT_WEIGHT + terms.1;
    let terms = vec![
        EvalTerm::weighted(
            format!("threats (height from the top, x2 on own row parity; {THREAT_WEIGHT} each)"),
            mine.0,
            theirs.0,
            THREAT_WEIGHT,
        ),
        EvalTerm::weighted(
            "centre (stones by column: 1 at the edge, +1 per column inwards)",
            mine.1,
            theirs.1,
            1,
        ),
    ];
    Explanation::difference(terms, score(mine), score(theirs))
}

/// The threats of `stones`, by height and parity.
fn threat_value(geometry: &Geometry, stones: u64, occupied: u64, first_player: bool) -> i32 {
    let stride = geometry.height() + 1;
    let mut threats = geometry.winning_cells(stones, occupied);
    let mut value = 0;
    while threats != 0 {
        let row = threats.trailing_zeros() % stride;
        threats &= threats - 1;
        // Row 0 is the first row: odd in the usual counting from 1.
        let own_parity = row.is_multiple_of(2) == first_player;
        let height_value = (geometry.height() - row) as i32;
        value += if own_parity {
            2 * height_value
        } else {
            height_value
        };
    }
    value
}

/// Stones weighted by their column: 1 on the edges, one more per column inwards.
fn centre_value(geometry: &Geometry, stones: u64) -> i32 {
    let width = geometry.width();
    (0..width)
        .map(|column| {
            let weight = column.min(width - 1 - column) as i32 + 1;
            weight * (stones & geometry.column_mask(column)).count_ones() as i32
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(columns: &[u32]) -> Bitboard {
        let geometry = Geometry::standard();
        let mut board = Bitboard::new();
        for &column in columns {
            board.play_column(&geometry, column);
        }
        board
    }

    #[test]
    fn the_empty_board_has_69_open_lines_for_each_side() {
        let geometry = Geometry::standard();
        assert_eq!(count_open_lines(&geometry, 0), 69);
        assert_eq!(open_lines(&geometry, &Bitboard::new()), 0);
    }

    #[test]
    fn a_centre_stone_blocks_seven_of_the_opponents_lines() {
        // The bottom centre cell lies on 4 horizontal, 1 vertical and 2 diagonal lines.
        let geometry = Geometry::standard();
        let board = position(&[3]);
        assert_eq!(open_lines(&geometry, &board), -7);
    }

    #[test]
    fn a_low_threat_on_the_right_parity_counts_double() {
        let geometry = Geometry::standard();
        // First player: three in a row on the bottom row, columns 1-3 (0-based);
        // threats on row 0 at columns 0 and 4, both odd rows counted from 1.
        let stones = geometry.cell(1, 0) | geometry.cell(2, 0) | geometry.cell(3, 0);
        assert_eq!(threat_value(&geometry, stones, stones, true), 2 * 2 * 6);
        assert_eq!(threat_value(&geometry, stones, stones, false), 2 * 6);
    }
}
