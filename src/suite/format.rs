//! The suite file format (SUITE_FORMAT.md), as serde types. Unknown keys are errors.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SuiteFile {
    pub name: String,
    /// Default variant of every case (orthodox when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    pub cases: Vec<Case>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub id: String,
    pub fen: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Extension: moves played from `fen` before anything is counted (Popeye or UCI
    /// notation). They give Cohen's rule its previous position and can set up pending
    /// rebirths or hidden units the natural way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<String>>,
    /// Expected node counts for depth 1, 2, 3, ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perft: Option<Vec<u64>>,
    /// The exact set of legal moves, Popeye notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// Nodes `divide_depth - 1` plies below each legal move (a legal move missing here counts 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divide: Option<BTreeMap<String, u64>>,
    /// Extension: the depth of `divide` (2 when absent, as in the reference corpus).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divide_depth: Option<u32>,
    /// Extension: free text (why the expected figures are what they are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Extension: where the figures come from, when it differs from the file's `source`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}
