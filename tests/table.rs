//! The transposition table (`--hash`) and threads never change a count: every variant on
//! the standard positions, and the hand-made Cohen cases (whose counts depend on history).

use fairyperft::table::Table;
use fairyperft::{suite, Game};

#[test]
fn counts_identical_with_and_without_table_and_threads() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let depth = if cfg!(debug_assertions) { 3 } else { 4 };
    let mut cases = Vec::new();
    // suites/<variant>.yaml: the standard positions under each condition
    let deep: Vec<_> = std::fs::read_dir(root.join("suites"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml") && !p.ends_with("orthodox.yaml"))
        .collect();
    assert!(deep.len() >= 25, "suites/<variant>.yaml files");
    for f in deep {
        let s = suite::load(&f).unwrap();
        let v = s.file.variant.clone().unwrap();
        // the compositions' suites (a hundred files): their first position only
        let (step, take) = match (v.contains('+'), cfg!(debug_assertions)) {
            (true, _) => (1, 1),
            (false, true) => (3, usize::MAX),
            (false, false) => (1, usize::MAX),
        };
        for c in s.file.cases.into_iter().step_by(step).take(take) {
            cases.push((v.clone(), c.fen, Vec::<String>::new()));
        }
    }
    let cohen = suite::load(&root.join("suites/handmade/cohen.yaml")).unwrap();
    for c in cohen.file.cases {
        let v = c.variant.unwrap_or_else(|| cohen.file.variant.clone().unwrap());
        cases.push((v, c.fen, c.history.unwrap_or_default()));
    }
    for (v, fen, history) in cases {
        let mut g = Game::new(&fen, &v).unwrap();
        g.play_line(&history.join(" ")).unwrap();
        let plain = g.perft(depth);
        let table = Table::with_megabytes(1);
        assert_eq!(g.perft_with(depth, 1, Some(&table)), plain, "{v} {fen}: with table");
        // a second run mostly hits the table
        assert_eq!(g.perft_with(depth, 1, Some(&table)), plain, "{v} {fen}: table reused");
        assert_eq!(
            g.perft_with(depth, 2, Some(&table)),
            plain,
            "{v} {fen}: threads and table"
        );
        assert_eq!(g.perft_with(depth, 2, None), plain, "{v} {fen}: threads");
    }
}
