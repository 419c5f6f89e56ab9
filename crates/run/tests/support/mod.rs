//! Helpers shared by the JavaScript/TypeScript trace tests: run `algoscope trace`, run `node`,
//! compare with golden traces.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use algoscope_trace_format::{to_delta, validate_str, Trace};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `algoscope trace FILE ARGS…` and returns the validated trace.
pub fn trace_file(path: &Path, args: &[&str]) -> Trace {
    let output = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .arg("trace")
        .arg(path)
        .args(args)
        .output()
        .expect("run algoscope");
    assert!(
        output.status.success(),
        "{}: algoscope trace failed: {}",
        path.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("utf-8 trace");
    validate_str(&text).unwrap_or_else(|e| panic!("{}: invalid trace: {e}", path.display()))
}

/// What `node FILE` prints.
pub fn node_stdout(path: &Path) -> String {
    let output = Command::new("node").arg(path).output().expect("run node");
    String::from_utf8(output.stdout).expect("utf-8 stdout")
}

/// Compares `trace` (heaps as deltas, so unchanged objects are not repeated) with the golden
/// insta snapshot in `tests/traces/<dir>/`: `<stem>.snap`, or with `name` given (inside
/// `insta::glob!`, which adds `@<file>`) `<name>@<file>.snap`.
pub fn golden(dir: &str, path: &Path, name: &str, trace: &Trace) {
    let stem = if name.is_empty() {
        path.file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("trace")
            .to_string()
    } else {
        name.to_string()
    };
    let delta = to_delta(trace);
    let snapshots = root().join("tests/traces").join(dir);
    insta::with_settings!({
        snapshot_path => snapshots,
        prepend_module_to_snapshot => false,
        omit_expression => true,
        input_file => path,
    }, {
        insta::assert_json_snapshot!(stem, delta);
    });
}
