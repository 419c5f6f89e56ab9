//! The properties algoscope's fuzz targets check, one function per target, each taking the
//! fuzzer's bytes. Every function returns normally for any input; a panic is a finding
//! (a crash in the code under test, or a property that does not hold). `fuzz/` (cargo-fuzz,
//! nightly) calls them from its targets; `tests/seeds.rs` runs each over its checked-in seed
//! corpus and regression inputs on stable.
//!
//! Inputs are capped at [`MAX_INPUT`] bytes so that one input costs bounded time and memory.

use algoscope_instrument_js::{InstrumentOptions, SourceKind};
use algoscope_run::{build_trace, Analysis, Language, ProcessEnd, Program};
use algoscope_trace_format::{validate_bytes, validate_str, validate_str_all, validate_value};

/// Longest input looked at, in bytes (the rest is ignored).
pub const MAX_INPUT: usize = 64 * 1024;

/// A target's check of one input.
pub type Check = fn(&[u8]);

/// Every target by name (its folder under `fuzz/corpus/` and `fuzz/regressions/`).
pub const TARGETS: [(&str, Check); 6] = [
    ("trace_text", trace_text),
    ("trace_value", trace_value),
    ("py_analysis", py_analysis),
    ("instrument_js", instrument_js),
    ("instrument_ts", instrument_ts),
    ("record_stream", record_stream),
];

fn capped(data: &[u8]) -> &[u8] {
    &data[..data.len().min(MAX_INPUT)]
}

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(capped(data)).ok()
}

/// Trace validation from text and bytes: never a panic; the text and bytes paths agree;
/// `--all`'s first problem is the one `validate_str` reports; a valid trace written out again
/// is valid.
pub fn trace_text(data: &[u8]) {
    let data = capped(data);
    let from_bytes = validate_bytes(data);
    let Ok(text) = std::str::from_utf8(data) else {
        assert!(
            from_bytes.is_err(),
            "bytes that are not UTF-8 were accepted"
        );
        return;
    };
    let one = validate_str(text);
    let all = validate_str_all(text);
    match (&one, &all) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(first), Err(problems)) => assert_eq!(problems.first(), Some(first)),
        _ => panic!("validate_str and validate_str_all disagree"),
    }
    if !data.starts_with(&algoscope_trace_format::GZIP_MAGIC) {
        assert_eq!(one.is_ok(), from_bytes.is_ok(), "text and bytes disagree");
    }
    if let Ok(trace) = one {
        let again = serde_json::to_string(&trace).expect("a valid trace serializes");
        let back = validate_str(&again).expect("a valid trace written out is valid");
        assert_eq!(back, trace);
    }
}

/// Trace validation from a JSON value (any JSON the bytes parse to): never a panic, and the
/// value path agrees with the text path.
pub fn trace_value(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(document) = serde_json::from_str::<serde_json::Value>(text) else {
        return;
    };
    let from_value = validate_value(document.clone());
    let from_text = validate_str(&document.to_string());
    assert_eq!(
        from_value.is_ok(),
        from_text.is_ok(),
        "value and text disagree"
    );
    if let (Ok(a), Ok(b)) = (from_value, from_text) {
        assert_eq!(a, b);
    }
}

/// The Python analysis of any text (decoded as Python decodes a file): never a panic, for
/// the oldest and newest syntax accepted; line numbers inside the text.
pub fn py_analysis(data: &[u8]) {
    let data = capped(data);
    let Ok(source) = algoscope_py_analysis::decode_source(data) else {
        return;
    };
    for target_version in [(3, 9), (3, 12)] {
        let options = algoscope_py_analysis::AnalyzeOptions { target_version };
        let analysis = algoscope_py_analysis::analyze(&source, &options);
        let lines = line_breaks(&source) + 2;
        for error in &analysis.syntax_errors {
            assert!(error.line <= lines, "syntax error past the end: {error:?}");
        }
        for info in &analysis.loops {
            assert!(info.line <= lines, "loop past the end: {info:?}");
        }
    }
}

/// Line breaks as Python counts them (`\n`, `\r\n` and a lone `\r`).
fn line_breaks(source: &str) -> u32 {
    let bytes = source.as_bytes();
    let lone_cr = bytes
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
        .count();
    let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
    u32::try_from(lone_cr + newlines).unwrap_or(u32::MAX)
}

/// JavaScript instrumentation: never a panic, and whatever instruments gives code that parses.
pub fn instrument_js(data: &[u8]) {
    instrument(data, Language::Javascript);
}

/// TypeScript instrumentation: never a panic, and whatever instruments gives code (and
/// stripped JavaScript) that parses.
pub fn instrument_ts(data: &[u8]) {
    instrument(data, Language::Typescript);
}

fn instrument(data: &[u8], language: Language) {
    let Some(source) = text(data) else { return };
    let options = InstrumentOptions {
        language,
        source_kind: SourceKind::Auto,
    };
    let Ok(instrumented) = algoscope_instrument_js::instrument(source, &options) else {
        return;
    };
    let kind = if instrumented.module {
        SourceKind::Module
    } else {
        SourceKind::Script
    };
    let js = InstrumentOptions {
        language: Language::Javascript,
        source_kind: kind,
    };
    let errors = algoscope_instrument_js::analyze(&instrumented.code, &js).syntax_errors;
    assert!(
        errors.is_empty(),
        "the instrumented code does not parse: {errors:?}\n--- source\n{source}\n--- code\n{}",
        instrumented.code
    );
    if let Some(stripped) = &instrumented.javascript {
        let errors = algoscope_instrument_js::analyze(stripped, &js).syntax_errors;
        assert!(
            errors.is_empty(),
            "the stripped TypeScript does not parse: {errors:?}"
        );
    }
}

/// The record-stream assembler on any text: a trace or an error, never a panic; a trace it
/// builds is valid (it validates what it builds) and survives being written out.
pub fn record_stream(data: &[u8]) {
    let Some(records) = text(data) else { return };
    let program = Program::from_source("x = 1\ny = 2\nprint(x + y)\n", Language::Python, "f.py");
    for killed in [false, true] {
        let end = ProcessEnd {
            who: "the tracer",
            killed,
            status: "exit status: 0",
            stderr: "",
            limit: None,
        };
        if let Ok(trace) = build_trace(&program, Analysis::default(), records, &end) {
            let text = serde_json::to_string(&trace).expect("a trace serializes");
            validate_str(&text).expect("an assembled trace written out is valid");
        }
    }
}
