//! What static analysis of a program finds before it runs, the same for every language: the
//! one [`Analysis`] struct both `algoscope-py-analysis` and `algoscope-instrument-js` return,
//! and the one [`SyntaxError`] every layer reports.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{CostShape, GridAccess, Hint, LoopInfo, Trace};

/// One syntax error in a program: where it starts and the parser's message.
///
/// Displays as `LINE:COL: message`; front ends prefix the file name
/// (`prog.py:3:9: Expected ':'`).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[serde(rename_all = "camelCase")]
#[error("{line}:{column}: {message}")]
pub struct SyntaxError {
    /// 1-based line of the error's start.
    pub line: u32,
    /// 1-based column of the error's start, in characters (Unicode scalar values) from the
    /// start of the line; a byte-order mark on the first line is not counted.
    pub column: u32,
    /// What is wrong (`Expected ':', found newline`).
    pub message: String,
}

/// Everything static analysis found in one program. Lines are 1-based lines of the source as
/// given (TypeScript lines for TypeScript). Serialises with camelCase keys, like the trace.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    /// Loops and comprehension clauses in source order (outer before inner), ids `L<line>`,
    /// `L<line>.2`, … for further loops on one line.
    pub loops: Vec<LoopInfo>,
    /// Container → the names used in its subscripts, sorted and deduplicated (`arr[j + 1]`
    /// gives `arr: [j]`; `grid[i][j]` gives `grid: [i]` and `grid[]: [j]`).
    pub index_names: BTreeMap<String, Vec<String>>,
    /// Every two-level subscript `name[row][col]` that picks one cell, in source order.
    pub grid_accesses: Vec<GridAccess>,
    /// Every `viz:` hint comment, in source order.
    pub hints: Vec<Hint>,
    /// Every syntax error, sorted by position; empty when the program parses. A language
    /// whose parser recovers (Python) still fills the other fields from what parsed.
    pub syntax_errors: Vec<SyntaxError>,
    /// The code's cost shape for Big-O estimates (not part of a trace); left out of the JSON
    /// when empty (a language without cost extraction yet).
    #[serde(default, skip_serializing_if = "CostShape::is_empty")]
    pub cost: CostShape,
}

impl Analysis {
    /// Copies the analysis into the trace's static fields (`loops`, `indexNames`,
    /// `gridAccesses`, `hints`); syntax errors and the cost shape are not part of a trace.
    pub fn apply_to(self, trace: &mut Trace) {
        trace.loops = self.loops;
        trace.index_names = self.index_names;
        trace.grid_accesses = self.grid_accesses;
        trace.hints = self.hints;
    }
}
