//! The last ply of perft under plain Madrasi (and Madrasi Rex Inclusive).
//!
//! Observation between like orthodox units is mutual, so the units that observe an enemy
//! unit are paralysed themselves and never move. One move can therefore wake an enemy unit
//! only by standing between it and its one observer (a slider at a distance): such enemy
//! units are *wakeable*. Active and wakeable enemy units are the only possible attackers
//! after any move of ours but a king move; when none attacks the king now, the moves of our
//! active units are those of orthodox chess with the pins of those units only (a unit
//! "pinned" by a unit that stays paralysed moves freely, see docs/rules.md), counted in
//! bulk. The moves orthodox chess forbids and paralysis may allow — king moves onto
//! attacked squares, pinned units leaving their line, e.p., castling — are judged on the
//! board after the move: the king must not be attacked by a unit that no like unit of ours
//! observes there. When an active or wakeable unit attacks the king, every move is judged
//! so.

use super::{castlings_by_map, king_on, king_zone_attack_map, pinned, plain_after, plain_king, unit_moves, Out};
use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, pawn_attacks_of_set, queen_attacks,
    rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Sets};
use crate::rules::circe::FirstRankPawns;
use crate::rules::madrasi::observed_on;
use crate::square::{Color, Piece, Role, Square};

/// The number of legal moves, or `None` when the position is not modelled here (no king; a
/// pawn on its first or last rank: on its own first rank it observes nothing while it can
/// be observed; hidden units or a pending rebirth).
pub(crate) fn count(pos: &Position, kings: bool) -> Option<u64> {
    super::count(|out| run(pos, kings, out))
}

/// The legal moves (every judgement here is exact: none needs the legality test); `None`
/// as for [`count`].
pub(crate) fn moves(pos: &Position, kings: bool, list: &mut MoveList) -> Option<()> {
    run(pos, kings, list)
}

/// The units of walk `role` that like enemy units observe, both ways (`reach`: what a unit
/// of that walk on a square observes): (enemy units paralysed, ours paralysed, enemy
/// units one move could wake).
#[inline(always)]
fn observed(s: &Sets, us: Color, role: Role, reach: impl Fn(Square) -> Bitboard) -> (Bitboard, Bitboard, Bitboard) {
    let (mine, his) = (s.pieces(us, role), s.pieces(us.other(), role));
    let mut out = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    if mine.is_empty() {
        return out;
    }
    for e in his {
        let seen = reach(e) & mine;
        if seen.any() {
            out.0 = out.0.with(e);
            out.1 |= seen;
            if !seen.more_than_one() && between(seen.first().expect("an observer"), e).any() {
                out.2 = out.2.with(e);
            }
        }
    }
    out
}

#[inline(always)]
fn run<O: Out>(pos: &Position, kings: bool, out: &mut O) -> Option<()> {
    let k = plain_king(pos)?;
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let occ = s.occ;
    let ours = s.color[us.index()];
    let theirs = s.color[them.index()];

    // paralysis, both ways at once (mutual), and the enemy units one move could wake
    let mut still_us = s.pieces(us, Role::Pawn) & pawn_attacks_of_set(them, s.pieces(them, Role::Pawn));
    let mut still_them = s.pieces(them, Role::Pawn) & pawn_attacks_of_set(us, s.pieces(us, Role::Pawn));
    let mut wakeable = Bitboard::EMPTY;
    let mut add = |(t, u, w): (Bitboard, Bitboard, Bitboard)| {
        still_them |= t;
        still_us |= u;
        wakeable |= w;
    };
    add(observed(s, us, Role::Knight, knight_attacks));
    add(observed(s, us, Role::Bishop, |e| bishop_attacks(e, occ)));
    add(observed(s, us, Role::Rook, |e| rook_attacks(e, occ)));
    add(observed(s, us, Role::Queen, |e| queen_attacks(e, occ)));
    if kings {
        add(observed(s, us, Role::King, king_attacks));
    }
    let danger = (theirs & !still_them) | wakeable;
    let mobile = ours & !still_us;
    let judge = Judge { s, us, them, kings, k };
    // units whose moves are judged one by one, each to the squares of its mask
    let threat = s.attackers_to(k, occ) & danger;
    let judged_units = if threat.any() {
        // an active or wakeable unit attacks the king: every move is judged
        mobile.without(k)
    } else {
        // pins by the units that are or could become active
        let dq = s.pieces(them, Role::Queen) & danger;
        let pinned = pinned(
            s,
            us,
            k,
            s.pieces(them, Role::Rook) & danger | dq,
            s.pieces(them, Role::Bishop) & danger | dq,
        );
        // the units but the king, with their orthodox pins (e.p. judged below)
        crate::orthodox::generate_with(
            pos,
            mobile.without(k),
            Bitboard::EMPTY,
            pinned,
            &mut NoEnPassant(&mut *out),
        );
        // and pinned units leaving their line
        pinned & mobile
    };
    for from in judged_units {
        let mask = if threat.any() { Bitboard::FULL } else { !line(k, from) };
        let p = Piece::new(us, s.role_at(from));
        unit_moves(s, p, from, mask, |m, arrived| {
            out.judged(m, || judge.after(from, m.to(), None, p, arrived))
        });
    }
    // e.p.
    if let Some(ep) = pos.ep_square() {
        let victim = Square::new((ep.index() as i32 - 8 * us.forward()) as u8);
        if !occ.contains(ep) && pos.piece_at(victim) == Some(Piece::new(them, Role::Pawn)) {
            let pawn = Piece::new(us, Role::Pawn);
            for from in pawn_attacks(them, ep) & s.pieces(us, Role::Pawn) & mobile {
                out.judged(Move::new(from, ep, MoveKind::EnPassant), || {
                    judge.after(from, ep, Some(victim), pawn, pawn)
                });
            }
        }
    }
    if mobile.contains(k) {
        let king = Piece::new(us, Role::King);
        // what every enemy unit attacks, paralysed or not, through our king's square, on
        // the king's zone: a square there outside it is safe for the king at once
        let hit = king_zone_attack_map(s, them, occ.without(k), k);
        let steps = king_attacks(k) & !ours;
        out.targets(k, steps & !hit);
        for to in steps & hit {
            out.judged(Move::new(k, to, MoveKind::Normal), || {
                judge.after(k, to, None, king, king)
            });
        }
        // (not out of check: attacked by an active unit)
        if (threat & !still_them).is_empty() {
            judge.castling(pos, hit, out);
        }
    }
    Some(())
}

/// The orthodox generator's moves but its e.p. captures, which are judged apart (the
/// generator tests them by orthodox check).
struct NoEnPassant<'a, O: Out>(&'a mut O);

impl<O: Out> crate::orthodox::Sink for NoEnPassant<'_, O> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        self.0.targets(from, t);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        self.0.pawn_shift(t, delta, kind);
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        self.0.pawn_promotions(t, delta);
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        if m.kind() != MoveKind::EnPassant {
            self.0.one(m);
        }
    }
}

/// Judges moves on the bitboards after them.
struct Judge<'a> {
    s: &'a Sets,
    us: Color,
    them: Color,
    kings: bool,
    /// Our king's square before the move.
    k: Square,
}

impl Judge<'_> {
    /// Is the unit `p` going from `from` to `to` as `arrived` (capturing what stands on
    /// `to`, or on `ep`) legal: no active enemy unit attacks our king after it?
    #[inline]
    fn after(&self, from: Square, to: Square, ep: Option<Square>, p: Piece, arrived: Piece) -> bool {
        let k = if from == self.k { to } else { self.k };
        self.safe(&plain_after(self.s, from, to, ep, p, arrived), k)
    }

    /// Is our king on `k` unattacked by active enemy units on board `b`?
    #[inline]
    fn safe(&self, b: &Sets, k: Square) -> bool {
        let att = b.attackers_to(k, b.occ) & b.color[self.them.index()];
        att.into_iter().all(|a| {
            observed_on(
                b,
                a,
                Piece::new(self.them, b.role_at(a)),
                self.kings,
                FirstRankPawns::Immobile,
                None,
            )
        })
    }

    /// Castling (docs/rules.md): the king neither paralysed nor in check (both known here), the
    /// squares between king and rook empty, the passing square and the arrival square not
    /// attacked by active units (the rook's paralysis does not matter).
    /// `hit`: the squares any enemy unit attacks through our king's square.
    fn castling(&self, pos: &Position, hit: Bitboard, out: &mut impl Out) {
        let (s, us) = (self.s, self.us);
        // (with no enemy unit attacking either square, whatever its paralysis, legal: the
        // king leaving e1 opens no line onto them that the rook does not close)
        castlings_by_map(pos, s, us, self.k, hit, out, |out, c| {
            if self.safe(&king_on(s, us, c.m.from(), c.pass), c.pass) {
                // (not through check: the legality test of a listed move looks at the
                // arrival only)
                out.judged(c.m, || self.safe(&c.after(s, us), c.m.to()));
            }
        });
    }
}
