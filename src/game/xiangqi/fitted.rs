//! Weights for [`super::weighted`] fitted to Fairy-Stockfish's scores
//! (examples/xiangqi_fit.rs wrote this file).
//!
//! Positions: 1,200 self-play games of ply's strong evaluation at 1,500 nodes a move (ply match, max 300 plies) from
//! the 30 openings of tests/data/xiangqi-openings.txt, each followed by 6 seeded random plies
//! (xiangqi_fit openings --count 1200 --random-plies 6 --seed 1); every second position after ply 8 whose
//! side to move is not in check, each once (xiangqi_fit positions --every 2 --skip-plies 8).
//! Labels: scripts/xiangqi-label.py --depth 7 (Fairy-Stockfish, Threads 1, go depth 7).
//! Data: 40855 positions labelled by Fairy-Stockfish 11.1 (UCI_Variant xiangqi), of which
//! 33811 quiet (best move not a capture, |score| <= 2000, no mate) were used: 30430 to fit,
//! 3381 (every tenth) held out. Target: 1 / (1 + 10^(-score / 400)) from Red's view.
//! Model: sigmoid(K * value), K = 0.003136 per centipawn fitted to the hand-set weights.
//! Mean squared error, hand-set: train 0.020876, held-out 0.021159;
//! fitted: train 0.014405, held-out 0.014230 (full-batch Adam, 3000 epochs, rate 2).
//! Command: cargo run --release --example xiangqi_fit -- fit --epochs 3000 --rate 2 LABELS
//! Kept because it won its match against the hand-set weights (docs/src/engines/ledger.md).

use super::weighted::Weights;

/// The fitted weights, in sixteenths of a centipawn, one per feature.
#[rustfmt::skip]
pub const FITTED: Weights = [
    22253, // chariots
    13131, // cannons
    8803, // horses
    4165, // advisors
    4228, // elephants
    1871, // soldiers
    -95, // soldiers over the river
    -768, // chariots x endgame share
    -579, // cannons x endgame share
    -343, // horses x endgame share
    -232, // advisors x endgame share
    -275, // elephants x endgame share
    -26, // soldiers x endgame share
    -85, // soldiers over the river x endgame share
    64, // general's placement (table)
    11, // advisors' placement (table)
    51, // elephants' placement (table)
    45, // horses' placement (table)
    71, // chariots' placement (table)
    104, // cannons' placement (table)
    29, // soldiers' placement (table)
    24, // chariot moves
    227, // horse moves (blocked legs cost moves)
    37, // cannon moves
    -326, // trapped horses (one move or none)
    561, // empty-headed cannons on the enemy general's file
    762, // cannons behind two screens on the enemy general's file
    -1125, // missing advisors
    -264, // missing advisors x enemy chariots and horses
    -1156, // missing elephants
    31, // missing elephants x enemy cannons
    516, // guard pairs guarding each other
    -727, // general's file open, enemy chariot on the board
    28, // attack on the enemy palace (weighted moves into it squared / 8)
    1376, // side to move
];
