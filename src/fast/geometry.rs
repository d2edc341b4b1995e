//! Plain attack geometry the accelerators share: whether a unit of a side attacks a square,
//! which of its pawns may capture (pawns on their own first rank may be immobile), and
//! whether a unit of some walk standing on a square attacks the king. Check is often more
//! than this plain attack (see `rules::check`); each accelerator says where the plain attack
//! is enough and why.

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::position::Sets;
use crate::rules::circe::FirstRankPawns;
use crate::square::{Color, Role, Square};

/// The units of `c` that can capture: all but pawns on their own first rank where those are
/// immobile.
#[inline(always)]
pub(crate) fn capturing(s: &Sets, c: Color, fr: FirstRankPawns) -> Bitboard {
    s.color[c.index()] & !(s.pieces(c, Role::Pawn) & !mobile_pawns(s, c, fr))
}

/// The pawns of either side standing on their own first rank (which the short paths leave
/// to the board: whether they move or capture depends on the rules).
#[inline(always)]
pub(crate) fn first_rank_pawns(s: &Sets) -> Bitboard {
    s.role[Role::Pawn.index()]
        & (s.color[0] & Bitboard::rank(Color::White.first_rank())
            | s.color[1] & Bitboard::rank(Color::Black.first_rank()))
}

/// Enemy pawns that can capture (pawns on their own first rank may be immobile).
#[inline(always)]
pub(crate) fn mobile_pawns(s: &Sets, c: Color, fr: FirstRankPawns) -> Bitboard {
    let p = s.pieces(c, Role::Pawn);
    match fr {
        FirstRankPawns::Immobile => p & !Bitboard::rank(c.first_rank()),
        FirstRankPawns::StepAndCapture => p,
    }
}

/// Is `sq` attacked by a unit of `by` (plain geometry)?
#[inline(always)]
pub(crate) fn attacked(s: &Sets, sq: Square, by: Color, occ: Bitboard, fr: FirstRankPawns) -> bool {
    let q = s.pieces(by, Role::Queen);
    (rook_attacks(sq, occ) & (s.pieces(by, Role::Rook) | q)).any()
        || (bishop_attacks(sq, occ) & (s.pieces(by, Role::Bishop) | q)).any()
        || (knight_attacks(sq) & s.pieces(by, Role::Knight)).any()
        || (pawn_attacks(by.other(), sq) & mobile_pawns(s, by, fr)).any()
        || (king_attacks(sq) & s.pieces(by, Role::King)).any()
}

/// Would a unit of `them` of this walk on `r` attack `k`?
#[inline(always)]
pub(crate) fn checks_from(them: Color, fr: FirstRankPawns, role: Role, r: Square, k: Square, occ: Bitboard) -> bool {
    match role {
        Role::Pawn => {
            !(r.rank() == them.first_rank() && fr == FirstRankPawns::Immobile) && pawn_attacks(them, r).contains(k)
        }
        Role::Knight => knight_attacks(r).contains(k),
        Role::King => king_attacks(r).contains(k),
        Role::Bishop => bishop_attacks(r, occ).contains(k),
        Role::Rook => rook_attacks(r, occ).contains(k),
        Role::Queen => (bishop_attacks(r, occ) | rook_attacks(r, occ)).contains(k),
    }
}
