//! The last ply of perft under plain Anticirce (Calvet and Cheylan), when no enemy unit
//! attacks our king at all.
//!
//! A king that no enemy unit attacks cannot be put in check by a quiet move of an unpinned
//! unit (lines open only through pinned units; an Anticirce check is an attack whose
//! capture would be legal, so an attack first). A capture by an unpinned unit other than
//! the king opens a line only by emptying a square that screens the king from an enemy
//! slider, alone or with one other unit (the capturer leaves the capture square for its
//! home square, so both squares are emptied). Any other capture is legal exactly
//! when that home square is free, the square it leaves, or (Calvet) the capture square
//! itself. Those moves are counted from the orthodox generator; the king's moves, pinned
//! units' moves, captures on or from a screening square and castling are judged on the
//! board after the move, with Anticirce's check: an enemy unit attacking the king checks when
//! its own rebirth square after taking the king is free (or its departure square), or is the
//! king's square in Calvet's rule (one promotion choice is enough). An e.p. capture is
//! judged on the board too: the orthodox generator's own e.p. test ignores the capturer's
//! rebirth, which empties the capture square and may fill (or find taken) its home square.

use super::exact::{all_unit_moves, attack_map, castlings, en_passants, king_on, pins_and_screens, plain_king, unit_moves, Out};
use crate::attacks::{king_attacks, line};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Sets};
use crate::rules::circe::{home_fixed_points, home_preimage_of, home_preimages_in, home_square, Circe, OwnSquare};
use crate::square::{Color, Piece, Role, Square};

/// The number of legal moves, or `None` when the position is not modelled here (an enemy
/// unit attacks our king; no king; a pawn on its first or last rank; hidden units or a
/// pending rebirth).
pub(super) fn count(pos: &Position, c: &Circe) -> Option<u64> {
    super::exact::count(|out| run(pos, c, out))
}

/// [`count`] where an enemy unit attacks our king (which [`count`] leaves out, rare: apart
/// from the common path): every move judged on the board, castling too when the king is
/// not in check (an attack whose capture of the king would be illegal is no check); `None`
/// where the position is not modelled but for the attack, or the king is not attacked.
#[inline(never)]
pub(super) fn count_attacked(pos: &Position, c: &Circe) -> Option<u64> {
    let k = super::exact::attacked_king(pos)?;
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let judge = Judge { s, c, us, them, k };
    super::exact::count(|out| {
        all_unit_moves(s, us, |m, p, arrived| out.judged(m, || judge.after(m.from(), m.to(), p, arrived)));
        if !judge.check(s, k) {
            // (as [`Judge::castling`] judges those it cannot pass at once)
            castlings(pos, s, us, k, |ca| out.judged(ca.m, || !judge.check(&king_on(s, us, ca.m.from(), ca.pass), ca.pass) && !judge.check(&ca.after(s, us), ca.m.to())));
        }
        en_passants(pos, |m, at| out.judged(m, || judge.after_ep(m.from(), m.to(), at)));
        Some(())
    })
}

/// The legal moves (every judgement here is exact); `None` as for [`count`].
pub(super) fn moves(pos: &Position, c: &Circe, list: &mut MoveList) -> Option<()> {
    run(pos, c, list)
}

#[inline(always)]
fn run<O: Out>(pos: &Position, c: &Circe, out: &mut O) -> Option<()> {
    let k = plain_king(pos)?;
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let occ = s.occ;
    // every square an enemy unit attacks through our king's square: the king's steps and
    // castling are judged by it, and whether the king itself is attacked (then
    // `count_attacked`'s)
    let hit = attack_map(s, them, occ.without(k));
    if hit.contains(k) {
        return None;
    }
    let ours = s.color[us.index()];
    let theirs = s.color[them.index()];
    let (pinned, screening) = pins_and_screens(s, us, k);
    // per walk of the capturer (after a promotion), the capture squares whose rebirth square
    // is free, or (Calvet) the capture square itself
    let empty = !occ;
    let mut good = home_preimages_in(us, empty);
    if c.own_square == OwnSquare::Stays {
        for role in Role::CAPTURABLE {
            good[role.index()] |= home_fixed_points(role, us);
        }
    }
    let judge = Judge { s, c, us, them, k };
    {
        let mut sink = Captures { out: &mut *out, pos, judge: &judge, good: &good, theirs, look: screening };
        crate::orthodox::generate_with(pos, ours.without(k), Bitboard::EMPTY, pinned, &mut sink);
    }
    // pinned units leaving their line
    for from in pinned {
        let p = Piece::new(us, s.role_at(from));
        unit_moves(s, p, from, !line(k, from), |m, arrived| out.judged(m, || judge.after(from, m.to(), p, arrived)));
    }
    // the king
    let king = Piece::new(us, Role::King);
    let steps = king_attacks(k) & !ours;
    out.targets(k, steps & !theirs & !hit);
    for to in steps & (theirs | hit) {
        out.judged(Move::new(k, to, MoveKind::Normal), || judge.after(k, to, king, king));
    }
    judge.castling(pos, hit, out);
    en_passants(pos, |m, at| out.judged(m, || judge.after_ep(m.from(), m.to(), at)));
    Some(())
}

/// The orthodox generator's moves of the units but the king: quiet moves as they come,
/// captures by the rebirth square of the capturer, those from or to `look` ([`screens`]:
/// the squares screening the king from an enemy slider) judged on the board.
struct Captures<'a, O: Out> {
    out: &'a mut O,
    /// (its mailbox gives a unit's walk in one read)
    pos: &'a Position,
    judge: &'a Judge<'a>,
    good: &'a [Bitboard; 8],
    theirs: Bitboard,
    look: Bitboard,
}

impl<O: Out> Captures<'_, O> {
    /// The capture `from`x`to`, the capturer arriving as `arrived`.
    #[inline(always)]
    fn capture(&mut self, m: Move, p: Piece, arrived: Piece) {
        let (from, to) = (m.from(), m.to());
        if self.look.contains(from) || self.look.contains(to) {
            let judge = self.judge;
            self.out.judged(m, || judge.after(from, to, p, arrived));
        } else if (self.good[arrived.role().index()] | home_preimage_of(arrived.role(), p.color(), from)).contains(to) {
            self.out.legal(m);
        }
    }

    #[inline(always)]
    fn captures_from(&mut self, from: Square, caps: Bitboard) {
        if caps.is_empty() {
            return;
        }
        let p = Piece::new(self.judge.us, self.pos.role_on(from));
        for to in caps {
            self.capture(Move::new(from, to, MoveKind::Normal), p, p);
        }
    }
}

impl<O: Out> crate::orthodox::Sink for Captures<'_, O> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        self.out.targets(from, t & !self.theirs);
        let caps = t & self.theirs;
        if caps.is_empty() {
            return;
        }
        if self.look.contains(from) {
            return self.captures_from(from, caps);
        }
        // (the captures off the screening squares: legal by the rebirth square alone)
        let role = self.pos.role_on(from);
        self.out.targets(from, caps & !self.look & (self.good[role.index()] | home_preimage_of(role, self.judge.us, from)));
        self.captures_from(from, caps & self.look);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        self.out.pawn_shift(t & !self.theirs, delta, kind);
        let caps = t & self.theirs;
        if caps.is_empty() {
            return;
        }
        // (a pawn is reborn on its capture square's file: never the square it leaves)
        let judged = caps & (self.look | crate::orthodox::shift(self.look, delta));
        self.out.pawn_shift(caps & !judged & self.good[Role::Pawn.index()], delta, MoveKind::Normal);
        let pawn = Piece::new(self.judge.us, Role::Pawn);
        for to in judged {
            let from = Square::new((to.index() as i8 - delta) as u8);
            self.capture(Move::new(from, to, MoveKind::Normal), pawn, pawn);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        self.out.pawn_promotions(t & !self.theirs, delta);
        let pawn = Piece::new(self.judge.us, Role::Pawn);
        for to in t & self.theirs {
            let from = Square::new((to.index() as i8 - delta) as u8);
            for r in Role::PROMOTIONS {
                self.capture(Move::promotion(from, to, r), pawn, pawn.with_role(r));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        if m.kind() == MoveKind::EnPassant {
            // (judged apart, with the capturer's rebirth)
            return;
        }
        if self.theirs.contains(m.to()) {
            let p = Piece::new(self.judge.us, self.pos.role_on(m.from()));
            self.capture(m, p, p);
        } else {
            self.out.one(m);
        }
    }
}

/// Judges moves on the bitboards after them.
struct Judge<'a> {
    s: &'a Sets,
    c: &'a Circe,
    us: Color,
    them: Color,
    /// Our king's square before the move.
    k: Square,
}

impl Judge<'_> {
    /// Is the unit `p` going from `from` to `to` as `arrived` legal: a capturer reborn on
    /// its home square (free, or the capture square in Calvet's rule), and our king not in
    /// check after?
    #[inline]
    fn after(&self, from: Square, to: Square, p: Piece, arrived: Piece) -> bool {
        let mut b = *self.s;
        b.toggle(from, p);
        let mut lands = to;
        if let Some(v) = b.piece_at(to) {
            b.toggle(to, v);
            let r = home_square(arrived.role(), arrived.color(), to);
            if r == to {
                if self.c.own_square == OwnSquare::Illegal {
                    return false;
                }
            } else if b.occ.contains(r) {
                return false;
            }
            lands = r;
        }
        b.toggle(lands, arrived);
        let k = if from == self.k { lands } else { self.k };
        !self.check(&b, k)
    }

    /// Is our pawn's e.p. capture `from`x`ep` of the enemy pawn on `at` legal: the capturer
    /// reborn on its home square (on the capture file: never `ep` itself) when that is
    /// free, and our king not in check after?
    #[inline(never)]
    fn after_ep(&self, from: Square, ep: Square, at: Square) -> bool {
        let pawn = Piece::new(self.us, Role::Pawn);
        let mut b = *self.s;
        b.toggle(from, pawn);
        b.toggle(at, Piece::new(self.them, Role::Pawn));
        let r = home_square(Role::Pawn, self.us, ep);
        if b.occ.contains(r) {
            return false;
        }
        b.toggle(r, pawn);
        !self.check(&b, self.k)
    }

    /// Anticirce check on board `b`, our king on `k`: an enemy unit attacks it and would be
    /// reborn, after taking it, on a free square, the square it leaves, or (Calvet) `k`.
    fn check(&self, b: &Sets, k: Square) -> bool {
        let mut att = b.attackers_to(k, b.occ) & b.color[self.them.index()];
        att.find(|&a| super::anticirce_takes_king(b, self.c, Piece::new(self.them, b.role_at(a)), a, k)).is_some()
    }

    /// Castling: the king not in check (it is not attacked), not passing through check
    /// (the king alone on the passing square), not in check after; `hit`: the squares any
    /// enemy unit attacks through our king's square (none of the two: legal at once).
    fn castling(&self, pos: &Position, hit: Bitboard, out: &mut impl Out) {
        let (s, us) = (self.s, self.us);
        castlings(pos, s, us, self.k, |c| {
            if !hit.contains(c.pass) && !hit.contains(c.m.to()) {
                out.legal(c.m);
            } else {
                out.judged(c.m, || !self.check(&king_on(s, us, c.m.from(), c.pass), c.pass) && !self.check(&c.after(s, us), c.m.to()));
            }
        });
    }
}
