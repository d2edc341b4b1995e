//! Writes suites/deep/<variant>.yaml and docs/perft-tables.md: perft of the initial position
//! to depth 7, and of Kiwipete and the Chess Programming Wiki positions 3-6 to depth 6,
//! under every condition and every composition of the corpus.
//!
//! Every figure is computed twice before anything is written, by two independent
//! configurations that must agree: one thread without a transposition table, and two
//! threads sharing a table (a fresh one per figure). The figures to depth 5 are computed a
//! third time by the generic pipeline (`Rules::generic()`, none of the fast paths). The
//! orthodox figures must also equal the published ones (Chess Programming Wiki, "Perft
//! Results"), and each position's figures equal those of suites/<variant>.yaml where both
//! have them.
//!
//! ```text
//! cargo run --release --example deep_tables -- [--jobs N] [--only V1,V2] [--force|--deepen] [--table-only]
//! ```
//!
//! A variant whose suite already exists is not computed again unless `--force` is given, so
//! an interrupted run picks up where it stopped; with `--deepen` its figures are kept and
//! only the depths it lacks are computed (after the depths above were raised);
//! `--table-only` rewrites the page from the suites. Progress goes to stderr.

use fairyperft::{suite, table::Table, Game, Rules};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// (id, title, FEN, depth).
const POSITIONS: &[(&str, &str, &str, u32)] = &[
    (
        "initial",
        "Initial position",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        7,
    ),
    (
        "kiwipete",
        "Kiwipete (CPW position 2)",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        6,
    ),
    (
        "cpw-pos3",
        "CPW position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
    ),
    (
        "cpw-pos4",
        "CPW position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        6,
    ),
    (
        "cpw-pos5",
        "CPW position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        6,
    ),
    (
        "cpw-pos6",
        "CPW position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        6,
    ),
];

/// Published orthodox perft (www.chessprogramming.org/Perft_Results), by position id.
const PUBLISHED: &[(&str, &[u64])] = &[
    ("initial", &[20, 400, 8902, 197281, 4865609, 119060324, 3195901860]),
    ("kiwipete", &[48, 2039, 97862, 4085603, 193690690, 8031647685]),
    ("cpw-pos3", &[14, 191, 2812, 43238, 674624, 11030083]),
    ("cpw-pos4", &[6, 264, 9467, 422333, 15833292, 706045033]),
    ("cpw-pos5", &[44, 1486, 62379, 2103487, 89941194, 3048196529]),
    ("cpw-pos6", &[46, 2079, 89890, 3894594, 164075551, 6923051137]),
];

/// The deepest figure the generic pipeline checks.
const GENERIC_DEPTH: u32 = 5;

/// The variants of the tables, in the order of `fairyperft variants`, then the corpus's
/// compositions.
fn variants() -> Vec<String> {
    let mut v: Vec<String> = fairyperft::rules::known_names().into_iter().map(String::from).collect();
    v.extend(
        [
            "circe+cohen",
            "circe+madrasi",
            "anticirce-calvet+madrasi",
            "circe+isardam",
            "anticirce-calvet+isardam-type-b",
        ]
        .map(String::from),
    );
    v
}

fn suite_path(v: &str) -> String {
    format!("suites/deep/{v}.yaml")
}

/// One position's figures under `v`, each computed as the module says; panics (naming
/// the variant, position and depth) on any disagreement.
/// `known` are figures already computed (and checked) for depths 1, 2, ...: only the
/// depths after them are computed.
fn figures(v: &str, id: &str, fen: &str, depth: u32, known: Vec<u64>) -> Vec<u64> {
    let mut single = Game::new(fen, v).expect("the position and variant are valid");
    let mut shared = single.clone();
    let mut generic =
        Game::from_parts(single.pos.clone(), Rules::parse(v).expect("a known variant").generic()).expect("valid");
    let mut out = known;
    out.truncate(depth as usize);
    for d in out.len() as u32 + 1..=depth {
        let t = Instant::now();
        let a = single.perft(d);
        let ta = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let table = Table::with_megabytes(if d >= 6 { 1024 } else { 64 });
        let b = shared.perft_with(d, 2, Some(&table));
        let tb = t.elapsed().as_secs_f64();
        assert_eq!(a, b, "{v} {id} perft({d}): {a} on one thread, {b} on two with a table");
        let mut note = String::new();
        if d <= GENERIC_DEPTH {
            let t = Instant::now();
            let c = generic.perft(d);
            assert_eq!(a, c, "{v} {id} perft({d}): {a}, but {c} by the generic pipeline");
            let _ = write!(note, ", generic {:.1} s", t.elapsed().as_secs_f64());
        }
        if d >= 5 {
            eprintln!("{v} {id} perft({d}) = {a} (one thread {ta:.1} s, two with a table {tb:.1} s{note})");
        }
        out.push(a);
    }
    if v == "orthodox" {
        let published = PUBLISHED.iter().find(|p| p.0 == id).expect("published").1;
        assert_eq!(
            &out[..published.len().min(out.len())],
            &published[..published.len().min(out.len())],
            "{id}"
        );
    }
    // the shallow suite of the variant, where it has this position
    if let Ok(s) = suite::load(Path::new(&format!("suites/{v}.yaml"))) {
        if let Some(c) = s.file.cases.iter().find(|c| c.id == format!("{v}/{id}")) {
            let shallow = c.perft.clone().unwrap_or_default();
            let n = shallow.len().min(out.len());
            assert_eq!(&out[..n], &shallow[..n], "{v} {id}: suites/{v}.yaml");
        }
    }
    out
}

/// The figures suites/deep/<v>.yaml holds for position `id` (none if it has none).
fn written(v: &str, id: &str) -> Vec<u64> {
    suite::load(Path::new(&suite_path(v)))
        .ok()
        .and_then(|s| s.file.cases.into_iter().find(|c| c.id == format!("deep/{v}/{id}")))
        .and_then(|c| c.perft)
        .unwrap_or_default()
}

fn write_suite(v: &str, rows: &[(&str, &str, Vec<u64>)]) {
    let mut s = String::new();
    let _ = writeln!(s, "name: {v}-deep-tables");
    let _ = writeln!(s, "variant: {v}");
    let _ = writeln!(
        s,
        "source: >-\n  computed by fairyperft {} (cargo run --release --example deep_tables); every figure\n  \
         by one thread without a table and by two threads sharing a table, those to depth {GENERIC_DEPTH}\n  \
         also by the generic pipeline; docs/perft-tables.md",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(s, "cases:");
    for (id, fen, counts) in rows {
        let list: Vec<String> = counts.iter().map(u64::to_string).collect();
        let _ = writeln!(
            s,
            "  - id: deep/{v}/{id}\n    fen: \"{fen}\"\n    perft: [{}]",
            list.join(", ")
        );
    }
    std::fs::create_dir_all("suites/deep").expect("suites/deep can be created");
    std::fs::write(suite_path(v), s).expect("the suite can be written");
}

/// A count with thousands separators.
fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn write_page(vs: &[String]) {
    let mut p = String::new();
    let _ = writeln!(p, "# Perft tables\n");
    let _ = writeln!(
        p,
        "Perft (the number of legal move sequences of exactly N plies) of six standard positions\n\
         under every condition fairyperft knows and every composition of the reference corpus. As\n\
         far as we know no other table goes past two plies for these variants: Popeye, which\n\
         the corpus's depth-1 and depth-2 figures come from, has no perft.\n"
    );
    let _ = writeln!(
        p,
        "Computed by fairyperft {} with `cargo run --release --example deep_tables`; the\n\
         figures are also the suites in [`suites/deep/`](../suites/deep/). Each figure was computed\n\
         twice, by two independent configurations that agreed: one thread without a\n\
         transposition table (`fairyperft perft`), and two threads sharing a table\n\
         (`--threads 2 --hash 1024`, a fresh table per figure). Every figure to depth\n\
         {GENERIC_DEPTH} was computed a third time by the generic pipeline, which uses none of the\n\
         fast paths ([architecture](architecture.md)). The orthodox rows equal the published\n\
         figures of the Chess Programming Wiki's \"Perft Results\", and every row equals the\n\
         depth-4 suite of its variant (`suites/<variant>.yaml`).\n",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(
        p,
        "A row of zeros is a position without a legal move under that variant: Kiwipete under\n\
         Isardam (its diagram holds observations no single move clears), and CPW position 3\n\
         under Mars Circe (White is in check and cannot get out of it; Popeye lists no move\n\
         either, `suites/reference/circe-mars.yaml`).\n"
    );
    let _ = writeln!(
        p,
        "The deep suites run in CI up to a node budget (`fairyperft run --max-nodes 200000000\n\
         suites`, as the README's main command does); the figures above it are checked on demand,\n\
         by `fairyperft run suites/deep` (hours on one machine) or split across machines\n\
         ([distributed runs](distributed.md)). The rules of every variant are in\n\
         [rules.md](rules.md).\n"
    );
    for (id, title, fen, depth) in POSITIONS {
        let _ = writeln!(p, "## {title}\n\n`{fen}`\n");
        let mut head = "| variant |".to_string();
        let mut rule = "|---|".to_string();
        for d in 1..=*depth {
            let _ = write!(head, " {d} |");
            rule.push_str("---:|");
        }
        let _ = writeln!(p, "{head}\n{rule}");
        for v in vs {
            let s = suite::load(Path::new(&suite_path(v))).expect("every suite was written");
            let c = s
                .file
                .cases
                .iter()
                .find(|c| c.id == format!("deep/{v}/{id}"))
                .expect("the case");
            let cells: Vec<String> = c.perft.clone().unwrap_or_default().into_iter().map(grouped).collect();
            let _ = writeln!(p, "| {v} | {} |", cells.join(" | "));
        }
        let _ = writeln!(p);
    }
    std::fs::write("docs/perft-tables.md", p).expect("the page can be written");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |f: &str| args.iter().any(|a| a == f);
    let value = |f: &str| args.iter().position(|a| a == f).and_then(|i| args.get(i + 1)).cloned();
    let jobs: usize = value("--jobs").and_then(|j| j.parse().ok()).unwrap_or(1).max(1);
    let all = variants();
    let chosen: Vec<String> = match value("--only") {
        Some(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
        None => all.clone(),
    };
    if !flag("--table-only") {
        let deepen = flag("--deepen");
        let todo: Vec<String> = chosen
            .iter()
            .filter(|v| flag("--force") || deepen || !Path::new(&suite_path(v)).exists())
            .cloned()
            .collect();
        let next = AtomicUsize::new(0);
        let done = Mutex::new(0usize);
        let start = Instant::now();
        std::thread::scope(|scope| {
            for _ in 0..jobs {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(v) = todo.get(i) else { break };
                    let rows: Vec<(&str, &str, Vec<u64>)> = POSITIONS
                        .iter()
                        .map(|(id, _, fen, depth)| {
                            let known = if deepen { written(v, id) } else { Vec::new() };
                            (*id, *fen, figures(v, id, fen, *depth, known))
                        })
                        .collect();
                    write_suite(v, &rows);
                    let mut d = done.lock().expect("no worker panicked");
                    *d += 1;
                    eprintln!(
                        "== {v} written ({} of {}, {:.0} s so far)",
                        *d,
                        todo.len(),
                        start.elapsed().as_secs_f64()
                    );
                });
            }
        });
    }
    if all.iter().all(|v| Path::new(&suite_path(v)).exists()) {
        write_page(&all);
        eprintln!("docs/perft-tables.md written");
    } else {
        eprintln!("docs/perft-tables.md not written: some variants have no suite yet");
    }
}
