//! Cohen's rule: a move may not recreate the position that stood before the opponent's
//! last move. Positions are compared by their full hash, which covers the board, hidden
//! units, a pending rebirth, the side to move, castling flags and the en-passant square.

/// Is the position after a move (`after`) the one before the opponent's last move?
/// `before_last` is unknown at the root of a search without history.
#[inline]
pub fn undoes_last_move(after: u64, before_last: Option<u64>) -> bool {
    before_last == Some(after)
}
