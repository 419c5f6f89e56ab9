//! Scene + layout + SVG per step: the example steps (median goal < 1 ms), a step holding a
//! 300-node linked list (< 10 ms), a 500-object heap with ~1.2 references per object
//! (< 15 ms). Also prints, over all example steps, the mean distance (px) persisting boxes
//! move between consecutive steps when previous positions are fed in.

#![allow(missing_docs)]

use algoscope_layout::{layout_memory, layout_memory_full, LayoutOptions};
use algoscope_scene::{memory_scene, SceneOptions};
use algoscope_test_support::build::{linked_list_trace, random_heap_trace};
use algoscope_test_support::goldens::{fixture_paths, load};
use algoscope_trace_format::Trace;
use criterion::{criterion_group, criterion_main, Criterion};

fn draw(trace: &Trace, step: usize) -> usize {
    let scene = memory_scene(trace, step, &SceneOptions::default()).expect("step");
    layout_memory(&scene, &LayoutOptions::default())
        .to_svg()
        .len()
}

fn mean_movement(traces: &[Trace]) -> (f64, usize) {
    let (mut total, mut count) = (0.0, 0usize);
    for trace in traces {
        let mut previous: std::collections::BTreeMap<String, (f64, f64)> = Default::default();
        for step in 0..trace.steps.len() {
            let scene = memory_scene(trace, step, &SceneOptions::default()).expect("step");
            let options = LayoutOptions {
                previous: previous.clone(),
                ..LayoutOptions::default()
            };
            let now = layout_memory_full(&scene, &options).positions();
            for (key, (x, y)) in &now {
                if let Some((px, py)) = previous.get(key) {
                    total += ((x - px).powi(2) + (y - py).powi(2)).sqrt();
                    count += 1;
                }
            }
            previous = now;
        }
    }
    (if count > 0 { total / count as f64 } else { 0.0 }, count)
}

fn benches(c: &mut Criterion) {
    let traces: Vec<Trace> = fixture_paths().iter().map(|p| load(p)).collect();
    let (moved, pairs) = mean_movement(&traces);
    eprintln!("mean movement of persisting boxes: {moved:.2} px over {pairs} box-steps");
    let steps: Vec<(usize, usize)> = traces
        .iter()
        .enumerate()
        .flat_map(|(t, tr)| (0..tr.steps.len()).map(move |s| (t, s)))
        .collect();
    let mut i = 0;
    c.bench_function("example step", |b| {
        b.iter(|| {
            let (t, s) = steps[i % steps.len().max(1)];
            i += 1;
            draw(&traces[t], s)
        })
    });
    let list = linked_list_trace(300);
    c.bench_function("linked list of 300 nodes", |b| b.iter(|| draw(&list, 0)));
    let heap = random_heap_trace(500, 1.2, 7);
    c.bench_function("500-object heap", |b| b.iter(|| draw(&heap, 0)));
}

criterion_group!(memory, benches);
criterion_main!(memory);
