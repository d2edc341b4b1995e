//! The command-line contract (docs/suite-format.md, docs/harness.md): output shapes and exit
//! statuses.

use assert_cmd::Command;
use predicates::prelude::*;

fn fp() -> Command {
    Command::cargo_bin("fairyperft").unwrap()
}

fn data(f: &str) -> String {
    format!("{}/tests/data/{f}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn perft_prints_the_number_alone_on_its_last_line() {
    let out = fp()
        .args(["perft", "--depth", "3"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().last(), Some("8902"));
}

#[test]
fn perft_threads_give_identical_counts() {
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for t in ["1", "2"] {
        fp().args(["perft", "--depth", "3", "--fen", kiwi, "--threads", t])
            .assert()
            .success()
            .stdout("97862\n");
        fp().args(["perft", "-v", "circe", "--depth", "3", "--fen", kiwi, "-t", t])
            .assert()
            .success();
    }
}

#[test]
fn divide_lists_moves_then_total() {
    let out = fp()
        .args(["divide", "--depth", "2"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 22);
    assert!(lines.contains(&"Sg1-f3: 20"));
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "400");
}

#[test]
fn divide_uci() {
    fp().args(["divide", "--depth", "1", "--uci"])
        .assert()
        .success()
        .stdout(predicate::str::contains("g1f3: 1\n"));
}

#[test]
fn moves_in_popeye_notation_with_rebirths() {
    fp().args(["moves", "--variant", "circe", "--fen", "k7/8/8/4p3/3Q1r2/8/8/7K w - -"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Qd4*e5[+bPe7]\n").and(predicate::str::contains("Qd4*f4").not()));
}

#[test]
fn moves_after_history() {
    // Cohen's rule: after Qd1*g4 (bishop reborn on c8), Bc8*g4 would restore the position
    let fen = "4k3/8/8/8/6b1/8/8/3QK3 w - - 0 1";
    fp().args([
        "moves",
        "--variant",
        "circe+cohen",
        "--fen",
        fen,
        "--moves",
        "Qd1*g4[+bBc8]",
    ])
    .assert()
    .success()
    .stdout(
        predicate::str::contains("Bc8*g4")
            .not()
            .and(predicate::str::contains("Bc8-d7")),
    );
    fp().args(["moves", "--variant", "circe", "--fen", fen, "--moves", "d1g4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Bc8*g4[+wQd1]"));
}

#[test]
fn every_malformed_fen_is_a_one_line_error_with_status_2() {
    for (fen, needle) in [
        ("8/8/8/8/8/8/8/8 w", "4 to 6 fields"),
        ("8/8/8/8/8/8/8 w - -", "8 ranks"),
        ("8/8/8/8/8/8/8/7 w - -", "rank 1 describes 7 squares"),
        ("8/8/8/8/8/8/8/K6X w - -", "bad piece letter 'X'"),
        ("8/8/8/8/8/8/8/KK5k w - -", "more than one white king"),
        ("P7/8/8/8/8/8/8/K6k w - -", "pawn on a8"),
        (
            "8/8/8/8/8/8/8/K6k w K -",
            "castling right 'K' without its king and rook",
        ),
        ("8/8/8/8/8/8/8/K6k w - e4", "bad en-passant square"),
        ("8/8/8/8/8/8/8/K6k x - -", "side to move"),
    ] {
        let out = fp()
            .args(["perft", "--depth", "1", "--fen", fen])
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{fen}: {err}");
        assert!(err.starts_with("error: --fen: "), "{err}");
    }
}

#[test]
fn pawns_on_back_ranks_are_fine_in_fairy_variants() {
    fp().args([
        "perft",
        "--depth",
        "1",
        "--variant",
        "circe-pwc",
        "--fen",
        "8/6k1/8/8/8/8/8/1P5K w - -",
    ])
    .assert()
    .success();
}

#[test]
fn unknown_variant_lists_the_known_ones() {
    fp().args(["perft", "--depth", "1", "--variant", "circle"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown variant 'circle'; known: orthodox, circe,",
        ));
}

#[test]
fn bad_move_in_history_is_an_input_error() {
    fp().args(["perft", "--depth", "1", "--moves", "e2e5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'e2e5' is not a legal move"));
}

#[test]
fn run_reports_failures_with_diffs_and_exit_1() {
    let out = fp()
        .args(["run", &data("failing.yaml")])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("ok   right"));
    assert!(text.contains("FAIL wrong"));
    assert!(text.contains("perft(1): expected 12, found 11"));
    assert!(text.contains("- Rd1*d5 (missing)"));
    assert!(text.contains("+ Rd1*d5[+bPd7] (extra)"));
    assert!(text.contains("Ke1-e2: expected 7, found 6"));
    assert!(text.contains("FAIL bad-fen"));
    assert!(text.contains("bad castling field 'X'"));
    assert_eq!(text.lines().last(), Some("1 passed, 2 failed"));
}

#[test]
fn run_passes_with_exit_0() {
    let dir = format!("{}/suites/reference/circe.yaml", env!("CARGO_MANIFEST_DIR"));
    fp().args(["run", "--quiet", &dir])
        .assert()
        .success()
        .stdout("227 passed, 0 failed\n");
}

#[test]
fn unusable_suite_files_exit_2_naming_file_and_line() {
    for (f, needle) in [
        ("unknown_key.yaml", "unknown field `pertf`"),
        ("missing_key.yaml", "missing field `fen`"),
        ("malformed.yaml", "line"),
        ("nonexistent.yaml", "no such file"),
    ] {
        let out = fp().args(["run", &data(f)]).assert().code(2).get_output().clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(f) && err.contains(needle), "{f}: {err}");
    }
}

#[test]
fn max_nodes_skips_and_never_passes() {
    let suite = format!("{}/suites/orthodox.yaml", env!("CARGO_MANIFEST_DIR"));
    let out = fp()
        .args(["run", "--max-nodes", "1000", &suite])
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("ok   orthodox/initial  (skipped over the node budget: perft(3), perft(4), perft(5), perft(6))"),
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("7 passed, 0 failed"));
}

#[test]
fn variants_lists_every_name() {
    let out = fp()
        .args(["variants", "--axes"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for n in fairyperft::rules::known_names() {
        assert!(text.lines().any(|l| l.starts_with(&format!("{n} "))), "{n}");
    }
    assert!(text.contains("occupied: hide under it"));
}

#[test]
fn closed_stdout_is_not_an_error() {
    // `fairyperft moves | head -1` must not print a panic
    let out = fp()
        .args(["divide", "--depth", "1"])
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(out.stderr.is_empty());
}

#[test]
fn show_draws_the_board_rank_8_on_top() {
    fp().args(["show", "--fen", "4k3/8/8/3p4/8/8/8/3RK3 w - -"])
        .assert()
        .success()
        .stdout(
            "8 . . . . k . . .\n\
             7 . . . . . . . .\n\
             6 . . . . . . . .\n\
             5 . . . p . . . .\n\
             4 . . . . . . . .\n\
             3 . . . . . . . .\n\
             2 . . . . . . . .\n\
             1 . . . R K . . .\n  \
             a b c d e f g h\n\
             White to move\n",
        );
}

#[test]
fn show_plays_the_moves_under_the_variant_and_prints_the_state() {
    // the rook reborn on a1 gets that corner's flag; the king kept its own (flags=)
    let out = fp()
        .args([
            "show",
            "--variant",
            "circe",
            "--fen",
            "4k3/8/8/R6r/8/8/8/4K3 b - - flags=e1e8",
            "--moves",
            "h5a5",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[3], "5 r . . . . . . .", "{text}");
    assert_eq!(lines[7], "1 R . . . K . . .", "{text}");
    assert_eq!(lines[9], "White to move", "{text}");
    assert_eq!(lines[10], "castling flags: e1 a1 e8 (FEN castling field Q)", "{text}");
    // a double step leaves an e.p. square; Volcanic units hidden; a pending Parrain rebirth
    fp().args(["show", "--fen", "4k3/3p4/8/4P3/8/8/8/4K3 b - -", "--moves", "d7d5"])
        .assert()
        .success()
        .stdout(predicate::str::ends_with("White to move\nen passant: d6\n"));
    fp().args([
        "show",
        "-v",
        "circe-volcanic",
        "--fen",
        "4k3/8/8/8/8/8/8/3RK3 w - - hidden=d1b,d1N",
    ])
    .assert()
    .success()
    .stdout(predicate::str::ends_with(
        "hidden (in burial order): b under d1, N under d1\n",
    ));
    fp().args([
        "show",
        "-v",
        "circe-parrain",
        "--fen",
        "4k3/8/8/8/8/8/8/4K3 w - - pending=Re3",
    ])
    .assert()
    .success()
    .stdout(predicate::str::ends_with(
        "pending rebirth: R captured on e3, reborn after White's move\n",
    ));
    fp().args([
        "show",
        "-v",
        "circe-diagram",
        "--fen",
        "4k3/8/8/8/8/8/4P3/4K3 w - -",
        "-m",
        "e2e4",
    ])
    .assert()
    .success()
    .stdout(predicate::str::ends_with(
        "en passant: e3\ndiagram squares: e4 from e2\n",
    ));
}

#[test]
fn show_rejects_bad_input_with_one_line_and_status_2() {
    for (args, needle) in [
        (vec!["show", "--fen", "8/8/8/8/8/8/8/K6X w - -"], "error: --fen: "),
        (vec!["show", "--variant", "circle"], "error: --variant: "),
        (vec!["show", "--moves", "e2e5"], "error: --moves: "),
    ] {
        let out = fp().args(&args).assert().code(2).get_output().clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with(needle), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
