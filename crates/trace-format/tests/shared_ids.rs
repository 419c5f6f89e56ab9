//! Delta traces read with shared ids: equal `heapIds` lists are one list, expanded heaps share
//! their id text, and a step listing the same ids as the previous one (expanded from a copy of
//! its heap, with only its changed objects checked) is still refused for every problem.

use std::sync::Arc;

use algoscope_trace_format::{validate_str, validate_value, Trace, ValidationError};
use serde_json::{json, Value};

/// A step of a two-frame program: `f2` runs the generator `o2`; `o1` is a list.
fn step(frames: &[&str], heap: Value, ids: &[&str]) -> Value {
    let stack: Vec<Value> = frames
        .iter()
        .map(|id| json!({"id": id, "func": "f", "line": 1, "locals": [["xs", {"kind": "ref", "id": "o1"}]]}))
        .collect();
    json!({"event": "line", "line": 1, "stack": stack, "heap": heap, "heapIds": ids, "stdoutLength": 0})
}

fn list(items: Value) -> Value {
    json!({"kind": "list", "typeName": "list", "items": items, "length": 1})
}

fn first_step() -> Value {
    step(
        &["f1", "f2"],
        json!({
            "o1": list(json!([{"kind": "prim", "type": "int", "repr": "1"}])),
            "o2": {"kind": "generator", "typeName": "generator", "name": "g", "state": "suspended", "frame": "f2"},
        }),
        &["o1", "o2"],
    )
}

fn trace(steps: Vec<Value>) -> Value {
    json!({"version": 1, "language": "python", "source": "x = 1\n", "steps": steps, "stdout": "", "heapDelta": true})
}

/// Validates `doc` from text and from value, which must agree.
fn validate(doc: Value) -> Result<Trace, ValidationError> {
    let from_text = validate_str(&doc.to_string());
    assert_eq!(from_text, validate_value(doc), "text and value disagree");
    from_text
}

fn path(error: &ValidationError) -> String {
    error.path().map(ToString::to_string).unwrap_or_default()
}

#[test]
fn equal_id_lists_are_read_as_one() {
    let changed = step(&["f1", "f2"], json!({}), &["o1", "o3"]);
    let doc = trace(vec![
        first_step(),
        step(&["f1", "f2"], json!({}), &["o1", "o2"]),
        changed,
    ]);
    let read: Trace = serde_json::from_str(&doc.to_string()).unwrap();
    let ids = |s: usize| read.steps[s].heap_ids.clone().unwrap();
    assert!(Arc::ptr_eq(&ids(0), &ids(1)));
    assert!(!Arc::ptr_eq(&ids(1), &ids(2)));
    assert_eq!(&*ids(2)[1], "o3");
    assert!(
        Arc::ptr_eq(&ids(1)[0], &ids(2)[0]),
        "o1 is at the same position"
    );
}

#[test]
fn expanded_steps_share_ids_and_swap_in_changed_objects() {
    let changed = json!({"o1": list(json!([{"kind": "prim", "type": "int", "repr": "2"}]))});
    let doc = trace(vec![
        first_step(),
        step(&["f1", "f2"], changed, &["o1", "o2"]),
        step(&["f1", "f2"], json!({}), &["o1", "o2"]),
    ]);
    let trace = validate(doc).unwrap();
    let entry = |s: usize, k: usize| trace.steps[s].heap.get_index(k).unwrap();
    for k in 0..2 {
        assert!(Arc::ptr_eq(entry(0, k).0, entry(2, k).0), "id {k} shared");
    }
    assert!(
        !Arc::ptr_eq(entry(0, 0).1, entry(1, 0).1),
        "step 1 changed o1"
    );
    assert!(Arc::ptr_eq(entry(1, 0).1, entry(2, 0).1));
    assert!(
        Arc::ptr_eq(entry(0, 1).1, entry(2, 1).1),
        "o2 never changed"
    );
}

#[test]
fn a_changed_object_of_a_step_with_the_same_ids_is_checked() {
    let dangling = json!({"o1": list(json!([{"kind": "ref", "id": "o9"}]))});
    let doc = trace(vec![
        first_step(),
        step(&["f1", "f2"], dangling, &["o1", "o2"]),
    ]);
    let error = validate(doc).unwrap_err();
    assert!(
        matches!(error, ValidationError::DanglingRef { .. }),
        "{error}"
    );
    assert_eq!(path(&error), "steps[1].heap.o1.items[0].id");
}

#[test]
fn an_unchanged_generator_whose_frame_ended_is_refused() {
    let doc = trace(vec![
        first_step(),
        step(&["f1", "f2"], json!({}), &["o1", "o2"]),
        step(&["f1"], json!({}), &["o1", "o2"]),
    ]);
    let error = validate(doc).unwrap_err();
    assert!(
        matches!(error, ValidationError::UnknownGeneratorFrame { .. }),
        "{error}"
    );
    assert_eq!(path(&error), "steps[2].heap.o2.frame");
}

#[test]
fn an_unlisted_object_of_a_step_with_the_same_ids_is_refused() {
    let extra = json!({"o3": list(json!([]))});
    let doc = trace(vec![
        first_step(),
        step(&["f1", "f2"], extra, &["o1", "o2"]),
    ]);
    let error = validate(doc).unwrap_err();
    assert!(
        matches!(error, ValidationError::UnlistedObject { .. }),
        "{error}"
    );
    assert_eq!(path(&error), "steps[1].heap.o3");
}

#[test]
fn what_an_earlier_read_left_in_the_cache_never_changes_a_verdict() {
    // Every text's first list equals the last list of the text before it; one text breaks
    // off inside a list, one dangles in a step listing the same ids, one is fine.
    let dangling = step(
        &["f1", "f2"],
        json!({"o1": list(json!([{"kind": "ref", "id": "o9"}]))}),
        &["o1", "o2"],
    );
    let texts = [
        trace(vec![first_step(), dangling]).to_string(),
        trace(vec![first_step()])
            .to_string()
            .replace(r#""o2"]"#, r#""o2", 7]"#),
        trace(vec![
            first_step(),
            step(&["f1", "f2"], json!({}), &["o1", "o2"]),
        ])
        .to_string(),
    ];
    let verdicts = || -> Vec<String> {
        texts
            .iter()
            .map(|t| match validate_str(t) {
                Ok(trace) => format!("ok {}", trace.steps.len()),
                Err(e) => path(&e),
            })
            .collect()
    };
    let first = verdicts();
    assert_eq!(
        first,
        [
            "steps[1].heap.o1.items[0].id",
            "steps[0].heapIds[2]",
            "ok 2"
        ]
    );
    // Again in this thread (its cache now holds the last text's list), backwards, and on
    // two threads at once.
    assert_eq!(verdicts(), first);
    let backwards: Vec<String> = texts
        .iter()
        .rev()
        .map(|t| validate_str(t).map_or_else(|e| path(&e), |t| format!("ok {}", t.steps.len())))
        .collect();
    assert_eq!(backwards.into_iter().rev().collect::<Vec<_>>(), first);
    std::thread::scope(|scope| {
        let runs: Vec<_> = (0..2).map(|_| scope.spawn(verdicts)).collect();
        for run in runs {
            assert_eq!(run.join().expect("no panic"), first);
        }
    });
}
