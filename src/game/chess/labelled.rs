//! The Texel-tuned weights of chess's `classical` evaluation, written by
//! examples/texel.rs: do not edit by hand, run it again.
//!
//! Method (Texel tuning): 11898 self-play games of ply's own engine
//! (scripts/texel-selfplay.py: a line of tests/data/chess/openings.txt and four random
//! plies, then `engine:strong:nodes=3000` on both sides (the hand-set weights then) in 4000 games, `engine:tuned:nodes=3000` (an earlier fit's weights) in 7898 more). Every position after the first 16 plies that is quiet (not in check,
//! no capture or promotion winning by static exchange) is kept, one in 7
//! (`--dump-every`), and scored by Stockfish 15.1, Threads 1, depth 8 (scripts/texel-label.py);
//! its target is 0 times its game's result plus 1.00 times Stockfish's
//! score as an expected result, 1 / (1 + 10^(-S * score / 400)) with S = 0.5761
//! fitted to the training games' results: 84307 training positions and 9542
//! held out (every tenth game).
//! Starting from the `tuned` weights, K of the sigmoid 1 / (1 + 10^(-K * eval / 400))
//! was fitted (0.6802), then the mean squared error of
//! sigmoid(eval) against the targets, plus 0 times the squared distance of the
//! weights from the start, minimised by full-batch Adam (300 epochs, rate 2,
//! piece-square values tuned), keeping the best weights (`best`: lowest held-out
//! error, checked every 10 epochs). Error before: train 0.008529, held-out 0.008524;
//! after (rounded weights): train 0.007424, held-out 0.007571.
//!
//! Reproduce: scripts/texel-selfplay.py --out games.jsonl --openings-count 11898, then
//! cargo run --release --example texel -- --games games.jsonl --dump positions.tsv
//! --dump-every 7; scripts/texel-label.py --in positions.tsv --out labels.tsv;
//! cargo run --release --example texel -- --labels labels.tsv --lambda 0
//! --const LABELLED --start tuned --epochs
//! 300 --rate 2 --squares tuned --l2 0 --keep best

use super::weights::Weights;

/// Tuned weights of the classical evaluation, in the layout of weights.rs.
#[rustfmt::skip]
pub const LABELLED: Weights = [
    // material: pawn, knight, bishop, rook, queen, king
    (69, 92), (369, 281), (382, 297), (460, 521), (867, 968), (0, 0),
    // pawn by square, a1 to h8 from its own side
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (4, 5), (6, 5), (5, 3), (-23, 0), (-4, 10), (13, 9), (21, 2), (-9, 7),
    (2, 5), (-3, 15), (9, -2), (4, 5), (10, 3), (2, 11), (13, 2), (-8, 8),
    (3, 9), (-5, 19), (17, 4), (25, -5), (25, -7), (20, -3), (-3, 7), (-7, 4),
    (3, 18), (8, 26), (17, 2), (27, 6), (33, 2), (32, 1), (16, 8), (3, 17),
    (-1, 41), (18, 20), (39, 25), (57, 0), (16, 39), (47, 23), (42, 39), (40, 10),
    (94, -26), (-99, 43), (-2, 45), (38, 4), (35, 19), (-20, 58), (-44, 28), (-18, 12),
    (14, 36), (14, 36), (14, 36), (14, 36), (14, 36), (14, 36), (14, 36), (14, 36),
    // knight by square, a1 to h8 from its own side
    (-52, -72), (-18, -15), (-13, -26), (-27, -3), (-8, -24), (45, -28), (-17, -31), (-15, -93),
    (-13, -60), (-6, -12), (7, 5), (4, 3), (12, -9), (-1, -27), (16, -27), (-9, -16),
    (-13, -2), (2, 4), (7, 16), (24, 14), (23, 19), (12, -2), (4, -4), (-15, -11),
    (2, -25), (3, 0), (29, 12), (14, 18), (20, 21), (21, 3), (-19, 1), (-13, -13),
    (6, 0), (18, 6), (-14, 18), (25, 15), (18, 18), (15, 4), (15, -16), (14, 8),
    (-75, 27), (1, 7), (-10, 28), (24, 24), (12, 30), (32, -7), (-26, 19), (34, -24),
    (-53, -17), (-52, -4), (8, 17), (-8, 15), (-104, 75), (3, 6), (-8, -12), (-70, -58),
    (-95, -70), (-109, 18), (-92, 7), (-132, 37), (-78, 19), (-113, -6), (-91, -46), (-111, -71),
    // bishop by square, a1 to h8 from its own side
    (-9, -49), (15, -29), (7, -18), (-26, -17), (-21, -6), (1, -12), (17, 0), (-17, 1),
    (13, 9), (28, -18), (34, -19), (12, -15), (22, -12), (39, -28), (43, -20), (39, 37),
    (15, -3), (41, -10), (21, 5), (21, -4), (21, 5), (21, -12), (24, 8), (16, -19),
    (3, -9), (-8, 3), (25, 1), (41, -15), (19, -13), (11, 8), (22, -9), (16, -21),
    (0, -12), (9, -1), (-2, -4), (27, -1), (23, -1), (3, -4), (10, -2), (-11, -1),
    (3, 3), (36, 9), (13, -2), (15, -8), (-14, 14), (57, -8), (35, -20), (8, -6),
    (-54, 0), (-21, -3), (-30, 15), (-4, 1), (-26, 1), (-31, 22), (-71, 21), (-11, -11),
    (-74, 46), (-44, 9), (-83, 12), (-62, -5), (-99, 26), (-7, 2), (30, 29), (77, -81),
    // rook by square, a1 to h8 from its own side
    (-2, -4), (5, -11), (9, -8), (18, -15), (18, -15), (12, -7), (-19, -6), (-9, -17),
    (-26, 2), (-15, -6), (-16, -4), (-7, -4), (1, -5), (6, -15), (-3, -7), (-40, 0),
    (-24, 9), (-22, -2), (4, -1), (-23, 8), (-2, -9), (-11, 0), (-6, -19), (-11, -10),
    (-7, 4), (9, 5), (-6, 11), (-41, 5), (-21, -1), (-8, -3), (-21, 13), (-10, 3),
    (-24, 22), (-9, 3), (1, 3), (-25, 22), (-27, 7), (-11, -5), (21, -1), (-20, 7),
    (-10, 21), (-16, 12), (15, 12), (36, -1), (47, -5), (1, 3), (-28, 13), (-7, 5),
    (29, 2), (1, 24), (14, 15), (12, 26), (47, -12), (85, -19), (31, 2), (-14, 7),
    (-56, 38), (24, 9), (-23, 27), (-31, 40), (-54, 27), (23, -3), (-20, 51), (121, -36),
    // queen by square, a1 to h8 from its own side
    (-15, -86), (-11, -69), (5, -75), (6, -80), (8, -30), (-30, -41), (-15, -82), (32, -66),
    (-29, 36), (-3, -29), (5, -69), (-1, -29), (7, -41), (-4, -45), (-8, -7), (-49, -24),
    (-21, -47), (-23, 16), (-9, 24), (-18, 2), (-23, 63), (-7, 4), (-11, 27), (-17, -21),
    (-16, -7), (-45, 45), (-23, 29), (-4, -7), (-2, -1), (-29, 41), (-17, -21), (-11, -49),
    (-61, 51), (-23, 29), (-44, 61), (-15, 18), (-12, 30), (-35, 64), (-37, 82), (-17, 52),
    (-15, -16), (-21, 21), (-24, -4), (-6, 19), (-35, 72), (58, 19), (-17, 39), (3, 54),
    (-73, 78), (-64, 33), (-57, 88), (-53, 82), (-24, 13), (31, 81), (-12, -24), (26, -98),
    (-80, 67), (31, -61), (48, -21), (48, 64), (-95, 94), (21, -27), (37, -8), (-17, -70),
    // king by square, a1 to h8 from its own side
    (-17, -30), (26, -45), (25, -31), (-24, -23), (19, -45), (-14, -34), (33, -41), (19, -57),
    (51, -51), (13, -33), (-12, -17), (-21, -20), (-27, -12), (6, -20), (37, -36), (37, -44),
    (-151, 12), (3, -7), (20, -30), (-40, -8), (-62, -1), (-50, -7), (-41, -19), (-71, -12),
    (-124, -22), (-109, 8), (-6, -16), (-132, 16), (-126, 1), (-73, -3), (-103, 5), (-165, 7),
    (-91, -20), (39, -2), (-41, 0), (-172, 22), (-122, -5), (-102, 30), (-108, 16), (-111, 30),
    (49, -38), (-7, 19), (-116, 13), (-48, 48), (-91, 28), (-63, 70), (-46, 38), (-96, 2),
    (42, -63), (-114, 17), (29, 12), (3, 18), (-45, 54), (-119, 90), (-183, 93), (54, 71),
    (-82, -129), (42, -65), (-56, -44), (-180, 59), (2, -105), (44, 83), (6, 16), (-124, -93),
    // mobility per square beyond the normal reach, by piece
    (0, 0), (8, -4), (7, 2), (6, 4), (3, 0), (0, 0),
    // doubled, isolated, backward pawns
    (-7, -19), (-14, -8), (-9, -16),
    // passed pawn by rank
    (0, 0), (5, 0), (-11, 4), (-7, 46), (4, 79), (1, 116), (50, 145), (0, 0),
    // passed pawn with a free path by rank
    (0, 0), (-23, 12), (-30, 18), (-43, 25), (-27, 34), (-14, 73), (68, 128), (0, 0),
    // kings' race to a passed pawn's next square, per rank
    (-2, 5),
    // bishop pair, rook on an open, half-open file
    (25, 50), (39, -12), (27, -7),
    // king shield near, far, open file by the king
    (19, -13), (14, -5), (-19, 2),
    // king danger (attack weight squared / 16), attack weight
    (3, -1), (4, -2),
    // pieces attacked by a pawn, by the victim
    (17, -18), (51, -3), (57, 4), (44, 39), (39, 48), (0, 0),
    // pieces attacked by a knight or bishop, by the victim
    (-6, 13), (28, 28), (43, 28), (44, 21), (30, 68), (0, 0),
    // pieces attacked by a rook, by the victim
    (-18, 18), (-2, 39), (11, 28), (-106, 43), (76, 18), (0, 0),
    // hanging pieces (attacked, undefended), by the victim
    (-15, 28), (7, 13), (-9, 20), (17, -9), (-2, -68), (0, 0),
    // outposts: knight, bishop
    (29, 22), (29, 7),
    // safe checks by the checking piece
    (0, 0), (54, -2), (12, 20), (80, -13), (40, 0), (0, 0),
    // passed pawn's next square guarded by the enemy only, per rank
    (3, -10),
];
