//! The victim family's moves judged on the board after them, the rebirth placed as the
//! rules place it and our king tested by plain attack (and, in Assassin Circe, by the
//! rebirth threat): the captures orthodox chess forbids that a reborn victim may make legal
//! by shielding the king ([`shielding_captures`]), the king's captures, the e.p. captures,
//! the moves of Volcanic's covered units, and whatever the sinks cannot weigh.

use super::assassin::assassin_at_home;
use super::parrain::{place_shield, Shield};
use crate::attacks::{between, line};
use crate::bitboard::Bitboard;
use crate::fast::effects::After;
use crate::fast::geometry::{attacked, checks_from};
use crate::fast::rebirth_tables::all_victims_reborn_in;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::rules::circe::{CaptureContext, Circe, Occupied, SquareRule, When};
use crate::square::{Piece, Role, Square};

/// The captures that orthodox chess forbids and a reborn victim may make legal, for `each`
/// (judged on the board): a pinned unit's captures off its pin line (the victim reborn on
/// the line shields the king), and under a line check any capture whose victim is reborn
/// between the checker and the king. When the rebirth square depends on the victim alone,
/// only the victims reborn on those lines are looked at; else every capture's rebirth
/// square is worked out ([`reborn_between`]), but in Platzwechsel, whose victims are reborn
/// on a square our unit leaves, never between the two.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, as `setup` returns it, and the units left out)
pub(crate) fn shielding_captures(
    pos: &Position,
    c: &Circe,
    k: Square,
    checkers: Bitboard,
    pinned: Bitboard,
    rays: Bitboard,
    skip: Bitboard,
    mut each: impl FnMut(Square, Square) -> Option<()>,
) -> Option<()> {
    if c.when != When::AtOnce {
        return Some(());
    }
    let block = checkers.first().map_or(Bitboard::EMPTY, |ch| between(k, ch));
    // (Assassin: a victim reborn on the checker's square replaces it)
    let block = if c.occupied == Occupied::Assassinate {
        block | checkers
    } else {
        block
    };
    if pinned.is_empty() && block.is_empty() {
        return Some(());
    }
    let by_victim = !c.square_depends_on_capture();
    // (Platzwechsel: the victim is reborn on the capturer's departure square, never on the
    // empty squares between the checker and the king)
    let departure = c.square == SquareRule::Departure;
    let us = pos.turn();
    let them = us.other();
    let s = pos.sets();
    let theirs = s.color[them.index()];
    let reborn_in = |squares: Bitboard| {
        if by_victim {
            all_victims_reborn_in(pos, c, them, squares)
        } else {
            theirs
        }
    };
    let shields = if pinned.any() { reborn_in(rays) } else { Bitboard::EMPTY };
    let blockers = if block.any() && !departure {
        reborn_in(block) & !checkers
    } else {
        Bitboard::EMPTY
    };
    // what the generator makes of a pinned unit: moves on its line that answer a check
    let checkmask = checkers.first().map_or(Bitboard::FULL, |ch| between(k, ch).with(ch));
    for p in pinned & !skip {
        let role = pos.piece_at(p)?.role();
        for to in crate::attacks::attacks(role, us, p, s.occ) & (shields | blockers) & !(line(k, p) & checkmask) {
            each(p, to)?;
        }
    }
    for to in blockers {
        for from in s.attackers_to(to, s.occ) & s.color[us.index()] & !pinned & !skip & !Bitboard::from_square(k) {
            // (a rebirth square that depends on the capture: only the captures reborn between)
            if by_victim || reborn_between(pos, c, from, to, block)? {
                each(from, to)?;
            }
        }
    }
    Some(())
}

/// Is the victim of the capture `from`x`to` reborn on one of `block`'s squares (for some
/// promotion of the capturer)?
fn reborn_between(pos: &Position, c: &Circe, from: Square, to: Square, block: Bitboard) -> Option<bool> {
    let p = pos.piece_at(from)?;
    Some(
        walks_on(p, to)
            .iter()
            .any(|&role| rebirth(pos, c, from, to, p, p.with_role(role)).is_some_and(|(_, r)| block.contains(r))),
    )
}

/// The reborn unit and its square, for the capture `from`x`to` by `capturer` arriving as
/// `arrived`; `None` when nothing is reborn now.
#[inline(always)]
pub(crate) fn rebirth(
    pos: &Position,
    c: &Circe,
    from: Square,
    to: Square,
    capturer: Piece,
    arrived: Piece,
) -> Option<(Piece, Square)> {
    let v = pos.piece_at(to)?;
    if c.when != When::AtOnce || v.role() == Role::King {
        return None;
    }
    let unit = v.with_role(c.reborn_walk(v, capturer));
    let vector = (
        to.file() as i32 - from.file() as i32,
        to.rank() as i32 - from.rank() as i32,
    );
    let ctx = CaptureContext {
        from,
        at: to,
        capturer_before: capturer,
        capturer_after: arrived,
        vector,
    };
    c.rebirth_square(unit, pos.origin(to), &ctx).map(|r| (unit, r))
}

/// Is our pawn's e.p. capture from `from` to `to` (the enemy pawn on `at`) legal, judged
/// on the board after it: the victim reborn at once (a taken square: it vanishes, is
/// buried, or the capture is illegal; Assassin: it replaces the occupant, but our king),
/// our king then unattacked. `None` where the general pipeline decides: a pending
/// rebirth, hidden units, kings reborn, a pawn reborn on its promotion rank.
pub(crate) fn en_passant(pos: &Position, c: &Circe, from: Square, to: Square, at: Square) -> Option<bool> {
    if pos.pending().is_some() || pos.hidden_mask().any() || c.victim_kings {
        return None;
    }
    let us = pos.turn();
    let k = pos.king(us)?;
    if assassin_at_home(pos, c, k) {
        // (a rebirth could remove the king: the general pipeline judges it)
        return None;
    }
    debug_assert_eq!(pos.piece_at(at).map(|v| v.role()), Some(Role::Pawn));
    // (the board after it by the shared model of a move's effects)
    match crate::fast::effects::after(pos, Some(c), Move::new(from, to, MoveKind::EnPassant)) {
        After::Illegal => Some(false),
        After::Board {
            sets: b, promote: None, ..
        } => Some(!attacked(&b, k, us.other(), b.occ, c.first_rank_pawns)),
        // (a pawn reborn on its promotion rank)
        _ => None,
    }
}

/// How many legal moves the capture `from`x`to` makes (one per promotion of the capturer
/// or of a reborn pawn), judged on the board after it: the king on `k` (or the capturing
/// king) unattacked, and under Assassin on one of our home squares, no capture rebirthing
/// one of our units on it.
pub(crate) fn on_board(pos: &Position, c: &Circe, k: Square, from: Square, to: Square, shield: Shield) -> Option<u64> {
    let n = on_board_here(pos, c, k, from, to, shield)?;
    // (a specialised copy of the shared model of a move's effects: debug builds check it
    // where both see the same move, no pending rebirth left out by the caller)
    #[cfg(debug_assertions)]
    if pos.pending().is_none() && !c.victim_kings {
        let (us, fr) = (pos.turn(), c.first_rank_pawns);
        let check = |b: &crate::position::Sets, sq| {
            attacked(b, sq, us.other(), b.occ, fr)
                || (c.occupied == Occupied::Assassinate
                    && crate::fast::general::threat_squares(us).contains(sq)
                    && crate::fast::general::assassination_threat(b, us, sq, fr, |att| att))
        };
        let p = pos.piece_at(from)?;
        let mut model = Some(0);
        for &role in walks_on(p, to) {
            let m = if role == p.role() {
                Move::new(from, to, MoveKind::Normal)
            } else {
                Move::promotion(from, to, role)
            };
            model = model
                .zip(crate::fast::effects::legal_by_model(pos, Some(c), m, check))
                .map(|(a, b)| a + b);
        }
        if let Some(model) = model {
            assert_eq!(
                n,
                model,
                "victim judge on the board vs the effects model: {from}{to} in {}",
                pos.fen()
            );
        }
    }
    Some(n)
}

fn on_board_here(pos: &Position, c: &Circe, k: Square, from: Square, to: Square, shield: Shield) -> Option<u64> {
    let us = pos.turn();
    let them = us.other();
    let p = pos.piece_at(from)?;
    let v = pos.piece_at(to);
    let roles = walks_on(p, to);
    let emerging = if pos.hidden_mask().contains(from) {
        pos.hidden_under(from)
    } else {
        None
    };
    let mut n = 0;
    for &role in roles {
        let arrived = p.with_role(role);
        let mut b = *pos.sets();
        b.toggle(from, p);
        if let Some(v) = v {
            b.toggle(to, v);
        }
        b.toggle(to, arrived);
        let times = place_shield(
            &mut b,
            shield,
            (
                to.file() as i32 - from.file() as i32,
                to.rank() as i32 - from.rank() as i32,
            ),
        );
        let king = if from == k { to } else { k };
        // (Volcanic: the earliest unit hidden under the square left emerges when it stays empty)
        // (Assassin: a king on one of our home squares may be removed by a rebirth)
        let threatened = c.occupied == Occupied::Assassinate && crate::fast::general::threat_squares(us).contains(king);
        let safe = |b: &crate::position::Sets| match emerging {
            Some(u) if !b.occ.contains(from) => {
                let mut e = *b;
                e.toggle(from, u);
                u64::from(!attacked(&e, king, them, e.occ, c.first_rank_pawns))
            }
            _ if threatened => u64::from(
                !attacked(b, king, them, b.occ, c.first_rank_pawns)
                    && !crate::fast::general::assassination_threat(b, us, king, c.first_rank_pawns, |att| att),
            ),
            _ => u64::from(!attacked(b, king, them, b.occ, c.first_rank_pawns)),
        };
        if v.is_none() || times > 1 {
            // (a pending rebirth and an immediate one never come together: Parrain)
            n += times * safe(&b);
            continue;
        }
        match rebirth(pos, c, from, to, p, arrived) {
            // Assassin: the reborn unit replaces the occupant, unless that is the mover's king
            Some((unit, r)) if b.occ.contains(r) && c.occupied == Occupied::Assassinate => {
                if r != king {
                    let occupant = b.piece_at(r)?;
                    b.toggle(r, occupant);
                    b.toggle(r, unit);
                    n += safe(&b);
                }
            }
            Some((_, r)) if b.occ.contains(r) => {
                if c.occupied != Occupied::Illegal {
                    n += safe(&b);
                }
            }
            Some((unit, r)) => {
                // a pawn reborn on its promotion rank: one move per walk it takes
                for &walk in walks_on(unit, r) {
                    let mut b = b;
                    b.toggle(r, unit.with_role(walk));
                    n += safe(&b);
                }
            }
            None => n += safe(&b),
        }
    }
    Some(n)
}

/// [`on_board`] for our king's capture from `k` on `to` without a board copy, when no
/// pending rebirth waits and a reborn unit removes none (not Assassin): legal when no enemy
/// unit attacks the arrival square once the victim is reborn (it may block a line), one
/// move per walk the reborn unit may take there (a pawn promoting) that does not check.
/// The victim's own attacks need no removing: none reaches its own square.
#[inline(always)]
pub(super) fn king_capture(pos: &Position, c: &Circe, k: Square, to: Square) -> u64 {
    let n = king_capture_here(pos, c, k, to);
    // (a specialised copy of the shared model of a move's effects: debug builds check it)
    #[cfg(debug_assertions)]
    if !c.victim_kings {
        let them = pos.turn().other();
        let attacked = |b: &crate::position::Sets, sq| attacked(b, sq, them, b.occ, c.first_rank_pawns);
        let m = Move::new(k, to, MoveKind::Normal);
        crate::fast::effects::assert_agrees(pos, Some(c), m, n, attacked, "victim king capture");
    }
    n
}

#[inline(always)]
fn king_capture_here(pos: &Position, c: &Circe, k: Square, to: Square) -> u64 {
    let s = pos.sets();
    let them = pos.turn().other();
    let fr = c.first_rank_pawns;
    let occ = s.occ.without(k);
    let king = Piece::new(pos.turn(), Role::King);
    let free = |occ: Bitboard| u64::from(!attacked(s, to, them, occ, fr));
    match rebirth(pos, c, k, to, king, king) {
        None => free(occ),
        Some((_, r)) if occ.contains(r) => match c.occupied {
            Occupied::Illegal => 0,
            _ => free(occ),
        },
        Some((unit, r)) => {
            let occ = occ.with(r);
            if free(occ) == 0 {
                return 0;
            }
            walks_on(unit, r)
                .iter()
                .filter(|&&walk| !checks_from(them, fr, walk, r, to, occ))
                .count() as u64
        }
    }
}

/// [`on_board`] for any move (castling: the king and the rook).
pub(super) fn on_board_move(pos: &Position, c: &Circe, k: Square, m: Move, shield: Shield) -> Option<u64> {
    if !m.is_castle() {
        return on_board(pos, c, k, m.from(), m.to(), shield);
    }
    let us = pos.turn();
    let (rf, rt) = crate::rules::effects::castling_rook(m);
    let mut b = crate::fast::exact::castled(pos.sets(), us, m);
    let dx = m.to().file() as i32 - m.from().file() as i32 + rt.file() as i32 - rf.file() as i32;
    let times = place_shield(&mut b, shield, (dx, 0));
    Some(times * u64::from(!attacked(&b, m.to(), us.other(), b.occ, c.first_rank_pawns)))
}

/// The walks a unit arriving on `r` (by a move or a rebirth) may take: a pawn on its
/// promotion rank promotes (one move per choice), any other keeps its walk.
#[inline(always)]
pub(crate) fn walks_on(unit: Piece, r: Square) -> &'static [Role] {
    if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() {
        &Role::PROMOTIONS
    } else {
        // (`Role::ALL` is in index order, from 1)
        &Role::ALL[unit.role().index() - 1..unit.role().index()]
    }
}

/// Volcanic: our units standing on hidden units whose moves the generator leaves out: when
/// one leaves its square, the earliest unit hidden there emerges (docs/rules.md), so their
/// moves are judged on the board ([`on_board`]); see [`covered_by`] for which.
#[inline(always)]
pub(super) fn covered(pos: &Position) -> Bitboard {
    if pos.hidden_mask().is_empty() {
        return Bitboard::EMPTY;
    }
    covered_by(pos)
}

/// [`covered`] where units are hidden: leaving its square, our unit lets the unit hidden
/// under it emerge there, which shuts every line through that square again (the rebirth
/// weighing knows it: [`crate::fast::general::victim_weight`]). A unit pinned to our king
/// (the emerging unit may shield the king, so moves off the line may be legal) and one over
/// an enemy unit that would attack our king from there (on an empty board) need the board;
/// the others move as any unit.
#[inline(never)]
fn covered_by(pos: &Position) -> Bitboard {
    let us = pos.turn();
    let s = pos.sets();
    let ours = s.color[us.index()];
    let Some(k) = pos.king(us) else {
        return pos.hidden_mask() & ours;
    };
    let mut out = crate::fast::exact::slider_pins(s, us, k) & pos.hidden_mask();
    for sq in pos.hidden_mask() & ours & !out {
        if pos
            .hidden_under(sq)
            .is_some_and(|u| u.color() != us && crate::rules::check::reaches_on_empty_board(u.role(), u.color(), sq, k))
        {
            out |= Bitboard::from_square(sq);
        }
    }
    out
}

/// The arrival squares of the pseudo-legal moves of our unit on `from` but e.p. and castling.
pub(super) fn unit_targets(s: &crate::position::Sets, from: Square) -> Bitboard {
    let mut t = Bitboard::EMPTY;
    let Some(p) = s.piece_at(from) else { return t };
    crate::fast::exact::unit_moves(s, p, from, Bitboard::FULL, |m, _| t = t.with(m.to()));
    t
}
