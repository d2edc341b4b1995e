//! Popeye as a live oracle: a position under a variant is written as a Popeye input file,
//! Popeye is run on it, and its depth-1 move list (`~1`) and depth-2 divide (`h~1`, one
//! line per move pair) are read back and compared with fairyperft's.
//!
//! Popeye's output is read by the Popeye importer ([`crate::suite::import`]): the `~1`
//! list by [`parse_popeye`] on the input followed by the output (as when a user pastes
//! Popeye's answer after `endproblem`), which also checks that the input written here
//! reads back as the position meant; the `h~1` lines by [`two_ply_lines`].

pub mod documented;
pub mod draw;
pub mod shrink;

use crate::fen::{self, FenStyle};
use crate::suite::import::{parse_popeye, popeye_version, two_ply_lines};
pub use crate::suite::import::{popeye_conditions, popeye_problem, same_position};
use crate::Game;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A position fairyperft draws for Popeye: the game (set up from `fen`) and the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    pub variant: String,
    /// The position, with state tokens; never a `diagram=` token (Popeye's diagram is the
    /// position given) and never a history (Popeye has none).
    pub fen: String,
}

impl Probe {
    pub fn game(&self) -> Result<Game, String> {
        Game::new(&self.fen, &self.variant).map_err(|e| e.to_string())
    }
}

/// The FEN of `pos` as Popeye can be given it: every token but `diagram=` (the position
/// becomes the diagram).
pub fn popeye_fen(pos: &crate::Position) -> String {
    fen::write(
        pos,
        FenStyle {
            origins: false,
            extended: true,
        },
    )
}

/// Why Popeye cannot be asked about this position (beyond the variant): none when it can.
/// The side not to move in check, which Popeye refuses, is the caller's test.
pub fn inexpressible(g: &Game) -> Option<String> {
    popeye_problem(&g.pos, &[], false, "~1").err()
}

/// The Popeye input asking for the move list (`~1`) and then the two-ply lines (`h~1`).
pub fn popeye_input(probe: &Probe) -> Result<String, String> {
    let (conds, kamikaze) = popeye_conditions(&probe.variant)?;
    let g = probe.game()?;
    if let Some(why) = inexpressible(&g) {
        return Err(why);
    }
    Ok(format!(
        "beginproblem\n{}nextproblem\n{}endproblem\n",
        popeye_problem(&g.pos, &conds, kamikaze, "~1")?,
        popeye_problem(&g.pos, &conds, kamikaze, "h~1")?
    ))
}

/// Moves and depth-2 divide of one position: fairyperft's or Popeye's.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Answer {
    pub moves: BTreeSet<String>,
    /// The two-ply lines: each move with each of its replies.
    pub lines: BTreeSet<(String, String)>,
}

impl Answer {
    /// Per move with at least one reply, the number of replies.
    pub fn divide(&self) -> BTreeMap<String, u64> {
        let mut d = BTreeMap::new();
        for (m, _) in &self.lines {
            *d.entry(m.clone()).or_default() += 1;
        }
        d
    }

    pub fn perft2(&self) -> u64 {
        self.lines.len() as u64
    }
}

/// fairyperft's answer.
pub fn fairyperft_answer(probe: &Probe) -> Result<Answer, String> {
    let mut g = probe.game()?;
    let mut a = Answer::default();
    for m in g.legal_moves() {
        let name = g.popeye(m);
        let mut next = g.after(m);
        for r in next.legal_moves() {
            let reply = next.popeye(r);
            a.lines.insert((name.clone(), reply));
        }
        a.moves.insert(name);
    }
    Ok(a)
}

/// fairyperft writes a kamikaze pawn's move as a pawn's (`d5-d4`); Popeye's `kPd5-d4`
/// keeps the `P` once the kamikaze mark is gone.
fn pawn_letter(m: String, kamikaze: bool) -> String {
    let b = m.as_bytes();
    if kamikaze && b.len() > 2 && b[0] == b'P' && (b'a'..=b'h').contains(&b[1]) {
        m[1..].to_string()
    } else {
        m
    }
}

/// Popeye's answer read from its `output` for the input `input` (written by
/// [`popeye_input`] for `probe`): an error when Popeye refused the problem (its message),
/// or when the position read back differs from the probe's.
pub fn read_answer(probe: &Probe, input: &str, output: &str) -> Result<Answer, String> {
    if let Some(l) = output
        .lines()
        .find(|l| l.contains("input-error") || l.contains("offending item"))
    {
        return Err(format!("Popeye refused the input: {}", l.trim()));
    }
    let finished = output
        .lines()
        .filter(|l| l.trim().starts_with("solution finished"))
        .count();
    if finished != 2 {
        let msg = output
            .lines()
            .map(str::trim)
            .find(|l| {
                !l.is_empty()
                    && !l.starts_with("Popeye ")
                    && !l.starts_with(|c: char| c == '|' || c == '+' || c.is_ascii_digit())
            })
            .unwrap_or("no solution");
        return Err(format!("Popeye did not solve the problem: {msg}"));
    }
    let text = format!("{input}\n{output}");
    let problems = parse_popeye(Path::new("<popeye>"), &text).map_err(|e| e.to_string())?;
    let g = probe.game()?;
    let want = popeye_fen(&g.pos);
    let kamikaze = popeye_conditions(&probe.variant)?.1;
    let first = problems.first().ok_or("no problem read back")?;
    if !same_position(&first.fen, &want) {
        return Err(format!("the Popeye input reads back as {}, not {want}", first.fen));
    }
    let mut a = Answer::default();
    for m in first.expected_moves.clone().unwrap_or_default() {
        a.moves.insert(pawn_letter(m, kamikaze));
    }
    // distinct lines: Popeye prints each castling twice in Mars Circe (docs/rules.md),
    // and the move list is compared as a set too
    let lines: BTreeSet<(String, String)> = two_ply_lines(output, kamikaze)
        .get(1)
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .collect();
    for (m, r) in lines {
        a.lines.insert((pawn_letter(m, kamikaze), pawn_letter(r, kamikaze)));
    }
    Ok(a)
}

/// A Popeye binary.
#[derive(Clone, Debug)]
pub struct Popeye {
    pub bin: PathBuf,
}

impl Popeye {
    /// Runs Popeye on `input` (on its stdin): its stdout and stderr together.
    pub fn run(&self, input: &str) -> Result<String, String> {
        let mut child = Command::new(&self.bin)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", self.bin.display()))?;
        if let Some(mut stdin) = child.stdin.take() {
            // a program that exits without reading its input is judged by its output
            match stdin.write_all(input.as_bytes()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    return Err(format!("cannot write to {}: {e}", self.bin.display()))
                }
                _ => {}
            }
        }
        let out = child
            .wait_with_output()
            .map_err(|e| format!("{} failed: {e}", self.bin.display()))?;
        let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&out.stderr));
        Ok(text)
    }

    /// Popeye's version, from its banner (`4.104`).
    pub fn version(&self) -> Result<String, String> {
        let out = self.run("beginproblem\npieces white ke1 black ke8\nstipulation ~1\nendproblem\n")?;
        popeye_version(&out).ok_or_else(|| {
            format!(
                "{} does not look like Popeye (no 'Popeye ... vX.Y' banner)",
                self.bin.display()
            )
        })
    }

    /// Popeye's answer for `probe`.
    pub fn answer(&self, probe: &Probe) -> Result<Answer, String> {
        let input = popeye_input(probe)?;
        let out = self.run(&input)?;
        read_answer(probe, &input, &out)
    }
}

/// How two answers differ, in lines (`-` Popeye has it, fairyperft not; `+` the reverse);
/// empty when they agree.
pub fn differences(popeye: &Answer, ours: &Answer) -> Vec<String> {
    let mut v = Vec::new();
    for m in popeye.moves.difference(&ours.moves) {
        v.push(format!("- {m} (missing from fairyperft)"));
    }
    for m in ours.moves.difference(&popeye.moves) {
        v.push(format!("+ {m} (extra in fairyperft)"));
    }
    let (theirs, mine) = (popeye.divide(), ours.divide());
    let keys: BTreeSet<&String> = theirs.keys().chain(mine.keys()).collect();
    for k in keys {
        let (p, o) = (theirs.get(k).copied().unwrap_or(0), mine.get(k).copied().unwrap_or(0));
        if p != o && popeye.moves.contains(k) && ours.moves.contains(k) {
            v.push(format!("  {k}: Popeye {p} replies, fairyperft {o}"));
        }
    }
    v
}

/// The variants `--variant all` covers: every condition of `fairyperft variants` and the
/// compositions of the reference corpus.
pub fn all_variants() -> Vec<String> {
    let mut v: Vec<String> = crate::rules::catalogue().iter().map(|c| c.0.to_string()).collect();
    v.extend(["circe+madrasi", "anticirce-calvet+madrasi", "circe+isardam"].map(String::from));
    v
}

/// The variants `crosscheck --variant all` asks Popeye about: [`all_variants`] and every
/// Circe preset composed with each observation condition (Popeye takes the conditions
/// together as the composition means them; those it cannot express are skipped).
pub fn crosscheck_variants() -> Vec<String> {
    let mut v = all_variants();
    for (preset, ..) in crate::rules::circe::PRESETS {
        for obs in ["madrasi", "madrasi-rex-inclusive", "isardam", "isardam-type-b"] {
            let c = format!("{preset}+{obs}");
            if !v.contains(&c) {
                v.push(c);
            }
        }
    }
    v
}

#[cfg(test)]
mod tests;
