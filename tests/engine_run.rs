//! `fairyperft run --engine` and `run --uci`: other engines checked against the suites. An
//! engine that agrees passes; a buggy one fails with the differing position and move named
//! (text, JSON, JUnit); a hanging, crashing or babbling engine fails its case and the run
//! goes on; a UCI engine is asked through `go perft`, with UCI_Variant when it offers the
//! case's variant. Real Stockfish runs the orthodox suite when it is installed.

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn fp() -> Command {
    let mut c = Command::cargo_bin("fairyperft").unwrap();
    // the engine scripts count with this very binary
    c.env("FAIRYPERFT_BIN", bin()).env_remove("PERFTREE_ENGINE");
    c
}

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("fairyperft")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn engine(name: &str) -> String {
    root().join("tests/engines").join(name).display().to_string()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

fn script(dir: &Path, name: &str, text: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let p = write(dir, name, text);
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// Runs fairyperft, checks the exit status, returns (stdout, stderr).
fn run(cmd: &mut Command, code: i32) -> (String, String) {
    let out = cmd.output().unwrap();
    let (o, e) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(out.status.code(), Some(code), "stdout:\n{o}\nstderr:\n{e}");
    assert!(!e.contains("panicked") && !e.contains("internal error"), "{e}");
    (o, e)
}

const INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Orthodox cases below 1.e2-e4 (where tests/engines/drops_a_reply.sh has its bug), and a
/// Circe case. Figures: the published perft(1..3) of the initial position (Chess
/// Programming Wiki, "Perft Results"), the 20 replies to 1.e4, and the Circe example of
/// docs/harness.md (`FAIRYPERFT_VARIANT=circe fairyperft perftree 2 ... d1d5` totals 89).
fn small_suite(dir: &Path) -> String {
    write(
        dir,
        "small.yaml",
        &format!(
            "\
name: small
cases:
  - id: initial
    fen: {INITIAL}
    perft: [20, 400]
  - id: after-e4
    fen: {INITIAL}
    history: [e2-e4]
    moves: [a7-a6, a7-a5, b7-b6, b7-b5, c7-c6, c7-c5, d7-d6, d7-d5, e7-e6, e7-e5,
            f7-f6, f7-f5, g7-g6, g7-g5, h7-h6, h7-h5, Sb8-a6, Sb8-c6, Sg8-f6, Sg8-h6]
  - id: circe-capture
    variant: circe
    fen: 4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1
    history: [d1d5]
    perft: [5, 89]
"
        ),
    )
}

/// A perftree engine that is fairyperft itself.
fn honest_engine(dir: &Path) -> String {
    script(dir, "fp.sh", "#!/bin/sh\nexec \"$FAIRYPERFT_BIN\" perftree \"$@\"\n")
}

#[test]
fn an_engine_that_agrees_passes_every_figure() {
    let dir = tempfile::tempdir().unwrap();
    let suite = small_suite(dir.path());
    let engine = honest_engine(dir.path());
    let (text, _) = run(fp().args(["run", "--engine", &engine, &suite]), 0);
    assert_eq!(
        text,
        "ok   initial\nok   after-e4\nok   circe-capture\n3 passed, 0 failed\n"
    );
    // suites with divides, moves in Popeye notation, histories and state tokens, in parallel
    let (text, _) = run(
        fp().args(["run", "-q", "--jobs", "2", "--max-nodes", "2000", "--engine", &engine])
            .args([
                "suites/handmade",
                "docs/examples/extensions.yaml",
                "docs/examples/circe.yaml",
            ])
            .current_dir(root()),
        0,
    );
    let last = text.lines().last().unwrap();
    assert!(last.ends_with(" passed, 0 failed"), "{text}");
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed >= 20, "{text}");
}

#[test]
fn a_buggy_engine_fails_with_the_differing_move_named() {
    let dir = tempfile::tempdir().unwrap();
    let suite = small_suite(dir.path());
    let junit = dir.path().join("report.xml");
    let buggy = engine("drops_a_reply.sh");
    let (text, _) = run(
        fp().args(["run", "--engine", &buggy, "--junit", junit.to_str().unwrap(), &suite]),
        1,
    );
    // perft(2) of the initial position: the descent goes into e2e4 and names d7d5
    let expected_initial = format!(
        "\
FAIL initial  ({suite}:3, variant orthodox)
       perft(2): expected 400, the engine counts 399
       where the engine and fairyperft part (divide from depth 2):
         depth 2 at the root: fairyperft 400, engine 399
           e2e4: fairyperft 20, engine 19
         depth 1 after e2e4: fairyperft 20, engine 19
       the move lists differ here
       path:     e2e4  (e2-e4)
       position: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
       variant:  orthodox
       moves (--- fairyperft, +++ engine):
       - d7d5     d7-d5                        (only fairyperft)
       19 moves in common
       reproduce: FAIRYPERFT_VARIANT=orthodox {buggy} 1 '{INITIAL}' 'e2e4'
"
    );
    assert!(text.starts_with(&expected_initial), "{text}");
    // the move list after 1.e4 (given as history): the missing move at once
    assert!(
        text.contains("FAIL after-e4") && text.contains("       - d7d5 d7-d5 (missing)\n"),
        "{text}"
    );
    // the bug is not below the Circe position: that case passes
    assert!(text.ends_with("ok   circe-capture\n1 passed, 2 failed\n"), "{text}");

    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("<failure message=\"perft(2): expected 400, the engine counts 399\">"),
        "{xml}"
    );
    assert!(xml.contains("- d7d5     d7-d5"), "{xml}");

    let (json, _) = run(fp().args(["run", "--format", "json", "--engine", &buggy, &suite]), 1);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["engine"], format!("perftree engine {buggy}"));
    assert_eq!(report["failed"], 2);
    let detail = &report["files"][0]["cases"][0]["checks"][1]["detail"];
    let lines: Vec<&str> = detail.as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
    assert!(lines.contains(&"path:     e2e4  (e2-e4)"), "{lines:?}");
    assert!(
        lines.contains(&"- d7d5     d7-d5                        (only fairyperft)"),
        "{lines:?}"
    );
}

/// An engine that misbehaves by position: it hangs on one, crashes on another, prints
/// garbage on a third, and answers like fairyperft elsewhere.
fn unruly_engine(dir: &Path) -> String {
    script(
        dir,
        "unruly.sh",
        "#!/bin/sh
case \"$2\" in
  4k3/8/8/8/8/8/8/R3K3*) sleep 60 ;;
  4k3/8/8/8/8/8/8/1R2K3*) echo 'segmentation fault' >&2; exit 139 ;;
  4k3/8/8/8/8/8/8/2R1K3*) echo 'thinking...'; echo 'a1a2 = 3' ;;
  *) exec \"$FAIRYPERFT_BIN\" perftree \"$@\" ;;
esac
",
    )
}

#[test]
fn a_hanging_crashing_or_babbling_engine_fails_its_case_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let engine = unruly_engine(dir.path());
    // perft(1), counted by hand: the rook has 7 moves up its file and 3 along the first
    // rank; the king 5 moves, 4 when the rook stands on d1
    let suite = write(
        dir.path(),
        "unruly.yaml",
        "\
name: unruly
cases:
  - id: hangs
    fen: 4k3/8/8/8/8/8/8/R3K3 w - - 0 1
    perft: [15]
  - id: crashes
    fen: 4k3/8/8/8/8/8/8/1R2K3 w - - 0 1
    perft: [15]
  - id: babbles
    fen: 4k3/8/8/8/8/8/8/2R1K3 w - - 0 1
    perft: [15]
  - id: answers
    fen: 4k3/8/8/8/8/8/8/3RK3 w - - 0 1
    perft: [14]
",
    );
    for jobs in ["1", "4"] {
        let started = Instant::now();
        let (text, _) = run(
            fp().args([
                "run",
                "--engine-timeout",
                "1",
                "--jobs",
                jobs,
                "--engine",
                &engine,
                &suite,
            ]),
            1,
        );
        assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
        assert!(text.contains("FAIL hangs"), "{text}");
        assert!(text.contains("did not finish within 1 s; killed it"), "{text}");
        assert!(text.contains("FAIL crashes"), "{text}");
        assert!(text.contains("failed (exit status: 139): segmentation fault"), "{text}");
        assert!(text.contains("FAIL babbles"), "{text}");
        assert!(
            text.contains("output line 1 is not 'MOVE COUNT': 'thinking...'"),
            "{text}"
        );
        assert!(text.ends_with("ok   answers\n1 passed, 3 failed\n"), "{text}");
    }
}

#[test]
fn a_fake_uci_engine_passes_and_skips_the_variants_it_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let suite = small_suite(dir.path());
    let other = write(
        dir.path(),
        "isardam.yaml",
        "name: isardam\nvariant: isardam\ncases:\n  - id: isardam\n    fen: 4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1\n    perft: [11]\n",
    );
    let uci = engine("fake_uci.sh");
    let junit = dir.path().join("report.xml");
    let (text, _) = run(
        fp().args(["run", "--uci", &uci, "--junit", junit.to_str().unwrap(), &suite, &other]),
        0,
    );
    assert_eq!(
        text,
        "ok   initial\nok   after-e4\nok   circe-capture\nskip isardam  (skipped: the UCI engine offers no UCI_Variant 'isardam')\n3 passed, 0 failed, 1 skipped\n"
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("<skipped message=\"skipped: the UCI engine offers no UCI_Variant 'isardam'\"/>"),
        "{xml}"
    );
    // nothing checked at all: exit 4
    let (_, err) = run(fp().args(["run", "--uci", &uci, &other]), 4);
    assert!(err.contains("every case was skipped"), "{err}");
}

#[test]
fn a_buggy_uci_engine_is_localised_by_descending() {
    let dir = tempfile::tempdir().unwrap();
    let suite = small_suite(dir.path());
    let (text, _) = run(
        fp().env("PERFTREE_ENGINE", engine("drops_a_reply.sh"))
            .args(["run", "--uci", &engine("fake_uci.sh"), &suite]),
        1,
    );
    assert!(
        text.contains("         depth 1 after e2e4: fairyperft 20, engine 19\n"),
        "{text}"
    );
    assert!(text.contains("       path:     e2e4  (e2-e4)\n"), "{text}");
    assert!(
        text.contains("       - d7d5     d7-d5                        (only fairyperft)\n"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "reproduce: printf 'position fen {INITIAL} moves e2e4\\ngo perft 1\\n' | "
        )),
        "{text}"
    );
    assert!(text.ends_with("1 passed, 2 failed\n"), "{text}");
}

#[test]
fn a_uci_engine_that_hangs_or_dies_fails_its_case() {
    let dir = tempfile::tempdir().unwrap();
    let suite = small_suite(dir.path());
    let hangs = script(
        dir.path(),
        "hangs.sh",
        "#!/bin/sh\nwhile read -r l; do case \"$l\" in uci) echo uciok ;; esac; done\n",
    );
    let dies = script(dir.path(), "dies.sh", "#!/bin/sh\necho 'no UCI here' >&2\nexit 5\n");
    let started = Instant::now();
    let (text, _) = run(fp().args(["run", "--engine-timeout", "1", "--uci", &hangs, &suite]), 1);
    assert!(
        text.contains("did not answer `go perft 1` within 1 s; killed it"),
        "{text}"
    );
    assert!(text.ends_with("0 passed, 2 failed, 1 skipped\n"), "{text}");
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
    let (text, _) = run(fp().args(["run", "--uci", &dies, &suite]), 1);
    assert!(
        text.contains("exited (exit status: 5) before answering `uci`: no UCI here"),
        "{text}"
    );
}

#[test]
fn engine_arguments_are_checked_before_any_case_runs() {
    let dir = tempfile::tempdir().unwrap();
    let suite = small_suite(dir.path());
    let plain = write(dir.path(), "plain.sh", "#!/bin/sh\n");
    for (args, needle) in [
        (
            vec!["--engine", "/nonexistent/engine.sh"],
            "--engine /nonexistent/engine.sh: no such file",
        ),
        (vec!["--engine", plain.as_str()], "not executable"),
        (
            vec!["--uci", "no-such-engine-here"],
            "--uci no-such-engine-here: not found on the PATH",
        ),
        (
            vec!["--engine-timeout", "5"],
            "--engine-timeout: used only with --engine or --uci",
        ),
        (vec!["--engine-timeout", "0", "--uci", "x"], "--engine-timeout"),
        (vec!["--engine", "a.sh", "--uci", "b"], "--uci"),
    ] {
        let (out, err) = run(fp().arg("run").args(&args).arg(&suite), 2);
        assert_eq!(out, "", "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains(needle), "{args:?}: {err}");
    }
}

/// Stockfish on the PATH, or where Debian's package puts it.
fn stockfish() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join("stockfish"))
        .find(|p| p.is_file())
}

#[test]
fn stockfish_agrees_with_the_orthodox_suite() {
    let Some(sf) = stockfish() else {
        println!("skipped: no stockfish on the PATH or in /usr/games (apt-get install stockfish)");
        return;
    };
    let sf = sf.display().to_string();
    let (text, _) = run(
        fp().args(["run", "--uci", &sf, "suites/orthodox.yaml"])
            .current_dir(root()),
        0,
    );
    assert!(text.ends_with("7 passed, 0 failed\n"), "{text}");
    // a wrong figure: Stockfish and fairyperft agree, the suite is what differs
    let dir = tempfile::tempdir().unwrap();
    let suite = write(
        dir.path(),
        "wrong.yaml",
        &format!("name: wrong\ncases:\n  - id: initial\n    fen: {INITIAL}\n    perft: [20, 401]\n"),
    );
    let (text, _) = run(fp().args(["run", "--uci", &sf, &suite]), 1);
    assert!(text.contains("perft(2): expected 401, the engine counts 400"), "{text}");
    assert!(
        text.contains(
            "the engine agrees with fairyperft at depth 2 (both count 400): the suite's figure differs from both"
        ),
        "{text}"
    );
}
