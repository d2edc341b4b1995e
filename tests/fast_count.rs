//! The accelerators (`src/fast/`: perft's last ply counted, and its inner plies listed, with
//! few or no moves played) and the generic pipeline (`Rules::generic()`) must give the same
//! perft counts, for every variant, on every corpus position (every 4th in debug builds);
//! and each shortcut has hand-made cases that fail when it is broken on purpose.

use fairyperft::{fen, suite, Game, Rules};
use rayon::prelude::*;

fn variants() -> Vec<String> {
    let mut v: Vec<String> = fairyperft::rules::known_names().into_iter().map(String::from).collect();
    v.retain(|n| n != "cohen");
    v.extend(
        [
            "circe+cohen",
            "circe-pwc+cohen",
            "anticirce-calvet+cohen",
            "circe-volcanic+cohen",
            "circe+madrasi",
            "anticirce-calvet+madrasi",
            "circe+isardam",
            "circe-volcanic+madrasi-rex-inclusive",
            "circe-parrain+isardam-type-b",
            "circe-parrain+madrasi",
            "circe-parrain+madrasi-rex-inclusive",
        ]
        .map(String::from),
    );
    v
}

/// Every `release`-th corpus position in release builds, every `debug`-th in debug builds
/// (all of `release` with `FAIRYPERFT_FULL` set).
fn step(release: usize, debug: usize) -> usize {
    if cfg!(debug_assertions) && std::env::var_os("FAIRYPERFT_FULL").is_none() {
        debug
    } else {
        release
    }
}

fn fens() -> Vec<String> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for f in suite::expand(&root.join("suites/reference")).unwrap() {
        let s = suite::load(&f).unwrap();
        out.extend(s.file.cases.into_iter().map(|c| c.fen));
    }
    out.sort();
    out.dedup();
    let step = step(1, 4);
    out.into_iter().step_by(step).collect()
}

#[test]
fn fast_count_agrees_with_generic_pipeline() {
    compare(fens(), 2);
}

/// Every Circe preset composed with each observation condition and with Cohen's rule (the
/// compositions whose accelerators compose a path with the shared model of effects): the
/// same comparison on every 8th corpus position (every 40th in debug builds), two plies.
#[test]
fn every_preset_composed_agrees_with_generic_pipeline() {
    let step = step(8, 40);
    let fens: Vec<String> = fens().into_iter().step_by(step).collect();
    compare_variants(&compositions(), fens, 2);
}

fn compositions() -> Vec<String> {
    let mut v = Vec::new();
    for (preset, ..) in fairyperft::rules::circe::PRESETS {
        for other in ["madrasi", "madrasi-rex-inclusive", "isardam", "isardam-type-b", "cohen"] {
            v.push(format!("{preset}+{other}"));
        }
    }
    v
}

/// Three plies reach positions with pending Parrain rebirths, hidden Volcanic units and
/// castling rights regained by rebirth: every 5th position (every 40th in debug builds).
#[test]
fn fast_count_agrees_three_plies_deep() {
    let step = step(5, 10);
    compare(fens().into_iter().step_by(step).collect(), 3);
}

/// Cohen's rule compares positions only from the second ply on, and at the third it meets
/// the positions after a rebirth, a vanished victim or a Platzwechsel swap, where the
/// number of moves that can undo the opponent's last one is smallest: every Circe preset
/// with `cohen`, three plies, every 10th position (every 80th in debug builds).
#[test]
fn every_preset_with_cohen_agrees_three_plies_deep() {
    let step = step(10, 80);
    let variants: Vec<String> = compositions().into_iter().filter(|v| v.ends_with("+cohen")).collect();
    compare_variants(&variants, fens().into_iter().step_by(step).collect(), 3);
}

/// Composed with Madrasi, captures in the bulk count are settled by where the capturer and
/// the victim go (`exact::madrasi`): at the third ply the positions after rebirths, near
/// the king, with pawns reborn promoting. Every Circe preset with `madrasi` and
/// `madrasi-rex-inclusive`, three plies, every 10th position (every 80th in debug builds).
#[test]
fn every_preset_with_madrasi_agrees_three_plies_deep() {
    let step = step(10, 80);
    let variants: Vec<String> = compositions().into_iter().filter(|v| v.contains("+madrasi")).collect();
    compare_variants(&variants, fens().into_iter().step_by(step).collect(), 3);
}

/// Composed with Madrasi, a unit hidden under an enemy unit stays hidden only where the
/// capturer stays: under Kamikaze Circe the capturer is removed, and what was hidden under
/// its victim comes up (here a rook and a pawn under Pf3, taken by Rf6; a position the
/// `line` fuzz target found).
#[test]
fn madrasi_composed_with_a_removed_capturer_over_hidden_units() {
    let fen = "4B3/8/5r2/p2P4/P2P4/2k2P2/R1P5/3K2b1 b - - 157 135 hidden=a4N,f3R,f3p,d5N \
               diagram=c3:b2,d4:-,d5:-,f6:-,e8:-";
    let variants = [
        "circe-kamikaze+madrasi",
        "circe-kamikaze+madrasi+cohen",
        "circe-kamikaze-reborn+madrasi",
    ];
    let variants: Vec<String> = variants.map(String::from).to_vec();
    compare_variants(&variants, vec![fen.to_string()], 1);
    compare_variants(&variants, vec![fen.to_string()], 2);
}

/// Cohen's count asks whether castling could have made the position, also where our king
/// is not on its castling square: after Sd6xe8 the white knight stands on e8, and the
/// occupancy the count tests must not be held to a model of that knight castling (a
/// position the `line` fuzz target found; debug builds panicked).
#[test]
fn cohen_with_a_foreign_unit_on_the_castling_square() {
    let fen = "rn2b1r1/4k1b1/pppN1qn1/1PP2Qpp/4pp2/B2BP2P/PR1Q1PP1/2N1K1R1 w - - 0 25 flags=e1 \
               diagram=c1:g1,g1:h1,b2:a1,d2:d1,a3:c1,d3:f1,e3:e2,e4:e7,f4:-,b5:b4,c5:c2,f5:d3,\
               g5:g7,h5:h6,b6:b7,c6:c7,d6:c3,f6:d8,g6:g8,e7:e8,g7:f8,e8:c8,g8:h8";
    let variants = ["circe-parrain+madrasi+cohen", "circe-parrain+cohen"].map(String::from);
    compare_variants(&variants, vec![fen.to_string()], 2);
    compare_variants(&variants, vec![fen.to_string()], 3);
}

/// A pawn reborn on its promotion rank takes its square before its promotion is chosen: in
/// CouCou Circe Sa8xb6 puts the black pawn back on g1, where the pending white queen
/// (a state only the fuzz decoder builds outside Parrain) would land after the move, and
/// must vanish. The general counter's model placed the queen on the empty g1 (a position
/// the `movegen` fuzz target found; the fast count gave 12 of 13 moves).
#[test]
fn pending_rebirth_onto_a_reborn_pawn_awaiting_promotion() {
    let fens = [
        "N7/8/1p6/8/8/8/8/5K2 w - - 149 149 pending=Qf3",
        "Nrb5/Pp2p2p/1p3R2/3Q4/8/8/BP1N4/qBqpNK1R w - - 149 149 hidden=d2q,d2q,d2q,d2q,d2q \
         pending=Qf3 diagram=d2:-",
    ]
    .map(String::from)
    .to_vec();
    let variants: Vec<String> = fairyperft::rules::circe::PRESETS
        .iter()
        .map(|p| p.0.to_string())
        .collect();
    compare_variants(&variants, fens.clone(), 1);
    compare_variants(&variants, fens, 2);
}

/// Madrasi composed with Circe Parrain, our unit pending (captured on the opponent's last
/// move): reborn after our move, it may wake an enemy unit by standing between it and an
/// observer (Rd2-d8 and the knight reborn on g7 cut both queens' observation of h8, whose
/// queen then checks), promote (the pawn reborn on c8, also after a castling), or shield
/// the king; the fast count equals the generic pipeline's.
#[test]
fn madrasi_parrain_pending_rebirth() {
    let fens = [
        "R6r/8/1k6/3n4/8/8/4R3/7K w - - 0 1 pending=Nd5",
        "8/8/k7/2b5/8/8/4R3/7K w - - 0 1 pending=Pc5",
        "q6k/8/8/2b5/8/8/4R3/Q6K w - - 0 1 pending=Pc5",
        "r3k2r/8/8/3n4/8/8/8/R3K2R w KQkq - 0 1 pending=Bd5",
        "r3k2r/8/8/3n4/8/8/8/R3K2R w KQkq - 0 1 pending=Pd5",
        "4k3/8/8/3n4/8/8/4r3/R3K3 w - - 0 1 pending=Qd5",
        "4k3/8/8/3b4/8/8/1b6/R3K2R w K - 0 1 pending=Rd5",
        // (Rd2-d8 blocks one queen's observation of h8, the knight reborn on g7 the other's)
        "Q6q/8/1k6/8/8/8/3R4/Q5nK w - - 0 1 pending=Ng1",
        // (b2-b3 and b2xc3 put the pawn on c8 and d8, b2-b4 from c6 on c8: promoting)
        "4k3/2n5/8/8/8/2n5/1P6/4K3 w - - 0 1 pending=Pc7",
        "4k3/8/2n5/8/8/8/1P6/4K3 w - - 0 1 pending=Pc6",
        // (a fuzz-made state: after O-O-O the pawn is reborn on c8, promoting)
        "1n2k3/8/8/8/8/8/8/R3K3 w Q - 0 1 pending=Pb8",
        // (castling onto a square the rook on g8 or c8 attacks: legal only where the unit
        // reborn on the capture square plus the castling's vector shields it, on g4 or c5;
        // on a3 it does not)
        "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1 pending=Pg4",
        "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1 pending=Pa3",
        "2r1k3/8/8/1n6/8/8/8/R3K3 w Q - 0 1 pending=Nb5",
    ]
    .map(String::from)
    .to_vec();
    let variants = ["circe-parrain+madrasi", "circe-parrain+madrasi-rex-inclusive"].map(String::from);
    compare_variants(&variants, fens.clone(), 1);
    compare_variants(&variants, fens.clone(), 2);
    compare_variants(&variants, fens, 3);
}

/// Madrasi composed with Assassin Circe: a king on one of its side's home squares is in
/// check when an unparalysed enemy unit can capture a unit of ours reborn there. The king on
/// d1 with the queen capturable; the king stepping to d1, or castling onto g1 with the
/// knight h2 capturable; Bh2xf4 rebirthing the knight on b8, which removes the knight that
/// paralyses the knight d7 (then checking c5); Bh7xe4 likewise waking the rook g2; the fast
/// count equals the generic pipeline's.
#[test]
fn madrasi_assassin_threats() {
    let fens = [
        "kr6/8/8/8/1Q6/8/P7/3K4 w - - 0 1",
        "6k1/1r6/8/8/8/8/8/1Q2K3 w - - 0 1",
        "4k2r/8/8/8/8/8/7N/R3K2R w KQ - 0 1",
        "1N5k/3n4/8/2K5/5n2/8/7B/8 w - - 0 1",
        "6R1/7B/8/7k/4n3/8/K5r1/8 w - - 0 1",
    ]
    .map(String::from)
    .to_vec();
    let variants = ["circe-assassin+madrasi", "circe-assassin+madrasi-rex-inclusive"].map(String::from);
    compare_variants(&variants, fens.clone(), 1);
    compare_variants(&variants, fens.clone(), 2);
    compare_variants(&variants, fens, 3);
}

/// Composed with Madrasi and Rex Inclusive, a capture of the enemy king settles like any
/// other capture only if the reborn king gives no check: here Qf1xe1 puts the black king
/// back on e8, beside our king on d7 (a position the `movegen` fuzz target found; the
/// fast count took the capture as legal).
#[test]
fn madrasi_composed_king_reborn_beside_our_king() {
    let fen = "8/3K4/7P/1r6/8/3B4/p7/b3kQ2 w - - 1 1";
    let variants = [
        "circe-rex-inclusive+madrasi",
        "circe-rex-inclusive+madrasi-rex-inclusive",
    ]
    .map(String::from);
    compare_variants(&variants, vec![fen.to_string()], 1);
    compare_variants(&variants, vec![fen.to_string()], 2);
}

/// Composed with a Circe rule, Isardam's check plays the king's capture by that rule's
/// effects: the black rook h2 gives no check on e2 or f2 under Anticirce (its home squares
/// a8 and h8 are taken) nor on e2 under Rex Inclusive (the white king is reborn on e1);
/// under Kamikaze Circe it checks on e2 in type A, for it is removed by the capture and so
/// not observed there by the rook e7. Under Parrain, Kxe2 leaves the knight awaiting its
/// rebirth, which Rh2xe2 would bring about on b2, where the knight d3 observes it: in type
/// A that capture is no check, so Kxe2 is legal. The fast count equals the generic
/// pipeline's.
#[test]
fn isardam_check_plays_the_kings_capture() {
    let fens = [
        "r3k2r/8/8/8/8/8/7r/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/7r/4K3 w - - 0 1",
        "8/4R3/8/k7/8/8/7r/4K3 w - - 0 1",
        "k7/8/8/8/8/3N4/4n2r/4K3 w - - 0 1",
    ]
    .map(String::from)
    .to_vec();
    let variants = with_isardam(&[
        "anticirce-calvet",
        "anticirce-cheylan",
        "circe-rex-inclusive",
        "circe-kamikaze",
        "circe-kamikaze-reborn",
        "circe-parrain",
    ]);
    compare_variants(&variants, fens.clone(), 1);
    compare_variants(&variants, fens.clone(), 2);
    compare_variants(&variants, fens, 3);
}

/// Isardam composed with Assassin Circe: a king on one of its side's home squares is in
/// check when an enemy unit can capture a unit of ours reborn there, by a capture that passes
/// the test. The king on d1 with the queen capturable; the king stepping to d1; castling
/// onto g1 with the knight h2 capturable; the bishop b5 unmasking the rook b8 on the queen
/// b4 with the king on d1; none with the rook h4 there, which would observe the black rook
/// taking on b4; castling through f1 with the bishop g2 capturable. The fast count equals
/// the generic pipeline's.
#[test]
fn isardam_assassin_threats() {
    let fens = [
        "kr6/8/8/8/1Q6/8/P7/3K4 w - - 0 1",
        "6k1/1r6/8/8/8/8/8/1Q2K3 w - - 0 1",
        "4k2r/8/8/8/8/8/7N/R3K2R w KQ - 0 1",
        "kr6/8/8/1B6/1Q6/8/P7/3K4 w - - 0 1",
        "kr6/8/8/8/1Q5R/8/P7/3K4 w - - 0 1",
        "4k1r1/8/8/8/8/8/6B1/4K2R w K - 0 1",
    ]
    .map(String::from)
    .to_vec();
    let variants = ["circe-assassin+isardam", "circe-assassin+isardam-type-b"].map(String::from);
    compare_variants(&variants, fens.clone(), 1);
    compare_variants(&variants, fens.clone(), 2);
    compare_variants(&variants, fens, 3);
}

/// Isardam composed with the rebirths that leave a unit other than orthodox chess has.
/// Equipollents: Sh3*f2 rebirths the white pawn on d1, its own first rank, where it
/// captures (on c2: the black king), so the move is illegal. Volcanic: Kf7*f8 buries the
/// rook under the queen h8 (its rebirth square), which would come up were the queen to
/// leave h8 taking the king, and observe the rook h1: that capture fails the test, so
/// Kf7*f8 is legal. The fast count equals the generic pipeline's.
#[test]
fn isardam_first_rank_pawns_and_buried_units() {
    let equipollents = ["8/5N2/6nR/8/PP5P/7n/2k1NPP1/R1B1KBr1 b Q - 0 1".to_string()];
    let variants = ["circe-equipollents+isardam", "circe-equipollents+isardam-type-b"].map(String::from);
    compare_variants(&variants, equipollents.to_vec(), 1);
    compare_variants(&variants, equipollents.to_vec(), 2);
    let volcanic = ["5r1q/1P1qBK2/8/8/p7/3bP3/3q4/2bkB1NR w - - 0 1".to_string()];
    let variants = ["circe-volcanic+isardam", "circe-volcanic+isardam-type-b"].map(String::from);
    compare_variants(&variants, volcanic.to_vec(), 1);
    compare_variants(&variants, volcanic.to_vec(), 2);
}

/// The Isardam path with our king attacked, every move judged. Sd3 attacks Ke1: in type B
/// that is check, so no castling; in type A its capture of the king would leave it observed
/// by Sg2, so it is no check and 0-0 is legal. Ra1 checks Ke1 and only Sc2*a1 of the
/// knight's moves parries it (no Circe rule). Ra8 checks Kh8 and Rf1*f3 parries it under Circe, the bishop
/// reborn on c8 between them; without Circe only Rf1-f8 does. Rd1 and Sd3 check at once:
/// only the king moves. Perft 1–3 must equal the generic pipeline's.
#[test]
fn isardam_with_an_attacked_king() {
    let castling = "4k3/8/8/8/8/3n4/6N1/4K2R w K - 0 1";
    let reborn_block = "r6K/8/5N2/8/8/k4b2/8/5R2 w - - 0 1";
    check_cases("isardam", &[(castling, &["0-0"], &[])]);
    check_cases("isardam-type-b", &[(castling, &[], &["0-0"])]);
    let capture_the_checker = "4k3/8/8/8/8/8/2N5/r3K3 w - - 0 1";
    check_cases(
        "isardam-type-b",
        &[
            (capture_the_checker, &["Sc2*a1"], &["Sc2-e3"]),
            (reborn_block, &["Sf6-e8", "Sf6-g8"], &["Rf1*f3", "Sf6-d5"]),
        ],
    );
    check_cases(
        "circe+isardam-type-b",
        &[(reborn_block, &["Rf1*f3[+bBc8]", "Sf6-e8"], &["Rf1-f2", "Sf6-d5"])],
    );
    let double = "4k3/8/8/8/8/3n4/7R/3rK3 w - - 0 1";
    let fens = [castling, reborn_block, capture_the_checker, double]
        .map(String::from)
        .to_vec();
    let mut variants = vec!["isardam".to_string(), "isardam-type-b".to_string()];
    variants.extend(with_isardam(&[
        "circe",
        "anticirce-calvet",
        "circe-assassin",
        "circe-coucou",
        "circe-parrain",
    ]));
    for depth in 1..=3 {
        compare_variants(&variants, fens.clone(), depth);
    }
}

/// Each of `presets` composed with Isardam of both types.
fn with_isardam(presets: &[&str]) -> Vec<String> {
    presets
        .iter()
        .flat_map(|preset| ["isardam", "isardam-type-b"].map(|isardam| format!("{preset}+{isardam}")))
        .collect()
}

fn compare(fens: Vec<String>, depth: u32) {
    compare_variants(&variants(), fens, depth);
}

fn compare_variants(variants: &[String], fens: Vec<String>, depth: u32) {
    let compared = std::sync::atomic::AtomicUsize::new(0);
    let failures: Vec<String> = variants
        .par_iter()
        .flat_map_iter(|v| {
            let rules = Rules::parse(v).unwrap();
            let compared = &compared;
            fens.iter().filter_map(move |f| {
                let pos = fen::parse(f).unwrap();
                let mut fast = Game::from_parts(pos.clone(), rules.clone()).ok()?;
                let mut slow = Game::from_parts(pos, rules.clone().generic()).unwrap();
                let (a, b) = (fast.perft(depth), slow.perft(depth));
                compared.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                (a != b).then(|| format!("{v} {f}: fast count {a}, generic {b}"))
            })
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let compared = compared.into_inner();
    assert!(
        compared >= variants.len() * fens.len() / 2,
        "only {compared} of {} (variant, position) pairs compared",
        variants.len() * fens.len()
    );
}

/// Madrasi's paralysis computed for a whole side at once (the union of what the enemy
/// units observe, walk by walk) equals the unit-by-unit test, on every corpus position
/// and every position one move later, for both sides, kings in or out, both first-rank
/// pawn rules.
#[test]
fn paralysis_of_a_side_equals_the_unit_test() {
    use fairyperft::rules::circe::FirstRankPawns;
    use fairyperft::rules::madrasi::{observed_on, paralysed_units};
    use fairyperft::square::Color;
    let mut positions = Vec::new();
    for f in fens() {
        let mut g = Game::new(&f, "circe-volcanic").unwrap();
        positions.push(g.pos.clone());
        for m in g.legal_moves() {
            positions.push(g.after(m).pos);
        }
    }
    let mut observed = 0;
    for pos in &positions {
        let s = pos.sets();
        for color in [Color::White, Color::Black] {
            for kings in [false, true] {
                for fr in [FirstRankPawns::Immobile, FirstRankPawns::StepAndCapture] {
                    let mut one_by_one = fairyperft::bitboard::Bitboard::EMPTY;
                    for sq in pos.by_color(color) {
                        if observed_on(s, sq, pos.piece_at(sq).unwrap(), kings, fr, None) {
                            one_by_one = one_by_one.with(sq);
                        }
                    }
                    observed += one_by_one.count();
                    assert_eq!(paralysed_units(s, color, kings, fr, None), one_by_one, "{}", pos.fen());
                }
            }
        }
    }
    assert!(observed > 1000, "the positions paralyse something ({observed})");
}

/// Rebirths that make legal what orthodox chess forbids, counted by the accelerators'
/// plainest path as the generic pipeline plays them: a victim reborn between a checking
/// rook and the king (Circe: Sd7*e5 puts the pawn back on e2), and a pinned unit's capture
/// whose victim is reborn on the pin line (Platzwechsel: Se2*d4 puts the pawn on e2).
#[test]
fn rebirths_that_answer_a_check_or_shield_a_pin() {
    let cases = [
        ("8/3n4/8/4P3/8/4k3/8/4R2K b - - 0 1", "circe", "Sd7*e5[+wPe2]"),
        ("8/8/8/8/3P4/4k3/4n3/4R2K b - - 0 1", "circe-pwc", "Se2*d4[+wPe2]"),
    ];
    for (f, v, mv) in cases {
        let mut g = Game::new(f, v).unwrap();
        let names: Vec<String> = g.legal_moves().into_iter().map(|m| g.popeye(m)).collect();
        assert!(names.iter().any(|n| n == mv), "{v} {f}: {mv} missing from {names:?}");
    }
    let variants = [
        "circe",
        "circe-mirror",
        "circe-symmetry",
        "circe-strict",
        "circe-chameleon",
        "circe-diagram",
        "circe-pwc",
        "circe-equipollents",
        "circe-couscous",
        "circe-clone",
        "circe-parrain",
        "circe-volcanic",
    ];
    compare(cases.iter().map(|c| c.0.to_string()).collect(), 1);
    for v in variants {
        let rules = Rules::parse(v).unwrap();
        for (f, _, _) in cases {
            for depth in 1..=3 {
                let mut fast = Game::from_parts(fen::parse(f).unwrap(), rules.clone()).unwrap();
                let mut slow = Game::from_parts(fen::parse(f).unwrap(), rules.clone().generic()).unwrap();
                assert_eq!(fast.perft(depth), slow.perft(depth), "{v} {f} depth {depth}");
            }
        }
    }
}

/// Circe Parrain with a pending rebirth of the side to move's unit: the accelerators'
/// plainest path counts a pawn reborn on its promotion rank four times (Ke1-d2[+wPd8=Q/S/R/B]),
/// a pinned unit's move whose rebirth shields the king (Be2-f3[+wSe5]) and castling whose
/// rebirth covers the king's arrival square (0-0[+wRg4]), as the generic pipeline plays them.
#[test]
fn parrain_rebirths_that_promote_or_shield() {
    let cases = [
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 pending=Pe7", "Ke1-d2[+wPd8=S]"),
        ("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1 pending=Nd4", "Be2-f3[+wSe5]"),
        ("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1 pending=Rg4", "0-0[+wRg4]"),
        ("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1 pending=pd2", "Ke8-d7[+bPc1=R]"),
    ];
    let rules = Rules::parse("circe-parrain").unwrap();
    for (f, mv) in cases {
        let mut g = Game::new(f, "circe-parrain").unwrap();
        let names: Vec<String> = g.legal_moves().into_iter().map(|m| g.popeye(m)).collect();
        assert!(names.iter().any(|n| n == mv), "{f}: {mv} missing from {names:?}");
        for depth in 1..=3 {
            let mut fast = Game::from_parts(fen::parse(f).unwrap(), rules.clone()).unwrap();
            let mut slow = Game::from_parts(fen::parse(f).unwrap(), rules.clone().generic()).unwrap();
            assert_eq!(fast.perft(depth), slow.perft(depth), "{f} depth {depth}");
        }
    }
}

/// Circe Parrain, the pending unit ours: its rebirth blocking a check (the king in check by
/// a rook, a move whose vector rebirths the knight between them: Ra3-b3[+wSe4], a pinned
/// bishop's move along its line: Bd2-c3[+wSe4], a promotion: b7-b8=Q[+wSe6]), and a pinned
/// pawn promoting off its line shielded by the rebirth (g7-g8=Q[+wSg7], counted once per
/// promotion: the accelerators once made it four each).
#[test]
fn parrain_rebirths_that_block_a_check() {
    let cases: &[Case] = &[
        (
            "4r2k/8/8/8/8/R7/8/4K3 w - - 0 1 pending=Nd4",
            &["Ra3-b3[+wSe4]", "Ra3-e3[+wSh4]", "Ke1-f1[+wSe4]"],
            &["Ra3-c3[+wSf4]", "Ke1-e2[+wSd5]"],
        ),
        (
            "k3r3/8/8/b7/8/8/3B4/4K3 w - - 0 1 pending=Nf3",
            &["Bd2-c3[+wSe4]"],
            &["Bd2-b4[+wSd5]", "Bd2-e3[+wSg4]"],
        ),
        (
            "4r2k/1P6/8/8/8/8/8/4K3 w - - 0 1 pending=Ne5",
            &["b7-b8=Q[+wSe6]", "b7-b8=B[+wSe6]", "Ke1-e2[+wSe6]"],
            &[],
        ),
        (
            "4k2b/6P1/8/8/8/8/8/K7 w - - 0 1 pending=Ng6",
            &["g7-g8=Q[+wSg7]", "g7-g8=S[+wSg7]"],
            &[],
        ),
    ];
    check_cases("circe-parrain", cases);
    // three king steps, four promotions on g8 and four capturing on h8
    let mut g = Game::new(cases[3].0, "circe-parrain").unwrap();
    assert_eq!(g.perft(1), 11);
}

/// Circe Parrain, our pawn pending and nothing else to look at: the plainest path counts the
/// generator's moves and, in bulk per unit, three more for each whose vector rebirths the
/// pawn on its promotion rank on a square free after the move: the square our unit leaves
/// (Re8-g8 rebirths the pawn taken on c8 on e8), not its arrival (a pawn or a rook standing
/// on the capture square, as a fairy diagram may have it, rebirths it where it arrives).
#[test]
fn parrain_pending_pawn_counted_in_bulk() {
    let cases: &[Case] = &[
        (
            "2n1R3/8/7k/8/8/8/8/6K1 w - - 0 1 pending=Pc8",
            &["Re8-g8[+wPe8=Q]", "Re8-d8[+wPb8=S]", "Re8*c8[+wPa8=R]", "Re8-e5[+wPc5]"],
            &[],
        ),
        (
            "2R5/8/7k/8/8/8/8/6K1 w - - 0 1 pending=Pc8",
            &["Rc8-e8", "Rc8-c5"],
            &["Rc8-e8[+wPe8=Q]"],
        ),
        (
            "7k/2P5/8/8/8/8/8/6K1 w - - 0 1 pending=Pc7",
            &["c7-c8=Q", "Kg1-g2[+wPc8=Q]", "Kg1-f2[+wPb8=B]"],
            &["c7-c8=Q[+wPc8=Q]"],
        ),
    ];
    check_cases("circe-parrain", cases);
}

/// Circe Parrain, castling with a pending rebirth of ours: the plainest path counts the
/// generator's castling and judges apart only castling onto an attacked square (0-0-0
/// shielded by the knight reborn on f5, 0-0 not: the rook on f2 still sees g1), once each;
/// a pending pawn captured on its promotion rank is reborn by castling's vector (king's and
/// rook's: 0 for 0-0, +1 for 0-0-0) and promotes, so each castling is four moves; one
/// captured elsewhere is not promoted by castling (the generator's castlings count), but
/// by the pawn moves whose vector brings it to that rank (counted per pawn shift).
#[test]
fn parrain_castling_with_a_pending_rebirth() {
    let cases: &[Case] = &[
        (
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 pending=Nd4",
            &["0-0[+wSd4]", "0-0-0[+wSe4]"],
            &[],
        ),
        (
            "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1 pending=Ne5",
            &["0-0-0[+wSf5]"],
            &["0-0[+wSe5]"],
        ),
        (
            "1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1 pending=Pd8",
            &["0-0[+wPd8=S]", "0-0-0[+wPe8=B]"],
            &[],
        ),
        // a pending pawn away from its promotion rank: castling moves it along its rank (no
        // promotion), the generator's castlings count, the one onto g1 (attacked by the rook
        // on g8) is legal only where the reborn pawn shields it
        (
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 pending=Pd4",
            &["0-0[+wPd4]", "0-0-0[+wPe4]"],
            &[],
        ),
        (
            "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1 pending=Pg4",
            &["0-0[+wPg4]", "0-0-0[+wPh4]"],
            &[],
        ),
        (
            "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1 pending=Pa3",
            &["0-0-0[+wPb3]"],
            &["0-0[+wPa3]"],
        ),
        // a pawn's moves of one rank rebirth the pawn taken on d7 on d8 (a step) or c8 (a
        // capture to the left), where it promotes; on e8 stands the king, and the double step
        // moves it off the board; taking on d3 would rebirth it on e8, under the king
        (
            "4k3/8/8/8/8/1p6/2P5/4K3 w - - 0 1 pending=Pd7",
            &["c2-c3[+wPd8=S]", "c2*b3[+wPc8=Q]", "c2-c4"],
            &[],
        ),
        (
            "4k3/8/8/8/8/1p1p4/2P5/4K3 w - - 0 1 pending=Pd7",
            &["c2*b3[+wPc8=Q]"],
            &[],
        ),
    ];
    check_cases("circe-parrain", cases);
    // the king's steps onto attacked squares: the knight reborn on the f-file between the
    // rook and f1 or f2 shields them; nothing shields d1 or e2 from the knight on c3
    check_cases(
        "circe-parrain",
        &[(
            "k4r2/8/8/8/8/2n5/8/4K3 w - - 0 1 pending=Ne4",
            &["Ke1-f1[+wSf4]", "Ke1-f2[+wSf5]"],
            &["Ke1-d1[+wSd4]", "Ke1-e2[+wSe5]"],
        )],
    );
    for (f, castlings) in [(cases[0].0, 2), (cases[1].0, 1), (cases[2].0, 8)] {
        let mut g = Game::new(f, "circe-parrain").unwrap();
        let moves: Vec<String> = g.legal_moves().into_iter().map(|m| g.popeye(m)).collect();
        assert_eq!(
            moves.iter().filter(|m| m.starts_with("0-0")).count(),
            castlings,
            "{f}: {moves:?}"
        );
    }
}

/// An e.p. capture on the plainest rules' path (counted with the e.p. square cleared, the
/// capture played through the generic pipeline): the pawn reborn on d7 checks a king on e6
/// or c6, not one on a6.
#[test]
fn victim_family_en_passant() {
    let cases: &[Case] = &[
        ("8/8/K7/3pP3/8/8/8/k7 w - d6 0 1", &["e5*d6 ep.[+bPd7]"], &[]),
        (
            "8/8/4K3/3pP3/8/8/8/k7 w - d6 0 1",
            &["Ke6*d5[+bPd7]"],
            &["e5*d6 ep.[+bPd7]"],
        ),
        ("8/8/2K5/3pP3/8/8/8/k7 w - d6 0 1", &["e5-e6"], &["e5*d6 ep.[+bPd7]"]),
    ];
    for v in ["circe", "circe-mirror", "circe-pwc", "circe-strict", "circe-parrain"] {
        let named: Vec<Case> = if v == "circe" {
            cases.to_vec()
        } else {
            cases.iter().map(|c| (c.0, &[][..], &[][..])).collect()
        };
        check_cases(v, &named);
    }
}

/// The victim-rebirth path judges e.p. captures on the board: the victim reborn on its square (d7,
/// PWC: e5), taken or not, as each rule places it (vanished, illegal, replacing the
/// occupant, buried), then the king's safety. Perft 1-3 against the generic pipeline.
#[test]
fn victim_family_en_passant_rebirth_rules() {
    let taken_by_them = "8/3n4/K7/3pP3/8/8/8/k7 w - d6 0 1";
    let taken_by_us = "8/3N4/4K3/3pP3/8/8/8/k7 w - d6 0 1";
    let departure = "8/8/8/3pP3/5K2/8/8/k7 w - d6 0 1";
    let cases: &[(&str, &[Case])] = &[
        (
            "circe",
            &[
                (taken_by_them, &["e5*d6 ep."], &[]),
                (taken_by_us, &["e5*d6 ep."], &[]),
                (departure, &["e5*d6 ep.[+bPd7]"], &[]),
            ],
        ),
        (
            "circe-strict",
            &[(taken_by_them, &[], &["e5*d6 ep."]), (taken_by_us, &[], &["e5*d6 ep."])],
        ),
        (
            "circe-assassin",
            &[
                (taken_by_them, &["e5*d6 ep.[+bPd7]"], &[]),
                (taken_by_us, &[], &["e5*d6 ep.[+bPd7]"]),
            ],
        ),
        ("circe-volcanic", &[(taken_by_us, &["e5*d6 ep.[+bPd7->v]"], &[])]),
        ("circe-pwc", &[(departure, &[], &["e5*d6 ep.[+bPe5]"])]),
    ];
    for (v, cases) in cases {
        check_cases(v, cases);
    }
}

/// The Anticirce and Kamikaze short paths with our king attacked (judged move by move,
/// apart from their common path): Re8 attacks Ke1 but its capture of the king would be
/// reborn on a taken square, so that is no Anticirce check and 0-0 is legal; Ra7 checks
/// Kd7 and Rc1*c4 answers it by the pawn reborn on c7 (the rook gone, or reborn on h1).
#[test]
fn exact_paths_with_an_attacked_king() {
    let anticirce: &[Case] = &[("rk2r2r/8/8/8/8/8/8/4K2R w K - 0 1", &["0-0", "Ke1-e2"], &[])];
    check_cases("anticirce-calvet", anticirce);
    check_cases("anticirce-cheylan", anticirce);
    let check = "7k/r2K4/8/8/2p5/8/8/2R5 w - - 0 1";
    check_cases(
        "circe-kamikaze",
        &[(check, &["Rc1*c4[+bPc7]", "Kd7-c6"], &["Kd7-c7", "Rc1-c2"])],
    );
    check_cases(
        "circe-kamikaze-reborn",
        &[(check, &["Rc1*c4[wRc4->h1][+bPc7]", "Kd7-d8"], &["Kd7-c7"])],
    );
}

/// Plain Madrasi's short path (`fast::exact::madrasi`): moves orthodox pins and attacks forbid
/// and paralysis allows, and the one way a move wakes an enemy unit (standing between it
/// and its only observer). Perft 1–3 must equal the generic pipeline's, and the moves the
/// rules decide are checked by name.
#[test]
fn madrasi_short_path_pins_wakes_and_castling() {
    let cases: &[Case] = &[
        // Sc6 is active: 0-0-0 would pass d8, which it attacks
        ("r3k3/8/2N5/8/8/8/8/4K3 b q - 0 1", &[], &["0-0-0", "Ke8-d8"]),
        // Sa5 paralyses Sc6: d8 is attacked by a paralysed unit only (MR4, MR6)
        ("r3k3/8/2N5/n7/8/8/8/4K3 b q - 0 1", &["0-0-0", "Ke8-d8"], &[]),
        // Ra1 is paralysed by Ra7 alone, from a distance: Sc1-a2 stands between them, wakes
        // it and opens rank 1 onto Kh1; the knight's other moves leave Ra1 paralysed
        (
            "7k/R7/8/8/8/8/8/r1N4K w - - 0 1",
            &["Sc1-b3", "Sc1-d3", "Sc1-e2"],
            &["Sc1-a2"],
        ),
        // Ra1 is paralysed by the adjacent Ra2 (no square between): Se1 moves freely
        (
            "7k/8/8/8/8/8/R7/r3N2K w - - 0 1",
            &["Se1-c2", "Se1-d3", "Se1-f3", "Se1-g2"],
            &[],
        ),
        // Kd4 may not step between Ra5 and its observer Rh5 (it would wake it)
        (
            "7k/8/8/r6R/3K4/8/8/8 w - - 0 1",
            &["Kd4-c4", "Kd4-e4"],
            &["Kd4-c5", "Kd4-d5", "Kd4-e5"],
        ),
    ];
    for variant in ["madrasi", "madrasi-rex-inclusive"] {
        check_cases(variant, cases);
    }
}

/// Hand-made Anticirce cases for the short path's screens: a capture empties both its
/// departure and its capture square (the capturer is reborn on its home square), which can
/// open a line onto the king through one or two screening units. Whether the opened line
/// checks depends on the checker's own rebirth square (h8 for a black rook taking on e1).
/// Perft 1–3 must equal the generic pipeline's, and the moves are checked by name.
#[test]
fn anticirce_short_path_screens() {
    let cases: &[Case] = &[
        // Re3 and Se5 both screen Ke1 from Re8: taking the knight empties both squares
        ("k3r3/8/8/4n3/8/4R3/8/4K3 w - - 0 1", &["Re3-d3"], &["Re3*e5[wRe5->a1]"]),
        // the same, but Re8 would be reborn on h8, which Kh8 holds: no check
        ("4r2k/8/8/4n3/8/4R3/8/4K3 w - - 0 1", &["Re3*e5[wRe5->a1]"], &[]),
        // one enemy screen, taken from off the line: the knight leaves e5 for g1
        ("k3r3/8/8/4n3/8/3N4/8/4K3 w - - 0 1", &["Sd3-c5"], &["Sd3*e5[wSe5->g1]"]),
        ("4r2k/8/8/4n3/8/3N4/8/4K3 w - - 0 1", &["Sd3*e5[wSe5->g1]"], &[]),
        // a pawn screening Ke1 from Ba5 takes off the line (reborn on e2): the line opens
        (
            "4k3/8/8/b7/8/4n3/3P4/4K3 w - - 0 1",
            &["Ke1-e2"],
            &["d2*e3[wPe3->e2]", "d2-d3"],
        ),
        // the same, Black's bishop to be reborn on f8, which Kf8 holds: no check
        ("5k2/8/8/b7/8/4n3/3P4/4K3 w - - 0 1", &["d2*e3[wPe3->e2]"], &[]),
    ];
    for variant in ["anticirce-calvet", "anticirce-cheylan"] {
        check_cases(variant, cases);
    }
}

/// Hand-made Anticirce captures the short path counts apart from the generator's bulk: a
/// unit on a home square of its own walk taking a unit whose rebirth square is the square
/// it leaves (legal, though that square was not free), beside captures reborn on the other
/// rook's square (illegal); a pinned rook leaving its line, legal only where the pinner
/// could not take the king (its rebirth square h8 held). Perft 1–3 must equal the generic
/// pipeline's, and the moves are checked by name.
#[test]
fn anticirce_short_path_units_apart() {
    let cases: &[Case] = &[
        (
            "4k3/8/8/8/8/8/p4K1p/R1n2n1R w - - 0 1",
            &["Ra1*c1[wRc1->a1]", "Rh1*f1[wRf1->h1]", "Ra1-b1"],
            &["Ra1*a2[wRa2->h1]", "Rh1*h2[wRh2->a1]"],
        ),
        (
            "4k3/8/8/8/8/8/2p1p1b1/3QKB2 w - - 0 1",
            &[
                "Qd1*c2[wQc2->d1]",
                "Qd1*e2[wQe2->d1]",
                "Bf1*e2[wBe2->f1]",
                "Bf1*g2[wBg2->f1]",
            ],
            &[],
        ),
        (
            "4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1",
            &["Re2-d2", "Re2-e3", "Re2*e8[wRe8->h1]"],
            &[],
        ),
        (
            "k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1",
            &["Re2-e3", "Re2*e8[wRe8->h1]"],
            &["Re2-d2"],
        ),
    ];
    for variant in ["anticirce-calvet", "anticirce-cheylan"] {
        check_cases(variant, cases);
    }
}

/// Hand-made Anticirce castlings: those whose passing and arrival squares no enemy unit
/// attacks are counted in bulk (b1 attacked does not matter), the others judged: an
/// attack on the passing square (d1, f1) or the arrival square (g1) is a check only when
/// the attacker's rebirth square after taking the king there is free (a8 for a rook taking
/// on d1 or f1, h8 on g1). Perft 1–3 must equal the generic pipeline's, and the moves are
/// checked by name.
#[test]
fn anticirce_short_path_castling() {
    let cases: &[Case] = &[
        ("r2rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["0-0", "0-0-0"], &[]),
        ("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["0-0"], &["0-0-0"]),
        ("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["0-0", "0-0-0"], &[]),
        ("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["0-0-0"], &["0-0"]),
        ("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["0-0-0"], &["0-0"]),
        ("4k1rn/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["0-0", "0-0-0"], &[]),
        ("r3k2r/8/8/8/8/8/8/3RK3 b kq - 0 1", &["0-0"], &["0-0-0"]),
    ];
    for variant in ["anticirce-calvet", "anticirce-cheylan"] {
        check_cases(variant, cases);
    }
}

/// Hand-made Anticirce e.p. captures, judged by the short path itself (the orthodox
/// generator's own e.p. test knows nothing of the capturer's rebirth): the pawn taking e.p.
/// is reborn on its home square on the capture file, which must be free, and it leaves the
/// line it stood on. Perft 1–3 must equal the generic pipeline's, and the moves are checked
/// by name.
#[test]
fn anticirce_short_path_en_passant() {
    let cases: &[Case] = &[
        ("k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5*d6 ep.[wPd6->d2]"], &[]),
        // d2 taken: no rebirth square, no capture
        (
            "k7/8/8/3pP3/8/8/3N4/4K3 w - d6 0 1",
            &["e5-e6"],
            &["e5*d6 ep.[wPd6->d2]"],
        ),
        // both pawns leave rank 5: Rh5 attacks Ka5, but would be reborn on h8, which Kh8
        // holds (orthodox rules forbid this e.p.; Anticirce allows it)...
        ("7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1", &["e5*d6 ep.[wPd6->d2]"], &[]),
        // ...and with h8 free it is a check
        (
            "6k1/8/8/K2pP2r/8/8/8/8 w - d6 0 1",
            &["e5-e6"],
            &["e5*d6 ep.[wPd6->d2]"],
        ),
        // the capturer arrives on the line from Bb8 to Kh2 but is reborn off it: f8 held, legal
        ("1b3k2/8/8/3pP3/8/8/7K/8 w - d6 0 1", &["e5*d6 ep.[wPd6->d2]"], &[]),
        (
            "kb6/8/8/3pP3/8/8/7K/8 w - d6 0 1",
            &["Kh2-g1"],
            &["e5*d6 ep.[wPd6->d2]", "e5-e6"],
        ),
    ];
    for variant in ["anticirce-calvet", "anticirce-cheylan"] {
        check_cases(variant, cases);
    }
}

/// Hand-made Rex Inclusive cases for the short path (docs/rules.md, `circe-rex-inclusive`: a king is in check when
/// attacked and its rebirth square is taken after the capture), one per place of the king:
/// on its rebirth square, off it with the square empty, off it with our unit on it; and the
/// enemy king attacked (the general counter). Perft 1–3 must equal the generic pipeline's.
#[test]
fn rex_inclusive_short_path_regimes() {
    let cases: &[Case] = &[
        // on e1: castling may cross and land on attacked squares, a step may go anywhere
        ("2r4k/3r4/8/8/8/8/8/R3K3 w Q - 0 1", &["0-0-0", "Ke1-d1", "Ke1-d2"], &[]),
        // on e1 and attacked: no castling, but a step along the checking file is legal
        ("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["Ke1-e2"], &["0-0", "0-0-0"]),
        // on e1, checked by a pinned bishop: every step empties e1, other moves must answer
        ("4nk2/8/8/8/1b6/B7/7P/4K3 w - - 0 1", &["Ke1-d2", "Ba3*b4"], &["h2-h3"]),
        // off e8, e8 empty: no check, but filling e8 makes the rook's attack one
        (
            "r7/8/8/3k4/8/8/8/3RK3 b - - 0 1",
            &["Ra8-d8", "Kd5-d4", "Kd5-c5"],
            &["Ra8-e8"],
        ),
        // the king stepping onto e8, attacked there, is in check; beside it, not
        ("8/3k4/8/8/8/8/8/4RK2 b - - 0 1", &["Kd7-e7", "Kd7-e6"], &["Kd7-e8"]),
        // off e1, our bishop on e1: check by the rook, but the bishop's moves empty e1
        (
            "4k3/8/8/8/8/8/P2K3r/4B3 w - - 0 1",
            &["Be1-g3", "Be1-h4", "Kd2-d3"],
            &["a2-a3", "Kd2-c2"],
        ),
        // the enemy king attacked: its capture is a move
        ("8/8/8/3k4/8/8/8/3RK3 w - - 0 1", &["Rd1*d5[+bKe8]"], &[]),
    ];
    check_cases("circe-rex-inclusive", cases);
}

/// Hand-made Assassin cases for the short path (docs/rules.md, `circe-assassin`: a reborn unit replaces the
/// occupant of its square, unless that is the mover's king; a king on one of its side's home
/// squares is in check when a capture would rebirth a unit there). Perft 1–3 must equal the
/// generic pipeline's.
#[test]
fn assassin_short_path() {
    let cases: &[Case] = &[
        // Kiwipete: f1 is the light bishop's home and Ba6 can take Be2, so Ke1-f1 and 0-0
        // are illegal; d1 (the queen's) and 0-0-0 are not threatened
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &["Ke1-d1", "0-0-0"],
            &["Ke1-f1", "0-0"],
        ),
        // the pinned knight takes a d-file pawn, reborn on d7 in place of the pinning bishop
        ("7k/3b4/2N5/8/K2p4/8/8/8 w - - 0 1", &["Sc6*d4[+bPd7]"], &["Sc6-b4"]),
        // the knight taken on b8 would be reborn on b8, under the capturing king: illegal
        (
            "1n5k/2K5/8/8/8/8/8/8 w - - 0 1",
            &["Kc7-b7", "Kc7-d8"],
            &["Kc7*b8", "Kc7-d7"],
        ),
        // 0-0 crosses f8, the dark bishop's home: Bh6*g7 would rebirth the bishop there, so
        // the king may neither stop on f8 nor cross it, though the board after castling is
        // legal (the listing of perft's inner plies judges the crossed square itself)
        (
            "r3k2r/p1ppqpb1/bn2pnpB/3PN3/1p2P3/2N2Q1p/PPP1BPPP/R3K2R b KQkq - 1 1",
            &["Ke8-d8", "Rh8-g8"],
            &["0-0", "Ke8-f8", "0-0-0"],
        ),
        // the king on g1, the home of the knight on h2 (a dark square): the rook taken on d4
        // is reborn on h8, from where it could take the knight (reborn on g1, removing the
        // king); with the h-file blocked the capture is legal. Kg1-h1 steps onto the home
        // of the rook on d1, which the black rook attacks
        (
            "1k6/8/8/8/3r4/8/7N/3R2K1 w - - 0 1",
            &["Rd1-d3", "Kg1-f1"],
            &["Rd1*d4[+bRh8]", "Kg1-h1"],
        ),
        (
            "1k6/8/8/7P/3r4/8/7N/3R2K1 w - - 0 1",
            &["Rd1*d4[+bRh8]", "h5-h6"],
            &["Kg1-h1"],
        ),
        // in check by the queen on g1, the dark knight's home: the knight taken on f8 is
        // reborn there in the queen's place and the check is gone
        (
            "3r1N2/8/8/2k5/8/8/8/K5Q1 b - - 0 1",
            &["Rd8*f8[+wSg1]", "Rd8-d4", "Kc5-d6"],
            &["Rd8-e8", "Kc5-d4"],
        ),
        // the king on g8, the home of knights taken on light squares: the knight's steps all
        // land on one, legal unless the rook on a3 could take it there (reborn on g8,
        // removing the king); the king's own steps as anywhere else
        (
            "6k1/8/8/4n3/8/R7/8/K7 b - - 0 1",
            &["Se5-c4", "Se5-g4", "Kg8-f8", "Kg8-h7"],
            &["Se5-d3", "Se5-f3"],
        ),
        // the king on g1, the home of the knight on d6 (a dark square): the bishop taken on
        // g5 is reborn on f8, from where it could take the knight (reborn on g1, removing the
        // king), while the knight taken on c2 is reborn on g8, far from both: the
        // victim path counts that capture in bulk and lists the other
        (
            "7k/8/3N4/6b1/8/8/2n3R1/6K1 w - - 0 1",
            &["Rg2*c2[+bSg8]", "Rg2-g4"],
            &["Rg2*g5[+bBf8]"],
        ),
        // (found by fuzzing) the king on d7, the d-pawn's home: the white pawn on a1, on its
        // first rank, cannot take the queen on b2 (reborn on d8), so Kd7-d8 is legal
        ("8/3k4/8/8/8/8/pq1P4/Pn1K1n1r b - - 30 6", &["Kd7-d8"], &[]),
    ];
    check_cases("circe-assassin", cases);
}

/// Hand-made Mars cases outside the short path (a pawn on its first or last rank: every
/// candidate judged on the board): a pawn on its own first rank stays put (docs/rules.md, "Pawns"), a
/// pawn's step onto the last rank is four moves, and a capture needs its rebirth square free.
#[test]
fn mars_counter_candidates() {
    let cases: &[Case] = &[
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", &["Ke1-d1"], &["a1-a2"]),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", &["b7-b8=Q", "b7-b8=S"], &[]),
        // the rook on h5 (a light square) captures from h1, its rebirth square, when empty
        ("4k3/7p/8/7R/8/8/8/4K3 w - - 0 1", &["Rh5-h1*h7"], &[]),
        ("4k3/7p/8/7R/8/8/8/4K2N w - - 0 1", &["Rh5-h4"], &["Rh5-h1*h7"]),
    ];
    check_cases("circe-mars", cases);
}

/// Hand-made Mars cases for the short path (`fast::exact::mars`): an enemy unit attacks only
/// from its lift square, so a unit of ours standing on that square, or between it and our
/// king, is pinned; and a slider's own square is empty for its lines, so it can check
/// through it.
#[test]
fn mars_short_path_lifts() {
    let cases: &[Case] = &[
        // the black rook on a5 (dark) lifts to h8, where the white knight stands: the knight
        // may not leave (the rook would reach h2 from h8); the king steps freely
        (
            "4k2N/8/8/r7/8/8/7K/8 w - - 0 1",
            &["Kh2-g1", "Kh2-h3"],
            &["Sh8-f7", "Sh8-g6"],
        ),
        // the black rook on h5 (light) lifts to a8: the bishop on a5 screens the king on a2
        (
            "4k3/8/8/B6r/8/8/K7/8 w - - 0 1",
            &["Ka2-a1", "Ka2-a3"],
            &["Ba5-b6", "Ba5-d8"],
        ),
        // the black rook on a4 (light) checks a2 from a8, through its own square: the king
        // leaves the a-file, or a knight blocks on a3
        (
            "4k3/8/8/8/r7/8/K1N5/8 w - - 0 1",
            &["Ka2-b1", "Sc2-a3"],
            &["Ka2-a1", "Ka2-a3", "Sc2-b4"],
        ),
        (
            "4k3/8/8/8/r7/8/K7/1N6 w - - 0 1",
            &["Sb1-a3", "Ka2-b3"],
            &["Sb1-c3", "Ka2-a1"],
        ),
    ];
    check_cases("circe-mars", cases);
}

/// Mars perft(2) counts the position after each move from its bitboards and castling flags
/// built without playing the move (`mars_path::count_two`, perft's last inner ply): the
/// promoted unit's walk, castling's rook and the captured unit's removal each change the
/// replies here. Perft 1–3 must equal the generic pipeline's.
#[test]
fn mars_two_plies_without_playing() {
    let cases: &[Case] = &[
        // b8=Q attacks the d-file from d1 (the black king's d7 and d8), b8=R the a-file
        // from a1, b8=B and b8=S nothing near it
        ("4k3/1P6/8/8/8/8/7K/8 w - - 0 1", &["b7-b8=Q", "b7-b8=R"], &[]),
        // after 0-0-0 the rook on d1 (light) attacks the h-file from h1: Kh5-h4 and
        // Kh5-h6 are then illegal; from a1 it held the a-file
        ("8/8/8/7k/8/8/8/R3K3 w Q - 0 1", &["0-0-0"], &[]),
        // Be2 takes the knight on a6 from f1: the knight's replies are gone
        ("4k3/8/n7/8/8/8/4B3/4K3 w - - 0 1", &["Be2-f1*a6"], &[]),
        // no black king: the generic loop counts the replies
        ("8/8/8/8/3p4/8/8/4K3 w - - 0 1", &["Ke1-d1"], &[]),
    ];
    check_cases("circe-mars", cases);
}

/// Hand-made Volcanic cases for the short path's units standing on hidden units: when one
/// leaves its square, the earliest unit hidden there emerges (docs/rules.md, `circe-volcanic`), which may check
/// our king or shield it. Perft 1–3 must equal the generic pipeline's, and the moves are
/// checked by name.
#[test]
fn volcanic_short_path_emergence() {
    let cases: &[Case] = &[
        // the rook under Sh8 emerges when the knight leaves and checks Kh1 along the h-file
        (
            "7N/8/8/8/8/8/8/k6K w - - 0 1 hidden=h8r",
            &["Kh1-g1"],
            &["Sh8-g6[+bRh8]", "Sh8-f7[+bRh8]"],
        ),
        // also after a capture (the victim goes under the knight on f7)
        (
            "7N/5p2/8/8/8/8/8/k6K w - - 0 1 hidden=h8r",
            &["Kh1-g1"],
            &["Sh8*f7[+bPf7->v][+bRh8]"],
        ),
        // with the king on g1 the emerging rook checks nothing
        (
            "7N/5p2/8/8/8/8/8/k5K1 w - - 0 1 hidden=h8r",
            &["Sh8-g6[+bRh8]", "Sh8*f7[+bPf7->v][+bRh8]"],
            &[],
        ),
        // the knight under Re2 emerges and shields Ke1 from Re8: the rook may leave the file
        (
            "k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1 hidden=e2N",
            &["Re2-a2[+wSe2]", "Re2*e8[+bRa8->v][+wSe2]"],
            &[],
        ),
        // a unit off every pin, over our knight, in the generator's count: the queen taken
        // on h4 is reborn on d8, and the knight emerging on d4 shuts the d-file (weighed)
        (
            "8/8/k7/8/3R3q/8/8/3K4 w - - 0 1 hidden=d4N",
            &["Rd4*h4[+bQd8][+wSd4]", "Rd4-d8[+wSd4]"],
            &[],
        ),
        ("8/8/k7/8/3R3q/8/8/3K4 w - - 0 1", &[], &["Rd4*h4[+bQd8]"]),
        // over an enemy knight that would check Kd1 from c3, or not from d4
        (
            "8/8/k7/8/8/2R5/8/3K4 w - - 0 1 hidden=c3n",
            &["Kd1-e2"],
            &["Rc3-c8[+bSc3]"],
        ),
        ("8/8/k7/8/3R4/8/8/3K4 w - - 0 1 hidden=d4n", &["Rd4-h4[+bSd4]"], &[]),
    ];
    check_cases("circe-volcanic", cases);
}

/// Hand-made Kamikaze Circe cases for its short path: a capture empties both its squares
/// (the capturer leaves the board) and puts the victim on its Circe square, which can open a
/// line onto the king through one or two screening units, or check with the reborn unit;
/// kings cannot capture (with kamikaze units they can, and are reborn). Perft 1–3 must equal
/// the generic pipeline's, and the moves are checked by name.
#[test]
fn kamikaze_short_path_captures() {
    let cases: &[Case] = &[
        // Re3 and Se5 both screen Ke1 from Re8: taking the knight empties both squares
        ("k3r3/8/8/4n3/8/4R3/8/4K3 w - - 0 1", &["Re3-d3"], &["Re3*e5[+bSb8]"]),
        // a pinned knight's capture off its line leaves the king open
        ("k3r3/8/8/8/3p4/8/4N3/4K3 w - - 0 1", &["Ke1-d1"], &["Se2*d4[+bPd7]"]),
        // the pinned rook takes its pinner, which vanishes (a8 is taken)
        ("k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1", &["Re2*e8"], &[]),
        // the rook reborn on h8 would check Kh1
        ("k7/8/8/8/8/2r5/3B4/7K w - - 0 1", &["Bd2-e3"], &["Bd2*c3[+bRh8]"]),
        // pawn captures to and from screening squares: taking the knight that alone screens
        // Ke1 from Re8 (the knight reborn on g8), and Pd2 and Sc3 both screening it from Ba5
        ("k3r3/8/8/8/4n3/3P4/8/4K3 w - - 0 1", &["d3-d4"], &["d3*e4[+bSg8]"]),
        ("k7/8/8/b7/8/2n5/3P4/4K3 w - - 0 1", &["d2-d3"], &["d2*c3[+bSb8]"]),
        // the king cannot capture
        ("k7/8/8/8/8/8/7p/7K w - - 0 1", &["Kh1-g2"], &["Kh1*h2[+bPh7]"]),
        // four promotions, each taking the rook, which is reborn on a8: legal with Kb1 ...
        (
            "2r4k/1P6/8/8/8/8/8/1K6 w - - 0 1",
            &["b7*c8=Q[+bRa8]", "b7*c8=B[+bRa8]"],
            &[],
        ),
        // ... but a check along the a-file with Ka1
        (
            "2r4k/1P6/8/8/8/8/8/K7 w - - 0 1",
            &["b7-b8=Q"],
            &["b7*c8=Q[+bRa8]", "b7*c8=S[+bRa8]"],
        ),
        // e.p. (judged by the path itself): the victim reborn on d7, or vanishing (Sd7)...
        ("k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5*d6 ep.[+bPd7]"], &[]),
        ("k7/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5*d6 ep."], &[]),
        // ... reborn on d7 it checks Kc6; both pawns leaving rank 5 open it onto Ka5
        ("k7/8/2K5/3pP3/8/8/8/8 w - d6 0 1", &["e5-e6"], &["e5*d6 ep.[+bPd7]"]),
        ("k7/8/8/K2pP2r/8/8/8/8 w - d6 0 1", &["e5-e6"], &["e5*d6 ep.[+bPd7]"]),
    ];
    // Circe with kamikaze units: the capturer is reborn first (a king on e1, or the capture
    // is illegal), then the victim
    let reborn: &[Case] = &[
        ("k7/8/8/8/8/8/7p/7K w - - 0 1", &["Kh1*h2[wKh2->e1][+bPh7]"], &[]),
        (
            "k7/8/8/8/8/8/7p/4R2K w - - 0 1",
            &["Kh1-g2"],
            &["Kh1*h2[wKh2->e1][+bPh7]"],
        ),
        (
            "k3r3/8/8/4n3/8/4R3/8/4K3 w - - 0 1",
            &["Re3-d3"],
            &["Re3*e5[wRe5->a1][+bSb8]"],
        ),
        (
            "2r4k/1P6/8/8/8/8/8/K7 w - - 0 1",
            &["b7-b8=kQ"],
            &["b7*c8=kQ[wQc8->d1][+bRa8]"],
        ),
        // e.p.: the capturer reborn on d2 when free (else gone), the victim on d7
        ("k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5*d6 ep.[wPd6->d2][+bPd7]"], &[]),
        ("k7/8/8/3pP3/8/8/3N4/4K3 w - d6 0 1", &["e5*d6 ep.[+bPd7]"], &[]),
        (
            "k7/8/2K5/3pP3/8/8/8/8 w - d6 0 1",
            &["e5-e6"],
            &["e5*d6 ep.[wPd6->d2][+bPd7]"],
        ),
    ];
    check_cases("circe-kamikaze", cases);
    check_cases("circe-kamikaze-reborn", reborn);
}

/// Equipollents Circe counts positions with pawns on their own first rank on its short path
/// (docs/rules.md, "Pawns": they step once and capture, so they check): the orthodox generator's pawns.
#[test]
fn equipollents_first_rank_pawns_on_the_short_path() {
    let cases: &[Case] = &[
        // a single step from g1, never a double step
        ("4k3/8/8/8/8/8/8/4K1P1 w - - 0 1", &["g1-g2"], &["g1-g3"]),
        // the black pawn on d8 guards e7
        ("3p4/8/5K2/8/8/8/8/k7 w - - 0 1", &["Kf6-f7"], &["Kf6-e7"]),
        // b1 takes the checking knight, reborn on d3 (c2 + the vector): check again
        ("4k3/8/8/8/8/8/2n5/1P2K3 w - - 0 1", &["Ke1-d2"], &["b1*c2[+bSd3]"]),
        // ... which does not reach Kh1
        ("4k3/8/8/8/8/8/2n5/1P5K w - - 0 1", &["b1-b2", "b1*c2[+bSd3]"], &[]),
        // Kiwipete with a blocked white pawn on b1 and a black one on g1, whose capture
        // reborn on f1 promotes, but neither to a queen nor a rook (checking Ke1)
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/RP2K1pR w KQkq - 0 1",
            &["Rh1*g1[+bPf1=S]", "Rh1*g1[+bPf1=B]"],
            &["b1-b2", "Rh1*g1[+bPf1=Q]"],
        ),
    ];
    check_cases("circe-equipollents", cases);
}

/// A hand-made case: a position, moves that must be listed and moves that must not.
type Case<'a> = (&'a str, &'a [&'a str], &'a [&'a str]);

/// Checks hand-made cases under `variant`: the named moves listed or not (Popeye notation),
/// and perft 1–3 equal to the generic pipeline's.
fn check_cases(variant: &str, cases: &[Case]) {
    for &(f, legal, illegal) in cases {
        let mut g = Game::new(f, variant).unwrap();
        let moves: Vec<String> = g.legal_moves().into_iter().map(|m| g.popeye(m)).collect();
        for m in legal {
            assert!(
                moves.iter().any(|x| x == m),
                "{variant} {f}: {m} missing from {moves:?}"
            );
        }
        for m in illegal {
            assert!(!moves.iter().any(|x| x == m), "{variant} {f}: {m} listed in {moves:?}");
        }
        let mut slow = Game::from_parts(g.pos.clone(), g.rules.clone().generic()).unwrap();
        for d in 1..=3 {
            assert_eq!(g.perft(d), slow.perft(d), "{variant} {f} perft({d})");
        }
    }
}

/// CouCou and Couscous: a pawn taken by a knight is reborn on the knight's home square, on
/// the pawn's promotion rank, so it promotes; on g1 a queen or rook would check the king on
/// e1. Perft's inner plies list the walks that do not check as legal moves with the choice
/// made (the others dropped): perft 1–3 must equal the generic pipeline's.
#[test]
fn by_capture_rebirth_promotions_in_the_inner_plies() {
    let cases: &[Case] = &[(
        "k7/8/8/4p3/8/5N2/8/4K3 w - - 0 1",
        &["Sf3*e5[+bPg1=S]", "Sf3*e5[+bPg1=B]"],
        &["Sf3*e5[+bPg1=Q]", "Sf3*e5[+bPg1=R]"],
    )];
    check_cases("circe-coucou", cases);
    check_cases("circe-couscous", cases);
}

/// Strict Circe on the plainest rules' short path: a victim whose rebirth square is taken
/// cannot be captured. With none of our units on an enemy home square the generator leaves
/// those captures out itself (`Sink::forbid`), a pinned pawn's capture along its line
/// included (given one by one); with one there (Rh8), its captures are weighed (it leaves
/// the square) and the others still dropped. Perft 1–3 must equal the generic pipeline's.
#[test]
fn strict_dead_victims() {
    let cases: &[Case] = &[
        // Rd4 would be reborn on h8, taken by Sh8
        (
            "4k2n/8/8/8/3r4/8/8/3QK3 w - - 0 1",
            &["Qd1-d3", "Qd1-d2"],
            &["Qd1*d4", "Qd1*d4[+bRh8]"],
        ),
        // the pinned pawn's only capture takes its pinner, whose square f8 is taken
        (
            "k4n2/8/8/8/8/2b5/3P4/4K3 w - - 0 1",
            &["Ke1-f1"],
            &["d2*c3", "d2*c3[+bBf8]"],
        ),
        // Rh8 stands on h8: taking Rh4 frees it for the rebirth; Rd4's capture stays illegal
        (
            "7R/k7/8/8/3r3r/8/8/3QK3 w - - 0 1",
            &["Rh8*h4[+bRh8]", "Qd1-d2"],
            &["Qd1*d4", "Qd1*d4[+bRh8]"],
        ),
    ];
    check_cases("circe-strict", cases);
}

/// Equipollents on the plainest rules' short path: only the captures whose rebirth square
/// (the capture square plus the move's vector) may matter to our king are weighed, picked
/// per departure square from a table and, for pawns, by rotating the danger squares back by
/// the capture's vector; the others are counted in bulk. perft 1–3 against the generic
/// pipeline, and moves by name.
#[test]
fn equipollents_captures_weighed_by_vector() {
    let cases: &[Case] = &[
        // the rook taken on d4 from a4 is reborn on g4, checking Kg1 down the file
        (
            "1k6/8/8/8/R2r4/8/8/6K1 w - - 0 1",
            &["Ra4-a5", "Ra4-c4"],
            &["Ra4*d4[+bRg4]"],
        ),
        // pawn captures: b4*a5 sends the rook off the board (a square the rotation wraps
        // round), e4*d5 rebirths the pawn on c6, d4*e5 the knight on f6, checking Kh5
        (
            "k7/8/8/r2pn2K/1P1PP3/8/8/8 w - - 0 1",
            &["b4*a5", "e4*d5[+bPc6]", "b4-b5"],
            &["d4*e5[+bSf6]"],
        ),
        // the pawn taken on d3 from b4 is reborn on f2: harmless to Kh1, a check to Kg1
        ("k7/8/8/8/1N6/3p4/8/7K w - - 0 1", &["Sb4*d3[+bPf2]"], &[]),
        ("k7/8/8/8/1N6/3p4/8/6K1 w - - 0 1", &["Sb4-a6"], &["Sb4*d3[+bPf2]"]),
        // from c5 it is reborn on e1, its promotion rank: a queen or rook there checks Kg1
        (
            "k7/8/8/2N5/8/3p4/8/6K1 w - - 0 1",
            &["Sc5*d3[+bPe1=S]", "Sc5*d3[+bPe1=B]"],
            &["Sc5*d3[+bPe1=Q]", "Sc5*d3[+bPe1=R]"],
        ),
    ];
    check_cases("circe-equipollents", cases);
}

/// CouCou and Couscous on the plainest rules' short path: a pawn's victim is reborn on our
/// pawns' rank, on the capture square's file; only the files whose square there is empty
/// and may matter to our king are weighed, the other pawn captures counted in bulk (a
/// promotion's always weighed: the capturer's home square is its new walk's).
#[test]
fn coucou_pawn_captures_by_file() {
    let cases: &[Case] = &[
        // the knight taken on e5 is reborn on e2, checking Kg1; harmless to Kh1; e2 taken
        // by our bishop: it vanishes
        ("k7/8/8/4n3/3P4/8/8/6K1 w - - 0 1", &["d4-d5"], &["d4*e5[+bSe2]"]),
        ("k7/8/8/4n3/3P4/8/8/7K w - - 0 1", &["d4*e5[+bSe2]"], &[]),
        ("k7/8/8/4n3/3P4/8/4B3/6K1 w - - 0 1", &["d4*e5"], &[]),
        // b7*a8=Q takes the rook, reborn on d1 (the queen's home), checking Kd2
        ("r6k/1P6/8/8/8/8/3K4/8 w - - 0 1", &["b7-b8=Q"], &["b7*a8=Q[+bRd1]"]),
    ];
    check_cases("circe-coucou", cases);
    check_cases("circe-couscous", cases);
}

/// CouCou and Couscous on the plainest rules' short path: a piece's captures are counted by
/// its walk, from sets of arrival squares built once per position (the victim is reborn on
/// the piece's home square for the capture square's colour, on our first rank): the victims
/// reborn checking left out, the pawns reborn promoting counted once per walk that does not
/// check. Our units on our first rank (the rebirth square may be the one they leave) and
/// between it and our king on a line (leaving, they open it) are weighed one by one. (The
/// knights on h2, h3 and h4 make the sets worth building: three of our pieces off our first
/// rank.)
#[test]
fn coucou_piece_captures_by_walk() {
    let cases: &[Case] = &[
        // the rook taken on d5 (light) is reborn on h1, checking Ke1 along the rank, unless
        // the bishop on f1 stands in between; on a taken h1 it vanishes; a knight there is
        // harmless
        ("k7/8/8/3r3R/7N/7N/7N/4K3 w - - 0 1", &["Rh5-h6"], &["Rh5*d5[+bRh1]"]),
        ("k7/8/8/3r3R/7N/7N/7N/4KB2 w - - 0 1", &["Rh5*d5[+bRh1]"], &[]),
        ("k7/8/8/3r3R/7N/7N/7N/4K2N w - - 0 1", &["Rh5*d5"], &["Rh5*d5[+bRh1]"]),
        ("k7/8/8/3n3R/7N/7N/7N/4K3 w - - 0 1", &["Rh5*d5[+bSh1]"], &[]),
        // the bishop taken on d5 by a bishop is reborn on f1, a diagonal step from Ke2; a rook
        // there does not check
        ("k7/8/8/3b4/7N/1B5N/4K2N/8 w - - 0 1", &["Bb3-c2"], &["Bb3*d5[+bBf1]"]),
        ("k7/8/8/3r4/7N/1B5N/4K2N/8 w - - 0 1", &["Bb3*d5[+bRf1]"], &[]),
        // the knight taken on c5 (dark) is reborn on g1, a knight's leap from Ke2; a pawn
        // there promotes but to a knight
        ("k7/8/8/2n5/7N/3N3N/4K2N/8 w - - 0 1", &["Sd3-b4"], &["Sd3*c5[+bSg1]"]),
        (
            "k7/8/8/2p5/7N/3N3N/4K2N/8 w - - 0 1",
            &["Sd3*c5[+bPg1=Q]", "Sd3*c5[+bPg1=R]", "Sd3*c5[+bPg1=B]"],
            &["Sd3*c5[+bPg1=S]"],
        ),
        // on a taken g1 it vanishes
        (
            "k7/8/8/2p5/7N/3N3N/4K2N/6B1 w - - 0 1",
            &["Sd3*c5"],
            &["Sd3*c5[+bPg1=Q]"],
        ),
        // the pawn taken by the queen is reborn on d1, next to Ke1 on the rank: a knight or a
        // bishop only
        (
            "k7/p7/8/8/Q6N/7N/7N/4K3 w - - 0 1",
            &["Qa4*a7[+bPd1=S]", "Qa4*a7[+bPd1=B]"],
            &["Qa4*a7[+bPd1=Q]", "Qa4*a7[+bPd1=R]"],
        ),
        // the pawn taken on c4 is reborn on b1, behind the bishop on c1: every promotion
        (
            "k7/8/8/8/2p4N/7N/3N3N/2B1K3 w - - 0 1",
            &[
                "Sd2*c4[+bPb1=Q]",
                "Sd2*c4[+bPb1=S]",
                "Sd2*c4[+bPb1=R]",
                "Sd2*c4[+bPb1=B]",
            ],
            &[],
        ),
        // weighed one by one: the rook leaving a1 frees it for the rook it takes, which then
        // checks Ke1; the knight leaving f1 opens the rank to g1; the bishop leaving d2 opens
        // the diagonal from c1 to Ke3
        ("k7/8/8/r7/7N/7N/7N/R3K3 w - - 0 1", &["Ra1-b1"], &["Ra1*a5[+bRa1]"]),
        ("k7/8/8/8/7N/6rN/7N/4KN2 w - - 0 1", &["Sf1-d2"], &["Sf1*g3[+bRg1]"]),
        ("k7/8/8/b7/7N/4K2N/3B3N/8 w - - 0 1", &["Bd2-c3"], &["Bd2*a5[+bBc1]"]),
    ];
    check_cases("circe-coucou", cases);
    check_cases("circe-couscous", cases);
}

/// Platzwechsel on the plainest rules' short path: the victim is reborn on the square our
/// unit leaves, so a unit's captures are counted by the victims' walks: illegal those whose
/// walk checks our king from that square (a slider's when it is the first on its line from
/// the king, a knight's or a pawn's by its leap, not a pawn's on its own first rank), a
/// pawn reborn on our first rank promoting to the walks that do not check; pawn captures
/// likewise by arrival square, a pinned pawn's capture of its pinner one by one.
#[test]
fn platzwechsel_captures_from_open_lines() {
    let cases: &[Case] = &[
        // the rook taken from e4 is reborn there, checking Ke1 down the open file...
        ("k7/8/8/8/r3R3/8/8/4K3 w - - 0 1", &["Re4-e5"], &["Re4*a4[+bRe4]"]),
        // ... but not behind our pawn on e2, nor as a knight
        ("k7/8/8/8/r3R3/8/4P3/4K3 w - - 0 1", &["Re4*a4[+bRe4]"], &[]),
        ("k7/8/8/8/n3R3/8/8/4K3 w - - 0 1", &["Re4*a4[+bSe4]"], &[]),
        // the bishop taken from c3 checks Ke1 along the diagonal; from b4, behind the
        // knight on d2, it does not
        ("k7/8/8/8/8/2B5/1b6/4K3 w - - 0 1", &["Bc3-d4"], &["Bc3*b2[+bBc3]"]),
        ("k7/8/8/8/1B6/b7/3N4/4K3 w - - 0 1", &["Bb4*a3[+bBb4]"], &[]),
        // the knight taken from d3 checks Ke1 by its leap, the bishop does not
        (
            "k7/3n4/8/8/8/b2R4/8/4K3 w - - 0 1",
            &["Rd3*a3[+bBd3]", "Rd3-d4"],
            &["Rd3*d7[+bSd3]"],
        ),
        // the pawn taken from d2 checks Ke1 as a pawn, the rook does not
        (
            "k7/8/8/8/8/1p3r2/3N4/4K3 w - - 0 1",
            &["Sd2*f3[+bRd2]"],
            &["Sd2*b3[+bPd2]"],
        ),
        // the pawn reborn on h8, its own first rank, is immobile: no check to Kg7
        ("7R/6K1/8/7p/8/8/8/k7 w - - 0 1", &["Rh8*h5[+bPh8]"], &[]),
        // the pawn reborn on d1 promotes: next to Kb1's rank, but to a knight or a bishop;
        // behind the bishop on c1 to every walk; a knight's leap from Ke2, but to a knight
        (
            "k7/8/8/3p4/8/8/8/1K1R4 w - - 0 1",
            &["Rd1*d5[+bPd1=S]", "Rd1*d5[+bPd1=B]"],
            &["Rd1*d5[+bPd1=Q]", "Rd1*d5[+bPd1=R]"],
        ),
        (
            "k7/8/8/3p4/8/8/8/1KBR4 w - - 0 1",
            &[
                "Rd1*d5[+bPd1=Q]",
                "Rd1*d5[+bPd1=S]",
                "Rd1*d5[+bPd1=R]",
                "Rd1*d5[+bPd1=B]",
            ],
            &[],
        ),
        (
            "k7/8/8/6p1/8/8/4K3/6R1 w - - 0 1",
            &["Rg1*g5[+bPg1=Q]", "Rg1*g5[+bPg1=R]", "Rg1*g5[+bPg1=B]"],
            &["Rg1*g5[+bPg1=S]"],
        ),
        // pawn captures: the pawn reborn on d2 checks Ke1, the knight does not; the rook
        // reborn there checks Kd1, the bishop does not; the rook taken by the promoting
        // pawn, reborn on b7, checks Kb1 down the file
        (
            "k7/8/8/8/8/2p1n3/3P4/4K3 w - - 0 1",
            &["d2*e3[+bSd2]"],
            &["d2*c3[+bPd2]"],
        ),
        (
            "k7/8/8/8/8/2r1b3/3P4/3K4 w - - 0 1",
            &["d2*e3[+bBd2]"],
            &["d2*c3[+bRd2]"],
        ),
        (
            "r7/1P6/8/8/8/8/8/1K5k w - - 0 1",
            &["b7-b8=Q"],
            &["b7*a8=Q[+bRb7]", "b7*a8=S[+bRb7]"],
        ),
        // the pawn pinned by the bishop takes it, reborn on d2: check; it takes the rook
        // checking Ke1, or the knight, off its line, reborn on d2 shielding Ke1: legal
        // (Black to move: the position after Black's move counted at perft(2)'s leaves)
        (
            "k7/8/8/8/8/2b1r3/3P4/4K3 w - - 0 1",
            &["d2*e3[+bRd2]"],
            &["d2*c3[+bBd2]", "d2-d3"],
        ),
        (
            "k7/8/8/8/8/2b1n3/3P4/4K3 w - - 0 1",
            &["d2*e3[+bSd2]"],
            &["d2*c3[+bBd2]", "d2-d3"],
        ),
        ("k7/8/8/8/8/2b1n3/3P4/4K3 b - - 0 1", &["Ka8-b8"], &[]),
    ];
    check_cases("circe-pwc", cases);
}

/// Assassin Circe with our king on one of our home squares (`fast/victim/assassin_home.rs`): a
/// capture of one of our units whose home square is the king's would remove it, so a unit
/// landing there must not be capturable, a unit shielding one must stay, and a reborn
/// victim must attack none. Perft 1–3 must equal the generic pipeline's.
#[test]
fn assassin_king_on_a_home_square() {
    let cases: &[Case] = &[
        // the king on g1, the home of knights on dark squares: the knight's steps all land on
        // one, illegal where the rook could take it there (b4, b2)
        (
            "1r2k3/8/8/8/8/3N4/8/6K1 w - - 0 1",
            &["Sd3-c5", "Sd3-f2", "Sd3-e1"],
            &["Sd3-b4", "Sd3-b2"],
        ),
        // the knight landing on b4 by taking the knight there is attacked by the pawn on a5
        ("4k3/8/8/p7/1n6/3N4/8/6K1 w - - 0 1", &["Sd3-e5"], &["Sd3*b4[+bSb8]"]),
        // the king on f1, the home of bishops on light squares: the pawn taken on b7 is reborn
        // there, in the capturing bishop's place, so the black king cannot take it
        (
            "k7/1p6/8/3B4/8/8/8/5K2 w - - 0 1",
            &["Bd5*b7[+bPb7]", "Bd5-c4"],
            &["Bd5-c6"],
        ),
        // the knight landing on d8 is attacked by the rook on a8 but for the knight it takes,
        // reborn on b8 in between; a bishop taken there is reborn on f8, and the rook stays
        (
            "r2n3k/8/2N5/8/8/8/8/6K1 w - - 0 1",
            &["Sc6*d8[+bSb8]", "Sc6-e5"],
            &["Sc6-b8", "Sc6-a7"],
        ),
        ("r2b3k/8/2N5/8/8/8/8/6K1 w - - 0 1", &["Sc6-e5"], &["Sc6*d8[+bBf8]"]),
        // the rook taken on b8 is reborn on h8, from where it takes the knight landing there,
        // unless the king on e8 stands in between
        (
            "1r6/8/2N1k3/8/8/8/8/6K1 w - - 0 1",
            &["Sc6-d4", "Sc6-a7"],
            &["Sc6*b8[+bRh8]", "Sc6-e5", "Sc6-b4"],
        ),
        (
            "1r2k3/8/2N5/8/8/8/8/6K1 w - - 0 1",
            &["Sc6*b8[+bRh8]"],
            &["Sc6-e7", "Sc6-d8"],
        ),
        // the king on e2, the home of e-file pawns: d3*e4 puts a pawn on the e-file, where the
        // bishop on b1 takes it through d3, which the pawn left; without the bishop it is legal
        ("4k3/8/8/8/4n3/3P4/4K3/1b6 w - - 0 1", &["Ke2-f3"], &["d3*e4[+bSg8]"]),
        ("4k3/8/8/8/4n3/3P4/4K3/8 w - - 0 1", &["d3*e4[+bSg8]"], &[]),
        // the e-file pawn steps onto e4, which the pawn on d5 attacks
        ("4k3/8/8/3p4/8/4P3/4K3/8 w - - 0 1", &["Ke2-d3"], &["e3-e4"]),
        // the rook on e5 shields the knight on e3 (dark: its home is the king's g1) from the
        // rook on e8: it moves only along the file
        (
            "4r2k/8/8/4R3/8/4N3/8/6K1 w - - 0 1",
            &["Re5-e6", "Re5*e8[+bRa8]", "Se3-c4"],
            &["Re5-a5", "Re5-f5"],
        ),
        // the rook pinned to the king by the bishop on a7 takes the pawn on a4, reborn on a7
        // in the bishop's place: the pin is gone
        (
            "7k/b7/8/8/p2R4/8/8/6K1 w - - 0 1",
            &["Rd4*a4[+bPa7]", "Kg1-f1"],
            &["Rd4-d5", "Rd4-b4"],
        ),
        // 0-0 is illegal: the pawn on b4 can take the knight on c3 (dark), reborn on g1 under
        // the castled king; 0-0-0 (c1: dark bishops' home) is not
        ("4k3/8/8/8/1p6/2N5/8/R3K2R w KQ - 0 1", &["0-0-0", "Ke1-f1"], &["0-0"]),
        // in check by a threat (the bishop on c5 can take the knight on e3, reborn on g1): the
        // bishop is taken (reborn on f8) or the line blocked, or the king steps; the knight
        // shields the king and may not move
        (
            "4k3/8/8/2b5/8/B3N3/8/3R2K1 w - - 0 1",
            &["Ba3*c5[+bBf8]", "Rd1-d4", "Kg1-f1"],
            &["Rd1-d2", "Ba3-b2", "Se3-c4"],
        ),
        // the queen on b8 threatens the knight on h2: the knight taken on a5 is reborn on b8 in
        // the queen's place
        (
            "1q2k3/8/8/n7/8/8/7N/R5K1 w - - 0 1",
            &["Ra1*a5[+bSb8]", "Sh2-f3", "Kg1-f1"],
            &["Ra1-a2"],
        ),
        // the rook on b5 threatens the knight on b8: the knight taken on d6 is reborn on b8 in
        // its place
        (
            "1N6/8/3n4/1r5k/8/8/8/3R2K1 w - - 0 1",
            &["Rd1*d6[+bSb8]", "Sb8-c6"],
            &["Rd1-d2"],
        ),
        // (docs/rules.md, `circe-assassin`) in check by a threat: Rf6*f1 would rebirth the rook on h1, the king's
        // square
        (
            "7B/k7/5r2/7p/8/3Q4/8/5R1K w - - 0 1",
            &["Rf1-f2", "Rf1*f6[+bRh8]", "Qd3-f5"],
            &["Rf1-f3", "Rf1-f5"],
        ),
    ];
    check_cases("circe-assassin", cases);
}

/// Under Mars Circe with Madrasi our king may step onto a square that an enemy unit attacks
/// from its rebirth square, when that unit is paralysed: the black rook h5 attacks the
/// a-file from a8, and the rook d1, lifted to h1, observes it up the h-file; so Kb4-a3,
/// Kb4-a4 and Kb4-a5 are legal here, as they are not under Mars alone. In the second
/// position the white rook h5 is observed by the black rook h8 and cannot move. The fast
/// count (the Mars path with Madrasi as a mask) equals the generic pipeline's.
#[test]
fn mars_madrasi_king_steps_beside_paralysed_attackers() {
    let fens = ["8/8/6k1/7r/1K6/8/8/3R4 w - - 0 1", "7r/8/8/7R/3k4/8/8/4K3 w - - 0 1"]
        .map(String::from)
        .to_vec();
    let mars = Rules::parse("circe-mars").unwrap();
    let mut alone = Game::from_parts(fen::parse(&fens[0]).unwrap(), mars).unwrap();
    let variants = ["circe-mars+madrasi", "circe-mars+madrasi-rex-inclusive"].map(String::from);
    for v in &variants {
        let mut g = Game::from_parts(fen::parse(&fens[0]).unwrap(), Rules::parse(v).unwrap()).unwrap();
        assert_eq!(
            g.perft(1),
            alone.perft(1) + 3,
            "{v}: the king's three steps to the a-file"
        );
    }
    for depth in 1..=3 {
        compare_variants(&variants, fens.clone(), depth);
    }
}
