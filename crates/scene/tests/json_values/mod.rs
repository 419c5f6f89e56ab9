//! Builders of trace-format JSON values for the hand-written traces of the scene tests.

#![allow(dead_code)]

use serde_json::{json, Value};

/// A Python `int` primitive.
pub fn int(n: i64) -> Value {
    json!({"kind": "prim", "type": "int", "repr": n.to_string()})
}

/// A reference to heap object `id`.
pub fn r(id: &str) -> Value {
    json!({"kind": "ref", "id": id})
}

/// Python's `None`.
pub fn none() -> Value {
    json!({"kind": "prim", "type": "NoneType", "repr": "None"})
}
