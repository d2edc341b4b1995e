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
        // (a lifted unit of the walk attacks `sq`, or one whose line the lift opened)
        return !mars_lifts(sets, role, enemy, Bitboard::from_square(sq), circe, |lifted, occ, _| {
            observers_among(lifted, p, sq, occ, first_rank).is_empty()
        });
    }
    observed_among(sets.pieces(enemy, role), p, sq, sets.occ, kings, first_rank)
}

/// [`observed_on`] (without Mars Circe) on the bare bitboards of a board: `units`, the enemy
/// units of the walk of `p`, and the occupancy `occ`.
#[inline(always)]
pub(crate) fn observed_among(
    units: Bitboard,
    p: Piece,
    sq: Square,
    occ: Bitboard,
    kings: bool,
    first_rank: FirstRankPawns,
) -> bool {
    (p.role() != Role::King || kings) && observers_among(units, p, sq, occ, first_rank).any()
}

/// The enemy units of the walk of `p` among `units` that attack `p` on `sq` with the
/// occupancy `occ` (pawns: those able to capture).
#[inline(always)]
fn observers_among(units: Bitboard, p: Piece, sq: Square, occ: Bitboard, first_rank: FirstRankPawns) -> Bitboard {
    let (c, role) = (p.color(), p.role());
    match role {
        Role::Pawn => attacks::pawn_attacks(c, sq) & observing_among(units, c.other(), first_rank),
        _ => attacks::attacks(role, c, sq, occ) & units,
    }
}

/// Observation as Popeye 4.104 tests it under Mars Circe (`c`): each unit of walk `role` and
/// colour `side` in turn is lifted from its square onto its rebirth square, which must be
/// empty (or its own square), and a unit of `like` (the other colour's, of the same walk) is
/// observed when a unit of the walk then attacks it from where it stands: the lifted one,
/// or another whose line the lift opened. A rider's or knight's rebirth square must line up
/// with the unit observed on an empty board. For each lift, `go(lifted, occ, targets)` gets
/// the walk's units and the occupancy with that one unit lifted (only those two change), and
/// the units of `like` the lift may observe; it returns whether to go on. Returns whether
/// every lift was gone through.
#[inline(always)]
pub(crate) fn mars_lifts(
    b: &Sets,
    role: Role,
    side: crate::square::Color,
    like: Bitboard,
    c: &Circe,
    mut go: impl FnMut(Bitboard, Bitboard, Bitboard) -> bool,
) -> bool {
    let unit = Piece::new(side, role);
    let units = b.pieces(side, role);
    for x in units {
        let r = c.lift_square(unit, x);
        if r != x && b.occ.contains(r) {
            continue;
        }
        let targets = if matches!(role, Role::Pawn | Role::King) {
            like
        } else {
            like & attacks::attacks_on_empty_board(role, side, r)
        };
        if targets.is_empty() {
            continue;
        }
        let lift = Bitboard::from_square(x) ^ Bitboard::from_square(r);
        if !go(units ^ lift, b.occ ^ lift, targets) {
            return false;
        }
    }
    true
}

/// What the units of walk `role` and colour `side` on `units` attack with the board's
/// occupancy `occ` (pawns: those able to capture).
#[inline(always)]
pub(crate) fn seen_by(
    role: Role,
    side: crate::square::Color,
    units: Bitboard,
    occ: Bitboard,
    first_rank: FirstRankPawns,
) -> Bitboard {
    if role == Role::Pawn {
        attacks::pawn_attacks_of_set(side, observing_among(units, side, first_rank))
    } else {
        units
            .into_iter()
            .fold(Bitboard::EMPTY, |seen, y| seen | attacks::attacks(role, side, y, occ))
    }
}

/// [`paralysed_units`] under Mars Circe (`c`): observation from rebirth squares is not
/// symmetric; walk by walk, each enemy unit is lifted once, and what the walk then attacks
/// among ours lined up with it is observed (one call per walk, the walk a constant in each;
/// out of line, away from the count of Madrasi without Mars).
#[inline(never)]
fn mars_paralysed_units(
    sets: &Sets,
    color: crate::square::Color,
    kings: bool,
    first_rank: FirstRankPawns,
    c: &Circe,
) -> Bitboard {
    let enemy = color.other();
    let mut out = mars_pawn_sight(sets, enemy, sets.pieces(color, Role::Pawn), c, first_rank);
    out |= mars_paralysed_of(sets, color, Role::Knight, first_rank, c);
    out |= mars_paralysed_of(sets, color, Role::Bishop, first_rank, c);
    out |= mars_paralysed_of(sets, color, Role::Rook, first_rank, c);
    out |= mars_paralysed_of(sets, color, Role::Queen, first_rank, c);
    if kings {
        out |= mars_paralysed_of(sets, color, Role::King, first_rank, c);
    }
    out
}

/// [`paralysed_units`] under Mars Circe (`c`) among the units of `color` of walk `role`.
#[inline(always)]
fn mars_paralysed_of(
    sets: &Sets,
    color: crate::square::Color,
    role: Role,
    first_rank: FirstRankPawns,
    c: &Circe,
) -> Bitboard {
    let ours = sets.pieces(color, role);
    let mut out = Bitboard::EMPTY;
    if ours.any() {
        mars_lifts(sets, role, color.other(), ours, c, |lifted, occ, targets| {
            out |= seen_by(role, color.other(), lifted, occ, first_rank) & targets;
            true
        });
    }
    out
}

/// What the pawns of `side` observe among `like` under Mars Circe (`c`), each lifted in turn
/// by [`mars_lifts`]. A pawn's attacks do not depend on the occupancy, so the union over
/// the lifts that succeed is what the squares lifted onto attack, with what every pawn
/// attacks from where it stands once two lifts succeed (each pawn then stays put in one of
/// them), and every pawn but the lifted one when only one does.
#[inline(always)]
fn mars_pawn_sight(
    sets: &Sets,
    side: crate::square::Color,
    like: Bitboard,
    c: &Circe,
    first_rank: FirstRankPawns,
) -> Bitboard {
    let pawns = sets.pieces(side, Role::Pawn);
    let (mut onto, mut lifted, mut n) = (Bitboard::EMPTY, Bitboard::EMPTY, 0);
    if like.any() {
        mars_lifts(sets, Role::Pawn, side, like, c, |after, _, _| {
            // (the pawn moved and where to; nothing for a pawn on its own rebirth square)
            let moved = after ^ pawns;
            onto |= moved & after;
            lifted = moved & pawns;
            n += 1;
            true
        });
    }
    let staying = match n {
        0 => return Bitboard::EMPTY,
        1 => pawns & !lifted,
        _ => pawns,
    };
    attacks::pawn_attacks_of_set(side, observing_among(staying | onto, side, first_rank)) & like
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
    if let Some(c) = mars {
        return mars_paralysed_units(sets, color, kings, first_rank, c);
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
pub(crate) mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::square::Color;

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

    /// The positions of games played at random under `circe-mars+madrasi`, up to 60 plies
    /// each, from the initial position, Kiwipete, two positions of docs/rules.md and
    /// `extra` (which reach units observed and not, boards that pass the Isardam test and
    /// fail it): `visit` gets each.
    pub(crate) fn mars_game_positions(extra: &[&str], mut visit: impl FnMut(&crate::Position)) {
        let mut seed = 0x9e37_79b9u64;
        let docs = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "7r/8/8/7r/3k4/8/8/4K2R w - - 0 1",
            "8/b7/2R1K3/2B5/8/4k3/8/8 w - - 0 1",
        ];
        for f in docs.iter().chain(extra) {
            let mut g = crate::Game::new(f, "circe-mars+madrasi").unwrap();
            for _ in 0..60 {
                visit(&g.pos);
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                g.play(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }

    /// The lift worked out on the walk's units and the occupancy alone equals the lift
    /// played on a copy of the board, unit by unit and for all the units of a side at once
    /// ([`paralysed_units`]), on [`mars_game_positions`].
    #[test]
    fn mars_observation_lifts_one_unit_at_a_time() {
        let rules = Rules::parse("circe-mars").unwrap();
        let c = *rules.mars().unwrap();
        let (mut seen, mut unseen) = (0, 0);
        // (g3 lifted to f8: the bishop b4 lines up with f8 and is observed; d4, attacked
        // from a7, does not, and is not. Only the pawn d5 can lift, f7 being taken: the pawn
        // e3 is observed by f4, e4 by nothing)
        let extra = [
            "6k1/b7/8/8/1B1B4/6b1/8/4K3 w - - 0 1",
            "4k3/5n2/8/3p4/4Pp2/4P3/8/4K3 w - - 0 1",
        ];
        mars_game_positions(&extra, |pos| {
            let b = *pos.sets();
            for kings in [false, true] {
                for color in [Color::White, Color::Black] {
                    let by_definition = b.color[color.index()]
                        .into_iter()
                        .filter(|&sq| observed_by_definition(&b, sq, pos.piece_at(sq).unwrap(), kings, &c));
                    assert_eq!(
                        paralysed_units(&b, color, kings, c.first_rank_pawns, Some(&c)),
                        by_definition.fold(Bitboard::EMPTY, Bitboard::with),
                        "{color:?} in {}",
                        pos.fen()
                    );
                }
            }
            for sq in b.occ {
                let p = pos.piece_at(sq).unwrap();
                for kings in [false, true] {
                    let by_definition = observed_by_definition(&b, sq, p, kings, &c);
                    assert_eq!(
                        observed_on(&b, sq, p, kings, c.first_rank_pawns, Some(&c)),
                        by_definition,
                        "{p:?} on {sq} in {}",
                        pos.fen()
                    );
                    if by_definition {
                        seen += 1
                    } else {
                        unseen += 1
                    }
                }
            }
        });
        assert!(seen > 50 && unseen > 50, "{seen} observed, {unseen} not");
    }
}
