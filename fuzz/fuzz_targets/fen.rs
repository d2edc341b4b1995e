//! Fuzz target `fen`. Arbitrary bytes as FEN text, extended state tokens included: no panic, and every
//! accepted position prints back (`fen()`) to a FEN that parses to the same position.
//! The checks live in `fairyperft::invariants`, shared with tests/invariants.rs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fairyperft::invariants::fuzz_fen(data) {
        panic!("invariant violated: {e}");
    }
});
