//! Counting the legal moves of a position without playing them: the last ply of perft.
//!
//! The generic pipeline plays every move (`Rules::play`) and looks at the board. Here the
//! same answer is reached cheaply:
//!
//! * a quiet move of a unit that is not pinned, made while the king is not attacked, cannot
//!   leave the king attacked: those moves are counted in bulk (popcounts), as orthodox
//!   perft does;
//! * every other move is applied to a copy of the bitboards only ([`Sets`]), effects
//!   included (rebirths, capturers reborn or removed), and the king is tested there. Under
//!   every definition of check handled here, a king that no enemy unit attacks
//!   geometrically is not in check; when it is attacked, rule sets whose check is the plain
//!   attack decide at once, the others play the move through the generic pipeline.
//!
//! Anything this module does not model (Cohen's rule, a pending Parrain rebirth, Mars
//! geometry, Assassin threats, moves that uncover hidden Volcanic units) is counted by the
//! generic pipeline. Tests check that both give the same counts (`Rules::generic()`).

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Sets, Undo};
use crate::rules::circe::{CaptureContext, Capturer, FirstRankPawns, Occupied, OwnSquare, Victim, When};
use crate::rules::effects::{castling_rook, NoRecord, Outcome};
use crate::rules::{isardam, madrasi, Observation, Rules};
use crate::square::{Color, Piece, Role, Square};

/// The number of legal moves of the side to move (what `Rules::for_each_legal` visits).
pub fn count(pos: &mut Position, rules: &Rules, before_last: Option<u64>) -> u64 {
    if !eligible(pos, rules) {
        return generic_count(pos, rules, before_last);
    }
    Leaf::new(pos, rules).count(pos, rules)
}

fn generic_count(pos: &mut Position, rules: &Rules, before_last: Option<u64>) -> u64 {
    let mut n = 0;
    rules.for_each_legal(pos, before_last, |_, _| n += 1);
    n
}

fn eligible(pos: &Position, rules: &Rules) -> bool {
    if rules.cohen || pos.pending().is_some() || rules.is_mars() || !rules.fast_paths() {
        return false;
    }
    !matches!(rules.circe, Some(c) if c.occupied == Occupied::Assassinate)
}

/// Enemy pawns that can capture (pawns on their own first rank may be immobile).
#[inline(always)]
fn mobile_pawns(s: &Sets, c: Color, fr: FirstRankPawns) -> Bitboard {
    let p = s.pieces(c, Role::Pawn);
    match fr {
        FirstRankPawns::Immobile => p & !Bitboard::rank(c.first_rank()),
        FirstRankPawns::StepAndCapture => p,
    }
}

/// Is `sq` attacked by a unit of `by` (plain geometry)?
#[inline(always)]
fn attacked(s: &Sets, sq: Square, by: Color, occ: Bitboard, fr: FirstRankPawns) -> bool {
    let q = s.pieces(by, Role::Queen);
    (rook_attacks(sq, occ) & (s.pieces(by, Role::Rook) | q)).any()
        || (bishop_attacks(sq, occ) & (s.pieces(by, Role::Bishop) | q)).any()
        || (knight_attacks(sq) & s.pieces(by, Role::Knight)).any()
        || (pawn_attacks(by.other(), sq) & mobile_pawns(s, by, fr)).any()
        || (king_attacks(sq) & s.pieces(by, Role::King)).any()
}

/// A move's result on the bitboards.
enum After {
    Illegal,
    /// Not modelled here: play it.
    Complex,
    /// The board; a pawn reborn on its promotion rank still to be placed (one board per
    /// choice); the arrival square of a double step.
    Board(Sets, Option<(Square, Piece)>, Option<Square>),
}

struct Leaf {
    us: Color,
    them: Color,
    king: Option<Square>,
    checkers: Bitboard,
    pinned: Bitboard,
    /// A plain attack on the king after the move is a check (no closer look needed).
    decisive: bool,
    isardam: Option<bool>,
    madrasi: Option<bool>,
    fr: FirstRankPawns,
    hidden: Bitboard,
}

impl Leaf {
    fn new(pos: &Position, rules: &Rules) -> Leaf {
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
            let tq = s.pieces(them, Role::Queen);
            let snipers = (rook_attacks(k, Bitboard::EMPTY) & (s.pieces(them, Role::Rook) | tq))
                | (bishop_attacks(k, Bitboard::EMPTY) & (s.pieces(them, Role::Bishop) | tq));
            for sn in snipers {
                let b = between(k, sn) & occ;
                if !b.more_than_one() && (b & s.color[us.index()]).any() {
                    pinned |= b;
                }
            }
        }
        let (isardam, madrasi) = match rules.observation {
            Observation::Isardam { kings, .. } => (Some(kings), None),
            Observation::Madrasi { kings } => (None, Some(kings)),
            Observation::None => (None, None),
        };
        let decisive = rules.king_capture_is_plain()
            && !matches!(rules.observation, Observation::Madrasi { .. } | Observation::Isardam { type_b: false, .. });
        Leaf { us, them, king, checkers, pinned, decisive, isardam, madrasi, fr, hidden: pos.hidden_mask() }
    }

    /// May the quiet moves of the unit on `from` be counted without looking at them?
    #[inline(always)]
    fn bulk(&self, from: Square) -> bool {
        self.checkers.is_empty() && self.isardam.is_none() && !self.pinned.contains(from) && !self.hidden.contains(from)
    }

    fn count(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let (us, them) = (self.us, self.them);
        let s = *pos.sets();
        let occ = s.occ;
        let empty = !occ;
        let theirs = s.color[them.index()];
        let mut n: u64 = 0;
        let fwd = us.forward();

        for from in s.color[us.index()] {
            let p = pos.piece_at(from).unwrap();
            if let Some(kings) = self.madrasi {
                if madrasi::observed_by_like(pos, from, kings, self.fr) {
                    continue;
                }
            }
            let role = p.role();
            if role == Role::Pawn {
                let on_first = from.rank() == us.first_rank();
                if on_first && self.fr == FirstRankPawns::Immobile {
                    continue;
                }
                let bulk = self.bulk(from);
                if let Some(one) = from.offset(0, fwd) {
                    if empty.contains(one) {
                        let promo = one.rank() == us.promotion_rank();
                        if bulk {
                            n += if promo { 4 } else { 1 };
                        } else if promo {
                            for r in Role::PROMOTIONS {
                                n += self.quiet(pos, rules, Move::promotion(from, one, r));
                            }
                        } else {
                            n += self.quiet(pos, rules, Move::new(from, one, MoveKind::Normal));
                        }
                        if from.rank() == us.pawn_rank() {
                            let two = one.offset(0, fwd).unwrap();
                            if empty.contains(two) {
                                if bulk {
                                    n += 1;
                                } else {
                                    n += self.quiet(pos, rules, Move::new(from, two, MoveKind::DoublePush));
                                }
                            }
                        }
                    }
                }
                for to in pawn_attacks(us, from) & theirs {
                    if to.rank() == us.promotion_rank() {
                        for r in Role::PROMOTIONS {
                            n += self.capture(pos, rules, Move::promotion(from, to, r));
                        }
                    } else {
                        n += self.capture(pos, rules, Move::new(from, to, MoveKind::Normal));
                    }
                }
                if let Some(ep) = pos.ep_square() {
                    let victim = Square::from_coords(ep.file(), from.rank());
                    if pawn_attacks(us, from).contains(ep)
                        && empty.contains(ep)
                        && pos.piece_at(victim) == Some(Piece::new(them, Role::Pawn))
                    {
                        n += self.by_board(pos, rules, Move::new(from, ep, MoveKind::EnPassant));
                    }
                }
                continue;
            }
            let att = crate::attacks::attacks(role, us, from, occ);
            let quiet = att & empty;
            if role == Role::King {
                for to in quiet {
                    n += self.king_step(pos, rules, from, to);
                }
            } else if self.bulk(from) {
                n += quiet.count() as u64;
            } else {
                for to in quiet {
                    n += self.quiet(pos, rules, Move::new(from, to, MoveKind::Normal));
                }
            }
            for to in att & theirs {
                n += self.capture(pos, rules, Move::new(from, to, MoveKind::Normal));
            }
        }
        n + self.castling(pos, rules)
    }

    /// A quiet move that cannot be counted in bulk.
    #[inline]
    fn quiet(&self, pos: &mut Position, rules: &Rules, m: Move) -> u64 {
        self.by_board(pos, rules, m)
    }

    /// A king step to an empty square.
    #[inline]
    fn king_step(&self, pos: &mut Position, rules: &Rules, from: Square, to: Square) -> u64 {
        if self.isardam.is_some() || self.hidden.contains(from) {
            return self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal));
        }
        let s = pos.sets();
        if !attacked(s, to, self.them, s.occ.without(from), self.fr) {
            1
        } else if self.decisive {
            0
        } else {
            generic_one(pos, rules, Move::new(from, to, MoveKind::Normal))
        }
    }

    /// A capture. When the king is safe, the capturer not pinned and stays on the capture
    /// square, and a plain attack is a check, only the victim's rebirth can matter.
    #[inline]
    fn capture(&self, pos: &mut Position, rules: &Rules, m: Move) -> u64 {
        let from = m.from();
        let quick = self.decisive
            && self.isardam.is_none()
            && self.checkers.is_empty()
            && !self.pinned.contains(from)
            && !self.hidden.contains(from)
            && Some(from) != self.king;
        if !quick {
            return self.by_board(pos, rules, m);
        }
        let Some(c) = rules.circe.as_ref() else { return 1 };
        if c.capturer != Capturer::Stays {
            return self.by_board(pos, rules, m);
        }
        let to = m.to();
        let v = pos.piece_at(to).expect("victim");
        if c.victim != Victim::Reborn || c.when != When::AtOnce || (v.role() == Role::King && !c.victim_kings) {
            return 1;
        }
        let p = pos.piece_at(from).expect("capturer");
        let arrived = m.promotion_role().map_or(p, |r| p.with_role(r));
        let vector = (to.file() as i32 - from.file() as i32, to.rank() as i32 - from.rank() as i32);
        let ctx = CaptureContext { from, at: to, capturer_before: p, capturer_after: arrived, vector };
        let unit = v.with_role(c.reborn_walk(v, p));
        let Some(r) = c.rebirth_square(unit, pos.origin(to), &ctx) else { return 1 };
        let occ = pos.occupied().without(from);
        if occ.contains(r) {
            return match c.occupied {
                Occupied::Illegal => 0,
                _ => 1,
            };
        }
        let Some(k) = self.king else {
            return if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() { 4 } else { 1 };
        };
        let occ = occ.with(r);
        let checks = |role: Role| -> bool {
            if role == Role::Pawn && r.rank() == self.them.first_rank() && self.fr == FirstRankPawns::Immobile {
                return false;
            }
            crate::attacks::attacks(role, self.them, r, occ).contains(k)
        };
        if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() {
            Role::PROMOTIONS.iter().filter(|&&role| !checks(role)).count() as u64
        } else {
            u64::from(!checks(unit.role()))
        }
    }

    /// Castling: under a plain check with no observation condition, the orthodox tests;
    /// otherwise the candidates of `movegen` judged on the board after castling.
    fn castling(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let us = self.us;
        let f = pos.castle_flags();
        if f & crate::position::flags::king(us) == 0 {
            return 0;
        }
        let plain = self.decisive && self.isardam.is_none() && self.madrasi.is_none();
        if !plain {
            let mut list = MoveList::new();
            crate::movegen::castling(pos, rules, &mut list);
            return list.iter().map(|&m| self.by_board(pos, rules, m)).sum();
        }
        let rank = us.first_rank();
        let e = Square::from_coords(4, rank);
        if self.king != Some(e) || self.checkers.any() {
            return 0;
        }
        let s = *pos.sets();
        let mut n = 0;
        for king_side in [true, false] {
            if f & crate::position::flags::rook(us, king_side) == 0 {
                continue;
            }
            let (rf, pass, to) = if king_side { (7, 5, 6) } else { (0, 3, 2) };
            let rsq = Square::from_coords(rf, rank);
            if pos.piece_at(rsq) != Some(Piece::new(us, Role::Rook)) || (between(e, rsq) & s.occ).any() {
                continue;
            }
            if self.hidden.contains(e) || self.hidden.contains(rsq) {
                let kind = if king_side { MoveKind::CastleKing } else { MoveKind::CastleQueen };
                let mut list = MoveList::new();
                crate::movegen::castling(pos, rules, &mut list);
                n += list.iter().filter(|m| m.kind() == kind).map(|&m| self.by_board(pos, rules, m)).sum::<u64>();
                continue;
            }
            let (p, t) = (Square::from_coords(pass, rank), Square::from_coords(to, rank));
            // the passing square with the king on it and e-square empty; the arrival square
            // after castling (king and rook moved)
            let occ_pass = s.occ.without(e).with(p);
            let r_to = Square::from_coords(if king_side { 5 } else { 3 }, rank);
            let occ_after = s.occ.without(e).without(rsq).with(t).with(r_to);
            if !attacked(&s, p, self.them, occ_pass, self.fr) && !attacked(&s, t, self.them, occ_after, self.fr) {
                n += 1;
            }
        }
        n
    }

    /// Judges a move on the bitboards after it; the generic pipeline when that cannot decide.
    #[inline]
    fn by_board(&self, pos: &mut Position, rules: &Rules, m: Move) -> u64 {
        match self.after(pos, rules, m) {
            After::Illegal => 0,
            After::Complex => generic_one(pos, rules, m),
            After::Board(b, None, double) => match self.judge(&b, double) {
                Some(true) => 1,
                Some(false) => 0,
                None => generic_one(pos, rules, m),
            },
            After::Board(b, Some((r, unit)), double) => {
                let mut c = 0;
                for role in Role::PROMOTIONS {
                    let mut bb = b;
                    bb.toggle(r, unit.with_role(role));
                    c += match self.judge(&bb, double) {
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
    fn judge(&self, b: &Sets, double: Option<Square>) -> Option<bool> {
        let kk = b.pieces(self.us, Role::King).first();
        match (self.king, kk) {
            (Some(_), None) => return Some(false),
            (_, Some(k)) if attacked(b, k, self.them, b.occ, self.fr) => {
                return if self.decisive { Some(false) } else { None };
            }
            _ => {}
        }
        if let Some(kings) = self.isardam {
            return Some(isardam::passes_sets(b, kings, self.fr, double));
        }
        Some(true)
    }

    /// The bitboards after `m`, effects included, when this module models them.
    fn after(&self, pos: &Position, rules: &Rules, m: Move) -> After {
        let mut b = *pos.sets();
        let (from, to) = (m.from(), m.to());
        let p = pos.piece_at(from).expect("mover");
        if m.is_castle() {
            let (rf, rt) = castling_rook(m);
            if self.hidden.contains(from) || self.hidden.contains(rf) {
                return After::Complex;
            }
            let rook = pos.piece_at(rf).expect("castling rook");
            b.toggle(from, p);
            b.toggle(to, p);
            b.toggle(rf, rook);
            b.toggle(rt, rook);
            return After::Board(b, None, None);
        }
        let ep = m.kind() == MoveKind::EnPassant;
        let at = if ep { Square::from_coords(to.file(), from.rank()) } else { to };
        if self.hidden.contains(from) || (ep && self.hidden.contains(at)) {
            return After::Complex;
        }
        let victim = pos.piece_at(at);
        let arrived = m.promotion_role().map_or(p, |r| p.with_role(r));
        b.toggle(from, p);
        if let Some(v) = victim {
            b.toggle(at, v);
        }
        b.toggle(to, arrived);
        let double = if m.kind() == MoveKind::DoublePush { Some(to) } else { None };
        let (Some(c), Some(v)) = (rules.circe.as_ref(), victim) else {
            return After::Board(b, None, double);
        };
        let vector = (to.file() as i32 - from.file() as i32, to.rank() as i32 - from.rank() as i32);
        let ctx = CaptureContext { from, at, capturer_before: p, capturer_after: arrived, vector };
        if c.capturer != Capturer::Stays && self.hidden.contains(to) {
            // the capturer leaves the capture square, where hidden units then emerge
            return After::Complex;
        }
        match c.capturer {
            Capturer::Stays => {}
            Capturer::Removed => b.toggle(to, arrived),
            Capturer::Reborn if arrived.role() == Role::King && !c.capturer_kings => {}
            Capturer::Reborn => {
                let r = c.capturer_square(arrived, at);
                b.toggle(to, arrived);
                if r == to {
                    if c.own_square == OwnSquare::Illegal {
                        return After::Illegal;
                    }
                    b.toggle(r, arrived);
                } else if b.occ.contains(r) {
                    match c.occupied {
                        Occupied::Illegal => return After::Illegal,
                        Occupied::Vanish | Occupied::Bury => {}
                        Occupied::Assassinate => return After::Complex,
                    }
                } else {
                    b.toggle(r, arrived);
                }
            }
        }
        if c.victim == Victim::Reborn && (v.role() != Role::King || c.victim_kings) && c.when == When::AtOnce {
            let unit = v.with_role(c.reborn_walk(v, p));
            if let Some(r) = c.rebirth_square(unit, pos.origin(at), &ctx) {
                if b.occ.contains(r) {
                    match c.occupied {
                        Occupied::Vanish | Occupied::Bury => {}
                        Occupied::Illegal => return After::Illegal,
                        Occupied::Assassinate => return After::Complex,
                    }
                } else if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() {
                    return After::Board(b, Some((r, unit)), double);
                } else {
                    b.toggle(r, unit);
                }
            }
        }
        After::Board(b, None, double)
    }
}

/// Plays one candidate through the generic pipeline; the number of legal moves it stands
/// for (a reborn pawn's promotion choices are expanded).
fn generic_one(pos: &mut Position, rules: &Rules, m: Move) -> u64 {
    let mut undo = Undo::new();
    let out = rules.play(pos, m, &mut undo, &mut NoRecord, None);
    pos.unmake(&undo);
    match out {
        Outcome::Done => 1,
        Outcome::Illegal => 0,
        Outcome::NeedsChoice => Role::PROMOTIONS
            .iter()
            .filter(|&&r| {
                let o = rules.play(pos, m.with_rebirth_promotion(r), &mut undo, &mut NoRecord, None);
                pos.unmake(&undo);
                o == Outcome::Done
            })
            .count() as u64,
    }
}
