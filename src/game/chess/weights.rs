//! The weights of chess's `classical` evaluation as one flat vector, so a tuner can
//! fit them (examples/texel.rs): the evaluation names each feature by its index
//! here and counts it, and the value is the dot product of counts and weights.
//! [`HANDSET`] holds the hand-set values (the piece-square tables built from
//! formulas of centrality and advancement); the tuned ones live in `tuned.rs`.

/// A middlegame and an endgame weight, in centipawns.
pub type Weight = (i32, i32);
/// Every weight of the evaluation, indexed by the constants below.
pub type Weights = [Weight; PARAMS];

/// Material by `Piece as usize`.
pub const MATERIAL: usize = 0;
/// Piece-square values: `PIECE_SQUARE + 64 * piece + square`, the square seen
/// from the piece's own side (rank 1 is home).
pub const PIECE_SQUARE: usize = MATERIAL + 6;
/// Per square reached beyond the normal reach, by `Piece as usize`.
pub const MOBILITY: usize = PIECE_SQUARE + 6 * 64;
/// Per extra pawn on a file.
pub const DOUBLED: usize = MOBILITY + 6;
/// Per pawn with no own pawn on the files next to it.
pub const ISOLATED: usize = DOUBLED + 1;
/// Per pawn left behind its neighbours with its next square guarded by an enemy pawn.
pub const BACKWARD: usize = ISOLATED + 1;
/// A passed pawn by its rank from its own side.
pub const PASSED: usize = BACKWARD + 1;
/// A passed pawn with nothing in front of it, by its rank.
pub const FREE_PATH: usize = PASSED + 8;
/// Per rank of a passed pawn times the squares the enemy king is further from its
/// next square than the own king.
pub const KING_RACE: usize = FREE_PATH + 8;
/// Two bishops or more.
pub const BISHOP_PAIR: usize = KING_RACE + 1;
/// A rook on a file with no pawns, or with only enemy pawns.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// A rook on a file with only enemy pawns.
pub const ROOK_HALF_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// Own pawns one and two squares in front of a king on its first two ranks, and
/// files around it without own pawns.
pub const SHIELD_NEAR: usize = ROOK_HALF_OPEN_FILE + 1;
/// Own pawns two squares in front of the king.
pub const SHIELD_FAR: usize = SHIELD_NEAR + 1;
/// Files around the king without own pawns.
pub const OPEN_NEAR_KING: usize = SHIELD_FAR + 1;
/// The attack on the enemy king's zone once two pieces join it: counted as the
/// square of the attack's weight over 16 (capped), and as the weight itself.
pub const KING_DANGER: usize = OPEN_NEAR_KING + 1;
/// The attack's weight itself, beside its square in [`KING_DANGER`].
pub const KING_ATTACK: usize = KING_DANGER + 1;
/// An enemy piece attacked by one of our pawns, by the victim's `Piece as usize`:
/// a threat the side attacked must answer at once.
pub const THREAT_BY_PAWN: usize = KING_ATTACK + 1;
/// An enemy piece attacked by one of our knights or bishops, by the victim.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 6;
/// An enemy piece attacked by one of our rooks, by the victim.
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 6;
/// An enemy piece we attack that nothing of theirs defends, by the victim.
pub const HANGING: usize = THREAT_BY_ROOK + 6;
/// A knight, a bishop on the enemy's half guarded by an own pawn where no enemy pawn
/// can ever chase it.
pub const OUTPOST: usize = HANGING + 6;
/// Squares from which a piece of ours could give check and that the enemy does not
/// guard, by the checking piece.
pub const SAFE_CHECK: usize = OUTPOST + 2;
/// Per rank of a passed pawn whose next square the enemy guards and we do not.
pub const PASSED_STOP_GUARDED: usize = SAFE_CHECK + 6;
/// How many weights there are.
pub const PARAMS: usize = PASSED_STOP_GUARDED + 1;

/// The hand-set weights: textbook chess knowledge (a knight on the rim is dim,
/// rooks belong on open files and the seventh rank, the king hides in the
/// middlegame and walks to the centre in the endgame, passed pawns grow with each
/// rank), piece-square values from formulas rather than typed in. The tuner
/// starts from them; the terms added since (threats, hanging pieces, outposts,
/// safe checks, a guarded stop square) are 0 here.
pub const HANDSET: Weights = handset();

const fn handset() -> Weights {
    let mut w = [(0, 0); PARAMS];
    let material = [
        (85, 110),
        (320, 300),
        (330, 320),
        (470, 540),
        (960, 980),
        (0, 0),
    ];
    let mobility = [(0, 0), (4, 4), (5, 5), (2, 4), (1, 2), (0, 0)];
    let passed = [
        (0, 0),
        (5, 12),
        (8, 18),
        (15, 32),
        (28, 55),
        (50, 95),
        (80, 150),
        (0, 0),
    ];
    let free_path = [0, 0, 0, 5, 12, 25, 45, 0];
    let mut i = 0;
    while i < 6 {
        w[MATERIAL + i] = material[i];
        w[MOBILITY + i] = mobility[i];
        let mut square = 0;
        while square < 64 {
            w[PIECE_SQUARE + 64 * i + square] = square_value(i, square);
            square += 1;
        }
        i += 1;
    }
    let mut rank = 0;
    while rank < 8 {
        w[PASSED + rank] = passed[rank];
        w[FREE_PATH + rank] = (free_path[rank] / 2, free_path[rank]);
        rank += 1;
    }
    w[DOUBLED] = (-12, -25);
    w[ISOLATED] = (-12, -18);
    w[BACKWARD] = (-10, -12);
    w[KING_RACE] = (0, 2);
    w[BISHOP_PAIR] = (30, 50);
    w[ROOK_OPEN_FILE] = (25, 10);
    w[ROOK_HALF_OPEN_FILE] = (12, 6);
    w[SHIELD_NEAR] = (12, 0);
    w[SHIELD_FAR] = (6, 0);
    w[OPEN_NEAR_KING] = (-15, 0);
    w[KING_DANGER] = (4, 0);
    w[KING_ATTACK] = (0, 1);
    w
}

/// 3 on the four centre squares, 2, 1, and 0 on the edge.
const fn centrality(file: i32, rank: i32) -> i32 {
    let (f, r) = (edge_distance(file), edge_distance(rank));
    3 - if f > r { f } else { r }
}

/// How far a file or rank (0 to 7) lies from the middle: 0 for the central two, 3
/// on the edge.
const fn edge_distance(index: i32) -> i32 {
    (2 * index - 7).abs() / 2
}

/// The hand-set (middlegame, endgame) value of the piece `piece` (`Piece as usize`)
/// on `square` (0 = a1, seen from its own side).
const fn square_value(piece: usize, square: usize) -> Weight {
    let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
    let centre = centrality(file, rank);
    let central_file = file == 3 || file == 4;
    match piece {
        0 => {
            let centre_push = match (file, rank) {
                (3 | 4, 3 | 4) => 15,
                (3 | 4, 2) | (2 | 5, 3) => 6,
                (3 | 4, 1) => -5,
                _ => 0,
            };
            let advance = if rank > 1 { rank - 1 } else { 0 };
            (centre_push + 2 * rank, 6 * advance)
        }
        1 => (10 * centre - 15, 8 * centre - 12),
        2 => (5 * centre - 5 - 5 * (rank == 0) as i32, 4 * centre - 6),
        3 => {
            let seventh = (rank == 6) as i32;
            (15 * seventh + 5 * central_file as i32, 10 * seventh)
        }
        4 => (
            3 * centre - 5 * (rank == 0 && !central_file) as i32,
            5 * centre - 8,
        ),
        _ => (king_home_value(file, rank), 15 * centre - 25),
    }
}

/// The middlegame king: safe in a castled corner, exposed as it climbs.
const fn king_home_value(file: i32, rank: i32) -> i32 {
    match rank {
        0 if file == 1 || file == 2 || file == 6 => 25,
        0 if file == 0 || file == 7 => 15,
        0 => 0,
        1 => -15,
        _ => {
            let climb = if rank - 2 < 3 { rank - 2 } else { 3 };
            -30 - 10 * climb
        }
    }
}
