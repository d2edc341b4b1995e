//! `fairyperft perftree DEPTH FEN [MOVES]`: fairyperft speaking the protocol of perftree,
//! the orthodox perft debugger, so that it can be plugged into it (or into `fairyperft diff
//! --engine`) as either side.
//!
//! Protocol: the engine is invoked as `SCRIPT "$depth" "$fen" "$moves"` (moves from the FEN,
//! space-separated UCI, possibly empty) and prints one `MOVE COUNT` line per legal move (UCI),
//! a blank line, then the total. fairyperft takes the variant from the environment variable
//! `FAIRYPERFT_VARIANT` (default orthodox).

use super::{parse_depth, parse_threads, CmdResult, Failure};
use clap::Args;
use fairyperft::{notation, Game, SetupError};
use std::io::{self, Write};

/// The environment variable that carries the variant to an engine.
pub const VARIANT_ENV: &str = "FAIRYPERFT_VARIANT";

#[derive(Args, Clone)]
pub struct PerftreeArgs {
    /// Depth in plies, 0 to 32
    #[arg(value_parser = parse_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// Position as FEN (fairyperft's state tokens allowed)
    pub fen: String,
    /// Moves played from the FEN first: one argument, space-separated UCI moves (may be empty)
    #[arg(default_value = "")]
    pub moves: String,
    /// Worker threads, 1 to 1024 (the work is split at the root; counts are identical)
    #[arg(long, short = 't', default_value_t = 1, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: usize,
}

/// The variant named by `FAIRYPERFT_VARIANT` (orthodox when unset or empty).
pub fn variant_from_env() -> String {
    std::env::var(VARIANT_ENV)
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "orthodox".into())
}

pub fn perftree(a: &PerftreeArgs) -> CmdResult {
    let variant = variant_from_env();
    let mut g = Game::new(&a.fen, &variant).map_err(|e| match e {
        SetupError::Variant(_) => Failure::Input(format!("{VARIANT_ENV}: {e}")),
        _ => Failure::Input(format!("FEN: {e}")),
    })?;
    g.play_line(&a.moves)
        .map_err(|e| Failure::Input(format!("MOVES: {e}")))?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut total = 0;
    if a.depth == 0 {
        total = g.perft(0);
    } else {
        for (m, _, n) in g.divide_parallel(a.depth, a.threads) {
            writeln!(out, "{} {n}", notation::uci(m))?;
            total += n;
        }
    }
    writeln!(out)?;
    writeln!(out, "{total}")?;
    out.flush()?;
    Ok(())
}
