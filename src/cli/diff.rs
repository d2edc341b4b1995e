//! `fairyperft diff`: where two move generators disagree.
//!
//! The reference is a suite case (its `moves` / `divide` at the root, or its perft figures)
//! or an external engine speaking perftree's protocol (see `perftree.rs`). With an engine,
//! the search starts at the root at `--depth N`, compares the two divides, descends into the
//! first move (in UCI order) whose counts differ, and repeats until the position where the
//! move lists themselves differ; it prints the move path, that position and a diff of the
//! two move lists.

use super::perftree::VARIANT_ENV;
use super::{parse_depth1, parse_threads, CmdResult, Failure};
use clap::{ArgGroup, Args};
use fairyperft::fen::{self, FenStyle};
use fairyperft::suite;
use fairyperft::{notation, Game, Move, SetupError, MAX_DEPTH};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

const ENGINE_HELP: &str = "\
The engine protocol is that of perftree (the orthodox perft debugger): the script is run as
  SCRIPT \"$depth\" \"$fen\" \"$moves\"
($moves: the moves from the FEN, space-separated UCI, possibly empty; the variant is in the
environment variable FAIRYPERFT_VARIANT) and prints one 'MOVE COUNT' line per legal move
(UCI), a blank line, then the total. `fairyperft perftree` speaks it.

Each call of the engine may take --engine-timeout seconds (60 by default); an engine still
running then is killed (with the processes it started) and diff fails.

Exit status: 0 no difference, 1 a difference was found (and shown), 2 bad input (an engine
that is missing, not executable, failing, too slow, printing something else or a total that
is not the sum of its moves, a bad suite file...).

Examples:
  fairyperft diff --engine ./my_engine.sh --variant circe --depth 4 --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq -'
  fairyperft diff --suite suites/reference/circe.yaml --case circe/kiwipete";

#[derive(Args, Clone)]
#[command(group(ArgGroup::new("reference").required(true).args(["suite", "engine"])), after_help = ENGINE_HELP)]
pub struct DiffArgs {
    /// Reference: a suite file (YAML, EPD or Popeye input); give the case with --case
    #[arg(long, value_name = "FILE", requires = "case")]
    pub suite: Option<PathBuf>,
    /// The id of the case of --suite to compare with
    #[arg(long, value_name = "ID", requires = "suite")]
    pub case: Option<String>,
    /// Reference: an external perft engine (an executable script) speaking perftree's protocol
    #[arg(long, value_name = "SCRIPT")]
    pub engine: Option<PathBuf>,
    /// Variant (with --engine; it is passed to the engine as FAIRYPERFT_VARIANT)
    #[arg(long, short = 'v', default_value = "orthodox", conflicts_with = "suite")]
    pub variant: String,
    /// Root position (with --engine)
    #[arg(long, short = 'f', default_value = fen::STARTING_FEN, conflicts_with = "suite")]
    pub fen: String,
    /// Moves played from the FEN before the root (with --engine; Popeye or UCI notation)
    #[arg(long, short = 'm', conflicts_with = "suite")]
    pub moves: Option<String>,
    /// Depth of the root divide, 1 to 32 (with --engine)
    #[arg(long, short = 'd', value_parser = parse_depth1, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Worker threads for fairyperft's own counts, 1 to 1024
    #[arg(long, short = 't', default_value_t = 1, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: usize,
    /// Seconds one call of the engine may take before it is killed and diff fails
    /// [default: 60]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub engine_timeout: Option<u64>,
}

/// `--engine-timeout` when not given.
const ENGINE_TIMEOUT: u64 = 60;

fn parse_seconds(s: &str) -> Result<u64, String> {
    super::bounded(s, 1, u64::MAX, "seconds")
}

pub fn diff(a: &DiffArgs) -> CmdResult {
    match (&a.suite, &a.engine, &a.case) {
        (Some(path), None, Some(id)) => {
            if a.depth.is_some() {
                return Err(Failure::Input(
                    "--depth: not used with --suite (the case's figures decide)".into(),
                ));
            }
            if a.engine_timeout.is_some() {
                return Err(Failure::Input(
                    "--engine-timeout: not used with --suite (it limits an --engine)".into(),
                ));
            }
            diff_suite(a, path, id)
        }
        (None, Some(script), _) => {
            let depth = a
                .depth
                .ok_or_else(|| Failure::Input("--engine needs --depth N".into()))?;
            diff_engine(a, script, depth)
        }
        _ => Err(Failure::Input(
            "give either --suite FILE --case ID or --engine SCRIPT".into(),
        )),
    }
}

/// The FEN of a game's position, with fairyperft's state tokens only where FEN cannot say it.
fn shown_fen(g: &Game) -> String {
    fen::write(
        &g.pos,
        FenStyle {
            origins: g.rules.uses_origins(),
            extended: true,
        },
    )
}

/// The changes between two sorted lists (the `similar` crate): (in left only?, item).
fn list_changes(left: &[String], right: &[String]) -> Vec<(bool, String)> {
    let l: Vec<&str> = left.iter().map(|s| s.as_str()).collect();
    let r: Vec<&str> = right.iter().map(|s| s.as_str()).collect();
    let mut out = Vec::new();
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &l, &r) {
        for ch in op.iter_changes(&l, &r) {
            match ch.tag() {
                similar::ChangeTag::Delete => out.push((true, ch.value().to_string())),
                similar::ChangeTag::Insert => out.push((false, ch.value().to_string())),
                similar::ChangeTag::Equal => {}
            }
        }
    }
    out
}

// ----------------------------------------------------------------------------------------
// against a suite case

fn diff_suite(a: &DiffArgs, path: &Path, id: &str) -> CmdResult {
    let s = suite::load(path).map_err(|e| Failure::Input(e.to_string()))?;
    let Some(k) = s.file.cases.iter().position(|c| c.id == id) else {
        let some: Vec<&str> = s.file.cases.iter().take(3).map(|c| c.id.as_str()).collect();
        return Err(Failure::Input(format!(
            "--case: no case '{id}' in {} ({} cases, e.g. {})",
            path.display(),
            s.file.cases.len(),
            some.join(", ")
        )));
    };
    let case = &s.file.cases[k];
    let at = format!("{}:{}", path.display(), s.lines[k]);
    let deepest = case.perft.as_ref().map_or(0, |p| p.len()).max(
        case.divide
            .as_ref()
            .map_or(0, |_| case.divide_depth.unwrap_or(2) as usize),
    );
    if deepest > MAX_DEPTH as usize {
        return Err(Failure::Input(format!(
            "{at}: case '{id}' goes to depth {deepest}; fairyperft counts to depth {MAX_DEPTH} at most"
        )));
    }
    let variant = case
        .variant
        .clone()
        .or_else(|| s.file.variant.clone())
        .unwrap_or_else(|| "orthodox".into());
    let mut g = Game::new(&case.fen, &variant).map_err(|e| Failure::Input(format!("{at}: case '{id}': {e}")))?;
    if let Some(h) = &case.history {
        g.play_line(&h.join(" "))
            .map_err(|e| Failure::Input(format!("{at}: case '{id}': history: {e}")))?;
    }
    let mut out = io::stdout().lock();
    writeln!(out, "case {id} ({at}), variant {variant}")?;
    writeln!(out, "position: {}", shown_fen(&g))?;

    if case.moves.is_some() || case.divide.is_some() {
        let depth = if case.divide.is_some() {
            case.divide_depth.unwrap_or(2)
        } else {
            1
        };
        let rows = g.divide_parallel(depth, a.threads);
        let mut found: BTreeMap<String, (u64, Move)> = BTreeMap::new();
        for (m, name, n) in &rows {
            found.entry(name.clone()).or_insert((0, *m)).0 += n;
        }
        if let Some(expected) = &case.moves {
            let e: Vec<String> = expected.iter().cloned().collect::<BTreeSet<_>>().into_iter().collect();
            let f: Vec<String> = found.keys().cloned().collect();
            let changes = list_changes(&e, &f);
            if !changes.is_empty() {
                writeln!(
                    out,
                    "the move lists differ here (--- the suite's moves, +++ fairyperft's):"
                )?;
                for (left, m) in &changes {
                    let (sign, who) = if *left {
                        ('-', "only in the suite")
                    } else {
                        ('+', "only fairyperft")
                    };
                    writeln!(out, "{sign} {m:<28} ({who})")?;
                }
                writeln!(
                    out,
                    "{} moves in common",
                    e.len() - changes.iter().filter(|c| c.0).count()
                )?;
                return Err(Failure::Failed);
            }
        }
        if let Some(expected) = &case.divide {
            let mut differ = Vec::new();
            let keys: BTreeSet<&String> = expected.keys().chain(found.keys()).collect();
            for name in keys {
                let e = expected.get(name).copied().unwrap_or(0);
                match found.get(name) {
                    None => differ.push((
                        name.clone(),
                        format!("{name}: expected {e}, not a legal move here"),
                        None,
                    )),
                    Some(&(f, m)) if f != e => {
                        differ.push((name.clone(), format!("{name}: expected {e}, found {f}"), Some(m)))
                    }
                    _ => {}
                }
            }
            if !differ.is_empty() {
                writeln!(out, "divide({depth}) differs for {} move(s):", differ.len())?;
                for (_, line, _) in &differ {
                    writeln!(out, "  {line}")?;
                }
                if let Some((name, _, Some(m))) = differ.iter().find(|d| d.2.is_some()) {
                    let next = g.after(*m);
                    writeln!(out, "first of them: {name}; the position after it:")?;
                    writeln!(out, "position: {}", shown_fen(&next))?;
                    if depth > 1 {
                        writeln!(
                            out,
                            "(look deeper: fairyperft divide --variant {variant} --depth {} --fen '{}')",
                            depth - 1,
                            shown_fen(&next)
                        )?;
                    }
                }
                return Err(Failure::Failed);
            }
        }
    }
    if let Some(perft) = &case.perft {
        for (i, &e) in perft.iter().enumerate() {
            let depth = i as u32 + 1;
            let f = g.perft_parallel(depth, a.threads);
            if f != e {
                let agree = if depth > 1 {
                    format!(" (depths 1-{} agree)", depth - 1)
                } else {
                    String::new()
                };
                writeln!(out, "perft({depth}): expected {e}, found {f}{agree}")?;
                writeln!(out, "(the case has no divide to descend into: compare `fairyperft divide --depth {depth}` with the source of its figures)")?;
                return Err(Failure::Failed);
            }
        }
    }
    writeln!(out, "no difference: every figure of the case agrees")?;
    Ok(())
}

// ----------------------------------------------------------------------------------------
// against an engine

struct Engine {
    script: PathBuf,
    variant: String,
    /// How long one call may take (None: no limit).
    timeout: Option<Duration>,
}

/// What a finished engine call left.
struct Finished {
    status: ExitStatus,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Reads a child's pipe to its end on a thread of its own (so that neither pipe fills up
/// while the other is read).
fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut buf);
        }
        buf
    })
}

/// Kills the engine and whatever it started (a script's commands run in its process group).
fn kill_engine(child: &mut Child) {
    #[cfg(unix)]
    {
        // SAFETY: kill(2) with a negative pid signals the process group the child leads
        // (spawned with process_group(0)); it touches no memory of ours.
        unsafe {
            libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// An engine's answer: count per move, and the total it printed.
#[derive(Debug)]
struct EngineDivide {
    moves: BTreeMap<String, u64>,
    total: u64,
}

impl Engine {
    fn name(&self) -> String {
        self.script.display().to_string()
    }

    fn check(&self) -> Result<(), Failure> {
        let meta = std::fs::metadata(&self.script)
            .map_err(|e| Failure::Input(format!("--engine {}: {}", self.name(), io_reason(&e))))?;
        if !meta.is_file() {
            return Err(Failure::Input(format!("--engine {}: not a file", self.name())));
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            if meta.permissions().mode() & 0o111 == 0 {
                return Err(Failure::Input(format!(
                    "--engine {}: not executable (chmod +x it)",
                    self.name()
                )));
            }
        }
        Ok(())
    }

    fn divide(&self, depth: u32, fen: &str, moves: &[String]) -> Result<EngineDivide, Failure> {
        let line = moves.join(" ");
        let call = format!("{} {depth} '{fen}' '{line}'", self.name());
        let out = self.call(depth, fen, &line, &call)?;
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            let first = err.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
            let said = if first.is_empty() {
                String::new()
            } else {
                format!(": {first}")
            };
            return Err(Failure::Input(format!(
                "--engine: `{call}` failed ({}){said}",
                out.status
            )));
        }
        parse_engine_output(&String::from_utf8_lossy(&out.stdout))
            .map_err(|m| Failure::Input(format!("--engine: `{call}`: {m}")))
    }

    /// Runs the engine once, killing it when it outlives the timeout.
    fn call(&self, depth: u32, fen: &str, line: &str, call: &str) -> Result<Finished, Failure> {
        let mut cmd = Command::new(&self.script);
        cmd.arg(depth.to_string())
            .arg(fen)
            .arg(line)
            .env(VARIANT_ENV, &self.variant)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            // its own process group, so that a timeout kills the script's children too (a
            // shell script's engine would otherwise run on, holding our pipes open)
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| Failure::Input(format!("--engine {}: cannot run it: {}", self.name(), io_reason(&e))))?;
        let stdout = drain(child.stdout.take());
        let stderr = drain(child.stderr.take());
        let deadline = self.timeout.and_then(|t| Instant::now().checked_add(t));
        let mut pause = Duration::from_millis(1);
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) => {}
                Err(e) => {
                    kill_engine(&mut child);
                    return Err(Failure::Input(format!("--engine: `{call}`: cannot wait for it: {e}")));
                }
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                kill_engine(&mut child);
                // (the reader threads end when the killed processes' pipes close; a process
                // that left the group could hold them open, so they are not waited for)
                return Err(Failure::Input(format!(
                    "--engine-timeout: `{call}` did not finish within {} s; killed it (give a larger --engine-timeout for a slow engine)",
                    self.timeout.map_or(0, |t| t.as_secs())
                )));
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(50));
        };
        Ok(Finished {
            status,
            stdout: stdout.join().unwrap_or_default(),
            stderr: stderr.join().unwrap_or_default(),
        })
    }
}

fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied (is it executable?)".into(),
        _ => e.to_string(),
    }
}

/// `MOVE COUNT` lines (`MOVE: COUNT` accepted too), a blank line, the total.
fn parse_engine_output(text: &str) -> Result<EngineDivide, String> {
    let mut moves = BTreeMap::new();
    let mut total = None;
    let mut after_blank = false;
    for (i, raw) in text.lines().enumerate() {
        let l = raw.trim();
        if l.is_empty() {
            after_blank = true;
            continue;
        }
        let fields: Vec<&str> = l.split_whitespace().collect();
        if fields.len() == 1 && (after_blank || total.is_none()) {
            if let Ok(n) = fields[0].parse::<u64>() {
                if total.is_some() {
                    return Err(format!("output line {}: a second total '{l}'", i + 1));
                }
                total = Some(n);
                continue;
            }
        }
        if total.is_some() {
            return Err(format!("output line {}: '{l}' after the total", i + 1));
        }
        let parsed = match fields.as_slice() {
            [m, n] => n.parse::<u64>().ok().map(|n| (m.trim_end_matches(':').to_string(), n)),
            _ => None,
        };
        let Some((m, n)) = parsed.filter(|(m, _)| !m.is_empty()) else {
            return Err(format!("output line {} is not 'MOVE COUNT': '{l}'", i + 1));
        };
        if moves.insert(m.clone(), n).is_some() {
            return Err(format!("output line {}: move {m} listed twice", i + 1));
        }
    }
    let Some(total) = total else {
        return Err(if text.trim().is_empty() {
            "printed nothing (expected 'MOVE COUNT' lines, a blank line and the total)".into()
        } else {
            "no total after the move lines (expected a blank line, then the total)".into()
        });
    };
    Ok(EngineDivide { moves, total })
}

/// Our divide in UCI: uci -> (count, Popeye notation, move).
fn our_divide(g: &mut Game, depth: u32, threads: usize) -> BTreeMap<String, (u64, String, Move)> {
    let mut out: BTreeMap<String, (u64, String, Move)> = BTreeMap::new();
    for (m, name, n) in g.divide_parallel(depth, threads) {
        let e = out.entry(notation::uci(m)).or_insert((0, String::new(), m));
        e.0 += n;
        if !e.1.is_empty() {
            e.1.push_str(" / ");
        }
        e.1.push_str(&name);
    }
    out
}

/// Plays `line` (Popeye or UCI notation, as `Game::play_line` reads it) and returns the
/// moves in UCI.
fn play_as_uci(g: &mut Game, line: &str) -> Result<Vec<String>, SetupError> {
    let mut out = Vec::new();
    for t in notation::split_moves(line) {
        let m = g.find_move(&t)?;
        out.push(notation::uci(m));
        g.play(m);
    }
    Ok(out)
}

fn diff_engine(a: &DiffArgs, script: &Path, depth: u32) -> CmdResult {
    let engine = Engine {
        script: script.to_path_buf(),
        variant: a.variant.clone(),
        timeout: Some(Duration::from_secs(a.engine_timeout.unwrap_or(ENGINE_TIMEOUT))),
    };
    engine.check()?;
    let mut g = Game::new(&a.fen, &a.variant).map_err(|e| {
        let arg = if matches!(e, SetupError::Variant(_)) {
            "--variant"
        } else {
            "--fen"
        };
        Failure::Input(format!("{arg}: {e}"))
    })?;
    let root_fen = shown_fen(&g);
    let prefix = match &a.moves {
        Some(line) => play_as_uci(&mut g, line).map_err(|e| Failure::Input(format!("--moves: {e}")))?,
        None => Vec::new(),
    };
    let mut out = io::stdout().lock();
    let mut path: Vec<String> = Vec::new();
    let mut path_popeye: Vec<String> = Vec::new();
    let mut d = depth;
    let mut parent: Option<(String, u64, u64)> = None; // (move, ours, engine's) one level up
    loop {
        let all: Vec<String> = prefix.iter().chain(&path).cloned().collect();
        let theirs = engine.divide(d, &root_fen, &all)?;
        let ours = our_divide(&mut g, d, a.threads);
        let our_total: u64 = ours.values().map(|v| v.0).sum();
        let their_sum: u64 = theirs.moves.values().sum();
        let here = if path.is_empty() {
            "at the root".to_string()
        } else {
            format!("after {}", path.join(" "))
        };
        // an answer that contradicts itself cannot show agreement (nor where it ends)
        if their_sum != theirs.total {
            return Err(Failure::Input(format!(
                "--engine {}: its total {} {here} at depth {d} is not the sum of its moves ({their_sum}): its output cannot be compared",
                script.display(),
                theirs.total
            )));
        }
        writeln!(out, "depth {d} {here}: fairyperft {our_total}, engine {}", theirs.total)?;

        let our_list: Vec<String> = ours.keys().cloned().collect();
        let their_list: Vec<String> = theirs.moves.keys().cloned().collect();
        let changes = list_changes(&our_list, &their_list);
        if !changes.is_empty() {
            writeln!(out)?;
            writeln!(out, "the move lists differ here")?;
            let shown_path = if path.is_empty() {
                "(the root)".to_string()
            } else {
                format!("{}  ({})", path.join(" "), path_popeye.join(" "))
            };
            writeln!(out, "path:     {shown_path}")?;
            writeln!(out, "position: {}", shown_fen(&g))?;
            writeln!(out, "variant:  {}", a.variant)?;
            writeln!(out, "moves (--- fairyperft, +++ engine):")?;
            for (left, m) in &changes {
                if *left {
                    writeln!(out, "- {m:<8} {:<28} (only fairyperft)", ours[m].1)?;
                } else {
                    writeln!(out, "+ {m:<8} {:<28} (only the engine)", "")?;
                }
            }
            let common = our_list.len() - changes.iter().filter(|c| c.0).count();
            writeln!(out, "{common} moves in common")?;
            writeln!(
                out,
                "reproduce: FAIRYPERFT_VARIANT={} {} 1 '{root_fen}' '{}'",
                a.variant,
                engine.name(),
                all.join(" ")
            )?;
            return Err(Failure::Failed);
        }
        let differing: Vec<&String> = our_list.iter().filter(|m| ours[*m].0 != theirs.moves[*m]).collect();
        let Some(&first) = differing.first() else {
            return match parent {
                None => {
                    writeln!(out, "no difference at depth {depth}: both count {our_total}")?;
                    Ok(())
                }
                Some((m, o, t)) => {
                    writeln!(out)?;
                    writeln!(
                        out,
                        "the engine is inconsistent: below {m} it counted {t} at depth {}, but {} when asked from the position after it",
                        d + 1,
                        theirs.total
                    )?;
                    writeln!(
                        out,
                        "(fairyperft counts {o}; the engine's count depends on how the position is given)"
                    )?;
                    writeln!(out, "position: {}", shown_fen(&g))?;
                    Err(Failure::Failed)
                }
            };
        };
        let (o, t) = (ours[first].0, theirs.moves[first]);
        let more = if differing.len() > 1 {
            format!("  ({} more moves differ)", differing.len() - 1)
        } else {
            String::new()
        };
        writeln!(out, "  {first}: fairyperft {o}, engine {t}{more}")?;
        if d == 1 {
            writeln!(out)?;
            writeln!(
                out,
                "the engine is inconsistent: at depth 1 every move counts 1 node, it says {t} for {first}"
            )?;
            writeln!(out, "position: {}", shown_fen(&g))?;
            return Err(Failure::Failed);
        }
        let m = ours[first].2;
        path_popeye.push(ours[first].1.clone());
        g = g.after(m);
        path.push(first.clone());
        parent = Some((first.clone(), o, t));
        d -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_output() {
        let d = parse_engine_output("e2e4 20\ng1f3 20\n\n40\n").unwrap();
        assert_eq!(d.total, 40);
        assert_eq!(d.moves.len(), 2);
        let d = parse_engine_output("e2e4: 1\n\n1\n").unwrap();
        assert_eq!(d.moves["e2e4"], 1);
        let d = parse_engine_output("\n0\n").unwrap();
        assert!(d.moves.is_empty());
        assert!(parse_engine_output("").unwrap_err().contains("printed nothing"));
        assert!(parse_engine_output("hello world\n")
            .unwrap_err()
            .contains("line 1 is not 'MOVE COUNT'"));
        assert!(parse_engine_output("e2e4 1\n").unwrap_err().contains("no total"));
        assert!(parse_engine_output("e2e4 1\ne2e4 1\n\n2")
            .unwrap_err()
            .contains("twice"));
    }
}
