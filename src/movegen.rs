//! Candidate moves: orthodox geometry, changed by the conditions in three ways only —
//! paralysed units do not move (Madrasi), Mars units capture from their rebirth square,
//! and pawns on their own first rank follow the preset's rule. Whether a candidate is
//! legal is decided by `Rules::play` on the position it produces.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{flags, Position, Undo, NO_ORIGIN};
use crate::rules::check::{in_check, mars_lift};
use crate::rules::circe::FirstRankPawns;
use crate::rules::{madrasi, Observation, Rules};
use crate::square::{Color, Piece, Role, Square};

#[inline]
fn push_pawn_move(list: &mut MoveList, from: Square, to: Square, us: Color) {
    if to.rank() == us.promotion_rank() {
        for r in Role::PROMOTIONS {
            list.push(Move::promotion(from, to, r));
        }
    } else {
        list.push(Move::new(from, to, MoveKind::Normal));
    }
}

/// All candidate moves of the side to move.
pub fn candidates(pos: &mut Position, rules: &Rules, list: &mut MoveList) {
    candidates_but_castling(pos, rules, list);
    let paralysis = match rules.observation {
        Observation::Madrasi { kings } => Some(kings),
        _ => None,
    };
    castling_moves(pos, rules, list, paralysis);
}

/// [`candidates`] without castling.
pub(crate) fn candidates_but_castling(pos: &mut Position, rules: &Rules, list: &mut MoveList) {
    candidates_among(pos, rules, list, Bitboard::FULL, Bitboard::FULL);
}

/// [`candidates_but_castling`] restricted to the units on `movers` and the arrival squares
/// `to`: the same moves in the same order, less the others, for a caller that knows only
/// these can matter (`targets` limits where a move arrives).
pub(crate) fn candidates_among(
    pos: &mut Position,
    rules: &Rules,
    list: &mut MoveList,
    movers: Bitboard,
    targets: Bitboard,
) {
    let us = pos.turn();
    let them = us.other();
    let occ = pos.occupied();
    let empty = !occ;
    let enemies = pos.by_color(them) & targets;
    let paralysis = match rules.observation {
        Observation::Madrasi { kings } => Some(kings),
        _ => None,
    };
    let first_rank = rules.first_rank_pawns();
    let mars = match rules.circe {
        Some(c) if rules.is_mars() => Some(c),
        _ => None,
    };
    let fwd = us.forward();

    let paralysed = paralysis.map_or(Bitboard::EMPTY, |kings| {
        madrasi::paralysed_units(pos.sets(), us, kings, first_rank, mars.as_ref())
    });
    for from in pos.by_color(us) & !paralysed & movers {
        let p = pos.piece_at(from).unwrap();
        let role = p.role();
        if role == Role::Pawn {
            let on_first = from.rank() == us.first_rank();
            if on_first && first_rank == FirstRankPawns::Immobile {
                continue;
            }
            if let Some(one) = from.offset(0, fwd) {
                if empty.contains(one) {
                    if targets.contains(one) {
                        push_pawn_move(list, from, one, us);
                    }
                    if from.rank() == us.pawn_rank() {
                        let two = one.offset(0, fwd).unwrap();
                        if empty.contains(two) && targets.contains(two) {
                            list.push(Move::new(from, two, MoveKind::DoublePush));
                        }
                    }
                }
            }
            let capture_targets = match &mars {
                Some(c) => match mars_lift(pos, c, p, from) {
                    Some(r) => attacks::pawn_attacks(us, r) & enemies,
                    None => Bitboard::EMPTY,
                },
                None => attacks::pawn_attacks(us, from) & enemies,
            };
            for to in capture_targets {
                push_pawn_move(list, from, to, us);
            }
            if mars.is_none() {
                if let Some(ep) = pos.ep_square() {
                    let victim = Square::from_coords(ep.file(), from.rank());
                    if attacks::pawn_attacks(us, from).contains(ep)
                        && empty.contains(ep)
                        && targets.contains(ep)
                        && pos.piece_at(victim) == Some(Piece::new(them, Role::Pawn))
                    {
                        list.push(Move::new(from, ep, MoveKind::EnPassant));
                    }
                }
            }
            continue;
        }
        let att = attacks::attacks(role, us, from, occ);
        for to in att & empty & targets {
            list.push(Move::new(from, to, MoveKind::Normal));
        }
        let capture_targets = match &mars {
            Some(c) => match mars_lift(pos, c, p, from) {
                Some(r) => attacks::attacks(role, us, r, occ.without(from).with(r)) & enemies,
                None => Bitboard::EMPTY,
            },
            None => att & enemies,
        };
        for to in capture_targets {
            list.push(Move::new(from, to, MoveKind::Normal));
        }
    }
}

/// The legal-so-far castling moves of the side to move (everything but the final king test).
pub(crate) fn castling(pos: &mut Position, rules: &Rules, list: &mut MoveList) {
    let paralysis = match rules.observation {
        Observation::Madrasi { kings } => Some(kings),
        _ => None,
    };
    castling_moves(pos, rules, list, paralysis);
}

/// Castling: the king's and the rook's flags, an empty path, the king not in check and
/// not passing through check — each judged by the variant's own check test, the passing
/// square with the king standing on it (docs/rules.md, "Castling"). The arrival square is covered by
/// the legality test of the position after castling.
fn castling_moves(pos: &mut Position, rules: &Rules, list: &mut MoveList, paralysis: Option<bool>) {
    let us = pos.turn();
    let f = pos.castle_flags();
    if f & flags::king(us) == 0 {
        return;
    }
    let rank = us.first_rank();
    let e = Square::from_coords(4, rank);
    let king = Piece::new(us, Role::King);
    if pos.piece_at(e) != Some(king) {
        return;
    }
    if let Some(kings) = paralysis {
        if madrasi::observed_by_like(pos, e, kings, rules.first_rank_pawns(), rules.mars()) {
            return;
        }
    }
    let mut checked: Option<bool> = None;
    for king_side in [true, false] {
        if f & flags::rook(us, king_side) == 0 {
            continue;
        }
        let (rook_file, pass_file, to_file) = if king_side { (7, 5, 6) } else { (0, 3, 2) };
        let rook_sq = Square::from_coords(rook_file, rank);
        if pos.piece_at(rook_sq) != Some(Piece::new(us, Role::Rook)) {
            continue;
        }
        if (attacks::between(e, rook_sq) & pos.occupied()).any() {
            continue;
        }
        let in_check_now = *checked.get_or_insert_with(|| in_check(pos, rules, us));
        if in_check_now {
            return;
        }
        let pass = Square::from_coords(pass_file, rank);
        let mut undo = Undo::new();
        pos.begin(&mut undo);
        let origin = pos.origin_raw(e);
        pos.set(&mut undo, e, None, NO_ORIGIN);
        pos.set(&mut undo, pass, Some(king), origin);
        let attacked = in_check(pos, rules, us);
        pos.unmake(&undo);
        if attacked {
            continue;
        }
        let kind = if king_side {
            MoveKind::CastleKing
        } else {
            MoveKind::CastleQueen
        };
        list.push(Move::new(e, Square::from_coords(to_file, rank), kind));
    }
}
