//! [`RunError`]: why no trace could be made.

use std::path::{Path, PathBuf};

use algoscope_trace_format::{Language, SyntaxError, ValidationError};

/// The oldest Python the tracer runs on, `(major, minor)`.
pub(crate) const PYTHON_MIN: (u32, u32) = (3, 9);

/// Why no trace could be made. A program that raised an error still gets a trace (with
/// `error`); these are the cases where there is nothing to show.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The file's extension has no runner.
    #[error("{}", unsupported_message(path, extension, &[]))]
    Unsupported {
        /// The program file.
        path: PathBuf,
        /// Its extension, lowercase, without the dot.
        extension: String,
    },
    /// The program file could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The program file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The program file's bytes are not text in its encoding.
    #[error("{}: {message}", path.display())]
    Encoding {
        /// The program file.
        path: PathBuf,
        /// What is wrong, with the line.
        message: String,
    },
    /// The program does not parse; every error, in source order. Displays the first as
    /// `NAME:LINE:COL: message`.
    #[error("{name}:{}", errors.first().map(ToString::to_string).unwrap_or_default())]
    Syntax {
        /// The program's name.
        name: String,
        /// Every syntax error (at least one).
        errors: Vec<SyntaxError>,
    },
    /// No Python interpreter could be started.
    #[error("cannot run `{}`: {reason}; install Python {}.{} or newer, or pass --python PATH", python.display(), PYTHON_MIN.0, PYTHON_MIN.1)]
    NoPython {
        /// The interpreter tried last.
        python: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// No usable Node.js (18 or newer) for a JavaScript or TypeScript program.
    #[error("{reason}; tracing JavaScript and TypeScript needs Node.js 18 or newer (on PATH, or pass --node PATH)")]
    NoNode {
        /// What went wrong (not found, too old, cannot start).
        reason: String,
    },
    /// The interpreter is older than Python 3.9.
    #[error("`{}` is Python {version}; tracing needs Python {}.{} or newer (pass --python PATH)", python.display(), PYTHON_MIN.0, PYTHON_MIN.1)]
    PythonTooOld {
        /// The interpreter.
        python: PathBuf,
        /// The version it reported (`3.8`).
        version: String,
    },
    /// A temporary file for the run could not be written or read.
    #[error("temporary file {}: {source}", path.display())]
    Temp {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The tracer failed in a way that is its own bug, not the program's.
    #[error("the tracer failed: {0}")]
    Tracer(String),
    /// The tracer's records could not be read (line `line` of the record stream).
    #[error("the tracer wrote a bad record at line {line}: {message}")]
    Record {
        /// 1-based line of the record stream.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The assembled trace is not valid (a tracer bug); the error names the JSON path.
    #[error("the tracer produced an invalid trace: {0}")]
    Invalid(#[from] ValidationError),
}

/// The message for an input whose extension is not accepted: `FILE has no extension: expected
/// .py, .js, …, .cts` or `FILE: .rb files are not supported: expected …`. The list is every
/// program extension ([`Language::EXTENSIONS`]) followed by `also` (`&["json"]` where a trace
/// file is accepted too).
pub fn unsupported_message(path: &Path, extension: &str, also: &[&str]) -> String {
    let names: Vec<String> = Language::EXTENSIONS
        .iter()
        .map(|(e, _)| *e)
        .chain(also.iter().copied())
        .map(|e| format!(".{e}"))
        .collect();
    let expected = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(", "),
    };
    if extension.is_empty() {
        format!("{} has no extension: expected {expected}", path.display())
    } else {
        format!(
            "{}: .{extension} files are not supported: expected {expected}",
            path.display()
        )
    }
}
