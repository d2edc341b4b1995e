//! The EPD perft suite reader: one position a line, `FEN ;D1 20 ;D2 400 ...`, each line a
//! case whose expected perft counts are the `Dn` operations (see the [`super`] module
//! documentation for the operations understood).

use super::{load_error, stem};
use crate::suite::format::{Case, SuiteFile};
use crate::suite::{LoadError, Suite};
use std::collections::BTreeMap;
use std::path::Path;

/// Parses an EPD perft suite (`FEN ;D1 20 ;D2 400 ...` per line).
pub fn parse_epd(path: &Path, text: &str) -> Result<Suite, LoadError> {
    let name = stem(path);
    let mut cases = Vec::new();
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let err = |m: String| load_error(path, n, m);
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut segments = line.split(';');
        let first = segments.next().unwrap_or("");
        let toks: Vec<&str> = first.split_whitespace().collect();
        if toks.len() < 4 {
            return Err(err(format!(
                "expected a FEN (placement, side, castling, en passant) before the first ';', found '{}'",
                first.trim()
            )));
        }
        let mut fen_fields = toks[..4].to_vec();
        let mut rest = &toks[4..];
        if rest.len() >= 2 && rest[0].parse::<u32>().is_ok() && rest[1].parse::<u32>().is_ok() {
            fen_fields.extend_from_slice(&rest[..2]);
            rest = &rest[2..];
        }
        let mut ops: Vec<String> = Vec::new();
        if !rest.is_empty() {
            ops.push(rest.join(" "));
        }
        ops.extend(segments.map(|s| s.trim().to_string()).filter(|s| !s.is_empty()));

        let mut depths: BTreeMap<u32, u64> = BTreeMap::new();
        let (mut id, mut variant) = (None, None);
        for op in &ops {
            let (code, operand) = match op.split_once(char::is_whitespace) {
                Some((c, o)) => (c, o.trim()),
                None => (op.as_str(), ""),
            };
            let depth_digits = code
                .strip_prefix(['D', 'd'])
                .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
            if let Some(d) = depth_digits {
                let depth: u32 = d.parse().map_err(|_| err(format!("{code}: bad depth")))?;
                if depth == 0 {
                    return Err(err("D0: depths start at 1".into()));
                }
                let count: u64 = operand
                    .parse()
                    .map_err(|_| err(format!("{code}: '{operand}' is not a node count")))?;
                if depths.insert(depth, count).is_some() {
                    return Err(err(format!("D{depth} given twice")));
                }
            } else if code == "id" {
                id = Some(operand.trim_matches('"').to_string());
            } else if code == "variant" {
                variant = Some(operand.to_string());
            }
            // other EPD operations (bm, c0, ...) say nothing about perft
        }
        let Some(&max) = depths.keys().last() else {
            return Err(err(
                "no perft figures (expected ';D1 20 ;D2 400 ...' after the FEN)".into()
            ));
        };
        let perft = (1..=max)
            .map(|d| {
                depths.get(&d).copied().ok_or_else(|| {
                    err(format!(
                        "D{d} is missing (the figures must run from D1 to D{max} without a gap)"
                    ))
                })
            })
            .collect::<Result<Vec<u64>, _>>()?;
        let id = id.filter(|s| !s.is_empty()).unwrap_or_else(|| format!("{name}/{n}"));
        cases.push(Case {
            id,
            fen: fen_fields.join(" "),
            variant,
            perft: Some(perft),
            ..Case::default()
        });
        lines.push(n);
    }
    if cases.is_empty() {
        return Err(load_error(
            path,
            0,
            "no positions (expected lines 'FEN ;D1 20 ;D2 400 ...')",
        ));
    }
    unique_ids(path, &cases, &lines)?;
    let file = SuiteFile {
        name,
        variant: None,
        source: Some(format!("EPD perft suite {}", path.display())),
        cases,
    };
    Ok(Suite {
        path: path.to_path_buf(),
        file,
        lines,
        warnings: Vec::new(),
    })
}

fn unique_ids(path: &Path, cases: &[Case], lines: &[usize]) -> Result<(), LoadError> {
    let mut seen = std::collections::HashSet::new();
    for (c, &l) in cases.iter().zip(lines) {
        if !seen.insert(c.id.as_str()) {
            return Err(load_error(path, l, format!("case id '{}' is not unique", c.id)));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines() {
        let s = parse_epd(
            Path::new("x.epd"),
            "# comment\n4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66\n\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;id \"corner\"\n",
        )
        .unwrap();
        assert_eq!(s.file.cases.len(), 2);
        assert_eq!(s.file.cases[0].id, "x/2");
        assert_eq!(s.file.cases[0].fen, "4k3/8/8/8/8/8/8/4K2R w K -");
        assert_eq!(s.file.cases[0].perft, Some(vec![15, 66]));
        assert_eq!(s.file.cases[1].id, "corner");
        assert_eq!(s.lines, vec![2, 4]);
        let e = parse_epd(Path::new("x.epd"), "8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D3 9\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1: D2 is missing"), "{e}");
        let e = parse_epd(Path::new("x.epd"), "8/8/8/8/8/8/8/K6k w - - ;D1 x\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1: D1: 'x' is not a node count"), "{e}");
    }
}
