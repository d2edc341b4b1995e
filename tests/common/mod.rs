//! Shared helpers for the integration tests.
#![allow(dead_code)]

pub mod cli;

use fairyperft::suite::{self, runner::RunOptions, Status};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Node budget for suite expectations: everything in release builds or with
/// FAIRYPERFT_FULL=1; in debug builds deep figures are skipped so `cargo test` stays quick.
pub fn budget() -> Option<u64> {
    if cfg!(debug_assertions) && std::env::var_os("FAIRYPERFT_FULL").is_none() {
        Some(3_000_000)
    } else {
        None
    }
}

/// Runs every case of every suite file under `dir` (relative to the crate) and panics with
/// a readable list of failures. Returns (passed, skipped) case counts.
pub fn run_suites(dir: &str, exclude: &[&str]) -> (usize, usize) {
    let files = suite::expand(&root().join(dir)).expect("suite directory");
    let files: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| !exclude.iter().any(|e| f.to_string_lossy().contains(e)))
        .collect();
    assert!(!files.is_empty(), "no suite files under {dir}");
    let opts = RunOptions { max_nodes: budget() };
    let mut failures = Vec::new();
    let (mut passed, mut skipped) = (0, 0);
    for f in &files {
        let s = suite::load(f).unwrap_or_else(|e| panic!("{e}"));
        let dv = s.file.variant.clone().unwrap_or_else(|| "orthodox".into());
        let results: Vec<_> = s
            .file
            .cases
            .par_iter()
            .map(|c| suite::run_case(c, &dv, &opts))
            .collect();
        for r in results {
            match r.status {
                Status::Passed => passed += 1,
                Status::Skipped => skipped += 1,
                Status::Failed => {
                    let detail: Vec<String> = r
                        .checks
                        .iter()
                        .filter(|c| !c.ok)
                        .flat_map(|c| c.detail.clone())
                        .collect();
                    failures.push(format!("{}: {}\n    {}", rel(f), r.id, detail.join("\n    ")));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (passed, skipped)
}

fn rel(p: &Path) -> String {
    p.strip_prefix(root()).unwrap_or(p).display().to_string()
}
