//! The oracle against recorded Popeye 4.104 output (tests/data/popeye/: the input this
//! module writes for each position, and what Popeye printed for it).

use super::draw::{draw, Kind};
use super::shrink::{shrink, without};
use super::*;
use crate::square::Square;

/// (fixture name, variant, position).
const FIXTURES: &[(&str, &str, &str)] = &[
    ("circe", "circe", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1"),
    (
        "volcanic-ep",
        "circe-volcanic",
        "4k3/8/8/8/6Pp/8/8/4K3 b - g3 0 1 hidden=g4n",
    ),
    (
        "kamikaze-reborn",
        "circe-kamikaze-reborn",
        "4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1",
    ),
    (
        "parrain-pending",
        "circe-parrain",
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 pending=Nc3",
    ),
    (
        "rex-inclusive-castling",
        "circe-rex-inclusive",
        "4k3/3r4/8/8/8/8/3K4/R6R b - - 0 1 flags=a1h1",
    ),
    ("madrasi", "madrasi", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1"),
    (
        "mars-castling",
        "circe-mars",
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1 flags=h1e8",
    ),
    (
        "equipollents-first-rank",
        "circe-equipollents",
        "8/6k1/8/8/8/8/p7/1P5K w - - 0 1",
    ),
];

fn fixture(name: &str, ext: &str) -> String {
    let path = format!("{}/tests/data/popeye/{name}.{ext}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn probe(variant: &str, fen: &str) -> Probe {
    Probe {
        variant: variant.into(),
        fen: fen.into(),
    }
}

#[test]
fn the_input_written_is_the_one_popeye_answered() {
    for (name, v, f) in FIXTURES {
        assert_eq!(popeye_input(&probe(v, f)).unwrap(), fixture(name, "inp"), "{name}");
    }
}

#[test]
fn fairyperft_agrees_with_the_recorded_popeye_answers() {
    // mars-twice: Popeye prints the castling and each line after it twice, which the
    // answer read back counts once
    let documented = ["mars-castling", "equipollents-first-rank"];
    for (name, v, f) in FIXTURES.iter().filter(|x| !documented.contains(&x.0)) {
        let p = probe(v, f);
        let theirs = read_answer(&p, &fixture(name, "inp"), &fixture(name, "out")).unwrap();
        let ours = fairyperft_answer(&p).unwrap();
        assert!(!theirs.moves.is_empty() && theirs.perft2() > 0, "{name}");
        assert_eq!(differences(&theirs, &ours), Vec::<String>::new(), "{name}");
        assert_eq!(theirs, ours, "{name}");
    }
}

#[test]
fn the_recorded_answers_hold_the_moves_each_position_is_about() {
    let answer = |name: &str| {
        let (_, v, f) = FIXTURES.iter().find(|x| x.0 == name).unwrap();
        read_answer(&probe(v, f), &fixture(name, "inp"), &fixture(name, "out")).unwrap()
    };
    assert!(answer("circe").moves.contains("Rd1*d5[+bPd7]"));
    // Black's en-passant capture, the knight under g4 coming up
    let ep: Vec<String> = answer("volcanic-ep")
        .moves
        .into_iter()
        .filter(|m| m.contains("ep."))
        .collect();
    assert_eq!(ep.len(), 1, "{ep:?}");
    // the kamikaze mark and the pawn's P are gone
    let k = answer("kamikaze-reborn");
    assert!(k.moves.contains("Rd2*d5[wRd5->h1][+bPd7]"), "{:?}", k.moves);
    assert_eq!(k.divide().get("Rd2*d5[wRd5->h1][+bPd7]"), Some(&6));
    assert!(answer("parrain-pending").moves.contains("Ra1-b1[+wSd3]"));
    // the king reborn on e1 castles: two of the replies to the capture of d2
    let rex = answer("rex-inclusive-castling");
    assert!(rex.divide()["Rd7*d2[+wKe1]"] > 0);
    assert!(answer("madrasi").moves.contains("Ke1-d1") && !answer("madrasi").moves.contains("Ra1-a2"));
}

#[test]
fn a_documented_difference_is_set_aside_and_named() {
    use super::documented::{set_aside, Documented};
    // Popeye's Mars Circe castles with the rook's right alone; its Equipollents pawn on
    // its first rank does not move (docs/rules.md, "Where fairyperft and Popeye differ")
    for (name, kind, diff_line) in [
        (
            "mars-castling",
            Documented::MarsCastling,
            "- 0-0 (missing from fairyperft)",
        ),
        (
            "equipollents-first-rank",
            Documented::EquipollentsFirstRankPawn,
            "+ b1-b2 (extra in fairyperft)",
        ),
    ] {
        let (_, v, f) = FIXTURES.iter().find(|x| x.0 == name).unwrap();
        let p = probe(v, f);
        let theirs = read_answer(&p, &fixture(name, "inp"), &fixture(name, "out")).unwrap();
        let ours = fairyperft_answer(&p).unwrap();
        let diff = differences(&theirs, &ours);
        assert!(diff.contains(&diff_line.to_string()), "{name}: {diff:?}");
        let (t, o, used) = set_aside(&p, &theirs, &ours).unwrap();
        assert_eq!(differences(&t, &o), Vec::<String>::new(), "{name}");
        assert_eq!(used.into_iter().collect::<Vec<_>>(), vec![kind], "{name}");
        // a further difference of any other kind is left standing
        let mut wrong = theirs.clone();
        let first = wrong.moves.iter().find(|m| !m.contains("0-0")).cloned().unwrap();
        wrong.moves.remove(&first);
        let (t, o, _) = set_aside(&p, &wrong, &ours).unwrap();
        assert_eq!(
            differences(&t, &o),
            vec![format!("+ {first} (extra in fairyperft)")],
            "{name}"
        );
    }
    // no difference applies to a variant without one; replies count too: after each
    // black king move, the b1 pawn's replies are set aside
    let p = probe("circe", "8/6k1/8/8/8/8/p7/1P5K w - - 0 1");
    let ours = fairyperft_answer(&p).unwrap();
    let mut other = ours.clone();
    other.moves.remove("b1-b2");
    assert!(set_aside(&p, &other, &ours).unwrap().2.is_empty());
    let p = probe("circe-equipollents", "8/8/8/8/8/8/1k6/1P5K b - - 0 1");
    let ours = fairyperft_answer(&p).unwrap();
    let with_pawn = ours.lines.iter().filter(|(_, r)| r.starts_with("b1")).count();
    assert!(with_pawn > 0);
    let (_, o, used) = set_aside(&p, &ours, &ours).unwrap();
    assert_eq!(o.perft2() + with_pawn as u64, ours.perft2());
    assert_eq!(o.lines.len() + with_pawn, ours.lines.len());
    assert!(used.contains(&Documented::EquipollentsFirstRankPawn));
}

#[test]
fn a_refusal_or_a_misread_position_is_not_an_answer() {
    let (name, v, f) = FIXTURES[0];
    let p = probe(v, f);
    let refused = "Popeye Linux v4.104 (1024 MB)\n\nthe side to play can capture the king\n";
    let e = read_answer(&p, &fixture(name, "inp"), refused).unwrap_err();
    assert!(e.contains("the side to play can capture the king"), "{e}");
    // the same output read for another position: the input does not read back as it
    let other = probe(v, "4k3/8/8/3p4/8/8/8/2R1K3 w - - 0 1");
    let e = read_answer(&other, &fixture(name, "inp"), &fixture(name, "out")).unwrap_err();
    assert!(e.contains("reads back as"), "{e}");
}

#[test]
fn every_variant_maps_or_says_why_not() {
    for v in crosscheck_variants() {
        match popeye_conditions(&v) {
            Ok((conds, _)) => assert!(v == "orthodox" || !conds.is_empty(), "{v}"),
            Err(why) => assert!(
                v == "cohen" || v.split('+').any(|c| c == "circe-kamikaze"),
                "{v}: {why}"
            ),
        }
    }
    // each mapping reads back, through the Popeye importer, as its variant
    for v in crosscheck_variants().iter().filter(|v| popeye_conditions(v).is_ok()) {
        let input = popeye_input(&probe(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")).unwrap();
        let read = parse_popeye(Path::new("t.inp"), &input).unwrap();
        let want = v.replace("circe-coucou", "circe-couscous");
        assert_eq!(read[0].variant, want);
    }
}

#[test]
fn draws_are_deterministic_legal_and_of_every_kind() {
    for v in ["circe", "circe-volcanic", "circe-parrain", "madrasi"] {
        let a: Vec<_> = (0..9).map(|i| draw(v, 5, i)).collect();
        assert_eq!(a, (0..9).map(|i| draw(v, 5, i)).collect::<Vec<_>>());
        assert_ne!(a, (0..9).map(|i| draw(v, 6, i)).collect::<Vec<_>>());
        for (i, d) in a.into_iter().enumerate() {
            let (kind, p) = d.expect("a position is drawn");
            assert_eq!(kind, [Kind::Game, Kind::Endgame, Kind::Castling][i % 3]);
            let mut g = p.game().unwrap();
            assert!(!g.rules.opponent_in_check(&mut g.pos), "{}", p.fen);
            assert!(popeye_input(&p).is_ok());
        }
    }
}

#[test]
fn shrinking_keeps_the_unit_the_disagreement_needs() {
    // a fake oracle that drops a move whenever a white queen stands on d4
    let start = probe("circe", "r3k2r/pp3ppp/2n5/3p4/3Q4/2N5/PPP2PPP/R3K2R w KQkq - 0 1");
    let fake = |p: &Probe| {
        let mut a = fairyperft_answer(p).unwrap();
        if p.fen.split('/').nth(4).is_some_and(|r| r.starts_with("3Q")) {
            let first = a.moves.iter().next().cloned().unwrap();
            a.moves.remove(&first);
        }
        a
    };
    let small = shrink(&start, |p| {
        !differences(&fake(p), &fairyperft_answer(p).unwrap()).is_empty()
    });
    assert_eq!(small.fen, "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1 flags=e1e8");
    // taking a rook off takes its castling flag; kings are never taken off
    let g = without(&start, Square::A1).unwrap().game().unwrap();
    assert_eq!(g.pos.castle_flags() & crate::position::flags::WHITE_A_ROOK, 0);
    assert!(without(&start, Square::E1).is_none());
    // a removal that leaves the side not to move in check is refused
    let pinned = probe("orthodox", "4k3/8/8/8/8/8/8/4KR1r b - - 0 1");
    assert!(without(&pinned, Square::F1).is_none());
}
