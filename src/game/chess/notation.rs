//! Move notation: standard algebraic (SAN, what people read and PGN stores) and
//! UCI long algebraic (what engines speak). cozy-chess writes castling as the king
//! taking its own rook; both notations here use the usual king move instead.

use cozy_chess::{Board, Color, File, GameStatus, Move, Piece, Rank, Square};

use crate::game::GameError;

/// The upper-case letter SAN uses for a piece (pawns have none).
pub fn piece_letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

/// True when `m` is castling, which cozy-chess writes as the king taking its rook.
fn is_castling(board: &Board, m: Move) -> bool {
    board.color_on(m.to) == Some(board.side_to_move())
        && board.piece_on(m.from) == Some(Piece::King)
}

/// The square the king really lands on when castling.
fn castling_king_target(m: Move) -> Square {
    let file = if m.to.file() > m.from.file() {
        File::G
    } else {
        File::C
    };
    Square::new(file, m.from.rank())
}

/// Writes `m` in UCI long algebraic notation (e2e4, e1g1, e7e8q).
pub fn format_uci(board: &Board, m: Move) -> String {
    let to = if is_castling(board, m) {
        castling_king_target(m)
    } else {
        m.to
    };
    let promotion = m
        .promotion
        .map(|p| char::from(p).to_string())
        .unwrap_or_default();
    format!("{}{}{}", m.from, to, promotion)
}

/// Reads a UCI move (castling as e1g1 or as king-takes-rook e1h1) and checks it is legal.
pub fn parse_uci(board: &Board, text: &str) -> Result<Move, GameError> {
    let bad = || GameError::new(format!("'{text}' is not a move like e2e4 or e7e8q"));
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(bad());
    }
    let from: Square = text[0..2].parse().map_err(|_| bad())?;
    let mut to: Square = text[2..4].parse().map_err(|_| bad())?;
    let promotion = match text.get(4..5) {
        Some(letter) => Some(
            letter
                .to_ascii_lowercase()
                .parse::<Piece>()
                .map_err(|_| bad())?,
        ),
        None => None,
    };
    let king_jump = board.piece_on(from) == Some(Piece::King)
        && board.color_on(from) == Some(board.side_to_move())
        && (from.file() as i32 - to.file() as i32).abs() == 2
        && from.rank() == to.rank();
    if king_jump {
        let rights = board.castle_rights(board.side_to_move());
        let rook_file = if to.file() > from.file() {
            rights.short
        } else {
            rights.long
        };
        if let Some(file) = rook_file {
            to = Square::new(file, from.rank());
        }
    }
    let m = Move {
        from,
        to,
        promotion,
    };
    if board.is_legal(m) {
        Ok(m)
    } else {
        Err(GameError::new(format!("{text} is not legal here")))
    }
}

/// Every legal move of `board`.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    board.generate_moves(|moves| {
        out.extend(moves);
        false
    });
    out
}

/// Writes `m` in SAN without the check suffix (Nbd7, exd5, O-O, e8=Q).
fn san_body(board: &Board, m: Move) -> String {
    if is_castling(board, m) {
        return if m.to.file() > m.from.file() {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
    }
    let piece = board.piece_on(m.from).unwrap_or(Piece::Pawn);
    let capture =
        board.color_on(m.to).is_some() || (piece == Piece::Pawn && m.from.file() != m.to.file());
    let mut text = String::new();
    if piece == Piece::Pawn {
        if capture {
            text.push(char::from(m.from.file()));
        }
    } else {
        text.push(piece_letter(piece));
        text.push_str(&disambiguation(board, m, piece));
    }
    if capture {
        text.push('x');
    }
    text.push_str(&m.to.to_string());
    if let Some(promotion) = m.promotion {
        text.push('=');
        text.push(piece_letter(promotion));
    }
    text
}

/// The file, rank or square SAN adds when another piece of the same kind could
/// also reach the target.
fn disambiguation(board: &Board, m: Move, piece: Piece) -> String {
    let rivals: Vec<Square> = legal_moves(board)
        .into_iter()
        .filter(|o| o.to == m.to && o.from != m.from && board.piece_on(o.from) == Some(piece))
        .map(|o| o.from)
        .collect();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|s| s.file() != m.from.file()) {
        char::from(m.from.file()).to_string()
    } else if rivals.iter().all(|s| s.rank() != m.from.rank()) {
        char::from(m.from.rank()).to_string()
    } else {
        m.from.to_string()
    }
}

/// Writes `m` (legal on `board`) in SAN, with `+` for check and `#` for mate.
pub fn format_san(board: &Board, m: Move) -> String {
    let mut text = san_body(board, m);
    let mut after = board.clone();
    if after.try_play(m).is_err() {
        return format_uci(board, m);
    }
    if !after.checkers().is_empty() {
        text.push(if after.status() == GameStatus::Won {
            '#'
        } else {
            '+'
        });
    }
    text
}

/// SAN with the decorations people vary on taken off: check marks, annotations,
/// capture signs and the `=` of promotions; zeros in castling read as O.
fn normalize_san(text: &str) -> String {
    text.replace('0', "O")
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':' | '='))
        .collect()
}

/// Reads a move in SAN (lenient about check marks, `x` and `=`) or UCI notation.
pub fn parse_move(board: &Board, text: &str) -> Result<Move, GameError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(GameError::new("empty move"));
    }
    let wanted = normalize_san(text);
    let moves = legal_moves(board);
    if let Some(&m) = moves
        .iter()
        .find(|&&m| normalize_san(&san_body(board, m)) == wanted)
    {
        return Ok(m);
    }
    parse_uci(board, text).map_err(|_| {
        GameError::new(format!(
            "{text} is not legal here (SAN like Nf3, UCI like g1f3)"
        ))
    })
}

/// The rank a pawn of `color` promotes on, for boards offering a promotion choice.
pub fn promotion_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    }
}
