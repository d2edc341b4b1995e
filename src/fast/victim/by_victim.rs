//! The victim family's rules whose rebirth square depends on the victim alone (Circe,
//! Mirror, Symmetry, Diagram, Chameleon, Strict, Volcanic, Assassin; Clone, whose victim
//! takes the capturer's walk). A capture by an unpinned unit other than the king opens no
//! line (the capturer takes the victim's square), so it is legal unless the reborn unit
//! attacks our king (Strict: or its square is taken, making the capture illegal). Only the
//! victims that could be reborn near the king are weighed (`victims_to_weigh`, read from
//! tables); every other move of the orthodox generator counts one, in bulk ([`Plain`]).

use super::by_capture::by_capture;
use super::{weighed_from, ByCapturer};
use crate::attacks::king_attacks;
use crate::bitboard::Bitboard;
use crate::fast::general::VictimRule;
use crate::fast::plan::strict;
use crate::fast::rebirth_tables::all_victims_reborn_in;
use crate::moves::{Move, MoveKind};
use crate::orthodox::Sink;
use crate::position::Position;
use crate::rules::circe::Circe;
use crate::square::{Role, Square};

/// Strict Circe ([`strict`]): the enemy units whose rebirth square is taken, and the squares
/// of ours from which a capture might still take one (standing on its rebirth square); else
/// empty.
#[inline(always)]
pub(crate) fn uncapturable_victims(pos: &Position, c: &Circe) -> (Bitboard, Bitboard) {
    if !strict(c) {
        return (Bitboard::EMPTY, Bitboard::EMPTY);
    }
    let us = pos.turn();
    let s = pos.sets();
    let uncapturable = all_victims_reborn_in(pos, c, us.other(), s.occ);
    let homes = c
        .home_colour(us.other())
        .map_or(Bitboard::FULL, crate::rules::circe::home_squares);
    (uncapturable, s.color[us.index()] & homes)
}

/// The plainest rules' count of the orthodox generator's moves but the king's captures:
/// each move one, but the captures of `weighed` victims, weighed after the generator has run
/// ([`Plain`]); with none to weigh, the orthodox counter itself, less the king's captures
/// it counted. Clone Circe: [`plain_clone`].
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the look, the units left out)
pub(super) fn plain(
    pos: &Position,
    rule: &VictimRule<'_>,
    checkers: Bitboard,
    pinned: Bitboard,
    weighed: Bitboard,
    by_capturer: Option<ByCapturer>,
    skip: Bitboard,
) -> Option<u64> {
    let k = rule.king?;
    let s = pos.sets();
    let them = pos.turn().other();
    if weighed.is_empty() {
        let mut counter = crate::orthodox::Counter(0);
        crate::orthodox::generate_with(pos, !skip, checkers, pinned, &mut counter);
        if skip.contains(k) {
            return Some(counter.0);
        }
        let kings = (king_attacks(k) & s.color[them.index()])
            .filter(|&to| !crate::orthodox::attacked(pos, to, them, s.occ.without(k)))
            .count();
        return Some(counter.0 - kings as u64);
    }
    if let Some(ByCapturer::CapturerWalk(row)) = by_capturer {
        return plain_clone(pos, &rule.c, k, checkers, pinned, weighed, row, skip);
    }
    Plain::<false>::new(pos, k, weighed, Bitboard::EMPTY, Bitboard::EMPTY)
        .run(pos, !skip, checkers, pinned)
        .by_victim(pos, rule)
}

/// [`plain`] for Clone Circe: the captures kept are those of victims on the capture
/// squares where a unit of one of our walks could matter; then [`weighed_from`] picks those
/// to weigh by the capturer's walk ([`by_capture`]). The units of `skip` (Volcanic's
/// covered units, judged apart) are left out, as in [`plain`].
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the look, the units left out)
fn plain_clone(
    pos: &Position,
    c: &Circe,
    k: Square,
    checkers: Bitboard,
    pinned: Bitboard,
    weighed: Bitboard,
    row: &'static [u64; 7],
    skip: Bitboard,
) -> Option<u64> {
    let s = pos.sets();
    let us = pos.turn();
    let squares = Role::CAPTURABLE
        .iter()
        .filter(|r| s.pieces(us, **r).any())
        .fold(Bitboard::EMPTY, |b, r| b | Bitboard(row[r.index()]));
    let mut sink = Plain::<false>::new(pos, k, weighed & squares, Bitboard::EMPTY, Bitboard::EMPTY);
    let sink = sink.run(pos, !skip, checkers, pinned);
    let mut n = sink.n;
    for (from, to, times) in sink.kept()? {
        n += match (
            weighed_from(weighed, Some(ByCapturer::CapturerWalk(row)), s, from).contains(to),
            times,
        ) {
            (false, _) => times,
            (true, 1) => by_capture(pos, c, k, from, to, None)?,
            // (one walk per promotion of the capturer)
            (true, _) => Role::PROMOTIONS
                .iter()
                .map(|&r| by_capture(pos, c, k, from, to, Some(r)))
                .sum::<Option<u64>>()?,
        };
    }
    Some(n)
}

/// [`plain`] for Strict Circe with victims whose rebirth square is taken (`uncapturable`):
/// their capture is illegal but from the squares `capturable_from` (where the capturer may
/// stand on that square), where they are weighed with the others of `weighed`. With no unit
/// of ours on such a square (mostly), the generator leaves those captures out of its bulk
/// sets itself ([`Sink::forbid`]); those it gives one by one (a pinned pawn's) are weighed,
/// to none. The units of `skip` (Volcanic's covered units, judged apart) are left out.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the look, the units left out)
pub(super) fn plain_strict(
    pos: &Position,
    rule: &VictimRule<'_>,
    checkers: Bitboard,
    pinned: Bitboard,
    weighed: Bitboard,
    (uncapturable, capturable_from): (Bitboard, Bitboard),
    skip: Bitboard,
) -> Option<u64> {
    let k = rule.king?;
    if capturable_from.is_empty() {
        // (the common case: no unit of ours on an enemy home square, so no capture of an uncapturable
        // victim is legal; the generator leaves them out)
        let mut sink = Plain::<false>::new(pos, k, weighed, Bitboard::EMPTY, Bitboard::EMPTY);
        sink.forbid = uncapturable;
        return sink.run(pos, !skip, checkers, pinned).by_victim(pos, rule);
    }
    Plain::<true>::new(pos, k, weighed, uncapturable, capturable_from)
        .run(pos, !skip, checkers, pinned)
        .by_victim(pos, rule)
}

/// The orthodox generator's moves counted, but for the captures of `weighed` victims, kept
/// to be weighed after (packed: departure, arrival, and whether it promotes) and the
/// king's captures, judged apart: the sink of the plainest rules, small enough to stay in
/// registers. `STRICT` (Strict Circe): the captures of `uncapturable` victims by units off
/// `capturable_from` are left out (see [`AnyRule`](super::AnyRule)).
struct Plain<const STRICT: bool> {
    n: u64,
    weighed: Bitboard,
    uncapturable: Bitboard,
    capturable_from: Bitboard,
    /// Victims whose capture the generator leaves out ([`Sink::forbid`]).
    forbid: Bitboard,
    king: Square,
    theirs: Bitboard,
    /// How many captures were kept (over the capacity: too many, the count is declined).
    len: usize,
    caps: [std::mem::MaybeUninit<u16>; CAPACITY],
}

/// The captures [`Plain`] keeps at most.
const CAPACITY: usize = 128;

impl<const STRICT: bool> Plain<STRICT> {
    /// The sink for our king on `k` (the king's captures left out), keeping the captures of
    /// `weighed` victims.
    #[inline(always)]
    fn new(pos: &Position, k: Square, weighed: Bitboard, uncapturable: Bitboard, capturable_from: Bitboard) -> Self {
        let theirs = pos.sets().color[pos.turn().other().index()];
        Plain {
            n: 0,
            weighed,
            uncapturable,
            capturable_from,
            forbid: Bitboard::EMPTY,
            king: k,
            theirs,
            len: 0,
            caps: [std::mem::MaybeUninit::uninit(); CAPACITY],
        }
    }

    /// Runs the generator's moves of the units of `movable` into the sink.
    #[inline(always)]
    fn run(&mut self, pos: &Position, movable: Bitboard, checkers: Bitboard, pinned: Bitboard) -> &Self {
        crate::orthodox::generate_with(pos, movable, checkers, pinned, self);
        self
    }

    /// The count with each capture kept weighed by its victim ([`crate::fast::general::victim_weight`]).
    #[inline(always)]
    fn by_victim(&self, pos: &Position, rule: &VictimRule<'_>) -> Option<u64> {
        let mut n = self.n;
        for (from, to, times) in self.kept()? {
            n += times
                * crate::fast::general::victim_weight(
                    pos,
                    &rule.c,
                    rule.fr,
                    Some(self.king),
                    rule.occ,
                    Bitboard::EMPTY,
                    from,
                    to,
                )?;
        }
        Some(n)
    }

    #[inline(always)]
    fn keep(&mut self, from: Square, to: Square, promotes: bool) {
        if self.len < CAPACITY {
            self.caps[self.len] =
                std::mem::MaybeUninit::new(from.index() as u16 | (to.index() as u16) << 6 | u16::from(promotes) << 12);
        }
        self.len += 1;
    }

    /// The captures kept: departure, arrival, and the moves each stands for (four
    /// promotions, or one); `None` when there were too many.
    #[inline(always)]
    fn kept(&self) -> Option<impl Iterator<Item = (Square, Square, u64)> + '_> {
        // SAFETY: the first `len` entries, at most the capacity, were written by `keep`
        Some(
            self.caps
                .get(..self.len)?
                .iter()
                .map(|cap| unsafe { cap.assume_init() })
                .map(|cap| {
                    (
                        Square::new((cap & 63) as u8),
                        Square::new((cap >> 6 & 63) as u8),
                        if cap >> 12 != 0 { 4 } else { 1 },
                    )
                }),
        )
    }

    /// Strict Circe: `t` (pawn moves `delta` long, arrival squares) but the captures of
    /// uncapturable victims by units off their `capturable_from` squares.
    #[inline(always)]
    fn capturable(&self, t: Bitboard, delta: i8) -> Bitboard {
        if STRICT {
            capturable(t, delta, self.uncapturable, self.capturable_from)
        } else {
            t
        }
    }
}

/// Strict Circe: the arrival squares `t` of pawn moves `delta` long but the captures of
/// `uncapturable` victims by pawns off the squares `capturable_from` (see
/// [`uncapturable_victims`]).
#[inline(always)]
pub(super) fn capturable(t: Bitboard, delta: i8, uncapturable: Bitboard, capturable_from: Bitboard) -> Bitboard {
    t & !(uncapturable & !crate::orthodox::shift(capturable_from, delta))
}

impl<const STRICT: bool> Sink for Plain<STRICT> {
    #[inline(always)]
    fn forbid(&self) -> Bitboard {
        self.forbid
    }
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let t = if STRICT && !self.capturable_from.contains(from) {
            t & !self.uncapturable
        } else {
            t
        };
        self.n += (t & !self.weighed).count() as u64;
        for to in t & self.weighed {
            self.keep(from, to, false);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        let t = self.capturable(t, delta);
        self.n += (t & !self.weighed).count() as u64;
        for to in t & self.weighed {
            self.keep(Square::new((to.index() as i8 - delta) as u8), to, false);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let t = self.capturable(t, delta);
        self.n += 4 * (t & !self.weighed).count() as u64;
        for to in t & self.weighed {
            self.keep(Square::new((to.index() as i8 - delta) as u8), to, true);
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        // (no e.p. capture: `setup` leaves those positions out)
        match () {
            // the king's captures are judged apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ if self.weighed.contains(m.to()) => self.keep(m.from(), m.to(), false),
            _ => self.n += 1,
        }
    }
}
