//! A UCI engine as a perft reference (`run --uci`): `position fen ... moves ...` then
//! `go perft N`, answered (as Stockfish does) by `MOVE: COUNT` lines and `Nodes searched: N`.
//!
//! One engine process serves one suite case: an engine that crashes or hangs takes only that
//! case down. Its output is read on a thread of its own, so that every wait has a deadline.

use super::engine::{drain, io_reason, kill_engine, own_process_group, Engine, EngineDivide};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A running UCI engine.
pub struct Uci {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<Vec<u8>>>,
    timeout: Option<Duration>,
    /// The values of its `UCI_Variant` option (None: it has no such option).
    pub variants: Option<Vec<String>>,
    /// The UCI variant set (for the reproduce line).
    variant: Option<String>,
}

/// Finds a program named on the command line: a path, or a name looked up on the PATH.
pub fn resolve(program: &Path) -> Result<PathBuf, String> {
    if program.components().count() > 1 || program.is_absolute() {
        super::engine::check_executable("--uci", program)?;
        return Ok(program.to_path_buf());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        let p = dir.join(program);
        if super::engine::check_executable("--uci", &p).is_ok() {
            return Ok(p);
        }
    }
    Err(format!(
        "--uci {}: not found on the PATH (give its path, e.g. /usr/games/{})",
        program.display(),
        program.display()
    ))
}

impl Uci {
    /// Starts the engine and waits for its `uciok`, noting its `UCI_Variant` values.
    pub fn start(program: &Path, timeout: Option<Duration>) -> Result<Uci, String> {
        let name = program.display().to_string();
        let mut cmd = Command::new(program);
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        own_process_group(&mut cmd);
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("--uci {name}: cannot run it: {}", io_reason(&e)))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = Some(drain(child.stderr.take()));
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        let mut e = Uci {
            name,
            child,
            stdin,
            lines,
            stderr,
            timeout,
            variants: None,
            variant: None,
        };
        e.send("uci")?;
        let mut variants = None;
        e.read_until("uci", |l| {
            if l.starts_with("option name UCI_Variant ") {
                variants = Some(option_values(l));
            }
            l == "uciok"
        })?;
        e.variants = variants;
        Ok(e)
    }

    /// Sets `UCI_Variant` to `variant` when the engine offers it; false when it does not.
    /// Orthodox chess needs no option.
    pub fn set_variant(&mut self, variant: &str) -> Result<bool, String> {
        if variant == "orthodox" {
            return Ok(true);
        }
        if !self.variants.as_ref().is_some_and(|v| v.iter().any(|x| x == variant)) {
            return Ok(false);
        }
        self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        self.send("isready")?;
        self.read_until("isready", |l| l == "readyok")?;
        self.variant = Some(variant.to_string());
        Ok(true)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| self.gone(line))
    }

    /// The engine's exit, with the first line of its stderr: it stopped answering `what`.
    fn gone(&mut self, what: &str) -> String {
        // give it a moment to finish dying, so that its status is known
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let how = match status {
            Some(s) => format!("exited ({s})"),
            None => "closed its output".to_string(),
        };
        // its stderr, when the pipe is closed (a process it started may hold it open)
        let mut err = String::new();
        if let Some(h) = self.stderr.take() {
            for _ in 0..20 {
                if h.is_finished() {
                    err = String::from_utf8_lossy(&h.join().unwrap_or_default()).to_string();
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let first = err.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
        let said = if first.is_empty() {
            String::new()
        } else {
            format!(": {first}")
        };
        format!("--uci: {} {how} before answering `{what}`{said}", self.name)
    }

    /// Reads lines until `done` says so, or the timeout passes (the engine is then killed).
    fn read_until(&mut self, what: &str, mut done: impl FnMut(&str) -> bool) -> Result<(), String> {
        let deadline = self.timeout.and_then(|t| Instant::now().checked_add(t));
        loop {
            let line = match deadline {
                Some(d) => self.lines.recv_timeout(d.saturating_duration_since(Instant::now())),
                None => self.lines.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match line {
                Ok(l) => {
                    if done(l.trim()) {
                        return Ok(());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    kill_engine(&mut self.child);
                    return Err(format!(
                        "--engine-timeout: {} did not answer `{what}` within {} s; killed it (give a larger --engine-timeout for a slow engine)",
                        self.name,
                        self.timeout.map_or(0, |t| t.as_secs())
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.gone(what)),
            }
        }
    }

    fn position(fen: &str, moves: &[String]) -> String {
        if moves.is_empty() {
            format!("position fen {fen}")
        } else {
            format!("position fen {fen} moves {}", moves.join(" "))
        }
    }
}

impl Engine for Uci {
    fn divide(&mut self, depth: u32, fen: &str, moves: &[String]) -> Result<EngineDivide, String> {
        self.send(&Uci::position(fen, moves))?;
        let go = format!("go perft {depth}");
        self.send(&go)?;
        let mut counts = BTreeMap::new();
        let mut total = None;
        let mut bad = None;
        self.read_until(&go, |l| {
            if bad.is_some() {
                return false;
            }
            if let Some(n) = l.strip_prefix("Nodes searched:") {
                match n.trim().parse::<u64>() {
                    Ok(n) => total = Some(n),
                    Err(_) => bad = Some(format!("'{l}' is not 'Nodes searched: N'")),
                }
                return true;
            }
            if l.is_empty() || l.starts_with("info") {
                return false;
            }
            match l.split_once(':').map(|(m, n)| (m.trim(), n.trim().parse::<u64>())) {
                Some((m, Ok(n))) if !m.is_empty() && !m.contains(' ') => {
                    if counts.insert(m.to_string(), n).is_some() {
                        bad = Some(format!("move {m} listed twice"));
                    }
                }
                _ => bad = Some(format!("'{l}' is not 'MOVE: COUNT'")),
            }
            false
        })?;
        let asked = format!("`{}` then `{go}`", Uci::position(fen, moves));
        if let Some(b) = bad {
            return Err(format!("--uci: {} after {asked}: {b}", self.name));
        }
        Ok(EngineDivide {
            moves: counts,
            total: total.unwrap_or_default(),
        })
    }

    fn reproduce(&self, fen: &str, moves: &[String]) -> String {
        let set = self
            .variant
            .as_ref()
            .map(|v| format!("setoption name UCI_Variant value {v}\\n"))
            .unwrap_or_default();
        format!(
            "printf '{set}{}\\ngo perft 1\\n' | {}",
            Uci::position(fen, moves),
            self.name
        )
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        // `quit` for an engine that cleans up on it; then it goes, with whatever it started,
        // before it is reaped (so that its process group is still its own)
        let _ = writeln!(self.stdin, "quit").and_then(|_| self.stdin.flush());
        kill_engine(&mut self.child);
    }
}

/// The `var` values of an `option name ... type combo ... var A var B` line.
fn option_values(line: &str) -> Vec<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| w[0] == "var")
        .map(|w| w[1].to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_values() {
        let l = "option name UCI_Variant type combo default chess var chess var crazyhouse var 3check";
        assert_eq!(option_values(l), ["chess", "crazyhouse", "3check"]);
    }
}
