//! Madrasi composed with a Circe rule: the captures. Quiet moves and castling do what they
//! do under Madrasi alone (the parent module); a capture may rebirth the victim, rebirth or
//! remove the capturer, and so add a unit that attacks, blocks a line or wakes a unit.
//! Which captures the bulk count settles without the board ([`captures_to_judge`]), how a
//! settled capture is weighed (the reborn victim alone, or the capturer's rebirth), and the
//! judgement of the others on the board the shared model of a move's effects gives.

use super::{Judge, Out};
use crate::bitboard::Bitboard;
use crate::fast::effects::{self, After, CapturerRebirth};
use crate::fast::exact::{judge_each, plain_after};
use crate::fast::geometry::checks_from;
use crate::fast::rebirth_tables::{victims_to_judge, CaptureDanger};
use crate::fast::victim::RebornUnit;
use crate::moves::{Move, MoveKind};
use crate::position::{Position, Sets};
use crate::rules::circe::{Capturer, Circe, When};
use crate::rules::madrasi::observed_among;
use crate::square::{Color, Piece, Role, Square};

/// The enemy units whose capture, by an unpinned unit other than the king with no active
/// or wakeable unit attacking the king, is judged on the board under the composed Circe
/// rule `c`; the others count one move each (per promotion), as under Madrasi alone. Where
/// the capturer stays and the rebirth square depends on the victim alone, such a capture
/// leaves the board of Madrasi alone plus the reborn unit (or its square made uncapturable,
/// Strict). A unit added can close lines but not open them, so it wakes no unit that could
/// reach the king (those are the wakeable ones, which the pins hold), and it can give check
/// itself only from where it attacks the king on an empty board: the victims judged are
/// those the victim family weighs (`victims_to_judge`). Every other rule: every capture,
/// which the bulk narrows by departure square where the rebirth square or walk depends on
/// the capture (Platzwechsel, Equipollents, Clone) or the capturer leaves (Anticirce, both
/// Kamikaze rules): [`CaptureDanger`]. Where they pay, the run narrows this set to what
/// those sets keep from any of our units' squares
/// ([`CaptureDanger::captured_from_any`]), which under Clone and Kamikaze is most often no
/// unit: the bulk is then counted as under Madrasi alone.
///
/// Under Strict Circe, `uncapturable` are the victims whose rebirth square is taken
/// ([`crate::fast::victim::uncapturable_victims`]): judged where the capturer stands on a
/// square that may be theirs; from elsewhere their capture is no move, and the bulk's sink
/// leaves it out ([`Bulk::uncapturable`]).
#[inline(always)]
pub(super) fn captures_to_judge<const A: bool>(
    pos: &Position,
    c: &Circe,
    them: Color,
    k: Square,
    uncapturable: Bitboard,
) -> Bitboard {
    let theirs = pos.sets().color[them.index()];
    let later = c.when != When::AtOnce;
    if c.capturer != Capturer::Stays || (c.square_depends_on_capture() && !later) {
        return theirs;
    }
    let assassinating = if A {
        assassinating(pos, c, them)
    } else {
        Bitboard::EMPTY
    };
    (victims_to_judge(pos, c, them, k, uncapturable) | assassinating) & theirs
}

/// Assassin (the preset's home squares, victims keeping their walk): the enemy units whose
/// capture rebirths them onto an occupant unlike them, which the rebirth removes. That may
/// open lines or wake units, so those captures are judged on the model's board. Onto a unit
/// just like the victim, the board is that of a victim gone, as when it vanishes. Captured
/// on its own home square, the victim removes the capturer and stands where it stood: only
/// the capturer's departure differs from the board before, as in the bulk, and the victim
/// is weighed where it could attack the king (`victims_to_judge`).
#[inline(always)]
fn assassinating(pos: &Position, c: &Circe, them: Color) -> Bitboard {
    let s = pos.sets();
    let Some(hc) = c.home_colour(them) else {
        return crate::fast::rebirth_tables::all_victims_reborn_in(pos, c, them, s.occ);
    };
    let mut judged = Bitboard::EMPTY;
    for role in Role::CAPTURABLE {
        let units = s.pieces(them, role);
        if units.any() {
            judged |= units & crate::fast::rebirth_tables::home_preimage_in(role, hc, s.occ & !units);
        }
    }
    judged
}

/// Under a composed Circe rule, the orthodox generator's moves but its e.p. captures, which
/// are judged apart (the generator tests them by orthodox check): its captures onto
/// `captures` are judged one by one with their effects, and (`P`) the moves that put our
/// pending unit where it matters ([`Judge::pending_matters`]).
pub(super) struct Bulk<'a, 'j, O: Out, const C: bool, const P: bool, const A: bool> {
    pub(super) out: &'a mut O,
    pub(super) captures: Bitboard,
    /// Where `captures` is every enemy unit and the rule lets it be narrowed (the rebirth
    /// square or walk depending on the capture, or the capturer leaving): which captures
    /// are judged, by departure square; else `None`.
    pub(super) danger: Option<CaptureDanger>,
    /// Strict Circe: the victims whose rebirth square is taken, and the squares of ours
    /// from which a capture may still take one (standing on its rebirth square: see
    /// [`crate::fast::victim::uncapturable_victims`]); else empty. Their captures from
    /// elsewhere are no move, and are not counted.
    pub(super) uncapturable: (Bitboard, Bitboard),
    pub(super) judge: &'a Judge<'j, C, P, A>,
}

impl<O: Out, const C: bool, const P: bool, const A: bool> Bulk<'_, '_, O, C, P, A> {
    /// The captures among the arrivals `t` of our unit on `from` judged one by one: under a
    /// rule [`Bulk::danger`] narrows, those its sets keep (read only for moves that take
    /// something, most taking nothing) and the enemy king's, the model judging a capture of
    /// it. Debug builds hold the others to one move each.
    #[inline(always)]
    fn judged_from(&self, t: Bitboard, from: Square) -> Bitboard {
        let captures = t & self.captures;
        let judged = match &self.danger {
            Some(d) if captures.any() => {
                captures & (d.captured_from(self.judge.pos, from) | self.judge.s.role[Role::King.index()])
            }
            Some(_) => Bitboard::EMPTY,
            None => captures,
        };
        #[cfg(debug_assertions)]
        self.held_one(t & !judged, |_| from, false);
        judged
    }

    /// [`Bulk::judged_from`] for the arrivals `t` of pawn moves `delta` long, promoting with
    /// `promote`.
    #[inline(always)]
    fn judged_pawns(&self, t: Bitboard, delta: i8, promote: bool) -> Bitboard {
        let captures = t & self.captures;
        let judged = match &self.danger {
            Some(d) if captures.any() => {
                captures & (d.pawn_arrivals(delta, promote) | self.judge.s.role[Role::King.index()])
            }
            Some(_) => Bitboard::EMPTY,
            None => captures,
        };
        #[cfg(debug_assertions)]
        self.held_one(t & !judged, pawn_departure(delta), promote);
        judged
    }

    /// Debug builds: the captures among the arrivals `t` (each from `from(to)`, promoting
    /// with `promote`), which the sink counts one move each (per promotion), left out of
    /// [`Bulk::captures`] or by [`Bulk::danger`], are one by the judgement too.
    #[cfg(debug_assertions)]
    fn held_one(&self, t: Bitboard, from: impl Fn(Square) -> Square, promote: bool) {
        if P {
            // (with our pending unit, the moves whose rebirth matters are judged apart)
            return;
        }
        for to in t & self.judge.s.color[self.judge.them.index()] {
            let moves = if promote {
                Role::PROMOTIONS.map(|r| Move::promotion(from(to), to, r)).to_vec()
            } else {
                vec![Move::new(from(to), to, MoveKind::Normal)]
            };
            for m in moves {
                if let Some(n) = self.judge.undeclined(|| self.judge.bulk_capture(m)) {
                    assert_eq!(n, 1, "{} in {}", crate::notation::uci(m), self.judge.pos.fen());
                }
            }
        }
    }

    /// Strict Circe: the arrivals among `t` of our unit on `from` onto a victim it may not
    /// capture (see [`Bulk::uncapturable`]). Debug builds hold them to no move.
    #[inline(always)]
    fn refused_from(&self, t: Bitboard, from: Square) -> Bitboard {
        let (victims, from_home) = self.uncapturable;
        let refused = t & victims.when(!from_home.contains(from));
        #[cfg(debug_assertions)]
        self.held_none(refused, |_| from, false);
        refused
    }

    /// [`Bulk::refused_from`] for the arrivals `t` of pawn moves `delta` long, promoting
    /// with `promote`.
    #[inline(always)]
    #[cfg_attr(not(debug_assertions), allow(unused_variables))]
    fn refused_pawns(&self, t: Bitboard, delta: i8, promote: bool) -> Bitboard {
        let (victims, from_home) = self.uncapturable;
        let refused = t & victims & !crate::orthodox::shift(from_home, delta);
        #[cfg(debug_assertions)]
        self.held_none(refused, pawn_departure(delta), promote);
        refused
    }

    /// Debug builds: the captures onto `t` (each from `from(to)`, promoting with `promote`)
    /// that the sink refuses are no move by the judgement too.
    #[cfg(debug_assertions)]
    fn held_none(&self, t: Bitboard, from: impl Fn(Square) -> Square, promote: bool) {
        for to in t {
            let m = if promote {
                Move::promotion(from(to), to, Role::Queen)
            } else {
                Move::new(from(to), to, MoveKind::Normal)
            };
            if let Some(n) = self.judge.undeclined(|| self.judge.capture(m)) {
                assert_eq!(n, 0, "{} in {}", crate::notation::uci(m), self.judge.pos.fen());
            }
        }
    }

    /// The pawn moves to `t` by the vector `delta` whose pending rebirth matters, judged
    /// (moves of `kind`, or with `None` promotions: one per walk); the others returned.
    #[inline(always)]
    fn pawn_pending(&mut self, t: Bitboard, delta: i8, kind: Option<MoveKind>) -> Bitboard {
        if !P {
            return t;
        }
        let placed = self.judge.pending_matters_by(t, pawn_vector(delta));
        let from = pawn_departure(delta);
        match kind {
            None => judge_each(&mut *self.out, placed, from, true, |m| self.judge.capture(m)),
            Some(kind) => {
                for to in placed {
                    let m = Move::new(from(to), to, kind);
                    self.out.judged_n(m, || self.judge.capture(m));
                }
            }
        }
        t & !placed
    }
}

/// The departure square of a pawn move `delta` long, by its arrival square.
#[inline(always)]
fn pawn_departure(delta: i8) -> impl Fn(Square) -> Square + Copy {
    move |to| Square::new((to.index() as i8 - delta) as u8)
}

/// The file and rank steps of a pawn move whose square index changes by `delta`.
#[inline(always)]
fn pawn_vector(delta: i8) -> (i32, i32) {
    let dy = (i32::from(delta) + 28).div_euclid(8) - 3;
    (i32::from(delta) - 8 * dy, dy)
}

impl<O: Out, const C: bool, const P: bool, const A: bool> crate::orthodox::Sink for Bulk<'_, '_, O, C, P, A> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let t = t & !self.refused_from(t, from);
        let captures = self.judged_from(t, from);
        let plain = t & !captures;
        let placed = if P {
            self.judge.pending_matters(from, plain)
        } else {
            Bitboard::EMPTY
        };
        self.out.targets(from, plain & !placed);
        judge_each(
            &mut *self.out,
            t & captures,
            |_| from,
            false,
            |m| self.judge.bulk_capture(m),
        );
        if P {
            judge_each(&mut *self.out, placed, |_| from, false, |m| self.judge.capture(m));
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        let t = t & !self.refused_pawns(t, delta, false);
        let captures = self.judged_pawns(t, delta, false);
        let plain = self.pawn_pending(t & !captures, delta, Some(kind));
        self.out.pawn_shift(plain, delta, kind);
        judge_each(&mut *self.out, t & captures, pawn_departure(delta), false, |m| {
            self.judge.bulk_capture(m)
        });
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let t = t & !self.refused_pawns(t, delta, true);
        let captures = self.judged_pawns(t, delta, true);
        let plain = self.pawn_pending(t & !captures, delta, None);
        self.out.pawn_promotions(plain, delta);
        judge_each(&mut *self.out, t & captures, pawn_departure(delta), true, |m| {
            self.judge.bulk_capture(m)
        });
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        if m.kind() == MoveKind::EnPassant || self.refused_from(Bitboard::from_square(m.to()), m.from()).any() {
        } else if self.judged_from(Bitboard::from_square(m.to()), m.from()).any()
            || (P
                && self
                    .judge
                    .pending_matters(m.from(), Bitboard::from_square(m.to()))
                    .any())
        {
            self.out.judged_n(m, || self.judge.bulk_capture(m));
        } else {
            self.out.one(m);
        }
    }
}

impl<const C: bool, const P: bool, const A: bool> Judge<'_, C, P, A> {
    /// The number of legal moves capture `m` stands for (one per walk of a pawn reborn on its
    /// promotion rank) under the composed Circe rule, on the board the model gives.
    #[inline(never)]
    pub(super) fn capture(&self, m: Move) -> u64 {
        let c = self.circe.expect("captures are judged apart only under a Circe rule");
        let safe = |b: &Sets| b.pieces(self.us, Role::King).first().is_some_and(|k| self.safe(b, k));
        match effects::after(self.pos, Some(c), m) {
            After::Illegal => 0,
            After::Declined => {
                self.declined.set(true);
                0
            }
            After::Board { sets, promote, .. } => effects::each_walk(sets, promote).filter(|b| safe(b)).count() as u64,
        }
    }

    /// A capture of the bulk count (by an unpinned unit other than the king, no active or
    /// wakeable unit attacking the king: see [`captures_to_judge`]): settled by the
    /// reborn unit where the capturer stays (`reborn_unit`), else judged on the board.
    #[inline(always)]
    fn bulk_capture(&self, m: Move) -> u64 {
        if P {
            // (the settling knows nothing of our pending unit)
            return self.capture(m);
        }
        let c = self.circe.expect("captures are judged apart only under a Circe rule");
        let settled = match c.capturer {
            Capturer::Stays => self.victim_reborn(c, m, self.k),
            _ => self.capturer_leaves(c, m),
        };
        self.settled_or_judged(m, settled)
    }

    /// The captures by our king onto the squares `t`, which no enemy unit attacks through
    /// the king's square, paralysed or not: as for a capture of the bulk, a unit added closes lines
    /// and cannot open them, so where the capturer stays only the reborn victim can attack
    /// the king after it (`reborn_unit`, the king on the capture square). Under Assassin
    /// (a threat on a home square), with our pending unit, or where the capturer leaves,
    /// judged on the board.
    #[inline(never)]
    pub(super) fn king_captures(&self, t: Bitboard, out: &mut impl Out) {
        let c = self.circe.expect("captures are judged apart only under a Circe rule");
        for to in t {
            let m = Move::new(self.k, to, MoveKind::Normal);
            out.judged_n(m, || {
                let settled = match c.capturer {
                    Capturer::Stays if !A && !P => self.victim_reborn(c, m, to),
                    _ => None,
                };
                self.settled_or_judged(m, settled)
            });
        }
    }

    /// A capture whose capturer stays, opening no line to our king on `k` after it: settled
    /// by the reborn victim alone (`reborn_unit`), or `None`: judged on the board.
    #[inline(always)]
    fn victim_reborn(&self, c: &Circe, m: Move, k: Square) -> Option<u64> {
        let (from, to) = (m.from(), m.to());
        let occ = self.s.occ.without(from);
        match crate::fast::victim::reborn_unit(self.pos, c, k, from, to, m.promotion_role(), occ) {
            RebornUnit::Settled(n) => Some(n),
            RebornUnit::Attacks(unit, r) => Some(self.reborn_attacker(m, unit, r, k)),
            RebornUnit::Board => None,
        }
    }

    /// The legal moves of capture `m`: `settled`, or else judged on the board.
    #[inline(always)]
    fn settled_or_judged(&self, m: Move, settled: Option<u64>) -> u64 {
        // (held to the model where the model decides)
        #[cfg(debug_assertions)]
        if let Some((n, model)) = settled.zip(self.undeclined(|| self.capture(m))) {
            assert_eq!(n, model, "{} in {}", crate::notation::uci(m), self.pos.fen());
        }
        settled.unwrap_or_else(|| self.capture(m))
    }

    /// Debug builds: the count `judge` gives, or `None` where the path stands declined after
    /// it (a capture the model declines says nothing: the path declines anyway), that state
    /// left as it was before.
    #[cfg(debug_assertions)]
    pub(super) fn undeclined(&self, judge: impl FnOnce() -> u64) -> Option<u64> {
        let declined = self.declined.get();
        let n = judge();
        let now = self.declined.replace(declined);
        (!now).then_some(n)
    }

    /// A capture of the bulk count or of our king ([`Judge::king_captures`]), the capturer
    /// staying, whose victim is reborn as `unit` on the empty square `r`, from which it
    /// attacks our king on `k` after the move in some walk: nothing else can attack the king
    /// after it (see [`captures_to_judge`]), so it makes one move per walk the reborn unit
    /// takes there (four for a pawn reborn promoting) that attacks the king with no check.
    #[inline(never)]
    fn reborn_attacker(&self, m: Move, unit: Piece, r: Square, k: Square) -> u64 {
        let (from, to) = (m.from(), m.to());
        let p = self.pos.piece_at(from).expect("a capture's mover stands on its square");
        let arrived = m.promotion_role().map_or(p, |r| p.with_role(r));
        // (the board after the move but the reborn unit: the capturer off `from`, on `to`,
        // which stays taken; built whole only where the rule may let our king survive a
        // capture)
        let occ = self.s.occ.without(from);
        let board = || plain_after(self.s, from, to, None, p, arrived);
        let legal = crate::fast::victim::walks_on(unit, r).iter().filter(|&&walk| {
            let reborn = unit.with_role(walk);
            // (the unit's own square changes neither what observes it nor, the capturer
            // staying, the king's capture: judged without it)
            !checks_from(self.them, self.fr, walk, r, k, occ.with(r)) || {
                // our units of its walk after the move
                let like =
                    self.s.pieces(self.us, walk).without(from) | Bitboard::from_square(to).when(arrived.role() == walk);
                let no_check = observed_among(like, reborn, r, occ, self.kings, self.fr)
                    || self.circe.is_some_and(|c| {
                        !effects::always_takes_king(c) && !effects::takes_king(&board(), c, reborn, r, k)
                    });
                #[cfg(debug_assertions)]
                {
                    let mut after = board();
                    after.toggle(r, reborn);
                    assert_eq!(no_check, self.gives_no_check(&after, r, reborn, k));
                }
                no_check
            }
        });
        legal.count() as u64
    }

    /// A capture of the bulk count under a rule whose capturer leaves the capture square
    /// (reborn: Anticirce, Kamikaze reborn; removed: Kamikaze), settled without the board
    /// where neither the square it leaves nor the capture square screens our king from an
    /// enemy slider: then no line to the king opens, and a reborn capturer (ours) only closes
    /// lines, so the capture is legal when the capturer's rebirth is and the reborn victim
    /// gives no check (`reborn_unit`). `None`: judged on the board.
    #[inline(always)]
    fn capturer_leaves(&self, c: &Circe, m: Move) -> Option<u64> {
        let (from, to) = (m.from(), m.to());
        if self.screens.contains(from) || self.screens.contains(to) {
            return None;
        }
        let p = self.pos.piece_at(from)?;
        let arrived = m.promotion_role().map_or(p, |r| p.with_role(r));
        let left = self.s.occ.without(from).without(to);
        let occ = match c.capturer {
            // (a king capturer, which may stay, is never in the bulk)
            Capturer::Reborn if arrived.role() == Role::King => return None,
            Capturer::Reborn => match effects::capturer_rebirth(c, arrived, to, to, left) {
                CapturerRebirth::On(r) => left.with(r),
                CapturerRebirth::Gone => left,
                CapturerRebirth::Illegal => return Some(0),
                CapturerRebirth::Declined => return None,
            },
            _ => left,
        };
        crate::fast::victim::reborn_unit(self.pos, c, self.k, from, to, m.promotion_role(), occ).settled()
    }
}
