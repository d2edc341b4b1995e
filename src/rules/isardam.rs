//! Isardam: a position fails when some unit is observed by an enemy unit of its walk
//! (kings only with Rex Inclusive). Every legal move must leave a position that passes;
//! after a pawn's double step the en-passant observation counts too (an enemy pawn beside
//! it, which could take it en passant, observes it).

use super::circe::{pawn_home_squares, Circe, FirstRankPawns};
use super::madrasi::{mars_lifts, observing_pawns, seen_by};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::position::{Position, Sets};
use crate::square::{Color, Piece, Role, Square};

/// Does the position pass the Isardam test? `double_step` is the arrival square of a
/// pawn that just made a double step (its en-passant observation counts). Under Mars Circe
/// (`mars`) observation is Mars observation ([`passes_mars`]).
pub fn passes(
    pos: &Position,
    kings: bool,
    first_rank: FirstRankPawns,
    double_step: Option<Square>,
    mars: Option<&Circe>,
) -> bool {
    match mars {
        Some(c) => passes_mars(pos.sets(), kings, first_rank, double_step, c),
        None => passes_sets(pos.sets(), kings, first_rank, double_step),
    }
}

/// The Isardam test under Mars Circe: no unit observed by a like enemy unit as Madrasi
/// observes under Mars ([`super::madrasi::observed_on`]); a pawn that just made a double
/// step is observed by an enemy pawn beside it once another enemy pawn has been lifted to
/// its rebirth square (Popeye 4.104 tests en passant within that lift). Walk by walk and
/// side by side, each unit is lifted once and every like enemy target tested at a time.
pub fn passes_mars(b: &Sets, kings: bool, first_rank: FirstRankPawns, double_step: Option<Square>, c: &Circe) -> bool {
    Role::ALL
        .into_iter()
        .filter(|&role| role != Role::King || kings)
        .all(|role| {
            [Color::White, Color::Black]
                .into_iter()
                .all(|side| mars_walk_passes(b, role, side, first_rank, double_step, c))
        })
}

/// One walk and one side of [`passes_mars`]: no unit of walk `role` of the other colour is
/// observed by the units of `side`, each lifted in turn. It reads the board through those
/// units, their like targets and the occupancy of the squares they lift onto; a rider's
/// also through the lines it attacks along.
#[inline(always)]
pub fn mars_walk_passes(
    b: &Sets,
    role: Role,
    side: Color,
    first_rank: FirstRankPawns,
    double_step: Option<Square>,
    c: &Circe,
) -> bool {
    let like = b.pieces(side.other(), role);
    if like.is_empty() {
        return true;
    }
    let ep = double_step.filter(|&t| role == Role::Pawn && like.contains(t));
    if role == Role::Pawn && ep.is_none() {
        // (pawns: a lift moves one pawn onto its home square, which observes; the others
        // observe no more than all of them do where none observes a like unit, so then only
        // the home squares lifted onto can: those empty, or the pawn's own)
        let units = b.pieces(side, Role::Pawn);
        let seen = seen_by(Role::Pawn, side, units, b.occ, first_rank);
        if (seen & like).is_empty() {
            let lifted_onto = pawn_home_squares(side, units) & (!b.occ | units);
            debug_assert!(units.into_iter().all(|x| {
                let r = c.lift_square(Piece::new(side, Role::Pawn), x);
                pawn_home_squares(side, Bitboard::from_square(x)) == Bitboard::from_square(r)
            }));
            return (seen_by(Role::Pawn, side, lifted_onto, b.occ, first_rank) & like).is_empty();
        }
    }
    mars_lifts(b, role, side, like, c, |lifted, occ, targets| {
        (seen_by(role, side, lifted, occ, first_rank) & targets).is_empty()
            && ep.is_none_or(|t| (Bitboard::from_square(t).beside() & lifted).is_empty())
    })
}

/// [`passes`] on bare bitboards (a board examined without playing the move).
pub fn passes_sets(pos: &Sets, kings: bool, first_rank: FirstRankPawns, double_step: Option<Square>) -> bool {
    let occ = pos.occ;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
        if role == Role::King && !kings {
            continue;
        }
        let w = pos.pieces(Color::White, role);
        let b = pos.pieces(Color::Black, role);
        if w.is_empty() || b.is_empty() {
            continue;
        }
        // all these walks are symmetric: one direction suffices
        for s in w {
            if (attacks::attacks(role, Color::White, s, occ) & b).any() {
                return false;
            }
        }
    }
    let wp = observing_pawns(pos, Color::White, first_rank);
    let bp = observing_pawns(pos, Color::Black, first_rank);
    let pawn_of = |sq: Square| {
        if pos.pieces(Color::White, Role::Pawn).contains(sq) {
            Some(Color::White)
        } else if pos.pieces(Color::Black, Role::Pawn).contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    };
    let w_att = attacks::pawn_attacks_of_set(Color::White, wp);
    let b_att = attacks::pawn_attacks_of_set(Color::Black, bp);
    if (w_att & pos.pieces(Color::Black, Role::Pawn)).any() || (b_att & pos.pieces(Color::White, Role::Pawn)).any() {
        return false;
    }
    if let Some(t) = double_step {
        if let Some(c) = pawn_of(t) {
            let beside = Bitboard::from_square(t).beside();
            if (beside & pos.pieces(c.other(), Role::Pawn)).any() {
                return false;
            }
        }
    }
    true
}

const fn line_masks() -> [[u64; 4]; 64] {
    // per square: its rank, its file, its diagonal (a1-h8 direction), its anti-diagonal
    let mut t = [[0u64; 4]; 64];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut i = 0;
        while i < 64 {
            let (g, q) = (i % 8, i / 8);
            if q == r {
                t[s][0] |= 1u64 << i;
            }
            if g == f {
                t[s][1] |= 1u64 << i;
            }
            if g - q == f - r {
                t[s][2] |= 1u64 << i;
            }
            if g + q == f + r {
                t[s][3] |= 1u64 << i;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

static LINES: [[u64; 4]; 64] = line_masks();

/// Would the unit `p` standing on `sq` (board `b`) be in an Isardam observation with a like
/// enemy unit? `double_step`: it is a pawn that just made a double step.
#[inline]
pub fn unit_observed(
    b: &Sets,
    sq: Square,
    p: crate::square::Piece,
    kings: bool,
    first_rank: FirstRankPawns,
    double_step: bool,
) -> bool {
    let (c, role) = (p.color(), p.role());
    let enemy = c.other();
    match role {
        Role::Pawn => {
            let facing = attacks::pawn_attacks(c, sq) & b.pieces(enemy, Role::Pawn);
            let mobile = first_rank == FirstRankPawns::StepAndCapture || sq.rank() != c.first_rank();
            let observed = if mobile {
                facing
            } else {
                facing & observing_pawns(b, enemy, first_rank)
            };
            if observed.any() {
                return true;
            }
            if double_step {
                let bit = 1u64 << sq.index();
                let beside = Bitboard(bit).beside();
                if (beside & b.pieces(enemy, Role::Pawn)).any() {
                    return true;
                }
            }
            false
        }
        Role::King if !kings => false,
        _ => (attacks::attacks(role, c, sq, b.occ) & b.pieces(enemy, role)).any(),
    }
}

/// Do the two units of `ends` (the nearest ones on both sides along one line) form a pair
/// of enemy units of walk `role`?
#[inline(always)]
fn enemy_pair(b: &Sets, ends: Bitboard, role: Role) -> bool {
    let x = ends & b.role[role.index()];
    x.count() == 2 && (x & b.color[0]).count() == 1
}

/// Do two like enemy sliders see each other through the empty square `v` (board `b`)?
#[inline]
fn line_opened(b: &Sets, v: Square) -> bool {
    let lines = &LINES[v.index()];
    let pair = |r: Role| b.pieces(Color::White, r).any() && b.pieces(Color::Black, r).any();
    let queens = pair(Role::Queen);
    if queens || pair(Role::Rook) {
        let ends = attacks::rook_attacks(v, b.occ) & b.occ;
        for mask in [lines[0], lines[1]] {
            let e = ends & Bitboard(mask);
            if e.count() == 2 && (enemy_pair(b, e, Role::Rook) || (queens && enemy_pair(b, e, Role::Queen))) {
                return true;
            }
        }
    }
    if queens || pair(Role::Bishop) {
        let ends = attacks::bishop_attacks(v, b.occ) & b.occ;
        for mask in [lines[2], lines[3]] {
            let e = ends & Bitboard(mask);
            if e.count() == 2 && (enemy_pair(b, e, Role::Bishop) || (queens && enemy_pair(b, e, Role::Queen))) {
                return true;
            }
        }
    }
    false
}

/// [`passes_after`] for a quiet move: the unit `p` went from `from` to `to` (board `b`
/// after the move).
#[inline]
pub fn passes_after_quiet(
    b: &Sets,
    from: Square,
    to: Square,
    p: crate::square::Piece,
    kings: bool,
    first_rank: FirstRankPawns,
    double: bool,
) -> bool {
    !unit_observed(b, to, p, kings, first_rank, double) && !line_opened(b, from)
}

/// The Isardam test of the board `b` after a move, knowing that the board before it passed:
/// a new observation can only involve a unit the move put on a square (`placed`) or a line
/// through a square it emptied (`vacated`). Equal to [`passes_sets`] under that condition.
pub fn passes_after(
    b: &Sets,
    placed: Bitboard,
    vacated: Bitboard,
    kings: bool,
    first_rank: FirstRankPawns,
    double_step: Option<Square>,
) -> bool {
    for sq in placed & b.occ {
        let color = if b.color[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        let Some(role) = Role::ALL.into_iter().find(|&r| b.role[r.index()].contains(sq)) else {
            continue;
        };
        let p = crate::square::Piece::new(color, role);
        if unit_observed(b, sq, p, kings, first_rank, double_step == Some(sq)) {
            return false;
        }
    }
    for v in vacated & !b.occ {
        if line_opened(b, v) {
            return false;
        }
    }
    true
}

/// The squares whose occupant changed from `before` to `after` (now occupied), and those
/// emptied: the arguments of [`passes_after`].
#[inline]
pub fn delta(before: &Sets, after: &Sets) -> (Bitboard, Bitboard) {
    (before.differing(after) & after.occ, before.occ & !after.occ)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveKind;
    use crate::rules::effects::{self, Mode, NoRecord};
    use crate::rules::Rules;

    /// Under Mars Circe the walk-by-walk test equals its definition: no unit observed by a
    /// like enemy unit in Madrasi's Mars observation, on the positions of games played under
    /// `circe-mars+madrasi` (which reach positions that fail the test as well as pass it).
    #[test]
    fn mars_test_is_madrasi_observation_of_every_unit() {
        let rules = Rules::parse("circe-mars").unwrap();
        let c = *rules.mars().unwrap();
        let (mut pass, mut fail) = (0, 0);
        let extra = [
            "8/8/1K6/8/3k4/8/b1B5/8 b - - 0 1",
            // (the pawn e4 would attack d3 from e2, where the bishop stands: no lift)
            "4k3/8/8/8/4P3/3p4/4B3/4K3 w - - 0 1",
        ];
        crate::rules::madrasi::tests::mars_game_positions(&extra, |pos| {
            for kings in [false, true] {
                let b = pos.sets();
                let by_definition = b.occ.into_iter().all(|sq| {
                    let p = pos.piece_at(sq).unwrap();
                    (p.role() == Role::King && !kings)
                        || !crate::rules::madrasi::observed_on(b, sq, p, kings, c.first_rank_pawns, Some(&c))
                });
                assert_eq!(
                    passes_mars(b, kings, c.first_rank_pawns, None, &c),
                    by_definition,
                    "{}",
                    pos.fen()
                );
                if by_definition {
                    pass += 1
                } else {
                    fail += 1
                }
            }
        });
        assert!(pass > 20 && fail > 20, "{pass} passing, {fail} failing positions");
    }

    /// For every legal orthodox move from positions that pass the test, the incremental test
    /// agrees with the full one.
    #[test]
    fn incremental_test_agrees_with_full_test() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p2pqpb1/bn2pnp1/2pPN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/2r5/8/2R1q3/8/3Q4/4K2R w K - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "1k6/8/3b4/8/1B3r2/8/5R2/K7 b - - 0 1",
            "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
        ];
        let rules = Rules::orthodox().generic();
        let mut checked = 0;
        // positions along Isardam games (every position reached passes the test)
        let mut starts: Vec<String> = fens.iter().map(|f| f.to_string()).collect();
        let mut seed = 0x1234_5678u64;
        for f in fens {
            let Ok(mut g) = crate::Game::new(f, "isardam") else {
                continue;
            };
            for _ in 0..40 {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                g.play(moves[(seed % moves.len() as u64) as usize]);
                starts.push(g.pos.fen());
            }
        }
        for f in &starts {
            let f = f.as_str();
            let mut pos = crate::fen::parse(f).unwrap();
            let before_ok = passes_sets(pos.sets(), false, FirstRankPawns::Immobile, None);
            let mut list = crate::moves::MoveList::new();
            crate::movegen::candidates(&mut pos, &rules, &mut list);
            for &m in list.iter() {
                if m.is_castle() {
                    continue;
                }
                let p = pos.piece_at(m.from()).unwrap();
                let arrived = m.promotion_role().map_or(p, |r| p.with_role(r));
                let ep_victim =
                    (m.kind() == MoveKind::EnPassant).then(|| Square::from_coords(m.to().file(), m.from().rank()));
                let mut undo = crate::position::Undo::new();
                effects::apply(&mut pos, &rules, m, &mut undo, &mut NoRecord, Mode::Play);
                let double = (m.kind() == MoveKind::DoublePush).then_some(m.to());
                let full = passes_sets(pos.sets(), false, FirstRankPawns::Immobile, double);
                let mut vacated = Bitboard::from_square(m.from());
                if let Some(v) = ep_victim {
                    vacated = vacated.with(v);
                }
                let _ = arrived;
                let inc = passes_after(
                    pos.sets(),
                    Bitboard::from_square(m.to()),
                    vacated,
                    false,
                    FirstRankPawns::Immobile,
                    double,
                );
                let after = *pos.sets();
                pos.unmake(&undo);
                let (placed, emptied) = delta(pos.sets(), &after);
                let by_delta = passes_after(&after, placed, emptied, false, FirstRankPawns::Immobile, double);
                if before_ok {
                    assert_eq!(by_delta, full, "{f} {:?} (delta)", crate::notation::uci(m));
                }
                if before_ok {
                    assert_eq!(inc, full, "{f} {:?}", crate::notation::uci(m));
                    checked += 1;
                }
            }
        }
        assert!(checked > 50);
    }
}
