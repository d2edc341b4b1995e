//! The specialised orthodox generator and the generic pipeline (every condition plugs into
//! it) must agree move for move and count for count.

use fairyperft::perft::Search;
use fairyperft::{fen, notation, suite, Rules};
use std::collections::BTreeSet;

fn positions() -> Vec<String> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut fens = Vec::new();
    for f in ["suites/orthodox.yaml", "suites/reference/orthodox.yaml"] {
        let s = suite::load(&root.join(f)).unwrap();
        fens.extend(s.file.cases.iter().map(|c| c.fen.clone()));
    }
    fens
}

#[test]
fn generic_pipeline_matches_specialised_generator() {
    let fast = Rules::orthodox();
    let generic = Rules::orthodox().generic();
    assert!(fast.is_orthodox() && !generic.is_orthodox());
    for f in positions() {
        let mut pos = fen::parse(&f).unwrap();
        let a: BTreeSet<String> = Search::new(&fast, &[])
            .legal_moves(&mut pos)
            .into_iter()
            .map(notation::uci)
            .collect();
        let b: BTreeSet<String> = Search::new(&generic, &[])
            .legal_moves(&mut pos)
            .into_iter()
            .map(notation::uci)
            .collect();
        assert_eq!(a, b, "{f}");
        let depth = if cfg!(debug_assertions) { 2 } else { 3 };
        let na = Search::new(&fast, &[]).perft(&mut pos, depth);
        let nb = Search::new(&generic, &[]).perft(&mut pos, depth);
        assert_eq!(na, nb, "perft({depth}) of {f}");
        assert_eq!(pos.hash(), pos.compute_hash());
    }
}
