//! A set of squares as a 64-bit word (bit i = square i, a1 = bit 0).

use crate::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares: bit *i* of the word is the square of index *i* (see [`Square`]), so
/// a1 is bit 0 and h8 bit 63. The set operators `&`, `|`, `^` and `!` work on it, and it
/// is an iterator over its squares, a1 first.
///
/// ```
/// use fairyperft::bitboard::Bitboard;
/// use fairyperft::Square;
///
/// let e4 = Square::parse("e4").unwrap();
/// let b = Bitboard::rank(3) & Bitboard::LIGHT;
/// assert!(b.contains(e4));
/// assert_eq!(b.count(), 4);
/// let names: Vec<String> = b.map(|s| s.to_string()).collect();
/// assert_eq!(names, ["a4", "c4", "e4", "g4"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set of `sq` alone.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u64 << sq.index())
    }
    /// The eight squares of rank `r`, 0 (the 1st rank) to 7 (the 8th).
    #[inline(always)]
    pub const fn rank(r: u8) -> Bitboard {
        Bitboard(0xFFu64 << (8 * r))
    }
    /// The eight squares of file `f`, 0 (the a-file) to 7 (the h-file).
    #[inline(always)]
    pub const fn file(f: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101u64 << f)
    }
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard::file(0);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard::file(7);
    /// The light squares (a1 is dark).
    pub const LIGHT: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    /// The dark squares (a1, c1, ..., h8).
    pub const DARK: Bitboard = Bitboard(!0x55AA_55AA_55AA_55AA);

    /// Is `sq` in the set?
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u64 << sq.index()) != 0
    }
    /// Is the set empty?
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Does the set hold at least one square? (The opposite of [`Bitboard::is_empty`].)
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    /// The number of squares in the set, 0 to 64.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// Does the set hold two squares or more?
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    /// The set when `keep`, else the empty set, without a branch (for choices on data that
    /// vary from position to position, where a branch would mispredict).
    #[inline(always)]
    pub const fn when(self, keep: bool) -> Bitboard {
        Bitboard(self.0 & 0u64.wrapping_sub(keep as u64))
    }
    /// The lowest square, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }
    /// The set with `sq` added.
    #[inline(always)]
    pub fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1u64 << sq.index()))
    }
    /// The set with `sq` taken out.
    #[inline(always)]
    pub fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u64 << sq.index()))
    }
    /// Adds `sq` if it is absent, removes it if present (in place).
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1u64 << sq.index();
    }
    /// Every square moved one rank up, towards the 8th rank (White's forward); squares of
    /// the 8th rank fall off the board.
    #[inline(always)]
    pub const fn shift_up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }
    /// Every square moved one rank down, towards the 1st rank (Black's forward); squares
    /// of the 1st rank fall off the board.
    #[inline(always)]
    pub const fn shift_down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }
    /// Every square moved `dx` files right (towards the h-file) and `dy` ranks up; the
    /// squares that would leave the board are dropped, none wraps onto another rank.
    ///
    /// ```
    /// use fairyperft::bitboard::Bitboard;
    /// use fairyperft::Square;
    ///
    /// let sq = |n| Square::parse(n).unwrap();
    /// let b = Bitboard::from_square(sq("a1")).with(sq("h4")).with(sq("d8"));
    /// let names: Vec<String> = b.translate(1, 1).map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["b2"]);
    /// assert_eq!(b.translate(-3, -3), Bitboard::from_square(sq("e1")).with(sq("a5")));
    /// ```
    #[inline(always)]
    pub const fn translate(self, dx: i32, dy: i32) -> Bitboard {
        if dx <= -8 || dx >= 8 || dy <= -8 || dy >= 8 {
            return Bitboard::EMPTY;
        }
        // (the files that stay on the board, kept before the shift so that none wraps)
        let files = if dx >= 0 {
            0xffu64 >> dx
        } else {
            (0xffu64 << -dx) & 0xff
        };
        let kept = self.0 & (files * Bitboard::FILE_A.0);
        let shift = dx + 8 * dy;
        Bitboard(if shift >= 0 { kept << shift } else { kept >> -shift })
    }
    /// The squares one file to either side of those of the set, on the same rank.
    #[inline(always)]
    pub const fn beside(self) -> Bitboard {
        Bitboard(((self.0 & !Bitboard::FILE_A.0) >> 1) | ((self.0 & !Bitboard::FILE_H.0) << 1))
    }
    /// Vertical flip (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}
