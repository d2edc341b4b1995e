//! Tables read backwards from the rebirth squares, which only the accelerators need: the
//! squares whose home square lies in a set, per walk; and, per king square, the squares
//! from which a reborn unit could attack that king (the "danger" squares the victim family
//! weighs captures by); and the board queries read from them: which units of a side would
//! be reborn on given squares ([`all_victims_reborn_in`]), which victims could be reborn
//! near a king ([`victims_to_weigh`]). The rules themselves ask only `home_square` and its
//! plain inverses in `rules::circe`.

use crate::bitboard::Bitboard;
use crate::position::{Position, Sets};
use crate::rules::circe::{Capturer, Occupied, Victim, WalkRule, When};
use crate::rules::circe::{Circe, HomeTables, SquareRule, TABLES};
use crate::square::{Color, Piece, Role, Square};

/// Squares s such that `home_square(role, color, s)` is one of `targets` (empty for kings).
#[inline(always)]
pub(crate) fn home_preimage_in(role: Role, color: Color, targets: Bitboard) -> Bitboard {
    if role == Role::Pawn {
        // a pawn's home square is its file's square on its second rank: the files of the
        // targets on that rank
        let on_rank = (targets.0 >> (8 * color.pawn_rank() as u32)) & 0xff;
        return Bitboard(on_rank * 0x0101_0101_0101_0101);
    }
    // the other walks have one or two home squares: each one's preimage when it is a target
    let pick = |(home, pre): (u64, u64)| u64::from(targets.0 & home != 0).wrapping_neg() & pre;
    let [a, b] = HOME_PAIRS[color.index()][role.index()];
    Bitboard(pick(a) | pick(b))
}

/// [`home_preimage_in`] for every walk at once, by walk index (kings' empty): one row of a
/// table read for the walks knight to queen, whose home squares are on the first rank.
#[inline(always)]
pub(crate) fn home_preimages_in(color: Color, targets: Bitboard) -> [Bitboard; 8] {
    let mut out = first_rank_preimages_in(color, targets).map(Bitboard);
    out[Role::Pawn.index()] = home_preimage_in(Role::Pawn, color, targets);
    out
}

/// [`home_preimages_in`] for the walks knight to queen only (the others' empty), whose home
/// squares are on `color`'s first rank: the targets elsewhere are not read.
#[inline(always)]
pub(crate) fn first_rank_preimages_in(color: Color, targets: Bitboard) -> &'static [u64; 8] {
    let byte = (targets.0 >> (8 * color.first_rank() as u32)) & 0xff;
    &FIRST_RANK_PREIMAGES[color.index()][byte as usize]
}

/// [colour][that colour's first rank, one bit per file] -> by walk index (knight to queen),
/// the squares whose home square is among the rank's squares given.
static FIRST_RANK_PREIMAGES: [[[u64; 8]; 256]; 2] = first_rank_preimages(&TABLES);

const fn first_rank_preimages(t: &HomeTables) -> [[[u64; 8]; 256]; 2] {
    let pairs = home_pairs(t);
    let mut out = [[[0u64; 8]; 256]; 2];
    let mut c = 0;
    while c < 2 {
        let shift = if c == 0 { 0 } else { 56 };
        let mut b = 0;
        while b < 256 {
            let targets = (b as u64) << shift;
            let mut r = 2;
            while r < 6 {
                let mut i = 0;
                while i < 2 {
                    let (home, pre) = pairs[c][r][i];
                    assert!(
                        home & !(0xffu64 << shift) == 0,
                        "a home square (knight to queen) off the first rank"
                    );
                    if targets & home != 0 {
                        out[c][b][r] |= pre;
                    }
                    i += 1;
                }
                r += 1;
            }
            b += 1;
        }
        c += 1;
    }
    out
}

/// `[colour][walk]` -> the walk's home squares but a pawn's (two at most: one bit each) and
/// their preimages; (0, 0) where there is none.
static HOME_PAIRS: [[[(u64, u64); 2]; 7]; 2] = home_pairs(&TABLES);

/// The home squares of `role` (knight to queen) for `color`, each with the squares whose
/// home square it is: one bit and its preimage, (0, 0) where the walk has fewer.
#[inline(always)]
pub(crate) fn home_pairs_of(role: Role, color: Color) -> [(u64, u64); 2] {
    HOME_PAIRS[color.index()][role.index()]
}

const fn home_pairs(t: &HomeTables) -> [[[(u64, u64); 2]; 7]; 2] {
    let mut out = [[[(0, 0); 2]; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 2;
        while r < 7 {
            let mut range = t.range[c][r];
            let mut i = 0;
            while range != 0 {
                assert!(i < 2, "a walk other than the pawn has two home squares at most");
                let sq = range.trailing_zeros() as usize;
                out[c][r][i] = (1 << sq, t.preimage[c][r][sq]);
                range &= range - 1;
                i += 1;
            }
            r += 1;
        }
        c += 1;
    }
    out
}

type DangerTable = [[[[u64; 7]; 64]; 2]; 4];

/// The square maps of [`danger_table`]: home squares of either colour, the symmetric
/// square, and none (the rebirth square itself).
const HOME_WHITE: usize = 0;
const HOME_BLACK: usize = 1;
const SYMMETRIC: usize = 2;
const REACH: usize = 3;

/// `[map][attacker colour][k][walk]` -> squares s such that a unit of that walk reborn on
/// the square the map gives for s (home squares of a colour, the symmetric square, s
/// itself) lands on k, on a square from which, as a unit of the attacker colour, it
/// attacks k on an empty board, or (a pawn) on its promotion rank (never a pawn's home).
fn danger_table() -> &'static DangerTable {
    static T: std::sync::OnceLock<Box<DangerTable>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t: Box<DangerTable> = Box::new([[[[0; 7]; 64]; 2]; 4]);
        for ac in [Color::White, Color::Black] {
            for walk in Role::CAPTURABLE {
                for k in Square::all() {
                    let mut reach = crate::attacks::attacks(walk, ac.other(), k, Bitboard::EMPTY).with(k);
                    if walk == Role::Pawn {
                        reach |= Bitboard::rank(ac.promotion_rank());
                    }
                    let row = |map: usize| (map, ac.index(), k.index(), walk.index());
                    for (map, hc) in [(HOME_WHITE, Color::White), (HOME_BLACK, Color::Black)] {
                        let (m, a, q, w) = row(map);
                        t[m][a][q][w] = home_preimage_in(walk, hc, reach).0;
                    }
                    let (m, a, q, w) = row(SYMMETRIC);
                    t[m][a][q][w] = reach.0.reverse_bits();
                    let (m, a, q, w) = row(REACH);
                    t[m][a][q][w] = reach.0;
                }
            }
        }
        t
    })
}

/// Per walk (indexed by [`Role::index`]), the squares s such that a unit of `attacker`
/// colour and that walk, reborn on its home square for s among the home squares of
/// `home` colour, lands on `k` or attacks it on an empty board (kings: none).
#[inline(always)]
pub(crate) fn home_danger(home: Color, attacker: Color, k: Square) -> &'static [u64; 7] {
    let map = if home == Color::White { HOME_WHITE } else { HOME_BLACK };
    &danger_table()[map][attacker.index()][k.index()]
}

/// Per walk, the squares where a unit of `attacker` colour and that walk lands on `k`,
/// attacks it on an empty board, or (a pawn) stands on its promotion rank.
#[inline(always)]
pub(crate) fn danger_squares(attacker: Color, k: Square) -> &'static [u64; 7] {
    &danger_table()[REACH][attacker.index()][k.index()]
}

/// `[attacker colour][k][s]` -> the walks (bit [`Role::index`]) whose [`danger_squares`]
/// hold s: [`danger_squares`] read by square.
#[inline(always)]
pub(crate) fn danger_walks(attacker: Color, k: Square) -> &'static [u8; 64] {
    static T: std::sync::OnceLock<Box<[[[u8; 64]; 64]; 2]>> = std::sync::OnceLock::new();
    let t = T.get_or_init(|| {
        let mut t = Box::new([[[0u8; 64]; 64]; 2]);
        for ac in [Color::White, Color::Black] {
            for k in Square::all() {
                let row = danger_squares(ac, k);
                for role in Role::CAPTURABLE {
                    for s in Bitboard(row[role.index()]) {
                        t[ac.index()][k.index()][s.index()] |= 1 << role.index();
                    }
                }
            }
        }
        t
    });
    &t[attacker.index()][k.index()]
}

/// Equipollents: `[attacker colour][k][from]` -> the capture squares `to` whose rebirth square
/// (`to` plus the move's vector: 2·to − from) is on the board and among the
/// [`danger_squares`] of some walk: the only captures from `from` whose victim may matter
/// to a king on `k` (a superset: the walks on the board are not known here).
#[inline(always)]
pub(crate) fn vector_danger(attacker: Color, k: Square) -> &'static [u64; 64] {
    static T: std::sync::OnceLock<Box<[[[u64; 64]; 64]; 2]>> = std::sync::OnceLock::new();
    let t = T.get_or_init(|| {
        let mut t = Box::new([[[0u64; 64]; 64]; 2]);
        for ac in [Color::White, Color::Black] {
            for k in Square::all() {
                let danger = danger_squares(ac, k).iter().fold(0, |a, b| a | b);
                for from in Square::all() {
                    for to in Square::all() {
                        // (the rebirth square as `rebirth_square` finds it)
                        let vector = (
                            to.file() as i32 - from.file() as i32,
                            to.rank() as i32 - from.rank() as i32,
                        );
                        if to
                            .offset(vector.0, vector.1)
                            .is_some_and(|r| danger & (1 << r.index()) != 0)
                        {
                            t[ac.index()][k.index()][from.index()] |= 1 << to.index();
                        }
                    }
                }
            }
        }
        t
    });
    &t[attacker.index()][k.index()]
}

/// The capture squares from which a unit of `color` with reborn walk `walk` is reborn on
/// one of `targets`
/// ([`Circe::victim_rebirth_square`](crate::rules::circe::Circe::victim_rebirth_square)
/// read backwards); `None` when that depends on each unit's diagram square.
#[inline(always)]
pub(crate) fn victim_squares_reborn_in(c: &Circe, walk: Role, color: Color, targets: Bitboard) -> Option<Bitboard> {
    if let Some(hc) = c.home_colour(color) {
        return Some(home_preimage_in(walk, hc, targets));
    }
    match c.square {
        SquareRule::Home | SquareRule::Mirror => unreachable!("home squares, above"),
        SquareRule::Symmetric => Some(Bitboard(targets.0.reverse_bits())),
        SquareRule::Diagram => None,
        SquareRule::CapturerHome | SquareRule::Departure | SquareRule::CapturePlusVector => {
            unreachable!("the rebirth square depends on the capture")
        }
    }
}

/// Per walk, the squares of the units of `attacker` colour whose rebirth (by the victim
/// alone: home squares, the symmetric square) would land on `k`, attack it on an empty
/// board, or put a pawn on its promotion rank; `None` for the other square rules.
#[inline(always)]
pub(crate) fn danger_row(c: &Circe, attacker: Color, k: Square) -> Option<&'static [u64; 7]> {
    match c.square {
        SquareRule::Home | SquareRule::Mirror => {
            Some(home_danger(c.home_colour(attacker).expect("home squares"), attacker, k))
        }
        SquareRule::Symmetric => Some(&danger_table()[SYMMETRIC][attacker.index()][k.index()]),
        _ => None,
    }
}

/// The enemy units (of `them`) whose capture
/// [`VictimRule::weight`](crate::fast::general::VictimRule::weight) must weigh (a
/// superset): those whose reborn unit could attack the king on `king` on an empty board or
/// land on it, be a pawn on its promotion rank, find its square occupied where that matters
/// (Strict: illegal; Assassin: a hidden unit), or that stand on hidden units; kings when
/// they are reborn.
#[inline(always)]
pub(crate) fn victims_to_weigh(
    pos: &Position,
    c: &Circe,
    them: Color,
    king: Option<Square>,
    hidden: Bitboard,
) -> Bitboard {
    let s = pos.sets();
    let mut to_weigh = hidden;
    if c.victim != Victim::Reborn || c.when != When::AtOnce {
        return to_weigh;
    }
    if c.victim_kings {
        to_weigh |= s.pieces(them, Role::King);
    }
    let common = match c.occupied {
        Occupied::Illegal => s.occ,
        Occupied::Assassinate => hidden,
        Occupied::Vanish | Occupied::Bury => Bitboard::EMPTY,
    };
    // the common case, table lookups only
    if let (true, Some(row)) = (common.is_empty(), king.and_then(|k| danger_row(c, them, k))) {
        let theirs = s.color[them.index()];
        for role in Role::CAPTURABLE {
            let walk = c.victim_reborn_walk(Piece::new(them, role));
            to_weigh |= theirs & s.role[role.index()] & Bitboard(row[walk.index()]);
        }
        return to_weigh;
    }
    // (on the king, where it attacks the king on an empty board, a pawn's promotion rank)
    let danger = king.map(|k| crate::fast::rebirth_tables::danger_squares(them, k));
    if let (true, Some(row), SquareRule::Diagram) = (common.is_empty(), danger, c.square) {
        // Diagram Circe: each unit's diagram square. A unit on its own is reborn on the
        // capture square, which a capturer that stays holds: it vanishes (or is buried), as
        // an orthodox capture's victim does, and only the units off theirs are weighed. (An
        // assassin's rebirth there would remove the capturer.)
        let at_home = units_on_diagram_squares(pos);
        let home_matters = c.capturer != Capturer::Stays || c.occupied == Occupied::Assassinate;
        let weighed = s.color[them.index()] & !at_home.when(!home_matters);
        for role in Role::CAPTURABLE {
            let targets = Bitboard(row[c.victim_reborn_walk(Piece::new(them, role)).index()]);
            to_weigh |= diagram_squares_in(pos, s.role[role.index()] & weighed, at_home, targets);
        }
        return to_weigh;
    }
    for role in Role::CAPTURABLE {
        let units = s.pieces(them, role);
        if units.is_empty() {
            continue;
        }
        let walk = c.victim_reborn_walk(Piece::new(them, role));
        let targets = match danger {
            Some(row) => common | Bitboard(row[walk.index()]),
            None if walk == Role::Pawn => common | Bitboard::rank(them.promotion_rank()),
            None => common,
        };
        to_weigh |= units & victims_reborn_in(pos, c, Piece::new(them, role), targets);
    }
    to_weigh
}

/// The enemy units (of `them`) whose capture by an unpinned unit other than the king may be
/// other than one legal move, under rules whose rebirth square depends on the victim alone
/// (or that rebirth it later) with our king on `k`: the [`victims_to_weigh`], and under
/// Strict Circe the `uncapturable` ones (their rebirth square taken: legal only when the
/// capturer leaves that square), whose reborn unit is weighed as if it vanished there.
/// Under Rex Inclusive the enemy king only where [`king_reborn_harmless`] does not hold.
#[inline(always)]
pub(crate) fn victims_to_judge(pos: &Position, c: &Circe, them: Color, k: Square, uncapturable: Bitboard) -> Bitboard {
    let judged = if crate::fast::plan::strict(c) {
        let vanish = Circe {
            occupied: Occupied::Vanish,
            ..*c
        };
        victims_to_weigh(pos, &vanish, them, Some(k), Bitboard::EMPTY) | uncapturable
    } else {
        victims_to_weigh(pos, c, them, Some(k), Bitboard::EMPTY)
    };
    match pos.king(them) {
        Some(e) if c.victim_kings && judged.contains(e) && king_reborn_harmless(pos, c, them, e, k) => {
            judged.without(e)
        }
        _ => judged,
    }
}

/// Rex Inclusive (the capturer staying): is a capture of the enemy king (of `them`) on `e` one legal
/// move, or none at all, with our king on `k`? In a legal position a unit of ours that can
/// take that king finds its rebirth square empty, or the enemy would be in check. Reborn
/// there, the king only adds a unit, which closes lines but opens none, and it attacks our
/// king only from a square next to it. So the capture needs weighing only when the king is
/// reborn next to ours (its walk kept) and some unit of ours attacks it.
#[inline(always)]
fn king_reborn_harmless(pos: &Position, c: &Circe, them: Color, e: Square, k: Square) -> bool {
    let reborn_next_to_k = c.walk == WalkRule::Capturer
        || c.victim_rebirth_square(Piece::new(them, Role::King), e, pos.origin(e))
            .is_none_or(|r| crate::attacks::king_attacks(r).contains(k));
    !(reborn_next_to_k && attacked_by_us(pos, them, e))
}

/// Does a unit not of `them` attack the enemy king on `e`? (Out of line: rare.)
#[inline(never)]
fn attacked_by_us(pos: &Position, them: Color, e: Square) -> bool {
    let s = pos.sets();
    (s.attackers_to(e, s.occ) & s.color[them.other().index()]).any()
}

/// Rules under which an observation path judges every capture one by one: the captures
/// that may be other than one legal move (a superset), by the capture's departure square.
/// Where the rebirth square or walk depends on the capture, the capturer staying and the
/// victim reborn at once, vanishing from a taken square (Platzwechsel, Equipollents,
/// Clone), a victim reborn off the [`danger_squares`] of its walk there is one legal move,
/// the capture opening no line. Where the capturer leaves the capture square (Anticirce,
/// both Kamikaze rules), so is a capture that empties no square screening our king, whose
/// capturer is reborn on an empty square or removed, and whose victim, if reborn, is not
/// one of the [`victims_to_weigh`].
#[derive(Clone, Copy)]
pub(crate) enum CaptureDanger {
    /// Platzwechsel: reborn on the departure square with its walk; per walk index, the
    /// enemy units and the danger squares of that walk.
    Departure {
        units: [Bitboard; 7],
        squares: [Bitboard; 7],
    },
    /// Equipollents: reborn on the capture square plus the move's vector with its walk;
    /// per departure square, the capture squares whose rebirth square may be a danger
    /// square ([`vector_danger`]), and the danger squares of every walk.
    Vector {
        by_departure: &'static [u64; 64],
        squares: Bitboard,
    },
    /// Clone: reborn with the capturer's walk on that walk's home square for the capture
    /// square; per capturer walk index, the capture squares whose home square is a danger
    /// square of that walk: a row of [`home_danger`], which depends on our king's square
    /// alone. (A king capturer, whose victim keeps its walk, is never asked: its captures
    /// are judged apart.)
    CapturerWalk { by_walk: &'static [u64; 7] },
    /// Anticirce, Kamikaze: per our walk index, the capture squares from which a capturer
    /// of that walk is reborn on a taken square (none where it is removed; a king's
    /// every square); the squares
    /// between our king and the enemy sliders on its lines; the victims to weigh (none
    /// where they are not reborn); is the capturer reborn (by its walk after promoting)?
    CapturerLeaves {
        blocked: [Bitboard; 7],
        screens: Bitboard,
        victims: Bitboard,
        reborn: bool,
    },
}

impl CaptureDanger {
    /// The sets for our king on `k`, the enemy being `them`, `screens` the squares between
    /// the king and the enemy sliders on its lines; `None` under the other rules.
    #[inline(always)]
    pub(crate) fn new(pos: &Position, c: &Circe, them: Color, k: Square, screens: Bitboard) -> Option<CaptureDanger> {
        if c.when != When::AtOnce || c.victim_kings || c.occupied == Occupied::Assassinate {
            return None;
        }
        if c.capturer != Capturer::Stays {
            if (c.square, c.walk) != (SquareRule::Home, WalkRule::Same) {
                return None;
            }
            let reborn = c.capturer == Capturer::Reborn;
            // (a king's captures: judged, as the model does)
            let mut blocked = [Bitboard::EMPTY; 7];
            blocked[Role::King.index()] = Bitboard::FULL;
            if reborn {
                let free = !pos.sets().occ;
                for r in Role::CAPTURABLE {
                    blocked[r.index()] = !home_preimage_in(r, them.other(), free);
                }
            }
            let victims = if c.victim == Victim::Reborn {
                victims_to_weigh(pos, c, them, Some(k), Bitboard::EMPTY)
            } else {
                Bitboard::EMPTY
            };
            return Some(CaptureDanger::CapturerLeaves {
                blocked,
                screens,
                victims,
                reborn,
            });
        }
        if c.victim != Victim::Reborn || !matches!(c.occupied, Occupied::Vanish | Occupied::Bury) {
            return None;
        }
        let row = danger_squares(them, k);
        match (c.square, c.walk) {
            (SquareRule::Departure, WalkRule::Same) => {
                let s = pos.sets();
                let mut units = [Bitboard::EMPTY; 7];
                let mut squares = [Bitboard::EMPTY; 7];
                for r in Role::CAPTURABLE {
                    units[r.index()] = s.pieces(them, r);
                    squares[r.index()] = Bitboard(row[r.index()]);
                }
                Some(CaptureDanger::Departure { units, squares })
            }
            (SquareRule::CapturePlusVector, WalkRule::Same) => Some(CaptureDanger::Vector {
                by_departure: vector_danger(them, k),
                squares: Bitboard(row.iter().fold(0, |a, b| a | b)),
            }),
            (SquareRule::Home, WalkRule::Capturer) => Some(CaptureDanger::CapturerWalk {
                by_walk: home_danger(them, them, k),
            }),
            _ => None,
        }
    }

    /// The squares whose enemy unit, captured from `from` by our unit there (of the walk it
    /// has before promoting, read only by the rules that ask it), may be other than one
    /// legal move.
    #[inline(always)]
    pub(crate) fn captured_from(&self, pos: &Position, from: Square) -> Bitboard {
        match self {
            CaptureDanger::Departure { units, squares } => {
                // (an unrolled loop without branches)
                let mut b = Bitboard::EMPTY;
                for r in Role::CAPTURABLE {
                    b |= units[r.index()].when(squares[r.index()].contains(from));
                }
                b
            }
            CaptureDanger::Vector { by_departure, .. } => Bitboard(by_departure[from.index()]),
            CaptureDanger::CapturerWalk { by_walk } => {
                let walk = pos.role_on(from);
                debug_assert!(walk != Role::King, "a king's captures are judged apart");
                Bitboard(by_walk[walk.index()])
            }
            CaptureDanger::CapturerLeaves {
                blocked,
                screens,
                victims,
                ..
            } => blocked[pos.role_on(from).index()] | *screens | *victims | Bitboard::FULL.when(screens.contains(from)),
        }
    }

    /// The squares whose enemy unit, captured from any of the squares `departures` (our
    /// units on board `s` but the king), may be other than one legal move: the union of
    /// [`CaptureDanger::captured_from`] and [`CaptureDanger::pawn_arrivals`] over them, or a
    /// superset; where it holds no enemy unit, no capture of the bulk needs judging. `None`
    /// where that is seldom so and costs more than it saves: Platzwechsel and Equipollents
    /// (a victim of any walk near our king, our units about it), a capturer reborn (its
    /// home squares mostly taken).
    #[inline(always)]
    pub(crate) fn captured_from_any(&self, s: &Sets, departures: Bitboard) -> Option<Bitboard> {
        let walks_there = |walks: &dyn Fn(usize) -> Bitboard| {
            let mut b = Bitboard::EMPTY;
            for r in Role::CAPTURABLE {
                b |= walks(r.index()).when((s.role[r.index()] & departures).any());
            }
            b
        };
        match self {
            CaptureDanger::CapturerWalk { by_walk } => Some(walks_there(&|i| Bitboard(by_walk[i]))),
            // (Kamikaze: every capture of a unit on a screen)
            CaptureDanger::CapturerLeaves {
                blocked,
                screens,
                victims,
                reborn: false,
            } => Some(
                walks_there(&|i| blocked[i]) | *screens | *victims | Bitboard::FULL.when((departures & *screens).any()),
            ),
            _ => None,
        }
    }

    /// The arrival squares of pawn captures `delta` long (each from `delta` behind its
    /// arrival), promoting with `promotes`, that may be other than one legal move.
    #[inline(always)]
    pub(crate) fn pawn_arrivals(&self, delta: i8, promotes: bool) -> Bitboard {
        match self {
            CaptureDanger::Departure { units, squares } => {
                let mut b = Bitboard::EMPTY;
                for r in Role::CAPTURABLE {
                    b |= units[r.index()] & crate::orthodox::shift(squares[r.index()], delta);
                }
                b
            }
            // (the rebirth square is the arrival plus `delta`: a rotation, not a shift, for
            // no branch on the sign; the squares it wraps round are kept, a superset)
            CaptureDanger::Vector { squares, .. } => Bitboard(squares.0.rotate_right(delta as u32 & 63)),
            CaptureDanger::CapturerWalk { by_walk } => Bitboard(by_walk[Role::Pawn.index()]),
            // (a capturer reborn promoting: by its new walk, every capture judged)
            CaptureDanger::CapturerLeaves { reborn: true, .. } if promotes => Bitboard::FULL,
            CaptureDanger::CapturerLeaves {
                blocked,
                screens,
                victims,
                ..
            } => blocked[Role::Pawn.index()] | *screens | *victims | crate::orthodox::shift(*screens, delta),
        }
    }
}

/// The units of `them` (any walk) whose rebirth square, were they captured, would be one of
/// `targets`.
#[inline(always)]
pub(crate) fn all_victims_reborn_in(pos: &Position, c: &Circe, them: Color, targets: Bitboard) -> Bitboard {
    if let (Some(hc), false) = (c.home_colour(them), c.walk == WalkRule::Chameleon) {
        // (home squares, each walk its own: the tables read backwards, nothing else)
        let s = pos.sets();
        return Role::CAPTURABLE.iter().fold(Bitboard::EMPTY, |b, &role| {
            b | (s.pieces(them, role) & crate::fast::rebirth_tables::home_preimage_in(role, hc, targets))
        });
    }
    Role::CAPTURABLE.iter().fold(Bitboard::EMPTY, |b, &role| {
        b | victims_reborn_in(pos, c, Piece::new(them, role), targets)
    })
}

/// The squares of the units `victim` (a colour and walk) whose rebirth square, were they
/// captured, would be one of `targets` (rebirth rules that look at the victim only).
#[inline(always)]
pub(crate) fn victims_reborn_in(pos: &Position, c: &Circe, victim: Piece, targets: Bitboard) -> Bitboard {
    let units = pos.sets().pieces(victim.color(), victim.role());
    if units.is_empty() || targets.is_empty() {
        return Bitboard::EMPTY;
    }
    let walk = c.victim_reborn_walk(victim);
    match victim_squares_reborn_in(c, walk, victim.color(), targets) {
        Some(b) => units & b,
        None => diagram_squares_in(pos, units, units_on_diagram_squares(pos), targets),
    }
}

/// The squares whose unit stands on its own diagram square (Diagram Circe; read with a set
/// of units). Most units of a perft never leave theirs, so a test of diagram squares need
/// look up only the others ([`diagram_squares_in`]).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn units_on_diagram_squares(pos: &Position) -> Bitboard {
    // (sixteen squares per compare, a dozen instructions in all, where a loop over the
    // squares or the units costs some hundred)
    use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8};
    let mut b = 0u64;
    for chunk in 0..4 {
        // SAFETY: SSE2 is part of x86_64; each load reads 16 of the 64 bytes of an array,
        // unaligned loads allowed.
        let bits = unsafe {
            let load = |a: &[u8; 64]| _mm_loadu_si128(a.as_ptr().add(16 * chunk).cast::<__m128i>());
            _mm_movemask_epi8(_mm_cmpeq_epi8(load(pos.origins()), load(&SQUARE_INDICES))) as u16
        };
        b |= u64::from(bits) << (16 * chunk);
    }
    Bitboard(b)
}

/// [`units_on_diagram_squares`] elsewhere than on x86_64: square by square.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn units_on_diagram_squares(pos: &Position) -> Bitboard {
    units_on_diagram_squares_one_by_one(pos)
}

/// The squares whose unit stands on its own diagram square, square by square (the
/// definition, which tests hold [`units_on_diagram_squares`] to).
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
fn units_on_diagram_squares_one_by_one(pos: &Position) -> Bitboard {
    let mut b = 0u64;
    for (i, &o) in pos.origins().iter().enumerate() {
        b |= u64::from(o == i as u8) << i;
    }
    Bitboard(b)
}

/// Each square's index, by index ([`units_on_diagram_squares`]).
#[cfg(target_arch = "x86_64")]
const SQUARE_INDICES: [u8; 64] = {
    let mut a = [0; 64];
    let mut i = 0;
    while i < 64 {
        a[i] = i as u8;
        i += 1;
    }
    a
};

/// Diagram Circe: the `units` whose diagram square is one of `targets`, `at_home` being
/// [`units_on_diagram_squares`]: those on their own read from the sets, only the
/// others looked up.
#[inline(always)]
fn diagram_squares_in(pos: &Position, units: Bitboard, at_home: Bitboard, targets: Bitboard) -> Bitboard {
    let mut b = units & at_home & targets;
    for sq in units & !at_home {
        if pos.origin(sq).is_some_and(|o| targets.contains(o)) {
            b = b.with(sq);
        }
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::circe::home_square;

    /// The diagram squares compared sixteen at a time give the squares compared one by one,
    /// and the victims they select are those whose diagram square is a target, on random
    /// games under Diagram Circe (captures there rebirth units off their squares).
    #[test]
    fn units_on_diagram_squares_compare_every_square() {
        let (mut home, mut away) = (0, 0);
        let mut seed = 0x2545_f491u64;
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let mut g = crate::Game::new(fen, "circe-diagram").unwrap();
            for _ in 0..80 {
                let pos = &g.pos;
                let at_home = units_on_diagram_squares(pos);
                assert_eq!(at_home, units_on_diagram_squares_one_by_one(pos), "{}", pos.fen());
                let units = pos.sets().occ;
                home += (units & at_home).count();
                away += (units & !at_home).count();
                for targets in [Bitboard(seed), Bitboard(seed.rotate_left(23) & seed), Bitboard::FULL] {
                    let want = units
                        .into_iter()
                        .filter(|&sq| pos.origin(sq).is_some_and(|o| targets.contains(o)))
                        .fold(Bitboard::EMPTY, Bitboard::with);
                    assert_eq!(diagram_squares_in(pos, units, at_home, targets), want, "{}", pos.fen());
                }
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                g.play(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        // (both kinds of unit met)
        assert!(home > 100 && away > 100, "{home} {away}");
    }

    #[test]
    fn home_preimages_read_the_home_table_backwards() {
        // every set of targets that is a rank or file pattern of a few bits, and some
        // scattered ones: the squares whose home square is a target
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let targets = Bitboard(x & x.rotate_left(11));
            for color in [Color::White, Color::Black] {
                for role in Role::CAPTURABLE {
                    let want = Square::all()
                        .filter(|&s| targets.contains(home_square(role, color, s)))
                        .fold(Bitboard::EMPTY, Bitboard::with);
                    assert_eq!(
                        home_preimage_in(role, color, targets),
                        want,
                        "{role:?} {color:?} {targets:?}"
                    );
                    assert_eq!(
                        home_preimages_in(color, targets)[role.index()],
                        want,
                        "all at once: {role:?} {color:?} {targets:?}"
                    );
                }
            }
        }
    }
}
