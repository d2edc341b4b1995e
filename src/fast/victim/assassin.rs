//! Assassin Circe in the victim family: a reborn unit replaces the occupant of its square,
//! so a capture can remove our king standing on the home square of one of our units. With
//! our king elsewhere, only its own steps and castling onto those squares differ from
//! Circe: [`assassin_king`] counts them (the generator leaving the king out), and the
//! listing decides each the same way ([`assassin_step_legal`],
//! [`assassin_castling_legal`]). A king already on such a square: `assassin_home`.

use crate::attacks::{between, king_attacks, knight_attacks, line, pawn_attacks};
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::circe::{Circe, Occupied};
use crate::square::{Color, Role, Square};

/// Assassin Circe, our king on `k`, one of our home squares, where a rebirth could remove
/// it: counted by [`assassin_home`](super::assassin_home).
#[inline(always)]
pub(super) fn assassin_at_home(pos: &Position, c: &Circe, k: Square) -> bool {
    c.occupied == Occupied::Assassinate && crate::fast::general::threat_squares(pos.turn()).contains(k)
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
    let doubtful = hot & !sure;
    let mut n = (steps & !hot).count() as u64;
    for to in steps & doubtful {
        n += u64::from(!screened_threat(s, us, to, away.with(to), map));
    }
    if map.contains(k) {
        // (in check: no castling)
        return n;
    }
    // castling: neither square attacked nor surely threatened (the rook's arrival, on the
    // square the king crosses, screens no unit whose home square is the king's arrival: it
    // stands on the first rank between them, or on a line of the other square colour); in
    // bulk by the arrival squares, a closer look for the few on or passing a `doubtful` square
    let bad = map | sure;
    let legal = tos & !bad & !crate::fast::exact::castling_arrivals(bad);
    let near = legal & (doubtful | crate::fast::exact::castling_arrivals(doubtful));
    n += (legal & !near).count() as u64;
    for to in near {
        n += u64::from(!castling_threat(
            s,
            us,
            crate::fast::exact::castling_to(k, to).m,
            away,
            doubtful,
            map,
        ));
    }
    n
}

/// Assassin: is our castling `m` (from the board `away`, without our king) threatened by a
/// rebirth on the square its king crosses (standing there) or on its arrival square, among
/// the squares of `doubtful`?
#[inline(never)]
fn castling_threat(
    s: &crate::position::Sets,
    us: Color,
    m: Move,
    away: Bitboard,
    doubtful: Bitboard,
    map: Bitboard,
) -> bool {
    let (rf, rt) = crate::rules::effects::castling_rook(m);
    (doubtful.contains(rt) && screened_threat(s, us, rt, away.with(rt), map))
        || (doubtful.contains(m.to()) && screened_threat(s, us, m.to(), away.without(rf).with(m.to()).with(rt), map))
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

/// Assassin: our king's step `m` (to a square no enemy unit attacks, as the orthodox
/// generator makes it) onto one of our home squares: legal unless a capture would rebirth
/// one of our units there.
pub(super) fn assassin_step_legal(pos: &Position, fr: crate::rules::circe::FirstRankPawns, m: Move) -> bool {
    let us = pos.turn();
    let b = crate::fast::exact::king_on(pos.sets(), us, m.from(), m.to());
    !crate::fast::general::assassination_threat(&b, us, m.to(), fr, |att| att)
}

/// Assassin: castling `m` (no square of it attacked, as the orthodox generator makes it):
/// legal unless a rebirth threatens the king on the square it crosses (standing there) or
/// on its arrival square.
pub(super) fn assassin_castling_legal(pos: &Position, fr: crate::rules::circe::FirstRankPawns, m: Move) -> bool {
    let us = pos.turn();
    // (the rook's arrival square is the one the king crosses)
    let pass = crate::rules::effects::castling_rook(m).1;
    !crate::fast::general::assassination_threat(
        &crate::fast::exact::king_on(pos.sets(), us, m.from(), pass),
        us,
        pass,
        fr,
        |att| att,
    ) && !crate::fast::general::assassination_threat(
        &crate::fast::exact::castled(pos.sets(), us, m),
        us,
        m.to(),
        fr,
        |att| att,
    )
}
