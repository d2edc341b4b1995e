//! The last ply of perft under plain Madrasi (and Madrasi Rex Inclusive).
//!
//! Observation between like orthodox units is mutual, so the units that observe an enemy
//! unit are paralysed themselves and never move. One move can therefore wake an enemy unit
//! only by standing between it and its one observer (a slider at a distance): such enemy
//! units are *wakeable*. Active and wakeable enemy units are the only possible attackers
//! after any move of ours but a king move; when none attacks the king now, the moves of our
//! active units are those of orthodox chess with the pins of those units only (a unit
//! "pinned" by a unit that stays paralysed moves freely, see docs/rules.md), counted in
//! bulk. The moves orthodox chess forbids and paralysis may allow — king moves onto
//! attacked squares, pinned units leaving their line, e.p., castling — are judged on the
//! board after the move: the king must not be attacked by a unit that no like unit of ours
//! observes there. When an active or wakeable unit attacks the king, every move is judged
//! so.
//!
//! Composed with a Circe rule (`circe+madrasi`, `anticirce-calvet+madrasi`, ...), quiet
//! moves and castling do exactly what they do under Madrasi alone; only captures have
//! effects (a victim or a capturer reborn, a capturer removed), and a reborn unit can
//! attack, block a line or wake a unit. Check on any judged board is an attack by an
//! unparalysed unit whose capture of the king the Circe rule lets leave the king gone
//! ([`effects::takes_king`]: Anticirce, Rex Inclusive). That check is never more than the
//! plain attack, so the bulk count's reasoning holds for the other moves unchanged. The
//! captures of the bulk (unpinned units but the king, no active or wakeable unit
//! attacking the king) are settled by where their units go: a unit added closes lines
//! and cannot open them, so it wakes no unit that could reach the king, and only a
//! reborn victim attacking the king, or a capturer leaving a square that screens the
//! king, can make the capture other than one legal move ([`captures_to_judge`],
//! `Judge::bulk_capture`). Those, and every capture outside the bulk, are judged on the
//! board the shared model of a move's effects gives ([`effects::after`]); debug builds
//! hold the settled captures to it. Composed with Circe Parrain, our unit pending from the
//! opponent's last capture is reborn after our move: the moves whose rebirth can matter are
//! judged on that board too ([`Judge::pending`]).

mod captures;

use super::{
    castlings_by_map, king_on, king_zone_attack_map, pinned, plain_after, plain_king, unit_moves, ButEnPassant, Out,
};
use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, pawn_attacks_of_set, queen_attacks,
    rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::fast::effects;
use crate::fast::presets::{by_preset, rules_of, GENERIC};
use crate::fast::rebirth_tables::CaptureDanger;
use crate::fast::victim::king_on_own_rebirth_square;
use crate::moves::{Move, MoveKind, MoveList};
use crate::orthodox::Counter;
use crate::position::{Position, Sets};
use crate::rules::circe::{Capturer, Circe, FirstRankPawns, Occupied, When};
use crate::rules::madrasi::observed_on;
use crate::square::{Color, Piece, Role, Square};
use captures::{captures_to_judge, Bulk};
use std::cell::Cell;

/// The number of legal moves, or `None` when the position is not modelled here (no king; a
/// pawn on its first or last rank: on its own first rank it observes nothing while it can
/// be observed; a pending rebirth, but ours under Circe Parrain: [`pending_king`]; hidden
/// units, but under enemy units with a Circe rule: [`composed_king`]).
/// `c`: the Circe rule composed with Madrasi, if any (`fast::plan` says which), and
/// `preset` its instance ([`crate::fast::presets`]).
pub(crate) fn count(pos: &Position, kings: bool, c: Option<&Circe>, preset: u8) -> Option<u64> {
    match c {
        None => super::count(|out| run::<_, false, false, false>(pos, kings, None, out)),
        Some(c) => COMPOSED[usize::from(preset)](pos, kings, c),
    }
}

/// [`count`] under a composed Circe rule: the position, `kings`, the rule.
type ComposedFn = fn(&Position, bool, &Circe) -> Option<u64>;

/// The count under a composed Circe rule, by instance.
static COMPOSED: [ComposedFn; GENERIC + 1] = by_preset!(count_composed);

/// The number of legal moves `run` gives under a composed rule. (Not through
/// `super::count`'s closure, which the compiler left out of line for these copies of `run`,
/// at about 1% of their instructions.)
#[inline(always)]
fn counted<const C: bool, const P: bool, const A: bool>(pos: &Position, kings: bool, c: Option<&Circe>) -> Option<u64> {
    let mut out = Counter(0);
    run::<_, C, P, A>(pos, kings, c, &mut out)?;
    Some(out.0)
}

/// [`count`] under a composed Circe rule, instance `N`: its rules a constant, so that each
/// rule's copy of `run` keeps only its own cases. Assassin Circe, whose check includes a
/// threat, and a pending Parrain rebirth have copies of their own.
fn count_composed<const N: usize>(pos: &Position, kings: bool, c: &Circe) -> Option<u64> {
    let c = rules_of::<N>(c);
    if pos.pending().is_some() {
        counted::<true, true, false>(pos, kings, Some(c))
    } else if c.occupied == Occupied::Assassinate {
        counted::<true, false, true>(pos, kings, Some(c))
    } else {
        counted::<true, false, false>(pos, kings, Some(c))
    }
}

/// The legal moves (every judgement here is exact: none needs the legality test); `None`
/// as for [`count`].
pub(crate) fn moves(pos: &Position, kings: bool, c: Option<&Circe>, list: &mut MoveList) -> Option<()> {
    match c {
        None => run::<_, false, false, false>(pos, kings, None, list),
        Some(_) if pos.pending().is_some() => run::<_, true, true, false>(pos, kings, c, list),
        Some(circe) if circe.occupied == Occupied::Assassinate => run::<_, true, false, true>(pos, kings, c, list),
        Some(_) => run::<_, true, false, false>(pos, kings, c, list),
    }
}

/// [`plain_king`] under a composed Circe rule `c`, which admits Volcanic's hidden units too
/// when only enemy units stand on them and the capturer stays: no move of ours empties
/// those squares then (a capture puts the capturer there; an e.p. capture is judged on the
/// model, which declines the emergence), so nothing comes up. (A capturer reborn or
/// removed leaves the capture square empty.)
#[inline(always)]
fn composed_king(pos: &Position, c: &Circe) -> Option<Square> {
    let hidden = pos.hidden_mask();
    if hidden.is_empty() || c.capturer != Capturer::Stays {
        return plain_king(pos);
    }
    let ours = pos.sets().color[pos.turn().index()];
    let pawns = pos.sets().role[Role::Pawn.index()];
    let plain = (hidden & ours).is_empty()
        && pos.pending().is_none()
        && (pawns & (Bitboard::rank(0) | Bitboard::rank(7))).is_empty();
    plain.then(|| pos.king(pos.turn())).flatten()
}

/// [`plain_king`] with a pending rebirth: Parrain's, of our unit captured on the
/// opponent's last move, reborn after our move ([`Judge::pending`]); nothing hidden.
#[inline(always)]
fn pending_king(pos: &Position, c: &Circe) -> Option<Square> {
    let (unit, _) = pos.pending()?;
    let pawns = pos.sets().role[Role::Pawn.index()];
    let plain = unit.color() == pos.turn()
        && c.when == When::AfterNextMove
        && pos.hidden_mask().is_empty()
        && (pawns & (Bitboard::rank(0) | Bitboard::rank(7))).is_empty();
    plain.then(|| pos.king(pos.turn())).flatten()
}

/// The units of walk `role` that like enemy units observe, both ways (`reach`: what a unit
/// of that walk on a square observes): (enemy units paralysed, ours paralysed, enemy
/// units one move could wake).
#[inline(always)]
fn observed(s: &Sets, us: Color, role: Role, reach: impl Fn(Square) -> Bitboard) -> (Bitboard, Bitboard, Bitboard) {
    let (mine, his) = (s.pieces(us, role), s.pieces(us.other(), role));
    let mut out = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    if mine.is_empty() {
        return out;
    }
    for e in his {
        let seen = reach(e) & mine;
        if seen.any() {
            out.0 = out.0.with(e);
            out.1 |= seen;
            if !seen.more_than_one() && between(seen.first().expect("an observer"), e).any() {
                out.2 = out.2.with(e);
            }
        }
    }
    out
}

#[inline(always)]
/// `C`: composed with the Circe rule `c` (a constant, so that Madrasi alone pays nothing
/// for the composition); `P`: with our pending Parrain rebirth (see [`Judge::pending`]);
/// `A`: under Assassin, whose check includes a threat (see [`Judge::threats`]).
fn run<O: Out, const C: bool, const P: bool, const A: bool>(
    pos: &Position,
    kings: bool,
    c: Option<&Circe>,
    out: &mut O,
) -> Option<()> {
    let k = match c {
        Some(c) if C && P => pending_king(pos, c)?,
        Some(c) if C => composed_king(pos, c)?,
        _ => plain_king(pos)?,
    };
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let occ = s.occ;
    let ours = s.color[us.index()];
    let theirs = s.color[them.index()];

    // paralysis, both ways at once (mutual), and the enemy units one move could wake
    let mut still_us = s.pieces(us, Role::Pawn) & pawn_attacks_of_set(them, s.pieces(them, Role::Pawn));
    let mut still_them = s.pieces(them, Role::Pawn) & pawn_attacks_of_set(us, s.pieces(us, Role::Pawn));
    let mut wakeable = Bitboard::EMPTY;
    let mut add = |(t, u, w): (Bitboard, Bitboard, Bitboard)| {
        still_them |= t;
        still_us |= u;
        wakeable |= w;
    };
    add(observed(s, us, Role::Knight, knight_attacks));
    add(observed(s, us, Role::Bishop, |e| bishop_attacks(e, occ)));
    add(observed(s, us, Role::Rook, |e| rook_attacks(e, occ)));
    add(observed(s, us, Role::Queen, |e| queen_attacks(e, occ)));
    if kings {
        add(observed(s, us, Role::King, king_attacks));
    }
    let danger = (theirs & !still_them) | wakeable;
    let mobile = ours & !still_us;
    let pending = pos.pending().filter(|_| P);
    let judge = Judge::<C, P, A> {
        pos,
        s,
        us,
        them,
        kings,
        k,
        circe: c,
        fr: c.map_or(FirstRankPawns::Immobile, |c| c.first_rank_pawns),
        screens: match c {
            Some(c) if C && c.capturer != Capturer::Stays => s
                .snipers(them, k)
                .into_iter()
                .fold(Bitboard::EMPTY, |b, sn| b | between(k, sn)),
            _ => Bitboard::EMPTY,
        },
        pending,
        matters: match pending {
            Some((unit, _)) if unit.role() == Role::Pawn => {
                wake_squares(s, us) | Bitboard::rank(unit.color().promotion_rank())
            }
            Some(_) => wake_squares(s, us),
            None => Bitboard::EMPTY,
        },
        // (Assassin: our home squares, where a capture could rebirth one of ours on the king)
        threats: crate::fast::general::threat_squares(us).when(A),
        declined: Cell::new(false),
    };
    // with a Circe rule, captures are judged one by one with their effects
    let forbid = if C { theirs } else { Bitboard::EMPTY };
    // units whose moves are judged one by one, each to the squares of its mask
    let threat = s.attackers_to(k, occ) & danger;
    // (Assassin, our king on one of our home squares: any move may make a threat or parry one)
    let judge_all = threat.any() || (A && judge.threats.contains(k));
    let judged_units = if judge_all {
        // an active or wakeable unit attacks the king: every move is judged
        mobile.without(k)
    } else {
        // pins by the units that are or could become active
        let dq = s.pieces(them, Role::Queen) & danger;
        let pinned = pinned(
            s,
            us,
            k,
            s.pieces(them, Role::Rook) & danger | dq,
            s.pieces(them, Role::Bishop) & danger | dq,
        );
        // the units but the king, with their orthodox pins (e.p. judged below)
        let movers = mobile.without(k);
        let danger = match c {
            Some(c) if C => CaptureDanger::new(pos, c, them, k, judge.screens),
            _ => None,
        };
        let uncapturable = match c {
            Some(c) if C => crate::fast::victim::uncapturable_victims(pos, c),
            _ => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        let mut captures = match c {
            Some(c) if C => captures_to_judge::<A>(pos, c, them, k, uncapturable.0),
            _ => Bitboard::EMPTY,
        };
        if let Some(b) = danger.and_then(|d| d.captured_from_any(s, movers)) {
            // (narrowed by our units' departure squares. The enemy king's capture, which the
            // model judges, is kept where one of them attacks it and the rule may let the
            // king survive it (reborn: Rex Inclusive). Elsewhere an attack on it by a unit
            // that can move is a check on the side not to move: the position is illegal,
            // and perft counts none such.)
            let king = s.pieces(them, Role::King);
            let attacked = || king.first().is_some_and(|e| (s.attackers_to(e, occ) & movers).any());
            let survives = c.is_some_and(|c| !effects::always_takes_king(c));
            debug_assert!(survives || !attacked(), "an illegal position: {}", pos.fen());
            captures &= b | king.when(survives && attacked());
        }
        // (debug builds: every capture through the judging sink, which holds those it does
        // not judge to one move each)
        if C && (P || captures.any() || uncapturable.0.any() || cfg!(debug_assertions)) {
            let mut bulk = Bulk::<O, C, P, A> {
                out: &mut *out,
                captures,
                danger,
                uncapturable,
                judge: &judge,
            };
            crate::orthodox::generate_with(pos, movers, Bitboard::EMPTY, pinned, &mut bulk);
        } else {
            // (no capture to judge: every move of the bulk is one legal move, as under
            // Madrasi alone, whose sink this shares)
            crate::orthodox::generate_with(pos, movers, Bitboard::EMPTY, pinned, &mut ButEnPassant(&mut *out));
        }
        // and pinned units leaving their line
        pinned & mobile
    };
    for from in judged_units {
        let mask = if judge_all { Bitboard::FULL } else { !line(k, from) };
        let p = Piece::new(us, s.role_at(from));
        unit_moves(s, p, from, mask, |m, arrived| {
            if C && (P || forbid.contains(m.to())) {
                out.judged_n(m, || judge.capture(m))
            } else {
                out.judged(m, || judge.after(from, m.to(), None, p, arrived))
            }
        });
    }
    // e.p.
    if let Some(ep) = pos.ep_square() {
        let victim = Square::new((ep.index() as i32 - 8 * us.forward()) as u8);
        if !occ.contains(ep) && pos.piece_at(victim) == Some(Piece::new(them, Role::Pawn)) {
            let pawn = Piece::new(us, Role::Pawn);
            for from in pawn_attacks(them, ep) & s.pieces(us, Role::Pawn) & mobile {
                let m = Move::new(from, ep, MoveKind::EnPassant);
                if C {
                    out.judged_n(m, || judge.capture(m));
                } else {
                    out.judged(m, || judge.after(from, ep, Some(victim), pawn, pawn));
                }
            }
        }
    }
    if mobile.contains(k) {
        let king = Piece::new(us, Role::King);
        // what every enemy unit attacks, paralysed or not, through our king's square, on
        // the king's zone: a square there outside it is safe for the king at once
        // (Assassin: the threat squares judged too). Under Rex Inclusive, our king on its
        // rebirth square: a step or a castling empties that square, where nothing else is
        // reborn, so no attack after it is a check, and no map is needed.
        let attack_map = if C && c.is_some_and(|c| king_on_own_rebirth_square(c, us, k)) {
            Bitboard::EMPTY
        } else {
            king_zone_attack_map(s, them, occ.without(k), k)
        };
        let hit = attack_map | judge.threats.when(A);
        let steps = king_attacks(k) & !ours;
        // (Assassin: a step onto one of our home squares is judged only where an enemy unit
        // attacks one of our units reborn there after it; castling, which moves the rook
        // too, onto any)
        let step_hit = if A {
            attack_map | judge.threatened_steps(steps & judge.threats & !forbid, occ.without(k))
        } else {
            hit
        };
        let free = steps & !step_hit & !forbid;
        let placed = if P {
            judge.pending_matters(k, free)
        } else {
            Bitboard::EMPTY
        };
        out.targets(k, free & !placed);
        for to in (steps & forbid & step_hit) | placed {
            let m = Move::new(k, to, MoveKind::Normal);
            out.judged_n(m, || judge.capture(m));
        }
        // (the king's captures onto squares no enemy unit attacks: settled where they can be)
        let unattacked_captures = steps & forbid & !step_hit;
        if C && unattacked_captures.any() {
            judge.king_captures(unattacked_captures, out);
        }
        for to in steps & step_hit & !forbid {
            let m = Move::new(k, to, MoveKind::Normal);
            if P {
                out.judged_n(m, || judge.capture(m));
            } else {
                out.judged(m, || judge.after(k, to, None, king, king));
            }
        }
        // (not out of check: attacked by an active unit, whose capture of the king the
        // composed Circe rule lets leave it gone)
        // (Assassin: nor by a threat, with the king on one of our home squares)
        if ((threat & !still_them).is_empty() && !(A && judge.threats.contains(k))) || (C && judge.safe(s, k)) {
            judge.castling(pos, hit, out);
        }
    }
    (!judge.declined.get()).then_some(())
}

/// Judges moves on the bitboards after them (`C`: under a composed Circe rule; `P`: with our
/// pending Parrain rebirth, `pending`).
struct Judge<'a, const C: bool, const P: bool, const A: bool> {
    pos: &'a Position,
    s: &'a Sets,
    us: Color,
    them: Color,
    kings: bool,
    /// Our king's square before the move.
    k: Square,
    /// The Circe rule composed with Madrasi, if any.
    circe: Option<&'a Circe>,
    fr: FirstRankPawns,
    /// Under a composed rule whose capturer leaves the capture square: the squares between
    /// our king and the enemy sliders on its lines (some unit of ours or theirs emptying
    /// one may open a line to the king); else empty.
    screens: Bitboard,
    /// Parrain: our unit captured on the opponent's last move and its capture square, reborn
    /// after our move on that square plus the move's vector, if empty then. Our unit added
    /// can only close lines: it may shield the king or paralyse an enemy unit, which makes
    /// no legal move illegal, or wake an enemy unit that one of our units observes through
    /// its square, which may. (An enemy unit with one such observer is wakeable, a danger
    /// the bulk already reckons with; one with two may lose one to the move, the other to
    /// the rebirth.) So a move the bulk (or the king's safe steps) holds legal stays legal
    /// unless its rebirth lands on such a square, or is a pawn's on its promotion rank (one
    /// move per walk): those ([`Judge::pending_matters`]) and every judged move are judged
    /// on the model's board, which places the unit.
    pending: Option<(Piece, Square)>,
    /// With `pending`: the squares where its rebirth matters (between our units and the
    /// like enemy units they observe on a line; a pawn's promotion rank).
    matters: Bitboard,
    /// Assassin: the squares where our king is in check by a threat too
    /// (our home squares); empty under the other rules. With the king on one, every move
    /// is judged; else only its own moves there.
    threats: Bitboard,
    /// A capture the model of effects does not model was met: the path declines.
    declined: Cell<bool>,
}

/// The squares between our sliders and the like enemy units they observe: our unit put on
/// one may wake the enemy unit (Madrasi).
#[inline(always)]
fn wake_squares(s: &Sets, us: Color) -> Bitboard {
    let them = us.other();
    let occ = s.occ;
    let mut w = Bitboard::EMPTY;
    for (role, reach) in [
        (Role::Bishop, bishop_attacks as fn(Square, Bitboard) -> Bitboard),
        (Role::Rook, rook_attacks),
        (Role::Queen, queen_attacks),
    ] {
        let mine = s.pieces(us, role);
        for e in s.pieces(them, role) {
            for o in reach(e, occ) & mine {
                w |= between(o, e);
            }
        }
    }
    w
}

impl<const C: bool, const P: bool, const A: bool> Judge<'_, C, P, A> {
    /// The arrivals among `t` of our unit leaving `from` whose move puts our pending unit on a
    /// square of `matters`: reborn on its capture square plus the move's vector, it lands on
    /// `r` when the arrival is `r` plus (`from` less the capture square), and `r` is empty
    /// after the move (empty now, or `from`; never the arrival, which the capturer holds).
    #[inline(always)]
    fn pending_matters(&self, from: Square, t: Bitboard) -> Bitboard {
        let Some((_, a)) = self.pending.filter(|_| P) else {
            return Bitboard::EMPTY;
        };
        let (dx, dy) = (
            from.file() as i32 - a.file() as i32,
            from.rank() as i32 - a.rank() as i32,
        );
        let mut arrivals = (self.matters & !self.s.occ).translate(dx, dy);
        if self.matters.contains(from) {
            if let Some(to) = from.offset(dx, dy) {
                arrivals = arrivals.with(to);
            }
        }
        t & arrivals
    }

    /// The arrivals among `t` of moves of one vector `v` whose rebirth of our pending unit
    /// matters (see [`Judge::pending_matters`]).
    #[inline(always)]
    fn pending_matters_by(&self, t: Bitboard, v: (i32, i32)) -> Bitboard {
        let Some(r) = self.pending.filter(|_| P).and_then(|(_, a)| a.offset(v.0, v.1)) else {
            return Bitboard::EMPTY;
        };
        if !self.matters.contains(r) {
            Bitboard::EMPTY
        } else if !self.s.occ.contains(r) {
            t
        } else {
            // (only the move that leaves `r` empties it)
            r.offset(v.0, v.1)
                .map_or(Bitboard::EMPTY, |to| t & Bitboard::from_square(to))
        }
    }

    /// Is the unit `p` going from `from` to `to` as `arrived` (capturing what stands on
    /// `to`, or on `ep`) legal: no active enemy unit attacks our king after it?
    #[inline]
    fn after(&self, from: Square, to: Square, ep: Option<Square>, p: Piece, arrived: Piece) -> bool {
        let k = if from == self.k { to } else { self.k };
        self.safe(&plain_after(self.s, from, to, ep, p, arrived), k)
    }

    /// Is our king on `k` out of check on board `b`: no enemy unit attacks it but units that
    /// a like unit of ours observes there, or (composed with a Circe rule) whose capture of
    /// the king would not leave it gone?
    #[inline]
    fn safe(&self, b: &Sets, k: Square) -> bool {
        let mut att = b.attackers_to(k, b.occ) & b.color[self.them.index()];
        if !C {
            // (no pawn on its first rank: `plain_king`, and no move here puts one there)
            return att.into_iter().all(|a| {
                observed_on(
                    b,
                    a,
                    Piece::new(self.them, b.role_at(a)),
                    self.kings,
                    FirstRankPawns::Immobile,
                    None,
                )
            });
        }
        if self.fr == FirstRankPawns::Immobile {
            att &= !(b.pieces(self.them, Role::Pawn) & Bitboard::rank(self.them.first_rank()));
        }
        att.into_iter()
            .all(|a| self.gives_no_check(b, a, Piece::new(self.them, b.role_at(a)), k))
            && !(A && self.threats.contains(k) && self.assassinated(b, k))
    }

    /// Assassin: the squares among `to` (our home squares) where our king, stepping there
    /// from the board `occ` it leaves, could be threatened: an enemy unit attacks one of our
    /// units reborn there (paralysed or not, a superset).
    #[inline(never)]
    fn threatened_steps(&self, to: Bitboard, occ: Bitboard) -> Bitboard {
        to.into_iter()
            .filter(|&t| {
                crate::fast::general::assassination_threat_with(self.s, occ.with(t), self.us, t, self.fr, |att| att)
            })
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    /// Assassin, our king on one of our home squares `k` on board `b`: could an enemy unit
    /// that no like unit of ours observes capture one of our units reborn on `k`?
    #[inline(never)]
    fn assassinated(&self, b: &Sets, k: Square) -> bool {
        crate::fast::general::assassination_threat(b, self.us, k, self.fr, |att| {
            att.into_iter()
                .filter(|&a| !observed_on(b, a, Piece::new(self.them, b.role_at(a)), self.kings, self.fr, None))
                .fold(Bitboard::EMPTY, Bitboard::with)
        })
    }

    /// Under a composed Circe rule: does the enemy unit `unit` on `a`, attacking our king on
    /// `k` on board `b`, give no check: a like unit of ours observes it, or its capture of the
    /// king would not leave the king gone?
    #[inline]
    fn gives_no_check(&self, b: &Sets, a: Square, unit: Piece, k: Square) -> bool {
        observed_on(b, a, unit, self.kings, self.fr, None)
            || self.circe.is_some_and(|c| !effects::takes_king(b, c, unit, a, k))
    }

    /// Castling (docs/rules.md): the king neither paralysed nor in check (both known here), the
    /// squares between king and rook empty, the passing square and the arrival square not
    /// attacked by active units (the rook's paralysis does not matter).
    /// `hit`: the squares any enemy unit attacks through our king's square.
    fn castling(&self, pos: &Position, hit: Bitboard, out: &mut impl Out) {
        let (s, us) = (self.s, self.us);
        // (with no enemy unit attacking either square, whatever its paralysis, legal: the
        // king leaving e1 opens no line onto them that the rook does not close)
        // (with our pending unit, every castling is judged: its rebirth may matter)
        let hit = if P { Bitboard::FULL } else { hit };
        castlings_by_map(pos, s, us, self.k, hit, out, |out, c| {
            if self.safe(&king_on(s, us, c.m.from(), c.pass), c.pass) {
                // (not through check: the legality test of a listed move looks at the
                // arrival only)
                let after = c.after(s, us);
                self.quiet(c.m, after.occ, out, || self.safe(&after, c.m.to()));
            }
        });
    }

    /// A move of ours that takes nothing (a castling), judged by `legal` on the board after
    /// it, or (`P`) where our pending unit's rebirth may change that board, the occupancy
    /// after the move being `occ`, on the model's. Debug builds hold the others to the model.
    /// (Castling only: for the pinned units' and the king's moves, finding the occupancy
    /// after each cost the copies without a pending unit more than it saved.)
    #[inline(always)]
    fn quiet(&self, m: Move, occ: Bitboard, out: &mut impl Out, legal: impl Fn() -> bool) {
        if P && self.pending_lands(m, occ) {
            out.judged_n(m, || self.capture(m));
        } else {
            #[cfg(debug_assertions)]
            if P {
                if let Some(n) = self.undeclined(|| self.capture(m)) {
                    assert_eq!(
                        n,
                        u64::from(legal()),
                        "{} in {}",
                        crate::notation::uci(m),
                        self.pos.fen()
                    );
                }
            }
            out.judged(m, legal);
        }
    }

    /// With our pending unit: may its rebirth after move `m` change the board, the occupancy
    /// after the move being `occ`? Not where its square (the capture square plus the move's
    /// vector) is off the board, nor where it is taken then and the unit vanishes (Parrain):
    /// the board is then the move's alone.
    #[inline(always)]
    fn pending_lands(&self, m: Move, occ: Bitboard) -> bool {
        let v = crate::rules::effects::move_vector(m);
        let vanishes = self.circe.is_some_and(|c| c.occupied == Occupied::Vanish);
        self.pending
            .and_then(|(_, a)| a.offset(v.0, v.1))
            .is_some_and(|r| !occ.contains(r) || !vanishes)
    }
}
