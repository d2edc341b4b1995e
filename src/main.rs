//! The `fairyperft` command line. See `fairyperft --help`, docs/harness.md and docs/suite-format.md.

mod cli;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  fairyperft perft --depth 5                                   # orthodox, initial position
  fairyperft perft --variant circe --depth 4 --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
  fairyperft divide --variant circe+madrasi --depth 2
  fairyperft moves --variant anticirce-calvet --fen '4k3/8/8/3p4/8/8/8/3RK3 w - -'
  fairyperft show --variant circe --fen '4k3/8/8/3p4/8/8/8/3RK3 w - -' --moves d1d5
  fairyperft run suites                                        # every suite under suites/
  fairyperft run perftsuite.epd problem.inp                    # EPD perft suites, Popeye input files
  fairyperft run --uci stockfish suites/orthodox.yaml          # your engine against the suites
  fairyperft variants --axes
  fairyperft compare --depth 3 --variants all --fen '4k3/8/8/3p4/8/8/8/3RK3 w - -'
  fairyperft diff --engine ./my_engine.sh --variant circe --depth 4
  fairyperft perft --depth 7 --shard 3/8 > shard-3.json       # one part of a split run
  fairyperft merge shard-*.json                                # the total of all 8 parts
  fairyperft record --variant circe --depth 3 --divide --out suites/mine.yaml
  fairyperft moves --popeye problem.inp
  fairyperft crosscheck --popeye ./py --variant circe --positions 100   # Popeye as a live oracle

Variants are conditions joined with '+': one Circe-family preset, Madrasi or Isardam,
and the modifier cohen (e.g. circe-volcanic+isardam+cohen). Moves are printed in
Popeye's notation (knight = S, captures '*', rebirths in brackets: Be2*a6[+bBc8]).

Exit status: 0 success; 1 a suite case failed (or `diff` found a difference); 2 bad input
(a FEN, variant, number, suite file or engine; one `error: ...` line on stderr); 3 an
internal error (a bug: please report it); 4 `run` checked nothing (every figure was over
--max-nodes, or no case at all) without --allow-skipped.";

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
    /// List the legal moves, one per line (of a Popeye input file's problem with --popeye).
    Moves(cli::MovesArgs),
    /// Print the position (after --moves) as a text board, with its side to move and any state FEN cannot show at a glance.
    Show(cli::ShowArgs),
    /// Run suite files (YAML, EPD perft suites, Popeye input files, or directories of them) against fairyperft, or with --engine / --uci against your engine; exit 1 if a case fails.
    Run(cli::RunArgs),
    /// List every variant (condition) with a one-line rule.
    Variants(cli::VariantsArgs),
    /// perft 1..N of one position under several variants, as one table.
    Compare(cli::CompareArgs),
    /// Find where fairyperft and a reference (a suite case, or an engine speaking perftree's protocol) disagree.
    Diff(cli::DiffArgs),
    /// Speak perftree's protocol (DEPTH FEN [MOVES]; variant from FAIRYPERFT_VARIANT): `MOVE COUNT` lines, a blank line, the total.
    Perftree(cli::PerftreeArgs),
    /// Add up the shards of a split perft (`perft --shard K/N`): the total alone on the last line; exit 2 if a shard is missing, repeated or foreign.
    Merge(cli::MergeArgs),
    /// Compute a suite case (perft 1..N, optionally moves and divide) and print it or append it to a suite file.
    Record(cli::RecordArgs),
    /// Ask Popeye (the fairy-chess solver) about drawn positions and compare its move lists and depth-2 divides with fairyperft's; exit 1 on a disagreement, printed shrunk as a suite case.
    Crosscheck(cli::CrosscheckArgs),
    /// Print the JSON Schema of the suite format (for editors' YAML language servers, or to validate suites in other tools); --report: of `run --format json`.
    Schema(cli::SchemaArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell) to stdout.
    Completions(cli::CompletionsArgs),
    /// Print the man page (roff) of fairyperft, or of one of its commands, to stdout.
    Manpage(cli::ManpageArgs),
}

fn main() -> ExitCode {
    cli::install_panic_hook();
    let args = Cli::try_parse().unwrap_or_else(|e| cli::usage_error(e));
    let result = match args.command {
        Command::Perft(a) => cli::perft(&a),
        Command::Divide(a) => cli::divide(&a),
        Command::Moves(a) => cli::moves(&a),
        Command::Show(a) => cli::show(&a),
        Command::Run(a) => cli::run(&a),
        Command::Variants(a) => cli::variants(&a),
        Command::Compare(a) => cli::compare(&a),
        Command::Diff(a) => cli::diff(&a),
        Command::Perftree(a) => cli::perftree(&a),
        Command::Record(a) => cli::record(&a),
        Command::Merge(a) => cli::merge(&a),
        Command::Crosscheck(a) => cli::crosscheck(&a),
        Command::Schema(a) => cli::schema(&a),
        Command::Completions(a) => cli::completions(&a, Cli::command()),
        Command::Manpage(a) => cli::manpage(&a, Cli::command()),
    };
    cli::finish(result)
}
