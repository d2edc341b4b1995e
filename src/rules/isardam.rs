//! Isardam: a position fails when some unit is observed by an enemy unit of its walk
//! (kings only with Rex Inclusive). Every legal move must leave a position that passes;
//! after a pawn's double step the en-passant observation counts too (RULES.md IR5).

use super::circe::FirstRankPawns;
use super::madrasi::observing_pawns;
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::position::{Position, Sets};
use crate::square::{Color, Role, Square};

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// Does the position pass the Isardam test? `double_step` is the arrival square of a
/// pawn that just made a double step (its en-passant observation counts).
pub fn passes(pos: &Position, kings: bool, first_rank: FirstRankPawns, double_step: Option<Square>) -> bool {
    passes_sets(pos.sets(), kings, first_rank, double_step)
}

/// [`passes`] on bare bitboards (a board examined without playing the move).
pub fn passes_sets(pos: &Sets, kings: bool, first_rank: FirstRankPawns, double_step: Option<Square>) -> bool {
    let occ = pos.occ;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
        if role == Role::King && !kings {
            continue;
        }
        let w = pos.pieces(Color::White, role);
        let b = pos.pieces(Color::Black, role);
        if w.is_empty() || b.is_empty() {
            continue;
        }
        // all these walks are symmetric: one direction suffices
        for s in w {
            if (attacks::attacks(role, Color::White, s, occ) & b).any() {
                return false;
            }
        }
    }
    let wp = observing_pawns(pos, Color::White, first_rank).0;
    let bp = observing_pawns(pos, Color::Black, first_rank).0;
    let pawn_of = |sq: Square| {
        if pos.pieces(Color::White, Role::Pawn).contains(sq) {
            Some(Color::White)
        } else if pos.pieces(Color::Black, Role::Pawn).contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    };
    let w_att = ((wp & NOT_A) << 7) | ((wp & NOT_H) << 9);
    let b_att = ((bp & NOT_A) >> 9) | ((bp & NOT_H) >> 7);
    if w_att & pos.pieces(Color::Black, Role::Pawn).0 != 0 || b_att & pos.pieces(Color::White, Role::Pawn).0 != 0 {
        return false;
    }
    if let Some(t) = double_step {
        if let Some(c) = pawn_of(t) {
            let beside = Bitboard(((1u64 << t.index()) & NOT_A) >> 1 | ((1u64 << t.index()) & NOT_H) << 1);
            if (beside & pos.pieces(c.other(), Role::Pawn)).any() {
                return false;
            }
        }
    }
    true
}
