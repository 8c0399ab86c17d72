//! Any bytes as a UCI (chess or xiangqi) or UCCI session: no panic, no hang; the
//! session ends at the end of input with every search stopped.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ply::protocol::uci::{Dialect, serve_variant};

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let (variant, dialect) = match which % 3 {
        0 => ("chess", Dialect::Uci),
        1 => ("xiangqi", Dialect::Uci),
        _ => ("xiangqi", Dialect::Ucci),
    };
    serve_variant(variant, dialect, rest).expect("a known variant");
});
