//! Split runs (docs/distributed.md): `perft --shard K/N` and `merge`. The shards of a run
//! add up to the unsplit perft, through GNU parallel as the docs show it when `parallel`
//! is installed, and directly otherwise; `merge` refuses a run with a shard missing,
//! repeated or from another run.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn fp() -> Command {
    Command::cargo_bin("fairyperft").unwrap()
}

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("fairyperft")
}

/// The unsplit perft, as `perft` prints it.
fn perft(args: &[&str]) -> u64 {
    let out = fp()
        .arg("perft")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap().trim().parse().unwrap()
}

/// Shard `k` of `n` of a perft, written to `dir/shard-K.json`; the file's path.
fn shard(dir: &Path, args: &[&str], k: usize, n: usize) -> PathBuf {
    let out = fp()
        .arg("perft")
        .args(args)
        .args(["--shard", &format!("{k}/{n}")])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 1, "a shard prints one line: {text}");
    let path = dir.join(format!("shard-{k}.json"));
    std::fs::write(&path, text).unwrap();
    path
}

fn merge(files: &[PathBuf]) -> assert_cmd::assert::Assert {
    fp().arg("merge").args(files).assert()
}

fn merged(files: &[PathBuf]) -> u64 {
    let out = merge(files).success().get_output().stdout.clone();
    String::from_utf8(out).unwrap().lines().last().unwrap().parse().unwrap()
}

fn stderr_of(a: assert_cmd::assert::Assert) -> String {
    let out = a.code(2).get_output().stderr.clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn shards_add_up_to_the_unsplit_perft() {
    let dir = tempfile::tempdir().unwrap();
    for (args, n) in [
        (vec!["--depth", "4"], 3),
        (vec!["--depth", "3", "--fen", KIWIPETE, "-v", "circe+cohen"], 4),
        (
            vec!["--depth", "3", "--fen", KIWIPETE, "-v", "madrasi", "--split-depth", "1"],
            5,
        ),
        (
            vec!["--depth", "3", "-v", "anticirce-calvet", "--moves", "e2e4 d7d5"],
            2,
        ),
        (vec!["--depth", "2", "--threads", "2", "--hash", "4"], 7),
    ] {
        let files: Vec<PathBuf> = (1..=n).map(|k| shard(dir.path(), &args, k, n)).collect();
        // (the unsplit perft takes no split depth)
        let unsplit: Vec<&str> = match args.iter().position(|&a| a == "--split-depth") {
            Some(i) => [&args[..i], &args[i + 2..]].concat(),
            None => args.clone(),
        };
        assert_eq!(merged(&files), perft(&unsplit), "{args:?} in {n} shards");
    }
}

#[test]
fn a_shard_line_names_its_run_and_its_subtrees() {
    let dir = tempfile::tempdir().unwrap();
    let f = shard(dir.path(), &["--depth", "3", "-v", "circe"], 2, 4);
    let line: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
    assert_eq!(line["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(line["variant"], "circe");
    assert_eq!(line["depth"], 3);
    assert_eq!((line["shard"].as_u64(), line["shards"].as_u64()), (Some(2), Some(4)));
    assert_eq!(line["fairyperft"], env!("CARGO_PKG_VERSION"));
    // 4 shards want 64 subtrees: 20 one ply deep are too few, 400 two plies deep enough
    assert_eq!(line["split_depth"], 2);
    assert_eq!(line["subtrees_total"], 400);
    let subs = line["subtrees"].as_array().unwrap();
    assert!(
        subs.len() > 80 && subs.len() < 120,
        "about a quarter of 400: {}",
        subs.len()
    );
    let sum: u64 = subs.iter().map(|s| s["nodes"].as_u64().unwrap()).sum();
    assert_eq!(line["nodes"].as_u64(), Some(sum));
    assert!(subs
        .iter()
        .all(|s| s["moves"].as_str().unwrap().split(' ').count() == 2));
}

#[test]
fn shards_are_balanced() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--depth", "4", "--fen", KIWIPETE];
    let counts: Vec<u64> = (1..=4)
        .map(|k| {
            let f = shard(dir.path(), &args, k, 4);
            let line: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
            line["nodes"].as_u64().unwrap()
        })
        .collect();
    let (lo, hi) = (*counts.iter().min().unwrap(), *counts.iter().max().unwrap());
    assert!(hi as f64 <= lo as f64 * 1.25, "shards of Kiwipete perft(4): {counts:?}");
}

#[test]
fn merge_rejects_a_missing_shard() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--depth", "3"];
    let files: Vec<PathBuf> = [1, 2, 4].iter().map(|&k| shard(dir.path(), &args, k, 4)).collect();
    let err = stderr_of(merge(&files));
    assert!(err.starts_with("error: shard 3/4 is missing"), "{err}");
    assert!(err.contains("shard-4.json"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn merge_rejects_a_repeated_shard() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--depth", "3"];
    let mut files: Vec<PathBuf> = (1..=2).map(|k| shard(dir.path(), &args, k, 2)).collect();
    let copy = dir.path().join("copy.json");
    std::fs::copy(&files[1], &copy).unwrap();
    files.push(copy);
    let err = stderr_of(merge(&files));
    assert!(err.contains("copy.json:1: shard 2/2 again (already in "), "{err}");
    assert!(err.contains("shard-2.json"), "{err}");
}

#[test]
fn merge_rejects_a_shard_of_another_run() {
    let dir = tempfile::tempdir().unwrap();
    let ours = ["--depth", "3"];
    let a = shard(dir.path(), &ours, 1, 2);
    let b = shard(dir.path(), &ours, 2, 2);
    let foreign = |args: &[&str], k: usize, n: usize| {
        let other = tempfile::tempdir().unwrap();
        let f = shard(other.path(), args, k, n);
        let to = dir.path().join("foreign.json");
        std::fs::copy(f, &to).unwrap();
        to
    };
    for (args, k, n, what) in [
        (vec!["--depth", "3", "-v", "circe"], 2, 2, "variant circe"),
        (vec!["--depth", "4"], 2, 2, "depth 4"),
        (vec!["--depth", "3", "--fen", KIWIPETE], 2, 2, "position r3k2r"),
        (vec!["--depth", "3"], 2, 3, "number of shards N 3"),
        (vec!["--depth", "3", "--split-depth", "1"], 2, 2, "split depth 1"),
        (vec!["--depth", "3", "--moves", "e2e4"], 2, 2, "moves e2e4"),
    ] {
        let f = foreign(&args, k, n);
        let err = stderr_of(merge(&[a.clone(), f]));
        assert!(
            err.contains("foreign.json:1: a shard of another run: ") && err.contains(what),
            "{args:?}: {err}"
        );
        assert!(err.contains("shard-1.json"), "{err}");
    }
    // not a shard line at all, and an empty file (a shard that failed)
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "197281\n").unwrap();
    assert!(stderr_of(merge(&[a.clone(), junk])).contains("junk.json:1: not a line of `fairyperft perft --shard`"));
    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "").unwrap();
    assert!(stderr_of(merge(&[a.clone(), b.clone(), empty])).contains("empty.json: no shard line"));
    // a damaged count
    let text = std::fs::read_to_string(&b).unwrap();
    let damaged = dir.path().join("damaged.json");
    let mut line: serde_json::Value = serde_json::from_str(&text).unwrap();
    line["nodes"] = (line["nodes"].as_u64().unwrap() + 1).into();
    std::fs::write(&damaged, line.to_string()).unwrap();
    assert!(stderr_of(merge(&[a, damaged])).contains("damaged.json:1: its subtrees add up to"));
}

#[test]
fn bad_shard_arguments_are_one_line_errors() {
    for (args, says) in [
        (vec!["--shard", "0/4"], "must be at least 1"),
        (vec!["--shard", "5/4"], "no shard 5 of 4"),
        (vec!["--shard", "4"], "not K/N"),
        (vec!["--shard", "1/2", "--split-depth", "4"], "deeper than the perft"),
    ] {
        let out = fp()
            .args(["perft", "--depth", "3"])
            .args(&args)
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("error: ") && err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    fp().args(["divide", "--depth", "3", "--shard", "1/2"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("only perft splits into shards"));
}

/// The recipe of docs/distributed.md for one host, run by GNU parallel itself.
#[test]
fn gnu_parallel_runs_the_shards() {
    if std::process::Command::new("parallel")
        .arg("--version")
        .output()
        .is_err()
    {
        println!("skipped: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let n = 6;
    let status = std::process::Command::new("parallel")
        .current_dir(dir.path())
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "2"])
        .arg(format!(
            "{} perft --variant circe --depth 4 --fen '{KIWIPETE}' --shard {{}}/{n} > shard-{{}}.json",
            bin().display()
        ))
        .arg(":::")
        .args((1..=n).map(|k| k.to_string()))
        .status()
        .unwrap();
    assert!(status.success(), "parallel failed: {status}");
    let files: Vec<PathBuf> = (1..=n).map(|k| dir.path().join(format!("shard-{k}.json"))).collect();
    assert_eq!(
        merged(&files),
        perft(&["--variant", "circe", "--depth", "4", "--fen", KIWIPETE])
    );
}
