//! `validate_str` (parse, limits, schema, types, heap expansion, cross-references) on a
//! generated 2,000-step trace with 300 heap objects per step, sent in delta form with a few
//! objects changing per step. Measured twice: in wall time, and in the thread's CPU time
//! (see [`ThreadCpu`]).

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::sync::Arc;

use algoscope_trace_format::{
    to_delta, validate_str, Event, Frame, FrameState, Heap, HeapObject, Instance, Language,
    ObjectId, Sequence, Step, Trace, Value,
};
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

const STEPS: usize = 2_000;
const OBJECTS: usize = 300;

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

fn generated_trace() -> Trace {
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

fn bench<M: Measurement + 'static>(c: &mut Criterion<M>, group_name: &str) {
    let text = serde_json::to_string(&to_delta(&generated_trace())).expect("serializable");
    let mut group = c.benchmark_group(group_name);
    group.sample_size(20);
    // The validated trace is dropped outside the measurement: freeing it is the caller's cost.
    group.bench_function("delta_2000_steps_300_objects", |b| {
        b.iter_batched(
            || (),
            |()| validate_str(&text).expect("valid"),
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

/// Time the benchmarking thread spent on a CPU, read from Linux's
/// `/proc/thread-self/schedstat` (nanoseconds, updated at least every scheduler tick). On a
/// machine shared with other jobs, wall time also counts the time spent waiting for a core;
/// this does not. Where the file is missing it reads 0.
struct ThreadCpu;

fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

static WALL: WallTime = WallTime;

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, like wall time.
        WALL.formatter()
    }
}

fn wall_time(c: &mut Criterion) {
    bench(c, "validate_wall");
}

fn cpu_time(c: &mut Criterion<ThreadCpu>) {
    bench(c, "validate_cpu");
}

criterion_group!(wall, wall_time);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = cpu_time
}
criterion_main!(wall, cpu);
