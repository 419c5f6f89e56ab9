//! The request a tracer receives: one JSON object, written to a file whose path is the
//! runtime's one argument (`python3 -m algoscope_tracer REQUEST.json`,
//! `node node-run.mjs REQUEST.json`). Documented in `runtimes/PROTOCOL.md`.

use std::collections::BTreeMap;

use algoscope_trace_format::{Analysis, LoopInfo};
use serde::Serialize;

use crate::{Program, TraceOptions};

/// What every tracer is asked to do: the budgets, the input, where the records go, and what
/// its runtime needs to start the program ([`PythonRequest`] or [`NodeRequest`], whose
/// fields sit beside these in the JSON).
///
/// # Example
///
/// ```
/// use algoscope_run::{PythonRequest, Request};
///
/// let request = Request {
///     out: "/tmp/records.ndjson".into(),
///     max_steps: 100,
///     time_budget_ms: 2_000,
///     stdin: None,
///     max_output_bytes: Some(1 << 20),
///     runtime: PythonRequest { source: "x = 1\n".into(), ..PythonRequest::default() }.into(),
/// };
/// let json = serde_json::to_value(&request).unwrap();
/// assert_eq!(json["maxSteps"], 100);
/// assert_eq!(json["source"], "x = 1\n");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Request {
    /// The file the records go to, one JSON object a line, written as they are recorded (so
    /// a killed run keeps every step it wrote).
    pub out: String,
    /// Steps recorded before the tracer stops itself (`stoppedBy: "steps"`).
    pub max_steps: u64,
    /// Milliseconds of run time before the tracer stops itself (`stoppedBy: "time"`),
    /// counted from when the program starts.
    pub time_budget_ms: u64,
    /// The program's standard input; `None` makes `input()` / `prompt()` raise an error
    /// that says how to give some.
    pub stdin: Option<String>,
    /// Most bytes (UTF-8) the program may print before the tracer stops itself
    /// (`stoppedBy: "output"`), keeping what fits; no limit when `None` (left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_output_bytes: Option<u64>,
    /// What the runtime needs to start the program.
    #[serde(flatten)]
    pub runtime: RuntimeRequest,
}

impl Request {
    /// The Python tracer's request for `program` (checked by its static `analysis`: loops
    /// and index names) under the budgets of `options`, its records going to the file `out`.
    /// The one place the native runner and a browser's Pyodide worker get it from.
    pub fn python(
        program: &Program,
        analysis: &Analysis,
        options: &TraceOptions,
        out: impl Into<String>,
    ) -> Request {
        Request {
            out: out.into(),
            max_steps: options.max_steps,
            time_budget_ms: options.time_budget_ms,
            stdin: options.stdin.clone(),
            max_output_bytes: options.max_output_bytes(),
            runtime: PythonRequest {
                source: program.source.clone(),
                loops: Some(analysis.loops.clone()),
                index_names: analysis.index_names.clone(),
                program_dir: program.dir.as_ref().map(|d| d.display().to_string()),
            }
            .into(),
        }
    }
}

/// The runtime-specific part of a [`Request`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum RuntimeRequest {
    /// For `runtimes/python`.
    Python(PythonRequest),
    /// For `runtimes/js/node-run.mjs`.
    Node(NodeRequest),
}

impl From<PythonRequest> for RuntimeRequest {
    fn from(request: PythonRequest) -> Self {
        RuntimeRequest::Python(request)
    }
}

impl From<NodeRequest> for RuntimeRequest {
    fn from(request: NodeRequest) -> Self {
        RuntimeRequest::Node(request)
    }
}

/// What the Python tracer needs: the program and its static analysis.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PythonRequest {
    /// The program text.
    pub source: String,
    /// Its loops, from the static analysis (the tracer finds them with `ast` when absent).
    pub loops: Option<Vec<LoopInfo>>,
    /// Container → names used in its subscripts, from the static analysis.
    pub index_names: BTreeMap<String, Vec<String>>,
    /// Folder put first on `sys.path`, as plain `python3 FILE` does.
    pub program_dir: Option<String>,
}

/// Whether Node runs the instrumented program as a classic script or an ES module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScriptKind {
    /// A classic script (CommonJS `require` available).
    Script,
    /// An ES module.
    Module,
}

/// What `node-run.mjs` needs: the instrumented program's file and where the original was.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeRequest {
    /// The instrumented program's file (`program.js` or `program.mjs`).
    pub program: String,
    /// Script or module.
    pub kind: ScriptKind,
    /// The original program's file: its imports, `require`, `__filename` and `__dirname`
    /// resolve from there, as with `node FILE`.
    pub source_path: String,
}
