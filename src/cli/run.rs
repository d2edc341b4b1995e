//! `fairyperft run`: suite files in, per-case results out (text, JSON, JUnit XML). The
//! figures are checked against fairyperft's generator, or with `--engine` / `--uci` against
//! an external engine (`run_engine.rs`).
//!
//! Exit status: 0 every case passed (some may be skipped), 1 a case failed, 2 a suite file
//! could not be used, 4 nothing was checked (every case skipped) without --allow-skipped.

use super::engine::{check_executable, parse_seconds, ENGINE_TIMEOUT};
use super::run_engine::{check_case, Reference};
use super::{CmdResult, Failure};
use clap::{Args, ValueEnum};
use fairyperft::suite::{self, runner::RunOptions, CaseResult, Status, Suite};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

const RUN_HELP: &str = "\
Each case's lines are printed as soon as it and the cases before it are done, into a pipe or
a file too; the summary line `N passed, N failed` (`, N skipped` when some were) comes last.

Checking your engine instead of fairyperft: --engine SCRIPT runs a script speaking perftree's
protocol, as `fairyperft diff --engine` does (SCRIPT \"$depth\" \"$fen\" \"$moves\", the variant in
FAIRYPERFT_VARIANT; it prints 'MOVE COUNT' lines in UCI, a blank line, the total). --uci
ENGINE starts a UCI engine (a path, or a name on the PATH) for each case and sends it
`position fen ... moves ...` and `go perft N` (answered by 'MOVE: COUNT' lines and 'Nodes
searched: N', as Stockfish does); a case of a variant other than orthodox sets UCI_Variant
when the engine offers that variant, and is skipped otherwise. Every perft depth, the move
list (as UCI) and the divide of each case are compared; for a failing case the first
position where the engine's move list and fairyperft's differ is found and shown. Each
question to the engine may take --engine-timeout seconds (60 by default); an engine that
crashes, hangs or prints something else fails that case, and the run goes on.

Exit status: 0 every case passed (some figures may have been skipped), 1 a case failed, 2 a
suite file or the engine could not be used, 4 nothing was checked (every case skipped over
--max-nodes or for a variant the UCI engine lacks, or no case at all) without
--allow-skipped.

Examples:
  fairyperft run suites
  fairyperft run --engine ./my_engine.sh --jobs 4 suites/circe.yaml
  fairyperft run --uci stockfish suites/orthodox.yaml";

#[derive(Args, Clone)]
#[command(after_help = RUN_HELP)]
pub struct RunArgs {
    /// Suite files (YAML; EPD perft suites *.epd; Popeye input files *.inp, *.pop, *.popeye), or directories (every such file below them)
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print only failed cases and the summary
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Skip expected figures above this many nodes; they are reported as skipped, never passed
    #[arg(long, value_name = "N", value_parser = parse_nodes, allow_negative_numbers = true)]
    pub max_nodes: Option<u64>,
    /// Worker threads running cases in parallel, 1 to 1024 (default: every core); with an
    /// engine, that many engines run at once
    #[arg(long, short = 't', visible_alias = "jobs", short_alias = 'j', value_parser = super::parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Check this engine instead of fairyperft: a script speaking perftree's protocol
    #[arg(long, value_name = "SCRIPT", conflicts_with = "uci")]
    pub engine: Option<PathBuf>,
    /// Check this UCI engine instead of fairyperft (`go perft N`; a path or a name on the PATH)
    #[arg(long, value_name = "ENGINE")]
    pub uci: Option<PathBuf>,
    /// Seconds one question to the engine may take before it is killed and the case fails
    /// [default: 60]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub engine_timeout: Option<u64>,
    /// Output format on stdout
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Also write a JUnit XML report to this file (for CI systems)
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Exit 0 even when nothing was checked (every case skipped over --max-nodes, or no
    /// case at all); without it such a run exits 4, so that CI cannot pass on no check
    #[arg(long)]
    pub allow_skipped: bool,
}

fn parse_nodes(s: &str) -> Result<u64, String> {
    super::bounded(s, 0, u64::MAX, "nodes")
}

struct FileRun {
    suite: Suite,
    results: Vec<CaseResult>,
}

/// The engine given, checked before any case runs (a missing one is bad input, exit 2).
fn reference(a: &RunArgs) -> Result<Option<Reference>, Failure> {
    let timeout = Duration::from_secs(a.engine_timeout.unwrap_or(ENGINE_TIMEOUT));
    match (&a.engine, &a.uci) {
        (Some(script), _) => {
            check_executable("--engine", script).map_err(Failure::Input)?;
            Ok(Some(Reference::Perftree {
                script: script.clone(),
                timeout,
            }))
        }
        (None, Some(program)) => Ok(Some(Reference::Uci {
            program: super::uci::resolve(program).map_err(Failure::Input)?,
            timeout,
        })),
        (None, None) if a.engine_timeout.is_some() => Err(Failure::Input(
            "--engine-timeout: used only with --engine or --uci (it limits an engine)".into(),
        )),
        (None, None) => Ok(None),
    }
}

pub fn run(a: &RunArgs) -> CmdResult {
    let reference = reference(a)?;
    let mut load_errors = Vec::new();
    let mut suites = Vec::new();
    for p in &a.paths {
        match suite::expand(p) {
            Ok(files) => {
                if files.is_empty() {
                    load_errors.push(format!("{}: no suite files (*.yaml, *.epd, *.inp) found", p.display()));
                }
                for f in files {
                    match suite::load(&f) {
                        Ok(s) => {
                            for (line, w) in &s.warnings {
                                eprintln!("warning: {}:{line}: {w}", s.path.display());
                            }
                            suites.push(s)
                        }
                        Err(e) => load_errors.push(e.to_string()),
                    }
                }
            }
            Err(e) => load_errors.push(e.to_string()),
        }
    }
    for e in &load_errors {
        eprintln!("error: {e}");
    }
    let opts = RunOptions { max_nodes: a.max_nodes };
    let jobs: Vec<(usize, usize)> = suites
        .iter()
        .enumerate()
        .flat_map(|(i, s)| (0..s.file.cases.len()).map(move |j| (i, j)))
        .collect();
    let progress = if io::stderr().is_terminal() && jobs.len() > 1 {
        let pb = indicatif::ProgressBar::new(jobs.len() as u64);
        pb.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} cases, {elapsed}, ETA {eta}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Some(pb)
    } else {
        None
    };
    let threads = a.threads.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::Input(format!("--threads: {e}")))?;

    // The cases run in parallel; each one's lines are printed as soon as it and every case
    // before it are done (suite order, as in the summary), flushed at once: a CI job killed
    // by its timeout still shows how far it got.
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, CaseResult)>();
    let mut results: Vec<CaseResult> = Vec::with_capacity(jobs.len());
    let mut write_error: Option<io::Error> = None;
    let (mut warned, mut first_warning) = (0usize, None::<(String, String)>);
    std::thread::scope(|scope| {
        let (jobs, suites, opts, stop, pool, reference) = (&jobs, &suites, &opts, &stop, &pool, &reference);
        scope.spawn(move || {
            pool.install(|| {
                jobs.par_iter().enumerate().for_each_with(tx, |tx, (k, &(i, j))| {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let s = &suites[i];
                    let dv = s.file.variant.as_deref().unwrap_or("orthodox");
                    let case = &s.file.cases[j];
                    let r = match reference {
                        Some(e) => check_case(case, dv, opts, e),
                        None => suite::run_case(case, dv, opts),
                    };
                    let _ = tx.send((k, r));
                })
            })
        });
        let mut waiting: BTreeMap<usize, CaseResult> = BTreeMap::new();
        for (k, r) in rx {
            if let Some(pb) = &progress {
                pb.inc(1);
            }
            waiting.insert(k, r);
            while let Some(r) = waiting.remove(&results.len()) {
                let (i, j) = jobs[results.len()];
                let s = &suites[i];
                let at = format!("{}:{}", s.path.display(), s.lines[j]);
                let text = (a.format == Format::Text).then(|| case_text(&r, &at, a.quiet));
                if !r.warnings.is_empty() {
                    warned += 1;
                    first_warning.get_or_insert_with(|| (format!("{at}: case '{}'", r.id), r.warnings[0].clone()));
                }
                let show = || -> io::Result<()> {
                    if let Some(t) = text.as_deref().filter(|t| !t.is_empty() && write_error.is_none()) {
                        let mut out = io::stdout().lock();
                        out.write_all(t.as_bytes())?;
                        out.flush()?;
                    }
                    Ok(())
                };
                let shown = match &progress {
                    Some(pb) => pb.suspend(show),
                    None => show(),
                };
                if let Err(e) = shown {
                    // nobody reads on (or stdout is broken): start no more cases
                    write_error = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
                results.push(r);
            }
        }
    });
    if let Some(pb) = progress {
        pb.finish_and_clear();
    }
    if let Some(e) = write_error {
        return Err(e.into());
    }
    // once, not per case: reference suites state such positions on purpose
    match (warned, first_warning) {
        (1, Some((at, w))) => eprintln!("warning: {at}: {w}"),
        (n, Some((at, _))) => eprintln!(
            "warning: in {n} cases the side not to move is in check: the positions are illegal and count 0 (the first: {at}; `--format json` lists them)"
        ),
        _ => {}
    }
    let mut it = results.into_iter();
    let runs: Vec<FileRun> = suites
        .into_iter()
        .map(|s| {
            let n = s.file.cases.len();
            FileRun {
                results: it.by_ref().take(n).collect(),
                suite: s,
            }
        })
        .collect();

    let count = |st: Status| runs.iter().flat_map(|r| &r.results).filter(|c| c.status == st).count();
    let (passed, failed, skipped) = (count(Status::Passed), count(Status::Failed), count(Status::Skipped));

    match a.format {
        Format::Text => {
            let mut out = io::stdout().lock();
            writeln!(out, "{}", summary(passed, failed, skipped))?;
            out.flush()?;
        }
        Format::Json => print_json(&runs, &load_errors, reference.as_ref(), passed, failed, skipped)?,
    }
    if let Some(path) = &a.junit {
        std::fs::write(path, junit(&runs)).map_err(|e| Failure::Input(format!("--junit {}: {e}", path.display())))?;
    }
    if !load_errors.is_empty() {
        Err(Failure::Input(format!(
            "{} suite file(s) could not be used",
            load_errors.len()
        )))
    } else if failed > 0 {
        Err(Failure::Failed)
    } else if passed == 0 && !a.allow_skipped {
        let why = if skipped > 0 {
            format!("every case was skipped ({skipped} over --max-nodes or for a variant the engine lacks)")
        } else {
            "the suites have no cases".to_string()
        };
        Err(Failure::NothingChecked(format!(
            "nothing was checked: {why}; exit status 4 (give --allow-skipped to accept a run that checks nothing)"
        )))
    } else {
        Ok(())
    }
}

fn summary(passed: usize, failed: usize, skipped: usize) -> String {
    let mut s = format!("{passed} passed, {failed} failed");
    if skipped > 0 {
        s.push_str(&format!(", {skipped} skipped"));
    }
    s
}

/// The lines `run` prints for one case (`at`: its file and line); empty for a case that
/// passed or was skipped under --quiet.
fn case_text(r: &CaseResult, at: &str, quiet: bool) -> String {
    let mut out = String::new();
    let note = skip_note(r);
    match r.status {
        Status::Passed if !quiet => out.push_str(&format!("ok   {}{note}\n", r.id)),
        Status::Skipped if !quiet => out.push_str(&format!("skip {}{note}\n", r.id)),
        Status::Passed | Status::Skipped => {}
        Status::Failed => {
            out.push_str(&format!("FAIL {}  ({at}, variant {})\n", r.id, r.variant));
            for c in r.checks.iter().filter(|c| !c.ok) {
                if c.what == "moves" {
                    out.push_str("       moves differ (- expected but not generated, + generated but not expected):\n");
                }
                for d in &c.detail {
                    out.push_str(&format!("       {d}\n"));
                }
            }
        }
    }
    out
}

/// Why figures of a case were not checked: over the node budget, or (`variant`) an engine
/// lacking the case's variant.
fn skip_reasons(r: &CaseResult) -> Vec<String> {
    let mut out = Vec::new();
    let budget: Vec<&str> = r
        .checks
        .iter()
        .filter(|c| c.skipped && c.what != "variant")
        .map(|c| c.what.as_str())
        .collect();
    if !budget.is_empty() {
        out.push(format!("skipped over the node budget: {}", budget.join(", ")));
    }
    for c in r.checks.iter().filter(|c| c.skipped && c.what == "variant") {
        out.extend(c.detail.iter().map(|d| format!("skipped: {d}")));
    }
    out
}

fn skip_note(r: &CaseResult) -> String {
    let reasons = skip_reasons(r);
    if reasons.is_empty() {
        String::new()
    } else {
        format!("  ({})", reasons.join("; "))
    }
}

fn print_json(
    runs: &[FileRun],
    load_errors: &[String],
    reference: Option<&Reference>,
    passed: usize,
    failed: usize,
    skipped: usize,
) -> io::Result<()> {
    let report = suite::Report {
        files: runs
            .iter()
            .map(|r| suite::FileReport {
                path: r.suite.path.display().to_string(),
                name: r.suite.file.name.clone(),
                cases: r.results.clone(),
            })
            .collect(),
        errors: load_errors.to_vec(),
        engine: reference.map(|r| r.describe()),
        passed,
        failed,
        skipped,
    };
    let mut out = io::stdout().lock();
    writeln!(out, "{}", report.to_json())
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn junit(runs: &[FileRun]) -> String {
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    for run in runs {
        let f = run.results.iter().filter(|r| r.status == Status::Failed).count();
        let s = run.results.iter().filter(|r| r.status == Status::Skipped).count();
        let time: f64 = run.results.iter().map(|r| r.seconds).sum();
        x.push_str(&format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{f}\" skipped=\"{s}\" time=\"{time:.3}\">\n",
            xml_escape(&run.suite.file.name),
            run.results.len()
        ));
        for r in &run.results {
            x.push_str(&format!(
                "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\"",
                xml_escape(&run.suite.file.name),
                xml_escape(&r.id),
                r.seconds
            ));
            match r.status {
                Status::Passed => x.push_str("/>\n"),
                Status::Skipped => x.push_str(&format!(
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                    xml_escape(&skip_reasons(r).join("; "))
                )),
                Status::Failed => {
                    let lines: Vec<String> = r
                        .checks
                        .iter()
                        .filter(|c| !c.ok)
                        .flat_map(|c| c.detail.clone())
                        .collect();
                    let first = lines.first().cloned().unwrap_or_default();
                    x.push_str(&format!(
                        ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
                        xml_escape(&first),
                        xml_escape(&lines.join("\n"))
                    ));
                }
            }
        }
        x.push_str("  </testsuite>\n");
    }
    x.push_str("</testsuites>\n");
    x
}
