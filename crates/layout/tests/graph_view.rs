//! Graphs in the memory view: one plan per run (nodes never move, the box keeps its size),
//! edges and states as drawn, arrows to node objects, and SVG snapshots of the graph box of
//! BFS and Dijkstra at a few steps in Python and JavaScript.

mod common;

use algoscope_layout::{layout_memory, LayoutOptions};
use algoscope_scene::{memory_scene, MemoryScene, SceneOptions};
use algoscope_trace_format::{validate_str, Trace};
use common::goldens::golden;
use serde_json::json;

/// The step's scene and SVG, drawn with the run's graph plans.
fn draw(trace: &Trace, step: usize) -> (MemoryScene, String) {
    let (scene_options, layout) = common::run_options(trace);
    let scene = memory_scene(trace, step, &scene_options).expect("step in range");
    let svg = layout_memory(&scene, &layout).to_svg();
    (scene, svg)
}

/// The graph box's SVG text (the `g.graph` element).
fn graph_svg(svg: &str) -> Option<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let node = doc.descendants().find(|n| {
        n.tag_name().name() == "g"
            && n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|x| x == "graph"))
    })?;
    Some(svg[node.range()].to_string())
}

/// A graph box's size (`data-w`, `data-h`) and each node's (key, transform).
type Geometry = ([String; 2], Vec<(String, String)>);

/// The graph box's geometry read from the SVG.
fn graph_geometry(svg: &str) -> Option<Geometry> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let g = doc.descendants().find(|n| {
        n.attribute("class")
            .is_some_and(|c| c.split(' ').any(|x| x == "graph"))
    })?;
    let size = [
        g.attribute("data-w")?.to_string(),
        g.attribute("data-h")?.to_string(),
    ];
    let nodes = g
        .descendants()
        .filter(|n| n.attribute("data-node").is_some() && n.has_tag_name("g"))
        .map(|n| {
            (
                n.attribute("data-node").unwrap_or_default().to_string(),
                n.attribute("transform").unwrap_or_default().to_string(),
            )
        })
        .collect();
    Some((size, nodes))
}

/// The first step (0-based) where `pick` holds for the scene's first graph.
fn first_step(trace: &Trace, pick: impl Fn(&algoscope_scene::SceneGraph) -> bool) -> usize {
    let (options, _) = common::run_options(trace);
    (0..trace.steps.len())
        .find(|&i| {
            memory_scene(trace, i, &options)
                .ok()
                .and_then(|s| s.graphs.first().map(&pick))
                .unwrap_or(false)
        })
        .expect("a step where the condition holds")
}

#[test]
fn nodes_never_move_and_the_box_keeps_its_size() {
    for lang in ["python", "javascript", "typescript"] {
        for example in ["bfs_dfs", "dijkstra"] {
            let trace = golden(lang, example);
            let mut first: Option<Geometry> = None;
            let mut drawn = 0;
            for step in 0..trace.steps.len() {
                let (_, svg) = draw(&trace, step);
                let Some((size, nodes)) = graph_geometry(&svg) else {
                    continue;
                };
                drawn += 1;
                match &first {
                    None => first = Some((size, nodes)),
                    Some((size0, nodes0)) => {
                        assert_eq!(&size, size0, "{lang} {example} step {step}: box size");
                        for (key, t) in &nodes {
                            let t0 = nodes0.iter().find(|(k, _)| k == key).map(|(_, t)| t);
                            assert_eq!(Some(t), t0, "{lang} {example} step {step}: {key} moved");
                        }
                    }
                }
            }
            assert!(drawn > 10, "{lang} {example}: graph drawn at {drawn} steps");
        }
    }
}

#[test]
fn bfs_mid_run_shows_visited_queue_badges_and_the_current_node() {
    for lang in ["python", "javascript"] {
        let trace = golden(lang, "bfs_dfs");
        let step = first_step(&trace, |g| {
            g.overlay.queue.as_ref().is_some_and(|q| q.nodes.len() >= 2)
                && g.overlay.pointers.iter().any(|p| p.current)
        });
        let (_, svg) = draw(&trace, step);
        let g = graph_svg(&svg).expect("graph drawn");
        assert!(
            g.contains("class=\"gnode visited current pointed\""),
            "{lang}: {g}"
        );
        assert!(g.contains("data-position=\"1\""), "{lang}");
        assert!(g.contains("data-position=\"2\""), "{lang}");
        for state in ["visited", "queued", "current"] {
            assert!(
                g.contains(&format!("data-state=\"{state}\"")),
                "{lang}: legend {state}"
            );
        }
        insta::assert_snapshot!(format!("bfs_{lang}_step_{}", step + 1), g);
    }
}

#[test]
fn dfs_recursion_marks_the_innermost_node_current() {
    for lang in ["python", "javascript"] {
        let trace = golden(lang, "bfs_dfs");
        let step = first_step(&trace, |g| {
            g.overlay.visited.len() >= 4 && g.overlay.queue.is_none()
        });
        let (_, svg) = draw(&trace, step);
        let g = graph_svg(&svg).expect("graph drawn");
        let doc = roxmltree::Document::parse(&g).expect("graph svg");
        let current = doc
            .descendants()
            .filter(|n| n.attribute("data-node").is_some())
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|x| x == "current"))
            })
            .count();
        assert_eq!(current, 1, "{lang}: one current node");
        insta::assert_snapshot!(format!("dfs_{lang}_step_{}", step + 1), g);
    }
}

#[test]
fn dijkstra_shows_weights_distances_and_the_priority_order() {
    for lang in ["python", "javascript"] {
        let trace = golden(lang, "dijkstra");
        let step = first_step(&trace, |g| {
            g.overlay.distances.len() >= 4
                && g.overlay.queue.as_ref().is_some_and(|q| q.nodes.len() >= 2)
        });
        let (_, svg) = draw(&trace, step);
        let g = graph_svg(&svg).expect("graph drawn");
        assert_eq!(
            g.matches("class=\"gweight\"").count(),
            6,
            "{lang}: six weights"
        );
        assert!(
            g.matches("class=\"gdist\"").count() >= 4,
            "{lang}: distances"
        );
        insta::assert_snapshot!(format!("dijkstra_{lang}_step_{}", step + 1), g);
        let last = trace.steps.len() - 1;
        let (_, svg) = draw(&trace, last);
        if let Some(g) = graph_svg(&svg) {
            insta::assert_snapshot!(format!("dijkstra_{lang}_last"), g);
        }
    }
}

fn one_step(locals: serde_json::Value, heap: serde_json::Value) -> Trace {
    let t = json!({"version": 1, "language": "python", "source": "pass\n", "stdout": "",
        "steps": [{"event": "line", "line": 1, "stdoutLength": 0,
            "stack": [{"id": "f1", "func": "<module>", "line": 1, "locals": locals}],
            "heap": heap}]});
    validate_str(&t.to_string()).expect("valid trace")
}

fn s(t: &str) -> serde_json::Value {
    json!({"kind": "prim", "type": "str", "repr": format!("'{t}'")})
}
fn r(id: &str) -> serde_json::Value {
    json!({"kind": "ref", "id": id})
}
fn list(items: Vec<serde_json::Value>) -> serde_json::Value {
    json!({"kind": "list", "typeName": "list", "length": items.len(), "items": items})
}

#[test]
fn an_undirected_pair_is_one_edge_and_a_directed_pair_two_bowed_curves() {
    // g: A – B undirected (both directions); h: X → Y and Y → X plus Y → Z (directed).
    let heap = json!({
        "o1": {"kind": "dict", "typeName": "dict", "length": 2, "entries": [[s("A"), r("o2")], [s("B"), r("o3")]]},
        "o2": list(vec![s("B")]),
        "o3": list(vec![s("A")]),
        "o4": {"kind": "dict", "typeName": "dict", "length": 3, "entries": [[s("X"), r("o5")], [s("Y"), r("o6")], [s("Z"), r("o7")]]},
        "o5": list(vec![s("Y")]),
        "o6": list(vec![s("X"), s("Z")]),
        "o7": list(vec![]),
    });
    let trace = one_step(json!([["g", r("o1")], ["h", r("o4")]]), heap);
    let (scene, svg) = draw(&trace, 0);
    assert_eq!(scene.graphs.len(), 2);
    let doc = roxmltree::Document::parse(&svg).expect("svg");
    let edges_of = |key: &str| -> Vec<String> {
        doc.descendants()
            .find(|n| n.attribute("data-key") == Some(key))
            .map(|g| {
                g.descendants()
                    .filter(|n| {
                        n.attribute("class")
                            .is_some_and(|c| c.split(' ').next() == Some("gedge"))
                    })
                    .map(|n| n.attribute("class").unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(edges_of("obj:o1"), ["gedge"]);
    assert_eq!(
        edges_of("obj:o4"),
        [
            "gedge directed bowed",
            "gedge directed bowed",
            "gedge directed"
        ]
    );
    let problems = common::check(&scene, false, &svg);
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn edges_end_on_node_outlines() {
    let trace = golden("python", "bfs_dfs");
    let (_, svg) = draw(&trace, trace.steps.len() - 1);
    let doc = roxmltree::Document::parse(&svg).expect("svg");
    let centre = |key: &str| -> (f64, f64, f64) {
        let g = doc
            .descendants()
            .find(|n| n.attribute("data-node") == Some(key) && n.has_tag_name("g"))
            .expect("node");
        let t = g.attribute("transform").expect("transform");
        let inner = t.trim_start_matches("translate(").trim_end_matches(')');
        let (x, y) = inner.split_once(',').expect("x,y");
        let c = g
            .children()
            .find(|c| c.has_tag_name("circle"))
            .expect("circle");
        let num = |n: roxmltree::Node, a: &str| {
            n.attribute(a)
                .and_then(|v| v.parse::<f64>().ok())
                .expect("number")
        };
        (
            x.parse::<f64>().expect("x") + num(c, "cx"),
            y.parse::<f64>().expect("y") + num(c, "cy"),
            num(c, "r"),
        )
    };
    let mut checked = 0;
    for e in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("gedge directed"))
    {
        let (from, to) = (
            e.attribute("data-from").expect("from"),
            e.attribute("data-to").expect("to"),
        );
        let d = e
            .children()
            .find(|c| c.attribute("class") == Some("gline"))
            .and_then(|c| c.attribute("d"))
            .expect("d");
        let start: Vec<f64> = d[1..]
            .split(|c: char| c == ',' || c.is_ascii_alphabetic() || c == ' ')
            .filter(|t| !t.is_empty())
            .take(2)
            .map(|t| t.parse().expect("n"))
            .collect();
        let (cx, cy, rad) = centre(from);
        let dist = ((start[0] - cx).powi(2) + (start[1] - cy).powi(2)).sqrt();
        assert!(
            (dist - rad).abs() < 0.6,
            "{from}→{to} starts {dist} from the centre, radius {rad}"
        );
        let _ = centre(to);
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn an_arrow_to_a_node_object_lands_on_the_graph_box_level_with_its_node() {
    let inst = |name: &str, roads: &str| {
        json!({"kind": "instance", "typeName": "City",
        "fields": [["name", s(name)], ["roads", r(roads)]]})
    };
    let heap = json!({
        "o1": inst("Oslo", "o4"), "o2": inst("Rome", "o5"), "o3": inst("Bonn", "o6"),
        "o4": list(vec![r("o2")]), "o5": list(vec![r("o3")]), "o6": list(vec![r("o1")]),
    });
    let trace = one_step(json!([["here", r("o3")], ["home", r("o1")]]), heap);
    let (scene, svg) = draw(&trace, 0);
    assert!(
        common::check(&scene, false, &svg).is_empty(),
        "{:?}",
        common::check(&scene, false, &svg)
    );
    let parsed = common::parse(&svg);
    let graph = parsed
        .boxes
        .iter()
        .find(|b| b.key == "obj:o1")
        .expect("graph box");
    let bonn = parsed
        .boxes
        .iter()
        .find(|b| b.key == "obj:o3")
        .expect("node box");
    assert_eq!(
        bonn.ancestors,
        ["obj:o1"],
        "a node object is nested in the graph box"
    );
    let arrow = parsed
        .arrows
        .iter()
        .find(|a| a.to == "obj:o3")
        .expect("arrow to Bonn");
    let tip = arrow.points.last().copied().expect("points");
    assert!(
        (tip.0 - graph.rect[0]).abs() < 0.01,
        "ends on the graph's left edge"
    );
    let mid = bonn.rect[1] + bonn.rect[3] / 2.0;
    assert!(
        (tip.1 - mid).abs() <= 6.01,
        "level with Bonn: {} vs {mid}",
        tip.1
    );
    for nested in [false, true] {
        let layout = LayoutOptions {
            nested,
            ..LayoutOptions::default()
        };
        let scene = memory_scene(&trace, 0, &SceneOptions::default()).expect("scene");
        let svg = layout_memory(&scene, &layout).to_svg();
        assert!(common::check(&scene, nested, &svg).is_empty());
    }
}

#[test]
fn a_force_layout_keeps_long_labelled_nodes_apart() {
    use algoscope_layout::{plan_graph, Sizes};
    use algoscope_scene::{GraphKind, GraphNode, UniverseGraph};
    let names = [
        "Amsterdam",
        "Berlin",
        "Copenhagen",
        "Dublin",
        "Edinburgh",
        "Frankfurt",
    ];
    let nodes: Vec<GraphNode> = names
        .iter()
        .map(|n| GraphNode {
            key: format!("s:{n}"),
            label: n.to_string(),
            object: None,
        })
        .collect();
    let mut edges = Vec::new();
    for i in 0..names.len() {
        let (a, b) = (
            format!("s:{}", names[i]),
            format!("s:{}", names[(i + 1) % names.len()]),
        );
        edges.push((a.clone(), b.clone()));
        edges.push((b, a));
    }
    let g = UniverseGraph {
        id: "obj:o1".into(),
        kind: GraphKind::AdjacencyMap,
        nodes,
        edges,
        directed: false,
        weighted: false,
        states: Vec::new(),
        pointers: false,
        steps: (0, 0),
    };
    let plan = plan_graph(&g, &Sizes::default());
    assert_eq!(plan.method, algoscope_layout::graph::LayoutMethod::Force);
    for (i, a) in plan.nodes.iter().enumerate() {
        assert!(
            a.x - a.w / 2.0 >= 0.0 && a.x + a.w / 2.0 <= plan.width,
            "{} inside",
            a.key
        );
        assert!(
            a.y - a.h / 2.0 >= 0.0 && a.y + a.h / 2.0 <= plan.height,
            "{} inside",
            a.key
        );
        for b in &plan.nodes[i + 1..] {
            let apart_x = (a.x - b.x).abs() >= (a.w + b.w) / 2.0 + 1.0;
            let apart_y = (a.y - b.y).abs() >= (a.h + b.h) / 2.0 + 1.0;
            assert!(apart_x || apart_y, "{} overlaps {}", a.key, b.key);
        }
    }
    assert_eq!(plan, plan_graph(&g, &Sizes::default()), "deterministic");
}
