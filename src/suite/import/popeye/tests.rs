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
            "begin\ncondition circe\n  rexexclusive\nend",
            "line 2: Popeye condition 'circe rexexclusive'",
        ),
        ("begin\noption duplex\nend", "line 2: option 'duplex' is not supported"),
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

#[test]
fn solution_output_after_end() {
    let text = "begin pieces white kh1 black ka8 stip ~1 end\n\n   1.Kh1-g1 !\n\n   1.Kh1-h2 + !\n\nsolution finished. Time = 0.001 s\n";
    let p = pop(text).unwrap();
    assert_eq!(
        p[0].expected_moves.as_deref(),
        Some(&["Kh1-g1".to_string(), "Kh1-h2".to_string()][..])
    );
}
