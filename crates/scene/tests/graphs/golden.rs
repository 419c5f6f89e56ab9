//! Graph detection, overlay and universe on the golden traces of the examples, in all three
//! languages: the same algorithm gives the same graph and the same state.

use algoscope_scene::{
    graph_universe, step_graphs, QueueKind, SceneGraph, SceneOptions, StateKind,
};
use algoscope_test_support::goldens::golden;
use algoscope_trace_format::Trace;

const LANGUAGES: [&str; 3] = ["python", "javascript", "typescript"];

fn graphs_at(trace: &Trace, step: usize) -> Vec<SceneGraph> {
    step_graphs(trace, step, &SceneOptions::default()).expect("step in range")
}

fn keys(g: &SceneGraph) -> Vec<&str> {
    g.nodes.iter().map(|n| n.key.as_str()).collect()
}

#[test]
fn bfs_graph_is_the_same_in_every_language() {
    for lang in LANGUAGES {
        let trace = golden(lang, "bfs_dfs");
        let last = trace.steps.len() - 1;
        for step in [last / 3, last / 2, last] {
            let graphs = graphs_at(&trace, step);
            assert_eq!(graphs.len(), 1, "{lang} step {step}: {graphs:?}");
            let g = &graphs[0];
            assert_eq!(
                keys(g),
                ["s:A", "s:B", "s:C", "s:D", "s:E", "s:F"],
                "{lang}"
            );
            assert_eq!(g.edges.len(), 6, "{lang}");
            assert!(g.directed, "{lang}");
            assert_eq!(g.name, "graph", "{lang}");
            assert_eq!(g.members.len(), 7, "{lang}: the dict and its six lists");
        }
    }
}

#[test]
fn dijkstra_graph_has_weights_in_every_language() {
    for lang in LANGUAGES {
        let trace = golden(lang, "dijkstra");
        let graphs = graphs_at(&trace, trace.steps.len() / 2);
        assert_eq!(graphs.len(), 1, "{lang}: {graphs:?}");
        let g = &graphs[0];
        assert_eq!(keys(g), ["s:A", "s:B", "s:C", "s:D", "s:E"], "{lang}");
        let weights: Vec<(&str, &str, Option<&str>)> = g
            .edges
            .iter()
            .map(|e| (e.from.as_str(), e.to.as_str(), e.weight.as_deref()))
            .collect();
        assert_eq!(
            weights,
            [
                ("s:A", "s:B", Some("5")),
                ("s:A", "s:C", Some("1")),
                ("s:B", "s:D", Some("1")),
                ("s:C", "s:B", Some("2")),
                ("s:C", "s:D", Some("5")),
                ("s:D", "s:E", Some("3")),
            ],
            "{lang}"
        );
    }
}

#[test]
fn bfs_overlay_reads_seen_queue_and_current_node() {
    for lang in LANGUAGES {
        let trace = golden(lang, "bfs_dfs");
        // The first step inside bfs() where the queue holds two nodes and `node` is set.
        let found = (0..trace.steps.len()).find_map(|i| {
            let g = graphs_at(&trace, i).into_iter().next()?;
            let q = g.overlay.queue.clone()?;
            (q.nodes.len() == 2 && g.overlay.pointers.iter().any(|p| p.current)).then_some(g)
        });
        let g = found.unwrap_or_else(|| panic!("{lang}: no step with a queue of two"));
        let o = &g.overlay;
        assert_eq!(o.visited_name.as_deref(), Some("seen"), "{lang}");
        let q = o.queue.as_ref().expect("queue");
        assert_eq!(q.name, "queue", "{lang}");
        assert_eq!(q.kind, QueueKind::Queue, "{lang}");
        assert_eq!(q.nodes[0].position, 1);
        assert_eq!(q.nodes[1].position, 2);
        let current: Vec<&str> = o
            .pointers
            .iter()
            .filter(|p| p.current)
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(current, ["node"], "{lang}");
        for n in &q.nodes {
            assert!(
                o.visited.contains(&n.node),
                "{lang}: queued nodes were seen"
            );
        }
    }
}

#[test]
fn dijkstra_overlay_reads_distances_and_the_priority_queue() {
    for lang in LANGUAGES {
        let trace = golden(lang, "dijkstra");
        let found = (0..trace.steps.len()).find_map(|i| {
            let g = graphs_at(&trace, i).into_iter().next()?;
            (g.overlay.distances.len() >= 3
                && g.overlay.queue.as_ref().is_some_and(|q| q.nodes.len() >= 2))
            .then_some(g)
        });
        let g = found.unwrap_or_else(|| panic!("{lang}: no step with distances and a queue"));
        assert_eq!(g.overlay.distance_name.as_deref(), Some("dist"), "{lang}");
        let q = g.overlay.queue.as_ref().expect("queue");
        assert_eq!(q.kind, QueueKind::Priority, "{lang}");
        let a = g.overlay.distances.iter().find(|l| l.node == "s:A");
        assert_eq!(a.map(|l| l.text.as_str()), Some("0"), "{lang}");
    }
}

#[test]
fn universe_of_the_examples() {
    for lang in LANGUAGES {
        let trace = golden(lang, "bfs_dfs");
        let u = graph_universe(&trace, &SceneOptions::default());
        assert_eq!(u.graphs.len(), 1, "{lang}");
        let g = &u.graphs[0];
        assert_eq!(g.nodes.len(), 6);
        assert_eq!(g.edges.len(), 6);
        assert!(g.directed);
        assert!(!g.weighted);
        for kind in [StateKind::Visited, StateKind::Queued, StateKind::Current] {
            assert!(
                g.states.contains(&kind),
                "{lang}: {kind:?} in {:?}",
                g.states
            );
        }
        let trace = golden(lang, "dijkstra");
        let u = graph_universe(&trace, &SceneOptions::default());
        assert_eq!(u.graphs.len(), 1, "{lang}");
        assert!(u.graphs[0].weighted);
        assert!(u.graphs[0].states.contains(&StateKind::Distance), "{lang}");
    }
}

#[test]
fn no_other_example_has_a_graph() {
    let examples = [
        "binary_search",
        "bst",
        "bubble_sort",
        "exceptions",
        "fibonacci_memo",
        "generator_pipeline",
        "grid_dp",
        "insertion_sort",
        "linked_list",
        "merge_sort",
        "quicksort",
        "stack_queue",
        "string_processing",
        "two_sum_hash",
    ];
    for lang in LANGUAGES {
        for example in examples {
            let trace = golden(lang, example);
            let u = graph_universe(&trace, &SceneOptions::default());
            assert!(u.graphs.is_empty(), "{lang} {example}: {:?}", u.graphs);
        }
    }
}
