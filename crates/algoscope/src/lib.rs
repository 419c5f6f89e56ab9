//! algoscope: run a Python, JavaScript or TypeScript program once, record every step, and
//! draw the recording — frames and heap boxes with arrows, loop histories, linked lists,
//! trees, graphs and grids — as SVG or as a self-contained stepper page.
//!
//! This crate is the one API every front end calls (the `algoscope` command line, the Python
//! and Node packages, the wasm build): plain data in, plain data out, one [`Error`].
//!
//! - [`trace_file`] / [`trace`] (feature `native`, default): run a program under its
//!   language's tracer (`python3`, `node`) within step and time budgets; a [`Trace`].
//! - [`validate`] / [`validate_bytes`]: read a trace someone else wrote (limits, schema,
//!   cross-references; errors name the JSON path); [`write_trace`] writes one (heap deltas or
//!   full heaps, plain or gzip).
//! - [`bigo`] (feature `analysis`): the program's Big-O estimate from its code, per function
//!   and overall, each with an explanation (`algoscope-bigo` over the analysis' cost shape).
//! - [`Render`]: built once per trace (hints applied, graphs laid out once over the whole run),
//!   it answers [`Render::memory_svg`], [`Render::loop_svg`] and [`Render::page`];
//!   [`page`] builds the same page without preparing the trace here (the page's player
//!   prepares it in the browser).
//! - [`run_notes`]: how a run ended, in words, as every front end says it beside the trace.
//! - [`step_index`]: how every front end numbers steps (from 1, as the page shows them;
//!   negative from the end), with one error; [`ErrorReport`]: the error object the
//!   JavaScript bindings throw.
//!
//! The layers below are their own crates: `algoscope-trace-format` (the contract),
//! `algoscope-run` (tracers and the record protocol), `algoscope-scene` (what a step shows),
//! `algoscope-layout` (where it goes, SVG out) and `algoscope-page` (the stepper page).
//!
//! # Example
//!
//! ```no_run
//! # // no_run: needs python3 and writes a file; crates/cli/tests/render.rs runs these steps.
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

mod bigo;
mod chain;
mod error;
mod file;
#[cfg(feature = "native")]
mod measure;
mod notes;
mod render;
mod report;
mod step;

pub use algoscope_bigo::{
    EstimateOptions, FunctionCheck, FunctionEstimate, LoopCheck, ProgramEstimate, RunCheck, Verdict,
};
#[cfg(feature = "analysis")]
pub use algoscope_run::Instrumented;
#[cfg(feature = "native")]
pub use algoscope_run::Measurement;
pub use algoscope_run::PROCESS_EXIT;
pub use algoscope_run::{
    unsupported_message, Program, Request, RunError, TraceOptions, KILL_GRACE_MS,
};
pub use algoscope_scene::{hint_warnings, HintWarning, SceneError, SizeModel};
pub use algoscope_trace_format::{
    expand_heaps, to_delta, validate_bytes_all, Analysis, Language, ProgramError, StopReason,
    SyntaxError, Trace, ValidationError,
};
pub use algoscope_viewer::{Complexity, PlayerOptions, Timeline, PAGE_LOOP_NODES, PAGE_LOOP_ROWS};
#[cfg(feature = "analysis")]
pub use bigo::bigo;
#[cfg(feature = "native")]
pub use bigo::bigo_check;
pub use bigo::complexity;
#[cfg(feature = "analysis")]
pub use bigo::run_complexity;
pub use error::Error;
pub use file::{trace_json, validate_bytes, write_trace, WriteOptions};
#[cfg(feature = "native")]
pub use measure::{growth, measure, Growth, GrowthRun, GrowthVerdict};
pub use notes::run_notes;
#[cfg(feature = "page")]
pub use render::page;
pub use render::{LoopOptions, MemoryOptions, PageOptions, Render, RenderOptions};
pub use report::ErrorReport;
pub use step::step_index;

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
/// syntax error (feature `analysis`).
///
/// # Example
///
/// ```
/// let analysis = algoscope::analyze("while x <\n    pass\n", algoscope::Language::Python);
/// assert_eq!(analysis.syntax_errors[0].to_string(), "1:10: Expected an expression");
/// ```
#[cfg(feature = "analysis")]
pub fn analyze(source: &str, language: Language) -> Analysis {
    algoscope_run::analyze(source, language)
}

/// `program` (JavaScript or TypeScript) rewritten to report each step to the JS recorder
/// (`runtimes/js`), with its static analysis (feature `analysis`): what a browser worker runs
/// with the recorder to trace a program without a server.
///
/// # Errors
/// [`Error::Run`]: a syntax error (every error with line and column), or a program that is not
/// JavaScript or TypeScript.
///
/// # Example
///
/// ```
/// use algoscope::{instrument, Language, Program};
///
/// let program = Program::from_source("const xs = [3, 1];\nxs.sort();\n", Language::Javascript, "sort.js");
/// let out = instrument(&program)?;
/// assert!(out.code.contains("__as") && !out.module);
/// # Ok::<(), algoscope::Error>(())
/// ```
#[cfg(feature = "analysis")]
pub fn instrument(program: &Program) -> Result<Instrumented, Error> {
    Ok(algoscope_run::instrument(program)?)
}

/// The trace of `program` from the record stream its tracer wrote (`runtimes/PROTOCOL.md`: the
/// Python tracer in Pyodide, the JS recorder in a worker), validated as a trace from a process
/// is (feature `analysis`). The static analysis is redone here, so loop ids match the ones the
/// tracer was given.
///
/// # Errors
/// [`Error::Run`]: a syntax error, or records that are not the protocol (the message names the
/// record's line).
///
/// # Example
///
/// ```
/// use algoscope::{assemble, Language, Program};
///
/// let records = concat!(
///     r#"{"l":1,"fp":0,"fa":["f1"],"f":[{"i":"f1","fn":"<module>","ln":1,"lv":[]}]}"#, "\n",
///     r#"{"out":"hi\n"}"#, "\n",
///     r#"{"e":"return","l":1,"n":3}"#, "\n",
///     r#"{"end":{"counts":{"events":3,"functions":{}}}}"#, "\n",
/// );
/// let program = Program::from_source("print('hi')\n", Language::Python, "hi.py");
/// let trace = assemble(&program, records)?;
/// assert_eq!((trace.steps.len(), trace.stdout.as_str()), (2, "hi\n"));
/// # Ok::<(), algoscope::Error>(())
/// ```
#[cfg(feature = "analysis")]
pub fn assemble(program: &Program, records: &str) -> Result<Trace, Error> {
    assemble_run(program, records, false)
}

/// [`assemble`] for a run its host cut off: a worker terminated [`KILL_GRACE_MS`] past the
/// time budget, stuck in one long built-in call. The trace keeps every step recorded before
/// the cut, with `truncated` and `stoppedBy: "time"`, as a killed tracer process's does.
///
/// # Errors
/// As [`assemble`].
#[cfg(feature = "analysis")]
pub fn assemble_cut_off(program: &Program, records: &str) -> Result<Trace, Error> {
    assemble_run(program, records, true)
}

#[cfg(feature = "analysis")]
fn assemble_run(program: &Program, records: &str, killed: bool) -> Result<Trace, Error> {
    let analysis = analyze_checked(program)?;
    let end = algoscope_run::ProcessEnd {
        who: "the tracer",
        killed,
        status: if killed { "cut off" } else { "finished" },
        stderr: "",
        limit: None,
    };
    Ok(algoscope_run::build_trace(
        program, analysis, records, &end,
    )?)
}

/// The static analysis of `program`, refused with every syntax error when it has any.
#[cfg(feature = "analysis")]
fn analyze_checked(program: &Program) -> Result<Analysis, Error> {
    let analysis = analyze(&program.source, program.language);
    if !analysis.syntax_errors.is_empty() {
        return Err(RunError::Syntax {
            name: program.name.clone(),
            errors: analysis.syntax_errors,
        }
        .into());
    }
    Ok(analysis)
}

/// The request the Python tracer (`runtimes/python`) runs `program` from, under the budgets
/// of `options`, its records written to the file `out` (feature `analysis`): for a host
/// that runs the tracer itself, as a browser worker with Pyodide does, then [`assemble`]s
/// what it wrote. The same request the native runner writes (`runtimes/PROTOCOL.md`).
///
/// # Errors
/// [`Error::Run`]: a syntax error (every one).
#[cfg(feature = "analysis")]
pub fn python_request(
    program: &Program,
    options: &TraceOptions,
    out: &str,
) -> Result<Request, Error> {
    let analysis = analyze_checked(program)?;
    Ok(Request::python(program, &analysis, options, out))
}
