//! Every suite under suites/ runs as a test: the Popeye reference corpus (suites/reference/)
//! and the project's own suites (published orthodox figures, hand-made cases, deeper perft).

mod common;

#[test]
fn reference_corpus_agrees_with_popeye() {
    let (passed, _) = common::run_suites("suites/reference", &[]);
    // 35 files, 6028 cases: all of them must have run
    assert_eq!(passed, 6028);
}

#[test]
fn project_suites_pass() {
    let (passed, skipped) = common::run_suites("suites", &["suites/reference/"]);
    assert!(passed > 0);
    eprintln!("{passed} cases passed, {skipped} skipped (over the debug-build node budget)");
}
