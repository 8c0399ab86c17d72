//! The exact solver's transposition tables: what earlier searches proved about a
//! position (a lower and an upper bound on its score, and the move that did best).
//!
//! Most positions a solve visits are near the end of the game, and their
//! transpositions turn up close together in time, so they go to a small table that
//! stays in the processor's cache; the rest go to a large one in main memory
//! ([`Tables`]). A hit is always the same position, never a collision.

use crate::game::GameError;
use crate::memory::advise_huge_pages;

/// Bits of an entry that hold the data; the check bits take the rest.
const DATA_BITS: u32 = 21;
/// The fewest entries a table may have: the check bits must leave room for the data.
pub const MIN_ENTRIES_LOG2: u32 = DATA_BITS + 1;
/// Offset that makes a score (at most 30 either way) a small unsigned number.
const SCORE_OFFSET: i32 = 32;
/// A bound that says nothing: below or above every score.
pub const NO_LOWER: i32 = -31;
/// See [`NO_LOWER`].
pub const NO_UPPER: i32 = 31;
const SCORE_MASK: u64 = 0x3F;
const UPPER_SHIFT: u32 = 6;
const COLUMN_SHIFT: u32 = 12;
const WORK_SHIFT: u32 = 16;
/// The largest work figure an entry records (log2 of the nodes below it).
const MAX_WORK: u32 = 31;

/// What the table knows about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The score is at least this ([`NO_LOWER`] when unknown).
    pub lower: i32,
    /// The score is at most this ([`NO_UPPER`] when unknown).
    pub upper: i32,
    /// The column that did best the last time the position was searched.
    pub column: Option<u8>,
}

impl Entry {
    fn pack(self, work: u32) -> u64 {
        let column = self.column.map_or(0, |c| u64::from(c) + 1);
        ((self.lower + SCORE_OFFSET) as u64)
            | ((self.upper + SCORE_OFFSET) as u64) << UPPER_SHIFT
            | column << COLUMN_SHIFT
            | u64::from(work.min(MAX_WORK)) << WORK_SHIFT
    }

    fn unpack(word: u64) -> Entry {
        let column = (word >> COLUMN_SHIFT) & 0xF;
        Entry {
            lower: (word & SCORE_MASK) as i32 - SCORE_OFFSET,
            upper: ((word >> UPPER_SHIFT) & SCORE_MASK) as i32 - SCORE_OFFSET,
            column: column.checked_sub(1).map(|c| c as u8),
        }
    }

    /// Both entries' knowledge at once: the tighter bound of each side.
    fn merge(self, older: Entry) -> Entry {
        Entry {
            lower: self.lower.max(older.lower),
            upper: self.upper.min(older.upper),
            column: self.column.or(older.column),
        }
    }
}

fn work_of(word: u64) -> u32 {
    ((word >> WORK_SHIFT) & 0x1F) as u32
}

/// The large table: one 64-bit word per entry and two entries per bucket.
///
/// The position key is scrambled by a bijective mix; the top bits of the mix pick
/// the bucket and the rest are kept in the entry, so that the entry identifies its
/// key exactly. Each bucket keeps the entry that cost the most work to find and the
/// most recent one, as Fhourstones does.
pub struct Table {
    words: Vec<u64>,
    bucket_bits: u32,
}

impl Table {
    /// A table of `2^entries_log2` entries (8 bytes each), at least
    /// `2^MIN_ENTRIES_LOG2`, or an error when the memory cannot be had. The memory
    /// is only touched as entries are written.
    pub fn new(entries_log2: u32) -> Result<Table, GameError> {
        let entries_log2 = entries_log2.clamp(MIN_ENTRIES_LOG2, 40);
        let words = zeroed_words(1 << entries_log2).ok_or_else(|| {
            GameError::new(format!(
                "cannot allocate a Connect Four table of {} MiB",
                (8u64 << entries_log2) >> 20
            ))
        })?;
        if entries_log2 >= HUGE_PAGE_ENTRIES_LOG2 {
            advise_huge_pages(&words);
        }
        Ok(Table {
            words,
            bucket_bits: entries_log2 - 1,
        })
    }

    /// Forgets every entry, keeping the memory.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// The bucket's first word and the bits an entry of `key` carries to recognise it.
    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let mixed = mix(key);
        let bucket = (mixed >> (64 - self.bucket_bits)) as usize;
        (bucket * 2, mixed << self.bucket_bits)
    }

    #[inline]
    fn holds(&self, word: u64, check: u64) -> bool {
        word != 0 && (word ^ check) >> self.bucket_bits == 0
    }

    /// Starts loading the bucket of `key` into the cache, so that a probe soon after
    /// does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let (first, _) = self.locate(key);
        prefetch(&self.words[first]);
    }

    /// What is known about the position with this key, if the table still has it.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (first, check) = self.locate(key);
        self.words[first..first + 2]
            .iter()
            .find(|&&word| self.holds(word, check))
            .map(|&word| Entry::unpack(word))
    }

    /// Records what a search proved, merged with what the table knew already.
    /// `work` (log2 of the nodes the search took) decides which entry a full bucket keeps.
    pub fn store(&mut self, key: u64, entry: Entry, work: u32) {
        let (first, check) = self.locate(key);
        for slot in first..first + 2 {
            let word = self.words[slot];
            if self.holds(word, check) {
                let merged = entry.merge(Entry::unpack(word));
                self.words[slot] = check | merged.pack(work.max(work_of(word)));
                return;
            }
        }
        let fresh = check | entry.pack(work);
        if work >= work_of(self.words[first]) {
            self.words[first + 1] = self.words[first];
            self.words[first] = fresh;
        } else {
            self.words[first + 1] = fresh;
        }
    }
}

/// The small table: one 64-bit word per slot, the newest entry wins.
///
/// As in [`Table`], the top bits of the key's mix pick the slot and the rest are
/// kept as check bits, so that a hit is exact; with [`NEAR_SLOTS_LOG2`] slots the
/// data (no work figure) fits the bits the slot index frees. Half the size of a
/// table of whole keys, it stays in a core's cache, which the solver's probes of
/// every child near the end of the game need.
pub struct NearTable {
    words: Vec<u64>,
}

/// Slots of the near table: 2^16 words, 512 KiB.
const NEAR_SLOTS_LOG2: u32 = 16;
/// The bits of a near-table word that hold the data: an entry packed with no work.
const NEAR_DATA_MASK: u64 = (1 << WORK_SHIFT) - 1;
// The slot index must free the data's bits for the check to be exact.
const _: () = assert!(NEAR_SLOTS_LOG2 >= WORK_SHIFT);

impl NearTable {
    /// An empty near table.
    pub fn new() -> NearTable {
        NearTable {
            words: vec![0; 1 << NEAR_SLOTS_LOG2],
        }
    }

    /// The slot of `key` and the check bits its entry carries.
    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let mixed = mix(key);
        (
            (mixed >> (64 - NEAR_SLOTS_LOG2)) as usize,
            mixed << NEAR_SLOTS_LOG2,
        )
    }

    /// Starts loading the slot of `key` into the cache.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.words[self.locate(key).0]);
    }

    /// What is known about the position with this key, if the table still has it.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (slot, check) = self.locate(key);
        let word = self.words[slot];
        // Packed data is never zero: the lower bound's field is at least 1.
        (word & NEAR_DATA_MASK != 0 && word & !NEAR_DATA_MASK == check).then(|| Entry::unpack(word))
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Records what a search proved, merged with what the table knew already.
    #[inline]
    pub fn store(&mut self, key: u64, entry: Entry) {
        let (slot, check) = self.locate(key);
        let entry = match self.probe(key) {
            Some(known) => entry.merge(known),
            None => entry,
        };
        self.words[slot] = check | entry.pack(0);
    }
}

impl Default for NearTable {
    fn default() -> Self {
        NearTable::new()
    }
}

/// Both tables, each position going to one of them by how many empty cells it has.
pub struct Tables {
    far: Table,
    near: NearTable,
    /// Positions with this many stones or more go to the near table.
    near_from: u32,
}

/// Positions with this many empty cells or fewer go to the near table.
const NEAR_EMPTY_CELLS: u32 = 16;

impl Tables {
    /// Tables for a board of `cells` cells, the large one with `2^far_log2` entries;
    /// an error when its memory cannot be had.
    pub fn new(cells: u32, far_log2: u32) -> Result<Tables, GameError> {
        Ok(Tables {
            far: Table::new(far_log2)?,
            near: NearTable::new(),
            near_from: cells.saturating_sub(NEAR_EMPTY_CELLS),
        })
    }

    /// Forgets everything both tables hold, keeping their memory.
    pub fn clear(&mut self) {
        self.far.clear();
        self.near.clear();
    }

    /// What is known about the position with this key and number of stones.
    #[inline]
    pub fn probe(&self, key: u64, stones: u32) -> Option<Entry> {
        if stones >= self.near_from {
            self.near.probe(key)
        } else {
            self.far.probe(key)
        }
    }

    /// Starts loading the entry of a position into the cache.
    #[inline]
    pub fn prefetch(&self, key: u64, stones: u32) {
        if stones >= self.near_from {
            self.near.prefetch(key);
        } else {
            self.far.prefetch(key);
        }
    }

    /// Records what a search proved; `work` is log2 of the nodes it took.
    #[inline]
    pub fn store(&mut self, key: u64, stones: u32, entry: Entry, work: u32) {
        if stones >= self.near_from {
            self.near.store(key, entry);
        } else {
            self.far.store(key, entry, work);
        }
    }
}

/// A bijective scramble of a position key: both steps are invertible, so distinct
/// keys give distinct mixes, and the top bits depend on every bit of the key.
#[inline]
fn mix(key: u64) -> u64 {
    (key ^ (key >> 32)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Tables at least this large (log2 of their entries) ask for huge pages: a small
/// table's probes stay within few pages anyway, and each huge page costs 2 MiB of
/// zeroing the first time it is touched, which a short solve would pay in full.
const HUGE_PAGE_ENTRIES_LOG2: u32 = 24;

/// `len` zeroed words, or `None` when the system refuses the memory. The zeroed
/// allocation leaves the pages untouched until they are written, unlike a zeroing
/// loop, so a table costs only the entries a solve fills.
fn zeroed_words(len: usize) -> Option<Vec<u64>> {
    let layout = std::alloc::Layout::array::<u64>(len).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout has a non-zero size; a non-null result is a block of
    // `len` zeroed `u64`s (zero is a valid `u64`) allocated by the global
    // allocator with exactly the layout `Vec<u64>` of capacity `len` frees it with.
    unsafe {
        let pointer = std::alloc::alloc_zeroed(layout) as *mut u64;
        (!pointer.is_null()).then(|| Vec::from_raw_parts(pointer, len, len))
    }
}

/// Starts loading the cache line of `value` from memory, so that a read soon after
/// does not wait for it.
#[inline]
fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: SSE is part of every x86_64 target, and a prefetch never faults
        // or changes memory.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(value as *const T as *const i8) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_merge() {
        let mut table = Table::new(MIN_ENTRIES_LOG2).unwrap();
        let entry = Entry {
            lower: -30,
            upper: 30,
            column: Some(11),
        };
        table.store(12345, entry, 7);
        assert_eq!(table.probe(12345), Some(entry));
        assert_eq!(table.probe(12346), None);
        let tighter = Entry {
            lower: 2,
            upper: NO_UPPER,
            column: None,
        };
        table.store(12345, tighter, 3);
        assert_eq!(
            table.probe(12345),
            Some(Entry {
                lower: 2,
                upper: 30,
                column: Some(11)
            })
        );
    }

    #[test]
    fn a_table_too_large_for_the_machine_is_an_error() {
        assert!(Table::new(40).is_err(), "8 TiB");
    }

    #[test]
    fn the_near_table_keeps_the_newest_entry() {
        let mut table = NearTable::new();
        let entry = |lower| Entry {
            lower,
            upper: NO_UPPER,
            column: Some(6),
        };
        table.store(7, entry(1));
        assert_eq!(table.probe(7), Some(entry(1)));
        table.store(7, entry(-3));
        assert_eq!(table.probe(7), Some(entry(1)), "bounds are merged");
        let rival = (8..)
            .find(|&k| table.locate(k).0 == table.locate(7).0)
            .unwrap();
        assert_eq!(table.probe(rival), None, "the slot holds another key");
        table.store(rival, entry(2));
        assert_eq!(table.probe(7), None);
        assert_eq!(table.probe(rival), Some(entry(2)));
    }

    #[test]
    fn a_full_bucket_keeps_the_costliest_and_the_newest() {
        let mut table = Table::new(MIN_ENTRIES_LOG2).unwrap();
        // Keys that share a bucket: same top bits of the mix.
        let (bucket, _) = table.locate(1);
        let same_bucket: Vec<u64> = (2..)
            .filter(|&k| table.locate(k).0 == bucket)
            .take(2)
            .collect();
        let entry = Entry {
            lower: 0,
            upper: 0,
            column: None,
        };
        table.store(1, entry, 20);
        table.store(same_bucket[0], entry, 5);
        table.store(same_bucket[1], entry, 6);
        assert!(table.probe(1).is_some());
        assert!(table.probe(same_bucket[0]).is_none());
        assert!(table.probe(same_bucket[1]).is_some());
    }
}
