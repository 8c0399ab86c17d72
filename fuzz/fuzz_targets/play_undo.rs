//! Play and undo from each game's start as the bytes say: notation round trips,
//! undo restores the hash, and the incremental hash equals the hash of the
//! position read afresh (`ply::game::invariants::check_walk`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use ply::game::invariants::check_walk;
use ply::game::registry::GAME_IDS;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    check_walk(
        GAME_IDS[which as usize % GAME_IDS.len()],
        &rest[..rest.len().min(400)],
    );
});
