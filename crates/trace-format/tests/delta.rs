//! Heap deltas and step diffs on fixtures, and the property tying them together.

mod common;

use std::sync::Arc;

use algoscope_trace_format::{
    diff_steps, expand_heaps, to_delta, validate_str, validate_value, Event, Frame, FrameState,
    Generator, Heap, HeapObject, Instance, Language, Mapping, Sequence, SlotKey, Step, Trace,
    Value,
};
use proptest::prelude::*;

#[test]
fn expanded_heaps_share_unchanged_objects() {
    let trace = validate_str(&common::fixture_text("python_delta.json")).unwrap();
    assert!(!trace.heap_delta);
    assert!(trace.steps.iter().all(|s| s.heap_ids.is_none()));
    let o1 = |s: usize| &trace.steps[s].heap["o1"];
    assert!(Arc::ptr_eq(o1(0), o1(1)) && Arc::ptr_eq(o1(1), o1(3)));
    assert!(!Arc::ptr_eq(o1(3), o1(4)), "step 4 swapped two items");
    assert!(Arc::ptr_eq(o1(4), o1(5)));
}

#[test]
fn to_delta_keeps_only_changed_objects() {
    let full = validate_value(common::valid()).unwrap();
    let delta = to_delta(&full);
    assert!(delta.heap_delta);
    assert_eq!(delta.steps[0].heap.len(), 10);
    // Step 1 starts the generator: only its object changed.
    let changed: Vec<&str> = delta.steps[1].heap.keys().map(|id| &**id).collect();
    assert_eq!(changed, ["o10"]);
    assert!(delta.steps[2].heap.is_empty());
    assert_eq!(
        delta.steps[2].heap_ids.as_deref().unwrap(),
        full.steps[2].heap.keys().cloned().collect::<Vec<_>>()
    );
    assert_eq!(to_delta(&delta), delta, "already in delta form");
}

#[test]
fn diff_reports_locals_slots_objects_and_frames() {
    let trace = validate_value(common::valid()).unwrap();
    let diff = diff_steps(&trace.steps[0], &trace.steps[1]);
    assert_eq!(diff.new_frames, ["f2"]);
    assert!(
        diff.changed_locals.is_empty(),
        "a new frame's locals are not listed"
    );
    assert_eq!(diff.changed_slots.keys().collect::<Vec<_>>(), ["o10"]);
    assert!(
        diff.changed_slots["o10"].is_empty(),
        "a generator has no slots"
    );

    let diff = diff_steps(&trace.steps[2], &trace.steps[3]);
    let locals: Vec<_> = diff
        .changed_locals
        .iter()
        .map(|l| (l.frame.as_str(), l.name.as_str()))
        .collect();
    assert_eq!(locals, [("f2", "i")], "a new name counts as changed");

    assert!(diff_steps(&trace.steps[3], &trace.steps[3]).is_empty());
}

#[test]
fn diff_of_a_list_swap_names_both_indices() {
    let trace = validate_str(&common::fixture_text("python_delta.json")).unwrap();
    let diff = diff_steps(&trace.steps[3], &trace.steps[4]);
    assert_eq!(
        diff.changed_slots["o1"],
        [SlotKey::Index(0), SlotKey::Index(1)]
    );
    let json = serde_json::to_value(&diff).unwrap();
    assert_eq!(
        json["changedSlots"]["o1"][0],
        serde_json::json!({"kind": "index", "key": 0})
    );
    assert_eq!(json["changedLocals"][0]["name"], "j");
}

#[test]
fn diff_reports_removed_and_resized_slots() {
    let seq = |items: Vec<i64>, length: u64| {
        Arc::new(HeapObject::List(Sequence {
            type_name: "list".into(),
            items: items
                .iter()
                .map(|n| Value::prim("int", n.to_string()))
                .collect(),
            length,
            offset: 0,
            size_bytes: None,
        }))
    };
    let step = |object: Arc<HeapObject>| Step {
        heap: Heap::from_iter([("o1".into(), object)]),
        ..empty_step()
    };
    let popped = diff_steps(&step(seq(vec![1, 2, 3], 3)), &step(seq(vec![1, 2], 2)));
    assert_eq!(popped.changed_slots["o1"], [SlotKey::Index(2)]);
    let outside_window = diff_steps(&step(seq(vec![1], 90)), &step(seq(vec![1], 91)));
    assert_eq!(outside_window.changed_slots["o1"], Vec::<SlotKey>::new());
}

fn empty_step() -> Step {
    Step {
        event: Event::Line,
        line: 1,
        stack: vec![],
        heap: Heap::new(),
        heap_ids: None,
        stdout_length: 0,
        output: None,
        loops: vec![],
        return_value: None,
        exception: None,
        skipped: None,
    }
}

// --- generated traces -------------------------------------------------------------------

const IDS: usize = 6;

/// A value before its refs are tied to live ids: `Ref(t)` becomes the `t`-th live id.
#[derive(Clone, Debug)]
enum Raw {
    Int(i8),
    Ref(u8),
}

#[derive(Clone, Debug)]
enum RawObject {
    List(Vec<Raw>),
    Dict(Vec<(Raw, Raw)>),
    Instance(Vec<(u8, Raw)>),
    Generator(u8),
}

/// Per id: absent, the previous step's object kept, or a new object.
#[derive(Clone, Debug)]
enum Slot {
    Absent,
    Keep,
    New(RawObject),
}

#[derive(Clone, Debug)]
struct RawStep {
    heap: Vec<Slot>,
    frames: Vec<Option<Vec<(u8, Raw)>>>,
}

fn raw() -> impl Strategy<Value = Raw> {
    prop_oneof![
        any::<i8>().prop_map(Raw::Int),
        any::<u8>().prop_map(Raw::Ref)
    ]
}

fn raw_object() -> impl Strategy<Value = RawObject> {
    prop_oneof![
        prop::collection::vec(raw(), 0..4).prop_map(RawObject::List),
        prop::collection::vec((raw(), raw()), 0..3).prop_map(RawObject::Dict),
        prop::collection::vec((0u8..4, raw()), 0..3).prop_map(RawObject::Instance),
        (0u8..3).prop_map(RawObject::Generator),
    ]
}

fn raw_step() -> impl Strategy<Value = RawStep> {
    let slot = prop_oneof![
        1 => Just(Slot::Absent),
        3 => Just(Slot::Keep),
        1 => raw_object().prop_map(Slot::New),
    ];
    let frame = prop::option::of(prop::collection::vec((0u8..4, raw()), 0..4));
    (
        prop::collection::vec(slot, IDS),
        prop::collection::vec(frame, 3),
    )
        .prop_map(|(heap, frames)| RawStep { heap, frames })
}

fn value(raw: &Raw, live: &[String]) -> Value {
    match raw {
        Raw::Ref(t) if !live.is_empty() => Value::reference(live[*t as usize % live.len()].clone()),
        Raw::Ref(t) => Value::prim("int", t.to_string()),
        Raw::Int(n) => Value::prim("int", n.to_string()),
    }
}

fn object(raw: &RawObject, live: &[String]) -> HeapObject {
    let name = |k: &u8| ["a", "b", "c", "d"][*k as usize % 4].to_string();
    match raw {
        RawObject::List(items) => HeapObject::List(Sequence {
            type_name: "list".into(),
            items: items.iter().map(|r| value(r, live)).collect(),
            length: items.len() as u64,
            offset: 0,
            size_bytes: None,
        }),
        RawObject::Dict(entries) => HeapObject::Dict(Mapping {
            type_name: "dict".into(),
            entries: entries
                .iter()
                .map(|(k, v)| (value(k, live), value(v, live)))
                .collect(),
            length: entries.len() as u64,
            size_bytes: None,
        }),
        RawObject::Instance(fields) => HeapObject::Instance(Instance {
            type_name: "Node".into(),
            fields: fields
                .iter()
                .map(|(k, v)| (name(k), value(v, live)))
                .collect(),
            size_bytes: None,
        }),
        RawObject::Generator(state) => HeapObject::Generator(Generator {
            type_name: "generator".into(),
            name: "gen".into(),
            state: ["created", "suspended", "closed"][*state as usize % 3].into(),
            frame: None,
        }),
    }
}

/// A full-heap trace: each id is absent, kept (the previous step's object rebuilt, so
/// usually equal but never the same `Arc`, as in a parsed trace), or new; refs point at ids
/// alive in the same step.
fn build(raw_steps: &[RawStep]) -> Trace {
    let mut steps: Vec<Step> = Vec::new();
    let mut objects: Vec<Option<RawObject>> = vec![None; IDS];
    for raw in raw_steps {
        for (k, slot) in raw.heap.iter().enumerate() {
            match slot {
                Slot::Absent => objects[k] = None,
                Slot::Keep => {}
                Slot::New(o) => objects[k] = Some(o.clone()),
            }
        }
        let id = |k: usize| format!("o{k}");
        let live: Vec<String> = (0..IDS).filter(|&k| objects[k].is_some()).map(id).collect();
        let heap: Heap = objects
            .iter()
            .enumerate()
            .filter_map(|(k, o)| Some((id(k).into(), Arc::new(object(o.as_ref()?, &live)))))
            .collect();
        let stack = raw
            .frames
            .iter()
            .enumerate()
            .filter_map(|(f, locals)| {
                let locals = locals.as_ref()?;
                Some(Frame {
                    id: format!("f{f}"),
                    func: "fn".into(),
                    line: 1,
                    locals: locals
                        .iter()
                        .map(|(n, v)| (format!("v{n}"), value(v, &live)))
                        .collect(),
                    state: FrameState::Active,
                })
            })
            .collect();
        steps.push(Step {
            stack,
            heap,
            ..empty_step()
        });
    }
    Trace::new(Language::Python, String::new(), steps)
}

proptest! {
    #[test]
    fn expanding_deltas_then_diffing_equals_diffing_full_heaps(
        raw_steps in prop::collection::vec(raw_step(), 1..8)
    ) {
        let full = build(&raw_steps);
        // Through JSON text, as a delta trace travels.
        let text = serde_json::to_string(&to_delta(&full)).unwrap();
        let mut expanded: Trace = serde_json::from_str(&text).unwrap();
        prop_assert!(expanded.heap_delta);
        expand_heaps(&mut expanded).unwrap();
        prop_assert_eq!(&expanded, &full);
        for (a, b) in expanded.steps.windows(2).zip(full.steps.windows(2)) {
            prop_assert_eq!(diff_steps(&a[0], &a[1]), diff_steps(&b[0], &b[1]));
        }
        // The whole validation path accepts it and gives the same trace.
        prop_assert_eq!(validate_str(&text).unwrap(), full);
    }
}
