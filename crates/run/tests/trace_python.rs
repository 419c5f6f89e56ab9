//! `algoscope trace` on every Python example: the trace validates, its stdout is exactly what
//! plain `python3` prints, it is the same on every run, and it equals the checked-in golden
//! trace `tests/traces/python/NAME.json` (full heaps, pretty JSON; regenerate deliberate
//! changes with `scripts/update-traces.sh`).

mod trace_python_support;

use std::process::Command;

use trace_python_support::{root, trace_text};

#[test]
fn examples_match_python_and_their_goldens() {
    let examples = root().join("examples/python");
    let mut names: Vec<_> = std::fs::read_dir(&examples)
        .expect("examples/python")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    names.sort();
    assert!(names.len() >= 16, "expected the example corpus");
    let mut stale = Vec::new();
    for path in &names {
        let (text, trace) = trace_text(path, &[]);
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
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let golden = root().join(format!("tests/traces/python/{stem}.json"));
        let expected = std::fs::read_to_string(&golden).unwrap_or_default();
        if expected != text {
            stale.push(golden.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "golden traces are stale (run scripts/update-traces.sh and review the diff): {stale:?}"
    );
}

#[test]
fn traces_are_deterministic() {
    let path = root().join("examples/python/bfs_dfs.py");
    let (first, _) = trace_text(&path, &[]);
    let (second, _) = trace_text(&path, &[]);
    assert_eq!(first, second);
}
