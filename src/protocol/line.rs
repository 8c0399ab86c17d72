//! Lines of the text protocols, read as bytes so that a line that is not UTF-8
//! is answered, not fatal: the loop of those that answer one line at a time (GTP,
//! Gomocup), and the bounded line reader of UCI and UCCI.

use std::io::{BufRead, Read, Write};

/// The longest command line read; longer ones are skipped (a `position` with a
/// thousand moves is under 6 KiB).
pub(super) const LONGEST_LINE: usize = 1 << 20;

/// Feeds each stdin line to `answer` until it says the session is over or the
/// input ends, writing and flushing what it answers after every line.
pub(super) fn serve(mut answer: impl FnMut(&str) -> (String, bool)) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut stdout = std::io::stdout();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        let (reply, finished) = answer(&String::from_utf8_lossy(&bytes));
        stdout.write_all(reply.as_bytes())?;
        stdout.flush()?;
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
