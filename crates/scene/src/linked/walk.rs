//! The entry points of a row: the frames' variables, and one level through the objects they
//! point at (`self.head`).

use algoscope_trace_format::{HeapObject, SlotKey, Step, Value};

/// An object a row starts from.
pub(crate) struct Entry<'a> {
    /// Frame holding the variable.
    pub frame: &'a str,
    /// The name as shown (`curr`, `self.head`, `nodes[0]`).
    pub name: String,
    /// The object pointed at.
    pub id: &'a str,
    /// For an entry one level through: the object holding it.
    pub holder: Option<&'a str>,
}

/// True for the null values of every language (`None`, `null`, `undefined`).
pub(crate) fn is_null(value: &Value) -> bool {
    matches!(value, Value::Prim { type_name, .. }
        if matches!(type_name.as_str(), "NoneType" | "null" | "undefined"))
}

/// The class name of `id` when it is an instance in `step`'s heap.
pub(crate) fn instance_class<'a>(step: &'a Step, id: &str) -> Option<&'a str> {
    match step.heap.get(id).map(|o| o.as_ref()) {
        Some(HeapObject::Instance(i)) => Some(i.type_name.as_str()),
        _ => None,
    }
}

/// The value of field `name` of instance `id`, if it has one.
pub(crate) fn field<'a>(step: &'a Step, id: &str, name: &str) -> Option<&'a Value> {
    match step.heap.get(id).map(|o| o.as_ref()) {
        Some(HeapObject::Instance(i)) => i.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v),
        _ => None,
    }
}

/// The items of a list or tuple object (a `Many` link's value).
pub(crate) fn sequence_items<'a>(step: &'a Step, id: &str) -> Option<&'a [Value]> {
    match step.heap.get(id).map(|o| o.as_ref()) {
        Some(HeapObject::List(s)) | Some(HeapObject::Tuple(s)) => Some(&s.items),
        _ => None,
    }
}

/// The row's entries: every reference held by the chosen frames (every frame when `frames`
/// is empty) in frame and variable order, each followed by the references its object holds
/// (one level through: `self.head` right after `self`).
pub(crate) fn entries<'a>(step: &'a Step, frames: &[String]) -> Vec<Entry<'a>> {
    let chosen: Vec<_> = if frames.is_empty() {
        step.stack.iter().collect()
    } else {
        frames
            .iter()
            .filter_map(|id| step.stack.iter().find(|f| &f.id == id))
            .collect()
    };
    let mut out = Vec::new();
    for frame in chosen {
        for (name, value) in &frame.locals {
            let Some(id) = value.ref_id().filter(|id| step.heap.contains_key(*id)) else {
                continue;
            };
            out.push(Entry {
                frame: &frame.id,
                name: name.clone(),
                id,
                holder: None,
            });
            let Some(object) = step.heap.get(id) else {
                continue;
            };
            for (slot, value) in object.slots() {
                let Some(inner) = value.ref_id().filter(|id| step.heap.contains_key(*id)) else {
                    continue;
                };
                let name = match slot {
                    SlotKey::Field(f) => format!("{name}.{f}"),
                    SlotKey::Index(i) => format!("{name}[{i}]"),
                    SlotKey::Key(Value::Prim { repr, .. }) => format!("{name}[{repr}]"),
                    SlotKey::Key(_) => continue,
                };
                out.push(Entry {
                    frame: &frame.id,
                    name,
                    id: inner,
                    holder: Some(id),
                });
            }
        }
    }
    out
}
