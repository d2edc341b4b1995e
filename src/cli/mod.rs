//! Command implementations. Errors are one line on stderr and exit status 2; a closed
//! stdout (e.g. `| head`) ends the program quietly.
//!
//! Exit statuses: 0 success, 1 a check failed, 2 bad input, 3 an internal error (a bug),
//! 4 `run` checked nothing (every figure skipped; `--allow-skipped` accepts it).

pub mod compare;
pub mod completions;
pub mod count;
pub mod crosscheck;
pub mod diff;
pub mod engine;
pub mod manpage;
pub mod perftree;
pub mod plot;
pub mod record;
pub mod run;
pub mod run_engine;
pub mod schema;
pub mod shard;
pub mod show;
pub mod uci;

use clap::Args;
use fairyperft::suite::runner::illegal_position_warning;
use fairyperft::{fen, notation, rules, suite, Game, SetupError, MAX_DEPTH};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

pub use compare::{compare, CompareArgs};
pub use completions::{completions, CompletionsArgs};
pub use crosscheck::{crosscheck, CrosscheckArgs};
pub use diff::{diff, DiffArgs};
pub use manpage::{manpage, ManpageArgs};
pub use perftree::{perftree, PerftreeArgs};
pub use record::{record, RecordArgs};
pub use run::{run, RunArgs};
pub use schema::{schema, SchemaArgs};
pub use shard::{merge, MergeArgs};
pub use show::{show, ShowArgs};

/// What a command ends with.
pub enum Failure {
    /// Bad input: a one-line message, exit status 2.
    Input(String),
    /// The command ran and found failures (suite cases): exit status 1.
    Failed,
    /// `run` checked nothing (every figure skipped): the message, exit status 4.
    NothingChecked(String),
    /// stdout was closed: stop quietly.
    Closed,
}

pub type CmdResult = Result<(), Failure>;

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Input(format!("cannot write output: {e}"))
        }
    }
}

pub fn finish(r: CmdResult) -> ExitCode {
    match r {
        Ok(()) | Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Failed) => ExitCode::from(1),
        Err(Failure::Input(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
        Err(Failure::NothingChecked(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(4)
        }
    }
}

/// A command-line error from clap (unknown flag, bad number, missing argument) as one
/// `error: ...` line with exit status 2, like every other bad input; help and version
/// requests print as clap prints them.
pub fn usage_error(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    eprintln!("{}", one_line_usage_error(&e.render().to_string()));
    std::process::exit(2);
}

/// clap's message, its usage block and closing hint left out, on one line.
fn one_line_usage_error(text: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for l in text.lines() {
        let l = l.trim();
        if l.starts_with("Usage:") || l.starts_with("For more information") {
            break;
        }
        if !l.is_empty() {
            parts.push(l);
        }
    }
    let line = parts.join(" ");
    if line.starts_with("error:") {
        line
    } else {
        format!("error: {line}")
    }
}

/// At most this many worker threads (far more than cores on any machine this runs on).
pub const MAX_THREADS: usize = 1024;

/// A whole number from `lo` to `hi`; clap names the argument in front of the message.
pub(crate) fn bounded(s: &str, lo: u64, hi: u64, unit: &str) -> Result<u64, String> {
    let n: u64 = s.trim().parse().map_err(|e: std::num::ParseIntError| match e.kind() {
        std::num::IntErrorKind::PosOverflow => format!("{s} is too large (at most {hi} {unit})"),
        _ if s.trim().starts_with('-') && s.trim()[1..].parse::<u128>().is_ok() => {
            format!("must be at least {lo}")
        }
        _ => format!("'{s}' is not a whole number"),
    })?;
    if n < lo {
        Err(format!("must be at least {lo}"))
    } else if n > hi {
        Err(format!("{n} is too large (at most {hi} {unit})"))
    } else {
        Ok(n)
    }
}

/// `--threads`: 1 to [`MAX_THREADS`].
pub fn parse_threads(s: &str) -> Result<usize, String> {
    bounded(s, 1, MAX_THREADS as u64, "threads").map(|n| n as usize)
}

/// A depth from 0 to [`MAX_DEPTH`].
pub fn parse_depth(s: &str) -> Result<u32, String> {
    bounded(s, 0, MAX_DEPTH as u64, "plies: deeper searches cannot finish").map(|n| n as u32)
}

/// A depth from 1 to [`MAX_DEPTH`].
pub fn parse_depth1(s: &str) -> Result<u32, String> {
    bounded(s, 1, MAX_DEPTH as u64, "plies").map(|n| n as u32)
}

/// `--hash`: at least 1 MiB (whether the memory is there is known when it is allocated).
fn parse_megabytes(s: &str) -> Result<u64, String> {
    bounded(s, 1, u64::MAX, "MiB")
}

/// Prints the warning for an illegal position (the side not to move in check), naming
/// where the position came from.
pub fn warn_if_illegal(g: &mut Game, source: &str) {
    if let Some(w) = illegal_position_warning(g) {
        eprintln!("warning: {source}: {w}");
    }
}

/// An internal error must still be one line, never a backtrace.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!("error: internal error{at}: {msg} (please report it with the command line)");
        std::process::exit(3);
    }));
}

#[derive(Args, Clone)]
pub struct PositionArgs {
    /// Variant: a condition or several joined with '+' (see `fairyperft variants`)
    #[arg(long, short = 'v', default_value = "orthodox")]
    pub variant: String,
    /// Position as FEN, optionally with fairyperft's state tokens (hidden=, pending=, flags=, diagram=)
    #[arg(long, short = 'f', default_value = fen::STARTING_FEN)]
    pub fen: String,
    /// Moves to play from the FEN first (Popeye or UCI notation, space-separated)
    #[arg(long, short = 'm')]
    pub moves: Option<String>,
    /// Print moves in UCI notation (a reborn pawn's promotion as /q) instead of Popeye's
    #[arg(long)]
    pub uci: bool,
}

/// What perft and divide print.
#[derive(Clone, Copy, clap::ValueEnum, PartialEq, Eq)]
pub enum CountFormat {
    /// perft: the total alone; divide: `MOVE: COUNT` lines, a blank line, the total
    Text,
    /// One JSON object: the position, variant, depth, nodes, seconds, nodes per second
    /// (and divide's moves)
    Json,
}

#[derive(Args, Clone)]
pub struct PerftArgs {
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Depth in plies, 0 to 32 (divide: 1 to 32)
    #[arg(long, short = 'd', value_parser = parse_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// Worker threads, 1 to 1024 (the work is split at the root; counts are identical)
    #[arg(long, short = 't', default_value_t = 1, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: usize,
    /// Transposition table of this many MiB, at least 1 (counts are identical; keyed by the
    /// whole position, variant state included)
    #[arg(long, value_name = "MB", value_parser = parse_megabytes, allow_negative_numbers = true)]
    pub hash: Option<u64>,
    /// Output format
    #[arg(long, value_enum, default_value = "text")]
    pub format: CountFormat,
    /// perft only: count shard K of N of a run split across processes or machines, and print
    /// it as one JSON line for `fairyperft merge` (see docs/distributed.md)
    #[arg(long, value_name = "K/N", value_parser = shard::parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// With --shard: cut the tree this many plies below the root, 1 to the depth (default:
    /// the fewest plies that give at least 16 subtrees per shard, at most 3)
    #[arg(long, value_name = "PLIES", requires = "shard", value_parser = parse_depth1, allow_negative_numbers = true)]
    pub split_depth: Option<u32>,
}

impl PerftArgs {
    fn table(&self) -> Result<Option<fairyperft::table::Table>, Failure> {
        self.hash
            .map(|mb| {
                fairyperft::table::Table::try_with_megabytes(mb)
                    .map_err(|e| Failure::Input(format!("--hash {mb}: {e}")))
            })
            .transpose()
    }
}

pub fn setup(a: &PositionArgs) -> Result<Game, Failure> {
    let mut g = Game::new(&a.fen, &a.variant).map_err(|e| {
        let arg = if matches!(e, SetupError::Variant(_)) {
            "--variant"
        } else {
            "--fen"
        };
        Failure::Input(format!("{arg}: {e}"))
    })?;
    if let Some(line) = &a.moves {
        g.play_line(line).map_err(|e| Failure::Input(format!("--moves: {e}")))?;
    }
    Ok(g)
}

/// Elapsed seconds, and the node rate (0 when nothing measurable elapsed).
fn timing(started: Instant, nodes: u64) -> (f64, f64) {
    let s = started.elapsed().as_secs_f64();
    (s, if s > 0.0 { nodes as f64 / s } else { 0.0 })
}

fn stats(started: Instant, nodes: u64) {
    if io::stderr().is_terminal() {
        let (s, r) = timing(started, nodes);
        eprintln!("{nodes} nodes in {s:.3} s ({})", count::rate(r));
    }
}

/// The JSON summary of a perft or divide (`--format json`).
fn summary(a: &PerftArgs, started: Instant, nodes: u64) -> serde_json::Map<String, serde_json::Value> {
    let (seconds, per_second) = timing(started, nodes);
    let mut o = serde_json::Map::new();
    o.insert("fen".into(), a.pos.fen.clone().into());
    if let Some(m) = &a.pos.moves {
        o.insert("moves".into(), m.clone().into());
    }
    o.insert("variant".into(), a.pos.variant.clone().into());
    o.insert("depth".into(), a.depth.into());
    o.insert("nodes".into(), nodes.into());
    o.insert("seconds".into(), seconds.into());
    o.insert("nodes_per_second".into(), (per_second.round() as u64).into());
    o
}

pub fn perft(a: &PerftArgs) -> CmdResult {
    let mut g = setup(&a.pos)?;
    warn_if_illegal(&mut g, "--fen");
    let table = a.table()?;
    if let Some(k_of_n) = a.shard {
        return shard::perft_shard(a, &mut g, k_of_n, table.as_ref());
    }
    let t = Instant::now();
    let n = if a.depth == 0 {
        g.perft(0)
    } else {
        count::per_root_move(&mut g, a.depth, a.threads, table.as_ref())?
            .iter()
            .map(|(_, n)| n)
            .sum()
    };
    let mut out = io::stdout().lock();
    match a.format {
        CountFormat::Text => {
            stats(t, n);
            writeln!(out, "{n}")?;
        }
        CountFormat::Json => writeln!(out, "{}", serde_json::Value::Object(summary(a, t, n)))?,
    }
    Ok(())
}

pub fn divide(a: &PerftArgs) -> CmdResult {
    if a.depth == 0 {
        return Err(Failure::Input("--depth: divide needs a depth of at least 1".into()));
    }
    if a.shard.is_some() {
        return Err(Failure::Input(
            "--shard: only perft splits into shards (divide shows every root move)".into(),
        ));
    }
    let mut g = setup(&a.pos)?;
    warn_if_illegal(&mut g, "--fen");
    let table = a.table()?;
    let t = Instant::now();
    let rows = count::per_root_move(&mut g, a.depth, a.threads, table.as_ref())?;
    let total: u64 = rows.iter().map(|(_, n)| n).sum();
    let names: Vec<String> = rows
        .iter()
        .map(|(m, _)| if a.pos.uci { notation::uci(*m) } else { g.popeye(*m) })
        .collect();
    let mut out = io::BufWriter::new(io::stdout().lock());
    match a.format {
        CountFormat::Text => {
            for (name, (_, n)) in names.iter().zip(&rows) {
                writeln!(out, "{name}: {n}")?;
            }
            writeln!(out)?;
            writeln!(out, "{total}")?;
            out.flush()?;
            stats(t, total);
        }
        CountFormat::Json => {
            let mut o = summary(a, t, total);
            let moves: Vec<serde_json::Value> = names
                .iter()
                .zip(&rows)
                .map(|(name, (_, n))| serde_json::json!({ "move": name, "nodes": n }))
                .collect();
            o.insert("divide".into(), moves.into());
            writeln!(out, "{}", serde_json::Value::Object(o))?;
            out.flush()?;
        }
    }
    Ok(())
}

#[derive(Args, Clone)]
pub struct MovesArgs {
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Take the position, conditions and side to move from a Popeye input file instead
    /// (pieces/forsyth, condition, option nocastling/enpassant/halfduplex, stipulation, twins;
    /// English, German or French). A problem it cannot read is a warning on stderr naming
    /// FILE:LINE and is skipped; exit status 2 only when none can be read
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "variant"])]
    pub popeye: Option<PathBuf>,
}

fn print_moves(g: &mut Game, uci: bool, out: &mut impl Write) -> io::Result<()> {
    for m in g.legal_moves() {
        let shown = if uci { notation::uci(m) } else { g.popeye(m) };
        writeln!(out, "{shown}")?;
    }
    Ok(())
}

pub fn moves(a: &MovesArgs) -> CmdResult {
    let Some(path) = &a.popeye else {
        let mut g = setup(&a.pos)?;
        warn_if_illegal(&mut g, "--fen");
        let mut out = io::BufWriter::new(io::stdout().lock());
        print_moves(&mut g, a.pos.uci, &mut out)?;
        out.flush()?;
        return Ok(());
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Input(format!("--popeye {}: cannot read: {e}", path.display())))?;
    let input = suite::import::read_popeye(path, &text).map_err(|e| Failure::Input(format!("--popeye {e}")))?;
    // the problems it cannot read are reported and skipped; none read is bad input (one
    // line naming the first and where the others are)
    if input.problems.is_empty() {
        let Some((line, why)) = input.why_none_read() else {
            return Err(Failure::Input(format!("--popeye {}: no problem", path.display())));
        };
        return Err(Failure::Input(format!(
            "--popeye {}: line {line}: {why}",
            path.display()
        )));
    }
    for bad in &input.unread {
        eprintln!("warning: {}:{}: not read: {}", path.display(), bad.line, bad.message);
    }
    let problems = input.problems;
    let mut games = Vec::new();
    for p in &problems {
        let at = format!("--popeye {}: line {}", path.display(), p.line);
        let mut g = Game::new(&p.fen, &p.variant).map_err(|e| Failure::Input(format!("{at}: {e}")))?;
        warn_if_illegal(&mut g, &at);
        if let Some(line) = &a.pos.moves {
            g.play_line(line).map_err(|e| Failure::Input(format!("--moves: {e}")))?;
        }
        games.push(g);
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    // a header per problem when the file holds several (or twins), or some were not read
    let headers = problems.len() > 1 || !input.unread.is_empty() || problems[0].twin.is_some();
    for (p, g) in problems.iter().zip(games.iter_mut()) {
        if headers {
            let mut twin = p.twin.as_deref().map(|t| format!(" {t}")).unwrap_or_default();
            if p.duplex_half == 2 {
                twin.push_str(" duplex");
            }
            writeln!(
                out,
                "# problem {}{twin} (line {}): variant {}, {}",
                p.number, p.line, p.variant, p.fen
            )?;
        }
        print_moves(g, a.pos.uci, &mut out)?;
    }
    out.flush()?;
    Ok(())
}

#[derive(Args, Clone)]
pub struct VariantsArgs {
    /// Also print each condition's rule components (the Circe axes)
    #[arg(long)]
    pub axes: bool,
}

pub fn variants(a: &VariantsArgs) -> CmdResult {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let cat = rules::catalogue();
    let width = cat.iter().map(|c| c.0.len()).max().unwrap_or(0);
    for (name, summary) in cat {
        writeln!(out, "{name:width$}  {summary}")?;
        if a.axes {
            let r = rules::Rules::parse(name).expect("catalogue names parse");
            writeln!(out, "{:width$}    {}", "", r.describe())?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "Combine with '+': at most one Circe-family preset, one of madrasi/isardam, and cohen."
    )?;
    out.flush()?;
    Ok(())
}
