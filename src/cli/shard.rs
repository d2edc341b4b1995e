//! Split runs: `perft --shard K/N` counts one of N parts of a perft tree, `merge` adds the
//! parts up. Every shard computes the same split by itself (no coordinator): the tree is
//! cut a few plies below the root, each subtree's size is estimated by a shallow perft,
//! and the subtrees are dealt out largest first, each to the least-loaded shard. The
//! estimates are exact integers computed the same way everywhere, so every shard agrees
//! on the deal.

use super::count::{self, Progress, Subtree};
use super::{CmdResult, Failure, PerftArgs};
use clap::Args;
use fairyperft::table::Table;
use fairyperft::{fen, notation, Game};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};
use std::path::PathBuf;

/// At most this many shards (a split finer than the subtrees there are leaves shards empty).
pub const MAX_SHARDS: usize = 1_000_000;

/// The automatic split depth aims at this many subtrees per shard, for balance.
const SUBTREES_PER_SHARD: usize = 16;

/// The automatic split depth goes no deeper (thousands of subtrees already).
const MAX_AUTO_SPLIT: u32 = 3;

/// `--shard K/N`, 1 ≤ K ≤ N ≤ [`MAX_SHARDS`].
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (k, n) = s
        .split_once('/')
        .ok_or_else(|| format!("'{s}' is not K/N (shard K of N, e.g. 3/8)"))?;
    let n = super::bounded(n, 1, MAX_SHARDS as u64, "shards").map_err(|e| format!("N in '{s}': {e}"))? as usize;
    let k = super::bounded(k, 1, u64::MAX, "").map_err(|e| format!("K in '{s}': {e}"))? as usize;
    if k > n {
        return Err(format!("'{s}': there is no shard {k} of {n} (K is 1 to N)"));
    }
    Ok((k, n))
}

/// One subtree a shard counted: the moves from the root to it (UCI notation) and its count.
#[derive(Serialize, Deserialize, Clone)]
pub struct Counted {
    pub moves: String,
    pub nodes: u64,
}

/// The JSON line a shard prints and `merge` reads.
#[derive(Serialize, Deserialize)]
pub struct ShardLine {
    /// fairyperft's version (the split is only known to agree within one version)
    pub fairyperft: String,
    /// The root position's FEN as fairyperft writes it
    pub fen: String,
    /// The moves played from the FEN to the root, in UCI notation (absent: none)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
    pub variant: String,
    pub depth: u32,
    pub shard: usize,
    pub shards: usize,
    pub split_depth: u32,
    /// How many subtrees the split has, over all shards
    pub subtrees_total: usize,
    /// The subtrees this shard counted
    pub subtrees: Vec<Counted>,
    /// This shard's total
    pub nodes: u64,
}

/// The root as the shard line names it: the FEN as fairyperft writes it, and the moves
/// played from it in UCI notation, so that shards given the same position in other words
/// still match.
fn root_names(a: &PerftArgs) -> Result<(String, Option<String>), Failure> {
    let pos = fen::parse(&a.pos.fen).map_err(|e| Failure::Input(format!("--fen: malformed FEN: {e}")))?;
    let fen_text = pos.fen();
    let Some(line) = &a.pos.moves else {
        return Ok((fen_text, None));
    };
    let mut g = Game::new(&a.pos.fen, &a.pos.variant).map_err(|e| Failure::Input(format!("--fen: {e}")))?;
    let mut played = Vec::new();
    for t in notation::split_moves(line) {
        let m = g.find_move(&t).map_err(|e| Failure::Input(format!("--moves: {e}")))?;
        played.push(notation::uci(m));
        g.play(m);
    }
    Ok((fen_text, (!played.is_empty()).then(|| played.join(" "))))
}

/// The subtrees of the split: `--split-depth` plies below the root, or the fewest plies
/// (up to [`MAX_AUTO_SPLIT`]) that give [`SUBTREES_PER_SHARD`] subtrees per shard. Never
/// deeper than the perft itself.
fn split(g: &mut Game, depth: u32, shards: usize, asked: Option<u32>) -> Result<(u32, Vec<Subtree>), Failure> {
    if let Some(d) = asked {
        if d > depth {
            return Err(Failure::Input(format!(
                "--split-depth {d}: deeper than the perft (--depth {depth})"
            )));
        }
        return Ok((d, count::subtrees(g, d)));
    }
    let mut plies = 0;
    let mut level = count::subtrees(g, 0);
    while plies < depth.min(MAX_AUTO_SPLIT) && (plies == 0 || level.len() < SUBTREES_PER_SHARD * shards) {
        let next = count::deepen(level);
        plies += 1;
        level = next;
    }
    Ok((plies, level))
}

/// Which shard (0-based) counts each subtree: the subtrees by estimated size, largest
/// first (ties in generation order), each to the shard with the least estimated work so
/// far (ties: fewer subtrees, then the lower number).
pub fn deal(estimates: &[u64], shards: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..estimates.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(estimates[i]), i));
    let mut load = vec![(0u64, 0usize); shards];
    let mut owner = vec![0; estimates.len()];
    for i in order {
        let k = (0..shards).min_by_key(|&k| (load[k], k)).unwrap_or(0);
        load[k].0 += estimates[i];
        load[k].1 += 1;
        owner[i] = k;
    }
    owner
}

/// `perft --shard K/N`: this shard's subtrees counted, printed as one JSON line.
pub fn perft_shard(a: &PerftArgs, g: &mut Game, (k, n): (usize, usize), table: Option<&Table>) -> CmdResult {
    let (fen_text, moves) = root_names(a)?;
    let (split_depth, subs) = split(g, a.depth, n, a.split_depth)?;
    let rest = a.depth - split_depth;
    // The estimate: a perft two plies deep (one when there are very many subtrees, to keep
    // the step short), never deeper than the count itself.
    let probe = rest.min(if subs.len() > 4000 { 1 } else { 2 });
    let estimates = count::count(&subs, probe, a.threads, None, 1, |_| 0, &Progress::hidden())?;
    let owner = deal(&estimates, n);
    let mut mine: Vec<Subtree> = subs
        .into_iter()
        .zip(&owner)
        .filter(|(_, &o)| o == k - 1)
        .map(|(s, _)| s)
        .collect();
    // each subtree is a unit of the progress line
    for (i, s) in mine.iter_mut().enumerate() {
        s.root = i;
    }
    let progress = Progress::new(mine.len(), "subtrees", mine.len());
    let counts = count::count(&mine, rest, a.threads, table, mine.len(), |s| s.root, &progress);
    progress.finish();
    let counts = counts?;
    let subtrees: Vec<Counted> = mine
        .iter()
        .zip(&counts)
        .map(|(s, &nodes)| Counted {
            moves: s.path.iter().map(|&m| notation::uci(m)).collect::<Vec<_>>().join(" "),
            nodes,
        })
        .collect();
    let line = ShardLine {
        fairyperft: env!("CARGO_PKG_VERSION").into(),
        fen: fen_text,
        moves,
        variant: a.pos.variant.trim().into(),
        depth: a.depth,
        shard: k,
        shards: n,
        split_depth,
        subtrees_total: owner.len(),
        nodes: counts.iter().sum(),
        subtrees,
    };
    let json = serde_json::to_string(&line).map_err(|e| Failure::Input(format!("cannot write the shard line: {e}")))?;
    let mut out = io::stdout().lock();
    writeln!(out, "{json}")?;
    Ok(())
}

#[derive(Args, Clone)]
pub struct MergeArgs {
    /// Shard files: each holds the JSON lines of `perft --shard` (one shard or several per
    /// file); together they must hold every shard 1..N of one run exactly once
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
}

/// What must agree between the shards of one run, with a name for the error message.
fn run_key(l: &ShardLine) -> [(&'static str, String); 7] {
    [
        ("fairyperft version", l.fairyperft.clone()),
        ("position", l.fen.clone()),
        ("moves", l.moves.clone().unwrap_or_else(|| "(none)".into())),
        ("variant", l.variant.clone()),
        ("depth", l.depth.to_string()),
        ("number of shards N", l.shards.to_string()),
        ("split depth", l.split_depth.to_string()),
    ]
}

/// `fairyperft merge`: the total of every shard of one run.
pub fn merge(a: &MergeArgs) -> CmdResult {
    // (where the line came from, the line)
    let mut lines: Vec<(String, ShardLine)> = Vec::new();
    for path in &a.files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::Input(format!("{}: cannot read: {e}", path.display())))?;
        let before = lines.len();
        for (i, l) in text.lines().enumerate() {
            if l.trim().is_empty() {
                continue;
            }
            let at = format!("{}:{}", path.display(), i + 1);
            let line: ShardLine = serde_json::from_str(l)
                .map_err(|e| Failure::Input(format!("{at}: not a line of `fairyperft perft --shard`: {e}")))?;
            lines.push((at, line));
        }
        if lines.len() == before {
            return Err(Failure::Input(format!(
                "{}: no shard line (an empty file: did that shard fail?)",
                path.display()
            )));
        }
    }
    let (first_at, first) = &lines[0];
    let key = run_key(first);
    let mut seen: BTreeMap<usize, &str> = BTreeMap::new();
    let mut paths: HashMap<&str, &str> = HashMap::new();
    let mut total: u64 = 0;
    for (at, l) in &lines {
        for ((what, ours), (_, theirs)) in key.iter().zip(run_key(l)) {
            if *ours != theirs {
                return Err(Failure::Input(format!(
                    "{at}: a shard of another run: {what} {theirs}, but {first_at} has {ours}"
                )));
            }
        }
        if l.shard < 1 || l.shard > l.shards {
            return Err(Failure::Input(format!(
                "{at}: shard {} of {}: no such shard",
                l.shard, l.shards
            )));
        }
        if let Some(other) = seen.insert(l.shard, at) {
            return Err(Failure::Input(format!(
                "{at}: shard {}/{} again (already in {other})",
                l.shard, l.shards
            )));
        }
        let sum: u64 = l.subtrees.iter().map(|s| s.nodes).sum();
        if sum != l.nodes {
            return Err(Failure::Input(format!(
                "{at}: its subtrees add up to {sum}, but it says {} nodes (an edited or damaged line)",
                l.nodes
            )));
        }
        for s in &l.subtrees {
            if let Some(other) = paths.insert(&s.moves, at) {
                return Err(Failure::Input(format!(
                    "{at}: subtree '{}' was counted in {other} too (shards of different splits)",
                    s.moves
                )));
            }
        }
        total = total
            .checked_add(l.nodes)
            .ok_or_else(|| Failure::Input(format!("{at}: the total overflows 64 bits")))?;
    }
    let missing: Vec<String> = (1..=first.shards)
        .filter(|k| !seen.contains_key(k))
        .map(|k| format!("{k}/{}", first.shards))
        .collect();
    if !missing.is_empty() {
        let given: Vec<String> = a.files.iter().map(|p| p.display().to_string()).collect();
        let shown = if missing.len() > 10 {
            format!("{} and {} more", missing[..10].join(", "), missing.len() - 10)
        } else {
            missing.join(", ")
        };
        let verb = if missing.len() == 1 {
            "shard {} is"
        } else {
            "shards {} are"
        };
        return Err(Failure::Input(format!(
            "{} missing: not in {}",
            verb.replace("{}", &shown),
            given.join(", ")
        )));
    }
    if paths.len() != first.subtrees_total {
        return Err(Failure::Input(format!(
            "the shards count {} subtrees, but the split has {} (shards of different splits)",
            paths.len(),
            first.subtrees_total
        )));
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{total}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deal_is_greedy_largest_first() {
        // 9 to shard 0; 7 to shard 1 (empty); 5 to shard 1 (7 < 9); 4 to shard 0 (9 < 12)
        assert_eq!(deal(&[5, 9, 4, 7], 2), vec![1, 0, 0, 1]);
        // equal estimates: spread evenly, in order
        assert_eq!(deal(&[0, 0, 0, 0], 2), vec![0, 1, 0, 1]);
        // more shards than subtrees: the rest are empty
        assert_eq!(deal(&[3, 1], 4), vec![0, 1]);
    }

    #[test]
    fn shard_arguments_are_checked() {
        assert_eq!(parse_shard("3/8"), Ok((3, 8)));
        assert_eq!(parse_shard("1/1"), Ok((1, 1)));
        assert!(parse_shard("0/8").unwrap_err().contains("at least 1"));
        assert!(parse_shard("9/8").unwrap_err().contains("no shard 9 of 8"));
        assert!(parse_shard("3").unwrap_err().contains("not K/N"));
        assert!(parse_shard("a/b").is_err());
    }
}
