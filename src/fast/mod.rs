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
mod presets;
mod rebirth_tables;
mod victim;

pub(crate) use plan::Plan;
use plan::{Fallback, Path};

use crate::attacks::pawn_attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Sets, Undo};
use crate::rules::circe::{Capturer, Occupied, Victim, When};
use crate::rules::effects::{NoRecord, Outcome};
use crate::rules::Rules;
use crate::square::{Piece, Role, Square};
use general::General;

/// The number of legal moves of the side to move (what `Rules::for_each_legal` visits),
/// knowing for Cohen's rule the board of the position before the opponent's last move
/// (`board_then`): only moves that recreate that board can recreate that position, and
/// only those need the comparison.
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
    board_then: Option<&Sets>,
) -> u64 {
    if plan.cohen {
        return cohen_count(pos, rules, plan, before_last, board_then);
    }
    match (plan.path(), rules.circe.as_ref()) {
        (Path::Victim(i), Some(c)) => match victim::instances::BY_PRESET.count(i, pos, c) {
            Some(n) => n,
            None => count_rest(pos, rules, plan),
        },
        _ => count_other(pos, rules, plan),
    }
}

/// perft(2) of `pos` without playing its moves on the position, where the rules' short path
/// counts a position from its bitboards and castling flags alone (Mars Circe: the bitboards
/// after each move are built from `pos`'s); `None` elsewhere, and where the path declines
/// `pos`.
pub(crate) fn count_two(pos: &Position, rules: &Rules, plan: Plan) -> Option<u64> {
    match (plan.path(), rules.circe.as_ref()) {
        (Path::Mars { madrasi }, Some(c)) => exact::mars::count_two(pos, c, madrasi),
        _ => None,
    }
}

/// [`count_with`] by the other short paths (inlined here: a call of their own made them
/// slower), then [`count_rest`].
#[inline(never)]
fn count_other(pos: &mut Position, rules: &Rules, plan: Plan) -> u64 {
    match short_count(pos, rules, plan.path()) {
        Some(n) => n,
        None => count_rest(pos, rules, plan),
    }
}

/// [`count_with`] where the short path declined the position: the exact paths' attacked
/// kings, the victim family's e.p. captures, then the general counter ([`General`]) or the
/// generic pipeline. Cohen's rule apart: [`cohen_count`] corrects this count.
#[inline(never)]
fn count_rest(pos: &mut Position, rules: &Rules, plan: Plan) -> u64 {
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
    if let Some(n) = victim_en_passant(pos, rules, plan) {
        return n;
    }
    general_count(pos, rules, plan)
}

/// The positions no path counts: the general counter ([`General`]), or the generic
/// pipeline for what it does not model (Cohen's rule apart).
fn general_count(pos: &mut Position, rules: &Rules, plan: Plan) -> u64 {
    // a pending rebirth is modelled as Parrain places it: an occupied square makes it vanish
    let pending_other = pos.pending().is_some() && rules.circe.is_some_and(|c| c.occupied != Occupied::Vanish);
    if plan.fallback == Fallback::Generic || pending_other {
        return generic_count(pos, rules, None);
    }
    General::new(pos, rules).count(pos, rules)
}

/// [`count_with`] under Cohen's rule, which only takes moves away: the path's count as if
/// the rule were off, less the legal moves that recreate the position before the
/// opponent's last move. Such a move leaves the board as it was then, so it empties every
/// square occupied now whose unit differs then (rebirths, emergences and pending rebirths
/// only fill empty squares; Assassin's rebirths apart, which also replace an occupant),
/// and a square of the opponent's only a capturer that leaves it or an e.p. capture can
/// empty. Where no occupied square differs (a capture whose victim vanished, or swapped
/// places under Platzwechsel), the move must refill its own departure square, which a
/// quiet move never does. A unit of theirs missing now can come back only as the victim
/// reborn. The effects model ([`effects::after`]) gives the board after each move left;
/// the few that give the board of then are played through the generic pipeline, with and
/// without the comparison (the rest of the position may still differ).
#[inline(never)]
fn cohen_count(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    board_then: Option<&Sets>,
) -> u64 {
    // (the count as if the rule were off: the short path, or what counts the positions it
    // declines)
    let n = match short_count(pos, rules, plan.path()) {
        Some(n) => n,
        None => count_rest(pos, rules, plan),
    };
    let (Some(then), Some(hash_then)) = (board_then, before_last) else {
        return match before_last {
            // (no history: nothing to compare)
            None => n,
            // (a root with a history but no earlier board: every move compared)
            Some(_) => generic_count(pos, rules, before_last),
        };
    };
    let occ = pos.occupied();
    let occ_then = then.occ;
    let vacate = occ & !occ_then;
    // (a move empties at most three squares: e.p. under Anticirce, departure, arrival and
    // the victim's)
    if vacate.count() > 3 {
        return n;
    }
    let us = pos.turn();
    let them = us.other();
    let capturer_stays = rules.circe.is_none_or(|c| c.capturer == Capturer::Stays);
    let ep_victim = pos
        .ep_square()
        .and_then(|ep| ep.offset(0, -us.forward()))
        .map_or(Bitboard::EMPTY, Bitboard::from_square);
    if capturer_stays && (vacate & pos.by_color(them) & !ep_victim).any() {
        return n;
    }
    n - cohen_recreating(pos, rules, then, hash_then)
}

/// The legal moves of `pos` that recreate the position before the opponent's last move,
/// whose board was `then` and hash `hash_then` ([`cohen_count`], past its quick exits: a
/// call of its own, so that the many positions those settle do not pay for its frame).
#[inline(never)]
fn cohen_recreating(pos: &mut Position, rules: &Rules, then: &Sets, hash_then: u64) -> u64 {
    let occ = pos.occupied();
    let occ_then = then.occ;
    let us = pos.turn();
    let them = us.other();
    let c = rules.circe.as_ref();
    let ep = pos.ep_square();
    // the squares the move must empty: every square occupied now whose unit differs then
    // (empty then, or another unit), since only a departure, a capture or a capturer's
    // leaving changes an occupied square; a rebirth fills an empty one. Under Assassin a
    // rebirth also replaces the occupant: there only the squares empty then.
    let vacate = if c.is_some_and(|c| c.occupied == Occupied::Assassinate) {
        occ & !occ_then
    } else {
        occ & pos.sets().differing(then)
    };
    // (without a pending rebirth or a hidden unit to come up, a quiet move only empties
    // its departure square)
    let nothing_hidden = pos.hidden_mask().is_empty();
    let quiet_plain = nothing_hidden && pos.pending().is_none_or(|(unit, _)| unit.color() != us);
    // the units a move must add to give back the board of then, against the most it can
    // add ([`most_units_gained`]): a position with fewer units than then, by more, cannot
    // be undone, and captures are left out where they gain too few
    let needed = i64::from(occ_then.count()) - i64::from(occ.count());
    if needed > most_units_gained(pos, rules, false) {
        return 0;
    }
    let captures_may = needed <= most_units_gained(pos, rules, true);
    // (a square of theirs to empty: only a capture can)
    if vacate.first().is_some_and(|s| !pos.by_color(us).contains(s)) && !captures_may {
        return 0;
    }
    // a unit of theirs to put back on a square empty now: on our move only the rebirth of
    // the victim can (hidden units apart), so one square at most, and where the rebirth
    // square depends on the victim alone, only the victims reborn there
    let theirs_back = then.color[them.index()] & !occ;
    let mut victims_back = Bitboard::FULL;
    if theirs_back.any() && nothing_hidden {
        let Some(c) = c.filter(|c| c.victim == Victim::Reborn && c.when == When::AtOnce) else {
            return 0;
        };
        if theirs_back.more_than_one() {
            return 0;
        }
        if !c.square_depends_on_capture() {
            // (the tables weigh no king: under Rex Inclusive the king is a victim too)
            let king_victims = |kings: Bitboard| if c.victim_kings { kings } else { Bitboard::EMPTY };
            let victims = match vacate.first().and_then(|s| pos.piece_at(s).map(|v| (s, v))) {
                // (a unit of theirs to empty: the capture is of it)
                Some((s, v)) if v.color() == them && v.role() == Role::King => king_victims(Bitboard::from_square(s)),
                Some((s, v)) if v.color() == them => {
                    rebirth_tables::victims_reborn_in(pos, c, v, theirs_back) & Bitboard::from_square(s)
                }
                _ => {
                    rebirth_tables::all_victims_reborn_in(pos, c, them, theirs_back)
                        | king_victims(pos.pieces(them, Role::King))
                }
            };
            // (an e.p. capture's victim stands beside the e.p. square)
            let ep = ep.filter(|ep| ep.offset(0, -us.forward()).is_some_and(|v| victims.contains(v)));
            victims_back = victims | ep.map_or(Bitboard::EMPTY, Bitboard::from_square);
            if victims_back.is_empty() {
                return 0;
            }
        }
    }
    // (the moves that can empty a square of `vacate`: our unit's leaving it, or a capture
    // there or e.p. beside it; where no occupied square differs, only a capture can refill
    // its own departure square)
    let ep_square = ep.map_or(Bitboard::EMPTY, Bitboard::from_square);
    let (movers, targets) = match vacate.first() {
        Some(s) if pos.by_color(us).contains(s) => (Bitboard::from_square(s), Bitboard::FULL),
        Some(s) => {
            // (a capture comes from a unit attacking the square, Mars apart: there units
            // capture from their rebirth squares)
            let ep_capturers = ep.map_or(Bitboard::EMPTY, |ep| {
                pawn_attacks(them, ep) & pos.pieces(us, Role::Pawn)
            });
            let movers = if rules.is_mars() {
                Bitboard::FULL
            } else {
                (pos.sets().attackers_to(s, occ) & pos.by_color(us)) | ep_capturers
            };
            (movers, Bitboard::from_square(s) | ep_square)
        }
        None if quiet_plain && !captures_may => return 0,
        None if quiet_plain => (Bitboard::FULL, pos.by_color(them) | ep_square),
        None => (Bitboard::FULL, Bitboard::FULL),
    };
    let targets = victims_back
        & if captures_may {
            targets
        } else {
            targets & !pos.by_color(them) & !ep_square
        };
    // castling empties the king's square and a rook's, and fills two others
    let e = Square::from_coords(4, us.first_rank());
    let castling_may = pos.piece_at(e) == Some(Piece::new(us, Role::King))
        && [(6, MoveKind::CastleKing), (2, MoveKind::CastleQueen)]
            .into_iter()
            .any(|(file, kind)| {
                let m = Move::new(e, Square::from_coords(file, us.first_rank()), kind);
                effects::occupancy_after_plain(pos, c, m) == occ_then
            });
    if (movers.is_empty() || targets.is_empty()) && !castling_may {
        return 0;
    }
    let mut list = MoveList::new();
    crate::movegen::candidates_among(pos, rules, &mut list, movers, targets);
    if castling_may {
        crate::movegen::castling(pos, rules, &mut list);
    }
    let mut recreating = 0;
    for &m in list.iter() {
        if (vacate & !emptied_by(m)).any() {
            continue;
        }
        let captures = m.kind() == MoveKind::EnPassant || occ.contains(m.to());
        if !captures && effects::occupancy_after_plain(pos, c, m) != occ_then {
            continue;
        }
        let may_recreate = match effects::after(pos, c, m) {
            effects::After::Illegal => false,
            effects::After::Declined => true,
            effects::After::Board {
                sets, promote: None, ..
            } => sets == *then,
            // (the reborn pawn's walk is the choice: the board without it must be that of
            // then without the unit on its square)
            effects::After::Board {
                sets,
                promote: Some((r, _)),
                ..
            } => then.occ.contains(r) && sets.occ.with(r) == then.occ,
        };
        if may_recreate {
            recreating += generic_recreating(pos, rules, m, hash_then);
        }
    }
    recreating
}

/// The most units a move of the side to move in `pos` can add to the board (`capture`: a
/// capture, e.p. included; else any move): a displacement empties its departure square and
/// fills at most one (the arrival), a capture fills none (an e.p. capture one, emptying the
/// victim's), a removed capturer empties its arrival, a rebirth fills one square, and so
/// do a pending rebirth and each hidden unit that comes up on an emptied square (three at
/// most). Cohen's rule relies on it (`cohen_count`); the effects model's test holds every
/// move of the reference positions to it by the rules' own `effects::apply`.
pub(crate) fn most_units_gained(pos: &Position, rules: &Rules, capture: bool) -> i64 {
    let us = pos.turn();
    let pending = pos.pending().is_some_and(|(unit, _)| unit.color() == us);
    let up = i64::from(pending) + i64::from(pos.hidden_mask().count().min(3));
    if !capture {
        return up;
    }
    let (victim_now, capturer_gone) = rules.circe.map_or((false, false), |c| {
        (
            c.victim == Victim::Reborn && c.when == When::AtOnce,
            c.capturer == Capturer::Removed,
        )
    });
    up - 1 - i64::from(capturer_gone) + i64::from(victim_now)
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
fn victim_en_passant(pos: &mut Position, rules: &Rules, plan: Plan) -> Option<u64> {
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
        None => generic_one(pos, rules, Move::new(from, ep, MoveKind::EnPassant)),
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

/// Plays one candidate through the generic pipeline, Cohen's rule apart
/// ([`generic_recreating`] is its share); the number of legal moves it stands for (a reborn
/// pawn's promotion choices are expanded).
pub(crate) fn generic_one(pos: &mut Position, rules: &Rules, m: Move) -> u64 {
    generic_where(pos, rules, m, |_| true)
}

/// The number of legal moves candidate `m` stands for (as [`generic_one`], Cohen's rule
/// apart) that recreate the position whose hash is `hash_then`: each played once through
/// the generic pipeline, and compared while it stands on the board.
fn generic_recreating(pos: &mut Position, rules: &Rules, m: Move, hash_then: u64) -> u64 {
    generic_where(pos, rules, m, |after| after.hash() == hash_then)
}

/// The legal moves candidate `m` stands for (Cohen's rule apart) after which the position
/// passes `keep`.
fn generic_where(pos: &mut Position, rules: &Rules, m: Move, keep: impl Fn(&Position) -> bool) -> u64 {
    let mut undo = Undo::new();
    let mut play = |pos: &mut Position, m| {
        let out = rules.play(pos, m, &mut undo, &mut NoRecord, None);
        let kept = out == Outcome::Done && keep(pos);
        pos.unmake(&undo);
        (out, kept)
    };
    match play(pos, m) {
        (Outcome::NeedsChoice, _) => Role::PROMOTIONS
            .iter()
            .filter(|&&r| play(pos, m.with_rebirth_promotion(r)).1)
            .count() as u64,
        (_, kept) => u64::from(kept),
    }
}

/// The number of legal moves by the rules' short path; `None` when they have none or it
/// declines the position.
#[inline(always)]
fn short_count(pos: &Position, rules: &Rules, path: Path) -> Option<u64> {
    match path {
        Path::None => None,
        Path::Victim(i) => victim::instances::BY_PRESET.count(i, pos, rules.circe.as_ref()?),
        Path::Madrasi { kings, preset } => exact::madrasi::count(pos, kings, rules.circe.as_ref(), preset),
        Path::Isardam { kings, type_b, preset } => {
            exact::isardam::count(pos, kings, type_b, rules.circe.as_ref(), preset)
        }
        Path::Anticirce => exact::anticirce::count(pos, rules.circe.as_ref()?),
        Path::Kamikaze => exact::kamikaze::count(pos, rules.circe.as_ref()?),
        Path::Mars { madrasi } => exact::mars::count(pos, rules.circe.as_ref()?, madrasi),
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
        Path::Madrasi { kings, .. } => exact::madrasi::moves(pos, kings, rules.circe.as_ref(), sure),
        Path::Isardam { kings, type_b, .. } => exact::isardam::moves(pos, kings, type_b, rules.circe.as_ref(), sure),
        Path::Anticirce => exact::anticirce::moves(pos, rules.circe.as_ref()?, sure),
        Path::Kamikaze => exact::kamikaze::moves(pos, rules.circe.as_ref()?, sure),
        Path::Mars { madrasi } => exact::mars::moves(pos, rules.circe.as_ref()?, madrasi, sure),
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
