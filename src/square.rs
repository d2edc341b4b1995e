//! Squares, colours, roles (walks) and pieces: small copyable types that carry their invariants.

use std::fmt;

/// A square of the board, numbered rank by rank: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ...,
/// h8 = 63. It displays in algebraic notation (`e4`).
///
/// ```
/// use fairyperft::Square;
///
/// let e4 = Square::parse("e4").unwrap();
/// assert_eq!((e4.file(), e4.rank(), e4.index()), (4, 3, 28));
/// assert_eq!(e4.offset(1, 1), Square::parse("f5"));
/// assert_eq!(Square::H8.offset(1, 0), None);
/// assert_eq!(e4.rotate().to_string(), "d5");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square a1 (index 0).
    pub const A1: Square = Square(0);
    /// The square b1 (index 1).
    pub const B1: Square = Square(1);
    /// The square c1 (index 2).
    pub const C1: Square = Square(2);
    /// The square d1 (index 3).
    pub const D1: Square = Square(3);
    /// The square e1 (index 4).
    pub const E1: Square = Square(4);
    /// The square f1 (index 5).
    pub const F1: Square = Square(5);
    /// The square g1 (index 6).
    pub const G1: Square = Square(6);
    /// The square h1 (index 7).
    pub const H1: Square = Square(7);
    /// The square a8 (index 56).
    pub const A8: Square = Square(56);
    /// The square b8 (index 57).
    pub const B8: Square = Square(57);
    /// The square c8 (index 58).
    pub const C8: Square = Square(58);
    /// The square d8 (index 59).
    pub const D8: Square = Square(59);
    /// The square e8 (index 60).
    pub const E8: Square = Square(60);
    /// The square f8 (index 61).
    pub const F8: Square = Square(61);
    /// The square g8 (index 62).
    pub const G8: Square = Square(62);
    /// The square h8 (index 63).
    pub const H8: Square = Square(63);

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
    /// The square with index `index` (0 = a1 to 63 = h8). The index must be below 64:
    /// debug builds panic otherwise, release builds keep its low six bits.
    #[inline(always)]
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }
    /// The square on `file` and `rank`, both counted from 0 (file 0 = a, rank 0 = the 1st
    /// rank). Both must be below 8; this is not checked.
    #[inline(always)]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square(rank * 8 + file)
    }
    /// The square at (file + df, rank + dr), if it is on the board.
    #[inline]
    pub fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = self.file() as i32 + df;
        let r = self.rank() as i32 + dr;
        if (0..8).contains(&f) && (0..8).contains(&r) {
            Some(Square::from_coords(f as u8, r as u8))
        } else {
            None
        }
    }
    /// The index, 0 (a1) to 63 (h8): a position in 64-entry tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The file, 0 (the a-file) to 7 (the h-file).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }
    /// The rank, 0 (the 1st rank) to 7 (the 8th rank).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }
    /// a1 is dark; a square is light when file + rank (both from 0) is odd.
    #[inline(always)]
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) & 1 == 1
    }
    /// The square with the same file on the other side's half (a1 <-> a8): colour mirror.
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }
    /// Point symmetry through the board centre (a1 <-> h8, e4 <-> d5).
    #[inline(always)]
    pub const fn rotate(self) -> Square {
        Square(63 - self.0)
    }
    /// Reads algebraic coordinates: a lower-case file letter and a rank digit (`e4`).
    /// `None` for anything else (`E4`, `e9`, ` e4`).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let (f, r) = (b[0], b[1]);
        if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
            Some(Square::from_coords(f - b'a', r - b'1'))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, (b'1' + self.rank()) as char)
    }
}

/// The colour of a unit, or of the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// White (index 0), whose pawns move up the board, towards the 8th rank.
    White = 0,
    /// Black (index 1), whose pawns move down the board, towards the 1st rank.
    Black = 1,
}

impl Color {
    /// The opposing colour.
    #[inline(always)]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// 0 for White, 1 for Black: a position in per-colour tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// +1 for White (pawns go up the board), -1 for Black.
    #[inline(always)]
    pub const fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
    /// Rank index (0..8) of this side's first rank.
    #[inline(always)]
    pub const fn first_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }
    /// Rank index of this side's pawn rank (2nd rank).
    #[inline(always)]
    pub const fn pawn_rank(self) -> u8 {
        match self {
            Color::White => 1,
            Color::Black => 6,
        }
    }
    /// Rank index of this side's promotion rank.
    #[inline(always)]
    pub const fn promotion_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }
    /// Popeye's colour letter: `w` / `b`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

/// A walk (the way a unit moves). Only orthodox walks exist in this crate. The
/// discriminants (1 to 6) are the values of [`Role::index`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    /// The pawn: `P` in Popeye's notation, `p` in FEN.
    Pawn = 1,
    /// The knight: `S` in Popeye's notation, `n` in FEN and UCI.
    Knight = 2,
    /// The bishop: `B`.
    Bishop = 3,
    /// The rook: `R`.
    Rook = 4,
    /// The queen: `Q`.
    Queen = 5,
    /// The king: `K`.
    King = 6,
}

impl Role {
    /// The six walks, pawn to king (in index order).
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// Every walk but the king's, pawn to queen: the walks of the units captures ordinarily
    /// take (a king is captured only where a rebirth brings it back, in Rex Inclusive).
    pub const CAPTURABLE: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
    /// Promotion choices in Popeye's order (Q, S, R, B).
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Knight, Role::Rook, Role::Bishop];

    /// 1 (pawn) to 6 (king): a position in per-walk tables (index 0 is free).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The walk with index `i` (1 = pawn ... 6 = king). Only the low three bits are read,
    /// and 0 and 7 read as a king, so any byte gives a walk without a check.
    #[inline(always)]
    pub const fn from_index(i: u8) -> Role {
        const T: [Role; 8] = [
            Role::King,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
            Role::King,
        ];
        T[(i & 7) as usize]
    }
    /// Popeye's letter (S for the knight, P for a pawn inside brackets).
    pub const fn popeye_letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'S',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }
    /// FEN / UCI letter, lower case.
    pub const fn fen_letter(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }
    /// The walk of a FEN / UCI letter in either case (`n` and `N` are knights); `None` for
    /// any other character.
    pub fn from_fen_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }
    /// The walk of a Popeye letter in either case (`S` is the knight); `None` for any other
    /// character.
    pub fn from_popeye_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'S' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }
}

/// A unit: colour and walk, packed in a byte (0 is reserved for "no piece").
///
/// ```
/// use fairyperft::{Color, Piece, Role};
///
/// let p = Piece::from_fen_char('n').unwrap();
/// assert_eq!((p.color(), p.role()), (Color::Black, Role::Knight));
/// assert_eq!(p.role().popeye_letter(), 'S');
/// assert_eq!(p.flip_color().fen_char(), 'N');
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece(u8);

impl Piece {
    /// The unit of colour `color` and walk `role`.
    #[inline(always)]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece(((color as u8) << 3) | role as u8)
    }
    /// The unit's colour.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 & 8 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
    /// The unit's walk.
    #[inline(always)]
    pub const fn role(self) -> Role {
        Role::from_index(self.0 & 7)
    }
    /// Index 0..16 (used for Zobrist keys and tables).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The packed byte: the walk's index (1 to 6), plus 8 for Black. Never 0; read back by
    /// [`Piece::from_u8`].
    #[inline(always)]
    pub const fn to_u8(self) -> u8 {
        self.0
    }
    /// Decodes a byte written by [`Piece::to_u8`]; 0 and invalid bytes give `None`.
    #[inline(always)]
    pub const fn from_u8(b: u8) -> Option<Piece> {
        let r = b & 7;
        if b == 0 || r == 0 || r == 7 || b > 15 {
            None
        } else {
            Some(Piece(b))
        }
    }
    /// Decodes a byte of the position's board (always 0 or a valid piece).
    #[inline(always)]
    pub(crate) const fn from_board(b: u8) -> Option<Piece> {
        if b == 0 {
            None
        } else {
            Some(Piece(b))
        }
    }
    /// The same colour with another walk (a promotion, a Chameleon rebirth).
    pub fn with_role(self, role: Role) -> Piece {
        Piece::new(self.color(), role)
    }
    /// The FEN letter: upper case for White, lower case for Black (`N`, `q`).
    pub fn fen_char(self) -> char {
        let c = self.role().fen_letter();
        match self.color() {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
    /// The unit of a FEN letter, its case giving the colour (`N` white knight, `q` black
    /// queen); `None` for any other character.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_fen_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, role))
    }
    /// Colour mirror: same walk, other colour.
    pub fn flip_color(self) -> Piece {
        Piece::new(self.color().other(), self.role())
    }
}
