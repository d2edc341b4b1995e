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
//! itself. So the orthodox generator counts in bulk the moves of our units off the
//! screening squares, each unit's targets cut by one set per walk (the empty squares, and
//! the capture squares off the screening squares whose rebirth square is free); a unit on
//! a home square of its own walk adds the captures reborn on the square it leaves. The
//! units on screening squares (pinned units among them) move quietly at once, but for a
//! pinned unit leaving its line. Judged on the board after the move: their captures and
//! those moves off a pin line, the captures of enemy units on screening squares, the
//! king's moves and castling, with Anticirce's check: an enemy unit attacking the king
//! checks when its own rebirth square after taking the king is free (or its departure
//! square), or is the king's square in Calvet's rule (one promotion choice is enough). An
//! e.p. capture is judged on the board too: the orthodox generator's own e.p. test ignores
//! the capturer's rebirth, which empties the capture square and may fill (or find taken)
//! its home square.

use super::{
    all_unit_moves, castlings, castlings_by_map, en_passants, king_on, king_zone_attack_map, pins_and_screens,
    plain_king, unit_moves, Out,
};
use crate::attacks::{attacks, king_attacks, line};
use crate::bitboard::Bitboard;
use crate::fast::rebirth_tables::home_preimages_in;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Sets};
use crate::rules::circe::{home_fixed_points, home_preimage_of, home_square, Circe, OwnSquare};
use crate::square::{Color, Piece, Role, Square};

/// The number of legal moves, or `None` when the position is not modelled here (an enemy
/// unit attacks our king; no king; a pawn on its first or last rank; hidden units or a
/// pending rebirth).
pub(crate) fn count(pos: &Position, c: &Circe) -> Option<u64> {
    super::count(|out| run(pos, c, out))
}

/// [`count`] where an enemy unit attacks our king (which [`count`] leaves out, rare: apart
/// from the common path): every move judged on the board, castling too when the king is
/// not in check (an attack whose capture of the king would be illegal is no check); `None`
/// where the position is not modelled but for the attack, or the king is not attacked.
#[inline(never)]
pub(crate) fn count_attacked(pos: &Position, c: &Circe) -> Option<u64> {
    let k = super::attacked_king(pos)?;
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let judge = Judge {
        #[cfg(debug_assertions)]
        pos,
        s,
        c,
        us,
        them,
        k,
    };
    super::count(|out| {
        all_unit_moves(s, us, |m, p, arrived| {
            out.judged(m, || judge.after(m.from(), m.to(), p, arrived))
        });
        if !judge.check(s, k) {
            // (as [`Judge::castling`] judges those it cannot pass at once)
            castlings(pos, s, us, k, |ca| {
                out.judged(ca.m, || {
                    !judge.check(&king_on(s, us, ca.m.from(), ca.pass), ca.pass)
                        && !judge.check(&ca.after(s, us), ca.m.to())
                })
            });
        }
        en_passants(pos, |m, at| out.judged(m, || judge.after_ep(m.from(), m.to(), at)));
        Some(())
    })
}

/// The legal moves (every judgement here is exact); `None` as for [`count`].
pub(crate) fn moves(pos: &Position, c: &Circe, list: &mut MoveList) -> Option<()> {
    run(pos, c, list)
}

#[inline(always)]
fn run<O: Out>(pos: &Position, c: &Circe, out: &mut O) -> Option<()> {
    let k = plain_king(pos)?;
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let occ = s.occ;
    // the squares an enemy unit attacks through our king's square, on the king's zone: the
    // king's steps and castling are judged by it, and whether the king itself is attacked
    // (then `count_attacked`'s)
    let hit = king_zone_attack_map(s, them, occ.without(k), k);
    if hit.contains(k) {
        return None;
    }
    let ours = s.color[us.index()];
    let theirs = s.color[them.index()];
    let (pinned, screening) = pins_and_screens(s, us, k);
    let judge = Judge {
        #[cfg(debug_assertions)]
        pos,
        s,
        c,
        us,
        them,
        k,
    };
    // the units on screening squares (pinned units among them) are taken apart: every
    // capture of theirs is judged
    let movable = ours.without(k) & !screening;
    // (the capture squares off the screening squares)
    let open = theirs & !screening;
    // per walk of the capturer (after a promotion), the targets legal at once: the quiet
    // moves, and the captures off the screening squares whose rebirth square is free, or
    // (Calvet) the capture square itself
    let good = home_preimages_in(us, !occ);
    let mut pass = [!theirs; 8];
    for role in Role::CAPTURABLE {
        let fixed = if c.own_square == OwnSquare::Stays {
            home_fixed_points(role, us)
        } else {
            Bitboard::EMPTY
        };
        pass[role.index()] |= (good[role.index()] | fixed) & open;
    }
    // (the units on a home square of their own walk, where a capture may be reborn on the
    // square it leaves: never a knight, whose captures change the colour of its square)
    let mut at_home = Bitboard::EMPTY;
    for role in [Role::Bishop, Role::Rook, Role::Queen] {
        at_home |= s.role[role.index()] & home_fixed_points(role, us);
    }
    {
        let mut sink = Bulk {
            out: &mut *out,
            pos,
            pass,
            theirs,
            us,
            at_home: at_home & movable,
            open,
        };
        crate::orthodox::generate_with(pos, movable, Bitboard::EMPTY, Bitboard::EMPTY, &mut sink);
    }
    // their captures of enemy units on screening squares: judged
    for to in theirs & screening {
        for from in s.attackers_to(to, occ) & movable {
            let p = Piece::new(us, pos.role_on(from));
            unit_moves(s, p, from, Bitboard::from_square(to), |m, arrived| {
                out.judged(m, || judge.after(from, to, p, arrived))
            });
        }
    }
    // the units on screening squares: their captures judged, and a pinned unit's quiet
    // moves off its line
    for from in ours & screening {
        let p = Piece::new(us, pos.role_on(from));
        let free = if pinned.contains(from) {
            line(k, from)
        } else {
            Bitboard::FULL
        };
        if p.role() == Role::Pawn {
            unit_moves(s, p, from, Bitboard::FULL, |m, arrived| {
                if !theirs.contains(m.to()) && free.contains(m.to()) {
                    out.legal(m);
                } else {
                    out.judged(m, || judge.after(from, m.to(), p, arrived));
                }
            });
        } else {
            let t = attacks(p.role(), us, from, occ) & !ours;
            out.targets(from, t & !theirs & free);
            for to in t & (theirs | !free) {
                out.judged(Move::new(from, to, MoveKind::Normal), || judge.after(from, to, p, p));
            }
        }
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

/// The orthodox generator's moves of our units off the screening squares: every move but
/// the captures onto screening squares (judged apart) is decided by its arrival square and
/// the unit's walk after it (and, on a home square of its own walk, the square it leaves),
/// so they are counted in bulk.
struct Bulk<'a, O: Out> {
    out: &'a mut O,
    /// (its mailbox gives a unit's walk in one read)
    pos: &'a Position,
    /// Per walk after the move, the arrival squares legal at once: the empty squares, and
    /// the capture squares off the screening squares whose rebirth square is free (or,
    /// under Calvet, the capture square itself).
    pass: [Bitboard; 8],
    theirs: Bitboard,
    us: Color,
    /// The units on a home square of their own walk: their captures reborn on the square
    /// they leave are legal too (those onto `open`: the capture squares off the screening
    /// squares).
    at_home: Bitboard,
    open: Bitboard,
}

impl<O: Out> crate::orthodox::Sink for Bulk<'_, O> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let role = self.pos.role_on(from);
        let mut pass = self.pass[role.index()];
        if self.at_home.contains(from) {
            pass |= home_preimage_of(role, self.us, from) & self.open;
        }
        self.out.targets(from, t & pass);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        // (a pawn is reborn on its capture square's file: never the square it leaves)
        self.out.pawn_shift(t & self.pass[Role::Pawn.index()], delta, kind);
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        self.out.pawn_promotions(t & !self.theirs, delta);
        // (captures: the rebirth square is the new walk's)
        for to in t & self.theirs {
            let from = Square::new((to.index() as i8 - delta) as u8);
            for r in Role::PROMOTIONS {
                if self.pass[r.index()].contains(to) {
                    self.out.legal(Move::promotion(from, to, r));
                }
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        // (e.p. only: the king and the pinned units are not among the units given; an e.p.
        // capture is judged apart, with the capturer's rebirth)
        debug_assert_eq!(m.kind(), MoveKind::EnPassant);
    }
}

/// Judges moves on the bitboards after them: a specialised copy of the shared model of a
/// move's effects (`fast::effects`), which debug builds check it against.
struct Judge<'a> {
    #[cfg(debug_assertions)]
    pos: &'a Position,
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
    #[inline(always)]
    fn after(&self, from: Square, to: Square, p: Piece, arrived: Piece) -> bool {
        let legal = self.after_here(from, to, p, arrived);
        #[cfg(debug_assertions)]
        self.check_with_model(crate::fast::effects::judged_move(from, to, p, arrived), legal);
        legal
    }

    /// Is our pawn's e.p. capture `from`x`ep` of the enemy pawn on `at` legal: the capturer
    /// reborn on its home square (on the capture file: never `ep` itself) when that is
    /// free, and our king not in check after?
    #[inline(always)]
    fn after_ep(&self, from: Square, ep: Square, at: Square) -> bool {
        let legal = self.after_ep_here(from, ep, at);
        #[cfg(debug_assertions)]
        self.check_with_model(Move::new(from, ep, MoveKind::EnPassant), legal);
        legal
    }

    #[cfg(debug_assertions)]
    fn check_with_model(&self, m: Move, legal: bool) {
        let check = |b: &Sets, k| self.check(b, k);
        crate::fast::effects::assert_agrees(self.pos, Some(self.c), m, u64::from(legal), check, "anticirce judge");
    }

    #[inline]
    fn after_here(&self, from: Square, to: Square, p: Piece, arrived: Piece) -> bool {
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

    #[inline(never)]
    fn after_ep_here(&self, from: Square, ep: Square, at: Square) -> bool {
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
        att.find(|&a| crate::fast::effects::anticirce_takes_king(b, self.c, Piece::new(self.them, b.role_at(a)), a, k))
            .is_some()
    }

    /// Castling: the king not in check (it is not attacked), not passing through check
    /// (the king alone on the passing square), not in check after; `hit`: the squares any
    /// enemy unit attacks through our king's square (none of the two: legal at once).
    fn castling(&self, pos: &Position, hit: Bitboard, out: &mut impl Out) {
        let (s, us, k) = (self.s, self.us, self.k);
        castlings_by_map(pos, s, us, k, hit, out, |out, c| {
            out.judged(c.m, || {
                !self.check(&king_on(s, us, k, c.pass), c.pass) && !self.check(&c.after(s, us), c.m.to())
            })
        });
    }
}
