//! The fast reader reads what serde reads: the same trace from every valid fixture (as
//! written, compact and pretty), and on edited text either the same trace as serde or
//! nothing (never a trace serde refuses).

use std::path::PathBuf;

use proptest::prelude::*;

use super::read_trace;
use crate::types::Trace;

const VALID: &[&str] = &[
    "python_features.json",
    "python_delta.json",
    "python_error.json",
    "python_truncated.json",
    "javascript_builtins.json",
];

fn fixture_text(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/traces")
        .join(name);
    std::fs::read_to_string(path).expect("fixture readable")
}

/// Each valid fixture as written, compact and pretty.
fn texts() -> Vec<String> {
    VALID
        .iter()
        .flat_map(|name| {
            let text = fixture_text(name);
            let value: serde_json::Value = serde_json::from_str(&text).expect("fixture is JSON");
            [
                text,
                value.to_string(),
                serde_json::to_string_pretty(&value).expect("serializable"),
            ]
        })
        .collect()
}

fn by_serde(text: &str) -> Option<Trace> {
    serde_json::from_str(text).ok()
}

#[test]
fn reads_every_valid_fixture_as_serde_does() {
    for text in texts() {
        let fast = read_trace(&text);
        assert!(fast.is_some(), "the fast reader gave up on {}", &text[..80]);
        assert_eq!(fast, by_serde(&text));
    }
}

#[test]
fn reads_escapes_numbers_and_kinds_left_to_serde() {
    let text = r#"{"version": 1, "language": "python", "source": "a\n\"b\"\n",
      "steps": [{"event": "return", "line": 2, "stdoutLength": 0, "heapIds": ["o\u0031", "o2"],
        "stack": [{"id": "f1", "func": "\u00e9\ud83d\ude00", "line": 2, "state": "active",
                   "locals": [["s", {"kind": "prim", "type": "str", "repr": "'\\t'", "length": null}]]}],
        "heap": {"o1": {"kind": "dict", "typeName": "dict", "entries": [], "length": 0},
                 "o2": {"kind": "tuple", "typeName": "tuple", "items": [], "length": 0,
                        "offset": 0, "sizeBytes": null}},
        "returnValue": {"kind": "ref", "id": "o1"}, "loops": [], "output": null}],
      "stdout": "", "heapDelta": true}"#;
    let fast = read_trace(text).expect("read");
    assert_eq!(Some(&fast), by_serde(text).as_ref());
    assert_eq!(fast.steps[0].stack[0].func, "é😀");
}

#[test]
fn refuses_what_serde_refuses() {
    let base = fixture_text("python_delta.json");
    let value: serde_json::Value = serde_json::from_str(&base).expect("JSON");
    let text = value.to_string();
    for (from, to) in [
        (r#""line":"#, r#""line":1.0,"x":"#),
        (r#""kind":"list""#, r#""kind":"list","kind":"list""#),
        (r#""stdoutLength":"#, r#""stdoutLength":-"#),
        (
            r#""heap":{"#,
            r#""heap":{"o1":{"kind":"value","typeName":"t","repr":"r"},"#,
        ),
        (r#""event":"line""#, r#""event":"lines""#),
        (r#""version":1"#, r#""version":1,"version":1"#),
    ] {
        let edited = text.replacen(from, to, 1);
        assert_ne!(edited, text, "{from} is in the fixture");
        assert_eq!(read_trace(&edited), None, "{to}");
        assert!(by_serde(&edited).is_none() || read_trace(&edited).is_none());
    }
}

/// Bits of JSON that an edit inserts.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\\",
    "\\u0041",
    "null",
    "0",
    "01",
    "1.5",
    "-1",
    "1e3",
    " ",
    "\n",
    "\"kind\"",
    "\"list\"",
    "\"prim\"",
    "\"heapIds\"",
    "\"o1\"",
    "é",
    "\u{1}",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn edited_text_is_read_as_serde_reads_it_or_not_at_all(
        doc in any::<prop::sample::Index>(),
        edits in prop::collection::vec(
            (any::<prop::sample::Index>(), 0..4usize, prop::sample::select(TOKENS)), 1..4),
    ) {
        let mut text = doc.get(&texts()).clone();
        for (at, delete, token) in edits {
            let mut start = at.index(text.len() + 1);
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + delete).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            text.replace_range(start..end, token);
        }
        if let Some(fast) = read_trace(&text) {
            prop_assert_eq!(Some(fast), by_serde(&text));
        }
    }
}
