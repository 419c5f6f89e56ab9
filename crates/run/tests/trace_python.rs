//! `trace_program` on every Python example: the trace validates, its stdout is exactly what
//! plain `python3` prints, it is the same on every run, and it matches its golden snapshot
//! `tests/traces/python/trace@NAME.py.snap` (heaps as deltas, as for JavaScript; update
//! deliberate changes with `INSTA_UPDATE=always cargo test -p algoscope-run --test
//! trace_python` and review the diff).

mod support;

use std::process::Command;

use algoscope_run::TraceOptions;
use support::{golden, root, trace_file, trace_text};

#[test]
fn examples_match_python_and_their_goldens() {
    let mut count = 0;
    insta::glob!("../../../examples/python", "*.py", |path| {
        count += 1;
        let trace = trace_file(path, &TraceOptions::default());
        assert!(
            trace.error.is_none(),
            "{}: {:?}",
            path.display(),
            trace.error
        );
        assert!(!trace.truncated, "{}: truncated", path.display());
        let plain = Command::new("python3").arg(path).output().expect("python3");
        assert_eq!(
            trace.stdout,
            String::from_utf8_lossy(&plain.stdout),
            "{}: stdout differs from plain python3",
            path.display()
        );
        golden("python", path, "trace", &trace);
    });
    assert!(count >= 16, "expected the example corpus");
}

#[test]
fn traces_are_deterministic() {
    let path = root().join("examples/python/bfs_dfs.py");
    let (first, _) = trace_text(&path, &TraceOptions::default());
    let (second, _) = trace_text(&path, &TraceOptions::default());
    assert_eq!(first, second);
}
