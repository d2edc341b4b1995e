//! Counting the legal moves of a position without playing them: the last ply of perft.
//!
//! The generic pipeline plays every move (`Rules::play`) and looks at the board. Here the
//! same answer is reached cheaply:
//!
//! * a quiet move of a unit that is not pinned, made while the king is not attacked, cannot
//!   leave the king attacked: those moves are counted in bulk (popcounts), as orthodox
//!   perft does;
//! * every other move is applied to a copy of the bitboards only ([`Sets`]), effects
//!   included (rebirths, capturers reborn or removed), and the king is tested there. Under
//!   every definition of check handled here, a king that no enemy unit attacks
//!   geometrically is not in check; when it is attacked, rule sets whose check is the plain
//!   attack decide at once, the others play the move through the generic pipeline.
//!
//! Anything this module does not model (Cohen's rule, a pending Parrain rebirth, Mars
//! geometry outside `mars_path`, an Assassin king on a home square outside the lean path's positions, moves that uncover hidden Volcanic units) is counted by the
//! generic pipeline. Tests check that both give the same counts (`Rules::generic()`).

pub(crate) mod effects;
mod exact;
pub(crate) mod plan;
mod rebirth_tables;
mod victim;

use effects::After;
pub(crate) use plan::Plan;
use plan::{Fallback, Path};

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Sets, Undo};
use crate::rules::circe::{
    home_square, CaptureContext, Capturer, Circe, FirstRankPawns, Occupied, OwnSquare, SquareRule, Victim, WalkRule,
    When,
};
use crate::rules::effects::{castling_rook, NoRecord, Outcome};
use crate::rules::{isardam, madrasi, Observation, Rules};
use crate::square::{Color, Piece, Role, Square};

/// The number of legal moves of the side to move (what `Rules::for_each_legal` visits),
/// knowing for Cohen's rule the occupancy of the position before the opponent's
/// last move: only moves that empty every square occupied now and empty then can recreate
/// that position, and only those need the comparison.
///
/// The lean path's instances are called from perft's loop itself, the other short paths
/// from `count_other`, and what they leave from `count_rest`: neither the lean path
/// nor the others pay for the frame of a function that holds the rest.
#[inline(always)]
pub(crate) fn count_with(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    before_last_occ: Option<Bitboard>,
) -> u64 {
    match (plan.path(), rules.circe.as_ref()) {
        (Path::Victim(i), Some(c)) => match victim::instances::LEAN.count(i, pos, c) {
            Some(n) => n,
            None => count_rest(pos, rules, plan, before_last, before_last_occ),
        },
        _ => count_other(pos, rules, plan, before_last, before_last_occ),
    }
}

/// perft(2) of `pos` without playing its moves on the position, where the rules' short path
/// counts a position from its bitboards and castling flags alone (Mars Circe: the bitboards
/// after each move are built from `pos`'s); `None` elsewhere, and where the path does not
/// model `pos`.
pub(crate) fn count_two(pos: &Position, rules: &Rules, plan: Plan) -> Option<u64> {
    match (plan.path(), rules.circe.as_ref()) {
        (Path::Mars, Some(c)) => exact::mars::count_two(pos, c),
        _ => None,
    }
}

/// [`count_with`] by the other short paths (inlined here: a call of their own made them
/// slower), then [`count_rest`].
#[inline(never)]
fn count_other(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    before_last_occ: Option<Bitboard>,
) -> u64 {
    match short_count(pos, rules, plan.path()) {
        Some(n) => n,
        None => count_rest(pos, rules, plan, before_last, before_last_occ),
    }
}

/// [`count_with`] where the short path gave up: the exact paths' attacked kings, e.p. on
/// the lean path, then the general counter ([`Leaf`]) or the generic pipeline.
#[inline(never)]
fn count_rest(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    before_last_occ: Option<Bitboard>,
) -> u64 {
    // (the Anticirce and Kamikaze paths' positions whose king is attacked: judged move by
    // move there, out of their common path's way)
    let attacked = match (plan.path(), rules.circe.as_ref()) {
        (Path::Anticirce, Some(c)) => exact::anticirce::count_attacked(pos, c),
        (Path::Kamikaze, Some(c)) => exact::kamikaze::count_attacked(pos, c),
        _ => None,
    };
    if let Some(n) = attacked {
        return n;
    }
    if let Some(n) = lean_en_passant(pos, rules, plan, before_last) {
        return n;
    }
    // a pending rebirth is modelled as Parrain places it: an occupied square makes it vanish
    let pending_other = pos.pending().is_some() && rules.circe.is_some_and(|c| c.occupied != Occupied::Vanish);
    if plan.fallback == Fallback::Generic || pending_other {
        return generic_count(pos, rules, before_last);
    }
    let mut leaf = Leaf::new(pos, rules);
    if rules.cohen {
        leaf.cohen = before_last;
        if let Some(occ) = before_last_occ {
            leaf.cohen_vacate = pos.occupied() & !occ;
            // a move empties at most three squares (e.p.: departure, arrival, victim)
            if leaf.cohen_vacate.count() > 3 {
                leaf.cohen = None;
            }
        }
    }
    leaf.count(pos, rules)
}

/// The lean path leaves out the positions where an e.p. capture can be made (its sinks do
/// not model one): they are counted there with the e.p. square cleared, and the e.p.
/// captures (two at most) judged on the board ([`victim::en_passant`]) or, where that leaves
/// them out, played through the generic pipeline; `None` when the path still leaves the
/// position out.
#[inline(never)]
fn lean_en_passant(pos: &mut Position, rules: &Rules, plan: Plan, before_last: Option<u64>) -> Option<u64> {
    let Path::Victim(_) = plan.path() else {
        return None;
    };
    let ep = pos.ep_square()?;
    let us = pos.turn();
    let them = us.other();
    let victim = ep.offset(0, -us.forward())?;
    let capturers = pawn_attacks(them, ep) & pos.pieces(us, Role::Pawn);
    if capturers.is_empty() || pos.occupied().contains(ep) || pos.piece_at(victim) != Some(Piece::new(them, Role::Pawn))
    {
        return None;
    }
    pos.set_ep_square(None);
    let n = short_count(pos, rules, plan.path());
    pos.set_ep_square(Some(ep));
    // (judged on the board where the plainest rules allow, else played)
    let c = rules.circe.as_ref()?;
    let judged = |pos: &mut Position, from| match victim::en_passant(pos, c, from, ep, victim) {
        Some(legal) => u64::from(legal),
        None => generic_one(pos, rules, Move::new(from, ep, MoveKind::EnPassant), before_last),
    };
    Some(n? + capturers.map(|from| judged(pos, from)).sum::<u64>())
}

fn generic_count(pos: &mut Position, rules: &Rules, before_last: Option<u64>) -> u64 {
    let mut n = 0;
    rules.for_each_legal(pos, before_last, |_, _| n += 1);
    n
}

/// Assassin Circe: the squares where a king can be removed by a rebirth (the home squares
/// of its side's other walks).
#[inline(always)]
fn threat_squares(c: Color) -> Bitboard {
    crate::rules::circe::home_squares(c)
}

/// Assassin Circe: on board `b`, could the enemy capture one of `us`'s units whose rebirth
/// square (its home square) is `k`, removing our king standing there? Any geometric
/// capture counts (RULES.md §4), by the attackers `able` keeps (Madrasi: the unparalysed).
fn assassination_threat(
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
fn assassination_threat_with(
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

/// The units of `c` that can capture: all but pawns on their own first rank where those are
/// immobile.
#[inline(always)]
fn capturing(s: &Sets, c: Color, fr: FirstRankPawns) -> Bitboard {
    s.color[c.index()] & !(s.pieces(c, Role::Pawn) & !mobile_pawns(s, c, fr))
}

/// The pawns of either side standing on their own first rank (which the short paths leave
/// to the board: whether they move or capture depends on the rules).
#[inline(always)]
fn first_rank_pawns(s: &Sets) -> Bitboard {
    s.role[Role::Pawn.index()]
        & (s.color[0] & Bitboard::rank(Color::White.first_rank())
            | s.color[1] & Bitboard::rank(Color::Black.first_rank()))
}

/// Enemy pawns that can capture (pawns on their own first rank may be immobile).
#[inline(always)]
fn mobile_pawns(s: &Sets, c: Color, fr: FirstRankPawns) -> Bitboard {
    let p = s.pieces(c, Role::Pawn);
    match fr {
        FirstRankPawns::Immobile => p & !Bitboard::rank(c.first_rank()),
        FirstRankPawns::StepAndCapture => p,
    }
}

/// Is `sq` attacked by a unit of `by` (plain geometry)?
#[inline(always)]
fn attacked(s: &Sets, sq: Square, by: Color, occ: Bitboard, fr: FirstRankPawns) -> bool {
    let q = s.pieces(by, Role::Queen);
    (rook_attacks(sq, occ) & (s.pieces(by, Role::Rook) | q)).any()
        || (bishop_attacks(sq, occ) & (s.pieces(by, Role::Bishop) | q)).any()
        || (knight_attacks(sq) & s.pieces(by, Role::Knight)).any()
        || (pawn_attacks(by.other(), sq) & mobile_pawns(s, by, fr)).any()
        || (king_attacks(sq) & s.pieces(by, Role::King)).any()
}

/// Mars Circe: the enemy units (square, walk, rebirth square) that could reach the king's
/// square from their rebirth square on an empty board (more than 16: not tracked).
struct MarsWatch {
    units: [(Square, Role, Square); 16],
    n: usize,
}

struct Leaf {
    us: Color,
    them: Color,
    king: Option<Square>,
    checkers: Bitboard,
    pinned: Bitboard,
    /// A plain attack on the king after the move is a check (no closer look needed).
    decisive: bool,
    /// Isardam type A: a check must pass the Isardam test (not modelled here).
    isardam_a: bool,
    isardam: Option<bool>,
    madrasi: Option<bool>,
    fr: FirstRankPawns,
    hidden: Bitboard,
    /// Captures by units whose move uncovers nothing need only the rebirths looked at.
    quick: bool,
    circe: Option<crate::rules::circe::Circe>,
    /// Mars Circe: attacks come from rebirth squares.
    mars: bool,
    /// Mars Circe: the enemy units (square, walk, rebirth square) that could reach the king's
    /// square from their rebirth square on an empty board — the only possible attackers as
    /// long as the king stays put.
    mars_watch: Option<MarsWatch>,
    /// Assassin Circe: a king on one of these squares may be threatened by a rebirth.
    threats: Bitboard,
    /// Circe Parrain: our unit captured on the opponent's last move, and where.
    pending: Option<(Piece, Square)>,
    /// Isardam: whether the board before the move passes the test.
    isardam_clean: bool,
    /// Cohen's rule: the hash of the position before the opponent's last move, which no
    /// move may recreate.
    cohen: Option<u64>,
    /// Cohen's rule: the squares occupied now and empty before the opponent's last move
    /// (empty: not known, every move is compared).
    cohen_vacate: Bitboard,
}

impl Leaf {
    fn new(pos: &Position, rules: &Rules) -> Leaf {
        let us = pos.turn();
        let them = us.other();
        let s = pos.sets();
        let fr = rules.first_rank_pawns();
        let king = pos.king(us);
        let mut checkers = Bitboard::EMPTY;
        let mut pinned = Bitboard::EMPTY;
        if let Some(k) = king {
            let occ = s.occ;
            let theirs = s.color[them.index()];
            checkers = s.attackers_to(k, occ) & theirs;
            checkers &= !(s.pieces(them, Role::Pawn) & !mobile_pawns(s, them, fr));
            for sn in s.snipers(them, k) {
                let b = between(k, sn) & occ;
                pinned |= b.when(!b.more_than_one() & (b & s.color[us.index()]).any());
            }
        }
        let (isardam, madrasi) = match rules.observation {
            Observation::Isardam { kings, .. } => (Some(kings), None),
            Observation::Madrasi { kings } => (None, Some(kings)),
            Observation::None => (None, None),
        };
        let decisive = rules.king_capture_is_plain()
            && !matches!(
                rules.observation,
                Observation::Madrasi { .. } | Observation::Isardam { type_b: false, .. }
            );
        let isardam_a = matches!(rules.observation, Observation::Isardam { type_b: false, .. });
        let mars = rules.is_mars();
        let mut mars_watch = None;
        if let (true, Some(c), Some(k)) = (mars, rules.circe.as_ref(), king) {
            let mut w = MarsWatch {
                units: [(Square::A1, Role::Pawn, Square::A1); 16],
                n: 0,
            };
            for role in Role::ALL {
                for sq in s.pieces(them, role) {
                    let l = c.lift_square(Piece::new(them, role), sq);
                    if crate::rules::check::reaches_on_empty_board(role, them, l, k) {
                        if w.n < w.units.len() {
                            w.units[w.n] = (sq, role, l);
                        }
                        w.n += 1;
                    }
                }
            }
            mars_watch = Some(w);
        }
        let threats = match rules.circe {
            Some(c) if c.occupied == Occupied::Assassinate => threat_squares(us),
            _ => Bitboard::EMPTY,
        };
        let king_threatened = king.is_some_and(|k| threats.contains(k));
        let quick = !mars && !king_threatened && isardam.is_none() && checkers.is_empty();
        Leaf {
            us,
            them,
            king,
            checkers,
            pinned,
            decisive,
            isardam_a,
            isardam,
            madrasi,
            fr,
            hidden: pos.hidden_mask(),
            quick,
            circe: rules.circe,
            mars,
            mars_watch,
            threats,
            pending: pos.pending().filter(|(u, _)| u.color() == us),
            isardam_clean: isardam.is_some_and(|kings| isardam::passes_sets(s, kings, fr, None)),
            cohen: None,
            cohen_vacate: Bitboard::EMPTY,
        }
    }

    fn count(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let s = pos.sets();
        let immobile_enemy_pawns = self.fr == FirstRankPawns::Immobile
            && (s.pieces(self.them, Role::Pawn) & Bitboard::rank(self.them.first_rank())).any();
        let king_threatened = self.king.is_some_and(|k| self.threats.contains(k));
        let pending_pawn = self.pending.is_some_and(|(u, _)| u.role() == Role::Pawn);
        if self.cohen.is_some() {
            // quiet moves in the orthodox generator's sink, each hash compared; the rest played
            let hybrid = self.checkers.is_empty()
                && self.isardam.is_none()
                && !immobile_enemy_pawns
                && !self.mars
                && !king_threatened
                && self.pending.is_none();
            return if hybrid {
                self.count_hybrid(pos, rules)
            } else {
                generic_count(pos, rules, self.cohen)
            };
        }
        if king_threatened
            && !self.mars
            && self.madrasi.is_none()
            && self.isardam.is_none()
            && self.pending.is_none()
            && self.hidden.is_empty()
        {
            self.count_threatened(pos, rules)
        } else if self.mars || king_threatened || pending_pawn {
            self.count_listed(pos, rules)
        } else if self.checkers.is_empty()
            && (self.isardam.is_none() || (self.isardam_clean && self.pending.is_none()))
            && !immobile_enemy_pawns
        {
            self.count_hybrid(pos, rules)
        } else {
            self.count_per_move(pos, rules)
        }
    }

    /// Every candidate of `movegen` judged on its board (Mars geometry; an Assassin king
    /// on a square where a rebirth could remove it).
    fn count_listed(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let mut list = MoveList::new();
        crate::movegen::candidates(pos, rules, &mut list);
        list.iter().map(|&m| self.by_board(pos, rules, m)).sum()
    }

    /// Assassin Circe, our king on one of our home squares `k` (a capture of one of our units
    /// whose rebirth square is `k` would remove it), neither attacked nor so threatened: a
    /// quiet move of another unit changes that only by emptying a square that screens the
    /// king or one of those units from an enemy slider, or by landing where the unit's
    /// rebirth square would be `k` (or promoting). The other quiet moves are legal, and the
    /// other captures are decided by the reborn unit (below). In the plain preset those
    /// moves too are judged on the bitboards (the king attacked, or one of those units
    /// capturable, after the move); the rest (promotions, e.p., double steps, and outside
    /// the plain preset the king's moves) on the board.
    fn count_threatened(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let (Some(k), true) = (self.king, self.checkers.is_empty()) else {
            return self.count_listed(pos, rules);
        };
        let s = *pos.sets();
        if self.assassination_threat(&s, k) {
            return self.count_listed(pos, rules);
        }
        let (us, them) = (self.us, self.them);
        let mut look = exact::screens(&s, them, k);
        let mut targets = Bitboard::EMPTY;
        for role in Role::CAPTURABLE {
            for x in s.pieces(us, role) & crate::rules::circe::home_preimage_of(role, us, k) {
                look |= exact::screens(&s, them, x);
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
                look,
                free: !s.occ | safe,
                n: 0,
                list: &mut list,
            };
            // (no pins: a capture's rebirth may close the line; those units are in `look`)
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
            let off_look = matches!(m.kind(), MoveKind::Normal | MoveKind::DoublePush)
                && m.promotion_role().is_none()
                && from != k
                && !look.contains(from);
            // (the unit landing where its rebirth square would be the king's)
            let lands = crate::rules::circe::home_preimage_of(pos.role_on(from), us, k).contains(to);
            let simple = off_look && !lands;
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
                let safe = (off_look || !attacked(&s, k, them, after, self.fr))
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

    /// The king is not attacked: the orthodox generator, restricted to the units that may
    /// move and whose moves uncover nothing, counts the quiet moves that keep the king
    /// unattacked (all legal); captures, e.p., castling, the moves of units standing on
    /// hidden units, and (when a plain attack is not necessarily a check) the quiet moves
    /// orthodox chess forbids are judged one by one.
    fn count_hybrid(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let us = self.us;
        let s = *pos.sets();
        let occ = s.occ;
        let empty = !occ;
        let theirs = s.color[self.them.index()];
        let mut mobile = s.color[us.index()] & !self.paralysed(pos);
        if self.fr == FirstRankPawns::Immobile {
            mobile &= !(s.pieces(us, Role::Pawn) & Bitboard::rank(us.first_rank()));
        }
        let on_hidden = mobile & self.hidden;
        let plain = mobile & !self.hidden;
        // Assassin: the king's own steps may walk into a rebirth threat; they go one by one
        let king_apart = self.threats.any();
        let generated = match self.king {
            Some(k) if king_apart => plain.without(k),
            _ => plain,
        };
        // castling as orthodox chess judges it, when a plain attack is a check and nothing
        // is hidden under the king or a rook
        let home = Bitboard::rank(us.first_rank());
        let castle_plain = self.shortcut()
            && self.isardam.is_none()
            && self.madrasi.is_none()
            && !self.mars
            && self.threats.is_empty()
            && (self.hidden & home).is_empty();
        let mut captures = MoveList::new();
        let isardam = self.isardam.map(|kings| (&*pos, kings, self.fr));
        let cohen = self.cohen.map(|h| (&*pos, h, self.cohen_vacate));
        let castle_plain = castle_plain && cohen.is_none();
        let victims = self.victim_rule(pos, true);
        let capturers = if cohen.is_none() && isardam.is_none() {
            self.capturer_rule(pos)
        } else {
            None
        };
        let mut n = if isardam.is_none() && cohen.is_none() {
            let mut sink = Hybrid::<true>::new(
                theirs,
                self.king,
                &mut captures,
                castle_plain,
                isardam,
                cohen,
                victims,
                capturers,
            );
            crate::orthodox::generate_with(pos, generated, self.checkers, self.pinned, &mut sink);
            sink.n
        } else {
            let mut sink = Hybrid::<false>::new(
                theirs,
                self.king,
                &mut captures,
                castle_plain,
                isardam,
                cohen,
                victims,
                capturers,
            );
            crate::orthodox::generate_with(pos, generated, self.checkers, self.pinned, &mut sink);
            sink.n
        };
        if let Some(k) = self.king.filter(|k| king_apart && plain.contains(*k)) {
            for to in king_attacks(k) & empty {
                n += self.king_step(pos, rules, k, to);
            }
        }
        for &m in captures.iter() {
            n += self.capture(pos, rules, m);
        }
        let mut extra = MoveList::new();
        // king captures, e.p., pinned units' captures off their line, every move of a unit
        // standing on hidden units; and when an attack may not be a check, the king's steps
        // to attacked squares and pinned units' quiet moves off their line
        if let Some(k) = self.king.filter(|k| plain.contains(*k)) {
            for to in king_attacks(k) & theirs {
                extra.push(Move::new(k, to, MoveKind::Normal));
            }
            if !self.shortcut() && !king_apart {
                for to in king_attacks(k) & empty {
                    if attacked(&s, to, self.them, occ.without(k), self.fr) {
                        extra.push(Move::new(k, to, MoveKind::Normal));
                    }
                }
            }
        }
        let pinned = self.pinned & plain;
        for from in pinned | on_hidden {
            let off_line = match self.king {
                Some(k) if !on_hidden.contains(from) => !crate::attacks::line(k, from),
                _ => Bitboard::FULL,
            };
            let both = on_hidden.contains(from) || !self.shortcut();
            self.moves_of(pos, from, off_line, both, &mut extra);
        }
        if let Some(ep) = pos.ep_square() {
            let up = us.forward() * 8;
            let victim = Square::new((ep.index() as i32 - up) as u8);
            if empty.contains(ep) && pos.piece_at(victim) == Some(Piece::new(self.them, Role::Pawn)) {
                // pawns on hidden units too (`moves_of` makes no e.p. captures)
                for from in pawn_attacks(self.them, ep) & s.pieces(us, Role::Pawn) & mobile {
                    extra.push(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
        for &m in extra.iter() {
            n += self.by_board(pos, rules, m);
        }
        if !castle_plain {
            n += self.castling(pos, rules);
        }
        n
    }

    /// The moves of the unit on `from` to squares in `mask`: captures, and quiet moves too
    /// when `quiet` (castling excluded).
    fn moves_of(&self, pos: &Position, from: Square, mask: Bitboard, quiet: bool, out: &mut MoveList) {
        let s = pos.sets();
        let us = self.us;
        let p = pos.piece_at(from).expect("unit");
        let theirs = s.color[self.them.index()] & mask;
        let empty = !s.occ & mask;
        let last = Bitboard::rank(us.promotion_rank());
        if p.role() == Role::Pawn {
            let mut targets: Vec<(Square, MoveKind)> = Vec::new();
            for to in pawn_attacks(us, from) & theirs {
                targets.push((to, MoveKind::Normal));
            }
            if quiet {
                if let Some(one) = from.offset(0, us.forward()) {
                    if !s.occ.contains(one) {
                        if mask.contains(one) {
                            targets.push((one, MoveKind::Normal));
                        }
                        if from.rank() == us.pawn_rank() {
                            let two = one.offset(0, us.forward()).unwrap();
                            if empty.contains(two) {
                                targets.push((two, MoveKind::DoublePush));
                            }
                        }
                    }
                }
            }
            for (to, kind) in targets {
                if last.contains(to) {
                    for r in Role::PROMOTIONS {
                        out.push(Move::promotion(from, to, r));
                    }
                } else {
                    out.push(Move::new(from, to, kind));
                }
            }
            return;
        }
        let att = crate::attacks::attacks(p.role(), us, from, s.occ);
        for to in att & theirs {
            out.push(Move::new(from, to, MoveKind::Normal));
        }
        if quiet {
            for to in att & empty {
                out.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }

    /// Every move judged one by one (the king is attacked, or the Isardam test must be run).
    fn count_per_move(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let us = self.us;
        let s = *pos.sets();
        let occ = s.occ;
        let empty = !occ;
        let theirs = s.color[self.them.index()];
        let movable = s.color[us.index()] & !self.paralysed(pos);
        // units whose quiet moves are counted in bulk
        let free = if self.checkers.is_empty() && self.isardam.is_none() {
            !self.pinned & !self.hidden
        } else {
            Bitboard::EMPTY
        };
        let mut n: u64 = 0;

        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for from in s.pieces(us, role) & movable {
                let att = crate::attacks::attacks(role, us, from, occ);
                let quiet = att & empty;
                if free.contains(from) {
                    n += quiet.count() as u64;
                } else {
                    for to in quiet {
                        n += self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal));
                    }
                }
                for to in att & theirs {
                    n += self.capture(pos, rules, Move::new(from, to, MoveKind::Normal));
                }
            }
        }
        for from in s.pieces(us, Role::King) & movable {
            let att = king_attacks(from);
            for to in att & empty {
                n += self.king_step(pos, rules, from, to);
            }
            for to in att & theirs {
                n += self.capture(pos, rules, Move::new(from, to, MoveKind::Normal));
            }
        }

        let mut pawns = s.pieces(us, Role::Pawn) & movable;
        if self.fr == FirstRankPawns::Immobile {
            pawns &= !Bitboard::rank(us.first_rank());
        }
        let (up, third) = match us {
            Color::White => (8i8, Bitboard::rank(2)),
            Color::Black => (-8i8, Bitboard::rank(5)),
        };
        let last = Bitboard::rank(us.promotion_rank());
        let bulk_pawns = pawns & free;
        let s1 = crate::orthodox::shift(bulk_pawns, up) & empty;
        let s2 = crate::orthodox::shift(s1 & third, up) & empty;
        n += (s1 & !last).count() as u64 + 4 * (s1 & last).count() as u64 + s2.count() as u64;
        for from in pawns & !free {
            let Some(one) = from.offset(0, us.forward()) else {
                continue;
            };
            if !empty.contains(one) {
                continue;
            }
            if last.contains(one) {
                for r in Role::PROMOTIONS {
                    n += self.by_board(pos, rules, Move::promotion(from, one, r));
                }
            } else {
                n += self.by_board(pos, rules, Move::new(from, one, MoveKind::Normal));
                if third.contains(one) {
                    let two = Square::new((one.index() as i8 + up) as u8);
                    if empty.contains(two) {
                        n += self.by_board(pos, rules, Move::new(from, two, MoveKind::DoublePush));
                    }
                }
            }
        }
        for from in pawns {
            for to in pawn_attacks(us, from) & theirs {
                if last.contains(to) {
                    for r in Role::PROMOTIONS {
                        n += self.capture(pos, rules, Move::promotion(from, to, r));
                    }
                } else {
                    n += self.capture(pos, rules, Move::new(from, to, MoveKind::Normal));
                }
            }
        }
        if let Some(ep) = pos.ep_square() {
            let victim = Square::new((ep.index() as i8 - up) as u8);
            if empty.contains(ep) && pos.piece_at(victim) == Some(Piece::new(self.them, Role::Pawn)) {
                for from in pawn_attacks(self.them, ep) & pawns {
                    n += self.by_board(pos, rules, Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
        n + self.castling(pos, rules)
    }

    /// Our units that Madrasi paralyses (they do not move).
    fn paralysed(&self, pos: &Position) -> Bitboard {
        let Some(kings) = self.madrasi else {
            return Bitboard::EMPTY;
        };
        madrasi::paralysed_units(pos.sets(), self.us, kings, self.fr)
    }

    /// A king step to an empty square.
    #[inline]
    fn king_step(&self, pos: &mut Position, rules: &Rules, from: Square, to: Square) -> u64 {
        if self.isardam.is_some() || self.hidden.contains(from) || self.cohen_may(Bitboard::from_square(from)) {
            return self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal));
        }
        if self.threats.contains(to) {
            if self.pending.is_some() {
                return self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal));
            }
            // Assassin: a quiet step has no effects; the board after it decides
            let mut b = *pos.sets();
            let king = Piece::new(self.us, Role::King);
            b.toggle(from, king);
            b.toggle(to, king);
            return match self.check_on(&b, to) {
                Some(check) => u64::from(!check),
                None => self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal)),
            };
        }
        let s = pos.sets();
        if !attacked(s, to, self.them, s.occ.without(from), self.fr) {
            1 // (a pending Parrain rebirth is ours: it cannot attack our king)
        } else if self.shortcut() {
            0
        } else {
            self.by_board(pos, rules, Move::new(from, to, MoveKind::Normal))
        }
    }

    /// A capture. When the king is safe, the capturer not pinned and stays on the capture
    /// square, and a plain attack is a check, only the victim's rebirth can matter.
    #[inline(always)]
    fn capture(&self, pos: &mut Position, rules: &Rules, m: Move) -> u64 {
        let from = m.from();
        // (units hidden under `to` emerge if the capturer leaves it: Anticirce, Kamikaze)
        if !self.quick
            || self.hidden.contains(from)
            || self.hidden.contains(m.to())
            || Some(from) == self.king
            || self.pending.is_some()
            || self.cohen_may(Self::emptied_by(m))
        {
            return self.by_board(pos, rules, m);
        }
        let to = m.to();
        let Some(c) = self.circe.as_ref() else {
            // no rebirth: an orthodox capture, uncovering at most a line through `from`
            return u64::from(!self.pinned.contains(from) || self.decisive_fallback(pos, rules, m));
        };
        // the common case: the capturer stays, uncovers nothing, a plain attack is a check,
        // the victim alone decides
        // (`victim_rule` needs a decisive attack and a capturer that stays)
        let staying = self.decisive && c.capturer == Capturer::Stays;
        if let Some(w) = staying
            .then(|| self.victim_rule(pos, false))
            .flatten()
            .and_then(|v| v.weight(from, to))
        {
            return w;
        }
        let p = pos.piece_at(from).expect("capturer");
        let arrived = m.promotion_role().map_or(p, |r| p.with_role(r));
        let mut occ = pos.occupied().without(from);
        match c.capturer {
            Capturer::Stays => {}
            Capturer::Removed => occ = occ.without(to),
            Capturer::Reborn => {
                if arrived.role() != Role::King || c.capturer_kings {
                    let rc = c.capturer_square(arrived, to);
                    if rc == to {
                        if c.own_square == OwnSquare::Illegal {
                            return 0;
                        }
                    } else {
                        occ = occ.without(to);
                        if occ.contains(rc) {
                            match c.occupied {
                                Occupied::Illegal => return 0,
                                Occupied::Vanish | Occupied::Bury => {}
                                Occupied::Assassinate => return self.by_board(pos, rules, m),
                            }
                        } else {
                            occ = occ.with(rc);
                        }
                    }
                }
            }
        }
        let v = pos.piece_at(to).expect("victim");
        // the reborn victim: walk and square, when it is reborn at once
        let mut reborn: Option<(Piece, Square)> = None;
        if c.victim == Victim::Reborn && c.when == When::AtOnce && (v.role() != Role::King || c.victim_kings) {
            let (unit, r) = if c.square == SquareRule::Home && c.walk == WalkRule::Same {
                (v, Some(home_square(v.role(), v.color(), to)))
            } else {
                let vector = (
                    to.file() as i32 - from.file() as i32,
                    to.rank() as i32 - from.rank() as i32,
                );
                let ctx = CaptureContext {
                    from,
                    at: to,
                    capturer_before: p,
                    capturer_after: arrived,
                    vector,
                };
                let unit = v.with_role(c.reborn_walk(v, p));
                (unit, c.rebirth_square(unit, pos.origin(to), &ctx))
            };
            if let Some(r) = r {
                if occ.contains(r) {
                    match c.occupied {
                        Occupied::Illegal => return 0,
                        Occupied::Assassinate => {
                            // the occupant makes way for the reborn unit (the mover's king cannot)
                            if Some(r) == self.king {
                                return 0;
                            }
                            if r != to && !pos.by_color(self.them).contains(r) {
                                // one of our units is removed: a line may open
                                return self.by_board(pos, rules, m);
                            }
                            reborn = Some((unit, r));
                        }
                        Occupied::Vanish | Occupied::Bury => {}
                    }
                } else {
                    reborn = Some((unit, r));
                    occ = occ.with(r);
                }
            }
        }
        let Some(k) = self.king else {
            return match reborn {
                Some((u, r)) if u.role() == Role::Pawn && r.rank() == u.color().promotion_rank() => 4,
                _ => 1,
            };
        };
        // lines through the squares the capture empties
        let leaves = c.capturer != Capturer::Stays;
        let uncovered = if leaves {
            let aligned = self.king.map_or(Bitboard::EMPTY, crate::attacks::queen_rays);
            aligned.contains(from) || aligned.contains(to)
        } else {
            self.pinned.contains(from)
        };
        let xray = uncovered && {
            let s = pos.sets();
            // enemy sliders, without the victim and without whatever stands on the rebirth
            // square (an assassinated occupant; the reborn unit is looked at below)
            let gone = Bitboard::from_square(to) | reborn.map_or(Bitboard::EMPTY, |(_, r)| Bitboard::from_square(r));
            let q = s.pieces(self.them, Role::Queen) & !gone;
            let rq = (s.pieces(self.them, Role::Rook) & !gone | q) & occ;
            let bq = (s.pieces(self.them, Role::Bishop) & !gone | q) & occ;
            (rook_attacks(k, occ) & rq).any() || (bishop_attacks(k, occ) & bq).any()
        };
        let attacked = |role: Option<Role>| -> bool {
            xray || match (reborn, role) {
                (Some((_, r)), Some(role)) => self.checks_from(role, r, k, occ),
                _ => false,
            }
        };
        let promotes = reborn.is_some_and(|(u, r)| u.role() == Role::Pawn && r.rank() == u.color().promotion_rank());
        let roles: &[Role] = match reborn {
            Some(_) if promotes => &Role::PROMOTIONS,
            Some((u, _)) => &[u.role()][..],
            None => &[],
        };
        if !self.decisive {
            // an attack need not be a check here: let the board judge
            let any = if roles.is_empty() {
                attacked(None)
            } else {
                roles.iter().any(|&ro| attacked(Some(ro)))
            };
            return if any {
                self.by_board(pos, rules, m)
            } else {
                roles.len().max(1) as u64
            };
        }
        if roles.is_empty() {
            u64::from(!attacked(None))
        } else {
            roles.iter().filter(|&&ro| !attacked(Some(ro))).count() as u64
        }
    }

    /// A capture without rebirths by a pinned unit: legal when the king stays unattacked.
    fn decisive_fallback(&self, pos: &mut Position, rules: &Rules, m: Move) -> bool {
        self.by_board(pos, rules, m) == 1
    }

    /// Would an enemy unit of this walk on `r` attack `k`?
    #[inline(always)]
    fn checks_from(&self, role: Role, r: Square, k: Square, occ: Bitboard) -> bool {
        checks_from(self.them, self.fr, role, r, k, occ)
    }

    /// Cohen's rule: could a move that empties at most `emptied` recreate the position
    /// before the opponent's last move? Not unless it empties every square occupied now and
    /// empty then (rebirths, emergences and pending rebirths only fill squares).
    #[inline(always)]
    fn cohen_may(&self, emptied: Bitboard) -> bool {
        self.cohen.is_some() && (self.cohen_vacate & !emptied).is_empty()
    }

    /// The squares move `m` may empty: its departure and arrival squares (a capturer that
    /// leaves), an e.p. victim's, a castling rook's.
    #[inline(always)]
    fn emptied_by(m: Move) -> Bitboard {
        let b = Bitboard::from_square(m.from()).with(m.to());
        match m.kind() {
            MoveKind::EnPassant => b.with(Square::from_coords(m.to().file(), m.from().rank())),
            MoveKind::CastleKing | MoveKind::CastleQueen => b.with(castling_rook(m).0),
            _ => b,
        }
    }

    /// Anticirce: captures the generator's sink can judge in bulk (see [`CapturerRule`]).
    fn capturer_rule<'a>(&self, pos: &'a Position) -> Option<CapturerRule<'a>> {
        let c = self.circe?;
        if c.capturer != Capturer::Reborn
            || c.victim != Victim::Gone
            || c.occupied != Occupied::Illegal
            || !self.quick
            || self.pending.is_some()
            || self.madrasi.is_some()
        {
            return None;
        }
        let k = self.king?;
        let us = self.us;
        let empty = !pos.occupied();
        let mut good = [Bitboard::EMPTY; 7];
        for role in Role::CAPTURABLE {
            let mut g = crate::fast::rebirth_tables::home_preimage_in(role, us, empty);
            if c.own_square == OwnSquare::Stays {
                // a capture on the capturer's own rebirth square: it stays there
                g |= crate::rules::circe::home_fixed_points(role, us);
            }
            good[role.index()] = g;
        }
        let aligned = crate::attacks::queen_rays(k);
        Some(CapturerRule {
            pos,
            us,
            good,
            look_from: self.pinned | self.hidden | aligned | Bitboard::from_square(k),
            look_to: aligned | self.hidden,
        })
    }

    /// Captures that the generator's sink can judge by the victim alone (see [`VictimRule`]);
    /// `bulk`: work out which victims need a look (else every capture is looked at).
    fn victim_rule<'a>(&self, pos: &'a Position, bulk: bool) -> Option<VictimRule<'a>> {
        let c = self.circe?;
        let by_victim = c.capturer == Capturer::Stays
            && (c.victim == Victim::Gone || c.when != When::AtOnce || !c.square_depends_on_capture());
        // our own pending Parrain rebirth (not a pawn: those go one by one) lands after the
        // move or vanishes; it cannot expose our king
        let pending_ok = self.pending.is_none() || (c.when != When::AtOnce && c.occupied == Occupied::Vanish);
        // Cohen's rule: captures that could recreate the earlier position are kept
        let cohen_vacate = match self.cohen {
            None => None,
            Some(_) if self.cohen_vacate.is_empty() => return None,
            Some(_) => Some(self.cohen_vacate),
        };
        (by_victim && pending_ok && self.quick && self.decisive).then(|| VictimRule {
            pos,
            c,
            king: self.king,
            occ: pos.occupied(),
            apart_from: self.pinned | self.hidden,
            apart_to: self.hidden,
            fr: self.fr,
            cohen_vacate,
            risky: if bulk && cohen_vacate.is_none() {
                risky_victims(pos, &c, self.them, self.king, self.hidden)
            } else {
                Bitboard::FULL
            },
        })
    }

    /// Castling: under a plain check with no observation condition, the orthodox tests;
    /// otherwise the candidates of `movegen` judged on the board after castling.
    fn castling(&self, pos: &mut Position, rules: &Rules) -> u64 {
        let rank = Bitboard::rank(self.us.first_rank());
        if self.cohen_may(rank & (Bitboard::file(0) | Bitboard::file(4) | Bitboard::file(7))) {
            return self.castling_by_movegen(pos, rules, None);
        }
        let us = self.us;
        let f = pos.castle_flags();
        if f & crate::position::flags::king(us) == 0 {
            return 0;
        }
        let rank = us.first_rank();
        let e = Square::from_coords(4, rank);
        if self.king != Some(e) || self.isardam.is_some() {
            return self.castling_by_movegen(pos, rules, None);
        }
        if let Some(kings) = self.madrasi {
            if madrasi::observed_by_like(pos, e, kings, self.fr) {
                return 0; // a paralysed king does not castle
            }
        }
        let s = *pos.sets();
        // not out of check (an unattacked king is not in check under any definition here)
        if !self.quick {
            match self.check_on(&s, e) {
                Some(true) => return 0,
                Some(false) => {}
                None => return self.castling_by_movegen(pos, rules, None),
            }
        }
        let mut n = 0;
        for king_side in [true, false] {
            if f & crate::position::flags::rook(us, king_side) == 0 {
                continue;
            }
            let (rf, pass, to, rt) = if king_side { (7, 5, 6, 5) } else { (0, 3, 2, 3) };
            let rsq = Square::from_coords(rf, rank);
            let rook = Piece::new(us, Role::Rook);
            if pos.piece_at(rsq) != Some(rook) || (between(e, rsq) & s.occ).any() {
                continue;
            }
            let kind = if king_side {
                MoveKind::CastleKing
            } else {
                MoveKind::CastleQueen
            };
            if self.hidden.contains(e) || self.hidden.contains(rsq) {
                n += self.castling_by_movegen(pos, rules, Some(kind));
                continue;
            }
            let king = Piece::new(us, Role::King);
            let p = Square::from_coords(pass, rank);
            // no enemy unit attacks the three squares: no check under any rule here (no
            // rebirth either; the king and rook open no line onto the arrival square), but
            // for Mars attacks and Assassin threats
            if !self.mars
                && self.threats.is_empty()
                && self.pending.is_none()
                && [e, p, Square::from_coords(to, rank)]
                    .iter()
                    .all(|&sq| !attacked(&s, sq, self.them, s.occ, self.fr))
            {
                n += 1;
                continue;
            }
            // Mars: no enemy unit can capture on those squares from its rebirth square
            if let Some(c) = self.circe.filter(|_| {
                self.mars
                    && self.threats.is_empty()
                    && self.pending.is_none()
                    && self.madrasi.is_none()
                    && self.isardam.is_none()
            }) {
                let kings = s.pieces(self.them, Role::King);
                if [e, p, Square::from_coords(to, rank)]
                    .iter()
                    .all(|&sq| crate::rules::check::mars_out_of_reach(&c, self.them, sq, kings))
                {
                    n += 1;
                    continue;
                }
            }
            // not through check: the king on the passing square, its own square empty
            let mut b1 = s;
            b1.toggle(e, king);
            b1.toggle(p, king);
            match self.check_on(&b1, p) {
                Some(true) => continue,
                Some(false) => {}
                None => {
                    n += self.castling_by_movegen(pos, rules, Some(kind));
                    continue;
                }
            }
            // not into check: the position after castling
            let mut b2 = s;
            b2.toggle(e, king);
            b2.toggle(Square::from_coords(to, rank), king);
            b2.toggle(rsq, rook);
            b2.toggle(Square::from_coords(rt, rank), rook);
            let m = Move::new(e, Square::from_coords(to, rank), kind);
            if self.pending.is_some() {
                n += self.by_board(pos, rules, m);
                continue;
            }
            n += match self.judge(&b2, None, &s) {
                Some(true) => 1,
                Some(false) => 0,
                None => generic_one(pos, rules, m, self.cohen),
            };
        }
        n
    }

    /// Castling through `movegen` (its in-check tests) and judged on the board after it;
    /// only the castling of `kind` when given.
    fn castling_by_movegen(&self, pos: &mut Position, rules: &Rules, kind: Option<MoveKind>) -> u64 {
        let mut list = MoveList::new();
        crate::movegen::castling(pos, rules, &mut list);
        list.iter()
            .filter(|m| kind.is_none_or(|k| m.kind() == k))
            .map(|&m| self.by_board(pos, rules, m))
            .sum()
    }

    /// Does a plain attack on the king after a move make the move illegal, whatever the
    /// move does besides (no pending Parrain rebirth that could block the attack)?
    #[inline(always)]
    fn shortcut(&self) -> bool {
        self.decisive && self.pending.is_none()
    }

    /// Is our king on `k` in check on board `b`? `None` when this module cannot say.
    #[inline]
    fn check_on(&self, b: &Sets, k: Square) -> Option<bool> {
        if self.threats.contains(k) && self.assassination_threat(b, k) {
            // Isardam type A: the threatening capture must pass the Isardam test too
            return if self.isardam_a { None } else { Some(true) };
        }
        if !self.attacked_after(b, k) {
            return Some(false);
        }
        if self.decisive {
            return Some(true);
        }
        self.modelled_check(b, k)
    }

    /// Judges a move on the bitboards after it; the generic pipeline when that cannot decide.
    #[inline]
    fn by_board(&self, pos: &mut Position, rules: &Rules, m: Move) -> u64 {
        if self.cohen_may(Self::emptied_by(m)) {
            return generic_one(pos, rules, m, self.cohen);
        }
        // (the board after the move by the shared model of a move's effects)
        match effects::after(pos, self.circe.as_ref(), m) {
            After::Illegal => 0,
            After::Declined => generic_one(pos, rules, m, self.cohen),
            After::Board {
                sets: b,
                promote: None,
                double,
            } => match self.judge(&b, double, pos.sets()) {
                Some(true) => 1,
                Some(false) => 0,
                None => generic_one(pos, rules, m, self.cohen),
            },
            After::Board {
                sets: b,
                promote: Some((r, unit)),
                double,
            } => {
                let mut c = 0;
                for role in Role::PROMOTIONS {
                    let mut bb = b;
                    bb.toggle(r, unit.with_role(role));
                    c += match self.judge(&bb, double, pos.sets()) {
                        Some(true) => 1,
                        Some(false) => 0,
                        None => generic_one(pos, rules, m.with_rebirth_promotion(role), self.cohen),
                    };
                }
                c
            }
        }
    }

    /// Is the board after a move legal? `None`: cannot say here.
    #[inline]
    fn judge(&self, b: &Sets, double: Option<Square>, before: &Sets) -> Option<bool> {
        let kk = b.pieces(self.us, Role::King).first();
        match (self.king, kk) {
            (Some(_), None) => return Some(false),
            (_, Some(k)) if self.check_on(b, k)? => return Some(false),
            _ => {}
        }
        if let Some(kings) = self.isardam {
            if self.isardam_clean {
                // the board before passed: only what the move changed can observe
                let (placed, vacated) = isardam::delta(before, b);
                return Some(isardam::passes_after(b, placed, vacated, kings, self.fr, double));
            }
            return Some(isardam::passes_sets(b, kings, self.fr, double));
        }
        Some(true)
    }

    /// Check on board `b`, when a plain attack on the king at `k` need not be one: Madrasi
    /// (the attacker must not be paralysed), Anticirce (the capturer must be able to be
    /// reborn), Rex Inclusive (the king must not be able to be reborn). `None` for what is
    /// not modelled here (Isardam type A).
    fn modelled_check(&self, b: &Sets, k: Square) -> Option<bool> {
        if self.isardam_a {
            return None;
        }
        let c = self.circe;
        let anticirce = c.filter(|c| c.capturer == Capturer::Reborn);
        let rex = c.filter(|c| c.victim == Victim::Reborn && c.victim_kings);
        let them = self.them;
        let att = match c.filter(|_| self.mars) {
            // Mars: the units that capture from their rebirth squares
            Some(c) => crate::rules::check::mars_capturers_on(b, &c, k, them),
            None => {
                let mut att = b.attackers_to(k, b.occ) & b.color[them.index()];
                if self.fr == FirstRankPawns::Immobile {
                    att &= !(b.pieces(them, Role::Pawn) & Bitboard::rank(them.first_rank()));
                }
                att
            }
        };
        for a in att {
            let role = Role::ALL
                .into_iter()
                .find(|&r| b.role[r.index()].contains(a))
                .expect("attacker walk");
            let unit = Piece::new(them, role);
            if let Some(kings) = self.madrasi {
                if madrasi::observed_on(b, a, unit, kings, self.fr) {
                    continue;
                }
            }
            if let Some(c) = anticirce.filter(|c| role != Role::King || c.capturer_kings) {
                if !anticirce_takes_king(b, &c, unit, a, k) {
                    continue;
                }
            }
            if rex.is_some() {
                // the king survives when its rebirth square is empty once the capturer stands on k
                let e = home_square(Role::King, self.us, k);
                let gone = e == k || (b.occ.contains(e) && e != a);
                if !gone {
                    continue;
                }
            }
            return Some(true);
        }
        Some(false)
    }

    /// Assassin Circe: could the enemy capture one of our units whose rebirth square is the
    /// king's square `k` (removing the king)? Any geometric capture counts: the rebirth lands
    /// on our king, not on the capturer's.
    fn assassination_threat(&self, b: &Sets, k: Square) -> bool {
        assassination_threat(b, self.us, k, self.fr, |mut att| {
            if let Some(kings) = self.madrasi {
                for a in att {
                    let ra = Role::ALL
                        .into_iter()
                        .find(|&r| b.role[r.index()].contains(a))
                        .expect("attacker walk");
                    if madrasi::observed_on(b, a, Piece::new(self.them, ra), kings, self.fr) {
                        att = att.without(a);
                    }
                }
            }
            att
        })
    }

    /// Is the king on `k` attacked on board `b` (Mars: from rebirth squares)?
    #[inline]
    fn attacked_after(&self, b: &Sets, k: Square) -> bool {
        match (self.mars, self.circe.as_ref()) {
            (true, Some(_))
                if Some(k) == self.king && self.mars_watch.as_ref().is_some_and(|w| w.n <= w.units.len()) =>
            {
                self.mars_watch.as_ref().unwrap().units[..self.mars_watch.as_ref().unwrap().n]
                    .iter()
                    .any(|&(sq, role, l)| {
                        let fr_ok = !(role == Role::Pawn
                            && sq.rank() == self.them.first_rank()
                            && self.fr == FirstRankPawns::Immobile);
                        fr_ok
                            && b.pieces(self.them, role).contains(sq)
                            && (l == sq || !b.occ.contains(l))
                            && crate::attacks::attacks(role, self.them, l, b.occ.without(sq).with(l)).contains(k)
                    })
            }
            (true, Some(c)) => crate::rules::check::mars_capturers_on(b, c, k, self.them).any(),
            _ => attacked(b, k, self.them, b.occ, self.fr),
        }
    }
}

/// Assassin Circe's king on a home square `k` (`Leaf::count_threatened`, plain preset): the
/// orthodox generator's moves of our other units, those that are simple (quiet, not a
/// promotion, from a square that screens neither the king nor a unit whose rebirth square
/// is `k`, and not landing where the unit's rebirth square would be `k`) counted, the
/// others listed to be judged one by one.
struct ThreatSink<'a> {
    pos: &'a Position,
    us: Color,
    k: Square,
    look: Bitboard,
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
/// `exposed` ([`risky_victims`] of each, as if it were the king), pawns reborn on their
/// promotion rank, kings. (Nothing is hidden here: `count_threatened`.)
#[inline(always)]
fn safe_victims(pos: &Position, c: &Circe, them: Color, exposed: Bitboard) -> Bitboard {
    let s = pos.sets();
    let risky = exposed.into_iter().fold(s.pieces(them, Role::King), |b, x| {
        b | risky_victims(pos, c, them, Some(x), Bitboard::EMPTY)
    });
    s.color[them.index()] & !risky
}

impl crate::orthodox::Sink for ThreatSink<'_> {
    #[inline(always)]
    fn targets(&mut self, from: Square, t: Bitboard) {
        let simple = if self.look.contains(from) {
            Bitboard::EMPTY
        } else {
            self.simple(self.pos.role_on(from), t)
        };
        self.n += simple.count() as u64;
        crate::orthodox::Sink::targets(&mut *self.list, from, t & !simple);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, t: Bitboard, delta: i8, kind: MoveKind) {
        let simple = self.simple(Role::Pawn, t) & !crate::orthodox::shift(self.look, delta);
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

/// Anticirce: may the enemy unit `unit` on `a` take the king on `k`, on board `b`? The
/// capturer (promoted when a pawn takes on its last rank: one choice is enough) is reborn on
/// its home square, computed from `k`: it must be free, the square it leaves, or `k` itself
/// under Calvet's rule (or an occupied square must not forbid the capture).
pub(super) fn anticirce_takes_king(b: &Sets, c: &Circe, unit: Piece, a: Square, k: Square) -> bool {
    let them = unit.color();
    let role = unit.role();
    let roles: &[Role] = if role == Role::Pawn && k.rank() == them.promotion_rank() {
        &Role::PROMOTIONS
    } else {
        std::slice::from_ref(&role)
    };
    roles.iter().any(|&ro| {
        let r = home_square(ro, them, k);
        if r == k {
            c.own_square == OwnSquare::Stays
        } else {
            r == a || !b.occ.contains(r) || c.occupied != Occupied::Illegal
        }
    })
}

/// Plays one candidate through the generic pipeline; the number of legal moves it stands
/// for (a reborn pawn's promotion choices are expanded).
fn generic_one(pos: &mut Position, rules: &Rules, m: Move, before_last: Option<u64>) -> u64 {
    let mut undo = Undo::new();
    let out = rules.play(pos, m, &mut undo, &mut NoRecord, before_last);
    pos.unmake(&undo);
    match out {
        Outcome::Done => 1,
        Outcome::Illegal => 0,
        Outcome::NeedsChoice => Role::PROMOTIONS
            .iter()
            .filter(|&&r| {
                let o = rules.play(pos, m.with_rebirth_promotion(r), &mut undo, &mut NoRecord, before_last);
                pos.unmake(&undo);
                o == Outcome::Done
            })
            .count() as u64,
    }
}

/// The enemy units (of `them`) whose capture [`VictimRule::weight`] must look at (a
/// superset): those whose reborn unit could attack the king on `king` on an empty board or
/// land on it, be a pawn on its promotion rank, find its square occupied where that
/// matters (Strict: illegal; Assassin: a hidden unit), or that stand on hidden units; kings
/// when they are reborn.
#[inline(always)]
fn risky_victims(pos: &Position, c: &Circe, them: Color, king: Option<Square>, hidden: Bitboard) -> Bitboard {
    let s = pos.sets();
    let mut risky = hidden;
    if c.victim != Victim::Reborn || c.when != When::AtOnce {
        return risky;
    }
    if c.victim_kings {
        risky |= s.pieces(them, Role::King);
    }
    let common = match c.occupied {
        Occupied::Illegal => s.occ,
        Occupied::Assassinate => hidden,
        Occupied::Vanish | Occupied::Bury => Bitboard::EMPTY,
    };
    // the common case, table lookups only
    if let (true, Some(row)) = (
        common.is_empty(),
        king.and_then(|k| rebirth_tables::danger_row(c, them, k)),
    ) {
        let theirs = s.color[them.index()];
        for role in Role::CAPTURABLE {
            let walk = c.victim_reborn_walk(Piece::new(them, role));
            risky |= theirs & s.role[role.index()] & Bitboard(row[walk.index()]);
        }
        return risky;
    }
    // (on the king, where it attacks the king on an empty board, a pawn's promotion rank)
    let danger = king.map(|k| crate::fast::rebirth_tables::danger_squares(them, k));
    if let (true, Some(row), SquareRule::Diagram) = (common.is_empty(), danger, c.square) {
        // Diagram Circe: each unit's diagram square, looked up
        for role in Role::CAPTURABLE {
            let targets = Bitboard(row[c.victim_reborn_walk(Piece::new(them, role)).index()]);
            for sq in s.pieces(them, role) {
                if pos.origin(sq).is_some_and(|o| targets.contains(o)) {
                    risky = risky.with(sq);
                }
            }
        }
        return risky;
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
        risky |= units & victims_reborn_in(pos, c, Piece::new(them, role), targets);
    }
    risky
}

/// The units of `them` (any walk) whose rebirth square, were they captured, would be one of
/// `targets`.
#[inline(always)]
fn all_victims_reborn_in(pos: &Position, c: &Circe, them: Color, targets: Bitboard) -> Bitboard {
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
fn victims_reborn_in(pos: &Position, c: &Circe, victim: Piece, targets: Bitboard) -> Bitboard {
    let units = pos.sets().pieces(victim.color(), victim.role());
    if units.is_empty() || targets.is_empty() {
        return Bitboard::EMPTY;
    }
    let walk = c.victim_reborn_walk(victim);
    match rebirth_tables::victim_squares_reborn_in(c, walk, victim.color(), targets) {
        Some(b) => units & b,
        None => units
            .filter(|&sq| pos.origin(sq).is_some_and(|o| targets.contains(o)))
            .fold(Bitboard::EMPTY, Bitboard::with),
    }
}

/// Would a unit of `them` of this walk on `r` attack `k`?
#[inline(always)]
fn checks_from(them: Color, fr: FirstRankPawns, role: Role, r: Square, k: Square, occ: Bitboard) -> bool {
    match role {
        Role::Pawn => {
            !(r.rank() == them.first_rank() && fr == FirstRankPawns::Immobile) && pawn_attacks(them, r).contains(k)
        }
        Role::Knight => knight_attacks(r).contains(k),
        Role::King => king_attacks(r).contains(k),
        Role::Bishop => bishop_attacks(r, occ).contains(k),
        Role::Rook => rook_attacks(r, occ).contains(k),
        Role::Queen => (bishop_attacks(r, occ) | rook_attacks(r, occ)).contains(k),
    }
}

/// Captures judged inside the generator's sink, by the victim alone: the king is not
/// attacked, a plain attack is a check, the capturer stays on the capture square, and the
/// victim's rebirth depends on the victim only (its square, walk and diagram square: Circe,
/// Strict, Mirror, Symmetry, Diagram, Chameleon, Volcanic, Assassin) or comes later
/// (Parrain). Such a capture by an unpinned unit is legal unless the reborn unit attacks the
/// king (or, in Assassin Circe, is reborn on it). Pinned capturers and units on or under
/// hidden units go to [`Leaf::capture`].
#[derive(Clone, Copy)]
struct VictimRule<'a> {
    pos: &'a Position,
    c: crate::rules::circe::Circe,
    king: Option<Square>,
    occ: Bitboard,
    apart_from: Bitboard,
    apart_to: Bitboard,
    fr: FirstRankPawns,
    /// Cohen's rule: captures from or to these squares only are compared (kept).
    cohen_vacate: Option<Bitboard>,
    /// The victims whose capture [`VictimRule::weight`] must look at; capturing any other
    /// enemy unit from outside `apart_from` is one legal move (FULL: not worked out).
    risky: Bitboard,
}

impl VictimRule<'_> {
    /// How many legal moves the capture from `from` to `to` makes (one per promotion of a
    /// capturing pawn); `None` when it must be looked at one by one.
    #[inline(always)]
    fn weight(&self, from: Square, to: Square) -> Option<u64> {
        if self.apart_from.contains(from) || self.apart_to.contains(to) {
            return None;
        }
        if self
            .cohen_vacate
            .is_some_and(|b| (b & !Bitboard::from_square(from).with(to)).is_empty())
        {
            return None;
        }
        if self.c.victim != Victim::Reborn || self.c.when != When::AtOnce {
            return Some(1);
        }
        victim_weight(self.pos, &self.c, self.fr, self.king, self.occ, self.apart_to, from, to)
    }
}

/// [`VictimRule::weight`] once the rules' own cases are set aside: the captured unit reborn
/// at once, by the victim alone; `apart_to`: squares whose occupant cannot make way for an
/// Assassin rebirth here. The board's occupancy is `occ`, our king (if any) on `king`;
/// `fr`: what enemy pawns on their first rank may do.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // (the rule's parts, the capture)
fn victim_weight(
    pos: &Position,
    c: &Circe,
    fr: FirstRankPawns,
    king: Option<Square>,
    occ: Bitboard,
    apart_to: Bitboard,
    from: Square,
    to: Square,
) -> Option<u64> {
    let v = pos.piece_at(to)?;
    if v.role() == Role::King {
        return if c.victim_kings { None } else { Some(1) };
    }
    let unit = v.with_role(c.victim_reborn_walk(v));
    let Some(r) = c.victim_rebirth_square(unit, to, pos.origin(to)) else {
        return Some(1);
    };
    let vacated = occ.without(from);
    if vacated.contains(r) {
        match c.occupied {
            Occupied::Illegal => return Some(0),
            Occupied::Vanish | Occupied::Bury => return Some(1),
            // the occupant makes way for the reborn unit (the mover's king cannot): the
            // square stays occupied, no line opens
            Occupied::Assassinate if Some(r) == king => return Some(0),
            Occupied::Assassinate if apart_to.contains(r) => return None,
            Occupied::Assassinate => {}
        }
    }
    if unit.role() == Role::Pawn && r.rank() == unit.color().promotion_rank() {
        return None;
    }
    let Some(k) = king else { return Some(1) };
    // (Volcanic: a unit hidden under the capturer emerges on the square it leaves, after
    // the rebirth, when that is elsewhere)
    let occ = if pos.hidden_mask().contains(from) { occ } else { vacated };
    Some(u64::from(!checks_from(v.color(), fr, unit.role(), r, k, occ.with(r))))
}

/// Anticirce captures judged inside the generator's sink: the capturer is reborn on its
/// home square, the capture illegal when that square is taken (unless it is the capture
/// square, where Calvet lets the capturer stay, or the departure square it leaves). The
/// king is not attacked; a capture whose departure and arrival squares lie on no line from
/// the king opens none, so no enemy unit attacks the king after it: it is legal exactly
/// when the rebirth square is free. The others go to [`Leaf::capture`].
#[derive(Clone, Copy)]
struct CapturerRule<'a> {
    pos: &'a Position,
    us: Color,
    /// Per walk of the capturer, the capture squares whose rebirth square is free (or the
    /// capture square itself, in Calvet's rule).
    good: [Bitboard; 7],
    look_from: Bitboard,
    look_to: Bitboard,
}

impl CapturerRule<'_> {
    /// The captures among `caps` (from `from`) this rule decides, and how many are legal.
    #[inline(always)]
    fn judge(&self, from: Square, caps: Bitboard) -> (Bitboard, u64) {
        if self.look_from.contains(from) {
            return (Bitboard::EMPTY, 0);
        }
        let caps = caps & !self.look_to;
        if caps.is_empty() {
            return (caps, 0);
        }
        let role = self.pos.piece_at(from).map_or(Role::King, |p| p.role());
        // (a capturer reborn on the square it leaves)
        let good = self.good[role.index()] | crate::rules::circe::home_preimage_of(role, self.us, from);
        (caps, (caps & good).count() as u64)
    }
}

/// Receives the orthodox generator's moves: counts the quiet ones, keeps the captures.
/// `PLAIN`: no Isardam test and no Cohen hash to check (quiet moves are counted in bulk).
struct Hybrid<'a, const PLAIN: bool> {
    theirs: Bitboard,
    king: Option<Square>,
    n: u64,
    captures: &'a mut MoveList,
    /// Count the generator's castling moves (else they are judged separately).
    castling: bool,
    /// Isardam: every quiet move must pass the test too (the board before passes it).
    isardam: Option<(&'a Position, bool, FirstRankPawns)>,
    /// Cohen's rule: no quiet move may lead to this hash; only moves from the one square
    /// occupied now and empty before can (when that is known, else every move is compared).
    cohen: Option<(&'a Position, u64, Bitboard)>,
    /// Captures counted here when the victim alone decides (else kept).
    victims: Option<VictimRule<'a>>,
    /// The enemy units whose capture needs a look (capturing any other, from outside
    /// `apart`, is one legal move).
    look: Bitboard,
    /// Units whose every capture needs a look.
    apart: Bitboard,
    /// Anticirce: captures judged by the capturer's rebirth square.
    capturers: Option<CapturerRule<'a>>,
}

impl<'a, const PLAIN: bool> Hybrid<'a, PLAIN> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        theirs: Bitboard,
        king: Option<Square>,
        captures: &'a mut MoveList,
        castling: bool,
        isardam: Option<(&'a Position, bool, FirstRankPawns)>,
        cohen: Option<(&'a Position, u64, Bitboard)>,
        victims: Option<VictimRule<'a>>,
        capturers: Option<CapturerRule<'a>>,
    ) -> Self {
        let (look, apart) = victims.map_or((theirs, Bitboard::EMPTY), |v| (v.risky & theirs, v.apart_from));
        Hybrid {
            theirs,
            king,
            n: 0,
            captures,
            castling,
            isardam,
            cohen,
            victims,
            look,
            apart,
            capturers,
        }
    }

    /// A capture (`promotions`: 4 for a pawn promoting, else 1): counted, or kept.
    #[inline(always)]
    fn capture(&mut self, from: Square, to: Square, promotions: bool) {
        if let Some(w) = self.victims.and_then(|v| v.weight(from, to)) {
            self.n += if promotions { 4 * w } else { w };
        } else if promotions {
            for r in Role::PROMOTIONS {
                self.captures.push(Move::promotion(from, to, r));
            }
        } else {
            self.captures.push(Move::new(from, to, MoveKind::Normal));
        }
    }

    /// Quiet moves from `from` to each of `targets`, the unit arriving as `arrived`
    /// (a promotion's new walk): how many pass the Isardam test (all without Isardam).
    #[inline(always)]
    fn quiet(&self, from: Square, targets: Bitboard, arrived: Option<Role>, double: bool) -> u64 {
        let mut n = targets.count() as u64;
        if PLAIN {
            return n;
        }
        if let Some((pos, h, _)) = self
            .cohen
            .filter(|&(_, _, v)| (v & !Bitboard::from_square(from)).is_empty())
        {
            let p = pos.piece_at(from).expect("mover");
            let q = arrived.map_or(p, |r| p.with_role(r));
            n -= targets.filter(|&to| pos.quiet_hash(from, to, q, double) == h).count() as u64;
        }
        let Some((pos, kings, fr)) = self.isardam else { return n };
        let p = pos.piece_at(from).expect("mover");
        let q = arrived.map_or(p, |r| p.with_role(r));
        let mut n = 0;
        for to in targets {
            let mut b = *pos.sets();
            b.toggle(from, p);
            b.toggle(to, q);
            n += u64::from(isardam::passes_after_quiet(&b, from, to, q, kings, fr, double));
        }
        n
    }
}

impl<const PLAIN: bool> crate::orthodox::Sink for Hybrid<'_, PLAIN> {
    #[inline(always)]
    fn targets(&mut self, from: Square, mut t: Bitboard) {
        if let Some(cr) = self.capturers {
            let (done, n) = cr.judge(from, t & self.theirs);
            self.n += n;
            t &= !done;
        }
        let look = if self.apart.contains(from) {
            self.theirs
        } else {
            self.look
        };
        if PLAIN {
            self.n += (t & !look).count() as u64;
        } else {
            self.n += self.quiet(from, t & !self.theirs, None, false) + (t & self.theirs & !look).count() as u64;
        }
        for to in t & look {
            self.capture(from, to, false);
        }
    }
    #[inline(always)]
    fn pawn_shift(&mut self, mut t: Bitboard, delta: i8, kind: MoveKind) {
        if let Some(cr) = self.capturers {
            let caps = t & self.theirs & !cr.look_to;
            if caps.any() && (crate::orthodox::shift(caps, -delta) & cr.look_from).is_empty() {
                // (a pawn is never reborn on the square it leaves: it captures sideways)
                self.n += (caps & cr.good[Role::Pawn.index()]).count() as u64;
                t &= !caps;
            }
        }
        // (the generator shifts unpinned pawns only, and none on hidden units)
        debug_assert!((crate::orthodox::shift(t, -delta) & self.apart).is_empty());
        if PLAIN {
            self.n += (t & !self.look).count() as u64;
        } else {
            for to in t & !self.theirs {
                let from = Square::new((to.index() as i8 - delta) as u8);
                self.n += self.quiet(from, Bitboard::from_square(to), None, kind == MoveKind::DoublePush);
            }
            self.n += (t & self.theirs & !self.look).count() as u64;
        }
        for to in t & self.look {
            self.capture(Square::new((to.index() as i8 - delta) as u8), to, false);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, t: Bitboard, delta: i8) {
        let caps = t & self.theirs;
        // (a pinned pawn comes alone)
        let look = if (crate::orthodox::shift(caps, -delta) & self.apart).any() {
            self.theirs
        } else {
            self.look
        };
        if PLAIN {
            self.n += 4 * (t & !look).count() as u64;
        } else {
            for to in t & !self.theirs {
                let from = Square::new((to.index() as i8 - delta) as u8);
                for r in Role::PROMOTIONS {
                    self.n += self.quiet(from, Bitboard::from_square(to), Some(r), false);
                }
            }
            self.n += 4 * (caps & !look).count() as u64;
        }
        for to in t & look {
            self.capture(Square::new((to.index() as i8 - delta) as u8), to, true);
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        match m.kind() {
            MoveKind::CastleKing | MoveKind::CastleQueen => self.n += u64::from(self.castling),
            // judged separately
            MoveKind::EnPassant => {}
            _ if self.theirs.contains(m.to()) => {
                if Some(m.from()) != self.king {
                    self.captures.push(m);
                }
            }
            _ if PLAIN => self.n += 1,
            kind => {
                let promo = m.promotion_role();
                self.n += self.quiet(
                    m.from(),
                    Bitboard::from_square(m.to()),
                    promo,
                    kind == MoveKind::DoublePush,
                )
            }
        }
    }
}

/// The number of legal moves by the rules' short path; `None` when they have none or the
/// position is not one it models.
#[inline(always)]
fn short_count(pos: &Position, rules: &Rules, path: Path) -> Option<u64> {
    match path {
        Path::None => None,
        Path::Victim(i) => victim::instances::LEAN.count(i, pos, rules.circe.as_ref()?),
        Path::Madrasi { kings } => exact::madrasi::count(pos, kings),
        Path::Isardam { kings, type_b } => exact::isardam::count(pos, kings, type_b),
        Path::Anticirce => exact::anticirce::count(pos, rules.circe.as_ref()?),
        Path::Kamikaze => exact::kamikaze::count(pos, rules.circe.as_ref()?),
        Path::Mars => exact::mars::count(pos, rules.circe.as_ref()?),
    }
}

/// The legal moves by the rules' short path, in two lists: legal for sure, and to be played
/// with the legality test (the exact paths leave it empty); `None` as for the count.
fn short_moves(pos: &Position, rules: &Rules, path: Path, sure: &mut MoveList, unsure: &mut MoveList) -> Option<()> {
    match path {
        Path::None => None,
        Path::Victim(i) => victim::instances::LEAN.moves(i, pos, rules.circe.as_ref()?, sure, unsure),
        Path::Madrasi { kings } => exact::madrasi::moves(pos, kings, sure),
        Path::Isardam { kings, type_b } => exact::isardam::moves(pos, kings, type_b, sure),
        Path::Anticirce => exact::anticirce::moves(pos, rules.circe.as_ref()?, sure),
        Path::Kamikaze => exact::kamikaze::moves(pos, rules.circe.as_ref()?, sure),
        Path::Mars => exact::mars::moves(pos, rules.circe.as_ref()?, sure),
    }
}

/// [`Rules::for_each_legal`] in another order (perft's inner plies): where the plan has a
/// short path, the moves it knows to be legal are played without the legality test (they
/// are still played through the rules' effects, and a move whose effects ask for a choice
/// goes through the full test).
pub(crate) fn for_each_legal(
    pos: &mut Position,
    rules: &Rules,
    plan: Plan,
    before_last: Option<u64>,
    mut f: impl FnMut(&mut Position, Move),
) {
    let mut sure = MoveList::new();
    let mut unsure = MoveList::new();
    let listed = short_moves(pos, rules, plan.path(), &mut sure, &mut unsure);
    if listed.is_none() {
        return rules.for_each_legal(pos, before_last, f);
    }
    let mut undo = Undo::new();
    for &m in sure.iter() {
        match crate::rules::effects::apply(
            pos,
            rules,
            m,
            &mut undo,
            &mut NoRecord,
            crate::rules::effects::Mode::Play,
        ) {
            Outcome::Done => {
                f(pos, m);
                pos.unmake(&undo);
            }
            _ => {
                pos.unmake(&undo);
                rules.visit_if_legal(pos, m, before_last, &mut undo, &mut f);
            }
        }
    }
    for &m in unsure.iter() {
        rules.visit_if_legal(pos, m, before_last, &mut undo, &mut f);
    }
}
