//! perft and divide, generic over the rules; orthodox chess takes the specialised
//! generator and counts the last ply in bulk.
//!
//! Most users call [`Game::perft`](crate::Game::perft) and
//! [`Game::divide`](crate::Game::divide), which set up a [`Search`] from the game's
//! history. A `Search` is the lower-level tool: it works on a [`Position`] and rules you
//! hold yourself.

use crate::fast::{self, Plan};
use crate::moves::{Move, MoveList};
use crate::notation;
use crate::orthodox;
use crate::position::{Position, Undo};
use crate::rules::effects::{self, Mode, NoRecord};
use crate::rules::Rules;
use crate::table::Table;

/// Search context: the rules, and the hashes of the positions on the path from the
/// earliest known one to the current one (Cohen's rule looks two plies back).
///
/// ```
/// use fairyperft::perft::Search;
/// use fairyperft::{fen, Rules};
///
/// // "Kiwipete", a standard perft test position: perft(1) = 48, perft(2) = 2039.
/// let mut pos = fen::parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
/// let rules = Rules::orthodox();
/// let mut search = Search::new(&rules, &[pos.hash()]);
/// assert_eq!(search.legal_moves(&mut pos).len(), 48);
/// assert_eq!(search.perft(&mut pos, 2), 2039);
/// let divide = search.divide(&mut pos, 2);
/// assert_eq!(divide.iter().map(|(_, _, n)| n).sum::<u64>(), 2039);
/// ```
pub struct Search<'a> {
    /// The rules the search plays by.
    pub rules: &'a Rules,
    /// The accelerators these rules take, decided once.
    plan: Plan,
    /// The hashes ([`Position::hash`]) of the positions from the earliest known one to the
    /// current one, current last; the search pushes and pops as it walks. Only Cohen's rule
    /// reads it (the entry before the last is the position before the opponent's last move).
    pub history: Vec<u64>,
    /// Optional transposition table (`--hash`).
    pub table: Option<&'a Table>,
    /// The board of the parent position when the search reached this one (Cohen's rule:
    /// the position before the opponent's last move), for the last ply's count
    /// (`fast::count_with`).
    parent_board: Option<crate::position::Sets>,
}

impl<'a> Search<'a> {
    /// A search under `rules` from a position reached along `history`: the hashes of the
    /// positions from the earliest known one to the position searched, inclusive (as
    /// [`Game::history`](crate::Game::history) keeps them). At a root without a past, pass
    /// `&[pos.hash()]` or `&[]`: Cohen's rule then forbids nothing on the first move.
    pub fn new(rules: &'a Rules, history: &[u64]) -> Search<'a> {
        Search {
            rules,
            plan: Plan::of(rules),
            history: history.to_vec(),
            table: None,
            parent_board: None,
        }
    }

    /// The same search, remembering subtree counts in `table` (`None`: no table). The
    /// counts do not change; repeated subtrees are looked up. A table must only ever hold
    /// counts of one set of rules (see [`Table`]).
    pub fn with_table(mut self, table: Option<&'a Table>) -> Search<'a> {
        self.table = table;
        self
    }

    /// The table key of `pos` in this search: its hash (board, hidden units, pending
    /// rebirth, side, castling flags, e.p.), plus what else decides the count: the
    /// position before the opponent's last move (Cohen) and the diagram squares (Diagram).
    #[inline]
    fn key(&self, pos: &Position) -> u64 {
        let mut k = pos.hash();
        if self.rules.cohen {
            k ^= self
                .before_last()
                .map_or(0x5bd1_e995_7f4a_7c15, |h| h.rotate_left(23) ^ 0x9e37_79b9_7f4a_7c15);
        }
        if self.rules.uses_origins() {
            k ^= pos.origin_hash();
        }
        k
    }

    /// The hash of the position before the opponent's last move, if known.
    #[inline]
    fn before_last(&self) -> Option<u64> {
        if self.rules.cohen && self.history.len() >= 2 {
            Some(self.history[self.history.len() - 2])
        } else {
            None
        }
    }

    /// The number of leaf nodes `depth` plies below `pos`: the sequences of exactly `depth`
    /// legal moves (1 at depth 0). 0 when the position is illegal, that is when the side
    /// not to move is in check. `pos` is played on and restored.
    pub fn perft(&mut self, pos: &mut Position, depth: u32) -> u64 {
        if self.rules.opponent_in_check(pos) {
            return 0;
        }
        self.perft_inner(pos, depth)
    }

    /// [`Search::perft`] of a position known to be legal (reached by a legal move), without
    /// the check test; on an illegal position the count is meaningless.
    pub fn perft_unchecked(&mut self, pos: &mut Position, depth: u32) -> u64 {
        self.perft_inner(pos, depth)
    }

    fn perft_inner(&mut self, pos: &mut Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.plan.orthodox {
            return orthodox_perft(pos, self.rules, depth, self.table);
        }
        let before_last = self.before_last();
        let (rules, plan) = (self.rules, self.plan);
        if depth == 1 {
            return fast::count_with(pos, rules, plan, before_last, self.parent_board.as_ref());
        }
        let key = self.table.map(|t| (t, self.key(pos)));
        if let Some((t, k)) = key {
            if let Some(n) = t.probe(k, depth) {
                return n;
            }
        }
        let mut n = 0;
        if !rules.cohen {
            // (the path and the parent's board matter to Cohen's rule only)
            if depth == 2 {
                n = match fast::count_two(pos, rules, plan) {
                    Some(two) => two,
                    None => count_two_played(pos, rules, plan),
                };
            } else {
                fast::for_each_legal(pos, rules, plan, None, |pos, _| n += self.perft_inner(pos, depth - 1));
            }
        } else {
            // (every child has this board as its parent's; each restores it after its own)
            let saved = self.parent_board.replace(*pos.sets());
            fast::for_each_legal(pos, rules, plan, before_last, |pos, _| {
                self.history.push(pos.hash());
                n += self.perft_inner(pos, depth - 1);
                self.history.pop();
            });
            self.parent_board = saved;
        }
        if let Some((t, k)) = key {
            t.store(k, depth, n);
        }
        n
    }

    /// The legal moves of `pos`, in generation order (empty when the position is illegal).
    /// A move with a choice of walk for a reborn pawn appears once per choice.
    pub fn legal_moves(&mut self, pos: &mut Position) -> Vec<Move> {
        let mut out = Vec::new();
        if self.rules.opponent_in_check(pos) {
            return out;
        }
        if self.plan.orthodox {
            let mut list = MoveList::new();
            orthodox::legal_moves(pos, &mut list);
            return list.to_vec();
        }
        let before_last = self.before_last();
        self.rules.for_each_legal(pos, before_last, |_, m| out.push(m));
        out
    }

    /// Per legal move, in the order of [`Search::legal_moves`]: the move, its Popeye
    /// notation and the leaf count `depth - 1` plies below it (1 each at depth 0 or 1).
    /// The counts add up to [`Search::perft`] at depths 1 and more.
    pub fn divide(&mut self, pos: &mut Position, depth: u32) -> Vec<(Move, String, u64)> {
        let moves = self.legal_moves(pos);
        let mut out = Vec::with_capacity(moves.len());
        let board_here = *pos.sets();
        for m in moves {
            let name = notation::popeye(pos, self.rules, m);
            let mut undo = Undo::new();
            self.rules.play(pos, m, &mut undo, &mut NoRecord, self.before_last());
            self.history.push(pos.hash());
            let saved = self.parent_board.replace(board_here);
            let n = if depth <= 1 {
                1
            } else {
                self.perft_inner(pos, depth - 1)
            };
            self.parent_board = saved;
            self.history.pop();
            pos.unmake(&undo);
            out.push((m, name, n));
        }
        out
    }
}

/// perft(2) of a position known to be legal: each legal move played, the position after it
/// counted by the accelerators' last ply (`fast::count_with`). (A function of its own: in
/// perft's loop beside the Mars perft(2) call the compiler put the move loop out of line
/// itself, with the count behind the closure's reference, which slowed the other
/// variants.)
#[inline(never)]
fn count_two_played(pos: &mut Position, rules: &Rules, plan: Plan) -> u64 {
    let mut n = 0;
    fast::for_each_legal(pos, rules, plan, None, |pos, _| {
        n += fast::count_with(pos, rules, plan, None, None)
    });
    n
}

/// Orthodox perft: strictly legal generation, make/unmake inside, bulk count at the leaves.
/// For `depth` of 1 or more on a legal position; `rules` must be orthodox chess (it is
/// not checked). [`Search::perft`] takes this path by itself when the rules allow it.
pub fn orthodox_perft(pos: &mut Position, rules: &Rules, depth: u32, table: Option<&Table>) -> u64 {
    if depth == 1 {
        return orthodox::count(pos);
    }
    if let Some(n) = table.and_then(|t| t.probe(pos.hash(), depth)) {
        return n;
    }
    let mut list = MoveList::new();
    orthodox::legal_moves(pos, &mut list);
    let mut undo = Undo::new();
    let mut n = 0;
    for &m in list.iter() {
        effects::apply(pos, rules, m, &mut undo, &mut NoRecord, Mode::Play);
        n += orthodox_perft(pos, rules, depth - 1, table);
        pos.unmake(&undo);
    }
    if let Some(t) = table {
        t.store(pos.hash(), depth, n);
    }
    n
}
