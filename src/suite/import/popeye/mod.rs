//! The Popeye input file reader: the tokens, the problem loop (`beginproblem`,
//! `nextproblem`, `endproblem`, twins) that hands each section to [`sections`], and the
//! solution Popeye printed, when it is pasted after `endproblem`, as the expected moves.
//!
//! A problem it cannot read is reported (its line and why) and skipped: the problems after
//! it are still read.

mod build;
mod output;
mod sections;
mod tables;
#[cfg(test)]
mod tests;
mod twins;
mod two_ply;
mod vocabulary;
mod write;

use super::{load_error, stem};
use crate::square::{Color, Piece, Square};
use crate::suite::format::{Case, SuiteFile};
use crate::suite::{LoadError, Suite};
use build::finish;
use sections::{parse_conditions, parse_forsyth, parse_options, parse_pieces};
use std::path::Path;
use tables::{BEGIN, CIRCE_VARIANTS, COMMANDS, CONDITIONS, END_TWIN, PROBLEM, TWINNINGS, WALKS};
pub use two_ply::{popeye_version, two_ply_lines};
use vocabulary::{keyword, Keyword, Lang};
pub use write::{popeye_conditions, popeye_problem, same_position, write_popeye};

/// One problem (or one twin of a problem) of a Popeye input file, as fairyperft sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct PopeyeProblem {
    /// Line of its `beginproblem` / `nextproblem`.
    pub line: usize,
    /// Its number in the file (1 for the first problem), read or not.
    pub number: usize,
    /// Its twin's label (`a)`, `b)`, ...) when the problem has twins.
    pub twin: Option<String>,
    pub title: Option<String>,
    /// The fairyperft variant of its conditions (docs/rules.md names them).
    pub variant: String,
    /// Its position, with the side to move and Popeye's castling and en-passant rights,
    /// extended state tokens where FEN cannot say them.
    pub fen: String,
    pub stipulation: Option<String>,
    /// The legal moves Popeye printed for it (its `~1` solution), when its output follows
    /// `endproblem` in the file.
    pub expected_moves: Option<Vec<String>>,
    /// The options it gives that change what Popeye prints (English name, line): with them
    /// Popeye's printed solution may not be the list of legal moves.
    pub print_options: Vec<(String, usize)>,
    /// Of a problem with `option duplex`, which Popeye solves for one side and then for
    /// the other: 1 for the first (its stipulation's side moves), 2 for the second (the
    /// other side moves); 0 for any other problem.
    pub duplex_half: u8,
}

/// Something about a Popeye input file worth telling: its line (0: the whole file) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PopeyeNote {
    pub line: usize,
    pub message: String,
}

/// What fairyperft read of a Popeye input file.
#[derive(Debug, Clone, Default)]
pub struct PopeyeInput {
    /// The problems (each twin its own) it read, in file order.
    pub problems: Vec<PopeyeProblem>,
    /// The problems or twins it could not read: where and why.
    pub unread: Vec<PopeyeNote>,
    /// Doubts about the Popeye output pasted after `endproblem` (options that change what
    /// Popeye prints).
    pub warnings: Vec<PopeyeNote>,
}

impl PopeyeInput {
    /// For a file of which no problem was read: the first unread problem's line, and why,
    /// followed by the lines of the others; `None` when there was no problem at all.
    pub fn why_none_read(&self) -> Option<(usize, String)> {
        let first = self.unread.first()?;
        let mut others: Vec<String> = self.unread[1..].iter().map(|b| b.line.to_string()).collect();
        // twins of one problem that all failed share their line
        others.dedup();
        let more = if others.is_empty() {
            String::new()
        } else {
            format!(" (no problem read; also not read: lines {})", others.join(", "))
        };
        Some((first.line, format!("{}{more}", first.message)))
    }
}

#[derive(Debug, Clone)]
struct Tok {
    text: String,
    line: usize,
}

/// Popeye's tokens: separated by white space, ',' and ';'.
fn tokenize(text: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        for t in l
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|t| !t.is_empty())
        {
            out.push(Tok {
                text: t.to_string(),
                line: i + 1,
            });
        }
    }
    out
}

/// Why a problem could not be read, at which line.
#[derive(Debug, Clone)]
struct Bad {
    line: usize,
    message: String,
}

impl Bad {
    fn new(line: usize, message: impl Into<String>) -> Bad {
        Bad {
            line,
            message: message.into(),
        }
    }
}

/// A condition as written: its Popeye name (English, lower case), the variant words after
/// it (English), its other arguments as written, its line.
#[derive(Debug, Clone)]
struct Condition {
    name: String,
    words: Vec<String>,
    args: Vec<String>,
    line: usize,
}

#[derive(Debug, Clone)]
struct Placement {
    square: Square,
    piece: Piece,
    kamikaze: bool,
    line: usize,
}

#[derive(Debug, Default, Clone)]
struct Builder {
    line: usize,
    number: usize,
    title: Option<String>,
    stipulation: Option<String>,
    conditions: Vec<Condition>,
    /// In the order given: a later unit on the same square goes over the earlier one.
    placements: Vec<Placement>,
    no_castling: Vec<Square>,
    en_passant: Option<(Vec<Square>, usize)>,
    halfduplex: bool,
    /// `option duplex`: the problem is solved for each side in turn.
    duplex: bool,
    white_to_play: bool,
    /// The side a structured stipulation (`sstipulation`) names to move first.
    first_mover: Option<Color>,
    last_capture: Option<(Piece, Square, usize)>,
    /// Options that change what Popeye prints, with their lines.
    print_options: Vec<(String, usize)>,
}

struct Parser {
    toks: Vec<Tok>,
    i: usize,
    lang: Lang,
    /// Reading a twin: its twinnings end the arguments before them too.
    in_twin: bool,
}

/// What ends a problem's sections or one of its twins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// `twin`: a twin follows.
    Twin,
    /// `zeroposition`: the diagram is no twin, twins follow.
    ZeroPosition,
    /// `nextproblem`: another problem follows.
    Next,
    /// `endproblem`: the last problem ends.
    Last,
    /// The end of the input, before `endproblem`.
    Eof,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.i)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.i).cloned();
        self.i += 1;
        t
    }
    /// The token as a word ending a problem or a twin, if it is one.
    fn end_of(&self, t: &Tok) -> Option<End> {
        match keyword(&t.text, &PROBLEM, self.lang) {
            Keyword::Is(w) if w == "endproblem" => return Some(End::Last),
            Keyword::Is(_) => return Some(End::Next),
            _ => {}
        }
        match keyword(&t.text, &END_TWIN, self.lang) {
            Keyword::Is(w) if w == "twin" => Some(End::Twin),
            Keyword::Is(_) => Some(End::ZeroPosition),
            _ => None,
        }
    }
    /// Whether the token starts something else: a command, a twinning (in a twin), the end
    /// of a twin or problem.
    fn is_keyword(&self, t: &Tok) -> bool {
        let is = |table| matches!(keyword(&t.text, table, self.lang), Keyword::Is(_));
        is(&COMMANDS) || (self.in_twin && is(&TWINNINGS)) || self.end_of(t).is_some()
    }
    /// Skips the rest of the line of token `t` (text commands: title, author, ...).
    fn rest_of_line(&mut self, line: usize) -> String {
        let mut words = Vec::new();
        while let Some(t) = self.peek() {
            if t.line != line {
                break;
            }
            words.push(t.text.clone());
            self.i += 1;
        }
        words.join(" ")
    }
    /// Skips LaTeX piece definitions, as Popeye reads them after `latex` and `latexpieces`:
    /// a walk's name (one or two letters), its abbreviation, its full name to the line's end.
    fn latex_pieces(&mut self) {
        let walks = vocabulary::words(&WALKS, self.lang);
        while let Some(t) = self.peek() {
            let is_walk = t.text.len() < 3 && walks.iter().any(|w| w.eq_ignore_ascii_case(&t.text));
            if !is_walk {
                break;
            }
            self.i += 1;
            if let Some(abbr) = self.next() {
                self.rest_of_line(abbr.line);
            }
        }
    }
    /// The argument tokens of a command: every token up to the next keyword.
    fn arguments(&mut self) -> Vec<Tok> {
        let mut v = Vec::new();
        while let Some(t) = self.peek() {
            if self.is_keyword(t) {
                break;
            }
            v.push(t.clone());
            self.i += 1;
        }
        v
    }
    /// The arguments of a `condition` section: as [`Parser::arguments`], but the walks of
    /// a chameleon sequence (`circe chameleon s b r q s`) are taken even where one of them
    /// abbreviates a keyword (`r`: remark).
    fn condition_arguments(&mut self) -> Vec<Tok> {
        let walks = vocabulary::words(&WALKS, self.lang);
        let mut v = Vec::new();
        let mut in_walks = false;
        while let Some(t) = self.peek() {
            let is_walk = t.text.len() <= 2 && walks.iter().any(|w| w.eq_ignore_ascii_case(&t.text));
            if !(in_walks && is_walk) && self.is_keyword(t) {
                break;
            }
            let starts_walks = matches!(keyword(&t.text, &CIRCE_VARIANTS, self.lang), Keyword::Is(w) if w == "chameleon")
                || matches!(keyword(&t.text, &CONDITIONS, self.lang), Keyword::Is(w) if w == "chameleoncirce");
            in_walks = (in_walks && is_walk) || starts_walks;
            v.push(t.clone());
            self.i += 1;
        }
        v
    }
    /// Skips to the next token ending a problem (`want_twin`: or a twin) and takes it.
    fn skip_to_end(&mut self, want_twin: bool) -> End {
        while let Some(t) = self.next() {
            match self.end_of(&t) {
                Some(e @ (End::Next | End::Last)) => return e,
                Some(e) if want_twin => return e,
                _ => {}
            }
        }
        End::Eof
    }
}

/// The sections of a problem up to the word that ends them (taken).
fn read_sections(p: &mut Parser, b: &mut Builder) -> Result<End, Bad> {
    loop {
        let Some(t) = p.next() else {
            return Ok(End::Eof);
        };
        if let Some(e) = p.end_of(&t) {
            return Ok(e);
        }
        let cmd = match keyword(&t.text, &COMMANDS, p.lang) {
            Keyword::Is(c) => c,
            Keyword::Ambiguous => {
                return Err(Bad::new(
                    t.line,
                    format!("'{}' abbreviates several Popeye commands", t.text),
                ))
            }
            Keyword::Unknown => {
                let what = if keyword(&t.text, &BEGIN, p.lang) != Keyword::Unknown {
                    "a new problem inside a problem (missing 'endproblem'?)".to_string()
                } else {
                    format!("'{}' is not a Popeye command", t.text)
                };
                return Err(Bad::new(t.line, what));
            }
        };
        match cmd.as_str() {
            "sstipulation" => sstipulation(p, b, t.line)?,
            "initialgamearray" => {
                return Err(Bad::new(t.line, format!("'{cmd}' is not supported")));
            }
            "title" => b.title = Some(p.rest_of_line(t.line)),
            "remark" | "author" | "origin" | "award" => {
                p.rest_of_line(t.line);
            }
            "latex" | "latexpieces" => {
                if cmd == "latex" {
                    p.rest_of_line(t.line);
                }
                p.latex_pieces();
            }
            "protocol" => {
                p.next();
            }
            "stipulation" => {
                b.stipulation = Some(stipulation(p, t.line)?);
                b.first_mover = None;
            }
            "pieces" => parse_pieces(p, b, t.line)?,
            "forsyth" => parse_forsyth(p, b, t.line)?,
            "condition" => parse_conditions(p, b, t.line)?,
            "option" => parse_options(p, b, t.line)?,
            // the line separator of Popeye's tables never is a token
            _ => return Err(Bad::new(t.line, format!("'{}' is not a Popeye command", t.text))),
        }
    }
}

/// A stipulation: its token, and the number after it when Popeye writes it apart
/// (`a=>b 4.5`); a keyword where the stipulation should be is an error. Proof games start from another position than the diagram: not read.
fn stipulation(p: &mut Parser, line: usize) -> Result<String, Bad> {
    let s = p
        .peek()
        .filter(|t| !p.is_keyword(t))
        .cloned()
        .ok_or_else(|| Bad::new(line, "stipulation: missing"))?;
    p.next();
    let mut text = s.text;
    // a number after it belongs to it (`a=>b 4.5`, `dia 2`): no command is a number
    if let Some(n) = p
        .peek()
        .filter(|n| n.text.bytes().all(|c| c.is_ascii_digit() || c == b'.'))
    {
        text = format!("{text} {}", n.text);
        p.next();
    }
    let l = text.to_ascii_lowercase();
    if l.contains("=>") || l.starts_with("dia") || l.contains("-dia") || l.contains("pgn") {
        return Err(Bad::new(
            s.line,
            format!("stipulation '{text}': proof games (which start from another position) are not supported"),
        ));
    }
    Ok(text)
}

/// A structured stipulation (`sstipulation white 3a[#]d`, `sstip black - 5h[#]`): the
/// colour named moves first, the other one when the expression starts with `-` (Popeye
/// 4.104 plays `sstip white - 1d[#]a` from Black's move). Only who moves first matters
/// here; the expression is kept as the stipulation's text.
fn sstipulation(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), Bad> {
    let text = p.rest_of_line(line);
    let mut words = text.split_whitespace();
    let colour = words
        .next()
        .and_then(|w| sections::parse_colour(w, p.lang))
        .ok_or_else(|| {
            Bad::new(
                line,
                "sstipulation: expected the colour that starts, e.g. 'sstipulation white 1a[#]d'",
            )
        })?;
    let expression = words.collect::<Vec<_>>().join(" ");
    if expression.is_empty() {
        return Err(Bad::new(line, "sstipulation: missing the stipulation after the colour"));
    }
    let named = match colour.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        other => return Err(Bad::new(line, format!("sstipulation: {other} cannot start"))),
    };
    b.first_mover = Some(if expression.starts_with('-') {
        named.other()
    } else {
        named
    });
    b.stipulation = Some(expression);
    Ok(())
}

/// After a twin's twinnings: remarks, then the word that ends the twin.
fn end_of_twin(p: &mut Parser) -> Result<End, Bad> {
    while let Some(t) = p.next() {
        if let Some(e) = p.end_of(&t) {
            return Ok(e);
        }
        if keyword(&t.text, &COMMANDS, p.lang) == Keyword::Is("remark".into()) {
            p.rest_of_line(t.line);
            continue;
        }
        return Err(Bad::new(
            t.line,
            format!("'{}' in a twin (a twin holds twinnings and remarks only)", t.text),
        ));
    }
    Ok(End::Eof)
}

/// One problem from its first section on: its twins read or reported. Returns the word that
/// ended it.
fn read_problem(p: &mut Parser, start: usize, number: usize, out: &mut PopeyeInput) -> End {
    p.in_twin = false;
    let mut original = Builder {
        line: start,
        number,
        ..Builder::default()
    };
    let mut end = match read_sections(p, &mut original) {
        Ok(e) => e,
        Err(bad) => {
            out.unread.push(PopeyeNote {
                line: bad.line,
                message: bad.message,
            });
            return p.skip_to_end(false);
        }
    };
    match end {
        // the caller reports the missing `endproblem`: an unfinished problem is not read
        End::Eof => return end,
        End::Next | End::Last => {
            push(out, &original, None);
            return end;
        }
        End::Twin | End::ZeroPosition => {}
    }
    let mut n = 0;
    let mut previous: Option<Builder> = None;
    if end == End::Twin {
        push(out, &original, Some(twins::label(0)));
        previous = Some(original.clone());
        n = 1;
    }
    // `end` is Twin or ZeroPosition: a twin follows
    p.in_twin = true;
    while matches!(end, End::Twin | End::ZeroPosition) {
        let at = p.toks.get(p.i.saturating_sub(1)).map_or(start, |t| t.line);
        let label = twins::label(n);
        n += 1;
        let continued = p
            .peek()
            .is_some_and(|t| keyword(&t.text, &TWINNINGS, p.lang) == Keyword::Is("continued".into()));
        let base = if continued {
            p.next();
            previous.take()
        } else {
            Some(original.clone())
        };
        let read = base
            .ok_or_else(|| Bad::new(at, "a continued twin after a twin that was not read"))
            .and_then(|mut b| {
                twins::read_twinnings(p, &mut b)?;
                Ok(b)
            })
            .and_then(|b| end_of_twin(p).map(|e| (b, e)));
        match read {
            Ok((b, e)) => {
                push(out, &b, Some(label));
                previous = Some(b);
                end = e;
            }
            Err(bad) => {
                out.unread.push(PopeyeNote {
                    line: bad.line,
                    message: format!("twin {label} {}", bad.message),
                });
                previous = None;
                end = p.skip_to_end(true);
            }
        }
    }
    end
}

fn push(out: &mut PopeyeInput, b: &Builder, twin: Option<String>) {
    match finish(b) {
        Ok(mut pr) => {
            pr.twin = twin.clone();
            if b.duplex {
                // the second half: the same problem, the other side moving first
                // (an en-passant right is the first side's: the other side did not just
                // double-step)
                let mut other = b.clone();
                other.halfduplex = !other.halfduplex;
                other.en_passant = None;
                match finish(&other) {
                    Ok(mut second) => {
                        pr.duplex_half = 1;
                        second.twin = twin;
                        second.duplex_half = 2;
                        out.problems.push(pr);
                        out.problems.push(second);
                    }
                    Err(bad) => out.unread.push(PopeyeNote {
                        line: bad.line,
                        message: format!("duplex, the other side to move: {}", bad.message),
                    }),
                }
                return;
            }
            out.problems.push(pr);
        }
        Err(bad) => out.unread.push(PopeyeNote {
            line: bad.line,
            message: match twin {
                Some(t) => format!("twin {t} {}", bad.message),
                None => bad.message,
            },
        }),
    }
}

/// Reads the Popeye input file `text`: every problem (each twin its own problem) it can,
/// and where and why it could not read the others (see docs/suite-format.md for what is
/// understood). Only a file that is no Popeye input at all (it does not start with
/// `beginproblem` in one of Popeye's languages) or whose pasted Popeye output cannot be
/// matched with its problems is an error.
pub fn read_popeye(path: &Path, text: &str) -> Result<PopeyeInput, LoadError> {
    let toks = tokenize(text);
    let Some(first) = toks.first().cloned() else {
        return Err(load_error(path, 0, "empty Popeye input (expected 'beginproblem')"));
    };
    let Some(lang) = Lang::ALL
        .into_iter()
        .find(|&l| matches!(keyword(&first.text, &BEGIN, l), Keyword::Is(_)))
    else {
        return Err(load_error(
            path,
            first.line,
            format!(
                "a Popeye input file starts with 'beginproblem' (or 'AnfangProblem', 'DebutProbleme'), found '{}'",
                first.text
            ),
        ));
    };
    let mut p = Parser {
        toks,
        i: 1,
        lang,
        in_twin: false,
    };
    let mut out = PopeyeInput::default();
    // per problem (read or not): its first line and its twins read
    let mut starts = vec![first.line];
    let mut end_line = None;
    loop {
        let start = *starts.last().unwrap_or(&first.line);
        match read_problem(&mut p, start, starts.len(), &mut out) {
            End::Next => {
                let line = p.toks.get(p.i.saturating_sub(1)).map_or(start, |t| t.line);
                starts.push(line);
            }
            End::Last => {
                end_line = p.toks.get(p.i.saturating_sub(1)).map(|t| t.line);
                break;
            }
            _ => {
                out.unread.push(PopeyeNote {
                    line: start,
                    message: "missing 'endproblem' at the end of the input".into(),
                });
                break;
            }
        }
    }
    // Whatever follows `endproblem` is ignored by Popeye: it may hold Popeye's own output.
    if let Some(end_line) = end_line {
        attach_outputs(path, text, end_line, &starts, lang, &mut out)?;
    }
    Ok(out)
}

/// Gives each problem (and twin) read the moves Popeye printed for it, when its output
/// follows `endproblem`.
fn attach_outputs(
    path: &Path,
    text: &str,
    end_line: usize,
    starts: &[usize],
    lang: Lang,
    out: &mut PopeyeInput,
) -> Result<(), LoadError> {
    let outputs = output::solution_outputs(text, end_line, lang);
    if outputs.is_empty() {
        return Ok(());
    }
    if outputs.len() != starts.len() {
        return Err(load_error(
            path,
            end_line + 1,
            format!(
                "{} solution output(s) of Popeye after 'endproblem' for {} problem(s) (one 'solution finished.' per problem)",
                outputs.len(),
                starts.len()
            ),
        ));
    }
    for pr in &mut out.problems {
        let k = starts.iter().position(|&s| s == pr.line).unwrap_or(0);
        let twin = pr.twin.as_deref().map_or(0, twin_index);
        let Some(moves) = outputs[k].get(twin) else {
            return Err(load_error(
                path,
                pr.line,
                format!(
                    "Popeye's output after 'endproblem' has no solution for twin {} of this problem",
                    pr.twin.as_deref().unwrap_or("a)")
                ),
            ));
        };
        // Popeye prints both halves of a duplex problem as one solution: the first side's
        // moves, then the other's
        let moves = match pr.duplex_half {
            0 => moves.clone(),
            half => {
                let (first, second) = output::split_duplex(moves, &pr.fen, half == 1);
                if half == 1 {
                    first
                } else {
                    second
                }
            }
        };
        // kamikaze units alone or composed (`circe-kamikaze-reborn+madrasi`)
        let moves = if pr.variant.split('+').any(|c| c == "circe-kamikaze-reborn") {
            moves.iter().map(|m| output::drop_kamikaze_marks(m)).collect()
        } else {
            moves.clone()
        };
        pr.expected_moves = Some(moves);
    }
    // what makes Popeye print something else than the list of legal moves
    for pr in &out.problems {
        let stipulation = pr.stipulation.as_deref().unwrap_or("~1");
        if stipulation != "~1" {
            out.warnings.push(PopeyeNote {
                line: pr.line,
                message: format!(
                    "stipulation {stipulation}: Popeye's pasted solution is not the list of legal moves (that is 'stipulation ~1')"
                ),
            });
        }
        for (o, line) in &pr.print_options {
            out.warnings.push(PopeyeNote {
                line: *line,
                message: format!(
                    "option {o} changes what Popeye prints: its pasted output may not list every legal move"
                ),
            });
        }
    }
    out.warnings.dedup();
    Ok(())
}

/// The position of a twin label (`a)` 0, `b)` 1, ...) among its problem's twins.
fn twin_index(label: &str) -> usize {
    let mut c = label.chars();
    let letter = c.next().map_or(0, |l| (l as usize).saturating_sub('a' as usize));
    let round: usize = c
        .take_while(|x| x.is_ascii_digit())
        .collect::<String>()
        .parse()
        .unwrap_or(0);
    round * 26 + letter
}

/// Parses the Popeye input file `text` into its problems, strictly: the first problem that
/// cannot be read is the error (see [`read_popeye`] for a reader that goes on).
pub fn parse_popeye(path: &Path, text: &str) -> Result<Vec<PopeyeProblem>, LoadError> {
    let input = read_popeye(path, text)?;
    if let Some(bad) = input.unread.first() {
        return Err(load_error(path, bad.line, bad.message.clone()));
    }
    Ok(input.problems)
}

/// A Popeye input file as a suite: one case per problem (and twin) it reads, expecting the
/// moves Popeye printed (its output pasted after `endproblem`). The problems it cannot read
/// are the suite's warnings; a file with none it can read, or without that output, has
/// nothing to check: an error (use `fairyperft moves --popeye FILE` to list its moves).
pub fn parse_popeye_suite(path: &Path, text: &str) -> Result<Suite, LoadError> {
    let input = read_popeye(path, text)?;
    if input.problems.is_empty() {
        let Some((line, why)) = input.why_none_read() else {
            return Err(load_error(path, 0, "no problem"));
        };
        return Err(load_error(path, line, why));
    }
    let name = stem(path);
    let several = input.problems.iter().any(|pr| pr.number > 1);
    let mut cases = Vec::new();
    let mut lines = Vec::new();
    for pr in input.problems {
        let Some(moves) = pr.expected_moves else {
            return Err(load_error(
                path,
                0,
                "nothing to check: no Popeye output (the `~1` solution, ending 'solution finished.') after 'endproblem'; \
                 paste it there, or list the moves with `fairyperft moves --popeye FILE`",
            ));
        };
        let mut id = match (&pr.twin, several) {
            (Some(t), true) => format!("{name}#{} {t}", pr.number),
            (Some(t), false) => format!("{name} {t}"),
            (None, true) => format!("{name}#{}", pr.number),
            (None, false) => name.clone(),
        };
        if pr.duplex_half == 2 {
            id.push_str(" duplex");
        }
        cases.push(Case {
            id,
            fen: pr.fen,
            variant: Some(pr.variant),
            moves: Some(moves),
            note: pr.title.filter(|t| !t.is_empty()),
            ..Case::default()
        });
        lines.push(pr.line);
    }
    let warnings = input
        .unread
        .iter()
        .map(|b| (b.line, format!("not read: {}", b.message)))
        .chain(input.warnings.iter().map(|w| (w.line, w.message.clone())))
        .collect();
    let file = SuiteFile {
        name,
        variant: None,
        source: Some(format!("Popeye input file {} with Popeye's output", path.display())),
        cases,
    };
    Ok(Suite {
        path: path.to_path_buf(),
        file,
        lines,
        warnings,
    })
}
