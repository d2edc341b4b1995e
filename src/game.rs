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

/// Why a game could not be set up, or a move not found. Its `Display` text is a one-line
/// message for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The FEN text is malformed; the [`FenError`] says how.
    Fen(FenError),
    /// The variant name is unknown, or names conditions that cannot be combined.
    Variant(UnknownVariant),
    /// Orthodox chess only: a pawn stands on the 1st or 8th rank (on this square).
    PawnOnBackRank(Square),
    /// Units hidden under squares (Volcanic state) in orthodox chess (under this square).
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

/// A game: a position under a variant, and the positions that led to it (which Cohen's
/// rule needs). The entry point of the library: set one up with [`Game::new`], then list
/// moves, play them, and count with [`Game::perft`] and [`Game::divide`].
///
/// The methods that look at moves take `&mut self`: they play moves on the position and
/// take them back, so the game is unchanged afterwards. Only [`Game::play`] and
/// [`Game::play_line`] change it.
#[derive(Clone)]
pub struct Game {
    /// The current position. Change it through [`Game::play`] and [`Game::play_line`]
    /// only, so that [`Game::history`] stays in step with it.
    pub pos: Position,
    /// The variant the game is played under.
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
    /// Sets up a game from a FEN (with the extended tokens if need be, see [`fen`]) and a
    /// variant name such as `circe` or `circe+madrasi` (see [`Rules::parse`]). The game's
    /// history starts at this position.
    ///
    /// ```
    /// use fairyperft::Game;
    ///
    /// // Madrasi: the queens observe each other on the d-file, so both are paralysed.
    /// let mut game = Game::new("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1", "madrasi").unwrap();
    /// let moves: Vec<String> = game.legal_moves().into_iter().map(|m| game.popeye(m)).collect();
    /// assert_eq!(moves, ["Ke1-f1", "Ke1-e2", "Ke1-f2"]);
    ///
    /// // Errors are values with a one-line message.
    /// let err = Game::new("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "orthodox").err().unwrap();
    /// assert!(err.to_string().starts_with("malformed FEN: a pawn on a1"));
    /// assert!(Game::new("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "circe+circle").is_err());
    /// ```
    pub fn new(fen_text: &str, variant: &str) -> Result<Game, SetupError> {
        let rules = Rules::parse(variant)?;
        let pos = fen::parse(fen_text)?;
        Game::from_parts(pos, rules)
    }

    /// A game from a position and rules already built (checked by [`validate`]). The
    /// history starts at this position.
    pub fn from_parts(pos: Position, rules: Rules) -> Result<Game, SetupError> {
        validate(&pos, &rules)?;
        let history = vec![pos.hash()];
        Ok(Game { pos, rules, history })
    }

    /// The legal moves of the current position, in generation order (not sorted). Empty
    /// when the side to move has none (mate or stalemate), and when the position is
    /// illegal (the side not to move is in check). A move that leaves a choice (the walk of
    /// a pawn a rebirth puts on its promotion rank) appears once per choice.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut s = Search::new(&self.rules, &self.history);
        s.legal_moves(&mut self.pos)
    }

    /// The number of leaf nodes `depth` plies below the current position: the sequences of
    /// exactly `depth` legal moves (1 at depth 0). 0 when the position is illegal (the
    /// side not to move is in check). Single-threaded; see [`Game::perft_with`] for
    /// threads and a transposition table.
    ///
    /// ```
    /// use fairyperft::{fen, Game};
    ///
    /// // The published perft(3) of the initial position.
    /// let mut game = Game::new(fen::STARTING_FEN, "orthodox").unwrap();
    /// assert_eq!(game.perft(3), 8902);
    /// // Circe + Madrasi: the first paralyses appear at the third ply.
    /// let mut game = Game::new(fen::STARTING_FEN, "circe+madrasi").unwrap();
    /// assert_eq!(game.perft(2), 400);
    /// assert_eq!(game.perft(3), 8874);
    /// ```
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut s = Search::new(&self.rules, &self.history);
        s.perft(&mut self.pos, depth)
    }

    /// perft split by the first move: per legal move, in the order of
    /// [`Game::legal_moves`], the move, its Popeye notation and the leaf count `depth - 1`
    /// plies below it (1 each at depth 0 or 1). The counts add up to [`Game::perft`].
    ///
    /// ```
    /// use fairyperft::{fen, Game};
    ///
    /// let mut game = Game::new(fen::STARTING_FEN, "orthodox").unwrap();
    /// let divide = game.divide(2);
    /// assert_eq!(divide.len(), 20);
    /// let (_, _, after_e4) = divide.iter().find(|(_, name, _)| name == "e2-e4").unwrap();
    /// assert_eq!(*after_e4, 20);
    /// assert_eq!(divide.iter().map(|(_, _, n)| n).sum::<u64>(), 400);
    /// ```
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, String, u64)> {
        let mut s = Search::new(&self.rules, &self.history);
        s.divide(&mut self.pos, depth)
    }

    /// Popeye's notation of `m`, a legal move of the current position, with the move's
    /// effects in brackets (see [`notation::popeye`]).
    pub fn popeye(&mut self, m: Move) -> String {
        notation::popeye(&mut self.pos, &self.rules, m)
    }

    /// Finds a legal move by its Popeye or UCI notation (surrounding spaces ignored). The
    /// text must match exactly what [`Game::popeye`] or [`notation::uci`] writes, effects
    /// in brackets included for Popeye's. Fails with [`SetupError::Move`].
    ///
    /// ```
    /// use fairyperft::{fen, Game, SetupError};
    ///
    /// let mut game = Game::new(fen::STARTING_FEN, "orthodox").unwrap();
    /// let m = game.find_move("e2e4").unwrap();
    /// assert_eq!(game.find_move("e2-e4").unwrap(), m);
    /// assert_eq!(game.find_move("Sg1-f3").unwrap(), game.find_move("g1f3").unwrap());
    /// match game.find_move("e2e5") {
    ///     Err(SetupError::Move(msg)) => assert!(msg.starts_with("'e2e5' is not a legal move")),
    ///     _ => panic!("e2e5 is not legal"),
    /// }
    ///
    /// // Popeye's notation names the effects too: here a Circe rebirth.
    /// let mut game = Game::new("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "circe").unwrap();
    /// let ep = game.find_move("e5*d6 ep.[+bPd7]").unwrap();
    /// assert_eq!(game.find_move("e5d6").unwrap(), ep);
    /// assert!(game.find_move("e5*d6 ep.").is_err());
    /// ```
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

    /// Plays a legal move for good, and records the new position in the history. `m` must
    /// be a legal move of the current position (from [`Game::legal_moves`] or
    /// [`Game::find_move`]): any other move leaves the game corrupt (debug builds panic).
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

    /// Plays moves given in Popeye or UCI notation (each as [`Game::find_move`] reads it),
    /// separated by spaces or commas; Popeye's `e5*d6 ep.` counts as one move. An en-passant
    /// capture with effects (`e5*d6 ep.[+bPd7]`) is not recognised in a line at present:
    /// give it in UCI (`e5d6`). On an error the moves before the bad one stay played.
    ///
    /// ```
    /// use fairyperft::{fen, Game};
    ///
    /// let mut game = Game::new(fen::STARTING_FEN, "orthodox").unwrap();
    /// game.play_line("e2e4 e7-e5, Sg1-f3").unwrap();
    /// assert_eq!(game.pos.plain_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    /// assert_eq!(game.history.len(), 4);
    ///
    /// // Circe: the pawn taken en passant is reborn on d7.
    /// let mut game = Game::new("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "circe").unwrap();
    /// game.play_line("e5d6").unwrap();
    /// assert_eq!(game.pos.plain_fen(), "4k3/3p4/3P4/8/8/8/8/4K3 b - - 0 1");
    /// ```
    pub fn play_line(&mut self, line: &str) -> Result<(), SetupError> {
        for t in notation::split_moves(line) {
            let m = self.find_move(&t)?;
            self.play(m);
        }
        Ok(())
    }
}

impl Game {
    /// The game after `m` (a legal move of the current position), as a new value; `self`
    /// is unchanged.
    pub fn after(&self, m: Move) -> Game {
        let mut g = self.clone();
        g.play(m);
        g
    }

    /// perft on `threads` threads (rayon), splitting the work two plies deep. The counts
    /// are those of [`Game::perft`]. With `threads` of 0 or 1, or a depth below 3, it runs
    /// on the calling thread.
    pub fn perft_parallel(&mut self, depth: u32, threads: usize) -> u64 {
        self.perft_with(depth, threads, None)
    }

    /// perft with any number of threads and an optional transposition table (shared by the
    /// threads). The counts are those of [`Game::perft`]. The table must only hold counts
    /// made under this game's rules (see [`Table`]).
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

    /// divide on `threads` threads: one task per legal move. The result is that of
    /// [`Game::divide`], in the same order.
    pub fn divide_parallel(&mut self, depth: u32, threads: usize) -> Vec<(Move, String, u64)> {
        self.divide_with(depth, threads, None)
    }

    /// divide with any number of threads and an optional transposition table (used with
    /// this game's rules only, see [`Table`]). The result is that of [`Game::divide`].
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
