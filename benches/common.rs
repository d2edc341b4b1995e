//! Positions and depths shared by the benches and by `examples/bench_report.rs`.
#![allow(dead_code)]

pub const INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Every variant benched: each condition alone, and the compositions of the corpus.
pub fn variants() -> Vec<String> {
    let mut v: Vec<String> = fairyperft::rules::known_names().into_iter().map(String::from).collect();
    v.retain(|n| n != "cohen");
    v.push("circe+cohen".into());
    v.push("circe+madrasi".into());
    v.push("anticirce-calvet+madrasi".into());
    v
}

/// The Circe-family presets (every condition but orthodox, Madrasi, Isardam and Cohen).
pub fn circe_presets() -> Vec<String> {
    fairyperft::rules::known_names()
        .into_iter()
        .filter(|n| n.contains("circe"))
        .map(String::from)
        .collect()
}

/// Every Circe preset composed with `condition` (`madrasi`, `cohen`, `isardam`): the
/// compositions benched on the position and depth of their target.
pub fn compositions(condition: &str) -> Vec<String> {
    circe_presets()
        .into_iter()
        .map(|p| format!("{p}+{condition}"))
        .collect()
}

/// The compositions benched, with the position, depth and ceiling per node of orthodox
/// (the targets for compositions in docs/performance.md).
pub const COMPOSITION_TARGETS: [(&str, &str, &str, u32, f64); 5] = [
    ("madrasi", "kiwipete-perft4", KIWIPETE, 4, 2.0),
    ("madrasi-rex-inclusive", "kiwipete-perft4", KIWIPETE, 4, 2.0),
    ("cohen", "kiwipete-perft4", KIWIPETE, 4, 1.8),
    ("isardam", "initial-perft5", INITIAL, 5, 3.0),
    ("isardam-type-b", "initial-perft5", INITIAL, 5, 3.0),
];

/// The variants whose generic pipeline is benched against the default one.
pub const PIPELINE_VARIANTS: [&str; 6] = [
    "circe",
    "anticirce-calvet",
    "circe-assassin",
    "circe-mars",
    "madrasi",
    "circe+cohen",
];
