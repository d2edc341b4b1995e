//! The sections of one Popeye problem (`pieces`, `forsyth`, `condition`, `option`) read
//! into its builder. `pieces` and `forsyth` add to the board, as in Popeye: several of
//! them build one position.

use super::tables::{
    ANTICIRCE_TYPES, ATTRIBUTES, CIRCE_VARIANTS, COLOURS, CONDITIONS, EXTRA_CONDITIONS, LETTERED_TYPES, OPTIONS,
};
use super::vocabulary::{keyword, Keyword, Lang, HARMLESS_OPTIONS, PRINT_OPTIONS};
use super::{Bad, Builder, Condition, Parser, Placement, Tok};
use crate::square::{Color, Piece, Role, Square};

/// `white` / `black` (or another of Popeye's colours, in the file's language).
pub(super) fn parse_colour(t: &str, lang: Lang) -> Option<String> {
    match keyword(t, &COLOURS, lang) {
        Keyword::Is(c) => Some(c),
        _ => None,
    }
}

fn colour_of(name: &str, line: usize) -> Result<Color, Bad> {
    match name {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(Bad::new(line, format!("{other} units are not supported"))),
    }
}

/// `kh1`, `pa2b2c2`: the walk and its squares.
pub(super) fn piece_spec(text: &str) -> Option<(String, Vec<Square>)> {
    let t = text.to_ascii_lowercase();
    for k in 1..=2.min(t.len()) {
        if !t.is_char_boundary(k) {
            continue;
        }
        let (walk, squares) = t.split_at(k);
        if let Some(sq) = squares_of(squares) {
            return Some((walk.to_string(), sq));
        }
    }
    None
}

/// The orthodox role a walk's letters stand for in `lang` (`s` the knight in English).
pub(super) fn walk_role(walk: &str, lang: Lang) -> Option<Role> {
    let mut c = walk.chars();
    let (Some(first), None) = (c.next(), c.next()) else {
        return None;
    };
    let roles = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    let i = lang
        .walk_letters()
        .iter()
        .position(|&l| l == first.to_ascii_lowercase())?;
    Some(roles[i])
}

pub(super) fn unsupported_walk(walk: &str, line: usize, lang: Lang) -> Bad {
    let hint = if walk == "n" && lang == Lang::English {
        " ('n' is Popeye's nightrider; the knight is 's')"
    } else {
        ""
    };
    let letters: Vec<String> = lang
        .walk_letters()
        .iter()
        .map(|c| c.to_ascii_uppercase().to_string())
        .collect();
    let letters = letters.join(" ");
    Bad::new(
        line,
        format!("unsupported fairy piece '{walk}'{hint}: fairyperft knows {letters}"),
    )
}

/// The units of a `pieces` section (or of a twin's `add`): colours, attributes, units.
pub(super) fn read_units(args: &[Tok], lang: Lang, line: usize) -> Result<Vec<Placement>, Bad> {
    let mut colour: Option<Color> = None;
    let mut kamikaze = false;
    let mut out = Vec::new();
    if args.is_empty() {
        return Err(Bad::new(line, "pieces: no units given"));
    }
    for t in args {
        let has_digit = t.text.bytes().any(|c| c.is_ascii_digit());
        if !has_digit {
            if let Some(c) = parse_colour(&t.text, lang) {
                colour = Some(colour_of(&c, t.line)?);
                kamikaze = false;
                continue;
            }
            match keyword(&t.text, &ATTRIBUTES, lang) {
                Keyword::Is(a) if a == "kamikaze" => {
                    kamikaze = true;
                    continue;
                }
                Keyword::Is(a) => return Err(Bad::new(t.line, format!("unsupported piece attribute '{a}'"))),
                _ => {
                    return Err(Bad::new(
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
            return Err(Bad::new(
                t.line,
                format!("pieces: '{}' is not a unit like kh1 or pa2b2c2", t.text),
            ));
        };
        let role = walk_role(&walk, lang).ok_or_else(|| unsupported_walk(&walk, t.line, lang))?;
        let Some(c) = colour else {
            return Err(Bad::new(
                t.line,
                format!("pieces: '{}' before 'white' or 'black'", t.text),
            ));
        };
        for sq in squares {
            out.push(Placement {
                square: sq,
                piece: Piece::new(c, role),
                kamikaze,
                line: t.line,
            });
        }
    }
    Ok(out)
}

pub(super) fn parse_pieces(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), Bad> {
    let args = p.arguments();
    let units = read_units(&args, p.lang, line)?;
    b.placements.extend(units);
    Ok(())
}

/// `forsyth`: the units it names are added from a8 on, rank by rank; digits skip squares.
/// A description shorter than the board leaves the rest as it was, and empty squares
/// counted past h1 are dropped (Popeye does the same); a unit past h1 is an error.
pub(super) fn parse_forsyth(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), Bad> {
    let t = p.next().ok_or_else(|| Bad::new(line, "forsyth: missing position"))?;
    let chars: Vec<char> = t.text.chars().collect();
    let mut idx = 0usize; // 0 = a8, reading rank by rank
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            // Popeye reads at most two digits as one number
            let mut n = 0usize;
            let mut k = 0;
            while i < chars.len() && chars[i].is_ascii_digit() && k < 2 {
                n = n * 10 + chars[i].to_digit(10).unwrap_or(0) as usize;
                i += 1;
                k += 1;
            }
            idx = idx.saturating_add(n);
            continue;
        }
        // an explicit colour: '+' white, '-' black, '=' neutral
        let mut colour = None;
        let mut c = c;
        if matches!(c, '+' | '-' | '=') {
            if c == '=' {
                return Err(Bad::new(t.line, "forsyth: neutral units are not supported"));
            }
            colour = Some(if c == '+' { Color::White } else { Color::Black });
            i += 1;
            let Some(&n) = chars.get(i) else {
                return Err(Bad::new(
                    t.line,
                    format!("forsyth '{}': a colour without a unit", t.text),
                ));
            };
            c = n;
        }
        if c == '.' {
            let walk: String = chars
                .iter()
                .skip(i + 1)
                .take(2)
                .collect::<String>()
                .to_ascii_lowercase();
            return Err(unsupported_walk(&walk, t.line, p.lang));
        }
        let walk = c.to_ascii_lowercase().to_string();
        let role = walk_role(&walk, p.lang).ok_or_else(|| unsupported_walk(&walk, t.line, p.lang))?;
        let colour = colour.unwrap_or(if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        });
        if idx >= 64 {
            return Err(Bad::new(
                t.line,
                format!("forsyth '{}' describes more than 64 squares", t.text),
            ));
        }
        let sq = Square::from_coords((idx % 8) as u8, 7 - (idx / 8) as u8);
        b.placements.push(Placement {
            square: sq,
            piece: Piece::new(colour, role),
            kamikaze: false,
            line: t.line,
        });
        idx += 1;
        i += 1;
    }
    // empty squares counted past h1 are ignored, as Popeye ignores them
    Ok(())
}

/// The words Popeye reads after a condition as its variants (English names).
fn variant_words(name: &str, lang: Lang, tok: &str) -> Option<String> {
    let tables: &[&super::tables::Table] = match name {
        "madrasi" => &[&CIRCE_VARIANTS],
        "isardam" => &[&LETTERED_TYPES, &CIRCE_VARIANTS],
        "anticirce" => &[&CIRCE_VARIANTS, &ANTICIRCE_TYPES],
        n if n.contains("circe") || n == "pwc" => &[&CIRCE_VARIANTS],
        _ => &[],
    };
    tables.iter().find_map(|t| match keyword(tok, t, lang) {
        Keyword::Is(w) => Some(w),
        _ => None,
    })
}

/// A `condition` section (or a twin's): the conditions, each with the variant words Popeye
/// reads after it and any other arguments (square lists, numbers, walks), which belong to
/// the condition before them and are not conditions themselves.
pub(super) fn read_conditions(args: &[Tok], b: &mut Builder, lang: Lang, line: usize) -> Result<(), Bad> {
    if args.is_empty() {
        return Err(Bad::new(line, "condition: none given"));
    }
    let mut k = 0;
    while k < args.len() {
        let t = &args[k];
        k += 1;
        if let Some(c) = b.conditions.last_mut() {
            if let Some(w) = variant_words(&c.name, lang, &t.text) {
                c.words.push(w);
                continue;
            }
        }
        let name = match keyword(&t.text, &CONDITIONS, lang) {
            Keyword::Is(n) => n,
            other => {
                if let Some(c) = b.conditions.last_mut() {
                    c.args.push(t.text.clone());
                    continue;
                }
                if let Keyword::Is(extra) = keyword(&t.text, &EXTRA_CONDITIONS, lang) {
                    return Err(Bad::new(
                        t.line,
                        format!("Popeye condition '{extra}' has no fairyperft counterpart (see `fairyperft variants`)"),
                    ));
                }
                let why = if other == Keyword::Ambiguous {
                    "abbreviates several Popeye conditions"
                } else {
                    "is not a Popeye condition"
                };
                return Err(Bad::new(t.line, format!("'{}' {why}", t.text)));
            }
        };
        if name == "lastcapture" {
            let (Some(c), Some(u)) = (args.get(k), args.get(k + 1)) else {
                return Err(Bad::new(
                    t.line,
                    "lastcapture: expected a colour and a unit, e.g. 'lastcapture white re3'",
                ));
            };
            k += 2;
            let colour = match parse_colour(&c.text, lang).as_deref() {
                Some("white") => Color::White,
                Some("black") => Color::Black,
                _ => {
                    return Err(Bad::new(
                        c.line,
                        format!("lastcapture: '{}' is not white or black", c.text),
                    ))
                }
            };
            let Some((walk, squares)) = piece_spec(&u.text).filter(|s| s.1.len() == 1) else {
                return Err(Bad::new(
                    u.line,
                    format!("lastcapture: '{}' is not a unit like re3", u.text),
                ));
            };
            let role = walk_role(&walk, lang).ok_or_else(|| unsupported_walk(&walk, u.line, lang))?;
            b.last_capture = Some((Piece::new(colour, role), squares[0], u.line));
            continue;
        }
        b.conditions.push(Condition {
            name,
            words: Vec::new(),
            args: Vec::new(),
            line: t.line,
        });
    }
    for c in &mut b.conditions {
        let chameleon = c.name == "chameleoncirce" || c.words.iter().any(|w| w == "chameleon");
        if chameleon && default_chameleon_sequence(&c.args, lang) {
            c.args.clear();
        }
    }
    Ok(())
}

pub(super) fn parse_conditions(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), Bad> {
    let args = p.condition_arguments();
    read_conditions(&args, b, p.lang, line)
}

/// Chameleon Circe's explicit walk sequence (`circe chameleon s b r q s`): accepted when
/// it is fairyperft's (and Popeye's default) S->B->R->Q->S, as Popeye reads it (each walk
/// becomes the next, the last the first).
fn default_chameleon_sequence(walks: &[String], lang: Lang) -> bool {
    let roles: Option<Vec<Role>> = walks.iter().map(|w| walk_role(&w.to_ascii_lowercase(), lang)).collect();
    let Some(mut roles) = roles.filter(|r| r.len() > 1) else {
        return false;
    };
    if roles.first() != roles.last() {
        roles.push(roles[0]);
    }
    let mut pairs: Vec<(Role, Role)> = roles.windows(2).map(|w| (w[0], w[1])).collect();
    pairs.sort_by_key(|&(a, _)| a as u8);
    pairs.dedup();
    let mut want = vec![
        (Role::Knight, Role::Bishop),
        (Role::Bishop, Role::Rook),
        (Role::Rook, Role::Queen),
        (Role::Queen, Role::Knight),
    ];
    want.sort_by_key(|&(a, _)| a as u8);
    pairs == want
}

/// `e1a1`, `e7e6e5`: squares written one after the other.
pub(super) fn squares_of(text: &str) -> Option<Vec<Square>> {
    if text.is_empty() || !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| Square::parse(&text[i..i + 2].to_ascii_lowercase()))
        .collect()
}

pub(super) fn parse_options(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), Bad> {
    let args = p.arguments();
    if args.is_empty() {
        return Err(Bad::new(line, "option: none given"));
    }
    let mut k = 0;
    while k < args.len() {
        let t = &args[k];
        k += 1;
        let opt = match keyword(&t.text, &OPTIONS, p.lang) {
            Keyword::Is(o) => o,
            Keyword::Ambiguous => {
                return Err(Bad::new(
                    t.line,
                    format!("'{}' abbreviates several Popeye options", t.text),
                ))
            }
            Keyword::Unknown => return Err(Bad::new(t.line, format!("unknown Popeye option '{}'", t.text))),
        };
        match opt.as_str() {
            "nocastling" | "enpassant" => {
                let mut squares = Vec::new();
                while let Some(s) = args.get(k).and_then(|a| squares_of(&a.text)) {
                    squares.extend(s);
                    k += 1;
                }
                if squares.is_empty() {
                    let e = if opt == "enpassant" { "e7e6e5" } else { "e1a1" };
                    return Err(Bad::new(t.line, format!("{opt}: expected squares, e.g. '{opt} {e}'")));
                }
                if opt == "nocastling" {
                    b.no_castling.extend(squares);
                } else {
                    b.en_passant = Some((squares, t.line));
                }
            }
            "halfduplex" => b.halfduplex = true,
            // both sides' moves: read as two problems (see `read_popeye`)
            "duplex" => b.duplex = true,
            "whitetoplay" => b.white_to_play = true,
            o => match HARMLESS_OPTIONS.iter().find(|h| h.0 == o) {
                Some(&(_, n)) => {
                    if PRINT_OPTIONS.contains(&o) {
                        b.print_options.push((o.to_string(), t.line));
                    }
                    // their numeric arguments, when given (`maxtime 1:30`, `maxflight -1`)
                    for _ in 0..n {
                        if args.get(k).is_some_and(|a| {
                            a.text.bytes().all(|c| c.is_ascii_digit() || b":.-".contains(&c))
                        }) {
                            k += 1;
                        }
                    }
                }
                None => {
                    return Err(Bad::new(
                        t.line,
                        format!(
                            "option '{o}' is not supported (it changes what is solved; fairyperft lists the moves of one side)"
                        ),
                    ))
                }
            },
        }
    }
    Ok(())
}
