//! Reachability: which objects a step shows, their breadth-first distance from the stack,
//! and how often each is referenced.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use algoscope_trace_format::{HeapObject, Step, Value};

/// Objects reachable from a step's frames (and printed objects), in breadth-first order.
pub(crate) struct Reach {
    /// Object ids in breadth-first order.
    pub order: Vec<String>,
    /// Object id → distance from the stack (0 = a variable points at it).
    pub depth: BTreeMap<String, u32>,
    /// Object id → number of references to it (variables, return value, slots, dict keys,
    /// printed-output refs).
    pub count: BTreeMap<String, u32>,
    /// Ids referenced by some dict key.
    pub key_refs: BTreeSet<String>,
}

/// The refs a step's frames hold (bindings, then the return value), in order.
pub(crate) fn root_refs(step: &Step) -> Vec<&str> {
    let mut roots: Vec<&str> = Vec::new();
    for frame in &step.stack {
        for (_, value) in &frame.locals {
            if let Some(id) = value.ref_id() {
                roots.push(id);
            }
        }
    }
    if let Some(id) = step.return_value.as_ref().and_then(Value::ref_id) {
        roots.push(id);
    }
    if let Some(output) = &step.output {
        roots.extend(output.refs.iter().map(String::as_str));
    }
    roots
}

/// Walks the heap breadth-first from the frames.
pub(crate) fn reach(step: &Step) -> Reach {
    let heap = &step.heap;
    let mut depth: BTreeMap<String, u32> = BTreeMap::new();
    let mut order = Vec::new();
    let mut queue = VecDeque::new();
    for id in root_refs(step) {
        if heap.contains_key(id) && !depth.contains_key(id) {
            depth.insert(id.to_string(), 0);
            order.push(id.to_string());
            queue.push_back(id);
        }
    }
    while let Some(id) = queue.pop_front() {
        let d = depth.get(id).copied().unwrap_or(0);
        let Some(object) = heap.get(id) else {
            continue;
        };
        for value in object.values() {
            if let Some(child) = value.ref_id() {
                if heap.contains_key(child) && !depth.contains_key(child) {
                    depth.insert(child.to_string(), d + 1);
                    order.push(child.to_string());
                    queue.push_back(child);
                }
            }
        }
    }
    let mut count: BTreeMap<String, u32> = BTreeMap::new();
    let mut key_refs = BTreeSet::new();
    for id in root_refs(step) {
        bump(&mut count, id);
    }
    for id in &order {
        let Some(object) = heap.get(id.as_str()) else {
            continue;
        };
        if let HeapObject::Dict(map) = object.as_ref() {
            for (key, _) in &map.entries {
                if let Some(k) = key.ref_id() {
                    key_refs.insert(k.to_string());
                }
            }
        }
        for value in object.values() {
            if let Some(child) = value.ref_id() {
                bump(&mut count, child);
            }
        }
    }
    Reach {
        order,
        depth,
        count,
        key_refs,
    }
}

/// Adds one to `id`'s count, allocating its key only the first time.
fn bump(count: &mut BTreeMap<String, u32>, id: &str) {
    match count.get_mut(id) {
        Some(n) => *n += 1,
        None => {
            count.insert(id.to_string(), 1);
        }
    }
}
