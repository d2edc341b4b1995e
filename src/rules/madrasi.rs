//! Madrasi: a unit observed by an enemy unit of the same walk is paralysed. Observation is
//! pure geometry (RULES.md Part C): pins, the observer's own paralysis and the legality of
//! the capture do not matter. The same geometric test serves Isardam.

use super::circe::FirstRankPawns;
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::position::{Position, Sets};
use crate::square::{Piece, Role, Square};

/// Enemy pawns that cannot capture (on their own first rank, where they are immobile) observe nothing.
#[inline]
pub(crate) fn observing_pawns(pos: &Sets, color: crate::square::Color, first_rank: FirstRankPawns) -> Bitboard {
    let p = pos.pieces(color, Role::Pawn);
    match first_rank {
        FirstRankPawns::Immobile => p & !Bitboard::rank(color.first_rank()),
        FirstRankPawns::StepAndCapture => p,
    }
}

/// Is the unit on `sq` observed by an enemy unit of its walk? Kings count only with `kings`.
#[inline]
pub fn observed_by_like(pos: &Position, sq: Square, kings: bool, first_rank: FirstRankPawns) -> bool {
    let Some(p) = pos.piece_at(sq) else { return false };
    observed_on(pos.sets(), sq, p, kings, first_rank)
}

/// [`observed_by_like`] on bare bitboards, for the unit `p` standing on `sq`.
#[inline]
pub fn observed_on(sets: &Sets, sq: Square, p: Piece, kings: bool, first_rank: FirstRankPawns) -> bool {
    let (c, role) = (p.color(), p.role());
    let enemy = c.other();
    let observers = match role {
        Role::Pawn => attacks::pawn_attacks(c, sq) & observing_pawns(sets, enemy, first_rank),
        Role::King if !kings => return false,
        _ => attacks::attacks(role, c, sq, sets.occ) & sets.pieces(enemy, role),
    };
    observers.any()
}
