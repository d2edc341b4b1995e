//! A perft transposition table: node counts keyed by the full position (variant state
//! included) and depth, shared lock-free between threads. Each slot keeps the key xor'ed
//! with the data, so a slot torn by two concurrent writers is simply not found.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A transposition table for perft: it remembers the count of each subtree searched, so a
/// subtree reached again (by another move order) is looked up instead of searched again.
/// One table can be shared by several threads and reused across calls.
///
/// The keys hold the position and what else decides a count under the rules (the
/// position before the opponent's last move for Cohen's rule, the diagram squares for
/// Diagram Circe), but not the rules themselves: a table must only ever be used with one
/// set of rules. Use a new table for each variant.
///
/// ```
/// use fairyperft::{fen, Game, Table};
///
/// let table = Table::with_megabytes(4);
/// let mut game = Game::new(fen::STARTING_FEN, "orthodox").unwrap();
/// // perft(4) of the initial position is 197,281 (the published figure), on two threads.
/// assert_eq!(game.perft_with(4, 2, Some(&table)), 197_281);
/// // The same table again, same rules: the subtrees counted before are looked up.
/// assert_eq!(game.perft_with(4, 1, Some(&table)), 197_281);
/// ```
pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
}

impl Table {
    /// A table of at most `megabytes` MiB (at least 1 MiB): the largest power of two
    /// number of 16-byte slots that fits. The memory is allocated and zeroed at once.
    pub fn with_megabytes(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        let n = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let slots = (0..n)
            .map(|_| Slot {
                check: AtomicU64::new(0),
                data: AtomicU64::new(0),
            })
            .collect();
        Table { slots, mask: n - 1 }
    }

    /// The count stored for (key, depth), if any.
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let s = &self.slots[key as usize & self.mask];
        let data = s.data.load(Relaxed);
        let check = s.check.load(Relaxed);
        (check ^ data == key && data & 0xFF == depth as u64 && data != 0).then_some(data >> 8)
    }

    /// Stores the count of (key, depth), replacing what the slot held. Counts of 2^56 or
    /// more and depths above 255 are not stored.
    #[inline]
    pub fn store(&self, key: u64, depth: u32, count: u64) {
        if count >> 56 != 0 || depth > 255 {
            return;
        }
        let data = count << 8 | depth as u64;
        let s = &self.slots[key as usize & self.mask];
        s.check.store(key ^ data, Relaxed);
        s.data.store(data, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let t = Table::with_megabytes(1);
        assert_eq!(t.probe(12345, 3), None);
        t.store(12345, 3, 999);
        assert_eq!(t.probe(12345, 3), Some(999));
        assert_eq!(t.probe(12345, 4), None);
        assert_eq!(t.probe(12345 + (1 << 40), 3), None);
    }
}
