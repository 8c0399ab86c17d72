//! The loop of the text protocols that answer one line at a time (GTP, Gomocup):
//! stdin read as bytes, so a line that is not UTF-8 is answered, not fatal.

use std::io::{BufRead, Write};

/// Feeds each stdin line to `answer` until it says the session is over or the
/// input ends, writing and flushing what it answers after every line.
pub fn serve(mut answer: impl FnMut(&str) -> (String, bool)) -> anyhow::Result<()> {
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
