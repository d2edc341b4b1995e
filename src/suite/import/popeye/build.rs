//! One problem (or twin) built from what its sections said: the variant of its conditions,
//! the side to move, the position as FEN with Popeye's castling and en-passant rights.

use super::vocabulary::map_condition;
use super::{Bad, Builder, PopeyeProblem};
use crate::fen::{self, FenStyle};
use crate::position::flags;
use crate::square::{Color, Piece, Role, Square};

/// Who moves first: the side a structured stipulation says; else White, except in help
/// play, reciprocal help play included (Black; White with `whitetoplay` or a stipulation
/// ending in `.5`); `halfduplex` swaps.
fn side_to_move(b: &Builder) -> Color {
    let s = b.stipulation.as_deref().unwrap_or("").to_ascii_lowercase();
    let help = s.starts_with("ser-h") || s.starts_with("reci-h") || (s.starts_with('h') && !s.starts_with("hs"));
    let mut side = if let Some(c) = b.first_mover {
        c
    } else if help && !b.white_to_play && !s.ends_with(".5") {
        Color::Black
    } else {
        Color::White
    };
    if b.halfduplex {
        side = side.other();
    }
    side
}

pub(super) fn finish(b: &Builder) -> Result<PopeyeProblem, Bad> {
    // the variant
    let mut circe: Option<&str> = None;
    let mut observation: Option<&str> = None;
    for c in &b.conditions {
        let (family, name) = map_condition(c).map_err(|m| Bad::new(c.line, m))?;
        let slot = if family == "circe" {
            &mut circe
        } else {
            &mut observation
        };
        if let Some(prev) = slot {
            return Err(Bad::new(
                c.line,
                format!("'{name}' and '{prev}' cannot be combined (at most one of each kind)"),
            ));
        }
        *slot = Some(name);
    }
    let kamikaze = b.placements.iter().filter(|x| x.kamikaze).count();
    if kamikaze > 0 {
        let line = b.placements.iter().find(|x| x.kamikaze).map_or(b.line, |x| x.line);
        if kamikaze != b.placements.len() || circe != Some("circe") {
            return Err(Bad::new(
                line,
                "kamikaze units are supported only when every unit (kings too) is kamikaze, with plain Circe (fairyperft's circe-kamikaze-reborn)",
            ));
        }
        circe = Some("circe-kamikaze-reborn");
    }
    let variant = match (circe, observation) {
        (None, None) => "orthodox".to_string(),
        (Some(a), None) | (None, Some(a)) => a.to_string(),
        (Some(a), Some(o)) => format!("{a}+{o}"),
    };

    // the board (a unit placed on an occupied square goes under it in Volcanic Circe)
    let volcanic = circe == Some("circe-volcanic");
    let mut board: [Option<Piece>; 64] = [None; 64];
    let mut hidden: Vec<(Square, Piece)> = Vec::new();
    for x in &b.placements {
        if let Some(old) = board[x.square.index()] {
            if !volcanic {
                return Err(Bad::new(
                    x.line,
                    format!(
                        "{} is given twice (units go under others in Volcanic Circe only)",
                        x.square
                    ),
                ));
            }
            hidden.push((x.square, old));
        }
        board[x.square.index()] = Some(x.piece);
    }
    let placement = crate::fen::placement(|sq| board[sq.index()]);
    let side = side_to_move(b);

    // en passant: the squares of the pawn's double step (e7e6e5 or e7e5)
    let mut ep = "-".to_string();
    if let Some((sq, line)) = &b.en_passant {
        let (first, last) = (sq[0], sq[sq.len() - 1]);
        if sq.len() < 2 || first.file() != last.file() || first.rank().abs_diff(last.rank()) != 2 {
            return Err(Bad::new(
                *line,
                "enpassant: expected the squares of a pawn's double step, e.g. 'enpassant e7e6e5'",
            ));
        }
        ep = Square::from_coords(first.file(), (first.rank() + last.rank()) / 2).to_string();
    }

    let mut fen_text = format!("{placement} {} - {ep} 0 1", side.letter());
    if !hidden.is_empty() {
        let items: Vec<String> = hidden.iter().map(|(s, pc)| format!("{s}{}", pc.fen_char())).collect();
        fen_text.push_str(&format!(" hidden={}", items.join(",")));
    }
    if let Some((pc, sq, line)) = b.last_capture {
        if circe != Some("circe-parrain") {
            return Err(Bad::new(line, "lastcapture is supported with Circe Parrain only"));
        }
        fen_text.push_str(&format!(" pending={}{sq}", pc.fen_char()));
    }
    let mut pos = fen::parse(&fen_text).map_err(|e| Bad::new(b.line, format!("the problem's position: {e}")))?;

    // Popeye's castling rights: a king or rook on its initial square has its flag, unless
    // `option nocastling` names the square (docs/rules.md)
    let mut f = 0u8;
    for (sq, flag, role, colour) in [
        (Square::E1, flags::WHITE_KING, Role::King, Color::White),
        (Square::A1, flags::WHITE_A_ROOK, Role::Rook, Color::White),
        (Square::H1, flags::WHITE_H_ROOK, Role::Rook, Color::White),
        (Square::E8, flags::BLACK_KING, Role::King, Color::Black),
        (Square::A8, flags::BLACK_A_ROOK, Role::Rook, Color::Black),
        (Square::H8, flags::BLACK_H_ROOK, Role::Rook, Color::Black),
    ] {
        if pos.piece_at(sq) == Some(Piece::new(colour, role)) && !b.no_castling.contains(&sq) {
            f |= flag;
        }
    }
    pos.set_castle_flags(f);
    let fen = fen::write(
        &pos,
        FenStyle {
            origins: false,
            extended: true,
        },
    );
    Ok(PopeyeProblem {
        line: b.line,
        number: b.number,
        twin: None,
        title: b.title.clone(),
        variant,
        fen,
        stipulation: b.stipulation.clone(),
        expected_moves: None,
        print_options: b.print_options.clone(),
        duplex_half: 0,
    })
}
