//! Suites: loading (YAML, and imports of EPD perft suites and Popeye input files),
//! running cases, and reporting results with readable diffs.

pub mod format;
pub mod import;
pub mod report;
pub mod runner;

pub use format::{Case, SuiteFile};
pub use report::{FileReport, Report};
pub use runner::{run_case, CaseResult, Check, Status};

use std::fmt;
use std::path::{Path, PathBuf};

/// A suite file that cannot be used: unreadable, malformed, or breaking the format.
#[derive(Debug, Clone)]
pub struct LoadError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

/// A loaded suite with the line of each case in its file (for error messages).
#[derive(Debug, Clone)]
pub struct Suite {
    pub path: PathBuf,
    pub file: SuiteFile,
    pub lines: Vec<usize>,
    /// What the file holds that was not taken as a case, or doubts about it: its line and
    /// what (the problems of a Popeye input file fairyperft cannot read). Printed as warnings.
    pub warnings: Vec<(usize, String)>,
}

fn locate_ids(text: &str, cases: &[Case]) -> Vec<usize> {
    let mut lines = Vec::with_capacity(cases.len());
    let mut from = 0usize;
    let all: Vec<&str> = text.lines().collect();
    for c in cases {
        let mut found = 0;
        for (i, l) in all.iter().enumerate().skip(from) {
            let t = l.trim_start().trim_start_matches("- ").trim_start();
            if let Some(rest) = t.strip_prefix("id:") {
                let v = rest.trim().trim_matches(|ch| ch == '"' || ch == '\'');
                if v == c.id {
                    found = i + 1;
                    from = i + 1;
                    break;
                }
            }
        }
        lines.push(found);
    }
    lines
}

/// Parses suite text (YAML); `path` names it in errors.
pub fn parse_suite(path: &Path, text: &str) -> Result<Suite, LoadError> {
    let err = |message: String| LoadError {
        path: path.to_path_buf(),
        message,
    };
    let file: SuiteFile = serde_yaml::from_str(text).map_err(|e| {
        let loc = e
            .location()
            .map(|l| format!("line {}, column {}: ", l.line(), l.column()))
            .unwrap_or_default();
        err(format!("{loc}{}", one_line(&e.to_string())))
    })?;
    let lines = locate_ids(text, &file.cases);
    let mut seen = std::collections::HashSet::new();
    for (i, c) in file.cases.iter().enumerate() {
        if !seen.insert(c.id.as_str()) {
            return Err(err(format!("line {}: case id '{}' is not unique", lines[i], c.id)));
        }
        if c.perft.is_none() && c.moves.is_none() && c.divide.is_none() {
            return Err(err(format!(
                "line {}: case '{}' has nothing to check (give perft, moves or divide)",
                lines[i], c.id
            )));
        }
        if c.perft.as_ref().is_some_and(|p| p.is_empty()) {
            return Err(err(format!(
                "line {}: case '{}': perft needs at least one figure",
                lines[i], c.id
            )));
        }
        if c.divide_depth == Some(0) {
            return Err(err(format!(
                "line {}: case '{}': divide_depth must be at least 1",
                lines[i], c.id
            )));
        }
    }
    Ok(Suite {
        path: path.to_path_buf(),
        file,
        lines,
        warnings: Vec::new(),
    })
}

pub fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Loads one suite file: YAML, or by its extension an EPD perft suite (`.epd`) or a
/// Popeye input file (`.inp`, `.pop`, `.popeye`), see [`import`].
pub fn load(path: &Path) -> Result<Suite, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|e| LoadError {
        path: path.to_path_buf(),
        message: format!("cannot read: {e}"),
    })?;
    match import::kind_of(path) {
        Some(import::FileKind::Epd) => import::parse_epd(path, &text),
        Some(import::FileKind::Popeye) => import::parse_popeye_suite(path, &text),
        _ => parse_suite(path, &text),
    }
}

/// The suite files a path stands for: the file itself, or every suite file below a
/// directory (`*.yaml`, `*.yml`, `*.epd`, `*.inp`, `*.pop`, `*.popeye`; sorted).
pub fn expand(path: &Path) -> Result<Vec<PathBuf>, LoadError> {
    if path.is_dir() {
        let mut out = Vec::new();
        let mut stack = vec![path.to_path_buf()];
        while let Some(d) = stack.pop() {
            let rd = std::fs::read_dir(&d).map_err(|e| LoadError {
                path: d.clone(),
                message: format!("cannot read directory: {e}"),
            })?;
            for entry in rd.flatten() {
                let p = entry.path();
                if p.is_dir() {
                    stack.push(p);
                } else if is_suite_file(&p) {
                    out.push(p);
                }
            }
        }
        out.sort();
        Ok(out)
    } else if path.exists() {
        Ok(vec![path.to_path_buf()])
    } else {
        Err(LoadError {
            path: path.to_path_buf(),
            message: "no such file or directory".into(),
        })
    }
}

fn is_suite_file(p: &Path) -> bool {
    import::kind_of(p).is_some()
}
