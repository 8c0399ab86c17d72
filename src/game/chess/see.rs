//! Static exchange evaluation: what a capture wins once both sides have taken
//! back on its square, each with its cheapest piece, either side free to stop.
//! The engine orders captures by it and skips losing ones in quiescence.
//!
//! The classic swap algorithm (as the Chess Programming Wiki describes it):
//! attackers are found again after each capture, so that pieces lined up behind
//! one another (x-rays: a rook behind a rook, a queen behind a bishop) join in.
//! Pins are ignored, as most engines ignore them here.

use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_rook_moves,
};

use super::PIECE_VALUES;

/// What a king is worth in an exchange: more than everything else, so that taking
/// it ends the sequence (it is only allowed when nothing can take back).
const KING_VALUE: i32 = 20_000;

/// Pieces from cheapest to dearest: the order attackers are used in.
const CHEAPEST_FIRST: [Piece; 6] = [
    Piece::Pawn,
    Piece::Knight,
    Piece::Bishop,
    Piece::Rook,
    Piece::Queen,
    Piece::King,
];

fn value(piece: Piece) -> i32 {
    match piece {
        Piece::King => KING_VALUE,
        _ => PIECE_VALUES[piece as usize],
    }
}

/// The material `m` wins for the side to move, in centipawns, once the exchange
/// on its target square is played out (0 for castling and for quiet moves that
/// nothing attacks; below 0 when the moved piece is lost for less).
pub(super) fn static_exchange(board: &Board, m: Move) -> i32 {
    let us = board.side_to_move();
    let Some(mover) = board.piece_on(m.from) else {
        return 0;
    };
    if board.color_on(m.to) == Some(us) {
        return 0; // castling: the king "takes" its own rook
    }
    let target = m.to;
    let mut occupied = board.occupied() ^ m.from.bitboard();
    let captured = match board.piece_on(target) {
        Some(piece) => value(piece),
        None if mover == Piece::Pawn && m.from.file() != target.file() => {
            // En passant: the taken pawn stands beside the target square.
            occupied ^= Square::new(target.file(), m.from.rank()).bitboard();
            value(Piece::Pawn)
        }
        None => 0,
    };
    let promotion = m.promotion.map_or(0, |p| value(p) - value(Piece::Pawn));
    let mut gains = [0i32; 33];
    gains[0] = captured + promotion;
    let mut standing = m.promotion.map_or(value(mover), value);
    let mut side = !us;
    let mut depth: usize = 0;
    while let Some((piece, from)) = cheapest_attacker(board, target, occupied, side) {
        if standing == KING_VALUE {
            // The king just took onto a square still attacked: it may not.
            depth = depth.saturating_sub(1);
            break;
        }
        depth += 1;
        gains[depth] = standing - gains[depth - 1];
        standing = value(piece);
        occupied ^= from.bitboard();
        side = !side;
        if depth == gains.len() - 1 {
            break;
        }
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// What `m` loses by static exchange ([`static_exchange`] when below 0), without
/// playing the exchange out when the captured piece is worth at least the
/// capturer (taking back can then only even the trade).
pub(super) fn exchange_loss(board: &Board, m: Move) -> Option<i32> {
    let worth_at_least_the_capturer = match (board.piece_on(m.from), board.piece_on(m.to)) {
        (Some(mover), Some(victim)) => {
            mover != Piece::King
                && board.color_on(m.to) != board.color_on(m.from)
                && value(victim) >= value(mover)
        }
        _ => false,
    };
    if worth_at_least_the_capturer {
        return None;
    }
    Some(static_exchange(board, m)).filter(|&gain| gain < 0)
}

/// The cheapest piece of `side` among `occupied` attacking `target`, and where it stands.
pub(super) fn cheapest_attacker(
    board: &Board,
    target: Square,
    occupied: BitBoard,
    side: Color,
) -> Option<(Piece, Square)> {
    let ours = board.colors(side) & occupied;
    let diagonal = get_bishop_moves(target, occupied);
    let straight = get_rook_moves(target, occupied);
    CHEAPEST_FIRST.into_iter().find_map(|piece| {
        let reach = match piece {
            Piece::Pawn => get_pawn_attacks(target, !side),
            Piece::Knight => get_knight_moves(target),
            Piece::Bishop => diagonal,
            Piece::Rook => straight,
            Piece::Queen => diagonal | straight,
            Piece::King => get_king_moves(target),
        };
        let attackers = reach & ours & board.pieces(piece);
        attackers.next_square().map(|from| (piece, from))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, uci: &str) -> i32 {
        let board: Board = fen.parse().unwrap();
        let m = crate::game::chess::notation::parse_move(&board, uci).unwrap();
        static_exchange(&board, m)
    }

    #[test]
    fn the_wikis_two_examples() {
        // Chess Programming Wiki, "Static Exchange Evaluation": the rook wins the
        // undefended pawn; the knight takes a pawn defended by a knight, a bishop
        // and a queen behind it and loses itself for the pawn.
        assert_eq!(
            see("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
        assert_eq!(
            see(
                "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5"
            ),
            -200
        );
    }

    #[test]
    fn quiet_moves_castling_and_en_passant() {
        assert_eq!(see(crate::game::chess::START_FEN, "e2e4"), 0);
        // A queen stepping where a pawn takes it loses the queen.
        assert_eq!(see("4k3/8/8/7p/8/8/8/3QK3 w - - 0 1", "d1g4"), -900);
        // En passant wins the pawn; nothing takes back.
        assert_eq!(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        // A king takes an undefended pawn; a rook taking a pawn the king defends
        // may not be taken back by a king the other king guards against.
        assert_eq!(see("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2"), 100);
        assert_eq!(see("8/8/8/8/8/2k5/3p4/3RK3 w - - 0 1", "d1d2"), 100);
    }
}
