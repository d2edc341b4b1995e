//! The general counter's captures. A capture is legal when our king is not in check after
//! it; when the king is not attacked before, the capturer is not pinned and stays on the
//! capture square, and a plain attack is a check, only the rebirths can put it in check.
//! [`VictimRule`] decides in the generator's sink the captures whose victim is reborn by
//! its own rule (its square, walk, diagram square), by whether the reborn unit attacks
//! the king; [`CapturerRule`] decides Anticirce's captures by whether the capturer's
//! rebirth square is free; `General::capture` judges the others on the occupancy after the
//! move, through the lines the capture opens, or on the board.

use crate::attacks::{bishop_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::fast::geometry::checks_from;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::circe::{
    home_square, CaptureContext, Capturer, Circe, FirstRankPawns, Occupied, OwnSquare, SquareRule, Victim, WalkRule,
    When,
};
use crate::rules::Rules;
use crate::square::{Color, Piece, Role, Square};

use super::General;

impl General {
    /// A capture. When the king is safe, the capturer not pinned and stays on the capture
    /// square, and a plain attack is a check, only the victim's rebirth can matter.
    #[inline(always)]
    pub(super) fn capture(&self, pos: &mut Position, rules: &Rules, m: Move) -> u64 {
        let from = m.from();
        // (units hidden under `to` emerge if the capturer leaves it: Anticirce, Kamikaze)
        if !self.rebirths_decide
            || self.hidden.contains(from)
            || self.hidden.contains(m.to())
            || Some(from) == self.king
            || self.pending.is_some()
        {
            return self.by_board(pos, rules, m);
        }
        let to = m.to();
        let Some(c) = self.circe.as_ref() else {
            // no rebirth: an orthodox capture, uncovering at most a line through `from`
            return u64::from(!self.pinned.contains(from) || self.pinned_capture_legal(pos, rules, m));
        };
        // the common case: the capturer stays, uncovers nothing, a plain attack is a check,
        // the victim alone decides
        // (`victim_rule` needs an attack that is a check and a capturer that stays)
        let staying = self.attack_is_check && c.capturer == Capturer::Stays;
        if let Some(w) = staying
            .then(|| self.victim_rule(pos, false))
            .flatten()
            .and_then(|v| v.weight(from, to))
        {
            return w;
        }
        let p = pos.piece_at(from).expect("capturer");
        let arrived = m.promotion_role().map_or(p, |r| p.with_role(r));
        let mut occ = pos.occupied().without(from);
        match c.capturer {
            Capturer::Stays => {}
            Capturer::Removed => occ = occ.without(to),
            Capturer::Reborn => {
                if arrived.role() != Role::King || c.capturer_kings {
                    let rc = c.capturer_square(arrived, to);
                    if rc == to {
                        if c.own_square == OwnSquare::Illegal {
                            return 0;
                        }
                    } else {
                        occ = occ.without(to);
                        if occ.contains(rc) {
                            match c.occupied {
                                Occupied::Illegal => return 0,
                                Occupied::Vanish | Occupied::Bury => {}
                                Occupied::Assassinate => return self.by_board(pos, rules, m),
                            }
                        } else {
                            occ = occ.with(rc);
                        }
                    }
                }
            }
        }
        let v = pos.piece_at(to).expect("victim");
        // the reborn victim: walk and square, when it is reborn at once
        let mut reborn: Option<(Piece, Square)> = None;
        if c.victim == Victim::Reborn && c.when == When::AtOnce && (v.role() != Role::King || c.victim_kings) {
            let (unit, r) = if c.square == SquareRule::Home && c.walk == WalkRule::Same {
                (v, Some(home_square(v.role(), v.color(), to)))
            } else {
                let vector = (
                    to.file() as i32 - from.file() as i32,
                    to.rank() as i32 - from.rank() as i32,
                );
                let ctx = CaptureContext {
                    from,
                    at: to,
                    capturer_before: p,
                    capturer_after: arrived,
                    vector,
                };
                let unit = v.with_role(c.reborn_walk(v, p));
                (unit, c.rebirth_square(unit, pos.origin(to), &ctx))
            };
            if let Some(r) = r {
                if occ.contains(r) {
                    match c.occupied {
                        Occupied::Illegal => return 0,
                        Occupied::Assassinate => {
                            // the occupant makes way for the reborn unit (the mover's king cannot)
                            if Some(r) == self.king {
                                return 0;
                            }
                            if r != to && !pos.by_color(self.them).contains(r) {
                                // one of our units is removed: a line may open
                                return self.by_board(pos, rules, m);
                            }
                            reborn = Some((unit, r));
                        }
                        Occupied::Vanish | Occupied::Bury => {}
                    }
                } else {
                    reborn = Some((unit, r));
                    occ = occ.with(r);
                }
            }
        }
        let Some(k) = self.king else {
            return match reborn {
                Some((u, r)) if u.role() == Role::Pawn && r.rank() == u.color().promotion_rank() => 4,
                _ => 1,
            };
        };
        // lines through the squares the capture empties
        let leaves = c.capturer != Capturer::Stays;
        let uncovered = if leaves {
            let aligned = self.king.map_or(Bitboard::EMPTY, crate::attacks::queen_rays);
            aligned.contains(from) || aligned.contains(to)
        } else {
            self.pinned.contains(from)
        };
        let xray = uncovered && {
            let s = pos.sets();
            // enemy sliders, without the victim and without whatever stands on the rebirth
            // square (an assassinated occupant; the reborn unit is looked at below)
            let gone = Bitboard::from_square(to) | reborn.map_or(Bitboard::EMPTY, |(_, r)| Bitboard::from_square(r));
            let q = s.pieces(self.them, Role::Queen) & !gone;
            let rq = (s.pieces(self.them, Role::Rook) & !gone | q) & occ;
            let bq = (s.pieces(self.them, Role::Bishop) & !gone | q) & occ;
            (rook_attacks(k, occ) & rq).any() || (bishop_attacks(k, occ) & bq).any()
        };
        let attacked = |role: Option<Role>| -> bool {
            xray || match (reborn, role) {
                (Some((_, r)), Some(role)) => self.checks_from(role, r, k, occ),
                _ => false,
            }
        };
        let promotes = reborn.is_some_and(|(u, r)| u.role() == Role::Pawn && r.rank() == u.color().promotion_rank());
        let roles: &[Role] = match reborn {
            Some(_) if promotes => &Role::PROMOTIONS,
            Some((u, _)) => &[u.role()][..],
            None => &[],
        };
        if !self.attack_is_check {
            // an attack need not be a check here: let the board judge
            let any = if roles.is_empty() {
                attacked(None)
            } else {
                roles.iter().any(|&ro| attacked(Some(ro)))
            };
            return if any {
                self.by_board(pos, rules, m)
            } else {
                roles.len().max(1) as u64
            };
        }
        if roles.is_empty() {
            u64::from(!attacked(None))
        } else {
            roles.iter().filter(|&&ro| !attacked(Some(ro))).count() as u64
        }
    }

    /// A capture without rebirths by a pinned unit: legal when the king stays unattacked.
    pub(super) fn pinned_capture_legal(&self, pos: &mut Position, rules: &Rules, m: Move) -> bool {
        self.by_board(pos, rules, m) == 1
    }

    /// Would an enemy unit of this walk on `r` attack `k`?
    #[inline(always)]
    pub(super) fn checks_from(&self, role: Role, r: Square, k: Square, occ: Bitboard) -> bool {
        checks_from(self.them, self.fr, role, r, k, occ)
    }
}

/// Captures judged inside the generator's sink, by the victim alone: the king is not
/// attacked, a plain attack is a check, the capturer stays on the capture square, and the
/// victim's rebirth depends on the victim only (its square, walk and diagram square: Circe,
/// Strict, Mirror, Symmetry, Diagram, Chameleon, Volcanic, Assassin) or comes later
/// (Parrain). Such a capture by an unpinned unit is legal unless the reborn unit attacks the
/// king (or, in Assassin Circe, is reborn on it). Pinned capturers and units on or under
/// hidden units go to [`General::capture`].
#[derive(Clone, Copy)]
pub(crate) struct VictimRule<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) c: crate::rules::circe::Circe,
    pub(crate) king: Option<Square>,
    pub(crate) occ: Bitboard,
    pub(crate) judged_from: Bitboard,
    pub(crate) judged_to: Bitboard,
    pub(crate) fr: FirstRankPawns,
    /// The victims whose capture [`VictimRule::weight`] must look at; capturing any other
    /// enemy unit from outside `judged_from` is one legal move (FULL: not worked out).
    pub(crate) to_weigh: Bitboard,
}

impl VictimRule<'_> {
    /// How many legal moves the capture from `from` to `to` makes (one per promotion of a
    /// capturing pawn); `None` when it must be looked at one by one.
    #[inline(always)]
    pub(crate) fn weight(&self, from: Square, to: Square) -> Option<u64> {
        if self.judged_from.contains(from) || self.judged_to.contains(to) {
            return None;
        }
        if self.c.victim != Victim::Reborn || self.c.when != When::AtOnce {
            return Some(1);
        }
        victim_weight(
            self.pos,
            &self.c,
            self.fr,
            self.king,
            self.occ,
            self.judged_to,
            from,
            to,
        )
    }
}

/// [`VictimRule::weight`] once the rules' own cases are set aside: the captured unit reborn
/// at once, by the victim alone; `judged_to`: squares whose occupant cannot make way for an
/// Assassin rebirth here. The board's occupancy is `occ`, our king (if any) on `king`;
/// `fr`: what enemy pawns on their first rank may do.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the rule's parts, the capture)
pub(crate) fn victim_weight(
    pos: &Position,
    c: &Circe,
    fr: FirstRankPawns,
    king: Option<Square>,
    occ: Bitboard,
    judged_to: Bitboard,
    from: Square,
    to: Square,
) -> Option<u64> {
    let v = pos.piece_at(to)?;
    if v.role() == Role::King {
        return if c.victim_kings { None } else { Some(1) };
    }
    let unit = v.with_role(c.victim_reborn_walk(v));
    let Some(r) = c.victim_rebirth_square(unit, to, pos.origin(to)) else {
        return Some(1);
    };
    let vacated = occ.without(from);
    if vacated.contains(r) {
        match c.occupied {
            Occupied::Illegal => return Some(0),
            Occupied::Vanish | Occupied::Bury => return Some(1),
            // the occupant makes way for the reborn unit (the mover's king cannot): the
            // square stays occupied, no line opens
            Occupied::Assassinate if Some(r) == king => return Some(0),
            Occupied::Assassinate if judged_to.contains(r) => return None,
            Occupied::Assassinate => {}
        }
    }
    if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() {
        return None;
    }
    let Some(k) = king else { return Some(1) };
    // (Volcanic: a unit hidden under the capturer emerges on the square it leaves, after
    // the rebirth, when that is elsewhere)
    let occ = if pos.hidden_mask().contains(from) { occ } else { vacated };
    Some(u64::from(!checks_from(v.color(), fr, unit.role(), r, k, occ.with(r))))
}

/// Anticirce captures judged inside the generator's sink: the capturer is reborn on its
/// home square, the capture illegal when that square is taken (unless it is the capture
/// square, where Calvet lets the capturer stay, or the departure square it leaves). The
/// king is not attacked; a capture whose departure and arrival squares lie on no line from
/// the king opens none, so no enemy unit attacks the king after it: it is legal exactly
/// when the rebirth square is free. The others go to [`General::capture`].
#[derive(Clone, Copy)]
pub(super) struct CapturerRule<'a> {
    pub(super) pos: &'a Position,
    pub(super) us: Color,
    /// Per walk of the capturer, the capture squares whose rebirth square is free (or the
    /// capture square itself, in Calvet's rule).
    pub(super) good: [Bitboard; 7],
    pub(super) judged_from: Bitboard,
    pub(super) judged_to: Bitboard,
}

impl CapturerRule<'_> {
    /// The captures among `caps` (from `from`) this rule decides, and how many are legal.
    #[inline(always)]
    pub(super) fn judge(&self, from: Square, caps: Bitboard) -> (Bitboard, u64) {
        if self.judged_from.contains(from) {
            return (Bitboard::EMPTY, 0);
        }
        let caps = caps & !self.judged_to;
        if caps.is_empty() {
            return (caps, 0);
        }
        let role = self.pos.piece_at(from).map_or(Role::King, |p| p.role());
        // (a capturer reborn on the square it leaves)
        let good = self.good[role.index()] | crate::rules::circe::home_preimage_of(role, self.us, from);
        (caps, (caps & good).count() as u64)
    }
}
