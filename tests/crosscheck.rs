//! `crosscheck` and `record --popeye` end to end: against a fake Popeye (a script answering
//! with fairyperft's own moves, one of them dropped whenever a white pawn stands on a2), and,
//! when the environment variable `POPEYE` names a Popeye binary, against the real one.

#![cfg(unix)]

use assert_cmd::Command;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

fn fp() -> Command {
    Command::cargo_bin("fairyperft").unwrap()
}

/// A fake Popeye: the banner, then for the two problems of the input (`~1` and `h~1`) the
/// moves and the move pairs fairyperft finds, read through `fairyperft moves --popeye`;
/// when a white pawn stands on a2 (`white ... pa2` in the input) the first move of the
/// `~1` list is left out. The replies are only counted, so the fake names them `reply0`,
/// `reply1`, ... (distinct: identical lines count once).
fn fake_popeye(dir: &Path) -> PathBuf {
    let bin = assert_cmd::cargo::cargo_bin("fairyperft");
    let script = format!(
        r#"#!/bin/sh
FP='{bin}'
dir=$(mktemp -d)
cat > "$dir/in.inp"
echo 'Popeye Fake-Test v4.104 (1 MB)'
echo
header=$("$FP" moves --popeye "$dir/in.inp" | grep '^# problem 1 ')
variant=$(echo "$header" | sed 's/^# problem 1 (line [0-9]*): variant \([^,]*\), .*/\1/')
fen=$(echo "$header" | sed 's/^# problem 1 (line [0-9]*): variant [^,]*, //')
drop=0
if grep '^pieces' "$dir/in.inp" | head -1 | sed 's/ black .*//' | grep -q ' pa2'; then drop=1; fi
"$FP" moves --variant "$variant" --fen "$fen" | awk -v drop=$drop 'NR > drop {{ print "   1." $0 " !"; print "" }}'
echo 'solution finished. Time = 0.001 s'
"$FP" divide --variant "$variant" --fen "$fen" --depth 2 | awk '/: [0-9]+$/ {{ i = index($0, ": "); m = substr($0, 1, i - 1); n = substr($0, i + 2) + 0; for (k = 0; k < n; k++) print "  1." m " reply" k }}'
echo 'solution finished. Time = 0.001 s'
rm -rf "$dir"
"#,
        bin = bin.display()
    );
    let path = dir.join("fake-popeye");
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn placement_units(fen: &str) -> Vec<char> {
    fen.split_whitespace()
        .next()
        .unwrap()
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .collect()
}

#[test]
fn a_disagreement_is_shrunk_to_the_unit_that_causes_it() {
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_popeye(dir.path());
    // position 0 of seed 2 is a random game in which the a2 pawn has not moved
    let out = fp()
        .args(["crosscheck", "--popeye", fake.to_str().unwrap()])
        .args(["--variant", "circe", "--positions", "1", "--seed", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("circe: 1 positions, 0 agree, 1 disagree, 0 skipped"),
        "{text}"
    );
    let shrunk = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("shrunk to "))
        .expect("a shrunk position")
        .trim_end_matches(':');
    // kings stay, and the pawn whose presence makes the fake drop a move
    let mut units = placement_units(shrunk);
    units.sort();
    assert_eq!(units, ['K', 'P', 'k'], "{shrunk}");
    let rank2 = shrunk.split('/').nth(6).unwrap();
    assert!(rank2.starts_with('P'), "the pawn stays on a2: {shrunk}");
    // the case printed holds the fake's answer, one move short of fairyperft's
    assert!(text.contains("(missing from fairyperft)") || text.contains("(extra in fairyperft)"));
    assert!(
        text.contains("source: \"Popeye 4.104 (fairyperft crosscheck --seed 2)\""),
        "{text}"
    );
}

#[test]
fn agreement_and_skipped_variants_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_popeye(dir.path());
    // variants Popeye cannot express: every position skipped, none a failure
    let out = fp()
        .args(["crosscheck", "--popeye", fake.to_str().unwrap()])
        .args(["--variant", "cohen,circe-kamikaze", "--positions", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("cohen: 2 positions skipped: Popeye has no Cohen's rule"),
        "{text}"
    );
    assert!(
        text.contains("total: 4 positions, 0 agree, 0 disagree, 4 skipped"),
        "{text}"
    );
}

#[test]
fn bad_popeye_and_arguments_are_bad_input() {
    for (args, needle) in [
        (
            vec!["crosscheck", "--popeye", "/nonexistent/py"],
            "error: --popeye: cannot run /nonexistent/py",
        ),
        (vec!["crosscheck", "--popeye", "/bin/true"], "does not look like Popeye"),
        (
            vec!["record", "--popeye", "/bin/true", "--depth", "3"],
            "error: --depth 3: with --popeye at most 2",
        ),
    ] {
        let out = fp().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_popeye(dir.path());
    let out = fp()
        .args([
            "crosscheck",
            "--popeye",
            fake.to_str().unwrap(),
            "--variant",
            "circe+circle",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().starts_with("error: --variant: "));
}

#[test]
fn record_popeye_takes_the_figures_and_the_version_from_popeye() {
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_popeye(dir.path());
    let out = fp()
        .args(["record", "--popeye", fake.to_str().unwrap(), "--variant", "circe"])
        .args(["--fen", "4k3/8/8/3p4/8/8/P7/3RK3 w - - 0 1", "--depth", "2", "--moves"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    // the fake drops the first of fairyperft's 13 moves (a pawn on a2)
    assert!(text.contains("perft: [12, "), "{text}");
    assert!(
        text.contains("source: \"Popeye 4.104 (fairyperft record --popeye)\""),
        "{text}"
    );
}

/// With `POPEYE` set to a Popeye binary, a few positions of every variant against it.
#[test]
fn live_crosscheck_against_popeye() {
    let Some(popeye) = std::env::var_os("POPEYE") else {
        eprintln!("skipped: set POPEYE to a Popeye binary to run the live crosscheck");
        return;
    };
    let out = fp()
        .args(["crosscheck", "--popeye"])
        .arg(&popeye)
        .args(["--variant", "orthodox,circe,madrasi,circe-volcanic,circe-parrain"])
        .args(["--positions", "6", "--seed", "7"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("total: 30 positions, 30 agree, 0 disagree, 0 skipped"),
        "{text}"
    );
}
