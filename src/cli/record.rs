//! `fairyperft record`: a suite case computed by fairyperft, in the suite format, printed or
//! appended to a suite file (so that `fairyperft run` passes on it, and keeps passing).

use super::{parse_depth1, parse_threads, warn_if_illegal, CmdResult, Failure};
use clap::Args;
use fairyperft::suite::{self, Case, SuiteFile};
use fairyperft::{fen, Game, SetupError};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What a recorded case says about where its figures come from.
pub fn source() -> String {
    format!("recorded by fairyperft {}", env!("CARGO_PKG_VERSION"))
}

#[derive(Args, Clone)]
pub struct RecordArgs {
    /// Variant: a condition or several joined with '+' (see `fairyperft variants`)
    #[arg(long, short = 'v', default_value = "orthodox")]
    pub variant: String,
    /// Position as FEN, optionally with fairyperft's state tokens
    #[arg(long, short = 'f', default_value = fen::STARTING_FEN)]
    pub fen: String,
    /// Record perft(1) .. perft(N), N from 1 to 32 (required for the suite format)
    #[arg(long, short = 'd', value_parser = parse_depth1, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// What to write: a suite case (yaml), or the position and variant as a Popeye input
    /// file (popeye: `stipulation ~1`, so that Popeye lists the legal moves; read back by
    /// `fairyperft moves --popeye` and, with Popeye's output pasted after it, `run`)
    #[arg(long, value_enum, default_value_t = RecordFormat::Yaml)]
    pub format: RecordFormat,
    /// Case id (default: VARIANT/PLACEMENT)
    #[arg(long)]
    pub id: Option<String>,
    /// Also record the legal moves (Popeye notation)
    #[arg(long)]
    pub moves: bool,
    /// Also record the divide: the node count below each legal move
    #[arg(long)]
    pub divide: bool,
    /// Depth of the divide, 1 to 32
    #[arg(long, default_value_t = 2, value_name = "D", value_parser = parse_depth1, allow_negative_numbers = true)]
    pub divide_depth: u32,
    /// Moves played from the FEN before counting, recorded as the case's `history`
    /// (Popeye or UCI notation; they give Cohen's rule its previous position)
    #[arg(long, value_name = "MOVES")]
    pub history: Option<String>,
    /// Append the case to this suite file (created, as a new suite, when missing) instead of
    /// printing a suite on stdout
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Take the figures from this Popeye binary instead of computing them: the moves
    /// (`~1`) and the depth-2 divide (`h~1`), so --depth 1 or 2 and no --history
    #[arg(long, value_name = "BIN")]
    pub popeye: Option<PathBuf>,
    /// Worker threads, 1 to 1024 (counts are identical)
    #[arg(long, short = 't', default_value_t = 1, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: usize,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    Yaml,
    Popeye,
}

pub(crate) fn q(s: &str) -> String {
    // a JSON string is a YAML double-quoted scalar
    serde_json::to_string(s).unwrap_or_else(|_| format!("\"{s}\""))
}

/// The case as YAML lines, the list item starting at `indent`.
pub(crate) fn case_yaml(c: &Case, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let inner = " ".repeat(indent + 2);
    let mut s = format!("{pad}- id: {}\n", q(&c.id));
    s.push_str(&format!("{inner}fen: {}\n", q(&c.fen)));
    if let Some(v) = &c.variant {
        s.push_str(&format!("{inner}variant: {}\n", q(v)));
    }
    if let Some(h) = &c.history {
        let items: Vec<String> = h.iter().map(|m| q(m)).collect();
        s.push_str(&format!("{inner}history: [{}]\n", items.join(", ")));
    }
    if let Some(p) = &c.perft {
        let items: Vec<String> = p.iter().map(|n| n.to_string()).collect();
        s.push_str(&format!("{inner}perft: [{}]\n", items.join(", ")));
    }
    if let Some(m) = &c.moves {
        if m.is_empty() {
            s.push_str(&format!("{inner}moves: []\n"));
        } else {
            s.push_str(&format!("{inner}moves:\n"));
            for x in m {
                s.push_str(&format!("{inner}  - {}\n", q(x)));
            }
        }
    }
    if let Some(d) = c.divide_depth {
        s.push_str(&format!("{inner}divide_depth: {d}\n"));
    }
    if let Some(d) = &c.divide {
        if d.is_empty() {
            s.push_str(&format!("{inner}divide: {{}}\n"));
        } else {
            s.push_str(&format!("{inner}divide:\n"));
            for (k, v) in d {
                s.push_str(&format!("{inner}  {}: {v}\n", q(k)));
            }
        }
    }
    if let Some(src) = &c.source {
        s.push_str(&format!("{inner}source: {}\n", q(src)));
    }
    s
}

fn new_suite_yaml(name: &str, variant: &str, c: &Case) -> String {
    format!(
        "name: {}\nvariant: {}\nsource: {}\ncases:\n{}",
        q(name),
        q(variant),
        q(&c.source.clone().unwrap_or_else(source)),
        case_yaml(c, 2)
    )
}

/// Computes the case.
fn record_case(a: &RecordArgs) -> Result<Case, Failure> {
    if let Some(bin) = &a.popeye {
        return super::crosscheck::record_from_popeye(a, bin);
    }
    let mut g = Game::new(&a.fen, &a.variant).map_err(|e| {
        let arg = if matches!(e, SetupError::Variant(_)) {
            "--variant"
        } else {
            "--fen"
        };
        Failure::Input(format!("{arg}: {e}"))
    })?;
    warn_if_illegal(&mut g, "--fen");
    let mut history = None;
    if let Some(line) = &a.history {
        g.play_line(line)
            .map_err(|e| Failure::Input(format!("--history: {e}")))?;
        let h: Vec<String> = line
            .split([' ', ','])
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect();
        // Popeye writes en passant as two words (`e5*d6 ep.`): keep them together
        let mut joined: Vec<String> = Vec::new();
        for t in h {
            match (t.as_str(), joined.last_mut()) {
                ("ep.", Some(prev)) => prev.push_str(" ep."),
                _ => joined.push(t),
            }
        }
        history = Some(joined).filter(|h| !h.is_empty());
    }
    let depth = a
        .depth
        .ok_or_else(|| Failure::Input("--depth: required (how deep to count)".into()))?;
    let perft: Vec<u64> = (1..=depth).map(|d| g.perft_parallel(d, a.threads)).collect();
    let moves = a.moves.then(|| {
        let mut g2 = g.clone();
        let names: BTreeSet<String> = g2.legal_moves().into_iter().map(|m| g.popeye(m)).collect();
        names.into_iter().collect::<Vec<String>>()
    });
    let divide = a.divide.then(|| {
        let mut d: BTreeMap<String, u64> = BTreeMap::new();
        for (_, name, n) in g.divide_parallel(a.divide_depth, a.threads) {
            *d.entry(name).or_default() += n;
        }
        d
    });
    let placement = a.fen.split_whitespace().next().unwrap_or("").to_string();
    Ok(Case {
        id: a.id.clone().unwrap_or_else(|| format!("{}/{placement}", a.variant)),
        fen: a.fen.split_whitespace().collect::<Vec<_>>().join(" "),
        variant: None,
        history,
        perft: Some(perft),
        moves,
        divide_depth: (a.divide && a.divide_depth != 2).then_some(a.divide_depth),
        divide,
        note: None,
        source: Some(source()),
    })
}

/// The case as a Popeye input file, checked to read back to the same position and variant.
fn record_popeye(a: &RecordArgs) -> CmdResult {
    let g = Game::new(&a.fen, &a.variant).map_err(|e| {
        let arg = if matches!(e, SetupError::Variant(_)) {
            "--variant"
        } else {
            "--fen"
        };
        Failure::Input(format!("{arg}: {e}"))
    })?;
    if a.history.is_some() || a.moves || a.divide {
        return Err(Failure::Input(
            "--format popeye writes the position only (no --history, --moves, --divide)".into(),
        ));
    }
    let title = a.id.clone().unwrap_or_else(|| format!("{} {}", a.variant, a.fen));
    let text = suite::import::write_popeye(&a.fen, &a.variant, &title)
        .map_err(|e| Failure::Input(format!("--format popeye: {e}")))?;
    let shown = a.out.as_deref().unwrap_or(Path::new("<stdout>"));
    let back = suite::import::parse_popeye(shown, &text)
        .map_err(|e| Failure::Input(format!("--format popeye: written text does not read back: {e}")))?;
    let ours = fen::write(
        &g.pos,
        fen::FenStyle {
            origins: false,
            extended: true,
        },
    );
    if back.len() != 1 || back[0].variant != g.rules.name() || !suite::import::same_position(&back[0].fen, &ours) {
        return Err(Failure::Input(format!(
            "--format popeye: Popeye's input cannot say this position exactly (it reads back as {} in {})",
            back.first().map_or("", |b| b.fen.as_str()),
            back.first().map_or("", |b| b.variant.as_str())
        )));
    }
    match &a.out {
        None => {
            let mut out = io::stdout().lock();
            write!(out, "{text}")?;
        }
        Some(path) => {
            if path.exists() {
                return Err(Failure::Input(format!(
                    "--out {}: exists (a Popeye input file is written new)",
                    path.display()
                )));
            }
            std::fs::write(path, text).map_err(|e| Failure::Input(format!("--out {}: {e}", path.display())))?;
            eprintln!("created {}", path.display());
        }
    }
    Ok(())
}

pub fn record(a: &RecordArgs) -> CmdResult {
    if a.format == RecordFormat::Popeye {
        return record_popeye(a);
    }
    let case = record_case(a)?;
    match &a.out {
        None => {
            let text = new_suite_yaml("recorded", &a.variant, &case);
            verify(Path::new("<stdout>"), &text, &case, 1)?;
            let mut out = io::stdout().lock();
            write!(out, "{text}")?;
            Ok(())
        }
        Some(path) => append(path, &a.variant, case),
    }
}

/// The text parses back to a suite whose `n`-th (last) case is `case`; otherwise the case
/// could not be appended to the file's text as it is.
fn verify(path: &Path, text: &str, case: &Case, n: usize) -> Result<SuiteFile, Failure> {
    let cannot = || {
        Failure::Input(format!(
            "--out {}: cannot append (the `cases` list must end the file, one `- id:` item per case); nothing written",
            path.display()
        ))
    };
    let s = suite::parse_suite(path, text).map_err(|_| cannot())?;
    if s.file.cases.len() != n || s.file.cases.last() != Some(case) {
        return Err(cannot());
    }
    Ok(s.file)
}

fn append(path: &Path, variant: &str, mut case: Case) -> CmdResult {
    let shown = path.display();
    if !matches!(suite::import::kind_of(path), Some(suite::import::FileKind::Yaml)) {
        return Err(Failure::Input(format!(
            "--out {shown}: a suite file must be YAML (*.yaml or *.yml)"
        )));
    }
    if !path.exists() {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "recorded".into());
        let text = new_suite_yaml(&name, variant, &case);
        verify(path, &text, &case, 1)?;
        std::fs::write(path, text).map_err(|e| Failure::Input(format!("--out {shown}: {e}")))?;
        eprintln!("created {shown} with case {}", case.id);
        return Ok(());
    }
    let old = std::fs::read_to_string(path).map_err(|e| Failure::Input(format!("--out {shown}: cannot read: {e}")))?;
    let s = suite::parse_suite(path, &old).map_err(|e| Failure::Input(format!("--out: {e}")))?;
    if s.file.cases.iter().any(|c| c.id == case.id) {
        return Err(Failure::Input(format!(
            "--out {shown}: it already has a case '{}' (give another --id)",
            case.id
        )));
    }
    let default_variant = s.file.variant.as_deref().unwrap_or("orthodox");
    if default_variant != variant {
        case.variant = Some(variant.to_string());
    }
    // the indentation of the existing list items
    let indent = old
        .lines()
        .skip_while(|l| !l.starts_with("cases:"))
        .skip(1)
        .find(|l| l.trim_start().starts_with("- "))
        .map_or(2, |l| l.len() - l.trim_start().len());
    let mut text = old.clone();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&case_yaml(&case, indent));
    verify(path, &text, &case, s.file.cases.len() + 1)?;
    std::fs::write(path, text).map_err(|e| Failure::Input(format!("--out {shown}: {e}")))?;
    eprintln!("appended case {} to {shown}", case.id);
    Ok(())
}
