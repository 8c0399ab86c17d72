//! A cache of static values by position hash: a search evaluates many positions
//! more than once (the node's own value for pruning, then again at a quiescence
//! stand-pat; the same position reached by other move orders, or in the next
//! iteration). A hit gives back exactly what the evaluation said, so values,
//! moves and node counts are the same with the cache as without: only the time
//! changes. It pays only where the evaluation is slow and positions come back
//! often ([`Game::CACHES_EVALUATION`]: xiangqi).
//!
//! [`Game::CACHES_EVALUATION`]: crate::game::Game::CACHES_EVALUATION

use super::score::Score;

/// Entries in the cache (a power of two): 4 MiB, enough for the positions of a
/// one-second search to be found again while it runs.
const ENTRIES: usize = 1 << 18;

/// One slot: the full hash of the position it holds (0: empty) and its value.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    value: Score,
}

/// Static values by position hash, one search long (a search with another
/// evaluation starts with an empty one).
pub(super) struct EvalCache {
    slots: Vec<Slot>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

impl EvalCache {
    /// An empty cache.
    pub(super) fn new() -> EvalCache {
        EvalCache {
            slots: vec![Slot::default(); ENTRIES],
        }
    }

    /// The value stored for `key`, if this slot still holds that position.
    pub(super) fn get(&self, key: u64) -> Option<Score> {
        let slot = self.slots[Self::index(key)];
        (slot.key == key && key != 0).then_some(slot.value)
    }

    /// Keeps `value` for `key`, replacing whatever the slot held.
    pub(super) fn put(&mut self, key: u64, value: Score) {
        self.slots[Self::index(key)] = Slot { key, value };
    }

    fn index(key: u64) -> usize {
        // The low bits index the transposition table too; the high ones spread
        // the positions that share a table slot over the cache.
        (key >> 40) as usize & (ENTRIES - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_back_what_was_put_and_nothing_else() {
        let mut cache = EvalCache::new();
        assert_eq!(cache.get(0x1234_5678_9abc_def0), None);
        cache.put(0x1234_5678_9abc_def0, -17);
        assert_eq!(cache.get(0x1234_5678_9abc_def0), Some(-17));
        // Same slot (same bits 40 to 57), other position: a miss, then it replaces.
        let rival = 0x1234_5678_9abc_def1;
        assert_eq!(cache.get(rival), None);
        cache.put(rival, 5);
        assert_eq!(cache.get(rival), Some(5));
        assert_eq!(cache.get(0x1234_5678_9abc_def0), None);
    }
}
