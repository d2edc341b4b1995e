//! Fuzz target `suite`. Arbitrary bytes as a suite file, given to every reader (YAML, EPD, Popeye input):
//! no panic, errors only; each case read is set up as a game, history included.
//! The checks live in `fairyperft::invariants`, shared with tests/invariants.rs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fairyperft::invariants::fuzz_suite(data) {
        panic!("invariant violated: {e}");
    }
});
