//! The move type: a compact, copyable description of one legal move, including the
//! choices a variant lets the mover make (promotion of a reborn pawn).

use crate::square::{Role, Square};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    Normal = 0,
    DoublePush = 1,
    EnPassant = 2,
    CastleKing = 3,
    CastleQueen = 4,
}

/// from (6 bits) | to (6) | kind (3) | promotion role (3) | reborn-pawn promotion role (3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move(u32);

impl Move {
    #[inline(always)]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u32 | (to.index() as u32) << 6 | (kind as u32) << 12)
    }
    #[inline(always)]
    pub fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move(from.index() as u32 | (to.index() as u32) << 6 | (role as u32) << 15)
    }
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u8)
    }
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match (self.0 >> 12) & 7 {
            0 => MoveKind::Normal,
            1 => MoveKind::DoublePush,
            2 => MoveKind::EnPassant,
            3 => MoveKind::CastleKing,
            _ => MoveKind::CastleQueen,
        }
    }
    #[inline(always)]
    pub fn is_castle(self) -> bool {
        matches!(self.kind(), MoveKind::CastleKing | MoveKind::CastleQueen)
    }
    /// The walk a promoting pawn takes, if this is a promotion.
    #[inline(always)]
    pub fn promotion_role(self) -> Option<Role> {
        let r = (self.0 >> 15) & 7;
        if r == 0 {
            None
        } else {
            Some(Role::from_index(r as u8))
        }
    }
    /// The walk chosen for a pawn that a rebirth puts on its promotion rank.
    #[inline(always)]
    pub fn rebirth_promotion(self) -> Option<Role> {
        let r = (self.0 >> 18) & 7;
        if r == 0 {
            None
        } else {
            Some(Role::from_index(r as u8))
        }
    }
    #[inline(always)]
    pub fn with_rebirth_promotion(self, role: Role) -> Move {
        Move((self.0 & !(7 << 18)) | (role as u32) << 18)
    }
    pub fn to_bits(self) -> u32 {
        self.0
    }
}

/// A fixed-capacity move list on the stack (no allocation in the hot path).
pub struct MoveList {
    len: usize,
    moves: [std::mem::MaybeUninit<Move>; MoveList::CAPACITY],
}

impl MoveList {
    /// Enough for any position: orthodox chess needs 218; fairy choices multiply captures.
    pub const CAPACITY: usize = 1024;

    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [std::mem::MaybeUninit::uninit(); MoveList::CAPACITY],
        }
    }
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        // The capacity bound is a hard invariant of the generators; never UB on overflow.
        assert!(self.len < MoveList::CAPACITY, "move list overflow");
        self.moves[self.len] = std::mem::MaybeUninit::new(m);
        self.len += 1;
    }
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by push.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}
