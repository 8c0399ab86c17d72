//! Go positions as SGF (FF[4]): the root's size, komi, setup stones and side to
//! move, then the main line of moves. Reading uses the `sgf-parse` crate; writing
//! is a single line of our own, which that crate reads back.

use sgf_parse::Color;
use sgf_parse::go::{Move, Point as SgfPoint, Prop};

use super::board::{MAX_SIZE, MIN_SIZE, Point};
use super::{DEFAULT_KOMI_HALVES, Go, GoMove, format_komi, parse_komi, side_name};
use crate::game::{Game, GameError, GameOptions, Player};

/// The SGF point letters of zero-based (file, rank), rank 0 at the bottom:
/// files from the left, rows from the top.
fn point_letters(size: usize, file: usize, rank: usize) -> String {
    let letter = |n: usize| (b'a' + n as u8) as char;
    format!("{}{}", letter(file), letter(size - 1 - rank))
}

/// The SGF point letters of a board point.
fn write_point(game: &Go, point: Point) -> String {
    let (file, rank) = game.board().coordinates(point);
    point_letters(game.board().size(), file, rank)
}

fn colour_letter(player: Player) -> char {
    match player {
        Player::First => 'B',
        Player::Second => 'W',
    }
}

/// The root node, open for more properties: size, komi, the setup stones as
/// (player, file, rank from the bottom), and the side to move (`PL`) when there
/// are setup stones or White starts.
pub fn write_root(
    size: usize,
    komi_halves: i32,
    setup: &[(Player, usize, usize)],
    first: Player,
) -> String {
    let mut text = format!(
        "(;GM[1]FF[4]CA[UTF-8]RU[Chinese]SZ[{size}]KM[{}]",
        format_komi(komi_halves)
    );
    for player in [Player::First, Player::Second] {
        let points: String = setup
            .iter()
            .filter(|&&(p, _, _)| p == player)
            .map(|&(_, file, rank)| format!("[{}]", point_letters(size, file, rank)))
            .collect();
        if !points.is_empty() {
            text.push_str(&format!("A{}{points}", colour_letter(player)));
        }
    }
    if !setup.is_empty() || first != Player::First {
        text.push_str(&format!("PL[{}]", colour_letter(first)));
    }
    text
}

/// The game as one line of SGF: root properties, setup, the moves, and the result
/// once two passes have ended it.
pub fn write(game: &Go) -> String {
    let (setup, first) = game.start_setup();
    let stones: Vec<(Player, usize, usize)> = setup
        .iter()
        .map(|&(player, point)| {
            let (file, rank) = game.board().coordinates(point);
            (player, file, rank)
        })
        .collect();
    let mut text = write_root(game.board().size(), game.komi_halves(), &stones, first);
    if game.outcome().is_some() {
        text.push_str(&format!("RE[{}]", game.score_text()));
    }
    for &(player, m) in game.history() {
        let point = match m {
            GoMove::Pass => String::new(),
            GoMove::Stone(p) => write_point(game, p),
        };
        text.push_str(&format!(";{}[{point}]", colour_letter(player)));
    }
    text.push(')');
    text
}

/// Reads the first game of an SGF collection: size and komi from the root (the
/// options must agree with the size, and give komi when the root has none), setup
/// stones and side to move from the root, and the main line of moves, each
/// checked for legality.
pub fn read(text: &str, options: &GameOptions) -> Result<Go, GameError> {
    let nodes = sgf_parse::go::parse(text).map_err(|e| GameError::new(format!("SGF: {e}")))?;
    let root = nodes
        .first()
        .ok_or_else(|| GameError::new("SGF: no game in the collection"))?;
    let size = read_size(text, options)?;
    let komi = read_komi(root.properties(), options)?;
    let mut setup = Vec::new();
    let mut first = Player::First;
    let board = super::board::Board::new(size);
    for prop in root.properties() {
        match prop {
            Prop::AB(points) | Prop::AW(points) => {
                let player = if matches!(prop, Prop::AB(_)) {
                    Player::First
                } else {
                    Player::Second
                };
                let mut sorted: Vec<&SgfPoint> = points.iter().collect();
                sorted.sort_by_key(|p| (p.y, p.x));
                for point in sorted {
                    let point = board_point(&board, point)
                        .ok_or_else(|| GameError::new("SGF: a setup stone is off the board"))?;
                    setup.push((player, point));
                }
            }
            Prop::PL(colour) => first = player_of(*colour),
            _ => {}
        }
    }
    let mut game = Go::with_setup(size, komi, &setup, first)?;
    for (index, node) in root.main_variation().enumerate() {
        for prop in node.properties() {
            match prop {
                Prop::AB(_) | Prop::AW(_) | Prop::AE(_) if index > 0 => {
                    return Err(GameError::new(
                        "SGF: setup stones after the first node are not supported",
                    ));
                }
                Prop::B(m) | Prop::W(m) => {
                    let player = if matches!(prop, Prop::B(_)) {
                        Player::First
                    } else {
                        Player::Second
                    };
                    play_sgf_move(&mut game, player, *m, index)?;
                }
                Prop::Invalid(id, values) if id == "B" || id == "W" => {
                    return Err(GameError::new(format!(
                        "SGF: node {index}: '{id}[{}]' is not a move",
                        values.join("][")
                    )));
                }
                _ => {}
            }
        }
    }
    Ok(game)
}

fn player_of(colour: Color) -> Player {
    match colour {
        Color::Black => Player::First,
        Color::White => Player::Second,
    }
}

/// The board point of SGF letters, if on the board.
fn board_point(board: &super::board::Board, point: &SgfPoint) -> Option<Point> {
    let size = board.size();
    let (x, y) = (point.x as usize, point.y as usize);
    (x < size && y < size).then(|| board.point(x, size - 1 - y))
}

fn play_sgf_move(game: &mut Go, player: Player, m: Move, node: usize) -> Result<(), GameError> {
    let size = game.board().size();
    let m = match m {
        Move::Pass => GoMove::Pass,
        // FF[3] wrote a pass as `tt` on boards up to 19x19.
        Move::Move(SgfPoint { x: 19, y: 19 }) if size <= 19 => GoMove::Pass,
        Move::Move(point) => GoMove::Stone(
            board_point(game.board(), &point)
                .ok_or_else(|| GameError::new(format!("SGF: node {node}: move off the board")))?,
        ),
    };
    if let Some(reason) = game.illegal_reason(player, m) {
        return Err(GameError::new(format!(
            "SGF: node {node}: {} {}: {reason}",
            side_name(player),
            game.format_move(m)
        )));
    }
    game.play_as(player, m);
    Ok(())
}

/// The board size: `SZ` as written in the root node (one number, from
/// MIN_SIZE to MAX_SIZE), checked against the `size` option; 19 when neither gives one.
fn read_size(text: &str, options: &GameOptions) -> Result<usize, GameError> {
    let option = super::read_size_option(options)?;
    let Some(written) = root_property(text, "SZ") else {
        // SGF's default size for Go is 19.
        return Ok(option.unwrap_or(19));
    };
    let size = parse_size(&written)?;
    match option {
        Some(o) if o != size => Err(GameError::new(format!(
            "SGF: the board is {size}x{size} but option size={o} was given"
        ))),
        _ => Ok(size),
    }
}

/// One `SZ` value: a single number for a square board (FF[4] writes `SZ[19]`; the
/// composed `W:H` form is for rectangular boards, which Go in ply does not have).
fn parse_size(written: &str) -> Result<usize, GameError> {
    let value = written.trim();
    if let Some((w, h)) = value.split_once(':') {
        let why = if w.trim() == h.trim() {
            format!("a square board's size is one number (SZ[{}])", w.trim())
        } else {
            "only square boards are supported".to_string()
        };
        return Err(GameError::new(format!("SGF: SZ[{value}]: {why}")));
    }
    match value.parse::<usize>() {
        Ok(size) if (MIN_SIZE..=MAX_SIZE).contains(&size) => Ok(size),
        _ => Err(GameError::new(format!(
            "SGF: SZ[{value}]: the board size must be a number from {MIN_SIZE} to {MAX_SIZE}"
        ))),
    }
}

/// The raw value of property `id` in the root node (the first node of the first
/// game), as written: the typed reader cannot tell `SZ[19]` from `SZ[19:19]`, and
/// drops a value it cannot read.
fn root_property(text: &str, id: &str) -> Option<String> {
    let start = text.find('(')?;
    let mut chars = text[start + 1..].trim_start().strip_prefix(';')?.chars();
    let mut name = String::new();
    let mut after_value = false;
    while let Some(c) = chars.next() {
        match c {
            '[' => {
                let value = read_value(&mut chars);
                if name == id {
                    return Some(value);
                }
                after_value = true;
            }
            ';' | '(' | ')' => return None,
            c if c.is_ascii_uppercase() => {
                if after_value {
                    name.clear();
                    after_value = false;
                }
                name.push(c);
            }
            _ => {}
        }
    }
    None
}

/// The rest of a property value after its `[`, up to the unescaped `]`.
fn read_value(chars: &mut std::str::Chars<'_>) -> String {
    let mut value = String::new();
    while let Some(c) = chars.next() {
        match c {
            ']' => break,
            '\\' => value.extend(chars.next()),
            c => value.push(c),
        }
    }
    value
}

fn read_komi<'a>(
    props: impl Iterator<Item = &'a Prop>,
    options: &GameOptions,
) -> Result<i32, GameError> {
    let mut props = props;
    let written = props.find_map(|p| match p {
        Prop::KM(k) => Some(*k),
        _ => None,
    });
    match (written, options.get("komi")) {
        (Some(k), _) => parse_komi(&k.to_string()).map_err(|e| GameError::new(format!("SGF: {e}"))),
        (None, Some(text)) => parse_komi(text),
        (None, None) => Ok(DEFAULT_KOMI_HALVES),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Playable;

    #[test]
    fn a_game_with_setup_passes_and_a_capture_reads_back_the_same() {
        let sgf = "(;GM[1]FF[4]SZ[5]KM[0.5]AB[aa][ba]AW[ca]PL[W];W[ab];B[];W[bb];B[cb])";
        let game = Go::parse_position(sgf, &GameOptions::default()).unwrap();
        assert_eq!(game.board().size(), 5);
        assert_eq!(game.komi_halves(), 1);
        // White's B4 and B3... stones on a5 b5 (Black) were captured by W a4 b4.
        assert_eq!(game.board().captures(), [0, 2]);
        let written = write(&game);
        let again = Go::parse_position(&written, &GameOptions::default()).unwrap();
        assert_eq!(write(&again), written);
        assert_eq!(again.hash(), game.hash());
    }

    #[test]
    fn the_size_is_read_from_the_root_as_written() {
        assert_eq!(
            root_property("(;GM[1]C[SZ[7\\]]SZ[9];SZ[5])", "SZ").as_deref(),
            Some("9")
        );
        assert_eq!(root_property("(;GM[1];SZ[5])", "SZ"), None);
        assert_eq!(
            root_property("(;GM[1]FF[4]SZ [13:13])", "SZ").as_deref(),
            Some("13:13")
        );
        let nine = Go::parse_position("(;FF[4]SZ[9]AB[aa][bb])", &GameOptions::default());
        assert_eq!(nine.unwrap().board().size(), 9);
    }

    #[test]
    fn bad_sgf_is_refused_with_a_reason() {
        let options = GameOptions::default();
        for bad in [
            "(;SZ[9]B[ee];W[ee])",
            "(;SZ[3])",
            "(;SZ[9:7])",
            "(;SZ[9]AB[zz])",
            "(;SZ[9]",
            "(;SZ[9];B[ee];AB[aa])",
            "(;SZ[9];B[e])",
            "(;SZ[99999999999999999999])",
            "(;SZ[abc])",
            "(;SZ[19:19])",
            "(;SZ[])",
        ] {
            assert!(Go::parse_position(bad, &options).is_err(), "{bad}");
        }
    }
}
