//! The syntax PGN (chess), PDN (checkers) and xiangqi's PGN share, and which ply's
//! plain records borrow: `[Key "Value"]` tag pairs, then movetext with move
//! numbers, comments (`{...}`, `;` to the end of the line), variations `( )`,
//! glyphs (`$1`, `!?`) and a result. Reading keeps the tags, the main line's moves
//! and the result of each game in a file; writing lays out tags and numbered
//! moves. What a move means is each game's business.

use super::{GameError, Outcome, Player};

/// The result tokens of the movetext.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
/// The longest line of movetext written.
const LINE_WIDTH: usize = 79;

/// One game of a file: its tags in file order, the main line's moves as written
/// and the result token that ended the movetext, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaggedGame {
    /// The tag pairs, like `("White", "Kasparov")`.
    pub tags: Vec<(String, String)>,
    /// The main line's moves with numbers, comments and glyphs taken off.
    pub moves: Vec<String>,
    /// The result token at the end of the movetext (`1-0`, `*`...).
    pub result: Option<String>,
}

impl TaggedGame {
    /// The value of a tag, if present (names compare case-sensitively, as in PGN).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The result: the movetext's token, else the `Result` tag, else `*`.
    pub fn result_token(&self) -> &str {
        self.result
            .as_deref()
            .or_else(|| self.tag("Result"))
            .unwrap_or("*")
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }
}

/// The result token for an outcome: `1-0` when the first player won.
pub fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win(Player::First)) => "1-0",
        Some(Outcome::Win(Player::Second)) => "0-1",
        Some(Outcome::Draw) => "1/2-1/2",
        None => "*",
    }
}

/// The result a token states (`1-0`, `0-1`, `1/2-1/2`); `None` for `*` or
/// anything else.
pub fn outcome_of_token(token: &str) -> Option<Outcome> {
    [
        Outcome::Win(Player::First),
        Outcome::Win(Player::Second),
        Outcome::Draw,
    ]
    .into_iter()
    .find(|&outcome| result_token(Some(outcome)) == token)
}

/// Reads every game of a file. A tag section after moves or a result starts the
/// next game. Unclosed comments, tags or variations are refused with one line.
pub fn read_games(text: &str) -> Result<Vec<TaggedGame>, GameError> {
    let mut games = Vec::new();
    let mut game = TaggedGame::default();
    let mut word = String::new();
    let mut depth = 0usize;
    let mut at_line_start = true;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let line_start = std::mem::replace(&mut at_line_start, c == '\n');
        match c {
            '%' if line_start => {
                chars.by_ref().find(|&c| c == '\n');
                at_line_start = true;
            }
            '{' => {
                if !chars.by_ref().any(|c| c == '}') {
                    return Err(GameError::new("comment '{' is never closed"));
                }
            }
            ';' => {
                chars.by_ref().find(|&c| c == '\n');
                at_line_start = true;
            }
            '(' => depth += 1,
            ')' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| GameError::new("a ')' without '('"))?;
            }
            '[' if depth == 0 => {
                take_word(&mut word, &mut game);
                if !game.moves.is_empty() || game.result.is_some() {
                    games.push(std::mem::take(&mut game));
                }
                game.tags.push(read_tag(&mut chars)?);
            }
            c if c.is_whitespace() => {}
            _ if depth > 0 => {}
            _ => {
                word.push(c);
                continue;
            }
        }
        take_word(&mut word, &mut game);
    }
    take_word(&mut word, &mut game);
    if depth > 0 {
        return Err(GameError::new("variation '(' is never closed"));
    }
    if !game.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// Reads the rest of `[Key "Value"]` after its `[`, with `\"` and `\\` escapes.
fn read_tag(chars: &mut impl Iterator<Item = char>) -> Result<(String, String), GameError> {
    let mut inside = String::new();
    let mut quoted = false;
    let mut escaped = false;
    for c in chars.by_ref() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return parse_tag(&inside),
            '\n' if !quoted => break,
            _ => {}
        }
        inside.push(c);
    }
    Err(GameError::new(format!(
        "tag [{} is never closed",
        inside.trim()
    )))
}

/// Reads `Key "Value"`, the inside of a tag.
fn parse_tag(inside: &str) -> Result<(String, String), GameError> {
    let bad = || GameError::new(format!("bad tag: [{inside}]"));
    let (key, rest) = inside
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(bad)?;
    let value = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(bad)?;
    Ok((key.to_string(), unescape(value)))
}

fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// Files a finished word: a result ends the movetext, a move number (`12.`,
/// `12...`, the `12.` of `12.e4`) and glyphs (`$1`, `!?`) are left out.
fn take_word(word: &mut String, game: &mut TaggedGame) {
    let text = std::mem::take(word);
    if RESULTS.contains(&text.as_str()) {
        game.result = Some(text);
        return;
    }
    let after_number = match text.trim_start_matches(|c: char| c.is_ascii_digit()) {
        rest if rest.starts_with('.') && rest.len() < text.len() => rest.trim_start_matches('.'),
        _ => text.as_str(),
    };
    let bare = after_number.trim_end_matches(['!', '?']);
    if !bare.is_empty() && !bare.starts_with('$') {
        game.moves.push(bare.to_string());
    }
}

/// Writes one tag pair line, escaping quotes and backslashes.
pub fn format_tag(key: &str, value: &str) -> String {
    format!(
        "[{key} \"{}\"]\n",
        value.replace('\\', "\\\\").replace('"', "\\\"")
    )
}

/// A whole game: the tags, a blank line, the movetext wrapped at 79 columns
/// with an optional comment before the result, and a blank line after it.
pub fn format_game(
    tags: &[(String, String)],
    movetext: &[String],
    comment: Option<&str>,
    result: &str,
) -> String {
    let mut text: String = tags.iter().map(|(k, v)| format_tag(k, v)).collect();
    text.push('\n');
    let mut words = movetext.to_vec();
    if let Some(comment) = comment {
        words.push(format!("{{{}}}", comment.replace('}', ")")));
    }
    words.push(result.to_string());
    text.push_str(&wrap(&words, LINE_WIDTH));
    text.push_str("\n\n");
    text
}

/// Breaks words into lines of at most `width` characters.
fn wrap(words: &[String], width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in words {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.clone()),
        }
    }
    lines.join("\n")
}

/// One numbered turn of a move list: the first player's moves then the second's
/// (one each in most games; Kalah's extra turns add more on one side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn<T> {
    /// The turn's number: chess's full-move number.
    pub number: u32,
    /// The first player's moves in this turn (none when the list starts with the second's).
    pub first: Vec<T>,
    /// The second player's moves in this turn.
    pub second: Vec<T>,
}

/// Groups moves into numbered turns, `1. e4 e5` style: a new turn starts when
/// the first player moves after the second; `number` is the first turn's number.
pub fn turns<T>(moves: impl IntoIterator<Item = (Player, T)>, number: u32) -> Vec<Turn<T>> {
    let mut out: Vec<Turn<T>> = Vec::new();
    for (by, m) in moves {
        let new_turn = match out.last() {
            None => true,
            Some(turn) => by == Player::First && !turn.second.is_empty(),
        };
        if new_turn {
            let number = out.last().map_or(number, |t| t.number + 1);
            out.push(Turn {
                number,
                first: Vec::new(),
                second: Vec::new(),
            });
        }
        let turn = out.last_mut().expect("a turn was just pushed");
        match by {
            Player::First => turn.first.push(m),
            Player::Second => turn.second.push(m),
        }
    }
    out
}

/// The movetext words of numbered turns: `1. e4 e5 2. Nf3`, and `1... e5` for a
/// list that starts with the second player.
pub fn numbered_words(turns: &[Turn<String>]) -> Vec<String> {
    let mut words = Vec::new();
    for turn in turns {
        if turn.first.is_empty() {
            words.push(format!("{}...", turn.number));
        } else {
            words.push(format!("{}.", turn.number));
            words.extend(turn.first.iter().cloned());
        }
        words.extend(turn.second.iter().cloned());
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_split_at_tags_and_keep_the_main_line() {
        let text = "[Event \"a\"]\n\n1. e4 {a [%clk 0:01:00]\n[not a tag]} e5?! (1... c5 2. Nf3 (2. c3)) 2.Nf3 $1 ; rest\n2... Nc6 1-0\n\n[Event \"b\"]\n1. d4 *\n";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(games[0].result_token(), "1-0");
        assert_eq!(games[1].tag("Event"), Some("b"));
        assert_eq!(games[1].moves, ["d4"]);
    }

    #[test]
    fn broken_syntax_is_one_line() {
        for bad in [
            "1. e4 {x",
            "1. e4 (e5",
            "1. e4 )",
            "[Event \"x\"\n1. e4",
            "[Event]",
        ] {
            let error = read_games(bad).unwrap_err();
            assert!(!error.0.contains('\n'), "{bad}: {error}");
        }
    }

    #[test]
    fn turns_pair_moves_and_keep_extra_turns_together() {
        let moves = [
            (Player::First, "a"),
            (Player::Second, "b"),
            (Player::First, "c"),
            (Player::First, "d"),
            (Player::Second, "e"),
        ];
        let rows = turns(moves, 1);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[1].number, &rows[1].first[..]), (2, &["c", "d"][..]));
        let late = turns([(Player::Second, "e5".to_string())], 7);
        assert_eq!(numbered_words(&late), ["7...", "e5"]);
    }

    #[test]
    fn tags_escape_and_read_back() {
        let text = format_game(
            &[("White".into(), "a \"b\" \\c".into())],
            &["1.".into(), "e4".into()],
            Some("why"),
            "*",
        );
        let game = &read_games(&text).unwrap()[0];
        assert_eq!(game.tag("White"), Some("a \"b\" \\c"));
        assert_eq!(game.moves, ["e4"]);
    }
}
