//! Writes suites/<variant>.yaml: perft to depth 4 of the standard positions under
//! every condition and every composition of a Circe preset with Madrasi, Madrasi Rex
//! Inclusive, Isardam, Isardam type B or Cohen's rule, computed by fairyperft and
//! cross-checked before anything is written:
//!   * the colour-mirrored position gives the same count at every depth;
//!   * the generic pipeline (`Rules::generic()`, none of the fast paths) gives the same
//!     counts to depth 3;
//!   * depths 1-2 equal Popeye's figures in suites/reference/<variant>.yaml where it exists;
//!   * with `POPEYE=path/to/py` set, depths 1-2 equal what that Popeye binary answers now
//!     (its move list and depth-2 divide), for every variant Popeye can express.
//!
//! `cargo run --release --example gen_variant_suites -- [DEPTH] [--only V1,V2]`

use fairyperft::oracle::{self, Popeye, Probe};
use fairyperft::{fen, suite, Game, Rules};
use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

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

/// Every condition but `orthodox` and `cohen` (which have suites of their own), and every
/// Circe preset composed with each observation condition and with Cohen's rule.
fn variants() -> Vec<String> {
    let mut v: Vec<String> = fairyperft::rules::known_names().into_iter().map(String::from).collect();
    v.retain(|v| v != "cohen" && v != "orthodox");
    for (preset, ..) in fairyperft::rules::circe::PRESETS {
        for other in ["madrasi", "madrasi-rex-inclusive", "isardam", "isardam-type-b", "cohen"] {
            v.push(format!("{preset}+{other}"));
        }
    }
    v
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(4);
    let only: Option<Vec<String>> = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .map(|l| l.split(',').map(String::from).collect());
    let popeye = std::env::var_os("POPEYE").map(|p| Popeye { bin: PathBuf::from(p) });
    let mut variants = variants();
    if let Some(only) = &only {
        variants.retain(|v| only.contains(v));
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
        let mut body = String::new();
        let mut popeye_checked = false;
        for (id, f) in POSITIONS {
            let mut g = Game::new(f, v).unwrap();
            let mirrored = fen::parse(f).unwrap().mirrored().fen();
            let mut gm = Game::new(&mirrored, v).unwrap();
            let mut counts = Vec::new();
            let mut generic = Game::from_parts(g.pos.clone(), Rules::parse(v).unwrap().generic()).unwrap();
            for d in 1..=depth {
                let n = g.perft(d);
                let nm = gm.perft(d);
                assert_eq!(n, nm, "{v} {id}: perft({d}) {n} but {nm} for the mirrored position");
                if d <= 3 {
                    let ng = generic.perft(d);
                    assert_eq!(n, ng, "{v} {id}: perft({d}) {n} but {ng} by the generic pipeline");
                }
                counts.push(n);
            }
            let probe = Probe {
                variant: v.clone(),
                fen: f.to_string(),
            };
            if let (Some(py), Ok(_)) = (&popeye, oracle::popeye_conditions(v)) {
                let theirs = py.answer(&probe).unwrap_or_else(|e| panic!("{v} {id}: Popeye: {e}"));
                let ours = oracle::fairyperft_answer(&probe).unwrap();
                let diff = oracle::differences(&theirs, &ours);
                assert!(diff.is_empty(), "{v} {id} vs Popeye now:\n{}", diff.join("\n"));
                assert_eq!(
                    [theirs.moves.len() as u64, theirs.perft2()],
                    [counts[0], counts[1]],
                    "{v} {id} vs Popeye now"
                );
                popeye_checked = true;
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
                body,
                "  - id: {v}/{id}\n    fen: \"{f}\"\n    perft: [{}]",
                list.join(", ")
            );
            eprintln!("{v} {id}: {}", list.join(" "));
        }
        let mut checks = vec![
            "the colour-mirrored position gives the same count at every depth".to_string(),
            "the generic pipeline the same to depth 3".to_string(),
        ];
        if !reference.is_empty() {
            checks.push(format!(
                "depths 1-2 equal the figures of suites/reference/{v}.yaml for the positions it holds"
            ));
        }
        if popeye_checked {
            let version = popeye.as_ref().and_then(|p| p.version().ok()).unwrap_or_default();
            checks.push(format!("depths 1-2 equal Popeye {version}'s move lists and divides"));
        }
        let mut out = String::new();
        let _ = writeln!(out, "name: {v}-deep");
        let _ = writeln!(out, "variant: {v}");
        let _ = writeln!(
            out,
            "source: >-\n  computed by fairyperft {} (cargo run --release --example gen_variant_suites);\n  cross-checked when written: {}.",
            env!("CARGO_PKG_VERSION"),
            checks.join(";\n  ")
        );
        let _ = writeln!(out, "cases:");
        out.push_str(&body);
        std::fs::write(format!("suites/{v}.yaml"), out).unwrap();
    }
}
