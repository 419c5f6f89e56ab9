//! One test per detection kind, and the cases that must not be read as graphs.

use algoscope_scene::{step_graphs, GraphKind, SceneGraph, SceneOptions, MAX_GRAPH_NODES};
use serde_json::{json, Value};

use super::build::*;

fn graphs(trace: &algoscope_trace_format::Trace) -> Vec<SceneGraph> {
    step_graphs(trace, 0, &SceneOptions::default()).expect("step 0")
}

fn edges(g: &SceneGraph) -> Vec<(String, String, Option<String>)> {
    g.edges
        .iter()
        .map(|e| (e.from.clone(), e.to.clone(), e.weight.clone()))
        .collect()
}

#[test]
fn dict_of_lists_is_a_directed_graph() {
    let heap = adjacency(&[("A", &["B", "C"]), ("B", &["C"]), ("C", &[])]);
    let t = one(vec![("g", r("o1"))], Value::Object(heap));
    let gs = graphs(&t);
    assert_eq!(gs.len(), 1);
    let g = &gs[0];
    assert_eq!(
        (g.id.as_str(), g.holder.as_str(), g.kind),
        ("obj:o1", "o1", GraphKind::AdjacencyMap)
    );
    assert_eq!(g.name, "g");
    assert!(g.directed);
    assert_eq!(
        g.nodes.iter().map(|n| n.label.as_str()).collect::<Vec<_>>(),
        ["A", "B", "C"]
    );
    assert_eq!(g.members, ["o1", "o2", "o3", "o4"]);
    assert_eq!(edges(g).len(), 3);
}

#[test]
fn dict_of_sets_with_every_reverse_edge_is_undirected() {
    let heap = json!({
        "o1": dict("dict", vec![(int(1), r("o2")), (int(2), r("o3")), (int(3), r("o4"))]),
        "o2": seq("set", "set", vec![int(2), int(3)]),
        "o3": seq("set", "set", vec![int(1)]),
        "o4": seq("set", "set", vec![int(1)]),
    });
    let g = &graphs(&one(vec![("adj", r("o1"))], heap))[0];
    assert!(!g.directed);
    assert_eq!(g.nodes[0].key, "n:1");
}

#[test]
fn neighbour_pairs_carry_weights() {
    let heap = json!({
        "o1": dict("dict", vec![(s("A"), r("o2")), (s("B"), r("o3"))]),
        "o2": list(vec![r("o4")]),
        "o3": list(vec![r("o5")]),
        "o4": seq("tuple", "tuple", vec![s("B"), int(7)]),
        "o5": seq("tuple", "tuple", vec![int(7), s("A")]),
    });
    let g = &graphs(&one(vec![("graph", r("o1"))], heap))[0];
    assert_eq!(
        edges(g),
        [
            ("s:A".into(), "s:B".into(), Some("7".into())),
            ("s:B".into(), "s:A".into(), Some("7".into()))
        ]
    );
    assert!(
        !g.directed,
        "the same weight both ways is one undirected edge"
    );
    assert_eq!(g.members, ["o1", "o2", "o4", "o3", "o5"]);
}

#[test]
fn dict_of_weight_dicts_is_weighted() {
    let heap = json!({
        "o1": dict("dict", vec![(s("A"), r("o2")), (s("B"), r("o3"))]),
        "o2": dict("dict", vec![(s("B"), int(3))]),
        "o3": dict("dict", vec![(s("A"), int(4))]),
    });
    let g = &graphs(&one(vec![("graph", r("o1"))], heap))[0];
    assert_eq!(edges(g)[0], ("s:A".into(), "s:B".into(), Some("3".into())));
    assert!(g.directed, "different weights each way");
}

#[test]
fn js_map_and_plain_object_keys_match_their_neighbours() {
    // const g = {1: [2], 2: [1, 3], 3: []}: object keys are the strings '1', neighbours numbers.
    let heap = json!({
        "o1": dict("Object", vec![(js("1"), r("o2")), (js("2"), r("o3")), (js("3"), r("o4"))]),
        "o2": seq("list", "Array", vec![num(2)]),
        "o3": seq("list", "Array", vec![num(1), num(3)]),
        "o4": seq("list", "Array", vec![]),
        "o5": dict("Map", vec![(js("x"), r("o6")), (js("y"), r("o7"))]),
        "o6": seq("list", "Array", vec![js("y")]),
        "o7": seq("list", "Array", vec![js("x")]),
    });
    let t = trace(
        "javascript",
        json!({}),
        vec![step(
            vec![("<main>", vec![("g", r("o1")), ("m", r("o5"))])],
            heap,
        )],
    );
    let gs = graphs(&t);
    assert_eq!(gs.len(), 2);
    assert_eq!(
        gs[0]
            .nodes
            .iter()
            .map(|n| n.key.as_str())
            .collect::<Vec<_>>(),
        ["n:1", "n:2", "n:3"]
    );
    assert_eq!(gs[0].edges.len(), 3);
    assert!(gs[0]
        .edges
        .iter()
        .all(|e| gs[0].nodes.iter().any(|n| n.key == e.to)));
    assert_eq!(gs[1].id, "obj:o5");
    assert!(!gs[1].directed);
}

#[test]
fn list_of_lists_is_a_graph_only_when_hinted() {
    let heap = json!({
        "o1": list(vec![r("o2"), r("o3"), r("o4")]),
        "o2": list(vec![int(1), int(2)]),
        "o3": list(vec![int(2)]),
        "o4": list(vec![int(0)]),
    });
    let t = one(vec![("adj", r("o1"))], heap);
    assert!(graphs(&t).is_empty(), "unhinted lists of lists are grids");
    let mut options = SceneOptions::default();
    options.hints.graphs = vec!["adj".into()];
    let gs = step_graphs(&t, 0, &options).expect("step 0");
    assert_eq!(gs.len(), 1);
    assert_eq!(gs[0].kind, GraphKind::NeighbourLists);
    assert_eq!(
        gs[0]
            .nodes
            .iter()
            .map(|n| n.key.as_str())
            .collect::<Vec<_>>(),
        ["n:0", "n:1", "n:2"]
    );
    assert_eq!(gs[0].edges.len(), 4);
    let scene = algoscope_scene::memory_scene(&t, 0, &options).expect("scene");
    assert!(scene.grids.is_empty(), "a hinted graph is not also a grid");
    assert_eq!(scene.graphs.len(), 1);
}

#[test]
fn objects_holding_lists_of_their_class_are_a_graph() {
    let heap = json!({
        "o1": instance("City", vec![("name", s("Oslo")), ("roads", r("o4"))]),
        "o2": instance("City", vec![("name", s("Rome")), ("roads", r("o5"))]),
        "o3": instance("City", vec![("name", s("Bonn")), ("roads", r("o6"))]),
        "o4": list(vec![r("o2"), r("o3")]),
        "o5": list(vec![r("o3")]),
        "o6": list(vec![]),
    });
    let t = one(vec![("start", r("o1"))], heap);
    let gs = graphs(&t);
    assert_eq!(gs.len(), 1);
    let g = &gs[0];
    assert_eq!(
        (g.id.as_str(), g.holder.as_str(), g.kind),
        ("class:City", "o1", GraphKind::Objects)
    );
    assert_eq!(
        g.nodes.iter().map(|n| n.label.as_str()).collect::<Vec<_>>(),
        ["Oslo", "Rome", "Bonn"]
    );
    assert_eq!(g.nodes[1].object.as_deref(), Some("o2"));
    assert_eq!(g.edges.len(), 3);
    assert_eq!(g.members, ["o1", "o2", "o3", "o4", "o5", "o6"]);
    let scene = algoscope_scene::memory_scene(&t, 0, &SceneOptions::default()).expect("scene");
    assert!(
        scene
            .arrows
            .iter()
            .filter(|a| a.from_node.starts_with("obj:"))
            .all(|a| a.in_graph),
        "every reference between nodes is an edge"
    );
    let drawn: Vec<&str> = scene.drawn_arrows(false).map(|a| a.from.as_str()).collect();
    assert_eq!(drawn, ["frame:f1#start"]);
    assert_eq!(scene.drawn_arrows(true).count(), 1, "a graph never nests");
}

#[test]
fn adjacency_one_level_into_an_object() {
    let mut heap = adjacency(&[("A", &["B"]), ("B", &["A"])]);
    heap.insert("o9".into(), instance("Graph", vec![("adj", r("o1"))]));
    let gs = graphs(&one(vec![("self", r("o9"))], Value::Object(heap)));
    assert_eq!(gs.len(), 1);
    assert_eq!(gs[0].name, "self.adj");
}

#[test]
fn too_small_too_big_and_mostly_foreign_neighbours_are_not_graphs() {
    let small = adjacency(&[("A", &["A"])]);
    assert!(graphs(&one(vec![("g", r("o1"))], Value::Object(small))).is_empty());
    let names: Vec<String> = (0..=MAX_GRAPH_NODES).map(|i| format!("n{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let big: Vec<(&str, &[&str])> = refs.iter().map(|n| (*n, &refs[..1])).collect();
    let big = adjacency(&big);
    assert!(graphs(&one(vec![("g", r("o1"))], Value::Object(big))).is_empty());
    // Anagram groups: the values are lists of strings that are not keys.
    let groups = adjacency(&[("aet", &["eat", "tea"]), ("ant", &["tan", "nat"])]);
    assert!(graphs(&one(vec![("groups", r("o1"))], Value::Object(groups))).is_empty());
    // Empty neighbour lists say nothing.
    let empty = adjacency(&[("A", &[]), ("B", &[])]);
    assert!(graphs(&one(vec![("buckets", r("o1"))], Value::Object(empty))).is_empty());
}

#[test]
fn a_grid_of_numbers_is_not_a_graph() {
    let heap = json!({
        "o1": list(vec![r("o2"), r("o3")]),
        "o2": list(vec![int(0), int(1)]),
        "o3": list(vec![int(1), int(0)]),
    });
    let t = one(vec![("grid", r("o1"))], heap);
    assert!(graphs(&t).is_empty());
    let scene = algoscope_scene::memory_scene(&t, 0, &SceneOptions::default()).expect("scene");
    assert_eq!(scene.grids.len(), 1);
}

#[test]
fn a_known_graph_is_read_while_still_empty() {
    let empty = adjacency(&[("A", &[]), ("B", &[])]);
    let t = one(vec![("g", r("o1"))], Value::Object(empty));
    let options = SceneOptions {
        known_graphs: vec!["obj:o1".into()],
        ..SceneOptions::default()
    };
    let gs = step_graphs(&t, 0, &options).expect("step 0");
    assert_eq!(gs.len(), 1);
    assert!(gs[0].edges.is_empty());
}

#[test]
fn tuple_nodes_of_a_grid_graph() {
    let heap = json!({
        "o1": dict("dict", vec![(r("o2"), r("o4")), (r("o3"), r("o5"))]),
        "o2": seq("tuple", "tuple", vec![int(0), int(0)]),
        "o3": seq("tuple", "tuple", vec![int(0), int(1)]),
        "o4": list(vec![r("o6")]),
        "o5": list(vec![r("o7")]),
        "o6": seq("tuple", "tuple", vec![int(0), int(1)]),
        "o7": seq("tuple", "tuple", vec![int(0), int(0)]),
    });
    let g = &graphs(&one(vec![("g", r("o1"))], heap))[0];
    assert_eq!(
        g.nodes.iter().map(|n| n.label.as_str()).collect::<Vec<_>>(),
        ["(0, 0)", "(0, 1)"]
    );
    assert!(!g.directed);
    for id in ["o2", "o3", "o6", "o7"] {
        assert!(
            g.members.iter().any(|m| m == id),
            "{id} is part of the graph"
        );
    }
}
