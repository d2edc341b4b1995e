//! FEN parsing and printing, with an extended state syntax: after the standard fields
//! (placement, side to move, castling, en passant, and optionally the halfmove and
//! fullmove counters, which default to 0 and 1), optional `key=value` tokens carry what a
//! FEN cannot:
//!
//! * `hidden=h8B,h8n`   units hidden under squares (Volcanic), in burial order
//! * `pending=Re3`      a pending rebirth (Circe Parrain): a white rook captured on e3
//! * `flags=e1h1e8`     per-unit castling flags, when the castling field cannot say them
//! * `diagram=e4:e2,c3:-`  diagram squares (Diagram Circe) of units not on their own
//!
//! Each key may be given once, and `-` stands for none. Malformed input is an error value
//! naming the problem, never a panic.

use crate::position::{flags, Position};
use crate::square::{Color, Piece, Role, Square};
use std::fmt;

/// The initial position of orthodox chess.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why [`parse`] refused a FEN. Its `Display` text is a one-line message for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty, or only whitespace.
    Empty,
    /// Not 4 to 6 standard fields before the `key=value` tokens; holds the number found.
    FieldCount(usize),
    /// The placement does not have 8 ranks separated by `/`; holds the number found.
    RankCount(usize),
    RankLength {
        rank: u8,
        squares: usize,
    },
    BadPiece(char),
    /// More than one king of this colour (a side without a king is allowed).
    TooManyKings(Color),
    /// The side to move is not `w` or `b`; holds the field.
    BadSide(String),
    /// The castling field is not `-` or distinct letters from `KQkq`; holds the field.
    BadCastling(String),
    /// A castling letter whose king and rook are not on their initial squares; holds the
    /// letter.
    CastlingWithoutPieces(char),
    /// The en-passant field is not a square, is on the wrong rank for the side to move, or
    /// no pawn of the other side stands where its double step would have ended (d5 for
    /// `d6`); holds a description.
    BadEnPassant(String),
    /// A move counter that is not a whole number from 0 to 4294967295; holds the field.
    BadCounter(String),
    /// A `key=value` token is malformed, unknown, repeated, or does not fit the position
    /// (a hidden unit under an empty square, a pending unit of the wrong side, flags the
    /// castling field contradicts...); holds a description.
    BadToken(String),
    /// Well-formed fields that no game can reach together (the move generator would be
    /// misled by them).
    Impossible(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::FieldCount(n) => {
                write!(
                    f,
                    "a FEN has 4 to 6 fields (placement, side, castling, en passant[, halfmove, fullmove]), found {n}"
                )
            }
            FenError::RankCount(n) => write!(f, "the placement needs 8 ranks separated by '/', found {n}"),
            FenError::RankLength { rank, squares } => {
                write!(f, "rank {rank} describes {squares} squares instead of 8")
            }
            FenError::BadPiece(c) => write!(
                f,
                "bad piece letter '{c}' (expected one of PNBRQK / pnbrqk or a digit 1-8)"
            ),
            FenError::TooManyKings(c) => write!(
                f,
                "more than one {} king",
                if *c == Color::White { "white" } else { "black" }
            ),
            FenError::BadSide(s) => write!(f, "side to move must be 'w' or 'b', found '{s}'"),
            FenError::BadCastling(s) => write!(f, "bad castling field '{s}' (expected '-' or letters from KQkq)"),
            FenError::CastlingWithoutPieces(c) => write!(
                f,
                "castling right '{c}' without its king and rook on their initial squares"
            ),
            FenError::BadEnPassant(s) => write!(f, "bad en-passant square: {s}"),
            FenError::BadCounter(s) => write!(f, "bad move counter '{s}' (expected a non-negative number)"),
            FenError::BadToken(s) => write!(f, "bad state token: {s}"),
            FenError::Impossible(s) => write!(f, "impossible position: {s}"),
        }
    }
}

impl std::error::Error for FenError {}

fn castle_letter_flags(c: char) -> Option<(u8, Color, Square, Square)> {
    Some(match c {
        'K' => (
            flags::WHITE_KING | flags::WHITE_H_ROOK,
            Color::White,
            Square::E1,
            Square::H1,
        ),
        'Q' => (
            flags::WHITE_KING | flags::WHITE_A_ROOK,
            Color::White,
            Square::E1,
            Square::A1,
        ),
        'k' => (
            flags::BLACK_KING | flags::BLACK_H_ROOK,
            Color::Black,
            Square::E8,
            Square::H8,
        ),
        'q' => (
            flags::BLACK_KING | flags::BLACK_A_ROOK,
            Color::Black,
            Square::E8,
            Square::A8,
        ),
        _ => return None,
    })
}

/// The FEN castling letters that a set of per-unit flags shows (a letter needs both the
/// king's and that rook's flag); `-` when none does. `f` combines the constants of
/// [`flags`].
pub fn castling_letters(f: u8) -> String {
    let mut s = String::new();
    for c in ['K', 'Q', 'k', 'q'] {
        let (need, ..) = castle_letter_flags(c).unwrap();
        if f & need == need {
            s.push(c);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// The castling field of `pos` with flags `f`: the letters whose king and rook stand on
/// their squares. A rook reborn under another unit on its own corner (Volcanic) keeps that
/// corner's flag, which the field cannot show (it would not parse back): `flags=` does.
pub fn castling_field(pos: &Position, f: u8) -> String {
    let mut s = String::new();
    for c in castling_letters(f).chars() {
        if let Some((_, color, ksq, rsq)) = castle_letter_flags(c) {
            if pos.piece_at(ksq) == Some(Piece::new(color, Role::King))
                && pos.piece_at(rsq) == Some(Piece::new(color, Role::Rook))
            {
                s.push(c);
            }
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

fn letters_to_flags(s: &str) -> u8 {
    s.chars()
        .filter_map(castle_letter_flags)
        .fold(0, |acc, (f, ..)| acc | f)
}

/// Parses a FEN, with the extended tokens of the module documentation, into a position.
/// Fields are separated by whitespace. Every unit stands on its diagram square unless a
/// `diagram=` token says otherwise.
///
/// ```
/// use fairyperft::{fen, Color, Piece, Role, Square};
///
/// let pos = fen::parse(fen::STARTING_FEN).unwrap();
/// assert_eq!(pos.turn(), Color::White);
/// assert_eq!(pos.piece_at(Square::E1), Some(Piece::new(Color::White, Role::King)));
///
/// // Volcanic Circe: a black knight hidden under the rook on h1; four fields suffice.
/// let pos = fen::parse("k7/8/8/8/8/8/8/4K2R w K - hidden=h1n").unwrap();
/// assert_eq!(pos.hidden_under(Square::H1), Some(Piece::new(Color::Black, Role::Knight)));
/// assert_eq!(pos.fen(), "k7/8/8/8/8/8/8/4K2R w K - 0 1 hidden=h1n");
///
/// // Errors say what is wrong.
/// let err = fen::parse("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
/// assert_eq!(err, fen::FenError::CastlingWithoutPieces('K'));
/// assert_eq!(err.to_string(), "castling right 'K' without its king and rook on their initial squares");
/// assert!(matches!(fen::parse("8/8/8 w - -"), Err(fen::FenError::RankCount(3))));
/// ```
pub fn parse(fen: &str) -> Result<Position, FenError> {
    let all: Vec<&str> = fen.split_whitespace().collect();
    if all.is_empty() {
        return Err(FenError::Empty);
    }
    let n_base = all.iter().take_while(|t| !t.contains('=')).count();
    let (base, tokens) = all.split_at(n_base);
    if !(4..=6).contains(&base.len()) {
        return Err(FenError::FieldCount(base.len()));
    }
    let mut pos = Position::empty();

    // placement
    let ranks: Vec<&str> = base[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut kings = [0u32; 2];
    for (i, r) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0usize;
        for c in r.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::BadPiece(c));
                }
                file += d as usize;
            } else {
                let p = Piece::from_fen_char(c).ok_or(FenError::BadPiece(c))?;
                if file < 8 {
                    pos.put(Square::from_coords(file as u8, rank), p);
                }
                if p.role() == Role::King {
                    kings[p.color().index()] += 1;
                }
                file += 1;
            }
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank: rank + 1,
                squares: file,
            });
        }
    }
    for c in [Color::White, Color::Black] {
        if kings[c.index()] > 1 {
            return Err(FenError::TooManyKings(c));
        }
    }

    // side
    let turn = match base[1] {
        "w" => Color::White,
        "b" => Color::Black,
        s => return Err(FenError::BadSide(s.to_string())),
    };
    pos.set_turn(turn);

    // castling
    let cf = base[2];
    let mut castle = 0u8;
    if cf != "-" {
        if cf.is_empty() || !cf.chars().all(|c| castle_letter_flags(c).is_some()) {
            return Err(FenError::BadCastling(cf.to_string()));
        }
        let mut seen = String::new();
        for c in cf.chars() {
            let (f, color, ksq, rsq) = castle_letter_flags(c).ok_or_else(|| FenError::BadCastling(cf.to_string()))?;
            if seen.contains(c) {
                return Err(FenError::BadCastling(cf.to_string()));
            }
            seen.push(c);
            if pos.piece_at(ksq) != Some(Piece::new(color, Role::King))
                || pos.piece_at(rsq) != Some(Piece::new(color, Role::Rook))
            {
                return Err(FenError::CastlingWithoutPieces(c));
            }
            castle |= f;
        }
    }

    // en passant
    let ep = base[3];
    if ep != "-" {
        let sq = Square::parse(ep).ok_or_else(|| FenError::BadEnPassant(format!("'{ep}' is not a square")))?;
        let (want_rank, victim_dir) = match turn {
            Color::White => (5u8, -1),
            Color::Black => (2u8, 1),
        };
        if sq.rank() != want_rank {
            return Err(FenError::BadEnPassant(format!(
                "{ep} must be on rank {} when {} is to move",
                want_rank + 1,
                if turn == Color::White { "White" } else { "Black" }
            )));
        }
        let victim = sq.offset(0, victim_dir).unwrap();
        // The squares the pawn passed need not be empty: the double step's own effects can
        // fill them (a Volcanic unit emerging on the start square, a Parrain rebirth on the
        // passed square), and every position a move reaches must print and parse back.
        if pos.piece_at(victim) != Some(Piece::new(turn.other(), Role::Pawn)) {
            return Err(FenError::BadEnPassant(format!(
                "{ep}: no pawn on {victim} that could have just double-stepped"
            )));
        }
        pos.set_ep_square(Some(sq));
    }

    // counters
    let parse_counter = |s: &str| s.parse::<u32>().map_err(|_| FenError::BadCounter(s.to_string()));
    let halfmove = if base.len() >= 5 { parse_counter(base[4])? } else { 0 };
    let fullmove = if base.len() >= 6 { parse_counter(base[5])? } else { 1 };
    pos.set_counters(halfmove, fullmove);

    // extended state tokens
    let mut seen_keys: Vec<&str> = Vec::new();
    let mut flags_text: Option<&str> = None;
    for tok in tokens {
        let Some((key, value)) = tok.split_once('=') else {
            return Err(FenError::BadToken(format!(
                "'{tok}' after the state tokens is not key=value"
            )));
        };
        if seen_keys.contains(&key) {
            return Err(FenError::BadToken(format!("'{key}' given twice")));
        }
        seen_keys.push(key);
        match key {
            "hidden" => parse_hidden(&mut pos, value)?,
            "pending" => parse_pending(&mut pos, value)?,
            // checked once every token is read: a flag may belong to a rook hidden under
            // its corner (Volcanic), and `hidden=` may come after `flags=`
            "flags" => flags_text = Some(value),
            "diagram" => parse_diagram(&mut pos, value)?,
            _ => {
                return Err(FenError::BadToken(format!(
                    "unknown key '{key}' (known: hidden, pending, flags, diagram)"
                )))
            }
        }
    }
    if let Some(v) = flags_text {
        let f = parse_flags(&pos, v)?;
        if castling_field(&pos, f) != castling_letters(castle) {
            return Err(FenError::BadToken(format!(
                "flags={} implies castling field '{}', found '{}'",
                flags_string(f),
                castling_field(&pos, f),
                cf
            )));
        }
        castle = f;
    }
    pos.set_castle_flags(castle);
    if let (Some((p, sq)), Some(ep)) = (pos.pending(), pos.ep_square()) {
        // a pending rebirth follows a capture, an e.p. square a pawn's double step: the
        // last move cannot have been both
        return Err(FenError::Impossible(format!(
            "pending={}{sq} (the last move captured) with the en-passant square {ep} (the last move was a pawn's double step): one move cannot be both",
            p.fen_char()
        )));
    }
    Ok(pos)
}

fn parse_hidden(pos: &mut Position, v: &str) -> Result<(), FenError> {
    if v == "-" {
        return Ok(());
    }
    for item in v.split(',') {
        let bad = || FenError::BadToken(format!("hidden: '{item}' is not <square><piece letter>, e.g. h8B"));
        if item.len() != 3 || !item.is_ascii() {
            return Err(bad());
        }
        let sq = Square::parse(&item[..2]).ok_or_else(bad)?;
        let p = Piece::from_fen_char(item.chars().nth(2).unwrap()).ok_or_else(bad)?;
        if p.role() == Role::King {
            return Err(FenError::BadToken(format!("hidden: a king cannot be hidden ({item})")));
        }
        if pos.piece_at(sq).is_none() {
            return Err(FenError::BadToken(format!(
                "hidden: {sq} is empty; units hide only under occupied squares"
            )));
        }
        if pos.hidden().len() >= 32 || pos.occupied().count() as usize + pos.hidden().len() >= 64 {
            return Err(FenError::BadToken(
                "hidden: too many hidden units (at most 32, and 64 units in all)".into(),
            ));
        }
        pos.push_hidden(sq, p);
    }
    Ok(())
}

fn parse_pending(pos: &mut Position, v: &str) -> Result<(), FenError> {
    if v == "-" {
        return Ok(());
    }
    let bad = || FenError::BadToken(format!("pending: '{v}' is not <piece letter><square>, e.g. Re3"));
    if v.len() != 3 || !v.is_ascii() {
        return Err(bad());
    }
    let p = Piece::from_fen_char(v.chars().next().unwrap()).ok_or_else(bad)?;
    let sq = Square::parse(&v[1..]).ok_or_else(bad)?;
    if p.role() == Role::King {
        return Err(FenError::BadToken(
            "pending: a king is never captured in Circe Parrain".into(),
        ));
    }
    if p.color() != pos.turn() {
        return Err(FenError::BadToken(format!(
            "pending: the pending unit belongs to the side to move (it is reborn after that side's move), found {v}"
        )));
    }
    pos.set_pending(Some((p, sq)));
    Ok(())
}

/// (square, flag, colour, walk) of every castling flag.
pub(crate) const FLAG_SQUARES: [(Square, u8, Color, Role); 6] = [
    (Square::E1, flags::WHITE_KING, Color::White, Role::King),
    (Square::A1, flags::WHITE_A_ROOK, Color::White, Role::Rook),
    (Square::H1, flags::WHITE_H_ROOK, Color::White, Role::Rook),
    (Square::E8, flags::BLACK_KING, Color::Black, Role::King),
    (Square::A8, flags::BLACK_A_ROOK, Color::Black, Role::Rook),
    (Square::H8, flags::BLACK_H_ROOK, Color::Black, Role::Rook),
];

fn flags_string(f: u8) -> String {
    let s: String = FLAG_SQUARES
        .iter()
        .filter(|x| f & x.1 != 0)
        .map(|x| x.0.to_string())
        .collect();
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

fn parse_flags(pos: &Position, v: &str) -> Result<u8, FenError> {
    if v == "-" {
        return Ok(0);
    }
    if !v.len().is_multiple_of(2) || !v.is_ascii() {
        return Err(FenError::BadToken(format!(
            "flags: '{v}' is not a list of squares from e1 a1 h1 e8 a8 h8"
        )));
    }
    let mut f = 0;
    for i in (0..v.len()).step_by(2) {
        let s = &v[i..i + 2];
        let entry = Square::parse(s)
            .and_then(|sq| FLAG_SQUARES.iter().find(|x| x.0 == sq))
            .ok_or_else(|| FenError::BadToken(format!("flags: '{s}' is not one of e1 a1 h1 e8 a8 h8")))?;
        // the unit on the square, or (Volcanic) one buried under it: a rook reborn under
        // another unit on its own corner keeps that corner's flag (docs/rules.md)
        let unit = Piece::new(entry.2, entry.3);
        let buried = pos.hidden().iter().any(|(sq, p)| sq == entry.0 && p == unit);
        if pos.piece_at(entry.0) != Some(unit) && !buried {
            return Err(FenError::BadToken(format!(
                "flags: no unit on {s} that could carry a castling flag"
            )));
        }
        if f & entry.1 != 0 {
            return Err(FenError::BadToken(format!("flags: {s} given twice")));
        }
        f |= entry.1;
    }
    Ok(f)
}

fn parse_diagram(pos: &mut Position, v: &str) -> Result<(), FenError> {
    if v == "-" {
        return Ok(());
    }
    for item in v.split(',') {
        let bad = || FenError::BadToken(format!("diagram: '{item}' is not <square>:<square or ->, e.g. e4:e2"));
        let (a, b) = item.split_once(':').ok_or_else(bad)?;
        let sq = Square::parse(a).ok_or_else(bad)?;
        let origin = if b == "-" {
            None
        } else {
            Some(Square::parse(b).ok_or_else(bad)?)
        };
        if pos.piece_at(sq).is_none() {
            return Err(FenError::BadToken(format!("diagram: {sq} is empty")));
        }
        pos.set_origin(sq, origin);
    }
    Ok(())
}

/// Which of the extended tokens to print.
#[derive(Clone, Copy, Debug)]
pub struct FenStyle {
    /// Print `diagram=` when some unit is not on its diagram square.
    pub origins: bool,
    /// Print the extended tokens at all (a plain FEN for external tools when false).
    pub extended: bool,
}

impl FenStyle {
    /// Every extended token that has something to say, diagram squares included (what
    /// [`Position::fen`] prints).
    pub const FULL: FenStyle = FenStyle {
        origins: true,
        extended: true,
    };
    /// The six standard fields only (what [`Position::plain_fen`] prints).
    pub const PLAIN: FenStyle = FenStyle {
        origins: false,
        extended: false,
    };
}

/// The placement field of a FEN: ranks 8 to 1, digits for runs of empty squares.
pub(crate) fn placement(piece_at: impl Fn(Square) -> Option<Piece>) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match piece_at(Square::from_coords(file, rank)) {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// The FEN of `pos`: always the six standard fields, then, when `style.extended`, the
/// tokens that have something to say: `hidden=`, `pending=`, `flags=` (when the castling
/// letters cannot say the flags) and, with `style.origins`, `diagram=` (when some unit is
/// not on its diagram square).
pub fn write(pos: &Position, style: FenStyle) -> String {
    let mut s = placement(|sq| pos.piece_at(sq));
    s.push(' ');
    s.push(pos.turn().letter());
    s.push(' ');
    let f = pos.castle_flags();
    let field = castling_field(pos, f);
    s.push_str(&field);
    s.push(' ');
    match pos.ep_square() {
        Some(e) => s.push_str(&e.to_string()),
        None => s.push('-'),
    }
    s.push_str(&format!(" {} {}", pos.halfmove(), pos.fullmove()));
    if !style.extended {
        return s;
    }
    if !pos.hidden().is_empty() {
        let items: Vec<String> = pos
            .hidden()
            .iter()
            .map(|(sq, p)| format!("{sq}{}", p.fen_char()))
            .collect();
        s.push_str(&format!(" hidden={}", items.join(",")));
    }
    if let Some((p, sq)) = pos.pending() {
        s.push_str(&format!(" pending={}{sq}", p.fen_char()));
    }
    if letters_to_flags(&field) != f {
        s.push_str(&format!(" flags={}", flags_string(f)));
    }
    if style.origins && !pos.origins_are_identity() {
        let items: Vec<String> = Square::all()
            .filter(|&sq| pos.piece_at(sq).is_some() && pos.origin(sq) != Some(sq))
            .map(|sq| match pos.origin(sq) {
                Some(o) => format!("{sq}:{o}"),
                None => format!("{sq}:-"),
            })
            .collect();
        s.push_str(&format!(" diagram={}", items.join(",")));
    }
    s
}

impl Position {
    /// The full FEN, extended tokens included (round-trips through [`parse`]).
    pub fn fen(&self) -> String {
        write(self, FenStyle::FULL)
    }
    /// The six standard fields only (for tools that know no extended tokens).
    pub fn plain_fen(&self) -> String {
        write(self, FenStyle::PLAIN)
    }
    /// The initial position of orthodox chess ([`STARTING_FEN`]).
    pub fn startpos() -> Position {
        parse(STARTING_FEN).expect("the starting FEN parses")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roundtrip_standard() {
        for f in [
            STARTING_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        ] {
            assert_eq!(parse(f).unwrap().fen(), f);
        }
    }

    #[test]
    fn four_fields_default_counters() {
        let p = parse("8/8/8/8/8/8/8/K6k b - -").unwrap();
        assert_eq!(p.fen(), "8/8/8/8/8/8/8/K6k b - - 0 1");
    }

    #[test]
    fn extended_tokens_roundtrip() {
        let f = "k7/8/8/8/8/8/8/4K2R w K - 0 1 hidden=h1n,e1r pending=Re3 diagram=e1:-,h1:h2";
        let p = parse(f).unwrap();
        assert_eq!(p.hidden().len(), 2);
        assert_eq!(p.fen(), f);
        let q = parse(&p.fen()).unwrap();
        assert_eq!(p, q);
        assert_eq!(p.compute_hash(), p.hash());
    }

    #[test]
    fn flags_token_for_king_without_rooks() {
        let f = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 flags=e1";
        let p = parse(f).unwrap();
        assert_eq!(p.castle_flags(), flags::WHITE_KING);
        assert_eq!(p.fen(), f);
    }

    #[test]
    fn errors() {
        use FenError::*;
        let cases: &[(&str, FenError)] = &[
            ("", Empty),
            ("8/8/8/8/8/8/8/8 w", FieldCount(2)),
            ("8/8/8/8/8/8/8/8 w - - 0 1 x", FieldCount(7)),
            ("8/8/8/8/8/8/8 w - -", RankCount(7)),
            ("8/8/8/8/8/8/8/7 w - -", RankLength { rank: 1, squares: 7 }),
            ("8/8/8/8/8/8/8/9 w - -", BadPiece('9')),
            ("8/8/8/8/8/8/8/K6X w - -", BadPiece('X')),
            ("8/8/8/8/8/8/8/KK5k w - -", TooManyKings(Color::White)),
            ("8/8/8/8/8/8/8/K6k x - -", BadSide("x".into())),
            ("8/8/8/8/8/8/8/K6k w KX -", BadCastling("KX".into())),
            ("8/8/8/8/8/8/8/K6k w K -", CastlingWithoutPieces('K')),
            (
                "8/8/8/8/8/8/8/K6k w - e4",
                BadEnPassant("e4 must be on rank 6 when White is to move".into()),
            ),
            ("8/8/8/8/8/8/8/K6k w - 0 1", BadEnPassant("'0' is not a square".into())),
            ("8/8/8/8/8/8/8/K6k w - - x 1", BadCounter("x".into())),
        ];
        for (f, e) in cases {
            assert_eq!(parse(f).unwrap_err(), *e, "{f}");
        }
        assert!(matches!(parse("k7/8/8/8/8/8/8/K7 w - - 0 1 foo=1"), Err(BadToken(_))));
        assert!(matches!(
            parse("k7/8/8/8/8/8/8/K7 w - - 0 1 hidden=e4n"),
            Err(BadToken(_))
        ));
        assert!(matches!(
            parse("k7/8/8/8/8/8/8/K7 w - - 0 1 pending=re3"),
            Err(BadToken(_))
        ));
        assert!(matches!(parse("k7/8/3p4/8/8/8/8/K7 w - d6"), Err(BadEnPassant(_))));
        assert!(matches!(
            parse("k7/8/8/3pP3/8/8/8/K7 w - d6 0 1 pending=Re3"),
            Err(Impossible(_))
        ));
        assert!(parse("k7/8/8/3pP3/8/8/8/K7 w - d6 0 1").is_ok());
        assert!(parse("k7/8/8/3pP3/8/8/8/K7 w - - 0 1 pending=Re3").is_ok());
    }
}
