//! The victim family's listing, for perft's inner plies: the orthodox generator's moves
//! sorted into those legal whatever the rebirth does and those to be played with the
//! legality test (the captures a rebirth may make illegal, or legal), by the same reasoning
//! as the count; the captures the count weighs by capture are listed as legal or dropped.

use super::assassin::{assassin_at_home, assassin_castling_legal, assassin_step_legal};
use super::by_capture::Reach;
use super::by_victim::{alive, dead_victims};
use super::on_board::{apart, covered};
use super::parrain::shielded;
use super::{from_look, look_from, setup, FromLook};
use crate::attacks::king_attacks;
use crate::bitboard::Bitboard;
use crate::fast::plan::by_capture_plain;
use crate::fast::rebirth_tables::risky_victims;
use crate::moves::{Move, MoveKind, MoveList};
use crate::orthodox::Sink;
use crate::position::Position;
use crate::rules::circe::{Circe, Occupied, SquareRule, When};
use crate::square::{Color, Role, Square};

/// The legal moves, in two lists: `sure` (legal whatever the rebirth does) and `unsure`
/// (to be played with the legality test: captures that a rebirth may make illegal, or
/// legal); `None` when the position is not one this module models.
#[inline(always)]
pub(crate) fn moves(pos: &Position, c: &Circe, sure: &mut MoveList, unsure: &mut MoveList) -> Option<()> {
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
                unsure.push(m);
                Some(())
            };
            if pos.piece_at(m.from())?.role() == Role::Pawn {
                push_pawn(m.from(), m.to(), m.kind(), &mut push)
            } else {
                push(m)
            }
        })?;
    }
    apart(pos, c, k, checkers, pinned, rays, covered(pos), |p, to| {
        let mut push = |m| {
            unsure.push(m);
            Some(())
        };
        if pos.piece_at(p)?.role() == Role::Pawn {
            push_pawn(p, to, MoveKind::Normal, &mut push)
        } else {
            push(Move::new(p, to, MoveKind::Normal))
        }
    })?;
    let by_victim = c.when != When::AtOnce || !c.square_depends_on_capture();
    let look = if by_victim {
        risky_victims(pos, c, them, Some(k), Bitboard::EMPTY) & theirs
    } else {
        theirs
    };
    let depart = from_look(c, them, k);
    let threats = if c.occupied == Occupied::Assassinate {
        crate::fast::general::threat_squares(us)
    } else {
        Bitboard::EMPTY
    };
    // (one instance per case, so that plain Circe does not pay for the look by capturer (Platzwechsel, Clone))
    // (Strict Circe: the captures no rebirth square allows are not listed)
    let (dead, dead_from) = dead_victims(pos, c);
    // (the captures that [`plain_by_capture`] weighs when counting: sorted by their weight)
    let reach = (shield.is_none() && threats.is_empty() && dead.is_empty() && !by_victim && by_capture_plain(c))
        .then(|| Reach::new(pos, c, k));
    let sets = pos.sets();
    let off = if depart.is_some() {
        collect::<true>(
            Collect {
                sure,
                unsure,
                theirs,
                look,
                depart,
                sets,
                king: k,
                castling: shield.is_none(),
                threats,
                dead,
                dead_from,
                off: false,
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
                unsure,
                theirs,
                look,
                depart,
                sets,
                king: k,
                castling: shield.is_none(),
                threats,
                dead,
                dead_from,
                off: false,
                reach,
                pos,
                c,
            },
            pos,
            checkers,
            pinned,
        )
    };
    (!off).then_some(())
}

/// Runs the generator into `sink`, then lists the king's captures (to be tested); whether a
/// move this module does not model was met.
#[inline(always)]
fn collect<const DEPART: bool>(
    mut sink: Collect<'_, DEPART>,
    pos: &Position,
    checkers: Bitboard,
    pinned: Bitboard,
) -> bool {
    let covered = covered(pos);
    crate::orthodox::generate_with(pos, !covered, checkers, pinned, &mut sink);
    for to in king_attacks(sink.king) & sink.theirs {
        sink.unsure.push(Move::new(sink.king, to, MoveKind::Normal));
    }
    for from in covered {
        if let Some(p) = pos.piece_at(from) {
            crate::fast::exact::unit_moves(pos.sets(), p, from, Bitboard::FULL, |m, _| sink.unsure.push(m));
        }
    }
    sink.off
}

/// Sorts the orthodox generator's moves: captures of `look` victims to be tested.
struct Collect<'a, const DEPART: bool> {
    sure: &'a mut MoveList,
    unsure: &'a mut MoveList,
    theirs: Bitboard,
    look: Bitboard,
    /// Platzwechsel, Clone: see [`look_from`].
    depart: Option<FromLook>,
    sets: &'a crate::position::Sets,
    king: Square,
    /// Take the generator's castling moves (else they are listed apart).
    castling: bool,
    /// Assassin: our home squares, where the king may be removed by a rebirth (its steps
    /// there and castling go to the legality test); else empty.
    threats: Bitboard,
    /// Strict Circe: victims whose capture is illegal by a unit off `dead_from` (see
    /// [`dead_victims`]); else empty.
    dead: Bitboard,
    dead_from: Bitboard,
    /// A move this module does not model was met.
    off: bool,
    /// CouCou, Couscous, Equipollents, Platzwechsel in [`plain_by_capture`]'s cases: the
    /// captures weighed as the count weighs them ([`Collect::weighed`]); else `None`.
    reach: Option<Reach>,
    pos: &'a Position,
    c: &'a Circe,
}

impl<const DEPART: bool> Collect<'_, DEPART> {
    /// Lists the capture `from`x`to` (the capturer not promoting): when [`Reach`] weighs
    /// it, legal for sure (one move), illegal (none) or to be tested (a reborn pawn's
    /// promotions); else to be tested.
    #[inline(always)]
    fn capture(&mut self, from: Square, to: Square) {
        let m = Move::new(from, to, MoveKind::Normal);
        let Some(reach) = &self.reach else {
            return self.unsure.push(m);
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

    /// The victims whose capture from `from` to `t` is tested (see [`look_from`]).
    #[inline(always)]
    fn look_at(&self, from: Square, t: Bitboard) -> Bitboard {
        if DEPART && (t & self.look).any() {
            look_from(self.look, self.depart, self.sets, from)
        } else {
            self.look
        }
    }

    /// The arrival squares among `t` (pawn moves of `delta`) of captures to be tested.
    #[inline(always)]
    fn pawn_look(&self, t: Bitboard, delta: i8) -> Bitboard {
        if !DEPART {
            return self.look;
        }
        (t & self.look)
            .filter(|&to| {
                look_from(
                    self.look,
                    self.depart,
                    self.sets,
                    Square::new((to.index() as i8 - delta) as u8),
                )
                .contains(to)
            })
            .fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl<const DEPART: bool> Sink for Collect<'_, DEPART> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let t = if self.dead_from.contains(from) {
            t
        } else {
            t & !self.dead
        };
        let look = self.look_at(from, t);
        for to in t & !look {
            self.sure.push(Move::new(from, to, MoveKind::Normal));
        }
        for to in t & look {
            self.capture(from, to);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        let t = alive(t, delta, self.dead, self.dead_from);
        let look = self.pawn_look(t, delta);
        self.sure.pawn_shift(t & !look, delta, kind);
        if self.reach.is_some() && kind == MoveKind::Normal {
            for to in t & look {
                self.capture(Square::new((to.index() as i8 - delta) as u8), to);
            }
        } else {
            self.unsure.pawn_shift(t & look, delta, kind);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let t = alive(t, delta, self.dead, self.dead_from);
        let look = self.pawn_look(t, delta);
        self.sure.pawn_promotions(t & !look, delta);
        self.unsure.pawn_promotions(t & look, delta);
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        match m.kind() {
            MoveKind::EnPassant => self.off = true,
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
            _ if self.dead.contains(m.to()) && !self.dead_from.contains(m.from()) => {}
            _ if m.from() == self.king && self.threats.contains(m.to()) => {
                if assassin_step_legal(self.pos, self.c.first_rank_pawns, m) {
                    self.sure.push(m);
                }
            }
            _ if self.look_at(m.from(), Bitboard::from_square(m.to())).contains(m.to()) => match m.kind() {
                MoveKind::Normal if m.promotion_role().is_none() => self.capture(m.from(), m.to()),
                _ => self.unsure.push(m),
            },
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
