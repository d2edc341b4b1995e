//! Arbitrary bytes -> (a valid position, a variant): the input of the `movegen` and `line`
//! fuzz targets, and of the tests that replay them.
//!
//! The decoder is total (every byte string decodes; missing bytes read as 0) and only ever
//! produces positions the library accepts as input: it writes the position as FEN text
//! with the extended state tokens, independently of `Position::fen`, and keeps it only if
//! `fen::parse` and `game::validate` accept it under the variant. [`encode`] is its inverse
//! for any such (position, variant), so seed corpora can be made from suite positions.
//!
//! Layout (one byte each unless said otherwise):
//!
//! | field | meaning |
//! | --- | --- |
//! | circe | `b % (presets + 1)`: 0 none, else `PRESETS[b - 1]` |
//! | observation | `b % 5`: none, madrasi, madrasi-rex-inclusive, isardam, isardam-type-b |
//! | misc | bit 0 cohen, bit 1 Black to move, bit 2 en passant, bits 3-5 its file |
//! | castle | the six per-unit castling flags (`position::flags`), kept where their unit stands |
//! | n | `b % (MAX_UNITS + 1)` units follow, 2 bytes each: square `& 63`, unit `% 12` |
//! | hidden | `b % (MAX_HIDDEN + 1)` hidden units follow: an occupied square (`b % count`), a non-king unit `% 10` |
//! | pending | bit 0: a pending rebirth, walk `(b >> 1) % 5` (non-king) of the side to move; then its square `& 63` |
//! | diagram | `b % (MAX_DIAGRAM + 1)` entries: an occupied square (`b % count`), its diagram square (`b < 64`, else none) |
//! | halfmove, fullmove | `b`, or when `b == 255` the next 4 bytes (u32, little endian) |
//!
//! Units on an occupied square, a second king of a colour and (orthodox chess) pawns on a
//! back rank are skipped. En passant forces its pawn and empties the squares it passed
//! (dropped if a king is in the way). What follows is left for the caller (move choices).

use crate::fen;
use crate::game;
use crate::position::{flags, Position};
use crate::rules::circe::PRESETS;
use crate::rules::{Observation, Rules};
use crate::square::{Color, Piece, Role, Square};

/// The most units the `n` field places on the board.
pub const MAX_UNITS: usize = 40;
/// The most hidden units the `hidden` field adds.
pub const MAX_HIDDEN: usize = 8;
/// The most diagram-square entries the `diagram` field sets.
pub const MAX_DIAGRAM: usize = 8;

/// The observation conditions in the order of the `observation` byte.
pub const OBSERVATIONS: [Option<&str>; 5] = [
    None,
    Some("madrasi"),
    Some("madrasi-rex-inclusive"),
    Some("isardam"),
    Some("isardam-type-b"),
];

const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Reads bytes; past the end every byte is 0.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    /// A reader at the start of `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, at: 0 }
    }
    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }
    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.u8() as usize % n
    }
    fn u32_le(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }
    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        &self.data[self.at.min(self.data.len())..]
    }
}

/// The variant name a (circe, observation, cohen) choice stands for.
pub fn variant_name(circe: usize, observation: usize, cohen: bool) -> String {
    let mut parts: Vec<&str> = Vec::new();
    if circe > 0 {
        parts.push(PRESETS[circe - 1].0);
    }
    if let Some(o) = OBSERVATIONS[observation] {
        parts.push(o);
    }
    if cohen {
        parts.push("cohen");
    }
    if parts.is_empty() {
        "orthodox".into()
    } else {
        parts.join("+")
    }
}

/// Every composition the decoder can produce: (circe, observation, cohen) -> name.
pub fn all_variant_names() -> Vec<String> {
    let mut v = Vec::new();
    for c in 0..=PRESETS.len() {
        for o in 0..OBSERVATIONS.len() {
            for cohen in [false, true] {
                v.push(variant_name(c, o, cohen));
            }
        }
    }
    v
}

fn unit_code(p: Piece) -> u8 {
    (p.color().index() * 6 + p.role().index() - Role::Pawn.index()) as u8
}

fn unit_from_code(code: u8) -> Piece {
    let code = code % 12;
    let color = if code < 6 { Color::White } else { Color::Black };
    Piece::new(color, ROLES[(code % 6) as usize])
}

/// Non-king units, codes 0..10.
fn hidden_unit_from_code(code: u8) -> Piece {
    let code = code % 10;
    let color = if code < 5 { Color::White } else { Color::Black };
    Piece::new(color, ROLES[(code % 5) as usize])
}

fn hidden_unit_code(p: Piece) -> u8 {
    (p.color().index() * 5 + p.role().index() - Role::Pawn.index()) as u8
}

use crate::fen::FLAG_SQUARES as FLAG_UNITS;

/// A decoded input: the FEN text written by the decoder, the position it parses to, and
/// the variant.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The FEN text the decoder wrote (extended tokens included).
    pub fen: String,
    /// The position [`fen::parse`] made of it.
    pub pos: Position,
    /// The variant.
    pub rules: Rules,
}

/// Decodes a position and a variant from the front of `b` (see the module comment).
/// `None` when the result is not a valid input (the decoder avoids that where it can).
pub fn decode(b: &mut Bytes) -> Option<Decoded> {
    let circe = b.below(PRESETS.len() + 1);
    let observation = b.below(OBSERVATIONS.len());
    let misc = b.u8();
    let cohen = misc & 1 != 0;
    let turn = if misc & 2 != 0 { Color::Black } else { Color::White };
    let ep_file = if misc & 4 != 0 { Some((misc >> 3) & 7) } else { None };
    let variant = variant_name(circe, observation, cohen);
    let rules = Rules::parse(&variant).ok()?;
    let plain = rules.is_plain_chess();
    let castle_byte = b.u8() & flags::ALL;

    let mut board: [Option<Piece>; 64] = [None; 64];
    let n = b.below(MAX_UNITS + 1);
    for _ in 0..n {
        let sq = Square::new(b.u8() & 63);
        let p = unit_from_code(b.u8());
        if board[sq.index()].is_some() {
            continue;
        }
        if p.role() == Role::King && board.contains(&Some(p)) {
            continue;
        }
        if plain && p.role() == Role::Pawn && (sq.rank() == 0 || sq.rank() == 7) {
            continue;
        }
        board[sq.index()] = Some(p);
    }

    let mut ep = None;
    if let Some(file) = ep_file {
        // White to move: a black pawn just went from file7 to file5, passing file6.
        let (ep_rank, victim_rank, start_rank) = match turn {
            Color::White => (5, 4, 6),
            Color::Black => (2, 3, 1),
        };
        let sq = Square::from_coords(file, ep_rank);
        let victim = Square::from_coords(file, victim_rank);
        let start = Square::from_coords(file, start_rank);
        let is_king = |s: Square| board[s.index()].is_some_and(|p| p.role() == Role::King);
        if !is_king(sq) && !is_king(victim) && !is_king(start) {
            board[victim.index()] = Some(Piece::new(turn.other(), Role::Pawn));
            board[sq.index()] = None;
            board[start.index()] = None;
            ep = Some(sq);
        }
    }

    let mut castle = 0u8;
    for (sq, f, c, r) in FLAG_UNITS {
        if castle_byte & f != 0 && board[sq.index()] == Some(Piece::new(c, r)) {
            castle |= f;
        }
    }

    let occupied: Vec<Square> = Square::all().filter(|s| board[s.index()].is_some()).collect();
    let mut hidden: Vec<(Square, Piece)> = Vec::new();
    let nh = b.below(MAX_HIDDEN + 1);
    for _ in 0..nh {
        let i = b.u8() as usize;
        let p = hidden_unit_from_code(b.u8());
        if !occupied.is_empty() {
            hidden.push((occupied[i % occupied.len()], p));
        }
    }
    let pb = b.u8();
    let pending = if pb & 1 != 0 {
        let role = ROLES[((pb >> 1) % 5) as usize];
        Some((Piece::new(turn, role), Square::new(b.u8() & 63)))
    } else {
        None
    };
    let mut diagram: Vec<(Square, Option<Square>)> = Vec::new();
    let nd = b.below(MAX_DIAGRAM + 1);
    for _ in 0..nd {
        let i = b.u8() as usize;
        let o = b.u8();
        if !occupied.is_empty() {
            diagram.push((
                occupied[i % occupied.len()],
                if o < 64 { Some(Square::new(o)) } else { None },
            ));
        }
    }
    let counter = |b: &mut Bytes| match b.u8() {
        255 => b.u32_le(),
        x => x as u32,
    };
    let halfmove = counter(b);
    let fullmove = counter(b);

    let fen = fen_text(&board, turn, castle, ep, halfmove, fullmove, &hidden, pending, &diagram);
    let pos = fen::parse(&fen).ok()?;
    game::validate(&pos, &rules).ok()?;
    Some(Decoded { fen, pos, rules })
}

/// Writes the FEN the decoder means, without going through `Position::fen` (under test).
#[allow(clippy::too_many_arguments)]
fn fen_text(
    board: &[Option<Piece>; 64],
    turn: Color,
    castle: u8,
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    hidden: &[(Square, Piece)],
    pending: Option<(Piece, Square)>,
    diagram: &[(Square, Option<Square>)],
) -> String {
    let mut s = crate::fen::placement(|sq| board[sq.index()]);
    s.push_str(if turn == Color::White { " w " } else { " b " });
    let mut letters = String::new();
    let mut implied = 0u8;
    for (c, k, r) in [
        ('K', flags::WHITE_KING, flags::WHITE_H_ROOK),
        ('Q', flags::WHITE_KING, flags::WHITE_A_ROOK),
        ('k', flags::BLACK_KING, flags::BLACK_H_ROOK),
        ('q', flags::BLACK_KING, flags::BLACK_A_ROOK),
    ] {
        if castle & k != 0 && castle & r != 0 {
            letters.push(c);
            implied |= k | r;
        }
    }
    s.push_str(if letters.is_empty() { "-" } else { &letters });
    s.push(' ');
    s.push_str(&ep.map_or("-".to_string(), |e| e.to_string()));
    s.push_str(&format!(" {halfmove} {fullmove}"));
    if !hidden.is_empty() {
        let items: Vec<String> = hidden.iter().map(|(sq, p)| format!("{sq}{}", p.fen_char())).collect();
        s.push_str(&format!(" hidden={}", items.join(",")));
    }
    if let Some((p, sq)) = pending {
        s.push_str(&format!(" pending={}{sq}", p.fen_char()));
    }
    if implied != castle {
        let sqs: String = FLAG_UNITS
            .iter()
            .filter(|x| castle & x.1 != 0)
            .map(|x| x.0.to_string())
            .collect();
        s.push_str(&format!(" flags={sqs}"));
    }
    if !diagram.is_empty() {
        let items: Vec<String> = diagram
            .iter()
            .map(|(sq, o)| match o {
                Some(o) => format!("{sq}:{o}"),
                None => format!("{sq}:-"),
            })
            .collect();
        s.push_str(&format!(" diagram={}", items.join(",")));
    }
    s
}

/// The bytes that [`decode`] turns into `pos` under `rules` (then `tail`, for the caller).
/// `None` when the position is out of the decoder's range (more units than
/// [`MAX_UNITS`], hidden units or diagram entries than it reads).
pub fn encode(pos: &Position, rules: &Rules, tail: &[u8]) -> Option<Vec<u8>> {
    let name = rules.name();
    let parts: Vec<&str> = name.split('+').collect();
    let circe = match rules.circe {
        None => 0,
        Some(_) => 1 + PRESETS.iter().position(|p| parts.contains(&p.0))?,
    };
    let observation = match rules.observation {
        Observation::None => 0,
        _ => OBSERVATIONS
            .iter()
            .position(|o| o.is_some_and(|o| parts.contains(&o)))?,
    };
    let mut out = vec![circe as u8, observation as u8];
    let mut misc = 0u8;
    if rules.cohen {
        misc |= 1;
    }
    if pos.turn() == Color::Black {
        misc |= 2;
    }
    if let Some(e) = pos.ep_square() {
        misc |= 4 | (e.file() << 3);
    }
    out.push(misc);
    out.push(pos.castle_flags());
    let units: Vec<Square> = pos.occupied().into_iter().collect();
    if units.len() > MAX_UNITS || pos.hidden().len() > MAX_HIDDEN {
        return None;
    }
    out.push(units.len() as u8);
    for &sq in &units {
        out.push(sq.index() as u8);
        out.push(unit_code(pos.piece_at(sq)?));
    }
    out.push(pos.hidden().len() as u8);
    for (sq, p) in pos.hidden().iter() {
        out.push(units.iter().position(|&s| s == sq)? as u8);
        out.push(hidden_unit_code(p));
    }
    match pos.pending() {
        Some((p, sq)) => {
            if p.role() == Role::King || p.color() != pos.turn() {
                return None;
            }
            out.push(1 | ((p.role().index() - Role::Pawn.index()) as u8) << 1);
            out.push(sq.index() as u8);
        }
        None => out.push(0),
    }
    let moved: Vec<Square> = units.iter().copied().filter(|&s| pos.origin(s) != Some(s)).collect();
    if moved.len() > MAX_DIAGRAM {
        return None;
    }
    out.push(moved.len() as u8);
    for sq in moved {
        out.push(units.iter().position(|&s| s == sq)? as u8);
        out.push(pos.origin(sq).map_or(255, |o| o.index() as u8));
    }
    for c in [pos.halfmove(), pos.fullmove()] {
        if c < 255 {
            out.push(c as u8);
        } else {
            out.push(255);
            out.extend_from_slice(&c.to_le_bytes());
        }
    }
    out.extend_from_slice(tail);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_and_codes_agree() {
        for code in 0..12 {
            assert_eq!(unit_code(unit_from_code(code)), code);
        }
        for code in 0..10 {
            assert_eq!(hidden_unit_code(hidden_unit_from_code(code)), code);
        }
    }

    #[test]
    fn encode_then_decode_is_identity() {
        for (f, v) in [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "circe+madrasi+cohen",
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
                "orthodox",
            ),
            (
                "k7/8/8/8/8/8/8/4K2R b K - 7 300 hidden=h1n,e1r,h1B pending=re3 diagram=e1:-,h1:h2",
                "circe-volcanic+isardam-type-b",
            ),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 flags=e1", "circe-parrain"),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295",
                "anticirce-cheylan+madrasi-rex-inclusive",
            ),
        ] {
            let pos = fen::parse(f).unwrap();
            let rules = Rules::parse(v).unwrap();
            let bytes = encode(&pos, &rules, &[1, 2, 3]).unwrap();
            let mut b = Bytes::new(&bytes);
            let d = decode(&mut b).unwrap_or_else(|| panic!("{f} {v} does not decode"));
            assert_eq!(d.pos, pos, "{f}: decoded as {}", d.fen);
            assert_eq!(d.rules, rules);
            assert_eq!(b.rest(), &[1, 2, 3]);
        }
    }

    #[test]
    fn every_composition_parses() {
        let names = all_variant_names();
        assert_eq!(names.len(), (PRESETS.len() + 1) * OBSERVATIONS.len() * 2);
        for n in names {
            Rules::parse(&n).unwrap_or_else(|e| panic!("{n}: {e}"));
        }
    }

    #[test]
    fn decoding_is_total() {
        // short, empty and noisy inputs decode (or are refused) without panicking
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut valid = 0;
        for len in 0..400 {
            let bytes: Vec<u8> = (0..len % 97)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed as u8
                })
                .collect();
            if decode(&mut Bytes::new(&bytes)).is_some() {
                valid += 1;
            }
        }
        assert!(valid > 200, "only {valid} of 400 noisy inputs decode to a position");
    }
}
