//! Weights for [`super::weighted`] fitted to Fairy-Stockfish's scores
//! (examples/xiangqi_fit.rs wrote this file).
//!
//! Positions: 1,200 self-play games of ply's strong evaluation (then hand-set) at 1,500 nodes a move (ply match, max 300 plies) from
//! the 30 openings of tests/data/xiangqi-openings.txt, each followed by 6 seeded random plies
//! (xiangqi_fit openings --count 1200 --random-plies 6 --seed 1); every second position after ply 8 whose
//! side to move is not in check, each once (xiangqi_fit positions --every 2 --skip-plies 8): the positions
//! of fitted.rs and 28,483 more from the same games.
//! Labels: scripts/xiangqi-label.py --depth 7 (Fairy-Stockfish, Threads 1, go depth 7).
//! Features: weighted.rs's 35, and a correction per kind and point (--tables), each kind's average
//! correction moved into its material weight.
//! Data: 70838 positions labelled by Fairy-Stockfish 11.1 (UCI_Variant xiangqi), of which
//! 58801 quiet (best move not a capture, |score| <= 2000, no mate) were used: 52921 to fit,
//! 5880 (every tenth) held out. Target: 1 / (1 + 10^(-score / 400)) from Red's view.
//! Model: sigmoid(K * value), K = 0.003156 per centipawn fitted to the hand-set weights.
//! Mean squared error, hand-set: train 0.020793, held-out 0.020903;
//! fitted: train 0.013591, held-out 0.013392 (full-batch Adam, 1500 epochs, rate 2).
//! Command: cargo run --release --example xiangqi_fit -- fit --epochs 1500 --rate 2 --tables LABELS

use super::weighted::{Corrections, Weights};

/// The fitted weights, in sixteenths of a centipawn, one per feature.
#[rustfmt::skip]
pub const CORRECTED: Weights = [
    22417, // chariots
    12712, // cannons
    8757, // horses
    4817, // advisors
    4373, // elephants
    1712, // soldiers
    415, // soldiers over the river
    -809, // chariots x endgame share
    -579, // cannons x endgame share
    -313, // horses x endgame share
    -286, // advisors x endgame share
    -255, // elephants x endgame share
    -16, // soldiers x endgame share
    -81, // soldiers over the river x endgame share
    32, // general's placement (table)
    31, // advisors' placement (table)
    47, // elephants' placement (table)
    24, // horses' placement (table)
    36, // chariots' placement (table)
    215, // cannons' placement (table)
    20, // soldiers' placement (table)
    48, // chariot moves
    208, // horse moves (blocked legs cost moves)
    41, // cannon moves
    -228, // trapped horses (one move or none)
    392, // empty-headed cannons on the enemy general's file
    727, // cannons behind two screens on the enemy general's file
    -1149, // missing advisors
    -142, // missing advisors x enemy chariots and horses
    -768, // missing elephants
    40, // missing elephants x enemy cannons
    611, // guard pairs guarding each other
    -603, // general's file open, enemy chariot on the board
    28, // attack on the enemy palace (weighted moves into it squared / 8)
    1417, // side to move
];

/// The fitted piece-square corrections, in sixteenths of a centipawn, by kind
/// (general, advisor, elephant, horse, chariot, cannon, soldier), then file (a to e)
/// and rank from the owner's side.
#[rustfmt::skip]
pub const CORRECTED_CORRECTIONS: Corrections = [
    [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        20, -618, -434, 0, 0, 0, 0, 0, 0, 0,
        166, -612, -228, 0, 0, 0, 0, 0, 0, 0,
    ],
    [
        -628, -628, -628, -628, -628, -628, -628, -628, -628, -628,
        -628, -628, -628, -628, -628, -628, -628, -628, -628, -628,
        -628, -628, -628, -628, -628, -628, -628, -628, -628, -628,
        74, -628, 9, -628, -628, -628, -628, -628, -628, -628,
        -628, -151, -628, -628, -628, -628, -628, -628, -628, -628,
    ],
    [
        -533, -533, -65, -533, -533, -533, -533, -533, -533, -533,
        -533, -533, -533, -533, -533, -533, -533, -533, -533, -533,
        -11, -533, -533, -533, 2, -533, -533, -533, -533, -533,
        -533, -533, -533, -533, -533, -533, -533, -533, -533, -533,
        -533, -533, 32, -533, -533, -533, -533, -533, -533, -533,
    ],
    [
        -1282, -652, -8, -614, -1679, 409, -524, 1289, 431, -165,
        -734, 224, -356, -395, -98, 206, 1054, 284, 372, 171,
        -887, -369, 238, -178, 831, -56, -187, -169, 501, 380,
        1040, 202, 260, 174, 433, 435, 149, -353, 68, 1025,
        1672, -46, 359, 449, 363, 192, -226, 1043, 1397, 829,
    ],
    [
        -576, -384, -366, -40, 271, 226, 235, 679, 418, 265,
        -61, -510, -22, 355, -204, -96, 638, -40, 255, -187,
        4, -595, 17, 441, 485, 366, 844, 667, 630, 140,
        500, 61, 862, 262, 346, -90, 554, 652, 54, -529,
        1470, -780, -460, 403, 563, 780, 681, 1368, 836, 1019,
    ],
    [
        -660, 722, 452, 1137, 1226, 797, 515, 937, -40, -334,
        -448, -141, 79, 369, 600, -250, -70, -2, -237, -303,
        501, 332, -136, 841, 427, -887, 199, 197, 19, 120,
        -91, -81, -216, 389, 137, -37, 268, 1378, 1561, 45,
        -444, 308, -892, -420, -568, 70, -328, 18, 430, 1608,
    ],
    [
        -76, -76, -76, -386, 192, 343, 177, -390, -61, -409,
        -76, -76, -76, -76, -76, 153, 80, -262, -583, 626,
        -76, -76, -76, -202, 463, 212, 376, 156, 229, 1324,
        -76, -76, -76, -76, -76, 536, 448, 1076, 329, -285,
        -76, -76, -76, 678, 449, 307, 642, 2067, 2516, -1132,
    ],
];
