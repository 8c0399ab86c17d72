//! The Texel-tuned weights of chess's `classical` evaluation (`selfplay`; `strong`
//! until the fit to Stockfish's scores in labelled.rs replaced them), written by
//! examples/texel.rs: do not edit by hand, run it again.
//!
//! Method (Texel tuning): 4237 self-play games of ply's own engine
//! (scripts/texel-selfplay.py: a line of tests/data/chess/openings.txt and four random
//! plies, then 3000 nodes a move on both sides: `engine:strong:nodes=3000` with the hand-set weights in the first 4000 games (seed 1), `engine:tuned:nodes=3000` with the first fit's weights (no threat terms) in the other 237 (seed 7)). Every position after the first 16 plies that is quiet (not in check,
//! no capture or promotion winning by static exchange) is labelled with its game's
//! result: 211865 training positions and 23640 held out (every tenth game).
//! Starting from the `handset` weights, K of the sigmoid 1 / (1 + 10^(-K * eval / 400))
//! was fitted (0.7369), then the mean squared error of
//! sigmoid(eval) against the results, plus 0.00000003 times the squared distance of the
//! weights from the start, minimised by full-batch Adam (150 epochs, rate 1,
//! piece-square values tuned), keeping the best weights (`best`: lowest held-out
//! error, checked every 10 epochs). Error before: train 0.081830, held-out 0.079433;
//! after (rounded weights): train 0.079235, held-out 0.077438.
//!
//! Reproduce: scripts/texel-selfplay.py --out games.jsonl --openings-count 4237, then
//! cargo run --release --example texel -- --games games.jsonl --start handset --epochs
//! 150 --rate 1 --squares tuned --l2 0.00000003 --keep best

use super::weights::Weights;

/// The weights the `selfplay` evaluation plays, in the layout of weights.rs.
#[rustfmt::skip]
pub const TUNED: Weights = [
    // material: pawn, knight, bishop, rook, queen, king
    (64, 109), (339, 298), (338, 315), (465, 532), (964, 983), (0, 0),
    // pawn by square, a1 to h8 from its own side
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (-1, 9), (1, 4), (5, -1), (-5, 3), (-8, 0), (10, 10), (12, 2), (-1, 1),
    (6, 6), (5, 6), (-3, -2), (14, 7), (-1, -3), (13, 19), (7, 9), (-5, 9),
    (14, 10), (1, 19), (13, 6), (32, 9), (17, 13), (-3, 0), (-12, -6), (-9, 11),
    (11, 19), (4, 23), (12, 25), (22, 12), (26, 15), (-1, 7), (12, 7), (13, 20),
    (8, 29), (9, 22), (8, 28), (15, 20), (15, 28), (14, 26), (13, 28), (9, 19),
    (13, 31), (11, 31), (14, 33), (14, 32), (13, 33), (11, 31), (10, 30), (10, 30),
    (14, 36), (14, 36), (14, 36), (14, 36), (14, 36), (14, 36), (14, 36), (14, 36),
    // knight by square, a1 to h8 from its own side
    (-14, -11), (-18, -15), (-17, -13), (-17, -10), (-14, -11), (-15, -12), (-19, -12), (-13, -12),
    (-10, -11), (-4, -3), (3, 0), (-8, -1), (-2, -7), (-9, -6), (-4, -3), (-8, -13),
    (-7, -10), (0, -8), (-7, -4), (8, 8), (11, 5), (-2, 0), (-8, -6), (-15, -11),
    (-19, -17), (-3, -3), (8, 6), (11, 9), (17, 13), (9, 9), (-6, -4), (-19, -12),
    (-12, -11), (-10, -3), (0, -1), (20, 4), (16, 14), (6, 6), (-3, 1), (-12, -11),
    (-15, -11), (-1, -1), (4, 2), (6, 5), (8, 5), (5, 4), (-4, -2), (-16, -12),
    (-17, -14), (-5, -3), (-5, -3), (-5, -4), (-3, -2), (-4, -2), (-5, -5), (-16, -14),
    (-21, -17), (-17, -14), (-15, -12), (-15, -12), (-15, -12), (-15, -11), (-14, -12), (-16, -13),
    // bishop by square, a1 to h8 from its own side
    (-10, -6), (-7, -5), (-15, -4), (-14, -9), (-9, -4), (-17, -7), (-10, -6), (-10, -6),
    (-6, -6), (3, 0), (0, -3), (-12, -3), (22, 0), (3, -4), (16, 10), (-4, -6),
    (-4, -4), (11, 2), (8, 6), (5, 6), (6, 4), (11, 3), (1, -6), (-14, -11),
    (0, -6), (0, -1), (-5, 3), (14, -1), (8, 1), (-11, -1), (1, -3), (1, -3),
    (-6, -6), (2, -2), (5, -3), (17, 10), (12, 8), (3, 1), (-8, -6), (-7, -5),
    (-9, -8), (-2, 0), (9, 6), (8, 1), (6, 1), (7, 5), (0, -2), (-8, -5),
    (-8, -11), (0, -3), (-3, -4), (1, 0), (-1, -4), (-1, -1), (1, -2), (-7, -9),
    (-4, -5), (-5, -9), (-6, -7), (-5, -6), (-5, -7), (-6, -8), (-6, -7), (-7, -7),
    // rook by square, a1 to h8 from its own side
    (-5, 9), (-3, -7), (-2, -4), (12, -3), (13, 0), (8, -5), (-11, 0), (-16, 4),
    (-3, 0), (-1, 0), (4, -3), (12, 6), (6, -6), (4, 2), (1, 1), (-3, 0),
    (7, 3), (3, 2), (1, 3), (4, -1), (6, 0), (-1, -1), (-4, -4), (-2, -4),
    (-3, -2), (-1, 0), (-6, -1), (-3, -3), (4, -1), (-1, 3), (-2, -2), (3, -1),
    (-2, 2), (4, 2), (1, 0), (2, 0), (3, -3), (1, 3), (0, -1), (-5, -5),
    (-1, 0), (0, -1), (-1, -3), (7, 4), (6, 1), (-1, -2), (0, 0), (1, 2),
    (18, 15), (16, 8), (17, 12), (19, 9), (24, 14), (15, 11), (15, 11), (15, 11),
    (1, -1), (1, 0), (1, 1), (6, 2), (4, -2), (0, -1), (-2, -3), (1, 0),
    // queen by square, a1 to h8 from its own side
    (-1, -8), (-5, -9), (-14, -9), (5, -5), (0, -8), (-4, -8), (-5, -8), (-4, -8),
    (3, -7), (-1, -4), (-8, -6), (16, -2), (0, -2), (5, -3), (5, -2), (-1, -8),
    (3, -7), (4, -3), (4, 2), (-3, 2), (14, 5), (18, 7), (2, -3), (0, -8),
    (5, -9), (8, -3), (0, 1), (7, 8), (7, 5), (2, 1), (1, -3), (4, -8),
    (0, -8), (3, -4), (4, 0), (5, 5), (15, 8), (5, 2), (6, -2), (1, -7),
    (-1, -9), (1, -3), (3, 2), (7, 2), (4, 2), (9, 3), (3, -3), (-4, -9),
    (-1, -8), (0, -5), (1, -4), (4, -2), (4, -2), (2, -3), (3, -3), (-2, -9),
    (-3, -9), (-1, -8), (1, -7), (1, -7), (1, -8), (0, -8), (1, -7), (1, -8),
    // king by square, a1 to h8 from its own side
    (14, -28), (33, -21), (26, -24), (-15, -29), (-1, -27), (-14, -39), (39, -19), (26, -20),
    (-15, -25), (-13, -11), (-15, -9), (-18, -7), (-24, -8), (-11, -5), (-12, -8), (-12, -26),
    (-30, -23), (-31, -12), (-30, 5), (-32, 0), (-29, 1), (-26, 8), (-29, -9), (-30, -22),
    (-40, -24), (-40, -6), (-41, 3), (-42, 13), (-42, 7), (-40, 0), (-40, -7), (-41, -24),
    (-50, -23), (-49, -7), (-50, 2), (-51, 16), (-52, 12), (-50, 7), (-50, -5), (-50, -25),
    (-60, -23), (-60, -8), (-60, 7), (-60, 7), (-59, 6), (-60, 7), (-60, -9), (-60, -24),
    (-60, -25), (-60, -10), (-60, -10), (-60, -8), (-60, -9), (-60, -9), (-60, -8), (-60, -24),
    (-60, -25), (-60, -25), (-60, -25), (-60, -24), (-60, -25), (-60, -25), (-60, -25), (-60, -25),
    // mobility per square beyond the normal reach, by piece
    (0, 0), (6, -6), (8, -1), (9, 1), (0, 2), (0, 0),
    // doubled, isolated, backward pawns
    (-2, -39), (-15, -4), (-10, -11),
    // passed pawn by rank
    (0, 0), (6, 16), (-4, 15), (7, 42), (31, 68), (53, 105), (80, 161), (0, 0),
    // passed pawn with a free path by rank
    (0, 0), (0, -1), (-5, 4), (-4, 11), (9, 27), (15, 37), (26, 60), (0, 0),
    // kings' race to a passed pawn's next square, per rank
    (-1, 4),
    // bishop pair, rook on an open, half-open file
    (32, 59), (31, -4), (15, 9),
    // king shield near, far, open file by the king
    (11, -6), (9, -8), (-20, 13),
    // king danger (attack weight squared / 16), attack weight
    (2, 0), (3, -3),
    // pieces attacked by a pawn, by the victim
    (1, 0), (13, 2), (16, 5), (2, 1), (2, 0), (0, 0),
    // pieces attacked by a knight or bishop, by the victim
    (4, 9), (4, 0), (10, 12), (10, 7), (11, 2), (0, 0),
    // pieces attacked by a rook, by the victim
    (-6, 16), (-6, 14), (6, 8), (0, 0), (4, 1), (0, 0),
    // hanging pieces (attacked, undefended), by the victim
    (11, 28), (7, 9), (13, 12), (6, 7), (8, 1), (0, 0),
    // outposts: knight, bishop
    (12, 14), (12, 6),
    // safe checks by the checking piece
    (0, 0), (12, 6), (5, 0), (11, 1), (19, 3), (0, 0),
    // passed pawn's next square guarded by the enemy only, per rank
    (-4, -9),
];
