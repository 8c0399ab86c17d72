//! Text from outside shown back safely: control characters (newline, escape,
//! DEL...) written as escapes, so that what someone typed can neither split a
//! one-line message nor reach a terminal as an escape sequence.

/// `text` with every control character written as an escape (`\n`, `\u{1b}`),
/// the rest unchanged.
pub fn escape_control(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(escape_control("a\nb\u{1b}[2Jé\t"), "a\\nb\\u{1b}[2Jé\\t");
        assert_eq!(escape_control("plain words"), "plain words");
    }
}
