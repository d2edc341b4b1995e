//! `fairyperft schema`: the JSON Schemas of the suite format and of `run --format json`.

use super::CmdResult;
use clap::Args;
use fairyperft::suite::report;
use std::io::{self, Write};

#[derive(Args, Clone)]
#[command(after_help = "\
Examples:
  fairyperft schema > suite.schema.json
      then, first line of a suite for editors using the YAML language server:
      # yaml-language-server: $schema=suite.schema.json
  fairyperft schema --report > report.schema.json
      to check what `fairyperft run --format json` prints, in another tool")]
pub struct SchemaArgs {
    /// Print the schema of the output of `fairyperft run --format json` instead
    #[arg(long)]
    pub report: bool,
}

pub fn schema(a: &SchemaArgs) -> CmdResult {
    let value = if a.report {
        report::report_schema()
    } else {
        report::suite_schema()
    };
    let text = serde_json::to_string_pretty(&value).map_err(|e| super::Failure::Input(format!("schema: {e}")))?;
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")?;
    Ok(())
}
