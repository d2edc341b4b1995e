//! The Circe family as independent axes. A named variant is a preset: a value of
//! [`Circe`]. Where a unit is reborn is decided in [`Circe::rebirth_square`]; as what in
//! [`Circe::reborn_walk`]; the rest (occupied squares, timing, kings) is data read by the
//! move pipeline in `effects.rs`.

use crate::square::{Color, Piece, Role, Square};

/// Which unit(s) a capture sends to a rebirth square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Victim {
    /// The captured unit is reborn (Circe).
    Reborn,
    /// The captured unit is gone for good (Anticirce, Mars).
    Gone,
}

/// What happens to the capturing unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Capturer {
    /// The capturing unit stays on the capture square (Circe).
    Stays,
    /// The capturing unit is reborn, before the victim (Anticirce; kamikaze units).
    Reborn,
    /// The capturing unit leaves the board for good (`circe-kamikaze`).
    Removed,
}

/// Where a unit is reborn. `s` is the capture square (for en passant: the captured pawn's square).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SquareRule {
    /// H(walk, own colour, s): the classic home square (Circe).
    Home,
    /// H(walk, opponent's colour, s) (Mirror Circe).
    Mirror,
    /// H(capturer's walk after promotion, capturer's colour, s) (Couscous / CouCou).
    CapturerHome,
    /// The capturing unit's departure square (Platzwechsel).
    Departure,
    /// s rotated through the board centre (Symmetry Circe).
    Symmetric,
    /// s + the vector of a move: the capturing move (Equipollents), or with
    /// [`When::AfterNextMove`] the reply (Parrain).
    CapturePlusVector,
    /// The unit's square in the diagram (Diagram Circe).
    Diagram,
}

/// When the captured unit is reborn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum When {
    /// As part of the capturing move.
    AtOnce,
    /// At the end of the opponent's next move (Circe Parrain).
    AfterNextMove,
}

/// The walk the reborn unit has.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WalkRule {
    /// The walk it had when captured.
    Same,
    /// knight -> bishop -> rook -> queen -> knight (Chameleon Circe).
    Chameleon,
    /// The capturing unit's walk before promotion; a king capturer leaves the walk alone (Clone).
    Capturer,
}

/// What happens when the rebirth square is occupied (or off the board).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Occupied {
    /// The unit vanishes; the capture stands ("relaxed").
    Vanish,
    /// The capture is illegal (Strict Circe, Anticirce, Mars lifts).
    Illegal,
    /// The occupant is removed and the unit reborn; illegal when it is the mover's king (Assassin).
    Assassinate,
    /// The unit goes under the square, to re-emerge when it is empty (Volcanic).
    Bury,
}

/// An Anticirce capturer whose rebirth square is the capture square itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OwnSquare {
    /// It stays there, reborn in place (Calvet).
    Stays,
    /// The capture is illegal (Cheylan).
    Illegal,
}

/// Where captures are made from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CaptureFrom {
    /// The unit's own square.
    OwnSquare,
    /// The unit's rebirth square, which must be empty or its own (Mars Circe).
    RebirthSquare,
}

/// Pawns standing on their own first rank (they arrive there by rebirth only).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FirstRankPawns {
    /// They neither move nor capture and give no check.
    Immobile,
    /// A single step and diagonal captures, never a double step (Parrain, Equipollents).
    StepAndCapture,
}

/// Who picks the walk of a pawn that a rebirth puts on its promotion rank.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chooser {
    /// The side that made the capture.
    Mover,
    /// The side whose pawn it is (Couscous).
    Owner,
}

/// One Circe-family condition, as values of independent axes. The named variants are the
/// values in [`PRESETS`]; [`Rules::parse`](super::Rules::parse) takes one by name.
///
/// ```
/// use fairyperft::rules::circe::{Occupied, Victim, CIRCE, PRESETS};
///
/// let (_, strict, _) = PRESETS.iter().find(|p| p.0 == "circe-strict").unwrap();
/// assert_eq!(strict.occupied, Occupied::Illegal);
/// assert_eq!(strict.victim, Victim::Reborn);
/// assert_eq!(CIRCE.occupied, Occupied::Vanish);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Circe {
    /// What happens to the captured unit.
    pub victim: Victim,
    /// What happens to the capturing unit.
    pub capturer: Capturer,
    /// Where a reborn captured unit goes.
    pub square: SquareRule,
    /// When the captured unit is reborn.
    pub when: When,
    /// The walk the captured unit is reborn with.
    pub walk: WalkRule,
    /// What happens when the rebirth square is occupied (or off the board).
    pub occupied: Occupied,
    /// A reborn capturer whose rebirth square is the capture square (Anticirce).
    pub own_square: OwnSquare,
    /// Where captures are made from.
    pub capture_from: CaptureFrom,
    /// Captured kings are reborn too (Rex Inclusive).
    pub victim_kings: bool,
    /// Capturing kings take part: reborn (Anticirce, kamikaze kings) or lifted (Mars).
    pub capturer_kings: bool,
    /// How pawns on their own first rank move.
    pub first_rank_pawns: FirstRankPawns,
    /// Who picks the walk of a pawn a rebirth puts on its promotion rank.
    pub chooser: Chooser,
}

/// Plain Circe: every other preset is a change of one or two axes from it.
pub const CIRCE: Circe = Circe {
    victim: Victim::Reborn,
    capturer: Capturer::Stays,
    square: SquareRule::Home,
    when: When::AtOnce,
    walk: WalkRule::Same,
    occupied: Occupied::Vanish,
    own_square: OwnSquare::Stays,
    capture_from: CaptureFrom::OwnSquare,
    victim_kings: false,
    capturer_kings: true,
    first_rank_pawns: FirstRankPawns::Immobile,
    chooser: Chooser::Mover,
};

const ANTICIRCE: Circe = Circe {
    victim: Victim::Gone,
    capturer: Capturer::Reborn,
    occupied: Occupied::Illegal,
    ..CIRCE
};

/// Every Circe-family preset: (name, axes, one-line rule).
pub const PRESETS: &[(&str, Circe, &str)] = &[
    ("circe", CIRCE, "the captured unit is reborn on its home square (by walk and square colour); occupied: it vanishes"),
    (
        "anticirce-calvet",
        ANTICIRCE,
        "the capturing unit is reborn on its home square; illegal if occupied; a capture on that very square is allowed",
    ),
    (
        "anticirce-cheylan",
        Circe { own_square: OwnSquare::Illegal, ..ANTICIRCE },
        "Anticirce, but a capture on the capturer's own rebirth square is illegal",
    ),
    (
        "circe-assassin",
        Circe { occupied: Occupied::Assassinate, ..CIRCE },
        "Circe; an occupant of the rebirth square is removed (illegal if it is the mover's king)",
    ),
    (
        "circe-chameleon",
        Circe { walk: WalkRule::Chameleon, ..CIRCE },
        "Circe; the victim is reborn with the next walk of S->B->R->Q->S, on that walk's square",
    ),
    (
        "circe-parrain",
        Circe {
            square: SquareRule::CapturePlusVector,
            when: When::AfterNextMove,
            first_rank_pawns: FirstRankPawns::StepAndCapture,
            ..CIRCE
        },
        "the victim is reborn after the opponent's next move, on the capture square plus that move's vector",
    ),
    (
        "circe-rex-inclusive",
        Circe { victim_kings: true, ..CIRCE },
        "Circe, and kings are reborn too (e1/e8); a king is in check only if its capture would lose it",
    ),
    (
        "circe-clone",
        Circe { walk: WalkRule::Capturer, ..CIRCE },
        "Circe; the victim is reborn with the capturer's walk (a king capturer changes nothing)",
    ),
    (
        "circe-coucou",
        Circe { square: SquareRule::CapturerHome, chooser: Chooser::Mover, ..CIRCE },
        "the victim is reborn where the capturer would be reborn in Circe; the capturer picks a promotion",
    ),
    (
        "circe-couscous",
        Circe { square: SquareRule::CapturerHome, chooser: Chooser::Owner, ..CIRCE },
        "the victim is reborn where the capturer would be reborn in Circe; the pawn's owner picks a promotion",
    ),
    (
        "circe-diagram",
        Circe { square: SquareRule::Diagram, ..CIRCE },
        "the victim is reborn on the square it stood on in the diagram",
    ),
    (
        "circe-equipollents",
        Circe { square: SquareRule::CapturePlusVector, first_rank_pawns: FirstRankPawns::StepAndCapture, ..CIRCE },
        "the victim is reborn on the capture square plus the capturing move's vector",
    ),
    (
        "circe-kamikaze",
        Circe { capturer: Capturer::Removed, ..CIRCE },
        "Circe, and every capturer leaves the board for good (kings cannot capture)",
    ),
    (
        "circe-kamikaze-reborn",
        Circe { capturer: Capturer::Reborn, ..CIRCE },
        "Circe with kamikaze units: the capturer is reborn first (kings on e1/e8, illegal if occupied), then the victim",
    ),
    (
        "circe-mars",
        Circe {
            victim: Victim::Gone,
            capture_from: CaptureFrom::RebirthSquare,
            occupied: Occupied::Illegal,
            ..CIRCE
        },
        "captures are made from the capturer's rebirth square (it must be empty); nothing is reborn",
    ),
    (
        "circe-mirror",
        Circe { square: SquareRule::Mirror, ..CIRCE },
        "the victim is reborn on the home square of its walk for the other colour",
    ),
    (
        "circe-pwc",
        Circe { square: SquareRule::Departure, ..CIRCE },
        "Platzwechsel: the victim is reborn on the capturer's departure square",
    ),
    (
        "circe-strict",
        Circe { occupied: Occupied::Illegal, ..CIRCE },
        "Circe; a capture whose rebirth square is occupied is illegal",
    ),
    (
        "circe-symmetry",
        Circe { square: SquareRule::Symmetric, ..CIRCE },
        "the victim is reborn on the square point-symmetric to the capture square",
    ),
    (
        "circe-volcanic",
        Circe { occupied: Occupied::Bury, ..CIRCE },
        "Circe; on an occupied square the victim hides under the occupant and re-emerges when it leaves",
    ),
];

/// H(walk, colour, s): the classic Circe home square of a unit of `role` and `color`
/// captured on `s`. A pawn's is on its own file, on the 2nd rank of its side; a knight's,
/// bishop's or rook's is the one of its side's two initial squares with the colour of `s`;
/// a queen's is d1/d8, a king's e1/e8.
///
/// ```
/// use fairyperft::rules::circe::home_square;
/// use fairyperft::{Color, Role, Square};
///
/// let sq = |s| Square::parse(s).unwrap();
/// assert_eq!(home_square(Role::Knight, Color::White, sq("d5")), sq("b1"));
/// assert_eq!(home_square(Role::Rook, Color::Black, sq("c3")), sq("h8"));
/// assert_eq!(home_square(Role::Pawn, Color::Black, sq("e1")), sq("e7"));
/// ```
#[inline(always)]
pub fn home_square(role: Role, color: Color, s: Square) -> Square {
    Square::new(HOME[color.index()][role.index()][s.index()])
}

/// The [`home_square`]s of the pawns of `color` on `pawns`, all at once: the squares of
/// their files on that colour's second rank.
#[inline(always)]
pub fn pawn_home_squares(color: Color, pawns: crate::bitboard::Bitboard) -> crate::bitboard::Bitboard {
    let mut files = pawns.0;
    files |= files >> 32;
    files |= files >> 16;
    files |= files >> 8;
    crate::bitboard::Bitboard((files & 0xff) << (8 * u32::from(color.pawn_rank())))
}

const fn compute_home(role: u8, white: bool, s: u8) -> u8 {
    let (file, rank) = (s % 8, s / 8);
    let light = (file + rank) % 2 == 1;
    let (f, white_rank) = match role {
        1 => (file, 1),                      // pawn: file of s, 2nd rank
        2 => (if light { 1 } else { 6 }, 0), // knight: b1 / g1
        3 => (if light { 5 } else { 2 }, 0), // bishop: f1 / c1
        4 => (if light { 7 } else { 0 }, 0), // rook: h1 / a1
        5 => (3, 0),                         // queen: d1
        _ => (4, 0),                         // king: e1
    };
    if white {
        white_rank * 8 + f
    } else {
        // Black's squares are White's flipped vertically, except that the square colours
        // swap: a light square sends a black knight to g8, a white one to b1.
        let f = if role >= 2 && role <= 4 { 7 - f } else { f };
        (7 - white_rank) * 8 + f
    }
}

const fn home_table() -> [[[u8; 64]; 7]; 2] {
    let mut t = [[[0u8; 64]; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 1;
        while r < 7 {
            let mut s = 0;
            while s < 64 {
                t[c][r][s] = compute_home(r as u8, c == 0, s as u8);
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    t
}

/// `[colour][walk][square]` -> home square.
static HOME: [[[u8; 64]; 7]; 2] = home_table();

/// The tables read backwards from the home squares, per colour and walk (pawn .. queen,
/// the walks that can be captured).
pub(crate) struct HomeTables {
    /// [colour][walk, 0 for any][square k] -> the squares whose home square is k.
    pub(crate) preimage: [[[u64; 64]; 7]; 2],
    /// `[colour][walk]` -> every home square.
    pub(crate) range: [[u64; 7]; 2],
    /// `[colour][walk]` -> the squares that are their own home square.
    pub(crate) fixed: [[u64; 7]; 2],
}

const fn home_tables() -> HomeTables {
    let mut t = HomeTables {
        preimage: [[[0u64; 64]; 7]; 2],
        range: [[0u64; 7]; 2],
        fixed: [[0u64; 7]; 2],
    };
    let mut c = 0;
    while c < 2 {
        let mut r = 1;
        while r < 6 {
            let mut s = 0;
            while s < 64 {
                let h = compute_home(r as u8, c == 0, s as u8) as usize;
                t.preimage[c][r][h] |= 1u64 << s;
                t.preimage[c][0][h] |= 1u64 << s;
                t.range[c][r] |= 1u64 << h;
                if h == s {
                    t.fixed[c][r] |= 1u64 << s;
                }
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    t
}

pub(crate) static TABLES: HomeTables = home_tables();

static PREIMAGE: &[[[u64; 64]; 7]; 2] = &TABLES.preimage;

/// Squares s such that a non-king unit of `color` standing on s may have k as its home
/// square (the exact test is `home_square(role, color, s) == k`, or [`home_preimage_of`]).
#[inline(always)]
pub fn home_preimage(color: Color, k: Square) -> crate::bitboard::Bitboard {
    crate::bitboard::Bitboard(PREIMAGE[color.index()][0][k.index()])
}

/// Squares s such that `home_square(role, color, s) == k` (empty for kings).
#[inline(always)]
pub fn home_preimage_of(role: Role, color: Color, k: Square) -> crate::bitboard::Bitboard {
    crate::bitboard::Bitboard(PREIMAGE[color.index()][role.index()][k.index()])
}

/// `[colour][square]` -> the walk whose home square it is (0: none). The walks' home squares
/// are distinct squares.
static HOME_ROLE: [[u8; 64]; 2] = home_roles(&TABLES);

const fn home_roles(t: &HomeTables) -> [[u8; 64]; 2] {
    let mut out = [[0u8; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 1;
        while r < 6 {
            let mut range = t.range[c][r];
            while range != 0 {
                let sq = range.trailing_zeros() as usize;
                assert!(out[c][sq] == 0, "two walks share a home square");
                out[c][sq] = r as u8;
                range &= range - 1;
            }
            r += 1;
        }
        c += 1;
    }
    out
}

/// The walk (pawn to queen) of `color` whose home square is `sq`, if any.
#[inline(always)]
pub fn home_role(color: Color, sq: Square) -> Option<Role> {
    match HOME_ROLE[color.index()][sq.index()] {
        0 => None,
        r => Some(Role::from_index(r)),
    }
}

static FIXED_POINTS: &[[u64; 7]; 2] = &TABLES.fixed;

/// The squares s with `home_square(role, color, s) == s` (empty for kings).
#[inline(always)]
pub fn home_fixed_points(role: Role, color: Color) -> crate::bitboard::Bitboard {
    crate::bitboard::Bitboard(FIXED_POINTS[color.index()][role.index()])
}

/// Every home square of the walks that can be captured (pawn to queen) of `color`.
#[inline(always)]
pub fn home_squares(color: Color) -> crate::bitboard::Bitboard {
    crate::bitboard::Bitboard(HOME_SQUARES[color.index()])
}

/// `[colour]` -> [`home_squares`], folded at compile time.
const HOME_SQUARES: [u64; 2] = [capturable_homes(&TABLES.range[0]), capturable_homes(&TABLES.range[1])];

/// The union of one colour's home-square sets of the walks pawn to queen.
const fn capturable_homes(range: &[u64; 7]) -> u64 {
    range[1] | range[2] | range[3] | range[4] | range[5]
}

/// What the rebirth-square rules need to know about the capture.
#[derive(Clone, Copy, Debug)]
pub struct CaptureContext {
    /// The capturing unit's departure square.
    pub from: Square,
    /// The capture square (the captured unit's square; for en passant the passed pawn's).
    pub at: Square,
    /// The capturing unit before a promotion.
    pub capturer_before: Piece,
    /// The capturing unit after a promotion (the same unit when the move promotes nothing).
    pub capturer_after: Piece,
    /// The vector added to the capture square by [`SquareRule::CapturePlusVector`].
    pub vector: (i32, i32),
}

impl Circe {
    /// The walk a captured unit is reborn with.
    #[inline(always)]
    pub fn reborn_walk(&self, victim: Piece, capturer_before: Piece) -> Role {
        match self.walk {
            WalkRule::Capturer => match capturer_before.role() {
                Role::King => victim.role(),
                r => r,
            },
            _ => self.victim_reborn_walk(victim),
        }
    }

    /// [`Circe::reborn_walk`] for the rules that look at the captured unit only.
    #[inline(always)]
    pub(crate) fn victim_reborn_walk(&self, victim: Piece) -> Role {
        match self.walk {
            WalkRule::Chameleon => match victim.role() {
                Role::Knight => Role::Bishop,
                Role::Bishop => Role::Rook,
                Role::Rook => Role::Queen,
                Role::Queen => Role::Knight,
                r => r,
            },
            _ => victim.role(),
        }
    }

    /// Where `unit` (already with its reborn walk) is reborn; `None` when off the board
    /// or when it has no diagram square. `origin` is the unit's diagram square.
    #[inline(always)]
    pub fn rebirth_square(&self, unit: Piece, origin: Option<Square>, ctx: &CaptureContext) -> Option<Square> {
        match self.square {
            SquareRule::CapturerHome => Some(home_square(
                ctx.capturer_after.role(),
                ctx.capturer_after.color(),
                ctx.at,
            )),
            SquareRule::Departure => Some(ctx.from),
            SquareRule::CapturePlusVector => ctx.at.offset(ctx.vector.0, ctx.vector.1),
            _ => self.victim_rebirth_square(unit, ctx.at, origin),
        }
    }

    /// [`Circe::rebirth_square`] for the rules that look at the reborn unit, its capture
    /// square `at` and its diagram square `origin` only (not [`Circe::square_depends_on_capture`]).
    #[inline(always)]
    pub(crate) fn victim_rebirth_square(&self, unit: Piece, at: Square, origin: Option<Square>) -> Option<Square> {
        match self.square {
            SquareRule::Home => Some(home_square(unit.role(), unit.color(), at)),
            SquareRule::Mirror => Some(home_square(unit.role(), unit.color().other(), at)),
            SquareRule::Symmetric => Some(at.rotate()),
            SquareRule::Diagram => origin,
            SquareRule::CapturerHome | SquareRule::Departure | SquareRule::CapturePlusVector => {
                unreachable!("the rebirth square depends on the capture")
            }
        }
    }

    /// Rebirth on home squares: whose (the unit's colour, or the other one for Mirror).
    #[inline(always)]
    pub(crate) fn home_colour(&self, color: Color) -> Option<Color> {
        match self.square {
            SquareRule::Home => Some(color),
            SquareRule::Mirror => Some(color.other()),
            _ => None,
        }
    }

    /// Where a capturing unit itself goes (Anticirce, kamikaze units, Mars lifts): its own
    /// home square, by its walk after promotion.
    #[inline]
    pub fn capturer_square(&self, capturer: Piece, at: Square) -> Square {
        home_square(capturer.role(), capturer.color(), at)
    }

    /// Mars Circe: the square the unit `p` on `at` captures from (its rebirth square; a
    /// king's own square when kings do not lift), whether or not it is free.
    #[inline(always)]
    pub fn lift_square(&self, p: Piece, at: Square) -> Square {
        if p.role() == Role::King && !self.capturer_kings {
            at
        } else {
            self.capturer_square(p, at)
        }
    }

    /// Does the rebirth square of a captured unit depend on the capture (capturer, vector)
    /// rather than on the victim and its square alone?
    pub fn square_depends_on_capture(&self) -> bool {
        matches!(
            self.square,
            SquareRule::CapturerHome | SquareRule::Departure | SquareRule::CapturePlusVector
        ) || self.walk == WalkRule::Capturer
    }

    /// Is a capture of the king judged by what it does, not only by whether the walk allows
    /// it? Under Anticirce the capturer's rebirth can make the capture illegal, under Rex
    /// Inclusive the king can be reborn, under Assassin a rebirth can remove the king: check
    /// is then the capture played (Popeye validates such checks by playing the capture), so a
    /// condition that tests every move (Isardam, of either type) tests that capture too.
    pub fn check_plays_the_capture(&self) -> bool {
        let kings_reborn = self.victim == Victim::Reborn && self.victim_kings;
        let capturer_can_fail = self.capturer == Capturer::Reborn
            && (self.occupied == Occupied::Illegal || self.own_square == OwnSquare::Illegal);
        kings_reborn || capturer_can_fail || self.occupied == Occupied::Assassinate
    }

    /// Plain Circe's rebirth: the capturer stays where it captured (from its own square), and
    /// the victim, never a king, is reborn at once on its home square with its own walk. A
    /// unit whose home square is occupied is then reborn there whatever captures it, so under
    /// `Occupied::Assassinate` any capture of it removes the occupant.
    pub fn plain_home_rebirth(&self) -> bool {
        self.square == SquareRule::Home
            && self.walk == WalkRule::Same
            && self.capturer == Capturer::Stays
            && self.victim == Victim::Reborn
            && self.when == When::AtOnce
            && self.capture_from == CaptureFrom::OwnSquare
            && !self.victim_kings
    }

    /// The axes, for `fairyperft variants`.
    pub fn describe(&self) -> String {
        let mut parts = vec![];
        parts.push(format!(
            "reborn: {}",
            match (self.capturer, self.victim) {
                (Capturer::Stays, Victim::Reborn) => "captured unit",
                (Capturer::Reborn, Victim::Gone) => "capturer",
                (Capturer::Reborn, Victim::Reborn) => "capturer, then captured unit",
                (Capturer::Removed, Victim::Reborn) => "captured unit (capturer removed)",
                (Capturer::Stays, Victim::Gone) => "none",
                (Capturer::Removed, Victim::Gone) => "none (capturer removed)",
            }
        ));
        parts.push(format!(
            "where: {}",
            match self.square {
                SquareRule::Home => "home square",
                SquareRule::Mirror => "home square of the other colour",
                SquareRule::CapturerHome => "capturer's home square",
                SquareRule::Departure => "capturer's departure square",
                SquareRule::Symmetric => "symmetric square",
                SquareRule::CapturePlusVector => "capture square + vector",
                SquareRule::Diagram => "diagram square",
            }
        ));
        parts.push(format!(
            "when: {}",
            match self.when {
                When::AtOnce => "at once",
                When::AfterNextMove => "after the next move",
            }
        ));
        parts.push(format!(
            "as: {}",
            match self.walk {
                WalkRule::Same => "same walk",
                WalkRule::Chameleon => "chameleon sequence",
                WalkRule::Capturer => "capturer's walk",
            }
        ));
        parts.push(format!(
            "occupied: {}",
            match self.occupied {
                Occupied::Vanish => "vanish",
                Occupied::Illegal => "illegal",
                Occupied::Assassinate => "assassinate",
                Occupied::Bury => "hide under it",
            }
        ));
        if self.capturer == Capturer::Reborn && self.victim == Victim::Gone {
            parts.push(format!(
                "capture on own rebirth square: {}",
                match self.own_square {
                    OwnSquare::Stays => "allowed",
                    OwnSquare::Illegal => "illegal",
                }
            ));
        }
        if self.capture_from == CaptureFrom::RebirthSquare {
            parts.push("captures from: rebirth square".into());
        }
        parts.push(format!(
            "kings reborn: {}",
            if self.victim_kings { "yes" } else { "no" }
        ));
        parts.push(format!(
            "first-rank pawns: {}",
            match self.first_rank_pawns {
                FirstRankPawns::Immobile => "immobile",
                FirstRankPawns::StepAndCapture => "single step and capture",
            }
        ));
        if self.square == SquareRule::CapturerHome {
            parts.push(format!(
                "promotion of a reborn pawn chosen by: {}",
                match self.chooser {
                    Chooser::Mover => "the capturer",
                    Chooser::Owner => "the pawn's owner",
                }
            ));
        }
        parts.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn home_role_names_the_walk_reborn_there() {
        for color in [Color::White, Color::Black] {
            for role in Role::CAPTURABLE {
                for s in Square::all() {
                    assert_eq!(
                        home_role(color, home_square(role, color, s)),
                        Some(role),
                        "{color:?} {role:?} {s:?}"
                    );
                }
            }
        }
        assert_eq!(home_role(Color::White, sq("d1")), Some(Role::Queen));
        assert_eq!(home_role(Color::Black, sq("g8")), Some(Role::Knight));
        assert_eq!(home_role(Color::White, sq("c7")), None);
        for k in [sq("e1"), sq("e4"), sq("a8")] {
            assert_eq!(home_role(Color::White, k), None, "{k:?}");
        }
    }

    #[test]
    fn fixed_points_are_their_own_home_squares() {
        for color in [Color::White, Color::Black] {
            for role in Role::CAPTURABLE {
                for s in Square::all() {
                    assert_eq!(
                        home_fixed_points(role, color).contains(s),
                        home_square(role, color, s) == s,
                        "{color:?} {role:?} {s:?}"
                    );
                }
            }
        }
        assert!(home_fixed_points(Role::Rook, Color::White).contains(sq("h1")));
        assert!(!home_fixed_points(Role::Rook, Color::White).contains(sq("a8")));
    }

    #[test]
    fn home_squares_match_rules_table() {
        use Color::*;
        use Role::*;
        // the examples of docs/rules.md, "Home squares"
        assert_eq!(home_square(Knight, Black, sq("c3")), sq("b8"));
        assert_eq!(home_square(Knight, Black, sq("a4")), sq("g8"));
        assert_eq!(home_square(Bishop, Black, sq("a4")), sq("c8"));
        assert_eq!(home_square(Rook, Black, sq("c3")), sq("h8"));
        assert_eq!(home_square(Rook, Black, sq("h1")), sq("a8"));
        assert_eq!(home_square(Pawn, Black, sq("e1")), sq("e7"));
        assert_eq!(home_square(Pawn, White, sq("a8")), sq("a2"));
        assert_eq!(home_square(Bishop, White, sq("c3")), sq("c1"));
        assert_eq!(home_square(Rook, White, sq("a4")), sq("h1"));
        assert_eq!(home_square(Knight, White, sq("d5")), sq("b1"));
        assert_eq!(home_square(Bishop, White, sq("d5")), sq("f1"));
        assert_eq!(home_square(Queen, White, sq("d5")), sq("d1"));
        assert_eq!(home_square(King, Black, sq("a1")), sq("e8"));
    }
}
