//! `run --engine` / `run --uci`: a suite case checked against an external engine instead of
//! fairyperft's generator.
//!
//! Every listed perft depth, the move list and the divide are asked of the engine and
//! compared with the case's figures; the suite's moves (Popeye notation) are named in UCI
//! through fairyperft's own move list. The first failing figure is then localised as `diff`
//! does: fairyperft's divide and the engine's are compared and the first differing move is
//! followed down to the position where the two move lists differ.

use super::engine::{localise, play_as_uci, shown_fen, Engine, EngineDivide, Found, Perftree, Step};
use super::uci::Uci;
use fairyperft::suite::runner::{illegal_position_warning, RunOptions};
use fairyperft::suite::{Case, CaseResult, Check, Status};
use fairyperft::{notation, Game, MAX_DEPTH};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The engine a run checks.
#[derive(Clone)]
pub enum Reference {
    /// A script speaking perftree's protocol.
    Perftree { script: PathBuf, timeout: Duration },
    /// A UCI engine answering `go perft N` (the program, resolved on the PATH).
    Uci { program: PathBuf, timeout: Duration },
}

impl Reference {
    /// How the JSON report names it.
    pub fn describe(&self) -> String {
        match self {
            Reference::Perftree { script, .. } => format!("perftree engine {}", script.display()),
            Reference::Uci { program, .. } => format!("UCI engine {}", program.display()),
        }
    }
}

fn check(what: &str, detail: Vec<String>) -> Check {
    Check {
        what: what.into(),
        ok: detail.is_empty(),
        skipped: false,
        detail,
    }
}

fn skipped(what: &str, why: String) -> Check {
    Check {
        what: what.into(),
        ok: true,
        skipped: true,
        detail: vec![why],
    }
}

fn result(case: &Case, variant: &str, checks: Vec<Check>, warnings: Vec<String>, nodes: u64, t: Instant) -> CaseResult {
    let status = if checks.iter().any(|c| !c.ok) {
        Status::Failed
    } else if checks.iter().all(|c| c.skipped) {
        Status::Skipped
    } else {
        Status::Passed
    };
    CaseResult {
        id: case.id.clone(),
        variant: variant.to_string(),
        status,
        checks,
        warnings,
        nodes,
        seconds: t.elapsed().as_secs_f64(),
    }
}

/// fairyperft's legal moves of the root: Popeye notation -> UCI names (a notation may name
/// several moves).
fn uci_names(g: &mut Game) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for m in g.legal_moves() {
        out.entry(g.popeye(m)).or_default().push(notation::uci(m));
    }
    out
}

/// UCI -> the Popeye notation of fairyperft's move(s) of that name, for readable lines.
fn popeye_of(names: &BTreeMap<String, Vec<String>>) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for (p, ucis) in names {
        for u in ucis {
            let e = out.entry(u.clone()).or_default();
            if !e.is_empty() {
                e.push_str(" / ");
            }
            e.push_str(p);
        }
    }
    out
}

/// Runs one case against the engine. `default_variant` is the file's variant.
pub fn check_case(case: &Case, default_variant: &str, opts: &RunOptions, reference: &Reference) -> CaseResult {
    let started = Instant::now();
    let variant = case.variant.as_deref().unwrap_or(default_variant).to_string();
    let setup = |msg: String| result(case, &variant, vec![check("setup", vec![msg])], Vec::new(), 0, started);
    let mut g = match Game::new(&case.fen, &variant) {
        Ok(g) => g,
        Err(e) => return setup(e.to_string()),
    };
    let root_fen = shown_fen(&g);
    let prefix = match &case.history {
        Some(h) => match play_as_uci(&mut g, &h.join(" ")) {
            Ok(p) => p,
            Err(e) => return setup(format!("history: {e}")),
        },
        None => Vec::new(),
    };
    let deepest = case
        .perft
        .as_ref()
        .map_or(0, |p| p.len() as u32)
        .max(case.divide.as_ref().map_or(0, |_| case.divide_depth.unwrap_or(2)));
    if deepest > MAX_DEPTH {
        return setup(format!(
            "the case goes to depth {deepest}; fairyperft follows an engine to depth {MAX_DEPTH} at most"
        ));
    }
    let warnings: Vec<String> = illegal_position_warning(&mut g).into_iter().collect();
    let mut engine: Box<dyn Engine> = match reference {
        Reference::Perftree { script, timeout } => Box::new(Perftree {
            script: script.clone(),
            variant: variant.clone(),
            timeout: Some(*timeout),
        }),
        Reference::Uci { program, timeout } => {
            let mut e = match Uci::start(program, Some(*timeout)) {
                Ok(e) => e,
                Err(msg) => return result(case, &variant, vec![check("engine", vec![msg])], warnings, 0, started),
            };
            match e.set_variant(&variant) {
                Ok(true) => {}
                Ok(false) => {
                    let why = format!(
                        "the UCI engine offers no UCI_Variant '{variant}'{}",
                        if e.variants.is_none() {
                            " (it has no UCI_Variant option)"
                        } else {
                            ""
                        }
                    );
                    return result(case, &variant, vec![skipped("variant", why)], warnings, 0, started);
                }
                Err(msg) => return result(case, &variant, vec![check("engine", vec![msg])], warnings, 0, started),
            }
            Box::new(e)
        }
    };

    let too_deep = |n: u64| opts.max_nodes.is_some_and(|m| n > m);
    let mut answers: BTreeMap<u32, EngineDivide> = BTreeMap::new();
    let mut ask = |engine: &mut dyn Engine, d: u32| -> Result<EngineDivide, String> {
        if let Some(a) = answers.get(&d) {
            return Ok(a.clone());
        }
        let a = engine.divide(d, &root_fen, &prefix)?;
        answers.insert(d, a.clone());
        Ok(a)
    };
    let mut checks = Vec::new();
    // the first failing figure that a descent can localise: (index of its check, depth)
    let mut to_localise: Option<(usize, u32)> = None;
    let mut broken = false;

    for (i, &e) in case.perft.iter().flatten().enumerate() {
        let depth = i as u32 + 1;
        let what = format!("perft({depth})");
        if too_deep(e) {
            checks.push(skipped(&what, format!("{e} nodes expected, over the budget")));
            continue;
        }
        let a = match ask(engine.as_mut(), depth) {
            Ok(a) => a,
            Err(msg) => {
                checks.push(check(&what, vec![msg]));
                broken = true;
                break;
            }
        };
        let mut detail = Vec::new();
        if a.total != e {
            detail.push(format!("perft({depth}): expected {e}, the engine counts {}", a.total));
        }
        let sum: u64 = a.moves.values().sum();
        if sum != a.total {
            detail.push(format!(
                "the engine's total {} is not the sum of its moves' counts ({sum})",
                a.total
            ));
        }
        if !detail.is_empty() && to_localise.is_none() {
            to_localise = Some((checks.len(), depth));
        }
        checks.push(check(&what, detail));
    }

    let names = uci_names(&mut g);
    let popeye = popeye_of(&names);
    let shown = |u: &str| popeye.get(u).map_or(String::new(), |p| format!(" ({p})"));
    let named = |u: &str| popeye.get(u).map_or(String::new(), |p| format!(" {p}"));
    if let (Some(expected), false) = (&case.moves, broken) {
        match ask(engine.as_mut(), 1) {
            Err(msg) => {
                checks.push(check("moves", vec![msg]));
                broken = true;
            }
            Ok(a) => {
                let mut detail = Vec::new();
                let mut want = BTreeSet::new();
                for name in expected {
                    match names.get(name) {
                        Some(u) => want.extend(u.iter().cloned()),
                        None => detail.push(format!(
                            "- {name} (expected; not a legal move for fairyperft either, so it has no UCI name)"
                        )),
                    }
                }
                for u in &want {
                    if !a.moves.contains_key(u) {
                        detail.push(format!("- {u}{} (missing)", named(u)));
                    }
                }
                for u in a.moves.keys().filter(|u| !want.contains(*u)) {
                    detail.push(format!("+ {u}{} (extra)", named(u)));
                }
                if !detail.is_empty() {
                    detail.push(format!("position: {}", shown_fen(&g)));
                }
                checks.push(check("moves", detail));
            }
        }
    }

    if let (Some(expected), false) = (&case.divide, broken) {
        let depth = case.divide_depth.unwrap_or(2);
        let what = format!("divide({depth})");
        let total: u64 = expected.values().sum();
        if too_deep(total) {
            checks.push(skipped(&what, format!("{total} nodes expected, over the budget")));
        } else {
            match ask(engine.as_mut(), depth) {
                Err(msg) => checks.push(check(&what, vec![msg])),
                Ok(a) => {
                    let mut detail = Vec::new();
                    let mut want: BTreeMap<String, u64> = BTreeMap::new();
                    for (name, &n) in expected {
                        match names.get(name).map(|u| u.as_slice()) {
                            Some([u]) => *want.entry(u.clone()).or_default() += n,
                            Some(several) => detail.push(format!(
                                "{name}: expected {n}, but the notation stands for {} UCI moves ({}): not comparable",
                                several.len(),
                                several.join(", ")
                            )),
                            None => detail.push(format!(
                                "{name}: expected {n}; not a legal move for fairyperft either, so it has no UCI name"
                            )),
                        }
                    }
                    let keys: BTreeSet<&String> = want.keys().chain(a.moves.keys()).collect();
                    for u in keys {
                        let e = want.get(u).copied().unwrap_or(0);
                        match a.moves.get(u) {
                            None => detail.push(format!(
                                "{u}{}: expected {e}, not a legal move for the engine",
                                shown(u)
                            )),
                            Some(&f) if f != e => {
                                detail.push(format!("{u}{}: expected {e}, the engine counts {f}", shown(u)))
                            }
                            _ => {}
                        }
                    }
                    if !detail.is_empty() && to_localise.is_none() {
                        to_localise = Some((checks.len(), depth));
                    }
                    checks.push(check(&what, detail));
                }
            }
        }
    }

    if let Some((k, depth)) = to_localise {
        let lines = descend(
            engine.as_mut(),
            &g,
            &root_fen,
            &prefix,
            depth,
            answers.get(&depth).cloned(),
            &variant,
        );
        checks[k].detail.extend(lines);
    }
    let nodes = answers.values().map(|a| a.total).sum();
    result(case, &variant, checks, warnings, nodes, started)
}

/// The descent from the root at `depth`, as lines for a failed check.
fn descend(
    engine: &mut dyn Engine,
    g: &Game,
    root_fen: &str,
    prefix: &[String],
    depth: u32,
    first: Option<EngineDivide>,
    variant: &str,
) -> Vec<String> {
    let mut trace = vec![format!(
        "where the engine and fairyperft part (divide from depth {depth}):"
    )];
    let found = localise(
        engine,
        g.clone(),
        root_fen,
        prefix,
        depth,
        1,
        first,
        &mut |Step::Line(l)| trace.push(format!("  {l}")),
    );
    match found {
        Ok(Found::Agree { total }) => trace.push(format!(
            "the engine agrees with fairyperft at depth {depth} (both count {total}): the suite's figure differs from both"
        )),
        Ok(f) => trace.extend(f.lines(variant)),
        Err(msg) => trace.push(format!("the search stopped: {msg}")),
    }
    trace
}
