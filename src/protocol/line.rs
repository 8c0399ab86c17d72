//! Lines of the text protocols, read as bytes so that a line that is not UTF-8
//! is answered, not fatal: the loop of those that answer one line at a time (GTP,
//! Gomocup), and the bounded line reader of UCI and UCCI.

use std::io::{BufRead, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// The longest command line read; longer ones are skipped (a `position` with a
/// thousand moves is under 6 KiB).
pub(super) const LONGEST_LINE: usize = 1 << 20;

/// The most lines read ahead of the answers (while a move is searched).
const READ_AHEAD: usize = 64;

/// Feeds each line of `input` to `answer` until it says the session is over or the
/// input ends, writing and flushing what it answers after every line. A line past
/// [`LONGEST_LINE`] is skipped unread and answered with `too_long`, so an endless
/// line costs no more memory than a long one.
///
/// The lines are read on a thread of their own, ahead of the answers: when a line
/// that `ends` the session (`quit`, `END`) or the end of input is read, `ended`
/// is set at once, so that the search under way (and any still to come) stops
/// instead of running to its time; the lines before it are answered in order.
pub(super) fn serve(
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
    mut answer: impl FnMut(&str) -> (String, bool),
    ends: fn(&str) -> bool,
    ended: Arc<AtomicBool>,
    too_long: &str,
) -> anyhow::Result<()> {
    serve_live(input, output, |line, _| answer(line), ends, ended, too_long)
}

/// Like [`serve`], for answers that go on until the next line comes (GTP's live
/// analysis): `answer` gets a [`Live`] to write through as it runs and to ask
/// whether the next line has been read.
pub(super) fn serve_live(
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
    answer: impl FnMut(&str, &mut Live<'_>) -> (String, bool),
    ends: fn(&str) -> bool,
    ended: Arc<AtomicBool>,
    too_long: &str,
) -> anyhow::Result<()> {
    let (lines, reader) = read_ahead(input, ends, ended)?;
    answer_lines_live(lines, output, answer, too_long)?;
    wait_for_the_reader(reader);
    Ok(())
}

/// What an answer in progress may use: the output, written and flushed at once,
/// and a look at the input for the next line.
pub(super) struct Live<'a> {
    output: &'a mut dyn Write,
    lines: &'a mpsc::Receiver<Incoming>,
    next: &'a mut Option<Incoming>,
}

impl Live<'_> {
    /// Writes `text` now (before the answer's end) and flushes it.
    pub(super) fn write(&mut self, text: &str) -> std::io::Result<()> {
        self.output.write_all(text.as_bytes())?;
        self.output.flush()
    }

    /// True once the next line has been read or the input has ended: an answer
    /// that runs until the next command then finishes.
    pub(super) fn next_line_waiting(&mut self) -> bool {
        if self.next.is_some() {
            return true;
        }
        match self.lines.try_recv() {
            Ok(line) => {
                *self.next = Some(line);
                true
            }
            Err(mpsc::TryRecvError::Empty) => false,
            Err(mpsc::TryRecvError::Disconnected) => true,
        }
    }
}

/// Waits for the reader thread to end once the session is over, so that nothing
/// of it outlives [`serve`] (a fuzzer checks each run leaves nothing behind). The
/// reader stops by itself after the line that ends the session or at the end of
/// input, which is what ended it; should it still be blocked on its input after a
/// second, it is left to the process's exit rather than waited for.
fn wait_for_the_reader(reader: std::thread::JoinHandle<()>) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
    while !reader.is_finished() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    if reader.is_finished() {
        let _ = reader.join();
    }
}

/// A line for the answering loop.
enum Incoming {
    /// A line, without its end of line.
    Line(String),
    /// A line past [`LONGEST_LINE`], skipped.
    TooLong,
}

/// Reads `input` on a thread of its own, sending its lines; sets `ended` when a
/// line that `ends` the session or the end of input is read, then stops reading.
/// Returns the lines and the reader thread.
fn read_ahead(
    mut input: impl BufRead + Send + 'static,
    ends: fn(&str) -> bool,
    ended: Arc<AtomicBool>,
) -> std::io::Result<(mpsc::Receiver<Incoming>, std::thread::JoinHandle<()>)> {
    let (send, receive) = mpsc::sync_channel(READ_AHEAD);
    let reader = std::thread::Builder::new()
        .name("ply-input".into())
        .spawn(move || {
            let mut bytes = Vec::new();
            loop {
                let incoming = match read_line(&mut input, &mut bytes) {
                    Line::End => break,
                    Line::TooLong => Incoming::TooLong,
                    Line::Read => Incoming::Line(String::from_utf8_lossy(&bytes).into_owned()),
                };
                let last = matches!(&incoming, Incoming::Line(text) if ends(text));
                if last {
                    ended.store(true, Ordering::SeqCst);
                }
                if send.send(incoming).is_err() || last {
                    break;
                }
            }
            ended.store(true, Ordering::SeqCst);
        })?;
    Ok((receive, reader))
}

/// Answers the lines in the order read until `answer` says the session is over
/// or they run out.
#[cfg(test)]
fn answer_lines(
    lines: mpsc::Receiver<Incoming>,
    output: &mut impl Write,
    mut answer: impl FnMut(&str) -> (String, bool),
    too_long: &str,
) -> anyhow::Result<()> {
    answer_lines_live(lines, output, |line, _| answer(line), too_long)
}

/// [`answer_lines`] with a [`Live`] for each answer.
fn answer_lines_live(
    lines: mpsc::Receiver<Incoming>,
    output: &mut impl Write,
    mut answer: impl FnMut(&str, &mut Live<'_>) -> (String, bool),
    too_long: &str,
) -> anyhow::Result<()> {
    let mut next = None;
    while let Some(line) = next.take().or_else(|| lines.recv().ok()) {
        let (reply, finished) = match line {
            Incoming::TooLong => (too_long.to_string(), false),
            Incoming::Line(text) => {
                let mut live = Live {
                    output: &mut *output,
                    lines: &lines,
                    next: &mut next,
                };
                answer(&text, &mut live)
            }
        };
        output.write_all(reply.as_bytes())?;
        output.flush()?;
        if finished {
            return Ok(());
        }
    }
    Ok(())
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
        let ended = Arc::new(AtomicBool::new(false));
        let (lines, _) = read_ahead(std::io::Cursor::new(input), is_quit, ended.clone()).unwrap();
        answer_lines(lines, &mut output, answer, "? too long\n").unwrap();
        assert_eq!(
            String::from_utf8(output).unwrap(),
            "? too long\n= name\n= quit\n"
        );
        assert_eq!(seen, ["name", "quit"]);
        assert!(ended.load(Ordering::SeqCst));
    }

    fn is_quit(line: &str) -> bool {
        line == "quit"
    }

    #[test]
    fn the_end_is_known_before_the_lines_ahead_of_it_are_answered() {
        let ended = Arc::new(AtomicBool::new(false));
        let input = std::io::Cursor::new(b"genmove\nname\nquit\nnever read\n".to_vec());
        let (lines, _) = read_ahead(input, is_quit, ended.clone()).unwrap();
        let mut seen = Vec::new();
        let answer = |line: &str| {
            // The first answer waits, as a search would, until the end is read.
            let start = std::time::Instant::now();
            while !ended.load(Ordering::SeqCst) {
                assert!(start.elapsed().as_secs() < 10, "quit never read ahead");
                std::thread::yield_now();
            }
            seen.push(line.to_string());
            (String::new(), false)
        };
        answer_lines(lines, &mut Vec::new(), answer, "").unwrap();
        assert_eq!(seen, ["genmove", "name", "quit"]);
    }

    #[test]
    fn the_end_of_input_ends_the_session() {
        let ended = Arc::new(AtomicBool::new(false));
        let lines = read_ahead(
            std::io::Cursor::new(b"name".to_vec()),
            is_quit,
            ended.clone(),
        );
        let mut seen = Vec::new();
        let answer = |line: &str| {
            seen.push(line.to_string());
            (String::new(), false)
        };
        answer_lines(lines.unwrap().0, &mut Vec::new(), answer, "").unwrap();
        assert_eq!(seen, ["name"]);
        assert!(ended.load(Ordering::SeqCst));
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
