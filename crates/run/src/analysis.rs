//! The static analysis of a program and the JavaScript rewrite for the recorder (feature
//! `analysis`): pure functions over the source text, no I/O, so they build for
//! `wasm32-unknown-unknown` (the web app analyses and instruments in the browser).

use algoscope_instrument_js::{InstrumentError, InstrumentOptions};
use algoscope_trace_format::{Analysis, Language};

use crate::{Program, RunError};

pub use algoscope_instrument_js::Instrumented;

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

/// The static analysis of `program`, refused when it does not parse: what a run, a Measure
/// or an estimate starts from.
///
/// # Errors
/// [`RunError::Syntax`] with every syntax error.
pub fn analyze_program(program: &Program) -> Result<Analysis, RunError> {
    let analysis = analyze(&program.source, program.language);
    if analysis.syntax_errors.is_empty() {
        Ok(analysis)
    } else {
        Err(RunError::Syntax {
            name: program.name.clone(),
            errors: analysis.syntax_errors,
        })
    }
}

/// `program` (JavaScript or TypeScript) rewritten to report each step to the JS recorder
/// (`runtimes/js`, the `__as` API in `runtimes/PROTOCOL.md`), with its static analysis; a
/// TypeScript program has its types stripped first and keeps its own line numbers.
///
/// # Errors
///
/// [`RunError::Syntax`] with every syntax error (named by `program.name`);
/// [`RunError::Tracer`] for a program that is not JavaScript or TypeScript.
///
/// # Example
///
/// ```
/// use algoscope_run::{instrument, Language, Program};
///
/// let program = Program::from_source("let s = 0;\nfor (let i = 0; i < 3; i++) s += i;\n",
///     Language::Javascript, "sum.js");
/// let out = instrument(&program)?;
/// assert!(out.code.contains("__as"));
/// assert_eq!(out.analysis.loops[0].line, 2);
/// # Ok::<(), algoscope_run::RunError>(())
/// ```
pub fn instrument(program: &Program) -> Result<Instrumented, RunError> {
    algoscope_instrument_js::instrument(
        &program.source,
        &InstrumentOptions {
            language: program.language,
            ..Default::default()
        },
    )
    .map_err(|error| match error {
        InstrumentError::Syntax { errors } => RunError::Syntax {
            name: program.name.clone(),
            errors,
        },
        other => RunError::Tracer(other.to_string()),
    })
}
