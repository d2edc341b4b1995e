//! fairyperft: a perft and rules-conformance harness for fairy chess — the Circe family,
//! Madrasi and Isardam, in any composition — agreeing with Popeye move for move.
//!
//! The crate is layered one way: geometry ([`square`], [`bitboard`]) and the board
//! ([`position`], [`fen`]) → the rules ([`rules`]: the definition of every condition, its
//! candidate moves, the effects of a move and what counts as check) → the accelerators
//! (private: a faster count of the same legal moves, chosen once per rule set and tested
//! against the rules) → perft and the game ([`perft`], [`Game`]) → the suites ([`suite`]).
//!
//! ```
//! use fairyperft::Game;
//!
//! // Circe: a captured unit is reborn on its home square.
//! let mut game = Game::new("4k3/8/8/8/3p4/8/8/3RK3 w - - 0 1", "circe").unwrap();
//! let moves: Vec<String> = game.legal_moves().into_iter().map(|m| game.popeye(m)).collect();
//! assert!(moves.contains(&"Rd1*d4[+bPd7]".to_string()));
//! assert_eq!(game.perft(1), moves.len() as u64);
//! ```

pub(crate) mod attacks;
pub mod bitboard;
pub(crate) mod fast;
pub mod fen;
pub mod game;
pub mod invariants;
pub(crate) mod movegen;
pub mod moves;
pub mod notation;
pub mod oracle;
pub(crate) mod orthodox;
pub mod perft;
pub mod position;
pub mod rules;
pub mod square;
pub mod suite;
pub mod table;
pub(crate) mod zobrist;

pub use game::{Game, SetupError, MAX_DEPTH};
pub use moves::Move;
pub use position::Position;
pub use rules::Rules;
pub use square::{Color, Piece, Role, Square};
pub use table::Table;
