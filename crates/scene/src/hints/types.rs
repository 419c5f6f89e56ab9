//! The parsed `viz:` hints: plain serde data shared by every scene builder.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Every `viz:` hint of a trace, parsed. Built by `parse_hints` from `Trace::hints`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VizHints {
    /// Variable names removed from every frame of every step before anything is drawn.
    pub hide: Vec<String>,
    /// Variable names the loop history always shows.
    pub show: Vec<String>,
    /// Container name → extra index-pointer names, merged with the analysis's index names.
    pub pointers: BTreeMap<String, Vec<String>>,
    /// A linked structure named by the program's author; overrides detection.
    pub linked: Option<LinkedHint>,
    /// Variable names holding a graph (checked before detection).
    pub graphs: Vec<String>,
    /// Input sizes for later growth runs.
    pub sizes: Vec<SizeHint>,
    /// Comments that did not parse, with their line and the expected form.
    pub warnings: Vec<HintWarning>,
}

/// How a linked structure is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LinkedShape {
    /// A chain, left to right in link order.
    List,
    /// Top-down, in-order across.
    Tree,
}

/// `viz: linked <Class> list|tree <field>…`: the node class, its shape and its link fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkedHint {
    /// The node class name as the trace shows it (`ListNode`).
    pub class: String,
    /// List or tree.
    pub shape: LinkedShape,
    /// Link field names in order (`next`; `left right`). Empty: detect them.
    pub links: Vec<String>,
}

/// `viz: size …`: one input size for a growth run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SizeHint {
    /// The line of the comment.
    pub line: u32,
    /// The variable (or parameter) whose size grows (`n`).
    pub name: String,
    /// The sizes to run with, ascending (`[10, 100, 1000]`); empty when not given.
    pub values: Vec<u64>,
}

/// A `viz:` comment that did not parse. Never an error: the rest still applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HintWarning {
    /// Line of the comment (1-based).
    pub line: u32,
    /// What is wrong (`unknown hint \`hid\``).
    pub message: String,
    /// The form expected (`viz: hide NAME[, NAME…]`).
    pub expected: String,
}

impl std::fmt::Display for HintWarning {
    /// `line N: MESSAGE (expected: FORM)`, as the command line prints it after `warning: `.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}: {} (expected: {})",
            self.line, self.message, self.expected
        )
    }
}
