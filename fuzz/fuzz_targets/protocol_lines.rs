//! Any bytes as a session of one of ply's text protocols: UCI (chess or
//! xiangqi), UCCI, GTP (Go) or Gomocup. No panic, no hang; the session ends at
//! the end of input with every search stopped.
//!
//! The first byte picks the protocol (low three bits) and whether a line longer
//! than the protocols read (1 MiB) comes first (high bit), so that the skip of an
//! endless line is fuzzed with whatever follows it.
#![no_main]

use std::io::Cursor;

use libfuzzer_sys::fuzz_target;
use ply::protocol::gomocup;
use ply::protocol::gtp::{self, GtpSettings};
use ply::protocol::uci::{Dialect, serve_variant};

/// One byte past the longest line the protocols read.
const OVERLONG: usize = (1 << 20) + 1;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let mut input = Vec::with_capacity(rest.len() + OVERLONG + 1);
    if which & 0x80 != 0 {
        input.resize(OVERLONG, b'x');
        input.push(b'\n');
    }
    input.extend_from_slice(rest);
    match (which & 0x7f) % 5 {
        0 => serve_variant("chess", Dialect::Uci, Cursor::new(input)).expect("a known variant"),
        1 => serve_variant("xiangqi", Dialect::Uci, Cursor::new(input)).expect("a known variant"),
        2 => serve_variant("xiangqi", Dialect::Ucci, Cursor::new(input)).expect("a known variant"),
        3 => gtp::serve_io(&go_settings(), Cursor::new(input), &mut std::io::sink())
            .expect("a session writing to a sink"),
        _ => gomocup::serve_io(
            "engine:strong:nodes=300",
            true,
            Some(2),
            Cursor::new(input),
            &mut std::io::sink(),
        )
        .expect("a session writing to a sink"),
    }
});

/// A GTP engine with few playouts a move, so that a `genmove` ends quickly even
/// when the end of input has not stopped it.
fn go_settings() -> GtpSettings {
    GtpSettings {
        seconds_per_move: 1.0,
        playouts: Some(64),
        resign_percent: 0.0,
        resign_streak: 0,
        exploration_centi: 100,
        rave_equivalence: 100,
        seed: Some(1),
        memory_mib: 16,
        threads: 2,
    }
}
