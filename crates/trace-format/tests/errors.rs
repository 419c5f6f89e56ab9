//! Every way validation refuses a trace, each with the path it must name.

mod common;

use algoscope_trace_format::{validate_str, validate_value, ValidationError};
use serde_json::{json, Value};

/// The valid fixture with `change` applied, validated.
fn refuse(change: impl FnOnce(&mut Value)) -> ValidationError {
    let mut doc = common::valid();
    change(&mut doc);
    validate_value(doc).expect_err("the changed trace was accepted")
}

fn at<'a>(doc: &'a mut Value, pointer: &str) -> &'a mut Value {
    doc.pointer_mut(pointer).expect("pointer into the fixture")
}

fn path(error: &ValidationError) -> String {
    error.path().map(ToString::to_string).unwrap_or_default()
}

#[test]
fn the_fixture_itself_is_valid() {
    validate_value(common::valid()).unwrap();
}

#[test]
fn bad_type() {
    let error = refuse(|d| *at(d, "/steps/3/line") = json!("17"));
    assert!(matches!(error, ValidationError::Schema { .. }));
    assert_eq!(error.to_string(), "steps[3].line: expected integer");
}

#[test]
fn missing_field_names_the_field() {
    let error = refuse(|d| {
        at(d, "/steps/1/stack/1")
            .as_object_mut()
            .unwrap()
            .remove("func");
    });
    assert_eq!(path(&error), "steps[1].stack[1].func");
}

#[test]
fn unknown_field_names_the_field() {
    let error = refuse(|d| {
        at(d, "/counts")
            .as_object_mut()
            .unwrap()
            .insert("calls".into(), json!(1));
    });
    assert_eq!(error.to_string(), "counts.calls: unknown field");
}

#[test]
fn counts_must_be_an_object_not_an_array() {
    // Serde reads a struct from an array too (fields by position; `[]` when all default);
    // the schema says object (found by the mutation property test).
    for counts in [json!([]), json!([3, {}])] {
        let text = {
            let mut doc = common::valid();
            *at(&mut doc, "/counts") = counts.clone();
            doc.to_string()
        };
        let error = refuse(|d| *at(d, "/counts") = counts.clone());
        assert_eq!(path(&error), "counts", "{error}");
        assert_eq!(
            validate_str(&text).expect_err("text accepted").to_string(),
            error.to_string()
        );
    }
}

#[test]
fn wrong_value_inside_a_heap_object() {
    let error = refuse(|d| *at(d, "/steps/0/heap/o4/items/1/kind") = json!("primitive"));
    assert_eq!(
        error.to_string(),
        r#"steps[0].heap.o4.items[1].kind: expected one of "prim", "ref", "unreadable""#
    );
}

#[test]
fn optional_object_reports_inside_the_object() {
    let error = refuse(|d| *at(d, "/error") = json!({"type": "E", "message": 3}));
    assert_eq!(error.to_string(), "error.message: expected string");
    let error = refuse(|d| *at(d, "/error") = json!(3));
    assert_eq!(error.to_string(), "error: expected object or null");
}

#[test]
fn non_identifier_keys_are_quoted() {
    let error = refuse(|d| {
        at(d, "/steps/0/heap").as_object_mut().unwrap().insert(
            "weird key".into(),
            json!({"kind": "value", "typeName": "x", "repr": 1}),
        );
    });
    assert_eq!(path(&error), r#"steps[0].heap["weird key"].repr"#);
}

#[test]
fn numeric_keys_stay_keys() {
    let error = refuse(|d| *at(d, "/indexNames") = json!({"0": [1]}));
    assert_eq!(path(&error), r#"indexNames["0"][0]"#);
}

#[test]
fn integer_out_of_range() {
    let error = refuse(|d| *at(d, "/steps/0/line") = json!(5_000_000_000u64));
    assert_eq!(path(&error), "steps[0].line");
}

#[test]
fn integer_written_as_float_fails_in_the_types() {
    let error = refuse(|d| *at(d, "/steps/2/stack/0/line") = json!(26.0));
    assert!(matches!(error, ValidationError::Deserialize { .. }));
    assert_eq!(path(&error), "steps[2].stack[0].line");
}

#[test]
fn unknown_version_is_refused_before_the_schema() {
    let error = refuse(|d| {
        *at(d, "/version") = json!(2);
        *at(d, "/steps") = json!("not even steps");
    });
    assert_eq!(
        error,
        ValidationError::UnsupportedVersion {
            path: algoscope_trace_format::JsonPath::root().key("version"),
            found: "2".into(),
            supported: &[1],
        }
    );
    assert!(error.to_string().contains("supported: 1"), "{error}");
}

#[test]
fn version_of_the_wrong_type_is_a_schema_error() {
    let error = refuse(|d| *at(d, "/version") = json!("1"));
    assert_eq!(error.to_string(), "version: expected integer");
}

#[test]
fn dangling_ref_in_locals() {
    let error =
        refuse(|d| *at(d, "/steps/3/stack/1/locals/0/1") = json!({"kind": "ref", "id": "o404"}));
    assert_eq!(
        error,
        ValidationError::DanglingRef {
            path: algoscope_trace_format::JsonPath::root()
                .key("steps")
                .index(3)
                .key("stack")
                .index(1)
                .key("locals")
                .index(0)
                .index(1)
                .key("id"),
            id: "o404".into(),
        }
    );
}

#[test]
fn dangling_ref_as_dict_key() {
    let error = refuse(|d| *at(d, "/steps/2/heap/o5/entries/1/0/id") = json!("o70"));
    assert_eq!(path(&error), "steps[2].heap.o5.entries[1][0].id");
}

#[test]
fn dangling_ref_in_captured_values() {
    let error =
        refuse(|d| *at(d, "/steps/6/heap/o9/captured/0/1") = json!({"kind": "ref", "id": "x"}));
    assert_eq!(path(&error), "steps[6].heap.o9.captured[0][1].id");
}

#[test]
fn dangling_ref_in_return_value() {
    let error = refuse(|d| *at(d, "/steps/4/returnValue") = json!({"kind": "ref", "id": "gone"}));
    assert_eq!(path(&error), "steps[4].returnValue.id");
}

#[test]
fn dangling_printed_ref() {
    let error = refuse(|d| {
        at(d, "/steps/6/output/refs")
            .as_array_mut()
            .unwrap()
            .push(json!("o99"))
    });
    assert_eq!(path(&error), "steps[6].output.refs[1]");
}

#[test]
fn duplicate_frame_ids() {
    let error = refuse(|d| *at(d, "/steps/5/stack/1/id") = json!("f1"));
    assert!(matches!(error, ValidationError::DuplicateFrame { .. }));
    assert_eq!(path(&error), "steps[5].stack[1].id");
}

#[test]
fn loop_context_of_a_missing_frame() {
    let error = refuse(|d| *at(d, "/steps/5/loops/1/frame") = json!("f9"));
    assert_eq!(path(&error), "steps[5].loops[1].frame");
}

#[test]
fn decreasing_stdout_length() {
    let error = refuse(|d| {
        *at(d, "/steps/5/stdoutLength") = json!(5);
        *at(d, "/steps/6/stdoutLength") = json!(3);
    });
    assert_eq!(
        error.to_string(),
        "steps[6].stdoutLength: 3 is less than the previous step's 5"
    );
}

#[test]
fn stdout_length_counts_characters() {
    // "0 [3, 1]\n" is 9 characters; with a two-byte character it is still 9.
    let mut doc = common::valid();
    *at(&mut doc, "/stdout") = json!("é [3, 1]\n");
    validate_value(doc).unwrap();
    let error = refuse(|d| *at(d, "/steps/6/stdoutLength") = json!(10));
    assert_eq!(
        error.to_string(),
        "steps[6].stdoutLength: 10 is more than the 9 characters of stdout"
    );
}

#[test]
fn malformed_json_has_line_and_column() {
    let error = validate_str("{\"version\": 1,\n  \"language\" \"python\"}").unwrap_err();
    assert_eq!(
        error,
        ValidationError::Syntax {
            line: 2,
            column: 14,
            message: "expected `:`".into(),
        }
    );
    assert_eq!(error.path(), None);
    assert!(matches!(
        validate_str(""),
        Err(ValidationError::Syntax {
            line: 1,
            column: 0,
            ..
        })
    ));
}

#[test]
fn forbidden_key_anywhere() {
    let error = refuse(|d| {
        at(d, "/counts/functions/squares")
            .as_object_mut()
            .unwrap()
            .insert("__proto__".into(), json!({}));
    });
    assert_eq!(
        error.to_string(),
        r#"counts.functions.squares.__proto__: the key "__proto__" is not allowed"#
    );
}

#[test]
fn proto_as_a_string_value_is_fine() {
    let mut doc = common::valid();
    *at(&mut doc, "/steps/0/stack/0/locals/0/0") = json!("__proto__");
    validate_value(doc).unwrap();
}

#[test]
fn loop_context_of_an_unknown_loop() {
    let error = refuse(|d| *at(d, "/steps/5/loops/1/loop") = json!("L99"));
    assert!(matches!(error, ValidationError::UnknownLoop { .. }));
    assert_eq!(path(&error), "steps[5].loops[1].loop");
}

#[test]
fn step_line_past_the_source() {
    let error = refuse(|d| *at(d, "/steps/4/line") = json!(400));
    assert!(error
        .to_string()
        .starts_with("steps[4].line: line 400 is past the end of the source ("));
}

#[test]
fn frame_line_past_the_source() {
    let error = refuse(|d| *at(d, "/steps/5/stack/1/line") = json!(400));
    assert_eq!(path(&error), "steps[5].stack[1].line");
}

#[test]
fn loop_header_past_the_source() {
    let error = refuse(|d| *at(d, "/loops/0/bodyEnd") = json!(400));
    assert_eq!(path(&error), "loops[0].bodyEnd");
}

#[test]
fn the_line_after_a_final_newline_is_allowed() {
    let mut doc = common::valid();
    let lines = doc["source"].as_str().unwrap().matches('\n').count() as u64;
    *at(&mut doc, "/steps/4/line") = json!(lines + 1);
    validate_value(doc.clone()).unwrap();
    *at(&mut doc, "/steps/4/line") = json!(lines + 2);
    assert!(validate_value(doc).is_err());
}

#[test]
fn generator_of_a_missing_frame() {
    let error = refuse(|d| *at(d, "/steps/1/heap/o10/frame") = json!("f7"));
    assert!(matches!(
        error,
        ValidationError::UnknownGeneratorFrame { .. }
    ));
    assert_eq!(path(&error), "steps[1].heap.o10.frame");
}

#[test]
fn a_repeated_field_is_refused_with_its_position() {
    let text = common::fixture_text("python_features.json");
    let text = text.replacen(
        "\"stdoutLength\"",
        "\"stdoutLength\": 0, \"stdoutLength\"",
        1,
    );
    let error = validate_str(&text).unwrap_err();
    assert!(matches!(error, ValidationError::Syntax { .. }), "{error}");
    assert!(
        error.to_string().contains("duplicate key \"stdoutLength\""),
        "{error}"
    );
}

#[test]
fn a_repeated_heap_id_is_refused() {
    let doc = common::valid();
    let text = serde_json::to_string(&doc).unwrap();
    let at = text.find("\"o10\":{").expect("o10 in the first heap");
    let text = format!(
        "{}\"o10\":{{\"kind\":\"value\",\"typeName\":\"int\",\"repr\":\"5\"}},{}",
        &text[..at],
        &text[at..]
    );
    let error = validate_str(&text).unwrap_err();
    assert!(
        error.to_string().contains("duplicate key \"o10\""),
        "{error}"
    );
}
