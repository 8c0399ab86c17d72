//! Othello's evaluations. `seed` is the course's disc difference; `strong` knows
//! what players learn early: discs count only at the end, while mobility,
//! corners, the squares that give corners away, and discs that can never flip
//! decide the game before that.
//!
//! Both are built as lists of [`EvalTerm`]s from the first player's (Black's)
//! view, so the explanation and the evaluator cannot disagree.

use super::Othello;
use super::board::{self, CORNERS};
use crate::game::{EvalTerm, Explanation, Game, for_first};

/// The X-squares (b2, g2, b7, g7), each with the corner it gives away.
const X_SQUARES: [(u64, u64); 4] = [
    (1 << 9, 1 << 0),
    (1 << 14, 1 << 7),
    (1 << 49, 1 << 56),
    (1 << 54, 1 << 63),
];

/// The C-squares (beside a corner on the edge), each with its corner.
const C_SQUARES: [(u64, u64); 4] = [
    (1 << 1 | 1 << 8, 1 << 0),
    (1 << 6 | 1 << 15, 1 << 7),
    (1 << 48 | 1 << 57, 1 << 56),
    (1 << 55 | 1 << 62, 1 << 63),
];

/// How many squares are still empty when `strong` starts counting discs.
const ENDGAME_EMPTIES: u32 = 14;

/// Discs of one colour on the squares of `pairs` whose corner is still empty.
fn next_to_empty_corners(discs: u64, occupied: u64, pairs: &[(u64, u64)]) -> i32 {
    pairs
        .iter()
        .filter(|&&(_, corner)| occupied & corner == 0)
        .map(|&(squares, _)| (discs & squares).count_ones() as i32)
        .sum()
}

/// The weights of `strong` at a number of empty squares: mobility matters most in
/// the opening and the middle game, stable discs and the discs themselves towards
/// the end.
struct Weights {
    mobility: i32,
    corner: i32,
    x_square: i32,
    c_square: i32,
    stable: i32,
    disc: i32,
}

fn weights(empties: u32) -> Weights {
    let empties = empties as i32;
    Weights {
        mobility: 4 + empties / 15,
        corner: 30,
        x_square: -15,
        c_square: -5,
        stable: 12 - empties / 10,
        disc: if empties <= ENDGAME_EMPTIES as i32 {
            3
        } else {
            0
        },
    }
}

impl Othello {
    /// Discs per side, Black first.
    fn disc_counts(&self) -> [i32; 2] {
        self.discs.map(|d| d.count_ones() as i32)
    }

    /// The course's evaluation, disc difference, taken apart: `e(P) = 3 - 2 = 1`.
    pub fn explain_discs(&self) -> Explanation {
        let [black, white] = self.disc_counts();
        Explanation::difference(
            vec![EvalTerm::weighted("discs", black, white, 1)],
            black,
            white,
        )
    }

    /// The terms of `strong` from Black's view, with their weights for this phase.
    pub fn explain_strong(&self) -> Explanation {
        let features = Features::of(self);
        let terms = features
            .weighted()
            .filter(|&(_, _, weight)| weight != 0)
            .map(|(name, [black, white], weight)| {
                EvalTerm::weighted(name(weight), black, white, weight)
            })
            .collect();
        Explanation::sum_of(terms)
    }
}

/// What `strong` counts for each side (Black first), and the phase's weights.
struct Features {
    mobility: [i32; 2],
    corners: [i32; 2],
    x_squares: [i32; 2],
    c_squares: [i32; 2],
    stable: [i32; 2],
    discs: [i32; 2],
    weights: Weights,
}

/// A term's name for its weight.
type Namer = fn(i32) -> String;

impl Features {
    fn of(game: &Othello) -> Features {
        let [black, white] = game.discs;
        let occupied = black | white;
        let count = |bits: u64| bits.count_ones() as i32;
        Features {
            mobility: [
                count(board::legal_squares(black, white)),
                count(board::legal_squares(white, black)),
            ],
            corners: [count(black & CORNERS), count(white & CORNERS)],
            x_squares: [
                next_to_empty_corners(black, occupied, &X_SQUARES),
                next_to_empty_corners(white, occupied, &X_SQUARES),
            ],
            c_squares: [
                next_to_empty_corners(black, occupied, &C_SQUARES),
                next_to_empty_corners(white, occupied, &C_SQUARES),
            ],
            stable: [
                count(board::stable_discs(black, white)),
                count(board::stable_discs(white, black)),
            ],
            discs: game.disc_counts(),
            weights: weights(64 - occupied.count_ones()),
        }
    }

    /// Each term as (its name for a weight, the two counts, the weight).
    fn weighted(&self) -> impl Iterator<Item = (Namer, [i32; 2], i32)> {
        let w = &self.weights;
        let terms: [(Namer, [i32; 2], i32); 6] = [
            (
                |w| format!("mobility ({w} a move)"),
                self.mobility,
                w.mobility,
            ),
            (|w| format!("corners ({w} each)"), self.corners, w.corner),
            (
                |w| format!("X-squares by an empty corner ({w} each)"),
                self.x_squares,
                w.x_square,
            ),
            (
                |w| format!("C-squares by an empty corner ({w} each)"),
                self.c_squares,
                w.c_square,
            ),
            (
                |w| format!("stable discs ({w} each)"),
                self.stable,
                w.stable,
            ),
            (|w| format!("discs ({w} each, endgame)"), self.discs, w.disc),
        ];
        terms.into_iter()
    }

    /// The value from Black's view: what the explanation adds up to, without
    /// writing the names.
    fn total_for_black(&self) -> i32 {
        self.weighted()
            .map(|(_, [black, white], weight)| weight * (black - white))
            .sum()
    }
}

/// Disc difference for the side to move: the course's `seed`.
pub fn disc_difference(game: &Othello) -> i32 {
    let [black, white] = game.disc_counts();
    for_first(game.to_move(), black - white)
}

/// The `strong` evaluation for the side to move.
pub fn strong(game: &Othello) -> i32 {
    for_first(game.to_move(), Features::of(game).total_for_black())
}
