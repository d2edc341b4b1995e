//! The general counter's judge: a move applied to a copy of the bitboards with its effects
//! (the victim or the capturer reborn, the capturer removed, Parrain's pending rebirth
//! placed), and our king tested there by the rule set's check: the plain attack, or an
//! attack by an unparalysed unit (Madrasi), by a capturer that could be reborn
//! (Anticirce), on a king that could not be reborn (Rex Inclusive), from a rebirth square
//! (Mars), a capture whose rebirth lands on the king (Assassin), and the Isardam test. What
//! it cannot decide is played through the generic pipeline.

use crate::bitboard::Bitboard;
use crate::fast::generic_one;
use crate::fast::geometry::attacked;
use crate::moves::Move;
use crate::position::{Position, Sets};
use crate::rules::circe::FirstRankPawns;
use crate::rules::{isardam, madrasi, Rules};
use crate::square::{Piece, Role, Square};

use super::General;
use crate::fast::effects::{self, After};

impl General {
    /// Judges a move on the bitboards after it; the generic pipeline where they cannot decide.
    #[inline]
    pub(super) fn by_board(&self, pos: &mut Position, rules: &Rules, m: Move) -> u64 {
        match effects::after(pos, self.circe.as_ref(), m) {
            After::Illegal => 0,
            After::Declined => generic_one(pos, rules, m),
            After::Board {
                sets: b,
                promote: None,
                double,
                ..
            } => match self.judge(&b, double, pos.sets()) {
                Some(true) => 1,
                Some(false) => 0,
                None => generic_one(pos, rules, m),
            },
            After::Board {
                sets: b,
                promote: Some((r, unit)),
                double,
                ..
            } => {
                let mut c = 0;
                for role in Role::PROMOTIONS {
                    let mut bb = b;
                    bb.toggle(r, unit.with_role(role));
                    c += match self.judge(&bb, double, pos.sets()) {
                        Some(true) => 1,
                        Some(false) => 0,
                        None => generic_one(pos, rules, m.with_rebirth_promotion(role)),
                    };
                }
                c
            }
        }
    }

    /// Is the board after a move legal? `None`: cannot say here.
    #[inline]
    pub(super) fn judge(&self, b: &Sets, double: Option<Square>, before: &Sets) -> Option<bool> {
        let kk = b.pieces(self.us, Role::King).first();
        match (self.king, kk) {
            (Some(_), None) => return Some(false),
            (_, Some(k)) if self.check_on(b, k)? => return Some(false),
            _ => {}
        }
        if let Some(kings) = self.isardam {
            if let Some(c) = self.mars_rules() {
                return Some(isardam::passes_mars(b, kings, self.fr, double, c));
            }
            if self.isardam_clean {
                // the board before passed: only what the move changed can observe
                let (placed, vacated) = isardam::delta(before, b);
                return Some(isardam::passes_after(b, placed, vacated, kings, self.fr, double));
            }
            return Some(isardam::passes_sets(b, kings, self.fr, double));
        }
        Some(true)
    }

    /// Is our king on `k` in check on board `b`? `None`: the counter cannot say (the move is
    /// played through the generic pipeline).
    #[inline]
    pub(super) fn check_on(&self, b: &Sets, k: Square) -> Option<bool> {
        if self.threats.contains(k) && self.assassination_threat(b, k) {
            // Isardam type A: the threatening capture must pass the Isardam test too
            return if self.isardam_tests_check { None } else { Some(true) };
        }
        if !self.attacked_after(b, k) {
            return Some(false);
        }
        if self.attack_is_check {
            return Some(true);
        }
        self.modelled_check(b, k)
    }

    /// Check on board `b`, when a plain attack on the king at `k` need not be one: Madrasi
    /// (the attacker must not be paralysed), Anticirce (the capturer must be able to be
    /// reborn), Rex Inclusive (the king must not be able to be reborn). `None` for what is
    /// not modelled here (Isardam type A).
    pub(super) fn modelled_check(&self, b: &Sets, k: Square) -> Option<bool> {
        if self.isardam_tests_check {
            return None;
        }
        let c = self.circe;
        let them = self.them;
        let att = match c.filter(|_| self.mars) {
            // Mars: the units that capture from their rebirth squares
            Some(c) => crate::rules::check::mars_capturers_on(b, &c, k, them),
            None => {
                let mut att = b.attackers_to(k, b.occ) & b.color[them.index()];
                if self.fr == FirstRankPawns::Immobile {
                    att &= !(b.pieces(them, Role::Pawn) & Bitboard::rank(them.first_rank()));
                }
                att
            }
        };
        for a in att {
            let role = Role::ALL
                .into_iter()
                .find(|&r| b.role[r.index()].contains(a))
                .expect("attacker walk");
            let unit = Piece::new(them, role);
            if let Some(kings) = self.madrasi {
                if madrasi::observed_on(b, a, unit, kings, self.fr, self.mars_rules()) {
                    continue;
                }
            }
            if let Some(c) = c.as_ref() {
                if !effects::takes_king(b, c, unit, a, k) {
                    continue;
                }
            }
            return Some(true);
        }
        Some(false)
    }

    /// Is the king on `k` attacked on board `b` (Mars: from rebirth squares)?
    #[inline]
    pub(super) fn attacked_after(&self, b: &Sets, k: Square) -> bool {
        match (self.mars, self.circe.as_ref()) {
            (true, Some(_))
                if Some(k) == self.king && self.mars_watch.as_ref().is_some_and(|w| w.n <= w.units.len()) =>
            {
                self.mars_watch.as_ref().unwrap().units[..self.mars_watch.as_ref().unwrap().n]
                    .iter()
                    .any(|&(sq, role, l)| {
                        let fr_ok = !(role == Role::Pawn
                            && sq.rank() == self.them.first_rank()
                            && self.fr == FirstRankPawns::Immobile);
                        fr_ok
                            && b.pieces(self.them, role).contains(sq)
                            && (l == sq || !b.occ.contains(l))
                            && crate::attacks::attacks(role, self.them, l, b.occ.without(sq).with(l)).contains(k)
                    })
            }
            (true, Some(c)) => crate::rules::check::mars_capturers_on(b, c, k, self.them).any(),
            _ => attacked(b, k, self.them, b.occ, self.fr),
        }
    }
}
