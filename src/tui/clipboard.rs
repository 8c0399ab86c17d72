//! Copying text out of the arcade: the terminal's clipboard through OSC 52 (most
//! terminal emulators and tmux with `set-clipboard on` take it, over ssh too),
//! and always a file beside it, since no terminal says whether it obeyed.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The name of the fall-back file the copied text is written to.
pub const FALLBACK_FILE: &str = "ply-clipboard.txt";

/// The OSC 52 sequence that puts `text` on the system clipboard.
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", base64(text.as_bytes()))
}

/// Standard base64 with padding (RFC 4648), what OSC 52 carries.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Copies `text`: the OSC 52 sequence to `terminal` when given, and the text to
/// the fall-back file in `dir` (atomically); returns the file's path.
pub fn copy(text: &str, dir: &Path, terminal: Option<&mut dyn Write>) -> io::Result<PathBuf> {
    if let Some(out) = terminal {
        out.write_all(osc52(text).as_bytes())?;
        out.flush()?;
    }
    let path = dir.join(FALLBACK_FILE);
    crate::fsutil::write_atomic(&path, text.as_bytes())?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_test_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in vectors {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
        assert_eq!(osc52("foo"), "\x1b]52;c;Zm9v\x07");
    }
}
