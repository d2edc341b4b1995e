//! Assassin Circe (the plain preset) in the victim family, our king standing on one
//! of our home squares `k`: a capture of one of our units whose rebirth square is `k`
//! would remove the king, so such a capture is a check (docs/rules.md).
//!
//! The units in question are those of one walk (`k`'s: a pawn's on the second rank, else
//! the piece's whose home square it is) standing on the squares whose home square is `k`
//! (the walk's preimage of `k`): the targets. With our king neither attacked nor so
//! threatened, a move of another unit changes that only
//!
//! * by leaving a line between an enemy slider and the king or a target, where it stands
//!   alone: pinned to the king, the orthodox generator keeps it on its line (and
//!   [`super::shielding_captures`] judges its captures whose reborn victim may shield the
//!   line);
//!   pinned to a target, its moves are judged on the board;
//! * by landing, as a unit of that walk, on the preimage of `k`: it becomes a target. A
//!   quiet move there is legal exactly when no enemy unit attacks its arrival square (what
//!   the enemy attacks now: a knight's move opens no line through its arrival square, a
//!   target is attacked by nothing, and the moves of a mover some enemy unit attacks are
//!   judged on the board). A capture there is illegal when an enemy pawn, knight or king
//!   attacks the square; where only sliders do, the reborn victim may block them, and
//!   where nothing does it may attack the capturer from its rebirth square: judged on the
//!   board when it could (on an empty board);
//! * by a capture whose victim, reborn on its home square (replacing whatever stands there,
//!   so that square stays occupied), attacks the king or a target: the victims that could
//!   (on an empty board, [`victims_to_weigh`] of each square) are judged on the board.
//!
//! Every other move of those units is legal: the orthodox generator counts them in bulk.
//! The king's steps are [`super::assassin_king`]'s (once it leaves `k` the targets no
//! longer matter); its captures and every move judged on the board are
//! [`on_board`](super::on_board::on_board)'s, which plays the rebirth and tests both kinds
//! of check. In check by a threat (a target the enemy can take), only the moves that may
//! parry it are judged ([`evasions`]); a king attacked is left to the general counter.

use crate::attacks::{between, king_attacks};
use crate::bitboard::Bitboard;
use crate::fast::exact::{attack_map, leaper_attacks, slider_pins};
use crate::fast::rebirth_tables::danger_squares;
use crate::fast::rebirth_tables::victims_to_weigh;
use crate::moves::{Move, MoveKind};
use crate::orthodox::{shift, Sink};
use crate::position::Position;
use crate::rules::circe::{home_preimage_of, home_role, home_square, Circe};
use crate::square::{Color, Role, Square};

/// The number of legal moves with our king on our home square `k`, attacked by `checkers`,
/// our units `pinned` to it on the lines `rays` (see [`super::setup`]); `None` when the king is
/// attacked (a target capturable: [`evasions`]). The position is one the victim family models
/// (nothing hidden, no pending rebirth, no pawn on its first rank, no e.p. capture).
#[inline(never)]
pub(crate) fn count(
    pos: &Position,
    c: &Circe,
    k: Square,
    checkers: Bitboard,
    pinned: Bitboard,
    rays: Bitboard,
) -> Option<u64> {
    if checkers.any() {
        return None;
    }
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let theirs = s.color[them.index()];
    let role = home_role(us, k)?;
    let lands = home_preimage_of(role, us, k);
    let landers = s.pieces(us, role);
    let mut judged_from = Bitboard::EMPTY;
    let mut to_weigh = victims_to_weigh(pos, c, them, Some(k), Bitboard::EMPTY) | s.pieces(them, Role::King);
    let (mut threatened, mut parry) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for t in landers & lands {
        let attackers = s.attackers_to(t, s.occ) & theirs;
        for a in attackers {
            threatened = threatened.with(t);
            parry |= between(t, a).with(a);
        }
        judged_from |= slider_pins(s, us, t);
        to_weigh |= victims_to_weigh(pos, c, them, Some(t), Bitboard::EMPTY);
    }
    if threatened.any() {
        return evasions(pos, c, k, threatened, parry, pinned, rays);
    }
    // (what the enemy attacks, by leapers and by sliders: for the moves landing on the
    // preimage of `k`, and, our king not attacked, the same with it off the board, for its
    // own moves: [`super::assassin_king_with`])
    let attacked = attack_map(s, them, s.occ);
    let leaps = if landers.any() {
        leaper_attacks(s, them)
    } else {
        Bitboard::EMPTY
    };
    // (a square both attack is the leapers')
    let slides = (attacked & !leaps).when(landers.any());
    // (a mover an enemy unit attacks may open a line through its own square onto its
    // arrival; a knight's move never does)
    let xray = landers & attacked & !s.role[Role::Knight.index()];
    let pawns = role == Role::Pawn;
    let mut sink = Home {
        n: 0,
        pos,
        them,
        judged_from,
        to_weigh: to_weigh & theirs,
        theirs,
        lands,
        landers,
        leaps,
        slides,
        xray,
        pawn_landers: landers.when(pawns),
        pawn_xray: xray.when(pawns),
        kept: Kept::default(),
    };
    crate::orthodox::generate_with(pos, s.color[us.index()].without(k), Bitboard::EMPTY, pinned, &mut sink);
    let n = sink.n + super::assassin_king_with(pos, k, crate::fast::general::threat_squares(us), attacked);
    Some(n + judged(pos, c, k, pinned, rays, &sink.kept)?)
}

/// In check by a threat: the enemy can take the targets `threatened` (removing our king
/// on `k` by the rebirth), from the squares of `parry` or through the squares between. A
/// legal move takes the king off `k` ([`super::assassin_king`], its captures), or moves a
/// threatened target (off the preimage, or elsewhere on it), or lands on `parry` (taking an
/// attacker, blocking a line), or rebirths its victim there or on a threatened target
/// (replacing it); those are judged on the board, every other move is illegal.
#[inline(never)]
fn evasions(
    pos: &Position,
    c: &Circe,
    k: Square,
    threatened: Bitboard,
    parry: Bitboard,
    pinned: Bitboard,
    rays: Bitboard,
) -> Option<u64> {
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let theirs = s.color[them.index()];
    let reborn = super::all_victims_reborn_in(pos, c, them, parry | threatened);
    let mut sink = Evade {
        from: threatened,
        to: parry | (reborn & theirs),
        kept: Kept::default(),
    };
    crate::orthodox::generate_with(pos, s.color[us.index()].without(k), Bitboard::EMPTY, pinned, &mut sink);
    Some(
        super::assassin_king(pos, k, crate::fast::general::threat_squares(us))
            + judged(pos, c, k, pinned, rays, &sink.kept)?,
    )
}

/// The moves [`count`] and [`evasions`] judge on the board: those orthodox chess forbids
/// and a rebirth may allow ([`super::shielding_captures`]), the king's captures, and the
/// generator's moves the sink kept; `None` when it kept too many.
fn judged(pos: &Position, c: &Circe, k: Square, pinned: Bitboard, rays: Bitboard, kept: &Kept) -> Option<u64> {
    let theirs = pos.sets().color[pos.turn().other().index()];
    let mut n = 0;
    super::shielding_captures(pos, c, k, Bitboard::EMPTY, pinned, rays, Bitboard::EMPTY, |p, to| {
        n += super::on_board(pos, c, k, p, to, None)?;
        Some(())
    })?;
    for to in king_attacks(k) & theirs {
        n += super::on_board(pos, c, k, k, to, None)?;
    }
    for (from, to) in kept.moves()? {
        n += super::on_board(pos, c, k, from, to, None)?;
    }
    Some(n)
}

/// The sink of [`evasions`]: keeps the moves from `from` or to `to`, to be judged.
struct Evade {
    from: Bitboard,
    to: Bitboard,
    kept: Kept,
}

/// The moves a sink keeps to be judged on the board (departure and arrival, packed), up to
/// [`KEPT`]; past that the count is declined ([`Kept::moves`] is `None`).
struct Kept {
    moves: [u16; KEPT],
    len: usize,
}

impl Default for Kept {
    fn default() -> Self {
        Kept {
            moves: [0; KEPT],
            len: 0,
        }
    }
}

impl Kept {
    #[inline(always)]
    fn push(&mut self, from: Square, to: Square) {
        if self.len < KEPT {
            self.moves[self.len] = from.index() as u16 | (to.index() as u16) << 6;
        }
        self.len += 1;
    }

    /// The moves kept, or `None` when there were too many.
    fn moves(&self) -> Option<impl Iterator<Item = (Square, Square)> + '_> {
        Some(
            self.moves
                .get(..self.len)?
                .iter()
                .map(|&m| (Square::new((m & 63) as u8), Square::new((m >> 6) as u8))),
        )
    }
}

impl Sink for Evade {
    fn targets(&mut self, from: Square, t: Bitboard) {
        let keep = if self.from.contains(from) { t } else { t & self.to };
        for to in keep {
            self.kept.push(from, to);
        }
    }
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        for to in t & (self.to | shift(self.from, delta)) {
            self.kept.push(Square::new((to.index() as i8 - delta) as u8), to);
        }
    }
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        self.pawn_shift(t, delta, MoveKind::Normal);
    }
    fn one(&mut self, m: Move) {
        if self.from.contains(m.from()) || self.to.contains(m.to()) {
            self.kept.push(m.from(), m.to());
        }
    }
}

/// The generator's sink: the moves that are legal for sure counted, those to be judged on
/// the board kept, those illegal for sure dropped.
struct Home<'a> {
    n: u64,
    pos: &'a Position,
    them: Color,
    /// Our units pinned to a target: their moves are judged.
    judged_from: Bitboard,
    /// Enemy units whose reborn unit could attack the king or a target.
    to_weigh: Bitboard,
    theirs: Bitboard,
    /// The preimage of the king's square for its walk, and our units of that walk.
    lands: Bitboard,
    landers: Bitboard,
    /// What the enemy's pawns, knights and king attack, and what its sliders do (empty
    /// when there is no unit of that walk).
    leaps: Bitboard,
    slides: Bitboard,
    /// Our units of that walk whose moves onto `lands` are judged on the board.
    xray: Bitboard,
    /// `landers` and `xray` when the walk is the pawn's (else empty: the pawns' moves
    /// then land nowhere that matters).
    pawn_landers: Bitboard,
    pawn_xray: Bitboard,
    /// The moves to judge.
    kept: Kept,
}

/// The moves a sink keeps at most.
const KEPT: usize = 64;

impl Home<'_> {
    /// Sorts the moves to `t` (each from `from(to)`; `landing`: the squares of `lands` they
    /// land on as a unit of the walk; `judged`: those to judge whatever they are): counts
    /// those legal for sure, keeps those to judge, drops the quiet moves landing on an
    /// attacked square, and weighs the captures that land ([`Home::landing_capture`]).
    #[inline(always)]
    fn sort(&mut self, t: Bitboard, landing: Bitboard, judged: Bitboard, from: impl Fn(Square) -> Square) {
        let keep = t & (judged | self.to_weigh);
        let land = t & landing & !keep;
        let attacked = self.leaps | self.slides;
        self.n += (t & !keep & !land).count() as u64 + (land & !self.theirs & !attacked).count() as u64;
        for to in keep {
            self.kept.push(from(to), to);
        }
        for to in land & self.theirs {
            self.landing_capture(from(to), to);
        }
    }

    /// The capture `from`x`to` landing on `lands` (the capturer becomes a target), by a
    /// unit no enemy unit attacks, of a victim whose reborn unit attacks neither the king
    /// nor a target: legal when the victim is reborn on that square (replacing the
    /// capturer), else illegal where an enemy leaper attacks the square, judged where a
    /// slider does (the reborn victim may block it) or where the reborn victim could attack
    /// it, else legal.
    #[inline(always)]
    fn landing_capture(&mut self, from: Square, to: Square) {
        let v = self.pos.role_on(to);
        let r = home_square(v, self.them, to);
        match () {
            // (the victim reborn on its own square replaces the capturer: nothing lands)
            _ if r == to => self.n += 1,
            _ if self.leaps.contains(to) => {}
            _ if self.slides.contains(to) || Bitboard(danger_squares(self.them, to)[v.index()]).contains(r) => {
                self.kept.push(from, to)
            }
            _ => self.n += 1,
        }
    }
}

impl Sink for Home<'_> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let landing = self.lands.when(self.landers.contains(from));
        let judged = Bitboard::FULL.when(self.judged_from.contains(from)) | self.lands.when(self.xray.contains(from));
        self.sort(t, landing, judged, |_| from);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        // (by arrival square: each one's departure is `delta` back)
        let landing = self.lands & shift(self.pawn_landers, delta);
        let judged = shift(self.judged_from, delta) | (self.lands & shift(self.pawn_xray, delta));
        self.sort(t, landing, judged, |to| Square::new((to.index() as i8 - delta) as u8));
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        // (one move each: the board judges the four walks)
        for to in t {
            self.kept.push(Square::new((to.index() as i8 - delta) as u8), to);
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        // (a pinned pawn's move; no castling or e.p.: the king is left out, the position
        // has no e.p. capture)
        self.kept.push(m.from(), m.to());
    }
}
