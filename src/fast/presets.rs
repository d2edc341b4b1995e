//! Paths compiled once per named Circe preset, with every rule axis a constant, and once
//! for any other Circe.
//!
//! A path asks the rules at every turn (which square, which walk, what an occupied square
//! does...). With the rules a constant, the compiler folds those questions and drops the
//! code of the cases that cannot arise. A preset is found once, when the plan is made
//! ([`preset_of`]); a Circe that matches none (none does today: every name is a preset)
//! takes the generic instance. A path makes its instances with [`by_preset!`] and reads
//! its rules with [`rules_of`].

use crate::rules::circe::{Circe, CIRCE, PRESETS};

/// The index of the generic instance, after the presets'.
pub(crate) const GENERIC: usize = PRESETS.len();

// (`by_preset!` lists one instance per preset, and the generic one)
const _: () = assert!(GENERIC == 20, "one instance per preset: extend `by_preset!`");

/// The instance for these rules: the preset's index, or [`GENERIC`].
pub(crate) fn preset_of(c: &Circe) -> u8 {
    PRESETS.iter().position(|p| p.1 == *c).unwrap_or(GENERIC) as u8
}

/// Preset `n`'s Circe (for the generic instance, a stand-in it does not read).
pub(crate) const fn preset(n: usize) -> Circe {
    if n < GENERIC {
        PRESETS[n].1
    } else {
        CIRCE
    }
}

/// The rules instance `N` runs with: its preset's, a constant, or (the generic instance)
/// `c`, which the plan matched to `N`.
#[inline(always)]
pub(crate) fn rules_of<const N: usize>(c: &Circe) -> &Circe {
    if N == GENERIC {
        c
    } else {
        &const { preset(N) }
    }
}

/// The instances of the function `$f::<N>`, by instance index.
macro_rules! by_preset {
    ($f:ident) => {
        [
            $f::<0>, $f::<1>, $f::<2>, $f::<3>, $f::<4>, $f::<5>, $f::<6>, $f::<7>, $f::<8>, $f::<9>, $f::<10>,
            $f::<11>, $f::<12>, $f::<13>, $f::<14>, $f::<15>, $f::<16>, $f::<17>, $f::<18>, $f::<19>, $f::<20>,
        ]
    };
}
pub(crate) use by_preset;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::Rules;

    /// The positions one and two plies from a few capture-rich ones, under `rules`.
    fn positions(rules: &Rules) -> Vec<Position> {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
            "4k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1",
        ];
        let mut out = Vec::new();
        for fen in fens {
            let mut root = crate::fen::parse(fen).expect("a valid FEN");
            rules.for_each_legal(&mut root, None, |child, _| {
                out.push(child.clone());
                rules.for_each_legal(child, None, |grandchild, _| out.push(grandchild.clone()));
            });
        }
        out
    }

    /// Each preset's instance counts what the generic instance counts with the preset's
    /// rules: the constant is the preset's, and the generic instance reads `c` (the victim
    /// family; Madrasi of both types and Isardam of both types, composed).
    #[test]
    fn every_preset_instance_counts_as_the_generic_one() {
        for (i, (name, c, _)) in crate::rules::circe::PRESETS.iter().enumerate() {
            assert_eq!(usize::from(preset_of(c)), i, "{name}");
            let victim = &crate::fast::victim::instances::BY_PRESET;
            // (the victim family's count only for the rules it takes: its debug assertions
            // hold it to the model of those)
            let plan = crate::fast::Plan::of(&Rules::parse(name).expect("a preset"));
            let victim_family = matches!(plan.path(), crate::fast::plan::Path::Victim(_));
            for kings in [false, true] {
                let rules = Rules::parse(&format!("{name}+madrasi{}", if kings { "-rex-inclusive" } else { "" }))
                    .expect("a composition");
                let mut compared = 0;
                for pos in positions(&rules) {
                    let madrasi = |n: usize| crate::fast::exact::madrasi::count(&pos, kings, Some(c), n as u8);
                    assert_eq!(
                        madrasi(i),
                        madrasi(GENERIC),
                        "{name}+madrasi, kings {kings}: {}",
                        pos.fen()
                    );
                    if !kings && victim_family {
                        let count = |n: usize| victim.count(n as u8, &pos, c);
                        assert_eq!(count(i), count(GENERIC), "{name}: {}", pos.fen());
                    }
                    let isardam = |n: usize| crate::fast::exact::isardam::count(&pos, false, kings, Some(c), n as u8);
                    assert_eq!(
                        isardam(i),
                        isardam(GENERIC),
                        "{name}+isardam, type B {kings}: {}",
                        pos.fen()
                    );
                    compared += u32::from(madrasi(i).is_some());
                }
                // (the instances ran: Mars, on the general counter, declines every position)
                assert!(compared > 0 || *name == "circe-mars", "{name}: no position counted");
            }
        }
    }
}
