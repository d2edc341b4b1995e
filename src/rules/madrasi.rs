//! Madrasi: a unit observed by an enemy unit of the same walk is paralysed. Observation is
//! pure geometry: pins, the observer's own paralysis and the legality of the capture do
//! not matter. The same geometric test serves Isardam. Under Mars Circe (`mars`) units
//! observe from their rebirth squares, as Popeye finds them (see [`observed_on`]).

use super::circe::{Circe, FirstRankPawns};
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
pub fn observed_by_like(
    pos: &Position,
    sq: Square,
    kings: bool,
    first_rank: FirstRankPawns,
    mars: Option<&Circe>,
) -> bool {
    let Some(p) = pos.piece_at(sq) else { return false };
    observed_on(pos.sets(), sq, p, kings, first_rank, mars)
}

/// [`observed_by_like`] on bare bitboards, for the unit `p` standing on `sq`.
#[inline]
pub fn observed_on(
    sets: &Sets,
    sq: Square,
    p: Piece,
    kings: bool,
    first_rank: FirstRankPawns,
    mars: Option<&Circe>,
) -> bool {
    let (c, role) = (p.color(), p.role());
    let enemy = c.other();
    if let Some(circe) = mars {
        if role == Role::King && !kings {
            return false;
        }
        // Observation as Popeye 4.104 tests it under Mars Circe: each enemy unit of the walk
        // in turn is lifted from its square onto its rebirth square (which must then be
        // empty; a rider's or knight's must line up with `sq` on an empty board), and `sq` is
        // observed when an enemy unit of the walk then attacks it from where it stands, the
        // lifted one or any other (whose line the lifted one may have opened).
        let unit = Piece::new(enemy, role);
        for u in sets.pieces(enemy, role) {
            let r = circe.lift_square(unit, u);
            let lines_up =
                matches!(role, Role::Pawn | Role::King) || super::check::reaches_on_empty_board(role, enemy, r, sq);
            if !lines_up || (r != u && sets.occ.contains(r)) {
                continue;
            }
            let mut b = *sets;
            b.toggle(u, unit);
            b.toggle(r, unit);
            if observed_on(&b, sq, p, kings, first_rank, None) {
                return true;
            }
        }
        return false;
    }
    let observers = match role {
        Role::Pawn => attacks::pawn_attacks(c, sq) & observing_pawns(sets, enemy, first_rank),
        Role::King if !kings => return false,
        _ => attacks::attacks(role, c, sq, sets.occ) & sets.pieces(enemy, role),
    };
    observers.any()
}

/// Every unit of `color` observed by an enemy unit of its walk (kings only with `kings`):
/// the union, walk by walk, of what the enemy units observe. Equals the squares where
/// [`observed_on`] holds, since observation between like units is symmetric.
#[inline]
pub fn paralysed_units(
    sets: &Sets,
    color: crate::square::Color,
    kings: bool,
    first_rank: FirstRankPawns,
    mars: Option<&Circe>,
) -> Bitboard {
    let enemy = color.other();
    let mut out = Bitboard::EMPTY;
    if mars.is_some() {
        // (Mars: observation from rebirth squares is not symmetric; each unit is tested)
        for sq in sets.color[color.index()] {
            let p = Piece::new(color, sets.role_at(sq));
            if observed_on(sets, sq, p, kings, first_rank, mars) {
                out = out.with(sq);
            }
        }
        return out;
    }
    // pawns: ours on the squares the enemy's (able to capture) attack
    let ours = sets.pieces(color, Role::Pawn);
    if ours.any() {
        out |= ours & attacks::pawn_attacks_of_set(enemy, observing_pawns(sets, enemy, first_rank));
    }
    let roles: &[Role] = if kings {
        &[Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King]
    } else {
        &[Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
    };
    for &role in roles {
        let ours = sets.pieces(color, role);
        if ours.is_empty() {
            continue;
        }
        let mut seen = Bitboard::EMPTY;
        for q in sets.pieces(enemy, role) {
            seen |= attacks::attacks(role, enemy, q, sets.occ);
        }
        out |= ours & seen;
    }
    out
}
