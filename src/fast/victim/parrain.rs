//! Circe Parrain in the victim family: our unit captured on the opponent's last move is
//! reborn after our move, on its capture square plus our move's vector, when that square is
//! empty. It lands once the move is made, so it cannot expose our king, only shield it:
//! every move plain Circe allows is legal, and the moves orthodox chess forbids that the
//! reborn unit may shield are judged on the board ([`shielded`], [`blocks`]). A pawn reborn
//! on its promotion rank promotes: one move per walk ([`PendingPawn`]).

use crate::attacks::{between, bishop_rays, king_attacks, line, pawn_attacks, rook_rays};
use crate::bitboard::Bitboard;
use crate::fast::geometry::attacked;
use crate::moves::{Move, MoveKind};
use crate::orthodox::Sink;
use crate::position::Position;
use crate::square::{Piece, Role, Square};

/// Parrain: our unit and the square it was captured on, reborn after our move on that square
/// plus the move's vector (when empty): it can only shield our king. A pawn reborn on its
/// promotion rank promotes: one move per choice.
pub(crate) type Shield = Option<(Piece, Square)>;

/// With a pending rebirth of ours (captured on `a`), the moves orthodox chess forbids that
/// the reborn unit may shield, for `each` (judged on the board; a pawn's move to its last
/// rank once, for its four promotions): the king's steps to attacked squares, a pinned
/// unit's moves off its line, and, the king not in check, castling whose arrival square is
/// attacked (`all_castlings`: every castling, the generator's being then left out), or in
/// check, the moves whose rebirth may block it ([`blocks`]).
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the pending unit's square)
pub(super) fn shielded(
    pos: &Position,
    k: Square,
    checkers: Bitboard,
    pinned: Bitboard,
    a: Square,
    all_castlings: bool,
    mut each: impl FnMut(Move) -> Option<()>,
) -> Option<()> {
    let us = pos.turn();
    let s = pos.sets();
    let ours = s.color[us.index()];
    let them = us.other();
    let empty = !s.occ;
    for to in king_attacks(k) & empty {
        // (only a unit reborn on a line through the arrival square can shield it)
        let r = a.offset(to.file() as i32 - k.file() as i32, to.rank() as i32 - k.rank() as i32);
        let shields = r.is_some_and(|r| (r == k || empty.contains(r)) && (rook_rays(to) | bishop_rays(to)).contains(r));
        if shields
            && attacked(
                s,
                to,
                them,
                s.occ.without(k),
                crate::rules::circe::FirstRankPawns::Immobile,
            )
        {
            each(Move::new(k, to, MoveKind::Normal))?;
        }
    }
    for p in pinned {
        let off_line = !line(k, p);
        let role = pos.piece_at(p)?.role();
        if role == Role::Pawn {
            // (a pawn on its last rank, which a fairy diagram may hold, has no step)
            let one = p
                .offset(0, us.forward())
                .filter(|&s| empty.contains(s) && off_line.contains(s));
            if let Some(one) = one {
                each(Move::new(p, one, MoveKind::Normal))?;
                let two = one.offset(0, us.forward()).filter(|&s| empty.contains(s));
                if let Some(two) = two.filter(|_| p.rank() == us.pawn_rank()) {
                    each(Move::new(p, two, MoveKind::DoublePush))?;
                }
            }
            for to in pawn_attacks(us, p) & s.color[them.index()] & off_line {
                each(Move::new(p, to, MoveKind::Normal))?;
            }
        } else {
            for to in crate::attacks::attacks(role, us, p, s.occ) & !ours & off_line {
                each(Move::new(p, to, MoveKind::Normal))?;
            }
        }
    }
    if checkers.is_empty() {
        for m in castlings(pos, k) {
            if all_castlings || attacked(s, m.to(), them, s.occ, crate::rules::circe::FirstRankPawns::Immobile) {
                each(m)?;
            }
        }
    } else if let Some(ch) = checkers.first() {
        blocks(pos, k, ch, pinned, a, each)?;
    }
    Some(())
}

/// In check by the unit on `ch` with our pending rebirth (capture square `a`): the moves of
/// our units but the king that do not answer the check, and whose vector rebirths our unit
/// between the checker and the king, for `each` (to be judged on the board: the reborn unit
/// shields the king unless the move opens another line, or the square is taken after it).
/// A pinned unit's moves off its line are [`shielded`]'s. Each move keeps the generator's
/// kind (a double step gives the opponent e.p.); a pawn's move to its last rank comes once.
fn blocks(
    pos: &Position,
    k: Square,
    ch: Square,
    pinned: Bitboard,
    a: Square,
    each: impl FnMut(Move) -> Option<()>,
) -> Option<()> {
    let block = between(k, ch);
    if block.is_empty() {
        return Some(());
    }
    let mut sink = Blocks {
        k,
        a,
        block,
        checkmask: block.with(ch),
        each,
        declined: false,
    };
    // (the generator's moves with the check left out: the others answer it)
    crate::orthodox::generate_with(pos, !pos.hidden_mask(), Bitboard::EMPTY, pinned, &mut sink);
    (!sink.declined).then_some(())
}

/// The sink of [`blocks`].
struct Blocks<F> {
    k: Square,
    a: Square,
    block: Bitboard,
    checkmask: Bitboard,
    each: F,
    /// `each` gave up.
    declined: bool,
}

impl<F: FnMut(Move) -> Option<()>> Blocks<F> {
    /// A move that does not answer the check (its arrival square off `checkmask`).
    fn found(&mut self, m: Move) {
        let (from, to) = (m.from(), m.to());
        let shield = self.a.offset(
            to.file() as i32 - from.file() as i32,
            to.rank() as i32 - from.rank() as i32,
        );
        if shield.is_some_and(|r| self.block.contains(r)) && (self.each)(m).is_none() {
            self.declined = true;
        }
    }
}

impl<F: FnMut(Move) -> Option<()>> Sink for Blocks<F> {
    fn targets(&mut self, from: Square, t: Bitboard) {
        for to in t & !self.checkmask {
            self.found(Move::new(from, to, MoveKind::Normal));
        }
    }
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        for to in t & !self.checkmask {
            self.found(Move::new(Square::new((to.index() as i8 - delta) as u8), to, kind));
        }
    }
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        // (once: the consumers play each of the four walks)
        self.pawn_shift(t, delta, MoveKind::Normal);
    }
    fn one(&mut self, m: Move) {
        // (the king's steps are [`shielded`]'s; castling out of check is illegal)
        if m.from() != self.k && !m.is_castle() && !self.checkmask.contains(m.to()) {
            self.found(m);
        }
    }
}

/// The castling moves that pass every test but the arrival square's (the king, not in
/// check, crosses no attacked square): what rebirths after the move can still decide.
fn castlings(pos: &Position, k: Square) -> impl Iterator<Item = Move> + '_ {
    let us = pos.turn();
    let s = pos.sets();
    // (the flags and the board by bit arithmetic, the passing square's attack after)
    crate::fast::exact::castling_targets(pos, s, us, k)
        .into_iter()
        .map(move |to| crate::fast::exact::castling_to(k, to))
        .filter(move |ca| {
            !attacked(
                s,
                ca.pass,
                us.other(),
                s.occ,
                crate::rules::circe::FirstRankPawns::Immobile,
            )
        })
        .map(|ca| ca.m)
}

/// Parrain: our pending unit reborn on its capture square plus the move's vector, when that
/// square is on the board and empty.
#[inline(always)]
pub(super) fn place_shield(b: &mut crate::position::Sets, shield: Shield, vector: (i32, i32)) -> u64 {
    if let Some((u, a)) = shield {
        if let Some(r) = a.offset(vector.0, vector.1) {
            if !b.occ.contains(r) {
                b.toggle(r, u);
                return promotions_of(u, r);
            }
        }
    }
    1
}

/// The moves a rebirth of `u` on `r` makes of one: four when a pawn promotes there.
#[inline(always)]
fn promotions_of(u: Piece, r: Square) -> u64 {
    if u.role() == Role::Pawn && r.rank() == u.color().promotion_rank() {
        4
    } else {
        1
    }
}

/// Parrain, our pawn pending (captured on `promo`'s square, reborn after our move on that
/// square plus the move's vector) and nothing else to look at (every capture legal, no
/// victim reborn now): the orthodox generator's moves counted, and for each whose vector
/// rebirths the pawn on its promotion rank, on a square empty after the move, three more
/// (its four walks), in bulk per unit ([`PendingPawn::promotions`]). The king's captures
/// are judged apart, and with the pawn captured on its promotion rank castling too.
pub(super) struct PendingPawn {
    pub(super) n: u64,
    pub(super) king: Square,
    pub(super) theirs: Bitboard,
    /// The pawn's capture square, and the rank distance from it to its promotion rank.
    pub(super) promo: (Square, i32),
    pub(super) occ: Bitboard,
    pub(super) declined: bool,
}

impl PendingPawn {
    /// The extra moves of the moves from `from` to `targets`: those `dy` ranks away (the
    /// others rebirth the pawn off its promotion rank) whose rebirth square, `targets`'
    /// file moved by the file from `from` to the capture square, is on the board, is not the
    /// arrival square (the capture square our unit's own) and is empty after the move (or
    /// the square it leaves). By bytes: the arrival files on that rank against the free
    /// files of the promotion rank shifted by that file distance.
    #[inline(always)]
    fn promotions(&self, from: Square, targets: Bitboard) -> u64 {
        let (a, dy) = self.promo;
        let rank = from.rank() as i32 + dy;
        if !(0..8).contains(&rank) || a == from {
            return 0;
        }
        let arrivals = (targets.0 >> (8 * rank as u32)) & 0xff;
        let promotion_rank = (a.rank() as i32 + dy) as u32;
        let mut free = (!self.occ.0 >> (8 * promotion_rank)) & 0xff;
        if from.rank() as u32 == promotion_rank {
            free |= 1 << from.file();
        }
        // (arrival file f rebirths on file f + shift)
        let shift = a.file() as i32 - from.file() as i32;
        let reborn = if shift >= 0 {
            free >> shift
        } else {
            (free << -shift) & 0xff
        };
        3 * u64::from((arrivals & reborn).count_ones())
    }

    /// [`PendingPawn::promotions`] of the pawn moves `delta` long to `t`: one vector, so one
    /// rebirth square `r` for them all, which is no pawn's departure (it lies on the
    /// promotion rank) but may be an arrival (of the pawn leaving the capture square).
    #[inline(always)]
    fn pawn_move_promotions(&self, t: Bitboard, delta: i8) -> u64 {
        let (a, dy) = self.promo;
        // (one rank or two, up or down; the file step what is left)
        let vy = (i32::from(delta) + 4).div_euclid(8);
        let Some(r) = a.offset(i32::from(delta) - 8 * vy, vy).filter(|_| vy == dy) else {
            return 0;
        };
        3 * t.without(r).when(!self.occ.contains(r)).count() as u64
    }
}

impl Sink for PendingPawn {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        self.n += t.count() as u64 + self.promotions(from, t);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        self.n += t.count() as u64 + self.pawn_move_promotions(t, delta);
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        self.n += 4 * (t.count() as u64 + self.pawn_move_promotions(t, delta));
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        match m.kind() {
            MoveKind::EnPassant => self.declined = true,
            // (captured on its promotion rank, the pawn may be promoted by castling, which
            // moves it along that rank: judged apart, by its own vector)
            MoveKind::CastleKing | MoveKind::CastleQueen if self.promo.1 == 0 => {}
            // the king's captures are judged apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ => self.n += 1 + self.promotions(m.from(), Bitboard::from_square(m.to())),
        }
    }
}
