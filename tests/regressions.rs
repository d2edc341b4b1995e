//! Bugs found by fuzzing (fuzz/, src/invariants.rs), each pinned by the smallest position
//! that shows it. Every test also runs the shared invariant checks on its position.

use fairyperft::invariants::{self, Limits};
use fairyperft::{fen, Game};

fn game(fen_text: &str, variant: &str) -> Game {
    Game::new(fen_text, variant).unwrap_or_else(|e| panic!("{fen_text} [{variant}]: {e}"))
}

fn invariants_hold(g: &mut Game) {
    let rules = g.rules.clone();
    if let Err(e) = invariants::check_position(&mut g.pos, &rules, &g.history, &Limits::FULL) {
        panic!("{e}");
    }
}

fn popeye_moves(g: &mut Game) -> Vec<String> {
    let moves = g.legal_moves();
    let mut names: Vec<String> = moves.into_iter().map(|m| g.popeye(m)).collect();
    names.sort();
    names
}

/// Volcanic: a burial pushes onto the hidden-unit queue and unmake pops it, leaving the
/// popped entry's bytes behind the queue's end. The derived comparison of the queue read
/// them, so a position taken back exactly compared unequal to itself.
#[test]
fn hidden_units_compare_by_their_live_entries() {
    let mut g = game("4k3/3n4/8/8/3p4/8/8/3QK3 w - - 0 1", "circe-volcanic");
    let before = g.pos.clone();
    let m = g.find_move("Qd1*d4[+bPd7->v]").unwrap();
    let after = g.after(m);
    assert_eq!(after.pos.hidden().len(), 1);
    let mut undo = fairyperft::position::Undo::new();
    let rules = g.rules.clone();
    rules.play(
        &mut g.pos,
        m,
        &mut undo,
        &mut fairyperft::rules::effects::NoRecord,
        None,
    );
    g.pos.unmake(&undo);
    assert_eq!(g.pos, before);
    invariants_hold(&mut g);
}

/// A double step's own effects can fill the squares the pawn passed; the FEN of the
/// position reached must still parse back (it did not: the parser wanted both empty).
#[test]
fn en_passant_square_after_an_emergence_on_the_start_square() {
    // the black knight hidden under e2 emerges when the pawn leaves
    let mut g = game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 hidden=e2n", "circe-volcanic");
    g.play_line("e2e4").unwrap();
    assert_eq!(g.pos.plain_fen(), "4k3/8/8/8/4P3/8/4n3/4K3 b - e3 0 1");
    assert_eq!(fen::parse(&g.pos.fen()).unwrap(), g.pos);
    invariants_hold(&mut g);
}

#[test]
fn en_passant_square_after_a_parrain_rebirth_on_the_passed_square() {
    // the white rook captured on e1 is reborn on e1 + (0, 2) = e3, the square e2-e4 passed
    let mut g = game("4k3/8/8/8/3p4/8/4P3/7K w - - 0 1 pending=Re1", "circe-parrain");
    g.play_line("e2e4").unwrap();
    assert_eq!(g.pos.plain_fen(), "4k3/8/8/8/3pP3/4R3/8/7K b - e3 0 1");
    assert_eq!(fen::parse(&g.pos.fen()).unwrap(), g.pos);
    // the passed square is occupied: no en-passant capture
    assert!(!popeye_moves(&mut g).iter().any(|m| m.contains("ep.")));
    invariants_hold(&mut g);
}

/// Hidden units are Volcanic state, which the FEN syntax lets any position carry and the
/// move pipeline makes emerge in every variant. The specialised orthodox generator knew
/// nothing of them (nor of the back-rank pawns that can emerge) and disagreed with the
/// generic pipeline; orthodox chess now refuses them, like pawns on its back ranks.
#[test]
fn hidden_units_are_refused_in_orthodox_chess() {
    let f = "k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1 hidden=e2N";
    let e = Game::new(f, "orthodox").err().expect("refused");
    assert!(matches!(e, fairyperft::SetupError::HiddenUnits(_)), "{e}");
    assert!(e.to_string().contains("hidden under e2"), "{e}");
    // other variants take the generic pipeline: the rook on e2 seems pinned, but the white
    // knight hidden under e2 emerges when it leaves and shields the king
    for variant in ["cohen", "circe"] {
        let mut g = game(f, variant);
        let moves = popeye_moves(&mut g);
        assert!(moves.contains(&"Re2-a2[+wSe2]".to_string()), "{variant}: {moves:?}");
        assert_eq!(moves.len(), 6 + 7 + 4, "{variant}: {moves:?}");
        assert_eq!(g.perft(1), 17, "{variant}");
        invariants_hold(&mut g);
    }
}

/// The accelerators (last ply of perft) judged an Anticirce or Kamikaze capture on a copy
/// of the bitboards without the unit hidden under the capture square, which emerges when
/// the capturer leaves it.
#[test]
fn fast_count_sees_units_emerging_where_the_capturer_left() {
    // Rd1*d4: the rook is reborn on a1, the black knight hidden under d4 emerges and
    // checks Ke2, so the capture is illegal
    for variant in ["anticirce-calvet", "circe-kamikaze", "circe-kamikaze-reborn"] {
        let mut g = game("4k3/8/8/8/3p4/8/4K3/3R4 w - - 0 1 hidden=d4n", variant);
        let moves = popeye_moves(&mut g);
        assert!(!moves.iter().any(|m| m.starts_with("Rd1*d4")), "{variant}: {moves:?}");
        assert_eq!(g.perft(1), moves.len() as u64, "{variant}");
        invariants_hold(&mut g);
    }
}

/// Circe Parrain, in check from Re6 with our pawn pending on e6: b7-b5 makes it reborn on
/// e4, which shields the king. The fast listing of such shielding moves made every one a
/// plain move, so this double step came without its e.p. square (the `line` fuzz target
/// found it under Cohen's rule, whose invariants compare the listings as sets).
#[test]
fn a_shielding_double_step_keeps_its_kind() {
    for variant in ["circe-parrain", "circe-parrain+cohen"] {
        let mut g = game("8/1pqn4/4R2q/2Q2R2/3P2r1/4k3/1b6/1p6 b - - 0 8 pending=pe6", variant);
        let moves = popeye_moves(&mut g);
        assert!(moves.iter().any(|m| m.starts_with("b7-b5")), "{variant}: {moves:?}");
        invariants_hold(&mut g);
    }
}

/// Circe Parrain, in check from Ra8 with our knight pending on a3: e7-e8 makes it reborn
/// on a4, which shields the king. The shielding moves come from the generator once for a
/// pawn's move to its last rank; each of the four walks must be listed and counted.
#[test]
fn a_shielding_promotion_keeps_its_four_walks() {
    for variant in ["circe-parrain", "circe-parrain+cohen"] {
        let mut g = game("r7/4P3/7k/8/8/8/8/K7 w - - 0 8 pending=Na3", variant);
        let moves = popeye_moves(&mut g);
        let promotions: Vec<_> = moves.iter().filter(|m| m.starts_with("e7-e8=")).collect();
        assert_eq!(promotions.len(), 4, "{variant}: {moves:?}");
        assert_eq!(g.perft(1), moves.len() as u64, "{variant}: {moves:?}");
        invariants_hold(&mut g);
    }
}

/// Volcanic Circe: Ra2xa1 buries the white rook under its own corner, where it keeps the
/// a1 flag (as in Popeye). The FEN printed the castling letter `Q`, which does not parse
/// with a black rook on a1 (the `line` fuzz target found it under Cohen's rule); the
/// field now shows the letters whose king and rook stand, and `flags=` the buried flag.
#[test]
fn a_flag_under_another_unit_prints_as_flags_not_a_letter() {
    for variant in ["circe-volcanic", "circe-volcanic+cohen"] {
        let mut g = game("4k3/8/8/8/8/8/r7/R3K2R b KQ - 0 1", variant);
        g.play_line("a2a1").unwrap();
        let printed = g.pos.fen();
        assert!(
            printed.contains(" w K - ") && printed.contains("flags=e1a1h1"),
            "{variant}: {printed}"
        );
        let back = fairyperft::fen::parse(&printed).unwrap_or_else(|e| panic!("{variant}: {printed}: {e}"));
        assert_eq!(back.castle_flags(), g.pos.castle_flags(), "{variant}: {printed}");
        invariants_hold(&mut g);
    }
}

/// The move counters are whatever u32 the FEN gives; a move at the maximum overflowed
/// (a panic in debug builds, a wrap to 0 in release). They saturate now.
#[test]
fn move_counters_saturate() {
    let f = format!("4k3/8/8/8/8/8/8/4K2R b - - {} {}", u32::MAX, u32::MAX);
    for variant in ["orthodox", "circe"] {
        let mut g = game(&f, variant);
        g.play_line("e8d8").unwrap();
        assert_eq!((g.pos.halfmove(), g.pos.fullmove()), (u32::MAX, u32::MAX), "{variant}");
        assert_eq!(
            g.perft(2),
            Game::new("3k4/8/8/8/8/8/8/4K2R w - - 0 1", variant).unwrap().perft(2)
        );
        invariants_hold(&mut g);
    }
}

/// The accelerators left out the en-passant captures of a pawn standing on hidden units
/// (perft(1) one short of the legal moves listed).
#[test]
fn fast_count_takes_en_passant_from_a_square_with_hidden_units() {
    for variant in ["circe-volcanic", "anticirce-calvet", "circe"] {
        let mut g = game("4k3/8/8/8/5pP1/8/8/4K3 b - g3 0 1 hidden=f4p", variant);
        let moves = popeye_moves(&mut g);
        assert!(moves.iter().any(|m| m.starts_with("f4*g3 ep.")), "{variant}: {moves:?}");
        assert_eq!(g.perft(1), moves.len() as u64, "{variant}: {moves:?}");
        invariants_hold(&mut g);
    }
}

/// The FEN parser panicked on a word without `=` after the first state token (the
/// `fen` fuzz target's first find); it is an error now.
#[test]
fn fen_word_after_the_state_tokens_is_an_error() {
    for f in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 flags=- junk",
        "4k3/8/8/8/8/8/8/4K3 w - - hidden=- x pending=-",
    ] {
        match fen::parse(f) {
            Err(fen::FenError::BadToken(m)) => assert!(m.contains("not key=value"), "{m}"),
            other => panic!("{f}: {other:?}"),
        }
        assert!(Game::new(f, "circe").is_err());
    }
    assert!(invariants::check_fen_text("4k3/8/8/8/8/8/8/4K3 w - - 0 1 flags=- junk")
        .unwrap()
        .is_none());
}

/// Madrasi under Mars Circe: a unit observes from its rebirth square, as it captures. The
/// black rook e1 would check along the h-file from h8, but the white rook c3 observes it
/// from a1, so it is paralysed and Kg4-h3/h4/h5 are legal. Popeye 4.104 (`condition
/// marscirce madrasi`, `stipulation ~1`) lists these 23 moves. (The accelerators once
/// looked for the attackers by plain geometry; the fix then assumed plain observation.)
#[test]
fn madrasi_observes_from_the_mars_rebirth_square() {
    let popeye = [
        "Rc3-a1*e1",
        "Rc3-c1",
        "Rc3-c2",
        "Rc3-a3",
        "Rc3-b3",
        "Rc3-c8",
        "Rc3-c7",
        "Rc3-c6",
        "Rc3-c5",
        "Rc3-c4",
        "Rc3-h3",
        "Rc3-g3",
        "Rc3-f3",
        "Rc3-e3",
        "Rc3-d3",
        "Kg4-f3",
        "Kg4-h3",
        "Kg4-h5",
        "Kg4-f5",
        "Kg4-g3",
        "Kg4-f4",
        "Kg4-g5",
        "Kg4-h4",
    ];
    for variant in ["circe-mars+madrasi", "circe-mars+madrasi-rex-inclusive"] {
        let mut g = game("1b6/3p1p2/4P3/8/4k1K1/2R5/8/4r3 w - - 0 1", variant);
        let mut moves = popeye_moves(&mut g);
        moves.sort();
        let mut expected: Vec<String> = popeye.iter().map(|m| m.to_string()).collect();
        expected.sort();
        assert_eq!(moves, expected, "{variant}");
        assert_eq!(g.perft(1), moves.len() as u64, "{variant}: {moves:?}");
        invariants_hold(&mut g);
    }
}

/// Assassin with Isardam type A: a capture whose rebirth would remove the king checks only
/// if it passes the Isardam test. After Se2-d4, c5*d4 (knight reborn on g1 over the king)
/// leaves the pawns d4 and e3 observing each other, so it is no check and Se2-d4 is legal;
/// the accelerators took any geometric capture for a check.
#[test]
fn fast_count_assassin_threat_under_isardam() {
    let mut g = game(
        "1r2kbnr/p3p1pp/np6/2p5/1B5P/PP2P3/1P2N2R/Rb4K1 w k - 0 19",
        "circe-assassin+isardam",
    );
    let moves = popeye_moves(&mut g);
    assert!(moves.contains(&"Se2-d4".to_string()), "{moves:?}");
    assert_eq!(g.perft(1), 23);
    assert_eq!(moves.len(), 23);
    invariants_hold(&mut g);
}

/// A pending rebirth (`pending=`, Parrain state) in other variants: the move pipeline
/// places it with the variant's own occupied-square rule (Strict: the move is illegal) and
/// drops it without a Circe condition; the accelerators modelled Parrain's rule everywhere.
#[test]
fn fast_count_pending_rebirth_outside_parrain() {
    // Strict: Ra1-a2 and Ke1-e2 would put the knight on the occupied e4
    let mut g = game("4k3/8/8/8/4p3/8/8/R3K3 w - - 0 1 pending=Ne3", "circe-strict");
    let moves = popeye_moves(&mut g);
    assert!(
        !moves.iter().any(|m| m.starts_with("Ra1-a2") || m.starts_with("Ke1-e2")),
        "{moves:?}"
    );
    assert!(moves.contains(&"Ra1-a3[+wSe5]".to_string()), "{moves:?}");
    assert_eq!(g.perft(1), moves.len() as u64, "{moves:?}");
    invariants_hold(&mut g);
    // Isardam without Circe: the knight is not reborn, so it cannot observe the one on f6
    let mut g = game("4k3/8/5n2/8/8/8/8/R3K3 w - - 0 1 pending=Ne3", "isardam");
    let moves = popeye_moves(&mut g);
    assert!(moves.contains(&"Ra1-a2".to_string()), "{moves:?}");
    assert_eq!(g.perft(1), moves.len() as u64, "{moves:?}");
    invariants_hold(&mut g);
}

/// The Popeye input reader split a piece specification at a byte that was not a character
/// boundary (`pieces white kh1 ΦΦ1 ...`) and panicked (the `suite` fuzz target).
#[test]
fn popeye_piece_spec_with_multibyte_characters_is_an_error() {
    use fairyperft::suite::import;
    let text = "beginproblem\npieces white kh1 \u{3a6}1 black kh8\nstipulation ~1\nendproblem\n";
    let path = std::path::Path::new("t.inp");
    assert!(import::parse_popeye_suite(path, text).is_err());
    assert!(invariants::fuzz_suite(text.as_bytes()).is_ok());
}

/// A Popeye `forsyth` position with a long run of digits overflowed the square counter
/// (a panic in debug builds; the `suite` fuzz target). Empty squares past h1 are dropped,
/// as Popeye drops them; a unit past h1 is an error.
#[test]
fn popeye_forsyth_with_a_huge_number_is_an_error() {
    use fairyperft::suite::import;
    let text = format!(
        "beginproblem\nforsyth 8/{}/8\nstipulation ~1\nendproblem\n",
        "9".repeat(40)
    );
    let path = std::path::Path::new("t.inp");
    let p = import::parse_popeye(path, &text).expect("empty squares past h1 are dropped");
    assert_eq!(p[0].fen, "8/8/8/8/8/8/8/8 w - - 0 1");
    let text = format!(
        "beginproblem\nforsyth 8/{}/K7\nstipulation ~1\nendproblem\n",
        "9".repeat(40)
    );
    let e = import::parse_popeye(path, &text).expect_err("an error");
    assert!(e.message.contains("more than 64 squares"), "{e}");
    assert!(invariants::fuzz_suite(text.as_bytes()).is_ok());
}

/// A double step whose own effects remove the pawn (a pending unit reborn on its square by
/// the Assassin rule) left an en-passant square without a pawn to take, which the FEN
/// parser rightly refuses: there is no e.p. right then (the `line` fuzz target).
#[test]
fn no_en_passant_right_when_the_double_stepping_pawn_is_gone() {
    let mut g = game("4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1 pending=nc7", "circe-assassin");
    g.play_line("c7c5").unwrap();
    assert_eq!(g.pos.plain_fen(), "4k3/8/8/2nP4/8/8/8/4K3 w - - 0 2");
    assert_eq!(fen::parse(&g.pos.fen()).unwrap(), g.pos);
    invariants_hold(&mut g);
    // the pawn still there: the right as usual
    let mut g = game("4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1", "circe-assassin");
    g.play_line("c7c5").unwrap();
    assert_eq!(g.pos.ep_square().map(|s| s.to_string()), Some("c6".to_string()));
}

/// The accelerators' plainest path, with a pending Parrain rebirth, listed the steps of a
/// pinned pawn standing on its last rank (which a fairy diagram may hold) from a square off
/// the board. Found by the `movegen` target.
#[test]
fn victim_path_pinned_pawn_on_its_last_rank() {
    let mut g = game("7P/K5Pr/8/6bp/8/2n5/p7/R2Rnpn1 b - - 0 0 flags=a1", "circe-parrain");
    invariants_hold(&mut g);
    let mut slow = Game::from_parts(g.pos.clone(), g.rules.clone().generic()).unwrap();
    assert_eq!(g.perft(3), slow.perft(3));
}

/// Parrain: a pending pawn captured on its own promotion rank (a fairy diagram may say so)
/// is reborn there again by a sideways move, and promotes: Kb1-c1 is four moves. The
/// counter's plainest path left out that rank. Found by the `movegen` target.
#[test]
fn victim_path_pending_pawn_captured_on_its_promotion_rank() {
    let mut g = game("8/8/8/8/8/8/8/1k6 b - - 0 0 pending=pa1", "circe-parrain");
    invariants_hold(&mut g);
    assert_eq!(
        popeye_moves(&mut g).iter().filter(|m| m.starts_with("Kb1-c1")).count(),
        4
    );
    assert_eq!(g.perft(1), 8);
}

/// Plain Madrasi's and Isardam's exact paths counted positions with units hidden under
/// others or a pending rebirth (which a fairy diagram may hold under any variant) as if
/// they were not there. Found by tests/invariants.rs (`fuzz_entry_points_on_noise`).
#[test]
fn madrasi_and_isardam_short_paths_leave_hidden_units_and_pending_rebirths_alone() {
    for (f, variant) in [
        ("B7/4pK2/2Q5/2q3k1/8/3r4/7R/8 b - - 6 170 hidden=g5Q,c5p,h2R,d3n diagram=h2:-,g5:-,c6:-,e7:e6,a8:-", "madrasi-rex-inclusive"),
        ("3N4/7B/4r2q/1q4p1/6K1/1q5B/8/2k5 b - - 148 249 hidden=b3n,c1B diagram=b3:d1,h3:-,g4:-,b5:-,e6:-", "isardam-type-b"),
        ("8/2K4P/4n3/6N1/8/8/b2N1Nq1/B1k5 w - - 187 249 hidden=c7q,a1R,f2b,e6b diagram=a1:-,c1:f5,d2:-,g2:a8,g5:f7,e6:-", "madrasi-rex-inclusive"),
    ] {
        let mut g = game(f, variant);
        invariants_hold(&mut g);
        let mut slow = Game::from_parts(g.pos.clone(), g.rules.clone().generic()).unwrap();
        assert_eq!(g.perft(2), slow.perft(2), "{variant} {f}");
    }
}

/// Volcanic: a rook reborn on its own corner gets that corner's castling flag even when it
/// goes under the unit standing there, so the rook on a8 may castle. Found by
/// `fairyperft crosscheck` (seed 1) and shrunk; Popeye 4.104 lists these 16 replies.
#[test]
fn volcanic_rook_buried_on_its_corner_grants_castling() {
    let mut g = game("r3k3/8/8/8/8/8/8/4Kr2 w - - 0 1 flags=e8", "circe-volcanic");
    g.play_line("Ke1*f1[+bRa8->v]").unwrap();
    let moves = popeye_moves(&mut g);
    assert!(moves.iter().any(|m| m == "0-0-0[+bRa8]"), "{moves:?}");
    assert_eq!(moves.len(), 16, "{moves:?}");
    assert_eq!(g.perft(1), 16);
    invariants_hold(&mut g);
}

/// Madrasi under Mars Circe, pawns as Popeye 4.104 finds them: the pawn h4 alone observes
/// from h7 (g3-g4 is legal), but with a second black pawn on the board it observes from h4
/// and paralyses the pawn g3 (`condition marscirce madrasi`, `stipulation ~1`: 6 and 5
/// moves).
#[test]
fn mars_madrasi_pawns_observe_as_popeye_finds_them() {
    for (fen, popeye) in [
        ("4k3/8/8/8/7p/6P1/8/4K3 w - - 0 1", 6),
        ("4k3/6p1/8/8/7p/6P1/8/4K3 w - - 0 1", 5),
    ] {
        let mut g = game(fen, "circe-mars+madrasi");
        let moves = popeye_moves(&mut g);
        assert_eq!(moves.len(), popeye, "{fen}: {moves:?}");
        assert_eq!(moves.iter().any(|m| m == "g3-g4"), popeye == 6, "{fen}: {moves:?}");
        invariants_hold(&mut g);
    }
}

/// The flag of a rook buried on its own corner (above) was written by `fen()` but refused by
/// the parser, which wanted the rook on top of the square (the `line` fuzz target, in
/// `circe-volcanic+madrasi+cohen`). A flag may now belong to a unit hidden under its square,
/// and `flags=` is checked after every token, so `hidden=` may also come after it.
#[test]
fn flag_of_a_rook_buried_on_its_corner_survives_the_fen() {
    let mut g = game("3Rk3/8/8/8/8/8/8/B3K3 b - - 0 1", "circe-volcanic");
    g.play_line("Ke8*d8[+wRa1->v]").unwrap();
    let written = g.pos.fen();
    assert!(
        written.contains("hidden=a1R") && written.contains("flags=a1"),
        "{written}"
    );
    assert_eq!(fen::parse(&written).unwrap(), g.pos, "{written}");
    invariants_hold(&mut g);
    let later = "4k3/8/8/8/8/8/8/B3K3 w - - 0 1 flags=a1 hidden=a1R";
    assert_eq!(
        fen::parse(later).unwrap().fen(),
        "4k3/8/8/8/8/8/8/B3K3 w - - 0 1 hidden=a1R flags=a1"
    );
    // a flag with no such unit on the square or under it is still an error
    assert!(fen::parse("4k3/8/8/8/8/8/8/B3K3 w - - 0 1 flags=a1 hidden=a1N").is_err());
}
