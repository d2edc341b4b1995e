//! The machine-readable result of a run (`fairyperft run --format json`), and the JSON
//! Schemas of the suite format and of that result (`fairyperft schema`).

use super::format::SuiteFile;
use super::runner::CaseResult;
use schemars::generate::SchemaSettings;
use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, Schema};
use serde::Serialize;

/// The result of `fairyperft run --format json`: every suite file run, with each case and
/// each of its checks, and the files that could not be used.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "fairyperft run report")]
pub struct Report {
    /// The suite files that were loaded, in the order they were run.
    pub files: Vec<FileReport>,
    /// One line per suite file that could not be used (unreadable, malformed, breaking the
    /// format), naming the file; such a run exits with status 2.
    pub errors: Vec<String>,
    /// The engine checked instead of fairyperft's generator (`run --engine` / `--uci`);
    /// absent when fairyperft itself was checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed (exit status 1 when there is any and no error).
    pub failed: usize,
    /// Cases whose every figure was over the `--max-nodes` budget (or, with `--uci`, whose
    /// variant the engine does not offer).
    pub skipped: usize,
}

/// One suite file's results.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FileReport {
    /// The file as named on the command line or found under a directory given there.
    pub path: String,
    /// The suite's `name`.
    pub name: String,
    /// One result per case, in the file's order.
    pub cases: Vec<CaseResult>,
}

impl Report {
    /// The report as printed: indented JSON, keys in alphabetical order at every level
    /// (the order the output has always had, which readers may diff against). Going through
    /// `serde_json::Value`, whose maps are sorted, gives that order whatever the order of
    /// the fields above.
    pub fn to_json(&self) -> String {
        let value = serde_json::to_value(self).expect("a report serialises to JSON");
        serde_json::to_string_pretty(&value).expect("a JSON value prints")
    }
}

/// Doc comments are wrapped for the source; an editor showing a description wraps it itself.
fn unwrap_description(schema: &mut Schema) {
    if let Some(serde_json::Value::String(d)) = schema.get_mut("description") {
        *d = d
            .split("\n\n")
            .map(|paragraph| paragraph.split('\n').map(str::trim).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n\n");
    }
}

fn schema_settings() -> SchemaSettings {
    SchemaSettings::draft2020_12().with_transform(RecursiveTransform(unwrap_description))
}

/// The JSON Schema (draft 2020-12) of a YAML suite file, as the loader reads it.
pub fn suite_schema() -> serde_json::Value {
    let schema = schema_settings()
        .for_deserialize()
        .into_generator()
        .into_root_schema_for::<SuiteFile>();
    schema.to_value()
}

/// The JSON Schema (draft 2020-12) of the output of `fairyperft run --format json`.
pub fn report_schema() -> serde_json::Value {
    let schema = schema_settings()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<Report>();
    schema.to_value()
}
