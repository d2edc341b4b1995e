//! The general counter's castling: the orthodox tests (not out of, through or into check),
//! which are the rules' own where no enemy unit attacks the squares the king uses (an
//! unattacked king is in check under no rule here, and castling reborns nothing), or for
//! Mars where no enemy unit can capture there from its rebirth square; else the boards
//! before, on the passing square and after castling are judged as any move's.

use crate::attacks::between;
use crate::fast::generic_one;
use crate::fast::geometry::attacked;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::rules::{madrasi, Rules};
use crate::square::{Piece, Role, Square};

use super::General;

impl General {
    /// Castling: under a plain check with no observation condition, the orthodox tests;
    /// otherwise the candidates of `movegen` judged on the board after castling.
    pub(super) fn castling(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let us = self.us;
        let f = pos.castle_flags();
        if f & crate::position::flags::king(us) == 0 {
            return 0;
        }
        let rank = us.first_rank();
        let e = Square::from_coords(4, rank);
        if self.king != Some(e) || self.isardam.is_some() {
            return self.castling_by_movegen(pos, rules, None);
        }
        if let Some(kings) = self.madrasi {
            if madrasi::observed_by_like(pos, e, kings, self.fr, self.mars_rules()) {
                return 0; // a paralysed king does not castle
            }
        }
        let s = *pos.sets();
        // not out of check (an unattacked king is not in check under any definition here)
        if !self.rebirths_decide {
            match self.check_on(&s, e) {
                Some(true) => return 0,
                Some(false) => {}
                None => return self.castling_by_movegen(pos, rules, None),
            }
        }
        let mut n = 0;
        for king_side in [true, false] {
            if f & crate::position::flags::rook(us, king_side) == 0 {
                continue;
            }
            let (rf, pass, to, rt) = if king_side { (7, 5, 6, 5) } else { (0, 3, 2, 3) };
            let rsq = Square::from_coords(rf, rank);
            let rook = Piece::new(us, Role::Rook);
            if pos.piece_at(rsq) != Some(rook) || (between(e, rsq) & s.occ).any() {
                continue;
            }
            let kind = if king_side {
                MoveKind::CastleKing
            } else {
                MoveKind::CastleQueen
            };
            if self.hidden.contains(e) || self.hidden.contains(rsq) {
                n += self.castling_by_movegen(pos, rules, Some(kind));
                continue;
            }
            let king = Piece::new(us, Role::King);
            let p = Square::from_coords(pass, rank);
            // no enemy unit attacks the three squares: no check under any rule here (no
            // rebirth either; the king and rook open no line onto the arrival square), but
            // for Mars attacks and Assassin threats
            if !self.mars
                && self.threats.is_empty()
                && self.pending.is_none()
                && [e, p, Square::from_coords(to, rank)]
                    .iter()
                    .all(|&sq| !attacked(&s, sq, self.them, s.occ, self.fr))
            {
                n += 1;
                continue;
            }
            // Mars: no enemy unit can capture on those squares from its rebirth square
            if let Some(c) = self.circe.filter(|_| {
                self.mars
                    && self.threats.is_empty()
                    && self.pending.is_none()
                    && self.madrasi.is_none()
                    && self.isardam.is_none()
            }) {
                let kings = s.pieces(self.them, Role::King);
                if [e, p, Square::from_coords(to, rank)]
                    .iter()
                    .all(|&sq| crate::rules::check::mars_out_of_reach(&c, self.them, sq, kings))
                {
                    n += 1;
                    continue;
                }
            }
            // not through check: the king on the passing square, its own square empty
            let mut b1 = s;
            b1.toggle(e, king);
            b1.toggle(p, king);
            match self.check_on(&b1, p) {
                Some(true) => continue,
                Some(false) => {}
                None => {
                    n += self.castling_by_movegen(pos, rules, Some(kind));
                    continue;
                }
            }
            // not into check: the position after castling
            let mut b2 = s;
            b2.toggle(e, king);
            b2.toggle(Square::from_coords(to, rank), king);
            b2.toggle(rsq, rook);
            b2.toggle(Square::from_coords(rt, rank), rook);
            let m = Move::new(e, Square::from_coords(to, rank), kind);
            if self.pending.is_some() {
                n += self.by_board(pos, rules, m);
                continue;
            }
            n += match self.judge(&b2, None, &s) {
                Some(true) => 1,
                Some(false) => 0,
                None => generic_one(pos, rules, m),
            };
        }
        n
    }

    /// Castling through `movegen` (its in-check tests) and judged on the board after it;
    /// only the castling of `kind` when given.
    pub(super) fn castling_by_movegen(&self, pos: &mut Position, rules: &Rules, kind: Option<MoveKind>) -> u64 {
        let mut list = MoveList::new();
        crate::movegen::castling(pos, rules, &mut list);
        list.iter()
            .filter(|m| kind.is_none_or(|k| m.kind() == k))
            .map(|&m| self.by_board(pos, rules, m))
            .sum()
    }
}
