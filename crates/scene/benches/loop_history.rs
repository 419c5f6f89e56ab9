//! The loop history of every step of a long run, before and after analysing each run once.
//! Before, the page called `loop_scene` at every step, and each call reads every pass of the
//! run (about `steps²` in all): one call at the last pass is timed (a call costs about the
//! same at every step of the run, so the whole run costs about `steps` times that). After:
//! `loop_histories` once plus `LoopHistories::scene_at` at every step, timed whole. The trace
//! is bubble sort as the Python tracer records it (40 items: 1,980 steps; 128 items: 20,588
//! steps), built here so the bench needs no interpreter. Equality of the two is a test
//! (`loops::reference`), not checked here.

#![allow(missing_docs)]

use std::sync::Arc;

use algoscope_scene::{loop_histories, loop_scene, LoopSceneOptions};
use algoscope_trace_format::{HeapObject, Step, Trace};
use criterion::{criterion_group, criterion_main, Criterion};

const SOURCE: &str = "def bubble_sort(arr):\n    n = len(arr)\n    for i in range(n - 1):\n        for j in range(n - 1 - i):\n            if arr[j] > arr[j + 1]:\n                arr[j], arr[j + 1] = arr[j + 1], arr[j]\n    return arr\n";

/// Bubble sort of `n` pseudo-random numbers, one step per line run, the list shared between
/// steps until it changes (as expanded delta heaps are).
fn bubble_trace(n: usize) -> Trace {
    let mut seed = 12_345u64;
    let mut arr: Vec<u64> = (0..n)
        .map(|_| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % 1000
        })
        .collect();
    let list = |arr: &[u64]| -> Arc<HeapObject> {
        let items: Vec<String> = arr
            .iter()
            .map(|v| format!(r#"{{"kind":"prim","type":"int","repr":"{v}"}}"#))
            .collect();
        let json = format!(
            r#"{{"kind":"list","typeName":"list","items":[{}],"length":{}}}"#,
            items.join(","),
            arr.len()
        );
        Arc::new(serde_json::from_str(&json).expect("list"))
    };
    let mut heap = list(&arr);
    let mut steps: Vec<Step> = Vec::new();
    let mut push = |line: u32, loops: String, locals: String, heap: &Arc<HeapObject>| {
        let json = format!(
            r#"{{"event":"line","line":{line},"stdoutLength":0,"loops":[{loops}],
            "stack":[{{"id":"f1","func":"bubble_sort","line":{line},"locals":[["arr",{{"kind":"ref","id":"o1"}}]{locals}]}}],
            "heap":{{}}}}"#
        );
        let mut step: Step = serde_json::from_str(&json).expect("step");
        step.heap.insert("o1".into(), heap.clone());
        steps.push(step);
    };
    let int = |name: &str, v: usize| {
        format!(r#",["{name}",{{"kind":"prim","type":"int","repr":"{v}"}}]"#)
    };
    let ctx = |id: &str, instance: usize, iteration: usize| {
        format!(r#"{{"frame":"f1","loop":"{id}","instance":{instance},"iteration":{iteration}}}"#)
    };
    push(2, String::new(), String::new(), &heap);
    for i in 0..n - 1 {
        let outer = ctx("L3", 1, i + 1);
        push(3, outer.clone(), int("n", n) + &int("i", i), &heap);
        for j in 0..n - 1 - i {
            let loops = format!("{outer},{}", ctx("L4", i + 1, j + 1));
            let locals = int("n", n) + &int("i", i) + &int("j", j);
            push(4, loops.clone(), locals.clone(), &heap);
            push(5, loops.clone(), locals.clone(), &heap);
            if arr[j] > arr[j + 1] {
                arr.swap(j, j + 1);
                heap = list(&arr);
                push(6, loops, locals, &heap);
            }
        }
    }
    push(7, String::new(), int("n", n), &heap);
    let json = format!(
        r#"{{"version":1,"language":"python","source":{},"stdout":"",
        "loops":[{{"id":"L3","kind":"for","line":3,"bodyStart":4,"bodyEnd":6,"header":"for i in range(n - 1)"}},
                 {{"id":"L4","kind":"for","line":4,"bodyStart":5,"bodyEnd":6,"header":"for j in range(n - 1 - i)"}}],
        "indexNames":{{"arr":["j"]}},"steps":[]}}"#,
        serde_json::to_string(SOURCE).expect("source")
    );
    let mut trace: Trace = serde_json::from_str(&json).expect("trace");
    trace.steps = steps;
    trace
}

/// The page's options (40 rows).
fn options() -> LoopSceneOptions {
    LoopSceneOptions {
        max_rows: 40,
        ..LoopSceneOptions::default()
    }
}

fn every_step_once(trace: &Trace) -> usize {
    let histories = loop_histories(trace, &options());
    (0..trace.steps.len())
        .filter_map(|t| histories.scene_at(trace, t).expect("step"))
        .map(|s| s.items.len())
        .sum()
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("loop history");
    group.sample_size(10);
    for n in [40, 128] {
        let trace = bubble_trace(n);
        let steps = trace.steps.len();
        let last = steps - 2;
        group.bench_function(
            format!("{steps} steps: one loop_scene call (before: per step)"),
            |b| b.iter(|| loop_scene(&trace, last, &options()).expect("step")),
        );
        group.bench_function(
            format!("{steps} steps: loop_histories + scene_at at every step (after: whole run)"),
            |b| b.iter(|| every_step_once(&trace)),
        );
    }
    group.finish();
}

criterion_group!(loop_history, benches);
criterion_main!(loop_history);
