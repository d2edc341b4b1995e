//! The position: board (mailbox + bitboards), side to move, castling flags, en passant,
//! and the state some variants need (units hidden under squares, a pending rebirth,
//! each unit's diagram square). Every change goes through a journal so that `unmake`
//! restores the position, hash included, bit for bit.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::square::{Color, Piece, Role, Square};
use crate::zobrist::{hidden_key, KEYS};

/// Castling flags, one per unit on its initial square: a king on e1/e8, a rook in a
/// corner. A flag is lost when its unit leaves the square or is taken, and granted to a
/// king or rook that a rebirth (or a Volcanic emergence) puts back on its own initial
/// square. Castling needs the king's flag and the rook's. A set of flags is a `u8`
/// combining these constants ([`Position::castle_flags`]).
pub mod flags {
    use crate::square::{Color, Piece, Role, Square};
    /// The white king on e1.
    pub const WHITE_KING: u8 = 1; // e1
    /// The white rook on a1.
    pub const WHITE_A_ROOK: u8 = 2; // a1
    /// The white rook on h1.
    pub const WHITE_H_ROOK: u8 = 4; // h1
    /// The black king on e8.
    pub const BLACK_KING: u8 = 8; // e8
    /// The black rook on a8.
    pub const BLACK_A_ROOK: u8 = 16; // a8
    /// The black rook on h8.
    pub const BLACK_H_ROOK: u8 = 32; // h8
    /// All six flags (`KQkq`).
    pub const ALL: u8 = 63;
    /// The six flag squares, e1 a1 h1 e8 a8 h8, as a bitboard word.
    pub const SQUARES_MASK: u64 = (1 << 4) | 1 | (1 << 7) | (1 << 60) | (1 << 56) | (1 << 63);

    /// The flag carried by the unit standing on `sq`, if `sq` is a flag square.
    #[inline(always)]
    pub fn of_square(sq: Square) -> u8 {
        match sq.index() {
            4 => WHITE_KING,
            0 => WHITE_A_ROOK,
            7 => WHITE_H_ROOK,
            60 => BLACK_KING,
            56 => BLACK_A_ROOK,
            63 => BLACK_H_ROOK,
            _ => 0,
        }
    }
    /// The flag a unit gains when a rebirth (or a Volcanic emergence) puts it on `sq`:
    /// a rook of the corner's colour on its corner, a king on its own e-square.
    #[inline]
    pub fn granted(piece: Piece, sq: Square) -> u8 {
        let f = of_square(sq);
        if f == 0 {
            return 0;
        }
        let home_color = if sq.rank() == 0 { Color::White } else { Color::Black };
        let wanted = if sq.file() == 4 { Role::King } else { Role::Rook };
        if piece.color() == home_color && piece.role() == wanted {
            f
        } else {
            0
        }
    }
    /// The flag of the king of colour `c`.
    pub fn king(c: Color) -> u8 {
        match c {
            Color::White => WHITE_KING,
            Color::Black => BLACK_KING,
        }
    }
    /// The flag of the rook of colour `c` on the h-file (`king_side`) or the a-file.
    pub fn rook(c: Color, king_side: bool) -> u8 {
        match (c, king_side) {
            (Color::White, true) => WHITE_H_ROOK,
            (Color::White, false) => WHITE_A_ROOK,
            (Color::Black, true) => BLACK_H_ROOK,
            (Color::Black, false) => BLACK_A_ROOK,
        }
    }
}

/// No diagram square (a unit that did not stand in the diagram).
pub const NO_ORIGIN: u8 = 255;
/// Most units that can be hidden at once (Volcanic).
pub const HIDDEN_CAPACITY: usize = 64;

/// Units hidden under squares (Volcanic Circe), in burial order. Per square they form a
/// queue: the earliest buried emerges first.
#[derive(Clone, Debug)]
pub struct Hidden {
    sq: [u8; HIDDEN_CAPACITY],
    piece: [u8; HIDDEN_CAPACITY],
    len: u8,
}

// Only the first `len` entries are state: `pop` and `remove` leave stale bytes behind them,
// so a derived comparison would call a position changed by make/unmake different.
impl PartialEq for Hidden {
    fn eq(&self, o: &Hidden) -> bool {
        let n = self.len();
        n == o.len() && self.sq[..n] == o.sq[..n] && self.piece[..n] == o.piece[..n]
    }
}
impl Eq for Hidden {}

impl Hidden {
    /// No hidden unit.
    pub fn new() -> Hidden {
        Hidden {
            sq: [0; HIDDEN_CAPACITY],
            piece: [0; HIDDEN_CAPACITY],
            len: 0,
        }
    }
    /// The number of hidden units, under all squares.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Is no unit hidden?
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// (square, unit) in burial order.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let unit = |i: usize| Piece::from_u8(self.piece[i]).expect("hidden unit");
        (0..self.len()).map(move |i| (Square::new(self.sq[i]), unit(i)))
    }
    fn hash(&self) -> u64 {
        let mut h = 0;
        for i in 0..self.len() {
            let depth = (0..i).filter(|&j| self.sq[j] == self.sq[i]).count();
            h ^= hidden_key(self.sq[i], self.piece[i], depth);
        }
        h
    }
    fn push(&mut self, sq: Square, p: Piece) {
        let i = self.len as usize;
        self.sq[i] = sq.index() as u8;
        self.piece[i] = p.to_u8();
        self.len += 1;
    }
    fn pop(&mut self) {
        self.len -= 1;
    }
    fn remove(&mut self, idx: usize) {
        let n = self.len();
        self.sq.copy_within(idx + 1..n, idx);
        self.piece.copy_within(idx + 1..n, idx);
        self.len -= 1;
    }
    fn insert(&mut self, idx: usize, sq: u8, p: u8) {
        let n = self.len();
        self.sq.copy_within(idx..n, idx + 1);
        self.piece.copy_within(idx..n, idx + 1);
        self.sq[idx] = sq;
        self.piece[idx] = p;
        self.len += 1;
    }
    /// Index of the earliest unit buried under `sq`.
    fn first_under(&self, sq: Square) -> Option<usize> {
        (0..self.len()).find(|&i| self.sq[i] as usize == sq.index())
    }
}

impl Default for Hidden {
    fn default() -> Self {
        Hidden::new()
    }
}

#[derive(Clone, Copy, Default)]
struct Edit {
    kind: u8,
    a: u8,
    b: u8,
    c: u8,
}
const EDIT_SQUARE: u8 = 0;
const EDIT_HIDDEN_PUSH: u8 = 1;
const EDIT_HIDDEN_REMOVE: u8 = 2;
const MAX_EDITS: usize = 24;

/// What `unmake` needs: the scalar state before the move and a journal of board edits.
#[derive(Clone)]
pub struct Undo {
    edits: [Edit; MAX_EDITS],
    n: u8,
    hash: u64,
    castle: u8,
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    turn: Color,
    pending: Option<(Piece, Square)>,
}

impl Undo {
    /// A blank record, to be filled by playing a move.
    #[inline(always)]
    pub fn new() -> Undo {
        Undo {
            edits: [Edit::default(); MAX_EDITS],
            n: 0,
            hash: 0,
            castle: 0,
            ep: None,
            halfmove: 0,
            fullmove: 0,
            turn: Color::White,
            pending: None,
        }
    }
    #[inline(always)]
    fn record(&mut self, e: Edit) {
        assert!((self.n as usize) < MAX_EDITS, "edit journal overflow");
        self.edits[self.n as usize] = e;
        self.n += 1;
    }
}

impl Default for Undo {
    fn default() -> Self {
        Undo::new()
    }
}

/// The bitboards of a board: per colour, per walk, and all units. A plain copyable value,
/// so that a move's result can be examined without playing it (the accelerators, `fast`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Sets {
    /// The units of each colour, by [`Color::index`].
    pub color: [Bitboard; 2],
    /// The units of each walk, by [`Role::index`] (entry 0 stays empty).
    pub role: [Bitboard; 7],
    /// Every occupied square.
    pub occ: Bitboard,
}

impl Sets {
    /// The units of colour `c` and walk `r`.
    #[inline(always)]
    pub fn pieces(&self, c: Color, r: Role) -> Bitboard {
        self.color[c.index()] & self.role[r.index()]
    }
    /// Adds or removes a unit (xor).
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square, p: Piece) {
        let b = Bitboard::from_square(sq);
        self.color[p.color().index()] ^= b;
        self.role[p.role().index()] ^= b;
        self.occ ^= b;
    }
    /// The squares whose unit differs on `other`: another colour or walk, or a unit on one
    /// board only.
    #[inline(always)]
    pub fn differing(&self, other: &Sets) -> Bitboard {
        let colours = (self.color[0] ^ other.color[0]) | (self.color[1] ^ other.color[1]);
        (1..7).fold(colours, |b, r| b | (self.role[r] ^ other.role[r]))
    }
    /// The sliders of `them` on a line through `k` that they move along (on an empty
    /// board): those that may pin a unit to `k` or be screened from it.
    #[inline(always)]
    pub fn snipers(&self, them: Color, k: Square) -> Bitboard {
        let tq = self.pieces(them, Role::Queen);
        (attacks::rook_rays(k) & (self.pieces(them, Role::Rook) | tq))
            | (attacks::bishop_rays(k) & (self.pieces(them, Role::Bishop) | tq))
    }
    /// The walk of the unit on `sq` (which must be occupied).
    #[inline]
    pub fn role_at(&self, sq: Square) -> Role {
        Role::ALL
            .into_iter()
            .find(|r| self.role[r.index()].contains(sq))
            .expect("an occupied square")
    }
    /// The unit on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let c = if self.color[Color::White.index()].contains(sq) {
            Color::White
        } else if self.color[Color::Black.index()].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        Some(Piece::new(c, self.role_at(sq)))
    }
    /// Units of both colours attacking `sq` by orthodox geometry (pawns: diagonal captures).
    #[inline]
    pub fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let rq = self.role[Role::Rook.index()] | self.role[Role::Queen.index()];
        let bq = self.role[Role::Bishop.index()] | self.role[Role::Queen.index()];
        (attacks::rook_attacks(sq, occ) & rq)
            | (attacks::bishop_attacks(sq, occ) & bq)
            | (attacks::knight_attacks(sq) & self.role[Role::Knight.index()])
            | (attacks::king_attacks(sq) & self.role[Role::King.index()])
            | (attacks::pawn_attacks(Color::White, sq) & self.pieces(Color::Black, Role::Pawn))
            | (attacks::pawn_attacks(Color::Black, sq) & self.pieces(Color::White, Role::Pawn))
    }
}

/// A position: the units on the board, the side to move, the castling flags, the
/// en-passant square and the move counters, plus the state some variants need: units
/// hidden under squares (Volcanic Circe), a pending rebirth (Circe Parrain) and each
/// unit's diagram square (Diagram Circe).
///
/// Read one from a FEN with [`fen::parse`](crate::fen::parse) and print it with
/// [`Position::fen`]. Moves are played on it by the rules, which record what they change
/// in an [`Undo`]; [`Position::unmake`] takes the move back exactly, hash included.
#[derive(Clone, Debug)]
pub struct Position {
    board: [u8; 64],
    origin: [u8; 64],
    sets: Sets,
    turn: Color,
    ep: Option<Square>,
    castle: u8,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    hidden: Hidden,
    hidden_mask: Bitboard,
    pending: Option<(Piece, Square)>,
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        self.board == o.board
            && self.origin == o.origin
            && self.turn == o.turn
            && self.ep == o.ep
            && self.castle == o.castle
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
            && self.hidden == o.hidden
            && self.pending == o.pending
            && self.hash == o.hash
    }
}
impl Eq for Position {}

impl Position {
    /// An empty board, White to move, no flags.
    pub fn empty() -> Position {
        Position {
            board: [0; 64],
            origin: [NO_ORIGIN; 64],
            sets: Sets::default(),
            turn: Color::White,
            ep: None,
            castle: 0,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            hidden: Hidden::new(),
            hidden_mask: Bitboard::EMPTY,
            pending: None,
        }
    }

    // ----- queries -------------------------------------------------------------------

    /// The unit on `sq`; `None` when the square is empty.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        // the board holds only valid piece bytes or 0
        Piece::from_board(self.board[sq.index()])
    }
    /// The walk of the unit on `sq`, read from the mailbox without branches (an empty
    /// square reads as a king): for the loops over captures, whose capturers and victims
    /// are anything.
    #[inline(always)]
    pub fn role_on(&self, sq: Square) -> Role {
        Role::from_index(self.board[sq.index()])
    }
    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// The board's bitboards.
    #[inline(always)]
    pub fn sets(&self) -> &Sets {
        &self.sets
    }
    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.sets.occ
    }
    /// The squares of the units of colour `c`.
    #[inline(always)]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.sets.color[c.index()]
    }
    /// The squares of the units of walk `r`, both colours.
    #[inline(always)]
    pub fn by_role(&self, r: Role) -> Bitboard {
        self.sets.role[r.index()]
    }
    /// The squares of the units of colour `c` and walk `r`.
    #[inline(always)]
    pub fn pieces(&self, c: Color, r: Role) -> Bitboard {
        self.sets.pieces(c, r)
    }
    /// The square of the king of colour `c`; `None` when that side has no king (a
    /// position may lack kings; a FEN with two kings of a colour is refused).
    #[inline(always)]
    pub fn king(&self, c: Color) -> Option<Square> {
        self.pieces(c, Role::King).first()
    }
    /// The en-passant square: the square a pawn passed with a double step on the last
    /// move (`e3` after `e2-e4`), set after every double step whether or not an enemy pawn
    /// can take it; `None` otherwise.
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }
    /// The castling flags, a combination of the [`flags`] constants.
    #[inline(always)]
    pub fn castle_flags(&self) -> u8 {
        self.castle
    }
    /// A 64-bit Zobrist hash of the position: the units, the hidden units, a pending
    /// rebirth, the side to move, the castling flags and the en-passant file, but not the
    /// move counters or the diagram squares ([`Position::origin_hash`]). Equal positions
    /// hash alike. The keys come from a fixed seed, but may change between versions of
    /// the library: do not store hashes as a format.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The halfmove clock: plies since the last capture or pawn move (as the FEN gave it,
    /// then counted on; nothing ends the game by it).
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }
    /// The move number: as the FEN gave it (1 by default), one more after each move of
    /// Black.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    /// The units hidden under squares (Volcanic Circe).
    #[inline(always)]
    pub fn hidden(&self) -> &Hidden {
        &self.hidden
    }
    /// The squares with at least one unit hidden under them.
    #[inline(always)]
    pub fn hidden_mask(&self) -> Bitboard {
        self.hidden_mask
    }
    /// The pending rebirth (Circe Parrain): a unit of the side to move captured on the
    /// last move, and the square it was captured on. It is reborn at the end of its side's
    /// move, on that square plus the move's vector. `None` when nothing is pending.
    #[inline(always)]
    pub fn pending(&self) -> Option<(Piece, Square)> {
        self.pending
    }
    /// The diagram square of the unit on `sq` (Diagram Circe), if it has one.
    #[inline(always)]
    pub fn origin(&self, sq: Square) -> Option<Square> {
        let o = self.origin[sq.index()];
        if o == NO_ORIGIN {
            None
        } else {
            Some(Square::new(o))
        }
    }
    #[inline(always)]
    pub(crate) fn origin_raw(&self, sq: Square) -> u8 {
        self.origin[sq.index()]
    }
    /// Every square's diagram square, by square ([`NO_ORIGIN`]: none).
    #[inline(always)]
    pub(crate) fn origins(&self) -> &[u8; 64] {
        &self.origin
    }
    /// True when every unit's diagram square is the square it stands on.
    pub fn origins_are_identity(&self) -> bool {
        Square::all().all(|s| self.board[s.index()] == 0 || self.origin[s.index()] == s.index() as u8)
    }
    /// A hash of every unit's diagram square (Diagram Circe state, not part of [`Position::hash`]).
    pub fn origin_hash(&self) -> u64 {
        let mut h = 0u64;
        for sq in self.sets.occ {
            let o = self.origin[sq.index()] as u64;
            let x = (sq.index() as u64) << 8 | o;
            h ^= x
                .wrapping_add(0x9E37_79B9_7F4A_7C15)
                .wrapping_mul(0xBF58_476D_1CE4_E5B9)
                .rotate_left(31)
                .wrapping_mul(0x94D0_49BB_1331_11EB);
        }
        h
    }

    /// The hash recomputed from scratch (tests and fuzzing compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.sets.occ {
            h ^= KEYS.piece_square[self.board[sq.index()] as usize][sq.index()];
        }
        if self.turn == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h ^= KEYS.castle[self.castle as usize];
        if let Some(ep) = self.ep {
            h ^= KEYS.ep_file[ep.file() as usize];
        }
        if let Some((p, s)) = self.pending {
            h ^= KEYS.pending[p.index()][s.index()];
        }
        h ^ self.hidden.hash()
    }

    // ----- set-up (no journal; used by parsers and builders) --------------------------

    /// Puts a unit on an empty square, its diagram square being that square (set-up only).
    /// The set-up functions keep the hash right but check nothing else: a position built
    /// with them is the caller's responsibility ([`fen::parse`](crate::fen::parse) checks
    /// what it reads).
    pub fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.board[sq.index()] == 0);
        self.xor_piece(sq, p);
        self.board[sq.index()] = p.to_u8();
        self.origin[sq.index()] = sq.index() as u8;
    }
    /// Sets the side to move (set-up only).
    pub fn set_turn(&mut self, c: Color) {
        if c != self.turn {
            self.hash ^= KEYS.black_to_move;
            self.turn = c;
        }
    }
    /// Sets the castling flags, a combination of the [`flags`] constants (set-up only; the
    /// units are not checked).
    pub fn set_castle_flags(&mut self, f: u8) {
        self.hash ^= KEYS.castle[self.castle as usize] ^ KEYS.castle[f as usize];
        self.castle = f;
    }
    /// Sets the en-passant square (set-up only; not checked).
    pub fn set_ep_square(&mut self, ep: Option<Square>) {
        if let Some(e) = self.ep {
            self.hash ^= KEYS.ep_file[e.file() as usize];
        }
        self.ep = ep;
        if let Some(e) = ep {
            self.hash ^= KEYS.ep_file[e.file() as usize];
        }
    }
    /// Sets the halfmove clock and the move number (set-up only).
    pub fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }
    /// Sets the pending rebirth: a unit of the side to move and its capture square (set-up
    /// only; see [`Position::pending`]).
    pub fn set_pending(&mut self, pending: Option<(Piece, Square)>) {
        if let Some((p, s)) = self.pending {
            self.hash ^= KEYS.pending[p.index()][s.index()];
        }
        self.pending = pending;
        if let Some((p, s)) = pending {
            self.hash ^= KEYS.pending[p.index()][s.index()];
        }
    }
    /// Appends a unit to the queue under `sq` (set-up only). Returns false when full.
    pub fn push_hidden(&mut self, sq: Square, p: Piece) -> bool {
        if self.hidden.len() >= HIDDEN_CAPACITY {
            return false;
        }
        self.hash ^= self.hidden.hash();
        self.hidden.push(sq, p);
        self.hidden_mask = self.hidden_mask.with(sq);
        self.hash ^= self.hidden.hash();
        true
    }
    /// Sets the diagram square of the unit on `sq` (set-up only).
    pub fn set_origin(&mut self, sq: Square, origin: Option<Square>) {
        self.origin[sq.index()] = origin.map_or(NO_ORIGIN, |o| o.index() as u8);
    }
    /// The colour-mirrored position: ranks flipped, colours swapped, side to move swapped,
    /// every piece of variant state mirrored too. Perft counts are invariant under it.
    pub fn mirrored(&self) -> Position {
        let mut m = Position::empty();
        for sq in self.sets.occ {
            let p = self.piece_at(sq).unwrap();
            let t = sq.flip_rank();
            m.put(t, p.flip_color());
            m.origin[t.index()] = match self.origin[sq.index()] {
                NO_ORIGIN => NO_ORIGIN,
                o => Square::new(o).flip_rank().index() as u8,
            };
        }
        for (sq, p) in self.hidden.iter() {
            m.push_hidden(sq.flip_rank(), p.flip_color());
        }
        m.set_turn(self.turn.other());
        let f = self.castle;
        let mf = ((f & 7) << 3) | ((f >> 3) & 7);
        m.set_castle_flags(mf);
        m.set_ep_square(self.ep.map(|s| s.flip_rank()));
        m.set_pending(self.pending.map(|(p, s)| (p.flip_color(), s.flip_rank())));
        m.set_counters(self.halfmove, self.fullmove);
        m
    }

    #[inline(always)]
    fn xor_piece(&mut self, sq: Square, p: Piece) {
        self.sets.toggle(sq, p);
        self.hash ^= KEYS.piece_square[p.index()][sq.index()];
    }

    // ----- journaled edits (make) -----------------------------------------------------

    /// Saves the scalar state; call once at the start of every move.
    #[inline(always)]
    pub(crate) fn begin(&self, undo: &mut Undo) {
        undo.n = 0;
        undo.hash = self.hash;
        undo.castle = self.castle;
        undo.ep = self.ep;
        undo.halfmove = self.halfmove;
        undo.fullmove = self.fullmove;
        undo.turn = self.turn;
        undo.pending = self.pending;
    }

    /// Replaces the content of `sq` (journaled). A flag square whose occupant changes loses
    /// its castling flag.
    #[inline(always)]
    pub(crate) fn set(&mut self, undo: &mut Undo, sq: Square, new: Option<Piece>, origin: u8) {
        let i = sq.index();
        let old = self.board[i];
        undo.record(Edit {
            kind: EDIT_SQUARE,
            a: i as u8,
            b: old,
            c: self.origin[i],
        });
        if let Some(p) = Piece::from_board(old) {
            self.xor_piece(sq, p);
        }
        match new {
            Some(p) => {
                self.xor_piece(sq, p);
                self.board[i] = p.to_u8();
                self.origin[i] = origin;
            }
            None => {
                self.board[i] = 0;
                self.origin[i] = NO_ORIGIN;
            }
        }
        if flags::SQUARES_MASK & (1u64 << i) != 0 {
            let f = flags::of_square(sq);
            if self.castle & f != 0 {
                self.set_castle_flags(self.castle & !f);
            }
        }
    }
    /// Grants the castling flag a reborn/emerged unit earns on `sq` (see [`flags`]).
    #[inline]
    pub(crate) fn grant_flag(&mut self, sq: Square, p: Piece) {
        let g = flags::granted(p, sq);
        if g != 0 && self.castle & g == 0 {
            self.set_castle_flags(self.castle | g);
        }
    }
    #[inline(always)]
    pub(crate) fn journal_set_ep(&mut self, ep: Option<Square>) {
        if self.ep != ep {
            self.set_ep_square(ep);
        }
    }
    #[inline(always)]
    pub(crate) fn journal_set_pending(&mut self, p: Option<(Piece, Square)>) {
        if self.pending != p {
            self.set_pending(p);
        }
    }
    #[inline(always)]
    pub(crate) fn finish_turn(&mut self, reset_halfmove: bool) {
        // saturating: a FEN may give any u32, and a move must not overflow it
        if reset_halfmove {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = self.turn.other();
        self.hash ^= KEYS.black_to_move;
    }
    /// Buries a unit under `sq` (journaled).
    pub(crate) fn bury(&mut self, undo: &mut Undo, sq: Square, p: Piece) {
        assert!(self.hidden.len() < HIDDEN_CAPACITY, "too many hidden units");
        self.hash ^= self.hidden.hash();
        self.hidden.push(sq, p);
        self.hidden_mask = self.hidden_mask.with(sq);
        self.hash ^= self.hidden.hash();
        undo.record(Edit {
            kind: EDIT_HIDDEN_PUSH,
            a: sq.index() as u8,
            b: 0,
            c: 0,
        });
    }
    /// Takes the earliest unit hidden under `sq` out of the queue (journaled).
    pub(crate) fn unbury(&mut self, undo: &mut Undo, sq: Square) -> Option<Piece> {
        let idx = self.hidden.first_under(sq)?;
        let p = self.hidden.piece[idx];
        self.hash ^= self.hidden.hash();
        self.hidden.remove(idx);
        self.refresh_hidden_mask();
        self.hash ^= self.hidden.hash();
        undo.record(Edit {
            kind: EDIT_HIDDEN_REMOVE,
            a: idx as u8,
            b: p,
            c: sq.index() as u8,
        });
        Piece::from_u8(p)
    }
    /// The unit that emerges on `sq` when it is left empty: the earliest buried there.
    pub fn hidden_under(&self, sq: Square) -> Option<Piece> {
        let i = self.hidden.first_under(sq)?;
        Piece::from_u8(self.hidden.piece[i])
    }
    /// The squares with hidden units, in the order their earliest units were buried.
    pub(crate) fn hidden_squares_in_burial_order(&self) -> impl Iterator<Item = Square> + '_ {
        let mut seen = 0u64;
        (0..self.hidden.len()).filter_map(move |i| {
            let s = self.hidden.sq[i];
            if seen & (1u64 << s) != 0 {
                None
            } else {
                seen |= 1u64 << s;
                Some(Square::new(s))
            }
        })
    }
    fn refresh_hidden_mask(&mut self) {
        let mut m = Bitboard::EMPTY;
        for i in 0..self.hidden.len() {
            m = m.with(Square::new(self.hidden.sq[i]));
        }
        self.hidden_mask = m;
    }

    /// Takes back everything recorded in `undo` since `begin`.
    pub fn unmake(&mut self, undo: &Undo) {
        for k in (0..undo.n as usize).rev() {
            let e = undo.edits[k];
            match e.kind {
                EDIT_SQUARE => {
                    // the bitboards only: the hash is restored whole below
                    let sq = Square::new(e.a);
                    if let Some(p) = Piece::from_board(self.board[e.a as usize]) {
                        self.sets.toggle(sq, p);
                    }
                    if let Some(p) = Piece::from_board(e.b) {
                        self.sets.toggle(sq, p);
                    }
                    self.board[e.a as usize] = e.b;
                    self.origin[e.a as usize] = e.c;
                }
                EDIT_HIDDEN_PUSH => {
                    self.hidden.pop();
                    self.refresh_hidden_mask();
                }
                _ => {
                    self.hidden.insert(e.a as usize, e.c, e.b);
                    self.hidden_mask = self.hidden_mask.with(Square::new(e.c));
                }
            }
        }
        self.hash = undo.hash;
        self.castle = undo.castle;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.turn = undo.turn;
        self.pending = undo.pending;
    }
}
