//! The last ply of perft under Kamikaze Circe (`circe-kamikaze`: every capturer leaves the
//! board, the victim is reborn on its Circe square when that is free, kings cannot
//! capture, check is the plain attack), and under Circe with kamikaze units
//! (`circe-kamikaze-reborn`: the capturer is reborn first on its own Circe square when that
//! is free, a king on e1/e8 or the capture is illegal), when our king is not attacked.
//!
//! Quiet moves are those of orthodox chess (nothing is captured, nothing reborn), counted
//! in bulk. A capture empties its departure square and the capture square, then puts the
//! victim on its rebirth square: it can expose our king only through a square that screens
//! it from an enemy slider ([`screens`](super::screens): pinned units are among them), or
//! by the reborn unit's attack (victims whose rebirth square could matter at all: the
//! per-king-square table [`danger_row`](crate::fast::rebirth_tables::danger_row)). Any
//! other capture by a unit other than the king is legal at once (a reborn capturer is ours:
//! it can only block); those are judged on the board after the move, and so are a pinned
//! unit's captures off its line (the capturer leaves the capture square whatever the
//! direction), the king's captures (it is reborn) and e.p. captures (the orthodox
//! generator's own e.p. test knows nothing of the rebirths).

use super::{all_unit_moves, en_passants, pins_and_screens, unattacked_king, unit_moves, Out};
use crate::attacks::line;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::orthodox::Sink;
use crate::position::{Position, Sets};
use crate::rules::circe::{home_square, Circe, FirstRankPawns};
use crate::square::{Color, Piece, Role, Square};

/// The number of legal moves, or `None` when the position is not modelled here (our king
/// attacked; a pawn on its first or last rank; hidden units or a pending rebirth).
pub(crate) fn count(pos: &Position, c: &Circe) -> Option<u64> {
    super::count(|out| run(pos, c, out))
}

/// [`count`] where an enemy unit attacks our king (which [`count`] leaves out, rare: apart
/// from the common path): every move judged on the board (no castling: the king is in
/// check); `None` where the position is not modelled but for the attack, or the king is
/// not attacked.
#[inline(never)]
pub(crate) fn count_attacked(pos: &Position, c: &Circe) -> Option<u64> {
    let k = super::attacked_king(pos)?;
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let reborn = c.capturer == crate::rules::circe::Capturer::Reborn;
    let judge = Judge {
        #[cfg(debug_assertions)]
        pos,
        #[cfg(debug_assertions)]
        c,
        s,
        us,
        them,
        k,
        reborn,
    };
    let theirs = s.color[them.index()];
    super::count(|out| {
        all_unit_moves(s, us, |m, p, arrived| {
            let (from, to) = (m.from(), m.to());
            if !theirs.contains(to) {
                let king = if from == k { to } else { k };
                out.judged(m, || {
                    let b = super::plain_after(s, from, to, None, p, arrived);
                    !crate::fast::geometry::attacked(&b, king, them, b.occ, FirstRankPawns::Immobile)
                });
            } else if from != k || reborn {
                // (kings capture only where they are reborn)
                out.judged(m, || judge.capture_safe(from, to, p, arrived));
            }
        });
        en_passants(pos, |m, at| out.judged(m, || judge.capture_ep(m.from(), m.to(), at)));
        Some(())
    })
}

/// The legal moves (every judgement here is exact); `None` as for [`count`].
pub(crate) fn moves(pos: &Position, c: &Circe, list: &mut MoveList) -> Option<()> {
    run(pos, c, list)
}

#[inline(always)]
fn run<O: Out>(pos: &Position, c: &Circe, out: &mut O) -> Option<()> {
    let k = unattacked_king(pos)?;
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let theirs = s.color[them.index()];
    let (pinned, screens) = pins_and_screens(s, us, k);
    // the victims whose rebirth square could let them attack the king
    let to_weigh = crate::fast::rebirth_tables::victims_to_weigh(pos, c, them, Some(k), Bitboard::EMPTY);
    let reborn = c.capturer == crate::rules::circe::Capturer::Reborn;
    let judge = Judge {
        #[cfg(debug_assertions)]
        pos,
        #[cfg(debug_assertions)]
        c,
        s,
        us,
        them,
        k,
        reborn,
    };
    {
        let mut sink = Captures {
            out: &mut *out,
            pos,
            judge: &judge,
            theirs,
            judged_from: screens,
            judged_to: screens | to_weigh,
            king: k,
        };
        crate::orthodox::generate_with(pos, Bitboard::FULL, Bitboard::EMPTY, pinned, &mut sink);
    }
    // pinned units' captures off their line (the generator gives those on it)
    for from in pinned {
        let p = Piece::new(us, s.role_at(from));
        unit_moves(s, p, from, theirs & !line(k, from), |m, arrived| {
            out.judged(m, || judge.capture_safe(from, m.to(), p, arrived))
        });
    }
    // the king's captures, where kings capture: reborn on e1/e8
    if reborn {
        let king = Piece::new(us, Role::King);
        for to in crate::attacks::king_attacks(k) & theirs {
            out.judged(Move::new(k, to, MoveKind::Normal), || {
                judge.capture_safe(k, to, king, king)
            });
        }
    }
    en_passants(pos, |m, at| out.judged(m, || judge.capture_ep(m.from(), m.to(), at)));
    Some(())
}

/// The orthodox generator's moves: quiet moves as they come, the king's captures left out,
/// captures from `judged_from` or to `judged_to` judged on the board, the others legal.
struct Captures<'a, O: Out> {
    out: &'a mut O,
    /// (its mailbox gives a unit's walk in one read)
    pos: &'a Position,
    judge: &'a Judge<'a>,
    theirs: Bitboard,
    judged_from: Bitboard,
    judged_to: Bitboard,
    king: Square,
}

impl<O: Out> Captures<'_, O> {
    /// Judges the captures from `from` to `to_judge` by our unit `p` (a pawn's promoting: one
    /// judgement per promotion).
    #[inline(always)]
    fn judge_captures(&mut self, from: Square, to_judge: Bitboard, p: Piece, promotions: bool) {
        for to in to_judge {
            let judge = self.judge;
            if promotions {
                for r in Role::PROMOTIONS {
                    self.out.judged(Move::promotion(from, to, r), || {
                        judge.capture_safe(from, to, p, p.with_role(r))
                    });
                }
            } else {
                self.out.judged(Move::new(from, to, MoveKind::Normal), || {
                    judge.capture_safe(from, to, p, p)
                });
            }
        }
    }

    /// The pawn captures among the arrival squares `t` of pawn moves `delta` long: those
    /// from `judged_from` or to `judged_to` judged, the others given in bulk with the quiet
    /// moves (a loop only over the few judged: whether a pawn captures at all would
    /// mispredict).
    #[inline(always)]
    fn pawn_to_judge(&self, t: Bitboard, delta: i8) -> Bitboard {
        t & self.theirs & (self.judged_to | crate::orthodox::shift(self.judged_from, delta))
    }

    #[inline(always)]
    fn pawn_judged(&mut self, to_judge: Bitboard, delta: i8, promotions: bool) {
        let pawn = Piece::new(self.judge.us, Role::Pawn);
        for to in to_judge {
            let from = Square::new((to.index() as i8 - delta) as u8);
            self.judge_captures(from, Bitboard::from_square(to), pawn, promotions);
        }
    }
}

impl<O: Out> Sink for Captures<'_, O> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        // (the captures to judge picked without a branch: whether a unit captures at all,
        // or stands on a screen, would mispredict)
        let to_judge = t & self.theirs & (self.judged_to | Bitboard::FULL.when(self.judged_from.contains(from)));
        self.out.targets(from, t & !to_judge);
        if to_judge.any() {
            let p = Piece::new(self.judge.us, self.pos.role_on(from));
            self.judge_captures(from, to_judge, p, false);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        let to_judge = self.pawn_to_judge(t, delta);
        self.out.pawn_shift(t & !to_judge, delta, kind);
        self.pawn_judged(to_judge, delta, false);
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let to_judge = self.pawn_to_judge(t, delta);
        self.out.pawn_promotions(t & !to_judge, delta);
        self.pawn_judged(to_judge, delta, true);
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        if m.kind() == MoveKind::EnPassant {
            // (judged apart, with the rebirths)
            return;
        }
        if !self.theirs.contains(m.to()) {
            // quiet moves: the king's steps, castling, pinned units along their line
            self.out.one(m);
        } else if m.from() != self.king {
            // (the king's captures are judged apart, if kings capture at all)
            let p = Piece::new(self.judge.us, self.pos.role_on(m.from()));
            let judge = self.judge;
            self.out.judged(m, || judge.capture_safe(m.from(), m.to(), p, p));
        }
    }
}

/// Judges captures on the bitboards after them: a specialised copy of the shared model of a
/// move's effects (`fast::effects`), which debug builds check it against.
struct Judge<'a> {
    #[cfg(debug_assertions)]
    pos: &'a Position,
    #[cfg(debug_assertions)]
    c: &'a Circe,
    s: &'a Sets,
    us: Color,
    them: Color,
    /// Our king's square before the move.
    k: Square,
    /// The capturer is reborn (else it leaves the board).
    reborn: bool,
}

impl Judge<'_> {
    /// Is the capture `from`x`to` by our unit `p` (arriving as `arrived`) legal: both
    /// squares emptied, the capturer reborn first on its home square when free (a king: or
    /// the capture is illegal) if capturers are reborn, then the victim on its home square
    /// when free (the capture square included), our king unattacked after?
    #[inline(always)]
    fn capture_safe(&self, from: Square, to: Square, p: Piece, arrived: Piece) -> bool {
        let legal = self.capture_safe_here(from, to, p, arrived);
        #[cfg(debug_assertions)]
        self.check_with_model(crate::fast::effects::judged_move(from, to, p, arrived), legal);
        legal
    }

    /// Is our pawn's e.p. capture `from`x`ep` of the enemy pawn on `at` legal: the capturer
    /// reborn on its home square when free if capturers are reborn (else gone), the victim
    /// reborn on its own when free (both on the capture file), our king unattacked after?
    #[inline(always)]
    fn capture_ep(&self, from: Square, ep: Square, at: Square) -> bool {
        let legal = self.capture_ep_here(from, ep, at);
        #[cfg(debug_assertions)]
        self.check_with_model(Move::new(from, ep, MoveKind::EnPassant), legal);
        legal
    }

    #[cfg(debug_assertions)]
    fn check_with_model(&self, m: Move, legal: bool) {
        let attacked = |b: &Sets, k| crate::fast::geometry::attacked(b, k, self.them, b.occ, FirstRankPawns::Immobile);
        crate::fast::effects::assert_agrees(self.pos, Some(self.c), m, u64::from(legal), attacked, "kamikaze judge");
    }

    #[inline]
    fn capture_safe_here(&self, from: Square, to: Square, p: Piece, arrived: Piece) -> bool {
        debug_assert_eq!(p.color(), self.us);
        let mut b = *self.s;
        b.toggle(from, p);
        let Some(v) = b.piece_at(to) else { return false };
        b.toggle(to, v);
        let mut k = self.k;
        if self.reborn {
            let r = home_square(arrived.role(), arrived.color(), to);
            if !b.occ.contains(r) {
                b.toggle(r, arrived);
                if from == k {
                    k = r;
                }
            } else if from == k {
                return false;
            }
        }
        let r = home_square(v.role(), v.color(), to);
        if !b.occ.contains(r) {
            b.toggle(r, v);
        }
        !crate::fast::geometry::attacked(&b, k, self.them, b.occ, FirstRankPawns::Immobile)
    }

    #[inline(never)]
    fn capture_ep_here(&self, from: Square, ep: Square, at: Square) -> bool {
        let (pawn, victim) = (Piece::new(self.us, Role::Pawn), Piece::new(self.them, Role::Pawn));
        let mut b = *self.s;
        b.toggle(from, pawn);
        b.toggle(at, victim);
        if self.reborn {
            let r = home_square(Role::Pawn, self.us, ep);
            if !b.occ.contains(r) {
                b.toggle(r, pawn);
            }
        }
        let r = home_square(Role::Pawn, self.them, ep);
        if !b.occ.contains(r) {
            b.toggle(r, victim);
        }
        !crate::fast::geometry::attacked(&b, self.k, self.them, b.occ, FirstRankPawns::Immobile)
    }
}
