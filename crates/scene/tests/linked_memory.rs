//! The memory scene's linked structures: trees and chains come from the linked-track
//! detection, and a `viz: linked` hint (`SceneOptions::hints.linked`) overrides it.

mod json_values;

use algoscope_scene::{memory_scene, LinkedHint, LinkedShape, SceneOptions, VizHints};
use algoscope_trace_format::{validate_str, Trace};
use json_values::{int, none, r};
use serde_json::json;

fn node(
    class: &str,
    key: i64,
    a: (&str, serde_json::Value),
    b: (&str, serde_json::Value),
) -> serde_json::Value {
    json!({"kind": "instance", "typeName": class, "fields": [["key", int(key)], [a.0, a.1], [b.0, b.1]]})
}

/// One step: `top` → 2 with children 1 and 3 over the link fields `a` and `b`.
fn tree(a: &str, b: &str) -> Trace {
    let heap = json!({
        "o2": node("Item", 2, (a, r("o1")), (b, r("o3"))),
        "o1": node("Item", 1, (a, none()), (b, none())),
        "o3": node("Item", 3, (a, none()), (b, none())),
    });
    let t = json!({"version": 1, "language": "python", "source": "pass\n", "stdout": "",
        "steps": [{"event": "line", "line": 1, "stdoutLength": 0,
            "stack": [{"id": "f1", "func": "<module>", "line": 1, "locals": [["top", r("o2")]]}],
            "heap": heap}]});
    validate_str(&t.to_string()).expect("valid trace")
}

fn hinted(shape: LinkedShape, links: &[&str]) -> SceneOptions {
    SceneOptions {
        hints: VizHints {
            linked: Some(LinkedHint {
                class: "Item".to_string(),
                shape,
                links: links.iter().map(|s| s.to_string()).collect(),
            }),
            ..VizHints::default()
        },
        ..SceneOptions::default()
    }
}

#[test]
fn a_tree_with_any_two_link_names_is_a_block_in_order() {
    let s = memory_scene(&tree("lo", "hi"), 0, &SceneOptions::default()).expect("step 0");
    assert_eq!(s.trees.len(), 1);
    let order: Vec<(&str, u32)> = s.trees[0]
        .nodes
        .iter()
        .map(|n| (n.id.as_str(), n.depth))
        .collect();
    assert_eq!(order, [("o1", 1), ("o2", 0), ("o3", 1)]);
    assert_eq!(s.trees[0].links, ["lo", "hi"]);
    assert!(s.chains.is_empty());
    let track = s.linked.expect("a track");
    assert_eq!(
        (track.class.as_str(), track.shape),
        ("Item", LinkedShape::Tree)
    );
    // Tree nodes never nest, so every link is an arrow in nested mode too.
    assert!(s.objects.iter().all(|o| o.nest_in.is_none()));
}

#[test]
fn a_list_hint_turns_the_tree_into_a_chain_along_its_link() {
    let s =
        memory_scene(&tree("lo", "hi"), 0, &hinted(LinkedShape::List, &["hi"])).expect("step 0");
    assert!(s.trees.is_empty());
    let chains: Vec<&[String]> = s.chains.iter().map(|c| c.nodes.as_slice()).collect();
    assert_eq!(chains, [["o2".to_string(), "o3".to_string()]]);
    assert!(s.linked.expect("a track").hinted);
}

#[test]
fn a_tree_hint_keeps_its_link_order() {
    // Detection reads `lo hi`; the hint says `hi` is the left link.
    let s = memory_scene(
        &tree("lo", "hi"),
        0,
        &hinted(LinkedShape::Tree, &["hi", "lo"]),
    )
    .expect("step 0");
    let order: Vec<&str> = s.trees[0].nodes.iter().map(|n| n.id.as_str()).collect();
    assert_eq!(order, ["o3", "o2", "o1"]);
    assert_eq!(s.trees[0].links, ["hi", "lo"]);
}

#[test]
fn a_hint_for_a_class_not_in_the_step_draws_no_structure() {
    let mut options = hinted(LinkedShape::Tree, &[]);
    if let Some(h) = options.hints.linked.as_mut() {
        h.class = "Missing".to_string();
    }
    let s = memory_scene(&tree("left", "right"), 0, &options).expect("step 0");
    assert!(s.trees.is_empty() && s.chains.is_empty());
    // In nested mode the nodes may now nest like any object referenced once.
    assert!(s.objects.iter().any(|o| o.nest_in.is_some()));
}
