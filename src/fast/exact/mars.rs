//! The last ply of perft (and perft's inner plies) under Mars Circe alone (`circe-mars`:
//! a unit captures only from its rebirth square, which must be empty or its own; nothing is
//! reborn; check is the same capture test).
//!
//! An enemy unit on `sq` attacks only from its lift square `l` (its home square; a king's
//! own square when kings do not lift), with `sq` empty for its lines: what it attacks
//! depends on our moves only through the occupancy of `l` and of the squares between `l` and
//! the target. The enemy is read by lift square ([`Enemies`]): the units whose home square it
//! is; one of them standing on it is the only one that can lift, any other unit there stops
//! them all (and no move of ours empties an enemy-occupied square).
//!
//! One pass over the lift squares gives what the enemy attacks with our king off the board
//! on the squares where that matters: the king's own, its steps' and castling's (a slider
//! whose lines miss them all on an empty board is not looked up). An unattacked square is
//! safe for the king's step and for castling's passing square. The same pass gives the
//! squares whose emptying may let a unit reach the king on `k` (lift squares from which a
//! unit reaches `k` on an empty board, and the squares between). With the king not
//! attacked, every move of a unit standing elsewhere is legal (a capture removes an attacker
//! at most, its own lift square is left as it was, and its arrival square was occupied
//! before): counted in bulk. The moves of units on those squares, the king's captures,
//! castling's arrival, and every move when the king is attacked are judged exactly on the
//! occupancy after the move ([`Enemies::hit`]).
//!
//! What the count reads of a position is its bitboards and castling flags, which a move here
//! changes only by displacing units: perft's last two plies are counted here without playing
//! the first's moves on the position ([`count_two`]).
//!
//! Madrasi composes with it as a mask (`madrasi`: kings paralysed too, or not): our units
//! the enemy observes do not move, and an enemy unit gives check only when it is not
//! paralysed on the board after the move. Paralysis only takes checks away, so every
//! geometric test above stays a sound filter: a move after which no enemy unit attacks the
//! king is legal, and only where one does is the board after the move built and the
//! attackers' paralysis looked at (`rules::check`'s definition on bare bitboards).

use super::{castled, castlings_with, king_on, plain_after, plain_king, Out};
use crate::attacks::{between, king_attacks, pawn_attacks, pawn_attacks_of_set};
use crate::bitboard::Bitboard;
use crate::fast::rebirth_tables::home_pairs_of;
use crate::moves::{Move, MoveKind, MoveList};
use crate::orthodox::shift;
use crate::position::{Position, Sets};
use crate::rules::check::{mars_capturers_on, unparalysed_on};
use crate::rules::circe::{home_square, Circe};
use crate::rules::madrasi::paralysed_units;
use crate::square::{Color, Piece, Role, Square};

/// The number of legal moves, or `None` when the position is not modelled here (no king of
/// ours; a pawn on its first or last rank; hidden units or a pending rebirth). `madrasi`:
/// composed with Madrasi, kings paralysed too or not.
pub(crate) fn count(pos: &Position, c: &Circe, madrasi: Option<bool>) -> Option<u64> {
    super::count(|out| run(pos, c, madrasi, out))
}

/// The legal moves (every judgement here is exact); `None` as for [`count`].
pub(crate) fn moves(pos: &Position, c: &Circe, madrasi: Option<bool>, list: &mut MoveList) -> Option<()> {
    run(pos, c, madrasi, list)
}

/// The enemy units, read by lift square: a walk's home square `l` (for a pawn, its file's
/// square on its second rank; for a king, e1/e8 or its own square when kings do not lift)
/// and the units whose home square it is. When a unit of theirs stands on `l`, it is the
/// only one that can lift there; when another unit does, none can.
struct Enemies<'a> {
    s: &'a Sets,
    us: Color,
    them: Color,
    c: &'a Circe,
    /// Madrasi (kings paralysed too, or not): an attacker must not be paralysed.
    madrasi: Option<bool>,
}

/// The enemy pieces (knight to queen) in the order of [`Enemies::slots`].
const PIECES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

impl<'a> Enemies<'a> {
    /// The enemy units, and in the same pass, with our king on `k`: the squares of `zone`
    /// they attack with the king off the board (a square outside is safe for its step, and
    /// for castling's passing square: a king standing on a lift square is not attacked from
    /// it; squares outside `zone` are left out of it), and the squares whose emptying may let
    /// a unit attack `k` (the lift squares of the units that reach it on an empty board, and
    /// the squares between).
    #[inline(always)]
    fn new(
        s: &'a Sets,
        c: &'a Circe,
        madrasi: Option<bool>,
        us: Color,
        k: Square,
        zone: Bitboard,
    ) -> (Enemies<'a>, Bitboard, Bitboard) {
        let e = Enemies {
            s,
            us,
            them: us.other(),
            c,
            madrasi,
        };
        let away = s.occ.without(k);
        let pawns = s.pieces(e.them, Role::Pawn);
        let lifts = pawn_lifts(pawns, e.them);
        let mut map = pawn_attacks_of_set(e.them, lifts & (!away | pawns));
        let mut judged_from = pawn_attacks(us, k) & lifts;
        e.slots(
            Bitboard::EMPTY,
            #[inline(always)]
            |role, l, mut u, reach| {
                if reach.contains(k) {
                    judged_from |= between(k, l).with(l);
                }
                if away.contains(l) {
                    u &= Bitboard::from_square(l);
                }
                if matches!(role, Role::Bishop | Role::Rook | Role::Queen) {
                    // (a slider's lines are looked up only when they can meet the zone)
                    if (reach & zone).any() {
                        for x in u {
                            map |= walk(role, l, away.without(x).with(l));
                        }
                    }
                } else if u.any() {
                    map |= reach;
                }
                false
            },
        );
        (e, map, judged_from)
    }

    /// Calls `each(role, l, units, reach)` for every lift square of a piece or king with
    /// units on the board but those on `gone`, until it returns true.
    #[inline(always)]
    fn slots(&self, gone: Bitboard, mut each: impl FnMut(Role, Square, Bitboard, Bitboard) -> bool) -> bool {
        // (one call per walk, each with its walk a constant: no dispatch on the walk inside)
        let [n, b, r, q] = PIECES;
        if self.slots_of(n, gone, &mut each)
            || self.slots_of(b, gone, &mut each)
            || self.slots_of(r, gone, &mut each)
            || self.slots_of(q, gone, &mut each)
        {
            return true;
        }
        for sq in self.s.pieces(self.them, Role::King) & !gone {
            let l = self.c.lift_square(Piece::new(self.them, Role::King), sq);
            if each(Role::King, l, Bitboard::from_square(sq), king_attacks(l)) {
                return true;
            }
        }
        false
    }

    /// [`Enemies::slots`] for the units of one walk (knight to queen).
    #[inline(always)]
    fn slots_of(
        &self,
        role: Role,
        gone: Bitboard,
        each: &mut impl FnMut(Role, Square, Bitboard, Bitboard) -> bool,
    ) -> bool {
        let units = self.s.pieces(self.them, role) & !gone;
        if units.is_empty() {
            return false;
        }
        for (home, pre) in home_pairs_of(role, self.them) {
            let u = units & Bitboard(pre);
            if u.any() {
                let l = Square::new(home.trailing_zeros() as u8);
                if each(role, l, u, reach(role, l)) {
                    return true;
                }
            }
        }
        false
    }

    /// Does a unit but those on `gone` attack `target` with occupancy `occ` (the board after
    /// our move)? A slider attacks through a square between `l` and the target only when
    /// that square is its own (it was lifted from there).
    ///
    /// Out of line: few moves are judged (a few hundred per Kiwipete perft(4)), and inlined
    /// at each of its call sites it crowded the count's registers and kept the castling
    /// judgement out of line.
    #[inline(never)]
    fn hit(&self, target: Square, occ: Bitboard, gone: Bitboard) -> bool {
        let pawns = self.s.pieces(self.them, Role::Pawn) & !gone;
        for l in pawn_attacks(self.us, target) & Bitboard::rank(self.them.pawn_rank()) {
            let mut u = pawns & Bitboard::file(l.file());
            if occ.contains(l) {
                u &= Bitboard::from_square(l);
            }
            if u.any() {
                return true;
            }
        }
        self.slots(
            gone,
            #[inline(always)]
            |role, l, mut u, reach| {
                if !reach.contains(target) {
                    return false;
                }
                if occ.contains(l) {
                    u &= Bitboard::from_square(l);
                }
                if u.is_empty() {
                    return false;
                }
                if matches!(role, Role::Bishop | Role::Rook | Role::Queen) {
                    let b = between(l, target) & occ;
                    b.is_empty() || (!b.more_than_one() && (b & u).any())
                } else {
                    true
                }
            },
        )
    }

    /// Is our king safe on `target` after our move, which leaves the occupancy `occ` and
    /// takes the units on `gone`? `after` builds the board after the move; under Madrasi it
    /// is asked for only when some unit attacks `target` there ([`Enemies::hit`]).
    #[inline(always)]
    fn safe(&self, target: Square, occ: Bitboard, gone: Bitboard, after: impl FnOnce() -> Sets) -> bool {
        if !self.hit(target, occ, gone) {
            return true;
        }
        match self.madrasi {
            None => false,
            Some(kings) => !self.checks(&after(), target, kings),
        }
    }

    /// Madrasi: does a unit that is not paralysed attack our king on `target` on the board
    /// `b` (the rules' check)?
    #[inline(never)]
    fn checks(&self, b: &Sets, target: Square, kings: bool) -> bool {
        let attackers = mars_capturers_on(b, self.c, target, self.them);
        unparalysed_on(b, attackers, kings, self.c.first_rank_pawns, Some(self.c)).any()
    }
}

/// The files holding a square of `b`, one bit each (bits 0-7).
#[inline(always)]
fn file_bits(b: Bitboard) -> u64 {
    let mut x = b.0;
    x |= x >> 32;
    x |= x >> 16;
    x |= x >> 8;
    x & 0xff
}

/// The files of the squares of `b`.
#[inline(always)]
fn pawn_files(b: Bitboard) -> Bitboard {
    Bitboard(file_bits(b).wrapping_mul(0x0101_0101_0101_0101))
}

/// The lift squares of pawns of `color` on `pawns`: their files' squares on their second
/// rank.
#[inline(always)]
fn pawn_lifts(pawns: Bitboard, color: Color) -> Bitboard {
    Bitboard(file_bits(pawns) << (8 * color.pawn_rank() as u32))
}

/// perft(2) of `pos` by this path: its legal moves as [`moves`] lists them, and the position
/// after each counted as [`count`] counts it, from what the count reads of a position: the
/// bitboards after the move (its unit moved, the captured unit gone, castling's rook moved)
/// and the castling flags it leaves ([`super::displaced`]). So perft's last inner ply
/// plays no move on the position (journal, hash, mailbox and their undoing). The positions
/// after the moves are ones the path models as it models `pos`: nothing is reborn or hidden
/// here, a pawn reaching its last rank promotes, and a legal move takes no king (the enemy's
/// stays where it is). `None` as for [`count`], and when the enemy has no king.
pub(crate) fn count_two(pos: &Position, c: &Circe, madrasi: Option<bool>) -> Option<u64> {
    let b = Board::of(pos)?;
    let theirs = pos.king(pos.turn().other())?;
    // (Mars alone compiled apart, without Madrasi's tests)
    Some(match (pos.turn(), madrasi) {
        (Color::White, None) => count_two_as(pos, &b, theirs, c, None, Color::White),
        (Color::Black, None) => count_two_as(pos, &b, theirs, c, None, Color::Black),
        (Color::White, m) => count_two_as(pos, &b, theirs, c, m, Color::White),
        (Color::Black, m) => count_two_as(pos, &b, theirs, c, m, Color::Black),
    })
}

/// [`count_two`] for our side `us`, the enemy's king on `theirs`.
#[inline(always)]
fn count_two_as(pos: &Position, b: &Board, theirs: Square, c: &Circe, madrasi: Option<bool>, us: Color) -> u64 {
    let mut list = MoveList::new();
    run_as(b, c, madrasi, &mut list, us);
    let mut n = crate::orthodox::Counter(0);
    let mut s = Sets::default();
    for &m in list.iter() {
        let castle = super::displaced(pos, m, us, &mut s);
        run_as(
            &Board {
                s: &s,
                castle,
                k: theirs,
            },
            c,
            madrasi,
            &mut n,
            us.other(),
        );
    }
    n.0
}

/// What the path reads of a position: its bitboards, its castling flags and the king of the
/// side to move.
struct Board<'a> {
    s: &'a Sets,
    castle: u8,
    k: Square,
}

impl<'a> Board<'a> {
    /// `pos` as the path reads it, when the path models it ([`plain_king`]).
    #[inline(always)]
    fn of(pos: &'a Position) -> Option<Board<'a>> {
        Some(Board {
            s: pos.sets(),
            castle: pos.castle_flags(),
            k: plain_king(pos)?,
        })
    }
}

/// The moves of the side to move, into `out`: [`run_as`] compiled once per side, the side a
/// constant (its ranks, pawn directions, home squares and castling squares fold; the enemy's
/// lift squares become constants instead of table reads).
#[inline(always)]
fn run<O: Out>(pos: &Position, c: &Circe, madrasi: Option<bool>, out: &mut O) -> Option<()> {
    let b = Board::of(pos)?;
    match (pos.turn(), madrasi) {
        (Color::White, None) => run_as(&b, c, None, out, Color::White),
        (Color::Black, None) => run_as(&b, c, None, out, Color::Black),
        (Color::White, m) => run_as(&b, c, m, out, Color::White),
        (Color::Black, m) => run_as(&b, c, m, out, Color::Black),
    }
    Some(())
}

/// [`run`] for our side `us` on the board `b`, with Madrasi as `madrasi` says.
#[inline(always)]
fn run_as<O: Out>(b: &Board, c: &Circe, madrasi: Option<bool>, out: &mut O, us: Color) {
    let (s, k) = (b.s, b.k);
    let them = us.other();
    // (the enemy's attacks matter on the king's square, its steps and castling's squares)
    let zone = king_attacks(k).with(k) | super::castling_squares_with(b.castle, us);
    let (e, map, judged_from) = Enemies::new(s, c, madrasi, us, k, zone);
    // (Madrasi: our units the enemy observes do not move)
    let free = madrasi.map_or(Bitboard::FULL, |kings| {
        !paralysed_units(s, us, kings, c.first_rank_pawns, Some(c))
    });
    let occ = s.occ;
    let empty = !occ;
    let theirs = s.color[them.index()];
    let checked = map.contains(k);
    // the units whose moves are judged one by one (all when the king is attacked)
    let judged_from = if checked { Bitboard::FULL } else { judged_from };
    // a non-king move of our unit `p` from `from` to `to` as `arrived`, leaving the
    // occupancy `after`, taking on `gone`
    let safe = |p: Piece, from: Square, to: Square, arrived: Piece, after: Bitboard, gone: Bitboard| {
        e.safe(k, after, gone, || plain_after(s, from, to, None, p, arrived))
    };

    // pawns: pushes in bulk from the squares not looked at; captures from the second rank
    let pawn = Piece::new(us, Role::Pawn);
    let pawns = s.pieces(us, Role::Pawn) & free;
    let up = 8 * us.forward() as i8;
    let last = Bitboard::rank(us.promotion_rank());
    let third = Bitboard::rank((us.pawn_rank() as i32 + us.forward()) as u8);
    let single = shift(pawns & !judged_from, up) & empty;
    out.pawn_shift(single & !last, up, MoveKind::Normal);
    out.pawn_promotions(single & last, up);
    out.pawn_shift(shift(single & third, up) & empty, 2 * up, MoveKind::DoublePush);
    // (the pawns whose lift square is free or their own and attacks an enemy unit)
    let lifts = pawn_lifts(pawns, us) & (empty | pawns) & pawn_attacks_of_set(them, theirs);
    for from in pawns & (judged_from | pawn_files(lifts)) {
        let r = Square::from_coords(from.file(), us.pawn_rank());
        let caps = if r == from || empty.contains(r) {
            pawn_attacks(us, r) & theirs
        } else {
            Bitboard::EMPTY
        };
        if !judged_from.contains(from) {
            out.targets(from, caps);
            continue;
        }
        let after = occ.without(from);
        for to in caps {
            out.judged(Move::new(from, to, MoveKind::Normal), || {
                safe(pawn, from, to, pawn, after, Bitboard::from_square(to))
            });
        }
        let Some(one) = from.offset(0, us.forward()).filter(|&t| empty.contains(t)) else {
            continue;
        };
        if last.contains(one) {
            for role in Role::PROMOTIONS {
                out.judged(Move::promotion(from, one, role), || {
                    safe(pawn, from, one, Piece::new(us, role), after.with(one), Bitboard::EMPTY)
                });
            }
            continue;
        }
        out.judged(Move::new(from, one, MoveKind::Normal), || {
            safe(pawn, from, one, pawn, after.with(one), Bitboard::EMPTY)
        });
        if from.rank() == us.pawn_rank() {
            let two = one.offset(0, us.forward()).expect("on the board");
            if empty.contains(two) {
                out.judged(Move::new(from, two, MoveKind::DoublePush), || {
                    safe(pawn, from, two, pawn, after.with(two), Bitboard::EMPTY)
                });
            }
        }
    }

    // pieces: quiet moves from their square, captures from their lift square
    let ctx = Ctx {
        s,
        us,
        occ,
        theirs,
        judged_from,
        free,
        e: &e,
        k,
    };
    ctx.pieces(Role::Knight, out);
    ctx.pieces(Role::Bishop, out);
    ctx.pieces(Role::Rook, out);
    ctx.pieces(Role::Queen, out);

    if !free.contains(k) {
        return;
    }
    // the king: each step and capture judged on its arrival square
    let king = Piece::new(us, Role::King);
    let away = occ.without(k);
    out.targets(k, king_attacks(k) & empty & !map);
    if madrasi.is_some() {
        // (an attacker there may be paralysed)
        for to in king_attacks(k) & empty & map {
            out.judged(Move::new(k, to, MoveKind::Normal), || {
                e.safe(to, away.with(to), Bitboard::EMPTY, || king_on(s, us, k, to))
            });
        }
    }
    let r = c.lift_square(king, k);
    if r == k || empty.contains(r) {
        for to in king_attacks(r) & theirs {
            out.judged(Move::new(k, to, MoveKind::Normal), || {
                e.safe(to, away, Bitboard::from_square(to), || {
                    plain_after(s, k, to, None, king, king)
                })
            });
        }
    }

    // castling: not out of check, not through it (the king on the passing square, its own
    // square empty), not into it; the map holds every attack on those squares (the rook's
    // square emptied opens no line onto the arrival square and is no enemy lift square)
    if checked && madrasi.is_none() {
        return;
    }
    castlings_with(
        b.castle,
        s,
        us,
        k,
        #[inline(always)]
        |ca| {
            let (rf, rt) = crate::rules::effects::castling_rook(ca.m);
            let (pass, to) = (ca.pass, ca.m.to());
            out.judged(
                ca.m,
                #[inline(always)]
                || {
                    (!checked || e.safe(k, occ, Bitboard::EMPTY, || *s))
                        && (!map.contains(pass)
                            || e.safe(pass, away.with(pass), Bitboard::EMPTY, || king_on(s, us, k, pass)))
                        && (!map.contains(to)
                            || e.safe(to, away.without(rf).with(to).with(rt), Bitboard::EMPTY, || {
                                castled(s, us, ca.m)
                            }))
                },
            );
        },
    );
}

/// What the moves of our pieces are judged with.
struct Ctx<'a> {
    s: &'a Sets,
    us: Color,
    occ: Bitboard,
    theirs: Bitboard,
    judged_from: Bitboard,
    /// Our units that may move (Madrasi: not paralysed).
    free: Bitboard,
    e: &'a Enemies<'a>,
    k: Square,
}

impl Ctx<'_> {
    /// The moves of our units of walk `role` (knight to queen): quiet moves from their
    /// square, captures from their lift square.
    #[inline(always)]
    fn pieces<O: Out>(&self, role: Role, out: &mut O) {
        let (occ, empty) = (self.occ, !self.occ);
        let p = Piece::new(self.us, role);
        for from in self.s.pieces(self.us, role) & self.free {
            let att = walk(role, from, occ);
            let r = home_square(role, self.us, from);
            let targets = if r == from {
                att & !self.s.color[self.us.index()]
            } else if empty.contains(r) {
                (att & empty) | (walk(role, r, occ.without(from).with(r)) & self.theirs)
            } else {
                att & empty
            };
            if !self.judged_from.contains(from) {
                out.targets(from, targets);
                continue;
            }
            let after = occ.without(from);
            for to in targets {
                let m = Move::new(from, to, MoveKind::Normal);
                let board = || plain_after(self.s, from, to, None, p, p);
                if empty.contains(to) {
                    out.judged(m, || self.e.safe(self.k, after.with(to), Bitboard::EMPTY, board));
                } else {
                    out.judged(m, || self.e.safe(self.k, after, Bitboard::from_square(to), board));
                }
            }
        }
    }
}

/// What a piece (knight to queen) on `sq` attacks on an empty board.
#[inline(always)]
fn reach(role: Role, sq: Square) -> Bitboard {
    match role {
        Role::Knight => crate::attacks::knight_attacks(sq),
        Role::Bishop => crate::attacks::bishop_rays(sq),
        Role::Rook => crate::attacks::rook_rays(sq),
        _ => crate::attacks::queen_rays(sq),
    }
}

/// What a piece (knight to queen) on `sq` attacks with occupancy `occ`.
#[inline(always)]
fn walk(role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Knight => crate::attacks::knight_attacks(sq),
        Role::Bishop => crate::attacks::bishop_attacks(sq, occ),
        Role::Rook => crate::attacks::rook_attacks(sq, occ),
        _ => crate::attacks::queen_attacks(sq, occ),
    }
}
