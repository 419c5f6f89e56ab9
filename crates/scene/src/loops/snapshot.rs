//! The state of the loop's frame at one step, as the loop view reads it: containers by name
//! (through references, one level deep) and scalars.

use std::collections::BTreeMap;

use algoscope_trace_format::{Frame, HeapObject, Step, Trace, Value};

use super::types::ContainerKind;
use crate::pointers::resolve;
use crate::shapes::find_grids;

/// What a container held at one step.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Held {
    /// List, tuple or set items.
    Sequence {
        kind: ContainerKind,
        type_name: String,
        offset: u64,
        length: u64,
        items: Vec<Value>,
        /// For each item that is a reference, the values of the object it points at (so a
        /// change one level down counts as a change).
        deep: Vec<Option<Vec<Value>>>,
    },
    /// Dict entries.
    Dict {
        type_name: String,
        length: u64,
        entries: Vec<(Value, Value)>,
        deep: Vec<Option<Vec<Value>>>,
    },
    /// A list of lists of primitives.
    Grid {
        type_name: String,
        rows: Vec<Vec<Value>>,
    },
}

impl Held {
    /// How it is drawn.
    pub fn kind(&self) -> ContainerKind {
        match self {
            Held::Sequence { kind, .. } => *kind,
            Held::Dict { .. } => ContainerKind::Dict,
            Held::Grid { .. } => ContainerKind::Grid,
        }
    }
}

/// A container variable at one step.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HeldBy {
    /// The object id.
    pub id: String,
    /// Its content.
    pub held: Held,
}

/// The loop frame's variables at one step.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Snapshot {
    /// Container variables by name.
    pub containers: BTreeMap<String, HeldBy>,
    /// Scalar variables (primitives and references to other objects) by name.
    pub scalars: BTreeMap<String, Value>,
    /// For a scalar referring to an instance: its class name.
    pub classes: BTreeMap<String, String>,
    /// Every name read, in frame order (dotted names after the locals).
    pub order: Vec<String>,
}

/// The values an object holds, for one-level-deep change detection.
fn values_of(step: &Step, value: &Value) -> Option<Vec<Value>> {
    let object = step.heap.get(value.ref_id()?)?;
    Some(object.values().into_iter().cloned().collect())
}

/// What object `id` holds as a container, if it is one.
pub(crate) fn held(step: &Step, id: &str) -> Option<Held> {
    let object = step.heap.get(id)?;
    if !find_grids(step, &[id.to_string()]).is_empty() {
        let (HeapObject::List(outer) | HeapObject::Tuple(outer)) = object.as_ref() else {
            return None;
        };
        let rows = outer
            .items
            .iter()
            .map(|row| values_of(step, row).unwrap_or_default())
            .collect();
        return Some(Held::Grid {
            type_name: outer.type_name.clone(),
            rows,
        });
    }
    let sequence = |kind: ContainerKind, s: &algoscope_trace_format::Sequence| Held::Sequence {
        kind,
        type_name: s.type_name.clone(),
        offset: s.offset,
        length: s.length,
        items: s.items.clone(),
        deep: s.items.iter().map(|v| values_of(step, v)).collect(),
    };
    match object.as_ref() {
        HeapObject::List(s) => Some(sequence(ContainerKind::List, s)),
        HeapObject::Tuple(s) => Some(sequence(ContainerKind::Tuple, s)),
        HeapObject::Set(s) => Some(sequence(ContainerKind::Set, s)),
        HeapObject::Dict(m) => Some(Held::Dict {
            type_name: m.type_name.clone(),
            length: m.length,
            entries: m.entries.clone(),
            deep: m.entries.iter().map(|(_, v)| values_of(step, v)).collect(),
        }),
        _ => None,
    }
}

/// The class of an instance a reference points at (the loop view shows those as scalars).
fn instance_class<'a>(step: &'a Step, value: &Value) -> Option<&'a str> {
    match step.heap.get(value.ref_id()?)?.as_ref() {
        HeapObject::Instance(i) => Some(&i.type_name),
        _ => None,
    }
}

/// The frame with id `frame` at `step`.
pub(crate) fn frame_at<'a>(step: &'a Step, frame: &str) -> Option<&'a Frame> {
    step.stack.iter().find(|f| f.id == frame)
}

/// The loop frame's state at step `index` (empty when the frame is not there).
pub(crate) fn snapshot(trace: &Trace, index: usize, frame_id: &str) -> Snapshot {
    let mut out = Snapshot::default();
    let Some(step) = trace.steps.get(index) else {
        return out;
    };
    let Some(frame) = frame_at(step, frame_id) else {
        return out;
    };
    for (name, value) in &frame.locals {
        if let Some(h) = value.ref_id().and_then(|id| held(step, id)) {
            let id = value.ref_id().unwrap_or_default().to_string();
            out.containers.insert(name.clone(), HeldBy { id, held: h });
        } else if let Some(class) = instance_class(step, value) {
            out.scalars.insert(name.clone(), value.clone());
            out.classes.insert(name.clone(), class.to_string());
        } else if matches!(value, Value::Prim { .. }) {
            out.scalars.insert(name.clone(), value.clone());
        } else {
            continue;
        }
        out.order.push(name.clone());
    }
    for name in trace.index_names.keys().filter(|n| n.contains('.')) {
        if name.ends_with("[]") || out.containers.contains_key(name) {
            continue;
        }
        let Some(id) = resolve(step, frame, name) else {
            continue;
        };
        if let Some(h) = held(step, id) {
            out.containers.insert(
                name.clone(),
                HeldBy {
                    id: id.to_string(),
                    held: h,
                },
            );
            out.order.push(name.clone());
        }
    }
    out
}

/// Display text of a value: a primitive's repr, else a short preview of the object
/// (`ListNode(3)`, `[1, 2, 3]`, `{…}`), at most 24 characters.
pub(crate) fn text(step: &Step, value: &Value) -> String {
    match value {
        Value::Prim { repr, .. } => repr.clone(),
        Value::Unreadable { .. } => "?".to_string(),
        Value::Ref { id } => match step.heap.get(id.as_str()).map(|o| o.as_ref()) {
            None => "?".to_string(),
            Some(HeapObject::Instance(i)) => {
                let first = i.fields.iter().find_map(|(_, v)| match v {
                    Value::Prim { repr, .. } => Some(repr.as_str()),
                    _ => None,
                });
                match first {
                    Some(v) => cut(&format!("{}({v})", i.type_name)),
                    None => i.type_name.clone(),
                }
            }
            Some(HeapObject::List(s)) | Some(HeapObject::Tuple(s)) | Some(HeapObject::Set(s)) => {
                let (open, close) = match value_kind(step, id) {
                    Some(ContainerKind::Tuple) => ("(", ")"),
                    Some(ContainerKind::Set) => ("{", "}"),
                    _ => ("[", "]"),
                };
                let inner: Vec<String> = s
                    .items
                    .iter()
                    .map(|v| match v {
                        Value::Prim { repr, .. } => repr.clone(),
                        _ => "…".to_string(),
                    })
                    .collect();
                cut(&format!("{open}{}{close}", inner.join(", ")))
            }
            Some(HeapObject::Dict(m)) if m.entries.is_empty() => "{}".to_string(),
            Some(HeapObject::Dict(_)) => "{…}".to_string(),
            Some(other) => other.type_name().to_string(),
        },
    }
}

fn value_kind(step: &Step, id: &str) -> Option<ContainerKind> {
    match step.heap.get(id)?.as_ref() {
        HeapObject::Tuple(_) => Some(ContainerKind::Tuple),
        HeapObject::Set(_) => Some(ContainerKind::Set),
        _ => Some(ContainerKind::List),
    }
}

/// `text` cut to 24 characters with an ellipsis.
fn cut(text: &str) -> String {
    if text.chars().count() <= 24 {
        return text.to_string();
    }
    let mut out: String = text.chars().take(23).collect();
    out.push('…');
    out
}
