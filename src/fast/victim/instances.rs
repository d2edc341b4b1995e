//! The victim family's count and listing, compiled once per named Circe preset with every
//! rule axis a constant, and once for any other Circe ([`crate::fast::presets`]).

use crate::fast::presets::{by_preset, rules_of, GENERIC};
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::circe::Circe;

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

/// An instance of the victim family's count: preset `N`'s rules as a constant, or `c`.
fn count<const N: usize>(pos: &Position, c: &Circe) -> Option<u64> {
    super::count(pos, rules_of::<N>(c))
}

/// An instance of the victim family's moves (see [`count`]).
fn moves<const N: usize>(pos: &Position, c: &Circe, sure: &mut MoveList, to_test: &mut MoveList) -> Option<()> {
    super::moves(pos, rules_of::<N>(c), sure, to_test)
}

/// The victim family's instances, by preset.
pub(crate) static BY_PRESET: Instances = Instances {
    count: by_preset!(count),
    moves: by_preset!(moves),
};
