//! [`Error`]: the one error of the facade.

use algoscope_run::RunError;
use algoscope_scene::{SceneError, SizeModelMismatch};
use algoscope_trace_format::ValidationError;

/// Everything that can go wrong in the facade, each with where it happened.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No trace could be made: a syntax error (with every error's line and column), no usable
    /// interpreter, an unreadable program, or a tracer bug.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A trace is not valid; the error names the JSON path of the bad field.
    #[error(transparent)]
    Invalid(#[from] ValidationError),
    /// The memory-size model does not describe the trace's language (`python` sizes for a
    /// JavaScript run); the message names the models that fit.
    #[error(transparent)]
    Sizes(#[from] SizeModelMismatch),
    /// The trace has no steps to draw.
    #[error("the trace has no steps")]
    NoSteps,
    /// No such step ([`step_index`](crate::step_index)'s rule: steps count from 1, negative
    /// from the end).
    #[error("step {step} is out of range: the trace has steps 1 to {count} (-1 is the last)")]
    StepOutOfRange {
        /// The step asked for, as given: counted from 1, or from the end when negative.
        step: i64,
        /// How many steps the trace has.
        count: usize,
    },
    /// No loop runs at the step asked for a loop history; `spans` are the ranges of steps
    /// (counted from 1, inclusive) where loops do run.
    #[error("step {}: {}", step + 1, no_loop_message(spans))]
    NoLoop {
        /// The step asked for, 0-based.
        step: usize,
        /// Where loops run: `(first, last)` steps counted from 1.
        spans: Vec<(usize, usize)>,
    },
    /// A step's scene could not be built (`step` counted from 1).
    #[error("step {step}: {source}")]
    Scene {
        /// The step, counted from 1.
        step: usize,
        /// The scene's error.
        source: SceneError,
    },
    /// A growth run's size variable is not assigned a number at the top level.
    #[error("no top-level `{name} = <number>` (or `# viz: size {name}` hint) to vary")]
    NoGrowthSize {
        /// The variable asked for.
        name: String,
    },
    /// A trace could not be written as JSON.
    #[error("cannot write the trace: {0}")]
    Write(#[from] serde_json::Error),
    /// The stepper page could not be built.
    #[cfg(feature = "page")]
    #[error("html: {0}")]
    Page(#[from] algoscope_page::HtmlError),
}

impl Error {
    /// The error's kind: one word each binding maps to an error class of its own
    /// (`algoscope.SyntaxError`, a JS error's `kind`).
    ///
    /// | kind | when |
    /// |---|---|
    /// | `syntax` | the program does not parse |
    /// | `invalid` | a trace is not valid (or not JSON, not UTF-8, gzip that does not inflate) |
    /// | `interpreter` | no usable `python3` or `node` |
    /// | `step` | no such step, or no steps at all |
    /// | `no_loop` | no loop runs at the step asked for a loop history |
    /// | `usage` | a size model that does not fit the trace's language; a growth run without its size variable |
    /// | `run` | anything else: an unreadable program, a tracer bug, a scene or page error, a trace that cannot be written |
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Run(RunError::Syntax { .. }) => "syntax",
            Error::Invalid(_) => "invalid",
            Error::Run(
                RunError::NoNode { .. } | RunError::NoPython { .. } | RunError::PythonTooOld { .. },
            ) => "interpreter",
            Error::StepOutOfRange { .. } | Error::NoSteps => "step",
            Error::NoLoop { .. } => "no_loop",
            Error::Sizes(_) | Error::NoGrowthSize { .. } => "usage",
            _ => "run",
        }
    }

    /// What a binding's error of [`Error::kind`] carries besides the message, as a JSON
    /// object (`null` where a field does not apply):
    ///
    /// | kind | fields |
    /// |---|---|
    /// | `syntax` | `filename`, `errors: [{line, column, message}]`, `line`, `column` (the first error's) |
    /// | `invalid` | `path` (the bad field's JSON path), `line`, `column` (text that is not JSON) |
    /// | `interpreter` | `language` (`python` or `javascript`) |
    /// | `step` | `step` (as asked: from 1, negative from the end; `null` for a trace with no steps), `count` |
    /// | `no_loop` | `step` (counted from 1), `spans: [[first, last]]` (steps counted from 1) |
    /// | `usage` | `argument` (`sizes`, or `size` with the `name`) |
    /// | `run` | none |
    ///
    /// # Example
    ///
    /// ```
    /// let err = algoscope::validate(r#"{"version": 1, "steps": 3}"#).unwrap_err();
    /// assert_eq!(err.kind(), "invalid");
    /// assert!(err.details()["path"].is_string(), "{}", err.details());
    /// let err = algoscope::validate("{").unwrap_err();
    /// assert_eq!((err.kind(), err.details()["line"].as_u64()), ("invalid", Some(1)));
    /// ```
    pub fn details(&self) -> serde_json::Value {
        use serde_json::json;
        match self {
            Error::Run(RunError::Syntax { name, errors }) => {
                let list: Vec<serde_json::Value> = errors
                    .iter()
                    .map(|e| json!({ "line": e.line, "column": e.column, "message": e.message }))
                    .collect();
                let first = errors.first();
                json!({
                    "filename": name,
                    "errors": list,
                    "line": first.map(|e| e.line),
                    "column": first.map(|e| e.column),
                })
            }
            Error::Invalid(ValidationError::Syntax { line, column, .. }) => {
                json!({ "path": null, "line": line, "column": column })
            }
            Error::Invalid(other) => json!({
                "path": other.path().map(ToString::to_string),
                "line": null,
                "column": null,
            }),
            Error::Run(RunError::NoNode { .. }) => json!({ "language": "javascript" }),
            Error::Run(RunError::NoPython { .. } | RunError::PythonTooOld { .. }) => {
                json!({ "language": "python" })
            }
            Error::StepOutOfRange { step, count } => json!({ "step": step, "count": count }),
            Error::NoSteps => json!({ "step": null, "count": 0 }),
            Error::NoLoop { step, spans } => {
                json!({ "step": crate::step::step_number(*step), "spans": spans })
            }
            Error::Sizes(_) => json!({ "argument": "sizes" }),
            Error::NoGrowthSize { name } => json!({ "argument": "size", "name": name }),
            _ => json!({}),
        }
    }
}

/// `no loop runs at this step (loops run at steps 3–9, 12)`, at most 8 spans listed.
fn no_loop_message(spans: &[(usize, usize)]) -> String {
    if spans.is_empty() {
        return "no loop runs at this step, nor anywhere in the run".into();
    }
    let list: Vec<String> = spans
        .iter()
        .take(8)
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        })
        .collect();
    let more = if spans.len() > 8 { ", …" } else { "" };
    format!(
        "no loop runs at this step (loops run at steps {}{more})",
        list.join(", ")
    )
}
