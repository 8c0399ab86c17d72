//! Dodgem's board: where the cars stand and how they move, shared by the playable
//! game and the retrograde solver.
//!
//! Squares are numbered `rank * size + file` (a1 = 0), and each side's cars are a
//! bit mask over them, so a board up to 5x5 fits in two `u32`s.

use crate::game::zobrist;

/// The smallest board.
pub const MIN_SIZE: usize = 3;
/// The largest board (25 squares fit a `u32` mask).
pub const MAX_SIZE: usize = 5;
const MAX_SQUARES: usize = MAX_SIZE * MAX_SIZE;

/// The two kinds of car, which are also the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Starts on the left edge; drives right, up or down; leaves off the right edge.
    Left,
    /// Starts on the bottom edge; drives up, left or right; leaves off the top edge.
    Bottom,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Bottom,
            Side::Bottom => Side::Left,
        }
    }

    /// 0 for Left, 1 for Bottom: an index into per-side tables.
    pub fn index(self) -> usize {
        match self {
            Side::Left => 0,
            Side::Bottom => 1,
        }
    }

    /// The letter used in positions: `L` or `B`.
    pub fn letter(self) -> char {
        match self {
            Side::Left => 'L',
            Side::Bottom => 'B',
        }
    }
}

/// Where a car drives to: a square, or off the board over its far edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// Onto this square.
    Square(u8),
    /// Off the board (only forward, from the last file or rank).
    Off,
}

/// One car's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Drive {
    /// The square the car leaves.
    pub from: u8,
    /// Where it goes.
    pub to: Target,
}

impl Drive {
    /// True for moves that can never be taken back (forward, or off the board):
    /// the position before them can never occur again.
    pub fn is_forward(self, side: Side, size: usize) -> bool {
        match self.to {
            Target::Off => true,
            Target::Square(to) => {
                forward_square(side, self.from as usize, size) == Some(to as usize)
            }
        }
    }
}

const KEYS: [u64; 2 * MAX_SQUARES] = zobrist::table(41);
const BOTTOM_TO_MOVE: u64 = zobrist::key(41, 1_000);

/// The cars of both sides and the side to move; no history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Bit masks of the squares holding each side's cars, by [`Side::index`].
    pub cars: [u32; 2],
    /// The side whose turn it is.
    pub to_move: Side,
}

impl Position {
    /// The start on a `size` x `size` board: Left's cars on a2 up to the top of the
    /// a-file, Bottom's on b1 to the end of rank 1, a1 empty.
    pub fn start(size: usize, to_move: Side) -> Position {
        let mut cars = [0u32; 2];
        for i in 1..size {
            cars[Side::Left.index()] |= 1 << (i * size);
            cars[Side::Bottom.index()] |= 1 << i;
        }
        Position { cars, to_move }
    }

    /// The squares holding any car.
    pub fn occupied(&self) -> u32 {
        self.cars[0] | self.cars[1]
    }

    /// How many cars `side` still has on the board.
    pub fn cars_on_board(&self, side: Side) -> u32 {
        self.cars[side.index()].count_ones()
    }

    /// The side that holds `square`, if any.
    pub fn car_at(&self, square: usize) -> Option<Side> {
        [Side::Left, Side::Bottom]
            .into_iter()
            .find(|side| self.cars[side.index()] & (1 << square) != 0)
    }

    /// Appends the legal moves of the side to move, forward moves first.
    pub fn moves(&self, size: usize, out: &mut Vec<Drive>) {
        let side = self.to_move;
        let occupied = self.occupied();
        for from in squares(self.cars[side.index()]) {
            for to in targets(side, from, size).into_iter().flatten() {
                if let Target::Square(square) = to
                    && occupied & (1 << square) != 0
                {
                    continue;
                }
                out.push(Drive {
                    from: from as u8,
                    to,
                });
            }
        }
    }

    /// True when the side to move has at least one legal move.
    pub fn can_move(&self, size: usize) -> bool {
        let side = self.to_move;
        let occupied = self.occupied();
        squares(self.cars[side.index()]).any(|from| {
            targets(side, from, size)
                .into_iter()
                .flatten()
                .any(|to| match to {
                    Target::Off => true,
                    Target::Square(square) => occupied & (1 << square) == 0,
                })
        })
    }

    /// The position after `drive` (which must be legal here); the other side moves next.
    pub fn after(&self, drive: Drive) -> Position {
        let mut next = *self;
        let mine = &mut next.cars[self.to_move.index()];
        *mine &= !(1 << drive.from);
        if let Target::Square(to) = drive.to {
            *mine |= 1 << to;
        }
        next.to_move = self.to_move.other();
        next
    }

    /// The positions from which the side not to move reached this one by driving a
    /// car to another square (moves off the board change the car count, so they
    /// are not among these): the retrograde solver's way back up the game graph.
    pub fn predecessors(&self, size: usize, out: &mut Vec<Position>) {
        let mover = self.to_move.other();
        let occupied = self.occupied();
        for to in squares(self.cars[mover.index()]) {
            for from in neighbours(to, size) {
                let reaches = targets(mover, from, size).contains(&Some(Target::Square(to as u8)));
                if occupied & (1 << from) == 0 && reaches {
                    let mut before = *self;
                    before.cars[mover.index()] ^= (1 << to) | (1 << from);
                    before.to_move = mover;
                    out.push(before);
                }
            }
        }
    }

    /// What playing `drive` here changes in [`Position::key`]: the key after the move
    /// is the key before it XOR this, so a game keeps its key up to date cheaply.
    pub fn key_change(&self, drive: Drive) -> u64 {
        let car = |square: u8| KEYS[self.to_move.index() * MAX_SQUARES + square as usize];
        let arrival = match drive.to {
            Target::Square(to) => car(to),
            Target::Off => 0,
        };
        car(drive.from) ^ arrival ^ BOTTOM_TO_MOVE
    }

    /// Zobrist key of the cars and the side to move, computed from scratch.
    pub fn key(&self) -> u64 {
        let side = if self.to_move == Side::Bottom {
            BOTTOM_TO_MOVE
        } else {
            0
        };
        [Side::Left, Side::Bottom].into_iter().fold(side, |key, s| {
            squares(self.cars[s.index()])
                .fold(key, |key, sq| key ^ KEYS[s.index() * MAX_SQUARES + sq])
        })
    }
}

/// The squares of a mask, lowest first.
pub fn squares(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let square = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            square
        })
    })
}

/// The square straight ahead of a car of `side` on `square`, if it is on the board.
pub(super) fn forward_square(side: Side, square: usize, size: usize) -> Option<usize> {
    let (file, rank) = (square % size, square / size);
    match side {
        Side::Left => (file + 1 < size).then_some(square + 1),
        Side::Bottom => (rank + 1 < size).then_some(square + size),
    }
}

/// Where a car of `side` on `square` may drive on an empty board: forward first
/// (off the board from the far edge), then the two sideways squares.
pub(super) fn targets(side: Side, square: usize, size: usize) -> [Option<Target>; 3] {
    let (file, rank) = (square % size, square / size);
    let to = |square: usize| Some(Target::Square(square as u8));
    let forward = forward_square(side, square, size).map_or(Some(Target::Off), to);
    match side {
        Side::Left => [
            forward,
            (rank + 1 < size).then(|| to(square + size)).flatten(),
            (rank > 0).then(|| to(square - size)).flatten(),
        ],
        Side::Bottom => [
            forward,
            (file > 0).then(|| to(square - 1)).flatten(),
            (file + 1 < size).then(|| to(square + 1)).flatten(),
        ],
    }
}

/// The squares next to `square` (not diagonally).
fn neighbours(square: usize, size: usize) -> impl Iterator<Item = usize> {
    let (file, rank) = (square % size, square / size);
    [
        (file > 0).then(|| square - 1),
        (file + 1 < size).then_some(square + 1),
        (rank > 0).then(|| square - size),
        (rank + 1 < size).then_some(square + size),
    ]
    .into_iter()
    .flatten()
}
