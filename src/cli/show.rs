//! `fairyperft show`: a position as an 8x8 text board, for people (and for the diagrams of
//! the docs, which run it so that a diagram cannot disagree with its FEN).
//!
//! Rank 8 on top, files a-h underneath; upper case White, lower case Black, `.` an empty
//! square. Below the board: the side to move, then one line for each piece of state that
//! is not the default (castling flags, en-passant square, hidden units, a pending rebirth,
//! and in Diagram Circe the diagram squares of units standing elsewhere).

use super::{setup, CmdResult, PositionArgs};
use clap::Args;
use fairyperft::position::flags;
use fairyperft::{fen, Color, Position, Square};
use std::io::{self, Write};

#[derive(Args, Clone)]
pub struct ShowArgs {
    /// Variant the --moves are played under (see `fairyperft variants`)
    #[arg(long, short = 'v', default_value = "orthodox")]
    pub variant: String,
    /// Position as FEN, optionally with fairyperft's state tokens (hidden=, pending=, flags=, diagram=)
    #[arg(long, short = 'f', default_value = fen::STARTING_FEN)]
    pub fen: String,
    /// Moves to play from the FEN first (Popeye or UCI notation, space-separated); the board after them is shown
    #[arg(long, short = 'm')]
    pub moves: Option<String>,
}

pub fn show(a: &ShowArgs) -> CmdResult {
    let g = setup(&PositionArgs {
        variant: a.variant.clone(),
        fen: a.fen.clone(),
        moves: a.moves.clone(),
        uci: false,
    })?;
    let mut out = io::stdout().lock();
    out.write_all(render(&g.pos, g.rules.uses_origins()).as_bytes())?;
    Ok(())
}

/// The squares that carry a castling flag, in the order the `flags=` token writes them.
const FLAG_SQUARES: [(Square, u8); 6] = [
    (Square::E1, flags::WHITE_KING),
    (Square::A1, flags::WHITE_A_ROOK),
    (Square::H1, flags::WHITE_H_ROOK),
    (Square::E8, flags::BLACK_KING),
    (Square::A8, flags::BLACK_A_ROOK),
    (Square::H8, flags::BLACK_H_ROOK),
];

/// The board and the state lines, each line ending in a newline. Diagram squares are
/// shown when `origins` (the rules read them: Diagram Circe).
pub fn render(pos: &Position, origins: bool) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        s.push(char::from(b'1' + rank));
        for file in 0..8u8 {
            s.push(' ');
            s.push(
                pos.piece_at(Square::from_coords(file, rank))
                    .map_or('.', |p| p.fen_char()),
            );
        }
        s.push('\n');
    }
    s.push_str("  a b c d e f g h\n");
    s.push_str(match pos.turn() {
        Color::White => "White to move\n",
        Color::Black => "Black to move\n",
    });
    let f = pos.castle_flags();
    if f != 0 {
        let squares: Vec<String> = FLAG_SQUARES
            .iter()
            .filter(|(_, bit)| f & bit != 0)
            .map(|(sq, _)| sq.to_string())
            .collect();
        s.push_str(&format!(
            "castling flags: {} (FEN castling field {})\n",
            squares.join(" "),
            fen::castling_field(pos, f)
        ));
    }
    if let Some(ep) = pos.ep_square() {
        s.push_str(&format!("en passant: {ep}\n"));
    }
    if !pos.hidden().is_empty() {
        let units: Vec<String> = pos
            .hidden()
            .iter()
            .map(|(sq, p)| format!("{} under {sq}", p.fen_char()))
            .collect();
        s.push_str(&format!("hidden (in burial order): {}\n", units.join(", ")));
    }
    if let Some((p, sq)) = pos.pending() {
        let side = if p.color() == Color::White { "White" } else { "Black" };
        s.push_str(&format!(
            "pending rebirth: {} captured on {sq}, reborn after {side}'s move\n",
            p.fen_char()
        ));
    }
    if origins && !pos.origins_are_identity() {
        let moved: Vec<String> = Square::all()
            .filter(|&sq| pos.piece_at(sq).is_some() && pos.origin(sq) != Some(sq))
            .map(|sq| match pos.origin(sq) {
                Some(o) => format!("{sq} from {o}"),
                None => format!("{sq} none"),
            })
            .collect();
        s.push_str(&format!("diagram squares: {}\n", moved.join(", ")));
    }
    s
}
