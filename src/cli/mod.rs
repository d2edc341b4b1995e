//! Command implementations. Errors are one line on stderr and exit status 2; a closed
//! stdout (e.g. `| head`) ends the program quietly.

pub mod run;

use clap::Args;
use fairyperft::{fen, notation, rules, Game, SetupError};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

pub use run::{run, RunArgs};

/// What a command ends with.
pub enum Failure {
    /// Bad input: a one-line message, exit status 2.
    Input(String),
    /// The command ran and found failures (suite cases): exit status 1.
    Failed,
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
        let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
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

#[derive(Args, Clone)]
pub struct PerftArgs {
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Depth in plies
    #[arg(long, short = 'd')]
    pub depth: u32,
    /// Worker threads (the work is split at the root; counts are identical)
    #[arg(long, short = 't', default_value_t = 1)]
    pub threads: usize,
}

pub fn setup(a: &PositionArgs) -> Result<Game, Failure> {
    let mut g = Game::new(&a.fen, &a.variant).map_err(|e| {
        let arg = if matches!(e, SetupError::Variant(_)) { "--variant" } else { "--fen" };
        Failure::Input(format!("{arg}: {e}"))
    })?;
    if let Some(line) = &a.moves {
        g.play_line(line).map_err(|e| Failure::Input(format!("--moves: {e}")))?;
    }
    Ok(g)
}

fn stats(started: Instant, nodes: u64) {
    if io::stderr().is_terminal() {
        let s = started.elapsed().as_secs_f64();
        eprintln!("{nodes} nodes in {s:.3} s ({:.1} Mnodes/s)", nodes as f64 / s.max(1e-9) / 1e6);
    }
}

pub fn perft(a: &PerftArgs) -> CmdResult {
    let mut g = setup(&a.pos)?;
    let t = Instant::now();
    let n = g.perft_parallel(a.depth, a.threads);
    stats(t, n);
    let mut out = io::stdout().lock();
    writeln!(out, "{n}")?;
    Ok(())
}

pub fn divide(a: &PerftArgs) -> CmdResult {
    let mut g = setup(&a.pos)?;
    let t = Instant::now();
    let rows = g.divide_parallel(a.depth, a.threads);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut total = 0;
    for (m, name, n) in &rows {
        let shown = if a.pos.uci { notation::uci(*m) } else { name.clone() };
        writeln!(out, "{shown}: {n}")?;
        total += n;
    }
    writeln!(out)?;
    writeln!(out, "{total}")?;
    out.flush()?;
    stats(t, total);
    Ok(())
}

pub fn moves(a: &PositionArgs) -> CmdResult {
    let mut g = setup(a)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    for m in g.legal_moves() {
        let shown = if a.uci { notation::uci(m) } else { g.popeye(m) };
        writeln!(out, "{shown}")?;
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
    writeln!(out, "Combine with '+': at most one Circe-family preset, one of madrasi/isardam, and cohen.")?;
    out.flush()?;
    Ok(())
}
