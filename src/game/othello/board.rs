//! Bitboard arithmetic for Othello: one bit per square, bit `row * 8 + file`
//! with row 0 the top rank (rank 1 in Othello notation) and file 0 the a-file.
//!
//! Move generation and flipping shift whole boards one step in each of the eight
//! directions, so a move list costs a few dozen word operations instead of a walk
//! over 64 squares; the evaluations reuse the same shifts for stability.

/// Every square but the a-file: what a step eastwards may land on.
const NOT_A_FILE: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every square but the h-file: what a step westwards may land on.
const NOT_H_FILE: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// The squares on the edge of the board.
pub const BORDER: u64 = 0xFF81_8181_8181_81FF;
/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// A compass direction on the board, as the shift that moves every bit one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards the h-file.
    East,
    /// Towards the a-file.
    West,
    /// Towards rank 8 (down the drawing).
    South,
    /// Towards rank 1 (up the drawing).
    North,
    /// Down and right.
    SouthEast,
    /// Down and left.
    SouthWest,
    /// Up and right.
    NorthEast,
    /// Up and left.
    NorthWest,
}

/// All eight directions, each next to its opposite so that axes pair up.
pub const DIRECTIONS: [Direction; 8] = [
    Direction::East,
    Direction::West,
    Direction::South,
    Direction::North,
    Direction::SouthEast,
    Direction::NorthWest,
    Direction::SouthWest,
    Direction::NorthEast,
];

impl Direction {
    /// Every disc of `board` moved one step this way; those that would leave the
    /// board (or wrap round to the other edge) drop off.
    #[inline]
    pub fn step(self, board: u64) -> u64 {
        match self {
            Direction::East => (board << 1) & NOT_A_FILE,
            Direction::West => (board >> 1) & NOT_H_FILE,
            Direction::South => board << 8,
            Direction::North => board >> 8,
            Direction::SouthEast => (board << 9) & NOT_A_FILE,
            Direction::SouthWest => (board << 7) & NOT_H_FILE,
            Direction::NorthEast => (board >> 7) & NOT_A_FILE,
            Direction::NorthWest => (board >> 9) & NOT_H_FILE,
        }
    }
}

/// The empty squares where the side owning `mine` may play against `theirs`: each
/// brackets at least one line of the opponent's discs.
pub fn legal_squares(mine: u64, theirs: u64) -> u64 {
    let empty = !(mine | theirs);
    let mut moves = 0;
    for direction in DIRECTIONS {
        // A line of opponent discs is at most six long on an eight-square board.
        let mut run = direction.step(mine) & theirs;
        for _ in 0..5 {
            run |= direction.step(run) & theirs;
        }
        moves |= direction.step(run);
    }
    moves & empty
}

/// The opponent discs a disc placed on `square` flips: every line of `theirs`
/// running from it to a disc of `mine`. Zero when the square brackets nothing.
pub fn flips(mine: u64, theirs: u64, square: u8) -> u64 {
    let placed = 1u64 << square;
    let mut flipped = 0;
    for direction in DIRECTIONS {
        let mut line = 0;
        let mut next = direction.step(placed);
        while next & theirs != 0 {
            line |= next;
            next = direction.step(next);
        }
        if next & mine != 0 {
            flipped |= line;
        }
    }
    flipped
}

/// The lines of one axis: the eight ranks, the eight files, or the fifteen
/// diagonals of one slant (padded with empty masks).
type Lines = [u64; 15];

const fn lines_of(step_file: i32, step_row: i32) -> Lines {
    // Each line is walked from every square that has no predecessor on it.
    let mut lines = [0u64; 15];
    let mut count = 0;
    let mut start: i32 = 0;
    while start < 64 {
        let (file, row) = (start % 8, start / 8);
        let (before_file, before_row) = (file - step_file, row - step_row);
        let has_predecessor =
            before_file >= 0 && before_file < 8 && before_row >= 0 && before_row < 8;
        if !has_predecessor {
            let (mut f, mut r) = (file, row);
            let mut mask = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                mask |= 1u64 << (r * 8 + f);
                f += step_file;
                r += step_row;
            }
            lines[count] = mask;
            count += 1;
        }
        start += 1;
    }
    lines
}

/// Ranks, files, and the diagonals of both slants.
const AXES: [Lines; 4] = [
    lines_of(1, 0),
    lines_of(0, 1),
    lines_of(1, 1),
    lines_of(-1, 1),
];

/// The squares whose line along each axis is full (ranks, files, both diagonals):
/// a disc there can never be flipped along that axis, as nobody can play on it.
fn full_lines(occupied: u64) -> [u64; 4] {
    AXES.map(|lines| {
        lines
            .iter()
            .filter(|&&line| line != 0 && occupied & line == line)
            .fold(0, |full, &line| full | line)
    })
}

/// The discs of `mine` that can never be flipped, found from the edges in: a
/// disc is stable when along each of the four axes its line is full, or it has
/// the edge or a stable disc of its own colour beside it. A lower bound (it misses
/// some stable discs) that counts every edge run anchored on a corner.
pub fn stable_discs(mine: u64, theirs: u64) -> u64 {
    let full = full_lines(mine | theirs);
    // The squares with the board's edge beside them along each axis.
    let edges = [
        !NOT_A_FILE | !NOT_H_FILE,
        0xFF00_0000_0000_00FF,
        BORDER,
        BORDER,
    ];
    let mut stable = 0;
    loop {
        let mut grown = mine;
        for (axis, pair) in DIRECTIONS.chunks(2).enumerate() {
            let anchored = pair[0].step(stable) | pair[1].step(stable);
            grown &= full[axis] | edges[axis] | anchored;
        }
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axes_cover_the_board_once_each() {
        for lines in AXES {
            let mut covered = 0u64;
            for line in lines {
                assert_eq!(covered & line, 0);
                covered |= line;
            }
            assert_eq!(covered, u64::MAX);
        }
        assert_eq!(AXES[2].iter().filter(|&&l| l != 0).count(), 15);
    }

    #[test]
    fn a_corner_anchors_its_edge_run_and_nothing_past_a_gap() {
        // Black on a1, b1, c1 and a2; e1 stands apart.
        let mine = 0b1_0111 | 1 << 8;
        let theirs = 1 << 9;
        let stable = stable_discs(mine, theirs);
        assert_eq!(stable, 0b111 | 1 << 8);
    }
}
