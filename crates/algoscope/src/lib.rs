//! algoscope: run a Python, JavaScript or TypeScript program once, record every step, and
//! draw the recording — frames and heap boxes with arrows, loop histories, linked lists,
//! trees, graphs and grids — as SVG or as a self-contained stepper page.
//!
//! This crate is the one API every front end calls (the `algoscope` command line, the Python
//! and Node packages, the wasm build): plain data in, plain data out, one [`Error`].
//!
//! - [`trace_file`] / [`trace`] (feature `native`, default): run a program under its
//!   language's tracer (`python3`, `node`) within step and time budgets; a [`Trace`].
//! - [`validate`]: read a trace someone else wrote (limits, schema, cross-references; errors
//!   name the JSON path).
//! - [`Render`]: built once per trace (hints applied, graphs laid out once over the whole run),
//!   it answers [`Render::memory_svg`], [`Render::loop_svg`] and [`Render::page`].
//!
//! The layers below are their own crates: `algoscope-trace-format` (the contract),
//! `algoscope-run` (tracers and the record protocol), `algoscope-scene` (what a step shows),
//! `algoscope-layout` (where it goes, SVG out) and `algoscope-page` (the stepper page).
//!
//! # Example
//!
//! ```no_run
//! # // no_run: needs python3 on the machine; crates/algoscope/tests/facade.rs runs it.
//! use algoscope::{trace_file, MemoryOptions, PageOptions, Render, RenderOptions, TraceOptions};
//!
//! let trace = trace_file("examples/python/linked_list.py".as_ref(), &TraceOptions::default())?;
//! let render = Render::new(trace, &RenderOptions::default())?;
//! let last = render.step_count() - 1;
//! let svg = render.memory_svg(last, &MemoryOptions::default())?;
//! assert!(svg.starts_with("<svg"));
//! let page = render.page(&PageOptions { title: "linked_list.py".into(), ..PageOptions::default() })?;
//! std::fs::write("linked_list.html", page).unwrap();
//! # Ok::<(), algoscope::Error>(())
//! ```

mod chain;
mod error;
mod render;

pub use algoscope_run::{unsupported_message, Program, RunError, TraceOptions, KILL_GRACE_MS};
pub use algoscope_scene::{hint_warnings, HintWarning, SceneError, SizeModel};
pub use algoscope_trace_format::{
    expand_heaps, to_delta, Analysis, Language, ProgramError, StopReason, SyntaxError, Trace,
    ValidationError,
};
pub use algoscope_viewer::{PlayerOptions, Timeline, PAGE_LOOP_NODES, PAGE_LOOP_ROWS};
pub use error::Error;
pub use render::{LoopOptions, MemoryOptions, PageOptions, Render, RenderOptions};

#[cfg(feature = "native")]
pub use algoscope_run::{NODE_MIN_MAJOR, PYTHON_MIN_VERSION};

/// Reads and checks a trace JSON text (limits pass, version, schema, heap deltas expanded,
/// cross-references).
///
/// # Errors
/// [`Error::Invalid`], naming the JSON path of the first bad field
/// (`steps[3].line: expected integer`).
///
/// # Example
///
/// ```
/// let err = algoscope::validate(r#"{"version": 1, "language": "python"}"#).unwrap_err();
/// assert!(err.to_string().contains("source"), "{err}");
/// ```
pub fn validate(text: &str) -> Result<Trace, Error> {
    Ok(algoscope_trace_format::validate_str(text)?)
}

/// Runs `program` once under its language's tracer and returns its validated trace.
///
/// # Errors
/// [`Error::Run`]: a syntax error (every error with line and column), no usable `python3` or
/// `node`, a temporary file, or a tracer bug. A program that raised or ran out of a budget
/// is not an error: its trace says so (`error`, `truncated`, `stoppedBy`).
#[cfg(feature = "native")]
pub fn trace(program: &Program, options: &TraceOptions) -> Result<Trace, Error> {
    Ok(algoscope_run::trace_program(program, options)?)
}

/// Reads the program at `path` (its language from the extension: `.py`, `.js`, `.mjs`,
/// `.cjs`, `.ts`, `.mts`, `.cts`) and traces it, as [`trace`].
///
/// # Errors
/// As [`trace`], and [`Error::Run`] for an unsupported extension, an unreadable file or one
/// that is not text in its encoding.
#[cfg(feature = "native")]
pub fn trace_file(path: &std::path::Path, options: &TraceOptions) -> Result<Trace, Error> {
    let program = Program::from_path(path)?;
    trace(&program, options)
}

/// The static analysis of `source`: loops, index names, grid accesses, `viz:` hints and every
/// syntax error.
///
/// # Example
///
/// ```
/// let analysis = algoscope::analyze("while x <\n    pass\n", algoscope::Language::Python);
/// assert_eq!(analysis.syntax_errors[0].to_string(), "1:10: Expected an expression");
/// ```
#[cfg(feature = "native")]
pub fn analyze(source: &str, language: Language) -> Analysis {
    algoscope_run::analyze(source, language)
}
