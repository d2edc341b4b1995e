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

use super::format::{Case, SuiteFile};
use super::{LoadError, Suite};
use crate::fen::{self, FenStyle};
use crate::position::flags;
use crate::square::{Color, Piece, Role, Square};
use std::collections::BTreeMap;
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

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "suite".into())
}

fn load_error(path: &Path, line: usize, message: impl Into<String>) -> LoadError {
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

// ----------------------------------------------------------------------------------------
// EPD

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

// ----------------------------------------------------------------------------------------
// Popeye

/// One problem of a Popeye input file, as fairyperft sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct PopeyeProblem {
    /// Line of its `beginproblem` / `nextproblem`.
    pub line: usize,
    pub title: Option<String>,
    /// The fairyperft variant of its conditions (RULES.md 0.1).
    pub variant: String,
    /// Its position, with the side to move and Popeye's castling and en-passant rights,
    /// extended state tokens where FEN cannot say them.
    pub fen: String,
    pub stipulation: Option<String>,
    /// The legal moves Popeye printed for it (its `~1` solution), when its output follows
    /// `endproblem` in the file.
    pub expected_moves: Option<Vec<String>>,
}

/// Popeye's commands (English), for its unique-abbreviation rule.
const COMMANDS: &[&str] = &[
    "beginproblem",
    "endproblem",
    "nextproblem",
    "twin",
    "zeroposition",
    "remark",
    "sstipulation",
    "author",
    "origin",
    "pieces",
    "condition",
    "option",
    "stipulation",
    "protocol",
    "title",
    "latex",
    "latexpieces",
    "award",
    "initialgamearray",
    "forsyth",
];

/// Popeye's options (English).
const OPTIONS: &[&str] = &[
    "defence",
    "setplay",
    "whitetoplay",
    "variations",
    "movenumbers",
    "startmovenumber",
    "nowk",
    "duplex",
    "nobk",
    "threat",
    "nothreat",
    "try",
    "maxsolutions",
    "maxflightsquares",
    "search",
    "multisolutions",
    "nosymmetry",
    "nontrivial",
    "keepmatingpiece",
    "enpassant",
    "noboard",
    "noshortvariations",
    "halfduplex",
    "postkeyplay",
    "intelligent",
    "maxtime",
    "nocastling",
    "quodlibet",
    "stoponshortsolutions",
    "beep",
    "suppressgrid",
    "writegrid",
    "castlingmutuallyexclusive",
    "goalisend",
    "unpublishedoption",
    "nullmoves",
    "uptomovenumber",
    "trivialtriesavoid",
];

/// Options that change nothing about the legal moves of the diagram position (how Popeye
/// solves or prints); with the number of arguments they take.
const HARMLESS_OPTIONS: &[(&str, usize)] = &[
    ("defence", 1),
    ("setplay", 0),
    ("variations", 0),
    ("movenumbers", 0),
    ("startmovenumber", 1),
    ("nowk", 0),
    ("nobk", 0),
    ("threat", 1),
    ("nothreat", 0),
    ("try", 0),
    ("maxsolutions", 1),
    ("maxflightsquares", 1),
    ("search", 0),
    ("multisolutions", 0),
    ("nosymmetry", 0),
    ("keepmatingpiece", 0),
    ("noboard", 0),
    ("noshortvariations", 0),
    ("postkeyplay", 0),
    ("maxtime", 1),
    ("intelligent", 1),
    ("nontrivial", 2),
    ("quodlibet", 0),
    ("stoponshortsolutions", 0),
    ("beep", 0),
    ("suppressgrid", 0),
    ("writegrid", 0),
    ("goalisend", 0),
    ("uptomovenumber", 1),
    ("trivialtriesavoid", 0),
];

/// Popeye's condition names (English), so that an abbreviation is read as Popeye reads it
/// and an unsupported condition is named in the error.
const CONDITIONS: &str = "Circe MirrorCirce Madrasi Volage Hypervolage BichromChess MonochromChess \
GridChess KoeKo BlackEdgeMover WhiteEdgeMover Leofamily ChineseChess Patrouille PWC NoCapture \
ImmunChess MirrorImmunChess ContactGridChess Imitator CavalierMajeur HaanerChess ChameleonCirce \
CouscousCirce EquipollentsCirce FileCirce BlackMaximummer BlackMinimummer WhiteMaximummer \
WhiteMinimummer MagicSquares Sentinelles Tibet DoubleTibet DiagramCirce Hole BlackMustCapture \
WhiteMustCapture ReflectiveKings TransmutedKings BlackFollowMyLeader WhiteFollowMyLeader \
DuellistChess ParrainCirce NoIProm SymmetryCirce VogtlaenderChess EinsteinChess Bicolores \
NewKoeko CirceClone AntiCirce MirrorFileCirce AntipodeanCirce MirrorCirceClone MirrorAntiCirce \
DiagramAntiCirce FileAntiCirce SymmetryAntiCirce MirrorFileAntiCirce AntipodeanAntiCirce \
EquipollentsAntiCirce FileImmunChess DiagramImmunChess MirrorFileImmunChess SymmetryImmunChess \
AntipodeanImmunChess EquipollentsImmunChess ReversalEinsteinChess SuperCirce RelegationChess \
NorskSjakk TraitorChess AndernachChess WhiteForcedSquare WhiteConsequentForcedSquare \
BlackForcedSquare BlackConsequentForcedSquare ChameleonChess FunctionaryChess GlasgowChess \
AntiAndernachChess FrischAufCirce VerticalMirrorCirce Isardam ChecklessChess DiametralCirce \
PromOnly RankCirce ExclusiveChess MarsCirce MarsMirrorCirce PhantomChess WhiteReflectiveKing \
BlackReflectiveKing WhiteTransmutedKing BlackTransmutedKing AntiEinsteinChess MirrorCouscousCirce \
BlackRoyalSquare WhiteRoyalSquare BrunnerChess PlusChess CirceAssassin PatienceChess \
RepublicanChess ExtinctionChess CentralChess ActuatedRevolvingBoard MessignyChess Woozles \
BiWoozles Heffalumps BiHeffalumps WhitePromSquares BlackPromSquares NoWhitePromotion \
NoBlackPromotion EiffelChess BlackUltraSchachZwang WhiteUltraSchachZwang ActuatedRevolvingCentre \
ShieldedKings LineChameleonChess NoWhiteCapture NoBlackCapture AprilChess AlphabeticChess \
CirceTurncoats CirceDoubleAgents AMU SingleBox MAFF OWU WhiteOscillatingKings \
BlackOscillatingKings AntiKings AntiMarsCirce AntiMarsMirrorCirce AntiMarsAntipodeanCirce \
WhiteSuperTransmutingKing BlackSuperTransmutingKing AntiSuperCirce UltraPatrol SwappingKings \
RoyalDynasty SAT StrictSAT Take&MakeChess BlackSynchronMover WhiteSynchronMover \
BlackAntiSynchronMover WhiteAntiSynchronMover Masand BGL BlackChecks AnnanChess NormalPawn Lortap \
VaultingKings WhiteVaultingKing BlackVaultingKing ProteanChess GenevaChess ChameleonPursuit \
AntiKoeko CastlingChess LosingChess Disparate GhostChess HauntedChess ProvocationChess CageCirce \
Dummy Football ContraParrain KobulKings ExchangeCastling WhiteAlphabeticChess BlackAlphabeticChess \
CirceTake&Make SuperGuards Wormholes MarineChess UltramarineChess BackHome FaceToFace BackToBack \
CheekToCheek ChameleonSequence AntiCloneCirce SnekChess SnekCircleChess LastCapture \
ArgentinianChess LostPieces PartialParalysis VerticalSymmetryCirce HorizontalSymmetryCirce \
VerticalSymmetryAntiCirce HorizontalSymmetryAntiCirce ImmuneVerticalSymmetry \
ImmuneHorizontalSymmetry LeseMajeste Rokagogo Breton Make&TakeChess PointReflection NannaChess \
MasandGeneralised Bolero BoleroInverse Influencer RoleExchange BlackMaxDister BlackMinDister \
WhiteMaxDister WhiteMinDister SeriesCapture DarkSide Leffie Pepo CASTChess CASTInverse";

/// The words Popeye accepts after a Circe-family condition (English).
const CIRCE_VARIANTS: &[&str] = &[
    "rexinclusive",
    "rexexclusive",
    "mirror",
    "assassin",
    "diametral",
    "verticalmirror",
    "clone",
    "chameleon",
    "turncoats",
    "couscous",
    "lastmove",
    "equipollents",
    "parrain",
    "contraparrain",
    "cage",
    "rank",
    "file",
    "symmetry",
    "verticalsymmetry",
    "horizontalsymmetry",
    "diagram",
    "pwc",
    "antipodes",
    "take&make",
    "super",
    "april",
    "frischauf",
    "calvet",
    "cheylan",
    "strict",
    "relaxed",
    "volcanic",
    "parachute",
    "einstein",
    "reversaleinstein",
];

const COLOURS: &[&str] = &["white", "black", "neutral", "totalinvisible"];

const ATTRIBUTES: &[&str] = &[
    "royal",
    "kamikaze",
    "paralysing",
    "chameleon",
    "jigger",
    "volage",
    "functionary",
    "halfneutral",
    "hurdlecolourchanging",
    "protean",
    "magic",
    "uncapturable",
    "patrol",
    "frischauf",
    "bul",
    "dob",
];

/// Popeye's keyword rule: an exact match, or else an abbreviation that fits one keyword only.
#[derive(Debug, PartialEq, Eq)]
enum Keyword<'a> {
    Is(&'a str),
    Ambiguous,
    Unknown,
}

fn keyword<'a>(tok: &str, table: &[&'a str]) -> Keyword<'a> {
    let tok = tok.to_ascii_lowercase();
    if tok.is_empty() {
        return Keyword::Unknown;
    }
    if let Some(k) = table.iter().find(|k| k.eq_ignore_ascii_case(&tok)) {
        return Keyword::Is(k);
    }
    let mut hits = table.iter().filter(|k| k.to_ascii_lowercase().starts_with(&tok));
    match (hits.next(), hits.next()) {
        (Some(k), None) => Keyword::Is(k),
        (Some(_), Some(_)) => Keyword::Ambiguous,
        _ => Keyword::Unknown,
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
/// attribute), `forsyth`, `condition` (RULES.md 0.1: circe [rexinclusive|strict|assassin|
/// volcanic|mirror|chameleon|clone|couscous|equipollents|parrain|symmetry|diagram|pwc],
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

fn parse_colour(t: &Tok) -> Option<&'static str> {
    match keyword(&t.text, COLOURS) {
        Keyword::Is(c) => Some(c),
        _ => None,
    }
}

/// `kh1`, `pa2b2c2`: the walk and its squares.
fn piece_spec(text: &str) -> Option<(String, Vec<Square>)> {
    let t = text.to_ascii_lowercase();
    for k in 1..=2.min(t.len()) {
        if !t.is_char_boundary(k) {
            continue;
        }
        let (walk, squares) = t.split_at(k);
        if squares.is_empty() || !squares.len().is_multiple_of(2) || !squares.is_ascii() {
            continue;
        }
        let sq: Option<Vec<Square>> = (0..squares.len())
            .step_by(2)
            .map(|i| Square::parse(&squares[i..i + 2]))
            .collect();
        if let Some(sq) = sq {
            return Some((walk.to_string(), sq));
        }
    }
    None
}

fn walk_role(walk: &str) -> Option<Role> {
    match walk {
        "k" => Some(Role::King),
        "q" => Some(Role::Queen),
        "r" => Some(Role::Rook),
        "b" => Some(Role::Bishop),
        "s" => Some(Role::Knight),
        "p" => Some(Role::Pawn),
        _ => None,
    }
}

fn unsupported_walk(walk: &str, line: usize, p: &Parser) -> LoadError {
    let hint = if walk == "n" {
        " ('n' is Popeye's nightrider; the knight is 's')"
    } else {
        ""
    };
    p.err(
        line,
        format!("unsupported fairy piece '{walk}'{hint}: fairyperft knows K Q R B S P"),
    )
}

fn parse_pieces(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), LoadError> {
    let mut colour: Option<Color> = None;
    let mut kamikaze = false;
    let args = p.arguments();
    if args.is_empty() {
        return Err(p.err(line, "pieces: no units given"));
    }
    for t in args {
        let has_digit = t.text.bytes().any(|c| c.is_ascii_digit());
        if !has_digit {
            if let Some(c) = parse_colour(&t) {
                colour = match c {
                    "white" => Some(Color::White),
                    "black" => Some(Color::Black),
                    other => return Err(p.err(t.line, format!("{other} units are not supported"))),
                };
                kamikaze = false;
                continue;
            }
            match keyword(&t.text, ATTRIBUTES) {
                Keyword::Is("kamikaze") => {
                    kamikaze = true;
                    continue;
                }
                Keyword::Is(a) => return Err(p.err(t.line, format!("unsupported piece attribute '{a}'"))),
                _ => {
                    return Err(p.err(
                        t.line,
                        format!(
                            "pieces: '{}' is neither a colour, an attribute nor a unit like kh1",
                            t.text
                        ),
                    ))
                }
            }
        }
        let Some((walk, squares)) = piece_spec(&t.text) else {
            return Err(p.err(
                t.line,
                format!("pieces: '{}' is not a unit like kh1 or pa2b2c2", t.text),
            ));
        };
        let role = walk_role(&walk).ok_or_else(|| unsupported_walk(&walk, t.line, p))?;
        let Some(c) = colour else {
            return Err(p.err(t.line, format!("pieces: '{}' before 'white' or 'black'", t.text)));
        };
        for sq in squares {
            b.placements.push(Placement {
                square: sq,
                piece: Piece::new(c, role),
                kamikaze,
                line: t.line,
            });
        }
    }
    Ok(())
}

fn parse_forsyth(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), LoadError> {
    let t = p.next().ok_or_else(|| p.err(line, "forsyth: missing position"))?;
    let chars: Vec<char> = t.text.chars().collect();
    let mut placed = Vec::new();
    let mut idx = 0usize; // 0 = a8, reading rank by rank
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let mut n = 0usize;
            while i < chars.len() && chars[i].is_ascii_digit() {
                // saturating: a long digit run must not overflow (it is an error below)
                n = n
                    .saturating_mul(10)
                    .saturating_add(chars[i].to_digit(10).unwrap_or(0) as usize);
                i += 1;
            }
            idx = idx.saturating_add(n);
            continue;
        }
        if c == '.' {
            let walk: String = chars
                .iter()
                .skip(i + 1)
                .take(2)
                .collect::<String>()
                .to_ascii_lowercase();
            return Err(unsupported_walk(&walk, t.line, p));
        }
        let role = walk_role(&c.to_ascii_lowercase().to_string())
            .ok_or_else(|| unsupported_walk(&c.to_ascii_lowercase().to_string(), t.line, p))?;
        let colour = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if idx >= 64 {
            return Err(p.err(t.line, format!("forsyth '{}' describes more than 64 squares", t.text)));
        }
        let sq = Square::from_coords((idx % 8) as u8, 7 - (idx / 8) as u8);
        placed.push(Placement {
            square: sq,
            piece: Piece::new(colour, role),
            kamikaze: false,
            line: t.line,
        });
        idx += 1;
        i += 1;
    }
    if idx != 64 {
        return Err(p.err(
            t.line,
            format!("forsyth '{}' describes {idx} squares instead of 64", t.text),
        ));
    }
    b.placements = placed;
    Ok(())
}

fn parse_conditions(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), LoadError> {
    let names: Vec<&str> = CONDITIONS.split_whitespace().collect();
    let args = p.arguments();
    if args.is_empty() {
        return Err(p.err(line, "condition: none given"));
    }
    let mut k = 0;
    while k < args.len() {
        let t = &args[k];
        k += 1;
        let name = match keyword(&t.text, &names) {
            Keyword::Is(n) => n.to_ascii_lowercase(),
            Keyword::Ambiguous => {
                return Err(p.err(t.line, format!("'{}' abbreviates several Popeye conditions", t.text)))
            }
            Keyword::Unknown => return Err(p.err(t.line, format!("unknown Popeye condition '{}'", t.text))),
        };
        if name == "lastcapture" {
            let (Some(c), Some(u)) = (args.get(k), args.get(k + 1)) else {
                return Err(p.err(
                    t.line,
                    "lastcapture: expected a colour and a unit, e.g. 'lastcapture white re3'",
                ));
            };
            k += 2;
            let colour = match parse_colour(c) {
                Some("white") => Color::White,
                Some("black") => Color::Black,
                _ => return Err(p.err(c.line, format!("lastcapture: '{}' is not white or black", c.text))),
            };
            let Some((walk, squares)) = piece_spec(&u.text).filter(|s| s.1.len() == 1) else {
                return Err(p.err(u.line, format!("lastcapture: '{}' is not a unit like re3", u.text)));
            };
            let role = walk_role(&walk).ok_or_else(|| unsupported_walk(&walk, u.line, p))?;
            b.last_capture = Some((Piece::new(colour, role), squares[0], u.line));
            continue;
        }
        let variant_words: &[&str] = match name.as_str() {
            "madrasi" => &["rexinclusive"],
            "isardam" => &["typea", "typeb", "rexinclusive"],
            n if n.contains("circe") || n == "pwc" => CIRCE_VARIANTS,
            _ => &[],
        };
        let mut words = Vec::new();
        while let Some(w) = args.get(k) {
            match keyword(&w.text, variant_words) {
                Keyword::Is(x) => {
                    words.push(x.to_string());
                    k += 1;
                }
                _ => break,
            }
        }
        b.conditions.push(Condition {
            name,
            words,
            line: t.line,
        });
    }
    Ok(())
}

fn squares_of(text: &str) -> Option<Vec<Square>> {
    if text.is_empty() || !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| Square::parse(&text[i..i + 2].to_ascii_lowercase()))
        .collect()
}

fn parse_options(p: &mut Parser, b: &mut Builder, line: usize) -> Result<(), LoadError> {
    let args = p.arguments();
    if args.is_empty() {
        return Err(p.err(line, "option: none given"));
    }
    let mut k = 0;
    while k < args.len() {
        let t = &args[k];
        k += 1;
        let opt = match keyword(&t.text, OPTIONS) {
            Keyword::Is(o) => o,
            Keyword::Ambiguous => return Err(p.err(t.line, format!("'{}' abbreviates several Popeye options", t.text))),
            Keyword::Unknown => return Err(p.err(t.line, format!("unknown Popeye option '{}'", t.text))),
        };
        match opt {
            "nocastling" | "enpassant" => {
                let mut squares = Vec::new();
                while let Some(s) = args.get(k).and_then(|a| squares_of(&a.text)) {
                    squares.extend(s);
                    k += 1;
                }
                if squares.is_empty() {
                    return Err(p.err(t.line, format!("{opt}: expected squares, e.g. '{opt} {}'", if opt == "enpassant" { "e7e6e5" } else { "e1a1" })));
                }
                if opt == "nocastling" {
                    b.no_castling.extend(squares);
                } else {
                    b.en_passant = Some((squares, t.line));
                }
            }
            "halfduplex" => b.halfduplex = true,
            "whitetoplay" => b.white_to_play = true,
            o => match HARMLESS_OPTIONS.iter().find(|h| h.0 == o) {
                Some(&(_, n)) => {
                    // their numeric arguments, when given
                    for _ in 0..n {
                        if args.get(k).is_some_and(|a| a.text.bytes().all(|c| c.is_ascii_digit() || c == b':')) {
                            k += 1;
                        }
                    }
                }
                None => {
                    return Err(p.err(
                        t.line,
                        format!("option '{o}' is not supported (it changes what is solved; fairyperft lists the moves of one side)"),
                    ))
                }
            },
        }
    }
    Ok(())
}

/// RULES.md 0.1: the fairyperft condition of one Popeye condition.
fn map_condition(c: &Condition) -> Result<(&'static str, &'static str), String> {
    // (family, name): family "circe" for the Circe family, "observation" for Madrasi/Isardam
    let words: Vec<&str> = c.words.iter().map(|s| s.as_str()).collect();
    let shown = if words.is_empty() {
        c.name.clone()
    } else {
        format!("{} {}", c.name, words.join(" "))
    };
    let none = || {
        Err(format!(
            "Popeye condition '{shown}' has no fairyperft counterpart (see `fairyperft variants`)"
        ))
    };
    let circe = |w: &[&str]| -> Option<&'static str> {
        Some(match w {
            [] => "circe",
            ["rexinclusive"] => "circe-rex-inclusive",
            ["strict"] => "circe-strict",
            ["assassin"] => "circe-assassin",
            ["volcanic"] => "circe-volcanic",
            ["mirror"] => "circe-mirror",
            ["chameleon"] => "circe-chameleon",
            ["clone"] => "circe-clone",
            ["couscous"] => "circe-couscous",
            ["equipollents"] => "circe-equipollents",
            ["parrain"] => "circe-parrain",
            ["symmetry"] => "circe-symmetry",
            ["diagram"] => "circe-diagram",
            ["pwc"] => "circe-pwc",
            _ => return None,
        })
    };
    let alone = |name: &'static str| -> Option<&'static str> { words.is_empty().then_some(name) };
    let found = match c.name.as_str() {
        "circe" => circe(&words).map(|n| ("circe", n)),
        "mirrorcirce" => alone("circe-mirror").map(|n| ("circe", n)),
        "pwc" => alone("circe-pwc").map(|n| ("circe", n)),
        "chameleoncirce" => alone("circe-chameleon").map(|n| ("circe", n)),
        "couscouscirce" => alone("circe-couscous").map(|n| ("circe", n)),
        "equipollentscirce" => alone("circe-equipollents").map(|n| ("circe", n)),
        "diagramcirce" => alone("circe-diagram").map(|n| ("circe", n)),
        "parraincirce" => alone("circe-parrain").map(|n| ("circe", n)),
        "symmetrycirce" => alone("circe-symmetry").map(|n| ("circe", n)),
        "circeclone" => alone("circe-clone").map(|n| ("circe", n)),
        "circeassassin" => alone("circe-assassin").map(|n| ("circe", n)),
        "marscirce" => alone("circe-mars").map(|n| ("circe", n)),
        "anticirce" => match words.as_slice() {
            [] | ["calvet"] => Some(("circe", "anticirce-calvet")),
            ["cheylan"] => Some(("circe", "anticirce-cheylan")),
            _ => None,
        },
        "madrasi" => match words.as_slice() {
            [] => Some(("observation", "madrasi")),
            ["rexinclusive"] => Some(("observation", "madrasi-rex-inclusive")),
            _ => None,
        },
        "isardam" => match words.as_slice() {
            [] | ["typea"] => Some(("observation", "isardam")),
            ["typeb"] => Some(("observation", "isardam-type-b")),
            _ => None,
        },
        _ => None,
    };
    found.map_or_else(none, Ok)
}

/// Who moves first: White, except in help play (Black; White with `whitetoplay` or a
/// stipulation ending in `.5`); `halfduplex` swaps.
fn side_to_move(b: &Builder) -> Color {
    let s = b.stipulation.as_deref().unwrap_or("").to_ascii_lowercase();
    let help = s.starts_with("ser-h") || (s.starts_with('h') && !s.starts_with("hs"));
    let mut side = if help && !b.white_to_play && !s.ends_with(".5") {
        Color::Black
    } else {
        Color::White
    };
    if b.halfduplex {
        side = side.other();
    }
    side
}

fn finish(p: &Parser, b: Builder) -> Result<PopeyeProblem, LoadError> {
    // the variant
    let mut circe: Option<&str> = None;
    let mut observation: Option<&str> = None;
    for c in &b.conditions {
        let (family, name) = map_condition(c).map_err(|m| p.err(c.line, m))?;
        let slot = if family == "circe" {
            &mut circe
        } else {
            &mut observation
        };
        if let Some(prev) = slot {
            return Err(p.err(
                c.line,
                format!("'{name}' and '{prev}' cannot be combined (at most one of each kind)"),
            ));
        }
        *slot = Some(name);
    }
    let kamikaze = b.placements.iter().filter(|x| x.kamikaze).count();
    if kamikaze > 0 {
        let line = b.placements.iter().find(|x| x.kamikaze).map_or(b.line, |x| x.line);
        if kamikaze != b.placements.len() || circe != Some("circe") {
            return Err(p.err(
                line,
                "kamikaze units are supported only when every unit (kings too) is kamikaze, with plain Circe (fairyperft's circe-kamikaze-reborn)",
            ));
        }
        circe = Some("circe-kamikaze-reborn");
    }
    let variant = match (circe, observation) {
        (None, None) => "orthodox".to_string(),
        (Some(a), None) | (None, Some(a)) => a.to_string(),
        (Some(a), Some(o)) => format!("{a}+{o}"),
    };

    // the board (a unit placed on an occupied square goes under it in Volcanic Circe)
    let volcanic = circe == Some("circe-volcanic");
    let mut board: [Option<Piece>; 64] = [None; 64];
    let mut hidden: Vec<(Square, Piece)> = Vec::new();
    for x in &b.placements {
        if let Some(old) = board[x.square.index()] {
            if !volcanic {
                return Err(p.err(
                    x.line,
                    format!(
                        "{} is given twice (units go under others in Volcanic Circe only)",
                        x.square
                    ),
                ));
            }
            hidden.push((x.square, old));
        }
        board[x.square.index()] = Some(x.piece);
    }
    let placement = crate::fen::placement(|sq| board[sq.index()]);
    let side = side_to_move(&b);

    // en passant: the squares of the pawn's double step (e7e6e5 or e7e5)
    let mut ep = "-".to_string();
    if let Some((sq, line)) = &b.en_passant {
        let (first, last) = (sq[0], sq[sq.len() - 1]);
        if sq.len() < 2 || first.file() != last.file() || first.rank().abs_diff(last.rank()) != 2 {
            return Err(p.err(
                *line,
                "enpassant: expected the squares of a pawn's double step, e.g. 'enpassant e7e6e5'",
            ));
        }
        ep = Square::from_coords(first.file(), (first.rank() + last.rank()) / 2).to_string();
    }

    let mut fen_text = format!("{placement} {} - {ep} 0 1", side.letter());
    if !hidden.is_empty() {
        let items: Vec<String> = hidden.iter().map(|(s, pc)| format!("{s}{}", pc.fen_char())).collect();
        fen_text.push_str(&format!(" hidden={}", items.join(",")));
    }
    if let Some((pc, sq, line)) = b.last_capture {
        if circe != Some("circe-parrain") {
            return Err(p.err(line, "lastcapture is supported with Circe Parrain only"));
        }
        fen_text.push_str(&format!(" pending={}{sq}", pc.fen_char()));
    }
    let mut pos = fen::parse(&fen_text).map_err(|e| p.err(b.line, format!("the problem's position: {e}")))?;

    // Popeye's castling rights: a king or rook on its initial square has its flag, unless
    // `option nocastling` names the square (RULES.md Part A 0.3)
    let mut f = 0u8;
    for (sq, flag, role, colour) in [
        (Square::E1, flags::WHITE_KING, Role::King, Color::White),
        (Square::A1, flags::WHITE_A_ROOK, Role::Rook, Color::White),
        (Square::H1, flags::WHITE_H_ROOK, Role::Rook, Color::White),
        (Square::E8, flags::BLACK_KING, Role::King, Color::Black),
        (Square::A8, flags::BLACK_A_ROOK, Role::Rook, Color::Black),
        (Square::H8, flags::BLACK_H_ROOK, Role::Rook, Color::Black),
    ] {
        if pos.piece_at(sq) == Some(Piece::new(colour, role)) && !b.no_castling.contains(&sq) {
            f |= flag;
        }
    }
    pos.set_castle_flags(f);
    let fen = fen::write(
        &pos,
        FenStyle {
            origins: false,
            extended: true,
        },
    );
    Ok(PopeyeProblem {
        line: b.line,
        title: b.title,
        variant,
        fen,
        stipulation: b.stipulation,
        expected_moves: None,
    })
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
