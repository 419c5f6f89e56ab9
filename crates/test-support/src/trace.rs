//! The runner tests' helpers: comparing a trace with its golden insta snapshot, and reading
//! a trace's steps (the innermost local of a name, the object it points at, a primitive's
//! text, the last step).

use std::path::Path;

use algoscope_trace_format::{to_delta, HeapObject, Step, Trace, Value};

/// Compares `trace` (heaps as deltas, so unchanged objects are not repeated) with the golden
/// insta snapshot in `tests/traces/<dir>/`: `<stem>.snap`, or with `name` given (inside
/// `insta::glob!`, which adds `@<file>`) `<name>@<file>.snap`. The snapshot names `path`
/// (relative to the repository) as its `input_file`.
///
/// Update deliberate changes with `INSTA_UPDATE=always cargo test -p CRATE --test NAME` and
/// review them with `git diff`.
pub fn golden(dir: &str, path: &Path, name: &str, trace: &Trace) {
    let stem = if name.is_empty() {
        path.file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("trace")
            .to_string()
    } else {
        name.to_string()
    };
    let delta = to_delta(trace);
    let snapshots = crate::goldens::root().join(dir);
    insta::with_settings!({
        snapshot_path => snapshots,
        prepend_module_to_snapshot => false,
        omit_expression => true,
        input_file => path,
    }, {
        insta::assert_json_snapshot!(stem, delta);
    });
}

/// The value of local `name` in the innermost frame of `step` that has it.
pub fn local<'a>(step: &'a Step, name: &str) -> Option<&'a Value> {
    step.stack
        .iter()
        .rev()
        .find_map(|f| f.locals.iter().find(|(n, _)| n == name).map(|(_, v)| v))
}

/// The heap object local `name` points at in `step`.
pub fn object<'a>(step: &'a Step, name: &str) -> &'a HeapObject {
    let id = local(step, name)
        .and_then(Value::ref_id)
        .unwrap_or_else(|| panic!("{name} is not a reference"));
    step.heap
        .get(id)
        .unwrap_or_else(|| panic!("{id} not in heap"))
}

/// A primitive's text (`repr`), or panics.
pub fn repr(value: &Value) -> &str {
    match value {
        Value::Prim { repr, .. } => repr,
        other => panic!("not a primitive: {other:?}"),
    }
}

/// The last step.
pub fn last(trace: &Trace) -> &Step {
    trace.steps.last().expect("at least one step")
}
