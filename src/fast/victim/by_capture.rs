//! The victim family's rules whose rebirth square depends on the capture: CouCou and
//! Couscous (the capturer's home square for the capture square), Equipollents (the capture
//! square plus the move's vector), Platzwechsel (the capturer's departure square), the
//! victims keeping their walk and vanishing from a taken square. A capture by an unpinned
//! unit other than the king opens no line but through its departure square, so it is legal
//! unless the victim reborn on its square checks our king: read in the generator's sink
//! from sets built once per king square ([`Reach`], [`Swap`], [`HomeWeights`]).

use super::on_board::{rebirth, walks_on};
use super::KingLines;
use crate::attacks::{between, bishop_rays, knight_attacks, line, pawn_attacks, rook_rays};
use crate::bitboard::Bitboard;
use crate::fast::geometry::checks_from;
use crate::moves::{Move, MoveKind};
use crate::orthodox::Sink;
use crate::position::Position;
use crate::rules::circe::{Circe, Occupied, SquareRule, Victim};
use crate::square::{Color, Piece, Role, Square};

/// [`plain`](super::by_victim::plain) where the rebirth square depends on the capture
/// (CouCou, Couscous: the capturer's home square; Equipollents: the capture square plus the
/// move's vector; Platzwechsel: the capturer's departure square), the victims keeping their
/// walk and vanishing from a taken square: the captures are weighed in the generator's sink
/// ([`Weigh`]; Platzwechsel: [`Swap`], every unit's captures counted by the victims' walks,
/// from sets built once per position). CouCou and Couscous count a piece's captures by its
/// walk, from sets built once per position ([`HomeWeights`]). Equipollents counts in bulk
/// with the quiet moves those whose rebirth square is off the board or where no enemy walk
/// could matter ([`crate::fast::rebirth_tables::vector_danger`], per departure square; for
/// pawns the danger squares moved back by the capture's vector): its rebirth squares are
/// mostly far from the king, and a loop over every capture mispredicts.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the units left out)
pub(super) fn plain_by_capture(
    pos: &Position,
    c: &Circe,
    k: Square,
    lines: KingLines,
    checkers: Bitboard,
    pinned: Bitboard,
    skip: Bitboard,
) -> Option<u64> {
    match c.square {
        SquareRule::CapturePlusVector => {
            by_capture_weighed::<AT_VECTOR, false>(pos, c, k, lines, checkers, pinned, skip)
        }
        SquareRule::Departure => {
            // (the units of `skip`, Volcanic's covered units, judged apart, left out)
            let mut sink = Swap::new(pos, c, k, lines);
            crate::orthodox::generate_with(pos, !skip, checkers, pinned, &mut sink);
            Some(sink.n)
        }
        _ if HomeWeights::pay(pos) => by_capture_weighed::<AT_HOME, true>(pos, c, k, lines, checkers, pinned, skip),
        _ => by_capture_weighed::<AT_HOME, false>(pos, c, k, lines, checkers, pinned, skip),
    }
}

/// [`plain_by_capture`] for the rebirth-square rule `AT`, the units of `skip` (Volcanic's
/// covered units, judged apart) left out; `BY_WALK` ([`AT_HOME`]): our pieces' captures
/// counted by walk ([`HomeWeights`]).
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the units left out)
fn by_capture_weighed<const AT: u8, const BY_WALK: bool>(
    pos: &Position,
    c: &Circe,
    k: Square,
    lines: KingLines,
    checkers: Bitboard,
    pinned: Bitboard,
    skip: Bitboard,
) -> Option<u64> {
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let danger = if AT == AT_HOME {
        // (a pawn's captures rebirth their victim on our pawns' rank, on the capture
        // square's file: only the files whose square there is empty and from which an enemy
        // walk on the board attacks the king on an empty board, read from the attack tables)
        let rank = us.pawn_rank() as u32 * 8;
        let has = |r: Role| s.pieces(them, r).any();
        let q = has(Role::Queen);
        let reach = rook_rays(k).when(q || has(Role::Rook))
            | bishop_rays(k).when(q || has(Role::Bishop))
            | knight_attacks(k).when(has(Role::Knight))
            | pawn_attacks(us, k).when(has(Role::Pawn));
        Bitboard((((reach & !s.occ).0 >> rank) & 0xff) * 0x0101_0101_0101_0101)
    } else {
        reach_squares(s, them, k)
    };
    let mid = if AT == AT_VECTOR {
        crate::fast::rebirth_tables::vector_danger(them, k)
    } else {
        &[0; 64]
    };
    let home = if BY_WALK {
        HomeWeights::new(pos, k, lines)
    } else {
        HomeWeights::NONE
    };
    let mut sink = Weigh::<AT, BY_WALK> {
        n: 0,
        pos,
        c,
        reach: Reach::new(pos, c, k),
        us,
        king: k,
        theirs: s.color[them.index()],
        danger,
        mid,
        home,
        declined: false,
    };
    crate::orthodox::generate_with(pos, !skip, checkers, pinned, &mut sink);
    (!sink.declined).then_some(sink.n)
}

/// [`Weigh`]'s rebirth square: the capturer's home square for the capture square (CouCou,
/// Couscous).
const AT_HOME: u8 = 0;
/// [`Weigh`]'s rebirth square: the capture square plus the move's vector (Equipollents);
/// the captures whose rebirth square is off the board or off the `danger` squares are
/// counted outright.
const AT_VECTOR: u8 = 1;

/// Platzwechsel: the orthodox generator's moves counted, each unit's captures (but the
/// king's, judged apart) by the walks of the victims, without a loop over them (whose exits,
/// on trip counts that vary from position to position, mispredict). The victim is reborn
/// with its walk on the square its capturer left, and the capture changes no line from our
/// king to that square (the capturer leaves the square itself and lands on one that was
/// taken), so the victim reborn there checks our king exactly when an enemy unit of its
/// walk standing there now would: a rook, bishop or queen when the square is the first on
/// its line from the king, a knight or a pawn by its leap (a pawn reborn on its own first
/// rank, immobile, none). So the victims whose capture from a square is illegal come from
/// four sets of squares built once per position ([`Swap::illegal`]). A pawn reborn on its
/// promotion rank (our first rank) promotes: one move per walk among Q, S, R, B that does
/// not check, four, three a knight's leap from the king, two on an open line to it.
struct Swap {
    n: u64,
    king: Square,
    theirs: Bitboard,
    /// The squares from which an enemy rook (`straight`), bishop (`diagonal`), knight
    /// (`leap`) or pawn (`pawn`) checks our king, with the board's occupancy.
    straight: Bitboard,
    diagonal: Bitboard,
    leap: Bitboard,
    pawn: Bitboard,
    /// The enemy units that check along a rank or file (rooks, queens), a diagonal
    /// (bishops, queens), the knights and the pawns.
    straights: Bitboard,
    diagonals: Bitboard,
    knights: Bitboard,
    pawns: Bitboard,
    /// Our first rank, where an enemy pawn reborn promotes.
    first: Bitboard,
    /// The departure squares whose captures are not all counted one: the union of the
    /// squares above for the walks the enemy has (our first rank for pawns).
    danger: Bitboard,
}

impl Swap {
    /// The sets for our king on `k`.
    #[inline(always)]
    fn new(pos: &Position, c: &Circe, k: Square, lines: KingLines) -> Self {
        let s = pos.sets();
        let us = pos.turn();
        let them = us.other();
        let queens = s.pieces(them, Role::Queen);
        let (straights, diagonals) = (
            s.pieces(them, Role::Rook) | queens,
            s.pieces(them, Role::Bishop) | queens,
        );
        let (knights, pawns) = (s.pieces(them, Role::Knight), s.pieces(them, Role::Pawn));
        let (straight, diagonal, leap) = (lines.straight, lines.diagonal, knight_attacks(k));
        let mut pawn = pawn_attacks(us, k);
        if c.first_rank_pawns == crate::rules::circe::FirstRankPawns::Immobile {
            pawn &= !Bitboard::rank(them.first_rank());
        }
        let first = Bitboard::rank(us.first_rank());
        let danger = straight.when(straights.any())
            | diagonal.when(diagonals.any())
            | leap.when(knights.any())
            | (pawn | first).when(pawns.any());
        Swap {
            n: 0,
            king: k,
            theirs: s.color[them.index()],
            straight,
            diagonal,
            leap,
            pawn,
            straights,
            diagonals,
            knights,
            pawns,
            first,
            danger,
        }
    }

    /// The victims whose capture from `from` checks our king (without branches: they would
    /// mispredict).
    #[inline(always)]
    fn illegal(&self, from: Square) -> Bitboard {
        self.straights.when(self.straight.contains(from))
            | self.diagonals.when(self.diagonal.contains(from))
            | self.knights.when(self.leap.contains(from))
            | self.pawns.when(self.pawn.contains(from))
    }

    /// Counts the moves of our unit on `from` (not the king) to `t`.
    #[inline(always)]
    fn moves(&mut self, from: Square, t: Bitboard) {
        // (`&`, not `&&`: one branch)
        if !(self.danger.contains(from) & (t & self.theirs).any()) {
            self.n += t.count() as u64;
            return;
        }
        self.n += (t & !self.illegal(from)).count() as u64;
        // (a pawn reborn promoting, counted one above: the walks that do not check but one)
        let more = promoted_walks(
            u64::from((self.straight | self.diagonal).contains(from)),
            u64::from(self.leap.contains(from)),
        ) - 1;
        self.n += more * (t & self.pawns & Bitboard::FULL.when(self.first.contains(from))).count() as u64;
    }

    /// The pawn moves `delta` long to `t` whose capture checks our king (none a push: it
    /// takes no unit), by arrival square.
    #[inline(always)]
    fn illegal_pawn_moves(&self, t: Bitboard, delta: i8) -> Bitboard {
        if (t & self.theirs).is_empty() {
            return Bitboard::EMPTY;
        }
        let shift = |b: Bitboard| crate::orthodox::shift(b, delta);
        // (our pawns stand on neither first rank: the victim is reborn neither promoting
        // nor on its own first rank)
        t & ((shift(self.straight) & self.straights)
            | (shift(self.diagonal) & self.diagonals)
            | (shift(self.leap) & self.knights)
            | (shift(self.pawn) & self.pawns))
    }
}

impl Sink for Swap {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        self.moves(from, t);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        self.n += (t & !self.illegal_pawn_moves(t, delta)).count() as u64;
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        self.n += 4 * (t & !self.illegal_pawn_moves(t, delta)).count() as u64;
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        // (no e.p. capture: `setup` leaves those positions out; the king's captures are
        // judged apart)
        if m.from() == self.king {
            self.n += u64::from(!self.theirs.contains(m.to()));
        } else {
            self.moves(m.from(), Bitboard::from_square(m.to()));
        }
    }
}

/// The squares from which a unit of `them` reborn there could matter to our king on `k`
/// ([`crate::fast::rebirth_tables::danger_squares`] of the walks `them` has on the board).
#[inline(always)]
fn reach_squares(s: &crate::position::Sets, them: Color, k: Square) -> Bitboard {
    let row = crate::fast::rebirth_tables::danger_squares(them, k);
    // (an unrolled loop without branches, in line: a closure over an iterator was not)
    let mut b = Bitboard::EMPTY;
    for r in Role::CAPTURABLE {
        b |= Bitboard(row[r.index()]).when(s.pieces(them, r).any());
    }
    b
}

/// The sink of [`plain_by_capture`]: the orthodox generator's moves counted, each capture of
/// an enemy unit weighed as it comes ([`Reach::weight`]; CouCou's and Couscous's pieces by
/// walk, [`HomeWeights`]), the king's captures left out (judged apart).
struct Weigh<'a, const AT: u8, const BY_WALK: bool> {
    n: u64,
    pos: &'a Position,
    c: &'a Circe,
    reach: Reach,
    us: Color,
    king: Square,
    theirs: Bitboard,
    /// Where an enemy walk on the board could matter ([`crate::fast::rebirth_tables::danger_squares`]):
    /// [`AT_VECTOR`]; [`AT_HOME`]: the files of the squares on our pawns'
    /// rank that are empty and such, where a pawn's victim may matter.
    danger: Bitboard,
    /// [`AT_VECTOR`]: per departure square, the capture squares whose rebirth square may be
    /// among `danger` ([`crate::fast::rebirth_tables::vector_danger`]); the other captures are
    /// counted in bulk.
    mid: &'a [u64; 64],
    /// `BY_WALK`: a piece's captures counted by the capturer's walk.
    home: HomeWeights,
    /// A capture could not be weighed.
    declined: bool,
}

/// CouCou, Couscous: the moves of one of our pieces (knight, bishop, rook, queen) counted by
/// its walk, without a loop over its captures (whose exits, on trip counts that vary from
/// position to position, mispredict). A piece's victim is reborn on the piece's home square
/// for the capture square: one square of our first rank per walk and square colour. Reborn
/// there, a victim whose walk checks our king from there makes the capture illegal, a pawn
/// promotes (one move per walk among Q, S, R, B that does not check: four, three a knight's
/// leap from the king, two on an open line to it), and on a taken square it vanishes. So,
/// per walk, three sets of arrival squares built once per position: `counted` (all but the
/// victims reborn checking), `one` and `two` (the pawns whose capture counts one, and two,
/// more). That holds for a piece off `singly`: its leaving changes neither the occupancy of
/// our first rank nor a line from our king to it.
#[derive(Clone, Copy)]
struct HomeWeights {
    /// Per walk ([`HomeWeights::slot`]).
    counted: [Bitboard; 4],
    one: [Bitboard; 4],
    two: [Bitboard; 4],
    /// Our units on our first rank or between it and our king (on a line from it): their
    /// captures are weighed one by one.
    singly: Bitboard,
}

impl HomeWeights {
    /// The stand-in of the rules that do not read it.
    const NONE: HomeWeights = HomeWeights {
        counted: [Bitboard::FULL; 4],
        one: [Bitboard::EMPTY; 4],
        two: [Bitboard::EMPTY; 4],
        singly: Bitboard::FULL,
    };

    /// The tables' slot of the walks knight to queen (rook, queen, knight, bishop: the
    /// walk's index modulo 4).
    #[inline(always)]
    fn slot(role: Role) -> usize {
        role.index() & 3
    }

    /// Are the sets worth building? Not with fewer than three of our pieces off our first
    /// rank, as in the opening: building them then costs more than weighing those few
    /// pieces' captures one by one.
    #[inline(always)]
    fn pay(pos: &Position) -> bool {
        let us = pos.turn();
        let s = pos.sets();
        let pawns_and_kings = s.role[Role::Pawn.index()] | s.role[Role::King.index()];
        (s.color[us.index()] & !pawns_and_kings & !Bitboard::rank(us.first_rank())).count() >= 3
    }

    /// The sets for our king on `k`.
    #[inline(always)]
    fn new(pos: &Position, k: Square, lines: KingLines) -> Self {
        let us = pos.turn();
        let them = us.other();
        let s = pos.sets();
        let occ = s.occ;
        let first = Bitboard::rank(us.first_rank());
        let empty = first & !occ;
        // the empty squares of our first rank from which a knight, a bishop or a rook checks
        let (leap, diagonal, straight) = (
            knight_attacks(k) & empty,
            lines.diagonal & empty,
            lines.straight & empty,
        );
        let pawns = s.pieces(them, Role::Pawn);
        let queens = s.pieces(them, Role::Queen);
        let (knights, bishops, rooks) = (
            s.pieces(them, Role::Knight),
            s.pieces(them, Role::Bishop) | queens,
            s.pieces(them, Role::Rook) | queens,
        );
        // (the ranks strictly between our first rank and the king's, as `between` on the a-file
        // spread over each rank)
        let span = Bitboard(
            between(
                Square::from_coords(0, us.first_rank()),
                Square::from_coords(0, k.rank()),
            )
            .0 * 0xff,
        );
        let singly = s.color[us.index()] & (first | ((lines.diagonal | lines.straight) & span));
        // (per walk, the capture squares whose home square is among those: the light or
        // the dark squares, both, or none)
        let on = |squares: Bitboard| crate::fast::rebirth_tables::first_rank_preimages_in(us, squares);
        let (free, leaps, diagonals, straights) = (on(empty), on(leap), on(diagonal), on(straight));
        // (walk `i` of the tables' order, [`HomeWeights::slot`]; a plain loop, which is
        // unrolled, where `std::array::from_fn` was left out of line)
        let mut out = HomeWeights {
            counted: [Bitboard::EMPTY; 4],
            one: [Bitboard::EMPTY; 4],
            two: [Bitboard::EMPTY; 4],
            singly,
        };
        for (i, role) in [Role::Rook, Role::Queen, Role::Knight, Role::Bishop]
            .into_iter()
            .enumerate()
        {
            let w = role.index();
            out.counted[i] =
                Bitboard(!((knights.0 & leaps[w]) | (bishops.0 & diagonals[w]) | (rooks.0 & straights[w])));
            out.one[i] = Bitboard(pawns.0 & free[w] & !leaps[w]);
            out.two[i] = Bitboard(pawns.0 & free[w] & !(diagonals[w] | straights[w]));
        }
        out
    }
}

impl<const AT: u8, const BY_WALK: bool> Weigh<'_, AT, BY_WALK> {
    /// Counts the capture `from`x`to` (a pawn's promoting: four moves).
    #[inline(always)]
    fn capture(&mut self, from: Square, to: Square, promotes: bool) {
        let pos = self.pos;
        if promotes {
            // (one walk per promotion of the capturer; a plain loop over copies of the
            // fields: a closure over the fields, passed to the summing call left out of
            // line, kept the whole sink in memory, every field read and written there)
            let (c, king) = (self.c, self.king);
            let mut w = 0;
            for r in Role::PROMOTIONS {
                let Some(x) = by_capture(pos, c, king, from, to, Some(r)) else {
                    self.declined = true;
                    return;
                };
                w += x;
            }
            self.n += w;
            return;
        }
        let r = match AT {
            AT_HOME => crate::rules::circe::home_square(pos.role_on(from), self.us, to),
            _ => {
                let f = 2 * to.file() as i32 - from.file() as i32;
                let r = 2 * to.rank() as i32 - from.rank() as i32;
                // (`&`, not `||`: one branch, mostly not taken)
                let sq = Square::from_coords((f & 7) as u8, (r & 7) as u8);
                if (((f | r) as u32) < 8) & self.danger.contains(sq) {
                    // (rare: out of the generator's loops)
                    self.n += self.weigh_out_of_line(sq, from, to);
                } else {
                    self.n += 1;
                }
                return;
            }
        };
        self.n += self.reach.weight(pos.role_on(to), r, from);
    }

    /// [`Reach::weight`] of the capture `from`x`to` reborn on `r`, not inlined.
    #[inline(never)]
    fn weigh_out_of_line(&self, r: Square, from: Square, to: Square) -> u64 {
        self.reach.weight(self.pos.role_on(to), r, from)
    }

    /// The victims whose capture from `from` is weighed.
    #[inline(always)]
    fn weighed(&self, from: Square) -> Bitboard {
        if AT == AT_VECTOR {
            self.theirs & Bitboard(self.mid[from.index()])
        } else {
            self.theirs
        }
    }

    /// The arrival squares of pawn moves `delta` long whose captures are weighed.
    #[inline(always)]
    fn pawn_weighed(&self, delta: i8) -> Bitboard {
        if AT == AT_VECTOR {
            // (the rebirth square is the arrival square plus the move's vector, `to + delta`:
            // a rotation, not a shift, for no branch on the sign; the squares it wraps
            // round are weighed, to one)
            self.theirs & Bitboard(self.danger.0.rotate_right(delta as u32 & 63))
        } else {
            // (the victim reborn on our pawns' rank, on the capture square's file)
            self.theirs & self.danger
        }
    }

    /// The arrival squares of promoting pawn moves `delta` long whose captures are weighed
    /// (CouCou, Couscous: every capture, the capturer's home square being its new walk's).
    #[inline(always)]
    fn promotion_weighed(&self, delta: i8) -> Bitboard {
        if AT == AT_HOME {
            self.theirs
        } else {
            self.pawn_weighed(delta)
        }
    }
}

impl<const AT: u8, const BY_WALK: bool> Sink for Weigh<'_, AT, BY_WALK> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        if BY_WALK && !self.home.singly.contains(from) {
            let (h, w) = (&self.home, HomeWeights::slot(self.pos.role_on(from)));
            self.n += ((t & h.counted[w]).count() + (t & h.one[w]).count() + 2 * (t & h.two[w]).count()) as u64;
            return;
        }
        let weighed = self.weighed(from);
        self.n += (t & !weighed).count() as u64;
        for to in t & weighed {
            self.capture(from, to, false);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        let weighed = self.pawn_weighed(delta);
        self.n += (t & !weighed).count() as u64;
        for to in t & weighed {
            self.capture(Square::new((to.index() as i8 - delta) as u8), to, false);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let weighed = self.promotion_weighed(delta);
        self.n += 4 * (t & !weighed).count() as u64;
        for to in t & weighed {
            self.capture(Square::new((to.index() as i8 - delta) as u8), to, true);
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        // (no e.p. capture: `setup` leaves those positions out)
        match () {
            // the king's captures are judged apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ if self.theirs.contains(m.to()) => self.capture(m.from(), m.to(), false),
            _ => self.n += 1,
        }
    }
}

/// The squares from which an enemy unit of each walk would check our king on an empty
/// board: [`reborn_weight`] for a victim reborn with its walk on an empty square, read
/// without branches (the loops over captures mispredict on anything that depends on the
/// capture).
pub(super) struct Reach {
    k: Square,
    occ: Bitboard,
    them: Color,
    /// Per walk index; kings none (a king victim is never weighed).
    lines: [u64; 8],
}

impl Reach {
    #[inline(always)]
    pub(super) fn new(pos: &Position, c: &Circe, k: Square) -> Self {
        let them = pos.turn().other();
        let mut pawns = pawn_attacks(pos.turn(), k);
        if c.first_rank_pawns == crate::rules::circe::FirstRankPawns::Immobile {
            pawns &= !Bitboard::rank(them.first_rank());
        }
        let (b, r) = (bishop_rays(k), rook_rays(k));
        let mut lines = [0; 8];
        lines[Role::Pawn.index()] = pawns.0;
        lines[Role::Knight.index()] = knight_attacks(k).0;
        lines[Role::Bishop.index()] = b.0;
        lines[Role::Rook.index()] = r.0;
        lines[Role::Queen.index()] = (b | r).0;
        Reach {
            k,
            occ: pos.occupied(),
            them,
            lines,
        }
    }

    /// 1 when the line from `r` to the king is open once our unit has left `from`, else 0
    /// (the between-table read in the king's row, the same for every capture of the
    /// position, stays in cache).
    #[inline(always)]
    fn open(&self, r: Square, from: Square) -> u64 {
        (between(self.k, r) & self.occ.without(from)).is_empty() as u64
    }

    /// 1 when a unit of walk `w` on `r` checks our king along an `open` line, else 0 (a
    /// knight's and a pawn's square have nothing between it and the king).
    #[inline(always)]
    fn hit(&self, w: Role, r: Square, open: u64) -> u64 {
        (self.lines[w.index()] >> r.index()) & open & 1
    }

    /// Would a unit of walk `w` reborn on the empty square `r`, after our unit has left
    /// `from`, check our king? (What [`Reach::weight`] counts, one walk at a time.)
    #[inline(always)]
    pub(super) fn checks(&self, w: Role, r: Square, from: Square) -> bool {
        self.hit(w, r, self.open(r, from)) != 0
    }

    /// How many legal moves a capture from `from` makes whose victim, of walk `v`, is reborn
    /// on `r`: [`reborn_weight`] for the victim keeping its walk and vanishing from a taken
    /// square.
    #[inline(always)]
    pub(super) fn weight(&self, v: Role, r: Square, from: Square) -> u64 {
        let occ = self.occ.without(from);
        let open = self.open(r, from);
        let hits = |w: Role| self.hit(w, r, open);
        // (`&`, not `&&`, and the choices below without branches: they would mispredict)
        let promotes = (v == Role::Pawn) & (r.rank() == self.them.promotion_rank());
        // (a promoted pawn: one move per walk that does not check, Q, S, R, B; the queen's
        // lines are the rook's and the bishop's)
        let promoted = promoted_walks(hits(Role::Queen), hits(Role::Knight));
        let w = std::hint::select_unpredictable(promotes, promoted, 1 - hits(v));
        std::hint::select_unpredictable(occ.contains(r), 1, w)
    }
}

/// A capture by an unpinned unit other than the king, the rebirth square depending on the
/// capture: legal unless the reborn unit attacks the king or its square is taken (Strict).
#[inline(always)]
pub(super) fn by_capture(
    pos: &Position,
    c: &Circe,
    k: Square,
    from: Square,
    to: Square,
    arrived: Option<Role>,
) -> Option<u64> {
    let p = pos.piece_at(from)?;
    let arrived = arrived.map_or(p, |r| p.with_role(r));
    let Some((unit, r)) = rebirth(pos, c, from, to, p, arrived) else {
        return Some(1);
    };
    Some(reborn_weight(c, k, unit, r, pos.occupied().without(from)))
}

/// What the reborn victim of a capture makes of it: [`reborn_unit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RebornUnit {
    /// So many legal moves (one per walk of a pawn reborn promoting).
    Settled(u64),
    /// The victim is reborn as this unit on this empty square, from which it attacks the
    /// king in some walk: legal where the check rule disarms that attack (Madrasi).
    Attacks(Piece, Square),
    /// The capture must be judged on the board.
    Board,
}

impl RebornUnit {
    /// The number of legal moves when the reborn unit settles it alone.
    #[inline(always)]
    pub(crate) fn settled(self) -> Option<u64> {
        match self {
            RebornUnit::Settled(n) => Some(n),
            RebornUnit::Attacks(..) | RebornUnit::Board => None,
        }
    }
}

/// What the reborn victim makes of the capture `from`x`to` (the capturer arriving with walk
/// `arrived`, if it promotes), made by an unpinned unit other than the king that opens no
/// line to the king, for any check rule that needs an attack (plain, Madrasi's), `occ`
/// being the occupancy it is reborn into: one move when nothing is reborn now, its square
/// is taken and it vanishes or is buried, or it is reborn where it attacks no king on `k`
/// (one per walk a pawn reborn promoting takes); none when its square is taken under Strict
/// Circe; else where it stands attacking the king, or the board.
#[inline(always)]
pub(crate) fn reborn_unit(
    pos: &Position,
    c: &Circe,
    k: Square,
    from: Square,
    to: Square,
    arrived: Option<Role>,
    occ: Bitboard,
) -> RebornUnit {
    let Some(p) = pos.piece_at(from) else {
        return RebornUnit::Board;
    };
    if c.victim != Victim::Reborn {
        return RebornUnit::Settled(1);
    }
    if pos.piece_at(to).is_some_and(|v| v.role() == Role::King) {
        // (Rex Inclusive: `rebirth` leaves kings out, and the reborn king may check ours)
        return RebornUnit::Board;
    }
    let Some((unit, r)) = rebirth(pos, c, from, to, p, arrived.map_or(p, |r| p.with_role(r))) else {
        return RebornUnit::Settled(1);
    };
    if occ.contains(r) {
        return match c.occupied {
            Occupied::Vanish | Occupied::Bury => RebornUnit::Settled(1),
            Occupied::Illegal => RebornUnit::Settled(0),
            Occupied::Assassinate => RebornUnit::Board,
        };
    }
    // (every walk the unit may take there, when none attacks the king)
    let walks = walks_on(unit, r).len() as u64;
    if reborn_weight(c, k, unit, r, occ) == walks {
        RebornUnit::Settled(walks)
    } else {
        RebornUnit::Attacks(unit, r)
    }
}

/// How many legal moves a capture makes whose victim is reborn as `unit` on `r`, the
/// board's occupancy without the capturer's departure square `occ`: none when the square
/// is taken in Strict Circe, else one per walk the unit may take there that does not
/// check our king on `k`.
#[inline(always)]
fn reborn_weight(c: &Circe, k: Square, unit: Piece, r: Square, occ: Bitboard) -> u64 {
    if occ.contains(r) {
        return u64::from(c.occupied != Occupied::Illegal);
    }
    // (a unit that attacks no king there on an empty board, and no pawn to promote: legal)
    if !Bitboard(crate::fast::rebirth_tables::danger_squares(unit.color(), k)[unit.role().index()]).contains(r) {
        return 1;
    }
    if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() {
        let open = line(k, r).any() && (between(k, r) & occ).is_empty();
        return promoted_walks(u64::from(open), u64::from(knight_attacks(r).contains(k)));
    }
    walks_on(unit, r)
        .iter()
        .filter(|&&walk| !checks_from(unit.color(), c.first_rank_pawns, walk, r, k, occ.with(r)))
        .count() as u64
}

/// The moves of a pawn reborn promoting: one per walk among Q, S, R, B that does not check
/// our king from its square, `on_line` (1: on an open line to the king, where the queen and
/// the rook or the bishop check) and `leap` (1: a knight's leap away) saying which.
#[inline(always)]
const fn promoted_walks(on_line: u64, leap: u64) -> u64 {
    4 - 2 * on_line - leap
}
