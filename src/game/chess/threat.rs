//! Quiet moves that threaten to win material: the moved piece newly attacks an
//! enemy piece worth more than itself (a pawn attacking a knight, a knight forking
//! two rooks) or one nothing defends. Such a move wins material two plies later
//! unless answered, so the engine spares it from late-move pruning and reductions,
//! which judge a quiet move by its place in the order alone.

use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_rook_moves,
};

use super::PIECE_VALUES;
use super::see::cheapest_attacker;

/// The squares `piece` of `side` on `square` attacks, with `occupied` blocking.
fn attacks(piece: Piece, side: Color, square: Square, occupied: BitBoard) -> BitBoard {
    match piece {
        Piece::Pawn => get_pawn_attacks(square, side),
        Piece::Knight => get_knight_moves(square),
        Piece::Bishop => get_bishop_moves(square, occupied),
        Piece::Rook => get_rook_moves(square, occupied),
        Piece::Queen => get_bishop_moves(square, occupied) | get_rook_moves(square, occupied),
        Piece::King => get_king_moves(square),
    }
}

/// What a quiet move's piece newly attacks from its destination, with the moved
/// piece (a promotion's new one) and the board's occupancy after the move.
struct NewAttacks {
    squares: BitBoard,
    piece: Piece,
    occupied: BitBoard,
}

/// The new attacks of `m`; `None` for king moves and castling, which threaten
/// nothing worth sparing.
fn new_attacks(board: &Board, m: Move) -> Option<NewAttacks> {
    let us = board.side_to_move();
    let mover = board.piece_on(m.from)?;
    if mover == Piece::King || board.color_on(m.to) == Some(us) {
        return None;
    }
    let piece = m.promotion.unwrap_or(mover);
    let occupied = (board.occupied() ^ m.from.bitboard()) | m.to.bitboard();
    let before = attacks(mover, us, m.from, board.occupied());
    let after = attacks(piece, us, m.to, occupied);
    Some(NewAttacks {
        squares: after & !before,
        piece,
        occupied,
    })
}

/// True when the quiet move `m` makes its piece attack an enemy piece (not the
/// king: a check is judged apart) that it did not attack before and that is worth
/// more than the mover or is defended by nothing.
pub(super) fn creates_threat(board: &Board, m: Move) -> bool {
    let Some(new) = new_attacks(board, m) else {
        return false;
    };
    let them = !board.side_to_move();
    let targets = new.squares & board.colors(them) & !board.pieces(Piece::King);
    let worth = PIECE_VALUES[new.piece as usize];
    targets.into_iter().any(|square| {
        let victim = board
            .piece_on(square)
            .map_or(0, |p| PIECE_VALUES[p as usize]);
        victim > worth || cheapest_attacker(board, square, new.occupied, them).is_none()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn threat(fen: &str, uci: &str) -> bool {
        let board: Board = fen.parse().unwrap();
        let from: Square = uci[0..2].parse().unwrap();
        let to: Square = uci[2..4].parse().unwrap();
        creates_threat(
            &board,
            Move {
                from,
                to,
                promotion: None,
            },
        )
    }

    #[test]
    fn a_pawn_attacking_a_knight_is_a_threat() {
        // After 1.e4 Nf6, e4-e5 hits the knight; d2-d3 hits nothing.
        let fen = "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2";
        assert!(threat(fen, "e4e5"));
        assert!(!threat(fen, "d2d3"));
    }

    #[test]
    fn attacking_defended_pieces_worth_no_more_is_no_threat() {
        // Ng5 hits f7 and h7, Ne5 hits d7, f7 and the knight on c6: all defended.
        let fen = "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2";
        assert!(!threat(fen, "f3g5"));
        assert!(!threat(fen, "f3e5"));
    }

    #[test]
    fn a_knight_forking_rooks_is_a_threat() {
        let fen = "1r1rk3/8/8/8/3N4/8/8/4K3 w - - 0 1";
        assert!(threat(fen, "d4c6"));
        assert!(!threat(fen, "d4f3"));
    }

    #[test]
    fn attacking_an_undefended_piece_is_a_threat_unless_it_is_defended() {
        assert!(threat("4k3/8/8/8/7n/8/8/R3K3 w - - 0 1", "a1a4"));
        assert!(!threat("4k3/8/8/6p1/7n/8/8/R3K3 w - - 0 1", "a1a4"));
    }
}
