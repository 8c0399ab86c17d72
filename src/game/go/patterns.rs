//! The 3x3 patterns of MoGo's playouts (Gelly, Wang, Munos and Teytaud, "Modification
//! of UCT with patterns in Monte-Carlo Go", 2006, as Pachi lists them): hane, cut
//! and edge shapes around an empty point, which make the random games answer the
//! last move locally the way players do. A playout tries them on the eight points
//! around the opponent's last move before playing at random.
//!
//! Each pattern is nine cells read row by row, the middle one the move: `X` and
//! `O` stones of either colour (the patterns hold for both), `.` empty, `?`
//! anything, `x` not X, `o` not O, `#` off the board. All 65,536 surroundings are
//! matched once, under the eight symmetries, into a table.

use std::sync::OnceLock;

/// The patterns, three rows each, middle cell the move.
const PATTERNS: &[&str] = &[
    // Hane: enclosing, non-cutting, magari.
    "XOX...???",
    "XO....?.?",
    "XO?X..x.?",
    // Diagonal attachment.
    ".O.X.....",
    // Cut (kiri): unprotected and peeped.
    "XO?O.o?o?",
    "XO?O.X???",
    // Cut 2 (de).
    "?X?O.Oooo",
    // Edge: chase, block the side cut, block the side connection.
    "X.?O.?##?",
    "OX?X.O###",
    "?X?x.O###",
];

/// Cell codes as [`super::board::Board::surroundings`] packs them.
const EMPTY: u16 = 0;
const BORDER: u16 = 3;

/// True when the 3x3 around a point whose cells are `code` is one of the patterns.
pub fn matches(code: u16) -> bool {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(build_table)[code as usize]
}

fn build_table() -> Vec<bool> {
    let shapes: Vec<[u8; 8]> = PATTERNS
        .iter()
        .flat_map(|p| symmetries(&cells(p)))
        .collect();
    (0..=u16::MAX)
        .map(|code| {
            let around = unpack(code);
            shapes.iter().any(|shape| {
                (1..=2).any(|mine| shape.iter().zip(&around).all(|(&c, &v)| fits(c, v, mine)))
            })
        })
        .collect()
}

/// The eight outer cells of a pattern, row by row without the middle.
fn cells(pattern: &str) -> [u8; 8] {
    let bytes = pattern.as_bytes();
    let mut out = [b'?'; 8];
    let mut j = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if i != 4 {
            out[j] = b;
            j += 1;
        }
    }
    out
}

/// The cell codes, north-west first, of a packed surroundings key.
fn unpack(code: u16) -> [u16; 8] {
    let mut out = [0; 8];
    for (i, cell) in out.iter_mut().enumerate() {
        *cell = (code >> (2 * (7 - i))) & 3;
    }
    out
}

/// A rotation or reflection of (row, column) offsets around the middle.
type Transform = fn(i8, i8) -> (i8, i8);

/// The pattern's eight rotations and reflections.
fn symmetries(shape: &[u8; 8]) -> Vec<[u8; 8]> {
    // Cells by (row, column) around the middle, row 0 at the top.
    const POSITIONS: [(i8, i8); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let index = |(r, c): (i8, i8)| POSITIONS.iter().position(|&q| q == (r, c)).unwrap_or(0);
    let transforms: [Transform; 8] = [
        |r, c| (r, c),
        |r, c| (c, -r),
        |r, c| (-r, -c),
        |r, c| (-c, r),
        |r, c| (r, -c),
        |r, c| (-r, c),
        |r, c| (c, r),
        |r, c| (-c, -r),
    ];
    transforms
        .iter()
        .map(|t| {
            let mut out = [b'?'; 8];
            for (i, &(r, c)) in POSITIONS.iter().enumerate() {
                out[index(t(r, c))] = shape[i];
            }
            out
        })
        .collect()
}

/// True when the board cell `value` fits the pattern cell `pattern`, X being colour `mine`.
fn fits(pattern: u8, value: u16, mine: u16) -> bool {
    let theirs = 3 - mine;
    match pattern {
        b'X' => value == mine,
        b'O' => value == theirs,
        b'.' => value == EMPTY,
        b'x' => value == theirs || value == EMPTY,
        b'o' => value == mine || value == EMPTY,
        b'#' => value == BORDER,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::game::go::board::Board;

    #[test]
    fn a_hane_matches_in_every_orientation_and_an_empty_board_does_not() {
        let empty = Board::new(9);
        assert!(!matches(empty.surroundings(empty.point(4, 4))));
        // X O X above the middle (E5 with stones on D6, E6, F6): the enclosing hane,
        // then the same shape turned a quarter.
        let mut board = Board::new(9);
        board.play(board.point(3, 5), Player::First);
        board.play(board.point(4, 5), Player::Second);
        board.play(board.point(5, 5), Player::First);
        assert!(matches(board.surroundings(board.point(4, 4))));
        let mut turned = Board::new(9);
        turned.play(turned.point(5, 3), Player::Second);
        turned.play(turned.point(5, 4), Player::First);
        turned.play(turned.point(5, 5), Player::Second);
        assert!(matches(turned.surroundings(turned.point(4, 4))));
    }
}
