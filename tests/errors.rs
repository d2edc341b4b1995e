//! Bad numbers, impossible positions, hanging engines and runs that check nothing: each is
//! one `error: ...` line on stderr naming the argument, with a documented exit status
//! (2 bad input, 4 nothing checked), never a panic or an abort. Also the warning for an
//! illegal position, `run`'s streamed output, and the completions and manpage commands.

use assert_cmd::Command;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

fn fp() -> Command {
    Command::cargo_bin("fairyperft").unwrap()
}

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("fairyperft")
}

/// Fool's mate: White to move is mated, so every perft below it is 0 at once.
const MATED: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
/// Black to move, and the white king (not to move) is in check from the rook on h1.
const ILLEGAL: &str = "4k3/8/8/8/8/8/8/4K2r b - - 0 1";

/// Runs fairyperft and checks the exit status and that stderr is exactly one line starting
/// with `error:` and containing `needle` (the argument's name); returns that line.
fn one_error(args: &[&str], code: i32, needle: &str) -> String {
    let out = fp().args(args).assert().code(code).get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: stderr is not one line:\n{err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: '{needle}' not in: {err}");
    assert!(!err.contains("panicked") && !err.contains("internal error"), "{err}");
    err
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn threads_out_of_range_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let suite = write(
        dir.path(),
        "s.yaml",
        "name: s\ncases:\n  - id: a\n    fen: 4k3/8/8/8/8/8/8/4K3 w - -\n    perft: [5]\n",
    );
    let fen = "4k3/8/8/8/8/8/8/4K3 w - -";
    for t in ["0", "5000", "-1", "many"] {
        for args in [
            vec!["perft", "--depth", "1", "--threads", t],
            vec!["divide", "--depth", "1", "--threads", t],
            vec!["compare", "--depth", "1", "--variants", "circe", "--threads", t],
            vec!["record", "--depth", "1", "--threads", t],
            vec!["perftree", "1", fen, "--threads", t],
            vec!["diff", "--suite", &suite, "--case", "a", "--threads", t],
            vec!["run", &suite, "--threads", t],
        ] {
            one_error(&args, 2, "--threads");
        }
    }
    let e = one_error(&["perft", "--depth", "1", "-t", "0"], 2, "--threads");
    assert!(e.contains("must be at least 1"), "{e}");
    let e = one_error(&["perft", "--depth", "1", "-t", "5000"], 2, "--threads");
    assert!(e.contains("at most 1024"), "{e}");
}

#[test]
fn depths_beyond_the_maximum_in_every_command() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - -";
    for d in ["33", "100000", "99999999999999999999999"] {
        for (args, needle) in [
            (vec!["perft", "--depth", d], "--depth"),
            (vec!["divide", "--depth", d], "--depth"),
            (vec!["compare", "--depth", d], "--depth"),
            (vec!["record", "--depth", d], "--depth"),
            (
                vec!["record", "--depth", "1", "--divide", "--divide-depth", d],
                "--divide-depth",
            ),
            (vec!["perftree", d, fen], "<DEPTH>"),
            (vec!["diff", "--engine", "/bin/true", "--depth", d], "--depth"),
        ] {
            let e = one_error(&args, 2, needle);
            assert!(e.contains("at most 32"), "{args:?}: {e}");
        }
    }
    one_error(&["perft", "--depth", "abc"], 2, "--depth");
    one_error(&["perft", "--depth", "-3"], 2, "--depth");
    // zero where a command needs a ply
    one_error(&["divide", "--depth", "0"], 2, "--depth");
    one_error(&["compare", "--depth", "0"], 2, "--depth");
    one_error(&["record", "--depth", "0"], 2, "--depth");
    one_error(&["record", "--depth", "1", "--divide-depth", "0"], 2, "--divide-depth");
    one_error(&["diff", "--engine", "/bin/true", "--depth", "0"], 2, "--depth");
}

#[test]
fn the_maximum_depth_itself_is_accepted() {
    // depth 100000 overflowed the stack before; 32 is the documented maximum and runs
    for t in ["1", "2"] {
        fp().args(["perft", "--depth", "32", "--fen", MATED, "-t", t])
            .assert()
            .success()
            .stdout("0\n");
    }
    fp().args(["divide", "--depth", "32", "--fen", MATED, "--hash", "1"])
        .assert()
        .success()
        .stdout("\n0\n");
    fp().args(["perftree", "32", MATED]).assert().success().stdout("\n0\n");
}

#[test]
fn hash_sizes_that_cannot_be_had() {
    let e = one_error(&["perft", "--depth", "1", "--hash", "0"], 2, "--hash");
    assert!(e.contains("at least 1"), "{e}");
    let e = one_error(
        &["perft", "--depth", "1", "--hash", "18446744073709551615"],
        2,
        "--hash",
    );
    assert!(e.contains("more memory than this machine can address"), "{e}");
    one_error(
        &["divide", "--depth", "2", "--hash", "99999999999999999999"],
        2,
        "--hash",
    );
    // 100000000 MiB aborted with an allocation backtrace (status 134): a failed allocation
    // is an error now. The address-space limit makes the failure certain whatever the
    // machine's memory and overcommit policy.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2000000 && exec \"$0\" perft --depth 1 --hash 100000000")
        .arg(bin())
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: --hash 100000000: cannot allocate"), "{err}");
    // a table that fits works and changes nothing
    fp().args(["perft", "--depth", "3", "--hash", "1"])
        .assert()
        .success()
        .stdout("8902\n");
}

#[test]
fn usage_errors_are_one_line_too() {
    one_error(&["perft"], 2, "--depth");
    let e = one_error(&["perft", "--dpth", "3"], 2, "--dpth");
    assert!(e.contains("--depth"), "the tip survives: {e}");
    one_error(&["frobnicate"], 2, "frobnicate");
    one_error(&["run", "--format", "xml", "x.yaml"], 2, "--format");
    one_error(
        &["diff", "--engine", "/bin/true", "--depth", "1", "--engine-timeout", "0"],
        2,
        "--engine-timeout",
    );
    one_error(
        &[
            "diff",
            "--engine",
            "/bin/true",
            "--depth",
            "1",
            "--engine-timeout",
            "soon",
        ],
        2,
        "--engine-timeout",
    );
}

#[test]
fn impossible_positions_are_errors() {
    // a pending rebirth follows a capture, an e.p. square a double step: not both at once
    let both = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 pending=Re3";
    for v in ["circe-parrain", "circe", "orthodox"] {
        let e = one_error(&["perft", "--depth", "1", "--variant", v, "--fen", both], 2, "--fen");
        assert!(e.contains("impossible position") && e.contains("pending=Re3"), "{e}");
    }
    one_error(&["moves", "--variant", "circe-parrain", "--fen", both], 2, "--fen");
    one_error(
        &["record", "--depth", "1", "--variant", "circe-parrain", "--fen", both],
        2,
        "--fen",
    );
    one_error(&["perftree", "1", both], 2, "FEN");
    // orthodox chess has no pending rebirths
    let e = one_error(
        &[
            "perft",
            "--depth",
            "1",
            "--fen",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 pending=Ne3",
        ],
        2,
        "--fen",
    );
    assert!(e.contains("pending rebirth"), "{e}");
    // nothing stands where the double-stepping pawn just was or passed (orthodox chess:
    // an e.p. capture would land on a unit)
    for fen in [
        "4k3/8/3N4/3pP3/8/8/8/4K3 w - d6 0 1",
        "4k3/3N4/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/8/3Pp3/3N4/8/4K3 b - d3 0 1",
    ] {
        let e = one_error(&["perft", "--depth", "1", "--fen", fen], 2, "--fen");
        assert!(e.contains("en-passant square") && e.contains("occupied"), "{e}");
    }
    // the same positions are fine where the double step's effects can fill those squares
    fp().args([
        "perft",
        "--depth",
        "1",
        "--variant",
        "circe",
        "--fen",
        "4k3/3N4/8/3pP3/8/8/8/4K3 w - d6 0 1",
    ])
    .assert()
    .success();
    fp().args([
        "perft",
        "--depth",
        "1",
        "--variant",
        "circe-parrain",
        "--fen",
        "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1 pending=Re3",
    ])
    .assert()
    .success();
}

#[test]
fn an_impossible_case_fails_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let suite = write(
        dir.path(),
        "s.yaml",
        "name: s\nvariant: circe-parrain\ncases:\n  - id: both\n    fen: 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 pending=Re3\n    perft: [1]\n  - id: fine\n    fen: 4k3/8/8/8/8/8/8/4K3 w - -\n    perft: [5]\n",
    );
    let out = fp().args(["run", &suite]).assert().code(1).get_output().clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("FAIL both"), "{text}");
    assert!(text.contains("impossible position: pending=Re3"), "{text}");
    assert!(text.contains("ok   fine"), "{text}");
    assert_eq!(text.lines().last(), Some("1 passed, 1 failed"));
}

#[test]
fn suite_cases_deeper_than_the_maximum_fail_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let long: Vec<String> = (0..40).map(|_| "0".to_string()).collect();
    let text = format!(
        "name: s\ncases:\n  - id: long\n    fen: \"{MATED}\"\n    perft: [{}]\n  - id: deep-divide\n    fen: \"{MATED}\"\n    divide_depth: 100000\n    divide: {{}}\n  - id: fine\n    fen: \"{MATED}\"\n    perft: [0, 0, 0]\n",
        long.join(", ")
    );
    let suite = write(dir.path(), "s.yaml", &text);
    let out = fp().args(["run", &suite]).assert().code(1).get_output().clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("perft lists 40 depths; fairyperft counts to depth 32 at most"),
        "{text}"
    );
    assert!(text.contains("divide_depth is 100000"), "{text}");
    assert!(text.contains("ok   fine"), "{text}");
    assert_eq!(text.lines().last(), Some("1 passed, 2 failed"));
    one_error(&["diff", "--suite", &suite, "--case", "long"], 2, "case 'long'");
}

/// An engine script that sleeps instead of answering.
fn sleeping_engine(dir: &Path) -> String {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join("sleepy.sh");
    std::fs::write(&p, "#!/bin/sh\nsleep 60\necho\necho 0\n").unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p.display().to_string()
}

#[test]
fn a_hanging_engine_is_killed_after_the_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let engine = sleeping_engine(dir.path());
    let started = Instant::now();
    let e = one_error(
        &["diff", "--engine", &engine, "--depth", "1", "--engine-timeout", "1"],
        2,
        "--engine-timeout",
    );
    assert!(e.contains("did not finish within 1 s"), "{e}");
    // the script's sleep was killed with it: nothing held the pipes for a minute
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
}

#[test]
fn engine_timeout_needs_an_engine() {
    let out = fp()
        .args(["diff", "--suite", "x.yaml", "--case", "a", "--engine-timeout", "5"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--engine"), "{err}");
}

#[test]
fn a_run_that_checks_nothing_exits_4() {
    let suite = format!("{}/suites/orthodox.yaml", env!("CARGO_MANIFEST_DIR"));
    let out = fp()
        .args(["run", "--max-nodes", "1", &suite])
        .assert()
        .code(4)
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(text.lines().last(), Some("0 passed, 0 failed, 7 skipped"));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: nothing was checked") && err.contains("--allow-skipped"),
        "{err}"
    );
    fp().args(["run", "--max-nodes", "1", "--allow-skipped", &suite])
        .assert()
        .success()
        .stdout(predicates::str::ends_with("0 passed, 0 failed, 7 skipped\n"));
    // JSON output too: the exit status says that nothing was checked
    fp().args(["run", "--max-nodes", "1", "--format", "json", &suite])
        .assert()
        .code(4);
    // a suite without cases checks nothing either
    let dir = tempfile::tempdir().unwrap();
    let empty = write(dir.path(), "empty.yaml", "name: empty\ncases: []\n");
    let err = one_error(&["run", &empty], 4, "nothing was checked");
    assert!(err.contains("no cases"), "{err}");
    fp().args(["run", "--allow-skipped", &empty])
        .assert()
        .success()
        .stdout("0 passed, 0 failed\n");
}

#[test]
fn run_prints_case_lines_in_suite_order_with_the_summary_last() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("name: s\ncases:\n");
    let ids: Vec<String> = (0..12).map(|i| format!("c{i:02}")).collect();
    for (i, id) in ids.iter().enumerate() {
        // different sizes, so that parallel cases finish out of order
        let depth = if i % 3 == 0 { "[20, 400, 8902]" } else { "[20]" };
        text.push_str(&format!(
            "  - id: {id}\n    fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n    perft: {depth}\n"
        ));
    }
    let suite = write(dir.path(), "s.yaml", &text);
    let out = fp()
        .args(["run", "-t", "4", &suite])
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let expected: Vec<String> = ids.iter().map(|id| format!("ok   {id}")).collect();
    assert_eq!(&lines[..12], &expected[..], "{text}");
    assert_eq!(lines[12..], ["12 passed, 0 failed"]);
}

#[test]
fn run_streams_each_case_as_it_finishes_when_piped() {
    // a quick case, then one that takes minutes (perft(7) of the initial position,
    // 3,195,901,860 nodes: Chess Programming Wiki): the first line must be readable from
    // the pipe while the second is still being counted
    let dir = tempfile::tempdir().unwrap();
    let suite = write(
        dir.path(),
        "s.yaml",
        "name: s\ncases:\n  - id: quick\n    fen: 4k3/8/8/8/8/8/8/4K3 w - -\n    perft: [5]\n  - id: slow\n    fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n    perft: [20, 400, 8902, 197281, 4865609, 119060324, 3195901860]\n",
    );
    let mut child = std::process::Command::new(bin())
        .args(["run", "--threads", "1", &suite])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = BufReader::new(stdout).read_line(&mut first);
        let _ = tx.send(first);
    });
    // (a run that prints at its end only would show nothing for minutes)
    let first = rx.recv_timeout(Duration::from_secs(120));
    let still_running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    let first = first.expect("no line within 120 s");
    assert_eq!(first, "ok   quick\n");
    assert!(still_running, "the first line came only when the run had ended");
}

#[test]
fn illegal_positions_warn_once_on_stderr() {
    for args in [
        vec!["perft", "--depth", "2", "--fen", ILLEGAL],
        vec!["divide", "--depth", "2", "--fen", ILLEGAL],
        vec!["moves", "--fen", ILLEGAL],
        vec!["perft", "--depth", "1", "--variant", "circe", "--fen", ILLEGAL],
    ] {
        let out = fp().args(&args).assert().success().get_output().clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("warning: --fen: the side not to move (White) is in check"),
            "{args:?}: {err}"
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.is_empty() || text.ends_with("0\n"), "{args:?}: {text}");
    }
    // a legal position: no warning
    fp().args(["perft", "--depth", "1"]).assert().success().stderr("");

    let dir = tempfile::tempdir().unwrap();
    let suite = write(
        dir.path(),
        "s.yaml",
        &format!(
            "name: s\ncases:\n  - id: illegal\n    fen: {ILLEGAL}\n    perft: [0, 0]\n  - id: legal\n    fen: 4k3/8/8/8/8/8/8/4K3 w - -\n    perft: [5]\n"
        ),
    );
    let out = fp().args(["run", &suite]).assert().success().get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("warning: ") && err.contains("case 'illegal'"), "{err}");
    let out = fp()
        .args(["run", "--format", "json", &suite])
        .assert()
        .success()
        .get_output()
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cases = &doc["files"][0]["cases"];
    assert!(
        cases[0]["warnings"][0].as_str().unwrap().contains("is in check"),
        "{doc}"
    );
    assert!(cases[1].get("warnings").is_none(), "{doc}");
}

#[test]
fn completions_for_every_shell_name_the_commands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = fp()
            .args(["completions", shell])
            .assert()
            .success()
            .get_output()
            .clone();
        let text = String::from_utf8(out.stdout).unwrap();
        for cmd in ["perft", "divide", "run", "diff", "record", "completions", "manpage"] {
            assert!(text.contains(cmd), "{shell}: no {cmd}");
        }
        assert!(text.contains("--max-nodes"), "{shell}: options too");
    }
    let e = one_error(&["completions", "tcsh"], 2, "tcsh");
    assert!(e.contains("bash"), "{e}");
}

#[test]
fn manpage_is_roff_naming_the_commands() {
    let out = fp().args(["manpage"]).assert().success().get_output().clone();
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains(".TH fairyperft 1"), "{page}");
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    for cmd in [
        "perft", "divide", "moves", "run", "compare", "diff", "perftree", "record",
    ] {
        assert!(page.contains(&format!("fairyperft\\-{cmd}(1)")), "no {cmd}");
    }
    let out = fp().args(["manpage", "run"]).assert().success().get_output().clone();
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains(".TH fairyperft-run 1"), "{page}");
    assert!(page.contains("allow\\-skipped"), "{page}");
    one_error(&["manpage", "nope"], 2, "COMMAND");
    let dir = tempfile::tempdir().unwrap();
    fp().args(["manpage", "--dir", &dir.path().display().to_string()])
        .assert()
        .success();
    for f in [
        "fairyperft.1",
        "fairyperft-perft.1",
        "fairyperft-run.1",
        "fairyperft-manpage.1",
    ] {
        assert!(dir.path().join(f).exists(), "{f}");
    }
}
