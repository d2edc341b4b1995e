//! Popeye's words looked up as Popeye looks them up (its language chosen by the first word
//! of the file; a keyword may be abbreviated to any prefix that fits it only), turned into
//! the English word, and the fairyperft variant of each condition fairyperft plays.

use super::tables::Table;
use super::Condition;

/// The language of a Popeye input file, as its first word (`beginproblem`, `AnfangProblem`,
/// `DebutProbleme`) says; the index of the language in [`Table`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Lang {
    French = 0,
    German = 1,
    #[default]
    English = 2,
}

impl Lang {
    pub(super) const ALL: [Lang; 3] = [Lang::French, Lang::German, Lang::English];

    /// The letters of the orthodox walks K Q R B S P in this language (lower case).
    pub(super) fn walk_letters(self) -> [char; 6] {
        match self {
            Lang::French => ['r', 'd', 't', 'f', 'c', 'p'],
            Lang::German => ['k', 'd', 't', 'l', 's', 'b'],
            Lang::English => ['k', 'q', 'r', 'b', 's', 'p'],
        }
    }
}

/// The words of `table` in `lang`.
pub(super) fn words(table: &Table, lang: Lang) -> Vec<&'static str> {
    let t: &'static str = table[lang as usize];
    t.split_whitespace().collect()
}

/// Popeye's keyword rule: an exact match, or else an abbreviation that fits one keyword only.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Keyword {
    /// The keyword, as its English word in lower case.
    Is(String),
    Ambiguous,
    Unknown,
}

/// Looks `tok` up in `table` as Popeye does: the first keyword it begins (case-insensitive)
/// is the answer if `tok` is that whole keyword or begins no later one.
pub(super) fn keyword(tok: &str, table: &Table, lang: Lang) -> Keyword {
    if tok.is_empty() {
        return Keyword::Unknown;
    }
    let tok = tok.to_ascii_lowercase();
    let list = words(table, lang);
    let starts = |k: &str| k.to_ascii_lowercase().starts_with(&tok);
    let Some(i) = list.iter().position(|k| starts(k)) else {
        return Keyword::Unknown;
    };
    if list[i].len() != tok.len() && list[i + 1..].iter().any(|k| starts(k)) {
        return Keyword::Ambiguous;
    }
    Keyword::Is(words(table, Lang::English)[i].to_ascii_lowercase())
}

/// Options that change nothing about the legal moves of the diagram position (how Popeye
/// solves or prints), with the number of arguments they take.
pub(super) const HARMLESS_OPTIONS: &[(&str, usize)] = &[
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
    ("beep", 1),
    ("suppressgrid", 0),
    ("writegrid", 0),
    ("goalisend", 0),
    ("uptomovenumber", 1),
    ("trivialtriesavoid", 0),
    ("matesin1", 0),
];

/// Options after which Popeye's printed solution is not the plain list of legal moves
/// (fewer solutions, other lines, numbered moves): its pasted output may not be that list.
pub(super) const PRINT_OPTIONS: &[&str] = &[
    "maxsolutions",
    "postkeyplay",
    "setplay",
    "movenumbers",
    "startmovenumber",
    "uptomovenumber",
    "intelligent",
    "try",
    "threat",
    "defence",
    "variations",
    "stoponshortsolutions",
];

/// The fairyperft condition (one of docs/rules.md's) of one Popeye condition.
pub(super) fn map_condition(c: &Condition) -> Result<(&'static str, &'static str), String> {
    // (family, name): family "circe" for the Circe family, "observation" for Madrasi/Isardam
    let words: Vec<&str> = c.words.iter().map(|s| s.as_str()).collect();
    let shown = std::iter::once(c.name.as_str())
        .chain(words.iter().copied())
        .chain(c.args.iter().map(|s| s.as_str()))
        .collect::<Vec<_>>()
        .join(" ");
    let chameleon = c.name == "chameleoncirce" || words.contains(&"chameleon");
    if !c.args.is_empty() && is_played(&c.name) && chameleon {
        return Err(format!(
            "Popeye condition '{shown}': the chameleon sequence '{}' is not fairyperft's S->B->R->Q->S",
            c.args.join(" ")
        ));
    }
    if !c.args.is_empty() && is_played(&c.name) {
        return Err(format!(
            "Popeye condition '{shown}': '{}' is not a variant of {} fairyperft knows",
            c.args[0], c.name
        ));
    }
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

/// The conditions fairyperft plays some variant of.
fn is_played(name: &str) -> bool {
    matches!(
        name,
        "circe"
            | "mirrorcirce"
            | "pwc"
            | "chameleoncirce"
            | "couscouscirce"
            | "equipollentscirce"
            | "diagramcirce"
            | "parraincirce"
            | "symmetrycirce"
            | "circeclone"
            | "circeassassin"
            | "marscirce"
            | "anticirce"
            | "madrasi"
            | "isardam"
    )
}
