//! The reader on small problems written for these tests.

use super::output::drop_kamikaze_marks;
use super::tables::{BEGIN, COMMANDS};
use super::*;

fn pop(text: &str) -> Result<Vec<PopeyeProblem>, LoadError> {
    parse_popeye(Path::new("t.inp"), text)
}

#[test]
fn keywords_follow_popeyes_abbreviation_rule() {
    let en = Lang::English;
    assert_eq!(keyword("begin", &BEGIN, en), Keyword::Is("beginproblem".into()));
    assert_eq!(keyword("COND", &COMMANDS, en), Keyword::Is("condition".into()));
    assert_eq!(keyword("latex", &COMMANDS, en), Keyword::Is("latex".into()));
    assert_eq!(keyword("s", &COMMANDS, en), Keyword::Ambiguous);
    assert_eq!(keyword("kh1", &COMMANDS, en), Keyword::Unknown);
    // German and French words, read as their English counterparts
    assert_eq!(keyword("steine", &COMMANDS, Lang::German), Keyword::Is("pieces".into()));
    assert_eq!(keyword("bed", &COMMANDS, Lang::German), Keyword::Is("condition".into()));
    assert_eq!(
        keyword("enonce", &COMMANDS, Lang::French),
        Keyword::Is("stipulation".into())
    );
}

#[test]
fn pieces_and_conditions() {
    let p = pop("begin\npieces white kh1 qd4 black ka8 rf4 pe5\ncondition circe\nstipulation ~1\nend\n").unwrap();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].variant, "circe");
    assert_eq!(p[0].fen, "k7/8/8/4p3/3Q1r2/8/8/7K w - - 0 1");
}

#[test]
fn castling_by_popeyes_convention() {
    let p = pop("begin pieces white ke1 ra1 rh1 black ke8 rh8 option nocastling a1 stip ~1 end").unwrap();
    assert_eq!(p[0].fen, "4k2r/8/8/8/8/8/8/R3K2R w Kk - 0 1");
    let p = pop("begin pieces white ke1 black ke8 ra8 option nocastling e8 stip ~1 end").unwrap();
    assert_eq!(p[0].fen, "r3k3/8/8/8/8/8/8/4K3 w - - 0 1 flags=e1a8");
}

#[test]
fn halfduplex_help_play_and_en_passant() {
    let p = pop("begin pieces white kh1 pe5 black ka8 pd5 option enpassant d7d6d5 stip ~1 end").unwrap();
    assert_eq!(p[0].fen, "k7/8/8/3pP3/8/8/8/7K w - d6 0 1");
    let p = pop("begin pieces white kh1 black ka8 option halfduplex stip ~1 end").unwrap();
    assert!(p[0].fen.contains(" b "));
    let p = pop("begin pieces white kh1 black ka8 stip h#2 end").unwrap();
    assert!(p[0].fen.contains(" b "));
    let p = pop("begin pieces white kh1 black ka8 stip h#1.5 end").unwrap();
    assert!(p[0].fen.contains(" w "));
    let p = pop("begin pieces white kh1 pd4 black ka8 stip reci-h#1 option enpassant d2d3d4 end").unwrap();
    assert!(p[0].fen.contains(" b - d3 "), "{}", p[0].fen);
}

#[test]
fn structured_stipulations_and_duplex() {
    // sstipulation: the colour named moves first; after `-` the other (as Popeye plays)
    for (sstip, side) in [
        ("white 1a[#]d", " w "),
        ("black 4hh[x&=]", " b "),
        ("white - 1d[#]a", " b "),
        ("black -5h[/1d[x]a{!+}]h", " w "),
        ("white 3a[#]d | 4hh[#]", " w "),
    ] {
        let p = pop(&format!("begin pieces white kh1 black ka8\nsstip {sstip}\nend")).unwrap();
        assert!(p[0].fen.contains(side), "{sstip}: {}", p[0].fen);
    }
    let p = pop("anfang steine weiss kh1 schwarz ka8\nsforderung schwarz 1d[#]a\nende").unwrap();
    assert!(p[0].fen.contains(" b "));
    // a later plain stipulation (a twin's) decides again
    let p = pop("begin pieces white kh1 black ka8\nsstip black 1a[#]d\ntwin stip ~1\nend").unwrap();
    assert!(p[0].fen.contains(" b ") && p[1].fen.contains(" w "), "{p:?}");
    let r = read("begin pieces white kh1 black ka8\nsstip red 1a[#]d\nend");
    assert!(
        r.unread[0].message.contains("sstipulation: expected the colour"),
        "{:?}",
        r.unread
    );
    // duplex: one problem per side, the second after the first
    let p = pop("begin pieces white kh1 black ka8 stip ~1 option duplex end").unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!((p[0].duplex_half, p[1].duplex_half), (1, 2));
    assert!(p[0].fen.contains(" w ") && p[1].fen.contains(" b "));
    let p = pop("begin pieces white kh1 black ka8 stip ~1 option duplex halfduplex end").unwrap();
    assert!(p[0].fen.contains(" b ") && p[1].fen.contains(" w "));
    // the en-passant right goes with the first half
    let p = pop("begin pieces white ka3 pb4 black kc4 option enpassant b2b3b4 duplex stip h=6 end").unwrap();
    assert_eq!(p[0].fen, "8/8/8/8/1Pk5/K7/8/8 b - b3 0 1");
    assert_eq!(p[1].fen, "8/8/8/8/1Pk5/K7/8/8 w - - 0 1");
}

#[test]
fn compositions_and_modifiers() {
    let cases = [
        ("anticirce cheylan", "anticirce-cheylan"),
        ("anticirce", "anticirce-calvet"),
        ("circe rexinclusive", "circe-rex-inclusive"),
        ("circe\n madrasi", "circe+madrasi"),
        ("madrasi rexinclusive", "madrasi-rex-inclusive"),
        ("isardam typeb", "isardam-type-b"),
        ("couscouscirce", "circe-couscous"),
        ("marscirce", "circe-mars"),
        ("circe mirror", "circe-mirror"),
        ("anticirce isardam", "anticirce-calvet+isardam"),
    ];
    for (c, v) in cases {
        let p = pop(&format!("begin pieces white kh1 black ka8 condition {c} stip ~1 end")).unwrap();
        assert_eq!(p[0].variant, v, "{c}");
    }
}

#[test]
fn errors_name_the_line() {
    for (text, needle) in [
        (
            "begin\npieces white kh1 gh5\nend",
            "line 2: unsupported fairy piece 'g'",
        ),
        (
            "begin\ncondition andernachchess\nend",
            "line 2: Popeye condition 'andernachchess' has no fairyperft counterpart",
        ),
        (
            "anfang\nbedingung laengstzueger\nende",
            "line 2: Popeye condition 'maximummer' has no fairyperft counterpart",
        ),
        (
            "begin\ncondition circe\n  rexexclusive\nend",
            "line 2: Popeye condition 'circe rexexclusive'",
        ),
        (
            "begin\noption castlingmutuallyexclusive a1a8\nend",
            "line 2: option 'castlingmutuallyexclusive' is not supported",
        ),
        (
            "begin\npieces neutral pe4\nend",
            "line 2: neutral units are not supported",
        ),
        (
            "pieces white kh1",
            "line 1: a Popeye input file starts with 'beginproblem'",
        ),
        ("begin pieces white kh1", "missing 'endproblem'"),
        ("begin\nfoo\nend", "line 2: 'foo' is not a Popeye command"),
        ("begin\npieces white kh1 qh1\nend", "line 2: h1 is given twice"),
    ] {
        let e = pop(text).unwrap_err().to_string();
        assert!(e.contains(needle), "{text}: {e}");
    }
}

#[test]
fn volcanic_stacks_and_kamikaze() {
    let p =
        pop("begin pieces white ka1 black ka8 sh8 white bh8 black rh8 condition circe volcanic stip ~1 end").unwrap();
    assert_eq!(p[0].fen, "k6r/8/8/8/8/8/8/K7 w - - 0 1 hidden=h8n,h8B flags=h8");
    let p = pop("begin condition circe pieces white kamikaze kh1 rd2 black kamikaze ka8 stip ~1 end").unwrap();
    assert_eq!(p[0].variant, "circe-kamikaze-reborn");
    assert!(pop("begin condition circe pieces white kamikaze rd2 white kh1 black ka8 stip ~1 end").is_err());
    assert_eq!(
        drop_kamikaze_marks("kPe5*d6 ep.[wkPd6->d2][+bkPd7]"),
        "Pe5*d6 ep.[wPd6->d2][+bPd7]"
    );
    assert_eq!(drop_kamikaze_marks("d7*c8=kQ[+bBc8]"), "d7*c8=kQ[+bBc8]");
}

/// Popeye marks kamikaze units' moves (`kKh1-g1`) under a composed condition too: the list
/// read back is in fairyperft's notation whether or not another condition is set.
#[test]
fn kamikaze_marks_dropped_when_composed() {
    for cond in ["circe", "circe madrasi"] {
        let text = format!(
            "begin condition {cond} pieces white kamikaze kh1 black kamikaze ka8 stip ~1 end\n\n   1.kKh1-g1 !\n\nsolution finished. Time = 0.001 s\n"
        );
        let p = pop(&text).unwrap();
        assert_eq!(
            p[0].expected_moves.as_deref(),
            Some(&["Kh1-g1".to_string()][..]),
            "{cond}"
        );
    }
}

#[test]
fn solution_output_after_end() {
    let text = "begin pieces white kh1 black ka8 stip ~1 end\n\n   1.Kh1-g1 !\n\n   1.Kh1-h2 + !\n\nsolution finished. Time = 0.001 s\n";
    let p = pop(text).unwrap();
    assert_eq!(
        p[0].expected_moves.as_deref(),
        Some(&["Kh1-g1".to_string(), "Kh1-h2".to_string()][..])
    );
}

fn read(text: &str) -> PopeyeInput {
    read_popeye(Path::new("t.inp"), text).unwrap()
}

fn placement(p: &PopeyeProblem) -> &str {
    p.fen.split_whitespace().next().unwrap()
}

#[test]
fn pieces_and_forsyth_add_to_one_board() {
    // Popeye adds the units of every pieces/forsyth section to the board
    let p = pop("begin pieces white qd1 forsyth 8/8/8/8/8/8/8/4K2k stip ~1 end").unwrap();
    assert_eq!(placement(&p[0]), "8/8/8/8/8/8/8/3QK2k");
    let p = pop("begin forsyth 8/8/8/8/8/8/8/4K2k pieces black pa7 stip ~1 end").unwrap();
    assert_eq!(placement(&p[0]), "8/p7/8/8/8/8/8/4K2k");
    // a forsyth shorter than the board leaves the rest empty; '+'/'-' give the colour
    let p = pop("begin forsyth 4k3/8/8/3-Q+q3 pieces white ke1 stip ~1 end").unwrap();
    assert_eq!(placement(&p[0]), "4k3/8/8/3qQ3/8/8/8/4K3");
    // squares are counted on over the ranks' ends (a '9' moves the rest one square on);
    // empty squares past h1 are dropped, a unit past h1 is an error
    let p = pop("begin forsyth 4k3/9/8/8/8/8/8/4K3 stip ~1 end").unwrap();
    assert_eq!(placement(&p[0]), "4k3/8/8/8/8/8/8/5K2");
    assert!(pop("begin forsyth 4k3/9/8/8/8/8/8/4K3k stip ~1 end").is_err());
}

#[test]
fn an_unreadable_problem_is_reported_and_the_next_read() {
    let text = "begin\npieces white kh1 nd4\nstip ~1\nnext\npieces white kh1 black ka8\nstip ~1\nnext\ncondition xyzzy\nnext\nstip ~1 pieces white ka1\nend\n";
    let r = read(text);
    assert_eq!(r.problems.len(), 2);
    assert_eq!((r.problems[0].number, r.problems[0].line), (2, 4));
    assert_eq!((r.problems[1].number, r.problems[1].line), (4, 9));
    let lines: Vec<usize> = r.unread.iter().map(|u| u.line).collect();
    assert_eq!(lines, [2, 8]);
    assert!(
        r.unread[0].message.contains("unsupported fairy piece 'n'"),
        "{:?}",
        r.unread
    );
    assert!(
        r.unread[1].message.contains("'xyzzy' is not a Popeye condition"),
        "{:?}",
        r.unread
    );
    // the strict reader stops at the first
    let e = pop(text).unwrap_err().to_string();
    assert!(e.contains("line 2: unsupported fairy piece 'n'"), "{e}");
    // a problem without its endproblem is reported, those before it kept
    let r = read("begin pieces white ka1 stip ~1 next pieces white kb1");
    assert_eq!(r.problems.len(), 1);
    assert!(r.unread[0].message.contains("missing 'endproblem'"));
}

#[test]
fn twins_change_the_problem_or_the_twin_before() {
    let text = "begin\npieces white ke1 rd1 sb1 black ke8 bd4\nstip ~1\n\
        twin move d1 d4\ntwin exchange b1 d4\ntwin remove b1d1\ntwin add black qd3 white pa2\n\
        twin rotate 90\ntwin mirror a1<-->h1\ntwin shift e1 f1\ntwin polish\ntwin substitute s q\n\
        twin cont move e8 f8\ntwin cont remove f8\nend";
    let r = read(text);
    assert!(r.unread.is_empty(), "{:?}", r.unread);
    let got: Vec<(&str, &str)> = r
        .problems
        .iter()
        .map(|p| (p.twin.as_deref().unwrap(), placement(p)))
        .collect();
    assert_eq!(
        got,
        [
            ("a)", "4k3/8/8/8/3b4/8/8/1N1RK3"),
            ("b)", "4k3/8/8/8/3R4/8/8/1N2K3"),
            ("c)", "4k3/8/8/8/3N4/8/8/1b1RK3"),
            ("d)", "4k3/8/8/8/3b4/8/8/4K3"),
            ("e)", "4k3/8/8/8/3b4/3q4/P7/1N1RK3"),
            ("f)", "8/8/8/k6K/4b2R/8/7N/8"),
            ("g)", "3k4/8/8/8/4b3/8/8/3KR1N1"),
            ("h)", "5k2/8/8/8/4b3/8/8/2N1RK2"),
            ("i)", "4K3/8/8/8/3B4/8/8/1n1rk3"),
            ("j)", "4k3/8/8/8/3b4/8/8/1Q1RK3"),
            ("k)", "5k2/8/8/8/3b4/8/8/1Q1RK3"),
            ("l)", "8/8/8/8/3b4/8/8/1Q1RK3"),
        ]
    );
    // what a twin cannot do is reported with the twin's label; the others are read
    let r = read("begin pieces white ke1 black ke8 stip ~1 twin move d1 d2 twin shift e1 e8 twin rotate 180 end");
    let labels: Vec<&str> = r.problems.iter().map(|p| p.twin.as_deref().unwrap()).collect();
    assert_eq!(labels, ["a)", "d)"]);
    assert!(
        r.unread[0].message.starts_with("twin b) move: there is no unit on d1"),
        "{:?}",
        r.unread
    );
    assert!(r.unread[1]
        .message
        .starts_with("twin c) the unit on e8 would leave the board"));
}

#[test]
fn zeroposition_conditions_and_stipulations_of_twins() {
    let r = read(
        "begin pieces white kh1 rh2 black ka8 condition circe stip ~1 \
         zeroposition move h2 b2 twin condition madrasi rexincl twin cont stipulation h~1 end",
    );
    let got: Vec<(&str, &str, &str)> = r
        .problems
        .iter()
        .map(|p| {
            (
                p.twin.as_deref().unwrap(),
                p.variant.as_str(),
                p.fen.split(' ').nth(1).unwrap(),
            )
        })
        .collect();
    // the zero position itself is no twin; a) is its first change
    assert_eq!(
        got,
        [
            ("a)", "circe", "w"),
            ("b)", "madrasi-rex-inclusive", "w"),
            ("c)", "madrasi-rex-inclusive", "b")
        ]
    );
    assert_eq!(placement(&r.problems[0]), "k7/8/8/8/8/8/1R6/7K");
    assert_eq!(placement(&r.problems[1]), "k7/8/8/8/8/8/7R/7K");
}

#[test]
fn german_and_french_input() {
    let de =
        read("AnfangProblem Steine Weiss Ke1 Tb2 Lc3 Bd2 Sg1 Schwarz Ke8 Dd6 Bedingung Circe Forderung ~1 EndeProblem");
    assert_eq!(placement(&de.problems[0]), "4k3/8/3q4/8/8/2B5/1R1P4/4K1N1");
    assert_eq!(de.problems[0].variant, "circe");
    let fr = read("DebutProbleme pieces blanc re1 tb2 fc3 pd2 cg1 noir re8 dd6 condition madrasi enonce ~1 jumeau ajoute noir fe3 FinProbleme");
    assert_eq!(placement(&fr.problems[0]), "4k3/8/3q4/8/8/2B5/1R1P4/4K1N1");
    assert_eq!(placement(&fr.problems[1]), "4k3/8/3q4/8/8/2B1b3/1R1P4/4K1N1");
    assert_eq!(fr.problems[1].variant, "madrasi");
}

#[test]
fn condition_arguments_are_not_conditions() {
    // a square list after a condition belongs to it: the condition is named, whole
    let r = read("begin pieces white ka1 condition circe blackmindister a7g3 stip ~1 end");
    assert!(
        r.unread[0]
            .message
            .contains("'blackmindister a7g3' has no fairyperft counterpart"),
        "{:?}",
        r.unread
    );
    let r = read("begin pieces white ka1 condition madrasi rexi 4.5 stip ~1 end");
    assert!(
        r.unread[0].message.contains("'4.5' is not a variant of madrasi"),
        "{:?}",
        r.unread
    );
    // prefixes of conditions and of their variants
    let p = pop("begin pieces white ka1 black ka8 cond madr rexi anticirce cheyl stip ~1 end").unwrap();
    assert_eq!(p[0].variant, "anticirce-cheylan+madrasi-rex-inclusive");
    // 'circ' begins Circe and several other conditions: ambiguous, as in Popeye
    let r = read("begin pieces white ka1 cond circ stip ~1 end");
    assert!(r.unread[0].message.contains("abbreviates several"), "{:?}", r.unread);
}

#[test]
fn latex_pieces_stipulations_in_two_words_and_proof_games() {
    let text = "begin\nlatex f.tex\n  n SU Nachtreiter\n  g DU Grashuepfer\npieces white ka1 black ka8\nstip ~1\nend";
    assert_eq!(pop(text).unwrap().len(), 1);
    let r = read("begin pieces white ka1 black ka8 stip a=>b 4.5 end");
    assert!(
        r.unread[0].message.contains("stipulation 'a=>b 4.5': proof games"),
        "{:?}",
        r.unread
    );
}

#[test]
fn pasted_output_per_twin_and_what_makes_it_doubtful() {
    let text = "begin pieces white kh1 black ka8 stip ~1 option maxsol 3 twin move h1 a1 end\n\
        a)\n   1.Kh1-g1 !\n   1.Kh1-h2 !\n   1.Kh1-g2 !\nb) wKh1-->a1\n   1.Ka1-b1 !\n   1.Ka1-a2 !\n   1.Ka1-b2 !\n\
        solution finished.\n";
    let r = read(text);
    assert_eq!(r.problems[1].expected_moves.as_ref().unwrap()[0], "Ka1-b1");
    assert_eq!(r.problems[0].expected_moves.as_ref().unwrap().len(), 3);
    assert!(r.warnings[0]
        .message
        .contains("option maxsolutions changes what Popeye prints"));
    let r = read("begin pieces white kh1 black ka8 stip #1 end\nsolution finished.\n");
    assert!(r.warnings[0].message.contains("stipulation #1"), "{:?}", r.warnings);
    // German output, German letters
    let r = read(
        "AnfangProblem Steine Weiss Kh1 Lc1 Schwarz Ka8 Forderung ~1 EndeProblem\n   1.Lc1-b2 !\nLoesung beendet.\n",
    );
    assert_eq!(
        r.problems[0].expected_moves.as_deref(),
        Some(&["Bc1-b2".to_string()][..])
    );
}

#[test]
fn written_popeye_input_reads_back() {
    for (fen, variant) in [
        ("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 1", "circe"),
        ("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "madrasi-rex-inclusive"),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "anticirce-cheylan+isardam",
        ),
        ("4k3/8/8/8/8/8/3R4/4K3 w - - 0 1", "circe-kamikaze-reborn"),
        ("8/8/8/8/8/8/8/K6k w - - 0 1", "orthodox"),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "circe-parrain+isardam-type-b"),
    ] {
        let text = write_popeye(fen, variant, "t").unwrap();
        let p = pop(&text).unwrap_or_else(|e| panic!("{fen} {variant}: {e}\n{text}"));
        let want = crate::fen::write(
            &crate::fen::parse(fen).unwrap(),
            crate::fen::FenStyle {
                origins: false,
                extended: true,
            },
        );
        assert_eq!(
            (p[0].fen.as_str(), p[0].variant.as_str()),
            (want.as_str(), variant),
            "{text}"
        );
    }
    assert!(write_popeye("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "cohen", "").is_err());
}

#[test]
fn option_and_stipulation_arguments() {
    // numbers after a stipulation belong to it; option arguments may be negative
    let r = read("begin pieces white ka1 black ka8 stip ser-s00 9 option beep 5 maxflight -1 variations end");
    assert!(r.unread.is_empty(), "{:?}", r.unread);
    assert_eq!(r.problems[0].stipulation.as_deref(), Some("ser-s00 9"));
    // a stipulation command without its stipulation: the keyword after it is not taken
    let r = read("begin\npieces white ka1 black ka8\nstipulation\noption variations\nend");
    assert_eq!(r.unread[0].line, 3);
    assert!(r.unread[0].message.contains("stipulation: missing"), "{:?}", r.unread);
}

#[test]
fn chameleon_sequences() {
    // Popeye's default sequence, given explicitly (closed or not): fairyperft's
    for seq in ["s b r q s", "s b r q", "b r q s b"] {
        let p = pop(&format!(
            "begin pieces white ka1 black ka8 condition circe chameleon {seq} stip ~1 end"
        ))
        .unwrap();
        assert_eq!(p[0].variant, "circe-chameleon", "{seq}");
    }
    // another sequence is reported (its 'r' is a walk here, not 'remark')
    let r = read("begin pieces white ka1 black ka8 condition circe chameleon s q r b s stip ~1 end");
    assert!(
        r.unread[0]
            .message
            .contains("the chameleon sequence 's q r b s' is not fairyperft's"),
        "{:?}",
        r.unread
    );
}
