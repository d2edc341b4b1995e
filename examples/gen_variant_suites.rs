//! Writes suites/<variant>.yaml: perft to depth 4 of the standard positions under
//! every condition (and the compositions of the corpus), computed by fairyperft and
//! cross-checked before anything is written:
//!   * the colour-mirrored position gives the same count at every depth;
//!   * depths 1-2 equal Popeye's figures in suites/reference/<variant>.yaml where it exists.
//!
//! `cargo run --release --example gen_variant_suites [DEPTH]`

use fairyperft::{fen, suite, Game};
use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

const POSITIONS: &[(&str, &str)] = &[
    ("initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("cpw-pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "cpw-pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    ("cpw-pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
    (
        "cpw-pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
];

/// The reference corpus names the initial position `startpos`.
fn reference_id(variant: &str, id: &str) -> String {
    let id = if id == "initial" { "startpos" } else { id };
    format!("{variant}/{id}")
}

fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let mut variants: Vec<String> = fairyperft::rules::known_names().into_iter().map(String::from).collect();
    variants.retain(|v| v != "cohen" && v != "orthodox");
    for extra in [
        "circe+cohen",
        "circe+madrasi",
        "anticirce-calvet+madrasi",
        "circe+isardam",
        "anticirce-calvet+isardam-type-b",
    ] {
        variants.push(extra.into());
    }
    for v in &variants {
        let reference: HashMap<String, Vec<u64>> = suite::load(Path::new(&format!("suites/reference/{v}.yaml")))
            .map(|s| {
                s.file
                    .cases
                    .into_iter()
                    .filter_map(|c| Some((c.id, c.perft?)))
                    .collect()
            })
            .unwrap_or_default();
        let mut out = String::new();
        let _ = writeln!(out, "name: {v}-deep");
        let _ = writeln!(out, "variant: {v}");
        let _ = writeln!(
            out,
            "source: >-\n  computed by fairyperft {} (cargo run --release --example gen_variant_suites); cross-checked\n  when written: the colour-mirrored position gives the same count at every depth{}.",
            env!("CARGO_PKG_VERSION"),
            if reference.is_empty() {
                " (no Popeye reference exists for this composition)".to_string()
            } else {
                format!(", and the figures of suites/reference/{v}.yaml (Popeye's, or for circe-kamikaze an\n  independent model's) agree for the positions it holds")
            }
        );
        let _ = writeln!(out, "cases:");
        for (id, f) in POSITIONS {
            let mut g = Game::new(f, v).unwrap();
            let mirrored = fen::parse(f).unwrap().mirrored().fen();
            let mut gm = Game::new(&mirrored, v).unwrap();
            let mut counts = Vec::new();
            for d in 1..=depth {
                let n = g.perft(d);
                let nm = gm.perft(d);
                assert_eq!(n, nm, "{v} {id}: perft({d}) {n} but {nm} for the mirrored position");
                counts.push(n);
            }
            if let Some(r) = reference.get(&reference_id(v, id)) {
                assert_eq!(
                    &counts[..r.len().min(counts.len())],
                    &r[..r.len().min(counts.len())],
                    "{v} {id} vs Popeye"
                );
            }
            let list: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
            let _ = writeln!(
                out,
                "  - id: {v}/{id}\n    fen: \"{f}\"\n    perft: [{}]",
                list.join(", ")
            );
            eprintln!("{v} {id}: {}", list.join(" "));
        }
        std::fs::write(format!("suites/{v}.yaml"), out).unwrap();
    }
}
