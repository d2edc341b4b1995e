//! The last ply for the plainest rebirth rules, without the general counter's set-up.
//!
//! Rules: the captured unit alone is reborn (now, or later as in Parrain), on a square that
//! depends on it alone (home, mirror, symmetric or diagram square; Chameleon walks too), an
//! occupied square makes it vanish, be buried or the capture illegal, and check is the plain
//! attack. Position: our king not attacked, nothing hidden, no pending rebirth, no pawn on
//! its own first rank, no e.p. capture. Then every orthodox legal move is legal except the
//! captures whose reborn unit attacks our king (or whose square is taken, in Strict Circe);
//! the orthodox generator counts in bulk and looks only at the few captures whose victim
//! could be reborn near the king ([`risky_victims`]). What orthodox chess forbids and a
//! rebirth can allow is looked at apart: the king's captures (the reborn unit may block an
//! attack on the arrival square, or attack it), and a pinned unit's captures off its line
//! (when a victim could be reborn on that line: then the general counter decides).

use super::{attacked, risky_victims, victims_reborn_in, VictimRule};
use crate::attacks::{between, bishop_attacks, king_attacks, line, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::orthodox::Sink;
use crate::position::Position;
use crate::rules::circe::{CaptureFrom, Capturer, Circe, Occupied, Victim, When};
use crate::rules::{Observation, Rules};
use crate::square::{Color, Piece, Role, Square};

/// May [`count`] be tried under these rules? (Asked once, when the rules are parsed.)
pub(crate) fn applies(rules: &Rules) -> bool {
    let Some(c) = rules.circe else { return false };
    rules.observation == Observation::None
        && !rules.cohen
        && rules.king_capture_is_plain()
        && c.capturer == Capturer::Stays
        && c.victim == Victim::Reborn
        && !c.victim_kings
        && !c.square_depends_on_capture()
        && c.capture_from == CaptureFrom::OwnSquare
        && c.occupied != Occupied::Assassinate
}

/// The number of legal moves, or `None` when the position is not one this module models.
pub(super) fn count(pos: &Position, c: &Circe) -> Option<u64> {
    let us = pos.turn();
    let them = us.other();
    let s = pos.sets();
    let k = pos.king(us)?;
    if pos.pending().is_some() || pos.hidden_mask().any() {
        return None;
    }
    let pawns = s.role[Role::Pawn.index()];
    if (pawns & (s.color[0] & Bitboard::rank(Color::White.first_rank()) | s.color[1] & Bitboard::rank(Color::Black.first_rank()))).any() {
        return None;
    }
    if let Some(ep) = pos.ep_square() {
        if (pawn_attacks(them, ep) & s.pieces(us, Role::Pawn)).any() {
            return None;
        }
    }
    let occ = s.occ;
    let ours = s.color[us.index()];
    let theirs = s.color[them.index()];
    if (s.attackers_to(k, occ) & theirs).any() {
        return None;
    }
    let tq = s.pieces(them, Role::Queen);
    let snipers = (rook_attacks(k, Bitboard::EMPTY) & (s.pieces(them, Role::Rook) | tq))
        | (bishop_attacks(k, Bitboard::EMPTY) & (s.pieces(them, Role::Bishop) | tq));
    let mut pinned = Bitboard::EMPTY;
    let mut rays = Bitboard::EMPTY;
    for sn in snipers {
        let b = between(k, sn) & occ;
        if !b.more_than_one() && (b & ours).any() {
            pinned |= b;
            rays |= between(k, sn);
        }
    }
    let now = c.when == When::AtOnce;
    if pinned.any() && now {
        // a victim reborn on the pin line would shield the king from a capture off the line
        let mut shields = Bitboard::EMPTY;
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            shields |= victims_reborn_in(pos, c, Piece::new(them, role), rays);
        }
        if shields.any() {
            for p in pinned {
                let role = pos.piece_at(p)?.role();
                if (crate::attacks::attacks(role, us, p, occ) & shields & !line(k, p)).any() {
                    return None;
                }
            }
        }
    }
    let risky = risky_victims(pos, c, them, Some(k), Bitboard::EMPTY);
    let rule = VictimRule {
        pos,
        c: *c,
        king: Some(k),
        occ,
        apart_from: Bitboard::EMPTY,
        apart_to: Bitboard::EMPTY,
        them,
        fr: c.first_rank_pawns,
        cohen_vacate: None,
        risky,
    };
    let mut sink = Lean { n: 0, theirs, look: risky & theirs, king: k, rule, unsure: false };
    crate::orthodox::generate_with(pos, Bitboard::FULL, Bitboard::EMPTY, pinned, &mut sink);
    if sink.unsure {
        return None;
    }
    let mut n = sink.n;
    for to in king_attacks(k) & theirs {
        n += u64::from(king_capture(pos, c, k, to)?);
    }
    Some(n)
}

/// Is the king's capture on `to` legal: the victim gone (or reborn), is `to` unattacked?
fn king_capture(pos: &Position, c: &Circe, k: Square, to: Square) -> Option<bool> {
    let us = pos.turn();
    let them = us.other();
    let v = pos.piece_at(to)?;
    let king = Piece::new(us, Role::King);
    let mut b = *pos.sets();
    b.toggle(k, king);
    b.toggle(to, v);
    b.toggle(to, king);
    if c.when == When::AtOnce && v.role() != Role::King {
        let unit = v.with_role(c.victim_reborn_walk(v));
        if let Some(r) = c.victim_rebirth_square(unit, to, pos.origin(to)) {
            if b.occ.contains(r) {
                if c.occupied == Occupied::Illegal {
                    return Some(false);
                }
            } else {
                if unit.role() == Role::Pawn && r.rank() == them.promotion_rank() {
                    return None;
                }
                b.toggle(r, unit);
            }
        }
    }
    Some(!attacked(&b, to, them, b.occ, c.first_rank_pawns))
}

/// Counts the orthodox generator's moves; captures of `look` victims are weighed one by one.
struct Lean<'a> {
    n: u64,
    theirs: Bitboard,
    look: Bitboard,
    king: Square,
    rule: VictimRule<'a>,
    /// A move this module does not model was met.
    unsure: bool,
}

impl Lean<'_> {
    #[inline(always)]
    fn capture(&mut self, from: Square, to: Square, promotions: u64) {
        match self.rule.weight(from, to) {
            Some(w) => self.n += promotions * w,
            None => self.unsure = true,
        }
    }
}

impl Sink for Lean<'_> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        self.n += (t & !self.look).count() as u64;
        for to in t & self.look {
            self.capture(from, to, 1);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        self.n += (t & !self.look).count() as u64;
        for to in t & self.look {
            self.capture(Square::new((to.index() as i8 - delta) as u8), to, 1);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        self.n += 4 * (t & !self.look).count() as u64;
        for to in t & self.look {
            self.capture(Square::new((to.index() as i8 - delta) as u8), to, 4);
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        match m.kind() {
            MoveKind::EnPassant => self.unsure = true,
            // the king's captures are judged apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ if self.look.contains(m.to()) => self.capture(m.from(), m.to(), 1),
            _ => self.n += 1,
        }
    }
}
