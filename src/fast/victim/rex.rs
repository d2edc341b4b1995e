//! Rex Inclusive in the victim family: kings are reborn too, so our king is in check only
//! when attacked and its rebirth square (e1/e8) is taken once the capturer stands on the
//! king's square. Where our king stands relative to that square ([`Rex`]) decides which few
//! moves that changes; the count (`super::count`) counts those apart and the others as
//! plain Circe does.

use crate::position::Position;
use crate::rules::circe::{Capturer, Circe, SquareRule, WalkRule, When};
use crate::square::{Color, Role, Square};

/// Under Rex Inclusive with the classic rebirth squares, is our king (of `us`) on `k` its
/// own rebirth square (e1/e8)? The enemy units are reborn on their own side's home
/// squares, never there, so once the king steps off (or castles) that square stays empty,
/// and a king reborn there cannot be gone: no attack on the king after such a move is a
/// check. Shared by the victim family ([`Rex::Home`]) and the Madrasi path.
#[inline(always)]
pub(crate) fn king_on_own_rebirth_square(c: &Circe, us: Color, k: Square) -> bool {
    c.victim_kings
        && c.square == SquareRule::Home
        && c.walk == WalkRule::Same
        && c.capturer == Capturer::Stays
        && c.when == When::AtOnce
        && crate::rules::circe::home_square(Role::King, us, k) == k
}

/// Rex Inclusive (docs/rules.md): our king is in check when attacked and its rebirth square
/// (e1/e8) is taken after the capture. Where it stands decides which moves that can
/// change: the counting below follows plain Circe but for what each case says.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Rex {
    /// Not Rex Inclusive: check is the plain attack.
    No,
    /// On its rebirth square ([`king_on_own_rebirth_square`]), check is the plain attack
    /// while it stays; once it steps off, no step or castling can be a check: every step is
    /// legal, and castling needs only the king unattacked.
    Home,
    /// Off it, the square empty: nothing is a check but a move onto that square (by the
    /// king, or a unit filling it), judged on the board.
    Free(Square),
    /// Off it, our unit on it: check is the plain attack, but that unit's moves empty the
    /// square and are all legal.
    Guard(Square),
}

impl Rex {
    /// The case of this position; `None` where it is not modelled: an enemy unit on our
    /// king's rebirth square (its capture of the king would empty that square), or the
    /// enemy king attacked (its capture is a move, legal if it can be reborn).
    #[inline(always)]
    pub(super) fn of(pos: &Position, c: &Circe, k: Square) -> Option<Rex> {
        if !c.victim_kings {
            return Some(Rex::No);
        }
        let us = pos.turn();
        let s = pos.sets();
        let ours = s.color[us.index()];
        if let Some(tk) = pos.king(us.other()) {
            if (s.attackers_to(tk, s.occ) & ours).any() {
                return None;
            }
        }
        let rk = crate::rules::circe::home_square(Role::King, us, k);
        Some(match () {
            _ if king_on_own_rebirth_square(c, us, k) => Rex::Home,
            _ if !s.occ.contains(rk) => Rex::Free(rk),
            _ if ours.contains(rk) => Rex::Guard(rk),
            _ => return None,
        })
    }
}
