//! The checkers board as bitboards over the 32 dark squares, and its move generator.
//!
//! Bit `n` is PDN square `n + 1`. Square 1 is in Black's back rank (the top row as
//! printed), square 32 in White's; each row holds four dark squares, and even rows
//! (from the top, counting from 0) start one column in. Black (the first player)
//! moves down the board towards 29-32, White up towards 1-4.

use crate::game::Player;

/// A set of squares, bit `n` for PDN square `n + 1`.
pub type Squares = u32;

/// Squares on the board.
pub const SQUARES: usize = 32;
/// Marks a missing neighbour in the step and jump tables.
const NONE: u8 = u8::MAX;

/// A diagonal direction, as seen on the printed board (Black at the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards square 1's row, to the left.
    UpLeft = 0,
    /// Towards square 1's row, to the right.
    UpRight = 1,
    /// Towards square 32's row, to the left.
    DownLeft = 2,
    /// Towards square 32's row, to the right.
    DownRight = 3,
}

/// All four directions: the ones a king may move in.
pub const ALL_DIRECTIONS: [Direction; 4] = [
    Direction::UpLeft,
    Direction::UpRight,
    Direction::DownLeft,
    Direction::DownRight,
];

/// The directions a man of `player` moves and captures in (forward only).
pub fn forward(player: Player) -> &'static [Direction] {
    match player {
        Player::First => &ALL_DIRECTIONS[2..],
        Player::Second => &ALL_DIRECTIONS[..2],
    }
}

/// Row from the top (0..8) of a square index.
pub const fn row_of(square: usize) -> usize {
    square / 4
}

/// Column from the left (0..8) of a square index.
pub const fn column_of(square: usize) -> usize {
    2 * (square % 4)
        + if row_of(square).is_multiple_of(2) {
            1
        } else {
            0
        }
}

/// The square index at a row and column, if that is a dark square on the board.
pub const fn square_at(row: usize, column: usize) -> Option<usize> {
    if row >= 8 || column >= 8 || (row + column).is_multiple_of(2) {
        return None;
    }
    Some(row * 4 + column / 2)
}

/// The neighbour of `square` one step in `direction`, if on the board.
const fn neighbour(square: usize, direction: usize) -> Option<usize> {
    let row = row_of(square) as isize + if direction < 2 { -1 } else { 1 };
    let column = column_of(square) as isize + if direction.is_multiple_of(2) { -1 } else { 1 };
    if row < 0 || column < 0 {
        return None;
    }
    square_at(row as usize, column as usize)
}

/// `STEPS[direction][square]`: the square one step away, or [`NONE`].
const STEPS: [[u8; SQUARES]; 4] = {
    let mut table = [[NONE; SQUARES]; 4];
    let mut direction = 0;
    while direction < 4 {
        let mut square = 0;
        while square < SQUARES {
            if let Some(next) = neighbour(square, direction) {
                table[direction][square] = next as u8;
            }
            square += 1;
        }
        direction += 1;
    }
    table
};

/// `JUMPS[direction][square]`: the landing square two steps away, or [`NONE`].
const JUMPS: [[u8; SQUARES]; 4] = {
    let mut table = [[NONE; SQUARES]; 4];
    let mut direction = 0;
    while direction < 4 {
        let mut square = 0;
        while square < SQUARES {
            let over = STEPS[direction][square];
            if over != NONE {
                table[direction][square] = STEPS[direction][over as usize];
            }
            square += 1;
        }
        direction += 1;
    }
    table
};

/// A step in one direction as two masked shifts: on this layout a step adds 3, 4 or
/// 5 to the index (or subtracts), depending on the row's parity.
#[derive(Clone, Copy)]
struct Shift {
    mask: Squares,
    amount: i32,
}

/// `SHIFTS[direction]`: the two masked shifts that make up one step.
const SHIFTS: [[Shift; 2]; 4] = {
    let mut table = [[Shift { mask: 0, amount: 0 }; 2]; 4];
    let mut direction = 0;
    while direction < 4 {
        // Slot 0 holds the +-4 step every row has; slot 1 the +-3 or +-5 one.
        let mut square = 0;
        while square < SQUARES {
            let next = STEPS[direction][square];
            if next != NONE {
                let amount = next as i32 - square as i32;
                let slot = if amount == 4 || amount == -4 { 0 } else { 1 };
                table[direction][slot].mask |= 1 << square;
                table[direction][slot].amount = amount;
            }
            square += 1;
        }
        direction += 1;
    }
    table
};

/// The squares reached from `squares` by one step in `direction` (off-board steps
/// dropped).
pub fn step(squares: Squares, direction: Direction) -> Squares {
    SHIFTS[direction as usize]
        .iter()
        .map(|shift| shifted(squares & shift.mask, shift.amount))
        .fold(0, |all, part| all | part)
}

fn shifted(squares: Squares, amount: i32) -> Squares {
    if amount >= 0 {
        squares << amount
    } else {
        squares >> -amount
    }
}

/// The direction opposite `direction`.
pub fn opposite(direction: Direction) -> Direction {
    ALL_DIRECTIONS[3 - direction as usize]
}

/// The row where `player`'s men are crowned: 29-32 for Black, 1-4 for White.
pub fn crowning_row(player: Player) -> Squares {
    match player {
        Player::First => 0xF000_0000,
        Player::Second => 0x0000_000F,
    }
}

/// Bits per landing square stored in [`Move::waypoints`].
const WAYPOINT_BITS: u32 = 5;

/// A move: a step, or a capture with every square it lands on, so that two jump
/// paths between the same squares stay different moves (as in published perft).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves (0-based index).
    pub from: u8,
    /// The square the piece ends on.
    pub to: u8,
    /// Pieces taken, as a set of squares (empty for a step).
    pub captured: Squares,
    /// Number of jumps (0 for a step).
    pub jumps: u8,
    /// The landing squares before `to`, five bits each, first jump lowest.
    waypoints: u64,
}

impl Move {
    /// A one-step move.
    pub fn step(from: usize, to: usize) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            captured: 0,
            jumps: 0,
            waypoints: 0,
        }
    }

    /// True for a capture.
    pub fn is_capture(self) -> bool {
        self.jumps > 0
    }

    /// Every square the piece lands on, in order, ending with `to` (just `to` for a step).
    pub fn landings(self) -> impl Iterator<Item = usize> {
        let before = u32::from(self.jumps.saturating_sub(1));
        (0..before)
            .map(move |i| ((self.waypoints >> (i * WAYPOINT_BITS)) & 31) as usize)
            .chain(std::iter::once(self.to as usize))
    }
}

/// Pieces on the board: who owns each square and which are kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Black's pieces, then White's (indexed by [`Player::index`]).
    pub pieces: [Squares; 2],
    /// The kings of both sides.
    pub kings: Squares,
}

/// Black's twelve men on 1-12 and White's on 21-32.
pub const START: Board = Board {
    pieces: [0x0000_0FFF, 0xFFF0_0000],
    kings: 0,
};

impl Board {
    /// Every occupied square.
    pub fn occupied(&self) -> Squares {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty square.
    pub fn empty(&self) -> Squares {
        !self.occupied()
    }

    /// `player`'s men.
    pub fn men(&self, player: Player) -> Squares {
        self.pieces[player.index()] & !self.kings
    }

    /// `player`'s kings.
    pub fn kings_of(&self, player: Player) -> Squares {
        self.pieces[player.index()] & self.kings
    }

    /// The pieces of `player` that may move in `direction`.
    fn movers(&self, player: Player, direction: Direction) -> Squares {
        if forward(player).contains(&direction) {
            self.pieces[player.index()]
        } else {
            self.kings_of(player)
        }
    }

    /// The empty squares `player`'s pieces can step to in `direction`.
    pub fn step_targets(&self, player: Player, direction: Direction) -> Squares {
        step(self.movers(player, direction), direction) & self.empty()
    }

    /// Squares of `player`'s pieces that can jump in `direction` right now.
    fn jumpers(&self, player: Player, direction: Direction) -> Squares {
        let theirs = self.pieces[player.other().index()];
        let over = step(self.movers(player, direction), direction) & theirs;
        let landing = step(over, direction) & self.empty();
        let back = opposite(direction);
        step(step(landing, back), back)
    }

    /// True when `player` has a capture, so that steps are not allowed.
    pub fn can_capture(&self, player: Player) -> bool {
        ALL_DIRECTIONS.iter().any(|&d| self.jumpers(player, d) != 0)
    }

    /// True when `player` has any legal move.
    pub fn has_move(&self, player: Player) -> bool {
        ALL_DIRECTIONS
            .iter()
            .any(|&d| self.step_targets(player, d) != 0)
            || self.can_capture(player)
    }

    /// Appends `player`'s legal moves: the captures if there are any, else the steps.
    pub fn generate(&self, player: Player, out: &mut Vec<Move>) {
        if !self.generate_captures(player, out) {
            self.generate_steps(player, out);
        }
    }

    /// Appends `player`'s captures; false when there are none.
    pub fn generate_captures(&self, player: Player, out: &mut Vec<Move>) -> bool {
        let start = out.len();
        let mut origins = ALL_DIRECTIONS
            .iter()
            .fold(0, |all, &d| all | self.jumpers(player, d));
        while origins != 0 {
            let from = origins.trailing_zeros() as usize;
            origins &= origins - 1;
            let king = self.kings & (1 << from) != 0;
            let search = JumpSearch {
                from,
                directions: if king {
                    &ALL_DIRECTIONS
                } else {
                    forward(player)
                },
                theirs: self.pieces[player.other().index()],
                // The moving piece leaves its square: a king may pass it again.
                empty: self.empty() | (1 << from),
                crowning: if king { 0 } else { crowning_row(player) },
            };
            search.extend(from, 0, 0, 0, out);
        }
        out.len() > start
    }

    /// Appends `player`'s one-step moves.
    fn generate_steps(&self, player: Player, out: &mut Vec<Move>) {
        for &direction in &ALL_DIRECTIONS {
            let mut targets = self.step_targets(player, direction);
            let back = opposite(direction);
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let from = step(1 << to, back).trailing_zeros() as usize;
                out.push(Move::step(from, to));
            }
        }
    }

    /// The piece on `square`: its owner and whether it is a king.
    pub fn piece_at(&self, square: usize) -> Option<(Player, bool)> {
        let bit = 1 << square;
        let king = self.kings & bit != 0;
        if self.pieces[0] & bit != 0 {
            Some((Player::First, king))
        } else if self.pieces[1] & bit != 0 {
            Some((Player::Second, king))
        } else {
            None
        }
    }

    /// Plays `m` for `player`; returns true when a man was crowned.
    pub fn apply(&mut self, player: Player, m: Move) -> bool {
        let from = 1 << m.from;
        let to = 1 << m.to;
        let mine = &mut self.pieces[player.index()];
        *mine = (*mine & !from) | to;
        self.pieces[player.other().index()] &= !m.captured;
        let was_king = self.kings & from != 0;
        self.kings &= !(from | m.captured);
        let crowned = !was_king && to & crowning_row(player) != 0;
        if was_king || crowned {
            self.kings |= to;
        }
        crowned
    }
}

/// A depth-first walk over the jump sequences of one piece.
struct JumpSearch {
    from: usize,
    directions: &'static [Direction],
    theirs: Squares,
    empty: Squares,
    /// The row that crowns this piece and ends its move (empty for a king).
    crowning: Squares,
}

impl JumpSearch {
    /// Tries every further jump from `at`; pushes each finished sequence. Returns
    /// false when no jump is possible from `at`.
    fn extend(
        &self,
        at: usize,
        captured: Squares,
        waypoints: u64,
        jumps: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        let mut found = false;
        for &direction in self.directions {
            let over = STEPS[direction as usize][at];
            let land = JUMPS[direction as usize][at];
            if land == NONE {
                continue;
            }
            let over_bit = 1 << over;
            if self.theirs & over_bit == 0
                || captured & over_bit != 0
                || self.empty & (1 << land) == 0
            {
                continue;
            }
            found = true;
            let captured = captured | over_bit;
            let land = land as usize;
            let ends_here = self.crowning & (1 << land) != 0;
            let deeper = waypoints | (land as u64) << (u32::from(jumps) * WAYPOINT_BITS);
            if ends_here || !self.extend(land, captured, deeper, jumps + 1, out) {
                out.push(Move {
                    from: self.from as u8,
                    to: land as u8,
                    captured,
                    jumps: jumps + 1,
                    waypoints,
                });
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_sit_on_the_dark_diagonals() {
        assert_eq!((row_of(0), column_of(0)), (0, 1));
        assert_eq!((row_of(4), column_of(4)), (1, 0));
        assert_eq!((row_of(28), column_of(28)), (7, 0));
        assert_eq!(STEPS[Direction::DownLeft as usize][10], 14);
        assert_eq!(STEPS[Direction::DownRight as usize][10], 15);
        assert_eq!(JUMPS[Direction::DownRight as usize][14], 23);
        assert_eq!(STEPS[Direction::UpLeft as usize][4], NONE);
    }

    #[test]
    fn bitboard_steps_agree_with_the_tables() {
        for &d in &ALL_DIRECTIONS {
            for (square, &next) in STEPS[d as usize].iter().enumerate() {
                let expected = match next {
                    NONE => 0,
                    next => 1 << next,
                };
                assert_eq!(step(1 << square, d), expected, "{d:?} from {}", square + 1);
            }
        }
    }
}
