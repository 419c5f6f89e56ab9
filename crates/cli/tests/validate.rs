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

#[test]
fn all_lists_every_problem_and_the_default_only_the_first() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let text = std::fs::read_to_string(fixture("python_features.json")).expect("fixture");
    let mut doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    doc["language"] = "cobol".into();
    doc["steps"][1]["line"] = "two".into();
    doc["stdout"] = 7.into();
    let path = dir.path().join("bad.json");
    std::fs::write(&path, doc.to_string()).expect("written");

    let out = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .args(["validate", "--all"])
        .arg(&path)
        .output()
        .expect("the algoscope binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    let first = lines[0].to_owned();
    lines.sort_unstable();
    let shown = path.display().to_string();
    for (line, field) in lines.iter().zip(["language", "stdout", "steps[1].line"]) {
        assert!(line.starts_with(&format!("{shown}: {field}: ")), "{line}");
    }
    assert_eq!(out.status.code(), Some(1));

    let one = validate(&path);
    assert_eq!(String::from_utf8_lossy(&one.stderr), format!("{first}\n"));
    assert_eq!(one.status.code(), Some(1));
}
