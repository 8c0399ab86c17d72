//! PDN notation: squares 1-32, moves `11-15`, captures `15x24` or `15x24x31`, and
//! FEN-like positions `B:W21,22,K30:B1,2,3` (side to move, then each side's squares,
//! `K` before a king).

use super::board::{self, Board, Move, Squares};
use super::side_name;
use crate::game::{GameError, Player};

/// Most pieces a side can have.
const MOST_PIECES: u32 = 12;

/// Writes a square index as its PDN number.
pub fn format_square(square: usize) -> String {
    (square + 1).to_string()
}

/// Reads a PDN square number (1-32) into a square index.
pub fn parse_square(text: &str) -> Result<usize, GameError> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=board::SQUARES).contains(&n) => Ok(n - 1),
        _ => Err(GameError::new(format!(
            "'{text}' is not a square: expected a number from 1 to 32"
        ))),
    }
}

/// Writes a move: `11-15` for a step, every landing square for a capture (`15x24x31`).
pub fn format_move(m: Move) -> String {
    if !m.is_capture() {
        return format!("{}-{}", m.from + 1, m.to + 1);
    }
    let mut text = format_square(m.from as usize);
    for landing in m.landings() {
        text.push('x');
        text.push_str(&format_square(landing));
    }
    text
}

/// Reads a move and finds it among `legal` (the moves of `side`): `11-15`, `15x24`,
/// or a capture's full path `15x24x31`, which is needed when two jump paths join the
/// same squares.
pub fn parse_move(legal: &[Move], side: Player, text: &str) -> Result<Move, GameError> {
    let text = text.trim();
    let squares = text
        .split(['-', 'x', 'X'])
        .map(parse_square)
        .collect::<Result<Vec<usize>, GameError>>()
        .map_err(|e| GameError::new(format!("'{text}' is not a move like 11-15 or 15x24: {e}")))?;
    let (from, to) = match squares.as_slice() {
        [from, .., to] => (*from, *to),
        _ => {
            return Err(GameError::new(format!(
                "'{text}' is not a move: write the squares from and to, like 11-15 or 15x24"
            )));
        }
    };
    let full_path = squares.len() > 2;
    let matching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.from as usize == from
                && if full_path {
                    m.landings().eq(squares[1..].iter().copied())
                } else {
                    m.to as usize == to
                }
        })
        .collect();
    match matching.as_slice() {
        [m] => Ok(*m),
        [] => Err(why_illegal(legal, side, from, text)),
        several => Err(GameError::new(format!(
            "{text} is ambiguous: write the full path, one of {}",
            listed(several)
        ))),
    }
}

/// The reason no legal move matches a move from `from`.
fn why_illegal(legal: &[Move], side: Player, from: usize, text: &str) -> GameError {
    let captures: Vec<Move> = legal.iter().copied().filter(|m| m.is_capture()).collect();
    let from_here: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from as usize == from)
        .collect();
    let message = if !captures.is_empty() && from_here.is_empty() {
        format!(
            "{text} is not legal: a capture is mandatory ({})",
            listed(&captures)
        )
    } else if from_here.is_empty() {
        format!(
            "{text} is not legal: {} has no piece that can move from {}",
            side_name(side),
            from + 1
        )
    } else {
        format!(
            "{text} is not legal: the piece on {} can play {}",
            from + 1,
            listed(&from_here)
        )
    };
    GameError::new(message)
}

/// Moves as text separated by commas.
fn listed(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| format_move(m))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Writes a position as PDN FEN: `B:W21,...,K30:B1,...` (White's list first).
pub fn format_position(board: &Board, side: Player) -> String {
    let list = |player: Player| {
        let mut pieces = board.pieces[player.index()];
        let mut items = Vec::new();
        while pieces != 0 {
            let square = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let king = if board.kings & (1 << square) != 0 {
                "K"
            } else {
                ""
            };
            items.push(format!("{king}{}", square + 1));
        }
        items.join(",")
    };
    format!(
        "{}:W{}:B{}",
        side_letter(side),
        list(Player::Second),
        list(Player::First)
    )
}

fn side_letter(side: Player) -> char {
    match side {
        Player::First => 'B',
        Player::Second => 'W',
    }
}

fn parse_side(text: &str) -> Result<Player, GameError> {
    match text.trim() {
        "B" | "b" => Ok(Player::First),
        "W" | "w" => Ok(Player::Second),
        other => Err(GameError::new(format!(
            "'{other}' is not a side: expected B or W"
        ))),
    }
}

/// Reads a PDN FEN: the side to move, then a list for each side (in either order),
/// each square a number with `K` before a king; ranges like `1-12` are allowed and a
/// final `.` is ignored.
pub fn parse_position(text: &str) -> Result<(Board, Player), GameError> {
    let text = text.trim();
    let text = text.strip_suffix('.').unwrap_or(text);
    let fields: Vec<&str> = text.split(':').collect();
    let [turn, first, second] = fields.as_slice() else {
        return Err(GameError::new(
            "expected three fields separated by ':', like B:W21,22:B1,2",
        ));
    };
    let side = parse_side(turn)?;
    let mut board = Board::default();
    let mut seen = [false; 2];
    for field in [first, second] {
        let field = field.trim();
        let Some(letter) = field.get(..1) else {
            return Err(GameError::new(
                "a piece list is empty: expected W or B first",
            ));
        };
        let player = parse_side(letter)?;
        if std::mem::replace(&mut seen[player.index()], true) {
            return Err(GameError::new(format!(
                "{} is listed twice",
                side_name(player)
            )));
        }
        read_pieces(&mut board, player, &field[1..])?;
    }
    check_position(&board)?;
    Ok((board, side))
}

/// Adds the pieces of one list (`21,22,K30` or `1-12`) to the board.
fn read_pieces(board: &mut Board, player: Player, list: &str) -> Result<(), GameError> {
    for item in list.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let (king, squares) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        let (low, high) = match squares.split_once('-') {
            Some((low, high)) => (parse_square(low)?, parse_square(high)?),
            None => {
                let square = parse_square(squares)?;
                (square, square)
            }
        };
        if low > high {
            return Err(GameError::new(format!("'{item}' is an empty range")));
        }
        for square in low..=high {
            place(board, player, king, square)?;
        }
    }
    Ok(())
}

fn place(board: &mut Board, player: Player, king: bool, square: usize) -> Result<(), GameError> {
    let bit: Squares = 1 << square;
    if board.occupied() & bit != 0 {
        return Err(GameError::new(format!(
            "square {} is given twice",
            square + 1
        )));
    }
    if !king && board::crowning_row(player) & bit != 0 {
        return Err(GameError::new(format!(
            "a {} man on {} would have been crowned: write K{}",
            side_name(player),
            square + 1,
            square + 1
        )));
    }
    board.pieces[player.index()] |= bit;
    if king {
        board.kings |= bit;
    }
    Ok(())
}

/// Refuses boards no game can reach: too many pieces, or none at all.
fn check_position(board: &Board) -> Result<(), GameError> {
    for player in [Player::First, Player::Second] {
        let count = board.pieces[player.index()].count_ones();
        if count > MOST_PIECES {
            return Err(GameError::new(format!(
                "{} has {count} pieces: at most {MOST_PIECES}",
                side_name(player)
            )));
        }
    }
    if board.occupied() == 0 {
        return Err(GameError::new("the board is empty"));
    }
    Ok(())
}
