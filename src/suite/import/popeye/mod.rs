//! The Popeye input file reader: the tokens, the problem loop (`beginproblem`,
//! `nextproblem`, `endproblem`) that hands each section to [`sections`], and the solution
//! Popeye printed, when it is pasted after `endproblem`, as the expected moves.

mod output;
mod sections;
mod vocabulary;

use super::{load_error, stem};
use crate::square::{Piece, Square};
use crate::suite::format::{Case, SuiteFile};
use crate::suite::{LoadError, Suite};
pub use output::{popeye_version, two_ply_lines};
use sections::{finish, parse_conditions, parse_forsyth, parse_options, parse_pieces};
use std::path::Path;
use vocabulary::{keyword, Keyword, COMMANDS};

/// One problem of a Popeye input file, as fairyperft sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct PopeyeProblem {
    /// Line of its `beginproblem` / `nextproblem`.
    pub line: usize,
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

/// A condition as written: its Popeye name (lower case), the words after it, its line.
#[derive(Debug, Clone)]
struct Condition {
    name: String,
    words: Vec<String>,
    line: usize,
}

#[derive(Debug, Clone)]
struct Placement {
    square: Square,
    piece: Piece,
    kamikaze: bool,
    line: usize,
}

#[derive(Debug, Default)]
struct Builder {
    line: usize,
    title: Option<String>,
    stipulation: Option<String>,
    conditions: Vec<Condition>,
    placements: Vec<Placement>,
    no_castling: Vec<Square>,
    en_passant: Option<(Vec<Square>, usize)>,
    halfduplex: bool,
    white_to_play: bool,
    last_capture: Option<(Piece, Square, usize)>,
}

struct Parser<'a> {
    path: &'a Path,
    toks: Vec<Tok>,
    i: usize,
}

impl<'a> Parser<'a> {
    fn err(&self, line: usize, m: impl Into<String>) -> LoadError {
        load_error(self.path, line, m)
    }
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.i)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.i).cloned();
        self.i += 1;
        t
    }
    fn is_command(&self, t: &Tok) -> bool {
        matches!(keyword(&t.text, COMMANDS), Keyword::Is(_))
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
    /// The argument tokens of a command: every token up to the next command keyword.
    fn arguments(&mut self) -> Vec<Tok> {
        let mut v = Vec::new();
        while let Some(t) = self.peek() {
            if self.is_command(t) {
                break;
            }
            v.push(t.clone());
            self.i += 1;
        }
        v
    }
}

/// Parses the Popeye input file `text` into its problems (see the module documentation
/// and docs/suite-format.md for what is understood).
///
/// Understood: `beginproblem` / `nextproblem` / `endproblem`, `pieces` (white/black, the
/// orthodox walks K Q R B S P, several squares per unit as in `pa2b2c2`, the `kamikaze`
/// attribute), `forsyth`, `condition` (the conditions of docs/rules.md: circe
/// [rexinclusive|strict|assassin|volcanic|mirror|chameleon|clone|couscous|equipollents|
/// parrain|symmetry|diagram|pwc],
/// mirrorcirce, pwc, chameleoncirce, couscouscirce, equipollentscirce, diagramcirce,
/// parraincirce, symmetrycirce, circeclone, circeassassin, marscirce, anticirce [calvet|
/// cheylan], madrasi `[rexinclusive]`, isardam `[typeb]`, lastcapture COLOUR UNIT), `option`
/// (nocastling, enpassant, halfduplex, whitetoplay, and options that only change how Popeye
/// solves or prints), `stipulation` (it decides who moves: White, Black in help play),
/// `title`, `author`, `origin`, `award`, `remark`, `protocol`. Keywords are English,
/// case-insensitive, and may be abbreviated as Popeye allows. Anything else (other
/// conditions, fairy units, twins, neutral units) is an error naming the line.
pub fn parse_popeye(path: &Path, text: &str) -> Result<Vec<PopeyeProblem>, LoadError> {
    let mut p = Parser {
        path,
        toks: tokenize(text),
        i: 0,
    };
    let first = p
        .next()
        .ok_or_else(|| p.err(0, "empty Popeye input (expected 'beginproblem')"))?;
    if keyword(&first.text, COMMANDS) != Keyword::Is("beginproblem") {
        return Err(p.err(
            first.line,
            format!("a Popeye input file starts with 'beginproblem', found '{}'", first.text),
        ));
    }
    let mut problems = Vec::new();
    let mut b = Builder {
        line: first.line,
        ..Builder::default()
    };
    let end_line;
    loop {
        let Some(t) = p.next() else {
            return Err(p.err(0, "missing 'endproblem' at the end of the input"));
        };
        let cmd = match keyword(&t.text, COMMANDS) {
            Keyword::Is(c) => c,
            Keyword::Ambiguous => {
                return Err(p.err(t.line, format!("'{}' abbreviates several Popeye commands", t.text)))
            }
            Keyword::Unknown => {
                return Err(p.err(
                    t.line,
                    format!(
                        "'{}' is not a Popeye command (fairyperft reads English Popeye input)",
                        t.text
                    ),
                ))
            }
        };
        match cmd {
            "beginproblem" => return Err(p.err(t.line, "'beginproblem' inside a problem (missing 'endproblem'?)")),
            "endproblem" => {
                problems.push(finish(&p, std::mem::take(&mut b))?);
                end_line = t.line;
                break;
            }
            "nextproblem" => {
                problems.push(finish(&p, std::mem::take(&mut b))?);
                b.line = t.line;
            }
            "twin" | "zeroposition" => {
                return Err(p.err(
                    t.line,
                    format!("'{cmd}': twins are not supported (give each twin as its own problem)"),
                ))
            }
            "sstipulation" | "initialgamearray" => return Err(p.err(t.line, format!("'{cmd}' is not supported"))),
            "title" => b.title = Some(p.rest_of_line(t.line)),
            "remark" | "author" | "origin" | "award" | "latex" | "latexpieces" => {
                p.rest_of_line(t.line);
            }
            "protocol" => {
                p.next();
            }
            "stipulation" => {
                let s = p.next().ok_or_else(|| p.err(t.line, "stipulation: missing"))?;
                b.stipulation = Some(s.text);
            }
            "pieces" => parse_pieces(&mut p, &mut b, t.line)?,
            "forsyth" => parse_forsyth(&mut p, &mut b, t.line)?,
            "condition" => parse_conditions(&mut p, &mut b, t.line)?,
            "option" => parse_options(&mut p, &mut b, t.line)?,
            _ => unreachable!("every command is handled"),
        }
    }
    // Whatever follows `endproblem` is ignored by Popeye: it may hold Popeye's own output.
    let outputs = solution_outputs(text, end_line);
    if !outputs.is_empty() {
        if outputs.len() != problems.len() {
            return Err(p.err(
                end_line + 1,
                format!(
                    "{} solution output(s) of Popeye after 'endproblem' for {} problem(s) (one 'solution finished.' per problem)",
                    outputs.len(),
                    problems.len()
                ),
            ));
        }
        for (prob, moves) in problems.iter_mut().zip(outputs) {
            let moves = if prob.variant == "circe-kamikaze-reborn" {
                moves.iter().map(|m| drop_kamikaze_marks(m)).collect()
            } else {
                moves
            };
            prob.expected_moves = Some(moves);
        }
    }
    Ok(problems)
}

/// Popeye's `~1` solution lines after line `end_line`: per problem (each ends with
/// `solution finished.`), the moves with check marks dropped.
fn solution_outputs(text: &str, end_line: usize) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut current: Vec<String> = Vec::new();
    for l in text.lines().skip(end_line) {
        let t = l.trim();
        if t.starts_with("solution finished") {
            out.push(std::mem::take(&mut current));
            continue;
        }
        let Some(body) = t.strip_prefix("1.").and_then(|r| r.strip_suffix('!')) else {
            continue;
        };
        let mut m = body.trim_end();
        for mark in [" +", " #", " ="] {
            if let Some(s) = m.strip_suffix(mark) {
                m = s.trim_end();
            }
        }
        if !m.is_empty() && !m.starts_with('.') {
            current.push(m.to_string());
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Popeye marks kamikaze units with `k` (`kRd2*d5`, `[wkRd5->a1]`, `[+bkPd7]`); fairyperft's
/// `circe-kamikaze-reborn` notation drops the mark, except in promotions (`=kQ`).
fn drop_kamikaze_marks(m: &str) -> String {
    let b: Vec<char> = m.chars().collect();
    let mut s = String::with_capacity(m.len());
    for (i, &c) in b.iter().enumerate() {
        let before = if i == 0 { None } else { Some(b[i - 1]) };
        let next_is_walk = b.get(i + 1).is_some_and(|n| "KQRBSP".contains(*n));
        let unit_start = matches!(before, None | Some('[') | Some('w') | Some('b'));
        if c == 'k' && next_is_walk && unit_start && before != Some('=') {
            continue;
        }
        s.push(c);
    }
    s
}

/// A Popeye input file as a suite: one case per problem, expecting the moves Popeye printed
/// (its output pasted after `endproblem`). A file without that output has nothing to check:
/// an error (use `fairyperft moves --popeye FILE` to list its moves).
pub fn parse_popeye_suite(path: &Path, text: &str) -> Result<Suite, LoadError> {
    let problems = parse_popeye(path, text)?;
    let name = stem(path);
    let several = problems.len() > 1;
    let mut cases = Vec::new();
    let mut lines = Vec::new();
    for (k, pr) in problems.into_iter().enumerate() {
        let Some(moves) = pr.expected_moves else {
            return Err(load_error(
                path,
                0,
                "nothing to check: no Popeye output (the `~1` solution, ending 'solution finished.') after 'endproblem'; \
                 paste it there, or list the moves with `fairyperft moves --popeye FILE`",
            ));
        };
        let id = if several {
            format!("{name}#{}", k + 1)
        } else {
            name.clone()
        };
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
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pop(text: &str) -> Result<Vec<PopeyeProblem>, LoadError> {
        parse_popeye(Path::new("t.inp"), text)
    }

    #[test]
    fn keywords_follow_popeyes_abbreviation_rule() {
        assert_eq!(keyword("begin", COMMANDS), Keyword::Is("beginproblem"));
        assert_eq!(keyword("COND", COMMANDS), Keyword::Is("condition"));
        assert_eq!(keyword("latex", COMMANDS), Keyword::Is("latex"));
        assert_eq!(keyword("s", COMMANDS), Keyword::Ambiguous);
        assert_eq!(keyword("kh1", COMMANDS), Keyword::Unknown);
    }

    #[test]
    fn pieces_and_conditions() {
        let p = pop("begin\npieces white kh1 qd4 black ka8 rf4 pe5\ncondition circe\nstipulation ~1\nend\n").unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].variant, "circe");
        assert_eq!(p[0].fen, "k7/8/8/4p3/3Q1r2/8/8/7K w - - 0 1");
    }

    #[test]
    fn castling_by_popeyes_convention() {
        let p = pop("begin pieces white ke1 ra1 rh1 black ke8 rh8 option nocastling a1 stip ~1 end").unwrap();
        assert_eq!(p[0].fen, "4k2r/8/8/8/8/8/8/R3K2R w Kk - 0 1");
        let p = pop("begin pieces white ke1 black ke8 ra8 option nocastling e8 stip ~1 end").unwrap();
        assert_eq!(p[0].fen, "r3k3/8/8/8/8/8/8/4K3 w - - 0 1 flags=e1a8");
    }

    #[test]
    fn halfduplex_help_play_and_en_passant() {
        let p = pop("begin pieces white kh1 pe5 black ka8 pd5 option enpassant d7d6d5 stip ~1 end").unwrap();
        assert_eq!(p[0].fen, "k7/8/8/3pP3/8/8/8/7K w - d6 0 1");
        let p = pop("begin pieces white kh1 black ka8 option halfduplex stip ~1 end").unwrap();
        assert!(p[0].fen.contains(" b "));
        let p = pop("begin pieces white kh1 black ka8 stip h#2 end").unwrap();
        assert!(p[0].fen.contains(" b "));
        let p = pop("begin pieces white kh1 black ka8 stip h#1.5 end").unwrap();
        assert!(p[0].fen.contains(" w "));
    }

    #[test]
    fn compositions_and_modifiers() {
        let cases = [
            ("anticirce cheylan", "anticirce-cheylan"),
            ("anticirce", "anticirce-calvet"),
            ("circe rexinclusive", "circe-rex-inclusive"),
            ("circe\n madrasi", "circe+madrasi"),
            ("madrasi rexinclusive", "madrasi-rex-inclusive"),
            ("isardam typeb", "isardam-type-b"),
            ("couscouscirce", "circe-couscous"),
            ("marscirce", "circe-mars"),
            ("circe mirror", "circe-mirror"),
            ("anticirce isardam", "anticirce-calvet+isardam"),
        ];
        for (c, v) in cases {
            let p = pop(&format!("begin pieces white kh1 black ka8 condition {c} stip ~1 end")).unwrap();
            assert_eq!(p[0].variant, v, "{c}");
        }
    }

    #[test]
    fn errors_name_the_line() {
        for (text, needle) in [
            (
                "begin\npieces white kh1 gh5\nend",
                "line 2: unsupported fairy piece 'g'",
            ),
            (
                "begin\ncondition andernachchess\nend",
                "line 2: Popeye condition 'andernachchess' has no fairyperft counterpart",
            ),
            (
                "begin\ncondition circe\n  rexexclusive\nend",
                "line 2: Popeye condition 'circe rexexclusive'",
            ),
            ("begin\noption duplex\nend", "line 2: option 'duplex' is not supported"),
            (
                "begin\npieces neutral pe4\nend",
                "line 2: neutral units are not supported",
            ),
            ("begin\npieces white kh1\ntwin move h1 h2\nend", "line 3: 'twin'"),
            (
                "pieces white kh1",
                "line 1: a Popeye input file starts with 'beginproblem'",
            ),
            ("begin pieces white kh1", "missing 'endproblem'"),
            ("begin\nfoo\nend", "line 2: 'foo' is not a Popeye command"),
            ("begin\npieces white kh1 qh1\nend", "line 2: h1 is given twice"),
        ] {
            let e = pop(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn volcanic_stacks_and_kamikaze() {
        let p = pop("begin pieces white ka1 black ka8 sh8 white bh8 black rh8 condition circe volcanic stip ~1 end")
            .unwrap();
        assert_eq!(p[0].fen, "k6r/8/8/8/8/8/8/K7 w - - 0 1 hidden=h8n,h8B flags=h8");
        let p = pop("begin condition circe pieces white kamikaze kh1 rd2 black kamikaze ka8 stip ~1 end").unwrap();
        assert_eq!(p[0].variant, "circe-kamikaze-reborn");
        assert!(pop("begin condition circe pieces white kamikaze rd2 white kh1 black ka8 stip ~1 end").is_err());
        assert_eq!(
            drop_kamikaze_marks("kPe5*d6 ep.[wkPd6->d2][+bkPd7]"),
            "Pe5*d6 ep.[wPd6->d2][+bPd7]"
        );
        assert_eq!(drop_kamikaze_marks("d7*c8=kQ[+bBc8]"), "d7*c8=kQ[+bBc8]");
    }

    #[test]
    fn solution_output_after_end() {
        let text = "begin pieces white kh1 black ka8 stip ~1 end\n\n   1.Kh1-g1 !\n\n   1.Kh1-h2 + !\n\nsolution finished. Time = 0.001 s\n";
        let p = pop(text).unwrap();
        assert_eq!(
            p[0].expected_moves.as_deref(),
            Some(&["Kh1-g1".to_string(), "Kh1-h2".to_string()][..])
        );
    }
}
