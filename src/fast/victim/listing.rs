//! The victim family's listing, for perft's inner plies: the orthodox generator's moves
//! sorted into those legal whatever the rebirth does and those to be played with the
//! legality test (the captures a rebirth may make illegal, or legal), by the same reasoning
//! as the count; the captures the count weighs by capture are listed as legal or dropped.

use super::assassin::{assassin_at_home, assassin_castling_legal, assassin_step_legal};
use super::by_capture::Reach;
use super::by_victim::{capturable, uncapturable_victims};
use super::on_board::{covered, shielding_captures};
use super::parrain::shielded;
use super::{setup, weighed_by_capturer, weighed_from, ByCapturer};
use crate::attacks::king_attacks;
use crate::bitboard::Bitboard;
use crate::fast::plan::by_capture_plain;
use crate::fast::rebirth_tables::victims_to_weigh;
use crate::moves::{Move, MoveKind, MoveList};
use crate::orthodox::Sink;
use crate::position::Position;
use crate::rules::circe::{Circe, Occupied, SquareRule, When};
use crate::square::{Color, Role, Square};

/// The legal moves, in two lists: `sure` (legal whatever the rebirth does) and `to_test`
/// (to be played with the legality test: captures that a rebirth may make illegal, or
/// legal); `None`: the family declines the position.
#[inline(always)]
pub(crate) fn moves(pos: &Position, c: &Circe, sure: &mut MoveList, to_test: &mut MoveList) -> Option<()> {
    if c.victim_kings {
        // (Rex Inclusive: counted here, listed by the general pipeline)
        return None;
    }
    let (k, checkers, pinned, rays, shield, _) = setup(pos, c)?;
    if assassin_at_home(pos, c, k) {
        // (listed by the general pipeline)
        return None;
    }
    let us = pos.turn();
    let them = us.other();
    let theirs = pos.sets().color[them.index()];
    if let Some((_, a)) = shield {
        shielded(pos, k, checkers, pinned, a, true, |m| {
            let mut push = |m| {
                to_test.push(m);
                Some(())
            };
            if pos.piece_at(m.from())?.role() == Role::Pawn {
                push_pawn(m.from(), m.to(), m.kind(), &mut push)
            } else {
                push(m)
            }
        })?;
    }
    shielding_captures(pos, c, k, checkers, pinned, rays, covered(pos), |p, to| {
        let mut push = |m| {
            to_test.push(m);
            Some(())
        };
        if pos.piece_at(p)?.role() == Role::Pawn {
            push_pawn(p, to, MoveKind::Normal, &mut push)
        } else {
            push(Move::new(p, to, MoveKind::Normal))
        }
    })?;
    let by_victim = c.when != When::AtOnce || !c.square_depends_on_capture();
    let weighed = if by_victim {
        victims_to_weigh(pos, c, them, Some(k), Bitboard::EMPTY) & theirs
    } else {
        theirs
    };
    let by_capturer = weighed_by_capturer(c, them, k);
    let threats = if c.occupied == Occupied::Assassinate {
        crate::fast::general::threat_squares(us)
    } else {
        Bitboard::EMPTY
    };
    // (one instance per case, so that plain Circe does not pay for the victims to weigh by
    // capturer: Platzwechsel, Clone)
    // (Strict Circe: the captures no rebirth square allows are not listed)
    let (uncapturable, capturable_from) = uncapturable_victims(pos, c);
    // (the captures that [`plain_by_capture`] weighs when counting: sorted by their weight)
    let reach =
        (shield.is_none() && threats.is_empty() && uncapturable.is_empty() && !by_victim && by_capture_plain(c))
            .then(|| Reach::new(pos, c, k));
    let sets = pos.sets();
    let declined = if by_capturer.is_some() {
        collect::<true>(
            Collect {
                sure,
                to_test,
                theirs,
                weighed,
                by_capturer,
                sets,
                king: k,
                castling: shield.is_none(),
                threats,
                uncapturable,
                capturable_from,
                declined: false,
                reach,
                pos,
                c,
            },
            pos,
            checkers,
            pinned,
        )
    } else {
        collect::<false>(
            Collect {
                sure,
                to_test,
                theirs,
                weighed,
                by_capturer,
                sets,
                king: k,
                castling: shield.is_none(),
                threats,
                uncapturable,
                capturable_from,
                declined: false,
                reach,
                pos,
                c,
            },
            pos,
            checkers,
            pinned,
        )
    };
    (!declined).then_some(())
}

/// Runs the generator into `sink`, then lists the king's captures (to be tested); whether a
/// move the family does not model was met (the listing is declined).
#[inline(always)]
fn collect<const BY_CAPTURER: bool>(
    mut sink: Collect<'_, BY_CAPTURER>,
    pos: &Position,
    checkers: Bitboard,
    pinned: Bitboard,
) -> bool {
    let covered = covered(pos);
    crate::orthodox::generate_with(pos, !covered, checkers, pinned, &mut sink);
    for to in king_attacks(sink.king) & sink.theirs {
        sink.to_test.push(Move::new(sink.king, to, MoveKind::Normal));
    }
    for from in covered {
        if let Some(p) = pos.piece_at(from) {
            crate::fast::exact::unit_moves(pos.sets(), p, from, Bitboard::FULL, |m, _| sink.to_test.push(m));
        }
    }
    sink.declined
}

/// Sorts the orthodox generator's moves: captures of `weighed` victims to be tested.
struct Collect<'a, const BY_CAPTURER: bool> {
    sure: &'a mut MoveList,
    to_test: &'a mut MoveList,
    theirs: Bitboard,
    weighed: Bitboard,
    /// Platzwechsel, Clone: see [`weighed_from`].
    by_capturer: Option<ByCapturer>,
    sets: &'a crate::position::Sets,
    king: Square,
    /// Take the generator's castling moves (else they are listed apart).
    castling: bool,
    /// Assassin: our home squares, where the king may be removed by a rebirth (its steps
    /// there and castling go to the legality test); else empty.
    threats: Bitboard,
    /// Strict Circe: victims whose capture is illegal by a unit off `capturable_from` (see
    /// [`uncapturable_victims`]); else empty.
    uncapturable: Bitboard,
    capturable_from: Bitboard,
    /// A move the family does not model was met: the listing is declined.
    declined: bool,
    /// CouCou, Couscous, Equipollents, Platzwechsel in
    /// [`plain_by_capture`](super::by_capture::plain_by_capture)'s cases: the captures
    /// weighed as the count weighs them ([`Collect::weighed`]); else `None`.
    reach: Option<Reach>,
    pos: &'a Position,
    c: &'a Circe,
}

impl<const BY_CAPTURER: bool> Collect<'_, BY_CAPTURER> {
    /// Lists the capture `from`x`to` (the capturer not promoting): when [`Reach`] weighs
    /// it, legal for sure (one move), illegal (none) or to be tested (a reborn pawn's
    /// promotions); else to be tested.
    #[inline(always)]
    fn capture(&mut self, from: Square, to: Square) {
        let m = Move::new(from, to, MoveKind::Normal);
        let Some(reach) = &self.reach else {
            return self.to_test.push(m);
        };
        let pos = self.pos;
        let r = match self.c.square {
            SquareRule::CapturerHome => crate::rules::circe::home_square(pos.role_on(from), pos.turn(), to),
            SquareRule::Departure => from,
            _ => {
                let f = 2 * to.file() as i32 - from.file() as i32;
                let r = 2 * to.rank() as i32 - from.rank() as i32;
                if !(0..8).contains(&f) || !(0..8).contains(&r) {
                    // (off the board: the victim vanishes)
                    return self.sure.push(m);
                }
                Square::from_coords(f as u8, r as u8)
            }
        };
        match reach.weight(pos.role_on(to), r, from) {
            0 => {}
            1 => self.sure.push(m),
            // (a pawn reborn on its promotion rank: each walk it may take that does not
            // check our king is a legal move, listed with its choice made)
            _ => {
                for role in Role::PROMOTIONS {
                    if !reach.checks(role, r, from) {
                        self.sure.push(m.with_rebirth_promotion(role));
                    }
                }
            }
        }
    }

    /// The victims whose capture from `from` to `t` is tested (see [`weighed_from`]).
    #[inline(always)]
    fn weighed_at(&self, from: Square, t: Bitboard) -> Bitboard {
        if BY_CAPTURER && (t & self.weighed).any() {
            weighed_from(self.weighed, self.by_capturer, self.sets, from)
        } else {
            self.weighed
        }
    }

    /// The arrival squares among `t` (pawn moves of `delta`) of captures to be tested.
    #[inline(always)]
    fn pawn_weighed(&self, t: Bitboard, delta: i8) -> Bitboard {
        if !BY_CAPTURER {
            return self.weighed;
        }
        (t & self.weighed)
            .filter(|&to| {
                weighed_from(
                    self.weighed,
                    self.by_capturer,
                    self.sets,
                    Square::new((to.index() as i8 - delta) as u8),
                )
                .contains(to)
            })
            .fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl<const BY_CAPTURER: bool> Sink for Collect<'_, BY_CAPTURER> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let t = if self.capturable_from.contains(from) {
            t
        } else {
            t & !self.uncapturable
        };
        let weighed = self.weighed_at(from, t);
        for to in t & !weighed {
            self.sure.push(Move::new(from, to, MoveKind::Normal));
        }
        for to in t & weighed {
            self.capture(from, to);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        let t = capturable(t, delta, self.uncapturable, self.capturable_from);
        let weighed = self.pawn_weighed(t, delta);
        self.sure.pawn_shift(t & !weighed, delta, kind);
        if self.reach.is_some() && kind == MoveKind::Normal {
            for to in t & weighed {
                self.capture(Square::new((to.index() as i8 - delta) as u8), to);
            }
        } else {
            self.to_test.pawn_shift(t & weighed, delta, kind);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let t = capturable(t, delta, self.uncapturable, self.capturable_from);
        let weighed = self.pawn_weighed(t, delta);
        self.sure.pawn_promotions(t & !weighed, delta);
        self.to_test.pawn_promotions(t & weighed, delta);
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        match m.kind() {
            MoveKind::EnPassant => self.declined = true,
            MoveKind::CastleKing | MoveKind::CastleQueen if !self.castling => {}
            // (Assassin: castling and the king's steps onto home squares decided here, the
            // square castling crosses included, and listed as legal or dropped)
            MoveKind::CastleKing | MoveKind::CastleQueen if self.threats.any() => {
                if assassin_castling_legal(self.pos, self.c.first_rank_pawns, m) {
                    self.sure.push(m);
                }
            }
            // the king's captures are listed apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ if self.uncapturable.contains(m.to()) && !self.capturable_from.contains(m.from()) => {}
            _ if m.from() == self.king && self.threats.contains(m.to()) => {
                if assassin_step_legal(self.pos, self.c.first_rank_pawns, m) {
                    self.sure.push(m);
                }
            }
            _ if self
                .weighed_at(m.from(), Bitboard::from_square(m.to()))
                .contains(m.to()) =>
            {
                match m.kind() {
                    MoveKind::Normal if m.promotion_role().is_none() => self.capture(m.from(), m.to()),
                    _ => self.to_test.push(m),
                }
            }
            _ => self.sure.push(m),
        }
    }
}

/// A pawn's move to `to`, once per promotion on the last rank.
#[inline(always)]
fn push_pawn(from: Square, to: Square, kind: MoveKind, each: &mut impl FnMut(Move) -> Option<()>) -> Option<()> {
    if to.rank() == Color::White.promotion_rank() || to.rank() == Color::Black.promotion_rank() {
        for r in Role::PROMOTIONS {
            each(Move::promotion(from, to, r))?;
        }
        Some(())
    } else {
        each(Move::new(from, to, kind))
    }
}
