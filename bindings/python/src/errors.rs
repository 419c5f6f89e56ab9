//! The facade's [`Error`] as one Python exception, `NativeError(kind, message, details)`.
//!
//! `kind` tells the Python side which class to raise; `message` is the facade's own text
//! (the command line prints the same); `details` is a JSON object with the fields that class
//! carries (`Error::kind` and `Error::details` of the facade):
//!
//! | kind | details | Python class |
//! |---|---|---|
//! | `syntax` | `name`, `errors: [{line, column, message}]` | `algoscope.SyntaxError` |
//! | `invalid` | `path` (or `null`), `line`, `column` (JSON syntax errors) | `algoscope.InvalidTraceError` |
//! | `interpreter` | `language` | `algoscope.InterpreterError` |
//! | `step` | `step` (as given: from 1, negative from the end), `count` | `algoscope.StepError` |
//! | `no_loop` | `step` (from 1), `spans: [[first, last]]` (from 1) | `algoscope.NoLoopError` |
//! | `usage` | `argument` | `ValueError` subclass `algoscope.UsageError` |
//! | `run` | — | `algoscope.AlgoscopeError` |

use algoscope::Error;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::PyErr;
use serde_json::json;

create_exception!(
    _native,
    NativeError,
    PyException,
    "An error of the algoscope facade: args (kind, message, details JSON)."
);

/// The facade error as a `NativeError`.
pub fn facade_error(error: Error) -> PyErr {
    let message = error.to_string();
    NativeError::new_err((error.kind(), message, error.details().to_string()))
}

/// A bad argument (`sizes="big"`, `language="ruby"`).
pub fn usage_error(argument: &str, error: impl std::fmt::Display) -> PyErr {
    let details = json!({ "argument": argument });
    NativeError::new_err(("usage", error.to_string(), details.to_string()))
}
