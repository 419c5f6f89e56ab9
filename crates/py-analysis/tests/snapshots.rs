//! One Python file → one snapshot of its analysis (JSON, as the CLI hands it to the tracer).
//!
//! `examples`: every program of `examples/python`; `edge_cases`: the edge-case files of
//! `tests/fixtures/python-analysis`. The snapshot's description is the program itself, so a
//! snapshot can be checked against the source it came from.

use std::fs;
use std::path::Path;

use algoscope_py_analysis::{analyze, AnalyzeOptions};

/// Snapshots the analysis of the file at `path` as `<group>@<file name>`.
fn snapshot(group: &str, path: &Path) {
    let source = fs::read_to_string(path).expect("fixture is readable UTF-8");
    let analysis = analyze(&source, &AnalyzeOptions::default());
    insta::with_settings!({ description => source, omit_expression => true }, {
        insta::assert_json_snapshot!(group, analysis);
    });
}

#[test]
fn examples() {
    insta::glob!("../../../examples/python", "*.py", |path| snapshot(
        "examples", path
    ));
}

#[test]
fn edge_cases() {
    insta::glob!("../../../tests/fixtures/python-analysis", "*.py", |path| {
        snapshot("edge_cases", path)
    });
}
