//! Endings that material counts call won but chess players know are drawn: no
//! pawns and at most a minor piece more (a rook against a minor piece), two knights
//! against a bare king, a rook pawn whose queening square the defending king holds
//! (with at most a bishop of the wrong colour to help), and bishops of opposite
//! colours. The evaluation keeps only a share of its value there, so the search
//! keeps the pawns that win instead of trading into an ending that cannot, and the
//! side that is behind looks for one.
//!
//! The shares are those strong engines use (Stockfish's scale factors, out of 64
//! there, out of 16 here), rounded; the rules are the textbook's.

use cozy_chess::{BitBoard, Board, Color, File, Piece, Rank, Square};

use super::PIECE_VALUES;

/// The denominator of a scale: 16 keeps the whole value.
pub const FULL: i32 = 16;

/// The share of an evaluation to keep when the side it favours (`strong`) cannot
/// or can hardly win, in sixteenths; [`FULL`] when no drawing rule applies.
pub fn scale(board: &Board, strong: Color) -> i32 {
    let weak = !strong;
    let pawns = |color| board.colored_pieces(color, Piece::Pawn);
    if pawns(strong).is_empty() {
        return pawnless_scale(board, strong);
    }
    if holds_rook_pawn_corner(board, strong) {
        return 0;
    }
    if opposite_bishops_alone(board) {
        // One pawn ahead or less is a draw with bishops of opposite colours; more
        // may win, but far less often than the material says.
        let ahead = pawns(strong).len() as i32 - pawns(weak).len() as i32;
        return if ahead <= 1 { 4 } else { 8 };
    }
    FULL
}

/// The share (in sixteenths) of `value`, from the side to move's view, that
/// [`scale`] keeps for the side it favours.
pub fn share(board: &Board, value: i32) -> i32 {
    let mover = board.side_to_move();
    scale(board, if value >= 0 { mover } else { !mover })
}

/// The value from the side to move's view, scaled by [`scale`] for the side it
/// favours.
pub fn scaled(board: &Board, value: i32) -> i32 {
    value * share(board, value) / FULL
}

/// Pieces' worth (pawns and king aside) of `color`.
fn piece_material(board: &Board, color: Color) -> i32 {
    [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .into_iter()
        .map(|piece| board.colored_pieces(color, piece).len() as i32 * PIECE_VALUES[piece as usize])
        .sum()
}

/// The strong side has no pawns: less than a rook's worth of pieces cannot mate
/// (a draw); a rook or more, but no more than a minor piece ahead, hardly wins
/// (a rook against a minor, rook and minor against a rook); two knights cannot
/// force mate on a bare king.
fn pawnless_scale(board: &Board, strong: Color) -> i32 {
    let weak = !strong;
    let own = piece_material(board, strong);
    let theirs = piece_material(board, weak);
    let minor = PIECE_VALUES[Piece::Bishop as usize];
    let rook = PIECE_VALUES[Piece::Rook as usize];
    let knights_only = board.colors(strong) & !board.pieces(Piece::King)
        == board.colored_pieces(strong, Piece::Knight);
    if knights_only && bare_king(board, weak) {
        return 0;
    }
    match own - theirs {
        ahead if ahead > minor => FULL,
        _ if own < rook => 0,
        _ if theirs <= minor => 1,
        _ => 4,
    }
}

/// True when the strong side has only pawns on one rook file (and perhaps
/// bishops that cannot guard its queening square), the weak side a bare king on
/// or next to that square: the textbook draw of the rook pawn.
fn holds_rook_pawn_corner(board: &Board, strong: Color) -> bool {
    let weak = !strong;
    let pawns = board.colored_pieces(strong, Piece::Pawn);
    let others =
        board.colors(strong) & !pawns & !board.pieces(Piece::King) & !board.pieces(Piece::Bishop);
    if !others.is_empty() || !bare_king(board, weak) {
        return false;
    }
    let file = if pawns.is_subset(File::A.bitboard()) {
        File::A
    } else if pawns.is_subset(File::H.bitboard()) {
        File::H
    } else {
        return false;
    };
    let last = match strong {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    };
    let queening = Square::new(file, last);
    let bishops = board.colored_pieces(strong, Piece::Bishop);
    let guarding = match square_colour(queening) {
        true => bishops & BitBoard::LIGHT_SQUARES,
        false => bishops & BitBoard::DARK_SQUARES,
    };
    let king = board.king(weak);
    guarding.is_empty() && chebyshev(king, queening) <= 1
}

/// True when `color` has its king alone.
pub(super) fn bare_king(board: &Board, color: Color) -> bool {
    board.colors(color) == board.colored_pieces(color, Piece::King)
}

/// True for a light square.
fn square_colour(square: Square) -> bool {
    BitBoard::LIGHT_SQUARES.has(square)
}

/// King steps between two squares.
pub(super) fn chebyshev(a: Square, b: Square) -> u32 {
    let files = (a.file() as i32 - b.file() as i32).unsigned_abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).unsigned_abs();
    files.max(ranks)
}

/// True when each side has one bishop, on squares of opposite colours, and
/// nothing else but king and pawns.
fn opposite_bishops_alone(board: &Board) -> bool {
    let bishops = board.pieces(Piece::Bishop);
    let others =
        board.pieces(Piece::Knight) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let white = board.colored_pieces(Color::White, Piece::Bishop);
    let black = board.colored_pieces(Color::Black, Piece::Bishop);
    others.is_empty()
        && bishops.len() == 2
        && white.len() == 1
        && black.len() == 1
        && (bishops & BitBoard::LIGHT_SQUARES).len() == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scale_for(fen: &str, strong: Color) -> i32 {
        scale(&fen.parse().unwrap(), strong)
    }

    /// Each position's share for the side named, as the case says.
    fn assert_shares(cases: &[(&str, Color, i32)]) {
        for &(fen, strong, share) in cases {
            assert_eq!(scale_for(fen, strong), share, "{fen}");
        }
    }

    #[test]
    fn a_rook_pawn_with_the_wrong_bishop_is_a_draw_once_the_king_holds_the_corner() {
        use Color::{Black, White};
        assert_shares(&[
            // White's light bishop cannot cover the dark h8; Black's king stands on g7.
            ("8/6kP/8/3K4/8/8/8/1B6 b - - 0 1", White, 0),
            // The right bishop (dark, for h8) wins.
            ("8/6kP/8/3K4/8/8/8/2B5 b - - 0 1", White, FULL),
            // The king far from the corner: the pawn may run.
            ("8/7P/8/3K4/8/2k5/8/1B6 b - - 0 1", White, FULL),
            // King and a-pawn against the king in front of it.
            ("k7/8/P7/1K6/8/8/8/8 w - - 0 1", White, 0),
            // A black h-pawn queening on h1 (light): a light bishop helps, a dark one not.
            ("8/8/8/8/8/1b5p/8/2k4K w - - 0 1", Black, FULL),
            ("8/8/8/8/8/2b4p/8/2k4K w - - 0 1", Black, 0),
            // A knight pawn is not a rook pawn.
            ("6k1/8/6P1/6K1/8/8/8/8 w - - 0 1", White, FULL),
        ]);
    }

    #[test]
    fn pawnless_endings_need_more_than_a_minor_piece_ahead() {
        use Color::White;
        assert_shares(&[
            // Rook against bishop, rook against knight: hardly won.
            ("8/8/4k3/8/3b4/8/2R5/4K3 w - - 0 1", White, 1),
            ("8/8/4k3/8/3n4/8/2R5/4K3 w - - 0 1", White, 1),
            // Rook and bishop against rook.
            ("8/8/4k3/8/3r4/8/2RB4/4K3 w - - 0 1", White, 4),
            // A minor piece against pawns only: it cannot win.
            ("8/8/4k3/8/3p4/8/2B5/4K3 w - - 0 1", White, 0),
            // Two knights against a bare king.
            ("8/8/4k3/8/8/8/2NN4/4K3 w - - 0 1", White, 0),
            // A rook against a bare king, a queen against a rook: won.
            ("8/8/4k3/8/8/8/2R5/4K3 w - - 0 1", White, FULL),
            ("8/8/4k3/8/3r4/8/2Q5/4K3 w - - 0 1", White, FULL),
        ]);
    }

    #[test]
    fn opposite_bishops_keep_a_share_of_the_value() {
        // Dark bishop against light bishop, two pawns each.
        let one_up = "8/5k2/1B3p2/5Pp1/6P1/6K1/4b3/8 b - - 0 1";
        assert_eq!(scale_for(one_up, Color::White), 4);
        // Same-coloured bishops are not opposite.
        let same = "8/5k2/1B3p2/5Pp1/6P1/6K1/3b4/8 b - - 0 1";
        assert_eq!(scale_for(same, Color::White), FULL);
    }

    #[test]
    fn scaled_keeps_the_sign_and_shrinks_only_toward_zero() {
        let board: Board = "8/6kP/8/3K4/8/8/8/1B6 b - - 0 1".parse().unwrap();
        assert_eq!(scaled(&board, -500), 0);
        let board: Board = "8/8/4k3/8/3b4/8/2R5/4K3 w - - 0 1".parse().unwrap();
        assert_eq!(scaled(&board, 320), 20);
        let start = Board::default();
        assert_eq!(scaled(&start, 37), 37);
    }
}
