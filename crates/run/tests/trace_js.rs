//! `trace_program` on every JavaScript and TypeScript example: the trace validates, its
//! stdout equals what `node` prints for the program (TypeScript: for the JavaScript version of
//! the same example), and it matches its golden snapshot in `tests/traces/` (heaps as deltas).

mod support;

use std::path::Path;

use algoscope_run::TraceOptions;
use support::{golden, node_stdout, trace_file};

fn check_example(path: &Path, reference_js: &Path, language_dir: &str) {
    let trace = trace_file(path, &TraceOptions::default());
    assert!(
        trace.error.is_none(),
        "{}: {:?}",
        path.display(),
        trace.error
    );
    assert!(!trace.truncated, "{}: truncated", path.display());
    assert_eq!(
        trace.stdout,
        node_stdout(reference_js),
        "{}: stdout differs from node",
        path.display()
    );
    golden(language_dir, path, "trace", &trace);
}

#[test]
fn javascript_examples() {
    insta::glob!("../../../examples/javascript", "*.js", |path| {
        check_example(path, path, "javascript");
    });
}

#[test]
fn typescript_examples() {
    insta::glob!("../../../examples/typescript", "*.ts", |path| {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let js = path
            .parent()
            .and_then(Path::parent)
            .map(|examples| examples.join("javascript").join(format!("{stem}.js")))
            .unwrap_or_default();
        check_example(path, &js, "typescript");
    });
}
