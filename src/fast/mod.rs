//! The accelerators: the legal moves of a position counted (perft's last ply) or listed
//! (its inner plies) with less work than the rules' own pipeline, and with the same result.
//!
//! The rules ([`crate::rules`]) are the definition: the generic pipeline plays every
//! candidate move (`Rules::play`) and judges the board after it. The accelerators reach the
//! same answer while playing few moves or none. [`plan`] decides once per rule set which of them runs:
//!
//! * a short path ([`plan::Path`]) for a family of rule sets whose legality it decides
//!   from the orthodox generator and a few rebirth squares: the victim-rebirth family
//!   ([`victim`]), or one of the exact paths ([`exact`]: Madrasi, Isardam, Anticirce,
//!   Kamikaze, Mars);
//! * where the short path declines a position (one outside what it models), the general
//!   counter ([`general`]), or, for what that does not model either, the generic pipeline
//!   itself ([`generic_count`]).
//!
//! This module is the dispatch between them. The tests compare every accelerator with
//! `Rules::generic()`, which takes none.

pub(crate) mod effects;
mod exact;
mod general;
mod geometry;
pub(crate) mod plan;
mod rebirth_tables;
mod victim;

pub(crate) use plan::Plan;
use plan::{Fallback, Path};

use crate::attacks::pawn_attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Undo};
use crate::rules::circe::{Capturer, Occupied};
use crate::rules::effects::{NoRecord, Outcome};
use crate::rules::Rules;
use crate::square::{Piece, Role, Square};
use general::General;

/// The number of legal moves of the side to move (what `Rules::for_each_legal` visits),
/// knowing for Cohen's rule the occupancy of the position before the opponent's
/// last move: only moves that empty every square occupied now and empty then can recreate
/// that position, and only those need the comparison.
///
/// The victim family's instances are called from perft's loop itself, the other short
/// paths from `count_other`, and the positions they decline from `count_rest`: neither the
/// victim family nor the others pay for the frame of a function that holds the rest.
#[inline(always)]
pub(crate) fn count_with(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    before_last_occ: Option<Bitboard>,
) -> u64 {
    if plan.cohen {
        return cohen_count(pos, rules, plan, before_last, before_last_occ);
    }
    match (plan.path(), rules.circe.as_ref()) {
        (Path::Victim(i), Some(c)) => match victim::instances::BY_PRESET.count(i, pos, c) {
            Some(n) => n,
            None => count_rest(pos, rules, plan, before_last, before_last_occ),
        },
        _ => count_other(pos, rules, plan, before_last, before_last_occ),
    }
}

/// perft(2) of `pos` without playing its moves on the position, where the rules' short path
/// counts a position from its bitboards and castling flags alone (Mars Circe: the bitboards
/// after each move are built from `pos`'s); `None` elsewhere, and where the path declines
/// `pos`.
pub(crate) fn count_two(pos: &Position, rules: &Rules, plan: Plan) -> Option<u64> {
    match (plan.path(), rules.circe.as_ref()) {
        (Path::Mars, Some(c)) => exact::mars::count_two(pos, c),
        _ => None,
    }
}

/// [`count_with`] by the other short paths (inlined here: a call of their own made them
/// slower), then [`count_rest`].
#[inline(never)]
fn count_other(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    before_last_occ: Option<Bitboard>,
) -> u64 {
    match short_count(pos, rules, plan.path()) {
        Some(n) => n,
        None => count_rest(pos, rules, plan, before_last, before_last_occ),
    }
}

/// [`count_with`] where the short path declined the position: the exact paths' attacked
/// kings, the victim family's e.p. captures, then the general counter ([`General`]) or the
/// generic pipeline.
#[inline(never)]
fn count_rest(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    before_last_occ: Option<Bitboard>,
) -> u64 {
    // (the Anticirce and Kamikaze paths' positions whose king is attacked: judged move by
    // move there, out of their common path's way)
    let attacked = match (plan.path(), rules.circe.as_ref()) {
        (Path::Anticirce, Some(c)) => exact::anticirce::count_attacked(pos, c),
        (Path::Kamikaze, Some(c)) => exact::kamikaze::count_attacked(pos, c),
        _ => None,
    };
    if let Some(n) = attacked {
        return n;
    }
    if let Some(n) = victim_en_passant(pos, rules, plan, before_last) {
        return n;
    }
    general_count(pos, rules, plan, before_last, before_last_occ)
}

/// The positions no path counts: the general counter ([`General`]), or the generic
/// pipeline for what it does not model.
fn general_count(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    before_last_occ: Option<Bitboard>,
) -> u64 {
    // a pending rebirth is modelled as Parrain places it: an occupied square makes it vanish
    let pending_other = pos.pending().is_some() && rules.circe.is_some_and(|c| c.occupied != Occupied::Vanish);
    if plan.fallback == Fallback::Generic || pending_other {
        return generic_count(pos, rules, before_last);
    }
    let mut counter = General::new(pos, rules);
    if rules.cohen {
        counter.cohen = before_last;
        if let Some(occ) = before_last_occ {
            counter.cohen_vacate = pos.occupied() & !occ;
            // a move empties at most three squares (e.p.: departure, arrival, victim)
            if counter.cohen_vacate.count() > 3 {
                counter.cohen = None;
            }
        }
    }
    counter.count(pos, rules)
}

/// [`count_with`] under Cohen's rule, which only takes moves away: the path's count as if
/// the rule were off, less the legal moves that recreate the position before the
/// opponent's last move. Only a move that empties every square occupied now and empty
/// then can (rebirths, emergences and pending rebirths only fill squares), and a square of
/// the opponent's only a capturer that leaves it or an e.p. capture can empty: those few
/// moves are played through the generic pipeline, with and without the comparison.
#[inline(never)]
fn cohen_count(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    before_last_occ: Option<Bitboard>,
) -> u64 {
    // (no history: nothing to compare)
    let Some(occ_then) = before_last_occ.filter(|_| before_last.is_some()) else {
        return match before_last {
            None => short_count(pos, rules, plan.path()).unwrap_or_else(|| general_count(pos, rules, plan, None, None)),
            Some(_) => general_count(pos, rules, plan, before_last, before_last_occ),
        };
    };
    let vacate = pos.occupied() & !occ_then;
    // (nothing newly occupied: any move might; left to the general counter, which compares
    // every move)
    let modelled = !vacate.is_empty() && vacate.count() <= 3;
    let Some(n) = modelled.then(|| short_count(pos, rules, plan.path())).flatten() else {
        return general_count(pos, rules, plan, before_last, before_last_occ);
    };
    let them = pos.turn().other();
    let capturer_stays = rules.circe.is_none_or(|c| c.capturer == Capturer::Stays);
    let ep_victim = pos
        .ep_square()
        .and_then(|ep| ep.offset(0, -pos.turn().forward()))
        .map_or(Bitboard::EMPTY, Bitboard::from_square);
    if capturer_stays && (vacate & pos.by_color(them) & !ep_victim).any() {
        return n;
    }
    let mut list = MoveList::new();
    crate::movegen::candidates(pos, rules, &mut list);
    let mut recreating = 0;
    for &m in list.iter() {
        if (vacate & !emptied_by(m)).is_empty() {
            recreating += generic_one(pos, rules, m, None) - generic_one(pos, rules, m, before_last);
        }
    }
    n - recreating
}

/// The squares move `m` may empty: its departure and arrival squares (a capturer that
/// leaves), an e.p. victim's, a castling rook's.
#[inline(always)]
pub(crate) fn emptied_by(m: Move) -> Bitboard {
    let b = Bitboard::from_square(m.from()).with(m.to());
    match m.kind() {
        MoveKind::EnPassant => b.with(Square::from_coords(m.to().file(), m.from().rank())),
        MoveKind::CastleKing | MoveKind::CastleQueen => b.with(crate::rules::effects::castling_rook(m).0),
        _ => b,
    }
}

/// The victim family declines the positions where an e.p. capture can be made (its sinks
/// do not model one): they are counted there with the e.p. square cleared, and the e.p.
/// captures (two at most) judged on the board ([`victim::en_passant`]) or, where that
/// declines them, played through the generic pipeline; `None` when the family declines the
/// position for another reason too.
#[inline(never)]
fn victim_en_passant(pos: &mut Position, rules: &Rules, plan: Plan, before_last: Option<u64>) -> Option<u64> {
    let Path::Victim(_) = plan.path() else {
        return None;
    };
    let ep = pos.ep_square()?;
    let us = pos.turn();
    let them = us.other();
    let victim = ep.offset(0, -us.forward())?;
    let capturers = pawn_attacks(them, ep) & pos.pieces(us, Role::Pawn);
    if capturers.is_empty() || pos.occupied().contains(ep) || pos.piece_at(victim) != Some(Piece::new(them, Role::Pawn))
    {
        return None;
    }
    pos.set_ep_square(None);
    let n = short_count(pos, rules, plan.path());
    pos.set_ep_square(Some(ep));
    // (judged on the board where the plainest rules allow, else played)
    let c = rules.circe.as_ref()?;
    let judged = |pos: &mut Position, from| match victim::en_passant(pos, c, from, ep, victim) {
        Some(legal) => u64::from(legal),
        None => generic_one(pos, rules, Move::new(from, ep, MoveKind::EnPassant), before_last),
    };
    Some(n? + capturers.map(|from| judged(pos, from)).sum::<u64>())
}

/// The number of legal moves by the generic pipeline (every candidate played and judged):
/// the definition the accelerators must equal.
pub(crate) fn generic_count(pos: &mut Position, rules: &Rules, before_last: Option<u64>) -> u64 {
    let mut n = 0;
    rules.for_each_legal(pos, before_last, |_, _| n += 1);
    n
}

/// Plays one candidate through the generic pipeline; the number of legal moves it stands for
/// (a reborn pawn's promotion choices are expanded).
pub(crate) fn generic_one(pos: &mut Position, rules: &Rules, m: Move, before_last: Option<u64>) -> u64 {
    let mut undo = Undo::new();
    let out = rules.play(pos, m, &mut undo, &mut NoRecord, before_last);
    pos.unmake(&undo);
    match out {
        Outcome::Done => 1,
        Outcome::Illegal => 0,
        Outcome::NeedsChoice => Role::PROMOTIONS
            .iter()
            .filter(|&&r| {
                let o = rules.play(pos, m.with_rebirth_promotion(r), &mut undo, &mut NoRecord, before_last);
                pos.unmake(&undo);
                o == Outcome::Done
            })
            .count() as u64,
    }
}

/// The number of legal moves by the rules' short path; `None` when they have none or it
/// declines the position.
#[inline(always)]
fn short_count(pos: &Position, rules: &Rules, path: Path) -> Option<u64> {
    match path {
        Path::None => None,
        Path::Victim(i) => victim::instances::BY_PRESET.count(i, pos, rules.circe.as_ref()?),
        Path::Madrasi { kings } => exact::madrasi::count(pos, kings, rules.circe.as_ref()),
        Path::Isardam { kings, type_b } => exact::isardam::count(pos, kings, type_b, rules.circe.as_ref()),
        Path::Anticirce => exact::anticirce::count(pos, rules.circe.as_ref()?),
        Path::Kamikaze => exact::kamikaze::count(pos, rules.circe.as_ref()?),
        Path::Mars => exact::mars::count(pos, rules.circe.as_ref()?),
        Path::Orthodox => orthodox_count(pos),
    }
}

/// Cohen's rule alone: the orthodox generator's count (a call of its own, out of the other
/// paths' way).
#[inline(never)]
fn orthodox_count(pos: &Position) -> Option<u64> {
    orthodox_models(pos).then(|| crate::orthodox::count(pos))
}

/// The orthodox generator knows nothing of hidden units, pending rebirths and pawns on
/// their first rank (a position may hold them under any rules, Cohen's alone included,
/// where such a pawn is immobile): it declines those.
#[inline(always)]
fn orthodox_models(pos: &Position) -> bool {
    pos.hidden_mask().is_empty()
        && pos.pending().is_none()
        && (pos.sets().role[Role::Pawn.index()] & (Bitboard::rank(0) | Bitboard::rank(7))).is_empty()
}

/// The legal moves by the rules' short path, in two lists: legal for sure, and to be played
/// with the legality test (the exact paths leave it empty); `None` as for the count.
fn short_moves(pos: &Position, rules: &Rules, path: Path, sure: &mut MoveList, to_test: &mut MoveList) -> Option<()> {
    match path {
        Path::None => None,
        Path::Victim(i) => victim::instances::BY_PRESET.moves(i, pos, rules.circe.as_ref()?, sure, to_test),
        Path::Madrasi { kings } => exact::madrasi::moves(pos, kings, rules.circe.as_ref(), sure),
        Path::Isardam { kings, type_b } => exact::isardam::moves(pos, kings, type_b, rules.circe.as_ref(), sure),
        Path::Anticirce => exact::anticirce::moves(pos, rules.circe.as_ref()?, sure),
        Path::Kamikaze => exact::kamikaze::moves(pos, rules.circe.as_ref()?, sure),
        Path::Mars => exact::mars::moves(pos, rules.circe.as_ref()?, sure),
        Path::Orthodox => orthodox_models(pos).then(|| crate::orthodox::legal_moves(pos, sure)),
    }
}

/// [`Rules::for_each_legal`] in another order (perft's inner plies): where the plan has a
/// short path, the moves it knows to be legal are played without the legality test (they
/// are still played through the rules' effects, and a move whose effects ask for a choice
/// goes through the full test).
pub(crate) fn for_each_legal(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    mut f: impl FnMut(&mut Position, Move),
) {
    let mut sure = MoveList::new();
    let mut to_test = MoveList::new();
    let listed = short_moves(pos, rules, plan.path(), &mut sure, &mut to_test);
    if listed.is_none() {
        return rules.for_each_legal(pos, before_last, f);
    }
    let mut undo = Undo::new();
    for &m in sure.iter() {
        match crate::rules::effects::apply(
            pos,
            rules,
            m,
            &mut undo,
            &mut NoRecord,
            crate::rules::effects::Mode::Play,
        ) {
            Outcome::Done => {
                // (Cohen's rule: the paths list as if it were off)
                if !(plan.cohen && crate::rules::cohen::undoes_last_move(pos.hash(), before_last)) {
                    f(pos, m);
                }
                pos.unmake(&undo);
            }
            _ => {
                pos.unmake(&undo);
                rules.visit_if_legal(pos, m, before_last, &mut undo, &mut f);
            }
        }
    }
    for &m in to_test.iter() {
        rules.visit_if_legal(pos, m, before_last, &mut undo, &mut f);
    }
}
