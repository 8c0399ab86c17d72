//! Typed moves before commands: on the game screen a key that can start a move in
//! the game's notation (`N` for a knight, `h` for the h-file, `4` for a column)
//! goes to the move line, and a command whose key is taken so moves to a stand-in
//! that no move of that game starts with. The game screen, its help and the key
//! table of the documentation all read the keys from here.

/// A command's own key, and the key that stands in for it in a game whose moves
/// can start with the own key. `h`, `j`, `k` and `l` have none: the arrows move
/// the cursor.
pub const STAND_INS: &[(char, char)] = &[
    ('a', 'L'),
    ('f', 'F'),
    ('i', 'I'),
    ('m', 'M'),
    ('n', '.'),
    ('N', '!'),
    ('q', 'Q'),
    ('r', 'R'),
    ('s', 'S'),
    ('+', '>'),
    ('=', '>'),
    ('-', '<'),
];

/// The printable ASCII keys that can start a move in one game: a copyable
/// snapshot of its notation's predicate, for the help.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveStarts(u128);

impl MoveStarts {
    /// The keys `starts` accepts.
    pub fn of(starts: impl Fn(char) -> bool) -> MoveStarts {
        let bits = (b' '..=b'~')
            .filter(|&byte| starts(char::from(byte)))
            .fold(0u128, |bits, byte| bits | 1u128 << byte);
        MoveStarts(bits)
    }

    /// True when a move can start with `key`.
    pub fn contains(self, key: char) -> bool {
        u8::try_from(key).is_ok_and(|byte| byte < 128 && self.0 & (1u128 << byte) != 0)
    }

    /// True when no key starts a move (the screen has no typed moves).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The keys in short: runs of three or more written `a-h`, the rest one by one
    /// (`1-9 a-i + - A B C ...`).
    pub fn describe(self) -> String {
        let keys: Vec<char> = (b' '..=b'~')
            .map(char::from)
            .filter(|&c| self.contains(c))
            .collect();
        let mut parts = Vec::new();
        let mut start = 0;
        while start < keys.len() {
            let mut end = start;
            while end + 1 < keys.len() && keys[end + 1] as u32 == keys[end] as u32 + 1 {
                end += 1;
            }
            if end - start >= 2 {
                parts.push(format!("{}-{}", keys[start], keys[end]));
            } else {
                parts.extend(keys[start..=end].iter().map(char::to_string));
            }
            start = end + 1;
        }
        parts.join(" ")
    }
}

/// The key a command answers to in a game whose moves start with `starts`: its
/// own key when no move starts with it, else its stand-in, or none at all.
pub fn command_key(own: char, starts: MoveStarts) -> Option<char> {
    if !starts.contains(own) {
        return Some(own);
    }
    STAND_INS
        .iter()
        .find(|&&(command, _)| command == own)
        .map(|&(_, stand_in)| stand_in)
        .filter(|&stand_in| !starts.contains(stand_in))
}

/// What a typed key means in such a game: `None` when it starts a move; the
/// command it stands in for, when that command's own key starts moves; the key
/// itself otherwise.
pub fn command_of(typed: char, starts: MoveStarts) -> Option<char> {
    if starts.contains(typed) {
        return None;
    }
    let stood_for = STAND_INS
        .iter()
        .find(|&&(own, stand_in)| stand_in == typed && starts.contains(own))
        .map(|&(own, _)| own);
    Some(stood_for.unwrap_or(typed))
}

/// A help entry's keys (`u  r`, `←→↑↓ / h j k l`) as they are in such a game:
/// each one-character key replaced by [`command_key`], dropped when it has none;
/// `None` when no key is left.
pub fn keys_in_game(keys: &str, starts: MoveStarts) -> Option<String> {
    // Each key with the spaces before it, so that the kept ones keep their spacing.
    let mut kept: Vec<(&str, String)> = Vec::new();
    let mut rest = keys;
    while !rest.trim_start().is_empty() {
        let token_start = rest.len() - rest.trim_start().len();
        let (space, after) = rest.split_at(token_start);
        let token_end = after.find(char::is_whitespace).unwrap_or(after.len());
        let (token, next) = after.split_at(token_end);
        rest = next;
        let mut chars = token.chars();
        let key = match (chars.next(), chars.next()) {
            (Some(own), None) if token != "/" => command_key(own, starts).map(String::from),
            _ => Some(token.to_string()),
        };
        if let Some(key) = key
            && !(key == "/" && kept.last().is_none_or(|(_, last)| last == "/"))
        {
            kept.push((space, key));
        }
    }
    while kept.last().is_some_and(|(_, last)| last == "/") {
        kept.pop();
    }
    let mut text = String::new();
    for (i, (space, key)) in kept.iter().enumerate() {
        if i > 0 {
            text.push_str(space);
        }
        text.push_str(key);
    }
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> MoveStarts {
        MoveStarts::of(|c| matches!(c, 'a'..='h' | 'K' | 'Q' | 'R' | 'B' | 'N' | 'O' | '0'))
    }

    #[test]
    fn move_keys_win_and_commands_move_to_their_stand_ins() {
        assert_eq!(command_of('N', chess()), None);
        assert_eq!(command_of('h', chess()), None);
        assert_eq!(command_of('!', chess()), Some('N'));
        assert_eq!(command_of('F', chess()), Some('f'));
        assert_eq!(command_of('u', chess()), Some('u'));
        // In a game where `f` starts no move, `F` stands in for nothing.
        assert_eq!(command_of('F', MoveStarts::default()), Some('F'));
        assert_eq!(command_key('N', chess()), Some('!'));
        assert_eq!(command_key('h', chess()), None);
        assert_eq!(command_key('u', chess()), Some('u'));
    }

    #[test]
    fn help_keys_are_rewritten_and_dropped_keys_leave_no_separator() {
        assert_eq!(
            keys_in_game("←→↑↓ / h j k l", chess()).as_deref(),
            Some("←→↑↓ / j k l")
        );
        assert_eq!(
            keys_in_game("space  n", chess()).as_deref(),
            Some("space  n")
        );
        assert_eq!(keys_in_game("N", chess()).as_deref(), Some("!"));
        assert_eq!(keys_in_game("h", chess()), None);
        assert_eq!(
            keys_in_game("Esc / q / v", chess()).as_deref(),
            Some("Esc / q / v")
        );
    }

    #[test]
    fn the_keys_are_described_in_runs() {
        assert_eq!(chess().describe(), "0 B K N O Q R a-h");
        assert_eq!(
            MoveStarts::of(|c| ('1'..='7').contains(&c)).describe(),
            "1-7"
        );
    }
}
