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

/// Why a table could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// The size in bytes does not fit in this machine's address space.
    TooLarge { megabytes: u64 },
    /// The allocator refused the memory.
    OutOfMemory { megabytes: u64 },
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::TooLarge { megabytes } => {
                write!(f, "{megabytes} MiB is more memory than this machine can address")
            }
            TableError::OutOfMemory { megabytes } => write!(
                f,
                "cannot allocate a table of {megabytes} MiB (not enough memory; ask for less)"
            ),
        }
    }
}

impl std::error::Error for TableError {}

impl Table {
    /// A table of about `megabytes` MiB (a power of two number of 16-byte slots).
    ///
    /// # Panics
    /// When the memory cannot be had; [`Table::try_with_megabytes`] says so instead.
    pub fn with_megabytes(megabytes: usize) -> Table {
        Table::try_with_megabytes(megabytes as u64).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `megabytes` MiB (at least one), or why there cannot be one: the
    /// size is computed with checked arithmetic and the memory reserved fallibly, so an
    /// absurd `--hash` is an error rather than an abort.
    pub fn try_with_megabytes(megabytes: u64) -> Result<Table, TableError> {
        let megabytes = megabytes.max(1);
        let bytes = megabytes
            .checked_mul(1 << 20)
            .and_then(|b| usize::try_from(b).ok())
            .filter(|&b| b <= isize::MAX as usize)
            .ok_or(TableError::TooLarge { megabytes })?;
        let wanted = (bytes / std::mem::size_of::<Slot>()).max(1);
        // the largest power of two not above `wanted`
        let n = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut slots: Vec<Slot> = Vec::new();
        slots
            .try_reserve_exact(n)
            .map_err(|_| TableError::OutOfMemory { megabytes })?;
        slots.extend((0..n).map(|_| Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }));
        Ok(Table {
            slots: slots.into_boxed_slice(),
            mask: n - 1,
        })
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

    #[test]
    fn sizes_are_powers_of_two_and_absurd_ones_are_errors() {
        let t = Table::try_with_megabytes(3).unwrap();
        // 3 MiB of 16-byte slots rounds down to 2 MiB
        assert_eq!(t.slots.len(), (2 << 20) / 16);
        assert_eq!(t.mask, t.slots.len() - 1);
        assert_eq!(
            Table::try_with_megabytes(u64::MAX).err(),
            Some(TableError::TooLarge { megabytes: u64::MAX })
        );
        // 2^63 bytes: more than any allocation may be
        assert_eq!(
            Table::try_with_megabytes(1 << 43).err(),
            Some(TableError::TooLarge { megabytes: 1 << 43 })
        );
        // 2^62 bytes: a valid size that no allocator has (x86-64 addresses 2^48 bytes)
        assert_eq!(
            Table::try_with_megabytes(1 << 42).err(),
            Some(TableError::OutOfMemory { megabytes: 1 << 42 })
        );
    }
}
