//! The last ply of perft under plain Isardam (types A and B, kings in or out), when the
//! board passes the Isardam test and no enemy unit attacks the king.
//!
//! The board before the move is clean, so a move can only create an observation through
//! what it changes: the unit where it arrives, and a line it opens where it leaves. A unit
//! of ours never stands where a like enemy unit observes it, so its leaving opens no line
//! onto a square that unit observes: the squares where our unit of walk W would be observed
//! are one fixed set per walk, what the enemy units of walk W observe now. The squares whose
//! emptying opens a line between two like enemy sliders are another fixed set. With the
//! king unattacked, a move of an unpinned unit gives no check under either type; so the
//! moves of the units standing on neither set are the orthodox ones minus the arrivals in
//! their walk's set, counted in bulk. King moves onto attacked squares or next to the enemy
//! king, pinned units, units on an opening square, promotions, e.p. and castling are judged
//! on the board after the move: the Isardam test of what changed, then check (type B: any
//! attack; type A: an attack whose king capture itself passes the test).

use super::{castlings, king_on, plain_after, plain_king, slider_pins, unit_moves, Out};
use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, pawn_attacks_of_set, queen_attacks,
    rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Sets};
use crate::rules::circe::FirstRankPawns;
use crate::rules::isardam::{delta, passes_after, passes_sets};
use crate::square::{Color, Piece, Role, Square};

const FR: FirstRankPawns = FirstRankPawns::Immobile;

/// The number of legal moves, or `None` when the position is not modelled here (the board
/// fails the test; our king attacked or missing; a pawn on its first or last rank; hidden
/// units or a pending rebirth).
pub(crate) fn count(pos: &Position, kings: bool, type_b: bool) -> Option<u64> {
    super::count(|out| run(pos, kings, type_b, out))
}

/// The legal moves (every judgement here is exact); `None` as for [`count`].
pub(crate) fn moves(pos: &Position, kings: bool, type_b: bool, list: &mut MoveList) -> Option<()> {
    run(pos, kings, type_b, list)
}

#[inline(always)]
fn run<O: Out>(pos: &Position, kings: bool, type_b: bool, out: &mut O) -> Option<()> {
    let k = plain_king(pos)?;
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let occ = s.occ;
    if crate::fast::geometry::attacked(s, k, them, occ, FR) || !passes_sets(s, kings, FR, None) {
        return None;
    }
    let ours = s.color[us.index()];
    // where a unit of ours of each walk would stand observed (kings: Rex Inclusive only)
    let mut bad = [Bitboard::EMPTY; 7];
    bad[Role::Pawn.index()] = pawn_attacks_of_set(them, s.pieces(them, Role::Pawn));
    bad[Role::Knight.index()] = s
        .pieces(them, Role::Knight)
        .into_iter()
        .fold(Bitboard::EMPTY, |b, e| b | knight_attacks(e));
    bad[Role::Bishop.index()] = s
        .pieces(them, Role::Bishop)
        .into_iter()
        .fold(Bitboard::EMPTY, |b, e| b | bishop_attacks(e, occ));
    bad[Role::Rook.index()] = s
        .pieces(them, Role::Rook)
        .into_iter()
        .fold(Bitboard::EMPTY, |b, e| b | rook_attacks(e, occ));
    bad[Role::Queen.index()] = s
        .pieces(them, Role::Queen)
        .into_iter()
        .fold(Bitboard::EMPTY, |b, e| b | queen_attacks(e, occ));
    if kings {
        bad[Role::King.index()] = s
            .pieces(them, Role::King)
            .into_iter()
            .fold(Bitboard::EMPTY, |b, e| b | king_attacks(e));
    }
    // a double step that lands beside an enemy pawn is observed e.p. (docs/rules.md)
    let tp = s.pieces(them, Role::Pawn);
    let beside = Bitboard(((tp.0 & !FILE_A) >> 1) | ((tp.0 & !FILE_H) << 1));
    // squares whose emptying opens a line between like enemy sliders
    let mut opening = Bitboard::EMPTY;
    for (role, reach) in [
        (Role::Bishop, bishop_attacks as fn(Square, Bitboard) -> Bitboard),
        (Role::Rook, rook_attacks),
        (Role::Queen, queen_attacks),
    ] {
        let bl = s.pieces(Color::Black, role);
        if bl.is_empty() {
            continue;
        }
        for w in s.pieces(Color::White, role) {
            for b in reach(w, Bitboard::EMPTY) & bl {
                let x = between(w, b) & occ;
                if !x.more_than_one() {
                    opening |= x;
                }
            }
        }
    }
    // orthodox pins
    let pinned = slider_pins(s, us, k);
    let judged_units = (pinned | opening) & ours;
    let judge = Judge {
        s,
        us,
        them,
        kings,
        type_b,
    };
    {
        let mut sink = Masked {
            out: &mut *out,
            pos,
            bad: &bad,
            beside,
            judge: &judge,
            occ,
        };
        crate::orthodox::generate_with(
            pos,
            ours.without(k) & !judged_units,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            &mut sink,
        );
    }
    // pinned units and units on an opening square: every move judged
    for from in judged_units.without(k) {
        let p = Piece::new(us, s.role_at(from));
        unit_moves(s, p, from, Bitboard::FULL, |m, arrived| {
            let double = (m.kind() == MoveKind::DoublePush).then(|| m.to());
            out.judged(m, || judge.after(from, m.to(), None, p, arrived, k, double))
        });
    }
    // e.p.
    if let Some(ep) = pos.ep_square() {
        let victim = Square::new((ep.index() as i32 - 8 * us.forward()) as u8);
        if !occ.contains(ep) && pos.piece_at(victim) == Some(Piece::new(them, Role::Pawn)) {
            let pawn = Piece::new(us, Role::Pawn);
            for from in pawn_attacks(them, ep) & s.pieces(us, Role::Pawn) {
                out.judged(Move::new(from, ep, MoveKind::EnPassant), || {
                    judge.after(from, ep, Some(victim), pawn, pawn, k, None)
                });
            }
        }
    }
    // the king
    let king = Piece::new(us, Role::King);
    let without = occ.without(k);
    let plain = !opening.contains(k);
    for to in king_attacks(k) & !ours {
        let m = Move::new(k, to, MoveKind::Normal);
        if plain && !bad[Role::King.index()].contains(to) && !crate::fast::geometry::attacked(s, to, them, without, FR)
        {
            out.legal(m);
        } else {
            out.judged(m, || judge.after(k, to, None, king, king, to, None));
        }
    }
    judge.castling(pos, k, out);
    Some(())
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;

/// The orthodox generator's moves of the units that stand on no opening square and are not
/// pinned, minus the arrivals where the unit would stand observed; promotions judged one by
/// one (the new walk looks through the square the pawn leaves), e.p. left out (judged apart).
struct Masked<'a, O: Out> {
    out: &'a mut O,
    /// (its mailbox gives a unit's walk in one read)
    pos: &'a Position,
    bad: &'a [Bitboard; 7],
    beside: Bitboard,
    judge: &'a Judge<'a>,
    occ: Bitboard,
}

impl<O: Out> crate::orthodox::Sink for Masked<'_, O> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let role = self.pos.role_on(from);
        self.out.targets(from, t & !self.bad[role.index()]);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        let mut t = t & !self.bad[Role::Pawn.index()];
        if kind == MoveKind::DoublePush {
            t &= !self.beside;
        }
        self.out.pawn_shift(t, delta, kind);
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        for to in t {
            let from = Square::new((to.index() as i8 - delta) as u8);
            let occ = self.occ.without(from);
            for r in Role::PROMOTIONS {
                let seen =
                    crate::attacks::attacks(r, self.judge.us, to, occ) & self.pos.sets().pieces(self.judge.them, r);
                if seen.is_empty() {
                    self.out.legal(Move::promotion(from, to, r));
                }
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        // single moves of unpinned units: pawn moves come through the shifts, king moves
        // and castling are not generated (the king is left out)
        if m.kind() != MoveKind::EnPassant {
            self.out.one(m);
        }
    }
}

/// Judges moves on the bitboards after them.
struct Judge<'a> {
    s: &'a Sets,
    us: Color,
    them: Color,
    kings: bool,
    type_b: bool,
}

impl Judge<'_> {
    /// Is the unit `p` going from `from` to `to` as `arrived` (capturing what stands on `to`,
    /// or the pawn on `ep`) legal, our king then standing on `k`? `double`: a double step's
    /// arrival square.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn after(
        &self,
        from: Square,
        to: Square,
        ep: Option<Square>,
        p: Piece,
        arrived: Piece,
        k: Square,
        double: Option<Square>,
    ) -> bool {
        self.legal(&plain_after(self.s, from, to, ep, p, arrived), k, double)
    }

    /// The board `b` after a move: passes the test, and our king on `k` is not in check.
    #[inline]
    fn legal(&self, b: &Sets, k: Square, double: Option<Square>) -> bool {
        let (placed, vacated) = delta(self.s, b);
        passes_after(b, placed, vacated, self.kings, FR, double) && !self.check(b, k, true)
    }

    /// Is our king on `k` in check on board `b` (`clean`: known to pass the test)? Type B:
    /// attacked; type A: attacked by a unit whose capture of the king passes the test (one
    /// promotion choice passing is enough; docs/rules.md).
    fn check(&self, b: &Sets, k: Square, clean: bool) -> bool {
        let att = b.attackers_to(k, b.occ) & b.color[self.them.index()];
        if self.type_b || att.is_empty() {
            return att.any();
        }
        let king = Piece::new(self.us, Role::King);
        for a in att {
            let unit = Piece::new(self.them, b.role_at(a));
            let same = [unit.role()];
            let roles: &[Role] = if unit.role() == Role::Pawn && k.rank() == self.them.promotion_rank() {
                &Role::PROMOTIONS
            } else {
                &same
            };
            for &r in roles {
                let mut c = *b;
                c.toggle(a, unit);
                c.toggle(k, king);
                c.toggle(k, unit.with_role(r));
                let passes = if clean {
                    passes_after(
                        &c,
                        Bitboard::from_square(k),
                        Bitboard::from_square(a),
                        self.kings,
                        FR,
                        None,
                    )
                } else {
                    passes_sets(&c, self.kings, FR, None)
                };
                if passes {
                    return true;
                }
            }
        }
        false
    }

    /// Castling: not out of, through or into check (as each type defines it; the king is
    /// known not to be attacked), and the board after it passes the test.
    fn castling(&self, pos: &Position, k: Square, out: &mut impl Out) {
        let (s, us) = (self.s, self.us);
        castlings(pos, s, us, k, |c| {
            out.judged(c.m, || {
                // not through check: the king on the passing square (that board is not
                // tested, and its king may have opened a line)
                !self.check(&king_on(s, us, c.m.from(), c.pass), c.pass, false)
                    && self.legal(&c.after(s, us), c.m.to(), None)
            })
        });
    }
}
