//! A fairyperft position and variant written as a Popeye input file (English), so that
//! Popeye can be asked about any case: its `~1` solution is the list of legal moves, its
//! `h~1` solution (with the side to move first) every move with every reply. The one
//! writer of Popeye input: `record --format popeye` and the live oracle (`crosscheck`)
//! both use it.

use crate::fen;
use crate::position::{flags, Position};
use crate::rules::Rules;
use crate::square::{Color, Piece, Role, Square};

/// The Popeye conditions of a fairyperft variant, and whether every unit must carry the
/// `kamikaze` attribute; an error saying why Popeye cannot express the variant.
pub fn popeye_conditions(variant: &str) -> Result<(Vec<&'static str>, bool), String> {
    Rules::parse(variant).map_err(|e| e.to_string())?;
    let mut conds = Vec::new();
    let mut kamikaze = false;
    for part in variant.split('+').map(str::trim) {
        let c = match part {
            "orthodox" => continue,
            "circe" => "circe",
            "anticirce-calvet" => "anticirce calvet",
            "anticirce-cheylan" => "anticirce cheylan",
            "circe-assassin" => "circe assassin",
            "circe-chameleon" => "circe chameleon",
            "circe-parrain" => "circe parrain",
            "circe-rex-inclusive" => "circe rexinclusive",
            "circe-clone" => "circe clone",
            // Popeye has no CouCou Circe; Couscous Circe has the same moves and only lets the
            // pawn's owner, not the capturer, pick a reborn pawn's promotion: every choice is
            // a move of its own either way (the reference corpus took its lists from it too)
            "circe-coucou" | "circe-couscous" => "circe couscous",
            "circe-diagram" => "circe diagram",
            "circe-equipollents" => "circe equipollents",
            "circe-kamikaze-reborn" => {
                kamikaze = true;
                "circe"
            }
            "circe-mars" => "marscirce",
            "circe-mirror" => "circe mirror",
            "circe-pwc" => "circe pwc",
            "circe-strict" => "circe strict",
            "circe-symmetry" => "circe symmetry",
            "circe-volcanic" => "circe volcanic",
            "madrasi" => "madrasi",
            "madrasi-rex-inclusive" => "madrasi rexinclusive",
            "isardam" => "isardam",
            "isardam-type-b" => "isardam typeb",
            "circe-kamikaze" => {
                return Err(
                    "Popeye's kamikaze units under Circe are reborn (circe-kamikaze-reborn); \
                     it has no Circe whose capturer vanishes"
                        .into(),
                )
            }
            "cohen" => return Err("Popeye has no Cohen's rule".into()),
            other => return Err(format!("no Popeye condition is known for '{other}'")),
        };
        conds.push(c);
    }
    Ok((conds, kamikaze))
}

fn unit(p: Piece, sq: Square) -> String {
    format!("{}{sq}", p.role().popeye_letter().to_ascii_lowercase())
}

/// The sections of one problem (between `beginproblem` or `nextproblem` and the next such
/// word) for `pos` under the Popeye conditions `conds`: `pieces` (buried units first, as
/// Volcanic Circe stacks them), `stipulation`, `condition` (with `lastcapture` for a
/// pending Parrain rebirth), `option` (`halfduplex` when the side to move is not the one
/// the stipulation starts with, `nocastling` for the kings and rooks at home without their
/// right, `enpassant` for a double step just played). An error says what Popeye cannot be
/// given: diagram squares other than the units' own, a castling right whose unit is not
/// on its square.
pub fn popeye_problem(pos: &Position, conds: &[&str], kamikaze: bool, stipulation: &str) -> Result<String, String> {
    if !pos.origins_are_identity() {
        return Err("units off their diagram squares (Popeye's diagram is the position given)".into());
    }
    let mut s = String::new();
    // a unit placed on an occupied square sends the one there to the underworld, in the
    // order given
    let attr = if kamikaze { " kamikaze" } else { "" };
    let colour = |c: Color| if c == Color::White { "white" } else { "black" };
    let mut words = Vec::new();
    for (sq, p) in pos.hidden().iter() {
        words.push(format!("{}{attr} {}", colour(p.color()), unit(p, sq)));
    }
    for c in [Color::White, Color::Black] {
        let units: Vec<String> = Square::all()
            .filter_map(|sq| pos.piece_at(sq).filter(|p| p.color() == c).map(|p| unit(p, sq)))
            .collect();
        if !units.is_empty() {
            words.push(format!("{}{attr} {}", colour(c), units.join(" ")));
        }
    }
    s.push_str(&format!("pieces {}\n", words.join(" ")));
    s.push_str(&format!("stipulation {stipulation}\n"));
    let mut cond: Vec<String> = conds.iter().map(|c| c.to_string()).collect();
    if let Some((p, sq)) = pos.pending() {
        cond.push(format!("lastcapture {} {}", colour(p.color()), unit(p, sq)));
    }
    if !cond.is_empty() {
        s.push_str(&format!("condition {}\n", cond.join(" ")));
    }
    // Popeye grants castling to every king and rook on its initial square; the units
    // without their flag are named
    let f = pos.castle_flags();
    let mut no_castling = String::new();
    for (sq, flag, role, c) in [
        (Square::E1, flags::WHITE_KING, Role::King, Color::White),
        (Square::A1, flags::WHITE_A_ROOK, Role::Rook, Color::White),
        (Square::H1, flags::WHITE_H_ROOK, Role::Rook, Color::White),
        (Square::E8, flags::BLACK_KING, Role::King, Color::Black),
        (Square::A8, flags::BLACK_A_ROOK, Role::Rook, Color::Black),
        (Square::H8, flags::BLACK_H_ROOK, Role::Rook, Color::Black),
    ] {
        match (pos.piece_at(sq) == Some(Piece::new(c, role)), f & flag != 0) {
            (true, false) => no_castling.push_str(&sq.to_string()),
            (false, true) => return Err(format!("a castling right on {sq} without its unit there")),
            _ => {}
        }
    }
    let mut options = Vec::new();
    if !no_castling.is_empty() {
        options.push(format!("nocastling {no_castling}"));
    }
    if let Some(ep) = pos.ep_square() {
        let dir: i32 = if pos.turn() == Color::White { 1 } else { -1 };
        if let (Some(from), Some(to)) = (ep.offset(0, dir), ep.offset(0, -dir)) {
            options.push(format!("enpassant {from}{ep}{to}"));
        }
    }
    // `~1` is White's move and `h~1` Black's first: halfduplex swaps
    let black_first = stipulation.starts_with('h');
    if (pos.turn() == Color::Black) != black_first {
        options.push("halfduplex".into());
    }
    if !options.is_empty() {
        s.push_str(&format!("option {}\n", options.join(" ")));
    }
    Ok(s)
}

/// Whether two FENs (with state tokens) say the same position: the move counters are not
/// compared, and `hidden=` units are compared square by square (a1 to h8), keeping the
/// order under each square, which is all the order means. A Popeye input written here
/// reads back as its position in that sense.
pub fn same_position(a: &str, b: &str) -> bool {
    let canonical = |fen_text: &str| -> Vec<String> {
        fen_text
            .split_whitespace()
            .enumerate()
            .filter(|(i, _)| *i != 4 && *i != 5)
            .map(|(_, w)| match w.strip_prefix("hidden=") {
                Some(list) => {
                    let mut items: Vec<&str> = list.split(',').collect();
                    items.sort_by_key(|it| it.get(..2).and_then(Square::parse).map_or(64, |s| s.index()));
                    format!("hidden={}", items.join(","))
                }
                None => w.to_string(),
            })
            .collect()
    };
    canonical(a) == canonical(b)
}

/// The Popeye input file of `fen` in `variant`, titled `title`, asking for the legal moves
/// (`stipulation ~1`). An error says what Popeye's input cannot express (a variant without
/// a Popeye condition, units off their diagram squares, a castling right without its
/// unit). `circe-coucou` is written as Couscous Circe, whose moves are the same.
pub fn write_popeye(fen_text: &str, variant: &str, title: &str) -> Result<String, String> {
    let pos = fen::parse(fen_text).map_err(|e| format!("the FEN: {e}"))?;
    let (conds, kamikaze) = popeye_conditions(variant).map_err(|e| format!("variant '{variant}': {e}"))?;
    let mut s = String::from("beginproblem\n");
    if !title.is_empty() {
        s.push_str(&format!("title {title}\n"));
    }
    s.push_str(&popeye_problem(&pos, &conds, kamikaze, "~1")?);
    s.push_str("endproblem\n");
    Ok(s)
}
