//! `algoscope trace` on programs it cannot trace: the exit code (2 for a syntax error, 1 for
//! anything else), nothing written on standard output, and the message on standard error
//! (`FILE:LINE:COL: message`, or `algoscope: …`); and `--pretty`, which only the command line
//! has. What the traces of programs that run hold is tested on the library, in
//! `crates/run/tests`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// An edge-case program of `runtimes/python/tests/programs`.
fn program(name: &str) -> PathBuf {
    root().join("runtimes/python/tests/programs").join(name)
}

fn case_path(language: &str, name: &str) -> PathBuf {
    root()
        .join("tests/traces")
        .join(language)
        .join("cases")
        .join(name)
}

/// Runs `algoscope trace PATH ARGS… --pretty` and returns the process output.
fn run_trace(path: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .arg("trace")
        .arg(path)
        .args(args)
        .arg("--pretty")
        .output()
        .expect("run algoscope")
}

/// Runs `algoscope trace FILE` in a folder holding only `FILE` with `bytes`.
fn algoscope(file: &str, bytes: &[u8]) -> Output {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join(file), bytes).expect("written");
    Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .current_dir(dir.path())
        .args(["trace", file])
        .output()
        .expect("the algoscope binary runs")
}

#[test]
fn pretty_indents_the_trace_and_the_default_is_one_line() {
    let path = root().join("examples/python/binary_search.py");
    let pretty = run_trace(&path, &[]);
    assert!(pretty.status.success());
    let text = String::from_utf8(pretty.stdout).expect("UTF-8 trace");
    let trace = algoscope_trace_format::validate_str(&text).expect("a valid trace");
    let delta = algoscope_trace_format::to_delta(&trace);
    let expected = serde_json::to_string_pretty(&delta).expect("serializes") + "\n";
    assert_eq!(
        text, expected,
        "--pretty writes the trace indented, heaps as deltas, one newline after"
    );
    let expanded = run_trace(&path, &["--expanded"]);
    assert!(expanded.status.success());
    let expanded = String::from_utf8(expanded.stdout).expect("UTF-8 trace");
    assert!(!expanded.contains("\"heapIds\"") && text.contains("\"heapIds\""));
    assert!(expanded.len() > text.len());
    assert_eq!(
        algoscope_trace_format::validate_str(&expanded).expect("a valid trace"),
        trace,
        "the delta file and the expanded file are the same trace"
    );
    let plain = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .arg("trace")
        .arg(&path)
        .output()
        .expect("run algoscope");
    assert!(plain.status.success());
    let plain = String::from_utf8(plain.stdout).expect("UTF-8 trace");
    assert_eq!(plain.lines().count(), 1, "one line without --pretty");
    assert_eq!(
        algoscope_trace_format::validate_str(&plain).expect("a valid trace"),
        trace
    );
}

#[test]
fn a_syntax_error_exits_2_with_its_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("broken.py");
    std::fs::write(&path, "x = 1\nwhile x <\n    pass\n").expect("write");
    let output = run_trace(&path, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "no trace written");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!("{}:2:", path.display())),
        "{stderr}"
    );
}

#[test]
fn other_languages_are_not_supported_yet() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("prog.rb");
    std::fs::write(&path, "puts 1\n").expect("write");
    let output = run_trace(&path, &[]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not supported"));
}

#[test]
fn a_missing_python_is_a_clear_error() {
    let output = run_trace(
        &program("closures.py"),
        &["--python", "/nonexistent/python3"],
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("/nonexistent/python3") && stderr.contains("3.9"),
        "{stderr}"
    );
}

#[test]
fn a_syntax_error_prints_file_line_column_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("algoscope-js-syntax-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("bad.ts");
    std::fs::write(&path, "let a: number = 1;\nif (a > 0 {\n}\n").expect("write");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .arg("trace")
        .arg(&path)
        .output()
        .expect("run algoscope");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!("{}:2:11:", path.display())),
        "{stderr}"
    );
}

#[test]
fn a_missing_module_is_a_clear_error_at_its_import() {
    let path = case_path("javascript", "imports/missing_import.mjs");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .arg("trace")
        .arg(&path)
        .output()
        .expect("run algoscope");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!(
            "{}:2:25: cannot find module './nope.mjs'",
            path.display()
        )),
        "{stderr}"
    );
}
#[test]
fn a_missing_node_is_a_clear_error() {
    let path = root().join("examples/javascript/fibonacci_memo.js");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .args(["trace", "--node", "/nonexistent/node"])
        .arg(&path)
        .output()
        .expect("run algoscope");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "algoscope: `/nonexistent/node` not found; tracing JavaScript and TypeScript needs \
         Node.js 18 or newer (on PATH, or pass --node PATH)\n"
    );
}
#[test]
fn an_undeclared_non_utf8_python_program_is_refused_by_line() {
    let out = algoscope("bad.py", b"x = 1\ny = '\xe9'\n");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(
            "algoscope: bad.py: line 2: byte 0xE9 is not UTF-8, and no encoding is declared"
        ),
        "{stderr}"
    );
}

#[test]
fn a_non_utf8_javascript_program_is_refused_by_line() {
    let out = algoscope("bad.js", b"let a = 1;\n\nlet s = '\xff';\n");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr,
        "algoscope: bad.js: line 3: byte 0xFF is not UTF-8 (save the file as UTF-8)\n"
    );
}
