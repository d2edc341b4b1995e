//! The move generator's invariants (src/invariants.rs — the same code the fuzz targets in
//! fuzz/ run) over every position of every suite under suites/, in every variant, and over
//! lines of moves from them.
//!
//! Debug builds take a deterministic subsample (each position in a rotating share of the
//! variants) so `cargo test` stays quick; release builds or FAIRYPERFT_FULL=1 take all.

use fairyperft::invariants::{self, input, Limits};
use fairyperft::rules::known_names;
use fairyperft::{suite, Game, Rules};
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn full() -> bool {
    !cfg!(debug_assertions) || std::env::var_os("FAIRYPERFT_FULL").is_some()
}

/// Every known name (`cohen` as `circe+cohen`), and compositions of a Circe preset with an
/// observation condition and Cohen's rule.
fn variants() -> Vec<String> {
    let mut v: Vec<String> = known_names()
        .into_iter()
        .map(|n| {
            if n == "cohen" {
                "circe+cohen".to_string()
            } else {
                n.to_string()
            }
        })
        .collect();
    for c in [
        "circe+madrasi",
        "anticirce-calvet+madrasi",
        "circe+isardam",
        "anticirce-calvet+isardam-type-b",
        "circe-volcanic+madrasi-rex-inclusive",
        "circe-parrain+isardam",
        "circe-mars+madrasi",
        "circe-assassin+isardam",
        "circe-rex-inclusive+madrasi-rex-inclusive",
        "anticirce-cheylan+isardam+cohen",
        "circe-equipollents+madrasi+cohen",
        "circe-kamikaze-reborn+isardam-type-b",
        "circe-couscous+madrasi",
        "circe-diagram+cohen",
        "madrasi+cohen",
        "isardam+cohen",
        "orthodox",
    ] {
        if !v.iter().any(|x| x == c) {
            v.push(c.to_string());
        }
    }
    v
}

/// The distinct positions of every suite (FEN, and the history its case plays first).
fn suite_positions() -> Vec<(String, Vec<String>)> {
    let mut files = suite::expand(&root().join("suites")).expect("suites/");
    files.sort();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for f in files {
        let s = suite::load(&f).unwrap_or_else(|e| panic!("{e}"));
        for c in s.file.cases {
            let h = c.history.clone().unwrap_or_default();
            if seen.insert((c.fen.clone(), h.clone())) {
                out.push((c.fen, h));
            }
        }
    }
    out
}

/// One in `N` (position, variant) pairs in debug builds.
const DEBUG_SHARE: usize = 3;

#[test]
fn every_suite_position_in_every_variant() {
    let positions = suite_positions();
    let variants = variants();
    assert!(positions.len() > 200, "{} positions", positions.len());
    let pairs: Vec<(usize, usize)> = (0..positions.len())
        .flat_map(|i| (0..variants.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| full() || (i * 7 + j) % DEBUG_SHARE == 0)
        .collect();
    let results: Vec<Result<bool, String>> = pairs
        .par_iter()
        .map(|&(i, j)| {
            let (fen, history) = &positions[i];
            let mut game = match Game::new(fen, &variants[j]) {
                Ok(g) => g,
                // e.g. a pawn on a back rank, allowed in Circe positions but not in orthodox chess
                Err(_) => return Ok(false),
            };
            if game.play_line(&history.join(" ")).is_err() {
                return Ok(false);
            }
            let rules = game.rules.clone();
            invariants::check_position(&mut game.pos, &rules, &game.history, &Limits::FULL).map(|_| true)
        })
        .collect();
    let checked = results.iter().filter(|r| matches!(r, Ok(true))).count();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        failures.is_empty(),
        "{} violation(s):\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // every variant got positions
    let mut per_variant = vec![0usize; variants.len()];
    for (k, &(_, j)) in pairs.iter().enumerate() {
        if matches!(results[k], Ok(true)) {
            per_variant[j] += 1;
        }
    }
    for (j, n) in per_variant.iter().enumerate() {
        assert!(*n > 0, "no position checked in {}", variants[j]);
    }
    eprintln!(
        "{checked} (position, variant) pairs checked over {} variants",
        variants.len()
    );
}

/// Lines of moves from suite positions, picked by a fixed pseudo-random sequence.
#[test]
fn lines_from_suite_positions() {
    let positions = suite_positions();
    let variants = variants();
    let share = if full() { 3 } else { 11 };
    let work: Vec<(usize, usize)> = (0..positions.len())
        .filter(|i| i % share == 0)
        .map(|i| (i, (i / share) % variants.len()))
        .collect();
    let results: Vec<Result<usize, String>> = work
        .par_iter()
        .map(|&(i, j)| {
            let (fen, history) = &positions[i];
            let Ok(mut game) = Game::new(fen, &variants[j]) else {
                return Ok(0);
            };
            if game.play_line(&history.join(" ")).is_err() {
                return Ok(0);
            }
            let choices = noise(i as u64 + 1, 40);
            invariants::check_line(&game.pos, &game.rules, &choices, 40, &Limits::FULL).map(|r| r.plies)
        })
        .collect();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        failures.is_empty(),
        "{} violation(s):\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let plies: usize = results.iter().filter_map(|r| r.as_ref().ok()).sum();
    assert!(
        plies > work.len() * 10,
        "lines too short: {plies} plies over {} lines",
        work.len()
    );
}

use fairyperft::invariants::noise;

/// The fuzz targets' own entry points on pseudo-random inputs (a smoke test of the
/// decoder and the checks; the fuzzer goes much further).
#[test]
fn fuzz_entry_points_on_noise() {
    let n = if full() { 3000 } else { 300 };
    let failures: Vec<String> = (0..n)
        .into_par_iter()
        .filter_map(|i| {
            let data = noise(i as u64 + 1000, 20 + (i % 150));
            invariants::fuzz_movegen(&data)
                .err()
                .or_else(|| invariants::fuzz_line(&data).err())
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} violation(s):\n{}",
        failures.len(),
        failures.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// The fuzz corpora's seeds are suite positions, encoded for the decoder: it must give
/// them back exactly.
#[test]
fn suite_positions_encode_for_the_fuzz_decoder() {
    let mut n = 0;
    for (i, (fen, _)) in suite_positions().iter().enumerate().step_by(1) {
        let variants = variants();
        let v = &variants[i % variants.len()];
        let Ok(game) = Game::new(fen, v) else { continue };
        let bytes = input::encode(&game.pos, &game.rules, &[]).expect("suite positions are in the decoder's range");
        let d = input::decode(&mut input::Bytes::new(&bytes)).unwrap_or_else(|| panic!("{fen} [{v}] does not decode"));
        assert_eq!(d.pos, game.pos, "{fen} [{v}] decodes as {}", d.fen);
        assert_eq!(d.rules, Rules::parse(v).unwrap());
        n += 1;
    }
    assert!(n > 200, "{n}");
}

/// The committed seed corpora of the fuzz targets (fuzz/corpus/<target>/seed-*) pass the
/// targets' checks: what `cargo fuzz` starts from is checked by `cargo test` too.
#[test]
fn fuzz_seed_corpora_pass() {
    type Target = fn(&[u8]) -> Result<(), String>;
    let targets: [(&str, Target); 4] = [
        ("fen", invariants::fuzz_fen),
        ("suite", invariants::fuzz_suite),
        ("movegen", invariants::fuzz_movegen),
        ("line", invariants::fuzz_line),
    ];
    for (target, check) in targets {
        let dir = root().join("fuzz/corpus").join(target);
        let mut seeds: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("seed-")))
            .collect();
        seeds.sort();
        assert!(seeds.len() >= 20, "{target}: {} seeds", seeds.len());
        let failures: Vec<String> = seeds
            .par_iter()
            .filter_map(|p| {
                check(&std::fs::read(p).unwrap())
                    .err()
                    .map(|e| format!("{}: {e}", p.display()))
            })
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
