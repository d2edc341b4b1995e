//! `fairyperft manpage [COMMAND]`: the man page in roff (clap_mangen), on stdout or as
//! files (`--dir`: one page per command, for packagers).

use super::{CmdResult, Failure};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;

const HELP: &str = "\
Examples:
  fairyperft manpage | man -l -                   # read it now
  fairyperft manpage run > fairyperft-run.1       # the page of one command
  fairyperft manpage --dir /usr/local/share/man/man1   # every page, as files";

#[derive(Args, Clone)]
#[command(after_help = HELP)]
pub struct ManpageArgs {
    /// The command whose page to print (default: the page of fairyperft itself)
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
    /// Write fairyperft.1 and one fairyperft-COMMAND.1 per command into this directory instead
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub dir: Option<PathBuf>,
}

pub fn manpage(a: &ManpageArgs, cmd: clap::Command) -> CmdResult {
    let mut cmd = cmd.disable_help_subcommand(true);
    // (build sets each command's display name, fairyperft-COMMAND, which titles its page)
    cmd.build();
    if let Some(dir) = &a.dir {
        let pages = std::iter::once(cmd.clone()).chain(cmd.get_subcommands().cloned());
        for page in pages {
            page_of(page)
                .generate_to(dir)
                .map_err(|e| Failure::Input(format!("--dir {}: {e}", dir.display())))?;
        }
        return Ok(());
    }
    let page = match &a.command {
        None => cmd,
        Some(name) => cmd.find_subcommand(name).cloned().ok_or_else(|| {
            let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
            Failure::Input(format!("COMMAND: no command '{name}'; commands: {}", names.join(", ")))
        })?,
    };
    let mut roff = Vec::new();
    page_of(page).render(&mut roff)?;
    let mut out = io::stdout().lock();
    out.write_all(&roff)?;
    out.flush()?;
    Ok(())
}

/// The page of a command, its footer naming fairyperft and its version (a command's own
/// version is not set).
fn page_of(cmd: clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(cmd).source(format!("fairyperft {}", env!("CARGO_PKG_VERSION")))
}
