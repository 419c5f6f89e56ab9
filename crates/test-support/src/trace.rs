//! Helpers for the Python tracing tests: run the built `algoscope trace`, read its trace.

#![allow(dead_code)] // each test file uses part of this module

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use algoscope_trace_format::{validate_str, HeapObject, Step, Trace, Value};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

/// An edge-case program of `runtimes/python/tests/programs`.
pub fn program(name: &str) -> PathBuf {
    root().join("runtimes/python/tests/programs").join(name)
}

/// Runs `algoscope trace PATH ARGS… --pretty` and returns the process output.
pub fn run_trace(path: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .arg("trace")
        .arg(path)
        .args(args)
        .arg("--pretty")
        .output()
        .expect("run algoscope")
}

/// Traces `path` (exit 0 expected) and returns the JSON text and the validated trace.
pub fn trace_text(path: &Path, args: &[&str]) -> (String, Trace) {
    let output = run_trace(path, args);
    assert!(
        output.status.success(),
        "{}: algoscope trace failed: {}",
        path.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8 trace");
    let trace = validate_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (text, trace)
}

/// Traces `path` and returns the validated trace.
pub fn trace(path: &Path, args: &[&str]) -> Trace {
    trace_text(path, args).1
}

/// Traces an edge-case program by file name.
pub fn trace_program(name: &str, args: &[&str]) -> Trace {
    trace(&program(name), args)
}

/// The value of local `name` in the innermost frame of `step` that has it.
pub fn local<'a>(step: &'a Step, name: &str) -> Option<&'a Value> {
    step.stack
        .iter()
        .rev()
        .find_map(|f| f.locals.iter().find(|(n, _)| n == name).map(|(_, v)| v))
}

/// The heap object local `name` points at in `step`.
pub fn object<'a>(step: &'a Step, name: &str) -> &'a HeapObject {
    let id = local(step, name)
        .and_then(Value::ref_id)
        .unwrap_or_else(|| panic!("{name} is not a reference"));
    step.heap
        .get(id)
        .unwrap_or_else(|| panic!("{id} not in heap"))
}

/// A primitive's text (`repr`), or panics.
pub fn repr(value: &Value) -> &str {
    match value {
        Value::Prim { repr, .. } => repr,
        other => panic!("not a primitive: {other:?}"),
    }
}

/// The last step.
pub fn last(trace: &Trace) -> &Step {
    trace.steps.last().expect("at least one step")
}
