//! `algoscope validate` run as a process on trace fixtures.

use std::path::PathBuf;
use std::process::{Command, Output};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/traces")
        .join(name)
}

fn validate(path: &PathBuf) -> Output {
    Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .arg("validate")
        .arg(path)
        .output()
        .expect("the algoscope binary runs")
}

#[test]
fn a_valid_trace_prints_its_step_count() {
    let out = validate(&fixture("python_features.json"));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ok: 7 steps\n");
    assert!(out.stderr.is_empty());
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_delta_trace_is_expanded_and_accepted() {
    let out = validate(&fixture("python_delta.json"));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ok: 8 steps\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_bad_field_is_named_by_its_path() {
    let path = fixture("invalid/bad_type.json");
    let out = validate(&path);
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("{}: steps[3].line: expected integer\n", path.display())
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn malformed_json_names_line_and_column() {
    let path = fixture("invalid/malformed.json");
    let out = validate(&path);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "{}: line 3, column 3: expected `,` or `}}`\n",
            path.display()
        )
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let path = fixture("no_such_trace.json");
    let out = validate(&path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(&format!("algoscope: cannot read {}: ", path.display())),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(1));
}
