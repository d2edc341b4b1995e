//! `fairyperft completions SHELL`: a shell completion script on stdout (clap_complete).

use super::CmdResult;
use clap::Args;
use clap_complete::Shell;
use std::io::{self, Write};

const HELP: &str = "\
Install, for example:
  fairyperft completions bash > ~/.local/share/bash-completion/completions/fairyperft
  fairyperft completions zsh > ~/.zfunc/_fairyperft      # with fpath+=~/.zfunc before compinit
  fairyperft completions fish > ~/.config/fish/completions/fairyperft.fish
  fairyperft completions powershell >> $PROFILE
  fairyperft completions elvish >> ~/.config/elvish/rc.elv";

#[derive(Args, Clone)]
#[command(after_help = HELP)]
pub struct CompletionsArgs {
    /// The shell to complete in
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn completions(a: &CompletionsArgs, mut cmd: clap::Command) -> CmdResult {
    // generated into memory first: the generators panic on a failed write (`| head`)
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "fairyperft", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}
