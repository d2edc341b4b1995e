//! Popeye's words in its three input languages (French, German, English, in that order),
//! as its own language tables list them: the same index is the same word in each language.
//! Generated from those tables; words are separated by spaces.

/// One table: its words in French, German and English.
pub(super) type Table = [&'static str; 3];

pub(super) const BEGIN: Table = [
    // French
    "DebutProbleme",
    // German
    "AnfangProblem",
    // English
    "beginproblem",
];

pub(super) const PROBLEM: Table = [
    // French
    "FinProbleme asuivre",
    // German
    "EndeProblem WeiteresProblem",
    // English
    "endproblem nextproblem",
];

pub(super) const END_TWIN: Table = [
    // French
    "jumeau zeroposition",
    // German
    "Zwilling NullStellung",
    // English
    "twin zeroposition",
];

pub(super) const COMMANDS: Table = [
    // French
    "remarque senonce auteur source pieces condition option enonce protocol <newline> titre LaTeX \
PiecesLaTeX prix PositionInitialePartie Forsyth",
    // German
    "Bemerkung sForderung Autor Quelle Steine Bedingung Option Forderung Protokoll <newline> Titel LaTeX \
LaTeXSteine Auszeichnung PartieAnfangsStellung Forsyth",
    // English
    "remark sstipulation author origin pieces condition option stipulation protocol <newline> title LaTeX \
LaTeXPieces award InitialGameArray Forsyth",
];

pub(super) const OPTIONS: Table = [
    // French
    "Defense Apparent ApparentSeul Variantes Trace Enroute SansRB Duplex SansRN Menace SansMenace Essais \
MaxSolutions MaxCasesFuites Search MultiSolutions NonSymetrique NonTrivial RetiensPieceMatante \
EnPassant SansEchiquier SansVariantesCourtes DemiDuplex ApresCle Intelligent MaxTemps SansRoquer \
Quodlibet FinApresSolutionsCourtes Bip SansGrille AjouteGrille RoquesMutuellementExclusifs ButEstFin \
optionnonpubliee CoupsVides JusquAuCoup TrivialEssaiSupprimer MatsEn1",
    // German
    "Widerlegung Satzspiel WeissBeginnt Varianten Zugnummern StartZugnummer OhneWk Duplex OhneSk Drohung \
OhneDrohung Verfuehrung MaxLoesungen MaxFluchtFelder Suchen MehrereLoesungen KeineSymmetrie \
NichtTrivial HalteMattsetzendenStein EnPassant OhneBrett OhneKurzVarianten HalbDuplex NachSchluessel \
Intelligent MaxZeit KeineRochade Quodlibet StopNachKurzloesungen Pieps OhneGitter ZeichneGitter \
RochadenGegenseitigAusschliessend ZielIstEnde nichtpublizierteoption NullZuege BisZugnummer \
TrivialeFehlversucheUnterdruecken MattsIn1",
    // English
    "Defence SetPlay WhiteToPlay Variations MoveNumbers StartMoveNumber NoWk Duplex NoBk Threat NoThreat \
Try MaxSolutions MaxFlightsquares Search MultiSolutions NoSymmetry NonTrivial KeepMatingPiece \
EnPassant NoBoard NoShortVariations HalfDuplex PostKeyPlay Intelligent MaxTime NoCastling Quodlibet \
StopOnShortSolutions Beep SuppressGrid WriteGrid CastlingMutuallyExclusive GoalIsEnd \
unpublishedoption NullMoves UpToMoveNumber TrivialTriesAvoid MatesIn1",
];

/// Popeye's "extra" conditions (its `ExtraCondString`), none of which fairyperft has.
pub(super) const EXTRA_CONDITIONS: Table = [
    // French
    "Maximum UltraSchachZwang",
    // German
    "Laengstzueger UltraSchachZwang",
    // English
    "Maximummer UltraSchachZwang",
];

pub(super) const CONDITIONS: Table = [
    // French
    "Circe CirceMalefique Madrasi Volage Hypervolage Bichromatique Monochromatique Grille Koeko \
NoirBordCoup BlancBordCoup Leofamily Chinoises Patrouille CirceEchange SansPrises Immun \
ImmunMalefique ContactGrille Imitator CavalierMajeur Haan CirceCameleon CirceCouscous \
CirceEquipollents FileCirce NoirMaximum NoirMinimum BlancMaximum BlancMinimum CaseMagique \
Sentinelles Tibet DoubleTibet CirceDiagramme Trou NoirPriseForce BlancPriseForce RoisReflecteurs \
RoisTransmutes NoirPoursuite BlancPoursuite Duelliste CirceParrain SansIProm CirceSymetrique \
EchecsVogtlaender EchecsEinstein Bicolores KoekoNouveaux CirceClone AntiCirce FileCirceMalefique \
CirceAntipoden CirceCloneMalefique AntiCirceMalefique AntiCirceDiagramme AntiFileCirce \
AntiCirceSymetrique AntiFileCirceMalefique AntiCirceAntipoden AntiCirceEquipollents ImmunFile \
ImmunDiagramme ImmunFileMalefique ImmunSymmetrique ImmunAntipoden ImmunEquipollents \
ReversEchecsEinstein SuperCirce Degradierung NorskSjakk EchecsTraitor EchecsAndernach BlancCaseForce \
BlancCaseForceConsequent NoirCaseForce NoirCaseForceConsequent EchecsCameleon EchecsFonctionnaire \
EchecsGlasgow EchecsAntiAndernach FrischAufCirce CirceMalefiqueVerticale Isardam SansEchecs \
CirceDiametrale PromSeul RankCirce EchecsExclusif MarsCirce MarsCirceMalefique EchecsPhantom \
BlancRoiReflecteur NoirRoiReflecteur BlancRoiTransmute NoirRoiTransmute EchecsAntiEinstein \
CirceCouscousMalefique NoirCaseRoyal BlancCaseRoyal EchecsBrunner EchecsPlus CirceAssassin \
EchecsPatience EchecsRepublicains EchecsExtinction EchecsCentral ActuatedRevolvingBoard \
EchecsMessigny Woozles BiWoozles Heffalumps BiHeffalumps BlancCasePromotion NoirCasePromotion \
SansBlancPromotion SansNoirPromotion EchecsEiffel NoirUltraSchachZwang BlancUltraSchachZwang \
ActuatedRevolvingCentre ShieldedKings NONUTILISEACTUELLEMENT EchecsCameleonLigne BlancSansPrises \
NoirSansPrises EchecsAvril EchecsAlphabetiques CirceTurncoats CirceDoubleAgents AMU SingleBox MAFF \
OWU BlancRoisOscillant NoirRoisOscillant AntiRois AntiMarsCirce AntiMarsMalefiqueCirce \
AntiMarsAntipodeanCirce BlancSuperRoiTransmute NoirSuperRoiTransmute AntiSuperCirce UltraPatrouille \
RoisEchanges DynastieRoyale SAT StrictSAT Take&MakeEchecs NoirSynchronCoup BlancSynchronCoup \
NoirAntiSynchronCoup BlancAntiSynchronCoup Masand BGL NoirEchecs AnnanEchecs PionNormale Elliuortap \
VaultingKings BlancVaultingKing NoirVaultingKing EchecsProtee EchecsGeneve CameleonPoursuite \
AntiKoeko EchecsRoque QuiPerdGagne Disparate EchecsGhost EchecsHantes EchecsProvacateurs CirceCage \
Dummy Football ContraParrain RoisKobul EchangeRoque BlancEchecsAlphabetiques NoirEchecsAlphabetiques \
CirceTake&Make Supergardes TrousDeVer EchecsMarins EchecsUltramarins Retour FaceAFace DosADos \
JoueAJoue CameleonSequence AntiCloneCirce EchecsSnek EchecsSnekCirculaires DernierePrise \
EchecsArgentins PiecesPerdues ParalysePartielle CirceSymetriqueVerticale CirceSymetriqueHorizontale \
AntiCirceSymetriqueVerticale AntiCirceSymetriqueHorizontale ImmuneSymetriqueVerticale \
ImmuneSymetriqueHorizontale LeseMajeste Rokagogo Breton Make&TakeEchecs ReflexionCentrale \
AnnanEchecs MasandGeneralise Bolero BoleroInverse Influenceur EchangeRole NoirMaxDister \
NoirMinDister BlancMaxDister BlancMinDister SerieCapture DarkSide Leffie Pepo CASTEchecs Bicaptures \
FuddledMen TransmissionMenace TransfertPouvoir MultiCaptures Antigardes Francfort Anda AndaInverse \
HalfInChess AllInChess MainlyInChess Alice Immobilio PADechecs CirceDanger #C",
    // German
    "Circe SpiegelCirce Madrasi Volage Hypervolage BichromesSchach MonochromesSchach Gitterschach KoeKo \
SchwarzerRandzueger WeisserRandzueger Leofamily ChinesischesSchach PatrouilleSchach \
PlatzwechselCirce Ohneschlag Immunschach SpiegelImmunschach KontaktGitter Imitator CavalierMajeur \
HaanerSchach ChamaeleonCirce CouscousCirce EquipollentsCirce FileCirce SchwarzerLaengstzueger \
SchwarzerKuerzestzueger WeisserLaengstzueger WeisserKuerzestzueger MagischeFelder Sentinelles \
TibetSchach DoppeltibetSchach DiagrammCirce Loch SchwarzerSchlagzwang WeisserSchlagzwang \
ReflektierendeKoenige TransmutierendeKoenige SchwarzerVerfolgungszueger WeisserVerfolgungszueger \
Duellantenschach CirceParrain OhneIUW SymmetrieCirce VogtlaenderSchach EinsteinSchach Bicolores \
NeuKoeko CirceClone AntiCirce SpiegelFileCirce AntipodenCirce SpiegelCirceclone AntiSpiegelCirce \
AntiDiagrammCirce AntiFileCirce AntiSymmetrieCirce AntiSpiegelFileCirce AntiAntipodenCirce \
AntiEquipollentsCirce FileImmunSchach DiagrammImmunSchach SpiegelFileImmunSchach \
SymmetrieImmunSchach AntipodenImmunSchach EquipollentsImmunSchach ReversesEinsteinSchach SuperCirce \
Degradierung NorskSjakk TraitorChess AndernachSchach WeissesZwangsfeld WeissesKonsequentesZwangsfeld \
SchwarzesZwangsfeld SchwarzesKonsequentesZwangsfeld ChamaeleonSchach BeamtenSchach GlasgowSchach \
AntiAndernachSchach FrischAufCirce VertikalesSpiegelCirce Isardam OhneSchach DiametralCirce UWnur \
RankCirce ExklusivSchach MarsCirce MarsSpiegelCirce PhantomSchach WeisserReflektierenderKoenig \
SchwarzerReflektierenderKoenig WeisserTransmutierenderKoenig SchwarzerTransmutierenderKoenig \
AntiEinsteinSchach SpiegelCouscousCirce SchwarzesKoeniglichesFeld WeissesKoeniglichesFeld \
BrunnerSchach PlusSchach AssassinCirce PatienceSchach RepublikanerSchach AusrottungsSchach \
ZentralSchach ActuatedRevolvingBoard MessignySchach Woozles BiWoozles Heffalumps BiHeffalumps \
UWFeldWeiss UWFeldSchwarz OhneWeissUW OhneSchwarzUW EiffelSchach SchwarzerUltraSchachZwang \
WeisserUltraSchachZwang ActuatedRevolvingCentre SchutzKoenige ZURZEITUNVERWENDET \
LinienChamaeleonSchach WeisserOhneSchlag SchwarzerOhneSchlag Aprilschach AlphabetischesSchach \
TurncoatCirce DoppelAgentenCirce AMU NurPartiesatzSteine MAFF OWU WeisseOszillierendeKoenige \
SchwarzeOszillierendeKoenige AntiKoenige AntiMarsCirce AntiMarsMalefiqueCirce \
AntiMarsAntipodeanCirce WeisserSuperTransmutierenderKoenig SchwarzerSuperTransmutierenderKoenig \
AntiSuperCirce UltraPatrouille TauschKoenige KoenigsDynastie SAT StrictSAT Take&MakeSchach \
SchwarzerSynchronZueger WeisserSynchronZueger SchwarzerAntiSynchronZueger WeisserAntiSynchronZueger \
Masand BGL SchwarzSchaecher Annanschach NormalBauern Elliuortap VaultingKings WeisserVaultingKing \
SchwarzerVaultingKing ProteischesSchach GenferSchach ChamaeleonVerfolgung AntiKoeko RochadeSchach \
Schlagschach Disparate Geisterschach Spukschach ProvokationSchach KaefigCirce Dummy Fussball \
KontraParrain KobulKoenige PlatzwechselRochade WeissesAlphabetischesSchach \
SchwarzesAlphabetischesSchach CirceTake&Make SuperDeckungen Wurmloecher MarinesSchach \
UltramarinesSchach NachHause AngesichtZuAngesicht RueckenAnRuecken WangeAnWange Chamaeleonsequenz \
AntiCloneCirce SnekSchach SnekZirkulaerSchach LetzterSchlag ArgentinischesSchach VerloreneSteine \
PartielleParalyse VertikaleSymmetrieCirce HorizontaleSymmetrieCirce VertikaleAntiSymmetrieCirce \
HorizontaleAntiSymmetrieCirce ImmuneVertikaleSymmetrie ImmuneHorizontaleSymmetrie LeseMajeste \
Rokagogo Breton Make&TakeSchach Punktspiegelung Nannaschach MasandVerallgemeinert Bolero \
BoleroInvers Influencer Rollentausch SchwarzerMaxDister SchwarzerMinDister WeisserMaxDister \
WeisserMinDister SerienSchlag DarkSide Leffie Pepo CASTSchach Bicaptures FuddledMen \
TransmissionMenace KraftTransfer MultiCaptures AntiDeckungen FrankfurtSchach Anda AndaInvers \
HalfInChess AllInChess MainlyInChess AliceSchach Immobilio PADSchach GefahrenCirce #C",
    // English
    "Circe MirrorCirce Madrasi Volage Hypervolage BichromChess MonochromChess GridChess KoeKo \
BlackEdgeMover WhiteEdgeMover Leofamily ChineseChess Patrouille PWC NoCapture ImmunChess \
MirrorImmunChess ContactGridChess Imitator CavalierMajeur HaanerChess ChameleonCirce CouscousCirce \
EquipollentsCirce FileCirce BlackMaximummer BlackMinimummer WhiteMaximummer WhiteMinimummer \
MagicSquares Sentinelles Tibet DoubleTibet DiagramCirce Hole BlackMustCapture WhiteMustCapture \
ReflectiveKings TransmutedKings BlackFollowMyLeader WhiteFollowMyLeader DuellistChess ParrainCirce \
NoIProm SymmetryCirce VogtlaenderChess EinsteinChess Bicolores NewKoeko CirceClone AntiCirce \
MirrorFileCirce AntipodeanCirce MirrorCirceClone MirrorAntiCirce DiagramAntiCirce FileAntiCirce \
SymmetryAntiCirce MirrorFileAntiCirce AntipodeanAntiCirce EquipollentsAntiCirce FileImmunChess \
DiagramImmunChess MirrorFileImmunChess SymmetryImmunChess AntipodeanImmunChess \
EquipollentsImmunChess ReversalEinsteinChess SuperCirce RelegationChess NorskSjakk TraitorChess \
AndernachChess WhiteForcedSquare WhiteConsequentForcedSquare BlackForcedSquare \
BlackConsequentForcedSquare ChameleonChess FunctionaryChess GlasgowChess AntiAndernachChess \
FrischAufCirce VerticalMirrorCirce Isardam ChecklessChess DiametralCirce PromOnly RankCirce \
ExclusiveChess MarsCirce MarsMirrorCirce PhantomChess WhiteReflectiveKing BlackReflectiveKing \
WhiteTransmutedKing BlackTransmutedKing AntiEinsteinChess MirrorCouscousCirce BlackRoyalSquare \
WhiteRoyalSquare BrunnerChess PlusChess CirceAssassin PatienceChess RepublicanChess ExtinctionChess \
CentralChess ActuatedRevolvingBoard MessignyChess Woozles BiWoozles Heffalumps BiHeffalumps \
WhitePromSquares BlackPromSquares NoWhitePromotion NoBlackPromotion EiffelChess \
BlackUltraSchachZwang WhiteUltraSchachZwang ActuatedRevolvingCentre ShieldedKings CURRENTLYUNUSED \
LineChameleonChess NoWhiteCapture NoBlackCapture AprilChess AlphabeticChess CirceTurncoats \
CirceDoubleAgents AMU SingleBox MAFF OWU WhiteOscillatingKings BlackOscillatingKings AntiKings \
AntiMarsCirce AntiMarsMirrorCirce AntiMarsAntipodeanCirce WhiteSuperTransmutingKing \
BlackSuperTransmutingKing AntiSuperCirce UltraPatrol SwappingKings RoyalDynasty SAT StrictSAT \
Take&MakeChess BlackSynchronMover WhiteSynchronMover BlackAntiSynchronMover WhiteAntiSynchronMover \
Masand BGL BlackChecks AnnanChess NormalPawn Lortap VaultingKings WhiteVaultingKing \
BlackVaultingKing ProteanChess GenevaChess ChameleonPursuit AntiKoeko CastlingChess LosingChess \
Disparate GhostChess HauntedChess ProvocationChess CageCirce Dummy Football ContraParrain KobulKings \
ExchangeCastling WhiteAlphabeticChess BlackAlphabeticChess CirceTake&Make SuperGuards Wormholes \
MarineChess UltramarineChess BackHome FaceToFace BackToBack CheekToCheek ChameleonSequence \
AntiCloneCirce SnekChess SnekCircleChess LastCapture ArgentinianChess LostPieces PartialParalysis \
VerticalSymmetryCirce HorizontalSymmetryCirce VerticalSymmetryAntiCirce HorizontalSymmetryAntiCirce \
ImmuneVerticalSymmetry ImmuneHorizontalSymmetry LeseMajeste Rokagogo Breton Make&TakeChess \
PointReflection NannaChess MasandGeneralised Bolero BoleroInverse Influencer RoleExchange \
BlackMaxDister BlackMinDister WhiteMaxDister WhiteMinDister SeriesCapture DarkSide Leffie Pepo \
CASTChess Bicaptures FuddledMen TransmissionMenace PowerTransfer MultiCaptures AntiGuards \
FrankfurtChess Anda AndaInverse HalfInChess AllInChess MainlyInChess AliceChess Immobilio PADChess \
DangerCirce #C",
];

pub(super) const COLOURS: Table = [
    // French
    "Blanc Noir Neutre TotalInvisible",
    // German
    "Weiss Schwarz Neutral TotalUnsichtbar",
    // English
    "White Black Neutral TotalInvisible",
];

pub(super) const ATTRIBUTES: Table = [
    // French
    "Royale Kamikaze Paralysante Cameleon Jigger Volage Fonctionnaire DemiNeutre CouleurEchangeantSautoir \
Protee Magique Imprenable Patrouille Frischauf Bul Dob Anda AndaInverse AliceA AliceB",
    // German
    "Koeniglich Kamikaze Paralysierend Chamaeleon Jigger Volage Beamtet HalbNeutral \
SprungbockFarbeWechselnd Proteisch Magisch Unschlagbar Patrouille Frischauf Bul Dob Anda AndaInvers \
AliceA AliceB",
    // English
    "Royal Kamikaze Paralysing Chameleon Jigger Volage Functionary HalfNeutral HurdleColourChanging \
Protean Magic Uncapturable Patrol Frischauf Bul Dob Anda AndaInverse AliceA AliceB",
];

pub(super) const LETTERED_TYPES: Table = [
    // French
    "TypeA TypeB TypeC TypeD",
    // German
    "TypA TypB TypC TypD",
    // English
    "TypeA TypeB TypeC TypeD",
];

pub(super) const ANTICIRCE_TYPES: Table = [
    // French
    "Calvet Cheylan",
    // German
    "Calvet Cheylan",
    // English
    "Calvet Cheylan",
];

pub(super) const CIRCE_VARIANTS: Table = [
    // French
    "RexInclusif RexExclusif Malefique Assassin Diametral MalefiqueVerticale Clone Chameleon Turncoats \
Couscous CoupDernier Equipollents Parrain ContraParrain Cage Rangee Colonne Symetrie \
VerticaleSymetrique HorizontaleSymetrique Diagramme Echange Antipodes Take&Make Super Avril \
Frischauf Calvet Cheylan Stricte Relache Volcanique Parachute Einstein ReversEinstein PriseProchaine \
CaseDePrise",
    // German
    "RexInklusive RexExklusive Spiegel Assassin Diametral VertikalSpiegel Clone Chamaeleon Turncoat \
Couscous LetzterZug Equipollents Parrain ContraParrain Kaefig Reihe File Symmetrie \
VertikaleSymmetrie HorizontaleSymmetrie Diagramm Platzwechsel Antipoden Take&Make Super April \
Frischauf Calvet Cheylan Strikt Locker Vulkan Fallschirm Einstein ReversesEinstein NaechsterSchlag \
Schlagfeld",
    // English
    "RexInclusive RexExclusive Mirror Assassin Diametral VerticalMirror Clone Chameleon Turncoats \
Couscous LastMove Equipollents Parrain ContraParrain Cage Rank File Symmetry VerticalSymmetry \
HorizontalSymmetry Diagram PWC Antipodes Take&Make Super April Frischauf Calvet Cheylan Strict \
Relaxed Volcanic Parachute Einstein ReversalEinstein WaitCapture CaptureSquare",
];

pub(super) const TWINNINGS: Table = [
    // French
    "deplacement echange enonce senonce ajoute ote enplus rotation condition CouleurEchange miroir \
translation remplace",
    // German
    "versetze tausche Forderung SForderung hinzufuegen entferne ferner Drehung Bedingung Farbwechsel \
Spiegelung Verschiebung ersetze",
    // English
    "move exchange stipulation sstipulation add remove continued rotate condition PolishType mirror shift \
substitute",
];

pub(super) const MIRRORS: Table = [
    // French
    "a1<-->h1 a1<-->a8 a1<-->h8 a8<-->h1",
    // German
    "a1<-->h1 a1<-->a8 a1<-->h8 a8<-->h1",
    // English
    "a1<-->h1 a1<-->a8 a1<-->h8 a8<-->h1",
];

/// The walks' names (one or two letters; the orthodox ones first: K P Q S R B in English).
pub(super) const WALKS: Table = [
    // French
    "r p d c t f le ma pa va ro s n z ch gi cc bu vi al fe da li eq l pb am im pr g an ec v dr ka cs uu \
ha e ai m ar fr ca sn pi cn zn gn sc sz sg cd cr ea ct bs sp tl fl si tr ne o eh mo tc fc ao oa st \
sf re bt gt sk cy sa rl rs ok 37 s2 s3 16 24 35 ds sr or 15 25 gl lt lf ln vs fs bi el na et at mt \
ef af mf ra so mg 36 nl ml mm a dn la bo qa qf qq b1 b2 b3 pc cl pv lr ze nr n2 n4 n1 n3 qn dt df no \
sb se sm su kl ko sv ba gy cm po pm bm ep dg fa lo sl as os hc ae aq ss",
    // German
    "k b d s t l le ma pa va ro g n z ca gi wf bu we al fe da li ne h bb am kn pr gn an ei wa dr ka ss uu \
ha el ad sp er rl kl nh du cr zr gr ch zh gh ds rs eq ct bs sb tl ll si tr nd o rd mo tj lj ao oa th \
lh ek pf pn sk cy kg rn rh ok 37 g2 g3 16 24 35 dg kh or 15 25 gl ht hl hn wr fr bi et na tc ta ts \
lc la ls ra so mg 36 nl ml mm f de he bo qe qf od b1 b2 b3 cb rp rb lr ze nr s2 s4 s1 s3 qn dt dl no \
uh bh gu gb lk ko sh sc gy ms po mb mc st se fa lo sa ah oh hk ae aq sr",
    // English
    "k p q s r b le ma pa va ro g n z ca gi rf bu we al fe da li ne l bp am em pr gn an sq wa dr ka ss uu \
ha m ea sw ar rb c nh du cr zr gr ch zh gh ds bk eq ct bs sp rl bl si tr nd o eh mo rr br ao oa rh \
bh ek bt gt sk cy cg rn rp ok 37 g2 g3 16 24 35 dg kh or 15 25 gl lr lb ln wr fr bi et na rm re rw \
bm be bw ra so mg 36 nl ml mm f do rt bo qe qf qq b1 b2 b3 cp rk pp ls ze bn s2 s4 s1 s3 qn dk db no \
th lh ge gf kl ko kp sh gy ms po mp mh st se fa lo sa ah oh hc ee en sc",
];
