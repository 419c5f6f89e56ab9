//! Time of `layout_graph` on the benchmark's seeded random DAGs (goal: under 100 ms at 500
//! nodes with about 3 edges per node, release build), on a 30-node DAG the size of the graphs
//! programs build (goal: a few ms at most), and of the force layout on a 40-node cyclic graph
//! (the largest the memory view draws). Crossings against `dot` are printed by the
//! `compare_dot` example.

#![allow(missing_docs)]

use algoscope_layout::graph::{layout_graph, GraphInput, GraphLayoutOptions};
use algoscope_test_support::graph::random_dag;
use criterion::{criterion_group, criterion_main, Criterion};

fn layered(c: &mut Criterion) {
    let options = GraphLayoutOptions::default();
    let mut group = c.benchmark_group("layered");
    group.sample_size(10);
    for &(nodes, ratio) in &[
        (30usize, 1.5f64),
        (50, 1.2),
        (50, 3.0),
        (500, 1.2),
        (500, 3.0),
    ] {
        let input = random_dag(nodes, ratio, 1000 * nodes as u64);
        group.bench_function(format!("{nodes}x{ratio}"), |b| {
            b.iter(|| layout_graph(&input, &options).positions.len())
        });
    }
    group.finish();
}

fn force(c: &mut Criterion) {
    // A 40-node ring with chords: not a DAG once undirected, so force-directed.
    let nodes = 40;
    let mut edges: Vec<(usize, usize)> = (0..nodes).map(|i| (i, (i + 1) % nodes)).collect();
    edges.extend((0..nodes).step_by(5).map(|i| (i, (i + 13) % nodes)));
    let input = GraphInput {
        nodes,
        edges,
        directed: false,
        ..GraphInput::default()
    };
    let options = GraphLayoutOptions::default();
    c.bench_function("force/40", |b| {
        b.iter(|| layout_graph(&input, &options).positions.len())
    });
}

criterion_group!(benches, layered, force);
criterion_main!(benches);
