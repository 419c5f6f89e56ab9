//! Helpers shared by the tracing tests: trace a program file with `trace_program`, run
//! `node` or `python3` on it for comparison. Reading traces and comparing them with their
//! goldens is `algoscope_test_support::trace`.

#![allow(dead_code)] // each test file uses part of this module

use std::path::{Path, PathBuf};
use std::process::Command;

use algoscope_run::{trace_program, Program, TraceOptions};
use algoscope_trace_format::{validate_str, StopReason, Trace};

// Each test file uses some of them.
#[allow(unused_imports)]
pub use algoscope_test_support::trace::{golden, last, local, object, repr};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// An edge-case program of `runtimes/python/tests/programs`.
pub fn program(name: &str) -> PathBuf {
    root().join("runtimes/python/tests/programs").join(name)
}

/// The default options with a step budget of `max_steps`.
pub fn max_steps(max_steps: u64) -> TraceOptions {
    TraceOptions {
        max_steps,
        ..TraceOptions::default()
    }
}

/// The default options with a time budget of `time_budget_ms`.
pub fn time_budget(time_budget_ms: u64) -> TraceOptions {
    TraceOptions {
        time_budget_ms,
        ..TraceOptions::default()
    }
}

/// Traces the program at `path` under `options` and returns its trace as JSON text (as
/// `algoscope trace` writes it) and that text read back and validated.
pub fn trace_text(path: &Path, options: &TraceOptions) -> (String, Trace) {
    let program = Program::from_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let trace = trace_program(&program, options)
        .unwrap_or_else(|e| panic!("{}: tracing failed: {e}", path.display()));
    let text = serde_json::to_string(&trace).expect("the trace serializes");
    let trace =
        validate_str(&text).unwrap_or_else(|e| panic!("{}: invalid trace: {e}", path.display()));
    (text, trace)
}

/// Traces the program at `path` under `options` and returns the validated trace.
pub fn trace_file(path: &Path, options: &TraceOptions) -> Trace {
    trace_text(path, options).1
}

/// Traces an edge-case program of `runtimes/python/tests/programs` by file name.
pub fn trace_edge_case(name: &str, options: &TraceOptions) -> Trace {
    trace_file(&program(name), options)
}

/// What `node FILE` prints.
pub fn node_stdout(path: &Path) -> String {
    let output = Command::new("node").arg(path).output().expect("run node");
    String::from_utf8(output.stdout).expect("utf-8 stdout")
}

/// An endless loop run with `max_steps`: sampled, so the time budget (not the step budget)
/// stopped it, with many more events than recorded steps and no error.
pub fn assert_infinite_loop_stopped_by_time(trace: &Trace, max_steps: usize) {
    assert!(trace.truncated);
    assert_eq!(trace.stopped_by, Some(StopReason::Time));
    assert!(trace.sampled);
    assert!(trace.steps.len() <= max_steps);
    assert!(trace.counts.events > trace.steps.len() as u64 * 10);
    assert!(trace.error.is_none());
}
