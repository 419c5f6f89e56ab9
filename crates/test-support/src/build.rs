//! The generated trace both the `validate` benchmark and the `validate_phases` example read:
//! 2,000 steps with 300 heap objects each (a 299-node linked list and one list); each step
//! changes two nodes and the list.

use std::sync::Arc;

use algoscope_trace_format::{
    Event, Frame, FrameState, Heap, HeapObject, Instance, Language, ObjectId, Sequence, Step,
    Trace, Value,
};

/// Steps in the generated trace.
pub const STEPS: usize = 2_000;
/// Heap objects alive at every step.
pub const OBJECTS: usize = 300;

fn int(n: usize) -> Value {
    Value::prim("int", n.to_string())
}

/// Object `k` of a 299-node linked list plus one list: node `k` holds `val` and points at
/// node `k + 1`; the list holds the first 60 values.
fn node(k: usize, val: usize) -> HeapObject {
    let next = if k + 1 < OBJECTS - 1 {
        Value::reference(format!("o{}", k + 1))
    } else {
        Value::prim("NoneType", "None")
    };
    HeapObject::Instance(Instance {
        type_name: "Node".into(),
        fields: vec![("val".into(), int(val)), ("next".into(), next)],
        size_bytes: None,
    })
}

fn list(values: &[usize]) -> HeapObject {
    HeapObject::List(Sequence {
        type_name: "list".into(),
        items: values.iter().take(60).map(|&v| int(v)).collect(),
        length: values.len() as u64,
        offset: 0,
        size_bytes: None,
    })
}

/// The trace, with full heaps.
pub fn generated_trace() -> Trace {
    let mut values: Vec<usize> = (0..OBJECTS - 1).collect();
    let mut heap: Heap = (0..OBJECTS - 1)
        .map(|k| {
            (
                ObjectId::from(format!("o{k}")),
                Arc::new(node(k, values[k])),
            )
        })
        .collect();
    let list_id = ObjectId::from(format!("o{}", OBJECTS - 1));
    heap.insert(list_id.clone(), Arc::new(list(&values)));
    let mut steps = Vec::with_capacity(STEPS);
    for s in 0..STEPS {
        // Each step changes two nodes and the list.
        for k in [s % (OBJECTS - 1), (s * 7 + 3) % (OBJECTS - 1)] {
            values[k] += 1;
            heap.insert(format!("o{k}").into(), Arc::new(node(k, values[k])));
        }
        heap.insert(list_id.clone(), Arc::new(list(&values)));
        let k = s % (OBJECTS - 1);
        steps.push(Step {
            event: Event::Line,
            line: 3 + (s % 5) as u32,
            stack: vec![Frame {
                id: "f1".into(),
                func: "<module>".into(),
                line: 3 + (s % 5) as u32,
                locals: vec![
                    ("head".into(), Value::reference("o0")),
                    ("cur".into(), Value::reference(format!("o{k}"))),
                    ("values".into(), Value::reference(&*list_id)),
                    ("i".into(), int(s)),
                ],
                state: FrameState::Active,
            }],
            heap: heap.clone(),
            heap_ids: None,
            stdout_length: 0,
            output: None,
            loops: vec![],
            return_value: None,
            exception: None,
            skipped: None,
        });
    }
    // Steps run lines 3 to 7, which must exist in the source.
    let source = "# generated\n#\nhead = cur = o0\nvalues = []\ni = 0\nwhile True:\n    i += 1\n";
    Trace::new(Language::Python, source, steps)
}
