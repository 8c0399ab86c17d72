//! Mating a lone king: with a queen, a rook, two bishops or bishop and knight
//! against a lone king the evaluation says "won" whatever the kings do, so the
//! search, which cannot see the mate twenty moves ahead, has nothing to steer by
//! and lets the fifty-move rule draw the game (ply did so with bishop and knight
//! against Stockfish). The textbook method, which engines write into their
//! evaluation: drive the lone king to the edge (with bishop and knight, along it
//! into a corner of the bishop's colour, the only corners it can be mated in) and
//! bring the other king close. `neural` values these endings by the material and
//! this bonus alone: its network, trained on positions with more on the board, said
//! 140 centipawns more or less for where the lone king stood (a8 or h8 with king,
//! bishop and knight on a1, b1 and c1), which drowned the method.

use cozy_chess::{BitBoard, Board, Color, Piece, Square};

use super::endgame::{bare_king, chebyshev};

/// Points for each step the lone king stands from the centre (0 to 6 steps).
const EDGE_STEP: i32 = 20;
/// Points for each diagonal the lone king stands from the long diagonal between
/// the corners of the wrong colour (0 to 7), with bishop and knight: it grows
/// along every edge towards a corner of the bishop's colour, so the king is driven
/// along the edge into it (Stockfish's `push_to_corner` measures the same, and
/// weighs it about as much: two pawns a diagonal, against a tenth of a pawn a step
/// for the kings). At 40 a diagonal, self-play at 100,000 nodes a move drew three
/// of four bishop-and-knight endings, the lone king sitting in a wrong corner; at
/// 200 it mated in all four.
const CORNER_STEP: i32 = 200;
/// Points for each step the kings stand nearer each other (0 to 7 steps).
const KING_STEP: i32 = 10;

/// The bonus for the side to move (negative when it is the side with the lone
/// king) for how far the mating method has come, or `None` when neither side has
/// a lone king against mating material.
pub fn mating_bonus(board: &Board) -> Option<i32> {
    let strong = [Color::White, Color::Black]
        .into_iter()
        .find(|&color| bare_king(board, !color) && can_force_mate(board, color))?;
    let lone = board.king(!strong);
    let kings_apart = chebyshev(board.king(strong), lone) as i32;
    let drive = match bishop_and_knight_only(board, strong) {
        Some(bishops) => CORNER_STEP * diagonals_from_wrong_corners(lone, bishops),
        None => EDGE_STEP * steps_from_centre(lone),
    };
    let bonus = drive + KING_STEP * (7 - kings_apart);
    Some(if board.side_to_move() == strong {
        bonus
    } else {
        -bonus
    })
}

/// True when `color`'s pieces can mate a lone king by force without a pawn's help:
/// a queen or a rook, bishops on both colours, or bishop and knight.
fn can_force_mate(board: &Board, color: Color) -> bool {
    let pieces = |piece| board.colored_pieces(color, piece);
    let bishops = pieces(Piece::Bishop);
    let both_colours = !(bishops & BitBoard::LIGHT_SQUARES).is_empty()
        && !(bishops & BitBoard::DARK_SQUARES).is_empty();
    !pieces(Piece::Queen).is_empty()
        || !pieces(Piece::Rook).is_empty()
        || both_colours
        || (!bishops.is_empty() && !pieces(Piece::Knight).is_empty())
}

/// `color`'s bishops when its only pieces are bishops of one colour and knights
/// (bishop and knight's mate: only the corners of the bishop's colour will do).
fn bishop_and_knight_only(board: &Board, color: Color) -> Option<BitBoard> {
    let bishops = board.colored_pieces(color, Piece::Bishop);
    let others = board.colors(color)
        & !bishops
        & !board.colored_pieces(color, Piece::Knight)
        & !board.colored_pieces(color, Piece::King);
    let one_colour = (bishops & BitBoard::LIGHT_SQUARES).is_empty()
        || (bishops & BitBoard::DARK_SQUARES).is_empty();
    (others.is_empty() && one_colour).then_some(bishops)
}

/// How many diagonals `square` stands from the long diagonal joining the two
/// corners not of the bishops' colour: 7 in a corner of their colour.
fn diagonals_from_wrong_corners(square: Square, bishops: BitBoard) -> i32 {
    let (file, rank) = (square.file() as i32, square.rank() as i32);
    if (bishops & BitBoard::LIGHT_SQUARES).is_empty() {
        (7 - file - rank).abs()
    } else {
        (file - rank).abs()
    }
}

/// Files plus ranks from `square` to the nearest of the four centre squares.
fn steps_from_centre(square: Square) -> i32 {
    let from_middle = |index: usize| (2 * index as i32 - 7).abs() / 2;
    from_middle(square.file() as usize) + from_middle(square.rank() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bonus(fen: &str) -> Option<i32> {
        mating_bonus(&fen.parse::<Board>().expect("a valid FEN"))
    }

    #[test]
    fn the_lone_king_is_worse_off_nearer_the_edge() {
        let centre = bonus("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
        let edge = bonus("8/8/8/7k/8/8/8/KR6 w - - 0 1");
        assert!(edge > centre && centre > Some(0), "{edge:?} {centre:?}");
        // The same position with the lone king to move: the bonus is the other side's.
        assert_eq!(bonus("8/8/8/7k/8/8/8/KR6 b - - 0 1"), edge.map(|b| -b));
    }

    #[test]
    fn bishop_and_knight_drive_to_a_corner_of_the_bishops_colour() {
        // A light-squared bishop (f1) mates on a8 or h1, not on a1 or h8.
        let right = bonus("k7/8/8/8/8/8/8/K4BN1 w - - 0 1");
        let wrong = bonus("7k/8/8/8/8/8/8/K4BN1 w - - 0 1");
        assert!(right > wrong, "{right:?} {wrong:?}");
        // Every step along the h-file from the wrong corner (h8) towards the right
        // one (h1) gains.
        let along: Vec<_> = (2..=8)
            .rev()
            .map(|rank| bonus(&lone_king_on_h(rank)))
            .collect();
        assert!(along.is_sorted(), "{along:?}");
    }

    /// White's king, knight and bishop on a1, b1 and h1, Black's king on h`rank`
    /// (2 to 8).
    fn lone_king_on_h(rank: usize) -> String {
        let ranks: Vec<_> = (2..=8)
            .rev()
            .map(|r| if r == rank { "7k" } else { "8" })
            .collect();
        format!("{}/KN5B w - - 0 1", ranks.join("/"))
    }

    #[test]
    fn no_bonus_without_a_lone_king_or_mating_material() {
        assert_eq!(bonus("8/8/8/4k3/8/8/8/KNN5 w - - 0 1"), None);
        assert_eq!(bonus("8/8/8/4k3/8/8/P7/K7 w - - 0 1"), None);
        assert_eq!(bonus("8/8/8/4k3/4p3/8/8/KR6 w - - 0 1"), None);
        // Two bishops on squares of one colour cannot mate.
        assert_eq!(bonus("8/8/8/4k3/8/8/8/KB1B4 w - - 0 1"), None);
    }
}
