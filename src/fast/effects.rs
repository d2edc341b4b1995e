//! The bitboard model of a move's effects: the board after a move, rebirths included,
//! computed on the bitboards alone ([`Sets`]) without touching the position.
//!
//! It states on bitboards what `rules::effects::apply` does on the position, in the same
//! order: the displacement (castling, e.p., promotion), the capturer's rebirth or removal,
//! the victim's rebirth (or nothing yet, when it becomes pending), the rebirth of a unit
//! pending from the opponent's last move (Parrain), and the emergence of hidden units.
//! What it does not model it declines ([`After::Declined`]): a hidden unit that would
//! emerge (its order and walk live in the position's journal), a rebirth that removes an
//! occupant whose capturer was reborn too. The test below holds it equal to `apply` for
//! every preset over the reference positions, and the accelerators that need the board
//! after a move build on it. The same effects give the board after a capture the opponent
//! could make ([`taken`]), which check plays where the rules make it more than an attack
//! (Isardam's test, Assassin's threat), held equal to the rules by a test of its own.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::{Position, Sets};
use crate::rules::circe::{home_square, CaptureContext, Capturer, Circe, Occupied, OwnSquare, Victim, When};
use crate::rules::effects::{castling_rook, move_vector};
use crate::square::{Color, Piece, Role, Square};

/// The board after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum After {
    /// The move's effects make it illegal (a taken square under Strict or Anticirce rules,
    /// our own king removed by an Assassin rebirth, a promotion choice the move cannot use).
    Illegal,
    /// Not modelled here: the move must be played on the position.
    Declined,
    /// The bitboards after the move.
    Board {
        sets: Sets,
        /// A pawn reborn on its promotion rank with no choice given: it is not on `sets`
        /// yet, one board per promotion follows (the move "needs a choice").
        promote: Option<(Square, Piece)>,
        /// The arrival square of a pawn's double step (which gives the opponent e.p.).
        double: Option<Square>,
        /// Volcanic: the victim buried under the occupant of its rebirth square (not on
        /// `sets`), which comes up where that occupant leaves.
        buried: Option<(Square, Piece)>,
    },
}

/// A rebirth-promotion choice: the one the move carries, whether a rebirth used it, and the
/// reborn pawn still to be promoted when the move carries none.
struct Choice {
    given: Option<Role>,
    used: bool,
    open: Option<(Square, Piece)>,
    /// (Not a choice: the unit a rebirth buried, where; see [`After::Board`].)
    buried: Option<(Square, Piece)>,
}

/// Why a rebirth stopped the model.
enum Stop {
    Illegal,
    Declined,
}

impl From<Stop> for After {
    fn from(s: Stop) -> After {
        match s {
            Stop::Illegal => After::Illegal,
            Stop::Declined => After::Declined,
        }
    }
}

/// Puts a reborn unit on `r`, by the rules' policy for a taken square.
fn place(b: &mut Sets, c: &Circe, r: Square, unit: Piece, mover: Color, choice: &mut Choice) -> Result<(), Stop> {
    // (a pawn reborn there awaits its promotion off the board, yet takes the square: a
    // later rebirth on it finds it occupied, as when the move is played with its choice)
    if choice.open.is_some_and(|(open, _)| open == r) {
        return match c.occupied {
            Occupied::Vanish => Ok(()),
            Occupied::Bury => {
                choice.buried = Some((r, unit));
                Ok(())
            }
            Occupied::Illegal => Err(Stop::Illegal),
            Occupied::Assassinate => Err(Stop::Declined),
        };
    }
    if b.occ.contains(r) {
        match c.occupied {
            Occupied::Vanish => return Ok(()),
            Occupied::Bury => {
                choice.buried = Some((r, unit));
                return Ok(());
            }
            Occupied::Illegal => return Err(Stop::Illegal),
            Occupied::Assassinate => {
                let colour = if b.color[Color::White.index()].contains(r) {
                    Color::White
                } else {
                    Color::Black
                };
                let occupant = Piece::new(colour, b.role_at(r));
                if occupant == Piece::new(mover, Role::King) {
                    return Err(Stop::Illegal);
                }
                b.toggle(r, occupant);
            }
        }
    }
    if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() {
        match choice.given {
            Some(role) => {
                choice.used = true;
                b.toggle(r, unit.with_role(role));
            }
            None if choice.open.is_none() => choice.open = Some((r, unit)),
            // (two pawns reborn promoting by one move: not modelled)
            None => return Err(Stop::Declined),
        }
        return Ok(());
    }
    b.toggle(r, unit);
    Ok(())
}

/// Where a capturer that is reborn goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CapturerRebirth {
    /// Reborn on this square.
    On(Square),
    /// Its square taken: it vanishes, or is buried under the occupant.
    Gone,
    /// The capture is illegal (its square taken under Anticirce, its own square under
    /// Cheylan's rule).
    Illegal,
    /// Assassin's rebirth onto an occupant: not modelled here.
    Declined,
}

/// The rebirth of the capturer `arrived` (with its walk after any promotion) that took on
/// `at`, arriving on `to`, under rules whose capturer is reborn (not a king they leave in
/// place), the board's occupancy once it has left `to` being `occ`. (A capturer is reborn
/// on its home square, never a pawn's promotion rank: no choice is made here.)
#[inline(always)]
pub(crate) fn capturer_rebirth(c: &Circe, arrived: Piece, at: Square, to: Square, occ: Bitboard) -> CapturerRebirth {
    let r = c.capturer_square(arrived, at);
    if r == to && c.own_square == OwnSquare::Illegal {
        return CapturerRebirth::Illegal;
    }
    if !occ.contains(r) {
        return CapturerRebirth::On(r);
    }
    match c.occupied {
        Occupied::Vanish | Occupied::Bury => CapturerRebirth::Gone,
        Occupied::Illegal => CapturerRebirth::Illegal,
        Occupied::Assassinate => CapturerRebirth::Declined,
    }
}

/// The board after candidate `m` of the side to move in `pos` under the Circe rules `c`
/// (none: orthodox effects), as `rules::effects::apply` plays it.
pub(crate) fn after(pos: &Position, c: Option<&Circe>, m: Move) -> After {
    let mut b = *pos.sets();
    let (from, to) = (m.from(), m.to());
    let Some(p) = pos.piece_at(from) else {
        return After::Illegal;
    };
    let mover = p.color();
    let mut choice = Choice {
        given: m.rebirth_promotion(),
        used: false,
        open: None,
        buried: None,
    };
    let mut double = None;
    let mut capture = None;
    let vector = if m.is_castle() {
        let (rf, rt) = castling_rook(m);
        let Some(rook) = pos.piece_at(rf) else {
            return After::Illegal;
        };
        b.toggle(from, p);
        b.toggle(rf, rook);
        b.toggle(to, p);
        b.toggle(rt, rook);
        move_vector(m)
    } else {
        let at = capture_square(m);
        let arrived = m.promotion_role().map_or(p, |r| p.with_role(r));
        b.toggle(from, p);
        if let Some(v) = pos.piece_at(at) {
            b.toggle(at, v);
            capture = Some((v, at, arrived));
        }
        b.toggle(to, arrived);
        if m.kind() == MoveKind::DoublePush {
            double = Some(to);
        }
        move_vector(m)
    };

    if let (Some(c), Some((v, at, arrived))) = (c, capture) {
        let ctx = CaptureContext {
            from,
            at,
            capturer_before: p,
            capturer_after: arrived,
            vector,
        };
        if let Err(stop) = capture_effects(&mut b, c, v, pos.origin(at), &ctx, to, &mut choice) {
            return stop.into();
        }
    }

    if let Some(c) = c {
        if let Err(stop) = pending_rebirth(&mut b, c, pos.pending(), vector, mover, &mut choice) {
            return stop.into();
        }
    }

    if (pos.hidden_mask() & !b.occ).any() {
        return After::Declined;
    }
    if choice.given.is_some() && !choice.used {
        return After::Illegal;
    }
    After::Board {
        sets: b,
        promote: choice.open,
        double,
        buried: choice.buried,
    }
}

/// A capture's own effects under the Circe rules `c`, on the board `b` where the capturer
/// (`ctx.capturer_after`) already stands on `to` and its victim `v` (of diagram square
/// `origin`) is gone from `ctx.at`: the capturer's rebirth or removal, then the victim's
/// rebirth. The one statement of them that the board after a move ([`after`]) and the
/// board after a capture the opponent could make ([`taken`]) share.
#[inline(always)]
fn capture_effects(
    b: &mut Sets,
    c: &Circe,
    v: Piece,
    origin: Option<Square>,
    ctx: &CaptureContext,
    to: Square,
    choice: &mut Choice,
) -> Result<(), Stop> {
    let (p, arrived, at) = (ctx.capturer_before, ctx.capturer_after, ctx.at);
    match c.capturer {
        Capturer::Stays => {}
        Capturer::Removed => b.toggle(to, arrived),
        Capturer::Reborn if arrived.role() == Role::King && !c.capturer_kings => {}
        Capturer::Reborn => {
            b.toggle(to, arrived);
            match capturer_rebirth(c, arrived, at, to, b.occ) {
                CapturerRebirth::On(r) => b.toggle(r, arrived),
                CapturerRebirth::Gone => {}
                CapturerRebirth::Illegal => return Err(Stop::Illegal),
                CapturerRebirth::Declined => return Err(Stop::Declined),
            }
        }
    }
    if victim_reborn(c, v) && c.when == When::AtOnce {
        let unit = v.with_role(c.reborn_walk(v, p));
        if let Some(r) = c.rebirth_square(unit, origin, ctx) {
            place(b, c, r, unit, p.color(), choice)?;
        }
    }
    Ok(())
}

/// Is the captured unit `v` reborn under the Circe rules `c` (now, or after the next move)?
#[inline(always)]
fn victim_reborn(c: &Circe, v: Piece) -> bool {
    c.victim == Victim::Reborn && (v.role() != Role::King || c.victim_kings)
}

/// The square of the unit move `m` captures, if it captures: its arrival square, or for
/// e.p. the passed pawn's.
#[inline(always)]
fn capture_square(m: Move) -> Square {
    if m.kind() == MoveKind::EnPassant {
        Square::from_coords(m.to().file(), m.from().rank())
    } else {
        m.to()
    }
}

/// Parrain: the unit that candidate `m` of the side to move in `pos` captures and leaves
/// awaiting its rebirth after the opponent's next move, with its capture square, as
/// `rules::effects::apply` records it; `None` when the move captures nothing or the rules
/// rebirth at once.
pub(crate) fn pending_after(pos: &Position, c: &Circe, m: Move) -> Option<(Piece, Square)> {
    if c.when != When::AfterNextMove {
        return None;
    }
    let at = capture_square(m);
    let (v, p) = (pos.piece_at(at)?, pos.piece_at(m.from())?);
    victim_reborn(c, v).then(|| (v.with_role(c.reborn_walk(v, p)), at))
}

/// Parrain: the unit captured on the opponent's last move (`pending`, with its capture
/// square) is reborn now, by a move of its side, on its capture square plus the move's
/// vector.
#[inline(always)]
fn pending_rebirth(
    b: &mut Sets,
    c: &Circe,
    pending: Option<(Piece, Square)>,
    vector: (i32, i32),
    mover: Color,
    choice: &mut Choice,
) -> Result<(), Stop> {
    if let Some((unit, at)) = pending {
        if unit.color() == mover {
            if let Some(r) = at.offset(vector.0, vector.1) {
                place(b, c, r, unit, mover, choice)?;
            }
        }
    }
    Ok(())
}

/// The board after the unit `unit` on `a` takes the enemy unit on `at` on board `b`, arriving
/// with the walk `walk` (another than its own only for a pawn promoting there), under the
/// Circe rules `c`, the victim's diagram square being `origin` and `pending` the unit
/// awaiting its Parrain rebirth (with its capture square), if any: a capture the opponent
/// could make, as the check definition plays it (docs/rules.md), by the same effects as
/// every move ([`capture_effects`], then the pending rebirth). `After::Illegal` where its
/// effects forbid it (Anticirce's capturer finds its square taken). No e.p. (a king is not
/// taken so), no hidden unit emerging (the callers decline positions with hidden units).
#[allow(clippy::too_many_arguments)]
pub(crate) fn taken(
    b: &Sets,
    c: &Circe,
    unit: Piece,
    walk: Role,
    a: Square,
    at: Square,
    origin: Option<Square>,
    pending: Option<(Piece, Square)>,
) -> After {
    let victim = Piece::new(unit.color().other(), b.role_at(at));
    let arrived = unit.with_role(walk);
    let mut x = *b;
    x.toggle(a, unit);
    x.toggle(at, victim);
    x.toggle(at, arrived);
    let vector = (at.file() as i32 - a.file() as i32, at.rank() as i32 - a.rank() as i32);
    let ctx = CaptureContext {
        from: a,
        at,
        capturer_before: unit,
        capturer_after: arrived,
        vector,
    };
    let mut choice = Choice {
        given: None,
        used: false,
        open: None,
        buried: None,
    };
    let effects = capture_effects(&mut x, c, victim, origin, &ctx, at, &mut choice)
        .and_then(|()| pending_rebirth(&mut x, c, pending, vector, unit.color(), &mut choice));
    match effects {
        Ok(()) => After::Board {
            sets: x,
            promote: choice.open,
            double: None,
            buried: choice.buried,
        },
        Err(stop) => stop.into(),
    }
}

/// [`taken`] for the capture of the king on `k`, where it leaves the king gone: the capture
/// that gives check. `After::Illegal` also where the king stays on the board (Rex
/// Inclusive's king reborn): no check by this unit and walk.
#[allow(clippy::too_many_arguments)]
pub(crate) fn king_taken(
    b: &Sets,
    c: &Circe,
    unit: Piece,
    walk: Role,
    a: Square,
    k: Square,
    origin: Option<Square>,
    pending: Option<(Piece, Square)>,
) -> After {
    match taken(b, c, unit, walk, a, k, origin, pending) {
        After::Board { sets, .. } if sets.pieces(unit.color().other(), Role::King).any() => After::Illegal,
        after => after,
    }
}

/// The boards a model's board stands for: itself, or with the pawn `promote` holds on its
/// square, once per promotion.
pub(crate) fn each_walk(sets: Sets, promote: Option<(Square, Piece)>) -> impl Iterator<Item = Sets> {
    let walks: &[Role] = if promote.is_some() { &Role::PROMOTIONS } else { &[] };
    let plain = promote.is_none().then_some(sets);
    plain.into_iter().chain(walks.iter().map(move |&w| {
        let (r, unit) = promote.expect("a pawn awaiting its walk");
        let mut b = sets;
        b.toggle(r, unit.with_role(w));
        b
    }))
}

/// The occupied squares after `m`, a move that captures nothing (a quiet move or
/// castling), without the whole model: its departure squares empty, its arrival squares
/// filled, the pending Parrain rebirth's square, and every hidden unit's square (one comes
/// up on each square left empty). Debug builds hold it to [`after`].
#[inline]
pub(crate) fn occupancy_after_plain(pos: &Position, c: Option<&Circe>, m: Move) -> Bitboard {
    let mut occ = pos.occupied().without(m.from()).with(m.to());
    if m.is_castle() {
        let (rf, rt) = castling_rook(m);
        occ = occ.without(rf).with(rt);
    }
    let mover = pos.turn();
    if let Some((_, at)) = pos.pending().filter(|(unit, _)| unit.color() == mover) {
        let (x, y) = move_vector(m);
        if let Some(r) = at.offset(x, y) {
            occ = occ.with(r);
        }
    }
    let occ = occ | pos.hidden_mask();
    // (held to the model where the move can be made: a unit of ours on its departure
    // square, its arrival squares empty; callers also ask of castling where our king is
    // not, and the model then moves whatever stands there)
    #[cfg(debug_assertions)]
    if let After::Board {
        sets, promote: None, ..
    } = after(pos, c, m)
    {
        let ours = pos.piece_at(m.from()).is_some_and(|p| p.color() == mover);
        let rook_to = m.is_castle().then(|| castling_rook(m).1);
        if ours && !pos.occupied().contains(m.to()) && rook_to.is_none_or(|rt| !pos.occupied().contains(rt)) {
            assert_eq!(sets.occ, occ, "{} in {}", crate::notation::uci(m), pos.fen());
        }
    }
    #[cfg(not(debug_assertions))]
    let _ = c;
    occ
}

/// Would the enemy unit `unit` on `a`, taking our king on `k` on board `b`, leave the king
/// gone under the Circe rules `c` (the check definition's capture, docs/rules.md)? Not when
/// the capturer must be reborn and cannot (Anticirce), nor when the king is reborn (Rex
/// Inclusive). A unit that can capture the king geometrically but not by this test gives
/// no check: every accelerator that judges check on a board after a move asks this.
#[inline]
pub(crate) fn takes_king(b: &Sets, c: &Circe, unit: Piece, a: Square, k: Square) -> bool {
    if always_takes_king(c) {
        return true;
    }
    if c.capturer == Capturer::Reborn
        && (unit.role() != Role::King || c.capturer_kings)
        && !anticirce_takes_king(b, c, unit, a, k)
    {
        return false;
    }
    if c.victim == Victim::Reborn && c.victim_kings {
        // the king survives when its rebirth square is empty once the capturer stands on k
        let e = home_square(Role::King, unit.color().other(), k);
        return e == k || (b.occ.contains(e) && e != a);
    }
    true
}

/// Does [`takes_king`] hold on every board under `c`: is neither the capturer nor the king
/// reborn? (A board need not be built to ask it then.)
#[inline(always)]
pub(crate) fn always_takes_king(c: &Circe) -> bool {
    c.capturer != Capturer::Reborn && !(c.victim == Victim::Reborn && c.victim_kings)
}

/// Anticirce: may the enemy unit `unit` on `a` take the king on `k`, on board `b`? The
/// capturer (promoted when a pawn takes on its last rank: one choice is enough) is reborn on
/// its home square, computed from `k`: it must be free, the square it leaves, or `k` itself
/// under Calvet's rule (or an occupied square must not forbid the capture).
pub(crate) fn anticirce_takes_king(b: &Sets, c: &Circe, unit: Piece, a: Square, k: Square) -> bool {
    let them = unit.color();
    let role = unit.role();
    let roles: &[Role] = if role == Role::Pawn && k.rank() == them.promotion_rank() {
        &Role::PROMOTIONS
    } else {
        std::slice::from_ref(&role)
    };
    roles.iter().any(|&ro| {
        let r = home_square(ro, them, k);
        if r == k {
            c.own_square == OwnSquare::Stays
        } else {
            r == a || !b.occ.contains(r) || c.occupied != Occupied::Illegal
        }
    })
}

/// The number of legal moves `m` makes (one per choice of a pawn reborn on its promotion
/// rank) by this model and the check test `check` (is our king on the square attacked on the
/// board?); `None` where the model declines. Debug builds hold the accelerators' specialised
/// judges to it: where a judge builds the board itself for speed, this is what it must equal.
#[cfg(debug_assertions)]
pub(crate) fn legal_by_model(
    pos: &Position,
    c: Option<&Circe>,
    m: Move,
    check: impl Fn(&Sets, Square) -> bool,
) -> Option<u64> {
    let us = pos.turn();
    let legal = |b: &Sets| u64::from(b.pieces(us, Role::King).first().is_some_and(|k| !check(b, k)));
    match after(pos, c, m) {
        After::Illegal => Some(0),
        After::Declined => None,
        After::Board {
            sets, promote: None, ..
        } => Some(legal(&sets)),
        After::Board {
            sets,
            promote: Some((r, unit)),
            ..
        } => Some(
            Role::PROMOTIONS
                .iter()
                .map(|&walk| {
                    let mut b = sets;
                    b.toggle(r, unit.with_role(walk));
                    legal(&b)
                })
                .sum(),
        ),
    }
}

/// The move a judge was asked about: `from`-`to` by `p`, arriving as `arrived` (a promotion
/// when the walk changed).
#[cfg(debug_assertions)]
pub(crate) fn judged_move(from: Square, to: Square, p: Piece, arrived: Piece) -> Move {
    if arrived == p {
        Move::new(from, to, MoveKind::Normal)
    } else {
        Move::promotion(from, to, arrived.role())
    }
}

/// Debug builds: a specialised judge (`who`) found `n` legal moves in `m`; the model must
/// agree wherever it does not decline.
#[cfg(debug_assertions)]
pub(crate) fn assert_agrees(
    pos: &Position,
    c: Option<&Circe>,
    m: Move,
    n: u64,
    check: impl Fn(&Sets, Square) -> bool,
    who: &str,
) {
    if let Some(model) = legal_by_model(pos, c, m, check) {
        assert_eq!(
            n,
            model,
            "{who} vs the effects model: {} in {}",
            crate::notation::uci(m),
            pos.fen()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveList;
    use crate::position::Undo;
    use crate::rules::effects::{apply, Mode, NoRecord, Outcome};
    use crate::rules::Rules;

    /// The reference positions of every preset (every 7th in debug builds), and the
    /// positions one candidate move after each.
    fn positions(variant: &str) -> Vec<Position> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("suites/reference");
        let path = root.join(format!("{variant}.yaml"));
        let step = if cfg!(debug_assertions) { 7 } else { 1 };
        let Ok(s) = crate::suite::load(&path) else {
            return Vec::new();
        };
        s.file
            .cases
            .iter()
            .step_by(step)
            .filter_map(|c| crate::fen::parse(&c.fen).ok())
            .collect()
    }

    /// [`positions`] of the variant (Circe's where it has none), and one ply deeper, after
    /// every `step`-th candidate move: pending rebirths, hidden units, e.p. squares and kings
    /// left en prise arise there.
    fn positions_and_after(variant: &str, rules: &Rules, step: usize) -> Vec<Position> {
        let mut seen = positions(variant);
        if seen.is_empty() {
            seen = positions("circe");
        }
        let mut more = Vec::new();
        for pos in &seen {
            let mut list = MoveList::new();
            let mut p = pos.clone();
            crate::movegen::candidates(&mut p, rules, &mut list);
            for &m in list.iter().step_by(step) {
                let mut undo = Undo::new();
                if apply(&mut p, rules, m, &mut undo, &mut NoRecord, Mode::Play) == Outcome::Done {
                    more.push(p.clone());
                }
                p.unmake(&undo);
            }
        }
        seen.extend(more);
        seen
    }

    /// For random positions x candidate moves x every preset: the model's board equals the
    /// position after `effects::apply`, and the model is illegal exactly where `apply` is.
    /// And by the rules, no move adds more units to the board than
    /// `fast::most_units_gained` allows.
    #[test]
    fn the_model_equals_the_rules_effects() {
        let mut presets: Vec<&str> = crate::rules::circe::PRESETS.iter().map(|p| p.0).collect();
        presets.push("orthodox");
        let mut compared = 0;
        let mut declined = 0;
        for name in presets {
            let rules = Rules::parse(name).unwrap();
            let c = rules.circe.as_ref();
            for mut pos in positions_and_after(name, &rules, 5) {
                let mut list = MoveList::new();
                crate::movegen::candidates(&mut pos, &rules, &mut list);
                let mut moves: Vec<Move> = list.iter().copied().collect();
                for &m in list.iter() {
                    moves.extend(Role::PROMOTIONS.map(|r| m.with_rebirth_promotion(r)));
                }
                for m in moves {
                    let model = after(&pos, c, m);
                    let mut undo = Undo::new();
                    let out = apply(&mut pos, &rules, m, &mut undo, &mut NoRecord, Mode::Play);
                    let real = *pos.sets();
                    pos.unmake(&undo);
                    let here = || format!("{name} {} {}", pos.fen(), crate::notation::uci(m));
                    // Cohen's rule relies on this (`fast::cohen_count`)
                    if out == Outcome::Done {
                        let capture = pos.occupied().contains(m.to()) || m.kind() == MoveKind::EnPassant;
                        let most = crate::fast::most_units_gained(&pos, &rules, capture);
                        let gained = i64::from(real.occ.count()) - i64::from(pos.occupied().count());
                        assert!(gained <= most, "{} gains {gained}, most {most}", here());
                    }
                    match (model, out) {
                        (After::Declined, _) => declined += 1,
                        (After::Illegal, Outcome::Illegal) => {}
                        (
                            After::Board {
                                sets, promote: None, ..
                            },
                            Outcome::Done,
                        ) => assert_eq!(sets, real, "{}", here()),
                        (
                            After::Board {
                                sets,
                                promote: Some((r, unit)),
                                ..
                            },
                            Outcome::NeedsChoice,
                        ) => {
                            // each choice: the open pawn promoted on the model's board
                            for role in Role::PROMOTIONS {
                                let mut promoted = sets;
                                promoted.toggle(r, unit.with_role(role));
                                let chosen = m.with_rebirth_promotion(role);
                                let out = apply(&mut pos, &rules, chosen, &mut undo, &mut NoRecord, Mode::Play);
                                let real = *pos.sets();
                                pos.unmake(&undo);
                                if out == Outcome::Done {
                                    let at = crate::notation::uci(chosen);
                                    assert_eq!(promoted, real, "{name} {} {at}", pos.fen());
                                }
                            }
                        }
                        (model, out) => panic!("{}: model {model:?}, rules {out:?}", here()),
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared > 10_000, "{compared} moves compared");
        assert!(declined * 50 < compared, "the model declined {declined} of {compared}");
    }

    /// For every preset, over the reference positions and those one candidate after them
    /// (where the mover may have left its king en prise, or left a unit pending): every
    /// capture of a unit of either side by the other that the geometry allows (the side not
    /// to move's: the captures check and Assassin's threat play), with each walk a promoting
    /// pawn may take, gives by [`taken`] the boards the rules' effects give (one per choice
    /// of a pawn reborn promoting), and is illegal exactly where the rules refuse it. For a
    /// king, [`king_taken`] is illegal exactly where the rules refuse the capture or leave the
    /// king on the board, and [`takes_king`], the quick test the accelerators ask, agrees
    /// with it where no rebirth is pending (the accelerators that ask it decline those).
    #[test]
    fn the_capture_the_opponent_could_make_equals_the_rules_effects() {
        let mut compared = 0;
        let mut refused = 0;
        let mut kings_refused = 0;
        let mut pending = 0;
        let mut declined = 0;
        for &(name, ..) in crate::rules::circe::PRESETS {
            let rules = Rules::parse(name).unwrap();
            let c = rules.circe.unwrap();
            for mut pos in positions_and_after(name, &rules, 1) {
                if pos.hidden_mask().any() {
                    continue;
                }
                for side in [Color::White, Color::Black] {
                    let them = side.other();
                    for x in pos.by_color(side) {
                        let is_king = pos.piece_at(x).unwrap().role() == Role::King;
                        let att = crate::rules::check::capturers(&pos, &rules, x, them);
                        for a in att {
                            let unit = pos.piece_at(a).unwrap();
                            let mut any = false;
                            for &walk in crate::fast::victim::walks_on(unit, x) {
                                let m = if walk != unit.role() {
                                    Move::promotion(a, x, walk)
                                } else {
                                    Move::new(a, x, MoveKind::Normal)
                                };
                                let here = format!("{name} {} {}", pos.fen(), crate::notation::uci(m));
                                let mut real = Vec::new();
                                for choice in [None].into_iter().chain(Role::PROMOTIONS.map(Some)) {
                                    let m = choice.map_or(m, |r| m.with_rebirth_promotion(r));
                                    let mut undo = Undo::new();
                                    let out = apply(&mut pos, &rules, m, &mut undo, &mut NoRecord, Mode::Probe);
                                    if out == Outcome::Done {
                                        real.push(*pos.sets());
                                    }
                                    pos.unmake(&undo);
                                }
                                let model = taken(pos.sets(), &c, unit, walk, a, x, pos.origin(x), pos.pending());
                                let boards: Vec<Sets> = match model {
                                    After::Declined => {
                                        declined += 1;
                                        continue;
                                    }
                                    After::Illegal => Vec::new(),
                                    After::Board { sets, promote, .. } => each_walk(sets, promote).collect(),
                                };
                                assert_eq!(boards, real, "{here}");
                                refused += usize::from(boards.is_empty());
                                pending += usize::from(pos.pending().is_some_and(|(u, _)| u.color() == them));
                                compared += 1;
                                if is_king {
                                    let gone: Vec<Sets> = real
                                        .into_iter()
                                        .filter(|b| b.pieces(side, Role::King).is_empty())
                                        .collect();
                                    let king = match king_taken(
                                        pos.sets(),
                                        &c,
                                        unit,
                                        walk,
                                        a,
                                        x,
                                        pos.origin(x),
                                        pos.pending(),
                                    ) {
                                        After::Board { sets, promote, .. } => each_walk(sets, promote).collect(),
                                        _ => Vec::new(),
                                    };
                                    assert_eq!(king, gone, "{here}");
                                    any |= !king.is_empty();
                                    kings_refused += usize::from(king.is_empty());
                                }
                            }
                            if is_king && pos.pending().is_none() && c.occupied != Occupied::Assassinate {
                                let quick = takes_king(pos.sets(), &c, unit, a, x);
                                assert_eq!(quick, any, "{name} {} {a}", pos.fen());
                            }
                        }
                    }
                }
            }
        }
        assert!(compared > 20_000, "{compared} captures compared");
        assert!(refused > 500, "only {refused} of {compared} captures refused");
        assert!(kings_refused > 50, "only {kings_refused} king captures refused");
        assert!(declined * 100 < compared, "{declined} of {compared} declined");
        assert!(pending > 50, "only {pending} captures with a pending rebirth");
        assert!(compared > 2_000, "{compared} king captures compared");
        assert!(refused > 50, "only {refused} of {compared} king captures refused");
    }
}
