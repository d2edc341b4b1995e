//! The harness for fairyperft's users (docs/harness.md): compare, diff, perftree, record, and
//! the machine-readable results of `run` (JSON, JUnit, node budget). The EPD and Popeye
//! imports are tested in imports.rs.

mod common;

use common::cli::{data, error_line, fp, stdout, BIN, ROOK_PAWN};
use common::root;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// White Ke1 Pe5, Black Ke8 Pd7: en passant appears two plies deep (after d7-d5).
const EP_LATER: &str = "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1";

fn script(dir: &Path, name: &str, body: &str, executable: bool) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = if executable { 0o755 } else { 0o644 };
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    p
}

// ----------------------------------------------------------------------------------------
// compare

#[test]
fn compare_prints_one_aligned_row_per_variant() {
    let text = stdout(
        fp().args([
            "compare",
            "--depth",
            "3",
            "--fen",
            ROOK_PAWN,
            "--variants",
            "orthodox,circe,circe-pwc+madrasi,anticirce-cheylan",
        ]),
        0,
    );
    assert_eq!(
        text,
        "\
variant            depth 1  depth 2  depth 3
orthodox                11       62      968
circe                   11       64     1000
circe-pwc+madrasi       13       81     1250
anticirce-cheylan       11       64      981
"
    );
}

#[test]
fn compare_all_is_every_condition_but_cohen() {
    let text = stdout(
        fp().args(["compare", "--depth", "1", "--fen", ROOK_PAWN, "--variants", "all"]),
        0,
    );
    let names: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let expected: Vec<&str> = fairyperft::rules::known_names()
        .into_iter()
        .filter(|n| *n != "cohen")
        .collect();
    assert_eq!(names, expected);
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["circe-couscous", "12"]),
        "{text}"
    );
    // `all` is the default
    assert_eq!(
        stdout(fp().args(["compare", "--depth", "1", "--fen", ROOK_PAWN]), 0),
        text
    );
}

#[test]
fn compare_formats() {
    let args = [
        "compare",
        "--depth",
        "2",
        "--fen",
        ROOK_PAWN,
        "--variants",
        "orthodox,circe",
    ];
    let json: serde_json::Value = serde_json::from_str(&stdout(fp().args(args).args(["--format", "json"]), 0)).unwrap();
    assert_eq!(json["fen"], ROOK_PAWN);
    assert_eq!(json["depth"], 2);
    assert_eq!(json["rows"][0]["variant"], "orthodox");
    assert_eq!(json["rows"][0]["perft"], serde_json::json!([11, 62]));
    assert_eq!(json["rows"][1]["perft"], serde_json::json!([11, 64]));

    let yaml: serde_yaml::Value = serde_yaml::from_str(&stdout(fp().args(args).args(["--format", "yaml"]), 0)).unwrap();
    assert_eq!(yaml["rows"][1]["variant"].as_str(), Some("circe"));
    assert_eq!(yaml["rows"][1]["perft"][1].as_u64(), Some(64));

    let md = stdout(fp().args(args).args(["--format", "markdown"]), 0);
    assert_eq!(
        md,
        "\
| variant | depth 1 | depth 2 |
| --- | ---: | ---: |
| orthodox | 11 | 62 |
| circe | 11 | 64 |
"
    );
}

#[test]
fn compare_bad_input() {
    let e = error_line(fp().args(["compare", "--depth", "1", "--variants", "circe,circle"]));
    assert!(e.contains("--variants: unknown variant 'circle'"), "{e}");
    let e = error_line(fp().args(["compare", "--depth", "1", "--fen", "8/8 w - -"]));
    assert!(e.contains("--fen: malformed FEN"), "{e}");
    // a position one variant cannot take: its row says why, exit status 2
    let out = fp()
        .args([
            "compare",
            "--depth",
            "2",
            "--variants",
            "orthodox,circe-pwc",
            "--fen",
            "8/6k1/8/8/8/8/8/1P5K w - -",
        ])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("orthodox   error: malformed FEN: a pawn on b1"), "{text}");
    assert!(text.contains("circe-pwc        3       24"), "{text}");
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("1 variant(s) could not take the position"));
}

// ----------------------------------------------------------------------------------------
// perftree

#[test]
fn perftree_speaks_the_protocol() {
    let text = stdout(
        fp().env("FAIRYPERFT_VARIANT", "circe")
            .args(["perftree", "2", ROOK_PAWN, "d1d5"]),
        0,
    );
    assert_eq!(text, "d7d6 17\ne8e7 18\ne8f7 18\ne8d8 18\ne8f8 18\n\n89\n");
    // default variant orthodox, MOVES optional
    let text = stdout(
        fp().env_remove("FAIRYPERFT_VARIANT").args([
            "perftree",
            "3",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        ]),
        0,
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 22);
    assert!(lines.contains(&"g1f3 440"));
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "8902");
    // the same counts as `divide --uci`, with threads too
    let div = stdout(
        fp().args([
            "divide",
            "--uci",
            "--depth",
            "3",
            "--variant",
            "circe",
            "--fen",
            ROOK_PAWN,
        ]),
        0,
    );
    let tree = stdout(
        fp().env("FAIRYPERFT_VARIANT", "circe")
            .args(["perftree", "3", ROOK_PAWN, "", "--threads", "2"]),
        0,
    );
    assert_eq!(div.replace(": ", " "), tree);
}

#[test]
fn perftree_bad_input() {
    let e = error_line(
        fp().env("FAIRYPERFT_VARIANT", "circle")
            .args(["perftree", "1", ROOK_PAWN]),
    );
    assert!(e.contains("FAIRYPERFT_VARIANT: unknown variant 'circle'"), "{e}");
    let e = error_line(fp().args(["perftree", "1", "8/8 w - -"]));
    assert!(e.contains("FEN: malformed FEN"), "{e}");
    let e = error_line(fp().args(["perftree", "1", ROOK_PAWN, "d1d6"]));
    assert!(e.contains("MOVES: 'd1d6' is not a legal move"), "{e}");
}

// ----------------------------------------------------------------------------------------
// diff against an engine

fn buggy_engine() -> String {
    root().join("tests/engines/buggy_engine.sh").display().to_string()
}

#[test]
fn diff_localises_the_injected_bug_of_the_example_engine() {
    // The example engine never plays en passant. The first root move whose count differs
    // (UCI order) is Ke1-d1; below it, d7-d5; after those two moves the move lists differ
    // by exactly the en-passant capture, which in Circe reborns the pawn on d7.
    let text = stdout(
        fp().env("FAIRYPERFT_BIN", BIN).args([
            "diff",
            "--engine",
            &buggy_engine(),
            "--variant",
            "circe",
            "--depth",
            "3",
            "--fen",
            EP_LATER,
        ]),
        1,
    );
    let expected = format!(
        "\
depth 3 at the root: fairyperft 282, engine 277
  e1d1: fairyperft 38, engine 37  (4 more moves differ)
depth 2 after e1d1: fairyperft 38, engine 37
  d7d5: fairyperft 7, engine 6
depth 1 after e1d1 d7d5: fairyperft 7, engine 6

the move lists differ here
path:     e1d1 d7d5  (Ke1-d1 d7-d5)
position: 4k3/8/8/3pP3/8/8/8/3K4 w - d6 0 2
variant:  circe
moves (--- fairyperft, +++ engine):
- e5d6     e5*d6 ep.[+bPd7]             (only fairyperft)
6 moves in common
reproduce: FAIRYPERFT_VARIANT=circe {} 1 '{EP_LATER}' 'e1d1 d7d5'
",
        buggy_engine()
    );
    assert_eq!(text, expected);
}

#[test]
fn diff_after_moves_played_first() {
    // after Ke1-f1 Black moves at the root: d7-d5 comes first, and the move lists differ
    // right below it (at depth 2 already)
    let text = stdout(
        fp().env("FAIRYPERFT_BIN", BIN).args([
            "diff",
            "--engine",
            &buggy_engine(),
            "--depth",
            "3",
            "--fen",
            EP_LATER,
            "--moves",
            "Ke1-f1",
        ]),
        1,
    );
    assert!(text.starts_with("depth 3 at the root: fairyperft 258, engine 254\n  d7d5: fairyperft 38, engine 34\ndepth 2 after d7d5: fairyperft 38, engine 34\n\nthe move lists differ here\n"), "{text}");
    assert!(
        text.contains("path:     d7d5  (d7-d5)\nposition: 4k3/8/8/3pP3/8/8/8/5K2 w - d6 0 2\nvariant:  orthodox\n"),
        "{text}"
    );
    assert!(
        text.contains("\n- e5d6     e5*d6 ep.                    (only fairyperft)\n"),
        "{text}"
    );
    assert!(
        text.ends_with("1 '4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1' 'e1f1 d7d5'\n"),
        "{text}"
    );
}

#[test]
fn diff_finds_no_difference_against_fairyperft_itself() {
    let dir = tempfile::tempdir().unwrap();
    let engine = script(
        dir.path(),
        "fp.sh",
        "#!/bin/sh\nexec \"$FAIRYPERFT_BIN\" perftree \"$@\"\n",
        true,
    );
    let text = stdout(
        fp().env("FAIRYPERFT_BIN", BIN).args([
            "diff",
            "--engine",
            engine.to_str().unwrap(),
            "--variant",
            "circe-volcanic+isardam",
            "--depth",
            "3",
            "--fen",
            ROOK_PAWN,
        ]),
        0,
    );
    assert_eq!(
        text,
        "depth 3 at the root: fairyperft 1000, engine 1000\nno difference at depth 3: both count 1000\n"
    );
}

#[test]
fn diff_engine_errors_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.sh");
    let not_exec = script(dir.path(), "plain.sh", "#!/bin/sh\necho\necho 0\n", false);
    let garbage = script(dir.path(), "garbage.sh", "#!/bin/sh\necho 'hello world'\n", true);
    let failing = script(
        dir.path(),
        "failing.sh",
        "#!/bin/sh\necho 'cannot parse FEN' >&2\nexit 3\n",
        true,
    );
    let silent = script(dir.path(), "silent.sh", "#!/bin/sh\n", true);
    // a total that is not the sum of the moves is no answer: an error, never "no difference"
    let wrong_sum = script(dir.path(), "sum.sh", "#!/bin/sh\necho 'e2e4 1'\necho\necho 5\n", true);
    for (engine, needle) in [
        (&missing, "missing.sh: no such file"),
        (&not_exec, "plain.sh: not executable"),
        (&garbage, "output line 1 is not 'MOVE COUNT': 'hello world'"),
        (&failing, "failed (exit status: 3): cannot parse FEN"),
        (&silent, "printed nothing"),
        (
            &wrong_sum,
            "its total 5 at the root at depth 2 is not the sum of its moves (1)",
        ),
    ] {
        let e = error_line(fp().args(["diff", "--engine", engine.to_str().unwrap(), "--depth", "2"]));
        assert!(e.contains(needle), "{needle}: {e}");
    }
    let e = error_line(fp().args(["diff", "--engine", garbage.to_str().unwrap()]));
    assert!(e.contains("--engine needs --depth N"), "{e}");
    // neither reference: clap's usage error, also status 2
    fp().args(["diff", "--depth", "2"]).assert().code(2);
}

// ----------------------------------------------------------------------------------------
// diff against a suite case

#[test]
fn diff_against_a_suite_case() {
    let text = stdout(
        fp().args(["diff", "--suite", &data("failing.yaml"), "--case", "right"]),
        0,
    );
    assert!(
        text.ends_with("no difference: every figure of the case agrees\n"),
        "{text}"
    );

    let text = stdout(
        fp().args(["diff", "--suite", &data("failing.yaml"), "--case", "wrong"]),
        1,
    );
    let at = format!("{}:8", data("failing.yaml"));
    assert_eq!(
        text,
        format!(
            "\
case wrong ({at}), variant circe
position: 4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1
the move lists differ here (--- the suite's moves, +++ fairyperft's):
- Rd1*d5                       (only in the suite)
+ Rd1*d5[+bPd7]                (only fairyperft)
10 moves in common
"
        )
    );

    let e = error_line(fp().args(["diff", "--suite", &data("failing.yaml"), "--case", "nope"]));
    assert!(e.contains("--case: no case 'nope'"), "{e}");
    let e = error_line(fp().args(["diff", "--suite", &data("failing.yaml"), "--case", "bad-fen"]));
    assert!(e.contains("failing.yaml:24: case 'bad-fen': malformed FEN"), "{e}");
}

#[test]
fn diff_suite_divide_and_perft_only_cases() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.yaml");
    std::fs::write(
        &f,
        format!(
            "name: s\nvariant: circe\ncases:\n  - id: div\n    fen: \"{ROOK_PAWN}\"\n    divide:\n      \"Rd1*d5[+bPd7]\": 5\n      \"Ke1-e2\": 7\n  - id: perft\n    fen: \"{ROOK_PAWN}\"\n    perft: [11, 64, 999]\n"
        ),
    )
    .unwrap();
    let text = stdout(fp().args(["diff", "--suite", f.to_str().unwrap(), "--case", "div"]), 1);
    assert!(text.contains("divide(2) differs for 10 move(s):\n"), "{text}");
    assert!(text.contains("  Ke1-e2: expected 7, found 6\n"), "{text}");
    assert!(text.contains("  Ke1-d2: expected 0, found 6\n"), "{text}");
    assert!(
        text.contains("first of them: Ke1-d2; the position after it:\nposition: 4k3/8/8/3p4/8/8/3K4/3R4 b - - 1 1\n"),
        "{text}"
    );
    let text = stdout(
        fp().args(["diff", "--suite", f.to_str().unwrap(), "--case", "perft"]),
        1,
    );
    assert!(
        text.contains("perft(3): expected 999, found 1000 (depths 1-2 agree)\n"),
        "{text}"
    );
}

// ----------------------------------------------------------------------------------------
// record

#[test]
fn record_prints_a_suite_that_run_passes() {
    let text = stdout(
        fp().args([
            "record",
            "--variant",
            "circe",
            "--fen",
            ROOK_PAWN,
            "--depth",
            "3",
            "--id",
            "demo",
            "--moves",
            "--divide",
        ]),
        0,
    );
    let version = env!("CARGO_PKG_VERSION");
    assert!(text.starts_with(&format!(
        "name: \"recorded\"\nvariant: \"circe\"\nsource: \"recorded by fairyperft {version}\"\ncases:\n  - id: \"demo\"\n    fen: \"{ROOK_PAWN}\"\n    perft: [11, 64, 1000]\n    moves:\n      - \"Ke1-d2\"\n"
    )), "{text}");
    assert!(text.contains("    divide:\n      \"Ke1-d2\": 6\n"), "{text}");
    assert!(text.contains("      \"Rd1*d5[+bPd7]\": 5\n"), "{text}");
    assert!(
        text.ends_with(&format!("    source: \"recorded by fairyperft {version}\"\n")),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("rec.yaml");
    std::fs::write(&f, &text).unwrap();
    fp().args(["run", f.to_str().unwrap()])
        .assert()
        .success()
        .stdout("ok   demo\n1 passed, 0 failed\n");
}

#[test]
fn record_creates_and_appends_to_suite_files() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("mine.yaml");
    let out = f.to_str().unwrap();
    fp().args([
        "record",
        "--variant",
        "circe",
        "--fen",
        ROOK_PAWN,
        "--depth",
        "2",
        "--id",
        "a",
        "--out",
        out,
    ])
    .assert()
    .success()
    .stdout("")
    .stderr(predicate::str::contains("created"));
    fp().args([
        "record",
        "--variant",
        "circe+cohen",
        "--fen",
        "4k3/8/8/8/6b1/8/8/3QK3 w - - 0 1",
        "--history",
        "Qd1*g4[+bBc8]",
    ])
    .args([
        "--depth",
        "2",
        "--id",
        "b",
        "--divide",
        "--divide-depth",
        "1",
        "--out",
        out,
    ])
    .assert()
    .success()
    .stderr(predicate::str::contains("appended case b"));
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.starts_with("name: \"mine\"\nvariant: \"circe\"\n"), "{text}");
    assert!(text.contains("  - id: \"b\"\n    fen: \"4k3/8/8/8/6b1/8/8/3QK3 w - - 0 1\"\n    variant: \"circe+cohen\"\n    history: [\"Qd1*g4[+bBc8]\"]\n"), "{text}");
    assert!(text.contains("    divide_depth: 1\n"), "{text}");
    fp().args(["run", out])
        .assert()
        .success()
        .stdout("ok   a\nok   b\n2 passed, 0 failed\n");

    // appending to a hand-written suite keeps its text and its style of indentation
    let g = dir.path().join("hand.yaml");
    let original = "# my suite\nname: hand\ncases:\n- id: x\n  fen: \"8/8/8/8/8/8/8/K6k w - -\"\n  perft: [3]\n";
    std::fs::write(&g, original).unwrap();
    fp().args(["record", "--depth", "1", "--id", "y", "--out", g.to_str().unwrap()])
        .assert()
        .success();
    let text = std::fs::read_to_string(&g).unwrap();
    assert!(text.starts_with(original), "{text}");
    assert!(
        text.contains(
            "\n- id: \"y\"\n  fen: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n  perft: [20]\n"
        ),
        "{text}"
    );
    fp().args(["run", g.to_str().unwrap()]).assert().success();
}

#[test]
fn record_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.yaml");
    fp().args(["record", "--depth", "1", "--id", "x", "--out", f.to_str().unwrap()])
        .assert()
        .success();
    let e = error_line(fp().args(["record", "--depth", "1", "--id", "x", "--out", f.to_str().unwrap()]));
    assert!(e.contains("already has a case 'x'"), "{e}");
    let flow = dir.path().join("flow.yaml");
    std::fs::write(
        &flow,
        "name: flow\ncases: [{id: a, fen: \"8/8/8/8/8/8/8/K6k w - -\", perft: [3]}]\n",
    )
    .unwrap();
    let e = error_line(fp().args(["record", "--depth", "1", "--id", "b", "--out", flow.to_str().unwrap()]));
    assert!(e.contains("cannot append (the `cases` list must end the file"), "{e}");
    assert!(
        std::fs::read_to_string(&flow).unwrap().ends_with("perft: [3]}]\n"),
        "nothing written"
    );
    let e = error_line(fp().args([
        "record",
        "--depth",
        "1",
        "--out",
        dir.path().join("s.epd").to_str().unwrap(),
    ]));
    assert!(e.contains("must be YAML"), "{e}");
    let e = error_line(fp().args(["record", "--depth", "1", "--variant", "circle"]));
    assert!(e.contains("--variant: unknown variant"), "{e}");
    let e = error_line(fp().args(["record", "--depth", "0"]));
    assert!(e.contains("'--depth <DEPTH>': must be at least 1"), "{e}");
    let e = error_line(fp().args(["record", "--depth", "1", "--history", "e2e5"]));
    assert!(e.contains("--history: 'e2e5' is not a legal move"), "{e}");
}

// ----------------------------------------------------------------------------------------
// machine-readable results of `run`

#[test]
fn run_json_output() {
    let text = stdout(fp().args(["run", "--format", "json", &data("failing.yaml")]), 1);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (v["passed"].as_u64(), v["failed"].as_u64(), v["skipped"].as_u64()),
        (Some(1), Some(2), Some(0))
    );
    assert_eq!(v["errors"], serde_json::json!([]));
    let file = &v["files"][0];
    assert_eq!(file["name"], "deliberately-failing");
    let cases = file["cases"].as_array().unwrap();
    let ids: Vec<&str> = cases.iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["right", "wrong", "bad-fen"]);
    assert_eq!(cases[0]["status"], "passed");
    assert_eq!(cases[0]["nodes"], 11);
    assert_eq!(cases[1]["status"], "failed");
    assert_eq!(cases[1]["variant"], "circe");
    let checks = cases[1]["checks"].as_array().unwrap();
    assert_eq!(checks[0]["what"], "perft(1)");
    assert_eq!(
        checks[0]["detail"],
        serde_json::json!(["perft(1): expected 12, found 11"])
    );
    assert_eq!(checks[1]["what"], "moves");
    assert_eq!(
        checks[1]["detail"],
        serde_json::json!(["- Rd1*d5 (missing)", "+ Rd1*d5[+bPd7] (extra)"])
    );
    assert_eq!(checks[2]["what"], "divide(2)");
    assert_eq!(cases[2]["checks"][0]["what"], "setup");
    // unusable files are listed under "errors", exit status 2
    let text = stdout(
        fp().args([
            "run",
            "--format",
            "json",
            &data("unknown_key.yaml"),
            &data("failing.yaml"),
        ]),
        2,
    );
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(v["errors"][0].as_str().unwrap().contains("unknown field `pertf`"));
    assert_eq!(v["failed"], 2);
}

#[test]
fn run_junit_report() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("junit.xml");
    fp().args([
        "run",
        "--quiet",
        "--junit",
        report.to_str().unwrap(),
        &data("failing.yaml"),
    ])
    .assert()
    .code(1);
    let xml = std::fs::read_to_string(&report).unwrap();
    assert!(
        xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"),
        "{xml}"
    );
    assert!(
        xml.contains("<testsuite name=\"deliberately-failing\" tests=\"3\" failures=\"2\" skipped=\"0\""),
        "{xml}"
    );
    assert!(
        xml.contains("<testcase classname=\"deliberately-failing\" name=\"right\" time="),
        "{xml}"
    );
    assert!(xml.contains("<failure message=\"perft(1): expected 12, found 11\">perft(1): expected 12, found 11\n- Rd1*d5 (missing)\n+ Rd1*d5[+bPd7] (extra)\nKe1-e2: expected 7, found 6</failure>"), "{xml}");
    assert!(
        xml.contains("<failure message=\"malformed FEN: bad castling field &apos;X&apos;")
            || xml.contains("<failure message=\"malformed FEN: bad castling field 'X'"),
        "{xml}"
    );
    assert!(xml.ends_with("</testsuites>\n"), "{xml}");
    // an unwritable report path is bad input
    let e = error_line(fp().args([
        "run",
        "--quiet",
        "--junit",
        "/nonexistent/dir/j.xml",
        &data("import/perftsuite_sample.epd"),
    ]));
    assert!(e.contains("--junit /nonexistent/dir/j.xml"), "{e}");
}

#[test]
fn run_max_nodes_skips_figures_and_reports_them() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("deep.yaml");
    std::fs::write(&f, "name: deep\ncases:\n  - id: start\n    fen: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n    perft: [20, 400, 8902]\n  - id: all-too-deep\n    fen: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n    perft: [20, 400, 8902]\n    divide: {\"e2e4\": 600}\n").unwrap();
    // without a budget the made-up divide fails (its move is not even in Popeye notation)
    fp().args(["run", "--quiet", f.to_str().unwrap()]).assert().code(1);
    let text = stdout(fp().args(["run", "--max-nodes", "500", f.to_str().unwrap()]), 0);
    assert_eq!(
        text,
        "ok   start  (skipped over the node budget: perft(3))\nok   all-too-deep  (skipped over the node budget: perft(3), divide(2))\n2 passed, 0 failed\n"
    );
    // every case skipped: nothing was checked, exit status 4
    let text = stdout(fp().args(["run", "--max-nodes", "10", f.to_str().unwrap()]), 4);
    assert!(text.ends_with("0 passed, 0 failed, 2 skipped\n"), "{text}");
    assert!(
        text.contains("skip start  (skipped over the node budget: perft(1), perft(2), perft(3))"),
        "{text}"
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(
        fp().args(["run", "--max-nodes", "500", "--format", "json", f.to_str().unwrap()]),
        0,
    ))
    .unwrap();
    let checks = &v["files"][0]["cases"][0]["checks"];
    assert_eq!(checks[2]["what"], "perft(3)");
    assert_eq!(checks[2]["skipped"], true);
    assert_eq!(
        checks[2]["detail"],
        serde_json::json!(["8902 nodes expected, over the budget"])
    );
    assert_eq!(checks[1]["skipped"], false);
    assert_eq!(v["files"][0]["cases"][0]["nodes"], 420);
}
