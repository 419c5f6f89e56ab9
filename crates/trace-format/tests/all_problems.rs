//! `validate_str_all` lists every problem (each bad field's path), and its first problem is
//! the one `validate_str` reports.

mod common;

use algoscope_trace_format::{validate_str, validate_str_all, ValidationError};
use proptest::prelude::*;
use serde_json::{json, Value};

fn paths(problems: &[ValidationError]) -> Vec<String> {
    problems
        .iter()
        .map(|p| p.path().map(ToString::to_string).unwrap_or_default())
        .collect()
}

fn set(doc: &mut Value, pointer: &str, value: Value) {
    *doc.pointer_mut(pointer).expect("pointer into the fixture") = value;
}

#[test]
fn a_valid_trace_has_no_problems() {
    let text = common::valid().to_string();
    let trace = validate_str_all(&text).expect("valid");
    assert_eq!(trace, validate_str(&text).unwrap());
}

#[test]
fn every_bad_field_is_listed_with_its_path() {
    let mut doc = common::valid();
    set(&mut doc, "/language", json!("cobol"));
    set(&mut doc, "/steps/1/line", json!("two"));
    set(&mut doc, "/steps/3/event", json!("jump"));
    set(&mut doc, "/stdout", json!(7));
    let text = doc.to_string();
    let problems = validate_str_all(&text).expect_err("invalid");
    let mut found = paths(&problems);
    found.sort();
    assert_eq!(
        found,
        ["language", "stdout", "steps[1].line", "steps[3].event"]
    );
    let first = validate_str(&text).expect_err("invalid");
    assert_eq!(problems[0], first);
}

#[test]
fn a_problem_that_stops_the_reading_is_listed_alone() {
    let problems = validate_str_all("{\"version\": 1,").expect_err("not JSON");
    assert_eq!(problems.len(), 1);
    assert!(matches!(problems[0], ValidationError::Syntax { .. }));
    let mut doc = common::valid();
    set(&mut doc, "/version", json!(9));
    set(&mut doc, "/stdout", json!(7));
    let problems = validate_str_all(&doc.to_string()).expect_err("unsupported");
    assert_eq!(paths(&problems), ["version"]);
}

#[test]
fn reference_and_line_problems_are_both_listed() {
    let mut doc = common::valid();
    let lines = doc["source"].as_str().unwrap().lines().count();
    set(&mut doc, "/steps/0/line", json!(lines + 5));
    doc["steps"][1]["stack"][0]["locals"] = json!([["ghost", {"kind": "ref", "id": "o999"}]]);
    let text = doc.to_string();
    let problems = validate_str_all(&text).expect_err("invalid");
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert_eq!(problems[0], validate_str(&text).expect_err("invalid"));
}

proptest! {
    /// Whatever one field is changed to, the first listed problem is the one validate_str
    /// reports, and the list is empty exactly when the trace is valid.
    #[test]
    fn the_first_problem_is_validate_strs(
        pointer in prop::sample::select(vec![
            "/language", "/steps/0/line", "/steps/2/event", "/stdout", "/steps/1/stdoutLength",
            "/version", "/steps/0/stack/0/func",
        ]),
        value in prop_oneof![
            Just(json!(null)), Just(json!(-1)), Just(json!("x")), Just(json!(1.5)),
            Just(json!([])), Just(json!({})), Just(json!(3)),
        ],
    ) {
        let mut doc = common::valid();
        set(&mut doc, pointer, value);
        let text = doc.to_string();
        match (validate_str(&text), validate_str_all(&text)) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
            (Err(first), Err(all)) => prop_assert_eq!(&all[0], &first),
            (one, all) => prop_assert!(false, "disagree: {:?} vs {:?}", one.err(), all.err()),
        }
    }
}
