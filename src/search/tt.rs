//! A transposition table: positions already searched, by Zobrist hash, so that a
//! position reached again by another move order is not searched again.
//!
//! Four entries a bucket; a new entry takes an empty slot, else one left by an
//! earlier search, else the shallowest one. A long-lived table (the engine's, kept
//! between moves) is aged at each search with [`TranspositionTable::new_search`].

use super::score::Score;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (the search failed high: a cutoff).
    Lower,
    /// The value is at most the score (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The full hash, to tell positions sharing a bucket apart.
    pub key: u64,
    /// Score from the side to move's view, wins counted from this node.
    pub score: Score,
    /// The best or refuting move found, tried first next time.
    pub best_move: Option<M>,
    /// Remaining depth the score was searched to.
    pub depth: u16,
    /// How the score relates to the value.
    pub bound: Bound,
    /// True when no leaf below was cut off by the depth limit: valid at any depth.
    pub proven: bool,
}

const BUCKET: usize = 4;
/// Buckets a table starts with: small searches should not pay for clearing a
/// large table, so it starts small and doubles while more than half full.
const INITIAL_BUCKETS: usize = 1 << 10;

/// A stored entry with the search that stored it.
#[derive(Clone, Copy, Debug)]
struct Slot<M> {
    entry: Entry<M>,
    generation: u8,
}

/// The table itself, sized in MiB.
pub struct TranspositionTable<M> {
    slots: Vec<Option<Slot<M>>>,
    bucket_mask: usize,
    max_buckets: usize,
    used: usize,
    /// The current search's number; entries of other numbers are stale and go first.
    generation: u8,
    mib: usize,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table that grows to about `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> TranspositionTable<M> {
        let entry_size = std::mem::size_of::<Option<Slot<M>>>().max(1);
        let wanted = (mib << 20) / entry_size / BUCKET;
        let max_buckets = if wanted <= 1 { 1 } else { 1 << wanted.ilog2() };
        let buckets = max_buckets.min(INITIAL_BUCKETS);
        TranspositionTable {
            slots: vec![None; buckets * BUCKET],
            bucket_mask: buckets - 1,
            max_buckets,
            used: 0,
            generation: 0,
            mib,
        }
    }

    /// The size asked for, in MiB.
    pub fn mib(&self) -> usize {
        self.mib
    }

    /// Starts a new search on a kept table: what earlier searches stored stays
    /// usable, but gives way first when a bucket is full.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|slot| *slot = None);
        self.used = 0;
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let start = (key as usize & self.bucket_mask) * BUCKET;
        start..start + BUCKET
    }

    /// The entry for this position, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.slots[self.bucket(key)]
            .iter()
            .flatten()
            .find(|s| s.entry.key == key)
            .map(|s| s.entry)
    }

    /// Stores a result, replacing the same position, else an empty slot, else the
    /// entry searched least deep.
    ///
    /// Below its full size the table grows rather than evict anything, so a search
    /// that fits never loses an entry.
    pub fn store(&mut self, entry: Entry<M>) {
        while self.bucket_mask + 1 < self.max_buckets
            && (self.used * 2 > self.slots.len() || !self.has_room_for(entry.key))
        {
            self.grow();
        }
        self.place(entry);
    }

    fn has_room_for(&self, key: u64) -> bool {
        self.slots[self.bucket(key)]
            .iter()
            .any(|s| s.is_none_or(|s| s.entry.key == key))
    }

    fn place(&mut self, entry: Entry<M>) {
        self.put(Slot {
            entry,
            generation: self.generation,
        });
    }

    fn put(&mut self, slot: Slot<M>) {
        let range = self.bucket(slot.entry.key);
        let generation = self.generation;
        let bucket = &mut self.slots[range];
        let index = bucket
            .iter()
            .position(|s| s.is_some_and(|s| s.entry.key == slot.entry.key))
            .or_else(|| bucket.iter().position(Option::is_none))
            .unwrap_or_else(|| {
                (0..BUCKET)
                    .min_by_key(|&i| {
                        bucket[i].map_or((false, 0), |s| {
                            (s.generation == generation, effective_depth(&s.entry))
                        })
                    })
                    .unwrap_or(0)
            });
        if bucket[index].is_none() {
            self.used += 1;
        }
        bucket[index] = Some(slot);
    }

    fn grow(&mut self) {
        let buckets = (self.bucket_mask + 1) * 2;
        let old = std::mem::replace(&mut self.slots, vec![None; buckets * BUCKET]);
        self.bucket_mask = buckets - 1;
        self.used = 0;
        for slot in old.into_iter().flatten() {
            self.put(slot);
        }
    }

    /// How many entries are in use, in thousandths of the table (UCI's hashfull).
    pub fn permille_full(&self) -> u32 {
        let sample = self.slots.len().min(4000);
        let used = self.slots[..sample].iter().filter(|s| s.is_some()).count();
        (used * 1000 / sample.max(1)) as u32
    }
}

fn effective_depth<M>(entry: &Entry<M>) -> u32 {
    if entry.proven {
        u32::MAX
    } else {
        entry.depth as u32
    }
}
