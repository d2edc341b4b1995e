//! The victim-rebirth family: the rule sets where the capturer stays on the capture
//! square and only the captured unit is reborn (now, or after our next move as in
//! Parrain), an occupied rebirth square making it vanish, be buried, replace the occupant
//! (Assassin) or the capture illegal (Strict), and check is the plain attack (or Rex
//! Inclusive's). [`plan`](crate::fast::plan) sends these rule sets here.
//!
//! Why a shortcut holds: in these rules the capturer moves as in orthodox chess and the
//! victim's rebirth only adds a unit. So every move orthodox chess allows is legal but the
//! captures whose reborn unit attacks our king (or, in Strict Circe, whose rebirth square
//! is taken); and a move orthodox chess forbids can be legal only when the reborn unit
//! shields the king. The orthodox generator therefore counts in bulk, the captures are
//! weighed by where their victim is reborn, and the few forbidden moves a rebirth may allow
//! are judged on the board. The files, by rule family:
//!
//! * [`by_victim`]: the rebirth square depends on the victim alone (Circe, Mirror,
//!   Symmetry, Diagram, Chameleon, Strict, Volcanic, Assassin, Clone): only the victims
//!   that could be reborn near the king are weighed;
//! * [`by_capture`](mod@by_capture): the rebirth square depends on the capture (CouCou,
//!   Couscous, Equipollents, Platzwechsel): per-king tables weigh each capture in the sink;
//! * [`parrain`]: a pending rebirth of ours, which can only shield the king;
//! * [`rex`]: Rex Inclusive, where the king's own rebirth square decides a few moves;
//! * [`assassin`] and [`assassin_home`]: Assassin Circe, where a rebirth can remove our
//!   king standing on a home square;
//! * [`on_board`](mod@on_board): the moves judged on the board after them (the captures
//!   whose reborn victim may shield the king, the king's captures, e.p., Volcanic's covered
//!   units);
//! * [`listing`]: the same reasoning for perft's inner plies, as lists;
//! * this file: the set-up both share ([`setup`]), the count's dispatch between the sinks
//!   ([`count`]), and the sink of the cases no plainer sink covers ([`AnyRule`]);
//!   [`instances`] compiles them once per preset.
//!
//! The family declines (returns `None`, leaving the position to the general counter) what
//! it does not model: our king attacked by two units, a pawn on its own first rank (where
//! those do not move as orthodox pawns), an e.p. capture (those positions:
//! [`super::victim_en_passant`]), a pending rebirth of ours outside Parrain, hidden units
//! but Volcanic's under units other than our king and off our first rank's corners (the
//! castling rooks' squares; our units standing on hidden units: [`on_board::covered`]).

mod assassin;
pub(crate) mod assassin_home;
mod by_capture;
mod by_victim;
pub(crate) mod instances;
mod listing;
mod on_board;
mod parrain;
mod rex;

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::fast::general::VictimRule;
use crate::fast::plan::by_capture_plain;
use crate::fast::rebirth_tables::{all_victims_reborn_in, victims_to_judge};
use crate::moves::{Move, MoveKind};
use crate::orthodox::Sink;
use crate::position::Position;
use crate::rules::circe::{Circe, Occupied, SquareRule, WalkRule, When};
use crate::square::{Color, Role, Square};
pub(crate) use assassin::assassin_king;
use assassin::{assassin_at_home, assassin_castling_legal, assassin_king_with, assassin_step_legal};
use by_capture::{by_capture, plain_by_capture};
pub(crate) use by_capture::{reborn_unit, RebornUnit};
pub(crate) use by_victim::uncapturable_victims;
use by_victim::{plain, plain_strict};
use listing::moves;
pub(crate) use on_board::en_passant;
pub(crate) use on_board::walks_on;
use on_board::{covered, king_capture, on_board, on_board_move, shielding_captures, unit_targets};
use parrain::{shielded, PendingPawn, Shield};
pub(crate) use rex::king_on_own_rebirth_square;
use rex::Rex;

/// What the counting and the listing share: the king, its checkers, its pinned units and
/// their pin lines, our pending unit, the king's lines; `None`: the family declines the
/// position.
#[inline(always)]
fn setup(pos: &Position, c: &Circe) -> Option<(Square, Bitboard, Bitboard, Bitboard, Shield, KingLines)> {
    let us = pos.turn();
    let them = us.other();
    let s = pos.sets();
    let k = pos.king(us)?;
    // Volcanic: units hidden under others emerge only when those leave (see [`covered`]);
    // not modelled: a hidden unit under our king, a castling rook or an empty square
    let covered = pos.hidden_mask();
    let corners =
        Bitboard::from_square(Square::from_coords(0, us.first_rank())).with(Square::from_coords(7, us.first_rank()));
    if covered.any()
        && (c.occupied != Occupied::Bury || covered.contains(k) || (covered & (corners | !pos.sets().occ)).any())
    {
        return None;
    }
    // Parrain: our unit captured on the opponent's last move, reborn after our move
    let shield = match pos.pending() {
        Some((u, _)) if u.color() != us => None,
        Some((u, a)) if c.when == When::AfterNextMove => Some((u, a)),
        Some(_) => return None,
        None => None,
    };
    // pawns on their own first rank: where they step and capture (Equipollents), the
    // orthodox generator's pawns, but a pending rebirth's shield assumes none
    let orthodox_pawns =
        c.first_rank_pawns == crate::rules::circe::FirstRankPawns::StepAndCapture && c.when == When::AtOnce;
    if !orthodox_pawns && crate::fast::geometry::first_rank_pawns(s).any() {
        return None;
    }
    if let Some(ep) = pos.ep_square() {
        if (pawn_attacks(them, ep) & s.pieces(us, Role::Pawn)).any() {
            return None;
        }
    }
    let occ = s.occ;
    let ours = s.color[us.index()];
    let theirs = s.color[them.index()];
    let lines = KingLines {
        straight: rook_attacks(k, occ),
        diagonal: bishop_attacks(k, occ),
    };
    let queens = s.role[Role::Queen.index()];
    let checkers = theirs
        & ((lines.straight & (s.role[Role::Rook.index()] | queens))
            | (lines.diagonal & (s.role[Role::Bishop.index()] | queens))
            | (knight_attacks(k) & s.role[Role::Knight.index()])
            | (pawn_attacks(us, k) & s.role[Role::Pawn.index()])
            | (king_attacks(k) & s.role[Role::King.index()]));
    if checkers.more_than_one() {
        return None;
    }
    // (Assassin: a victim reborn on the checking unit's square replaces it, judged apart)
    let assassin = c.occupied == Occupied::Assassinate;
    let mut pinned = Bitboard::EMPTY;
    let mut rays = Bitboard::EMPTY;
    for sn in s.snipers(them, k) {
        let b = between(k, sn) & occ;
        // (without branches: whether a line holds one unit of ours would mispredict)
        let pin = !b.more_than_one() & (b & ours).any();
        pinned |= b.when(pin);
        // (Assassin: a victim reborn on the pinning unit's square replaces it)
        rays |= between(k, sn).when(pin);
        rays |= Bitboard::from_square(sn).when(pin & assassin);
    }
    Some((k, checkers, pinned, rays, shield, lines))
}

/// What a rook and a bishop on our king's square attack on the board: [`setup`] reads the
/// checkers from them, and the paths that need the king's lines take them from there (the
/// compiler does not share the slider lookups across those functions).
#[derive(Clone, Copy)]
struct KingLines {
    straight: Bitboard,
    diagonal: Bitboard,
}

/// The number of legal moves; `None`: the family declines the position.
#[inline(always)]
pub(crate) fn count(pos: &Position, c: &Circe) -> Option<u64> {
    let (k, checkers, pinned, rays, shield, lines) = setup(pos, c)?;
    if assassin_at_home(pos, c, k) {
        return assassin_home::count(pos, c, k, checkers, pinned, rays);
    }
    let rex = Rex::of(pos, c, k)?;
    let them = pos.turn().other();
    let s = pos.sets();
    let theirs = s.color[them.index()];
    let occ = s.occ;
    // Rex Inclusive: with the king's rebirth square empty, no pin and no check; the unit
    // that the generator leaves out (the king, or the unit on the rebirth square) is
    // counted below
    let (checkers, pinned) = if let Rex::Free(_) = rex {
        (Bitboard::EMPTY, Bitboard::EMPTY)
    } else {
        (checkers, pinned)
    };
    let skip = match rex {
        Rex::No => Bitboard::EMPTY,
        Rex::Home | Rex::Free(_) => Bitboard::from_square(k),
        Rex::Guard(rk) => Bitboard::from_square(rk),
    };
    // a pending pawn reborn on its promotion rank: three more moves
    // (captured on that rank itself, which a fairy diagram allows: sideways moves promote it)
    let promo = shield
        .filter(|(u, _)| u.role() == Role::Pawn)
        .map(|(u, a)| (a, u.color().promotion_rank() as i32 - a.rank() as i32));
    // (Volcanic: the units judged on the board below, left out of the rest)
    let covered = covered(pos);
    let mut n = 0;
    shielding_captures(pos, c, k, checkers, pinned, rays, skip | covered, |p, to| {
        n += on_board(pos, c, k, p, to, None)?;
        Some(())
    })?;
    if let Some((_, a)) = shield {
        // (a castling moves the pending pawn along its rank: only one captured on its
        // promotion rank may promote, and then the generator's castlings are judged here)
        shielded(pos, k, checkers, pinned, a, promo.is_some_and(|(_, dy)| dy == 0), |m| {
            n += on_board_move(pos, c, k, m, shield)?;
            Some(())
        })?;
    }
    // (a rebirth that comes later cannot matter now: Parrain)
    let by_victim = c.when != When::AtOnce || !c.square_depends_on_capture();
    // Strict Circe: the victims whose rebirth square is taken cannot be captured, unless
    // the capturer stands on that square (then they are weighed)
    let (uncapturable, capturable_from) = uncapturable_victims(pos, c);
    let to_weigh = if by_victim {
        victims_to_judge(pos, c, them, k, uncapturable)
    } else {
        Bitboard::FULL
    };
    let rule = VictimRule {
        pos,
        c: *c,
        king: Some(k),
        occ,
        judged_from: Bitboard::EMPTY,
        judged_to: Bitboard::EMPTY,
        fr: c.first_rank_pawns,
        to_weigh,
    };
    let weighed = if let Rex::Free(_) = rex {
        Bitboard::EMPTY
    } else {
        to_weigh & theirs
    };
    let threats = if c.occupied == Occupied::Assassinate {
        crate::fast::general::threat_squares(pos.turn())
    } else {
        Bitboard::EMPTY
    };
    let by_capturer = weighed_by_capturer(c, them, k);
    // (one instance per case, so that plain Circe pays for neither extra)
    macro_rules! any_rule {
        ($extra:literal, $by_capturer:literal) => {{
            let mut sink = AnyRule::<$extra, $by_capturer> {
                n: 0,
                threats,
                theirs,
                weighed,
                king: k,
                rule,
                by_victim,
                uncapturable,
                capturable_from,
                declined: false,
                by_capturer,
            };
            // (the units on hidden units are judged below; an instance without them)
            match covered | skip {
                Bitboard::EMPTY => crate::orthodox::generate_with(pos, Bitboard::FULL, checkers, pinned, &mut sink),
                out => crate::orthodox::generate_with(pos, !out, checkers, pinned, &mut sink),
            }
            (!sink.declined).then_some(sink.n)?
        }};
    }
    // (the plainest cases: no pending rebirth, and no Assassin threat or one met by
    // leaving our king to [`assassin_king`]: [`plain`])
    let assassin_plain = threats.any()
        && shield.is_none()
        && rex == Rex::No
        && uncapturable.is_empty()
        && by_victim
        && by_capturer.is_none();
    // (Parrain: a pending rebirth but of a pawn that may promote changes no count of the
    // generator's, [`shielded`] adds what it may allow)
    let small = promo.is_none() && (threats.is_empty() || assassin_plain);
    let plain_skip = if assassin_plain { skip.with(k) } else { skip };
    n += match (uncapturable.any() || threats.any(), by_capturer.is_some()) {
        _ if small && rex == Rex::No && uncapturable.any() && by_victim => plain_strict(
            pos,
            &rule,
            checkers,
            pinned,
            weighed,
            (uncapturable, capturable_from),
            covered,
        )?,
        _ if small && rex == Rex::No && !by_victim && by_capture_plain(c) => {
            plain_by_capture(pos, c, k, lines, checkers, pinned, covered)?
        }
        // (Rex Inclusive too: the units `skip` holds are counted below)
        _ if small
            && uncapturable.is_empty()
            && (by_victim || matches!(by_capturer, Some(ByCapturer::CapturerWalk(_)))) =>
        {
            plain(pos, &rule, checkers, pinned, weighed, by_capturer, plain_skip | covered)?
        }
        // (Parrain's pending pawn: a counter and its promotions; with anything else to look
        // at, which no preset combines with it, the general counter)
        _ if promo.is_some() => {
            let promo = promo.filter(|_| {
                rex == Rex::No
                    && weighed.is_empty()
                    && uncapturable.is_empty()
                    && threats.is_empty()
                    && covered.is_empty()
                    && by_capturer.is_none()
            })?;
            let mut sink = PendingPawn {
                n: 0,
                king: k,
                theirs,
                promo,
                occ,
                declined: false,
            };
            crate::orthodox::generate_with(pos, Bitboard::FULL, checkers, pinned, &mut sink);
            (!sink.declined).then_some(sink.n)?
        }
        (false, false) => any_rule!(false, false),
        (false, true) => any_rule!(false, true),
        (true, _) => any_rule!(true, false),
    };
    if assassin_plain {
        n += assassin_king(pos, k, threats);
    }
    let ours = s.color[pos.turn().index()];
    match rex {
        Rex::No | Rex::Guard(_) => {
            // (Assassin: the reborn unit may remove the king, on the board)
            let plain = shield.is_none() && c.occupied != Occupied::Assassinate;
            for to in king_attacks(k) & theirs {
                n += if plain {
                    king_capture(pos, c, k, to)
                } else {
                    on_board(pos, c, k, k, to, shield)?
                };
            }
        }
        Rex::Home => {
            n += (king_attacks(k) & !ours).count() as u64;
            // castling needs only the king unattacked: it may cross and land on attacked
            // squares, its rebirth square being then empty (docs/rules.md)
            if checkers.is_empty() {
                n += crate::fast::exact::castling_targets(pos, s, pos.turn(), k).count() as u64;
            }
        }
        Rex::Free(rk) => {
            n += (king_attacks(k) & !ours).without(rk).count() as u64;
            if king_attacks(k).contains(rk) {
                n += on_board(pos, c, k, k, rk, None)?;
            }
            // the generator counted each unit's move onto it as legal
            let kings_and_pawns = s.role[Role::King.index()] | s.role[Role::Pawn.index()];
            for from in s.attackers_to(rk, occ) & ours & !kings_and_pawns {
                n += on_board(pos, c, k, from, rk, None)?;
                n -= 1;
            }
        }
    }
    if let Rex::Guard(rk) = rex {
        n += unit_targets(s, rk).count() as u64;
    }
    for from in covered {
        for to in unit_targets(pos.sets(), from) {
            n += on_board(pos, c, k, from, to, None)?;
        }
    }
    Some(n)
}

/// Where the victims to weigh depend on the capturer: its departure square, or its walk.
#[derive(Clone, Copy)]
enum ByCapturer {
    /// Platzwechsel (the victim reborn on the capturer's departure square, with its own
    /// walk): per departure square, the walks (bit [`Role::index`]) a reborn enemy unit
    /// could matter with there (see [`crate::fast::rebirth_tables::danger_squares`]).
    Departure(&'static [u8; 64]),
    /// Clone Circe (the victim reborn with the capturer's walk, on its home square for that
    /// walk): per capturer's walk, the capture squares from whose home square a unit of
    /// that walk could matter (see [`danger_row`](crate::fast::rebirth_tables::danger_row)).
    CapturerWalk(&'static [u64; 7]),
}

/// The [`ByCapturer`] of these rules with our king on `k`; `None` when the victims to weigh
/// do not depend on the capturer (or are every capture's).
#[inline(always)]
fn weighed_by_capturer(c: &Circe, them: Color, k: Square) -> Option<ByCapturer> {
    if c.when != When::AtOnce {
        return None;
    }
    match (c.square, c.walk) {
        (SquareRule::Departure, WalkRule::Same) => Some(ByCapturer::Departure(
            crate::fast::rebirth_tables::danger_walks(them, k),
        )),
        (SquareRule::Home | SquareRule::Mirror, WalkRule::Capturer) => {
            crate::fast::rebirth_tables::danger_row(c, them, k).map(ByCapturer::CapturerWalk)
        }
        _ => None,
    }
}

/// The enemy units whose capture from `from` must be weighed: those whose reborn unit
/// could matter by [`ByCapturer`], else `weighed`.
#[inline(always)]
fn weighed_from(weighed: Bitboard, by: Option<ByCapturer>, s: &crate::position::Sets, from: Square) -> Bitboard {
    match by {
        None => weighed,
        Some(ByCapturer::Departure(row)) => {
            let mut walks = row[from.index()];
            let mut out = Bitboard::EMPTY;
            while walks != 0 {
                out |= s.role[walks.trailing_zeros() as usize];
                walks &= walks - 1;
            }
            weighed & out
        }
        Some(ByCapturer::CapturerWalk(row)) => match s.role_at(from) {
            // (a king capturer leaves the victim its walk; its captures are judged apart)
            Role::King => weighed,
            r => weighed & Bitboard(row[r.index()]),
        },
    }
}

/// The sink for any rule of the family, where no plainer sink fits (Rex Inclusive, Strict
/// with a rebirth square depending on the capture, Assassin with more to weigh...): counts
/// the orthodox generator's moves, each capture of a `weighed` victim weighed as it comes,
/// by its victim ([`VictimRule::weight`]) or by the capture ([`by_capture`](fn@by_capture)).
/// `EXTRA`: victims are out of reach (`uncapturable`) or the king may walk into an Assassin
/// threat (`threats`): the plainest rules pay for neither; `BY_CAPTURER`: the victims to
/// weigh depend on the capturer (Platzwechsel, Clone: [`weighed_from`]).
struct AnyRule<'a, const EXTRA: bool, const BY_CAPTURER: bool> {
    n: u64,
    /// Assassin: our home squares, where the king may be removed by a rebirth (its steps
    /// there and castling are judged on the board); else empty.
    threats: Bitboard,
    theirs: Bitboard,
    weighed: Bitboard,
    king: Square,
    rule: VictimRule<'a>,
    /// The rebirth square depends on the victim alone (else on the capture).
    by_victim: bool,
    /// Victims that cannot be captured (Strict Circe: their rebirth square is taken) by a
    /// unit standing outside `capturable_from` (the squares where some rebirth could be).
    uncapturable: Bitboard,
    capturable_from: Bitboard,
    /// A move the family does not model was met: the count is declined.
    declined: bool,
    /// Platzwechsel, Clone: see [`weighed_from`].
    by_capturer: Option<ByCapturer>,
}

impl<const EXTRA: bool, const BY_CAPTURER: bool> AnyRule<'_, EXTRA, BY_CAPTURER> {
    /// The victims whose capture from `from` to `t` is weighed (see [`weighed_from`]).
    #[inline(always)]
    fn weighed_at(&self, from: Square, t: Bitboard) -> Bitboard {
        if BY_CAPTURER && (t & self.weighed).any() {
            weighed_from(self.weighed, self.by_capturer, self.rule.pos.sets(), from)
        } else {
            self.weighed
        }
    }

    #[inline(always)]
    fn capture(&mut self, from: Square, to: Square, promotions: u64) {
        let w = if self.by_victim {
            self.rule.weight(from, to).map(|w| promotions * w)
        } else if promotions == 1 {
            by_capture(self.rule.pos, &self.rule.c, self.king, from, to, None)
        } else {
            Role::PROMOTIONS
                .iter()
                .map(|&r| by_capture(self.rule.pos, &self.rule.c, self.king, from, to, Some(r)))
                .sum()
        };
        match w {
            Some(w) => self.n += w,
            None => self.declined = true,
        }
    }
}

impl<const EXTRA: bool, const BY_CAPTURER: bool> Sink for AnyRule<'_, EXTRA, BY_CAPTURER> {
    #[inline(always)]
    fn targets(&mut self, from: Square, mut t: Bitboard) {
        if EXTRA && !self.capturable_from.contains(from) {
            t &= !self.uncapturable;
        }
        let weighed = self.weighed_at(from, t);
        self.n += (t & !weighed).count() as u64;
        for to in t & weighed {
            self.capture(from, to, 1);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, mut t: Bitboard, delta: i8, _: MoveKind) {
        if EXTRA && (crate::orthodox::shift(t & self.uncapturable, -delta) & self.capturable_from).is_empty() {
            t &= !self.uncapturable;
        }
        self.n += (t & !self.weighed).count() as u64;
        for to in t & self.weighed {
            let from = Square::new((to.index() as i8 - delta) as u8);
            if self.weighed_at(from, Bitboard::from_square(to)).contains(to) {
                self.capture(from, to, 1);
            } else {
                self.n += 1;
            }
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, mut t: Bitboard, delta: i8) {
        if EXTRA && (crate::orthodox::shift(t & self.uncapturable, -delta) & self.capturable_from).is_empty() {
            t &= !self.uncapturable;
        }
        self.n += 4 * (t & !self.weighed).count() as u64;
        for to in t & self.weighed {
            let from = Square::new((to.index() as i8 - delta) as u8);
            if self.weighed_at(from, Bitboard::from_square(to)).contains(to) {
                self.capture(from, to, 4);
            } else {
                self.n += 4;
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        match m.kind() {
            MoveKind::EnPassant => self.declined = true,
            MoveKind::CastleKing | MoveKind::CastleQueen if EXTRA && self.threats.any() => {
                self.n += u64::from(assassin_castling_legal(self.rule.pos, self.rule.fr, m))
            }
            // the king's captures are judged apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ if EXTRA && m.from() == self.king && self.threats.contains(m.to()) => {
                self.n += u64::from(assassin_step_legal(self.rule.pos, self.rule.fr, m))
            }
            _ if self
                .weighed_at(m.from(), Bitboard::from_square(m.to()))
                .contains(m.to()) =>
            {
                self.capture(m.from(), m.to(), 1)
            }
            _ => self.n += 1,
        }
    }
}
