//! What changed from one step to the next: locals, object slots, new objects and frames.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::types::{Frame, HeapObject, SlotKey, Step, Value};

/// The changes from one step to the next, as plain data (camelCase when serialized).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepDiff {
    /// Locals of frames present in both steps whose value changed (a different primitive or a
    /// pointer to a different id), or that are new names, in frame then local order. Locals
    /// of a new frame are not listed: the frame is in `new_frames`.
    pub changed_locals: Vec<ChangedLocal>,
    /// Objects present in both steps that differ, by id in the next step's heap order, with
    /// the slots ([`HeapObject::slots`]) whose value differs, that were added, then that were
    /// removed. The list is empty when only something outside the slots changed (the real
    /// `length` of a windowed list, a generator's state, a value's text).
    pub changed_slots: IndexMap<String, Vec<SlotKey>>,
    /// Ids of objects in the next step's heap but not the previous one's, in heap order.
    pub new_objects: Vec<String>,
    /// Ids of frames in the next step but not the previous one, in stack order.
    pub new_frames: Vec<String>,
}

/// A local variable, by frame id and name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangedLocal {
    /// Id of the frame.
    pub frame: String,
    /// Name of the local.
    pub name: String,
}

impl StepDiff {
    /// True when nothing changed.
    pub fn is_empty(&self) -> bool {
        self.changed_locals.is_empty()
            && self.changed_slots.is_empty()
            && self.new_objects.is_empty()
            && self.new_frames.is_empty()
    }
}

/// Compares step `prev` with step `next` (both with full heaps). Values are compared as
/// written: primitives by type and text, references by id. Objects shared by the two steps
/// (same `Arc`) are skipped without comparing.
///
/// # Example
///
/// ```
/// use algoscope_trace_format::{diff_steps, Event, Frame, FrameState, Step, Value};
///
/// let step = |n: &str| Step {
///     event: Event::Line,
///     line: 1,
///     stack: vec![Frame {
///         id: "f1".into(),
///         func: "<module>".into(),
///         line: 1,
///         locals: vec![("n".into(), Value::prim("int", n))],
///         state: FrameState::Active,
///     }],
///     heap: Default::default(),
///     heap_ids: None,
///     stdout_length: 0,
///     output: None,
///     loops: vec![],
///     return_value: None,
///     exception: None,
///     skipped: None,
/// };
/// let diff = diff_steps(&step("1"), &step("2"));
/// assert_eq!(diff.changed_locals[0].name, "n");
/// assert!(diff_steps(&step("1"), &step("1")).is_empty());
/// ```
pub fn diff_steps(prev: &Step, next: &Step) -> StepDiff {
    let mut diff = StepDiff::default();
    let prev_frames: HashMap<&str, &Frame> =
        prev.stack.iter().map(|f| (f.id.as_str(), f)).collect();
    for frame in &next.stack {
        match prev_frames.get(frame.id.as_str()) {
            None => diff.new_frames.push(frame.id.clone()),
            Some(before) => {
                for (name, value) in &frame.locals {
                    let old = before
                        .locals
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(_, v)| v);
                    if old != Some(value) {
                        diff.changed_locals.push(ChangedLocal {
                            frame: frame.id.clone(),
                            name: name.clone(),
                        });
                    }
                }
            }
        }
    }
    for (id, object) in &next.heap {
        match prev.heap.get(id) {
            None => diff.new_objects.push(id.to_string()),
            Some(before) if Arc::ptr_eq(before, object) || before == object => {}
            Some(before) => {
                diff.changed_slots
                    .insert(id.to_string(), changed_slots(before, object));
            }
        }
    }
    diff
}

/// Slots of `after` whose value differs from `before`'s or that are new, then slots of
/// `before` that `after` lacks.
fn changed_slots(before: &HeapObject, after: &HeapObject) -> Vec<SlotKey> {
    let old: Vec<(SlotKey, &Value)> = before.slots();
    let new: Vec<(SlotKey, &Value)> = after.slots();
    let old_by_key: HashMap<&SlotKey, &Value> = old.iter().map(|(k, v)| (k, *v)).collect();
    let new_keys: HashSet<&SlotKey> = new.iter().map(|(k, _)| k).collect();
    let mut changed: Vec<SlotKey> = new
        .iter()
        .filter(|(key, value)| old_by_key.get(key) != Some(value))
        .map(|(key, _)| key.clone())
        .collect();
    changed.extend(
        old.iter()
            .filter(|(key, _)| !new_keys.contains(key))
            .map(|(key, _)| key.clone()),
    );
    changed
}
