//! The imports (docs/suite-format.md#imports): EPD perft suites and Popeye input files read
//! by `run` and `moves --popeye`, and Popeye input written by `record --format popeye`.

mod common;

use common::cli::{data, error_line, fp, stdout, ROOK_PAWN};

#[test]
fn run_reads_epd_and_popeye_files_also_under_a_directory() {
    // the Popeye files there carry the solution Popeye 4.104 printed for them
    let text = stdout(fp().args(["run", &data("import")]), 0);
    assert_eq!(text, "ok   abbreviated#1\nok   abbreviated#2\nok   additive\nok   deutsch a)\nok   deutsch b)\nok   duplex\nok   duplex duplex\nok   francais a)\nok   francais b)\nok   madrasi#1\nok   madrasi#2\nok   perftsuite_sample/2\nok   perftsuite_sample/3\nok   perftsuite_sample/4\nok   perftsuite_sample/5\nok   twins#1 a)\nok   twins#1 b)\nok   twins#1 c)\nok   twins#1 d)\nok   twins#1 e)\nok   twins#1 f)\nok   twins#1 g)\nok   twins#1 h)\nok   twins#1 i)\nok   twins#1 j)\nok   twins#1 k)\nok   twins#1 l)\nok   twins#1 m)\nok   twins#2 a)\nok   twins#2 b)\nok   twins#2 c)\nok   unread#2\n32 passed, 0 failed\n");
}

#[test]
fn run_reports_wrong_popeye_and_epd_figures() {
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("bad.epd");
    std::fs::write(&epd, "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 67 ;id \"rook\"\n").unwrap();
    let text = stdout(fp().args(["run", epd.to_str().unwrap()]), 1);
    assert!(text.contains("FAIL rook  ("), "{text}");
    assert!(
        text.contains(":1, variant orthodox)\n       perft(2): expected 67, found 66\n"),
        "{text}"
    );

    let inp = dir.path().join("m1.inp");
    std::fs::write(
        &inp,
        "begin\npieces white kh1 ra1 black kh8 ra8\ncondition madrasi\nstip ~1\nend\n\n   1.Kh1-g2 !\n\n   1.Ra1-a2 !\n\nsolution finished.\n",
    )
    .unwrap();
    let text = stdout(fp().args(["run", inp.to_str().unwrap()]), 1);
    assert!(text.contains("FAIL m1  ("), "{text}");
    assert!(text.contains("- Ra1-a2 (missing)\n"), "{text}");
    assert!(text.contains("+ Kh1-g1 (extra)\n"), "{text}");
}

#[test]
fn unusable_epd_and_popeye_files_exit_2_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    for (name, body, needle) in [
        (
            "gap.epd",
            "8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D3 9\n",
            "gap.epd: line 1: D2 is missing",
        ),
        (
            "nofig.epd",
            "# c\n8/8/8/8/8/8/8/K6k w - -\n",
            "nofig.epd: line 2: no perft figures",
        ),
        (
            "fairy.inp",
            "begin\npieces white kh1 gh5\nend\n",
            "fairy.inp: line 2: unsupported fairy piece 'g'",
        ),
        (
            "cond.inp",
            "begin\npieces white kh1\ncondition andernachchess\nend\n",
            "cond.inp: line 3: Popeye condition 'andernachchess' has no fairyperft counterpart",
        ),
        (
            "opt.inp",
            "begin\npieces white kh1\noption castlingmutuallyexclusive a1a8\nend\n",
            "opt.inp: line 3: option 'castlingmutuallyexclusive' is not supported",
        ),
    ] {
        let p = dir.path().join(name);
        std::fs::write(&p, body).unwrap();
        let out = fp()
            .args(["run", p.to_str().unwrap()])
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(needle), "{name}: {err}");
    }
    // a Popeye file without Popeye's output has nothing to check
    let out = fp()
        .args(["run", &data("anticirce_halfduplex.inp")])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("anticirce_halfduplex.inp: nothing to check"), "{err}");
    assert!(err.contains("fairyperft moves --popeye FILE"), "{err}");
}

#[test]
fn moves_of_a_popeye_problem() {
    // Black to move (halfduplex), castling by Popeye's convention (a1's right removed by
    // nocastling, a8's kept), en passant after e2-e4, Anticirce Cheylan
    let text = stdout(fp().args(["moves", "--popeye", &data("anticirce_halfduplex.inp")]), 0);
    let mut moves: Vec<&str> = text.lines().collect();
    moves.sort();
    assert_eq!(
        moves,
        [
            "0-0-0",
            "Ke8-d7",
            "Ke8-d8",
            "Ke8-e7",
            "Ke8-f7",
            "Ke8-f8",
            "Ra8*a1[bRa1->h8]",
            "Ra8-a2",
            "Ra8-a3",
            "Ra8-a4",
            "Ra8-a5",
            "Ra8-a6",
            "Ra8-a7",
            "Ra8-b8",
            "Ra8-c8",
            "Ra8-d8",
            "d4*e3 ep.[bPe3->e7]",
            "d4-d3",
        ]
    );
    let uci = stdout(
        fp().args(["moves", "--uci", "--popeye", &data("anticirce_halfduplex.inp")]),
        0,
    );
    assert!(
        uci.lines().any(|l| l == "e8c8") && uci.lines().any(|l| l == "d4e3"),
        "{uci}"
    );
    // several problems: a header per problem
    let text = stdout(fp().args(["moves", "--popeye", &data("import/madrasi.inp")]), 0);
    assert!(
        text.starts_with("# problem 1 (line 1): variant madrasi, r6k/8/8/8/8/8/8/R6K w - - 0 1 flags=a1a8\nKh1-g1\n"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 2 + 3 + 15);
    // errors name the file and line; --popeye excludes --fen
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("n.inp");
    std::fs::write(&p, "begin\npieces white kh1 nh5\nend\n").unwrap();
    let e = error_line(fp().args(["moves", "--popeye", p.to_str().unwrap()]));
    assert!(
        e.contains("n.inp: line 2: unsupported fairy piece 'n' ('n' is Popeye's nightrider; the knight is 's')"),
        "{e}"
    );
    fp().args(["moves", "--popeye", p.to_str().unwrap(), "--fen", ROOK_PAWN])
        .assert()
        .code(2);
}

#[test]
fn popeye_problems_not_read_are_warnings_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("two.inp");
    std::fs::write(
        &p,
        "begin\npieces white kh1 nb1 black ka8\nstip ~1\nnext\npieces white kh1 black ka8\nstip ~1\nend\n",
    )
    .unwrap();
    let out = fp()
        .args(["moves", "--popeye", p.to_str().unwrap()])
        .assert()
        .code(0)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("warning: ") && err.contains("two.inp:2: not read: unsupported fairy piece 'n'"),
        "{err}"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("# problem 2 (line 4): variant orthodox, k7/8/8/8/8/8/8/7K w - - 0 1\n"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 4);
    // none read: one error line naming the first and the others' lines
    std::fs::write(&p, "begin\npieces white kh1 nb1\nnext\ncondition football\nend\n").unwrap();
    let e = error_line(fp().args(["moves", "--popeye", p.to_str().unwrap()]));
    assert!(e.contains("two.inp: line 2: unsupported fairy piece 'n'"), "{e}");
    assert!(e.contains("(no problem read; also not read: lines 4)"), "{e}");
    // run: the same warnings, the problems read are checked, the exit status theirs
    let out = fp()
        .args(["run", &data("import/unread.inp")])
        .assert()
        .code(0)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("unread.inp:3: not read: unsupported fairy piece 'n'"),
        "{err}"
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "ok   unread#2\n1 passed, 0 failed\n"
    );
}

#[test]
fn popeye_duplex_is_two_problems_checked_against_one_solution() {
    // Popeye 4.104's output (pasted after `endproblem`) lists White's moves, then Black's
    let f = data("import/duplex.inp");
    let text = stdout(fp().args(["run", &f]), 0);
    assert_eq!(text, "ok   duplex\nok   duplex duplex\n2 passed, 0 failed\n");
    let moves = stdout(fp().args(["moves", "--popeye", &f]), 0);
    assert!(
        moves.contains("# problem 1 duplex (line 1): variant circe, 1n2k3/p7/8/8/8/8/8/R3K3 b"),
        "{moves}"
    );
    // a move of Black's taken out of Popeye's solution fails the second half alone
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("duplex.inp");
    std::fs::write(
        &cut,
        std::fs::read_to_string(&f).unwrap().replace("   1.Sb8-c6 !\n", ""),
    )
    .unwrap();
    let text = stdout(fp().args(["run", cut.to_str().unwrap()]), 1);
    assert!(text.starts_with("ok   duplex\nFAIL duplex duplex"), "{text}");
    assert!(text.contains("Sb8-c6"), "{text}");
}

#[test]
fn popeye_twins_are_problems_of_their_own() {
    let text = stdout(fp().args(["moves", "--popeye", &data("import/twins.inp")]), 0);
    let headers: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(headers.len(), 13 + 3, "{text}");
    assert!(
        headers[1].starts_with("# problem 1 b) (line 1): variant circe, 4k3/8/8/2p5/3R4/8/2P5/1N2K3 w"),
        "{text}"
    );
    assert!(
        headers[13].starts_with("# problem 2 a) (line 18): variant isardam, k7/r7/8/8/8/8/1R6/7K w"),
        "{text}"
    );
}

#[test]
fn record_format_popeye_reads_back_to_the_same_moves() {
    let dir = tempfile::tempdir().unwrap();
    for (variant, fen) in [
        ("circe", "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6"),
        ("anticirce-cheylan+madrasi", "4k3/8/8/8/3p4/8/4P3/4K3 b - -"),
        ("isardam-type-b", "4k3/8/8/8/8/8/8/R3K2R w KQ -"),
    ] {
        let p = dir.path().join(format!("{variant}.inp"));
        fp().args([
            "record",
            "--format",
            "popeye",
            "--variant",
            variant,
            "--fen",
            fen,
            "--out",
            p.to_str().unwrap(),
        ])
        .assert()
        .code(0);
        let mut back: Vec<String> = stdout(fp().args(["moves", "--popeye", p.to_str().unwrap()]), 0)
            .lines()
            .map(String::from)
            .collect();
        let mut direct: Vec<String> = stdout(fp().args(["moves", "--variant", variant, "--fen", fen]), 0)
            .lines()
            .map(String::from)
            .collect();
        back.sort();
        direct.sort();
        assert_eq!(back, direct, "{variant} {fen}");
    }
    let e = error_line(fp().args(["record", "--format", "popeye", "--variant", "cohen"]));
    assert!(e.contains("variant 'cohen': Popeye has no Cohen's rule"), "{e}");
    let e = error_line(fp().args(["record", "--variant", "circe"]));
    assert!(e.contains("--depth: required"), "{e}");
}
