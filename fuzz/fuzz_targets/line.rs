//! Fuzz target `line`. An arbitrary valid position and variant, then a walk of up to 40 plies chosen by the
//! remaining bytes: the invariants at every node, the replay by notation, the unmaking.
//! The checks live in `fairyperft::invariants`, shared with tests/invariants.rs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fairyperft::invariants::fuzz_line(data) {
        panic!("invariant violated: {e}");
    }
});
