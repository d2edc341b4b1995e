//! A game: a position under a variant, with the moves played so far (their hashes, for
//! Cohen's rule). The entry point for the CLI, the suite runner and library users.

use crate::fen::{self, FenError};
use crate::moves::Move;
use crate::notation;
use crate::perft::Search;
use crate::position::{Position, Undo};
use crate::rules::effects::{NoRecord, Outcome};
use crate::rules::{Rules, UnknownVariant};
use crate::square::{Role, Square};
use crate::table::Table;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    Fen(FenError),
    Variant(UnknownVariant),
    PawnOnBackRank(Square),
    /// Units hidden under squares (Volcanic state) in orthodox chess.
    HiddenUnits(Square),
    /// A position no game under the rules can reach (the generator would be misled).
    Impossible(String),
    Move(String),
}

/// The deepest perft, divide or suite figure fairyperft computes. The search recurses once
/// per ply (the deepest recursion overflows a worker thread's stack a few dozen plies
/// further down in a debug build), and long before this depth the count of any position
/// with more than a handful of moves would overflow a u64 and take ages to compute.
pub const MAX_DEPTH: u32 = 32;

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Fen(e @ FenError::Impossible(_)) => write!(f, "{e}"),
            SetupError::Fen(e) => write!(f, "malformed FEN: {e}"),
            SetupError::Variant(e) => write!(f, "{e}"),
            SetupError::PawnOnBackRank(s) => write!(
                f,
                "malformed FEN: a pawn on {s} (pawns cannot stand on the 1st or 8th rank in orthodox chess)"
            ),
            SetupError::HiddenUnits(s) => write!(
                f,
                "malformed FEN: a unit hidden under {s} (hidden units belong to Circe variants, not to orthodox chess)"
            ),
            SetupError::Impossible(e) => write!(f, "impossible position: {e}"),
            SetupError::Move(e) => write!(f, "{e}"),
        }
    }
}
impl std::error::Error for SetupError {}

impl From<FenError> for SetupError {
    fn from(e: FenError) -> Self {
        SetupError::Fen(e)
    }
}
impl From<UnknownVariant> for SetupError {
    fn from(e: UnknownVariant) -> Self {
        SetupError::Variant(e)
    }
}

#[derive(Clone)]
pub struct Game {
    pub pos: Position,
    pub rules: Rules,
    /// Hashes of the positions from the set-up position to the current one.
    pub history: Vec<u64>,
}

/// Checks what a position needs under the rules. Orthodox chess has no pawns on its back
/// ranks, no hidden units and no pending rebirth (the specialised orthodox generator knows
/// none of them), and nothing stands on the two squares a pawn just left and passed by its
/// double step (an e.p. capture would land on the square passed). Under fairy conditions a
/// diagram may hold hidden units or a pending rebirth, and the double step's own effects
/// (a unit emerging, a rebirth) may fill those squares.
pub fn validate(pos: &Position, rules: &Rules) -> Result<(), SetupError> {
    if rules.is_plain_chess() {
        let back = crate::bitboard::Bitboard::rank(0) | crate::bitboard::Bitboard::rank(7);
        if let Some(s) = (pos.by_role(Role::Pawn) & back).first() {
            return Err(SetupError::PawnOnBackRank(s));
        }
        if let Some((s, _)) = pos.hidden().iter().next() {
            return Err(SetupError::HiddenUnits(s));
        }
        if let Some((p, s)) = pos.pending() {
            return Err(SetupError::Impossible(format!(
                "a pending rebirth (pending={}{s}) in orthodox chess, where nothing is reborn",
                p.fen_char()
            )));
        }
        if let Some(ep) = pos.ep_square() {
            let back = if pos.turn() == crate::square::Color::White {
                1
            } else {
                -1
            };
            for s in [Some(ep), ep.offset(0, back)].into_iter().flatten() {
                if pos.piece_at(s).is_some() {
                    return Err(SetupError::Impossible(format!(
                        "en-passant square {ep}, but {s} is occupied: the pawn that double-stepped has just left or passed it"
                    )));
                }
            }
        }
    }
    Ok(())
}

impl Game {
    pub fn new(fen_text: &str, variant: &str) -> Result<Game, SetupError> {
        let rules = Rules::parse(variant)?;
        let pos = fen::parse(fen_text)?;
        Game::from_parts(pos, rules)
    }

    pub fn from_parts(pos: Position, rules: Rules) -> Result<Game, SetupError> {
        validate(&pos, &rules)?;
        let history = vec![pos.hash()];
        Ok(Game { pos, rules, history })
    }

    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut s = Search::new(&self.rules, &self.history);
        s.legal_moves(&mut self.pos)
    }

    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut s = Search::new(&self.rules, &self.history);
        s.perft(&mut self.pos, depth)
    }

    /// (Popeye notation, count) per legal move.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, String, u64)> {
        let mut s = Search::new(&self.rules, &self.history);
        s.divide(&mut self.pos, depth)
    }

    pub fn popeye(&mut self, m: Move) -> String {
        notation::popeye(&mut self.pos, &self.rules, m)
    }

    /// Finds a legal move by its Popeye or UCI notation.
    pub fn find_move(&mut self, text: &str) -> Result<Move, SetupError> {
        let text = text.trim();
        let moves = self.legal_moves();
        for &m in &moves {
            if notation::uci(m) == text || self.popeye(m) == text {
                return Ok(m);
            }
        }
        Err(SetupError::Move(format!(
            "'{text}' is not a legal move in {} ({} legal moves)",
            self.pos.fen(),
            moves.len()
        )))
    }

    /// Plays a legal move for good.
    pub fn play(&mut self, m: Move) {
        let before_last = if self.rules.cohen && self.history.len() >= 2 {
            Some(self.history[self.history.len() - 2])
        } else {
            None
        };
        let mut undo = Undo::new();
        let out = self.rules.play(&mut self.pos, m, &mut undo, &mut NoRecord, before_last);
        debug_assert_eq!(out, Outcome::Done);
        self.history.push(self.pos.hash());
    }

    /// Plays moves given in Popeye or UCI notation, separated by spaces or commas.
    pub fn play_line(&mut self, line: &str) -> Result<(), SetupError> {
        for t in notation::split_moves(line) {
            let m = self.find_move(&t)?;
            self.play(m);
        }
        Ok(())
    }
}

impl Game {
    /// The game after `m` (a legal move), as a new value.
    pub fn after(&self, m: Move) -> Game {
        let mut g = self.clone();
        g.play(m);
        g
    }

    /// perft on `threads` threads (rayon), splitting the work two plies deep. The counts
    /// are those of [`Game::perft`].
    pub fn perft_parallel(&mut self, depth: u32, threads: usize) -> u64 {
        self.perft_with(depth, threads, None)
    }

    /// perft with any number of threads and an optional transposition table (shared by the
    /// threads). The counts are those of [`Game::perft`].
    pub fn perft_with(&mut self, depth: u32, threads: usize, table: Option<&Table>) -> u64 {
        use rayon::prelude::*;
        if threads <= 1 || depth < 3 {
            let mut s = Search::new(&self.rules, &self.history).with_table(table);
            return s.perft(&mut self.pos, depth);
        }
        if self.rules.opponent_in_check(&mut self.pos) {
            return 0;
        }
        let mut tasks = Vec::new();
        for m in self.legal_moves() {
            let mut g = self.after(m);
            for r in g.legal_moves() {
                tasks.push((m, r));
            }
        }
        let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(p) => p,
            Err(_) => return self.perft(depth),
        };
        let this = &*self;
        pool.install(|| {
            tasks
                .par_iter()
                .map(|&(m, r)| {
                    let mut g = this.after(m);
                    g.play(r);
                    let mut s = Search::new(&g.rules, &g.history).with_table(table);
                    s.perft_unchecked(&mut g.pos, depth - 2)
                })
                .sum()
        })
    }

    /// divide on `threads` threads: one task per legal move.
    pub fn divide_parallel(&mut self, depth: u32, threads: usize) -> Vec<(Move, String, u64)> {
        self.divide_with(depth, threads, None)
    }

    /// divide with any number of threads and an optional transposition table.
    pub fn divide_with(&mut self, depth: u32, threads: usize, table: Option<&Table>) -> Vec<(Move, String, u64)> {
        use rayon::prelude::*;
        if (threads <= 1 && table.is_none()) || depth < 2 {
            return self.divide(depth);
        }
        let moves = self.legal_moves();
        let names: Vec<String> = moves.iter().map(|&m| self.popeye(m)).collect();
        let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(p) => p,
            Err(_) => return self.divide(depth),
        };
        let this = &*self;
        let counts: Vec<u64> = pool.install(|| {
            moves
                .par_iter()
                .map(|&m| {
                    let mut g = this.after(m);
                    let mut s = Search::new(&g.rules, &g.history).with_table(table);
                    s.perft_unchecked(&mut g.pos, depth - 1)
                })
                .collect()
        });
        moves
            .into_iter()
            .zip(names)
            .zip(counts)
            .map(|((m, n), c)| (m, n, c))
            .collect()
    }
}
