//! Counting many subtrees (the positions a few plies below a root) on a thread pool, with
//! a progress line on stderr when it is a terminal. perft, divide and the shards of a
//! split run (`perft --shard`) all count this way: the root is cut into subtrees, each
//! subtree is counted by [`Search`], and the counts are summed per root move or per shard.

use super::Failure;
use fairyperft::moves::Move;
use fairyperft::perft::Search;
use fairyperft::table::Table;
use fairyperft::Game;
use rayon::prelude::*;
use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A position some plies below the root, reached by `path`; `root` is the index of the
/// root move it starts with (0 for the root itself).
pub struct Subtree {
    pub root: usize,
    pub path: Vec<Move>,
    pub game: Game,
}

/// The subtrees `plies` plies below `g`, in generation order (depth-first). At 0 plies,
/// the root itself. An illegal root (the side not to move in check) has none.
pub fn subtrees(g: &mut Game, plies: u32) -> Vec<Subtree> {
    let mut out = vec![Subtree {
        root: 0,
        path: Vec::new(),
        game: g.clone(),
    }];
    for _ in 0..plies {
        out = deepen(out);
    }
    out
}

/// The subtrees one ply below these, in order.
pub fn deepen(level: Vec<Subtree>) -> Vec<Subtree> {
    let mut next = Vec::new();
    for mut s in level {
        let moves = s.game.legal_moves();
        for (i, m) in moves.into_iter().enumerate() {
            let mut path = s.path.clone();
            path.push(m);
            next.push(Subtree {
                root: if s.path.is_empty() { i } else { s.root },
                game: s.game.after(m),
                path,
            });
        }
    }
    next
}

/// The progress line: units done (root moves for perft and divide, subtrees for a shard),
/// nodes, node rate and time left. The bar and the time left follow the subtrees counted,
/// which are many more than the root moves and so move more evenly.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    unit: String,
    units: usize,
    state: Mutex<Done>,
    started: Instant,
}

/// What is done so far.
#[derive(Default)]
struct Done {
    units: usize,
    subtrees: u64,
    nodes: u64,
}

impl Progress {
    /// A progress line over `units` units named `unit` ("root moves", "subtrees"), made
    /// of `subtrees` subtrees, drawn only when stderr is a terminal, at most four times a
    /// second.
    pub fn new(units: usize, unit: &str, subtrees: usize) -> Progress {
        let bar = io::stderr().is_terminal().then(|| {
            let target = indicatif::ProgressDrawTarget::stderr_with_hz(4);
            let pb = indicatif::ProgressBar::with_draw_target(Some(subtrees as u64), target);
            pb.set_style(
                indicatif::ProgressStyle::with_template("{bar:12} {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            pb
        });
        let p = Progress {
            bar,
            unit: unit.into(),
            units,
            state: Mutex::new(Done::default()),
            started: Instant::now(),
        };
        p.show(&Done::default());
        p
    }

    /// No progress line (a short step before the real work).
    pub fn hidden() -> Progress {
        Progress {
            bar: None,
            unit: String::new(),
            units: 0,
            state: Mutex::new(Done::default()),
            started: Instant::now(),
        }
    }

    /// A subtree counted (`nodes` nodes), the last of its unit when `unit_done`.
    fn advance(&self, unit_done: bool, nodes: u64) {
        if self.bar.is_none() {
            return;
        }
        let mut done = self.state.lock().unwrap_or_else(|e| e.into_inner());
        done.units += usize::from(unit_done);
        done.subtrees += 1;
        done.nodes += nodes;
        self.show(&done);
    }

    fn show(&self, done: &Done) {
        let Some(pb) = &self.bar else { return };
        let s = self.started.elapsed().as_secs_f64();
        let per_second = if s > 0.0 { done.nodes as f64 / s } else { 0.0 };
        let total = pb.length().unwrap_or(0);
        let left = if done.subtrees == 0 {
            "?".to_string()
        } else {
            let rest = s * total.saturating_sub(done.subtrees) as f64 / done.subtrees as f64;
            duration(rest)
        };
        pb.set_message(format!(
            "{}/{} {}, {} nodes, {}, ETA {left}",
            done.units,
            self.units,
            self.unit,
            done.nodes,
            rate(per_second)
        ));
        pb.set_position(done.subtrees);
    }

    /// Clears the line (nothing is left on the terminal).
    pub fn finish(self) {
        if let Some(pb) = self.bar {
            pb.finish_and_clear();
        }
    }
}

/// A time left for people: "42s", "3m 05s", "2h 07m".
fn duration(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
    }
}

/// A node rate for people: "12.3 Mnodes/s".
pub fn rate(per_second: f64) -> String {
    if per_second >= 1e6 {
        format!("{:.1} Mnodes/s", per_second / 1e6)
    } else if per_second >= 1e3 {
        format!("{:.1} knodes/s", per_second / 1e3)
    } else {
        format!("{per_second:.0} nodes/s")
    }
}

/// The leaf count `depth` plies below each subtree, in the order given, on `threads`
/// threads sharing `table`. `unit_of` says which progress unit a subtree belongs to
/// (its root move, or itself): a unit counts as done when its last subtree is.
pub fn count(
    subs: &[Subtree],
    depth: u32,
    threads: usize,
    table: Option<&Table>,
    units: usize,
    unit_of: impl Fn(&Subtree) -> usize + Sync,
    progress: &Progress,
) -> Result<Vec<u64>, Failure> {
    // how many subtrees of each unit are still to count
    let left: Vec<AtomicU64> = (0..units).map(|_| AtomicU64::new(0)).collect();
    for s in subs {
        left[unit_of(s)].fetch_add(1, Ordering::Relaxed);
    }
    let one = |s: &Subtree| -> u64 {
        let mut g = s.game.clone();
        let mut search = Search::new(&g.rules, &g.history).with_table(table);
        // a subtree below the root was reached by a legal move; the root itself is checked
        let n = if s.path.is_empty() {
            search.perft(&mut g.pos, depth)
        } else {
            search.perft_unchecked(&mut g.pos, depth)
        };
        let done = left[unit_of(s)].fetch_sub(1, Ordering::Relaxed) == 1;
        progress.advance(done, n);
        n
    };
    if threads <= 1 {
        return Ok(subs.iter().map(one).collect());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::Input(format!("--threads {threads}: {e}")))?;
    Ok(pool.install(|| subs.par_iter().map(one).collect()))
}

/// How many plies perft and divide cut the root into: two when the tree is deep enough
/// (hundreds of subtrees: the threads stay busy to the end and the progress line moves
/// often), else one.
pub fn split_plies(depth: u32) -> u32 {
    if depth >= 3 {
        2
    } else {
        depth.min(1)
    }
}

/// Per root move of `g`, its leaf count `depth - 1` plies below (divide; `depth` ≥ 1),
/// counted on `threads` threads with a progress line over the root moves.
pub fn per_root_move(
    g: &mut Game,
    depth: u32,
    threads: usize,
    table: Option<&Table>,
) -> Result<Vec<(Move, u64)>, Failure> {
    let roots = g.legal_moves();
    let plies = split_plies(depth);
    let subs = subtrees(g, plies);
    let progress = Progress::new(roots.len(), "root moves", subs.len());
    let counts = count(&subs, depth - plies, threads, table, roots.len(), |s| s.root, &progress);
    progress.finish();
    let mut per_root = vec![0u64; roots.len()];
    for (s, n) in subs.iter().zip(counts?) {
        per_root[s.root] += n;
    }
    Ok(roots.into_iter().zip(per_root).collect())
}
