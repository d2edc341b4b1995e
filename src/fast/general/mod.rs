//! The general counter: the legal moves of a position counted without playing most of them,
//! for every rule set it models. It counts what the plan's short path declines, and every
//! position of the rule sets that have no short path (`circe-mars+isardam` and its type B).
//! Cohen's rule is not its business: it counts as if the rule were off, and
//! `fast::cohen_count` corrects that.
//!
//! The rules play every move (`Rules::play`) and judge the board after it. Here:
//!
//! * a quiet move of a unit that is not pinned, made while the king is not attacked, cannot
//!   leave the king attacked: those moves are counted in bulk by the orthodox generator
//!   ([`bulk`]);
//! * every other move is applied to a copy of the bitboards only ([`Sets`](crate::position::Sets)), effects
//!   included (rebirths, capturers reborn or removed), and the king is tested there
//!   ([`board`]). Under every definition of check handled here, a king that no enemy unit
//!   attacks geometrically is not in check; when it is attacked, rule sets whose check is
//!   the plain attack decide at once, the others look closer (Madrasi, Anticirce, Rex
//!   Inclusive, Mars) or play the move through the generic pipeline.
//!
//! Captures have their own shortcuts ([`capture`]), castling its own tests ([`castling`]),
//! and an Assassin king on a home square its own count ([`assassin`]). What the counter
//! does not model (a move that uncovers hidden Volcanic units, Isardam type A's check, a
//! pawn reborn promoting on top of a pending rebirth...) is played through the rules'
//! pipeline.

mod assassin;
mod board;
mod bulk;
mod capture;
mod castling;

pub(crate) use assassin::{assassination_threat, assassination_threat_with, threat_squares};
pub(crate) use capture::{victim_weight, VictimRule};

use crate::attacks::{between, king_attacks, pawn_attacks};
use crate::bitboard::Bitboard;
use crate::fast::geometry::{attacked, mobile_pawns};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::rules::circe::{FirstRankPawns, Occupied};
use crate::rules::{isardam, madrasi, Observation, Rules};
use crate::square::{Color, Piece, Role, Square};

/// Mars Circe: the enemy units (square, walk, rebirth square) that could reach the king's
/// square from their rebirth square on an empty board (more than 16: not tracked).
struct MarsWatch {
    units: [(Square, Role, Square); 16],
    n: usize,
}

/// The general counter for one position: what the rules and the position say once, before
/// the moves are counted ([`General::count`]).
pub(crate) struct General {
    us: Color,
    them: Color,
    king: Option<Square>,
    checkers: Bitboard,
    pinned: Bitboard,
    /// A plain attack on the king after the move is a check (no closer look needed).
    attack_is_check: bool,
    /// A check must pass the Isardam test (type A, or type B under a Circe rule that plays
    /// the king's capture): not modelled here.
    isardam_tests_check: bool,
    isardam: Option<bool>,
    madrasi: Option<bool>,
    fr: FirstRankPawns,
    hidden: Bitboard,
    /// Captures by units whose move uncovers nothing need only the rebirths looked at.
    rebirths_decide: bool,
    circe: Option<crate::rules::circe::Circe>,
    /// Mars Circe: attacks come from rebirth squares.
    mars: bool,
    /// Mars Circe: the enemy units (square, walk, rebirth square) that could reach the king's
    /// square from their rebirth square on an empty board — the only possible attackers as
    /// long as the king stays put.
    mars_watch: Option<MarsWatch>,
    /// Assassin Circe: a king on one of these squares may be threatened by a rebirth.
    threats: Bitboard,
    /// Circe Parrain: our unit captured on the opponent's last move, and where.
    pending: Option<(Piece, Square)>,
    /// Isardam: whether the board before the move passes the test.
    isardam_clean: bool,
}

impl General {
    pub(crate) fn new(pos: &Position, rules: &Rules) -> General {
        let us = pos.turn();
        let them = us.other();
        let s = pos.sets();
        let fr = rules.first_rank_pawns();
        let king = pos.king(us);
        let mut checkers = Bitboard::EMPTY;
        let mut pinned = Bitboard::EMPTY;
        if let Some(k) = king {
            let occ = s.occ;
            let theirs = s.color[them.index()];
            checkers = s.attackers_to(k, occ) & theirs;
            checkers &= !(s.pieces(them, Role::Pawn) & !mobile_pawns(s, them, fr));
            for sn in s.snipers(them, k) {
                let b = between(k, sn) & occ;
                pinned |= b.when(!b.more_than_one() & (b & s.color[us.index()]).any());
            }
        }
        let (isardam, madrasi) = match rules.observation {
            Observation::Isardam { kings, .. } => (Some(kings), None),
            Observation::Madrasi { kings } => (None, Some(kings)),
            Observation::None => (None, None),
        };
        let isardam_tests_check = rules.isardam_tests_check();
        let attack_is_check = rules.king_capture_is_plain()
            && !isardam_tests_check
            && !matches!(rules.observation, Observation::Madrasi { .. });
        let mars = rules.is_mars();
        let mut mars_watch = None;
        if let (true, Some(c), Some(k)) = (mars, rules.circe.as_ref(), king) {
            let mut w = MarsWatch {
                units: [(Square::A1, Role::Pawn, Square::A1); 16],
                n: 0,
            };
            for role in Role::ALL {
                for sq in s.pieces(them, role) {
                    let l = c.lift_square(Piece::new(them, role), sq);
                    if crate::rules::check::reaches_on_empty_board(role, them, l, k) {
                        if w.n < w.units.len() {
                            w.units[w.n] = (sq, role, l);
                        }
                        w.n += 1;
                    }
                }
            }
            mars_watch = Some(w);
        }
        let threats = match rules.circe {
            Some(c) if c.occupied == Occupied::Assassinate => threat_squares(us),
            _ => Bitboard::EMPTY,
        };
        let king_threatened = king.is_some_and(|k| threats.contains(k));
        let rebirths_decide = !mars && !king_threatened && isardam.is_none() && checkers.is_empty();
        General {
            us,
            them,
            king,
            checkers,
            pinned,
            attack_is_check,
            isardam_tests_check,
            isardam,
            madrasi,
            fr,
            hidden: pos.hidden_mask(),
            rebirths_decide,
            circe: rules.circe,
            mars,
            mars_watch,
            threats,
            pending: pos.pending().filter(|(u, _)| u.color() == us),
            isardam_clean: isardam.is_some_and(|kings| isardam::passes_sets(s, kings, fr, None)),
        }
    }

    /// The number of legal moves: in bulk where the king is not attacked ([`bulk`]), one
    /// move at a time where it is or where the rules make every move need its own look
    /// (Mars, an Assassin king on a home square, a pending pawn).
    pub(crate) fn count(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let s = pos.sets();
        let immobile_enemy_pawns = self.fr == FirstRankPawns::Immobile
            && (s.pieces(self.them, Role::Pawn) & Bitboard::rank(self.them.first_rank())).any();
        let king_threatened = self.king.is_some_and(|k| self.threats.contains(k));
        let pending_pawn = self.pending.is_some_and(|(u, _)| u.role() == Role::Pawn);
        if king_threatened
            && !self.mars
            && self.madrasi.is_none()
            && self.isardam.is_none()
            && self.pending.is_none()
            && self.hidden.is_empty()
        {
            self.count_assassin_home(pos, rules)
        } else if self.mars || king_threatened || pending_pawn {
            self.count_listed(pos, rules)
        } else if self.checkers.is_empty()
            && (self.isardam.is_none() || (self.isardam_clean && self.pending.is_none()))
            && !immobile_enemy_pawns
        {
            self.count_bulk(pos, rules)
        } else {
            self.count_per_move(pos, rules)
        }
    }

    /// Every candidate of `movegen` judged on its board (Mars geometry; an Assassin king
    /// on a square where a rebirth could remove it; a pending pawn, whose promotions the
    /// bulk count does not model).
    fn count_listed(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let mut list = MoveList::new();
        crate::movegen::candidates(pos, rules, &mut list);
        list.iter().map(|&m| self.by_board(pos, rules, m)).sum()
    }

    /// Every move judged one by one (the king is attacked, or the Isardam test must be run).
    fn count_per_move(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let us = self.us;
        let s = *pos.sets();
        let occ = s.occ;
        let empty = !occ;
        let theirs = s.color[self.them.index()];
        let movable = s.color[us.index()] & !self.paralysed(pos);
        // units whose quiet moves are counted in bulk
        let free = if self.checkers.is_empty() && self.isardam.is_none() {
            !self.pinned & !self.hidden
        } else {
            Bitboard::EMPTY
        };
        let mut n: u64 = 0;

        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for from in s.pieces(us, role) & movable {
                let att = crate::attacks::attacks(role, us, from, occ);
                let quiet = att & empty;
                if free.contains(from) {
                    n += quiet.count() as u64;
                } else {
                    for to in quiet {
                        n += self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal));
                    }
                }
                for to in att & theirs {
                    n += self.capture(pos, rules, Move::new(from, to, MoveKind::Normal));
                }
            }
        }
        for from in s.pieces(us, Role::King) & movable {
            let att = king_attacks(from);
            for to in att & empty {
                n += self.king_step(pos, rules, from, to);
            }
            for to in att & theirs {
                n += self.capture(pos, rules, Move::new(from, to, MoveKind::Normal));
            }
        }

        let mut pawns = s.pieces(us, Role::Pawn) & movable;
        if self.fr == FirstRankPawns::Immobile {
            pawns &= !Bitboard::rank(us.first_rank());
        }
        let (up, third) = match us {
            Color::White => (8i8, Bitboard::rank(2)),
            Color::Black => (-8i8, Bitboard::rank(5)),
        };
        let last = Bitboard::rank(us.promotion_rank());
        let bulk_pawns = pawns & free;
        let s1 = crate::orthodox::shift(bulk_pawns, up) & empty;
        let s2 = crate::orthodox::shift(s1 & third, up) & empty;
        n += (s1 & !last).count() as u64 + 4 * (s1 & last).count() as u64 + s2.count() as u64;
        for from in pawns & !free {
            let Some(one) = from.offset(0, us.forward()) else {
                continue;
            };
            if !empty.contains(one) {
                continue;
            }
            if last.contains(one) {
                for r in Role::PROMOTIONS {
                    n += self.by_board(pos, rules, Move::promotion(from, one, r));
                }
            } else {
                n += self.by_board(pos, rules, Move::new(from, one, MoveKind::Normal));
                if third.contains(one) {
                    let two = Square::new((one.index() as i8 + up) as u8);
                    if empty.contains(two) {
                        n += self.by_board(pos, rules, Move::new(from, two, MoveKind::DoublePush));
                    }
                }
            }
        }
        for from in pawns {
            for to in pawn_attacks(us, from) & theirs {
                if last.contains(to) {
                    for r in Role::PROMOTIONS {
                        n += self.capture(pos, rules, Move::promotion(from, to, r));
                    }
                } else {
                    n += self.capture(pos, rules, Move::new(from, to, MoveKind::Normal));
                }
            }
        }
        if let Some(ep) = pos.ep_square() {
            let victim = Square::new((ep.index() as i8 - up) as u8);
            if empty.contains(ep) && pos.piece_at(victim) == Some(Piece::new(self.them, Role::Pawn)) {
                for from in pawn_attacks(self.them, ep) & pawns {
                    n += self.by_board(pos, rules, Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
        n + self.castling(pos, rules)
    }

    /// The moves of the unit on `from` to squares in `mask`: captures, and quiet moves too
    /// when `quiet` (castling excluded).
    fn moves_of(&self, pos: &Position, from: Square, mask: Bitboard, quiet: bool, out: &mut MoveList) {
        let s = pos.sets();
        let us = self.us;
        let p = pos.piece_at(from).expect("unit");
        let theirs = s.color[self.them.index()] & mask;
        let empty = !s.occ & mask;
        let last = Bitboard::rank(us.promotion_rank());
        if p.role() == Role::Pawn {
            let mut targets: Vec<(Square, MoveKind)> = Vec::new();
            for to in pawn_attacks(us, from) & theirs {
                targets.push((to, MoveKind::Normal));
            }
            if quiet {
                if let Some(one) = from.offset(0, us.forward()) {
                    if !s.occ.contains(one) {
                        if mask.contains(one) {
                            targets.push((one, MoveKind::Normal));
                        }
                        if from.rank() == us.pawn_rank() {
                            let two = one.offset(0, us.forward()).unwrap();
                            if empty.contains(two) {
                                targets.push((two, MoveKind::DoublePush));
                            }
                        }
                    }
                }
            }
            for (to, kind) in targets {
                if last.contains(to) {
                    for r in Role::PROMOTIONS {
                        out.push(Move::promotion(from, to, r));
                    }
                } else {
                    out.push(Move::new(from, to, kind));
                }
            }
            return;
        }
        let att = crate::attacks::attacks(p.role(), us, from, s.occ);
        for to in att & theirs {
            out.push(Move::new(from, to, MoveKind::Normal));
        }
        if quiet {
            for to in att & empty {
                out.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }

    /// Our units that Madrasi paralyses (they do not move).
    fn paralysed(&self, pos: &Position) -> Bitboard {
        let Some(kings) = self.madrasi else {
            return Bitboard::EMPTY;
        };
        madrasi::paralysed_units(pos.sets(), self.us, kings, self.fr, self.mars_rules())
    }

    /// The Circe rules when they are Mars Circe's (Madrasi observes from rebirth squares).
    pub(super) fn mars_rules(&self) -> Option<&crate::rules::circe::Circe> {
        self.circe.as_ref().filter(|_| self.mars)
    }

    /// A king step to an empty square.
    #[inline]
    fn king_step(&self, pos: &mut Position, rules: &Rules, from: Square, to: Square) -> u64 {
        if self.isardam.is_some() || self.hidden.contains(from) {
            return self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal));
        }
        if self.threats.contains(to) {
            if self.pending.is_some() {
                return self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal));
            }
            // Assassin: a quiet step has no effects; the board after it decides
            let mut b = *pos.sets();
            let king = Piece::new(self.us, Role::King);
            b.toggle(from, king);
            b.toggle(to, king);
            return match self.check_on(&b, to) {
                Some(check) => u64::from(!check),
                None => self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal)),
            };
        }
        let s = pos.sets();
        if !attacked(s, to, self.them, s.occ.without(from), self.fr) {
            1 // (a pending Parrain rebirth is ours: it cannot attack our king)
        } else if self.attack_decides() {
            0
        } else {
            self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal))
        }
    }

    /// Does a plain attack on the king after a move make the move illegal, whatever the
    /// move does besides (no pending Parrain rebirth that could block the attack)?
    #[inline(always)]
    fn attack_decides(&self) -> bool {
        self.attack_is_check && self.pending.is_none()
    }
}
