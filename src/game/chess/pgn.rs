//! PGN, the common file format for chess games: tag pairs, then the moves in SAN
//! with move numbers, then the result. Export writes the seven standard tags (and
//! `SetUp`/`FEN` for games that start elsewhere); import reads tags, skips
//! comments, variations and annotation glyphs, and replays the moves.

use super::{Chess, START_FEN};
use crate::game::{Game, GameError, Outcome, Player};

/// A game read from PGN: its tag pairs in file order, the replayed game and the
/// result written at the end.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tag pairs, like `("White", "Kasparov")`.
    pub tags: Vec<(String, String)>,
    /// The game with every move played, so undo walks back through it.
    pub game: Chess,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PgnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

/// The PGN result token for a game: from its outcome, `*` while it goes on.
pub fn result_token(game: &Chess) -> &'static str {
    match game.outcome() {
        Some(Outcome::Win(Player::First)) => "1-0",
        Some(Outcome::Win(Player::Second)) => "0-1",
        Some(Outcome::Draw) => "1/2-1/2",
        None => "*",
    }
}

/// Writes `game` as PGN; `tags` adds to or overrides the standard ones (Event,
/// Site, Date, Round, White, Black; the Result always comes from the game).
pub fn write(game: &Chess, tags: &[(&str, &str)]) -> String {
    let result = result_token(game);
    let mut pairs: Vec<(String, String)> = [
        ("Event", "ply game"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    for (key, value) in tags {
        match pairs.iter_mut().find(|(k, _)| k == key) {
            Some(pair) => pair.1 = value.to_string(),
            None => pairs.push((key.to_string(), value.to_string())),
        }
    }
    pairs.insert(6, ("Result".to_string(), result.to_string()));
    let start = game.first_board().to_string();
    if start != START_FEN {
        pairs.push(("SetUp".to_string(), "1".to_string()));
        pairs.push(("FEN".to_string(), start));
    }
    let mut text: String = pairs
        .iter()
        .map(|(k, v)| {
            format!(
                "[{k} \"{}\"]\n",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            )
        })
        .collect();
    text.push('\n');
    text.push_str(&wrap(&movetext(game, result), 79));
    text.push('\n');
    text
}

/// The moves with their numbers and the result, on one line.
fn movetext(game: &Chess, result: &str) -> String {
    let mut replay = Chess::from_board(game.first_board().clone());
    let mut words = Vec::new();
    for m in game.played() {
        let board = replay.board();
        let number = board.fullmove_number();
        if board.side_to_move() == cozy_chess::Color::White {
            words.push(format!("{number}."));
        } else if words.is_empty() {
            words.push(format!("{number}..."));
        }
        words.push(replay.format_move(m));
        replay.play(m);
    }
    words.push(result.to_string());
    words.join(" ")
}

/// Breaks a line of words into lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines.join("\n")
}

/// Reads one game in PGN. Tags are optional; a `FEN` tag sets the start position.
pub fn read(text: &str) -> Result<PgnGame, GameError> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            tags.push(parse_tag(trimmed)?);
        } else if !trimmed.starts_with('%') {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    let mut game = match tags.iter().find(|(k, _)| k == "FEN") {
        Some((_, fen)) => Chess::from_fen(fen)?,
        None => Chess::new(),
    };
    let mut result = tags
        .iter()
        .find(|(k, _)| k == "Result")
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| "*".to_string());
    for token in tokens(&movetext)? {
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str()) {
            result = token;
            break;
        }
        let m = game
            .parse_move(&token)
            .map_err(|e| GameError::new(format!("PGN move {token}: {e}")))?;
        game.play(m);
    }
    Ok(PgnGame { tags, game, result })
}

/// Reads `[Key "Value"]`, with `\"` and `\\` escapes in the value.
fn parse_tag(line: &str) -> Result<(String, String), GameError> {
    let bad = || GameError::new(format!("bad PGN tag: {line}"));
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?
        .trim();
    let (key, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(bad)?;
    let value = quoted.replace("\\\"", "\"").replace("\\\\", "\\");
    Ok((key.to_string(), value))
}

/// The move and result tokens of movetext: comments (`{...}`, `;` to the end of the
/// line), variations in parentheses, `$n` glyphs and move numbers left out.
fn tokens(movetext: &str) -> Result<Vec<String>, GameError> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut depth = 0usize;
    let mut chars = movetext.chars();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                if !chars.by_ref().any(|c| c == '}') {
                    return Err(GameError::new("PGN comment '{' is never closed"));
                }
            }
            ';' => {
                chars.by_ref().find(|&c| c == '\n');
            }
            '(' => depth += 1,
            ')' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| GameError::new("PGN has a ')' without '('"))?;
            }
            c if c.is_whitespace() => {}
            _ if depth > 0 => {}
            _ => {
                word.push(c);
                continue;
            }
        }
        flush_token(&mut word, &mut out);
    }
    flush_token(&mut word, &mut out);
    if depth > 0 {
        return Err(GameError::new("PGN variation '(' is never closed"));
    }
    Ok(out)
}

/// Keeps a finished word unless it is a move number or a glyph; `12.e4` keeps `e4`.
fn flush_token(word: &mut String, out: &mut Vec<String>) {
    let text = std::mem::take(word);
    let without_number = text.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    let token = if text.contains('.') && !text.contains('/') {
        without_number
    } else {
        text.as_str()
    };
    if !token.is_empty() && !token.starts_with('$') {
        out.push(token.to_string());
    }
}
