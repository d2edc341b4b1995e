//! The leaf counter (`leaf.rs`, counting the last ply without playing moves) and the
//! generic pipeline must give the same perft counts, for every variant, on every corpus
//! position (every 4th in debug builds).

use fairyperft::{fen, suite, Game, Rules};
use rayon::prelude::*;

fn variants() -> Vec<String> {
    let mut v: Vec<String> = fairyperft::rules::known_names().into_iter().map(String::from).collect();
    v.retain(|n| n != "cohen");
    v.extend(
        ["circe+cohen", "circe-pwc+cohen", "anticirce-calvet+cohen", "circe-volcanic+cohen", "circe+madrasi", "anticirce-calvet+madrasi", "circe+isardam", "circe-volcanic+madrasi-rex-inclusive", "circe-parrain+isardam-type-b"]
            .map(String::from),
    );
    v
}

fn fens() -> Vec<String> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for f in suite::expand(&root.join("suites/reference")).unwrap() {
        let s = suite::load(&f).unwrap();
        out.extend(s.file.cases.into_iter().map(|c| c.fen));
    }
    out.sort();
    out.dedup();
    let step = if cfg!(debug_assertions) && std::env::var_os("FAIRYPERFT_FULL").is_none() { 4 } else { 1 };
    out.into_iter().step_by(step).collect()
}

#[test]
fn leaf_counter_agrees_with_generic_pipeline() {
    compare(fens(), 2);
}

/// Three plies reach positions with pending Parrain rebirths, hidden Volcanic units and
/// castling rights regained by rebirth: every 5th position (every 40th in debug builds).
#[test]
fn leaf_counter_agrees_three_plies_deep() {
    let step = if cfg!(debug_assertions) && std::env::var_os("FAIRYPERFT_FULL").is_none() { 10 } else { 5 };
    compare(fens().into_iter().step_by(step).collect(), 3);
}

fn compare(fens: Vec<String>, depth: u32) {
    let failures: Vec<String> = variants()
        .par_iter()
        .flat_map_iter(|v| {
            let rules = Rules::parse(v).unwrap();
            fens.iter().filter_map(move |f| {
                let pos = fen::parse(f).unwrap();
                let mut fast = Game::from_parts(pos.clone(), rules.clone()).ok()?;
                let mut slow = Game::from_parts(pos, rules.clone().generic()).unwrap();
                let (a, b) = (fast.perft(depth), slow.perft(depth));
                (a != b).then(|| format!("{v} {f}: leaf counter {a}, generic {b}"))
            })
        })
        .collect();
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
}
