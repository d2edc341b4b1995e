//! `fairyperft crosscheck --popeye BIN`: Popeye as a live oracle. Positions are drawn
//! (random games, sparse endgames, castling positions), Popeye is asked for each one's
//! move list and depth-2 divide, and fairyperft's are compared with them; a disagreement
//! is shrunk to a small position and printed as a suite case holding Popeye's answer.
//! What a documented difference explains (`oracle::documented`) is set aside first and
//! counted apart.

use super::record::case_yaml;
use super::{bounded, CmdResult, Failure};
use clap::Args;
use fairyperft::oracle::documented::{set_aside, Documented};
use fairyperft::oracle::draw::{draw, Kind};
use fairyperft::oracle::shrink::shrink;
use fairyperft::oracle::{
    crosscheck_variants, differences, fairyperft_answer, popeye_conditions, Answer, Popeye, Probe,
};
use fairyperft::suite::Case;
use fairyperft::Rules;
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Args, Clone)]
pub struct CrosscheckArgs {
    /// The Popeye binary (built from github.com/thomas-maeder/popeye: `make -f makefile.unx`)
    #[arg(long, value_name = "BIN")]
    pub popeye: PathBuf,
    /// The variants, comma-separated, or `all` (every condition of `fairyperft variants` and
    /// every Circe preset composed with each of madrasi, madrasi-rex-inclusive, isardam and
    /// isardam-type-b); those Popeye cannot express are skipped
    #[arg(long, short = 'v', default_value = "all", value_name = "LIST")]
    pub variant: String,
    /// Positions drawn per variant (random games, endgames and castling positions in turn)
    #[arg(long, default_value_t = 100, value_name = "N", value_parser = parse_positions)]
    pub positions: usize,
    /// The seed of the draw: the same seed draws the same positions
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Popeye processes run at once, 1 to 64
    #[arg(long, short = 'j', default_value_t = 1, value_name = "N", value_parser = parse_jobs)]
    pub jobs: usize,
    /// Report disagreements as drawn, without shrinking them
    #[arg(long)]
    pub no_shrink: bool,
}

fn parse_positions(s: &str) -> Result<usize, String> {
    bounded(s, 1, 1_000_000, "positions").map(|n| n as usize)
}

fn parse_jobs(s: &str) -> Result<usize, String> {
    bounded(s, 1, 64, "jobs").map(|n| n as usize)
}

/// What became of one drawn position.
enum Outcome {
    Agree,
    /// They agree once what these documented differences explain is set aside.
    Documented(BTreeSet<Documented>),
    Disagree(Probe, Answer, Vec<String>),
    Skipped(String),
}

fn check(popeye: &Popeye, probe: &Probe) -> Outcome {
    let theirs = match popeye.answer(probe) {
        Ok(a) => a,
        Err(e) => return Outcome::Skipped(e),
    };
    let ours = match fairyperft_answer(probe) {
        Ok(a) => a,
        Err(e) => return Outcome::Skipped(e),
    };
    if differences(&theirs, &ours).is_empty() {
        return Outcome::Agree;
    }
    let (theirs_left, ours_left, used) = match set_aside(probe, &theirs, &ours) {
        Ok(x) => x,
        Err(e) => return Outcome::Skipped(e),
    };
    // the lines shown are those no documented difference explains
    let diff = differences(&theirs_left, &ours_left);
    if diff.is_empty() {
        Outcome::Documented(used)
    } else {
        Outcome::Disagree(probe.clone(), theirs, diff)
    }
}

/// Popeye's answer for `probe` as a suite case.
pub fn popeye_case(id: &str, probe: &Probe, a: &Answer, source: &str) -> Case {
    Case {
        id: id.to_string(),
        fen: probe.fen.clone(),
        variant: Some(probe.variant.clone()),
        perft: Some(vec![a.moves.len() as u64, a.perft2()]),
        moves: Some(a.moves.iter().cloned().collect()),
        divide: Some(a.divide()),
        source: Some(source.to_string()),
        ..Case::default()
    }
}

/// Whether Popeye and fairyperft still disagree on `p` (false when Popeye refuses it).
fn disagree(popeye: &Popeye, p: &Probe) -> bool {
    matches!(check(popeye, p), Outcome::Disagree(..))
}

#[derive(Default)]
struct Tally {
    positions: usize,
    agree: usize,
    /// Positions on which they differ only as documented.
    documented_positions: usize,
    /// Positions per documented difference that explained all they showed.
    documented: BTreeMap<Documented, usize>,
    disagree: usize,
    skipped: usize,
}

pub fn crosscheck(a: &CrosscheckArgs) -> CmdResult {
    let popeye = Popeye { bin: a.popeye.clone() };
    let version = popeye.version().map_err(|e| Failure::Input(format!("--popeye: {e}")))?;
    let variants: Vec<String> = if a.variant.trim() == "all" {
        crosscheck_variants()
    } else {
        a.variant.split(',').map(|v| v.trim().to_string()).collect()
    };
    for v in &variants {
        Rules::parse(v).map_err(|e| Failure::Input(format!("--variant: {e}")))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs)
        .build()
        .map_err(|e| Failure::Input(format!("--jobs: {e}")))?;
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "crosscheck against Popeye {version}: {} position(s) per variant, seed {}",
        a.positions, a.seed
    )?;
    let source = format!("Popeye {version} (fairyperft crosscheck --seed {})", a.seed);
    let mut total = Tally::default();
    for v in &variants {
        let mut t = Tally {
            positions: a.positions,
            ..Tally::default()
        };
        if let Err(why) = popeye_conditions(v) {
            t.skipped = a.positions;
            writeln!(out, "{v}: {} positions skipped: {why}", a.positions)?;
            add(&mut total, &t);
            continue;
        }
        let drawn: Vec<Option<(Kind, Probe)>> = (0..a.positions).map(|i| draw(v, a.seed, i)).collect();
        let outcomes: Vec<Outcome> = pool.install(|| {
            drawn
                .par_iter()
                .map(|d| match d {
                    Some((_, p)) => check(&popeye, p),
                    None => Outcome::Skipped("no acceptable position drawn".into()),
                })
                .collect()
        });
        let mut reasons: Vec<String> = Vec::new();
        for (i, o) in outcomes.into_iter().enumerate() {
            match o {
                Outcome::Agree => t.agree += 1,
                Outcome::Documented(used) => {
                    for d in used {
                        *t.documented.entry(d).or_default() += 1;
                    }
                    t.documented_positions += 1;
                }
                Outcome::Skipped(why) => {
                    t.skipped += 1;
                    if !reasons.contains(&why) {
                        reasons.push(why);
                    }
                }
                Outcome::Disagree(probe, theirs, diff) => {
                    t.disagree += 1;
                    let kind = drawn[i].as_ref().map_or("?", |d| d.0.name());
                    writeln!(out, "disagreement: {v}, position {i} ({kind}): {}", probe.fen)?;
                    for l in &diff {
                        writeln!(out, "  {l}")?;
                    }
                    let (small, ans, diff) = if a.no_shrink {
                        (probe, theirs, diff)
                    } else {
                        let small = pool.install(|| shrink(&probe, |p| disagree(&popeye, p)));
                        match check(&popeye, &small) {
                            Outcome::Disagree(p, ans, diff) => (p, ans, diff),
                            _ => (probe, theirs, diff),
                        }
                    };
                    if !a.no_shrink {
                        writeln!(out, "  shrunk to {}:", small.fen)?;
                        for l in &diff {
                            writeln!(out, "    {l}")?;
                        }
                    }
                    writeln!(out, "  as a suite case (Popeye's answer expected):")?;
                    let case = popeye_case(&format!("crosscheck/{v}/{}/{i}", a.seed), &small, &ans, &source);
                    write!(out, "{}", case_yaml(&case, 2))?;
                }
            }
        }
        writeln!(out, "{v}: {}", summary(&t))?;
        for r in reasons.iter().take(3) {
            writeln!(out, "  skipped: {r}")?;
        }
        add(&mut total, &t);
    }
    writeln!(out, "total: {}", summary(&total))?;
    if total.disagree > 0 {
        Err(Failure::Failed)
    } else {
        Ok(())
    }
}

/// `300 positions, 250 agree, 50 differ only as documented (Mars Circe castling via e1:
/// 50), 0 disagree, 0 skipped`.
fn summary(t: &Tally) -> String {
    let mut documented = String::new();
    if t.documented_positions > 0 {
        let kinds: Vec<String> = t.documented.iter().map(|(d, n)| format!("{}: {n}", d.name())).collect();
        documented = format!(
            "{} differ only as documented ({}), ",
            t.documented_positions,
            kinds.join(", ")
        );
    }
    format!(
        "{} positions, {} agree, {documented}{} disagree, {} skipped",
        t.positions, t.agree, t.disagree, t.skipped
    )
}

fn add(total: &mut Tally, t: &Tally) {
    total.positions += t.positions;
    total.agree += t.agree;
    total.documented_positions += t.documented_positions;
    for (d, n) in &t.documented {
        *total.documented.entry(*d).or_default() += n;
    }
    total.disagree += t.disagree;
    total.skipped += t.skipped;
}

/// `fairyperft record --popeye BIN`: the case's figures from Popeye, its source naming
/// Popeye's version.
pub fn record_from_popeye(a: &super::RecordArgs, bin: &std::path::Path) -> Result<Case, Failure> {
    let depth = a
        .depth
        .ok_or_else(|| Failure::Input("--depth: required (1 or 2 with --popeye)".into()))?;
    if depth > 2 {
        return Err(Failure::Input(format!(
            "--depth {depth}: with --popeye at most 2 (Popeye gives the moves and the depth-2 divide)"
        )));
    }
    if a.divide && a.divide_depth != 2 {
        return Err(Failure::Input(
            "--divide-depth: with --popeye only 2 (Popeye's h~1 lines)".into(),
        ));
    }
    if a.history.is_some() {
        return Err(Failure::Input(
            "--history: not with --popeye (a Popeye problem has no history)".into(),
        ));
    }
    let popeye = Popeye { bin: bin.to_path_buf() };
    let version = popeye.version().map_err(|e| Failure::Input(format!("--popeye: {e}")))?;
    let g = fairyperft::Game::new(&a.fen, &a.variant).map_err(|e| Failure::Input(format!("--fen: {e}")))?;
    if let Some(why) = fairyperft::oracle::inexpressible(&g) {
        return Err(Failure::Input(format!(
            "--fen: Popeye cannot be given this position: {why}"
        )));
    }
    let probe = Probe {
        variant: a.variant.clone(),
        fen: fairyperft::oracle::popeye_fen(&g.pos),
    };
    let ans = popeye
        .answer(&probe)
        .map_err(|e| Failure::Input(format!("--popeye: {e}")))?;
    let placement = a.fen.split_whitespace().next().unwrap_or("").to_string();
    let mut case = popeye_case(
        &a.id.clone().unwrap_or_else(|| format!("{}/{placement}", a.variant)),
        &probe,
        &ans,
        &format!("Popeye {version} (fairyperft record --popeye)"),
    );
    case.fen = a.fen.split_whitespace().collect::<Vec<_>>().join(" ");
    case.variant = None;
    if depth == 1 {
        case.perft = Some(vec![ans.moves.len() as u64]);
    }
    if !a.moves {
        case.moves = None;
    }
    if !a.divide {
        case.divide = None;
    }
    Ok(case)
}
