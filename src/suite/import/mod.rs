//! Imports: suites in other people's formats, turned into ordinary suites.
//!
//! * **EPD perft suites** (`*.epd`), as in the widely shared `perftsuite.epd`: one position
//!   a line, `FEN ;D1 20 ;D2 400 ;D3 8902`. The FEN may have 4 or 6 fields. Optional
//!   operations: `id "name"` (the case id; default `<file stem>/<line>`) and, a fairyperft
//!   extension, `variant NAME` (default orthodox). Other EPD operations (`bm`, `c0`, ...) are
//!   ignored; blank lines and lines starting with `#` are skipped. The depths must run from
//!   D1 up without a gap.
//! * **Popeye input files** (`*.inp`, `*.pop`, `*.popeye`), English keywords: see
//!   [`parse_popeye`].

mod epd;
mod popeye;

pub use epd::parse_epd;
pub use popeye::{
    parse_popeye, parse_popeye_suite, popeye_conditions, popeye_problem, popeye_version, read_popeye, same_position,
    two_ply_lines, write_popeye, PopeyeInput, PopeyeNote, PopeyeProblem,
};

use crate::suite::LoadError;
use std::path::Path;

/// The kinds of suite file `fairyperft run` reads, told apart by the file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// `*.yaml`, `*.yml`: the suite format of docs/suite-format.md.
    Yaml,
    /// `*.epd`: an EPD perft suite.
    Epd,
    /// `*.inp`, `*.pop`, `*.popeye`: a Popeye input file.
    Popeye,
}

/// The kind of suite file `path` is, by its extension (case-insensitive); `None` for others.
pub fn kind_of(path: &Path) -> Option<FileKind> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "yaml" | "yml" => Some(FileKind::Yaml),
        "epd" => Some(FileKind::Epd),
        "inp" | "pop" | "popeye" => Some(FileKind::Popeye),
        _ => None,
    }
}

pub(super) fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "suite".into())
}

pub(super) fn load_error(path: &Path, line: usize, message: impl Into<String>) -> LoadError {
    let message = message.into();
    let message = if line > 0 {
        format!("line {line}: {message}")
    } else {
        message
    };
    LoadError {
        path: path.to_path_buf(),
        message,
    }
}
