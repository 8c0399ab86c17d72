//! Lines of the text protocols, read as bytes so that a line that is not UTF-8
//! is answered, not fatal: the loop of those that answer one line at a time (GTP,
//! Gomocup), and the bounded line reader of UCI and UCCI.

use std::io::{BufRead, Read, Write};

/// The longest command line read; longer ones are skipped (a `position` with a
/// thousand moves is under 6 KiB).
pub(super) const LONGEST_LINE: usize = 1 << 20;

/// Feeds each stdin line to `answer` until it says the session is over or the
/// input ends, writing and flushing what it answers after every line. A line past
/// [`LONGEST_LINE`] is skipped unread and answered with `too_long`, so an endless
/// line costs no more memory than a long one.
pub(super) fn serve(
    answer: impl FnMut(&str) -> (String, bool),
    too_long: &str,
) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    serve_from(stdin.lock(), &mut std::io::stdout(), answer, too_long)
}

fn serve_from(
    mut input: impl BufRead,
    output: &mut impl Write,
    mut answer: impl FnMut(&str) -> (String, bool),
    too_long: &str,
) -> anyhow::Result<()> {
    let mut bytes = Vec::new();
    loop {
        let (reply, finished) = match read_line(&mut input, &mut bytes) {
            Line::End => return Ok(()),
            Line::TooLong => (too_long.to_string(), false),
            Line::Read => answer(&String::from_utf8_lossy(&bytes)),
        };
        output.write_all(reply.as_bytes())?;
        output.flush()?;
        if finished {
            return Ok(());
        }
    }
}

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Line {
    /// A line, in the buffer, without its end of line.
    Read,
    /// A line past [`LONGEST_LINE`], skipped to its end.
    TooLong,
    /// The end of input (or an input error: there is nothing more to read either way).
    End,
}

/// Reads one line of bytes into `line`, holding at most [`LONGEST_LINE`] of them.
pub(super) fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> Line {
    line.clear();
    let limit = LONGEST_LINE as u64 + 1;
    match (&mut *input).take(limit).read_until(b'\n', line) {
        Ok(0) | Err(_) => Line::End,
        Ok(_) if line.last() == Some(&b'\n') => {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            Line::Read
        }
        Ok(_) if line.len() as u64 == limit => {
            line.clear();
            let _ = input.skip_until(b'\n');
            Line::TooLong
        }
        Ok(_) => Line::Read,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_too_long_is_answered_and_the_session_goes_on() {
        let mut input = vec![b'x'; 3 * LONGEST_LINE];
        input.extend_from_slice(b"\nname\nquit\nnever read\n");
        let mut output = Vec::new();
        let mut seen = Vec::new();
        let answer = |line: &str| {
            seen.push(line.to_string());
            (format!("= {line}\n"), line == "quit")
        };
        serve_from(
            std::io::Cursor::new(input),
            &mut output,
            answer,
            "? too long\n",
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(output).unwrap(),
            "? too long\n= name\n= quit\n"
        );
        assert_eq!(seen, ["name", "quit"]);
    }

    #[test]
    fn lines_are_read_as_bytes_and_long_ones_skipped() {
        let mut long = vec![b'x'; LONGEST_LINE + 10];
        long.extend_from_slice(b"\nisready\r\n\xff\xfe\nlast");
        let mut input = std::io::Cursor::new(long);
        let mut line = Vec::new();
        assert_eq!(read_line(&mut input, &mut line), Line::TooLong);
        assert_eq!(read_line(&mut input, &mut line), Line::Read);
        assert_eq!(line, b"isready");
        assert_eq!(read_line(&mut input, &mut line), Line::Read);
        assert_eq!(line, b"\xff\xfe");
        assert_eq!(read_line(&mut input, &mut line), Line::Read);
        assert_eq!(line, b"last");
        assert_eq!(read_line(&mut input, &mut line), Line::End);
    }
}
