//! The `fairyperft` command line. See `fairyperft --help` and README.md.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  fairyperft perft --depth 5                                   # orthodox, initial position
  fairyperft perft --variant circe --depth 4 --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
  fairyperft divide --variant circe+madrasi --depth 2
  fairyperft moves --variant anticirce-calvet --fen '4k3/8/8/3p4/8/8/8/3RK3 w - -'
  fairyperft run suites                                        # every suite under suites/
  fairyperft variants --axes

Variants are conditions joined with '+': one Circe-family preset, Madrasi or Isardam,
and the modifier cohen (e.g. circe-volcanic+isardam+cohen). Moves are printed in
Popeye's notation (knight = S, captures '*', rebirths in brackets: Be2*a6[+bBc8]).

Exit status: 0 success; 1 a suite case failed; 2 bad input (FEN, variant, suite file).";

#[derive(Parser)]
#[command(
    name = "fairyperft",
    version,
    about = "Perft and rules-conformance harness for fairy chess (Circe family, Madrasi, Isardam), agreeing with Popeye",
    after_help = EXAMPLES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes N plies deep; the number alone on the last line.
    Perft(cli::PerftArgs),
    /// Per legal move, its node count N-1 plies below (`MOVE: COUNT`), then the total.
    Divide(cli::PerftArgs),
    /// List the legal moves, one per line.
    Moves(cli::PositionArgs),
    /// Run suite files (or every *.yaml under a directory); exit 1 if a case fails.
    Run(cli::RunArgs),
    /// List every variant (condition) with a one-line rule.
    Variants(cli::VariantsArgs),
}

fn main() -> ExitCode {
    cli::install_panic_hook();
    let args = Cli::parse();
    let result = match args.command {
        Command::Perft(a) => cli::perft(&a),
        Command::Divide(a) => cli::divide(&a),
        Command::Moves(a) => cli::moves(&a),
        Command::Run(a) => cli::run(&a),
        Command::Variants(a) => cli::variants(&a),
    };
    cli::finish(result)
}
