//! The Big-O estimate of a run's program and its check against the run, as the player's
//! complexity chip and panel show it and `algoscope bigo --json` prints it (camelCase keys):
//! the `complexity` of `mount(element, {trace, options, complexity})`. Built by the facade
//! (`algoscope::complexity`) from `algoscope-bigo`'s estimate and check; schema in
//! `schema/complexity.schema.json`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A program's estimate, per function, and how the run compares with it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Complexity {
    /// The overall estimate in ASCII (`O(n^2)`, `O(n log n)`).
    pub complexity: String,
    /// The overall estimate in textbook form (`O(n²)`), as the page shows it.
    pub complexity_text: String,
    /// Every function, the top level (`<module>`) first.
    pub functions: Vec<FunctionComplexity>,
    /// Each size letter of the overall estimate → what it measures (`n` → "the length of
    /// `arr`").
    pub sizes: BTreeMap<String, String>,
    /// The check against the run, when there was a run to check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<RunVerdict>,
}

/// One function's estimate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FunctionComplexity {
    /// Its name (`<module>` for the top level).
    pub name: String,
    /// The line of its definition (1-based).
    pub line: u32,
    /// The estimate in ASCII.
    pub complexity: String,
    /// The estimate in textbook form.
    pub complexity_text: String,
    /// Why: one sentence per loop, call, costly built-in or recurrence.
    pub explanation: String,
    /// Each size letter → what it measures.
    pub sizes: BTreeMap<String, String>,
    /// How the run compares, when the function was checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<FunctionVerdict>,
}

/// The whole run against the estimate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RunVerdict {
    /// In words: `agrees`, `below the bound`, `disagrees`, `too small to tell`, `nothing to
    /// check` or `not run` (the worst over the functions).
    pub verdict: String,
    /// One sentence for the program.
    pub message: String,
}

/// One function's run against its estimate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FunctionVerdict {
    /// In words, as [`RunVerdict::verdict`] (the worst of its loops).
    pub verdict: String,
    /// One sentence: what ran and how it compares.
    pub message: String,
    /// Calls in the run.
    pub calls: u64,
    /// The deepest recursion in the run (1 when not recursive).
    pub max_depth: u64,
    /// Each of its loops that ran.
    pub loops: Vec<LoopVerdict>,
    /// For a recursive function: its calls against its recursion depth.
    pub recursion: Option<RecursionVerdict>,
}

/// One loop over all its runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LoopVerdict {
    /// The loop's id (`L12`).
    #[serde(rename = "loop")]
    pub loop_id: String,
    /// Its header line.
    pub line: u32,
    /// How many times the loop was entered.
    pub runs: u64,
    /// Mean passes per run.
    pub passes: f64,
    /// Mean passes the bound gives with the run's values, when they are known.
    pub expected: Option<f64>,
    /// The bound as written (`len(arr)`, `log n`).
    pub bound: String,
    /// In words, as [`RunVerdict::verdict`].
    pub verdict: String,
}

/// A recursive function's calls against what its recursion gives for the depth reached.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RecursionVerdict {
    /// Calls from other functions (each starts a recursion).
    pub outer_calls: u64,
    /// Self-calls one frame makes on its longest path.
    pub self_calls: u32,
    /// Whether the estimate takes the calls to grow exponentially with the depth.
    pub exponential: bool,
    /// In words, as [`RunVerdict::verdict`].
    pub verdict: String,
}
