//! The move type: a compact, copyable description of one legal move, including the
//! choices a variant lets the mover make (promotion of a reborn pawn).

use crate::square::{Role, Square};

/// What sort of move a [`Move`] is, besides its two squares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// Any other move: a quiet move or a capture, a pawn's single step, a promotion.
    Normal = 0,
    /// A pawn's two-square first step (it gives the opponent an en-passant right).
    DoublePush = 1,
    /// An en-passant capture: the pawn goes to the square the enemy pawn passed, and the
    /// captured pawn is the one beside its departure square.
    EnPassant = 2,
    /// Castling on the king's side (towards the h-file).
    CastleKing = 3,
    /// Castling on the queen's side (towards the a-file).
    CastleQueen = 4,
}

/// One move, in 32 bits. It says which unit goes where and the choices its mover makes
/// (a promotion, the walk of a pawn a rebirth puts on its promotion rank); what the move
/// does besides (rebirths, units hidden or emerging) follows from the position and the
/// rules. A `Move` means something only in the position it was generated for: take it
/// from [`Game::legal_moves`](crate::Game::legal_moves) or
/// [`Game::find_move`](crate::Game::find_move), and write it with
/// [`notation::popeye`](crate::notation::popeye) or [`notation::uci`](crate::notation::uci).
///
/// Layout: from (6 bits) | to (6) | kind (3) | promotion role (3) | reborn-pawn promotion
/// role (3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move(u32);

impl Move {
    /// A move of kind `kind` from `from` to `to`, without a promotion. For castling the
    /// squares are the king's (`e1`, `g1`).
    #[inline(always)]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u32 | (to.index() as u32) << 6 | (kind as u32) << 12)
    }
    /// A pawn's move to its last rank, becoming `role` (kind [`MoveKind::Normal`]; a
    /// capture when `to` is occupied).
    #[inline(always)]
    pub fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move(from.index() as u32 | (to.index() as u32) << 6 | (role as u32) << 15)
    }
    /// The moving unit's departure square (the king's, for castling).
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }
    /// The moving unit's arrival square (the king's, for castling). A capture takes the
    /// unit standing there, except en passant (see [`MoveKind::EnPassant`]).
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u8)
    }
    /// The sort of move.
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
    /// Is it castling, on either side?
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
    /// The same move with `role` as the walk for a pawn that a rebirth puts on its
    /// promotion rank (replacing any earlier choice).
    #[inline(always)]
    pub fn with_rebirth_promotion(self, role: Role) -> Move {
        Move((self.0 & !(7 << 18)) | (role as u32) << 18)
    }
    /// The packed 32 bits (layout above): two moves are equal exactly when their bits are.
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

    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [std::mem::MaybeUninit::uninit(); MoveList::CAPACITY],
        }
    }
    /// Appends `m`. Panics when the list already holds [`MoveList::CAPACITY`] moves.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        // The capacity bound is a hard invariant of the generators; never UB on overflow.
        assert!(self.len < MoveList::CAPACITY, "move list overflow");
        self.moves[self.len] = std::mem::MaybeUninit::new(m);
        self.len += 1;
    }
    /// The number of moves in the list.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
    /// Is the list empty?
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The moves, in the order they were pushed (the list also dereferences to this slice).
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by push.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }
    /// Empties the list (its capacity stays).
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
