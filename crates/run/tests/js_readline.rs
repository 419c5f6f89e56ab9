//! JavaScript's `readline` over standard input reads the run's stdin like `prompt()`, inside
//! the traced run, and prints what plain `node` prints with the same input.

mod support;

use std::io::Write;
use std::process::{Command, Stdio};

use algoscope_run::{trace_program, Program, TraceOptions};

/// Traces `source` saved as `name` with `stdin`; returns the trace's stdout, and what
/// `node FILE` prints with the same standard input.
fn both(name: &str, source: &str, stdin: &str) -> (String, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, source).expect("the program is written");
    let options = TraceOptions {
        stdin: Some(stdin.into()),
        ..TraceOptions::default()
    };
    let program = Program::from_path(&path).expect("the program is read");
    let trace = trace_program(&program, &options).expect("a trace");
    assert!(trace.error.is_none(), "{:?}", trace.error);
    let mut node = Command::new("node")
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs");
    node.stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    let output = node.wait_with_output().expect("node ends");
    (
        trace.stdout,
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn line_events_read_the_given_stdin() {
    let source = "const readline = require('readline');\nconst rl = readline.createInterface({ input: process.stdin });\nconst lines = [];\nrl.on('line', (line) => lines.push(line.toUpperCase()));\nrl.on('close', () => console.log(lines.join(',')));\n";
    let (traced, plain) = both("lines.js", source, "a\nb\nc\n");
    assert_eq!(traced, "A,B,C\n");
    assert_eq!(traced, plain);
}

#[test]
fn for_await_over_an_interface_reads_every_line() {
    let source = "import readline from 'node:readline';\nconst rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });\nlet total = 0;\nfor await (const line of rl) total += Number(line);\nconsole.log(total);\n";
    let (traced, plain) = both("sum.mjs", source, "1\n2\n3\n");
    assert_eq!(traced, "6\n");
    assert_eq!(traced, plain);
}

#[test]
fn question_prints_its_text_and_answers_with_a_line() {
    let source = "const { createInterface } = require('node:readline');\nconst rl = createInterface({ input: process.stdin, output: process.stdout });\nrl.question('name? ', (name) => {\n  console.log(`hi ${name}`);\n  rl.close();\n});\n";
    let (traced, _) = both("ask.js", source, "ada\n");
    assert_eq!(traced, "name? hi ada\n");
}
