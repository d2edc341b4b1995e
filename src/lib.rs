//! fairyperft: a perft and rules-conformance harness for fairy chess — the Circe family,
//! Madrasi and Isardam — agreeing with Popeye move for move.
//!
//! Layout: geometry (`square`, `bitboard`, `attacks`), state (`position`, `fen`, `zobrist`),
//! candidate moves (`movegen`), the conditions (`rules/`: Circe axes and presets, Madrasi,
//! Isardam, Cohen, the move pipeline and the check definition), the specialised orthodox
//! generator (`orthodox`), `notation`, `perft`, `game`, and the suite runner (`suite/`).

pub mod attacks;
pub mod bitboard;
pub mod fen;
pub mod game;
pub mod invariants;
pub mod leaf;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod orthodox;
pub mod perft;
pub mod position;
pub mod rules;
pub mod square;
pub mod suite;
pub mod table;
pub mod zobrist;

pub use game::{Game, SetupError, MAX_DEPTH};
pub use moves::Move;
pub use position::Position;
pub use rules::Rules;
