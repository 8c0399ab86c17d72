//! A transposition table: positions already searched, by Zobrist hash, so that a
//! position reached again by another move order is not searched again.
//!
//! Four entries a bucket; a new entry takes an empty slot, else one left by an
//! earlier search, else the shallowest one. A long-lived table (the engine's, kept
//! between moves) is aged at each search with [`TranspositionTable::new_search`].
//! [`SharedTable`] is the same table for several threads at once (lazy SMP).

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, PoisonError};

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

impl Bound {
    /// What a fail-soft `score` searched with the window `(alpha, beta)` says.
    pub fn of(score: Score, alpha: Score, beta: Score) -> Bound {
        if score <= alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
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
    /// A table that grows to about `mib` MiB (at least one bucket). Its full size
    /// is reserved (not touched) up front, so that growing never needs memory the
    /// system may refuse: where `mib` cannot be reserved, the table is as large as
    /// can be, instead of aborting the program half-way through a search. The
    /// reserved memory is asked for in huge pages: probes land anywhere in it.
    pub fn new(mib: usize) -> TranspositionTable<M> {
        let entry_size = std::mem::size_of::<Option<Slot<M>>>().max(1);
        let wanted = mib.saturating_mul(1 << 20) / entry_size / BUCKET;
        let mut max_buckets = if wanted <= 1 { 1 } else { 1 << wanted.ilog2() };
        let mut slots = Vec::new();
        while slots.try_reserve_exact(max_buckets * BUCKET).is_err() && max_buckets > 1 {
            max_buckets /= 2;
        }
        crate::memory::advise_huge_pages(&slots);
        let buckets = max_buckets.min(INITIAL_BUCKETS);
        slots.resize(buckets * BUCKET, None);
        TranspositionTable {
            slots,
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

    /// The most entries the table will hold.
    pub fn capacity(&self) -> usize {
        self.max_buckets * BUCKET
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
        let index = slot_to_replace(bucket, slot.entry.key, generation);
        if bucket[index].is_none() {
            self.used += 1;
        }
        bucket[index] = Some(slot);
    }

    /// Doubles the buckets within the memory reserved at creation: each entry of
    /// bucket `b` stays there or moves to the new bucket `b + old buckets`, which
    /// only receives entries from `b` and so always has room.
    fn grow(&mut self) {
        let old_buckets = self.bucket_mask + 1;
        self.slots.resize(old_buckets * 2 * BUCKET, None);
        self.bucket_mask = old_buckets * 2 - 1;
        for bucket in 0..old_buckets {
            let mut next_free = (bucket + old_buckets) * BUCKET;
            for slot in bucket * BUCKET..(bucket + 1) * BUCKET {
                let moves = self.slots[slot]
                    .as_ref()
                    .is_some_and(|s| self.bucket(s.entry.key).start != bucket * BUCKET);
                if moves {
                    self.slots[next_free] = self.slots[slot].take();
                    next_free += 1;
                }
            }
        }
    }

    /// How many entries are in use, in thousandths of the table (UCI's hashfull).
    pub fn permille_full(&self) -> u32 {
        let sample = self.slots.len().min(4000);
        let used = self.slots[..sample].iter().filter(|s| s.is_some()).count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// Says whether `mib` MiB could be had for a table right now, by reserving them
/// and giving them back: `--tt-mib` past what a memory limit (`ulimit -v`)
/// allows is refused with one line instead of a smaller table than asked for.
pub fn check_reservable(mib: usize) -> Result<(), super::SearchError> {
    let bytes = mib.saturating_mul(1 << 20);
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(bytes)
        .map_err(|_| super::SearchError::TableMemory { mib })
}

/// Where in `bucket` an entry for `key` goes: the same position's slot, else an
/// empty one, else the one of an earlier search or searched least deep.
fn slot_to_replace<M>(bucket: &[Option<Slot<M>>], key: u64, generation: u8) -> usize {
    bucket
        .iter()
        .position(|s| s.as_ref().is_some_and(|s| s.entry.key == key))
        .or_else(|| bucket.iter().position(Option::is_none))
        .unwrap_or_else(|| {
            (0..bucket.len())
                .min_by_key(|&i| {
                    bucket[i].as_ref().map_or((false, 0), |s| {
                        (s.generation == generation, effective_depth(&s.entry))
                    })
                })
                .unwrap_or(0)
        })
}

/// A transposition table several threads read and write at once: a fixed number
/// of buckets (it does not grow: growing would stop every thread), each behind
/// its own lock, so that two threads wait for each other only on the same bucket.
/// Entries are kept and replaced as in [`TranspositionTable`].
pub struct SharedTable<M> {
    buckets: Vec<Mutex<[Option<Slot<M>>; BUCKET]>>,
    /// The current search's number, as [`TranspositionTable`]'s.
    generation: AtomicU8,
    mib: usize,
}

impl<M: Copy> SharedTable<M> {
    /// A table of about `mib` MiB (at least one bucket), all of it allocated now;
    /// where that much cannot be had, as large as can be.
    pub fn new(mib: usize) -> SharedTable<M> {
        let bucket_size = std::mem::size_of::<Mutex<[Option<Slot<M>>; BUCKET]>>().max(1);
        let wanted = mib.saturating_mul(1 << 20) / bucket_size;
        let mut count = if wanted <= 1 { 1 } else { 1 << wanted.ilog2() };
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(count).is_err() && count > 1 {
            count /= 2;
        }
        crate::memory::advise_huge_pages(&buckets);
        buckets.resize_with(count, || Mutex::new([None; BUCKET]));
        SharedTable {
            buckets,
            generation: AtomicU8::new(0),
            mib,
        }
    }

    /// The size asked for, in MiB.
    pub fn mib(&self) -> usize {
        self.mib
    }

    /// Starts a new search: see [`TranspositionTable::new_search`].
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket.get_mut().unwrap_or_else(PoisonError::into_inner) = [None; BUCKET];
        }
    }

    fn bucket(&self, key: u64) -> std::sync::MutexGuard<'_, [Option<Slot<M>>; BUCKET]> {
        let index = key as usize & (self.buckets.len() - 1);
        self.buckets[index]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The entry for this position, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.bucket(key)
            .iter()
            .flatten()
            .find(|s| s.entry.key == key)
            .map(|s| s.entry)
    }

    /// Stores a result, replacing as [`TranspositionTable::store`] does when full.
    pub fn store(&self, entry: Entry<M>) {
        let generation = self.generation.load(Ordering::Relaxed);
        let mut bucket = self.bucket(entry.key);
        let index = slot_to_replace(&bucket[..], entry.key, generation);
        bucket[index] = Some(Slot { entry, generation });
    }

    /// How many entries are in use, in thousandths of the table (UCI's hashfull).
    pub fn permille_full(&self) -> u32 {
        let sample = self.buckets.len().min(1000);
        let used: usize = (0..sample)
            .map(|i| {
                let bucket = self.buckets[i]
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                bucket.iter().filter(|s| s.is_some()).count()
            })
            .sum();
        (used * 1000 / (sample * BUCKET).max(1)) as u32
    }
}

fn effective_depth<M>(entry: &Entry<M>) -> u32 {
    if entry.proven {
        u32::MAX
    } else {
        u32::from(entry.depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64) -> Entry<u32> {
        Entry {
            key,
            score: key as Score % 100,
            best_move: Some(key as u32),
            depth: 3,
            bound: Bound::Exact,
            proven: false,
        }
    }

    #[test]
    fn growing_in_place_keeps_every_entry() {
        let mut table = TranspositionTable::<u32>::new(1);
        let keys: Vec<u64> = (1..=20_000u64).map(crate::game::zobrist::mix64).collect();
        for &key in &keys {
            table.store(entry(key));
        }
        assert!(
            table.slots.len() > INITIAL_BUCKETS * BUCKET,
            "the table grew"
        );
        assert!(table.slots.len() <= table.capacity());
        let kept = keys.iter().filter(|&&k| table.probe(k).is_some()).count();
        // Below its full size a table never evicts.
        let full = table.slots.len() == table.capacity();
        assert!(full || kept == keys.len(), "{kept} of {}", keys.len());
        for &key in &keys {
            if let Some(found) = table.probe(key) {
                assert_eq!(found.best_move, Some(key as u32));
            }
        }
    }

    #[test]
    fn a_shared_table_keeps_what_threads_store_at_once() {
        let table = SharedTable::<u32>::new(1);
        let keys: Vec<u64> = (1..=4_000u64).map(crate::game::zobrist::mix64).collect();
        std::thread::scope(|scope| {
            for part in keys.chunks(1_000) {
                let table = &table;
                scope.spawn(move || part.iter().for_each(|&key| table.store(entry(key))));
            }
        });
        // Each found entry is the one stored for its key, never a mix of two.
        let mut found = 0;
        for &key in &keys {
            if let Some(stored) = table.probe(key) {
                assert_eq!((stored.key, stored.best_move), (key, Some(key as u32)));
                found += 1;
            }
        }
        // 1 MiB holds far more than 4,000 entries: few are evicted.
        assert!(found * 10 >= keys.len() * 9, "{found} of {}", keys.len());
        assert!(table.permille_full() > 0);
    }

    #[test]
    fn memory_that_cannot_be_had_is_refused_with_a_line() {
        assert!(check_reservable(1).is_ok());
        let refused = check_reservable(usize::MAX >> 20).unwrap_err();
        assert!(refused.to_string().contains("cannot reserve"), "{refused}");
    }
}
