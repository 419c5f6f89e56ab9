//! The facade's [`Error`] as one Python exception, `NativeError(kind, message, details)`.
//!
//! `kind` tells the Python side which class to raise; `message` is the facade's own text
//! (the command line prints the same); `details` is a JSON object with the fields that class
//! carries:
//!
//! | kind | details | Python class |
//! |---|---|---|
//! | `syntax` | `name`, `errors: [{line, column, message}]` | `algoscope.SyntaxError` |
//! | `invalid` | `path` (or `null`), `line`, `column` (JSON syntax errors) | `algoscope.InvalidTraceError` |
//! | `interpreter` | `language` | `algoscope.InterpreterError` |
//! | `step` | `step` (0-based), `count` | `algoscope.StepError` |
//! | `no_loop` | `step`, `spans: [[first, last]]` (from 1) | `algoscope.NoLoopError` |
//! | `usage` | `argument` | `ValueError` subclass `algoscope.UsageError` |
//! | `run` | — | `algoscope.AlgoscopeError` |

use algoscope::{Error, RunError, ValidationError};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::PyErr;
use serde_json::{json, Value};

create_exception!(
    _native,
    NativeError,
    PyException,
    "An error of the algoscope facade: args (kind, message, details JSON)."
);

/// The facade error as a `NativeError`.
pub fn facade_error(error: Error) -> PyErr {
    let message = error.to_string();
    let (kind, details) = kind_of(&error);
    NativeError::new_err((kind, message, details.to_string()))
}

/// A bad argument (`sizes="big"`, `language="ruby"`).
pub fn usage_error(argument: &str, error: impl std::fmt::Display) -> PyErr {
    let details = json!({ "argument": argument });
    NativeError::new_err(("usage", error.to_string(), details.to_string()))
}

/// The kind and details of `error` (see the module's table).
fn kind_of(error: &Error) -> (&'static str, Value) {
    match error {
        Error::Run(RunError::Syntax { name, errors }) => {
            let errors: Vec<Value> = errors
                .iter()
                .map(|e| json!({ "line": e.line, "column": e.column, "message": e.message }))
                .collect();
            ("syntax", json!({ "name": name, "errors": errors }))
        }
        Error::Invalid(invalid) => ("invalid", invalid_details(invalid)),
        Error::Run(RunError::NoNode { .. }) => ("interpreter", json!({ "language": "javascript" })),
        Error::Run(RunError::NoPython { .. } | RunError::PythonTooOld { .. }) => {
            ("interpreter", json!({ "language": "python" }))
        }
        Error::StepOutOfRange { step, count } => ("step", json!({ "step": step, "count": count })),
        Error::NoSteps => ("step", json!({ "step": null, "count": 0 })),
        Error::NoLoop { step, spans } => ("no_loop", json!({ "step": step, "spans": spans })),
        Error::Sizes(_) => ("usage", json!({ "argument": "sizes" })),
        _ => ("run", json!({})),
    }
}

/// The JSON path of a validation error, or its line and column for text that is not JSON.
fn invalid_details(error: &ValidationError) -> Value {
    match error {
        ValidationError::Syntax { line, column, .. } => {
            json!({ "path": null, "line": line, "column": column })
        }
        other => json!({
            "path": other.path().map(ToString::to_string),
            "line": null,
            "column": null,
        }),
    }
}
