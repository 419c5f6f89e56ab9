//! The run-wide universe: every node and edge a graph ever has, and every state it shows.

use algoscope_scene::{graph_universe, memory_scene, SceneOptions, StateKind};
use serde_json::Value;

use super::build::*;

/// A graph built step by step: {A: []}, then {A: [], B: []}, then A → B, then B → C (C only a
/// neighbour), with a `seen` set appearing at the last step.
fn growing() -> algoscope_trace_format::Trace {
    let g = |adj: &[(&str, &[&str])]| Value::Object(adjacency(adj));
    let mut last = adjacency(&[("A", &["B"]), ("B", &["C"])]);
    last.insert("o9".into(), seq("set", "set", vec![s("A")]));
    trace(
        "python",
        serde_json::json!({}),
        vec![
            step(vec![("<module>", vec![("g", r("o1"))])], g(&[("A", &[])])),
            step(
                vec![("<module>", vec![("g", r("o1"))])],
                g(&[("A", &[]), ("B", &[])]),
            ),
            step(
                vec![("<module>", vec![("g", r("o1"))])],
                g(&[("A", &["B"]), ("B", &[])]),
            ),
            step(
                vec![("<module>", vec![("g", r("o1")), ("seen", r("o9"))])],
                Value::Object(last),
            ),
        ],
    )
}

#[test]
fn the_universe_holds_every_node_and_edge_ever() {
    let t = growing();
    let u = graph_universe(&t, &SceneOptions::default());
    assert_eq!(u.graphs.len(), 1);
    let g = &u.graphs[0];
    assert_eq!(g.id, "obj:o1");
    let keys: Vec<&str> = g.nodes.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["s:A", "s:B", "s:C"]);
    assert_eq!(
        g.edges,
        [
            ("s:A".to_string(), "s:B".to_string()),
            ("s:B".into(), "s:C".into())
        ]
    );
    assert_eq!(
        g.steps,
        (0, 3),
        "known, the graph is read from its first step"
    );
    assert_eq!(g.states, [StateKind::Visited]);
    assert!(g.directed);
    assert_eq!(u.ids(), ["obj:o1"]);
}

#[test]
fn known_graphs_are_drawn_while_empty() {
    let t = growing();
    let plain = memory_scene(&t, 1, &SceneOptions::default()).expect("scene");
    assert!(
        plain.graphs.is_empty(),
        "two nodes, no edge: not a graph on its own"
    );
    let u = graph_universe(&t, &SceneOptions::default());
    let options = SceneOptions {
        known_graphs: u.ids(),
        ..SceneOptions::default()
    };
    let known = memory_scene(&t, 1, &options).expect("scene");
    assert_eq!(known.graphs.len(), 1);
    assert_eq!(known.graphs[0].nodes.len(), 2);
}

#[test]
fn a_run_without_graphs_has_an_empty_universe() {
    let t = one(vec![("x", int(1))], serde_json::json!({}));
    assert!(graph_universe(&t, &SceneOptions::default())
        .graphs
        .is_empty());
}
