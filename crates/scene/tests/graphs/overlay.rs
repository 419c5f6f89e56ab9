//! The state overlay: visited, queue order, parents, distances, the current node.

use algoscope_scene::{step_graphs, GraphOverlay, QueueKind, SceneOptions, StateKind};
use serde_json::{json, Value};

use super::build::*;

/// The overlay of the one graph (`g` → o1, nodes A B C D) with these extra locals and objects
/// in a `bfs` frame; `extra` fields go to the trace (indexNames).
fn overlay_with(locals: Vec<(&str, Value)>, objects: Value, extra: Value) -> GraphOverlay {
    let mut heap = adjacency(&[("A", &["B", "C"]), ("B", &["D"]), ("C", &["D"]), ("D", &[])]);
    if let Some(objects) = objects.as_object() {
        heap.extend(objects.clone());
    }
    let mut frame = vec![("graph", r("o1"))];
    frame.extend(locals);
    let t = trace(
        "python",
        extra,
        vec![step(
            vec![("<module>", vec![("g", r("o1"))]), ("bfs", frame)],
            Value::Object(heap),
        )],
    );
    let gs = step_graphs(&t, 0, &SceneOptions::default()).expect("step 0");
    assert_eq!(gs.len(), 1);
    gs[0].overlay.clone()
}

fn queue_order(o: &GraphOverlay) -> Vec<(String, u32)> {
    o.queue
        .as_ref()
        .map(|q| {
            q.nodes
                .iter()
                .map(|n| (n.node.clone(), n.position))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn visited_set_and_queue_order() {
    let o = overlay_with(
        vec![("seen", r("o10")), ("queue", r("o11"))],
        json!({
            "o10": seq("set", "set", vec![s("A"), s("B"), s("C")]),
            "o11": seq("list", "deque", vec![s("C"), s("B")]),
        }),
        json!({}),
    );
    assert_eq!(o.visited_name.as_deref(), Some("seen"));
    assert_eq!(o.visited, ["s:A", "s:B", "s:C"]);
    let q = o.queue.as_ref().expect("queue");
    assert_eq!((q.name.as_str(), q.kind), ("queue", QueueKind::Queue));
    assert_eq!(queue_order(&o), [("s:C".into(), 1), ("s:B".into(), 2)]);
    assert_eq!(o.kinds(), [StateKind::Visited, StateKind::Queued]);
}

#[test]
fn a_stack_leaves_from_its_end() {
    let o = overlay_with(
        vec![("stack", r("o10"))],
        json!({"o10": list(vec![s("B"), s("C"), s("D")])}),
        json!({}),
    );
    assert_eq!(o.queue.as_ref().map(|q| q.kind), Some(QueueKind::Stack));
    assert_eq!(
        queue_order(&o),
        [("s:D".into(), 1), ("s:C".into(), 2), ("s:B".into(), 3)]
    );
}

#[test]
fn priority_pairs_are_ordered_by_priority() {
    let o = overlay_with(
        vec![("heap", r("o10"))],
        json!({
            "o10": list(vec![r("o11"), r("o12"), r("o13")]),
            "o11": seq("tuple", "tuple", vec![int(1), s("C")]),
            "o12": seq("tuple", "tuple", vec![int(5), s("B")]),
            "o13": seq("tuple", "tuple", vec![int(2), s("D")]),
        }),
        json!({}),
    );
    assert_eq!(o.queue.as_ref().map(|q| q.kind), Some(QueueKind::Priority));
    assert_eq!(
        queue_order(&o),
        [("s:C".into(), 1), ("s:D".into(), 2), ("s:B".into(), 3)]
    );
}

#[test]
fn parent_and_distance_maps() {
    let o = overlay_with(
        vec![("prev", r("o10")), ("dist", r("o11"))],
        json!({
            "o10": dict("dict", vec![(s("A"), none()), (s("B"), s("A")), (s("D"), s("B"))]),
            "o11": dict("dict", vec![(s("A"), int(0)), (s("B"), int(1)), (s("D"), int(2))]),
        }),
        json!({}),
    );
    assert_eq!(o.parent_name.as_deref(), Some("prev"));
    let links: Vec<(&str, &str)> = o
        .parents
        .iter()
        .map(|p| (p.node.as_str(), p.parent.as_str()))
        .collect();
    assert_eq!(links, [("s:B", "s:A"), ("s:D", "s:B")]);
    assert_eq!(o.distance_name.as_deref(), Some("dist"));
    let labels: Vec<(&str, &str)> = o
        .distances
        .iter()
        .map(|l| (l.node.as_str(), l.text.as_str()))
        .collect();
    assert_eq!(labels, [("s:A", "0"), ("s:B", "1"), ("s:D", "2")]);
}

#[test]
fn the_current_node_is_a_subscript_of_the_graph_or_a_conventional_name() {
    let o = overlay_with(
        vec![("x", s("B")), ("start", s("A")), ("label", s("zzz"))],
        json!({}),
        json!({"indexNames": {"graph": ["x"]}}),
    );
    let ptrs: Vec<(&str, &str, bool)> = o
        .pointers
        .iter()
        .map(|p| (p.name.as_str(), p.node.as_str(), p.current))
        .collect();
    assert_eq!(ptrs, [("x", "s:B", true), ("start", "s:A", false)]);
    let o = overlay_with(vec![("u", s("C"))], json!({}), json!({}));
    assert_eq!(o.pointers[0].name, "u");
    assert!(o.pointers[0].current);
}

#[test]
fn names_break_ties_between_sets() {
    let o = overlay_with(
        vec![("others", r("o10")), ("visited", r("o11"))],
        json!({
            "o10": seq("set", "set", vec![s("D")]),
            "o11": seq("set", "set", vec![s("A")]),
        }),
        json!({}),
    );
    assert_eq!(o.visited_name.as_deref(), Some("visited"));
    assert_eq!(o.visited, ["s:A"]);
    // Without a conventional name, the innermost frame's first set wins.
    let o = overlay_with(
        vec![("a", r("o10")), ("b", r("o11"))],
        json!({
            "o10": seq("set", "set", vec![s("D")]),
            "o11": seq("set", "set", vec![s("A")]),
        }),
        json!({}),
    );
    assert_eq!(o.visited_name.as_deref(), Some("a"));
}

#[test]
fn a_set_of_other_things_is_not_visited() {
    let o = overlay_with(
        vec![("seen", r("o10"))],
        json!({"o10": seq("set", "set", vec![s("A"), s("nope")])}),
        json!({}),
    );
    assert!(o.visited.is_empty());
    assert_eq!(o.visited_name, None);
}

#[test]
fn per_node_lists_for_nodes_zero_to_n_minus_one() {
    let heap = json!({
        "o1": list(vec![r("o2"), r("o3"), r("o4")]),
        "o2": list(vec![int(1)]),
        "o3": list(vec![int(2)]),
        "o4": list(vec![]),
        "o5": list(vec![boolean(true), boolean(true), boolean(false)]),
        "o6": list(vec![int(0), int(1), int(-1)]),
        "o7": list(vec![int(-1), int(0), int(-1)]),
    });
    let t = trace(
        "python",
        json!({"hints": [{"line": 1, "text": "graph adj"}]}),
        vec![step(
            vec![(
                "<module>",
                vec![
                    ("adj", r("o1")),
                    ("marked", r("o5")),
                    ("level", r("o6")),
                    ("parent", r("o7")),
                ],
            )],
            heap,
        )],
    );
    let mut options = SceneOptions::default();
    options.hints.graphs = vec!["adj".into()];
    let o = &step_graphs(&t, 0, &options).expect("step 0")[0].overlay;
    assert_eq!(o.visited, ["n:0", "n:1"]);
    let dist: Vec<(&str, &str)> = o
        .distances
        .iter()
        .map(|l| (l.node.as_str(), l.text.as_str()))
        .collect();
    assert_eq!(dist, [("n:0", "0"), ("n:1", "1")]);
    let parents: Vec<(&str, &str)> = o
        .parents
        .iter()
        .map(|p| (p.node.as_str(), p.parent.as_str()))
        .collect();
    assert_eq!(parents, [("n:1", "n:0")]);
}

#[test]
fn node_objects_carry_their_own_state() {
    let heap = json!({
        "o1": instance("V", vec![("name", s("a")), ("adj", r("o3")), ("visited", boolean(true)), ("dist", int(0))]),
        "o2": instance("V", vec![("name", s("b")), ("adj", r("o4")), ("visited", boolean(false)), ("dist", int(4))]),
        "o3": list(vec![r("o2")]),
        "o4": list(vec![]),
    });
    let t = one(vec![("root", r("o1"))], heap);
    let o = &step_graphs(&t, 0, &SceneOptions::default()).expect("step 0")[0].overlay;
    assert_eq!(o.visited, ["o:o1"]);
    assert_eq!(o.visited_name.as_deref(), Some(".visited"));
    assert_eq!(o.distances.len(), 2);
}
