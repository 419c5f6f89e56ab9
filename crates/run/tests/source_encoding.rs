//! Program files are read in their language's encoding: Python's PEP 263 declaration is
//! honoured (CPython does), anything else must be UTF-8, and bytes that are not text are
//! named by line and byte.

use std::process::{Command, Output};

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
fn a_latin1_python_program_runs_as_cpython_reads_it() {
    let out = algoscope(
        "cafe.py",
        b"# -*- coding: latin-1 -*-\nx = 'caf\xe9'\nprint(x, len(x))\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let trace = algoscope_trace_format::validate_str(&String::from_utf8_lossy(&out.stdout))
        .expect("a valid trace");
    assert_eq!(trace.stdout, "café 4\n");
    assert!(trace.source.contains("x = 'café'"));
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
