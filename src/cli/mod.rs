//! Command implementations. Errors are one line on stderr and exit status 2; a closed
//! stdout (e.g. `| head`) ends the program quietly.

pub mod compare;
pub mod diff;
pub mod perftree;
pub mod record;
pub mod run;
pub mod schema;
pub mod show;

use clap::Args;
use fairyperft::{fen, notation, rules, suite, Game, SetupError};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

pub use compare::{compare, CompareArgs};
pub use diff::{diff, DiffArgs};
pub use perftree::{perftree, PerftreeArgs};
pub use record::{record, RecordArgs};
pub use run::{run, RunArgs};
pub use schema::{schema, SchemaArgs};
pub use show::{show, ShowArgs};

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
    /// Transposition table of this many MiB (counts are identical; keyed by the whole
    /// position, variant state included)
    #[arg(long, value_name = "MB")]
    pub hash: Option<usize>,
}

impl PerftArgs {
    fn table(&self) -> Option<fairyperft::table::Table> {
        self.hash.map(fairyperft::table::Table::with_megabytes)
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

fn stats(started: Instant, nodes: u64) {
    if io::stderr().is_terminal() {
        let s = started.elapsed().as_secs_f64();
        eprintln!(
            "{nodes} nodes in {s:.3} s ({:.1} Mnodes/s)",
            nodes as f64 / s.max(1e-9) / 1e6
        );
    }
}

pub fn perft(a: &PerftArgs) -> CmdResult {
    let mut g = setup(&a.pos)?;
    let t = Instant::now();
    let table = a.table();
    let n = g.perft_with(a.depth, a.threads, table.as_ref());
    stats(t, n);
    let mut out = io::stdout().lock();
    writeln!(out, "{n}")?;
    Ok(())
}

pub fn divide(a: &PerftArgs) -> CmdResult {
    if a.depth == 0 {
        return Err(Failure::Input("--depth: divide needs a depth of at least 1".into()));
    }
    let mut g = setup(&a.pos)?;
    let t = Instant::now();
    let table = a.table();
    let rows = g.divide_with(a.depth, a.threads, table.as_ref());
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

#[derive(Args, Clone)]
pub struct MovesArgs {
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Take the position, conditions and side to move from a Popeye input file instead
    /// (pieces/forsyth, condition, option nocastling/enpassant/halfduplex, stipulation)
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
        let mut out = io::BufWriter::new(io::stdout().lock());
        print_moves(&mut g, a.pos.uci, &mut out)?;
        out.flush()?;
        return Ok(());
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Input(format!("--popeye {}: cannot read: {e}", path.display())))?;
    let problems = suite::import::parse_popeye(path, &text).map_err(|e| Failure::Input(format!("--popeye {e}")))?;
    let mut games = Vec::new();
    for p in &problems {
        let at = format!("--popeye {}: line {}", path.display(), p.line);
        let mut g = Game::new(&p.fen, &p.variant).map_err(|e| Failure::Input(format!("{at}: {e}")))?;
        if let Some(line) = &a.pos.moves {
            g.play_line(line).map_err(|e| Failure::Input(format!("--moves: {e}")))?;
        }
        games.push(g);
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let several = games.len() > 1;
    for (k, (p, g)) in problems.iter().zip(games.iter_mut()).enumerate() {
        if several {
            writeln!(
                out,
                "# problem {} (line {}): variant {}, {}",
                k + 1,
                p.line,
                p.variant,
                p.fen
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
