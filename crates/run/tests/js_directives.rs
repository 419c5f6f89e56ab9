//! A program that starts with a directive prologue (`"use strict"`) keeps it first: the
//! recorder's set-up goes after it, the directive still applies, and one with no `;` or
//! newline after it still runs (found by fuzzing instrument-js).

mod support;

use algoscope_run::{trace_program, Program, TraceOptions};
use algoscope_trace_format::Language;

fn stdout(source: &str) -> String {
    let program = Program::from_source(source, Language::Javascript, "strict.js");
    let trace = trace_program(&program, &TraceOptions::default()).expect("a trace");
    assert!(trace.error.is_none(), "{:?}", trace.error);
    trace.stdout
}

#[test]
fn use_strict_stays_a_directive() {
    let source = "'use strict';\nlet x = 1;\nconsole.log(x, (function () { return this === undefined; })());\n";
    assert_eq!(stdout(source), "1 true\n");
}

#[test]
fn a_directive_without_a_semicolon_at_the_end_of_the_file_runs() {
    assert_eq!(stdout("\"just a string\""), "");
}
