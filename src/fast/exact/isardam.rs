//! The last ply of perft under plain Isardam (types A and B, kings in or out), when the
//! board passes the Isardam test. With our king attacked, every move is judged on the board
//! after it (type B, where any attack is check: only the quiet moves that stand between the
//! king and its one attacker, or take it); what follows is the common case, the king
//! unattacked.
//!
//! The board before the move is clean, so a move can only create an observation through
//! what it changes: the unit where it arrives, and a line it opens where it leaves. A unit
//! of ours never stands where a like enemy unit observes it, so its leaving opens no line
//! onto a square that unit observes: the squares where our unit of walk W would be observed
//! are one fixed set per walk, what the enemy units of walk W observe now. The squares whose
//! emptying opens a line between two like enemy sliders are another fixed set. With the
//! king unattacked, a move of an unpinned unit gives no check under either type; so the
//! moves of the units standing on neither set are the orthodox ones minus the arrivals in
//! their walk's set, counted in bulk. King moves onto attacked squares or next to the enemy
//! king, pinned units, units on an opening square, promotions, e.p. and castling are judged
//! on the board after the move: the Isardam test of what changed, then check (type B: any
//! attack; type A: an attack whose king capture itself passes the test).
//!
//! Composed with a Circe rule (`circe+isardam`, `anticirce-calvet+isardam`, ...), quiet
//! moves and castling are unchanged; every capture is judged on the board the shared model
//! of effects gives ([`effects::after`]), where a reborn unit may stand observed or give
//! check. Check plays the king's capture by the same model ([`effects::king_taken`]):
//! under Anticirce the capturer must find its square, under Rex Inclusive the king must
//! not be reborn, under Kamikaze the capturer is gone from the board the test looks at.
//! Type B asks that board to pass the test too where the Circe rule plays the king's
//! capture to judge check, as Popeye does (docs/rules.md). Under Assassin, check is also a
//! threat: a capture, passing the test, of one of our units reborn where our king stands.
//! Only a king on one of our home squares can be threatened: with it there every move is
//! judged, elsewhere only the king's steps onto those squares.

use super::{castlings, king_on, plain_after, plain_king, slider_pins, unit_moves, Out};
use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, pawn_attacks_of_set, queen_attacks,
    rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::fast::effects::{self, After};
use crate::fast::presets::{by_preset, rules_of, GENERIC};
use crate::fast::victim::walks_on;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Sets};
use crate::rules::circe::{home_preimage_of, home_role, Capturer, Circe, FirstRankPawns, Occupied, Victim};
use crate::rules::isardam::{delta, passes_after, passes_sets, unit_observed};
use crate::square::{Color, Piece, Role, Square};
use std::cell::Cell;

/// What a pawn on its own first rank does on the board before the move, whatever the rule
/// composed: the path declines positions with such a pawn (see [`count`]), so the value is
/// never read for one; the boards after a capture, where a rebirth can put one, read the
/// rule's own ([`Judge::fr`]).
const FR: FirstRankPawns = FirstRankPawns::Immobile;

/// The number of legal moves, or `None` when the position is not modelled here (the board
/// fails the test; our king missing; a pawn on its first or last rank; hidden units or a
/// pending rebirth).
/// `c`: the Circe rule composed with Isardam, if any (`fast::plan` says which), and
/// `preset` its instance ([`crate::fast::presets`]).
pub(crate) fn count(pos: &Position, kings: bool, type_b: bool, c: Option<&Circe>, preset: u8) -> Option<u64> {
    match c {
        None => super::count(|out| run::<_, false, false, false>(pos, kings, type_b, None, out))
            .or_else(|| count_attacked(pos, kings, type_b, c)),
        Some(circe) => {
            COMPOSED[usize::from(preset)](pos, kings, type_b, circe).or_else(|| count_attacked(pos, kings, type_b, c))
        }
    }
}

/// [`count`] with our king attacked, where every move is judged (a copy of its own, so that
/// the other positions pay nothing for it; it declines the positions whose king is not
/// attacked, which [`count`] gives it only where the common path declined them).
#[inline(never)]
fn count_attacked(pos: &Position, kings: bool, type_b: bool, c: Option<&Circe>) -> Option<u64> {
    match c {
        None => super::count(|out| run::<_, false, false, true>(pos, kings, type_b, None, out)),
        Some(c) if c.occupied == Occupied::Assassinate => {
            super::count(|out| run::<_, true, true, true>(pos, kings, type_b, Some(c), out))
        }
        Some(_) => super::count(|out| run::<_, true, false, true>(pos, kings, type_b, c, out)),
    }
}

/// [`count`] under a composed Circe rule: the position, `kings`, `type_b`, the rule.
type ComposedFn = fn(&Position, bool, bool, &Circe) -> Option<u64>;

/// The count under a composed Circe rule with our king unattacked, by instance.
static COMPOSED: [ComposedFn; GENERIC + 1] = by_preset!(count_composed);

/// [`count`] under a composed Circe rule with our king unattacked, instance `N`: its rules a
/// constant, so that each rule's copy of `run` keeps only its own cases (Assassin Circe's
/// threat only its own).
fn count_composed<const N: usize>(pos: &Position, kings: bool, type_b: bool, c: &Circe) -> Option<u64> {
    let c = rules_of::<N>(c);
    if c.occupied == Occupied::Assassinate {
        super::count(|out| run::<_, true, true, false>(pos, kings, type_b, Some(c), out))
    } else {
        super::count(|out| run::<_, true, false, false>(pos, kings, type_b, Some(c), out))
    }
}

/// The legal moves (every judgement here is exact); `None` as for [`count`].
pub(crate) fn moves(pos: &Position, kings: bool, type_b: bool, c: Option<&Circe>, list: &mut MoveList) -> Option<()> {
    // (a position the first run declines after listing moves has its king unattacked: the
    // second run declines it before listing any)
    match c {
        None => run::<_, false, false, false>(pos, kings, type_b, None, list)
            .or_else(|| run::<_, false, false, true>(pos, kings, type_b, None, list)),
        Some(c) if c.occupied == Occupied::Assassinate => {
            run::<_, true, true, false>(pos, kings, type_b, Some(c), list)
                .or_else(|| run::<_, true, true, true>(pos, kings, type_b, Some(c), list))
        }
        Some(_) => run::<_, true, false, false>(pos, kings, type_b, c, list)
            .or_else(|| run::<_, true, false, true>(pos, kings, type_b, c, list)),
    }
}

#[inline(always)]
/// `C`: composed with the Circe rule `c` (a constant, so that Isardam alone pays nothing for
/// the composition); `A`: that rule is Assassin's (likewise); `K`: our king is attacked
/// (else the position is declined), and every move is judged (likewise).
fn run<O: Out, const C: bool, const A: bool, const K: bool>(
    pos: &Position,
    kings: bool,
    type_b: bool,
    c: Option<&Circe>,
    out: &mut O,
) -> Option<()> {
    let k = plain_king(pos)?;
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let occ = s.occ;
    if crate::fast::geometry::attacked(s, k, them, occ, FR) != K || !passes_sets(s, kings, FR, None) {
        return None;
    }
    let ours = s.color[us.index()];
    // where a unit of ours of each walk would stand observed (kings: Rex Inclusive only)
    let mut bad = [Bitboard::EMPTY; 7];
    bad[Role::Pawn.index()] = pawn_attacks_of_set(them, s.pieces(them, Role::Pawn));
    bad[Role::Knight.index()] = s
        .pieces(them, Role::Knight)
        .into_iter()
        .fold(Bitboard::EMPTY, |b, e| b | knight_attacks(e));
    bad[Role::Bishop.index()] = s
        .pieces(them, Role::Bishop)
        .into_iter()
        .fold(Bitboard::EMPTY, |b, e| b | bishop_attacks(e, occ));
    bad[Role::Rook.index()] = s
        .pieces(them, Role::Rook)
        .into_iter()
        .fold(Bitboard::EMPTY, |b, e| b | rook_attacks(e, occ));
    bad[Role::Queen.index()] = s
        .pieces(them, Role::Queen)
        .into_iter()
        .fold(Bitboard::EMPTY, |b, e| b | queen_attacks(e, occ));
    if kings {
        bad[Role::King.index()] = s
            .pieces(them, Role::King)
            .into_iter()
            .fold(Bitboard::EMPTY, |b, e| b | king_attacks(e));
    }
    // a double step that lands beside an enemy pawn is observed e.p. (docs/rules.md)
    let tp = s.pieces(them, Role::Pawn);
    let beside = tp.beside();
    // squares whose emptying opens a line between like enemy sliders
    let mut opening = Bitboard::EMPTY;
    for (role, reach) in [
        (Role::Bishop, bishop_attacks as fn(Square, Bitboard) -> Bitboard),
        (Role::Rook, rook_attacks),
        (Role::Queen, queen_attacks),
    ] {
        let bl = s.pieces(Color::Black, role);
        if bl.is_empty() {
            continue;
        }
        for w in s.pieces(Color::White, role) {
            for b in reach(w, Bitboard::EMPTY) & bl {
                let x = between(w, b) & occ;
                if !x.more_than_one() {
                    opening |= x;
                }
            }
        }
    }
    // orthodox pins
    let pinned = slider_pins(s, us, k);
    // Assassin: a king on one of our home squares can be threatened by a capture anywhere,
    // so every move is judged; elsewhere only the king's steps onto them
    let threats = crate::fast::general::threat_squares(us).when(A);
    let judged_units = if K || (A && threats.contains(k)) {
        ours
    } else {
        (pinned | opening) & ours
    };
    let judge = Judge {
        pos,
        s,
        us,
        them,
        kings,
        type_b,
        circe: c,
        king_capture: c
            .is_some_and(|c| c.capturer != Capturer::Stays || (c.victim == Victim::Reborn && c.victim_kings)),
        plays_king_capture: c.is_some_and(|c| c.check_plays_the_capture()),
        king_origin: pos.origin(k),
        threats,
        fr: c.map_or(FR, |c| c.first_rank_pawns),
        declined: Cell::new(false),
    };
    // with a Circe rule, captures are judged one by one with their effects
    let captures = if c.is_some() {
        s.color[them.index()]
    } else {
        Bitboard::EMPTY
    };
    {
        let mut sink = Masked::<_, C, A> {
            out: &mut *out,
            pos,
            bad: &bad,
            beside,
            judge: &judge,
            occ,
            captures,
        };
        crate::orthodox::generate_with(
            pos,
            ours.without(k) & !judged_units,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            &mut sink,
        );
    }
    // Type B, where check is any attack: with our king attacked, a quiet move is legal only
    // if it parries the attack, by standing between or (no Circe rule) taking the one
    // attacker. Under a Circe rule every capture is judged: a rebirth may parry too.
    let arrivals = if K && type_b && !judge.plays_king_capture {
        let checkers = s.attackers_to(k, occ) & s.color[them.index()];
        match checkers.first() {
            Some(a) if !checkers.more_than_one() => between(k, a).with(a) | captures,
            _ => captures,
        }
    } else {
        Bitboard::FULL
    };
    // pinned units and units on an opening square (with our king attacked, every unit):
    // every move judged
    for from in judged_units.without(k) {
        let p = Piece::new(us, s.role_at(from));
        unit_moves(s, p, from, arrivals, |m, arrived| {
            if C && captures.contains(m.to()) {
                return out.judged_n(m, || judge.capture(m));
            }
            let double = (m.kind() == MoveKind::DoublePush).then(|| m.to());
            out.judged(m, || judge.after(from, m.to(), None, p, arrived, k, double))
        });
    }
    // e.p.
    if let Some(ep) = pos.ep_square() {
        let victim = Square::new((ep.index() as i32 - 8 * us.forward()) as u8);
        if !occ.contains(ep) && pos.piece_at(victim) == Some(Piece::new(them, Role::Pawn)) {
            let pawn = Piece::new(us, Role::Pawn);
            for from in pawn_attacks(them, ep) & s.pieces(us, Role::Pawn) {
                let m = Move::new(from, ep, MoveKind::EnPassant);
                if C {
                    out.judged_n(m, || judge.capture(m));
                } else {
                    out.judged(m, || judge.after(from, ep, Some(victim), pawn, pawn, k, None));
                }
            }
        }
    }
    // the king
    let king = Piece::new(us, Role::King);
    let without = occ.without(k);
    let plain = !opening.contains(k);
    for to in king_attacks(k) & !ours {
        let m = Move::new(k, to, MoveKind::Normal);
        if C && captures.contains(to) {
            out.judged_n(m, || judge.capture(m));
        } else if plain
            && !bad[Role::King.index()].contains(to)
            && !crate::fast::geometry::attacked(s, to, them, without, FR)
            && (!A
                || !threats.contains(to)
                // (Assassin, onto one of our home squares: no threat where no enemy unit
                // attacks one of our units reborn there, whatever the test says of the capture)
                || !crate::fast::general::assassination_threat_with(s, without.with(to), us, to, FR, |att| att))
        {
            out.legal(m);
        } else {
            out.judged(m, || judge.after(k, to, None, king, king, to, None));
        }
    }
    // (not out of check)
    if !K || !judge.check(s, k, true, Left::NOTHING) {
        judge.castling(pos, k, out);
    }
    (!judge.declined.get()).then_some(())
}

/// The orthodox generator's moves of the units that stand on no opening square and are not
/// pinned, minus the arrivals where the unit would stand observed; promotions judged one by
/// one (the new walk looks through the square the pawn leaves), e.p. left out (judged apart).
struct Masked<'a, O: Out, const C: bool, const A: bool> {
    out: &'a mut O,
    /// (its mailbox gives a unit's walk in one read)
    pos: &'a Position,
    bad: &'a [Bitboard; 7],
    beside: Bitboard,
    judge: &'a Judge<'a, A>,
    occ: Bitboard,
    /// Under a composed Circe rule, the enemy units: captures judged with their effects.
    captures: Bitboard,
}

impl<O: Out, const C: bool, const A: bool> crate::orthodox::Sink for Masked<'_, O, C, A> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let role = self.pos.role_on(from);
        if !C {
            return self.out.targets(from, t & !self.bad[role.index()]);
        }
        self.out.targets(from, t & !self.bad[role.index()] & !self.captures);
        super::judge_each(
            &mut *self.out,
            t & self.captures,
            |_| from,
            false,
            |m| self.judge.capture(m),
        );
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        if C {
            super::judge_each(
                &mut *self.out,
                t & self.captures,
                |to| Square::new((to.index() as i8 - delta) as u8),
                false,
                |m| self.judge.capture(m),
            );
        }
        let mut t = t & !self.bad[Role::Pawn.index()] & !self.captures;
        if kind == MoveKind::DoublePush {
            t &= !self.beside;
        }
        self.out.pawn_shift(t, delta, kind);
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        if C {
            super::judge_each(
                &mut *self.out,
                t & self.captures,
                |to| Square::new((to.index() as i8 - delta) as u8),
                true,
                |m| self.judge.capture(m),
            );
        }
        for to in t & !self.captures {
            let from = Square::new((to.index() as i8 - delta) as u8);
            let occ = self.occ.without(from);
            for r in Role::PROMOTIONS {
                let seen =
                    crate::attacks::attacks(r, self.judge.us, to, occ) & self.pos.sets().pieces(self.judge.them, r);
                if seen.is_empty() {
                    self.out.legal(Move::promotion(from, to, r));
                }
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        // single moves of unpinned units: pawn moves come through the shifts, king moves
        // and castling are not generated (the king is left out)
        if m.kind() == MoveKind::EnPassant {
        } else if C && self.captures.contains(m.to()) {
            self.out.judged_n(m, || self.judge.capture(m));
        } else {
            self.out.one(m);
        }
    }
}

/// What a capture judged left beside its board, which our king's capture on that board
/// would bring back (nothing for every other move).
#[derive(Clone, Copy)]
struct Left {
    /// Parrain: the enemy unit awaiting its rebirth.
    pending: Option<(Piece, Square)>,
    /// Volcanic: the unit buried and where, which comes up once the enemy unit standing on
    /// that square leaves it to take our king.
    buried: Option<(Square, Piece)>,
}

impl Left {
    const NOTHING: Left = Left {
        pending: None,
        buried: None,
    };
}

/// Judges moves on the bitboards after them.
/// `A`: under Assassin Circe, whose check includes a threat.
struct Judge<'a, const A: bool> {
    pos: &'a Position,
    s: &'a Sets,
    us: Color,
    them: Color,
    kings: bool,
    type_b: bool,
    /// The Circe rule composed with Isardam, if any.
    circe: Option<&'a Circe>,
    /// That rule changes what a capture of the king leaves (the capturer reborn or removed,
    /// the king reborn): check then plays the capture by the shared model, as it does where
    /// the move judged left an enemy unit awaiting its Parrain rebirth.
    king_capture: bool,
    /// Check plays the king's capture ([`Circe::check_plays_the_capture`]): type B's check
    /// then also asks that capture to pass the test, as type A's always does.
    plays_king_capture: bool,
    /// Our king's diagram square (where Rex Inclusive under Diagram rules would rebirth it).
    king_origin: Option<Square>,
    /// Assassin: our home squares, where our king can be removed by a rebirth (else empty).
    threats: Bitboard,
    /// What a pawn on its own first rank does on the boards judged, where only a rebirth
    /// puts one (Parrain, Equipollents: it steps and captures; the other rules: nothing).
    fr: FirstRankPawns,
    /// A capture the model of effects does not model was met: the path declines.
    declined: Cell<bool>,
}

impl<const A: bool> Judge<'_, A> {
    /// The number of legal moves capture `m` stands for (one per walk of a pawn reborn on its
    /// promotion rank) under the composed Circe rule, on the board the model gives.
    #[inline(never)]
    fn capture(&self, m: Move) -> u64 {
        let c = self.circe.expect("captures are judged apart only under a Circe rule");
        // Parrain: the victim awaits its rebirth, which their king's capture would bring about
        let pending = effects::pending_after(self.pos, c, m);
        let legal = |b: &Sets, double, left| {
            b.pieces(self.us, Role::King)
                .first()
                .is_some_and(|k| self.legal(b, k, double, left))
        };
        match effects::after(self.pos, Some(c), m) {
            After::Illegal => 0,
            After::Declined => {
                self.declined.set(true);
                0
            }
            After::Board {
                sets,
                promote,
                double,
                buried,
            } => {
                let left = Left { pending, buried };
                match promote {
                    None => u64::from(legal(&sets, double, left)),
                    Some((r, unit)) => self.walks(sets, r, unit, double, left),
                }
            }
        }
    }

    /// The legal moves a capture stands for whose board `sets` awaits the walk of the pawn
    /// `unit` reborn on `r` on its promotion rank, one per walk. The walks differ only in
    /// the unit on `r`: once the board with one walk passes the test, so does the rest of
    /// the board with any other, and that walk's test is its unit's on `r` (a promoted walk
    /// observes what observes it). Debug builds hold that to the whole test.
    fn walks(&self, sets: Sets, r: Square, unit: Piece, double: Option<Square>, left: Left) -> u64 {
        // (the reborn unit is never our king)
        let Some(k) = sets.pieces(self.us, Role::King).first() else {
            return 0;
        };
        let mut rest_passes = false;
        let legal = Role::PROMOTIONS.iter().filter(|&&walk| {
            let reborn = unit.with_role(walk);
            let mut b = sets;
            b.toggle(r, reborn);
            let passes = if rest_passes {
                let passes = !unit_observed(&b, r, reborn, self.kings, self.fr, false);
                debug_assert_eq!(
                    passes,
                    self.passes(&b, double),
                    "walk {walk:?} on {r} in {}",
                    self.pos.fen()
                );
                passes
            } else {
                self.passes(&b, double)
            };
            rest_passes |= passes;
            passes && !self.check(&b, k, true, left)
        });
        legal.count() as u64
    }

    /// Is the unit `p` going from `from` to `to` as `arrived` (capturing what stands on `to`,
    /// or the pawn on `ep`) legal, our king then standing on `k`? `double`: a double step's
    /// arrival square.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn after(
        &self,
        from: Square,
        to: Square,
        ep: Option<Square>,
        p: Piece,
        arrived: Piece,
        k: Square,
        double: Option<Square>,
    ) -> bool {
        self.legal(&plain_after(self.s, from, to, ep, p, arrived), k, double, Left::NOTHING)
    }

    /// The board `b` after a move: passes the test, and our king on `k` is not in check.
    /// `left`: what the move, a capture, left beside the board.
    #[inline]
    fn legal(&self, b: &Sets, k: Square, double: Option<Square>, left: Left) -> bool {
        self.passes(b, double) && !self.check(b, k, true, left)
    }

    /// Does the board `b` after a move pass the Isardam test (the board before it does)?
    /// `double`: a double step's arrival square.
    #[inline]
    fn passes(&self, b: &Sets, double: Option<Square>) -> bool {
        let (placed, vacated) = delta(self.s, b);
        passes_after(b, placed, vacated, self.kings, self.fr, double)
    }

    /// Is our king on `k` in check on board `b` (`clean`: known to pass the test)? Type B:
    /// attacked; type A: attacked by a unit whose capture of the king passes the test (one
    /// promotion choice passing is enough; docs/rules.md).
    /// `left`: as for [`Judge::legal`]. Under Assassin, also a threat (see
    /// [`Judge::assassinated`]).
    #[inline]
    fn check(&self, b: &Sets, k: Square, clean: bool, left: Left) -> bool {
        self.attack_check(b, k, clean, left) || (A && self.threats.contains(k) && self.assassinated(b, k, clean))
    }

    /// [`Judge::check`] by an attack: the king's capture.
    fn attack_check(&self, b: &Sets, k: Square, clean: bool, left: Left) -> bool {
        // (a pawn on its own first rank, where only a rebirth puts one, captures nothing
        // unless the rule lets it)
        let mut att = b.attackers_to(k, b.occ) & b.color[self.them.index()];
        if self.fr == FirstRankPawns::Immobile {
            att &= !(b.pieces(self.them, Role::Pawn) & Bitboard::rank(self.them.first_rank()));
        }
        if att.is_empty() {
            return false;
        }
        if self.type_b && !self.plays_king_capture {
            return true;
        }
        // (Volcanic: the unit buried comes up where its cover leaves, which an enemy unit on
        // that square taking our king does)
        let buried = left.buried.filter(|&(r, _)| att.contains(r));
        if self.king_capture || left.pending.is_some() {
            if buried.is_some() {
                // (the model's king capture knows nothing of the unit coming up)
                self.declined.set(true);
                return false;
            }
            return self.check_by_model(b, k, clean, left.pending, att);
        }
        let king = Piece::new(self.us, Role::King);
        for a in att {
            let unit = Piece::new(self.them, b.role_at(a));
            let emerges = buried.filter(|&(r, _)| r == a);
            for &r in walks_on(unit, k) {
                let mut c = *b;
                c.toggle(a, unit);
                c.toggle(k, king);
                c.toggle(k, unit.with_role(r));
                let passes = if let Some((_, hidden)) = emerges {
                    c.toggle(a, hidden);
                    passes_sets(&c, self.kings, self.fr, None)
                } else if clean {
                    passes_after(
                        &c,
                        Bitboard::from_square(k),
                        Bitboard::from_square(a),
                        self.kings,
                        self.fr,
                        None,
                    )
                } else {
                    passes_sets(&c, self.kings, self.fr, None)
                };
                if passes {
                    return true;
                }
            }
        }
        false
    }

    /// [`Judge::check`] where the Circe rule changes what the king's capture by one of the
    /// units `att` leaves: each capture played by the shared model.
    #[inline(never)]
    fn check_by_model(
        &self,
        b: &Sets,
        k: Square,
        clean: bool,
        pending: Option<(Piece, Square)>,
        att: Bitboard,
    ) -> bool {
        let circe = self.circe.expect("a Circe rule changes the king's capture");
        for a in att {
            let unit = Piece::new(self.them, b.role_at(a));
            for &r in walks_on(unit, k) {
                let after = effects::king_taken(b, circe, unit, r, a, k, self.king_origin, pending);
                if self.removes_king(b, after, clean) {
                    return true;
                }
            }
        }
        false
    }

    /// Does an enemy capture on board `b`, whose board the model gives (`after`), remove our
    /// king on a board that passes the test (one walk of a pawn reborn promoting is enough)?
    /// `clean`: `b` is known to pass it. A capture the model declines makes the path decline.
    fn removes_king(&self, b: &Sets, after: After, clean: bool) -> bool {
        let (sets, promote) = match after {
            After::Board { sets, promote, .. } => (sets, promote),
            After::Illegal => return false,
            After::Declined => {
                self.declined.set(true);
                return false;
            }
        };
        sets.pieces(self.us, Role::King).is_empty()
            && effects::each_walk(sets, promote).any(|c| {
                if clean {
                    let (placed, vacated) = delta(b, &c);
                    passes_after(&c, placed, vacated, self.kings, self.fr, None)
                } else {
                    passes_sets(&c, self.kings, self.fr, None)
                }
            })
    }

    /// Assassin: is our king on `k`, one of our home squares, threatened on board `b`: can
    /// an enemy unit capture one of our units whose rebirth square is `k`, by a capture that
    /// passes the test (check plays it, docs/rules.md)? `clean`: as for [`Judge::check`].
    #[inline(never)]
    fn assassinated(&self, b: &Sets, k: Square, clean: bool) -> bool {
        let c = self.circe.expect("Assassin is a Circe rule");
        let Some(role) = home_role(self.us, k) else {
            return false;
        };
        let capturing = crate::fast::geometry::capturing(b, self.them, self.fr);
        for x in b.pieces(self.us, role) & home_preimage_of(role, self.us, k) {
            for a in b.attackers_to(x, b.occ) & capturing {
                let unit = Piece::new(self.them, b.role_at(a));
                for &r in walks_on(unit, x) {
                    // (the preset's home squares: no diagram square, no pending unit)
                    if self.removes_king(b, effects::taken(b, c, unit, r, a, x, None, None), clean) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Castling: not out of, through or into check (as each type defines it; the king is
    /// known not to be attacked), and the board after it passes the test.
    fn castling(&self, pos: &Position, k: Square, out: &mut impl Out) {
        let (s, us) = (self.s, self.us);
        castlings(pos, s, us, k, |c| {
            out.judged(c.m, || {
                // not through check: the king on the passing square (that board is not
                // tested, and its king may have opened a line)
                !self.check(&king_on(s, us, c.m.from(), c.pass), c.pass, false, Left::NOTHING)
                    && self.legal(&c.after(s, us), c.m.to(), None, Left::NOTHING)
            })
        });
    }
}
