//! What a move does to the board: the displacement, then (Circe family) the rebirths in
//! their order — capturer first, then the captured unit, then a pending Parrain rebirth —
//! then Volcanic emergences. Every edit is journaled in the `Undo`.
//!
//! Legality that depends only on the effects (a strict rebirth square, an assassinated
//! own king) is reported here as `Illegal`; the rest (check, Isardam, Cohen) is judged on
//! the resulting position by [`Rules::play`].

use super::circe::{CaptureContext, Capturer, Circe, Occupied, OwnSquare, Victim, When};
use super::Rules;
use crate::moves::{Move, MoveKind};
use crate::position::{Position, Undo, NO_ORIGIN};
use crate::square::{Piece, Role, Square};

/// Something a move did besides moving its unit, in the order it happened (for notation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A captured unit reborn (`[+bPc1=Q]`); `piece` has the walk before any promotion.
    Rebirth {
        /// The reborn unit, with its walk before any promotion.
        piece: Piece,
        /// Its rebirth square.
        square: Square,
        /// The walk a pawn reborn on its promotion rank took.
        promotion: Option<Role>,
    },
    /// A capturing unit reborn (`[wRd5->h1]`).
    CapturerRebirth {
        /// The capturing unit (after its promotion, if it promoted).
        piece: Piece,
        /// The capture square it left.
        from: Square,
        /// Its rebirth square.
        to: Square,
    },
    /// A unit put under an occupied square (`[+bRh8->v]`).
    Burial {
        /// The unit that went under.
        piece: Piece,
        /// The occupied square it went under.
        square: Square,
    },
    /// A hidden unit coming back to its empty square (`[+wBh8]`).
    Emergence {
        /// The unit that came back.
        piece: Piece,
        /// The square it came back to.
        square: Square,
    },
}

/// Receives the effects of a move as [`apply`] plays it: [`NoRecord`] ignores them, a
/// `Vec<Effect>` collects them in order (the notation reads them so).
pub trait Recorder {
    /// Called once per effect, in the order they happen.
    fn record(&mut self, e: Effect);
}

/// Records nothing (the hot path).
pub struct NoRecord;
impl Recorder for NoRecord {
    #[inline(always)]
    fn record(&mut self, _: Effect) {}
}
impl Recorder for Vec<Effect> {
    fn record(&mut self, e: Effect) {
        self.push(e);
    }
}

/// What became of a move played by [`apply`] or [`Rules::play`]. Whatever it is, the
/// position has changed: take the move back with
/// [`Position::unmake`](crate::Position::unmake).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The move was played. From [`Rules::play`]: it is legal. From [`apply`]: its effects
    /// are valid (check and the other conditions are not judged there).
    Done,
    /// The move is illegal (judged as far as the function goes, see `Done`).
    Illegal,
    /// A rebirth put a pawn on its promotion rank and the move does not say what it becomes.
    NeedsChoice,
}

/// How [`apply`] plays a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// A real move: pending rebirths, en passant, counters and the turn change too.
    Play,
    /// A hypothetical capture, to decide whether it would remove a king (check test).
    Probe,
}

/// The squares a castling move's rook uses: (from, to).
#[inline]
pub fn castling_rook(m: Move) -> (Square, Square) {
    let rank = m.from().rank();
    if m.kind() == MoveKind::CastleKing {
        (Square::from_coords(7, rank), Square::from_coords(5, rank))
    } else {
        (Square::from_coords(0, rank), Square::from_coords(3, rank))
    }
}

/// The vector of a move, which Equipollents' and Parrain's rebirth squares add to the
/// capture square: from its departure to its arrival; a castling's, the king's and the
/// rook's together.
#[inline]
pub fn move_vector(m: Move) -> (i32, i32) {
    let (from, to) = (m.from(), m.to());
    let (dx, dy) = (
        to.file() as i32 - from.file() as i32,
        to.rank() as i32 - from.rank() as i32,
    );
    if m.is_castle() {
        let (rook_from, rook_to) = castling_rook(m);
        (dx + rook_to.file() as i32 - rook_from.file() as i32, 0)
    } else {
        (dx, dy)
    }
}

/// Plays the move's effects. Whatever the outcome, undo it with `pos.unmake(undo)`.
#[inline]
pub fn apply<R: Recorder>(
    pos: &mut Position,
    rules: &Rules,
    m: Move,
    undo: &mut Undo,
    rec: &mut R,
    mode: Mode,
) -> Outcome {
    pos.begin(undo);
    let (from, to) = (m.from(), m.to());
    let Some(piece) = pos.piece_at(from) else {
        return Outcome::Illegal;
    };
    let mover = piece.color();
    let from_origin = pos.origin_raw(from);
    let mut capture: Option<(Piece, Square, u8)> = None;
    let mut reset_halfmove = piece.role() == Role::Pawn;
    let mut new_ep = None;
    let vector: (i32, i32);

    if m.is_castle() {
        let (rook_from, rook_to) = castling_rook(m);
        let Some(rook) = pos.piece_at(rook_from) else {
            return Outcome::Illegal;
        };
        let rook_origin = pos.origin_raw(rook_from);
        pos.set(undo, from, None, NO_ORIGIN);
        pos.set(undo, rook_from, None, NO_ORIGIN);
        pos.set(undo, to, Some(piece), from_origin);
        pos.set(undo, rook_to, Some(rook), rook_origin);
        vector = move_vector(m);
    } else {
        let ep = m.kind() == MoveKind::EnPassant;
        let at = if ep {
            Square::from_coords(to.file(), from.rank())
        } else {
            to
        };
        if let Some(v) = pos.piece_at(at) {
            capture = Some((v, at, pos.origin_raw(at)));
            reset_halfmove = true;
        }
        let arrived = m.promotion_role().map_or(piece, |r| piece.with_role(r));
        pos.set(undo, from, None, NO_ORIGIN);
        if ep {
            pos.set(undo, at, None, NO_ORIGIN);
        }
        pos.set(undo, to, Some(arrived), from_origin);
        if m.kind() == MoveKind::DoublePush {
            new_ep = Some(Square::from_coords(from.file(), (from.rank() + to.rank()) / 2));
        }
        vector = move_vector(m);
    }

    let mut choice_used = false;
    let mut new_pending = None;
    if let (Some(circe), Some((victim, at, victim_origin))) = (rules.circe.as_ref(), capture) {
        let arrived = pos.piece_at(to).expect("the capturer stands on the capture square");
        let ctx = CaptureContext {
            from,
            at,
            capturer_before: piece,
            capturer_after: arrived,
            vector,
        };
        match circe.capturer {
            Capturer::Stays => {}
            Capturer::Removed => pos.set(undo, to, None, NO_ORIGIN),
            Capturer::Reborn if arrived.role() == Role::King && !circe.capturer_kings => {}
            Capturer::Reborn => {
                let r = circe.capturer_square(arrived, at);
                pos.set(undo, to, None, NO_ORIGIN);
                if r == to && circe.own_square == OwnSquare::Illegal {
                    return Outcome::Illegal;
                }
                match place(pos, undo, circe, r, arrived, from_origin, mover, None, rec) {
                    Placed::Here(_) => rec.record(Effect::CapturerRebirth {
                        piece: arrived,
                        from: to,
                        to: r,
                    }),
                    Placed::Gone => {}
                    Placed::Illegal => return Outcome::Illegal,
                    Placed::NeedsChoice => return Outcome::NeedsChoice,
                }
            }
        }
        if circe.victim == Victim::Reborn && (victim.role() != Role::King || circe.victim_kings) {
            let unit = victim.with_role(circe.reborn_walk(victim, piece));
            if circe.when == When::AfterNextMove {
                new_pending = Some((unit, at));
            } else {
                let origin = if victim_origin == NO_ORIGIN {
                    None
                } else {
                    Some(Square::new(victim_origin))
                };
                if let Some(r) = circe.rebirth_square(unit, origin, &ctx) {
                    match rebirth(
                        pos,
                        undo,
                        circe,
                        r,
                        unit,
                        victim_origin,
                        mover,
                        m.rebirth_promotion(),
                        rec,
                    ) {
                        Ok(used) => choice_used |= used,
                        Err(out) => return out,
                    }
                }
            }
        }
    }

    // Circe Parrain: the unit captured on the opponent's last move is reborn now, on its
    // capture square plus this move's vector; a unit captured now becomes pending. A probed
    // king capture is a move too: where check plays it (Isardam), the rebirth is part of it.
    if let Some((unit, at)) = pos.pending().filter(|(u, _)| u.color() == mover) {
        if let (Some(r), Some(circe)) = (at.offset(vector.0, vector.1), rules.circe.as_ref()) {
            match rebirth(pos, undo, circe, r, unit, NO_ORIGIN, mover, m.rebirth_promotion(), rec) {
                Ok(used) => choice_used |= used,
                Err(out) => return out,
            }
        }
    }
    if mode == Mode::Play {
        pos.journal_set_pending(new_pending);
    }

    if (pos.hidden_mask() & !pos.occupied()).any() {
        emerge(pos, undo, rec);
    }

    if m.rebirth_promotion().is_some() && !choice_used {
        // a choice for a promotion that does not happen: not a distinct move
        return Outcome::Illegal;
    }
    if mode == Mode::Play {
        // no e.p. right when the move's own effects removed the pawn that double-stepped
        // (an Assassin rebirth of a pending unit on its square)
        let new_ep = new_ep.filter(|_| pos.piece_at(to) == Some(piece));
        pos.journal_set_ep(new_ep);
        pos.finish_turn(reset_halfmove);
    }
    Outcome::Done
}

/// A captured unit's rebirth on `r` (recorded); `Ok(true)` when a promotion choice was used.
#[allow(clippy::too_many_arguments)]
#[inline]
fn rebirth<R: Recorder>(
    pos: &mut Position,
    undo: &mut Undo,
    circe: &Circe,
    r: Square,
    unit: Piece,
    origin: u8,
    mover: crate::square::Color,
    choice: Option<Role>,
    rec: &mut R,
) -> Result<bool, Outcome> {
    match place(pos, undo, circe, r, unit, origin, mover, choice, rec) {
        Placed::Here(promotion) => {
            rec.record(Effect::Rebirth {
                piece: unit,
                square: r,
                promotion,
            });
            Ok(promotion.is_some())
        }
        Placed::Gone => Ok(false),
        Placed::Illegal => Err(Outcome::Illegal),
        Placed::NeedsChoice => Err(Outcome::NeedsChoice),
    }
}

enum Placed {
    /// Reborn on the square (with the promotion a reborn pawn took).
    Here(Option<Role>),
    /// Vanished or buried.
    Gone,
    Illegal,
    NeedsChoice,
}

/// Puts a reborn unit on `r`, applying the occupied-square rule and promoting a pawn that
/// lands on its promotion rank.
#[allow(clippy::too_many_arguments)]
#[inline]
fn place<R: Recorder>(
    pos: &mut Position,
    undo: &mut Undo,
    circe: &Circe,
    r: Square,
    unit: Piece,
    origin: u8,
    mover: crate::square::Color,
    choice: Option<Role>,
    rec: &mut R,
) -> Placed {
    if let Some(occupant) = pos.piece_at(r) {
        match circe.occupied {
            Occupied::Vanish => return Placed::Gone,
            Occupied::Illegal => return Placed::Illegal,
            Occupied::Bury => {
                pos.bury(undo, r, unit);
                // (a rook reborn on its own corner gets that corner's castling flag even
                // under another unit, as in Popeye)
                pos.grant_flag(r, unit);
                rec.record(Effect::Burial { piece: unit, square: r });
                return Placed::Gone;
            }
            Occupied::Assassinate => {
                if occupant.role() == Role::King && occupant.color() == mover {
                    return Placed::Illegal;
                }
                pos.set(undo, r, None, NO_ORIGIN);
            }
        }
    }
    let mut placed = unit;
    let mut promotion = None;
    if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() {
        match choice {
            None => return Placed::NeedsChoice,
            Some(role) => {
                placed = unit.with_role(role);
                promotion = Some(role);
            }
        }
    }
    pos.set(undo, r, Some(placed), origin);
    pos.grant_flag(r, placed);
    Placed::Here(promotion)
}

/// Volcanic: every empty square with hidden units gets back the earliest buried one,
/// in burial order.
fn emerge<R: Recorder>(pos: &mut Position, undo: &mut Undo, rec: &mut R) {
    let empty = !pos.occupied();
    let mut squares = [Square::A1; 64];
    let mut n = 0;
    for sq in pos.hidden_squares_in_burial_order() {
        if empty.contains(sq) {
            squares[n] = sq;
            n += 1;
        }
    }
    for &sq in &squares[..n] {
        if let Some(p) = pos.unbury(undo, sq) {
            pos.set(undo, sq, Some(p), NO_ORIGIN);
            pos.grant_flag(sq, p);
            rec.record(Effect::Emergence { piece: p, square: sq });
        }
    }
}
