//! A fairyperft position and variant written as a Popeye input file (English), so that
//! Popeye can be asked about any case: its `~1` solution is the list of legal moves.

use crate::fen;
use crate::position::flags;
use crate::square::{Color, Piece, Role, Square};

/// The Popeye conditions of one fairyperft condition.
fn condition(name: &str) -> Option<&'static str> {
    Some(match name {
        "circe" => "circe",
        "circe-rex-inclusive" => "circe rexinclusive",
        "circe-strict" => "circe strict",
        "circe-assassin" => "circeassassin",
        "circe-volcanic" => "circe volcanic",
        "circe-mirror" => "mirrorcirce",
        "circe-chameleon" => "chameleoncirce",
        "circe-clone" => "circeclone",
        "circe-couscous" => "couscouscirce",
        "circe-equipollents" => "equipollentscirce",
        "circe-parrain" => "parraincirce",
        "circe-symmetry" => "symmetrycirce",
        "circe-diagram" => "diagramcirce",
        "circe-pwc" => "pwc",
        "circe-mars" => "marscirce",
        "anticirce-calvet" => "anticirce calvet",
        "anticirce-cheylan" => "anticirce cheylan",
        "madrasi" => "madrasi",
        "madrasi-rex-inclusive" => "madrasi rexinclusive",
        "isardam" => "isardam",
        "isardam-type-b" => "isardam typeb",
        _ => return None,
    })
}

fn unit(p: Piece, sq: Square) -> String {
    format!("{}{sq}", p.role().popeye_letter().to_ascii_lowercase())
}

/// The Popeye input file of `fen` in `variant`, titled `title`: `pieces`, `condition`,
/// `option` (halfduplex for Black to move, nocastling, enpassant) and `stipulation ~1`.
/// An error says what Popeye's input cannot express (a variant without a Popeye
/// condition, units hidden under others, a pending rebirth, castling rights Popeye would
/// not give).
pub fn write_popeye(fen_text: &str, variant: &str, title: &str) -> Result<String, String> {
    let pos = fen::parse(fen_text).map_err(|e| format!("the FEN: {e}"))?;
    let mut conditions = Vec::new();
    let mut kamikaze = false;
    for c in variant.split('+').filter(|c| *c != "orthodox") {
        if c == "circe-kamikaze-reborn" {
            kamikaze = true;
            conditions.push("circe");
            continue;
        }
        conditions
            .push(condition(c).ok_or_else(|| format!("variant '{c}' has no Popeye condition fairyperft reads back"))?);
    }
    if !pos.hidden().is_empty() {
        return Err("units hidden under others (Volcanic Circe) cannot be given in a Popeye input file".into());
    }
    if pos.pending().is_some() {
        return Err("a pending rebirth (Circe Parrain) cannot be given in a Popeye input file".into());
    }
    if !pos.origins_are_identity() {
        return Err("units' diagram squares other than their own cannot be given in a Popeye input file".into());
    }
    let mut s = String::from("beginproblem\n");
    if !title.is_empty() {
        s.push_str(&format!("title {title}\n"));
    }
    s.push_str("pieces");
    for (colour, word) in [(Color::White, "white"), (Color::Black, "black")] {
        let mut units = Vec::new();
        for i in 0..64u8 {
            let sq = Square::from_coords(i % 8, i / 8);
            if let Some(p) = pos.piece_at(sq).filter(|p| p.color() == colour) {
                units.push(unit(p, sq));
            }
        }
        if !units.is_empty() {
            let attr = if kamikaze { " kamikaze" } else { "" };
            s.push_str(&format!(" {word}{attr} {}", units.join(" ")));
        }
    }
    s.push('\n');
    if !conditions.is_empty() {
        s.push_str(&format!("condition {}\n", conditions.join(" ")));
    }
    // Popeye gives a king or rook on its initial square its castling right
    let f = pos.castle_flags();
    let mut no_castling = Vec::new();
    for (sq, flag, role, colour) in [
        (Square::E1, flags::WHITE_KING, Role::King, Color::White),
        (Square::A1, flags::WHITE_A_ROOK, Role::Rook, Color::White),
        (Square::H1, flags::WHITE_H_ROOK, Role::Rook, Color::White),
        (Square::E8, flags::BLACK_KING, Role::King, Color::Black),
        (Square::A8, flags::BLACK_A_ROOK, Role::Rook, Color::Black),
        (Square::H8, flags::BLACK_H_ROOK, Role::Rook, Color::Black),
    ] {
        let there = pos.piece_at(sq) == Some(Piece::new(colour, role));
        match (there, f & flag != 0) {
            (true, false) => no_castling.push(sq.to_string()),
            (false, true) => return Err(format!("a castling right on {sq} without its unit there")),
            _ => {}
        }
    }
    let mut options = Vec::new();
    if pos.turn() == Color::Black {
        options.push("halfduplex".to_string());
    }
    if !no_castling.is_empty() {
        options.push(format!("nocastling {}", no_castling.join("")));
    }
    if let Some(ep) = pos.ep_square() {
        // the double step over the en-passant square
        let (from, to) = if ep.rank() == 5 { (6, 4) } else { (1, 3) };
        let sq = |r: u8| Square::from_coords(ep.file(), r).to_string();
        options.push(format!("enpassant {}{ep}{}", sq(from), sq(to)));
    }
    if !options.is_empty() {
        s.push_str(&format!("option {}\n", options.join(" ")));
    }
    s.push_str("stipulation ~1\nendproblem\n");
    Ok(s)
}
