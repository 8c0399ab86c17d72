//! Reproducible pseudo-random keys for Zobrist hashing, computed rather than stored.

/// SplitMix64: a fast, well-mixed function of its input, so that a key for any
/// (table, index) pair can be computed on demand and is the same on every run.
pub const fn mix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The key for item `index` of table `table`: distinct tables never share keys.
pub const fn key(table: u64, index: u64) -> u64 {
    mix64(mix64(table) ^ index)
}

/// The key toggled when the second player is to move.
pub const SECOND_TO_MOVE: u64 = key(0, 0x05EC_011D);

/// Fills a table of `N` keys at compile time.
pub const fn table<const N: usize>(table_id: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        keys[i] = key(table_id, i as u64);
        i += 1;
    }
    keys
}
