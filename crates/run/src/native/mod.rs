//! Running tracers as processes on this machine (feature `native`): Python under `python3`
//! ([`python`]), JavaScript and TypeScript instrumented and run under `node` ([`node`]), both
//! in their own process group under the budgets ([`process`]) and resource limits
//! ([`limits`]).

mod limits;
mod measure;
mod node;
mod process;
mod python;

use std::path::Path;

use algoscope_trace_format::{Language, Trace};

use crate::{Program, RunError, TraceOptions};

pub use measure::{measure_program, measure_python, Measurement};
pub use node::NODE_MIN_MAJOR;
pub use python::PYTHON_MIN_VERSION;

/// Traces one run of `program` and returns the validated trace with full heaps.
///
/// # Errors
///
/// See [`RunError`]: a syntax error, no usable interpreter, temporary files, or a tracer bug.
/// A program that raises, loops forever or runs out of a budget is not a failure: its trace
/// says so (`error`, `truncated`, `stoppedBy`).
pub fn trace_program(program: &Program, options: &TraceOptions) -> Result<Trace, RunError> {
    match program.language {
        Language::Python => python::trace_python(program, options),
        Language::Javascript | Language::Typescript => node::trace_js(program, options),
    }
}

impl Program {
    /// Reads a program file; its language comes from the extension (`.py`).
    ///
    /// # Errors
    ///
    /// [`RunError::Unsupported`] for an extension without a runner, [`RunError::Read`] when
    /// the file cannot be read, [`RunError::Encoding`] when its bytes are not text in the
    /// language's encoding (UTF-8, or for Python the PEP 263 declaration).
    pub fn from_path(path: &Path) -> Result<Self, RunError> {
        let language = Self::language_of(path)?;
        let bytes = std::fs::read(path).map_err(|source| RunError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let decoded = match language {
            // CPython reads PEP 263 declarations (`# -*- coding: latin-1 -*-`).
            Language::Python => {
                algoscope_py_analysis::decode_source(&bytes).map_err(|e| e.to_string())
            }
            // Node reads every module as UTF-8.
            Language::Javascript | Language::Typescript => String::from_utf8(bytes).map_err(|e| {
                let at = e.utf8_error().valid_up_to();
                let bytes = e.as_bytes();
                let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                format!(
                    "line {line}: byte 0x{:02X} is not UTF-8 (save the file as UTF-8)",
                    bytes[at]
                )
            }),
        };
        let source = decoded.map_err(|message| RunError::Encoding {
            path: path.to_path_buf(),
            message,
        })?;
        Ok(Program {
            source,
            language,
            name: path.display().to_string(),
            dir: path
                .parent()
                .map(|p| {
                    if p.as_os_str().is_empty() {
                        Path::new(".")
                    } else {
                        p
                    }
                })
                .map(Path::to_path_buf),
        })
    }
}

/// A fresh temporary folder named `prefix…` for one run's files, removed when dropped.
///
/// # Errors
/// [`RunError::Temp`] when it cannot be made.
fn temp_dir(prefix: &str) -> Result<tempfile::TempDir, RunError> {
    tempfile::Builder::new()
        .prefix(prefix)
        .tempdir()
        .map_err(|source| RunError::Temp {
            path: std::env::temp_dir(),
            source,
        })
}
