//! The general counter's bulk count, our king not attacked: the orthodox generator, limited
//! to the units that may move and whose moves uncover nothing, runs into a sink ([`BulkSink`])
//! that counts the quiet moves (with the king unattacked, such a move leaves it
//! unattacked, and an unattacked king is in check under no rule here; Isardam's test is
//! applied to each where the rules ask for it), counts in the sink the
//! captures a rule decides outright ([`VictimRule`], [`CapturerRule`]), and keeps the
//! others to be judged one by one. The moves the generator leaves out (pinned units off
//! their line, units on hidden units, the king's steps where an attack need not be a
//! check, e.p.) are judged on the board.

use crate::attacks::{king_attacks, pawn_attacks};
use crate::bitboard::Bitboard;
use crate::fast::geometry::attacked;
use crate::fast::rebirth_tables::victims_to_weigh;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::rules::circe::{Capturer, FirstRankPawns, Occupied, OwnSquare, Victim, When};
use crate::rules::{isardam, Rules};
use crate::square::{Piece, Role, Square};

use super::capture::{CapturerRule, VictimRule};
use super::General;

impl General {
    /// The king is not attacked: the orthodox generator, restricted to the units that may
    /// move and whose moves uncover nothing, counts the quiet moves that keep the king
    /// unattacked (all legal); captures, e.p., castling, the moves of units standing on
    /// hidden units, and (when a plain attack is not necessarily a check) the quiet moves
    /// orthodox chess forbids are judged one by one.
    pub(super) fn count_bulk(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let us = self.us;
        let s = *pos.sets();
        let occ = s.occ;
        let empty = !occ;
        let theirs = s.color[self.them.index()];
        let mut mobile = s.color[us.index()] & !self.paralysed(pos);
        if self.fr == FirstRankPawns::Immobile {
            mobile &= !(s.pieces(us, Role::Pawn) & Bitboard::rank(us.first_rank()));
        }
        let on_hidden = mobile & self.hidden;
        let plain = mobile & !self.hidden;
        // Assassin: the king's own steps may walk into a rebirth threat; they go one by one
        let king_steps_judged = self.threats.any();
        let generated = match self.king {
            Some(k) if king_steps_judged => plain.without(k),
            _ => plain,
        };
        // castling as orthodox chess judges it, when a plain attack is a check and nothing
        // is hidden under the king or a rook
        let home = Bitboard::rank(us.first_rank());
        let castle_plain = self.attack_decides()
            && self.isardam.is_none()
            && self.madrasi.is_none()
            && !self.mars
            && self.threats.is_empty()
            && (self.hidden & home).is_empty();
        let mut captures = MoveList::new();
        let isardam = self.isardam.map(|kings| (&*pos, kings, self.fr));
        let victims = self.victim_rule(pos, true);
        let capturers = if isardam.is_none() {
            self.capturer_rule(pos)
        } else {
            None
        };
        let mut n = if isardam.is_none() {
            let mut sink = BulkSink::<true>::new(
                theirs,
                self.king,
                &mut captures,
                castle_plain,
                isardam,
                victims,
                capturers,
            );
            crate::orthodox::generate_with(pos, generated, self.checkers, self.pinned, &mut sink);
            sink.n
        } else {
            let mut sink = BulkSink::<false>::new(
                theirs,
                self.king,
                &mut captures,
                castle_plain,
                isardam,
                victims,
                capturers,
            );
            crate::orthodox::generate_with(pos, generated, self.checkers, self.pinned, &mut sink);
            sink.n
        };
        if let Some(k) = self.king.filter(|k| king_steps_judged && plain.contains(*k)) {
            for to in king_attacks(k) & empty {
                n += self.king_step(pos, rules, k, to);
            }
        }
        for &m in captures.iter() {
            n += self.capture(pos, rules, m);
        }
        let mut extra = MoveList::new();
        // king captures, e.p., pinned units' captures off their line, every move of a unit
        // standing on hidden units; and when an attack may not be a check, the king's steps
        // to attacked squares and pinned units' quiet moves off their line
        if let Some(k) = self.king.filter(|k| plain.contains(*k)) {
            for to in king_attacks(k) & theirs {
                extra.push(Move::new(k, to, MoveKind::Normal));
            }
            if !self.attack_decides() && !king_steps_judged {
                for to in king_attacks(k) & empty {
                    if attacked(&s, to, self.them, occ.without(k), self.fr) {
                        extra.push(Move::new(k, to, MoveKind::Normal));
                    }
                }
            }
        }
        let pinned = self.pinned & plain;
        for from in pinned | on_hidden {
            let off_line = match self.king {
                Some(k) if !on_hidden.contains(from) => !crate::attacks::line(k, from),
                _ => Bitboard::FULL,
            };
            let both = on_hidden.contains(from) || !self.attack_decides();
            self.moves_of(pos, from, off_line, both, &mut extra);
        }
        if let Some(ep) = pos.ep_square() {
            let up = us.forward() * 8;
            let victim = Square::new((ep.index() as i32 - up) as u8);
            if empty.contains(ep) && pos.piece_at(victim) == Some(Piece::new(self.them, Role::Pawn)) {
                // pawns on hidden units too (`moves_of` makes no e.p. captures)
                for from in pawn_attacks(self.them, ep) & s.pieces(us, Role::Pawn) & mobile {
                    extra.push(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
        for &m in extra.iter() {
            n += self.by_board(pos, rules, m);
        }
        if !castle_plain {
            n += self.castling(pos, rules);
        }
        n
    }

    /// Anticirce: captures the generator's sink can judge in bulk (see [`CapturerRule`]).
    pub(super) fn capturer_rule<'a>(&self, pos: &'a Position) -> Option<CapturerRule<'a>> {
        let c = self.circe?;
        if c.capturer != Capturer::Reborn
            || c.victim != Victim::Gone
            || c.occupied != Occupied::Illegal
            || !self.rebirths_decide
            || self.pending.is_some()
            || self.madrasi.is_some()
        {
            return None;
        }
        let k = self.king?;
        let us = self.us;
        let empty = !pos.occupied();
        let mut good = [Bitboard::EMPTY; 7];
        for role in Role::CAPTURABLE {
            let mut g = crate::fast::rebirth_tables::home_preimage_in(role, us, empty);
            if c.own_square == OwnSquare::Stays {
                // a capture on the capturer's own rebirth square: it stays there
                g |= crate::rules::circe::home_fixed_points(role, us);
            }
            good[role.index()] = g;
        }
        let aligned = crate::attacks::queen_rays(k);
        Some(CapturerRule {
            pos,
            us,
            good,
            judged_from: self.pinned | self.hidden | aligned | Bitboard::from_square(k),
            judged_to: aligned | self.hidden,
        })
    }

    /// Captures that the generator's sink can judge by the victim alone (see [`VictimRule`]);
    /// `bulk`: work out which victims need a look (else every capture is looked at).
    pub(super) fn victim_rule<'a>(&self, pos: &'a Position, bulk: bool) -> Option<VictimRule<'a>> {
        let c = self.circe?;
        let by_victim = c.capturer == Capturer::Stays
            && (c.victim == Victim::Gone || c.when != When::AtOnce || !c.square_depends_on_capture());
        // our own pending Parrain rebirth (not a pawn: those go one by one) lands after the
        // move or vanishes; it cannot expose our king
        let pending_ok = self.pending.is_none() || (c.when != When::AtOnce && c.occupied == Occupied::Vanish);
        (by_victim && pending_ok && self.rebirths_decide && self.attack_is_check).then(|| VictimRule {
            pos,
            c,
            king: self.king,
            occ: pos.occupied(),
            judged_from: self.pinned | self.hidden,
            judged_to: self.hidden,
            fr: self.fr,
            to_weigh: if bulk {
                victims_to_weigh(pos, &c, self.them, self.king, self.hidden)
            } else {
                Bitboard::FULL
            },
        })
    }
}

/// Receives the orthodox generator's moves: counts the quiet ones, keeps the captures.
/// `PLAIN`: no Isardam test (quiet moves are counted in bulk).
struct BulkSink<'a, const PLAIN: bool> {
    theirs: Bitboard,
    king: Option<Square>,
    n: u64,
    captures: &'a mut MoveList,
    /// Count the generator's castling moves (else they are judged separately).
    castling: bool,
    /// Isardam: every quiet move must pass the test too (the board before passes it).
    isardam: Option<(&'a Position, bool, FirstRankPawns)>,
    /// Captures counted here when the victim alone decides (else kept).
    victims: Option<VictimRule<'a>>,
    /// The enemy units whose capture needs a look (capturing any other, from outside
    /// `judged_from`, is one legal move).
    weighed: Bitboard,
    /// Units whose every capture needs a look.
    judged_from: Bitboard,
    /// Anticirce: captures judged by the capturer's rebirth square.
    capturers: Option<CapturerRule<'a>>,
}

impl<'a, const PLAIN: bool> BulkSink<'a, PLAIN> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        theirs: Bitboard,
        king: Option<Square>,
        captures: &'a mut MoveList,
        castling: bool,
        isardam: Option<(&'a Position, bool, FirstRankPawns)>,
        victims: Option<VictimRule<'a>>,
        capturers: Option<CapturerRule<'a>>,
    ) -> Self {
        let (weighed, judged_from) =
            victims.map_or((theirs, Bitboard::EMPTY), |v| (v.to_weigh & theirs, v.judged_from));
        BulkSink {
            theirs,
            king,
            n: 0,
            captures,
            castling,
            isardam,
            victims,
            weighed,
            judged_from,
            capturers,
        }
    }

    /// A capture (`promotions`: 4 for a pawn promoting, else 1): counted, or kept.
    #[inline(always)]
    fn capture(&mut self, from: Square, to: Square, promotions: bool) {
        if let Some(w) = self.victims.and_then(|v| v.weight(from, to)) {
            self.n += if promotions { 4 * w } else { w };
        } else if promotions {
            for r in Role::PROMOTIONS {
                self.captures.push(Move::promotion(from, to, r));
            }
        } else {
            self.captures.push(Move::new(from, to, MoveKind::Normal));
        }
    }

    /// Quiet moves from `from` to each of `targets`, the unit arriving as `arrived`
    /// (a promotion's new walk): how many pass the Isardam test (all without Isardam).
    #[inline(always)]
    fn quiet(&self, from: Square, targets: Bitboard, arrived: Option<Role>, double: bool) -> u64 {
        let n = targets.count() as u64;
        if PLAIN {
            return n;
        }
        let Some((pos, kings, fr)) = self.isardam else { return n };
        let p = pos.piece_at(from).expect("mover");
        let q = arrived.map_or(p, |r| p.with_role(r));
        let mut n = 0;
        for to in targets {
            let mut b = *pos.sets();
            b.toggle(from, p);
            b.toggle(to, q);
            n += u64::from(isardam::passes_after_quiet(&b, from, to, q, kings, fr, double));
        }
        n
    }
}

impl<const PLAIN: bool> crate::orthodox::Sink for BulkSink<'_, PLAIN> {
    #[inline(always)]
    fn targets(&mut self, from: Square, mut t: Bitboard) {
        if let Some(cr) = self.capturers {
            let (done, n) = cr.judge(from, t & self.theirs);
            self.n += n;
            t &= !done;
        }
        let weighed = if self.judged_from.contains(from) {
            self.theirs
        } else {
            self.weighed
        };
        if PLAIN {
            self.n += (t & !weighed).count() as u64;
        } else {
            self.n += self.quiet(from, t & !self.theirs, None, false) + (t & self.theirs & !weighed).count() as u64;
        }
        for to in t & weighed {
            self.capture(from, to, false);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, mut t: Bitboard, delta: i8, kind: MoveKind) {
        if let Some(cr) = self.capturers {
            let caps = t & self.theirs & !cr.judged_to;
            if caps.any() && (crate::orthodox::shift(caps, -delta) & cr.judged_from).is_empty() {
                // (a pawn is never reborn on the square it leaves: it captures sideways)
                self.n += (caps & cr.good[Role::Pawn.index()]).count() as u64;
                t &= !caps;
            }
        }
        // (the generator shifts unpinned pawns only, and none on hidden units)
        debug_assert!((crate::orthodox::shift(t, -delta) & self.judged_from).is_empty());
        if PLAIN {
            self.n += (t & !self.weighed).count() as u64;
        } else {
            for to in t & !self.theirs {
                let from = Square::new((to.index() as i8 - delta) as u8);
                self.n += self.quiet(from, Bitboard::from_square(to), None, kind == MoveKind::DoublePush);
            }
            self.n += (t & self.theirs & !self.weighed).count() as u64;
        }
        for to in t & self.weighed {
            self.capture(Square::new((to.index() as i8 - delta) as u8), to, false);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let caps = t & self.theirs;
        // (a pinned pawn comes alone)
        let weighed = if (crate::orthodox::shift(caps, -delta) & self.judged_from).any() {
            self.theirs
        } else {
            self.weighed
        };
        if PLAIN {
            self.n += 4 * (t & !weighed).count() as u64;
        } else {
            for to in t & !self.theirs {
                let from = Square::new((to.index() as i8 - delta) as u8);
                for r in Role::PROMOTIONS {
                    self.n += self.quiet(from, Bitboard::from_square(to), Some(r), false);
                }
            }
            self.n += 4 * (caps & !weighed).count() as u64;
        }
        for to in t & weighed {
            self.capture(Square::new((to.index() as i8 - delta) as u8), to, true);
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        match m.kind() {
            MoveKind::CastleKing | MoveKind::CastleQueen => self.n += u64::from(self.castling),
            // judged separately
            MoveKind::EnPassant => {}
            _ if self.theirs.contains(m.to()) => {
                if Some(m.from()) != self.king {
                    self.captures.push(m);
                }
            }
            _ if PLAIN => self.n += 1,
            kind => {
                let promo = m.promotion_role();
                self.n += self.quiet(
                    m.from(),
                    Bitboard::from_square(m.to()),
                    promo,
                    kind == MoveKind::DoublePush,
                )
            }
        }
    }
}
