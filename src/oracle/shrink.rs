//! Shrinking a disagreement: units are taken off one at a time, each removal kept while
//! the position stays one Popeye accepts and Popeye and fairyperft still disagree on it.

use super::{inexpressible, popeye_fen, Probe};
use crate::fen;
use crate::position::flags;
use crate::square::{Color, Role, Square};
use crate::Game;

/// The probe without the unit on `sq` (kings stay; a unit with units buried under it
/// stays), if the position is still one to put to Popeye: its castling flag goes with it,
/// and the en-passant right with the pawn that double-stepped.
pub fn without(probe: &Probe, sq: Square) -> Option<Probe> {
    let pos = fen::parse(&probe.fen).ok()?;
    let p = pos.piece_at(sq)?;
    if p.role() == Role::King || pos.hidden().iter().any(|(s, _)| s == sq) {
        return None;
    }
    let placement = fen::placement(|s| if s == sq { None } else { pos.piece_at(s) });
    let mut ep = pos.ep_square();
    if let Some(e) = ep {
        let dir = if pos.turn() == Color::White { -1 } else { 1 };
        if e.offset(0, dir) == Some(sq) {
            ep = None;
        }
    }
    let ep_text = ep.map_or("-".to_string(), |e| e.to_string());
    let mut next = fen::parse(&format!("{placement} {} - {ep_text} 0 1", pos.turn().letter())).ok()?;
    next.set_castle_flags(pos.castle_flags() & !flags::of_square(sq));
    next.set_pending(pos.pending());
    for (s, h) in pos.hidden().iter() {
        next.push_hidden(s, h);
    }
    let text = popeye_fen(&fen::parse(&popeye_fen(&next)).ok()?);
    let mut g = Game::new(&text, &probe.variant).ok()?;
    if g.rules.opponent_in_check(&mut g.pos) || inexpressible(&g).is_some() {
        return None;
    }
    Some(Probe {
        variant: probe.variant.clone(),
        fen: text,
    })
}

/// The smallest position reached from `probe` by removing units one at a time while
/// `disagree` holds (it is asked of each candidate; it should be false when Popeye refuses
/// the position). Each pass tries the squares a1..h8 in order and restarts after a removal.
pub fn shrink(probe: &Probe, mut disagree: impl FnMut(&Probe) -> bool) -> Probe {
    let mut current = probe.clone();
    'pass: loop {
        for sq in Square::all() {
            if let Some(next) = without(&current, sq) {
                if disagree(&next) {
                    current = next;
                    continue 'pass;
                }
            }
        }
        return current;
    }
}
