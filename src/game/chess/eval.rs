//! Chess evaluations, in centipawns from the side to move's view: `material` (the
//! course's seed, 1/3/3/5/9), `simplified`, a small evaluation tapered between
//! middlegame and endgame on published values (PeSTO's material, Michniewski's
//! tables; ply's `strong` until `classical` beat it), and the tapered machinery
//! both share.

use cozy_chess::{BitBoard, Board, Color, File, Piece, Square};

use super::{Chess, PIECE_VALUES};
use crate::game::{EvalTerm, Explanation, signed_sum};

/// The course's evaluation: own material minus the opponent's, with pawn 100,
/// knight 300, bishop 300, rook 500, queen 900.
pub fn material(game: &Chess) -> i32 {
    let board = game.board();
    let us = board.side_to_move();
    Piece::ALL
        .iter()
        .map(|&p| PIECE_VALUES[p as usize] * piece_balance(board, us, p))
        .sum()
}

/// How many more pieces of kind `piece` `color` has than its opponent.
fn piece_balance(board: &Board, color: Color, piece: Piece) -> i32 {
    board.colored_pieces(color, piece).len() as i32
        - board.colored_pieces(!color, piece).len() as i32
}

/// The course's names for the pieces that count, with their weight in pawns.
const MATERIAL_NAMES: [&str; 5] = [
    "pawns (1 each)",
    "knights (3 each)",
    "bishops (3 each)",
    "rooks (5 each)",
    "queens (9 each)",
];

/// [`material`] by piece type from White's view, with the course's arithmetic in
/// pawns: `e(P) = (8 + 6 + 6 + 10 + 9) - (8 + 6 + 6 + 10 + 9) = 39 - 39 = 0`; the
/// points are centipawns, as the search sees them.
pub fn explain_material(game: &Chess) -> Explanation {
    let board = game.board();
    let count = |color, piece| board.colored_pieces(color, piece).len() as i32;
    let mut terms = Vec::new();
    let mut pawns = [Vec::new(), Vec::new()];
    for (index, name) in MATERIAL_NAMES.iter().enumerate() {
        let piece = Piece::ALL[index];
        let (white, black) = (count(Color::White, piece), count(Color::Black, piece));
        let value = PIECE_VALUES[index];
        terms.push(EvalTerm::weighted(*name, white, black, value));
        pawns[0].push(white * value / 100);
        pawns[1].push(black * value / 100);
    }
    let explanation = Explanation::sum_of(terms);
    let [white, black] =
        pawns.map(|side| (signed_sum(side.iter().copied()), side.iter().sum::<i32>()));
    let formula = format!(
        "e(P) = ({}) - ({}) = {} - {} = {} pawns = {} centipawns",
        white.0,
        black.0,
        white.1,
        black.1,
        white.1 - black.1,
        explanation.total_for_first
    );
    Explanation {
        formula,
        ..explanation
    }
}

/// Material in the middlegame and the endgame (PeSTO's values), by `Piece as usize`.
const MATERIAL_MG: [i32; 6] = [82, 337, 365, 477, 1025, 0];
const MATERIAL_EG: [i32; 6] = [94, 281, 297, 512, 936, 0];
/// How much each piece counts towards the middlegame phase (24 at the start).
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase with every piece on the board, public so a tuner blends as the evaluation does.
pub const FULL_PHASE: i32 = 24;

/// Piece-square tables from White's side, rank 8 first (Michniewski's simplified
/// evaluation function), so they read like a board diagram.
#[rustfmt::skip]
const PAWN_TABLE: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT_TABLE: [i32; 64] = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP_TABLE: [i32; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK_TABLE: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN_TABLE: [i32; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MIDDLEGAME_TABLE: [i32; 64] = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20,
];
#[rustfmt::skip]
const KING_ENDGAME_TABLE: [i32; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

/// Bonus for a passed pawn by its rank counted from its own side (middlegame, endgame).
const PASSED_MG: [i32; 8] = [0, 5, 10, 15, 25, 40, 60, 0];
const PASSED_EG: [i32; 8] = [0, 10, 20, 35, 60, 100, 150, 0];
const DOUBLED_PENALTY: (i32, i32) = (10, 20);
const ISOLATED_PENALTY: (i32, i32) = (12, 15);
const SHIELD_BONUS: i32 = 12;
const BISHOP_PAIR: (i32, i32) = (25, 45);
/// Per reachable square, by `Piece as usize` (pawns and kings not counted).
const MOBILITY_MG: [i32; 6] = [0, 4, 4, 2, 1, 0];
const MOBILITY_EG: [i32; 6] = [0, 4, 5, 4, 2, 0];
const TEMPO: i32 = 10;

/// A middlegame and an endgame score, blended by the phase at the end.
#[derive(Clone, Copy, Default)]
pub(super) struct Tapered {
    mg: i32,
    eg: i32,
}

impl Tapered {
    /// Adds a middlegame and an endgame amount.
    pub(super) fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }

    fn minus(self, other: Tapered) -> Tapered {
        Tapered {
            mg: self.mg - other.mg,
            eg: self.eg - other.eg,
        }
    }

    /// The score at `phase` (of [`FULL_PHASE`]): all middlegame at the start, all
    /// endgame once the pieces are gone.
    fn blend(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (FULL_PHASE - phase)) / FULL_PHASE
    }
}

/// What `simplified` counts, one [`Tapered`] per kind, in the order of [`STRONG_NAMES`].
const STRONG_TERMS: usize = 6;
const STRONG_NAMES: [&str; STRONG_TERMS] = [
    "material (PeSTO values)",
    "piece-square tables",
    "mobility (squares reached)",
    "pawn structure (doubled, isolated, passed)",
    "king's pawn shelter",
    "bishop pair",
];

/// The default strong evaluation, the board widgets' too: ply's own
/// [`classical`](super::classical::classical), which beat [`simplified`] in matches.
pub use super::classical::classical as strong;

/// The earlier strong evaluation, kept to measure against: tapered material and
/// piece-square tables, pawn structure (doubled, isolated, passed), the king's pawn
/// shelter, mobility and the bishop pair.
pub fn simplified(game: &Chess) -> i32 {
    let board = game.board();
    let white = side_terms(board, Color::White);
    let black = side_terms(board, Color::Black);
    tapered_score(board, &white, &black, TEMPO)
}

/// A tapered evaluation's value for the side to move: White's terms minus Black's,
/// blended at the game's phase, plus `tempo` for the side to move.
pub(super) fn tapered_score(
    board: &Board,
    white: &[Tapered],
    black: &[Tapered],
    tempo: i32,
) -> i32 {
    let score = summed(white).minus(summed(black)).blend(game_phase(board));
    let from_white = match board.side_to_move() {
        Color::White => score,
        Color::Black => -score,
    };
    from_white + tempo
}

/// The terms of one side added up, middlegame and endgame apart.
fn summed(terms: &[Tapered]) -> Tapered {
    terms.iter().fold(Tapered::default(), |mut sum, t| {
        sum.add(t.mg, t.eg);
        sum
    })
}

/// How much middlegame is left: 24 with all the pieces, 0 with only kings and pawns.
pub fn game_phase(board: &Board) -> i32 {
    Piece::ALL
        .iter()
        .map(|&p| board.pieces(p).len() as i32 * PHASE_WEIGHT[p as usize])
        .sum::<i32>()
        .min(FULL_PHASE)
}

/// Everything `simplified` counts for one side, in White's or Black's favour, by kind.
fn side_terms(board: &Board, color: Color) -> [Tapered; STRONG_TERMS] {
    let mut terms = [Tapered::default(); STRONG_TERMS];
    piece_terms(board, color, &mut terms);
    pawn_terms(board, color, &mut terms[3]);
    terms[4].add(king_shelter(board, color) * SHIELD_BONUS, 0);
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        terms[5].add(BISHOP_PAIR.0, BISHOP_PAIR.1);
    }
    terms
}

/// [`simplified`] from White's view, kind by kind: each side's terms blended at
/// the game's phase, the rounding of that blend, and the tempo of the side to move.
pub fn explain_simplified(game: &Chess) -> Explanation {
    let board = game.board();
    let white = side_terms(board, Color::White);
    let black = side_terms(board, Color::Black);
    explain_tapered(board, &STRONG_NAMES, &white, &black, TEMPO)
}

/// A tapered evaluation from White's view, kind by kind (`names[i]` for the terms
/// `white[i]` and `black[i]`), as [`tapered_score`] adds it up: each kind blended
/// at the game's phase, the rounding of the blend, and the tempo.
pub(super) fn explain_tapered(
    board: &Board,
    names: &[&str],
    white: &[Tapered],
    black: &[Tapered],
    tempo: i32,
) -> Explanation {
    let phase = game_phase(board);
    let mut terms: Vec<EvalTerm> = names
        .iter()
        .zip(white.iter().zip(black))
        .map(|(name, (w, b))| EvalTerm::weighted(*name, w.blend(phase), b.blend(phase), 1))
        .collect();
    let to_move = |color| (board.side_to_move() == color) as i32;
    let tempo = EvalTerm::weighted(
        format!("side to move ({tempo})"),
        to_move(Color::White),
        to_move(Color::Black),
        tempo,
    );
    let difference = summed(white).minus(summed(black));
    let blended_apart: i32 = terms.iter().map(|t| t.points).sum();
    terms.push(EvalTerm {
        name: "rounding (the sum is blended, not each term)".to_string(),
        first: 0,
        second: 0,
        points: difference.blend(phase) - blended_apart,
    });
    terms.push(tempo);
    let explanation = Explanation::sum_of(terms);
    Explanation {
        formula: format!(
            "{} (middlegame and endgame blended at phase {phase}/{FULL_PHASE})",
            explanation.formula
        ),
        ..explanation
    }
}

/// Index into a table written from White's side with rank 8 first.
fn table_index(square: Square, color: Color) -> usize {
    let rank = square.rank() as usize;
    let file = square.file() as usize;
    match color {
        Color::White => (7 - rank) * 8 + file,
        Color::Black => rank * 8 + file,
    }
}

/// Material, square tables and mobility of every piece of `color`, into the
/// first three of `terms`.
fn piece_terms(board: &Board, color: Color, terms: &mut [Tapered; STRONG_TERMS]) {
    let occupied = board.occupied();
    let own = board.colors(color);
    for &piece in &Piece::ALL {
        let index = piece as usize;
        for square in board.colored_pieces(color, piece) {
            let at = table_index(square, color);
            let (table_mg, table_eg) = match piece {
                Piece::Pawn => (PAWN_TABLE[at], PAWN_TABLE[at] / 2),
                Piece::Knight => (KNIGHT_TABLE[at], KNIGHT_TABLE[at]),
                Piece::Bishop => (BISHOP_TABLE[at], BISHOP_TABLE[at]),
                Piece::Rook => (ROOK_TABLE[at], ROOK_TABLE[at]),
                Piece::Queen => (QUEEN_TABLE[at], QUEEN_TABLE[at]),
                Piece::King => (KING_MIDDLEGAME_TABLE[at], KING_ENDGAME_TABLE[at]),
            };
            let reach = (attacks(piece, square, occupied) & !own).len() as i32;
            terms[0].add(MATERIAL_MG[index], MATERIAL_EG[index]);
            terms[1].add(table_mg, table_eg);
            terms[2].add(reach * MOBILITY_MG[index], reach * MOBILITY_EG[index]);
        }
    }
}

/// Squares a knight, bishop, rook or queen attacks (none counted for pawns and kings).
pub(super) fn attacks(piece: Piece, square: Square, occupied: BitBoard) -> BitBoard {
    match piece {
        Piece::Knight => cozy_chess::get_knight_moves(square),
        Piece::Bishop => cozy_chess::get_bishop_moves(square, occupied),
        Piece::Rook => cozy_chess::get_rook_moves(square, occupied),
        Piece::Queen => {
            cozy_chess::get_bishop_moves(square, occupied)
                | cozy_chess::get_rook_moves(square, occupied)
        }
        Piece::Pawn | Piece::King => BitBoard::EMPTY,
    }
}

/// Doubled and isolated pawns cost; passed pawns earn more the further they are.
fn pawn_terms(board: &Board, color: Color, terms: &mut Tapered) {
    let ours = board.colored_pieces(color, Piece::Pawn);
    let theirs = board.colored_pieces(!color, Piece::Pawn);
    for &file in &File::ALL {
        let on_file = (ours & file.bitboard()).len() as i32;
        if on_file > 1 {
            terms.add(
                -DOUBLED_PENALTY.0 * (on_file - 1),
                -DOUBLED_PENALTY.1 * (on_file - 1),
            );
        }
        if on_file > 0 && (ours & file.adjacent()).is_empty() {
            terms.add(-ISOLATED_PENALTY.0 * on_file, -ISOLATED_PENALTY.1 * on_file);
        }
    }
    for square in ours {
        let blockers = theirs & front_span(square, color);
        if blockers.is_empty() {
            let rank = square.rank().relative_to(color) as usize;
            terms.add(PASSED_MG[rank], PASSED_EG[rank]);
        }
    }
}

/// The squares ahead of `square` (from `color`'s side) on its file and the two next to it.
pub(super) fn front_span(square: Square, color: Color) -> BitBoard {
    FRONT_SPANS[color as usize][square as usize]
}

/// [`front_span`] of every square for each colour, worked out once: the evaluation
/// asks for it for every pawn and minor piece of every position it sees.
const FRONT_SPANS: [[BitBoard; 64]; 2] = front_spans();

const fn front_spans() -> [[BitBoard; 64]; 2] {
    let mut spans = [[BitBoard::EMPTY; 64]; 2];
    let mut index = 0;
    while index < 64 {
        let (file, rank) = (index % 8, index / 8);
        let own_file = 0x0101_0101_0101_0101u64 << file;
        let mut files = own_file;
        if file > 0 {
            files |= own_file >> 1;
        }
        if file < 7 {
            files |= own_file << 1;
        }
        // Whole ranks above `rank` for White, below it for Black.
        let above = match rank {
            7 => 0,
            _ => u64::MAX << (8 * (rank + 1)),
        };
        let below = (1u64 << (8 * rank)) - 1;
        spans[Color::White as usize][index] = BitBoard(files & above);
        spans[Color::Black as usize][index] = BitBoard(files & below);
        index += 1;
    }
    spans
}

/// Own pawns on the three files around the king, one or two ranks in front of it.
fn king_shelter(board: &Board, color: Color) -> i32 {
    let king = board.king(color);
    let files = king.file().bitboard() | king.file().adjacent();
    let step: i8 = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    let ranks = [1, 2]
        .iter()
        .filter_map(|&n| king.try_offset(0, step * n))
        .fold(BitBoard::EMPTY, |acc, s| acc | s.rank().bitboard());
    (board.colored_pieces(color, Piece::Pawn) & files & ranks).len() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use cozy_chess::Rank;

    /// The front span as first written: the file and its neighbours, ANDed with
    /// every rank beyond the square's, rank by rank.
    fn front_span_by_ranks(square: Square, color: Color) -> BitBoard {
        let files = square.file().bitboard() | square.file().adjacent();
        let ahead = Rank::ALL
            .iter()
            .filter(|&&rank| match color {
                Color::White => rank > square.rank(),
                Color::Black => rank < square.rank(),
            })
            .fold(BitBoard::EMPTY, |acc, rank| acc | rank.bitboard());
        files & ahead
    }

    #[test]
    fn the_front_span_table_is_the_rank_by_rank_span() {
        for square in Square::ALL {
            for color in Color::ALL {
                assert_eq!(
                    front_span(square, color),
                    front_span_by_ranks(square, color),
                    "{square} {color:?}"
                );
            }
        }
        // A white pawn on e2 looks at d3-f8; a black one on a7 at a6-b1.
        assert_eq!(front_span(Square::E2, Color::White).len(), 18);
        assert_eq!(front_span(Square::A7, Color::Black).len(), 12);
    }
}
