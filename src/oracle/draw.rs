//! Positions drawn for the oracle, deterministic for a seed: random games from the initial
//! position, sparse endgames, and castling positions where a rebirth can give a castling
//! right back. Every position drawn is one Popeye accepts: both kings on the board, the
//! side not to move not in check, and nothing Popeye cannot be told (no diagram squares
//! other than the position's own, no history).

use super::{inexpressible, popeye_fen, Probe};
use crate::fen;
use crate::position::flags;
use crate::square::{Color, Piece, Role, Square};
use crate::Game;

/// A small deterministic generator (SplitMix64): the same seed draws the same positions on
/// every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
}

/// The three kinds of position drawn, in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Game,
    Endgame,
    Castling,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Game => "game",
            Kind::Endgame => "endgame",
            Kind::Castling => "castling",
        }
    }
}

/// The FNV-1a hash of a name: a variant's own stream of positions for one seed.
fn name_hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Whether the drawn game can be put to Popeye.
fn acceptable(g: &mut Game) -> bool {
    g.pos.king(Color::White).is_some()
        && g.pos.king(Color::Black).is_some()
        && !g.rules.opponent_in_check(&mut g.pos)
        && inexpressible(g).is_none()
}

/// The probe of a game's position, if acceptable.
fn probe_of(pos: &crate::Position, variant: &str) -> Option<Probe> {
    // Popeye has no move counters
    let mut pos = pos.clone();
    pos.set_counters(0, 1);
    let text = popeye_fen(&pos);
    let mut g = Game::new(&text, variant).ok()?;
    acceptable(&mut g).then(|| Probe {
        variant: variant.to_string(),
        fen: text,
    })
}

/// A random game from the initial position, 1 to 40 plies of fairyperft's legal moves.
fn random_game(rng: &mut Rng, variant: &str) -> Option<Probe> {
    let mut g = Game::new(fen::STARTING_FEN, variant).ok()?;
    let plies = 1 + rng.below(40);
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        g.play(m);
    }
    probe_of(&g.pos, variant)
}

fn random_square(rng: &mut Rng, board: &[Option<Piece>; 64], role: Role) -> Option<Square> {
    for _ in 0..64 {
        let sq = Square::new(rng.below(64) as u8);
        let back = sq.rank() == 0 || sq.rank() == 7;
        if board[sq.index()].is_none() && !(role == Role::Pawn && back) {
            return Some(sq);
        }
    }
    None
}

fn random_role(rng: &mut Rng) -> Role {
    [
        Role::Pawn,
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ][rng.below(6)]
}

/// The position of `board`, `turn` to move, with the castling flags of the units at home
/// each kept with probability `keep`/4.
fn build(rng: &mut Rng, board: &[Option<Piece>; 64], turn: Color, keep: usize, variant: &str) -> Option<Probe> {
    let placement = fen::placement(|sq| board[sq.index()]);
    let mut pos = fen::parse(&format!("{placement} {} - - 0 1", turn.letter())).ok()?;
    let mut f = 0;
    for sq in [Square::E1, Square::A1, Square::H1, Square::E8, Square::A8, Square::H8] {
        if let Some(p) = board[sq.index()] {
            if flags::granted(p, sq) != 0 && rng.chance(keep, 4) {
                f |= flags::of_square(sq);
            }
        }
    }
    pos.set_castle_flags(f);
    // the flags must also read back (a rook's flag needs its king's)
    let reread = fen::parse(&popeye_fen(&pos)).ok()?;
    probe_of(&reread, variant)
}

/// Both kings and one to five other units on random squares.
fn endgame(rng: &mut Rng, variant: &str) -> Option<Probe> {
    let mut board = [None; 64];
    for c in [Color::White, Color::Black] {
        let sq = random_square(rng, &board, Role::King)?;
        board[sq.index()] = Some(Piece::new(c, Role::King));
    }
    for _ in 0..1 + rng.below(5) {
        let role = random_role(rng);
        let c = if rng.chance(1, 2) { Color::White } else { Color::Black };
        let sq = random_square(rng, &board, role)?;
        board[sq.index()] = Some(Piece::new(c, role));
    }
    let turn = if rng.chance(1, 2) { Color::White } else { Color::Black };
    build(rng, &board, turn, 2, variant)
}

/// Kings and rooks mostly at home, more rooks (and now and then a king) elsewhere that a
/// capture can send back to a1/h1/a8/h8 (e1/e8), and a few attackers.
fn castling(rng: &mut Rng, variant: &str) -> Option<Probe> {
    let mut board = [None; 64];
    for (c, home) in [(Color::White, Square::E1), (Color::Black, Square::E8)] {
        let sq = if rng.chance(4, 5) {
            home
        } else {
            random_square(rng, &board, Role::King)?
        };
        board[sq.index()] = Some(Piece::new(c, Role::King));
    }
    for (c, sq) in [
        (Color::White, Square::A1),
        (Color::White, Square::H1),
        (Color::Black, Square::A8),
        (Color::Black, Square::H8),
    ] {
        if board[sq.index()].is_none() && rng.chance(3, 5) {
            board[sq.index()] = Some(Piece::new(c, Role::Rook));
        }
    }
    for _ in 0..1 + rng.below(3) {
        let c = if rng.chance(1, 2) { Color::White } else { Color::Black };
        let sq = random_square(rng, &board, Role::Rook)?;
        board[sq.index()] = Some(Piece::new(c, Role::Rook));
    }
    for _ in 0..rng.below(4) {
        let role = random_role(rng);
        let c = if rng.chance(1, 2) { Color::White } else { Color::Black };
        let sq = random_square(rng, &board, role)?;
        board[sq.index()] = Some(Piece::new(c, role));
    }
    let turn = if rng.chance(1, 2) { Color::White } else { Color::Black };
    build(rng, &board, turn, 3, variant)
}

/// The `i`-th position drawn for `variant` with `seed` (its kind cycles through game,
/// endgame, castling), or none when a hundred attempts found no acceptable one.
pub fn draw(variant: &str, seed: u64, i: usize) -> Option<(Kind, Probe)> {
    let kind = [Kind::Game, Kind::Endgame, Kind::Castling][i % 3];
    let mut rng = Rng::new(seed ^ name_hash(variant) ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    for _ in 0..100 {
        let p = match kind {
            Kind::Game => random_game(&mut rng, variant),
            Kind::Endgame => endgame(&mut rng, variant),
            Kind::Castling => castling(&mut rng, variant),
        };
        if let Some(p) = p {
            return Some((kind, p));
        }
    }
    None
}
