//! The PGN reader on any text: refused with one line, or accepted and reading
//! back what it writes (`ply::game::invariants::check_pgn`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use ply::game::invariants::check_pgn;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check_pgn(text);
    }
});
