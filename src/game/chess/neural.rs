//! A small neural evaluation of chess positions in the network layout of NNUE
//! engines: each side's pieces on their squares switch on 768 inputs, seen from
//! that side (reflected a-file to h-file when that side's king stands on files e-h,
//! so a network learns one king's side for both); one hidden layer of [`HIDDEN`]
//! units per side (the side to move's first) with squared clipped activations
//! (`clamp(x, 0, 1)²`; in integers `clamp(x, 0, QA)²` less its lowest bits, the
//! weighted sum exact and rounded to centipawns once), and an output layer chosen by
//! the material on the board. A position's hidden sums are built from those of the
//! position before the last move where they are still kept. Trained by
//! tools/nnue_train.rs on quiet positions scored by Stockfish's search; the
//! weights are integers, so the value is exact and the same on every machine.
//!
//! The network learns the classical evaluation's error, not the whole score: its
//! output is added to `strong`'s classical value. The classical terms (material,
//! king safety, pawns) were already fitted to Stockfish's scores; what is left for
//! the network is what a linear sum of them cannot say. Trained that way on the
//! same positions, it comes closer to Stockfish's scores in games it never saw than
//! a network that learns the whole score (docs/src/engines/chess-history.md gives
//! the losses).
//!
//! Why a network: the classical evaluation's terms are linear in hand-chosen
//! features; on held-out positions like its training data the network stays
//! closer to Stockfish's scores (tests/search/chess_neural.rs measures both). It plays as
//! `neural`; `strong` stays classical (docs/src/engines/chess.md).

use crate::game::GameError;
use std::cell::RefCell;
use std::sync::OnceLock;

use cozy_chess::{Board, Color, Piece, Square};

use super::{Chess, classical, endgame, mating};
use crate::game::{EvalTerm, Explanation};

/// Inputs per side: 2 colours (own, enemy) x 6 pieces x 64 squares.
pub const INPUTS: usize = 768;
/// Hidden units per side.
pub const HIDDEN: usize = 1024;

/// What `ply list` and the setup say of the `neural` evaluation, its sizes read
/// from [`INPUTS`] and [`HIDDEN`].
pub fn description() -> &'static str {
    static DESCRIPTION: OnceLock<String> = OnceLock::new();
    DESCRIPTION.get_or_init(|| {
        format!(
            "the classical evaluation corrected by a small neural network ({INPUTS} inputs a side, {HIDDEN} hidden units a side) trained on quiet positions scored by Stockfish's search"
        )
    })
}
/// The hidden layer's integer scale: a float input weight or bias w is stored as
/// round(w * QA), and a hidden sum of 1.0 (where the activation saturates) is QA.
/// Fine enough that rounding the weights moves a hidden sum by a few thousandths at
/// most; coarse enough that 33 of them within [`INPUT_WEIGHT_BOUND`] fit an i16.
pub const QA: i32 = 2048;
/// The largest input weight or bias a network file may hold: the trainer clips them
/// to ±0.48, ±983 once scaled by QA, so a bias and 32 pieces' weights sum within an
/// i16 whatever the position.
pub const INPUT_WEIGHT_BOUND: i16 = 983;
/// How many low bits of a squared clipped hidden sum (QA² at saturation) are dropped,
/// rounding, so an activation times an output weight fits an i32 with room for 32
/// of them.
pub const ACTIVATION_SHIFT: u32 = 8;
/// An activation of 1.0 in integers: QA² without its dropped bits.
pub const ACTIVATION_ONE: i32 = (QA * QA) >> ACTIVATION_SHIFT;
/// The output layer's integer scale: an output weight w is stored as round(w * QB).
pub const QB: i32 = 1024;
/// The integer scale of the output layer's sum and of its bias: activation times weight.
pub const OUTPUT_UNIT: i32 = ACTIVATION_ONE * QB;
/// The largest output weight a network file may hold: the trainer clips weights to
/// ±3.96, ±4055 once scaled by QB, and [`squared_clipped_dot`] sums its products in
/// an i32 trusting that bound. (At ±1.98, the bound before, 7% of the output
/// weights of a trained network sat on it.)
pub const OUTPUT_WEIGHT_BOUND: i16 = 4055;
const _: () = assert!(33 * INPUT_WEIGHT_BOUND as i32 <= i16::MAX as i32);
/// Centipawns per unit of the network's output.
pub const SCALE: i32 = 400;
/// The first bytes of a network file, naming its layout (K: each side reads the
/// board reflected so its king is on files a-d, and the output is added to the
/// classical evaluation, as in `R` files, which read it unreflected; 9: the scales
/// above, files ending in 8 had coarser ones).
pub const MAGIC: &[u8; 8] = b"PLY768K9";
/// Output layers, one for each band of material on the board: how much the hidden
/// units say depends on the stage of the game.
pub const OUTPUT_BUCKETS: usize = 8;

/// The network `neural` plays, written by tools/nnue_train.rs (docs/src/engines/chess.md
/// gives its data and the commands that made it).
static EMBEDDED: &[u8] = include_bytes!("nets/chess.nnue");

/// The integer weights of a network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// `INPUTS` rows of `HIDDEN` weights.
    input_weights: Vec<[i16; HIDDEN]>,
    input_bias: [i16; HIDDEN],
    /// By bucket: the side to move's hidden units' weights, then the other side's.
    output_weights: Vec<[i16; 2 * HIDDEN]>,
    output_bias: [i32; OUTPUT_BUCKETS],
}

/// Which output layer values `board`: the pieces on the board, kings included, in
/// eight bands of four (2-5, 6-9, ... 30-32).
pub fn output_bucket(board: &Board) -> usize {
    ((board.occupied().len() as usize).saturating_sub(2) / 4).min(OUTPUT_BUCKETS - 1)
}

/// Which input a piece switches on, seen from `perspective`: its colour relative
/// to the viewer, its kind and its square with the board turned so the viewer's
/// first rank is rank 1, and reflected a-file to h-file when `flip` is 7
/// ([`king_flip`]).
pub fn feature(
    perspective: Color,
    flip: usize,
    color: Color,
    piece: Piece,
    square: Square,
) -> usize {
    let relative = usize::from(color != perspective);
    let square = match perspective {
        Color::White => square as usize,
        Color::Black => square as usize ^ 56,
    };
    (relative * 6 + piece as usize) * 64 + (square ^ flip)
}

/// 7 when `perspective`'s king stands on files e to h, else 0: that side's inputs read
/// the board reflected a-file to h-file, so the network sees its own king on the
/// queen's side always.
pub fn king_flip(board: &Board, perspective: Color) -> usize {
    if board.king(perspective).file() as usize >= 4 {
        7
    } else {
        0
    }
}

/// The inputs on in `board` from `perspective`'s view, and how many there are (at
/// most 32: a legal position has no more pieces).
fn side_features(board: &Board, perspective: Color) -> ([u16; 32], usize) {
    let flip = king_flip(board, perspective);
    let mut features = [0u16; 32];
    let mut count = 0;
    for color in [Color::White, Color::Black] {
        for piece in Piece::ALL {
            for square in board.colored_pieces(color, piece) {
                if count == 32 {
                    return (features, count);
                }
                features[count] = feature(perspective, flip, color, piece, square) as u16;
                count += 1;
            }
        }
    }
    (features, count)
}

/// The inputs on in `board` from each side's view: the side to move's first.
pub fn active_features(board: &Board) -> ([u16; 32], [u16; 32], usize) {
    let mover = board.side_to_move();
    let (own, count) = side_features(board, mover);
    let (other, _) = side_features(board, !mover);
    (own, other, count)
}

impl Network {
    /// Reads a network file: [`MAGIC`], then little-endian i16 input weights
    /// (input by input), input biases, each bucket's output weights, and each
    /// bucket's i32 output bias.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, GameError> {
        let body = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or_else(|| GameError::new("not a ply chess network (bad magic)"))?;
        let shorts = INPUTS * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN;
        let size = shorts * 2 + OUTPUT_BUCKETS * 4;
        if body.len() != size {
            return Err(GameError::new(format!(
                "a chess network has {size} bytes after its magic, this one {}",
                body.len()
            )));
        }
        let mut values = body
            .chunks_exact(2)
            .take(shorts)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut row = || -> [i16; HIDDEN] { std::array::from_fn(|_| values.next().unwrap_or(0)) };
        let input_weights: Vec<[i16; HIDDEN]> = (0..INPUTS).map(|_| row()).collect();
        let input_bias = row();
        let output_weights = (0..OUTPUT_BUCKETS)
            .map(|_| {
                let mut weights = [0; 2 * HIDDEN];
                weights[..HIDDEN].copy_from_slice(&row());
                weights[HIDDEN..].copy_from_slice(&row());
                weights
            })
            .collect::<Vec<_>>();
        if out_of_bounds(
            input_weights.iter().flatten().chain(&input_bias),
            INPUT_WEIGHT_BOUND,
        ) {
            return Err(GameError::new(format!(
                "a chess network's input weights and biases lie within ±{INPUT_WEIGHT_BOUND}, this one's do not"
            )));
        }
        if out_of_bounds(output_weights.iter().flatten(), OUTPUT_WEIGHT_BOUND) {
            return Err(GameError::new(format!(
                "a chess network's output weights lie within ±{OUTPUT_WEIGHT_BOUND}, this one's do not"
            )));
        }
        let mut tail = body[shorts * 2..].chunks_exact(4);
        let output_bias = std::array::from_fn(|_| {
            tail.next()
                .map_or(0, |b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        });
        Ok(Network {
            input_weights,
            input_bias,
            output_weights,
            output_bias,
        })
    }

    /// The network's correction to the classical value of `board` for the side to
    /// move, in centipawns, from scratch and from the inputs the trainer reads
    /// ([`active_features`]), so tests can hold the kept sums of
    /// [`Network::evaluate_game`] against it.
    pub fn evaluate(&self, board: &Board) -> i32 {
        let (own, other, count) = active_features(board);
        let own = self.accumulate(&own[..count]);
        let other = self.accumulate(&other[..count]);
        self.output(output_bucket(board), &own, &other)
    }

    /// The value from the hidden sums of the side to move and of the other side,
    /// through output layer `bucket`.
    fn output(&self, bucket: usize, own: &[i16; HIDDEN], other: &[i16; HIDDEN]) -> i32 {
        let (own_weights, other_weights) = self.output_weights[bucket].split_at(HIDDEN);
        let sum = squared_clipped_dot(own, own_weights) + squared_clipped_dot(other, other_weights);
        centipawns(sum + i64::from(self.output_bias[bucket]))
    }

    /// Both views' hidden sums of `board` (White's, Black's), from scratch.
    fn views(&self, board: &Board) -> [[i16; HIDDEN]; 2] {
        [Color::White, Color::Black].map(|perspective| self.view(board, perspective))
    }

    /// One side's hidden sums of `board`, from scratch.
    fn view(&self, board: &Board, perspective: Color) -> [i16; HIDDEN] {
        let (features, count) = side_features(board, perspective);
        self.accumulate(&features[..count])
    }

    /// Turns both views' hidden sums of `parent` into those of `board`: only
    /// the pieces that left or reached a square change them (two to four after a
    /// move).
    /// A side whose king crossed between the d- and e-files reads the board the
    /// other way round now: its sums are built from scratch.
    fn update_views(&self, parent: &Board, sums: &mut [[i16; HIDDEN]; 2], board: &Board) {
        for (view, perspective) in sums.iter_mut().zip([Color::White, Color::Black]) {
            let flip = king_flip(board, perspective);
            if flip != king_flip(parent, perspective) {
                *view = self.view(board, perspective);
                continue;
            }
            for color in [Color::White, Color::Black] {
                for piece in Piece::ALL {
                    let before = parent.colored_pieces(color, piece);
                    let after = board.colored_pieces(color, piece);
                    for (squares, sign) in [(before - after, -1), (after - before, 1)] {
                        for square in squares {
                            let input = feature(perspective, flip, color, piece, square);
                            self.add_row(view, input, sign);
                        }
                    }
                }
            }
        }
    }

    /// Adds (`sign` 1) or takes away (-1) one input's row.
    fn add_row(&self, sums: &mut [i16; HIDDEN], input: usize, sign: i16) {
        for (sum, weight) in sums.iter_mut().zip(&self.input_weights[input]) {
            *sum = sum.wrapping_add(weight.wrapping_mul(sign));
        }
    }

    /// The network's correction for the game's position, the same as
    /// [`Network::evaluate`], but the hidden sums are built from the position
    /// before the last move where [`RecentViews`] still holds it.
    pub fn evaluate_game(&self, game: &Chess) -> i32 {
        let board = game.board();
        let bucket = output_bucket(board);
        RECENT.with_borrow_mut(|recent| {
            let [white, black] = recent.views_of(self, board, game.previous_board());
            match board.side_to_move() {
                Color::White => self.output(bucket, white, black),
                Color::Black => self.output(bucket, black, white),
            }
        })
    }

    /// The hidden layer's inputs for one side: the bias plus each active input's row.
    fn accumulate(&self, features: &[u16]) -> [i16; HIDDEN] {
        let mut sums = self.input_bias;
        for &index in features {
            self.add_row(&mut sums, usize::from(index), 1);
        }
        sums
    }
}

/// Σ activation · w over the hidden units, where the activation is clamp(h, 0, QA)²
/// to [`ACTIVATION_SHIFT`] bits fewer, rounded: the float network squares the
/// clipped sum without rounding, so the integer one keeps all but the square's
/// lowest bits (dropping 8 of 16 at the old, coarser scales moved values by 7
/// centipawns on average). An activation is at most [`ACTIVATION_ONE`] and a weight
/// ±[`OUTPUT_WEIGHT_BOUND`], so 32 products fit an i32; the chunks' sums add up in
/// an i64.
fn squared_clipped_dot(hidden: &[i16; HIDDEN], weights: &[i16]) -> i64 {
    const CHUNK: usize = 32;
    const { assert!(HIDDEN.is_multiple_of(CHUNK)) };
    const {
        assert!(
            CHUNK as i64 * ACTIVATION_ONE as i64 * OUTPUT_WEIGHT_BOUND as i64 <= i32::MAX as i64
        )
    };
    const HALF: i32 = 1 << (ACTIVATION_SHIFT - 1);
    hidden
        .chunks_exact(CHUNK)
        .zip(weights.chunks_exact(CHUNK))
        .map(|(hidden, weights)| {
            let chunk: i32 = hidden
                .iter()
                .zip(weights)
                .map(|(&h, &w)| {
                    let clipped = i32::from(h.clamp(0, QA as i16));
                    ((clipped * clipped + HALF) >> ACTIVATION_SHIFT) * i32::from(w)
                })
                .sum();
            i64::from(chunk)
        })
        .sum()
}

/// An output in units of 1 / [`OUTPUT_UNIT`] (activations times output weights) to
/// the nearest centipawn: rounded once, at the end.
fn centipawns(output: i64) -> i32 {
    let unit = i64::from(OUTPUT_UNIT);
    (output * i64::from(SCALE) + unit / 2).div_euclid(unit) as i32
}

/// Whether any of `weights` lies past ±`bound`.
fn out_of_bounds<'a>(mut weights: impl Iterator<Item = &'a i16>, bound: i16) -> bool {
    weights.any(|weight| weight.unsigned_abs() > bound.unsigned_abs())
}

/// The hidden sums of recently evaluated positions by hash, one slot per hash's
/// low bits: a position's sums come from its parent's by a few rows instead of
/// all of its pieces' rows. Integer sums, so the value does not depend on which path
/// built them.
struct RecentViews {
    hashes: Vec<u64>,
    views: Vec<[[i16; HIDDEN]; 2]>,
}

/// Slots of [`RecentViews`] (a power of two): 32 MiB a thread at 1024 hidden units.
const RECENT_SLOTS: usize = 1 << 13;

impl RecentViews {
    fn new() -> RecentViews {
        RecentViews {
            hashes: vec![0; RECENT_SLOTS],
            views: vec![[[0; HIDDEN]; 2]; RECENT_SLOTS],
        }
    }

    /// The slot `hash` would be kept in.
    fn slot(hash: u64) -> usize {
        hash as usize & (RECENT_SLOTS - 1)
    }

    /// The slot holding `hash`'s sums, if it still does.
    fn find(&self, hash: u64) -> Option<usize> {
        let slot = Self::slot(hash);
        (self.hashes[slot] == hash && hash != 0).then_some(slot)
    }

    /// The hidden sums of `board`, kept, else built in their slot from those of
    /// `parent` where kept, else from scratch: built in place, so that a
    /// position's kilobyte of sums is copied once at most (from its parent's slot).
    fn views_of(
        &mut self,
        network: &Network,
        board: &Board,
        parent: Option<&Board>,
    ) -> &[[i16; HIDDEN]; 2] {
        let hash = board.hash();
        let slot = Self::slot(hash);
        if self.find(hash).is_none() {
            let parent_slot = parent.and_then(|p| Some((p, self.find(p.hash())?)));
            match parent_slot {
                Some((parent, from)) => {
                    if from != slot {
                        self.views[slot] = self.views[from];
                    }
                    network.update_views(parent, &mut self.views[slot], board);
                }
                None => self.views[slot] = network.views(board),
            }
            self.hashes[slot] = hash;
        }
        &self.views[slot]
    }
}

thread_local! {
    static RECENT: RefCell<RecentViews> = RefCell::new(RecentViews::new());
}

/// The neural value from White's view, taken apart: the classical evaluation's
/// terms, then the network's correction: what the hidden units of White's view of
/// the board add, what those of Black's view add (each side's view weighs as the
/// side to move's or the other's), and the output's bias with the rounding.
/// `ply eval --explain` and the explorer show it.
pub fn explain_neural(game: &Chess) -> Explanation {
    let net = network();
    let board = game.board();
    if let Some(bonus) = mating::mating_bonus(board) {
        return explain_mating(game, bonus);
    }
    let views = net.views(board);
    let mover = board.side_to_move();
    let bucket = output_bucket(board);
    let total = net.output(bucket, &views[mover as usize], &views[!mover as usize]);
    let for_white = |value: i32| if mover == Color::White { value } else { -value };
    let (own_weights, other_weights) = net.output_weights[bucket].split_at(HIDDEN);
    let view_centipawns =
        |view: &[i16; HIDDEN], weights: &[i16]| centipawns(squared_clipped_dot(view, weights));
    let units_on = |view: &[i16; HIDDEN]| view.iter().filter(|&&sum| sum > 0).count() as i32;
    let mut points = [0; 2];
    for color in [Color::White, Color::Black] {
        let weights = if color == mover {
            own_weights
        } else {
            other_weights
        };
        points[color as usize] = for_white(view_centipawns(&views[color as usize], weights));
    }
    let mut terms = classical::explain_classical(game).terms;
    terms.extend([
        EvalTerm {
            name: "network: hidden units on, White's view".into(),
            first: units_on(&views[0]),
            second: 0,
            points: points[0],
        },
        EvalTerm {
            name: "network: hidden units on, Black's view".into(),
            first: 0,
            second: units_on(&views[1]),
            points: points[1],
        },
        EvalTerm {
            name: "network: output bias and rounding".into(),
            first: 0,
            second: 0,
            points: for_white(total) - points[0] - points[1],
        },
    ]);
    let unscaled = classical::classical(game) + total;
    let kept = endgame::scaled(board, unscaled);
    if kept != unscaled {
        let share = endgame::share(board, unscaled);
        terms.push(EvalTerm {
            name: format!(
                "drawish ending: {share}/{} of the value kept",
                endgame::FULL
            ),
            first: 0,
            second: 0,
            points: for_white(kept - unscaled),
        });
    }
    Explanation::sum_of(terms)
}

/// [`explain_neural`] of a lone king against mating material: the material and the
/// mating method's bonus, nothing else (see mating.rs).
fn explain_mating(game: &Chess, bonus: i32) -> Explanation {
    let mut terms = super::eval::explain_material(game).terms;
    terms.push(EvalTerm {
        name: "mating a lone king: driven to the edge (or the bishop's corner), kings close".into(),
        first: 0,
        second: 0,
        points: match game.board().side_to_move() {
            Color::White => bonus,
            Color::Black => -bonus,
        },
    });
    Explanation::sum_of(terms)
}

/// The embedded network, read once.
pub fn network() -> &'static Network {
    static NETWORK: OnceLock<Network> = OnceLock::new();
    NETWORK.get_or_init(|| {
        Network::from_bytes(EMBEDDED).expect("the embedded chess network is well formed")
    })
}

/// The neural evaluation of the position for the side to move: chess's `neural`,
/// the classical value corrected by the network; drawish endings keep only a share
/// of it (endgame.rs). A lone king against mating material is valued by the
/// material and the mating method alone (mating.rs).
pub fn neural(game: &Chess) -> i32 {
    if let Some(bonus) = mating::mating_bonus(game.board()) {
        return super::eval::material(game) + bonus;
    }
    let value = classical::classical(game) + network().evaluate_game(game);
    endgame::scaled(game.board(), value)
}
