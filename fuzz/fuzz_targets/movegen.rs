//! Fuzz target `movegen`. An arbitrary valid position under an arbitrary variant, decoded from the bytes
//! (`fairyperft::invariants::input`): every invariant of `fairyperft::invariants` at that node.
//! The checks live in `fairyperft::invariants`, shared with tests/invariants.rs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fairyperft::invariants::fuzz_movegen(data) {
        panic!("invariant violated: {e}");
    }
});
