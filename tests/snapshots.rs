//! Snapshot move lists (insta): positions that exercise castling, en passant, promotions,
//! pins and checks. Each snapshot lists the legal moves in Popeye's notation with UCI.

use fairyperft::{notation, Game};

fn listing(fen: &str, variant: &str) -> String {
    let mut g = Game::new(fen, variant).unwrap();
    let mut rows: Vec<String> = g
        .legal_moves()
        .into_iter()
        .map(|m| format!("{} ({})", g.popeye(m), notation::uci(m)))
        .collect();
    rows.sort();
    format!("{variant}: {fen}\n{} moves\n{}", rows.len(), rows.join("\n"))
}

macro_rules! snap {
    ($name:ident, $fen:expr) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(stringify!($name), listing($fen, "orthodox"));
        }
    };
}

snap!(
    castling_both_sides_both_colours,
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
);
snap!(
    castling_not_through_attacked_square,
    "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1"
);
snap!(castling_not_out_of_check, "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
snap!(castling_not_into_check, "6r1/1k6/8/8/8/8/8/R3K2R w KQ - 0 1");
snap!(
    castling_queen_side_b_file_attacked_is_fine,
    "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
);
snap!(en_passant, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
snap!(en_passant_horizontal_pin, "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
snap!(en_passant_captures_the_checker, "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
snap!(promotions_push_and_capture, "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
snap!(
    evasion_pinned_knight_cannot_block,
    "4k3/4r3/8/b7/8/8/3N4/4KR2 w - - 0 1"
);
snap!(pinned_rook_moves_along_the_pin, "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
snap!(double_check_only_king_moves, "4k3/8/8/8/8/8/6n1/3rK3 w - - 0 1");
snap!(no_king_never_in_check, "4k3/8/8/8/8/8/3r4/R7 w - - 0 1");
