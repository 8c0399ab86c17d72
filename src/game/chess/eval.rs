//! Chess evaluations, in centipawns from the side to move's view: `material` (the
//! course's seed, 1/3/3/5/9), and the tapered machinery (middlegame and endgame
//! values blended by the phase) that `classical` builds on.

use cozy_chess::{BitBoard, Board, Color, Piece, Square};

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

/// How much each piece counts towards the middlegame phase (24 at the start).
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase with every piece on the board, public so a tuner blends as the evaluation does.
pub const FULL_PHASE: i32 = 24;

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

/// The default strong evaluation, the board widgets' too: ply's own
/// [`classical`](super::classical::classical).
pub use super::classical::classical as strong;

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
    let to_move = |color| i32::from(board.side_to_move() == color);
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
