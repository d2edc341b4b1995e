//! The exact paths: one short path per condition played alone that is not a victim rebirth
//! ([`madrasi`], [`isardam`], [`anticirce`], [`kamikaze`], [`mars`]). Each decides every
//! move exactly, in bulk from the orthodox generator or judged on the board after it, and
//! declines (`None`) only the positions its file says.
//!
//! This file holds what they share: where their moves go ([`Out`]: a count, or a list for
//! perft's inner plies), a unit's pseudo-legal moves, the castling candidates, pins, the
//! squares screening the king and the map of what the enemy attacks.

pub(crate) mod anticirce;
pub(crate) mod isardam;
pub(crate) mod kamikaze;
pub(crate) mod madrasi;
pub(crate) mod mars;

use crate::attacks::{
    attacks, between, bishop_attacks, bishop_rays, king_attacks, pawn_attacks, pawn_attacks_of_set, rook_attacks,
    rook_rays,
};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::orthodox::Counter;
use crate::position::{flags, Position, Sets};
use crate::square::{Color, Piece, Role, Square};

/// Where the moves go: the orthodox generator's bulk (legal), and moves that need a look.
pub(crate) trait Out: crate::orthodox::Sink {
    /// A legal move.
    fn legal(&mut self, m: Move);
    /// A move that is legal when `legal` says so.
    fn judged(&mut self, m: Move, legal: impl FnOnce() -> bool);
    /// A move that stands for `n()` legal moves (a pawn reborn on its promotion rank: one
    /// per walk; listed once, the listing's legality test expands the choices).
    fn judged_n(&mut self, m: Move, n: impl FnOnce() -> u64);
    /// Castlings of our king on `k`, legal, given by the king's arrival squares.
    fn castles(&mut self, k: Square, tos: Bitboard);
}

/// Counting: a judged move counts when legal.
impl Out for Counter {
    #[inline(always)]
    fn legal(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn judged(&mut self, _: Move, legal: impl FnOnce() -> bool) {
        self.0 += u64::from(legal());
    }
    #[inline(always)]
    fn judged_n(&mut self, _: Move, n: impl FnOnce() -> u64) {
        self.0 += n();
    }
    #[inline(always)]
    fn castles(&mut self, _: Square, tos: Bitboard) {
        self.0 += tos.count() as u64;
    }
}

/// Listing for perft's inner plies: a judged move is listed when legal.
impl Out for MoveList {
    #[inline(always)]
    fn legal(&mut self, m: Move) {
        self.push(m);
    }
    #[inline(always)]
    fn judged(&mut self, m: Move, legal: impl FnOnce() -> bool) {
        if legal() {
            self.push(m);
        }
    }
    #[inline(always)]
    fn judged_n(&mut self, m: Move, n: impl FnOnce() -> u64) {
        if n() > 0 {
            self.push(m);
        }
    }
    #[inline(always)]
    fn castles(&mut self, k: Square, tos: Bitboard) {
        for to in tos {
            self.push(castling_to(k, to).m);
        }
    }
}

/// The orthodox generator's moves, each one legal move, but its e.p. captures: the paths
/// judge those apart, since the generator tests them by orthodox check.
pub(crate) struct ButEnPassant<'a, O: Out>(pub(crate) &'a mut O);

impl<O: Out> crate::orthodox::Sink for ButEnPassant<'_, O> {
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

/// Captures of the orthodox generator's bulk sets judged one by one (the observation paths
/// composed with a Circe rule): the arrivals `t`, each from `from(to)`, as promotions with
/// `promote`; `capture` gives the legal moves each stands for.
#[inline(always)]
pub(crate) fn judge_each(
    out: &mut impl Out,
    t: Bitboard,
    from: impl Fn(Square) -> Square,
    promote: bool,
    capture: impl Fn(Move) -> u64,
) {
    for to in t {
        if promote {
            for r in Role::PROMOTIONS {
                let m = Move::promotion(from(to), to, r);
                out.judged_n(m, || capture(m));
            }
        } else {
            let m = Move::new(from(to), to, MoveKind::Normal);
            out.judged_n(m, || capture(m));
        }
    }
}

/// The number of legal moves `run` gives (`None`: the position is not modelled).
#[inline(always)]
pub(crate) fn count(run: impl FnOnce(&mut Counter) -> Option<()>) -> Option<u64> {
    let mut out = Counter(0);
    run(&mut out)?;
    Some(out.0)
}

/// The board `s` after our unit `p` goes from `from` to `to` as `arrived`, taking what
/// stands on `to`, or (e.p.) the enemy pawn on `ep`; nothing else happens.
#[inline]
pub(crate) fn plain_after(s: &Sets, from: Square, to: Square, ep: Option<Square>, p: Piece, arrived: Piece) -> Sets {
    let mut b = *s;
    b.toggle(from, p);
    if let Some(v) = ep {
        b.toggle(v, Piece::new(p.color().other(), Role::Pawn));
    } else if let Some(v) = b.piece_at(to) {
        b.toggle(to, v);
    }
    b.toggle(to, arrived);
    b
}

/// Our king's square, when the position is one the exact paths model: a king, nothing
/// hidden under other units, no pending rebirth, no pawn on its first or last rank (on its
/// own first rank a pawn observes and captures nothing, which the paths do not model).
#[inline(always)]
pub(crate) fn plain_king(pos: &Position) -> Option<Square> {
    let k = pos.king(pos.turn())?;
    let pawns = pos.sets().role[Role::Pawn.index()];
    let plain = pos.hidden_mask().is_empty()
        && pos.pending().is_none()
        && (pawns & (Bitboard::rank(0) | Bitboard::rank(7))).is_empty();
    plain.then_some(k)
}

/// Our king's square, when the position is one [`plain_king`] admits and no enemy unit
/// attacks the king (Anticirce, Kamikaze paths; they judge e.p. captures themselves).
#[inline(always)]
pub(crate) fn unattacked_king(pos: &Position) -> Option<Square> {
    let k = plain_king(pos)?;
    let s = pos.sets();
    (!crate::fast::geometry::attacked(
        s,
        k,
        pos.turn().other(),
        s.occ,
        crate::rules::circe::FirstRankPawns::Immobile,
    ))
    .then_some(k)
}

/// Our king's square, when the position is one [`plain_king`] admits and an enemy unit
/// attacks the king: what [`unattacked_king`] leaves to the paths' `count_attacked`.
#[inline(always)]
pub(crate) fn attacked_king(pos: &Position) -> Option<Square> {
    let k = plain_king(pos)?;
    let s = pos.sets();
    crate::fast::geometry::attacked(
        s,
        k,
        pos.turn().other(),
        s.occ,
        crate::rules::circe::FirstRankPawns::Immobile,
    )
    .then_some(k)
}

/// Our units pinned to our king on `k` by any enemy slider ([`pins_and_screens`]).
#[inline(always)]
pub(crate) fn slider_pins(s: &Sets, us: Color, k: Square) -> Bitboard {
    pins_and_screens(s, us, k).0
}

/// [`slider_pins`] and [`screens`] at once, in one pass over the enemy sliders (inlined,
/// the half a caller does not use is dropped by the compiler).
#[inline(always)]
pub(crate) fn pins_and_screens(s: &Sets, us: Color, k: Square) -> (Bitboard, Bitboard) {
    let (mut pinned, mut screening) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for sn in s.snipers(us.other(), k) {
        let b = between(k, sn) & s.occ;
        // (without branches: whether a line holds one, two or more units would mispredict)
        let n = b.count();
        screening |= b.when(n <= 2);
        pinned |= (b & s.color[us.index()]).when(n <= 1);
    }
    (pinned, screening)
}

/// Our units (of `us`) that stand alone between our king on `k` and an enemy slider:
/// `straight` (rook-like) or `diagonal` (bishop-like).
#[inline(always)]
pub(crate) fn pinned(s: &Sets, us: Color, k: Square, straight: Bitboard, diagonal: Bitboard) -> Bitboard {
    let snipers = (rook_rays(k) & straight) | (bishop_rays(k) & diagonal);
    let mut pinned = Bitboard::EMPTY;
    for sn in snipers {
        let b = between(k, sn) & s.occ;
        pinned |= (b & s.color[us.index()]).when(!b.more_than_one());
    }
    pinned
}

/// The pseudo-legal moves of our unit `p` on `from` to squares of `mask` (no e.p., no
/// castling): `each` gets the move and the unit as it arrives (a promotion's new walk).
#[inline(always)]
pub(crate) fn unit_moves(s: &Sets, p: Piece, from: Square, mask: Bitboard, mut each: impl FnMut(Move, Piece)) {
    let us = p.color();
    let theirs = s.color[us.other().index()];
    let mask = mask & !s.color[us.index()];
    if p.role() != Role::Pawn {
        for to in attacks(p.role(), us, from, s.occ) & mask {
            each(Move::new(from, to, MoveKind::Normal), p);
        }
        return;
    }
    let up = us.forward();
    let mut t = pawn_attacks(us, from) & theirs;
    if let Some(one) = from.offset(0, up).filter(|&sq| !s.occ.contains(sq)) {
        t = t.with(one);
        if from.rank() == us.pawn_rank() {
            t |= Bitboard::from_square(one.offset(0, up).expect("on the board")) & !s.occ;
        }
    }
    for to in t & mask {
        if to.rank() == us.promotion_rank() {
            for r in Role::PROMOTIONS {
                each(Move::promotion(from, to, r), p.with_role(r));
            }
        } else {
            let kind = if to.rank().abs_diff(from.rank()) == 2 {
                MoveKind::DoublePush
            } else {
                MoveKind::Normal
            };
            each(Move::new(from, to, kind), p);
        }
    }
}

/// [`unit_moves`] of every unit of `us`, anywhere: `each` gets the move, the unit and the
/// unit as it arrives.
#[inline(always)]
pub(crate) fn all_unit_moves(s: &Sets, us: Color, mut each: impl FnMut(Move, Piece, Piece)) {
    for from in s.color[us.index()] {
        let p = Piece::new(us, s.role_at(from));
        unit_moves(s, p, from, Bitboard::FULL, |m, arrived| each(m, p, arrived));
    }
}

/// A castling the flags and the board allow, before any test of attacks.
pub(crate) struct Castling {
    pub(crate) m: Move,
    /// The square the king passes.
    pub(crate) pass: Square,
}

impl Castling {
    /// The board `s` after it.
    #[inline(always)]
    pub(crate) fn after(&self, s: &Sets, us: Color) -> Sets {
        castled(s, us, self.m)
    }
}

/// The board `s` after our castling `m`: the king and the rook moved.
#[inline(always)]
pub(crate) fn castled(s: &Sets, us: Color, m: Move) -> Sets {
    let (rf, rt) = crate::rules::effects::castling_rook(m);
    let mut b = king_on(s, us, m.from(), m.to());
    let rook = Piece::new(us, Role::Rook);
    b.toggle(rf, rook);
    b.toggle(rt, rook);
    b
}

/// The bitboards of `pos` after our move `m` that only displaces (its unit moved, promoted
/// as the move says, castling's rook too) and takes the unit on its arrival square, if any
/// (no e.p., nothing reborn, hidden or emerging), written into `b`; returned, the castling
/// flags after it (a flag square whose occupant changes loses its flag, as when the move is
/// played). The walks are read from the mailbox and the captured unit toggled by a mask,
/// without branches but castling's.
#[inline(always)]
pub(crate) fn displaced(pos: &Position, m: Move, us: Color, b: &mut Sets) -> u8 {
    let (s, from, to) = (pos.sets(), m.from(), m.to());
    if m.is_castle() {
        let (rf, _) = crate::rules::effects::castling_rook(m);
        *b = castled(s, us, m);
        return pos.castle_flags() & !(flags::of_square(from) | flags::of_square(rf));
    }
    *b = *s;
    let (fb, tb) = (Bitboard::from_square(from), Bitboard::from_square(to));
    // (the captured unit's square, or nothing: its walk's set is then left as it was)
    let v = tb & s.occ;
    b.color[us.other().index()] ^= v;
    b.role[pos.role_on(to).index()] ^= v;
    let walk = pos.role_on(from);
    b.role[walk.index()] ^= fb;
    b.role[m.promotion_role().unwrap_or(walk).index()] ^= tb;
    b.color[us.index()] ^= fb | tb;
    b.occ ^= v ^ fb ^ tb;
    // (most moves touch no flag square)
    let lost = if ((fb | tb) & Bitboard(flags::SQUARES_MASK)).any() {
        flags::of_square(from) | flags::of_square(to)
    } else {
        0
    };
    pos.castle_flags() & !lost
}

/// Calls `each` with the e.p. captures the board allows, before any test of check or
/// rebirth: the move and the square of the enemy pawn it takes (the paths that judge them
/// drop the orthodox generator's, which it judges by orthodox rules).
#[inline(always)]
pub(crate) fn en_passants(pos: &Position, mut each: impl FnMut(Move, Square)) {
    let Some(ep) = pos.ep_square() else { return };
    let (s, us) = (pos.sets(), pos.turn());
    let Some(at) = ep.offset(0, -us.forward()) else { return };
    if s.occ.contains(ep) || s.piece_at(at) != Some(Piece::new(us.other(), Role::Pawn)) {
        return;
    }
    for from in pawn_attacks(us.other(), ep) & s.pieces(us, Role::Pawn) {
        each(Move::new(from, ep, MoveKind::EnPassant), at);
    }
}

/// Calls `each` with the castlings of our king on `k` that the flags allow, with its rook
/// at home and the squares between them empty.
#[inline(always)]
pub(crate) fn castlings(pos: &Position, s: &Sets, us: Color, k: Square, each: impl FnMut(Castling)) {
    castlings_with(pos.castle_flags(), s, us, k, each)
}

/// [`castlings`] with the castling flags `f` (a board that is no [`Position`]).
#[inline(always)]
pub(crate) fn castlings_with(f: u8, s: &Sets, us: Color, k: Square, mut each: impl FnMut(Castling)) {
    for to in castling_targets_with(f, s, us, k) {
        each(castling_to(k, to));
    }
}

/// The king's arrival squares of [`castlings`]: once the king may castle (a test that holds
/// or fails for long stretches of a game), bit arithmetic on our first rank's bytes, without
/// branches (which side may castle varies from position to position).
#[inline(always)]
pub(crate) fn castling_targets(pos: &Position, s: &Sets, us: Color, k: Square) -> Bitboard {
    castling_targets_with(pos.castle_flags(), s, us, k)
}

/// [`castling_targets`] with the castling flags `f`.
#[inline(always)]
pub(crate) fn castling_targets_with(f: u8, s: &Sets, us: Color, k: Square) -> Bitboard {
    // (a side's flags are White's shifted: bit 0 the king's, 1 the a-rook's, 2 the h-rook's)
    const _: () =
        assert!(flags::BLACK_KING == flags::WHITE_KING << 3 && flags::WHITE_A_ROOK == 2 && flags::WHITE_H_ROOK == 4);
    let f = u64::from(f >> flags::king(us).trailing_zeros());
    if f & 1 == 0 || k != Square::from_coords(4, us.first_rank()) {
        return Bitboard::EMPTY;
    }
    let shift = 8 * u32::from(us.first_rank());
    // (bit n of each: the first rank's square on file n)
    let rooks = s.pieces(us, Role::Rook).0 >> shift;
    let free = !s.occ.0 >> shift;
    let king_side = (f >> 2) & (rooks >> 7) & (free >> 5) & (free >> 6);
    let queen_side = (f >> 1) & rooks & (free >> 1) & (free >> 2) & (free >> 3);
    Bitboard((((king_side & 1) << 6) | ((queen_side & 1) << 2)) << shift)
}

/// The castling of our king on `k` (its e-file square) arriving on `to`, one of
/// [`castling_targets`].
#[inline(always)]
pub(crate) fn castling_to(k: Square, to: Square) -> Castling {
    let king_side = to.file() == 6;
    let (_, pass, _) = castling_files(king_side);
    let kind = if king_side {
        MoveKind::CastleKing
    } else {
        MoveKind::CastleQueen
    };
    Castling {
        m: Move::new(k, to, kind),
        pass: Square::from_coords(pass, to.rank()),
    }
}

/// The castlings of our king on `k`, not in check: those whose passing and arrival squares
/// are both off `hit` (what the enemy attacks through our king's square) legal at once, in
/// bulk; `judge` gets the others.
#[inline(always)]
pub(crate) fn castlings_by_map<O: Out>(
    pos: &Position,
    s: &Sets,
    us: Color,
    k: Square,
    hit: Bitboard,
    out: &mut O,
    mut judge: impl FnMut(&mut O, Castling),
) {
    let tos = castling_targets(pos, s, us, k);
    let safe = tos & !hit & !castling_arrivals(hit);
    out.castles(k, safe);
    for to in tos & !safe {
        judge(out, castling_to(k, to));
    }
}

/// The squares a castling king passes on its way to the arrival squares `tos` (of
/// [`castling_targets`]: the f-square for the g-square, the d-square for the c-square).
#[inline(always)]
pub(crate) fn castling_passes(tos: Bitboard) -> Bitboard {
    const G: u64 = 0x4040_4040_4040_4040;
    const C: u64 = 0x0404_0404_0404_0404;
    Bitboard(((tos.0 & G) >> 1) | ((tos.0 & C) << 1))
}

/// The arrival squares of the castlings passing a square of `passes` (the inverse of
/// [`castling_passes`]; the other squares of `passes` are not read).
#[inline(always)]
pub(crate) fn castling_arrivals(passes: Bitboard) -> Bitboard {
    const F: u64 = 0x2020_2020_2020_2020;
    const D: u64 = 0x0808_0808_0808_0808;
    Bitboard(((passes.0 & F) << 1) | ((passes.0 & D) >> 1))
}

/// The files of a castling's rook, the square its king passes and the king's arrival.
#[inline(always)]
const fn castling_files(king_side: bool) -> (u8, u8, u8) {
    if king_side {
        (7, 5, 6)
    } else {
        (0, 3, 2)
    }
}

/// The passing and arrival squares of the castlings the flags `f` still allow `us` (before
/// the board is looked at).
#[inline(always)]
pub(crate) fn castling_squares_with(f: u8, us: Color) -> Bitboard {
    // (all ones when allowed; no branch)
    let allowed = |flag: u8| u64::from(f & flag != 0).wrapping_neg();
    let files = |king_side: bool| {
        let (_, pass, to) = castling_files(king_side);
        allowed(flags::rook(us, king_side)) & ((1u64 << pass) | (1u64 << to))
    };
    let row = allowed(flags::king(us)) & (files(true) | files(false));
    Bitboard(row << (8 * us.first_rank() as u32))
}

/// The board `s` with our king moved from `from` to `to` (a castling king on its passing
/// square).
#[inline(always)]
pub(crate) fn king_on(s: &Sets, us: Color, from: Square, to: Square) -> Sets {
    let mut b = *s;
    let king = Piece::new(us, Role::King);
    b.toggle(from, king);
    b.toggle(to, king);
    b
}

/// What the pawns, knights and king of `them` attack, whatever the occupancy (no pawn
/// stands on its first rank here).
#[inline(always)]
pub(crate) fn leaper_attacks(s: &Sets, them: Color) -> Bitboard {
    let kings = s
        .pieces(them, Role::King)
        .into_iter()
        .fold(Bitboard::EMPTY, |b, e| b | king_attacks(e));
    pawn_attacks_of_set(them, s.pieces(them, Role::Pawn))
        | crate::attacks::knight_attacks_of_set(s.pieces(them, Role::Knight))
        | kings
}

/// The squares the units of `them` attack with occupancy `occ` (no pawn stands on its
/// first rank here). With `occ` the board without our king, a square outside it is safe
/// for our king's step, and for castling's passing and arrival squares.
#[inline(always)]
pub(crate) fn attack_map(s: &Sets, them: Color, occ: Bitboard) -> Bitboard {
    attack_map_through(s, them, occ, Bitboard::FULL, Bitboard::FULL)
}

/// [`attack_map`] exact on the zone of our king on `k` only: its square, its steps and (from
/// its e-file square) castling's squares. The enemy sliders on no line through the zone are
/// left out (those lines read from a table per king square).
#[inline(always)]
pub(crate) fn king_zone_attack_map(s: &Sets, them: Color, occ: Bitboard, k: Square) -> Bitboard {
    let (straight, diagonal) = KING_ZONE_LINES[k.index()];
    attack_map_through(s, them, occ, Bitboard(straight), Bitboard(diagonal))
}

/// [`attack_map`] of the sliders on `straight` (rook-like) and `diagonal` (bishop-like)
/// squares only.
#[inline(always)]
fn attack_map_through(s: &Sets, them: Color, occ: Bitboard, straight: Bitboard, diagonal: Bitboard) -> Bitboard {
    let mut hit = pawn_attacks_of_set(them, s.pieces(them, Role::Pawn))
        | crate::attacks::knight_attacks_of_set(s.pieces(them, Role::Knight));
    let q = s.pieces(them, Role::Queen);
    for e in (s.pieces(them, Role::Bishop) | q) & diagonal {
        hit |= bishop_attacks(e, occ);
    }
    for e in (s.pieces(them, Role::Rook) | q) & straight {
        hit |= rook_attacks(e, occ);
    }
    for e in s.pieces(them, Role::King) {
        hit |= king_attacks(e);
    }
    hit
}

/// [king's square] -> the squares on a straight line, and on a diagonal, through the king's
/// zone ([`king_zone_attack_map`]): a slider elsewhere attacks no square of it.
static KING_ZONE_LINES: [(u64, u64); 64] = king_zone_lines();

const fn king_zone_lines() -> [(u64, u64); 64] {
    let mut out = [(0u64, 0u64); 64];
    let mut k = 0;
    while k < 64 {
        let (kf, kr) = ((k % 8) as i32, (k / 8) as i32);
        let mut z: i32 = 0;
        while z < 64 {
            let (zf, zr) = (z % 8, z / 8);
            let step = (zf - kf).abs() <= 1 && (zr - kr).abs() <= 1;
            // (castling's squares: from e1 or e8, the c- and g-squares of its rank)
            let castling = kf == 4 && (kr == 0 || kr == 7) && zr == kr && (zf == 2 || zf == 6);
            if step || castling {
                let mut sq: i32 = 0;
                while sq < 64 {
                    let (f, r) = (sq % 8, sq / 8);
                    if f == zf || r == zr {
                        out[k].0 |= 1u64 << sq;
                    }
                    if f - zf == r - zr || f - zf == zr - r {
                        out[k].1 |= 1u64 << sq;
                    }
                    sq += 1;
                }
            }
            z += 1;
        }
        k += 1;
    }
    out
}

/// The squares whose emptying may open a line from an enemy slider onto our king on `k`
/// (it is not attacked): those between them when one or two units stand there. A move that
/// empties other squares opens no line: one that empties its departure square and the
/// capture square too (an Anticirce capturer reborn elsewhere, a kamikaze capturer gone)
/// opens one only through these (pinned units are among them).
#[inline(always)]
pub(crate) fn screens(s: &Sets, them: Color, k: Square) -> Bitboard {
    pins_and_screens(s, them.other(), k).1
}
