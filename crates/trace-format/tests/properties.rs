//! Properties of validation on arbitrary input: it never panics, and it never accepts a
//! document the checked-in schema rejects.

mod common;

use std::sync::OnceLock;

use algoscope_trace_format::{check_limits, validate_str, validate_value, Limits};
use proptest::prelude::*;
use serde_json::{Map, Value};

fn reference_schema() -> &'static jsonschema::Validator {
    static SCHEMA: OnceLock<jsonschema::Validator> = OnceLock::new();
    SCHEMA.get_or_init(common::reference_schema)
}

/// The valid fixtures, parsed once.
fn valid_documents() -> &'static [Value] {
    static DOCS: OnceLock<Vec<Value>> = OnceLock::new();
    DOCS.get_or_init(|| {
        [
            "python_features.json",
            "python_delta.json",
            "python_error.json",
            "python_truncated.json",
            "javascript_builtins.json",
        ]
        .iter()
        .map(|name| common::fixture(name))
        .collect()
    })
}

/// Keys and strings that reach into the trace schema.
const WORDS: &[&str] = &[
    "version",
    "language",
    "source",
    "steps",
    "stdout",
    "event",
    "line",
    "stack",
    "heap",
    "heapIds",
    "heapDelta",
    "stdoutLength",
    "kind",
    "id",
    "type",
    "repr",
    "items",
    "length",
    "entries",
    "fields",
    "locals",
    "func",
    "ref",
    "prim",
    "list",
    "dict",
    "python",
    "o1",
    "f1",
    "__proto__",
    "",
    "é",
    "loops",
    "frame",
    "output",
    "refs",
];

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(WORDS).prop_map(str::to_owned),
        1 => ".{0,6}",
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e20f64..1e20).prop_map(Value::from),
        Just(Value::from(1.0)),
        word().prop_map(Value::String),
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((word(), inner), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Every JSON Pointer in `value`, root first.
fn pointers(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = vec![(String::new(), value)];
    while let Some((pointer, value)) = pending.pop() {
        match value {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    pending.push((format!("{pointer}/{i}"), item));
                }
            }
            Value::Object(map) => {
                for (key, item) in map {
                    let key = key.replace('~', "~0").replace('/', "~1");
                    pending.push((format!("{pointer}/{key}"), item));
                }
            }
            _ => {}
        }
        out.push(pointer);
    }
    out
}

#[derive(Clone, Debug)]
enum Mutation {
    Replace(Value),
    Remove,
    AddKey(String, Value),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => json_value().prop_map(Mutation::Replace),
        2 => Just(Mutation::Remove),
        1 => (word(), json_value()).prop_map(|(k, v)| Mutation::AddKey(k, v)),
    ]
}

/// A valid fixture with a few mutations at chosen places.
fn mutated_trace() -> impl Strategy<Value = Value> {
    (
        0..5usize,
        prop::collection::vec((any::<prop::sample::Index>(), mutation()), 1..4),
    )
        .prop_map(|(doc, mutations)| {
            let mut doc = valid_documents()[doc].clone();
            for (index, mutation) in mutations {
                let all = pointers(&doc);
                let pointer = index.get(&all).clone();
                apply(&mut doc, &pointer, mutation);
            }
            doc
        })
}

fn apply(doc: &mut Value, pointer: &str, mutation: Mutation) {
    match mutation {
        Mutation::Replace(value) => {
            if let Some(target) = doc.pointer_mut(pointer) {
                *target = value;
            }
        }
        Mutation::AddKey(key, value) => {
            if let Some(Value::Object(map)) = doc.pointer_mut(pointer) {
                map.insert(key, value);
            }
        }
        Mutation::Remove => {
            let Some((parent, last)) = pointer.rsplit_once('/') else {
                return;
            };
            let last = last.replace("~1", "/").replace("~0", "~");
            match doc.pointer_mut(parent) {
                Some(Value::Object(map)) => {
                    map.shift_remove(&last);
                }
                Some(Value::Array(items)) => {
                    if let Ok(i) = last.parse::<usize>() {
                        if i < items.len() {
                            items.remove(i);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// Validation's verdict never contradicts the schema's: what it accepts, the schema accepts.
/// Text (read straight into the types when it can) and value (every step in order) give the
/// same result, error included.
fn check(doc: Value) -> Result<(), TestCaseError> {
    let schema_accepts = reference_schema().is_valid(&doc);
    let text = doc.to_string();
    let shallow = Limits {
        max_depth: 8, // the deepest a trace nests; reading text straight into the types relies on it
        ..Limits::default()
    };
    let nests_at_most_8 = check_limits(&doc, &shallow).is_ok();
    let from_value = validate_value(doc);
    prop_assert!(
        from_value.is_err() || nests_at_most_8,
        "a valid trace nested deeper than 8"
    );
    prop_assert!(
        from_value.is_err() || schema_accepts,
        "accepted a document the schema rejects"
    );
    prop_assert_eq!(validate_str(&text), from_value, "text and value disagree");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_json_never_panics_nor_passes_the_schema_wrongly(doc in json_value()) {
        check(doc)?;
    }

    #[test]
    fn mutated_traces_never_pass_the_schema_wrongly(doc in mutated_trace()) {
        check(doc)?;
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        let _ = validate_str(&text);
    }

    #[test]
    fn truncated_trace_text_never_panics(cut in any::<prop::sample::Index>(), doc in 0..5usize) {
        let text = valid_documents()[doc].to_string();
        let mut end = cut.index(text.len() + 1);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let result = validate_str(&text[..end]);
        prop_assert_eq!(result.is_ok(), end == text.len());
    }
}

#[test]
fn mutations_do_reach_acceptance_sometimes() {
    // The property above is only meaningful if some mutated traces are accepted: a string
    // replaced by another string, for instance.
    let mut doc = valid_documents()[0].clone();
    apply(
        &mut doc,
        "/steps/0/stack/0/locals/0/0",
        Mutation::Replace(Value::from("renamed")),
    );
    assert!(validate_value(doc).is_ok());
}
