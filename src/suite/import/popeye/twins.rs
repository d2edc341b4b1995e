//! Twins: `twin` and `zeroposition` with their twinnings (move, exchange, remove, add,
//! rotate, mirror, shift, PolishType, substitute, condition, stipulation), and
//! `continued`. A continued twin changes the twin before it; any other twin changes the
//! problem as its sections gave it.

use super::sections::{read_conditions, read_units, squares_of, walk_role};
use super::tables::{MIRRORS, TWINNINGS};
use super::vocabulary::{keyword, Keyword};
use super::{Bad, Builder, Parser, Tok};
use crate::square::{Piece, Square};

/// The label Popeye prints before twin number `n` (0 for `a)`).
pub(super) fn label(n: usize) -> String {
    let letter = (b'a' + (n % 26) as u8) as char;
    if n < 26 {
        format!("{letter})")
    } else {
        format!("{letter}{})", n / 26)
    }
}

fn square_arg(t: Option<&Tok>, what: &str, line: usize) -> Result<Square, Bad> {
    let t = t.ok_or_else(|| Bad::new(line, format!("{what}: missing square")))?;
    match squares_of(&t.text).as_deref() {
        Some([sq]) => Ok(*sq),
        _ => Err(Bad::new(t.line, format!("{what}: '{}' is not a square", t.text))),
    }
}

fn occupied(b: &Builder, sq: Square, what: &str, line: usize) -> Result<(), Bad> {
    if b.placements.iter().any(|x| x.square == sq) {
        Ok(())
    } else {
        Err(Bad::new(line, format!("{what}: there is no unit on {sq}")))
    }
}

/// Every unit moved by `f` (a square of the board for each square), or an error naming
/// the first unit `f` takes off the board.
fn transform(b: &mut Builder, line: usize, f: impl Fn(u8, u8) -> Option<(u8, u8)>) -> Result<(), Bad> {
    for x in &mut b.placements {
        let (file, rank) = (x.square.file(), x.square.rank());
        let Some((nf, nr)) = f(file, rank).filter(|&(a, r)| a < 8 && r < 8) else {
            return Err(Bad::new(
                line,
                format!("the unit on {} would leave the board", x.square),
            ));
        };
        x.square = Square::from_coords(nf, nr);
    }
    Ok(())
}

/// Reads the twinnings of one twin (after `twin` or `zeroposition`) and applies them to
/// `b` (a twin that changes nothing is allowed: Popeye solves the same position again).
pub(super) fn read_twinnings(p: &mut Parser, b: &mut Builder) -> Result<(), Bad> {
    while let Some(t) = p.peek().cloned() {
        let w = match keyword(&t.text, &TWINNINGS, p.lang) {
            Keyword::Is(w) => w,
            Keyword::Ambiguous => return Err(Bad::new(t.line, format!("'{}' abbreviates several twinnings", t.text))),
            Keyword::Unknown => break,
        };
        p.next();
        let what = w.as_str();
        match what {
            "continued" => return Err(Bad::new(t.line, "'continued' must come first in a twin")),
            "move" | "exchange" => {
                let from = square_arg(p.next().as_ref(), what, t.line)?;
                let to = square_arg(p.next().as_ref(), what, t.line)?;
                occupied(b, from, what, t.line)?;
                if what == "exchange" {
                    occupied(b, to, what, t.line)?;
                    for x in &mut b.placements {
                        if x.square == from {
                            x.square = to;
                        } else if x.square == to {
                            x.square = from;
                        }
                    }
                } else {
                    b.placements.retain(|x| x.square != to);
                    for x in &mut b.placements {
                        if x.square == from {
                            x.square = to;
                        }
                    }
                }
            }
            "remove" => {
                let arg = p.next().ok_or_else(|| Bad::new(t.line, "remove: missing squares"))?;
                let squares = squares_of(&arg.text)
                    .ok_or_else(|| Bad::new(arg.line, format!("remove: '{}' is not a list of squares", arg.text)))?;
                for sq in squares {
                    occupied(b, sq, what, arg.line)?;
                    b.placements.retain(|x| x.square != sq);
                }
            }
            "add" => {
                let args = p.arguments();
                for u in read_units(&args, p.lang, t.line)? {
                    // a unit added by a twin replaces the one there
                    b.placements.retain(|x| x.square != u.square);
                    b.placements.push(u);
                }
            }
            "rotate" => {
                let arg = p.next().ok_or_else(|| Bad::new(t.line, "rotate: missing angle"))?;
                match arg.text.as_str() {
                    "90" => transform(b, t.line, |f, r| Some((7 - r, f)))?,
                    "180" => transform(b, t.line, |f, r| Some((7 - f, 7 - r)))?,
                    "270" => transform(b, t.line, |f, r| Some((r, 7 - f)))?,
                    other => return Err(Bad::new(arg.line, format!("rotate: '{other}' is not 90, 180 or 270"))),
                }
            }
            "mirror" => {
                let arg = p.next().ok_or_else(|| Bad::new(t.line, "mirror: missing axis"))?;
                let Keyword::Is(axis) = keyword(&arg.text, &MIRRORS, p.lang) else {
                    return Err(Bad::new(
                        arg.line,
                        format!("mirror: '{}' is not a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1", arg.text),
                    ));
                };
                // the two squares named are exchanged, and the board with them
                match axis.as_str() {
                    "a1<-->h1" => transform(b, t.line, |f, r| Some((7 - f, r)))?,
                    "a1<-->a8" => transform(b, t.line, |f, r| Some((f, 7 - r)))?,
                    "a1<-->h8" => transform(b, t.line, |f, r| Some((7 - r, 7 - f)))?,
                    _ => transform(b, t.line, |f, r| Some((r, f)))?,
                }
            }
            "shift" => {
                let from = square_arg(p.next().as_ref(), what, t.line)?;
                let to = square_arg(p.next().as_ref(), what, t.line)?;
                let df = i16::from(to.file()) - i16::from(from.file());
                let dr = i16::from(to.rank()) - i16::from(from.rank());
                transform(b, t.line, |f, r| {
                    let (nf, nr) = (i16::from(f) + df, i16::from(r) + dr);
                    (0..8).contains(&nf).then_some(())?;
                    (0..8).contains(&nr).then_some((nf as u8, nr as u8))
                })?;
            }
            "polishtype" => {
                for x in &mut b.placements {
                    x.piece = Piece::new(x.piece.color().other(), x.piece.role());
                }
            }
            "substitute" => {
                let mut walk = || -> Result<crate::square::Role, Bad> {
                    let a = p.next().ok_or_else(|| Bad::new(t.line, "substitute: missing walk"))?;
                    let w = a.text.to_ascii_lowercase();
                    walk_role(&w, p.lang).ok_or_else(|| super::sections::unsupported_walk(&w, a.line, p.lang))
                };
                let (old, new) = (walk()?, walk()?);
                for x in &mut b.placements {
                    if x.piece.role() == old {
                        x.piece = Piece::new(x.piece.color(), new);
                    }
                }
            }
            "condition" => {
                let args = p.condition_arguments();
                b.conditions.clear();
                b.last_capture = None;
                read_conditions(&args, b, p.lang, t.line)?;
            }
            "stipulation" => {
                b.stipulation = Some(super::stipulation(p, t.line)?);
                b.first_mover = None;
            }
            "sstipulation" => super::sstipulation(p, b, t.line)?,
            other => return Err(Bad::new(t.line, format!("twinning '{other}' is not supported"))),
        }
    }
    Ok(())
}
