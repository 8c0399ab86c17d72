//! Every game's option, position and move parsers on any text (options, position
//! and moves split at NUL bytes): refused with one line, or accepted and printing
//! and reading back (`ply::game::invariants::check_texts`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use ply::game::invariants::check_texts;
use ply::game::registry::GAME_IDS;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut parts = text.split('\0');
    let options = parts.next().unwrap_or("");
    let position = parts.next().filter(|p| !p.is_empty());
    let moves = parts.next();
    check_texts(
        GAME_IDS[which as usize % GAME_IDS.len()],
        options,
        position,
        moves,
    );
});
