//! The last ply for the plainest rebirth rules, without the general counter's set-up.
//!
//! Rules: the capturer stays, only the captured unit is reborn (now, or later as in
//! Parrain), an occupied square makes it vanish, be buried or the capture illegal, and check
//! is the plain attack. Position: our king attacked by one unit at most, nothing hidden
//! (but, in Volcanic Circe, under our units other than the king and castling rooks: the
//! unit hidden under one emerges when it leaves, shutting the lines through its square
//! again; the moves of such a unit pinned to our king, or over an enemy unit that would
//! attack it, are judged on the board, see [`covered_by`]), no
//! pawn on its own first rank, no e.p. capture (those positions: [`super::lean_en_passant`],
//! [`en_passant`]), and a pending rebirth only of ours (Parrain,
//! king not attacked: the reborn unit can only shield the king, see [`shielded`]; a pawn
//! reborn on its promotion rank makes four moves of one). Then every orthodox
//! legal move is legal except the captures whose reborn unit attacks our king (or whose
//! square is taken, in Strict Circe). The orthodox generator counts in bulk; when the
//! rebirth square depends on the victim alone (home, mirror, symmetric, diagram square)
//! only the captures of victims that could be reborn near the king are weighed
//! ([`risky_victims`]), else every capture. What orthodox chess forbids and a rebirth can
//! allow is judged apart on the board ([`apart`]): the king's captures (the reborn unit may
//! block an attack on the arrival square, or make one), a pinned unit's captures off its
//! line (the reborn unit may shield the king), and under a line check the captures whose
//! victim is reborn between the checker and the king.
//!
//! Assassin Circe joins in (with our king on one of our home squares, where a rebirth could
//! remove it, [`assassin_home`] counts): a reborn unit that
//! replaces the occupant of its square leaves it occupied, so only a rebirth onto our king
//! (illegal), onto the unit checking it (which it replaces: judged apart, as a victim reborn
//! between a checker and the king) and the king's steps and castling onto our home squares
//! (where a capture could rebirth a unit onto it, [`super::assassination_threat`]) differ
//! from Circe:
//! the generator leaves the king out and [`assassin_king`] counts its moves; the listing of
//! perft's inner plies decides each the same way ([`assassin_step_legal`],
//! [`assassin_castling_legal`]: castling looks at the square the king crosses too, which the
//! legality test of the board after it would not see) and lists it as legal or drops it.
//!
//! Rex Inclusive joins in ([`Rex`]): where our king stands relative to its rebirth square
//! decides which few moves check works differently for (a king off that square is in
//! check only while the square is taken), and those are counted apart.

pub(crate) mod assassin_home;
pub(crate) mod instances;

use super::{all_victims_reborn_in, attacked, checks_from, risky_victims, VictimRule};
use crate::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::fast::effects::After;
use crate::fast::plan::{by_capture_plain, strict};
use crate::moves::{Move, MoveKind, MoveList};
use crate::orthodox::Sink;
use crate::position::Position;
use crate::rules::circe::{CaptureContext, Circe, Occupied, SquareRule, WalkRule, When};
use crate::square::{Color, Piece, Role, Square};

/// Rex Inclusive (RULES.md §2): our king is in check when attacked and its rebirth square
/// (e1/e8) is taken after the capture. Where it stands decides which moves that can
/// change: the counting below follows plain Circe but for what each case says.
#[derive(Clone, Copy, PartialEq)]
enum Rex {
    /// Not Rex Inclusive: check is the plain attack.
    No,
    /// On its rebirth square, check is the plain attack while it stays; once it steps off,
    /// that square is empty (nothing else is reborn there) and no step or castling can be
    /// a check: every step is legal, and castling needs only the king unattacked.
    Home,
    /// Off it, the square empty: nothing is a check but a move onto that square (by the
    /// king, or a unit filling it), judged on the board.
    Free(Square),
    /// Off it, our unit on it: check is the plain attack, but that unit's moves empty the
    /// square and are all legal.
    Guard(Square),
}

impl Rex {
    /// The case of this position; `None` where it is not modelled: an enemy unit on our
    /// king's rebirth square (its capture of the king would empty that square), or the
    /// enemy king attacked (its capture is a move, legal if it can be reborn).
    #[inline(always)]
    fn of(pos: &Position, c: &Circe, k: Square) -> Option<Rex> {
        if !c.victim_kings {
            return Some(Rex::No);
        }
        let us = pos.turn();
        let s = pos.sets();
        let ours = s.color[us.index()];
        if let Some(tk) = pos.king(us.other()) {
            if (s.attackers_to(tk, s.occ) & ours).any() {
                return None;
            }
        }
        let rk = crate::rules::circe::home_square(Role::King, us, k);
        Some(match () {
            _ if k == rk => Rex::Home,
            _ if !s.occ.contains(rk) => Rex::Free(rk),
            _ if ours.contains(rk) => Rex::Guard(rk),
            _ => return None,
        })
    }
}

/// What the counting and the listing share: the king, its pinned units and their pin
/// lines; `None` when the position is not one this module models.
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
    let orthodox_pawns = c.first_rank_pawns == super::FirstRankPawns::StepAndCapture && c.when == When::AtOnce;
    if !orthodox_pawns && super::first_rank_pawns(s).any() {
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

/// Assassin Circe, our king on `k`, one of our home squares, where a rebirth could remove
/// it: counted by [`assassin_home`].
#[inline(always)]
fn assassin_at_home(pos: &Position, c: &Circe, k: Square) -> bool {
    c.occupied == Occupied::Assassinate && super::threat_squares(pos.turn()).contains(k)
}

/// Parrain: our unit and the square it was captured on, reborn after our move on that square
/// plus the move's vector (when empty): it can only shield our king. A pawn reborn on its
/// promotion rank promotes: one move per choice.
pub(crate) type Shield = Option<(Piece, Square)>;

/// With a pending rebirth of ours (captured on `a`), the moves orthodox chess forbids that
/// the reborn unit may shield, for `each` (judged on the board; a pawn's move to its last
/// rank once, for its four promotions): the king's steps to attacked squares, a pinned
/// unit's moves off its line, and, the king not in check, castling whose arrival square is
/// attacked (`all_castlings`: every castling, the generator's being then left out), or in
/// check, the moves whose rebirth may block it ([`blocks`]).
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the pending unit's square)
fn shielded(
    pos: &Position,
    k: Square,
    checkers: Bitboard,
    pinned: Bitboard,
    a: Square,
    all_castlings: bool,
    mut each: impl FnMut(Move) -> Option<()>,
) -> Option<()> {
    let us = pos.turn();
    let s = pos.sets();
    let ours = s.color[us.index()];
    let them = us.other();
    let empty = !s.occ;
    for to in king_attacks(k) & empty {
        // (only a unit reborn on a line through the arrival square can shield it)
        let r = a.offset(to.file() as i32 - k.file() as i32, to.rank() as i32 - k.rank() as i32);
        let shields = r.is_some_and(|r| (r == k || empty.contains(r)) && (rook_rays(to) | bishop_rays(to)).contains(r));
        if shields
            && attacked(
                s,
                to,
                them,
                s.occ.without(k),
                crate::rules::circe::FirstRankPawns::Immobile,
            )
        {
            each(Move::new(k, to, MoveKind::Normal))?;
        }
    }
    for p in pinned {
        let off = !line(k, p);
        let role = pos.piece_at(p)?.role();
        if role == Role::Pawn {
            // (a pawn on its last rank, which a fairy diagram may hold, has no step)
            let one = p
                .offset(0, us.forward())
                .filter(|&s| empty.contains(s) && off.contains(s));
            if let Some(one) = one {
                each(Move::new(p, one, MoveKind::Normal))?;
                let two = one.offset(0, us.forward()).filter(|&s| empty.contains(s));
                if let Some(two) = two.filter(|_| p.rank() == us.pawn_rank()) {
                    each(Move::new(p, two, MoveKind::DoublePush))?;
                }
            }
            for to in pawn_attacks(us, p) & s.color[them.index()] & off {
                each(Move::new(p, to, MoveKind::Normal))?;
            }
        } else {
            for to in crate::attacks::attacks(role, us, p, s.occ) & !ours & off {
                each(Move::new(p, to, MoveKind::Normal))?;
            }
        }
    }
    if checkers.is_empty() {
        for m in castlings(pos, k) {
            if all_castlings || attacked(s, m.to(), them, s.occ, crate::rules::circe::FirstRankPawns::Immobile) {
                each(m)?;
            }
        }
    } else if let Some(ch) = checkers.first() {
        blocks(pos, k, ch, pinned, a, |from, to| {
            each(Move::new(from, to, MoveKind::Normal))
        })?;
    }
    Some(())
}

/// In check by the unit on `ch` with our pending rebirth (capture square `a`): the moves of
/// our units but the king that do not answer the check, and whose vector rebirths our unit
/// between the checker and the king, for `each` (to be judged on the board: the reborn unit
/// shields the king unless the move opens another line, or the square is taken after it).
/// A pinned unit's moves off its line are [`shielded`]'s.
fn blocks(
    pos: &Position,
    k: Square,
    ch: Square,
    pinned: Bitboard,
    a: Square,
    each: impl FnMut(Square, Square) -> Option<()>,
) -> Option<()> {
    let block = between(k, ch);
    if block.is_empty() {
        return Some(());
    }
    let mut sink = Blocks {
        k,
        a,
        block,
        checkmask: block.with(ch),
        each,
        off: false,
    };
    // (the generator's moves with the check left out: the others answer it)
    crate::orthodox::generate_with(pos, !pos.hidden_mask(), Bitboard::EMPTY, pinned, &mut sink);
    (!sink.off).then_some(())
}

/// The sink of [`blocks`].
struct Blocks<F> {
    k: Square,
    a: Square,
    block: Bitboard,
    checkmask: Bitboard,
    each: F,
    /// `each` gave up.
    off: bool,
}

impl<F: FnMut(Square, Square) -> Option<()>> Blocks<F> {
    /// A move that does not answer the check (its arrival square off `checkmask`).
    fn found(&mut self, from: Square, to: Square) {
        let shield = self.a.offset(
            to.file() as i32 - from.file() as i32,
            to.rank() as i32 - from.rank() as i32,
        );
        if shield.is_some_and(|r| self.block.contains(r)) && (self.each)(from, to).is_none() {
            self.off = true;
        }
    }
}

impl<F: FnMut(Square, Square) -> Option<()>> Sink for Blocks<F> {
    fn targets(&mut self, from: Square, t: Bitboard) {
        for to in t & !self.checkmask {
            self.found(from, to);
        }
    }
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        for to in t & !self.checkmask {
            self.found(Square::new((to.index() as i8 - delta) as u8), to);
        }
    }
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        self.pawn_shift(t, delta, MoveKind::Normal);
    }
    fn one(&mut self, m: Move) {
        // (the king's steps are [`shielded`]'s; castling out of check is illegal)
        if m.from() != self.k && !m.is_castle() && !self.checkmask.contains(m.to()) {
            self.found(m.from(), m.to());
        }
    }
}

/// A pawn's move to `to`, once per promotion on the last rank.
#[inline(always)]
fn push_pawn(from: Square, to: Square, kind: MoveKind, each: &mut impl FnMut(Move) -> Option<()>) -> Option<()> {
    if to.rank() == Color::White.promotion_rank() || to.rank() == Color::Black.promotion_rank() {
        for r in Role::PROMOTIONS {
            each(Move::promotion(from, to, r))?;
        }
        Some(())
    } else {
        each(Move::new(from, to, kind))
    }
}

/// The castling moves that pass every test but the arrival square's (the king, not in
/// check, crosses no attacked square): what rebirths after the move can still decide.
fn castlings(pos: &Position, k: Square) -> impl Iterator<Item = Move> + '_ {
    let us = pos.turn();
    let s = pos.sets();
    // (the flags and the board by bit arithmetic, the passing square's attack after)
    crate::fast::exact::castling_targets(pos, s, us, k)
        .into_iter()
        .map(move |to| crate::fast::exact::castling_to(k, to))
        .filter(move |ca| {
            !attacked(
                s,
                ca.pass,
                us.other(),
                s.occ,
                crate::rules::circe::FirstRankPawns::Immobile,
            )
        })
        .map(|ca| ca.m)
}

/// The captures that orthodox chess forbids and a reborn victim may make legal, for `each`
/// (judged on the board): a pinned unit's captures off its pin line (the victim reborn on
/// the line shields the king), and under a line check any capture whose victim is reborn
/// between the checker and the king. When the rebirth square depends on the victim alone,
/// only the victims reborn on those lines are looked at; else every capture's rebirth
/// square is worked out ([`reborn_between`]), but in Platzwechsel, whose victims are reborn
/// on a square our unit leaves, never between the two.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, as `setup` returns it, and the units left out)
pub(crate) fn apart(
    pos: &Position,
    c: &Circe,
    k: Square,
    checkers: Bitboard,
    pinned: Bitboard,
    rays: Bitboard,
    skip: Bitboard,
    mut each: impl FnMut(Square, Square) -> Option<()>,
) -> Option<()> {
    if c.when != When::AtOnce {
        return Some(());
    }
    let block = checkers.first().map_or(Bitboard::EMPTY, |ch| between(k, ch));
    // (Assassin: a victim reborn on the checker's square replaces it)
    let block = if c.occupied == Occupied::Assassinate {
        block | checkers
    } else {
        block
    };
    if pinned.is_empty() && block.is_empty() {
        return Some(());
    }
    let by_victim = !c.square_depends_on_capture();
    // (Platzwechsel: the victim is reborn on the capturer's departure square, never on the
    // empty squares between the checker and the king)
    let departure = c.square == SquareRule::Departure;
    let us = pos.turn();
    let them = us.other();
    let s = pos.sets();
    let theirs = s.color[them.index()];
    let reborn_in = |squares: Bitboard| {
        if by_victim {
            all_victims_reborn_in(pos, c, them, squares)
        } else {
            theirs
        }
    };
    let shields = if pinned.any() { reborn_in(rays) } else { Bitboard::EMPTY };
    let blockers = if block.any() && !departure {
        reborn_in(block) & !checkers
    } else {
        Bitboard::EMPTY
    };
    // what the generator makes of a pinned unit: moves on its line that answer a check
    let checkmask = checkers.first().map_or(Bitboard::FULL, |ch| between(k, ch).with(ch));
    for p in pinned & !skip {
        let role = pos.piece_at(p)?.role();
        for to in crate::attacks::attacks(role, us, p, s.occ) & (shields | blockers) & !(line(k, p) & checkmask) {
            each(p, to)?;
        }
    }
    for to in blockers {
        for from in s.attackers_to(to, s.occ) & s.color[us.index()] & !pinned & !skip & !Bitboard::from_square(k) {
            // (a rebirth square that depends on the capture: only the captures reborn between)
            if by_victim || reborn_between(pos, c, from, to, block)? {
                each(from, to)?;
            }
        }
    }
    Some(())
}

/// Is the victim of the capture `from`x`to` reborn on one of `block`'s squares (for some
/// promotion of the capturer)?
fn reborn_between(pos: &Position, c: &Circe, from: Square, to: Square, block: Bitboard) -> Option<bool> {
    let p = pos.piece_at(from)?;
    Some(
        walks_on(p, to)
            .iter()
            .any(|&role| rebirth(pos, c, from, to, p, p.with_role(role)).is_some_and(|(_, r)| block.contains(r))),
    )
}

/// Strict Circe ([`strict`]): the enemy units whose rebirth square is taken, and the squares
/// of ours from which a capture might still take one (standing on its rebirth square); else
/// empty.
#[inline(always)]
fn dead_victims(pos: &Position, c: &Circe) -> (Bitboard, Bitboard) {
    if !strict(c) {
        return (Bitboard::EMPTY, Bitboard::EMPTY);
    }
    let us = pos.turn();
    let s = pos.sets();
    let dead = all_victims_reborn_in(pos, c, us.other(), s.occ);
    let homes = c
        .home_colour(us.other())
        .map_or(Bitboard::FULL, crate::rules::circe::home_squares);
    (dead, s.color[us.index()] & homes)
}

/// The number of legal moves, or `None` when the position is not one this module models.
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
    apart(pos, c, k, checkers, pinned, rays, skip | covered, |p, to| {
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
    let (dead, dead_from) = dead_victims(pos, c);
    let risky = match by_victim {
        // (the victims reborn near the king, as if a taken square made them vanish)
        true if strict(c) => {
            risky_victims(
                pos,
                &Circe {
                    occupied: Occupied::Vanish,
                    ..*c
                },
                them,
                Some(k),
                Bitboard::EMPTY,
            ) | dead
        }
        true => risky_victims(pos, c, them, Some(k), Bitboard::EMPTY),
        false => Bitboard::FULL,
    };
    let rule = VictimRule {
        pos,
        c: *c,
        king: Some(k),
        occ,
        apart_from: Bitboard::EMPTY,
        apart_to: Bitboard::EMPTY,
        fr: c.first_rank_pawns,
        cohen_vacate: None,
        risky,
    };
    let look = if let Rex::Free(_) = rex {
        Bitboard::EMPTY
    } else {
        risky & theirs
    };
    let threats = if c.occupied == Occupied::Assassinate {
        super::threat_squares(pos.turn())
    } else {
        Bitboard::EMPTY
    };
    let depart = from_look(c, them, k);
    // (one instance per case, so that plain Circe pays for neither extra)
    macro_rules! lean {
        ($extra:literal, $depart:literal) => {{
            let mut sink = Lean::<$extra, $depart> {
                n: 0,
                threats,
                theirs,
                look,
                king: k,
                rule,
                by_victim,
                dead,
                dead_from,
                unsure: false,
                depart,
            };
            // (the units on hidden units are judged below; an instance without them)
            match covered | skip {
                Bitboard::EMPTY => crate::orthodox::generate_with(pos, Bitboard::FULL, checkers, pinned, &mut sink),
                out => crate::orthodox::generate_with(pos, !out, checkers, pinned, &mut sink),
            }
            (!sink.unsure).then_some(sink.n)?
        }};
    }
    // (the plainest cases: no pending rebirth, and no Assassin threat or one met by
    // leaving our king to [`assassin_king`]: [`plain`])
    let assassin_plain =
        threats.any() && shield.is_none() && rex == Rex::No && dead.is_empty() && by_victim && depart.is_none();
    // (Parrain: a pending rebirth but of a pawn that may promote changes no count of the
    // generator's, [`shielded`] adds what it may allow)
    let small = promo.is_none() && (threats.is_empty() || assassin_plain);
    let plain_skip = if assassin_plain { skip.with(k) } else { skip };
    n += match (dead.any() || threats.any(), depart.is_some()) {
        _ if small && rex == Rex::No && dead.any() && by_victim => {
            plain_strict(pos, &rule, checkers, pinned, look, (dead, dead_from), covered)?
        }
        _ if small && rex == Rex::No && !by_victim && by_capture_plain(c) => {
            plain_by_capture(pos, c, k, lines, checkers, pinned, covered)?
        }
        // (Rex Inclusive too: the units `skip` holds are counted below)
        _ if small && dead.is_empty() && (by_victim || matches!(depart, Some(FromLook::CapturerWalk(_)))) => {
            plain(pos, &rule, checkers, pinned, look, depart, plain_skip | covered)?
        }
        // (Parrain's pending pawn: a counter and its promotions; with anything else to look
        // at, which no preset combines with it, the general counter)
        _ if promo.is_some() => {
            let promo = promo.filter(|_| {
                rex == Rex::No
                    && look.is_empty()
                    && dead.is_empty()
                    && threats.is_empty()
                    && covered.is_empty()
                    && depart.is_none()
            })?;
            let mut sink = PendingPawn {
                n: 0,
                king: k,
                theirs,
                promo,
                occ,
                unsure: false,
            };
            crate::orthodox::generate_with(pos, Bitboard::FULL, checkers, pinned, &mut sink);
            (!sink.unsure).then_some(sink.n)?
        }
        (false, false) => lean!(false, false),
        (false, true) => lean!(false, true),
        (true, _) => lean!(true, false),
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
            // squares, its rebirth square being then empty (RULES.md §2)
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

/// Assassin Circe, our king (not attacked by a rebirth threat where it stands) left out of
/// the generator: its steps and castling, legal when orthodox chess allows them and, onto
/// our home squares (`threats`), no capture would rebirth one of our units on it. What the
/// enemy attacks with our king off the board holds every attack after its move (the king
/// blocks lines, a castling rook leaves a corner, which no line crosses), so it decides
/// the king's squares, and only our units it holds, whose home square the king may reach,
/// need a closer look: none where a leaper (pawn, knight, king) attacks the unit, or where
/// the king standing on that square could not screen it from a slider (the threat stands);
/// on the board for the others.
#[inline(always)]
pub(crate) fn assassin_king(pos: &Position, k: Square, threats: Bitboard) -> u64 {
    let s = pos.sets();
    assassin_king_with(
        pos,
        k,
        threats,
        crate::fast::exact::attack_map(s, pos.turn().other(), s.occ.without(k)),
    )
}

/// [`assassin_king`] with `map`, what the enemy attacks with our king off the board (with
/// our king not attacked, what it attacks with the king on it: no line it attacks runs
/// through the king's square).
#[inline(always)]
pub(crate) fn assassin_king_with(pos: &Position, k: Square, threats: Bitboard, map: Bitboard) -> u64 {
    let s = pos.sets();
    let us = pos.turn();
    let away = s.occ.without(k);
    let them = us.other();
    // (is the unit on `x` attacked by an enemy pawn, knight or king, whatever the board?)
    let leaped = |x: Square| {
        ((knight_attacks(x) & s.pieces(them, Role::Knight))
            | (pawn_attacks(us, x) & s.pieces(them, Role::Pawn))
            | (king_attacks(x) & s.pieces(them, Role::King)))
        .any()
    };
    // the home squares our king may reach (its steps, castling's squares) of our units the
    // enemy may take: the only ones a rebirth may reach; `sure`: those where the threat
    // stands whatever the king screens
    let steps = king_attacks(k) & !s.occ & !map;
    // (castling: the king's arrival squares the flags and the board allow, and the squares
    // it passes, found once)
    let tos = crate::fast::exact::castling_targets(pos, s, us, k);
    let reach = (steps | tos | crate::fast::exact::castling_passes(tos)) & threats;
    let pre = crate::fast::rebirth_tables::home_preimages_in(us, reach);
    let mut hot = Bitboard::EMPTY;
    let mut sure = Bitboard::EMPTY;
    for role in Role::CAPTURABLE {
        for x in s.pieces(us, role) & map & pre[role.index()] {
            let h = crate::rules::circe::home_square(role, us, x);
            hot = hot.with(h);
            sure |= Bitboard::from_square(h).when(leaped(x) || !may_screen(s, them, x, h));
        }
    }
    // (the squares of `hot` but not `sure` are judged on the board: rare)
    let look = hot & !sure;
    let mut n = (steps & !hot).count() as u64;
    for to in steps & look {
        n += u64::from(!screened_threat(s, us, to, away.with(to), map));
    }
    if map.contains(k) {
        // (in check: no castling)
        return n;
    }
    // castling: neither square attacked nor surely threatened (the rook's arrival, on the
    // square the king crosses, screens no unit whose home square is the king's arrival: it
    // stands on the first rank between them, or on a line of the other square colour); in
    // bulk by the arrival squares, a closer look for the few on or passing a `look` square
    let bad = map | sure;
    let legal = tos & !bad & !crate::fast::exact::castling_arrivals(bad);
    let near = legal & (look | crate::fast::exact::castling_arrivals(look));
    n += (legal & !near).count() as u64;
    for to in near {
        n += u64::from(!castling_threat(
            s,
            us,
            crate::fast::exact::castling_to(k, to).m,
            away,
            look,
            map,
        ));
    }
    n
}

/// Assassin: is our castling `m` (from the board `away`, without our king) threatened by a
/// rebirth on the square its king crosses (standing there) or on its arrival square, among
/// the squares of `look`?
#[inline(never)]
fn castling_threat(
    s: &crate::position::Sets,
    us: Color,
    m: Move,
    away: Bitboard,
    look: Bitboard,
    map: Bitboard,
) -> bool {
    let (rf, rt) = crate::rules::effects::castling_rook(m);
    (look.contains(rt) && screened_threat(s, us, rt, away.with(rt), map))
        || (look.contains(m.to()) && screened_threat(s, us, m.to(), away.without(rf).with(m.to()).with(rt), map))
}

/// Could our king placed on `b` screen our unit on `x` from a slider of `them`?
#[inline(always)]
fn may_screen(s: &crate::position::Sets, them: Color, x: Square, b: Square) -> bool {
    let sliders = s.color[them.index()]
        & (s.role[Role::Bishop.index()] | s.role[Role::Rook.index()] | s.role[Role::Queen.index()]);
    Iterator::any(&mut (line(x, b) & sliders).into_iter(), |a| between(x, a).contains(b))
}

/// Assassin, our king on our home square `sq`, the board's occupancy `occ`: can the enemy
/// take one of our units whose home square it is (among those of `map`, what it attacks
/// with the king off the board)?
#[inline(never)]
fn screened_threat(s: &crate::position::Sets, us: Color, sq: Square, occ: Bitboard, map: Bitboard) -> bool {
    let Some(role) = crate::rules::circe::home_role(us, sq) else {
        return false;
    };
    let theirs = s.color[us.other().index()];
    Iterator::any(
        &mut (s.pieces(us, role) & crate::rules::circe::home_preimage_of(role, us, sq) & map).into_iter(),
        |x| (s.attackers_to(x, occ) & theirs).any(),
    )
}

/// The plainest rules' count of the orthodox generator's moves but the king's captures:
/// each move one, but the captures of `look` victims, weighed after the generator has run
/// ([`Plain`]); with none to weigh, the orthodox counter itself, less the king's captures
/// it counted. Clone Circe: [`plain_clone`].
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the look, the units left out)
fn plain(
    pos: &Position,
    rule: &VictimRule<'_>,
    checkers: Bitboard,
    pinned: Bitboard,
    look: Bitboard,
    depart: Option<FromLook>,
    skip: Bitboard,
) -> Option<u64> {
    let k = rule.king?;
    let s = pos.sets();
    let them = pos.turn().other();
    if look.is_empty() {
        let mut counter = crate::orthodox::Counter(0);
        crate::orthodox::generate_with(pos, !skip, checkers, pinned, &mut counter);
        if skip.contains(k) {
            return Some(counter.0);
        }
        let kings = (king_attacks(k) & s.color[them.index()])
            .filter(|&to| !crate::orthodox::attacked(pos, to, them, s.occ.without(k)))
            .count();
        return Some(counter.0 - kings as u64);
    }
    if let Some(FromLook::CapturerWalk(row)) = depart {
        return plain_clone(pos, &rule.c, k, checkers, pinned, look, row, skip);
    }
    Plain::<false>::new(pos, k, look, Bitboard::EMPTY, Bitboard::EMPTY)
        .run(pos, !skip, checkers, pinned)
        .by_victim(pos, rule)
}

/// [`plain`] for Clone Circe: the captures kept are those of victims on the capture
/// squares where a unit of one of our walks could matter; then [`look_from`] picks those
/// to weigh by the capturer's walk ([`by_capture`]). The units of `skip` (Volcanic's
/// covered units, judged apart) are left out, as in [`plain`].
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the look, the units left out)
fn plain_clone(
    pos: &Position,
    c: &Circe,
    k: Square,
    checkers: Bitboard,
    pinned: Bitboard,
    look: Bitboard,
    row: &'static [u64; 7],
    skip: Bitboard,
) -> Option<u64> {
    let s = pos.sets();
    let us = pos.turn();
    let squares = Role::CAPTURABLE
        .iter()
        .filter(|r| s.pieces(us, **r).any())
        .fold(Bitboard::EMPTY, |b, r| b | Bitboard(row[r.index()]));
    let mut sink = Plain::<false>::new(pos, k, look & squares, Bitboard::EMPTY, Bitboard::EMPTY);
    let sink = sink.run(pos, !skip, checkers, pinned);
    let mut n = sink.n;
    for (from, to, times) in sink.kept()? {
        n += match (
            look_from(look, Some(FromLook::CapturerWalk(row)), s, from).contains(to),
            times,
        ) {
            (false, _) => times,
            (true, 1) => by_capture(pos, c, k, from, to, None)?,
            // (one walk per promotion of the capturer)
            (true, _) => Role::PROMOTIONS
                .iter()
                .map(|&r| by_capture(pos, c, k, from, to, Some(r)))
                .sum::<Option<u64>>()?,
        };
    }
    Some(n)
}

/// [`plain`] for Strict Circe with victims whose rebirth square is taken (`dead`): their
/// capture is illegal but from the squares `dead_from` (where the capturer may stand on
/// that square), where they are weighed with the others of `look`. With no unit of ours on
/// such a square (mostly), the generator leaves those captures out of its bulk sets itself
/// ([`Sink::forbid`]); those it gives one by one (a pinned pawn's) are weighed, to none.
/// The units of `skip` (Volcanic's covered units, judged apart) are left out.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the look, the units left out)
fn plain_strict(
    pos: &Position,
    rule: &VictimRule<'_>,
    checkers: Bitboard,
    pinned: Bitboard,
    look: Bitboard,
    (dead, dead_from): (Bitboard, Bitboard),
    skip: Bitboard,
) -> Option<u64> {
    let k = rule.king?;
    if dead_from.is_empty() {
        // (the common case: no unit of ours on an enemy home square, so no capture of a dead
        // victim is legal; the generator leaves them out)
        let mut sink = Plain::<false>::new(pos, k, look, Bitboard::EMPTY, Bitboard::EMPTY);
        sink.forbid = dead;
        return sink.run(pos, !skip, checkers, pinned).by_victim(pos, rule);
    }
    Plain::<true>::new(pos, k, look, dead, dead_from)
        .run(pos, !skip, checkers, pinned)
        .by_victim(pos, rule)
}

/// [`plain`] where the rebirth square depends on the capture (CouCou, Couscous: the
/// capturer's home square; Equipollents: the capture square plus the move's vector;
/// Platzwechsel: the capturer's departure square), the victims keeping their walk and
/// vanishing from a taken square: the captures are weighed in the generator's sink
/// ([`Weigh`]; Platzwechsel: [`Swap`], every unit's captures counted by the victims' walks,
/// from sets built once per position). CouCou and Couscous count a piece's captures by its
/// walk, from sets built once per position ([`HomeWeights`]). Equipollents counts in bulk
/// with the quiet moves those whose rebirth square is off the board or where no enemy walk
/// could matter ([`crate::fast::rebirth_tables::vector_danger`], per departure square; for pawns
/// the danger squares moved back by the capture's vector): its rebirth squares are mostly
/// far from the king, and a loop over every capture mispredicts.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the units left out)
fn plain_by_capture(
    pos: &Position,
    c: &Circe,
    k: Square,
    lines: KingLines,
    checkers: Bitboard,
    pinned: Bitboard,
    skip: Bitboard,
) -> Option<u64> {
    match c.square {
        SquareRule::CapturePlusVector => {
            by_capture_weighed::<AT_VECTOR, false>(pos, c, k, lines, checkers, pinned, skip)
        }
        SquareRule::Departure => {
            // (the units of `skip`, Volcanic's covered units, judged apart, left out)
            let mut sink = Swap::new(pos, c, k, lines);
            crate::orthodox::generate_with(pos, !skip, checkers, pinned, &mut sink);
            Some(sink.n)
        }
        _ if HomeWeights::pay(pos) => by_capture_weighed::<AT_HOME, true>(pos, c, k, lines, checkers, pinned, skip),
        _ => by_capture_weighed::<AT_HOME, false>(pos, c, k, lines, checkers, pinned, skip),
    }
}

/// [`plain_by_capture`] for the rebirth-square rule `AT`, the units of `skip` (Volcanic's
/// covered units, judged apart) left out; `BY_WALK` ([`AT_HOME`]): our pieces' captures
/// counted by walk ([`HomeWeights`]).
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the king's set-up, the units left out)
fn by_capture_weighed<const AT: u8, const BY_WALK: bool>(
    pos: &Position,
    c: &Circe,
    k: Square,
    lines: KingLines,
    checkers: Bitboard,
    pinned: Bitboard,
    skip: Bitboard,
) -> Option<u64> {
    let s = pos.sets();
    let us = pos.turn();
    let them = us.other();
    let danger = if AT == AT_HOME {
        // (a pawn's captures rebirth their victim on our pawns' rank, on the capture
        // square's file: only the files whose square there is empty and from which an enemy
        // walk on the board attacks the king on an empty board, read from the attack tables)
        let rank = us.pawn_rank() as u32 * 8;
        let has = |r: Role| s.pieces(them, r).any();
        let q = has(Role::Queen);
        let reach = rook_rays(k).when(q || has(Role::Rook))
            | bishop_rays(k).when(q || has(Role::Bishop))
            | knight_attacks(k).when(has(Role::Knight))
            | pawn_attacks(us, k).when(has(Role::Pawn));
        Bitboard((((reach & !s.occ).0 >> rank) & 0xff) * 0x0101_0101_0101_0101)
    } else {
        reach_squares(s, them, k)
    };
    let mid = if AT == AT_VECTOR {
        crate::fast::rebirth_tables::vector_danger(them, k)
    } else {
        &[0; 64]
    };
    let home = if BY_WALK {
        HomeWeights::new(pos, k, lines)
    } else {
        HomeWeights::NONE
    };
    let mut sink = Weigh::<AT, BY_WALK> {
        n: 0,
        pos,
        c,
        reach: Reach::new(pos, c, k),
        us,
        king: k,
        theirs: s.color[them.index()],
        danger,
        mid,
        home,
        off: false,
    };
    crate::orthodox::generate_with(pos, !skip, checkers, pinned, &mut sink);
    (!sink.off).then_some(sink.n)
}

/// [`Weigh`]'s rebirth square: the capturer's home square for the capture square (CouCou,
/// Couscous).
const AT_HOME: u8 = 0;
/// [`Weigh`]'s rebirth square: the capture square plus the move's vector (Equipollents);
/// the captures whose rebirth square is off the board or off the `danger` squares are
/// counted outright.
const AT_VECTOR: u8 = 1;

/// Platzwechsel: the orthodox generator's moves counted, each unit's captures (but the
/// king's, judged apart) by the walks of the victims, without a loop over them (whose exits,
/// on trip counts that vary from position to position, mispredict). The victim is reborn
/// with its walk on the square its capturer left, and the capture changes no line from our
/// king to that square (the capturer leaves the square itself and lands on one that was
/// taken), so the victim reborn there checks our king exactly when an enemy unit of its
/// walk standing there now would: a rook, bishop or queen when the square is the first on
/// its line from the king, a knight or a pawn by its leap (a pawn reborn on its own first
/// rank, immobile, none). So the victims whose capture from a square is illegal come from
/// four sets of squares built once per position ([`Swap::illegal`]). A pawn reborn on its
/// promotion rank (our first rank) promotes: one move per walk among Q, S, R, B that does
/// not check, four, three a knight's leap from the king, two on an open line to it.
struct Swap {
    n: u64,
    king: Square,
    theirs: Bitboard,
    /// The squares from which an enemy rook (`straight`), bishop (`diagonal`), knight
    /// (`leap`) or pawn (`pawn`) checks our king, with the board's occupancy.
    straight: Bitboard,
    diagonal: Bitboard,
    leap: Bitboard,
    pawn: Bitboard,
    /// The enemy units that check along a rank or file (rooks, queens), a diagonal
    /// (bishops, queens), the knights and the pawns.
    straights: Bitboard,
    diagonals: Bitboard,
    knights: Bitboard,
    pawns: Bitboard,
    /// Our first rank, where an enemy pawn reborn promotes.
    first: Bitboard,
    /// The departure squares whose captures are not all counted one: the union of the
    /// squares above for the walks the enemy has (our first rank for pawns).
    danger: Bitboard,
}

impl Swap {
    /// The sets for our king on `k`.
    #[inline(always)]
    fn new(pos: &Position, c: &Circe, k: Square, lines: KingLines) -> Self {
        let s = pos.sets();
        let us = pos.turn();
        let them = us.other();
        let queens = s.pieces(them, Role::Queen);
        let (straights, diagonals) = (
            s.pieces(them, Role::Rook) | queens,
            s.pieces(them, Role::Bishop) | queens,
        );
        let (knights, pawns) = (s.pieces(them, Role::Knight), s.pieces(them, Role::Pawn));
        let (straight, diagonal, leap) = (lines.straight, lines.diagonal, knight_attacks(k));
        let mut pawn = pawn_attacks(us, k);
        if c.first_rank_pawns == super::FirstRankPawns::Immobile {
            pawn &= !Bitboard::rank(them.first_rank());
        }
        let first = Bitboard::rank(us.first_rank());
        let danger = straight.when(straights.any())
            | diagonal.when(diagonals.any())
            | leap.when(knights.any())
            | (pawn | first).when(pawns.any());
        Swap {
            n: 0,
            king: k,
            theirs: s.color[them.index()],
            straight,
            diagonal,
            leap,
            pawn,
            straights,
            diagonals,
            knights,
            pawns,
            first,
            danger,
        }
    }

    /// The victims whose capture from `from` checks our king (without branches: they would
    /// mispredict).
    #[inline(always)]
    fn illegal(&self, from: Square) -> Bitboard {
        self.straights.when(self.straight.contains(from))
            | self.diagonals.when(self.diagonal.contains(from))
            | self.knights.when(self.leap.contains(from))
            | self.pawns.when(self.pawn.contains(from))
    }

    /// Counts the moves of our unit on `from` (not the king) to `t`.
    #[inline(always)]
    fn moves(&mut self, from: Square, t: Bitboard) {
        // (`&`, not `&&`: one branch)
        if !(self.danger.contains(from) & (t & self.theirs).any()) {
            self.n += t.count() as u64;
            return;
        }
        self.n += (t & !self.illegal(from)).count() as u64;
        // (a pawn reborn promoting, counted one above: the walks that do not check but one)
        let more = promoted_walks(
            u64::from((self.straight | self.diagonal).contains(from)),
            u64::from(self.leap.contains(from)),
        ) - 1;
        self.n += more * (t & self.pawns & Bitboard::FULL.when(self.first.contains(from))).count() as u64;
    }

    /// The pawn moves `delta` long to `t` whose capture checks our king (none a push: it
    /// takes no unit), by arrival square.
    #[inline(always)]
    fn illegal_pawn_moves(&self, t: Bitboard, delta: i8) -> Bitboard {
        if (t & self.theirs).is_empty() {
            return Bitboard::EMPTY;
        }
        let shift = |b: Bitboard| crate::orthodox::shift(b, delta);
        // (our pawns stand on neither first rank: the victim is reborn neither promoting
        // nor on its own first rank)
        t & ((shift(self.straight) & self.straights)
            | (shift(self.diagonal) & self.diagonals)
            | (shift(self.leap) & self.knights)
            | (shift(self.pawn) & self.pawns))
    }
}

impl Sink for Swap {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        self.moves(from, t);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        self.n += (t & !self.illegal_pawn_moves(t, delta)).count() as u64;
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        self.n += 4 * (t & !self.illegal_pawn_moves(t, delta)).count() as u64;
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        // (no e.p. capture: `setup` leaves those positions out; the king's captures are
        // judged apart)
        if m.from() == self.king {
            self.n += u64::from(!self.theirs.contains(m.to()));
        } else {
            self.moves(m.from(), Bitboard::from_square(m.to()));
        }
    }
}

/// The squares from which a unit of `them` reborn there could matter to our king on `k`
/// ([`crate::fast::rebirth_tables::danger_squares`] of the walks `them` has on the board).
#[inline(always)]
fn reach_squares(s: &crate::position::Sets, them: Color, k: Square) -> Bitboard {
    let row = crate::fast::rebirth_tables::danger_squares(them, k);
    // (an unrolled loop without branches, in line: a closure over an iterator was not)
    let mut b = Bitboard::EMPTY;
    for r in Role::CAPTURABLE {
        b |= Bitboard(row[r.index()]).when(s.pieces(them, r).any());
    }
    b
}

/// The sink of [`plain_by_capture`]: the orthodox generator's moves counted, each capture of
/// an enemy unit weighed as it comes ([`Reach::weight`]; CouCou's and Couscous's pieces by
/// walk, [`HomeWeights`]), the king's captures left out (judged apart).
struct Weigh<'a, const AT: u8, const BY_WALK: bool> {
    n: u64,
    pos: &'a Position,
    c: &'a Circe,
    reach: Reach,
    us: Color,
    king: Square,
    theirs: Bitboard,
    /// Where an enemy walk on the board could matter ([`crate::fast::rebirth_tables::danger_squares`]):
    /// [`AT_VECTOR`]; [`AT_HOME`]: the files of the squares on our pawns'
    /// rank that are empty and such, where a pawn's victim may matter.
    danger: Bitboard,
    /// [`AT_VECTOR`]: per departure square, the capture squares whose rebirth square may be
    /// among `danger` ([`crate::fast::rebirth_tables::vector_danger`]); the other captures are
    /// counted in bulk.
    mid: &'a [u64; 64],
    /// `BY_WALK`: a piece's captures counted by the capturer's walk.
    home: HomeWeights,
    /// A capture could not be weighed.
    off: bool,
}

/// CouCou, Couscous: the moves of one of our pieces (knight, bishop, rook, queen) counted by
/// its walk, without a loop over its captures (whose exits, on trip counts that vary from
/// position to position, mispredict). A piece's victim is reborn on the piece's home square
/// for the capture square: one square of our first rank per walk and square colour. Reborn
/// there, a victim whose walk checks our king from there makes the capture illegal, a pawn
/// promotes (one move per walk among Q, S, R, B that does not check: four, three a knight's
/// leap from the king, two on an open line to it), and on a taken square it vanishes. So,
/// per walk, three sets of arrival squares built once per position: `counted` (all but the
/// victims reborn checking), `one` and `two` (the pawns whose capture counts one, and two,
/// more). That holds for a piece off `apart`: its leaving changes neither the occupancy of
/// our first rank nor a line from our king to it.
#[derive(Clone, Copy)]
struct HomeWeights {
    /// Per walk ([`HomeWeights::slot`]).
    counted: [Bitboard; 4],
    one: [Bitboard; 4],
    two: [Bitboard; 4],
    /// Our units on our first rank or between it and our king (on a line from it): their
    /// captures are weighed one by one.
    apart: Bitboard,
}

impl HomeWeights {
    /// The stand-in of the rules that do not read it.
    const NONE: HomeWeights = HomeWeights {
        counted: [Bitboard::FULL; 4],
        one: [Bitboard::EMPTY; 4],
        two: [Bitboard::EMPTY; 4],
        apart: Bitboard::FULL,
    };

    /// The tables' slot of the walks knight to queen (rook, queen, knight, bishop: the
    /// walk's index modulo 4).
    #[inline(always)]
    fn slot(role: Role) -> usize {
        role.index() & 3
    }

    /// Are the sets worth building? Not with fewer than three of our pieces off our first
    /// rank, as in the opening: building them costs about what weighing a few pieces'
    /// captures one by one does (initial position, perft(5): 54.5 instructions per node
    /// without the sets, 58.7 with them).
    #[inline(always)]
    fn pay(pos: &Position) -> bool {
        let us = pos.turn();
        let s = pos.sets();
        let pawns_and_kings = s.role[Role::Pawn.index()] | s.role[Role::King.index()];
        (s.color[us.index()] & !pawns_and_kings & !Bitboard::rank(us.first_rank())).count() >= 3
    }

    /// The sets for our king on `k`.
    #[inline(always)]
    fn new(pos: &Position, k: Square, lines: KingLines) -> Self {
        let us = pos.turn();
        let them = us.other();
        let s = pos.sets();
        let occ = s.occ;
        let first = Bitboard::rank(us.first_rank());
        let empty = first & !occ;
        // the empty squares of our first rank from which a knight, a bishop or a rook checks
        let (leap, diagonal, straight) = (
            knight_attacks(k) & empty,
            lines.diagonal & empty,
            lines.straight & empty,
        );
        let pawns = s.pieces(them, Role::Pawn);
        let queens = s.pieces(them, Role::Queen);
        let (knights, bishops, rooks) = (
            s.pieces(them, Role::Knight),
            s.pieces(them, Role::Bishop) | queens,
            s.pieces(them, Role::Rook) | queens,
        );
        // (the ranks strictly between our first rank and the king's, as `between` on the a-file
        // spread over each rank)
        let span = Bitboard(
            between(
                Square::from_coords(0, us.first_rank()),
                Square::from_coords(0, k.rank()),
            )
            .0 * 0xff,
        );
        let apart = s.color[us.index()] & (first | ((lines.diagonal | lines.straight) & span));
        // (per walk, the capture squares whose home square is among those: the light or
        // the dark squares, both, or none)
        let on = |squares: Bitboard| crate::fast::rebirth_tables::first_rank_preimages_in(us, squares);
        let (free, leaps, diagonals, straights) = (on(empty), on(leap), on(diagonal), on(straight));
        // (walk `i` of the tables' order, [`HomeWeights::slot`]; a plain loop, which is
        // unrolled, where `std::array::from_fn` was left out of line)
        let mut out = HomeWeights {
            counted: [Bitboard::EMPTY; 4],
            one: [Bitboard::EMPTY; 4],
            two: [Bitboard::EMPTY; 4],
            apart,
        };
        for (i, role) in [Role::Rook, Role::Queen, Role::Knight, Role::Bishop]
            .into_iter()
            .enumerate()
        {
            let w = role.index();
            out.counted[i] =
                Bitboard(!((knights.0 & leaps[w]) | (bishops.0 & diagonals[w]) | (rooks.0 & straights[w])));
            out.one[i] = Bitboard(pawns.0 & free[w] & !leaps[w]);
            out.two[i] = Bitboard(pawns.0 & free[w] & !(diagonals[w] | straights[w]));
        }
        out
    }
}

impl<const AT: u8, const BY_WALK: bool> Weigh<'_, AT, BY_WALK> {
    /// Counts the capture `from`x`to` (a pawn's promoting: four moves).
    #[inline(always)]
    fn capture(&mut self, from: Square, to: Square, promotes: bool) {
        let pos = self.pos;
        if promotes {
            // (one walk per promotion of the capturer; a plain loop over copies of the
            // fields: a closure over the fields, passed to the summing call left out of
            // line, kept the whole sink in memory, every field read and written there)
            let (c, king) = (self.c, self.king);
            let mut w = 0;
            for r in Role::PROMOTIONS {
                let Some(x) = by_capture(pos, c, king, from, to, Some(r)) else {
                    self.off = true;
                    return;
                };
                w += x;
            }
            self.n += w;
            return;
        }
        let r = match AT {
            AT_HOME => crate::rules::circe::home_square(pos.role_on(from), self.us, to),
            _ => {
                let f = 2 * to.file() as i32 - from.file() as i32;
                let r = 2 * to.rank() as i32 - from.rank() as i32;
                // (`&`, not `||`: one branch, mostly not taken)
                let sq = Square::from_coords((f & 7) as u8, (r & 7) as u8);
                if (((f | r) as u32) < 8) & self.danger.contains(sq) {
                    // (rare: out of the generator's loops)
                    self.n += self.weigh_apart(sq, from, to);
                } else {
                    self.n += 1;
                }
                return;
            }
        };
        self.n += self.reach.weight(pos.role_on(to), r, from);
    }

    /// [`Reach::weight`] of the capture `from`x`to` reborn on `r`, not inlined.
    #[inline(never)]
    fn weigh_apart(&self, r: Square, from: Square, to: Square) -> u64 {
        self.reach.weight(self.pos.role_on(to), r, from)
    }

    /// The victims whose capture from `from` is weighed.
    #[inline(always)]
    fn look(&self, from: Square) -> Bitboard {
        if AT == AT_VECTOR {
            self.theirs & Bitboard(self.mid[from.index()])
        } else {
            self.theirs
        }
    }

    /// The arrival squares of pawn moves `delta` long whose captures are weighed.
    #[inline(always)]
    fn pawn_look(&self, delta: i8) -> Bitboard {
        if AT == AT_VECTOR {
            // (the rebirth square is the arrival square plus the move's vector, `to + delta`:
            // a rotation, not a shift, for no branch on the sign; the squares it wraps
            // round are weighed, to one)
            self.theirs & Bitboard(self.danger.0.rotate_right(delta as u32 & 63))
        } else {
            // (the victim reborn on our pawns' rank, on the capture square's file)
            self.theirs & self.danger
        }
    }

    /// The arrival squares of promoting pawn moves `delta` long whose captures are weighed
    /// (CouCou, Couscous: every capture, the capturer's home square being its new walk's).
    #[inline(always)]
    fn promotion_look(&self, delta: i8) -> Bitboard {
        if AT == AT_HOME {
            self.theirs
        } else {
            self.pawn_look(delta)
        }
    }
}

impl<const AT: u8, const BY_WALK: bool> Sink for Weigh<'_, AT, BY_WALK> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        if BY_WALK && !self.home.apart.contains(from) {
            let (h, w) = (&self.home, HomeWeights::slot(self.pos.role_on(from)));
            self.n += ((t & h.counted[w]).count() + (t & h.one[w]).count() + 2 * (t & h.two[w]).count()) as u64;
            return;
        }
        let look = self.look(from);
        self.n += (t & !look).count() as u64;
        for to in t & look {
            self.capture(from, to, false);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        let look = self.pawn_look(delta);
        self.n += (t & !look).count() as u64;
        for to in t & look {
            self.capture(Square::new((to.index() as i8 - delta) as u8), to, false);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let look = self.promotion_look(delta);
        self.n += 4 * (t & !look).count() as u64;
        for to in t & look {
            self.capture(Square::new((to.index() as i8 - delta) as u8), to, true);
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        // (no e.p. capture: `setup` leaves those positions out)
        match () {
            // the king's captures are judged apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ if self.theirs.contains(m.to()) => self.capture(m.from(), m.to(), false),
            _ => self.n += 1,
        }
    }
}

/// The squares from which an enemy unit of each walk would check our king on an empty
/// board: [`reborn_weight`] for a victim reborn with its walk on an empty square, read
/// without branches (the loops over captures mispredict on anything that depends on the
/// capture).
struct Reach {
    k: Square,
    occ: Bitboard,
    them: Color,
    /// Per walk index; kings none (a king victim is never weighed).
    lines: [u64; 8],
}

impl Reach {
    #[inline(always)]
    fn new(pos: &Position, c: &Circe, k: Square) -> Self {
        let them = pos.turn().other();
        let mut pawns = pawn_attacks(pos.turn(), k);
        if c.first_rank_pawns == super::FirstRankPawns::Immobile {
            pawns &= !Bitboard::rank(them.first_rank());
        }
        let (b, r) = (bishop_rays(k), rook_rays(k));
        let mut lines = [0; 8];
        lines[Role::Pawn.index()] = pawns.0;
        lines[Role::Knight.index()] = knight_attacks(k).0;
        lines[Role::Bishop.index()] = b.0;
        lines[Role::Rook.index()] = r.0;
        lines[Role::Queen.index()] = (b | r).0;
        Reach {
            k,
            occ: pos.occupied(),
            them,
            lines,
        }
    }

    /// 1 when the line from `r` to the king is open once our unit has left `from`, else 0
    /// (the between-table read in the king's row, the same for every capture of the
    /// position, stays in cache).
    #[inline(always)]
    fn open(&self, r: Square, from: Square) -> u64 {
        (between(self.k, r) & self.occ.without(from)).is_empty() as u64
    }

    /// 1 when a unit of walk `w` on `r` checks our king along an `open` line, else 0 (a
    /// knight's and a pawn's square have nothing between it and the king).
    #[inline(always)]
    fn hit(&self, w: Role, r: Square, open: u64) -> u64 {
        (self.lines[w.index()] >> r.index()) & open & 1
    }

    /// Would a unit of walk `w` reborn on the empty square `r`, after our unit has left
    /// `from`, check our king? (What [`Reach::weight`] counts, one walk at a time.)
    #[inline(always)]
    fn checks(&self, w: Role, r: Square, from: Square) -> bool {
        self.hit(w, r, self.open(r, from)) != 0
    }

    /// How many legal moves a capture from `from` makes whose victim, of walk `v`, is reborn
    /// on `r`: [`reborn_weight`] for the victim keeping its walk and vanishing from a taken
    /// square.
    #[inline(always)]
    fn weight(&self, v: Role, r: Square, from: Square) -> u64 {
        let occ = self.occ.without(from);
        let open = self.open(r, from);
        let hits = |w: Role| self.hit(w, r, open);
        // (`&`, not `&&`, and the choices below without branches: they would mispredict)
        let promotes = (v == Role::Pawn) & (r.rank() == self.them.promotion_rank());
        // (a promoted pawn: one move per walk that does not check, Q, S, R, B; the queen's
        // lines are the rook's and the bishop's)
        let promoted = promoted_walks(hits(Role::Queen), hits(Role::Knight));
        let w = std::hint::select_unpredictable(promotes, promoted, 1 - hits(v));
        std::hint::select_unpredictable(occ.contains(r), 1, w)
    }
}

/// Volcanic: our units standing on hidden units whose moves the generator leaves out: when
/// one leaves its square, the earliest unit hidden there emerges (RULES.md §5), so their
/// moves are judged on the board ([`on_board`]); see [`covered_by`] for which.
#[inline(always)]
fn covered(pos: &Position) -> Bitboard {
    if pos.hidden_mask().is_empty() {
        return Bitboard::EMPTY;
    }
    covered_by(pos)
}

/// [`covered`] where units are hidden: leaving its square, our unit lets the unit hidden
/// under it emerge there, which shuts every line through that square again (the rebirth
/// weighing knows it: [`super::victim_weight`]). A unit pinned to our king (the emerging
/// unit may shield the king, so moves off the line may be legal) and one over an enemy
/// unit that would attack our king from there (on an empty board) need the board; the
/// others move as any unit.
#[inline(never)]
fn covered_by(pos: &Position) -> Bitboard {
    let us = pos.turn();
    let s = pos.sets();
    let ours = s.color[us.index()];
    let Some(k) = pos.king(us) else {
        return pos.hidden_mask() & ours;
    };
    let mut out = crate::fast::exact::slider_pins(s, us, k) & pos.hidden_mask();
    for sq in pos.hidden_mask() & ours & !out {
        if pos.hidden_under(sq).is_some_and(|u| {
            u.color() != us && crate::attacks::attacks(u.role(), u.color(), sq, Bitboard::EMPTY).contains(k)
        }) {
            out |= Bitboard::from_square(sq);
        }
    }
    out
}

/// The arrival squares of the pseudo-legal moves of our unit on `from` but e.p. and castling.
fn unit_targets(s: &crate::position::Sets, from: Square) -> Bitboard {
    let mut t = Bitboard::EMPTY;
    let Some(p) = s.piece_at(from) else { return t };
    crate::fast::exact::unit_moves(s, p, from, Bitboard::FULL, |m, _| t = t.with(m.to()));
    t
}

/// The legal moves, in two lists: `sure` (legal whatever the rebirth does) and `unsure`
/// (to be played with the legality test: captures that a rebirth may make illegal, or
/// legal); `None` when the position is not one this module models.
#[inline(always)]
pub(crate) fn moves(pos: &Position, c: &Circe, sure: &mut MoveList, unsure: &mut MoveList) -> Option<()> {
    if c.victim_kings {
        // (Rex Inclusive: counted here, listed by the general pipeline)
        return None;
    }
    let (k, checkers, pinned, rays, shield, _) = setup(pos, c)?;
    if assassin_at_home(pos, c, k) {
        // (listed by the general pipeline)
        return None;
    }
    let us = pos.turn();
    let them = us.other();
    let theirs = pos.sets().color[them.index()];
    if let Some((_, a)) = shield {
        shielded(pos, k, checkers, pinned, a, true, |m| {
            let mut push = |m| {
                unsure.push(m);
                Some(())
            };
            if pos.piece_at(m.from())?.role() == Role::Pawn {
                push_pawn(m.from(), m.to(), m.kind(), &mut push)
            } else {
                push(m)
            }
        })?;
    }
    apart(pos, c, k, checkers, pinned, rays, covered(pos), |p, to| {
        let mut push = |m| {
            unsure.push(m);
            Some(())
        };
        if pos.piece_at(p)?.role() == Role::Pawn {
            push_pawn(p, to, MoveKind::Normal, &mut push)
        } else {
            push(Move::new(p, to, MoveKind::Normal))
        }
    })?;
    let by_victim = c.when != When::AtOnce || !c.square_depends_on_capture();
    let look = if by_victim {
        risky_victims(pos, c, them, Some(k), Bitboard::EMPTY) & theirs
    } else {
        theirs
    };
    let depart = from_look(c, them, k);
    let threats = if c.occupied == Occupied::Assassinate {
        super::threat_squares(us)
    } else {
        Bitboard::EMPTY
    };
    // (one instance per case, so that plain Circe does not pay for the look by capturer (Platzwechsel, Clone))
    // (Strict Circe: the captures no rebirth square allows are not listed)
    let (dead, dead_from) = dead_victims(pos, c);
    // (the captures that [`plain_by_capture`] weighs when counting: sorted by their weight)
    let reach = (shield.is_none() && threats.is_empty() && dead.is_empty() && !by_victim && by_capture_plain(c))
        .then(|| Reach::new(pos, c, k));
    let sets = pos.sets();
    let off = if depart.is_some() {
        collect::<true>(
            Collect {
                sure,
                unsure,
                theirs,
                look,
                depart,
                sets,
                king: k,
                castling: shield.is_none(),
                threats,
                dead,
                dead_from,
                off: false,
                reach,
                pos,
                c,
            },
            pos,
            checkers,
            pinned,
        )
    } else {
        collect::<false>(
            Collect {
                sure,
                unsure,
                theirs,
                look,
                depart,
                sets,
                king: k,
                castling: shield.is_none(),
                threats,
                dead,
                dead_from,
                off: false,
                reach,
                pos,
                c,
            },
            pos,
            checkers,
            pinned,
        )
    };
    (!off).then_some(())
}

/// Runs the generator into `sink`, then lists the king's captures (to be tested); whether a
/// move this module does not model was met.
#[inline(always)]
fn collect<const DEPART: bool>(
    mut sink: Collect<'_, DEPART>,
    pos: &Position,
    checkers: Bitboard,
    pinned: Bitboard,
) -> bool {
    let covered = covered(pos);
    crate::orthodox::generate_with(pos, !covered, checkers, pinned, &mut sink);
    for to in king_attacks(sink.king) & sink.theirs {
        sink.unsure.push(Move::new(sink.king, to, MoveKind::Normal));
    }
    for from in covered {
        if let Some(p) = pos.piece_at(from) {
            crate::fast::exact::unit_moves(pos.sets(), p, from, Bitboard::FULL, |m, _| sink.unsure.push(m));
        }
    }
    sink.off
}

/// Where the victims worth a look depend on the capturer: its departure square, or its walk.
#[derive(Clone, Copy)]
enum FromLook {
    /// Platzwechsel (the victim reborn on the capturer's departure square, with its own
    /// walk): per departure square, the walks (bit [`Role::index`]) a reborn enemy unit
    /// could matter with there (see [`crate::fast::rebirth_tables::danger_squares`]).
    Departure(&'static [u8; 64]),
    /// Clone Circe (the victim reborn with the capturer's walk, on its home square for that
    /// walk): per capturer's walk, the capture squares from whose home square a unit of
    /// that walk could matter (see [`danger_row`](crate::fast::rebirth_tables::danger_row)).
    CapturerWalk(&'static [u64; 7]),
}

/// The [`FromLook`] of these rules with our king on `k`; `None` when the look does not
/// depend on the capturer (or is every capture).
#[inline(always)]
fn from_look(c: &Circe, them: Color, k: Square) -> Option<FromLook> {
    if c.when != When::AtOnce {
        return None;
    }
    match (c.square, c.walk) {
        (SquareRule::Departure, WalkRule::Same) => {
            Some(FromLook::Departure(crate::fast::rebirth_tables::danger_walks(them, k)))
        }
        (SquareRule::Home | SquareRule::Mirror, WalkRule::Capturer) => {
            crate::fast::rebirth_tables::danger_row(c, them, k).map(FromLook::CapturerWalk)
        }
        _ => None,
    }
}

/// The enemy units whose capture from `from` must be looked at: those whose reborn unit
/// could matter by [`FromLook`], else `look`.
#[inline(always)]
fn look_from(look: Bitboard, by: Option<FromLook>, s: &crate::position::Sets, from: Square) -> Bitboard {
    match by {
        None => look,
        Some(FromLook::Departure(row)) => {
            let mut walks = row[from.index()];
            let mut out = Bitboard::EMPTY;
            while walks != 0 {
                out |= s.role[walks.trailing_zeros() as usize];
                walks &= walks - 1;
            }
            look & out
        }
        Some(FromLook::CapturerWalk(row)) => match s.role_at(from) {
            // (a king capturer leaves the victim its walk; its captures are judged apart)
            Role::King => look,
            r => look & Bitboard(row[r.index()]),
        },
    }
}

/// Sorts the orthodox generator's moves: captures of `look` victims to be tested.
struct Collect<'a, const DEPART: bool> {
    sure: &'a mut MoveList,
    unsure: &'a mut MoveList,
    theirs: Bitboard,
    look: Bitboard,
    /// Platzwechsel, Clone: see [`look_from`].
    depart: Option<FromLook>,
    sets: &'a crate::position::Sets,
    king: Square,
    /// Take the generator's castling moves (else they are listed apart).
    castling: bool,
    /// Assassin: our home squares, where the king may be removed by a rebirth (its steps
    /// there and castling go to the legality test); else empty.
    threats: Bitboard,
    /// Strict Circe: victims whose capture is illegal by a unit off `dead_from` (see
    /// [`dead_victims`]); else empty.
    dead: Bitboard,
    dead_from: Bitboard,
    /// A move this module does not model was met.
    off: bool,
    /// CouCou, Couscous, Equipollents, Platzwechsel in [`plain_by_capture`]'s cases: the
    /// captures weighed as the count weighs them ([`Reach`]); else `None`.
    reach: Option<Reach>,
    pos: &'a Position,
    c: &'a Circe,
}

impl<const DEPART: bool> Collect<'_, DEPART> {
    /// Lists the capture `from`x`to` (the capturer not promoting): when [`Reach`] weighs
    /// it, legal for sure (one move), illegal (none) or to be tested (a reborn pawn's
    /// promotions); else to be tested.
    #[inline(always)]
    fn capture(&mut self, from: Square, to: Square) {
        let m = Move::new(from, to, MoveKind::Normal);
        let Some(reach) = &self.reach else {
            return self.unsure.push(m);
        };
        let pos = self.pos;
        let r = match self.c.square {
            SquareRule::CapturerHome => crate::rules::circe::home_square(pos.role_on(from), pos.turn(), to),
            SquareRule::Departure => from,
            _ => {
                let f = 2 * to.file() as i32 - from.file() as i32;
                let r = 2 * to.rank() as i32 - from.rank() as i32;
                if !(0..8).contains(&f) || !(0..8).contains(&r) {
                    // (off the board: the victim vanishes)
                    return self.sure.push(m);
                }
                Square::from_coords(f as u8, r as u8)
            }
        };
        match reach.weight(pos.role_on(to), r, from) {
            0 => {}
            1 => self.sure.push(m),
            // (a pawn reborn on its promotion rank: each walk it may take that does not
            // check our king is a legal move, listed with its choice made)
            _ => {
                for role in Role::PROMOTIONS {
                    if !reach.checks(role, r, from) {
                        self.sure.push(m.with_rebirth_promotion(role));
                    }
                }
            }
        }
    }

    /// The victims whose capture from `from` to `t` is tested (see [`look_from`]).
    #[inline(always)]
    fn look_at(&self, from: Square, t: Bitboard) -> Bitboard {
        if DEPART && (t & self.look).any() {
            look_from(self.look, self.depart, self.sets, from)
        } else {
            self.look
        }
    }

    /// The arrival squares among `t` (pawn moves of `delta`) of captures to be tested.
    #[inline(always)]
    fn pawn_look(&self, t: Bitboard, delta: i8) -> Bitboard {
        if !DEPART {
            return self.look;
        }
        (t & self.look)
            .filter(|&to| {
                look_from(
                    self.look,
                    self.depart,
                    self.sets,
                    Square::new((to.index() as i8 - delta) as u8),
                )
                .contains(to)
            })
            .fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl<const DEPART: bool> Sink for Collect<'_, DEPART> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let t = if self.dead_from.contains(from) {
            t
        } else {
            t & !self.dead
        };
        let look = self.look_at(from, t);
        for to in t & !look {
            self.sure.push(Move::new(from, to, MoveKind::Normal));
        }
        for to in t & look {
            self.capture(from, to);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        let t = alive(t, delta, self.dead, self.dead_from);
        let look = self.pawn_look(t, delta);
        self.sure.pawn_shift(t & !look, delta, kind);
        if self.reach.is_some() && kind == MoveKind::Normal {
            for to in t & look {
                self.capture(Square::new((to.index() as i8 - delta) as u8), to);
            }
        } else {
            self.unsure.pawn_shift(t & look, delta, kind);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let t = alive(t, delta, self.dead, self.dead_from);
        let look = self.pawn_look(t, delta);
        self.sure.pawn_promotions(t & !look, delta);
        self.unsure.pawn_promotions(t & look, delta);
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        match m.kind() {
            MoveKind::EnPassant => self.off = true,
            MoveKind::CastleKing | MoveKind::CastleQueen if !self.castling => {}
            // (Assassin: castling and the king's steps onto home squares decided here, the
            // square castling crosses included, and listed as legal or dropped)
            MoveKind::CastleKing | MoveKind::CastleQueen if self.threats.any() => {
                if assassin_castling_legal(self.pos, self.c.first_rank_pawns, m) {
                    self.sure.push(m);
                }
            }
            // the king's captures are listed apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ if self.dead.contains(m.to()) && !self.dead_from.contains(m.from()) => {}
            _ if m.from() == self.king && self.threats.contains(m.to()) => {
                if assassin_step_legal(self.pos, self.c.first_rank_pawns, m) {
                    self.sure.push(m);
                }
            }
            _ if self.look_at(m.from(), Bitboard::from_square(m.to())).contains(m.to()) => match m.kind() {
                MoveKind::Normal if m.promotion_role().is_none() => self.capture(m.from(), m.to()),
                _ => self.unsure.push(m),
            },
            _ => self.sure.push(m),
        }
    }
}

/// The reborn unit and its square, for the capture `from`x`to` by `capturer` arriving as
/// `arrived`; `None` when nothing is reborn now.
#[inline(always)]
fn rebirth(
    pos: &Position,
    c: &Circe,
    from: Square,
    to: Square,
    capturer: Piece,
    arrived: Piece,
) -> Option<(Piece, Square)> {
    let v = pos.piece_at(to)?;
    if c.when != When::AtOnce || v.role() == Role::King {
        return None;
    }
    let unit = v.with_role(c.reborn_walk(v, capturer));
    let vector = (
        to.file() as i32 - from.file() as i32,
        to.rank() as i32 - from.rank() as i32,
    );
    let ctx = CaptureContext {
        from,
        at: to,
        capturer_before: capturer,
        capturer_after: arrived,
        vector,
    };
    c.rebirth_square(unit, pos.origin(to), &ctx).map(|r| (unit, r))
}

/// Is our pawn's e.p. capture from `from` to `to` (the enemy pawn on `at`) legal, judged
/// on the board after it: the victim reborn at once (a taken square: it vanishes, is
/// buried, or the capture is illegal; Assassin: it replaces the occupant, but our king),
/// our king then unattacked. `None` where the general pipeline decides: a pending
/// rebirth, hidden units, kings reborn, a pawn reborn on its promotion rank.
pub(crate) fn en_passant(pos: &Position, c: &Circe, from: Square, to: Square, at: Square) -> Option<bool> {
    if pos.pending().is_some() || pos.hidden_mask().any() || c.victim_kings {
        return None;
    }
    let us = pos.turn();
    let k = pos.king(us)?;
    if assassin_at_home(pos, c, k) {
        // (a rebirth could remove the king: the general pipeline judges it)
        return None;
    }
    debug_assert_eq!(pos.piece_at(at).map(|v| v.role()), Some(Role::Pawn));
    // (the board after it by the shared model of a move's effects)
    match crate::fast::effects::after(pos, Some(c), Move::new(from, to, MoveKind::EnPassant)) {
        After::Illegal => Some(false),
        After::Board {
            sets: b, promote: None, ..
        } => Some(!attacked(&b, k, us.other(), b.occ, c.first_rank_pawns)),
        // (a pawn reborn on its promotion rank)
        _ => None,
    }
}

/// How many legal moves the capture `from`x`to` makes (one per promotion of the capturer
/// or of a reborn pawn), judged on the board after it: the king on `k` (or the capturing
/// king) unattacked, and under Assassin on one of our home squares, no capture rebirthing
/// one of our units on it.
pub(crate) fn on_board(pos: &Position, c: &Circe, k: Square, from: Square, to: Square, shield: Shield) -> Option<u64> {
    let us = pos.turn();
    let them = us.other();
    let p = pos.piece_at(from)?;
    let v = pos.piece_at(to);
    let roles = walks_on(p, to);
    let emerging = if pos.hidden_mask().contains(from) {
        pos.hidden_under(from)
    } else {
        None
    };
    let mut n = 0;
    for &role in roles {
        let arrived = p.with_role(role);
        let mut b = *pos.sets();
        b.toggle(from, p);
        if let Some(v) = v {
            b.toggle(to, v);
        }
        b.toggle(to, arrived);
        let times = place_shield(
            &mut b,
            shield,
            (
                to.file() as i32 - from.file() as i32,
                to.rank() as i32 - from.rank() as i32,
            ),
        );
        let king = if from == k { to } else { k };
        // (Volcanic: the earliest unit hidden under the square left emerges when it stays empty)
        // (Assassin: a king on one of our home squares may be removed by a rebirth)
        let threatened = c.occupied == Occupied::Assassinate && super::threat_squares(us).contains(king);
        let safe = |b: &crate::position::Sets| match emerging {
            Some(u) if !b.occ.contains(from) => {
                let mut e = *b;
                e.toggle(from, u);
                u64::from(!attacked(&e, king, them, e.occ, c.first_rank_pawns))
            }
            _ if threatened => u64::from(
                !attacked(b, king, them, b.occ, c.first_rank_pawns)
                    && !super::assassination_threat(b, us, king, c.first_rank_pawns, |att| att),
            ),
            _ => u64::from(!attacked(b, king, them, b.occ, c.first_rank_pawns)),
        };
        if v.is_none() || times > 1 {
            // (a pending rebirth and an immediate one never come together: Parrain)
            n += times * safe(&b);
            continue;
        }
        match rebirth(pos, c, from, to, p, arrived) {
            // Assassin: the reborn unit replaces the occupant, unless that is the mover's king
            Some((unit, r)) if b.occ.contains(r) && c.occupied == Occupied::Assassinate => {
                if r != king {
                    let occupant = b.piece_at(r)?;
                    b.toggle(r, occupant);
                    b.toggle(r, unit);
                    n += safe(&b);
                }
            }
            Some((_, r)) if b.occ.contains(r) => {
                if c.occupied != Occupied::Illegal {
                    n += safe(&b);
                }
            }
            Some((unit, r)) => {
                // a pawn reborn on its promotion rank: one move per walk it takes
                for &walk in walks_on(unit, r) {
                    let mut b = b;
                    b.toggle(r, unit.with_role(walk));
                    n += safe(&b);
                }
            }
            None => n += safe(&b),
        }
    }
    Some(n)
}

/// [`on_board`] for our king's capture from `k` on `to` without a board copy, when no
/// pending rebirth waits and a reborn unit removes none (not Assassin): legal when no enemy
/// unit attacks the arrival square once the victim is reborn (it may block a line), one
/// move per walk the reborn unit may take there (a pawn promoting) that does not check.
/// The victim's own attacks need no removing: none reaches its own square.
#[inline(always)]
fn king_capture(pos: &Position, c: &Circe, k: Square, to: Square) -> u64 {
    let s = pos.sets();
    let them = pos.turn().other();
    let fr = c.first_rank_pawns;
    let occ = s.occ.without(k);
    let king = Piece::new(pos.turn(), Role::King);
    let free = |occ: Bitboard| u64::from(!attacked(s, to, them, occ, fr));
    match rebirth(pos, c, k, to, king, king) {
        None => free(occ),
        Some((_, r)) if occ.contains(r) => match c.occupied {
            Occupied::Illegal => 0,
            _ => free(occ),
        },
        Some((unit, r)) => {
            let occ = occ.with(r);
            if free(occ) == 0 {
                return 0;
            }
            walks_on(unit, r)
                .iter()
                .filter(|&&walk| !checks_from(them, fr, walk, r, to, occ))
                .count() as u64
        }
    }
}

/// [`on_board`] for any move (castling: the king and the rook).
fn on_board_move(pos: &Position, c: &Circe, k: Square, m: Move, shield: Shield) -> Option<u64> {
    if !m.is_castle() {
        return on_board(pos, c, k, m.from(), m.to(), shield);
    }
    let us = pos.turn();
    let (rf, rt) = crate::rules::effects::castling_rook(m);
    let mut b = crate::fast::exact::castled(pos.sets(), us, m);
    let dx = m.to().file() as i32 - m.from().file() as i32 + rt.file() as i32 - rf.file() as i32;
    let times = place_shield(&mut b, shield, (dx, 0));
    Some(times * u64::from(!attacked(&b, m.to(), us.other(), b.occ, c.first_rank_pawns)))
}

/// Parrain: our pending unit reborn on its capture square plus the move's vector, when that
/// square is on the board and empty.
#[inline(always)]
fn place_shield(b: &mut crate::position::Sets, shield: Shield, vector: (i32, i32)) -> u64 {
    if let Some((u, a)) = shield {
        if let Some(r) = a.offset(vector.0, vector.1) {
            if !b.occ.contains(r) {
                b.toggle(r, u);
                return promotions_of(u, r);
            }
        }
    }
    1
}

/// The moves of a pawn reborn promoting: one per walk among Q, S, R, B that does not check
/// our king from its square, `on_line` (1: on an open line to the king, where the queen and
/// the rook or the bishop check) and `leap` (1: a knight's leap away) saying which.
#[inline(always)]
const fn promoted_walks(on_line: u64, leap: u64) -> u64 {
    4 - 2 * on_line - leap
}

/// The moves a rebirth of `u` on `r` makes of one: four when a pawn promotes there.
#[inline(always)]
fn promotions_of(u: Piece, r: Square) -> u64 {
    if u.role() == Role::Pawn && r.rank() == u.color().promotion_rank() {
        4
    } else {
        1
    }
}

/// A capture by an unpinned unit other than the king, the rebirth square depending on the
/// capture: legal unless the reborn unit attacks the king or its square is taken (Strict).
#[inline(always)]
fn by_capture(pos: &Position, c: &Circe, k: Square, from: Square, to: Square, arrived: Option<Role>) -> Option<u64> {
    let p = pos.piece_at(from)?;
    let arrived = arrived.map_or(p, |r| p.with_role(r));
    let Some((unit, r)) = rebirth(pos, c, from, to, p, arrived) else {
        return Some(1);
    };
    Some(reborn_weight(c, k, unit, r, pos.occupied().without(from)))
}

/// How many legal moves a capture makes whose victim is reborn as `unit` on `r`, the
/// board's occupancy without the capturer's departure square `occ`: none when the square
/// is taken in Strict Circe, else one per walk the unit may take there that does not
/// check our king on `k`.
#[inline(always)]
fn reborn_weight(c: &Circe, k: Square, unit: Piece, r: Square, occ: Bitboard) -> u64 {
    if occ.contains(r) {
        return u64::from(c.occupied != Occupied::Illegal);
    }
    // (a unit that attacks no king there on an empty board, and no pawn to promote: legal)
    if !Bitboard(crate::fast::rebirth_tables::danger_squares(unit.color(), k)[unit.role().index()]).contains(r) {
        return 1;
    }
    if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() {
        let open = line(k, r).any() && (between(k, r) & occ).is_empty();
        return promoted_walks(u64::from(open), u64::from(knight_attacks(r).contains(k)));
    }
    walks_on(unit, r)
        .iter()
        .filter(|&&walk| !checks_from(unit.color(), c.first_rank_pawns, walk, r, k, occ.with(r)))
        .count() as u64
}

/// The walks a unit arriving on `r` (by a move or a rebirth) may take: a pawn on its
/// promotion rank promotes (one move per choice), any other keeps its walk.
#[inline(always)]
fn walks_on(unit: Piece, r: Square) -> &'static [Role] {
    if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() {
        &Role::PROMOTIONS
    } else {
        // (`Role::ALL` is in index order, from 1)
        &Role::ALL[unit.role().index() - 1..unit.role().index()]
    }
}

/// The orthodox generator's moves counted, but for the captures of `look` victims, kept
/// to be weighed after (packed: departure, arrival, and whether it promotes) and the
/// king's captures, judged apart: the sink of the plainest rules, small enough to stay in
/// registers. `DEAD` (Strict Circe): the captures of `dead` victims by units off
/// `dead_from` are left out (see [`Lean`]).
struct Plain<const DEAD: bool> {
    n: u64,
    look: Bitboard,
    dead: Bitboard,
    dead_from: Bitboard,
    /// Victims whose capture the generator leaves out ([`Sink::forbid`]).
    forbid: Bitboard,
    king: Square,
    theirs: Bitboard,
    /// How many captures were kept (over the capacity: too many, the count gives up).
    len: usize,
    caps: [std::mem::MaybeUninit<u16>; CAPACITY],
}

/// The captures [`Plain`] keeps at most.
const CAPACITY: usize = 128;

impl<const DEAD: bool> Plain<DEAD> {
    /// The sink for our king on `k` (the king's captures left out), keeping the captures of
    /// `look` victims.
    #[inline(always)]
    fn new(pos: &Position, k: Square, look: Bitboard, dead: Bitboard, dead_from: Bitboard) -> Self {
        let theirs = pos.sets().color[pos.turn().other().index()];
        Plain {
            n: 0,
            look,
            dead,
            dead_from,
            forbid: Bitboard::EMPTY,
            king: k,
            theirs,
            len: 0,
            caps: [std::mem::MaybeUninit::uninit(); CAPACITY],
        }
    }

    /// Runs the generator's moves of the units of `movable` into the sink.
    #[inline(always)]
    fn run(&mut self, pos: &Position, movable: Bitboard, checkers: Bitboard, pinned: Bitboard) -> &Self {
        crate::orthodox::generate_with(pos, movable, checkers, pinned, self);
        self
    }

    /// The count with each capture kept weighed by its victim ([`super::victim_weight`]).
    #[inline(always)]
    fn by_victim(&self, pos: &Position, rule: &VictimRule<'_>) -> Option<u64> {
        let mut n = self.n;
        for (from, to, times) in self.kept()? {
            n += times
                * super::victim_weight(
                    pos,
                    &rule.c,
                    rule.fr,
                    Some(self.king),
                    rule.occ,
                    Bitboard::EMPTY,
                    from,
                    to,
                )?;
        }
        Some(n)
    }

    #[inline(always)]
    fn keep(&mut self, from: Square, to: Square, promotes: bool) {
        if self.len < CAPACITY {
            self.caps[self.len] =
                std::mem::MaybeUninit::new(from.index() as u16 | (to.index() as u16) << 6 | u16::from(promotes) << 12);
        }
        self.len += 1;
    }

    /// The captures kept: departure, arrival, and the moves each stands for (four
    /// promotions, or one); `None` when there were too many.
    #[inline(always)]
    fn kept(&self) -> Option<impl Iterator<Item = (Square, Square, u64)> + '_> {
        // SAFETY: the first `len` entries, at most the capacity, were written by `keep`
        Some(
            self.caps
                .get(..self.len)?
                .iter()
                .map(|cap| unsafe { cap.assume_init() })
                .map(|cap| {
                    (
                        Square::new((cap & 63) as u8),
                        Square::new((cap >> 6 & 63) as u8),
                        if cap >> 12 != 0 { 4 } else { 1 },
                    )
                }),
        )
    }

    /// Strict Circe: `t` (pawn moves `delta` long, arrival squares) but the captures of
    /// dead victims by units off their `dead_from` squares.
    #[inline(always)]
    fn alive(&self, t: Bitboard, delta: i8) -> Bitboard {
        if DEAD {
            alive(t, delta, self.dead, self.dead_from)
        } else {
            t
        }
    }
}

/// Strict Circe: the arrival squares `t` of pawn moves `delta` long but the captures of
/// `dead` victims by pawns off the squares `dead_from` (see [`dead_victims`]).
#[inline(always)]
fn alive(t: Bitboard, delta: i8, dead: Bitboard, dead_from: Bitboard) -> Bitboard {
    t & !(dead & !crate::orthodox::shift(dead_from, delta))
}

impl<const DEAD: bool> Sink for Plain<DEAD> {
    #[inline(always)]
    fn forbid(&self) -> Bitboard {
        self.forbid
    }
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let t = if DEAD && !self.dead_from.contains(from) {
            t & !self.dead
        } else {
            t
        };
        self.n += (t & !self.look).count() as u64;
        for to in t & self.look {
            self.keep(from, to, false);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        let t = self.alive(t, delta);
        self.n += (t & !self.look).count() as u64;
        for to in t & self.look {
            self.keep(Square::new((to.index() as i8 - delta) as u8), to, false);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let t = self.alive(t, delta);
        self.n += 4 * (t & !self.look).count() as u64;
        for to in t & self.look {
            self.keep(Square::new((to.index() as i8 - delta) as u8), to, true);
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        // (no e.p. capture: `setup` leaves those positions out)
        match () {
            // the king's captures are judged apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ if self.look.contains(m.to()) => self.keep(m.from(), m.to(), false),
            _ => self.n += 1,
        }
    }
}

/// Assassin: our king's step `m` (to a square no enemy unit attacks, as the orthodox
/// generator makes it) onto one of our home squares: legal unless a capture would rebirth
/// one of our units there.
fn assassin_step_legal(pos: &Position, fr: super::FirstRankPawns, m: Move) -> bool {
    let us = pos.turn();
    let b = crate::fast::exact::king_on(pos.sets(), us, m.from(), m.to());
    !super::assassination_threat(&b, us, m.to(), fr, |att| att)
}

/// Assassin: castling `m` (no square of it attacked, as the orthodox generator makes it):
/// legal unless a rebirth threatens the king on the square it crosses (standing there) or
/// on its arrival square.
fn assassin_castling_legal(pos: &Position, fr: super::FirstRankPawns, m: Move) -> bool {
    let us = pos.turn();
    // (the rook's arrival square is the one the king crosses)
    let pass = crate::rules::effects::castling_rook(m).1;
    !super::assassination_threat(
        &crate::fast::exact::king_on(pos.sets(), us, m.from(), pass),
        us,
        pass,
        fr,
        |att| att,
    ) && !super::assassination_threat(&crate::fast::exact::castled(pos.sets(), us, m), us, m.to(), fr, |att| {
        att
    })
}

/// Parrain, our pawn pending (captured on `promo`'s square, reborn after our move on that
/// square plus the move's vector) and nothing else to look at (every capture legal, no
/// victim reborn now): the orthodox generator's moves counted, and for each whose vector
/// rebirths the pawn on its promotion rank, on a square empty after the move, three more
/// (its four walks), in bulk per unit ([`PendingPawn::promotions`]). The king's captures
/// are judged apart, and with the pawn captured on its promotion rank castling too.
struct PendingPawn {
    n: u64,
    king: Square,
    theirs: Bitboard,
    /// The pawn's capture square, and the rank distance from it to its promotion rank.
    promo: (Square, i32),
    occ: Bitboard,
    unsure: bool,
}

impl PendingPawn {
    /// The extra moves of the moves from `from` to `targets`: those `dy` ranks away (the
    /// others rebirth the pawn off its promotion rank) whose rebirth square, `targets`'
    /// file moved by the file from `from` to the capture square, is on the board, is not the
    /// arrival square (the capture square our unit's own) and is empty after the move (or
    /// the square it leaves). By bytes: the arrival files on that rank against the free
    /// files of the promotion rank shifted by that file distance.
    #[inline(always)]
    fn promotions(&self, from: Square, targets: Bitboard) -> u64 {
        let (a, dy) = self.promo;
        let rank = from.rank() as i32 + dy;
        if !(0..8).contains(&rank) || a == from {
            return 0;
        }
        let arrivals = (targets.0 >> (8 * rank as u32)) & 0xff;
        let promotion_rank = (a.rank() as i32 + dy) as u32;
        let mut free = (!self.occ.0 >> (8 * promotion_rank)) & 0xff;
        if from.rank() as u32 == promotion_rank {
            free |= 1 << from.file();
        }
        // (arrival file f rebirths on file f + shift)
        let shift = a.file() as i32 - from.file() as i32;
        let reborn = if shift >= 0 {
            free >> shift
        } else {
            (free << -shift) & 0xff
        };
        3 * u64::from((arrivals & reborn).count_ones())
    }

    /// [`PendingPawn::promotions`] of the pawn moves `delta` long to `t`: one vector, so one
    /// rebirth square `r` for them all, which is no pawn's departure (it lies on the
    /// promotion rank) but may be an arrival (of the pawn leaving the capture square).
    #[inline(always)]
    fn pawn_move_promotions(&self, t: Bitboard, delta: i8) -> u64 {
        let (a, dy) = self.promo;
        // (one rank or two, up or down; the file step what is left)
        let vy = (i32::from(delta) + 4).div_euclid(8);
        let Some(r) = a.offset(i32::from(delta) - 8 * vy, vy).filter(|_| vy == dy) else {
            return 0;
        };
        3 * t.without(r).when(!self.occ.contains(r)).count() as u64
    }
}

impl Sink for PendingPawn {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        self.n += t.count() as u64 + self.promotions(from, t);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, _: MoveKind) {
        self.n += t.count() as u64 + self.pawn_move_promotions(t, delta);
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        self.n += 4 * (t.count() as u64 + self.pawn_move_promotions(t, delta));
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        match m.kind() {
            MoveKind::EnPassant => self.unsure = true,
            // (captured on its promotion rank, the pawn may be promoted by castling, which
            // moves it along that rank: judged apart, by its own vector)
            MoveKind::CastleKing | MoveKind::CastleQueen if self.promo.1 == 0 => {}
            // the king's captures are judged apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ => self.n += 1 + self.promotions(m.from(), Bitboard::from_square(m.to())),
        }
    }
}

/// Counts the orthodox generator's moves; captures of `look` victims are weighed one by one.
/// `EXTRA`: victims are out of reach (`dead`) or the king may walk into an Assassin threat
/// (`threats`): the plainest rules pay for neither (a pending pawn: [`PendingPawn`]);
/// `DEPART`: the look by capturer (Platzwechsel, Clone: [`look_from`]).
struct Lean<'a, const EXTRA: bool, const DEPART: bool> {
    n: u64,
    /// Assassin: our home squares, where the king may be removed by a rebirth (its steps
    /// there and castling are judged on the board); else empty.
    threats: Bitboard,
    theirs: Bitboard,
    look: Bitboard,
    king: Square,
    rule: VictimRule<'a>,
    /// The rebirth square depends on the victim alone (else on the capture).
    by_victim: bool,
    /// Victims that cannot be captured (Strict Circe: their rebirth square is taken) by a
    /// unit standing outside `dead_from` (the squares where some rebirth could be).
    dead: Bitboard,
    dead_from: Bitboard,
    /// A move this module does not model was met.
    unsure: bool,
    /// Platzwechsel, Clone: see [`look_from`].
    depart: Option<FromLook>,
}

impl<const EXTRA: bool, const DEPART: bool> Lean<'_, EXTRA, DEPART> {
    /// The victims whose capture from `from` to `t` is weighed (see [`look_from`]).
    #[inline(always)]
    fn look_at(&self, from: Square, t: Bitboard) -> Bitboard {
        if DEPART && (t & self.look).any() {
            look_from(self.look, self.depart, self.rule.pos.sets(), from)
        } else {
            self.look
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
            None => self.unsure = true,
        }
    }
}

impl<const EXTRA: bool, const DEPART: bool> Sink for Lean<'_, EXTRA, DEPART> {
    #[inline(always)]
    fn targets(&mut self, from: Square, mut t: Bitboard) {
        if EXTRA && !self.dead_from.contains(from) {
            t &= !self.dead;
        }
        let look = self.look_at(from, t);
        self.n += (t & !look).count() as u64;
        for to in t & look {
            self.capture(from, to, 1);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, mut t: Bitboard, delta: i8, _: MoveKind) {
        if EXTRA && (crate::orthodox::shift(t & self.dead, -delta) & self.dead_from).is_empty() {
            t &= !self.dead;
        }
        self.n += (t & !self.look).count() as u64;
        for to in t & self.look {
            let from = Square::new((to.index() as i8 - delta) as u8);
            if self.look_at(from, Bitboard::from_square(to)).contains(to) {
                self.capture(from, to, 1);
            } else {
                self.n += 1;
            }
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, mut t: Bitboard, delta: i8) {
        if EXTRA && (crate::orthodox::shift(t & self.dead, -delta) & self.dead_from).is_empty() {
            t &= !self.dead;
        }
        self.n += 4 * (t & !self.look).count() as u64;
        for to in t & self.look {
            let from = Square::new((to.index() as i8 - delta) as u8);
            if self.look_at(from, Bitboard::from_square(to)).contains(to) {
                self.capture(from, to, 4);
            } else {
                self.n += 4;
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        match m.kind() {
            MoveKind::EnPassant => self.unsure = true,
            MoveKind::CastleKing | MoveKind::CastleQueen if EXTRA && self.threats.any() => {
                self.n += u64::from(assassin_castling_legal(self.rule.pos, self.rule.fr, m))
            }
            // the king's captures are judged apart
            _ if m.from() == self.king && self.theirs.contains(m.to()) => {}
            _ if EXTRA && m.from() == self.king && self.threats.contains(m.to()) => {
                self.n += u64::from(assassin_step_legal(self.rule.pos, self.rule.fr, m))
            }
            _ if self.look_at(m.from(), Bitboard::from_square(m.to())).contains(m.to()) => {
                self.capture(m.from(), m.to(), 1)
            }
            _ => self.n += 1,
        }
    }
}
