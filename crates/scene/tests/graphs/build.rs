//! Small hand-written traces for the graph tests.

use algoscope_trace_format::{validate_str, Trace};
use serde_json::{json, Value};

/// A Python string primitive (`'A'`).
pub fn s(text: &str) -> Value {
    json!({"kind": "prim", "type": "str", "repr": format!("'{text}'")})
}
/// A JavaScript string primitive.
pub fn js(text: &str) -> Value {
    json!({"kind": "prim", "type": "string", "repr": format!("'{text}'")})
}
/// A Python int.
pub fn int(n: i64) -> Value {
    json!({"kind": "prim", "type": "int", "repr": n.to_string()})
}
/// A JavaScript number.
pub fn num(n: i64) -> Value {
    json!({"kind": "prim", "type": "number", "repr": n.to_string()})
}
/// A Python bool.
pub fn boolean(b: bool) -> Value {
    json!({"kind": "prim", "type": "bool", "repr": if b { "True" } else { "False" }})
}
/// Python `None`.
pub fn none() -> Value {
    json!({"kind": "prim", "type": "NoneType", "repr": "None"})
}
/// A reference.
pub fn r(id: &str) -> Value {
    json!({"kind": "ref", "id": id})
}
/// A sequence object of `kind` (`list`, `tuple`, `set`).
pub fn seq(kind: &str, type_name: &str, items: Vec<Value>) -> Value {
    json!({"kind": kind, "typeName": type_name, "length": items.len(), "items": items})
}
/// A Python list.
pub fn list(items: Vec<Value>) -> Value {
    seq("list", "list", items)
}
/// A dict object.
pub fn dict(type_name: &str, entries: Vec<(Value, Value)>) -> Value {
    let entries: Vec<Value> = entries.into_iter().map(|(k, v)| json!([k, v])).collect();
    json!({"kind": "dict", "typeName": type_name, "length": entries.len(), "entries": entries})
}
/// An instance.
pub fn instance(class: &str, fields: Vec<(&str, Value)>) -> Value {
    let fields: Vec<Value> = fields.into_iter().map(|(k, v)| json!([k, v])).collect();
    json!({"kind": "instance", "typeName": class, "fields": fields})
}

/// One step: frames given as (func, locals) outermost first, and the heap.
pub fn step(frames: Vec<(&str, Vec<(&str, Value)>)>, heap: Value) -> Value {
    let stack: Vec<Value> = frames
        .into_iter()
        .enumerate()
        .map(|(i, (func, locals))| {
            let locals: Vec<Value> = locals.into_iter().map(|(n, v)| json!([n, v])).collect();
            json!({"id": format!("f{}", i + 1), "func": func, "line": 1, "locals": locals})
        })
        .collect();
    json!({"event": "line", "line": 1, "stdoutLength": 0, "stack": stack, "heap": heap})
}

/// A trace of `language` with these steps and extra top-level fields (`indexNames`).
pub fn trace(language: &str, extra: Value, steps: Vec<Value>) -> Trace {
    let mut t = json!({"version": 1, "language": language, "source": "pass\n", "stdout": "",
        "steps": steps});
    if let (Some(obj), Some(extra)) = (t.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            obj.insert(k.clone(), v.clone());
        }
    }
    validate_str(&t.to_string()).expect("valid trace")
}

/// A one-step Python trace with `locals` in `<module>`.
pub fn one(locals: Vec<(&str, Value)>, heap: Value) -> Trace {
    trace(
        "python",
        json!({}),
        vec![step(vec![("<module>", locals)], heap)],
    )
}

/// A Python adjacency dict `o1` of `adj` (node, neighbours), neighbour lists `o2…`.
pub fn adjacency(adj: &[(&str, &[&str])]) -> serde_json::Map<String, Value> {
    let mut heap = serde_json::Map::new();
    let mut entries = Vec::new();
    for (i, (node, neighbours)) in adj.iter().enumerate() {
        let id = format!("o{}", i + 2);
        heap.insert(id.clone(), list(neighbours.iter().map(|n| s(n)).collect()));
        entries.push((s(node), r(&id)));
    }
    heap.insert("o1".into(), dict("dict", entries));
    heap
}
