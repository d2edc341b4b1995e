//! A variant is a composition of conditions: at most one Circe-family preset (the rebirth
//! axes of [`circe`]), at most one observation condition (Madrasi or Isardam) and the
//! Cohen modifier. Each condition plugs into the same three places: which moves are
//! candidates (the move generator), what a move does ([`effects`]) and what counts as
//! check ([`check`]).

pub mod check;
pub mod circe;
pub mod cohen;
pub mod effects;
pub mod isardam;
pub mod madrasi;

use circe::{Circe, FirstRankPawns, SquareRule, PRESETS};
use std::fmt;

/// Madrasi-style observation conditions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Observation {
    /// No observation condition.
    None,
    /// A unit observed by a like enemy unit is paralysed (kings too with `kings`).
    Madrasi {
        /// Kings are paralysed too, by an adjacent enemy king (Madrasi Rex Inclusive).
        kings: bool,
    },
    /// A move may not leave a like-unit observation on the board. Type A: a king capture
    /// must itself pass the test to be a check; type B: orthodox check, unless the Circe
    /// rule judges a king's capture by playing it (see [`circe::Circe::check_plays_the_capture`]).
    Isardam {
        /// Type B (orthodox check) rather than type A.
        type_b: bool,
        /// Kings observing each other count too (no variant name sets this at present).
        kings: bool,
    },
}

/// A variant: the conditions a game is played under. Build it with [`Rules::parse`] (or
/// [`Rules::orthodox`]); it prints as its name.
///
/// ```
/// use fairyperft::rules::{Observation, Rules};
///
/// let rules = Rules::parse("circe+madrasi").unwrap();
/// assert!(rules.circe.is_some());
/// assert_eq!(rules.observation, Observation::Madrasi { kings: false });
/// assert!(!rules.cohen);
/// assert_eq!(rules.to_string(), "circe+madrasi");
///
/// let err = Rules::parse("circle").unwrap_err();
/// assert!(err.to_string().starts_with("unknown variant 'circle'; known: orthodox, circe,"));
/// assert!(Rules::parse("circe+circe-mirror").is_err()); // two Circe conditions
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The Circe-family condition, if any, as its axes (see [`Circe`]).
    pub circe: Option<Circe>,
    /// The observation condition (Madrasi or Isardam), or [`Observation::None`].
    pub observation: Observation,
    /// Cohen's rule: a move may not recreate the position before the opponent's last move.
    pub cohen: bool,
    name: String,
    /// Never take the specialised orthodox generator (to cross-check it against the generic one).
    generic_only: bool,
    /// Cached [`Rules::king_capture_is_plain`] (asked at every check test).
    plain_check: bool,
}

/// Conditions that are not Circe presets: (name, one-line rule).
pub const CONDITIONS: &[(&str, &str)] = &[
    ("orthodox", "orthodox chess"),
    (
        "madrasi",
        "a unit observed by a like enemy unit is paralysed: no moves, no captures, no check (kings exempt)",
    ),
    (
        "madrasi-rex-inclusive",
        "Madrasi, and kings are paralysed too (by an adjacent enemy king)",
    ),
    (
        "isardam",
        "no move may leave two like enemy units observing each other; check must pass that test (type A)",
    ),
    ("isardam-type-b", "Isardam's move test, with orthodox check (type B)"),
    (
        "cohen",
        "modifier: a move may not recreate the position before the opponent's last move",
    ),
];

/// A variant name [`Rules::parse`] refuses: an unknown name (the message lists the known
/// ones), an empty or repeated part, or conditions that cannot be combined. Holds the
/// message, which is also its `Display` text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
impl std::error::Error for UnknownVariant {}

/// Every known condition name, in `fairyperft variants` order.
pub fn known_names() -> Vec<&'static str> {
    let mut v: Vec<&str> = vec!["orthodox"];
    v.extend(PRESETS.iter().map(|p| p.0));
    v.extend(CONDITIONS.iter().skip(1).map(|c| c.0));
    v
}

impl Rules {
    /// Orthodox chess: no condition.
    pub fn orthodox() -> Rules {
        Rules {
            circe: None,
            observation: Observation::None,
            cohen: false,
            name: "orthodox".into(),
            generic_only: false,
            plain_check: true,
        }
    }

    /// Parses `a+b+c` (e.g. `circe+madrasi`, `anticirce-calvet+isardam+cohen`): each part
    /// one of [`known_names`], exactly as written there (spaces around a part are
    /// ignored), each at most once. At most one Circe-family condition and one of Madrasi
    /// and Isardam may be combined; `orthodox` stands alone. The parts may come in any
    /// order; [`Rules::name`] keeps the order given.
    pub fn parse(name: &str) -> Result<Rules, UnknownVariant> {
        let mut rules = Rules::orthodox();
        let mut parts = vec![];
        if name.trim().is_empty() {
            return Err(UnknownVariant("empty variant name".into()));
        }
        for part in name.split('+') {
            let part = part.trim();
            if part.is_empty() {
                return Err(UnknownVariant(format!("empty condition in '{name}'")));
            }
            if parts.contains(&part) {
                return Err(UnknownVariant(format!("'{part}' given twice in '{name}'")));
            }
            parts.push(part);
            if let Some((_, c, _)) = PRESETS.iter().find(|p| p.0 == part) {
                if rules.circe.is_some() {
                    return Err(UnknownVariant(format!(
                        "'{name}' combines two Circe-family conditions; at most one can apply"
                    )));
                }
                rules.circe = Some(*c);
                continue;
            }
            let obs = match part {
                "orthodox" => None,
                "madrasi" => Some(Observation::Madrasi { kings: false }),
                "madrasi-rex-inclusive" => Some(Observation::Madrasi { kings: true }),
                "isardam" => Some(Observation::Isardam {
                    type_b: false,
                    kings: false,
                }),
                "isardam-type-b" => Some(Observation::Isardam {
                    type_b: true,
                    kings: false,
                }),
                "cohen" => {
                    rules.cohen = true;
                    None
                }
                _ => {
                    return Err(UnknownVariant(format!(
                        "unknown variant '{part}'; known: {}",
                        known_names().join(", ")
                    )))
                }
            };
            if let Some(o) = obs {
                if rules.observation != Observation::None {
                    return Err(UnknownVariant(format!(
                        "'{name}' combines Madrasi/Isardam conditions; at most one can apply (Popeye refuses Isardam with Madrasi too)"
                    )));
                }
                rules.observation = o;
            }
        }
        if parts.len() > 1 && parts.contains(&"orthodox") {
            return Err(UnknownVariant(format!(
                "'orthodox' cannot be combined with other conditions ('{name}')"
            )));
        }
        rules.name = parts.join("+");
        rules.plain_check = rules.compute_plain_check();
        Ok(rules)
    }

    /// The name: the parts as given to [`Rules::parse`], joined by `+` without spaces.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Orthodox chess: the specialised legal move generator applies.
    #[inline]
    pub fn is_orthodox(&self) -> bool {
        self.circe.is_none() && self.observation == Observation::None && !self.cohen && !self.generic_only
    }

    /// No condition at all: plain orthodox chess (whichever generator plays it).
    pub fn is_plain_chess(&self) -> bool {
        self.circe.is_none() && self.observation == Observation::None && !self.cohen
    }

    /// May the specialised counting paths be used (false with [`Rules::generic`])?
    #[inline]
    pub fn fast_paths(&self) -> bool {
        !self.generic_only
    }

    /// The same rules, always played through the generic move pipeline (no specialised
    /// generator): the two must agree, which tests check.
    pub fn generic(mut self) -> Rules {
        self.generic_only = true;
        self
    }

    /// Diagram squares matter (Diagram Circe).
    pub fn uses_origins(&self) -> bool {
        matches!(self.circe, Some(c) if c.square == SquareRule::Diagram)
    }

    /// How pawns on their own first rank behave.
    #[inline]
    pub fn first_rank_pawns(&self) -> FirstRankPawns {
        self.circe.map_or(FirstRankPawns::Immobile, |c| c.first_rank_pawns)
    }

    /// Mars Circe: captures are made from the capturer's rebirth square.
    #[inline]
    /// The Circe rules when they are Mars Circe's (captures from rebirth squares).
    pub(crate) fn mars(&self) -> Option<&circe::Circe> {
        self.circe
            .as_ref()
            .filter(|c| c.capture_from == circe::CaptureFrom::RebirthSquare)
    }

    pub fn is_mars(&self) -> bool {
        matches!(self.circe, Some(c) if c.capture_from == circe::CaptureFrom::RebirthSquare)
    }

    /// A king capture always removes the king and is always valid when geometrically
    /// possible (after paralysis): check is then a plain attack test. It is not when kings
    /// are reborn (Rex Inclusive) or when the capturer's own rebirth can make the capture
    /// illegal (Anticirce); a capturer that vanishes or is removed still captured.
    #[inline(always)]
    pub(crate) fn king_capture_is_plain(&self) -> bool {
        self.plain_check
    }

    fn compute_plain_check(&self) -> bool {
        // Assassin's own test (a rebirth on the king's square) is asked apart from the attack
        let circe_plain = self
            .circe
            .is_none_or(|c| !c.check_plays_the_capture() || c.occupied == circe::Occupied::Assassinate);
        circe_plain && !self.isardam_tests_check()
    }

    /// Must a capture of the king pass Isardam's test to be check? Always in type A; in type
    /// B (orthodox check) too when the Circe rule plays the king's capture to judge it
    /// ([`circe::Circe::check_plays_the_capture`]), as Popeye does.
    pub(crate) fn isardam_tests_check(&self) -> bool {
        match self.observation {
            Observation::Isardam { type_b, .. } => !type_b || self.circe.is_some_and(|c| c.check_plays_the_capture()),
            _ => false,
        }
    }

    /// One line per condition, with its axes, for `fairyperft variants`.
    pub fn describe(&self) -> String {
        let mut v = vec![];
        if let Some(c) = &self.circe {
            v.push(c.describe());
        }
        match self.observation {
            Observation::None => {}
            Observation::Madrasi { kings } => {
                v.push(format!("paralysis: Madrasi{}", if kings { ", kings too" } else { "" }))
            }
            Observation::Isardam { type_b, kings } => v.push(format!(
                "move test: Isardam type {}{}",
                if type_b { "B" } else { "A" },
                if kings { ", kings too" } else { "" }
            )),
        }
        if self.cohen {
            v.push("Cohen's rule".into());
        }
        if v.is_empty() {
            v.push("orthodox chess".into());
        }
        v.join(" | ")
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// (name, one-line rule) for every condition.
pub fn catalogue() -> Vec<(&'static str, &'static str)> {
    let mut v = vec![CONDITIONS[0]];
    v.extend(PRESETS.iter().map(|p| (p.0, p.2)));
    v.extend(CONDITIONS.iter().skip(1).copied());
    v
}

use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{Position, Undo};
use effects::{Mode, NoRecord, Outcome, Recorder};

impl Rules {
    /// Plays `m` and judges it: `Done` when legal. Whatever the outcome, the caller undoes
    /// it with `pos.unmake(undo)`. `before_last` is the hash of the position before the
    /// opponent's last move (Cohen's rule), when known.
    #[inline]
    pub fn play<R: Recorder>(
        &self,
        pos: &mut Position,
        m: Move,
        undo: &mut Undo,
        rec: &mut R,
        before_last: Option<u64>,
    ) -> Outcome {
        let mover = pos.turn();
        let had_king = pos.king(mover).is_some();
        match effects::apply(pos, self, m, undo, rec, Mode::Play) {
            Outcome::Done => {}
            other => return other,
        }
        if had_king && pos.king(mover).is_none() {
            return Outcome::Illegal;
        }
        if let Observation::Isardam { kings, .. } = self.observation {
            let double = if m.kind() == MoveKind::DoublePush {
                Some(m.to())
            } else {
                None
            };
            if !isardam::passes(pos, kings, self.first_rank_pawns(), double, self.mars()) {
                return Outcome::Illegal;
            }
        }
        if check::in_check(pos, self, mover) {
            return Outcome::Illegal;
        }
        if self.cohen && cohen::undoes_last_move(pos.hash(), before_last) {
            return Outcome::Illegal;
        }
        Outcome::Done
    }

    /// Is the side *not* to move in check? Then the position is illegal: it has no legal
    /// moves and a perft count of 0.
    pub fn opponent_in_check(&self, pos: &mut Position) -> bool {
        let them = pos.turn().other();
        check::in_check(pos, self, them)
    }

    /// Calls `f` with the position after each legal move (the move already played; it is
    /// taken back after `f` returns). Moves that need a choice (a reborn pawn's promotion)
    /// are expanded into one move per choice.
    #[inline]
    pub fn for_each_legal(&self, pos: &mut Position, before_last: Option<u64>, mut f: impl FnMut(&mut Position, Move)) {
        let mut list = MoveList::new();
        crate::movegen::candidates(pos, self, &mut list);
        let mut undo = Undo::new();
        for &m in list.iter() {
            self.visit_if_legal(pos, m, before_last, &mut undo, &mut f);
        }
    }

    /// Plays candidate `m` and calls `f` on the position after it when it is legal (once
    /// per promotion choice of a reborn pawn); the position is restored after.
    #[inline]
    pub(crate) fn visit_if_legal(
        &self,
        pos: &mut Position,
        m: Move,
        before_last: Option<u64>,
        undo: &mut Undo,
        f: &mut impl FnMut(&mut Position, Move),
    ) {
        match self.play(pos, m, undo, &mut NoRecord, before_last) {
            Outcome::Done => {
                f(pos, m);
                pos.unmake(undo);
            }
            Outcome::Illegal => pos.unmake(undo),
            Outcome::NeedsChoice => {
                pos.unmake(undo);
                for role in crate::square::Role::PROMOTIONS {
                    let m2 = m.with_rebirth_promotion(role);
                    if self.play(pos, m2, undo, &mut NoRecord, before_last) == Outcome::Done {
                        f(pos, m2);
                    }
                    pos.unmake(undo);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_compositions() {
        assert!(Rules::parse("orthodox").unwrap().is_orthodox());
        let r = Rules::parse("circe+madrasi").unwrap();
        assert!(r.circe.is_some());
        assert_eq!(r.observation, Observation::Madrasi { kings: false });
        let r = Rules::parse("anticirce-calvet+isardam+cohen").unwrap();
        assert!(r.cohen);
        assert!(Rules::parse("circe+circe-mirror").is_err());
        assert!(Rules::parse("madrasi+isardam").is_err());
        let e = Rules::parse("circle").unwrap_err();
        assert!(e.0.contains("known: orthodox, circe"), "{e}");
        assert!(Rules::parse("").is_err());
        assert!(Rules::parse("circe+").is_err());
    }

    #[test]
    fn every_name_parses() {
        for n in known_names() {
            assert_eq!(Rules::parse(n).unwrap().name(), n);
        }
    }
}
