//! Writes the seed corpora of the fuzz targets (fuzz/corpus/<target>/seed-*) from the
//! positions of suites/: `cargo run --example fuzz_seeds [-- OUT_DIR]` (default
//! fuzz/corpus). Deterministic: the same suites give the same seeds.
//!
//! * `fen`: the suites' FEN texts, and the extended-token FENs of positions reached by
//!   a few moves in Volcanic and Parrain Circe (hidden units, pending rebirths, flags, diagram);
//! * `suite`: small YAML suites cut from suites/, and the EPD / Popeye samples of tests/data/import;
//! * `movegen`: suite positions under a rotating choice of variants, encoded for the
//!   decoder of `fairyperft::invariants::input`;
//! * `line`: the same, followed by 40 move-choice bytes.

use fairyperft::invariants::input;
use fairyperft::{suite, Game};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const PER_TARGET: usize = 40;

use fairyperft::invariants::noise;

fn write(dir: &Path, i: usize, bytes: &[u8]) {
    std::fs::create_dir_all(dir).expect("corpus directory");
    std::fs::write(dir.join(format!("seed-{i:03}")), bytes).expect("seed file");
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("fuzz/corpus"));
    let mut files = suite::expand(&root.join("suites")).expect("suites/");
    files.sort();
    let suites: Vec<suite::Suite> = files.iter().map(|f| suite::load(f).expect("suite")).collect();

    // distinct positions, spread over the suites
    let mut fens: Vec<(String, String)> = Vec::new();
    let mut seen = BTreeSet::new();
    for k in 0.. {
        let mut any = false;
        for s in &suites {
            if let Some(c) = s.file.cases.get(k * 5) {
                any = true;
                let v = c
                    .variant
                    .clone()
                    .or(s.file.variant.clone())
                    .unwrap_or_else(|| "orthodox".into());
                if seen.insert(c.fen.clone()) {
                    fens.push((c.fen.clone(), v));
                }
            }
        }
        if !any || fens.len() >= 4 * PER_TARGET {
            break;
        }
    }

    // fen: plain FENs, and extended ones reached by play
    let mut fen_seeds: Vec<String> = fens.iter().take(PER_TARGET - 8).map(|f| f.0.clone()).collect();
    for (f, v, line) in [
        ("4k3/3n4/8/8/3p4/8/8/3QK3 w - - 0 1", "circe-volcanic", "d1d4"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 hidden=e2n", "circe-volcanic", "e2e4"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "circe-volcanic", "a1a7 h8h1"),
        ("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "circe-parrain", "d1d5"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 flags=e1", "circe", ""),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "circe-diagram",
            "g1f3 g8f6 f3g1",
        ),
        ("4k3/8/8/8/3p4/8/4P3/7K w - - 0 1 pending=Re1", "circe-parrain", "e2e4"),
        (
            "k7/8/8/8/8/8/8/4K2R w K - 0 1 hidden=h1n,e1r pending=Re3 diagram=e1:-,h1:h2",
            "circe-volcanic",
            "",
        ),
    ] {
        let mut g = Game::new(f, v).expect("seed position");
        g.play_line(line).expect("seed line");
        fen_seeds.push(g.pos.fen());
    }
    for (i, f) in fen_seeds.iter().enumerate() {
        write(&out.join("fen"), i, f.as_bytes());
    }

    // suite: one or two cases of each suite file, and the import samples
    let mut n = 0;
    let step = suites.len().div_ceil(PER_TARGET - 3).max(1);
    for s in suites.iter().step_by(step) {
        let mut file = s.file.clone();
        file.cases.truncate(1 + n % 2);
        for c in &mut file.cases {
            if let Some(d) = &mut c.divide {
                let keep: Vec<String> = d.keys().take(3).cloned().collect();
                d.retain(|k, _| keep.contains(k));
            }
            if let Some(m) = &mut c.moves {
                m.truncate(3);
            }
        }
        let text = serde_yaml::to_string(&file).expect("yaml");
        write(&out.join("suite"), n, text.as_bytes());
        n += 1;
    }
    for f in [
        "tests/data/import/perftsuite_sample.epd",
        "tests/data/import/madrasi.inp",
        "tests/data/malformed.yaml",
    ] {
        if let Ok(text) = std::fs::read(root.join(f)) {
            write(&out.join("suite"), n, &text);
            n += 1;
        }
    }

    // movegen, line: encoded (position, variant) pairs
    let variants = input::all_variant_names();
    let mut k = 0;
    let (mut nm, mut nl) = (0, 0);
    for (i, (f, own)) in fens.iter().enumerate() {
        if nm >= PER_TARGET && nl >= PER_TARGET {
            break;
        }
        // half the seeds in the position's own variant, half in another composition
        let v = if i % 2 == 0 {
            own.clone()
        } else {
            variants[(i * 7) % variants.len()].clone()
        };
        let Ok(g) = Game::new(f, &v) else { continue };
        let Some(bytes) = input::encode(&g.pos, &g.rules, &[]) else {
            continue;
        };
        k += 1;
        if k % 2 == 1 && nm < PER_TARGET {
            write(&out.join("movegen"), nm, &bytes);
            nm += 1;
        } else if nl < PER_TARGET {
            let mut b = bytes;
            b.extend(noise(i as u64 + 1, 40));
            write(&out.join("line"), nl, &b);
            nl += 1;
        }
    }
    eprintln!(
        "seeds: fen {}, suite {n}, movegen {nm}, line {nl} in {}",
        fen_seeds.len(),
        out.display()
    );
}
