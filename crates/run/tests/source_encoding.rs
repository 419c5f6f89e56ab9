//! Program files are read in their language's encoding: Python's PEP 263 declaration is
//! honoured (CPython does). (That anything else must be UTF-8, and bytes that are not text
//! are named by line and byte, is tested on the command line's messages in
//! `crates/cli/tests/trace_errors.rs`.)

use algoscope_run::{trace_program, Program, RunError, Trace, TraceOptions};

/// Traces `bytes` saved as `file`.
fn trace(file: &str, bytes: &[u8]) -> Result<Trace, RunError> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(file);
    std::fs::write(&path, bytes).expect("written");
    trace_program(&Program::from_path(&path)?, &TraceOptions::default())
}

#[test]
fn a_latin1_python_program_runs_as_cpython_reads_it() {
    let trace = trace(
        "cafe.py",
        b"# -*- coding: latin-1 -*-\nx = 'caf\xe9'\nprint(x, len(x))\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(trace.stdout, "café 4\n");
    assert!(trace.source.contains("x = 'café'"));
}
