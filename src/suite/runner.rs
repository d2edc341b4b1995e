//! Running one case: every given figure is computed and compared; mismatches are
//! described in readable lines (a diff of missing/extra moves, divide counts that differ).

use super::format::Case;
use crate::game::{Game, MAX_DEPTH};
use crate::square::Color;
use std::collections::{BTreeMap, BTreeSet};

/// A case's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Every figure checked matched.
    Passed,
    /// A figure did not match, or the case could not be set up.
    Failed,
    /// Every expectation was too deep for the node budget (or, checking a UCI engine, the
    /// engine does not offer the case's variant).
    Skipped,
}

/// One comparison and its outcome.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct Check {
    /// What was compared: `perft(3)`, `moves`, `divide(2)`, or `setup` (the position,
    /// variant or history could not be used). Checking an engine, also `engine` (it could
    /// not be started) and `variant` (skipped: a UCI engine without the case's variant).
    pub what: String,
    /// Whether it matched (true for a skipped check).
    pub ok: bool,
    /// Not computed: the expected figure was over the `--max-nodes` budget.
    pub skipped: bool,
    /// Readable lines describing a mismatch; empty when it matched; for a skipped check, the
    /// expected node count that was over the budget.
    pub detail: Vec<String>,
}

/// The result of one case.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct CaseResult {
    /// The case's `id`.
    pub id: String,
    /// The variant it ran under (the case's, else the file's, else orthodox).
    pub variant: String,
    pub status: Status,
    /// Every comparison made: the perft figures by depth, then `moves`, then `divide`; a
    /// case that could not be set up has the one check `setup`.
    pub checks: Vec<Check>,
    /// Things to know that are not failures (the position is illegal, so every count is 0).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// Leaf nodes visited: the perft and divide figures computed, added up.
    pub nodes: u64,
    /// Wall-clock time spent on the case.
    pub seconds: f64,
}

#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Skip expectations whose expected node count exceeds this.
    pub max_nodes: Option<u64>,
}

fn diff_lines(expected: &BTreeSet<String>, found: &BTreeSet<String>) -> Vec<String> {
    let e: Vec<&str> = expected.iter().map(|s| s.as_str()).collect();
    let f: Vec<&str> = found.iter().map(|s| s.as_str()).collect();
    let mut out = Vec::new();
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &e, &f) {
        for ch in similar::DiffOp::iter_changes(&op, &e, &f) {
            match ch.tag() {
                similar::ChangeTag::Delete => out.push(format!("- {} (missing)", ch.value())),
                similar::ChangeTag::Insert => out.push(format!("+ {} (extra)", ch.value())),
                similar::ChangeTag::Equal => {}
            }
        }
    }
    out
}

fn setup_failure(case: &Case, variant: &str, msg: String, started: std::time::Instant) -> CaseResult {
    CaseResult {
        id: case.id.clone(),
        variant: variant.to_string(),
        status: Status::Failed,
        checks: vec![Check {
            what: "setup".into(),
            ok: false,
            skipped: false,
            detail: vec![msg],
        }],
        warnings: Vec::new(),
        nodes: 0,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// The warning for a position whose side not to move is in check: such a position is
/// illegal, has no moves and counts 0 at every depth (a documented decision, not an error:
/// suites may state it). None for a legal position.
pub fn illegal_position_warning(game: &mut Game) -> Option<String> {
    if !game.rules.opponent_in_check(&mut game.pos) {
        return None;
    }
    let side = match game.pos.turn().other() {
        Color::White => "White",
        Color::Black => "Black",
    };
    Some(format!(
        "the side not to move ({side}) is in check: the position is illegal, it has no moves and every count is 0"
    ))
}

/// Runs one case. `default_variant` is the file's variant.
pub fn run_case(case: &Case, default_variant: &str, opts: &RunOptions) -> CaseResult {
    let started = std::time::Instant::now();
    let variant = case.variant.as_deref().unwrap_or(default_variant).to_string();
    let mut game = match Game::new(&case.fen, &variant) {
        Ok(g) => g,
        Err(e) => return setup_failure(case, &variant, e.to_string(), started),
    };
    if let Some(h) = &case.history {
        if let Err(e) = game.play_line(&h.join(" ")) {
            return setup_failure(case, &variant, format!("history: {e}"), started);
        }
    }
    let deepest = match (&case.perft, &case.divide) {
        (Some(p), _) if p.len() > MAX_DEPTH as usize => Some(format!("perft lists {} depths", p.len())),
        (_, Some(_)) if case.divide_depth.unwrap_or(2) > MAX_DEPTH => {
            Some(format!("divide_depth is {}", case.divide_depth.unwrap_or(2)))
        }
        _ => None,
    };
    if let Some(what) = deepest {
        return setup_failure(
            case,
            &variant,
            format!("{what}; fairyperft counts to depth {MAX_DEPTH} at most"),
            started,
        );
    }
    let warnings: Vec<String> = illegal_position_warning(&mut game).into_iter().collect();
    let too_deep = |n: u64| opts.max_nodes.is_some_and(|m| n > m);
    let mut checks = Vec::new();
    let mut nodes = 0;

    if let Some(expected) = &case.perft {
        for (i, &e) in expected.iter().enumerate() {
            let depth = i as u32 + 1;
            let what = format!("perft({depth})");
            if too_deep(e) {
                checks.push(Check {
                    what,
                    ok: true,
                    skipped: true,
                    detail: vec![format!("{e} nodes expected, over the budget")],
                });
                continue;
            }
            let found = game.perft(depth);
            nodes += found;
            let ok = found == e;
            let detail = if ok {
                vec![]
            } else {
                vec![format!("perft({depth}): expected {e}, found {found}")]
            };
            checks.push(Check {
                what,
                ok,
                skipped: false,
                detail,
            });
        }
    }

    let needs_list = case.moves.is_some() || case.divide.is_some();
    if needs_list {
        let depth = case.divide_depth.unwrap_or(2);
        let want_divide = case.divide.is_some();
        let divide_total: u64 = case.divide.as_ref().map_or(0, |d| d.values().sum());
        let divide_skipped = want_divide && too_deep(divide_total);
        let rows = if want_divide && !divide_skipped {
            game.divide(depth)
        } else {
            game.divide(1)
        };
        if let Some(expected) = &case.moves {
            let e: BTreeSet<String> = expected.iter().cloned().collect();
            let f: BTreeSet<String> = rows.iter().map(|r| r.1.clone()).collect();
            let mut detail = diff_lines(&e, &f);
            if expected.len() != e.len() {
                detail.push(format!(
                    "(the expected list names {} moves more than once)",
                    expected.len() - e.len()
                ));
            }
            if rows.len() != f.len() {
                detail.push(format!(
                    "(fairyperft printed {} moves with the same notation)",
                    rows.len() - f.len()
                ));
            }
            checks.push(Check {
                what: "moves".into(),
                ok: detail.is_empty(),
                skipped: false,
                detail,
            });
        }
        if let Some(expected) = &case.divide {
            let what = format!("divide({depth})");
            if divide_skipped {
                checks.push(Check {
                    what,
                    ok: true,
                    skipped: true,
                    detail: vec![format!("{divide_total} nodes expected, over the budget")],
                });
            } else {
                let mut found: BTreeMap<String, u64> = BTreeMap::new();
                for (_, name, n) in &rows {
                    *found.entry(name.clone()).or_default() += n;
                    nodes += n;
                }
                let mut detail = Vec::new();
                let keys: BTreeSet<&String> = expected.keys().chain(found.keys()).collect();
                for k in keys {
                    let e = expected.get(k).copied().unwrap_or(0);
                    let f = found.get(k).copied();
                    match f {
                        None => detail.push(format!("{k}: expected {e}, not a legal move here")),
                        Some(f) if f != e => detail.push(format!("{k}: expected {e}, found {f}")),
                        _ => {}
                    }
                }
                checks.push(Check {
                    what,
                    ok: detail.is_empty(),
                    skipped: false,
                    detail,
                });
            }
        }
    }

    let status = if checks.iter().any(|c| !c.ok) {
        Status::Failed
    } else if checks.iter().all(|c| c.skipped) {
        Status::Skipped
    } else {
        Status::Passed
    };
    CaseResult {
        id: case.id.clone(),
        variant,
        status,
        checks,
        warnings,
        nodes,
        seconds: started.elapsed().as_secs_f64(),
    }
}
