//! Evaluations of a checkers position for the side to move.
//!
//! `seed` is Samuel's form: a weighted sum of features, each counted for the side
//! to move minus the opponent. The weights are public so that the rules panel and
//! tests name the same numbers.

use super::board::{self, ALL_DIRECTIONS, Board, Squares, step};
use crate::game::{EvalTerm, Explanation, Player};

/// Value of a man.
pub const MAN: i32 = 100;
/// Value of a king: worth more than a man, as it moves both ways.
pub const KING: i32 = 150;
/// Per row a man has advanced from its own back rank.
pub const ADVANCEMENT: i32 = 3;
/// Per piece on the eight centre squares (10, 11, 14, 15, 18, 19, 22, 23).
pub const CENTRE: i32 = 8;
/// Per man still on its own back rank, guarding it against crowning.
pub const BACK_RANK: i32 = 10;
/// Per one-step move available (captures aside).
pub const MOBILITY: i32 = 4;

/// The eight centre squares, as a set.
const CENTRE_SQUARES: Squares = bits(&[10, 11, 14, 15, 18, 19, 22, 23]);
/// The squares on the board's edges.
const EDGE_SQUARES: Squares = bits(&[1, 2, 3, 4, 5, 12, 13, 20, 21, 28, 29, 30, 31, 32]);

/// A set of squares from PDN numbers.
const fn bits(squares: &[usize]) -> Squares {
    let mut set = 0;
    let mut i = 0;
    while i < squares.len() {
        set |= 1 << (squares[i] - 1);
        i += 1;
    }
    set
}

/// The row `player` starts on and defends: 1-4 for Black, 29-32 for White.
fn back_rank(player: Player) -> Squares {
    board::crowning_row(player.other())
}

/// How many rows each of `player`'s men has advanced, summed.
fn advancement(board: &Board, player: Player) -> i32 {
    let mut men = board.men(player);
    let mut rows = 0;
    while men != 0 {
        let square = men.trailing_zeros() as usize;
        men &= men - 1;
        let row = board::row_of(square) as i32;
        rows += match player {
            Player::First => row,
            Player::Second => 7 - row,
        };
    }
    rows
}

/// One-step moves `player` could make if no capture were pending.
pub fn mobility(board: &Board, player: Player) -> i32 {
    ALL_DIRECTIONS
        .iter()
        .map(|&d| board.step_targets(player, d).count_ones() as i32)
        .sum()
}

/// Material: men and kings at their values.
fn material(board: &Board, player: Player) -> i32 {
    MAN * board.men(player).count_ones() as i32 + KING * board.kings_of(player).count_ones() as i32
}

/// Samuel's weights a_i, in the order of [`samuel_features`].
pub const SAMUEL_WEIGHTS: [i32; 6] = [MAN, KING, ADVANCEMENT, CENTRE, BACK_RANK, MOBILITY];

/// The names of Samuel's features x_i, in the order of [`samuel_features`].
const SAMUEL_NAMES: [&str; 6] = [
    "men",
    "kings",
    "rows advanced by men",
    "centre squares held",
    "men on the back rank",
    "mobility (one-step moves)",
];

/// Samuel's features x_i for one side: men, kings, rows advanced, centre squares
/// held, men on the back rank, one-step moves.
fn samuel_features(board: &Board, player: Player) -> [i32; 6] {
    let pieces = board.pieces[player.index()];
    [
        board.men(player).count_ones() as i32,
        board.kings_of(player).count_ones() as i32,
        advancement(board, player),
        (pieces & CENTRE_SQUARES).count_ones() as i32,
        (board.men(player) & back_rank(player)).count_ones() as i32,
        mobility(board, player),
    ]
}

/// Samuel's features for one side, weighted: the sum of a_i * x_i.
fn samuel_side(board: &Board, player: Player) -> i32 {
    weighted_sum(&samuel_features(board, player), &SAMUEL_WEIGHTS)
}

fn weighted_sum(features: &[i32], weights: &[i32]) -> i32 {
    features.iter().zip(weights).map(|(x, a)| x * a).sum()
}

/// One a_i * x_i row per feature, counted for Black (first) and White.
fn feature_terms(names: &[&str], weights: &[i32], first: &[i32], second: &[i32]) -> Vec<EvalTerm> {
    (0..names.len())
        .map(|i| {
            let name = format!("{} (a = {})", names[i], weights[i]);
            EvalTerm::weighted(name, first[i], second[i], weights[i])
        })
        .collect()
}

/// [`samuel`] from Black's (the first player's) view: Samuel's a_i * x_i table.
pub fn explain_samuel(board: &Board) -> Explanation {
    let black = samuel_features(board, Player::First);
    let white = samuel_features(board, Player::Second);
    Explanation::difference(
        feature_terms(&SAMUEL_NAMES, &SAMUEL_WEIGHTS, &black, &white),
        samuel_side(board, Player::First),
        samuel_side(board, Player::Second),
    )
}

/// The seed evaluation: Samuel's weighted features, side to move minus opponent.
pub fn samuel(board: &Board, side: Player) -> i32 {
    samuel_side(board, side) - samuel_side(board, side.other())
}

/// Per king on an edge square, where it controls fewer diagonals.
const KING_ON_EDGE: i32 = 12;
/// Per man whose way to the crowning row is clear of every piece.
const RUNAWAY: i32 = 40;
/// Holding both bridge squares (1 and 3 for Black, 30 and 32 for White) while the
/// opponent has no king.
const BRIDGE: i32 = 20;
/// Share of the material lead added per piece traded off (of 24): ahead, trade down.
const TRADE_PER_MILLE: i32 = 15;

/// A man with no piece on any square ahead of it within its forward cone is a
/// likely king.
fn runaways(board: &Board, player: Player) -> i32 {
    let mut men = board.men(player);
    let occupied = board.occupied();
    let mut count = 0;
    while men != 0 {
        let square = men.trailing_zeros() as usize;
        men &= men - 1;
        let mut cone: Squares = 1 << square;
        let mut blocked = false;
        for _ in 0..7 {
            cone = board::forward(player)
                .iter()
                .fold(0, |all, &d| all | step(cone, d));
            if cone == 0 {
                break;
            }
            if cone & occupied != 0 {
                blocked = true;
                break;
            }
        }
        count += i32::from(!blocked);
    }
    count
}

/// The bridge: two men on the back rank that keep the opponent from crowning.
fn bridge(board: &Board, player: Player) -> bool {
    let squares = match player {
        Player::First => bits(&[1, 3]),
        Player::Second => bits(&[30, 32]),
    };
    board.men(player) & squares == squares && board.kings_of(player.other()) == 0
}

/// The weights of the features `strong` adds to Samuel's, in the order of
/// [`extra_features`].
const EXTRA_WEIGHTS: [i32; 3] = [RUNAWAY, -KING_ON_EDGE, BRIDGE];
const EXTRA_NAMES: [&str; 3] = [
    "runaway men",
    "kings on an edge",
    "bridge held (opponent kingless)",
];

/// The features `strong` adds for one side: runaway men, kings on an edge, the bridge.
fn extra_features(board: &Board, player: Player) -> [i32; 3] {
    [
        runaways(board, player),
        (board.kings_of(player) & EDGE_SQUARES).count_ones() as i32,
        i32::from(bridge(board, player)),
    ]
}

fn strong_side(board: &Board, player: Player) -> i32 {
    samuel_side(board, player) + weighted_sum(&extra_features(board, player), &EXTRA_WEIGHTS)
}

/// The trade-down bonus for `side`: its material lead times the pieces traded off
/// (of 24), times 15 per mille. Truncation is symmetric, so the opponent's is its negation.
fn trade_bonus(board: &Board, side: Player) -> i32 {
    let lead = material(board, side) - material(board, side.other());
    lead * pieces_traded(board) * TRADE_PER_MILLE / 1000
}

fn pieces_traded(board: &Board) -> i32 {
    24 - board.occupied().count_ones() as i32
}

/// The strong evaluation: seed's features, runaway men, kings kept off the edges,
/// the bridge, and a bonus for trading down when ahead in material.
pub fn strong(board: &Board, side: Player) -> i32 {
    strong_side(board, side) - strong_side(board, side.other()) + trade_bonus(board, side)
}

/// [`strong`] from Black's (the first player's) view: Samuel's table, the extra
/// features, and the trade-down bonus as a last term.
pub fn explain_strong(board: &Board) -> Explanation {
    let black = samuel_features(board, Player::First);
    let white = samuel_features(board, Player::Second);
    let mut terms = feature_terms(&SAMUEL_NAMES, &SAMUEL_WEIGHTS, &black, &white);
    let black_extra = extra_features(board, Player::First);
    let white_extra = extra_features(board, Player::Second);
    terms.extend(feature_terms(
        &EXTRA_NAMES,
        &EXTRA_WEIGHTS,
        &black_extra,
        &white_extra,
    ));
    terms.push(EvalTerm {
        name: format!(
            "trade down when ahead (material lead x {} traded x {TRADE_PER_MILLE}/1000)",
            pieces_traded(board)
        ),
        first: material(board, Player::First),
        second: material(board, Player::Second),
        points: trade_bonus(board, Player::First),
    });
    Explanation::sum_of(terms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::checkers::notation::parse_position;

    #[test]
    fn the_start_is_even_for_both_evaluations() {
        let start = board::START;
        assert_eq!(samuel(&start, Player::First), 0);
        assert_eq!(strong(&start, Player::Second), 0);
    }

    #[test]
    fn seed_weights_add_up_feature_by_feature() {
        // Black: a man on 14 (three rows advanced, centre, steps to 17 and 18) and a
        // king on 1 (a king guards nothing; steps to 5 and 6).
        // White: a man on 32 (on its back rank, steps to 27 and 28).
        let (board, side) = parse_position("B:W32:B14,K1").unwrap();
        let black = MAN + KING + ADVANCEMENT * 3 + CENTRE + MOBILITY * 4;
        let white = MAN + BACK_RANK + MOBILITY * 2;
        assert_eq!(samuel(&board, side), black - white);
        assert_eq!(samuel(&board, Player::Second), white - black);
    }

    #[test]
    fn a_clear_path_counts_as_a_runaway() {
        let (apart, _) = parse_position("B:W29:B16").unwrap();
        assert_eq!(runaways(&apart, Player::First), 1);
        assert_eq!(runaways(&apart, Player::Second), 1);
        let (facing, _) = parse_position("B:W32:B14").unwrap();
        assert_eq!(runaways(&facing, Player::First), 0);
        assert_eq!(runaways(&facing, Player::Second), 0);
    }
}
