//! External engines, as `diff --engine` and `run --engine` / `run --uci` talk to them, and
//! the search for the first position where such an engine and fairyperft disagree.
//!
//! Two kinds of engine give a divide (count per move, UCI) of a position: a script speaking
//! perftree's protocol ([`Perftree`], one process per question) and a UCI engine answering
//! `go perft N` (`uci.rs`, one process per suite case). [`localise`] descends from a root
//! divide into the first move whose counts differ until the move lists themselves differ.

use super::perftree::VARIANT_ENV;
use fairyperft::fen::{self, FenStyle};
use fairyperft::{notation, Game, Move, SetupError};
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// `--engine-timeout` when not given: seconds one question to an engine may take.
pub const ENGINE_TIMEOUT: u64 = 60;

/// `--engine-timeout`: at least one second.
pub fn parse_seconds(s: &str) -> Result<u64, String> {
    super::bounded(s, 1, u64::MAX, "seconds")
}

/// An engine's answer: count per move (UCI), and the total it printed.
#[derive(Debug, Clone)]
pub struct EngineDivide {
    pub moves: BTreeMap<String, u64>,
    pub total: u64,
}

/// Something that answers "divide DEPTH of the position FEN after MOVES (UCI)".
pub trait Engine {
    /// The divide, or one line saying why there is none (the engine failed, hung, printed
    /// something else than its protocol).
    fn divide(&mut self, depth: u32, fen: &str, moves: &[String]) -> Result<EngineDivide, String>;
    /// A command line (or UCI dialogue) that asks the engine for the moves after `moves`.
    fn reproduce(&self, fen: &str, moves: &[String]) -> String;
}

/// The FEN of a game's position, with fairyperft's state tokens only where FEN cannot say it.
pub fn shown_fen(g: &Game) -> String {
    fen::write(
        &g.pos,
        FenStyle {
            origins: g.rules.uses_origins(),
            extended: true,
        },
    )
}

/// The changes between two sorted lists (the `similar` crate): (in left only?, item).
pub fn list_changes(left: &[String], right: &[String]) -> Vec<(bool, String)> {
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

/// Our divide in UCI: uci -> (count, Popeye notation, move).
pub fn our_divide(g: &mut Game, depth: u32, threads: usize) -> BTreeMap<String, (u64, String, Move)> {
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
pub fn play_as_uci(g: &mut Game, line: &str) -> Result<Vec<String>, SetupError> {
    let mut out = Vec::new();
    for t in notation::split_moves(line) {
        let m = g.find_move(&t)?;
        out.push(notation::uci(m));
        g.play(m);
    }
    Ok(out)
}

/// Why a file cannot be run, in a few words.
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied (is it executable?)".into(),
        _ => e.to_string(),
    }
}

/// Checks that `path` is an executable file; `flag` names the argument in the message.
pub fn check_executable(flag: &str, path: &std::path::Path) -> Result<(), String> {
    let name = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("{flag} {name}: {}", io_reason(&e)))?;
    if !meta.is_file() {
        return Err(format!("{flag} {name}: not a file"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 == 0 {
            return Err(format!("{flag} {name}: not executable (chmod +x it)"));
        }
    }
    Ok(())
}

/// Reads a child's pipe to its end on a thread of its own (so that neither pipe fills up
/// while the other is read).
pub fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut buf);
        }
        buf
    })
}

/// Puts the child in a process group of its own, so that [`kill_engine`] reaches whatever
/// it starts too (a shell script's engine would otherwise run on, holding our pipes open).
pub fn own_process_group(cmd: &mut Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    #[cfg(not(unix))]
    let _ = cmd;
}

/// Kills the engine and whatever it started (a script's commands run in its process group).
pub fn kill_engine(child: &mut Child) {
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

// ----------------------------------------------------------------------------------------
// perftree's protocol

/// A script speaking perftree's protocol: `SCRIPT DEPTH FEN MOVES`, the variant in
/// `FAIRYPERFT_VARIANT`.
pub struct Perftree {
    pub script: PathBuf,
    pub variant: String,
    /// How long one call may take (None: no limit).
    pub timeout: Option<Duration>,
}

/// What a finished engine call left.
struct Finished {
    status: ExitStatus,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl Perftree {
    pub fn name(&self) -> String {
        self.script.display().to_string()
    }

    /// Runs the engine once, killing it when it outlives the timeout.
    fn call(&self, depth: u32, fen: &str, line: &str, call: &str) -> Result<Finished, String> {
        let mut cmd = Command::new(&self.script);
        cmd.arg(depth.to_string())
            .arg(fen)
            .arg(line)
            .env(VARIANT_ENV, &self.variant)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        own_process_group(&mut cmd);
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("--engine {}: cannot run it: {}", self.name(), io_reason(&e)))?;
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
                    return Err(format!("--engine: `{call}`: cannot wait for it: {e}"));
                }
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                kill_engine(&mut child);
                // (the reader threads end when the killed processes' pipes close; a process
                // that left the group could hold them open, so they are not waited for)
                return Err(format!(
                    "--engine-timeout: `{call}` did not finish within {} s; killed it (give a larger --engine-timeout for a slow engine)",
                    self.timeout.map_or(0, |t| t.as_secs())
                ));
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

impl Engine for Perftree {
    fn divide(&mut self, depth: u32, fen: &str, moves: &[String]) -> Result<EngineDivide, String> {
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
            return Err(format!("--engine: `{call}` failed ({}){said}", out.status));
        }
        parse_engine_output(&String::from_utf8_lossy(&out.stdout)).map_err(|m| format!("--engine: `{call}`: {m}"))
    }

    fn reproduce(&self, fen: &str, moves: &[String]) -> String {
        format!(
            "{VARIANT_ENV}={} {} 1 '{fen}' '{}'",
            self.variant,
            self.name(),
            moves.join(" ")
        )
    }
}

/// `MOVE COUNT` lines (`MOVE: COUNT` accepted too), a blank line, the total.
pub fn parse_engine_output(text: &str) -> Result<EngineDivide, String> {
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

// ----------------------------------------------------------------------------------------
// localising a difference

/// What [`localise`] reports on the way down.
pub enum Step {
    /// A line of the descent (`depth 3 at the root: fairyperft 282, engine 277`, the first
    /// move that differs).
    Line(String),
}

/// Where the descent ended.
pub enum Found {
    /// The two divides agree at the root: no difference at this depth.
    Agree { total: u64 },
    /// The move lists differ after `path`.
    MovesDiffer {
        /// The moves from the root, UCI and Popeye notation.
        path: Vec<String>,
        path_popeye: Vec<String>,
        /// The position where the lists differ.
        fen: String,
        /// The moves in one list only, in the order of a diff of the two sorted lists:
        /// (only fairyperft's?, UCI, fairyperft's Popeye notation or nothing).
        changes: Vec<(bool, String, String)>,
        common: usize,
        /// How to ask the engine for that position's moves.
        reproduce: String,
    },
    /// The engine contradicts itself: the lines say how.
    Inconsistent { lines: Vec<String> },
}

impl Found {
    /// The readable lines of a difference (empty when the divides agree), as `diff` prints
    /// them after the descent; `variant` is shown under the position.
    pub fn lines(&self, variant: &str) -> Vec<String> {
        match self {
            Found::Agree { .. } => Vec::new(),
            Found::Inconsistent { lines } => lines.clone(),
            Found::MovesDiffer {
                path,
                path_popeye,
                fen,
                changes,
                common,
                reproduce,
            } => {
                let shown_path = if path.is_empty() {
                    "(the root)".to_string()
                } else {
                    format!("{}  ({})", path.join(" "), path_popeye.join(" "))
                };
                let mut out = vec![
                    "the move lists differ here".to_string(),
                    format!("path:     {shown_path}"),
                    format!("position: {fen}"),
                    format!("variant:  {variant}"),
                    "moves (--- fairyperft, +++ engine):".to_string(),
                ];
                for (ours, m, p) in changes {
                    out.push(if *ours {
                        format!("- {m:<8} {p:<28} (only fairyperft)")
                    } else {
                        format!("+ {m:<8} {p:<28} (only the engine)")
                    });
                }
                out.push(format!("{common} moves in common"));
                out.push(format!("reproduce: {reproduce}"));
                out
            }
        }
    }
}

/// Compares the engine's divide of the root (`g`, given to the engine as `root_fen` and the
/// UCI moves `prefix`) at `depth` with fairyperft's, and descends into the first move (in
/// UCI order) whose counts differ until the move lists differ. `first` is the engine's root
/// divide at `depth` when it is already known. An engine error ends the search.
#[allow(clippy::too_many_arguments)]
pub fn localise(
    engine: &mut dyn Engine,
    mut g: Game,
    root_fen: &str,
    prefix: &[String],
    depth: u32,
    threads: usize,
    mut first: Option<EngineDivide>,
    step: &mut dyn FnMut(Step),
) -> Result<Found, String> {
    let mut path: Vec<String> = Vec::new();
    let mut path_popeye: Vec<String> = Vec::new();
    let mut d = depth;
    let mut parent: Option<(String, u64, u64)> = None; // (move, ours, engine's) one level up
    loop {
        let all: Vec<String> = prefix.iter().chain(&path).cloned().collect();
        let theirs = match first.take() {
            Some(t) => t,
            None => engine.divide(d, root_fen, &all)?,
        };
        let ours = our_divide(&mut g, d, threads);
        let our_total: u64 = ours.values().map(|v| v.0).sum();
        let their_sum: u64 = theirs.moves.values().sum();
        let here = if path.is_empty() {
            "at the root".to_string()
        } else {
            format!("after {}", path.join(" "))
        };
        // an answer that contradicts itself cannot show agreement (nor where it ends)
        if their_sum != theirs.total {
            return Err(format!(
                "its total {} {here} at depth {d} is not the sum of its moves ({their_sum}): its output cannot be compared",
                theirs.total
            ));
        }
        step(Step::Line(format!(
            "depth {d} {here}: fairyperft {our_total}, engine {}",
            theirs.total
        )));

        let our_list: Vec<String> = ours.keys().cloned().collect();
        let their_list: Vec<String> = theirs.moves.keys().cloned().collect();
        let changes = list_changes(&our_list, &their_list);
        if !changes.is_empty() {
            let changes: Vec<(bool, String, String)> = changes
                .into_iter()
                .map(|(left, m)| {
                    let p = if left { ours[&m].1.clone() } else { String::new() };
                    (left, m, p)
                })
                .collect();
            return Ok(Found::MovesDiffer {
                common: our_list.len() - changes.iter().filter(|c| c.0).count(),
                path,
                path_popeye,
                fen: shown_fen(&g),
                changes,
                reproduce: engine.reproduce(root_fen, &all),
            });
        }
        let differing: Vec<&String> = our_list.iter().filter(|m| ours[*m].0 != theirs.moves[*m]).collect();
        let Some(&first_move) = differing.first() else {
            return Ok(match parent {
                None => Found::Agree { total: our_total },
                Some((m, o, t)) => Found::Inconsistent {
                    lines: vec![
                        format!(
                            "the engine is inconsistent: below {m} it counted {t} at depth {}, but {} when asked from the position after it",
                            d + 1,
                            theirs.total
                        ),
                        format!("(fairyperft counts {o}; the engine's count depends on how the position is given)"),
                        format!("position: {}", shown_fen(&g)),
                    ],
                },
            });
        };
        let (o, t) = (ours[first_move].0, theirs.moves[first_move]);
        let more = if differing.len() > 1 {
            format!("  ({} more moves differ)", differing.len() - 1)
        } else {
            String::new()
        };
        step(Step::Line(format!("  {first_move}: fairyperft {o}, engine {t}{more}")));
        if d == 1 {
            return Ok(Found::Inconsistent {
                lines: vec![
                    format!(
                        "the engine is inconsistent: at depth 1 every move counts 1 node, it says {t} for {first_move}"
                    ),
                    format!("position: {}", shown_fen(&g)),
                ],
            });
        }
        let m = ours[first_move].2;
        path_popeye.push(ours[first_move].1.clone());
        g = g.after(m);
        path.push(first_move.clone());
        parent = Some((first_move.clone(), o, t));
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
