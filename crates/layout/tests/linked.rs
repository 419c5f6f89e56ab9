//! Linked structures in the memory picture, on every step of every fixture and golden trace
//! (Python, JavaScript, TypeScript): each list run is one straight line in link order, each
//! tree is top-down and in-order across; the same program draws the same structure in every
//! language; SVG snapshots of the linked-list and BST examples at a few steps.

mod common;

use std::collections::BTreeMap;

use algoscope_layout::{layout_memory_full, LayoutOptions};
use algoscope_scene::{memory_scene, object_key, MemoryScene, SceneOptions};
use algoscope_trace_format::{Trace, Value};
use common::goldens::golden;

/// Every step of every trace, laid out flat and nested with the previous step's positions,
/// as the stepper does; `check` gets each scene and its box rectangles by key.
fn each_step(mut check: impl FnMut(&str, usize, bool, &MemoryScene, &BTreeMap<String, [f64; 4]>)) {
    for path in common::fixture_paths() {
        let trace = common::load(&path);
        let name = path.display().to_string();
        for nested in [false, true] {
            let mut previous = Default::default();
            for step in 0..trace.steps.len() {
                let scene = memory_scene(&trace, step, &SceneOptions::default()).expect("in range");
                let options = LayoutOptions {
                    nested,
                    previous,
                    ..LayoutOptions::default()
                };
                let layout = layout_memory_full(&scene, &options);
                previous = layout.positions();
                let rects = layout
                    .boxes
                    .iter()
                    .map(|b| (b.key.clone(), [b.x, b.y, b.w, b.h]))
                    .collect();
                check(&name, step, nested, &scene, &rects);
            }
        }
    }
}

#[test]
fn every_list_run_is_one_straight_line_in_link_order() {
    let mut failures = Vec::new();
    let mut runs = 0;
    each_step(|name, step, nested, scene, rects| {
        for chain in &scene.chains {
            runs += 1;
            let boxes: Vec<[f64; 4]> = chain
                .nodes
                .iter()
                .filter_map(|id| rects.get(&object_key(id)).copied())
                .collect();
            let straight = boxes.len() == chain.nodes.len()
                && boxes
                    .windows(2)
                    .all(|w| w[0][1] == w[1][1] && w[0][0] + w[0][2] < w[1][0]);
            if !straight && failures.len() < 10 {
                failures.push(format!(
                    "{name} step {} nested={nested}: chain {:?} at {boxes:?}",
                    step + 1,
                    chain.nodes
                ));
            }
        }
    });
    assert!(
        runs > 100,
        "only {runs} list runs drawn: is the linked-list example there?"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_tree_is_top_down_and_in_order_across() {
    let mut failures = Vec::new();
    let mut trees = 0;
    each_step(|name, step, nested, scene, rects| {
        for tree in &scene.trees {
            trees += 1;
            let mut level_y: BTreeMap<u32, f64> = BTreeMap::new();
            let mut last_right = f64::MIN;
            for node in &tree.nodes {
                let Some(r) = rects.get(&object_key(&node.id)) else {
                    failures.push(format!("{name} step {}: {} not drawn", step + 1, node.id));
                    continue;
                };
                let y = *level_y.entry(node.depth).or_insert(r[1]);
                let below_parent = node
                    .parent
                    .as_ref()
                    .and_then(|p| rects.get(&object_key(p)))
                    .is_none_or(|p| p[1] + p[3] < r[1]);
                if (y != r[1] || r[0] < last_right || !below_parent) && failures.len() < 10 {
                    failures.push(format!(
                        "{name} step {} nested={nested}: tree node {} (depth {}) at {r:?}",
                        step + 1,
                        node.id,
                        node.depth
                    ));
                }
                last_right = r[0] + r[2];
            }
        }
    });
    assert!(
        trees > 100,
        "only {trees} trees drawn: is the BST example there?"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn repr(value: Option<&Value>) -> String {
    match value {
        Some(Value::Prim { repr, .. }) => repr.clone(),
        other => format!("{other:?}"),
    }
}

/// The value field's text of each node of the scene's chains (or trees, with depths).
fn structure(scene: &MemoryScene) -> Vec<String> {
    let value = |id: &str| {
        let field = scene.linked.as_ref().and_then(|t| t.value_field.clone());
        repr(scene.object(id).and_then(|o| {
            o.slots
                .iter()
                .find(|s| Some(&s.id) == field.as_ref())
                .map(|s| &s.value)
        }))
    };
    let chains = scene.chains.iter().map(|c| {
        c.nodes
            .iter()
            .map(|id| value(id))
            .collect::<Vec<_>>()
            .join(" → ")
    });
    let trees = scene.trees.iter().map(|t| {
        t.nodes
            .iter()
            .map(|n| format!("{}@{}", value(&n.id), n.depth))
            .collect::<Vec<_>>()
            .join(" ")
    });
    chains.chain(trees).collect()
}

/// Every distinct structure the run shows, in order of first appearance.
fn structures_of_run(trace: &Trace) -> Vec<Vec<String>> {
    let mut seen: Vec<Vec<String>> = Vec::new();
    for step in 0..trace.steps.len() {
        let s = structure(&memory_scene(trace, step, &SceneOptions::default()).expect("step"));
        if !s.is_empty() && seen.last() != Some(&s) {
            seen.push(s);
        }
    }
    seen
}

#[test]
fn the_same_program_draws_the_same_structures_in_every_language() {
    for example in ["linked_list", "bst"] {
        let python = structures_of_run(&golden("python", example));
        assert!(!python.is_empty(), "{example}: no linked structure drawn");
        for language in ["javascript", "typescript"] {
            let other = structures_of_run(&golden(language, example));
            assert_eq!(
                python.last(),
                other.last(),
                "{example} in {language}: final structure"
            );
            assert_eq!(
                python, other,
                "{example} in {language}: structures along the run"
            );
        }
    }
}

#[test]
fn linked_list_reversal_ends_as_one_reversed_run_and_bst_in_order() {
    let last = |t: &Trace| {
        structure(&memory_scene(t, t.steps.len() - 1, &SceneOptions::default()).expect("step"))
    };
    assert_eq!(
        last(&golden("python", "linked_list")),
        ["5 → 4 → 3 → 2 → 1"]
    );
    assert_eq!(
        last(&golden("python", "bst")),
        ["20@2 30@1 40@2 50@0 60@2 70@1 80@2"]
    );
}

fn svg_at(language: &str, example: &str, step: usize) -> String {
    let trace = golden(language, example);
    let mut previous = Default::default();
    let mut svg = String::new();
    for s in 0..step.min(trace.steps.len()) {
        let scene = memory_scene(&trace, s, &SceneOptions::default()).expect("in range");
        let layout = layout_memory_full(
            &scene,
            &LayoutOptions {
                previous,
                ..LayoutOptions::default()
            },
        );
        previous = layout.positions();
        svg = layout.drawing.to_svg();
    }
    svg
}

#[test]
fn linked_list_svg_while_building() {
    insta::assert_snapshot!(svg_at("python", "linked_list", 40));
}

#[test]
fn linked_list_svg_halfway_through_reversal() {
    insta::assert_snapshot!(svg_at("python", "linked_list", 82));
}

#[test]
fn linked_list_svg_halfway_through_reversal_javascript() {
    insta::assert_snapshot!(svg_at("javascript", "linked_list", 80));
}

#[test]
fn linked_list_svg_reversed() {
    insta::assert_snapshot!(svg_at("python", "linked_list", 100));
}

#[test]
fn bst_svg_while_inserting() {
    insta::assert_snapshot!(svg_at("python", "bst", 120));
}

#[test]
fn bst_svg_at_the_end() {
    insta::assert_snapshot!(svg_at("python", "bst", usize::MAX));
}
