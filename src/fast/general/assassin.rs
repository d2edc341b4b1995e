//! Assassin Circe in the general counter. A unit reborn on an occupied square removes the
//! occupant, so our king standing on the home square of one of our units is in check when
//! the enemy can capture that unit: its rebirth would remove the king.
//! [`assassination_threat`] says so for any board (the victim family uses it too), and
//! `General::count_assassin_home` counts the positions whose king stands on such a square: a
//! quiet move that opens no line onto the king or those units, and does not make its own
//! unit one of them, cannot change the threat and is counted in bulk.

use crate::attacks::king_attacks;
use crate::bitboard::Bitboard;
use crate::fast::geometry::{attacked, capturing, first_rank_pawns};
use crate::fast::rebirth_tables::victims_to_weigh;
use crate::fast::{exact, victim};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Sets};
use crate::rules::circe::{home_square, Circe, FirstRankPawns};
use crate::rules::{madrasi, Rules};
use crate::square::{Color, Piece, Role, Square};

use super::General;

/// Assassin Circe: the squares where a king can be removed by a rebirth (the home squares
/// of its side's other walks).
#[inline(always)]
pub(crate) fn threat_squares(c: Color) -> Bitboard {
    crate::rules::circe::home_squares(c)
}

/// Assassin Circe: on board `b`, could the enemy capture one of `us`'s units whose rebirth
/// square (its home square) is `k`, removing our king standing there? Any geometric
/// capture counts (docs/rules.md), by the attackers `able` keeps (Madrasi: the unparalysed).
pub(crate) fn assassination_threat(
    b: &Sets,
    us: Color,
    k: Square,
    fr: FirstRankPawns,
    able: impl Fn(Bitboard) -> Bitboard,
) -> bool {
    assassination_threat_with(b, b.occ, us, k, fr, able)
}

/// [`assassination_threat`] with the occupancy `occ`: the board `b` after a move of our king
/// (and rook) only, which moves no unit whose rebirth square it could be.
#[inline(always)]
pub(crate) fn assassination_threat_with(
    b: &Sets,
    occ: Bitboard,
    us: Color,
    k: Square,
    fr: FirstRankPawns,
    able: impl Fn(Bitboard) -> Bitboard,
) -> bool {
    let Some(role) = crate::rules::circe::home_role(us, k) else {
        return false;
    };
    let capturing = capturing(b, us.other(), fr);
    let mut units = b.pieces(us, role) & crate::rules::circe::home_preimage_of(role, us, k);
    Iterator::any(&mut units, |x| able(b.attackers_to(x, occ) & capturing).any())
}

impl General {
    /// Assassin Circe, our king on one of our home squares `k` (a capture of one of our units
    /// whose rebirth square is `k` would remove it), neither attacked nor so threatened: a
    /// quiet move of another unit changes that only by emptying a square that screens the
    /// king or one of those units from an enemy slider, or by landing where the unit's
    /// rebirth square would be `k` (or promoting). The other quiet moves are legal, and the
    /// other captures are decided by the reborn unit (below). In the plain preset those
    /// moves too are judged on the bitboards (the king attacked, or one of those units
    /// capturable, after the move); the rest (promotions, e.p., double steps, and outside
    /// the plain preset the king's moves) on the board.
    pub(super) fn count_assassin_home(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let (Some(k), true) = (self.king, self.checkers.is_empty()) else {
            return self.count_listed(pos, rules);
        };
        let s = *pos.sets();
        if self.assassination_threat(&s, k) {
            return self.count_listed(pos, rules);
        }
        let (us, them) = (self.us, self.them);
        let mut screens = exact::screens(&s, them, k);
        let mut targets = Bitboard::EMPTY;
        for role in Role::CAPTURABLE {
            for x in s.pieces(us, role) & crate::rules::circe::home_preimage_of(role, us, k) {
                screens |= exact::screens(&s, them, x);
                targets = targets.with(x);
            }
        }
        // the plain Assassin preset: the capturer stays, the victim is reborn at once on
        // its home square, replacing the occupant
        let preset = self.circe.is_some_and(|c| c.plain_home_rebirth());
        // the plain preset: the king's steps to empty squares and castling as when it stands
        // elsewhere ([`victim::assassin_king`]; no pawn on its first rank, which may not
        // capture, where that counts every pawn's attacks); the other units' simple quiet
        // moves (below) counted in bulk on the orthodox generator, the rest listed
        let plain = preset && first_rank_pawns(&s).is_empty();
        let mut list = MoveList::new();
        let mut n = 0;
        if plain {
            n = victim::assassin_king(pos, k, self.threats);
            let safe = self
                .circe
                .map_or(Bitboard::EMPTY, |c| safe_victims(pos, &c, them, targets.with(k)));
            let mut sink = ThreatSink {
                pos,
                us,
                k,
                screens,
                free: !s.occ | safe,
                n: 0,
                list: &mut list,
            };
            // (no pins: a capture's rebirth may close the line; those units are in `screens`)
            crate::orthodox::generate_with(
                pos,
                s.color[us.index()].without(k),
                Bitboard::EMPTY,
                Bitboard::EMPTY,
                &mut sink,
            );
            n += sink.n;
            for to in king_attacks(k) & s.color[them.index()] {
                list.push(Move::new(k, to, MoveKind::Normal));
            }
        } else {
            crate::movegen::candidates(pos, rules, &mut list);
        }
        let capturing = capturing(&s, them, self.fr);
        for &m in list.iter() {
            let (from, to) = (m.from(), m.to());
            // (a move that opens no line onto the king or those units)
            let opens_none = matches!(m.kind(), MoveKind::Normal | MoveKind::DoublePush)
                && m.promotion_role().is_none()
                && from != k
                && !screens.contains(from);
            // (the unit landing where its rebirth square would be the king's)
            let lands = crate::rules::circe::home_preimage_of(pos.role_on(from), us, k).contains(to);
            let simple = opens_none && !lands;
            let quiet = !s.occ.contains(to);
            if simple && quiet {
                n += 1;
                continue;
            }
            // another quiet move (not a double step: an e.p. capture could take the pawn
            // too), landing where the unit's rebirth square would be the king's or opening a
            // line: legal unless the king is attacked after it or the enemy can take one of
            // our units whose rebirth square is the king's
            if plain && quiet && from != k && m.kind() == MoveKind::Normal && m.promotion_role().is_none() {
                let after = s.occ.without(from).with(to);
                let exposed = if lands {
                    targets.without(from).with(to)
                } else {
                    targets.without(from)
                };
                let safe = (opens_none || !attacked(&s, k, them, after, self.fr))
                    && exposed
                        .into_iter()
                        .all(|x| (s.attackers_to(x, after) & capturing).is_empty());
                n += u64::from(safe);
                continue;
            }
            // a capture that opens no line onto the king or those units and leaves the
            // capturer where it is none of them: the reborn unit decides (on the king: it
            // is removed; attacking the king or one of those units left: illegal)
            if let (true, true, Some(v)) = (
                simple,
                preset,
                s.piece_at(to).filter(|v| v.color() == them && v.role() != Role::King),
            ) {
                let r = home_square(v.role(), them, to);
                let after = s.occ.without(from).with(r);
                let exposed = (targets.without(from).without(r)).with(k);
                n += u64::from(r != k && (crate::attacks::attacks(v.role(), them, r, after) & exposed).is_empty());
                continue;
            }
            // any other capture (not e.p., no promotion, not the king's): on the bitboards,
            // the victim reborn on its home square, replacing whatever stands there (the
            // capturer too, when that is the capture square)
            let plain_capture = plain && from != k && m.kind() == MoveKind::Normal && m.promotion_role().is_none();
            if let (true, Some(v)) = (
                plain_capture,
                s.piece_at(to).filter(|v| v.color() == them && v.role() != Role::King),
            ) {
                let r = home_square(v.role(), them, to);
                let after = s.occ.without(from).with(r);
                // (the enemy units but the victim and the one the reborn unit replaces)
                let enemy = capturing & !Bitboard::from_square(to).with(r);
                let reach = crate::attacks::attacks(v.role(), them, r, after);
                // (a capturer on the capture square is replaced by the reborn unit)
                let exposed = if lands && r != to { targets.with(to) } else { targets }
                    .without(from)
                    .without(r)
                    .with(k);
                n += u64::from(
                    r != k
                        && (reach & exposed).is_empty()
                        && exposed
                            .into_iter()
                            .all(|x| (s.attackers_to(x, after) & enemy).is_empty()),
                );
                continue;
            }
            n += self.by_board(pos, rules, m);
        }
        n
    }

    /// Assassin Circe: could the enemy capture one of our units whose rebirth square is the
    /// king's square `k` (removing the king)? Any geometric capture counts: the rebirth lands
    /// on our king, not on the capturer's.
    pub(super) fn assassination_threat(&self, b: &Sets, k: Square) -> bool {
        assassination_threat(b, self.us, k, self.fr, |mut att| {
            if let Some(kings) = self.madrasi {
                for a in att {
                    let ra = Role::ALL
                        .into_iter()
                        .find(|&r| b.role[r.index()].contains(a))
                        .expect("attacker walk");
                    if madrasi::observed_on(b, a, Piece::new(self.them, ra), kings, self.fr, self.mars_rules()) {
                        att = att.without(a);
                    }
                }
            }
            att
        })
    }
}

/// Assassin Circe's king on a home square `k` (`General::count_assassin_home`, plain
/// preset): the orthodox generator's moves of our other units, those that are simple
/// (quiet, not a promotion, from a square that screens neither the king nor a unit whose
/// rebirth square is `k`, and not landing where the unit's rebirth square would be `k`)
/// counted, the others listed to be judged one by one.
struct ThreatSink<'a> {
    pos: &'a Position,
    us: Color,
    k: Square,
    screens: Bitboard,
    /// Where a move that opens no line and does not land where its unit's rebirth square
    /// would be the king's is legal: the empty squares and the [`safe_victims`].
    free: Bitboard,
    n: u64,
    list: &'a mut MoveList,
}

impl ThreatSink<'_> {
    /// The arrivals of a simple move of `role` among `t`: to an empty square or onto a safe
    /// victim, not where the unit's rebirth square would be the king's.
    #[inline(always)]
    fn simple(&self, role: Role, t: Bitboard) -> Bitboard {
        t & self.free & !crate::rules::circe::home_preimage_of(role, self.us, self.k)
    }
}

/// Assassin Circe, plain preset, our king on a home square: the enemy units (of `them`)
/// whose capture by a move that opens no line onto `exposed` (the king and our units whose
/// rebirth square is the king's) is legal for sure. The reborn unit replaces whatever stands
/// on its square, which stays occupied, so only the reborn unit itself matters: it must not
/// land on the king nor attack any square of `exposed`. Left out (the listing judges them):
/// the units whose rebirth square could, on an empty board, attack or be a square of
/// `exposed` ([`victims_to_weigh`] of each, as if it were the king), pawns reborn on their
/// promotion rank, kings. (Nothing is hidden here: `count_assassin_home`.)
#[inline(always)]
fn safe_victims(pos: &Position, c: &Circe, them: Color, exposed: Bitboard) -> Bitboard {
    let s = pos.sets();
    let to_weigh = exposed.into_iter().fold(s.pieces(them, Role::King), |b, x| {
        b | victims_to_weigh(pos, c, them, Some(x), Bitboard::EMPTY)
    });
    s.color[them.index()] & !to_weigh
}

impl crate::orthodox::Sink for ThreatSink<'_> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let simple = if self.screens.contains(from) {
            Bitboard::EMPTY
        } else {
            self.simple(self.pos.role_on(from), t)
        };
        self.n += simple.count() as u64;
        crate::orthodox::Sink::targets(&mut *self.list, from, t & !simple);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        let simple = self.simple(Role::Pawn, t) & !crate::orthodox::shift(self.screens, delta);
        self.n += simple.count() as u64;
        crate::orthodox::Sink::pawn_shift(&mut *self.list, t & !simple, delta, kind);
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        crate::orthodox::Sink::pawn_promotions(&mut *self.list, t, delta);
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        self.list.push(m);
    }
}
