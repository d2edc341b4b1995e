//! Move notation: Popeye's (the reference solver's), with every effect of the move in
//! brackets in the order it happened, and UCI (extended with `/q` for the promotion of a
//! reborn pawn, which plain UCI cannot say).
//!
//! ```
//! use fairyperft::{notation, Game};
//!
//! // Circe Platzwechsel: the white pawn taken on h7 is reborn on the rook's departure
//! // square h8, its promotion square. A queen or rook there would check the black king,
//! // so a knight or a bishop it is.
//! let mut game = Game::new("k6r/7P/8/8/8/8/8/K7 b - - 0 1", "circe-pwc").unwrap();
//! let captures: Vec<(String, String)> = game
//!     .legal_moves()
//!     .into_iter()
//!     .map(|m| (notation::popeye(&mut game.pos, &game.rules, m), notation::uci(m)))
//!     .filter(|(popeye, _)| popeye.contains('*'))
//!     .collect();
//! assert_eq!(
//!     captures,
//!     [
//!         ("Rh8*h7[+wPh8=S]".to_string(), "h8h7/n".to_string()),
//!         ("Rh8*h7[+wPh8=B]".to_string(), "h8h7/b".to_string()),
//!     ]
//! );
//! ```

use crate::moves::{Move, MoveKind};
use crate::position::{Position, Undo};
use crate::rules::check::mars_lift;
use crate::rules::circe::{Capturer, Victim};
use crate::rules::effects::{self, Effect, Mode};
use crate::rules::Rules;
use crate::square::{Piece, Role};
use std::fmt::Write;

fn unit(p: Piece) -> String {
    format!("{}{}", p.color().letter(), p.role().popeye_letter())
}

/// Popeye's notation of a move (check marks dropped), e.g. `Be2*a6[+bBc8]`: the walk's
/// letter (none for a pawn; `S` for the knight), the squares joined by `-` or by `*` for a
/// capture, `=Q` for a promotion, ` ep.` for en passant, `0-0` / `0-0-0` for castling, then
/// each effect in brackets in the order it happened: `[+bBc8]` a rebirth, `[wRd5->h1]` a
/// capturer's rebirth, `[+bRh8->v]` a unit going under a square, `[+wBh8]` a unit
/// emerging. In Mars Circe a capture also names the square it is made from
/// (`Sc3-g1*h3`), and kamikaze units promote as `=kQ`. `m` must be a legal move of `pos`;
/// the move is played to see its effects, then taken back.
pub fn popeye(pos: &mut Position, rules: &Rules, m: Move) -> String {
    let mut s = String::new();
    let (from, to) = (m.from(), m.to());
    let Some(piece) = pos.piece_at(from) else {
        return format!("?{from}{to}");
    };
    match m.kind() {
        MoveKind::CastleKing => s.push_str("0-0"),
        MoveKind::CastleQueen => s.push_str("0-0-0"),
        kind => {
            let capture = kind == MoveKind::EnPassant || pos.piece_at(to).is_some();
            if piece.role() != Role::Pawn {
                s.push(piece.role().popeye_letter());
            }
            let _ = write!(s, "{from}");
            if capture {
                if let Some(c) = rules.circe.filter(|_| rules.is_mars()) {
                    if let Some(lift) = mars_lift(pos, &c, piece, from) {
                        if lift != from {
                            let _ = write!(s, "-{lift}");
                        }
                    }
                }
                s.push('*');
            } else {
                s.push('-');
            }
            let _ = write!(s, "{to}");
            if let Some(r) = m.promotion_role() {
                s.push('=');
                if kamikaze_units(rules) {
                    s.push('k');
                }
                s.push(r.popeye_letter());
            }
            if kind == MoveKind::EnPassant {
                s.push_str(" ep.");
            }
        }
    }
    let mut fx: Vec<Effect> = Vec::new();
    let mut undo = Undo::new();
    effects::apply(pos, rules, m, &mut undo, &mut fx, Mode::Play);
    pos.unmake(&undo);
    for e in fx {
        match e {
            Effect::Rebirth {
                piece,
                square,
                promotion,
            } => {
                let _ = write!(s, "[+{}{square}", unit(piece));
                if let Some(r) = promotion {
                    let _ = write!(s, "={}", r.popeye_letter());
                }
                s.push(']');
            }
            Effect::CapturerRebirth { piece, from, to } => {
                let _ = write!(s, "[{}{from}->{to}]", unit(piece));
            }
            Effect::Burial { piece, square } => {
                let _ = write!(s, "[+{}{square}->v]", unit(piece));
            }
            Effect::Emergence { piece, square } => {
                let _ = write!(s, "[+{}{square}]", unit(piece));
            }
        }
    }
    s
}

/// Popeye writes promotions of kamikaze units with their attribute: `=kQ`.
fn kamikaze_units(rules: &Rules) -> bool {
    matches!(rules.circe, Some(c) if c.capturer == Capturer::Reborn && c.victim == Victim::Reborn)
}

/// UCI notation: `e2e4`, `e7e8q`, castling as the king's move (`e1g1`); the promotion of a
/// reborn pawn is appended as `/q`. It names the move without the position: no effects.
pub fn uci(m: Move) -> String {
    let mut s = format!("{}{}", m.from(), m.to());
    if let Some(r) = m.promotion_role() {
        s.push(r.fen_letter());
    }
    if let Some(r) = m.rebirth_promotion() {
        s.push('/');
        s.push(r.fen_letter());
    }
    s
}

/// Splits a line of moves (Popeye or UCI notation, separated by spaces or commas) into
/// moves; Popeye's en passant is two words (`e5*d6 ep.`) and stays one move.
pub fn split_moves(line: &str) -> Vec<String> {
    let tokens: Vec<&str> = line.split([' ', ',']).filter(|t| !t.is_empty()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens.get(i + 1) == Some(&"ep.") {
            out.push(format!("{} ep.", tokens[i]));
            i += 2;
        } else {
            out.push(tokens[i].to_string());
            i += 1;
        }
    }
    out
}
