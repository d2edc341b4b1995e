//! The suite file format (docs/suite-format.md), as serde types. Unknown keys are errors.
//!
//! The doc comments on these types are also the descriptions in the JSON Schema that
//! `fairyperft schema` prints (derived with schemars), so they are written for a suite's
//! author, not for this crate's reader. Rules the loader enforces beyond the types
//! (`perft` not empty, `divide_depth` at least 1, something to check in every case) are
//! stated to schemars too, so that a schema-valid suite is one the loader accepts, ids
//! being unique aside (JSON Schema cannot say that).

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

// serde_yaml reads any scalar where text is expected (`id: 12` is the id "12", `name: ~`
// the name "~"), so the schema of a text field admits every scalar: a suite the loader
// takes must not be flagged by an editor. A text field of an absent key reads null as absent.
fn text(_: &mut SchemaGenerator) -> Schema {
    json_schema!({"type": ["string", "number", "boolean", "null"]})
}

fn texts(_: &mut SchemaGenerator) -> Schema {
    json_schema!({"type": ["array", "null"], "items": {"type": ["string", "number", "boolean", "null"]}})
}

/// A fairyperft suite: positions with the perft counts, legal moves or divides expected
/// of them under a fairy-chess variant. See docs/suite-format.md.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "fairyperft suite")]
pub struct SuiteFile {
    /// The suite's name (JUnit reports use it as the test suite's name).
    #[schemars(schema_with = "text")]
    pub name: String,
    /// Default variant of every case (orthodox when absent): one condition or several joined
    /// with '+', e.g. `circe`, `circe+madrasi`, `anticirce-calvet+isardam+cohen` (see
    /// `fairyperft variants`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "text")]
    pub variant: Option<String>,
    /// Free text: where the expected figures come from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "text")]
    pub source: Option<String>,
    /// The cases, each checked on its own.
    pub cases: Vec<Case>,
}

/// One position and what is expected of it. A case passes when every figure given matches.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Default, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(extend("anyOf" = [
    {"required": ["perft"], "properties": {"perft": {"type": "array"}}},
    {"required": ["moves"], "properties": {"moves": {"type": "array"}}},
    {"required": ["divide"], "properties": {"divide": {"type": "object"}}}
]))]
pub struct Case {
    /// The case's name, unique within the file.
    #[schemars(schema_with = "text")]
    pub id: String,
    /// The position: a FEN of 4 to 6 fields (the move counters may be left out), optionally
    /// followed by fairyperft's state tokens `hidden=`, `pending=`, `flags=`, `diagram=`
    /// for what a FEN cannot say.
    #[schemars(schema_with = "text")]
    pub fen: String,
    /// The variant of this case, overriding the file's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "text")]
    pub variant: Option<String>,
    /// Extension: moves played from `fen` before anything is counted (Popeye or UCI
    /// notation). They give Cohen's rule its previous position and can set up pending
    /// rebirths or hidden units the natural way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "texts")]
    pub history: Option<Vec<String>>,
    /// Expected node counts at depth 1, 2, 3, ... (at least one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub perft: Option<Vec<u64>>,
    /// The exact set of legal moves, in Popeye notation (order does not matter).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "texts")]
    pub moves: Option<Vec<String>>,
    /// Per legal move (Popeye notation), the nodes `divide_depth - 1` plies below it; a legal
    /// move missing here counts 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divide: Option<BTreeMap<String, u64>>,
    /// Extension: the depth of `divide` (2 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub divide_depth: Option<u32>,
    /// Extension: free text (why the expected figures are what they are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "text")]
    pub note: Option<String>,
    /// Extension: where the figures come from, when it differs from the file's `source`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "text")]
    pub source: Option<String>,
}
