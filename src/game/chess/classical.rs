//! `classical`, chess's `strong` evaluation: ply's own, tapered, in centipawns from the side to
//! move's view. Material and piece-square values, mobility, pawn structure
//! (doubled, isolated, backward), passed pawns by rank with a free path and the
//! kings' distances, king safety (pawn shield, open files, pieces hitting the king's
//! zone), the bishop pair and rooks on open files, each with a middlegame and an
//! endgame value blended by the phase.
//!
//! Method: every number here is hand-set from textbook chess knowledge (a knight
//! on the rim is dim, rooks belong on open files and the seventh rank, the king
//! hides in the middlegame and walks to the centre in the endgame, passed pawns
//! grow with each rank), and the piece-square tables are built from formulas
//! (centrality, advancement) rather than typed in, so no other engine's tables are
//! copied. The weights were then checked by self-play matches against the earlier
//! strong, now `simplified` (`ply match chess --first engine:strong:nodes=N
//! --second engine:simplified:nodes=N --swap --openings
//! tests/data/chess/openings.txt`).

use cozy_chess::{BitBoard, Board, Color, File, Piece, Square};

use super::Chess;
use super::eval::{Tapered, attacks, explain_tapered, front_span, tapered_score};
use crate::game::Explanation;

/// Material by `Piece as usize`, (middlegame, endgame): rooks and pawns gain in the
/// endgame, knights lose a little, a bishop is worth a shade more than a knight.
const MATERIAL: [(i32, i32); 6] = [
    (85, 110),
    (320, 300),
    (330, 320),
    (470, 540),
    (960, 980),
    (0, 0),
];
/// Per square reached that no enemy pawn guards, and the reach counted as normal
/// (mobility below it costs, above it earns), by `Piece as usize`.
const MOBILITY: [(i32, i32); 6] = [(0, 0), (4, 4), (5, 5), (2, 4), (1, 2), (0, 0)];
const NORMAL_REACH: [i32; 6] = [0, 4, 6, 6, 12, 0];
const DOUBLED: (i32, i32) = (-12, -25);
const ISOLATED: (i32, i32) = (-12, -18);
const BACKWARD: (i32, i32) = (-10, -12);
/// A passed pawn by its rank from its own side, and more if nothing stands in
/// front of it on its way to promote.
const PASSED: [(i32, i32); 8] = [
    (0, 0),
    (5, 12),
    (8, 18),
    (15, 32),
    (28, 55),
    (50, 95),
    (80, 150),
    (0, 0),
];
const FREE_PATH: [i32; 8] = [0, 0, 0, 5, 12, 25, 45, 0];
/// Endgame points per rank of the pawn for each square the enemy king is further
/// from its next square than the own king.
const KING_RACE: i32 = 2;
const BISHOP_PAIR: (i32, i32) = (30, 50);
const ROOK_OPEN_FILE: (i32, i32) = (25, 10);
const ROOK_HALF_OPEN_FILE: (i32, i32) = (12, 6);
/// Middlegame points per own pawn one and two squares in front of a king at home,
/// and the cost of a file next to it with no own pawn.
const SHIELD_NEAR: i32 = 12;
const SHIELD_FAR: i32 = 6;
const OPEN_NEAR_KING: i32 = -15;
/// Weight of a piece's hits on the enemy king's zone, by `Piece as usize`; the
/// attack counts once two pieces join it, growing as the square of the weights.
const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
const KING_ATTACK_CAP: i32 = 500;
const TEMPO: i32 = 12;

/// What `classical` counts, one [`Tapered`] per kind, in the order of [`NAMES`].
const TERMS: usize = 9;
const NAMES: [&str; TERMS] = [
    "material",
    "piece-square tables (centrality, advancement)",
    "mobility (squares reached, not guarded by pawns)",
    "pawn structure (doubled, isolated, backward)",
    "passed pawns (rank, free path, kings' race)",
    "king shelter (shield, open files)",
    "attack on the enemy king's zone",
    "bishop pair",
    "rooks on open and half-open files",
];

/// The classical evaluation of the position for the side to move.
pub fn classical(game: &Chess) -> i32 {
    let board = game.board();
    let white = side_terms(board, Color::White);
    let black = side_terms(board, Color::Black);
    tapered_score(board, &white, &black, TEMPO)
}

/// [`classical`] from White's view, kind by kind; the terms add up to the value.
pub fn explain_classical(game: &Chess) -> Explanation {
    let board = game.board();
    let white = side_terms(board, Color::White);
    let black = side_terms(board, Color::Black);
    explain_tapered(board, &NAMES, &white, &black, TEMPO)
}

/// Everything `classical` counts in `color`'s favour, by kind.
fn side_terms(board: &Board, color: Color) -> [Tapered; TERMS] {
    let mut terms = [Tapered::default(); TERMS];
    let enemy_pawn_guard = pawn_attacks(board, !color);
    piece_terms(board, color, enemy_pawn_guard, &mut terms);
    pawn_structure(board, color, &mut terms[3]);
    passed_pawns(board, color, &mut terms[4]);
    terms[5].add(king_shelter(board, color), 0);
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        terms[7].add(BISHOP_PAIR.0, BISHOP_PAIR.1);
    }
    rooks_on_files(board, color, &mut terms[8]);
    terms
}

/// Material, square values and mobility of `color`'s pieces, and their attack on
/// the enemy king's zone.
fn piece_terms(
    board: &Board,
    color: Color,
    enemy_pawn_guard: BitBoard,
    terms: &mut [Tapered; TERMS],
) {
    let occupied = board.occupied();
    let own = board.colors(color);
    let zone = king_zone(board.king(!color));
    let (mut attackers, mut attack_weight) = (0, 0);
    for &piece in &Piece::ALL {
        let index = piece as usize;
        for square in board.colored_pieces(color, piece) {
            let (mg, eg) = square_value(piece, square.relative_to(color));
            terms[0].add(MATERIAL[index].0, MATERIAL[index].1);
            terms[1].add(mg, eg);
            let reach = attacks(piece, square, occupied);
            if !matches!(piece, Piece::Pawn | Piece::King) {
                let free = (reach & !own & !enemy_pawn_guard).len() as i32 - NORMAL_REACH[index];
                terms[2].add(free * MOBILITY[index].0, free * MOBILITY[index].1);
            }
            let hits = (reach & zone).len() as i32;
            if hits > 0 {
                attackers += 1;
                attack_weight += hits * KING_ATTACK_WEIGHT[index];
            }
        }
    }
    if attackers >= 2 {
        let danger = (attack_weight * attack_weight / 4).min(KING_ATTACK_CAP);
        terms[6].add(danger, attack_weight);
    }
}

/// The squares around a king and its own square.
fn king_zone(king: Square) -> BitBoard {
    cozy_chess::get_king_moves(king) | king.bitboard()
}

/// Every square `color`'s pawns attack.
fn pawn_attacks(board: &Board, color: Color) -> BitBoard {
    board
        .colored_pieces(color, Piece::Pawn)
        .iter()
        .fold(BitBoard::EMPTY, |acc, s| {
            acc | cozy_chess::get_pawn_attacks(s, color)
        })
}

/// 3 on the four centre squares, 2, 1, and 0 on the edge.
fn centrality(square: Square) -> i32 {
    let distance = |index: usize| ((2 * index as i32 - 7).abs()) / 2;
    3 - distance(square.file() as usize).max(distance(square.rank() as usize))
}

/// The (middlegame, endgame) value of `piece` on `square`, seen from its own side
/// (rank 1 is home): the formulas that stand for piece-square tables.
fn square_value(piece: Piece, square: Square) -> (i32, i32) {
    let centre = centrality(square);
    let rank = square.rank() as i32;
    let file = square.file() as i32;
    let central_file = matches!(file, 3 | 4);
    match piece {
        Piece::Pawn => {
            let centre_push = match (file, rank) {
                (3 | 4, 3 | 4) => 15,
                (3 | 4, 2) | (2 | 5, 3) => 6,
                (3 | 4, 1) => -5,
                _ => 0,
            };
            (centre_push + 2 * rank, 6 * (rank - 1).max(0))
        }
        Piece::Knight => (10 * centre - 15, 8 * centre - 12),
        Piece::Bishop => (5 * centre - 5 - 5 * (rank == 0) as i32, 4 * centre - 6),
        Piece::Rook => {
            let seventh = (rank == 6) as i32;
            (15 * seventh + 5 * central_file as i32, 10 * seventh)
        }
        Piece::Queen => (
            3 * centre - 5 * (rank == 0 && !central_file) as i32,
            5 * centre - 8,
        ),
        Piece::King => (king_home_value(file, rank), 15 * centre - 25),
    }
}

/// The middlegame king: safe in a castled corner, exposed as it climbs.
fn king_home_value(file: i32, rank: i32) -> i32 {
    match rank {
        0 if matches!(file, 1 | 2 | 6) => 25,
        0 if matches!(file, 0 | 7) => 15,
        0 => 0,
        1 => -15,
        _ => -30 - 10 * (rank - 2).min(3),
    }
}

/// Doubled, isolated and backward pawns.
fn pawn_structure(board: &Board, color: Color, terms: &mut Tapered) {
    let ours = board.colored_pieces(color, Piece::Pawn);
    let enemy_guard = pawn_attacks(board, !color);
    for &file in &File::ALL {
        let on_file = (ours & file.bitboard()).len() as i32;
        if on_file > 1 {
            terms.add(DOUBLED.0 * (on_file - 1), DOUBLED.1 * (on_file - 1));
        }
    }
    for square in ours {
        let neighbours = ours & square.file().adjacent();
        if neighbours.is_empty() {
            terms.add(ISOLATED.0, ISOLATED.1);
        } else if is_backward(square, color, neighbours, enemy_guard) {
            terms.add(BACKWARD.0, BACKWARD.1);
        }
    }
}

/// A pawn whose neighbours have all gone past it and whose next square an enemy
/// pawn guards: it cannot advance safely nor be defended by a pawn.
fn is_backward(square: Square, color: Color, neighbours: BitBoard, enemy_guard: BitBoard) -> bool {
    let rank = square.rank().relative_to(color);
    let supported = neighbours
        .iter()
        .any(|n| n.rank().relative_to(color) <= rank);
    let Some(next) = square.try_offset(0, forward(color)) else {
        return false;
    };
    !supported && enemy_guard.has(next)
}

/// One rank towards promotion for `color`.
fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Passed pawns by rank, more with nothing in front of them and, in the endgame,
/// when the own king is nearer their next square than the enemy's.
fn passed_pawns(board: &Board, color: Color, terms: &mut Tapered) {
    let ours = board.colored_pieces(color, Piece::Pawn);
    let theirs = board.colored_pieces(!color, Piece::Pawn);
    let occupied = board.occupied();
    for square in ours {
        let span = front_span(square, color);
        if !(theirs & span).is_empty() {
            continue;
        }
        let rank = square.rank().relative_to(color) as usize;
        let (mut mg, mut eg) = PASSED[rank];
        if (occupied & span & square.file().bitboard()).is_empty() {
            mg += FREE_PATH[rank] / 2;
            eg += FREE_PATH[rank];
        }
        if let Some(next) = square.try_offset(0, forward(color)) {
            let race = distance(board.king(!color), next) - distance(board.king(color), next);
            eg += KING_RACE * race * rank as i32;
        }
        terms.add(mg, eg);
    }
}

/// King moves between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

/// The king's pawn shield while it stays on its first two ranks, and the open
/// files around it.
fn king_shelter(board: &Board, color: Color) -> i32 {
    let king = board.king(color);
    if king.rank().relative_to(color) as usize > 1 {
        return 0;
    }
    let pawns = board.colored_pieces(color, Piece::Pawn);
    let files = king.file().bitboard() | king.file().adjacent();
    let rank_ahead = |n: i8| {
        king.try_offset(0, forward(color) * n)
            .map_or(BitBoard::EMPTY, |s| s.rank().bitboard())
    };
    let near = (pawns & files & rank_ahead(1)).len() as i32;
    let far = (pawns & files & rank_ahead(2)).len() as i32;
    let open = File::ALL
        .iter()
        .filter(|f| files.has(Square::new(**f, king.rank())) && (pawns & f.bitboard()).is_empty())
        .count() as i32;
    near * SHIELD_NEAR + far * SHIELD_FAR + open * OPEN_NEAR_KING
}

/// Rooks on files without pawns, or without own pawns.
fn rooks_on_files(board: &Board, color: Color, terms: &mut Tapered) {
    let pawns = board.pieces(Piece::Pawn);
    let own_pawns = board.colored_pieces(color, Piece::Pawn);
    for rook in board.colored_pieces(color, Piece::Rook) {
        let file = rook.file().bitboard();
        if (pawns & file).is_empty() {
            terms.add(ROOK_OPEN_FILE.0, ROOK_OPEN_FILE.1);
        } else if (own_pawns & file).is_empty() {
            terms.add(ROOK_HALF_OPEN_FILE.0, ROOK_HALF_OPEN_FILE.1);
        }
    }
}
