//! Running tracers as processes on this machine (feature `native`): Python under `python3`
//! ([`python`]), JavaScript and TypeScript instrumented and run under `node` ([`node`]), both
//! in their own process group under the budgets ([`process`]).

mod node;
mod process;
mod python;

use std::path::Path;

use algoscope_trace_format::{Analysis, Language, Trace};

use crate::{Program, RunError, TraceOptions};

pub use node::NODE_MIN_MAJOR;
pub use python::PYTHON_MIN_VERSION;

/// The static analysis of `source` in `language`: loops, index names, grid accesses, `viz:`
/// hints and every syntax error (Python 3.12 syntax; JavaScript or TypeScript as swc parses
/// it).
///
/// # Example
///
/// ```
/// use algoscope_run::{analyze, Language};
///
/// let analysis = analyze("for i in range(3):\n    print(i)\n", Language::Python);
/// assert_eq!(analysis.loops[0].id, "L1");
/// let broken = analyze("function (\n", Language::Javascript);
/// assert_eq!(broken.syntax_errors[0].line, 1);
/// ```
pub fn analyze(source: &str, language: Language) -> Analysis {
    match language {
        Language::Python => algoscope_py_analysis::analyze(
            source,
            &algoscope_py_analysis::AnalyzeOptions::default(),
        ),
        Language::Javascript | Language::Typescript => algoscope_instrument_js::analyze(
            source,
            &algoscope_instrument_js::InstrumentOptions {
                language,
                ..Default::default()
            },
        ),
    }
}

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
