//! The differences between Popeye and fairyperft that `docs/rules.md` documents ("Where
//! fairyperft and Popeye differ") and that a drawn position can show. A crosscheck sets
//! the moves they explain aside in both answers before comparing, and counts such a
//! position apart from the agreeing and the disagreeing ones: what is left is a real
//! disagreement, what was set aside is named.

use super::{Answer, Probe};
use crate::position::flags;
use crate::square::{Color, Piece, Role, Square};
use crate::{Game, Move};
use std::collections::{BTreeMap, BTreeSet};

/// A documented difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Documented {
    /// Mars Circe: Popeye castles "via e1" with a king elsewhere, or with a king on e1
    /// that has lost its right; fairyperft castles only a king on its initial square
    /// with its right.
    MarsCastling,
    /// Equipollents Circe: a pawn on its own first rank steps and captures in
    /// fairyperft; Popeye lets it check but not move.
    EquipollentsFirstRankPawn,
}

impl Documented {
    pub fn name(self) -> &'static str {
        match self {
            Documented::MarsCastling => "Mars Circe castling via e1",
            Documented::EquipollentsFirstRankPawn => "Equipollents pawn on its first rank",
        }
    }

    /// The documented differences a variant can show.
    pub fn of(variant: &str) -> Vec<Documented> {
        let mut v = Vec::new();
        for part in variant.split('+').map(str::trim) {
            match part {
                "circe-mars" => v.push(Documented::MarsCastling),
                "circe-equipollents" => v.push(Documented::EquipollentsFirstRankPawn),
                _ => {}
            }
        }
        v
    }

    /// Whether the move named `name`, in `g` (whose legal moves by name are `ours`),
    /// is one this difference explains.
    fn explains(self, g: &Game, name: &str, ours: &BTreeMap<String, Move>) -> bool {
        let pos = &g.pos;
        let us = pos.turn();
        match self {
            Documented::MarsCastling => {
                let castling = name.ends_with("0-0") && !name.contains('*');
                let home = if us == Color::White { Square::E1 } else { Square::E8 };
                let king_may_castle = pos.piece_at(home) == Some(Piece::new(us, Role::King))
                    && pos.castle_flags() & flags::of_square(home) != 0;
                castling && !king_may_castle
            }
            Documented::EquipollentsFirstRankPawn => {
                let first_rank = if us == Color::White { 0 } else { 7 };
                ours.get(name).is_some_and(|m| {
                    m.from().rank() == first_rank && pos.piece_at(m.from()) == Some(Piece::new(us, Role::Pawn))
                })
            }
        }
    }
}

/// The legal moves of `g` by their names.
fn named(g: &mut Game) -> BTreeMap<String, Move> {
    g.legal_moves().into_iter().map(|m| (g.popeye(m), m)).collect()
}

/// The two answers with what the documented differences of `probe`'s variant explain
/// taken out of both (a move with its lines, or a line), and the differences that took
/// something out.
pub fn set_aside(
    probe: &Probe,
    popeye: &Answer,
    ours: &Answer,
) -> Result<(Answer, Answer, BTreeSet<Documented>), String> {
    let kinds = Documented::of(&probe.variant);
    let mut used = BTreeSet::new();
    if kinds.is_empty() {
        return Ok((popeye.clone(), ours.clone(), used));
    }
    let mut root = probe.game()?;
    let root_moves = named(&mut root);
    // the position after each move of both answers that fairyperft knows, with its moves
    let mut after: BTreeMap<String, (Game, BTreeMap<String, Move>)> = BTreeMap::new();
    let mut strip = |a: &Answer| -> Answer {
        let mut out = a.clone();
        for m in &a.moves {
            if let Some(k) = kinds.iter().find(|k| k.explains(&root, m, &root_moves)) {
                used.insert(*k);
                out.moves.remove(m);
                out.lines.retain(|(first, _)| first != m);
            }
        }
        for (m, r) in &a.lines {
            if !out.moves.contains(m) {
                continue;
            }
            let Some(&mv) = root_moves.get(m) else { continue };
            let (g, replies) = after.entry(m.clone()).or_insert_with(|| {
                let mut g = root.after(mv);
                let replies = named(&mut g);
                (g, replies)
            });
            if let Some(k) = kinds.iter().find(|k| k.explains(g, r, replies)) {
                used.insert(*k);
                out.lines.remove(&(m.clone(), r.clone()));
            }
        }
        out
    };
    let (p, o) = (strip(popeye), strip(ours));
    Ok((p, o, used))
}
