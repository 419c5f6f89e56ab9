//! Every command that writes to standard output, run with that pipe already closed (as in
//! `algoscope validate t.json | true`): a clear message and exit 1, never a panic (101).

use std::path::PathBuf;
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `algoscope ARGS` with a standard output pipe whose reading end is closed before the
/// start (so every write fails, however fast the command is); returns the exit code and
/// standard error.
fn with_closed_stdout(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let child = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the algoscope binary runs");
    let out = child.wait_with_output().expect("algoscope ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_clear_failure(args: &[&str]) {
    let (code, stderr) = with_closed_stdout(args);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(stderr.contains("standard output"), "{args:?}: {stderr}");
    assert_eq!(code, Some(1), "{args:?}: {stderr}");
}

#[test]
fn validate_to_a_closed_pipe_is_a_clear_error() {
    assert_clear_failure(&["validate", "tests/fixtures/traces/python_features.json"]);
}

#[test]
fn render_to_a_closed_pipe_is_a_clear_error() {
    assert_clear_failure(&["render", "tests/fixtures/traces/python_features.json"]);
}

#[test]
fn trace_to_a_closed_pipe_is_a_clear_error() {
    assert_clear_failure(&["trace", "examples/python/bubble_sort.py"]);
}

#[test]
fn html_path_to_a_closed_pipe_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("page.html");
    let out = out.to_str().expect("a UTF-8 path");
    assert_clear_failure(&[
        "html",
        "tests/fixtures/traces/python_features.json",
        "-o",
        out,
    ]);
}
