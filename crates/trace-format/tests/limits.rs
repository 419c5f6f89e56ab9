//! The limits pass: each limit, on values and on text, without recursion.

mod common;

use algoscope_trace_format::{
    check_limits, validate_str, validate_str_with, validate_value, validate_value_with, Limits,
    ValidationError,
};
use serde_json::{json, Value};

fn nested_arrays(depth: usize) -> Value {
    let mut value = json!(0);
    for _ in 0..depth {
        value = Value::Array(vec![value]);
    }
    value
}

fn path(error: &ValidationError) -> String {
    error.path().map(ToString::to_string).unwrap_or_default()
}

#[test]
fn defaults_are_the_formats() {
    let limits = Limits::default();
    assert_eq!(limits.max_depth, 100);
    assert_eq!(limits.max_values, 5_000_000);
    assert_eq!(limits.max_text_chars, 200_000_000);
}

#[test]
fn depth_limit_counts_containers() {
    let limits = Limits::default();
    assert!(check_limits(&nested_arrays(100), &limits).is_ok());
    let error = check_limits(&nested_arrays(101), &limits).unwrap_err();
    assert!(matches!(error, ValidationError::TooDeep { limit: 100, .. }));
    assert_eq!(path(&error), "[0]".repeat(100));
}

#[test]
fn depth_inside_a_trace_names_the_path() {
    let mut doc = common::valid();
    doc["steps"][0]["extra"] = nested_arrays(98); // root, steps, steps[0] and 98 more
    let error = validate_value(doc).unwrap_err();
    assert_eq!(path(&error), format!("steps[0].extra{}", "[0]".repeat(97)));
}

#[test]
fn deep_text_gives_our_error_not_the_parsers() {
    for depth in [101, 127, 128, 129, 5_000] {
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let error = validate_str(&text).unwrap_err();
        assert!(
            matches!(error, ValidationError::TooDeep { limit: 100, .. }),
            "depth {depth}: {error}"
        );
        assert_eq!(path(&error), "[0]".repeat(100), "depth {depth}");
    }
}

#[test]
fn deep_text_path_follows_keys_and_indices() {
    let inner = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let text = format!(r#"{{"a": 1, "b\"c": [0, {{"d": {inner}}}]}}"#);
    let error = validate_str(&text).unwrap_err();
    assert_eq!(
        path(&error),
        format!(r#"["b\"c"][1].d{}"#, "[0]".repeat(97))
    );
}

#[test]
fn a_syntax_error_before_deep_nesting_is_a_syntax_error() {
    let text = format!(r#"{{"a": 1 "b": {}{}}}"#, "[".repeat(300), "]".repeat(300));
    let error = validate_str(&text).unwrap_err();
    assert!(matches!(error, ValidationError::Syntax { .. }), "{error}");
}

#[test]
fn hostile_depth_does_not_overflow_the_stack() {
    let text = "[".repeat(1_000_000);
    assert!(matches!(
        validate_str(&text),
        Err(ValidationError::TooDeep { .. })
    ));
    // A value built by the caller, far deeper than any parser allows, is checked and dropped
    // without recursion.
    let error = validate_value(nested_arrays(1_000_000)).unwrap_err();
    assert!(matches!(error, ValidationError::TooDeep { .. }));
}

#[test]
fn value_count_names_the_value_past_the_limit() {
    let doc = json!({"a": [1, 2, 3], "b": {"c": 4}});
    let limits = Limits {
        max_values: 7, // root, a, 1, 2, 3, b, c
        ..Limits::default()
    };
    assert!(check_limits(&doc, &limits).is_ok());
    let limits = Limits {
        max_values: 5,
        ..Limits::default()
    };
    let error = check_limits(&doc, &limits).unwrap_err();
    assert_eq!(error.to_string(), "b: more than 5 values in the document");
}

#[test]
fn text_counts_keys_and_strings_in_characters() {
    let doc = json!({"ab": "cdef", "g": "hé"});
    let fits = Limits {
        max_text_chars: 9,
        ..Limits::default()
    };
    assert!(check_limits(&doc, &fits).is_ok());
    let tight = Limits {
        max_text_chars: 8,
        ..Limits::default()
    };
    let error = check_limits(&doc, &tight).unwrap_err();
    assert_eq!(
        error.to_string(),
        "g: more than 8 characters of text in the document"
    );
}

#[test]
fn a_long_key_is_reported_at_the_key() {
    let doc = json!({"steps": [{"aaaaaaaaaa": 1}]});
    let limits = Limits {
        max_text_chars: 12,
        ..Limits::default()
    };
    let error = check_limits(&doc, &limits).unwrap_err();
    assert_eq!(path(&error), "steps[0].aaaaaaaaaa");
}

#[test]
fn forbidden_key_nested_in_arrays() {
    let doc = json!({"steps": [{"heap": {"__proto__": {}}}]});
    let error = check_limits(&doc, &Limits::default()).unwrap_err();
    assert!(matches!(error, ValidationError::ForbiddenKey { .. }));
    assert_eq!(path(&error), "steps[0].heap.__proto__");
}

#[test]
fn limits_run_before_the_schema() {
    let limits = Limits {
        max_values: 10,
        ..Limits::default()
    };
    let error = validate_value_with(common::valid(), &limits).unwrap_err();
    assert!(
        matches!(error, ValidationError::TooManyValues { .. }),
        "{error}"
    );
    assert_eq!(path(&error), "loops[0].bodyEnd");
}

#[test]
fn limits_apply_to_text_as_to_values() {
    let text = common::fixture_text("python_features.json");
    let deepest = Limits {
        max_depth: 8, // steps, a step, stack, a frame, locals, a pair, a value
        ..Limits::default()
    };
    assert!(validate_str_with(&text, &deepest).is_ok());
    let shallow = Limits {
        max_depth: 7,
        ..Limits::default()
    };
    let error = validate_str_with(&text, &shallow).unwrap_err();
    assert_eq!(path(&error), "steps[0].stack[0].locals[0][1]");
    // A valid document is read straight into the types, whatever its value count; one the
    // types refuse is read as a tree, within `max_values`.
    let few = Limits {
        max_values: 10,
        ..Limits::default()
    };
    assert!(validate_str_with(&text, &few).is_ok());
    let broken = text.replacen("\"line\": ", "\"line\": \"x\", \"_\": ", 1);
    let error = validate_str_with(&broken, &few).unwrap_err();
    assert!(
        matches!(error, ValidationError::TooManyValues { .. }),
        "{error}"
    );
    // A text longer than `max_text_chars` whose keys and strings are within it is still
    // read straight into the types (the CLI writes traces of hundreds of MB).
    let long = Limits {
        max_values: 10,
        max_text_chars: text.len() - 1,
        ..Limits::default()
    };
    assert!(validate_str_with(&text, &long).is_ok());
    let short = Limits {
        max_text_chars: 100,
        ..Limits::default()
    };
    let error = validate_str_with(&text, &short).unwrap_err();
    assert_eq!(path(&error), "source");
}
