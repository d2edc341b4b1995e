//! Popeye's words: its commands, options, conditions, colours and piece attributes (all
//! listed, so that an abbreviation is read as Popeye reads it: the unique word it begins),
//! and the fairyperft variant of each condition fairyperft plays.

use super::Condition;

/// Popeye's commands (English), for its unique-abbreviation rule.
pub(super) const COMMANDS: &[&str] = &[
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
pub(super) const OPTIONS: &[&str] = &[
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
    ("beep", 0),
    ("suppressgrid", 0),
    ("writegrid", 0),
    ("goalisend", 0),
    ("uptomovenumber", 1),
    ("trivialtriesavoid", 0),
];

/// Popeye's condition names (English), so that an abbreviation is read as Popeye reads it
/// and an unsupported condition is named in the error.
pub(super) const CONDITIONS: &str = "Circe MirrorCirce Madrasi Volage Hypervolage BichromChess MonochromChess \
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
pub(super) const CIRCE_VARIANTS: &[&str] = &[
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

pub(super) const COLOURS: &[&str] = &["white", "black", "neutral", "totalinvisible"];

pub(super) const ATTRIBUTES: &[&str] = &[
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
pub(super) enum Keyword<'a> {
    Is(&'a str),
    Ambiguous,
    Unknown,
}

pub(super) fn keyword<'a>(tok: &str, table: &[&'a str]) -> Keyword<'a> {
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

/// The fairyperft condition (one of docs/rules.md's) of one Popeye condition.
pub(super) fn map_condition(c: &Condition) -> Result<(&'static str, &'static str), String> {
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
