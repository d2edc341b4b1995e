//! Which accelerator a rule set takes, decided once from the rules and nowhere else.
//!
//! Every accelerator counts (and lists) the legal moves of only some rule sets: those whose
//! rules fit the model it was written for. The predicates that say which are all here, so a
//! reader sees in one file what each preset and composition runs, and the test below pins
//! it: a preset that fell back to the general counter would still count right, only slower,
//! and would fail no other test.

use crate::rules::circe::{
    CaptureFrom, Capturer, Circe, FirstRankPawns, Occupied, OwnSquare, SquareRule, Victim, WalkRule, When,
};
use crate::rules::{Observation, Rules};

/// The path of the last ply (and of the listing of perft's inner plies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Path {
    /// No short path: the general counter (or the generic pipeline) counts every position.
    None,
    /// The victim-rebirth family (`victim`): the capturer stays and only the captured unit is
    /// reborn. Carries the index of its per-preset instance (`victim::instances`).
    Victim(u8),
    /// Madrasi, kings paralysed too with `kings` (`exact::madrasi`), alone or composed with a
    /// Circe rule whose captures it judges by the shared model of effects; `preset`: the
    /// instance of that rule (`fast::presets`; the generic one when alone).
    Madrasi { kings: bool, preset: u8 },
    /// Isardam (`exact::isardam`), alone or composed with a Circe rule; `preset` as for
    /// Madrasi.
    Isardam { kings: bool, type_b: bool, preset: u8 },
    /// Anticirce alone, Calvet or Cheylan (`exact::anticirce`).
    Anticirce,
    /// Kamikaze Circe, or Circe with kamikaze units, alone (`exact::kamikaze`).
    Kamikaze,
    /// Mars Circe (`exact::mars`), alone or composed with Madrasi (`madrasi`: kings
    /// paralysed too, or not).
    Mars { madrasi: Option<bool> },
    /// Orthodox chess under Cohen's rule (the orthodox generator, Cohen's comparison apart).
    Orthodox,
}

/// What counts the positions the short path does not model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fallback {
    /// The general counter (`general`): bitboards first, the board where they cannot decide.
    General,
    /// The generic pipeline: every candidate played and judged by the rules.
    Generic,
}

/// The accelerators chosen for one rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// Plain chess: perft runs the specialised orthodox generator throughout.
    pub(crate) orthodox: bool,
    pub(crate) path: Path,
    pub(crate) fallback: Fallback,
    /// Cohen's rule is on: the path counts as if it were not, and the moves that can
    /// recreate the position before the opponent's last move are compared apart
    /// (`fast::cohen_count`).
    pub(crate) cohen: bool,
}

impl Plan {
    /// The plan of these rules; [`Rules::generic`] takes no accelerator at all.
    pub(crate) fn of(rules: &Rules) -> Plan {
        if !rules.fast_paths() {
            return Plan {
                orthodox: false,
                path: Path::None,
                fallback: Fallback::Generic,
                cohen: rules.cohen,
            };
        }
        Plan {
            orthodox: rules.is_plain_chess(),
            path: path_of(rules),
            fallback: if general_counter_models(rules) {
                Fallback::General
            } else {
                Fallback::Generic
            },
            cohen: rules.cohen,
        }
    }

    /// The rules' short path in its per-preset form, for the count and listing dispatch.
    #[inline(always)]
    pub(crate) fn path(&self) -> Path {
        self.path
    }
}

/// The path of the rules as if Cohen's rule were off (it only removes moves, which
/// `fast::cohen_count` finds apart).
fn path_of(rules: &Rules) -> Path {
    if victim_family(rules) {
        let c = rules.circe.expect("the victim family has a Circe");
        return Path::Victim(crate::fast::presets::preset_of(&c));
    }
    match (rules.observation, rules.circe) {
        (Observation::None, None) => Path::Orthodox,
        (Observation::Madrasi { kings }, None) => Path::Madrasi {
            kings,
            preset: crate::fast::presets::GENERIC as u8,
        },
        (Observation::Madrasi { kings }, Some(c)) if composes_with_observation(&c) => Path::Madrasi {
            kings,
            preset: crate::fast::presets::preset_of(&c),
        },
        (Observation::Isardam { kings, type_b }, None) => Path::Isardam {
            kings,
            type_b,
            preset: crate::fast::presets::GENERIC as u8,
        },
        (Observation::Isardam { kings, type_b }, Some(c)) if composes_with_isardam(&c) => Path::Isardam {
            kings,
            type_b,
            preset: crate::fast::presets::preset_of(&c),
        },
        (Observation::None, Some(c)) if anticirce(&c) => Path::Anticirce,
        (Observation::None, Some(c)) if kamikaze(&c) => Path::Kamikaze,
        (Observation::None, Some(c)) if mars(&c) => Path::Mars { madrasi: None },
        (Observation::Madrasi { kings }, Some(c)) if mars(&c) => Path::Mars { madrasi: Some(kings) },
        _ => Path::None,
    }
}

/// The victim-rebirth family: the capturer stays where it captured, only the victim is
/// reborn (now, or later as in Parrain), and check is the plain attack or Rex Inclusive's.
/// Assassin only with the preset's home squares and walks, which `victim::assassin_home`
/// models.
fn victim_family(rules: &Rules) -> bool {
    let Some(c) = rules.circe else { return false };
    rules.observation == Observation::None
        && (rules.king_capture_is_plain() || rex_inclusive(&c))
        && c.capturer == Capturer::Stays
        && c.victim == Victim::Reborn
        && c.capture_from == CaptureFrom::OwnSquare
        && (c.occupied != Occupied::Assassinate || assassin_at_home(&c))
}

/// Assassin Circe with the preset's rebirth rule (home squares, same walk): the only
/// Assassin whose threat squares the accelerators know.
fn assassin_at_home(c: &Circe) -> bool {
    c.square == SquareRule::Home && c.walk == WalkRule::Same
}

/// Rex Inclusive as `victim::Rex` models it: kings reborn on their home squares, where no
/// other unit is ever reborn, at once, a taken square making them vanish.
pub(crate) fn rex_inclusive(c: &Circe) -> bool {
    c.victim_kings
        && c.square == SquareRule::Home
        && c.walk == WalkRule::Same
        && c.occupied == Occupied::Vanish
        && c.when == When::AtOnce
}

/// Strict Circe as the victim family models it: the victim reborn at once by its own rule,
/// the capturer staying, a taken square making the capture illegal (not Anticirce's, where
/// the square is the capturer's).
#[inline(always)]
pub(crate) fn strict(c: &Circe) -> bool {
    c.occupied == Occupied::Illegal
        && c.when == When::AtOnce
        && !c.square_depends_on_capture()
        && c.capturer == Capturer::Stays
        && c.victim == Victim::Reborn
}

/// The victim family's rules whose rebirth square depends on the capture (CouCou, Couscous,
/// Equipollents, Platzwechsel) with victims keeping their walk and vanishing from a taken
/// square: their captures are weighed in the generator's sink (`victim::plain_by_capture`).
#[inline(always)]
pub(crate) fn by_capture_plain(c: &Circe) -> bool {
    matches!(
        c.square,
        SquareRule::CapturerHome | SquareRule::CapturePlusVector | SquareRule::Departure
    ) && c.walk == WalkRule::Same
        && c.occupied != Occupied::Illegal
        && c.when == When::AtOnce
}

/// Anticirce, Calvet or Cheylan: the capturer reborn on its home square, the capture illegal
/// when that square is taken, kings reborn too, the victim gone.
fn anticirce(c: &Circe) -> bool {
    c.capturer == Capturer::Reborn
        && c.victim == Victim::Gone
        && c.occupied == Occupied::Illegal
        && c.capture_from == CaptureFrom::OwnSquare
        && c.capturer_kings
        && c.first_rank_pawns == FirstRankPawns::Immobile
}

/// Kamikaze Circe (the capturer removed), or a capturer reborn that may stay on its own
/// square, with the victim reborn as in plain Circe.
fn kamikaze(c: &Circe) -> bool {
    let capturer = match c.capturer {
        Capturer::Removed => true,
        Capturer::Reborn => c.capturer_kings && c.own_square == OwnSquare::Stays,
        Capturer::Stays => false,
    };
    capturer
        && c.victim == Victim::Reborn
        && !c.victim_kings
        && c.square == SquareRule::Home
        && c.walk == WalkRule::Same
        && c.when == When::AtOnce
        && c.occupied == Occupied::Vanish
        && c.capture_from == CaptureFrom::OwnSquare
        && c.first_rank_pawns == FirstRankPawns::Immobile
}

/// A Circe rule whose effects the observation paths (`exact::madrasi`, `exact::isardam`)
/// can take from the shared model: effects on captures only (not Mars, whose captures and
/// observation start from rebirth squares), and a check that is an attack the rule may
/// disarm, or Assassin's threat with the preset's home squares, which both paths judge on
/// the board where our king stands or steps on one.
fn composes_with_observation(c: &Circe) -> bool {
    c.capture_from == CaptureFrom::OwnSquare && (c.occupied != Occupied::Assassinate || assassin_at_home(c))
}

/// A Circe rule `exact::isardam` composes with: one [`composes_with_observation`]. Check
/// plays the king's capture by the shared model of effects (`fast::effects::king_taken`),
/// whatever the capturer, the king's rebirth and a pending Parrain rebirth do, and
/// Assassin's threat likewise (`fast::effects::taken`).
fn composes_with_isardam(c: &Circe) -> bool {
    composes_with_observation(c)
}

/// Mars Circe: a capture made from the capturer's home square, the victim gone.
fn mars(c: &Circe) -> bool {
    c.capture_from == CaptureFrom::RebirthSquare
        && c.victim == Victim::Gone
        && c.capturer == Capturer::Stays
        && c.square == SquareRule::Home
        && !c.victim_kings
}

/// The general counter models every rule set but Assassin with another rebirth rule than
/// the preset's (its threat squares are known for home squares only).
fn general_counter_models(rules: &Rules) -> bool {
    !matches!(rules.circe, Some(c) if c.occupied == Occupied::Assassinate && !assassin_at_home(&c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(name: &str) -> Plan {
        Plan::of(&Rules::parse(name).unwrap())
    }

    fn path(name: &str) -> Path {
        plan(name).path
    }

    /// The path each condition and each composition of a Circe preset takes. A change here is
    /// a change of speed (a preset on the general counter is several times slower), so it
    /// must be deliberate.
    fn expected() -> Vec<(String, Path)> {
        let victim = |name: &str| {
            let c = Rules::parse(name).unwrap().circe.unwrap();
            Path::Victim(crate::fast::presets::preset_of(&c))
        };
        // (composed: the instance of the preset, by name)
        let instance = |preset: Option<&str>| {
            preset.map_or(crate::fast::presets::GENERIC as u8, |name| {
                let index = crate::rules::circe::PRESETS.iter().position(|p| p.0 == name);
                index.expect("a preset") as u8
            })
        };
        let isardam = |type_b, preset| Path::Isardam {
            kings: false,
            type_b,
            preset: instance(preset),
        };
        let madrasi = |kings, preset| Path::Madrasi {
            kings,
            preset: instance(preset),
        };
        let mut v: Vec<(&str, Path)> = VICTIM_FAMILY.iter().map(|&n| (n, victim(n))).collect();
        v.extend([
            ("anticirce-calvet", Path::Anticirce),
            ("anticirce-cheylan", Path::Anticirce),
            ("circe-kamikaze", Path::Kamikaze),
            ("circe-kamikaze-reborn", Path::Kamikaze),
            ("circe-mars", Path::Mars { madrasi: None }),
            ("madrasi", madrasi(false, None)),
            ("madrasi-rex-inclusive", madrasi(true, None)),
            ("isardam", isardam(false, None)),
            ("isardam-type-b", isardam(true, None)),
            // Cohen's rule: the path of the rules without it
            ("cohen", Path::Orthodox),
        ]);
        let mut v: Vec<(String, Path)> = v.into_iter().map(|(n, p)| (n.to_string(), p)).collect();
        for (preset, ..) in crate::rules::circe::PRESETS {
            let alone = v.iter().find(|e| e.0 == *preset).expect("every preset above").1;
            v.push((format!("{preset}+cohen"), alone));
            for kings in [false, true] {
                let name = if kings { "madrasi-rex-inclusive" } else { "madrasi" };
                let path = if MADRASI_WITH_MARS.contains(preset) {
                    Path::Mars { madrasi: Some(kings) }
                } else {
                    madrasi(kings, Some(preset))
                };
                v.push((format!("{preset}+{name}"), path));
            }
            for type_b in [false, true] {
                let name = if type_b { "isardam-type-b" } else { "isardam" };
                let composed = !ISARDAM_GENERAL.contains(preset);
                let path = if composed {
                    isardam(type_b, Some(preset))
                } else {
                    Path::None
                };
                v.push((format!("{preset}+{name}"), path));
            }
        }
        v
    }

    const VICTIM_FAMILY: [&str; 15] = [
        "circe",
        "circe-assassin",
        "circe-chameleon",
        "circe-clone",
        "circe-coucou",
        "circe-couscous",
        "circe-diagram",
        "circe-equipollents",
        "circe-mirror",
        "circe-parrain",
        "circe-pwc",
        "circe-rex-inclusive",
        "circe-strict",
        "circe-symmetry",
        "circe-volcanic",
    ];

    /// Madrasi composes with every Circe preset on its own path but this one, whose path
    /// takes Madrasi as a mask (Mars captures and observes from rebirth squares).
    const MADRASI_WITH_MARS: [&str; 1] = ["circe-mars"];

    /// Isardam of either type composes with every Circe preset but this one (as for Madrasi).
    const ISARDAM_GENERAL: [&str; 1] = ["circe-mars"];

    #[test]
    fn every_preset_and_composition_takes_its_path() {
        let expected = expected();
        for (name, want) in &expected {
            let (name, want) = (name.as_str(), *want);
            assert_eq!(path(name), want, "{name}");
            assert_eq!(plan(name).cohen, name.contains("cohen"), "{name}");
            assert_eq!(plan(name).fallback, Fallback::General, "{name}");
            assert!(!plan(name).orthodox, "{name}");
        }
        // every victim-family preset has an instance of its own, none the generic one
        let instances: std::collections::HashSet<u8> = expected
            .iter()
            .filter_map(|(_, p)| match *p {
                Path::Victim(i) => Some(i),
                _ => None,
            })
            .collect();
        assert_eq!(instances.len(), 15, "one instance per victim-family preset");
        // every preset composed with Cohen's rule takes the preset's own path
        for (name, ..) in crate::rules::circe::PRESETS {
            assert_eq!(path(&format!("{name}+cohen")), path(name), "{name}+cohen");
        }
        assert!(!instances.contains(&(crate::rules::circe::PRESETS.len() as u8)));
    }

    /// Every condition `fairyperft variants` lists, and every variant of the suites under
    /// `suites/`, is in the table above: a new preset or suite must be given its path there.
    #[test]
    fn the_table_covers_every_condition_and_suite() {
        let expected = expected();
        let table: Vec<&str> = expected.iter().map(|e| e.0.as_str()).collect();
        for name in crate::rules::known_names() {
            assert!(
                name == "orthodox" || table.contains(&name),
                "{name} has no expected path"
            );
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("suites");
        let mut seen = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap_or_default();
            for line in text.lines() {
                let Some(v) = line.trim_start().trim_start_matches("- ").strip_prefix("variant:") else {
                    continue;
                };
                let v = v.trim().trim_matches('"');
                seen += 1;
                assert!(
                    v == "orthodox" || table.contains(&v),
                    "suite variant {v} has no expected path"
                );
            }
        }
        assert!(seen >= 20, "the suites' variants were read ({seen})");
    }

    #[test]
    fn orthodox_and_generic() {
        let o = plan("orthodox");
        assert!(o.orthodox);
        assert_eq!(o.path, Path::Orthodox);
        let g = Plan::of(&Rules::parse("circe").unwrap().generic());
        assert_eq!(g.path, Path::None);
        assert_eq!(g.fallback, Fallback::Generic);
        let g = Plan::of(&Rules::orthodox().generic());
        assert!(!g.orthodox);
    }
}
