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

/// The variants whose generic pipeline is benched against the default one.
pub const PIPELINE_VARIANTS: [&str; 6] = [
    "circe",
    "anticirce-calvet",
    "circe-assassin",
    "circe-mars",
    "madrasi",
    "circe+cohen",
];
