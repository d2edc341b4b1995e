//! Popeye as a live oracle: a position under a variant is written as a Popeye input file,
//! Popeye is run on it, and its depth-1 move list (`~1`) and depth-2 divide (`h~1`, one
//! line per move pair) are read back and compared with fairyperft's.
//!
//! Popeye's output is read by the Popeye importer ([`crate::suite::import`]): the `~1`
//! list by [`parse_popeye`] on the input followed by the output (as when a user pastes
//! Popeye's answer after `endproblem`), which also checks that the input written here
//! reads back as the position meant; the `h~1` lines by [`two_ply_lines`].

pub mod draw;
pub mod shrink;

use crate::fen::{self, FenStyle};
use crate::position::flags;
use crate::rules::Rules;
use crate::square::{Color, Piece, Role, Square};
use crate::suite::import::{parse_popeye, popeye_version, two_ply_lines};
use crate::Game;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The Popeye conditions of a fairyperft variant, and whether every unit must carry the
/// `kamikaze` attribute; an error saying why Popeye cannot express the variant.
pub fn popeye_conditions(variant: &str) -> Result<(Vec<&'static str>, bool), String> {
    Rules::parse(variant).map_err(|e| e.to_string())?;
    let mut conds = Vec::new();
    let mut kamikaze = false;
    for part in variant.split('+').map(str::trim) {
        let c = match part {
            "orthodox" => continue,
            "circe" => "circe",
            "anticirce-calvet" => "anticirce calvet",
            "anticirce-cheylan" => "anticirce cheylan",
            "circe-assassin" => "circe assassin",
            "circe-chameleon" => "circe chameleon",
            "circe-parrain" => "circe parrain",
            "circe-rex-inclusive" => "circe rexinclusive",
            "circe-clone" => "circe clone",
            // Popeye has no CouCou Circe; Couscous Circe has the same moves and only lets the
            // pawn's owner, not the capturer, pick a reborn pawn's promotion: every choice is
            // a move of its own either way (the reference corpus took its lists from it too)
            "circe-coucou" | "circe-couscous" => "circe couscous",
            "circe-diagram" => "circe diagram",
            "circe-equipollents" => "circe equipollents",
            "circe-kamikaze-reborn" => {
                kamikaze = true;
                "circe"
            }
            "circe-mars" => "marscirce",
            "circe-mirror" => "circe mirror",
            "circe-pwc" => "circe pwc",
            "circe-strict" => "circe strict",
            "circe-symmetry" => "circe symmetry",
            "circe-volcanic" => "circe volcanic",
            "madrasi" => "madrasi",
            "madrasi-rex-inclusive" => "madrasi rexinclusive",
            "isardam" => "isardam",
            "isardam-type-b" => "isardam typeb",
            "circe-kamikaze" => {
                return Err(
                    "Popeye's kamikaze units under Circe are reborn (circe-kamikaze-reborn); \
                            it has no Circe whose capturer vanishes"
                        .into(),
                )
            }
            "cohen" => return Err("Popeye has no Cohen's rule".into()),
            other => return Err(format!("no Popeye condition is known for '{other}'")),
        };
        conds.push(c);
    }
    Ok((conds, kamikaze))
}

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
    if !g.pos.origins_are_identity() {
        return Some("units off their diagram squares (Popeye's diagram is the position given)".into());
    }
    None
}

fn unit(p: Piece, sq: Square) -> String {
    format!("{}{sq}", p.role().popeye_letter().to_ascii_lowercase())
}

/// One problem of the input: `stipulation` is `~1` or `h~1`.
fn problem(g: &Game, conds: &[&str], kamikaze: bool, stipulation: &str) -> String {
    let pos = &g.pos;
    let mut s = String::new();
    // the pieces: buried units first (a unit placed on an occupied square sends the one
    // there to the underworld, in the order given)
    let attr = if kamikaze { " kamikaze" } else { "" };
    let colour = |c: Color| if c == Color::White { "white" } else { "black" };
    let mut words = Vec::new();
    for (sq, p) in pos.hidden().iter() {
        words.push(format!("{}{attr} {}", colour(p.color()), unit(p, sq)));
    }
    for c in [Color::White, Color::Black] {
        let units: Vec<String> = Square::all()
            .filter_map(|sq| pos.piece_at(sq).filter(|p| p.color() == c).map(|p| unit(p, sq)))
            .collect();
        if !units.is_empty() {
            words.push(format!("{}{attr} {}", colour(c), units.join(" ")));
        }
    }
    s.push_str(&format!("pieces {}\n", words.join(" ")));
    s.push_str(&format!("stipulation {stipulation}\n"));
    let mut cond: Vec<String> = conds.iter().map(|c| c.to_string()).collect();
    if let Some((p, sq)) = pos.pending() {
        cond.push(format!("lastcapture {} {}", colour(p.color()), unit(p, sq)));
    }
    if !cond.is_empty() {
        s.push_str(&format!("condition {}\n", cond.join(" ")));
    }
    // Popeye grants castling to every king and rook on its initial square; the units
    // without their flag are named
    let f = pos.castle_flags();
    let mut no_castling = String::new();
    for (sq, flag, role, c) in [
        (Square::E1, flags::WHITE_KING, Role::King, Color::White),
        (Square::A1, flags::WHITE_A_ROOK, Role::Rook, Color::White),
        (Square::H1, flags::WHITE_H_ROOK, Role::Rook, Color::White),
        (Square::E8, flags::BLACK_KING, Role::King, Color::Black),
        (Square::A8, flags::BLACK_A_ROOK, Role::Rook, Color::Black),
        (Square::H8, flags::BLACK_H_ROOK, Role::Rook, Color::Black),
    ] {
        if pos.piece_at(sq) == Some(Piece::new(c, role)) && f & flag == 0 {
            no_castling.push_str(&sq.to_string());
        }
    }
    let mut options = Vec::new();
    if !no_castling.is_empty() {
        options.push(format!("nocastling {no_castling}"));
    }
    if let Some(ep) = pos.ep_square() {
        let dir: i32 = if pos.turn() == Color::White { 1 } else { -1 };
        if let (Some(from), Some(to)) = (ep.offset(0, dir), ep.offset(0, -dir)) {
            options.push(format!("enpassant {from}{ep}{to}"));
        }
    }
    // `~1` is White's move and `h~1` Black's first: halfduplex swaps
    let black_first = stipulation.starts_with('h');
    if (pos.turn() == Color::Black) != black_first {
        options.push("halfduplex".into());
    }
    if !options.is_empty() {
        s.push_str(&format!("option {}\n", options.join(" ")));
    }
    s
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
        problem(&g, &conds, kamikaze, "~1"),
        problem(&g, &conds, kamikaze, "h~1")
    ))
}

/// Moves and depth-2 divide of one position: fairyperft's or Popeye's.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Answer {
    pub moves: BTreeSet<String>,
    /// Per move with at least one reply, the number of replies.
    pub divide: BTreeMap<String, u64>,
}

impl Answer {
    pub fn perft2(&self) -> u64 {
        self.divide.values().sum()
    }
}

/// fairyperft's answer.
pub fn fairyperft_answer(probe: &Probe) -> Result<Answer, String> {
    let mut g = probe.game()?;
    let mut a = Answer::default();
    for (_, name, n) in g.divide(2) {
        a.moves.insert(name.clone());
        if n > 0 {
            *a.divide.entry(name).or_default() += n;
        }
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
    if canonical(&first.fen) != canonical(&want) {
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
    for (m, _) in lines {
        *a.divide.entry(pawn_letter(m, kamikaze)).or_default() += 1;
    }
    Ok(a)
}

/// A FEN with its `hidden=` units listed square by square (a1 to h8), keeping the order
/// under each square, which is all the order means.
fn canonical(fen_text: &str) -> String {
    let words: Vec<String> = fen_text
        .split_whitespace()
        .map(|w| match w.strip_prefix("hidden=") {
            Some(list) => {
                let mut items: Vec<&str> = list.split(',').collect();
                items.sort_by_key(|it| it.get(..2).and_then(Square::parse).map_or(64, |s| s.index()));
                format!("hidden={}", items.join(","))
            }
            None => w.to_string(),
        })
        .collect();
    words.join(" ")
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
    let keys: BTreeSet<&String> = popeye.divide.keys().chain(ours.divide.keys()).collect();
    for k in keys {
        let (p, o) = (
            popeye.divide.get(k).copied().unwrap_or(0),
            ours.divide.get(k).copied().unwrap_or(0),
        );
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

#[cfg(test)]
mod tests;
