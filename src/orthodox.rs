//! Orthodox chess, specialised: a strictly legal move generator (check evasions, pins,
//! en passant by occupancy test) that can count moves without listing them, for bulk
//! counting at the last ply of perft. The generic path (`Rules::for_each_legal`) must
//! agree with it move for move; a test checks that.

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{flags, Position};
use crate::square::{Color, Role, Square};

/// Where generated moves go: a list, or a counter.
pub trait Sink {
    fn targets(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves given by their arrival squares; the departure is `to - delta`.
    fn pawn_shift(&mut self, targets: Bitboard, delta: i8, kind: MoveKind);
    fn pawn_promotions(&mut self, targets: Bitboard, delta: i8);
    fn one(&mut self, m: Move);
    /// Squares the sink wants no capture onto from the generator's bulk sets (`targets`,
    /// pawn captures; the king's steps and the moves given one by one are not filtered):
    /// none by default.
    #[inline(always)]
    fn forbid(&self) -> Bitboard {
        Bitboard::EMPTY
    }
}

pub struct Counter(pub u64);
impl Sink for Counter {
    #[inline(always)]
    fn targets(&mut self, _: Square, t: Bitboard) {
        self.0 += t.count() as u64;
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, _: i8, _: MoveKind) {
        self.0 += t.count() as u64;
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, _: i8) {
        self.0 += 4 * t.count() as u64;
    }
    #[inline(always)]
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        for to in t {
            self.push(Move::new(from, to, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        for to in t {
            self.push(Move::new(Square::new((to.index() as i8 - delta) as u8), to, kind));
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        for to in t {
            let from = Square::new((to.index() as i8 - delta) as u8);
            for r in Role::PROMOTIONS {
                self.push(Move::promotion(from, to, r));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        self.push(m);
    }
}

#[inline(always)]
pub(crate) fn shift(b: Bitboard, delta: i8) -> Bitboard {
    if delta >= 0 {
        Bitboard(b.0 << delta)
    } else {
        Bitboard(b.0 >> (-delta))
    }
}

/// Is `sq` attacked by `by`, with occupancy `occ`?
#[inline(always)]
pub(crate) fn attacked(pos: &Position, sq: Square, by: Color, occ: Bitboard) -> bool {
    let q = pos.pieces(by, Role::Queen);
    (rook_attacks(sq, occ) & (pos.pieces(by, Role::Rook) | q)).any()
        || (bishop_attacks(sq, occ) & (pos.pieces(by, Role::Bishop) | q)).any()
        || (knight_attacks(sq) & pos.pieces(by, Role::Knight)).any()
        || (pawn_attacks(by.other(), sq) & pos.pieces(by, Role::Pawn)).any()
        || (king_attacks(sq) & pos.pieces(by, Role::King)).any()
}

/// Generates every legal orthodox move into `sink`.
#[inline(always)]
pub fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    generate_masked(pos, Bitboard::FULL, sink)
}

/// [`generate`] for the units in `movable` only (the others still block, attack and pin).
#[inline(always)]
pub fn generate_masked<S: Sink>(pos: &Position, movable: Bitboard, sink: &mut S) {
    let (checkers, pinned) = checkers_and_pins(pos);
    generate_with(pos, movable, checkers, pinned, sink)
}

/// The units of the other side attacking the king of the side to move, and the units of
/// the side to move pinned to it (none without a king).
#[inline(always)]
pub fn checkers_and_pins(pos: &Position) -> (Bitboard, Bitboard) {
    let us = pos.turn();
    let them = us.other();
    let Some(k) = pos.king(us) else {
        return (Bitboard::EMPTY, Bitboard::EMPTY);
    };
    let occ = pos.occupied();
    let checkers = pos.sets().attackers_to(k, occ) & pos.by_color(them);
    let mut pinned = Bitboard::EMPTY;
    for s in pos.sets().snipers(them, k) {
        let b = between(k, s) & occ;
        if !b.more_than_one() && (b & pos.by_color(us)).any() {
            pinned |= b;
        }
    }
    (checkers, pinned)
}

/// [`generate_masked`] with the checkers and pinned units already known.
#[inline(always)]
pub fn generate_with<S: Sink>(pos: &Position, movable: Bitboard, checkers: Bitboard, pinned: Bitboard, sink: &mut S) {
    let us = pos.turn();
    let them = us.other();
    let ours = pos.by_color(us);
    let theirs = pos.by_color(them);
    let occ = pos.occupied();
    let king = pos.king(us);

    let mut checkmask = Bitboard::FULL;
    if let Some(k) = king {
        let occ_wo_k = occ.without(k);
        let steps = if movable.contains(k) {
            king_attacks(k) & !ours
        } else {
            Bitboard::EMPTY
        };
        for t in steps {
            if !attacked(pos, t, them, occ_wo_k) {
                sink.one(Move::new(k, t, MoveKind::Normal));
            }
        }
        if checkers.more_than_one() {
            return;
        }
        if let Some(c) = checkers.first() {
            checkmask = between(k, c).with(c);
        }
    }
    let forbid = sink.forbid();
    let targets_mask = !ours & checkmask & !forbid;

    let ours_movable = ours & movable;
    for from in pos.pieces(us, Role::Knight) & !pinned & movable {
        sink.targets(from, knight_attacks(from) & targets_mask);
    }
    let q = pos.pieces(us, Role::Queen) & movable;
    for from in (pos.pieces(us, Role::Bishop) & movable) | q {
        let mut t = bishop_attacks(from, occ) & targets_mask;
        if pinned.contains(from) {
            t &= line(king.unwrap(), from);
        }
        sink.targets(from, t);
    }
    for from in (pos.pieces(us, Role::Rook) & movable) | q {
        let mut t = rook_attacks(from, occ) & targets_mask;
        if pinned.contains(from) {
            t &= line(king.unwrap(), from);
        }
        sink.targets(from, t);
    }

    // pawns
    let pawns = pos.pieces(us, Role::Pawn) & ours_movable;
    let (up, last, third): (i8, Bitboard, Bitboard) = match us {
        Color::White => (8, Bitboard::rank(7), Bitboard::rank(2)),
        Color::Black => (-8, Bitboard::rank(0), Bitboard::rank(5)),
    };
    let empty = !occ;
    let free = pawns & !pinned;
    let s1 = shift(free, up) & empty;
    let s2 = shift(s1 & third, up) & empty & checkmask;
    let s1 = s1 & checkmask;
    sink.pawn_shift(s1 & !last, up, MoveKind::Normal);
    sink.pawn_promotions(s1 & last, up);
    sink.pawn_shift(s2, 2 * up, MoveKind::DoublePush);
    // captures towards the a-file and towards the h-file
    let (dl, dr) = (up - 1, up + 1);
    let cl = shift(free & !Bitboard::FILE_A, dl) & theirs & checkmask & !forbid;
    let cr = shift(free & !Bitboard::FILE_H, dr) & theirs & checkmask & !forbid;
    sink.pawn_shift(cl & !last, dl, MoveKind::Normal);
    sink.pawn_promotions(cl & last, dl);
    sink.pawn_shift(cr & !last, dr, MoveKind::Normal);
    sink.pawn_promotions(cr & last, dr);
    for from in pawns & pinned {
        let k = king.unwrap();
        let allowed = line(k, from) & checkmask;
        let fb = Bitboard::from_square(from);
        let mut t = Bitboard::EMPTY;
        let one = shift(fb, up) & empty;
        t |= one;
        t |= shift(one & third, up) & empty;
        t |= pawn_attacks(us, from) & theirs;
        t &= allowed;
        for to in t {
            let d = to.index() as i8 - from.index() as i8;
            if last.contains(to) {
                sink.pawn_promotions(Bitboard::from_square(to), d);
            } else if d == 2 * up {
                sink.one(Move::new(from, to, MoveKind::DoublePush));
            } else {
                sink.one(Move::new(from, to, MoveKind::Normal));
            }
        }
    }
    if let Some(ep) = pos.ep_square() {
        let victim = Square::new((ep.index() as i8 - up) as u8);
        if pos.piece_at(victim) == Some(crate::square::Piece::new(them, Role::Pawn)) && empty.contains(ep) {
            for from in pawn_attacks(them, ep) & pawns {
                let ok = match king {
                    None => true,
                    Some(k) => {
                        let occ2 = occ.without(from).without(victim).with(ep);
                        let tq = pos.pieces(them, Role::Queen);
                        (rook_attacks(k, occ2) & (pos.pieces(them, Role::Rook) | tq)).is_empty()
                            && (bishop_attacks(k, occ2) & (pos.pieces(them, Role::Bishop) | tq)).is_empty()
                            && (knight_attacks(k) & pos.pieces(them, Role::Knight)).is_empty()
                            && (pawn_attacks(us, k) & pos.pieces(them, Role::Pawn).without(victim)).is_empty()
                    }
                };
                if ok {
                    sink.one(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
    }

    // castling
    if let Some(k) = king {
        let f = pos.castle_flags();
        if f & flags::king(us) != 0 && checkmask == Bitboard::FULL && movable.contains(k) {
            let rank = us.first_rank();
            if k == Square::from_coords(4, rank) {
                for king_side in [true, false] {
                    if f & flags::rook(us, king_side) == 0 {
                        continue;
                    }
                    let (rf, pass, to) = if king_side { (7, 5, 6) } else { (0, 3, 2) };
                    let rsq = Square::from_coords(rf, rank);
                    if pos.piece_at(rsq) != Some(crate::square::Piece::new(us, Role::Rook)) {
                        continue;
                    }
                    if (between(k, rsq) & occ).any() {
                        continue;
                    }
                    let (p, t) = (Square::from_coords(pass, rank), Square::from_coords(to, rank));
                    if attacked(pos, p, them, occ) || attacked(pos, t, them, occ) {
                        continue;
                    }
                    let kind = if king_side {
                        MoveKind::CastleKing
                    } else {
                        MoveKind::CastleQueen
                    };
                    sink.one(Move::new(k, t, kind));
                }
            }
        }
    }
}

/// The number of legal moves (bulk counting).
#[inline]
pub fn count(pos: &Position) -> u64 {
    let mut c = Counter(0);
    generate(pos, &mut c);
    c.0
}

/// The legal moves.
pub fn legal_moves(pos: &Position, list: &mut MoveList) {
    generate(pos, list);
}
