//! Synthetic traces: [`generated_trace`], which both the `validate` benchmark and the
//! `validate_phases` example of `algoscope-trace-format` read (2,000 steps with 300 heap
//! objects each: a 299-node linked list and one list; each step changes two nodes and the
//! list), and one-step traces of big heaps for the layout tests and benchmarks
//! ([`linked_list_trace`], [`random_heap_trace`]).

use std::sync::Arc;

use algoscope_trace_format::{
    validate_str, Event, Frame, FrameState, Heap, HeapObject, Instance, Language, ObjectId,
    Sequence, Step, Trace, Value,
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

/// A deterministic pseudo-random generator (64-bit LCG) for synthetic heaps.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next number, uniform in `0..n` (`0..1` when `n` is 0).
    pub fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

fn one_step_trace(locals: serde_json::Value, heap: serde_json::Value) -> Trace {
    let json = serde_json::json!({
        "version": 1, "language": "python", "source": "pass\n", "stdout": "",
        "steps": [{"event": "line", "line": 1, "stdoutLength": 0,
            "stack": [{"id": "f1", "func": "<module>", "line": 1, "locals": locals}],
            "heap": heap}]
    });
    validate_str(&json.to_string()).expect("valid synthetic trace")
}

/// One step holding a linked list of `n` nodes (`head` → o1 → o2 → …).
pub fn linked_list_trace(n: usize) -> Trace {
    let mut heap = serde_json::Map::new();
    for i in 1..=n {
        let next = if i < n {
            serde_json::json!({"kind": "ref", "id": format!("o{}", i + 1)})
        } else {
            serde_json::json!({"kind": "prim", "type": "NoneType", "repr": "None"})
        };
        heap.insert(
            format!("o{i}"),
            serde_json::json!({"kind": "instance", "typeName": "ListNode", "fields": [
                ["value", {"kind": "prim", "type": "int", "repr": i.to_string()}],
                ["next", next]]}),
        );
    }
    one_step_trace(
        serde_json::json!([["head", {"kind": "ref", "id": "o1"}]]),
        serde_json::Value::Object(heap),
    )
}

/// One step holding `n` objects (instances, lists, dicts) with about `refs_per_object`
/// references each to random others; a few variables point into it.
pub fn random_heap_trace(n: usize, refs_per_object: f64, seed: u64) -> Trace {
    let mut rng = Lcg(seed);
    let mut refs: Vec<Vec<usize>> = vec![Vec::new(); n];
    let total = (n as f64 * refs_per_object) as usize;
    // A spanning chain keeps everything reachable, then random extra references.
    for i in 1..n {
        let parent = rng.next(i as u64) as usize;
        refs[parent].push(i);
    }
    for _ in n.saturating_sub(1)..total {
        let a = rng.next(n as u64) as usize;
        let b = rng.next(n as u64) as usize;
        refs[a].push(b);
    }
    let r = |i: usize| serde_json::json!({"kind": "ref", "id": format!("o{}", i + 1)});
    let mut heap = serde_json::Map::new();
    for (i, out) in refs.iter().enumerate() {
        let obj = match i % 3 {
            0 => serde_json::json!({"kind": "instance", "typeName": "Node", "fields":
                out.iter().enumerate().map(|(k, j)| serde_json::json!([format!("f{k}"), r(*j)])).collect::<Vec<_>>()}),
            1 => serde_json::json!({"kind": "list", "typeName": "list", "length": out.len(),
                "items": out.iter().map(|j| r(*j)).collect::<Vec<_>>()}),
            _ => serde_json::json!({"kind": "dict", "typeName": "dict", "length": out.len(),
                "entries": out.iter().enumerate().map(|(k, j)| serde_json::json!([
                    {"kind": "prim", "type": "str", "repr": format!("'k{k}'")}, r(*j)])).collect::<Vec<_>>()}),
        };
        heap.insert(format!("o{}", i + 1), obj);
    }
    let locals: Vec<serde_json::Value> = (0..3.min(n))
        .map(|k| serde_json::json!([format!("v{k}"), r(k * n / 3)]))
        .collect();
    one_step_trace(
        serde_json::Value::Array(locals),
        serde_json::Value::Object(heap),
    )
}
