//! Piece-square tables for the `strong` xiangqi evaluation: what a piece is worth
//! on each point beyond its material, in centipawns.
//!
//! How they were set: by hand, from the textbook advice of xiangqi opening and
//! middlegame play, not copied from any engine. Each table is drawn as the board
//! is seen by Red, Black's back rank on top (rank 9) and Red's at the bottom
//! (rank 0); Black reads the same table upside down. Every row is symmetric left
//! to right, so that a mirrored position is worth the same. The ideas:
//! - Soldiers are worth little at home and roughly double once over the river,
//!   more the nearer they come to the palace (the "third rank" in front of the
//!   palace is where a soldier bites), and less again on the enemy's back rank,
//!   where they can only move sideways. The central soldier may step up early.
//! - Horses want to leave the back rank, stand in front of the river or cross
//!   it, and are strongest beside the enemy palace (the "horse in the trough"
//!   points c8/g8 and the points beside the palace); a horse in its own palace
//!   centre ("the heart horse") blocks its general and is poor.
//! - Chariots want to leave the corners for open ranks and files, the river bank
//!   (their own rank 4 and rank 5, the "patrolling chariot") and the enemy's
//!   rank 8 ("chariot on the throat") above all.
//! - Cannons belong on the central file or at home behind their screens; a cannon
//!   stuck beside the enemy palace on rank 7 or 8 is easily trapped, but one on the
//!   enemy's back rank (the "bottom cannon") threatens mate along it.
//! - Generals stay at home, advisors like the palace centre, elephants the centre
//!   of their own side (e2 or e7): the defensive formation.

use super::board::{FILES, Kind, file_of, rank_of};
use crate::game::Player;

/// One table: 90 values, rank 9 first (from Red's view), file a first in each rank.
type Table = [i32; 90];

/// Soldiers (base value 100): crossing the river adds 50 to 120.
#[rustfmt::skip]
const SOLDIER: Table = [
     40,  45,  50,  60,  70,  60,  50,  45,  40,
     70,  90, 110, 140, 160, 140, 110,  90,  70,
     70,  90, 110, 125, 135, 125, 110,  90,  70,
     60,  75,  90, 100, 105, 100,  90,  75,  60,
     50,  60,  70,  75,  80,  75,  70,  60,  50,
      0,   0,   5,   0,  15,   0,   5,   0,   0,
      0,   0,   0,   0,   5,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// Horses (base value 400).
#[rustfmt::skip]
const HORSE: Table = [
    -10,   0,   5,   0, -10,   0,   5,   0, -10,
      0,  10,  30,  25,  10,  25,  30,  10,   0,
      5,  20,  25,  30,  30,  30,  25,  20,   5,
      5,  15,  25,  30,  30,  30,  25,  15,   5,
      0,  15,  20,  25,  25,  25,  20,  15,   0,
      0,  10,  15,  15,  15,  15,  15,  10,   0,
     -5,   5,  10,   5,  10,   5,  10,   5,  -5,
     -5,   0,   5,   5,   0,   5,   5,   0,  -5,
    -10,  -5,   0,   0, -15,   0,   0,  -5, -10,
    -15, -10,  -5, -10, -15, -10,  -5, -10, -15,
];

/// Chariots (base value 900).
#[rustfmt::skip]
const CHARIOT: Table = [
     10,  12,  10,  16,  14,  16,  10,  12,  10,
     12,  16,  14,  22,  24,  22,  14,  16,  12,
     10,  14,  12,  18,  18,  18,  12,  14,  10,
     10,  16,  14,  18,  18,  18,  14,  16,  10,
     12,  18,  16,  20,  20,  20,  16,  18,  12,
     12,  18,  18,  20,  20,  20,  18,  18,  12,
      6,  12,   8,  14,  14,  14,   8,  12,   6,
      2,  10,   6,  12,   8,  12,   6,  10,   2,
     -4,   8,   4,  10,   0,  10,   4,   8,  -4,
    -12,   6,   2,  10,   0,  10,   2,   6, -12,
];

/// Cannons (base value 450).
#[rustfmt::skip]
const CANNON: Table = [
      8,   6,   0,  -4,  -6,  -4,   0,   6,   8,
      2,   2,   0,  -6,  -8,  -6,   0,   2,   2,
      2,   2,   0,  -6,  -4,  -6,   0,   2,   2,
      0,   4,   4,   2,   6,   2,   4,   4,   0,
      0,   2,   2,   2,   6,   2,   2,   2,   0,
     -2,   2,   4,   2,   8,   2,   4,   2,  -2,
      0,   0,   0,   2,   6,   2,   0,   0,   0,
      2,   2,   6,   6,  12,   6,   6,   2,   2,
      0,   2,   4,   4,   4,   4,   4,   2,   0,
      0,   0,   2,   6,   6,   6,   2,   0,   0,
];

/// The general: at home, and not up the palace.
#[rustfmt::skip]
const GENERAL: Table = palace_table([-30, -40, -30], [-10, -15, -10], [-2, 6, -2]);

/// Advisors: home or the palace centre.
#[rustfmt::skip]
const ADVISOR: Table = palace_table([-5, 0, -5], [0, 8, 0], [0, 0, 0]);

/// Elephants: the centre point of their half and the home points.
#[rustfmt::skip]
const ELEPHANT: Table = {
    let mut table = [0; 90];
    // (file, rank) from Red's side, rank 0 at the bottom row (row index 9 - rank).
    let points: [(usize, usize, i32); 7] = [
        (2, 0, 0), (6, 0, 0), (0, 2, -4), (4, 2, 8), (8, 2, -4), (2, 4, -2), (6, 4, -2),
    ];
    let mut i = 0;
    while i < points.len() {
        let (file, rank, value) = points[i];
        table[(9 - rank) * FILES + file] = value;
        i += 1;
    }
    table
};

/// A table that is zero outside Red's palace, with its three ranks given from
/// the front (rank 2) to the back (rank 0), files d to f.
const fn palace_table(front: [i32; 3], middle: [i32; 3], back: [i32; 3]) -> Table {
    let mut table = [0; 90];
    let rows = [back, middle, front];
    let mut rank = 0;
    while rank < 3 {
        let mut file = 0;
        while file < 3 {
            table[(9 - rank) * FILES + 3 + file] = rows[rank][file];
            file += 1;
        }
        rank += 1;
    }
    table
}

/// The table of each kind, by `Kind as usize`.
const TABLES: [&Table; 7] = [
    &GENERAL, &ADVISOR, &ELEPHANT, &HORSE, &CHARIOT, &CANNON, &SOLDIER,
];

/// What `kind` of `side` on `point` is worth beyond its material.
pub fn square_bonus(kind: Kind, side: Player, point: u8) -> i32 {
    let (file, rank) = (file_of(point), rank_of(point));
    let row = match side {
        Player::First => 9 - rank,
        Player::Second => rank,
    };
    TABLES[kind as usize][row * FILES + file]
}
