//! [`memory_scene`]: assembles a [`MemoryScene`] from one step of a trace.

use std::collections::{BTreeMap, BTreeSet};

use algoscope_trace_format::{Event, FrameState, HeapObject, SlotKey, Step, Trace, Value};

use crate::changes::step_changes;
use crate::graph::find_graphs;
use crate::pointers::{find_pointers, grid_focus};
use crate::reach::{reach, Reach};
use crate::shapes::{find_grids, find_linked, LinkedShapes};
use crate::sizes::step_sizes;
use crate::types::*;

/// Why a scene could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SceneError {
    /// The step index is not in the trace (`steps` steps, counted from 0).
    #[error("step {step} is out of range: the trace has {steps} steps (0 to {last})", last = steps.saturating_sub(1))]
    StepOutOfRange {
        /// The step asked for (0-based).
        step: usize,
        /// How many steps the trace has.
        steps: usize,
    },
}

/// What step `step` (0-based) of `trace` shows in the memory picture.
///
/// The trace must have full heaps (a validated trace always has; a `heapDelta` trace must be
/// expanded first). A reference to an object missing from the step's heap is shown as an
/// unreadable value rather than an arrow to nothing.
///
/// # Errors
/// [`SceneError::StepOutOfRange`] when `step >= trace.steps.len()`.
///
/// # Example
/// ```
/// use algoscope_scene::{memory_scene, SceneOptions};
/// let json = r#"{"version":1,"language":"python","source":"a = [1]\n","stdout":"",
///   "steps":[{"event":"line","line":1,"stdoutLength":0,
///     "stack":[{"id":"f1","func":"<module>","line":1,"locals":[["a",{"kind":"ref","id":"o1"}]]}],
///     "heap":{"o1":{"kind":"list","typeName":"list","items":[{"kind":"prim","type":"int","repr":"1"}],"length":1}}}]}"#;
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(json).unwrap();
/// let scene = memory_scene(&trace, 0, &SceneOptions::default()).unwrap();
/// assert_eq!(scene.objects[0].key, "obj:o1");
/// assert_eq!(scene.arrows[0].from, "frame:f1#a");
/// assert!(memory_scene(&trace, 1, &SceneOptions::default()).is_err());
/// ```
pub fn memory_scene(
    trace: &Trace,
    step: usize,
    options: &SceneOptions,
) -> Result<MemoryScene, SceneError> {
    let current = trace.steps.get(step).ok_or(SceneError::StepOutOfRange {
        step,
        steps: trace.steps.len(),
    })?;
    let prev = step.checked_sub(1).and_then(|i| trace.steps.get(i));
    let changes = step_changes(prev, current);
    let reach = reach(current);
    let graphs = find_graphs(trace, current, &reach.order, options);
    let graph_of: BTreeMap<&str, usize> = graphs
        .iter()
        .enumerate()
        .flat_map(|(i, g)| g.members.iter().map(move |m| (m.as_str(), i)))
        .collect();
    let grids: Vec<Grid> = find_grids(current, &reach.order)
        .into_iter()
        .filter(|g| !graph_of.contains_key(g.id.as_str()))
        .collect();
    let mut linked = find_linked(trace, step, options);
    // A graph is drawn instead of its parts: no tree block or chain takes them.
    linked
        .trees
        .retain(|t| !t.nodes.iter().any(|n| graph_of.contains_key(n.id.as_str())));
    linked
        .chains
        .retain(|c| !c.nodes.iter().any(|n| graph_of.contains_key(n.as_str())));
    let nest_in = choose_nesting(current, &reach, &grids, &linked, &graph_of, options);
    let clean = |v: &Value| clean_value(v, current);
    let sizes = options.size_model.map(|model| step_sizes(current, model));
    let cell_size = |key: &str, slot: &str| sizes.as_ref().and_then(|s| s.cell(key, slot));

    let running = current
        .stack
        .iter()
        .rposition(|f| f.state == FrameState::Active);
    let returning = matches!(current.event, Event::Return | Event::Yield);
    let mut frames: Vec<SceneFrame> = Vec::new();
    let mut arrows: Vec<SceneArrow> = Vec::new();
    for (i, frame) in current.stack.iter().enumerate() {
        let key = frame_key(&frame.id);
        let changed_names = changes.changed_locals.get(&frame.id);
        let bindings: Vec<SceneBinding> = frame
            .locals
            .iter()
            .map(|(name, value)| SceneBinding {
                name: name.clone(),
                value: clean(value),
                changed: changed_names.is_some_and(|s| s.contains(name)),
                size_bytes: cell_size(&key, name),
            })
            .collect();
        for b in &bindings {
            if let Some(id) = b.value.ref_id() {
                arrows.push(arrow(
                    format!("{key}#{}", b.name),
                    &key,
                    id,
                    ArrowKind::Binding,
                    b.changed,
                    &nest_in,
                ));
            }
        }
        let return_value = (Some(i) == running && returning)
            .then(|| current.return_value.as_ref().map(clean))
            .flatten();
        if let Some(id) = return_value.as_ref().and_then(Value::ref_id) {
            arrows.push(arrow(
                format!("{key}#return"),
                &key,
                id,
                ArrowKind::Return,
                false,
                &nest_in,
            ));
        }
        frames.push(SceneFrame {
            id: frame.id.clone(),
            key,
            func: frame.func.clone(),
            line: frame.line,
            suspended: frame.state == FrameState::Suspended,
            running: Some(i) == running,
            new: changes.new_frames.contains(&frame.id),
            bindings,
            return_value,
            size_bytes: sizes
                .as_ref()
                .and_then(|s| s.frames.get(&frame.id).copied()),
        });
    }

    let grid_rows: BTreeMap<&str, &str> = grids
        .iter()
        .flat_map(|g| g.rows.iter().map(move |r| (r.as_str(), g.id.as_str())))
        .collect();
    let mut objects = Vec::new();
    for id in &reach.order {
        let Some(object) = current.heap.get(id.as_str()) else {
            continue;
        };
        let key = object_key(id);
        let changed_slots = changes.changed_slots.get(id);
        let slots: Vec<SceneSlot> = object
            .slots()
            .into_iter()
            .map(|(slot, value)| SceneSlot {
                size_bytes: cell_size(&key, &slot_id(&slot)),
                id: slot_id(&slot),
                changed: changed_slots.is_some_and(|s| s.contains(&slot)),
                label: match slot {
                    SlotKey::Index(i) => SlotLabel::Index(i),
                    SlotKey::Key(k) => SlotLabel::Key(clean(&k)),
                    SlotKey::Field(f) => SlotLabel::Field(f),
                },
                value: clean(value),
            })
            .collect();
        for slot in &slots {
            if let SlotLabel::Key(k) = &slot.label {
                if let Some(target) = k.ref_id() {
                    arrows.push(arrow(
                        format!("{key}#key{}", slot.id),
                        &key,
                        target,
                        ArrowKind::Key,
                        false,
                        &nest_in,
                    ));
                }
            }
            if let Some(target) = slot.value.ref_id() {
                let mut a = arrow(
                    format!("{key}#{}", slot.id),
                    &key,
                    target,
                    ArrowKind::Slot,
                    slot.changed,
                    &nest_in,
                );
                a.grid_row = grid_rows.get(target) == Some(&id.as_str());
                arrows.push(a);
            }
        }
        let (kind, label, length, offset) = describe(object);
        objects.push(SceneObject {
            id: id.clone(),
            key,
            kind,
            type_name: object.type_name().to_string(),
            label,
            length: length.unwrap_or(slots.len() as u64),
            offset,
            slots,
            depth: reach.depth.get(id).copied().unwrap_or(0),
            new: changes.new_objects.contains(id),
            nest_in: nest_in.get(id).cloned(),
            size: sizes.as_ref().and_then(|s| s.objects.get(id).copied()),
        });
    }

    let output = current.output.as_ref().map(|out| {
        let from = prev.map_or(0, |p| p.stdout_length) as usize;
        let to = current.stdout_length as usize;
        let text: String = trace
            .stdout
            .chars()
            .skip(from)
            .take(to.saturating_sub(from))
            .collect();
        PrintedOutput {
            line: out.line,
            text,
            refs: out
                .refs
                .iter()
                .filter(|r| current.heap.contains_key(r.as_str()))
                .cloned()
                .collect(),
        }
    });
    if let Some(out) = &output {
        for id in &out.refs {
            arrows.push(arrow(
                OUTPUT_KEY.to_string(),
                OUTPUT_KEY,
                id,
                ArrowKind::Output,
                false,
                &nest_in,
            ));
        }
    }
    let changed = |frame: &str, name: &str| {
        changes
            .changed_locals
            .get(frame)
            .is_some_and(|s| s.contains(name))
    };
    for a in &mut arrows {
        let member = |key: &str| {
            key.strip_prefix("obj:")
                .and_then(|id| graph_of.get(id).copied())
        };
        a.in_graph = member(&a.from_node).is_some() && member(&a.from_node) == member(&a.to);
    }
    let pointers = find_pointers(trace, current, &grids, &changed, options);
    let grid_focus = grid_focus(trace, prev, current, &grids);
    Ok(MemoryScene {
        step,
        line: current.line,
        event: current.event,
        frames,
        objects,
        arrows,
        pointers,
        grid_focus,
        output,
        output_width_chars: output_width(&trace.stdout),
        grids,
        trees: linked.trees,
        chains: linked.chains,
        linked: linked.track,
        graphs,
        program_size: sizes.as_ref().map(|s| ProgramSize {
            model: s.model,
            total_bytes: s.total_bytes,
        }),
    })
}

/// The widest printed line of the whole run, in characters, at most 60.
fn output_width(stdout: &str) -> u32 {
    stdout
        .lines()
        .map(|l| l.chars().count().min(60) as u32)
        .max()
        .unwrap_or(0)
}

fn arrow(
    from: String,
    from_node: &str,
    target: &str,
    kind: ArrowKind,
    changed: bool,
    nest_in: &BTreeMap<String, String>,
) -> SceneArrow {
    SceneArrow {
        from,
        from_node: from_node.to_string(),
        to: object_key(target),
        kind,
        nests: kind != ArrowKind::Key
            && kind != ArrowKind::Output
            && nest_in.get(target).map(String::as_str) == Some(from_node),
        grid_row: false,
        changed,
        in_graph: false,
    }
}

/// The slot id used in arrow sources: index, field name, or `[key text]`.
pub fn slot_id(slot: &SlotKey) -> String {
    match slot {
        SlotKey::Index(i) => i.to_string(),
        SlotKey::Field(f) => f.clone(),
        SlotKey::Key(k) => format!("[{}]", key_text(k)),
    }
}

fn key_text(value: &Value) -> String {
    match value {
        Value::Prim { repr, .. } => repr.clone(),
        Value::Ref { id } => id.clone(),
        Value::Unreadable { .. } => "?".to_string(),
    }
}

/// A reference to an object missing from the heap becomes an unreadable value.
fn clean_value(value: &Value, step: &Step) -> Value {
    match value {
        Value::Ref { id } if !step.heap.contains_key(id.as_str()) => Value::Unreadable {
            reason: format!("object {id} is not in this step's heap"),
        },
        other => other.clone(),
    }
}

fn describe(object: &HeapObject) -> (ObjectKind, String, Option<u64>, u64) {
    match object {
        HeapObject::List(s) => (ObjectKind::List, String::new(), Some(s.length), s.offset),
        HeapObject::Tuple(s) => (ObjectKind::Tuple, String::new(), Some(s.length), s.offset),
        HeapObject::Set(s) => (ObjectKind::Set, String::new(), Some(s.length), s.offset),
        HeapObject::Dict(m) => (ObjectKind::Dict, String::new(), Some(m.length), 0),
        HeapObject::Instance(_) => (ObjectKind::Instance, String::new(), None, 0),
        HeapObject::Function(f) => (
            ObjectKind::Function,
            format!("{}({})", f.name, f.params.join(", ")),
            None,
            0,
        ),
        HeapObject::Class(c) => {
            let label = if c.bases.is_empty() {
                c.name.clone()
            } else {
                format!("{}({})", c.name, c.bases.join(", "))
            };
            (ObjectKind::Class, label, None, 0)
        }
        HeapObject::Generator(g) => (
            ObjectKind::Generator,
            format!("{} ({})", g.name, g.state),
            None,
            0,
        ),
        HeapObject::Value(v) => (ObjectKind::Value, v.repr.clone(), None, 0),
    }
}

/// Which objects nest inside which box in nested mode (object id → holder key).
///
/// An object nests when it is referenced exactly once, never by a dict key, is not a tree
/// node, a chain node, a grid row or part of a graph, and sits at most `max_nest_depth`
/// levels below a separate box. Nothing nests inside a graph's parts (the graph is drawn
/// instead of them). The walk starts from the frames' variables, then from every object
/// that stayed separate.
fn choose_nesting(
    step: &Step,
    reach: &Reach,
    grids: &[Grid],
    linked: &LinkedShapes,
    graph_of: &BTreeMap<&str, usize>,
    options: &SceneOptions,
) -> BTreeMap<String, String> {
    let excluded: BTreeSet<&str> = grids
        .iter()
        .flat_map(|g| g.rows.iter())
        .chain(
            linked
                .trees
                .iter()
                .flat_map(|t| t.nodes.iter().map(|n| &n.id)),
        )
        .chain(linked.chains.iter().flat_map(|c| c.nodes.iter()))
        .map(String::as_str)
        .chain(graph_of.keys().copied())
        .collect();
    let nestable = |id: &str| {
        reach.count.get(id) == Some(&1)
            && !reach.key_refs.contains(id)
            && !excluded.contains(id)
            && step.heap.contains_key(id)
    };
    let mut nest_in: BTreeMap<String, String> = BTreeMap::new();
    let mut placed: BTreeSet<String> = BTreeSet::new();
    struct Walk<'a> {
        step: &'a Step,
        max: u32,
        graph_of: &'a BTreeMap<&'a str, usize>,
    }
    fn walk(
        w: &Walk,
        holder: &str,
        level: u32,
        nestable: &dyn Fn(&str) -> bool,
        nest_in: &mut BTreeMap<String, String>,
        placed: &mut BTreeSet<String>,
    ) {
        if level >= w.max || w.graph_of.contains_key(holder) {
            return;
        }
        let Some(object) = w.step.heap.get(holder) else {
            return;
        };
        let children: Vec<String> = object
            .slots()
            .into_iter()
            .filter_map(|(_, v)| v.ref_id().map(str::to_string))
            .collect();
        for child in children {
            if nestable(&child) && !placed.contains(&child) {
                placed.insert(child.clone());
                nest_in.insert(child.clone(), object_key(holder));
                walk(w, &child, level + 1, nestable, nest_in, placed);
            }
        }
    }
    let w = Walk {
        step,
        max: options.max_nest_depth,
        graph_of,
    };
    for frame in &step.stack {
        let mut refs: Vec<&str> = frame
            .locals
            .iter()
            .filter_map(|(_, v)| v.ref_id())
            .collect();
        let running = step
            .stack
            .iter()
            .rev()
            .find(|f| f.state == FrameState::Active)
            .is_some_and(|f| f.id == frame.id);
        if running && matches!(step.event, Event::Return | Event::Yield) {
            refs.extend(step.return_value.as_ref().and_then(Value::ref_id));
        }
        for id in refs {
            if options.max_nest_depth >= 1 && nestable(id) && !placed.contains(id) {
                placed.insert(id.to_string());
                nest_in.insert(id.to_string(), frame_key(&frame.id));
                walk(&w, id, 1, &nestable, &mut nest_in, &mut placed);
            }
        }
    }
    for id in &reach.order {
        if !nest_in.contains_key(id) {
            placed.insert(id.clone());
            walk(&w, id, 0, &nestable, &mut nest_in, &mut placed);
        }
    }
    nest_in
}
