//! Invariants of the move generator, for every variant: checked by the fuzz targets
//! (`fuzz/`) and by the tests (`tests/invariants.rs`) through the same functions, so the
//! two check exactly the same things.
//!
//! At a node (a position under a variant, with its history for Cohen's rule):
//!
//! * the incremental hash equals the hash recomputed from scratch;
//! * the full FEN (`Position::fen`) parses back to the same position, bit for bit;
//! * every candidate move (and each rebirth-promotion choice), legal or not, is taken back
//!   by `unmake` to the same position, hash included; so are the check test, the move
//!   list and the notation, which play moves internally;
//! * after each legal move the mover is not in check by the variant's own definition,
//!   and the hash is still the recomputed one;
//! * the legal moves are unique, as `Move` values and as Popeye strings;
//! * perft(1) equals the number of legal moves (orthodox: the bulk counter agrees with the
//!   list, and the generic pipeline finds the same moves);
//! * the accelerators' listing of perft's inner plies (`fast::for_each_legal`) finds the
//!   same moves as the rules, as a set;
//! * Cohen's rule only removes moves, and only those that recreate the position before
//!   the opponent's last move;
//! * the colour-mirrored position mirrors back to the position, has the same legality and
//!   the same perft(2) (depth capped by [`Limits`]), and perft(2) equals the sum of the
//!   divide over the listed legal moves (perft walks the moves its own way);
//! * a position whose side not to move is in check has no legal move (docs/rules.md).
//!
//! Along a line of moves ([`check_line`]): every node as above, the line replays through
//! the Popeye notation of its moves (`Game::play_line`) to the same position, and unmaking
//! the whole line returns each earlier position bit for bit.
//!
//! A violation is an `Err` with a readable description (variant, FEN, move).
//!
//! This module is public for the fuzz targets and the integration tests; it is not meant
//! as an interface for other uses.

pub mod input;

use crate::fen;
use crate::game::Game;
use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::notation;
use crate::perft::Search;
use crate::position::{Position, Undo};
use crate::rules::check::in_check;
use crate::rules::effects::{NoRecord, Outcome};
use crate::rules::Rules;
use crate::square::Role;
use std::collections::HashSet;

/// How much perft work a node may cost.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Depth of the mirror comparison (2 normally).
    pub mirror_depth: u32,
    /// Above this many legal moves the mirror comparison drops to depth 1.
    pub mirror_max_moves: usize,
}

impl Limits {
    /// Everything at depth 2.
    pub const FULL: Limits = Limits {
        mirror_depth: 2,
        mirror_max_moves: usize::MAX,
    };
    /// Depth 2 unless the position has many moves (fuzzing: keeps one run fast).
    pub const FUZZ: Limits = Limits {
        mirror_depth: 2,
        mirror_max_moves: 48,
    };
    /// Depth 1 only (inner nodes of a line).
    pub const SHALLOW: Limits = Limits {
        mirror_depth: 1,
        mirror_max_moves: usize::MAX,
    };
}

/// What a node check found (for the caller's statistics and for walking on).
#[derive(Clone, Debug, Default)]
pub struct NodeReport {
    /// The legal moves and their Popeye notation, in generation order.
    pub moves: Vec<(Move, String)>,
    /// The side not to move was in check (an illegal position: no moves).
    pub illegal: bool,
    /// Candidate moves played and taken back (legal or not).
    pub candidates: usize,
}

macro_rules! ensure {
    ($cond:expr, $ctx:expr, $($arg:tt)*) => {
        if !$cond {
            return Err(format!("{}: {}", $ctx, format!($($arg)*)));
        }
    };
}

fn ctx(pos: &Position, rules: &Rules) -> String {
    format!("[{}] {}", rules.name(), pos.fen())
}

/// FEN text through the parser: no panic; an accepted position prints back to a FEN that
/// parses to the same position (and prints the same again). `Ok(None)` when refused.
pub fn check_fen_text(text: &str) -> Result<Option<Position>, String> {
    let Ok(pos) = fen::parse(text) else { return Ok(None) };
    check_fen_roundtrip(&pos).map_err(|e| format!("input {text:?}: {e}"))?;
    Ok(Some(pos))
}

/// `fen()` of the position parses back to it, bit for bit, and the hash is the recomputed one.
pub fn check_fen_roundtrip(pos: &Position) -> Result<(), String> {
    let text = pos.fen();
    if pos.hash() != pos.compute_hash() {
        return Err(format!(
            "{text}: incremental hash {:#x} != recomputed {:#x}",
            pos.hash(),
            pos.compute_hash()
        ));
    }
    let back = fen::parse(&text).map_err(|e| format!("fen() printed {text:?}, which does not parse: {e}"))?;
    if back != *pos {
        return Err(format!(
            "fen() printed {text:?}, which parses to a different position ({back:?} vs {pos:?})"
        ));
    }
    let again = back.fen();
    if again != text {
        return Err(format!("fen() is not stable: {text:?} then {again:?}"));
    }
    Ok(())
}

/// The hash of the position before the opponent's last move, as `Search` sees it.
fn before_last(rules: &Rules, history: &[u64]) -> Option<u64> {
    if rules.cohen && history.len() >= 2 {
        Some(history[history.len() - 2])
    } else {
        None
    }
}

/// Checks every invariant of the module comment at one node. `history` holds the hashes
/// of the positions from the earliest known one to `pos` inclusive (as `Game` keeps them;
/// empty or `[pos.hash()]` at a root). `pos` is left as it was (checked too).
pub fn check_position(
    pos: &mut Position,
    rules: &Rules,
    history: &[u64],
    limits: &Limits,
) -> Result<NodeReport, String> {
    let here = ctx(pos, rules);
    let before = pos.clone();
    check_fen_roundtrip(pos).map_err(|e| format!("[{}] {e}", rules.name()))?;
    if let Some(&h) = history.last() {
        ensure!(h == pos.hash(), here, "the history does not end with this position");
    }
    let mut report = NodeReport {
        illegal: rules.opponent_in_check(pos),
        ..NodeReport::default()
    };
    ensure!(*pos == before, here, "the check test changed the position");

    // every candidate, legal or not, is taken back exactly
    let mut list = MoveList::new();
    movegen::candidates(pos, rules, &mut list);
    ensure!(*pos == before, here, "generating candidates changed the position");
    let bl = before_last(rules, history);
    let mut undo = Undo::new();
    for &m in list.iter() {
        let out = rules.play(pos, m, &mut undo, &mut NoRecord, bl);
        pos.unmake(&undo);
        report.candidates += 1;
        ensure!(
            *pos == before,
            here,
            "playing and taking back candidate {} ({out:?}) changed the position",
            notation::uci(m)
        );
        if out == Outcome::NeedsChoice {
            for role in Role::PROMOTIONS {
                let m2 = m.with_rebirth_promotion(role);
                let out2 = rules.play(pos, m2, &mut undo, &mut NoRecord, bl);
                pos.unmake(&undo);
                report.candidates += 1;
                ensure!(
                    *pos == before,
                    here,
                    "playing and taking back {} ({out2:?}) changed the position",
                    notation::uci(m2)
                );
                ensure!(
                    out2 != Outcome::NeedsChoice,
                    here,
                    "{} still needs a choice",
                    notation::uci(m2)
                );
            }
        }
    }

    let moves = Search::new(rules, history).legal_moves(pos);
    ensure!(*pos == before, here, "listing the legal moves changed the position");
    let n1 = Search::new(rules, history).perft(pos, 1);
    ensure!(*pos == before, here, "perft(1) changed the position");
    ensure!(
        n1 == moves.len() as u64,
        here,
        "perft(1) = {n1} but {} legal moves are listed",
        moves.len()
    );

    if report.illegal {
        ensure!(
            moves.is_empty(),
            here,
            "the side not to move is in check, yet {} moves are listed",
            moves.len()
        );
    }

    // uniqueness, as values and as notation
    let mut seen = HashSet::new();
    for &m in &moves {
        ensure!(seen.insert(m), here, "move {} listed twice", notation::uci(m));
    }
    let mut names = HashSet::new();
    for &m in &moves {
        let name = notation::popeye(pos, rules, m);
        ensure!(
            *pos == before,
            here,
            "writing the notation of {} changed the position",
            notation::uci(m)
        );
        ensure!(names.insert(name.clone()), here, "two legal moves are written {name}");
        report.moves.push((m, name));
    }

    // each legal move: legal when played, mover not in check after it, hash consistent
    let mover = pos.turn();
    for (m, name) in &report.moves {
        let out = rules.play(pos, *m, &mut undo, &mut NoRecord, bl);
        if out != Outcome::Done {
            pos.unmake(&undo);
            return Err(format!("{here}: listed move {name} plays as {out:?}"));
        }
        let after_hash_ok = pos.hash() == pos.compute_hash();
        let turn_ok = pos.turn() == mover.other();
        let mover_in_check = in_check(pos, rules, mover);
        let after_fen = pos.fen();
        pos.unmake(&undo);
        ensure!(
            after_hash_ok,
            here,
            "after {name} the incremental hash differs from the recomputed one ({after_fen})"
        );
        ensure!(turn_ok, here, "after {name} the same side is to move");
        ensure!(
            !mover_in_check,
            here,
            "after {name} the mover is in check ({after_fen})"
        );
        ensure!(
            *pos == before,
            here,
            "playing and taking back {name} changed the position"
        );
    }

    // the accelerators' listing of perft's inner plies finds the same moves as the rules, as a
    // set (perft's counts agreeing could hide a wrong move offset by a missing one)
    if !report.illegal {
        let mut listed: Vec<Move> = Vec::new();
        crate::fast::for_each_legal(pos, rules, crate::fast::Plan::of(rules), bl, |_, m| listed.push(m));
        ensure!(*pos == before, here, "the fast listing changed the position");
        let fast: HashSet<Move> = listed.iter().copied().collect();
        ensure!(fast.len() == listed.len(), here, "the fast listing gives a move twice");
        let defined: HashSet<Move> = moves.iter().copied().collect();
        let names = |set: &HashSet<Move>, other: &HashSet<Move>| {
            let mut v: Vec<String> = set.difference(other).map(|&m| notation::uci(m)).collect();
            v.sort();
            v.join(" ")
        };
        ensure!(
            fast == defined,
            here,
            "the fast listing and the rules disagree: only listed fast [{}], only by the rules [{}]",
            names(&fast, &defined),
            names(&defined, &fast)
        );
    }

    // orthodox chess: the specialised generator and the generic pipeline agree
    if rules.is_orthodox() {
        let generic = rules.clone().generic();
        let a: HashSet<Move> = moves.iter().copied().collect();
        let b: HashSet<Move> = Search::new(&generic, history).legal_moves(pos).into_iter().collect();
        ensure!(
            a == b,
            here,
            "the orthodox generator and the generic pipeline disagree: {} vs {} moves",
            a.len(),
            b.len()
        );
    }

    // Cohen's rule removes exactly the moves that recreate the position before the last move
    if rules.cohen {
        // the same rules without Cohen's rule, through the same (generic) pipeline
        let mut plain = rules.clone().generic();
        plain.cohen = false;
        let without: Vec<Move> = Search::new(&plain, history).legal_moves(pos);
        let with: HashSet<Move> = moves.iter().copied().collect();
        for m in &with {
            ensure!(
                without.contains(m),
                here,
                "{} is legal only with Cohen's rule",
                notation::uci(*m)
            );
        }
        for &m in without.iter().filter(|m| !with.contains(m)) {
            let out = plain.play(pos, m, &mut undo, &mut NoRecord, None);
            let h = pos.hash();
            pos.unmake(&undo);
            ensure!(
                out == Outcome::Done && Some(h) == bl,
                here,
                "Cohen's rule removed {}, which does not recreate the position before the last move",
                notation::uci(m)
            );
        }
    }

    // the colour mirror
    let mut mirror = pos.mirrored();
    ensure!(
        mirror.hash() == mirror.compute_hash(),
        here,
        "the mirrored position's hash is not the recomputed one"
    );
    ensure!(
        mirror.mirrored() == before,
        here,
        "mirroring twice does not give the position back"
    );
    check_fen_roundtrip(&mirror).map_err(|e| format!("{here}: mirrored: {e}"))?;
    let mirror_illegal = rules.opponent_in_check(&mut mirror);
    ensure!(
        mirror_illegal == report.illegal,
        here,
        "the mirrored position's legality differs"
    );
    let depth = if moves.len() <= limits.mirror_max_moves {
        limits.mirror_depth
    } else {
        1
    };
    if depth > 0 {
        let a = Search::new(rules, &[pos.hash()]).perft(pos, depth);
        let b = Search::new(rules, &[mirror.hash()]).perft(&mut mirror, depth);
        ensure!(
            a == b,
            here,
            "perft({depth}) = {a}, but {b} for the mirrored position {}",
            mirror.fen()
        );
        ensure!(*pos == before, here, "perft({depth}) changed the position");
        if depth >= 2 && !report.illegal {
            // perft's own walk of the moves (in its order, some without the legality test)
            // against divide's, which plays the listed legal moves
            let split: u64 = Search::new(rules, history).divide(pos, depth).iter().map(|d| d.2).sum();
            let whole = Search::new(rules, history).perft(pos, depth);
            ensure!(
                split == whole,
                here,
                "perft({depth}) = {whole}, but the divide of the listed moves sums to {split}"
            );
            ensure!(*pos == before, here, "divide({depth}) changed the position");
        }
    }
    Ok(report)
}

/// Statistics of a line walk.
#[derive(Clone, Debug, Default)]
pub struct LineReport {
    /// The moves played along the line.
    pub plies: usize,
    /// The positions checked (the start and one after each move).
    pub nodes: usize,
}

/// A walk of up to `max_plies` legal moves from `pos` under `rules`, the move at each ply
/// picked by the next byte of `choices` (the walk stops when they run out, or at a node
/// without moves). Every node is checked ([`Limits::SHALLOW`] on the way, `last` at the
/// end); so are the replay through notation and the unmaking of the whole line.
pub fn check_line(
    start: &Position,
    rules: &Rules,
    choices: &[u8],
    max_plies: usize,
    last: &Limits,
) -> Result<LineReport, String> {
    let mut pos = start.clone();
    let mut history = vec![pos.hash()];
    let mut stack: Vec<(Position, Undo, String)> = Vec::new();
    let mut report = LineReport::default();
    let mut names: Vec<String> = Vec::new();
    let mut choices = choices.iter();
    loop {
        let at_end = stack.len() >= max_plies || choices.len() == 0;
        let limits = if at_end { last } else { &Limits::SHALLOW };
        let node = check_position(&mut pos, rules, &history, limits).map_err(|e| with_line(e, start, &names))?;
        report.nodes += 1;
        if at_end || node.moves.is_empty() {
            break;
        }
        let pick = *choices.next().unwrap() as usize % node.moves.len();
        let (m, name) = node.moves[pick].clone();
        let saved = pos.clone();
        let mut undo = Undo::new();
        let out = rules.play(&mut pos, m, &mut undo, &mut NoRecord, before_last(rules, &history));
        if out != Outcome::Done {
            return Err(with_line(
                format!("{}: {name} plays as {out:?}", ctx(&saved, rules)),
                start,
                &names,
            ));
        }
        if pos.hash() != pos.compute_hash() {
            return Err(with_line(
                format!("after {name}: incremental hash differs from the recomputed one"),
                start,
                &names,
            ));
        }
        history.push(pos.hash());
        names.push(name.clone());
        stack.push((saved, undo, name));
    }
    report.plies = stack.len();

    // the line replays through its notation
    let mut game = Game::from_parts(start.clone(), rules.clone()).map_err(|e| format!("{}: {e}", ctx(start, rules)))?;
    for (i, name) in names.iter().enumerate() {
        let m = game
            .find_move(name)
            .map_err(|e| with_line(format!("replaying ply {}: {e}", i + 1), start, &names))?;
        game.play(m);
    }
    if game.pos != pos || game.history != history {
        return Err(with_line(
            format!(
                "replaying the line by notation reaches {}, not {}",
                game.pos.fen(),
                pos.fen()
            ),
            start,
            &names,
        ));
    }

    // unmaking the whole line gives back every position on it
    while let Some((saved, undo, name)) = stack.pop() {
        pos.unmake(&undo);
        if pos != saved {
            return Err(with_line(
                format!("taking back {name} gives {}, not {}", pos.fen(), saved.fen()),
                start,
                &names,
            ));
        }
    }
    Ok(report)
}

fn with_line(e: String, start: &Position, names: &[String]) -> String {
    format!("{e}\n  line from {}: {}", start.fen(), names.join(" "))
}

/// Decodes a fuzz input ([`input::decode`]) and checks it: the `movegen` target.
pub fn fuzz_movegen(data: &[u8]) -> Result<(), String> {
    let mut b = input::Bytes::new(data);
    let Some(mut d) = input::decode(&mut b) else {
        return Ok(());
    };
    let history = [d.pos.hash()];
    check_position(&mut d.pos, &d.rules, &history, &Limits::FUZZ).map(|_| ())
}

/// Decodes a fuzz input and walks a line of up to 40 plies chosen by the remaining bytes:
/// the `line` target.
pub fn fuzz_line(data: &[u8]) -> Result<(), String> {
    let mut b = input::Bytes::new(data);
    let Some(d) = input::decode(&mut b) else { return Ok(()) };
    check_line(&d.pos, &d.rules, b.rest(), 40, &Limits::FUZZ).map(|_| ())
}

/// Arbitrary bytes as FEN text: the `fen` target.
pub fn fuzz_fen(data: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(data);
    check_fen_text(&text).map(|_| ())
}

/// Arbitrary bytes as a suite file: the `suite` target. The same text goes to every suite
/// reader (YAML, EPD, Popeye input); reading it, and setting up each case's game (history
/// included: FEN, variant names and move notation), must not panic.
pub fn fuzz_suite(data: &[u8]) -> Result<(), String> {
    use crate::suite::{import, LoadError, Suite};
    let text = String::from_utf8_lossy(data);
    type Reader = fn(&std::path::Path, &str) -> Result<Suite, LoadError>;
    let readers: [(&str, Reader); 3] = [
        ("fuzz.yaml", crate::suite::parse_suite),
        ("fuzz.epd", import::parse_epd),
        ("fuzz.inp", import::parse_popeye_suite),
    ];
    for (name, read) in readers {
        let Ok(suite) = read(std::path::Path::new(name), &text) else {
            continue;
        };
        let default = suite.file.variant.clone().unwrap_or_else(|| "orthodox".into());
        for case in suite.file.cases.iter().take(8) {
            let variant = case.variant.as_deref().unwrap_or(&default);
            if let Ok(mut game) = Game::new(&case.fen, variant) {
                if let Some(h) = &case.history {
                    let line: Vec<&str> = h.iter().take(16).map(|s| s.as_str()).collect();
                    let _ = game.play_line(&line.join(" "));
                }
            }
        }
    }
    Ok(())
}

/// Deterministic pseudo-random bytes (xorshift) for test inputs and seed corpora: the
/// same `seed` gives the same bytes.
pub fn noise(seed: u64, n: usize) -> Vec<u8> {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 24) as u8
        })
        .collect()
}
