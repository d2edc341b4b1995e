//! `fairyperft compare`: one position under several variants, perft 1..N side by side.

use super::{parse_depth1, parse_threads, CmdResult, Failure};
use clap::{Args, ValueEnum};
use fairyperft::{fen, rules, Game};
use serde::Serialize;
use std::io::{self, IsTerminal, Write};

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum TableFormat {
    /// Columns aligned for a terminal
    Text,
    Json,
    Yaml,
    /// A GitHub-flavoured Markdown table
    Markdown,
}

#[derive(Args, Clone)]
pub struct CompareArgs {
    /// Position as FEN, optionally with fairyperft's state tokens
    #[arg(long, short = 'f', default_value = fen::STARTING_FEN)]
    pub fen: String,
    /// Moves to play from the FEN first, in every variant (Popeye or UCI notation)
    #[arg(long, short = 'm')]
    pub moves: Option<String>,
    /// Deepest perft, 1 to 32: the table has a column per depth 1..N
    #[arg(long, short = 'd', value_parser = parse_depth1, allow_negative_numbers = true)]
    pub depth: u32,
    /// Variants, comma-separated (compositions with '+' allowed), or `all`: every condition of
    /// `fairyperft variants` except the modifier cohen
    #[arg(long, default_value = "all", value_name = "LIST")]
    pub variants: String,
    /// Output format
    #[arg(long, value_enum, default_value = "text")]
    pub format: TableFormat,
    /// Worker threads per perft, 1 to 1024 (counts are identical)
    #[arg(long, short = 't', default_value_t = 1, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: usize,
    /// Also draw the table as an SVG chart: perft by depth per variant (log scale) and each
    /// variant's ratio to orthodox chess
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<std::path::PathBuf>,
}

#[derive(Serialize)]
struct Row {
    variant: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    perft: Vec<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Serialize)]
struct Table {
    fen: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<String>,
    depth: u32,
    rows: Vec<Row>,
}

/// The variants `all` stands for: every known condition but the modifier `cohen`.
pub fn all_variants() -> Vec<String> {
    rules::known_names()
        .into_iter()
        .filter(|n| *n != "cohen")
        .map(String::from)
        .collect()
}

fn variant_list(spec: &str) -> Result<Vec<String>, Failure> {
    if spec.trim() == "all" {
        return Ok(all_variants());
    }
    let mut out: Vec<String> = Vec::new();
    for v in spec.split(',').map(str::trim) {
        if v.is_empty() {
            return Err(Failure::Input(format!("--variants: empty name in '{spec}'")));
        }
        if v == "all" {
            out.extend(all_variants());
            continue;
        }
        rules::Rules::parse(v).map_err(|e| Failure::Input(format!("--variants: {e}")))?;
        out.push(v.to_string());
    }
    let mut seen = std::collections::HashSet::new();
    out.retain(|v| seen.insert(v.clone()));
    Ok(out)
}

pub fn compare(a: &CompareArgs) -> CmdResult {
    fen::parse(&a.fen).map_err(|e| Failure::Input(format!("--fen: malformed FEN: {e}")))?;
    let variants = variant_list(&a.variants)?;
    let progress = if io::stderr().is_terminal() {
        let pb = indicatif::ProgressBar::new(variants.len() as u64 * a.depth as u64);
        pb.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} perfts, {elapsed}  {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Some(pb)
    } else {
        None
    };
    let mut rows = Vec::new();
    for v in &variants {
        if let Some(pb) = &progress {
            pb.set_message(v.clone());
        }
        let setup = || -> Result<Game, String> {
            let mut g = Game::new(&a.fen, v).map_err(|e| e.to_string())?;
            if let Some(line) = &a.moves {
                g.play_line(line).map_err(|e| format!("--moves: {e}"))?;
            }
            Ok(g)
        };
        match setup() {
            Ok(mut g) => {
                let mut perft = Vec::new();
                for d in 1..=a.depth {
                    perft.push(g.perft_parallel(d, a.threads));
                    if let Some(pb) = &progress {
                        pb.inc(1);
                    }
                }
                rows.push(Row {
                    variant: v.clone(),
                    perft,
                    error: None,
                });
            }
            Err(e) => {
                if let Some(pb) = &progress {
                    pb.inc(a.depth as u64);
                }
                rows.push(Row {
                    variant: v.clone(),
                    perft: Vec::new(),
                    error: Some(e),
                });
            }
        }
    }
    if let Some(pb) = progress {
        pb.finish_and_clear();
    }
    let failed = rows.iter().filter(|r| r.error.is_some()).count();
    let table = Table {
        fen: a.fen.clone(),
        moves: a.moves.clone(),
        depth: a.depth,
        rows,
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    match a.format {
        TableFormat::Text => write_text(&mut out, &table)?,
        TableFormat::Markdown => write_markdown(&mut out, &table)?,
        TableFormat::Json => {
            writeln!(out, "{}", serde_json::to_string_pretty(&table).unwrap_or_default())?;
        }
        TableFormat::Yaml => {
            write!(out, "{}", serde_yaml::to_string(&table).unwrap_or_default())?;
        }
    }
    out.flush()?;
    if let Some(path) = &a.plot {
        plot(a, path, &table)?;
    }
    if failed > 0 {
        return Err(Failure::Input(format!(
            "{failed} variant(s) could not take the position (their rows say why)"
        )));
    }
    Ok(())
}

fn cells(t: &Table) -> (Vec<String>, Vec<Vec<String>>) {
    let mut header = vec!["variant".to_string()];
    header.extend((1..=t.depth).map(|d| format!("depth {d}")));
    let body = t
        .rows
        .iter()
        .map(|r| {
            let mut c = vec![r.variant.clone()];
            match &r.error {
                Some(e) => c.push(format!("error: {e}")),
                None => c.extend(r.perft.iter().map(|n| n.to_string())),
            }
            c
        })
        .collect();
    (header, body)
}

fn write_text(out: &mut impl Write, t: &Table) -> io::Result<()> {
    let (header, body) = cells(t);
    let cols = header.len();
    let mut width = vec![0usize; cols];
    for row in std::iter::once(&header).chain(&body) {
        // an error message spans the number columns: it does not widen them
        if row.len() == cols {
            for (w, c) in width.iter_mut().zip(row) {
                *w = (*w).max(c.len());
            }
        } else {
            width[0] = width[0].max(row[0].len());
        }
    }
    for row in std::iter::once(&header).chain(&body) {
        let mut line = format!("{:<w$}", row[0], w = width[0]);
        if row.len() == cols {
            for (c, w) in row.iter().zip(&width).skip(1) {
                line.push_str(&format!("  {c:>w$}"));
            }
        } else {
            line.push_str("  ");
            line.push_str(&row[1..].join(" "));
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

fn write_markdown(out: &mut impl Write, t: &Table) -> io::Result<()> {
    let (header, body) = cells(t);
    let cols = header.len();
    writeln!(out, "| {} |", header.join(" | "))?;
    let align: Vec<&str> = (0..cols).map(|i| if i == 0 { "---" } else { "---:" }).collect();
    writeln!(out, "| {} |", align.join(" | "))?;
    for row in body {
        let mut row: Vec<String> = row.into_iter().map(|c| c.replace('|', "\\|")).collect();
        row.resize(cols, String::new());
        writeln!(out, "| {} |", row.join(" | "))?;
    }
    Ok(())
}

/// `--plot`: the table's rows that could be counted, against orthodox chess (counted here
/// when the table has no orthodox row).
fn plot(a: &CompareArgs, path: &std::path::Path, t: &Table) -> Result<(), Failure> {
    let lines: Vec<super::plot::Line> = t
        .rows
        .iter()
        .filter(|r| r.error.is_none())
        .map(|r| super::plot::Line {
            variant: &r.variant,
            perft: &r.perft,
        })
        .collect();
    let orthodox = match t.rows.iter().find(|r| r.variant == "orthodox" && r.error.is_none()) {
        Some(r) => r.perft.clone(),
        None => {
            let mut g = Game::new(&a.fen, "orthodox")
                .map_err(|e| Failure::Input(format!("--plot: the ratio to orthodox chess: {e}")))?;
            if let Some(line) = &a.moves {
                g.play_line(line)
                    .map_err(|e| Failure::Input(format!("--plot: the ratio to orthodox chess: --moves: {e}")))?;
            }
            (1..=a.depth).map(|d| g.perft_parallel(d, a.threads)).collect()
        }
    };
    let mut title = format!("fairyperft compare: {}", t.fen);
    if let Some(m) = &t.moves {
        title.push_str(&format!(" after {m}"));
    }
    super::plot::write_svg(path, &title, t.depth, &lines, &orthodox).map_err(Failure::Input)
}
