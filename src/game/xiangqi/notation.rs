//! Xiangqi notation: FEN as engines write it (uppercase Red, `w` for Red to move),
//! coordinate moves (ICCS `h2e2` with ranks 0-9, and the UCI form of
//! Fairy-Stockfish with ranks 1-10: `h3e3`), and WXF notation (`C2=5`) for people.

use super::board::{
    BACK_RANK, Board, FILES, Kind, Move, Piece, RANKS, advance, code, decode, file_of, may_stand,
    point, rank_of,
};
use crate::game::{GameError, Player};

/// How the ranks of coordinate moves are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coordinates {
    /// ICCS and UCCI: ranks 0 to 9 from Red's side (`h2e2`).
    Iccs,
    /// Fairy-Stockfish's UCI: ranks 1 to 10 from Red's side (`h3e3`).
    Uci,
}

impl Coordinates {
    fn first_rank(self) -> usize {
        match self {
            Coordinates::Iccs => 0,
            Coordinates::Uci => 1,
        }
    }
}

/// The FEN letter of a kind (upper case; Black's are lower case).
pub fn kind_letter(kind: Kind) -> char {
    match kind {
        Kind::General => 'K',
        Kind::Advisor => 'A',
        Kind::Elephant => 'B',
        Kind::Horse => 'N',
        Kind::Chariot => 'R',
        Kind::Cannon => 'C',
        Kind::Soldier => 'P',
    }
}

/// The WXF letter of a kind (elephant E and horse H, unlike FEN).
pub fn wxf_letter(kind: Kind) -> char {
    match kind {
        Kind::Elephant => 'E',
        Kind::Horse => 'H',
        other => kind_letter(other),
    }
}

/// Reads a FEN letter; `E` and `H` are accepted for elephant and horse.
fn letter_piece(letter: char) -> Option<Piece> {
    let kind = match letter.to_ascii_uppercase() {
        'K' => Kind::General,
        'A' => Kind::Advisor,
        'B' | 'E' => Kind::Elephant,
        'N' | 'H' => Kind::Horse,
        'R' => Kind::Chariot,
        'C' => Kind::Cannon,
        'P' => Kind::Soldier,
        _ => return None,
    };
    let side = if letter.is_ascii_uppercase() {
        Player::First
    } else {
        Player::Second
    };
    Some(Piece { kind, side })
}

/// The board of the start position.
pub fn start_board() -> Board {
    let mut board = Board::empty();
    for (side, back, soldiers, cannons) in [(Player::First, 0, 3, 2), (Player::Second, 9, 6, 7)] {
        for (file, &kind) in BACK_RANK.iter().enumerate() {
            board.points[point(file, back) as usize] = code(kind, side);
        }
        for file in (0..FILES).step_by(2) {
            board.points[point(file, soldiers) as usize] = code(Kind::Soldier, side);
        }
        for file in [1, 7] {
            board.points[point(file, cannons) as usize] = code(Kind::Cannon, side);
        }
    }
    board.generals = [point(4, 0), point(4, 9)];
    board
}

/// A position read from FEN: the board, the side to move and the two counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenPosition {
    /// The pieces.
    pub board: Board,
    /// Who moves.
    pub side: Player,
    /// Plies since the last capture.
    pub clock: u32,
    /// The move number, from 1, counting a Red and a Black move as one.
    pub fullmove: u32,
}

/// Reads a FEN: the board, the side (`w` or `r` for Red, `b` for Black), and
/// optionally the two unused `-` fields and the two counters.
pub fn parse_fen(text: &str) -> Result<FenPosition, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (placement, side, rest) = match fields.as_slice() {
        [placement] => (*placement, "w", &[][..]),
        [placement, side, rest @ ..] => (*placement, *side, rest),
        [] => return Err(GameError::new("empty FEN")),
    };
    let board = parse_placement(placement)?;
    let side = match side {
        "w" | "r" | "W" | "R" => Player::First,
        "b" | "B" => Player::Second,
        other => {
            return Err(GameError::new(format!(
                "side to move '{other}': expected w (Red) or b (Black)"
            )));
        }
    };
    let counters: &[&str] = match rest {
        [] => &[],
        ["-", "-", counters @ ..] => counters,
        [first, ..] if first.parse::<u32>().is_ok() => rest,
        _ => {
            return Err(GameError::new(format!(
                "unexpected '{}' after the side to move (xiangqi has no castling or en passant: write - -)",
                rest.join(" ")
            )));
        }
    };
    let number = |text: &str, what: &str| {
        text.parse::<u32>()
            .map_err(|_| GameError::new(format!("{what} '{text}' is not a number")))
    };
    let (clock, fullmove) = match counters {
        [] => (0, 1),
        [clock] => (number(clock, "halfmove clock")?, 1),
        [clock, fullmove] => (
            number(clock, "halfmove clock")?,
            number(fullmove, "move number")?.max(1),
        ),
        _ => return Err(GameError::new("too many fields in the FEN")),
    };
    if board.in_check(side.other()) {
        return Err(GameError::new(
            "the side that just moved is in check (or the generals face each other)",
        ));
    }
    Ok(FenPosition {
        board,
        side,
        clock,
        fullmove,
    })
}

/// Reads the ten ranks of a FEN, Black's back rank first, and checks the pieces
/// could stand where they do.
fn parse_placement(text: &str) -> Result<Board, GameError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != RANKS {
        return Err(GameError::new(format!(
            "a xiangqi FEN has 10 ranks separated by '/', not {}",
            rows.len()
        )));
    }
    let mut board = Board::empty();
    let mut counts = [[0usize; 7]; 2];
    for (row_index, row) in rows.iter().enumerate() {
        let rank = RANKS - 1 - row_index;
        let mut file = 0;
        for letter in row.chars() {
            if let Some(run) = letter.to_digit(10) {
                file += run as usize;
                continue;
            }
            let piece = letter_piece(letter).ok_or_else(|| {
                GameError::new(format!("'{letter}' is not a xiangqi piece (KABNRCP)"))
            })?;
            if file >= FILES {
                return Err(GameError::new(format!(
                    "rank {rank} ('{row}') has more than 9 points"
                )));
            }
            let at = point(file, rank);
            if !may_stand(piece.kind, piece.side, at) {
                return Err(GameError::new(format!(
                    "a {} cannot stand on {}",
                    describe(piece),
                    format_point(at, Coordinates::Iccs)
                )));
            }
            counts[piece.side.index()][piece.kind as usize] += 1;
            board.points[at as usize] = code(piece.kind, piece.side);
            if piece.kind == Kind::General {
                board.generals[piece.side.index()] = at;
            }
            file += 1;
        }
        if file != FILES {
            return Err(GameError::new(format!(
                "rank {rank} ('{row}') does not have 9 points"
            )));
        }
    }
    for side in [Player::First, Player::Second] {
        for kind in Kind::ALL {
            let count = counts[side.index()][kind as usize];
            if count > kind.start_count() || (kind == Kind::General && count == 0) {
                let piece = describe(Piece { kind, side });
                return Err(GameError::new(format!(
                    "{count} pieces of kind {piece}: expected {}{}",
                    if kind == Kind::General {
                        ""
                    } else {
                        "at most "
                    },
                    kind.start_count()
                )));
            }
        }
    }
    Ok(board)
}

/// "red horse", "black general": for error messages.
fn describe(piece: Piece) -> String {
    let side = match piece.side {
        Player::First => "red",
        Player::Second => "black",
    };
    format!("{side} {:?}", piece.kind).to_lowercase()
}

/// Writes the board, side and counters as FEN (`- -` for the unused fields).
pub fn format_fen(board: &Board, side: Player, clock: u32, fullmove: u32) -> String {
    let mut text = String::new();
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            match decode(board.points[point(file, rank) as usize]) {
                Some(piece) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let letter = kind_letter(piece.kind);
                    text.push(match piece.side {
                        Player::First => letter,
                        Player::Second => letter.to_ascii_lowercase(),
                    });
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let side = match side {
        Player::First => 'w',
        Player::Second => 'b',
    };
    format!("{text} {side} - - {clock} {fullmove}")
}

/// Writes a point like `h2` (ICCS) or `h3` (UCI).
pub fn format_point(at: u8, coordinates: Coordinates) -> String {
    format!(
        "{}{}",
        (b'a' + file_of(at) as u8) as char,
        rank_of(at) + coordinates.first_rank()
    )
}

/// Writes a move as two points: `h2e2` (ICCS) or `h3e3` (UCI).
pub fn format_coordinates(m: Move, coordinates: Coordinates) -> String {
    format!(
        "{}{}",
        format_point(m.from, coordinates),
        format_point(m.to, coordinates)
    )
}

/// Reads two points written one after the other (case and a `-` between them
/// are tolerated), without checking legality.
pub fn parse_coordinates(text: &str, coordinates: Coordinates) -> Result<Move, GameError> {
    let bad = || {
        GameError::new(match coordinates {
            Coordinates::Iccs => format!("'{text}' is not a move like h2e2"),
            Coordinates::Uci => format!("'{text}' is not a move like h3e3"),
        })
    };
    let lower = text.trim().to_ascii_lowercase().replace('-', "");
    let bytes = lower.as_bytes();
    let second = bytes
        .iter()
        .skip(1)
        .position(|b| b.is_ascii_lowercase())
        .map(|i| i + 1)
        .ok_or_else(bad)?;
    let from = parse_point(&lower[..second], coordinates).ok_or_else(bad)?;
    let to = parse_point(&lower[second..], coordinates).ok_or_else(bad)?;
    Ok(Move { from, to })
}

fn parse_point(text: &str, coordinates: Coordinates) -> Option<u8> {
    let mut chars = text.chars();
    let file = chars.next().filter(|c| ('a'..='i').contains(c))? as usize - 'a' as usize;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank = digits
        .parse::<usize>()
        .ok()?
        .checked_sub(coordinates.first_rank())?;
    (rank < RANKS).then(|| point(file, rank))
}

/// A file as the side `side` counts it in WXF: 1 to 9 from that player's right.
fn wxf_file(file: usize, side: Player) -> usize {
    match side {
        Player::First => FILES - file,
        Player::Second => file + 1,
    }
}

/// Writes a legal move in WXF notation: piece letter, its file (or `+`/`-` for
/// the front or rear of two like pieces on one file), `+` forward, `-` backward or
/// `=` sideways, then the steps taken (straight moves) or the file reached.
pub fn format_wxf(board: &Board, m: Move) -> String {
    let Some(piece) = board.piece_at(m.from) else {
        return format_coordinates(m, Coordinates::Iccs);
    };
    let side = piece.side;
    let (from_file, from_rank) = (file_of(m.from), rank_of(m.from));
    let (to_file, to_rank) = (file_of(m.to), rank_of(m.to));
    let (from_adv, to_adv) = (advance(side, from_rank), advance(side, to_rank));
    let direction = match to_adv.cmp(&from_adv) {
        std::cmp::Ordering::Greater => '+',
        std::cmp::Ordering::Less => '-',
        std::cmp::Ordering::Equal => '=',
    };
    let straight = matches!(
        piece.kind,
        Kind::General | Kind::Chariot | Kind::Cannon | Kind::Soldier
    );
    let amount = if straight && direction != '=' {
        from_adv.abs_diff(to_adv)
    } else {
        wxf_file(to_file, side)
    };
    format!(
        "{}{direction}{amount}",
        wxf_origin(board, piece, from_file, from_adv)
    )
}

/// The first two characters of a WXF move: the piece and which one of its kind.
fn wxf_origin(board: &Board, piece: Piece, file: usize, adv: usize) -> String {
    let letter = wxf_letter(piece.kind);
    let file_number = wxf_file(file, piece.side);
    let same_kind = code(piece.kind, piece.side);
    let on_file = |f: usize| -> Vec<usize> {
        let mut ranks: Vec<usize> = (0..RANKS)
            .filter(|&r| board.points[point(f, r) as usize] == same_kind)
            .map(|r| advance(piece.side, r))
            .collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        ranks
    };
    let column = on_file(file);
    // Advisors and elephants are never ambiguous by file: their moves tell them apart.
    if column.len() < 2 || matches!(piece.kind, Kind::Advisor | Kind::Elephant) {
        return format!("{letter}{file_number}");
    }
    let position = column.iter().position(|&a| a == adv).unwrap_or(0);
    let digit = char::from_digit(file_number as u32, 10).unwrap_or('?');
    let (first, second) = tandem_marks(column.len(), position, digit);
    let other_tandem =
        piece.kind == Kind::Soldier && (0..FILES).any(|f| f != file && on_file(f).len() >= 2);
    match first {
        Some(first) => format!("{first}{second}"),
        None if other_tandem => format!("{digit}{second}"),
        None => format!("{letter}{second}"),
    }
}

/// WXF's marks for the piece `position` places from the front (0) among `count`
/// like pieces on one file: a replacement for the letter (`+`/`-` for the
/// foremost and rearmost of four or five soldiers), and `+`, `-` or the file's
/// `digit` (a middle soldier) in place of the file.
fn tandem_marks(count: usize, position: usize, digit: char) -> (Option<char>, char) {
    let from_rear = count - 1 - position;
    match (count, position, from_rear) {
        (4 | 5, 0, _) => (Some('+'), '+'),
        (4 | 5, _, 0) => (Some('-'), '-'),
        (_, 0, _) | (4 | 5, 1, _) => (None, '+'),
        (_, _, 0) | (4 | 5, _, 1) => (None, '-'),
        _ => (None, digit),
    }
}

/// WXF text with its common variations made equal: `.` for sideways is `=`.
pub fn normalize_wxf(text: &str) -> String {
    text.trim().to_ascii_uppercase().replace('.', "=")
}
