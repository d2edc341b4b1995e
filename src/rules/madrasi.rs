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
    observing_among(pos.pieces(color, Role::Pawn), color, first_rank)
}

/// [`observing_pawns`] among the pawns `p` of `color`.
#[inline(always)]
pub(crate) fn observing_among(p: Bitboard, color: crate::square::Color, first_rank: FirstRankPawns) -> Bitboard {
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
        let units = sets.pieces(enemy, role);
        for u in units {
            let r = circe.lift_square(unit, u);
            let lines_up =
                matches!(role, Role::Pawn | Role::King) || super::check::reaches_on_empty_board(role, enemy, r, sq);
            if !lines_up || (r != u && sets.occ.contains(r)) {
                continue;
            }
            // the board with `u` lifted onto `r`: only the walk's units and the occupancy
            // change (nothing where `r` is `u`)
            let lift = Bitboard::from_square(u) ^ Bitboard::from_square(r);
            let lifted = units ^ lift;
            let observers = match role {
                Role::Pawn => attacks::pawn_attacks(c, sq) & observing_among(lifted, enemy, first_rank),
                _ => attacks::attacks(role, c, sq, sets.occ ^ lift) & lifted,
            };
            if observers.any() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// Mars observation, as docs/rules.md defines it, on a copy of the board per lift: the
    /// unit on `sq` is observed when, with one enemy unit of its walk moved onto its
    /// rebirth square (empty, or the unit's own; a rider's or knight's lined up with `sq`),
    /// an enemy unit of the walk attacks it.
    fn observed_by_definition(b: &Sets, sq: Square, p: Piece, kings: bool, c: &Circe) -> bool {
        let enemy = Piece::new(p.color().other(), p.role());
        (p.role() != Role::King || kings)
            && Iterator::any(&mut b.pieces(enemy.color(), enemy.role()).into_iter(), |u| {
                let r = c.lift_square(enemy, u);
                let lines_up = matches!(p.role(), Role::Pawn | Role::King)
                    || super::super::check::reaches_on_empty_board(p.role(), enemy.color(), r, sq);
                let mut lifted = *b;
                lifted.toggle(u, enemy);
                lifted.toggle(r, enemy);
                lines_up
                    && (r == u || !b.occ.contains(r))
                    && observed_on(&lifted, sq, p, kings, c.first_rank_pawns, None)
            })
    }

    /// The lift worked out on the walk's units and the occupancy alone equals the lift
    /// played on a copy of the board, on the positions of games played under
    /// `circe-mars+madrasi` (where units are observed and not).
    #[test]
    fn mars_observation_lifts_one_unit_at_a_time() {
        let rules = Rules::parse("circe-mars").unwrap();
        let c = *rules.mars().unwrap();
        let (mut seen, mut unseen) = (0, 0);
        let mut seed = 0x2545_f491u64;
        for f in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "7r/8/8/7r/3k4/8/8/4K2R w - - 0 1",
            "8/b7/2R1K3/2B5/8/4k3/8/8 w - - 0 1",
        ] {
            let mut g = crate::Game::new(f, "circe-mars+madrasi").unwrap();
            for _ in 0..60 {
                let b = *g.pos.sets();
                for sq in b.occ {
                    let p = g.pos.piece_at(sq).unwrap();
                    for kings in [false, true] {
                        let by_definition = observed_by_definition(&b, sq, p, kings, &c);
                        assert_eq!(
                            observed_on(&b, sq, p, kings, c.first_rank_pawns, Some(&c)),
                            by_definition,
                            "{p:?} on {sq} in {}",
                            g.pos.fen()
                        );
                        if by_definition {
                            seen += 1
                        } else {
                            unseen += 1
                        }
                    }
                }
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                g.play(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        assert!(seen > 50 && unseen > 50, "{seen} observed, {unseen} not");
    }
}
