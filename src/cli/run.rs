//! `fairyperft run`: suite files in, per-case results out (text, JSON, JUnit XML).

use super::{CmdResult, Failure};
use clap::{Args, ValueEnum};
use fairyperft::suite::{self, runner::RunOptions, CaseResult, Status, Suite};
use rayon::prelude::*;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

#[derive(Args, Clone)]
pub struct RunArgs {
    /// Suite files (YAML; EPD perft suites *.epd; Popeye input files *.inp, *.pop, *.popeye), or directories (every such file below them)
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print only failed cases and the summary
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Skip expected figures above this many nodes; they are reported as skipped, never passed
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Worker threads running cases in parallel (default: every core)
    #[arg(long, short = 't')]
    pub threads: Option<usize>,
    /// Output format on stdout
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Also write a JUnit XML report to this file (for CI systems)
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
}

struct FileRun {
    suite: Suite,
    results: Vec<CaseResult>,
}

pub fn run(a: &RunArgs) -> CmdResult {
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
                        Ok(s) => suites.push(s),
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
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} cases, {elapsed}")
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
    let results: Vec<CaseResult> = pool.install(|| {
        jobs.par_iter()
            .map(|&(i, j)| {
                let s = &suites[i];
                let dv = s.file.variant.as_deref().unwrap_or("orthodox");
                let r = suite::run_case(&s.file.cases[j], dv, &opts);
                if let Some(pb) = &progress {
                    pb.inc(1);
                }
                r
            })
            .collect()
    });
    if let Some(pb) = progress {
        pb.finish_and_clear();
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
        Format::Text => print_text(&runs, a.quiet, passed, failed, skipped)?,
        Format::Json => print_json(&runs, &load_errors, passed, failed, skipped)?,
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

fn print_text(runs: &[FileRun], quiet: bool, passed: usize, failed: usize, skipped: usize) -> io::Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for run in runs {
        for (k, r) in run.results.iter().enumerate() {
            let skipped_checks: Vec<&str> = r.checks.iter().filter(|c| c.skipped).map(|c| c.what.as_str()).collect();
            let note = if skipped_checks.is_empty() {
                String::new()
            } else {
                format!("  (skipped over the node budget: {})", skipped_checks.join(", "))
            };
            match r.status {
                Status::Passed => {
                    if !quiet {
                        writeln!(out, "ok   {}{note}", r.id)?;
                    }
                }
                Status::Skipped => {
                    if !quiet {
                        writeln!(out, "skip {}{note}", r.id)?;
                    }
                }
                Status::Failed => {
                    writeln!(
                        out,
                        "FAIL {}  ({}:{}, variant {})",
                        r.id,
                        run.suite.path.display(),
                        run.suite.lines[k],
                        r.variant
                    )?;
                    for c in r.checks.iter().filter(|c| !c.ok) {
                        if c.what == "moves" {
                            writeln!(
                                out,
                                "       moves differ (- expected but not generated, + generated but not expected):"
                            )?;
                        }
                        for d in &c.detail {
                            writeln!(out, "       {d}")?;
                        }
                    }
                }
            }
        }
    }
    writeln!(out, "{}", summary(passed, failed, skipped))?;
    out.flush()
}

fn print_json(
    runs: &[FileRun],
    load_errors: &[String],
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
                Status::Skipped => {
                    x.push_str(">\n      <skipped message=\"over the node budget\"/>\n    </testcase>\n")
                }
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
