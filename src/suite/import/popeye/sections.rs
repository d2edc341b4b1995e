//! The sections of one Popeye problem (`pieces`, `forsyth`, `condition`, `option`) read
//! into its builder, and the problem built from them: the variant, the side to move, the
//! position as FEN with its castling and en-passant rights.

use super::vocabulary::{
    keyword, map_condition, Keyword, ATTRIBUTES, CIRCE_VARIANTS, COLOURS, CONDITIONS, HARMLESS_OPTIONS, OPTIONS,
};
use super::{Builder, Condition, Parser, Placement, PopeyeProblem, Tok};
use crate::fen::{self, FenStyle};
use crate::position::flags;
use crate::square::{Color, Piece, Role, Square};
use crate::suite::LoadError;

fn parse_colour(t: &Tok) -> Option<&'static str> {
    match keyword(&t.text, COLOURS) {
        Keyword::Is(c) => Some(c),
        _ => None,
    }
}

/// `kh1`, `pa2b2c2`: the walk and its squares.
fn piece_spec(text: &str) -> Option<(String, Vec<Square>)> {
    let t = text.to_ascii_lowercase();
    for k in 1..=2.min(t.len()) {
        if !t.is_char_boundary(k) {
            continue;
        }
        let (walk, squares) = t.split_at(k);
        if squares.is_empty() || !squares.len().is_multiple_of(2) || !squares.is_ascii() {
            continue;
        }
        let sq: Option<Vec<Square>> = (0..squares.len())
            .step_by(2)
            .map(|i| Square::parse(&squares[i..i + 2]))
            .collect();
        if let Some(sq) = sq {
            return Some((walk.to_string(), sq));
        }
    }
    None
}

fn walk_role(walk: &str) -> Option<Role> {
    match walk {
        "k" => Some(Role::King),
        "q" => Some(Role::Queen),
        "r" => Some(Role::Rook),
        "b" => Some(Role::Bishop),
        "s" => Some(Role::Knight),
        "p" => Some(Role::Pawn),
        _ => None,
    }
}

fn unsupported_walk(walk: &str, line: usize, p: &Parser) -> LoadError {
    let hint = if walk == "n" {
        " ('n' is Popeye's nightrider; the knight is 's')"
    } else {
        ""
    };
    p.err(
        line,
        format!("unsupported fairy piece '{walk}'{hint}: fairyperft knows K Q R B S P"),
    )
}

pub(super) fn parse_pieces(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), LoadError> {
    let mut colour: Option<Color> = None;
    let mut kamikaze = false;
    let args = p.arguments();
    if args.is_empty() {
        return Err(p.err(line, "pieces: no units given"));
    }
    for t in args {
        let has_digit = t.text.bytes().any(|c| c.is_ascii_digit());
        if !has_digit {
            if let Some(c) = parse_colour(&t) {
                colour = match c {
                    "white" => Some(Color::White),
                    "black" => Some(Color::Black),
                    other => return Err(p.err(t.line, format!("{other} units are not supported"))),
                };
                kamikaze = false;
                continue;
            }
            match keyword(&t.text, ATTRIBUTES) {
                Keyword::Is("kamikaze") => {
                    kamikaze = true;
                    continue;
                }
                Keyword::Is(a) => return Err(p.err(t.line, format!("unsupported piece attribute '{a}'"))),
                _ => {
                    return Err(p.err(
                        t.line,
                        format!(
                            "pieces: '{}' is neither a colour, an attribute nor a unit like kh1",
                            t.text
                        ),
                    ))
                }
            }
        }
        let Some((walk, squares)) = piece_spec(&t.text) else {
            return Err(p.err(
                t.line,
                format!("pieces: '{}' is not a unit like kh1 or pa2b2c2", t.text),
            ));
        };
        let role = walk_role(&walk).ok_or_else(|| unsupported_walk(&walk, t.line, p))?;
        let Some(c) = colour else {
            return Err(p.err(t.line, format!("pieces: '{}' before 'white' or 'black'", t.text)));
        };
        for sq in squares {
            b.placements.push(Placement {
                square: sq,
                piece: Piece::new(c, role),
                kamikaze,
                line: t.line,
            });
        }
    }
    Ok(())
}

pub(super) fn parse_forsyth(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), LoadError> {
    let t = p.next().ok_or_else(|| p.err(line, "forsyth: missing position"))?;
    let chars: Vec<char> = t.text.chars().collect();
    let mut placed = Vec::new();
    let mut idx = 0usize; // 0 = a8, reading rank by rank
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let mut n = 0usize;
            while i < chars.len() && chars[i].is_ascii_digit() {
                // saturating: a long digit run must not overflow (it is an error below)
                n = n
                    .saturating_mul(10)
                    .saturating_add(chars[i].to_digit(10).unwrap_or(0) as usize);
                i += 1;
            }
            idx = idx.saturating_add(n);
            continue;
        }
        if c == '.' {
            let walk: String = chars
                .iter()
                .skip(i + 1)
                .take(2)
                .collect::<String>()
                .to_ascii_lowercase();
            return Err(unsupported_walk(&walk, t.line, p));
        }
        let role = walk_role(&c.to_ascii_lowercase().to_string())
            .ok_or_else(|| unsupported_walk(&c.to_ascii_lowercase().to_string(), t.line, p))?;
        let colour = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if idx >= 64 {
            return Err(p.err(t.line, format!("forsyth '{}' describes more than 64 squares", t.text)));
        }
        let sq = Square::from_coords((idx % 8) as u8, 7 - (idx / 8) as u8);
        placed.push(Placement {
            square: sq,
            piece: Piece::new(colour, role),
            kamikaze: false,
            line: t.line,
        });
        idx += 1;
        i += 1;
    }
    if idx != 64 {
        return Err(p.err(
            t.line,
            format!("forsyth '{}' describes {idx} squares instead of 64", t.text),
        ));
    }
    b.placements = placed;
    Ok(())
}

pub(super) fn parse_conditions(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), LoadError> {
    let names: Vec<&str> = CONDITIONS.split_whitespace().collect();
    let args = p.arguments();
    if args.is_empty() {
        return Err(p.err(line, "condition: none given"));
    }
    let mut k = 0;
    while k < args.len() {
        let t = &args[k];
        k += 1;
        let name = match keyword(&t.text, &names) {
            Keyword::Is(n) => n.to_ascii_lowercase(),
            Keyword::Ambiguous => {
                return Err(p.err(t.line, format!("'{}' abbreviates several Popeye conditions", t.text)))
            }
            Keyword::Unknown => return Err(p.err(t.line, format!("unknown Popeye condition '{}'", t.text))),
        };
        if name == "lastcapture" {
            let (Some(c), Some(u)) = (args.get(k), args.get(k + 1)) else {
                return Err(p.err(
                    t.line,
                    "lastcapture: expected a colour and a unit, e.g. 'lastcapture white re3'",
                ));
            };
            k += 2;
            let colour = match parse_colour(c) {
                Some("white") => Color::White,
                Some("black") => Color::Black,
                _ => return Err(p.err(c.line, format!("lastcapture: '{}' is not white or black", c.text))),
            };
            let Some((walk, squares)) = piece_spec(&u.text).filter(|s| s.1.len() == 1) else {
                return Err(p.err(u.line, format!("lastcapture: '{}' is not a unit like re3", u.text)));
            };
            let role = walk_role(&walk).ok_or_else(|| unsupported_walk(&walk, u.line, p))?;
            b.last_capture = Some((Piece::new(colour, role), squares[0], u.line));
            continue;
        }
        let variant_words: &[&str] = match name.as_str() {
            "madrasi" => &["rexinclusive"],
            "isardam" => &["typea", "typeb", "rexinclusive"],
            n if n.contains("circe") || n == "pwc" => CIRCE_VARIANTS,
            _ => &[],
        };
        let mut words = Vec::new();
        while let Some(w) = args.get(k) {
            match keyword(&w.text, variant_words) {
                Keyword::Is(x) => {
                    words.push(x.to_string());
                    k += 1;
                }
                _ => break,
            }
        }
        b.conditions.push(Condition {
            name,
            words,
            line: t.line,
        });
    }
    Ok(())
}

fn squares_of(text: &str) -> Option<Vec<Square>> {
    if text.is_empty() || !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| Square::parse(&text[i..i + 2].to_ascii_lowercase()))
        .collect()
}

pub(super) fn parse_options(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), LoadError> {
    let args = p.arguments();
    if args.is_empty() {
        return Err(p.err(line, "option: none given"));
    }
    let mut k = 0;
    while k < args.len() {
        let t = &args[k];
        k += 1;
        let opt = match keyword(&t.text, OPTIONS) {
            Keyword::Is(o) => o,
            Keyword::Ambiguous => return Err(p.err(t.line, format!("'{}' abbreviates several Popeye options", t.text))),
            Keyword::Unknown => return Err(p.err(t.line, format!("unknown Popeye option '{}'", t.text))),
        };
        match opt {
            "nocastling" | "enpassant" => {
                let mut squares = Vec::new();
                while let Some(s) = args.get(k).and_then(|a| squares_of(&a.text)) {
                    squares.extend(s);
                    k += 1;
                }
                if squares.is_empty() {
                    return Err(p.err(t.line, format!("{opt}: expected squares, e.g. '{opt} {}'", if opt == "enpassant" { "e7e6e5" } else { "e1a1" })));
                }
                if opt == "nocastling" {
                    b.no_castling.extend(squares);
                } else {
                    b.en_passant = Some((squares, t.line));
                }
            }
            "halfduplex" => b.halfduplex = true,
            "whitetoplay" => b.white_to_play = true,
            o => match HARMLESS_OPTIONS.iter().find(|h| h.0 == o) {
                Some(&(_, n)) => {
                    // their numeric arguments, when given
                    for _ in 0..n {
                        if args.get(k).is_some_and(|a| a.text.bytes().all(|c| c.is_ascii_digit() || c == b':')) {
                            k += 1;
                        }
                    }
                }
                None => {
                    return Err(p.err(
                        t.line,
                        format!("option '{o}' is not supported (it changes what is solved; fairyperft lists the moves of one side)"),
                    ))
                }
            },
        }
    }
    Ok(())
}

/// Who moves first: White, except in help play (Black; White with `whitetoplay` or a
/// stipulation ending in `.5`); `halfduplex` swaps.
fn side_to_move(b: &Builder) -> Color {
    let s = b.stipulation.as_deref().unwrap_or("").to_ascii_lowercase();
    let help = s.starts_with("ser-h") || (s.starts_with('h') && !s.starts_with("hs"));
    let mut side = if help && !b.white_to_play && !s.ends_with(".5") {
        Color::Black
    } else {
        Color::White
    };
    if b.halfduplex {
        side = side.other();
    }
    side
}

pub(super) fn finish(p: &Parser, b: Builder) -> Result<PopeyeProblem, LoadError> {
    // the variant
    let mut circe: Option<&str> = None;
    let mut observation: Option<&str> = None;
    for c in &b.conditions {
        let (family, name) = map_condition(c).map_err(|m| p.err(c.line, m))?;
        let slot = if family == "circe" {
            &mut circe
        } else {
            &mut observation
        };
        if let Some(prev) = slot {
            return Err(p.err(
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
            return Err(p.err(
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
                return Err(p.err(
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
    let side = side_to_move(&b);

    // en passant: the squares of the pawn's double step (e7e6e5 or e7e5)
    let mut ep = "-".to_string();
    if let Some((sq, line)) = &b.en_passant {
        let (first, last) = (sq[0], sq[sq.len() - 1]);
        if sq.len() < 2 || first.file() != last.file() || first.rank().abs_diff(last.rank()) != 2 {
            return Err(p.err(
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
            return Err(p.err(line, "lastcapture is supported with Circe Parrain only"));
        }
        fen_text.push_str(&format!(" pending={}{sq}", pc.fen_char()));
    }
    let mut pos = fen::parse(&fen_text).map_err(|e| p.err(b.line, format!("the problem's position: {e}")))?;

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
        title: b.title,
        variant,
        fen,
        stipulation: b.stipulation,
        expected_moves: None,
    })
}
