//! The example positions of RULES.md (../shared/RULES.md), as tests: for every example
//! that uses only orthodox units, the claim RULES.md makes about it (an exact move list,
//! moves it contains or lacks, two-ply lines `h~1`, series lines), plus an insta snapshot
//! of the position's full sorted move list.
//!
//! Transcription conventions (Popeye input -> FEN):
//! * `S` (knight) -> `N` in FEN; moves keep Popeye's `S` (`Sc3*b1`).
//! * Popeye gives castling rights whenever king and rook stand on their initial squares
//!   (unless `option nocastling`): the FEN castling field says so, and a king's flag
//!   without a rook at home is written with the `flags=` token (a rook's flag on a1/h1
//!   without its king likewise).
//! * `option halfduplex` with `~1`, or `h~1` without it, means Black moves first.
//! * Volcanic stacks (`pieces white bh8 black sh8`) -> the top unit on the board, the others
//!   in `hidden=` in burial order (the unit placed first is buried first).
//! * Parrain `lastcapture white re3` -> `pending=Re3`.
//! * `circe-kamikaze-reborn` makes every unit kamikaze (Popeye's examples mark only some);
//!   the examples below are those where the other units' attribute makes no difference. Its
//!   notation drops Popeye's `k` on the moving unit and in brackets, keeps `=kQ` (corpus form).
//! * Popeye series play (`ser-002`: White plays two moves in a row) is replayed with a
//!   neutral black move in between.
//!
//! Move strings: Popeye notation as RULES.md prints it, `   1.` and ` !` dropped. A trailing
//! ` +` asserts that the move gives check (by the variant's definition), no mark asserts that
//! it does not, ` ?` leaves the mark unasserted (RULES.md's prose does not state it).
//!
//! Examples not covered, because fairyperft has only orthodox walks (no fairy units):
//! * Part A §0.1: the nightrider rebirths (`Qa1*c3[+bNc1]`, `Qa1*c3[+wNc8]`).
//! * Part A §6: the Chameleon grasshopper (`Qa1*c3[+bGc1]`).
//! * Part B §1 (Anticirce): `2rnk3/4P3/...` and `4k3/.../3NK3 b` (nightrider promotions),
//!   `4k3/8/8/8/8/8/2p5/N3K3 w` (nightrider capturer).
//! * Part B §2 (Mars): `4k3/8/8/8/2p5/8/8/N3K3 w` (nightrider).
//! * Part B §3 (Couscous): `8/6k1/8/8/K7/3p4/8/4N3 w` (nightrider).
//! * Part B §4 (Mirror): `4k3/8/8/3n4/8/8/8/3RK3 w` (nightrider).
//! * Part C: M5, M6 (Maos), M7 (grasshoppers), I6 (Maos), X2 (grasshoppers).
//! Also not covered, because the variant is not one of fairyperft's: `circe strict
//! rexinclusive` (Part A §3), `circeclone rexinclusive` (§7), kamikaze units under `circe
//! strict`/`assassin`/`volcanic` (§8), `anticirce rexexclusive` (Part B §1), `isardam
//! rexinclusive` (Part C K1, K2), and the goal-sign distinction of Part C EP4 (mate vs
//! stalemate marks; the move lists are tested).

use fairyperft::rules::check::in_check;
use fairyperft::Game;
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------------------
// helpers

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mark {
    Check,
    Quiet,
    Unstated,
}

/// Splits `"Re1*e2 + Ke8-d7[+bPd1=Q] +"` into moves with their marks (`e5*d6 ep.[..]` is one move).
fn parse_moves(text: &str) -> Vec<(String, Mark)> {
    let mut out: Vec<(String, Mark)> = Vec::new();
    for tok in text.split_whitespace() {
        match tok {
            "+" => out.last_mut().expect("a mark follows a move").1 = Mark::Check,
            "?" => out.last_mut().expect("a mark follows a move").1 = Mark::Unstated,
            t if t.starts_with("ep.") => out.last_mut().expect("ep. follows a move").0.push_str(&format!(" {t}")),
            t => out.push((t.to_string(), Mark::Quiet)),
        }
    }
    out
}

fn parse_one(text: &str) -> (String, Mark) {
    let mut v = parse_moves(text);
    assert_eq!(v.len(), 1, "one move expected in {text:?}");
    v.pop().unwrap()
}

/// An example position under a variant (`what` = FEN plus any moves played since).
struct Ex {
    variant: &'static str,
    what: String,
    g: Game,
}

fn ex(variant: &'static str, fen: &str) -> Ex {
    let g = Game::new(fen, variant).unwrap_or_else(|e| panic!("{variant} / {fen}: {e}"));
    Ex { variant, what: fen.to_string(), g }
}

impl Ex {
    /// Every legal move in Popeye notation, with whether it gives check.
    fn list(&self) -> BTreeMap<String, bool> {
        let mut g = self.g.clone();
        let mut out = BTreeMap::new();
        for m in g.legal_moves() {
            let name = g.popeye(m);
            let mut a = g.after(m);
            let side = a.pos.turn();
            let check = in_check(&mut a.pos, &a.rules, side);
            let dup = out.insert(name.clone(), check);
            assert!(dup.is_none(), "{}: move {name} listed twice", self.ctx());
        }
        out
    }

    fn ctx(&self) -> String {
        format!("[{}] {}", self.variant, self.what)
    }

    fn check_mark(&self, name: &str, mark: Mark, gives_check: bool) {
        match mark {
            Mark::Check => assert!(gives_check, "{}: {name} should give check (RULES.md prints ` +`)", self.ctx()),
            Mark::Quiet => assert!(!gives_check, "{}: {name} should not give check (RULES.md prints no ` +`)", self.ctx()),
            Mark::Unstated => {}
        }
    }

    /// The legal moves are exactly `expected`.
    fn exact(&self, expected: &[&str]) {
        self.exact_matching(&[], expected)
    }

    /// The legal moves containing one of `filters` (all of them if `filters` is empty) are
    /// exactly `expected` (RULES.md's "only lines matching X shown").
    fn exact_matching(&self, filters: &[&str], expected: &[&str]) {
        let got: BTreeMap<String, bool> = self
            .list()
            .into_iter()
            .filter(|(n, _)| filters.is_empty() || filters.iter().any(|f| n.contains(f)))
            .collect();
        let exp: Vec<(String, Mark)> = expected.iter().map(|e| parse_one(e)).collect();
        let missing: Vec<&str> = exp.iter().filter(|(n, _)| !got.contains_key(n)).map(|(n, _)| n.as_str()).collect();
        let extra: Vec<&str> = got.keys().filter(|n| !exp.iter().any(|(e, _)| e == *n)).map(|n| n.as_str()).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: moves{} differ from RULES.md\n  missing: {missing:?}\n  extra:   {extra:?}",
            self.ctx(),
            if filters.is_empty() { String::new() } else { format!(" matching {filters:?}") }
        );
        for (n, mark) in &exp {
            self.check_mark(n, *mark, got[n]);
        }
    }

    /// The legal moves include `expected`.
    fn contains(&self, expected: &[&str]) {
        let got = self.list();
        for e in expected {
            let (n, mark) = parse_one(e);
            let Some(&c) = got.get(&n) else {
                panic!("{}: {n} should be legal\n  legal: {:?}", self.ctx(), got.keys().collect::<Vec<_>>())
            };
            self.check_mark(&n, mark, c);
        }
    }

    /// None of `moves` is legal.
    fn absent(&self, moves: &[&str]) {
        let got = self.list();
        for m in moves {
            assert!(!got.contains_key(*m), "{}: {m} should not be legal", self.ctx());
        }
    }

    /// No legal move starts with one of `prefixes` (e.g. `Rf1*f6`: that capture in any form).
    fn none_starting(&self, prefixes: &[&str]) {
        for n in self.list().keys() {
            for p in prefixes {
                assert!(!n.starts_with(p), "{}: {n} should not be legal (nothing starting with {p})", self.ctx());
            }
        }
    }

    /// No legal move contains one of `parts`.
    fn none_containing(&self, parts: &[&str]) {
        for n in self.list().keys() {
            for p in parts {
                assert!(!n.contains(p), "{}: {n} should not be legal (nothing containing {p})", self.ctx());
            }
        }
    }

    /// No legal move at all (RULES.md 0.10 for a rejected position, or a side without moves).
    fn no_moves(&self) {
        let got = self.list();
        assert!(got.is_empty(), "{}: no legal move expected, found {:?}", self.ctx(), got.keys().collect::<Vec<_>>());
        assert_eq!(self.g.clone().perft(1), 0, "{}: perft(1)", self.ctx());
    }

    /// Plays the moves of `line` (each must be legal, with its check mark), giving the position after.
    fn then(&self, line: &str) -> Ex {
        let mut cur = Ex { variant: self.variant, what: self.what.clone(), g: self.g.clone() };
        for (n, mark) in parse_moves(line) {
            let got = cur.list();
            let Some(&c) = got.get(&n) else {
                panic!("{}: {n} should be legal here\n  legal: {:?}", cur.ctx(), got.keys().collect::<Vec<_>>())
            };
            cur.check_mark(&n, mark, c);
            let m = cur.g.find_move(&n).unwrap_or_else(|e| panic!("{}: {e}", cur.ctx()));
            cur.g.play(m);
            cur.what = format!("{} | {n}", cur.what);
        }
        cur
    }

    /// The line (`h~1`: two plies; series lines with a neutral move between) can be played.
    fn line(&self, line: &str) {
        self.then(line);
    }

    /// Stable text for a snapshot: variant, FEN, count, one move per line (sorted, ` +` for check).
    fn listing(&self) -> String {
        let moves = self.list();
        let mut s = format!("variant: {}\nfen: {}\nmoves: {}\n", self.variant, self.what, moves.len());
        for (n, c) in moves {
            s.push_str(&n);
            if c {
                s.push_str(" +");
            }
            s.push('\n');
        }
        s
    }

    fn snap(&self, name: &str) {
        insta::assert_snapshot!(name, self.listing());
    }
}

// =======================================================================================
// Part A §1 — plain Circe

#[test]
fn circe_rebirth_checking_own_king_is_illegal() {
    let e = ex("circe", "k7/8/8/4p3/3Q1r2/8/8/7K w - -");
    e.none_starting(&["Qd4*f4"]);
    e.contains(&["Qd4*e5[+bPe7]"]);
    e.snap("circe_rebirth_checking_own_king");
}

#[test]
fn circe_rebirth_parries_check() {
    let e = ex("circe", "r6K/8/8/8/8/k7/3n4/3Q4 w - -");
    e.exact(&["Qd1*d2[+bSb8]", "Kh8-g7", "Kh8-h7"]);
    e.snap("circe_rebirth_parries_check");
}

#[test]
fn circe_occupied_rebirth_square_and_promotion() {
    let e = ex("circe", "n1r5/1P6/8/8/8/8/8/k6K w - -");
    e.contains(&["b7*c8=Q", "b7*a8=Q[+bSg8] +", "b7*a8=S[+bSg8]"]);
    e.snap("circe_occupied_rebirth_square_and_promotion");
}

#[test]
fn circe_victim_on_its_own_rebirth_square_vanishes() {
    let e = ex("circe", "8/6p1/8/8/n7/8/8/Q7 w - -");
    e.contains(&["Qa1*g7", "Qa1*a4[+bSg8]"]);
    e.absent(&["Qa1*g7[+bPg7]"]);
    e.snap("circe_victim_on_own_rebirth_square");
}

#[test]
fn circe_promoted_piece_reborn_by_its_walk() {
    let e = ex("circe", "6r1/1P6/8/k7/8/8/8/7K w - -");
    e.line("b7-b8=Q Rg8*b8[+wQd1]");
    e.line("b7-b8=S Rg8*b8[+wSg1]");
    e.line("b7-b8=B Rg8*b8[+wBc1]");
    // b8=R: the rook reborn on a1 would check Ka5
    e.then("b7-b8=R").none_starting(&["Rg8*b8"]);
    e.snap("circe_promoted_piece_reborn");
}

#[test]
fn circe_en_passant_of_a_reborn_pawn() {
    let e = ex("circe", "k7/8/8/3P4/4p3/8/4R3/7K w - -");
    e.line("Re2*e4[+bPe7] e7-e5 d5*e6 ep.[+bPe7]");
    e.snap("circe_en_passant_reborn_pawn_white");
    let e = ex("circe", "k7/4r3/8/4P3/3p4/8/8/7K b - -");
    e.line("Re7*e5[+wPe2] e2-e4 d4*e3 ep.[+wPe2]");
    e.snap("circe_en_passant_reborn_pawn_black");
}

#[test]
fn circe_castling_after_rebirth_on_a_corner() {
    let e = ex("circe", "4k3/8/8/R6r/8/8/8/4K3 b - - flags=e1e8");
    e.line("Rh5*a5[+wRa1] 0-0-0");
    e.snap("circe_castling_after_rebirth");
    // ser-002 has no solution: a rook that merely moves to a1 gains no right
    let e = ex("circe", "4k3/8/8/R6r/8/8/8/4K3 w - - flags=e1e8");
    e.then("Ra5-a1 Rh5-h6").none_starting(&["0-0"]);
    e.snap("circe_castling_after_move_to_corner");
}

// =======================================================================================
// Part A §2 — Circe Rex Inclusive

#[test]
fn rex_inclusive_king_capture_and_king_on_attacked_line() {
    let e = ex("circe-rex-inclusive", "8/8/8/3k4/8/8/8/3RK3 w - - flags=e1");
    e.contains(&["Rd1*d5[+bKe8]"]);
    e.snap("rexincl_king_capture");
    let e = ex("circe-rex-inclusive", "8/8/8/3k4/8/8/8/3RK3 b - - flags=e1");
    e.exact(&["Kd5-c4", "Kd5-c5", "Kd5-c6", "Kd5-d4", "Kd5-d6", "Kd5-e4", "Kd5-e5", "Kd5-e6"]);
    e.snap("rexincl_king_on_attacked_line");
}

#[test]
fn rex_inclusive_occupied_rebirth_square_means_check() {
    // Popeye: "the side to play can capture the king"
    let e = ex("circe-rex-inclusive", "4p3/8/8/3k4/8/8/8/3RK3 w - - flags=e1");
    e.no_moves();
    e.snap("rexincl_rejected_position");
}

#[test]
fn rex_inclusive_reborn_king_and_blocked_rebirth_square() {
    let e = ex("circe-rex-inclusive", "8/3K4/8/3k4/8/8/8/3R4 w - -");
    e.contains(&["Rd1*d5[+bKe8] +", "Kd7-e8 +"]);
    e.snap("rexincl_reborn_king_checked");
}

#[test]
fn rex_inclusive_attacker_on_the_rebirth_square() {
    let e = ex("circe-rex-inclusive", "4R3/8/8/4k3/8/8/8/K7 w - -");
    e.contains(&["Re8*e5[+bKe8] +"]);
    e.snap("rexincl_attacker_on_rebirth_square");
    let e = ex("circe-rex-inclusive", "4R3/8/8/4k3/8/8/8/K7 b - -");
    e.exact(&["Ke5-d4", "Ke5-d5", "Ke5-d6", "Ke5-e4", "Ke5-e6", "Ke5-f4", "Ke5-f5", "Ke5-f6"]);
    e.snap("rexincl_attacker_on_rebirth_square_black");
}

#[test]
fn rex_inclusive_king_rebirth_gives_castling() {
    let e = ex("circe-rex-inclusive", "4k3/3r4/8/8/8/8/3K4/R6R b - - flags=a1h1e8");
    e.line("Rd7*d2[+wKe1] 0-0-0");
    e.line("Rd7*d2[+wKe1] 0-0");
    e.line("Rd7*d2[+wKe1] Ke1*d2[+bRh8]");
    e.snap("rexincl_king_rebirth_castling");
}

#[test]
fn rex_inclusive_castling_into_attack() {
    let e = ex("circe-rex-inclusive", "2r4k/3r4/8/8/8/8/8/R3K3 w Q -");
    e.contains(&["0-0-0"]);
    e.snap("rexincl_castling_into_attack");
    let e = ex("circe", "2r4k/3r4/8/8/8/8/8/R3K3 w Q -");
    e.none_starting(&["0-0"]);
    e.snap("circe_castling_into_attack");
}

#[test]
fn rex_inclusive_pinned_checker() {
    let e = ex("circe-rex-inclusive", "4nk2/8/8/8/1b6/B7/7P/4K3 w - - flags=e1");
    e.exact(&["Ke1-f2", "Ke1-d2", "Ke1-d1", "Ke1-e2", "Ke1-f1", "Ba3*b4 +"]);
    e.snap("rexincl_pinned_checker");
    let e = ex("circe", "4nk2/8/8/8/1b6/B7/7P/4K3 w - - flags=e1");
    e.exact(&["Ke1-f2", "Ke1-d1", "Ke1-e2", "Ke1-f1", "Ba3*b4 +"]);
    e.snap("circe_pinned_checker");
}

#[test]
fn rex_inclusive_king_takes_king() {
    let e = ex("circe-rex-inclusive", "8/8/8/3k4/3K4/8/8/8 w - -");
    e.contains(&["Kd4*d5[+bKe8]"]);
    e.snap("rexincl_king_takes_king");
}

// =======================================================================================
// Part A §3 — Strict Circe

#[test]
fn strict_occupied_rebirth_square_forbids_the_capture() {
    for (name, fen) in [
        ("friend_on_h8", "7b/8/k4r2/8/8/2K5/8/5R2 w - -"),
        ("white_knight_on_h8", "7N/8/k4r2/8/8/2K5/8/5R2 w - -"),
        ("white_king_on_h8", "7K/8/k4r2/8/8/8/8/5R2 w - -"),
        ("black_king_on_h8", "7k/8/5r2/8/8/2K5/8/5R2 w - -"),
    ] {
        let e = ex("circe-strict", fen);
        e.none_starting(&["Rf1*f6"]);
        e.snap(&format!("strict_{name}"));
        let plain = ex("circe", fen);
        plain.contains(&[if name == "black_king_on_h8" { "Rf1*f6" } else { "Rf1*f6 +" }]);
        plain.snap(&format!("strict_{name}_plain_circe"));
    }
}

#[test]
fn strict_rebirth_on_capturers_departure_square() {
    let e = ex("circe-strict", "7R/8/k7/8/7r/2K5/8/8 w - -");
    e.contains(&["Rh8*h4[+bRh8]"]);
    e.snap("strict_rebirth_on_departure_square");
}

#[test]
fn strict_promoted_piece_occupies_the_rebirth_square() {
    let e = ex("circe-strict", "r7/1P6/8/4k3/8/8/8/7K w - -");
    e.none_starting(&["b7*a8"]);
    e.snap("strict_promotion_on_rebirth_square");
}

#[test]
fn strict_victim_on_its_own_rebirth_square() {
    let e = ex("circe-strict", "8/6p1/8/8/8/8/8/Q7 w - -");
    e.none_starting(&["Qa1*g7"]);
    e.snap("strict_victim_on_own_rebirth_square");
}

// =======================================================================================
// Part A §4 — Assassin Circe

#[test]
fn assassin_corner_rook_replaced_keeps_castling() {
    let e = ex("circe-assassin", "k2r4/8/8/3R4/8/8/8/4K2R b K -");
    e.line("Rd8*d5[+wRh1] 0-0");
    e.snap("assassin_corner_rook_castling");
}

#[test]
fn assassin_occupant_removed() {
    let e = ex("circe-assassin", "7b/8/k4r2/8/8/2K5/8/5R2 w - -");
    e.contains(&["Rf1*f6[+bRh8] +"]);
    e.snap("assassin_occupant_removed");
}

#[test]
fn assassin_own_bishop_assassinated_and_threat_as_check() {
    let e = ex("circe-assassin", "7B/k7/5r2/7p/8/3Q4/8/5R1K w - -");
    e.exact(&[
        "Rf1-a1 +",
        "Rf1-b1",
        "Rf1-c1",
        "Rf1-d1",
        "Rf1-e1",
        "Rf1*f6[+bRh8]",
        "Rf1-f4",
        "Rf1-f2",
        "Rf1-g1",
        "Kh1-g2",
        "Kh1-g1",
        "Kh1-h2",
        "Qd3-f5",
        "Qd3-f3",
        "Bh8*f6[+bRh8]",
    ]);
    e.snap("assassin_threat_as_check");
}

#[test]
fn assassin_capturer_assassinated() {
    let e = ex("circe-assassin", "8/6p1/8/7k/3Q4/8/8/K7 w - -");
    e.contains(&["Qd4*g7[+bPg7]"]);
    e.snap("assassin_capturer_assassinated");
}

#[test]
fn assassin_promoted_piece_assassinated() {
    let e = ex("circe-assassin", "r7/1P6/8/4k3/8/8/8/7K w - -");
    e.contains(&["b7*a8=Q[+bRa8]", "b7*a8=S[+bRa8]", "b7*a8=R[+bRa8]", "b7*a8=B[+bRa8]"]);
    e.snap("assassin_promoted_piece_assassinated");
}

#[test]
fn assassin_own_king_on_rebirth_square() {
    let fen = "k6K/8/5r2/8/3Qp3/8/8/8 w - -";
    let e = ex("circe-assassin", fen);
    e.none_starting(&["Qd4*f6"]);
    e.snap("assassin_own_king_on_rebirth_square");
    let plain = ex("circe", fen);
    plain.contains(&["Qd4*f6"]);
    plain.snap("assassin_own_king_on_rebirth_square_plain_circe");
}

#[test]
fn assassin_king_capture_onto_own_rebirth_square() {
    let fen = "6nr/6pK/8/8/8/8/8/k7 w - -";
    let e = ex("circe-assassin", fen);
    e.exact(&["Kh7-g6"]);
    e.snap("assassin_king_capture_on_rebirth_square");
    let plain = ex("circe", fen);
    plain.contains(&["Kh7*g7", "Kh7*h8"]);
    plain.snap("assassin_king_capture_on_rebirth_square_plain_circe");
}

#[test]
fn assassin_threat_counts_as_check() {
    // Popeye: "the side to play can capture the king" (Rf1*f6 would reborn the rook on h8)
    let e = ex("circe-assassin", "7k/8/5r2/8/8/2K5/8/5R2 w - -");
    e.no_moves();
    e.snap("assassin_rejected_position");
    let e = ex("circe-assassin", "7k/p7/5r2/8/3Q4/8/8/K7 b - -");
    e.exact(&["Kh8-g7", "Kh8-h7", "Kh8-g8"]);
    e.snap("assassin_threat_must_be_parried");
}

#[test]
fn assassin_queen_threatened_with_rebirth_on_king() {
    let e = ex("circe-assassin", "kr6/8/8/8/1Q6/8/P7/3K4 w - -");
    e.none_starting(&["a2-", "Qb4-b", "Qb4*b"]);
    e.snap("assassin_rebirth_threat_on_d1");
}

#[test]
fn assassin_pinned_capturer_still_threatens() {
    // §10 item 6
    let fen = "8/6k1/5r2/8/8/2B5/P7/5R1K w - -";
    let e = ex("circe-assassin", fen);
    let assassin = [
        "Rf1-a1", "Rf1-b1", "Rf1-c1", "Rf1-d1", "Rf1-e1", "Rf1-f4", "Rf1-f2", "Rf1-g1 +", "Kh1-g2", "Kh1-g1", "Kh1-h2",
    ];
    e.exact(&assassin);
    e.snap("assassin_pinned_capturer_threatens");
    // plain Circe additionally: Rf1-f5/f3, a2-a4/a3, every bishop move but Bc3*f6
    let plain = ex("circe", fen);
    let extra = [
        "Rf1-f5 ?", "Rf1-f3 ?", "a2-a4 ?", "a2-a3 ?", "Bc3-a1 ?", "Bc3-b2 ?", "Bc3-d2 ?", "Bc3-e1 ?", "Bc3-b4 ?", "Bc3-a5 ?",
        "Bc3-d4 ?", "Bc3-e5 ?",
    ];
    let all: Vec<&str> = assassin.iter().chain(extra.iter()).copied().collect();
    plain.exact(&all);
    plain.snap("assassin_pinned_capturer_plain_circe");
}

// =======================================================================================
// Part A §5 — Volcanic Circe

#[test]
fn volcanic_burial_under_a_king() {
    let e = ex("circe-volcanic", "k6K/8/5r2/8/3Qp3/8/8/8 w - -");
    e.contains(&["Qd4*f6[+bRh8->v]", "Qd4*e4[+bPe7] +"]);
    e.snap("volcanic_burial_under_king");
}

#[test]
fn volcanic_burial_under_the_capturer_and_emergence() {
    let e = ex("circe-volcanic", "7k/p5p1/5r2/8/3Q4/8/8/K7 w - -");
    e.line("Qd4*a7[+bPa7->v] Rf6-f1 +");
    e.line("Qd4*f6[+bRh8->v] Kh8-h7[+bRh8]");
    e.line("Qd4*f6[+bRh8->v] g7*f6[+wQd1]");
    e.snap("volcanic_burial_under_capturer");
}

#[test]
fn volcanic_promotion_burial() {
    let e = ex("circe-volcanic", "r7/1P6/8/4k3/8/8/8/7K w - -");
    e.contains(&["b7*a8=Q[+bRa8->v]"]);
    e.snap("volcanic_promotion_burial");
}

#[test]
fn volcanic_first_in_first_out() {
    // pieces white ka1 qd4 black kb5 rf6 white bh8 black sh8: the bishop is under the knight
    let e = ex("circe-volcanic", "7n/8/5r2/1k6/3Q4/8/8/K7 w - - hidden=h8B");
    e.line("Qd4*f6[+bRh8->v] Sh8-f7[+wBh8]");
    e.snap("volcanic_fifo_after_burial");
    // pieces white ka1 black ka8 sh8 white bh8 black rh8: knight, then bishop, under the rook
    let e = ex("circe-volcanic", "k6r/8/8/8/8/8/8/K7 b - - hidden=h8n,h8B");
    e.line("Rh8-h7[+bSh8] Ka1-b2");
    e.snap("volcanic_fifo_input_stack");
}

#[test]
fn volcanic_castling_uncovers_two_squares() {
    // pieces black re1 white ke1 black bh1 white rh1 black ka7
    let e = ex("circe-volcanic", "8/k7/8/8/8/8/8/4K2R w K - hidden=e1r,h1b");
    e.contains(&["0-0[+bRe1][+bBh1]", "Ke1-f2[+bRe1]", "Rh1-h7[+bBh1] +"]);
    e.none_starting(&["Ke1-d1", "Ke1-e2", "Ke1-f1"]);
    e.snap("volcanic_castling_uncovers_two");
    // the burials in the opposite input order
    let e = ex("circe-volcanic", "8/k7/8/8/8/8/8/4K2R w K - hidden=h1b,e1r");
    e.contains(&["0-0[+bBh1][+bRe1]"]);
    e.snap("volcanic_castling_uncovers_two_reversed");
}

#[test]
fn volcanic_en_passant_frees_the_victims_square() {
    // pieces white kh1 pd5 black ka8 white qe5 black pe5, enpassant e7e6e5
    let e = ex("circe-volcanic", "k7/8/8/3Pp3/8/8/8/7K w - e6 hidden=e5Q");
    e.contains(&["d5*e6 ep.[+bPe7][+wQe5]"]);
    e.snap("volcanic_en_passant_emergence");
}

#[test]
fn volcanic_rebirth_on_departure_square_keeps_stack_hidden() {
    // pieces white ka1 black sd8 white qd8 black kh5 qd5
    let e = ex("circe-volcanic", "3Q4/8/8/3q3k/8/8/8/K7 w - - hidden=d8n");
    e.contains(&["Qd8*d5[+bQd8] +", "Qd8-d7[+bSd8]"]);
    e.line("Qd8*d5[+bQd8] + Qd8-g5[+bSd8]");
    e.snap("volcanic_rebirth_on_departure_square");
}

#[test]
fn volcanic_rebirth_bracket_before_emergence() {
    // RULES.md prints `1.Qd8*e8[+bPe7][+bSd8] + Qd5-f7` for the position above, whose
    // pieces line has no unit on e8; reconstructed with a black pawn on e8 (the bracket
    // [+bPe7] is a black pawn captured on rank 8).
    let e = ex("circe-volcanic", "3Qp3/8/8/3q3k/8/8/8/K7 w - - hidden=d8n");
    e.line("Qd8*e8[+bPe7][+bSd8] + Qd5-f7");
    e.snap("volcanic_rebirth_then_emergence");
}

#[test]
fn volcanic_capturing_the_occupant_does_not_free_the_square() {
    // pieces white kh1 black sd4 white rd4 black kc8 rd8
    let e = ex("circe-volcanic", "2kr4/8/8/8/3R4/8/8/7K b - - hidden=d4n");
    e.line("Rd8*d4[+wRa1] Ra1-a8 +");
    e.snap("volcanic_occupant_captured");
}

#[test]
fn volcanic_burial_and_emergence_in_one_move() {
    // pieces white kh1 black sd4 white rd4 black ka8 rd8
    let e = ex("circe-volcanic", "k2r4/8/8/8/3R4/8/8/7K b - - hidden=d4n");
    e.line("Rd8-d5 Rd4*d5[+bRa8->v][+bSd4]");
    e.snap("volcanic_burial_and_emergence");
}

#[test]
fn volcanic_check_by_uncovering() {
    // pieces white rh1 sh1 ka1 black kh8
    let e = ex("circe-volcanic", "7k/8/8/8/8/8/8/K6N w - - hidden=h1R");
    e.contains(&["Sh1-g3[+wRh1] +", "Sh1-f2[+wRh1] +"]);
    e.snap("volcanic_check_by_uncovering");
    // reverse colours, Black to move: pieces white rh1 black sh1 white ka1 black kh8
    let e = ex("circe-volcanic", "7k/8/8/8/8/8/8/K6n b - - hidden=h1R");
    e.none_starting(&["Sh1"]);
    e.snap("volcanic_uncovering_own_check");
}

#[test]
fn volcanic_castling_right_from_emergence() {
    // pieces white ke1 rh1 black sh1 kb8
    let e = ex("circe-volcanic", "1k6/8/8/8/8/8/8/4K2n b - - flags=e1 hidden=h1R");
    e.line("Sh1-f2[+wRh1] 0-0");
    e.line("Sh1-f2[+wRh1] Ke1*f2[+bSb8->v]");
    e.snap("volcanic_castling_from_emergence");
}

// =======================================================================================
// Part A §6 — Chameleon Circe

#[test]
fn chameleon_walk_changes_before_rebirth() {
    for (name, fen, mv) in [
        ("knight_dark", "8/8/8/8/8/2n5/8/Q7 w - -", "Qa1*c3[+bBf8]"),
        ("knight_light", "8/8/8/8/n7/8/8/Q7 w - -", "Qa1*a4[+bBc8]"),
        ("bishop_dark", "8/8/8/8/8/2b5/8/Q7 w - -", "Qa1*c3[+bRh8]"),
        ("bishop_light", "8/8/8/8/b7/8/8/Q7 w - -", "Qa1*a4[+bRa8]"),
        ("rook", "8/8/8/8/8/2r5/8/Q7 w - -", "Qa1*c3[+bQd8]"),
        ("queen_dark", "8/8/8/8/8/2q5/8/Q7 w - -", "Qa1*c3[+bSb8]"),
        ("queen_light", "8/8/8/8/q7/8/8/Q7 w - -", "Qa1*a4[+bSg8]"),
        ("pawn", "8/8/8/8/8/2p5/8/Q7 w - -", "Qa1*c3[+bPc7]"),
    ] {
        let e = ex("circe-chameleon", fen);
        e.contains(&[mv]);
        e.snap(&format!("chameleon_{name}"));
    }
}

#[test]
fn chameleon_promotion_capture() {
    let e = ex("circe-chameleon", "r7/1P6/8/4k3/8/8/8/7K w - -");
    e.contains(&["b7*a8=Q[+bQd8]"]);
    e.snap("chameleon_promotion_capture");
}

#[test]
fn chameleon_bishop_reborn_as_corner_rook_castles() {
    let e = ex("circe-chameleon", "4k3/8/8/1b6/8/8/8/1R5K w - - flags=e8");
    e.line("Rb1*b5[+bRa8] 0-0-0");
    e.snap("chameleon_castling");
}

// =======================================================================================
// Part A §7 — Circe Clone

#[test]
fn clone_victim_takes_the_capturers_walk() {
    let e = ex("circe-clone", "5q1r/6P1/1bpn1r2/1P5k/2NQ4/4p3/6B1/K4R2 w - -");
    e.exact_matching(
        &["*"],
        &[
            "Rf1*f6",
            "Bg2*c6[+bBc8]",
            "Sc4*e3[+bSb8]",
            "Sc4*d6[+bSb8]",
            "Sc4*b6[+bSb8]",
            "Qd4*e3[+bQd8]",
            "Qd4*f6[+bQd8]",
            "Qd4*b6[+bQd8]",
            "Qd4*d6[+bQd8]",
            "b5*c6[+bPc7]",
            "g7*h8=Q[+bPh7] ?",
            "g7*h8=S[+bPh7] ?",
            "g7*h8=R[+bPh7] ?",
            "g7*h8=B[+bPh7] ?",
            "g7*f8=Q[+bPf7] ?",
            "g7*f8=S[+bPf7] ?",
            "g7*f8=R[+bPf7] ?",
            "g7*f8=B[+bPf7] ?",
        ],
    );
    e.snap("clone_captures");
}

#[test]
fn clone_king_capture_keeps_the_walk() {
    let e = ex("circe-clone", "8/8/8/7k/8/8/2pr4/3K4 w - -");
    e.contains(&["Kd1*d2[+bRh8]"]);
    e.snap("clone_king_capture");
}

#[test]
fn clone_en_passant() {
    let e = ex("circe-clone", "8/8/8/3pP2k/8/8/8/2K5 w - d6");
    e.contains(&["e5*d6 ep.[+bPd7]"]);
    e.snap("clone_en_passant");
}

#[test]
fn clone_promotion_capture_gives_a_pawn() {
    let e = ex("circe-clone", "r7/1P6/8/4k3/8/8/8/7K w - -");
    e.contains(&["b7*a8=Q[+bPa7]"]);
    e.snap("clone_promotion_capture");
}

// =======================================================================================
// Part A §8 — Circe with kamikaze units (`circe-kamikaze-reborn`: every unit kamikaze)

#[test]
fn kamikaze_capturer_reborn_first() {
    // Popeye: rd2 and pb7 kamikaze; the other units do not capture here
    let e = ex("circe-kamikaze-reborn", "q1b5/1P1r4/3n4/k7/8/8/3R4/7K w - -");
    e.exact_matching(
        &["*"],
        &[
            "Rd2*d6[wRd6->a1][+bSb8] +",
            "b7*a8=kQ[wQa8->d1][+bQd8]",
            "b7*a8=kS[wSa8->b1][+bQd8]",
            "b7*a8=kR[+bQd8]",
            "b7*a8=kB[wBa8->f1][+bQd8]",
        ],
    );
    e.snap("kamikaze_capturer_reborn_first");
}

#[test]
fn kamikaze_all_white_units_including_king() {
    let e = ex("circe-kamikaze-reborn", "8/5k2/8/8/R6R/p1N5/4p3/1n2K2p w - - flags=e1");
    e.exact_matching(
        &["*"],
        &[
            "Ke1*e2[wKe2->e1][+bPe7]",
            "Sc3*b1[wSb1->b1][+bSg8]",
            "Sc3*e2[+bPe7]",
            "Ra4*a3[wRa3->a1][+bPa7]",
            "Rh4*h1[wRh1->h1][+bPh7]",
        ],
    );
    e.snap("kamikaze_all_white_units");
}

#[test]
fn kamikaze_victim_reborn_on_the_capture_square() {
    let e = ex("circe-kamikaze-reborn", "1r6/6p1/8/k7/3Q4/8/8/7K w - -");
    e.contains(&["Qd4*g7[wQg7->d1][+bPg7]"]);
    e.snap("kamikaze_victim_reborn_on_capture_square");
}

#[test]
fn kamikaze_en_passant() {
    let e = ex("circe-kamikaze-reborn", "8/k7/8/1r1pP3/8/8/8/7K w - d6");
    e.contains(&["e5*d6 ep.[wPd6->d2][+bPd7]"]);
    e.snap("kamikaze_en_passant");
}

#[test]
fn kamikaze_capturer_vanishes_silently() {
    let e = ex("circe-kamikaze-reborn", "3q4/k7/8/3p4/8/8/3R4/7K w - -");
    e.line("Rd2*d5[+bPd7] d7-d5");
    e.snap("kamikaze_capturer_vanishes");
}

#[test]
fn kamikaze_rook_reborn_on_corner_castles() {
    // ser-002: 1.0-0-0 and 1.kRa1*a3[wkRa3->a1][+bPa7] 2.0-0-0
    let e = ex("circe-kamikaze-reborn", "7k/8/8/8/8/p7/8/R3K3 w Q -");
    e.contains(&["0-0-0"]);
    e.then("Ra1*a3[wRa3->a1][+bPa7] Kh8-g8").contains(&["0-0-0"]);
    e.snap("kamikaze_rook_castling");
}

#[test]
fn kamikaze_king_reborn_on_e1_castles() {
    // ser-002: 1.kKe1*d2[wkKd2->e1][+bPd7] 2.0-0, also with `option nocastling e1`
    let e = ex("circe-kamikaze-reborn", "k7/8/8/8/8/8/3p4/4K2R w K -");
    e.none_starting(&["0-0"]); // Ke1 is in check from d2
    e.then("Ke1*d2[wKd2->e1][+bPd7] Ka8-b8").contains(&["0-0"]);
    e.snap("kamikaze_king_castling");
    let e = ex("circe-kamikaze-reborn", "k7/8/8/8/8/8/3p4/4K2R w - - flags=h1");
    e.none_starting(&["0-0"]);
    e.then("Ke1*d2[wKd2->e1][+bPd7] Ka8-b8").contains(&["0-0"]);
    e.snap("kamikaze_king_castling_nocastling_e1");
}

#[test]
fn kamikaze_king_needs_e1() {
    let e = ex("circe-kamikaze-reborn", "8/k7/8/8/8/8/3p4/3Kn3 w - -");
    e.exact(&["Kd1-e2"]);
    e.snap("kamikaze_king_needs_e1");
    let e = ex("circe-kamikaze-reborn", "8/k7/8/8/8/3p4/8/3Kn3 w - -");
    e.contains(&["Kd1*e1[wKe1->e1][+bSb8]"]);
    e.snap("kamikaze_king_captures_on_e1");
}
