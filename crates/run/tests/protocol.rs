//! The record protocol (`runtimes/PROTOCOL.md`) as fixtures: each valid record stream in
//! `protocol/valid/` gives a snapshot of the trace `build_trace` assembles (heaps as deltas),
//! each invalid one in `protocol/invalid/` a snapshot of the error, with its line. All were
//! recorded from, or cut out of, a run of `protocol/program.py`.

use std::path::Path;

use algoscope_run::{analyze, build_trace, Analysis, Language, ProcessEnd, Program};
use algoscope_trace_format::to_delta;

fn program() -> Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/protocol/program.py");
    let source = std::fs::read_to_string(path).expect("program.py");
    Program::from_source(source, Language::Python, "program.py")
}

/// The static analysis the runner hands to the tracer and to `build_trace` (the loops).
fn analysis(program: &Program) -> Analysis {
    analyze(&program.source, Language::Python)
}

/// How the fixture's process ended: a stream cut inside a record was killed at the budget.
fn end(records: &str) -> ProcessEnd<'static> {
    ProcessEnd {
        who: "the tracer",
        killed: !records.ends_with('\n'),
        status: "exit status: 0",
        stderr: "",
        limit: None,
    }
}

#[test]
fn valid_streams_assemble_into_traces() {
    insta::glob!("protocol/valid", "*.ndjson", |path| {
        let records = std::fs::read_to_string(path).expect("fixture");
        let program = program();
        let trace = build_trace(&program, analysis(&program), &records, &end(&records))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        insta::with_settings!({ omit_expression => true }, {
            insta::assert_json_snapshot!(to_delta(&trace));
        });
    });
}

#[test]
fn invalid_streams_are_refused_with_their_line() {
    insta::glob!("protocol/invalid", "*.ndjson", |path| {
        let records = std::fs::read_to_string(path).expect("fixture");
        let program = program();
        let error = build_trace(&program, analysis(&program), &records, &end(&records))
            .expect_err("an invalid stream");
        insta::with_settings!({ omit_expression => true }, {
            insta::assert_snapshot!(error.to_string());
        });
    });
}
