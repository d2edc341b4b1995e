//! `fairyperft diff`: where two move generators disagree.
//!
//! The reference is a suite case (its `moves` / `divide` at the root, or its perft figures)
//! or an external engine speaking perftree's protocol (see `perftree.rs`). With an engine,
//! the search starts at the root at `--depth N`, compares the two divides, descends into the
//! first move (in UCI order) whose counts differ, and repeats until the position where the
//! move lists themselves differ; it prints the move path, that position and a diff of the
//! two move lists.

use super::engine::{
    check_executable, list_changes, localise, parse_seconds, play_as_uci, shown_fen, Found, Perftree, Step,
    ENGINE_TIMEOUT,
};
use super::{parse_depth1, parse_threads, CmdResult, Failure};
use clap::{ArgGroup, Args};
use fairyperft::fen;
use fairyperft::suite;
use fairyperft::{Game, Move, SetupError, MAX_DEPTH};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

const ENGINE_HELP: &str = "\
The engine protocol is that of perftree (the orthodox perft debugger): the script is run as
  SCRIPT \"$depth\" \"$fen\" \"$moves\"
($moves: the moves from the FEN, space-separated UCI, possibly empty; the variant is in the
environment variable FAIRYPERFT_VARIANT) and prints one 'MOVE COUNT' line per legal move
(UCI), a blank line, then the total. `fairyperft perftree` speaks it.

Each call of the engine may take --engine-timeout seconds (60 by default); an engine still
running then is killed (with the processes it started) and diff fails.

Exit status: 0 no difference, 1 a difference was found (and shown), 2 bad input (an engine
that is missing, not executable, failing, too slow or printing something else, a bad suite
file...).

Examples:
  fairyperft diff --engine ./my_engine.sh --variant circe --depth 4 --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq -'
  fairyperft diff --suite suites/reference/circe.yaml --case circe/kiwipete";

#[derive(Args, Clone)]
#[command(group(ArgGroup::new("reference").required(true).args(["suite", "engine"])), after_help = ENGINE_HELP)]
pub struct DiffArgs {
    /// Reference: a suite file (YAML, EPD or Popeye input); give the case with --case
    #[arg(long, value_name = "FILE", requires = "case")]
    pub suite: Option<PathBuf>,
    /// The id of the case of --suite to compare with
    #[arg(long, value_name = "ID", requires = "suite")]
    pub case: Option<String>,
    /// Reference: an external perft engine (an executable script) speaking perftree's protocol
    #[arg(long, value_name = "SCRIPT")]
    pub engine: Option<PathBuf>,
    /// Variant (with --engine; it is passed to the engine as FAIRYPERFT_VARIANT)
    #[arg(long, short = 'v', default_value = "orthodox", conflicts_with = "suite")]
    pub variant: String,
    /// Root position (with --engine)
    #[arg(long, short = 'f', default_value = fen::STARTING_FEN, conflicts_with = "suite")]
    pub fen: String,
    /// Moves played from the FEN before the root (with --engine; Popeye or UCI notation)
    #[arg(long, short = 'm', conflicts_with = "suite")]
    pub moves: Option<String>,
    /// Depth of the root divide, 1 to 32 (with --engine)
    #[arg(long, short = 'd', value_parser = parse_depth1, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Worker threads for fairyperft's own counts, 1 to 1024
    #[arg(long, short = 't', default_value_t = 1, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: usize,
    /// Seconds one call of the engine may take before it is killed and diff fails
    /// [default: 60]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub engine_timeout: Option<u64>,
}

pub fn diff(a: &DiffArgs) -> CmdResult {
    match (&a.suite, &a.engine, &a.case) {
        (Some(path), None, Some(id)) => {
            if a.depth.is_some() {
                return Err(Failure::Input(
                    "--depth: not used with --suite (the case's figures decide)".into(),
                ));
            }
            if a.engine_timeout.is_some() {
                return Err(Failure::Input(
                    "--engine-timeout: not used with --suite (it limits an --engine)".into(),
                ));
            }
            diff_suite(a, path, id)
        }
        (None, Some(script), _) => {
            let depth = a
                .depth
                .ok_or_else(|| Failure::Input("--engine needs --depth N".into()))?;
            diff_engine(a, script, depth)
        }
        _ => Err(Failure::Input(
            "give either --suite FILE --case ID or --engine SCRIPT".into(),
        )),
    }
}

// ----------------------------------------------------------------------------------------
// against a suite case

fn diff_suite(a: &DiffArgs, path: &Path, id: &str) -> CmdResult {
    let s = suite::load(path).map_err(|e| Failure::Input(e.to_string()))?;
    let Some(k) = s.file.cases.iter().position(|c| c.id == id) else {
        let some: Vec<&str> = s.file.cases.iter().take(3).map(|c| c.id.as_str()).collect();
        return Err(Failure::Input(format!(
            "--case: no case '{id}' in {} ({} cases, e.g. {})",
            path.display(),
            s.file.cases.len(),
            some.join(", ")
        )));
    };
    let case = &s.file.cases[k];
    let at = format!("{}:{}", path.display(), s.lines[k]);
    let deepest = case.perft.as_ref().map_or(0, |p| p.len()).max(
        case.divide
            .as_ref()
            .map_or(0, |_| case.divide_depth.unwrap_or(2) as usize),
    );
    if deepest > MAX_DEPTH as usize {
        return Err(Failure::Input(format!(
            "{at}: case '{id}' goes to depth {deepest}; fairyperft counts to depth {MAX_DEPTH} at most"
        )));
    }
    let variant = case
        .variant
        .clone()
        .or_else(|| s.file.variant.clone())
        .unwrap_or_else(|| "orthodox".into());
    let mut g = Game::new(&case.fen, &variant).map_err(|e| Failure::Input(format!("{at}: case '{id}': {e}")))?;
    if let Some(h) = &case.history {
        g.play_line(&h.join(" "))
            .map_err(|e| Failure::Input(format!("{at}: case '{id}': history: {e}")))?;
    }
    let mut out = io::stdout().lock();
    writeln!(out, "case {id} ({at}), variant {variant}")?;
    writeln!(out, "position: {}", shown_fen(&g))?;

    if case.moves.is_some() || case.divide.is_some() {
        let depth = if case.divide.is_some() {
            case.divide_depth.unwrap_or(2)
        } else {
            1
        };
        let rows = g.divide_parallel(depth, a.threads);
        let mut found: BTreeMap<String, (u64, Move)> = BTreeMap::new();
        for (m, name, n) in &rows {
            found.entry(name.clone()).or_insert((0, *m)).0 += n;
        }
        if let Some(expected) = &case.moves {
            let e: Vec<String> = expected.iter().cloned().collect::<BTreeSet<_>>().into_iter().collect();
            let f: Vec<String> = found.keys().cloned().collect();
            let changes = list_changes(&e, &f);
            if !changes.is_empty() {
                writeln!(
                    out,
                    "the move lists differ here (--- the suite's moves, +++ fairyperft's):"
                )?;
                for (left, m) in &changes {
                    let (sign, who) = if *left {
                        ('-', "only in the suite")
                    } else {
                        ('+', "only fairyperft")
                    };
                    writeln!(out, "{sign} {m:<28} ({who})")?;
                }
                writeln!(
                    out,
                    "{} moves in common",
                    e.len() - changes.iter().filter(|c| c.0).count()
                )?;
                return Err(Failure::Failed);
            }
        }
        if let Some(expected) = &case.divide {
            let mut differ = Vec::new();
            let keys: BTreeSet<&String> = expected.keys().chain(found.keys()).collect();
            for name in keys {
                let e = expected.get(name).copied().unwrap_or(0);
                match found.get(name) {
                    None => differ.push((
                        name.clone(),
                        format!("{name}: expected {e}, not a legal move here"),
                        None,
                    )),
                    Some(&(f, m)) if f != e => {
                        differ.push((name.clone(), format!("{name}: expected {e}, found {f}"), Some(m)))
                    }
                    _ => {}
                }
            }
            if !differ.is_empty() {
                writeln!(out, "divide({depth}) differs for {} move(s):", differ.len())?;
                for (_, line, _) in &differ {
                    writeln!(out, "  {line}")?;
                }
                if let Some((name, _, Some(m))) = differ.iter().find(|d| d.2.is_some()) {
                    let next = g.after(*m);
                    writeln!(out, "first of them: {name}; the position after it:")?;
                    writeln!(out, "position: {}", shown_fen(&next))?;
                    if depth > 1 {
                        writeln!(
                            out,
                            "(look deeper: fairyperft divide --variant {variant} --depth {} --fen '{}')",
                            depth - 1,
                            shown_fen(&next)
                        )?;
                    }
                }
                return Err(Failure::Failed);
            }
        }
    }
    if let Some(perft) = &case.perft {
        for (i, &e) in perft.iter().enumerate() {
            let depth = i as u32 + 1;
            let f = g.perft_parallel(depth, a.threads);
            if f != e {
                let agree = if depth > 1 {
                    format!(" (depths 1-{} agree)", depth - 1)
                } else {
                    String::new()
                };
                writeln!(out, "perft({depth}): expected {e}, found {f}{agree}")?;
                writeln!(out, "(the case has no divide to descend into: compare `fairyperft divide --depth {depth}` with the source of its figures)")?;
                return Err(Failure::Failed);
            }
        }
    }
    writeln!(out, "no difference: every figure of the case agrees")?;
    Ok(())
}

// ----------------------------------------------------------------------------------------
// against an engine

fn diff_engine(a: &DiffArgs, script: &Path, depth: u32) -> CmdResult {
    let mut engine = Perftree {
        script: script.to_path_buf(),
        variant: a.variant.clone(),
        timeout: Some(Duration::from_secs(a.engine_timeout.unwrap_or(ENGINE_TIMEOUT))),
    };
    check_executable("--engine", script).map_err(Failure::Input)?;
    let mut g = Game::new(&a.fen, &a.variant).map_err(|e| {
        let arg = if matches!(e, SetupError::Variant(_)) {
            "--variant"
        } else {
            "--fen"
        };
        Failure::Input(format!("{arg}: {e}"))
    })?;
    let root_fen = shown_fen(&g);
    let prefix = match &a.moves {
        Some(line) => play_as_uci(&mut g, line).map_err(|e| Failure::Input(format!("--moves: {e}")))?,
        None => Vec::new(),
    };
    let mut out = io::stdout().lock();
    // the descent's lines as they come: a slow engine shows how far it got
    let mut written: io::Result<()> = Ok(());
    let found = localise(
        &mut engine,
        g,
        &root_fen,
        &prefix,
        depth,
        a.threads,
        None,
        &mut |Step::Line(l)| {
            if written.is_ok() {
                written = writeln!(out, "{l}");
            }
        },
    )
    .map_err(Failure::Input)?;
    written?;
    if let Found::Agree { total } = found {
        writeln!(out, "no difference at depth {depth}: both count {total}")?;
        return Ok(());
    }
    writeln!(out)?;
    for l in found.lines(&a.variant) {
        writeln!(out, "{l}")?;
    }
    Err(Failure::Failed)
}
