//! What counts as check, for every composition, from one definition:
//!
//! > a side is in check when the opponent has a capture — pins ignored, but valid under the
//! > variant's own capture rules — after which that side's king is no longer on the board.
//!
//! So in Rex Inclusive a capture whose king is reborn is no check; in Anticirce a capture
//! whose capturer cannot be reborn is none; in Assassin a capture whose rebirth lands on the
//! king is one; Madrasi discards paralysed capturers; Isardam type A discards captures that
//! fail its test. Geometry finds the candidate capturers cheaply; when the variant's
//! effects can matter, the capture is played (`Mode::Probe`) and the board looked at.

use super::circe::{CaptureContext, CaptureFrom, Circe, FirstRankPawns, Occupied};
use super::effects::{self, Mode, NoRecord, Outcome};
use super::{isardam, madrasi, Observation, Rules};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::{Position, Sets, Undo};
use crate::square::{Color, Piece, Role, Square};

/// Units of `by` that could capture on `target` by the variant's geometry (Mars: from their
/// rebirth squares), ignoring pins and paralysis.
#[inline]
pub fn capturers(pos: &Position, rules: &Rules, target: Square, by: Color) -> Bitboard {
    match rules.circe {
        Some(c) if c.capture_from == CaptureFrom::RebirthSquare => mars_capturers(pos, &c, target, by),
        _ => {
            let mut a = pos.sets().attackers_to(target, pos.occupied()) & pos.by_color(by);
            if rules.first_rank_pawns() == FirstRankPawns::Immobile {
                a &= !(pos.pieces(by, Role::Pawn) & Bitboard::rank(by.first_rank()));
            }
            a
        }
    }
}

/// The square a Mars unit on `s` captures from, when it may capture at all.
#[inline]
pub fn mars_lift(pos: &Position, circe: &Circe, p: Piece, s: Square) -> Option<Square> {
    let r = circe.lift_square(p, s);
    if r != s && pos.occupied().contains(r) {
        None
    } else {
        Some(r)
    }
}

fn mars_capturers(pos: &Position, circe: &Circe, target: Square, by: Color) -> Bitboard {
    mars_capturers_on(pos.sets(), circe, target, by)
}

/// [`mars_capturers`] on bare bitboards.
pub(crate) fn mars_capturers_on(sets: &Sets, circe: &Circe, target: Square, by: Color) -> Bitboard {
    if circe.square == super::circe::SquareRule::Home {
        return mars_home_capturers(sets, circe, target, by);
    }
    let occ = sets.occ;
    let mut out = Bitboard::EMPTY;
    for role in Role::ALL {
        let mut units = sets.pieces(by, role);
        if role == Role::Pawn && circe.first_rank_pawns == FirstRankPawns::Immobile {
            units &= !Bitboard::rank(by.first_rank());
        }
        for s in units {
            let r = circe.lift_square(Piece::new(by, role), s);
            // cheap rejection: not even on an empty board
            if !reaches_on_empty_board(role, by, r, target) {
                continue;
            }
            if r != s && occ.contains(r) {
                continue;
            }
            // the square the unit was lifted from is empty for lines from the rebirth square
            if attacks::attacks(role, by, r, occ.without(s).with(r)).contains(target) {
                out = out.with(s);
            }
        }
    }
    out
}

/// Mars capturers when rebirth squares are home squares: a knight's, bishop's or rook's
/// depends only on its square's colour, a pawn's on its file, a queen's or king's on
/// nothing; a line from the rebirth square needs only the squares between it and the target.
fn mars_home_capturers(sets: &Sets, circe: &Circe, target: Square, by: Color) -> Bitboard {
    use super::circe::home_square;
    let occ = sets.occ;
    let mut out = Bitboard::EMPTY;
    // may the unit on `s` lift to `l`, and is the way from `l` to the target clear?
    let free = |s: Square, l: Square, slider: bool| -> bool {
        (l == s || !occ.contains(l)) && (!slider || (attacks::between(l, target) & occ.without(s)).is_empty())
    };
    for s in sets.pieces(by, Role::King) {
        let l = circe.lift_square(Piece::new(by, Role::King), s);
        if attacks::king_attacks(l).contains(target) && free(s, l, false) {
            out = out.with(s);
        }
    }
    // (most targets are out of reach of every home square but a king's)
    if !mars_home_reach()[by.index()][target.index()] {
        return out;
    }
    for (role, slider) in [(Role::Knight, false), (Role::Bishop, true), (Role::Rook, true)] {
        let units = sets.pieces(by, role);
        if units.is_empty() {
            continue;
        }
        for (squares, sample) in [(Bitboard::LIGHT, Square::A8), (Bitboard::DARK, Square::A1)] {
            let l = home_square(role, by, sample);
            if !reaches_on_empty_board(role, by, l, target) {
                continue;
            }
            for s in units & squares {
                if free(s, l, slider) {
                    out = out.with(s);
                }
            }
        }
    }
    let queens = sets.pieces(by, Role::Queen);
    if queens.any() {
        let l = home_square(Role::Queen, by, target);
        if reaches_on_empty_board(Role::Queen, by, l, target) {
            for s in queens {
                if free(s, l, true) {
                    out = out.with(s);
                }
            }
        }
    }
    let mut pawns = sets.pieces(by, Role::Pawn);
    if circe.first_rank_pawns == FirstRankPawns::Immobile {
        pawns &= !Bitboard::rank(by.first_rank());
    }
    if pawns.any() {
        // rebirth squares on the pawn rank from which the target is captured
        for l in attacks::pawn_attacks(by.other(), target) & Bitboard::rank(by.pawn_rank()) {
            for s in pawns & Bitboard::file(l.file()) {
                if free(s, l, false) {
                    out = out.with(s);
                }
            }
        }
    }
    out
}

/// Mars Circe, home squares: can no unit of `by` capture on `target` from its rebirth
/// square, whatever the board (the kings of `by` standing on `kings`)?
pub(crate) fn mars_out_of_reach(circe: &Circe, by: Color, target: Square, kings: Bitboard) -> bool {
    circe.square == super::circe::SquareRule::Home
        && !mars_home_reach()[by.index()][target.index()]
        && kings.into_iter().all(|s| {
            let l = circe.lift_square(Piece::new(by, Role::King), s);
            !attacks::king_attacks(l).contains(target)
        })
}

/// `[colour][target]`: could a unit of that colour but a king capture on the target from its
/// home square (wherever it stands) on an empty board?
fn mars_home_reach() -> &'static [[bool; 64]; 2] {
    static TABLE: std::sync::OnceLock<[[bool; 64]; 2]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[false; 64]; 2];
        // (from the 16 home squares of a side, each with the one walk whose home it is,
        // not from every walk's 64 squares: built once per process, that cost a million
        // instructions)
        for by in [Color::White, Color::Black] {
            for l in super::circe::home_squares(by) {
                let role = super::circe::home_role(by, l).expect("a home square has its walk");
                for target in 0..64u8 {
                    if reaches_on_empty_board(role, by, l, Square::new(target)) {
                        t[by.index()][target as usize] = true;
                    }
                }
            }
        }
        t
    })
}

/// Could a unit of this walk on `from` capture on `to` on an empty board?
#[inline(always)]
pub(crate) fn reaches_on_empty_board(role: Role, by: Color, from: Square, to: Square) -> bool {
    attacks::attacks_on_empty_board(role, by, from).contains(to)
}

/// Drops paralysed units (Madrasi) from a set of would-be capturers.
#[inline]
pub fn unparalysed(pos: &Position, rules: &Rules, set: Bitboard) -> Bitboard {
    match rules.observation {
        Observation::Madrasi { kings } => {
            unparalysed_on(pos.sets(), set, kings, rules.first_rank_pawns(), rules.mars())
        }
        _ => set,
    }
}

/// [`unparalysed`] under Madrasi (kings paralysed too with `kings`) on bare bitboards.
#[inline]
pub(crate) fn unparalysed_on(
    sets: &Sets,
    set: Bitboard,
    kings: bool,
    fr: FirstRankPawns,
    mars: Option<&Circe>,
) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for s in set {
        match sets.piece_at(s) {
            Some(p) if madrasi::observed_on(sets, s, p, kings, fr, mars) => {}
            _ => out = out.with(s),
        }
    }
    out
}

/// Is `side` in check (by the variant's own definition)?
pub fn in_check(pos: &mut Position, rules: &Rules, side: Color) -> bool {
    let Some(k) = pos.king(side) else { return false };
    let enemy = side.other();
    let att = unparalysed(pos, rules, capturers(pos, rules, k, enemy));
    if att.any() {
        if rules.king_capture_is_plain() {
            return true;
        }
        for a in att {
            if capture_removes_king(pos, rules, a, k, side) {
                return true;
            }
        }
    }
    if let Some(c) = rules.circe {
        if c.occupied == Occupied::Assassinate {
            return assassination_threat(pos, rules, &c, side, k);
        }
    }
    false
}

/// Would the capture from `from` on `target` be valid for its side and leave `side` without
/// a king? Every promotion choice is tried (one suffices).
fn capture_removes_king(pos: &mut Position, rules: &Rules, from: Square, target: Square, side: Color) -> bool {
    let p = pos.piece_at(from).expect("capturer");
    let capturer_color = p.color();
    let promos: &[Option<Role>] = if p.role() == Role::Pawn && target.rank() == capturer_color.promotion_rank() {
        &[
            Some(Role::Queen),
            Some(Role::Knight),
            Some(Role::Rook),
            Some(Role::Bishop),
        ]
    } else {
        &[None]
    };
    for &promo in promos {
        let base = match promo {
            Some(r) => Move::promotion(from, target, r),
            None => Move::new(from, target, MoveKind::Normal),
        };
        let mut choices: [Option<Role>; 5] = [None; 5];
        let mut n = 1;
        let mut i = 0;
        while i < n {
            let m = match choices[i] {
                Some(r) => base.with_rebirth_promotion(r),
                None => base,
            };
            i += 1;
            let mut undo = Undo::new();
            let out = effects::apply(pos, rules, m, &mut undo, &mut NoRecord, Mode::Probe);
            let removes = match out {
                Outcome::Done => {
                    pos.king(side).is_none()
                        && match rules.observation {
                            Observation::Isardam { kings, .. } if rules.isardam_tests_check() => {
                                isardam::passes(pos, kings, rules.first_rank_pawns(), None, rules.mars())
                            }
                            _ => true,
                        }
                }
                Outcome::NeedsChoice => {
                    for (j, r) in Role::PROMOTIONS.iter().enumerate() {
                        choices[1 + j] = Some(*r);
                    }
                    n = 5;
                    false
                }
                Outcome::Illegal => false,
            };
            pos.unmake(&undo);
            if removes {
                return true;
            }
        }
    }
    false
}

/// Assassin Circe: can the opponent capture one of `side`'s units so that its rebirth
/// lands on (and removes) `side`'s king on `k`?
fn assassination_threat(pos: &mut Position, rules: &Rules, circe: &Circe, side: Color, k: Square) -> bool {
    let enemy = side.other();
    let mut victims = pos.by_color(side).without(k);
    let home = circe.square == super::circe::SquareRule::Home && circe.walk == super::circe::WalkRule::Same;
    if home {
        // only the units of the walk whose home square is the king's square, standing where
        // that is their home square, can land on it
        let Some(role) = super::circe::home_role(side, k) else {
            return false;
        };
        victims &= pos.pieces(side, role) & super::circe::home_preimage_of(role, side, k);
    }
    for x in victims {
        let victim = pos.piece_at(x).unwrap();
        if victim.role() == Role::King {
            continue;
        }
        if !home && !circe.square_depends_on_capture() {
            let unit = victim.with_role(circe.reborn_walk(victim, victim));
            let ctx = CaptureContext {
                from: x,
                at: x,
                capturer_before: victim,
                capturer_after: victim,
                vector: (0, 0),
            };
            if circe.rebirth_square(unit, pos.origin(x), &ctx) != Some(k) {
                continue;
            }
        }
        let att = unparalysed(pos, rules, capturers(pos, rules, x, enemy));
        // the plain preset, no observation rule: any such capture has the unit reborn at
        // once on the king's square, which removes the king: nothing to play
        if att.any() && circe.plain_home_rebirth() && rules.observation == Observation::None {
            return true;
        }
        for a in att {
            if capture_removes_king(pos, rules, a, x, side) {
                return true;
            }
        }
    }
    false
}
