//! The victim family's count and listing, compiled once per named preset of [`PRESETS`]
//! with every rule axis a constant, and once for any other Circe.
//!
//! The family asks the rules at every turn (which square, which walk, what an occupied
//! square does...). With the rules a constant, the compiler folds those questions and drops
//! the code of the cases that cannot arise. A preset is found once, when the plan is made
//! ([`preset_of`]); a Circe that matches none (none does today: every name is a preset)
//! takes the generic instance.

use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::circe::{Circe, CIRCE, PRESETS};

/// The index of the generic instance, after the presets'.
const GENERIC: usize = PRESETS.len();

// (the tables below list one instance per preset, and the generic one)
const _: () = assert!(GENERIC == 20, "one instance per preset: extend `table!`");

/// The instance for these rules: the preset's index, or [`GENERIC`].
pub(crate) fn preset_of(c: &Circe) -> u8 {
    PRESETS.iter().position(|p| p.1 == *c).unwrap_or(GENERIC) as u8
}

/// Preset `n`'s Circe (for the generic instance, a stand-in it does not read).
const fn preset(n: usize) -> Circe {
    if n < GENERIC {
        PRESETS[n].1
    } else {
        CIRCE
    }
}

type CountFn = fn(&Position, &Circe) -> Option<u64>;
type MovesFn = fn(&Position, &Circe, &mut MoveList, &mut MoveList) -> Option<()>;

/// The path's entry points, by instance.
pub(crate) struct Instances {
    count: [CountFn; GENERIC + 1],
    moves: [MovesFn; GENERIC + 1],
}

impl Instances {
    /// The path's count for the rules `c`, whose instance is `i`.
    #[inline(always)]
    pub(crate) fn count(&self, i: u8, pos: &Position, c: &Circe) -> Option<u64> {
        self.count[usize::from(i)](pos, c)
    }

    /// The path's moves (`sure` and `to_test`, see [`super::moves`]) for the rules `c`.
    #[inline(always)]
    pub(crate) fn moves(
        &self,
        i: u8,
        pos: &Position,
        c: &Circe,
        sure: &mut MoveList,
        to_test: &mut MoveList,
    ) -> Option<()> {
        self.moves[usize::from(i)](pos, c, sure, to_test)
    }
}

macro_rules! table {
    ($f:ident) => {
        [
            $f::<0>, $f::<1>, $f::<2>, $f::<3>, $f::<4>, $f::<5>, $f::<6>, $f::<7>, $f::<8>, $f::<9>, $f::<10>,
            $f::<11>, $f::<12>, $f::<13>, $f::<14>, $f::<15>, $f::<16>, $f::<17>, $f::<18>, $f::<19>, $f::<20>,
        ]
    };
}

/// An instance of the victim family's count: preset `N`'s rules as a constant, or `c`.
fn count<const N: usize>(pos: &Position, c: &Circe) -> Option<u64> {
    let c = if N == GENERIC { c } else { &const { preset(N) } };
    super::count(pos, c)
}

/// An instance of the victim family's moves (see [`count`]).
fn moves<const N: usize>(pos: &Position, c: &Circe, sure: &mut MoveList, to_test: &mut MoveList) -> Option<()> {
    let c = if N == GENERIC { c } else { &const { preset(N) } };
    super::moves(pos, c, sure, to_test)
}

/// The victim family's instances, by preset.
pub(crate) static BY_PRESET: Instances = Instances {
    count: table!(count),
    moves: table!(moves),
};
