//! The `handset` evaluation's terms, and a few more, as counts times weights, so
//! that the weights can be fitted to an oracle's judgement
//! (examples/xiangqi_fit.rs) and a set of weights played as an evaluation of
//! its own: [`HANDSET`] gives exactly `handset`'s value, the default `strong`
//! plays [`super::fitted::FITTED`], the weights fitted to Fairy-Stockfish's scores.
//!
//! Every feature is counted for each side; the value from Red's view is the
//! weights times Red's counts less Black's, feature by feature. The endgame features are counts
//! times the endgame share, 0 with every attacker on the board and
//! [`FULL_PHASE`] with none, so that their weights are per sixteenth of the way
//! to the endgame.
//!
//! A set of weights may come with [`Corrections`]: a fitted value for each kind
//! on each point (the board folded onto files a-e), added to the hand-set
//! tables' placement (`corrected` plays [`super::corrected::CORRECTED`]).

use super::Xiangqi;
use super::board::{self, Board, Kind, POINTS, decode, file_of, rank_of};
use super::eval::{self, Census, FULL_PHASE};
use crate::game::{EvalTerm, Explanation, Player};

/// How many features a side has.
pub const FEATURES: usize = 35;

/// The kinds counted as material and endgame material.
const MATERIAL_KINDS: [Kind; 6] = [
    Kind::Chariot,
    Kind::Cannon,
    Kind::Horse,
    Kind::Advisor,
    Kind::Elephant,
    Kind::Soldier,
];

/// What each feature counts, for `ply eval --explain` and the fitting tool.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "chariots",
    "cannons",
    "horses",
    "advisors",
    "elephants",
    "soldiers",
    "soldiers over the river",
    "chariots x endgame share",
    "cannons x endgame share",
    "horses x endgame share",
    "advisors x endgame share",
    "elephants x endgame share",
    "soldiers x endgame share",
    "soldiers over the river x endgame share",
    "general's placement (table)",
    "advisors' placement (table)",
    "elephants' placement (table)",
    "horses' placement (table)",
    "chariots' placement (table)",
    "cannons' placement (table)",
    "soldiers' placement (table)",
    "chariot moves",
    "horse moves (blocked legs cost moves)",
    "cannon moves",
    "trapped horses (one move or none)",
    "empty-headed cannons on the enemy general's file",
    "cannons behind two screens on the enemy general's file",
    "missing advisors",
    "missing advisors x enemy chariots and horses",
    "missing elephants",
    "missing elephants x enemy cannons",
    "guard pairs guarding each other",
    "general's file open, enemy chariot on the board",
    "attack on the enemy palace (weighted moves into it squared / 8)",
    "side to move",
];

/// One weight per feature, in the order of [`FEATURE_NAMES`], in sixteenths of
/// a centipawn ([`UNIT`]): fitted weights keep their fractions. An endgame
/// feature's weight is per sixteenth of the way to the endgame, so its stored
/// number is the centipawns a piece gains (or loses) in a bare endgame.
pub type Weights = [i32; FEATURES];

/// A centipawn in a weight.
pub const UNIT: i32 = 16;

/// The weights that reproduce `handset` exactly: its material and tables, mobility
/// 4/7/2, trapped horses -20, cannons on the file 45/12, guards, open file -25,
/// tempo 10; nothing for the features `handset` lacks.
pub const HANDSET: Weights = {
    let centipawns = [
        900,
        450,
        400,
        200,
        200,
        100,
        0, // material
        0,
        0,
        0,
        0,
        0,
        0,
        0, // endgame material
        1,
        1,
        1,
        1,
        1,
        1,
        1, // placement tables
        4,
        7,
        2,
        -20, // mobility, trapped horses
        45,
        12, // cannons on the general's file
        -10,
        -9,
        -8,
        -10,
        10,  // palace guards
        -25, // open general's file
        0,   // palace attack
        eval::TEMPO,
    ];
    let mut weights = [0; FEATURES];
    let mut i = 0;
    while i < FEATURES {
        weights[i] = centipawns[i] * UNIT;
        i += 1;
    }
    weights
};

/// How many points a piece-square correction table has: one half of the board
/// folded onto the other (files a to e), ten ranks from the owner's side.
pub const CELLS: usize = 50;

/// Per-point corrections to each kind's placement, by `Kind as usize` and
/// [`cell`], in sixteenths of a centipawn: what a fit finds the hand-set tables
/// get wrong, learned point by point.
pub type Corrections = [[i32; CELLS]; 7];

/// No corrections: the hand-set tables alone.
pub const NO_CORRECTIONS: Corrections = [[0; CELLS]; 7];

/// The correction cell of `side`'s piece on `point`: the file folded to a-e
/// (mirrored positions are worth the same), then the rank counted from `side`'s back rank.
pub fn cell(side: Player, point: u8) -> usize {
    let file = file_of(point);
    file.min(8 - file) * 10 + board::advance(side, rank_of(point))
}

/// Red's and Black's sums of the corrections of their pieces' points.
fn correction_sums(game: &Xiangqi, corrections: &Corrections) -> [i32; 2] {
    let mut sums = [0; 2];
    let points = &game.board().points;
    for at in 0..POINTS as u8 {
        if let Some(piece) = decode(points[at as usize]) {
            sums[piece.side.index()] += corrections[piece.kind as usize][cell(piece.side, at)];
        }
    }
    sums
}

/// The attack feature: nothing from a lone piece, then the square of the
/// weighted moves into the enemy palace over 8, capped at 133.
const ATTACK_CAP: i32 = 133;

/// The endgame share of a position: [`FULL_PHASE`] less the attackers' weight on
/// the board (chariots twice, horses, cannons), never below 0.
fn endgame_share(census: &Census) -> i32 {
    let both = |kind: Kind| census.counts[0][kind as usize] + census.counts[1][kind as usize];
    let phase = 2 * both(Kind::Chariot) + both(Kind::Horse) + both(Kind::Cannon);
    FULL_PHASE - phase.min(FULL_PHASE)
}

/// `side`'s counts of every feature in `board` (`to_move` says whose turn it is).
pub fn feature_counts(board: &Board, to_move: Player, side: Player) -> [i32; FEATURES] {
    side_features(board, &Census::take(board), to_move, side)
}

fn side_features(board: &Board, census: &Census, to_move: Player, side: Player) -> [i32; FEATURES] {
    let own = side.index();
    let counts = &census.counts[own];
    let endgame = endgame_share(census);
    let mobility = eval::mobility_terms(board, side);
    let mut features = [0; FEATURES];
    let mut next = 0;
    let mut put = |value: i32| {
        features[next] = value;
        next += 1;
    };
    for kind in MATERIAL_KINDS {
        put(counts[kind as usize]);
    }
    put(census.crossed_soldiers[own]);
    for kind in MATERIAL_KINDS {
        put(counts[kind as usize] * endgame);
    }
    put(census.crossed_soldiers[own] * endgame);
    for kind in Kind::ALL {
        put(census.placement_by_kind[own][kind as usize]);
    }
    for kind in [Kind::Chariot, Kind::Horse, Kind::Cannon] {
        put(mobility.moves_by_kind[kind as usize]);
    }
    put(mobility.trapped_horses);
    for count in eval::cannon_file_counts(board, census, side) {
        put(count);
    }
    for count in eval::palace_guard_counts(board, census, side) {
        put(count);
    }
    put(eval::general_file_open(board, census, side));
    let attack = if mobility.attackers < 2 {
        0
    } else {
        (mobility.attack_units * mobility.attack_units / 8).min(ATTACK_CAP)
    };
    put(attack);
    put(i32::from(to_move == side));
    features
}

/// What feature `i` adds from Red's view for Red's and Black's counts, in
/// centipawns (truncated towards zero, so that swapping the colours negates it).
fn points(weights: &Weights, i: usize, red: i32, black: i32) -> i32 {
    weights[i] * (red - black) / UNIT
}

/// Red's and Black's counts of every feature.
fn both_sides(game: &Xiangqi) -> ([i32; FEATURES], [i32; FEATURES]) {
    let board = game.board();
    let census = Census::take(board);
    let side = |player| side_features(board, &census, game.side, player);
    (side(Player::First), side(Player::Second))
}

/// The value of `weights` times the features, from the side to move's view.
pub fn evaluate(game: &Xiangqi, weights: &Weights) -> i32 {
    let (red, black) = both_sides(game);
    let value = (0..FEATURES)
        .map(|i| points(weights, i, red[i], black[i]))
        .sum();
    eval::from_side_to_move(game, value)
}

/// [`evaluate`] plus the piece-square `corrections`.
pub fn evaluate_corrected(game: &Xiangqi, weights: &Weights, corrections: &Corrections) -> i32 {
    let [red, black] = correction_sums(game, corrections);
    evaluate(game, weights) + eval::from_side_to_move(game, (red - black) / UNIT)
}

/// [`evaluate_corrected`] from Red's view, feature by feature, the corrections last.
pub fn explain_corrected(
    game: &Xiangqi,
    weights: &Weights,
    corrections: &Corrections,
) -> Explanation {
    let [red, black] = correction_sums(game, corrections);
    let mut terms = explain(game, weights).terms;
    terms.push(EvalTerm {
        name: "piece-square corrections (fitted, sixteenths of a centipawn)".to_string(),
        first: red,
        second: black,
        points: (red - black) / UNIT,
    });
    Explanation::sum_of(terms)
}

/// [`evaluate`] from Red's view, feature by feature (the features a weight of
/// 0 leaves out are not listed).
pub fn explain(game: &Xiangqi, weights: &Weights) -> Explanation {
    let (red, black) = both_sides(game);
    let terms = (0..FEATURES)
        .filter(|&i| weights[i] != 0)
        .map(|i| EvalTerm {
            name: format!(
                "{} ({:.2} each)",
                FEATURE_NAMES[i],
                f64::from(weights[i]) / f64::from(UNIT)
            ),
            first: red[i],
            second: black[i],
            points: points(weights, i, red[i], black[i]),
        })
        .collect();
    Explanation::sum_of(terms)
}
