//! A perft transposition table: node counts keyed by the full position (variant state
//! included) and depth, shared lock-free between threads. Each slot keeps the key xor'ed
//! with the data, so a slot torn by two concurrent writers is simply not found.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
}

impl Table {
    /// A table of about `megabytes` MiB (a power of two number of 16-byte slots).
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

    /// Stores a count (always replaces).
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
