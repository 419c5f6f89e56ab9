//! The scene's rules on small traces: reachability and depth, nesting, arrows, pointers, grid
//! focus, trees, output and changes.

mod json_values;

use algoscope_scene::{eval_index, memory_scene, ArrowKind, PointerAxis, SceneError, SceneOptions};
use algoscope_trace_format::{validate_str, Trace};
use json_values::{int, none, r};
use serde_json::json;

fn list(items: Vec<serde_json::Value>) -> serde_json::Value {
    json!({"kind": "list", "typeName": "list", "length": items.len(), "items": items})
}
fn node(value: i64, left: serde_json::Value, right: serde_json::Value) -> serde_json::Value {
    json!({"kind": "instance", "typeName": "TreeNode", "fields": [["val", int(value)], ["left", left], ["right", right]]})
}

fn trace(extra: serde_json::Value, steps: Vec<serde_json::Value>) -> Trace {
    // Lines up to 20 exist in the source (validation refuses lines past its end).
    let mut t = json!({"version": 1, "language": "python", "source": "pass\n".repeat(20), "stdout": "", "steps": steps});
    if let (Some(obj), Some(extra)) = (t.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            obj.insert(k.clone(), v.clone());
        }
    }
    validate_str(&t.to_string()).expect("valid trace")
}

fn step(line: u32, locals: serde_json::Value, heap: serde_json::Value) -> serde_json::Value {
    json!({"event": "line", "line": line, "stdoutLength": 0,
        "stack": [{"id": "f1", "func": "<module>", "line": line, "locals": locals}], "heap": heap})
}

#[test]
fn out_of_range_step_is_an_error() {
    let t = trace(json!({}), vec![step(1, json!([]), json!({}))]);
    assert_eq!(
        memory_scene(&t, 3, &SceneOptions::default()),
        Err(SceneError::StepOutOfRange { step: 3, steps: 1 })
    );
}

#[test]
fn depth_is_breadth_first_distance_and_shared_objects_do_not_nest() {
    // a → o1 → o2 → o3; b → o3 too.
    let t = trace(
        json!({}),
        vec![step(
            1,
            json!([["a", r("o1")], ["b", r("o3")]]),
            json!({"o1": list(vec![r("o2")]), "o2": list(vec![r("o3")]), "o3": list(vec![int(1)])}),
        )],
    );
    let s = memory_scene(&t, 0, &SceneOptions::default()).unwrap();
    let depth: Vec<(&str, u32)> = s.objects.iter().map(|o| (o.id.as_str(), o.depth)).collect();
    assert_eq!(depth, vec![("o1", 0), ("o3", 0), ("o2", 1)]);
    let nest = |id: &str| s.object(id).unwrap().nest_in.clone();
    assert_eq!(nest("o1").as_deref(), Some("frame:f1"));
    assert_eq!(nest("o2").as_deref(), Some("obj:o1"));
    assert_eq!(nest("o3"), None, "referenced twice");
    let a = s.arrows.iter().find(|a| a.from == "frame:f1#a").unwrap();
    assert!(a.nests && !a.is_drawn(true) && a.is_drawn(false));
    assert_eq!(s.drawn_arrows(true).count(), 2, "b → o3 and o2[0] → o3");
}

#[test]
fn nesting_stops_at_the_depth_limit_and_never_for_dict_keys() {
    let mut heap = serde_json::Map::new();
    for i in 1..=8 {
        let next = if i < 8 {
            r(&format!("o{}", i + 1))
        } else {
            int(0)
        };
        heap.insert(format!("o{i}"), list(vec![next]));
    }
    heap.insert(
        "k".into(),
        json!({"kind": "tuple", "typeName": "tuple", "length": 1, "items": [int(1)]}),
    );
    heap.insert(
        "d".into(),
        json!({"kind": "dict", "typeName": "dict", "length": 1, "entries": [[r("k"), int(2)]]}),
    );
    let t = trace(
        json!({}),
        vec![step(
            1,
            json!([["x", r("o1")], ["d", r("d")]]),
            serde_json::Value::Object(heap),
        )],
    );
    let s = memory_scene(&t, 0, &SceneOptions::default()).unwrap();
    let nested: Vec<&str> = s
        .objects
        .iter()
        .filter(|o| o.nest_in.is_some())
        .map(|o| o.id.as_str())
        .collect();
    assert!(nested.contains(&"o6"));
    assert!(
        !nested.contains(&"o7"),
        "level 7 stays separate: {nested:?}"
    );
    assert!(!nested.contains(&"k"), "a dict key never nests");
    let key_arrow = s.arrows.iter().find(|a| a.kind == ArrowKind::Key).unwrap();
    assert_eq!(key_arrow.from, "obj:d#key[k]");
}

#[test]
fn index_and_conventional_pointers_with_one_past_the_end_hollow() {
    let t = trace(
        json!({"indexNames": {"arr": ["mid"]}}),
        vec![step(
            1,
            json!([
                ["arr", r("o1")],
                ["lo", int(0)],
                ["hi", int(3)],
                ["mid", int(1)],
                ["other", int(2)]
            ]),
            json!({"o1": list(vec![int(5), int(6), int(7)])}),
        )],
    );
    let s = memory_scene(&t, 0, &SceneOptions::default()).unwrap();
    let p: Vec<(&str, u64, bool)> = s
        .pointers
        .iter()
        .map(|p| (p.name.as_str(), p.index, p.hollow))
        .collect();
    assert_eq!(
        p,
        vec![("lo", 0, false), ("mid", 1, false), ("hi", 3, true)]
    );
}

#[test]
fn grid_with_focus_cell_from_the_line_that_just_ran() {
    let rows = json!({"g": list(vec![r("r0"), r("r1")]), "r0": list(vec![int(1), int(1)]), "r1": list(vec![int(1), int(2)])});
    let locals = |i: i64, j: i64| json!([["dp", r("g")], ["i", int(i)], ["j", int(j)]]);
    let t = trace(
        json!({"indexNames": {"dp": ["i"], "dp[]": ["j"]},
               "gridAccesses": [{"name": "dp", "line": 2, "row": "i - 1", "col": "j"}]}),
        vec![
            step(2, locals(1, 1), rows.clone()),
            step(3, locals(1, 1), rows),
        ],
    );
    let s = memory_scene(&t, 1, &SceneOptions::default()).unwrap();
    assert_eq!(s.grids.len(), 1);
    assert_eq!(s.grids[0].rows, vec!["r0", "r1"]);
    let focus = s.grid_focus.clone().unwrap();
    assert_eq!((focus.grid.as_str(), focus.row, focus.col), ("g", 0, 1));
    assert!(s.arrows.iter().filter(|a| a.grid_row).count() == 2);
    let axes: Vec<PointerAxis> = s.pointers.iter().map(|p| p.axis).collect();
    assert_eq!(axes, vec![PointerAxis::Rows, PointerAxis::Columns]);
}

#[test]
fn binary_trees_in_order_by_depth() {
    let t = trace(
        json!({}),
        vec![step(
            1,
            json!([["root", r("a")]]),
            json!({"a": node(2, r("b"), r("c")), "b": node(1, none(), none()), "c": node(3, none(), none())}),
        )],
    );
    let s = memory_scene(&t, 0, &SceneOptions::default()).unwrap();
    let nodes: Vec<(&str, u32)> = s.trees[0]
        .nodes
        .iter()
        .map(|n| (n.id.as_str(), n.depth))
        .collect();
    assert_eq!(nodes, vec![("b", 1), ("a", 0), ("c", 1)]);
    assert!(
        s.objects.iter().all(|o| o.nest_in.is_none()),
        "tree nodes never nest"
    );
}

#[test]
fn printed_output_and_changes() {
    let mut s1 = step(
        1,
        json!([["x", int(1)], ["a", r("o1")]]),
        json!({"o1": list(vec![int(1)])}),
    );
    let mut s2 = step(
        2,
        json!([["x", int(2)], ["a", r("o1")]]),
        json!({"o1": list(vec![int(9)]), "o2": list(vec![])}),
    );
    s2["stack"][0]["locals"]
        .as_array_mut()
        .unwrap()
        .push(json!(["b", r("o2")]));
    s1["stdoutLength"] = json!(0);
    s2["stdoutLength"] = json!(3);
    s2["output"] = json!({"line": 1, "refs": ["o1"]});
    let t = trace(json!({"stdout": "hi\n"}), vec![s1, s2]);
    let s = memory_scene(&t, 1, &SceneOptions::default()).unwrap();
    let out = s.output.clone().unwrap();
    assert_eq!(
        (out.text.as_str(), out.refs.clone()),
        ("hi\n", vec!["o1".to_string()])
    );
    assert!(s
        .arrows
        .iter()
        .any(|a| a.kind == ArrowKind::Output && a.to == "obj:o1"));
    let f = &s.frames[0];
    let changed: Vec<&str> = f
        .bindings
        .iter()
        .filter(|b| b.changed)
        .map(|b| b.name.as_str())
        .collect();
    assert_eq!(changed, vec!["x", "b"]);
    assert!(s.object("o2").unwrap().new);
    assert!(s.object("o1").unwrap().slots[0].changed);
    assert_eq!(s.output_width_chars, 2);
    assert_eq!(
        s.object("o1").unwrap().nest_in,
        None,
        "printed objects never nest"
    );
}

#[test]
fn index_evaluator() {
    let vars = |n: &str| match n {
        "i" => Some(7),
        "n" => Some(3),
        _ => None,
    };
    assert_eq!(eval_index("i - 1", &vars), Some(6));
    assert_eq!(eval_index("(i + n) // 2", &vars), Some(5));
    assert_eq!(eval_index("-i // 2", &vars), Some(-4));
    assert_eq!(eval_index("-7 % 3", &vars), Some(2));
    assert_eq!(eval_index("i // 0", &vars), None);
    assert_eq!(eval_index("len(a)", &vars), None);
    assert_eq!(eval_index("x + 1", &vars), None);
    assert_eq!(eval_index("i * (n", &vars), None);
}

#[test]
fn scene_of_each_fixture_last_step() {
    insta::glob!("../../layout/tests/fixtures", "*.json", |path| {
        let t = validate_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let s = memory_scene(&t, t.steps.len() - 1, &SceneOptions::default()).unwrap();
        insta::assert_json_snapshot!(s);
    });
}
